"""Options that name a file to write (``--out FILE``, ``--log``, ``--plot``): a folder there is refused.

A shell completes a folder with a trailing slash, and :class:`pathlib.Path`
drops it: ``--out results/`` became a file named ``results``. :func:`file_out`
parses such an option and keeps what the user wrote: a path ending with a
separator comes back as a :class:`FolderPath`, which the writers
(:func:`tcforge.atomic.check_target`, ``scenario new``) refuse in one line, as
they refuse an existing folder, with the file name to give instead.
"""
from __future__ import annotations

import os
from pathlib import Path

SEPARATORS = tuple(s for s in (os.sep, os.altsep, "/") if s)


class FolderPath(type(Path())):  # type: ignore[misc]  # the concrete class of this system (PosixPath, WindowsPath)
    """A path the user wrote as a folder (``results/``): a command that writes one file refuses it."""

    written_as_folder = True

    def refusal(self, option: str = "this option", example: Path | None = None) -> str:
        """Why this path is refused (:func:`folder_refusal`); the writer (tcforge.atomic, beside this module) asks the
        path itself, so that the message is this one wherever the refusal is made."""
        return folder_refusal(self, option, example)


def file_out(raw: str) -> Path:
    """The typer parser of an option naming one file to write: a path, marked when written as a folder."""
    return FolderPath(raw) if raw.endswith(SEPARATORS) else Path(raw)


def written_as_folder(path: object) -> bool:
    """Whether the user wrote ``path`` as a folder (with a trailing slash)."""
    return bool(getattr(path, "written_as_folder", False))


def folder_refusal(path: Path, option: str = "this option", example: Path | None = None) -> str:
    """The one refusal of a file output that names a folder: written with a trailing slash (``nosuch/``, a folder
    whether or not it exists yet), or an existing folder; ``example`` is the file to give instead, when the command
    knows its name (``scenario new``: the scenario's id)."""
    if written_as_folder(path):
        what = f"{os.path.join(path, '')} is written as a folder (it ends with a slash)"
    else:
        what = f"{path} is a folder"
    return f"{what}, but {option} names one file: " + (f"give {option} {example}" if example else "give a file name")
