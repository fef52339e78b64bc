"""What a ruleset parameter may be set to (tcforge/data/limits.py) agrees with what the engine plays and with the
bundled rulesets: every whole-number parameter has a range, every choice the engine's choices, and no bundled value
is refused; a variant ruleset that sets a count to a float or below its range is refused at its line."""
from __future__ import annotations

import typing
from dataclasses import fields
from pathlib import Path

import pytest

from tcforge.bounds import shown
from tcforge.data.dataset import load_data
from tcforge.data.limits import CHOICES, ITEMS, NUMBERS, SetError, parameter_problem, parse_set
from tcforge.engine.game import FIXED
from tcforge.engine.rules import Rules
from tcforge.paths import DATA_ENV

HINTS = typing.get_type_hints(Rules)
PARAMS = {f.metadata["param"]: HINTS[f.name] for f in fields(Rules)}


def test_every_whole_number_parameter_of_the_engine_has_a_range() -> None:
    assert {name for name, kind in PARAMS.items() if kind is int} == set(NUMBERS)
    counted = {name for name, kind in PARAMS.items()
               if (typing.get_origin(kind) is tuple and typing.get_args(kind)[0] is int)
               or (typing.get_origin(kind) is dict and typing.get_args(kind)[1] is int)}
    assert counted == set(ITEMS)


def test_the_choices_are_the_engines() -> None:
    literal = {name: typing.get_args(kind) for name, kind in PARAMS.items() if typing.get_origin(kind) is typing.Literal}
    assert {name: CHOICES[name] for name in literal} == literal
    for name, value in FIXED.items():
        assert CHOICES[name] == (value,), name


def test_no_bundled_ruleset_value_is_refused() -> None:
    data = load_data()
    base = data.rulesets["six-pack-r3"]
    for ruleset in data.rulesets.values():
        for name, param in ruleset.params.items():
            assert parameter_problem(name, param.value, base.params[name].value) == "", (ruleset.id, name)


@pytest.mark.parametrize(("name", "value", "says"), [
    ("turn.hand_limit", 6.0, "must be a whole number like the ruleset's 12, not 6.0"),
    ("turn.hand_limit", -1, "from 1 to 60"),
    ("turn.initial_hand", 0, "from 1 to 60"),
    ("turn.hand_limit", float("nan"), "finite"),
    ("turn.hand_limit", True, "must be number"),
    ("movement.woods_immobilise_max_roll", 11, "from 0 to 10"),
    ("fire.immobilise_rolls", [2, 12], "from 1 to 10"),
    ("fire.tank_classes", [1], "each entry is text"),
    ("fire.tank_classes", ["tank"] * 21, "at most 20"),
    ("melee.procedure", "random", "the engine plays only 'simultaneous' or 'declared'"),
    ("fire.mounted_infantry_fires", True, "the engine plays only false"),
])
def test_a_value_out_of_kind_or_range_is_refused_with_what_is_allowed(name: str, value: object, says: str) -> None:
    base = load_data().rulesets["six-pack-r3"].params[name].value
    assert says in parameter_problem(name, value, base)


def test_a_plain_set_value_reads_as_the_data_files_would() -> None:
    assert parse_set("turn.hand_limit=6; fire.flank_rolls=[1, 3]") == {"turn.hand_limit": 6, "fire.flank_rolls": [1, 3]}
    assert parse_set("melee.tank_melee_modifiers={8: 0, 10: -1}") == {"melee.tank_melee_modifiers": {"8": 0, "10": -1}}
    assert parse_set("turn.initiative='2024-01-01'") == {"turn.initiative": "2024-01-01"}  # quoted: a text
    with pytest.raises(SetError, match="is a date"):
        parse_set("turn.initiative=2024-01-01")


def test_a_variant_ruleset_with_a_float_count_is_refused_at_its_line(tmp_path: Path, cli, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(DATA_ENV, "")  # --data sets it for the process: put back as it was after the test
    (tmp_path / "mine.yaml").write_text(
        "id: my-variant\nextends: six-pack-r3\ntitle: {en: Mine, fr: Mien}\nsource: {document: '000', section: '1'}\n"
        "parameters:\n  turn.hand_limit:\n    value: 6.5\n    case: '5.0'\n    reason: hostile\n", encoding="utf-8")
    code, out, err = cli("--data", str(tmp_path), "validate")
    assert code == 1 and "Traceback" not in err
    assert "mine.yaml:7:12:" in out + err and "must be a whole number like the ruleset's 12, not 6.5" in out + err


@pytest.mark.parametrize(("text", "says"), [
    ("fire.tank_classes=[tank\u200b]", "(U+200B, an invisible format character) at character 6: remove it"),
    ("fire.tank_classes=[tank\u2060]", "(U+2060, an invisible format character)"),
    ('fire.tank_classes=["tank\\u200b"]', "(U+200B, an invisible format character) at character 5: remove it"),
    ("turn.initiative=\u202eroll", "(U+202E, a bidirectional override) at character 1"),
    ("turn.initiative=\x1b[2J", "(U+001B, a terminal escape)"),
    ("turn.initiative=ro\nll", "holds a line break at character 3: a --set value is one line; remove it"),
])
def test_a_set_value_follows_the_one_rule_of_every_data_text(text: str, says: str) -> None:
    """--set had its own list of control characters, without the invisible format characters: a zero-width space
    reached the engine's tank classes. It asks yamlsafe.text_faults now, of the value typed and of every text YAML
    read from it (an escape in double quotes), and keeps a --set value to one line."""
    with pytest.raises(SetError) as refused:
        parse_set(text)
    message = str(refused.value)
    assert message.startswith(f"the value of '{text.split('=')[0]}' holds ") and says in message, message


def test_messages_cut_a_long_value_as_before_with_the_one_helper() -> None:
    """bounds.shown is the one cut (limits and the agent specs had their own): '...' after most - 3 characters, and
    the whole's length only where bounds always gave it."""
    assert shown("x" * 40) == "x" * 40
    assert shown("x" * 50) == "x" * 37 + "... (50 characters)"
    assert shown("x" * 50, 30, count=False) == "x" * 27 + "..."
    with pytest.raises(SetError, match=r"^'(y{37})\.\.\.': write NAME=VALUE"):
        parse_set("y" * 60)
    assert parameter_problem("turn.initiative", "z" * 60, "roll") == (f"'turn.initiative' is '{'z' * 36}...: the engine "
                                                                      "plays only 'roll'")
