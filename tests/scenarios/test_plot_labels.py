"""The analysis plots label every bar group and rung with its whole name: a sweep's cell is known only by its
label (scenario, option, parameter overrides, agents), so a label cut short or run into its neighbour names the
wrong cell."""
from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image

from tcforge.analysis.balance import Report, SideStats, write_plot
from tcforge.analysis.plotting import font, text_width, wrap

SWEEP_CELL = "hill-621: german-minus, turn.max_supply_points=5, turn.supply_points=4, greedy"


@pytest.mark.parametrize("width", [60.0, 110.0, 153.0, 400.0])
def test_a_wrapped_label_keeps_every_character_and_fits_its_width(width: float) -> None:
    face = font(12)
    lines = wrap(SWEEP_CELL, face, width)
    assert "".join(lines) == SWEEP_CELL
    assert all(text_width(face, line.rstrip()) <= width for line in lines)


def test_a_label_breaks_after_a_comma_before_it_breaks_inside_a_word() -> None:
    lines = wrap("hill-621: as written, greedy", font(12), text_width(font(12), "hill-621: as written,") + 1)
    assert [line.rstrip() for line in lines] == ["hill-621: as written,", "greedy"]


def test_a_word_wider_than_the_line_is_broken_between_characters() -> None:
    face = font(12)
    lines = wrap("turn.max_supply_points=5", face, text_width(face, "turn.max_supply"))
    assert len(lines) == 2 and "".join(lines) == "turn.max_supply_points=5"


def _report(option: str) -> Report:
    sides = [SideStats("german", 170, 0.85, (0.8, 0.9), 1), SideStats("soviet", 30, 0.15, (0.1, 0.2), 2)]
    return Report("hill-621", option, ("greedy", "greedy"), 200, sides, 0.85, 1.0, 0, 200, 0, 0, {}, {})


def test_the_sweep_plot_grows_to_hold_its_longest_label(tmp_path: Path) -> None:
    short, long = tmp_path / "short.png", tmp_path / "long.png"
    cells = 6  # groups as narrow as a sweep's
    write_plot([_report("as-written")] * cells, short, labels=["hill-621: as written, greedy"] * cells)
    write_plot([_report("german-minus")] * cells, long, labels=[SWEEP_CELL] * cells)
    assert Image.open(long).height > Image.open(short).height
