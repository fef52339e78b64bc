"""The speed figures measured side by side with a baseline checkout (tcforge bench speed, --baseline): what they
read and how they name a baseline. Never a timing: the rates are only checked to be rates."""
from __future__ import annotations

from pathlib import Path

import pytest

from tcforge.bench import ENGINE, SCALING, SCENARIOS, SEARCH, Figure, baseline_root, here, measure


def test_a_folder_holding_tcforge_is_its_own_baseline() -> None:
    assert baseline_root(str(here())) == here()


def test_a_baseline_that_is_neither_a_checkout_nor_a_revision_is_said_in_one_line(tmp_path: Path) -> None:
    said = baseline_root(str(tmp_path / "no-such-checkout"))
    assert isinstance(said, str) and "no-such-checkout" in said and "\n" not in said


def test_every_figure_of_issue_35_is_measured() -> None:
    names = {f.name for f in SCENARIOS + ENGINE + SEARCH + SCALING}
    assert {"hill-621", "kursk", "random", "copies", "greedy-playouts", "best", "look"} <= names
    assert {"decisions-10", "decisions-20", "decisions-40", "decisions-80"} <= names


@pytest.mark.slow
@pytest.mark.parametrize("name", ["copies", "decisions-10"])
def test_the_probe_measures_a_figure_in_a_fresh_process(name: str) -> None:
    rate, unit, items = measure(here(), Figure(name, name, 2 if name == "copies" else 1))
    assert rate > 0 and unit.endswith("/s") and items > 0
