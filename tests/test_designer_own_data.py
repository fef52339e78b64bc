"""Validating nothing, a designer's own data (--data), own scenario designs, validate on a scenario."""
from __future__ import annotations

from pathlib import Path

import pytest

from conftest import ROOT
from tcforge.play.checks import engine_findings
from tcforge.scenarios.check import check_file
from tcforge.scenarios.loading import load
from tcforge.validate import validate


def test_validating_nothing_is_an_error_not_a_success(tmp_path: Path) -> None:
    for root in (tmp_path / "missing", tmp_path):
        report = validate(root=root)
        assert not report.ok and report.files == 0
        assert [p.code for p in report.problems] == ["no-files"]


BASE = ROOT / "tests" / "data" / "scenarios" / "base.yaml"


def test_validate_runs_the_scenario_checks_and_never_calls_an_illegal_scenario_valid(tmp_path: Path) -> None:
    """A scenario that passes its schema but names a ruleset that does not exist: 'scenario check' finds it illegal,
    and so does validate, on the same line, with the same code."""
    text = BASE.read_text(encoding="utf-8").replace("  id: six-pack-r3\n", "  id: six-pack-r9\n")
    path = tmp_path / "base.yaml"
    path.write_text(text, encoding="utf-8")
    findings = check_file(path).findings
    assert findings, "the broken scenario must be illegal for the check"
    report = validate([path], scenario_engine=engine_findings)
    assert not report.ok
    assert {(f.line, f.code) for f in findings} <= {(p.line, p.code) for p in report.problems}


def test_validate_on_a_legal_scenario_file_is_valid(tmp_path: Path) -> None:
    path = tmp_path / "base.yaml"
    path.write_text(BASE.read_text(encoding="utf-8"), encoding="utf-8")
    report = validate([path], scenario_engine=engine_findings)
    assert report.ok and report.files == 1, [p.render() for p in report.problems]


OWN_DESIGN = ('design: {author: Ann Smith, date: "2026-11-20", credit: {en: Thanks to the Tuesday club., '
              'fr: Merci au club du mardi.}}')


def own_design(tmp_path: Path, design: str = OWN_DESIGN, name: str = "own-battle") -> Path:
    text = BASE.read_text(encoding="utf-8").replace('source: {document: "000", section: "17.0"}', design)
    text = text.replace("id: base", f"id: {name}", 1)
    path = tmp_path / f"{name}.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_designers_own_scenario_needs_no_source_document(tmp_path: Path) -> None:
    path = own_design(tmp_path)
    report = check_file(path)
    assert report.legal, [f.render() for f in report.findings]
    assert validate([path], scenario_engine=engine_findings).ok
    scenario = load(path)
    assert scenario.source == {} and scenario.design is not None
    assert (scenario.design.author, scenario.design.date) == ("Ann Smith", "2026-11-20")
    assert scenario.origin("en") == "designed by Ann Smith, 2026-11-20"


def test_neither_source_nor_design_is_one_problem_naming_both(tmp_path: Path) -> None:
    path = own_design(tmp_path, design="")
    report = validate([path], scenario_engine=engine_findings)
    assert len(report.problems) == 1
    problem = report.problems[0]
    assert "missing key 'source'" in problem.message and "design:" in problem.hint


def test_the_scenario_sheet_prints_author_date_and_credit(tmp_path: Path, run) -> None:
    from pypdf import PdfReader
    path = own_design(tmp_path)
    for lang, words in (("en", ["Designed by Ann Smith, 2026-11-20", "Credits: Thanks to the Tuesday club."]),
                        ("fr", ["Conçu par Ann Smith, 2026-11-20", "Merci au club du mardi."])):
        result = run("scenario", str(path), "--lang", lang, "--out", f"sheet-{lang}.pdf")
        assert result.exit_code == 0, result.output
        text = " ".join(page.extract_text() for page in PdfReader(tmp_path / f"sheet-{lang}.pdf").pages)
        for word in words:
            assert word in text, (lang, word)


