"""A clone is a separate game: playing on in a copy (as a search does) leaves the original as it was."""
from __future__ import annotations

import random

import pytest

from enginekit import make, pos, uid
from tcforge.agents.playout import next_action, random_policy, run
from tcforge.bench import kursk_state
from tcforge.play.games import new_game
from tcforge.scenarios.loading import load

RANDOM = (random_policy, random_policy)


def go(state) -> None:  # type: ignore[no-untyped-def]
    """End the picking, unless it ended by itself (nothing more to pick or load)."""
    if state.ctx.move is not None and state.ctx.move.stage == "pick":
        state.apply_checked(("go",))


def test_8_6_moving_a_loaded_vehicle_in_a_clone_leaves_the_original_unchanged() -> None:
    state = make({0: [("Mittlerer SPW", "c1"), ("German Line Squad", "c1")], 1: [("T-34 M41", "e4")]})
    spw, squad = uid(state, "Mittlerer SPW"), uid(state, "German Line Squad")
    state.apply_checked(("move", pos(state, "c1")))
    state.apply_checked(("pick", spw))
    state.apply_checked(("load", squad, spw))  # the squad rides: the move's riders table holds it
    before = state.serialize()
    copy = state.clone()
    go(copy)
    copy.apply_checked(("step", pos(state, "c2")))
    copy.apply_checked(("step", pos(state, "c3")))  # the ride ends: the clone's riders get off
    assert copy.units[squad].pos == pos(state, "c3")
    assert state.serialize() == before
    go(state)  # the original's squad still rides with its half-track
    state.apply_checked(("step", pos(state, "b2")))
    assert state.units[squad].pos == state.units[spw].pos == pos(state, "b2")


@pytest.mark.parametrize("start", ["kursk-bench", "hill-621"])
def test_clones_played_out_never_change_the_game_they_came_from(start: str) -> None:
    rng = random.Random(3)
    state = kursk_state(3) if start == "kursk-bench" else new_game(load(start), 3)
    for step in range(600):
        if state.is_terminal():
            break
        if step % 5 == 0:
            before = state.serialize()
            run(state.clone(), RANDOM, rng, max_actions=30)
            assert state.serialize() == before, f"step {step}: a clone changed the original"
        state.apply_action(next_action(state, RANDOM, rng))


def test_a_unit_copy_keeps_every_field() -> None:
    """Unit.copy names its fields one by one (for speed): a field added to the slots must be copied too."""
    state = make({0: [("PzKw IV H", "c1")], 1: [("T-34 M41", "e4")]})
    unit = state.units[0]
    for n, name in enumerate(unit.__slots__):
        if name not in ("uid", "side", "profile", "pos"):
            setattr(unit, name, ("marker", n))
    copy = unit.copy()
    assert all(getattr(copy, name) == getattr(unit, name) for name in unit.__slots__) and copy is not unit


def test_a_unit_copy_carries_every_field() -> None:
    """Unit.copy names its fields one by one for speed: a field added to __slots__ must be copied too."""
    from tcforge.engine.units import Unit
    state = kursk_state(3)
    unit = state.units[0]
    copy = unit.copy()
    assert all(getattr(copy, name) == getattr(unit, name) for name in Unit.__slots__)
