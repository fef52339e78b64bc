"""`tcforge cards search` (issue 20 item 5): names in any language with accents optional, filters, "did you mean",
tables that keep names whole at 80 columns."""
from __future__ import annotations

import csv
import io
import json

import pytest

from tcforge.cli import common
from tcforge.data.search import PointRange, SearchError, fold, folds


def _ids(stdout: str) -> set[object]:
    return {c["id"] for c in json.loads(stdout)}


@pytest.mark.parametrize("query", ["Fallschirmjäger", "fallschirmjager", "FALLSCHIRMJAEGER", "jager"])
def test_name_with_or_without_accents_finds_card_112(cli, query: str) -> None:
    code, stdout, _ = cli("cards", "search", query, "--format", "json")
    assert code == 0 and 112 in _ids(stdout)


def test_french_name_without_accents_finds_the_card(cli) -> None:
    code, stdout, _ = cli("cards", "search", "recrues sovietiques", "--format", "json", "--lang", "fr")
    data = json.loads(stdout)
    assert code == 0 and [c["name_fr"] for c in data] == ["Recrues soviétiques"]


def test_punctuation_and_spaces_are_optional(cli) -> None:
    _, spaced, _ = cli("cards", "search", "T 34", "--format", "json")
    _, dashed, _ = cli("cards", "search", "t-34", "--format", "json")
    assert _ids(spaced) == _ids(dashed) and {55, 56, 57, 95} <= _ids(spaced)


def test_alias_words_in_any_order(cli) -> None:
    code, stdout, _ = cli("cards", "search", "tiger koenigs", "--format", "json")
    assert code == 0 and _ids(stdout) == {132}


def test_a_card_number_finds_its_card(cli) -> None:
    code, stdout, _ = cli("cards", "search", "sp-smoke", "--format", "json")
    assert code == 0 and "SP-SMOKE" in _ids(stdout)
    _, by_number, _ = cli("cards", "search", "46", "--format", "json")
    assert 46 in _ids(by_number)


def test_filters_nation_type_year_points_range(cli) -> None:
    code, stdout, _ = cli("cards", "search", "--nation", "german", "--type", "tank", "--year", "1944", "--points", "30-40",
                          "--format", "json")
    data = json.loads(stdout)
    assert code == 0 and data
    for card in data:
        assert card["nation"] == "german" and card["class"] == "tank" and 30 <= card["points"] <= 40
        assert card["years"]["first"] <= 1944 <= card["years"]["last"]
    assert 47 in {c["id"] for c in data}  # PzKw V G, 34 points, 1944-1945


def test_open_point_ranges() -> None:
    assert PointRange.parse("20-") == PointRange(20, None)
    assert PointRange.parse("-30") == PointRange(None, 30)
    assert PointRange.parse("25") == PointRange(25, 25)
    assert PointRange.parse("20..30") == PointRange(20, 30)
    assert PointRange.parse("20-").holds(99) and not PointRange.parse("-30").holds(31) and not PointRange(1, 5).holds(None)
    with pytest.raises(SearchError, match="backwards"):
        PointRange.parse("30-20")


def test_bad_points_is_one_line_usage_error(cli) -> None:
    code, stdout, stderr = cli("cards", "search", "--points", "20-x")
    assert code == 2 and stdout == "" and stderr.count("\n") == 1 and "write 20, 20-30" in stderr


def test_unknown_nation_suggests(cli) -> None:
    code, _, stderr = cli("cards", "search", "--nation", "germna")
    assert code == 2 and "did you mean 'german'" in stderr


def test_near_miss_says_did_you_mean(cli) -> None:
    code, stdout, stderr = cli("cards", "search", "panter")
    assert code == 1 and stdout == "" and "did you mean" in stderr and "Panther" in stderr


def test_no_match_without_suggestion_exits_1(cli) -> None:
    code, _, stderr = cli("cards", "search", "zzzzqqq")
    assert code == 1 and "no card matches 'zzzzqqq'" in stderr and "did you mean" not in stderr


def test_csv_has_a_header_and_one_row_per_card(cli) -> None:
    code, stdout, _ = cli("cards", "search", "--nation", "soviet", "--type", "tank", "--format", "csv")
    rows = list(csv.DictReader(io.StringIO(stdout)))
    assert code == 0 and rows and all(r["nation"] == "soviet" and r["class"] == "tank" for r in rows)


@pytest.mark.parametrize("command", [("cards", "search", "--nation", "german"), ("cards", "list", "--type", "infantry")])
def test_table_keeps_names_whole_at_80_columns(cli, monkeypatch: pytest.MonkeyPatch, command: tuple[str, ...]) -> None:
    _, data, _ = cli(*command, "--format", "json")
    names = [c["name"] for c in json.loads(data)]
    monkeypatch.setattr(common.out, "width", 80)
    code, stdout, _ = cli(*command)
    lines = stdout.splitlines()
    assert code == 0 and max(len(line) for line in lines) <= 80
    for name in names:
        assert any(name in line for line in lines), f"{name!r} is cut across lines"


def test_fold_reads_umlauts_both_ways() -> None:
    assert fold("Fallschirmjäger") == "fallschirmjager"
    assert folds("Königstiger") == {"konigstiger", "koenigstiger"}
