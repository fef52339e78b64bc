"""The local executor: a few worker processes on this machine playing batches with :func:`play_batch`.

A local run does not start Dask: on two cores its scheduler, nanny and worker event loops compete with the
games (``tcforge bench cluster`` measures it against this pool, and the start-up: a second against a few
hundredths). The work is the same either way: the same :func:`play_batch` on the same batches, so the results
do not depend on which executor played them.

Each worker holds one batch at a time and this process knows which: a worker that dies (killed, out of memory)
loses only its batch, which goes to a fresh worker. ``concurrent.futures`` would break the whole pool on one
dead worker and lose the other workers' batches with it. A batch that kills ``RETRIES + 1`` workers stops the
run, as Dask's ``KilledWorker`` does after ``distributed.scheduler.allowed-failures`` (3) deaths.

The workers ignore Ctrl-C (the terminal sends it to the whole process group): this process alone stops the
run, ends the workers and says what was kept.
"""
from __future__ import annotations

import multiprocessing
import signal
from collections import Counter, deque
from collections.abc import Callable, Iterable
from contextlib import suppress
from dataclasses import dataclass
from multiprocessing.connection import Connection, wait
from typing import Any

from tcforge.analysis.batches import Batch, BatchResult, play_batch

RETRIES = 3  # a batch may kill this many workers and be played again; Dask's allowed-failures default


class BatchKilledWorkers(Exception):
    """A batch killed every worker it was given to."""


def _context() -> Any:
    """forkserver where there is one: a worker forked from a small server process that has imported the engine
    starts in a few hundredths of a second, and does not inherit this process's threads (a progress bar's) as a
    plain fork would; spawn elsewhere."""
    methods = multiprocessing.get_all_start_methods()
    if "forkserver" in methods:
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(["tcforge.analysis.batches"])
        return context
    return multiprocessing.get_context("spawn")


def _serve(conn: Connection) -> None:
    """A worker: play each batch it receives and send back ("ok", result) or ("error", exception); None ends it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    while True:
        try:
            batch = conn.recv()
        except (EOFError, OSError):
            return
        if batch is None:
            return
        try:
            reply: tuple[str, Any] = ("ok", play_batch(batch))
        except Exception as exc:  # the batch's own error goes back to the caller, raised there
            reply = ("error", exc)
        try:
            conn.send(reply)
        except Exception as exc:  # an exception that does not pickle: its text
            conn.send(("error", RuntimeError(f"{type(exc).__name__}: {exc}")))


@dataclass
class _Worker:
    process: Any
    conn: Connection
    batch: Batch | None = None


class LocalPool:
    """``workers`` processes playing batches; one worker plays in this process (no process to start)."""

    def __init__(self, workers: int):
        self.workers = max(1, workers)
        self.lost = 0  # workers that died while playing a batch, over the pool's life
        self._context = _context() if self.workers > 1 else None
        self._idle: list[_Worker] = []
        self._busy: list[_Worker] = []

    def pids(self) -> list[int]:
        """The worker processes playing a batch now (given one, and no result from it waiting here)."""
        return [w.process.pid for w in self._busy if not w.conn.poll()]

    def play(self, batches: Iterable[Batch], on_batch: Callable[[BatchResult], None]) -> None:
        """Play every batch, hand each result to ``on_batch`` as it comes back (in the order they finish)."""
        todo = deque(batches)
        if self.workers == 1:
            while todo:
                on_batch(play_batch(todo.popleft()))
            return
        deaths: Counter[str] = Counter()
        try:
            while todo or self._busy:
                while todo and len(self._busy) < self.workers:
                    worker = self._idle.pop() if self._idle else self._start()
                    try:
                        worker.conn.send(todo[0])
                    except OSError:  # died idle, after its last result: nothing lost
                        self._end(worker)
                        continue
                    worker.batch = todo.popleft()
                    self._busy.append(worker)
                ready = wait([w.conn for w in self._busy] + [w.process.sentinel for w in self._busy])
                for worker in list(self._busy):
                    if worker.conn in ready:
                        try:
                            status, value = worker.conn.recv()
                        except (EOFError, OSError):
                            pass  # died before its result was whole: the sentinel case below
                        else:
                            self._busy.remove(worker)
                            self._idle.append(worker)
                            worker.batch = None
                            if status == "error":
                                raise value
                            on_batch(value)
                            continue
                    if worker.conn in ready or worker.process.sentinel in ready:
                        self._busy.remove(worker)
                        self._end(worker)
                        self.lost += 1
                        assert worker.batch is not None
                        key = worker.batch.key()
                        deaths[key] += 1
                        if deaths[key] > RETRIES:
                            raise BatchKilledWorkers(f"batch {key} killed {deaths[key]} workers, exit code "
                                                     f"{worker.process.exitcode}")
                        todo.appendleft(worker.batch)
        except BaseException:
            # Stopped (Ctrl-C, a batch's error): the batches being played are dropped, their workers ended.
            for worker in self._busy:
                self._end(worker, force=True)
            self._busy.clear()
            raise

    def _start(self) -> _Worker:
        assert self._context is not None
        mine, theirs = self._context.Pipe()
        process = self._context.Process(target=_serve, args=(theirs,), daemon=True, name="tcforge-worker")
        process.start()
        theirs.close()
        return _Worker(process, mine)

    def _end(self, worker: _Worker, *, force: bool = False) -> None:
        if force and worker.process.is_alive():
            worker.process.kill()
        worker.process.join(timeout=5)
        worker.conn.close()

    def close(self) -> None:
        for worker in self._idle:
            with suppress(OSError):  # died idle
                worker.conn.send(None)
        for worker in self._idle:
            worker.process.join(timeout=5)
            self._end(worker, force=True)
        for worker in self._busy:
            self._end(worker, force=True)
        self._idle.clear()
        self._busy.clear()

    def __enter__(self) -> LocalPool:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()
