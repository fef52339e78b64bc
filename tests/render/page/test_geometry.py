"""Sheet geometry: centred 3 x 3 grids, crop marks outside the cards, mirrored backs, sizes users type."""
from __future__ import annotations

import pytest

from tcforge.render.page.geometry import (
    MARK_LEN,
    MARK_MIN,
    MM,
    PAGE_SAFE,
    POKER,
    STANDARD,
    CardSize,
    LayoutError,
    card_sheet,
    parse_card_size,
    parse_offset,
    strip_sheet,
)

TOL = 0.1 * MM  # the brief's tolerance: 0.1 mm

CASES = [("a4", STANDARD, 0.0), ("letter", STANDARD, 0.0), ("a4", POKER, 0.0), ("letter", POKER, 0.0),
         ("a4", STANDARD, 3.0), ("a4", CardSize(57, 87), 1.5)]


@pytest.mark.parametrize("paper,card,bleed", CASES)
def test_card_grid_is_three_by_three_centred_with_gutters_twice_the_bleed(paper: str, card: CardSize, bleed: float) -> None:
    layout = card_sheet(paper, card, bleed)
    assert len(layout.slots) == 9
    trim = layout.trim_box
    assert abs((trim.x + trim.right) / 2 - layout.page_w / 2) < TOL
    assert abs((trim.y + trim.top) / 2 - layout.page_h / 2) < TOL
    for slot in layout.slots:
        assert abs(slot.w - card.w) < TOL and abs(slot.h - card.h) < TOL
    row = layout.slots[:3]
    assert abs(row[1].x - row[0].right - 2 * bleed * MM) < TOL
    column = layout.slots[::3]
    assert abs(column[0].y - column[1].top - 2 * bleed * MM) < TOL
    # The TrimBox spans exactly the outer card edges; the BleedBox adds the bleed.
    assert abs(trim.x - min(s.x for s in layout.slots)) < TOL and abs(trim.top - max(s.top for s in layout.slots)) < TOL
    assert abs(layout.bleed_box.x - (trim.x - bleed * MM)) < TOL


@pytest.mark.parametrize("paper,card,bleed", CASES)
def test_crop_marks_stay_in_the_margins_never_on_a_card(paper: str, card: CardSize, bleed: float) -> None:
    layout = card_sheet(paper, card, bleed)
    assert layout.marks
    for mark in layout.marks:
        for slot in layout.slots:
            assert not slot.grow(bleed * MM).overlaps_segment(mark), (mark, slot)
        assert not layout.bleed_box.overlaps_segment(mark)
        for x in (mark.x0, mark.x1):
            assert PAGE_SAFE - 1e-6 <= x <= layout.page_w - PAGE_SAFE + 1e-6
        for y in (mark.y0, mark.y1):
            assert PAGE_SAFE - 1e-6 <= y <= layout.page_h - PAGE_SAFE + 1e-6
        assert MARK_MIN - 1e-6 <= mark.length <= MARK_LEN + 1e-6


def test_every_cut_line_has_a_mark_at_both_ends_on_a4() -> None:
    layout = card_sheet("a4", STANDARD)
    xs = sorted({round(s.x, 3) for s in layout.slots} | {round(s.right, 3) for s in layout.slots})
    ys = sorted({round(s.y, 3) for s in layout.slots} | {round(s.top, 3) for s in layout.slots})
    assert len(xs) == 4 and len(ys) == 4   # no gutters: neighbours share a cut
    vertical = [m for m in layout.marks if abs(m.x0 - m.x1) < 1e-6]
    horizontal = [m for m in layout.marks if abs(m.y0 - m.y1) < 1e-6]
    for x in xs:
        ends = [m for m in vertical if abs(m.x0 - x) < 0.01]
        assert {m.y0 > layout.trim_box.top for m in ends} == {True, False}
    for y in ys:
        ends = [m for m in horizontal if abs(m.y0 - y) < 0.01]
        assert {m.x0 > layout.trim_box.right for m in ends} == {True, False}


def test_mirrored_back_swaps_columns_and_moves_by_the_offset() -> None:
    front = card_sheet("a4", STANDARD)
    back = front.mirrored((1.5, -0.5))
    for i, slot in enumerate(back.slots):
        row, col = divmod(i, 3)
        partner = front.slots[row * 3 + 2 - col]
        assert abs(slot.x - (partner.x + 1.5 * MM)) < 1e-6 and abs(slot.y - (partner.y - 0.5 * MM)) < 1e-6
        # Seen through the sheet (long-edge flip), the back of a card lies behind the card.
        mirrored_x = front.page_w - (slot.x - 1.5 * MM) - slot.w
        assert abs(mirrored_x - front.slots[i].x) < 1e-6
    assert back.marks == ()
    assert abs(back.trim_box.x - front.trim_box.x - 1.5 * MM) < 1e-6


def test_strip_sheet_fits_and_keeps_marks_off_the_strips() -> None:
    for paper in ("a4", "letter"):
        layout = strip_sheet(paper, STANDARD)
        assert layout.cols >= 12 and layout.rows == 3
        assert all(not s.overlaps_segment(m) for s in layout.slots for m in layout.marks)


@pytest.mark.parametrize("text,expected", [("standard", (63, 88)), ("poker", (63.5, 88.9)), ("63x88", (63, 88)),
                                           ("63.5 x 88.9 mm", (63.5, 88.9)), ("70X120", (70, 120)), ("59,5x86", (59.5, 86))])
def test_card_sizes_users_type(text: str, expected: tuple[float, float]) -> None:
    card = parse_card_size(text)
    assert (card.width_mm, card.height_mm) == expected


@pytest.mark.parametrize("text", ["huge", "63x", "x88", "63y88", "5x5", "63x900", ""])
def test_bad_card_sizes_are_refused_with_a_message(text: str) -> None:
    with pytest.raises(LayoutError, match="card size"):
        parse_card_size(text)


def test_a_card_too_big_for_three_by_three_is_refused() -> None:
    with pytest.raises(LayoutError, match="need"):
        card_sheet("letter", CardSize(90, 120))


def test_back_offsets_parse_and_stay_in_range() -> None:
    assert parse_offset("1.5,-0.5") == (1.5, -0.5)
    assert parse_offset(" -2 , 3 ") == (-2.0, 3.0)
    for bad in ("1.5", "a,b", "30,0", "1,2,3"):
        with pytest.raises(LayoutError):
            parse_offset(bad)
