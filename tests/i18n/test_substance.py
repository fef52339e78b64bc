"""The substance check: a translation keeps the English case's numbers, modifiers, placeholders, case
references and card names; every difference is one line."""
from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from tcforge.cli.i18n import app
from tcforge.i18n.catalog import Book, Case, Chapter, RuleBook, load_rulebook
from tcforge.i18n.substance import CardName, check

CARDS = [CardName("PzKw IV J", {"fr": "PzKw IV J"}), CardName("Woods", {"fr": "Bois"}),
         CardName("German Line Squad", {"fr": "Groupe de ligne allemand"}, ("Line Squad",)),
         CardName("T-34 M43", {"fr": "T-34 M43"})]


def _book(pairs: list[tuple[str, str, str]]) -> RuleBook:
    """A rule book of one chapter: (case, English text, French text)."""
    book = RuleBook(root=None)  # type: ignore[arg-type]
    en = Chapter("09-fire.yaml", "9.0", "Fire", "en")
    fr = Chapter("09-fire.yaml", "9.0", "Le tir", "fr")
    en.cases = [Case("9.0", "Fire", "Intro.", "en", "09-fire.yaml", 3)]
    fr.cases = [Case("9.0", "Le tir", "Intro.", "fr", "09-fire.yaml", 3)]
    for i, (number, english, french) in enumerate(pairs, start=1):
        en.cases.append(Case(number, "T", english, "en", "09-fire.yaml", 10 * i))
        fr.cases.append(Case(number, "T", french, "fr", "09-fire.yaml", 10 * i))
    book.books = {"en": Book("en", [en]), "fr": Book("fr", [fr])}
    return book


def test_the_bundled_translation_has_the_substance_of_the_english() -> None:
    assert [d.render() for d in check(load_rulebook(), "fr")] == []


def test_a_faithful_translation_has_no_difference() -> None:
    book = _book([("9.1", "A PzKw IV J in Woods adds +2; see 9.0 and {param:fire.max_range}. Roll 1st.",
                   "Un PzKw IV J dans un Bois ajoute +2 ; voir la règle 9.0 et {param:fire.max_range}. Jet 1er.")])
    assert check(book, "fr", CARDS) == []


def test_each_difference_is_one_line_naming_the_case_and_the_file() -> None:
    book = _book([
        ("9.1", "Roll 5 or less.", "Jet de 6 ou moins."),
        ("9.2", "Hills add +2 to the roll.", "Les Collines ajoutent −1 au jet."),
        ("9.3", "Draw {param:turn.hand_limit} cards.", "Piochez {param:turn.initial_hand} cartes."),
        ("9.4", "As 9.0 says.", "Comme le dit la règle 9.1."),
        ("9.5", "A German Line Squad fires.", "Un groupe tire."),
        ("9.6", "A tank fires.", "Un T-34 M43 tire."),
    ])
    lines = [d.render() for d in check(book, "fr", CARDS)]
    assert lines == [
        "fr 9.1 (09-fire.yaml:10): number 5 only in English",
        "fr 9.1 (09-fire.yaml:10): number 6 only in French",
        "fr 9.2 (09-fire.yaml:20): modifier +2 only in English",
        "fr 9.2 (09-fire.yaml:20): modifier -1 only in French",
        "fr 9.3 (09-fire.yaml:30): placeholder {param:turn.hand_limit} only in English",
        "fr 9.3 (09-fire.yaml:30): placeholder {param:turn.initial_hand} only in French",
        "fr 9.4 (09-fire.yaml:40): reference 9.0 only in English",
        "fr 9.4 (09-fire.yaml:40): reference 9.1 only in French",
        "fr 9.5 (09-fire.yaml:50): card German Line Squad only in English",
        "fr 9.6 (09-fire.yaml:60): card T-34 M43 only in French",
    ]


def test_a_card_named_by_its_french_name_counts_and_a_kept_card_by_an_alias() -> None:
    cards = [*CARDS, CardName("PzKw IV H", {"fr": "PzKw IV H"}, ("Mark IV",))]
    book = _book([("9.1", "A German Line Squad in Woods.", "Un Groupe de ligne allemand dans un Bois."),
                  ("9.2", "A PzKw IV H.", "Un Mark IV.")])
    assert check(book, "fr", cards) == []


def test_a_translated_card_named_by_an_english_alias_or_name_is_a_difference() -> None:
    book = _book([("9.1", "A German Line Squad.", "Un Line Squad."),
                  ("9.2", "A German Line Squad.", "Un German Line Squad.")])
    assert [d.render() for d in check(book, "fr", CARDS)] == [
        "fr 9.1 (09-fire.yaml:10): card German Line Squad only in English",
        "fr 9.2 (09-fire.yaml:20): card German Line Squad is named in English; "
        "the glossary's name is Groupe de ligne allemand"]


def test_a_calibre_and_a_sub_case_letter_are_read_right() -> None:
    book = _book([("9.1", "The 8.8 cm gun, see 9.0 b.", "Le canon de 8.8 cm, voir 9.0 b.")])
    assert check(book, "fr", CARDS) == []


@pytest.mark.slow
def test_check_command_exits_0_on_the_bundled_rule_book() -> None:
    result = CliRunner().invoke(app, ["check", "--lang", "fr"])
    assert result.exit_code == 0, result.stdout
    assert result.stdout.strip().endswith("0 difference(s)")


def test_issue37_item14_a_card_still_called_by_its_former_name_names_that_rule_text(tmp_path: Path) -> None:
    """"card Tank Buster only in English" left a translator to guess; the check says which case, file and line
    still call the card by the name the glossary replaced, and the name to use instead."""
    for lang, text in (("en", "A Tank Buster attacks\n      one vehicle."),
                       ("fr", "Une attaque aérienne.\n      Le Chasseur de chars attaque un véhicule.")):
        (tmp_path / lang).mkdir()
        (tmp_path / lang / "14-specials.yaml").write_text(
            f'chapter: "14.0"\ntitle: "T"\nlang: {lang}\ncases:\n  - case: "14.1"\n    title: "T"\n'
            + ('    translated_from: "x"\n' if lang == "fr" else "") + f"    text: |-\n      {text}\n", encoding="utf-8")
    book = RuleBook(root=tmp_path)
    book.books = {lang: Book(lang, [Chapter("14-specials.yaml", "14.0", "T", lang,
                                            [Case("14.1", "T", text, lang, "14-specials.yaml", 5)])])
                  for lang, text in (("en", "A Tank Buster attacks one vehicle."),
                                     ("fr", "Une attaque aérienne. Le Chasseur de chars attaque un véhicule."))}
    cards = [CardName("Tank Buster", {"fr": "Tueur de chars"}, former={"fr": ("Chasseur de chars",)})]
    assert [d.render() for d in check(book, "fr", cards)] == [
        "fr 14.1 (14-specials.yaml:10): card Tank Buster is still called 'Chasseur de chars' there, its former name; "
        "the glossary's name is Tueur de chars"]
    # without a recorded former name, the message stays the short one
    assert [d.render() for d in check(book, "fr", [CardName("Tank Buster", {"fr": "Tueur de chars"})])] == [
        "fr 14.1 (14-specials.yaml:5): card Tank Buster only in English"]


def test_issue37_item14_the_glossary_records_the_tank_busters_former_french_name() -> None:
    from tcforge.i18n.substance import card_names_from_data

    buster = next(c for c in card_names_from_data() if c.english == "Tank Buster")
    assert buster.translated["fr"] == "Tueur de chars" and "Chasseur de chars" in buster.former["fr"]
