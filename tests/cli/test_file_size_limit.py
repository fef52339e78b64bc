"""Issue 51 deliver 3: a command whose writes fail as on a full disk ends in one line naming the file and exit 1,
leaving nothing half-written. The limit is the operating system's own (ulimit -f, RLIMIT_FSIZE, with SIGXFSZ ignored
as a shell's `trap '' XFSZ` does): every write past 8 KiB fails, as a disk that fills does, whichever library writes.
Before, a game log, a balance table and a sweep's plot said only "tcforge: File too large" (no file, no hint) and an
export left an empty folder behind."""
from __future__ import annotations

import os
import resource
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT

pytestmark = pytest.mark.slow  # a process a command, a game or a PDF each

LIMIT = 8 * 1024


def _limited() -> None:
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (LIMIT, LIMIT))


@pytest.mark.parametrize(("args", "target", "left"), [
    (["scenario", "play", "hill-621", "-q", "--log", "game.jsonl"], "game.jsonl", []),
    (["scenario", "balance", "tank-action", "--games", "2", "--jobs", "1", "--out", "b.txt", "--html", "b.html"],
     "b.txt", []),
    (["export", "tts", "hill-621", "--out", "tts"], "tts", []),
    (["print", "inserts", "--out", "inserts.pdf"], "inserts.pdf", []),
    # a sweep keeps its table as it goes (a run resumes from it): what fails is the plot, named as such
    (["scenario", "sweep", "tank-action", "--games", "2", "--jobs", "1", "--out", "sw"], "sw/sweep.png", ["sw"]),
])
def test_a_write_past_the_file_size_limit_is_one_line_naming_the_file(tmp_path: Path, args: list[str], target: str,
                                                                      left: list[str]) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-m", "tcforge", *args], cwd=tmp_path, capture_output=True, text=True,
                          timeout=600, preexec_fn=_limited, env=env)
    assert done.returncode == 1, done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and "Traceback" not in done.stderr, done.stderr
    assert target in lines[0] and "File too large" in lines[0] and "ulimit -f" in lines[0], lines[0]
    assert sorted(p.name for p in tmp_path.iterdir()) == left  # no part file, no empty folder, no half a file
