"""Malformed data never crashes `tcforge validate`; every problem is one file:line:col line, exit 1.

Each file in tests/data/bad/malformed/ once gave a traceback (a document that failed its schema was still fed
to the cross-file checks; deep nesting overflowed Python's recursion) or a wrong verdict.
"""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import BAD, ROOT

CORPUS = BAD / "malformed"
FOLDER = "tests/data/bad/malformed"

# file -> (line, column, code) of the first problem, and how many problems in all
EXPECTED: dict[str, tuple[int, int, str, int]] = {
    "alias-300-chars.yaml": (6, 15, "schema", 1),
    "points-nan.yaml": (16, 13, "schema", 1),
    "points-inf.yaml": (16, 13, "schema", 1),
    "points-neg-inf.yaml": (16, 13, "schema", 1),
    "alias-terminal-escape.yaml": (18, 15, "text-control", 1),
    "name-20000-chars.yaml": (5, 11, "text-too-long", 1),
    "name-201-chars.yaml": (5, 11, "schema", 1),
    "name-c1-csi.yaml": (5, 11, "text-control", 1),
    "name-empty.yaml": (5, 11, "schema", 1),
    "name-newline.yaml": (5, 11, "schema", 1),
    "name-tab.yaml": (5, 11, "text-control", 1),
    "name-terminal-escape.yaml": (5, 11, "text-control", 1),
    "unknown-key-terminal-escape.yaml": (18, 5, "text-control", 1),
    "aliases-mapping.yaml": (18, 14, "schema", 1),
    "aliases-nested.yaml": (18, 23, "schema", 1),
    "aliases-number.yaml": (18, 14, "schema", 1),
    "armor-list.yaml": (12, 12, "schema", 1),
    "card-is-list.yaml": (4, 5, "schema", 1),
    "cards-mapping.yaml": (3, 8, "schema", 1),
    "cards-number.yaml": (3, 8, "schema", 1),
    "deep-block-list.yaml": (66, 129, "too-deep", 1),
    "deep-flow-list.yaml": (1, 71, "too-deep", 1),
    "deep-flow-mapping.yaml": (1, 260, "too-deep", 1),
    "errata-mapping.yaml": (4, 9, "schema", 1),
    "errata-number.yaml": (4, 9, "schema", 1),
    "errata-set-list.yaml": (1, 6, "schema", 1),
    "erratum-card-list.yaml": (5, 11, "schema", 1),
    "erratum-card-mapping.yaml": (5, 11, "schema", 1),
    "erratum-change-number.yaml": (8, 9, "schema", 1),
    "erratum-changes-number.yaml": (7, 14, "schema", 1),
    "erratum-field-list.yaml": (8, 17, "schema", 1),
    "erratum-sources-number.yaml": (6, 14, "schema", 1),
    "id-float.yaml": (4, 9, "schema", 1),
    "id-list.yaml": (4, 9, "schema", 1),
    "id-mapping.yaml": (4, 9, "schema", 1),
    "id-text.yaml": (4, 9, "schema", 1),
    "name-binary-tag.yaml": (5, 11, "yaml-tag", 1),
    "name-boolean.yaml": (5, 11, "schema", 1),
    "name-list.yaml": (5, 11, "schema", 1),
    "name-mapping.yaml": (5, 11, "schema", 1),
    "name-null.yaml": (5, 11, "schema", 1),
    "name-number.yaml": (5, 11, "schema", 1),
    "name-tag.yaml": (5, 11, "yaml-tag", 1),
    "nation-list.yaml": (9, 13, "schema", 1),
    "points-list.yaml": (16, 13, "schema", 1),
    "sleeve-on-list.yaml": (18, 16, "schema", 1),
    "terrain-effects-list.yaml": (18, 22, "schema", 1),
    "years-list.yaml": (15, 20, "schema", 1),
    "years-mapping.yaml": (15, 20, "schema", 1),
    "years-number.yaml": (15, 12, "schema", 1),
    "years-text.yaml": (15, 20, "schema", 2),
    # text bounds on every field a user writes: the loader refuses control characters and texts over 10,000
    # characters anywhere; the schemas bound titles and names to 200 characters, other texts to 4,000
    "deck-text-escape.yaml": (67, 16, "text-control", 1),
    "deck-title-201-chars.yaml": (8, 7, "schema", 1),
    "effect-reason-tab.yaml": (15, 15, "text-control", 1),
    "effect-text-4001-chars.yaml": (17, 13, "schema", 1),
    "effect-text-fr-escape.yaml": (18, 13, "text-control", 1),
    "effect-text-giant.yaml": (17, 13, "text-too-long", 1),
    "errata-title-fr-newline.yaml": (2, 30, "schema", 1),
    "erratum-note-4001-chars.yaml": (7, 11, "schema", 1),
    "erratum-note-escape.yaml": (7, 11, "text-control", 1),
    "erratum-note-giant.yaml": (7, 11, "text-too-long", 1),
    "name-fr-201-chars.yaml": (6, 14, "schema", 1),
    "name-fr-bidi-override.yaml": (6, 14, "text-control", 1),
    "name-fr-terminal-escape.yaml": (6, 14, "text-control", 1),
    "source-section-giant.yaml": (2, 36, "text-too-long", 1),
    # a long wrong value is described (a list of 3,000 items), never echoed whole
    "name-list-3000-items.yaml": (5, 11, "schema", 1),
    "points-text-9000-chars.yaml": (16, 13, "schema", 1),
    "unknown-key-9000-chars.yaml": (18, 7, "schema", 1),
}

