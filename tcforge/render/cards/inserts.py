"""Sleeve inserts: the Six-Pack's new and changed cards, errata'd cards, terrain strips, and a checklist.

Players of the Six-Pack slide a printed insert into a sleeve in front of an
unused card (source 000, 21.0). What gets an insert:

* the cards the Six-Pack adds (Smoke, Heavy Machine Gun), on the card their
  data names (``sleeve_on``: the Anti-Tank Mine);
* the cards it changes (Tactical Advantage, Panic, Coordination), on the card itself;
* every card the official errata correct, on the card itself, changed values marked;
* a terrain strip for every terrain card the ruleset's terrain table rates.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from tcforge.data.card_ids import HEAVY_MACHINE_GUN, SMOKE, is_six_pack
from tcforge.data.cards import Card, CardSet
from tcforge.data.rulesets import Ruleset
from tcforge.i18n.words import capital, curly, t, typo
from tcforge.render.cards.backs import label_back
from tcforge.render.cards.cardface import CardSpec, card_face
from tcforge.render.cards.strips import strip_face
from tcforge.render.page import fonts, style
from tcforge.render.page.build import RenderError, render_pdf
from tcforge.render.page.geometry import MM, PAPER_NAMES, Rect, SheetLayout, card_sheet, shared_sheet, strip_sheet
from tcforge.render.page.sheets import Book, Ctx, Face, Piece, PrintOptions, Report
from tcforge.render.page.tables import Table, draw_table
from tcforge.render.page.text import draw_fit

# Cards the Six-Pack rewrites (source 000, 9.6.1 and 21.0). Coordination keeps
# its kind, so no patch marks it as changed; the list names all three.
CHANGED_CARDS = (122, 123, 120)
VARIANT_SET = "six-pack-21"

# How many of each to print. Hill 621 (source 000, 20.0), the largest force
# list of the sources, gives each side up to 4 Smoke and 3 Heavy Machine Guns.
# A deck holds at most two copies of a special event (14.0): two players, four.
# Errata'd cards: one for each player. Terrain: each player picks at most two
# cards of a type for random terrain (6.1.1): four strips a type.
COUNTS = {SMOKE: 8, HEAVY_MACHINE_GUN: 6}
CHANGED_COUNT = 4
ERRATA_COUNT = 2
STRIP_COUNT = 4


@dataclass
class Insert:
    card: Card
    face: Face
    count: int
    target: str            # what it is sleeved with
    why: str               # words key: why it exists
    strip: bool = False


def _ref(card: Card, lang: str) -> str:
    return f"#{card.id} {curly(card.display_name(lang))}"


def _card_insert(card: Card, lang: str, target: Card, why: str, count: int, marks: list,
                 extra: dict[str, str] | None = None) -> Insert:
    footer = f"→ {t('sleeve_on', lang)} {_ref(target, lang)}"
    spec = CardSpec(card, footer, t("insert", lang), marks, extra,
                    style.SIXPACK if is_six_pack(card.id) else None)
    face = card_face(spec, lang)
    face.back = label_back(face.name + " back", curly(card.display_name(lang)), f"{t('insert', lang)} · {footer}")
    return Insert(card, face, count, _ref(target, lang), why)


def _additions(cards: CardSet, lang: str) -> list[Insert]:
    out = []
    for card in cards:
        if is_six_pack(card.id):
            target = cards.get(card.printed.get("sleeve_on", 2))
            out.append(_card_insert(card, lang, target, "why_new", COUNTS.get(str(card.id), 4), list(card.changes)))
    return out


def _changed(cards: CardSet, ruleset: Ruleset, lang: str) -> list[Insert]:
    if VARIANT_SET not in ruleset.errata:
        return []
    out = []
    variant_ids = [c.id for c in cards if any(ch.variant for ch in c.changes)]
    for cid in dict.fromkeys([*CHANGED_CARDS, *variant_ids]):
        found = cards.by_id.get(cid)
        if found is not None:
            marks = [ch for ch in found.changes if ch.variant]
            out.append(_card_insert(found, lang, found, "why_changed", CHANGED_COUNT, marks,
                                    {VARIANT_SET: t("new_text", lang)}))
    return out


def _corrected(cards: CardSet, lang: str) -> list[Insert]:
    chosen = [c for c in cards if any(not ch.variant for ch in c.changes) and not is_six_pack(c.id)]
    chosen.sort(key=lambda c: (isinstance(c.id, str), str(c.id).zfill(6)))
    return [_card_insert(c, lang, c, "why_errata", ERRATA_COUNT, [ch for ch in c.changes if not ch.variant])
            for c in chosen]


def _strips(cards: CardSet, ruleset: Ruleset, lang: str) -> list[Insert]:
    table_id = ruleset["fire.terrain_table"]
    return [Insert(card, strip_face(card, lang), STRIP_COUNT, f"{t('strip_for', lang)} {_ref(card, lang)}", "why_strip",
                   strip=True)
            for card in cards if isinstance((card.effective.get("terrain_effects") or {}).get(table_id), dict)]


def plan(cards: CardSet, ruleset: Ruleset, lang: str, only: list[Card] | None = None,
         copies: int | None = None) -> list[Insert]:
    """Every insert the ruleset calls for, in checklist order; ``only`` keeps those for the given cards."""
    out = _additions(cards, lang) + _changed(cards, ruleset, lang) + _corrected(cards, lang) + _strips(cards, ruleset, lang)
    if only is not None:
        have = {i.card.id for i in out}
        missing = [c for c in only if c.id not in have]
        if missing:
            names = ", ".join(_ref(c, "en") for c in missing)
            raise RenderError(f"no insert for {names}: only Six-Pack, changed, errata'd and terrain cards have one "
                              f"(print a proxy with 'tcforge print cards')")
        wanted = {c.id for c in only}
        out = [i for i in out if i.card.id in wanted]
    if copies is not None:
        for insert in out:
            insert.count = copies
    return out


def insert_pieces(inserts: list[Insert]) -> list[Piece]:
    """The card inserts of a plan as card images see them, each as many times as the checklist counts it, with its
    back (naming the card it is sleeved with). Terrain strips are not cards: they are left out."""
    out = []
    for n, insert in enumerate(inserts):
        back = insert.face.back
        if not insert.strip and back is not None:   # every card insert has its back (_card_insert)
            out += [Piece(f"insert-{n}", insert.face, back.name, back)] * insert.count
    return out


def sheet_plan(cards_n: int, strips_n: int, card_layout: SheetLayout, strip_layout: SheetLayout
               ) -> list[tuple[SheetLayout, int]]:
    """The sheets, in order, and how many pieces each holds: card inserts nine a sheet; the terrain strips fill
    the rows the last card sheet leaves free (issue 37 item 10), then sheets of their own."""
    per_card, per_strip = len(card_layout.grid), len(strip_layout.grid)
    out: list[tuple[SheetLayout, int]] = [(card_layout, per_card)] * (cards_n // per_card)
    rest = cards_n % per_card
    shared = shared_sheet(card_layout, rest, strip_layout, strips_n)
    if shared is not None:
        out.append((shared, len(shared.slots)))
        strips_n -= len(shared.slots) - rest
    elif rest:
        out.append((card_layout, rest))
    out += [(strip_layout, min(per_strip, strips_n - i)) for i in range(0, strips_n, per_strip)]
    return out


def _pages(counts: list[int], sheets: list[tuple[SheetLayout, int]], first: int, duplex: bool) -> list[str]:
    """The pages each insert lands on, given how many of each in order and the sheets' plan."""
    step = 2 if duplex else 1
    page_of = [first + i * step for i, (_, n) in enumerate(sheets) for _ in range(n)]
    out, index = [], 0
    for n in counts:
        if n == 0:
            out.append("–")
            continue
        a, b = page_of[index], page_of[index + n - 1]
        out.append(str(a) if a == b else f"{a}–{b}")
        index += n
    return out


