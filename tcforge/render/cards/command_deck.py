"""Command decks of the fluid-time rules (source 003) as cards, and their reference card.

Every printed card of the deck becomes a card of the project's size, on the
same 3 x 3 sheets with crop marks as the inserts: the commanders' Free Action
cards and the Turn Over cards included, in the deck's printed order. All the
shuffled cards share one back (a drawn card must not be known before it is
turned), so double-sided printing puts the deck's back behind every front.
Two reference faces follow, back to back: tank fire, then morale and support,
every number from the rules' parameters.
"""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from tcforge.data.dataset import load_data
from tcforge.decks.model import COMMANDER, SUPPORT, TURN_OVER, CommandDeck, DeckCard, FluidRules
from tcforge.decks.tables import INTENSITIES, expected_templates, hit_chance, morale, morale_modifier_range, penetration_chance
from tcforge.decks.tables_text import pc
from tcforge.i18n.words import dw, signed, t, typo
from tcforge.render.page import fonts, style
from tcforge.render.page.build import render_pdf
from tcforge.render.page.geometry import MM, Rect, card_sheet
from tcforge.render.page.sheets import Book, Ctx, Face, Piece, PrintOptions, Report
from tcforge.render.page.tables import Table, draw_table
from tcforge.render.page.text import Fit, draw_fit


def _colour(deck: CommandDeck, card: DeckCard) -> Color:
    if card.type == TURN_OVER:
        return style.REFERENCE
    if card.type == COMMANDER:
        return style.SIXPACK
    nation = deck.sides[card.side].nation if card.side else "any"
    return style.NATION.get(nation, style.NATION["any"])


def _table_title(deck: CommandDeck, table: str, lang: str) -> str:
    """A support table as a player knows it, by its kind (Air support), never by its id in the data (soviet-air);
    the loader has checked that the table exists and the schema that its kind is one the word table names."""
    return dw(f"support:{deck.support_tables[table].kind}", lang)


def _support_lines(deck: CommandDeck, card: DeckCard, lang: str) -> list[str]:
    table = deck.support_tables[card.support] if card.support else None
    if table is None:
        return []
    if table.die == "none":
        return [dw("no_roll", lang), dw("intensity_note", lang)]
    lines = [typo(dw("roll", lang) + ":", lang)]
    for r in table.results:
        faces = str(r.rolls[0]) if len(r.rolls) == 1 else f"{r.rolls[0]}–{r.rolls[-1]}"
        named = _table_title(deck, r.table, lang) if r.table else ""
        how = dw("see_table", lang, table=named) if r.table else dw(r.attacker or "none", lang)
        # the result in the card's language (an aircraft's designation as printed); left out where it only
        # repeats what follows ("fighter — fighter", "air support — roll on the Air support table")
        shown = typo(r.result_in(lang), lang)
        if shown.lower() in (how.lower(), named.lower()):
            shown = ""
        lines.append(typo(f"{faces}: {shown}{' — ' if shown else ''}{how}", lang))
    lines.append(dw("intensity_note", lang))
    return lines


