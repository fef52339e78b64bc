"""Issue 16 item 12: one English spelling, American (armor, immobilized, center, canceled), in every English text
the project prints: the word table, card texts, rule books, scenarios, rulesets, decks, and the English booklet."""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from frenchkit import html_text
from tcforge.i18n.words import W

ROOT = Path(__file__).resolve().parents[2]
# British forms, as whole words; identifiers with an underscore (immobilise_rolls) are names, not prose.
BRITISH = re.compile(r"(?<![\w.])(armou?red|armours?|immobilis(?:e|es|ed|ing)|centred?|centres|favou?rs?|favoured|"
                     r"colours?|defence|neighbours?|cancell(?:ed|ing)|recognis(?:e|ed)|(?:centi|milli)?metres?|"
                     r"realis(?:e|ed)|utilis(?:e|ed)|analys(?:e|ed))(?!\w)", re.I)
AMERICAN_TOO = {"favor", "favors", "armor", "armors", "armored"}  # the pattern's optional u also finds these


def british(text: str) -> list[str]:
    return [m.group(0) for m in BRITISH.finditer(text) if m.group(0).lower() not in AMERICAN_TOO]


def _english(node: Any, key: str = "") -> list[str]:
    """The English strings of a data file: values under 'en', and reasons, notes and descriptions."""
    if isinstance(node, dict):
        return [s for k, v in node.items() for s in _english(v, str(k))]
    if isinstance(node, list):
        return [s for v in node for s in _english(v, key)]
    if isinstance(node, str) and key in ("en", "reason", "note", "why", "description", "interpretation", "text", "title"):
        return [node]
    return []


def test_the_pattern_finds_british_and_spares_american() -> None:
    assert british("the armour of an immobilised tank, centre, cancelled") == ["armour", "immobilised", "centre",
                                                                                  "cancelled"]
    assert british("armor, armored, immobilized, center, canceled, immobilise_rolls, support.armour_extra") == []


def test_the_word_table_is_american() -> None:
    found = {key: british(en) for key, (en, _fr) in W.items() if british(en)}
    assert not found, found


@pytest.mark.parametrize("folder", ["cards", "errata", "rulesets", "scenarios", "decks", "rules/en", "rules-003/en",
                                    "coverage"])
def test_english_data_is_american(folder: str) -> None:
    found = {}
    for path in sorted((ROOT / "data" / folder).glob("*.yaml")):
        strings = _english(yaml.safe_load(path.read_text(encoding="utf-8")))
        hits = [w for s in strings for w in british(s)]
        if hits:
            found[path.name] = hits
    assert not found, found


def test_the_english_booklet_is_american() -> None:
    from tcforge.render.booklet.document import BookletOptions, render_html
    text = html_text(render_html(BookletOptions("en", None))[0])
    assert not british(text), british(text)
    assert "armor" in text and "immobilized" in text
