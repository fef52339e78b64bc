"""Issue 14's faults, made for real: a worker killed mid-run (the local pool's and a Dask worker), Ctrl-C sent to
the command's process group, and the Dask scheduler killed mid-run, with a rerun against a fresh one. Each
starts real processes, with tiny batches; they are skipped only where processes cannot be started. None waits
for time: each waits for the event it needs (batches kept on disk, a worker stopped), with a long timeout only
as a safety net (tests/processkit.py), so that a busy machine makes them slower, never red."""
from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from conftest import ROOT
from processkit import PATIENCE, alive, ctrl_c_as_in_a_terminal, descendants, state, wait_for
from tcforge.analysis import cluster
from tcforge.analysis.batches import Cell, plan, play_batch
from tcforge.analysis.sweep import BATCHES, TABLE, Store, Sweep, run_sweep
from tcforge.cli import app

GRID = Sweep(["hill-621"], options=[None, "german-plus"], games=6, batch=1)  # 12 batches of one game


@pytest.fixture(scope="module", autouse=True)
def processes_can_start() -> None:
    try:
        subprocess.run([sys.executable, "-c", "pass"], check=True, timeout=PATIENCE)
    except (OSError, subprocess.SubprocessError) as exc:
        pytest.skip(f"cannot start a process here: {exc}")


def lines(folder: Path) -> int:
    path = folder / BATCHES
    return path.read_bytes().count(b"\n") if path.is_file() else 0


@contextmanager
def opened_runners(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Any]]:
    """Whatever cluster.client opens during the block (the pool, or the Dask client), to reach its workers."""
    seen: list[Any] = []
    real = cluster.client

    @contextmanager
    def watched(*args: Any, **kwargs: Any) -> Iterator[Any]:
        with real(*args, **kwargs) as runner:
            seen.append(runner)
            yield runner

    monkeypatch.setattr(cluster, "client", watched)
    yield seen


def after_games(count: int, action: Callable[[], bool]) -> Callable[[int], None]:
    """A progress callback that runs ``action`` once ``count`` games have come back, at each batch until it returns
    True (the workers may all be between batches at one moment: two batches played side by side end together)."""
    games_back = [0]
    done = [False]

    def progress(games: int) -> None:
        games_back[0] += games
        if games_back[0] >= count and not done[0]:
            done[0] = action()

    return progress


