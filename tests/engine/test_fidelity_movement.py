"""Issue 12 departures in movement, arrival and stacking: each test fails on the engine before its fix."""
from __future__ import annotations

import pytest

from enginekit import make, pass_window, pos, roll, uid
from tcforge.engine.board import RESERVE


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


def test_11_1_stream_played_on_other_terrain_still_slows_movement() -> None:
    state = make({0: [("German Cavalry", "c1")], 1: [("Soviet Line Squad", "e4")]}, terrain={"c2": "Wheatfield"})
    state.water[pos(state, "c2")] = state.game.data.cards.get("Stream").id  # played earlier on the Wheatfield (11.1)
    state._changed()
    pass_window(state)
    state.apply_checked(("move", pos(state, "c1")))
    state.apply_checked(("pick", uid(state, "German Cavalry")))
    if state.ctx.move is not None and state.ctx.move.stage == "pick":
        state.apply_checked(("go",))
    state.apply_checked(("step", pos(state, "c2")))
    assert state.phase == "play"  # 8.4: the Stream ends the cavalry's move
    assert state.units[uid(state, "German Cavalry")].pos == pos(state, "c2")


def _assault_with_panic(state, source: str, target: str, names: list[str]) -> None:
    """Side 0 moves a fresh assault of ``names`` from ``source`` into ``target`` and plays Panic as the melee begins."""
    pass_window(state)
    state.apply_checked(("move", pos(state, source)))
    picked = [uid(state, n, 0, i) for n, i in names]
    for u in picked:
        state.apply_checked(("pick", u))
    for u in picked[1:]:
        state.apply_checked(("together", u, picked[0]))  # 8.2: they go in together
    if state.ctx.move is not None and state.ctx.move.stage == "pick":
        state.apply_checked(("go",))
    while state.phase == "move":
        state.apply_checked(("step", pos(state, target)))
    pass_window(state)
    state.apply_checked(("end",))
    while ("interrupt", uid(state, "Panic")) not in state.legal_actions():
        state.apply_checked(("pass",))
    state.apply_checked(("interrupt", uid(state, "Panic")))


def test_9_6_1_panic_retreat_never_puts_a_vehicle_into_a_swamp() -> None:
    swamps = {label: "Swamp" for label in ("b2", "b3", "b4", "c4", "d2", "d3", "d4")}
    state = make({0: [("PzKw IV H", "c2"), ("PzKw IV H", "c2"), ("German Line Squad", "c2"), ("Panic", RESERVE),
                      ("German Line Squad", "b1")],
                  1: [("T-34 M41", "c3")]}, terrain=swamps)
    _assault_with_panic(state, "c2", "c3", [("PzKw IV H", 0), ("PzKw IV H", 1), ("German Line Squad", 0)])
    tank = state.units[uid(state, "T-34 M41")]
    assert tank.pos != pos(state, "c3")  # it fell back
    assert state.terrain[tank.pos] != state.game.data.cards.get("Swamp").id  # 11.0: never into a Swamp


def test_8_5_with_8_6_squad_riding_two_tanks_enters_where_the_tanks_may() -> None:
    state = make({0: [("PzKw IV H", "c1"), ("PzKw IV H", "c1"), ("German Line Squad", "c1")],
                  1: [("T-34 M41", "c2")]})
    pass_window(state)
    state.apply_checked(("move", pos(state, "c1")))
    tank, other, squad = uid(state, "PzKw IV H", 0, 0), uid(state, "PzKw IV H", 0, 1), uid(state, "German Line Squad")
    state.apply_checked(("pick", tank))
    state.apply_checked(("pick", other))
    state.apply_checked(("load", squad, tank))
    if state.ctx.move is not None and state.ctx.move.stage == "pick":
        state.apply_checked(("go",))
    assert ("step", pos(state, "c2")) in state.legal_actions()  # 8.5: the squad is accompanied by friendly tanks
    state.apply_checked(("step", pos(state, "c2")))
    assert {state.units[u].pos for u in (tank, other, squad)} == {pos(state, "c2")}


def test_16_0_panic_retreat_handing_over_the_third_rear_rank_position_wins_at_once() -> None:
    state = make({0: [("German Line Squad", "a4"), ("German Line Squad", "b4"), ("PzKw IV H", "d3"), ("PzKw IV H", "d3"),
                      ("German Line Squad", "d3"), ("Panic", RESERVE)],
                  1: [("T-34 M41", "d4"), ("Soviet Line Squad", "e1")]})
    _assault_with_panic(state, "d3", "d4", [("PzKw IV H", 0), ("PzKw IV H", 1), ("German Line Squad", 2)])
    assert state.units[uid(state, "T-34 M41")].pos != pos(state, "d4")
    assert state.outcome is not None and state.winner == 0  # 16.0: the instant side 0 holds three rear-rank positions


