"""Issue 37 item 7: a dark card frame never prints to the cut line without bleed."""
from __future__ import annotations

from typing import Any

from tcforge.render.page import style
from tcforge.render.page.geometry import MM, STANDARD, Rect


class Recorder:
    """Just enough of a ReportLab canvas for style.frame: what is filled where, in which colour."""

    def __init__(self) -> None:
        self.fill: Any = None
        self.shapes: list[tuple[Any, Rect]] = []

    def setFillColor(self, colour: Any) -> None:
        self.fill = colour

    def rect(self, x: float, y: float, w: float, h: float, **_: Any) -> None:
        self.shapes.append((self.fill, Rect(x, y, w, h)))

    def roundRect(self, x: float, y: float, w: float, h: float, radius: float, **_: Any) -> None:
        self.shapes.append((self.fill, Rect(x, y, w, h)))


CARD = Rect(100, 100, STANDARD.w, STANDARD.h)
DARK = style.NATION["german"]


def _dark_extent(c: Recorder) -> Rect:
    dark = [r for colour, r in c.shapes if colour == DARK]
    return Rect(min(r.x for r in dark), min(r.y for r in dark), max(r.right for r in dark) - min(r.x for r in dark),
                max(r.top for r in dark) - min(r.y for r in dark))


def test_issue37_item7_without_bleed_a_dark_frame_stops_short_of_the_cut() -> None:
    c = Recorder()
    style.frame(c, CARD, 0.0, DARK)  # type: ignore[arg-type]
    assert c.shapes[0] == (style.WHITE, CARD)  # the trim itself is white
    dark = _dark_extent(c)
    assert dark.x - CARD.x >= 0.5 * MM + 1e-6 and CARD.top - dark.top >= 0.5 * MM + 1e-6  # beyond a 0.5 mm miscut


def test_issue37_item7_with_bleed_the_frame_runs_out_to_the_bleed() -> None:
    c = Recorder()
    style.frame(c, CARD, 3 * MM, DARK)  # type: ignore[arg-type]
    got, want = _dark_extent(c), CARD.grow(3 * MM)
    assert all(abs(a - b) < 1e-6 for a, b in zip(got.box(), want.box(), strict=True))
