"""`tcforge validate`: schema and consistency problems at file:line:col, all of them, exit codes."""
from __future__ import annotations

import json
import subprocess
import sys
import tracemalloc
from pathlib import Path

import pytest

from conftest import BAD, ROOT
from tcforge.data.yamlsafe import load_yaml

# file -> (line the first problem must be reported at, its code)
EXPECTED = {
    "alias-bomb.yaml": (6, "alias-bomb"),
    "alias-recursive.yaml": (4, "alias-recursive"),
    "alias-shadows-name.yaml": (6, "alias-shadows-name"),
    "bad-speed.yaml": (17, "schema"),
    "bad-type.yaml": (7, "schema"),
    "binary.yaml": (2, "binary"),
    "class-type-mismatch.yaml": (8, "schema"),
    "comments-only.yaml": (1, "empty"),
    "custom-tag.yaml": (2, "yaml-tag"),
    "duplicate-alias.yaml": (6, "duplicate-alias"),
    "duplicate-id.yaml": (4, "duplicate-id"),
    "duplicate-key.yaml": (18, "duplicate-key"),
    "duplicate-name.yaml": (5, "duplicate-name"),
    "duplicate-top-key.yaml": (18, "duplicate-key"),
    "empty-cards.yaml": (3, "schema"),
    "empty.yaml": (1, "empty"),
    "erratum-bad-field.yaml": (7, "erratum-field"),
    "erratum-invalid-result.yaml": (7, "erratum-invalid"),
    "erratum-mismatch.yaml": (7, "erratum-mismatch"),
    "erratum-unknown-card.yaml": (5, "unknown-card"),
    "erratum-unknown-field.yaml": (7, "schema"),  # the schema names the field; no second line for it
    "huge.yaml": (1, "too-large"),
    "interpretation-without-reason.yaml": (14, "schema"),
    "latin1.yaml": (5, "encoding"),
    "many-problems.yaml": (6, "schema"),
    "merge-key.yaml": (19, "yaml-merge"),
    "missing-french-name.yaml": (4, "schema"),
    "missing-french.yaml": (17, "schema"),
    "missing-required.yaml": (4, "schema"),
    "multi-document.yaml": (18, "yaml-syntax"),
    "not-a-mapping.yaml": (1, "unknown-kind"),
    "out-of-range-armor.yaml": (12, "schema"),
    "python-tag.yaml": (3, "yaml-tag"),
    "ruling-unknown-card.yaml": (5, "unknown-card"),
    "sleeve-unknown-card.yaml": (13, "unknown-card"),
    "syntax-indent.yaml": (6, "yaml-syntax"),
    "syntax-tab.yaml": (6, "yaml-syntax"),
    "syntax-unclosed-flow.yaml": (11, "yaml-syntax"),
    "syntax-unclosed-quote.yaml": (18, "yaml-syntax"),
    "unknown-key.yaml": (12, "schema"),
    "unknown-terrain-table.yaml": (14, "unknown-table"),
    "unknown-top-key.yaml": (3, "schema"),
    "wrong-type-hit.yaml": (10, "schema"),
    "wrong-type-points.yaml": (16, "schema"),
    "yaml11-boolean.yaml": (9, "schema"),
    "yaml11-float-section.yaml": (2, "schema"),
    "yaml11-octal-document.yaml": (2, "schema"),
    "year-two-digits.yaml": (15, "schema"),
    "years-order.yaml": (15, "years-order"),
}


