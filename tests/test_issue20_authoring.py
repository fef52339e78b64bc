"""Issue 20 items 1-4: validating nothing, a designer's own data (--data), own scenario designs, validate on a scenario."""
from __future__ import annotations

from pathlib import Path

from conftest import ROOT
from tcforge.analysis.scenario_checks import engine_findings
from tcforge.scenarios.check import check_file
from tcforge.validate import validate


def test_validating_nothing_is_an_error_not_a_success(tmp_path: Path) -> None:
    for root in (tmp_path / "missing", tmp_path):
        report = validate(root=root)
        assert not report.ok and report.files == 0
        assert [p.code for p in report.problems] == ["no-files"]


BASE = ROOT / "tests" / "data" / "scenarios" / "base.yaml"


def test_validate_runs_the_scenario_checks_and_never_calls_an_illegal_scenario_valid(tmp_path: Path) -> None:
    """A scenario that passes its schema but names a ruleset that does not exist: 'scenario check' finds it illegal,
    and so does validate, on the same line, with the same code."""
    text = BASE.read_text(encoding="utf-8").replace("  id: six-pack-r3\n", "  id: six-pack-r9\n")
    path = tmp_path / "base.yaml"
    path.write_text(text, encoding="utf-8")
    findings = check_file(path).findings
    assert findings, "the broken scenario must be illegal for the check"
    report = validate([path], scenario_engine=engine_findings)
    assert not report.ok
    assert {(f.line, f.code) for f in findings} <= {(p.line, p.code) for p in report.problems}


def test_validate_on_a_legal_scenario_file_is_valid(tmp_path: Path) -> None:
    path = tmp_path / "base.yaml"
    path.write_text(BASE.read_text(encoding="utf-8"), encoding="utf-8")
    report = validate([path], scenario_engine=engine_findings)
    assert report.ok and report.files == 1, [p.render() for p in report.problems]
