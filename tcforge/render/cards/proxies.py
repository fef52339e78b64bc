"""Proxies: any card, printed in the same layout as the inserts, effective values and changes marked."""
from __future__ import annotations

from pathlib import Path

from tcforge.data.cards import Card, CardSet
from tcforge.data.rulesets import Ruleset
from tcforge.i18n.words import t
from tcforge.render.cards.backs import label_back
from tcforge.render.cards.cardface import CardSpec, card_face
from tcforge.render.page.build import render_pdf
from tcforge.render.page.geometry import card_sheet
from tcforge.render.page.sheets import Book, Face, Piece, PrintOptions, Report

GAME = "Tank Commander: The Eastern Front Edition"


def proxy_face(card: Card, lang: str) -> Face:
    footer = "TC:TEFE"
    printed = card.effective.get("printed_number")
    if printed is not None:
        footer += f" · {t('printed_number', lang)} {printed}"
    spec = CardSpec(card, footer, t("proxy", lang), list(card.changes))
    return card_face(spec, lang)


def proxy_back(lang: str) -> Face:
    """The one back of every proxy: a proxy deck is shuffled like the cards it stands for."""
    return label_back("proxy back", GAME, t("proxy", lang))


def proxy_pieces(chosen: list[Card], lang: str) -> list[Piece]:
    """The proxies of ``chosen`` as card images see them: one a card, all with the proxy back."""
    back = proxy_back(lang)
    return [Piece(str(card.id), proxy_face(card, lang), back.name, back) for card in chosen]


def build_proxies(path: Path, options: PrintOptions, chosen: list[Card], cards: CardSet, ruleset: Ruleset) -> Report:
    lang = options.lang
    layout = card_sheet(options.paper, options.card, options.bleed_mm, options.butted)
    faces = [proxy_face(card, lang) for card in chosen]
    back = proxy_back(lang)

    def compose(book: Book) -> None:
        book.sheets(layout, faces, back)
        book.back_page(layout, back, -(-len(faces) // len(layout.grid)))   # a proxy deck is shuffled: one back

    title = t("pdf_proxies", lang, n=len(chosen))
    return render_pdf(path, options, cards, ruleset, title, compose)
