"""The PDFs read back with pypdf: page sizes, boxes, where cards are drawn, fonts, text in both languages."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream
from typer.testing import CliRunner

from tcforge.cli.printing import app
from tcforge.render.page.geometry import MM, STANDARD, Rect, card_sheet, parse_card_size

TOL = 0.1 * MM
PAGE = {"a4": (595.28, 841.89), "letter": (612.0, 792.0)}


def drawn_rects(page) -> list[Rect]:
    """Every rectangle the page's content stream draws (``re``), in page coordinates."""
    ops = ContentStream(page.get_contents(), page.pdf).operations
    ctm = [1.0, 0.0, 0.0, 1.0, 0.0, 0.0]
    stack, rects = [], []
    for operands, op in ops:
        if op == b"q":
            stack.append(list(ctm))
        elif op == b"Q":
            ctm = stack.pop()
        elif op == b"cm":
            a, b, c, d, e, f = (float(v) for v in operands)
            A, B, C, D, E, F = ctm
            ctm = [a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F]
        elif op == b"re":
            x, y, w, h = (float(v) for v in operands)
            A, B, C, D, E, F = ctm
            x0, y0 = A * x + C * y + E, B * x + D * y + F
            x1, y1 = A * (x + w) + C * (y + h) + E, B * (x + w) + D * (y + h) + F
            rects.append(Rect(min(x0, x1), min(y0, y1), abs(x1 - x0), abs(y1 - y0)))
    return rects


def close(a: Rect, b: Rect) -> bool:
    return all(abs(p - q) <= TOL for p, q in ((a.x, b.x), (a.y, b.y), (a.w, b.w), (a.h, b.h)))


def flat(reader: PdfReader, pages: slice = slice(None)) -> str:
    """The text of the pages with line breaks and runs of plain spaces as one space (no-break spaces kept)."""
    return re.sub(r"[ \n]+", " ", "\n".join(page.extract_text() for page in reader.pages[pages]))


def box(page, name: str) -> tuple[float, ...]:
    return tuple(float(v) for v in page[name])


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_page_size_is_a4_or_letter(render, paper: str) -> None:
    reader, _ = render("refcards", "--paper", paper)
    w, h = PAGE[paper]
    for page in reader.pages:
        assert abs(float(page.mediabox.width) - w) < 0.01 and abs(float(page.mediabox.height) - h) < 0.01


@pytest.mark.parametrize("paper,size,bleed", [("a4", "standard", "0"), ("letter", "poker", "0"), ("a4", "standard", "3")])
def test_each_card_is_drawn_where_geometry_puts_it_and_trimbox_matches(render, paper: str, size: str, bleed: str) -> None:
    reader, _ = render("cards", "46", "134", "Smoke", "HMG", "15", "118", "9", "108", "1",
                       "--paper", paper, "--card-size", size, "--bleed", bleed)
    layout = card_sheet(paper, parse_card_size(size), float(bleed))
    page = reader.pages[0]
    rects = drawn_rects(page)
    for slot in layout.slots:
        expected = slot.grow(float(bleed) * MM)  # each face fills its bleed rectangle first
        assert any(close(r, expected) for r in rects), f"no card drawn at {expected}"
    trim = box(page, "/TrimBox")
    assert all(abs(p - q) <= TOL for p, q in zip(trim, layout.trim_box.box(), strict=True))
    bleed_box = box(page, "/BleedBox")
    assert all(abs(p - q) <= TOL for p, q in zip(bleed_box, layout.bleed_box.box(), strict=True))
    # The trim box is centred on the page.
    w, h = PAGE[paper]
    assert abs((trim[0] + trim[2]) / 2 - w / 2) < TOL and abs((trim[1] + trim[3]) / 2 - h / 2) < TOL


def test_every_page_has_trimbox_and_bleedbox(render) -> None:
    reader, _ = render("inserts", "--duplex", "--bleed", "2")
    assert len(reader.pages) > 4
    for page in reader.pages:
        assert "/TrimBox" in page and "/BleedBox" in page
        trim, bleed = box(page, "/TrimBox"), box(page, "/BleedBox")
        assert bleed[0] <= trim[0] and bleed[1] <= trim[1] and bleed[2] >= trim[2] and bleed[3] >= trim[3]


