"""Source 001's optional opportunity fire (2.0-2.2): one shot a turn, without a card, at a spotted enemy card as it moves.

Positions are on the 5 x 4 test board: side 0 holds rows 1-2, side 1 rows 3-4; c2 sees c4 over c3.
"""
from __future__ import annotations

import random
from typing import Any

from enginekit import make as make_state
from enginekit import pass_window, pos, roll, start_one_card_move, uid
from tcforge.agents import greedy
from tcforge.engine import fire
from tcforge.engine.board import RESERVE
from tcforge.engine.state import GameState

OPPORTUNITY = {"opportunity.fire": True}
WITH_HIDDEN = {"opportunity.fire": True, "hidden.units": True}


def make(placements: dict[int, list[tuple[str, Any]]], overrides: dict[str, Any] | None = None, **options: Any) -> GameState:
    return make_state(placements, overrides=overrides or OPPORTUNITY, **options)


def step(state: GameState, label: str) -> None:
    state.apply_checked(("step", pos(state, label)))


def opportunity_shots(state: GameState) -> list[tuple[Any, ...]]:
    window = state.ctx.window
    if window is None or window.kind != "opportunity":
        return []
    return [a for a in state.legal_actions() if a[0] == "shoot"]


def test_001_2_0_opportunity_fire_answers_a_move_without_a_card() -> None:
    state = make({0: [("PzKw IV H", "c1")], 1: [("T-34 M41", "c4")]})
    tank, t34 = uid(state, "PzKw IV H"), uid(state, "T-34 M41")
    pass_window(state)
    start_one_card_move(state, "c1", "PzKw IV H")
    step(state, "c2")  # now two zones from the T-34, nothing between
    assert state.current_player() == 1 and state.ctx.window is not None and state.ctx.window.kind == "opportunity"
    assert opportunity_shots(state) == [("shoot", t34, tank, "at")]
    assert ("pass",) in state.legal_actions() and not state.hand[1]  # no card is needed
    plain = make_state({0: [("PzKw IV H", "c1")], 1: [("T-34 M41", "c4")]})  # the unified rules: no such window
    pass_window(plain)
    start_one_card_move(plain, "c1", "PzKw IV H")
    step(plain, "c2")
    assert plain.current_player() == 0 and plain.ctx.window is None


def test_001_2_1_condition_1_a_card_stopped_before_it_leaves_is_no_target() -> None:
    state = make({0: [("PzKw IV H", "c1")], 1: [("T-34 M41", "c4"), ("Wire", RESERVE)]})
    pass_window(state)
    start_one_card_move(state, "c1", "PzKw IV H")
    step(state, "c2")
    state.apply_checked(("interrupt", uid(state, "Wire")))  # stopped in c1, three zones from the T-34
    assert state.units[uid(state, "PzKw IV H")].pos == pos(state, "c1") and not opportunity_shots(state)


def test_001_2_1_condition_2_a_face_down_mover_is_no_target() -> None:
    unseen = make({0: [("PzKw IV H", "c1")], 1: [("T-34 M41", "c4")]}, WITH_HIDDEN, terrain={"c2": "Wheatfield"})
    pass_window(unseen)
    start_one_card_move(unseen, "c1", "PzKw IV H")
    step(unseen, "c2")  # in cover two zones away: not spotted (1.2), so not a target
    assert unseen.face_down(uid(unseen, "PzKw IV H")) and not opportunity_shots(unseen)
    seen = make({0: [("PzKw IV H", "c1")], 1: [("T-34 M41", "c4")]}, WITH_HIDDEN)
    pass_window(seen)
    start_one_card_move(seen, "c1", "PzKw IV H")
    step(seen, "c2")  # in the open: spotted by the move itself (1.3), and so a target
    assert not seen.face_down(uid(seen, "PzKw IV H")) and len(opportunity_shots(seen)) == 1


def test_001_2_1_condition_3_a_card_entering_a_melee_is_no_target() -> None:
    state = make({0: [("PzKw IV H", "c2")], 1: [("Soviet Line Squad", "c3"), ("T-34 M41", "d4")]})
    pass_window(state)
    start_one_card_move(state, "c2", "PzKw IV H")
    step(state, "c3")  # into the squad's zone; the T-34 next door may not fire into the melee
    assert not opportunity_shots(state)


def test_001_2_1_condition_4_the_firer_must_be_able_to_make_the_attack() -> None:
    blocked = make({0: [("PzKw IV H", "c1")], 1: [("T-34 M41", "c4")]}, terrain={"c3": "Woods"})
    pass_window(blocked)
    start_one_card_move(blocked, "c1", "PzKw IV H")
    step(blocked, "c2")  # the Woods between block the line of sight
    assert not opportunity_shots(blocked)
    no_gun = make({0: [("PzKw IV H", "c1")], 1: [("Soviet Line Squad", "c3")]})
    pass_window(no_gun)
    start_one_card_move(no_gun, "c1", "PzKw IV H")
    step(no_gun, "c2")  # next door, but a squad has no AT fire against armor
    assert not opportunity_shots(no_gun)


