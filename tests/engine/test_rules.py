"""The ruleset's parameters as a typed object (engine.rules.Rules): checked once per game, read as fields."""
from __future__ import annotations

import dataclasses
import importlib.util
import sys

import pytest

from conftest import ROOT
from tcforge.data.dataset import load_data
from tcforge.engine.game import FIXED, Game
from tcforge.engine.rules import Rules, RulesError


def parameter_coverage() -> list:
    """tools/coverage.py's parameter coverage (a developer's tool of the checkout, outside the package)."""
    spec = importlib.util.spec_from_file_location("coverage_tool_for_rules", ROOT / "tools" / "coverage.py")
    assert spec is not None and spec.loader is not None
    module = sys.modules[spec.name] = importlib.util.module_from_spec(spec)  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return list(module.parameter_coverage())


def test_every_bundled_ruleset_gives_rules_with_its_own_values() -> None:
    data = load_data()
    for ruleset in data.rulesets.values():
        rules = Rules.from_params({name: p.value for name, p in ruleset.params.items()})
        assert rules.melee_procedure == ruleset["melee.procedure"] and rules.fire_flank_rolls == tuple(ruleset["fire.flank_rolls"])
    assert Game.create(data, overrides={"melee.procedure": "declared"}).rules.melee_procedure == "declared"


def test_values_of_the_wrong_kind_or_outside_their_choices_are_refused_one_line_each() -> None:
    with pytest.raises(RulesError) as caught:
        Game.create(load_data(), overrides={"melee.procedure": "sideways", "fire.max_range": "2", "fire.flank_rolls": [1, True]})
    lines = str(caught.value).splitlines()
    assert lines == ["fire.max_range = '2': must be a whole number",
                     "fire.flank_rolls = [1, True]: must be a list of whole numbers",
                     "melee.procedure = 'sideways': must be one of simultaneous, declared"]


def test_unknown_and_missing_parameters_are_refused() -> None:
    params = {name: p.value for name, p in load_data().ruleset.params.items()}
    del params["hmg.enabled"]
    params["hmg.enabeld"] = True
    with pytest.raises(RulesError, match=r"(?s)hmg.enabled: missing.*hmg.enabeld: not a parameter the engine knows"):
        Rules.from_params(params)


def test_a_misspelt_rule_fails_where_it_is_read_and_rules_never_change() -> None:
    rules = Game.create(load_data()).rules
    with pytest.raises(AttributeError):
        rules.fire_max_rang  # type: ignore[attr-defined]  # noqa: B018
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.fire_max_range = 3  # type: ignore[misc]


def test_every_parameter_is_read_somewhere_besides_its_declaration_or_fixed() -> None:
    unread = [p.name for p in parameter_coverage()
              if p.name not in FIXED and not any(not place.startswith("tcforge/engine/rules.py") for place in p.code)]
    assert unread == []
