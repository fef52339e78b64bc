"""Page numbers of cross-references, contents and index filled in after one layout pass.

CSS ``target-counter()`` makes WeasyPrint lay out every page that holds a
reference two or three times (the counter is unknown when the boxes are
built, and the ``pages`` counter changes between passes): about 2.4 page
layouts a page for the rule booklet. Instead the stylesheet prints a
placeholder of two digits (``00``) where a page number goes, the document is
laid out once, and :func:`fill_page_numbers` writes each target's page number
into the laid-out text boxes before the PDF is drawn.

DejaVu's digits and its figure space (U+2007) all have the same advance, so
a two-digit number takes the placeholder's width exactly. In a right-aligned
contents or index line a one-digit number is padded with a figure space
before it, and nothing moves. A reference's "(p. 7)" is not padded (a pad
after the number left a gap before the sentence's closing bracket, "(8.0
(p. 8) )", and one before "(p." made "5.0  (p. 5)" stand wider apart than
"10.0 (p. 14)", issue 37 item 3): its box is narrowed by the digit it does not
print, what follows on its line moves left by as much, and a justified line
gives that width back to its word spaces, so it still ends at the margin.
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
    """``text`` with its last placeholder replaced by ``page``: padded to the placeholder's width before the number
    when right-aligned, not padded otherwise (a reference's "(p. 7)": :func:`_narrow` closes the gap)."""
    if page > MAX_PAGE:
        raise PageNumberError(f"page {page} does not fit the two-digit page-number placeholder")
    at = text.rindex(PLACEHOLDER)
    before, after, number = text[:at], text[at + len(PLACEHOLDER):], str(page)
    pad = FIGURE_SPACE * (len(PLACEHOLDER) - len(number))
    return before + pad + number + after if right_aligned else before + number + after


def _text_width(box: Any, text: str) -> float:
    """The width ``text`` takes in ``box``'s font, with the word spacing of its line's justification."""
    from weasyprint.text.line_break import line_size

    layout = box.pango_layout
    layout.setup(box.style)
    try:
        layout.set_text(text, justify=True)
        line, _ = layout.get_first_line()
        return float(line_size(line, box.style)[0])
    finally:
        layout.deactivate()


def _contains(box: Any, target: Any) -> bool:
    return box is target or any(_contains(child, target) for child in getattr(box, "children", ()))


def _shift_after(parent: Any, target: Any, delta: float) -> None:
    """Narrow ``target`` and the inline boxes holding it by ``delta``; move what follows it in ``parent`` left."""
    found = False
    for child in parent.children:
        if found:
            child.translate(dx=-delta)
        elif child is target:
            child.width -= delta
            found = True
        elif _contains(child, target):
            _shift_after(child, target, delta)
            child.width -= delta
            found = True


def _spaces(box: Any) -> int:
    """Word spaces WeasyPrint stretches to justify a line (spaces and no-break spaces)."""
    from weasyprint.formatting_structure.boxes import TextBox

    if isinstance(box, TextBox):
        return int(box.text.count(" ") + box.text.count("\u00a0"))
    return sum(_spaces(child) for child in getattr(box, "children", ()) if child.is_in_normal_flow())


def _spread(box: Any, extra: float, advance: float) -> float:
    """Add ``extra`` to every word space of ``box`` (as WeasyPrint's justification does); returns the advance after it."""
    from weasyprint.formatting_structure.boxes import InlineBox, LineBox, TextBox

    if isinstance(box, TextBox):
        box.position_x += advance
        spaces = _spaces(box)
        if spaces:
            box.justification_spacing += extra
            box.pango_layout.justification_spacing = box.justification_spacing  # drawing lays the text out again
            box.width += extra * spaces
            advance += extra * spaces
    elif isinstance(box, (LineBox, InlineBox)):
        box.position_x += advance
        before = advance
        for child in box.children:
            if child.is_in_normal_flow():
                advance = _spread(child, extra, advance)
        box.width += advance - before
    else:
        box.translate(dx=advance)
    return advance


def _justified(box: Any) -> bool:
    """Whether WeasyPrint stretched this line's word spaces."""
    from weasyprint.formatting_structure.boxes import TextBox

    if isinstance(box, TextBox):
        return bool(getattr(box, "justification_spacing", 0))
    return any(_justified(child) for child in getattr(box, "children", ()))


def _narrow(line: Any, box: Any, text: str) -> None:
    """Give ``box`` (in ``line``) the unpadded ``text``: what follows moves left; a justified line is stretched back."""
    delta = _text_width(box, box.text) - _text_width(box, text)
    box.text = text
    box.pango_layout.text = text
    if delta <= 0:
        return
    _shift_after(line, box, delta)
    spaces = _spaces(line)
    if _justified(line) and spaces:
        _spread(line, delta / spaces, 0.0)


def _inline_text(box: Any) -> list[Any]:
    """The text boxes of a line, not those of the inline blocks on it (each has its own lines)."""
    from weasyprint.formatting_structure.boxes import InlineBox, LineBox, TextBox

    if isinstance(box, TextBox):
        return [box]
    if isinstance(box, (LineBox, InlineBox)):
        return [text for child in box.children for text in _inline_text(child)]
    return []


def fill_page_numbers(document: Any, only: dict[str, int] | None = None) -> int:
    """Write every placeholder's page number into the laid-out ``document``; returns how many were filled. With
    ``only``, just the placeholders of those anchors, on the pages given (pages laid out apart and added later).

    A placeholder is the ``00`` of generated content (``::before``/``::after``) of a link to ``#anchor``.
    References (class ``xref``) are narrowed to their page; contents and index lines, right-aligned, pad before it.
    """
    from weasyprint.formatting_structure.boxes import LineBox

    pages = only if only is not None else anchor_pages(document)
    filled = 0
    for page in document.pages:
        for line in page._page_box.descendants(placeholders=True):  # absolutely placed boxes too
            if not isinstance(line, LineBox):
                continue
            for box in _inline_text(line):
                if PLACEHOLDER not in box.text:
                    continue
                if not box.element_tag.endswith(("::after", "::before")):
                    continue
                target = _target(box)
                if target is None or target not in pages:
                    continue
                # a contents or index line pads before the number; a reference is narrowed to its page
                right = "xref" not in (box.element.get("class") or "").split()
                text = _filled(box.text, pages[target], right)
                if right:
                    box.text = text
                    box.pango_layout.text = text  # drawing re-creates the Pango layout from this text
                else:
                    _narrow(line, box, text)
                filled += 1
    return filled
