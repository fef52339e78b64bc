"""Source 001, Victory Conditions, Attack/Defense: the attacker's break-through into the defender's reserve.

Positions are on the 5 x 4 test board: side 0 (the attacker here) holds rows 1-2, side 1 rows 3-4; row 4 is
the defender's second row, next to his reserve. A PzKw IV H is worth 28 points, a T-34 M41 24, a Soviet Line
Squad 12 and Smoke 5.
"""
from __future__ import annotations

import random
from typing import Any

from enginekit import make as make_state
from enginekit import pass_window, pos, roll, start_one_card_move, uid
from tcforge.agents import greedy
from tcforge.engine.board import DISCARDED, RESERVE
from tcforge.engine.outcome import EndKind
from tcforge.engine.state import GameState

BREAK = {"victory.break_through": True}


def make(placements: dict[int, list[tuple[str, Any]]], overrides: dict[str, Any] | None = None,
         attacker: int | None = 0) -> GameState:
    state = make_state(placements, overrides=BREAK if overrides is None else overrides, attacker=attacker)
    pass_window(state)
    return state


def exits(state: GameState) -> list[tuple[Any, ...]]:
    return [a for a in state.legal_actions() if a[0] == "exit"]


def two_tanks_in_c4(hand: list[str]) -> GameState:
    return make({0: [("PzKw IV H", "c4"), ("PzKw IV H", "c4")],
                 1: [("T-34 M41", "a4")] + [(name, RESERVE) for name in hand]})


def test_001_victory_conditions_break_through_a_hand_that_cannot_match_the_exited_points_loses() -> None:
    state = two_tanks_in_c4(["Soviet Line Squad", "Smoke"])  # 17 points in hand against one tank's 28
    first, second = uid(state, "PzKw IV H", n=0), uid(state, "PzKw IV H", n=1)
    assert ("exit", pos(state, "c4"), first) in exits(state)
    state.apply_checked(("exit", pos(state, "c4"), first))
    assert state.units[first].pos == DISCARDED and first in state.discard[0]  # out of play
    assert state.units[second].pos == pos(state, "c4")  # c4 is still captured
    assert not state.hand[1] and len(state.discard[1]) == 2  # the defender gave up all he had
    assert state.outcome is not None and state.outcome.winner == 0
    assert state.outcome.kind == EndKind.VICTORY_CONDITION and state.outcome.condition == "001 break-through"


def test_001_victory_conditions_break_through_the_defender_pays_with_hand_cards_and_play_goes_on() -> None:
    state = two_tanks_in_c4(["Soviet Line Squad", "Smoke", "T-34 M41"])  # 41 points against 28
    tank = uid(state, "PzKw IV H", n=0)
    supply = state.supply
    state.apply_checked(("exit", pos(state, "c4"), tank))
    assert state.supply == supply - state.game.rules.turn_move_cost  # a move action
    window = state.ctx.window
    assert window is not None and window.kind == "breakthrough" and state.current_player() == 1
    hand = sorted(state.hand[1])
    assert state.legal_actions() == [("yield", u) for u in hand]  # no passing: the points are owed
    squad, smoke = uid(state, "Soviet Line Squad"), uid(state, "Smoke")
    state.apply_checked(("yield", squad))  # 12 paid, 16 owed: the window stays
    assert state.ctx.window is not None and state.ctx.window.data.owed == 16  # type: ignore[union-attr]
    state.apply_checked(("yield", smoke))  # 17 paid, 11 owed
    state.apply_checked(("yield", uid(state, "T-34 M41", n=1)))  # 41 paid: matched and passed
    assert state.ctx.window is None and state.outcome is None and not state.hand[1]
    assert state.current_player() == 0 and state.phase == "play"


