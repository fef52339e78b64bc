"""What the analysis plots (balance, sweep, ladder, odds heat map) share: the bundled font, and labels wrapped
to a width in pixels.

The plots are small PNGs drawn with Pillow, which the print shop already needs;
a plotting library would add a large dependency for four bar and dot charts.
Pillow has no text layout of its own, so :func:`wrap` breaks a label where a
reader expects it (after a comma or a space) and never cuts it short: a sweep's
cell is only known by its whole label. (The print shop's
:func:`tcforge.render.page.text.wrap` does the same for PDFs with reportlab's
metrics; it sits a layer above analysis, which may not import it.)
"""
from __future__ import annotations

import re

from PIL import ImageFont

from tcforge.paths import fonts_dir

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont


def font(size: int, *, bold: bool = False) -> Font:
    """The bundled DejaVu Sans at ``size`` points (Pillow's own bitmap font if the file cannot be read)."""
    try:
        return ImageFont.truetype(str(fonts_dir() / ("DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf")), size)
    except OSError:
        return ImageFont.load_default()


def text_width(face: Font, text: str) -> float:
    return float(face.getlength(text))


def wrap(text: str, face: Font, width: float) -> list[str]:
    """``text`` in lines no wider than ``width`` pixels, broken after a comma or a space where it can be; a piece
    wider than a whole line (a long parameter name) is broken between characters. Joined again (each line's
    trailing space kept), the lines give back the whole text."""
    pieces = re.findall(r"[^ ,]+[ ,]*|[ ,]+", text)  # each word with the commas and spaces after it
    lines: list[str] = []
    line = ""
    for piece in pieces:
        if text_width(face, (line + piece).rstrip()) <= width:
            line += piece
            continue
        if line:
            lines.append(line)
            line = ""
        while text_width(face, piece.rstrip()) > width and len(piece) > 1:
            cut = max([1] + [n for n in range(2, len(piece)) if text_width(face, piece[:n]) <= width])
            lines.append(piece[:cut])
            piece = piece[cut:]
        line = piece
    if line:
        lines.append(line)
    return lines
