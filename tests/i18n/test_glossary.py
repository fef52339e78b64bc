"""Issue 16 item 6: one glossary of the names French outputs translate and keep, used by every French product."""
from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from frenchkit import english_in, html_text
from tcforge.data.dataset import load_cards
from tcforge.data.glossary import load_glossary
from tcforge.i18n.catalog import load_rulebook
from tcforge.i18n.substance import CardName, check
from tcforge.validate import validate


def test_the_glossary_keeps_designations_and_translates_trucks() -> None:
    glossary = load_glossary()
    assert glossary.keeps_card("vehicle", "tank") and glossary.keeps_card("at_gun", "at_gun")
    assert not glossary.keeps_card("vehicle", "truck") and not glossary.keeps_card("infantry", "line")
    cards = load_cards()
    assert cards.by_id[51].display_name("fr") == "Camion allemand" and cards.by_id[24].display_name("fr") == "Camion soviétique"
    assert all(c.display_name("fr") == c.name for c in cards if glossary.keeps_card(c.type, c.card_class))
    assert all("name_fr" in c.printed for c in cards if not glossary.keeps_card(c.type, c.card_class))


def test_validate_places_a_card_that_breaks_the_glossary(tmp_path: Path) -> None:
    path = tmp_path / "trucks.yaml"
    card = ("    rarity: C\n    type: vehicle\n    class: {cls}\n    nation: german\n"
            "    hit: {{short: 5, long: 3}}\n    penetration: {{short: 5, long: 3}}\n    armor: {{front: 2, side: 1}}\n"
            "    he: 2\n    sa: 2\n    years: {{first: 1941, last: 1945}}\n    points: 5\n    speed: fast\n")
    path.write_text('family: test\nsource: {document: "000", section: "19.1"}\ncards:\n'
                    "  - id: 901\n    name: Truck Test\n" + card.format(cls="truck") +
                    "  - id: 902\n    name: Test Tank\n    name_fr: Char d'essai\n" + card.format(cls="tank"),
                    encoding="utf-8")
    found = {(p.line, p.code) for p in validate([path]).problems}
    assert (5, "glossary-translated") in found and (20, "glossary-kept") in found


@pytest.mark.slow
def test_i18n_check_reports_a_translated_card_named_in_english() -> None:
    book = load_rulebook()
    cards = [CardName("German Line Squad", {"fr": "Peloton de ligne allemand"}, ("Line Squad",))]
    fr_case = next(c for c in book.book("fr").cases() if c.number == "20.4")
    assert "Peloton de ligne allemand" in fr_case.text and not check(book, "fr", cards)
    assert not [d for d in check(book, "fr") if d.kind == "english-name"]
    en_case = book.source.case_map()["20.4"]
    from dataclasses import replace

    from tcforge.i18n.substance import Checker
    checker = Checker(set(book.source.case_map()), cards)
    bad = replace(fr_case, text=fr_case.text.replace("Peloton de ligne allemand", "German Line Squad"))
    differences = checker.compare(en_case, bad)
    assert [(d.kind, d.value, d.instead) for d in differences] == [
        ("english-name", "German Line Squad", "Peloton de ligne allemand")]
    assert "is named in English; the glossary's name is Peloton de ligne allemand" in differences[0].render()


def test_the_detector_finds_english_and_spares_kept_names() -> None:
    assert english_in("Forces : 2 × Truck German, 3 × PzKw VI b") and english_in("Carte Flank Shot, puis 1")
    assert english_in("voir les aide-mémoire") and english_in("page 1 of 2")
    assert not english_in("Forces : 2 × Camion allemand, 3 × PzKw IV H, Panzerschreck, HE, SA ; Tank Commander")
    assert not english_in("Les variantes six-pack-1997 et players-guide-1997 ; Advanced Squad Leader")


def test_french_booklet_has_no_english_outside_the_glossary() -> None:
    from tcforge.render.booklet.document import BookletOptions, render_html
    text = html_text(render_html(BookletOptions("fr", None))[0])
    assert not english_in(text), english_in(text)
    assert "Camion allemand" in text and "Peloton de ligne allemand" in text  # issue 50: a squad is a peloton


def _french_pdf(run, tmp_path: Path, *args: str) -> str:
    result = run(*args, "--lang", "fr", "--out", "out.pdf")
    assert result.exit_code == 0, result.stderr
    return " ".join(page.extract_text() for page in PdfReader(tmp_path / "out.pdf").pages)


@pytest.mark.parametrize("what", [("inserts",), ("refcards",), ("deck", "--scenario", "eliminate-that-bridgehead")])
@pytest.mark.slow
def test_french_inserts_reference_cards_and_decks_have_no_english(run, tmp_path: Path,
                                                                        what: tuple[str, ...]) -> None:
    text = _french_pdf(run, tmp_path, *what)
    assert not english_in(text), english_in(text)


@pytest.mark.slow
def test_french_proxies_of_every_card_have_no_english(run, tmp_path: Path) -> None:
    ids = [str(c.id) for c in load_cards()]
    text = _french_pdf(run, tmp_path, "cards", *ids)
    assert not english_in(text), english_in(text)
    assert "Camion soviétique" in text and "Tir de flanc" in text


def test_the_word_tables_fallback_card_names_agree_with_the_cards() -> None:
    from tcforge.data.card_ids import FLANK_SHOT
    from tcforge.i18n.words import t
    card = load_cards().by_id[FLANK_SHOT]
    assert [t("flank_shot", lang) for lang in ("en", "fr")] == [card.display_name("en"), card.display_name("fr")]
