"""Fire (9.0-9.5.1) and the worked examples of the sources, in the engine and in the exact odds."""
from __future__ import annotations

from fractions import Fraction as F

import pytest

from enginekit import make, pos, roll, uid
from tcforge.analysis.odds import fire_odds, setup, walk_state
from tcforge.data.dataset import load_data
from tcforge.engine.attacks import IMMOBILIZE, KILL, MISS, Attack, FireRules, to_hit, to_kill
from tcforge.engine.fire import line_of_sight

R3 = load_data().ruleset
RULES = FireRules.from_ruleset(R3)


@pytest.mark.parametrize("difference, needed", [(-7, 1), (-3, 1), (-2, 2), (-1, 3), (0, 4), (1, 5), (2, 6),
                                                 (3, 7), (4, 8), (5, 9), (12, 9)])
def test_9_3_to_kill_table(difference: int, needed: int) -> None:
    assert RULES.kill_number(difference) == needed


def test_9_3_a_to_kill_roll_of_10_is_always_a_dud() -> None:
    assert to_kill(9, RULES, 9) == KILL and to_kill(9, RULES, 10) == "no_effect"
    assert to_kill(12, RULES, 10) == "no_effect"


def test_9_3_1_natural_1_is_a_flank_hit_on_side_armor() -> None:
    attack = Attack("at", 8, 0, True, True, 10, 12, 4)
    assert to_hit(attack, RULES, 1) == ("to_kill", RULES.kill_number(10 - 4))
    assert to_hit(attack, RULES, 3) == ("to_kill", RULES.kill_number(10 - 12))


def test_9_3_1_flank_shot_card_halves_side_armor_on_a_natural_1() -> None:
    attack = Attack("at", 8, 0, True, True, 6, 12, 7, flank_shot=True)
    assert to_hit(attack, RULES, 4) == ("to_kill", RULES.kill_number(6 - 7))
    assert to_hit(attack, RULES, 1) == ("to_kill", RULES.kill_number(6 - 3))  # 7 // 2


def test_9_3_2_natural_2_immobilises_a_vehicle_and_not_a_soft_target() -> None:
    assert to_hit(Attack("at", 8, 0, True, True, 10, 5, 3), RULES, 2) == (IMMOBILIZE, 0)
    assert to_hit(Attack("he", 5, 0), RULES, 2) == (KILL, 0)


def test_9_3_natural_specials_need_the_roll_to_hit() -> None:
    """Ruleset fire.natural_specials_need_hit: a natural 1 against a hit number pushed below 1 misses."""
    attack = Attack("at", 3, 3, True, True, 10, 5, 3)  # needs roll + 3 <= 3
    assert to_hit(attack, RULES, 1) == (MISS, 0) and to_hit(attack, RULES, 2) == (MISS, 0)


def test_10_0_melee_flank_hits_on_1_and_3() -> None:
    attack = Attack("at", 8, 0, True, True, 10, 12, 4, melee=True)
    assert to_hit(attack, RULES, 3) == ("to_kill", RULES.kill_number(6))


def test_9_7_example_1_pzkw_iii_l_kills_t26_in_walls() -> None:
    """9.7 example 1: needs 6 or less through Walls (+2), rolls 5, difference 8-4 = +4, kill on 8 or less, rolls 5."""
    state = make({0: [("PzKw III L", "c2")], 1: [("T-26 M39", "c3")]}, terrain={"c3": "Walls"})
    firer, target = uid(state, "PzKw III L"), uid(state, "T-26 M39")
    state.apply_checked(("fire", pos(state, "c2")))
    state.apply_checked(("shoot", firer, target, "at"))
    event = state.rolls[0]
    assert event[1].hit == 8 and event[1].modifier == 2
    roll(state, 5)
    assert state.rolls[0][0] == "kill" and state.rolls[0][5] == 8
    roll(state, 5)
    assert state.units[target].pos < 0 and target in state.discard[1]


def test_9_7_example_1_odds() -> None:
    odds = fire_odds(load_data(), "PzKw III L", "T-26 M39", terrain="Walls")
    # natural 1: flank, 8-2=+6 -> 9 or less; 2 immobilises; 3-6 hit, +4 -> 8 or less; 7-10 miss
    assert odds.kill == F(1, 10) * F(9, 10) + F(4, 10) * F(8, 10)
    assert (odds.immobilize, odds.hit) == (F(1, 10), F(6, 10))


