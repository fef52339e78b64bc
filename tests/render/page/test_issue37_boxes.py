"""Issue 37 item 6: one rule for the PDF boxes of every product, the imposition sheet at its paper's size with
creep, and a language tag in every PDF."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from pypdf import PdfReader
from reportlab.pdfgen.canvas import Canvas
from typer.testing import CliRunner

from tcforge.cli.printing import app
from tcforge.render.booklet.impose import CREEP_MM, impose
from tcforge.render.page.boxes import page_boxes
from tcforge.render.page.geometry import MM, Rect

A5 = (148 * MM, 210 * MM)


def _box(page, name: str) -> tuple[float, ...]:
    return tuple(float(v) for v in page[name])


def test_issue37_item6_the_one_rule_pieces_and_their_bleed_or_the_page() -> None:
    media = Rect(0, 0, 595.0, 842.0)
    assert page_boxes(media) == (media, media)
    trim, bleed = page_boxes(media, Rect(100, 100, 200, 300), 3 * MM)
    assert trim == Rect(100, 100, 200, 300) and bleed == Rect(100, 100, 200, 300).grow(3 * MM)
    _, kept = page_boxes(media, Rect(2, 2, 591, 838), 3 * MM)  # never outside the MediaBox
    assert kept == media


def test_issue37_item6_the_a5_imposition_sheet_is_a4_with_creep_and_boxes(tmp_path: Path) -> None:
    path = tmp_path / "a5.pdf"
    c = Canvas(str(path), pagesize=A5, invariant=1, lang="fr")
    for n in range(64):  # 16 nested sheets
        c.drawString(30, 30, f"page {n + 1}")
        c.showPage()
    c.save()
    sheets, note = impose(path, "a5")
    imposed = PdfReader(str(path))
    assert sheets == 16 and len(imposed.pages) == 32 and "creep" in note
    for page in imposed.pages:
        assert _box(page, "/MediaBox") == pytest.approx((0, 0, 297 * MM, 210 * MM), abs=0.01)  # not 296 x 210
        assert _box(page, "/TrimBox") == _box(page, "/BleedBox") == pytest.approx(_box(page, "/MediaBox"), abs=0.01)
    assert imposed.trailer["/Root"]["/Lang"] == "fr"

    def left_page_x(side: int) -> float:
        ops = imposed.pages[side].get_contents().get_data().decode()
        return float(re.findall(r"1 0 0 1 ([\d.]+) [\d.]+ cm", ops)[0])

    # the outer sheet's pages sit 0.5 mm in from the edge; the innermost sheet's 15 sheets' creep nearer the fold
    assert left_page_x(0) == pytest.approx(0.5 * MM, abs=0.01)
    assert left_page_x(30) - left_page_x(0) == pytest.approx(15 * CREEP_MM * MM, abs=0.01)


@pytest.mark.parametrize("args", [["proxies", "--nation", "german", "--bleed", "3"], ["inserts", "--bleed", "3"],
                                  ["refcards", "--bleed", "3", "--lang", "fr"], ["scenario", "kursk", "--lang", "fr"]])
def test_issue37_item6_every_product_has_boxes_by_the_rule_and_a_language(tmp_path: Path, args: list[str]) -> None:
    out = tmp_path / "out.pdf"
    done = CliRunner().invoke(app, [*args, "--out", str(out)])
    assert done.exit_code == 0, done.output
    reader = PdfReader(str(out))
    assert reader.trailer["/Root"]["/Lang"] == ("fr" if "fr" in args else "en")
    bleed = 3 * MM if "--bleed" in args else 0.0
    for page in reader.pages:
        media, trim, bled = _box(page, "/MediaBox"), _box(page, "/TrimBox"), _box(page, "/BleedBox")
        if trim == media:   # a page printed whole: no bleed
            assert bled == media
        else:               # a sheet of pieces: the bleed all round
            assert bled == pytest.approx((trim[0] - bleed, trim[1] - bleed, trim[2] + bleed, trim[3] + bleed), abs=0.01)
