"""Fire and melee against the rule book: each test names the rule case it checks against the engine."""
from __future__ import annotations

from enginekit import make, pos, roll, uid
from tcforge.analysis.odds import setup as odds_setup
from tcforge.data.dataset import load_data
from tcforge.engine.attacks import Attack
from tcforge.engine.board import RESERVE
from tcforge.engine.core import Fort


def test_11_0_foxholes_of_an_odds_position_are_a_typed_fort_and_go_when_their_infantry_goes() -> None:
    data = load_data()
    state, _, target = odds_setup(data, data.cards.get("PzKw IV H"), data.cards.get("Soviet Line Squad"), "short",
                                  "Foxholes", False)
    fort = state.forts[state.units[target].pos]
    assert isinstance(fort, Fort) and fort.side == 1 and fort.card_id == data.cards.get("Foxholes").id
    assert state.units[fort.uid].profile.card_id == fort.card_id
    where = state.units[target].pos
    state._destroy(target)  # 11.0: the Foxholes go with the last squad of their side
    assert state.forts[where] is None and fort.uid in state.discard[1]


def _hill_621_rules(state) -> None:
    """Give an engine test position Hill 621's special rules (20.0 rules 6 and 7)."""
    from dataclasses import replace

    from tcforge.play.hooks import ScenarioHooks
    from tcforge.scenarios.loading import load
    state.game = replace(state.game, scenario_rules=ScenarioHooks(load("hill-621")))  # a game is made whole, then fixed


def _melee_shot(state, firer: int):
    return next(e[1] for e in state.rolls if e[0] == "hit" and e[2] == firer)


def test_20_0_rule_7_su152_first_at_shot_only_at_card_penetration_in_melee_too() -> None:
    state = make({0: [("PzKw IV H", "c3")], 1: [("SU-152", "c3")]})
    _hill_621_rules(state)
    tank, su = uid(state, "PzKw IV H"), uid(state, "SU-152")
    state.apply_checked(("end",))  # the German play ends: the melee at c3
    state.apply_checked(("hold", tank))
    state.apply_checked(("target", su, tank, "at"))
    assert _melee_shot(state, su).penetration == 14  # its first AT shot: card penetration
    roll(state, 10)
    assert state.active == 1
    state.apply_checked(("end",))  # the Soviet play ends: the melee goes on
    state.apply_checked(("target", su, tank, "at"))
    state.apply_checked(("hold", tank))
    assert _melee_shot(state, su).penetration == 3  # the melee shot used its armour-piercing round


def test_20_0_rule_7_su152_melee_shot_after_a_ranged_at_shot_is_at_3() -> None:
    state = make({0: [("PzKw IV H", "c3")], 1: [("SU-152", "c3")]})
    _hill_621_rules(state)
    tank, su = uid(state, "PzKw IV H"), uid(state, "SU-152")
    state.ap_shots[str(su)] = 1  # it has fired its first AT shot at range
    state.apply_checked(("end",))
    state.apply_checked(("hold", tank))
    state.apply_checked(("target", su, tank, "at"))
    assert _melee_shot(state, su).penetration == 3


def _sprays(state, firer: int) -> list[int]:
    """The targets of ``firer``'s pending attacks after its first (13.2's spraying fire)."""
    return [e[3] for e in state.rolls if e[0] == "hit" and e[2] == firer][1:]


def test_13_2_heroic_squad_leader_without_hmg_does_not_spray_in_melee() -> None:
    state = make({0: [("German Line Squad", "c3"), ("Heroic Squad Leader", RESERVE)],
                  1: [("Soviet Line Squad", "c3"), ("Soviet Recruits Squad", "c3")]})
    squad, target = uid(state, "German Line Squad"), uid(state, "Soviet Line Squad")
    state.apply_checked(("play", uid(state, "Heroic Squad Leader"), squad))
    state.apply_checked(("end",))
    state.apply_checked(("target", squad, target, "sa"))
    for other in (target, uid(state, "Soviet Recruits Squad")):
        state.apply_checked(("hold", other))
    assert _melee_shot(state, squad).hit == state.units[squad].profile.sa + 1
    assert _sprays(state, squad) == []  # no Heavy Machine Gun, no spraying fire


def test_13_2_c7_canister_does_not_spray_in_melee() -> None:
    state = make({0: [("PzKw III N", "c3"), ("Special Ammunition", RESERVE)],
                  1: [("Soviet Line Squad", "c3"), ("Soviet Recruits Squad", "c3")]})
    _hill_621_rules(state)
    tank, target = uid(state, "PzKw III N"), uid(state, "Soviet Line Squad")
    state.apply_checked(("play", uid(state, "Special Ammunition"), tank))
    state.apply_checked(("end",))
    state.apply_checked(("target", tank, target, "sa"))
    for other in (target, uid(state, "Soviet Recruits Squad")):
        state.apply_checked(("hold", other))
    assert _melee_shot(state, tank).hit == state.units[tank].profile.sa + 5  # 20.0 rule 6
    assert _sprays(state, tank) == []


