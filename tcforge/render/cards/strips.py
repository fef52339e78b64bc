"""Terrain strips: narrow inserts with a ruleset's terrain modifiers (source 000, 22 item 14).

A strip is as tall as the card and slides into the sleeve along the left edge
of the terrain card, over its printed modifiers. The name runs up the strip;
the values are stacked below it, one box each.
"""
from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from tcforge.data.cards import Card
from tcforge.i18n.words import curly, t
from tcforge.render.cards.cardface import face_name, split, terrain_row
from tcforge.render.page import fonts, style
from tcforge.render.page.geometry import MM, STANDARD, Rect
from tcforge.render.page.sheets import Ctx, Face
from tcforge.render.page.text import LABEL, draw_fit

EDGE_MM = 1.0


def strip_face(card: Card, lang: str) -> Face:
    return Face(face_name(card, lang) + " (strip)", lambda c, r, ctx: draw_strip(c, r, ctx, card))


def draw_strip(c: Canvas, r: Rect, ctx: Ctx, card: Card) -> None:
    lang = ctx.lang
    k = r.h / STANDARD.h          # strips scale with the card's height, not their width
    m = MM * k
    table_id = ctx.ruleset["fire.terrain_table"]
    row = terrain_row(card, table_id) or {}
    # The green edge runs out to the bleed; without bleed the strip's edge is white and the green a line
    # inside it, clear of the cut (issue 37 item 7: no white sliver along a dark edge after a miscut).
    c.setFillColor(style.TERRAIN if ctx.bleed > 0 else style.WHITE)
    c.rect(r.x - ctx.bleed, r.y - ctx.bleed, r.w + 2 * ctx.bleed, r.h + 2 * ctx.bleed, stroke=0, fill=1)
    inner = Rect(r.x + EDGE_MM * m, r.y + EDGE_MM * m, r.w - 2 * EDGE_MM * m, r.h - 2 * EDGE_MM * m)
    c.setFillColor(style.PAPER)
    if ctx.bleed > 0:
        c.roundRect(inner.x, inner.y, inner.w, inner.h, 1.0 * m, stroke=0, fill=1)
    else:
        c.setStrokeColor(style.TERRAIN)
        c.setLineWidth(0.8 * k)
        c.roundRect(inner.x, inner.y, inner.w, inner.h, 1.0 * m, stroke=1, fill=1)

    # The name, reading upwards, on a band at the top of the strip.
    name_h = 19 * m
    band = Rect(inner.x, inner.top - name_h, inner.w, name_h)
    style.band(c, band, style.TERRAIN, k)
    fit = ctx.block("name", curly(card.display_name(lang)), fonts.COND_BOLD, name_h - 2 * m, inner.w - 1.2 * m, 9 * k,
                    max_lines=2)
    c.saveState()
    # Turned a quarter left, the lines stack from left to right: centre the block across the strip.
    c.translate(band.x + band.w / 2 - fit.height / 2, band.y + 1 * m)
    c.rotate(90)
    c.setFillColor(style.WHITE)
    draw_fit(c, fit, fonts.COND_BOLD, 0, 0, name_h - 2 * m)
    c.restoreState()

    x, w = inner.x + 0.5 * m, inner.w - 1.0 * m
    y = band.y - 1.0 * m
    cells = [(t(key, lang), t("n/a", lang) if row.get(key) == "n/a" else split(row.get(key))) for key in ("at", "he", "sa", "air", "art")]
    cells += [(t("los", lang), t(str(row.get("los", "?")), lang)),
              (t("move", lang), t("m:fast" if row.get("movement") == "fast" else str(row.get("movement", "?")), lang))]
    for label, value in cells:
        style.small_label(c, x + w / 2, y - 2.0 * m, label, max(LABEL, 6 * k), colour=style.INK, font=fonts.COND_BOLD)
        box = Rect(x, y - 2.3 * m - 4.8 * m, w, 4.8 * m)
        style.value_box(c, box, value, 9.5 * k if len(value) <= 3 else 7 * k)
        y = box.y - 0.6 * m
    notes = []
    if row.get("prohibits"):
        notes.append(t("strip_no_vehicles", lang))
    if row.get("only_for"):
        notes.append(t("strip_infantry_only", lang))
    if notes:
        fit = ctx.block("strip note", " ".join(notes), fonts.COND, w, y - inner.y - 0.6 * m, 6 * k)
        c.setFillColor(style.INK)
        draw_fit(c, fit, fonts.COND, x, y, w, align="center")
