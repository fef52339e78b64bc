"""scenario tune (issue 36 item 2): plays near the crossing, answers with an interval, resumes from what it kept."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tcforge.analysis.stats import Crossing, Logistic
from tcforge.analysis.tune import first_values, next_values
from tcforge.cli import app


def test_later_rounds_play_the_two_whole_values_around_the_fitted_crossing() -> None:
    fit = Logistic(-5.0, 0.5, ((0.25, -0.02), (-0.02, 0.002)), 400)
    assert next_values(fit, fit.crossing(0.5), {}, 1, 20) == [10, 11]
    assert next_values(fit, Crossing(25.0, 20.0, 30.0, True), {}, 1, 20) == [19, 20]  # beyond the range: its end
    flat = Logistic(1.0, 0.001, ((0.1, 0.0), (0.0, 0.01)), 100)
    from tcforge.analysis.tune import Point
    points = {v: Point(v, [], "german") for v in first_values(8, 16)}
    assert next_values(flat, flat.crossing(0.5), points, 8, 16) == [13, 15]  # no usable fit: fill the widest gaps
    assert first_values(8, 16) == [8, 10, 12, 14, 16]


@pytest.mark.slow
def test_tune_answers_and_a_rerun_plays_nothing_again(tmp_path: Path) -> None:
    args = ["scenario", "tune", "hill-621", "--lever", "scenario.victory.take-the-hill.shift", "--range", "0..3",
            "--agent", "greedy", "--games", "60", "--round-games", "10", "--jobs", "1", "--no-progress",
            "--out", str(tmp_path / "t"), "--format", "json"]
    first = CliRunner().invoke(app, args, catch_exceptions=False)
    assert first.exit_code == 0, first.stderr
    found = json.loads(first.stdout)
    assert found["games"] <= 60 and found["rounds"] >= 2
    assert sorted(p["value"] for p in found["points"])[:4] == [0, 1, 2, 3]
    assert found["answer"].startswith("scenario.victory.take-the-hill.shift")
    again = CliRunner().invoke(app, args, catch_exceptions=False)
    assert json.loads(again.stdout) == found  # every batch kept: the same rounds, the same answer
    assert (tmp_path / "t" / "tune.json").is_file()


@pytest.mark.slow
def test_precision_stops_once_both_values_around_the_target_are_known_to_it(tmp_path: Path) -> None:
    args = ["scenario", "tune", "hill-621", "--lever", "soviet.supply_points", "--range", "2..5", "--agent", "greedy",
            "--games", "200", "--round-games", "10", "--precision", "0.2", "--jobs", "1", "--no-progress",
            "--out", str(tmp_path / "t"), "--format", "json"]
    result = CliRunner().invoke(app, args, catch_exceptions=False)
    assert result.exit_code == 0, result.stderr
    found = json.loads(result.stdout)
    assert found["stopped_because"] == "both values around the target are known to +/-20.0%" and found["games"] < 200
    for point in found["between"]:
        low, high = point["interval95"]
        assert (high - low) / 2 <= 0.2
