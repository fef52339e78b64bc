"""Rule coverage, a developer's tool of the checkout (`make coverage`, or `tcforge rules coverage` run from a
checkout): every rule case of 4.0-17.0, then every mechanical rule beyond the rule book (data/coverage/rules.yaml),
each with the engine's status and the referee's beside it; with --params, every ruleset parameter and the code that
reads it.

Every status is derived, never written by hand:

- a rule book case (data/rules/en) is *implemented* where the engine's source cites it ("9.3.1" in a docstring or
  comment; a scenario case 17.1-17.9 by a bundled scenario file drawn from it); a rule beyond the rule book where
  something carries it (its ruleset parameters, option, scenario parts, cards or code, named in rules.yaml);
- it is *tested* where a test is named for it (:func:`named_cases`: ``test_9_3_1_...``, ``test_20_0_rule_5_...``,
  ``test_001_1_3_...``, ``test_001_streams_...``), cites it in its docstring, or is listed for it in rules.yaml;
- so its status is "implemented and tested", "implemented, untested" or "missing".

The hand-written part only adds what cannot be derived: a rule book case with nothing to implement says why
(:data:`NO_MECHANICS`, "not applicable"), a missing rule of rules.yaml says why (``reason``), and a rule may name
its departures and the project's interpretation. tests/test_rule_coverage.py fails when a hand-written line
contradicts the derived status, when an implemented case has no test, and when a test's name names a case the list
does not have.

The referee (:data:`tcforge.play.referee.CASES`) stands beside the engine: each of its cases is placed on the rule
it judges (:func:`referee_rows`), with the referee's tests named for that rule (tests/scenarios/referee/ and
tests/scenarios/test_referee*.py).

It reads the checkout's tests/ and tcforge/ sources directly, so it is not part of the package nor of its wheel
(an installed copy carries no tests); `tcforge rules cards` (what the engine implements of each card) is.

    python tools/coverage.py [--format text|json] [--missing] [--params]
"""
from __future__ import annotations

import argparse
import ast
import json
import re
import sys
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import yaml
from rich.console import Console
from rich.table import Table

from tcforge.data.coverage_file import RuleEntry, entries
from tcforge.data.documents import read
from tcforge.data.problems import DataError, Problem
from tcforge.paths import data_dir

ROOT = Path(__file__).resolve().parent.parent  # the checkout
PACKAGE = ROOT / "tcforge"
TESTS = ROOT / "tests"
COVERAGE_FILE = ("coverage", "rules.yaml")  # under data/
SOURCES = {"20.0": "000 20.0", "19.2": "000 19.2", "23": "000 23", "001": "001"}  # how each section is cited
SECTIONS_000 = ("19.1", "19.2", "22", "23")  # source 000's sections beyond the rule book's cases: errata, FAQ, article, comments
DECK_TESTS = "decks"  # tests/decks/: the command decks of source 003, whose tests are named by 003's own numbers
REFEREE_TESTS = re.compile(r"^scenarios/(referee/test_\w+|test_referee\w*)\.py$")  # the referee's tests, under tests/

TESTED, UNTESTED, MISSING, NOT_APPLICABLE = "implemented and tested", "implemented, untested", "missing", "not applicable"

# Rule book cases with nothing to implement, and why: the only hand-written status of the rule book's table. A case
# the engine's code cites and a test is named for is implemented and tested, whatever this says (a contradiction the
# tests catch).
NO_MECHANICS = {
    "7.0": "a die roll is a chance outcome of 1-10 (tcforge/engine/attacks.py DIE; 001's Use a Die)",
    "9.5.1 a": "the Smoke card exists (data/cards/six-pack.yaml)",
    "9.7": "worked examples, reproduced by tests",
    "12.0": "the kinds of special cards; see 12.1 and 12.2",
}
SCENARIO_CASES = re.compile(r"^17\.[1-9]$")
CASE_IN_TEXT = r"(?<![\d.])({})(?![\d])"

# Referee cases whose words do not name the rule they judge (every other is placed by its number or words).
REFEREE_PLACES = {
    "20.0": ("20.0/5", "20.0/reinforcements"),
    "001 capture": ("001/victory/meeting", "001/victory/attack"),
    "001 melee procedure": tuple(f"001/melee/{n}" for n in range(1, 6)),
    "001 break-through": ("001/victory/break-through",),
    "001 break-through window": ("001/victory/break-through",),
}


