"""Card faces as pixels: the printed drawing code, on a canvas the size of a TTS deck sheet, rasterised.

There is one way to draw a card: a :class:`~tcforge.render.page.sheets.Face`
draws itself on a reportlab canvas into a 63 x 88 mm rectangle, as on a
printed sheet. Here the canvas is a one-page PDF whose points are pixels: each
slot of the grid is scaled so that the card's 63 x 88 mm fill
``CARD_PX`` pixels, and pdfium (the pypdfium2 wheel, no system library)
rasterises the page (:mod:`tcforge.render.page.raster`, shared with the
print-on-demand card images). Text stays crisp because pdfium renders the embedded
DejaVu glyphs at the target size rather than scaling a bitmap.
"""
from __future__ import annotations

import io
from dataclasses import dataclass

from PIL import Image
from reportlab.pdfgen.canvas import Canvas

from tcforge.render.page import fonts
from tcforge.render.page.geometry import STANDARD, Rect
from tcforge.render.page.raster import png_bytes, rasterise
from tcforge.render.page.sheets import Ctx, Face

__all__ = ["CARD_PX", "Grid", "png_bytes", "rasterise", "sheet_image", "sheet_pdf"]

# 6.5 px a millimetre (165 dpi): 63 x 88 mm is 409.5 x 572 px, rounded down to 409 so that ten cards across make
# 4,090 px and seven down 4,004 px, under the 4,096 px a side that every graphics card loads as one texture.
CARD_PX = (409, 572)


@dataclass(frozen=True)
class Grid:
    """A deck sheet's grid: ``columns`` x ``rows`` slots of ``CARD_PX``."""

    columns: int
    rows: int

    @property
    def slots(self) -> int:
        return self.columns * self.rows

    @property
    def size(self) -> tuple[int, int]:
        return self.columns * CARD_PX[0], self.rows * CARD_PX[1]


def _draw_slot(c: Canvas, face: Face, ctx: Ctx, x: float, y: float) -> None:
    """``face`` in the slot whose bottom-left pixel corner is (x, y) (PDF coordinates, y up)."""
    card = Rect(0, 0, STANDARD.w, STANDARD.h)
    ctx.face = face.name
    c.saveState()
    c.translate(x, y)
    # x and y scale differ by 0.1 % (409 px stand for 409.5): no eye sees it, and the whole border shows.
    c.scale(CARD_PX[0] / card.w, CARD_PX[1] / card.h)
    face.draw(c, card, ctx)
    c.restoreState()


def sheet_pdf(grid: Grid, faces: list[Face | None], ctx: Ctx) -> bytes:
    """A one-page PDF, one point a pixel, with ``faces`` in reading order (left to right, top to bottom).

    ``None`` leaves its slot white.
    """
    if len(faces) > grid.slots:
        raise ValueError(f"{len(faces)} faces do not fit a {grid.columns} x {grid.rows} sheet")
    fonts.register()
    width, height = grid.size
    buffer = io.BytesIO()
    c = Canvas(buffer, pagesize=(width, height), initialFontName=fonts.SANS,  # type: ignore[arg-type]  # the stubs say a number
               pageCompression=1, invariant=1)
    for n, face in enumerate(faces):
        if face is None:
            continue
        col, row = n % grid.columns, n // grid.columns
        _draw_slot(c, face, ctx, col * CARD_PX[0], height - (row + 1) * CARD_PX[1])
    c.showPage()
    c.save()
    return buffer.getvalue()


def sheet_image(grid: Grid, faces: list[Face | None], ctx: Ctx) -> Image.Image:
    return rasterise(sheet_pdf(grid, faces, ctx), grid.size)
