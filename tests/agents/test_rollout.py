"""The playout search player (rollout:N): greedy's best plays played out to the end on dealt positions."""
from __future__ import annotations

import random

import pytest

from enginekit import make as make_state
from tcforge.agents import SpecError, canonical, make, rollout, search
from tcforge.agents.playout import play
from tcforge.engine.replay import sample_chance
from tcforge.engine.state import CHANCE, GameState
from tests.engine.test_observation import hidden_changed, position


def duel() -> GameState:
    return make_state({0: [("PzKw IV H", "c2"), ("German Line Squad", "c1")], 1: [("T-34 M41", "c3"), ("Soviet Line Squad", "c4")]},
                      cap=3)


@pytest.mark.parametrize("text, why", [
    ("rollout:8:k=0", "k is a whole number from 1 to 64"), ("rollout:8:shape=1", r"shape is a number from 0 to 1 \(1 excluded\)"),
    ("rollout:8:z=x", "z is a number from 0 to inf"), ("rollout:8:z=-1", "z is a number from 0"),
    ("rollout:8:depth=3", "unknown option"),
])
def test_a_bad_rollout_spec_says_what_is_wrong(text: str, why: str) -> None:
    with pytest.raises(SpecError, match=why):
        canonical(text)


def test_the_playout_search_does_not_peek_its_choice_is_the_same_when_the_hidden_cards_change() -> None:
    state = position()
    other = hidden_changed(state)
    first, second = make("rollout:24:k=3"), make("rollout:24:k=3")
    assert first(state, random.Random(7)) == second(other, random.Random(7))
    assert first.last.candidates == second.last.candidates and first.last.means == second.last.means  # type: ignore[attr-defined]


def test_a_playout_search_reading_the_real_state_would_be_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """The no-peek test has teeth: playouts from the real position instead of dealt ones see the hidden card."""
    monkeypatch.setattr(rollout, "determinize", lambda state, side, rng: state.clone())
    state = position()
    other = hidden_changed(state)
    first, second = make("rollout:24:k=3"), make("rollout:24:k=3")
    first(state, random.Random(7))
    second(other, random.Random(7))
    assert first.last.means != second.last.means  # type: ignore[attr-defined]


def test_the_playout_search_is_reproducible_and_pairs_its_candidates() -> None:
    state = duel()
    one, two = make("rollout:12:k=3"), make("rollout:12:k=3")
    assert one(state, random.Random(3)) == two(state, random.Random(3))
    stats = one.last  # type: ignore[attr-defined]
    assert stats.means == two.last.means  # type: ignore[attr-defined]
    assert stats.playouts == 4 * len(stats.candidates)  # 12 playouts over 3 candidates: 4 paired rounds
    assert stats.candidates[stats.chosen] in state.legal_actions()


def test_without_confidence_the_playout_search_plays_greedys_choice() -> None:
    """A candidate replaces greedy's choice only when its gain is sure: with z huge, never."""
    state = duel()
    agent = make("rollout:12:k=4,z=1000000")
    searched = 0
    for seed in range(6):  # every play decision of a few positions along a game
        if state.is_terminal():
            break
        agent.last = rollout.PlayoutStats()  # type: ignore[attr-defined]  # filled only by a search
        action = agent(state, random.Random(seed))
        if agent.last.candidates:  # type: ignore[attr-defined]
            searched += 1
            assert agent.last.chosen == 0 and action == agent.last.candidates[0]  # type: ignore[attr-defined]
        state.apply_action(action)
        while state.current_player() == CHANCE:
            state.apply_action(sample_chance(state, random.Random(seed)))
    assert searched >= 1


def test_z_inf_plays_what_an_unreachable_confidence_plays_without_a_playout() -> None:
    """z=inf: no gain can pass it, so the choice is greedy's (the first candidate) with no playout spent on it; the
    game is the one a finite but unreachable z plays, action for action."""
    finite, infinite = make("rollout:12:k=4,z=1000000"), make("rollout:12:k=4,z=inf")
    state = duel()
    compared = 0
    for seed in range(6):
        if state.is_terminal():
            break
        action = infinite(state.clone(), random.Random(seed))
        assert action == finite(state.clone(), random.Random(seed))
        if infinite.last.candidates:  # type: ignore[attr-defined]
            compared += 1
            assert infinite.last.playouts == 0 and finite.last.playouts > 0  # type: ignore[attr-defined]
        state.apply_action(action)
        while state.current_player() == CHANCE:
            state.apply_action(sample_chance(state, random.Random(seed)))
    assert compared >= 1


def test_the_playout_search_plays_a_game_to_its_end_with_legal_actions() -> None:
    state = duel()
    seen = []

    def checking(agent):  # type: ignore[no-untyped-def]
        def choose(s: GameState, rng: random.Random):  # type: ignore[no-untyped-def]
            action = agent(s, rng)
            assert action in s.legal_actions()
            seen.append(action)
            return action
        return choose

    play(state, (checking(make("rollout:6")), checking(make("rollout:6:horizon=2,k=2"))), random.Random(2), record=False)
    assert state.is_terminal() and len(seen) > 10


@pytest.mark.parametrize("df, factor", [(1, 6.48), (3, 1.62), (11, 1.14), (30, 1.04), (31, 1.0), (500, 1.0)])
def test_few_playouts_widen_the_bound_as_students_t_does(df: int, factor: float) -> None:
    assert search.t_over_z(df) == factor
