"""tcforge i18n status: which French cases are current, stale or missing (GUIDE section 7).

The fixture in tests/data/i18n/rules is a rule book whose English changed after
its translation: one case current, one stale, one missing, one editorial
change (current), one editorial change over an older translation (stale), and
a chapter with no French file.
"""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from conftest import ROOT
from tcforge.cli.i18n import app
from tcforge.i18n.catalog import CURRENT, MISSING, STALE, Case, case_state, load_rulebook
from tcforge.i18n.ruletext import text_hash

FIXTURE = ROOT / "tests" / "data" / "i18n" / "rules"


@pytest.fixture()
def rules(tmp_path: Path) -> Path:
    target = tmp_path / "rules"
    shutil.copytree(FIXTURE, target)
    return target


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, list(args), catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


def test_status_is_exact_on_a_fixture_whose_english_changed(rules: Path) -> None:
    states = {s.number: s.state for s in load_rulebook(rules).status("fr")}
    assert states == {"1.1": CURRENT, "1.2": STALE, "1.3": MISSING, "1.4": CURRENT, "1.5": STALE, "2.1": MISSING}


def test_an_editorial_change_keeps_the_translation_current_only_from_its_previous_hash() -> None:
    en = Case("1.4", "T", "new wording", "en", "x.yaml", editorial="wording", previous_hash=text_hash("T", "old wording"))
    assert case_state(en, Case("1.4", "T", "fr", "fr", "x.yaml", translated_from=text_hash("T", "old wording"))) == CURRENT
    assert case_state(en, Case("1.4", "T", "fr", "fr", "x.yaml", translated_from=text_hash("T", "older"))) == STALE
    plain = Case("1.4", "T", "new wording", "en", "x.yaml")
    assert case_state(plain, Case("1.4", "T", "fr", "fr", "x.yaml", translated_from=text_hash("T", "old wording"))) == STALE


def test_a_translation_without_translated_from_is_stale() -> None:
    en = Case("1.1", "T", "text", "en", "x.yaml")
    assert case_state(en, Case("1.1", "T", "texte", "fr", "x.yaml")) == STALE


def test_status_table_lists_missing_and_stale_cases_one_line_each(rules: Path) -> None:
    code, out, _ = run("status", "--rules", str(rules))
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "fr: 6 English case(s): 2 current, 2 stale, 2 missing"
    assert [line.split()[:2] for line in lines[1:5]] == [["missing", "1.3"], ["missing", "2.1"], ["stale", "1.2"],
                                                         ["stale", "1.5"]]
    assert "editorial change only" in out
    assert lines[-1].strip() == "current: 1.1, 1.4"


def test_status_check_exits_1_when_a_case_is_missing_or_stale(rules: Path) -> None:
    code, _, _ = run("status", "--rules", str(rules), "--check")
    assert code == 1


def test_status_check_passes_on_the_bundled_rule_book() -> None:
    code, out, _ = run("status", "--check")
    assert code == 0, out
    assert " 0 stale, 0 missing" in out.splitlines()[0]


def test_status_json_gives_every_case_with_its_hashes(rules: Path) -> None:
    code, out, _ = run("status", "--rules", str(rules), "--format", "json")
    assert code == 0
    data = json.loads(out)
    assert data["counts"] == {"current": 2, "stale": 2, "missing": 2, "orphan": 0}
    by_case = {c["case"]: c for c in data["cases"]}
    assert by_case["1.2"]["translated_from"] == "88f675644ba5"
    assert by_case["1.2"]["en_hash"] == text_hash("Stale case", "A roll of 4 or less hits; add +2 in Woods.")
    assert by_case["1.4"]["editorial"] == "wording: lies became is"


def test_status_on_a_folder_without_rule_text_is_one_line(tmp_path: Path) -> None:
    code, _, err = run("status", "--rules", str(tmp_path))
    assert code == 1
    assert err.strip().splitlines()[-1].startswith("tcforge: ")
