"""Page numbers of cross-references, contents and index filled in after one layout pass.

CSS ``target-counter()`` makes WeasyPrint lay out every page that holds a
reference two or three times (the counter is unknown when the boxes are
built, and the ``pages`` counter changes between passes): about 2.4 page
layouts a page for the rule booklet. Instead the stylesheet prints a
placeholder of two digits (``00``) where a page number goes, the document is
laid out once, and :func:`fill_page_numbers` writes each target's page number
into the laid-out text boxes before the PDF is drawn.

Nothing moves: DejaVu's digits and its figure space (U+2007) all have the
same advance, so a two-digit number takes the placeholder's width exactly and
a one-digit number is padded with a figure space: before the number in a
right-aligned contents or index line, and at the start of a reference's
"(p. 7)", between the reference and its page, where it reads as a word space
(after the number it left a gap before the sentence's own closing bracket,
"(8.0 (p. 8) )", issue 37 item 3).
Only WeasyPrint's laid-out pages and the text of their text boxes are
touched (a box's Pango layout is re-created from that text when drawn).
"""
from __future__ import annotations

from typing import Any

PLACEHOLDER = "00"
FIGURE_SPACE = "\u2007"
MAX_PAGE = 99  # two digits; a longer booklet would need a wider placeholder


class PageNumberError(Exception):
    """A page number that cannot be printed in the placeholder's width."""


def anchor_pages(document: Any) -> dict[str, int]:
    """Each anchor (element id) of the laid-out document and its 1-based page."""
    pages: dict[str, int] = {}
    for number, page in enumerate(document.pages, 1):
        for anchor in page.anchors:
            pages.setdefault(anchor, number)
    return pages


def _target(box: Any) -> str | None:
    """The anchor a placeholder box stands for: its element's ``href="#..."`` (the link it is generated for)."""
    element = getattr(box, "element", None)
    href = element.get("href") if element is not None else None
    return str(href[1:]) if href and href.startswith("#") else None


def _filled(text: str, page: int, right_aligned: bool) -> str:
    """``text`` with its last placeholder replaced by ``page``, padded to the placeholder's width: before the number
    when right-aligned, else at the start of the text (a reference's " (p. 7)" follows the reference)."""
    if page > MAX_PAGE:
        raise PageNumberError(f"page {page} does not fit the two-digit page-number placeholder")
    at = text.rindex(PLACEHOLDER)
    before, after, number = text[:at], text[at + len(PLACEHOLDER):], str(page)
    pad = FIGURE_SPACE * (len(PLACEHOLDER) - len(number))
    return before + pad + number + after if right_aligned else pad + before + number + after


def fill_page_numbers(document: Any) -> int:
    """Write every placeholder's page number into the laid-out ``document``; returns how many were filled.

    A placeholder is the ``00`` of generated content (``::before``/``::after``) of a link to ``#anchor``.
    References (class ``xref``) pad before their "(p."; contents and index lines, right-aligned, before the number.
    """
    from weasyprint.formatting_structure.boxes import TextBox

    pages = anchor_pages(document)
    filled = 0
    for page in document.pages:
        for box in page._page_box.descendants(placeholders=True):  # absolutely placed boxes too
            if not isinstance(box, TextBox) or PLACEHOLDER not in box.text:
                continue
            if not box.element_tag.endswith(("::after", "::before")):
                continue
            target = _target(box)
            if target is None or target not in pages:
                continue
            # a reference pads before its "(p. 7)", a contents or index line before the number
            right = "xref" not in (box.element.get("class") or "").split()
            text = _filled(box.text, pages[target], right)
            box.text = text
            box.pango_layout.text = text  # drawing re-creates the Pango layout from this text
            filled += 1
    return filled
