"""The README's commands: `make demo` runs the main job from the installed checkout."""
from __future__ import annotations

import shutil
import subprocess

import pytest

from conftest import ROOT


@pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")
def test_make_demo_validates_and_summarises() -> None:
    result = subprocess.run(["make", "-s", "demo"], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stderr
    assert "166 card(s): valid" in result.stderr
    assert "166 cards" in result.stdout and "Traceback" not in result.stderr
