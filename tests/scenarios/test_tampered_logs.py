"""Tampered game logs. A real log (kursk, seed 1) is changed by one named edit each; replay and audit must say
`LOG:LINE: what` in one line, exit 1, and print no traceback. A log that cannot be proven (no chain, no agents, a
timed agent) is refused unless asked for with --unsigned (the old_log_ edits are read with it), and a re-chained
forgery of the seed, the set-up or a die is named at its line: the game is played again from its seed."""
from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from conftest import ROOT
from tcforge.cli import app
from tcforge.play import gamelog

Lines = list[dict[str, Any]]


@pytest.fixture(scope="module")
def real_log(tmp_path_factory: pytest.TempPathFactory) -> Lines:
    folder = tmp_path_factory.mktemp("real")
    log = folder / "kursk.jsonl"
    result = CliRunner().invoke(app, ["scenario", "play", "kursk", "--seed", "1", "--quiet", "--log", str(log)])
    assert result.exit_code == 0, result.stderr
    return [json.loads(t) for t in log.read_text(encoding="utf-8").splitlines()]


def _rehash(lines: Lines) -> Lines:
    """Recompute the chain after an edit: what a forger would do, so the checks behind the chain are reached."""
    previous = ""
    for obj in lines:
        obj.pop("hash", None)
        previous = obj["hash"] = gamelog._chain(previous, obj)
    return lines


def _old(lines: Lines) -> Lines:
    """The log as written before format 2: no hashes, no digest, no end line."""
    out = [{k: v for k, v in obj.items() if k not in ("hash", "format", "digest")} for obj in lines]
    return out[:-1]


def _first(lines: Lines, kind: str) -> int:
    return next(i for i, obj in enumerate(lines) if obj.get("action", [None])[0] == kind)


def _set(obj: dict[str, Any], key: str, value: Any) -> None:
    obj[key] = value


def _die(lines: Lines) -> str:  # change one die roll: 1..10 -> another legal face
    i = _first(lines, "d10")
    lines[i]["action"][1] = lines[i]["action"][1] % 10 + 1
    return f":{i + 1}: the log was changed here (hash chain broken)"


def _swap(lines: Lines) -> str:
    lines[5], lines[6] = lines[6], lines[5]
    return ":6: the log was changed here (hash chain broken)"


def _edit(line: int, change: Callable[[Lines], Any], message: str, *, rehash: bool = False,
          old: bool = False) -> Callable[[Lines], str]:
    """An edit and what it must be refused with, at ``line`` (negative: from the end of the real log, -1 its end
    line; 0: no line); ``{n}`` in the message is the real log's number of lines."""
    def run(lines: Lines) -> str:
        n = len(lines)
        number = n + line + 1 if line < 0 else line
        if old:
            lines[:] = _old(lines)
        change(lines)
        if rehash:
            _rehash(lines)
        text = message.format(n=n, n1=n - 1)
        return f":{number}: {text}" if number else text
    return run


def _die_rechained(lines: Lines) -> str:  # a forger changes a die and recomputes every hash
    i = [j for j, obj in enumerate(lines) if obj.get("action", [None])[0] == "d10"][3]
    lines[i]["action"][1] = lines[i]["action"][1] % 10 + 1
    _rehash(lines)
    return f":{i + 1}: the log has"


def _seed_and_setup_rechained(lines: Lines) -> str:
    """A careful forger: another seed, the set-up that seed deals, every hash recomputed; the dice give it away at
    the first die (the initiative roll, line 2)."""
    from tcforge.play.setup import setup
    from tcforge.scenarios.loading import load
    head = lines[0]["setup"]
    dealt = setup(load("kursk"), 2)
    dealt.agents = tuple(head["agents"])
    lines[0]["setup"] = dict(dealt.to_json()["setup"], scenario=head["scenario"])
    _rehash(lines)
    return ":2: the log has"


def _line_after_the_end(lines: Lines) -> str:
    lines.append(dict(lines[5]))
    return f":{len(lines)}: a line after the game's end"


