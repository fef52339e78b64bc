"""Issue 51 point 9: 'scenario list' exited 0 on a broken --data folder, the broken scenario left out without a word.
Each file that cannot be read is named in one line, the list exits 1; a folder of good files lists and exits 0."""
from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from conftest import ROOT

BROKEN = ROOT / "tests" / "data" / "scenarios" / "broken"


@pytest.mark.parametrize("format", ["text", "json", "csv"])
def test_a_data_folder_with_an_unreadable_scenario_makes_the_list_fail(tcforge: Any, tmp_path: Path, format: str) -> None:
    mine = tmp_path / "mine"
    mine.mkdir()
    shutil.copy(BROKEN / "yaml-unclosed-flow.yaml", mine / "raid.yaml")
    code, out, err = tcforge("--data", str(mine), "scenario", "list", "--format", format)
    named = [line for line in err.splitlines() if "raid.yaml:" in line]
    assert code == 1 and len(named) == 1 and "Traceback" not in err, err
    assert "kursk" in out  # the rest is still listed
    if format == "json":
        assert {row["id"] for row in json.loads(out)} >= {"kursk", "hill-621"}


def test_a_data_folder_of_good_scenarios_lists_them_and_exits_0(tcforge: Any, tmp_path: Path) -> None:
    (tmp_path / "mine").mkdir()
    assert tcforge("--data", "mine", "scenario", "new", "club-raid")[0] == 0
    code, out, err = tcforge("--data", "mine", "scenario", "list")
    assert code == 0 and "club-raid" in out, err