LINE = re.compile(r"^(?P<file>[^:]+):(?P<line>\d+):(?P<col>\d+): \S")


def test_malformed_corpus_has_an_expectation_per_file_and_60_in_all() -> None:
    assert sorted(p.name for p in CORPUS.iterdir()) == sorted(EXPECTED)
    assert len([p for p in BAD.rglob("*") if p.is_file()]) >= 60


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_malformed_bad_file_one_line_per_problem_at_file_line_col(cli, name: str) -> None:
    code, stdout, stderr = cli("validate", f"{FOLDER}/{name}")
    line, col, kind, count = EXPECTED[name]
    rows = stdout.splitlines()
    assert code == 1
    assert len(rows) == count
    assert all(LINE.match(row) for row in rows), rows
    assert rows[0].startswith(f"{FOLDER}/{name}:{line}:{col}: ")
    assert "Traceback" not in stdout + stderr
    _, as_json, _ = cli("validate", f"{FOLDER}/{name}", "--format", "json")
    assert json.loads(as_json)[0]["code"] == kind


@pytest.mark.slow
def test_malformed_whole_folder_reports_every_file_in_a_real_process() -> None:
    done = subprocess.run([sys.executable, "-m", "tcforge", "validate", FOLDER, "--format", "json"],
                          cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 1 and "Traceback" not in done.stdout + done.stderr
    assert {Path(p["file"]).name for p in json.loads(done.stdout)} == set(EXPECTED)


def test_malformed_fifo_is_an_error_not_zero_files_valid(cli, tmp_path: Path) -> None:
    fifo = tmp_path / "cards.yaml"
    os.mkfifo(fifo)
    code, stdout, stderr = cli("validate", str(fifo))  # would block forever if it were read
    assert code == 1 and stdout.startswith(f"{fifo}:1:1: not a regular file")
    assert "valid" not in stderr


def test_malformed_device_is_an_error(cli) -> None:
    code, stdout, _ = cli("validate", "/dev/zero")
    assert code == 1 and stdout.startswith("/dev/zero:1:1: not a regular file")


def test_malformed_empty_folder_is_an_error(cli, tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("not data\n")
    code, stdout, stderr = cli("validate", str(tmp_path))
    assert code == 1 and stdout.startswith(f"{tmp_path}:1:1: folder holds no data file")
    assert "0 file(s)" in stderr and "valid" not in stderr.replace("problem", "")


CONTROLS = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
WITH_CONTROLS = sorted(n for n, (_, _, kind, _) in EXPECTED.items() if kind == "text-control")
BROKEN_SCENARIOS = ROOT / "tests" / "data" / "scenarios" / "broken"


@pytest.mark.parametrize("name", WITH_CONTROLS)
def test_malformed_control_characters_are_never_echoed_raw(cli, name: str) -> None:
    for fmt in ("text", "json"):
        _, stdout, stderr = cli("validate", f"{FOLDER}/{name}", "--format", fmt)
        assert not CONTROLS.search(stdout + stderr), (stdout + stderr)[:300]


@pytest.mark.parametrize("path", sorted(BROKEN_SCENARIOS.glob("text-*.yaml")), ids=lambda p: p.stem)
def test_malformed_scenario_texts_are_bounded_and_never_echoed_raw(cli, path: Path) -> None:
    for command in ("check", "show"):
        code, stdout, stderr = cli("scenario", command, str(path))
        assert code == 1 and "Traceback" not in stdout + stderr
        assert not CONTROLS.search(stdout + stderr), (stdout + stderr)[:300]
        assert len(stdout + stderr) < 2000  # a giant text is reported by its length, never echoed


def test_malformed_a_huge_name_is_reported_by_its_length_not_echoed(cli) -> None:
    _, stdout, _ = cli("validate", f"{FOLDER}/name-20000-chars.yaml")
    assert "cards/0/name: text is 20,000 characters long, more than the 10,000" in stdout and len(stdout) < 1000


@pytest.mark.parametrize(("name", "shown"), [("name-list-3000-items.yaml", "a list of 3,000 items is not of type"),
                                             ("points-text-9000-chars.yaml", "a text of 9,000 characters is not a whole number"),
                                             ("unknown-key-9000-chars.yaml", "... (9,000 characters)")])
def test_malformed_a_long_wrong_value_is_described_not_echoed(cli, name: str, shown: str) -> None:
    _, stdout, _ = cli("validate", f"{FOLDER}/{name}")
    assert shown in stdout and len(stdout) < 1000


@pytest.mark.parametrize(("name", "shown"), [("points-nan.yaml", ".nan"), ("points-inf.yaml", ".inf"),
                                             ("points-neg-inf.yaml", "-.inf")])
def test_malformed_non_finite_numbers_are_named_as_written_not_null(cli, name: str, shown: str) -> None:
    _, stdout, _ = cli("validate", f"{FOLDER}/{name}")
    assert f"cards/0/points: {shown} is not a finite number" in stdout and "null" not in stdout
