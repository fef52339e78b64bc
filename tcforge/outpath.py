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


def file_out(raw: str) -> Path:
    """The typer parser of an option naming one file to write: a path, marked when written as a folder."""
    return FolderPath(raw) if raw.endswith(SEPARATORS) else Path(raw)


def written_as_folder(path: object) -> bool:
    """Whether the user wrote ``path`` as a folder (with a trailing slash)."""
    return bool(getattr(path, "written_as_folder", False))
