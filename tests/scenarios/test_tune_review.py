"""The designer's balancer as a designer found it (issue 36, the reviewer's defects): each test names its defect."""
from __future__ import annotations

import json
from types import SimpleNamespace
from typing import Any

import pytest
from typer.testing import CliRunner

from tcforge.analysis.tune import Plan, Point
from tcforge.play.games import GameResult


def _result(seed: int, winner: str | None) -> GameResult:
    return GameResult(seed=seed, winner=winner, reason="test", condition="test", turns=10, actions=1, first="german")


def test_defect_1_a_proof_game_s_command_names_the_players_that_played_it() -> None:
    """Defect 1: a tune's proof game said '--seed N --set L=v' without its players, so 'scenario play' with it
    played greedy v greedy, another game; the command names --agent SIDE=SPEC whenever they are not greedy's."""
    from tcforge.cli.report import play_command, proof_seeds
    plan = Plan("hill-621", "soviet.supply_points", 1, 6, "soviet", ("best", "best"), sides=("german", "soviet"))
    point = Point(2, [_result(84786240051429, "soviet"), _result(5, "german")], "soviet")
    titles = [t for t, _, _ in proof_seeds(SimpleNamespace(plan=plan, between=(point, point)))]
    assert titles[0] == ("soviet.supply_points = 2: a game soviet won (tcforge scenario play hill-621 --seed 84786240051429 "
                         "--set 'soviet.supply_points=2' --agent german=best --agent soviet=best)")
    assert play_command("hill-621", 3, ("greedy", "greedy"), ["german", "soviet"]) == "tcforge scenario play hill-621 --seed 3"
    from tcforge.analysis.verdict import Ending, render_endings
    why = render_endings([Ending("soviet", "control", 1, 1.0, 7, 12.0, None, {})], "--agent german=best --agent soviet=best")
    assert "e.g. --seed 7 --agent german=best --agent soviet=best;" in why[0]  # balance's 'why' lines too


