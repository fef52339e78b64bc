"""Rule coverage, a developer's tool of the checkout (`make coverage`, or `tcforge rules coverage` run from a
checkout): every rule case of 4.0-17.0, the engine code that implements it, the tests that check it; then every
mechanical rule beyond the rule book (data/coverage/rules.yaml); with --params, every ruleset parameter and the
code that reads it.

The cases are the English rule book's (data/rules/en). A case is *implemented*
where the engine's source names it (a docstring or comment citing "9.3.1"), or
for a scenario case (17.1-17.9) where a bundled scenario file is drawn from it,
and *tested* where a test is named for it (``test_9_3_1_...``) or cites it.
Cases with nothing to implement say why in :data:`NO_MECHANICS`; cases the
engine does not cover yet are listed as missing, never hidden.

The rules beyond the rule book (Hill 621's special rules, the FAQ rulings, the
authors' comments, the house rules of source 001) say their own status in the
data; :func:`beyond_the_rule_book` adds where each named test is found.

It reads the checkout's tests/ and tcforge/ sources directly, so it is not part of the package nor of its wheel
(an installed copy carries no tests); `tcforge rules cards` (what the engine implements of each card) is.

    python tools/coverage.py [--format text|json] [--missing] [--params]
"""
from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Iterable
from dataclasses import dataclass, field
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

NO_MECHANICS = {
    "6.2": "setting up the cards is the scenario's set-up",
    "7.0": "a die roll is a chance outcome of 1-10 (tcforge/engine/attacks.py DIE)",
    "8.2": "cards of one move action may go to different places: each card moves on its own",
    "9.5.1 a": "the Smoke card exists (data/cards/six-pack.yaml)",
    "9.7": "worked examples, reproduced by tests",
    "12.0": "the kinds of special cards; see 12.1 and 12.2",
    "14.0": "deck building limits are checked with the scenario's forces",
    "17.0": "scenarios are set up from data/scenarios",
}
SCENARIO_CASES = re.compile(r"^17\.[1-9]$")
CASE_IN_TEXT = r"(?<![\d.])({})(?![\d])"


@dataclass
class CaseCoverage:
    case: str
    title: str
    code: list[str] = field(default_factory=list)
    tests: list[str] = field(default_factory=list)
    reason: str = ""

    @property
    def status(self) -> str:
        if self.code and self.tests:
            return "implemented and tested"
        if self.reason:
            return "no mechanics"
        if self.code:
            return "implemented, untested"
        return "missing"


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


TEST_DEF = re.compile(r"^def (test_\w+)\(.*?(?=^def |\Z)", re.S | re.M)


def _docstring(text: str) -> str:
    """The first triple-quoted string of a test's text (its docstring), or empty."""
    return text.split('"""')[1] if text.count('"""') >= 2 else ""


def test_definitions(tests_dir: Path = TESTS) -> list[tuple[str, str]]:
    """Every test function under ``tests_dir`` as (``file.py::test_name``, its docstring), files in name order."""
    out: list[tuple[str, str]] = []
    for path in sorted(tests_dir.rglob("test_*.py"), key=lambda p: p.name):  # tests/engine/..., tests/cli/...: by name
        text = path.read_text(encoding="utf-8")
        for match in TEST_DEF.finditer(text):
            out.append((f"{path.name}::{match.group(1)}", _docstring(match.group(0))))
    return out


def _scenario_files() -> dict[str, list[str]]:
    """Rule case -> the bundled scenario files drawn from it (their ``source`` section), as data/scenarios/NAME."""
    out: dict[str, list[str]] = {}
    for path in sorted((data_dir() / "scenarios").glob("*.yaml")):
        raw = yaml.safe_load(path.read_text(encoding="utf-8"))
        section = str(((raw or {}).get("source") or {}).get("section", ""))
        out.setdefault(section, []).append(f"data/scenarios/{path.name}")
    return out


def coverage() -> list[CaseCoverage]:
    package = PACKAGE
    root = package.parent  # code is shown as tcforge/engine/NAME.py:LINE
    sources = (sorted((package / "engine").glob("*.py")) +
               [package / "analysis" / "odds.py", package / "play" / "setup.py", package / "play" / "hooks.py",
                package / "play" / "victory.py"])
    source_lines = [(p, i, line) for p in sources for i, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)]
    test_defs = test_definitions()
    scenario_files = _scenario_files()
    out = []
    for case, title in rule_cases():
        if not _in_range(case):
            continue
        item = CaseCoverage(case, title)
        pattern = re.compile(CASE_IN_TEXT.format(re.escape(case)))
        for path, lineno, line in source_lines:
            if pattern.search(line) and "_missing(" not in line:  # a card listed as missing implements nothing
                item.code.append(f"{path.relative_to(root)}:{lineno}")
        slug = "test_" + case.replace(".", "_").replace(" ", "_") + "_"
        for name, docstring in test_defs:
            head = name.split("::")[1]
            named = head.startswith(slug) and not head[len(slug):][:1].isdigit()  # test_9_3_ is not test_9_3_1_
            if named or pattern.search(docstring):
                item.tests.append(name)
        if SCENARIO_CASES.match(case):
            item.code = scenario_files.get(case, []) + item.code  # a scenario case is implemented by its scenario file
        if case in NO_MECHANICS:
            item.reason = NO_MECHANICS[case]
        out.append(item)
    return out


