"""The person's game of tcforge.play.human (issue 38): undo only within the person's turn before a die, a replay that
departs from the seed's game named at its line, and a person's illegal line in a log found by the audit."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from tcforge.engine.replay import LogLine
from tcforge.play import gamelog
from tcforge.play.human import HumanGame, HumanGameError
from tcforge.play.referee import audit_log
from tcforge.play.setup import Setup
from tcforge.scenarios.loading import find_scenario, load

pytestmark = pytest.mark.usefixtures("own_data")


def game() -> HumanGame:
    return HumanGame(load(find_scenario("skirmish")), 4, 0, "greedy")


def to_decision(played: HumanGame) -> None:
    while played.step() is not None:
        pass


def test_undo_goes_back_to_the_position_before_the_decision() -> None:
    played = game()
    to_decision(played)
    before = played.state.serialize()
    moves = [a for a in played.choices() if a.kind == "move"]
    played.decide(moves[0])
    assert played.undo_point() == len(played.lines) - 1
    played.undo()
    assert played.state.serialize() == before and played.undo_point() is None


def test_undo_is_refused_once_a_die_is_rolled() -> None:
    played = game()
    to_decision(played)
    fire = next(a for a in played.choices() if a.kind == "fire")
    played.decide(fire)
    while played.waiting() == "human" and not any(line.actor == "chance" for line in played.lines[-1:]):
        shots = [a for a in played.choices() if a.kind in ("shoot", "target")]
        played.decide(shots[0] if shots else played.choices()[0])
        to_decision(played)
    assert any(line.actor == "chance" and line.action[0] == "d10" for line in played.lines)
    assert played.undo_point() is None
    with pytest.raises(HumanGameError, match="before any die is rolled"):
        played.undo()


def test_a_replay_that_departs_from_the_seeds_game_is_named_at_its_line() -> None:
    played = game()
    to_decision(played)
    lines = list(played.lines)
    index = next(i for i, line in enumerate(lines) if line.actor == "chance")
    lines[index] = LogLine(lines[index].turn, "chance", ["card", -1], lines[index].about) \
        if lines[index].action[0] == "card" else LogLine(lines[index].turn, "chance", ["d10", 0], "")
    with pytest.raises(HumanGameError, match=f"line {index + 2}: the game gives"):
        game().replay(lines)


def test_a_persons_illegal_line_in_a_log_is_found(tmp_path: Path) -> None:
    played = game()
    to_decision(played)
    played.decide(played.choices()[0])
    log = tmp_path / "game.jsonl"
    with log.open("w", encoding="utf-8") as handle:
        played.write(handle, tmp_path)
    verified = gamelog.read(log)
    index = max(i for i, line in enumerate(verified.lines) if line.actor == "side 0")
    verified.lines[index].action = ["move", 99]  # no such position: the chain is computed again, as a forger would
    head = json.loads(log.read_text(encoding="utf-8").splitlines()[0])
    with log.open("w", encoding="utf-8") as handle:
        gamelog.write(handle, Setup.from_json(head), verified.lines, verified.scenario, folder=tmp_path)
    audit = audit_log(log)
    assert audit.violations and audit.violations[0].line == index + 2
