"""Source 001's optional hidden units and spotting (1.0-1.10), and what each side may know of them.

Positions are on the 5 x 4 test board: side 0 holds rows 1-2, side 1 rows 3-4; c2 sees c4 over c3.
"""
from __future__ import annotations

import random
from typing import Any

from enginekit import make as make_state
from enginekit import pass_window, pos, roll, start_one_card_move, uid
from tcforge.agents import greedy
from tcforge.agents import make as make_agent
from tcforge.agents.playout import random_policy
from tcforge.engine import spotting
from tcforge.engine.actions import Pick
from tcforge.engine.board import DECK, RESERVE
from tcforge.engine.observation import determinize, observation
from tcforge.engine.state import CHANCE, GameState

HIDDEN = {"hidden.units": True}


def make(placements: dict[int, list[tuple[str, Any]]], **options: Any) -> GameState:
    return make_state(placements, overrides=HIDDEN, **options)


def down(state: GameState, name: str, side: int | None = None) -> bool:
    return state.face_down(uid(state, name, side))


def end_turn(state: GameState) -> None:
    """Side 0 ends its play; no melee, nothing to discard: side 1's turn begins after the end-of-turn checks."""
    pass_window(state)
    state.apply_checked(("end",))
    assert state.active == 1, state.describe()


def test_001_1_0_cards_lie_face_down_until_spotted() -> None:
    state = make({0: [("PzKw IV H", "c1")], 1: [("T-34 M41", "c4")]})  # three zones apart: out of sight
    assert down(state, "PzKw IV H") and down(state, "T-34 M41")
    seen = observation(state, 0)
    assert seen.face_down == ((pos(state, "c1"), 0), (pos(state, "c4"), 1))
    assert all(not b for _, b in seen.board)  # the face-down enemy card appears by zone and side, never by uid
    assert seen.own_face_down == (uid(state, "PzKw IV H"),)
    plain = make_state({0: [("PzKw IV H", "c1")], 1: [("T-34 M41", "c4")]})
    assert not down(plain, "T-34 M41") and observation(plain, 0).face_down == ()  # the unified rules hide nothing


def test_001_1_0_ranged_fire_needs_a_spotted_target() -> None:
    state = make({0: [("PzKw IV H", "c2")], 1: [("T-34 M41", "c4"), ("T-34 M41", "d4")]}, terrain={"d4": "Wheatfield"})
    seen, hidden = uid(state, "T-34 M41", 1, 0), uid(state, "T-34 M41", 1, 1)
    assert not state.face_down(seen) and state.face_down(hidden)  # d4 is cover two zones away
    state.apply_checked(("fire", pos(state, "c2")))
    targets = {a[2] for a in state.legal_actions() if a[0] == "shoot"}
    assert targets == {seen}


def test_001_1_1_spotting_sees_two_zones_unless_terrain_between_blocks() -> None:
    clear = make({0: [("PzKw IV H", "c2")], 1: [("T-34 M41", "c4")]})
    assert not down(clear, "T-34 M41") and not down(clear, "PzKw IV H")
    blocked = make({0: [("PzKw IV H", "c2")], 1: [("T-34 M41", "c4")]}, terrain={"c3": "Woods"})
    assert down(blocked, "T-34 M41") and down(blocked, "PzKw IV H")


def test_001_1_2_vehicle_in_cover_is_spotted_only_next_door() -> None:
    far = make({0: [("PzKw IV H", "c2")], 1: [("T-34 M41", "c4")]}, terrain={"c4": "Wheatfield"})
    assert down(far, "T-34 M41") and not down(far, "PzKw IV H")  # the T-34 in cover sees the tank in the open
    near = make({0: [("PzKw IV H", "c2")], 1: [("T-34 M41", "c3")]}, terrain={"c3": "Wheatfield"})
    assert not down(near, "T-34 M41")


def test_001_1_2_infantry_in_woods_not_spotted() -> None:
    state = make({0: [("PzKw IV H", "c2")], 1: [("Soviet Line Squad", "c3")]}, terrain={"c3": "Woods"})
    assert down(state, "Soviet Line Squad")  # next door, yet unseen: only entering its zone finds it
    pass_window(state)
    start_one_card_move(state, "c2", "PzKw IV H")
    state.apply_checked(("step", pos(state, "c3")))
    assert not down(state, "Soviet Line Squad") and not down(state, "PzKw IV H")  # the melee reveals both


