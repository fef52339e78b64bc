"""The small booklets (issue 16 items 11 and 14): A5 in French and half-Letter in English, built once for the module.

A5 and half-Letter pages are printed 2-up on A4 and Letter by ``--booklet``; their type is the smallest of the
booklets and their diagrams are scaled down the most, so this is where type below 6 pt would show.
"""
from __future__ import annotations

import multiprocessing
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader

from tcforge.render.booklet.bench import measure_one
from tcforge.render.booklet.impose import impose

from .pdftext import smallest_printed

pytestmark = pytest.mark.slow  # every test here reads booklets built as PDFs (seconds each)

BUILDS = (("fr", "a5"), ("en", "half-letter"))


@pytest.fixture(scope="module")
def small(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[PdfReader, Path]]:
    out = tmp_path_factory.mktemp("small")
    paths = {paper: out / f"rulebook-{lang}-{paper}.pdf" for lang, paper in BUILDS}
    with ProcessPoolExecutor(max_workers=2, mp_context=multiprocessing.get_context("spawn")) as pool:
        futures = [pool.submit(measure_one, lang, paper, paths[paper]) for lang, paper in BUILDS]
        for future in futures:
            future.result()
    return {paper: (PdfReader(str(path)), path) for paper, path in paths.items()}


def test_half_letter_pages_are_five_and_a_half_by_eight_and_a_half_inches(small: dict[str, Any]) -> None:
    reader, _ = small["half-letter"]
    box = reader.pages[0].mediabox
    assert (float(box.width), float(box.height)) == pytest.approx((5.5 * 72, 8.5 * 72), abs=0.5)


def test_half_letter_booklet_is_imposed_two_up_on_letter(small: dict[str, Any], tmp_path: Path) -> None:
    reader, path = small["half-letter"]
    copy = tmp_path / "imposed.pdf"
    copy.write_bytes(path.read_bytes())
    sheets, note = impose(copy, "half-letter")
    imposed = PdfReader(str(copy))
    assert "Letter" in note and len(imposed.pages) == 2 * sheets == 2 * -(-len(reader.pages) // 4)
    box = imposed.pages[0].mediabox
    assert (float(box.width), float(box.height)) == pytest.approx((11 * 72, 8.5 * 72), abs=0.5)


@pytest.mark.parametrize("paper", [paper for _, paper in BUILDS])
def test_smallest_type_of_the_small_booklets_is_six_points(small: dict[str, Any], paper: str) -> None:
    """Diagram labels included: a map scaled to the A5 column draws its labels larger to print at 6 pt."""
    size, page = smallest_printed(small[paper][0])
    assert size >= 6.0 - 0.01, (size, page)


def test_french_a5_card_table_headers_are_apart(small: dict[str, Any]) -> None:
    """"Toucher" and "Pén." are read as two headings (they ran together as "ToucherPén.")."""
    reader, _ = small["a5"]
    texts = [page.extract_text() for page in reader.pages]
    heads = [t for t in texts if "Toucher" in t and "Blind." in t]
    assert heads
    assert all("ToucherPén." not in t for t in texts)
    assert any("Toucher Pén." in t for t in heads)


def test_issue37_item5_the_a5_booklets_last_pages_carry_the_sequence_of_play_and_key_tables(small: dict[str, Any]) -> None:
    """A folded A5 booklet had its last three pages blank; the quick reference fills them (no more than them)."""
    reader, _ = small["a5"]
    pages = len(reader.pages)
    last = reader.pages[-1].extract_text()
    before = reader.pages[-2].extract_text() + last
    assert "Aide de jeu" in before and "Déroulement du tour" in before and "Table de destruction" in before
    assert "00)" not in before  # no unfilled page-number placeholder: its case numbers are plain text
    credits = max(i for i, page in enumerate(reader.pages, 1) if page.extract_text().startswith("Crédits"))
    assert credits < pages <= -(-credits // 4) * 4  # it fills the last sheet's blank pages and never adds a sheet


@pytest.mark.parametrize("paper, title", [("a5", "Aide de jeu"), ("half-letter", "Quick reference")])
def test_issue50_point6_the_contents_lists_the_quick_reference_on_its_page(small: dict[str, Any], paper: str,
                                                                           title: str) -> None:
    """The quick reference filling a small booklet's last pages is listed in the contents with the page it starts on
    (it is laid out after the rest: its page is filled in then); no "00" placeholder is left. A booklet whose pages
    fill its sheets has no quick reference, and its contents no line for one."""
    reader, _ = small[paper]
    contents = "\n".join(reader.pages[i].extract_text() for i in range(1, 4))
    line = next((row for row in contents.splitlines() if row.startswith(title)), None)
    assert " 00" not in contents
    starts = next((i for i, page in enumerate(reader.pages, 1) if page.extract_text().startswith(title)), None)
    if len(reader.pages) % 4 == 0 and starts is None:  # no blank page to fill (half-Letter, 60 pages today)
        assert line is None, line
        return
    assert starts is not None and line is not None, contents
    assert line.replace("\u2007", " ").split()[-1] == str(starts), line
