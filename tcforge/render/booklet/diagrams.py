"""The diagrams the source booklets only promise ("place diagram"), drawn as inline SVG from the data.

- ``battlefield`` (6.0): the grid of the ruleset (columns, ranks a side, no
  man's land) with both reserves;
- ``reserve-8.3``: which positions the reserve is adjacent to;
- ``movement-8.7``: the example of movement, with the cards of the example
  resolved in the card data and the terrain named as the cards name it;
- ``los-9.2``: three shots whose outcome the engine's line of sight decides
  (:func:`tcforge.engine.fire.line_of_sight`, 9.2, 9.2.1) under the ruleset;
- ``map-ID``: a scenario's map: terrain of a fixed map, setup zones,
  reinforcement arrivals and objectives.

Every SVG is built element by element with escaped attributes and text
(:class:`Svg`); ids are prefixed by the diagram's name, so several diagrams
can share one HTML page.
"""
from __future__ import annotations

import math
import re
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field, replace
from typing import Any

from markupsafe import Markup, escape

from tcforge.data.cards import CardLookupError, CardSet
from tcforge.data.dataset import GameData
from tcforge.data.rulesets import Ruleset
from tcforge.engine import arrivals, fire
from tcforge.engine.board import Board
from tcforge.engine.game import Game
from tcforge.engine.state import GameState
from tcforge.i18n.words import bw, curly, fr_subject, side_word, typo

FONT = "DejaVu Sans Condensed, DejaVu Sans, sans-serif"
INK = "#24231f"
MUTED = "#6b675e"
GRID = "#8a857a"
PAPER = "#fbfaf6"
SIDE_COLOURS = {"german": "#4f5b66", "soviet": "#9a3324", "a": "#56633f", "b": "#4f5b66"}
OK = "#2f6b3a"
BAD = "#a23a2a"
TERRAIN_COLOURS = {
    "Woods": "#a9c98f", "Hills": "#dcc592", "Village": "#e0b2a4", "Wheatfield": "#f1e4a3", "Walls": "#c9c2b6",
    "Path": "#efe8d6", "Foxholes": "#cdbb9b", "Bunkers": "#b8b3ab", "Stream": "#a8cbe2", "Swamp": "#a9c6b4",
    "Wire": "#d6d2ca", "Minefield": "#d9c7c0",
}
DEFAULT_TERRAIN = "#e4e1d8"

# The smallest type printed (issue 16 item 11), and the width (mm) of the column a diagram is printed in: a
# diagram wider than the column is scaled down to it, so its text is drawn larger to print at least MIN_TEXT_PT.
MIN_TEXT_PT = 6.0
PT_MM = 25.4 / 72
_COLUMN_MM: ContextVar[float | None] = ContextVar("column_mm", default=None)


@contextmanager
def printed_in_column(width_mm: float) -> Iterator[None]:
    """Diagrams drawn inside this block are printed at most ``width_mm`` wide (their text kept readable)."""
    token = _COLUMN_MM.set(width_mm)
    try:
        yield
    finally:
        _COLUMN_MM.reset(token)


class DiagramError(ValueError):
    """A diagram that cannot be drawn from the data (an unknown name, a card the data lacks)."""


def _num(value: float) -> str:
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return text if text not in ("", "-0") else "0"


