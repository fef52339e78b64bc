"""Bounds on every count and budget a user can type (``--games``, ``--jobs``, ``--seed``, ``--max-budget``, ...),
and the one option callback that enforces them: a value out of range is refused in one line naming the option,
the value and the range, exit 2, while the command line is read, before any scenario is loaded or game played.

An unbounded count is not harmless: ``--games 10000000000`` plans ten billion games and eats all memory before
the first is played. The bounds are generous (a day's run on a large machine) and written once here, so that
every command that takes the same option takes the same range.

The reading limits live here too (issue 51), one place for everything ``tcforge serve`` and the command line read:
how large a file may be (:func:`read_bounded`, :func:`bounded_lines`: its size checked before it is read, and never
more than the limit read), how deep JSON may nest (:func:`json_value`), and how long work done for a request may
run (:func:`time_bound`, checked by the search players' playouts through :func:`check_time`).
"""
from __future__ import annotations

import json
import os
import stat
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any


@dataclass(frozen=True)
class Bound:
    """A whole number from ``least`` to ``most``; ``what`` says what it counts, ``note`` what a special value means."""

    least: int
    most: int
    what: str
    note: str = ""

    def problem(self, value: int) -> str:
        """'' when ``value`` is within the bound, else what is allowed."""
        if self.least <= value <= self.most:
            return ""
        return f"give a whole number from {self.least:,} to {self.most:,} ({self.what}{'; ' + self.note if self.note else ''})"


MAX_GAMES = 100_000  # games of one run (a balance option, a sweep cell, a ladder rung): hours on a large machine
MAX_JOBS = 256  # worker processes on this machine
MAX_SEED = 2 ** 48 - 1  # tcforge.analysis.batches.SEED_BITS: every seed a run derives is below it too
MAX_BUDGET = 10_000  # iterations or playouts a decision or a turn: tcforge.agents.spec.MAX_ITERATIONS (hours a game)

GAMES = Bound(1, MAX_GAMES, "games")
EVEN_GAMES = Bound(2, MAX_GAMES, "games, an even number: half with each side")
JOBS = Bound(0, MAX_JOBS, "worker processes", "0: one a core")
WORKERS = Bound(1, MAX_JOBS, "worker processes")
SEED = Bound(0, MAX_SEED, "a seed")
BATCH = Bound(1, 10_000, "games a batch")
BUDGET = Bound(1, MAX_BUDGET, "iterations or playouts")
SAMPLES = Bound(0, 1_000_000, "shuffled turns", "0: none")
REPEATS = Bound(1, 1_000, "runs of a measurement")
CARDS = Bound(1, 1_000_000, "generated cards")
SKIPPABLE_GAMES = Bound(0, MAX_GAMES, "games", "0: skip it")
DPI = Bound(150, 1200, "pixels an inch of a card image", "print shops ask for 300")
MOVE_SECONDS_OPTION = Bound(1, 3_600, "seconds the computer may think for one request of the page")


def shown(text: object, most: int = 40, *, count: bool = True) -> str:
    """``text`` cut to ``most`` characters for a message: a hostile value is never echoed whole. The cut text ends in
    '...' and, with ``count``, says how long the whole was. Every message that quotes what a user typed or a file
    holds cuts it here (this module imports no command-line library, so that the engine and the data can use it)."""
    text = str(text)
    if len(text) <= most:
        return text
    return f"{text[:most - 3]}..." + (f" ({len(text):,} characters)" if count else "")


def bounded(bound: Bound) -> Callable[..., Any]:
    """A Typer option callback refusing a value outside ``bound`` (each one, for a repeated option) in one line."""
    import typer  # here, not above: shown is imported by the engine and the data, which need no command line

    # Typer passes a callback's arguments by their annotations, or else by position (ctx, param, value): these are
    # left as Any since typer.Context, read from this module's globals, would need typer imported above.
    def check(ctx: Any, param: Any, value: Any) -> Any:
        if ctx.resilient_parsing or value is None:
            return value
        for one in value if isinstance(value, (list, tuple)) else (value,):
            problem = bound.problem(one)
            if problem:
                name = next((o for o in param.opts if o.startswith("--")), param.name or "value")
                typer.echo(f"tcforge: {name} {shown(one)}: {problem}", err=True)
                raise typer.Exit(2)
        return value

    return check


