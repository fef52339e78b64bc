"""The play account (issue 20 item 6): the set-up and its board, units by card name and tag, each side's points
and the victory state, the result on standard output, --board, --lang fr and --format json."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from conftest import ROOT
from tcforge.cli import app
from tcforge.play.teller import _initials, _letters


@pytest.fixture()
def play(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.chdir(ROOT)
    runner = CliRunner()

    def run(*args: str):
        result = runner.invoke(app, ["scenario", "play", "hill-621", "--seed", "1", *args], catch_exceptions=False)
        assert result.exit_code == 0, result.stderr
        return result

    return run


def test_setup_and_its_board_come_before_turn_1(play) -> None:
    lines = play().stdout.splitlines()
    first_turn = lines.index("Turn 1, German")
    head = lines[:first_turn]
    assert head[0] == "Set-up of hill-621 (Hill 621)"
    # 20.0: three German Line Squads set up on G4-2, G4-3 and G4-5, each with its tag on the board and in the legend
    board_row = next(line for line in head if line.lstrip().startswith("G4 |"))
    tags_row = head[head.index(board_row) + 1]
    assert tags_row.split("|")[2].strip() == "Ga" and tags_row.split("|")[3].strip() == "Gb"
    assert "Ga German Line Squad (G4-2);" in "\n".join(head) and "Gd Heavy Machine Gun (on Ga)" in "\n".join(head)


def test_units_are_named_by_card_and_tag_never_by_engine_id(play) -> None:
    text = play().stdout
    assert "Soviet Line Squad Sh destroyed at G7-2" in text
    assert not re.search(r"[A-Za-z] \(\d+\)", text), "an engine id in parentheses reads like a roll"


def test_result_line_is_the_last_line_of_standard_output(play) -> None:
    result = play()
    last = result.stdout.splitlines()[-1]
    assert last.startswith("hill-621 seed 1 (greedy v greedy): German wins after 16 turn(s)") and result.stderr == ""


def test_each_turn_end_shows_both_sides_points_and_the_soviet_objectives(play) -> None:
    lines = play().stdout.splitlines()
    ends = [i for i, line in enumerate(lines) if line.startswith("End of turn")]
    assert len(ends) == 15 and lines[ends[0]] == "End of turn 1 / 16"  # turn 16's end is the game's end
    for i in ends:
        assert re.fullmatch(r"  German: battlefield \d+ card\(s\), \d+ pts; reserve \d+, \d+ pts; lost \d+, \d+ pts", lines[i + 1])
        assert lines[i + 2].startswith("  Soviet: ") and re.search(r"; objectives held [0-3] of 3", lines[i + 2])


def test_board_option_draws_the_board_at_each_turn_end(play) -> None:
    plain, boards = play().stdout, play("--board").stdout
    header = "German reserve:"
    assert plain.count(header) == 1  # the set-up only
    assert boards.count(header) == 1 + 15 + 1  # the set-up, turns 1 to 15, the end


def test_json_is_one_document_whose_points_add_up(play) -> None:
    doc = json.loads(play("--format", "json").stdout)
    assert doc["result"]["winner"] == "german" and doc["result"]["turns"] == 16 and doc["end"]["winner"] == "german"
    assert {e["side"] for e in doc["events"] if e["event"] == "action" and e["text"].startswith("plays ")} == {"german", "soviet"}
    ends = [e for e in doc["events"] if e["event"] == "turn_end"]
    assert [e["turn"] for e in ends] == list(range(1, 16))
    final = doc["end"]["snapshot"]
    for side, totals in final["sides"].items():
        lost = [u for u in final["units"] if u["side"] == side and u["where"] == "lost"]
        assert totals["lost"] == {"cards": len(lost), "points": sum(u["points"] for u in lost)}
    # 20.0: the Soviet side wins by taking the three positions of Hill 621
    assert final["sides"]["soviet"]["goals"]["positions"] == ["G3-2", "G3-3", "G3-4"]
    assert doc["setup"]["sides"]["german"]["battlefield"]["cards"] == 6  # 3 squads, a machine gun, 2 Panzerschrecks
    assert all(re.fullmatch(r"[GS][a-z]+", u["tag"]) for u in doc["setup"]["units"])


def test_lang_fr_tells_the_game_in_french(play) -> None:
    text = play("--lang", "fr").stdout
    assert text.startswith("Mise en place de hill-621") and "Tour 1, Allemand" in text and "Turn 1" not in text
    assert "Peloton de ligne allemand" in text and "Fin du tour 1 / 16" in text
    last = text.splitlines()[-1]
    assert last.startswith("hill-621 graine 1 (greedy contre greedy)\u00a0: l'Allemand gagne")
    assert last.endswith("(le dernier tour, le 16e, est joué)")  # 20.0: the German side wins when turn 16 is over
    assert "objectifs tenus" in text and "\u202f; objectifs" in text


def test_replay_tells_the_same_game_in_json(play, tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    played = play("--format", "json", "--log", str(log))
    assert played.stderr == f"wrote {log}\n"
    again = CliRunner().invoke(app, ["scenario", "replay", str(log), "--format", "json"])
    assert again.exit_code == 0 and json.loads(again.stdout) == json.loads(played.stdout)


def test_tags_are_letters_and_side_initials_differ() -> None:
    assert [_letters(n) for n in (0, 25, 26, 27)] == ["a", "z", "aa", "ab"]
    assert _initials(["German", "Soviet"]) == ("G", "S")
    assert _initials(["Attacker", "Allies"]) == ("At", "Al")


@pytest.mark.slow
def test_20_0_a_hill_position_in_a_melee_is_named_beside_the_objectives_held(monkeypatch: pytest.MonkeyPatch) -> None:
    """20.0: the Soviet takes the hill with cards standing on each position, even in a melee; 16.0 control needs
    no enemy there. So a Soviet win may show "objectives held 2 of 3": the turn-end line then names the position in
    a melee too, and the JSON snapshot lists it: a goal position with cards of both sides on it, never one held; and
    whether the side defends it (one of its cards there did not begin the melee, so the condition counts it) or
    assaults it."""
    monkeypatch.chdir(ROOT)
    runner = CliRunner()
    found = []
    for seed in range(1, 9):
        result = runner.invoke(app, ["scenario", "play", "hill-621", "--seed", str(seed), "--format", "json"],
                               catch_exceptions=False)
        snap = json.loads(result.stdout)["end"]["snapshot"]
        goals = snap["sides"]["soviet"]["goals"]
        for label in goals["contested"]:
            assert label in goals["positions"] and label not in goals["held"]
            assert {u["side"] for u in snap["units"] if u["where"] == label} == {"german", "soviet"}
        if goals["contested"]:
            found.append(seed)
            text = runner.invoke(app, ["scenario", "play", "hill-621", "--seed", str(seed)], catch_exceptions=False).stdout
            line = [x for x in text.splitlines() if x.startswith("  Soviet: ")][-1]
            assert set(goals["defending"]) <= set(goals["contested"])
            named = [f"{p} {'defending' if p in goals['defending'] else 'assaulting'}" for p in goals["contested"]]
            assert line.endswith(f", in a melee on {len(named)} ({', '.join(named)})")
    assert found, "no game of seeds 1-8 ended with a hill position in a melee"


@pytest.mark.slow
def test_8_6_a_squad_riding_two_tanks_names_both_and_the_step_names_what_moves_with_the_mover(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """8.6: two tanks carry one squad and move together. The account named only the first tank, then moved it alone
    ("Sf boards SU-152 Sam", "SU-152 Sam to G5-2"), which read as one tank carrying a squad against 8.6."""
    monkeypatch.chdir(ROOT)
    runner = CliRunner()
    pairs = 0
    for seed in range(1, 6):
        lines = runner.invoke(app, ["scenario", "play", "hill-621", "--seed", str(seed)], catch_exceptions=False).stdout.splitlines()
        for i, line in enumerate(lines):
            found = re.fullmatch(r"  (.+) boards (.+) and (.+)", line)
            if not found:
                continue
            rider, tank, partner = found.groups()
            step = lines[i + 1]
            assert step.startswith(f"  {tank} to ") and step.endswith(f" with {rider}, {partner}"), step
            pairs += 1
    assert pairs, "no squad rode a pair of tanks in Hill 621 seeds 1-5"


def test_12_0_an_interrupt_played_in_the_enemys_turn_names_its_player(play) -> None:
    """An interrupt (12.0) can be played in the enemy's turn; its line stands under that turn's heading, so it names
    the side that played it ("Soviet plays Breakdown ..."), where a play in one's own turn reads "plays ..."."""
    account = json.loads(play("--format", "json").stdout)
    names = {"german": "German", "soviet": "Soviet"}
    interrupts = [e for e in account["events"] if e["event"] == "action" and e["action"][0] == "interrupt"]
    named = [e for e in interrupts if not e["text"].startswith("plays ")]
    assert named, "no interrupt of seed 1 was played in the enemy's turn"
    for event in named:
        other = names["soviet" if event["side"] == "german" else "german"]
        assert event["text"].startswith(f"{other} plays "), event
