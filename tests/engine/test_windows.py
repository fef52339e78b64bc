"""Interrupts answering the opponent (11.1, 12.2, 9.5.1 d, 9.6.1): the reaction windows."""
from __future__ import annotations

from enginekit import make, pass_window, pos, roll, start_one_card_move, uid
from tcforge.engine.board import RESERVE
from tcforge.engine.state import CHANCE


def test_12_2_breakdown_in_the_opponents_play_and_repair_answers_it() -> None:
    state = make({0: [("PzKw IV H", "c1"), ("Repair", RESERVE)], 1: [("T-34 M41", "e4"), ("Breakdown", RESERVE)]})
    tank = uid(state, "PzKw IV H")
    assert state.current_player() == 1  # the window before side 0's play
    state.apply_checked(("interrupt", uid(state, "Breakdown"), tank))
    assert state.units[tank].immobilized
    state.apply_checked(("pass",))
    assert state.current_player() == 0
    state.apply_checked(("interrupt", uid(state, "Repair"), tank))  # 12.2: an Interrupt removes an Interrupt
    assert not state.units[tank].immobilized


def test_11_1_stream_played_as_a_tank_moves_in_stops_it() -> None:
    state = make({0: [("PzKw IV H", "c1")], 1: [("T-34 M41", "e4"), ("Stream", RESERVE)]})
    pass_window(state)  # no answer before the play
    start_one_card_move(state, "c1", "PzKw IV H")
    c2 = pos(state, "c2")
    state.apply_checked(("step", c2))
    assert state.current_player() == 1 and ("interrupt", uid(state, "Stream")) in state.legal_actions()
    state.apply_checked(("interrupt", uid(state, "Stream")))
    tank = state.units[uid(state, "PzKw IV H")]
    assert tank.pos == pos(state, "c1") and state.terrain[c2] == 21  # it stays where it was


def test_11_1_infantry_on_foot_goes_on_into_the_stream() -> None:
    state = make({0: [("German Line Squad", "c1")], 1: [("T-34 M41", "e4"), ("Stream", RESERVE)]})
    pass_window(state)
    start_one_card_move(state, "c1", "German Line Squad")
    state.apply_checked(("step", pos(state, "c2")))
    state.apply_checked(("interrupt", uid(state, "Stream")))
    assert state.units[uid(state, "German Line Squad")].pos == pos(state, "c2")


def test_minefield_attacks_the_group_and_minefield_gap_cancels_it() -> None:
    state = make({0: [("German Line Squad", "c1"), ("Minefield Gap", RESERVE)],
                  1: [("T-34 M41", "e4"), ("Minefield", RESERVE), ("Minefield", RESERVE)]})
    pass_window(state)
    start_one_card_move(state, "c1", "German Line Squad")
    state.apply_checked(("step", pos(state, "c2")))
    state.apply_checked(("interrupt", uid(state, "Minefield", 1, 0)))
    assert state.current_player() == 0  # the mover may answer with a Minefield Gap
    state.apply_checked(("interrupt", uid(state, "Minefield Gap")))
    squad = state.units[uid(state, "German Line Squad")]
    assert squad.pos == pos(state, "c2") and not state.rolls


def test_minefield_destroys_on_1_to_3() -> None:
    state = make({0: [("German Line Squad", "c1")], 1: [("T-34 M41", "e4"), ("Minefield", RESERVE)]})
    pass_window(state)
    start_one_card_move(state, "c1", "German Line Squad")
    state.apply_checked(("step", pos(state, "c2")))
    state.apply_checked(("interrupt", uid(state, "Minefield")))
    assert state.current_player() == CHANCE
    roll(state, 3)
    assert state.units[uid(state, "German Line Squad")].pos < 0


def test_weapon_malfunction_cancels_a_declared_shot() -> None:
    state = make({0: [("PzKw IV H", "c2")], 1: [("T-34 M41", "c3"), ("Weapon Malfunction", RESERVE)]})
    pass_window(state)
    state.apply_checked(("fire", pos(state, "c2")))
    state.apply_checked(("shoot", uid(state, "PzKw IV H"), uid(state, "T-34 M41"), "at"))
    assert state.current_player() == 1
    state.apply_checked(("interrupt", uid(state, "Weapon Malfunction")))
    assert not state.rolls and state.units[uid(state, "PzKw IV H")].fired == 1


