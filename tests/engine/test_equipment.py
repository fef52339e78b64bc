"""Equipment (8.7, 9.6, 13.0-13.2) in the engine."""
from __future__ import annotations

from enginekit import make, pos, uid
from tcforge.engine.board import RESERVE
from tcforge.engine.melee import options


def test_13_0_placing_equipment_is_free_and_one_of_a_type_per_squad() -> None:
    state = make({0: [("German Line Squad", "c2"), ("Panzerfaust", RESERVE), ("Panzerfaust", RESERVE)],
                  1: [("T-34 M41", "e4")]})
    squad = uid(state, "German Line Squad")
    first, second = uid(state, "Panzerfaust", 0, 0), uid(state, "Panzerfaust", 0, 1)
    supply = state.supply
    state.apply_checked(("equip", first, squad))
    assert state.supply == supply and state.units[squad].equipment == (first,)
    assert ("equip", second, squad) not in state.legal_actions()  # FAQ 4


def test_13_1_panzerfaust_hits_armor_in_melee_with_5_and_20_then_is_spent() -> None:
    state = make({0: [("German Line Squad", "c3"), ("Panzerfaust", RESERVE)], 1: [("T-34 M41", "c3")]})
    squad, pf, tank = uid(state, "German Line Squad"), uid(state, "Panzerfaust"), uid(state, "T-34 M41")
    state.apply_checked(("equip", pf, squad))
    assert (tank, "at", pf) in options(state, state.units[squad])
    assert (tank, "tmv", -1) in options(state, state.units[squad])  # 9.6: one or the other
    state.apply_checked(("end",))
    state.apply_checked(("target", squad, tank, "at", pf))
    state.apply_checked(("hold", tank))  # the T-34 holds its fire
    event = next(e for e in state.rolls if e[2] == squad)
    assert (event[1].hit, event[1].penetration, event[1].melee) == (5, 20, True)
    assert state.units[pf].pos == -3 and pf in state.discard[0]  # 15.0: a used Panzerfaust is discarded


def test_13_2_heavy_machine_gun_adds_2_sa_fires_long_and_sprays() -> None:
    state = make({0: [("German Line Squad", "c2"), ("Heavy Machine Gun", RESERVE)],
                  1: [("Soviet Line Squad", "c3"), ("Soviet Recruits Squad", "c3"), ("Truck USSR", "c3"),
                      ("Soviet Militia Squad", "c4")]})
    squad, hmg, target = uid(state, "German Line Squad"), uid(state, "Heavy Machine Gun"), uid(state, "Soviet Line Squad")
    state.apply_checked(("equip", hmg, squad))
    state.apply_checked(("fire", pos(state, "c2")))
    shots = [a for a in state.legal_actions() if a[0] == "shoot"]
    militia = uid(state, "Soviet Militia Squad")
    assert ("shoot", squad, militia, "sa") in shots  # long range SA with the HMG
    state.apply_checked(("shoot", squad, target, "sa"))
    attacks = [(e[3], e[1].hit) for e in state.rolls]
    assert attacks[0] == (target, 4 + 2)
    assert sorted(attacks[1:]) == sorted([(uid(state, "Soviet Recruits Squad"), 2), (uid(state, "Truck USSR"), 2)])


def test_9_6_anti_tank_rifle_fires_at_armor_at_range() -> None:
    state = make({0: [("PzKw II F", "c2")], 1: [("Soviet Line Squad", "c3"), ("AT Rifle", RESERVE)]})
    state.apply_checked(("end",))
    squad, rifle, tank = uid(state, "Soviet Line Squad"), uid(state, "AT Rifle"), uid(state, "PzKw II F")
    state.apply_checked(("equip", rifle, squad))
    state.apply_checked(("fire", pos(state, "c3")))
    assert ("shoot", squad, tank, "at", rifle) in state.legal_actions()
    state.apply_checked(("shoot", squad, tank, "at", rifle))
    attack = state.rolls[0][1]
    assert (attack.hit, attack.penetration, attack.armor_front) == (4, 2, 3)  # PTRS-41 after the errata
