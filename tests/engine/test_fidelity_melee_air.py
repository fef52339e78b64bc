"""The engine against the rule text, round three: 10.0's way back, 001's vehicles in melee, 001 1.8 air strikes on hidden cards."""
from __future__ import annotations

from enginekit import make, pass_window, pos, roll, start_one_card_move, uid
from tcforge.engine.board import RESERVE
from tcforge.engine.melee import melee_attack
from tcforge.engine.movement import can_enter
from tcforge.engine.state import CHANCE


def test_001_vehicles_fire_he_at_trucks_in_melee() -> None:
    """001 bars only HE at infantry, cavalry and AT guns: a tank in melee with a truck fires its HE (9.4)."""
    state = make({0: [("PzKw IV H", "b2")], 1: [("Truck USSR", "b2"), ("Soviet Line Squad", "b2")]},
                 ruleset="jeff-mike-2002", columns=3)
    tank = state.units[uid(state, "PzKw IV H")]
    truck, squad = state.units[uid(state, "Truck USSR")], state.units[uid(state, "Soviet Line Squad")]
    he = melee_attack(state, tank, truck, "he")
    assert he is not None and he.hit == tank.profile.he
    assert melee_attack(state, tank, squad, "he") is None  # the squad still gets small arms only


def test_001_1_8_tank_buster_is_played_on_hidden_cards_normally() -> None:
    """An air attack may be aimed at a face-down card; it is revealed as the attack resolves (001 1.8)."""
    state = make({0: [("Tank Buster", RESERVE), ("PzKw IV H", "a1")], 1: [("T-34 M41", "e4"), ("Soviet Line Squad", "d4")]},
                 overrides={"hidden.units": True})
    card, tank, squad = uid(state, "Tank Buster"), uid(state, "T-34 M41"), uid(state, "Soviet Line Squad")
    pass_window(state)
    assert state.face_down(tank) and state.face_down(squad)
    targets = {a[2] for a in state.legal_actions() if a[:2] == ("play", card)}
    assert targets == {tank, squad}  # the player cannot tell a tank from a squad face down
    state.apply_checked(("play", card, tank))
    pass_window(state)
    assert state.current_player() == CHANCE and not state.face_down(tank)  # revealed while it is attacked
    roll(state, 10)  # a miss
    assert state.face_down(tank)  # out of every German's sight: hidden again


def test_10_0_a_card_assaulted_where_its_own_melee_ended_leaves_by_any_way() -> None:
    """The tank began a melee at c3 by entering from c2; the melee ended; a new enemy card assaults c3: the tank is
    now defending, and 10.0 no longer ties it to its old way back."""
    state = make({0: [("PzKw IV H", "c2")], 1: [("Soviet Line Squad", "c3"), ("T-34 M41", "d4")]},
                 overrides={"turn.card_may_move_twice": True})
    tank = uid(state, "PzKw IV H")
    start_one_card_move(state, "c2", "PzKw IV H")
    state.apply_checked(("step", pos(state, "c3")))
    assert state.units[tank].entered_from == pos(state, "c2")
    squad = state.units[uid(state, "Soviet Line Squad")]
    state._destroy(squad.uid)  # the melee ends: the tank holds c3 alone
    state._changed()
    while state.active == 0:  # the German turn ends; in the Soviet turn the T-34 assaults c3
        legal = state.legal_actions()
        state.apply_checked(("end",) if ("end",) in legal else ("pass",) if ("pass",) in legal else legal[0])
    while state.phase != "play" or state.current_player() != 1:
        state.apply_checked(state.legal_actions()[0])
    start_one_card_move(state, "d4", "T-34 M41")
    state.apply_checked(("step", pos(state, "d3")))
    pass_window(state)
    state.apply_checked(("step", pos(state, "c3")))
    assert state.units[uid(state, "T-34 M41")].entered_from == pos(state, "d3")
    here = pos(state, "c3")
    assert [to for to in (pos(state, "b3"), pos(state, "c2"), pos(state, "d3"))
            if can_enter(state, state.units[tank], here, to, True)] == [pos(state, "b3"), pos(state, "c2"), pos(state, "d3")]