@pytest.mark.slow
def test_a_killed_pool_worker_loses_only_its_batch_and_the_table_is_unchanged(tmp_path: Path,
                                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    run_sweep(GRID, tmp_path / "whole", jobs=1, plot=False)
    with opened_runners(monkeypatch) as runners:
        def kill() -> bool:
            """Kill a worker in the middle of its batch: stopped first, it can send nothing more, so a worker
            with no result waiting then loses its batch for sure (killed outright, it could finish first)."""
            for pid in runners[0].pids():
                os.kill(pid, signal.SIGSTOP)
                wait_for(lambda pid=pid: state(pid) in ("T", "t", "Z", ""), f"worker {pid} to stop")
                if pid in runners[0].pids():  # still no result from it
                    os.kill(pid, signal.SIGKILL)
                    return True
                os.kill(pid, signal.SIGCONT)  # its result came in meanwhile: try the next batch
            return False

        outcome = run_sweep(GRID, tmp_path / "killed", jobs=2, plot=False, progress=after_games(2, kill))
    assert outcome.stopped is None and outcome.played_now == 12 and runners[0].lost == 1
    assert lines(tmp_path / "killed") == 12
    assert (tmp_path / "killed" / TABLE).read_text() == (tmp_path / "whole" / TABLE).read_text()


class Deadly:
    """A batch that kills the worker it is sent to: unpickling it there calls os._exit."""

    def key(self) -> str:
        return "deadly"

    def __reduce__(self) -> tuple[Any, ...]:
        return (os._exit, (3,))


def test_a_batch_that_kills_every_worker_it_is_given_to_stops_the_run_in_one_line() -> None:
    good = plan(Cell("hill-621"), 2, 1)
    kept: list[str] = []
    with cluster.client(None, 2) as pool, pytest.raises(cluster.Stopped) as stop:
        cluster.play(pool, [*good, Deadly()], lambda done: kept.append(done.batch.key()))
    assert stop.value.reason == "a batch killed every worker it was given to (batch deadly killed 4 workers, exit code 3)"
    assert not stop.value.interrupted and pool.lost == 4
    assert kept and set(kept) <= {b.key() for b in good}


@pytest.mark.slow
def test_a_killed_dask_worker_loses_only_its_batch_and_the_table_is_unchanged(tmp_path: Path,
                                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    run_sweep(GRID, tmp_path / "whole", jobs=1, plot=False)
    killed: list[int] = []
    with opened_runners(monkeypatch) as runners:
        def kill() -> bool:
            client = runners[0]
            pids = client.run(os.getpid)
            busy = [worker for worker, keys in client.processing().items() if keys]
            if busy:
                killed.append(pids[busy[0]])
                os.kill(pids[busy[0]], signal.SIGKILL)  # its nanny starts another worker
            return bool(busy)

        outcome = run_sweep(GRID, tmp_path / "killed", jobs=2, scheduler=cluster.LOCAL, plot=False,
                            progress=after_games(2, kill))
    assert killed and outcome.stopped is None and outcome.played_now == 12
    assert (tmp_path / "killed" / TABLE).read_text() == (tmp_path / "whole" / TABLE).read_text()


@pytest.mark.slow
def test_ctrl_c_stops_a_pool_sweep_keeps_its_batches_and_says_so(tmp_path: Path) -> None:
    out = tmp_path / "cut"
    command = [str(Path(sys.executable).parent / "tcforge"), "scenario", "sweep", "hill-621", "--games", "200", "--batch", "1",
               "--jobs", "2", "--no-progress", "--out", str(out)]
    # Its own process group, as a terminal's: Ctrl-C reaches the command and its workers alike.
    process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               start_new_session=True, preexec_fn=ctrl_c_as_in_a_terminal)
    try:
        wait_for(lambda: lines(out) >= 3, "3 batches kept", process=process)
        os.killpg(process.pid, signal.SIGINT)
        stdout, stderr = process.communicate(timeout=PATIENCE)
    finally:
        if process.poll() is None:
            process.kill()
    kept = lines(out)
    assert process.returncode == 130 and "Traceback" not in stderr, stderr
    assert 3 <= kept < 200
    assert f"sweep stopped (interrupted): {kept} of 200 games are kept in {out}" in stderr
    assert f"hill-621 [as written, greedy]: {kept}/200 games" in stdout


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM], ids=["ctrl-c", "sigterm"])
def test_a_stop_signal_while_a_batch_is_kept_counts_it_as_the_disk_does(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                        signum: int) -> None:
    """The signal lands just after a batch's line reaches the disk (raised from inside its fsync, every time): the
    count the report is made from must hold that batch too. SIGTERM stops the command as Ctrl-C does (tcforge.cli
    turns it into KeyboardInterrupt); it was not held back as Ctrl-C was, and the report after ``kill PID`` came out
    one batch short of the batches kept."""
    import tcforge.cli
    first, second = (play_batch(b) for b in plan(Cell("hill-621"), 2, 1))
    store = Store(tmp_path)
    store.add(first)
    real_fsync = os.fsync

    def fsync_then_signal(fd: int) -> None:
        real_fsync(fd)
        signal.raise_signal(signum)

    monkeypatch.setattr(tcforge.cli, "_SIGNALLED", [])  # what the handler notes stays in this test
    monkeypatch.setattr(os, "fsync", fsync_then_signal)
    before = signal.signal(signal.SIGTERM, tcforge.cli._on_sigterm)  # as the tcforge command installs it
    # Ctrl-C as a terminal delivers it: a suite started in the background (make test &) inherits SIGINT ignored
    before_int = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        with pytest.raises(KeyboardInterrupt):
            store.add(second)
    finally:
        signal.signal(signal.SIGTERM, before)
        signal.signal(signal.SIGINT, before_int)
        monkeypatch.setattr(os, "fsync", real_fsync)
    assert lines(tmp_path) == 2 and len(store.done) == 2
    assert len(Store(tmp_path).done) == len(store.done)


