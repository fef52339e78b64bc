"""Issue 16 item 7: no English left in the French print-shop outputs (sheets, inserts, reference cards, proxies)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from frenchkit import english_in
from tcforge.i18n.words import case_ref
from tcforge.scenarios.loading import bundled_ids

# English words the French outputs used to print; none of them is a card name the French keeps.
ENGLISH = re.compile(r"\b(Made with|page \d+ of|rule \d|victory conditions|reinforcements|insert|Inserts|sleeve|"
                     r"proxies|reference cards|scenario deck)\b")


def french_text(reader: PdfReader) -> str:
    return re.sub(r"[ \n]+", " ", "\n".join(page.extract_text() for page in reader.pages))


def build(run, tmp_path: Path, *args: str) -> PdfReader:
    result = run(*args, "--lang", "fr", "--out", "out.pdf")
    assert result.exit_code == 0, result.stderr
    return PdfReader(tmp_path / "out.pdf")


@pytest.mark.parametrize("scenario", bundled_ids())
def test_french_scenario_sheets_have_no_english(run, tmp_path: Path, scenario: str) -> None:
    reader = build(run, tmp_path, "scenario", scenario)
    text = french_text(reader)
    assert not ENGLISH.findall(text), ENGLISH.findall(text)
    assert not english_in(text), english_in(text)  # issue 16 item 6: nothing English outside the glossary's kept names
    assert "Réalisé avec tcforge" in text
    assert "scénario" in str(reader.metadata.title)


@pytest.mark.parametrize("what", [("inserts",), ("refcards",), ("cards", "2", "40", "Smoke")])
def test_french_cards_and_inserts_have_no_english_and_a_french_title(run, tmp_path: Path,
                                                                           what: tuple[str, ...]) -> None:
    reader = build(run, tmp_path, *what)
    text = french_text(reader)
    assert not ENGLISH.findall(text), ENGLISH.findall(text)
    title = str(reader.metadata.title)
    assert re.match(r"TC:TEFE\s: ", title) and not ENGLISH.findall(title), title


def test_the_inserts_are_encarts_as_in_the_booklet(run, tmp_path: Path) -> None:
    text = french_text(build(run, tmp_path, "inserts"))
    assert "Encarts de pochette" in text and "encart" in text


def test_rule_references_of_the_scenarios_in_french() -> None:
    assert case_ref("20.0 rule 1", "fr") == "20.0 règle 1"
    assert case_ref("20.0 victory conditions", "fr") == "20.0 conditions de victoire"
    assert case_ref("20.0, Soviet reinforcements 1", "fr") == "20.0, renforts soviétiques 1"
    assert case_ref("20.0 rule 1", "en") == "20.0 rule 1"


def test_french_sheets_read_as_sentences(run, tmp_path: Path) -> None:
    text = french_text(build(run, tmp_path, "scenario", "hill-621"))
    assert "gagnant :" not in text and "Joue en premier :" not in text and "Se déploie en premier :" not in text
    assert "L'Allemand joue et se déploie en premier." in text or "L’Allemand joue et se déploie en premier." in text
    assert "près de Minsk" in text and "Près de Minsk" not in text


def test_french_rolls_the_die_rather_than_drawing_a_number() -> None:
    root = Path(__file__).resolve().parents[2] / "data"
    french = [p for p in (root / "rules" / "fr").glob("*.yaml")] + [root / "cards" / "special-events.yaml"]
    for path in french:
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"(?i)\btir(e|ez|er) un nombre|tirage de nombre", text), path.name


def test_french_speed_abbreviations_are_not_rarity_letters() -> None:
    from tcforge.i18n.words import bw
    rarities = {"C", "U", "R", "UR"}
    assert bw("speed_fast", "fr") not in rarities and bw("speed_slow", "fr") not in rarities


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_one_minus_one_apostrophe_and_the_languages_percent(lang: str) -> None:
    from tcforge.i18n.words import typo
    text = typo("Infantry's -2 (-1 at 12 points), 1-5 on G4-2: 10 %", lang)
    assert "−2" in text and "(−1" in text and "1-5" in text and "G4-2" in text
    assert "'" not in text and "’" in text
    assert ("10%" in text) if lang == "en" else ("10\u202f%" in text)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_booklet_prints_true_minus_signs_and_one_apostrophe(lang: str) -> None:
    import html as htmllib

    from tcforge.render.booklet.document import BookletOptions, render_html
    page = render_html(BookletOptions(lang, None))[0]
    body = re.sub(r"<style.*?</style>", "", page[page.find("<body"):], flags=re.S)
    text = htmllib.unescape(re.sub(r"<[^>]+>", " ", body))
    assert not re.findall(r"(?<![\w\-–/])-\d", text)
    assert not re.findall(r"\w'\w", text)
    assert not re.findall(r"\d %", text) if lang == "en" else not re.findall(r"\d%", text)


def test_french_sheets_roll_for_initiative_and_name_roles_in_lower_case(run, tmp_path: Path) -> None:
    text = french_text(build(run, tmp_path, "scenario", "prepared-defense")).replace("’", "'")
    assert "celui qui obtient le résultat le plus haut joue en premier" in text and "le jet le plus" not in text
    assert "par le défenseur" in text and "Le défenseur se déploie en premier." in text
    assert "L'attaquant gagne" in text and "L'Attaquant" not in text
    assert "Achète pour 330 points de cartes, sans terrain." in text


def test_french_rules_never_draw_or_fire_a_die() -> None:
    root = Path(__file__).resolve().parents[2] / "data"
    for path in [*(root / "rules" / "fr").glob("*.yaml"), *(root / "cards").glob("*.yaml")]:
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"(?i)\btir(e|ent|er)( aussitôt)? (un|le) dé|tirer pour (toucher|détruire)|se tire\b", text), path


@pytest.mark.parametrize("what", [("refcards",), ("inserts",), ("cards", "18", "118", "33")])
def test_card_names_print_the_typographic_apostrophe(run, tmp_path: Path, what: tuple[str, ...]) -> None:
    text = french_text(build(run, tmp_path, *what))
    assert not re.findall(r"\w'\w", text), re.findall(r".{0,20}\w'\w.{0,10}", text)
    assert "d’homme" in text or "d’élite" in text


def test_after_a_colon_french_goes_on_in_lower_case(run, tmp_path: Path) -> None:
    text = french_text(build(run, tmp_path, "refcards"))
    assert re.search(r"Bunkers\s*:\s*infanterie seulement", text) and re.search(r"Marais\s*:\s*interdit aux", text)
