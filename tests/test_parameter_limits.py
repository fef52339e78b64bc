"""What a ruleset parameter may be set to (tcforge/data/limits.py) agrees with what the engine plays and with the
bundled rulesets: every whole-number parameter has a range, every choice the engine's choices, and no bundled value
is refused; a variant ruleset that sets a count to a float or below its range is refused at its line."""
from __future__ import annotations

import typing
from dataclasses import fields
from pathlib import Path

import pytest

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