def test_9_7_example_2_line_squad_misses_the_pak_on_a_6() -> None:
    state = make({0: [("8.8 cm PaK 43", "c2")], 1: [("Soviet Line Squad", "c3")]})
    state.apply_checked(("end",))  # side 0 passes; side 1 fires
    assert state.active == 1
    squad, pak = uid(state, "Soviet Line Squad"), uid(state, "8.8 cm PaK 43")
    state.apply_checked(("fire", pos(state, "c3")))
    state.apply_checked(("shoot", squad, pak, "sa"))
    assert state.rolls[0][1].hit == 4
    roll(state, 6)
    assert state.units[pak].pos >= 0
    assert fire_odds(load_data(), "Soviet Line Squad", "8.8 cm PaK 43").kill == F(4, 10)


def test_9_5_example_marder_ii_in_hills_hits_on_3_or_less() -> None:
    odds = fire_odds(load_data(), "Marder II", "T-34 M41", rng="long", terrain="Hills")
    assert odds.attack.hit == 5 and odds.attack.modifier == 2 and odds.hit == F(3, 10)


@pytest.mark.parametrize("ruleset, firer, target, kill", [
    ("six-pack-1997", "JS-2m", "PzKw V G", F(52, 100)),  # 22: "52 % of the time"
    ("six-pack-1997", "PzKw V G", "JS-2m", F(34, 100)),  # 22: "34 % of the time"
    ("six-pack-1997", "PzKw III J", "JS-2", F(16, 100)),  # 22: low penetration (hit 8) against heavy armor, 16 %
    ("six-pack-1997", "JS-2", "T-26 M39", F(64, 100)),  # 22: high penetration against light armor, 64 %
    ("six-pack-r3", "JS-2m", "PzKw V G", F(51, 100)),  # unified 9.3.1: the flank hit rolls To Kill, 90 %
    ("six-pack-r3", "PzKw V G", "JS-2m", F(33, 100)),
])
def test_22_article_kill_figures(ruleset: str, firer: str, target: str, kill: F) -> None:
    """The article's figures hold when a natural 1 kills outright (its own reading, ruleset six-pack-1997);
    under the unified rules a flank hit rolls on the To Kill table, one point lower."""
    odds = fire_odds(load_data(ruleset), firer, target)
    assert odds.kill == kill and odds.immobilize == F(1, 10)


@pytest.mark.parametrize("ruleset, squad, kill", [
    ("six-pack-r3", "German Recruits Squad", F(1, 10)), ("six-pack-r3", "German Line Squad", F(2, 10)),
    ("six-pack-r3", "Waffen-SS Squad", F(3, 10)),  # 23: the final 10/20/30 %
    ("six-pack-1997", "German Recruits Squad", F(3, 10)), ("six-pack-1997", "Waffen-SS Squad", F(5, 10)),  # 23: 30 and 50 %
])
def test_23_infantry_against_unsupported_tanks(ruleset: str, squad: str, kill: F) -> None:
    assert fire_odds(load_data(ruleset), squad, "PzKw IV H", rng="melee").kill == kill


def test_exact_odds_equal_a_walk_of_the_game_states_chance_nodes() -> None:
    data = load_data()
    for firer, target, terrain in (("PzKw III L", "T-26 M39", "Walls"), ("JS-2m", "PzKw V G", None),
                                   ("PzKw IV H", "Soviet Guards Squad", "Woods")):
        state, f, t = setup(data, data.cards.get(firer), data.cards.get(target), "short", terrain, False)
        odds = fire_odds(data, firer, target, terrain=terrain)
        state.apply_checked(("fire", state.units[f].pos))
        state.apply_checked(("shoot", f, t, odds.attack.kind))
        walked = walk_state(state, t)
        assert walked == {"kill": odds.kill, "immobilize": odds.immobilize, "no_effect": odds.no_effect}


def test_9_5_terrain_modifies_fire_into_its_position_only() -> None:
    data = load_data()
    into = fire_odds(data, "PzKw IV H", "T-34 M41", terrain="Woods")
    assert into.attack.modifier == 3
    state, f, t = setup(data, data.cards.get("PzKw IV H"), data.cards.get("T-34 M41"), "short", None, False)
    state.terrain[state.units[f].pos] = data.cards.get("Woods").id  # the firer in Woods: no effect
    from tcforge.engine.fire import build_attack
    assert build_attack(state, state.units[f], state.units[t], "at").modifier == 0