def test_crop_marks_are_drawn_thin_where_geometry_puts_them(render) -> None:
    reader, _ = render("cards", "46")
    page = reader.pages[0]
    width, starts = 1.0, {}
    for operands, op in ContentStream(page.get_contents(), page.pdf).operations:
        if op == b"w":
            width = float(operands[0])
        elif op == b"m":
            starts[(round(float(operands[0]), 2), round(float(operands[1]), 2))] = width
    layout = card_sheet("a4", STANDARD).placed(1)
    # One card: its two vertical cuts marked above and below it (no mark in the empty rows, issue 37 item 10);
    # its two horizontal cuts right of it and in the far column gutter (the left margin is too narrow on A4).
    assert len(layout.marks) == 8
    for mark in layout.marks:
        drawn = starts.get((round(mark.x0, 2), round(mark.y0, 2)))
        assert drawn is not None and 0.25 <= drawn <= 0.4, (mark, drawn)


def test_duplex_back_mirrors_columns_and_applies_the_saved_offset(render, tmp_path: Path) -> None:
    runner = CliRunner()
    saved = runner.invoke(app, ["calibration", "--back-offset", "1.5,-0.5", "--out", str(tmp_path / "cal.pdf")])
    assert saved.exit_code == 0, saved.stderr
    stored = json.loads((tmp_path / "config" / "print-settings.json").read_text())
    assert stored["back_offset_mm"]["a4"] == [1.5, -0.5]
    reader, _ = render("cards", "46", "47", "--duplex")
    assert len(reader.pages) == 2
    front = card_sheet("a4", STANDARD).placed(2)
    back = front.mirrored((1.5, -0.5))
    rects = drawn_rects(reader.pages[1])
    for i in (0, 1):
        assert any(close(r, back.slots[i]) for r in rects)
    # Card 1 of the front is top left; its back is top right, moved by the offset.
    assert back.slots[0].x > front.grid[2].x - 1e-6
    # The back's TrimBox is the front's (two cards, top left) seen through the sheet, moved by the offset.
    trim = box(reader.pages[1], "/TrimBox")
    w = PAGE["a4"][0]
    assert abs(trim[0] - (w - front.trim_box.right + 1.5 * MM)) < TOL
    assert abs(trim[1] - (front.trim_box.y - 0.5 * MM)) < TOL


def test_fonts_are_embedded_truetype(render) -> None:
    reader, _ = render("inserts", "--lang", "fr", "--cards", "Smoke", "--cards", "15")
    seen = 0
    for page in reader.pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            assert "/FontFile2" in font["/FontDescriptor"], font["/BaseFont"]
            assert "DejaVu" in str(font["/BaseFont"])
            seen += 1
    assert seen


@pytest.mark.slow
def test_french_inserts_keep_accents_and_french_spacing(render) -> None:
    reader, _ = render("inserts", "--lang", "fr")
    text = flat(reader)
    for words in ("Fumée", "Mitrailleuse lourde", "Avantage tactique", "Interruption", "Règles unifiées",
                  "Imprimez à taille réelle", "Mine antichar", "errata 1997"):
        assert words in text, words
    # DejaVu draws U+00A0 with the space glyph, so extraction gives a plain space; the proof it is
    # no-break is that no line ever starts with the colon. ; ! ? take a narrow no-break space.
    assert "position : elle bloque" in text
    lines = "\n".join(page.extract_text() for page in reader.pages).splitlines()
    assert not [line for line in lines if line.startswith((":", ";"))]
    assert "\u202f;" in text and " ;" not in text         # narrow no-break space before a semicolon


def test_english_inserts_list_every_insert_and_mark_the_errata(render) -> None:
    reader, _ = render("inserts")
    checklist = reader.pages[0].extract_text()
    assert "Print at actual size" in checklist and "100 mm" in checklist
    for name in ("Smoke", "Heavy Machine Gun", "Tactical Advantage", "Panic", "Coordination", "PzKw IV J", "Woods"):
        assert name in checklist, name
    assert "#2 Anti-Tank Mine" in checklist
    text = flat(reader, slice(1, None))
    assert "errata 1997: pen. short 12 → 14, pen. long 9 → 11" in text
    assert "Six-Pack 21.0: new card text, played as Instant → Interrupt" in text
    assert "Sleeve in front of #2 Anti-Tank Mine" in text


def test_inserts_for_chosen_cards_only(render) -> None:
    reader, _ = render("inserts", "--cards", "46,Woods", "--copies", "1")
    text = "\n".join(page.extract_text() for page in reader.pages)
    assert "PzKw IV J" in text and "Smoke" not in text and "Panic" not in text
    assert len(reader.pages) == 2   # checklist, one sheet: the card, and the strip in a row it leaves free


