"""How a card's printed value reads on every printed product (faces, inserts, the booklet's tables, the errata).

One reading for all, so that the book never disagrees with the cards:

- a 0 where the cards' 0 means "does not apply" (no to-hit, no penetration, no armor, no HE, SA or FT) is a dash,
  as the sources' tables leave such cells empty;
- a value a rule sets whatever the card prints is the value played with (9.4: an AT gun fires HE with at least the
  ruleset's minimum), marked where it is shown;
- unknown years ("?") are not printed.
"""
from __future__ import annotations

from typing import Any

from tcforge.data.cards import Card
from tcforge.data.rulesets import Ruleset
from tcforge.i18n.words import plain

# Fields where the cards' 0 means "does not apply": a dash on the page.
NOT_APPLICABLE_AT_ZERO = ("hit", "penetration", "armor", "he", "sa", "ft")
DASH = plain(None)


def face_value(field: str, value: Any) -> str:
    """A value as the pages show it: a dash where it does not apply (a 0 to-hit, armor or fire value)."""
    if field.split(".")[0] in NOT_APPLICABLE_AT_ZERO and value == 0 and not isinstance(value, bool):
        return DASH
    return plain(value)


def known_year(year: Any) -> bool:
    return year not in (None, "", "?", "-")


def face_years(years: dict[str, Any] | None) -> str:
    """'1943–1945'; one year when both are the same; '?' for an unknown end beside a known one; nothing when both
    are unknown (the card prints none)."""
    first, last = ((years or {}).get(k) for k in ("first", "last"))
    if not any(known_year(y) for y in (first, last)):
        return ""
    if first == last:
        return str(first)
    return "–".join(str(y) if known_year(y) else "?" for y in (first, last))


def rule_values(card: Card, ruleset: Ruleset) -> dict[str, int]:
    """Values a rule sets whatever the card prints: an AT gun fires HE with at least the ruleset's minimum (9.4)."""
    if card.card_class != "at_gun" or "fire.at_gun_min_he" not in ruleset.params:
        return {}
    printed, least = card.effective.get("he") or 0, ruleset["fire.at_gun_min_he"]
    return {"he": least} if isinstance(least, int) and printed < least else {}
