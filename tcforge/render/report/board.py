"""The scenario sheet's board drawing (:class:`tcforge.render.scenario.map.BattlefieldMap`) as a PNG for a web page,
with where each position's cell lies on it, so that a replay can put the units on the very board the sheet prints.

The flowable draws on a one-page PDF of its own size, which pdfium rasterises (as the Tabletop Simulator export
rasterises the card faces); the cells' rectangles are given as shares of the picture's width and height.
"""
from __future__ import annotations

import base64
import io
from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from tcforge.render.page import fonts
from tcforge.render.page.geometry import MM
from tcforge.render.page.sheets import Ctx, Report
from tcforge.render.scenario.map import BattlefieldMap, side_colours
from tcforge.scenarios.scenario import Scenario

WIDTH = 180 * MM   # as wide as the sheet's map on A4
SCALE = 2.0        # pixels a point: sharp on a high-density screen


@dataclass
class Board:
    """The board as a PNG (base64), its size in pixels, each position's cell (label -> x, y, w, h as shares of the
    picture) and each side's colour."""

    png: str
    width: int
    height: int
    cells: dict[str, tuple[float, float, float, float]]
    colours: dict[str, str]
    units: float = 0.0   # the share of a cell's height, at its foot, kept for the units' tags (under the terrain name)
    marks: float = 0.0   # the share at its top holding the sheet's marks (areas, arrival discs)

    def to_json(self) -> dict[str, object]:
        return {"width": self.width, "height": self.height, "cells": self.cells, "colours": self.colours,
                "units": self.units, "marks": self.marks}


def drawing(s: Scenario, lang: str = "en") -> tuple[bytes, BattlefieldMap]:
    """The replay's board as a one-page PDF of its own size, and the flowable that drew it."""
    fonts.register()
    flow = BattlefieldMap(s, lang, Ctx(lang, s.cards, s.ruleset, Report()), replay=True)
    w, h = flow.wrap(WIDTH, 10_000)
    buffer = io.BytesIO()
    c = Canvas(buffer, pagesize=(w, h), initialFontName=fonts.SANS, invariant=1)  # type: ignore[arg-type]
    flow.drawOn(c, 0, 0)
    c.showPage()
    c.save()
    return buffer.getvalue(), flow


def board(s: Scenario, lang: str = "en") -> Board:
    import pypdfium2 as pdfium  # type: ignore[import-untyped]  # the wheel ships no py.typed

    pdf, flow = drawing(s, lang)
    w, h = flow.width, flow.height
    doc = pdfium.PdfDocument(pdf)
    try:
        image = doc[0].render(scale=SCALE, fill_color=(255, 255, 255, 255), may_draw_forms=False).to_pil().convert("RGB")
    finally:
        doc.close()
    png = io.BytesIO()
    image.save(png, format="PNG", optimize=True)
    g = s.grid
    x0 = flow.label_w
    cell_w = (w - 2 * flow.label_w) / g.columns
    top = h - flow.band_h - flow.num_h  # the grid's top edge, from the bottom (PDF coordinates)
    cells = {}
    for pos in g.positions():
        x = x0 + (pos.column - 1) * cell_w
        y_top = top - (pos.row - 1) * flow.cell_h  # from the bottom
        cells[g.label(pos)] = (round(x / w, 5), round((h - y_top) / h, 5), round(cell_w / w, 5), round(flow.cell_h / h, 5))
    colours = {sid: colour.hexval().replace("0x", "#") for sid, colour in side_colours(s).items()}
    marked = bool(flow.arrivals or flow.tagged)
    return Board(base64.b64encode(png.getvalue()).decode("ascii"), image.width, image.height, cells, colours,
                 round(flow.unit_h / flow.cell_h, 5), round(flow.mark_h / flow.cell_h, 5) if marked else 0.0)