# ------------------------------------------------------------------ the tests and the cases they name
@dataclass(frozen=True)
class TestDef:
    """One test function: where it is (relative to tests/), its name, its docstring, its decorators' source."""

    path: str  # e.g. engine/test_fire.py
    name: str
    docstring: str = ""
    decorators: str = ""

    @property
    def full(self) -> str:
        return f"{Path(self.path).name}::{self.name}"

    @property
    def referee(self) -> bool:
        return bool(REFEREE_TESTS.match(self.path))


def tests_found(tests_dir: Path = TESTS) -> list[TestDef]:
    """Every module-level test function under ``tests_dir``, files in name order (tests/engine/..., tests/cli/...)."""
    out: list[TestDef] = []
    for path in sorted(tests_dir.rglob("test_*.py"), key=lambda p: (p.name, str(p))):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in tree.body:
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith("test_"):
                out.append(TestDef(path.relative_to(tests_dir).as_posix(), node.name, ast.get_docstring(node) or "",
                                   "\n".join(ast.unparse(d) for d in node.decorator_list)))
    return out


def test_definitions(tests_dir: Path = TESTS) -> list[tuple[str, str]]:
    """Every test function under ``tests_dir`` as (``file.py::test_name``, its docstring), files in name order."""
    return [(t.full, t.docstring) for t in tests_found(tests_dir)]


@dataclass(frozen=True)
class Known:
    """Every case a test may name: the rule book's, source 000's other sections, source 003's, rules.yaml's."""

    book: frozenset[str]  # 9.3.1, 5.0 a, 20.0, ...
    cases_003: frozenset[str]  # 2.3, 5.1, ...
    entries: frozenset[str]  # 20.0/5, 19.2/5, 001/1.3, 001/streams, ...
    faq: frozenset[str]  # the FAQ items of 19.2 (rules.yaml and the errata)

    @classmethod
    def load(cls, rules: Iterable[RuleEntry] | None = None) -> Known:
        faq = {e.id.split("/")[1] for e in rules or ()} if rules is not None else set()
        for path in sorted((data_dir() / "errata").glob("*.yaml")):
            faq |= set(re.findall(r"\bfaq: *(\d+)", path.read_text(encoding="utf-8")))
        ids = frozenset(e.id for e in rules or ())
        return cls(frozenset(c for c, _ in rule_cases()), frozenset(c for c, _ in rule_cases(data_dir() / "rules-003" / "en")),
                   ids, frozenset(faq | {i.split("/")[1] for i in ids if i.startswith("19.2/")}))

    def chapters(self, cases: Iterable[str]) -> set[str]:
        return {c.split(".")[0] for c in cases}


