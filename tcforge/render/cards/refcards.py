"""Card-sized reference cards, two to a sleeve, back to back (source 000, 21.0).

Four faces make two sleeves: the terrain effects table backs the To Kill
table, the sequence of play backs the play options; a ruleset with source
001's hidden units adds a third: spotting, backed by fire and cards against
hidden units. Every number comes from
the ruleset, so a variant prints its own (the 1997 article's hand of ten, its
terrain table, its outright flank kills).
"""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from tcforge.data.card_ids import FLANK_SHOT
from tcforge.data.cards import Card, CardSet
from tcforge.data.rulesets import Ruleset
from tcforge.engine.spotting import SIGHT
from tcforge.i18n.words import curly, signed, t, typo
from tcforge.render.cards.cardface import split, terrain_row
from tcforge.render.page import fonts, style
from tcforge.render.page.build import render_pdf
from tcforge.render.page.geometry import MM, Rect, card_sheet
from tcforge.render.page.sheets import Book, Ctx, Face, PrintOptions, Report
from tcforge.render.page.tables import Table, draw_table
from tcforge.render.page.text import FLOOR, LABEL, LEADING, draw_fit, fit_block

Body = Callable[[Canvas, Ctx, float, float, float, float, float], None]   # c, ctx, x, w, top, bottom, k


def reference_face(key: str, title_key: str, body: Body, duplex: bool = False) -> Face:
    """``duplex``: the pair is printed on the two sides of one card, and the foot of the card says so."""
    return Face(key, lambda c, r, ctx: _draw_reference(c, r, ctx, t(title_key, ctx.lang), body, duplex))


def _draw_reference(c: Canvas, r: Rect, ctx: Ctx, title: str, body: Body, duplex: bool = False) -> None:
    k = style.scale(r)
    m = MM * k
    inner = style.frame(c, r, ctx.bleed, style.REFERENCE)
    head = Rect(inner.x, inner.top - 8.5 * m, inner.w, 8.5 * m)
    style.band(c, head, style.REFERENCE, k)
    pad = style.PAD_MM * m
    x, w = inner.x + pad, inner.w - 2 * pad
    fit = ctx.line("title", title, fonts.COND_BOLD, w, 11 * k)
    c.setFillColor(style.WHITE)
    draw_fit(c, fit, fonts.COND_BOLD, x, head.y + (head.h + fit.size) / 2 + 0.2 * m, w, align="center")
    sub = ctx.line("ruleset", ctx.ruleset.title_in(ctx.lang), fonts.COND, w, max(LABEL, 6 * k))
    c.setFillColor(style.MUTED)
    draw_fit(c, sub, fonts.COND, x, head.y - 0.8 * m, w, align="center")
    top = head.y - 0.8 * m - sub.leading - 0.8 * m
    bottom = inner.y + 4.8 * m
    style.rule(c, x, x + w, bottom - 0.8 * m)
    style.small_label(c, x + w / 2, inner.y + 1.6 * m, t("ref_back_duplex" if duplex else "ref_back", ctx.lang), max(LABEL, 5.5 * k))
    body(c, ctx, x, w, top, bottom, k)


def terrain_cards(ctx: Ctx) -> list[tuple[Card, dict[str, Any]]]:
    table_id = ctx.ruleset["fire.terrain_table"]
    out = []
    for card in ctx.cards:
        row = terrain_row(card, table_id)
        if row is not None:
            out.append((card, row))
    return out


