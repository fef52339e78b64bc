"""Checks on the laid-out booklet, before it is drawn: lines a justified paragraph leaves short, errata marks
that run out of their table cell.

WeasyPrint 70 sometimes breaks a justified line at its first word when the next inline box (a
cross-reference) does not fit at its end ("indique son coût" / "en points. ... de la", issue 37 item 4).
:func:`short_lines` finds such lines in any laid-out document, so the build can say so and tests can fail.
"""
from __future__ import annotations

from typing import Any

SHORT = 0.6  # a line of a justified paragraph, not its last, that fills less than this share of the column


def short_lines(document: Any, share: float = SHORT) -> list[tuple[int, str]]:
    """(1-based page, text) of every line of a justified block, its last line apart, that fills less than
    ``share`` of the block's width: a line WeasyPrint broke too early."""
    from weasyprint.formatting_structure.boxes import LineBox, TextBox

    found: list[tuple[int, str]] = []

    def walk(box: Any, page: int) -> None:
        children = getattr(box, "children", [])
        lines = [c for c in children if isinstance(c, LineBox)]
        if lines and box.style["text_align_all"] == "justify" and box.width:
            for line in lines[:-1]:
                used = sum(c.margin_width() for c in line.children)
                if used < share * box.width:
                    text = "".join(t.text for t in line.descendants() if isinstance(t, TextBox))
                    found.append((page, text.strip()))
        for child in children:
            if not isinstance(child, LineBox):
                walk(child, page)

    for number, page in enumerate(document.pages, 1):
        root = getattr(page, "_page_box", None)  # a laid-out WeasyPrint page (a test's stand-in has none)
        if root is not None:
            walk(root, number)
    return found


MARK_TOLERANCE = 0.1  # CSS px (0.03 mm): rounding, not overflow


def overflowing_marks(document: Any, tolerance: float = MARK_TOLERANCE) -> list[tuple[int, str, float]]:
    """(1-based page, cell text, mm past) of every errata mark (``span.dagger``, the † after a corrected value) whose
    right edge passes its table cell's: past the table's edge in the last column (French A5 p. 42 had "lente†" 1.3 mm
    past it), over the next column's room elsewhere. A nowrap cell whose value and mark are wider than its column
    overflows instead of wrapping, so the columns must leave the mark its room."""
    from weasyprint.formatting_structure.boxes import InlineBox, TableCellBox, TextBox

    found: list[tuple[int, str, float]] = []

    def walk(box: Any, page: int, cell: Any) -> None:
        if isinstance(box, TableCellBox):
            cell = box
        if (cell is not None and isinstance(box, InlineBox)
                and "dagger" in ((box.element.get("class") or "").split() if box.element is not None else ())):
            right = max((t.position_x + t.width for t in box.descendants() if isinstance(t, TextBox)), default=0)
            edge = cell.content_box_x() + cell.width + cell.padding_right  # the cell's border (the table's edge)
            if right > edge + tolerance:
                text = "".join(t.text for t in cell.descendants() if isinstance(t, TextBox))
                found.append((page, text.strip(), round((right - edge) * 25.4 / 96, 2)))
            return
        for child in getattr(box, "children", []):
            walk(child, page, cell)

    for number, page in enumerate(document.pages, 1):
        root = getattr(page, "_page_box", None)
        if root is not None:
            walk(root, number, None)
    return found


def overflowing_text(document: Any, tolerance: float = MARK_TOLERANCE) -> list[tuple[int, str, float]]:
    """(1-based page, cell text, mm past) of every table cell whose text runs past the cell's border: a nowrap value
    wider than its column (an erratum's long name ran into the next column)."""
    from weasyprint.formatting_structure.boxes import TableCellBox, TextBox

    found: list[tuple[int, str, float]] = []
    for number, page in enumerate(document.pages, 1):
        root = getattr(page, "_page_box", None)
        if root is None:
            continue
        for cell in root.descendants():
            if not isinstance(cell, TableCellBox):
                continue
            texts = [t for t in cell.descendants() if isinstance(t, TextBox)]
            right = max((t.position_x + t.width for t in texts), default=0)
            edge = cell.content_box_x() + cell.width + cell.padding_right
            if texts and right > edge + tolerance:
                found.append((number, "".join(t.text for t in texts).strip(), round((right - edge) * 25.4 / 96, 2)))
    return found
