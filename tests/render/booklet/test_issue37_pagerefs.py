"""Issue 37 item 3: a one-digit page reference is printed without a pad, and its line closes up behind it.

A page of a few references is laid out by WeasyPrint with the booklet's own
rule for references (under a second: no booklet is built).
"""
from __future__ import annotations

from typing import Any

import pytest

XREF_CSS = 'a.xref::after { content: "\\00A0(p.\\00A0 00)"; font: 6.6pt "DejaVu Sans Condensed"; }'


def _laid_out(paragraph: str) -> Any:
    from weasyprint import HTML

    from tcforge.render.booklet.pagenums import fill_page_numbers

    css = ("@page { size: 120mm 200mm; margin: 10mm; } body { font: 9pt 'DejaVu Serif'; } "
           "p { text-align: justify; margin: 0; } .next { break-before: page; } " + XREF_CSS)
    html = (f"<html><head><style>{css}</style></head><body><h1 id='c5'>5.0</h1><p>{paragraph}</p>"
            + "".join(f"<h2 class='next' id='c{n}'>{n}.0</h2>" for n in range(6, 16)) + "</body></html>")
    document = HTML(string=html).render()
    fill_page_numbers(document)
    return document


def _lines(document: Any) -> list[list[Any]]:
    """The text boxes of each line of the page's paragraph, left to right."""
    from weasyprint.formatting_structure.boxes import InlineBox, LineBox, TextBox

    def _inline_text(box: Any) -> list[Any]:
        if isinstance(box, TextBox):
            return [box]
        if isinstance(box, (LineBox, InlineBox)):
            return [text for child in box.children for text in _inline_text(child)]
        return []

    return [_inline_text(line) for line in document.pages[0]._page_box.descendants()
            if isinstance(line, LineBox) and line.element_tag == "p"]


def test_placeholder_is_filled_without_a_pad() -> None:
    """Issue 37 item 3: "5.0 (p. 5)", no figure space before "(p." or after the page; contents lines keep theirs."""
    from tcforge.render.booklet.pagenums import FIGURE_SPACE, PageNumberError, _filled

    assert _filled("\u00a0(p.\u00a000)", 5, right_aligned=False) == "\u00a0(p.\u00a05)"
    assert _filled("\u00a0(p.\u00a000)", 14, right_aligned=False) == "\u00a0(p.\u00a014)"
    assert _filled("00", 7, right_aligned=True) == FIGURE_SPACE + "7"
    with pytest.raises(PageNumberError):
        _filled("\u00a0(p.\u00a000)", 100, right_aligned=False)


def test_one_digit_reference_leaves_no_gap_and_the_justified_line_still_ends_at_the_margin() -> None:
    """Issue 37 item 3: the text after "(p. 5)" starts where it ends, and the line is as wide as the others."""
    words = "word " * 30
    document = _laid_out(f"{words} see <a class='xref' href='#c5'>5.0</a>; then {words} and "
                         f"<a class='xref' href='#c14'>14.0</a>, {words}")
    lines = _lines(document)
    refs = [(n, i) for n, line in enumerate(lines) for i, box in enumerate(line) if "(p." in box.text]
    assert [lines[n][i].text for n, i in refs] == ["\u00a0(p.\u00a01)", "\u00a0(p.\u00a010)"]
    for n, i in refs:
        ref, after = lines[n][i], lines[n][i + 1]  # the test's words keep the reference inside its line
        assert after.position_x == pytest.approx(ref.position_x + ref.width, abs=0.01)
    # every line of the paragraph but its last ends at the same right edge
    ends = [line[-1].position_x + line[-1].width for line in lines[:-1]]
    assert max(ends) - min(ends) < 0.05, ends
