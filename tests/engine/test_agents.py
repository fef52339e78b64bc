"""Agents built from specs (random, greedy, mcts:400, mcts:2s): parsing, the registry, and the search player's play."""
from __future__ import annotations

import random

import pytest

from enginekit import make as make_state
from tcforge.agents import SpecError, canonical, make, parse
from tcforge.agents.evaluate import evaluate
from tcforge.agents.mcts import keyed
from tcforge.engine.board import RESERVE
from tcforge.engine.outcome import EndKind, Outcome
from tcforge.engine.playout import play
from tcforge.engine.state import GameState


@pytest.mark.parametrize("text, name, iterations, seconds, options, again", [
    ("greedy", "greedy", None, None, {}, "greedy"),
    ("mcts:400", "mcts", 400, None, {}, "mcts:400"),
    ("MCTS:0400", "mcts", 400, None, {}, "mcts:400"),
    ("mcts:2s", "mcts", None, 2.0, {}, "mcts:2s"),
    ("mcts:500ms", "mcts", None, 0.5, {}, "mcts:500ms"),
    ("mcts:400:depth=6,c=0.5", "mcts", 400, None, {"c": "0.5", "depth": "6"}, "mcts:400:c=0.5,depth=6"),
    ("mcts:c=0.5", "mcts", None, None, {"c": "0.5"}, "mcts:c=0.5"),
])
def test_an_agent_spec_reads_name_budget_and_options(text: str, name: str, iterations: int | None, seconds: float | None,
                                                     options: dict[str, str], again: str) -> None:
    spec = parse(text)
    assert (spec.name, spec.iterations, spec.seconds, spec.options) == (name, iterations, seconds, options)
    assert canonical(text) == again and parse(again) == spec


@pytest.mark.parametrize("text, why", [
    ("", "starts with a player's name"), ("mcts:lots", "number of iterations"), ("mcts:0", "iterations from 1 to 1,000,000"),
    ("mcts:400:c", "key=value"), ("chess", "unknown player"), ("greedy:400", "takes no budget"),
    ("mcts:400:speed=9", "unknown option"), ("mcts:400:rollout=smart", "rollout is one of"), ("mcts:4:1:2", "name:budget"),
])
def test_a_bad_agent_spec_says_what_is_wrong(text: str, why: str) -> None:
    with pytest.raises(SpecError, match=why):
        canonical(text)


def duel() -> GameState:
    return make_state({0: [("PzKw IV H", "c2"), ("German Line Squad", "c1")], 1: [("T-34 M41", "c3"), ("Soviet Line Squad", "c4")]},
                      max_turns=3)


def test_the_search_is_reproducible_under_a_seed() -> None:
    state = duel()
    one, two = make("mcts:40"), make("mcts:40")
    assert one(state, random.Random(3)) == two(state, random.Random(3))
    assert one.last.visits == two.last.visits and one.last.iterations == 40  # type: ignore[attr-defined]
    assert sum(one.last.visits.values()) == 40  # type: ignore[attr-defined]  # every iteration adds one root visit


def test_a_time_budget_stops_the_search() -> None:
    agent = make("mcts:20ms")
    action = agent(duel(), random.Random(1))
    assert action in duel().legal_actions() and agent.last.iterations >= 1  # type: ignore[attr-defined]


def test_search_players_play_a_game_to_its_end_with_legal_actions() -> None:
    state = duel()
    seen = []

    class Checking:
        def __init__(self, spec: str):
            self.agent = make(spec)

        def __call__(self, s: GameState, rng: random.Random):  # type: ignore[no-untyped-def]
            action = self.agent(s, rng)
            assert action in s.legal_actions()
            seen.append(action)
            return action

    play(state, (Checking("mcts:15"), Checking("mcts:15:rollout=greedy,depth=2")), random.Random(2), record=False)
    assert state.is_terminal() and len(seen) > 10


def test_16_0_the_evaluation_prefers_more_material_and_is_the_result_once_the_game_is_over() -> None:
    state = duel()
    base = evaluate(state, 0)
    assert -1 < base < 1 and evaluate(state, 1) == pytest.approx(-base, abs=0.2)
    hurt = state.clone()
    hurt.destroy(next(u.uid for u in hurt.units if u.side == 1 and u.profile.tank))
    assert evaluate(hurt, 0) > base and evaluate(hurt, 1) < evaluate(state, 1)
    over = state.clone()
    over.outcome = Outcome(1, EndKind.VICTORY_CONDITION, 1, "test")
    assert (evaluate(over, 1), evaluate(over, 0)) == (1.0, -1.0)
    over.outcome = Outcome(None, EndKind.ENGINE_CAP, 3, "test")
    assert evaluate(over, 0) == 0.0


def test_16_0_the_evaluation_values_holding_the_goal_positions() -> None:
    state = duel()
    held = state.clone()
    tank = next(u for u in held.units if u.side == 0 and u.profile.tank)
    held.occ[tank.pos][0].remove(tank.uid)
    tank.pos = held.game.board.rear_rank(1)[0]  # side 0's tank on side 1's rear rank (16.0)
    held.occ[tank.pos][0].append(tank.uid)
    assert evaluate(held, 0) > evaluate(state, 0)


def test_copies_of_one_card_in_hand_are_one_choice_of_the_search() -> None:
    state = make_state({0: [("Tank Ace", RESERVE), ("Tank Ace", RESERVE), ("PzKw IV H", "c2")], 1: [("T-34 M41", "c3")]})
    actions = state.legal_actions()
    plays = [a for a in actions if a[0] == "play"]
    assert len({a[1] for a in plays}) == 2  # the engine lists both copies
    choices = keyed(state, actions)
    assert len([k for k in choices if k[0] == "play"]) == len(plays) // 2
    assert all(choices[k] in actions for k in choices)


def test_the_seed_option_changes_the_search_and_nothing_else() -> None:
    state = duel()
    plain, same, other = make("mcts:30"), make("mcts:30:seed=0"), make("mcts:30:seed=99")
    plain(state, random.Random(4)), same(state, random.Random(4)), other(state, random.Random(4))
    assert plain.last.visits == same.last.visits != other.last.visits  # type: ignore[attr-defined]


@pytest.mark.parametrize("text, specs", [
    ("random,greedy,plan:32", ["random", "greedy", "plan:32"]),
    ("greedy,plan:128:k=4,z=1,mcts:400", ["greedy", "plan:128:k=4,z=1", "mcts:400"]),
    (" greedy , rollout:8:k=2,horizon=4 ", ["greedy", "rollout:8:k=2,horizon=4"]),
])
def test_a_list_of_specs_keeps_each_specs_own_comma_separated_options(text: str, specs: list[str]) -> None:
    from tcforge.agents.spec import split_specs
    assert split_specs(text) == specs
