"""The turn-plan search player (plan:N): seeded whole-turn plans played out on dealt positions (issue 13)."""
from __future__ import annotations

import random

import pytest

from enginekit import make as make_state
from tcforge.agents import SpecError, canonical, greedy_policy, make, plan
from tcforge.agents.playout import play, run
from tcforge.engine.replay import sample_chance
from tcforge.engine.state import CHANCE, GameState
from tests.engine.test_observation import hidden_changed, position


def duel() -> GameState:
    return make_state({0: [("PzKw IV H", "c2"), ("German Line Squad", "c1")], 1: [("T-34 M41", "c3"), ("Soviet Line Squad", "c4")]},
                      cap=3)


@pytest.mark.parametrize("text, why", [
    ("plan:8:k=1", "k is a whole number from 2 to 64"), ("plan:8:eps=0", r"eps is a number from 0 to 1 \(0 excluded\)"),
    ("plan:8:z=-1", "z is a number from 0 to inf"), ("plan:8:eps=x", "eps is a number"), ("plan:8:depth=3", "unknown option"),
    ("plan:8:lead=-1", "lead is a number from 0 to inf"), ("plan:8:lead=nan", "lead is a number from 0 to inf"),
    ("plan:8:lead=1,standing=0", "standing is a whole number from 1"), ("plan:8:standing=x", "standing is a whole number"),
    ("plan:8:from=0", "from is a whole number from 1"), ("plan:8:from=late", "from is a whole number"),
])
def test_a_bad_plan_spec_says_what_is_wrong(text: str, why: str) -> None:
    with pytest.raises(SpecError, match=why):
        canonical(text)


def test_the_plan_search_does_not_peek_its_choice_is_the_same_when_the_hidden_cards_change() -> None:
    state = position()
    other = hidden_changed(state)
    first, second = make("plan:24:k=3,horizon=2"), make("plan:24:k=3,horizon=2")
    assert first(state, random.Random(7)) == second(other, random.Random(7))
    assert first.last.means == second.last.means and first.last.playouts == 24  # type: ignore[attr-defined]


def test_a_plan_search_reading_the_real_state_would_be_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """The no-peek test has teeth: playouts from the real position instead of dealt ones see the hidden card."""
    monkeypatch.setattr(plan, "determinize", lambda state, side, rng: state.clone())
    state = position()
    other = hidden_changed(state)
    first, second = make("plan:24:k=3,horizon=2"), make("plan:24:k=3,horizon=2")
    first(state, random.Random(7))
    second(other, random.Random(7))
    assert first.last.means != second.last.means  # type: ignore[attr-defined]


def test_plan_zero_is_the_greedy_player_and_a_plan_replays_its_deviations() -> None:
    """Plan 0 plays greedy's choices; a deviating plan is a fixed policy: the same seed makes the same choices."""
    state = duel()
    assert plan.TurnPlan(5, 0.0)(state) == greedy_policy(state, random.Random(5 ^ 0x5EED))
    picks = {tuple(plan.TurnPlan(seed, 1.0)(state) for _ in range(3)) for seed in range(8)}
    assert len(picks) > 1  # deviating plans differ from one another
    assert tuple(plan.TurnPlan(3, 1.0)(state) for _ in range(3)) == tuple(plan.TurnPlan(3, 1.0)(state) for _ in range(3))


def test_the_plan_search_is_reproducible_and_follows_its_plan_for_the_turn() -> None:
    state = duel()
    one, two = make("plan:12:k=3,horizon=2"), make("plan:12:k=3,horizon=2")
    assert one(state, random.Random(3)) == two(state, random.Random(3))
    assert one.last.means == two.last.means and one.turns == [1, 1 if one.last.chosen else 0]  # type: ignore[attr-defined]


def test_without_confidence_the_plan_search_plays_greedy() -> None:
    """A plan replaces greedy's only when its gain is sure: with z huge, every turn is greedy's plan."""
    state = duel()
    agent = make("plan:8:k=4,z=1000000,horizon=2")
    _greedy_turns(agent, state)
    assert agent.turns[0] >= 1 and agent.turns[1] == 0  # type: ignore[attr-defined]


def test_the_plan_search_plays_a_game_to_its_end_with_legal_actions() -> None:
    state = duel()
    seen: list = []
    play(state, (_watch(make("plan:6:k=2"), seen), _watch(make("plan:6:k=3,horizon=0"), seen)), random.Random(2),
         record=False)
    assert state.is_terminal() and len(seen) > 10


def _greedy_turns(agent, state: GameState) -> None:  # type: ignore[no-untyped-def]
    """Play up to 40 decisions: ``agent`` for side 0, greedy for side 1, chance by seed."""
    for seed in range(40):
        if state.is_terminal():
            break
        player = state.current_player()
        if player == CHANCE:
            state.apply_action(sample_chance(state, random.Random(seed)))
            continue
        action = agent(state, random.Random(seed)) if player == 0 else greedy_policy(state, random.Random(seed))
        state.apply_action(action)