def _terrain_body(c: Canvas, ctx: Ctx, x: float, w: float, top: float, bottom: float, k: float) -> None:
    lang = ctx.lang
    rows, notes = [], [t("terrain_into", lang)]
    split_cols: set[str] = set()
    borrowed = False
    for card, row in terrain_cards(ctx):
        # The data marks a row the table itself does not print (the project's choice) as unclear.
        cells = [curly(card.display_name(lang)) + ("*" if row.get("unclear") else "")]
        borrowed = borrowed or bool(row.get("unclear"))
        for key in ("at", "he", "sa", "air", "art"):
            value = row.get(key)
            if isinstance(value, dict):
                split_cols.add(key)
            cells.append(t("n/a", lang) if value == "n/a" else split(value))
        cells += [t(str(row.get("los")), lang), t("m:fast" if row.get("movement") == "fast" else str(row.get("movement")), lang)]
        rows.append(cells)
        if row.get("prohibits"):
            notes.append(f"{curly(card.display_name(lang))}: {t('no_vehicles', lang)}")
        if row.get("only_for"):
            notes.append(f"{curly(card.display_name(lang))}: {t('infantry_only', lang)}")
    for key in sorted(split_cols):
        notes.append(t(f"{key}_split", lang))
    if borrowed:
        notes.append(t("borrowed_row", lang))
    header = [t("terrain_col", lang)] + [t(key, lang) for key in ("at", "he", "sa", "air", "art", "los", "move")]
    used, size = draw_table(c, ctx, "terrain table", Table(header, rows, "lcccccll", wrap_col=0), x, top, w, (top - bottom) * 0.62, 8 * k,
                            floor=LABEL)
    # Notes never in bigger type than the table they explain.
    _notes(c, ctx, "terrain notes", notes, x, w, top - used - 1.2 * MM * k, bottom, k, min(7.2, size / k + 0.5))


def _notes(c: Canvas, ctx: Ctx, what: str, notes: list[str], x: float, w: float, top: float, bottom: float, k: float,
           size: float = 6.5) -> None:
    text = typo("\n".join("• " + n for n in notes), ctx.lang)
    fit = ctx.block(what, text, fonts.COND, w, top - bottom, size * k)
    c.setFillColor(style.INK)
    draw_fit(c, fit, fonts.COND, x, top, w)


def _card_name(ctx: Ctx, card_id: int, fallback: str) -> str:
    """A card's name in the glossary's form (data/glossary.yaml), or the word table's when the card set lacks the card."""
    card = ctx.cards.by_id.get(card_id)
    return curly(card.display_name(ctx.lang)) if card is not None else t(fallback, ctx.lang)


def _rolls(values: list[int], lang: str) -> str:
    items = [str(v) for v in values]
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {t('or', lang)} {items[-1]}"


def _to_kill_body(c: Canvas, ctx: Ctx, x: float, w: float, top: float, bottom: float, k: float) -> None:
    lang, rs = ctx.lang, ctx.ruleset
    how = ctx.block("to kill intro", t("to_kill_how", lang), fonts.COND, w, 10 * MM * k, 7 * k)
    c.setFillColor(style.INK)
    draw_fit(c, how, fonts.COND, x, top, w)
    top -= how.height + 1.0 * MM * k
    table = rs["fire.to_kill_table"]
    keys = sorted(table, key=int)
    rows = []
    for i, key in enumerate(keys):
        label = signed(int(key))
        if i == 0:
            label = "≤ " + label
        elif i == len(keys) - 1:
            label = "≥ " + label
        rows.append([label, str(table[key])])
    col_w = w * 0.62
    used, _ = draw_table(c, ctx, "to kill table", Table([t("diff", lang), t("kill_on", lang)], rows, "cc"),
                      x + (w - col_w) / 2, top, col_w, (top - bottom) * 0.55, 7 * k)
    flank = "flank_kill" if rs["fire.flank_result"] == "kill" else "flank_side"
    notes = [
        t("dud", lang, n=rs["fire.to_kill_dud_roll"]),
        t(flank, lang, rolls=_rolls(rs["fire.flank_rolls"], lang), melee=_rolls(rs["fire.melee_flank_rolls"], lang)),
        t("immobilise", lang, rolls=_rolls(rs["fire.immobilise_rolls"], lang)),
        t("flank_card", lang, card=_card_name(ctx, FLANK_SHOT, "flank_shot"),
          rolls=_rolls(rs["fire.flank_shot_halve_rolls"], lang), min=rs["fire.min_halved_armor"]),
        t("he_notes", lang, he=signed(rs["fire.he_long_range_modifier"]), min=rs["fire.at_gun_min_he"],
          sa=t("sa_long" if rs["fire.sa_long_range"] else "sa_short", lang),
          ft=t("ft_melee" if rs["fire.ft_melee_only"] else "ft_any", lang)),
    ]
    _notes(c, ctx, "to kill notes", notes, x, w, top - used - 1.2 * MM * k, bottom, k, 7.2)


