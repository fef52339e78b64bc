"""The rules of source 003 as a booklet (data/rules-003): English, French through the same catalogue,
untranslated and out-of-date cases marked, tables computed from the data."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from pypdf import PdfReader

from conftest import ROOT
from tcforge.decks.load import load_decks
from tcforge.i18n.catalog import load_rulebook
from tcforge.render.booklet.rules003 import render_html

RULES = ROOT / "data" / "rules-003"


@pytest.fixture(scope="module")
def deck_rules():
    rules, decks = load_decks()
    return decks["russian-front-summer-1942"], rules["fluid-time-003"]


def test_every_003_case_is_translated_and_current():
    book = load_rulebook(RULES)
    rows = book.status("fr")
    assert len(rows) == 22 and {r.state for r in rows} == {"current"}


def test_english_booklet_html_has_cases_and_computed_tables(deck_rules):
    deck, rules = deck_rules
    html, _counts = render_html("en", "a4", rules, deck)
    assert 'id="c-2-3"' in html and "Turn Over" in html
    assert 'data-table="turn-length"' in html and 'data-table="morale"' in html and 'data-table="deck"' in html
    assert "7/12 (58 %)" in html  # 6.2: 2d6 of 7 or more, no modifier
    assert "German Air Support 1d6; 1-2 = HS-123 3-4= ME-109 5-6= JU-87" in html  # the deck as printed
    assert "{param:" not in html and "{table:" not in html


def _copy_rules(tmp_path: Path) -> Path:
    root = tmp_path / "rules-003"
    shutil.copytree(RULES, root)
    return root


def test_french_stale_case_is_marked_with_the_english_now(deck_rules, tmp_path: Path):
    deck, rules = deck_rules
    root = _copy_rules(tmp_path)
    chapter = root / "en" / "06-morale.yaml"
    chapter.write_text(chapter.read_text(encoding="utf-8").replace("Each reason is a separate test.",
                                                                   "Each reason is its own test."), encoding="utf-8")
    html, counts = render_html("fr", "a4", rules, deck, load_rulebook(root))
    assert counts["stale"] == 1
    start = html.index('id="c-6-1"')
    section = html[start:html.index("</section>", start)]
    assert "stale-marker" in section and "Traduction à mettre à jour" in section
    assert "Each reason is its own test." in section  # the current English follows the old French


def test_french_missing_case_is_printed_in_english_under_a_marker(deck_rules, tmp_path: Path):
    deck, rules = deck_rules
    root = _copy_rules(tmp_path)
    (root / "fr" / "04-overwatch.yaml").unlink()
    html, counts = render_html("fr", "a4", rules, deck, load_rulebook(root))
    assert counts["missing"] == 2
    start = html.index('id="c-4-1"')
    section = html[start:html.index("</section>", start)]
    assert "missing-marker" in section and "Pas encore traduit" in section and 'lang="en"' in section


@pytest.mark.slow
def test_cli_rulebook_french_pdf(cli, tmp_path: Path):
    out = tmp_path / "rules-fr.pdf"
    code, stdout, stderr = cli("deck", "rulebook", "--lang", "fr", "--out", str(out))
    assert code == 0, stderr
    assert "22 case(s) current" in stdout
    text = "\n".join(p.extract_text() for p in PdfReader(str(out)).pages)
    assert "Fin de tour" in text and "Le moral" in text


def test_po_export_of_003_rules(cli):
    code, out, _ = cli("i18n", "export", "--rules", "data/rules-003", "--lang", "fr")
    assert code == 0
    assert 'msgctxt "2.3|title"' in out and 'msgstr "Fin de tour"' in out


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_intensity_table_names_each_nation_in_the_booklets_language(deck_rules, lang: str):
    deck, rules = deck_rules
    html, _counts = render_html(lang, "a4", rules, deck)
    assert "⟦" not in html  # an untranslated word prints marked; none is left
    assert ("Soviétique" in html and "Allemand" in html) if lang == "fr" else ("Soviet" in html and "German" in html)
