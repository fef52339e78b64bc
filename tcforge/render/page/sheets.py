"""From faces to pages: sheets of card-sized pieces with crop marks, backs, boxes.

A :class:`Face` is anything drawn into a trim rectangle (a card, an insert, a
terrain strip, a reference card). A :class:`Book` lays faces on sheets in
reading order, writes TrimBox and BleedBox on every page, draws the crop
marks, and, for double-sided printing, follows each sheet with its backs
(columns mirrored for a long-edge flip, moved by the saved back offset).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from tcforge import __version__
from tcforge.data.cards import CardSet
from tcforge.data.rulesets import Ruleset
from tcforge.render.page import fonts
from tcforge.render.page.boxes import page_boxes, pdf_lang
from tcforge.render.page.geometry import (
    MARK_WIDTH,
    MM,
    STANDARD,
    CardSize,
    Rect,
    SheetLayout,
    chunks,
    paper_size,
)
from tcforge.render.page.style import INK
from tcforge.render.page.text import FLOOR, Fit, fit_block, fit_line


@dataclass
class PrintOptions:
    lang: str = "en"
    paper: str = "a4"
    card: CardSize = STANDARD
    bleed_mm: float = 0.0
    duplex: bool = False
    strict: bool = False
    back_offset_mm: tuple[float, float] = (0.0, 0.0)
    butted: bool = False          # cards touching: shared cut lines, no gutters
    backs: bool = False           # single-sided: a page of backs after the fronts (a shuffled deck's, when it has one)


@dataclass
class Report:
    """What a build did and what did not fit, for the command line to print."""

    overflows: dict[str, list[str]] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    pages: int = 0
    pieces: int = 0

    def overflow(self, face: str, what: str) -> None:
        items = self.overflows.setdefault(face, [])
        if what not in items:
            items.append(what)

    def note(self, text: str) -> None:
        if text not in self.notes:
            self.notes.append(text)


@dataclass
class Ctx:
    """What drawing code needs besides the canvas: language, data, where to report overflows."""

    lang: str
    cards: CardSet
    ruleset: Ruleset
    report: Report
    bleed: float = 0.0
    face: str = ""

    def block(self, what: str, text: str, font: str, w: float, h: float, size: float,
              max_lines: int | None = None, floor: float = FLOOR) -> Fit:
        fit = fit_block(text, font, w, h, size, floor, max_lines=max_lines)
        if not fit.ok:
            self.report.overflow(self.face, what)
        return fit

    def line(self, what: str, text: str, font: str, w: float, size: float, floor: float = FLOOR) -> Fit:
        fit = fit_line(text, font, w, size, floor)
        if not fit.ok:
            self.report.overflow(self.face, what)
        return fit


Draw = Callable[[Canvas, Rect, Ctx], None]


@dataclass
class Face:
    name: str                     # how reports and checklists name it
    draw: Draw
    back: Face | None = None


@dataclass(frozen=True)
class Piece:
    """One card of a product, as the card images see it (tcforge.render.cards.images): its face and its back, each
    with a key; pieces with equal keys draw the same image (copies of a card, the one back of a deck)."""

    key: str
    face: Face
    back_key: str
    back: Face


class Book:
    """One PDF being built: full pages (checklists) and sheets of faces."""

    def __init__(self, path: Path, options: PrintOptions, ctx: Ctx, title: str):
        fonts.register()
        self.options = options
        self.ctx = ctx
        ctx.bleed = options.bleed_mm * MM
        self.page_w, self.page_h = paper_size(options.paper)
        # invariant: no timestamps or random ids, so the same input gives the same bytes.
        self.c = Canvas(str(path), pagesize=(self.page_w, self.page_h), initialFontName=fonts.SANS,  # type: ignore[arg-type]  # the stubs say a number; reportlab takes a font name
                        initialFontSize=9, pageCompression=1, invariant=1, lang=pdf_lang(options.lang))
        self.c.setTitle(title)
        self.c.setAuthor("tcforge")
        self.c.setCreator(f"tcforge {__version__}")
        self.c.setSubject("Tank Commander: The Eastern Front Edition")

    def _boxes(self, pieces: Rect | None) -> None:
        """TrimBox and BleedBox by the one rule (tcforge.render.page.boxes): the pieces and their bleed, or the page."""
        trim, bleed = page_boxes(Rect(0, 0, self.page_w, self.page_h), pieces, self.ctx.bleed)
        self.c.setTrimBox(trim.box())
        self.c.setBleedBox(bleed.box())

    def _end_page(self) -> None:
        self.c.showPage()
        self.ctx.report.pages += 1

    def full_page(self, draw: Callable[[Canvas, Rect], None], blank_back: bool = False) -> None:
        """A page drawn whole (checklist, calibration); its trim is the page itself.

        ``blank_back`` adds an empty page when printing double-sided, so the
        sheets that follow keep their fronts on front sides.
        """
        page = Rect(0, 0, self.page_w, self.page_h)
        self._boxes(None)
        draw(self.c, page)
        self._end_page()
        if blank_back and self.options.duplex:
            self._boxes(None)
            self._end_page()

    def sheets(self, layout: SheetLayout, faces: list[Face], default_back: Face | None = None) -> list[int]:
        """Lay ``faces`` out, nine (or a strip sheet's worth) to a page; returns the page number of each face."""
        for note in layout.notes:
            self.ctx.report.note(note)
        where: list[int] = []
        for group in chunks(faces, len(layout.grid)):
            where += [self.ctx.report.pages + 1] * len(group)
            page = layout.placed(len(group))   # a part-full sheet is trimmed and marked for its pieces only
            self._sheet(page, group)
            if self.options.duplex:
                self._backs(page.mirrored(self.options.back_offset_mm), group, default_back)
        self.ctx.report.pieces += len(faces)
        return where

    def back_page(self, layout: SheetLayout, back: Face, fronts: int) -> None:
        """Single-sided decks (``backs``, not ``duplex``): one page with ``back`` in every cell, to print on the
        reverse of each of the ``fronts`` sheets before them (a shuffled deck needs one back on every card).

        Its cells are the fronts' seen through the sheet (long-edge flip) and moved by the saved back offset.
        """
        if not self.options.backs or self.options.duplex or fronts <= 0:
            return
        page = layout.mirrored(self.options.back_offset_mm)
        self._boxes(page.trim_box)
        for slot in page.grid:
            self._draw(back, slot, page)
        self._end_page()
        n = self.ctx.report.pages
        before = str(n - 1) if fronts == 1 else f"{n - fronts}–{n - 1}"
        self.ctx.report.note(f"page {n} is the back of the cards on page(s) {before}: print it on the reverse of each "
                             "of them, turned over on the long edge")

    def _sheet(self, layout: SheetLayout, group: list[Face]) -> None:
        c = self.c
        self._boxes(layout.trim_box)
        for face, slot in zip(group, layout.slots, strict=True):
            self._draw(face, slot, layout)
        c.setStrokeColor(INK)
        c.setLineWidth(MARK_WIDTH)
        c.lines([(m.x0, m.y0, m.x1, m.y1) for m in layout.marks])
        self._end_page()

    def _backs(self, layout: SheetLayout, group: list[Face], default_back: Face | None) -> None:
        self._boxes(layout.trim_box)
        for face, slot in zip(group, layout.slots, strict=True):
            back = face.back or default_back
            if back is not None:
                self._draw(back, slot, layout, owner=face.name)
        self._end_page()

    def _draw(self, face: Face, slot: Rect, layout: SheetLayout, owner: str = "") -> None:
        self.ctx.face = face.name if not owner else f"{owner} ({face.name})"
        self.c.saveState()
        ink = layout.ink(slot)
        if ink != slot.grow(layout.bleed):  # butted cards: a card's bleed stops where its neighbour begins
            path = self.c.beginPath()
            path.rect(ink.x, ink.y, ink.w, ink.h)
            self.c.clipPath(path, stroke=0, fill=0)
        face.draw(self.c, slot, self.ctx)
        self.c.restoreState()

    def save(self) -> None:
        self.c.save()


def file_parts(options: PrintOptions) -> list[str]:
    """The layout options that change a sheet, as parts of its default file name (none for the defaults):
    card size, bleed, butted, duplex; so that two prints with different options never write the same file."""
    parts = []
    if options.card.name != "standard":
        parts.append(options.card.name or f"{options.card.width_mm:g}x{options.card.height_mm:g}")
    if options.bleed_mm:
        parts.append(f"bleed{options.bleed_mm:g}")
    if options.butted:
        parts.append("butted")
    if options.duplex:
        parts.append("duplex")
    return parts
