"""Levers (issue 36 item 1): --set reaches one side's values and the scenario's own fields, checked before any game,
and 'scenario levers' lists what can be moved."""
from __future__ import annotations

import random
from typing import Any

import pytest
from typer.testing import CliRunner

from tcforge.cli import app
from tcforge.play.games import new_game, play_game
from tcforge.scenarios.findings import ScenarioError
from tcforge.scenarios.grid import Position
from tcforge.scenarios.levers import LeverError, apply, parse_name
from tcforge.scenarios.loading import load, scenario_levers


def _first_play(state: Any, side: int) -> Any:
    """Step a game with greedy's choices to ``side``'s first play decision of turn 1."""
    from tcforge.agents.greedy import greedy_policy
    from tcforge.engine.core import CHANCE
    from tcforge.engine.replay import sample_chance
    rng = random.Random(1)
    while not (state.phase == "play" and state.active == side and state.ctx.window is None):
        chance = state.current_player() == CHANCE
        state.apply_action(sample_chance(state, rng) if chance else greedy_policy(state, rng))
    return state


def test_4_0_a_a_side_supply_lever_gives_that_side_its_own_supply_points_each_turn() -> None:
    s = load("hill-621", parameters={"soviet.supply_points": 3})
    state = new_game(s, 1)
    assert [state.game.supply_points(side) for side in (0, 1)] == [2, 3]  # the German keeps the ruleset's 2
    assert _first_play(new_game(s, 1), 1).supply == 3  # the engine deals the lever's points as the turn begins
    assert _first_play(new_game(load("hill-621"), 1), 1).supply == 2
    _, result = play_game(s, 1, ("greedy", "greedy"), record=False)
    assert result.error == "" and result.winner in ("german", "soviet")


def test_9_6_1_coordination_counts_its_cap_from_the_side_s_own_supply_points() -> None:
    """9.6.1: Coordination gives one more point, three at most in the turn. A side that gets three of its own (a
    lever) has no room for it; with the ruleset's two it has."""
    from tcforge.engine.cards import _coordination_targets
    for points, room in ((2, True), (3, False)):
        state = _first_play(new_game(load("hill-621", parameters={"soviet.supply_points": points}), 1), 1)
        assert bool(_coordination_targets(state, state.units[0])) is room, points  # the card itself is not read


def test_a_scenario_lever_changes_its_field_and_the_turn_limit_takes_the_last_turn_s_condition_along() -> None:
    s = load("hill-621", parameters={"scenario.turn_limit": 18, "scenario.reinforcements.german.2.turn": 14})
    assert s.turn_limit == 18 and s.victory[0].at_end_of_turn == 18  # type: ignore[attr-defined]
    assert s.reinforcement("german-2").turn == 14
    by_id = load("hill-621", parameters={"scenario.reinforcements.german.german-2.turn": 9})
    assert by_id.reinforcement("german-2").turn == 9


def test_shifting_the_victory_positions_one_rank_moves_them_towards_the_side_that_must_take_them() -> None:
    written = load("hill-621").victory[0].targets["soviet"]  # type: ignore[attr-defined]
    nearer = load("hill-621", parameters={"scenario.victory.take-the-hill.shift": 1}).victory[0].targets["soviet"]  # type: ignore[attr-defined]
    assert [p.row + 1 for p in written] == [p.row for p in nearer]  # the Soviet enters from the south
    assert nearer[0] == Position(3, 2)


def test_a_ruleset_parameter_and_a_lever_mix_in_one_set() -> None:
    s = load("hill-621", parameters={"turn.hand_limit": 6, "german.supply_points": 4})
    assert s.param("turn.hand_limit") == 6 and [r.points for r in s.special_rules if r.rule == "side_supply"] == [4]  # type: ignore[attr-defined]