def build_inserts(path: Path, options: PrintOptions, cards: CardSet, ruleset: Ruleset,
                  only: list[Card] | None = None, copies: int | None = None) -> Report:
    lang = options.lang
    inserts = plan(cards, ruleset, lang, only, copies)
    card_layout = card_sheet(options.paper, options.card, options.bleed_mm, options.butted)
    strips_layout = strip_sheet(options.paper, options.card, options.bleed_mm, options.butted)
    card_ins = [i for i in inserts if not i.strip]
    strip_ins = [i for i in inserts if i.strip]
    step = 2 if options.duplex else 1
    ordered = card_ins + strip_ins
    sheets = sheet_plan(sum(i.count for i in card_ins), sum(i.count for i in strip_ins), card_layout, strips_layout)
    pages = _pages([i.count for i in ordered], sheets, 1 + step, options.duplex)
    faces = [i.face for i in ordered for _ in range(i.count)]

    def compose(book: Book) -> None:
        book.full_page(lambda c, page: draw_checklist(c, page, book.ctx, ordered, pages, options), blank_back=True)
        start = 0
        for layout, n in sheets:
            book.sheets(layout, faces[start:start + n])
            start += n

    title = t("pdf_inserts", lang, ruleset=ruleset.id)
    return render_pdf(path, options, cards, ruleset, title, compose)


