"""Issue 37 item 10: the terrain strips fill the last card sheet, empty rows get no cut marks, and the
calibration back's labels keep clear of its ticks."""
from __future__ import annotations

import itertools

import pytest

from tcforge.data.dataset import load_data
from tcforge.render.cards.calibration import LABEL_GAP, TIP, _ticks
from tcforge.render.cards.inserts import plan, sheet_plan
from tcforge.render.page.geometry import GUTTER_MARK_MIN, MARK_SAFE, MM, STANDARD, card_sheet, shared_sheet, strip_sheet


@pytest.mark.parametrize("paper", ["a4"])  # on Letter the margins hold no marks: a row alone has one a cut
def test_issue37_item10_terrain_strips_fill_the_rows_the_last_card_sheet_leaves(paper: str) -> None:
    data = load_data()
    inserts = plan(data.cards, data.ruleset, "en")
    cards_n = sum(i.count for i in inserts if not i.strip)
    strips_n = sum(i.count for i in inserts if i.strip)
    cards, strips = card_sheet(paper, STANDARD), strip_sheet(paper, STANDARD)
    assert cards_n % len(cards.grid) and strips_n  # the plan has a part-full card sheet to fill
    sheets = sheet_plan(cards_n, strips_n, cards, strips)
    assert sum(n for _, n in sheets) == cards_n + strips_n
    shared = sheets[cards_n // len(cards.grid)][0]
    # the last card sheet holds its cards, then a full row of strips in each row they leave free
    rows_used = -(-(cards_n % len(cards.grid)) // cards.cols)
    assert len(shared.slots) == cards_n % len(cards.grid) + (cards.rows - rows_used) * strips.cols
    # and no sheet but the very last is part-full
    assert all(n == len(layout.grid) for layout, n in sheets[:-1])


def test_issue37_item10_a_shared_sheet_keeps_marks_off_every_piece_and_inside_the_paper() -> None:
    assert shared_sheet(card_sheet("letter", STANDARD), 2, strip_sheet("letter", STANDARD), 40) is None
    for paper, bleed in (("a4", 0.0), ("a4", 1.0)):
        cards, strips = card_sheet(paper, STANDARD, bleed), strip_sheet(paper, STANDARD, bleed)
        shared = shared_sheet(cards, 2, strips, 40)
        assert shared is not None and shared.marks
        for mark in shared.marks:
            assert not any(s.grow(bleed * MM).overlaps_segment(mark) for s in shared.slots), mark
            assert min(mark.x0, mark.y0, shared.page_w - max(mark.x0, mark.x1),
                       shared.page_h - max(mark.y0, mark.y1)) >= MARK_SAFE - 1e-6
            assert mark.length >= GUTTER_MARK_MIN - 1e-6
        # every cut of a card and of a strip is marked at least twice
        for slot in shared.slots:
            for x in (slot.x, slot.right):
                assert len([m for m in shared.marks if abs(m.x0 - x) < 0.01 and abs(m.x1 - x) < 0.01]) >= 2


def test_issue37_item10_a_part_full_sheet_marks_nothing_in_its_empty_rows() -> None:
    part = card_sheet("a4", STANDARD).placed(2)
    bottom = min(s.y for s in part.slots)
    reach = 1.0 * MM + 8.0 * MM + 0.01  # MARK_GAP + MARK_LEN below the pieces, no further
    assert part.marks and all(min(m.y0, m.y1) >= bottom - reach for m in part.marks)


def test_issue37_item10_calibration_labels_keep_clear_of_the_ticks() -> None:
    ticks = _ticks()
    for beyond in (True, False):
        at = [offset for offset, _, label, side in ticks if label and side == beyond]
        assert all(b - a >= 2 for a, b in itertools.pairwise(at))  # neighbours on one side 2 mm apart
    assert all(length * MM <= TIP for _, length, _, _ in ticks)  # labels beyond TIP + LABEL_GAP clear every tick
    assert LABEL_GAP > 0 and {label for _, _, label, _ in ticks if label} == {str(n) for n in range(6)}
