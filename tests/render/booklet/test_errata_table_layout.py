"""Issue 50 point 6: every erratum's values stay in their column, on every paper, in English and French ("PzKw VI b
(P)", a corrected name, ran into the source column)."""
from __future__ import annotations

from typing import Any

import pytest

from tcforge.render.booklet.layoutcheck import overflowing_text


def _errata_table(lang: str, paper: str, table: Any = None) -> Any:
    """The errata table laid out alone on ``paper`` with the booklet's stylesheet, page box and body classes."""
    from weasyprint import HTML

    from tcforge.data.dataset import load_data
    from tcforge.render.booklet.document import body_class, environment, page_box_css
    from tcforge.render.booklet.fetcher import SafeFetcher, templates_dir
    from tcforge.render.booklet.tables import errata_table

    source = (templates_dir() / "booklet.html.j2").read_text(encoding="utf-8")
    start = source.index("{% macro table(t) %}")
    macro = source[start:source.index("{% endmacro %}", start) + len("{% endmacro %}")]
    body = environment().from_string(macro + "{{ table(t) }}").render(t=table or errata_table(load_data().cards, lang))
    html = (f'<html lang="{lang}"><head><link rel="stylesheet" href="booklet.css"><style>{page_box_css(paper)}</style>'
            f'</head><body class="{body_class(paper, lang)}">{body}</body></html>')
    return HTML(string=html, base_url=templates_dir().resolve().as_uri() + "/", url_fetcher=SafeFetcher()).render()


@pytest.mark.slow
@pytest.mark.parametrize(("lang", "paper"), [("en", "a4"), ("fr", "a4"), ("fr", "a5"), ("en", "half-letter")])
def test_no_erratum_runs_out_of_its_column(lang: str, paper: str) -> None:
    document = _errata_table(lang, paper)
    text = " ".join(box.text for page in document.pages for box in page._page_box.descendants() if hasattr(box, "text"))
    text = " ".join(text.split())
    assert "PzKw VI B" in text and text.count("PzKw VI b") >= 2  # the name's erratum, printed and corrected
    assert overflowing_text(document) == []


def test_the_check_finds_a_nowrap_name_wider_than_its_column() -> None:
    """The control: the same table with the name cells nowrap as before the fix is found overflowing."""
    from dataclasses import replace

    from tcforge.data.dataset import load_data
    from tcforge.render.booklet.tables import errata_table
    table = errata_table(load_data().cards, "en")
    body = [[replace(c, cls=c.cls.replace(" long", "")) for c in row] for row in table.body]
    found = overflowing_text(_errata_table("en", "a5", replace(table, body=body)))
    assert any("PzKw VI b (P)" in text for _, text, _ in found), found
