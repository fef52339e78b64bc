"""Issue 50 item 7: card images a print-on-demand service takes (``tcforge print images``), read back.

One PNG a distinct card at the dpi asked for, with the bleed on every side and square corners (the frame carried out
to the image's edge), the resolution in the file, identical cards in one file, and a manifest (CSV and JSON) whose
files exist and whose counts add up to the product's cards. The folder is written whole or not at all; what cannot be
written is one line, exit 1 (a --dpi out of range: exit 2), and nothing is left behind.
"""
from __future__ import annotations

import csv
import errno
import json
import os
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from faultkit import FullDisk
from tcforge import atomic
from tcforge.data.dataset import load_data
from tcforge.render.cards import images as images_module
from tcforge.render.cards.images import ImageSize, slug
from tcforge.render.cards.inserts import plan
from tcforge.render.page.geometry import POKER, STANDARD
from tcforge.render.scenario.deck import deck_proxies
from tcforge.scenarios.loading import load

DECK = "russian-front-summer-1942"   # 37 cards: a quick product for the failures


def _one_line(stderr: str) -> str:
    lines = [line for line in stderr.strip().splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("tcforge: ") and "Traceback" not in stderr, stderr
    return lines[0]


def _rows(folder: Path) -> list[dict[str, str]]:
    with (folder / "manifest.csv").open(encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))


def _white(pixel: Any) -> bool:
    return min(pixel[:3]) >= 245


def _leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.rglob("*") if p.name.endswith(".part") or ".part" in p.parts)


def test_issue50_item7_the_image_size_is_the_trim_at_the_dpi_and_the_bleed_rounded_up() -> None:
    assert ImageSize().size == (816, 1111)                  # 744 x 1039 px and 36 px a side (3 mm is 35.4 px)
    assert ImageSize(POKER).size == (822, 1122)             # MakePlayingCards' poker template to the pixel
    assert ImageSize(STANDARD, 150).size == (408, 556)
    assert ImageSize(STANDARD, 600, 0.0).size == (1488, 2079)
    assert slug("Panzerfaust (Panzerfaust 30) «klein»") == "panzerfaust-panzerfaust-30-klein"


def test_issue50_item7_hill_621_deck_as_images_read_back(tcforge, tmp_path: Path) -> None:
    code, stdout, stderr = tcforge("print", "images", "deck", "--scenario", "hill-621", "--out", "hill")
    assert code == 0, stderr
    folder = tmp_path / "hill"
    rows = _rows(folder)
    total = len(deck_proxies(load("hill-621")))
    assert total == 105 and sum(int(r["count"]) for r in rows) == total   # the counts add up to the deck's cards
    fronts = [r["front"] for r in rows]
    backs = sorted({r["back"] for r in rows})
    assert len(set(fronts)) == len(fronts) < total and max(int(r["count"]) for r in rows) > 1  # copies share a file
    assert backs == ["back-german.png", "back-soviet.png"]      # one back a side: a shuffled deck
    assert stdout.startswith(f"wrote hill: {total} card(s), {len(fronts)} front image(s) and 2 back(s) of 816 x 1111 px "
                             "at 300 dpi (3 mm bleed, 36 px)")
    pngs = sorted(p.name for p in folder.glob("*.png"))
    assert pngs == sorted(fronts + backs)                       # no image the manifest does not name, none missing
    for name in pngs:
        with Image.open(folder / name) as image:
            assert image.size == (816, 1111), name
            assert tuple(round(v) for v in image.info["dpi"]) == (300, 300), name
            if name.startswith("back-"):
                continue
            rgb = image.convert("RGB")
            # The frame runs out into the bleed and its corners are square: the image's corners and the trim's
            # corners are the frame's colour, never white.
            for xy in ((0, 0), (815, 0), (0, 1110), (815, 1110), (36, 36), (779, 1074), (37, 1073)):
                assert not _white(rgb.getpixel(xy)), (name, xy)
    by_back = {back: sum(int(r["count"]) for r in rows if r["back"] == back) for back in backs}
    assert by_back == {"back-german.png": 52, "back-soviet.png": 53}     # each side's cards, its back
    data = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    assert data["written_by"] == "tcforge print images" and data["dpi"] == 300 and data["image_px"] == [816, 1111]
    assert data["bleed_px"] == 36 and data["cards"] == total
    assert [{k: str(v) for k, v in row.items()} for row in data["rows"]] == rows
    assert _leftovers(tmp_path) == []


