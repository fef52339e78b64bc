"""`scenario replay --as SIDE`: the log keeps the whole truth; the account tells the game as one side saw it (001 1.0)."""
from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from tcforge.cli import app

ROOT = Path(__file__).resolve().parents[2]


def test_001_1_0_replay_as_a_side_shows_the_enemys_hidden_cards_as_unknowns(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    runner = CliRunner()
    scenario, log = tmp_path / "dyo.yaml", tmp_path / "game.jsonl"
    made = runner.invoke(app, ["scenario", "generate", "--seed", "3", "--out", str(scenario)])
    assert made.exit_code == 0, made.stdout
    played = runner.invoke(app, ["scenario", "play", str(scenario), "--seed", "4", "--log", str(log)])
    assert played.exit_code == 0
    whole = runner.invoke(app, ["scenario", "replay", str(log)]).stdout.splitlines()
    seen = runner.invoke(app, ["scenario", "replay", str(log), "--as", "german"]).stdout.splitlines()
    assert len(whole) == len(seen)
    changed = [(a, b) for a, b in zip(whole, seen, strict=True) if a != b]
    assert changed and all("a hidden card" in b and "a hidden card" not in a for a, b in changed)
    assert any(b == "  soviet draws a hidden card" for _, b in changed)
    assert not any(line.startswith("  german draws a hidden card") for line in seen)  # its own cards it knows
    wrong = runner.invoke(app, ["scenario", "replay", str(log), "--as", "finnish"])
    assert wrong.exit_code == 2 and "use one of german, soviet" in wrong.stderr
