"""Sheet geometry: paper sizes, card sizes, where each card sits, crop marks.

Everything is in PDF points (1/72 inch) with the origin at the bottom left of
the page, as ReportLab and the PDF boxes use them; sizes users type are in
millimetres. Layouts are plain data so the tests can compare them with what
the PDF says (TrimBox, the drawn card rectangles).
"""
from __future__ import annotations

import itertools
import math
import re
from dataclasses import dataclass, replace

from reportlab.lib.pagesizes import A4, LETTER

MM = 72 / 25.4

PAPERS: dict[str, tuple[float, float]] = {"a4": A4, "letter": LETTER}
PAPER_NAMES = {"a4": "A4", "letter": "US Letter"}

# Nothing is printed closer to the paper's edge than its safe distance (PAPER_SAFE): ordinary printers cannot
# print the outermost 3-5 mm of A4, and many US printers leave a quarter inch (6.35 mm) of Letter blank, so a
# frame, a crop mark or a bleed nearer the edge would be clipped (issue 50 item 7). The cards' trim, their bleed
# and every crop mark stay inside it. A mark in a margin starts MARK_GAP beyond the bleed and runs up to
# MARK_LEN; shorter than MARK_MIN it cannot guide a blade and is left out. Where a margin has no room, cuts are
# marked in the gutters instead: such a mark lies on its cut line and ends GUTTER_CLEAR short of the card corners
# (INK_CLEAR past any bleed). Where cards touch (butted: no gutters) a margin too narrow for a full mark takes a
# short one, kept clear of the trim like a gutter's mark.
PAPER_SAFE: dict[str, float] = {"a4": 6.0 * MM, "letter": 6.35 * MM}
MARK_SAFE = min(PAPER_SAFE.values())  # the least of them: no paper gets less
MARK_GAP = 1.0 * MM
MARK_LEN = 8.0 * MM
MARK_MIN = 2.0 * MM
GUTTER_CLEAR = 0.35 * MM
INK_CLEAR = 0.2 * MM
GUTTER_MARK = 2.0 * MM       # the mark a gutter is widened for, when the page has room
GUTTER_MARK_MIN = 1.0 * MM   # the shortest mark drawn in a gutter (or in the narrow margin of butted cards)
GUTTER_MIN = 1.5 * MM        # without bleed, neighbours that do not touch never come closer: a 0.5 mm miscut shows paper
MARK_WIDTH = 0.3             # points: GUIDE section 6 asks for 0.25-0.4 pt

# Card sizes: the standard sleeve fit, and the common poker size.
CARD_SIZES = {"standard": (63.0, 88.0), "poker": (63.5, 88.9)}
CARD_LIMITS = (20.0, 150.0)  # mm: smaller is unreadable, larger cannot sit 3 x 3 on a sheet
STRIP_WIDTH = 14.0           # mm: terrain strips cover only the left edge of a card
MAX_OFFSET = 10.0            # mm: printers drift 1-4 mm; more than this is a typo


class LayoutError(ValueError):
    """A size, offset or layout that cannot be printed; the message is meant for users."""


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def top(self) -> float:
        return self.y + self.h

    def grow(self, d: float) -> Rect:
        return Rect(self.x - d, self.y - d, self.w + 2 * d, self.h + 2 * d)

    def shift(self, dx: float, dy: float) -> Rect:
        return Rect(self.x + dx, self.y + dy, self.w, self.h)

    def box(self) -> tuple[float, float, float, float]:
        """As a PDF box: x0 y0 x1 y1."""
        return (self.x, self.y, self.right, self.top)

    def overlaps_segment(self, s: Segment) -> bool:
        """True when the segment has a point strictly inside the rectangle."""
        x0, x1 = sorted((s.x0, s.x1))
        y0, y1 = sorted((s.y0, s.y1))
        return x0 < self.right and x1 > self.x and y0 < self.top and y1 > self.y


@dataclass(frozen=True)
class Segment:
    x0: float
    y0: float
    x1: float
    y1: float

    def shift(self, dx: float, dy: float) -> Segment:
        return Segment(self.x0 + dx, self.y0 + dy, self.x1 + dx, self.y1 + dy)

    @property
    def length(self) -> float:
        return math.hypot(self.x1 - self.x0, self.y1 - self.y0)


