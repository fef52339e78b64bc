"""Errata of February 10, 1997 (000 19.1, 19.2) applied as patches: the effective value of every corrected card."""
from __future__ import annotations

import pytest

from tcforge.data.cards import CardSet

EFFECTIVE = {
    128: {"armor.front": 2, "armor.side": 2, "penetration.short": 3},  # FAQ 13 followed over the table
    46: {"penetration.short": 14, "penetration.long": 11},  # FAQ 19
    134: {"name": "PzKw VI b (P)", "hit.long": 6, "penetration.short": 20, "penetration.long": 17,
          "armor.front": 15, "armor.side": 9, "points": 38, "speed": "slow"},  # FAQ 15
    132: {"name": "PzKw VI b"},  # FAQ 14
    86: {"points": 24},  # FAQ 17
    78: {"penetration.long": 2, "armor.side": 3},  # FAQ 18
    125: {"armor.front": 0, "armor.side": 0, "sa": 1},  # FAQ 11
    75: {"penetration.short": 15, "penetration.long": 11},  # FAQ 21
    73: {"penetration.short": 11, "penetration.long": 8},  # FAQ 22
    39: {"penetration.short": 4, "penetration.long": 2},  # FAQ 23
    108: {"kind": "instant"}, 109: {"kind": "instant"},  # FAQ 12
    1: {"penetration.short": 20, "armor.front": 0, "armor.side": 0},  # FAQ 10
    61: {"penetration.short": 22, "armor.front": 0, "armor.side": 0},
    62: {"penetration.short": 2, "penetration.long": 1, "armor.front": 0, "armor.side": 0},
}


@pytest.mark.parametrize("number", sorted(EFFECTIVE))
def test_19_1_effective_values_of_every_corrected_card(cards: CardSet, number: int) -> None:
    card = cards.by_id[number]
    for field, value in EFFECTIVE[number].items():
        assert card.value(field) == value, field
    assert card.changes and all(not c.variant for c in card.changes)


def test_19_1_only_the_errata_cards_are_corrected(cards: CardSet) -> None:
    official = {c.id for c in cards if any(not ch.variant for ch in c.changes)}
    assert official == set(EFFECTIVE)


def test_printed_values_are_kept_beside_the_effective_ones(cards: CardSet) -> None:
    tiger = cards.by_id[134]
    assert tiger.printed["name"] == "PzKw VI B (P)" and tiger.printed["points"] == 32
    assert tiger.name == "PzKw VI b (P)" and tiger.value("points") == 38


def test_19_2_faq_13_conflict_records_which_source_is_followed(cards: CardSet) -> None:
    change = next(c for c in cards.by_id[128].changes if c.field == "armor.front")
    assert any("FAQ 13" in s for s in change.sources)
    from tcforge.data.yamlsafe import load_yaml
    from tcforge.paths import data_dir
    loaded, _ = load_yaml(data_dir() / "errata" / "official-1997-02-10.yaml")
    entry = next(e for e in loaded.data["errata"] if e["card"] == 128)
    assert entry["conflict"]["follows"] == "faq"
    assert entry["conflict"]["rejected"] == [{"field": "penetration.short", "printed": 3, "corrected": 2,
                                              "source": {"table": "vehicles"}}]


def test_9_6_1_six_pack_turns_tactical_advantage_and_panic_into_interrupts(cards: CardSet) -> None:
    for number in (122, 123):
        card = cards.by_id[number]
        assert card.printed["kind"] == "instant" and card.value("kind") == "interrupt"
        assert all(c.variant for c in card.changes)
    assert cards.by_id[120].value("kind") == "instant"


def test_variant_changes_can_be_left_out() -> None:
    from tcforge.data.dataset import load_cards
    official = load_cards(variants=False)
    assert official.by_id[122].value("kind") == "instant"


def test_19_2_rulings_attach_to_their_cards(cards: CardSet) -> None:
    assert [r["faq"] for r in cards.by_id[57].rulings] == [16]
    assert [r["faq"] for r in cards.by_id[21].rulings] == [20]
