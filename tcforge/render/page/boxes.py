"""The one rule for a printed page's PDF boxes, for every product (issue 37 item 6).

- The TrimBox is what the reader cuts out: the bounds of the pieces on a sheet of cards or strips; the page
  itself on a page printed whole (a checklist, a scenario sheet, a booklet page, an imposed sheet).
- The BleedBox is the TrimBox grown by the bleed, each side, kept inside the MediaBox (the PDF rule): with
  ``--bleed 3`` a sheet's BleedBox is 3 mm larger than its TrimBox all round; a page printed whole has none.
- Every PDF says its language (the catalogue's /Lang): "en", "fr", or the code of another catalogued language.

ReportLab's products set them through :func:`page_boxes` (``tcforge.render.page.sheets.Book`` and the scenario
sheet); PDFs written by other means (the imposed booklet) through :func:`write_boxes`.
"""
from __future__ import annotations

from typing import Any

from tcforge.render.page.geometry import Rect


def page_boxes(media: Rect, pieces: Rect | None = None, bleed: float = 0.0) -> tuple[Rect, Rect]:
    """(TrimBox, BleedBox) of a page of size ``media``: the pieces' bounds and the bleed around them, or the page
    and no bleed when nothing on it is cut out (``bleed`` in points)."""
    if pieces is None:
        return media, media
    grown = pieces.grow(bleed)
    x0, y0 = max(grown.x, media.x), max(grown.y, media.y)
    x1, y1 = min(grown.right, media.right), min(grown.top, media.top)
    return pieces, Rect(x0, y0, x1 - x0, y1 - y0)


def write_boxes(page: Any, trim: Rect, bleed: Rect) -> None:
    """Write TrimBox and BleedBox on a pypdf page (and the CropBox, so viewers show the whole MediaBox)."""
    from pypdf.generic import ArrayObject, FloatObject, NameObject

    def array(r: Rect) -> Any:
        return ArrayObject([FloatObject(round(v, 4)) for v in r.box()])

    page[NameObject("/TrimBox")] = array(trim)
    page[NameObject("/BleedBox")] = array(bleed)


def pdf_lang(lang: str) -> str:
    """The catalogue's /Lang for a language code (BCP 47: "fr", "de")."""
    return lang.strip().lower() or "en"
