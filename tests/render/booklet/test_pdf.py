"""Both rule booklets build, and the PDF says what the data says (read back with pypdf).

The two booklets (A4, English and French) are built once for the module, each
in its own process (WeasyPrint keeps memory), in parallel.
"""
from __future__ import annotations

import itertools
import multiprocessing
import re
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader

from tcforge.data.dataset import load_data
from tcforge.i18n.catalog import load_rulebook
from tcforge.i18n.words import bw, signed
from tcforge.render.booklet.bench import measure_one
from tcforge.render.booklet.impose import impose, saddle_order

from .pdftext import smallest_printed

pytestmark = pytest.mark.slow  # every test here reads booklets built as PDFs (seconds each)

LANGS = ("en", "fr")


def norm(text: str) -> str:
    """Printed text compared with data: no-break spaces as spaces, typographic apostrophes as plain ones."""
    return text.replace("\u00a0", " ").replace("\u202f", " ").replace("\u2019", "'")


@pytest.fixture(scope="module")
def booklets(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[PdfReader, dict[str, Any], Path]]:
    out = tmp_path_factory.mktemp("booklets")
    paths = {lang: out / f"rulebook-{lang}-a4.pdf" for lang in LANGS}
    with ProcessPoolExecutor(max_workers=2, mp_context=multiprocessing.get_context("spawn")) as pool:
        futures = {lang: pool.submit(measure_one, lang, "a4", paths[lang]) for lang in LANGS}
        results = {lang: f.result() for lang, f in futures.items()}
    return {lang: (PdfReader(str(paths[lang])), results[lang], paths[lang]) for lang in LANGS}


_TEXT: dict[tuple[str, int], str] = {}


def _page_text(booklets: dict[str, Any], lang: str, index: int) -> str:
    if (lang, index) not in _TEXT:
        _TEXT[(lang, index)] = booklets[lang][0].pages[index].extract_text()
    return _TEXT[(lang, index)]


def _outline(reader: PdfReader) -> list[tuple[int, str, int]]:
    """(depth, title, 1-based page) of every bookmark."""
    out: list[tuple[int, str, int]] = []

    def walk(items: list[Any], depth: int) -> None:
        for item in items:
            if isinstance(item, list):
                walk(item, depth + 1)
            else:
                out.append((depth, item.title, reader.get_destination_page_number(item) + 1))

    walk(reader.outline, 0)
    return out


def _contents_text(booklets: dict[str, Any], lang: str) -> str:
    """The text of the contents pages: from page 2 to the page before the first chapter."""
    first = next(page for depth, title, page in _outline(booklets[lang][0]) if depth == 0 and title[:1].isdigit())
    text = norm("\n".join(_page_text(booklets, lang, i) for i in range(1, first - 1))).replace("\u2007", " ")
    # a title on two lines is one entry: join a line that does not end with its page number to the next
    return re.sub(r"(?<![\d\s])\s*\n(?=\D)", " ", text)


def _find_page(booklets: dict[str, Any], lang: str, needle: str, chapter: str) -> str:
    """The text of the first page from ``chapter``'s first page on that holds ``needle``."""
    reader = booklets[lang][0]
    first = next(page for depth, title, page in _outline(reader) if depth == 0 and title.startswith(chapter + " "))
    for i in range(first - 1, len(reader.pages)):
        text = _page_text(booklets, lang, i)
        if needle in text:
            return text
    raise AssertionError(f"{needle!r} is on no page of the {lang} booklet")


@pytest.mark.parametrize("lang", LANGS)
def test_both_booklets_build_with_fonts_embedded_and_metadata(booklets: dict[str, Any], lang: str) -> None:
    reader, result, path = booklets[lang]
    assert result["pages"] == len(reader.pages) > 25
    assert result["stale"] == 0 and result["missing"] == 0
    assert reader.metadata.title.startswith("Tank Commander")
    fonts = set()
    for page in reader.pages[:4]:
        for font in (page["/Resources"].get("/Font") or {}).values():
            fonts.add(font.get_object()["/BaseFont"])
    assert fonts and all("DejaVu" in str(f) for f in fonts)
    assert not list(path.parent.glob(f".{path.name}*")), "a temporary file was left behind"


