"""``tcforge bench cluster``: games a second on 1 and 2 local workers (the default executor), and what a Dask
``LocalCluster`` costs against the local process pool playing the same batches, each pair measured side by side
in every repetition.

Every repetition plays the same Hill 621 greedy games three ways, one after the other:

- 1 worker: this process (what ``--jobs 1`` and a one-batch run use);
- pool of 2: the local process pool (what ``--jobs 2`` uses), its start-up timed apart;
- Dask of 2: a ``LocalCluster`` of two worker processes (what ``--scheduler local --jobs 2`` uses), its start-up
  timed apart, then empty tasks on it: the cost of one task's round trip.

Workers are warmed up (the scenario loaded) before the clock starts, so the pair measures the playing only;
the start-ups are reported apart. Besides the wall time, the CPU time of this process and all its children
over the playing: on a machine shared with other jobs the wall time also measures who got the cores, the CPU
time what the work cost. Results are the median and the range over the repetitions.
"""
from __future__ import annotations

import os
import statistics
import time
from collections.abc import Iterator

from tcforge.analysis.batches import Batch, Cell, plan, scenario_of


def _nothing(x: int) -> int:
    return x


def _warm(cell: Cell) -> None:
    scenario_of(cell)


def _load() -> str:
    """The machine's load, printed with the figures: other jobs on the same cores slow every line alike."""
    if not hasattr(os, "getloadavg"):
        return "load unknown"
    return f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} core(s)"


def _spread(values: list[float], fmt: str = "{:.2f}") -> str:
    return f"{fmt.format(statistics.median(values))} (range {fmt.format(min(values))}-{fmt.format(max(values))})"


def _cpu() -> float:
    """CPU seconds of this process and its children (the workers, Dask's nannies), user and system."""
    import psutil  # type: ignore[import-untyped]  # installed with dask.distributed, its stubs are not
    me = psutil.Process()
    total = 0.0
    for process in [me, *me.children(recursive=True)]:
        try:
            times = process.cpu_times()
        except psutil.Error:  # ended meanwhile
            continue
        total += times.user + times.system
    return total


def _timed(runner: object, batches: list[Batch]) -> tuple[float, float]:
    """(wall s, CPU s) to play the batches."""
    from tcforge.analysis import cluster
    cpu = _cpu()
    start = time.perf_counter()
    cluster.play(runner, batches, lambda _: None)
    return time.perf_counter() - start, _cpu() - cpu


def _one(batches: list[Batch], cell: Cell) -> tuple[float, float]:
    """(playing s, playing CPU s) in this process."""
    from tcforge.analysis import cluster
    _warm(cell)
    with cluster.client(None, 1) as runner:
        return _timed(runner, batches)


def _pool_two(batches: list[Batch], cell: Cell) -> tuple[float, float, float]:
    """(start-up s, playing s, playing CPU s) of the local pool of two."""
    from tcforge.analysis import cluster
    begin = time.perf_counter()
    with cluster.client(None, 2) as pool:
        cluster.play(pool, [Batch(cell, 0, 0)] * 2, lambda _: None)  # both workers up, each with the scenario loaded
        started = time.perf_counter() - begin
        return (started, *_timed(pool, batches))


def _dask_two(batches: list[Batch], cell: Cell, empty: int) -> tuple[float, float, float, float]:
    """(start-up s, playing s, playing CPU s, s a task round trip of an empty task) of a LocalCluster of two."""
    from tcforge.analysis import cluster
    begin = time.perf_counter()
    with cluster.client(cluster.LOCAL, 2) as client:
        client.run(_warm, cell)
        started = time.perf_counter() - begin
        playing, cpu = _timed(client, batches)
        start = time.perf_counter()
        client.gather([client.submit(_nothing, i, pure=False) for i in range(empty)])
        per_task = (time.perf_counter() - start) / empty * 2  # two workers take the tasks side by side
    return started, playing, cpu, per_task


def cluster_benchmark(games: int = 100, repeat: int = 3, batch: int = 10, scenario: str = "hill-621") -> Iterator[str]:
    from tcforge.analysis.balance import BATCH
    batch = batch or BATCH
    cell = Cell(scenario)
    batches = plan(cell, games, batch)
    one: list[float] = []
    one_cpu: list[float] = []
    pool: list[float] = []
    pool_cpu: list[float] = []
    dask: list[float] = []
    dask_cpu: list[float] = []
    pool_start: list[float] = []
    dask_start: list[float] = []
    task: list[float] = []
    yield (f"{scenario}, greedy v greedy, {games} games in batches of {batch}, {repeat} repetition(s), each pair in one run "
           f"({_load()})")
    for r in range(repeat):
        playing, cpu = _one(batches, cell)
        one.append(playing)
        one_cpu.append(cpu)
        started, playing, cpu = _pool_two(batches, cell)
        pool_start.append(started)
        pool.append(playing)
        pool_cpu.append(cpu)
        started, playing, cpu, per_task = _dask_two(batches, cell, 200)
        dask_start.append(started)
        dask.append(playing)
        dask_cpu.append(cpu)
        task.append(per_task)
        yield (f"  run {r + 1}: 1 worker {games / one[-1]:.2f} games/s, pool of 2 {games / pool[-1]:.2f} games/s, "
               f"Dask of 2 {games / dask[-1]:.2f} games/s ({_load()})")
    rate1 = [games / t for t in one]
    rate2 = [games / t for t in pool]
    speedup = [a / b for a, b in zip(one, pool, strict=True)]
    overhead = [(d - p) / p * 100 for d, p in zip(dask, pool, strict=True)]
    cpu_overhead = [(d - p) / p * 100 for d, p in zip(dask_cpu, pool_cpu, strict=True)]
    batch_time = [t / len(batches) * 2 for t in dask]  # each worker plays half the batches
    share = [tk / bt * 100 for tk, bt in zip(task, batch_time, strict=True)]
    yield f"1 local worker (this process): {_spread(rate1)} games/s"
    yield f"2 local workers (the process pool): {_spread(rate2)} games/s; speed-up over 1 worker {_spread(speedup)}x"
    yield (f"CPU time a game: 1 worker {_spread([c / games * 1000 for c in one_cpu], '{:.1f}')} ms, pool of 2 "
           f"{_spread([c / games * 1000 for c in pool_cpu], '{:.1f}')} ms, Dask of 2 "
           f"{_spread([c / games * 1000 for c in dask_cpu], '{:.1f}')} ms")
    yield (f"Dask LocalCluster of 2 against the pool of 2 on the same batches: {_spread(overhead, '{:+.1f}')} % time, "
           f"{_spread(cpu_overhead, '{:+.1f}')} % CPU time (positive: Dask costs more)")
    yield (f"scheduling on Dask: {_spread([t * 1000 for t in task], '{:.1f}')} ms a task against {_spread(batch_time)} s a "
           f"batch of {batch} games: {_spread(share, '{:.2f}')} % of the playing time")
    yield (f"start-up, warm workers: pool of 2 {_spread(pool_start)} s, Dask LocalCluster of 2 {_spread(dask_start)} s "
           f"(1 worker plays in this process and starts nothing)")
    yield f"after the runs: {_load()}"
