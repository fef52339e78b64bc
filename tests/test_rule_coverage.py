"""The rules beyond the rule book's cases (data/coverage/rules.yaml) and rule coverage: `make coverage`
(tools/coverage.py, a developer's tool of the checkout, outside the package) and `tcforge rules coverage`."""
from __future__ import annotations

import dataclasses
import importlib.util
import json
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest
import yaml

from conftest import ROOT
from tcforge.data.dataset import load_data
from tcforge.validate import validate

FILE = ROOT / "data" / "coverage" / "rules.yaml"
TOOL = ROOT / "tools" / "coverage.py"


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("coverage_tool_under_test", TOOL)
    assert spec is not None and spec.loader is not None
    module = sys.modules[spec.name] = importlib.util.module_from_spec(spec)  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module

# Every heading of source 001, in its order (modifications, DYO, victory, optional rules 1.0-1.10 and 2.0-2.2).
HEADINGS_001 = [
    "No Card Recycling", "Use a Die", "Minefields", "Streams, Bridges, and Fords", "Wire", "Swamps",
    "Melee Combat Procedure", "Vehicles vs. Infantry/Cavalry/AT-Guns in Melee", "Ranged Fire and Melee",
    "Equipment Cards", "Orphaned Equipment Cards", "Unspotted Indirect Fire", "DYO Scenario Generation Method",
    "Victory Conditions", "Hidden Units", "Line of Sight (LOS)", "Spotting Restrictions", "Spotting Moving Units",
    "Spotting By Moving Units", "Melee Units and Spotting", "Breaking Contact", "Recon Cards",
    "Indirect Attacks on Hidden Units", "Spotting and Reserves", "Shuffling Hidden Units", "Opportunity Fire",
    "Opportunity Fire Declaration", "Opportunity Fire Resolution",
]
# The numbered rules and steps of 001 and of Hill 621, and the FAQ items that change play.
NUMBERED = ([f"001/1.{n}" for n in range(11)] + ["001/2.0", "001/2.1", "001/2.2"] + [f"001/melee/{n}" for n in range(1, 6)]
            + [f"001/dyo/{n}" for n in range(1, 7)] + [f"20.0/{n}" for n in range(1, 9)]
            + [f"19.2/{n}" for n in (3, 4, 5, 6, 7, 8, 9, 12, 20, 24, 25)]
            + ["20.0/victory", "20.0/balance-german-plus", "20.0/balance-german-minus", "23/woods", "23/tank-melee-final",
               "23/tank-melee-hill-621", "23/unsupported-minus-2"])


def rules():
    return _tool().beyond_the_rule_book()


def test_coverage_file_is_valid_and_its_references_resolve() -> None:
    report = validate([FILE])
    assert report.files == 1 and report.ok, "\n".join(p.render() for p in report.problems)


def test_every_named_test_exists() -> None:
    found = rules()
    assert [(r.entry.id, r.unknown_tests) for r in found if r.unknown_tests] == []
    assert all(len(r.tests) >= len(r.entry.tests) for r in found)  # the tests listed, and those named for the rule


def test_what_carries_a_rule_exists() -> None:
    data = load_data()
    for r in rules():
        e = r.entry
        assert set(e.parameters) <= set(data.ruleset.params), e.id
        for name in e.cards:
            data.cards.get(name)
        for ref in e.code:
            path, name = ref.split(":")
            text = (ROOT / path).read_text(encoding="utf-8")
            assert re.search(rf"^\s*(def|class) {name}\b|^{name}\s*[:=]", text, re.M), ref


def test_options_name_their_parameter_value_and_variants() -> None:
    rulesets = load_data().rulesets
    for r in rules():
        if r.entry.option:
            option = r.entry.option
            assert option["variants"], r.entry.id
            for variant in option["variants"]:
                if variant in rulesets:
                    assert rulesets[variant][option["parameter"]] == option["value"], r.entry.id
                    assert rulesets["six-pack-r3"][option["parameter"]] != option["value"], r.entry.id  # an option, not the default


def test_missing_rules_say_why() -> None:
    missing = [r for r in rules() if r.status == "missing"]
    assert missing and all(r.entry.reason for r in missing)


