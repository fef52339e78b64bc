"""One classification of cards (6.3, 9.3): the engine's profiles and the scenario checks ask the same functions."""
from __future__ import annotations

from tcforge.data import card_kinds
from tcforge.data.dataset import load_data
from tcforge.engine.game import Game
from tcforge.scenarios import card_kinds as sm


def test_6_3_half_tracks_count_as_trucks_only_when_the_ruleset_says_so() -> None:
    data = load_data()
    half_track = next(c for c in data.cards if c.card_class == "half_track")
    truck = next(c for c in data.cards if c.card_class == "truck")
    assert card_kinds.is_truck(truck, "combat") and card_kinds.is_truck(truck, "truck")
    assert not card_kinds.is_truck(half_track, "combat") and card_kinds.is_combat(half_track, "combat")
    assert card_kinds.is_truck(half_track, "truck") and not card_kinds.is_combat(half_track, "truck")


def test_engine_profiles_and_scenario_checks_classify_every_card_alike() -> None:
    data = load_data()
    for overrides in ({}, {"stacking.half_tracks_count_as": "truck"}):
        game = Game.create(data, overrides=overrides)
        for card in data.cards:
            profile = game.profiles[card.id]
            assert (profile.truck, profile.combat, profile.tank) == (
                sm.is_truck(card, game.params), sm.is_combat(card, game.params), sm.is_tank(card, game.params)), card.id
