"""What kind of card a card is for the rules: a unit, a truck, a combat card, a tank (6.3, 9.3, 16.0).

One place for the engine (:mod:`tcforge.engine.units`), the scenario checks and
the set-up: each asks these functions, with the ruleset's parameter values.
"""
from __future__ import annotations

from collections.abc import Collection

from tcforge.data.cards import Card

UNIT_TYPES = ("vehicle", "at_gun", "infantry")  # the cards that stand on positions
TOWING_CLASSES = ("half_track", "truck")  # vehicles that may tow an AT gun (8.6.1)


def is_unit(card: Card) -> bool:
    """Vehicles, AT guns, infantry and cavalry: the cards that stand on positions."""
    return card.type in UNIT_TYPES


def is_truck(card: Card, half_tracks_count_as: str) -> bool:
    """Counts against the trucks' stacking limit, not the combat cards' (6.3); half-tracks as the ruleset says."""
    return card.type == "vehicle" and (card.card_class == "truck" or (
        card.card_class == "half_track" and half_tracks_count_as == "truck"))


def is_combat(card: Card, half_tracks_count_as: str) -> bool:
    """A combat card (6.3): a unit that is not a truck."""
    return is_unit(card) and not is_truck(card, half_tracks_count_as)


def is_tank(card: Card, tank_classes: Collection[str]) -> bool:
    """A tank for the rules that name tanks (8.5, 8.6, 10.0): a vehicle of one of the ruleset's tank classes."""
    return card.type == "vehicle" and card.card_class in tank_classes
