"""The battlefield of a scenario drawn from its data, as a platypus flowable.

North is at the top, as the scenario files and ``tcforge scenario show`` draw
it: the north side's reserve above the grid, the south side's below. Each row
carries both sides' rank labels (Hill 621: G2..G7 on the left, R7..R2 on the
right), each position the names of its terrain cards (French names with
``lang="fr"``), each side's setup zone is shaded in its colour, named areas are
outlined and tagged, and the arrival positions of reinforcement groups carry a
numbered disc in the side's colour. A legend under the grid says what each
mark means. Text that does not fit a cell is shrunk to the floor and reported.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from reportlab.lib.colors import Color, HexColor
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable

from tcforge.i18n.words import capital, curly, t
from tcforge.render.page import fonts, style
from tcforge.render.page.geometry import MM
from tcforge.render.page.sheets import Ctx
from tcforge.render.page.text import LABEL, draw_fit
from tcforge.render.scenario.text import group_title, side_name
from tcforge.scenarios.grid import Position
from tcforge.scenarios.scenario import Scenario

AREA = HexColor("#9a6a00")                                  # named areas: dark amber, apart from both sides
CHOSEN = (HexColor("#7b5a2b"), HexColor("#2f5d50"))         # sides whose nation the players choose


def tint(colour: Color, amount: float) -> Color:
    """``colour`` mixed with white; ``amount`` 0 keeps it, 1 gives white."""
    return Color(colour.red + (1 - colour.red) * amount, colour.green + (1 - colour.green) * amount,
                 colour.blue + (1 - colour.blue) * amount)


# Greyscale laser prints turn both nations' colours into the same grey, so the
# sides differ by more than colour: the first side's zone is a solid tint with a
# solid outline and its arrival discs are filled; the second side's zone is
# hatched with a dashed outline and its discs are rings.
SOLID_TINT = 0.70            # the first side's zone fill: a mid-light grey in print
HATCH_TINT = 0.94            # the second side's zone ground: almost white, under the hatching
HATCH_STEP = 2.4 * MM        # hatching: one diagonal line every this many points


def hollow_sides(s: Scenario) -> set[str]:
    """The sides drawn hatched and hollow: every side after the first."""
    return {side.id for side in s.sides[1:]}


def zone_fill(c: Canvas, x: float, y: float, w: float, h: float, colour: Color, hatched: bool, k: float = 1.0) -> None:
    """A setup zone's fill: solid tint, or a near-white ground with diagonal hatching in the side's colour."""
    c.saveState()
    c.setFillColor(tint(colour, HATCH_TINT if hatched else SOLID_TINT))
    c.rect(x, y, w, h, stroke=0, fill=1)
    if hatched:
        path = c.beginPath()
        path.rect(x, y, w, h)
        c.clipPath(path, stroke=0, fill=0)
        c.setStrokeColor(tint(colour, 0.4))
        c.setLineWidth(0.5 * k)
        step = HATCH_STEP * k
        d = -h
        while d < w:
            c.line(x + d, y, x + d + h, y + h)
            d += step
    c.restoreState()


def side_colours(s: Scenario) -> dict[str, Color]:
    out = {}
    for i, side in enumerate(s.sides):
        out[side.id] = style.NATION[side.nation] if side.nation in ("german", "soviet") else CHOSEN[i % 2]
    return out


@dataclass
class _Legend:
    symbol: Callable[[Canvas, float, float, float], None]   # draws in a box: x, y (bottom), size
    text: str


def disc(c: Canvas, cx: float, cy: float, r: float, colour: Color, label: str, hollow: bool = False) -> None:
    """A numbered arrival badge: filled with a white number, or (``hollow``) a ring with the number in colour."""
    c.setFillColor(style.WHITE if hollow else colour)
    c.setStrokeColor(colour if hollow else style.WHITE)
    c.setLineWidth(1.2 if hollow else 0.6)
    c.circle(cx, cy, r, stroke=1, fill=1)
    c.setFillColor(colour if hollow else style.WHITE)
    size = max(LABEL, r * 1.35)
    c.setFont(fonts.SANS_BOLD, size)
    c.drawCentredString(cx, cy - size * 0.36, label)


class BattlefieldMap(Flowable):
    """The grid, its labels and marks, and the legend; as wide as the frame, as tall as the rows need."""

    def __init__(self, scenario: Scenario, lang: str, ctx: Ctx, k: float = 1.0, replay: bool = False):
        """``replay``: the board of a game's replay (the designer's report), not of the sheet: the terrain a set-up
        deals is named by the replay on each position, so no '1 card dealt' is drawn nor its legend, and each cell
        has a strip at its foot for the units' tags, under the terrain's name (``unit_h``)."""
        super().__init__()
        self.replay = replay
        self.s = scenario
        self.lang = lang
        self.ctx = ctx
        self.k = k
        self.colours = side_colours(scenario)
        self.hollow = hollow_sides(scenario)
        g = scenario.grid
        fixed = scenario.terrain.method == "fixed"
        self.unit_h = 5.2 * MM * k if replay else 0.0  # the units' strip at a replay cell's foot
        self.cell_h = (13.0 if fixed else 9.5) * MM * k + self.unit_h
        self.band_h = 5.6 * MM * k
        self.num_h = 4.2 * MM * k
        self.label_w = 13 * MM * k
        self.legend_size = max(LABEL, 7.6 * k)
        self.legend_row = self.legend_size * 1.9
        self.grid_h = g.rows * self.cell_h
        self.arrivals = self._arrivals()
        self.tagged = {min(a.positions) for a in scenario.areas.values() if a.positions}
        self.mark_h = 4.6 * MM * k            # the strip at the top of a cell that holds area tags and discs
        self.legend: list[_Legend] = self._legend_items()
        self.lines: list[list[tuple[_Legend, float]]] = []

    # ------------------------------------------------------------------ data

    def _arrivals(self) -> dict[Position, list[tuple[Color, str, bool]]]:
        out: dict[Position, list[tuple[Color, str, bool]]] = {}
        for side in self.s.sides:
            for n, group in enumerate(side.reinforcements, start=1):
                for pos in group.positions:
                    out.setdefault(pos, []).append((self.colours[side.id], str(n), side.id in self.hollow))
        return out

    def _legend_items(self) -> list[_Legend]:
        s, lang, k = self.s, self.lang, self.k
        items = []
        for side in s.sides:
            colour = self.colours[side.id]
            key = "map_key_zone_reserve" if side.reserve_allowed else "map_key_zone"

            def swatch(c: Canvas, x: float, y: float, h: float, colour: Color = colour,
                       hatched: bool = side.id in self.hollow) -> None:
                zone_fill(c, x, y, h * 1.5, h, colour, hatched, self.k)
                c.setStrokeColor(colour)
                c.setLineWidth(0.8)
                if hatched:
                    c.setDash(2, 1.2)
                c.rect(x, y, h * 1.5, h, stroke=1, fill=0)
                c.setDash()

            items.append(_Legend(swatch, t(key, lang, side=side_name(s, side.id, lang))))
        for area in s.areas.values():
            def outline(c: Canvas, x: float, y: float, h: float) -> None:
                c.setStrokeColor(AREA)
                c.setLineWidth(1.6 * k)
                c.setDash(3 * k, 1.6 * k)
                c.rect(x + 0.8, y + 0.8, h * 1.5 - 1.6, h - 1.6, stroke=1, fill=0)
                c.setDash()

            items.append(_Legend(outline, area.name.get(lang)))
        for side in s.sides:
            for n, group in enumerate(side.reinforcements, start=1):
                if not group.positions:
                    continue

                def mark(c: Canvas, x: float, y: float, h: float, colour: Color = self.colours[side.id],
                         label: str = str(n), hollow: bool = side.id in self.hollow) -> None:
                    disc(c, x + h * 0.75, y + h / 2, h * 0.48, colour, label, hollow)

                when = t("sc_turn", lang, n=group.turn) if group.turn is not None else ""
                text = group_title(s, side, group, lang) + (f", {when}" if when else "")
                items.append(_Legend(mark, text))
        # the "?" cell is drawn only where terrain is placed at the players' choice: a random deal's cells say
        # "1 card dealt" themselves, and the legend names no mark the map does not use
        if s.terrain.method == "discretionary" and not self.replay:
            def unknown(c: Canvas, x: float, y: float, h: float) -> None:
                c.setFillColor(style.CELL)
                c.setStrokeColor(style.RULE)
                c.setLineWidth(0.6)
                c.rect(x, y, h * 1.5, h, stroke=1, fill=1)
                c.setFillColor(style.MUTED)
                c.setFont(fonts.SANS_BOLD, h * 0.8)
                c.drawCentredString(x + h * 0.75, y + h * 0.2, "?")

            items.append(_Legend(unknown, t("sc_random_legend", lang)))
        if s.terrain.streams:  # 001: Streams between positions, and a Ford or Bridge on one
            def stream(c: Canvas, x: float, y: float, h: float, crossed: bool = False) -> None:
                c.setStrokeColor(style.WATER)
                c.setLineWidth(3.2 * k)
                c.line(x, y + h / 2, x + h * 1.5, y + h / 2)
                if crossed:
                    c.setStrokeColor(style.CROSSING)
                    c.setLineWidth(2.4 * k)
                    c.line(x + h * 0.75, y, x + h * 0.75, y + h)
                c.setLineWidth(1.0)

            items.append(_Legend(stream, t("map_key_stream", lang)))
            if any(e.crossing is not None for e in s.terrain.streams):
                items.append(_Legend(lambda c, x, y, h: stream(c, x, y, h, True), t("map_key_crossing", lang)))
        return items

    # ------------------------------------------------------------------ platypus

    def wrap(self, aw: float, ah: float) -> tuple[float, float]:
        self.width = aw
        self.lines = self._flow_legend(aw)
        legend_h = len(self.lines) * self.legend_row + (2.5 * MM * self.k if self.lines else 0)
        self.height = 2 * self.band_h + 2 * self.num_h + self.grid_h + legend_h
        return aw, self.height

    def _flow_legend(self, aw: float) -> list[list[tuple[_Legend, float]]]:
        sym = self.legend_size * 1.5 * 1.5
        gap = 5 * MM * self.k
        lines: list[list[tuple[_Legend, float]]] = [[]]
        used = 0.0
        for item in self.legend:
            w = sym + 2 + fonts.width(item.text, fonts.COND, self.legend_size)
            w = min(w, aw)
            if lines[-1] and used + gap + w > aw:
                lines.append([])
                used = 0.0
            used += (gap if lines[-1] else 0) + w
            lines[-1].append((item, w))
        return [line for line in lines if line]

    def draw(self) -> None:
        c, s, g, k = self.canv, self.s, self.s.grid, self.k
        self.ctx.face = "battlefield"
        x0 = self.label_w
        grid_w = self.width - 2 * self.label_w
        cell_w = grid_w / g.columns
        top = self.height - self.band_h - self.num_h           # top edge of the grid
        bottom = top - self.grid_h

        def cell(pos: Position) -> tuple[float, float]:
            return x0 + (pos.column - 1) * cell_w, top - pos.row * self.cell_h

        # reserve bands
        for sid, y in ((g.north, self.height - self.band_h), (g.south, bottom - self.num_h - self.band_h)):
            c.setFillColor(self.colours[sid])
            c.rect(x0, y, grid_w, self.band_h, stroke=0, fill=1)
            fit = self.ctx.line("reserve band", t("reserve_of", self.lang, side=side_name(s, sid, self.lang)),
                                fonts.SANS_BOLD, grid_w - 4, 8.5 * k)
            c.setFillColor(style.WHITE)
            baseline = y + (self.band_h - fit.size * 0.72) / 2
            draw_fit(c, fit, fonts.SANS_BOLD, x0, baseline + fit.size * 0.93, grid_w, align="center")
        # column numbers, above and below
        c.setFillColor(style.MUTED)
        c.setFont(fonts.COND_BOLD, max(LABEL, 7.5 * k))
        for col in range(1, g.columns + 1):
            cx = x0 + (col - 0.5) * cell_w
            c.drawCentredString(cx, top + (self.num_h - 7.5 * k * 0.72) / 2, str(col))
            c.drawCentredString(cx, bottom - self.num_h + (self.num_h - 7.5 * k * 0.72) / 2, str(col))
        # cells: zone shading, terrain names
        zones = {pos: side.id for side in s.sides for pos in side.zone}
        for pos in g.positions():
            x, y = cell(pos)
            owner = zones.get(pos)
            if owner:
                zone_fill(c, x, y, cell_w, self.cell_h, self.colours[owner], owner in self.hollow, k)
            else:
                c.setFillColor(style.CELL)
                c.rect(x, y, cell_w, self.cell_h, stroke=0, fill=1)
            self._terrain(c, pos, x, y, cell_w, hatched=owner in self.hollow)
        # grid lines
        c.setStrokeColor(style.RULE)
        c.setLineWidth(0.6)
        for col in range(1, g.columns):
            c.line(x0 + col * cell_w, bottom, x0 + col * cell_w, top)
        for row in range(1, g.rows):
            c.line(x0, top - row * self.cell_h, x0 + grid_w, top - row * self.cell_h)
        # zone outlines in the side's colour, inside the cells
        for pos, sid in zones.items():
            x, y = cell(pos)
            c.setStrokeColor(self.colours[sid])
            c.setLineWidth(1.0)
            if sid in self.hollow:
                c.setDash(3, 1.6)
            c.rect(x + 1.2, y + 1.2, cell_w - 2.4, self.cell_h - 2.4, stroke=1, fill=0)
            c.setDash()
        # the front line(s) between the halves
        c.setStrokeColor(style.INK)
        c.setLineWidth(1.6 * k)
        for row in sorted({g.ranks_per_side, g.rows - g.ranks_per_side}):
            if 0 < row < g.rows:
                c.line(x0, top - row * self.cell_h, x0 + grid_w, top - row * self.cell_h)
        c.setLineWidth(1.0)
        c.rect(x0, bottom, grid_w, self.grid_h, stroke=1, fill=0)
        self._streams(c, x0, top, cell_w)
        self._areas(c, cell, cell_w)
        self._discs(c, cell, cell_w)
        self._row_labels(c, top, x0, grid_w)
        self._draw_legend(c, bottom - self.num_h - self.band_h - 2.5 * MM * k)

    def _streams(self, c: Canvas, x0: float, top: float, cell_w: float) -> None:
        """001 Streams between positions: a blue stroke on the shared edge (across the shared corner for diagonal
        neighbours), with a brown bar across it where a Ford or Bridge lies."""
        k, h = self.k, self.cell_h
        for e in self.s.terrain.streams:
            a, b = sorted((e.a, e.b), key=lambda p: (p.row, p.column))
            if a.row == b.row:  # side by side: the vertical edge between them
                x = x0 + min(a.column, b.column) * cell_w
                y1, y2 = top - a.row * h, top - (a.row - 1) * h
                x1, x2 = x, x
            elif a.column == b.column:  # one above the other: the horizontal edge
                y = top - a.row * h
                x1, x2 = x0 + (a.column - 1) * cell_w, x0 + a.column * cell_w
                y1, y2 = y, y
            else:  # diagonal: a short stroke across the corner they share
                cx, cy = x0 + (a.column if b.column > a.column else a.column - 1) * cell_w, top - a.row * h
                d = 0.18 * min(cell_w, h)
                sign = 1 if b.column > a.column else -1
                x1, y1, x2, y2 = cx - sign * d, cy - d, cx + sign * d, cy + d
            c.setStrokeColor(style.WATER)
            c.setLineWidth(3.2 * k)
            c.line(x1, y1, x2, y2)
            if e.crossing is not None:
                mx, my = (x1 + x2) / 2, (y1 + y2) / 2
                dx, dy = (y2 - y1), (x1 - x2)  # perpendicular to the stream
                norm = max((dx * dx + dy * dy) ** 0.5, 1e-6)
                half = 2.6 * MM * k
                c.setStrokeColor(style.CROSSING)
                c.setLineWidth(2.4 * k)
                c.line(mx - dx / norm * half, my - dy / norm * half, mx + dx / norm * half, my + dy / norm * half)
        c.setLineWidth(1.0)

    def _terrain(self, c: Canvas, pos: Position, x: float, y: float, cell_w: float, hatched: bool = False) -> None:
        s, lang, k = self.s, self.lang, self.k
        method = s.terrain.method
        cards = s.terrain.at(pos) if method == "fixed" else ()
        if self.replay and not cards and method != "fixed":  # the replay names what the set-up dealt there
            return
        if cards:
            text, font, colour = " + ".join(curly(card.display_name(lang)) for card in cards), fonts.COND_BOLD, style.INK
        elif method == "random":  # 6.1.1: one card of the player's shuffled twenty, terrain or blank
            text, font, colour = t("sc_set_map_cell", lang), fonts.COND, style.MUTED
        elif method == "discretionary":
            text, font, colour = t("sc_unknown_cell", lang), fonts.SANS_BOLD, style.RULE
        else:
            text, font, colour = capital(t("clear_position", lang)), fonts.COND, style.MUTED
        room_w = cell_w - 3 * MM * k
        # Every cell keeps the marks' strip when any cell has marks, so the names of a row line up.
        marked = bool(self.arrivals or self.tagged)
        # Text sits in the middle of the cell, or of what the marks' strip leaves of it.
        room_h = self.cell_h - self.unit_h - (self.mark_h if marked else 0) - 1.6 * MM * k
        size = (9.5 if cards else 8.5) * k
        fit = self.ctx.block(f"battlefield {s.label(pos)}", text, font, room_w, room_h, size, max_lines=2)
        middle = y + self.unit_h + (self.cell_h - self.unit_h - (self.mark_h if marked else 0)) / 2
        top = middle + fit.height / 2 - (fit.leading - fit.size) / 2
        if hatched and fit.lines:  # a white backing keeps the hatching off the words (issue 37 item 9)
            pad = 0.8 * MM * k
            wide = max(c.stringWidth(line, font, fit.size) for line in fit.lines) + 2 * pad
            c.setFillColor(style.WHITE)
            c.rect(x + cell_w / 2 - wide / 2, top - fit.height - pad / 2, wide, fit.height + pad, stroke=0, fill=1)
        c.setFillColor(colour)
        draw_fit(c, fit, font, x + 1.5 * MM * k, top, room_w, align="center")

    def _areas(self, c: Canvas, cell: Callable[[Position], tuple[float, float]], cell_w: float) -> None:
        k = self.k
        for area in self.s.areas.values():
            inside = set(area.positions)
            c.setStrokeColor(AREA)
            c.setLineWidth(2.0 * k)
            c.setDash(4 * k, 2 * k)
            d = 2.6  # inset, so the outline sits inside the cells and clear of the zone outline
            for pos in inside:
                x, y = cell(pos)
                x1, y1 = x + cell_w, y + self.cell_h
                if Position(pos.row - 1, pos.column) not in inside:
                    c.line(x + d, y1 - d, x1 - d, y1 - d)
                if Position(pos.row + 1, pos.column) not in inside:
                    c.line(x + d, y + d, x1 - d, y + d)
                if Position(pos.row, pos.column - 1) not in inside:
                    c.line(x + d, y + d, x + d, y1 - d)
                if Position(pos.row, pos.column + 1) not in inside:
                    c.line(x1 - d, y + d, x1 - d, y1 - d)
            c.setDash()
            if not inside:
                continue
            first = min(inside)
            x, y = cell(first)
            name = area.name.get(self.lang)
            size = 6.8 * k
            fit = self.ctx.line(f"area {area.id}", name, fonts.COND_BOLD, cell_w - 2 * d - 4, size)
            w = fonts.width(fit.lines[0], fonts.COND_BOLD, fit.size) + 4
            h = fit.size * 1.35
            tx, ty = x + d + 1.5, y + self.cell_h - d - 1.5 - h
            c.setFillColor(AREA)
            c.roundRect(tx, ty, w, h, 1.2, stroke=0, fill=1)
            c.setFillColor(style.WHITE)
            c.setFont(fonts.COND_BOLD, fit.size)
            c.drawString(tx + 2, ty + (h - fit.size * 0.72) / 2, fit.lines[0])

    def _discs(self, c: Canvas, cell: Callable[[Position], tuple[float, float]], cell_w: float) -> None:
        r = min(1.9 * MM * self.k, self.mark_h * 0.42)
        for pos, marks in self.arrivals.items():
            x, y = cell(pos)
            cx = x + cell_w - 1.4 * MM * self.k - r
            cy = y + self.cell_h - self.mark_h / 2 - 0.4 * MM * self.k
            for colour, label, hollow in reversed(marks):
                disc(c, cx, cy, r, colour, label, hollow)
                cx -= 2 * r + 1.2

    def _row_labels(self, c: Canvas, top: float, x0: float, grid_w: float) -> None:
        g, k = self.s.grid, self.k
        size = 10 * k
        for row in range(1, g.rows + 1):
            cy = top - (row - 0.5) * self.cell_h - size * 0.36
            for sid, cx in ((g.north, x0 / 2), (g.south, x0 + grid_w + x0 / 2)):
                c.setFillColor(self.colours[sid])
                c.setFont(fonts.SANS_BOLD, size)
                c.drawCentredString(cx, cy, g.row_label(row, sid))

    def _draw_legend(self, c: Canvas, top: float) -> None:
        size, k = self.legend_size, self.k
        sym_h = size * 1.5
        gap = 5 * MM * k
        y = top
        for line in self.lines:
            total = sum(w for _, w in line) + gap * (len(line) - 1)
            x = (self.width - total) / 2
            y -= self.legend_row
            for item, w in line:
                item.symbol(c, x, y + (self.legend_row - sym_h) / 2, sym_h)
                room = w - sym_h * 1.5 - 2
                fit = self.ctx.line("battlefield legend", item.text, fonts.COND, room, size)
                c.setFillColor(style.INK)
                c.setFont(fonts.COND, fit.size)
                c.drawString(x + sym_h * 1.5 + 2, y + (self.legend_row - fit.size * 0.72) / 2, fit.lines[0])
                x += w + gap
