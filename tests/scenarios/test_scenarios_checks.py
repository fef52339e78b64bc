"""`tcforge scenario check`: one scenario broken on purpose for each check code.

Each test breaks tests/data/scenarios/base.yaml (a small legal scenario) in one
place and asserts the code, the line of the element at fault and exit 1.
"""
from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from conftest import ROOT
from tcforge.cli.scenario import app
from tcforge.scenarios import check as check_module
from tcforge.scenarios.check import CODES, check_file
from tcforge.scenarios.findings import Finding

FIXTURES = ROOT / "tests" / "data" / "scenarios"
BASE = (FIXTURES / "base.yaml").read_text(encoding="utf-8")


def line_of(text: str, marker: str, nth: int = 1) -> int:
    lines = [i for i, line in enumerate(text.splitlines(), start=1) if marker in line]
    assert len(lines) >= nth, f"marker {marker!r} not found {nth} time(s)"
    return lines[nth - 1]


def run_check(path: Path) -> tuple[int, list[dict[str, object]]]:
    result = CliRunner().invoke(app, ["check", str(path), "--format", "json"], catch_exceptions=False)
    data = json.loads(result.stdout)
    return result.exit_code, data["reports"][0]["findings"]


def broken(tmp_path: Path, *changes: tuple[str, str], name: str = "broken.yaml") -> tuple[Path, str]:
    text = BASE
    for old, new in changes:
        assert text.count(old) == 1, f"{old!r} is not unique in base.yaml"
        text = text.replace(old, new)
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path, text


def expect(tmp_path: Path, changes: list[tuple[str, str]], code: str, marker: str, *, nth: int = 1,
           only: bool = True) -> list[dict[str, object]]:
    """Break the base, check it: exit 1, a finding with ``code`` on the marker's line (and, when ``only``, no other code)."""
    path, text = broken(tmp_path, *changes)
    exit_code, findings = run_check(path)
    assert exit_code == 1, findings
    hits = [f for f in findings if f["code"] == code]
    assert hits, findings
    assert line_of(text, marker, nth) in {f["line"] for f in hits}, hits
    if only:
        assert {f["code"] for f in findings} == {code}, findings
    return hits


def test_base_fixture_is_legal(tmp_path: Path) -> None:
    path, _ = broken(tmp_path)
    assert run_check(path) == (0, [])


# -- reading the file ---------------------------------------------------------

def test_yaml_duplicate_key_is_reported_with_both_lines() -> None:
    exit_code, findings = run_check(FIXTURES / "duplicate-key.yaml")
    assert exit_code == 1 and [(f["code"], f["line"]) for f in findings] == [("yaml", 4)]
    assert "line 3" in str(findings[0]["message"])


def test_text_with_a_terminal_escape_is_text_control_and_never_echoed(tmp_path: Path) -> None:
    hits = expect(tmp_path, [("fr: Carrefour}", 'fr: "Carre\\e[2Jfour"}')], "text-control", "Carre")
    assert "U+001B" in str(hits[0]["message"]) and all("\x1b" not in str(v) for v in hits[0].values())


def test_text_over_ten_thousand_characters_is_text_too_long(tmp_path: Path) -> None:
    hits = expect(tmp_path, [("fr: Aide plus tôt.}", "fr: " + "a" * 10_001 + "}")], "text-too-long", "a" * 100)
    assert "10,001 characters" in str(hits[0]["message"]) and len(json.dumps(hits)) < 1000


def test_schema_unknown_key_names_the_allowed_keys() -> None:
    exit_code, findings = run_check(FIXTURES / "unknown-key.yaml")
    assert exit_code == 1 and [(f["code"], f["line"]) for f in findings] == [("schema", 9)]
    assert "colour" in str(findings[0]["message"]) and "terrain" in str(findings[0]["hint"])