@pytest.mark.parametrize("ruleset,hand,table", [(None, "12", "Six-Pack Variant Unified Rules, Rev 3"),
                                               ("six-pack-1997", "10", "Six-Pack article (1997)")])
def test_reference_cards_print_the_rulesets_numbers(render, ruleset: str | None, hand: str, table: str) -> None:
    args = ["refcards"] + (["--ruleset", ruleset] if ruleset else [])
    reader, _ = render(*args)
    text = flat(reader)
    assert f"Discard down to {hand} cards" in text
    assert table in text and "To Kill" in text and "Sequence of play" in text and "Play options" in text
    assert ("the target is destroyed" in text) == (ruleset == "six-pack-1997")


@pytest.mark.parametrize("ruleset,woods", [("players-guide-1997", "Bois +1 +2 +2 +1/−2/0 +1/−2/0 Bloque Ralentit"),
                                           ("six-pack-r3", "Bois +3 +2 +3 +3 +1/0/0 Bloque Ralentit")])
def test_terrain_card_prints_the_rulesets_own_terrain_table(render, ruleset: str, woods: str) -> None:
    reader, _ = render("refcards", "--ruleset", ruleset, "--lang", "fr")
    text = flat(reader)
    assert "Effets du terrain" in text and woods in text


def test_calibration_page_is_double_sided_and_says_actual_size(render) -> None:
    reader, _ = render("calibration", "--paper", "letter")
    assert len(reader.pages) == 2
    assert "actual size" in reader.pages[0].extract_text()
    assert "BACK" in reader.pages[1].extract_text()


def test_duplex_reference_cards_put_each_pairs_back_behind_its_front(render) -> None:
    reader, _ = render("refcards", "--duplex", "--sets", "1")
    assert len(reader.pages) == 2
    front, back = flat(reader, slice(0, 1)), flat(reader, slice(1, 2))
    assert "Terrain effects" in front and "Sequence of play" in front and "To Kill" not in front
    assert "To Kill" in back and "Play options" in back and "Terrain effects" not in back
    # Long-edge flip: the back of the top-left front (terrain) is the top-right back (To Kill).
    layout = card_sheet("a4", STANDARD)
    rects = drawn_rects(reader.pages[1])
    assert any(close(r, layout.slots[2]) for r in rects) and any(close(r, layout.slots[1]) for r in rects)
    assert not any(close(r, layout.slots[0]) for r in rects)


def test_the_anti_tank_mine_shows_how_it_is_played_and_that_the_card_prints_a_question_mark(render) -> None:
    """Issue 50 point 1: #2 prints "?" for its kind; the face says how it is played (an Interrupt, 12.2), marked, and
    its note says the card prints "?" (an interpretation), never a bare "?"."""
    reader, _ = render("cards", "2")
    text = flat(reader)
    assert "Played as Interrupt †" in text and "† interpretation: played as ? → Interrupt" in text
    assert "Played as ?" not in text


def test_at_gun_proxies_print_the_he_rule_9_4_gives_them_marked(render) -> None:
    reader, _ = render("cards", "40", "39")
    text = flat(reader)
    assert text.count("rule 9.4: HE – → 4") == 2   # the printed 0 is "no HE": a dash, as on the faces
    reader, _ = render("cards", "40", "--lang", "fr")
    assert "règle 9.4\u202f: HE – → 4" in flat(reader) or "règle 9.4 : HE – → 4" in flat(reader)


@pytest.mark.parametrize("lang,front,back", [("en", "Hidden units and spotting", "Hidden units: fire and cards"),
                                             ("fr", "Unités cachées et repérage", "Unités cachées : tir et cartes")])
def test_001_1_0_a_ruleset_with_hidden_units_adds_the_spotting_reference_card(render, lang: str, front: str, back: str) -> None:
    reader, _ = render("refcards", "--ruleset", "jeff-mike-2002", "--lang", lang, "--duplex", "--sets", "1")
    fronts, backs = flat(reader, slice(0, 1)), flat(reader, slice(1, 2))
    assert front in fronts and back in backs and back not in fronts
    plain, _ = render("refcards", "--lang", lang)
    assert front not in flat(plain)  # the unified rules hide no card