@dataclass
class RuleCoverage:
    """A rule beyond the rule book, as the data states it, with where its tests are found."""

    entry: RuleEntry
    tests: list[str] = field(default_factory=list)  # file.py::test_name of each named test found
    unknown_tests: list[str] = field(default_factory=list)  # named tests that do not exist

    @property
    def status(self) -> str:
        return self.entry.status

    def carriers(self) -> list[str]:
        """What carries the rule: parameters, scenario parts, cards, code; for an option, its parameter and value."""
        e = self.entry
        if e.option:
            value = e.option["value"]
            shown = ", ".join(f"{k}: {v}" for k, v in value.items()) if isinstance(value, dict) else str(value)
            return [f"{e.option['parameter']} = {shown} ({', '.join(e.option['variants'])})"]
        return list(e.parameters) + list(e.scenario) + [f"card {c}" for c in e.cards] + list(e.code)

    def to_json(self) -> dict[str, Any]:
        e = self.entry
        return {"case": e.id, "source": SOURCES[e.source], "heading": e.heading, "title": e.title, "status": e.status,
                "parameters": list(e.parameters), "scenario": list(e.scenario), "cards": list(e.cards), "code": list(e.code),
                "option": e.option or None, "tests": self.tests, "unknown_tests": self.unknown_tests, "reason": e.reason,
                "departures": list(e.departures), "interpretation": e.interpretation}


def beyond_the_rule_book(path: Path | None = None) -> list[RuleCoverage]:
    """Every rule of data/coverage/rules.yaml, in file order, with its named tests looked up (see :func:`test_definitions`).

    Raises DataError when the file does not pass its schema.
    """
    document, problems = read(path or data_dir().joinpath(*COVERAGE_FILE))
    if not problems and (document.kind is None or document.kind.name != "coverage"):
        problems = [Problem(document.display, 1, 1, "not a rule coverage file",
                            "give a file whose top-level key is coverage, like data/coverage/rules.yaml", code="unknown-kind")]
    if problems:
        raise DataError(problems)
    names: dict[str, str] = {}
    for full, _ in test_definitions():
        names.setdefault(full.split("::")[1], full)
    out = []
    for entry in entries(document.data):
        found = [names[t] for t in entry.tests if t in names]
        out.append(RuleCoverage(entry, found, [t for t in entry.tests if t not in names]))
    return out


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
    """Where :func:`test_definitions` finds the tests, as users should read it."""
    return f"the checkout's tests ({TESTS})"


def _counts(statuses: Iterable[str]) -> str:
    """'50 implemented and tested, 12 no mechanics': how many of each status, in name order."""
    counts: dict[str, int] = {}
    for status in statuses:
        counts[status] = counts.get(status, 0) + 1
    return ", ".join(f"{n} {s}" for s, n in sorted(counts.items())) or "none"


def run(*, as_json: bool = False, missing: bool = False, params: bool = False, out: Console, err: Console) -> str | None:
    """Print the report on ``out`` (a table, or JSON); returns None, or what is wrong (the coverage file is not valid:
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
    from tcforge.progress import working
    with working("reading the code and the tests for rule cases"):
        rows = coverage()
    try:
        beyond = beyond_the_rule_book()
    except DataError as error:
        for problem in error.problems:
            err.print(problem.render(), markup=False)
        return "the rule coverage file is not valid; run 'tcforge validate'"
    if missing:
        rows = [r for r in rows if r.status not in ("implemented and tested", "no mechanics")]
        beyond = [b for b in beyond if b.status == "missing"]
    if as_json:
        out.print(json.dumps([{"case": r.case, "source": "rule book", "title": r.title, "status": r.status, "code": r.code,
                               "tests": r.tests, "reason": r.reason} for r in rows] + [b.to_json() for b in beyond],
                             indent=2, ensure_ascii=False), markup=False)
        return None
    table = Table(title=f"Rule book 4.0-17.0: {_counts(r.status for r in rows)}", header_style="bold", box=None)
    for col in ("case", "title", "status", "code", "tests"):
        table.add_column(col, overflow="fold")
    for r in rows:
        code = ", ".join(r.code[:2]) + (f" +{len(r.code) - 2}" if len(r.code) > 2 else "")
        tests = ", ".join(t.split("::")[1] for t in r.tests[:2]) + (f" +{len(r.tests) - 2}" if len(r.tests) > 2 else "")
        table.add_row(r.case, r.title, r.status, code or r.reason, tests)
    out.print(table)
    for source, label in SOURCES.items():
        group = [b for b in beyond if b.entry.source == source]
        if not group:
            continue
        gtable = Table(title=f"{label}: {_counts(b.status for b in group)}", header_style="bold", box=None)
        for col in ("rule", "title", "status", "by / why not", "tests"):
            gtable.add_column(col, overflow="fold")
        for b in group:
            why = b.entry.reason if b.status == "missing" else ", ".join(b.carriers())
            if b.entry.departures:
                why += "; departs: " + " ".join(b.entry.departures)
            tests = ", ".join(t.split("::")[1] for t in b.tests[:2]) + (f" +{len(b.tests) - 2}" if len(b.tests) > 2 else "")
            gtable.add_row(b.entry.id, b.entry.title, b.status, why, tests)
        out.print(gtable)
    out.print(f"rule book: {_counts(r.status for r in rows)}; beyond it: {_counts(b.status for b in beyond)}", markup=False)
    err.print(f"tests read from {tests_source()}", markup=False)
    return None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="tools/coverage.py", description=__doc__.splitlines()[0])
    parser.add_argument("--format", "-f", choices=("text", "json"), default="text")
    parser.add_argument("--missing", action="store_true", help="only the cases not implemented and tested")
    parser.add_argument("--params", action="store_true", help="the rule parameters instead (variants' rules are their changes)")
    opts = parser.parse_args(argv)
    wrong = run(as_json=opts.format == "json", missing=opts.missing, params=opts.params,
                out=Console(highlight=False, soft_wrap=True), err=Console(stderr=True, highlight=False, soft_wrap=True))
    if wrong:
        print(f"coverage: {wrong}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
