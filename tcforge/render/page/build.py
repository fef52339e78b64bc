"""One PDF from start to finish: a book written to a temporary file, checked, renamed.

Every product (inserts, reference cards, proxies, calibration) goes through
:func:`render_pdf`, so every one is atomic and every one honours ``--strict``:
text that does not fit aborts the build before the file appears.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from reportlab import rl_config

from tcforge.atomic import atomic_path
from tcforge.data.cards import CardSet
from tcforge.data.rulesets import Ruleset
from tcforge.render.page.sheets import Book, Ctx, PrintOptions, Report


class RenderError(Exception):
    """A build that cannot go on; the message is one line for users."""


class TextOverflowError(RenderError):
    """--strict and some text did not fit; ``report`` says where."""

    def __init__(self, report: Report):
        self.report = report
        super().__init__(f"{len(report.overflows)} piece(s) with text that does not fit (--strict)")


def render_pdf(path: Path, options: PrintOptions, cards: CardSet, ruleset: Ruleset, title: str,
               compose: Callable[[Book], None]) -> Report:
    """Build the PDF ``compose`` describes into ``path``, all or nothing."""
    report = Report()
    ctx = Ctx(options.lang, cards, ruleset, report)
    with atomic_path(path) as tmp, _binary_streams():
        book = Book(tmp, options, ctx, title)
        compose(book)
        if options.strict and report.overflows:
            raise TextOverflowError(report)
        book.save()
    return report


@contextmanager
def _binary_streams() -> Iterator[None]:
    """Compressed streams without ASCII85 on top: a third smaller and much faster to write.

    ReportLab reads this from its global config when it builds each stream, so
    it is set for the build and put back afterwards.
    """
    old = rl_config.useA85
    rl_config.useA85 = 0
    try:
        yield
    finally:
        rl_config.useA85 = old