class Svg:
    """A small SVG writer: every attribute value and every text is escaped."""

    def __init__(self, name: str, width: float, height: float, label: str):
        self.name = re.sub(r"[^a-z0-9-]+", "-", name.lower())
        self.width, self.height, self.label = width, height, label
        self.defs: list[str] = []
        self.parts: list[str] = []
        column = _COLUMN_MM.get()
        scale = min(1.0, column / width) if column else 1.0
        # user units are mm at full size; the smallest text size that still prints at MIN_TEXT_PT
        self.min_size = math.ceil(MIN_TEXT_PT * PT_MM / scale * 100) / 100

    def size(self, size: float) -> float:
        """A text size raised to the smallest that prints at least MIN_TEXT_PT once the diagram is scaled."""
        return max(size, self.min_size)

    def id(self, local: str) -> str:
        return f"svg-{self.name}-{local}"

    @staticmethod
    def _attrs(attrs: dict[str, Any]) -> str:
        out = []
        for key, value in attrs.items():
            if value is None or value is False:
                continue
            name = key.rstrip("_").replace("_", "-")
            text = _num(value) if isinstance(value, float) else str(value)
            out.append(f' {name}="{escape(text)}"')
        return "".join(out)

    def el(self, tag: str, text: str | None = None, **attrs: Any) -> None:
        if text is None:
            self.parts.append(f"<{tag}{self._attrs(attrs)}/>")
        else:
            self.parts.append(f"<{tag}{self._attrs(attrs)}>{escape(text)}</{tag}>")

    def open(self, tag: str, **attrs: Any) -> None:
        self.parts.append(f"<{tag}{self._attrs(attrs)}>")

    def close(self, tag: str) -> None:
        self.parts.append(f"</{tag}>")

    def rect(self, x: float, y: float, w: float, h: float, **attrs: Any) -> None:
        self.el("rect", x=float(x), y=float(y), width=float(w), height=float(h), **attrs)

    def line(self, x1: float, y1: float, x2: float, y2: float, **attrs: Any) -> None:
        self.el("line", x1=float(x1), y1=float(y1), x2=float(x2), y2=float(y2), **attrs)

    def text(self, x: float, y: float, text: str, size: float = 3.0, anchor: str = "middle", weight: str | None = None,
             fill: str = INK, style: str | None = None) -> None:
        self.el("text", curly(text), x=float(x), y=float(y), font_size=float(self.size(size)), text_anchor=anchor, font_family=FONT,
                font_weight=weight, fill=fill, font_style=style)

    def lines(self, x: float, y: float, lines: list[str], size: float, **attrs: Any) -> None:
        """Several centred lines around y."""
        size = self.size(size)
        lead = size * 1.15
        top = y - (len(lines) - 1) * lead / 2 + size * 0.35
        for i, line in enumerate(lines):
            self.text(x, top + i * lead, line, size, **attrs)

    def arrow_marker(self, local: str, colour: str) -> str:
        ident = self.id(local)
        self.defs.append(f'<marker id="{escape(ident)}" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" '
                         f'markerHeight="5" orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="{escape(colour)}"/></marker>')
        return f"url(#{ident})"

    def markup(self) -> Markup:
        head = (f'<svg xmlns="http://www.w3.org/2000/svg" class="diagram" viewBox="0 0 {_num(self.width)} '
                f'{_num(self.height)}" width="{_num(self.width)}mm" height="{_num(self.height)}mm" role="img" '
                f'aria-label="{escape(self.label)}">')
        defs = f"<defs>{''.join(self.defs)}</defs>" if self.defs else ""
        return Markup(head + defs + "".join(self.parts) + "</svg>")


def wrap_words(text: str, size: float, width: float) -> list[str]:
    """Split ``text`` into lines that fit ``width`` (mm) at ``size``, by an average glyph width."""
    per_line = max(3, int(width / (size * 0.5)))
    lines: list[str] = []
    for word in text.split():
        if lines and len(lines[-1]) + 1 + len(word) <= per_line:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines or [""]


def cross(svg: Svg, x: float, y: float, r: float, colour: str = BAD) -> None:
    svg.line(x - r, y - r, x + r, y + r, stroke=colour, stroke_width=0.7)
    svg.line(x - r, y + r, x + r, y - r, stroke=colour, stroke_width=0.7)


def chip(svg: Svg, x: float, y: float, w: float, text: str, colour: str, size: float = 2.4) -> None:
    """A card, drawn as a small labelled box centred on (x, y)."""
    size = svg.size(size)
    lines = wrap_words(text, size, w - 1.5)
    h = size * 1.2 * len(lines) + 1.4
    svg.rect(x - w / 2, y - h / 2, w, h, rx=0.8, fill="#ffffff", stroke=colour, stroke_width=0.45)
    svg.rect(x - w / 2, y - h / 2, 1.2, h, fill=colour)
    svg.lines(x + 0.5, y, lines, size, fill=INK)


def _card_name(cards: CardSet, ref: str, lang: str) -> str:
    try:
        return cards.get(ref).display_name(lang)
    except CardLookupError as exc:
        raise DiagramError(f"diagram card {ref!r}: {exc}") from None


def _terrain_colour(name: str) -> str:
    return TERRAIN_COLOURS.get(name, DEFAULT_TERRAIN)


# ---------------------------------------------------------------------------
# 6.0 the battlefield


