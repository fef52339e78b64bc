from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from tcforge.cli import app
from tcforge.data.cards import CardSet
from tcforge.data.dataset import load_cards

ROOT = Path(__file__).resolve().parent.parent
BAD = ROOT / "tests" / "data" / "bad"


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
    from tcforge.render import cli as print_cli
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

    from tcforge.render import cli as print_cli
    monkeypatch.setenv("TCFORGE_CONFIG_DIR", str(tmp_path / "config"))
    runner = CliRunner()

    def invoke(*args: str) -> tuple[PdfReader, str]:
        out = tmp_path / "out.pdf"
        result = runner.invoke(print_cli.app, [*args, "--out", str(out)], catch_exceptions=False)
        assert result.exit_code == 0, result.stderr
        return PdfReader(out), result.stderr

    return invoke
