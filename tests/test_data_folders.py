"""A designer's own data folder (``tcforge --data DIR``) is read whole or its gaps are said: a symbolic link loop, a
link to nothing, a folder reached twice, a folder that cannot be listed are each one ``file:1:1`` line and exit 1,
never a traceback and never a silent gap; a link to a folder of cards is followed, as a link to a file always was.
An own card named like a bundled card's alias is refused in the designer's file, where validate looks.

Links, loops and unreadable folders are made in ``tmp_path`` (git keeps links poorly); the cards are in
tests/data/hostile/datafolders/.
"""
from __future__ import annotations

import errno
import os
import re
import shutil
from pathlib import Path

import pytest

from conftest import ROOT

CORPUS = ROOT / "tests" / "data" / "hostile" / "datafolders"
LINE = re.compile(r"^(?P<file>[^:]+):(?P<line>\d+):(?P<col>\d+): \S")


def _mine(tmp_path: Path) -> Path:
    """A valid data folder of one card (OWN-4) to hide things in."""
    folder = tmp_path / "mine"
    shutil.copytree(CORPUS / "shared-cards", folder)
    return folder


def _problems(out: str) -> list[str]:
    rows = [row for row in out.splitlines() if row and not row.startswith("tcforge:")]
    assert all(LINE.match(row) for row in rows), rows
    return rows


def _refused(tcforge, folder: str, expected: list[str]) -> None:
    """validate and a card command both refuse the folder with exactly ``expected`` (the starts of the lines)."""
    code, out, err = tcforge("--data", folder, "validate")
    assert code == 1, out + err
    assert "Traceback" not in out + err
    rows = _problems(out)
    assert len(rows) == len(expected), rows
    for row, start in zip(rows, expected, strict=True):
        assert row.startswith(start), (row, start)
    code, out, err = tcforge("--data", folder, "cards", "list")
    assert code == 1 and "Traceback" not in out + err
    assert [row.split(": ")[0] for row in _problems(err)] == [start.split(": ")[0] for start in expected]


# -- symbolic links ------------------------------------------------------------------------------------------------------


def test_a_link_to_itself_is_one_line_not_a_traceback(tmp_path: Path, tcforge) -> None:
    (_mine(tmp_path) / "self").symlink_to("self")
    _refused(tcforge, "mine", ["mine/self:1:1: symbolic link loop: it points at 'self', which leads back round to it"])


def test_two_links_pointing_at_each_other_are_a_loop_each(tmp_path: Path, tcforge) -> None:
    mine = _mine(tmp_path)
    (mine / "a").symlink_to("b")
    (mine / "b").symlink_to("a")
    _refused(tcforge, "mine", ["mine/a:1:1: symbolic link loop", "mine/b:1:1: symbolic link loop"])


@pytest.mark.parametrize("target", [".", "..", "../../mine", "../.."])
def test_a_link_to_a_folder_that_contains_it_is_a_loop(tmp_path: Path, tcforge, target: str) -> None:
    mine = _mine(tmp_path)
    (mine / "sub").mkdir()
    (mine / "sub" / "back").symlink_to(target)
    shown = {".": "mine/sub", "..": "mine", "../../mine": "mine", "../..": str(tmp_path)}[target]
    _refused(tcforge, "mine", [f"mine/sub/back:1:1: symbolic link loop: '{target}' leads back to {shown}, a folder "
                               "that contains the link"])


def test_a_yaml_named_link_that_loops_is_a_file_that_cannot_be_read(tmp_path: Path, tcforge) -> None:
    """This one was a traceback in validate: looking for the designer's scenarios resolved the link."""
    (_mine(tmp_path) / "cards.yaml").symlink_to("cards.yaml")
    _refused(tcforge, "mine", ["mine/cards.yaml:1:1: cannot read the file: it is a symbolic link loop: it leads back "
                               "round to itself"])


