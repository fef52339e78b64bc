"""``tcforge export tts``: the save read back as Tabletop Simulator reads it, and the sheets' pixels.

What Tabletop Simulator needs of a save holding custom cards (field names as
its own saves write them): ``ObjectStates`` of ``Card`` and ``DeckCustom``
objects; a deck lists its cards' ``CardID`` in ``DeckIDs`` and holds them in
``ContainedObjects``; every ``CardID`` is a ``CustomDeck`` key x 100 + the
card's slot on that sheet, read left to right, top to bottom; a sheet is cut
into ``NumWidth`` x ``NumHeight`` (2-10 x 2-7) equal cards, and with
``BackIsHidden`` false its last slot is the hidden card.
"""
from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlparse

import pytest
from PIL import Image, ImageChops, ImageStat

from tcforge.engine.board import ATTACHED
from tcforge.export import tts
from tcforge.export.raster import CARD_PX, Grid, sheet_image
from tcforge.export.run import export_tts
from tcforge.export.table import scenario_table
from tcforge.play.setup import setup
from tcforge.render.page.sheets import Ctx, Report
from tcforge.render.scenario.deck import NothingToPrint, _proxy_face, deck_proxies
from tcforge.render.scenario.text import side_groups
from tcforge.scenarios.loading import bundled_ids, load

CARD_FIELDS = {"GUID", "Name", "Transform", "Nickname", "Description", "CardID", "CustomDeck"}
DECK_FIELDS = {"GUID", "Name", "Transform", "Nickname", "DeckIDs", "CustomDeck", "ContainedObjects"}
SHEET_FIELDS = {"FaceURL", "BackURL", "NumWidth", "NumHeight", "BackIsHidden", "UniqueBack"}
TRANSFORM = {"posX", "posY", "posZ", "rotX", "rotY", "rotZ", "scaleX", "scaleY", "scaleZ"}


@pytest.fixture(scope="module")
def hill(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, Any], Path]:
    folder = tmp_path_factory.mktemp("hill-621-en")
    export_tts("hill-621", folder, "en", seed=1)
    return json.loads((folder / "tts-hill-621-en.json").read_text(encoding="utf-8")), folder


def cards_of(save: dict[str, Any]) -> list[dict[str, Any]]:
    """Every card of the save, loose or in a deck."""
    out = []
    for obj in save["ObjectStates"]:
        out += obj["ContainedObjects"] if obj["Name"] == "DeckCustom" else [obj]
    return out


def sheets_of(save: dict[str, Any]) -> dict[str, dict[str, Any]]:
    found: dict[str, dict[str, Any]] = {}
    for obj in save["ObjectStates"]:
        for key, sheet in obj["CustomDeck"].items():
            assert found.setdefault(key, sheet) == sheet, f"CustomDeck {key} is not the same sheet everywhere"
    return found


def local(url: str) -> Path:
    parsed = urlparse(url)
    assert parsed.scheme == "file", url
    return Path(unquote(parsed.path))


def group_of(url: str) -> str:
    return local(url).stem.removeprefix("tts-hill-621-en-").rsplit("-", 1)[0]


def test_objects_have_the_fields_tabletop_simulator_reads(hill: tuple[dict[str, Any], Path]) -> None:
    save, _ = hill
    assert isinstance(save["ObjectStates"], list) and save["ObjectStates"]
    for obj in save["ObjectStates"]:
        assert obj["Name"] in ("Card", "DeckCustom")
        assert (CARD_FIELDS if obj["Name"] == "Card" else DECK_FIELDS) <= set(obj)
        assert set(obj["Transform"]) == TRANSFORM
        for card in obj.get("ContainedObjects", []):
            assert card["Name"] == "Card" and set(card) >= CARD_FIELDS
    for key, sheet in sheets_of(save).items():
        assert key.isdigit() and int(key) >= 1
        assert set(sheet) >= SHEET_FIELDS
        assert 2 <= sheet["NumWidth"] <= 10 and 2 <= sheet["NumHeight"] <= 7
        assert sheet["BackIsHidden"] is False and sheet["UniqueBack"] is False


