"""Text fitting, without a PDF."""
from __future__ import annotations

from tcforge.render.page import fonts
from tcforge.render.page.text import FLOOR, fit_block, fit_line, wrap

fonts.register()
FONT = fonts.COND


def test_text_shrinks_to_fit_before_it_is_cut() -> None:
    text = "Place on a position: it blocks line of sight and adds four to every roll of fire into it. " * 2
    fit = fit_block(text, FONT, 150, 60, 10)
    assert fit.ok and FLOOR <= fit.size < 10
    assert len(fit.lines) * fit.leading <= 60 + 0.01
    assert all(fonts.width(line, FONT, fit.size) <= 150 for line in fit.lines)


def test_text_that_cannot_fit_is_cut_with_an_ellipsis_and_flagged() -> None:
    fit = fit_block("word " * 400, FONT, 100, 30, 9)
    assert not fit.ok and fit.size == FLOOR and fit.lines[-1].endswith("…")
    assert len(fit.lines) * fit.leading <= 30 + 0.01


def test_words_are_kept_whole_while_a_smaller_size_keeps_them_whole() -> None:
    fit = fit_block("Wheatfield", fonts.COND_BOLD, 40, 30, 9, max_lines=2)
    assert fit.ok and fit.lines == ["Wheatfield"]
    assert wrap("Panzerkampfwagen", FONT, 9, 30)[0] != "Panzerkampfwagen"   # only at the floor is a word cut


def test_one_line_shrinks_then_is_cut() -> None:
    assert fit_line("PzKw IV J", FONT, 200, 9).ok
    long = fit_line("x" * 300, FONT, 100, 9)
    assert not long.ok and long.lines[0].endswith("…")
