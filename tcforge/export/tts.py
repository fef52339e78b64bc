"""Tabletop Simulator: card faces on deck sheets, and the cards laid out as a save's ``ObjectStates``.

A :class:`Table` says what lies where: piles of cards (one card, or a deck of
several), face up or down, at table coordinates. :func:`build` turns it into
what Tabletop Simulator reads:

- deck sheets: PNG grids of at most 10 x 7 cards; the last slot of every
  sheet holds the hidden-card image (what a card in another player's hand
  shows), so a sheet carries at most 69 cards. A grid is as small as its
  cards allow, never below the 2 x 2 Tabletop Simulator accepts;
- one back image per group of cards that share a back (a side's cards, the
  terrain, a command deck);
- the save: ``ObjectStates`` with a ``Card`` for a lone card and a
  ``DeckCustom`` (``DeckIDs``, ``CustomDeck``, ``ContainedObjects``) for a
  pile. Each sheet is a ``CustomDeck`` entry under its own key, and a card's
  ``CardID`` is that key x 100 + its slot on the sheet.

The same face drawn twice (fourteen identical Line Squads) is one slot on a
sheet that fourteen cards point at. :func:`write` writes the folder all or
nothing.
"""
from __future__ import annotations

import hashlib
import json
import math
from contextlib import suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tcforge.atomic import atomic_path
from tcforge.data.cards import CardSet
from tcforge.data.rulesets import Ruleset
from tcforge.export.raster import Grid, png_bytes, sheet_image
from tcforge.render.page.sheets import Ctx, Face, Report

MAX_COLUMNS, MAX_ROWS = 10, 7           # the largest grid Tabletop Simulator cuts a sheet into
MIN_COLUMNS, MIN_ROWS = 2, 2            # and the smallest
PER_SHEET = MAX_COLUMNS * MAX_ROWS - 1  # the last slot is the hidden card's
CARD_ID_STEP = 100                      # CardID = deck key x 100 + slot
GREY = {"r": 0.713235259, "g": 0.713235259, "b": 0.713235259}  # the tint every card of a Tabletop Simulator save has


class ExportError(Exception):
    """An export that cannot go on; the message is one line for users."""


@dataclass(frozen=True)
class Piece:
    """One card on the table: the face it shows (``key`` names the image, equal keys share a slot)."""

    key: str
    face: Face
    nickname: str
    description: str = ""


@dataclass
class Pile:
    """Cards lying together: one ``Card`` object, or a ``DeckCustom`` when there are several."""

    nickname: str
    pieces: list[Piece]
    x: float
    z: float
    face_up: bool = True
    turned: bool = False            # True: upright for the player at the far (north) edge
    description: str = ""
    y: float = 1.5                  # above the table top: the card settles on it


@dataclass
class BackGroup:
    """Cards sharing one back image; their faces fill this group's sheets."""

    id: str                          # used in file names: letters, digits and dashes
    back: Face
    piles: list[Pile] = field(default_factory=list)


@dataclass
class Table:
    """Everything the save lays out, and how the save names itself."""

    stem: str                        # file names start with it, e.g. tts-hill-621-en
    title: str
    note: str
    lang: str
    cards: CardSet
    ruleset: Ruleset
    groups: list[BackGroup]


@dataclass
class Sheet:
    """One deck sheet: its ``CustomDeck`` key, grid, image file and faces in slot order."""

    key: int
    group: str
    grid: Grid
    file: str
    faces: list[Face]
    back_file: str
    back: Face


@dataclass
class Export:
    """What :func:`write` writes: the images (name -> PNG bytes) and the save."""

    stem: str
    sheets: list[Sheet]
    images: dict[str, bytes]
    save: dict[str, Any]
    report: Report
    card_count: int

    def save_files(self) -> dict[str, bytes]:
        name = f"{self.stem}.json"
        return {name: (json.dumps(self.save, ensure_ascii=False, indent=2) + "\n").encode("utf-8")}


