"""`tcforge cards list/show/stats` and `tcforge errata list`."""
from __future__ import annotations

import csv
import io
import json

FIXED = ["id", "name", "rarity", "type", "class", "nation", "hit", "penetration", "armor", "he", "sa", "ft",
         "tank_melee", "years", "points", "speed"]


def test_cards_show_46_json_has_fixed_fields_with_effective_values(cli) -> None:
    code, stdout, _ = cli("cards", "show", "46", "--format", "json")
    data = json.loads(stdout)
    assert code == 0 and list(data)[:16] == FIXED
    assert data["penetration"] == {"short": 14, "long": 11}  # printed 12/9, errata 19.1 + FAQ 19
    assert data["years"] == {"first": 1944, "last": 1945} and data["speed"] == "fast"
    assert [(e["field"], e["printed"], e["corrected"]) for e in data["errata"]] == [
        ("penetration.short", 12, 14), ("penetration.long", 9, 11)]


def test_cards_show_by_alias_text_lists_errata(cli) -> None:
    code, stdout, _ = cli("cards", "show", "Hetzer")
    assert code == 0 and "86  JgPz 38 (t)" in stdout
    assert "points: 30 -> 24" in stdout and "FAQ 17" in stdout


def test_cards_show_french(cli) -> None:
    code, stdout, _ = cli("cards", "show", "Smoke", "--lang", "fr")
    assert code == 0 and "Fumée" in stdout and "Interruption" in stdout


def test_cards_show_unknown_card_exits_1_with_suggestion(cli) -> None:
    code, _, stderr = cli("cards", "show", "PzKw IV Q")
    assert code == 1 and "did you mean" in stderr


def test_cards_list_in_service_in_1943(cli) -> None:
    _, stdout, _ = cli("cards", "list", "--type", "vehicle", "--nation", "german", "--year", "1943", "--format", "json")
    names = {c["name"] for c in json.loads(stdout)}
    assert "PzKw VI E" in names and "PzKw V G" not in names and "PzKw 35(t)" not in names


def test_cards_list_csv_and_class_filter(cli) -> None:
    _, stdout, _ = cli("cards", "list", "--class", "half_track", "--format", "csv")
    rows = list(csv.DictReader(io.StringIO(stdout)))
    assert [r["name"] for r in rows] == ["SPW 250", "Mittlerer SPW"]
    assert rows[0]["armor.front"] == "1" and rows[0]["years.first"] == "1941"


def test_cards_list_table(cli) -> None:
    code, stdout, _ = cli("cards", "list", "--rarity", "UR")
    assert code == 0 and "Tank Repair Shop" in stdout and "1 card(s)" in stdout


def test_errata_list(cli) -> None:
    _, stdout, _ = cli("errata", "list", "--official-only", "--format", "json")
    rows = json.loads(stdout)
    assert len({r["card"] for r in rows}) == 15 and not any(r["variant"] for r in rows)
    card_86 = next(r for r in rows if r["card"] == 86)
    assert {k: v for k, v in card_86.items() if k in ("card", "field", "printed", "corrected")} \
        == {"card": 86, "field": "points", "printed": 30, "corrected": 24}


def test_cards_stats(cli) -> None:
    _, stdout, _ = cli("cards", "stats", "--format", "json")
    data = json.loads(stdout)
    assert data["total"] == 166 and data["by_type"]["vehicle"]["total"] == 86
