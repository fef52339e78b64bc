"""What a card is for the scenario rules: a unit, a truck, a tank, terrain (14.0, 6.3, 11.0).

The deck rules, the stacking checks and the set-up all ask the same questions
of a card; the answers live here, with the ruleset parameters they depend on.
"""
from __future__ import annotations

from typing import Any

from tcforge.data import card_kinds
from tcforge.data.card_kinds import is_unit  # noqa: F401  (one place: the data layer)
from tcforge.data.cards import Card

TERRAIN_CLASSES = frozenset({"terrain", "fortification", "water"})


def category(card: Card) -> str:
    """What kind of card it is for deck rules: terrain, special_events, equipment, air_artillery or units (14.0)."""
    if card.type == "special" and card.card_class in TERRAIN_CLASSES:
        return "terrain"
    if card.type in ("special", "ultra_rare"):
        return "special_events"
    if card.type in ("equipment", "air_artillery"):
        return card.type
    return "units"


def is_truck(card: Card, params: dict[str, Any]) -> bool:
    """Counts against the trucks' stacking limit (6.3); half-tracks as the ruleset says (tcforge.data.card_kinds)."""
    return card_kinds.is_truck(card, str(params.get("stacking.half_tracks_count_as", "combat")))


def is_combat(card: Card, params: dict[str, Any]) -> bool:
    return card_kinds.is_combat(card, str(params.get("stacking.half_tracks_count_as", "combat")))


def is_tank(card: Card, params: dict[str, Any]) -> bool:
    return card_kinds.is_tank(card, params.get("fire.tank_classes") or ("tank",))


def prohibits_vehicles(card: Card, params: dict[str, Any]) -> bool:
    """A terrain card that vehicles and AT guns may not enter (Stream, Swamp: 11.0)."""
    table = (card.effective.get("terrain_effects") or {}).get(params.get("fire.terrain_table", ""))
    if not isinstance(table, dict):
        tables = list((card.effective.get("terrain_effects") or {}).values())
        table = tables[0] if tables else {}
    return table.get("prohibits") == "vehicles_and_at_guns"