CHAIN = "the log was changed here (hash chain broken)"
N = -1  # the end line of the real log (kursk seed 1 greedy v greedy: the set-up, the actions, the end line)
UNSIGNED = "the log has no hash chain (no 'hash', 'format' or 'digest')"

EDITS: dict[str, Callable[[Lines], Any]] = {
    "die_roll_changed": _die,
    "two_lines_swapped": _swap,
    "seed_changed": _edit(1, lambda ls: _set(ls[0]["setup"], "seed", 2), CHAIN),
    "terrain_changed": _edit(1, lambda ls: _set(ls[0]["setup"], "terrain", {}), CHAIN),
    "forces_changed": _edit(1, lambda ls: ls[0]["setup"]["forces"]["0"].pop(), CHAIN),
    "first_player_changed": _edit(1, lambda ls: _set(ls[0]["setup"], "first_player", 1), CHAIN),
    "agents_changed": _edit(1, lambda ls: _set(ls[0]["setup"], "agents", ["random", "random"]), CHAIN),
    "setup_hash_changed": _edit(1, lambda ls: _set(ls[0], "hash", "0" * 64), CHAIN),
    "action_line_deleted": _edit(10, lambda ls: ls.pop(9), CHAIN),
    "action_line_duplicated": _edit(11, lambda ls: ls.insert(10, dict(ls[9])), CHAIN),
    "actor_changed": _edit(3, lambda ls: _set(ls[2], "actor", "side 1"), CHAIN),
    "turn_changed": _edit(3, lambda ls: _set(ls[2], "turn", 7), CHAIN),
    "about_changed": _edit(3, lambda ls: _set(ls[2], "about", "anything"), CHAIN),
    "hash_removed_from_action": _edit(4, lambda ls: ls[3].pop("hash"), CHAIN),
    "end_winner_changed": _edit(N, lambda ls: _set(ls[-1]["end"], "winner", "soviet" if ls[-1]["end"]["winner"] != "soviet"
                                                   else "german"), CHAIN),
    "truncated_end_line_missing": _edit(-2, lambda ls: ls.pop(), "the log is truncated after line {n1} "
                                        "(its last line, the outcome, is missing)"),
    "truncated_mid_game": _edit(200, lambda ls: ls.__delitem__(slice(200, None)), "the log is truncated after line 200"),
    "blank_line_inserted": _edit(5, lambda ls: ls.insert(4, None), "an empty line: the log was changed here"),
    "line_after_the_end": _line_after_the_end,
    "end_count_forged": _edit(N, lambda ls: _set(ls[-1]["end"], "actions", 3), "the end line does not count",
                              rehash=True),
    "format_unknown": _edit(1, lambda ls: _set(ls[0], "format", 99), "log format 99 is not one"),
    "seed_missing": _edit(1, lambda ls: ls[0]["setup"].pop("seed"), "the set-up line has no 'seed'", rehash=True),
    "seed_as_text": _edit(1, lambda ls: _set(ls[0]["setup"], "seed", "one"), "seed must be a whole number", rehash=True),
    "forces_not_a_mapping": _edit(1, lambda ls: _set(ls[0]["setup"], "forces", 3), "the set-up line is malformed",
                                  rehash=True),
    "action_not_a_list": _edit(3, lambda ls: _set(ls[2], "action", "d10"), "the action must be a list", rehash=True),
    "action_empty": _edit(3, lambda ls: _set(ls[2], "action", []), "the action must be a list", rehash=True),
    "action_key_missing": _edit(3, lambda ls: ls[2].pop("action"), "the action line has no 'action'", rehash=True),
    "turn_as_text": _edit(3, lambda ls: _set(ls[2], "turn", "3"), "turn must be a number", rehash=True),
    "balance_unknown": _edit(1, lambda ls: _set(ls[0]["setup"], "balance", "nope"), "no balance option 'nope'",
                             rehash=True),
    "scenario_absolute_path": _edit(1, lambda ls: _set(ls[0]["setup"], "scenario", "/etc/passwd"),
                                    "is neither a bundled id nor a .yaml file", rehash=True),
    "scenario_path_escapes": _edit(1, lambda ls: _set(ls[0]["setup"], "scenario", "../../../../etc/passwd"),
                                   "is neither a bundled id nor a .yaml file", rehash=True),
    "scenario_yaml_missing": _edit(1, lambda ls: _set(ls[0]["setup"], "scenario", "gone.yaml"), "not found beside the log",
                                   rehash=True),
    "scenario_swapped_for_another_bundled": _edit(1, lambda ls: _set(ls[0]["setup"], "scenario", "hill-621"),
                                                  "digest mismatch", rehash=True),
    "digest_missing": _edit(1, lambda ls: ls[0].pop("digest"), "has no scenario digest", rehash=True),
    "rules_digest_changed": _edit(1, lambda ls: _set(ls[0]["digest"], "rules", "sha256:0"), "the rules in force differ",
                                  rehash=True),
    "die_roll_illegal_forged": _edit(0, lambda ls: _set(ls[_first(ls, "d10")], "action", ["d10", 11]),
                                     "where seed 1's die gives", rehash=True),
    "die_roll_changed_and_rechained": _die_rechained,
    "seed_changed_and_rechained": _edit(1, lambda ls: _set(ls[0]["setup"], "seed", 2),
                                        "the set-up is not the one seed 2 deals", rehash=True),
    "seed_and_setup_changed_and_rechained": _seed_and_setup_rechained,
    "setup_changed_and_rechained": _edit(1, lambda ls: ls[0]["setup"]["forces"]["0"].reverse(),
                                         "the set-up is not the one seed 1 deals", rehash=True),
    "agents_missing_without_unsigned": _edit(1, lambda ls: ls[0]["setup"].pop("agents"), "the set-up records no agents",
                                             rehash=True),
    "agent_with_a_time_budget_without_unsigned": _edit(1, lambda ls: _set(ls[0]["setup"], "agents", ["plan:2s", "greedy"]),
                                                       "agent plan:2s searches for a time", rehash=True),
    "chain_stripped_without_unsigned": _edit(1, lambda ls: ls.__setitem__(slice(None), [
        {k: v for k, v in obj.items() if k not in ("hash", "format", "digest")} for obj in ls]), UNSIGNED),
    "old_log_without_unsigned": _edit(1, lambda ls: ls.__setitem__(slice(None), _old(ls)), UNSIGNED),
    "end_winner_forged": _edit(N, lambda ls: _set(ls[-1]["end"], "winner", "soviet" if ls[-1]["end"]["winner"] != "soviet"
                                                  else "german"), "the replay gives", rehash=True),
    "end_reason_forged": _edit(N, lambda ls: _set(ls[-1]["end"], "reason", "surrender"), "the replay gives", rehash=True),
    "end_winner_terminal_escape": _edit(N, lambda ls: _set(ls[-1]["end"], "winner", "\x1b[2J\x1b]0;pwned\x07"),
                                        "the end line says \\x1b[2J", rehash=True),
    "scenario_terminal_escape": _edit(1, lambda ls: _set(ls[0]["setup"], "scenario", "x\x1b[2J\x9b31m.yaml"),
                                      "scenario file x\\x1b[2J\\x9b31m.yaml not found", rehash=True),
    "balance_terminal_escape": _edit(1, lambda ls: _set(ls[0]["setup"], "balance", "\x1b[31mnope"),
                                     "no balance option", rehash=True),
    "old_log_balance_unknown": _edit(1, lambda ls: _set(ls[0]["setup"], "balance", "nope"), "no balance option 'nope'",
                                     old=True),
    "old_log_action_not_a_list": _edit(3, lambda ls: _set(ls[2], "action", 5), "the action must be a list", old=True),
    "old_log_key_missing": _edit(4, lambda ls: ls[3].pop("actor"), "the action line has no 'actor'", old=True),
    "old_log_names_a_file": _edit(1, lambda ls: _set(ls[0]["setup"], "scenario", "data/scenarios/kursk.yaml"),
                                  "is not a bundled scenario id", old=True),
    "old_log_setup_key_missing": _edit(1, lambda ls: ls[0]["setup"].pop("forces"), "the set-up line has no 'forces'",
                                       old=True),
    "old_log_die_roll_illegal": _edit(0, lambda ls: _set(ls[_first(ls, "d10")], "action", ["d10", 11]),
                                      "the log does not replay", old=True),
}