def test_card_ids_are_deck_key_times_100_plus_slot_never_the_hidden_slot(hill: tuple[dict[str, Any], Path]) -> None:
    save, _ = hill
    for obj in save["ObjectStates"]:
        if obj["Name"] == "DeckCustom":
            assert obj["DeckIDs"] == [c["CardID"] for c in obj["ContainedObjects"]]
            assert len(obj["DeckIDs"]) >= 2          # a deck of one is a Card
            assert {str(c // 100) for c in obj["DeckIDs"]} == set(obj["CustomDeck"])
        for card in obj.get("ContainedObjects", [obj]):
            key, slot = divmod(card["CardID"], 100)
            sheet = card["CustomDeck"][str(key)]
            assert list(card["CustomDeck"]) == [str(key)]
            assert 0 <= slot < sheet["NumWidth"] * sheet["NumHeight"] - 1


def test_sheet_and_back_images_have_the_grid_pixel_sizes(hill: tuple[dict[str, Any], Path]) -> None:
    save, folder = hill
    sheets = sheets_of(save)
    assert len(sheets) == 3                                   # terrain, German, Soviet
    for sheet in sheets.values():
        with Image.open(local(sheet["FaceURL"])) as face:
            assert face.size == (sheet["NumWidth"] * 409, sheet["NumHeight"] * 572)
            assert max(face.size) <= 4096
        with Image.open(local(sheet["BackURL"])) as back:
            assert back.size == CARD_PX == (409, 572)
        assert local(sheet["FaceURL"]).parent == folder


def test_every_card_of_the_printed_scenario_deck_is_on_the_table_once(hill: tuple[dict[str, Any], Path]) -> None:
    """The scenario deck PDF prints 105 proxies for Hill 621 (20.0): the save holds the same cards, side by side."""
    save, _ = hill
    scenario = load("hill-621")
    by_group: dict[str, Counter[str]] = {}
    for card in cards_of(save):
        url = card["CustomDeck"][str(card["CardID"] // 100)]["FaceURL"]
        by_group.setdefault(group_of(url), Counter())[card["Nickname"]] += 1
    for side in ("german", "soviet"):
        printed = Counter(p.card.display_name("en") for p in deck_proxies(scenario, side, "en"))
        assert by_group[side] == printed
    # The map's terrain cards: every position but Clear and Path (no card stands for those).
    cells = [name for row in scenario.terrain.cells.values() for c in row for name in [c.name]]
    assert sum(by_group["terrain"].values()) == sum(1 for n in cells if n not in ("Clear", "Path")) == 22


def test_sheet_slot_is_the_printed_proxy_face(hill: tuple[dict[str, Any], Path]) -> None:
    """One drawing code path: a slot of a TTS sheet has the pixels of the scenario deck's proxy, drawn alone."""
    save, _ = hill
    scenario = load("hill-621")
    proxy = next(p for p in deck_proxies(scenario, "german", "en") if p.card.name == "PzKw IV G")
    card = next(c for c in cards_of(save) if c["Nickname"] == "PzKw IV G")
    key, slot = divmod(card["CardID"], 100)
    sheet = card["CustomDeck"][str(key)]
    col, row = slot % sheet["NumWidth"], slot // sheet["NumWidth"]
    with Image.open(local(sheet["FaceURL"])) as image:
        crop = image.convert("RGB").crop((col * 409, row * 572, (col + 1) * 409, (row + 1) * 572))
    ctx = Ctx("en", scenario.cards, scenario.ruleset, Report())
    alone = sheet_image(Grid(1, 1), [_proxy_face(proxy, "en", scenario)], ctx)
    # The same drawing; anti-aliasing may differ by a shade where the slot's offset rounds differently.
    assert max(ImageStat.Stat(ImageChops.difference(crop, alone)).mean) < 0.3
    other = next(p for p in deck_proxies(scenario, "german", "en") if p.card.name == "StuG III G")
    assert max(ImageStat.Stat(ImageChops.difference(crop, sheet_image(Grid(1, 1), [_proxy_face(other, "en", scenario)], ctx))).mean) > 1


@pytest.mark.slow
def test_initial_deployment_is_the_setup_of_the_seed(tmp_path: Path) -> None:
    """Each card standing on the map at the start of the game of seed 7 lies in its position's cell."""
    scenario = load("hill-621")
    export_tts("hill-621", tmp_path, "en", seed=7)
    save = json.loads((tmp_path / "tts-hill-621-en.json").read_text(encoding="utf-8"))
    loose = [o for o in save["ObjectStates"] if o["Name"] == "Card"]
    record = setup(scenario, 7)
    grid = scenario.grid
    expected: Counter[tuple[str, str]] = Counter()
    for index, side in enumerate(grid.sides):
        placed = record.forces[index]
        carriers = dict(record.attach)
        for n, (cid, pos) in enumerate(placed):
            pos = placed[carriers[n]][1] if pos == ATTACHED else pos
            if pos >= 0:
                label = grid.label(scenario_position(scenario, pos), side)
                expected[(scenario.cards.by_id[cid].display_name("en"), label)] += 1
        for fort_side, pos, cid in record.forts:
            if fort_side == index:
                expected[(scenario.cards.by_id[cid].display_name("en"), grid.label(scenario_position(scenario, pos), side))] += 1
    found = Counter((o["Nickname"], o["Description"].rsplit(" on ", 1)[1]) for o in loose if " on " in o["Description"])
    assert found == expected
    # and in that position's cell of the table: same column, same row as the terrain there
    for obj in loose:
        if " on " in obj["Description"]:
            x, z = obj["Transform"]["posX"], obj["Transform"]["posZ"]
            label = obj["Description"].rsplit(" on ", 1)[1]
            pos = grid.parse(label)
            assert pos is not None
            cx = (pos.column - (grid.columns + 1) / 2) * 6.6
            assert abs(x - cx) < 3.3 and abs(z - ((grid.rows + 1) / 2 - pos.row) * 4.4) < 0.01


def scenario_position(scenario, engine_pos: int):  # type: ignore[no-untyped-def]
    from tcforge.scenarios.grid import Position
    return Position(engine_pos // scenario.grid.columns + 1, engine_pos % scenario.grid.columns + 1)


def test_20_0_reinforcements_are_set_aside_by_turn(hill: tuple[dict[str, Any], Path]) -> None:
    """Hill 621's German groups arrive on turns 6 and 11: two face-up piles beyond the German edge, turn 6 first."""
    save, _ = hill
    piles = [o for o in save["ObjectStates"] if o["Name"] == "DeckCustom" and o["Nickname"].startswith("German: German reinf")]
    assert [p["Nickname"].rsplit(", ", 1)[1] for p in piles] == ["turn 6", "turn 11"]
    assert piles[0]["Transform"]["posX"] < piles[1]["Transform"]["posX"]
    assert all(p["Transform"]["rotZ"] == 0.0 for p in piles)               # face up
    scenario = load("hill-621")
    sizes = [g.count for g in side_groups(scenario, scenario.side("german"), "en") if g.reinforcement is not None]
    assert [len(p["DeckIDs"]) for p in piles] == sizes


def test_reserve_is_face_down_beyond_its_own_edge(hill: tuple[dict[str, Any], Path]) -> None:
    save, _ = hill
    reserves = {o["Nickname"].split(":")[0]: o for o in save["ObjectStates"] if "reserve" in o["Nickname"]}
    assert set(reserves) == {"German", "Soviet"}
    assert reserves["German"]["Transform"]["posZ"] > 0 > reserves["Soviet"]["Transform"]["posZ"]   # German is north
    assert all(o["Transform"]["rotZ"] == 180.0 for o in reserves.values())


def test_grid_is_the_smallest_that_holds_the_cards_and_the_hidden_slot() -> None:
    assert tts.grid_for(69) == Grid(10, 7)
    assert tts.grid_for(20) == Grid(7, 3)
    assert tts.grid_for(1) == Grid(2, 2)
    assert tts.grid_for(9) == Grid(5, 2)
    for n in range(1, 70):
        grid = tts.grid_for(n)
        assert grid.slots >= n + 1 and grid.columns <= 10 and grid.rows <= 7
    with pytest.raises(ValueError):
        tts.grid_for(70)


def test_base_url_replaces_the_local_files(tmp_path: Path) -> None:
    export_tts("russian-front-summer-1942", tmp_path, "en", base_url="https://example.org/tts/")
    save = json.loads(next(tmp_path.glob("*.json")).read_text(encoding="utf-8"))
    urls = [u for s in sheets_of(save).values() for u in (s["FaceURL"], s["BackURL"])]
    assert urls and all(u.startswith("https://example.org/tts/tts-deck-") and "//tts-" not in u for u in urls)
    assert all((tmp_path / u.rsplit("/", 1)[1]).is_file() for u in urls)


def test_command_deck_is_one_face_down_deck_of_every_card(tmp_path: Path) -> None:
    from tcforge.decks.load import find_deck
    deck, _ = find_deck("russian-front-summer-1942")
    export_tts("russian-front-summer-1942", tmp_path, "fr")
    save = json.loads((tmp_path / "tts-deck-russian-front-summer-1942-fr.json").read_text(encoding="utf-8"))
    decks = [o for o in save["ObjectStates"] if o["Name"] == "DeckCustom"]
    assert len(decks) == 1 and len(decks[0]["DeckIDs"]) == len(deck.cards) == len(set(decks[0]["DeckIDs"]))
    assert decks[0]["Transform"]["rotZ"] == 180.0
    assert "paquet de commandement" in decks[0]["Nickname"]


@pytest.mark.slow
def test_french_export_names_the_cards_in_french(tmp_path: Path) -> None:
    export_tts("hill-621", tmp_path, "fr")
    save = json.loads((tmp_path / "tts-hill-621-fr.json").read_text(encoding="utf-8"))
    names = {c["Nickname"] for c in cards_of(save)}
    assert {"Bois", "Collines", "Trous d'homme"} <= names and "Woods" not in names
    assert "réserve" in " ".join(o["Nickname"] for o in save["ObjectStates"])


def test_a_failed_export_leaves_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls = []
    real = tts.atomic_path

    def failing(target: Path):  # type: ignore[no-untyped-def]
        calls.append(target)
        if len(calls) == 3:
            raise OSError(28, "No space left on device")
        return real(target)

    monkeypatch.setattr(tts, "atomic_path", failing)
    with pytest.raises(OSError):
        export_tts("russian-front-summer-1942", tmp_path / "out", "en")
    assert not (tmp_path / "out").exists()  # the folder it made goes too (issue 51: it was left empty)
    (tmp_path / "mine").mkdir()  # a folder that was there stays, without the files of the failed run
    calls.clear()
    with pytest.raises(OSError):
        export_tts("russian-front-summer-1942", tmp_path / "mine", "en")
    assert list((tmp_path / "mine").iterdir()) == []


def test_cli_writes_the_folder_and_says_what(cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    code, out, err = cli("export", "tts", "russian-front-summer-1942", "--out", str(tmp_path / "tts"))
    assert code == 0, err
    assert "38 cards (deck)" in out and "4090 x 2288 px" in out and ".json" in out
    assert sorted(p.suffix for p in (tmp_path / "tts").iterdir()) == [".json"] + [".png"] * 4


def test_cli_unknown_name_is_one_line_and_writes_nothing(cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    code, _, err = cli("export", "tts", "hill-622", "--out", str(tmp_path / "x"))
    assert code == 1 and err.count("\n") == 1 and "no scenario or command deck 'hill-622'" in err
    assert not (tmp_path / "x").exists()
    code, _, err = cli("export", "tts", "hill-621", "--base-url", "ftp://example.org", "--out", str(tmp_path / "x"))
    assert code == 1 and "--base-url" in err and not (tmp_path / "x").exists()


@pytest.mark.parametrize("scenario_id", bundled_ids())
def test_every_bundled_scenario_lays_out_each_card_once(scenario_id: str) -> None:
    """Fixed forces: the printed scenario deck's cards, side by side; bought forces (17.x): what the set-up bought."""
    scenario = load(scenario_id)
    table = scenario_table(scenario, 3, "en")
    record = setup(scenario, 3)
    for group in table.groups:
        got = Counter(p.nickname for pile in group.piles for p in pile.pieces)
        if group.id == "terrain":
            assert sum(got.values()) == len(record.terrain)
            continue
        index = list(scenario.grid.sides).index(group.id)
        bought = Counter(scenario.cards.by_id[cid].display_name("en") for cid, _ in record.forces[index])
        forts = Counter(scenario.cards.by_id[cid].display_name("en") for side, _, cid in record.forts if side == index)
        try:
            printed = Counter(p.card.display_name("en") for p in deck_proxies(scenario, group.id, "en"))
        except NothingToPrint:
            assert got == bought + forts
            continue
        side = scenario.side(group.id)
        if side.build is not None:          # 17.4: what the defender bought, and his free terrain cards
            assert got == bought + printed
        else:
            assert got == printed


@pytest.mark.slow
def test_a_deck_file_is_exported_as_a_deck_and_a_scenario_file_as_a_scenario(tmp_path: Path) -> None:
    from conftest import ROOT
    deck = export_tts(str(ROOT / "data/decks/russian-front-summer-1942.yaml"), tmp_path / "d", "en")
    assert deck.kind == "deck"
    scenario = export_tts(str(ROOT / "data/scenarios/tank-action.yaml"), tmp_path / "s", "en")
    assert scenario.kind == "scenario" and scenario.export.card_count == 20


def test_issue37_item11_each_side_and_the_terrain_have_their_own_back(hill: tuple[dict[str, Any], Path]) -> None:
    """German, Soviet and terrain piles can be told apart face down: three back images, each in its own colour
    (none the cream of the print shop's label backs), each naming its pile."""
    import io

    from pypdf import PdfReader
    from reportlab.pdfgen.canvas import Canvas

    from tcforge.render.page import fonts
    from tcforge.render.page.geometry import MM, Rect

    save, _ = hill
    backs = {sheet["BackURL"] for sheet in sheets_of(save).values()}
    assert len(backs) == 3
    means = []
    for url in backs:
        with Image.open(local(url)) as image:
            means.append(ImageStat.Stat(image.convert("RGB")).mean)
    for n, a in enumerate(means):
        assert sum(a) / 3 < 160, a                          # a coloured card, not the cream label back
        for b in means[n + 1:]:
            assert sum(abs(x - y) for x, y in zip(a, b, strict=True)) > 60, (a, b)
    scenario = load("hill-621")
    table = scenario_table(scenario, 1, "en")
    fonts.register()
    labels = {}
    for group in table.groups:
        buf = io.BytesIO()
        canvas = Canvas(buf, pagesize=(63 * MM, 88 * MM))
        group.back.draw(canvas, Rect(0, 0, 63 * MM, 88 * MM), Ctx("en", scenario.cards, scenario.ruleset, Report()))
        canvas.save()
        labels[group.id] = PdfReader(io.BytesIO(buf.getvalue())).pages[0].extract_text()
    assert "GERMAN" in labels["german"] and "SOVIET" in labels["soviet"] and "TERRAIN" in labels["terrain"]