def test_001_1_2_infantry_in_foxholes_not_spotted() -> None:
    state = make({0: [("PzKw IV H", "c2")], 1: [("Soviet Line Squad", "c3"), ("T-34 M41", "d3")]})
    assert not down(state, "Soviet Line Squad")
    state.spotted.clear()
    state._place_fort(pos(state, "c3"), 1, state.game.data.cards.get("Foxholes").id)
    spotting.check(state)
    assert down(state, "Soviet Line Squad") and not down(state, "T-34 M41")


def test_001_1_2_an_attack_reveals_the_hidden_attacker_and_it_stays_spotted_in_sight() -> None:
    state = make({0: [("PzKw IV H", "c2")], 1: [("T-34 M41", "c4")]}, terrain={"c2": "Woods"})
    assert down(state, "PzKw IV H") and not down(state, "T-34 M41")  # in Woods two zones away: unseen
    tank, target = uid(state, "PzKw IV H"), uid(state, "T-34 M41")
    pass_window(state)
    state.apply_checked(("fire", pos(state, "c2")))
    state.apply_checked(("shoot", tank, target, "at"))
    pass_window(state)
    assert not state.face_down(tank)  # revealed to resolve the attack
    roll(state, 10)  # a miss
    if state.phase == "fire":
        state.apply_checked(("done",))
    end_turn(state)
    assert not state.face_down(tank)  # the T-34 still traces a line of sight to it (1.6)


def test_001_1_3_a_moving_card_is_spotted_on_the_way_and_hides_again_out_of_sight() -> None:
    state = make({0: [("PzKw IV H", "c1")], 1: [("T-34 M41", "e4")]})
    tank = uid(state, "PzKw IV H")
    pass_window(state)
    start_one_card_move(state, "c1", "PzKw IV H")
    state.apply_checked(("step", pos(state, "d2")))  # two zones from e4, nothing between: seen passing
    assert not state.face_down(tank)
    assert tank in state._seen
    state.apply_checked(("step", pos(state, "d1")))  # three zones away: out of sight, face down again
    assert state.face_down(tank)


def test_001_1_3_the_terrain_restrictions_still_apply_to_a_moving_card() -> None:
    state = make({0: [("PzKw IV H", "c1")], 1: [("T-34 M41", "e4")]}, terrain={"d2": "Wheatfield"})
    tank = uid(state, "PzKw IV H")
    pass_window(state)
    start_one_card_move(state, "c1", "PzKw IV H")
    state.apply_checked(("step", pos(state, "d2")))  # cover, two zones from the T-34
    assert state.face_down(tank)


def test_001_1_4_moving_cards_spot_only_when_the_turn_ends() -> None:
    state = make({0: [("PzKw IV H", "c1")], 1: [("T-34 M41", "c4")]})
    pass_window(state)
    start_one_card_move(state, "c1", "PzKw IV H")
    state.apply_checked(("step", pos(state, "c2")))
    assert down(state, "T-34 M41")  # the mover sees it but may not spot while moving
    assert not down(state, "PzKw IV H")  # the T-34, at rest, spots the mover (1.3)
    state.apply_checked(("halt",))
    end_turn(state)
    assert not down(state, "T-34 M41")


def test_001_1_5_cards_in_a_melee_do_not_spot_but_keep_contact() -> None:
    state = make({0: [("German Line Squad", "c3")], 1: [("Soviet Line Squad", "c3"), ("T-34 M41", "c4"), ("T-34 M43", "d4")]})
    assert not down(state, "Soviet Line Squad") and not down(state, "German Line Squad")  # the melee's zone
    assert down(state, "T-34 M41") and down(state, "T-34 M43")  # next door, clear, but the squad is in a melee
    state.spotted.add(uid(state, "T-34 M43"))  # spotted before the melee began
    spotting.check(state)
    assert not down(state, "T-34 M43") and down(state, "T-34 M41")


def test_001_1_6_a_spotted_card_hides_only_out_of_every_enemys_sight() -> None:
    state = make({0: [("PzKw IV H", "c2")], 1: [("T-34 M41", "c4")]}, terrain={"c4": "Woods"})
    target = uid(state, "T-34 M41")
    assert state.face_down(target)
    state.spotted.add(target)  # spotted earlier (it fired, say)
    spotting.check(state)
    assert not state.face_down(target)  # the Woods play no part in breaking contact
    pass_window(state)
    start_one_card_move(state, "c2", "PzKw IV H")
    state.apply_checked(("step", pos(state, "b1")))
    state.apply_checked(("halt",))
    end_turn(state)
    assert state.face_down(target)