@pytest.mark.parametrize(("overrides", "says"), [
    ({"scenario.turn_limit": 0}, "'scenario.turn_limit' is 0: give a whole number from 1 to 99"),
    ({"scenario.turn_limit": 5}, "before german's group german-2 arrives (turn 11): give a whole number from 11 to 99"),
    ({"scenario.turn_limit": "x"}, "give a whole number"),
    ({"soviet.supply_points": 0}, "'soviet.supply_points' is 0: give a whole number from 1 to 20"),
    ({"soviet.supply_points": 2.5}, "give a whole number from 1 to 20"),
    ({"soviet.supply_points": True}, "is true: give a whole number"),
    ({"soviet.morale": 3}, "no lever 'soviet.morale': a side's levers are soviet.supply_points"),
    ({"scenario.reinforcements.german.3.turn": 4}, "no group '3' arriving on a turn"),
    ({"scenario.reinforcements.finnish.1.turn": 4}, "no side 'finnish'"),
    ({"scenario.reinforcements.german.2.turn": 17}, "from 1 to 16"),
    ({"scenario.victory.nope.turn": 4}, "no victory condition 'nope'"),
    ({"scenario.victory.take-the-hill.count": 2}, "no lever 'scenario.victory.take-the-hill.count'"),
    ({"scenario.victory.take-the-hill.shift": 5}, "from -1 to 4"),
    ({"scenario.weather": 3}, "no lever 'scenario.weather'"),
    ({"scenario.reinforcements.german.2.turn": 0}, "from 1 to 16"),
])
def test_a_lever_that_cannot_take_its_value_is_refused_in_one_line_naming_it(overrides: dict[str, Any], says: str) -> None:
    with pytest.raises(ScenarioError) as caught:
        load("hill-621", parameters=overrides)
    findings = caught.value.findings
    assert len(findings) == 1 and findings[0].code == "lever" and says in findings[0].message, findings[0].message


def test_lever_names() -> None:
    assert parse_name("scenario.turn_limit") == ("scenario", ("turn_limit",))
    with pytest.raises(LeverError):
        apply({"sides": [{"id": "german"}]}, {"german.supply_points": 99})


def test_scenario_levers_lists_what_can_be_moved_with_the_values_allowed() -> None:
    names = {lever.name: lever for lever in scenario_levers("hill-621")}
    assert names["scenario.reinforcements.german.2.turn"].value == 11
    assert (names["soviet.supply_points"].low, names["soviet.supply_points"].high) == (1, 20)
    assert "battlefield.columns" not in names  # the scenario's battlefield sets the grid, not the ruleset's
    kursk = {lever.name for lever in scenario_levers("kursk")}
    assert "scenario.victory.breakthrough.count" in kursk and "scenario.turn_limit" in kursk
    result = CliRunner().invoke(app, ["scenario", "levers", "hill-621"])
    assert result.exit_code == 0 and "scenario.victory.take-the-hill.shift" in result.stdout
    assert "a whole number from 1 to 16" in result.stdout


def test_a_sweep_cell_of_levers_is_checked_before_any_game() -> None:
    result = CliRunner().invoke(app, ["scenario", "sweep", "hill-621", "--set", "scenario.turn_limit=0", "--games", "1"])
    assert result.exit_code == 2
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and "'scenario.turn_limit' is 0: give a whole number from 1 to 99" in lines[0], result.stderr


def test_sweep_cells_of_one_seed_are_compared_by_their_paired_difference(tmp_path: Any) -> None:
    result = CliRunner().invoke(app, ["scenario", "sweep", "hill-621", "--set", "turn.hand_limit=12", "--set",
                                      "soviet.supply_points=5", "--games", "6", "--batch", "3", "--jobs", "1", "--no-progress",
                                      "--out", str(tmp_path / "sw")], catch_exceptions=False)
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert "soviet.supply_points=5" in lines[1]
    assert lines[2].startswith("  soviet against [as written, turn.hand_limit=12, greedy], on the same seeds: ")
    assert "over 6 paired games: the 95 % interval " in lines[2] and "McNemar's exact test, for information: p = " in lines[2]


def test_a_replay_marks_the_positions_the_game_was_played_for_the_shifted_ones_too() -> None:
    from tcforge.play.frames import frames
    shifted = frames(load("hill-621", parameters={"scenario.victory.take-the-hill.shift": 1}), 1, ("random", "random"))
    assert shifted["goals"] == {"german": [], "soviet": ["G4-2", "G4-3", "G4-4"]}
    step = shifted["steps"][0]
    assert step["text"] == "set-up" and step["turn"] == 1 and sum(map(len, step["board"].values())) > 10
    assert all(isinstance(tag, str) and tag in shifted["units"] for tags in step["board"].values() for tag in tags)


