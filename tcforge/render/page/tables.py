"""Small ruled tables sized to their content (reference cards, checklist).

Column widths come from the widest cell; the type shrinks until the table
fits its width and height, never below the floor. A table that still does not
fit is reported, like any other text.
"""
from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from tcforge.render.page import fonts, style
from tcforge.render.page.sheets import Ctx
from tcforge.render.page.text import FLOOR, STEP, wrap


@dataclass
class Table:
    header: list[str]
    rows: list[list[str]]
    align: str                       # one letter a column: l, c or r
    wrap_col: int | None = None      # the one column allowed to wrap (long texts)
    head_fill: Color = style.REFERENCE


def _natural(table: Table, size: float) -> list[float]:
    widths = []
    for i, head in enumerate(table.header):
        cells = [row[i] for row in table.rows]
        widths.append(max([fonts.width(head, fonts.COND_BOLD, size)] +
                          [fonts.width(cell, fonts.COND, size) for cell in cells]) + size * 0.6)
    return widths


def _layout(table: Table, w: float, size: float) -> tuple[list[float], list[list[list[str]]]] | None:
    widths = _natural(table, size)
    total = sum(widths)
    if total > w and table.wrap_col is not None:
        widths[table.wrap_col] = max(size * 4, w - (total - widths[table.wrap_col]))
        total = sum(widths)
    if total > w + 0.01:
        return None
    # Spare room goes to the wrapping column, else is spread evenly.
    spare = w - total
    if table.wrap_col is not None:
        widths[table.wrap_col] += spare
    else:
        widths = [x + spare / len(widths) for x in widths]
    cells = [[wrap(cell, fonts.COND, size, widths[i] - size * 0.6) if i == table.wrap_col else [cell]
              for i, cell in enumerate(row)] for row in table.rows]
    return widths, cells


def draw_table(c: Canvas, ctx: Ctx, what: str, table: Table, x: float, top: float, w: float, max_h: float,
               size: float, floor: float = FLOOR) -> tuple[float, float]:
    """Draw ``table`` from ``top`` down within ``w`` x ``max_h``; returns the height used and the type size."""
    s = size
    plan = None
    while s >= floor - 1e-9:
        plan = _layout(table, w, s)
        if plan is not None:
            lines = sum(max(len(cell) for cell in row) for row in plan[1])
            if (lines + 1) * s * 1.45 <= max_h:
                break
        s -= STEP
    else:
        s = floor
        plan = _layout(table, w, s) or (_natural(table, s), [[[cell] for cell in row] for row in table.rows])
        ctx.report.overflow(ctx.face, what)
    assert plan is not None
    widths, cells = plan
    row_h = s * 1.45
    y = top
    c.setFillColor(table.head_fill)
    c.rect(x, y - row_h, w, row_h, stroke=0, fill=1)
    c.setFillColor(style.WHITE)
    c.setFont(fonts.COND_BOLD, s)
    _row(c, table.header, table.align, widths, x, y - row_h + s * 0.42, s)
    y -= row_h
    c.setFont(fonts.COND, s)
    for n, row in enumerate(cells):
        height = max(len(cell) for cell in row) * s * 1.2 + s * 0.25
        height = max(height, row_h)
        if n % 2:
            c.setFillColor(style.PAPER_SHADE)
            c.rect(x, y - height, w, height, stroke=0, fill=1)
        c.setFillColor(style.INK)
        for line in range(max(len(cell) for cell in row)):
            texts = [cell[line] if line < len(cell) else "" for cell in row]
            _row(c, texts, table.align, widths, x, y - row_h + s * 0.42 - line * s * 1.2, s)
        y -= height
    style.rule(c, x, x + w, y, 0.6, style.RULE)
    return top - y, s


def _row(c: Canvas, texts: list[str], align: str, widths: list[float], x: float, base: float, s: float) -> None:
    pad = s * 0.3
    for text, a, cw in zip(texts, align, widths, strict=True):
        if a == "c":
            c.drawCentredString(x + cw / 2, base, text)
        elif a == "r":
            c.drawRightString(x + cw - pad, base, text)
        else:
            c.drawString(x + pad, base, text)
        x += cw