def test_a_data_folder_that_is_itself_a_loop_is_a_usage_error(tmp_path: Path, tcforge,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """This one was a traceback in every command: --data resolved the link."""
    (tmp_path / "mine").symlink_to("mine")
    code, out, err = tcforge("--data", "mine", "validate")
    assert code == 2 and "Traceback" not in out + err
    assert err.strip().splitlines() == [f"tcforge: --data names no folder: {tmp_path / 'mine'} is a symbolic link loop: "
                                        "it leads back round to itself"]
    monkeypatch.setenv("TCFORGE_DATA", "")
    code, out, err = tcforge("validate", "mine")
    assert code == 2 and err.strip() == "tcforge: mine is a symbolic link loop: it leads back round to itself"


def test_a_link_to_nothing_is_said_when_it_may_have_been_a_folder_or_a_data_file(tmp_path: Path, tcforge) -> None:
    mine = _mine(tmp_path)
    (mine / "tanks").symlink_to("../moved-away")
    (mine / "infantry.yaml").symlink_to("../moved-away.yaml")
    (mine / "notes.txt").symlink_to("../old-notes.txt")  # not data, like any other .txt file: not read, not said
    _refused(tcforge, "mine", ["mine/infantry.yaml:1:1: cannot read the file: it is a symbolic link to "
                               "../moved-away.yaml, which does not exist",
                               "mine/tanks:1:1: symbolic link to '../moved-away', which does not exist"])


def test_hidden_entries_are_not_read_so_an_editor_lock_link_breaks_nothing(tmp_path: Path, tcforge) -> None:
    """Emacs locks a file it edits with ``.#cards.yaml``, a link to ``user@host.pid:boot`` (nothing): that link, named
    like data, failed every card command. Hidden files and folders (``.git``) are not data and are not read."""
    mine = _mine(tmp_path)
    (mine / ".#smoke-screen.yaml").symlink_to("user@host.123:1700000000")
    (mine / ".git").mkdir()
    (mine / ".git" / "broken.yaml").write_text("{ not: yaml", encoding="utf-8")
    (mine / ".backup.yaml").write_text("{ not: yaml", encoding="utf-8")
    code, out, err = tcforge("--data", "mine", "validate")
    assert (code, out) == (0, "") and err.startswith("1 file(s), 1 card(s): valid"), out + err
    code, out, err = tcforge("--data", "mine", "cards", "show", "OWN-4")
    assert code == 0 and "Own Smoke Screen" in out, err


def test_a_linked_folder_of_cards_is_followed(tmp_path: Path, tcforge) -> None:
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "shared").symlink_to(CORPUS / "shared-cards")
    code, out, err = tcforge("--data", "mine", "validate")
    assert (code, out) == (0, "") and err.startswith("1 file(s), 1 card(s): valid"), out + err
    code, out, err = tcforge("--data", "mine", "cards", "show", "OWN-4")
    assert code == 0 and "Own Smoke Screen" in out, err


def test_a_linked_folder_of_scenarios_is_listed_like_the_cards(tmp_path: Path, tcforge) -> None:
    """The designer's scenarios are found by the same walk as the cards: a linked folder is followed there too."""
    (tmp_path / "shared").mkdir()
    shutil.copy(ROOT / "tests" / "data" / "scenarios" / "base.yaml", tmp_path / "shared" / "linked-raid.yaml")
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "scenarios").symlink_to(tmp_path / "shared")
    code, out, err = tcforge("--data", "mine", "scenario", "list")
    assert code == 0 and "Test base" in out, out + err


def test_a_folder_reached_twice_is_refused_at_the_link_not_read_twice(tmp_path: Path, tcforge) -> None:
    mine = _mine(tmp_path)
    (mine / "cards").mkdir()
    (mine / "smoke-screen.yaml").rename(mine / "cards" / "smoke-screen.yaml")
    (mine / "again").symlink_to("cards")  # sorts before 'cards': the real folder is still the one read
    (mine / "also").symlink_to(mine / "cards")
    _refused(tcforge, "mine", ["mine/again:1:1: the same folder as mine/cards, reached again through a symbolic link",
                               "mine/also:1:1: the same folder as mine/cards, reached again through a symbolic link"])


