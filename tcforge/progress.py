"""Progress on long work (issue 20 item 9): a bar or a spinner on a terminal, nothing in a pipe.

Every command that can run over two seconds wraps its work in :func:`working`. The display goes to standard
error and is cleared when the work ends, so standard output holds only the command's result; when standard
error is not a terminal (a pipe, a file, a test) nothing at all is drawn. ``TCFORGE_PROGRESS=0`` turns it off
on a terminal too, ``TCFORGE_PROGRESS=1`` forces it on (to see it under ``| less``).
"""
from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, SpinnerColumn, TextColumn, TimeElapsedColumn


def shown(console: Console | None = None) -> bool:
    """Whether progress is drawn: standard error is a terminal, unless ``TCFORGE_PROGRESS`` says otherwise."""
    forced = os.environ.get("TCFORGE_PROGRESS", "").strip()
    if forced in ("0", "1"):
        return forced == "1"
    return (console or Console(stderr=True)).is_terminal


@contextmanager
def working(description: str, total: int | None = None) -> Iterator[Progress | None]:
    """A transient progress display while the block runs: a bar of ``total`` steps, or a spinner with the time
    elapsed when the amount of work is not known. Yields the :class:`rich.progress.Progress` (its first task is the
    work; ``advance(description=...)`` via :func:`step`), or None when nothing is drawn."""
    console = Console(stderr=True, force_terminal=True if shown() else None)
    if not shown(console):
        yield None
        return
    columns = [SpinnerColumn(), TextColumn("{task.description}")]
    if total is not None:
        columns += [BarColumn(), MofNCompleteColumn()]
    columns.append(TimeElapsedColumn())
    with Progress(*columns, console=console, transient=True) as progress:
        progress.add_task(description, total=total)
        yield progress


def step(progress: Progress | None, advance: int = 1, description: str | None = None) -> None:
    """Move the work of :func:`working` on by ``advance`` steps (and say what it does now); nothing when hidden."""
    if progress is None:
        return
    task = progress.task_ids[0]
    if description is not None:
        progress.update(task, description=description)
    progress.advance(task, advance)
