"""What a card is for the scenario rules: a unit, a truck, a tank, terrain (14.0, 6.3, 11.0).

The deck rules, the stacking checks and the set-up all ask the same questions
of a card; the answers live here, with the ruleset parameters they depend on.
"""
from __future__ import annotations

from typing import Any

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


def is_unit(card: Card) -> bool:
    """Vehicles, AT guns, infantry and cavalry: the cards that stand on positions."""
    return card.type in ("vehicle", "at_gun", "infantry")


def is_truck(card: Card, params: dict[str, Any]) -> bool:
    """Counts against the trucks' stacking limit (6.3); half-tracks as the ruleset says."""
    if card.card_class == "truck":
        return True
    return card.card_class == "half_track" and str(params.get("stacking.half_tracks_count_as", "combat")).startswith("truck")


def is_combat(card: Card, params: dict[str, Any]) -> bool:
    return is_unit(card) and not is_truck(card, params)


def is_tank(card: Card, params: dict[str, Any]) -> bool:
    return card.type == "vehicle" and card.card_class in set(params.get("fire.tank_classes") or ("tank",))


def prohibits_vehicles(card: Card, params: dict[str, Any]) -> bool:
    """A terrain card that vehicles and AT guns may not enter (Stream, Swamp: 11.0)."""
    table = (card.effective.get("terrain_effects") or {}).get(params.get("fire.terrain_table", ""))
    if not isinstance(table, dict):
        tables = list((card.effective.get("terrain_effects") or {}).values())
        table = tables[0] if tables else {}
    return table.get("prohibits") == "vehicles_and_at_guns"
