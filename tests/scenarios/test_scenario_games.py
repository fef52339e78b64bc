"""Headless play of scenarios: play, replay, balance, the playable verdict (issue: scenarios)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from conftest import ROOT
from tcforge.analysis.balance import report, run, wilson
from tcforge.cli import app
from tcforge.engine.outcome import DEFAULT_CAP as MAX_TURNS
from tcforge.play.games import play_game, read_log, replay, write_log
from tcforge.scenarios.loading import load


def test_wilson_interval_matches_the_textbook_values() -> None:
    assert tuple(round(x, 4) for x in wilson(50, 100)) == (0.4038, 0.5962)
    assert wilson(0, 10)[0] == 0.0 and round(wilson(0, 10)[1], 4) == 0.2775
    assert wilson(0, 0) == (0.0, 1.0)


BUNDLED = ["tank-action", "build-your-own-force", "meeting-engagement", "prepared-defense", "defense",
           "advanced-build-your-own-force", "eliminate-that-bridgehead", "kursk", "the-end-is-near", "hill-621"]
# Scenarios whose two seeded greedy games below both run into the engine's 20-turn cap, and why.
CAPPED_BOTH_GAMES = {"tank-action": "last one standing: two greedy players do not wipe each other out in 20 turns"}


@pytest.mark.parametrize("scenario", BUNDLED)
def test_every_bundled_scenario_stops_without_engine_error_by_a_condition_the_turn_limit_or_the_cap(scenario: str) -> None:
    sc = load(scenario)
    sides = [s.id for s in sc.sides]
    conditions = {c.id: c for c in sc.victory}
    for seed in (1, 2):
        _, result = play_game(sc, seed, ("greedy", "greedy"), record=False)
        assert not result.error, result.error
        if result.condition == "cap":  # stopped, not ended: nobody won
            assert result.winner is None and result.turns == MAX_TURNS and sc.turn_limit is None
        elif result.condition == "turn limit":  # 16.0: the scenario's default winner at its turn limit
            assert result.turns == sc.turn_limit and result.winner == sc.default_winner
        else:  # one of the scenario's own victory conditions, won by a side it allows
            assert result.winner in conditions[result.condition].winners(sides), result.reason


@pytest.mark.parametrize("scenario", [s for s in BUNDLED if s not in CAPPED_BOTH_GAMES])
def test_16_0_every_bundled_scenario_but_tank_action_is_decided_in_one_of_eight_greedy_games(scenario: str) -> None:
    sc = load(scenario)
    endings = []
    # stop at the first decided game: most are decided in the first two; since the owners lay out their set-up
    # (greedy its strongest cards forward), Eliminate that Bridgehead's Soviet defender holds 20 turns in 7 of 8
    for seed in range(1, 9):
        endings.append(play_game(sc, seed, ("greedy", "greedy"), record=False)[1])
        if endings[-1].condition != "cap":
            break
    decided = [r for r in endings if r.condition != "cap"]
    assert decided and all(r.winner in [s.id for s in sc.sides] for r in decided), [r.reason for r in endings]


def test_tank_action_greedy_games_stop_at_the_engine_cap_undecided() -> None:
    sc = load("tank-action")
    endings = [play_game(sc, seed, ("greedy", "greedy"), record=False)[1] for seed in (1, 2)]
    assert [(r.condition, r.winner, r.turns) for r in endings] == [("cap", None, MAX_TURNS)] * 2


def test_a_logged_game_replays_exactly(tmp_path: Path) -> None:
    sc = load("hill-621")
    playout, result = play_game(sc, 5, ("greedy", "random"))
    log = tmp_path / "game.jsonl"
    with log.open("w", encoding="utf-8") as handle:
        write_log(handle, playout.state.scenario_setup, playout.log, sc, folder=tmp_path, state=playout.state)
    record, lines = read_log(log)
    assert record.seed == 5 and len(lines) == result.actions
    _, state, lines = replay(log)
    for line in lines:
        state.apply_checked(tuple(line.action))
    assert state.serialize() == playout.state.serialize()


def test_20_0_hill_621_reinforcements_arrive_on_their_turns() -> None:
    sc = load("hill-621")
    playout, _ = play_game(sc, 3, ("random", "random"), record=False)
    arrivals = playout.state.arrivals
    assert arrivals.get("german-1") == 6 and arrivals.get("soviet-1") == 5 and arrivals.get("soviet-2") == 8


def test_20_0_balance_option_moves_the_second_german_group() -> None:
    as_written, _ = play_game(load("hill-621"), 3, ("random", "random"), record=False)
    late, _ = play_game(load("hill-621", balance="german-minus"), 3, ("random", "random"), record=False)
    assert as_written.state.arrivals.get("german-2") == 11 and late.state.arrivals.get("german-2") == 12


@pytest.mark.slow
def test_balance_results_do_not_depend_on_the_number_of_jobs() -> None:
    one = run("kursk", games=6, jobs=1, policies=("random", "random"))
    two = run("kursk", games=6, jobs=2, policies=("random", "random"), batch=2)  # three batches: two worker processes
    assert [(r.seed, r.winner, r.turns, r.actions) for r in one] == [(r.seed, r.winner, r.turns, r.actions) for r in two]


def test_balance_report_counts_every_game_once() -> None:
    sc = load("meeting-engagement")
    results = run("meeting-engagement", games=8, jobs=1)
    rep = report(sc, results, ("greedy", "greedy"), None)
    decided = sum(s.wins for s in rep.sides)
    assert decided + rep.draws + rep.capped + rep.errors == rep.games == 8
    assert 0.0 <= rep.balance <= 1.0 and rep.completion == decided / 8


def test_scenario_play_and_replay_commands(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    runner = CliRunner()
    log = tmp_path / "kursk.jsonl"
    played = runner.invoke(app, ["scenario", "play", "kursk", "--seed", "2", "--log", str(log)])
    assert played.exit_code == 0 and "Turn 1," in played.stdout and log.is_file()
    again = runner.invoke(app, ["scenario", "replay", str(log)])
    assert again.exit_code == 0 and again.stdout == played.stdout
    broken = tmp_path / "broken.jsonl"
    broken.write_text(log.read_text().replace('"d10", 1]', '"d10", 11]', 1))
    bad = runner.invoke(app, ["scenario", "replay", str(broken)])
    assert bad.exit_code == 1 and "(hash chain broken)" in bad.stderr and "Traceback" not in bad.stderr


def test_scenario_balance_json_and_plot(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    plot = tmp_path / "rates.png"
    result = CliRunner().invoke(app, ["scenario", "balance", "hill-621", "--games", "4", "--format", "json",
                                      "--plot", str(plot), "--policy", "random"])
    reports = json.loads(result.stdout)
    assert result.exit_code == 0 and [r["option"] for r in reports] == [None, "german-plus", "german-minus", "tank-melee-1997"]
    assert {s["side"] for s in reports[0]["sides"]} == {"german", "soviet"} and plot.stat().st_size > 0


def test_check_play_gives_a_verdict_with_its_figures(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    result = CliRunner().invoke(app, ["scenario", "check", "kursk", "--play", "--games", "6", "--format", "json"])
    verdict = json.loads(result.stdout)["playable"][0]
    # 'ended' counts every game that stopped without an engine error: won, or stopped at the engine's cap
    assert verdict["games"] == verdict["ended"] == 6 and verdict["errors"] == 0
    assert sum(verdict["wins"].values()) + verdict["capped"] == verdict["ended"]
    assert result.exit_code == (0 if verdict["playable"] else 1)


def test_16_0_victory_unreachable_within_the_turn_limit(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    text = (ROOT / "data" / "scenarios" / "hill-621.yaml").read_text(encoding="utf-8")
    short = tmp_path / "hill-621-short.yaml"
    # in two turns the Soviet infantry squads walk onto the hill (20.0 counts them); in one nothing gets there
    short.write_text(text.replace("turn_limit: 16", "turn_limit: 1").replace("at_end_of_turn: 16", "at_end_of_turn: 1"),
                     encoding="utf-8")
    result = CliRunner().invoke(app, ["scenario", "check", str(short), "--format", "json"])
    findings = json.loads(result.stdout)["reports"][0]["findings"]
    unreachable = [f for f in findings if f["code"] == "victory-unreachable"]
    assert result.exit_code == 1 and len(unreachable) == 3  # the three hill positions
    line = next(i for i, row in enumerate(short.read_text().splitlines(), 1) if "id: take-the-hill" in row)
    assert {f["line"] for f in unreachable} == {line}


def test_12_0_cards_the_engine_does_not_implement_are_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    from tcforge.engine.cards import Effect
    from tcforge.play import checks as scenario_checks
    monkeypatch.setitem(scenario_checks.EFFECTS, 118, Effect("instant", "missing", "pretend the Sniper is missing"))
    findings = list(scenario_checks.engine_findings(load("hill-621")))
    assert [f.code for f in findings] == ["engine-unsupported"] and "Sniper" in findings[0].message


@pytest.mark.parametrize("kind, seed", [("meeting", 1), ("attack", 4), ("meeting", 7)])
def test_generate_jeff_mike_writes_a_legal_scenario_the_engine_plays_without_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                             kind: str, seed: int) -> None:
    monkeypatch.chdir(ROOT)
    out = tmp_path / "dyo.yaml"
    result = CliRunner().invoke(app, ["scenario", "generate", "--year", "1943", "--points", "400", "--seed", str(seed),
                                      "--kind", kind, "--out", str(out)])
    assert result.exit_code == 0 and "legal" in result.stdout
    sc = load(out)
    assert sc.ruleset.id == "jeff-mike-2002" and (sc.grid.columns, sc.grid.ranks_per_side) == (3, 2)
    assert all(c.in_service(1943) for s in sc.sides for e in s.forces for c in [e.card] if c.type == "vehicle")
    _, game = play_game(sc, 1, ("greedy", "greedy"), record=False)
    assert not game.error


def test_new_scenario_from_the_skeleton_checks_and_refuses_to_overwrite(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    out = tmp_path / "mine.yaml"
    runner = CliRunner()
    assert runner.invoke(app, ["scenario", "new", "mine", "--out", str(out)]).exit_code == 0
    assert out.read_text().count("id: mine") == 1
    assert runner.invoke(app, ["scenario", "check", str(out)]).exit_code == 0
    again = runner.invoke(app, ["scenario", "new", "mine", "--out", str(out)])
    assert again.exit_code == 1 and "exists already" in again.stderr
    assert runner.invoke(app, ["scenario", "new", "Bad Id", "--out", str(tmp_path / "x.yaml")]).exit_code == 1
