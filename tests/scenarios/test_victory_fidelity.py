"""Victory conditions as the sources word them (issue 12 items 1 and 18): Hill 621's hill and 001's DYO attack."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from tcforge.analysis.generate import jeff_mike
from tcforge.engine.outcome import EndKind
from tcforge.engine.state import GameState
from tcforge.engine.units import Unit
from tcforge.play.checks import _kinds_ok
from tcforge.play.games import new_game
from tcforge.scenarios.loading import load

GERMAN, SOVIET = 0, 1


def _hill_at_end_of_turn_16(placements: list[tuple[int, str, bool]]) -> GameState:
    """Hill 621 at the end of turn 16, the hill emptied, then on hill position i a card of ``side`` whose
    type/class is ``kind`` ("infantry" or "tank"), entering it this turn from next door when ``assaulting``."""
    sc = load("hill-621")
    state = new_game(sc, 1, shuffle=True)  # the layout these positions were written for
    hooks = state.game.scenario_rules
    hill = hooks.judge.targets_of("take-the-hill", "soviet")
    for pos in hill:
        for side in (GERMAN, SOVIET):
            for uid in list(state.occ[pos][side]):
                state.occ[pos][side].remove(uid)
                state.units[uid].pos = -3
    state.forts = [None] * len(state.forts)
    for i, side, kind, assaulting in placements:
        nation = ("german", "soviet")[side]
        profile = next(p for p in state.game.profiles.values() if p.nation == nation
                       and (p.tank if kind == "tank" else p.infantry and p.card_class != "cavalry"))
        pick = Unit(len(state.units), side, profile, hill[i])
        state.units.append(pick)
        state.occ[hill[i]][side].append(pick.uid)
        pick.moved, pick.entered_from = (1, hill[i] + 6) if assaulting else (0, None)
    state.turn = 16
    return state


def test_20_0_soviet_infantry_squads_on_the_three_hill_positions_win() -> None:
    state = _hill_at_end_of_turn_16([(0, SOVIET, "infantry", False), (1, SOVIET, "infantry", False),
                                     (2, SOVIET, "infantry", False)])
    found = state.game.scenario_rules.end_of_turn(state)
    assert found is not None and found.winner == SOVIET and found.condition == "take-the-hill"


def test_20_0_soviet_infantry_defending_in_a_melee_still_holds_the_hill() -> None:
    state = _hill_at_end_of_turn_16([(0, SOVIET, "infantry", False), (1, SOVIET, "tank", False),
                                     (2, SOVIET, "infantry", False), (2, GERMAN, "infantry", True)])
    found = state.game.scenario_rules.end_of_turn(state)
    assert found is not None and found.winner == SOVIET


def test_20_0_a_soviet_card_attacking_in_a_melee_does_not_hold_the_hill() -> None:
    state = _hill_at_end_of_turn_16([(0, SOVIET, "tank", False), (1, SOVIET, "tank", False),
                                     (2, SOVIET, "tank", True), (2, GERMAN, "infantry", False)])
    found = state.game.scenario_rules.end_of_turn(state)
    assert found is None or found.winner != SOVIET


def test_20_0_a_soviet_card_that_began_a_melee_a_turn_earlier_still_does_not_hold_the_hill() -> None:
    """The tank entered the German-held hill position in turn 15 and the melee goes on: at the end of turn 16 it is
    still the card that began it, not one defending in it (issue 33, departure 6)."""
    state = _hill_at_end_of_turn_16([(0, SOVIET, "tank", False), (1, SOVIET, "tank", False),
                                     (2, SOVIET, "tank", True), (2, GERMAN, "infantry", False)])
    hill = state.game.scenario_rules.judge.targets_of("take-the-hill", "soviet")
    for uid in state.occ[hill[2]][SOVIET]:
        state.units[uid].moved = 0  # it moved in turn 15, not this turn
    found = state.game.scenario_rules.end_of_turn(state)
    assert found is None or found.winner != SOVIET


def test_20_0_static_check_counts_infantry_squads_but_not_cavalry(cards) -> None:
    params = load("hill-621").params
    squad = next(c for c in cards if c.type == "infantry" and c.card_class != "cavalry" and c.nation == "soviet")
    cavalry = next(c for c in cards if c.card_class == "cavalry")
    assert _kinds_ok(squad, ("infantry_squads", "tanks"), params)
    assert not _kinds_ok(cavalry, ("infantry_squads", "tanks"), params)
    assert _kinds_ok(cavalry, ("cavalry",), params)


@pytest.mark.parametrize("seed", [1, 4])
def test_001_dyo_attack_the_defender_wins_when_the_attack_fails_by_the_turn_limit(tmp_path: Path, seed: int) -> None:
    text = jeff_mike("dyo-test", year=1943, points=400, seed=seed, kind="attack")
    doc = yaml.safe_load(text)
    defender = next(s["id"] for s in doc["sides"] if s["role"] == "defender")
    out = tmp_path / "dyo-test.yaml"
    out.write_text(text, encoding="utf-8")
    sc = load(out)
    state = new_game(sc, 1, shuffle=True)  # the layout these positions were written for
    state.turn = sc.turn_limit
    found = state.game.scenario_rules.end_of_turn(state)  # nobody holds any second-row zone at the start
    assert found is not None and found.kind == EndKind.TURN_LIMIT
    assert sc.grid.sides[found.winner] == defender


def test_001_dyo_meeting_engagement_stays_drawn_at_the_turn_limit() -> None:
    doc = yaml.safe_load(jeff_mike("dyo-meet", year=1943, points=400, seed=1, kind="meeting"))
    assert doc["victory"]["default"] is None


def test_001_victory_conditions_checked_as_the_first_players_turn_ends_too(tmp_path: Path) -> None:
    out = tmp_path / "dyo-meet.yaml"
    out.write_text(jeff_mike("dyo-meet", year=1943, points=400, seed=1, kind="meeting"), encoding="utf-8")
    sc = load(out)
    state = new_game(sc, 1, shuffle=True)  # the layout these positions were written for
    hooks = state.game.scenario_rules
    first = state.first
    zone = hooks.judge.targets_of(f"{sc.grid.sides[first]}-breaks-in", sc.grid.sides[first])[0]
    for uid in list(state.occ[zone][1 - first]):  # clear the zone of its defenders
        state.occ[zone][1 - first].remove(uid)
        state.units[uid].pos = -3
    mover = next(u for u in state.units if u.side == first and u.pos >= 0 and u.profile.combat)
    state.occ[mover.pos][first].remove(mover.uid)
    mover.pos = zone
    state.occ[zone][first].append(mover.uid)
    assert state.active == first and state.outcome is None
    state._end_side_turn()  # the first player's turn is over: 001 checks the zones now, not a turn later
    assert state.outcome is not None and state.outcome.winner == first


def test_001_victory_conditions_an_enemy_truck_left_in_the_zone_stops_its_capture(tmp_path: Path) -> None:
    """001 captures a zone only when no enemy unit is left in it: a truck too denies it (16.0's control would not)."""
    out = tmp_path / "dyo-meet.yaml"
    out.write_text(jeff_mike("dyo-meet", year=1943, points=400, seed=1, kind="meeting"), encoding="utf-8")
    sc = load(out)
    state = new_game(sc, 1, shuffle=True)  # the layout these positions were written for
    hooks = state.game.scenario_rules
    first = state.first
    zone = hooks.judge.targets_of(f"{sc.grid.sides[first]}-breaks-in", sc.grid.sides[first])[0]
    for uid in list(state.occ[zone][1 - first]):  # clear the zone of its defenders
        state.occ[zone][1 - first].remove(uid)
        state.units[uid].pos = -3
    nation = sc.side(sc.grid.sides[1 - first]).nation
    truck = Unit(len(state.units), 1 - first, next(p for p in state.game.profiles.values()
                                                   if p.truck and p.nation == nation), zone)
    state.units.append(truck)
    state.occ[zone][1 - first].append(truck.uid)
    mover = next(u for u in state.units if u.side == first and u.pos >= 0 and u.profile.combat)
    state.occ[mover.pos][first].remove(mover.uid)
    mover.pos = zone
    state.occ[zone][first].append(mover.uid)
    state._end_side_turn()
    assert state.outcome is None  # the enemy truck is still there: not captured