def test_001_1_7_recon_spots_a_zone_for_good_in_sight_and_for_a_moment_out_of_it() -> None:
    state = make({0: [("PzKw IV H", "a2"), ("Recon", RESERVE), ("Recon", RESERVE)],
                  1: [("Soviet Line Squad", "c3"), ("T-34 M41", "e4")]}, terrain={"c3": "Woods"})
    first, second = uid(state, "Recon", 0, 0), uid(state, "Recon", 0, 1)
    squad, tank = uid(state, "Soviet Line Squad"), uid(state, "T-34 M41")
    assert state.face_down(squad) and state.face_down(tank)
    pass_window(state)
    assert ("play", first, pos(state, "c3")) in state.legal_actions()
    state.apply_checked(("play", first, pos(state, "c3")))
    assert not state.face_down(squad)  # the tank sees the zone: the squad stays spotted
    pass_window(state)
    state.apply_checked(("play", second, pos(state, "e4")))
    assert state.face_down(tank)  # out of every German's sight: shown, then hidden again
    assert observation(state, 0).face_down_seen == (str(state.units[tank].profile.card_id),)


def test_001_1_8_artillery_reveals_its_hidden_targets_then_they_hide_again() -> None:
    state = make({0: [("Artillery Barrage", RESERVE), ("PzKw IV H", "a1")], 1: [("T-34 M41", "e4")]})
    card, tank = uid(state, "Artillery Barrage"), uid(state, "T-34 M41")
    pass_window(state)
    assert ("play", card, pos(state, "e4"), "ffe") in state.legal_actions()  # played on a hidden card normally
    state.apply_checked(("play", card, pos(state, "e4"), "ffe"))
    pass_window(state)
    assert not state.face_down(tank)  # revealed while the attack is resolved
    roll(state, 10)  # a miss
    assert state.face_down(tank)  # out of sight: hidden again


def test_001_1_8_minefield_reveals_the_hidden_cards_it_attacks() -> None:
    state = make({0: [("PzKw IV H", "c1")], 1: [("T-34 M41", "e4"), ("Minefield", RESERVE)]})
    tank = uid(state, "PzKw IV H")
    pass_window(state)
    start_one_card_move(state, "c1", "PzKw IV H")
    state.apply_checked(("step", pos(state, "b2")))
    state.apply_checked(("interrupt", uid(state, "Minefield")))
    assert not state.face_down(tank)
    roll(state, 10)
    assert state.units[tank].pos == pos(state, "b2") and state.face_down(tank)  # b2 is out of the T-34's sight


def test_001_1_8_a_sniper_on_a_hidden_card_it_cannot_hurt_leaves_it_hidden() -> None:
    state = make({0: [("Sniper", RESERVE), ("Sniper", RESERVE), ("German Line Squad", "c2")],
                  1: [("T-34 M41", "c4"), ("Soviet Line Squad", "d4")]}, terrain={"c4": "Woods", "d4": "Woods"})
    first, second = uid(state, "Sniper", 0, 0), uid(state, "Sniper", 0, 1)
    tank, squad = uid(state, "T-34 M41"), uid(state, "Soviet Line Squad")
    pass_window(state)
    targets = {a[2] for a in state.legal_actions() if a[:2] == ("play", first)}
    assert targets == {tank, squad}  # any face-down card in reach: the player cannot tell a tank from a squad
    state.apply_checked(("play", first, tank))
    assert state.current_player() != CHANCE and state.face_down(tank)  # no roll: the owner says it has no effect
    assert first in state.discard[0]
    pass_window(state)
    state.apply_checked(("play", second, squad))
    assert state.current_player() == CHANCE and state.face_down(squad)  # the roll decides; only a kill reveals it


def test_001_1_8_wire_stops_a_hidden_mover_without_revealing_it() -> None:
    state = make({0: [("PzKw IV H", "c1")], 1: [("T-34 M41", "e4"), ("Wire", RESERVE)]})
    tank = uid(state, "PzKw IV H")
    pass_window(state)
    start_one_card_move(state, "c1", "PzKw IV H")
    state.apply_checked(("step", pos(state, "b2")))
    state.apply_checked(("interrupt", uid(state, "Wire")))
    assert state.units[tank].pos == pos(state, "c1") and state.face_down(tank)


