"""Where the batches are played: a process pool on this machine, or Dask distributed on a cluster.

One code path for the work: :func:`play` hands the batches to whatever :func:`client` opened, each played by
:func:`~tcforge.analysis.batches.play_batch`, and gives each result back as it finishes.

- ``scheduler`` a Dask address (``tcp://HOST:8786``): the running cluster that ``dask scheduler`` and
  ``dask worker tcp://HOST:8786`` set up;
- ``scheduler`` ``"local"``: a :class:`distributed.LocalCluster` of ``workers`` processes, one thread each
  (the engine is pure Python: threads would share one core); one worker: a thread in this process;
- else (the default) a :class:`~tcforge.analysis.pool.LocalPool` of ``workers`` processes; one worker plays in
  this process. ``tcforge bench cluster`` measures why: on two cores Dask's own processes cost the games time,
  and a local Dask cluster takes seconds to start against a fraction of a second for the pool.

A worker that dies loses only the batch it was playing: it is played again elsewhere. What stops the whole
run (Ctrl-C, a batch that kills every worker it is given to, the scheduler gone) raises :class:`Stopped` after
the batches that finished were handed to ``on_batch``.
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
from tcforge.analysis.pool import BatchKilledWorkers, LocalPool

CONNECT_TIMEOUT = "10s"
LOCAL = "local"  # --scheduler local: a Dask cluster on this machine instead of the process pool
# Dask's periodic work, made rarer on a local cluster (the knobs dask/distributed#5000 names for idle CPU): its
# event-loop health check (every 20 ms), system monitor (500 ms) and the client's scheduler-info poll (2 s) take
# the cores the games need, and nobody reads them here (no dashboard); nor the memory, which the nanny and the
# worker poll every 100 ms to spill, pause or end a worker (a batch's games hold little). Together, paired against
# a process pool on two cores (5 runs, load 5-7), they took Dask's extra CPU time from +9.7 % (4.1 to 18.8) to
# +2.2 % (0.6 to 6.4).
LOCAL_DASK_CONFIG = {
    "distributed.worker.profile.enabled": False,  # the profiler samples every thread's stack every 10 ms
    "distributed.admin.tick.interval": "1s",
    "distributed.admin.system-monitor.interval": "10s",
    "distributed.client.scheduler-info-interval": "10s",
    "distributed.worker.memory.target": False,
    "distributed.worker.memory.spill": False,
    "distributed.worker.memory.pause": False,
    "distributed.worker.memory.terminate": False,
    "distributed.scheduler.work-stealing": False,  # the scheduler hands batches out as workers free up anyway
}


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


SCHEMES = ("tcp", "tls", "ws", "wss", "ucx")  # the transports a Dask scheduler listens on


def address_problem(scheduler: str) -> str | None:
    """Why ``scheduler`` is not a Dask scheduler's address (``local``, or SCHEME://HOST:PORT of :data:`SCHEMES`),
    said before anything is played or written; None when it is one."""
    from urllib.parse import urlsplit
    if scheduler == LOCAL:
        return None
    shown = scheduler if len(scheduler) <= 60 and scheduler.isprintable() else repr(scheduler[:60]) + "..."
    try:
        parts = urlsplit(scheduler)
        port = parts.port
    except ValueError:
        port, parts = None, None
    if (parts is None or scheduler != scheduler.strip() or parts.scheme not in SCHEMES or not parts.hostname
            or port is None or parts.path not in ("", "/") or parts.query or parts.fragment or parts.username
            or parts.password):
        return (f"{shown} is not a scheduler address: write tcp://HOST:PORT (a Dask scheduler's, e.g. tcp://10.0.0.5:8786), "
                f"or 'local' for a Dask cluster on this machine")
    return None


@contextmanager
def client(scheduler: str | None = None, workers: int = 1) -> Iterator[Any]:
    """What plays the batches: a Dask client for ``scheduler`` (an address, or ``"local"`` for a local Dask cluster
    of ``workers`` processes), else a local process pool of ``workers`` (one: this process)."""
    if not scheduler:
        with LocalPool(workers) as pool:
            yield pool
        return
    from distributed import Client, LocalCluster

    _quiet()
    if scheduler != LOCAL:
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
    # The nanny passes the configuration on to the worker processes.
    dask.config.set(LOCAL_DASK_CONFIG)
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


def play(runner: Any, batches: Iterable[Batch], on_batch: Callable[[BatchResult], None]) -> None:
    """Play every batch on what :func:`client` opened, hand each result to ``on_batch`` as it comes back (in the
    order they finish). Raises :class:`Stopped` when the run cannot go on; the batches handed over by then are
    complete."""
    batches = list(batches)
    if not batches:
        return
    if isinstance(runner, LocalPool):
        try:
            runner.play(batches, on_batch)
        except KeyboardInterrupt:
            raise Stopped("interrupted", interrupted=True) from None
        except BatchKilledWorkers as exc:
            raise Stopped(f"a batch killed every worker it was given to ({exc})") from None
        return
    from distributed import as_completed
    from distributed.client import FutureCancelledError

    futures = [runner.submit(play_batch, b, pure=False) for b in batches]
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
                runner.cancel(waiting)  # one message to the scheduler, not one a batch
