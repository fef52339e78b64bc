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


def test_a_recorded_page_keeps_the_four_fields_of_a_results_page_never_overwrites_and_is_indexed(tmp_path: Path) -> None:
    """make bench records bench speed under docs/results: the page must pass the results pages' own test (what, where,
    load, command; listed in index.md), and a second run the same day must not overwrite a page (one edited by hand)."""
    from datetime import UTC, datetime

    from tcforge.cli.bench import _record_speed
    (tmp_path / "index.md").write_text("| date | page | finding |\n| --- | --- | --- |\n", encoding="utf-8")
    now = datetime(2026, 11, 26, 11, 30, tzinfo=UTC)
    first = _record_speed(tmp_path, ["hill-621: 1.62x"], 5.0, "tcforge bench speed --baseline 268fee5", now)
    second = _record_speed(tmp_path, ["hill-621: 1.70x"], 5.0, "tcforge bench speed", now)
    assert first.name == "2026-11-26-bench-speed.md" and second.name == "2026-11-26-bench-speed-1130.md"
    text = first.read_text(encoding="utf-8")
    for field in ("**What:**", "**Where:**", "**Load:**", "**Command:**"):
        assert field in text
    assert "1.62x" in text and "1.70x" in second.read_text(encoding="utf-8")
    index = (tmp_path / "index.md").read_text(encoding="utf-8")
    assert f"]({first.name})" in index and f"]({second.name})" in index
