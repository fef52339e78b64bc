"""Greedy's play weighs its moves from the highest bound down and leaves out those that cannot reach the best score
(issue 35's speed work): at every play decision of seeded games the best score and the plays that reach it, in their
order, are those of play_candidates, which weighs every play."""
from __future__ import annotations

import random

import pytest

from tcforge.agents.greedy import _best_candidates, forced_play, greedy_policy, play_candidates
from tcforge.agents.playout import run
from tcforge.play.games import new_game
from tcforge.scenarios.loading import load


def _top(candidates: list) -> tuple[float, list]:  # type: ignore[type-arg]
    best = max(score for score, _ in candidates)
    return best, [a for score, a in candidates if score == best]


@pytest.mark.parametrize(("scenario_id", "seed"), [("hill-621", 1), ("hill-621", 2), ("kursk", 1), ("kursk", 3)])
def test_the_pruned_play_keeps_the_best_plays_of_every_decision(scenario_id: str, seed: int) -> None:
    state = new_game(load(scenario_id), seed)
    checked = 0

    def watching(at, rng):  # type: ignore[no-untyped-def]
        nonlocal checked
        if at.phase == "play" and at.ctx.window is None and len(at.legal_actions()) > 1 \
                and forced_play(at, at.legal_actions()) is None:
            assert _top(_best_candidates(at, at.legal_actions())) == _top(play_candidates(at, at.legal_actions()))
            checked += 1
        return greedy_policy(at, rng)

    run(state, (watching, watching), random.Random(seed))
    assert checked > 20