def test_minefield_that_kills_a_rider_lets_the_carrier_go_on() -> None:
    state = make({0: [("SPW 250", "c1"), ("German Line Squad", "c1")],
                  1: [("Soviet Line Squad", "e4"), ("Minefield", RESERVE)]})
    pass_window(state)
    state.apply_checked(("move", pos(state, "c1")))
    truck, squad = uid(state, "SPW 250"), uid(state, "German Line Squad")
    state.apply_checked(("pick", truck))
    state.apply_checked(("load", squad, truck))
    if state.ctx.move is not None and state.ctx.move.stage == "pick":
        state.apply_checked(("go",))
    state.apply_checked(("step", pos(state, "c2")))
    state.apply_checked(("interrupt", uid(state, "Minefield")))
    roll(state, 10, 1)  # the half-track is missed, the squad it carries is destroyed
    assert state.units[squad].pos < 0 and state.units[truck].pos == pos(state, "c2")
    state.apply_checked(("step", pos(state, "c3")))  # the half-track goes on alone
    assert state.units[truck].pos == pos(state, "c3") and state.phase == "play"


def test_5_0_a_squad_riding_two_tanks_counts_among_the_three_cards_of_a_move() -> None:
    state = make({0: [("PzKw IV H", "c1"), ("PzKw IV H", "c1"), ("German Line Squad", "c1"),
                      ("Truck German", "c1"), ("Truck German", "c1")],
                  1: [("Soviet Line Squad", "e4")]})
    pass_window(state)
    state.apply_checked(("move", pos(state, "c1")))
    tank, other, squad = uid(state, "PzKw IV H", 0, 0), uid(state, "PzKw IV H", 0, 1), uid(state, "German Line Squad")
    state.apply_checked(("pick", tank))
    state.apply_checked(("pick", other))
    state.apply_checked(("load", squad, tank))
    assert not [a for a in state.legal_actions() if a[0] in ("pick", "load", "tow")]  # two tanks and a squad: three cards
    free = make({0: [("PzKw IV H", "c1"), ("PzKw IV H", "c1"), ("German Line Squad", "c1"), ("Truck German", "c1")],
                 1: [("Soviet Line Squad", "e4")]}, overrides={"movement.carried_cards_count": False})
    pass_window(free)
    free.apply_checked(("move", pos(free, "c1")))
    free.apply_checked(("pick", uid(free, "PzKw IV H", 0, 0)))
    free.apply_checked(("pick", uid(free, "PzKw IV H", 0, 1)))
    free.apply_checked(("load", uid(free, "German Line Squad"), uid(free, "PzKw IV H", 0, 0)))
    assert ("pick", uid(free, "Truck German")) in free.legal_actions()  # the variant: the passenger rides free


def test_8_2_cards_to_one_position_move_together() -> None:
    state = make({0: [("German Line Squad", "c1"), ("German Line Squad", "c1")],
                  1: [("Soviet Line Squad", "e4"), ("Minefield", RESERVE)]})
    pass_window(state)
    state.apply_checked(("move", pos(state, "c1")))
    first, second = uid(state, "German Line Squad", 0, 0), uid(state, "German Line Squad", 0, 1)
    state.apply_checked(("pick", first))
    state.apply_checked(("pick", second))
    state.apply_checked(("together", second, first))
    if state.ctx.move is not None and state.ctx.move.stage == "pick":
        state.apply_checked(("go",))
    state.apply_checked(("step", pos(state, "c2")))
    state.apply_checked(("interrupt", uid(state, "Minefield")))
    assert [event[3] for event in state.rolls] == [first, second]  # the Minefield attacks the group as one
    roll(state, 10, 10)
    assert state.units[first].pos == state.units[second].pos == pos(state, "c2") and state.phase == "play"


def test_8_2_cards_moving_apart_never_end_in_one_position() -> None:
    state = make({0: [("German Line Squad", "c1"), ("German Line Squad", "c1")], 1: [("Soviet Line Squad", "e4")]})
    pass_window(state)
    state.apply_checked(("move", pos(state, "c1")))
    first, second = uid(state, "German Line Squad", 0, 0), uid(state, "German Line Squad", 0, 1)
    state.apply_checked(("pick", first))
    state.apply_checked(("pick", second))
    state.apply_checked(("go",))
    state.apply_checked(("step", pos(state, "c2")))
    assert ("step", pos(state, "c2")) not in state.legal_actions()  # it had to go with the first card
    assert ("step", pos(state, "b2")) in state.legal_actions()


def _hill_621_until(game_turn: int, side_id: str):
    """A Hill 621 game where both sides only end their plays, up to the start of ``side_id``'s play in ``game_turn``."""
    from layoutkit import idle_until
    from tcforge.play.games import new_game
    from tcforge.scenarios.loading import load
    state = new_game(load("hill-621"), 1)
    side = state.game.scenario_rules.side_index(side_id)
    idle_until(state, lambda s: (s.turn, s.active, s.phase) == (game_turn, side, "play"))
    pass_window(state)
    return state, side


