"""`tcforge print scenario`: scenario sheets read back with pypdf (page size, map, forces, both languages)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream

from renderkit import files, one_clean_line
from tcforge.cli import printing as cli
from tcforge.data.cards import Card
from tcforge.render.page.sheets import PrintOptions
from tcforge.render.scenario import map as scenario_map
from tcforge.render.scenario import sheet as scenario_sheet
from tcforge.render.scenario.map import side_colours, tint
from tcforge.render.scenario.sheet import build_scenario_sheet
from tcforge.scenarios.grid import Position
from tcforge.scenarios.loading import bundled_ids, load

PAGE = {"a4": (595.28, 841.89), "letter": (612.0, 792.0)}
HILL_621 = [["Woods", "Path", "Path", "Path", "Woods", "Path"],
            ["Village", "Hills", "Hills", "Hills", "Path", "Hills"],
            ["Wheatfield", "Woods", "Woods", "Clear", "Woods", "Clear"],
            ["Clear", "Wheatfield", "Clear", "Clear", "Wheatfield", "Clear"],
            ["Clear", "Wheatfield", "Walls", "Clear", "Wheatfield", "Clear"],
            ["Hills", "Hills", "Woods", "Village", "Village", "Hills"]]
FRENCH = {"Woods": "Bois", "Path": "Chemin", "Village": "Village", "Hills": "Collines", "Wheatfield": "Champ de blé",
          "Walls": "Murs", "Clear": "Dégagé"}


@pytest.fixture()
def sheet(run, tmp_path: Path):
    """Print a sheet and read it back: (reader, stdout)."""
    def make(*args: str) -> tuple[PdfReader, str]:
        result = run("scenario", *args, "--out", "sheet.pdf")
        assert result.exit_code == 0, result.stderr
        return PdfReader(tmp_path / "sheet.pdf"), result.stdout

    return make


def flat(reader: PdfReader) -> str:
    return re.sub(r"[ \n]+", " ", "\n".join(page.extract_text() for page in reader.pages))


def placed(page) -> list[tuple[str, float, float]]:
    """Every piece of text of a page with the page coordinates of its start."""
    out: list[tuple[str, float, float]] = []

    def visit(text, cm, tm, font, size):
        if text.strip():
            x = tm[4] * cm[0] + tm[5] * cm[2] + cm[4]
            y = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
            out.append((text.strip(), x, y))

    page.extract_text(visitor_text=visit)
    return out


def filled_rects(page) -> list[tuple[tuple[float, float, float], float, float]]:
    """(fill colour, width, height) of every rectangle the page fills."""
    colour = (0.0, 0.0, 0.0)
    pending: list[tuple[float, float]] = []
    out = []
    for operands, op in ContentStream(page.get_contents(), page.pdf).operations:
        if op == b"rg":
            colour = tuple(round(float(v), 2) for v in operands)
        elif op == b"re":
            pending.append((abs(float(operands[2])), abs(float(operands[3]))))
        elif op in (b"f", b"B", b"f*", b"B*"):
            out += [(colour, w, h) for w, h in pending]
            pending = []
        elif op in (b"S", b"n"):
            pending = []
    return out


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_sheet_is_a4_or_letter_portrait_at_most_two_pages_with_boxes(sheet, paper: str) -> None:
    reader, out = sheet("hill-621", "--paper", paper)
    assert 1 <= len(reader.pages) <= 2
    assert f"{len(reader.pages)} page(s)" in out
    w, h = PAGE[paper]
    for page in reader.pages:
        assert abs(float(page.mediabox.width) - w) < 0.01 and abs(float(page.mediabox.height) - h) < 0.01
        assert "/TrimBox" in page and "/BleedBox" in page


def test_sheet_fonts_are_embedded_dejavu(sheet) -> None:
    reader, _ = sheet("hill-621", "--lang", "fr")
    for page in reader.pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            assert "/FontFile2" in font["/FontDescriptor"] and "DejaVu" in str(font["/BaseFont"])


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_hill_621_map_puts_each_terrain_name_in_its_row_and_column(sheet, lang: str) -> None:
    reader, _ = sheet("hill-621", "--lang", lang)
    items = placed(reader.pages[0])
    # Row labels: the German ones on the left, the Soviet ones on the right, on the same line.
    german = {text: (x, y) for text, x, y in items if re.fullmatch(r"G[2-7]", text)}
    soviet = {text: (x, y) for text, x, y in items if re.fullmatch(r"R[2-7]", text)}
    assert sorted(german) == ["G2", "G3", "G4", "G5", "G6", "G7"] and sorted(soviet) == ["R2", "R3", "R4", "R5", "R6", "R7"]
    for n in range(2, 8):
        assert abs(german[f"G{n}"][1] - soviet[f"R{9 - n}"][1]) < 0.5       # G3 and R6 are one row
        assert german[f"G{n}"][0] < soviet[f"R{9 - n}"][0]
    rows = [german[f"G{n}"][1] for n in range(2, 8)]
    pitch = rows[0] - rows[1]
    assert all(abs((rows[i] - rows[i + 1]) - pitch) < 0.5 for i in range(5)) and pitch > 20
    left, right = german["G2"][0], soviet["R7"][0]
    col_w = (right - left) / 6.2
    for r, row in enumerate(HILL_621):
        names = [FRENCH[name] if lang == "fr" else name for name in row]
        found = [(text, x, y) for text, x, y in items if text in names and abs(y - rows[r]) < pitch / 2]
        for c, name in enumerate(names):
            # The name's start lies within its column.
            assert any(text == name and left + c * col_w < x + 1 < left + (c + 1.6) * col_w for text, x, _ in found), \
                (r, c, name, found)


def grey(rgb: tuple[float, float, float]) -> float:
    """The luminance a greyscale print gives a colour (ITU-R BT.601 weights, as printer drivers use)."""
    return 0.299 * rgb[0] + 0.587 * rgb[1] + 0.114 * rgb[2]


def zone_rgb(colour, hatched: bool) -> tuple[float, float, float]:
    c = tint(colour, scenario_map.HATCH_TINT if hatched else scenario_map.SOLID_TINT)
    return (round(c.red, 2), round(c.green, 2), round(c.blue, 2))


def test_hill_621_map_shades_each_setup_zone_in_its_sides_colour(sheet) -> None:
    reader, _ = sheet("hill-621")
    colours = side_colours(load("hill-621"))
    rects = filled_rects(reader.pages[0])

    def count(side: str, big: bool) -> int:
        rgb = zone_rgb(colours[side], side == "soviet")
        return sum(1 for colour, w, h in rects if colour == rgb and (w > 40) == big)

    assert count("german", True) == 3       # G4-2, G4-3, G4-5: the Woods of rank G4
    assert count("soviet", True) == 6       # all of R2
    assert count("german", False) == 1 and count("soviet", False) == 1     # the legend's swatches


@pytest.mark.parametrize("scenario", ["hill-621", "kursk"])
def test_setup_zones_stay_apart_in_greyscale(sheet, scenario: str) -> None:
    """The zone fills differ by at least 10 % in grey, and the second side's zone is hatched as well."""
    reader, _ = sheet(scenario)
    battle = load(scenario)
    colours = side_colours(battle)
    first, second = battle.sides[0].id, battle.sides[1].id
    rects = filled_rects(reader.pages[0])
    used = {colour for colour, _, _ in rects}
    a, b = zone_rgb(colours[first], False), zone_rgb(colours[second], True)
    assert a in used and b in used
    assert abs(grey(a) - grey(b)) >= 0.10, (grey(a), grey(b))
    # The nations' own colours are the same grey within 5 %: colour alone could never tell the zones apart.
    assert abs(grey(tuple(colours[first].rgb())) - grey(tuple(colours[second].rgb()))) < 0.05
    diagonals = 0
    for operands, op in ContentStream(reader.pages[0].get_contents(), reader.pages[0].pdf).operations:
        if op == b"m":
            start = (float(operands[0]), float(operands[1]))
        elif op == b"l":
            dx, dy = float(operands[0]) - start[0], float(operands[1]) - start[1]
            diagonals += abs(abs(dx) - abs(dy)) < 0.01 and abs(dx) > 1
    assert diagonals >= 20   # the hatching