def test_001_victory_conditions_break_through_only_from_a_captured_zone_of_the_defenders_second_row() -> None:
    contested = make({0: [("PzKw IV H", "c4")], 1: [("T-34 M41", "c4")]})
    assert not exits(contested)  # enemy cards in the zone: not captured
    first_row = make({0: [("PzKw IV H", "c3")], 1: [("T-34 M41", "a4")]})
    assert not exits(first_row)  # the defender's first row is not next to his reserve
    defender = make({0: [("PzKw IV H", "c4")], 1: [("T-34 M41", "a4")]}, attacker=1)
    assert not exits(defender)  # only the attacker breaks through
    meeting = make({0: [("PzKw IV H", "c4")], 1: [("T-34 M41", "a4")]}, attacker=None)
    assert not exits(meeting)  # a meeting engagement has no attacker
    plain = make({0: [("PzKw IV H", "c4")], 1: [("T-34 M41", "a4")]}, overrides={})
    assert not exits(plain)  # the unified rules know no break-through
    held = make({0: [("PzKw IV H", "c4")], 1: [("T-34 M41", "a4")]})
    assert exits(held) == [("exit", pos(held, "c4"), uid(held, "PzKw IV H"))]


def test_001_victory_conditions_break_through_the_exit_is_a_move_action_and_may_follow_the_move_in() -> None:
    state = make({0: [("PzKw IV H", "c3"), ("PzKw IV H", "d4")], 1: [("T-34 M41", "a4"), ("T-34 M41", RESERVE)]})
    tank = uid(state, "PzKw IV H", n=0)
    start_one_card_move(state, "c3", "PzKw IV H")
    state.apply_checked(("step", pos(state, "c4")))
    state.apply_checked(("halt",))  # a fast card could go on: it stops in c4
    pass_window(state)
    assert state.units[tank].pos == pos(state, "c4") and state.supply == 1
    assert ("exit", pos(state, "c4"), tank) in exits(state)  # a card may move twice in a turn (5.0)
    state.apply_checked(("exit", pos(state, "c4"), tank))
    assert state.supply == 0 and state.outcome is not None  # 28 points against the T-34's 24; d4 is still held


def test_001_victory_conditions_break_through_needs_a_captured_zone_still_held() -> None:
    state = make({0: [("PzKw IV H", "c4")], 1: [("T-34 M41", "a4"), ("Smoke", RESERVE)]})
    state.apply_checked(("exit", pos(state, "c4"), uid(state, "PzKw IV H")))  # the last card leaves c4
    assert state.outcome is None and not state.hand[1]  # unpaid, but no zone is held: no victory


def test_001_victory_conditions_break_through_exited_points_count_the_passengers() -> None:
    state = make({0: [("Sd.Kfz. 251", "c4"), ("German Line Squad", "c4"), ("PzKw IV H", "c4")],
                  1: [("T-34 M41", "a4"), ("T-34 M41", RESERVE), ("T-34 M41", RESERVE)]})
    halftrack, squad = uid(state, "Sd.Kfz. 251"), uid(state, "German Line Squad")
    state.units[squad].carrier = halftrack  # aboard
    points = state.units[halftrack].profile.points + state.units[squad].profile.points
    assert ("exit", pos(state, "c4"), squad) not in exits(state)  # a passenger leaves with its carrier
    state.apply_checked(("exit", pos(state, "c4"), halftrack))
    assert state.units[squad].pos == DISCARDED
    window = state.ctx.window
    assert window is not None and window.data.owed == points  # type: ignore[union-attr]


def test_001_victory_conditions_break_through_greedy_exits_when_it_surely_wins() -> None:
    rng = random.Random(1)
    state = two_tanks_in_c4(["Smoke"])  # the one card the defender can hold is worth 5: 28 surely wins
    action = greedy.greedy_policy(state, rng)
    assert action[0] == "exit" and len(action) == 3  # one tank leaves, the other holds c4
    state.apply_checked(action)
    assert state.winner == 0
    rich = two_tanks_in_c4(["Smoke", "T-34 M41"])  # 29 points may be in hand: one tank's 28 may be answered
    assert greedy.greedy_policy(rich, random.Random(1))[0] != "exit"


