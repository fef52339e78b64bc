"""What the command modules share: the consoles, the output formats, failing in one line, loading the data."""
from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import NoReturn

import typer
from rich.console import Console

from tcforge.data.cards import CardSet
from tcforge.data.dataset import GameData, load_cards, load_data
from tcforge.data.problems import DataError

# The two consoles of every command. One width policy: on a terminal, its width; piped (files, scripts, tests),
# 160 columns, so that a table is not cut to 80. Messages are never wrapped (soft_wrap) whatever the width.
PIPED_WIDTH = 160


def _width(stream: object) -> int | None:
    isatty = getattr(stream, "isatty", None)
    return None if isatty is not None and isatty() else PIPED_WIDTH


out = Console(highlight=False, soft_wrap=True, width=_width(sys.stdout))
err = Console(stderr=True, highlight=False, soft_wrap=True, width=_width(sys.stderr))


def fail(message: str, code: int = 1) -> NoReturn:
    """``tcforge: message`` on stderr and exit ``code`` (1: bad input, 2: usage error)."""
    err.print(f"tcforge: {message}", markup=False)
    raise typer.Exit(code)


@contextmanager
def stoppable(what: str) -> Iterator[None]:
    """A command that plays games on a pool, stopped as 'scenario balance' is: Ctrl-C or SIGTERM exits 130 (the entry
    point says 'tcforge: interrupted'), a worker's failure says why in one line, exit 1; never a traceback."""
    from tcforge.analysis import cluster
    try:
        yield
    except cluster.Stopped as exc:
        if exc.interrupted:
            raise typer.Exit(130) from exc
        fail(f"{what} stopped: {exc.reason}")


def card_set() -> CardSet:
    """The effective cards, or every problem of the card data on stderr and exit 1."""
    try:
        return load_cards()
    except DataError as exc:
        for problem in exc.problems:
            err.print(problem.render(), markup=False)
        fail(f"the card data has {len(exc.problems)} problem(s); run 'tcforge validate'")
        raise  # unreachable


def game_data(ruleset: str | None = None) -> GameData:
    """The cards and the ruleset (default or ``ruleset``), or the data's problems on stderr and exit 1."""
    try:
        return load_data(ruleset)
    except DataError as exc:
        for problem in exc.problems:
            err.print(problem.render(), markup=False)
        fail("the data is not valid; run 'tcforge validate'" if ruleset is None or len(exc.problems) > 1
             else exc.problems[0].message + f" ({exc.problems[0].hint})")
        raise  # unreachable