def test_a_replay_of_a_dealt_map_says_what_was_dealt_where() -> None:
    from tcforge.play.frames import frames
    from tcforge.play.games import new_game
    s = load("kursk")
    game = frames(s, 5, ("random", "random"))
    start = new_game(s, 5)
    assert len(game["terrain"]) == 20
    named = {label: name for label, name in game["terrain"].items() if name != "Clear"}
    assert len(named) == sum(1 for t in start.terrain if t is not None) > 0


def test_a_count_asks_for_no_more_positions_than_its_rank_has() -> None:
    with pytest.raises(ScenarioError) as caught:
        load("kursk", parameters={"scenario.victory.breakthrough.count": 6})
    assert "give a whole number from 1 to 5" in caught.value.findings[0].message  # Kursk's ranks are five wide
    assert load("kursk", parameters={"scenario.victory.breakthrough.count": 5}).victory[0].count == 5  # type: ignore[attr-defined]


def test_a_reinforcement_may_come_later_with_the_longer_turn_limit_set_beside_it() -> None:
    s = load("hill-621", parameters={"scenario.reinforcements.german.2.turn": 18, "scenario.turn_limit": 20})
    assert s.turn_limit == 20 and s.reinforcement("german-2").turn == 18


def test_play_with_set_replays_the_game_a_lever_cell_played() -> None:
    s = load("hill-621", parameters={"soviet.supply_points": 5})
    _, result = play_game(s, 3, ("greedy", "greedy"), record=False)
    shown = CliRunner().invoke(app, ["scenario", "play", "hill-621", "--seed", "3", "--set", "soviet.supply_points=5", "-q"])
    assert shown.exit_code == 0, shown.stderr
    assert f"{result.turns} turn(s), {result.actions} actions" in shown.stdout
    assert (result.winner or "").capitalize() in shown.stdout


def test_a_sweep_file_s_levers_are_refused_at_their_lines_before_any_game(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from conftest import ROOT
    monkeypatch.chdir(ROOT)
    name = "tests/data/sweeps/lever-out-of-range.yaml"
    out = tmp_path / "out"
    result = CliRunner().invoke(app, ["scenario", "sweep", "--file", name, "--out", str(out), "--jobs", "1"])
    assert result.exit_code == 1 and not out.exists()
    assert result.stderr.splitlines() == [
        f"{name}:6:5: hill-621: 'scenario.turn_limit' is 0: give a whole number from 1 to 99 (hint: 'tcforge scenario "
        "levers SCENARIO' lists the levers and the values each takes)",
        f"{name}:7:5: hill-621: no group '7' arriving on a turn in 'scenario.reinforcements.german.7.turn': german's are "
        "1, 2 (counted from 1, or the group's id) (hint: 'tcforge scenario levers SCENARIO' lists the levers and the values "
        "each takes)"]


def test_defect_8_a_scenario_lever_lists_the_range_it_accepts() -> None:
    """Defect 8 of the issue 36 review: 'scenario levers hill-621' listed scenario.turn_limit as 1 to 99 while 1 to 10
    were refused (the second German reinforcements arrive on turn 11). Each scenario and side lever's ends load, and
    the value below its low end is refused."""
    from tcforge.scenarios.findings import ScenarioError
    from tcforge.scenarios.loading import load, scenario_levers
    for lever in scenario_levers("hill-621"):
        if lever.family == "ruleset" or lever.low is None or lever.high is None:
            continue
        for end in (lever.low, lever.high):
            load("hill-621", parameters={lever.name: end})
        with pytest.raises(ScenarioError):
            load("hill-621", parameters={lever.name: lever.low - 1})


def test_defect_10_a_side_lever_of_a_side_the_scenario_lacks_names_its_sides() -> None:
    """Defect 10 of the issue 36 review: '--set italian.supply_points=3' said "not a parameter of ruleset
    'six-pack-r3'"; it says there is no side 'italian' and names the sides. A ruleset parameter of that shape
    (turn.supply_points) is still a ruleset parameter."""
    from tcforge.scenarios.findings import ScenarioError
    from tcforge.scenarios.loading import load
    with pytest.raises(ScenarioError) as refused:
        load("hill-621", parameters={"italian.supply_points": 3})
    assert refused.value.findings[0].message == "no side 'italian' in 'italian.supply_points': the sides are german, soviet"
    assert load("hill-621", parameters={"turn.supply_points": 3}).params["turn.supply_points"] == 3
