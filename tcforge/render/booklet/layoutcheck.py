"""Checks on the laid-out booklet, before it is drawn: lines a justified paragraph leaves short.

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