@dataclass(frozen=True)
class CardSize:
    width_mm: float
    height_mm: float
    name: str = ""

    @property
    def w(self) -> float:
        return self.width_mm * MM

    @property
    def h(self) -> float:
        return self.height_mm * MM

    def label(self) -> str:
        return f"{self.width_mm:g} x {self.height_mm:g} mm"


STANDARD = CardSize(*CARD_SIZES["standard"], "standard")
POKER = CardSize(*CARD_SIZES["poker"], "poker")

_SIZE = re.compile(r"^\s*(\d+(?:[.,]\d+)?)\s*(?:mm)?\s*[x×X*]\s*(\d+(?:[.,]\d+)?)\s*(?:mm)?\s*$")


def parse_card_size(text: str) -> CardSize:
    """'standard', 'poker' or 'WxH' in millimetres ('63x88', '63.5 x 88.9 mm')."""
    key = text.strip().lower()
    if key in CARD_SIZES:
        return CardSize(*CARD_SIZES[key], key)
    match = _SIZE.match(text)
    if not match:
        raise LayoutError(f"card size '{text}' is not standard, poker or WIDTHxHEIGHT in mm (e.g. 63x88)")
    w, h = (float(g.replace(",", ".")) for g in match.groups())
    low, high = CARD_LIMITS
    if not (low <= w <= high and low <= h <= high):
        raise LayoutError(f"card size {w:g} x {h:g} mm is out of range: each side must be {low:g}-{high:g} mm")
    return CardSize(w, h)


def parse_offset(text: str) -> tuple[float, float]:
    """'X,Y' in millimetres, e.g. '1.5,-0.5'."""
    parts = [p.strip() for p in text.replace(";", ",").split(",")]
    try:
        if len(parts) != 2:
            raise ValueError
        x, y = float(parts[0]), float(parts[1])
    except ValueError:
        raise LayoutError(f"back offset '{text}' is not X,Y in mm (e.g. 1.5,-0.5)") from None
    if not (math.isfinite(x) and math.isfinite(y)):
        raise LayoutError(f"back offset '{text}' is not a pair of finite numbers of mm (e.g. 1.5,-0.5)")
    if abs(x) > MAX_OFFSET or abs(y) > MAX_OFFSET:
        raise LayoutError(f"back offset {x:g},{y:g} mm is more than {MAX_OFFSET:g} mm: measure again on the calibration page")
    return x, y


def paper_size(paper: str) -> tuple[float, float]:
    try:
        return PAPERS[paper]
    except KeyError:
        raise LayoutError(f"unknown paper '{paper}': use a4 or letter") from None


def paper_safe(paper: str) -> float:
    """How far from the edge of ``paper`` (points) the first printed thing may come: 6 mm on A4, 6.35 mm on Letter."""
    paper_size(paper)
    return PAPER_SAFE[paper]