# ---------------------------------------------------------------------- reading limits
# Sizes: a file is measured (fstat) before it is read and no more than its limit is ever read, so that a 300 MB file
# named as a log costs nothing; a file over its limit is refused in one line saying the limit.
MAX_DATA_BYTES = 1 << 20  # one YAML data file (cards, a scenario, a ruleset, a deck): 1 MiB is about 5,000 cards
MAX_LOG_BYTES = 16 << 20  # a game log: Kursk's whole game is 110 KB (650 actions); 16 MiB is some 100,000 actions
MAX_BODY_BYTES = 64 << 10  # a request's body to tcforge serve: its longest field is a log's path (4,000 characters)
MAX_WATCHED_BYTES = 64 << 20  # the logs tcforge serve holds open to watch, together; the oldest goes first
MAX_RECORD_BYTES = 16 << 20  # a JSON file tcforge keeps beside the data (a translation record: French's is 200 KB),
#                              its page settings, an image folder's manifest, a training journal
# Depth: no JSON tcforge reads nests deeper (a log's action is a list of numbers and short lists; a request is one
# object); deeper input is refused before Python's parser runs out of stack (a RecursionError).
MAX_JSON_DEPTH = 16
# Time: work done for one request of tcforge serve (tcforge.web), stopped at its bound or as soon as its client is
# gone, so that a player whose budget outruns the bound (plan:5000:horizon=1000,k=64) costs nothing once the page gave up.
MOVE_SECONDS = 60  # a request that plays the computer's decisions: a step, a decision and the answers to it
REPLAY_SECONDS = 600  # a request that plays a whole game again from its seed: resuming, taking back, watching a log
BODY_SECONDS = 30  # a request's body is all sent within this (a client that sends a byte a minute holds nothing)
MAX_CONNECTIONS = 256  # connections tcforge serve holds at once (uvicorn answers more with 503)


class ReadRefused(ValueError):
    """A file not read: not a regular file, or larger than its limit; ``str()`` is the one line to show."""


class TooDeep(ValueError):
    """JSON nested deeper than its limit."""

    def __init__(self, depth: int):
        super().__init__(f"a JSON value nested more than {depth} deep")
        self.depth = depth