@pytest.mark.slow
def test_sigterm_stops_a_pool_sweep_as_ctrl_c_does_and_leaves_no_worker_running(tmp_path: Path) -> None:
    """``kill PID`` (SIGTERM, to the command alone, as a batch system's time limit sends it): the command ends its
    workers, keeps the batches that finished and says so, and exits 143. It used to die at once, its workers playing
    on with nobody to send their games to."""
    out = tmp_path / "cut"
    command = [str(Path(sys.executable).parent / "tcforge"), "scenario", "sweep", "hill-621", "--games", "200", "--batch", "1",
               "--jobs", "2", "--no-progress", "--out", str(out)]
    process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               start_new_session=True)
    workers: set[int] = set()
    try:
        wait_for(lambda: lines(out) >= 3, "3 batches kept", process=process)
        workers = descendants(process.pid)
        os.kill(process.pid, signal.SIGTERM)
        stdout, stderr = process.communicate(timeout=PATIENCE)
        assert f"hill-621 [as written, greedy]: {lines(out)}/200 games" in stdout
    finally:
        if process.poll() is None:
            process.kill()
    kept = lines(out)
    assert process.returncode == 143 and "Traceback" not in stderr, stderr
    assert "tcforge: terminated" in stderr.splitlines() and "tcforge: interrupted" not in stderr
    assert 3 <= kept < 200 and f"{kept} of 200 games are kept in {out}" in stderr
    assert workers, "the sweep had started no worker"
    # Ended by the command, they go in a moment; one left playing would outlast the safety net by far.
    wait_for(lambda: not any(alive(pid) for pid in workers), "the workers to end: a worker outlived the command")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def dask_cluster() -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """``dask scheduler`` and one ``dask worker`` as the README starts them, on a free port; (address, scheduler)."""
    port = free_port()
    address = f"tcp://127.0.0.1:{port}"
    quiet: dict[str, Any] = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL, "cwd": ROOT}
    scheduler = subprocess.Popen([sys.executable, "-m", "distributed.cli.dask_scheduler", "--host", "127.0.0.1",
                                  "--port", str(port), "--dashboard-address", ":0", "--no-show"], **quiet)
    worker = subprocess.Popen([sys.executable, "-m", "distributed.cli.dask_worker", address, "--nthreads", "1",
                               "--no-dashboard", "--no-nanny"], **quiet)
    try:
        from distributed import Client
        with Client(address, timeout=f"{PATIENCE:.0f}s") as client:  # safety nets: a busy machine starts them slowly
            client.wait_for_workers(1, timeout=PATIENCE)
        yield address, scheduler
    finally:
        for process in (worker, scheduler):
            if process.poll() is None:
                process.kill()
            process.wait(timeout=PATIENCE)


@pytest.mark.slow
def test_the_scheduler_gone_stops_the_sweep_in_one_line_and_a_rerun_plays_only_the_rest(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    out = tmp_path / "sweep"
    args = ["scenario", "sweep", "hill-621", "--games", "40", "--batch", "1", "--no-progress", "--out", str(out)]
    with dask_cluster() as (address, scheduler):
        def kill_the_scheduler() -> None:
            try:
                wait_for(lambda: lines(out) >= 3, "3 batches kept")
            finally:
                scheduler.kill()  # at the latest when the safety net runs out; the asserts below then say so

        killer = threading.Thread(target=kill_the_scheduler)
        killer.start()
        first = CliRunner().invoke(app, [*args, "--scheduler", address])
        killer.join()
    kept = lines(out)
    assert first.exit_code == 1 and "Traceback" not in first.output, first.output
    stopped = [line for line in first.stderr.splitlines() if "sweep stopped" in line]
    assert len(stopped) == 1 and "scheduler" in stopped[0], first.stderr
    assert f"{kept} of 40 games are kept" in stopped[0] and 3 <= kept < 40
    with dask_cluster() as (address, _):
        again = CliRunner().invoke(app, [*args, "--scheduler", address])
    assert again.exit_code == 0, again.output
    assert f"resuming: {kept} of 40 games kept in {out}; playing the other {40 - kept}" in again.stderr
    assert lines(out) == 40 and "hill-621 [as written, greedy]: 40/40 games" in again.stdout
