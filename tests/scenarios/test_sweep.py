"""Balance sweeps (issue 14): per-game seeds, identical tables wherever the games ran (this process, the local
pool, Dask), resuming after an interruption, and sweep files checked at file:line:col."""
from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest
from typer.testing import CliRunner

from conftest import ROOT
from tcforge.analysis import cluster
from tcforge.analysis.balance import run
from tcforge.analysis.batches import Cell, game_seed, plan
from tcforge.analysis.sweep import BATCHES, ROWS, TABLE, Store, Sweep, SweepError, read_sweep_file, run_sweep
from tcforge.cli import app

SMALL = Sweep(["hill-621"], options=[None, "german-plus"], games=4, batch=1)
TINY = Sweep(["hill-621"], options=["german-plus"], games=4, batch=1)  # the German wins all four


def test_game_seed_comes_from_the_root_seed_and_the_game_index_only() -> None:
    assert game_seed(1, 0) == game_seed(1, 0) != game_seed(1, 1)
    assert game_seed(1, 1) != game_seed(2, 0)  # root + index would give the same seed to these two
    assert len({game_seed(root, i) for root in range(1, 5) for i in range(500)}) == 2000
    results = run("meeting-engagement", games=3, base_seed=7, batch=2)
    assert [r.seed for r in results] == [game_seed(7, i) for i in range(3)]


@pytest.mark.slow
def test_a_proof_seed_of_the_table_replays_with_scenario_play(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    outcome = run_sweep(Sweep(["hill-621"], options=["german-plus"], games=12, batch=6), tmp_path, plot=False)
    soviet = outcome.rows[0].report.sides[1]
    # a Soviet win among these 12 games (the sweep keeps one as its proof), whose seed is one of the cell's
    assert soviet.side == "soviet" and soviet.wins >= 1 and soviet.example_seed in {game_seed(1, i) for i in range(12)}
    played = CliRunner().invoke(app, ["scenario", "play", "hill-621", "--balance", "german-plus", "--seed", str(soviet.example_seed),
                                      "--quiet"])
    assert played.exit_code == 0 and "Soviet wins" in played.stdout


@pytest.mark.slow
def test_identical_tables_on_one_worker_the_local_pool_of_two_and_a_local_cluster_of_two(tmp_path: Path) -> None:
    from distributed import LocalCluster

    run_sweep(TINY, tmp_path / "one", jobs=1, plot=False)  # in this process
    run_sweep(TINY, tmp_path / "two", jobs=2, plot=False)  # the local process pool
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                      scheduler_kwargs={"dashboard_address": ":0"}) as real:  # not 8787, maybe taken
        run_sweep(TINY, tmp_path / "cluster", scheduler=real.scheduler_address, plot=False)
    tables = [(tmp_path / name / TABLE).read_text() for name in ("one", "two", "cluster")]
    assert tables[0] == tables[1] == tables[2]
    # the games since the owners place their set-up and arrivals (issue 47): three German wins, one Soviet
    assert tables[0].count("\n") == 2 and f",4,4,True,german,3,0.75,0.3006,0.9544,{game_seed(1, 0)},soviet,1,0.25," in tables[0]


@pytest.mark.slow
def test_an_interrupted_sweep_keeps_its_batches_and_a_rerun_plays_only_the_rest(tmp_path: Path) -> None:
    whole = run_sweep(SMALL, tmp_path / "whole", plot=False)
    seen: list[int] = []

    def interrupt(games: int) -> None:
        seen.append(games)
        if len(seen) == 3:
            raise KeyboardInterrupt

    first = run_sweep(SMALL, tmp_path / "cut", progress=interrupt, plot=False)
    assert first.stopped is not None and first.stopped.interrupted and first.finished == 3
    rows = [json.loads(line) for line in (tmp_path / "cut" / ROWS).read_text().splitlines()]
    assert [(r["games"], r["complete"]) for r in rows] == [(3, False), (0, False)]
    again = run_sweep(SMALL, tmp_path / "cut", plot=False)
    assert again.stopped is None and (again.kept_before, again.played_now) == (3, 5)
    assert (tmp_path / "cut" / TABLE).read_text() == (tmp_path / "whole" / TABLE).read_text()
    assert whole.played_now == 8


