"""`tcforge print ...` on bad input, text that does not fit, and builds that fail half-way."""
from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from renderkit import files, one_clean_line
from tcforge.atomic import atomic_path
from tcforge.cli import printing as cli
from tcforge.data.cards import Card, CardSet
from tcforge.data.dataset import GameData, load_data
from tcforge.render.cards import cardface
from tcforge.render.cards.proxies import build_proxies
from tcforge.render.page.sheets import PrintOptions

LONG_NAME = ("Panzerkampfwagen mit sehr langem Namen " * 6)[:200]


def long_card() -> Card:
    return Card({"id": 999, "name": LONG_NAME, "rarity": "C", "type": "vehicle", "class": "tank", "nation": "german",
                 "hit": {"short": 8, "long": 5}, "penetration": {"short": 14, "long": 11},
                 "armor": {"front": 9, "side": 5}, "he": 6, "sa": 4, "years": {"first": 1944, "last": 1945},
                 "points": 29, "speed": "fast"})


def with_long_card() -> GameData:
    real = load_data()
    return GameData(CardSet([*real.cards, long_card()], real.cards.terrain_tables), real.ruleset, real.rulesets)


def test_unknown_card_is_one_line_exit_1_and_no_file(run, tmp_path: Path) -> None:
    result = run("cards", "PzKw IV Q", "--out", "x.pdf")
    assert result.exit_code == 1
    assert "no card 'PzKw IV Q'" in one_clean_line(result.stderr)
    assert files(tmp_path) == []


def test_unknown_ruleset_names_the_known_ones(run, tmp_path: Path) -> None:
    result = run("refcards", "--ruleset", "nope")
    assert result.exit_code == 1
    line = one_clean_line(result.stderr)
    assert "unknown ruleset 'nope'" in line and "six-pack-r3" in line
    assert files(tmp_path) == []


@pytest.mark.parametrize("size", ["63y88", "big", "10x10"])
def test_bad_card_size_is_one_line_exit_1(run, size: str) -> None:
    result = run("cards", "46", "--card-size", size)
    assert result.exit_code == 1
    assert "card size" in one_clean_line(result.stderr)


def test_usage_errors_exit_2(run) -> None:
    assert run("cards", "46", "--lang", "de").exit_code == 2
    assert run("cards").exit_code == 2
    assert run("inserts", "--bleed", "-1").exit_code == 2