def grid_for(cards: int) -> Grid:
    """The smallest grid for ``cards`` cards and the hidden-card slot: rows first, then columns.

    >>> grid_for(69), grid_for(20), grid_for(1)
    (Grid(columns=10, rows=7), Grid(columns=7, rows=3), Grid(columns=2, rows=2))
    """
    if not 1 <= cards <= PER_SHEET:
        raise ValueError(f"a sheet holds 1 to {PER_SHEET} cards, not {cards}")
    slots = cards + 1
    rows = max(MIN_ROWS, math.ceil(slots / MAX_COLUMNS))
    return Grid(max(MIN_COLUMNS, math.ceil(slots / rows)), rows)


def image_url(name: str, folder: Path, base_url: str | None) -> str:
    """Where Tabletop Simulator fetches an image: ``base_url/name``, or the local file as a ``file://`` URI."""
    if base_url:
        return f"{base_url.rstrip('/')}/{name}"
    return (folder.resolve() / name).as_uri()


def plan_sheets(table: Table) -> tuple[list[Sheet], dict[str, int]]:
    """The sheets of every back group and the CardID of every face key."""
    sheets: list[Sheet] = []
    card_ids: dict[str, int] = {}
    for group in table.groups:
        faces: dict[str, Face] = {}
        for pile in group.piles:
            for piece in pile.pieces:
                faces.setdefault(piece.key, piece.face)
        keys = list(faces)
        back_file = f"{table.stem}-{group.id}-back.png"
        for n, start in enumerate(range(0, len(keys), PER_SHEET), start=1):
            chunk = keys[start:start + PER_SHEET]
            key = len(sheets) + 1
            for slot, face_key in enumerate(chunk):
                card_ids[face_key] = key * CARD_ID_STEP + slot
            sheets.append(Sheet(key, group.id, grid_for(len(chunk)), f"{table.stem}-{group.id}-{n}.png",
                                [faces[k] for k in chunk], back_file, group.back))
    return sheets, card_ids


def _guid(stem: str, n: int) -> str:
    """Six hex digits, the same for the same export (Tabletop Simulator renames any that clash)."""
    return hashlib.sha1(f"{stem}:{n}".encode()).hexdigest()[:6]


