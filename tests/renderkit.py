"""Shared helpers of the print-shop tests (their ``run`` fixture is in conftest.py)."""
from __future__ import annotations

from pathlib import Path


def files(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.rglob("*") if p.is_file() and "config" not in p.parts)


def one_clean_line(stderr: str) -> str:
    lines = stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("tcforge: "), stderr
    assert "Traceback" not in stderr
    return lines[0]