def test_001_1_9_reserves_neither_spot_nor_are_spotted() -> None:
    state = make({0: [("PzKw IV H", "c4")], 1: [("T-34 M41", RESERVE)]})  # on side 1's rear rank, next to its reserve
    assert down(state, "PzKw IV H")
    assert uid(state, "T-34 M41") not in state.spotted


def swapped(state: GameState, hidden: int, other: int) -> GameState:
    """The same position with two of side 1's cards unknown to side 0 exchanged (a face-down one and a deck card)."""
    twin = state.clone()
    twin.units[hidden].profile, twin.units[other].profile = state.units[other].profile, state.units[hidden].profile
    twin._changed()
    return twin


def position() -> tuple[GameState, int, int]:
    state = make({0: [("PzKw IV H", "c2"), ("German Line Squad", "b2"), ("Sniper", RESERVE), ("Artillery Barrage", RESERVE),
                      ("PzKw IV G", DECK)],
                  1: [("T-34 M41", "c4"), ("T-34 M43", "d4"), ("Soviet Line Squad", "b3"), ("Soviet Line Squad", DECK),
                      ("T-34 M41", DECK)]},
                 terrain={"d4": "Woods", "b3": "Woods"})
    hidden, other = uid(state, "T-34 M43"), uid(state, "Soviet Line Squad", 1, 1)
    assert state.face_down(hidden) and state.units[other].pos == DECK
    return state, hidden, other


def test_001_1_10_the_observation_lists_face_down_cards_as_unknowns() -> None:
    state, hidden, other = position()
    twin = swapped(state, hidden, other)
    assert state.serialize() != twin.serialize()
    assert observation(state, 0) == observation(twin, 0)  # side 0 cannot tell which card lies face down
    assert hidden in observation(state, 1).own_face_down  # side 1 knows its own cards (by uid, its own)
    state.history.append(Pick(hidden))  # side 1 picked the face-down card for a move: side 0 saw a card go
    assert observation(state, 0).history[-1] == ("pick", None) and observation(state, 1).history[-1] == ("pick", hidden)
    state.history.pop()
    one, two = determinize(state, 0, random.Random(3)), determinize(twin, 0, random.Random(3))
    assert one.serialize() == two.serialize()
    cards = {str(determinize(state, 0, random.Random(seed)).units[hidden].profile.card_id) for seed in range(30)}
    assert len(cards) == 3  # any of the cards side 0 has not seen may lie there


def test_001_1_10_cards_seen_then_hidden_stay_among_the_face_down_cards() -> None:
    state, hidden, _ = position()
    state._seen.add(hidden)  # side 0 saw the T-34 M43 before it went face down
    name = state.units[hidden].profile.card_id
    for seed in range(20):
        det = determinize(state, 0, random.Random(seed))
        assert any(det.units[u].profile.card_id == name and det.face_down(u) for u in range(len(det.units)))


def test_001_1_10_no_agents_choice_changes_when_a_hidden_card_is_swapped() -> None:
    state, hidden, other = position()
    twin = swapped(state, hidden, other)
    pass_window(state)
    pass_window(twin)
    assert state.legal_actions() == twin.legal_actions()
    for spec in ("random", "greedy", "rollout:4:k=2", "plan:4:k=2,horizon=2"):
        for seed in range(3):
            first, second = make_agent(spec), make_agent(spec)
            assert first(state, random.Random(seed)) == second(twin, random.Random(seed)), spec
    assert random_policy(state, random.Random(1)) == random_policy(twin, random.Random(1))


def test_001_1_10_a_greedy_player_reading_the_face_down_cards_would_be_caught() -> None:
    """The swap test has teeth: the greedy rule applied to the real position aims its artillery by the hidden card's
    kind; the greedy player, deciding on a dealt position, does not."""
    state = make({0: [("PzKw IV H", "a1"), ("Artillery Barrage", RESERVE)],
                  1: [("T-34 M43", "e4"), ("T-34 M41", "a4"), ("Soviet Line Squad", DECK)]})
    twin = swapped(state, uid(state, "T-34 M43"), uid(state, "Soviet Line Squad"))
    pass_window(state)
    pass_window(twin)
    peeking = [(greedy._decide(state, random.Random(s)), greedy._decide(twin, random.Random(s))) for s in range(3)]
    assert any(a != b for a, b in peeking)
    assert all(greedy.greedy_policy(state, random.Random(s)) == greedy.greedy_policy(twin, random.Random(s)) for s in range(3))
