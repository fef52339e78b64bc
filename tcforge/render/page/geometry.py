"""Sheet geometry: paper sizes, card sizes, where each card sits, crop marks.

Everything is in PDF points (1/72 inch) with the origin at the bottom left of
the page, as ReportLab and the PDF boxes use them; sizes users type are in
millimetres. Layouts are plain data so the tests can compare them with what
the PDF says (TrimBox, the drawn card rectangles).
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass, replace

from reportlab.lib.pagesizes import A4, LETTER

MM = 72 / 25.4

PAPERS: dict[str, tuple[float, float]] = {"a4": A4, "letter": LETTER}
PAPER_NAMES = {"a4": "A4", "letter": "US Letter"}

# Crop marks start this far beyond the bleed edge, so a cut a little off the
# line never leaves a mark on the card, and run up to MARK_LEN: long enough
# that a rough first cut through the margin still leaves them usable.
MARK_GAP = 2.0 * MM
MARK_LEN = 8.0 * MM
MARK_MIN = 2.0 * MM          # a shorter mark cannot guide a blade: left out, with a note
PAGE_SAFE = 2.0 * MM         # printers lose the outermost millimetres of a sheet
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


@dataclass(frozen=True)
class SheetLayout:
    """Where the pieces of one sheet go: trim rectangles in reading order, boxes, crop marks."""

    paper: str
    page_w: float
    page_h: float
    cols: int
    rows: int
    cell_w: float
    cell_h: float
    bleed: float
    gutter: float
    slots: tuple[Rect, ...]
    trim_box: Rect
    bleed_box: Rect
    marks: tuple[Segment, ...]
    notes: tuple[str, ...] = ()

    def mirrored(self, offset_mm: tuple[float, float] = (0.0, 0.0)) -> SheetLayout:
        """The back of this sheet for a long-edge flip: columns swap sides, then the saved offset moves everything.

        Slot i of the back is the back of slot i of the front. Backs carry no
        crop marks: cuts are made from the front.
        """
        dx, dy = offset_mm[0] * MM, offset_mm[1] * MM
        slots = []
        for i, _ in enumerate(self.slots):
            row, col = divmod(i, self.cols)
            slots.append(self.slots[row * self.cols + (self.cols - 1 - col)].shift(dx, dy))
        return replace(self, slots=tuple(slots), trim_box=self.trim_box.shift(dx, dy),
                       bleed_box=self.bleed_box.shift(dx, dy), marks=(), notes=())


def grid_layout(paper: str, cell_w: float, cell_h: float, cols: int, rows: int, bleed_mm: float = 0.0) -> SheetLayout:
    """``cols`` x ``rows`` cells of ``cell_w`` x ``cell_h`` points, centred, gutters twice the bleed."""
    page_w, page_h = paper_size(paper)
    bleed = bleed_mm * MM
    gutter = 2 * bleed
    grid_w = cols * cell_w + (cols - 1) * gutter
    grid_h = rows * cell_h + (rows - 1) * gutter
    if grid_w + 2 * bleed > page_w + 1e-6 or grid_h + 2 * bleed > page_h + 1e-6:
        need = f"{(grid_w + 2 * bleed) / MM:.1f} x {(grid_h + 2 * bleed) / MM:.1f} mm"
        raise LayoutError(f"{cols} x {rows} pieces of {cell_w / MM:g} x {cell_h / MM:g} mm with {bleed_mm:g} mm bleed "
                          f"need {need}; {PAPER_NAMES[paper]} is {page_w / MM:.0f} x {page_h / MM:.0f} mm")
    left = (page_w - grid_w) / 2
    bottom = (page_h - grid_h) / 2
    slots = tuple(Rect(left + c * (cell_w + gutter), bottom + (rows - 1 - r) * (cell_h + gutter), cell_w, cell_h)
                  for r in range(rows) for c in range(cols))
    trim = Rect(left, bottom, grid_w, grid_h)
    marks, notes = crop_marks(page_w, page_h, slots, trim, bleed)
    return SheetLayout(paper, page_w, page_h, cols, rows, cell_w, cell_h, bleed, gutter, slots, trim,
                       trim.grow(bleed), marks, notes)


def card_sheet(paper: str, card: CardSize, bleed_mm: float = 0.0) -> SheetLayout:
    """Nine cards, 3 x 3, centred (GUIDE section 6)."""
    return grid_layout(paper, card.w, card.h, 3, 3, bleed_mm)


def strip_sheet(paper: str, card: CardSize, bleed_mm: float = 0.0) -> SheetLayout:
    """Terrain strips as tall as the card, as many columns as leave room for crop marks, at most 3 rows."""
    page_w, page_h = paper_size(paper)
    cell_w, cell_h = STRIP_WIDTH * MM, card.h
    gutter = 2 * bleed_mm * MM
    room = page_w - 2 * (bleed_mm * MM + MARK_GAP + MARK_MIN + PAGE_SAFE)
    cols = max(1, int((room + gutter) // (cell_w + gutter)))
    rows = max(1, min(3, int((page_h - 2 * bleed_mm * MM + gutter) // (cell_h + gutter))))
    return grid_layout(paper, cell_w, cell_h, cols, rows, bleed_mm)


def _cuts(values: list[float]) -> list[float]:
    """Distinct cut positions (adjacent cards without gutters share one)."""
    out: list[float] = []
    for v in sorted(values):
        if not out or abs(v - out[-1]) > 0.01:
            out.append(v)
    return out


def crop_marks(page_w: float, page_h: float, slots: tuple[Rect, ...], trim: Rect,
               bleed: float) -> tuple[tuple[Segment, ...], tuple[str, ...]]:
    """Marks in the margins only, on all four sides, one per cut line and side.

    Each cut line gets a mark at both of its ends, so the marks on the far side
    remain after the first cut takes one margin away. Marks never cross the
    page or touch a card (or its bleed).
    """
    xs = _cuts([s.x for s in slots] + [s.right for s in slots])
    ys = _cuts([s.y for s in slots] + [s.top for s in slots])
    out = trim.grow(bleed + MARK_GAP)
    marks: list[Segment] = []
    notes: list[str] = []
    up = min(MARK_LEN, page_h - PAGE_SAFE - out.top)
    down = min(MARK_LEN, out.y - PAGE_SAFE)
    left = min(MARK_LEN, out.x - PAGE_SAFE)
    right = min(MARK_LEN, page_w - PAGE_SAFE - out.right)
    for length, side in ((up, "top"), (down, "bottom"), (left, "left"), (right, "right")):
        if length < MARK_MIN:
            notes.append(f"no room for crop marks on the {side} edge of the sheet (bleed and card size fill it); "
                         "cut there along the card edges")
    for x in xs:
        if up >= MARK_MIN:
            marks.append(Segment(x, out.top, x, out.top + up))
        if down >= MARK_MIN:
            marks.append(Segment(x, out.y, x, out.y - down))
    for y in ys:
        if left >= MARK_MIN:
            marks.append(Segment(out.x, y, out.x - left, y))
        if right >= MARK_MIN:
            marks.append(Segment(out.right, y, out.right + right, y))
    return tuple(marks), tuple(notes)


def chunks(items: list, size: int) -> list[list]:
    return [items[i:i + size] for i in range(0, len(items), size)]
