"""Shared helpers of the fault tests: a disk that fills up while a file is written."""
from __future__ import annotations

import errno
from typing import Any


class FullDisk:
    """A file handle whose write fills the disk half way: the bytes before go out, then ENOSPC."""

    def __init__(self, handle: Any):
        self.handle = handle

    def __enter__(self) -> FullDisk:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.handle.close()

    def write(self, data: bytes) -> int:
        self.handle.write(data[: len(data) // 2])
        raise OSError(errno.ENOSPC, "No space left on device")

    def __getattr__(self, name: str) -> Any:
        return getattr(self.handle, name)