def _rank_label(rank: int, ranks: int, lang: str) -> str:
    """Ranks count from the reserve (rank 1): the rules' second rank is next to it; with two ranks a side
    the other is the first rank, facing the enemy."""
    if rank == 2:
        return bw("second_rank", lang)
    if ranks == 2 and rank == 3:
        return bw("first_rank", lang)
    return bw("rank_n", lang, n=rank)


def battlefield(ruleset: Ruleset, lang: str) -> tuple[Markup, str]:
    cols = int(ruleset["battlefield.columns"])
    ranks = int(ruleset["battlefield.ranks_per_side"])
    nml = int(ruleset["battlefield.no_mans_land_ranks"])
    cell_w = min(22.0, 110.0 / cols)
    cell_h = 11.0
    left, top = 24.0, 4.0
    strip = 8.0
    rows = 2 * ranks + nml
    width = left + cols * cell_w + 4
    height = top + strip + 2 + rows * cell_h + 2 + strip + 2
    svg = Svg("battlefield", width, height, bw("fig_battlefield", lang, c=cols, r=ranks, nml=""))
    grid_top = top + strip + 2
    player = {"b": bw("player_b", lang), "a": bw("player_a", lang)}
    # reserves
    for side, y in (("b", top), ("a", grid_top + rows * cell_h + 2)):
        svg.rect(left, y, cols * cell_w, strip, rx=1.5, fill=SIDE_COLOURS[side], opacity=0.9)
        svg.text(left + cols * cell_w / 2, y + strip / 2 + 1.1, bw("reserve_hand", lang, player=player[side]), 3.0,
                 fill="#ffffff", weight="bold")
    for r in range(rows):
        y = grid_top + r * cell_h
        if r < ranks:
            side, rank = "b", r + 2  # B's rows from its reserve: rank 2 is next to it
        elif r >= ranks + nml:
            side, rank = "a", rows - r + 1
        else:
            side, rank = "", 0
        label = _rank_label(rank, ranks, lang) if side else bw("no_mans_land", lang)
        colour = SIDE_COLOURS.get(side, GRID)
        svg.text(left - 2, y + cell_h / 2 + 1, label, 2.8, anchor="end", fill=colour if side else MUTED)
        for c in range(cols):
            x = left + c * cell_w
            fill = PAPER if side else "#efece4"
            svg.rect(x + 0.8, y + 0.8, cell_w - 1.6, cell_h - 1.6, rx=1.2, fill=fill, stroke=colour, stroke_width=0.4)
    if nml == 0:
        mid = grid_top + ranks * cell_h
        svg.line(left - 1, mid, left + cols * cell_w + 1, mid, stroke=INK, stroke_width=0.6, stroke_dasharray="2 1")
    caption = bw("fig_battlefield", lang, c=cols, r=ranks, nml=bw("fig_nml", lang, n=nml) if nml else "")
    return svg.markup(), caption


# ---------------------------------------------------------------------------
# 8.3 the reserve


def reserve(ruleset: Ruleset, lang: str) -> tuple[Markup, str]:
    cols = int(ruleset["battlefield.columns"])
    ranks = int(ruleset["battlefield.ranks_per_side"])
    cell_w = min(20.0, 100.0 / cols)
    cell_h = 11.0
    left, top = 24.0, 3.0
    width = left + cols * cell_w + 40
    res_y = top + ranks * cell_h + 12
    height = res_y + 10
    svg = Svg("reserve-8-3", width, height, bw("fig_reserve", lang))
    ok = svg.arrow_marker("ok", OK)
    bad = svg.arrow_marker("bad", BAD)
    for r in range(ranks):
        y = top + r * cell_h
        label = _rank_label(ranks + 1 - r, ranks, lang)
        svg.text(left - 2, y + cell_h / 2 + 1, label, 2.8, anchor="end", fill=SIDE_COLOURS["a"])
        for c in range(cols):
            svg.rect(left + c * cell_w + 0.8, y + 0.8, cell_w - 1.6, cell_h - 1.6, rx=1.2, fill=PAPER,
                     stroke=SIDE_COLOURS["a"], stroke_width=0.4)
    svg.rect(left, res_y, cols * cell_w, 8, rx=1.5, fill=SIDE_COLOURS["a"])
    svg.text(left + cols * cell_w / 2, res_y + 5.1, bw("reserve_hand", lang, player=bw("player_a", lang)), 3.0,
             fill="#ffffff", weight="bold")
    second_y = top + (ranks - 1) * cell_h
    for c in range(cols):
        x = left + c * cell_w + cell_w / 2
        svg.line(x, res_y - 0.3, x, second_y + cell_h - 1.6, stroke=OK, stroke_width=0.55, marker_end=ok)
    # a position of the first rank is not adjacent
    x_end = left + cols * cell_w + 2
    svg.el("path", d=f"M{_num(left + cols * cell_w)},{_num(res_y + 4)} C{_num(x_end + 14)},{_num(res_y + 4)} "
                     f"{_num(x_end + 14)},{_num(top + cell_h / 2)} {_num(x_end - 2.5)},{_num(top + cell_h / 2)}",
           fill="none", stroke=BAD, stroke_width=0.55, stroke_dasharray="1.5 1", marker_end=bad)
    cross(svg, x_end + 10.5, (res_y + top) / 2 + 2, 1.6)
    svg.text(x_end + 14.5, (res_y + top) / 2 + 2.9, bw("not_adjacent", lang), 2.5, anchor="start", fill=BAD)
    return svg.markup(), bw("fig_reserve", lang)


