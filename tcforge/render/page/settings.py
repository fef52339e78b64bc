"""Saved print settings: the back-page offset each paper needs on this printer.

Kept in ``print-settings.json`` in the user's config folder (``~/.config/tcforge``
on Linux), or in ``TCFORGE_CONFIG_DIR`` when that is set. Written whole or
not at all, like the PDFs.
"""
from __future__ import annotations

import json
import math
import os
from pathlib import Path
from typing import Any

import typer

from tcforge.atomic import atomic_path
from tcforge.render.page.build import RenderError
from tcforge.render.page.geometry import MAX_OFFSET

FILE = "print-settings.json"


def settings_path() -> Path:
    folder = os.environ.get("TCFORGE_CONFIG_DIR") or typer.get_app_dir("tcforge")
    return Path(folder) / FILE


def load() -> dict[str, Any]:
    path = settings_path()
    if not path.is_file():
        return {}
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise RenderError(f"cannot read {path}: {exc}; fix or delete it") from None
    return data if isinstance(data, dict) else {}


def back_offset(paper: str) -> tuple[float, float]:
    """The saved offset for ``paper`` in mm, (0, 0) when none was saved."""
    value = (load().get("back_offset_mm") or {}).get(paper)
    try:
        x, y = float(value[0]), float(value[1])  # type: ignore[index]
    except (TypeError, ValueError, IndexError, KeyError):
        return (0.0, 0.0)
    if not (math.isfinite(x) and math.isfinite(y)) or abs(x) > MAX_OFFSET or abs(y) > MAX_OFFSET:
        raise RenderError(f"{settings_path()}: back offset {x:g},{y:g} mm for {paper} is out of range; "
                          "run 'tcforge print calibration --back-offset X,Y' again")
    return (x, y)


def save_back_offset(paper: str, offset: tuple[float, float]) -> Path:
    if not all(math.isfinite(v) and abs(v) <= MAX_OFFSET for v in offset):
        raise RenderError(f"back offset {offset[0]:g},{offset[1]:g} mm is not a pair of finite numbers of at most "
                          f"{MAX_OFFSET:g} mm; nothing was saved")
    data = load()
    data.setdefault("back_offset_mm", {})[paper] = [round(offset[0], 2), round(offset[1], 2)]
    path = settings_path()
    try:
        with atomic_path(path) as tmp:
            tmp.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    except OSError as exc:
        raise RenderError(f"cannot save the back offset to {path}: {exc.strerror or exc}") from None
    return path
