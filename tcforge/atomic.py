"""Write a file whole or not at all: every file tcforge writes goes through here.

A PDF, a CSV, a picture, a PO file, a translation or a game log is written to
a temporary file in the target's folder (same file system, so the final rename
is atomic) and renamed over the target only when everything succeeded. The
temporary file is created exclusively (:func:`tempfile.mkstemp`: an
unpredictable name, ``O_EXCL``, never through a symbolic link planted in the
folder). On any exception, a full disk (ENOSPC) and KeyboardInterrupt
included, the temporary file is deleted and an existing target is left
untouched: a failed build never leaves a half-written or a ``.part`` file.

The target itself is checked without following it (``lstat``): a symbolic
link, a FIFO, a device or a socket there is refused with one clear message
and never opened (opening a FIFO would hang, writing through a link would
write somewhere the user did not name).

:func:`write_atomic` writes bytes or text through the temporary file's own
descriptor; :func:`write_all` writes several files all or nothing;
:func:`atomic_path` yields the temporary path for libraries that want a file
name (reportlab, WeasyPrint, Pillow); and :func:`atomic_folder` builds a whole
folder of files (the card images for a print shop) in a private ``.part``
folder beside the target and puts it in the target's place only when every
file is written: a failed run leaves nothing, a re-run replaces the folder the
last one wrote (and never a folder tcforge did not write).
"""
from __future__ import annotations

import errno
import os
import shutil
import stat
import tempfile
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager, suppress
from pathlib import Path

TEMP_NAME_KEPT = 64  # characters of the target's name kept in its temporary file's name (.NAME.XXXXXXXX.part)


class NotARegularFileError(OSError):
    """The target exists and is not a regular file (a link, FIFO, device or socket): it is never replaced."""


def _umask() -> int:
    # os.umask can only be read by setting it; set it straight back.
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _path(target: Path | str) -> Path:
    """``target`` as a Path; a Path stays itself (tcforge.outpath.FolderPath: written as a folder, refused below)."""
    return target if isinstance(target, Path) else Path(target)


def _refuse_under_a_file(target: Path) -> None:
    """Refuse a path whose nearest existing parent is a file: nothing can be written under it."""
    for parent in (target.parent, *target.parent.parents):
        if parent.exists():
            if not parent.is_dir():
                raise NotADirectoryError(errno.ENOTDIR, f"{parent} is a file, not a folder, so nothing can be written "
                                                        "under it", str(target))
            break


def check_target(target: Path) -> int | None:
    """Refuse a target tcforge must not write: a folder, a symbolic link, a FIFO, device or socket, or a path under a
    file. Returns the existing regular file's permission bits (kept by the new file), or None when there is none."""
    if getattr(target, "written_as_folder", False):  # --out results/: the user named a folder (tcforge.outpath)
        why = target.refusal()  # type: ignore[attr-defined]  # tcforge.outpath.FolderPath's: one wording everywhere
        raise IsADirectoryError(errno.EISDIR, why, os.path.join(target, ""))
    target = _path(target)
    _refuse_under_a_file(target)
    try:
        status = os.lstat(target)
    except FileNotFoundError:
        status = None
    except OSError as exc:
        raise _cannot_write(exc, target) from exc
    if status is not None:
        if stat.S_ISLNK(status.st_mode):
            raise NotARegularFileError(errno.ELOOP, "it is a symbolic link, and tcforge never writes through a link; "
                                                    "remove the link or give the path of a plain file", str(target))
        if stat.S_ISDIR(status.st_mode):
            raise IsADirectoryError(errno.EISDIR, "it is a folder; give a file name", str(target))
        if not stat.S_ISREG(status.st_mode):
            # A FIFO would hang the writer; a device node or socket would be replaced by a regular file.
            raise NotARegularFileError(errno.EINVAL, "it is not a regular file but a FIFO, device or socket, which "
                                                     "tcforge never opens or replaces; give the name of a plain file",
                                       str(target))
    return stat.S_IMODE(status.st_mode) if status is not None else None