def _sequence_body(c: Canvas, ctx: Ctx, x: float, w: float, top: float, bottom: float, k: float) -> None:
    lang, rs = ctx.lang, ctx.ruleset
    m = MM * k
    # one line, or two rather than type below LABEL (the French intro is longer)
    intro = ctx.block("sequence intro", t("seq_each", lang), fonts.COND_BOLD, w, 2 * LABEL * LEADING + 0.1, 7 * k,
                      max_lines=2, floor=LABEL)
    c.setFillColor(style.INK)
    draw_fit(c, intro, fonts.COND_BOLD, x, top, w)
    y = top - intro.height - 0.8 * m
    steps = [t("seq_supply", lang, n=rs["turn.supply_points"]), t("seq_play", lang), t("seq_melee", lang),
             t("seq_discard", lang, n=rs["turn.hand_limit"])]
    step_h = (top - bottom) * 0.55 / len(steps)
    for n, step in enumerate(steps, 1):
        box = Rect(x, y - 6 * m, 6 * m, 6 * m)
        style.value_box(c, box, str(n), 10 * k)
        fit = ctx.block("sequence step", step, fonts.COND, w - 8 * m, max(step_h - 1 * m, 6 * m), 8.5 * k)
        c.setFillColor(style.INK)
        draw_fit(c, fit, fonts.COND, x + 8 * m, y - max(0.0, (6 * m - fit.height) / 2), w - 8 * m)
        y -= max(7 * m, fit.height + 1.2 * m)
    victory = "seq_victory_end" if rs["victory.check"] == "end_of_turn" else "seq_victory_instant"
    initiative = "seq_initiative" if rs["turn.initiative"] == "roll" else "seq_initiative_fixed"
    notes = [t("seq_interrupts", lang), t(initiative, lang),
             t(victory, lang, n=rs["victory.enemy_second_rank_positions"]), t("seq_die", lang)]
    style.rule(c, x, x + w, y + 0.2 * m)
    _notes(c, ctx, "sequence notes", notes, x, w, y - 0.6 * m, bottom, k, 7.5)


def _options_body(c: Canvas, ctx: Ctx, x: float, w: float, top: float, bottom: float, k: float) -> None:
    lang, rs = ctx.lang, ctx.ruleset
    m = MM * k
    per = rs["turn.cards_per_action"]
    intro = ctx.block("options intro", t("opt_cost", lang, max=rs["turn.max_supply_points"]), fonts.COND_BOLD, w,
                      9 * m, 7 * k)
    c.setFillColor(style.INK)
    draw_fit(c, intro, fonts.COND_BOLD, x, top, w)
    y = top - intro.height - 1.0 * m
    options = [(rs["turn.move_cost"], t("opt_move", lang, n=per, fast=rs["movement.fast_positions"],
                                        slow=rs["movement.slow_positions"])),
               (rs["turn.fire_cost"], t("opt_fire", lang, n=per)),
               (rs["turn.instant_cost"], t("opt_instant", lang)),
               (rs["turn.draw_cost"], t("opt_draw", lang)),
               (0, t("opt_end", lang))]
    # one size for the five options (a long first option in French was set smaller than the others): the largest at
    # which all five, each as tall as it needs, fill no more than their share of the card
    room = (top - bottom) * 0.62
    size = 8 * k
    while size > FLOOR and sum(max(6.4 * m, fit_block(text, fonts.COND, w - 8 * m, room, size).height + 1.0 * m)
                               for _, text in options) > room:
        size -= 0.25
    for cost, text in options:
        box = Rect(x, y - 5.6 * m, 6 * m, 5.6 * m)
        style.value_box(c, box, str(cost), 9.5 * k)
        fit = ctx.block("play option", text, fonts.COND, w - 8 * m, room, size, floor=size)
        c.setFillColor(style.INK)
        draw_fit(c, fit, fonts.COND, x + 8 * m, y - max(0.0, (5.6 * m - fit.height) / 2), w - 8 * m)
        y -= max(6.4 * m, fit.height + 1.0 * m)
    notes = [t("opt_stack", lang, combat=rs["stacking.combat_cards"], trucks=rs["stacking.trucks"]),
             t("opt_hand", lang, start=rs["turn.initial_hand"], limit=rs["turn.hand_limit"])]
    style.rule(c, x, x + w, y + 0.2 * m)
    _notes(c, ctx, "options notes", notes, x, w, y - 0.6 * m, bottom, k, 7.5)


