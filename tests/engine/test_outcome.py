"""How a game ended is a value (16.0, 20.0): the winner, the kind of ending, the turn, the condition met."""
from __future__ import annotations

import json
import random

from enginekit import make, pos, uid
from tcforge.agents.playout import play, random_policy
from tcforge.engine.outcome import EndKind, Outcome
from tcforge.engine.state import GameState
from tcforge.play.games import play_game
from tcforge.scenarios.loading import load


def halt(state: GameState) -> None:
    if state.phase == "move":
        state.apply_checked(("halt",))


def test_16_0_taking_three_rear_positions_is_a_victory_condition_outcome() -> None:
    state = make({0: [("PzKw IV H", "a3"), ("PzKw IV G", "b3"), ("PzKw IV J", "c4")], 1: [("T-34 M41", "e3")]})
    for label, to, name in (("a3", "a4", "PzKw IV H"), ("b3", "b4", "PzKw IV G")):
        assert state.outcome is None and state.end_reason == ""
        state.apply_checked(("move", pos(state, label)))
        if state.ctx.move is not None and state.ctx.move.stage == "pick":
            state.apply_checked(("pick", uid(state, name)))
        state.apply_checked(("step", pos(state, to)))
        halt(state)
    assert state.outcome == Outcome(0, EndKind.VICTORY_CONDITION, 1, state.end_reason, "16.0")
    assert state.winner == 0 and "(16.0)" in state.end_reason


def test_a_game_without_victory_ends_at_the_engines_cap_as_a_draw() -> None:
    state = make({0: [("German Line Squad", "a1")], 1: [("Soviet Line Squad", "e4")]}, cap=2)
    play(state, (random_policy, random_policy), random.Random(1))
    assert state.outcome is not None and state.outcome.kind is EndKind.ENGINE_CAP
    assert (state.winner, state.outcome.turn) == (None, 2) and "engine's cap" in state.outcome.reason


def test_a_serialized_finished_game_gives_back_its_outcome() -> None:
    state = make({0: [("German Line Squad", "a1")], 1: [("Soviet Line Squad", "e4")]}, cap=1)
    play(state, (random_policy, random_policy), random.Random(2))
    copy = GameState.deserialize(state.game, state.serialize())
    assert copy.outcome == state.outcome and copy.is_terminal()


def test_scenario_results_name_the_condition_met_from_the_outcome() -> None:
    kinds = set()
    for sid in ("hill-621", "kursk", "tank-action"):
        scenario = load(sid)
        ids = {c.id for c in scenario.victory}
        for seed in (1, 2):
            playout, result = play_game(scenario, seed, ("greedy", "greedy"), record=False)
            outcome = playout.state.outcome
            assert outcome is not None and result.reason == outcome.reason
            kinds.add(outcome.kind)
            if outcome.kind is EndKind.TURN_LIMIT:
                assert result.condition == "turn limit"
            elif outcome.kind is EndKind.ENGINE_CAP:
                assert result.condition == "cap" and outcome.winner is None
            else:
                assert result.condition == outcome.condition and outcome.condition in ids
    assert kinds == {EndKind.TURN_LIMIT, EndKind.ENGINE_CAP, EndKind.VICTORY_CONDITION}


def test_the_serialized_state_stores_the_endings_kind_and_condition_not_only_its_words() -> None:
    state = make({0: [("PzKw IV H", "a3"), ("PzKw IV G", "b3"), ("PzKw IV J", "c4")], 1: [("T-34 M41", "e3")]})
    for label, to, name in (("a3", "a4", "PzKw IV H"), ("b3", "b4", "PzKw IV G")):
        state.apply_checked(("move", pos(state, label)))
        if state.ctx.move is not None and state.ctx.move.stage == "pick":
            state.apply_checked(("pick", uid(state, name)))
        state.apply_checked(("step", pos(state, to)))
        halt(state)
    raw = json.loads(state.serialize())
    assert raw["ending"] == {"kind": "victory_condition", "condition": "16.0"}
    raw["end_reason"] = "words that name no kind"  # the kind is read from its key, never from the text
    copy = GameState.deserialize(state.game, json.dumps(raw, sort_keys=True))
    assert copy.outcome == Outcome(0, EndKind.VICTORY_CONDITION, 1, "words that name no kind", "16.0")
    unfinished = make({0: [("German Line Squad", "a1")], 1: [("Soviet Line Squad", "e4")]})
    assert json.loads(unfinished.serialize())["ending"] is None
    assert GameState.deserialize(unfinished.game, unfinished.serialize()).outcome is None


def test_a_state_serialized_before_the_ending_was_stored_still_gives_back_its_outcome() -> None:
    state = make({0: [("German Line Squad", "a1")], 1: [("Soviet Line Squad", "e4")]}, cap=1)
    play(state, (random_policy, random_policy), random.Random(2))
    raw = json.loads(state.serialize())
    del raw["ending"]  # the form written before the key
    old = GameState.deserialize(state.game, json.dumps(raw, sort_keys=True))
    assert old.outcome == state.outcome and old.outcome is not None and old.outcome.kind is EndKind.ENGINE_CAP
    victory = {**raw, "winner": 0, "end_reason": "side 0 holds three enemy rear positions (16.0)"}
    assert GameState.deserialize(state.game, json.dumps(victory)).outcome == Outcome(
        0, EndKind.VICTORY_CONDITION, raw["turn"], victory["end_reason"], "16.0")
    fresh = make({0: [("German Line Squad", "a1")], 1: [("Soviet Line Squad", "e4")]})
    unfinished = json.loads(fresh.serialize())
    del unfinished["ending"]
    assert GameState.deserialize(fresh.game, json.dumps(unfinished)).outcome is None
