"""Issue 37 item 4: the French A5 and half-Letter card tables keep each text in its column."""
from __future__ import annotations

import re

import pytest

from tcforge.render.booklet.tables import name_html


def _unbreakable(html: str) -> list[str]:
    """The runs of a name that never break: the tied spans and the words outside them."""
    spans = re.findall(r'<span class="nb">(.*?)</span>', html)
    rest = re.sub(r'<span class="nb">.*?</span>', " ", html).split()
    return spans + rest


def test_issue37_item4_french_particles_tie_forward_so_long_names_still_wrap():
    assert "Groupe de la Luftwaffe" not in _unbreakable(name_html("Groupe de la Luftwaffe (Feld)"))
    assert "de la Luftwaffe" in _unbreakable(name_html("Groupe de la Luftwaffe (Feld)"))  # "la" never ends a line
    assert "à roquettes" in _unbreakable(name_html("Artillerie à roquettes soviétique"))
    assert max(map(len, _unbreakable(name_html("Artillerie à roquettes soviétique")))) <= 15


def test_issue37_item4_designations_stay_whole():
    for name in ("PzKw VI b (P)", "StuG III G", "7.5 cm PaK 40", "T-34 M43"):
        assert _unbreakable(name_html(name)) == [name]


def _name_cells(lang: str, paper: str) -> list[tuple[str, int, float]]:
    """The unit card tables laid out alone on ``paper`` with the booklet's stylesheet: for each cell of the name and
    class columns, its text, its number of lines and how far its text runs past the cell's right edge (pt)."""
    from weasyprint import HTML
    from weasyprint.formatting_structure.boxes import LineBox, TableCellBox, TextBox

    from tcforge.data.dataset import load_data
    from tcforge.render.booklet.document import MARGINS, PAPERS, environment
    from tcforge.render.booklet.fetcher import SafeFetcher, templates_dir
    from tcforge.render.booklet.tables import card_tables

    source = (templates_dir() / "booklet.html.j2").read_text(encoding="utf-8")
    start = source.index("{% macro table(t) %}")
    macro = source[start:source.index("{% endmacro %}", start) + len("{% endmacro %}")]
    tables = [t for t in card_tables(load_data().cards, lang, load_data().ruleset, compact=True)
              if "units" in t.cls.split()]
    body = environment().from_string(macro + "{% for t in tables %}{{ table(t) }}{% endfor %}").render(tables=tables)
    width, height = PAPERS[paper]
    top, bottom, inner, outer = MARGINS[paper]
    page = f"@page {{ size: {width} {height}; margin: {top} {outer} {bottom} {inner}; }}"
    html = (f'<html lang="{lang}"><head><link rel="stylesheet" href="booklet.css"><style>{page}</style></head>'
            f'<body class="paper-small lang-{lang}">{body}</body></html>')
    document = HTML(string=html, base_url=templates_dir().resolve().as_uri() + "/", url_fetcher=SafeFetcher()).render()
    out = []
    for laid in document.pages:
        for cell in laid._page_box.descendants():
            if not isinstance(cell, TableCellBox) or cell.element_tag != "td":
                continue
            if not {"name", "word"} & set((cell.element.get("class") or "").split()):
                continue
            lines = [box for box in cell.descendants() if isinstance(box, LineBox)]
            right = max((box.position_x + box.width for box in cell.descendants() if isinstance(box, TextBox)), default=0)
            out.append((" ".join("".join(cell.element.itertext()).split()), len(lines),
                        right - (cell.content_box_x() + cell.width)))
    return out


@pytest.mark.slow
@pytest.mark.parametrize(("lang", "paper"), [("fr", "half-letter"), ("fr", "a5"), ("en", "half-letter")])
def test_issue37_item4_long_card_names_take_two_lines_at_most_on_small_papers(lang: str, paper: str) -> None:
    """Issue 37 item 4 (round three): on A5 and half-Letter "Groupe / de la Luftwaffe / (Feld)" and "Artillerie /
    à roquettes / soviétique" took three lines; every name takes two at most, and no name runs out of its column.
    Issue 50 point 6: the class and rarity are set under the name there (one line more), and the AT guns' class
    "canon antichar · C" stays on that one line."""
    cells = _name_cells(lang, paper)
    assert len(cells) > 100
    assert [(text, n) for text, n, _ in cells if n > 3] == []  # two for the name, one for its class and rarity
    assert [(text, round(over, 1)) for text, _, over in cells if over > 0.5] == []
    guns = [n for text, n, _ in cells if text.lower().endswith(("canon antichar · c", "at gun · c"))]
    assert len(guns) > 5 and set(guns) == {2}  # a gun's name on one line, its class on one more