def _temporary(target: Path) -> tuple[int, Path]:
    """A new, empty, private file beside ``target``, created exclusively (its descriptor and its path)."""
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        # The temporary name is the target's cut short: the whole name plus 15 characters made a legal name of 241 to
        # 255 bytes fail, "File name too long", though the target itself could be written.
        fd, name = tempfile.mkstemp(prefix=f".{target.name[:TEMP_NAME_KEPT]}.", suffix=".part", dir=target.parent)
    except OSError as exc:
        raise _cannot_write(exc, target) from exc
    return fd, Path(name)


def _finish(tmp: Path, target: Path, mode: int | None) -> None:
    # mkstemp makes the file private (0600): a new file gets the usual permissions, a replaced one keeps its own.
    os.chmod(tmp, mode if mode is not None else 0o666 & ~_umask())
    os.replace(tmp, target)


@contextmanager
def atomic_path(target: Path) -> Iterator[Path]:
    """Yield a temporary path next to ``target``; rename it to ``target`` if the block succeeds."""
    target = _path(target)
    mode = check_target(target)
    fd, tmp = _temporary(target)
    os.close(fd)
    try:
        yield tmp
        _finish(tmp, target, mode)
    except OSError as exc:
        tmp.unlink(missing_ok=True)
        # name the target, never the temporary file; a write that fills the disk or meets the file size limit
        # (ulimit -f) names no file at all: it is this one's
        if exc.filename in (str(tmp), tmp) or (exc.filename is None and exc.errno in _FULL):
            raise _cannot_write(exc, target) from exc
        raise
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def _stage(target: Path, data: bytes | str) -> tuple[Path, int | None]:
    """``data`` written to a new temporary file beside ``target`` (removed again on any failure)."""
    mode = check_target(target)
    fd, tmp = _temporary(target)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data.encode("utf-8") if isinstance(data, str) else data)
            handle.flush()
            os.fsync(handle.fileno())
    except BaseException as exc:
        tmp.unlink(missing_ok=True)
        if isinstance(exc, OSError):
            raise _cannot_write(exc, target) from exc
        raise
    return tmp, mode


def write_atomic(target: Path, data: bytes | str) -> None:
    """Write ``data`` (text is written as UTF-8, line ends as given) to ``target``, whole or not at all."""
    target = _path(target)
    tmp, mode = _stage(target, data)
    try:
        _finish(tmp, target, mode)
    except BaseException as exc:
        tmp.unlink(missing_ok=True)
        if isinstance(exc, OSError):
            raise _cannot_write(exc, target) from exc
        raise


def write_all(files: Mapping[Path, bytes | str]) -> None:
    """Write every file or none: all are staged first (a full disk fails here, nothing replaced), then renamed.

    If a rename fails after others succeeded, the files already replaced get their old contents back (a file that
    did not exist is removed again), so the set stays as it was.
    """
    targets = [_path(t) for t in files]
    for target in targets:
        check_target(target)
    old = {target: (target.read_bytes() if target.is_file() else None) for target in targets}
    staged: list[tuple[Path, Path, int | None]] = []
    done: list[Path] = []
    try:
        for target, data in zip(targets, files.values(), strict=True):
            tmp, mode = _stage(target, data)
            staged.append((target, tmp, mode))
        for target, tmp, mode in staged:
            try:
                _finish(tmp, target, mode)
            except OSError as exc:
                raise _cannot_write(exc, target) from exc
            done.append(target)
    except BaseException:
        for _, tmp, _ in staged:
            tmp.unlink(missing_ok=True)
        for target in done:  # best effort: put back what was there
            before = old[target]
            with suppress(OSError):
                if before is None:
                    target.unlink()
                else:
                    write_atomic(target, before)
        raise


class FolderWriter:
    """What :func:`atomic_folder` yields: writes files, by plain names, into the folder being built."""

    def __init__(self, building: Path, target: Path):
        self.building = building
        self.target = target
        self.names: list[str] = []

    def write(self, name: str, data: bytes | str) -> Path:
        """``data`` as the file ``name`` of the folder (text as UTF-8); a disk that fills fails about the folder."""
        if not name or name != os.path.basename(name) or name.startswith("."):
            raise ValueError(f"not a plain file name: {name!r}")
        try:
            fd = os.open(self.building / name, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666 & ~_umask())
            with os.fdopen(fd, "wb") as handle:
                handle.write(data.encode("utf-8") if isinstance(data, str) else data)
        except OSError as exc:
            raise _cannot_write(exc, self.target) from exc
        self.names.append(name)
        return self.target / name


