"""Issue 50 point 6: a command deck card's text is set as large as its room lets it, not at 7 pt on a blank card."""
from __future__ import annotations

import math
from pathlib import Path

from pypdf import PdfReader


def test_a_short_impulse_text_is_set_large_and_a_long_one_still_fits(cli, tmp_path: Path) -> None:
    out = tmp_path / "deck.pdf"
    code, _, stderr = cli("deck", "print", "russian-front-summer-1942", "--out", str(out), "--strict")
    assert code == 0, stderr  # --strict: no text overflowed its card
    sizes: dict[str, float] = {}

    def visit(text: str, cm: list[float], tm: list[float], font: object, size: float) -> None:
        for start in ("The formation moves its full", "Before any card is turned"):
            if text.strip().startswith(start):
                sizes[start] = round(size * math.sqrt(abs(tm[0] * tm[3] - tm[1] * tm[2])), 2)

    for page in PdfReader(str(out)).pages:
        page.extract_text(visitor_text=visit)
    assert sizes["The formation moves its full"] >= 9.5, sizes  # a two-line text: was 7 pt
    assert sizes["Before any card is turned"] >= 8, sizes  # the longest text fits too