def card_face(deck: CommandDeck, rules: FluidRules, card: DeckCard, lang: str) -> Face:
    kind = rules.impulse_types[card.type]
    side = deck.sides[card.side].name(lang) if card.side else ""
    if card.formation:
        title = deck.formations[card.formation].name_in(lang)
    elif card.type == COMMANDER:
        title = dw("commander", lang)
    elif card.type == SUPPORT:
        title = dw(f"support:{deck.support_tables[card.support].kind}", lang) if card.support else dw("support", lang)
    elif card.type == TURN_OVER:
        title = dw("turn_over", lang)
    else:
        title = dw("all_units", lang)
    band = side or dw("command_deck", lang)
    body = [dw(f"do:{card.type}", lang)] + _support_lines(deck, card, lang)
    foot = f"{deck.title_in(lang)} · {dw('card_of', lang, n=card.index + 1, total=len(deck.cards))}"
    if card.type == COMMANDER:
        body.append(dw("held_out", lang) + ".")
    name = f"{deck.id} #{card.index + 1} {card.text}"

    def draw(c: Canvas, r: Rect, ctx: Ctx) -> None:
        k = style.scale(r)
        m = MM * k
        inner = style.frame(c, r, ctx.bleed, _colour(deck, card))
        head = Rect(inner.x, inner.top - 8.5 * m, inner.w, 8.5 * m)
        style.band(c, head, _colour(deck, card), k)
        pad = style.PAD_MM * m
        x, w = inner.x + pad, inner.w - 2 * pad
        fit = ctx.line("band", band, fonts.COND_BOLD, w, 10 * k)
        c.setFillColor(style.WHITE)
        draw_fit(c, fit, fonts.COND_BOLD, x, head.y + (head.h + fit.size) / 2 + 0.2 * m, w, align="center")
        y = head.y - 3 * m
        c.setFillColor(style.INK)
        t_fit = ctx.block("title", title, fonts.COND_BOLD, w, 16 * m, 15 * k, max_lines=2)
        draw_fit(c, t_fit, fonts.COND_BOLD, x, y, w, align="center")
        y -= t_fit.height + 2.5 * m
        style.rule(c, x, x + w, y)
        y -= 3 * m
        if kind.name(lang) != title:
            k_fit = ctx.block("impulse", kind.name(lang), fonts.SANS_BOLD, w, 12 * m, 11 * k, max_lines=2)
            draw_fit(c, k_fit, fonts.SANS_BOLD, x, y, w, align="center")
            y -= k_fit.height + 3 * m
        bottom = inner.y + 7 * m
        text = "\n".join(body)
        # the text as large as the card's room lets it be, 10 pt at most: a short impulse ("Move") was set at 7 pt
        # on a card left 70 % blank
        b_fit = ctx.block("text", text, fonts.COND, w, y - bottom, 10 * k)
        draw_fit(c, b_fit, fonts.COND, x, y, w)
        style.rule(c, x, x + w, inner.y + 5.6 * m)
        f_fit = ctx.line("foot", foot, fonts.COND, w, 5.8 * k)
        c.setFillColor(style.MUTED)
        draw_fit(c, f_fit, fonts.COND, x, inner.y + 4.4 * m, w, align="center")

    return Face(name, draw)


def deck_back(deck: CommandDeck, lang: str) -> Face:
    """The one back every card of the deck shares."""

    def draw(c: Canvas, r: Rect, ctx: Ctx) -> None:
        k = style.scale(r)
        m = MM * k
        inner = style.frame(c, r, ctx.bleed, style.REFERENCE)
        c.setStrokeColor(style.RULE)
        c.setLineWidth(0.8)
        box = inner.grow(-3 * m)
        c.roundRect(box.x, box.y, box.w, box.h, 1.4 * m, stroke=1, fill=0)
        w = box.w - 4 * m
        x = box.x + 2 * m
        head = ctx.block("back title", dw("command_deck", lang), fonts.COND_BOLD, w, 20 * m, 16 * k, max_lines=2)
        sub = ctx.block("back deck", deck.title_in(lang), fonts.COND, w, 14 * m, 10 * k, max_lines=2)
        hint = ctx.block("back hint", dw("back_hint", lang), fonts.COND, w, 14 * m, 6.5 * k)
        top = box.y + box.h / 2 + (head.height + sub.height) / 2 + 3 * m
        c.setFillColor(style.REFERENCE)
        draw_fit(c, head, fonts.COND_BOLD, x, top, w, align="center")
        c.setFillColor(style.INK)
        draw_fit(c, sub, fonts.COND, x, top - head.height - 2 * m, w, align="center")
        c.setFillColor(style.MUTED)
        draw_fit(c, hint, fonts.COND, x, box.y + 4 * m + hint.height, w, align="center")

    return Face(f"{deck.id} back", draw)


Body = Callable[[Canvas, Ctx, float, float, float, float, float], float]  # c, ctx, x, w, top, bottom, k -> the lowest y used

REF_SIZE = 6.8     # points: the reference card's text, shrunk to fit down to...
REF_FLOOR = 6.5    # ...this, never less (issue 37: 5-6 pt was too small to read at the table)
REF_MARGIN_MM = 2  # the room left between the last line and the bottom of the panel


