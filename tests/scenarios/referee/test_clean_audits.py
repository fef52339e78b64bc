"""A clean audit means the rules were kept: fresh games audited by the referee's own rule code.

Greedy games of all ten bundled scenarios are audited in tests/scenarios/test_referee_games.py (two seeds each);
here: search players on two bundled scenarios, and generated 001 games (meeting and attack, greedy) whose
rules (captures, opportunity fire, spotting, Wire, the break-through) the referee reads from source 001.
A game the engine still plays by a departure issue 33 lists would be a strict expected failure naming it, so it
flips when the engine's fix lands (dyo-attack-3 seed 1 was one, for departure 1's captures, until the fix).
"""
from __future__ import annotations

from pathlib import Path

import pytest

from tcforge.analysis.generate import jeff_mike
from tcforge.play.games import play_game
from tcforge.play.referee import audit_game
from tcforge.play.setup import setup, start
from tcforge.scenarios.loading import load
from tcforge.scenarios.scenario import Scenario


def _lines(sc: Scenario, seed: int, agents: tuple[str, str]) -> list[str]:
    playout, result = play_game(sc, seed, agents)
    assert not result.error, result.error
    return audit_game(sc, start(sc, setup(sc, seed)), playout.log, f"{sc.id} seed {seed}").lines()


def _dyo(tmp_path: Path, kind: str, seed: int) -> Scenario:
    out = tmp_path / f"dyo-{kind}-{seed}.yaml"
    out.write_text(jeff_mike(f"dyo-{kind}-{seed}", year=1943, points=400, seed=seed, kind=kind), encoding="utf-8")
    return load(str(out))


@pytest.mark.slow
@pytest.mark.parametrize("scenario, agents", [("tank-action", ("plan:8", "greedy")),
                                              ("meeting-engagement", ("greedy", "rollout:4"))])
def test_search_players_games_of_bundled_scenarios_audit_clean(scenario: str, agents: tuple[str, str]) -> None:
    assert _lines(load(scenario), 1, agents) == []


@pytest.mark.parametrize("kind, scenario_seed, seed", [
    ("meeting", 1, 1), ("meeting", 1, 2), ("meeting", 1, 3), ("meeting", 2, 1), ("meeting", 2, 2),
    ("attack", 4, 1), ("attack", 4, 2), ("attack", 4, 3), ("attack", 1, 1), ("attack", 1, 2), ("attack", 3, 1)])
def test_greedy_games_of_generated_001_scenarios_audit_clean(tmp_path: Path, kind: str, scenario_seed: int,
                                                             seed: int) -> None:
    assert _lines(_dyo(tmp_path, kind, scenario_seed), seed, ("greedy", "greedy")) == []


@pytest.mark.slow
def test_a_search_players_game_of_a_generated_001_scenario_audits_clean(tmp_path: Path) -> None:
    assert _lines(_dyo(tmp_path, "attack", 4), 1, ("plan:8", "greedy")) == []
