"""The browser kit itself: Chromium starts, shows a local file, and a click changes what the page shows."""

from __future__ import annotations

from pathlib import Path

import pytest

pytestmark = pytest.mark.slow


def test_chromium_opens_a_local_file_and_clicks(browser_page, tmp_path: Path) -> None:
    page = tmp_path / "page.html"
    page.write_text("<button id='b' onclick=\"document.getElementById('o').textContent='clicked'\">go</button>"
                    "<p id='o'>waiting</p>", encoding="utf-8")
    browser_page.goto(page.as_uri())
    assert browser_page.inner_text("#o") == "waiting"
    browser_page.click("#b")
    assert browser_page.inner_text("#o") == "clicked"
