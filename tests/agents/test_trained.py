"""Trained players (players/SCENARIO-ID.yaml) and the ``best`` player that reads them.

The hostile corpus in tests/data/players/ gives one validate line each, exit 1, never a traceback; the files whose
problem is a consistency one (an unknown side or scenario) sit in a folder of their own, named as the loader finds
them (SCENARIO-ID.yaml).
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from conftest import ROOT
from tcforge.agents import SpecError, make
from tcforge.agents import trained as trained_module
from tcforge.agents.commander import SPACE, Doctrine
from tcforge.data.problems import DataError
from tcforge.scenarios.loading import own_scenarios

CORPUS = ROOT / "tests" / "data" / "players"
FOLDER = "tests/data/players"

# file -> (line, column, code) of its one problem
EXPECTED: dict[str, tuple[int, int, str]] = {
    "control-character.yaml": (8, 19, "yaml-syntax"),  # a raw escape: YAML refuses it
    "control-escape.yaml": (8, 14, "text-control"),  # written "\\e": the loader refuses it
    "huge.yaml": (16, 5, "schema"),
    "knob-not-whole.yaml": (5, 38, "schema"),
    "knob-out-of-range.yaml": (5, 38, "schema"),
    "malformed.yaml": (6, 10, "yaml-syntax"),
    "sides-list.yaml": (4, 3, "schema"),
    "unknown-knob.yaml": (5, 41, "schema"),
    "wrong-file-name.yaml": (1, 11, "player-file-name"),
    "wrong-player.yaml": (2, 9, "schema"),
    "wrong-type.yaml": (6, 12, "schema"),
    "unknown-scenario/no-such-scenario.yaml": (1, 11, "unknown-scenario"),
    "unknown-side/hill-621.yaml": (4, 3, "unknown-side"),
    "bad-strongest/hill-621.yaml": (3, 12, "strongest"),
    # a side's own strongest (sides.SIDE.strongest) is read as the file's is
    "side-strongest-best.yaml": (5, 16, "schema"),
    "side-strongest-control.yaml": (5, 16, "text-control"),
    "side-strongest-huge.yaml": (5, 16, "schema"),
    "side-strongest-unbuilt/hill-621.yaml": (6, 16, "strongest"),
    # issue 51 point 2 and 6: what 'best' refuses, validate refuses at its line: a player that searches for a time
    # (its games do not replay from their seed) and a learned evaluation of other features or weights
    "timed-strongest/hill-621.yaml": (3, 12, "strongest"),
    "side-timed-strongest/hill-621.yaml": (8, 16, "strongest"),
    "evaluation-wrong-length/hill-621.yaml": (7, 7, "evaluation"),
    "evaluation-unknown-feature/hill-621.yaml": (7, 7, "evaluation"),
}
LINE = re.compile(r"^(?P<file>[^:]+):(?P<line>\d+):(?P<col>\d+): \S")

TRAINED = """scenario: hill-621
player: commander
sides:
  german:
    doctrine: {assault: 1.2, window: 3, stage: 1, push: 2, fire: 1.0, move: 1.3, march: 1, rear: 3, smoke: 0.5, spread: 0.0}
    score: 0.93
    interval95: [0.90, 0.95]
    against: "commander"
    games: 400
  soviet:
    doctrine: {assault: 2.5}
training:
  command: "tcforge scenario train hill-621 --seed 1"
  seed: 1
  code: "0.1.0+abc1234"
  date: "2026-11-26"
  rounds:
    - {round: 1, side: soviet, against: greedy, before: 0.11, after: 0.19, interval95: [0.15, 0.23], games: 400, accepted: true,
       gain: 0.08, gain_interval95: [0.03, 0.13], chosen: "commander:assault=1.5"}
"""


@pytest.fixture(autouse=True)
def _fresh(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test its own caches and data folders (the global --data sets TCFORGE_DATA for the process)."""
    monkeypatch.setenv("TCFORGE_DATA", "")
    monkeypatch.setattr(trained_module, "_TRAINED", {})


