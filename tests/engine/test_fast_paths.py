"""Rules written twice for speed, held together over random positions of every bundled scenario (issue 52 point 6).

- 8.0 movement: ``movement._steps_alone`` (a card moving alone, its room counted inline) against the rule as
  written, ``movement._steps_with`` with no group: the same steps in the same order, for every card on the table
  and in the reserve, every distance left from 1 to 3, first step or not, and the first step found alone.
- 9.1-9.5 fire: ``fire.shot_attacks`` against ``fire.shots`` and the attack ``build_attack`` or ``equipment_attack``
  makes for each shot; greedy's odds remembered by attack against the exact odds.

A position is a seeded game of a bundled scenario played on by random players (the random policy plays every kind
of action the engine offers, greedy's game would visit only what greedy likes) for a drawn number of actions. The
examples are drawn by Hypothesis, derandomized under the suite's profile (tests/conftest.py)."""
from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import examples
from tcforge.agents.playout import random_policy, run
from tcforge.engine import fire, movement
from tcforge.engine.board import RESERVE
from tcforge.engine.state import GameState
from tcforge.play.games import new_game
from tcforge.scenarios.loading import bundled_ids, load

SCENARIOS = sorted(bundled_ids())
_LOADED: dict[str, object] = {}


def position(scenario_id: str, seed: int, actions: int) -> GameState:
    scenario = _LOADED.get(scenario_id) or _LOADED.setdefault(scenario_id, load(scenario_id))
    state = new_game(scenario, seed)  # type: ignore[arg-type]
    run(state, (random_policy, random_policy), random.Random(seed), max_actions=actions)
    return state


positions = st.tuples(st.sampled_from(SCENARIOS), st.integers(0, 2 ** 32 - 1), st.integers(0, 400))


def _candidates(state: GameState, at: int, side: int) -> tuple[int, ...]:
    board = state.game.board
    return board.rear_rank(side) if at == RESERVE else board.exits[side][at]


@settings(max_examples=examples(200), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions)
def test_8_0_a_card_moving_alone_steps_where_the_rule_as_written_steps(drawn: tuple[str, int, int]) -> None:
    state = position(*drawn)
    compared = 0
    for unit in state.units:
        if (unit.pos < 0 and unit.pos != RESERVE) or not (unit.profile.combat or unit.profile.truck):
            continue
        candidates = _candidates(state, unit.pos, unit.side)
        for left in (1, 2, 3):
            for first in (True, False):
                for any_one in (False, True):
                    fast = movement._steps_alone(state, unit, unit.pos, left, first, any_one, candidates)
                    plain = movement._steps_with(state, unit, unit.pos, left, first, any_one, candidates, [])
                    assert fast == plain, (drawn, unit.uid, left, first, any_one)
                    compared += 1
    assert compared or state.is_terminal() or not any(u.pos >= 0 or u.pos == RESERVE for u in state.units)


@settings(max_examples=examples(200), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions)
def test_9_0_shot_attacks_are_shots_with_the_attacks_build_attack_makes(drawn: tuple[str, int, int]) -> None:
    state = position(*drawn)
    for unit in state.units:
        if unit.pos < 0 or not unit.profile.combat:
            continue
        found = fire.shot_attacks(state, unit)
        assert [(t, k, e) for t, k, e, _ in found] == fire.shots(state, unit), (drawn, unit.uid)
        for target, kind, item, attack in found:
            expected = (fire.build_attack(state, unit, state.units[target], kind) if item < 0
                        else fire.equipment_attack(state, unit, state.units[target], state.units[item]))
            assert attack == expected, (drawn, unit.uid, target, kind)


@settings(max_examples=examples(100), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions)
def test_9_3_greedy_remembers_each_attacks_odds_as_the_odds_are(drawn: tuple[str, int, int]) -> None:
    """Greedy remembers an attack's kill and immobilise chances by the attack object (its ``id``, the entry holding
    the attack so that the id stays its own: hashing an attack's twelve fields costs about six times the lookup);
    over random positions every remembered answer, first asked or found again, is the exact odds' (9.3, 9.4)."""
    from tcforge.agents import greedy
    from tcforge.engine.attacks import attack_odds
    state = position(*drawn)
    rules = state.game.fire_rules
    for unit in state.units:
        if unit.pos < 0 or not unit.profile.combat:
            continue
        for _, _, _, attack in fire.shot_attacks(state, unit):
            odds = attack_odds(attack, rules)
            exact = (float(odds.kill), float(odds.immobilize))
            assert greedy._kill_immobilize(attack, rules) == exact == greedy._kill_immobilize(attack, rules), drawn


def test_the_movement_comparison_tells_a_difference() -> None:
    """The control: a fast path that lost one step (here, the first step the rule allows taken from its candidates)
    no longer equals the plain path, so the property above can fail."""
    state = position("tank-action", 3, 0)
    unit, candidates, plain = next(
        (u, c, p) for u in state.units if u.profile.combat and (u.pos >= 0 or u.pos == RESERVE)
        for c in [_candidates(state, u.pos, u.side)] for p in [movement._steps_with(state, u, u.pos, 2, True, False, c, [])]
        if p)
    assert plain == movement._steps_alone(state, unit, unit.pos, 2, True, False, candidates) != []
    lost = tuple(c for c in candidates if c != plain[0])
    assert movement._steps_alone(state, unit, unit.pos, 2, True, False, lost) != plain