def test_defect_2_an_html_or_out_path_nothing_can_be_written_in_is_refused_before_any_game(monkeypatch: Any) -> None:
    """Defect 2: 'balance --html /proc/x.html' played every game, then failed 'cannot write' and lost the run; the
    folder is tried first (as a folder path already was): one line, exit 1, no game."""
    import tcforge.analysis.balance as balance
    from tcforge.cli import app

    def no_game(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("a game was played")
    monkeypatch.setattr(balance, "run", no_game)
    for args in (["balance", "hill-621", "--games", "2", "--html", "/proc/x.html"],
                 ["balance", "hill-621", "--games", "2", "--out", "/proc/x.png"],
                 ["tune", "hill-621", "--lever", "soviet.supply_points", "--html", "/proc/x.html"],
                 ["tune", "hill-621", "--lever", "soviet.supply_points", "--out", "/proc/t"]):
        result = CliRunner().invoke(app, ["scenario", *args])
        assert result.exit_code == 1, (args, result.stderr)
        assert result.stderr.count("\n") == 1 and "cannot write /proc/" in result.stderr, (args, result.stderr)


def test_defect_3_a_budget_below_the_first_round_is_refused_naming_the_minimum(tmp_path: Any) -> None:
    """Defect 3: 'tune --games 40 --round-games 10 --range 1..6' played nothing and exited 0 with an empty report;
    it is refused before any game, naming the budget the first round needs."""
    from tcforge.cli import app
    result = CliRunner().invoke(app, ["scenario", "tune", "hill-621", "--lever", "soviet.supply_points", "--range", "1..6",
                                      "--games", "40", "--round-games", "10", "--agent", "greedy", "--jobs", "1",
                                      "--no-progress", "--out", str(tmp_path / "t")])
    assert result.exit_code == 2 and "give --games 50 or more" in result.stderr
    assert result.stderr.count("\n") == 1 and not (tmp_path / "t").exists()


@pytest.mark.slow
def test_defect_4_balance_says_when_max_games_stopped_it_short_of_the_precision() -> None:
    """Defect 4: 'balance --precision 0.05 --max-games 20' stopped at --max-games without reaching the precision and
    said nothing; a line says so, and the JSON has a precision field."""
    from tcforge.cli import app
    args = ["scenario", "balance", "hill-621", "--precision", "0.05", "--max-games", "10", "--games", "10",
            "--option", "as-written", "--jobs", "1"]
    text = CliRunner().invoke(app, args)
    assert text.exit_code == 0, text.stderr
    assert "  precision ±5 points not reached: stopped at --max-games 10 (±" in text.stdout
    found = json.loads(CliRunner().invoke(app, [*args, "--format", "json"]).stdout)[0]["precision"]
    assert found["reached"] is False and found["target"] == 0.05 and found["games"] == 10 and found["half_width"] > 0.05


def _grid_chars(sid: str) -> tuple[str, list[tuple[str, float, float]], Any]:
    """The replay board's text, and each character drawn inside the grid with its bottom and top (PDF points)."""
    import pypdfium2 as pdfium  # type: ignore[import-untyped]

    from tcforge.render.report.board import drawing
    from tcforge.scenarios.loading import load
    pdf, flow = drawing(load(sid))
    page = pdfium.PdfDocument(pdf)[0]
    text = page.get_textpage()
    top = flow.height - flow.band_h - flow.num_h
    chars = []
    for i in range(text.count_chars()):
        left, bottom, right, up = text.get_charbox(i)
        if flow.label_w < left and right < flow.width - flow.label_w and top - flow.grid_h < bottom and up < top:
            chars.append((text.get_text_range(i, 1), bottom, up))
    return text.get_text_range(), chars, flow


def test_defect_5_the_replay_board_draws_no_dealt_label_and_keeps_the_tags_under_the_terrain_names() -> None:
    """Defect 5: on Kursk's replay the sheet's '1 card dealt' was drawn under the dealt terrain's label and the legend
    said 'see Terrain below' (the report has no Terrain section); on Hill 621 the unit tags covered the terrain names
    (G7-4 'Village'). The replay's board draws neither, and keeps a strip at each cell's foot for the tags."""
    kursk, _, _ = _grid_chars("kursk")
    assert "1 card dealt" not in kursk and "see Terrain" not in kursk
    hill, chars, flow = _grid_chars("hill-621")
    assert "Village" in hill and flow.unit_h > 0
    top = flow.height - flow.band_h - flow.num_h
    for char, bottom, up in chars:  # no letter of a terrain name in a cell's units strip
        row = int((top - up) // flow.cell_h)
        foot = top - (row + 1) * flow.cell_h + flow.unit_h
        assert bottom >= foot - 0.5, (char, row)
    from tcforge.render.report.board import board
    from tcforge.scenarios.loading import load
    assert round(board(load("hill-621")).units, 3) == round(flow.unit_h / flow.cell_h, 3)  # where the page puts the tags


def _fake_games(monkeypatch: Any) -> None:
    """Games played at once: soviet wins game i of supply points v when i % 10 < 10 x (0.9 - 0.15 (v - 1))."""
    from tcforge.analysis import cluster
    from tcforge.analysis.batches import BatchResult, content_key, game_seed, scenario_of

    def play(runner: Any, batches: Any, keep: Any) -> None:
        for b in batches:
            v = int(b.cell.parameters[0][1])
            wins = round(10 * (0.9 - 0.15 * (v - 1)))
            results = [_result(game_seed(b.cell.seed, i), "soviet" if i % 10 < wins else "german")
                       for i in range(b.start, b.start + b.count)]
            keep(BatchResult(b, results, content_key(b.cell, scenario_of(b.cell))))
    monkeypatch.setattr(cluster, "play", play)


def test_defect_7_tune_plays_the_whole_values_next_to_the_crossing_or_says_which_it_played(tmp_path: Any,
                                                                                          monkeypatch: Any) -> None:
    """Defect 7: tune said 'the two whole values around' a crossing of 3.5 and gave 2 and 4, 3 never played. What the
    budget leaves goes to the values next to the crossing; when none is left, the answer says what was not played."""
    from tcforge.analysis.tune import tune
    from tcforge.scenarios.loading import find_scenario
    _fake_games(monkeypatch)
    plan = Plan(str(find_scenario("hill-621")), "soviet.supply_points", 1, 6, "soviet", ("greedy", "greedy"),
                games=60, round_games=10, sides=("german", "soviet"))
    tuned = tune(plan, tmp_path / "a")
    assert tuned.between is not None and [q.value for q in tuned.between] == [3, 4]
    assert 3 in {q.value for q in tuned.points} and "not played" not in tuned.answer()
    plan.games = 50  # the first round only: 1, 2, 4, 5, 6
    short = tune(plan, tmp_path / "b")
    assert short.between is not None and [q.value for q in short.between] == [2, 4]
    assert "3 was not played (--games 50 spent); the nearest values played: 2 gives" in short.answer()


def test_defect_9_tune_s_help_says_its_agent_is_best_by_default() -> None:
    """Defect 9: 'scenario tune --help' said --agent defaults to greedy; tune plays best."""
    from tcforge.cli import app
    result = CliRunner().invoke(app, ["scenario", "tune", "--help"], env={"COLUMNS": "100"})
    text = " ".join(result.stdout.replace("│", " ").split())
    assert "default best." in text and "default greedy" not in text


def test_defect_11_the_paired_verdict_judges_by_the_interval_and_gives_mcnemar_apart() -> None:
    """Defect 11: "McNemar p = 0.0703 (7 v 1 discordant): it moves the result" contradicted itself; the judgement
    is the interval's, and the test's p is given apart, as information."""
    from tcforge.analysis.stats import Paired
    moved = Paired(40, 0.2, 0.35, 0.01, 0.3, 1, 7, 0.0703).render()
    assert "the 95 % interval excludes 0, so it moves the result" in moved
    assert moved.endswith("(McNemar's exact test, for information: p = 0.0703, 1 v 7 discordant)")
    assert "the 95 % interval includes 0" in Paired(40, 0.2, 0.25, -0.05, 0.15, 2, 4, 0.69).render()


def test_defect_12_an_answer_s_interval_is_cut_to_the_values_the_lever_can_take() -> None:
    """Defect 12: "1.2 gives german 50% (95 % -0.4 to 1.7)" for Supply points, which cannot be below 0: the
    interval is cut to the lever's range, and the answer says it reaches below it."""
    from tcforge.analysis.stats import Crossing, Logistic
    from tcforge.analysis.tune import Tuned
    plan = Plan("hill-621", "soviet.supply_points", 1, 6, "german", ("greedy", "greedy"), sides=("german", "soviet"),
                allowed=(0, 10))
    points = [Point(1, [_result(1, "german")], "german"), Point(2, [_result(2, "soviet")], "german")]
    fit = Logistic(1.0, -0.8, ((0.1, 0.0), (0.0, 0.01)), 100)
    tuned = Tuned(plan, points, fit, Crossing(1.2, -0.4, 1.7, True), 1, 2, 0, "")
    assert tuned.answer() == ("soviet.supply_points = 1.2 gives german 50% (95 % 0.0 to 1.7, reaching below the range "
                              "soviet.supply_points can take, 0 to 10)")


def test_defect_15_tune_json_has_no_first_player_split_where_the_initiative_is_fixed(tmp_path: Any,
                                                                                    monkeypatch: Any) -> None:
    """Defect 15: tune.json gave a first_player block for Hill 621, whose initiative is fixed, where balance gives
    null: null there too."""
    from tcforge.cli import app
    _fake_games(monkeypatch)
    result = CliRunner().invoke(app, ["scenario", "tune", "hill-621", "--lever", "soviet.supply_points", "--range", "1..6",
                                      "--games", "50", "--round-games", "10", "--agent", "greedy", "--jobs", "1",
                                      "--no-progress", "--out", str(tmp_path / "t"), "--format", "json"])
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["first_player"] is None
    assert json.loads((tmp_path / "t" / "tune.json").read_text())["first_player"] is None


@pytest.mark.slow
def test_defect_16_a_sweep_report_replays_every_cell_names_its_scenario_and_its_levers_plainly(tmp_path: Any) -> None:
    """Defect 16: a sweep's report had proof games for its first cell only, labelled its cells 'as written,
    soviet.supply_points=3' (which sounds unchanged) and was titled just 'Sweep'."""
    import re

    from tcforge.cli import app
    page = tmp_path / "sweep.html"
    result = CliRunner().invoke(app, ["scenario", "sweep", "hill-621", "--set", "soviet.supply_points=3", "--set",
                                      "soviet.supply_points=5", "--games", "4", "--batch", "2", "--jobs", "1",
                                      "--no-progress", "--out", str(tmp_path / "sw"), "--html", str(page)])
    assert result.exit_code == 0, result.stderr
    text = page.read_text(encoding="utf-8")
    assert "<title>hill-621: sweep</title>" in text and "as written, soviet" not in text
    titles = re.findall(r'<div class="replay" id="replay-\d+" tabindex="0"><h3>([^<]*)</h3>', text)
    assert {t.split(":")[0] for t in titles} == {"soviet.supply_points=3, greedy", "soviet.supply_points=5, greedy"}
    assert all("--set &#x27;soviet.supply_points=" in t for t in titles)


@pytest.mark.slow
def test_defect_17_html_in_a_missing_folder_makes_it_as_out_and_log_do(tmp_path: Any, monkeypatch: Any) -> None:
    """Defect 17: '--html nodir/x.html' made the missing folder without a word. Every other output does the same
    (--out of tune and sweep, --log of play, --out FILE of balance: tcforge.atomic makes the folders), so --html
    keeps doing it, consistently, and the check made before any game (defect 2) lets it."""
    from tcforge.cli import app
    _fake_games(monkeypatch)
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(app, ["scenario", "tune", "hill-621", "--lever", "soviet.supply_points", "--range", "1..6",
                                      "--games", "50", "--round-games", "10", "--agent", "greedy", "--jobs", "1",
                                      "--no-progress", "--out", "new/t", "--html", "nodir/x.html"])
    assert result.exit_code == 0, result.stderr
    assert (tmp_path / "nodir" / "x.html").is_file() and (tmp_path / "new" / "t" / "tune.json").is_file()
    log = CliRunner().invoke(app, ["scenario", "play", "hill-621", "--seed", "3", "-q", "--log", "logs/x.jsonl"])
    assert log.exit_code == 0 and (tmp_path / "logs" / "x.jsonl").is_file()


def _proof_report(tmp_path: Any, proofs: list[tuple[Any, ...]]) -> tuple[Any, str]:
    from tcforge.cli.report import write_html
    from tcforge.scenarios.loading import load
    path = tmp_path / "report.html"
    write_html(path, {"title": "hill-621: a test report", "verdict": []}, load("hill-621"), proofs, ("greedy", "greedy"))
    return path, path.read_text(encoding="utf-8")


def test_issue_38_a_proof_game_is_logged_beside_the_report_and_linked_to_serve_s_watch_page(tmp_path: Any) -> None:
    """Issue 38 item 3: each proof game of a report is logged (as 'scenario play --log' logs it) in REPORT-games/,
    the log audits clean and replays the game the report shows, and the report links it to 'tcforge serve'."""
    import re
    from urllib.parse import parse_qs, urlsplit

    from tcforge.cli import app
    from tcforge.cli.serve import PORT
    _, text = _proof_report(tmp_path, [("a game (--seed 3)", 3, {})])
    logs = sorted((tmp_path / "report-games").iterdir())
    assert [p.name for p in logs] == ["hill-621-seed-3.jsonl"]
    links = re.findall(r'<a href="([^"]*)">watch it in tcforge serve</a>', text)
    assert len(links) == 1 and "start <code>tcforge serve</code> first" in text
    link = urlsplit(links[0].replace("&amp;", "&"))
    assert (link.scheme, link.netloc, link.path) == ("http", f"127.0.0.1:{PORT}", "/watch")
    assert parse_qs(link.query)["log"] == [str(logs[0].resolve())]
    audit = CliRunner().invoke(app, ["scenario", "audit", str(logs[0])])
    assert audit.exit_code == 0 and "no violation" in audit.stdout, audit.stdout + audit.stderr
    game = json.loads(re.findall(r'<script type="application/json" class="game">(.*?)</script>', text)[0])
    end = json.loads(logs[0].read_text(encoding="utf-8").splitlines()[-1])["end"]
    replay = CliRunner().invoke(app, ["scenario", "replay", str(logs[0])])
    assert replay.exit_code == 0, replay.stderr
    assert end["winner"] == game["winner"] and f"{game['winner'].capitalize()} wins" in replay.stdout.splitlines()[-1]


def test_issue_38_a_proof_game_with_levers_is_logged_with_them_and_audits_clean(tmp_path: Any) -> None:
    """A log records its game's levers and its readers apply them: a lever game is logged and linked like any other."""
    from tcforge.cli import app
    _, text = _proof_report(tmp_path, [("a lever game (--seed 3)", 3, {"soviet.supply_points": 3})])
    assert "not logged yet" not in text and "watch it in tcforge serve" in text
    log = tmp_path / "report-games" / "hill-621-seed-3.jsonl"
    assert json.loads(log.read_text(encoding="utf-8").splitlines()[0])["setup"]["levers"] == {"soviet.supply_points": 3}
    audit = CliRunner().invoke(app, ["scenario", "audit", str(log)])
    assert audit.exit_code == 0 and "no violation" in audit.stdout, audit.stdout + audit.stderr


def test_issue_38_a_report_whose_games_folder_is_a_file_is_refused_in_one_line(tmp_path: Any) -> None:
    import typer

    (tmp_path / "report-games").write_text("not a folder")
    with pytest.raises(typer.Exit):
        _proof_report(tmp_path, [("a game (--seed 3)", 3, {})])
    assert not (tmp_path / "report.html").exists()