def test_issue50_item7_inserts_as_images_count_as_the_checklist_and_leave_the_strips(tcforge, tmp_path: Path) -> None:
    code, stdout, stderr = tcforge("print", "images", "inserts", "--dpi", "150")
    assert code == 0, stderr
    folder = tmp_path / "output" / "images" / "inserts-en-150dpi"
    data = load_data()
    inserts = plan(data.cards, data.ruleset, "en")
    rows = _rows(folder)
    assert sum(int(r["count"]) for r in rows) == sum(i.count for i in inserts if not i.strip)
    assert len(rows) == len([i for i in inserts if not i.strip])
    strips = sum(i.count for i in inserts if i.strip)
    assert f"the {strips} terrain strips are not cards: print them with 'tcforge print inserts'" in stderr
    assert stdout.startswith("wrote output/images/inserts-en-150dpi: ")
    for row in rows:
        for name in (row["front"], row["back"]):
            with Image.open(folder / name) as image:
                assert image.size == (408, 556)


def test_issue50_item7_a_command_deck_as_poker_cards_with_its_reference_card(tcforge, tmp_path: Path) -> None:
    code, stdout, stderr = tcforge("print", "images", "command-deck", DECK, "--card-size", "poker", "--lang", "fr")
    assert code == 0, stderr
    folder = tmp_path / "output" / "images" / f"command-deck-{DECK}-fr-poker"
    assert stdout.startswith(f"wrote output/images/command-deck-{DECK}-fr-poker: 38 card(s), ")
    assert "822 x 1122 px at 300 dpi" in stdout
    rows = _rows(folder)
    assert sum(int(r["count"]) for r in rows) == 37 + 1      # the deck and its reference card
    assert len({r["back"] for r in rows[:-1]}) == 1           # every card of the deck has its one back
    assert rows[-1]["back"] != rows[0]["back"]                # the reference card carries its second face
    with Image.open(folder / rows[0]["front"]) as image:
        assert image.size == (822, 1122)


# -- the folder: whole or not at all, replaced only when tcforge wrote it --------------------------------------------

def test_issue50_item7_a_re_run_replaces_the_folder_it_wrote_and_refuses_any_other(tcforge, tmp_path: Path) -> None:
    args = ("print", "images", "command-deck", DECK, "--dpi", "150", "--no-reference", "--out")
    assert tcforge(*args, "deck")[0] == 0
    (tmp_path / "deck" / "stale.png").write_bytes(b"old")
    code, _, stderr = tcforge(*args, "deck")
    assert code == 0, stderr
    assert not (tmp_path / "deck" / "stale.png").exists() and (tmp_path / "deck" / "manifest.json").is_file()
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "notes.txt").write_text("keep me\n", encoding="utf-8")
    code, _, stderr = tcforge(*args, "mine")
    assert code == 1
    assert "tcforge did not write" in _one_line(stderr) and "mine" in _one_line(stderr)
    assert sorted(p.name for p in mine.iterdir()) == ["notes.txt"]
    assert _leftovers(tmp_path) == []


