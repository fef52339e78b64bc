"""The command-deck format (source 003's Command Deck): the sample deck as printed, and bad decks reported at file:line:col."""
from __future__ import annotations

from pathlib import Path

import pytest

from conftest import ROOT
from tcforge.data.problems import DataError
from tcforge.decks.load import find_deck, load_decks
from tcforge.validate import validate

DECKS = ROOT / "data" / "decks"
SAMPLE = DECKS / "russian-front-summer-1942.yaml"


@pytest.fixture(scope="module")
def sample():
    rules, decks = load_decks()
    deck = decks["russian-front-summer-1942"]
    return deck, rules[deck.rules_id]


def test_003_sample_deck_has_three_turn_over_cards(sample):
    deck, _ = sample
    assert deck.count("turn_over") == 3


def test_003_sample_deck_cards_as_printed(sample):
    """003 lists 13 system cards, then four cards for each of six formations: 37 printed lines."""
    deck, _ = sample
    assert len(deck.cards) == 37
    assert [c.heading for c in deck.cards].count("System Cards") == 13
    assert len(deck.shuffled) == 35  # the two commanders' cards are held out of the shuffle
    assert {c.side for c in deck.commander_cards} == {"german", "soviet"}
    assert deck.cards[5].text == "German Air Support 1d6; 1-2 = HS-123 3-4= ME-109 5-6= JU-87"
    assert deck.formations["panzers-b"].printed == "PanzersB"


def test_003_german_formations_get_two_half_move_cards_soviet_two_free_actions(sample):
    deck, _ = sample
    for f in ("panzers-a", "panzers-b", "german-specials"):
        types = sorted(c.type for c in deck.shuffled if c.formation == f)
        assert types == ["unit_free_action", "unit_half_move_free_action", "unit_half_move_free_action", "unit_move"]
    for f in ("tankovy-1", "tankovy-2", "soviet-specials"):
        types = sorted(c.type for c in deck.shuffled if c.formation == f)
        assert types == ["unit_free_action", "unit_free_action", "unit_half_move_free_action", "unit_move"]


def test_003_side_and_support_cards(sample):
    deck, _ = sample
    sides = [(c.type, c.side) for c in deck.shuffled if c.formation is None and c.type != "turn_over"]
    assert sides.count(("side_free_action", "german")) == 2
    assert sides.count(("side_free_action", "soviet")) == 1
    assert sides.count(("side_move", "soviet")) == 1
    assert sides.count(("support", "german")) == 2 and sides.count(("support", "soviet")) == 2
    air = deck.support_tables["german-air"]
    assert [(r.rolls, r.result) for r in air.results] == [((1, 2), "HS-123"), ((3, 4), "ME-109"), ((5, 6), "JU-87")]


def test_validate_accepts_the_bundled_decks():
    report = validate([DECKS])
    assert report.ok, [p.render() for p in report.problems]
    assert report.files == 2


def _variant(tmp_path: Path, old: str, new: str) -> Path:
    text = SAMPLE.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "deck.yaml"
    text = text.replace("id: russian-front-summer-1942", "id: my-deck", 1)  # not a second deck of the bundled id
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def _line_of(path: Path, needle: str) -> int:
    return next(i for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if needle in line)


@pytest.mark.parametrize("old,new,needle,code", [
    ("type: turn_over}", "type: turn_overs}", "turn_overs", "schema"),
    ("support: german-air}", "support: german-air-x}", "german-air-x", "unknown-table"),
    ("side: soviet, support: soviet-air}", "side: finnish, support: soviet-air}", "finnish", "unknown-side"),
    ("rules: fluid-time-003", "rules: fluid-time-999", "fluid-time-999", "unknown-rules"),
    ("      - {rolls: [6], result: no support, result_fr: pas d'appui, attacker: none}\n", "", "kind: choice", "support-table"),
    ("id: panzers-b", "id: panzers-a", "id: panzers-a\n        name: Panzers B", "duplicate-formation"),
    ("{text: Soviet Move, type: side_move, side: soviet}", "{text: Soviet Move, type: unit_move, side: soviet}",
     "text: Soviet Move", "unit-card-outside-formation"),
])
def test_bad_deck_reported_at_its_line(tmp_path: Path, old: str, new: str, needle: str, code: str):
    path = _variant(tmp_path, old, new)
    report = validate([path])
    assert not report.ok
    problem = report.problems[0]
    assert problem.code == code, problem.render()
    if needle == "kind: choice":
        expected = _line_of(path, needle) + 3  # the first result: under kind, die and results
    elif needle.startswith("id: panzers-a\n"):
        expected = [i for i, line in enumerate(path.read_text().splitlines(), 1) if "id: panzers-a" in line][1]
    else:
        expected = _line_of(path, needle)
    assert problem.line == expected, problem.render()
    assert problem.render().startswith(f"{problem.file}:{problem.line}:{problem.col}: ")


def test_too_few_turn_overs_for_the_rule(tmp_path: Path):
    """2.3: a deck must hold at least as many Turn Over cards as end a turn."""
    text = SAMPLE.read_text(encoding="utf-8")
    text = text.replace("      - {text: Turn Over, type: turn_over}\n", "")
    path = tmp_path / "deck.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DataError) as caught:
        find_deck(str(path))
    assert [p.code for p in caught.value.problems] == ["too-few-turn-overs"]


def test_cli_validate_deck_exit_code(cli, tmp_path: Path):
    path = _variant(tmp_path, "type: turn_over}", "type: turn_overs}")
    code, out, _ = cli("validate", str(path))
    assert code == 1
    assert out.count("\n") >= 1 and ":" in out.splitlines()[0] and "turn_overs" in out


def _copy_decks(tmp_path: Path) -> Path:
    root = tmp_path / "decks"
    root.mkdir()
    for path in DECKS.glob("*.yaml"):
        (root / path.name).write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    return root


def test_rules_without_a_needed_parameter(tmp_path: Path):
    root = _copy_decks(tmp_path)
    rules = root / "fluid-time-003.yaml"
    text = rules.read_text(encoding="utf-8")
    start = text.index("  morale.pass_at_least:")
    end = text.index("  morale.abandon_at_most:")
    rules.write_text(text[:start] + text[end:], encoding="utf-8")
    with pytest.raises(DataError) as caught:
        load_decks(root)
    codes = [p.code for p in caught.value.problems]
    assert "missing-parameter" in codes and "morale.pass_at_least" in caught.value.problems[0].message


def test_rules_without_an_impulse_type_the_deck_uses(tmp_path: Path):
    root = _copy_decks(tmp_path)
    rules = root / "fluid-time-003.yaml"
    text = rules.read_text(encoding="utf-8")
    start = text.index("  side_move:\n")
    end = text.index("  side_free_action:\n")
    rules.write_text(text[:start] + text[end:], encoding="utf-8")
    with pytest.raises(DataError) as caught:
        load_decks(root)
    problem = caught.value.problems[0]
    assert problem.code == "unknown-impulse-type" and "Soviet Move" in problem.message
    assert problem.line == _line_of(root / "russian-front-summer-1942.yaml", "{text: Soviet Move")
