"""The card tables of source 000 section 19.1, as data: counts, samples of every type, numbering."""
from __future__ import annotations

import pytest

from tcforge.data.cards import CardLookupError, CardSet


def test_19_1_every_printed_number_from_1_to_164_is_a_card(cards: CardSet) -> None:
    printed = {c.id for c in cards if isinstance(c.id, int)}
    assert printed == set(range(1, 165))


def test_19_1_card_counts_per_type(cards: CardSet) -> None:
    printed = [c for c in cards if isinstance(c.id, int)]
    counts: dict[str, int] = {}
    for c in printed:
        counts[c.type] = counts.get(c.type, 0) + 1
    assert counts == {"vehicle": 86, "at_gun": 15, "air_artillery": 5, "infantry": 14,
                      "equipment": 5, "special": 38, "ultra_rare": 1}
    assert len(cards.filter(type="vehicle", nation="german")) == 42
    assert len(cards.filter(type="vehicle", nation="soviet")) == 44
    assert len(cards.filter(type="at_gun", nation="german")) == 7
    assert len(cards.filter(type="special", card_class="terrain")) == 6


def test_19_1_number_9_printed_twice_ba20_numbered_59(cards: CardSet) -> None:
    ba20 = cards.get("BA-20")
    assert ba20.id == 59 and ba20.printed["printed_number"] == 9
    assert "59" in ba20.printed["numbering"] and ba20.type == "vehicle"
    cavalry = cards.by_id[9]
    assert cavalry.name == "Soviet Cavalry" and cavalry.printed["printed_number"] == 9
    assert cards.get(59) is ba20


def test_six_pack_cards_have_ids_that_cannot_collide(cards: CardSet) -> None:
    added = [c for c in cards if not isinstance(c.id, int)]
    assert sorted(c.id for c in added) == ["SP-HMG", "SP-SMOKE"]
    smoke, hmg = cards.get("Smoke"), cards.get("Heavy Machine Gun")
    assert (smoke.effective["kind"], smoke.effective["points"]) == ("interrupt", 5)  # 9.5.1 a
    assert (hmg.type, hmg.effective["points"], hmg.effective["sa"]) == ("equipment", 10, 2)  # 13.2
    assert smoke.printed["sleeve_on"] == 2  # 9.5.1 a suggests the Anti-Tank Mine cards


@pytest.mark.parametrize("ref, expected", [
    # a sample of every type, values as printed in 19.1
    ("129", {"name": "PzKw 35(t)", "class": "tank", "nation": "german", "hit": {"short": 5, "long": 3},
             "penetration": {"short": 3, "long": 2}, "armor": {"front": 3, "side": 2}, "he": 4, "sa": 3,
             "years": {"first": 1941, "last": 1941}, "points": 14, "speed": "fast"}),
    ("140", {"name": "JgPz VI", "class": "tank_destroyer", "penetration": {"short": 26, "long": 22},
             "armor": {"front": 17, "side": 10}, "points": 42, "speed": "slow"}),
    ("146", {"name": "OT-34", "class": "flamethrower_tank", "ft": 8, "nation": "soviet"}),
    ("142", {"name": "OT-133", "hit": {"short": "-", "long": 0}, "ft": 7}),
    ("104", {"name": "Matilda II", "nation": "soviet", "speed": "slow"}),
    ("50", {"name": "Mittlerer SPW", "class": "half_track", "armor": {"front": 1, "side": 1}}),
    ("24", {"name": "Truck USSR", "class": "truck", "points": 5, "years": {"first": 1943, "last": 1945}}),
    ("41", {"name": "7.5 cm PaK 40", "type": "at_gun", "hit": {"short": 8, "long": 5}, "he": 5, "sa": 1,
            "points": 15, "speed": "slow"}),
    ("64", {"name": "Rocket Artillery Soviet", "type": "air_artillery", "kind": "instant",
            "years": {"first": "?", "last": "?"}, "points": 15}),
    ("10", {"name": "Soviet Guards Squad", "type": "infantry", "class": "elite", "sa": 5, "tank_melee": 1,
            "points": 14, "speed": "slow"}),
    ("8", {"name": "German Cavalry", "class": "cavalry", "speed": "fast", "points": 12}),
    ("113", {"name": "Flammenwerfer 41", "type": "equipment", "ft": 7, "points": 8}),
    ("2", {"name": "Anti-Tank Mine", "type": "special", "kind": "?", "points": 1}),
    ("29", {"name": "Path", "kind": "interrupt", "points": 12}),
    ("66", {"name": "Flank Shot", "kind": "instant", "points": 20}),
    ("164", {"name": "Tank Repair Shop", "type": "ultra_rare", "rarity": "UR", "points": None}),
])
def test_19_1_sample_of_every_card_type(cards: CardSet, ref: str, expected: dict) -> None:
    data = cards.get(ref).to_json()
    for key, value in expected.items():
        assert data[key] == value, key


