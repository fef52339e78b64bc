"""Issue 15: forty scenarios broken on purpose (tests/data/scenarios/broken/), each checked by 'tcforge scenario check'.

Each file is tests/data/scenarios/base.yaml broken in one place; its last line says the finding it must
give, ``# expect: CODE LINE:COL``. The check must exit 1, report that code at that place as
``file:line:col: ... [CODE``, and print no traceback.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from conftest import ROOT
from tcforge.cli.scenario import app
from tcforge.scenarios.check import CODES

CORPUS = sorted((ROOT / "tests" / "data" / "scenarios" / "broken").glob("*.yaml"))
EXPECT = re.compile(r"^# expect: (?P<code>[a-z-]+) (?P<line>\d+):(?P<col>\d+)$")


def expectation(path: Path) -> tuple[str, int, int]:
    last = path.read_text(encoding="utf-8").rstrip("\n").splitlines()[-1]
    match = EXPECT.match(last)
    assert match, f"{path.name}: the last line must be '# expect: CODE LINE:COL'"
    return match["code"], int(match["line"]), int(match["col"])


def test_the_corpus_has_forty_broken_scenarios() -> None:
    assert len(CORPUS) >= 40


@pytest.mark.parametrize("path", CORPUS, ids=[p.stem for p in CORPUS])
def test_broken_scenario_gives_its_finding_at_its_place(path: Path) -> None:
    code, line, col = expectation(path)
    assert code in CODES
    result = CliRunner().invoke(app, ["check", str(path)])
    assert result.exit_code == 1, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.stdout + result.stderr
    rendered = [text for text in result.stdout.splitlines() if f"{path.name}:{line}:{col}: " in text]
    assert any(f"[{code}" in text for text in rendered), result.stdout
