"""The web tests' scenario: tests/data/web/skirmish.yaml, a two-turn fight on a 2 x 1 board, taken as the designer's own
data (TCFORGE_DATA, as ``tcforge --data tests/data/web serve`` would)."""
from __future__ import annotations

import warnings
from pathlib import Path

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # Starlette's notice that a later httpx will be needed
    from starlette.testclient import TestClient

from tcforge.web.app import create_app

WEB_DATA = Path(__file__).resolve().parent.parent / "data" / "web"


@pytest.fixture()
def own_data(monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("TCFORGE_DATA", str(WEB_DATA))
    return WEB_DATA


@pytest.fixture()
def client(own_data: Path, tmp_path: Path) -> TestClient:
    """A test client of the page's server over the web tests' data, its games saved in the test's own folder."""
    return TestClient(create_app(tmp_path / "games"), base_url="http://127.0.0.1", raise_server_exceptions=False)
