"""A game played with levers (``scenario play --set``) is logged with them, and replay and audit prove it.

The set-up line records the levers (``"levers": {NAME: value}``, no key without them); reading the log applies them as
``--set`` does before the digest is checked and the game played again from its seed. Hostile levers of the corpus
(tests/data/logs/hostile/levers-*.jsonl) are in test_hostile_logs_and_sweeps.py.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tcforge.cli import app

# with the owners' set-up choices (Hill 621's Soviet squads and the squads' equipment, played as the first actions)
SETUP_KEYS = {"scenario", "balance", "seed", "terrain", "forces", "attach", "forts", "first_player", "sides", "agents",
              "deploy", "equip", "deploy_first"}


def _invoke(*args: str) -> Any:
    return CliRunner().invoke(app, list(args))


def _play(folder: Path, name: str, *levers: str) -> tuple[Path, list[dict[str, Any]], str]:
    log = folder / name
    args = ["scenario", "play", "hill-621", "--seed", "1", "--quiet", "--log", str(log)]
    for lever in levers:
        args += ["--set", lever]
    result = _invoke(*args)
    assert result.exit_code == 0, result.stderr
    return log, [json.loads(t) for t in log.read_text(encoding="utf-8").splitlines()], result.stdout.strip()


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Path, list[dict[str, Any]], str]]:
    folder = tmp_path_factory.mktemp("levered")
    return {"plain": _play(folder, "plain.jsonl"), "short": _play(folder, "short.jsonl", "scenario.turn_limit=11"),
            "range": _play(folder, "range.jsonl", "fire.max_range=3")}


def _rewrite(path: Path, lines: list[dict[str, Any]], levers: Any, *, rechain: bool) -> Path:
    """The log with its set-up's levers replaced (None: removed); ``rechain``: every hash recomputed, as a forger
    would, else the edit of a hand or a careless tool."""
    from tcforge.play import gamelog
    lines = json.loads(json.dumps(lines))
    if levers is None:
        lines[0]["setup"].pop("levers", None)
    else:
        lines[0]["setup"]["levers"] = levers
    if rechain:
        previous = ""
        for obj in lines:
            obj.pop("hash", None)
            previous = obj["hash"] = gamelog._chain(previous, obj)
    path.write_text("".join(json.dumps(obj) + "\n" for obj in lines), encoding="utf-8")
    return path


def _refused(log: Path) -> list[str]:
    """Replay and audit each refuse the log: exit 1, no traceback; the lines that name the log (one each)."""
    named = []
    for command in ("replay", "audit"):
        result = _invoke("scenario", command, str(log))
        text = result.stdout + result.stderr
        assert result.exit_code == 1, (command, text[-300:])
        assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
        assert "Traceback" not in text
        lines = [t for t in text.splitlines() if t.startswith(f"{log}:")]
        assert len(lines) == 1, (command, text[-300:])
        if command == "replay":
            assert result.stdout == "" and len(result.stderr.splitlines()) == 1
        named.append(lines[0])
    return named


def test_a_levered_game_is_logged_with_its_levers_and_replays_and_audits_as_played(games: Any) -> None:
    log, lines, said = games["short"]
    assert lines[0]["setup"]["levers"] == {"scenario.turn_limit": 11}
    assert "after 11 turn(s)" in said and "turn limit 11" in said
    _, plain, plain_said = games["plain"]
    assert "after 16 turn(s)" in plain_said and len(plain) > len(lines)  # the lever cut the game short
    replay = _invoke("scenario", "replay", str(log))
    assert replay.exit_code == 0, replay.stderr
    assert replay.stdout.splitlines()[-1] == said and "notice" not in replay.stderr
    audit = _invoke("scenario", "audit", str(log))
    assert audit.exit_code == 0 and "no violation" in audit.stdout, audit.stdout + audit.stderr


def test_a_ruleset_lever_is_logged_and_the_rules_digest_covers_it(games: Any, tmp_path: Path) -> None:
    log, lines, _ = games["range"]
    assert lines[0]["setup"]["levers"] == {"fire.max_range": 3}
    assert _invoke("scenario", "replay", str(log)).exit_code == 0
    assert "no violation" in _invoke("scenario", "audit", str(log)).stdout
    stripped = _rewrite(tmp_path / "stripped.jsonl", lines, None, rechain=True)  # a forger takes the lever out
    assert all("the rules in force differ" in line for line in _refused(stripped))


def test_a_log_without_levers_has_no_levers_key(games: Any) -> None:
    _, lines, _ = games["plain"]
    assert set(lines[0]["setup"]) == SETUP_KEYS  # as before levers were logged, so its bytes are too


def test_a_lever_edited_by_hand_breaks_the_chain(games: Any, tmp_path: Path) -> None:
    _, lines, _ = games["short"]
    edited = _rewrite(tmp_path / "edited.jsonl", lines, {"scenario.turn_limit": 12}, rechain=False)
    assert all(line.startswith(f"{edited}:1: ") and "hash chain broken" in line for line in _refused(edited))
    removed = _rewrite(tmp_path / "removed.jsonl", lines, None, rechain=False)
    assert all(line.startswith(f"{removed}:1: ") and "hash chain broken" in line for line in _refused(removed))


def test_a_lever_changed_and_rechained_is_not_the_game_its_seed_gives(games: Any, tmp_path: Path) -> None:
    _, lines, _ = games["short"]
    for levers in ({"scenario.turn_limit": 12}, None):
        forged = _rewrite(tmp_path / "forged.jsonl", lines, levers, rechain=True)
        assert all("on seed 1" in line for line in _refused(forged))


@pytest.mark.parametrize(("levers", "says"), [
    ({"scenario.turn_limit": "x"}, "the set-up's levers cannot be applied to the scenario: 'scenario.turn_limit' is 'x'"),
    ({"scenario.turn_limit": 3}, "the set-up's levers cannot be applied to the scenario: 'scenario.turn_limit' is 3"),
    ({"scenario.no_such": 3}, "the set-up's levers cannot be applied to the scenario: no lever 'scenario.no_such'"),
    ({"turn.no_such": 3}, "the set-up's levers cannot be applied to the scenario: 'turn.no_such' is not a parameter"),
    ({"scenario.turn_limit": None}, "the set-up's levers: the value of 'scenario.turn_limit', null, is not a number"),
    ({"scenario.turn_limit": "a\nb"}, "holds a line break"),
    ({"Scenario.Turn_Limit": 12}, "is not a parameter name"),
    ("scenario.turn_limit=12", "the set-up's levers must be a table of NAME: value"),
])
def test_a_malformed_or_unknown_lever_is_one_line(games: Any, tmp_path: Path, levers: Any, says: str) -> None:
    _, lines, _ = games["short"]
    log = _rewrite(tmp_path / "bad.jsonl", lines, levers, rechain=True)
    assert all(line.startswith(f"{log}:1: ") and says in line for line in _refused(log))
