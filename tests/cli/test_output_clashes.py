"""Issue 51 point 1: no two outputs of a command, and no output and an input, may be one file (through a link too):
one line naming both, exit 2, nothing written, the input untouched. The command lines are the corpus
tests/data/outputs/clashes.txt."""
from __future__ import annotations

import shlex
from pathlib import Path
from typing import Any

import pytest

from conftest import ROOT

CLASHES = [line for line in (ROOT / "tests" / "data" / "outputs" / "clashes.txt").read_text(encoding="utf-8")
           .splitlines() if line.strip() and not line.startswith("#")]


def _folder(tcforge: Any, tmp_path: Path) -> dict[str, bytes]:
    assert tcforge("scenario", "new", "mine", "--out", "mine.yaml")[0] == 0
    (tmp_path / "d").mkdir()
    (tmp_path / "e").symlink_to("d")
    (tmp_path / "out.png").write_bytes(b"an older chart")
    (tmp_path / "out-link.png").symlink_to("out.png")
    (tmp_path / "mine-link.yaml").symlink_to("mine.yaml")
    return _snapshot(tmp_path)


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): (p.read_bytes() if p.is_file() else b"")
            for p in sorted(folder.rglob("*")) if "config" not in p.parts}


@pytest.mark.parametrize("line", CLASHES)
def test_a_command_whose_outputs_clash_is_refused_before_it_writes(tcforge: Any, tmp_path: Path, line: str) -> None:
    before = _folder(tcforge, tmp_path)
    code, out, err = tcforge(*shlex.split(line))
    assert code == 2, (out, err)
    lines = [x for x in err.splitlines() if not x.startswith("tcforge: warning:")]  # --plot's deprecation note
    assert len(lines) == 1 and lines[0].startswith("tcforge: ") and "Traceback" not in err, err
    assert "both name" in lines[0] or "writing would destroy it" in lines[0], lines[0]
    assert _snapshot(tmp_path) == before  # nothing written, the scenario and the older chart as they were


def test_outputs_that_differ_are_written(tcforge: Any, tmp_path: Path) -> None:
    """The control: the same command with two files of its own writes both."""
    code, _, err = tcforge("scenario", "balance", "kursk", "--games", "2", "--out", "a.png", "--html", "b.html")
    assert code == 0, err
    assert (tmp_path / "a.png").stat().st_size > 0 and (tmp_path / "b.html").stat().st_size > 0
