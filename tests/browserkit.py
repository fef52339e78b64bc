"""A real browser for the tests of the pages tcforge writes or serves (issues 36 and 38).

Debian's Chromium (/usr/bin/chromium, package ``chromium``) driven by Playwright's Python package (the ``browser``
extra), never a browser downloaded by a test tool. `make browser` installs both; `.ci/run` calls it and sets
TCFORGE_BROWSER_REQUIRED=1, so that on CI a missing browser fails the browser tests instead of skipping them.
On a machine without the browser (a user's `make test`), those tests skip with the command that installs it.

Chromium starts headless with the flags that keep it off the network: this machine's network is closed, and without
them Chromium's background connections are refused many at a time.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

CHROMIUM = os.environ.get("TCFORGE_CHROMIUM", "/usr/bin/chromium")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
INSTALL = "make browser (Debian's chromium package and the playwright Python package)"
ARTEFACTS = Path(os.environ.get("TCFORGE_ARTEFACTS", Path(__file__).resolve().parent.parent / "output" / "test-artefacts"))


def missing() -> str | None:
    """Why no browser can run here, or None when one can."""
    if not (Path(CHROMIUM).is_file() or shutil.which(CHROMIUM)):
        return f"no Chromium at {CHROMIUM}"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the playwright Python package is not installed"
    return None


def require_browser() -> None:
    """Skip the calling test when no browser can run, unless CI asked for one (then fail)."""
    why = missing()
    if why is None:
        return
    if os.environ.get("TCFORGE_BROWSER_REQUIRED") == "1":
        pytest.fail(f"browser test: {why}; install it with {INSTALL}")
    pytest.skip(f"browser test: {why}; install it with {INSTALL}")


@pytest.fixture()
def browser_page() -> Iterator[object]:
    """A fresh page in a headless Chromium with its own empty profile; closed after the test."""
    require_browser()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="tcforge-chromium-") as profile, sync_playwright() as play:
        context = play.chromium.launch_persistent_context(profile, executable_path=CHROMIUM, args=FLAGS,
                                                          headless=True, viewport={"width": 1280, "height": 900})
        try:
            page = context.new_page()
            yield page
        finally:
            context.close()


def screenshot(page: object, name: str) -> Path:
    """Keep a screenshot as a test artefact (output/test-artefacts/NAME.png) and return its path."""
    ARTEFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTEFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)  # type: ignore[attr-defined]
    return path
