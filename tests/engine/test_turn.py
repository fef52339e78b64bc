"""The sequence of play and the play (4.0, 5.0 a-e, 6.4, 8.0, 9.0, 9.1, 9.5.1 b/d/f, 12.1, 15.0)."""
from __future__ import annotations

from enginekit import make, pos, roll, uid
from tcforge.engine.attacks import Attack
from tcforge.engine.board import DECK, RESERVE
from tcforge.engine.melee import melee_attack
from tcforge.engine.state import CHANCE


def test_5_0_a_a_move_costs_a_supply_point_and_moved_cards_may_not_fire() -> None:
    state = make({0: [("PzKw IV H", "c1")], 1: [("T-34 M41", "c3")]})
    state.apply_checked(("move", pos(state, "c1")))
    assert state.supply == 1
    state.apply_checked(("pick", uid(state, "PzKw IV H")))
    state.apply_checked(("step", pos(state, "c2")))
    if state.phase == "move":
        state.apply_checked(("halt",))
    assert ("fire", pos(state, "c2")) not in state.legal_actions()  # 5.0 b: not after moving


def test_5_0_b_fire_uses_up_to_three_cards_of_one_position() -> None:
    state = make({0: [("PzKw IV H", "c2"), ("PzKw IV G", "c2"), ("PzKw IV J", "c2")],
                  1: [("T-34 M41", "c3"), ("T-34 M43", "c3")]})
    state.apply_checked(("fire", pos(state, "c2")))
    firers = {a[1] for a in state.legal_actions() if a[0] == "shoot"}
    assert len(firers) == 3 and state.supply == 1


def test_5_0_c_an_instant_costs_a_supply_point() -> None:
    state = make({0: [("Sniper", RESERVE), ("German Line Squad", "c2")], 1: [("Soviet Line Squad", "c4")]})
    state.apply_checked(("play", uid(state, "Sniper"), uid(state, "Soviet Line Squad")))
    assert state.supply == 1 and state.rolls[0][1].hit == 2


def test_5_0_d_drawing_a_card_costs_a_point_and_is_a_chance_event() -> None:
    state = make({0: [("PzKw IV H", DECK), ("PzKw IV G", DECK)], 1: [("T-34 M41", "e4")]})
    state.apply_checked(("draw",))
    assert state.supply == 1 and {a[1] for a, _ in state.chance_outcomes()} == set(state.deck[0])
    state.apply_checked(state.chance_outcomes()[0][0])
    assert len(state.hand[0]) == 1 and len(state.deck[0]) == 1


def test_5_0_e_ending_the_play_forfeits_the_points_and_passes_the_turn() -> None:
    state = make({0: [("PzKw IV H", "a1")], 1: [("T-34 M41", "e4")]})
    state.apply_checked(("end",))
    assert state.active == 1 and state.supply == 2 and state.turn == 1
    state.apply_checked(("end",))
    assert state.active == 0 and state.turn == 2


def test_6_4_discard_down_to_the_hand_limit() -> None:
    cards = [("German Line Squad", RESERVE)] * 14
    state = make({0: cards, 1: [("T-34 M41", "e4")]})
    state.apply_checked(("end",))
    assert state.phase == "discard" and all(a[0] == "discard" for a in state.legal_actions())
    state.apply_checked(state.legal_actions()[0])
    state.apply_checked(state.legal_actions()[0])
    assert len(state.hand[0]) == 12 and state.active == 1


def test_8_0_only_vehicles_guns_and_squads_move() -> None:
    state = make({0: [("PzKw IV H", "c1"), ("Smoke", RESERVE)], 1: [("T-34 M41", "e4")]})
    smoke = uid(state, "Smoke")
    state.apply_checked(("move", pos(state, "c1")))
    assert ("pick", smoke) not in state.legal_actions()


def test_9_1_no_fire_beyond_two_positions() -> None:
    state = make({0: [("PzKw IV H", "c1")], 1: [("T-34 M41", "c4")]})
    state.apply_checked(("fire", pos(state, "c1")))  # a fire action may still lay Smoke (9.5.1 f)
    assert not any(a[0] == "shoot" for a in state.legal_actions())