# ---------------------------------------------------------------------------
# 8.7 example of movement


@dataclass
class MovementExample:
    """The cards and positions of 8.7's example: A, B, C in one column, D and E beside them."""

    truck: str = "truck"
    squad: str = "Soviet Guards Squad"
    tank: str = "T-34 M43"
    woods: str = "Woods"
    enemy: str = "German Line Squad"
    cells: dict[str, tuple[int, int]] = field(default_factory=lambda: {"C": (0, 0), "B": (1, 0), "A": (2, 0),
                                                                        "E": (0, 1), "D": (1, 1)})


def _soviet_truck(cards: CardSet, lang: str) -> str:
    for card in cards:
        if card.card_class == "truck" and card.nation == "soviet":
            return card.display_name(lang)
    return bw("truck", lang)


def movement(cards: CardSet, lang: str, example: MovementExample | None = None) -> tuple[Markup, str]:
    ex = example or MovementExample()
    squad = _card_name(cards, ex.squad, lang)
    tank = _card_name(cards, ex.tank, lang)
    woods = _card_name(cards, ex.woods, lang)
    enemy = _card_name(cards, ex.enemy, lang)
    truck = _soviet_truck(cards, lang)
    cell_w, cell_h = 38.0, 24.0
    left, top = 2.0, 2.0
    width, height = left + 2 * cell_w + 50, top + 3 * cell_h + 2
    svg = Svg("movement-8-7", width, height, bw("fig_movement", lang))
    go = svg.arrow_marker("go", OK)
    stop = svg.arrow_marker("stop", BAD)
    centre: dict[str, tuple[float, float]] = {}
    for name, (r, c) in ex.cells.items():
        x, y = left + c * cell_w, top + r * cell_h
        centre[name] = (x + cell_w / 2, y + cell_h / 2)
        fill = _terrain_colour(ex.woods) if name == "D" else PAPER
        svg.rect(x + 1, y + 1, cell_w - 2, cell_h - 2, rx=1.5, fill=fill, stroke=GRID, stroke_width=0.45)
        svg.text(x + 4, y + 6, name, 4.2, anchor="start", weight="bold", fill=MUTED)
        if name == "D":
            svg.text(x + cell_w - 3, y + 6, woods, 2.6, anchor="end", fill=INK)
        elif name in ("B", "C"):
            svg.text(x + cell_w - 3, y + 6, bw("clear_position", lang), 2.6, anchor="end", fill=MUTED)
    ax, ay = centre["A"]
    chip(svg, ax - 6, ay + 3, 20, truck, SIDE_COLOURS["soviet"])
    chip(svg, ax + 10, ay - 4, 16, squad, SIDE_COLOURS["soviet"], 2.1)
    dx, dy = centre["D"]
    chip(svg, dx + 6, dy + 5, 18, enemy, SIDE_COLOURS["german"], 2.1)
    cx, cy = centre["C"]
    chip(svg, cx, cy + 3, 20, f"{truck} + {squad}", SIDE_COLOURS["soviet"], 2.1)
    chip(svg, dx - 8, dy - 1, 16, tank, SIDE_COLOURS["soviet"], 2.2)
    # truck: A -> B -> C
    svg.el("path", d=f"M{_num(ax - 5)},{_num(ay - 3)} L{_num(ax - 5)},{_num(cy + 9)}", fill="none", stroke=OK,
           stroke_width=0.8, marker_end=go)
    # tank: A -> D, then not on to E
    svg.el("path", d=f"M{_num(ax + 12)},{_num(ay + 6)} Q{_num(ax + 22)},{_num(ay + 4)} {_num(dx - 10)},{_num(dy + 4)}",
           fill="none", stroke=OK, stroke_width=0.8, marker_end=go)
    ex_, ey = centre["E"]
    svg.line(dx - 8, dy - 5, ex_ - 8, ey + 6, stroke=BAD, stroke_width=0.7, stroke_dasharray="1.5 1", marker_end=stop)
    cross(svg, dx - 8, (dy + ey) / 2 - 0.5, 1.8)
    # the story, in three short lines, right of the grid
    notes_x = left + 2 * cell_w + 4
    steps = [typo(step, lang) for step in (f"1. {squad} → {truck} (A)", f"2. {truck}: A → B → C",
                                           f"3. {tank}: A → D ({woods})", f"4. D → E: {bw('stops', lang)}")]
    y = top + 8
    for step in steps:
        for part in wrap_words(step, svg.size(2.6), 44):
            svg.text(notes_x, y, part, 2.6, anchor="start")
            y += svg.size(2.6) * 1.27
        y += 1.6
    return svg.markup(), bw("fig_movement", lang)