def _transform(x: float, y: float, z: float, face_up: bool, turned: bool) -> dict[str, float]:
    return {"posX": round(x, 3), "posY": round(y, 3), "posZ": round(z, 3),
            "rotX": 0.0, "rotY": 0.0 if turned else 180.0, "rotZ": 0.0 if face_up else 180.0,
            "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0}


def custom_deck(sheet: Sheet, folder: Path, base_url: str | None) -> dict[str, Any]:
    return {"FaceURL": image_url(sheet.file, folder, base_url), "BackURL": image_url(sheet.back_file, folder, base_url),
            "NumWidth": sheet.grid.columns, "NumHeight": sheet.grid.rows,
            # The hidden-card image is the sheet's last slot, so the back is not used for it.
            "BackIsHidden": False, "UniqueBack": False, "Type": 0}


def _common(guid: str, name: str, transform: dict[str, float], nickname: str, description: str) -> dict[str, Any]:
    return {"GUID": guid, "Name": name, "Transform": transform, "Nickname": nickname, "Description": description,
            "GMNotes": "", "ColorDiffuse": dict(GREY), "Locked": False, "Grid": True, "Snap": True,
            "IgnoreFoW": False, "Autoraise": True, "Sticky": True, "Tooltip": True, "GridProjection": False,
            "HideWhenFaceDown": True, "SidewaysCard": False, "LuaScript": "", "LuaScriptState": "", "XmlUI": ""}


def save_json(table: Table, sheets: list[Sheet], card_ids: dict[str, int], folder: Path,
              base_url: str | None) -> dict[str, Any]:
    """The save: every pile as a ``Card`` or a ``DeckCustom``, in the field names Tabletop Simulator writes."""
    decks = {sheet.key: custom_deck(sheet, folder, base_url) for sheet in sheets}
    counter = iter(range(1_000_000))
    objects: list[dict[str, Any]] = []

    def card(piece: Piece, transform: dict[str, float]) -> dict[str, Any]:
        cid = card_ids[piece.key]
        key = cid // CARD_ID_STEP
        obj = _common(_guid(table.stem, next(counter)), "Card", transform, piece.nickname, piece.description)
        obj.update({"CardID": cid, "Hands": True, "CustomDeck": {str(key): decks[key]}})
        return obj

    for group in table.groups:
        for pile in group.piles:
            transform = _transform(pile.x, pile.y, pile.z, pile.face_up, pile.turned)
            if len(pile.pieces) == 1:
                obj = card(pile.pieces[0], transform)
                obj["Nickname"], obj["Description"] = pile.nickname or obj["Nickname"], pile.description or obj["Description"]
                objects.append(obj)
                continue
            contained = [card(p, _transform(0, 0, 0, pile.face_up, pile.turned)) for p in pile.pieces]
            ids = [c["CardID"] for c in contained]
            keys = sorted({cid // CARD_ID_STEP for cid in ids})
            obj = _common(_guid(table.stem, next(counter)), "DeckCustom", transform, pile.nickname, pile.description)
            obj.update({"Hands": False, "DeckIDs": ids, "CustomDeck": {str(k): decks[k] for k in keys},
                        "ContainedObjects": contained})
            objects.append(obj)
    return {"SaveName": table.title, "EpochTime": 0, "Date": "", "VersionNumber": "", "GameMode": table.title,
            "GameType": "", "GameComplexity": "", "Tags": [], "Gravity": 0.5, "PlayArea": 0.5,
            "Table": "Table_RPG", "Sky": "", "Note": table.note, "TabStates": {}, "LuaScript": "",
            "LuaScriptState": "", "XmlUI": "", "ObjectStates": objects}


def build(table: Table, folder: Path, base_url: str | None = None) -> Export:
    """Draw the sheets and backs and make the save, all in memory (nothing is written)."""
    if not any(pile.pieces for group in table.groups for pile in group.piles):
        raise ExportError(f"{table.title}: no card to export")
    sheets, card_ids = plan_sheets(table)
    report = Report()
    ctx = Ctx(table.lang, table.cards, table.ruleset, report)
    images: dict[str, bytes] = {}
    for sheet in sheets:
        slots = sheet.faces + [None] * (sheet.grid.slots - 1 - len(sheet.faces)) + [sheet.back]
        images[sheet.file] = png_bytes(sheet_image(sheet.grid, slots, ctx))
        if sheet.back_file not in images:
            images[sheet.back_file] = png_bytes(sheet_image(Grid(1, 1), [sheet.back], ctx))
    save = save_json(table, sheets, card_ids, folder, base_url)
    count = sum(len(pile.pieces) for group in table.groups for pile in group.piles)
    return Export(table.stem, sheets, images, save, report, count)


def write(export: Export, folder: Path) -> list[Path]:
    """Every image, then the save, into ``folder``, each file whole or not at all.

    Everything is drawn before the first file is written, so only the disk can
    fail here; then the files this run created are removed again (a file it
    replaced keeps its new content: whole, never half-written).
    """
    written: list[Path] = []
    files = {**export.images, **export.save_files()}
    made = not folder.exists()  # a folder this run creates goes again too, so that a failed export leaves nothing
    try:
        for name, data in files.items():
            target = folder / name
            existed = target.exists()
            with atomic_path(target) as tmp:
                tmp.write_bytes(data)
            if not existed:
                written.append(target)
    except BaseException:
        for path in written:
            path.unlink(missing_ok=True)
        if made:
            with suppress(OSError):  # not empty (another program wrote there meanwhile): it stays
                folder.rmdir()
        raise
    return [folder / name for name in files]
