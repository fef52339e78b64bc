"""Progress on long work (issue 20 item 9): drawn on a terminal, nothing in a pipe."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from conftest import ROOT
from tcforge import progress
from tcforge.cli import app


def test_nothing_is_drawn_when_stderr_is_not_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TCFORGE_PROGRESS", raising=False)
    assert not progress.shown()  # pytest captures stderr: not a terminal
    with progress.working("work", total=3) as bar:
        assert bar is None
        progress.step(bar)  # a no-op, not an error


def test_the_environment_forces_it_on_or_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TCFORGE_PROGRESS", "1")
    assert progress.shown()
    with progress.working("work", total=3) as bar:
        assert bar is not None
        progress.step(bar, 2, "halfway")
        assert bar.tasks[0].completed == 2 and bar.tasks[0].description == "halfway"
    monkeypatch.setenv("TCFORGE_PROGRESS", "0")
    assert not progress.shown()


@pytest.mark.parametrize("forced, drawn", [("1", True), ("", False)])
def test_play_shows_what_it_is_doing_only_when_asked_to_draw(monkeypatch: pytest.MonkeyPatch, forced: str, drawn: bool) -> None:
    monkeypatch.chdir(ROOT)
    monkeypatch.setenv("TCFORGE_PROGRESS", forced)
    result = CliRunner().invoke(app, ["scenario", "play", "hill-621", "--seed", "1", "--quiet"])
    assert result.exit_code == 0
    assert ("playing hill-621, seed 1 (greedy v greedy)" in result.stderr) is drawn
    assert result.stdout.startswith("hill-621 seed 1 (greedy v greedy): German wins")  # the result is never mixed in


@pytest.mark.slow
def test_a_piped_balance_writes_only_its_report(tmp_path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "TCFORGE_PROGRESS"}
    done = subprocess.run([sys.executable, "-m", "tcforge", "scenario", "balance", "hill-621", "--games", "2",
                           "--option", "as-written"], cwd=ROOT, env=env, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stderr == "" and done.stdout.startswith("hill-621 [as written], 2 games")
