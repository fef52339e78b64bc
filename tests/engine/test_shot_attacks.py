"""fire.shot_attacks is fire.shots with each shot's attack found in the same pass (issue 35): the two are written
apart for speed, so this holds them together. At positions of seeded games on Hill 621, Kursk and a hidden-units
scenario, for every card on the table: the same shots in the same order, and each attack equal to the one
build_attack (9.1-9.5) or equipment_attack makes for it."""
from __future__ import annotations

import random

import pytest

from tcforge.agents import make as make_agent
from tcforge.agents.playout import run
from tcforge.engine import fire
from tcforge.play.games import new_game
from tcforge.scenarios.loading import load


@pytest.mark.parametrize(("scenario_id", "seed"), [("hill-621", 3), ("kursk", 5), ("tank-action", 7)])
def test_shot_attacks_are_shots_with_the_attacks_build_attack_makes(scenario_id: str, seed: int) -> None:
    state = new_game(load(scenario_id), seed)
    players = (make_agent("greedy"), make_agent("greedy"))
    checked = 0
    for _ in range(12):
        run(state, players, random.Random(seed), max_actions=40)
        if state.is_terminal():
            break
        for unit in state.units:
            if unit.pos < 0 or not unit.profile.combat:
                continue
            found = fire.shot_attacks(state, unit)
            assert [(t, k, e) for t, k, e, _ in found] == fire.shots(state, unit)
            for target, kind, item, attack in found:
                expected = (fire.build_attack(state, unit, state.units[target], kind) if item < 0
                            else fire.equipment_attack(state, unit, state.units[target], state.units[item]))
                assert attack == expected, (scenario_id, unit.uid, target, kind)
                checked += 1
    assert checked > 20  # the positions held shots to compare
