"""Issue 50, item 3 and deliver 2: French that is not the game's French.

The glossary (data/glossary.yaml) gives each game notion one French word, beside the word of the game's established
French (the 2006 translation of the rules: sources 004 and 002), where that word is found and why tcforge departs
from it; each term lists what no French product may print for the notion. These tests check the glossary itself,
every French text of the data and of the word table, and every French product as printed, against those lists.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from pypdf import PdfReader

from frenchkit import avoided_in, html_text
from tcforge.data.glossary import Glossary, avoid_pattern, load_glossary
from tcforge.i18n.catalog import load_rulebook
from tcforge.i18n.words import W
from tcforge.paths import data_dir
from tcforge.scenarios.loading import bundled_ids
from tcforge.validate import validate

# The notions issue 50 names, by the start of their English: each must be in the glossary with its established word.
NOTIONS = {
    "squad (": "peloton", "a group moving together": "groupe", "stack": "empilement",
    "reinforcement group": "groupe de renfort", "small arms": "petites armes", "high explosive": "explosif",
    "AT gun": "antichar", "drawing deck": "pile de tirage", "discard pile": "pile de défausse",
    "melee round": "tour de la mêlée", "Stream": "Fleuve", "Meeting Engagement": "Engagement de rencontre",
    "Tank Action!": "les chars en action !", "Build your own force": "construisez votre propre force",
    "Kursk": "Kursk", "flank shot": "tir de flanc", "fast, slow": "rapide, lente", "slows": "ralentit",
    "random number": "nombre au hasard", "Supply points": "points de ravitaillement", "turn": "tour de jeu",
    "hand": "main", "reserve": "réserve", "Instant, Interrupt": "instantanée, interruption",
}


def _term(glossary: Glossary, start: str):
    found = [t for t in glossary.terms if t.en.startswith(start)]
    assert len(found) == 1, (start, [t.en for t in found])
    return found[0]


def test_issue50_each_notion_has_one_french_word_beside_the_established_one() -> None:
    glossary = load_glossary()
    for start, established in NOTIONS.items():
        term = _term(glossary, start)
        assert term.established == established and term.where, term
    assert _term(glossary, "squad (").fr.startswith("peloton") and "groupe d'infanterie" in _term(glossary, "squad (").avoid
    assert "armes légères" in _term(glossary, "small arms").avoid and "round" in _term(glossary, "melee round").avoid
    assert _term(glossary, "spotting").fr.startswith("repérage")  # no French source has spotting: the note says so
    # a departure says why, and a why is only for a departure
    assert [t.en for t in glossary.terms if t.departs and not t.why] == []
    assert [t.en for t in glossary.terms if t.why and not t.departs] == []
    assert {t.en.split(" (")[0] for t in glossary.terms if t.departs} >= {"Stream", "Kursk", "draw", "Play"}


def test_issue50_one_notion_one_word_no_term_avoids_another_terms_word() -> None:
    glossary = load_glossary()
    for word, term in glossary.avoided:
        for other in glossary.terms:
            for form in re.split(r", | \(|\)", other.fr):
                assert not (form and avoid_pattern(word).fullmatch(form)), (word, term.en, other.en)


def test_issue50_the_glossary_schema_takes_the_new_fields_and_stays_strict(tmp_path: Path) -> None:
    source = (data_dir() / "glossary.yaml").read_text(encoding="utf-8")
    assert not validate([data_dir() / "glossary.yaml"]).problems
    for bad in ("    surprise: no\n", "    why: no established word\n"):
        path = tmp_path / "glossary.yaml"
        path.write_text(source.replace("  - en: proxy\n    fr: carte de remplacement\n",
                                       "  - en: proxy\n    fr: carte de remplacement\n" + bad), encoding="utf-8")
        assert validate([path]).problems, bad


def test_issue50_the_check_finds_an_avoided_word_and_spares_french() -> None:
    """The control: a text holding avoided words fails, the same facts in the glossary's words pass."""
    bad = ("Le groupe reçoit +2 en SA et peut tirer en SA 2 ; un groupe d'infanterie aux armes légères ne tire pas au "
           "premier round de mêlée. Retirez-la de la pioche. Nombre aléatoire : un d10. Blindés à Kursk : coup de flanc.")
    found = " ".join(avoided_in(bad))
    for word in ("en SA", "groupe d'infanterie", "armes légères", "round", "la pioche", "Nombre aléatoire", "Kursk",
                 "coup de flanc"):
        assert repr(word) in found, word
    good = ("Le peloton gagne +2 en petites armes et peut tirer aux petites armes ; un peloton d'infanterie ne tire "
            "pas au premier tour de mêlée. Retirez-la de la pile de tirage. Nombre au hasard : un d10. Blindés à "
            "Koursk : tir de flanc, de sa position ; tcforge scenario show kursk --lang fr.")
    assert avoided_in(good) == []
    assert avoided_in("peloton d\u2019infanterie, groupe d\u2019infanterie")  # the printed apostrophe is found too


