"""Issue 51 (reading limits in one place, tcforge.bounds): a translation record (DATA/i18n/fr.json) that is not one
stops `tcforge i18n status`, `export` and `import` in one line naming the file and how to fix it, exit 1, no
traceback, nothing written. The records are tests/data/i18n/records (README.md there says what each holds); before,
a deep one was a RecursionError traceback and a misshapen one an AttributeError traceback."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from conftest import ROOT
from tcforge.bounds import MAX_RECORD_BYTES
from tcforge.cli import app
from tcforge.paths import DATA_ENV

RECORDS = ROOT / "tests" / "data" / "i18n" / "records"
GOOD_PO = ROOT / "tests" / "data" / "i18n" / "accepted" / "no-final-line-break.po"
SAYS = {"deep.json": "nested more than 16 deep", "not-an-object.json": "not a translation record",
        "texts-a-list.json": "not a translation record", "value-not-text.json": "not a translation record",
        "not-json.json": "fr.json:2:1: not JSON", "latin-1.json": "can't decode byte 0xe9",
        "huge.json": "more than the 16,777,216-byte limit"}


def test_the_corpus_is_the_list() -> None:
    assert sorted(p.name for p in RECORDS.glob("*.json")) == sorted(set(SAYS) - {"huge.json"})


@pytest.fixture()
def folder(tmp_path: Path) -> Path:
    (tmp_path / "mine" / "i18n").mkdir(parents=True)
    return tmp_path / "mine"


@pytest.mark.parametrize("name", sorted(SAYS))
@pytest.mark.parametrize("command", [["status", "--lang", "fr"], ["export", "--lang", "fr", "--out", "OUT"],
                                     ["import", str(GOOD_PO), "--lang", "fr"]])
def test_a_record_that_is_not_one_is_one_line_and_exit_1(folder: Path, name: str, command: list[str]) -> None:
    record = folder / "i18n" / "fr.json"
    if name == "huge.json":
        record.write_bytes(b'{"texts": {}, "pad": "' + b"x" * MAX_RECORD_BYTES + b'"}')
    else:
        shutil.copyfile(RECORDS / name, record)
    before = sorted((p, p.stat().st_size) for p in folder.rglob("*"))
    out = folder.parent / "x.po"
    args = ["i18n", *[str(out) if word == "OUT" else word for word in command]]
    result = CliRunner().invoke(app, args, env={DATA_ENV: str(folder)})  # --data, restored after (CliRunner's env)
    assert result.exit_code == 1, result.output
    assert not isinstance(result.exception, Exception) or isinstance(result.exception, SystemExit), result.exception
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.stderr, result.stderr
    assert str(record) in lines[0] and SAYS[name] in lines[0] and "tcforge i18n import" in lines[0], lines[0]
    assert sorted((p, p.stat().st_size) for p in folder.rglob("*")) == before and not out.exists()