def named_cases(test: TestDef, known: Known) -> tuple[list[str], str]:
    """The cases a test's name names, and what is wrong with them ("" if nothing).

    A number at the start of a test's name is always a rule case (docs/guide/testing-and-benchmarks.md):
    ``test_9_3_1_`` is 9.3.1, ``test_5_0_a_`` 5.0 a, ``test_8_0_8_4_1_`` 8.0 and 8.4.1, ``test_10_0_and_23_`` 10.0
    and section 23, ``test_17_and_20_`` chapters 17 and 20; ``test_20_0_rule_5_`` is rules.yaml's 20.0/5 and
    ``test_19_2_faq_5_`` its 19.2/5; ``test_001_1_3_`` is 001/1.3, ``test_001_streams_`` (words) a rule of 001
    found by its id or listed in rules.yaml (key "001"); ``test_003_...`` and the tests of tests/decks/ use source
    003's numbers (keys "003 2.3"). A name starting with no number names no case.
    """
    tokens = test.name.split("_")[1:]
    digits = [t.isdigit() for t in tokens] + [False, False, False, False]
    if not digits[0]:
        return [], ""
    if tokens[0] in ("001", "003"):
        if digits[1] and digits[2]:
            number = f"{int(tokens[1])}.{int(tokens[2])}"
            if tokens[0] == "001":
                key = f"001/{number}"
                return ([key], "") if key in known.entries else ([], f"001 {number} is no rule of data/coverage/rules.yaml")
            return ([f"003 {number}"], "") if number in known.cases_003 else ([], f"003 {number} is no case of data/rules-003")
        if digits[1]:
            return [], f"{tokens[0]} {tokens[1]} is no case (write it {tokens[0]}_N_M)"
        return [tokens[0]], ""
    decks = test.path.startswith(DECK_TESTS + "/")
    book = known.cases_003 if decks else known.book
    chapters = known.chapters(book) | (set() if decks else set(SECTIONS_000))
    out: list[str] = []
    i = 0
    while i < len(tokens) and digits[i]:
        key = ""
        for k in (3, 2):
            if all(digits[i:i + k]):
                number = ".".join(str(int(t)) for t in tokens[i:i + k])
                if number in book or (not decks and number in SECTIONS_000):
                    key, i = number, i + k
                    break
        if not key:
            run: list[str] = []
            j = i
            while j < len(tokens) and digits[j]:
                run.append(tokens[j])
                j += 1
            if len(run) == 1 and str(int(run[0])) in chapters:
                key, i = str(int(run[0])), i + 1
            else:
                where = "source 003 (tests/decks/)" if decks else "the rule book"
                return out, f"{'.'.join(run)} is no case of {where}"
        if decks:
            key = f"003 {key}"
        elif i < len(tokens) and len(tokens[i]) == 1 and tokens[i].isalpha() and f"{key} {tokens[i]}" in book:
            key, i = f"{key} {tokens[i]}", i + 1
        elif key in ("20.0", "19.2") and i + 1 < len(tokens) and tokens[i] == ("rule" if key == "20.0" else "faq"):
            if not digits[i + 1]:
                return out, f"{key} {tokens[i]} names no number"
            number = str(int(tokens[i + 1]))
            if key == "20.0" and f"20.0/{number}" not in known.entries:
                return out, f"20.0 rule {number} is no rule of data/coverage/rules.yaml"
            if key == "19.2" and number not in known.faq:
                return out, f"19.2 FAQ item {number} is in neither data/coverage/rules.yaml nor data/errata"
            key, i = f"{key}/{number}", i + 2
        out.append(key)
        if i + 1 < len(tokens) and tokens[i] == "and" and digits[i + 1]:
            i += 1
    return out, ""


def entry_prefix(entry_id: str) -> str:
    """The start of the name of a test named for a rule of rules.yaml: 20.0/5 test_20_0_rule_5_, 19.2/5
    test_19_2_faq_5_, 001/1.3 test_001_1_3_, 001/streams test_001_streams_, 001/dyo/2 test_001_dyo_2_."""
    source, rest = entry_id.split("/", 1)
    if source in ("20.0", "19.2") and rest.isdigit():
        rest = ("rule_" if source == "20.0" else "faq_") + rest
    return "test_" + "_".join(re.split(r"[./-]", f"{source}/{rest}")) + "_"


def case_slug(case: str) -> str:
    return "test_" + case.replace(".", "_").replace(" ", "_") + "_"


# ------------------------------------------------------------------ the rule book's cases
@dataclass
class CaseCoverage:
    case: str
    title: str
    code: list[str] = field(default_factory=list)
    tests: list[str] = field(default_factory=list)
    reason: str = ""
    referee: list[str] = field(default_factory=list)  # the referee's cases judging it
    referee_tests: list[str] = field(default_factory=list)

    @property
    def status(self) -> str:
        if self.code and self.tests:
            return TESTED
        if self.reason:
            return NOT_APPLICABLE
        return UNTESTED if self.code else MISSING

    @property
    def contradiction(self) -> str:
        """What a hand-written "not applicable" contradicts, or ""."""
        if self.reason and self.code and self.tests:
            return f"{self.case} is said to have nothing to implement, but {self.code[0]} cites it and {self.tests[0]} tests it"
        return ""


def rule_cases(lang_dir: Path | None = None) -> list[tuple[str, str]]:
    folder = lang_dir or data_dir() / "rules" / "en"
    out = []
    for path in sorted(folder.glob("*.yaml")):
        chapter = yaml.safe_load(path.read_text(encoding="utf-8"))
        for case in chapter.get("cases", []):
            out.append((str(case["case"]), str(case["title"])))
    return out


def _in_range(case: str) -> bool:
    major = int(case.split(".")[0])
    return 4 <= major <= 17


