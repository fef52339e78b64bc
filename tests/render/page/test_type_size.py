"""Issue 16 item 11: no print-shop text smaller than 6 pt, measured in the PDFs (font size times the text and page matrices)."""
from __future__ import annotations

import math
from pathlib import Path

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from tcforge.cli.printing import app
from tcforge.render.page.text import LABEL as FLOOR
from tcforge.scenarios.loading import bundled_ids


def smallest_type(reader: PdfReader) -> tuple[float, str]:
    """The smallest size at which any visible text of the PDF is drawn, and that text."""
    found: list[tuple[float, str]] = []

    def visit(text, cm, tm, font, size):
        if text.strip():
            scale = math.sqrt(abs(tm[0] * tm[3] - tm[1] * tm[2])) * math.sqrt(abs(cm[0] * cm[3] - cm[1] * cm[2]))
            found.append((size * scale, text.strip()))

    for page in reader.pages:
        page.extract_text(visitor_text=visit)
    return min(found)


# French included: the tank destroyers' type line takes a second line and the reference card's terrain table
# lets its names wrap, rather than shrinking below 6 pt (they were strict xfails until issue 16 item 11 was done).
CASES = [pytest.param(args, lang)
         for lang in ("en", "fr")
         for args in [("cards", "2", "40", "46", "118", "15", "Smoke"), ("inserts",), ("refcards",),
                      ("scenario", "hill-621"), ("deck", "--scenario", "kursk")]]


@pytest.mark.parametrize("args,lang", CASES)
@pytest.mark.slow
def test_no_text_below_six_points(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: tuple[str, ...],
                                        lang: str) -> None:
    monkeypatch.setenv("TCFORGE_CONFIG_DIR", str(tmp_path / "config"))
    out = tmp_path / "out.pdf"
    result = CliRunner().invoke(app, [*args, "--lang", lang, "--out", str(out)], catch_exceptions=False)
    assert result.exit_code == 0, result.stderr
    size, text = smallest_type(PdfReader(out))
    assert FLOOR == 6.0
    assert size >= FLOOR - 0.01, (size, text)


@pytest.mark.parametrize("scenario", bundled_ids())
def test_scenario_sheets_shrunk_to_fit_keep_six_points(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                            scenario: str) -> None:
    monkeypatch.setenv("TCFORGE_CONFIG_DIR", str(tmp_path / "config"))
    out = tmp_path / "out.pdf"
    result = CliRunner().invoke(app, ["scenario", scenario, "--lang", "fr", "--out", str(out)], catch_exceptions=False)
    assert result.exit_code == 0, result.stderr
    size, text = smallest_type(PdfReader(out))
    assert size >= FLOOR - 0.01, (size, text)
