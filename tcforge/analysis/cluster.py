"""Where the batches are played: Dask distributed, on this machine or on a running cluster.

One code path: the batches go to a :class:`distributed.Client` and come back as they finish, whatever
the client is connected to.

- ``scheduler`` given (``tcp://HOST:8786``): the running cluster that ``dask scheduler`` and
  ``dask worker tcp://HOST:8786`` set up;
- else ``workers`` > 1: a :class:`distributed.LocalCluster` of that many worker processes, one thread
  each (the engine is pure Python: threads would share one core);
- else one worker thread in this process (a cluster of one, started in milliseconds instead of the
  seconds a worker process takes to start and import the engine).

A worker that dies loses only the batch it was playing: the scheduler gives that batch to another
worker. What stops the whole run (Ctrl-C, a batch that kills every worker it is given to, the scheduler
gone) raises :class:`Stopped` after the batches that finished were handed to ``on_batch``.
"""
from __future__ import annotations

import atexit
import logging
import os
import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager, nullcontext, suppress
from typing import Any

from tcforge.analysis.batches import Batch, BatchResult, play_batch

CONNECT_TIMEOUT = "10s"


class Stopped(Exception):
    """The run stopped before every batch was played; ``reason`` says why in a few words."""

    def __init__(self, reason: str, *, interrupted: bool = False):
        super().__init__(reason)
        self.reason = reason
        self.interrupted = interrupted


def cores() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)


def local_workers(jobs: int, batches: int) -> int:
    """Worker processes for a local run: ``jobs`` (0: this machine's cores), never more than there are batches."""
    return max(1, min(jobs if jobs > 0 else cores(), batches))


@contextmanager
def client(scheduler: str | None = None, workers: int = 1) -> Iterator[Any]:
    """A Dask client for ``scheduler``, or for a local cluster of ``workers`` processes (one: a thread here)."""
    from distributed import Client, LocalCluster

    _quiet()
    if scheduler:
        try:
            connected = Client(scheduler, timeout=CONNECT_TIMEOUT)
        except ValueError as exc:
            raise Stopped(f"'{scheduler}' is not a scheduler address ({exc}): write tcp://HOST:8786") from None
        except (OSError, TimeoutError) as exc:
            raise Stopped(f"no Dask scheduler answers at {scheduler} ({exc.__class__.__name__}); start one with "
                          f"'dask scheduler' and its workers with 'dask worker {scheduler}'") from None
        with connected:
            yield connected
        return
    import dask
    # The workers' statistical profiler samples every thread's stack every 10 ms: a cost on pure-Python games
    # that nobody reads here (no dashboard). The nanny passes the setting on to the worker processes.
    dask.config.set({"distributed.worker.profile.enabled": False})
    processes = workers > 1
    try:
        with _quiet_worker_start() if processes else nullcontext():
            # No dashboard; the scheduler's small HTTP server (health checks) still starts, on any free port: on
            # its default 8787 a second run at the same time would print Dask's "port in use" warning.
            cluster = LocalCluster(n_workers=max(1, workers), threads_per_worker=1, processes=processes, dashboard_address=None,
                                   scheduler_port=0, silence_logs=logging.CRITICAL,
                                   scheduler_kwargs={"dashboard_address": ":0"})
    except BaseException:
        # Stopped while the workers start (Ctrl-C): Dask closes the half-started cluster when the interpreter
        # exits, with tracebacks of its own. Handlers run last registered first, so this one runs before Dask's
        # and sends them to /dev/null; the command has said what happened by then.
        atexit.register(_silence_stderr)
        raise
    try:
        with Client(cluster) as local:
            if processes:
                local.register_plugin(_ignore_ctrl_c(), name="tcforge-ignore-ctrl-c")
            yield local
    finally:
        cluster.close()


def _silence_stderr() -> None:
    with suppress(OSError, ValueError):
        sys.stderr.flush()
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 2)
        os.close(devnull)


@contextmanager
def _quiet_worker_start() -> Iterator[None]:
    """The local worker processes get /dev/null as their standard error: Ctrl-C, which the terminal sends to the
    whole process group, can reach a worker that is still importing, before the plugin below makes it ignore
    the signal, and its traceback would bury this process's own account of what was kept. (Dask's logs are
    silenced anyway; this process's own standard error is back as soon as the workers run.)"""
    sys.stderr.flush()
    saved = os.dup(2)
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, 2)
        yield
    finally:
        os.close(devnull)
        sys.stderr.flush()
        os.dup2(saved, 2)
        os.close(saved)


def _ignore_ctrl_c() -> Any:
    """A worker plugin: Ctrl-C in the terminal reaches every process of the group, local workers included, which
    would each print a traceback; this process alone stops the run and says what was kept. (The scheduler gives
    it to every worker the nanny restarts, too.)"""
    from distributed.diagnostics.plugin import WorkerPlugin

    class IgnoreCtrlC(WorkerPlugin):
        def setup(self, worker: Any) -> None:
            import signal
            import threading
            if threading.current_thread() is threading.main_thread():
                signal.signal(signal.SIGINT, signal.SIG_IGN)

    return IgnoreCtrlC()


def _quiet() -> None:
    """Dask logs a worker restarted by its nanny, or a closed connection, as warnings: the run reports what
    matters in its own words."""
    for name in ("distributed", "distributed.nanny", "distributed.scheduler", "distributed.worker", "distributed.core",
                 "distributed.client", "distributed.comm", "distributed.batched"):
        logging.getLogger(name).setLevel(logging.CRITICAL)


def play(dask_client: Any, batches: Iterable[Batch], on_batch: Callable[[BatchResult], None]) -> None:
    """Submit every batch, hand each result to ``on_batch`` as it comes back (in the order they finish).
    Raises :class:`Stopped` when the run cannot go on; the batches handed over by then are complete."""
    from distributed import as_completed
    from distributed.client import FutureCancelledError

    batches = list(batches)
    if not batches:
        return
    futures = [dask_client.submit(play_batch, b, pure=False) for b in batches]
    try:
        for future in as_completed(futures):
            try:
                outcome = future.result()
            except KeyboardInterrupt:
                raise
            except FutureCancelledError as exc:
                lost = "connection" in str(exc)
                raise Stopped("lost the connection to the Dask scheduler" if lost else "the Dask scheduler cancelled a batch") from None
            except (OSError, TimeoutError) as exc:
                raise Stopped(f"lost the Dask scheduler ({exc.__class__.__name__}: {exc})") from None
            except Exception as exc:
                if type(exc).__name__ == "KilledWorker":
                    raise Stopped(f"a batch killed every worker it was given to ({exc})") from None
                raise
            on_batch(outcome)
    except KeyboardInterrupt:
        raise Stopped("interrupted", interrupted=True) from None
    except (OSError, TimeoutError) as exc:
        raise Stopped(f"lost the Dask scheduler ({exc.__class__.__name__}: {exc})") from None
    finally:
        waiting = [f for f in futures if not f.done()]
        if waiting:
            with suppress(Exception):  # the scheduler may be gone: nothing left to cancel then
                dask_client.cancel(waiting)  # one message to the scheduler, not one a batch