def test_missing_fonts_are_one_line_not_a_traceback(run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TCFORGE_FONT_DIR", str(tmp_path / "no-fonts"))
    result = run("cards", "46", "--out", "x.pdf")
    assert result.exit_code == 1
    assert "DejaVuSans.ttf" in one_clean_line(result.stderr)
    assert files(tmp_path) == []


def test_card_without_an_insert_is_refused(run, tmp_path: Path) -> None:
    result = run("inserts", "--cards", "47")
    assert result.exit_code == 1
    assert "no insert for #47 PzKw V G" in one_clean_line(result.stderr)
    assert files(tmp_path) == []


def test_bad_back_offset_and_a_folder_as_output(run, tmp_path: Path) -> None:
    result = run("calibration", "--back-offset", "12")
    assert result.exit_code == 1 and "back offset" in one_clean_line(result.stderr)
    (tmp_path / "folder").mkdir()
    result = run("cards", "46", "--out", "folder")
    assert result.exit_code == 1 and "folder" in one_clean_line(result.stderr)


@pytest.mark.parametrize("saved", ['{"back_offset_mm": [1]}', '{"back_offset_mm": {"a4": "x"}}',
                                   '{"back_offset_mm": {"a4": [1, 2, 3]}}', '{"back_offset_mm": {"a4": [true, 1]}}',
                                   '{"back_offset_mm": {"a4": [NaN, 1]}}'],
                         ids=["not-a-mapping", "text", "three-numbers", "boolean", "nan"])
def test_a_tampered_print_settings_file_is_one_line_naming_it(run, tmp_path: Path, saved: str) -> None:
    (tmp_path / "config").mkdir()
    (tmp_path / "config" / "print-settings.json").write_text(saved, encoding="utf-8")
    result = run("cards", "46", "--duplex", "--out", "duplex.pdf")
    line = one_clean_line(result.stderr)
    assert result.exit_code == 1 and "print-settings.json" in line and "print calibration --back-offset" in line
    assert not (tmp_path / "duplex.pdf").exists()


def test_over_long_name_is_reported_by_name_and_the_pdf_still_written(tmp_path: Path) -> None:
    data = with_long_card()
    report = build_proxies(tmp_path / "p.pdf", PrintOptions(), [long_card()], data.cards, data.ruleset)
    assert any(LONG_NAME in face for face in report.overflows)
    assert "name" in next(iter(report.overflows.values()))
    assert (tmp_path / "p.pdf").is_file()


def test_over_long_name_goes_to_stderr_and_strict_makes_it_an_error(run, tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cli, "_data", lambda ruleset: with_long_card())
    result = run("cards", "999", "46", "--out", "long.pdf")
    assert result.exit_code == 0
    assert "text does not fit" in result.stderr and LONG_NAME[:40] in result.stderr
    assert "PzKw IV J" not in result.stderr          # only the card that does not fit is named
    (tmp_path / "long.pdf").unlink()
    result = run("cards", "999", "--out", "long.pdf", "--strict")
    assert result.exit_code == 1
    assert "--strict" in result.stderr.strip().splitlines()[-1]
    assert files(tmp_path) == []


def test_every_bundled_card_fits_in_both_languages(tmp_path: Path) -> None:
    data = load_data()
    for lang in ("en", "fr"):
        report = build_proxies(tmp_path / f"{lang}.pdf", PrintOptions(lang=lang), list(data.cards), data.cards, data.ruleset)
        assert report.overflows == {}, report.overflows


def test_failed_drawing_leaves_no_file_and_keeps_the_old_one(run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    old = tmp_path / "deck.pdf"
    old.write_bytes(b"%PDF old")

    def broken(*args: object) -> None:
        raise RuntimeError("drawing failed")

    monkeypatch.setattr(cardface, "draw_card", broken)
    result = run("cards", "46", "--out", "deck.pdf")
    assert isinstance(result.exception, RuntimeError)
    assert old.read_bytes() == b"%PDF old"
    assert files(tmp_path) == ["deck.pdf"]            # no temporary file left behind
    result = run("cards", "46", "--out", "new.pdf")
    assert files(tmp_path) == ["deck.pdf"]


def test_interrupted_build_leaves_no_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def interrupted(*args: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(cardface, "draw_card", interrupted)
    data = load_data()
    with pytest.raises(KeyboardInterrupt):
        build_proxies(tmp_path / "deck.pdf", PrintOptions(), list(data.cards), data.cards, data.ruleset)
    assert files(tmp_path) == []


def test_atomic_path_renames_only_on_success(tmp_path: Path) -> None:
    target = tmp_path / "sub" / "a.txt"
    with atomic_path(target) as tmp:
        tmp.write_text("whole")
        assert not target.exists()
    assert target.read_text() == "whole"
    assert (target.stat().st_mode & 0o077) != 0     # an ordinary file, not mkstemp's private one
    with pytest.raises(ValueError), atomic_path(target) as tmp:
        tmp.write_text("half")
        raise ValueError
    assert target.read_text() == "whole" and files(tmp_path) == ["a.txt"]


def test_all_builds_every_pdf_with_a_progress_bar(run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # A one-card deck keeps the test short; the real command prints every card.
    real = load_data()
    small = GameData(CardSet([real.cards.get(46), *[c for c in real.cards if c.card_class == "terrain"]],
                             real.cards.terrain_tables), real.ruleset, real.rulesets)
    monkeypatch.setattr(cli, "_data", lambda ruleset: small)
    result = run("all", "--out", "built", "--no-scenarios")
    assert result.exit_code == 0, result.stderr
    names = files(tmp_path / "built")
    assert len(names) == 14
    for kind in ("inserts", "refcards", "proxies-all"):  # the names 'print inserts', 'refcards' and 'proxies' give them
        for tail in ("en-a4", "fr-a4", "en-letter", "fr-letter"):
            assert f"{kind}-{tail}.pdf" in names
    assert "calibration-en-a4.pdf" in names
    assert sorted(line.split()[1].split("/")[-1] for line in result.stdout.splitlines()[:-1]) == names  # each file named
    assert "building PDFs" not in result.stderr and "14/14" not in result.stderr  # no progress bar in a pipe (issue 20 item 9)


@pytest.mark.parametrize("offset", ["nan,nan", "inf,0", "0,-inf", "1e400,0"])
def test_non_finite_back_offset_is_refused_and_nothing_is_saved(run, tmp_path: Path, offset: str) -> None:
    result = run("calibration", "--back-offset", offset)
    assert result.exit_code == 1 and "finite" in one_clean_line(result.stderr)
    assert not (tmp_path / "config").exists()


def test_a_saved_non_finite_offset_is_reported_not_used(run, tmp_path: Path) -> None:
    (tmp_path / "config").mkdir()
    (tmp_path / "config" / "print-settings.json").write_text('{"back_offset_mm": {"a4": [NaN, 0]}}', encoding="utf-8")
    result = run("cards", "46", "--duplex", "--out", "duplex.pdf")
    assert result.exit_code == 1 and "calibration --back-offset" in one_clean_line(result.stderr)
    assert not (tmp_path / "duplex.pdf").exists()


def test_a_device_node_is_never_replaced_by_the_atomic_writer(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with pytest.raises(OSError, match="not a regular file"), atomic_path(fifo) as tmp:
        tmp.write_text("x")
    assert stat.S_ISFIFO(fifo.stat().st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pipe"]  # no temporary file left beside it


def test_device_output_and_a_path_under_a_file_are_one_clean_line(run, tmp_path: Path) -> None:
    result = run("cards", "46", "--out", "/dev/null")
    assert result.exit_code == 1 and "not a regular file" in one_clean_line(result.stderr)
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)
    (tmp_path / "afile").write_text("keep")
    result = run("cards", "46", "--out", "afile/deck.pdf")
    assert result.exit_code == 1 and "is a file, not a folder" in one_clean_line(result.stderr)
    assert (tmp_path / "afile").read_text() == "keep"