@pytest.mark.parametrize("standing, leads", [(0.9, True), (0.5, False), (0.1, False)])
def test_with_lead_a_side_that_stands_to_win_needs_that_confidence_to_leave_greedy(
        monkeypatch: pytest.MonkeyPatch, standing: float, leads: bool) -> None:
    """lead=Z: a side winning more than half its standing playouts needs Z to depart; otherwise z (here 0) applies."""
    monkeypatch.setattr(plan.PlanAgent, "_standing", lambda self, state, side, rng: standing)
    agent = make("plan:8:k=4,lead=1000000,horizon=2")
    _greedy_turns(agent, duel())
    assert agent.last.standing == standing  # type: ignore[attr-defined]
    assert agent.last.z == (1000000.0 if leads else 0.0)  # type: ignore[attr-defined]
    if leads:
        assert agent.turns[0] >= 1 and agent.turns[1] == 0  # type: ignore[attr-defined]


def test_lead_inf_plays_as_an_unreachable_finite_lead_does_but_spends_no_plan_playouts(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """lead=inf: a leading side never leaves greedy's plan, so its plans are not played out at all; the game is the
    one a lead no gain can reach (1e9) plays, action for action, on the same random numbers."""
    monkeypatch.setattr(plan.PlanAgent, "_standing", lambda self, state, side, rng: 1.0)

    def game(spec: str):  # type: ignore[no-untyped-def]
        agent, state, seen = make(spec), duel(), []
        play(state, (_watch(agent, seen), greedy_policy), random.Random(4), record=False)
        return agent, seen

    finite, finite_seen = game("plan:8:k=3,lead=1000000000,horizon=2")
    endless, endless_seen = game("plan:8:k=3,lead=inf,horizon=2")
    assert endless_seen == finite_seen and len(endless_seen) > 10
    assert endless.turns == finite.turns and endless.turns[0] >= 2 and endless.turns[1] == 0  # type: ignore[attr-defined]
    assert finite.last.playouts > 0 and endless.last.playouts == 0  # type: ignore[attr-defined]
    assert canonical("plan:8:lead=inf") == "plan:8:lead=inf"


def test_lead_inf_still_searches_where_the_side_does_not_lead(monkeypatch: pytest.MonkeyPatch) -> None:
    """A side at or below half its standing playouts takes z (0: the best mean), lead=inf or not."""
    monkeypatch.setattr(plan.PlanAgent, "_standing", lambda self, state, side, rng: 0.25)
    agent = make("plan:8:k=2,lead=inf,horizon=2")
    agent(duel(), random.Random(1))
    assert agent.last.z == 0.0 and agent.last.playouts == 8  # type: ignore[attr-defined]


def _watch(agent, seen: list):  # type: ignore[no-untyped-def]
    """``agent``, checked to choose a legal action each time, and each choice appended to ``seen``."""
    def choose(state: GameState, rng: random.Random):  # type: ignore[no-untyped-def]
        action = agent(state, rng)
        assert action in state.legal_actions()
        seen.append(action)
        return action
    return choose


def test_the_standing_playouts_score_the_side_and_do_not_peek() -> None:
    state = position()
    other = hidden_changed(state)
    first, second = make("plan:8:k=2,lead=1,standing=6"), make("plan:8:k=2,lead=1,standing=6")
    a = first._standing(state, state.current_player(), random.Random(4))  # type: ignore[attr-defined]
    b = second._standing(other, other.current_player(), random.Random(4))  # type: ignore[attr-defined]
    assert a == b and 0.0 <= a <= 1.0 and (a * 12) % 1 == 0  # six games of wins (1) and draws (1/2)


def test_without_lead_the_plan_search_draws_no_standing_playouts(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without lead the search is as before: no standing playouts, so earlier games replay unchanged."""
    def fail(*args):  # type: ignore[no-untyped-def]
        raise AssertionError("standing playouts without lead")
    monkeypatch.setattr(plan.PlanAgent, "_standing", fail)
    agent = make("plan:8:k=2,horizon=2")
    agent(duel(), random.Random(1))
    assert agent.last.standing is None and agent.last.playouts == 8  # type: ignore[attr-defined]


def test_with_from_the_plan_search_plays_greedy_before_that_turn_and_searches_from_it() -> None:
    """from=N: before game turn N the player is the greedy player, choice for choice on the same random numbers (so
    the game is greedy's own until then); from turn N it searches every turn of its side."""
    def game(side0):  # type: ignore[no-untyped-def]
        state, seen = duel(), []
        run(state, (side0, greedy_policy), random.Random(9), chosen=lambda at, player, action: seen.append((at.turn, action)))
        return seen

    agent = make("plan:8:k=2,horizon=2,from=3")
    searched, greedy = game(agent), game(greedy_policy)
    before = [a for a in greedy if a[0] < 3]
    assert before and searched[:len(before)] == before
    assert agent.turns[0] == 1  # type: ignore[attr-defined]  # turn 3 only: the duel ends with it
    everywhere = make("plan:8:k=2,horizon=2")
    game(everywhere)
    assert everywhere.turns[0] == 3  # type: ignore[attr-defined]