def test_every_status_is_derived_and_no_hand_written_line_contradicts_it() -> None:
    tool = _tool()
    book, beyond = tool.coverage(), tool.beyond_the_rule_book()
    assert [r.contradiction for r in book + beyond if r.contradiction] == []
    assert {r.status for r in book} <= {tool.TESTED, tool.NOT_APPLICABLE} and {r.status for r in beyond} <= {tool.TESTED, tool.MISSING}
    # the control: a case cited by code and tested is implemented and tested, whatever a hand-written reason says
    said = tool.CaseCoverage("7.0", "Rolling", code=["tcforge/engine/attacks.py:23"], tests=["t.py::test_7_0_x"], reason="none")
    assert said.status == tool.TESTED and said.contradiction
    claimed = tool.RuleCoverage(next(r.entry for r in beyond if r.entry.reason))
    assert claimed.status == tool.MISSING and not claimed.contradiction
    claimed.entry = dataclasses.replace(claimed.entry, code=("tcforge/engine/core.py:x",))
    assert claimed.status == tool.UNTESTED and claimed.contradiction


def test_a_case_implemented_without_a_test_fails() -> None:
    tool = _tool()
    untested = [r.case for r in tool.coverage() if r.status == tool.UNTESTED]
    untested += [r.entry.id for r in tool.beyond_the_rule_book() if r.status == tool.UNTESTED]
    assert untested == []
    assert tool.CaseCoverage("8.0", "What moves", code=["tcforge/engine/movement.py:1"]).status == tool.UNTESTED  # control


def test_every_test_named_by_a_case_names_a_case_the_list_has() -> None:
    tool = _tool()
    assert tool.unplaced_tests() == []


@pytest.mark.parametrize("path, name, cases, wrong", [
    ("engine/test_fire.py", "test_9_3_1_flank_shot", ["9.3.1"], ""),
    ("engine/test_fire.py", "test_9_3_natural_1", ["9.3"], ""),
    ("engine/test_turn.py", "test_5_0_a_a_move_costs", ["5.0 a"], ""),
    ("engine/test_movement.py", "test_8_0_8_4_1_a_vehicle", ["8.0", "8.4.1"], ""),
    ("engine/test_melee.py", "test_10_0_and_23_hill", ["10.0", "23"], ""),
    ("scenarios/test_x.py", "test_17_and_20_bundled", ["17", "20"], ""),
    ("scenarios/test_x.py", "test_20_0_rule_5_arrivals", ["20.0/5"], ""),
    ("scenarios/test_x.py", "test_20_0_hill_621_map", ["20.0"], ""),
    ("engine/test_x.py", "test_19_2_faq_13_conflict", ["19.2/13"], ""),
    ("engine/test_x.py", "test_001_1_10_observation", ["001/1.10"], ""),
    ("engine/test_x.py", "test_001_streams_lie", ["001"], ""),
    ("decks/test_deck_odds.py", "test_2_3_first_turn_over", ["003 2.3"], ""),
    ("engine/test_x.py", "test_003_5_1_size", ["003 5.1"], ""),
    ("engine/test_x.py", "test_seed_7_plays_0_5_turns", [], ""),  # a number not at the start is no case
    # the controls: numbers that name no case
    ("render/test_x.py", "test_16_11_no_small_type", [], "16.11 is no case of the rule book"),
    ("engine/test_x.py", "test_9_9_nothing", [], "9.9 is no case of the rule book"),
    ("engine/test_x.py", "test_33_12_issue_item", [], "33.12 is no case of the rule book"),
    ("scenarios/test_x.py", "test_20_0_rule_9_nothing", [], "20.0 rule 9 is no rule of data/coverage/rules.yaml"),
    ("engine/test_x.py", "test_19_2_faq_40_nothing", [], "19.2 FAQ item 40 is in neither data/coverage/rules.yaml nor data/errata"),
    ("engine/test_x.py", "test_001_3_1_nothing", [], "001 3.1 is no rule of data/coverage/rules.yaml"),
    ("decks/test_x.py", "test_16_9_nation", [], "16.9 is no case of source 003 (tests/decks/)"),
    ("engine/test_x.py", "test_2024_seed", [], "2024 is no case of the rule book"),
])
def test_the_cases_a_test_name_names(path: str, name: str, cases: list[str], wrong: str) -> None:
    tool = _tool()
    known = tool.Known.load([r.entry for r in rules()])
    assert tool.named_cases(tool.TestDef(path, name), known) == (cases, wrong)


