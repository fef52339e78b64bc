"""Source 001's Streams, Bridges, and Fords: a Stream lies between two zones, played to bar a move across it.

Positions are on the 5 x 4 test board: side 0 holds rows 1-2, side 1 rows 3-4.
"""
from __future__ import annotations

from typing import Any

from enginekit import make as make_state
from enginekit import pass_window, pos, start_one_card_move, uid
from tcforge.engine.board import RESERVE
from tcforge.engine.state import GameState

BETWEEN = {"cards.stream_between_zones": True}


def make(placements: dict[int, list[tuple[str, Any]]], **options: Any) -> GameState:
    return make_state(placements, overrides=BETWEEN, **options)


def blocked(state: GameState, name: str, label: str = "c1", to: str = "c2") -> None:
    """Side 0's ``name`` sets off from ``label`` to ``to``; side 1 plays its Stream between the two."""
    pass_window(state)
    start_one_card_move(state, label, name)
    state.apply_checked(("step", pos(state, to)))
    assert state.current_player() == 1 and ("interrupt", uid(state, "Stream")) in state.legal_actions()
    state.apply_checked(("interrupt", uid(state, "Stream")))


def steps(state: GameState) -> set[int]:
    return {a[1] for a in state.legal_actions() if a[0] == "step"}


def test_001_streams_a_stream_lies_between_the_two_zones_and_the_vehicle_stops_short() -> None:
    state = make({0: [("PzKw IV H", "c1")], 1: [("T-34 M41", "e4"), ("Stream", RESERVE)]})
    blocked(state, "PzKw IV H")
    c1, c2 = pos(state, "c1"), pos(state, "c2")
    assert state.streams == [[min(c1, c2), max(c1, c2), 0]] and state.terrain[c2] is None and state.water[c2] is None
    tank = state.units[uid(state, "PzKw IV H")]
    assert tank.pos == c1 and c2 not in steps(state)  # option 4: it may stop here...
    assert ("halt",) in state.legal_actions()
    assert pos(state, "b2") in steps(state) and pos(state, "d2") in steps(state)  # ...or go round (option 3)


def test_001_streams_option_3_the_group_goes_round_by_another_edge() -> None:
    state = make({0: [("PzKw IV H", "c1")], 1: [("T-34 M41", "e4"), ("Stream", RESERVE)]})
    blocked(state, "PzKw IV H")
    state.apply_checked(("step", pos(state, "b2")))
    assert state.units[uid(state, "PzKw IV H")].pos == pos(state, "b2")
    assert pos(state, "c2") in steps(state)  # the Stream bars only the edge it was played on


def test_001_streams_option_1_a_ford_counters_the_stream_and_stays() -> None:
    state = make({0: [("PzKw IV H", "c1"), ("Ford", RESERVE)], 1: [("T-34 M41", "e4"), ("Stream", RESERVE)]})
    blocked(state, "PzKw IV H")
    c1, c2, ford = pos(state, "c1"), pos(state, "c2"), uid(state, "Ford")
    crossing = ("interrupt", ford, min(c1, c2), max(c1, c2))
    assert crossing in state.legal_actions()
    state.apply_checked(crossing)
    assert state.streams == [[min(c1, c2), max(c1, c2), state.units[ford].profile.card_id]]
    state.apply_checked(("step", c2))
    assert state.units[uid(state, "PzKw IV H")].pos == c2


def test_001_streams_option_2_infantry_crosses() -> None:
    state = make({0: [("German Line Squad", "c1")], 1: [("T-34 M41", "e4"), ("Stream", RESERVE)]})
    blocked(state, "German Line Squad")
    assert state.units[uid(state, "German Line Squad")].pos == pos(state, "c2") and len(state.streams) == 1


def test_001_streams_only_one_stream_between_two_zones() -> None:
    state = make({0: [("German Line Squad", "c1"), ("German Line Squad", "c1")],
                  1: [("T-34 M41", "e4"), ("Stream", RESERVE), ("Stream", RESERVE)]})
    blocked(state, "German Line Squad")
    if ("halt",) in state.legal_actions():
        state.apply_checked(("halt",))
    pass_window(state)
    state.apply_checked(("move", pos(state, "c1")))
    if state.ctx.move is not None and state.ctx.move.stage == "pick":
        state.apply_checked(("pick", uid(state, "German Line Squad", 0, 1)))
    if state.ctx.move is not None and state.ctx.move.stage == "pick":
        state.apply_checked(("go",))
    state.apply_checked(("step", pos(state, "c2")))
    assert state.ctx.window is None  # no second Stream on that edge: the squad walks on
    assert state.units[uid(state, "German Line Squad", 0, 1)].pos == pos(state, "c2")


def test_001_streams_a_stream_is_not_played_on_a_zone() -> None:
    state = make({0: [("German Line Squad", "c1")], 1: [("T-34 M41", "e4"), ("Stream", RESERVE)]})
    assert state.ctx.window is None or not [a for a in state.legal_actions() if a[0] == "interrupt"]
    plain = make_state({0: [("German Line Squad", "c1")], 1: [("T-34 M41", "e4"), ("Stream", RESERVE)]})
    assert [a for a in plain.legal_actions() if a[0] == "interrupt"]  # the unified rules: on a position (11.1)


def test_001_streams_a_map_stream_bars_vehicles_from_the_start_and_a_bridge_played_in_turn_opens_it() -> None:
    base = make_state({0: [("PzKw IV H", "c1"), ("Bridge", RESERVE)], 1: [("T-34 M41", "e4")]}, overrides=BETWEEN)
    c1, c2 = pos(base, "c1"), pos(base, "c2")
    forces = {0: [(u.profile.card_id, u.pos) for u in base.units if u.side == 0],
              1: [(u.profile.card_id, u.pos) for u in base.units if u.side == 1]}
    state = GameState.new(base.game, forces, first_player=0, initial_hand=0, streams=[(c2, c1, 0)])
    assert state.streams == [[min(c1, c2), max(c1, c2), 0]]
    bridge = uid(state, "Bridge")
    assert ("interrupt", bridge, min(c1, c2), max(c1, c2)) in state.legal_actions()
    state.apply_checked(("interrupt", bridge, min(c1, c2), max(c1, c2)))
    assert state.streams[0][2] == state.units[bridge].profile.card_id and not state.stream_bars(c1, c2)
    clone = GameState.deserialize(state.game, state.serialize())
    assert clone.streams == state.streams


def test_001_streams_greedy_lays_its_ford_when_the_zone_across_is_the_way_forward() -> None:
    import random

    from tcforge.agents import greedy
    state = make({0: [("PzKw IV H", "c2"), ("Ford", RESERVE)],
                  1: [("T-34 M41", "b3"), ("T-34 M41", "b3"), ("T-34 M41", "d3"), ("T-34 M41", "d3"), ("Stream", RESERVE)]})
    blocked(state, "PzKw IV H", "c2", "c3")  # the Stream bars the way forward; round it, two T-34s wait on each side
    c2, c3 = pos(state, "c2"), pos(state, "c3")
    assert greedy.greedy_policy(state, random.Random(1)) == ("interrupt", uid(state, "Ford"), min(c2, c3), max(c2, c3))