@dataclass(frozen=True)
class SheetLayout:
    """Where the pieces of one sheet go: trim rectangles in reading order, boxes, crop marks.

    ``grid`` is every cell of the sheet; ``slots`` the cells that carry a piece
    (all of them, until :meth:`placed` takes a part-full page). The TrimBox is
    the smallest rectangle around the placed pieces, and only their cut lines
    are marked.
    """

    paper: str
    page_w: float
    page_h: float
    cols: int
    rows: int
    cell_w: float
    cell_h: float
    bleed: float
    gutter_x: float
    gutter_y: float
    grid: tuple[Rect, ...]
    slots: tuple[Rect, ...]
    trim_box: Rect
    bleed_box: Rect
    marks: tuple[Segment, ...]
    notes: tuple[str, ...] = ()
    safe: float = MARK_SAFE          # nothing printed nearer the paper's edge (paper_safe)
    butted_x: bool = False           # the columns touch: shared vertical cut lines, no gutters between them
    butted_y: bool = False           # the rows touch
    tight_x: bool = False            # the marks left and right of the pieces are short ones (butted, narrow margins)
    tight_y: bool = False            # likewise above and below them

    def placed(self, count: int) -> SheetLayout:
        """This sheet with only its first ``count`` cells used: boxes and marks for those pieces only."""
        if count >= len(self.grid):
            return self
        slots = self.grid[:count]
        trim = _bounds(slots)
        return replace(self, slots=slots, trim_box=trim, bleed_box=trim.grow(self.bleed),
                       marks=_marks(self, slots))

    def mirrored(self, offset_mm: tuple[float, float] = (0.0, 0.0)) -> SheetLayout:
        """The back of this sheet for a long-edge flip: seen from the back, columns swap sides; then the saved offset moves everything.

        Slot i of the back is the back of slot i of the front. Backs carry no
        crop marks: cuts are made from the front.
        """
        dx, dy = offset_mm[0] * MM, offset_mm[1] * MM

        def flip(r: Rect) -> Rect:
            return Rect(self.page_w - r.right, r.y, r.w, r.h).shift(dx, dy)

        return replace(self, grid=tuple(flip(r) for r in self.grid), slots=tuple(flip(r) for r in self.slots),
                       trim_box=flip(self.trim_box), bleed_box=flip(self.bleed_box), marks=(), notes=())

    def ink(self, slot: Rect) -> Rect:
        """Where the piece in ``slot`` may draw: its trim grown by the bleed, but not over a piece that touches it.

        Butted cards share their cut lines, so a card's bleed there would paint its neighbour; the bleed runs only
        round the outer edge of the block (and into a gutter, which is at least twice the bleed).
        """
        if self.bleed <= 0:
            return slot

        def touches(other: Rect, side: str) -> bool:
            if other == slot:
                return False
            if side in ("left", "right"):
                edge = abs(other.right - slot.x) if side == "left" else abs(other.x - slot.right)
                return edge < 0.01 and other.y < slot.top - 0.01 and other.top > slot.y + 0.01
            edge = abs(other.top - slot.y) if side == "bottom" else abs(other.y - slot.top)
            return edge < 0.01 and other.x < slot.right - 0.01 and other.right > slot.x + 0.01

        grow = {side: 0.0 if any(touches(o, side) for o in self.slots) else self.bleed
                for side in ("left", "right", "bottom", "top")}
        return Rect(slot.x - grow["left"], slot.y - grow["bottom"], slot.w + grow["left"] + grow["right"],
                    slot.h + grow["bottom"] + grow["top"])


@dataclass(frozen=True)
class _Axis:
    """One direction of a grid: how many cells, the gutter, where the first cell starts, where its cuts are marked."""

    n: int
    gutter: float
    start: float
    in_margins: bool     # the cuts across this direction are marked in the two margins ...
    in_gutters: bool     # ... and/or in its gutters
    butted: bool = False  # the cells touch: no gutters, shared cut lines
    tight: bool = False   # the margins hold only short marks (butted cells, narrow margins)

    def marks_per_cut(self) -> int:
        return 2 * self.in_margins + (self.n - 1) * self.in_gutters


def _clearance(bleed: float) -> float:
    """How far a mark in a gutter keeps from the trim: past the bleed, and never under a 0.5 mm miscut."""
    return max(GUTTER_CLEAR, bleed + INK_CLEAR)


def _axis(page: float, cell: float, n: int, bleed: float, safe: float, butted: bool = False) -> _Axis | None:
    """``n`` cells along a page side, or None when they do not fit with every cut marked twice.

    The cells and their bleed stay ``safe`` inside the paper. Butted cells touch; otherwise gutters are at least
    twice the bleed (at least GUTTER_MIN).
    """
    edge = safe + bleed
    if n == 1 or butted:
        gutter = 0.0
    else:
        low = max(2 * bleed, GUTTER_MIN)
        room = (page - n * cell - 2 * edge) / (n - 1)
        if room < low - 1e-6:
            return None
        gutter = max(low, min(2 * _clearance(bleed) + GUTTER_MARK, room))
    start = (page - n * cell - (n - 1) * gutter) / 2
    if start < edge - 1e-6:
        return None
    beyond = start - bleed - safe    # the margin left for marks, between the bleed and what the printer can print
    in_margins = beyond - MARK_GAP >= MARK_MIN - 1e-6
    tight = butted and n > 1 and not in_margins and beyond - _clearance(bleed) + bleed >= GUTTER_MARK_MIN - 1e-6
    in_gutters = n > 1 and not butted and gutter - 2 * _clearance(bleed) >= GUTTER_MARK_MIN - 1e-6
    axis = _Axis(n, gutter, start, in_margins or tight, in_gutters, butted and n > 1, tight)
    return axis if axis.marks_per_cut() >= 2 else None


