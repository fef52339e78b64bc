"""The scenario model: grid, balance patches, loading, and what the engine reads."""
from __future__ import annotations

import doctest
import json

import pytest

from conftest import ROOT
from tcforge.scenarios import grid as grid_module
from tcforge.scenarios import patch as patch_module
from tcforge.scenarios.card_kinds import category
from tcforge.scenarios.findings import ScenarioError
from tcforge.scenarios.grid import Grid, Position
from tcforge.scenarios.loading import bundled_ids, load, load_scenario
from tcforge.scenarios.patch import PatchError, apply_patch
from tcforge.scenarios.show import summary, to_json

FIXTURES = ROOT / "tests" / "data" / "scenarios"


@pytest.mark.parametrize("module", [grid_module, patch_module], ids=lambda m: m.__name__)
def test_docstring_examples(module) -> None:
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0


def test_6_0_default_grid_is_five_by_four_with_ranks_from_each_reserve() -> None:
    g = Grid(5, 2, ("german", "soviet"), prefixes={"german": "G", "soviet": "R"})
    assert g.labels == {"german": ["G2", "G3", "G4", "G5"], "soviet": ["R5", "R4", "R3", "R2"]}
    assert [g.label(p, "soviet") for p in g.rank_positions("soviet", 2)] == [f"R2-{c}" for c in range(1, 6)]
    assert len(g.side_positions("german")) == len(g.side_positions("soviet")) == 10
    assert g.parse("G6-1") is None and g.parse("G2-6") is None and g.parse("g2-1") is None


def test_8_0_adjacent_positions_include_diagonals() -> None:
    g = Grid(5, 2, ("a", "b"))
    assert len(g.adjacent(Position(1, 1))) == 3 and len(g.adjacent(Position(2, 3))) == 8


def test_no_mans_land_rows_belong_to_nobody() -> None:
    g = Grid(5, 2, ("a", "b"), no_mans_land=1)
    assert g.rows == 5 and g.owner(Position(3, 1)) is None and g.rank(Position(5, 1), "b") == 2


def test_balance_patch_reports_the_failing_operation() -> None:
    with pytest.raises(PatchError) as info:
        apply_patch({"a": [{"id": "x"}]}, [{"op": "replace", "path": "/a/x/b", "value": 1}, {"op": "remove", "path": "/a/y"}])
    assert info.value.index == 0 and "no key 'b'" in str(info.value)
    assert apply_patch({"a": [1, 2]}, [{"op": "add", "path": "/a/-", "value": 3}]) == {"a": [1, 2, 3]}
    assert apply_patch({"a": [1, 2]}, [{"op": "remove", "path": "/a/0"}]) == {"a": [2]}


def test_load_raises_with_every_finding() -> None:
    with pytest.raises(ScenarioError) as info:
        load(FIXTURES / "unknown-key.yaml")
    assert [f.code for f in info.value.findings] == ["schema"]
    with pytest.raises(ScenarioError) as info:
        load("no-such-scenario")
    assert info.value.findings[0].code == "unknown-reference"


def test_unknown_balance_option_is_a_finding() -> None:
    result = load_scenario(ROOT / "data" / "scenarios" / "hill-621.yaml", balance="soviet-plus")
    assert result.scenario is None and [f.code for f in result.findings] == ["balance-patch"]
    assert "german-plus" in result.findings[0].hint


def test_roles_resolve_to_side_ids() -> None:
    s = load("defense")
    assert s.initiative.setup_first == "defender" and s.initiative.modifiers == {"attacker": 3}
    assert [v.winner for v in s.victory] == ["attacker", "defender"]


def test_14_0_card_categories() -> None:
    s = load("hill-621")
    by_name = {c.name: c for c in s.cards}
    assert category(by_name["Woods"]) == "terrain" and category(by_name["Swamp"]) == "terrain"
    assert category(by_name["Smoke"]) == "special_events" and category(by_name["Panzerfaust"]) == "equipment"
    assert category(by_name["T-70"]) == "units"


@pytest.mark.parametrize("sid", sorted(bundled_ids()))
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_scenario_summarises_and_serialises(sid: str, lang: str) -> None:
    s = load(sid)
    text = summary(s, lang)
    assert s.title.get(lang) in text and "Traceback" not in text
    data = json.loads(json.dumps(to_json(s, lang)))
    assert data["id"] == sid and len(data["sides"]) == 2


def test_forces_resolve_to_card_ids_of_the_scenarios_ruleset() -> None:
    s = load("eliminate-that-bridgehead")
    spw = next(e for e in s.side("german").forces if e.card.name == "Mittlerer SPW")
    assert spw.card_id == 50 and s.cards.by_id[50] is spw.card  # "SPW 251" is the Mittlerer SPW
    assert s.ruleset.id == "six-pack-r3" and s.param("stacking.combat_cards") == 3
