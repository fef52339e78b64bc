"""Movement (8.0-8.5), stacking (6.3), melee exit (10.0) and victory (16.0)."""
from __future__ import annotations

from enginekit import make, pass_window, pos, roll, uid
from tcforge.engine.board import RESERVE


def steps_of(state, _unit=None):
    return sorted(a[1] for a in state.legal_actions() if a[0] == "step")


def go(state):
    """End the picking (it ends by itself once nothing else may be picked or loaded)."""
    if state.ctx.move is not None and state.ctx.move.stage == "pick":
        state.apply_checked(("go",))


def start_move(state, label, *names):
    source = RESERVE if label == "reserve" else pos(state, label)
    state.apply_checked(("move", source))
    for name in names:
        state.apply_checked(("pick", uid(state, name, state.active)))
    if state.ctx.move is not None and state.ctx.move.stage == "pick":
        state.apply_checked(("go",))


def test_8_1_fast_cards_move_two_positions_slow_cards_one() -> None:
    state = make({0: [("PzKw IV H", "c1"), ("German Line Squad", "a1")], 1: [("T-34 M41", "e4")]})
    start_move(state, "c1", "PzKw IV H")
    state.apply_checked(("step", pos(state, "c2")))
    assert pos(state, "c3") in steps_of(state, None)  # a second step
    state.apply_checked(("step", pos(state, "c3")))
    assert state.phase == "play" and state.units[uid(state, "PzKw IV H")].pos == pos(state, "c3")
    start_move(state, "a1", "German Line Squad")
    state.apply_checked(("step", pos(state, "a2")))
    assert state.units[uid(state, "German Line Squad")].pos == pos(state, "a2") and state.phase != "move"


def test_8_3_reserve_enters_only_through_the_rear_rank() -> None:
    state = make({0: [("PzKw IV H", RESERVE)], 1: [("T-34 M41", "e4")]})
    start_move(state, "reserve", "PzKw IV H")
    assert steps_of(state, None) == sorted(state.game.board.rear_rank(0))


def test_8_4_slowing_terrain_entered_only_from_adjacent_and_ends_the_move() -> None:
    state = make({0: [("PzKw IV H", "c1")], 1: [("T-34 M41", "e4")]}, terrain={"c3": "Hills", "c2": "Hills"})
    start_move(state, "c1", "PzKw IV H")
    state.apply_checked(("step", pos(state, "b2")))
    assert pos(state, "c3") not in steps_of(state, None)  # not adjacent at the start of the move
    state2 = make({0: [("PzKw IV H", "c1")], 1: [("T-34 M41", "e4")]}, terrain={"c2": "Hills"})
    start_move(state2, "c1", "PzKw IV H")
    state2.apply_checked(("step", pos(state2, "c2")))
    assert state2.phase == "play"  # stopped in the Hills


def test_8_4_1_vehicle_entering_woods_is_immobilised_on_5_or_less() -> None:
    state = make({0: [("PzKw IV H", "c1"), ("PzKw IV G", "b1")], 1: [("T-34 M41", "e4")]}, terrain={"c2": "Woods"})
    start_move(state, "c1", "PzKw IV H")
    state.apply_checked(("step", pos(state, "c2")))
    assert state.rolls and state.rolls[0][0] == "woods"
    roll(state, 5)
    assert state.units[uid(state, "PzKw IV H")].immobilized
    start_move(state, "b1", "PzKw IV G")
    state.apply_checked(("step", pos(state, "c2")))
    roll(state, 6)
    assert not state.units[uid(state, "PzKw IV G")].immobilized


def test_8_5_infantry_may_not_enter_clear_position_with_enemy_tanks_alone() -> None:
    state = make({0: [("German Line Squad", "c2"), ("PzKw IV H", "d2")], 1: [("T-34 M41", "c3")]})
    start_move(state, "c2", "German Line Squad")
    assert pos(state, "c3") not in steps_of(state, None)
    state2 = make({0: [("German Line Squad", "c2"), ("PzKw IV H", "d2")], 1: [("T-34 M41", "c3")]}, terrain={"c3": "Village"})
    start_move(state2, "c2", "German Line Squad")
    assert pos(state2, "c3") in steps_of(state2, None)  # not clear: allowed


