"""Saddle-stitch imposition: the booklet's pages two to a sheet side, in folding order.

The page count is padded to a multiple of four with blank pages; sheet ``i``
(from the outside in) carries pages ``n-2i`` and ``2i+1`` on its front and
``2i+2`` and ``n-2i-1`` on its back (1-based). Each side is one landscape
page twice the booklet page's width (A5 pages on A4, A4 on A3, half-Letter on
Letter, Letter on Tabloid/Ledger): print double-sided, flipping on the short edge, fold the
stack in the middle and staple on the fold.

The pages are placed with pypdf as vector content (no rasterising). Links
and bookmarks do not survive imposition; the imposed file is for the printer.
"""
from __future__ import annotations

from io import BytesIO
from pathlib import Path

from tcforge.atomic import write_atomic

SHEET_NAMES = {"a5": "A4", "a4": "A3", "letter": "Tabloid", "half-letter": "Letter"}


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
    from pypdf.generic import ArrayObject, DecodedStreamObject, DictionaryObject, FloatObject, NameObject

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
    for left, right in sides:
        side = writer.add_blank_page(width=2 * w, height=h)
        names = DictionaryObject()
        ops = []
        for index, dx in ((left, 0.0), (right, w)):
            if index is None:
                continue
            name = f"/P{index + 1}"
            names[NameObject(name)] = forms[index]
            ops.append(f"q 1 0 0 1 {dx:.3f} 0 cm {name} Do Q")
        content = DecodedStreamObject()
        content.set_data("\n".join(ops).encode("ascii"))
        side[NameObject("/Contents")] = writer._add_object(content)
        side[NameObject("/Resources")] = DictionaryObject({NameObject("/XObject"): names})
    if reader.metadata:
        writer.add_metadata({k: str(v) for k, v in reader.metadata.items() if isinstance(v, str)})
    buf = BytesIO()
    writer.write(buf)
    write_atomic(path, buf.getvalue())
    sheets = len(sides) // 2
    sheet = SHEET_NAMES.get(paper, "double-width")
    return sheets, (f"{len(pages)} pages imposed 2-up on {sheets} {sheet} sheet(s), {len(sides)} sides: "
                    f"print double-sided, flip on the short edge, fold and staple")
