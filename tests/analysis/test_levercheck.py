"""The lever check (issue 47 item 2): the obvious levers with the direction the rules imply, the unclear readings
played the other way, each paired by seed, and a verdict that says which levers its players do not respond to."""
from __future__ import annotations

import json
from typing import Any

from typer.testing import CliRunner

from tcforge.analysis.levercheck import LeverCheck, Probe, Result, check, probes
from tcforge.analysis.stats import Paired
from tcforge.cli import app
from tcforge.data.dataset import load_data
from tcforge.play.games import GameResult
from tcforge.scenarios.loading import load, scenario_levers


def _probes(sid: str) -> dict[str, Probe]:
    from tcforge.scenarios.loading import find_scenario, load_scenario
    data = load_scenario(find_scenario(sid)).data
    found = probes(load(sid), scenario_levers(sid), load_data().rulesets, data=data)
    return {p.set_text(): p for p in found}


def test_a_sides_strongest_card_removed_helps_the_other_side() -> None:
    found = _probes("hill-621")
    assert found["german.remove=PzKw IV G"].favours == "soviet"  # 26 points, the German's dearest unit
    removed = [text for text in found if text.startswith("soviet.remove=")]
    assert len(removed) == 1 and found[removed[0]].favours == "german"


def test_the_remove_lever_takes_one_card_from_the_first_entry_that_names_it() -> None:
    sc = load("hill-621", parameters={"soviet.remove": "SU 152"})
    group = sc.reinforcement("soviet-2")
    assert sum(e.count for e in group.forces if e.card.name.startswith("SU-152")) == 1  # two in the scenario
    assert sum(e.count for e in load("hill-621").reinforcement("soviet-2").forces if e.card.name.startswith("SU-152")) == 2


def test_4_0_a_one_more_supply_point_helps_its_side_and_20_0_earlier_reinforcements_their_owner() -> None:
    found = _probes("hill-621")
    assert found["german.supply_points=3"].favours == "german"
    assert found["soviet.supply_points=3"].favours == "soviet"
    # Hill 621's German+ is german-2 in turn 10: a turn earlier helps the German, a turn later the Soviet
    assert found["scenario.reinforcements.german.2.turn=10"].favours == "german"
    assert found["scenario.reinforcements.german.2.turn=12"].favours == "soviet"
    assert found["scenario.reinforcements.soviet.1.turn=4"].favours == "soviet"
    # the German wins when the turns run out (20.0): a shorter limit helps it, a longer one the Soviet
    assert found["scenario.turn_limit=15"].favours == "german" and found["scenario.turn_limit=17"].favours == "soviet"


def test_the_unclear_readings_are_played_the_other_way_and_the_scenarios_own_are_left() -> None:
    found = _probes("hill-621")
    readings = {text for text, p in found.items() if p.reading}
    assert "turn.card_may_move_twice=false" in readings  # 5.0: a yes-or-no reading, flipped
    assert "stacking.half_tracks_count_as=truck" in readings  # 6.3: the other value the engine plays
    assert "turn.hand_limit=10" in readings  # 6.4: the article's ten, another ruleset's value
    assert "fire.tank_classes=[tank]" in readings  # 8.5, 10.0: "tank" read literally
    assert not any(text.startswith(("victory.check", "battlefield.")) for text in readings)  # Hill 621 settles them


def test_17_8_kursk_has_no_turn_limit_so_the_cap_is_a_reading() -> None:
    found = _probes("kursk")
    assert found["scenario.turn_limit=60"].reading
    assert not any(text.startswith("scenario.turn_limit=") and not p.reading for text, p in found.items())


def _paired(low: float, high: float) -> Paired:
    return Paired(100, 0.3, 0.3 + (low + high) / 2, low, high, 0, 0, 1.0)


def test_a_lever_is_judged_by_the_direction_the_rules_imply() -> None:
    lever = Probe("one more Supply point a turn for soviet", (("soviet.supply_points", 3),), "soviet")
    reading = Probe("turn.hand_limit = 10", (("turn.hand_limit", 10),))
    assert Result(lever, "soviet", _paired(0.02, 0.1)).judgement == "responds"
    assert Result(lever, "soviet", _paired(-0.1, -0.02)).judgement == "backwards"
    flat = Result(lever, "soviet", _paired(-0.03, 0.05))
    assert flat.judgement == "flat"
    assert flat.render().endswith("these players do not respond to one more Supply point a turn for soviet: the "
                                  "verdict cannot judge it")
    assert Result(reading, "german", _paired(0.02, 0.1)).judgement == "hangs"
    assert Result(reading, "german", _paired(-0.02, 0.1)).judgement == "holds"
    done = LeverCheck(("greedy", "greedy"), 100, (flat, Result(reading, "german", _paired(0.02, 0.1))))
    assert done.cannot_judge() == [flat]
    assert any("readings the verdict hangs on:" in line for line in done.render())


