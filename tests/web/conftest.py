"""The web tests' scenario: tests/data/web/skirmish.yaml, a two-turn fight on a 2 x 1 board, taken as the designer's own
data (TCFORGE_DATA, as ``tcforge --data tests/data/web serve`` would)."""
from __future__ import annotations

from pathlib import Path

import pytest

WEB_DATA = Path(__file__).resolve().parent.parent / "data" / "web"


@pytest.fixture()
def own_data(monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("TCFORGE_DATA", str(WEB_DATA))
    return WEB_DATA