@pytest.mark.parametrize("lang", LANGS)
def test_contents_lists_every_chapter_on_the_page_where_it_starts(booklets: dict[str, Any], lang: str) -> None:
    reader = booklets[lang][0]
    chapters = [(title, page) for depth, title, page in _outline(reader) if depth == 0][1:]  # after "Contents"
    book = load_rulebook().book(lang)
    expected = [(f"{c.number} {c.title}" if c.number != "notes" else c.title) for c in book.chapters]
    assert [norm(t) for t, _ in chapters] == [norm(e) for e in expected] + [bw("index", lang), bw("credits", lang)]
    contents = _contents_text(booklets, lang)
    for (title, page), chapter in zip(chapters, book.chapters, strict=False):
        # the contents line: number, title, dot leader, page number
        name = norm(chapter.title)
        line = next(row for row in contents.splitlines() if name in row
                    and row.strip().startswith(chapter.number if chapter.number != "notes" else name))
        assert int(re.search(r"(\d+)\s*$", line).group(1)) == page, line
        # and the chapter's title is printed on that page
        assert name in norm(_page_text(booklets, lang, page - 1)), title


@pytest.mark.parametrize("lang", LANGS)
def test_outline_holds_every_case_under_its_chapter(booklets: dict[str, Any], lang: str) -> None:
    outline = _outline(booklets[lang][0])
    cases = [title.split(" ")[0] for depth, title, _ in outline if depth == 1]
    numbers = [c.number.split(" ")[0] for c in load_rulebook().book(lang).cases()]
    assert cases == numbers


@pytest.mark.parametrize("lang", LANGS)
def test_cross_reference_links_land_on_the_page_of_their_case(booklets: dict[str, Any], lang: str) -> None:
    reader = booklets[lang][0]
    outline = {title.split(" ")[0]: page for depth, title, page in _outline(reader) if depth == 1}
    checked = 0
    for index in (3, 9, 10):  # pages full of references
        page = reader.pages[index]
        for annot in page.get("/Annots") or []:
            annot = annot.get_object()
            if annot.get("/Subtype") != "/Link" or "/Dest" not in annot:
                continue
            target = reader.get_destination_page_number(annot["/Dest"]) if not isinstance(annot["/Dest"], str) else None
            assert target is None or 0 <= target < len(reader.pages)
            checked += 1
    assert checked > 5
    # The page number printed after "9.3.1" is the page where case 9.3.1 starts.
    text = _find_page(booklets, lang, "9.3.1\u00a0(p.", "9.0")
    printed = {int(n) for n in re.findall(r"9\.3\.1\u00a0\(p\.\s?(\d+)\)", text)}
    assert printed == {outline["9.3.1"]}


@pytest.mark.parametrize("lang", LANGS)
def test_terrain_table_in_the_pdf_equals_the_data(booklets: dict[str, Any], lang: str) -> None:
    data = load_data()
    table_id = data.ruleset["fire.terrain_table"]
    # The table caption ("Effets du terrain :"), not the heading of 9.5, which may end the page before it.
    text = _find_page(booklets, lang, "Effets du terrain\u00a0:" if lang == "fr" else "Terrain effects:", "9.0")
    for name in ("Woods", "Hills"):
        card = data.cards.get(name)
        row = card.effective["terrain_effects"][table_id]
        line = next(row for row in text.splitlines() if row.startswith(card.display_name(lang) + " "))
        values = line.split()[1:6]
        expected = ["/".join(signed(v[k]) for k in ("armored", "unarmored", "infantry_in_bunker")) if isinstance(v, dict)
                    else signed(v) for v in (row[k] for k in ("at", "he", "sa", "air", "art"))]
        assert values == expected, line


@pytest.mark.parametrize("lang", LANGS)
def test_to_kill_table_in_the_pdf_equals_the_data(booklets: dict[str, Any], lang: str) -> None:
    table = load_data().ruleset["fire.to_kill_table"]
    label = "Détruit sur un jet de" if lang == "fr" else "Kills on a roll of"
    text = _find_page(booklets, lang, label, "9.0")
    line = next(row for row in text.splitlines() if row.startswith(label))
    assert line[len(label):].split() == [str(table[k]) for k in sorted(table, key=int)]


@pytest.mark.parametrize("lang", LANGS)
def test_a_card_row_in_the_pdf_shows_corrected_values_with_daggers(booklets: dict[str, Any], lang: str) -> None:
    card = load_data().cards.get("PzKw VI b (P)")
    text = _find_page(booklets, lang, "PzKw VI b (P)†", "19.0")
    line = next(row for row in text.splitlines() if row.startswith("134 "))
    # 134  PzKw VI b (P)†  tank  R  8/6†  20†/17†  15†/9†  6  3 ...
    assert f"{card.value('hit.short')}/{card.value('hit.long')}†" in line
    assert f"{card.value('penetration.short')}†/{card.value('penetration.long')}†" in line
    assert f"{card.value('armor.front')}†/{card.value('armor.side')}†" in line
    assert f"{card.value('points')}†" in line


