"""Saddle-stitch imposition: the booklet's pages two to a sheet side, in folding order.

The page count is padded to a multiple of four with blank pages; sheet ``i``
(from the outside in) carries pages ``n-2i`` and ``2i+1`` on its front and
``2i+2`` and ``n-2i-1`` on its back (1-based). Each side is one landscape
sheet of the paper the pages are imposed on (A5 pages on A4, A4 on A3, half-Letter on
Letter, Letter on Tabloid/Ledger), the pages side by side about its middle: two A5 pages
are 296 mm wide and an A4 sheet 297 mm, so they sit 0.5 mm in from its edges and the fold
stays at the middle (issue 37 item 6). Print double-sided, flipping on the short edge, fold
the stack in the middle and staple on the fold.

Creep: folded together, the inner sheets stand out at the fore-edge by the thickness of the
sheets around them, and trimming the booklet would eat into their pages' outer margins.
Each sheet's pages are moved towards the fold by CREEP_MM for every sheet outside it (none on
the outermost), and each page is clipped to its half of the sheet. The sheet's TrimBox and
BleedBox are the sheet itself (tcforge.render.page.boxes: a page printed whole).

The pages are placed with pypdf as vector content (no rasterising). Links
and bookmarks do not survive imposition; the imposed file is for the printer.
"""
from __future__ import annotations

from io import BytesIO
from pathlib import Path

from tcforge.atomic import write_atomic
from tcforge.render.page.boxes import page_boxes, write_boxes
from tcforge.render.page.geometry import MM, Rect

SHEET_NAMES = {"a5": "A4", "a4": "A3", "letter": "Tabloid", "half-letter": "Letter"}
# The sheet each booklet paper is imposed on, landscape, in points.
SHEETS: dict[str, tuple[float, float]] = {"a5": (297 * MM, 210 * MM), "a4": (420 * MM, 297 * MM),
                                          "letter": (17 * 72.0, 11 * 72.0), "half-letter": (11 * 72.0, 8.5 * 72.0)}
CREEP_MM = 0.1  # the thickness of a sheet of 80-90 g/m² office paper: how far each sheet stands out past the one around it


def creep(sheet: int) -> float:
    """How far (points) the pages of sheet ``sheet`` (0 the outermost) are moved towards the fold."""
    return sheet * CREEP_MM * MM


def saddle_order(pages: int) -> list[tuple[int | None, int | None]]:
    """Sheet sides in print order, each (left, right) as 0-based page indices; None is a blank.

    >>> saddle_order(4)
    [(3, 0), (1, 2)]
    >>> saddle_order(6)
    [(None, 0), (1, None), (5, 2), (3, 4)]
    """
    total = -(-pages // 4) * 4
    sides: list[tuple[int | None, int | None]] = []

    def page(i: int) -> int | None:
        return i if i < pages else None

    for i in range(total // 4):
        sides.append((page(total - 1 - 2 * i), page(2 * i)))
        sides.append((page(2 * i + 1), page(total - 2 - 2 * i)))
    return sides


def impose(path: Path, paper: str) -> tuple[int, str]:
    """Rewrite the PDF at ``path`` imposed 2-up for saddle stitching; returns (sheets, a description).

    Each booklet page becomes a form XObject (its content stream and resources, unchanged), drawn
    once on a sheet side: fast, and nothing is re-rendered.
    """
    from pypdf import PdfReader, PdfWriter
    from pypdf.generic import (
        ArrayObject,
        DecodedStreamObject,
        DictionaryObject,
        FloatObject,
        NameObject,
        TextStringObject,
    )

    reader = PdfReader(str(path))
    pages = list(reader.pages)
    if not pages:
        return 0, "nothing to impose"
    box = pages[0].mediabox
    w, h = float(box.width), float(box.height)
    writer = PdfWriter()
    forms = []
    for page in pages:
        contents = page.get_contents()
        form = DecodedStreamObject()
        form.set_data(contents.get_data() if contents is not None else b"")
        form.update({
            NameObject("/Type"): NameObject("/XObject"),
            NameObject("/Subtype"): NameObject("/Form"),
            NameObject("/BBox"): ArrayObject([FloatObject(0), FloatObject(0), FloatObject(w), FloatObject(h)]),
            NameObject("/Resources"): page["/Resources"].clone(writer) if "/Resources" in page else DictionaryObject(),
        })
        forms.append(writer._add_object(form.flate_encode()))
    sides = saddle_order(len(pages))
    sheet_w, sheet_h = SHEETS.get(paper, (2 * w, h))
    # the two pages centred, the fold at the sheet's middle (a rounding's -0.000 written as 0)
    x0, y0 = (round((sheet_w - 2 * w) / 2, 3) + 0.0, round((sheet_h - h) / 2, 3) + 0.0)
    whole = Rect(0, 0, sheet_w, sheet_h)
    for number, (left, right) in enumerate(sides):
        side = writer.add_blank_page(width=sheet_w, height=sheet_h)
        trim, bleed = page_boxes(whole)
        write_boxes(side, trim, bleed)
        names = DictionaryObject()
        ops = []
        shift = creep(number // 2)
        # (page, where its half of the sheet starts, how far it moves towards the fold)
        for index, half, dx in ((left, 0.0, shift), (right, sheet_w / 2, -shift)):
            if index is None:
                continue
            name = f"/P{index + 1}"
            names[NameObject(name)] = forms[index]
            ops.append(f"q {half:.3f} 0 {sheet_w / 2:.3f} {sheet_h:.3f} re W n "
                       f"1 0 0 1 {x0 + (w if half else 0.0) + dx:.3f} {y0:.3f} cm {name} Do Q")
        content = DecodedStreamObject()
        content.set_data("\n".join(ops).encode("ascii"))
        side[NameObject("/Contents")] = writer._add_object(content)
        side[NameObject("/Resources")] = DictionaryObject({NameObject("/XObject"): names})
    lang = reader.root_object.get("/Lang")
    if lang is not None:  # the booklet's language stays with the imposed file
        writer._root_object[NameObject("/Lang")] = TextStringObject(str(lang))
    if reader.metadata:
        writer.add_metadata({k: str(v) for k, v in reader.metadata.items() if isinstance(v, str)})
    buf = BytesIO()
    writer.write(buf)
    write_atomic(path, buf.getvalue())
    sheets = len(sides) // 2
    sheet = SHEET_NAMES.get(paper, "double-width")
    moved = f", inner pages moved up to {creep(sheets - 1) / MM:.1f} mm towards the fold for creep" if sheets > 1 else ""
    return sheets, (f"{len(pages)} pages imposed 2-up on {sheets} {sheet} sheet(s), {len(sides)} sides{moved}: "
                    f"print double-sided, flip on the short edge, fold and staple")
