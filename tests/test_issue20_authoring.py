"""Issue 20 items 1-4: validating nothing, a designer's own data (--data), own scenario designs, validate on a scenario."""
from __future__ import annotations

from pathlib import Path

from tcforge.validate import validate


def test_validating_nothing_is_an_error_not_a_success(tmp_path: Path) -> None:
    for root in (tmp_path / "missing", tmp_path):
        report = validate(root=root)
        assert not report.ok and report.files == 0
        assert [p.code for p in report.problems] == ["no-files"]