def test_reinforcement_badges_are_filled_for_one_side_and_rings_for_the_other(sheet) -> None:
    reader, _ = sheet("hill-621")
    text = flat(reader)
    assert "\u278a" in text and "\u2780" in text    # ➊ German groups, ➀ Soviet groups


def test_hill_621_map_marks_the_hill_and_the_reinforcement_arrivals(sheet) -> None:
    reader, _ = sheet("hill-621")
    text = flat(reader)
    for words in ("setup zone: German", "setup zone: Soviet", "Hill 621", "German reinforcements 1, turn 6",
                  "German reinforcements 2, turn 11", "Soviet reinforcements 1, turn 5", "Soviet reinforcements 2, turn 8",
                  "German: reserve", "Soviet: reserve"):
        assert words in text, words
    items = placed(reader.pages[0])
    tag = [(x, y) for t, x, y in items if t == "Hill 621"]
    hills = [(x, y) for t, x, y in items if t == "Hills"]
    # The area's tag sits in the first Hill 621 position (G3-2), just above its Hills.
    assert any(any(abs(x - hx) < 40 and 0 < y - hy < 25 for hx, hy in hills) for x, y in tag)
    # Arrival discs: German 1 and 2 on four Path positions, Soviet 1 and 2 on two Village positions.
    discs = [t for t, _, _ in items if t in ("1", "2")]
    assert discs.count("1") >= 6 + 2 + 2 and discs.count("2") >= 6 + 2


