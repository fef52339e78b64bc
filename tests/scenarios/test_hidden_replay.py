"""`scenario replay --as SIDE`: the log keeps the whole truth; the account tells the game as one side saw it (001 1.0)."""
from __future__ import annotations

import json
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
    # seed 38: a game where cards stay out of sight after the set-up (greedy lays its strongest cards forward, in
    # sight of the enemy, so most games spot every card at once)
    played = runner.invoke(app, ["scenario", "play", str(scenario), "--seed", "38", "--log", str(log)])
    assert played.exit_code == 0
    whole = json.loads(runner.invoke(app, ["scenario", "replay", str(log), "--format", "json"]).stdout)
    seen = json.loads(runner.invoke(app, ["scenario", "replay", str(log), "--format", "json", "--as", "german"]).stdout)
    told, as_seen = ([e["text"] for e in doc["events"] if e["event"] == "action"] for doc in (whole, seen))
    assert len(told) == len(as_seen)
    changed = [(a, b) for a, b in zip(told, as_seen, strict=True) if a != b]
    # tags are handed out as cards are first seen, so a seen card's tag may differ between the two accounts
    assert changed and not any("a hidden card" in a for a, _ in changed)
    assert sum("a hidden card" in b for _, b in changed) >= 5
    assert any(b.endswith("draws a hidden card") and b.startswith("Soviet") for _, b in changed)
    assert not any(b.startswith("German") and b.endswith("draws a hidden card") for b in as_seen)  # its own cards it knows
    hidden = [u for u in seen["setup"]["units"] if u["card"] is None]
    assert hidden and all(u["side"] == "soviet" and u["points"] is None and u["tag"] == "?" for u in hidden)
    assert all(u["card"] is not None for u in whole["setup"]["units"])
    text = runner.invoke(app, ["scenario", "replay", str(log), "--as", "german"]).stdout
    assert "a hidden card" in text
    wrong = runner.invoke(app, ["scenario", "replay", str(log), "--as", "finnish"])
    assert wrong.exit_code == 2 and "use one of german, soviet" in wrong.stderr
