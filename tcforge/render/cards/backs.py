"""Backs for double-sided printing: a light panel that names the piece on its front.

Inserts and proxies have no game back of their own; when printed
double-sided their backs say what the front is, which helps sorting a pile
of cut pieces, and use little ink.
"""
from __future__ import annotations

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from tcforge.render.page import fonts, style
from tcforge.render.page.geometry import MM, Rect
from tcforge.render.page.sheets import Ctx, Face
from tcforge.render.page.text import draw_fit


def label_back(name: str, title: str, subtitle: str) -> Face:
    return Face(name, lambda c, r, ctx: _draw(c, r, ctx, title, subtitle))


def _draw(c: Canvas, r: Rect, ctx: Ctx, title: str, subtitle: str) -> None:
    k = style.scale(r) if r.w > r.h / 3 else r.h / (88 * MM)
    m = MM * k
    c.setFillColor(style.PAPER)
    c.rect(r.x - ctx.bleed, r.y - ctx.bleed, r.w + 2 * ctx.bleed, r.h + 2 * ctx.bleed, stroke=0, fill=1)
    inner = r.grow(-2.2 * m)
    c.setStrokeColor(style.RULE)
    c.setLineWidth(0.8)
    c.roundRect(inner.x, inner.y, inner.w, inner.h, 1.4 * m, stroke=1, fill=0)
    w = inner.w - 3 * m
    head = ctx.block("back title", title, fonts.COND_BOLD, w, inner.h * 0.3, 11 * k, max_lines=3)
    sub = ctx.block("back subtitle", subtitle, fonts.COND, w, inner.h * 0.3, 7 * k)
    total = head.height + 2 * m + sub.height
    top = inner.y + (inner.h + total) / 2
    c.setFillColor(style.INK)
    draw_fit(c, head, fonts.COND_BOLD, inner.x + 1.5 * m, top, w, align="center")
    c.setFillColor(style.MUTED)
    draw_fit(c, sub, fonts.COND, inner.x + 1.5 * m, top - head.height - 2 * m, w, align="center")


def side_back(name: str, label: str, title: str, subtitle: str, colour: Color) -> Face:
    """A back that tells a pile apart on a table (issue 37 item 11): the whole card in ``colour``, ``label`` large
    across it in white (the side, or "Terrain"), the game and the scenario under it. Used by the Tabletop
    Simulator export, where each side's cards and the terrain have their own back."""
    return Face(name, lambda c, r, ctx: _draw_side(c, r, ctx, label, title, subtitle, colour))


def _draw_side(c: Canvas, r: Rect, ctx: Ctx, label: str, title: str, subtitle: str, colour: Color) -> None:
    k = style.scale(r) if r.w > r.h / 3 else r.h / (88 * MM)
    m = MM * k
    c.setFillColor(colour)
    c.rect(r.x - ctx.bleed, r.y - ctx.bleed, r.w + 2 * ctx.bleed, r.h + 2 * ctx.bleed, stroke=0, fill=1)
    inner = r.grow(-3 * m)
    c.setStrokeColor(style.WHITE)
    c.setLineWidth(1.4 * k)
    c.roundRect(inner.x, inner.y, inner.w, inner.h, 2 * m, stroke=1, fill=0)
    w = inner.w - 4 * m
    big = ctx.block("back label", label.upper(), fonts.SANS_BOLD, w, inner.h * 0.25, 15 * k, max_lines=2)
    head = ctx.block("back title", title, fonts.COND_BOLD, w, inner.h * 0.25, 8.5 * k, max_lines=3)
    sub = ctx.block("back subtitle", subtitle, fonts.COND, w, inner.h * 0.2, 7 * k)
    c.setFillColor(style.WHITE)
    draw_fit(c, big, fonts.SANS_BOLD, inner.x + 2 * m, inner.y + inner.h / 2 + big.height / 2 + 4 * m, w, align="center")
    band = inner.y + inner.h / 2 - 1 * m
    c.setLineWidth(0.6 * k)
    c.line(inner.x + 8 * m, band, inner.x + inner.w - 8 * m, band)
    draw_fit(c, head, fonts.COND_BOLD, inner.x + 2 * m, band - 3 * m, w, align="center")
    draw_fit(c, sub, fonts.COND, inner.x + 2 * m, band - 3 * m - head.height - 1.5 * m, w, align="center")