def _scenario_files() -> dict[str, list[str]]:
    """Rule case -> the bundled scenario files drawn from it (their ``source`` section), as data/scenarios/NAME."""
    out: dict[str, list[str]] = {}
    for path in sorted((data_dir() / "scenarios").glob("*.yaml")):
        raw = yaml.safe_load(path.read_text(encoding="utf-8"))
        section = str(((raw or {}).get("source") or {}).get("section", ""))
        out.setdefault(section, []).append(f"data/scenarios/{path.name}")
    return out


def _engine_lines() -> list[tuple[Path, int, str]]:
    package = PACKAGE
    sources = (sorted((package / "engine").glob("*.py")) +
               [package / "analysis" / "odds.py", package / "play" / "setup.py", package / "play" / "hooks.py",
                package / "play" / "victory.py"])
    return [(p, i, line) for p in sources for i, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)]


@cache
def _tests_and_names() -> tuple[tuple[TestDef, tuple[str, ...]], ...]:
    known = Known.load(_rules_or_none())
    return tuple((t, tuple(named_cases(t, known)[0])) for t in tests_found())


def _rules_or_none() -> list[RuleEntry] | None:
    try:
        return [r.entry for r in _read_rules()]
    except DataError:
        return None


def coverage() -> list[CaseCoverage]:
    root = PACKAGE.parent  # code is shown as tcforge/engine/NAME.py:LINE
    source_lines = _engine_lines()
    tests = _tests_and_names()
    scenario_files = _scenario_files()
    judged = referee_rows()
    out = []
    for case, title in rule_cases():
        if not _in_range(case):
            continue
        item = CaseCoverage(case, title)
        pattern = re.compile(CASE_IN_TEXT.format(re.escape(case)))
        for path, lineno, line in source_lines:
            if pattern.search(line) and "_missing(" not in line:  # a card listed as missing implements nothing
                item.code.append(f"{path.relative_to(root)}:{lineno}")
        for test, names in tests:
            # named for it, or citing it in its docstring (the command decks' tests cite source 003's numbers)
            if case in names or (not test.path.startswith(DECK_TESTS + "/") and pattern.search(test.docstring)):
                (item.referee_tests if test.referee else item.tests).append(test.full)
        item.tests += [t for t in item.referee_tests if t not in item.tests]  # a referee's test checks the engine too
        if SCENARIO_CASES.match(case):
            item.code = scenario_files.get(case, []) + item.code  # a scenario case is implemented by its scenario file
        item.reason = NO_MECHANICS.get(case, "")
        item.referee = [c for c, rows in judged.items() if case in rows]
        out.append(item)
    return out


# ------------------------------------------------------------------ the rules beyond the rule book
@dataclass
class RuleCoverage:
    """A rule beyond the rule book: what the data says carries it, the tests found for it, its derived status."""

    entry: RuleEntry
    tests: list[str] = field(default_factory=list)  # file.py::test_name of each test named or listed for it
    unknown_tests: list[str] = field(default_factory=list)  # listed tests that do not exist
    referee: list[str] = field(default_factory=list)
    referee_tests: list[str] = field(default_factory=list)

    @property
    def carried(self) -> bool:
        e = self.entry
        return bool(e.parameters or e.scenario or e.cards or e.code or e.option)

    @property
    def status(self) -> str:
        if not self.carried:
            return MISSING
        return TESTED if self.tests else UNTESTED

    @property
    def in_force(self) -> str:
        """always, or option (a ruleset parameter turns it on)."""
        return "option" if self.entry.option else "always"

    @property
    def contradiction(self) -> str:
        e = self.entry
        if e.reason and self.carried:
            return f"{e.id} says why it is missing, but names what carries it"
        if e.departures and not self.carried:
            return f"{e.id} names departures from a rule nothing carries"
        return ""

    def carriers(self) -> list[str]:
        """What carries the rule: parameters, scenario parts, cards, code; for an option, its parameter and value."""
        e = self.entry
        out = list(e.parameters) + list(e.scenario) + [f"card {c}" for c in e.cards] + list(e.code)
        if e.option:
            value = e.option["value"]
            shown = ", ".join(f"{k}: {v}" for k, v in value.items()) if isinstance(value, dict) else str(value)
            out.insert(0, f"{e.option['parameter']} = {shown} ({', '.join(e.option['variants'])})")
        return out

    def to_json(self) -> dict[str, Any]:
        e = self.entry
        return {"case": e.id, "source": SOURCES[e.source], "heading": e.heading, "title": e.title, "status": self.status,
                "in_force": self.in_force, "parameters": list(e.parameters), "scenario": list(e.scenario),
                "cards": list(e.cards), "code": list(e.code), "option": e.option or None, "tests": self.tests,
                "unknown_tests": self.unknown_tests, "reason": e.reason, "departures": list(e.departures),
                "interpretation": e.interpretation, "referee": self.referee, "referee_tests": self.referee_tests}


