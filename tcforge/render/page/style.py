"""The print shop's look: colours, the card frame, header bands and value boxes.

One place for the house style, so inserts, proxies, strips and reference
cards look like one set. Sizes are in millimetres of a standard 63 x 88 mm card
and scale with the card (``k``); text sizes never go below the floor.
"""
from __future__ import annotations

from reportlab.lib.colors import Color, HexColor, white
from reportlab.pdfgen.canvas import Canvas

from tcforge.render.page import fonts
from tcforge.render.page.geometry import MM, STANDARD, Rect
from tcforge.render.page.text import LABEL

INK = HexColor("#222222")
PAPER = HexColor("#fbf8f1")
PAPER_SHADE = HexColor("#efe9da")    # every other table row
MUTED = HexColor("#6b665a")
RULE = HexColor("#b8b09c")
CELL = HexColor("#ffffff")
CHANGED = HexColor("#ffd866")      # a value the errata or the Six-Pack changed
NOTE_BG = HexColor("#fff4cc")
WHITE = white

NATION = {"german": HexColor("#4b5661"), "soviet": HexColor("#7a3e2f"), "any": HexColor("#5b5840")}
SIXPACK = HexColor("#2c5d63")      # the cards the Six-Pack adds
REFERENCE = HexColor("#2f4760")    # reference cards
TERRAIN = HexColor("#4f6b3a")
WATER = HexColor("#2f78b7")        # 001's Streams between positions on a scenario map
CROSSING = HexColor("#8a6a3b")     # a Ford or Bridge on such a Stream

BORDER_MM = 2.2
PAD_MM = 1.6
RADIUS_MM = 1.4
CUT_SAFE_MM = 1.0  # without bleed, a dark frame stops this far short of the cut line (twice a 0.5 mm miscut)


def scale(r: Rect) -> float:
    """How much bigger than a standard card this piece is (1.0 for 63 x 88 mm)."""
    return min(r.w / STANDARD.w, r.h / STANDARD.h)


def frame(c: Canvas, r: Rect, bleed: float, colour: Color) -> Rect:
    """The coloured border and the paper panel inside it; returns the panel.

    With a bleed the border runs out to it. Without one a dark border would print to the cut line and a
    0.5 mm cutting error would show a white sliver along a dark edge (issue 37 item 7): the border then stops
    CUT_SAFE_MM short of the cut, inside a white margin that a miscut only makes a little wider or narrower.
    """
    c.setFillColor(colour if bleed > 0 else WHITE)
    # Drawn in page coordinates at the bleed rectangle: the tests find each card by it.
    c.rect(r.x - bleed, r.y - bleed, r.w + 2 * bleed, r.h + 2 * bleed, stroke=0, fill=1)
    k = scale(r)
    if bleed <= 0:
        dark = r.grow(-CUT_SAFE_MM * MM * k)
        c.setFillColor(colour)
        c.roundRect(dark.x, dark.y, dark.w, dark.h, 2 * RADIUS_MM * MM * k, stroke=0, fill=1)
    inner = r.grow(-BORDER_MM * MM * k)
    c.setFillColor(PAPER)
    c.roundRect(inner.x, inner.y, inner.w, inner.h, RADIUS_MM * MM * k, stroke=0, fill=1)
    return inner


def band(c: Canvas, r: Rect, colour: Color, k: float) -> None:
    """A header band with rounded top corners, flush with the panel."""
    c.setFillColor(colour)
    c.roundRect(r.x, r.y, r.w, r.h, RADIUS_MM * MM * k, stroke=0, fill=1)
    c.rect(r.x, r.y, r.w, min(r.h / 2, RADIUS_MM * MM * k * 2), stroke=0, fill=1)


def value_box(c: Canvas, r: Rect, text: str, size: float, changed: bool = False, bold: bool = True) -> None:
    """A value in a box, the way cards print their numbers; changed values on yellow with a corner dagger."""
    c.setFillColor(CHANGED if changed else CELL)
    c.setStrokeColor(RULE)
    c.setLineWidth(0.5)
    # Square corners: a rounded box costs ten times the path data, and a deck has a thousand boxes.
    c.rect(r.x, r.y, r.w, r.h, stroke=1, fill=1)
    c.setFillColor(INK)
    font = fonts.COND_BOLD if bold else fonts.COND
    s = size
    while s > LABEL and fonts.width(text, font, s) > r.w - 2:
        s -= 0.5
    c.setFont(font, s)
    c.drawCentredString(r.x + r.w / 2, r.y + (r.h - s * 0.72) / 2, text)
    if changed:
        c.setFont(fonts.COND_BOLD, LABEL)
        c.drawRightString(r.right - 0.8, r.top - 5.2, "†")


def small_label(c: Canvas, x: float, y: float, text: str, size: float = LABEL, align: str = "center",
                colour: Color = MUTED, font: str = fonts.COND) -> None:
    c.setFillColor(colour)
    c.setFont(font, size)
    if align == "center":
        c.drawCentredString(x, y, text)
    elif align == "right":
        c.drawRightString(x, y, text)
    else:
        c.drawString(x, y, text)


def rule(c: Canvas, x0: float, x1: float, y: float, width: float = 0.4, colour: Color = RULE) -> None:
    c.setStrokeColor(colour)
    c.setLineWidth(width)
    c.line(x0, y, x1, y)