def test_001_2_1_one_opportunity_fire_a_turn_and_passing_keeps_it() -> None:
    state = make({0: [("PzKw IV H", "b1"), ("PzKw IV H", "d1")], 1: [("T-34 M41", "c4")]},
                 {**OPPORTUNITY, "turn.supply_points": 4})
    first, second = uid(state, "PzKw IV H", 0, 0), uid(state, "PzKw IV H", 0, 1)
    pass_window(state)
    start_one_card_move(state, "b1", "PzKw IV H")
    step(state, "b2")  # two zones diagonally from c4: in reach
    assert opportunity_shots(state)
    state.apply_checked(("pass",))  # passing spends nothing
    state.apply_checked(("halt",))
    pass_window(state)
    state.apply_checked(("move", pos(state, "d1")))
    if state.ctx.move is not None and state.ctx.move.stage == "pick":
        state.apply_checked(("pick", second))
    if state.ctx.move is not None and state.ctx.move.stage == "pick":
        state.apply_checked(("go",))
    step(state, "d2")
    t34 = uid(state, "T-34 M41")
    assert opportunity_shots(state) == [("shoot", t34, second, "at")]
    state.apply_checked(("shoot", t34, second, "at"))
    roll(state, 10)  # a miss
    state.apply_checked(("halt",))
    assert state.units[first].pos == pos(state, "b2")
    pass_window(state)
    state.apply_checked(("move", pos(state, "b2")))
    if state.ctx.move is not None and state.ctx.move.stage == "pick":
        state.apply_checked(("pick", first))
    if state.ctx.move is not None and state.ctx.move.stage == "pick":
        state.apply_checked(("go",))
    step(state, "c2")
    assert not opportunity_shots(state)  # the turn's one opportunity fire is spent


def test_001_2_1_a_hidden_firer_is_spotted_as_it_declares() -> None:
    state = make({0: [("PzKw IV H", "c1")], 1: [("T-34 M41", "c4")]}, WITH_HIDDEN, terrain={"c4": "Wheatfield"})
    tank, t34 = uid(state, "PzKw IV H"), uid(state, "T-34 M41")
    pass_window(state)
    start_one_card_move(state, "c1", "PzKw IV H")
    step(state, "c2")
    assert state.face_down(t34) and opportunity_shots(state) == [("shoot", t34, tank, "at")]
    state.apply_checked(("shoot", t34, tank, "at"))
    assert not state.face_down(t34)


def test_001_2_1_weapon_malfunction_cancels_and_the_firer_stays_spotted() -> None:
    state = make({0: [("PzKw IV H", "c1"), ("Weapon Malfunction", RESERVE)], 1: [("T-34 M41", "c4")]}, WITH_HIDDEN,
                 terrain={"c4": "Wheatfield"})
    tank, t34 = uid(state, "PzKw IV H"), uid(state, "T-34 M41")
    pass_window(state)
    start_one_card_move(state, "c1", "PzKw IV H")
    step(state, "c2")
    state.apply_checked(("shoot", t34, tank, "at"))
    assert state.current_player() == 0 and state.ctx.window is not None and state.ctx.window.kind == "fire"
    state.apply_checked(("interrupt", uid(state, "Weapon Malfunction")))
    assert not state.rolls and not state.face_down(t34)
    assert state.ctx.play is not None and state.ctx.play.opportunity  # the declared shot used the turn's one
    assert ("step", pos(state, "c3")) in state.legal_actions()


def test_001_2_2_the_attack_rolls_with_one_added() -> None:
    state = make({0: [("PzKw IV H", "c1")], 1: [("T-34 M41", "c4")]})
    tank, t34 = uid(state, "PzKw IV H"), uid(state, "T-34 M41")
    pass_window(state)
    start_one_card_move(state, "c1", "PzKw IV H")
    step(state, "c2")
    ordinary = fire.build_attack(state, state.units[t34], state.units[tank], "at")
    assert ordinary is not None
    state.apply_checked(("shoot", t34, tank, "at"))
    event = state.rolls[0]
    assert event[0] == "hit" and event[2:4] == (t34, tank)
    assert event[1].modifier == ordinary.modifier + 1 and event[1].hit == ordinary.hit
    needed = ordinary.hit - ordinary.modifier  # the highest roll that hits an ordinary shot now misses
    roll(state, needed)
    assert state.rolls == [] or state.rolls[0][0] != "kill"


def test_001_2_2_a_fast_card_that_survives_its_first_zone_may_go_on() -> None:
    state = make({0: [("PzKw IV H", "c1")], 1: [("T-34 M41", "c4")]})
    tank, t34 = uid(state, "PzKw IV H"), uid(state, "T-34 M41")
    pass_window(state)
    start_one_card_move(state, "c1", "PzKw IV H")
    step(state, "c2")
    state.apply_checked(("shoot", t34, tank, "at"))
    roll(state, 10)  # a miss
    assert state.current_player() == 0 and ("step", pos(state, "b2")) in state.legal_actions()
    step(state, "b2")
    assert state.units[tank].pos == pos(state, "b2")


