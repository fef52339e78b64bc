"""The side turn's context is typed (engine.context): declared fields, and the same JSON as ever."""
from __future__ import annotations

import json

import pytest

from tcforge.engine.context import Context
from tcforge.engine.state import GameState

from enginekit import make, pos, uid


def loaded_half_track_moving() -> GameState:
    state = make({0: [("Mittlerer SPW", "c1"), ("German Line Squad", "c1")], 1: [("T-34 M41", "e4")]})
    state.apply_checked(("move", pos(state, "c1")))
    state.apply_checked(("pick", uid(state, "Mittlerer SPW")))
    state.apply_checked(("load", uid(state, "German Line Squad"), uid(state, "Mittlerer SPW")))
    return state


def test_8_6_a_move_in_progress_is_typed_and_its_json_keeps_the_old_keys() -> None:
    state = loaded_half_track_moving()
    move = state.ctx.move
    assert move is not None and move.stage == "step" and move.riders == {uid(state, "Mittlerer SPW"): [uid(state, "German Line Squad")]}
    raw = json.loads(state.serialize())["ctx"]
    assert raw["riders"] == {str(uid(state, "Mittlerer SPW")): [uid(state, "German Line Squad")]} and raw["spent"] == 0
    assert Context.from_json(raw).to_json() == raw
    copy = GameState.deserialize(state.game, state.serialize())
    assert copy.serialize() == state.serialize() and copy.legal_actions() == state.legal_actions()


def test_a_misspelt_context_field_fails_where_it_is_written() -> None:
    state = loaded_half_track_moving()
    with pytest.raises(AttributeError):
        state.ctx.play.flank_shoot = True  # type: ignore[union-attr]
    with pytest.raises(AttributeError):
        state.ctx.move.ridres = {}  # type: ignore[union-attr]