def test_001_victory_conditions_break_through_greedy_defender_pays_with_the_least() -> None:
    state = two_tanks_in_c4(["Soviet Line Squad", "Smoke", "T-34 M41", "T-34 M41"])
    state.apply_checked(("exit", pos(state, "c4"), uid(state, "PzKw IV H", n=0)))
    choice = greedy.greedy_policy(state, random.Random(0))
    assert choice == ("yield", uid(state, "T-34 M41", n=1))  # 24 of 28: nothing covers it alone, so the most points
    state.apply_checked(choice)
    assert greedy.greedy_policy(state, random.Random(0)) == ("yield", uid(state, "Smoke"))  # 5 covers the 4 left


def test_001_victory_conditions_break_through_an_exit_is_a_move_wire_or_a_minefield_may_stop_it() -> None:
    """001: the exit is a move into the reserve (clear terrain for movement), so the defender may answer it as any
    move into a zone: Wire stops the wired card and the owner may go on with the rest; a Minefield attacks them
    all and only the survivors leave; the points owed are those of the cards that actually leave."""
    hand = ["Wire", "Soviet Line Squad", "Smoke", "T-34 M41"]
    state = two_tanks_in_c4(hand)
    first, second = uid(state, "PzKw IV H", n=0), uid(state, "PzKw IV H", n=1)
    wire = uid(state, "Wire")
    state.apply_checked(("exit", pos(state, "c4"), first, second))
    window = state.ctx.window
    assert window is not None and window.kind == "entry" and state.current_player() == 1  # the defender may answer
    assert ("interrupt", wire, first) in state.legal_actions()
    state.apply_checked(("interrupt", wire, first))
    window = state.ctx.window
    assert window is not None and window.kind == "wire" and state.current_player() == 0  # go on with the rest?
    state.apply_checked(("pass",))  # the rest goes on
    assert state.units[first].pos == pos(state, "c4")  # wired: it stays
    assert state.units[second].pos == DISCARDED  # it left
    window = state.ctx.window
    assert window is not None and window.kind == "breakthrough" and window.data.owed == 28  # type: ignore[union-attr]

    state = make({0: [("PzKw IV H", "c4"), ("PzKw IV H", "c4"), ("PzKw IV H", "c4")],
                  1: [("T-34 M41", "a4"), ("Minefield", RESERVE), ("Soviet Line Squad", RESERVE), ("Smoke", RESERVE)]})
    first, second = uid(state, "PzKw IV H", n=0), uid(state, "PzKw IV H", n=1)  # the third holds c4
    state.apply_checked(("exit", pos(state, "c4"), first, second))
    state.apply_checked(("interrupt", uid(state, "Minefield")))
    assert state.rolls  # the mines' rolls, before anything leaves
    assert state.units[first].pos == state.units[second].pos == pos(state, "c4")
    roll(state, 1, 10)  # the first tank is destroyed by the mine, the second passes
    assert state.units[first].pos == DISCARDED and state.units[second].pos == DISCARDED
    assert first in state.discard[0]
    assert state.outcome is not None and state.outcome.winner == 0  # 28 owed for the survivor alone, 17 in hand
    assert not state.hand[1]


def test_001_victory_conditions_break_through_a_pass_or_a_minefield_gap_lets_all_the_cards_leave() -> None:
    state = make({0: [("PzKw IV H", "c4"), ("PzKw IV H", "c4"), ("Minefield Gap", RESERVE)],
                  1: [("T-34 M41", "a4"), ("Minefield", RESERVE), ("Soviet Line Squad", RESERVE)]})
    first, second = uid(state, "PzKw IV H", n=0), uid(state, "PzKw IV H", n=1)
    state.apply_checked(("exit", pos(state, "c4"), first, second))
    state.apply_checked(("interrupt", uid(state, "Minefield")))
    window = state.ctx.window
    assert window is not None and window.kind == "counter" and state.current_player() == 0
    state.apply_checked(("interrupt", uid(state, "Minefield Gap")))
    assert state.units[first].pos == DISCARDED and state.units[second].pos == DISCARDED  # both left
    assert not state.hand[1] and state.outcome is None  # 56 owed, 12 in hand given up; c4 is no longer captured
