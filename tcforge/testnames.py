"""The tests' names and docstrings, which rule coverage matches to rule cases.

A checkout reads them from tests/; an installed copy never reads tests/ and reads instead the index
the build wrote into the wheel (setup.py calls :func:`write_index`). Standard library only: the build
loads this file on its own, before tcforge's dependencies are installed.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

TEST_DEF = re.compile(r"^def (test_\w+)\(.*?(?=^def |\Z)", re.S | re.M)


def _docstring(text: str) -> str:
    """The first triple-quoted string of a test's text (its docstring), or empty."""
    return text.split('"""')[1] if text.count('"""') >= 2 else ""


def definitions(tests_dir: Path) -> list[tuple[str, str]]:
    """Every test function under ``tests_dir`` as (``file.py::test_name``, its docstring), files in name order."""
    out: list[tuple[str, str]] = []
    for path in sorted(tests_dir.rglob("test_*.py"), key=lambda p: p.name):  # tests/engine/..., tests/cli/...: by name
        text = path.read_text(encoding="utf-8")
        for match in TEST_DEF.finditer(text):
            out.append((f"{path.name}::{match.group(1)}", _docstring(match.group(0))))
    return out


def write_index(tests_dir: Path, path: Path) -> int:
    """Write the definitions under ``tests_dir`` to ``path`` (JSON); returns how many tests it lists."""
    found = definitions(tests_dir)
    path.write_text(json.dumps([{"test": name, "doc": doc} for name, doc in found], ensure_ascii=False, indent=0) + "\n",
                    encoding="utf-8")
    return len(found)


def read_index(path: Path) -> list[tuple[str, str]]:
    """The definitions an index written by :func:`write_index` lists."""
    return [(str(row["test"]), str(row["doc"])) for row in json.loads(path.read_text(encoding="utf-8"))]