# ---------------------------------------------------------------------------
# 9.2 line of sight


def line_of_sight(game: Game, board: Board, terrain: dict[int, str], a: int, b: int) -> bool:
    """9.2 / 9.2.1 as the engine decides them (:func:`tcforge.engine.fire.line_of_sight`), on one panel's board
    and named terrain."""
    state = GameState(replace(game, board=board))
    for pos, name in terrain.items():
        arrivals.lay_terrain(state, pos, int(game.data.cards.get(name).id))  # terrain cards are numbered
    return fire.line_of_sight(state, a, b)


def los(data: GameData, lang: str) -> tuple[Markup, str]:
    """Three shots of a PzKw III J, each judged by the engine's line of sight with this ruleset's rules."""
    cards, ruleset, game = data.cards, data.ruleset, Game.create(data)
    firer = _card_name(cards, "PzKw III J", lang)
    cw, ch = 19.0, 14.0
    gap = 8.0
    top = 10.0
    knight = "los_edge_either" if ruleset["fire.los_knight_move"] == "either_clear" else "los_edge_both"
    hills = "los_hills" if ruleset["fire.hills_see_over_adjacent"] else "los_hills_no"
    panels = [
        # title, board (row 0 drawn at the bottom), terrain by position, firer, targets
        (bw("los_straight", lang), Board(1, 1, 1), {1: "Woods"}, 0, [1, 2]),
        (bw("los_edge", lang, rule=bw(knight, lang)), Board(3, 1), {4: "Woods"}, 0, [5]),
        (bw(hills, lang), Board(1, 1, 1), {0: "Hills", 1: "Woods"}, 0, [2]),
    ]
    # one-column boards get room on the right for "sees" / "blocked"
    widths = [b.columns * cw + (14.0 if b.columns == 1 else 0.0) for _, b, *_ in panels]
    width = sum(widths) + gap * (len(panels) - 1) + 2
    height = top + 3 * ch + 2
    svg = Svg("los-9-2", width, height, bw("fig_los", lang))
    ok = svg.arrow_marker("ok", OK)
    bad = svg.arrow_marker("bad", BAD)
    x_panel = 1.0
    letters = iter("ABCDEFGHIJ")
    for (title, board, terrain, firer_pos, targets), w in zip(panels, widths, strict=True):
        for i, part in enumerate(wrap_words(title, svg.size(2.4), w)[:3]):
            svg.text(x_panel + w / 2, 2.8 + i * svg.size(2.4) * 1.2, part, 2.4, fill=INK, weight="bold")
        rows, cols = board.rows, board.columns
        x0 = x_panel
        y0 = top + (3 - rows) * ch

        def centre(p: int) -> tuple[float, float]:  # called only within this panel's iteration
            return x0 + board.col(p) * cw + cw / 2, y0 + (rows - 1 - board.row(p)) * ch + ch / 2  # noqa: B023

        for p in range(board.size):
            cx, cy = centre(p)
            name = terrain.get(p)
            svg.rect(cx - cw / 2 + 0.6, cy - ch / 2 + 0.6, cw - 1.2, ch - 1.2, rx=1,
                     fill=_terrain_colour(name) if name else PAPER, stroke=GRID, stroke_width=0.35)
            if name:
                svg.text(cx + cw / 2 - 1.6, cy - ch / 2 + 3.6, _card_name(cards, name, lang), 2.1, anchor="end",
                         fill=INK)
            if p == firer_pos or p in targets:
                svg.text(cx - cw / 2 + 2.0, cy - ch / 2 + 4.0, next(letters), 3.0, anchor="start", weight="bold",
                         fill=MUTED)
        fx, fy = centre(firer_pos)
        shots = [(t, line_of_sight(game, board, terrain, firer_pos, t)) for t in targets]
        for i, (target, sees) in enumerate(shots):
            tx, ty = centre(target)
            dx = (i - (len(shots) - 1) / 2) * 4.0 if cols == 1 else 0.0
            colour = OK if sees else BAD
            length = max(1e-6, ((tx - fx) ** 2 + (ty - fy) ** 2) ** 0.5)
            k0, k1 = 3.4 / length, 1 - 2.4 / length
            sx, sy = fx + dx + (tx - fx) * k0, fy + (ty - fy) * k0
            ex, ey = fx + dx + (tx - fx) * k1, fy + (ty - fy) * k1
            svg.line(sx, sy, ex, ey, stroke=colour, stroke_width=0.7, stroke_dasharray=None if sees else "1.6 1",
                     marker_end=ok if sees else bad)
            if not sees:
                between = board.between(firer_pos, target)
                bx = sum(centre(p)[0] for p in between) / len(between) + dx
                by = sum(centre(p)[1] for p in between) / len(between)
                cross(svg, bx, by, 1.5)
            word = bw("sees" if sees else "blocked", lang)
            if cols == 1:
                svg.text(tx + cw / 2 + 1.2, ty + 0.9, word, 2.3, anchor="start", fill=colour, weight="bold")
            else:
                svg.text(tx + cw / 2 - 1.4, ty - ch / 2 + 3.8, word, 2.3, anchor="end", fill=colour, weight="bold")
        svg.rect(fx - 6.5, fy - 1.0, 13, 4.0, rx=0.8, fill="#ffffff", stroke=SIDE_COLOURS["german"], stroke_width=0.4)
        svg.text(fx, fy + 1.9, firer, 2.1, fill=INK)
        x_panel += w + gap
    return svg.markup(), bw("fig_los", lang)


