"""Issue 51 point 7: a map split in two, where no card of the kinds a victory needs can reach its positions, is not
legal (16.0 victory-unreachable), whether a row of Swamp, of Stream cards or of 001 Streams between positions splits
it; the corpus is tests/data/scenarios/split (its README says what each file is)."""
from __future__ import annotations

import json
from typing import Any

import pytest

from conftest import ROOT

SPLIT = ROOT / "tests" / "data" / "scenarios" / "split"


@pytest.mark.parametrize("name", ["swamp-row", "stream-row", "streams-between-every-edge"])
def test_a_map_split_by_a_row_that_vehicles_may_not_cross_is_not_legal(tcforge: Any, name: str) -> None:
    code, out, err = tcforge("scenario", "check", str(SPLIT / f"{name}.yaml"), "--format", "json")
    findings = json.loads(out)["reports"][0]["findings"]
    unreachable = [f for f in findings if f["code"] == "victory-unreachable"]
    assert code == 1 and "Traceback" not in err
    assert len(unreachable) == 3 and all("no card of german can reach G5-" in f["message"] for f in unreachable)
    assert [f["code"] for f in findings if f["code"] != "victory-unreachable"] == []  # nothing else is wrong with it


def test_streams_on_the_straight_edges_only_leave_the_diagonals_open(tcforge: Any) -> None:
    """The control: 001 lets a vehicle step diagonally past Streams that lie on the straight edges (the engine's
    movement bars only a Stream on the edge it crosses), so the same map is legal."""
    code, out, err = tcforge("scenario", "check", str(SPLIT / "streams-between-diagonals-open.yaml"))
    assert code == 0, out + err
