"""Hill 621's special rules (000 20.0) in play: positions built on the scenario's own game."""
from __future__ import annotations

from typing import Any

from enginekit import make, pos, roll, uid
from tcforge.engine.board import ATTACHED, RESERVE
from tcforge.engine.fire import build_attack
from tcforge.engine.melee import melee_attack
from tcforge.engine.movement import can_enter
from tcforge.engine.state import GameState
from tcforge.play.hooks import make_game
from tcforge.play.setup import setup, start
from tcforge.scenarios.loading import load

NATION = {0: "german", 1: "soviet"}


def hill(placements: dict[int, list[tuple[str, Any]]], *, first: int = 0) -> GameState:
    """A Hill 621 game (German side 0) with cards placed by name on labels like G4-4, or RESERVE."""
    game = make_game(load("hill-621"))
    labels = {game.board.label(p): p for p in range(game.board.size)}
    forces = {side: [(game.data.cards.get(name, nation=NATION[side]).id, where if isinstance(where, int) else labels[where])
                     for name, where in cards] for side, cards in placements.items()}
    return GameState.new(game, forces, first_player=first, initial_hand=0)


def attach(state: GameState, item: int, carrier: int) -> None:
    side = state.units[item].side
    state.hand[side].remove(item)
    state.units[item].pos = ATTACHED
    state.units[item].carrier = carrier
    state.units[carrier].equipment += (item,)


def test_20_0_rule_1_path_cards_of_the_map_are_clear_terrain() -> None:
    s = load("hill-621")
    game = make_game(s)
    record = setup(s, 3)
    at = {game.board.label(p): p for p in range(game.board.size)}
    path = s.cards.get("Path").id
    assert path not in record.terrain.values()
    assert at["G2-2"] not in record.terrain and at["G2-3"] not in record.terrain  # the road: Clear
    assert record.terrain[at["G2-1"]] == s.cards.get("Woods").id and record.terrain[at["G3-2"]] == s.cards.get("Hills").id


def test_20_0_rule_2_the_german_side_sets_up_and_plays_first() -> None:
    s = load("hill-621")
    german = list(s.grid.sides).index("german")
    for seed in (1, 2):
        record = setup(s, seed)
        assert record.first_player == german
        state = start(s, record)
        assert state.first == state.active == german


def test_20_0_rule_4_a_card_on_the_table_never_goes_back_to_the_reserve() -> None:
    state = hill({0: [("German Line Squad", "G2-1")], 1: [("Soviet Line Squad", "G7-1")]})
    squad = state.units[uid(state, "German Line Squad")]
    assert not can_enter(state, squad, squad.pos, RESERVE, True)
    plain = make({0: [("German Line Squad", "a1")], 1: [("Soviet Line Squad", "e4")]})
    other = plain.units[uid(plain, "German Line Squad")]
    assert can_enter(plain, other, other.pos, RESERVE, True)  # 8.3 allows it where no scenario forbids it


def test_20_0_rule_6_c7_canister_adds_5_to_small_arms_in_melee() -> None:
    state = hill({0: [("PzKw III N", "G4-4"), ("Special Ammunition", RESERVE)], 1: [("Soviet Line Squad", "G4-4")]})
    tank, squad = state.units[uid(state, "PzKw III N")], state.units[uid(state, "Soviet Line Squad")]
    assert melee_attack(state, tank, squad, "sa").hit == 3
    ammo = uid(state, "Special Ammunition")
    attach(state, ammo, tank.uid)
    assert melee_attack(state, tank, squad, "sa").hit == 3 + 5
    hooks = state.game.scenario_rules
    hooks.after_roll(state, tank.uid, 6)
    assert tank.equipment == (ammo,)  # stays after a 6
    hooks.after_roll(state, tank.uid, 5)
    assert tank.equipment == () and ammo in state.discard[0]  # goes after an unmodified 1-5


def test_20_0_rule_7_su152_fires_full_penetration_once_then_3_2() -> None:
    state = hill({0: [("PzKw IV G", "G5-4"), ("PzKw IV G", "G4-4")], 1: [("SU-152", "G6-4")]}, first=1)
    su, near, far = uid(state, "SU-152"), uid(state, "PzKw IV G", 0, 0), uid(state, "PzKw IV G", 0, 1)
    assert build_attack(state, state.units[su], state.units[near], "at").penetration == 14
    state.apply_checked(("fire", pos(state, "G6-4")))
    state.apply_checked(("shoot", su, near, "at"))
    roll(state, 10)  # a miss still spends the armour-piercing round
    assert state.ap_shots == {str(su): 1}
    assert build_attack(state, state.units[su], state.units[near], "at").penetration == 3
    assert build_attack(state, state.units[su], state.units[far], "at").penetration == 2


def test_20_0_panic_may_not_be_played_from_turn_11() -> None:
    for turn, kept in ((10, True), (11, False)):
        state = hill({0: [("German Line Squad", "G4-2")], 1: [("Soviet Line Squad", "G7-1"), ("Panic", RESERVE)]}, first=1)
        panic = uid(state, "Panic")
        state.turn = turn
        state.game.scenario_rules.turn_start(state)
        assert (panic in state.hand[1]) == kept, turn