# ---------------------------------------------------------------------------
# scenario maps


def _tint(colour: str, amount: float) -> str:
    """``colour`` mixed with white: amount 0 is the colour, 1 is white."""
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    mix = [round(c + (255 - c) * amount) for c in (r, g, b)]
    return "#" + "".join(f"{c:02x}" for c in mix)


# In greyscale both nations' colours print as the same grey, so the sides differ
# by more than colour (as on the scenario sheets): the first side's zone is a
# solid tint and its arrivals are filled; every other side's zone is hatched on a
# near-white ground with a dashed frame and its arrivals are outlined.
ZONE_SOLID, ZONE_GROUND, HATCH_STEP = 0.70, 0.94, 1.6


def hatch(svg: Svg, x: float, y: float, w: float, h: float, colour: str, step: float = HATCH_STEP) -> None:
    """Diagonal lines filling the rectangle, clipped to it by computation (no SVG patterns needed)."""
    d = -h
    while d < w:
        t0, t1 = max(0.0, -d), min(h, w - d)
        if t1 > t0:
            svg.line(x + d + t0, y + h - t0, x + d + t1, y + h - t1, stroke=colour, stroke_width=0.22)
        d += step


def zone_cell(svg: Svg, x: float, y: float, w: float, h: float, colour: str, hatched: bool, **attrs: Any) -> None:
    svg.rect(x, y, w, h, fill=_tint(colour, ZONE_GROUND if hatched else ZONE_SOLID), **attrs)
    if hatched:
        hatch(svg, x + 0.3, y + 0.3, w - 0.6, h - 0.6, _tint(colour, 0.35))


