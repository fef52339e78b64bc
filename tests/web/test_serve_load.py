"""tools/serve_load.py in small (issue 51): the server started as a user starts it, four games played at once through
its routes, a quitter and a slow reader among them, a client that gives up while plan:5000:horizon=1000,k=64 searches
(Hill 621) and one that waits for the server's bound; every log audits clean, the server idle after, no traceback.
The figures it prints (times, memory) are reported by the full run (docs/results/2026-11-29-serve-load.md), never asserted here."""
from __future__ import annotations

import importlib.util
import sys
from types import ModuleType

import pytest

from conftest import ROOT

pytestmark = pytest.mark.slow  # a server process and six games


def tool(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    """tools/serve_load.py as a module (registered while the test runs: its dataclasses look their module up)."""
    spec = importlib.util.spec_from_file_location("serve_load", ROOT / "tools" / "serve_load.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, "serve_load", module)
    spec.loader.exec_module(module)
    return module


def test_a_small_load_run_plays_every_game_and_audits_every_log_clean(capsys: pytest.CaptureFixture[str],
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TCFORGE_DATA", str(ROOT / "tests" / "data" / "web"))  # the tool sets it for its audits
    code = tool(monkeypatch).main(["--games", "4", "--quitters", "1", "--slow-readers", "1", "--slow-senders", "0", "--gone", "1",
                        "--stuck", "1", "--patience", "1", "--move-seconds", "3", "--idle", "1"])
    out = capsys.readouterr().out
    assert code == 0, out
    assert "0 went wrong" in out and "logs: 6 saved, 6 audit clean" in out and "0 traceback(s)" in out, out
    assert "gone clients: gave up after 1 s at action " in out and "stuck clients: 503 " in out, out
