"""The board of a game in progress, drawn by the scenario sheet's own map (as SVG) with the stacks on it.

:class:`PlayBoard` is the sheet's :class:`~tcforge.render.scenario.map.BattlefieldMap` (zones, rank labels, areas,
arrival discs, streams, legend) with each position's text replaced by what is there now: the terrain in play,
Smoke, a fortification, and the stacks, one line a card in its side's colour (the cards the viewer may see, and a
count of the face-down ones). Each position gets a hit area (``data-pos``) the page highlights and clicks.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, cast

from tcforge.i18n.words import t
from tcforge.render.page import fonts, style
from tcforge.render.page.geometry import MM
from tcforge.render.page.sheets import Ctx, Report
from tcforge.render.page.text import draw_fit
from tcforge.render.scenario.map import BattlefieldMap
from tcforge.render.scenario.text import side_name
from tcforge.scenarios.grid import Position
from tcforge.scenarios.scenario import Scenario
from tcforge.web.svg import SvgCanvas

WIDTH = 760.0  # points: the board's SVG box is this wide; the page scales it
SCALE = 1.25
LINE = 9.6  # a stack line's size, before scaling (fitted to the cell's width)


@dataclass
class Cell:
    """What one position shows: its terrain words and one line a card (text, side index)."""

    terrain: str
    lines: list[tuple[str, int]] = field(default_factory=list)


class PlayBoard(BattlefieldMap):
    """The sheet's map with the position's contents of the moment."""

    def __init__(self, scenario: Scenario, lang: str, cells: dict[int, Cell]):
        fonts.register()
        super().__init__(scenario, lang, Ctx(lang, scenario.cards, scenario.ruleset, Report()), SCALE)
        self.cells = cells
        most = max((len(c.lines) for c in cells.values()), default=0)
        self.line_h = LINE * SCALE * 1.18
        self.cell_h = max(self.cell_h, self.mark_h + 6 * MM * SCALE + max(most, 2) * self.line_h)
        self.grid_h = scenario.grid.rows * self.cell_h
        self.side_colours = [self.colours[sid] for sid in scenario.grid.sides]

    def _legend_items(self) -> list[Any]:
        """The sheet's legend but for the mark of terrain still to be dealt: in a game it lies on the board."""
        unknown = {t("sc_set_map_key", self.lang), t("sc_random_legend", self.lang)}
        return [item for item in super()._legend_items() if item.text not in unknown]

    def _terrain(self, c: Any, pos: Position, x: float, y: float, cell_w: float, hatched: bool = False) -> None:
        g = self.s.grid
        cell = self.cells.get((pos.row - 1) * g.columns + (pos.column - 1))
        if cell is None:
            return
        k = self.k
        room_w = cell_w - 3 * MM * k
        marked = bool(self.arrivals or self.tagged)
        top = y + self.cell_h - (self.mark_h if marked else 1.2 * MM * k)
        fit = self.ctx.line(f"board {self.s.label(pos)}", cell.terrain, fonts.COND_BOLD, room_w, 8.5 * k)
        c.setFillColor(style.INK if cell.terrain else style.MUTED)
        draw_fit(c, fit, fonts.COND_BOLD, x + 1.5 * MM * k, top, room_w, align="center")
        top -= fit.leading + 1.0 * MM * k
        for text, side in cell.lines:
            fit = self.ctx.line(f"board {self.s.label(pos)}", text, fonts.COND, room_w, LINE * k)
            c.setFillColor(self.side_colours[side])
            draw_fit(c, fit, fonts.COND, x + 1.5 * MM * k, top, room_w)
            top -= self.line_h

    def reserves(self, canvas: SvgCanvas, reserves: dict[int, str]) -> None:
        """Each side's reserve band (the sheet's: its colour, "German: reserve") with the cards the viewer may see
        there, in words, written over it."""
        g = self.s.grid
        x0 = self.label_w
        grid_w = self.width - 2 * self.label_w
        bottom = self.height - self.band_h - self.num_h - self.grid_h
        for sid, y in ((g.north, self.height - self.band_h), (g.south, bottom - self.num_h - self.band_h)):
            side = g.sides.index(sid)
            if not reserves.get(side):
                continue
            canvas.setFillColor(self.colours[sid])
            canvas.rect(x0, y, grid_w, self.band_h, stroke=0, fill=1)
            text = f"{t('reserve_of', self.lang, side=side_name(self.s, sid, self.lang))} — {reserves[side]}"
            fit = self.ctx.line("reserve band", text, fonts.SANS_BOLD, grid_w - 4, 8.5 * self.k)
            canvas.setFillColor(style.WHITE)
            baseline = y + (self.band_h - fit.size * 0.72) / 2
            draw_fit(cast(Any, canvas), fit, fonts.SANS_BOLD, x0, baseline + fit.size * 0.93, grid_w, align="center")

    def hit_areas(self, canvas: SvgCanvas) -> None:
        g = self.s.grid
        x0 = self.label_w
        cell_w = (self.width - 2 * self.label_w) / g.columns
        top = self.height - self.band_h - self.num_h
        for row in range(1, g.rows + 1):
            for column in range(1, g.columns + 1):
                pos = (row - 1) * g.columns + (column - 1)
                y = canvas.y(top - (row - 1) * self.cell_h)
                canvas.raw(f'<rect class="cell" data-pos="{pos}" fill="transparent" x="{x0 + (column - 1) * cell_w:.2f}" y="{y:.2f}" '
                           f'width="{cell_w:.2f}" height="{self.cell_h:.2f}"/>')


def board_svg(scenario: Scenario, lang: str, cells: dict[int, Cell], reserves: dict[int, str] | None = None) -> str:
    """The board as an SVG document (a string), with a hit area on each position; ``reserves`` are the words written
    on each side's reserve band (by side index)."""
    board = PlayBoard(scenario, lang, cells)
    _, height = board.wrap(WIDTH, 10_000)
    canvas = SvgCanvas(WIDTH, height)
    board.canv = cast(Any, canvas)  # the map draws on whatever canvas it is given
    board.draw()
    board.reserves(canvas, reserves or {})
    board.hit_areas(canvas)
    return canvas.svg()
