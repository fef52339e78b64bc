"""Issue 12 departures in movement, arrival and stacking: each test fails on the engine before its fix."""
from __future__ import annotations

from tcforge.engine.board import RESERVE

from enginekit import make, pos, roll, uid


def pass_window(state):
    if state.ctx.window is not None:
        state.apply_checked(("pass",))


def test_001_swamp_is_played_only_on_clear_zones() -> None:
    state = make({0: [("German Line Squad", "a1"), ("German Line Squad", "b1")],
                  1: [("Soviet Line Squad", "c4"), ("Swamp", RESERVE)]},
                 ruleset="jeff-mike-2002", columns=3, terrain={"a1": "Woods"})
    assert state.current_player() == 1  # the window before side 0's play
    targets = {a[2] for a in state.legal_actions() if a[0] == "interrupt"}
    assert pos(state, "b1") in targets and pos(state, "a1") not in targets
    unified = make({0: [("German Line Squad", "a1")], 1: [("Soviet Line Squad", "e4"), ("Swamp", RESERVE)]},
                   terrain={"a1": "Woods"})
    assert ("interrupt", uid(unified, "Swamp"), pos(unified, "a1")) in unified.legal_actions()  # 11.1 allows it
