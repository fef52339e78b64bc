"""Scenario decks: a proxy of every card a scenario hands each side, marked with its side and group.

What gets printed for each side, in this order: its starting forces (on the
table, carried or in the reserve), its free cards, its listed drawing deck,
then each reinforcement group. Copies are counted: fourteen Soviet Line Squads
are fourteen proxies. Each proxy's foot says which scenario, side and group
it belongs to ("Hill 621 · German: reinf. 1, turn 6"), so a cut pile sorts
itself. Each side begins on a new sheet, and a checklist page per side lists
what is where.

Scenarios whose players build their own forces (17.1-17.3, 17.5, 17.6) give
no fixed card to print: :class:`NothingToPrint`. Prepared Defense (17.4) gives
the defender five terrain cards for free: those are printed.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from tcforge.data.cards import Card
from tcforge.i18n.words import curly, t
from tcforge.render.cards.backs import label_back
from tcforge.render.cards.cardface import CardSpec, card_face
from tcforge.render.cards.inserts import checklist_intro
from tcforge.render.page import fonts, style
from tcforge.render.page.build import RenderError, render_pdf
from tcforge.render.page.geometry import MM, PAPER_NAMES, Rect, card_sheet, chunks
from tcforge.render.page.sheets import Book, Ctx, Face, Piece, PrintOptions, Report
from tcforge.render.page.tables import Table, draw_table
from tcforge.render.page.text import draw_fit
from tcforge.render.scenario.text import Group, side_groups, side_name
from tcforge.scenarios.format import Side
from tcforge.scenarios.scenario import Scenario

ROWS_PER_PAGE = 34      # checklist rows a page holds at a readable size (wrapped placements take two lines)


class NothingToPrint(RenderError):
    """The scenario (or the chosen side) has no fixed card: the players build their forces."""


@dataclass(frozen=True)
class DeckProxy:
    """One proxy to print: the card, its side and group, and the words on its foot."""

    card: Card
    side: str             # side id
    group: str            # start, free, deck or a reinforcement group id
    footer: str


def choose_sides(scenario: Scenario, name: str | None) -> list[Side]:
    """Both sides (``None``), or the one ``name`` names: its id, its nation or its role, any case."""
    if name is None:
        return list(scenario.sides)
    key = name.strip().lower()
    for attr in ("id", "nation", "role"):
        found = [side for side in scenario.sides if str(getattr(side, attr)).lower() == key]
        if len(found) == 1:
            return found
    names = sorted({side.id for side in scenario.sides} | {side.nation for side in scenario.sides if side.nation != "chosen"}
                   | {side.role for side in scenario.sides if side.role != "meeting"})
    raise RenderError(f"scenario '{scenario.id}' has no side '{name}'; use one of: {', '.join(names)}")


def deck_groups(scenario: Scenario, sides: list[Side], lang: str = "en") -> list[Group]:
    """The groups with cards to print for ``sides``, in print order."""
    return [g for side in sides for g in side_groups(scenario, side, lang) if g.count]


def footer(scenario: Scenario, group: Group, lang: str) -> str:
    return t("footer_group", lang, title=scenario.title.get(lang), side=side_name(scenario, group.side.id, lang),
             group=group.short)


def deck_proxies(scenario: Scenario, side: str | None = None, lang: str = "en") -> list[DeckProxy]:
    """Every proxy the deck prints, one per copy, in print order (the list the PDF draws)."""
    sides = choose_sides(scenario, side)
    out = []
    for group in deck_groups(scenario, sides, lang):
        foot = footer(scenario, group, lang)
        for line in group.lines:
            out += [DeckProxy(line.card, group.side.id, group.key, foot)] * line.count
    if not out:
        raise NothingToPrint(nothing_message(scenario, sides))
    return out


def nothing_message(scenario: Scenario, sides: list[Side]) -> str:
    """One line for users: why there is nothing to print (English, like every message of the command line)."""
    def budget(side: Side) -> str:
        b = side.build
        if b is None:
            return "no budget"
        return ", ".join(x for x in (f"{b.points} points" if b.points else "",
                                     f"at most {b.max_cards} cards" if b.max_cards else "") if x) or "a free choice"

    if len(sides) == 1:
        who = f" to side '{sides[0].id}'"
        why = f"that side builds its own force ({budget(sides[0])})"
    else:
        who = ""
        why = "each player builds his own force (" + "; ".join(f"{s.id}: {budget(s)}" for s in sides) + ")"
    return (f"scenario '{scenario.id}' gives no fixed cards{who}: {why}; nothing to print "
            f"(the scenario sheet gives the budgets: tcforge print scenario {scenario.id})")


def scenario_card_face(card: Card, footer: str, lang: str) -> Face:
    """A card of a scenario's deck as the proxies print it: ``footer`` names the scenario, side and group.

    The printed deck and the Tabletop Simulator export both draw through here.
    """
    printed = card.effective.get("printed_number")
    if printed is not None:
        footer += f" · {t('printed_number', lang)} {printed}"
    return card_face(CardSpec(card, footer, t("proxy", lang), list(card.changes)), lang)


def side_back(scenario: Scenario, side: str, lang: str) -> Face:
    """The back every card of a side shares: the side and the scenario, never the card (a drawing deck is shuffled
    face down, 14.0), so a card is not known by its back."""
    return label_back(f"{side} back", side_name(scenario, side, lang), t("deck_title", lang, s=scenario.title.get(lang)))


def _proxy_face(proxy: DeckProxy, lang: str, scenario: Scenario, hidden_in: Scenario | None = None) -> Face:
    """A proxy with its back: the same for every card of a side (:func:`side_back`); in a scenario played with 001's
    hidden units (``hidden_in``) that back says the card is face down, naming the side only (1.0)."""
    face = scenario_card_face(proxy.card, proxy.footer, lang)
    if hidden_in is None:
        face.back = side_back(scenario, proxy.side, lang)
    else:
        face.back = label_back(f"{proxy.side} hidden back", t("hidden_back", lang),
                               t("hidden_back_side", lang, title=hidden_in.title.get(lang),
                                 side=side_name(hidden_in, proxy.side, lang)))
    return face


def deck_pieces(scenario: Scenario, side: str | None = None, lang: str = "en") -> list[Piece]:
    """Every proxy of the deck as card images see them, one a copy, in print order, with its side's one back; copies
    with the same card and foot share one image."""
    hidden_in = scenario if scenario.params.get("hidden.units") else None
    out = []
    for proxy in deck_proxies(scenario, side, lang):
        face = _proxy_face(proxy, lang, scenario, hidden_in)
        back = face.back or side_back(scenario, proxy.side, lang)
        out.append(Piece(f"{proxy.card.id}|{proxy.footer}", face, back.name, back))
    return out


@dataclass
class _SidePlan:
    side: Side
    groups: list[Group]
    rows: list[list[str]]
    faces: list[Face]


def _page_span(first: int, start: int, n: int, per_sheet: int, step: int) -> str:
    a = first + (start // per_sheet) * step
    b = first + ((start + n - 1) // per_sheet) * step
    return str(a) if a == b else f"{a}–{b}"


def build_scenario_deck(path: Path, options: PrintOptions, scenario: Scenario, side: str | None = None) -> Report:
    """The proxies of ``side`` (both when None) and a checklist page per side, as one PDF."""
    lang = options.lang
    sides = choose_sides(scenario, side)
    layout = card_sheet(options.paper, options.card, options.bleed_mm, options.butted)
    per_sheet = len(layout.slots)
    step = 2 if options.duplex else 1
    proxies = deck_proxies(scenario, side, lang)

    plans: list[_SidePlan] = []
    for s in sides:
        groups = deck_groups(scenario, [s], lang)
        if not groups:
            continue
        hidden_in = scenario if scenario.params.get("hidden.units") else None
        faces = [_proxy_face(p, lang, scenario, hidden_in) for p in proxies if p.side == s.id]
        plans.append(_SidePlan(s, groups, [], faces))
    # A checklist row for each card of each group, and the total.
    back_pages = 1 if options.backs and not options.duplex else 0   # each side's back page after its cards
    checklist_pages = sum(-(-(sum(len(g.lines) for g in p.groups) + 1) // ROWS_PER_PAGE) for p in plans)
    first = checklist_pages * step + 1
    for plan in plans:
        index = 0
        for group in plan.groups:
            head = group.title if group.reinforcement is None else group.short[:1].upper() + group.short[1:]
            for n, line in enumerate(group.lines):
                plan.rows.append([head if n == 0 else "", curly(line.card.display_name(lang)), str(line.count),
                                  line.where_text(), _page_span(first, index, line.count, per_sheet, step)])
                index += line.count
        plan.rows.append([t("total", lang), "", str(len(plan.faces)), "", ""])
        first += -(-len(plan.faces) // per_sheet) * step + back_pages

    def compose(book: Book) -> None:
        for plan in plans:
            pages = chunks(plan.rows, ROWS_PER_PAGE)
            for n, rows in enumerate(pages):
                def draw(c: Canvas, page: Rect, rows: list[list[str]] = rows, n: int = n, plan: _SidePlan = plan) -> None:
                    draw_deck_checklist(c, page, book.ctx, scenario, plan.side, len(plan.faces), rows, n, options)
                book.full_page(draw, blank_back=True)
        for plan in plans:
            book.sheets(layout, plan.faces)
            # every card of a side has the one back (the side's, or the hidden units' face-down back)
            book.back_page(layout, plan.faces[0].back or side_back(scenario, plan.side.id, lang),
                           -(-len(plan.faces) // per_sheet))

    title = t("pdf_deck", lang, title=scenario.title.get(lang), n=len(proxies))
    return render_pdf(path, options, scenario.cards, scenario.ruleset, title, compose)


def draw_deck_checklist(c: Canvas, page: Rect, ctx: Ctx, scenario: Scenario, side: Side, count: int,
                        rows: list[list[str]], part: int, options: PrintOptions) -> None:
    lang = options.lang
    ctx.face = f"checklist {side.id}"
    margin = 18 * MM
    x, w = margin, page.w - 2 * margin
    y = page.top - margin
    name = side_name(scenario, side.id, lang)
    colour = style.NATION.get(side.nation, style.REFERENCE)
    fit = ctx.line("checklist title", t("deck_title", lang, s=scenario.title.get(lang)), fonts.SANS_BOLD, w, 17)
    c.setFillColor(style.REFERENCE)
    draw_fit(c, fit, fonts.SANS_BOLD, x, y, w)
    y -= fit.leading + 6
    c.setFillColor(colour)
    c.rect(x, y - 16, w, 16, stroke=0, fill=1)
    band = ctx.line("checklist side", f"{name} · {t('sc_n_cards', lang, n=count)}", fonts.SANS_BOLD, w - 12, 10.5)
    c.setFillColor(style.WHITE)
    draw_fit(c, band, fonts.SANS_BOLD, x + 6, y - 2.6, w - 12)
    y -= 26
    what = scenario.id + (f" · {t('sc_balance_applied', lang, o=scenario.applied_balance)}" if scenario.applied_balance else "")
    info = t("deck_info", lang, what=what, paper=PAPER_NAMES[options.paper], size=options.card.label(), code=lang.upper())
    if part:
        info += f" · ({part + 1})"
    y = checklist_intro(c, ctx, x, y, w, info, t("deck_how", lang), lang, info_gap=8, how_height=70)
    header = [t("col_group", lang), t("col_card", lang), t("col_qty", lang), t("col_where", lang), t("col_page", lang)]
    draw_table(c, ctx, "checklist table", Table(header, rows, "llrlr", wrap_col=3, head_fill=colour), x, y, w,
               y - margin - 14, 9.5)
    c.setFillColor(style.MUTED)
    c.setFont(fonts.SANS, 7)
    c.drawString(x, margin - 8, f"{t('made_with', lang)} · {scenario.id} · {scenario.source.get('document', '')} "
                                f"§{scenario.source.get('section', '')} · {scenario.ruleset.id}")
