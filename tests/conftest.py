from __future__ import annotations

import os

# The suite checks the rules on the sources: where a compiled build is present (make install, tcforge/compiled.py) it
# is left aside, as tests patch engine functions its compiled callers would not see. tests/test_compiled.py plays the
# golden games with the build in subprocesses. Set here, before tcforge is first imported (TCFORGE_PURE=0 to run the
# suite on the build).
os.environ.setdefault("TCFORGE_PURE", "1")

import shutil
from pathlib import Path

import pytest
from hypothesis import settings
from typer.testing import CliRunner

from tcforge.cli import app
from tcforge.data.cards import CardSet
from tcforge.data.dataset import load_cards

ROOT = Path(__file__).resolve().parent.parent
BAD = ROOT / "tests" / "data" / "bad"

# The property tests (hypothesis) draw the same examples on every run of `make test` and CI: the "ci" profile is
# derandomized and keeps no example database (no failure saved by one run changes what a later run draws).
# `make fuzz` (HYPOTHESIS_PROFILE=fuzz) draws fresh random examples, FUZZ_SCALE times as many, to search for new
# failures; keep each one it finds as an @example of its test, so that `make test` checks it from then on.
HYPOTHESIS_PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "ci")
FUZZ_SCALE = 40
settings.register_profile("ci", derandomize=True, database=None, deadline=None, print_blob=True)
settings.register_profile("fuzz", derandomize=False, database=None, deadline=None, print_blob=True)
settings.load_profile(HYPOTHESIS_PROFILE)


def examples(count: int) -> int:
    """How many examples a property test draws: ``count`` under the "ci" profile, FUZZ_SCALE times more in `make fuzz`."""
    return count * FUZZ_SCALE if HYPOTHESIS_PROFILE == "fuzz" else count


@pytest.fixture(scope="session")
def cards() -> CardSet:
    return load_cards()


@pytest.fixture()
def cli(monkeypatch: pytest.MonkeyPatch):
    """Run the CLI in-process from the repository root; returns (exit code, stdout, stderr)."""
    monkeypatch.chdir(ROOT)
    runner = CliRunner()

    def run(*args: str) -> tuple[int, str, str]:
        result = runner.invoke(app, list(args), catch_exceptions=False)
        return result.exit_code, result.stdout, result.stderr

    return run


@pytest.fixture()
def run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """Invoke ``tcforge print`` (the print app) in ``tmp_path`` with its own settings folder; returns the result."""
    from tcforge.cli import printing as print_cli
    monkeypatch.setenv("TCFORGE_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()

    def invoke(*args: str):
        return runner.invoke(print_cli.app, list(args))

    return invoke


@pytest.fixture()
def render(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """Run ``tcforge print ...`` in-process with a private config folder; returns (PDF reader, stderr)."""
    from pypdf import PdfReader

    from tcforge.cli import printing as print_cli
    monkeypatch.setenv("TCFORGE_CONFIG_DIR", str(tmp_path / "config"))
    runner = CliRunner()

    def invoke(*args: str) -> tuple[PdfReader, str]:
        out = tmp_path / "out.pdf"
        result = runner.invoke(print_cli.app, [*args, "--out", str(out)], catch_exceptions=False)
        assert result.exit_code == 0, result.stderr
        return PdfReader(out), result.stderr

    return invoke


@pytest.fixture()
def tcforge(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """The CLI in-process, from ``tmp_path`` with its own settings folder; returns (exit code, stdout, stderr).
    The global --data sets TCFORGE_DATA for the process: it is undone after the test."""
    monkeypatch.setenv("TCFORGE_DATA", "")
    monkeypatch.setenv("TCFORGE_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.chdir(tmp_path)

    def invoke(*args: str) -> tuple[int, str, str]:
        result = CliRunner().invoke(app, list(args), catch_exceptions=False)
        return result.exit_code, result.stdout, result.stderr

    return invoke


@pytest.fixture()
def data(tmp_path: Path) -> Path:
    """A copy of the bundled data folders an import or export may touch (cards, scenarios, rules, i18n)."""
    target = tmp_path / "data"
    for folder in ("cards", "scenarios", "rules", "i18n"):
        shutil.copytree(ROOT / "data" / folder, target / folder)
    return target