def test_a_test_naming_a_rule_of_001_by_words_must_be_taken_by_a_rule(monkeypatch: pytest.MonkeyPatch) -> None:
    tool = _tool()
    found = tool.beyond_the_rule_book()
    real = tool.tests_found()
    monkeypatch.setattr(tool, "tests_found", lambda: [*real, tool.TestDef("engine/test_x.py", "test_001_no_such_rule_x"),
                                                     tool.TestDef("engine/test_x.py", "test_001_streams_lie_anew")])
    found[[r.entry.id for r in found].index("001/streams")].tests.append("test_x.py::test_001_streams_lie_anew")
    assert [w for w in tool.unplaced_tests(found) if "test_x.py" in w] == [
        "engine/test_x.py::test_001_no_such_rule_x: names a rule of 001 that no rule of data/coverage/rules.yaml takes "
        "(name it by a rule's id, or list it there)"]


def test_every_referee_case_is_placed_on_the_rule_it_judges() -> None:
    tool = _tool()
    placed = tool.referee_rows()
    assert placed and [case for case, rows in placed.items() if not rows] == []
    rows = {r.case for r in tool.coverage()} | {r.entry.id for r in rules()} | {"20.0"}
    assert {row for found in placed.values() for row in found} <= rows
    assert tool.place_referee_case("9.9.9 nothing", ["9.3.2"], ["001/wire"]) == ()  # the control
    assert tool.place_referee_case("001 Wire stop", ["9.3.2"], ["001/wire"]) == ("001/wire",)


def test_departures_name_the_strict_xfail_test_that_pins_them() -> None:
    tool = _tool()
    pinned = tool.strict_xfails()
    for r in rules():
        for line in r.entry.departures:
            assert set(re.findall(r"\btest_\w+", line)) & pinned, (r.entry.id, line)


def test_20_0_rule_5_and_the_hill_621_victory_are_implemented_and_tested_without_departures() -> None:
    found = {r.entry.id: r for r in rules()}
    assert found["20.0/5"].status == "implemented and tested" and not found["20.0/5"].entry.reason
    assert any("test_20_0_rule_5_overstacked_arrival_lets_fast_cards_move_on" in t for t in found["20.0/5"].tests)
    assert found["20.0/victory"].status == "implemented and tested" and not found["20.0/victory"].entry.departures
    assert any("test_20_0_a_soviet_card_attacking_in_a_melee_does_not_hold_the_hill" in t for t in found["20.0/victory"].tests)


def test_a_reason_beside_a_carrier_is_refused(tmp_path: Path) -> None:
    raw = yaml.safe_load(FILE.read_text(encoding="utf-8"))
    raw["coverage"][0]["rules"][0]["reason"] = "not done"
    bad = tmp_path / "rules.yaml"
    bad.write_text(yaml.safe_dump(raw, sort_keys=False), encoding="utf-8")
    assert len(validate([bad]).problems) == 1


def test_no_heading_of_001_is_left_out() -> None:
    headings = {r.entry.heading for r in rules() if r.entry.source == "001"}
    assert [h for h in HEADINGS_001 if h not in headings] == []
    assert headings <= set(HEADINGS_001)  # and none made up


def test_every_numbered_rule_is_listed_once() -> None:
    ids = [r.entry.id for r in rules()]
    assert len(ids) == len(set(ids))
    assert [n for n in NUMBERED if n not in ids] == []


def test_a_broken_reference_is_one_line_at_its_place(tmp_path: Path) -> None:
    raw = yaml.safe_load(FILE.read_text(encoding="utf-8"))
    group = raw["coverage"][0]
    group["rules"][0]["scenario"] = ["hill-621/no-such-rule"]
    group["rules"][1]["parameters"] = ["victory.nowhere"]
    raw["coverage"][2]["rules"][2]["option"]["variants"] = ["six-pack-r3"]
    bad = tmp_path / "rules.yaml"
    bad.write_text(yaml.safe_dump(raw, sort_keys=False), encoding="utf-8")
    report = validate([bad])
    lines = [p.render() for p in report.problems]
    assert len(lines) == 3 and all(line.startswith(f"{bad}:") or "rules.yaml:" in line for line in lines)
    assert any("no special rule, victory condition, balance option or key 'no-such-rule'" in line for line in lines)
    assert any("unknown ruleset parameter 'victory.nowhere'" in line for line in lines)
    assert any("'six-pack-r3' sets melee.tank_melee_modifiers to" in line for line in lines)


