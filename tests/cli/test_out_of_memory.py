"""Issue 51 deliver 3: a command that runs out of memory (ulimit -v) ends in one line and exit 1, not a MemoryError
traceback and a screen of "Exception ignored" lines from objects finalised without memory."""
from __future__ import annotations

import subprocess
import sys

from conftest import ROOT

# The command's work raises MemoryError as an exhausted address space does, and objects freed on the way fail too.
RUN = """
import sys
import tcforge.validate

class Finalised:
    def __del__(self):
        raise MemoryError

def exhausted(*args, **kwargs):
    held = [Finalised() for _ in range(20)]
    raise MemoryError

tcforge.validate.validate = exhausted
sys.argv = ["tcforge", "validate"]
from tcforge.cli import main
main()
"""


def test_out_of_memory_is_one_line_and_exit_1() -> None:
    done = subprocess.run([sys.executable, "-c", RUN], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 1, done.stderr
    assert done.stderr.splitlines() == ["tcforge: out of memory: the command needs more than this process may use "
                                        "(ulimit -v, or the machine's memory); nothing was left half-written"]


def test_another_finaliser_failure_is_still_reported() -> None:
    """The control: only MemoryError's finalisers are kept quiet; another unraisable exception is reported."""
    run = ("import sys\nfrom tcforge import cli\n"
           "class Bad:\n    def __del__(self):\n        raise ValueError('finaliser')\n"
           "sys.unraisablehook = cli._quiet_when_out_of_memory\nBad()\n")
    done = subprocess.run([sys.executable, "-c", run], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert "ValueError: finaliser" in done.stderr