def _spotting_body(c: Canvas, ctx: Ctx, x: float, w: float, top: float, bottom: float, k: float) -> None:
    """Source 001, 1.0-1.6: who sees which card."""
    lang = ctx.lang
    intro = ctx.block("spotting intro", t("spot_intro", lang), fonts.COND_BOLD, w, 10 * MM * k, 7.5 * k)
    c.setFillColor(style.INK)
    draw_fit(c, intro, fonts.COND_BOLD, x, top, w)
    notes = [t("spot_check", lang), t("spot_sight", lang, n=SIGHT), t("spot_cover", lang), t("spot_attack", lang),
             t("spot_moving", lang), t("spot_melee", lang)]
    _notes(c, ctx, "spotting notes", notes, x, w, top - intro.height - 1.2 * MM * k, bottom, k, 7.5)


def _hidden_body(c: Canvas, ctx: Ctx, x: float, w: float, top: float, bottom: float, k: float) -> None:
    """Source 001, 1.7-1.10 and the project's readings: fire and special cards against hidden cards."""
    lang = ctx.lang
    notes = [t(key, lang) for key in ("hide_fire", "hide_indirect", "hide_recon", "hide_wire", "hide_named",
                                      "hide_reserve", "hide_shuffle")]
    _notes(c, ctx, "hidden notes", notes, x, w, top, bottom, k, 7.5)


def reference_faces(hidden: bool = False, duplex: bool = False) -> list[Face]:
    """The four faces, each pair's back attached for double-sided printing; with ``hidden`` (a ruleset playing
    source 001's hidden units) a third pair: spotting backed by fire and cards against hidden units. ``duplex``:
    the faces say they are printed double-sided rather than sleeved back to back."""
    terrain = reference_face("reference: terrain effects", "terrain_effects", _terrain_body, duplex)
    to_kill = reference_face("reference: To Kill", "to_kill_title", _to_kill_body, duplex)
    sequence = reference_face("reference: sequence of play", "seq_title", _sequence_body, duplex)
    options = reference_face("reference: play options", "opt_title", _options_body, duplex)
    faces = [Face(terrain.name, terrain.draw, back=to_kill), to_kill,
             Face(sequence.name, sequence.draw, back=options), options]
    if hidden:
        cards = reference_face("reference: hidden units", "hide_title", _hidden_body, duplex)
        spotting = reference_face("reference: spotting", "spot_title", _spotting_body, duplex)
        faces += [Face(spotting.name, spotting.draw, back=cards), cards]
    return faces


def reference_sheet_faces(duplex: bool, sets: int, hidden: bool = False) -> list[Face]:
    """Printed single-sided, all faces are cut apart; double-sided, the backs go on the back page."""
    faces = reference_faces(hidden, duplex)
    chosen = faces[::2] if duplex else faces
    return chosen * sets


def build_refcards(path: Path, options: PrintOptions, cards: CardSet, ruleset: Ruleset, sets: int = 2) -> Report:
    """Two sets by default: one for each player."""
    layout = card_sheet(options.paper, options.card, options.bleed_mm, options.butted)
    faces = reference_sheet_faces(options.duplex, sets, bool(ruleset["hidden.units"]))

    def compose(book: Book) -> None:
        book.sheets(layout, faces)

    title = t("pdf_refcards", options.lang, ruleset=ruleset.id)
    return render_pdf(path, options, cards, ruleset, title, compose)