def check_folder(target: Path, owned: Callable[[Path], bool]) -> None:
    """Refuse a folder target tcforge must not write: a file, a symbolic link, something under a file, or an existing
    folder holding anything but what ``owned`` says tcforge wrote there."""
    target = _path(target)
    _refuse_under_a_file(target)
    try:
        status = os.lstat(target)
    except FileNotFoundError:
        return
    except OSError as exc:
        raise _cannot_write(exc, target) from exc
    if stat.S_ISLNK(status.st_mode):
        raise NotARegularFileError(errno.ELOOP, "it is a symbolic link, and tcforge never writes through a link; "
                                                "remove the link or give the path of a folder", str(target))
    if not stat.S_ISDIR(status.st_mode):
        raise NotADirectoryError(errno.ENOTDIR, "it is a file, not a folder; give a folder's name", str(target))
    try:
        empty = not any(target.iterdir())
    except OSError as exc:
        raise _cannot_write(exc, target) from exc
    if not empty and not owned(target):
        raise FileExistsError(errno.EEXIST, "it is a folder tcforge did not write, and tcforge replaces only its own; "
                                            "give a new or empty folder", str(target))


@contextmanager
def atomic_folder(target: Path, owned: Callable[[Path], bool]) -> Iterator[FolderWriter]:
    """Build the folder ``target`` whole or not at all: files go into a private ``.NAME.XXXXXXXX.part`` folder
    beside it, which takes ``target``'s place when the block succeeds (an existing ``target`` is replaced only when
    it is empty or ``owned`` says tcforge wrote it). On any exception, a full disk and KeyboardInterrupt included,
    the ``.part`` folder is removed and ``target`` is left as it was."""
    target = _path(target)
    check_folder(target, owned)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        building = Path(tempfile.mkdtemp(prefix=f".{target.name[:TEMP_NAME_KEPT]}.", suffix=".part", dir=target.parent))
    except OSError as exc:
        raise _cannot_write(exc, target) from exc
    try:
        yield FolderWriter(building, target)
        os.chmod(building, 0o777 & ~_umask())  # mkdtemp makes it private (0700): the folder gets the usual permissions
        _swap(building, target)
    except BaseException:
        shutil.rmtree(building, ignore_errors=True)
        raise


def _swap(building: Path, target: Path) -> None:
    """Put ``building`` in ``target``'s place; an old ``target`` is moved aside first, and back if the move fails."""
    old: Path | None = None
    try:
        if os.path.lexists(target):
            old = Path(tempfile.mkdtemp(prefix=f".{target.name[:TEMP_NAME_KEPT]}.", suffix=".old.part",
                                        dir=target.parent))
            os.rmdir(old)
            os.rename(target, old)
        os.rename(building, target)
    except OSError as exc:
        if old is not None and not os.path.lexists(target):
            with suppress(OSError):
                os.rename(old, target)
        raise _cannot_write(exc, target) from exc
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)


_FULL = (errno.ENOSPC, errno.EDQUOT, errno.EFBIG)  # a full disk, a full quota, the file size limit (ulimit -f)


def _cannot_write(exc: OSError, target: Path) -> OSError:
    """The same error, about ``target`` and its folder (a read-only, full or protected place), not the temporary file."""
    reason = exc.strerror or str(exc)
    if exc.errno in _FULL:
        advice = f"{target} was not written and nothing was left behind in {target.parent}; " + (
            "the file size limit was met (ulimit -f): raise it, or write it somewhere else" if exc.errno == errno.EFBIG
            else "free some space or write it somewhere else")
    elif exc.errno == errno.ENAMETOOLONG:  # the name, not the folder: another folder would not help
        advice = "the name is longer than the file system allows (255 bytes at most, usually); give a shorter one"
    else:
        advice = f"no file can be written in {target.parent}; write it somewhere else"
    return type(exc)(exc.errno, f"{reason}: {advice}", str(target))