def test_13_2_assaulting_infantry_cannot_use_its_hmg_in_the_first_melee_round() -> None:
    state = make({0: [("German Line Squad", "c2"), ("Heavy Machine Gun", RESERVE), ("Heroic Squad Leader", RESERVE)],
                  1: [("Soviet Line Squad", "c3"), ("Soviet Recruits Squad", "c3")]})
    squad, target = uid(state, "German Line Squad"), uid(state, "Soviet Line Squad")
    state.apply_checked(("equip", uid(state, "Heavy Machine Gun"), squad))
    state.apply_checked(("play", uid(state, "Heroic Squad Leader"), squad))
    state.apply_checked(("move", pos(state, "c2")))
    if state.ctx.move is not None and state.ctx.move.stage == "pick":
        state.apply_checked(("pick", squad))
    if state.ctx.move is not None and state.ctx.move.stage == "pick":
        state.apply_checked(("go",))
    state.apply_checked(("step", pos(state, "c3")))
    assert state.phase == "melee"  # both Supply points spent: the play is over
    state.apply_checked(("target", squad, target, "sa"))
    for other in (target, uid(state, "Soviet Recruits Squad")):
        state.apply_checked(("hold", other))
    assert _melee_shot(state, squad).hit == state.units[squad].profile.sa + 1  # the leader, not the HMG
    assert _sprays(state, squad) == []  # the HMG is not used: it does not spray either


def test_13_2_defending_infantry_sprays_with_its_hmg_in_melee() -> None:
    state = make({0: [("German Line Squad", "c3"), ("Heavy Machine Gun", RESERVE)],
                  1: [("Soviet Line Squad", "c3"), ("Soviet Recruits Squad", "c3")]})
    squad, target, other = uid(state, "German Line Squad"), uid(state, "Soviet Line Squad"), uid(state, "Soviet Recruits Squad")
    state.apply_checked(("equip", uid(state, "Heavy Machine Gun"), squad))
    state.apply_checked(("end",))
    state.apply_checked(("target", squad, target, "sa"))
    state.apply_checked(("hold", target))
    state.apply_checked(("hold", other))
    assert _melee_shot(state, squad).hit == state.units[squad].profile.sa + 2
    assert _sprays(state, squad) == [other]


def test_9_5_1_b_smoke_the_defender_plays_as_a_melee_begins_lifts_at_the_end_of_that_turn() -> None:
    state = make({0: [("German Line Squad", "c3")], 1: [("Soviet Line Squad", "c3"), ("Smoke", RESERVE)]})
    c3 = pos(state, "c3")
    if state.ctx.window is not None:
        state.apply_checked(("pass",))  # Smoke could also answer side 0's play
    state.apply_checked(("end",))
    assert state.current_player() == 1 and state.phase == "melee"
    state.apply_checked(("interrupt", uid(state, "Smoke")))  # played in the opponent's turn
    state.apply_checked(("pass",))
    for unit in (uid(state, "German Line Squad"), uid(state, "Soviet Line Squad")):
        state.apply_checked(("hold", unit))
    assert state.active == 1  # side 0's turn is over
    assert state.smoke[c3] == -1  # 9.5.1 b: the same turn


def test_9_5_1_b_smoke_the_attacker_plays_as_a_melee_begins_lasts_through_the_defenders_turn() -> None:
    state = make({0: [("German Line Squad", "c3"), ("Smoke", RESERVE)], 1: [("Soviet Line Squad", "c3")]})
    c3 = pos(state, "c3")
    state.apply_checked(("end",))
    assert state.current_player() == 0 and state.phase == "melee"
    state.apply_checked(("interrupt", uid(state, "Smoke")))
    state.apply_checked(("pass",))
    for unit in (uid(state, "German Line Squad"), uid(state, "Soviet Line Squad")):
        state.apply_checked(("hold", unit))
    assert state.active == 1 and state.smoke[c3] >= 0  # still there in the opponent's next turn
    state.apply_checked(("end",))
    for unit in (uid(state, "Soviet Line Squad"), uid(state, "German Line Squad")):
        state.apply_checked(("hold", unit))
    assert state.active == 0 and state.smoke[c3] == -1