@pytest.mark.slow
def test_a_batch_line_cut_short_by_a_kill_is_played_again(tmp_path: Path) -> None:
    run_sweep(SMALL, tmp_path, plot=False)
    kept = (tmp_path / BATCHES).read_bytes()
    (tmp_path / BATCHES).write_bytes(kept[: len(kept) - 40])  # the last batch half-written
    store = Store(tmp_path)
    assert store.dropped == 1 and len(store.done) == 7
    again = run_sweep(SMALL, tmp_path, plot=False)
    assert again.played_now == 1 and (tmp_path / BATCHES).read_bytes() .count(b"\n") == 8


def test_the_batch_plan_depends_on_neither_workers_nor_scheduler() -> None:
    batches = plan(Cell("kursk"), 25, 10)
    assert [(b.start, b.count) for b in batches] == [(0, 10), (10, 10), (20, 5)]
    assert cluster.local_workers(0, 1) == 1 and cluster.local_workers(2, 3) == 2 and cluster.local_workers(8, 3) == 3


@pytest.mark.slow
def test_sweep_command_writes_the_table_and_plot_and_a_rerun_has_nothing_to_play(tmp_path: Path,
                                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    args = ["scenario", "sweep", "hill-621", "--option", "as-written", "--option", "german-plus", "--agents", "greedy",
            "--agents", "random/greedy", "--set", "turn.hand_limit=6", "--games", "2", "--out", str(tmp_path), "--no-progress"]
    first = CliRunner().invoke(app, args)
    assert first.exit_code == 0, first.output
    header, *lines = (tmp_path / TABLE).read_text().splitlines()
    assert header.startswith("scenario,option,ruleset,parameters,agents,seed,games,planned,complete,side_a,wins_a,rate_a,low95_a")
    assert len(lines) == 4 and all('"{""turn.hand_limit"": 6}"' in line for line in lines)
    assert {json.loads(r)["agents"][0] for r in (tmp_path / ROWS).read_text().splitlines()} == {"greedy", "random"}
    assert (tmp_path / "sweep.png").stat().st_size > 0
    again = CliRunner().invoke(app, args)
    assert again.exit_code == 0 and "4 of 4 games kept" not in again.stderr and "nothing left to play" in again.stderr


BAD = [
    ("scenarios: [hill-621]\ngames: 10\nturns: 3\n", "3:1: unknown key 'turns'"),
    ("scenarios: [hill-621]\ngames: many\n", "2:8: games: 'many' is not a whole number"),
    ("scenarios: [hill-621, nowhere]\n", "1:23: no scenario"),
    ("scenarios: [hill-621]\noptions:\n  - as-written\n  - german-pluss\n", "4:5: 'german-pluss' is not a balance option of hill-621"),
    ("scenarios: [hill-621]\nagents: [greedy, 'plan:lots']\n", "2:18: agents for hill-621"),
    ("scenarios: [hill-621]\nagents:\n  - {germans: greedy}\n", "3:5: agents for hill-621: no side 'germans'"),
    ("scenarios: [hill-621]\nrulesets: [six-pack-r4]\n", "2:12: hill-621: unknown ruleset 'six-pack-r4'"),
    ("scenarios: [hill-621]\nparameters:\n  - {turn.hand_limitt: 6}\n", "3:5: hill-621: 'turn.hand_limitt' is not a parameter"),
    ("scenarios: [hill-621]\nbatch: 0\n", "2:8: batch is 0"),
    ("games: 3\n", "1:1: no scenarios"),
    ("scenarios: [hill-621\n", "2:1: "),
]


@pytest.mark.parametrize(("text", "expected"), BAD, ids=[e.split(": ", 1)[-1][:30] or e for _, e in BAD])
def test_bad_sweep_files_give_file_line_col_errors(tmp_path: Path, text: str, expected: str) -> None:
    path = tmp_path / "grid.yaml"
    path.write_text(text)
    with pytest.raises(SweepError) as caught:
        read_sweep_file(path)
    assert any(f"grid.yaml:{expected}" in p.render() for p in caught.value.problems), caught.value
    result = CliRunner().invoke(app, ["scenario", "sweep", "--file", str(path), "--out", str(tmp_path / "out")])
    assert result.exit_code == 1 and "Traceback" not in result.output and expected in result.stderr
    assert not (tmp_path / "out").exists()  # nothing half-written


def test_a_good_sweep_file_gives_the_grid_it_says(tmp_path: Path) -> None:
    path = tmp_path / "grid.yaml"
    path.write_text("scenarios: [hill-621, kursk]\noptions: [all]\nagents: [greedy, {german: random}]\ngames: 3\nseed: 5\n")
    sweep = read_sweep_file(path)
    assert (sweep.scenarios, sweep.games, sweep.seed) == (["hill-621", "kursk"], 3, 5)
    from tcforge.analysis.sweep import cells
    grid = cells(sweep)
    assert len(grid) == (4 + 1) * 2  # hill-621: as written and 3 options, kursk: as written; two pairs of agents each
    assert ("random", "greedy") in {c.agents for c in grid if c.scenario == "kursk"}


def test_a_second_run_at_the_same_time_prints_no_dask_port_warning() -> None:
    """Two balance runs at once: the local cluster's HTTP server must not want Dask's default port 8787 (whose
    "port in use" warning would land in the user's terminal)."""
    import socket
    import warnings
    from contextlib import suppress

    with socket.socket() as busy:
        with suppress(OSError):  # taken already: the case under test either way
            busy.bind(("127.0.0.1", 8787))
            busy.listen()
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            with cluster.client(cluster.LOCAL, 1):
                pass
    assert not [w for w in caught if "8787" in str(w.message) or "in use" in str(w.message)]


@pytest.mark.slow
def test_list_and_table_overrides_make_cells_from_set_and_from_a_sweep_file(tmp_path: Path,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    args = ["scenario", "sweep", "hill-621", "--set", "fire.flank_rolls=[1, 2]",
            "--set", "melee.tank_melee_modifiers={8: 0, 10: 0, 12: -1, 14: -1}", "--games", "1", "--jobs", "1",
            "--out", str(tmp_path / "cli"), "--no-progress"]
    first = CliRunner().invoke(app, args)
    assert first.exit_code == 0 and "Traceback" not in first.output, first.output
    rows = [json.loads(r) for r in (tmp_path / "cli" / ROWS).read_text().splitlines()]
    assert [r["parameters"] for r in rows] == [{"fire.flank_rolls": [1, 2]},
                                              {"melee.tank_melee_modifiers": {"8": 0, "10": 0, "12": -1, "14": -1}}]
    assert all(r["games"] == 1 for r in rows)
    again = CliRunner().invoke(app, args)  # the kept batches are found again under the same cells
    assert again.exit_code == 0 and "nothing left to play" in again.stderr, again.stderr
    path = tmp_path / "grid.yaml"
    path.write_text("scenarios: [hill-621]\nparameters:\n  - {fire.flank_rolls: [1, 2]}\n"
                    "  - {melee.tank_melee_modifiers: {8: 0, 10: 0, 12: -1, 14: -1}}\n")
    from tcforge.analysis.sweep import cells
    grid = cells(read_sweep_file(path))
    table = {"8": 0, "10": 0, "12": -1, "14": -1}  # as the loader reads a table's keys
    assert [c.overrides() for c in grid] == [{"fire.flank_rolls": [1, 2]}, {"melee.tank_melee_modifiers": table}]
    assert len(set(grid)) == 2 and grid[1].load().params["melee.tank_melee_modifiers"] == table
    assert grid[0].load().params["fire.flank_rolls"] == [1, 2]


def test_a_table_override_and_a_list_of_pairs_are_two_cells_with_two_keys() -> None:
    table = Cell("hill-621", parameters=(("x.y", {1: 2}),))
    pairs = Cell("hill-621", parameters=(("x.y", [[1, 2]]),))
    assert table != pairs and table.key() != pairs.key() and len({table, pairs}) == 2
    assert table.overrides() == {"x.y": {1: 2}} and pairs.overrides() == {"x.y": [[1, 2]]}
    assert Cell("k", parameters=(("x.y", {2: 0, 1: 0}),)) == Cell("k", parameters=(("x.y", {1: 0, 2: 0}),))


def test_a_stopped_rerun_counts_as_kept_only_the_batches_played_with_todays_content(tmp_path: Path) -> None:
    run_sweep(TINY, tmp_path, plot=False)  # four batches of one game kept
    kept = [json.loads(line) for line in (tmp_path / BATCHES).read_text().splitlines()]
    assert len(kept) == 4
    # as if the scenario had been edited since: every kept batch is stale, played with other content
    (tmp_path / BATCHES).write_text("".join(json.dumps({**entry, "content": "sha256:" + "0" * 64}) + "\n"
                                            for entry in kept))

    def stop_after_the_first_game(games: int) -> None:
        raise KeyboardInterrupt

    again = run_sweep(TINY, tmp_path, progress=stop_after_the_first_game, plot=False)
    assert again.stopped is not None and again.stopped.interrupted
    assert (again.kept_before, again.played_now, again.finished) == (0, 1, 1)
    assert json.loads((tmp_path / ROWS).read_text())["games"] == 1  # what the table holds, as the count says


@pytest.mark.parametrize("kind", ["symbolic link", "FIFO"])
def test_sweep_refuses_a_link_or_a_fifo_as_its_batches_file_in_one_line(kind: str, tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    out = tmp_path / "out"
    out.mkdir()
    elsewhere = tmp_path / "elsewhere.jsonl"
    elsewhere.write_text("")
    reader = None
    if kind == "FIFO":
        os.mkfifo(out / BATCHES)
        reader = os.open(out / BATCHES, os.O_RDONLY | os.O_NONBLOCK)  # a reader: a writer's open cannot hang
    else:
        (out / BATCHES).symlink_to(elsewhere)
    try:
        result = CliRunner().invoke(app, ["scenario", "sweep", "hill-621", "--games", "1", "--jobs", "1",
                                          "--out", str(out), "--no-progress"])
        sent = _pending(reader) if reader is not None else b""
    finally:
        if reader is not None:
            os.close(reader)
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert result.exit_code == 1 and len(lines) == 1, result.output
    assert f"{out / BATCHES}" in lines[0] and kind in lines[0] and "Traceback" not in result.output
    assert sent == b"" and elsewhere.read_text() == "" and not (out / TABLE).exists()
    assert (out / BATCHES).is_symlink() if kind == "symbolic link" else stat.S_ISFIFO(os.lstat(out / BATCHES).st_mode)


def _pending(fd: int) -> bytes:
    try:
        return os.read(fd, 1 << 16)
    except BlockingIOError:
        return b""


@pytest.mark.parametrize("kind", ["symbolic link", "FIFO"])
def test_a_link_or_fifo_planted_after_the_check_is_neither_followed_nor_waited_on(
        kind: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import signal

    from tcforge.analysis import sweep as sweep_module
    from tcforge.analysis.batches import BatchResult
    store = Store(tmp_path)
    monkeypatch.setattr(sweep_module, "check_target", lambda target: None)  # planted between the check and the open
    elsewhere = tmp_path / "elsewhere.jsonl"
    elsewhere.write_text("")
    if kind == "FIFO":
        os.mkfifo(tmp_path / BATCHES)  # nobody reads it: an open that waits for a reader would hang
    else:
        (tmp_path / BATCHES).symlink_to(elsewhere)

    def hung(*_: object) -> None:
        raise AssertionError("the open waited on the FIFO")

    before = signal.signal(signal.SIGALRM, hung)  # only a guard against a hang: the open must fail at once
    signal.alarm(20)
    try:
        with pytest.raises(OSError, match="not a plain file"):
            store.add(BatchResult(plan(Cell("hill-621"), 1, 1)[0], [], "sha256:x"))
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, before)
    assert elsewhere.read_text() == "" and store.done == {}