def test_hill_621_forces_reinforcements_and_rules_in_english(sheet) -> None:
    reader, _ = sheet("hill-621")
    text = flat(reader)
    for words in ("Hill 621", "1 July 1944", "Near Minsk, Belorussia", "source 000, §20.0", "16 turns",
                  "Starting forces · 15 cards", "3× German Line Squad #5 1 on each of G4-2, G4-3, G4-5",
                  "German reinforcements 1 · 9 cards", "Arrives on turn 6, on G2-2, G2-3, G2-4, G2-6.",
                  "3× PzKw IV G #44", "2× StuG III G", "14× Soviet Line Squad", "6× T-34 M43",
                  "Arrives on turn 8, on R2-4, R2-5.", "2× SU-152",
                  "Soviet wins", "Otherwise German wins.", "Special rules", "count as Clear terrain", "(20.0 rule 7)",
                  "Balance options", "Option 1 (favors German)", "The second German reinforcements arrive on turn 10.",
                  "German plays first and sets up first.", "16: the game ends after turn 16."):
        assert words in text, words


def test_hill_621_sheet_in_french(sheet) -> None:
    reader, _ = sheet("hill-621", "--lang", "fr")
    text = flat(reader)
    for words in ("La colline 621", "1\u1d49\u02b3 juillet 1944", "Collines", "Bois", "Champ de blé", "Colline 621",
                  "Allemand : réserve", "Forces de départ", "3× PzKw IV G", "Peloton de ligne allemand",
                  "Premiers renforts allemands", "Arrive au tour 6", "Règles spéciales", "Options d’équilibrage",
                  "Victoire", "16 tours"):
        assert words in text, words
    lines = "\n".join(page.extract_text() for page in reader.pages).splitlines()
    assert not [line for line in lines if line.lstrip().startswith((":", ";", "!", "?"))]


def test_balance_option_is_applied_and_said(sheet) -> None:
    reader, _ = sheet("hill-621", "--option", "german-plus")
    text = flat(reader)
    assert "Balance option in play: Option 1 (The second German reinforcements arrive on turn 10.)" in text
    assert "german-plus" not in text  # issue 50 point 4: the command line's id is not the game's word
    assert "Arrives on turn 10, on G2-2" in text and "Arrives on turn 11" not in text


def test_random_terrain_scenario_shows_unknown_positions_and_how_terrain_is_placed(sheet) -> None:
    reader, _ = sheet("kursk")
    text = flat(reader)
    assert "Armor at Kursk" in text and "terrain dealt at random before play (6.1.1)" in text.lower()
    assert "8× T-70" in text and "5× PzKw VI E" in text and "A win for either side" in text
    # issue 37 item 9: each position says a card is dealt there; issue 50 point 5: no legend for a "?" the map never uses
    assert [t for t, _, _ in placed(reader.pages[0])].count("?") == 0
    assert [t for t, _, _ in placed(reader.pages[0])].count("1 card dealt") == 20


@pytest.mark.slow
def test_every_bundled_scenario_sheet_fits_two_pages_in_both_languages(tmp_path: Path) -> None:
    for scenario_id in bundled_ids():
        scenario = load(scenario_id)
        for lang in ("en", "fr"):
            for paper in ("a4", "letter"):
                report = build_scenario_sheet(tmp_path / "s.pdf", PrintOptions(lang=lang, paper=paper), scenario)
                assert report.overflows == {} and 1 <= report.pages <= 2, (scenario_id, lang, paper, report)