def test_9_0_each_card_fires_once_a_turn() -> None:
    state = make({0: [("PzKw IV H", "c2")], 1: [("T-34 M41", "c3"), ("T-34 M43", "c3")]})
    state.apply_checked(("fire", pos(state, "c2")))
    state.apply_checked(("shoot", uid(state, "PzKw IV H"), uid(state, "T-34 M41"), "at"))
    roll(state, 10)
    assert ("fire", pos(state, "c2")) not in state.legal_actions()


def test_9_5_1_b_smoke_lifts_at_the_end_of_the_opponents_next_turn() -> None:
    state = make({0: [("Smoke", RESERVE), ("PzKw IV H", "a1")], 1: [("T-34 M41", "c3")]})
    c3 = pos(state, "c3")
    state.apply_checked(("interrupt", uid(state, "Smoke"), c3))
    state.apply_checked(("end",))
    assert state.smoke[c3] >= 0  # still there during the opponent's turn
    state.apply_checked(("end",))
    assert state.smoke[c3] == -1


def test_9_5_1_d_smoke_adds_2_to_melee_fire() -> None:
    state = make({0: [("PzKw IV H", "c3")], 1: [("T-34 M41", "c3")]})
    tank, enemy = state.units[uid(state, "PzKw IV H")], state.units[uid(state, "T-34 M41")]
    before = melee_attack(state, tank, enemy, "at").modifier
    state.smoke[pos(state, "c3")] = 9
    assert melee_attack(state, tank, enemy, "at").modifier == before + 2


def test_9_5_1_f_he_fire_lays_smoke_on_its_he_value_plus_2_at_long_range() -> None:
    state = make({0: [("PzKw IV H", "c1")], 1: [("T-34 M41", "c3")]})
    state.apply_checked(("fire", pos(state, "c1")))
    c3 = pos(state, "c3")
    state.apply_checked(("smoke", uid(state, "PzKw IV H"), c3))
    assert state.rolls[0][1] == Attack("smoke", 6, 2)
    roll(state, 4)
    assert state.smoke[c3] >= 0


def test_9_5_1_c_laying_smoke_out_of_a_smoked_position_takes_the_4() -> None:
    """Smoke adds 4 to all fire out of its position, Smoke-laying fire included (9.5.1 c with f)."""
    state = make({0: [("PzKw IV H", "c1")], 1: [("T-34 M41", "c3")]})
    state.smoke[pos(state, "c1")] = 9
    state.apply_checked(("fire", pos(state, "c1")))
    state.apply_checked(("smoke", uid(state, "PzKw IV H"), pos(state, "c2")))
    assert state.rolls[0][1] == Attack("smoke", 6, 4)


def test_12_1_an_instant_is_played_in_ones_own_play() -> None:
    state = make({0: [("PzKw IV H", "a1")], 1: [("T-34 M41", "e4"), ("Sniper", RESERVE)]})
    assert not any(a[0] == "play" for a in state.legal_actions())


def test_15_0_destroyed_cards_go_to_their_owners_discard_pile() -> None:
    state = make({0: [("PzKw IV H", "c2")], 1: [("Soviet Line Squad", "c3")]})
    state.apply_checked(("fire", pos(state, "c2")))
    state.apply_checked(("shoot", uid(state, "PzKw IV H"), uid(state, "Soviet Line Squad"), "he"))
    roll(state, 1)
    assert state.discard[1] == [uid(state, "Soviet Line Squad")]


def test_10_0_16_0_victory_is_judged_after_every_simultaneous_melee_result() -> None:
    """Two tanks kill each other in a melee on the third rear-rank position: the results apply at once, so that
    position is empty and the attacker holds two, not three (16.0 is not met between the two results)."""
    state = make({0: [("PzKw IV H", "a4"), ("PzKw IV H", "b4"), ("PzKw IV H", "c4")], 1: [("T-34 M43", "c4")]})
    state.apply_checked(("end",))
    while not state.is_terminal() and state.turn == 1 and state.active == 0:
        if state.current_player() == CHANCE:
            state.apply_checked(("d10", 1))  # a natural 1 hits (flank in melee), a 1 kills
        else:
            state.apply_checked(state.legal_actions()[0])
    assert state.units[uid(state, "T-34 M43")].pos < 0 and state.units[uid(state, "PzKw IV H", n=2)].pos < 0
    assert state.outcome is None
