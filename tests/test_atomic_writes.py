"""The one writer every file goes through (tcforge/atomic.py), seen through 'tcforge i18n export' and 'import': no write
through a planted or target link, no hang on a FIFO, no .part file left on a full disk, several files all or none."""
from __future__ import annotations

import errno
import os
import signal
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import tcforge.atomic as atomic
from conftest import ROOT
from faultkit import FullDisk
from tcforge.atomic import atomic_path, write_all, write_atomic
from tcforge.cli.i18n import app
from tcforge.paths import DATA_ENV

DATA = ROOT / "data"


@pytest.fixture()
def no_hang() -> Iterator[None]:
    """Fail, not hang, if something opens a FIFO after all."""
    def stop(*_: Any) -> None:
        raise TimeoutError("blocked on a FIFO")
    old = signal.signal(signal.SIGALRM, stop)
    signal.alarm(20)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, old)


def _export(data: Path, out: Path) -> tuple[int, str]:
    result = CliRunner().invoke(app, ["export", "--out", str(out)], env={DATA_ENV: str(data)})  # tcforge --data DATA
    assert not isinstance(result.exception, Exception) or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stderr


def _parts(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.rglob("*.part"))


@pytest.mark.slow
def test_export_never_writes_through_a_link_planted_at_the_old_temporary_name(data: Path, tmp_path: Path) -> None:
    folder = tmp_path / "sym"
    folder.mkdir()
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n")
    (folder / ".fr.po.part").symlink_to(victim)
    code, err = _export(data, folder / "fr.po")
    assert code == 0, err
    assert victim.read_text() == "precious\n"
    assert not (folder / "fr.po").is_symlink() and (folder / "fr.po").read_text(encoding="utf-8").startswith("# Rule book")
    assert (folder / ".fr.po.part").is_symlink()  # the planted link is left as it was, never followed


def test_export_to_a_symbolic_link_is_refused_in_one_line_and_the_link_kept(data: Path, tmp_path: Path) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n")
    link = tmp_path / "fr.po"
    link.symlink_to(victim)
    code, err = _export(data, link)
    assert code == 1
    assert len(err.strip().splitlines()) == 1 and "symbolic link" in err and "Traceback" not in err
    assert link.is_symlink() and victim.read_text() == "precious\n"
    assert _parts(tmp_path) == []


def test_export_to_a_fifo_is_refused_without_opening_it(data: Path, tmp_path: Path, no_hang: None) -> None:
    fifo = tmp_path / "fr.po"
    os.mkfifo(fifo)
    code, err = _export(data, fifo)
    assert code == 1
    assert len(err.strip().splitlines()) == 1 and "FIFO" in err
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode) and _parts(tmp_path) == []


def _fill_disk(monkeypatch: pytest.MonkeyPatch, after: int = 0) -> None:
    """Make the ``after``-th write (0-based) and every later one fail with ENOSPC."""
    real = os.fdopen
    count = {"n": 0}

    def fdopen(fd: int, *args: Any, **kwargs: Any) -> Any:
        handle = real(fd, *args, **kwargs)
        count["n"] += 1
        return FullDisk(handle) if count["n"] > after else handle
    monkeypatch.setattr(atomic.os, "fdopen", fdopen)


def test_export_on_a_full_disk_fails_in_one_line_leaving_the_old_file_and_no_part(
        data: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "fr.po"
    out.write_text("the old catalogue\n")
    _fill_disk(monkeypatch)
    code, err = _export(data, out)
    assert code == 1
    assert len(err.strip().splitlines()) == 1 and "No space left on device" in err
    assert out.read_text() == "the old catalogue\n"
    assert _parts(tmp_path) == []


def test_import_on_a_full_disk_changes_no_file_of_the_several_it_writes(
        data: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The import writes a rule chapter and a card file; the disk fills on the second: neither changes."""
    po = tmp_path / "fr.po"
    head = (ROOT / "tests" / "data" / "i18n" / "hostile" / "long-card-name.po").read_text(encoding="utf-8")
    po.write_text(head.split("msgctxt")[0] + 'msgctxt "1.0|title"\nmsgid "The game"\nmsgstr "Le jeu de cartes"\n\n'
                  'msgctxt "card:8|name"\nmsgid "German Cavalry"\nmsgstr "Cavalerie allemande montée"\n',
                  encoding="utf-8")
    before = {p: p.read_bytes() for p in data.rglob("*") if p.is_file()}
    _fill_disk(monkeypatch, after=1)
    result = CliRunner().invoke(app, ["import", str(po)], env={DATA_ENV: str(data)})
    assert result.exit_code == 1
    assert "No space left on device" in result.stderr and "no file changed" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.stderr
    assert {p: p.read_bytes() for p in data.rglob("*") if p.is_file()} == before
    assert _parts(data) == []


def test_write_all_puts_back_the_files_it_replaced_when_a_rename_fails(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    first, second = tmp_path / "a.txt", tmp_path / "b.txt"
    first.write_text("old a")
    real = os.replace
    calls = {"n": 0}

    def replace(src: Any, dst: Any) -> None:
        calls["n"] += 1
        if calls["n"] == 2:
            raise OSError(errno.EIO, "Input/output error")
        real(src, dst)
    monkeypatch.setattr(atomic.os, "replace", replace)
    with pytest.raises(OSError, match="Input/output error"):
        write_all({first: "new a", second: "new b"})
    assert first.read_text() == "old a" and not second.exists()
    assert _parts(tmp_path) == []


def test_the_atomic_writer_refuses_a_link_and_keeps_a_replaced_files_permissions(tmp_path: Path) -> None:
    victim = tmp_path / "victim"
    victim.write_text("precious")
    link = tmp_path / "link"
    link.symlink_to(victim)
    with pytest.raises(OSError, match="symbolic link"), atomic_path(link) as tmp:
        tmp.write_text("x")
    with pytest.raises(OSError, match="symbolic link"):
        write_atomic(link, "x")
    assert victim.read_text() == "precious" and link.is_symlink()
    script = tmp_path / "script.sh"
    script.write_text("old")
    script.chmod(0o750)
    write_atomic(script, "new")
    assert script.read_text() == "new" and stat.S_IMODE(script.stat().st_mode) == 0o750
    assert _parts(tmp_path) == []


def test_a_long_legal_file_name_is_written_and_a_name_too_long_is_said_as_such(tmp_path: Path) -> None:
    """The temporary file was named '.NAME.XXXXXXXX.part', 15 characters longer than the target: a legal name of 241
    to 255 bytes failed 'File name too long: no file can be written in .; write it somewhere else'."""
    if os.pathconf(tmp_path, "PC_NAME_MAX") < 255:
        pytest.skip("this file system takes names shorter than 255 bytes")
    long = tmp_path / ("n" * 246 + ".pdf")  # 250 characters
    write_atomic(long, "whole")
    assert long.read_text() == "whole"
    longer = tmp_path / ("m" * 246 + ".csv")
    with atomic_path(longer) as tmp:
        tmp.write_text("whole")
    assert longer.read_text() == "whole"
    write_all({tmp_path / ("o" * 250): "a", tmp_path / ("p" * 255): "b"})
    assert (tmp_path / ("p" * 255)).read_text() == "b"
    with pytest.raises(OSError) as refused:
        write_atomic(tmp_path / ("q" * 256), "x")
    assert refused.value.errno == errno.ENAMETOOLONG
    assert "give a shorter one" in str(refused.value.strerror) and "somewhere else" not in str(refused.value.strerror)
    assert _parts(tmp_path) == []