def test_9_3_1_flank_shot_played_in_the_play_goes_with_the_next_at_shot_in_melee() -> None:
    state = make({0: [("PzKw IV H", "c3"), ("Flank Shot", RESERVE)], 1: [("T-34 M41", "c3")]})
    tank, enemy = uid(state, "PzKw IV H"), uid(state, "T-34 M41")
    state.apply_checked(("play", uid(state, "Flank Shot")))
    state.apply_checked(("end",))  # no ranged AT shot this turn: the melee's is the next one
    state.apply_checked(("target", tank, enemy, "at"))
    state.apply_checked(("hold", enemy))
    shot = _melee_shot(state, tank)
    assert shot.flank_shot and shot.melee
    roll(state, 3)  # 10.0: in melee a natural 3 halves the side armor after a Flank Shot, as a 1 does
    assert state.rolls[0][0] == "kill"
    armor_side = state.units[enemy].profile.armor_side
    assert state.rolls[0][5] == state.game.fire_rules.kill_number(shot.penetration - max(1, armor_side // 2))


def test_9_5_1_f_a_card_in_a_melee_may_try_to_lay_smoke_on_it() -> None:
    state = make({0: [("PzKw IV H", "c3")], 1: [("Soviet Line Squad", "c3")]})
    tank, squad, c3 = uid(state, "PzKw IV H"), uid(state, "Soviet Line Squad"), pos(state, "c3")
    state.apply_checked(("end",))
    assert ("smoke", tank, c3) in state.legal_actions()  # instead of firing at a card
    state.apply_checked(("smoke", tank, c3))
    state.apply_checked(("hold", squad))
    event = next(e for e in state.rolls if e[2] == tank)
    assert event[0] == "smoke" and event[1] == Attack("smoke", state.units[tank].profile.he, 0)  # no range modifier
    roll(state, state.units[tank].profile.he)
    assert state.smoke[c3] >= 0


def test_9_5_1_smoke_card_may_be_played_on_an_empty_position() -> None:
    state = make({0: [("Smoke", RESERVE), ("PzKw IV H", "a1")], 1: [("T-34 M41", "e4"), ("Smoke", RESERVE)]})
    c2 = pos(state, "c2")
    assert state.current_player() == 1 and ("interrupt", uid(state, "Smoke", 1), c2) in state.legal_actions()
    state.apply_checked(("pass",))
    assert ("interrupt", uid(state, "Smoke", 0), c2) in state.legal_actions()  # in one's own play too


def test_9_5_1_f_he_fire_may_lay_smoke_on_an_empty_position_it_can_see() -> None:
    state = make({0: [("PzKw IV H", "c1")], 1: [("Soviet Line Squad", "e4")]})
    tank = uid(state, "PzKw IV H")
    assert ("fire", pos(state, "c1")) in state.legal_actions()  # nothing to shoot at, but Smoke to lay
    state.apply_checked(("fire", pos(state, "c1")))
    assert ("smoke", tank, pos(state, "c2")) in state.legal_actions()
    assert ("smoke", tank, pos(state, "c3")) in state.legal_actions()


def test_10_0_and_23_hill_621_plays_the_final_tank_melee_modifiers_and_offers_its_1997_ones() -> None:
    from tcforge.play.hooks import make_game
    from tcforge.scenarios.loading import load
    final = {"8": 0, "10": 0, "12": -1, "14": -2}  # 10.0 as printed; 000 section 23's last word
    assert make_game(load("hill-621")).rules.melee_tank_melee_modifiers == final
    published = make_game(load("hill-621", balance="tank-melee-1997")).rules
    assert published.melee_tank_melee_modifiers == {"8": 1, "10": 1, "12": 0, "14": -1}  # the scenario as published
    assert published.melee_unsupported_tank_modifier == 0  # no blanket -2 (that is the article's, six-pack-1997)


def _ranged_shots(state, label: str) -> list[tuple]:
    if ("fire", pos(state, label)) not in state.legal_actions():
        return []
    state.apply_checked(("fire", pos(state, label)))
    return [a for a in state.legal_actions() if a[0] in ("shoot", "smoke")]


def test_001_ranged_fire_and_melee_cards_in_a_melee_fight_only_there() -> None:
    forces = {0: [("PzKw IV H", "b2")], 1: [("Soviet Line Squad", "b2"), ("T-34 M41", "b3")]}
    assert any(a[2] == uid(make(forces), "T-34 M41") for a in _ranged_shots(make(forces), "b2") if a[0] == "shoot")  # 10.0
    assert _ranged_shots(make(forces, ruleset="jeff-mike-2002", columns=5), "b2") == []


def test_001_ranged_fire_and_melee_no_fire_from_outside_into_a_melee() -> None:
    forces = {0: [("PzKw IV H", "a2"), ("German Line Squad", "b3")], 1: [("T-34 M41", "b3"), ("T-34 M43", "a3")]}
    state = make(forces, ruleset="jeff-mike-2002", columns=5)
    shots = _ranged_shots(state, "a2")
    assert ("shoot", uid(state, "PzKw IV H"), uid(state, "T-34 M43"), "at") in shots
    assert not any(a[0] == "shoot" and a[2] == uid(state, "T-34 M41") for a in shots)  # in the melee at b3
    state = make(forces)
    assert ("shoot", uid(state, "PzKw IV H"), uid(state, "T-34 M41"), "at") in _ranged_shots(state, "a2")  # 10.0 allows it
