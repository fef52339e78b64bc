"""Printing a command deck (003's sample deck) as cards with its back, and the 003 reference card."""
from __future__ import annotations

import re
from pathlib import Path

from pypdf import PdfReader

from tcforge.decks.load import load_decks
from tcforge.i18n.words import W, dw
from tcforge.render.cards.command_deck import _support_lines


def _texts(path: Path) -> list[str]:
    return [page.extract_text() for page in PdfReader(str(path)).pages]


def test_print_deck_single_sided(cli, tmp_path: Path):
    out = tmp_path / "deck.pdf"
    code, stdout, stderr = cli("deck", "print", "russian-front-summer-1942", "--out", str(out), "--strict")
    assert code == 0, stderr
    assert "39 piece(s)" in stdout  # 37 printed cards and the two reference faces
    pages = _texts(out)
    # 37 cards on five 3 x 3 sheets, their shared back on a sixth (issue 50 item 7), the reference faces on a seventh
    assert len(pages) == 5 + 1 + 1
    assert pages[5].count("Command Deck") == 9 and "Turn Over" not in pages[5]
    assert "page 6 is the back of the cards on page(s) 1–5" in stderr
    whole = "\n".join(pages)
    assert whole.count("Turn Over") >= 3 and "Panzers A" in whole and "Tankovy #2" in whole
    assert "card 37 of 37" in whole
    assert "Tank fire (5.0)" in pages[-1] and "Morale and support" in pages[-1]
    reader = PdfReader(str(out))
    assert reader.pages[0].trimbox is not None and reader.pages[0].bleedbox is not None


def test_print_deck_duplex_gives_every_card_the_same_back(cli, tmp_path: Path):
    out = tmp_path / "deck.pdf"
    code, _, stderr = cli("deck", "print", "russian-front-summer-1942", "--out", str(out), "--duplex", "--strict")
    assert code == 0, stderr
    pages = _texts(out)
    assert len(pages) == 12
    backs = pages[1:10:2]
    for back in backs:
        assert "Panzers" not in back and "Turn Over" not in back  # a drawn card is unknown until turned
        assert "Command Deck" in back
    assert "Morale and support" in pages[-2] and "Tank fire" in pages[-1]  # the reference faces back each other


def test_print_deck_french(cli, tmp_path: Path):
    out = tmp_path / "deck-fr.pdf"
    code, _, stderr = cli("deck", "print", "russian-front-summer-1942", "--lang", "fr", "--paper", "letter",
                          "--card-size", "poker", "--out", str(out), "--strict")
    assert code == 0, stderr
    whole = "\n".join(_texts(out))
    assert "Fin de tour" in whole and "Appui aérien" in whole and "Tir des chars" in whole
    assert "⟦" not in whole and "Turn Over" not in whole


def test_deck_words_all_translated_and_missing_ones_marked():
    deck_words = {k: v for k, v in W.items() if k.startswith("cd:")}
    assert len(deck_words) > 50 and all(en and fr for en, fr in deck_words.values())
    assert dw("no such word", "fr") == "⟦no such word⟧"  # never silently English or blank
    assert dw("turn_over", "fr") == "Fin de tour"


def test_print_deck_unknown_deck_one_line(cli, tmp_path: Path):
    code, _, stderr = cli("deck", "print", "nope", "--out", str(tmp_path / "x.pdf"))
    assert code == 2 and stderr.strip().count("\n") == 0 and stderr.startswith("tcforge: no deck 'nope'")
    assert not (tmp_path / "x.pdf").exists()


def test_a_support_card_names_the_table_it_sends_you_to_as_players_know_it_not_by_its_data_id():
    """The Soviet Support card's 1-3 sends the roll to the Soviet air table: "Air support", never "soviet-air"."""
    _, decks = load_decks()
    deck = decks["russian-front-summer-1942"]
    card = next(c for c in deck.cards if c.support == "soviet-support")
    for lang, title in (("en", "Air support"), ("fr", "Appui aérien")):
        text = "\n".join(_support_lines(deck, card, lang))
        assert "soviet-air" not in text and dw("see_table", lang, table=title) in text


# Issue 37 item 1: the French command deck in French, with French typography, and a reference card a player can read.

def _french_deck(cli, tmp_path: Path) -> Path:
    out = tmp_path / "deck-fr.pdf"
    code, _, stderr = cli("deck", "print", "russian-front-summer-1942", "--lang", "fr", "--out", str(out), "--strict")
    assert code == 0, stderr
    return out


def test_issue37_item1_french_deck_has_no_english_left(cli, tmp_path: Path):
    from frenchkit import english_in

    out = _french_deck(cli, tmp_path)
    whole = " ".join(_texts(out))
    for english in ("air support", "artillery support", "no support", "fighter", "attack bomber", "Specials", "Size"):
        assert english not in whole, english
    assert "Unités spéciales allemandes" in re.sub(r"\s+", " ", whole) and "Taille" in whole
    assert [w for w in english_in(whole) if not w.startswith("'observer'")] == []  # observer: French too
    title = PdfReader(str(out)).metadata.title
    assert title == "Paquet de commandement\u00a0: Front russe, été 1942 (37 cartes)"


def test_issue37_item1_french_deck_spaces_before_colons_and_semicolons(cli, tmp_path: Path):
    """Every French product puts a no-break space before ":" and a narrow one before ";" "!" "?" (words.typo)."""
    whole = "\n".join(_texts(_french_deck(cli, tmp_path)))
    assert re.findall(r".{12}[^\s\u00a0\u202f][:;!?](?=\s)", whole) == []
    assert re.search(r"Lancez 1d6[\u00a0 ]:", whole) and "neutralisé\u202f;" in whole  # pypdf reads a no-break space as " "


def test_issue37_item1_reference_card_type_is_readable_with_a_margin(cli, tmp_path: Path):
    """Every text of the reference card at 6.5 pt or more, the last line clear of the bottom of the panel."""
    from tcforge.render.cards.command_deck import REF_FLOOR
    from tcforge.render.page.geometry import MM, STANDARD, card_sheet
    from tcforge.render.page.style import BORDER_MM

    page = PdfReader(str(_french_deck(cli, tmp_path))).pages[-1]
    sizes = [float(s) for s in re.findall(rb"/F[\w+]+ ([\d.]+) Tf", page.get_contents().get_data())]
    assert sizes and min(sizes) >= REF_FLOOR >= 6.5
    baselines: list[tuple[float, float]] = []
    page.extract_text(visitor_text=lambda text, cm, tm, font, size: baselines.append((tm[5], size)) if text.strip() else None)
    slots = card_sheet("a4", STANDARD).slots[:2]
    panel_bottom = min(s.y for s in slots) + BORDER_MM * MM
    lowest = min(y - 0.25 * size for y, size in baselines)  # the descenders reach about a quarter of the size down
    assert lowest >= panel_bottom + 1.5 * MM
