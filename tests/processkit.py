"""Waiting for events in other processes, not for time: the tests that stop a command with a signal wait, by
polling, for the state they rely on (a batch kept on disk, a PDF written, every worker ignoring Ctrl-C). The
overall timeout is only a safety net against a hang, long enough for a busy machine; nothing is decided by it."""
from __future__ import annotations

import signal
import subprocess
import time
from collections.abc import Callable
from pathlib import Path

PATIENCE = 300.0  # seconds: the safety net of every wait below


def wait_for(event: Callable[[], bool], what: str, *, process: subprocess.Popen[str] | None = None,
             timeout: float = PATIENCE) -> None:
    """Poll ``event`` until it holds; fail naming ``what`` if ``process`` ended first or the safety net ran out."""
    end = time.monotonic() + timeout
    while not event():
        if process is not None and process.poll() is not None:
            raise AssertionError(f"the command ended (exit {process.returncode}) before {what}")
        if time.monotonic() > end:
            raise AssertionError(f"still waiting after {timeout:.0f} s for {what}")
        time.sleep(0.02)


def ctrl_c_as_in_a_terminal() -> None:
    """``preexec_fn`` of a command the test stops with Ctrl-C: SIGINT back to its default, as a terminal starts a
    command. A test run started in the background (``make test &``, nohup, some CI runners) hands SIGINT down
    ignored, and the command would rightly ignore the Ctrl-C the test sends."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def descendants(pid: int) -> set[int]:
    """Every process below ``pid`` (its pool's forkserver and workers), read from /proc."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            parents[int(entry.name)] = int(stat.rsplit(")", 1)[1].split()[1])
    found, frontier = set(), {pid}
    while frontier:
        frontier = {child for child, parent in parents.items() if parent in frontier} - found
        found |= frontier
    return found


def workers(pid: int) -> set[int]:
    """The processes below ``pid``'s children: a pool's workers, forked by its forkserver."""
    below = descendants(pid)
    return below - {child for child in below if parent(child) == pid}


def parent(pid: int) -> int:
    try:
        return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])
    except OSError:
        return 0


def alive(pid: int) -> bool:
    """The process exists and is not a zombie."""
    return state(pid) not in ("", "Z")


def state(pid: int) -> str:
    """The process's state letter in /proc (R, S, T, Z, ...), "" when it is gone."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return ""


def ignores(pid: int, signum: int = signal.SIGINT) -> bool:
    """The process has set ``signum`` to be ignored (its SigIgn mask in /proc); False when it is gone."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    mask = next((line.split()[1] for line in status.splitlines() if line.startswith("SigIgn:")), "0")
    return bool(int(mask, 16) & (1 << (signum - 1)))
