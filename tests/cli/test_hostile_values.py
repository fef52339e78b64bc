"""Hostile values typed on the command line: --set values, agent specs, counts and budgets (issue 31 items 7 and 8).

Each input of the corpus (tests/data/cli/hostile_values.yaml) is refused in one line on standard error that says what
is wrong and the range allowed, exit 2, no traceback; and before any game: the functions that play games are
replaced by ones that fail the test if they are called.
"""
from __future__ import annotations

import importlib
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from typer.testing import CliRunner

from conftest import ROOT
from tcforge.cli import app

CORPUS = ROOT / "tests" / "data" / "cli" / "hostile_values.yaml"
STAND_INS = {"<<DEEP>>": "[" * 10_000 + "]" * 10_000, "<<HUGE>>": "x" * 100_000, "<<DIGITS>>": "9" * 5_000}


def _cases() -> list[Any]:
    corpus = yaml.safe_load(CORPUS.read_text(encoding="utf-8"))
    cases = []
    for group, entries in corpus.items():
        for i, entry in enumerate(entries):
            args = list(entry["args"])
            for token, text in STAND_INS.items():
                args = [a.replace(token, text) for a in args]
            label = " ".join(entry["args"])[:70]
            cases.append(pytest.param(args, entry["says"], id=f"{group}-{i}-{label}"))
    return cases


PLAYERS = ("tcforge.play.games.play_game", "tcforge.analysis.batches.play_game", "tcforge.analysis.balance.run",
           "tcforge.analysis.sweep.run_sweep", "tcforge.analysis.ladder.climb", "tcforge.analysis.playable.playable",
           "tcforge.decks.odds.deck_odds")


@pytest.fixture()
def no_game(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[None]:
    """Every way a command plays games fails the test; the commands run in an empty folder (a sweep's default --out).

    The modules are imported before the stand-ins go in: a module first imported while they are in place would keep
    one for the rest of the run (batches.py takes play_game by name), and later tests would play no game."""
    def played(*_: Any, **__: Any) -> Any:
        raise AssertionError("a game was played for an input that must be refused first")

    for target in PLAYERS:
        importlib.import_module(target.rsplit(".", 1)[0])
    for target in PLAYERS:
        monkeypatch.setattr(target, played)
    monkeypatch.chdir(tmp_path)
    yield
    monkeypatch.undo()
    kept = [f"{name}.{attr}" for name, module in list(sys.modules.items()) if name.startswith("tcforge")
            for attr, value in list(vars(module).items()) if value is played]
    assert not kept, f"a stand-in outlived the test: {kept}"


def refusal(args: list[str]) -> tuple[int, str]:
    """(exit code, the one line on standard error); fails on a traceback or on more than one line."""
    result = CliRunner().invoke(app, args, catch_exceptions=False)
    assert "Traceback" not in result.stderr, result.stderr
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, result.stderr[:2000]
    assert len(lines[0]) < 400, lines[0][:500]  # a hostile value is never echoed whole
    return result.exit_code, lines[0]


@pytest.mark.parametrize(("args", "says"), _cases())
def test_a_hostile_value_is_refused_in_one_line_with_exit_2_before_any_game(no_game: None, args: list[str], says: str) -> None:
    code, line = refusal(args)
    assert code == 2, line
    assert line.startswith("tcforge: ") and says in line, line


def test_the_corpus_covers_every_surface_the_issue_names() -> None:
    text = CORPUS.read_text(encoding="utf-8")
    for needle in ("[1, 2", "@x", "2024-01-01", "&a", "*a", "<<DEEP>>", "!!python/object", "<<HUGE>>", "hand_limit=6.0",
                   "hand_limit=-1", "plan:0.0004s", "plan:2000000s", "lead=-1", "plan:-5", "rollout:nan", "10000000000"):
        assert needle in text, needle


def test_a_sweep_file_with_an_unbounded_count_is_refused_at_its_line(no_game: None, tmp_path: Path) -> None:
    sweep = tmp_path / "huge.sweep.yaml"
    sweep.write_text("scenarios: [hill-621]\ngames: 10000000000\nseed: -3\n", encoding="utf-8")
    result = CliRunner().invoke(app, ["scenario", "sweep", "--file", str(sweep)], catch_exceptions=False)
    assert result.exit_code == 1 and "Traceback" not in result.stderr
    lines = result.stderr.splitlines()
    assert any(":2:8: games is 10000000000" in line and "from 1 to 100,000" in line for line in lines), result.stderr
    assert any(":3:7: seed is -3" in line and "from 0 to 281,474,976,710,655" in line for line in lines), result.stderr


def test_a_scenario_file_that_sets_a_negative_hand_limit_is_refused_by_check_and_play(no_game: None, tmp_path: Path) -> None:
    data = yaml.safe_load((ROOT / "data" / "scenarios" / "hill-621.yaml").read_text(encoding="utf-8"))
    data["id"] = "hill-negative"
    data["ruleset"].setdefault("parameters", {})["turn.hand_limit"] = {"value": -1, "case": "5.0", "reason": "hostile"}
    mine = tmp_path / "hill-negative.yaml"
    mine.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    runner = CliRunner()
    checked = runner.invoke(app, ["scenario", "check", str(mine)], catch_exceptions=False)
    assert checked.exit_code == 1 and "parameter-type" in checked.stdout and "from 1 to 60" in checked.stdout, checked.output
    played = runner.invoke(app, ["scenario", "play", str(mine)], catch_exceptions=False)
    assert played.exit_code == 1 and "from 1 to 60" in played.stderr and "Traceback" not in played.stderr


def test_values_at_the_bounds_are_accepted(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The bounds refuse only what is out of range: the largest allowed values reach the game runner."""
    calls: list[dict[str, Any]] = []

    def fake_run(*_: Any, **kwargs: Any) -> Any:
        calls.append(kwargs)
        raise SystemExit(0)

    monkeypatch.setattr("tcforge.analysis.balance.run", fake_run)
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(app, ["scenario", "balance", "hill-621", "--games", "100000", "--jobs", "1",
                                      "--seed", str(2 ** 48 - 1), "--agent", "plan:60s", "--option", "as-written"])
    assert result.exit_code == 0 and calls, result.output
    assert calls[0]["games"] == 100_000 and calls[0]["base_seed"] == 2 ** 48 - 1 and calls[0]["policies"] == ("plan:60s",) * 2
