"""The side turn's context is typed (engine.context): declared fields, and the same JSON as ever."""
from __future__ import annotations

import json

import pytest

from enginekit import make, pos, uid
from tcforge.engine.board import RESERVE
from tcforge.engine.context import Context
from tcforge.engine.state import GameState


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


def round_trips(state: GameState) -> dict:  # type: ignore[type-arg]
    """The window's JSON, after checking a copy read back from the JSON plays on identically."""
    text = state.serialize()
    copy = GameState.deserialize(state.game, text)
    assert copy.serialize() == text and copy.legal_actions() == state.legal_actions()
    return json.loads(text)["ctx"]["window"]


def test_11_1_entry_and_minefield_counter_windows_keep_their_json() -> None:
    state = make({0: [("German Line Squad", "c1"), ("Minefield Gap", RESERVE)],
                  1: [("T-34 M41", "e4"), ("Minefield", RESERVE)]})
    squad, mine = uid(state, "German Line Squad"), uid(state, "Minefield")
    if state.ctx.window is not None:
        state.apply_checked(("pass",))
    state.apply_checked(("move", pos(state, "c1")))
    if state.ctx.move is not None and state.ctx.move.stage == "pick":
        state.apply_checked(("pick", squad))
    state.apply_checked(("step", pos(state, "c2")))
    c2 = pos(state, "c2")
    assert round_trips(state) == {"kind": "entry", "side": 1, "data": {"mover": squad, "riders": [], "to": c2}}
    state.apply_checked(("interrupt", mine))
    assert round_trips(state) == {"kind": "counter", "side": 0, "data": {
        "against": "minefield", "then": {"mover": squad, "riders": [], "to": c2, "mine": 20}}}


def test_artillery_counter_window_keeps_its_json() -> None:
    state = make({0: [("Artillery Barrage", RESERVE), ("PzKw IV H", "a1")],
                  1: [("Soviet Line Squad", "c3"), ("Counterbattery Fire", RESERVE)]})
    if state.ctx.window is not None:
        state.apply_checked(("pass",))
    barrage = uid(state, "Artillery Barrage")
    state.apply_checked(("play", barrage, pos(state, "c3"), "ffe"))
    assert round_trips(state) == {"kind": "counter", "side": 1, "data": {
        "against": "art", "then": {"card": 33, "uid": barrage, "side": 0, "pos": pos(state, "c3"), "mode": "ffe"}}}