def _read_rules(path: Path | None = None) -> list[RuleCoverage]:
    document, problems = read(path or data_dir().joinpath(*COVERAGE_FILE))
    if not problems and (document.kind is None or document.kind.name != "coverage"):
        problems = [Problem(document.display, 1, 1, "not a rule coverage file",
                            "give a file whose top-level key is coverage, like data/coverage/rules.yaml", code="unknown-kind")]
    if problems:
        raise DataError(problems)
    return [RuleCoverage(entry) for entry in entries(document.data)]


def beyond_the_rule_book(path: Path | None = None) -> list[RuleCoverage]:
    """Every rule of data/coverage/rules.yaml, in file order, with its tests: those named for it (:func:`entry_prefix`,
    :func:`named_cases`) and those it lists (which must exist), and the referee's cases judging it.

    Raises DataError when the file does not pass its schema.
    """
    out = _read_rules(path)
    tests = _tests_and_names()
    by_name: dict[str, TestDef] = {}
    for test, _ in tests:
        by_name.setdefault(test.name, test)
    judged = referee_rows()
    for rule in out:
        rid, prefix = rule.entry.id, entry_prefix(rule.entry.id)
        found = [t for t, names in tests if rid in names or t.name.startswith(prefix)]
        found += [by_name[n] for n in rule.entry.tests if n in by_name and by_name[n] not in found]
        rule.unknown_tests = [n for n in rule.entry.tests if n not in by_name]
        rule.tests = [t.full for t in found]
        rule.referee_tests = [t.full for t in found if t.referee]
        rule.referee = [c for c, rows in judged.items() if rid in rows]
    return out


def unplaced_tests(rules: list[RuleCoverage] | None = None) -> list[str]:
    """Tests whose names name a case the list does not have: an unknown number (:func:`named_cases`), or a rule of
    001 or 23 by words that no rule of rules.yaml takes (by its id or its list of tests)."""
    rules = beyond_the_rule_book() if rules is None else rules
    known = Known.load([r.entry for r in rules])
    taken = {full for r in rules for full in r.tests}
    out = []
    for test in tests_found():
        names, wrong = named_cases(test, known)
        if wrong:
            out.append(f"{test.path}::{test.name}: {wrong}")
        elif any(n in ("001", "23") for n in names) and test.full not in taken:
            source = "001" if "001" in names else "23"
            out.append(f"{test.path}::{test.name}: names a rule of {source} that no rule of data/coverage/rules.yaml takes "
                       f"(name it by a rule's id, or list it there)")
    return out


# ------------------------------------------------------------------ the referee
def referee_cases() -> list[tuple[str, str]]:
    """The referee's cases (tcforge.play.referee.CASES), as (case, what it checks)."""
    from tcforge.play.referee import CASES
    return [(c.case, c.what) for c in CASES]


def place_referee_case(case: str, book: Iterable[str], ids: Iterable[str]) -> tuple[str, ...]:
    """The rows (rule book cases, rules.yaml ids) a referee case judges: by :data:`REFEREE_PLACES`, else by its
    number ("10.0 one round" 10.0, "5.0 a", "001 2.1 once" 001/2.1) or its words ("001 Wire stop" 001/wire,
    "20.0 victory" 20.0/victory); () if none."""
    if case in REFEREE_PLACES:
        return REFEREE_PLACES[case]
    book, ids = set(book), set(ids)
    words = case.split()
    if words[0] == "001":
        rest = words[1:]
        if rest and re.fullmatch(r"\d+\.\d+", rest[0]):
            return (f"001/{rest[0]}",) if f"001/{rest[0]}" in ids else ()
        for k in range(len(rest), 0, -1):
            rid = "001/" + "-".join(w.lower() for w in rest[:k])
            if rid in ids:
                return (rid,)
        return ()
    for k in range(len(words), 0, -1):
        head = " ".join(words[:k])
        rid = f"{words[0]}/{'-'.join(words[1:k])}" if k > 1 else ""
        if rid in ids:
            return (rid,)
        if head in book:
            return (head,)
    return ()


