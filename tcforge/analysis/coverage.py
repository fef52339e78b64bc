"""Rule coverage: every rule case of 4.0-17.0, the engine code that implements it, the tests that check it.

The cases are the English rule book's (data/rules/en). A case is *implemented*
where the engine's source names it (a docstring or comment citing "9.3.1"),
and *tested* where a test is named for it (``test_9_3_1_...``) or cites it.
Cases with nothing to implement say why in :data:`NO_MECHANICS`; cases the
engine does not cover yet are listed as missing, never hidden.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from tcforge.data.dataset import GameData
from tcforge.paths import data_dir, project_root

NO_MECHANICS = {
    "4.0": "the sequence as a whole; its steps are 5.0, 10.0 and 6.4",
    "6.1": "terrain placement is the scenario's set-up (issue: scenarios)",
    "6.1.1": "random terrain placement happens in scenario set-up",
    "6.1.2": "discretionary placement happens in scenario set-up",
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


def coverage() -> list[CaseCoverage]:
    root = project_root()
    sources = sorted((root / "tcforge" / "engine").glob("*.py")) + sorted((root / "tcforge" / "analysis").glob("odds.py"))
    source_lines = [(p, i, line) for p in sources for i, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)]
    tests_dir = root / "tests"
    test_defs: list[tuple[str, str]] = []  # (name, text of the test)
    if tests_dir.is_dir():
        for path in sorted(tests_dir.rglob("test_*.py"), key=lambda p: p.name):  # tests/engine/..., tests/cli/...: by name
            text = path.read_text(encoding="utf-8")
            for match in re.finditer(r"^def (test_\w+)\(.*?(?=^def |\Z)", text, re.S | re.M):
                test_defs.append((f"{path.name}::{match.group(1)}", match.group(0)))
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
        for name, text in test_defs:
            head = name.split("::")[1]
            named = head.startswith(slug) and not head[len(slug):][:1].isdigit()  # test_9_3_ is not test_9_3_1_
            docstring = text.split('"""')[1] if text.count('"""') >= 2 else ""
            if named or pattern.search(docstring):
                item.tests.append(name)
        if case in NO_MECHANICS:
            item.reason = NO_MECHANICS[case]
        elif SCENARIO_CASES.match(case):
            item.reason = "a scenario: data/scenarios and 'tcforge scenario check'"
        out.append(item)
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

    root = project_root()
    files = [p for folder in ("engine", "analysis", "scenarios") for p in sorted((root / "tcforge" / folder).glob("*.py"))]
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


def card_coverage(data: GameData) -> list[dict[str, Any]]:
    """Every card and whether the engine implements what it does: id, name, type, status, note, text_basis."""
    from tcforge.engine.cards import EFFECTS

    rows = []
    for card in data.cards:
        effect = EFFECTS.get(card.id)
        if card.type in ("vehicle", "at_gun", "infantry"):
            status, note = "implemented", "moves, fires and melees by its values"
        elif card.type == "equipment":
            status, note = "implemented", "carried and fired by a squad (13.0-13.2)"
        elif effect is None:
            status, note = "missing", "no entry in tcforge/engine/cards.py"
        else:
            status, note = effect.status, effect.note
        basis = (card.effective.get("effect") or {}).get("basis", "")
        rows.append({"id": card.id, "name": card.name, "type": card.type, "status": status, "note": note,
                     "text_basis": basis})
    return rows