def test_terrain_name_too_long_for_its_cell_is_reported(tmp_path: Path) -> None:
    scenario = load("hill-621")
    long = Card({"id": 998, "name": "Very Long Terrain " * 8, "type": "special", "class": "terrain", "nation": "any"})
    scenario.terrain.cells[Position(1, 1)] = (long,)
    report = build_scenario_sheet(tmp_path / "s.pdf", PrintOptions(), scenario)
    assert report.overflows == {"battlefield": ["battlefield G2-1"]}
    assert (tmp_path / "s.pdf").is_file()          # written, and reported


def test_sheet_longer_than_two_pages_is_an_error_with_strict_and_leaves_no_file(run, tmp_path: Path,
                                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(scenario_sheet, "MAX_PAGES", 1)      # Hill 621 needs two pages even at the smallest type
    monkeypatch.setattr(scenario_sheet, "SCALES", (0.8, 0.7))
    result = run("scenario", "hill-621", "--out", "sheet.pdf", "--strict")
    assert result.exit_code == 1
    assert "does not fit" in result.stderr and "--strict" in result.stderr.strip().splitlines()[-1]
    assert files(tmp_path) == []
    result = run("scenario", "hill-621", "--out", "sheet.pdf")
    assert result.exit_code == 0 and "2 pages at the smallest type" in result.stderr
    assert len(PdfReader(tmp_path / "sheet.pdf").pages) == 2


def test_failed_drawing_leaves_no_file_and_keeps_the_old_one(run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    old = tmp_path / "sheet.pdf"
    old.write_bytes(b"%PDF old")

    def broken(self) -> None:
        raise RuntimeError("drawing failed")

    monkeypatch.setattr(scenario_map.BattlefieldMap, "draw", broken)
    result = run("scenario", "hill-621", "--out", "sheet.pdf")
    assert isinstance(result.exception, RuntimeError)
    assert old.read_bytes() == b"%PDF old"
    assert files(tmp_path) == ["sheet.pdf"]


def test_unknown_scenario_is_one_line_exit_1_and_no_file(run, tmp_path: Path) -> None:
    result = run("scenario", "hill-622", "--out", "x.pdf")
    assert result.exit_code == 1
    line = one_clean_line(result.stderr)
    assert "no scenario 'hill-622'" in line and "kursk" in line
    assert files(tmp_path) == []


def test_unknown_balance_option_is_one_line_exit_1(run, tmp_path: Path) -> None:
    result = run("scenario", "hill-621", "--option", "soviet-plus", "--out", "x.pdf")
    assert result.exit_code == 1
    line = one_clean_line(result.stderr)
    assert "no balance option 'soviet-plus'" in line and "german-plus" in line
    assert files(tmp_path) == []


def test_default_file_name_says_scenario_balance_language_and_paper(run, tmp_path: Path) -> None:
    result = run("scenario", "hill-621", "--lang", "fr", "--paper", "letter", "--option", "german-minus")
    assert result.exit_code == 0, result.stderr
    assert files(tmp_path) == ["scenario-hill-621-german-minus-fr-letter.pdf"]


@pytest.mark.slow
def test_all_adds_every_scenario_sheet_and_the_two_decks(run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from tcforge.data.cards import CardSet
    from tcforge.data.dataset import GameData, load_data

    real = load_data()
    small = GameData(CardSet([real.cards.get(46), *[c for c in real.cards if c.card_class == "terrain"]],
                             real.cards.terrain_tables), real.ruleset, real.rulesets)
    monkeypatch.setattr(cli, "_data", lambda ruleset: small)
    # Two scenarios keep the test short; the real command prints all ten, and the decks of Hill 621 and Kursk.
    monkeypatch.setattr(cli, "_bundled_scenarios", lambda: [load("kursk"), load("tank-action")])
    result = run("all", "--out", "built")
    assert result.exit_code == 0, result.stderr
    names = files(tmp_path / "built")
    for tail in ("en-a4", "fr-a4", "en-letter", "fr-letter"):
        for name in (f"scenario-kursk-{tail}.pdf", f"scenario-tank-action-{tail}.pdf", f"deck-kursk-{tail}.pdf"):
            assert name in names, name
    assert not [n for n in names if n.startswith("deck-tank-action")]      # no fixed forces: no deck
    assert len(names) == 14 + 8 + 4 and sum(line.endswith(".pdf") for line in result.stdout.splitlines()) == 26  # each file named



def test_issue37_item9_kursk_sheet_sets_up_the_table(sheet):
    """Kursk (17.8, terrain 6.1.1): the sheet says how terrain is dealt, what each deck holds with counts, where the
    31 Soviet vehicles go on ten positions of three (6.3), has a turn track, and no "?" map or "Either side wins"."""
    text = flat(sheet("kursk")[0])
    assert "Either side wins" not in text and "A win for either side" in text
    assert text.count(" ? ") <= 1 and "1 card dealt" in text and "may add: terrain, special events" not in text
    assert "Each player takes 10 terrain cards, at most 2 of one type, and 10 other cards as blanks" in text
    assert "deals one face up on each of his 10 positions (6.1.1)" in text
    assert "No listed unit is in the deck" in text and not re.search(r"\b0 cards", text)
    assert "at most 2 copies of one special event (14.0)" in text
    assert "German: 20 combat cards on 10 positions, at most 3 a position (6.3)" in text
    assert "Soviet: 31 combat cards, but 10 positions of at most 3 hold 30 (6.3): 1 or more start in the reserve" in text
    assert "Turn track" in text and "the game is drawn when turn 20 is over" in text
    assert "Interpretation: the player chooses which" in text and "reading" not in text


def test_issue37_item9_kursk_sheet_in_french(sheet):
    """The same set-up in French, its own words, with a no-break space before : and ; (narrow before ;)."""
    text = flat(sheet("kursk", "--lang", "fr")[0])
    assert "Victoire de l’un ou l’autre camp" in text and "Piste des tours" in text and "1 carte donnée" in text
    assert "Chaque joueur réunit 10 cartes de terrain" in text and "il en reste au moins 1 dans la réserve" in text
    from tcforge.i18n.words import W, t
    for key in (k for k in W if k.startswith("sc_set_")):
        done = t(key, "fr", **{f: 1 for f in ("n", "m", "d", "p", "r", "side", "x", "k", "c", "cap", "over", "g")})
        assert not re.search(r"[^\u00a0\u202f][:;!?]", done.replace("(6.", "")), (key, done)


def test_issue37_item9_hill_621_turn_track_marks_reinforcements(sheet):
    """Hill 621 (20.0): the turn track shows its turns, and each reinforcement group's arrival turn."""
    text = flat(sheet("hill-621")[0])
    assert "Turn track" in text and "Soviet reinforcements 1: turn 5" in text and "German reinforcements 2: turn 11" in text


def _used(page) -> float:
    """How much of a page's height (between the margins) its text takes, footer left out (0 to 1)."""
    height = float(page.mediabox.height)
    ys = [y for text, _, y in placed(page) if y > 40]  # the footer sits under 40 pt
    return (max(ys) - min(ys)) / (height - 2 * 36) if ys else 0.0


def test_issue37_item9_round3_kursk_sheet_pages_are_balanced_and_the_dealt_cards_are_on_white(sheet):
    """Issue 37 item 9 (round three): Kursk's second page was three-quarters empty; the two pages now share the
    sheet (each at least 40 % used). The Soviet rows' hatching ran through "1 card dealt": each label there sits on a
    white backing (a white rectangle a little wider than the words, one on each of the 10 hatched positions)."""
    reader, _ = sheet("kursk")
    assert len(reader.pages) == 2
    used = [_used(page) for page in reader.pages]
    assert min(used) >= 0.4, used
    backings = [(w, h) for colour, w, h in filled_rects(reader.pages[0]) if colour == (1.0, 1.0, 1.0) and 20 < w < 80 and h < 15]
    assert len(backings) == 10, backings


def test_issue37_item9_round3_kursk_victory_says_win_or_draw_and_the_track_no_reinforcements(sheet):
    """Issue 37 item 9 (round three): the victory label was "Both sides": it says a win for either side, and a row
    says the game is a draw when turn 20 is over with no winner (the project's cap); the turn track's empty second
    row says "no reinforcements", in English and French."""
    text = flat(sheet("kursk")[0])
    assert "Both sides" not in text and "A win for either side" in text
    assert "Draw Neither side has won when turn 20 is over: the game is a draw (interpretation: the source gives no last turn)" in text
    assert "no reinforcements" in text
    french = flat(sheet("kursk", "--lang", "fr")[0])
    assert "Les deux camps" not in french and "Victoire de l’un ou l’autre camp" in french
    assert "Match nul" in french and "la partie est nulle" in french and "pas de renforts" in french
    hill = flat(sheet("hill-621")[0])
    assert "no reinforcements" not in hill and "Draw" not in hill  # Hill 621 has reinforcements and a default winner