def test_8_5_entering_an_enemy_position_ends_the_move() -> None:
    state = make({0: [("PzKw IV H", "c2")], 1: [("T-34 M41", "c3")]})
    start_move(state, "c2", "PzKw IV H")
    state.apply_checked(("step", pos(state, "c3")))
    assert state.phase in ("play", "melee") and state.units[uid(state, "PzKw IV H")].entered_from == pos(state, "c2")


def test_10_0_attacker_leaves_a_melee_only_the_way_it_came() -> None:
    state = make({0: [("PzKw IV H", "c2")], 1: [("German Line Squad", "c3")]}, overrides={"turn.card_may_move_twice": True})
    state.units[uid(state, "PzKw IV H")].entered_from = pos(state, "b2")
    state.occ[pos(state, "c2")][1].append(state.occ[pos(state, "c3")][1].pop())  # an enemy in the tank's position
    state.units[uid(state, "German Line Squad")].pos = pos(state, "c2")
    start_move(state, "c2", "PzKw IV H")
    assert steps_of(state, None) == [pos(state, "b2")]


def test_6_3_stacking_holds_at_rest_not_on_the_way() -> None:
    state = make({0: [("PzKw IV H", "c1"), ("PzKw IV G", "c2"), ("PzKw IV J", "c2"), ("PzKw III L", "c2")],
                  1: [("T-34 M41", "e4")]})
    start_move(state, "c1", "PzKw IV H")
    options = steps_of(state, None)
    assert pos(state, "c2") in options  # it may pass through the full position...
    state.apply_checked(("step", pos(state, "c2")))
    assert ("halt",) not in state.legal_actions()  # ...but not stop there
    assert pos(state, "c3") in steps_of(state, None)


def _through_the_full_c2_into(interrupt: str):
    """A fast tank goes c1 -> c2 (three friendly combat cards: full) -> c3; the enemy answers the step into c3."""
    state = make({0: [("PzKw IV H", "c1"), ("PzKw IV G", "c2"), ("PzKw IV J", "c2"), ("PzKw III L", "c2")],
                  1: [("T-34 M41", "e4"), (interrupt, RESERVE)]})
    pass_window(state)
    start_move(state, "c1", "PzKw IV H")
    state.apply_checked(("step", pos(state, "c2")))
    state.apply_checked(("pass",))  # the enemy lets it into c2
    state.apply_checked(("step", pos(state, "c3")))
    state.apply_checked(("interrupt", uid(state, interrupt)))
    return state, state.units[uid(state, "PzKw IV H")]


def _at_rest_within_the_limits(state) -> None:
    for p in range(state.game.board.size):
        for side in (0, 1):
            assert state.combat_count(p, side)[0] <= 3, (state.game.board.label(p), side)


def test_8_0_minefield_immobilising_a_card_passing_through_a_full_position_sends_it_back_to_where_it_could_stop() -> None:
    """8.0 and 6.3: a card may pass through a full position but never end its move there. A Minefield that
    immobilises it on its way out would leave it there; the project's reading takes its steps back to the last
    position it could end in (here where it started), immobilised, and nothing is eliminated at the turn's end."""
    state, tank = _through_the_full_c2_into("Minefield")
    roll(state, 3)  # 3: the tank is immobilised (9.3.2), not destroyed
    assert tank.immobilized and tank.pos == pos(state, "c1")
    assert state.phase == "play" and state.ctx.move is None
    _at_rest_within_the_limits(state)
    state.apply_checked(("end",))
    assert not [a for a in state.legal_actions() if a[0] == "unstack"]  # 20.0 rule 5's elimination is Hill 621's only
    assert tank.pos == pos(state, "c1") and len(state.occ[pos(state, "c2")][0]) == 3


def test_8_0_wire_stopping_a_card_in_a_full_position_it_passes_through_sends_it_back_to_where_it_could_stop() -> None:
    state, tank = _through_the_full_c2_into("Wire")
    assert tank.pos == pos(state, "c1") and not tank.immobilized and state.ctx.move is None
    _at_rest_within_the_limits(state)