def test_19_1_unknown_values_stay_unknown_never_zero(cards: CardSet) -> None:
    stuka = cards.get("Stuka Air Strike")
    assert stuka.printed["years"] == {"first": "?", "last": "?"}
    assert cards.get("Anti-Tank Mine").printed["kind"] == "?"
    assert stuka.printed["kind"] == "-"  # printed "-", corrected to Instant by the errata


def test_lend_lease_vehicles_are_soviet_cards(cards: CardSet) -> None:
    lend_lease = [c for c in cards if c.printed.get("lend_lease")]
    assert {c.name for c in lend_lease} >= {"M3 Lee", "Matilda II", "Churchill III", "M4A2 (76)"}
    assert all(c.nation == "soviet" for c in lend_lease)


@pytest.mark.parametrize("alias, number", [
    ("SPW 251", 50), ("T 34/85", 57), ("AT Rifle", 62), ("Waffen SS Squad", 4), ("German Veteran Squad", 3),
    ("57mm PTP obr 43", 36), ("SU-76m", 58), ("T 34 M41", 55), ("PzKw VI B", 132), ("Panzershreck", 61),
    ("T34 M43", 56), ("PzKw IVG", 44), ("StuG IIIG", 48), ("7.5cm PaK 40", 41), ("Marder II", 136),
])
def test_scenario_names_resolve_by_alias(cards: CardSet, alias: str, number: int) -> None:
    assert cards.get(alias).id == number


def test_same_alias_on_both_sides_needs_a_nation(cards: CardSet) -> None:
    with pytest.raises(CardLookupError, match="several cards"):
        cards.get("Truck")
    assert cards.get("Trucks", nation="soviet").id == 24
    assert cards.get("Line Squad", nation="german").id == 5


def test_unknown_card_suggests_close_names(cards: CardSet) -> None:
    with pytest.raises(CardLookupError) as info:
        cards.get("PzKw IV K")
    assert "PzKw IV J" in info.value.suggestions or "PzKw IV H" in info.value.suggestions


def test_every_special_and_equipment_card_has_a_text_or_terrain_values(cards: CardSet) -> None:
    for card in cards.filter(type="special") + cards.filter(type="equipment") + cards.filter(type="air_artillery"):
        effect = card.effective.get("effect")
        if effect is None:
            assert card.effective.get("terrain_effects"), card.name
            continue
        assert effect["text"]["en"] and effect["text"]["fr"], card.name
        if effect["basis"] == "interpretation":
            assert effect["reason"], card.name


def test_sources_silent_cards_are_marked_interpretation(cards: CardSet) -> None:
    for name in ("Sniper", "Tank Ace", "Heroic Squad Leader", "Forward Observer", "Artillery Barrage",
                 "Air Strike", "Recon", "Withdrawal", "Confusion", "Tank Buster", "Mine Dogs", "Anti-Tank Mine"):
        assert cards.get(name).effective["effect"]["basis"] == "interpretation", name
    for name in ("Flank Shot", "Coordination", "Tactical Advantage", "Panic", "Smoke", "Heavy Machine Gun"):
        assert cards.get(name).effective["effect"]["basis"] == "source", name


def test_9_5_terrain_tables_per_source(cards: CardSet) -> None:
    woods = cards.get("Woods").effective["terrain_effects"]
    assert woods["unified-r3"]["art"] == {"armored": 1, "unarmored": 0, "infantry_in_bunker": 0}
    assert woods["article-1997"]["art"]["unarmored"] == -2
    assert woods["players-guide-1997"]["at"] == 1 and woods["players-guide-1997"]["sa"] == 2
    hills = cards.get("Hills")
    assert hills.effective["terrain_effects"]["unified-r3"]["sa"] == 2
    assert hills.printed["printed_effects"]["sa"] == 1  # the printed card shown in source 004
    foxholes = cards.get("Foxholes").effective["terrain_effects"]
    assert foxholes["players-guide-1997"] == {"at": 0, "he": 1, "sa": 1, "air": 1, "art": 1, "los": "clear",
                                              "movement": "fast", "only_for": "infantry"}
    # only the Player's Guide prints a Foxholes row: the other tables borrow it, and say so
    assert "Player's Guide" in foxholes["unified-r3"]["unclear"] and "unclear" not in foxholes["players-guide-1997"]
    swamp = cards.get("Swamp").effective["terrain_effects"]["unified-r3"]
    assert swamp["at"] == "n/a" and swamp["prohibits"] == "vehicles_and_at_guns"
    assert {t["id"] for t in cards.terrain_tables} == {"unified-r3", "article-1997", "players-guide-1997"}


def test_9_5_example_marder_ii_in_hills_needs_3_or_less(cards: CardSet) -> None:
    marder = cards.get("Marder II")
    hills_at = cards.get("Hills").effective["terrain_effects"]["unified-r3"]["at"]
    assert marder.value("hit.long") - hills_at == 3


def test_french_table_differences_are_recorded(cards: CardSet) -> None:
    su100 = cards.get("SU-100")
    assert su100.value("penetration.short") == 15  # the English table is authoritative
    assert "002" in su100.printed["source_differences"]
