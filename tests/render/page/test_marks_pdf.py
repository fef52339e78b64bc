"""Issue 16 items 1-4 measured on the PDFs themselves: crop marks as drawn, TrimBox on part-full sheets, 'print all' with bleed."""
from __future__ import annotations

from pathlib import Path

import pytest
from pypdf.generic import ContentStream
from typer.testing import CliRunner

from tcforge.cli.printing import app
from tcforge.render.page.geometry import MARK_SAFE, MM, STANDARD, card_sheet

TOL = 0.1 * MM


def page_marks(page) -> list[tuple[float, float, float, float]]:
    """The lines drawn outside every face (the faces are drawn inside q ... Q): the crop marks."""
    depth, start, lines = 0, None, []
    for operands, op in ContentStream(page.get_contents(), page.pdf).operations:
        if op == b"q":
            depth += 1
        elif op == b"Q":
            depth -= 1
        elif depth == 0 and op == b"m":
            start = (float(operands[0]), float(operands[1]))
        elif depth == 0 and op == b"l" and start is not None:
            lines.append((*start, float(operands[0]), float(operands[1])))
    return lines


def nearest_edge(page, line: tuple[float, float, float, float]) -> float:
    w, h = float(page.mediabox.width), float(page.mediabox.height)
    x0, y0, x1, y1 = line
    return min(x0, x1, y0, y1, w - max(x0, x1), h - max(y0, y1))


def trim(page) -> tuple[float, ...]:
    return tuple(float(v) for v in page["/TrimBox"])


@pytest.mark.parametrize("paper,bleed", [("a4", "0"), ("letter", "0"), ("a4", "3"), ("letter", "3")])
@pytest.mark.slow
def test_inserts_and_strips_keep_every_mark_six_mm_inside_the_paper(render, paper: str, bleed: str) -> None:
    reader, _ = render("inserts", "--paper", paper, "--bleed", bleed)
    sheets = [p for p in reader.pages if page_marks(p)]
    assert len(sheets) >= 3   # card sheets and the terrain-strip sheet
    for n, page in enumerate(sheets):
        near = min(nearest_edge(page, line) for line in page_marks(page))
        assert near >= MARK_SAFE - TOL, f"sheet {n}: a mark {near / MM:.1f} mm from the paper edge"


def test_marks_in_the_gutters_and_cards_that_touch_are_reported(render) -> None:
    _, stderr = render("cards", "46")
    assert "horizontal cuts are marked in the gutters between the columns" in stderr
    _, stderr = render("cards", "46", "--paper", "letter")
    assert "the rows touch (shared cut lines)" in stderr


def test_letter_with_bleed_takes_three_by_two(render) -> None:
    reader, stderr = render("cards", "46", "47", "15", "118", "9", "108", "1", "--paper", "letter", "--bleed", "3")
    assert len(reader.pages) == 2
    assert "3 x 2 cards a sheet on US Letter" in stderr


@pytest.mark.slow
def test_print_all_with_bleed_writes_every_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TCFORGE_CONFIG_DIR", str(tmp_path / "config"))
    result = CliRunner().invoke(app, ["all", "--bleed", "3", "--no-scenarios", "--out", str(tmp_path / "out")],
                                catch_exceptions=False)
    assert result.exit_code == 0, result.stderr
    names = sorted(p.name for p in (tmp_path / "out").iterdir())
    assert "proxies-all-en-letter-bleed3.pdf" in names and "inserts-fr-letter-bleed3.pdf" in names and len(names) == 14


def test_a_size_that_fits_no_paper_is_refused_before_anything_is_written(tmp_path: Path,
                                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TCFORGE_CONFIG_DIR", str(tmp_path / "config"))
    # A card that fits A4 once but is too tall for Letter: the A4 half must not be written first.
    monkeypatch.setattr("tcforge.render.page.geometry.CARD_LIMITS", (20.0, 300.0))
    result = CliRunner().invoke(app, ["all", "--card-size", "150x275", "--no-scenarios",
                                      "--out", str(tmp_path / "out")])
    assert result.exit_code == 1
    assert "do not fit" in result.stderr and "Traceback" not in result.stderr
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").iterdir())


def test_no_two_cards_share_an_edge_without_bleed(render) -> None:
    reader, _ = render("cards", "46", "47", "15", "118")
    layout = card_sheet("a4", STANDARD)
    marks = page_marks(reader.pages[0])
    assert marks
    a, b = layout.grid[0], layout.grid[1]
    assert b.x - a.right >= 1.0 * MM   # a 0.5 mm miscut on either card still shows paper


@pytest.mark.parametrize("bleed", ["0", "2"])
def test_part_full_sheet_trims_and_marks_the_placed_cards_only(render, bleed: str) -> None:
    reader, _ = render("cards", "46", "47", "15", "118", "--bleed", bleed)
    layout = card_sheet("a4", STANDARD, float(bleed))
    placed = layout.grid[:4]
    page = reader.pages[0]
    x0 = min(s.x for s in placed)
    y0 = min(s.y for s in placed)
    x1 = max(s.right for s in placed)
    y1 = max(s.top for s in placed)
    assert all(abs(p - q) <= TOL for p, q in zip(trim(page), (x0, y0, x1, y1), strict=True))
    cuts = {round(v, 1) for s in placed for v in (s.x, s.right, s.y, s.top)}
    for x_0, y_0, x_1, y_1 in page_marks(page):
        on = round(x_0, 1) if abs(x_0 - x_1) < 0.01 else round(y_0, 1)
        assert on in cuts, (x_0, y_0, x_1, y_1)
    # The bottom cut of the last placed row is marked right below it, not at the foot of the empty grid.
    bottom = min(s.y for s in placed)
    below = [m for m in page_marks(page) if abs(m[0] - m[2]) < 0.01 and max(m[1], m[3]) < bottom]
    assert below and max(max(m[1], m[3]) for m in below) > bottom - 3 * MM - float(bleed) * MM