def checklist_intro(c: Canvas, ctx: Ctx, x: float, y: float, w: float, info: str, how: str, lang: str, *,
                    info_gap: float, how_height: float) -> float:
    """The top of a checklist page under its title: a muted info line, "print at actual size" with a ruler to
    check it, and how to use what follows; returns where the page goes on."""
    fit = ctx.line("checklist info", typo(info, lang), fonts.SANS, w, 9)
    c.setFillColor(style.MUTED)
    draw_fit(c, fit, fonts.SANS, x, y, w)
    y -= fit.leading + info_gap
    fit = ctx.block("checklist print note", t("actual_size", lang), fonts.SANS_BOLD, w, 40, 9.5)
    c.setFillColor(style.INK)
    draw_fit(c, fit, fonts.SANS_BOLD, x, y, w)
    y -= fit.height + 6
    ruler(c, x, y - 6, lang)
    y -= 20
    fit = ctx.block("checklist how-to", how, fonts.SANS, w, how_height, 9)
    c.setFillColor(style.INK)
    draw_fit(c, fit, fonts.SANS, x, y, w)
    return y - fit.height - 10


def ruler(c: Canvas, x: float, y: float, lang: str) -> None:
    """A 100 mm bar with centimetre ticks: users check that nothing scaled the page."""
    c.setStrokeColor(style.INK)
    c.setLineWidth(0.6)
    c.line(x, y, x + 100 * MM, y)
    for i in range(11):
        tick = 3 * MM if i % 5 == 0 else 1.8 * MM
        c.line(x + i * 10 * MM, y, x + i * 10 * MM, y + tick)
    c.setFillColor(style.INK)
    c.setFont(fonts.COND, 7)
    c.drawString(x + 101.5 * MM, y, "100 mm")


def draw_checklist(c: Canvas, page: Rect, ctx: Ctx, inserts: list[Insert], pages: list[str],
                   options: PrintOptions) -> None:
    lang = options.lang
    ctx.face = "checklist"
    margin = 18 * MM
    x, w = margin, page.w - 2 * margin
    y = page.top - margin
    c.setFillColor(style.REFERENCE)
    c.setFont(fonts.SANS_BOLD, 17)
    c.drawString(x, y - 17, t("checklist_title", lang))
    y -= 26
    info = (f"{t('ruleset', lang)}: {ctx.ruleset.title_in(lang)} · {PAPER_NAMES[options.paper]} · "
            f"{options.card.label()} · {lang.upper()}")
    y = checklist_intro(c, ctx, x, y, w, info, t("how_sleeve", lang), lang, info_gap=10, how_height=60)
    rows = [[curly(i.card.display_name(lang)) + (f" ({t('strip', lang)})" if i.strip else ""), str(i.count), i.target, t(i.why, lang), p]
            for i, p in zip(inserts, pages, strict=True)]
    rows.append([t("total", lang), str(sum(i.count for i in inserts)), "", "", ""])
    header = [t("col_insert", lang), t("col_qty", lang), t("col_with", lang), capital(t("why", lang)), t("col_page", lang)]
    draw_table(c, ctx, "checklist table", Table(header, rows, "lrllr"), x, y, w, y - margin - 14, 9.5)
    c.setFillColor(style.MUTED)
    c.setFont(fonts.SANS, 7)
    c.drawString(x, margin - 8, f"{t('made_with', lang)} · {ctx.ruleset.id} · 000 §21.0, §22 (14)")
