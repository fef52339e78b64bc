"""Issue 50 item 7: what a print-and-play player expects of a sheet.

- Nothing printed (frames, bleed, crop marks, text) comes nearer a Letter sheet's edge than 6.35 mm (a quarter inch,
  what many US printers leave blank), nor nearer an A4 sheet's than 6 mm: read from the layouts and from the pixels
  of the PDFs themselves.
- Butted cards (touching, shared cut lines, no gutters) keep nine 63 x 88 mm cards on A4 with 3 mm bleed; the bleed
  runs round the block's outer edge only, the crop marks lie outside the block.
- Where the frame reaches the trim (bleed) its corners are square, so a straight cut leaves no white wedge; without
  bleed a dark frame still stops short of the cut line.
"""
from __future__ import annotations

import itertools
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader

from tcforge.render.page.geometry import MM, PAPER_SAFE, POKER, STANDARD, CardSize, card_sheet, strip_sheet
from tcforge.render.page.style import CUT_SAFE_MM

NINE = ["46", "47", "15", "118", "9", "108", "1", "2", "3"]
LAYOUTS = [(paper, card, bleed, butted) for paper in ("a4", "letter") for card in (STANDARD, POKER, CardSize(57, 87))
           for bleed in (0.0, 1.5, 3.0, 5.0) for butted in (False, True)]


def _edge(page_w: float, page_h: float, x0: float, y0: float, x1: float, y1: float) -> float:
    return min(x0, y0, page_w - x1, page_h - y1)


@pytest.mark.parametrize("paper,card,bleed,butted", LAYOUTS)
def test_issue50_item7_nothing_of_a_sheet_comes_nearer_the_edge_than_the_papers_safe_distance(
        paper: str, card: CardSize, bleed: float, butted: bool) -> None:
    safe = {"a4": 6.0, "letter": 6.35}[paper] * MM
    assert PAPER_SAFE[paper] == pytest.approx(safe)
    for layout in (card_sheet(paper, card, bleed, butted), strip_sheet(paper, card, bleed, butted)):
        assert layout.safe == pytest.approx(safe)
        for slot in layout.slots:   # the card and its bleed: what the printer must print whole
            ink = slot.grow(bleed * MM)
            assert _edge(layout.page_w, layout.page_h, ink.x, ink.y, ink.right, ink.top) >= safe - 1e-6, (slot, paper)
        for m in layout.marks:
            assert _edge(layout.page_w, layout.page_h, min(m.x0, m.x1), min(m.y0, m.y1), max(m.x0, m.x1),
                         max(m.y0, m.y1)) >= safe - 1e-6, m


def _band_ink(pdf: Path, page: int, safe_mm: float, dpi: int = 200) -> int:
    """How many pixels of the page's outer band, ``safe_mm`` wide (less one pixel for anti-aliasing), are not white."""
    doc = pdfium.PdfDocument(str(pdf))
    try:
        image = doc[page].render(scale=dpi / 72, fill_color=(255, 255, 255, 255)).to_pil().convert("L")
    finally:
        doc.close()
    band = int(safe_mm / 25.4 * dpi) - 1
    w, h = image.size
    data = image.load()
    return sum(1 for x in range(w) for y in itertools.chain(range(band), range(h - band, h)) if data[x, y] < 250) + \
        sum(1 for y in range(band, h - band) for x in itertools.chain(range(band), range(w - band, w)) if data[x, y] < 250)


@pytest.mark.parametrize("args", [["--bleed", "0"], ["--bleed", "3"], ["--bleed", "3", "--butted"]])
def test_issue50_item7_a_letter_sheet_prints_nothing_in_its_outer_quarter_inch(render, tmp_path: Path,
                                                                                 args: list[str]) -> None:
    """Before issue 50 the Letter cards sat 6.0 mm from the top and bottom and their crop marks reached 6.0 mm."""
    reader, _ = render("cards", *NINE, "--paper", "letter", *args)
    pdf = tmp_path / "out.pdf"
    for n in range(len(reader.pages)):
        assert _band_ink(pdf, n, 6.35) == 0, f"page {n + 1} prints within 6.35 mm of the edge"


def test_issue50_item7_an_a4_sheet_prints_nothing_in_its_outer_six_millimetres(render, tmp_path: Path) -> None:
    render("cards", *NINE, "--bleed", "3")
    assert _band_ink(tmp_path / "out.pdf", 0, 6.0) == 0