def referee_rows() -> dict[str, tuple[str, ...]]:
    """Every referee case and the rows it judges."""
    book = [c for c, _ in rule_cases()]
    rules = _rules_or_none() or []
    return {case: place_referee_case(case, book, [e.id for e in rules]) for case, _ in referee_cases()}


def strict_xfails() -> set[str]:
    """The names of the tests marked xfail(strict=True): a departure they pin fails the suite once it is fixed."""
    return {t.name for t in tests_found() if re.search(r"xfail\([^)]*strict=True", t.decorators)}


# ------------------------------------------------------------------ the ruleset's parameters
@dataclass
class ParamCoverage:
    name: str
    case: str
    variants: list[str]  # the rulesets that change it
    code: list[str] = field(default_factory=list)
    fixed: bool = False

    @property
    def status(self) -> str:
        if self.fixed:
            return "fixed (other values refused)"
        return "read by the code" if self.code else "missing"


def _reads(line: str, typed: str) -> bool:
    """The line reads the field (``rules.fire_max_range`` but not ``rules.fire_max_range_x``)."""
    at = line.find(typed)
    while at >= 0:
        end = at + len(typed)
        if end == len(line) or not (line[end].isalnum() or line[end] == "_"):
            return True
        at = line.find(typed, end)
    return False


def parameter_coverage() -> list[ParamCoverage]:
    """Every ruleset parameter (the variants' own rules are their changed parameters) and the code that reads it."""
    from tcforge.data.dataset import load_data
    from tcforge.engine.game import FIXED

    package = PACKAGE
    root = package.parent
    files = [p for folder in ("engine", "analysis", "scenarios") for p in sorted((package / folder).glob("*.py"))]
    lines = [(p, i, line) for p in files for i, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)]
    data = load_data()
    out = []
    for name, param in data.ruleset.params.items():
        variants = [r.id for r in data.rulesets.values() if r.extends and name in r.params and r.params[name].defined_in == r.id]
        item = ParamCoverage(name, param.case, variants, fixed=name in FIXED)
        quoted, typed = f'"{name}"', f"rules.{name.replace('.', '_')}"  # read by name, or as a field of engine.rules.Rules
        item.code = [f"{p.relative_to(root)}:{i}" for p, i, line in lines
                     if (quoted in line and p.name != "rules.py") or _reads(line, typed)]
        item.code = item.code or [f"{p.relative_to(root)}:{i}" for p, i, line in lines if quoted in line]
        out.append(item)
    return out


# ------------------------------------------------------------------ the report
def tests_source() -> str:
    """Where :func:`tests_found` finds the tests, as users should read it."""
    return f"the checkout's tests ({TESTS})"


def _counts(statuses: Iterable[str]) -> str:
    """'50 implemented and tested, 12 not applicable': how many of each status, in name order."""
    counts: dict[str, int] = {}
    for status in statuses:
        counts[status] = counts.get(status, 0) + 1
    return ", ".join(f"{n} {s}" for s, n in sorted(counts.items())) or "none"


def _referee_status(judged: list[str], tests: list[str]) -> str:
    if not judged:
        return "not judged"
    return "judged and tested" if tests else "judged, untested"


REFEREE_SHORT = {"not judged": "", "judged and tested": "judged+tested", "judged, untested": "judged"}


def _first(items: list[str]) -> str:
    """How many, and the first by name: '3 test_9_3_1_flank_shot...'."""
    return f"{len(items)} {items[0].split('::')[-1]}" if items else "0"


def _table(title: str, first: str, width: int) -> Table:
    """One line a rule: its id, title, the engine's status, the referee's, what carries it, its tests."""
    table = Table(title=title, title_justify="left", header_style="bold", box=None, pad_edge=False)
    table.add_column(first, no_wrap=True, min_width=width)
    table.add_column("title", no_wrap=True, overflow="ellipsis", max_width=24)
    table.add_column("engine", no_wrap=True, min_width=len(UNTESTED) + 1)
    table.add_column("referee", no_wrap=True, min_width=len("judged+tested"))
    table.add_column("by", no_wrap=True, overflow="ellipsis", max_width=30)
    table.add_column("tests", no_wrap=True, overflow="ellipsis", max_width=40)
    return table