def test_bad_folder_has_at_least_30_files_each_with_an_expectation() -> None:
    files = sorted(p.name for p in BAD.iterdir() if p.is_file())  # malformed/ has its own test (test_validate_malformed_files.py)
    assert len(files) >= 30
    assert files == sorted(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_bad_file_reported_at_its_line_with_exit_1(cli, name: str) -> None:
    code, stdout, stderr = cli("validate", f"tests/data/bad/{name}", "--format", "json")
    assert code == 1
    problems = json.loads(stdout)
    line, kind = EXPECTED[name]
    assert problems, name
    assert (line, kind) in [(p["line"], p["code"]) for p in problems]
    assert problems[0]["line"] == line  # nothing is reported before the real problem
    assert all(p["file"] == f"tests/data/bad/{name}" and p["hint"] for p in problems)
    assert "Traceback" not in stdout + stderr


def test_text_format_is_one_line_per_problem_file_line_col(cli) -> None:
    code, stdout, _ = cli("validate", "tests/data/bad/many-problems.yaml")
    lines = stdout.strip().splitlines()
    assert code == 1 and len(lines) == 3  # rarity, points and speed: every problem in one run
    assert [row.split(":")[1] for row in lines] == ["6", "16", "17"]
    assert lines[2].startswith("tests/data/bad/many-problems.yaml:17:12: cards/0/speed:")
    assert "[#/properties/cards/items/properties/speed/enum]" in lines[2] and "hint: use one of: fast, slow" in lines[2]


def test_every_file_and_problem_in_one_run(cli) -> None:
    code, stdout, _ = cli("validate", "tests/data/bad", "--format", "json")
    problems = json.loads(stdout)
    assert code == 1
    assert {Path(p["file"]).name for p in problems if "/malformed/" not in p["file"]} == set(EXPECTED)


def test_json_output_shape(cli) -> None:
    _, stdout, _ = cli("validate", "tests/data/bad/duplicate-key.yaml", "--format", "json")
    [problem] = json.loads(stdout)
    assert set(problem) == {"file", "line", "col", "message", "hint", "schema_path", "code"}
    assert problem["col"] == 5 and "lines 16 and 18" in problem["hint"]


def test_bundled_data_is_valid(cli) -> None:
    code, stdout, stderr = cli("validate")
    assert code == 0 and stdout == "" and "valid" in stderr


def test_usage_errors_exit_2(cli) -> None:
    assert cli("validate", "no/such/file.yaml")[0] == 2
    assert cli("validate", "--format", "xml")[0] == 2


@pytest.mark.slow
def test_real_process_exit_codes_and_no_traceback() -> None:
    exe = [sys.executable, "-m", "tcforge"]
    ok = subprocess.run(exe + ["validate"], cwd=ROOT, capture_output=True, text=True)
    bad = subprocess.run(exe + ["validate", "tests/data/bad"], cwd=ROOT, capture_output=True, text=True)
    assert (ok.returncode, bad.returncode) == (0, 1)
    assert "Traceback" not in bad.stdout + bad.stderr
    assert len(bad.stdout.splitlines()) >= len(EXPECTED)


def test_duplicate_key_names_both_lines() -> None:
    _, problems = load_yaml(BAD / "duplicate-key.yaml")
    assert "line 16" in problems[0].message and problems[0].line == 18


def test_alias_bomb_fails_fast_in_little_memory() -> None:
    tracemalloc.start()
    loaded, problems = load_yaml(BAD / "alias-bomb.yaml")
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert loaded is None and problems[0].code == "alias-bomb"
    assert peak < 64 * 1024 * 1024  # 9**10 values would need terabytes


def test_python_tags_are_never_constructed(tmp_path: Path) -> None:
    marker = tmp_path / "pwned"
    evil = tmp_path / "evil.yaml"
    evil.write_text(f"cards: !!python/object/apply:os.system ['touch {marker}']\n")
    _, problems = load_yaml(evil)
    assert not marker.exists() and problems[0].code == "yaml-tag"


def test_yaml_11_boolean_gets_a_quoting_hint(cli) -> None:
    _, stdout, _ = cli("validate", "tests/data/bad/yaml11-boolean.yaml")
    assert "put it in quotes" in stdout and "use one of: german, soviet, any" in stdout


def test_erratum_checked_against_bundled_cards(cli) -> None:
    _, stdout, _ = cli("validate", "tests/data/bad/erratum-mismatch.yaml")
    assert "erratum says penetration.short is printed 13, the card data says 12" in stdout