def test_scenario_show_names_the_designer(tmp_path: Path) -> None:
    from tcforge.scenarios.show import summary
    text = summary(load(own_design(tmp_path)), "en")
    assert "designed by Ann Smith, 2026-11-20" in text.splitlines()[1]


# -- item 2: a designer's own data, layered over the bundled data (--data, TCFORGE_DATA) --------------------------------

OWN_CARDS = """family: club-vehicles
design: {author: Ann Smith, date: "2026-11"}
cards:
  - id: %s
    name: %s
    rarity: C
    type: vehicle
    class: tank
    nation: german
    hit: {short: 8, long: 5}
    penetration: {short: 12, long: 9}
    armor: {front: 8, side: 4}
    he: 6
    sa: 3
    years: {first: 1942, last: 1944}
    points: 27
    speed: fast
"""


def own_folder(tmp_path: Path, card_id: str = "901", card_name: str = "Club Panzer", scenario_id: str = "club-raid") -> Path:
    folder = tmp_path / "mine"
    (folder / "scenarios").mkdir(parents=True)
    (folder / "club-cards.yaml").write_text(OWN_CARDS % (card_id, card_name), encoding="utf-8")
    text = own_design(tmp_path, name=scenario_id).read_text(encoding="utf-8")
    (tmp_path / f"{scenario_id}.yaml").unlink()
    (folder / "scenarios" / f"{scenario_id}.yaml").write_text(text.replace("{card: PzKw IV G, count: 2, at: G2-1}",
                                                                         "{card: Club Panzer, count: 2, at: G2-1}"), encoding="utf-8")
    return folder


def test_data_folder_validates_plays_and_prints_over_the_bundled_data(tmp_path: Path, tcforge) -> None:
    own_folder(tmp_path)
    code, _, err = tcforge("--data", "mine", "validate")
    assert code == 0 and err.startswith("2 file(s), 1 card(s): valid"), err
    code, out, _ = tcforge("--data", "mine", "cards", "show", "901")
    assert code == 0 and "Club Panzer" in out
    code, out, err = tcforge("--data", "mine", "scenario", "list")
    assert code == 0 and "club-raid" in out and "hill-621" in out and "designed by Ann Smith" in out
    code, out, err = tcforge("--data", "mine", "scenario", "check", "club-raid")
    assert code == 0, out + err
    code, out, err = tcforge("--data", "mine", "scenario", "play", "club-raid", "--seed", "1", "--quiet")
    assert code == 0, err
    code, out, err = tcforge("--data", "mine", "print", "scenario", "club-raid", "--out", "club.pdf")
    assert code == 0 and (tmp_path / "club.pdf").stat().st_size > 0, err


def test_without_data_the_designers_files_are_unknown_and_the_env_variable_names_them(tmp_path: Path, tcforge,
                                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    own_folder(tmp_path)
    code, _, err = tcforge("scenario", "check", "club-raid")
    assert code == 2 and "no scenario 'club-raid'" in err
    monkeypatch.setenv("TCFORGE_DATA", str(tmp_path / "mine"))
    code, out, err = tcforge("scenario", "check", "club-raid")
    assert code == 0, out + err


def test_an_id_the_bundled_data_uses_is_a_clear_clash(tmp_path: Path, tcforge) -> None:
    own_folder(tmp_path, card_id="44", card_name="Club Panzer", scenario_id="hill-621")
    code, out, err = tcforge("--data", "mine", "validate")
    assert code == 1
    lines = out.splitlines()
    assert any(line.startswith("mine/club-cards.yaml:4:") and "card id 44" in line and "clash with the bundled data" in line
               for line in lines), lines
    assert any(line.startswith("mine/scenarios/hill-621.yaml:1:1: scenario 'hill-621' has the id of a bundled scenario")
               for line in lines), lines
    code, out, err = tcforge("--data", "mine", "scenario", "play", "hill-621", "--seed", "1", "--quiet")
    assert code == 1 and "has the id of a bundled scenario" in out + err


def test_a_data_folder_that_does_not_exist_is_a_usage_error(tmp_path: Path, tcforge) -> None:
    code, _, err = tcforge("--data", "nowhere", "validate")
    assert code == 2 and "no such folder" in err and "nowhere" in err