def _write(path: Path, lines: list[Any]) -> None:
    path.write_text("".join(("" if obj is None else json.dumps(obj)) + "\n" for obj in lines), encoding="utf-8")


@pytest.mark.parametrize("name", sorted(EDITS))
@pytest.mark.slow
def test_tampered_log_is_named_at_its_line(name: str, real_log: Lines, tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    lines = json.loads(json.dumps(real_log))
    expected = EDITS[name](lines)
    log = tmp_path / "game.jsonl"
    _write(log, lines)
    if name == "die_roll_illegal_forged":
        expected = f":{_first(lines, 'd10') + 1}: the log has [\"d10\",11] where seed 1's die gives"
    if name == "old_log_die_roll_illegal":
        expected = f":{_first(lines, 'd10') + 1}: the log does not replay"
    unsigned = ["--unsigned"] if name.startswith("old_log_") and name != "old_log_without_unsigned" else []
    for command in ("replay", "audit"):
        result = CliRunner().invoke(app, ["scenario", command, str(log), *unsigned])
        text = result.stdout + result.stderr
        assert result.exit_code == 1, (command, text[-400:])
        assert "Traceback" not in text and (result.exception is None or isinstance(result.exception, SystemExit))
        if command == "audit" and name == "old_log_die_roll_illegal":
            continue  # the referee names the line its own way (rule engine)
        problem = [t for t in text.splitlines() if t.startswith(f"{log}:")]
        assert problem, (command, text[-400:])
        if command == "replay":
            assert len([t for t in result.stderr.splitlines() if "notice" not in t]) == 1
            assert problem[-1].startswith(f"{log}{expected.split(': ')[0]}" if expected.startswith(":") else str(log))
        if expected:
            tail = expected.split(": ", 1)[1] if expected.startswith(":") else expected
            assert tail in text
        assert not any(c in text for c in "\x1b\x9b\x07"), text[-400:]  # a log's texts never reach a terminal raw


def test_corpus_is_at_least_thirty_edits() -> None:
    assert len(EDITS) >= 30


def test_garbage_files_are_not_logs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    cases = {"empty": b"", "binary": b"\xff\xfe\x00garbage\n", "list": b"[1, 2]\n", "text": b"hello\n"}
    for name, data in cases.items():
        log = tmp_path / f"{name}.jsonl"
        log.write_bytes(data)
        result = CliRunner().invoke(app, ["scenario", "replay", str(log)])
        assert result.exit_code == 1 and result.stderr.startswith(f"{log}:1: "), (name, result.stderr)
        assert len(result.stderr.splitlines()) == 1 and "Traceback" not in result.stderr


def test_a_game_of_a_scenario_file_replays_and_its_file_is_checked(tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    folder = tmp_path / "mine"
    folder.mkdir()
    scenario = folder / "my-kursk.yaml"
    shutil.copy(ROOT / "data" / "scenarios" / "kursk.yaml", scenario)
    log = tmp_path / "logs" / "game.jsonl"
    log.parent.mkdir()
    runner = CliRunner()
    played = runner.invoke(app, ["scenario", "play", str(scenario), "--seed", "3", "--log", str(log)])
    assert played.exit_code == 0, played.stderr
    assert json.loads(log.read_text().splitlines()[0])["setup"]["scenario"] == "../mine/my-kursk.yaml"
    again = runner.invoke(app, ["scenario", "replay", str(log)])
    assert again.exit_code == 0 and again.stdout == played.stdout
    assert runner.invoke(app, ["scenario", "audit", str(log)]).exit_code == 0
    scenario.write_text(scenario.read_text() + "\n# changed after the game\n")
    changed = runner.invoke(app, ["scenario", "replay", str(log)])
    assert changed.exit_code == 1 and changed.stderr.startswith(f"{log}:1: the scenario file differs")