def test_issue50_item7_a4_with_bleed_and_butted_cards_holds_nine() -> None:
    layout = card_sheet("a4", STANDARD, 3.0, butted=True)
    assert (layout.cols, layout.rows) == (3, 3) and layout.butted_x and layout.butted_y
    trim = layout.trim_box
    assert trim.w == pytest.approx(189 * MM) and trim.h == pytest.approx(264 * MM)   # 3 x 63 by 3 x 88: no gutter
    assert layout.bleed_box == trim.grow(3 * MM)
    # Shared cut lines: 4 vertical and 4 horizontal, each marked at both ends, outside the block and its bleed.
    xs = sorted({round(v, 2) for s in layout.slots for v in (s.x, s.right)})
    ys = sorted({round(v, 2) for s in layout.slots for v in (s.y, s.top)})
    assert len(xs) == 4 and len(ys) == 4
    block = trim.grow(3 * MM)
    assert layout.marks and not any(block.overlaps_segment(m) for m in layout.marks)
    for x in xs:
        on = [m for m in layout.marks if round(m.x0, 2) == round(m.x1, 2) == x]
        assert any(m.y0 > block.top - 1e-6 for m in on) and any(m.y1 < block.y + 1e-6 for m in on), x
    for y in ys:
        on = [m for m in layout.marks if round(m.y0, 2) == round(m.y1, 2) == y]
        assert any(min(m.x0, m.x1) > block.right - 1e-6 for m in on) and any(max(m.x0, m.x1) < block.x + 1e-6 for m in on)
    # A card's bleed runs only where no card touches it: the corner card's outward, the middle card's nowhere.
    assert layout.ink(layout.slots[0]) == type(trim)(trim.x - 3 * MM, layout.slots[0].y, 66 * MM, 91 * MM)
    assert layout.ink(layout.slots[4]) == layout.slots[4]
    # Without --butted the grid still keeps 3 x 3 on A4 with 3 mm bleed: the columns touch, the rows keep gutters.
    default = card_sheet("a4", STANDARD, 3.0)
    assert (default.cols, default.rows) == (3, 3) and default.butted_x and not default.butted_y
    assert any(n.startswith("the columns touch (shared cut lines)") for n in default.notes)


def _pixel(pdf: Path, x_mm: float, y_mm_from_top: float, dpi: int = 300) -> tuple[int, int, int]:
    doc = pdfium.PdfDocument(str(pdf))
    try:
        image = doc[0].render(scale=dpi / 72).to_pil().convert("RGB")
    finally:
        doc.close()
    value = image.getpixel((round(x_mm / 25.4 * dpi), round(y_mm_from_top / 25.4 * dpi)))
    assert isinstance(value, tuple)
    return value[0], value[1], value[2]


def _white(rgb: tuple[int, int, int]) -> bool:
    return min(rgb) >= 245


def test_issue50_item7_butted_bleed_runs_round_the_block_and_the_corners_are_square(render, tmp_path: Path) -> None:
    reader, _ = render("cards", *NINE, "--bleed", "3", "--butted")
    pdf = tmp_path / "out.pdf"
    page = reader.pages[0]
    x0, _, _, y1 = (float(v) / MM for v in page["/TrimBox"])
    top = float(page.mediabox.height) / MM - y1          # the block's top edge, from the top of the page
    # In the bleed beyond the block's top-left corner, and just inside the card's own corner: the frame's colour
    # (square corners: a straight cut leaves no white wedge).
    for dx, dy in ((-1.5, -1.5), (0.15, 0.15), (-2.8, 0.5), (0.5, -2.8)):
        assert not _white(_pixel(pdf, x0 + dx, top + dy)), (dx, dy)
    # Where two cards touch, the left card's bleed did not paint the right one: just right of the shared line lies
    # the right card's own frame, in its own colour (card 47 and 46 are both German; 15, Woods, is terrain).
    shared = x0 + 2 * 63.0
    left, right = _pixel(pdf, shared - 0.4, top + 40), _pixel(pdf, shared + 0.4, top + 40)
    assert left != right


def test_issue50_item7_without_bleed_a_dark_frame_still_stops_short_of_the_cut(render, tmp_path: Path) -> None:
    reader, _ = render("cards", *NINE, "--butted")
    pdf = tmp_path / "out.pdf"
    page = reader.pages[0]
    x0, _, _, y1 = (float(v) / MM for v in page["/TrimBox"])
    top = float(page.mediabox.height) / MM - y1
    assert _white(_pixel(pdf, x0 + CUT_SAFE_MM / 2, top + 40))          # a 0.5 mm miscut shows white, not a sliver
    assert not _white(_pixel(pdf, x0 + CUT_SAFE_MM + 0.6, top + 40))    # the dark frame itself
    assert _white(_pixel(pdf, x0 + 2 * 63.0 + CUT_SAFE_MM / 2, top + 40))  # and on a shared line, both sides white
    assert _white(_pixel(pdf, x0 + 2 * 63.0 - CUT_SAFE_MM / 2, top + 40))


def test_issue50_item7_butted_is_in_the_file_name(run) -> None:
    result = run("cards", "46", "--bleed", "3", "--butted")
    assert result.exit_code == 0, result.stderr
    assert result.stdout.startswith("wrote output/cards-46-en-a4-bleed3-butted.pdf")
    assert len(PdfReader("output/cards-46-en-a4-bleed3-butted.pdf").pages) == 1
