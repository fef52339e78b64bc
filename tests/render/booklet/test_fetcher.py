"""The booklet's URL fetcher serves the project's templates and refuses everything else, with a clear error."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from tcforge.render.booklet.fetcher import SafeFetcher, UnsafeURLError, templates_dir


def test_fetcher_serves_the_booklet_stylesheet() -> None:
    response = SafeFetcher()((templates_dir() / "booklet.css").as_uri())
    assert response.content_type == "text/css"
    assert b"@page" in response.read()


def test_fetcher_refuses_a_file_url_outside_templates() -> None:
    with pytest.raises(UnsafeURLError, match="only files under"):
        SafeFetcher()("file:///etc/passwd")
    with pytest.raises(UnsafeURLError, match="only files under"):
        SafeFetcher()((templates_dir() / ".." / "README.md").as_uri())


@pytest.mark.parametrize("url", ["http://example.com/style.css", "https://example.com/font.woff2",
                                 "data:text/css,body{}", "ftp://example.com/x.png"])
def test_fetcher_refuses_http_https_data_and_other_schemes(url: str) -> None:
    with pytest.raises(UnsafeURLError, match="only the project's own files"):
        SafeFetcher()(url)


def test_fetcher_refuses_a_symlink_that_leaves_templates(tmp_path: Path) -> None:
    root = tmp_path / "templates"
    root.mkdir()
    (tmp_path / "secret.css").write_text("body {}")
    (root / "link.css").symlink_to(tmp_path / "secret.css")
    (root / "ok.css").write_text("p {}")
    fetcher = SafeFetcher(root)
    assert fetcher((root / "ok.css").as_uri()).read() == b"p {}"
    with pytest.raises(UnsafeURLError):
        fetcher((root / "link.css").as_uri())


def test_fetcher_serves_only_stylesheets_fonts_and_pictures() -> None:
    with pytest.raises(UnsafeURLError, match="only stylesheets"):
        SafeFetcher()((templates_dir() / "scenario-skeleton.yaml").as_uri())


def test_rendering_stops_at_a_refused_url() -> None:
    from weasyprint import HTML

    base = templates_dir().resolve().as_uri() + "/"
    html = HTML(string='<p>x</p><img src="http://example.com/tracker.png">', base_url=base, url_fetcher=SafeFetcher())
    with pytest.raises(UnsafeURLError, match=re.escape("http://example.com/tracker.png")):
        html.render()