def _reference(title: str, body: Body) -> Face:
    def draw(c: Canvas, r: Rect, ctx: Ctx) -> None:
        k = style.scale(r)
        m = MM * k
        inner = style.frame(c, r, ctx.bleed, style.REFERENCE)
        head = Rect(inner.x, inner.top - 8 * m, inner.w, 8 * m)
        style.band(c, head, style.REFERENCE, k)
        pad = style.PAD_MM * m
        x, w = inner.x + pad, inner.w - 2 * pad
        fit = ctx.line("title", title, fonts.COND_BOLD, w, 10.5 * k)
        c.setFillColor(style.WHITE)
        draw_fit(c, fit, fonts.COND_BOLD, x, head.y + (head.h + fit.size) / 2 + 0.2 * m, w, align="center")
        bottom = inner.y + REF_MARGIN_MM * m
        if body(c, ctx, x, w, head.y - 1.5 * m, bottom, k) < bottom - 0.01:
            ctx.report.overflow(ctx.face, "bottom margin")

    return Face(title, draw)


def _para_fit(ctx: Ctx, what: str, text: str, w: float, room: float, k: float) -> Fit:
    return ctx.block(what, typo(text, ctx.lang), fonts.COND, w, max(room, 1.0), REF_SIZE * k, floor=REF_FLOOR * k)


def _para(c: Canvas, ctx: Ctx, what: str, text: str, x: float, w: float, top: float, bottom: float, k: float) -> float:
    fit = _para_fit(ctx, what, text, w, top - bottom, k)
    c.setFillColor(style.INK)
    draw_fit(c, fit, fonts.COND, x, top, w)
    return top - fit.height - 0.8 * MM * k


def _table(c: Canvas, ctx: Ctx, what: str, table: Table, x: float, w: float, top: float, room: float, k: float) -> float:
    used, _ = draw_table(c, ctx, what, table, x, top, w, room, REF_SIZE * k, floor=REF_FLOOR * k)
    return top - used - 1 * MM * k


def _runs(faces: dict[Any, str]) -> list[tuple[str, str]]:
    """Die faces with the same result run together: 4 and 5 burning print as "4–5 burning"."""
    runs: list[tuple[list[int], str]] = []
    for face, result in sorted((int(f), r) for f, r in faces.items()):
        if runs and runs[-1][1] == result and runs[-1][0][-1] == face - 1:
            runs[-1][0].append(face)
        else:
            runs.append(([face], result))
    return [(str(f[0]) if len(f) == 1 else f"{f[0]}–{f[-1]}", result) for f, result in runs]


def fire_face(rules: FluidRules, lang: str) -> Face:
    def body(c: Canvas, ctx: Ctx, x: float, w: float, top: float, bottom: float, k: float) -> float:
        mods = rules["fire.size_modifiers"]
        top = _para(c, ctx, "hit how", dw("hit_how", lang) + " " + dw("size_mods", lang) + ": "
                    + ", ".join(f"{dw('mod:' + key, lang)} {signed(v)}" for key, v in mods.items())
                    + "; " + dw("range", lang) + ".", x, w, top, bottom, k)
        sizes = list(range(1, 11))
        hit = Table([dw("size", lang)] + [str(s) for s in sizes], [["%"] + [pc(hit_chance(rules, s)) for s in sizes]],
                    "l" + "c" * 10)
        top = _table(c, ctx, "hit table", hit, x, w, top, 10 * MM * k, k)
        top = _para(c, ctx, "pen how", dw("pen_how", lang) + " (" + dw("chances", lang) + ")", x, w, top, bottom, k)
        faces = rules["fire.penetrating_results"]
        results = dw("pen_results", lang) + ": " + "; ".join(f"{f} {dw('res:' + res, lang)}" for f, res in _runs(faces))
        below = _para_fit(ctx, "penetrating results", results, w, top - bottom, k).height + 1.5 * MM * k
        # armor across, the gun's dice down: a flank, rear or top hit rolls one die more (5.3), so the flank
        # die needs no rows of its own; 5 rows, where 11 left no room for type a player can read
        armours = range(3, 13)
        header = [""] + [str(a) for a in armours]
        most = 3 + int(rules["fire.flank_extra_dice"])
        rows = [[f"{n}d6"] + [pc(penetration_chance(rules, n, a)) for a in armours] for n in range(1, most + 1)]
        pen = Table(header, rows, "l" + "c" * len(armours))
        top = _table(c, ctx, "penetration table", pen, x, w, top, top - bottom - below, k)
        return _para(c, ctx, "penetrating results", results, x, w, top, bottom, k)

    return _reference(dw("ref_fire", lang), body)


