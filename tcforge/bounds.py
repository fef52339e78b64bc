"""Bounds on every count and budget a user can type (``--games``, ``--jobs``, ``--seed``, ``--max-budget``, ...),
and the one option callback that enforces them: a value out of range is refused in one line naming the option,
the value and the range, exit 2, while the command line is read, before any scenario is loaded or game played.

An unbounded count is not harmless: ``--games 10000000000`` plans ten billion games and eats all memory before
the first is played. The bounds are generous (a day's run on a large machine) and written once here, so that
every command that takes the same option takes the same range.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
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
MAX_BUDGET = 1_000_000  # iterations or playouts a decision or a turn (tcforge.agents.spec.MAX_ITERATIONS)

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


__all__ = ["BATCH", "BUDGET", "CARDS", "DPI", "EVEN_GAMES", "GAMES", "JOBS", "MAX_BUDGET", "MAX_GAMES", "MAX_JOBS", "MAX_SEED", "REPEATS",
           "SAMPLES", "SEED", "SKIPPABLE_GAMES", "WORKERS", "Bound", "bounded", "shown"]