def _best_axis(page: float, cell: float, most: int, bleed: float, safe: float, butted: bool) -> _Axis | None:
    """The most cells that fit, up to ``most``: with gutters, or touching (``butted``, or when gutters leave no room
    for the ``most`` cells asked for: cards that touch rather than a row or a column lost)."""
    for n in range(most, 0, -1):
        axis = _axis(page, cell, n, bleed, safe, butted)
        if axis is None and not butted and n == most > 1:
            axis = _axis(page, cell, n, bleed, safe, butted=True)
        if axis is not None:
            return axis
    return None


def grid_layout(paper: str, cell_w: float, cell_h: float, cols: int, rows: int, bleed_mm: float = 0.0,
                what: str = "pieces", say_fewer: bool = True, butted: bool = False) -> SheetLayout:
    """Up to ``cols`` x ``rows`` cells of ``cell_w`` x ``cell_h`` points, centred, as many as keep every cut marked.

    Gutters are at least twice the bleed (at least GUTTER_MIN without bleed)
    and widen, where the page has room, to hold cut marks. When a margin is
    too narrow for marks inside the paper's safe distance, the cuts are marked in
    the gutters; when gutters leave no room for the cells asked for, those cells
    touch (butted: shared cut lines, marked in the margins); when nothing holds
    them, the grid loses a row or column, and the notes say so. ``butted``
    makes every cell touch its neighbours.
    """
    page_w, page_h = paper_size(paper)
    safe = paper_safe(paper)
    bleed = bleed_mm * MM
    across, down = (_best_axis(page_w, cell_w, cols, bleed, safe, butted),
                    _best_axis(page_h, cell_h, rows, bleed, safe, butted))
    if across is None or down is None:
        raise LayoutError(f"pieces of {cell_w / MM:g} x {cell_h / MM:g} mm with {bleed_mm:g} mm bleed do not fit on "
                          f"{PAPER_NAMES[paper]} ({page_w / MM:.0f} x {page_h / MM:.0f} mm) with room for cut marks "
                          f"{safe / MM:g} mm inside the paper; use a smaller card size or bleed")
    grid = tuple(Rect(across.start + c * (cell_w + across.gutter),
                      down.start + (down.n - 1 - r) * (cell_h + down.gutter), cell_w, cell_h)
                 for r in range(down.n) for c in range(across.n))
    trim = _bounds(grid)
    notes: list[str] = []
    safe_text = f"{safe / MM:g} mm inside the paper"
    with_bleed = f" with {bleed_mm:g} mm bleed" if bleed_mm else ""
    if say_fewer and (across.n, down.n) != (cols, rows):
        notes.append(f"{across.n} x {down.n} {what} a sheet on {PAPER_NAMES[paper]}: {cols} x {rows} of "
                     f"{cell_w / MM:g} x {cell_h / MM:g} mm{with_bleed} leave no room for cut marks {safe_text}")
    for axis, lines, size in ((across, "columns", cell_w), (down, "rows", cell_h)):
        if axis.butted and not butted:
            bleed_note = "; the bleed runs round the block's outer edge only" if bleed_mm else ""
            notes.append(f"the {lines} touch (shared cut lines): {axis.n} {lines} of {size / MM:g} mm{with_bleed} and "
                         f"gutters between them do not fit {safe / MM:g} mm inside the edges of {PAPER_NAMES[paper]}"
                         f"{bleed_note}")
    if not across.in_margins:
        notes.append(f"the horizontal cuts are marked in the gutters between the columns "
                     f"(the side margins are too narrow for marks {safe_text})")
    if not down.in_margins:
        notes.append(f"the vertical cuts are marked in the gutters between the rows "
                     f"(the top and bottom margins are too narrow for marks {safe_text})")
    layout = SheetLayout(paper, page_w, page_h, across.n, down.n, cell_w, cell_h, bleed, across.gutter, down.gutter,
                         grid, grid, trim, trim.grow(bleed), (), tuple(notes), safe, across.butted, down.butted,
                         across.tight, down.tight)
    return replace(layout, marks=_marks(layout, grid))


def card_sheet(paper: str, card: CardSize, bleed_mm: float = 0.0, butted: bool = False) -> SheetLayout:
    """Nine cards, 3 x 3, centred (GUIDE section 6), touching where gutters leave no room (or all, ``butted``); fewer
    when even touching cards leave no room for cut marks."""
    return grid_layout(paper, card.w, card.h, 3, 3, bleed_mm, what="cards", butted=butted)