def _french_strings(node: Any, path: str = "") -> list[tuple[str, str]]:
    """Every French string of a data file: the fr of a language mapping and a card's name_fr."""
    found: list[tuple[str, str]] = []
    if isinstance(node, dict):
        for key, value in node.items():
            if key in ("fr", "name_fr") and isinstance(value, str):
                found.append((f"{path}.{key}", value))
            else:
                found += _french_strings(value, f"{path}.{key}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            found += _french_strings(value, f"{path}[{i}]")
    return found


def french_texts() -> list[tuple[str, str]]:
    """(where, text) for every French text tcforge prints: the rule book's French cases, the French of the card,
    scenario, errata and ruleset files, and the French of the word table."""
    texts = [(f"rule {c.number}", f"{c.title}\n{c.text}") for c in load_rulebook().book("fr").cases()]
    for folder in ("cards", "scenarios", "errata", "rulesets"):
        for path in sorted((data_dir() / folder).glob("*.yaml")):
            texts += [(f"{folder}/{path.name}{where}", text)
                      for where, text in _french_strings(yaml.safe_load(path.read_text(encoding="utf-8")))]
    texts += [(f"word {key}", fr) for key, (_, fr) in W.items() if not key.startswith("cd:")]
    return texts


def test_issue50_no_french_text_of_the_data_or_the_word_table_uses_an_avoided_word() -> None:
    found = [f"{where}: {hit}" for where, text in french_texts() for hit in avoided_in(text)]
    assert found == []


# "groupe" is a group of cards moving together, a reinforcement or starting group, an army group or the partisans'
# card: never a squad (issue 50 item 3; rule 11.1 said "un groupe ennemi ... avec les groupes d'infanterie").
_GROUP_NAMED = re.compile(r"(?i)\bgroupes? (?:de (?:vos |ses )?cartes|de renfort|de départ|d'armées|de partisans)\b")
_GROUP = re.compile(r"(?i)\bgroupes?\b")


def test_issue50_rule_11_1_groupe_never_means_a_squad() -> None:
    loose = []
    for where, text in french_texts():
        text = text.replace("\u2019", "'")
        if _GROUP.search(_GROUP_NAMED.sub("", text)) and not _GROUP_NAMED.search(text) and where != "word col_group":
            loose.append(f"{where}: {text[:120]}")  # "groupe" alone, with no named group for it to refer back to
    assert loose == []
    case = next(c for c in load_rulebook().book("fr").cases() if c.number == "11.1")
    assert "pelotons d'infanterie qu'ils transportent" in case.text and "groupe ennemi" not in case.text


def test_issue50_the_reference_card_says_the_terrain_slows_and_the_random_number_as_the_french_book(run,
                                                                                                    tmp_path: Path) -> None:
    result = run("refcards", "--lang", "fr", "--out", "out.pdf")
    assert result.exit_code == 0, result.stderr
    text = " ".join(page.extract_text() for page in PdfReader(tmp_path / "out.pdf").pages)
    assert re.search(r"Bois(\s+\S+){5}\s+Bloque\s+Ralentit", text) and not re.search(r"\bLent\b", text)
    assert "Nombre au hasard" in text and "canons antichars" in text and not avoided_in(text)


def _pdf_text(tcforge, tmp_path: Path, *args: str) -> str:
    code, _, err = tcforge("print", *args, "--lang", "fr", "--out", "out.pdf")
    assert code == 0, err
    return " ".join(page.extract_text() for page in PdfReader(tmp_path / "out.pdf").pages)


@pytest.mark.slow
@pytest.mark.parametrize("what", [("rulebook",), ("inserts",), ("refcards",), ("proxies",),
                                  *[("scenario", s) for s in bundled_ids()],
                                  *[("deck", "--scenario", s) for s in ("hill-621", "kursk", "eliminate-that-bridgehead",
                                                                         "the-end-is-near")]])
def test_issue50_no_french_product_prints_an_avoided_word(tcforge, tmp_path: Path, what: tuple[str, ...]) -> None:
    """Every French product, printed: the rule booklet, the inserts, the reference cards, a proxy of every card, every
    scenario sheet and the decks of the scenarios that list their cards."""
    text = _pdf_text(tcforge, tmp_path, *what)
    assert avoided_in(text) == [], avoided_in(text)[:10]
    # the draw pile as a heading ("Pioche") is the noun the glossary replaced; the verb is lower case, "Piochez" in
    # an instruction
    assert not re.findall(r"\bPioche\b", text)


def test_issue50_the_booklet_speaks_of_pelotons_and_names_the_scenarios_as_the_french_book() -> None:
    from tcforge.render.booklet.document import BookletOptions, render_html
    text = html_text(render_html(BookletOptions("fr", None))[0]).replace("\u2019", "'")
    assert avoided_in(text) == []
    for title in ("Les chars en action", "Construisez votre propre force", "Engagement de rencontre", "Blindés à Koursk"):
        assert title in text, title
    assert "Peloton de ligne allemand" in text and "tour de mêlée" in text and "pile de tirage" in text