def _open_regular(path: Path | str, most: int, what: str) -> tuple[int, int]:
    """An open descriptor of ``path`` and its size, once it is known to be a regular file of at most ``most`` bytes
    (checked on the open file, so that nothing is swapped in between; O_NONBLOCK: a FIFO put there never blocks)."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    try:
        status = os.fstat(fd)
        if not stat.S_ISREG(status.st_mode):
            raise ReadRefused(f"not a regular file (a folder, FIFO, device or socket), so not {what}")
        if status.st_size > most:
            raise ReadRefused(f"{status.st_size:,} bytes, more than the {most:,}-byte limit of {what}: not read")
    except BaseException:
        os.close(fd)
        raise
    return fd, status.st_size


def _too_large(most: int, what: str) -> ReadRefused:
    return ReadRefused(f"more than the {most:,}-byte limit of {what} (it grew as it was read): not read")


def read_bounded(path: Path | str, most: int, what: str) -> bytes:
    """The bytes of the regular file ``path``, refused (:class:`ReadRefused`, one line naming ``what`` and the limit)
    when it is larger than ``most`` bytes: its size is checked before a byte is read, and no more than ``most`` + 1
    are ever read (a file growing meanwhile, or one whose size says 0 as /proc's do, is cut off and refused).
    OSError when it cannot be opened."""
    fd, _ = _open_regular(path, most, what)
    with os.fdopen(fd, "rb") as handle:
        data = handle.read(most + 1)
    if len(data) > most:
        raise _too_large(most, what)
    return data


def bounded_lines(path: Path | str, most: int, what: str) -> Iterator[bytes]:
    """The lines of the regular file ``path``, each without its line break, read one at a time (the last line's
    break is optional, as ``data.split(b"\\n")`` with a final empty piece dropped gives them), under the same limit
    as :func:`read_bounded`: the size checked first, never more than ``most`` + 1 bytes read."""
    fd, _ = _open_regular(path, most, what)
    with os.fdopen(fd, "rb") as handle:
        left = most
        while True:
            line = handle.readline(left + 1)
            if not line:
                return
            left -= len(line)
            if left < 0:
                raise _too_large(most, what)
            yield line[:-1] if line.endswith(b"\n") else line


def nested_deeper(value: Any, depth: int) -> bool:
    """Whether a parsed JSON value nests lists and objects more than ``depth`` deep (measured without recursion)."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        node, level = stack.pop()
        if isinstance(node, (list, dict)):
            if level > depth:
                return True
            stack.extend((child, level + 1) for child in (node.values() if isinstance(node, dict) else node))
    return False


def json_value(text: str | bytes, depth: int = MAX_JSON_DEPTH) -> Any:
    """``text`` (bytes: UTF-8) parsed as JSON, refused with :class:`TooDeep` (a ValueError) when it nests more than
    ``depth`` lists and objects, whether Python's parser gives up first (30,000 brackets: a RecursionError, caught
    here) or the parsed value is measured; any other ValueError (a JSONDecodeError, a UnicodeDecodeError) when it is
    not JSON. The one JSON reader of what comes from outside: a log's lines, a request's body."""
    try:
        value = json.loads(text.decode("utf-8") if isinstance(text, (bytes, bytearray)) else text)
    except RecursionError:
        raise TooDeep(depth) from None
    if nested_deeper(value, depth):
        raise TooDeep(depth)
    return value


def read_json(path: Path | str, what: str, most: int = MAX_RECORD_BYTES, depth: int = MAX_JSON_DEPTH) -> Any:
    """The JSON file ``path`` (:func:`read_bounded`, then :func:`json_value`): every JSON file tcforge reads from
    outside its own package goes through here. Raises :class:`ReadRefused` (too large, not a regular file),
    :class:`TooDeep` or another ValueError (not JSON, not UTF-8), all ValueErrors; OSError when it cannot be opened."""
    return json_value(read_bounded(path, most, what), depth)


def json_lines(path: Path | str, what: str, most: int = MAX_RECORD_BYTES, depth: int = MAX_JSON_DEPTH) -> Iterator[Any]:
    """The JSON value of each line of ``path`` (a journal), under the same limits; a line that is not JSON (cut short
    by a stop, or edited) gives None rather than ending the reading."""
    for raw in bounded_lines(path, most, what):
        try:
            yield json_value(raw, depth)
        except ValueError:
            yield None


class OutOfTime(BaseException):
    """Work stopped by :func:`time_bound`: its time is up, or whoever waited for it is gone. A BaseException, as
    KeyboardInterrupt is, so that no ``except Exception`` on the way (a replay that takes an agent's failure for the
    end of its check) mistakes the stop for an answer: it reaches the one who set the bound, who puts back what the
    work changed."""

    def __init__(self, seconds: float, gone: bool):
        super().__init__("stopped: its client went away" if gone else f"stopped after {seconds:g} s")
        self.seconds, self.gone = seconds, gone


_BOUND = threading.local()  # this thread's (deadline, seconds, stop event) while a time_bound is in force


@contextmanager
def time_bound(seconds: float, stop: threading.Event | None = None) -> Iterator[None]:
    """Within the block, :func:`check_time` in this thread raises :class:`OutOfTime` once ``seconds`` have passed or
    ``stop`` is set (a bound inside another leaves the outer one in force too)."""
    before = getattr(_BOUND, "limit", None)
    _BOUND.limit = (time.monotonic() + seconds, seconds, stop, before)
    try:
        yield
    finally:
        _BOUND.limit = before


def check_time() -> None:
    """Raise :class:`OutOfTime` when this thread's :func:`time_bound` is over; nothing without one (the command line's
    games, a worker's batch). Cheap: the search players call it before every playout."""
    limit = getattr(_BOUND, "limit", None)
    while limit is not None:
        deadline, seconds, stop, outer = limit
        if stop is not None and stop.is_set():
            raise OutOfTime(seconds, True)
        if time.monotonic() > deadline:
            raise OutOfTime(seconds, False)
        limit = outer


__all__ = ["BATCH", "BODY_SECONDS", "BUDGET", "CARDS", "DPI", "EVEN_GAMES", "GAMES", "JOBS", "MAX_BODY_BYTES",
           "MAX_BUDGET", "MAX_CONNECTIONS", "MAX_DATA_BYTES", "MAX_GAMES", "MAX_JOBS", "MAX_JSON_DEPTH",
           "MAX_LOG_BYTES", "MAX_RECORD_BYTES", "MAX_SEED", "MAX_WATCHED_BYTES", "MOVE_SECONDS",
           "MOVE_SECONDS_OPTION", "REPEATS", "REPLAY_SECONDS", "SAMPLES", "SEED", "SKIPPABLE_GAMES", "WORKERS",
           "Bound", "OutOfTime", "ReadRefused", "TooDeep", "bounded", "bounded_lines", "check_time", "json_lines",
           "json_value", "nested_deeper", "read_bounded", "read_json", "shown", "time_bound"]