def morale_face(rules: FluidRules, lang: str) -> Face:
    def body(c: Canvas, ctx: Ctx, x: float, w: float, top: float, bottom: float, k: float) -> float:
        top = _para(c, ctx, "morale how", dw("morale_how", lang, need=rules["morale.pass_at_least"],
                                             ab=rules["morale.abandon_at_most"]), x, w, top, bottom, k)
        rows = []
        for mod in morale_modifier_range(rules):
            r = morale(rules, mod)
            rows.append([signed(mod), pc(r.passed), pc(r.suppressed), pc(r.abandoned)])
        header = [dw("mod", lang), dw("pass", lang), dw("suppressed", lang), dw("abandoned", lang)]
        top = _table(c, ctx, "morale table", Table(header, rows, "cccc"), x, w, top, (top - bottom) * 0.6, k)
        rows = []
        for nation in rules["support.intensity"]:
            faces = rules["support.intensity"][nation]
            mean = f"{float(expected_templates(rules, nation)):.2f}"
            rows.append([t(f"nation_{nation}", lang)] + [_faces(faces.get(level, [])) for level in INTENSITIES]
                        + [mean.replace(".", ",") if lang == "fr" else mean])
        templates = rules["support.templates"]
        rows.append([dw("templates_row", lang)] + [str(templates[level]) for level in INTENSITIES] + [""])
        header = ["1d6"] + [dw(level, lang) for level in INTENSITIES] + ["Ø"]
        top = _table(c, ctx, "intensity table", Table(header, rows, "lcccc"), x, w, top, (top - bottom) * 0.7, k)
        extra = int(rules["support.armour_extra_dice"])
        text = (f"{dw('bomber', lang)} {rules['support.bomber_dice']}d6, {dw('fighter', lang)} {rules['support.fighter_dice']}d6, "
                f"{t('artillery', lang)} {rules['support.artillery_dice']}d6; +{extra}d6 ({dw('vs_armour', lang)}). "
                + dw("templates_note", lang))
        return _para(c, ctx, "support dice", text, x, w, top, bottom, k)

    return _reference(dw("ref_morale", lang), body)


def _faces(values: list[int]) -> str:
    if not values:
        return "–"
    return str(values[0]) if len(values) == 1 else f"{values[0]}–{values[-1]}"


def deck_faces(deck: CommandDeck, rules: FluidRules, lang: str) -> list[Face]:
    back = deck_back(deck, lang)
    faces = []
    for card in deck.cards:
        face = card_face(deck, rules, card, lang)
        face.back = back
        faces.append(face)
    return faces


def reference_faces(rules: FluidRules, lang: str) -> list[Face]:
    fire, moral = fire_face(rules, lang), morale_face(rules, lang)
    fire.back, moral.back = moral, fire
    return [fire, moral]


def command_deck_pieces(deck: CommandDeck, rules: FluidRules, lang: str, reference: bool = True) -> list[Piece]:
    """The deck's cards as card images see them, each with the deck's one back; then the reference card, a card of
    its own with tank fire on the front and morale and support on the back."""
    back = deck_back(deck, lang)
    out = [Piece(face.name, face, back.name, back) for face in deck_faces(deck, rules, lang)]
    if reference:
        fire, moral = reference_faces(rules, lang)
        out.append(Piece(fire.name, fire, moral.name, moral))
    return out


def build_command_deck(path: Path, options: PrintOptions, deck: CommandDeck, rules: FluidRules,
                       reference: bool = True) -> Report:
    """The deck's cards (fronts, and the shared back when double-sided), then the reference card's two faces."""
    data = load_data()
    layout = card_sheet(options.paper, options.card, options.bleed_mm, options.butted)
    faces = deck_faces(deck, rules, options.lang)

    def compose(book: Book) -> None:
        book.sheets(layout, faces)
        book.back_page(layout, faces[0].back or deck_back(deck, options.lang), -(-len(faces) // len(layout.grid)))
        if reference:
            book.sheets(layout, reference_faces(rules, options.lang))

    title = dw("pdf_title", options.lang, deck=deck.title_in(options.lang), n=len(deck.cards))
    return render_pdf(path, options, data.cards, data.ruleset, title, compose)