def scenario_map(scenario: Any, lang: str, *, legend: bool = True, name: str | None = None) -> tuple[Markup, str]:
    """A scenario's battlefield: terrain (a fixed map), setup zones, arrivals and objectives.

    A map whose terrain is dealt or placed during setup is drawn small, with its setup zones;
    a fixed map is drawn large enough to name the terrain of every position.
    """
    from tcforge.scenarios.grid import Position

    g = scenario.grid
    cols, rows = g.columns, g.rows
    method = scenario.terrain.method
    fixed = method == "fixed"
    cell_w = min(22.0 if fixed else 15.0, 132.0 / cols)
    cell_h = cell_w * (0.62 if fixed else 0.55)
    lab = 8.0
    strip = 5.5
    left, top = lab + 1, 1.0
    grid_top = top + strip + 4.5
    width = left + cols * cell_w + lab + 1
    legend_y = grid_top + rows * cell_h + strip + 5.0
    title = scenario.title.get(lang)
    svg = Svg(name or f"map-{scenario.id}", width, legend_y if not legend else legend_y + 3, bw("map_caption", lang, title=title))
    north, south = g.north, g.south

    def side_colour(sid: str) -> str:
        side = scenario.side(sid)
        return SIDE_COLOURS.get(side.nation, SIDE_COLOURS["a" if sid == south else "b"])

    def side_name(sid: str) -> str:
        side = scenario.side(sid)
        if side.title:
            return str(side.title.get(lang))
        return side_word(side.nation, side.role, lang)

    for sid, y in ((north, top), (south, grid_top + rows * cell_h + 1.2)):
        svg.rect(left, y, cols * cell_w, strip, rx=1.0, fill=side_colour(sid))
        svg.text(left + cols * cell_w / 2, y + strip / 2 + 0.9, bw("reserve_of", lang, side=side_name(sid)), 2.5,
                 fill="#ffffff", weight="bold")
    for c in range(cols):
        svg.text(left + c * cell_w + cell_w / 2, grid_top - 1.2, str(c + 1), 2.3, fill=MUTED)
    zones = {sid: set(scenario.side(sid).zone) for sid in g.sides}
    hollow = {side.id for side in scenario.sides[1:]}
    arrivals: dict[Any, str] = {}
    for side in scenario.sides:
        for group in side.reinforcements:
            for p in group.positions:
                arrivals.setdefault(p, side.id)
    area_cells = {p for a in scenario.areas.values() for p in a.positions}
    for r in range(1, rows + 1):
        y = grid_top + (r - 1) * cell_h
        svg.text(left - 1.5, y + cell_h / 2 + 0.8, g.row_label(r, north), 2.3, anchor="end", fill=side_colour(north))
        svg.text(left + cols * cell_w + 1.5, y + cell_h / 2 + 0.8, g.row_label(r, south), 2.3, anchor="start",
                 fill=side_colour(south))
        for c in range(1, cols + 1):
            pos = Position(r, c)
            x = left + (c - 1) * cell_w
            cards = scenario.terrain.at(pos) if fixed else ()
            zone_of = [sid for sid, zone in zones.items() if pos in zone]
            if zone_of and not cards:
                zone_cell(svg, x + 0.45, y + 0.45, cell_w - 0.9, cell_h - 0.9, side_colour(zone_of[0]),
                          zone_of[0] in hollow, rx=0.8, stroke=GRID, stroke_width=0.28)
            else:
                fill = _terrain_colour(cards[0].name) if cards else PAPER
                svg.rect(x + 0.45, y + 0.45, cell_w - 0.9, cell_h - 0.9, rx=0.8, fill=fill, stroke=GRID, stroke_width=0.28)
            label = " + ".join(card.display_name(lang) for card in cards)
            if label:
                svg.lines(x + cell_w / 2, y + cell_h / 2 + 0.5, wrap_words(label, svg.size(2.3), cell_w - 2)[:3], 2.3, fill=INK)
            elif fixed:
                svg.text(x + cell_w / 2, y + cell_h / 2 + 0.8, bw("clear_position", lang), 2.1, fill="#a29d90")
            for sid in zone_of:
                if cards:  # on a terrain colour the zone is a dashed frame; elsewhere the tint says it
                    svg.rect(x + 1.3, y + 1.3, cell_w - 2.6, cell_h - 2.6, rx=0.6, fill="none", stroke=side_colour(sid),
                             stroke_width=0.5, stroke_dasharray="1.3 0.7" if sid in hollow else None)
            if pos in arrivals:
                colour = side_colour(arrivals[pos])
                down = arrivals[pos] == north  # arrivals point away from the side's reserve
                ax = x + cell_w - 3.0
                ay = y + 1.6 if down else y + cell_h - 1.6
                tip = ay + (2.6 if down else -2.6)
                outlined = arrivals[pos] in hollow
                svg.el("path", d=f"M{_num(ax - 1.5)},{_num(ay)} L{_num(ax + 1.5)},{_num(ay)} L{_num(ax)},{_num(tip)} z",
                       fill="#ffffff" if outlined else colour, stroke=colour if outlined else None,
                       stroke_width=0.4 if outlined else None)
    for p in area_cells:
        x = left + (p.column - 1) * cell_w
        y = grid_top + (p.row - 1) * cell_h
        for (dr, dc, x1, y1, x2, y2) in ((-1, 0, x, y, x + cell_w, y), (1, 0, x, y + cell_h, x + cell_w, y + cell_h),
                                         (0, -1, x, y, x, y + cell_h), (0, 1, x + cell_w, y, x + cell_w, y + cell_h)):
            if Position(p.row + dr, p.column + dc) not in area_cells:
                svg.line(x1, y1, x2, y2, stroke=INK, stroke_width=0.9, stroke_linecap="round")
    if legend:
        _map_legend(svg, scenario, lang, zones, arrivals, left, legend_y, side_colour, side_name, hollow)
    return svg.markup(), bw("map_caption", lang, title=title)


