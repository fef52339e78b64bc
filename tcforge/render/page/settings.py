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
from tcforge.bounds import read_json
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
        data = read_json(path, "the page settings")
    except (OSError, ValueError) as exc:
        raise RenderError(f"cannot read {path}: {exc}; fix or delete it") from None
    return data if isinstance(data, dict) else {}


def _offsets(data: dict[str, Any]) -> dict[str, Any]:
    offsets = data.get("back_offset_mm", {})
    if not isinstance(offsets, dict):
        raise RenderError(f"{settings_path()}: back_offset_mm is not a mapping of paper to X,Y; fix or delete the file, "
                          "then run 'tcforge print calibration --back-offset X,Y' again")
    return offsets


def back_offset(paper: str) -> tuple[float, float]:
    """The saved offset for ``paper`` in mm, (0, 0) when none was saved; a saved value that is not a pair of
    finite numbers of at most MAX_OFFSET mm is an error, never silently used or ignored."""
    value = _offsets(load()).get(paper)
    if value is None:
        return (0.0, 0.0)
    numbers = isinstance(value, list) and len(value) == 2 and all(
        isinstance(v, (int, float)) and not isinstance(v, bool) for v in value)
    if not numbers or not all(math.isfinite(v) and abs(v) <= MAX_OFFSET for v in value):
        shown = ",".join(f"{v:g}" for v in value) if numbers else "not a pair of numbers"
        raise RenderError(f"{settings_path()}: back offset for {paper} ({shown}) is out of range; "
                          "run 'tcforge print calibration --back-offset X,Y' again")
    return (float(value[0]), float(value[1]))


def save_back_offset(paper: str, offset: tuple[float, float]) -> Path:
    if not all(math.isfinite(v) and abs(v) <= MAX_OFFSET for v in offset):
        raise RenderError(f"back offset {offset[0]:g},{offset[1]:g} mm is not a pair of finite numbers of at most "
                          f"{MAX_OFFSET:g} mm; nothing was saved")
    data = load()
    data["back_offset_mm"] = _offsets(data)
    data["back_offset_mm"][paper] = [round(offset[0], 2), round(offset[1], 2)]
    path = settings_path()
    try:
        with atomic_path(path) as tmp:
            tmp.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    except OSError as exc:
        raise RenderError(f"cannot save the back offset to {path}: {exc.strerror or exc}") from None
    return path
