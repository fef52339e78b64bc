"""Agents built from specs (random, greedy, plan:64, rollout:2s): parsing, the registry and its retired players, the
one playout loop every player runs in, and the evaluation the searches score positions with."""
from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

from enginekit import make as make_state
from tcforge.agents import AGENTS, RETIRED, SpecError, canonical, greedy_policy, make, parse
from tcforge.agents.evaluate import evaluate
from tcforge.agents.playout import next_action, play, random_policy, run
from tcforge.agents.search import keyed
from tcforge.engine import arrivals
from tcforge.engine.board import RESERVE
from tcforge.engine.outcome import EndKind, Outcome
from tcforge.engine.replay import sample_chance
from tcforge.engine.state import CHANCE, GameState

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("text, name, iterations, seconds, options, again", [
    ("greedy", "greedy", None, None, {}, "greedy"),
    ("plan:400", "plan", 400, None, {}, "plan:400"),
    ("PLAN:0400", "plan", 400, None, {}, "plan:400"),
    ("plan:2s", "plan", None, 2.0, {}, "plan:2s"),
    ("rollout:500ms", "rollout", None, 0.5, {}, "rollout:500ms"),
    ("plan:400:z=1,k=4", "plan", 400, None, {"k": "4", "z": "1"}, "plan:400:k=4,z=1"),
    ("rollout:k=2", "rollout", None, None, {"k": "2"}, "rollout:k=2"),
])
def test_an_agent_spec_reads_name_budget_and_options(text: str, name: str, iterations: int | None, seconds: float | None,
                                                     options: dict[str, str], again: str) -> None:
    spec = parse(text)
    assert (spec.name, spec.iterations, spec.seconds, spec.options) == (name, iterations, seconds, options)
    assert canonical(text) == again and parse(again) == spec


@pytest.mark.parametrize("text, why", [
    ("", "starts with a player's name"), ("plan:lots", "number of iterations"), ("plan:0", "iterations from 1 to 5,000 for plan"),
    ("plan:400:k", "key=value"), ("chess", "unknown player"), ("greedy:400", "takes no budget"),
    ("plan:400:speed=9", "unknown option"), ("rollout:4:k=0", "k is a whole number"), ("plan:4:1:2", "name:budget"),
])
def test_a_bad_agent_spec_says_what_is_wrong(text: str, why: str) -> None:
    with pytest.raises(SpecError, match=why):
        canonical(text)


@pytest.mark.parametrize("text", ["mcts", "mcts:50", "MCTS:400:c=0.5", "mcts:2s", "mcts:fast"])
def test_a_retired_player_is_refused_in_one_line_naming_what_to_use_instead(text: str) -> None:
    """mcts lost to greedy (issue 32): its spec, whatever its budget and options, says so and names the players
    that replace it, which are registered."""
    with pytest.raises(SpecError) as caught:
        make(text)
    message = str(caught.value)
    assert "\n" not in message and "retired" in message and "use plan:64 or greedy" in message
    assert message.startswith(f"agent spec {text!r}: ")
    assert set(RETIRED).isdisjoint(AGENTS) and {"plan", "greedy"} <= set(AGENTS)


def duel() -> GameState:
    return make_state({0: [("PzKw IV H", "c2"), ("German Line Squad", "c1")], 1: [("T-34 M41", "c3"), ("Soviet Line Squad", "c4")]},
                      cap=3)


def test_the_playout_loop_samples_chance_and_asks_the_side_to_move_in_the_games_order_of_draws() -> None:
    """One loop: chance sampled when chance acts, else the side to move's policy, both from the one generator; the
    logged game is the game a hand-written loop plays on the same seed, draw for draw."""
    by_hand, rng = duel(), random.Random(5)
    expected = []
    while not by_hand.is_terminal():
        player = by_hand.current_player()
        action = sample_chance(by_hand, rng) if player == CHANCE else (random_policy, greedy_policy)[player](by_hand, rng)
        expected.append(("chance" if player == CHANCE else f"side {player}", list(action)))
        by_hand.apply_action(action)
    played = play(duel(), (random_policy, greedy_policy), random.Random(5))
    assert [(line.actor, line.action) for line in played.log] == expected
    assert played.state.serialize() == by_hand.serialize()
    state, rng = duel(), random.Random(5)
    for _, action in expected[:20]:
        chosen = next_action(state, (random_policy, greedy_policy), rng)
        assert list(chosen) == action
        state.apply_action(chosen)


def test_the_playout_loop_stops_at_its_cap_or_when_asked_before_a_sides_decision() -> None:
    state = duel()
    assert run(state, (random_policy, random_policy), random.Random(1), max_actions=7) == 7
    asked: list[int] = []

    def stop(at: GameState, side: int) -> bool:
        asked.append(at.current_player())
        return at.turn >= 2

    more = run(state, (random_policy, random_policy), random.Random(1), stop=stop)
    assert more > 0 and CHANCE not in asked and (state.is_terminal() or state.turn >= 2)
    before = state.serialize()
    if not state.is_terminal():
        assert run(state, (random_policy, random_policy), random.Random(1), stop=lambda at, side: True) == 0
    assert state.serialize() == before


def test_policy_is_defined_once_and_the_search_players_import_nothing_from_each_other() -> None:
    """Policy is defined once (tcforge/agents/playout.py) and the search players import nothing from each other."""
    defined, imports = [], {}
    for path in sorted((ROOT / "tcforge").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, (ast.Assign, ast.AnnAssign, ast.ClassDef)):
                names = [node.name] if isinstance(node, ast.ClassDef) else [
                    t.id for t in (node.targets if isinstance(node, ast.Assign) else [node.target]) if isinstance(t, ast.Name)]
                if "Policy" in names:
                    defined.append(path.relative_to(ROOT).as_posix())
        imports[path.stem] = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}
    assert defined == ["tcforge/agents/playout.py"]
    searches = {"tcforge.agents.rollout", "tcforge.agents.plan", "tcforge.agents.lookahead", "tcforge.agents.planner"}
    for player in ("rollout", "plan", "lookahead", "planner"):
        assert not {m for m in imports[player] if m.startswith("tcforge.agents.")} & searches


def test_16_0_the_evaluation_prefers_more_material_and_is_the_result_once_the_game_is_over() -> None:
    state = duel()
    base = evaluate(state, 0)
    assert -1 < base < 1 and evaluate(state, 1) == pytest.approx(-base, abs=0.2)
    hurt = state.clone()
    arrivals.discard(hurt, next(u.uid for u in hurt.units if u.side == 1 and u.profile.tank))  # side 1 lost its tank
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


@pytest.mark.parametrize("text, specs", [
    ("random,greedy,plan:32", ["random", "greedy", "plan:32"]),
    ("greedy,plan:128:k=4,z=1,rollout:32", ["greedy", "plan:128:k=4,z=1", "rollout:32"]),
    (" greedy , rollout:8:k=2,horizon=4 ", ["greedy", "rollout:8:k=2,horizon=4"]),
])
def test_a_list_of_specs_keeps_each_specs_own_comma_separated_options(text: str, specs: list[str]) -> None:
    from tcforge.agents.spec import split_specs
    assert split_specs(text) == specs
