"""Write a file whole or not at all.

A PDF, a CSV, a picture or a game log is written to a temporary file in the
target's folder (same file system, so the final rename is atomic) and renamed
over the target only when everything succeeded. On any exception,
KeyboardInterrupt included, the temporary file is deleted and an existing
target is left untouched: a failed build never leaves a half-written file.
"""
from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


class NotARegularFileError(OSError):
    """The target exists and is not a regular file: it is never replaced."""


def _umask() -> int:
    # os.umask can only be read by setting it; set it straight back.
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


@contextmanager
def atomic_path(target: Path) -> Iterator[Path]:
    """Yield a temporary path next to ``target``; rename it to ``target`` if the block succeeds."""
    target = Path(target)
    if target.is_dir():
        raise IsADirectoryError(f"{target} is a folder; give a file name")
    if target.exists() and not target.is_file():
        # A device node, pipe or socket: renaming over it would replace it with a regular file.
        raise NotARegularFileError(f"{target} is not a regular file (a device, pipe or socket); give a file name")
    for parent in (target.parent, *target.parent.parents):
        if parent.exists():
            if not parent.is_dir():
                raise NotADirectoryError(f"{parent} is a file, not a folder: {target} cannot be written under it")
            break
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".part", dir=target.parent)
    except OSError as exc:
        raise _cannot_write(exc, target) from exc
    os.close(fd)
    tmp = Path(name)
    try:
        yield tmp
        # mkstemp makes the file private (0600); a PDF is an ordinary file.
        os.chmod(tmp, 0o666 & ~_umask())
        os.replace(tmp, target)
    except OSError as exc:
        tmp.unlink(missing_ok=True)
        if exc.filename in (str(tmp), tmp):  # name the target, never the temporary file
            raise _cannot_write(exc, target) from exc
        raise
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def _cannot_write(exc: OSError, target: Path) -> OSError:
    """The same error, about ``target`` and its folder (a read-only or protected place), not the temporary file."""
    reason = exc.strerror or str(exc)
    return type(exc)(exc.errno, f"{reason}: no file can be written in {target.parent}; write it somewhere else",
                     str(target))