def test_french_booklet_keeps_regle_with_its_number(booklets: dict[str, Any]) -> None:
    """No line ends with "règle" when the next one starts with the case number."""
    seen = 0
    for index in range(2, 12):
        lines = [row.strip() for row in _page_text(booklets, "fr", index).splitlines()]
        seen += sum(1 for row in lines if re.search(r"\brègles?\s\d+\.\d", row))
        for line, following in itertools.pairwise(lines):
            assert not (re.search(r"\brègles?$", line) and re.match(r"\d+\.\d", following)), (line, following)
    assert seen > 5


def test_saddle_stitch_order_pads_to_a_multiple_of_four() -> None:
    assert saddle_order(8) == [(7, 0), (1, 6), (5, 2), (3, 4)]
    sides = saddle_order(5)
    assert len(sides) == 4 and sorted(i for s in sides for i in s if i is not None) == [0, 1, 2, 3, 4]


def test_booklet_imposition_puts_two_pages_on_each_sheet_side(booklets: dict[str, Any], tmp_path: Path) -> None:
    reader, _, path = booklets["en"]
    copy = tmp_path / "imposed.pdf"
    copy.write_bytes(path.read_bytes())
    sheets, _ = impose(copy, "a4")
    imposed = PdfReader(str(copy))
    pages = len(reader.pages)
    assert sheets == -(-pages // 4) and len(imposed.pages) == 2 * sheets
    width, height = float(reader.pages[0].mediabox.width), float(reader.pages[0].mediabox.height)
    assert float(imposed.pages[0].mediabox.width) == pytest.approx(2 * width)
    assert float(imposed.pages[0].mediabox.height) == pytest.approx(height)
    # the outer sheet's front carries the last page (or a blank) and the cover; its back page 2
    assert "Contents" in imposed.pages[1].extract_text()


# --- issue 16 items 11 and 14: layout, contents, index, credits, bookmarks panel -------------------------------


def _pages_of_cases(reader: PdfReader, lang: str) -> dict[str, int]:
    """Each case number ("5.0 a" included) and its page: the outline holds the cases in book order."""
    pages = [page for depth, _, page in _outline(reader) if depth == 1]
    return dict(zip([c.number for c in load_rulebook().book(lang).cases()], pages, strict=True))


@pytest.mark.parametrize("lang", LANGS)
def test_pdf_opens_with_its_bookmarks_panel(booklets: dict[str, Any], lang: str) -> None:
    reader = booklets[lang][0]
    assert reader.trailer["/Root"]["/PageMode"] == "/UseOutlines"
    assert reader.outline


@pytest.mark.parametrize("lang", LANGS)
def test_contents_lists_sections_on_the_page_where_they_start(booklets: dict[str, Any], lang: str) -> None:
    pages = _pages_of_cases(booklets[lang][0], lang)
    contents = _contents_text(booklets, lang)
    sections = [c for c in load_rulebook().book(lang).cases() if re.fullmatch(r"\d+\.[1-9]\d*", c.number)]
    assert len(sections) > 40
    for case in sections:
        line = next(row for row in contents.splitlines() if row.startswith(case.number + " "))
        printed = re.search(r"(\d+)\s*$", line)
        assert printed is not None and int(printed.group(1)) == pages[case.number], (case.number, line)


def _index_lines(booklets: dict[str, Any], lang: str) -> list[str]:
    reader = booklets[lang][0]
    start = next(page for depth, title, page in _outline(reader) if depth == 0 and title == bw("index", lang))
    end = next(page for depth, title, page in _outline(reader) if depth == 0 and title == bw("credits", lang))
    return [norm(row).strip() for i in range(start - 1, end - 1) for row in _page_text(booklets, lang, i).splitlines()]


@pytest.mark.parametrize("lang", LANGS)
def test_index_entries_point_at_the_pages_of_their_cases_and_cards(booklets: dict[str, Any], lang: str) -> None:
    reader = booklets[lang][0]
    pages = _pages_of_cases(reader, lang)
    lines = _index_lines(booklets, lang)
    cut = lines.index(bw("index_cards", lang))  # the rules part, then the cards part ("Smoke" is in both)

    def parsed(part: list[str]) -> dict[str, int]:
        return {m.group(1): int(m.group(2)) for row in part if (m := re.fullmatch(r"(.+?)\s+(\d+)", row))}

    entries, cards = parsed(lines[:cut]), parsed(lines[cut:])
    # a rules entry: its title, its case numbers, and the page of the first of them (issue 37 item 5)
    case_list = re.compile(r"(\D.*?)\s+(\d+(?:\.\d+)+(?: [a-z])?)(?:, \d+(?:\.\d+)+(?: [a-z])?)*")  # not a wrapped row's tail
    checked = 0
    for row, page in entries.items():
        m = case_list.fullmatch(row)
        if m and m.group(2) in pages:
            assert page == pages[m.group(2)], row
            checked += 1
    assert checked > 60
    # a card: its row in the card tables is on the page the index gives
    for name in ("PzKw VI b (P)", "T-34/85", "Woods" if lang == "en" else "Bois", "Smoke" if lang == "en" else "Fumée"):
        assert name in cards, name
        assert cards[name] >= pages["19.0"] and name in norm(_page_text(booklets, lang, cards[name] - 1)), name
    # terms are there too, with their cases
    term = "Ravitaillement (points de)" if lang == "fr" else "Supply points"
    assert re.search(re.escape(term) + r"\s+4\.0,", " ".join(lines)), term


@pytest.mark.parametrize("lang", LANGS)
def test_credits_name_the_publisher_the_designers_and_the_authors(booklets: dict[str, Any], lang: str) -> None:
    reader = booklets[lang][0]
    page = next(page for depth, title, page in _outline(reader) if depth == 0 and title == bw("credits", lang))
    text = " ".join(norm(_page_text(booklets, lang, page - 1)).split())
    for name in ("Moments in History", "John Desch", "Ulrich Blennemann", "Gary Chappell", "Ryan Chappell",
                 "Canadian Wargamers Journal", "Avalon Hill"):
        assert name in text, name


@pytest.mark.parametrize("lang", LANGS)
def test_no_type_smaller_than_six_points_diagrams_included(booklets: dict[str, Any], lang: str) -> None:
    size, page = smallest_printed(booklets[lang][0])
    assert size >= 6.0 - 0.01, (size, page)


@pytest.mark.parametrize("lang", LANGS)
def test_scenario_sheets_are_not_split_across_pages(booklets: dict[str, Any], lang: str) -> None:
    """Each sheet's title and its turn line (the last thing in the box, "No turn limit") share a page."""
    from tcforge.render.booklet.document import BookletOptions, build_context

    context, _ = build_context(BookletOptions(lang, None, "a4"))
    sheets = [c["sheet"] for ch in context["chapters"] for c in ch["cases"] if c["sheet"]]
    assert len(sheets) >= 9
    reader = booklets[lang][0]
    texts = [" ".join(norm(_page_text(booklets, lang, i)).split()) for i in range(len(reader.pages))]
    for sheet in sheets:
        title, turns = " ".join(norm(str(sheet["title"])).split()), " ".join(norm(str(sheet["turns"])).split())
        assert any(title in text and turns in text for text in texts), (title, turns)


@pytest.mark.parametrize("lang", LANGS)
def test_card_names_are_never_broken_inside(booklets: dict[str, Any], lang: str) -> None:
    """No line of the card tables ends inside a tied name: "StuG", "PzKw VI", "T-34" are never left at a line's end."""
    reader = booklets[lang][0]
    start = next(page for depth, title, page in _outline(reader) if depth == 0 and title.startswith("19.0 "))
    for i in range(start - 1, start + 5):
        for row in _page_text(booklets, lang, i).splitlines():
            assert not re.search(r"\b(StuG|PzKw|PzKw VI|T-|JSU-|SU-)\s*$", row.strip()), row


def test_page_number_placeholder_is_filled_to_its_width() -> None:
    """A one-digit page in a contents line keeps the placeholder's width with a figure space, a reference's has no pad
    (issue 37 item 3); a third digit is refused, not squeezed."""
    from tcforge.render.booklet.pagenums import FIGURE_SPACE, PageNumberError, _filled

    assert _filled("\u00a0(p.\u00a000)", 7, right_aligned=False) == "\u00a0(p.\u00a07)"
    assert _filled("\u00a0(p.\u00a000)", 17, right_aligned=False) == "\u00a0(p.\u00a017)"
    assert _filled("00", 7, right_aligned=True) == FIGURE_SPACE + "7"
    assert _filled("00", 42, right_aligned=True) == "42"
    with pytest.raises(PageNumberError):
        _filled("00", 100, right_aligned=True)


@pytest.mark.parametrize("lang", LANGS)
def test_issue37_item3_one_digit_page_references_leave_no_gap_before_the_bracket(booklets: dict[str, Any], lang: str) -> None:
    """"(8.0 (p. 8))", never "(8.0 (p. 8) )": the one-digit page's pad is not printed after the number."""
    reader = booklets[lang][0]
    text = "\n".join(_page_text(booklets, lang, i) for i in range(len(reader.pages)))
    assert re.search(r"\(p\.\s?\d\)", text)  # there are one-digit references
    assert not re.findall(r".{20}\(p\.\s?\d\)[\u2007 ]+[)\],;.]", text)


def _reference_gaps(path: Path) -> dict[int, list[float]]:
    """For references printed "5.0 (p. 5)": the gap (pt) between the case number and "(p.", by the page's digits."""
    import pypdfium2 as pdfium

    gaps: dict[int, list[float]] = {1: [], 2: []}
    for page in pdfium.PdfDocument(str(path)):
        chars = page.get_textpage()
        text = chars.get_text_range(0, chars.count_chars())
        for m in re.finditer(r"\(p\.\s*(\d+)\)", text):
            j = m.start() - 1
            while j >= 0 and text[j].isspace():
                j -= 1
            if j >= 0 and text[j].isdigit():
                gaps[len(m.group(1))].append(chars.get_charbox(m.start())[0] - chars.get_charbox(j)[2])
    return gaps


@pytest.mark.parametrize("lang", LANGS)
def test_issue37_item3_one_digit_references_stand_as_close_as_two_digit_ones(booklets: dict[str, Any], lang: str) -> None:
    """Issue 37 item 3: "5.0 (p. 5)" no wider apart than "10.0 (p. 14)": no figure-space pad (4.2 pt at the
    reference's 6.6 pt) before a one-digit page's "(p.", only the space both have (stretched like any word space on a
    justified line)."""
    import statistics

    gaps = _reference_gaps(booklets[lang][2])
    assert len(gaps[1]) > 20 and len(gaps[2]) > 20, gaps
    assert abs(statistics.median(gaps[1]) - statistics.median(gaps[2])) < 1.0, gaps


@pytest.mark.parametrize("lang", LANGS)
def test_issue37_item4_no_justified_line_is_broken_short(booklets: dict[str, Any], lang: str) -> None:
    """French A4 p. 4 had "coût" alone on a line, "en points" on the next: WeasyPrint broke before a link badly."""
    assert booklets[lang][1]["short_lines"] == []


def test_issue37_item4_french_terrain_table_stands_on_the_page_of_9_5(booklets: dict[str, Any]) -> None:
    """The terrain table (with its notes) no longer goes over to the next page, leaving a third of p. 13 blank."""
    reader = booklets["fr"][0]
    page = _pages_of_cases(reader, "fr")["9.5"]
    assert "Effets du terrain\u00a0: Table" in _page_text(booklets, "fr", page - 1)


def test_issue37_item4_short_lines_are_found() -> None:
    """The check itself fails on a line broken short (and passes on the same text laid out well)."""
    from weasyprint import HTML

    from tcforge.render.booklet.layoutcheck import short_lines

    words = " ".join(["mot"] * 60)
    style = "<style>@page { size: 120mm 200mm } p { text-align: justify; width: 80mm }</style>"
    good = HTML(string=f"{style}<p>{words}</p>").render()
    bad = HTML(string=f"{style}<p>{words[:40]}<br>{words}</p>").render()
    assert short_lines(good) == []
    assert short_lines(bad) and short_lines(bad)[0][0] == 1


def _card_rows(booklets: dict[str, Any], lang: str) -> dict[str, str]:
    """The card tables' rows of the printed booklet, by card number (a row's first word)."""
    reader = booklets[lang][0]
    first = next(page for depth, title, page in _outline(reader) if depth == 0 and title.startswith("19.0 "))
    rows: dict[str, str] = {}
    current = ""
    for i in range(first - 1, len(reader.pages)):
        for line in _page_text(booklets, lang, i).splitlines():
            number = line.split(" ", 1)[0]
            if number.isdigit() and number not in rows:
                current = number
                rows[number] = line
            elif current and not number.isdigit():  # a name set on two lines: the row goes on
                rows[current] += " " + line
            else:
                current = ""
    return rows


@pytest.mark.parametrize("lang", LANGS)
def test_issue50_point1_no_question_mark_stands_for_a_value_in_the_card_tables(booklets: dict[str, Any],
                                                                               lang: str) -> None:
    """#2 Anti-Tank Mine prints "?" for how it is played: the table gives the kind played (12.2 Interrupt), starred,
    with the note; #64, 65, 108, 109 print no years: a dash, never "?/?"."""
    rows = _card_rows(booklets, lang)
    interrupt = bw("kind_read_mark", lang)
    assert f"{'Interrupt' if lang == 'en' else 'Interruption'}*" in rows["2"], rows["2"]
    assert "?" not in rows["2"].split(" C ", 1)[0].replace("Anti-Tank Mine", "")
    text = norm("\n".join(_page_text(booklets, lang, i) for i in range(len(booklets[lang][0].pages))))
    assert norm(interrupt).split(":", 1)[0] in text
    for number in ("64", "108", "109"):
        assert "?" not in rows[number] and "–" in rows[number], rows[number]


@pytest.mark.parametrize("lang", LANGS)
def test_issue50_point2_the_book_reads_a_value_as_the_cards_and_rule_9_4_do(booklets: dict[str, Any],
                                                                            lang: str) -> None:
    """0 where a value does not apply prints a dash (as the proxies do): no hit or penetration on the half-tracks and
    trucks, no armor on an AT gun, "5/–" for the Panzerfaust; an AT gun printed under HE 4 shows the 4 it fires with
    (9.4), starred; the errata table's "armor front 20 → –" as the insert says."""
    rows = _card_rows(booklets, lang)
    for number in ("49", "50", "51", "24"):  # SPW 250, Mittlerer SPW, Truck German, Truck USSR: hit and pen.
        assert "0/0" not in rows[number] and re.search(r" – – ", rows[number]), rows[number]
    for number in ("34", "35", "36", "39", "40"):  # AT guns printing HE 0
        assert " 4* " in rows[number] and "0/0" not in rows[number], rows[number]
    assert " 5/– " in rows["1"] and "0/0" not in rows["1"] and "5/0" not in rows["1"]
    text = "\n".join(_page_text(booklets, lang, i) for i in range(len(booklets[lang][0].pages)))
    armor = "armor front" if lang == "en" else "blindage face"
    assert re.search(rf"{armor} 20 – ", text)
    assert not re.search(rf"{armor} 20 0 ", text)


def _lowest_text(reader: PdfReader, index: int) -> float:
    """The share of the page's height below its lowest line of text other than the page number and running foot."""
    page = reader.pages[index]
    height = float(page.mediabox.height)
    ys: list[float] = []

    def visit(text: str, cm: list[float], tm: list[float], font: object, size: float) -> None:
        y = tm[5] * cm[3] + cm[5]
        if text.strip() and y > height * 0.08:  # above the foot (page number, running title)
            ys.append(y)

    page.extract_text(visitor_text=visit)
    return min(ys) / height if ys else 1.0


@pytest.mark.parametrize("lang", LANGS)
def test_issue50_point6_no_page_is_left_half_empty_inside_a_chapter(booklets: dict[str, Any], lang: str) -> None:
    """EN-A4 p. 33 (Hill 621's first page: the map did not fit under its text) and FR-A4 p. 14 were half empty. No page
    ends more than 55 % of its height above the foot, except a chapter's last page before one that starts a new page
    (19.0, 20.0, the notes), the index and credits; Hill 621's map stands on the chapter's first page."""
    from tcforge.render.booklet.document import NEW_PAGE
    reader = booklets[lang][0]
    outline = _outline(reader)
    starts = {page for depth, title, page in outline if depth == 0 and (title.split(" ")[0] in NEW_PAGE
                                                                        or title.startswith(("Designer", "Notes")))}
    back = min(page for depth, title, page in outline if depth == 0 and title.startswith("Index"))
    first = min(page for depth, title, page in outline if depth == 0 and title[:1].isdigit())
    empty = [page for page in range(first, back - 1) if page + 1 not in starts
             and _lowest_text(reader, page - 1) > 0.55]
    assert empty == [], empty
    hill = next(page for depth, title, page in outline if depth == 0 and title.startswith("20.0 "))
    assert "Figure 14" in _page_text(booklets, lang, hill - 1)  # the map, numbered alike in both languages