def test_file_name_of_a_bundled_scenario_must_be_its_id(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(check_module, "scenarios_dir", lambda: tmp_path)
    path, text = broken(tmp_path, name="other-name.yaml")
    findings = check_file(path).findings
    assert [(f.code, f.line) for f in findings] == [("file-name", line_of(text, "id: base"))]


# -- ruleset and parameters ----------------------------------------------------

def test_unknown_ruleset(tmp_path: Path) -> None:
    hits = expect(tmp_path, [("  id: six-pack-r3\n", "  id: six-pack-r9\n")], "unknown-ruleset", "six-pack-r9")
    assert "six-pack-r3" in str(hits[0]["hint"])


def test_a_scenario_over_card_data_with_problems_is_not_checked_and_says_so(tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    # issue 49: a broken card file of one's own was reported a second time in the scenario as an unknown ruleset
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "bad-cards.yaml").write_text("family: club\ncards:\n  - {id: 901, name: Club Panzer, rarity: Q}\n",
                                         encoding="utf-8")
    monkeypatch.setenv("TCFORGE_DATA", str(mine))
    hits = expect(tmp_path, [], "data-not-valid", "  id: six-pack-r3")
    assert "bad-cards.yaml:3:" in str(hits[0]["message"]) and "unknown-ruleset" not in str(hits)


def test_unknown_parameter_suggests_the_close_name(tmp_path: Path) -> None:
    hits = expect(tmp_path, [("turn.hand_limit:", "turn.hand_limitt:")], "unknown-parameter", "turn.hand_limitt")
    assert "turn.hand_limit" in str(hits[0]["hint"])


def test_parameter_override_of_another_kind(tmp_path: Path) -> None:
    expect(tmp_path, [("{value: 10, case", '{value: "ten", case')], "parameter-type", 'value: "ten"')


# -- structure -------------------------------------------------------------------

def test_duplicate_victory_condition_id(tmp_path: Path) -> None:
    expect(tmp_path, [("    - id: crossroads\n", "    - id: breakthrough\n")], "duplicate-id", "- id: breakthrough", nth=2)


def test_unknown_side_in_victory_winner(tmp_path: Path) -> None:
    hits = expect(tmp_path, [("      winner: soviet\n", "      winner: allies\n")], "unknown-reference", "winner: allies")
    assert "german" in str(hits[0]["hint"])


def test_17_0_both_sides_of_one_nation(tmp_path: Path) -> None:
    expect(tmp_path, [("    nation: soviet\n", "    nation: german\n")], "side-nations", "nation: german", nth=2, only=False)


def test_a_side_with_no_units_at_all_is_reported(tmp_path: Path) -> None:
    # Issue 15 item 2: a defender with nothing on the table used to be legal and "win by default".
    soviet = ("      - {card: Soviet Line Squad, count: 3, at: R2-1}\n      - {card: Foxholes, count: 1, at: R2-1}\n"
              "      - {card: T 34 M43, count: 2, at: R3-2}\n")
    hits = expect(tmp_path, [(soviet, "      - {card: Foxholes, count: 1, at: R2-1}\n")], "no-units", "id: soviet", only=False)
    assert "soviet" in str(hits[0]["message"]) and hits[0]["col"] == 9  # the id of "  - id: soviet"


def test_a_side_with_units_only_among_its_reinforcements_has_units(tmp_path: Path) -> None:
    german = ("      - {card: PzKw IV G, count: 2, at: G2-1}\n      - {card: German Line Squad, count: 2, at: G2-3}\n"
              "      - {card: Mittlerer SPW, count: 1, at: G2-3}\n      - {card: Panzerfaust, count: 1, attached_to: German Line Squad}\n")
    path, _ = broken(tmp_path, (german, ""))
    assert "no-units" not in {f["code"] for f in run_check(path)[1]}


def test_6_0_rank_labels_must_cover_every_row(tmp_path: Path) -> None:
    expect(tmp_path, [("battlefield:\n", "battlefield:\n  rank_labels: {german: [G2, G3, G4]}\n")], "grid-labels", "rank_labels")


def test_terrain_map_row_with_too_few_columns(tmp_path: Path) -> None:
    expect(tmp_path, [("G3: [Clear, Clear, Swamp, Clear, Clear]", "G3: [Clear, Clear, Swamp, Clear]")], "terrain-map", "G3: [")


def test_terrain_map_holds_only_terrain_cards(tmp_path: Path) -> None:
    expect(tmp_path, [("G4: [Village,", "G4: [T-70,")], "terrain-map", "G4: [T-70")


@pytest.mark.parametrize("crossing", ["Path", "Bridge", "Ford"])
def test_6_1_a_crossing_card_on_the_map_needs_a_terrain_as_rule(tmp_path: Path, crossing: str) -> None:
    hits = expect(tmp_path, [("G4: [Village, Clear,", f"G4: [Village, {crossing},")], "terrain-map", f"G4: [Village, {crossing}")
    line = BASE.splitlines()[int(str(hits[0]["line"])) - 1].replace("Clear", crossing, 1)
    assert "terrain_as" in str(hits[0]["hint"]) and hits[0]["col"] == line.index(crossing) + 1


def test_6_1_a_crossing_card_with_a_terrain_as_rule_is_clear_and_legal(tmp_path: Path) -> None:
    path, _ = broken(tmp_path, ("G4: [Village, Clear,", "G4: [Village, Path,"),
                     ("special_rules:\n", "special_rules:\n  - {id: path-as-clear, rule: terrain_as, card: Path, as: clear, case: test,"
                                          " text: {en: Path is Clear., fr: Le chemin est dégagé.}}\n"))
    assert run_check(path) == (0, [])


def test_11_0_a_fortification_on_the_map_belongs_to_no_side(tmp_path: Path) -> None:
    hits = expect(tmp_path, [("G4: [Village, Clear,", "G4: [Village, Bunkers,")], "terrain-map", "G4: [Village, Bunkers")
    assert "at: G4-2" in str(hits[0]["hint"])


def test_6_3_one_terrain_card_a_map_position(tmp_path: Path) -> None:
    expect(tmp_path, [("G4: [Village, Clear,", "G4: [Village, [Woods, Hills],")], "terrain-map", "G4: [Village, [Woods")


def test_6_2_a_setup_zone_on_the_enemys_ranks_is_refused(tmp_path: Path) -> None:
    hits = expect(tmp_path, [("zone: {ranks: [2]}", "zone: {ranks: [2], of: enemy}"), ("at: G2-1}", "at: R2-1}"),
                             ("German Line Squad, count: 2, at: G2-3}", "German Line Squad, count: 2, at: R2-3}"),
                             ("Mittlerer SPW, count: 1, at: G2-3}", "Mittlerer SPW, count: 1, at: R2-3}")],
                  "setup-zone", "zone: {ranks: [2], of: enemy}")
    assert "5 position(s) of the enemy's half" in str(hits[0]["message"])


def test_unknown_position_in_a_placement(tmp_path: Path) -> None:
    hits = expect(tmp_path, [("at: G2-1}", "at: G9-1}")], "unknown-position", "G9-1")
    assert "G2" in str(hits[0]["hint"])


# -- cards -----------------------------------------------------------------------

def test_19_1_unknown_card_suggests_names(tmp_path: Path) -> None:
    hits = expect(tmp_path, [("{card: Flank Shot, count: 1}", "{card: Flank Shoot, count: 1}")], "unknown-card", "Flank Shoot")
    assert "Flank Shot" in str(hits[0]["hint"])


def test_17_0_card_of_the_other_nation(tmp_path: Path) -> None:
    expect(tmp_path, [("{card: PzKw IV G, count: 2, at: G2-1}", "{card: T-70, count: 2, at: G2-1}")], "wrong-nation", "T-70")


def test_17_6_card_not_in_service_in_the_scenario_year(tmp_path: Path) -> None:
    hits = expect(tmp_path, [('date: "1943-07-01"', 'date: "1941-07-01"')], "out-of-service", "{card: PzKw IV G, count: 2, at: G2-1}")
    assert all(h["case"] == "17.6" for h in hits)


def test_17_6_year_chosen_but_not_given(tmp_path: Path) -> None:
    expect(tmp_path, [('date: "1943-07-01"', "in_service: {year: chosen}")], "year-not-chosen", "in_service")


def test_17_2_over_budget(tmp_path: Path) -> None:
    hits = expect(tmp_path, [("    role: attacker\n", "    role: attacker\n    build: {points: 50}\n")],
                  "over-budget", "build: {points: 50}")
    assert "50" in str(hits[0]["message"])


def test_17_2_card_without_points_in_a_budget(tmp_path: Path) -> None:
    expect(tmp_path, [("    role: attacker\n", "    role: attacker\n    build: {points: 900}\n"),
                      ("{card: Flank Shot, count: 1}", "{card: Tank Repair Shop, count: 1}")], "unpriced-card", "Tank Repair Shop")


def test_17_1_too_many_cards(tmp_path: Path) -> None:
    expect(tmp_path, [("    role: attacker\n", "    role: attacker\n    build: {max_cards: 3}\n")], "too-many-cards", "max_cards")


def test_17_1_card_type_the_build_excludes(tmp_path: Path) -> None:
    expect(tmp_path, [("    role: attacker\n", "    role: attacker\n    build: {types: [vehicle]}\n")], "card-not-allowed",
           "{card: German Line Squad, count: 2, at: G2-3}")


def test_17_4_attacker_may_not_buy_terrain(tmp_path: Path) -> None:
    expect(tmp_path, [("    role: attacker\n", "    role: attacker\n    build: {terrain: false}\n"),
                      ("{card: Flank Shot, count: 1}", "{card: Woods, count: 1}")], "card-not-allowed", "{card: Woods, count: 1}")


def test_17_7_only_listed_cards_no_deck(tmp_path: Path) -> None:
    expect(tmp_path, [("only_listed: false", "only_listed: true")], "card-not-allowed", "Flank Shot")


def test_14_0_at_most_two_identical_special_events(tmp_path: Path) -> None:
    hits = expect(tmp_path, [("{card: Flank Shot, count: 1}", "{card: Smoke, count: 1}")], "deck-limit", "{card: Smoke, count: 1}")
    assert hits[0]["case"] == "14.0"


def test_14_0_scenario_may_lift_the_limit(tmp_path: Path) -> None:
    path, _ = broken(tmp_path, ("{card: Flank Shot, count: 1}", "{card: Smoke, count: 1}"),
                     ("extras: [terrain, special_events]\n", "extras: [terrain, special_events]\n  max_identical_special_events: null\n"))
    assert run_check(path) == (0, [])


# -- setup -------------------------------------------------------------------------

def test_6_2_count_must_split_per_position(tmp_path: Path) -> None:
    expect(tmp_path, [("{card: Soviet Line Squad, count: 3, at: R2-1}",
                       "{card: Soviet Line Squad, count: 3, at: [R2-1, R2-2], per_position: 1}")],
           "placement-count", "per_position: 1")


def test_6_3_stacking_at_setup(tmp_path: Path) -> None:
    hits = expect(tmp_path, [("{card: T 34 M43, count: 2, at: R3-2}", "{card: T 34 M43, count: 4, at: R3-2}")], "stacking", "T 34 M43")
    assert hits[0]["case"] == "6.3" and "at most 3" in str(hits[0]["message"])


def test_6_3_stacking_over_a_zone_without_reserve(tmp_path: Path) -> None:
    expect(tmp_path, [("{card: T 34 M43, count: 2, at: R3-2}", "{card: T 34 M43, count: 28}")], "stacking", "T 34 M43")


def test_6_2_placement_outside_the_setup_zone(tmp_path: Path) -> None:
    expect(tmp_path, [("{card: PzKw IV G, count: 2, at: G2-1}", "{card: PzKw IV G, count: 2, at: G3-1}")], "outside-zone", "at: G3-1")


def test_6_2_reserve_forbidden_by_the_setup(tmp_path: Path) -> None:
    expect(tmp_path, [("{card: Soviet Line Squad, count: 3, at: R2-1}", "{card: Soviet Line Squad, count: 3, at: reserve}")],
           "outside-zone", "Soviet Line Squad, count: 3, at: reserve")


def test_11_0_no_vehicles_on_stream(tmp_path: Path) -> None:
    hits = expect(tmp_path, [("{card: T 34 M43, count: 2, at: R3-2}", "{card: T 34 M43, count: 2, at: R2-5}")],
                  "prohibited-terrain", "R2-5")
    assert "Stream" in str(hits[0]["message"])


def test_11_0_no_second_terrain_card_on_a_position(tmp_path: Path) -> None:
    expect(tmp_path, [("{card: Foxholes, count: 1, at: R2-1}", "{card: Woods, count: 1, at: R2-2}")],
           "terrain-clash", "Woods, count: 1, at: R2-2")


def test_8_7_equipment_only_on_infantry(tmp_path: Path) -> None:
    expect(tmp_path, [("attached_to: German Line Squad", "attached_to: PzKw IV G")], "attachment", "attached_to: PzKw IV G")


def test_8_6_one_tank_cannot_carry_a_squad(tmp_path: Path) -> None:
    hits = expect(tmp_path, [("loaded_on: Mittlerer SPW", "loaded_on: PzKw IV G")], "transport", "loaded_on: PzKw IV G")
    assert "carriers_per_card: 2" in str(hits[0]["hint"])


# -- reinforcements ------------------------------------------------------------------

def test_reinforcement_arrival_position_does_not_exist(tmp_path: Path) -> None:
    expect(tmp_path, [("to: {ranks: [2]}", "to: [G2-9]")], "reinforcement-position", "to: [G2-9]")


def test_11_0_reinforcements_may_not_arrive_on_swamp(tmp_path: Path) -> None:
    hits = expect(tmp_path, [("to: {ranks: [2]}", "to: [G3-3, G3-2]")], "reinforcement-terrain", "to: [G3-3, G3-2]")
    assert "Swamp" in str(hits[0]["message"])


def test_6_3_reinforcement_group_cannot_come_to_rest(tmp_path: Path) -> None:
    expect(tmp_path, [("          - {card: PzKw IV G, count: 2}\n", "          - {card: PzKw IV G, count: 14}\n")],
           "reinforcement-stacking", "count: 14")


def test_20_0_rule_5_overstacked_arrival_lets_fast_cards_move_on(tmp_path: Path) -> None:
    rule = ("special_rules:\n  - {id: over, rule: reinforcement_arrival, overstacked: true, fast_may_continue: true,"
            " stacking_checked: end_of_turn, case: '20.0 rule 5', text: {en: Over., fr: Au-delà.}}\n")
    path, _ = broken(tmp_path, ("          - {card: PzKw IV G, count: 2}\n", "          - {card: PzKw IV G, count: 14}\n"),
                     ("special_rules:\n", rule))
    assert run_check(path) == (0, [])


def test_20_0_rule_5_overstacking_still_needs_room_to_move_on(tmp_path: Path) -> None:
    rule = ("special_rules:\n  - {id: over, rule: reinforcement_arrival, overstacked: true, fast_may_continue: true,"
            " stacking_checked: end_of_turn, case: '20.0 rule 5', text: {en: Over., fr: Au-delà.}}\n")
    _, text = broken(tmp_path, ("          - {card: PzKw IV G, count: 2}\n", "          - {card: PzKw IV G, count: 40}\n"),
                     ("special_rules:\n", rule))
    exit_code, findings = run_check(tmp_path / "broken.yaml")
    assert exit_code == 1 and {f["code"] for f in findings} == {"reinforcement-stacking"}
    assert findings[0]["line"] == line_of(text, "count: 40")


# -- victory, turns, balance -------------------------------------------------------

def test_16_0_victory_position_does_not_exist(tmp_path: Path) -> None:
    expect(tmp_path, [("positions: {area: crossroads}", "positions: [R9-1]")], "victory-position", "positions: [R9-1]")


def test_16_0_victory_rank_does_not_exist(tmp_path: Path) -> None:
    expect(tmp_path, [("      rank: 2\n", "      rank: 9\n")], "victory-position", "rank: 9")


def test_16_0_victory_asks_for_more_positions_than_the_rank_has(tmp_path: Path) -> None:
    expect(tmp_path, [("      count: 3\n", "      count: 6\n")], "victory-count", "count: 6")


def test_reinforcement_after_the_turn_limit(tmp_path: Path) -> None:
    expect(tmp_path, [("arrives: {turn: 3}", "arrives: {turn: 20}")], "turn-limit", "turn: 20")


def test_16_0_no_turn_limit_must_say_how_the_game_ends(tmp_path: Path) -> None:
    hits = expect(tmp_path, [("turn_limit: 12\n", "turn_limit: null\n")], "game-end", "turn_limit: null")
    assert "no 'ends'" in str(hits[0]["message"]) and hits[0]["case"] == "16.0"


def test_balance_patch_names_a_missing_group(tmp_path: Path) -> None:
    hits = expect(tmp_path, [("german-1/arrives/turn", "german-9/arrives/turn")], "balance-patch", "german-9/arrives")
    assert "german-1" in str(hits[0]["message"])


def test_balance_option_that_breaks_the_scenario_is_named(tmp_path: Path) -> None:
    hits = expect(tmp_path, [("value: 2}", "value: 30}")], "turn-limit", "arrives: {turn: 3}")
    assert "german-plus" in str(hits[0]["message"])


# -- the engine's checks and the code table ---------------------------------------------

def test_engine_hook_reports_victory_unreachable_and_unsupported_cards(tmp_path: Path) -> None:
    path, _ = broken(tmp_path)

    def engine(scenario):  # what the rules engine will plug in
        line, col = scenario.where(("victory", "conditions", 0))
        yield Finding(scenario.file, line, col, "victory-unreachable", "nobody gets there in time", "more turns", "16.0")
        yield Finding(scenario.file, 1, 1, "engine-unsupported", "Mine Dogs has no engine effect", "leave it out", "12.0")

    assert check_file(path).findings == []
    codes = [f.code for f in check_file(path, engine=engine).findings]
    assert codes == ["engine-unsupported", "victory-unreachable"]


def _emitted_codes() -> set[str]:
    """Codes passed to add()/Finding() in the scenario package's source."""
    found = set()
    for source in sorted((ROOT / "tcforge" / "scenarios").glob("*.py")):
        tree = ast.parse(source.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            fname = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            index = {"add": 1, "Finding": 3}.get(fname)
            if index is not None and len(node.args) > index and isinstance(node.args[index], ast.Constant):
                found.add(node.args[index].value)
    return found


def test_every_emitted_code_is_in_the_one_table() -> None:
    emitted = _emitted_codes()
    assert len(emitted) > 25
    assert emitted - set(CODES) == set()


def test_every_code_of_the_table_is_tested_here() -> None:
    source = Path(__file__).read_text(encoding="utf-8")
    assert [code for code in CODES if f'"{code}"' not in source] == []


def test_schema_number_as_a_key_is_reported_not_crashed_on() -> None:
    exit_code, findings = run_check(FIXTURES / "number-key.yaml")
    assert exit_code == 1
    at_key = [f for f in findings if f["line"] == 3]
    assert [f["code"] for f in at_key] == ["schema"] and "'99'" in str(at_key[0]["message"])  # read as the text "99"


def test_14_0_limit_counts_each_side_apart(tmp_path: Path) -> None:
    soviet_smoke = "      - {card: T 34 M43, count: 2, at: R3-2}\n    deck:\n      - {card: Smoke, count: 3}\n"
    hits = expect(tmp_path, [("{card: Flank Shot, count: 1}", "{card: Smoke, count: 1}"),
                             ("      - {card: T 34 M43, count: 2, at: R3-2}\n", soviet_smoke)],
                  "deck-limit", "{card: Smoke, count: 1}")
    assert {h["line"] for h in hits} == {line_of(BASE.replace("{card: Flank Shot, count: 1}", "{card: Smoke, count: 1}")
                                                 .replace("      - {card: T 34 M43, count: 2, at: R3-2}\n", soviet_smoke), m)
                                         for m in ("{card: Smoke, count: 1}", "{card: Smoke, count: 3}")}


def test_a_designers_scenario_with_a_bundled_id_is_an_id_clash(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 20 item 2: a scenario of the --data folder may not take a bundled scenario's id."""
    broken(tmp_path, ("id: base\n", "id: hill-621\n"), name="hill-621.yaml")
    monkeypatch.setenv("TCFORGE_DATA", str(tmp_path))
    result = CliRunner().invoke(app, ["check", "hill-621"])
    first = result.stderr.splitlines()[0]
    assert result.exit_code == 1 and first.endswith("hill-621.yaml:1:1: scenario 'hill-621' has the id of a bundled scenario "
                                                    "[id-clash] (hint: your data is layered over the bundled data, where "
                                                    "'hill-621' is taken: rename the file and its id)")
    assert "id-clash" in CODES


STREAMS_ON = ("    turn.hand_limit: {value: 10, case: \"6.4\", reason: A test override.}\n",
              "    turn.hand_limit: {value: 10, case: \"6.4\", reason: A test override.}\n"
              "    cards.stream_between_zones: {value: true, case: \"001\", reason: A test override.}\n")


def _streams(lines: str) -> tuple[str, str]:
    return ("      G5: [Clear, Hills, Clear, Clear, Stream]\n", "      G5: [Clear, Hills, Clear, Clear, Stream]\n    streams:\n" + lines)


def test_001_streams_lie_between_adjacent_positions(tmp_path: Path) -> None:
    hits = expect(tmp_path, [STREAMS_ON, _streams("      - {between: [G2-1, G4-1]}\n")], "terrain-streams", "between: [G2-1, G4-1]")
    assert "not adjacent" in str(hits[0]["message"])


def test_001_streams_once_per_edge_and_crossed_only_by_ford_or_bridge(tmp_path: Path) -> None:
    expect(tmp_path, [STREAMS_ON, _streams("      - {between: [G2-1, G2-2]}\n      - {between: [G2-2, G2-1]}\n")],
           "terrain-streams", "between: [G2-2, G2-1]")
    expect(tmp_path, [STREAMS_ON, _streams("      - {between: [G2-1, G2-2], crossing: Path}\n")], "terrain-streams", "crossing: Path")


def test_001_streams_need_the_ruleset_parameter(tmp_path: Path) -> None:
    hits = expect(tmp_path, [_streams("      - {between: [G2-1, G2-2]}\n")], "terrain-streams", "streams:")
    assert "cards.stream_between_zones" in str(hits[0]["message"])


def test_001_streams_a_legal_stream_is_checked_shown_and_laid_on_the_game(tmp_path: Path) -> None:
    from tcforge.play.setup import setup, start
    from tcforge.scenarios.loading import load
    from tcforge.scenarios.show import summary
    path, _ = broken(tmp_path, STREAMS_ON, _streams("      - {between: [G2-1, G2-2]}\n      - {between: [G3-3, G4-4], crossing: Ford}\n"))
    exit_code, findings = run_check(path)
    assert exit_code == 0, findings
    scenario = load(str(path))
    text = summary(scenario)
    assert "G2-1–G2-2" in text and "G3-3–G4-4 (crossed by Ford)" in text
    assert any(line.lstrip().startswith("G2 |") and " ~ " in line for line in text.splitlines())
    state = start(scenario, setup(scenario, 1))
    assert len(state.streams) == 2 and sorted(e[2] for e in state.streams)[0] == 0 and state.streams[0][0] != state.streams[0][1]


def test_a_lever_that_cannot_take_its_value_is_the_lever_code() -> None:
    from tcforge.scenarios.findings import ScenarioError
    from tcforge.scenarios.loading import load
    with pytest.raises(ScenarioError) as caught:
        load("hill-621", parameters={"scenario.turn_limit": 0})
    assert [f.code for f in caught.value.findings] == ["lever"]