def test_20_0_rule_5_reinforcements_arrive_loaded_for_one_supply_point() -> None:
    from tcforge.engine import fire, movement
    from tcforge.engine.board import ATTACHED
    state, side = _hill_621_until(8, "soviet")  # soviet-2 arrives: six Guards Squads on six Trucks, an HMG
    arrived = [u for u in state.units if u.side == side and u.uid in state.ctx.play.arrived]
    squads = [u for u in arrived if u.profile.name == "Soviet Guards Squad"]
    trucks = [u for u in arrived if u.profile.truck]
    assert len(squads) == 6 and len(trucks) == 6
    assert state.supply == state.game.rules.turn_supply_points - 1  # the arrival is one Supply point
    for squad in squads:  # each came aboard a truck, so it stands with one
        assert sum(t.pos == squad.pos for t in trucks) >= sum(s.pos == squad.pos for s in squads)
    hmg = next(u for u in state.units if u.side == side and u.profile.name == "Heavy Machine Gun" and u.uid not in
               [e for s in state.units if s.side == side and s.profile.name == "Soviet Line Squad" for e in s.equipment])
    assert hmg.pos == ATTACHED and state.units[hmg.carrier].profile.name == "Soviet Guards Squad"  # not in the hand
    truck = trucks[0]
    assert movement.may_move(state, truck) and movement.speed(truck, state) == 1  # a fast card goes on one position
    assert movement.speed(squads[0], state) == 0  # a slow card has used its move
    su = next(u for u in arrived if u.profile.name == "SU-122")
    assert not fire.may_fire(state, su)  # the arrival was a move (5.0 b)


def test_20_0_rule_5_reinforcements_are_spread_over_their_positions_as_their_owner_would() -> None:
    # German turn 11: the second group (eleven combat cards, its three half-tracks among them: they are not trucks)
    # joins the first (six, none of them moved) on the four Path positions of rank 2, any of which the owner may
    # use. Seventeen combat cards on four positions of three are at least five over the limit (6.3); dealt out in
    # turn they were seven over (two more cards to move off or lose)
    from tcforge.play.hooks import engine_pos
    state, side = _hill_621_until(11, "german")
    group = state.game.scenario_rules.scenario.side("german").reinforcements[1]
    spots = [engine_pos(state.game.scenario_rules.scenario, p) for p in group.positions]
    limit = state.game.rules.stacking_combat_cards
    combat = [state.combat_count(p, side)[0] for p in spots]
    assert len(spots) == 4 and sum(combat) == 17
    assert sum(max(0, c - limit) for c in combat) == sum(combat) - limit * len(spots)  # no spread is over by less


def test_6_3_overstacked_arrivals_are_reduced_by_their_owner_at_the_turn_end() -> None:
    state, side = _hill_621_until(8, "soviet")
    from tcforge.engine import movement
    over = movement.over_limit(state, side)
    assert over  # eleven combat cards on the two Village positions
    state.apply_checked(("end",))
    while state.current_player() != side or not any(a[0] == "unstack" for a in state.legal_actions()):
        state.apply_checked(("pass",) if ("pass",) in state.legal_actions() else state.legal_actions()[0])
    assert all(a[0] == "unstack" for a in state.legal_actions())
    while any(a[0] == "unstack" for a in state.legal_actions()):
        state.apply_checked(state.legal_actions()[-1])  # the owner chooses which cards go
    assert (not movement.over_limit(state, side) and state.active != side) or state.phase == "discard"


@pytest.mark.parametrize("slow_first", [True, False])
@pytest.mark.parametrize("ride_slow", [True, False])
def test_8_1_8_6_two_tanks_carrying_a_squad_go_at_the_slower_ones_pace(slow_first: bool, ride_slow: bool) -> None:
    """A fast tank and a slow one carry a squad together (8.6): they move together, so one position (8.1), whichever
    tank was picked first and whichever the squad rides (a departure noted in an earlier session; a regression test)."""
    state = make({0: [("PzKw IV H", "c1"), ("PzKw VI B", "c1"), ("German Line Squad", "c1")], 1: [("T-34 M41", "e4")]})
    fast, slow, squad = uid(state, "PzKw IV H"), uid(state, "PzKw VI B"), uid(state, "German Line Squad")
    pass_window(state)
    state.apply_checked(("move", pos(state, "c1")))
    for tank in ((slow, fast) if slow_first else (fast, slow)):
        state.apply_checked(("pick", tank))
    state.apply_checked(("load", squad, slow if ride_slow else fast))
    if state.ctx.move is not None and state.ctx.move.stage == "pick":
        state.apply_checked(("go",))
    state.apply_checked(("step", pos(state, "b2")))
    assert not [a for a in state.legal_actions() if a[0] == "step"]
    assert {state.units[u].pos for u in (fast, slow, squad)} == {pos(state, "b2")}
