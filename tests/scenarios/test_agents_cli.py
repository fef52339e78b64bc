"""Per-side agents wherever a game is played (issue 13): --agent SIDE=SPEC, the log's set-up line, the --policy alias."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from conftest import ROOT
from tcforge.cli import app


@pytest.mark.slow
def test_play_records_each_sides_agent_and_replays_old_logs_without_them_only_when_asked(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    runner = CliRunner()
    log = tmp_path / "game.jsonl"
    played = runner.invoke(app, ["scenario", "play", "hill-621", "--seed", "4", "--quiet", "--log", str(log),
                                 "--agent", "soviet=PLAN:4", "--agent", "german=random"])
    assert played.exit_code == 0, played.stderr
    assert "(random v plan:4)" in played.stdout  # the result line is on standard output (issue 20 item 6)
    first, *rest = [json.loads(text) for text in log.read_text().splitlines()]
    setup = first
    assert setup["setup"]["agents"] == ["random", "plan:4"]
    assert runner.invoke(app, ["scenario", "replay", str(log)]).exit_code == 0
    del setup["setup"]["agents"]  # a log written before agents were recorded (and before hashes, issue 15)
    for obj in [setup, *rest]:
        for key in ("hash", "format", "digest"):
            obj.pop(key, None)
    old = tmp_path / "old.jsonl"
    old.write_text("\n".join(json.dumps(obj) for obj in [setup, *rest[:-1]]) + "\n")
    refused = runner.invoke(app, ["scenario", "replay", str(old)])  # nothing proves it: refused unless asked for
    assert refused.exit_code == 1 and refused.stdout == ""
    assert refused.stderr.startswith(f"{old}:1: the log has no hash chain") and len(refused.stderr.splitlines()) == 1
    replayed = runner.invoke(app, ["scenario", "replay", str(old), "--unsigned"])
    assert replayed.exit_code == 0 and "Game over" in replayed.stdout
    assert "notice: accepted with --unsigned" in replayed.stderr


def test_policy_still_works_and_says_it_is_deprecated(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    result = CliRunner().invoke(app, ["scenario", "play", "hill-621", "--seed", "1", "--quiet", "--policy", "random,greedy"])
    assert result.exit_code == 0 and "deprecated" in result.stderr and "(random v greedy)" in result.stdout


@pytest.mark.parametrize("args, why", [
    (["--agent", "prussian=greedy"], "no side 'prussian'"),
    (["--agent", "german=plan:fast"], "the budget is a whole number of iterations from 1 to 5,000 for plan"),
    (["--agent", "greedy", "--policy", "random"], "not both"),
])
def test_a_bad_agent_is_one_line_and_exit_2(args: list[str], why: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    result = CliRunner().invoke(app, ["scenario", "play", "hill-621", "--quiet"] + args)
    # an old spelling's notice (tcforge: warning: --policy is deprecated, use --agent) comes first, as everywhere
    lines = [line for line in result.stderr.strip().splitlines() if " is deprecated, use " not in line]
    assert result.exit_code == 2 and why in result.stderr and len(lines) == 1, result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.slow
def test_balance_and_check_play_take_agents(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    runner = CliRunner()
    balance = runner.invoke(app, ["scenario", "balance", "hill-621", "--games", "2", "--option", "as-written", "--format", "json",
                                  "--agent", "german=plan:4", "--agent", "soviet=random"])
    assert balance.exit_code == 0, balance.stderr
    reports = json.loads(balance.stdout)
    assert [r["option"] for r in reports] == [None] and reports[0]["policies"] == ["plan:4", "random"]
    check = runner.invoke(app, ["scenario", "check", "hill-621", "--play", "--games", "2", "--format", "json",
                                "--agent", "random", "--agent", "prussian=greedy"])
    verdict = json.loads(check.stdout)["playable"][0]
    assert verdict["agents"] == ["random", "random"] and verdict["games"] == 2


def test_check_play_names_the_agents_that_played_in_its_text_verdict(monkeypatch: pytest.MonkeyPatch) -> None:
    # the verdict line said "greedy v greedy" whatever --agent chose (its JSON had the agents right)
    monkeypatch.chdir(ROOT)
    check = CliRunner().invoke(app, ["scenario", "check", "hill-621", "--play", "--games", "2", "--agent", "german=random"])
    verdict = next(line for line in check.stdout.splitlines() if line.startswith("hill-621:"))
    assert "2 games (random v greedy), all ended" in verdict, verdict


@pytest.mark.slow
def test_a_log_played_by_a_timed_search_says_replay_cannot_prove_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # a log whose agent searched for a time is refused by replay and audit unless --unsigned (its choices follow the
    # clock); play says so when it writes one, instead of leaving the user to find out at replay
    monkeypatch.chdir(ROOT)
    log = tmp_path / "timed.jsonl"
    played = CliRunner().invoke(app, ["scenario", "play", "hill-621", "--quiet", "--agent", "german=rollout:1ms", "--log", str(log)])
    assert played.exit_code == 0, played.stderr
    assert "rollout:1ms searches for a time" in played.stderr and "--unsigned" in played.stderr
    counted = CliRunner().invoke(app, ["scenario", "play", "hill-621", "--quiet", "--log", str(tmp_path / "greedy.jsonl")])
    assert counted.exit_code == 0 and "searches for a time" not in counted.stderr