def test_issue37_item8_faces_show_a_dash_where_a_value_does_not_apply(render) -> None:
    reader, _ = render("cards", "1", "114")
    text = flat(reader)
    assert re.search(r"\b0\b", text) is None, text
    # Panzerfaust: no long range, no armor, no HE of its own (its text says how it fires HE); the errata note says the same.
    assert "Hit 5 short – long" in text and "Fire – HE – SA" in text
    assert "pen. short – → 20, armor front 20 → –" in text
    # The flamethrower: its hit 2 and FT 7, nothing else.
    assert "Hit 2 short – long Armor – front – side Pen. – short – long Fire – HE – SA 7 FT" in text


def test_issue37_item8_faces_print_years_once_and_nothing_when_unknown(render) -> None:
    reader, _ = render("cards", "134", "108", "1")
    text = flat(reader)
    assert "1944–1944" not in text and "rare 1944 Hit" in text      # PzKw VI b (P): first and last year the same
    assert "?" not in text                                           # Stuka Air Strike: both years unknown
    assert "1943–1945" in text


def test_issue37_item8_faces_show_the_cards_text_not_where_it_comes_from(render) -> None:
    # Stuka Air Strike: its text is the project's reading, said by `cards show`, not on the face.
    for lang, note, card_text in (("en", "Project", "Attack one position"), ("fr", "Lecture du projet", "Attaque une position")):
        reader, _ = render("cards", "108", "--lang", lang)
        text = flat(reader)
        assert note not in text and card_text in text


def test_issue37_item8_face_years_and_values() -> None:
    from tcforge.render.page.values import face_value, face_years
    assert face_years({"first": 1944, "last": 1944}) == "1944"
    assert face_years({"first": "?", "last": "?"}) == ""
    assert face_years({"first": "?", "last": 1945}) == "?–1945"
    assert face_years(None) == ""
    assert face_value("hit.long", 0) == "–" and face_value("armor.side", 0) == "–" and face_value("ft", 0) == "–"
    assert face_value("hit.short", 5) == "5" and face_value("points", 0) == "0"


def test_issue37_item10_duplex_reference_cards_say_they_are_printed_double_sided(render) -> None:
    reader, _ = render("refcards", "--duplex", "--sets", "1")
    text = flat(reader)
    assert "back to back" not in text and text.count("printed double-sided, its pair on the back") == 4
    reader, _ = render("refcards", "--sets", "1")
    assert "printed double-sided" not in flat(reader) and "sleeve back to back with its pair" in flat(reader)


def test_issue37_item10_proxies_help_says_how_the_cards_are_ordered(render) -> None:
    result = CliRunner().invoke(app, ["proxies", "--help"], terminal_width=200)
    help_text = re.sub(r"\s+", " ", result.stdout)
    assert "in card order" not in help_text and "grouped by card type" in help_text
    reader, _ = render("proxies")
    first = reader.pages[0].extract_text()
    assert "Stuka Air Strike" in first and "Panzerfaust" not in first   # air and artillery first, not card 1


def _sizes_of(reader: PdfReader, starts: list[str]) -> dict[str, set[float]]:
    """The printed type size of each text run beginning with one of ``starts`` (pypdf's text visitor)."""
    import math
    found: dict[str, set[float]] = {s: set() for s in starts}

    def visit(text: str, cm: list[float], tm: list[float], font: object, size: float) -> None:
        for start in starts:
            if text.strip().startswith(start):
                scale = math.sqrt(abs(tm[0] * tm[3] - tm[1] * tm[2])) * math.sqrt(abs(cm[0] * cm[3] - cm[1] * cm[2]))
                found[start].add(round(size * scale, 2))

    for page in reader.pages:
        page.extract_text(visitor_text=visit)
    return found


def test_issue50_point6_the_french_play_options_are_set_at_one_size(render) -> None:
    """The reference card's five play options (4.0) were set at different sizes in French (the first, longest,
    shrunk alone): all five now share the largest size every one of them fits at."""
    from tcforge.data.dataset import load_data
    from tcforge.i18n.words import t, typo
    rs = load_data().ruleset
    texts = [t("opt_move", "fr", n=rs["turn.cards_per_action"], fast=rs["movement.fast_positions"],
               slow=rs["movement.slow_positions"]), t("opt_fire", "fr", n=rs["turn.cards_per_action"]),
             t("opt_instant", "fr"), t("opt_draw", "fr"), t("opt_end", "fr")]
    starts = [" ".join(typo(text, "fr").split()[:2]) for text in texts]
    reader, _ = render("refcards", "--lang", "fr", "--sets", "1")
    sizes = _sizes_of(reader, starts)
    assert all(sizes.values()), sizes  # each option was found on the card
    assert len(set().union(*sizes.values())) == 1, sizes
