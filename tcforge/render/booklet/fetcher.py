"""A WeasyPrint URL fetcher that serves the project's own templates and nothing else.

The booklet's HTML is built from data, so a stray URL in it (a ``file:`` path
outside the project, an ``http:`` address, a ``data:`` payload) must never be
fetched. :class:`SafeFetcher` serves ``file:`` URLs that resolve, symbolic
links followed, to a file under ``templates/`` (the stylesheet, and any font
or picture shipped there) and refuses every other URL with
:class:`UnsafeURLError`, which stops the rendering with a clear message
(WeasyPrint would otherwise only log a warning and go on).
"""
from __future__ import annotations

import mimetypes
import warnings
from pathlib import Path
from urllib.parse import unquote, urlsplit

with warnings.catch_warnings():
    # WeasyPrint warns at import when the system lacks HarfBuzz-Subset; it then subsets fonts with
    # fontTools, which is what the booklets use. Not the user's concern on every command.
    warnings.filterwarnings("ignore", message="HarfBuzz-Subset", category=DeprecationWarning)
    from weasyprint.urls import FatalURLFetchingError, URLFetcher, URLFetcherResponse

from tcforge.paths import templates_dir

MAX_BYTES = 8 * 1024 * 1024
TYPES = {".css": "text/css", ".svg": "image/svg+xml", ".png": "image/png", ".jpg": "image/jpeg",
         ".ttf": "font/ttf", ".otf": "font/otf", ".woff": "font/woff", ".woff2": "font/woff2"}


__all__ = ["SafeFetcher", "UnsafeURLError", "templates_dir"]


class UnsafeURLError(FatalURLFetchingError):
    """A URL the booklet may not fetch. Raised, not logged: the build stops and says which URL and why."""

    def __init__(self, url: str, why: str):
        self.url = url
        self.why = why
        shown = url if len(url) <= 120 else url[:117] + "..."
        super().__init__(f"refused to fetch {shown!r}: {why}")


class SafeFetcher(URLFetcher):
    """Serves files under ``root`` (default: the project's templates/) to WeasyPrint; refuses the rest."""

    def __init__(self, root: Path | None = None, **kwargs: object):
        super().__init__(allowed_protocols=("file",), allow_redirects=False, fail_on_errors=True, **kwargs)
        self.root = (root or templates_dir()).resolve()
        self.served: list[Path] = []

    def path_of(self, url: str) -> Path:
        """The file a URL names, if the fetcher may serve it; else UnsafeURLError."""
        parts = urlsplit(url)
        scheme = parts.scheme.lower()
        if scheme != "file":
            raise UnsafeURLError(url, f"only the project's own files are used, and '{scheme or 'no'}' URLs are not")
        if parts.netloc not in ("", "localhost"):
            raise UnsafeURLError(url, "file URLs on another host are not served")
        path = Path(unquote(parts.path))
        try:
            resolved = path.resolve(strict=True)
        except (OSError, RuntimeError):
            raise UnsafeURLError(url, "no such file") from None
        if not resolved.is_relative_to(self.root):
            raise UnsafeURLError(url, f"only files under {self.root} are served")
        if not resolved.is_file():
            raise UnsafeURLError(url, "not a file")
        if resolved.suffix.lower() not in TYPES:
            raise UnsafeURLError(url, "only stylesheets, fonts and pictures are served (" + ", ".join(sorted(TYPES)) + ")")
        if resolved.stat().st_size > MAX_BYTES:
            raise UnsafeURLError(url, f"file larger than {MAX_BYTES} bytes")
        return resolved

    def fetch(self, url: str, headers: object = None) -> URLFetcherResponse:
        path = self.path_of(url)
        self.served.append(path)
        kind = TYPES.get(path.suffix.lower()) or mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        header = {"Content-Type": kind + ("; charset=utf-8" if kind.startswith("text/") else "")}
        return URLFetcherResponse(path.as_uri(), path.read_bytes(), header)
