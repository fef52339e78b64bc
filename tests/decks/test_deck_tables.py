"""Source 003's fire, morale and support odds, cells worked out by hand."""
from __future__ import annotations

import json
from fractions import Fraction

import pytest

from tcforge.decks.load import load_decks
from tcforge.decks.tables import (
    at_least,
    expected_templates,
    hit_chance,
    intensity,
    modified_size,
    morale,
    out_of_action,
    penetrating_results,
    penetration_chance,
    shot,
    support_kill,
    support_outcomes,
)


@pytest.fixture(scope="module")
def rules():
    return load_decks()[0]["fluid-time-003"]


@pytest.fixture(scope="module")
def deck():
    return load_decks()[1]["russian-front-summer-1942"]


def test_5_2_hit_on_d10_at_most_modified_size(rules):
    assert hit_chance(rules, 6) == Fraction(6, 10)
    assert hit_chance(rules, 1) == Fraction(1, 10)
    assert hit_chance(rules, 0) == 0  # no automatic hit (project's reading)
    assert hit_chance(rules, 12) == 1
    assert hit_chance(rules.with_values(fire__natural_one_hits=True), -2) == Fraction(1, 10)


def test_5_1_size_modifiers(rules):
    # Size 7, target moving in light concealment, hull down, long range -1: 7 - 1 - 1 - 1 - 1 = 3
    assert modified_size(rules, 7, target_moving=True, light_concealment=True, hull_down=True, range_modifier=-1) == 3
    assert modified_size(rules, 7, shooter_moved=True) == 5
    assert modified_size(rules, 7, shooter_moved=True, soviet_shooter=True) == 4  # -3 replaces -2
    adding = rules.with_values(fire__soviet_moving_replaces_shooter_moved=False)
    assert modified_size(adding, 7, shooter_moved=True, soviet_shooter=True) == 2


def test_5_3_penetration_two_dice_and_flank_die(rules):
    # 2d6 >= 7: 21 of 36 totals; 3d6 >= 7: all but the 20 totals of 6 or less out of 216
    assert penetration_chance(rules, 2, 7) == Fraction(21, 36)
    assert penetration_chance(rules, 2, 7, flank=True) == Fraction(196, 216)
    assert penetration_chance(rules, 1, 7) == 0
    assert penetration_chance(rules, 3, 18) == Fraction(1, 216)
    assert penetration_chance(rules, 3, 3) == 1


def test_5_4_penetrating_hit_results(rules):
    results = penetrating_results(rules)
    assert results == {"suppressed": Fraction(1, 6), "main_gun_disabled": Fraction(1, 6), "immobilized": Fraction(1, 6),
                       "burning": Fraction(2, 6), "massive_explosion": Fraction(1, 6)}
    assert out_of_action(rules) == Fraction(1, 2)  # 4, 5 or 6
    assert out_of_action(rules, 2) == Fraction(3, 4)


def test_5_shot_outcomes_add_up(rules):
    s = shot(rules, 6, 2, 7)
    assert s.miss == Fraction(4, 10)
    assert s.penetrating == Fraction(6, 10) * Fraction(21, 36)
    assert s.out_of_action == s.penetrating / 2
    assert s.miss + s.no_penetration + s.penetrating == 1


@pytest.mark.parametrize("modifier,passed,suppressed,abandoned", [
    (0, Fraction(21, 36), Fraction(12, 36), Fraction(3, 36)),   # 7+ passes; 2 or 3 abandons
    (-2, Fraction(10, 36), Fraction(16, 36), Fraction(10, 36)),  # needs 9+; 5 or less abandons
    (3, Fraction(33, 36), Fraction(3, 36), Fraction(0)),         # Soviet heavy tank crew: 4+ passes, never abandons
    (-1, Fraction(15, 36), Fraction(15, 36), Fraction(6, 36)),
])
def test_6_2_morale_by_modifier(rules, modifier, passed, suppressed, abandoned):
    r = morale(rules, modifier)
    assert (r.passed, r.suppressed, r.abandoned) == (passed, suppressed, abandoned)


def test_7_1_support_intensity_by_nation(rules):
    assert intensity(rules, "soviet") == {"low": Fraction(1, 2), "medium": Fraction(1, 3), "all_out": Fraction(1, 6)}
    assert intensity(rules, "german") == {"low": Fraction(1, 6), "medium": Fraction(1, 2), "all_out": Fraction(1, 3)}
    assert expected_templates(rules, "soviet") == Fraction(5, 3)
    assert expected_templates(rules, "german") == Fraction(13, 6)


def test_7_3_bomber_three_dice_plus_one_against_armour(rules):
    assert support_kill(rules, "bomber", 5, 10) == Fraction(1, 2) * at_least(4, 10)
    assert support_kill(rules, "fighter", 5, 10, armoured=False) == Fraction(1, 2) * Fraction(6, 36)  # 10, 11, 12 on 2d6


def test_7_support_cards_of_the_sample_deck(deck):
    soviet = support_outcomes(deck, deck.support_tables["soviet-support"])
    assert soviet == {"fighter": Fraction(1, 4), "bomber": Fraction(1, 4), "artillery": Fraction(1, 3), "none": Fraction(1, 6)}
    german = support_outcomes(deck, deck.support_tables["german-air"])
    assert german == {"bomber": Fraction(2, 3), "fighter": Fraction(1, 3)}  # HS-123 read as a bomber


def test_cli_deck_tables_json(cli):
    code, out, _ = cli("deck", "tables", "russian-front-summer-1942", "--format", "json", "--max-armour", "12")
    assert code == 0
    data = json.loads(out)
    assert data["morale"]["0"]["pass"]["fraction"] == "7/12"
    assert data["penetration"]["2+flank"]["7"]["fraction"] == "49/54"
    assert data["hit"]["6"]["fraction"] == "3/5"
    assert data["support_intensity"]["german"]["expected_templates"]["fraction"] == "13/6"
    code, out, _ = cli("deck", "tables")
    assert code == 0 and "Morale test" in out and "Support cards of" not in out
