"""Text that fits its box: wrap, shrink down to a floor, and say when it still does not fit.

Nothing overflows silently (GUIDE section 6): a text that does not fit at the
floor size is cut with an ellipsis and reported by the caller, by card name.
"""
from __future__ import annotations

from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from tcforge.render.page.fonts import width

FLOOR = 5.5          # points: the smallest type a player can still read at arm's length (text shrunk to fit)
LABEL = 6.0          # points: the smallest fixed type of the print shop: captions, sub-labels, sheets (issue 16)
STEP = 0.25          # points: how much each shrinking step takes off
LEADING = 1.17       # line height as a multiple of the size
ELLIPSIS = "…"


@dataclass
class Fit:
    lines: list[str]
    size: float
    leading: float
    ok: bool

    @property
    def height(self) -> float:
        return len(self.lines) * self.leading


def _break_word(word: str, font: str, size: float, room: float) -> list[str]:
    """A word wider than the line, cut into pieces that fit (long names, URLs)."""
    pieces, current = [], ""
    for ch in word:
        if current and width(current + ch, font, size) > room:
            pieces.append(current)
            current = ch
        else:
            current += ch
    return pieces + ([current] if current else [])


def wrap(text: str, font: str, size: float, room: float) -> list[str]:
    """Greedy line breaking at spaces; explicit newlines start a new line."""
    lines: list[str] = []
    space = width(" ", font, size)
    for paragraph in text.split("\n"):
        current, used = "", 0.0
        for word in paragraph.split(" "):
            if not word:
                continue
            w = width(word, font, size)
            if w > room:
                if current:
                    lines.append(current)
                pieces = _break_word(word, font, size, room)
                lines += pieces[:-1]
                current, used = pieces[-1], width(pieces[-1], font, size)
                continue
            if current and used + space + w <= room:
                current += " " + word
                used += space + w
            else:
                if current:
                    lines.append(current)
                current, used = word, w
        lines.append(current)
    return lines


def _start_size(text: str, font: str, room_w: float, room_h: float, size: float, leading: float) -> float:
    """Skip sizes that cannot fit by area: the text's ink at 1 pt against the box."""
    ink = width(text, font, 1.0) * leading
    if ink <= 0:
        return size
    estimate = (room_w * room_h / ink) ** 0.5
    return max(FLOOR, min(size, STEP * int(estimate * 1.08 / STEP)))


def _widest_word(text: str, font: str) -> float:
    return max((width(word, font, 1.0) for word in text.split()), default=0.0)


def fit_block(text: str, font: str, room_w: float, room_h: float, size: float, floor: float = FLOOR,
              leading: float = LEADING, max_lines: int | None = None) -> Fit:
    """The largest size from ``size`` down to ``floor`` at which ``text`` wraps into the box.

    Words are only cut in two at the floor: a smaller size that keeps them
    whole always wins.
    """
    s = _start_size(text, font, room_w, room_h, size, leading)
    widest = _widest_word(text, font)
    while True:
        lines = wrap(text, font, s, room_w)
        fits_lines = max_lines is None or len(lines) <= max_lines
        whole = widest * s <= room_w
        if fits_lines and whole and len(lines) * s * leading <= room_h + 0.01:
            return Fit(lines, s, s * leading, True)
        if s - STEP < floor - 1e-9:
            break
        s -= STEP
    s = floor
    lines = wrap(text, font, s, room_w)
    keep = max(1, int((room_h + 0.01) // (s * leading)))
    if max_lines is not None:
        keep = min(keep, max_lines)
    return Fit(_cut(lines, keep, font, s, room_w), s, s * leading, False)


def fit_line(text: str, font: str, room_w: float, size: float, floor: float = FLOOR) -> Fit:
    """One line, shrunk to fit the width; cut with an ellipsis below the floor."""
    w1 = width(text, font, 1.0)
    if w1 * size <= room_w:
        return Fit([text], size, size * LEADING, True)
    s = STEP * int((room_w / w1) / STEP) if w1 else size
    if s >= floor:
        return Fit([text], s, s * LEADING, True)
    return Fit(_cut([text], 1, font, floor, room_w), floor, floor * LEADING, False)


def _cut(lines: list[str], keep: int, font: str, size: float, room: float) -> list[str]:
    """The first ``keep`` lines, the last ending in an ellipsis that fits."""
    if len(lines) <= keep and all(width(line, font, size) <= room for line in lines):
        return lines
    out = lines[:keep]
    last = out[-1]
    while last and width(last + ELLIPSIS, font, size) > room:
        last = last[:-1]
    out[-1] = last.rstrip() + ELLIPSIS
    return out


def draw_fit(c: Canvas, fit: Fit, font: str, x: float, top: float, room_w: float, align: str = "left") -> None:
    """Draw fitted lines from ``top`` down; the first baseline sits one size below the top."""
    c.setFont(font, fit.size)
    y = top - fit.size * 0.93
    for line in fit.lines:
        if align == "center":
            c.drawCentredString(x + room_w / 2, y, line)
        elif align == "right":
            c.drawRightString(x + room_w, y, line)
        else:
            c.drawString(x, y, line)
        y -= fit.leading
