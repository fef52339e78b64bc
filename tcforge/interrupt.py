"""What a long command had finished when Ctrl-C stopped it.

A command that makes many files notes what it had finished and what not; the ``tcforge`` entry point
(:func:`tcforge.cli.main`) prints the notes after ``tcforge: interrupted`` and exits 130.
"""
from __future__ import annotations

_NOTES: list[str] = []


def note_interrupted(*lines: str) -> None:
    """Lines to print after ``tcforge: interrupted``."""
    _NOTES.extend(lines)


def interrupt_notes() -> list[str]:
    return list(_NOTES)