def test_rules_coverage_lists_the_rules_beyond_the_rule_book_by_source(cli) -> None:
    code, stdout, _ = cli("rules", "coverage", "--format", "json")
    rows = json.loads(stdout)
    assert code == 0
    sources = [r["source"] for r in rows]
    order = [s for i, s in enumerate(sources) if i == 0 or s != sources[i - 1]]
    assert order == ["rule book", "000 20.0", "000 19.2", "000 23", "001"]
    su152 = next(r for r in rows if r["case"] == "20.0/7")
    assert su152["status"] == "implemented and tested" and "hill-621/su152-limited-ap" in su152["scenario"]
    assert any(t.endswith("::test_20_0_rule_7_su152_fires_full_penetration_once_then_3_2") for t in su152["tests"])
    hidden = next(r for r in rows if r["case"] == "001/1.3")
    assert hidden["status"] == "implemented and tested" and hidden["in_force"] == "option"
    assert any(t.endswith("::test_001_1_3_the_terrain_restrictions_still_apply_to_a_moving_card") for t in hidden["tests"])
    missing = next(r for r in rows if r["case"] == "001/swamps/dyo-purchase")
    assert missing["status"] == "missing" and missing["reason"]
    code, stdout, _ = cli("rules", "coverage")
    summary = stdout.strip().splitlines()[-1]
    counts = {s: sum(r["status"] == s for r in rows if r["source"] != "rule book") for s in ("implemented and tested", "missing")}
    assert summary.startswith("rule book: ") and all(f"{n} {s}" in summary.split("beyond it:")[1] for s, n in counts.items())
    assert "referee: " in summary
    opportunity = next(r for r in rows if r["case"] == "001/2.1")
    assert "001 2.1 once" in opportunity["referee"]
    assert any(t.endswith("::test_001_2_1_an_opportunity_shot_twice_in_a_turn_is_flagged") for t in opportunity["referee_tests"])
    melee = next(r for r in rows if r["case"] == "10.0")
    assert "10.0 priorities" in melee["referee"] and melee["referee_tests"]
    code, stdout, _ = cli("rules", "coverage", "--missing", "--format", "json")
    assert {r["status"] for r in json.loads(stdout) if r["source"] != "rule book"} == {"missing"}


def test_rule_book_cases_with_set_up_mechanics_are_implemented_and_tested(cli) -> None:
    _, stdout, _ = cli("rules", "coverage", "--format", "json")
    rows = {r["case"]: r for r in json.loads(stdout) if r["source"] == "rule book"}
    for case in ["4.0", "6.1", "6.1.1", "6.1.2"] + [f"17.{n}" for n in range(1, 10)]:
        assert rows[case]["status"] == "implemented and tested", case
    assert any("test_4_0_highest_roll_takes_the_initiative" in t for t in rows["4.0"]["tests"])
    assert any("test_6_1_1_random_terrain_deals_ten_cards_at_most_two_per_type" in t for t in rows["6.1.1"]["tests"])
    assert rows["17.4"]["code"][0] == "data/scenarios/prepared-defense.yaml"


def test_the_coverage_tool_lives_outside_the_package() -> None:
    assert TOOL.is_file()
    assert not (ROOT / "tcforge" / "analysis" / "coverage.py").exists() and not (ROOT / "tcforge" / "testnames.py").exists()
    assert importlib.util.find_spec("tcforge.analysis.coverage") is None


@pytest.mark.slow
def test_make_coverage_runs_the_tool_on_the_checkouts_tests() -> None:
    """The Makefile target runs tools/coverage.py; run as a script, it reads tests/ and reports as the CLI does."""
    assert "\ncoverage: install\n\t$(BIN)/python tools/coverage.py" in (ROOT / "Makefile").read_text(encoding="utf-8")
    done = subprocess.run([sys.executable, str(TOOL), "--format", "json", "--missing"], cwd=ROOT, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    rows = json.loads(done.stdout)
    assert rows and {r["status"] for r in rows if r["source"] != "rule book"} == {"missing"}


def test_rules_coverage_outside_a_checkout_says_in_one_line_how_to_run_it(cli, monkeypatch: pytest.MonkeyPatch,
                                                                           tmp_path: Path) -> None:
    monkeypatch.setenv("TCFORGE_HOME", str(tmp_path))  # a "checkout" without tools/coverage.py
    code, stdout, stderr = cli("rules", "coverage")
    assert code == 1 and stdout == ""
    assert stderr.strip().splitlines() == [
        "tcforge: rule coverage reads the tests: run 'make coverage' in a checkout of tcforge (tools/coverage.py)"]