def own(tmp_path: Path, text: str = TRAINED, name: str = "hill-621.yaml") -> Path:
    folder = tmp_path / "mine"
    (folder / "players").mkdir(parents=True, exist_ok=True)
    (folder / "players" / name).write_text(text, encoding="utf-8")
    return folder


# -- the schema holds the commander's knobs ----------------------------------------------------------------------------

def test_trained_schema_knobs_and_ranges_are_the_commanders() -> None:
    schema = json.loads((ROOT / "schemas" / "player.schema.json").read_text(encoding="utf-8"))
    knobs = schema["$defs"]["doctrine"]["properties"]
    assert list(knobs) == list(SPACE)
    for name, knob in SPACE.items():
        assert knobs[name]["type"] == ("integer" if knob.whole else "number"), name
        assert (knobs[name]["minimum"], knobs[name]["maximum"]) == (knob.low, knob.high), name
    assert schema["$defs"]["doctrine"]["additionalProperties"] is False


# -- the hostile corpus -------------------------------------------------------------------------------------------------

def test_trained_corpus_has_an_expectation_per_file() -> None:
    assert sorted(str(p.relative_to(CORPUS)) for p in CORPUS.rglob("*.yaml")) == sorted(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_trained_hostile_file_one_line_at_file_line_col(cli, name: str) -> None:
    code, stdout, stderr = cli("validate", f"{FOLDER}/{name}")
    line, col, kind = EXPECTED[name]
    rows = stdout.splitlines()
    assert code == 1 and "Traceback" not in stdout + stderr
    assert len(rows) == 1 and LINE.match(rows[0]), rows
    assert rows[0].startswith(f"{FOLDER}/{name}:{line}:{col}: ")
    assert "(hint: " in rows[0] and len(rows[0]) < 1000
    assert "\x1b" not in stdout + stderr
    _, as_json, _ = cli("validate", f"{FOLDER}/{name}", "--format", "json")
    assert json.loads(as_json)[0]["code"] == kind


def test_trained_a_rule_the_schema_rules_out_says_why(cli) -> None:
    """A value a schema's "not" rules out (strongest: best) is named, with the rule's own reason, not the rule's JSON;
    a side's spec that does not build is placed at its side."""
    _, stdout, _ = cli("validate", f"{FOLDER}/side-strongest-best.yaml")
    assert 'sides/soviet/strongest: "best" is not allowed here: best would play itself for ever' in stdout
    assert "pattern" not in stdout.split("(hint:")[0]
    _, stdout, _ = cli("validate", f"{FOLDER}/side-strongest-unbuilt/hill-621.yaml")
    assert ":6:16: sides/soviet/strongest: agent spec 'look:2:value=guess'" in stdout


def test_trained_symlink_loop_in_players_is_one_line(tcforge, tmp_path: Path) -> None:
    folder = own(tmp_path)
    (folder / "players" / "loop").symlink_to(folder / "players")
    code, stdout, stderr = tcforge("--data", str(folder), "validate")
    assert code == 1 and "Traceback" not in stdout + stderr
    rows = stdout.splitlines()
    assert len(rows) == 1 and "symbolic link loop" in rows[0] and LINE.match(rows[0])


def test_trained_good_file_in_own_folder_validates(tcforge, tmp_path: Path) -> None:
    code, stdout, stderr = tcforge("--data", str(own(tmp_path)), "validate")
    assert code == 0 and stdout == "" and "valid" in stderr


def test_trained_file_is_not_taken_for_a_scenario(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """It has 'sides' as a scenario has: its kind is told by 'player', or it would clash with hill-621 itself."""
    monkeypatch.setenv("TCFORGE_DATA", str(own(tmp_path)))
    assert own_scenarios() == {}


# -- the loader ---------------------------------------------------------------------------------------------------------

def test_trained_none_without_a_file() -> None:
    assert trained_module.load_trained("hill-621") is None or (ROOT / "data" / "players" / "hill-621.yaml").exists()
    assert trained_module.load_trained("no-such-scenario") is None
    assert trained_module.load_trained("../etc/passwd") is None
    assert trained_module.doctrine_for("no-such-scenario", 0) == Doctrine()


def test_trained_own_folder_first(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TCFORGE_DATA", str(own(tmp_path)))
    found = trained_module.load_trained("hill-621")
    assert found is not None and found.display.endswith("hill-621.yaml")
    assert found.sides["german"].window == 3 and found.sides["german"].smoke == 0.5
    assert found.sides["soviet"] == Doctrine(assault=2.5)
    assert trained_module.doctrine_for("hill-621", 0) == found.sides["german"]
    assert trained_module.doctrine_for("hill-621", 1) == Doctrine(assault=2.5)


def test_trained_bad_file_is_an_error_not_a_fallback(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TCFORGE_DATA", str(own(tmp_path, TRAINED.replace("window: 3,", "window: 30,"))))
    with pytest.raises(DataError, match=r"hill-621.yaml:5:\d+: sides/german/doctrine/window"):
        trained_module.load_trained("hill-621")


# -- the best player ----------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("spec", ["best:3", "best:x=1", "best:assault=1"])
def test_trained_best_takes_no_budget_or_options(spec: str) -> None:
    with pytest.raises(SpecError, match="best takes no budget and no options"):
        make(spec)


def _game(tcforge, *args: str) -> list[str]:
    code, stdout, stderr = tcforge(*args)
    assert code == 0, stdout + stderr
    return [row for row in stdout.splitlines() if "seed 3 (" not in row]  # the summary names the players


def test_trained_best_plays_the_commanders_game_without_a_file_and_the_trained_one_with(tcforge, tmp_path: Path) -> None:
    assert not (ROOT / "data" / "players" / "tank-action.yaml").exists()  # a scenario nobody trained
    assert _game(tcforge, "scenario", "play", "tank-action", "--agent", "best", "--seed", "3") == \
        _game(tcforge, "scenario", "play", "tank-action", "--agent", "commander", "--seed", "3")
    folder = own(tmp_path)  # the designer's own file comes before any bundled one
    trained = _game(tcforge, "--data", str(folder), "scenario", "play", "hill-621", "--agent", "best", "--seed", "3")
    assert trained != _game(tcforge, "scenario", "play", "hill-621", "--agent", "commander", "--seed", "3")
    german = "commander:assault=1.2,fire=1,march=1,move=1.3,push=2,rear=3,smoke=0.5,spread=0,stage=1,window=3"
    assert trained == _game(tcforge, "scenario", "play", "hill-621", "--agent", f"german={german}",
                            "--agent", "soviet=commander:assault=2.5", "--seed", "3")


def test_trained_best_plays_the_player_its_file_names_strongest(tcforge, tmp_path: Path) -> None:
    text = TRAINED.replace("player: commander\n", "player: commander\nstrongest: commander:assault=2.5,march=1\n", 1)
    assert "strongest:" in text
    folder = own(tmp_path, text)
    best = _game(tcforge, "--data", str(folder), "scenario", "play", "hill-621", "--agent", "best", "--seed", "3")
    assert best == _game(tcforge, "scenario", "play", "hill-621", "--agent", "commander:assault=2.5,march=1", "--seed", "3")
    looping = own(tmp_path, TRAINED.replace("player: commander\n", "player: commander\nstrongest: best\n", 1))
    code, stdout, stderr = tcforge("--data", str(looping), "validate")
    assert code != 0 and "strongest" in stdout + stderr


def _side_strongest(text: str, side: str, spec: str) -> str:
    """TRAINED with ``strongest: SPEC`` in one side's entry (just after its doctrine line)."""
    lines = text.splitlines(keepends=True)
    at = lines.index(f"  {side}:\n")
    lines.insert(at + 2, f"    strongest: \"{spec}\"\n")
    return "".join(lines)


def test_trained_best_plays_each_sides_own_strongest_before_the_files(tcforge, tmp_path: Path) -> None:
    """A side's ``strongest`` is what ``best`` plays for that side (a search worth its cost for one side only); the
    other side plays the file's ``strongest``, and describe_best names both."""
    text = TRAINED.replace("player: commander\n", "player: commander\nstrongest: commander:push=3\n", 1)
    text = _side_strongest(text, "soviet", "commander:assault=2.5,march=1")
    folder = own(tmp_path, text)
    best = _game(tcforge, "--data", str(folder), "scenario", "play", "hill-621", "--agent", "best", "--seed", "3")
    assert best == _game(tcforge, "scenario", "play", "hill-621", "--agent", "german=commander:push=3",
                         "--agent", "soviet=commander:assault=2.5,march=1", "--seed", "3")
    assert best != _game(tcforge, "scenario", "play", "hill-621", "--agent", "commander:push=3", "--seed", "3")
    code, _, stderr = tcforge("--data", str(folder), "scenario", "play", "hill-621", "--agent", "best", "--seed", "3")
    assert code == 0 and "best for hill-621: german commander:push=3, soviet commander:assault=2.5,march=1" in stderr


def test_trained_a_sides_strongest_is_checked_as_the_files_is(tcforge, tmp_path: Path) -> None:
    """validate refuses a side's strongest that names best itself or a player that does not build, at its line."""
    looping = own(tmp_path, _side_strongest(TRAINED, "german", "best"))
    code, stdout, stderr = tcforge("--data", str(looping), "validate")
    assert code != 0 and "strongest" in stdout + stderr and "Traceback" not in stdout + stderr
    broken = own(tmp_path, _side_strongest(TRAINED, "german", "look:2:value=guess"))
    code, stdout, stderr = tcforge("--data", str(broken), "validate")
    lines = [row for row in (stdout + stderr).splitlines() if "strongest" in row]
    assert code != 0 and len(lines) == 1 and ":6:" in lines[0] and "value=guess" in lines[0]


@pytest.mark.parametrize("name", ["timed-strongest", "side-timed-strongest", "evaluation-wrong-length",
                                  "evaluation-unknown-feature"])
def test_issue51_best_refuses_what_validate_refuses_in_one_line(tcforge, tmp_path: Path, name: str) -> None:
    """A players file validate passed and 'best' then refused (learned weights of the wrong length, an unknown
    feature), or that 'best' played and replay then called tampered (strongest plan:2s): one check, the loader's, for
    both; 'best' refuses such a file before any game, in one line, and writes no log."""
    folder = own(tmp_path, (CORPUS / name / "hill-621.yaml").read_text(encoding="utf-8"))
    code, out, err = tcforge("--data", str(folder), "validate")
    rows = [row for row in out.splitlines() if "players/hill-621.yaml:" in row]
    assert code == 1 and len(rows) == 1, (out, err)
    code, out, err = tcforge("--data", str(folder), "scenario", "play", "hill-621", "--agent", "best", "--seed", "1",
                             "--log", "game.jsonl")
    assert code != 0 and "Traceback" not in out + err, (out, err)
    assert len([line for line in err.splitlines() if line.startswith("tcforge:")]) == 1, err
    assert "hill-621.yaml:" in err and not (tmp_path / "game.jsonl").exists()


def test_issue51_train_will_not_write_a_strongest_that_searches_for_a_time(tcforge, tmp_path: Path) -> None:
    """'scenario train --strongest german=plan:2s' wrote a players file whose 'best' games replay called tampered:
    refused before any game, one line, no file; an iteration budget is taken (the control)."""
    code, _, err = tcforge("scenario", "train", "kursk", "--strongest", "german=plan:2s", "--out", "k.yaml")
    assert code == 2 and "searches for a time" in err and len(err.strip().splitlines()) == 1, err
    assert not (tmp_path / "k.yaml").exists()
    from tcforge.cli.measure import _strongest
    assert _strongest(["german=plan:64"], ["german", "soviet"]) == (None, {"german": "plan:64"})


def test_issue51_tune_refuses_a_player_that_searches_for_a_time(tcforge, tmp_path: Path) -> None:
    """'tune --agent german=plan:2s' gave no answer in 120 s: refused before any game, one line, nothing written."""
    code, _, err = tcforge("scenario", "tune", "kursk", "--lever", "scenario.turn_limit", "--range", "10..12",
                           "--games", "40", "--agent", "german=plan:2s", "--out", "t")
    assert code == 2 and "searches for a time" in err and len(err.strip().splitlines()) == 1, err
    assert not (tmp_path / "t").exists()