def test_a_fifo_named_like_a_data_file_in_a_folder_is_refused_not_skipped(tmp_path: Path, tcforge) -> None:
    os.mkfifo(_mine(tmp_path) / "cards.yaml")  # would block a reader forever
    _refused(tcforge, "mine", ["mine/cards.yaml:1:1: not a regular file"])


# -- folders that cannot be read -----------------------------------------------------------------------------------------


def test_a_folder_that_cannot_be_listed_is_an_error(tmp_path: Path, tcforge, monkeypatch: pytest.MonkeyPatch) -> None:
    """Tests run as root here, which reads any folder whatever its mode: listing one is refused by a stand-in for
    os.scandir, as the kernel refuses it to anyone else (the next test does it for real when not root)."""
    mine = _mine(tmp_path)
    (mine / "locked").mkdir()
    real = os.scandir

    def scandir(path: str | os.PathLike[str] = ".") -> os.ScandirIterator[str]:
        if Path(path).resolve() == (mine / "locked").resolve():
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(path))
        return real(path)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "scandir", scandir)
    _refused(tcforge, "mine", ["mine/locked:1:1: cannot read the folder: Permission denied (hint: give yourself permission"])


@pytest.mark.skipif(hasattr(os, "geteuid") and os.geteuid() == 0,
                    reason="root reads a folder whatever its mode: the stand-in test above covers it")
def test_a_folder_without_read_permission_is_an_error(tmp_path: Path, tcforge) -> None:
    mine = _mine(tmp_path)
    (mine / "locked").mkdir()
    (mine / "locked").chmod(0)
    try:
        _refused(tcforge, "mine", ["mine/locked:1:1: cannot read the folder: Permission denied"])
    finally:
        (mine / "locked").chmod(0o755)


# -- an own card named like a bundled alias ------------------------------------------------------------------------------


@pytest.mark.parametrize(("folder", "message"), [
    ("name-is-bundled-alias", "card OWN-1: name 'SPW 251' is already an alias of card 50 (Mittlerer SPW)"),
    ("name-is-bundled-alias-spelled-otherwise", "card OWN-2: name 'TIGER-I' is already an alias of card 83 (PzKw VI E)"),
    ("name-is-bundled-name", "card OWN-3: name 'T 34/85' is already card 57's"),
])
def test_an_own_card_named_like_a_bundled_name_or_alias_is_refused_in_its_own_file(tcforge, monkeypatch, folder: str,
                                                                                     message: str) -> None:
    """Validate called 'SPW 251' valid, then every card command failed on the bundled card 50's alias: now both
    point at the designer's name, with a hint that says the bundled data cannot change."""
    monkeypatch.chdir(ROOT)
    where = f"tests/data/hostile/datafolders/{folder}"
    [name] = [p.name for p in (CORPUS / folder).glob("*.yaml")]
    code, out, err = tcforge("--data", where, "validate")
    [row] = _problems(out)
    assert code == 1 and row.startswith(f"{where}/{name}:6:11: {message} (a clash with the bundled data)"), row
    assert "the bundled data, which cannot change: rename" in row
    for command in (("cards", "list"), ("cards", "show", "50")):
        code, out, err = tcforge("--data", where, *command)
        assert code == 1 and "Traceback" not in out + err
        [row] = _problems(err)
        assert row.startswith(f"{where}/{name}:6:11: {message}"), row


def test_an_alias_clash_inside_the_bundled_data_is_still_told_at_the_alias(cli) -> None:
    """The old place of the report stays for an alias that a card's name already uses (bad/alias-shadows-name.yaml)."""
    code, out, _ = cli("validate", "tests/data/bad/alias-shadows-name.yaml")
    assert code == 1 and out.startswith("tests/data/bad/alias-shadows-name.yaml:6:")
    assert "alias 'PzKw IV H' is the name of card" in out