def strip_sheet(paper: str, card: CardSize, bleed_mm: float = 0.0, butted: bool = False) -> SheetLayout:
    """Terrain strips as tall as the card: as many columns as keep their cuts marked, at most 3 rows."""
    page_w, _ = paper_size(paper)
    cell_w = STRIP_WIDTH * MM
    return grid_layout(paper, cell_w, card.h, int(page_w // cell_w), 3, bleed_mm,
                       what="strips", say_fewer=False, butted=butted)


def _bounds(rects: tuple[Rect, ...]) -> Rect:
    x0, y0 = min(r.x for r in rects), min(r.y for r in rects)
    return Rect(x0, y0, max(r.right for r in rects) - x0, max(r.top for r in rects) - y0)


def _cuts(values: list[float]) -> list[float]:
    """Distinct cut positions."""
    out: list[float] = []
    for v in sorted(values):
        if not out or abs(v - out[-1]) > 0.01:
            out.append(v)
    return out


def _marks(layout: SheetLayout, placed: tuple[Rect, ...]) -> tuple[Segment, ...]:
    """A mark on every cut line of the placed pieces: beyond them where the paper has room, and in the gutters between them.

    Margin marks start MARK_GAP beyond the bleed and stop at the paper's safe distance (short ones, clear of the
    trim like a gutter's, where butted pieces leave a narrow margin); gutter marks keep clear of the trim and the
    bleed on both sides. Every cut line runs the whole sheet, so its marks stay after the first cuts take the
    margins away.
    """
    grid, b, safe = layout.grid, layout.bleed, layout.safe
    clear = _clearance(b)
    cols, rows = grid[:layout.cols], grid[::layout.cols]
    span = _bounds(placed)
    # How far from the trim a mark beyond the pieces starts, and how short it may be: above and below them (the
    # vertical cuts' marks) and left and right of them (the horizontal cuts').
    gap_y, least_y = (clear, GUTTER_MARK_MIN) if layout.tight_y else (b + MARK_GAP, MARK_MIN)
    gap_x, least_x = (clear, GUTTER_MARK_MIN) if layout.tight_x else (b + MARK_GAP, MARK_MIN)
    # Where a mark may go along a vertical cut (spans in y) and along a horizontal cut (spans in x): just
    # beyond the placed pieces, then in the gutters such a mark does not already cover (see _spans).
    top, bottom = span.top + gap_y, span.y - gap_y
    left, right = span.x - gap_x, span.right + gap_x
    along_x_cut = _spans([(top, min(top + MARK_LEN, layout.page_h - safe)), (max(bottom - MARK_LEN, safe), bottom)],
                         [(lower.top + clear, upper.y - clear) for upper, lower in itertools.pairwise(rows)],
                         span.y, span.top, least_y)
    along_y_cut = _spans([(max(left - MARK_LEN, safe), left), (right, min(right + MARK_LEN, layout.page_w - safe))],
                         [(a.right + clear, z.x - clear) for a, z in itertools.pairwise(cols)],
                         span.x, span.right, least_x)
    marks: list[Segment] = []
    for x in _cuts([s.x for s in placed] + [s.right for s in placed]):
        marks += [Segment(x, a, x, z) for a, z in along_x_cut]
    for y in _cuts([s.y for s in placed] + [s.top for s in placed]):
        marks += [Segment(a, y, z, y) for a, z in along_y_cut]
    return tuple(marks)


def _spans(beyond: list[tuple[float, float]], gutters: list[tuple[float, float]], lo: float,
           hi: float, least: float = MARK_MIN) -> list[tuple[float, float]]:
    """The spans long enough for a mark: those beyond the pieces (at least ``least``), the gutters between them,
    and, on each side of a part-full sheet, the nearest free gutter past them (a second point for the ruler, no more)."""
    kept = [(a, z) for a, z in beyond if z - a >= least - 1e-6]

    def free(span: tuple[float, float]) -> bool:
        a, z = span
        return z - a >= GUTTER_MARK_MIN - 1e-6 and not any(a < kz and z > ka for ka, kz in kept)

    kept += [g for g in gutters if g[0] >= lo and g[1] <= hi and free(g)]
    if len(kept) >= 2:  # two points already guide the ruler: no mark in the empty rows of a part-full sheet
        return kept     # (issue 37 item 10)
    for side in (sorted(g for g in gutters if g[0] > hi), sorted((g for g in gutters if g[1] < lo), reverse=True)):
        nearest = next((g for g in side if free(g)), None)
        if nearest is not None:
            kept.append(nearest)
    return kept


def _clip(mark: Segment, pieces: tuple[Rect, ...], clear: float) -> list[Segment]:
    """The parts of an upright or level mark that keep ``clear`` off every piece, each long enough to guide a blade."""
    upright = abs(mark.x0 - mark.x1) < 1e-9
    at = mark.x0 if upright else mark.y0
    a, z = sorted((mark.y0, mark.y1) if upright else (mark.x0, mark.x1))
    spans = [(a, z)]
    for piece in pieces:
        r = piece.grow(clear)
        lo, hi, across_lo, across_hi = (r.y, r.top, r.x, r.right) if upright else (r.x, r.right, r.y, r.top)
        if not across_lo < at < across_hi:
            continue
        spans = [part for s0, s1 in spans for part in ((s0, min(s1, lo)), (max(s0, hi), s1)) if part[1] > part[0]]
    keep = [(s0, s1) for s0, s1 in spans if s1 - s0 >= GUTTER_MARK_MIN - 1e-6]
    return [Segment(at, s0, at, s1) if upright else Segment(s0, at, s1, at) for s0, s1 in keep]


def shared_sheet(upper: SheetLayout, upper_count: int, lower: SheetLayout, lower_count: int) -> SheetLayout | None:
    """One sheet holding the last ``upper_count`` pieces of one layout in its top rows and up to ``lower_count``
    pieces of another in the rows left free (the last card inserts and the first terrain strips, issue 37 item 10),
    or None when the two grids' rows do not line up or no row is left free.

    Each part keeps its own cut marks, cut back where they would cross the other part's pieces; the rows' cuts
    run the whole sheet, so the sheet is cut into rows first.
    """
    if upper_count <= 0 or lower_count <= 0 or upper.rows != lower.rows or abs(upper.bleed - lower.bleed) > 1e-9:
        return None
    top_rows = -(-upper_count // upper.cols)
    if top_rows >= upper.rows:
        return None
    rows_of = [r.y for r in upper.grid[::upper.cols]]
    if any(abs(a - b) > 0.01 for a, b in zip(rows_of, [r.y for r in lower.grid[::lower.cols]], strict=True)):
        return None
    first = top_rows * lower.cols
    high = upper.grid[:upper_count]
    low = lower.grid[first:first + min(lower_count, len(lower.grid) - first)]
    clear = _clearance(upper.bleed)

    def band(pieces: tuple[Rect, ...]) -> tuple[Rect, ...]:  # a part's rows, across the whole page
        b = _bounds(pieces)
        return (Rect(0.0, b.y, upper.page_w, b.h),)

    marks = [part for m in _marks(upper, high) for part in _clip(m, band(low), clear)]
    marks += [part for m in _marks(lower, low) for part in _clip(m, band(high), clear)]
    # The gutter between the two parts marks every upright cut of both, keeping clear of both (on Letter the
    # margins are too narrow: these and the gutters' marks are all a part has).
    gap_lo, gap_hi = band(low)[0].top, band(high)[0].y
    upright = [m for m in marks if abs(m.x0 - m.x1) < 1e-9]
    marks = [m for m in marks if m not in upright or not (min(m.y0, m.y1) >= gap_lo and max(m.y0, m.y1) <= gap_hi)]
    if gap_hi - gap_lo - 2 * clear >= GUTTER_MARK_MIN - 1e-6:
        marks += [Segment(x, gap_lo + clear, x, gap_hi - clear) for x in _cuts([v for r in high + low for v in (r.x, r.right)])]
    slots = high + low
    for x in _cuts([v for r in slots for v in (r.x, r.right)]):
        if sum(1 for m in marks if abs(m.x0 - x) < 0.01 and abs(m.x1 - x) < 0.01) < 2:
            return None  # a cut a ruler could not be laid on (Letter's margins hold no marks): sheets apart
    trim = _bounds(slots)
    return replace(upper, grid=slots, slots=slots, trim_box=trim, bleed_box=trim.grow(upper.bleed),
                   marks=tuple(marks), notes=())


def chunks(items: list, size: int) -> list[list]:
    return [items[i:i + size] for i in range(0, len(items), size)]