def test_counterbattery_fire_cancels_an_artillery_barrage() -> None:
    state = make({0: [("Artillery Barrage", RESERVE), ("PzKw IV H", "a1")],
                  1: [("Soviet Line Squad", "c3"), ("Counterbattery Fire", RESERVE)]})
    pass_window(state)
    state.apply_checked(("play", uid(state, "Artillery Barrage"), pos(state, "c3"), "ffe"))
    assert state.current_player() == 1
    state.apply_checked(("interrupt", uid(state, "Counterbattery Fire")))
    assert not state.rolls and uid(state, "Counterbattery Fire") in state.discard[1]


def test_9_6_1_tactical_advantage_fires_first_and_losses_do_not_fire_back() -> None:
    state = make({0: [("German Line Squad", "c3"), ("Tactical Advantage", RESERVE)], 1: [("Soviet Line Squad", "c3")]})
    state.apply_checked(("end",))  # straight to the melee
    assert state.current_player() == 0
    state.apply_checked(("interrupt", uid(state, "Tactical Advantage")))
    state.apply_checked(("pass",))
    german, soviet = uid(state, "German Line Squad"), uid(state, "Soviet Line Squad")
    state.apply_checked(("target", german, soviet, "sa"))
    state.apply_checked(("target", soviet, german, "sa"))
    assert [e[2] for e in state.rolls] == [german]  # only the German attack is rolled first
    roll(state, 1)
    assert state.units[soviet].pos < 0 and not state.rolls  # destroyed before it could fire


def test_9_5_1_d_smoke_played_as_the_melee_begins() -> None:
    state = make({0: [("German Line Squad", "c3")], 1: [("Soviet Line Squad", "c3"), ("Smoke", RESERVE)]})
    pass_window(state)  # Smoke could also answer side 0's play
    state.apply_checked(("end",))
    assert state.current_player() == 1 and state.phase == "melee"
    state.apply_checked(("interrupt", uid(state, "Smoke")))
    assert state.smoke[pos(state, "c3")] >= 0


def test_path_lets_a_moving_card_through_slowing_terrain() -> None:
    state = make({0: [("PzKw IV H", "c1"), ("Path", RESERVE)], 1: [("T-34 M41", "e4")]}, terrain={"c2": "Hills"})
    start_one_card_move(state, "c1", "PzKw IV H")
    state.apply_checked(("interrupt", uid(state, "Path")))
    state.apply_checked(("step", pos(state, "c2")))
    assert ("step", pos(state, "c3")) in state.legal_actions()  # not stopped by the Hills


def test_12_0_a_window_is_skipped_only_when_the_hand_holds_none_of_the_cards_it_could_offer(monkeypatch) -> None:
    """open_window skips a window whose kind's cards (windows._WINDOW_CARDS) are none in the hand; the table repeats
    what options() offers, so a card missing from it would silently keep its window shut. Random players, who play
    Interrupts whenever offered, play the same games with the shortcut and without it."""
    import random

    from tcforge.agents.playout import random_policy, run
    from tcforge.engine import windows
    from tcforge.engine.actions import Interrupt
    from tcforge.play.games import new_game
    from tcforge.scenarios.loading import load

    def games() -> list[list[object]]:
        out = []
        for scenario, seed in (("hill-621", 1), ("hill-621", 2), ("kursk", 3), ("the-end-is-near", 4)):
            state = new_game(load(scenario), seed)
            run(state, (random_policy, random_policy), random.Random(seed))
            out.append(list(state.history))
        return out

    with_table = games()
    monkeypatch.setattr(windows, "_WINDOW_CARDS", {})
    assert games() == with_table
    assert sum(type(a) is Interrupt for history in with_table for a in history) >= 10  # windows did open