@pytest.mark.parametrize("kind", ["file", "symlink", "under-a-file"])
def test_issue50_item7_an_out_that_is_a_file_or_a_link_is_one_line_and_untouched(tcforge, tmp_path: Path,
                                                                                  kind: str) -> None:
    plain = tmp_path / "plain.txt"
    plain.write_text("keep me\n", encoding="utf-8")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    target = {"file": plain, "symlink": tmp_path / "link", "under-a-file": plain / "images"}[kind]
    if kind == "symlink":
        target.symlink_to(elsewhere, target_is_directory=True)
    code, stdout, stderr = tcforge("print", "images", "command-deck", DECK, "--out", str(target))
    assert code == 1 and stdout == ""
    line = _one_line(stderr)
    assert {"file": "is a file", "symlink": "symbolic link", "under-a-file": "is a file"}[kind] in line, line
    assert f"cannot write {target}" in line or f"cannot write {target.relative_to(tmp_path)}" in line, line
    assert plain.read_text(encoding="utf-8") == "keep me\n" and list(elsewhere.iterdir()) == []
    assert os.path.islink(tmp_path / "link") == (kind == "symlink")
    assert _leftovers(tmp_path) == []


@pytest.mark.parametrize("dpi", ["100", "1201", "-300", "abc"])
def test_issue50_item7_a_dpi_out_of_range_is_refused_in_one_line_exit_2(tcforge, tmp_path: Path, dpi: str) -> None:
    code, _, stderr = tcforge("print", "images", "proxies", "--dpi", dpi)
    assert code == 2
    assert "--dpi" in _one_line(stderr)
    assert not (tmp_path / "output").exists()


def test_issue50_item7_a_folder_nobody_may_write_in_is_one_line_and_nothing_left(
        tcforge, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def refused(*_: Any, **__: Any) -> str:
        raise PermissionError(errno.EACCES, "Permission denied", str(tmp_path))

    monkeypatch.setattr(atomic.tempfile, "mkdtemp", refused)
    code, _, stderr = tcforge("print", "images", "command-deck", DECK, "--dpi", "150", "--out", "deck")
    assert code == 1
    line = _one_line(stderr)
    assert "Permission denied" in line and "deck" in line and ".part" not in line
    assert sorted(p.name for p in tmp_path.iterdir() if p.name != "config") == []


def test_issue50_item7_a_full_disk_leaves_the_last_folder_whole_and_no_part(
        tcforge, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    args = ("print", "images", "command-deck", DECK, "--dpi", "150", "--no-reference", "--out", "deck")
    assert tcforge(*args)[0] == 0
    before = {p.name: p.read_bytes() for p in (tmp_path / "deck").iterdir()}
    real = os.fdopen
    count = {"n": 0}

    def fdopen(fd: int, *a: Any, **k: Any) -> Any:    # the fifth file fills the disk
        handle = real(fd, *a, **k)
        count["n"] += 1
        return FullDisk(handle) if count["n"] >= 5 else handle

    monkeypatch.setattr(atomic.os, "fdopen", fdopen)
    code, stdout, stderr = tcforge(*args, "--lang", "fr")
    assert code == 1 and stdout == ""
    line = _one_line(stderr)
    assert "No space left on device" in line and "deck" in line and ".part" not in line
    assert {p.name: p.read_bytes() for p in (tmp_path / "deck").iterdir()} == before   # the last run's, whole
    assert _leftovers(tmp_path) == []


def test_issue50_item7_an_interrupted_write_leaves_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    written = {"n": 0}
    real = atomic.FolderWriter.write

    def write(self: atomic.FolderWriter, name: str, data: bytes | str) -> Path:
        written["n"] += 1
        if written["n"] == 3:
            raise KeyboardInterrupt
        return real(self, name, data)

    monkeypatch.setattr(atomic.FolderWriter, "write", write)
    data = load_data()
    from tcforge.render.cards.proxies import proxy_pieces
    from tcforge.render.page.sheets import Ctx, Report

    drawn = images_module.draw_images("proxies", proxy_pieces(list(data.cards)[:4], "en"), ImageSize(dpi=150),
                                      Ctx("en", data.cards, data.ruleset, Report()))
    with pytest.raises(KeyboardInterrupt):
        images_module.write_images(drawn, tmp_path / "proxies")
    assert list(tmp_path.iterdir()) == []