def test_001_2_2_a_card_immobilised_by_the_shot_moves_no_further() -> None:
    state = make({0: [("PzKw IV H", "c1")], 1: [("T-34 M41", "c4")]})
    tank, t34 = uid(state, "PzKw IV H"), uid(state, "T-34 M41")
    pass_window(state)
    start_one_card_move(state, "c1", "PzKw IV H")
    step(state, "c2")
    state.apply_checked(("shoot", t34, tank, "at"))
    roll(state, 2)  # a natural 2 that hits immobilises (9.3.2)
    unit = state.units[tank]
    assert unit.immobilized and unit.pos == pos(state, "c2")
    assert state.ctx.move is None or not [a for a in state.legal_actions() if a[0] == "step"]


def test_001_2_1_greedy_takes_a_good_shot_and_keeps_its_fire_for_a_poor_one() -> None:
    def chosen(soviet: str, at: str, german: str = "PzKw IV H", terrain: dict[str, str] | None = None) -> tuple[Any, float]:
        state = make({0: [(german, "c1")], 1: [(soviet, at)]}, terrain=terrain)
        pass_window(state)
        start_one_card_move(state, "c1", german)
        step(state, "c2")
        shot = opportunity_shots(state)[0]
        share = greedy.opportunity_score(state, shot) / greedy.value(state, shot[2])
        return greedy.greedy_policy(state, random.Random(1)), share

    near, near_share = chosen("T-34 M41", "c3")  # short range: about a fifth of the tank's worth
    assert near[0] == "shoot" and near_share >= greedy.OPPORTUNITY_SHARE
    far, far_share = chosen("T-34 M41", "c4")  # long range, +1: under a tenth
    assert far == ("pass",) and far_share < greedy.OPPORTUNITY_SHARE
    cover, cover_share = chosen("Soviet Line Squad", "c3", "German Line Squad", {"c2": "Woods"})
    assert cover == ("pass",) and cover_share == 0  # small arms into Woods with +1 cannot hit


def test_001_2_0_jeff_mike_plays_opportunity_fire() -> None:
    """Under Jeff and Mike's ruleset (no override): the tank stepping to b2, two zones from the T-34, opens the
    opportunity window for the T-34 (no card in hand), and its shot carries the ruleset's +1 to the to-hit roll over
    the same shot fired in its own turn. The Six-Pack rules, the control, open no window."""
    state = make_state({0: [("PzKw IV H", "b1")], 1: [("T-34 M41", "b4")]}, ruleset="jeff-mike-2002", columns=3)
    tank, t34 = uid(state, "PzKw IV H"), uid(state, "T-34 M41")
    pass_window(state)
    start_one_card_move(state, "b1", "PzKw IV H")
    step(state, "b2")
    assert state.current_player() == 1 and not state.hand[1]
    assert opportunity_shots(state) == [("shoot", t34, tank, "at")]
    state.apply_checked(("shoot", t34, tank, "at"))
    shot = state.rolls[0][1]
    own_turn = fire.build_attack(state, state.units[t34], state.units[tank], "at")
    assert state.game.rules.opportunity_modifier == 1
    assert own_turn is not None and shot.modifier == own_turn.modifier + 1
    plain = make_state({0: [("PzKw IV H", "b1")], 1: [("T-34 M41", "b4")]}, columns=3)
    pass_window(plain)
    start_one_card_move(plain, "b1", "PzKw IV H")
    step(plain, "b2")
    assert plain.current_player() == 0 and plain.ctx.window is None


def test_001_2_1_condition_1_a_card_passing_through_a_full_friendly_zone_is_a_target() -> None:
    """2.1 makes a card a target after it moves into a new zone, whether or not it may end its move there: the
    tank passing through the full c2 (6.3, 8.0) is open to the T-34's shot there, and, unhurt, goes on."""
    state = make({0: [("PzKw IV H", "c1"), ("PzKw IV G", "c2"), ("PzKw IV J", "c2"), ("PzKw III L", "c2")],
                  1: [("T-34 M41", "c4")]})
    tank, t34 = uid(state, "PzKw IV H"), uid(state, "T-34 M41")
    pass_window(state)
    start_one_card_move(state, "c1", "PzKw IV H")
    step(state, "c2")
    assert opportunity_shots(state) == [("shoot", t34, tank, "at")]
    state.apply_checked(opportunity_shots(state)[0])
    roll(state, 10)  # a miss
    assert state.units[tank].pos == pos(state, "c2") and ("step", pos(state, "c3")) in state.legal_actions()
    assert ("halt",) not in state.legal_actions()  # it may not stop in the full zone
