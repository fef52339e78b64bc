"""Command decks that cannot be played are refused, one file:line:col line each and exit 1, by validate and by every
deck command: a deck that shuffles only Turn Over cards (every turn ends before anyone acts), and support tables
that send a roll round in a circle (their odds were cut short: 'none 1/11664' where the card gives no such result).

The corpus is tests/data/hostile/decks/; the first line of each file says where the problem is.
"""
from __future__ import annotations

import json
import re

import pytest

from conftest import ROOT

CORPUS = ROOT / "tests" / "data" / "hostile" / "decks"
FOLDER = "tests/data/hostile/decks"
PLACE = re.compile(r"line (\d+), column (\d+)")
LINE = re.compile(r"^(?P<file>[^:]+):(?P<line>\d+):(?P<col>\d+): \S")

EXPECTED = {  # file -> (code, what the message says)
    "only-turn-overs.yaml": ("only-turn-overs", "deck 'only-turn-overs' shuffles only Turn Over cards: every turn ends "
                                                "before any side or formation acts"),
    "commanders-and-turn-overs.yaml": ("only-turn-overs", "deck 'commanders-and-turn-overs' shuffles only Turn Over cards"),
    "support-table-refers-to-itself.yaml": ("support-circle", "support tables refer to each other in a circle: "
                                                              "soviet-support -> soviet-support"),
    "support-tables-in-a-circle.yaml": ("support-circle", "support tables refer to each other in a circle: "
                                                          "soviet-support -> soviet-air -> soviet-support"),
    "support-tables-in-two-circles.yaml": ("support-circle", "support tables refer to each other in a circle: "
                                                             "recon-a -> recon-b -> recon-c -> recon-a"),
}


def _places(name: str) -> list[tuple[int, int]]:
    first = (CORPUS / name).read_text(encoding="utf-8").splitlines()[0]
    return [(int(line), int(col)) for line, col in PLACE.findall(first)]


def test_every_hostile_deck_has_an_expectation() -> None:
    assert sorted(p.name for p in CORPUS.glob("*.yaml")) == sorted(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_validate_refuses_the_deck_at_its_place(cli, name: str) -> None:
    code, out, err = cli("validate", f"{FOLDER}/{name}")
    rows = out.splitlines()
    assert code == 1 and "Traceback" not in out + err
    assert all(LINE.match(row) for row in rows), rows
    assert [tuple(map(int, LINE.match(row).group("line", "col"))) for row in rows] == _places(name)  # type: ignore[union-attr]
    kind, message = EXPECTED[name]
    assert rows[0].startswith(f"{FOLDER}/{name}:") and message in rows[0]
    _, as_json, _ = cli("validate", f"{FOLDER}/{name}", "--format", "json")
    assert {p["code"] for p in json.loads(as_json)} == {kind}


@pytest.mark.parametrize("command", [("odds",), ("odds", "--format", "json"), ("tables",), ("show",)])
@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_deck_commands_refuse_the_deck_too(cli, name: str, command: tuple[str, ...]) -> None:
    code, out, err = cli("deck", command[0], f"{FOLDER}/{name}", *command[1:])
    assert code == 1 and "Traceback" not in out + err
    assert out == ""  # no figures from a deck that cannot be played
    problems = [row for row in err.splitlines() if not row.startswith("tcforge:")]
    assert len(problems) == len(_places(name)) and EXPECTED[name][1] in problems[0]


def test_a_second_circle_is_named_apart(cli) -> None:
    _, out, _ = cli("validate", f"{FOLDER}/support-tables-in-two-circles.yaml")
    assert "in a circle: loop-d -> loop-d" in out.splitlines()[1]


def test_the_bundled_deck_has_no_circle_and_other_cards(cli) -> None:
    """The checks can pass: the sample deck's soviet-support leads to soviet-air, which ends on attacks."""
    code, out, _ = cli("validate", "data/decks")
    assert (code, out) == (0, ""), out
