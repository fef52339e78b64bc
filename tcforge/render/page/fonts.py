"""The fonts every PDF embeds: DejaVu Sans, regular and bold, wide and condensed.

DejaVu covers French accents, the narrow no-break space French typography
puts before ; : ! ? and the arrows and signs the cards use (→ ≤ ≥ −). Fonts are
embedded as subsets (FontFile2), so a PDF prints the same on any machine. tcforge bundles the four
faces with their licence (fonts/ in the repository, inside the wheel once installed: see tcforge.paths);
``TCFORGE_FONT_DIR`` points at another folder holding the same files.
"""
from __future__ import annotations

import os
from functools import cache, lru_cache
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from tcforge.paths import fonts_dir as bundled_fonts

SANS = "DejaVuSans"
SANS_BOLD = "DejaVuSans-Bold"
COND = "DejaVuSansCondensed"
COND_BOLD = "DejaVuSansCondensed-Bold"
FILES = {SANS: "DejaVuSans.ttf", SANS_BOLD: "DejaVuSans-Bold.ttf",
         COND: "DejaVuSansCondensed.ttf", COND_BOLD: "DejaVuSansCondensed-Bold.ttf"}


class FontError(RuntimeError):
    """A font file is missing; the message says which and where it was looked for."""


def font_dir() -> Path:
    env = os.environ.get("TCFORGE_FONT_DIR")
    return Path(env) if env else bundled_fonts()


@cache
def _register(folder: str) -> None:
    missing = [name for name in FILES.values() if not (Path(folder) / name).is_file()]
    if missing:
        raise FontError(f"font file(s) not found in {folder}: {', '.join(missing)} "
                        "(tcforge bundles them: reinstall it, or set TCFORGE_FONT_DIR to a folder holding the DejaVu fonts)")
    for name, file in FILES.items():
        pdfmetrics.registerFont(TTFont(name, str(Path(folder) / file)))


def register() -> None:
    """Register the four faces with ReportLab once per process; raises FontError when one is missing."""
    _register(str(font_dir()))


@lru_cache(maxsize=65536)
def _unit_width(text: str, font: str) -> float:
    return pdfmetrics.stringWidth(text, font, 1000.0) / 1000.0


def width(text: str, font: str, size: float) -> float:
    """Width of ``text`` in points; widths scale with the size, so one cached measure serves all sizes."""
    return _unit_width(text, font) * size