def run(*, as_json: bool = False, missing: bool = False, params: bool = False, out: Console, err: Console) -> str | None:
    """Print the report on ``out`` (tables, or JSON); returns None, or what is wrong (the coverage file is not valid:
    its problems are printed on ``err`` first)."""
    if params:
        items = parameter_coverage()
        if missing:
            items = [p for p in items if p.status == "missing"]
        if as_json:
            out.print(json.dumps([{"parameter": p.name, "case": p.case, "changed_by": p.variants, "status": p.status,
                                   "code": p.code} for p in items], indent=2), markup=False)
            return None
        ptable = Table(title=f"{len(items)} parameter(s)", header_style="bold", box=None)
        for col in ("parameter", "case", "changed by", "status", "read at"):
            ptable.add_column(col, overflow="fold")
        for p in items:
            ptable.add_row(p.name, p.case, ", ".join(p.variants), p.status,
                           ", ".join(p.code[:2]) + (f" +{len(p.code) - 2}" if len(p.code) > 2 else ""))
        out.print(ptable)
        return None
    try:
        _read_rules()
    except DataError as error:
        for problem in error.problems:
            err.print(problem.render(), markup=False)
        return "the rule coverage file is not valid; run 'tcforge validate'"
    from tcforge.progress import working
    with working("reading the code and the tests for rule cases"):
        rows = coverage()
        beyond = beyond_the_rule_book()
    if missing:
        rows = [r for r in rows if r.status not in (TESTED, NOT_APPLICABLE)]
        beyond = [b for b in beyond if b.status != TESTED]
    if as_json:
        out.print(json.dumps([{"case": r.case, "source": "rule book", "title": r.title, "status": r.status, "code": r.code,
                               "tests": r.tests, "reason": r.reason, "referee": r.referee,
                               "referee_tests": r.referee_tests} for r in rows] + [b.to_json() for b in beyond],
                             indent=2, ensure_ascii=False), markup=False)
        return None
    table = _table(f"Rule book 4.0-17.0: {_counts(r.status for r in rows)}", "case", max(len(r.case) for r in rows))
    for r in rows:
        code = r.code[0] + (f" +{len(r.code) - 1}" if len(r.code) > 1 else "") if r.code else ""
        table.add_row(r.case, r.title, r.status, REFEREE_SHORT[_referee_status(r.referee, r.referee_tests)],
                      r.reason if r.status == NOT_APPLICABLE else code, _first(r.tests))
    out.print(table)
    for source, label in SOURCES.items():
        group = [b for b in beyond if b.entry.source == source]
        if not group:
            continue
        gtable = _table(f"{label}: {_counts(b.status for b in group)}", "rule", max(len(b.entry.id) for b in group))
        for b in group:
            why = b.entry.reason if b.status == MISSING else ", ".join(b.carriers())
            if b.entry.departures:
                why = f"departs ({len(b.entry.departures)}); " + why
            gtable.add_row(b.entry.id, b.entry.title, b.status, REFEREE_SHORT[_referee_status(b.referee, b.referee_tests)],
                           why, _first(b.tests))
        out.print(gtable)
    judged = [r.referee for r in rows] + [b.referee for b in beyond]
    referee = [_referee_status(r.referee, r.referee_tests) for r in rows] + \
        [_referee_status(b.referee, b.referee_tests) for b in beyond]
    out.print(f"rule book: {_counts(r.status for r in rows)}; beyond it: {_counts(b.status for b in beyond)}; "
              f"referee: {_counts(s for s in referee if s != 'not judged')} of {sum(1 for j in judged if j)} rules judged",
              markup=False)
    err.print(f"tests read from {tests_source()}", markup=False)
    return None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="tools/coverage.py", description=__doc__.splitlines()[0])
    parser.add_argument("--format", "-f", choices=("text", "json"), default="text")
    parser.add_argument("--missing", action="store_true", help="only the cases not implemented and tested")
    parser.add_argument("--params", action="store_true", help="the rule parameters instead (variants' rules are their changes)")
    opts = parser.parse_args(argv)
    from tcforge.cli.common import err, out  # the consoles of `tcforge rules coverage`: the same tables, the same width
    wrong = run(as_json=opts.format == "json", missing=opts.missing, params=opts.params, out=out, err=err)
    if wrong:
        print(f"coverage: {wrong}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
