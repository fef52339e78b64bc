"""``tcforge bench cluster``: games a second on 1 and 2 local Dask workers, and what Dask costs against a plain
process pool playing the same batches, each pair measured side by side in every repetition.

Every repetition plays the same Hill 621 greedy games four ways, one after the other:

- 1 worker: the in-process Dask worker (what ``--jobs 1`` and a one-batch run use);
- 2 workers: a Dask ``LocalCluster`` of two worker processes (what ``--jobs 2`` uses), its start-up timed apart;
- pool: a ``multiprocessing`` pool of two processes running the same :func:`play_batch` on the same batches;
- scheduling: empty tasks on the same cluster, the cost of one task's round trip.

Workers are warmed up (the scenario loaded) before the clock starts, so the pair measures the playing only;
the start-ups are reported apart. Results are the median and the range over the repetitions.
"""
from __future__ import annotations

import multiprocessing
import os
import statistics
import time
from collections.abc import Iterator

from tcforge.analysis.batches import Batch, Cell, plan, play_batch, scenario_of


def _warm(cell: Cell) -> None:
    scenario_of(cell)


def _nothing(x: int) -> int:
    return x


def _load() -> str:
    """The machine's load, printed with the figures: other jobs on the same cores slow every line alike."""
    if not hasattr(os, "getloadavg"):
        return "load unknown"
    return f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} core(s)"


def _spread(values: list[float], fmt: str = "{:.2f}") -> str:
    return f"{fmt.format(statistics.median(values))} (range {fmt.format(min(values))}-{fmt.format(max(values))})"


def _dask_one(batches: list[Batch], cell: Cell) -> float:
    from tcforge.analysis import cluster
    with cluster.client(None, 1) as client:
        client.run(_warm, cell)
        start = time.perf_counter()
        cluster.play(client, batches, lambda _: None)
        return time.perf_counter() - start


def _dask_two(batches: list[Batch], cell: Cell, empty: int) -> tuple[float, float, float]:
    """(start-up s, playing s, s a task round trip of an empty task)."""
    from tcforge.analysis import cluster
    begin = time.perf_counter()
    with cluster.client(None, 2) as client:
        client.run(_warm, cell)
        started = time.perf_counter() - begin
        start = time.perf_counter()
        cluster.play(client, batches, lambda _: None)
        playing = time.perf_counter() - start
        start = time.perf_counter()
        client.gather([client.submit(_nothing, i, pure=False) for i in range(empty)])
        per_task = (time.perf_counter() - start) / empty * 2  # two workers take the tasks side by side
    return started, playing, per_task


def _pool_two(batches: list[Batch], cell: Cell) -> tuple[float, float]:
    """(start-up s, playing s) of a plain process pool of two."""
    context = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn")
    begin = time.perf_counter()
    with context.Pool(2, initializer=_warm, initargs=(cell,)) as pool:
        pool.map(_nothing, range(2))  # both processes up and warm
        started = time.perf_counter() - begin
        start = time.perf_counter()
        list(pool.imap_unordered(play_batch, batches))
        return started, time.perf_counter() - start


def cluster_benchmark(games: int = 100, repeat: int = 3, batch: int = 10, scenario: str = "hill-621") -> Iterator[str]:
    from tcforge.analysis.balance import BATCH
    batch = batch or BATCH
    cell = Cell(scenario)
    batches = plan(cell, games, batch)
    one: list[float] = []
    two: list[float] = []
    pool: list[float] = []
    dask_start: list[float] = []
    pool_start: list[float] = []
    task: list[float] = []
    yield (f"{scenario}, greedy v greedy, {games} games in batches of {batch}, {repeat} repetition(s), each pair in one run "
           f"({_load()})")
    for r in range(repeat):
        one.append(_dask_one(batches, cell))
        started, playing, per_task = _dask_two(batches, cell, 200)
        dask_start.append(started)
        two.append(playing)
        task.append(per_task)
        started, playing = _pool_two(batches, cell)
        pool_start.append(started)
        pool.append(playing)
        yield (f"  run {r + 1}: 1 worker {games / one[-1]:.2f} games/s, 2 workers {games / two[-1]:.2f} games/s, "
               f"pool of 2 {games / pool[-1]:.2f} games/s")
    rate1 = [games / t for t in one]
    rate2 = [games / t for t in two]
    speedup = [a / b for a, b in zip(one, two, strict=True)]
    overhead = [(d - p) / p * 100 for d, p in zip(two, pool, strict=True)]
    batch_time = [t / len(batches) * 2 for t in two]  # each worker plays half the batches
    share = [tk / bt * 100 for tk, bt in zip(task, batch_time, strict=True)]
    yield f"1 local worker: {_spread(rate1)} games/s"
    yield f"2 local workers: {_spread(rate2)} games/s; speed-up over 1 worker {_spread(speedup)}x"
    yield (f"Dask against a process pool of 2 on the same batches: {_spread(overhead, '{:+.1f}')} % time "
           f"(positive: Dask slower)")
    yield (f"scheduling: {_spread([t * 1000 for t in task], '{:.1f}')} ms a task against {_spread(batch_time)} s a batch "
           f"of {batch} games: {_spread(share, '{:.2f}')} % of the playing time")
    yield f"after the runs: {_load()}"
    yield (f"start-up, warm workers: LocalCluster of 2 {_spread(dask_start)} s, process pool of 2 {_spread(pool_start)} s "
           f"(a run of one batch plays in this process and starts no cluster)")