def test_9_5_1_c_smoke_adds_4_and_blocks_line_of_sight() -> None:
    data = load_data()
    assert fire_odds(data, "PzKw IV H", "T-34 M41", smoke=True).attack.modifier == 4
    state = make({0: [("PzKw IV H", "c1")], 1: [("T-34 M41", "c3")]})
    assert line_of_sight(state, pos(state, "c1"), pos(state, "c3"))
    state.smoke[pos(state, "c2")] = 5
    state._sight_changed()
    assert not line_of_sight(state, pos(state, "c1"), pos(state, "c3"))


def test_9_2_blocking_terrain_between_stops_long_fire_but_not_fire_into_it() -> None:
    state = make({0: [("PzKw IV H", "c1")], 1: [("T-34 M41", "c3"), ("T-34 M43", "c2")]}, terrain={"c2": "Woods"})
    assert not line_of_sight(state, pos(state, "c1"), pos(state, "c3"))
    shots = {(t, k) for _, _, t, k in (a for a in _fire_actions(state, "c1"))}
    assert (uid(state, "T-34 M43"), "at") in shots and (uid(state, "T-34 M41"), "at") not in shots


def _fire_actions(state, label):
    state.apply_checked(("fire", pos(state, label)))
    return [a for a in state.legal_actions() if a[0] == "shoot"]


def test_9_2_1_hills_see_over_adjacent_terrain_except_hills() -> None:
    state = make({0: [("PzKw IV H", "c1")], 1: [("T-34 M41", "c3")]}, terrain={"c2": "Woods", "c1": "Hills"})
    assert line_of_sight(state, pos(state, "c1"), pos(state, "c3"))
    state.terrain[pos(state, "c2")] = state.game.data.cards.get("Hills").id
    state._sight_changed()
    assert not line_of_sight(state, pos(state, "c1"), pos(state, "c3"))


def test_9_2_knight_move_shot_blocked_only_when_both_positions_block() -> None:
    state = make({0: [("PzKw IV H", "a1")], 1: [("T-34 M41", "c2")]}, terrain={"b1": "Woods"})
    a, c = pos(state, "a1"), pos(state, "c2")
    assert set(state.game.board.between(a, c)) == {pos(state, "b1"), pos(state, "b2")}
    assert line_of_sight(state, a, c)
    state.terrain[pos(state, "b2")] = state.game.data.cards.get("Village").id
    state._sight_changed()
    assert not line_of_sight(state, a, c)
    strict = make({0: [("PzKw IV H", "a1")], 1: [("T-34 M41", "c2")]}, terrain={"b1": "Woods"},
                  overrides={"fire.los_knight_move": "both_clear"})
    assert not line_of_sight(strict, a, c)


def test_9_4_he_at_long_range_adds_2_and_at_guns_fire_he_4_at_least() -> None:
    data = load_data()
    assert fire_odds(data, "PzKw IV H", "Soviet Line Squad", rng="long").attack.modifier == 2
    assert fire_odds(data, "5 cm PaK 38", "Soviet Line Squad", kind="he").attack.hit == 4  # printed HE 0


def test_9_4_small_arms_only_at_short_range_and_not_at_armor() -> None:
    from tcforge.analysis.odds import OddsError
    with pytest.raises(OddsError):
        fire_odds(load_data(), "Soviet Line Squad", "German Line Squad", rng="long", kind="sa")
    with pytest.raises(OddsError):
        fire_odds(load_data(), "Soviet Line Squad", "PzKw IV H", kind="sa")


def test_jeff_mike_declared_melee_wastes_no_fire_on_an_eliminated_card() -> None:
    """Source 001's melee procedure (ruleset jeff-mike-2002): once a target is eliminated, the other
    attacks on it are not rolled; under the unified 10.0 every declared attack is rolled."""
    for ruleset, rolled in (("jeff-mike-2002", 1), ("six-pack-r3", 2)):
        state = make({0: [("German Line Squad", "b2"), ("Veteran German Squad", "b2")], 1: [("Soviet Line Squad", "b2")]},
                     ruleset=ruleset, columns=3)
        state.apply_checked(("end",))
        soviet = uid(state, "Soviet Line Squad")
        for name in ("German Line Squad", "Veteran German Squad"):
            state.apply_checked(("target", uid(state, name), soviet, "sa"))
        state.apply_checked(("hold", soviet))
        roll(state, 1)
        assert sum(1 for e in state.rolls if e[0] == "hit") == rolled - 1


def test_odds_refuse_cards_that_do_not_fight() -> None:
    from tcforge.analysis.odds import OddsError
    with pytest.raises(OddsError, match="Smoke is a special card"):
        fire_odds(load_data(), "PzKw VI E", "Smoke")
