"""Printing a command deck (003's sample deck) as cards with its back, and the 003 reference card."""
from __future__ import annotations

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
    assert len(pages) == 5 + 1  # 37 cards on five 3 x 3 sheets, the reference faces on a sixth
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
