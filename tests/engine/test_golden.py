"""The golden playthrough replays exactly (tests/golden.py writes it)."""
from __future__ import annotations

import json

import golden
from tcforge.engine.playout import read_log, replay


def test_golden_playthrough_replays_to_the_same_final_position() -> None:
    summary = json.loads(golden.SUMMARY.read_text())
    with golden.LOG.open(encoding="utf-8") as handle:
        lines = read_log(handle)
    assert len(lines) == summary["actions"]
    state = replay(golden.start(), lines)  # every action checked legal on the way
    assert (state.winner, state.end_reason) == (summary["winner"], summary["end"])
    assert golden.digest(state) == summary["final_state_sha256"]
    assert any(line.actor == "chance" and "to hit" in line.about for line in lines)
