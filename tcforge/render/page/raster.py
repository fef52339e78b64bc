"""PDF pages as pixels: pdfium (the pypdfium2 wheel, no system library) rasterises what the printers draw.

Both the card images for print-on-demand services (:mod:`tcforge.render.cards.images`) and the Tabletop Simulator
deck sheets (:mod:`tcforge.export.raster`) draw a page whose points are pixels with the printers' own code, then
rasterise it here: text stays crisp because pdfium renders the embedded DejaVu glyphs at the target size.
"""
from __future__ import annotations

import io

import pypdfium2 as pdfium  # type: ignore[import-untyped]  # the wheel ships no py.typed
from PIL import Image


def rasterise(pdf: bytes, size: tuple[int, int]) -> Image.Image:
    """The first page of ``pdf`` as an RGB image of exactly ``size`` pixels (the page is ``size`` points)."""
    doc = pdfium.PdfDocument(pdf)
    try:
        page = doc[0]
        bitmap = page.render(scale=1.0, fill_color=(255, 255, 255, 255), may_draw_forms=False)
        image = bitmap.to_pil().convert("RGB")
    finally:
        doc.close()
    if image.size != size:  # pdfium rounds the page size up; never more than a pixel off
        image = image.crop((0, 0, *size))
    return image


def png_bytes(image: Image.Image, dpi: int | None = None) -> bytes:
    """``image`` as PNG; with ``dpi``, the resolution a print shop reads (the pHYs chunk)."""
    buffer = io.BytesIO()
    extra = {"dpi": (dpi, dpi)} if dpi else {}
    image.save(buffer, format="PNG", optimize=False, compress_level=6, **extra)
    return buffer.getvalue()
