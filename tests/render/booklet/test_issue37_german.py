"""Issue 37, round three: a German booklet from a catalogue of a few entries (the HTML; no PDF is made here).

A case with only its title translated says so and prints its English text once; the cover's words, which the word
table has in English and French only, are printed in English, marked.
"""
from __future__ import annotations

import html as htmllib
import re
from pathlib import Path

import pytest

from tcforge.i18n.catalog import load_rulebook
from tcforge.i18n.words import bw
from tcforge.paths import use_data_dirs
from tcforge.render.booklet.document import BookletOptions, render_html


def _translate(po: Path, pairs: dict[str, str]) -> None:
    """Fill the empty msgstr of each msgctxt in ``pairs`` (as tests/i18n/test_new_language.py does)."""
    lines = po.read_text(encoding="utf-8").split("\n")
    for i, line in enumerate(lines):
        ctxt = line.removeprefix('msgctxt "').removesuffix('"')
        if line.startswith("msgctxt ") and ctxt in pairs:
            at = next(j for j in range(i, i + 8) if lines[j].startswith("msgstr "))
            lines[at] = f'msgstr "{pairs.pop(ctxt)}"'
    assert not pairs, pairs
    po.write_text("\n".join(lines), encoding="utf-8")


def _text(fragment: str) -> str:
    return " ".join(htmllib.unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


@pytest.fixture()
def german_html(tcforge, tmp_path: Path) -> str:
    own = tmp_path / "own"
    own.mkdir()
    assert tcforge("--data", str(own), "i18n", "init", "de")[0] == 0
    assert tcforge("--data", str(own), "i18n", "export", "--lang", "de", "-o", "de.po")[0] == 0
    _translate(tmp_path / "de.po", {"2.1|title": "Die Spielkarten", "2.0|title": "Spielmaterial",
                                    "2.0|text": "Zwei Kartensätze, einer für jede Seite."})
    code, _, err = tcforge("--data", str(own), "i18n", "import", "de.po", "--lang", "de")
    assert code == 0, err
    try:
        use_data_dirs([own])
        return render_html(BookletOptions("de"), load_rulebook())[0]
    finally:
        use_data_dirs([])


def _case(page: str, number: str) -> str:
    start = page.index(f'id="c-{number.replace(".", "-")}"')  # 2.0 under chapter 2.0 prints no number again
    start = page.rindex('<section class="case', 0, start)
    return page[start:page.find('<section class="case', start + 10)]


def test_a_case_with_only_its_title_translated_says_so_and_prints_its_english_once(german_html: str) -> None:
    """Issue 37 (German booklet): 2.1 has only its title in German: marked "Only the title of this case is
    translated", not "The English text of this case changed", and its English text is printed once, not again in a
    "Current English text" box."""
    case = _case(german_html, "2.1")
    assert "Die Spielkarten" in case
    assert bw("title_only_note", "en") in _text(case)
    assert bw("stale_note", "en") not in _text(case) and "english-now" not in case
    english = load_rulebook().source.case_map()["2.1"].text
    first_words = " ".join(english.split()[:4])
    assert _text(case).count(first_words) == 1, first_words
    assert '<div lang="en">' in case  # the text is English inside a German case
    # a case translated in full is not touched
    assert "Zwei Kartensätze" in _case(german_html, "2.0")


def test_the_cover_words_fall_back_to_english_marked(german_html: str) -> None:
    """Issue 37 (German booklet): the cover's words come from the word table, in English for German, with lang="en"
    and a marker saying so; the scenario name on the cover stays as translated (here not, so in English)."""
    cover = german_html[german_html.index('<section class="cover"'):german_html.index('<nav class="contents"')]
    assert '<div class="cover-body" lang="en">' in cover
    assert '<p class="cover-foot" lang="en">' in cover
    assert bw("cover_words_note", "en", language="de") in _text(cover)
    assert "missing-marker" in cover