def _map_legend(svg: Svg, scenario: Any, lang: str, zones: dict[str, set[Any]], arrivals: dict[Any, str], left: float,
                y: float, side_colour: Any, side_name: Any, hollow: set[str]) -> None:
    method = scenario.terrain.method
    fixed = method == "fixed"
    items: list[tuple[str, str, str]] = [("zone" if sid not in hollow else "zone-hatched", side_colour(sid),
                                          bw("map_key_zone", lang, side=side_name(sid)))
                                         for sid in scenario.grid.sides if zones[sid]]
    if arrivals:
        items.append(("arrive", MUTED, bw("map_key_arrive", lang)))
    for area in scenario.areas.values():
        items.append(("area", INK, bw("map_key_area", lang, name=area.name.get(lang))))
    if method == "random":
        items.append(("text", MUTED, bw("map_random", lang)))
    elif method == "none":
        items.append(("text", MUTED, bw("map_none", lang)))
    elif method == "discretionary":
        by = [side_name(b) if lang != "fr" else fr_subject(side_name(b)) for b in scenario.terrain.by]
        items.append(("text", MUTED, bw("map_chosen", lang, by=", ".join(by))))
    x = left
    size = svg.size(2.2)
    for kind, colour, text in items:
        mark = 0.0 if kind == "text" else 4.6
        approx = mark + len(text) * size * 0.5 + 3.0
        if x + approx > svg.width and x > left:
            x = left
            y += 3.8
        if kind.startswith("zone"):
            hatched = kind == "zone-hatched"
            zone_cell(svg, x, y - 2.1, 3.6, 2.6, colour, hatched, rx=0.5, stroke=colour if fixed else GRID,
                      stroke_width=0.45, stroke_dasharray="1.2 0.6" if fixed and hatched else None)
        elif kind == "arrive":
            svg.el("path", d=f"M{_num(x + 0.3)},{_num(y - 2.1)} L{_num(x + 3.3)},{_num(y - 2.1)} L{_num(x + 1.8)},{_num(y + 0.5)} z",
                   fill=colour)
        elif kind == "area":
            svg.rect(x, y - 2.1, 3.6, 2.6, fill="none", stroke=colour, stroke_width=0.8)
        svg.text(x + mark, y, text, size, anchor="start", fill=INK if kind != "text" else MUTED)
        x += approx
    svg.height = y + 1.8


def cover_art(scenario: Any, lang: str) -> Markup:
    """The cover's picture: a scenario's map without its legend."""
    svg, _ = scenario_map(scenario, lang, legend=False, name=f"cover-{scenario.id}")
    return svg
