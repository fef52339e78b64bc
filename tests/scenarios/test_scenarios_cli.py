"""`tcforge scenario list/show/check/codes` through the Typer app, and the format's documents."""
from __future__ import annotations

import json
import re

import pytest
from typer.testing import CliRunner

from conftest import ROOT
from tcforge.cli.scenario import app
from tcforge.scenarios.check import CODES, check_file, codes_markdown

FIXTURES = ROOT / "tests" / "data" / "scenarios"


@pytest.fixture()
def run(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.chdir(ROOT)
    runner = CliRunner()

    def invoke(*args: str) -> tuple[int, str, str]:
        result = runner.invoke(app, list(args), catch_exceptions=False)
        return result.exit_code, result.stdout, result.stderr

    return invoke


def test_list_shows_the_ten_scenarios(run) -> None:
    code, out, _ = run("list")
    assert code == 0 and out.startswith("10 scenario(s)") and "hill-621" in out and "16 turns" in out


def test_list_json(run) -> None:
    code, out, _ = run("list", "--format", "json", "--lang", "fr")
    rows = {r["id"]: r for r in json.loads(out)}
    assert code == 0 and len(rows) == 10 and rows["hill-621"]["title"] == "La colline 621"
    assert rows["kursk"]["sides"] == [{"id": "german", "nation": "german", "role": "meeting"},
                                      {"id": "soviet", "nation": "soviet", "role": "meeting"}]
    assert all(r["legal"] for r in rows.values())


def test_show_draws_the_hill_621_grid_with_both_labels(run) -> None:
    code, out, _ = run("show", "hill-621")
    assert code == 0
    rows = [line for line in out.splitlines() if re.match(r"\s+G[2-7] \|", line)]
    assert len(rows) == 6
    assert rows[0].split("|")[1].strip() == "Woods" and rows[0].rstrip().endswith("R7")
    assert [c.strip() for c in rows[1].split("|")[1:7]] == ["Village", "Hills", "Hills", "Hills", "Path", "Hills"]
    for needle in ("German reserve", "Soviet reserve", "turn 11, on G2-2, G2-3, G2-4, G2-6", "hold G3-2, G3-3, G3-4 at the end of turn 16",
                   "otherwise German wins", "[c7-canister] attached_ammunition", "[german-plus] favors German",
                   "The project's interpretations"):
        assert needle in out, needle


def test_show_in_french(run) -> None:
    code, out, _ = run("show", "hill-621", "--lang", "fr")
    assert code == 0 and "La colline 621" in out and "Collines" in out and "Bois" in out
    assert "Champ de bataille\u00a0:" in out and "Renforts" in out and "Victoire" in out


def test_show_json_shape(run) -> None:
    code, out, _ = run("show", "hill-621", "--format", "json")
    data = json.loads(out)
    assert code == 0
    assert {"id", "title", "ruleset", "parameters", "battlefield", "sides", "initiative", "deck", "turn_limit", "victory",
            "special_rules", "balance", "notes", "interpretations"} <= set(data)
    bf = data["battlefield"]
    assert bf["rank_labels"] == {"german": ["G2", "G3", "G4", "G5", "G6", "G7"], "soviet": ["R7", "R6", "R5", "R4", "R3", "R2"]}
    assert bf["terrain"]["map"][1]["terrain"][1] == [{"id": 16, "name": "Hills"}]
    assert bf["areas"]["hill-621"]["positions"] == ["G3-2", "G3-3", "G3-4"]
    german = data["sides"][0]
    assert german["id"] == "german" and german["north"] and german["setup"]["zone"] == ["G4-2", "G4-3", "G4-5"]
    g2 = german["reinforcements"][1]
    assert g2["id"] == "german-2" and g2["arrives"] == {"turn": 11, "card_played": None}
    assert g2["to"] == ["G2-2", "G2-3", "G2-4", "G2-6"]
    [victory] = data["victory"]["conditions"]
    assert victory["type"] == "hold_positions" and victory["targets"] == {"soviet": ["G3-2", "G3-3", "G3-4"]}
    ap = next(r for r in data["special_rules"] if r["rule"] == "limited_ap")
    assert ap["card_ids"] == [107] and ap["then_penetration"] == [3, 2]
    assert "melee.tank_melee_modifiers" not in data["ruleset"]["overrides"]  # 10.0's values (000 section 23)


def test_show_with_a_balance_option(run) -> None:
    code, out, _ = run("show", "hill-621", "--option", "german-minus", "--format", "json")
    data = json.loads(out)
    assert code == 0 and data["applied_balance"] == "german-minus"
    assert data["sides"][0]["reinforcements"][1]["arrives"]["turn"] == 12


def test_show_unknown_scenario_is_a_usage_error(run) -> None:
    code, _, err = run("show", "hill-622")
    assert code == 2 and "hill-621" in err and "Traceback" not in err


def test_show_broken_file_lists_problems_and_exits_1(run) -> None:
    code, out, err = run("show", str(FIXTURES / "unknown-key.yaml"))
    assert code == 1 and out == "" and "unknown-key.yaml:9:3:" in err


def test_check_all_bundled_is_legal(run) -> None:
    code, out, err = run("check")
    assert code == 0 and out == "" and "10 scenario file(s): legal" in err


def test_check_text_is_one_line_per_problem(run) -> None:
    code, out, err = run("check", "hill-621", str(FIXTURES / "duplicate-key.yaml"), str(FIXTURES / "unknown-key.yaml"))
    lines = out.splitlines()
    assert code == 1 and len(lines) == 2
    assert re.match(r"^tests/data/scenarios/duplicate-key\.yaml:4:1: .+ \[yaml\] \(hint: .+\)$", lines[0])
    assert re.match(r"^tests/data/scenarios/unknown-key\.yaml:9:3: .+ \[schema\] \(hint: .+\)$", lines[1])
    assert "3 scenario file(s): 2 problem(s) in 2 file(s)" in err


def test_check_json_shape(run) -> None:
    code, out, _ = run("check", "kursk", str(FIXTURES / "unknown-key.yaml"), "--format", "json")
    data = json.loads(out)
    assert code == 1 and data["legal"] is False and len(data["reports"]) == 2
    kursk, broken = data["reports"]
    assert kursk == {"file": "data/scenarios/kursk.yaml", "scenario": "kursk", "legal": True, "balance_options": [], "findings": []}
    assert broken["legal"] is False and broken["scenario"] is None
    [finding] = broken["findings"]
    assert set(finding) == {"file", "line", "col", "code", "message", "hint", "case"}
    assert (finding["line"], finding["col"], finding["code"]) == (9, 3, "schema")


def test_check_unknown_argument_is_a_usage_error(run) -> None:
    code, _, err = run("check", "no-such-scenario")
    assert code == 2 and "no scenario 'no-such-scenario'" in err


def test_codes_lists_every_code(run) -> None:
    code, out, _ = run("codes")
    assert code == 0 and [line.split()[0] for line in out.splitlines()] == list(CODES)
    code, out, _ = run("codes", "--format", "json")
    assert json.loads(out) == CODES


def test_readme_documents_the_code_table() -> None:
    readme = (ROOT / "data" / "scenarios" / "README.md").read_text(encoding="utf-8")
    assert codes_markdown() in readme


def test_template_skeleton_is_a_legal_scenario() -> None:
    report = check_file(ROOT / "templates" / "scenario-skeleton.yaml")
    assert report.scenario == "skeleton-dyo-attack" and [f.render() for f in report.findings] == []
    assert report.balance_options == ["german-plus"]


def test_template_skeleton_mentions_every_top_level_field() -> None:
    schema = json.loads((ROOT / "schemas" / "scenario.schema.json").read_text())
    text = (ROOT / "templates" / "scenario-skeleton.yaml").read_text(encoding="utf-8")
    assert [key for key in schema["properties"] if not re.search(rf"^#? ?{key}:", text, re.M)] == []
