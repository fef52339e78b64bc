"""Issue 37 item 2: French that reads French, the glossary's words used everywhere.

The Play phase is the "phase d'actions" ("le jeu" is the game), a ruleset a "version des règles", a side favoured with
its article, a vehicle carried aboard with one, ordinals in superscript, and the cover in the project's own French."""
from __future__ import annotations

from pathlib import Path

from pypdf import PdfReader

from frenchkit import english_in, html_text
from tcforge.data.glossary import load_glossary
from tcforge.i18n.words import bw, t, typo


def test_issue37_item2_glossary_names_the_play_phase_and_the_ruleset():
    terms = {term.en: term for term in load_glossary().terms}
    assert terms["Play (the phase)"].fr == "phase d'actions" and "Terminer le jeu" in terms["Play (the phase)"].avoid
    assert terms["ruleset"].fr == "version des règles" and "jeu de règles" in terms["ruleset"].avoid


def test_issue37_item2_french_ordinals_print_in_superscript():
    assert typo("Colline 621 (1er juillet 1944)", "fr") == "Colline 621 (1\u1d49\u02b3 juillet 1944)"
    assert typo("la 5e armée, la 1re rangée", "fr") == "la 5\u1d49 armée, la 1\u02b3\u1d49 rangée"
    assert typo("1st rank, 5e", "en") == "1st rank, 5e"  # English untouched
    for untouched in ("#6b675e", "1d6e", "pz-3e"):
        assert typo(untouched, "fr") == untouched


def test_issue37_item2_labels_read_french():
    assert bw("ruleset", "fr") == "Version" and t("why_strip", "fr") == "valeurs de terrain de cette version des règles"
    assert "Rédigé avec les mots" not in bw("colophon", "fr") and "tcforge" in bw("colophon", "fr")
    assert t("sc_loaded", "fr", c="Mittlerer SPW") == "à bord d’un Mittlerer SPW"
    assert t("step_play", "fr") == "Phase d’actions"


def test_issue37_item2_french_booklet_says_phase_d_actions_and_version_des_regles():
    from tcforge.render.booklet.document import BookletOptions, render_html

    text = html_text(render_html(BookletOptions("fr", None))[0])
    assert "Terminer la phase d’actions" in text and "jeu de règles" not in text and "Terminer le jeu" not in text
    assert "1\u1d49\u02b3 juillet 1944" in text and "Règles : Règles" not in text
    assert not english_in(text)


def test_issue37_item2_hill_621_sheet_names_sides_and_vehicles_with_their_article(run, tmp_path: Path):
    result = run("scenario", "hill-621", "--lang", "fr", "--out", "out.pdf")
    assert result.exit_code == 0, result.stderr
    text = " ".join(" ".join(page.extract_text().split()) for page in PdfReader(tmp_path / "out.pdf").pages)
    assert "Option 1 (favorise l’Allemand)" in text and "(favorise Allemand)" not in text
    assert "à bord d’un Mittlerer SPW" in text and "à bord de Mittlerer SPW" not in text
    assert "1\u1d49\u02b3 juillet 1944" in text


def test_issue37_item2_no_french_word_calls_a_card_by_its_former_name() -> None:
    """The hidden-units rules still named the Tank Buster 'Chasseur de chars', its name before the glossary made it
    the Tueur de chars (the class keeps 'chasseur de chars', in lower case)."""
    import re

    from tcforge.i18n.words import W

    renamed = load_glossary().renamed
    assert renamed["Tank Buster"] == ("Chasseur de chars",)
    for key, (_, fr) in W.items():
        for names in renamed.values():
            for old in names:
                assert not re.search(rf"\b{re.escape(old)}\b", fr), (key, fr)
    assert "Tueur de chars" in W["hide_named"][1]


def test_issue37_item2_word_table_lines_read_as_french() -> None:
    assert t("cal_back_note", "fr") == "Vu du verso\u00a0: positif vers la droite et vers le haut."
    assert t("to_kill_how", "fr").startswith("Après un coup au but antichar\u00a0: pénétration moins blindage")  # issue 50
    assert t("ft_any", "fr") == "comme les petites armes" and "celui qui fait le plus haut" in t("show_init_roll", "fr", w="haut")


def test_issue37_item2_card_and_rule_texts_call_the_play_phase_the_phase_d_actions() -> None:
    """Bunkers, Foxholes, Stream, Swamp, a special event and 11.0 said 'votre jeu', 'le jeu adverse' for the Play
    phase; the glossary now avoids those, and no French card or rule text has them."""
    import re

    from tcforge.paths import data_dir

    avoided = [word for word, term in load_glossary().avoided if term.en == "Play (the phase)"]
    assert "pendant le jeu adverse" in avoided and "début de votre jeu" in avoided
    root = data_dir()
    texts = [p.read_text(encoding="utf-8") for p in [*(root / "cards").glob("*.yaml"), *(root / "rules" / "fr").glob("*.yaml")]]
    french = "\n".join(texts)  # the card files hold English too: the avoided phrases are French
    for word in avoided:
        assert not re.search(rf"(?i)\b{re.escape(word)}\b", french), word