def test_check_pairs_each_probe_with_the_base_by_seed() -> None:
    """The games the play function returns come in another order for the probe; the pairing is by seed, and a lever
    is read for the side it helps, a reading for the base's leader."""
    sc = load("hill-621")
    calls: list[dict[str, Any]] = []

    def play(reference: str, **kw: Any) -> list[GameResult]:
        calls.append(kw)
        more = kw["parameters"].get("soviet.supply_points") == 3
        games = [GameResult(s, "soviet" if (s < 3 or (more and s < 6)) else "german", "", "v", 16, 1) for s in range(10)]
        return games if not more else list(reversed(games))

    lever = Probe("one more Supply point a turn for soviet", (("soviet.supply_points", 3),), "soviet")
    reading = Probe("turn.hand_limit = 10", (("turn.hand_limit", 10),))
    done = check("hill-621", sc, [lever, reading], games=10, policies=("greedy", "greedy"), seed=5, play=play,
                 base={"scenario.turn_limit": 17})
    assert [c["parameters"] for c in calls] == [{"scenario.turn_limit": 17},
                                                 {"scenario.turn_limit": 17, "soviet.supply_points": 3},
                                                 {"scenario.turn_limit": 17, "turn.hand_limit": 10}]
    assert all(c["base_seed"] == 5 and c["games"] == 10 for c in calls)
    first, second = done.results
    assert first.side == "soviet" and (first.pair.only_a, first.pair.only_b) == (0, 3)  # seeds 3, 4, 5 turn over
    assert second.side == "german" and second.pair.difference == 0  # the base's leader, nothing changed


def test_balance_lever_check_on_the_command_line(monkeypatch: Any) -> None:
    """``scenario balance --lever-check`` (with ``--set``) on the web tests' two-turn skirmish: the check in JSON."""
    from pathlib import Path
    monkeypatch.setenv("TCFORGE_DATA", str(Path(__file__).resolve().parent.parent / "data" / "web"))
    result = CliRunner().invoke(app, ["scenario", "balance", "skirmish", "--games", "10", "--jobs", "1",
                                      "--option", "as-written", "--lever-check", "--lever-games", "10",
                                      "--set", "german.supply_points=2", "--format", "json"])
    assert result.exit_code == 0, result.output
    entry = json.loads(result.stdout)[0]
    levers = entry["lever_check"]["levers"]
    assert {lever["set"].get("german.supply_points") for lever in levers if "german.supply_points" in lever["set"]} == {3}
    assert all(lever["judgement"] in ("responds", "backwards", "flat") and lever["games"] == 10 for lever in levers)


def test_balance_set_refuses_a_bad_lever_in_one_line(monkeypatch: Any) -> None:
    for bad, words in (("nosuch.lever=3", "nosuch.lever"), ("soviet.supply_points=\x1b[31m", "soviet.supply_points"),
                       ("german.supply_points=0", "german.supply_points"), ("soviet.remove=Tiger", "soviet's forces")):
        result = CliRunner().invoke(app, ["scenario", "balance", "hill-621", "--games", "2", "--set", bad])
        assert result.exit_code == 2 and words in result.output and "Traceback" not in result.output, result.output
        assert "\x1b" not in result.output


def test_tune_lever_check_reaches_its_report(monkeypatch: Any, tmp_path: Any) -> None:
    """``scenario tune --lever-check``: the check after the answer, in tune.json and in the HTML report's sections."""
    from pathlib import Path
    monkeypatch.setenv("TCFORGE_DATA", str(Path(__file__).resolve().parent.parent / "data" / "web"))
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(app, ["scenario", "tune", "skirmish", "--lever", "german.supply_points", "--range", "1..3",
                                      "--games", "60", "--round-games", "10", "--agent", "greedy", "--jobs", "1",
                                      "--lever-check", "--lever-games", "10", "--html", "r.html", "--out", "t",
                                      "--no-progress"])
    assert result.exit_code == 0, result.output
    assert "lever check (greedy v greedy, 10 games a probe" in result.stdout
    saved = json.loads((tmp_path / "t" / "tune.json").read_text(encoding="utf-8"))
    assert {lever["probe"] for lever in saved["lever_check"]["levers"]} >= {"one more Supply point a turn for german"}
    assert "Lever check (greedy v greedy, 10 games a probe" in (tmp_path / "r.html").read_text(encoding="utf-8")