def test_8_0_8_4_1_a_vehicle_immobilised_in_full_woods_it_passes_through_on_a_path_goes_back_to_where_it_could_stop() -> None:
    state = make({0: [("PzKw IV H", "c1"), ("PzKw IV G", "c2"), ("PzKw IV J", "c2"), ("PzKw III L", "c2"), ("Path", RESERVE)],
                  1: [("T-34 M41", "e4")]}, terrain={"c2": "Woods"})
    start_move(state, "c1", "PzKw IV H")
    state.apply_checked(("interrupt", uid(state, "Path")))  # the Woods do not stop it: it may pass through
    state.apply_checked(("step", pos(state, "c2")))
    roll(state, 1)  # 8.4.1: immobilised entering the Woods
    tank = state.units[uid(state, "PzKw IV H")]
    assert tank.immobilized and tank.pos == pos(state, "c1") and state.ctx.move is None
    _at_rest_within_the_limits(state)


def test_16_0_victory_the_instant_three_rear_positions_are_controlled() -> None:
    state = make({0: [("PzKw IV H", "a3"), ("PzKw IV G", "b3"), ("PzKw IV J", "c4")], 1: [("T-34 M41", "e3")]},
                 overrides={"stacking.combat_cards": 3})
    start_move(state, "a3", "PzKw IV H")
    state.apply_checked(("step", pos(state, "a4")))
    if state.phase == "move":
        state.apply_checked(("halt",))
    assert state.winner is None
    start_move(state, "b3", "PzKw IV G")
    state.apply_checked(("step", pos(state, "b4")))
    if state.phase == "move":
        state.apply_checked(("halt",))
    assert state.winner == 0 and state.is_terminal() and state.returns() == (1.0, -1.0)


def test_8_6_a_squad_rides_a_half_track_two_positions_and_gets_off() -> None:
    state = make({0: [("Mittlerer SPW", "c1"), ("German Line Squad", "c1")], 1: [("T-34 M41", "e4")]})
    spw, squad = uid(state, "Mittlerer SPW"), uid(state, "German Line Squad")
    state.apply_checked(("move", pos(state, "c1")))
    state.apply_checked(("pick", spw))
    state.apply_checked(("load", squad, spw))
    go(state)
    state.apply_checked(("step", pos(state, "c2")))
    state.apply_checked(("step", pos(state, "c3")))
    assert state.units[squad].pos == pos(state, "c3") and state.units[squad].carrier is None  # slow squad moved 2


def test_8_6_two_tanks_carry_one_squad_together() -> None:
    state = make({0: [("PzKw IV H", "c1"), ("PzKw IV G", "c1"), ("German Line Squad", "c1")], 1: [("T-34 M41", "e4")]})
    a, b, squad = uid(state, "PzKw IV H"), uid(state, "PzKw IV G"), uid(state, "German Line Squad")
    state.apply_checked(("move", pos(state, "c1")))
    state.apply_checked(("pick", a))
    state.apply_checked(("pick", b))
    state.apply_checked(("load", squad, a))
    go(state)
    state.apply_checked(("step", pos(state, "b2")))
    state.apply_checked(("step", pos(state, "b3")))
    assert {state.units[u].pos for u in (a, b, squad)} == {pos(state, "b3")}


def test_8_6_1_a_towed_gun_moves_with_its_truck_but_not_into_melee() -> None:
    state = make({0: [("Truck German", "c1"), ("7.5 cm PaK 40", "c1")], 1: [("Soviet Line Squad", "c3")]})
    truck, gun = uid(state, "Truck German"), uid(state, "7.5 cm PaK 40")
    state.apply_checked(("move", pos(state, "c1")))
    state.apply_checked(("pick", truck))
    state.apply_checked(("tow", gun, truck))
    go(state)
    state.apply_checked(("step", pos(state, "c2")))
    assert pos(state, "c3") not in steps_of(state, None)  # enemy there: no towing into melee
    state.apply_checked(("step", pos(state, "b3")))
    assert state.units[gun].pos == pos(state, "b3")


def test_23_woods_immobilise_half_the_vehicles_that_enter() -> None:
    """000 section 23: the authors set the Woods roll at 5 or less, so half of the vehicles entering bog down."""
    from fractions import Fraction
    state = make({0: [("PzKw IV H", "c1")], 1: [("T-34 M41", "e4")]}, terrain={"c2": "Woods"})
    start_move(state, "c1", "PzKw IV H")
    state.apply_checked(("step", pos(state, "c2")))
    outcomes = state.chance_outcomes()
    stuck = Fraction(0)
    for action, p in outcomes:
        child = state.clone()
        child.apply_action(action)
        stuck += Fraction(p).limit_denominator(10) if child.units[uid(child, "PzKw IV H")].immobilized else 0
    assert stuck == Fraction(1, 2)
