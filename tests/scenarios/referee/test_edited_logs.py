"""The referee has teeth: fresh seeded logs of 001 games, each edited (or played by an engine bent) to break one
rule case the referee lists, are flagged with that case.

Logs come from greedy games of generated 001 scenarios (``tcforge.analysis.generate.jeff_mike``); an edited line
is the last one audited (what follows it was played from the unedited position). The classic cases (4.0 to 20.0,
16.0, 001 break-through) have their edited logs in tests/scenarios/test_referee.py,
test_referee_break_through.py and test_tampered_logs.py.
"""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from tcforge.analysis.generate import jeff_mike
from tcforge.engine import opportunity, spotting
from tcforge.engine.actions import action_from_json
from tcforge.engine.playout import LogLine
from tcforge.engine.state import GameState
from tcforge.play.games import play_game
from tcforge.play.referee import CASES, audit_game
from tcforge.play.setup import setup, start
from tcforge.scenarios.loading import load
from tcforge.scenarios.scenario import Scenario


def _dyo(tmp_path: Path, kind: str, seed: int) -> Scenario:
    path = tmp_path / f"dyo-{kind}-{seed}.yaml"
    path.write_text(jeff_mike(f"dyo-{kind}-{seed}", year=1943, points=400, seed=seed, kind=kind), encoding="utf-8")
    return load(str(path))


def _game(sc: Scenario, seed: int = 1) -> list[LogLine]:
    playout, _ = play_game(sc, seed, ("greedy", "greedy"))
    return playout.log


def _at(sc: Scenario, lines: list[LogLine], upto: int, seed: int = 1) -> GameState:
    """The position before file line ``upto`` (the set-up is line 1)."""
    state = start(sc, setup(sc, seed))
    for entry in lines[:upto - 2]:
        state.apply_action(action_from_json(entry.action))
    return state


def _edited(lines: list[LogLine], line: int, action: list[Any]) -> list[LogLine]:
    """The log up to file line ``line``, that line's action replaced."""
    return [*lines[:line - 2], replace(lines[line - 2], action=action)]


def _line(sc: Scenario, lines: list[LogLine], test: Any, seed: int = 1) -> int:
    """The first file line whose action, in its position, passes ``test(state, action)``."""
    state = start(sc, setup(sc, seed))
    for i, entry in enumerate(lines):
        if test(state, entry.action):
            return i + 2
        state.apply_action(action_from_json(entry.action))
    raise AssertionError("no such line in the game")


def _cases(sc: Scenario, lines: list[LogLine], seed: int = 1, **kw: Any) -> list[tuple[int, str]]:
    return [(v.line, v.case) for v in audit_game(sc, start(sc, setup(sc, seed)), lines, "edited", **kw).violations]


def _opportunity_shot(state: GameState, action: list[Any]) -> bool:
    return action[0] == "shoot" and state.ctx.window is not None and state.ctx.window.kind == "opportunity"


@pytest.fixture(scope="module")
def attack(tmp_path_factory: pytest.TempPathFactory) -> tuple[Scenario, list[LogLine]]:
    sc = _dyo(tmp_path_factory.mktemp("dyo"), "attack", 4)
    return sc, _game(sc)


@pytest.fixture(scope="module")
def meeting(tmp_path_factory: pytest.TempPathFactory) -> tuple[Scenario, list[LogLine]]:
    sc = _dyo(tmp_path_factory.mktemp("dyo"), "meeting", 1)
    return sc, _game(sc)


def test_the_unedited_logs_audit_clean(attack: Any, meeting: Any) -> None:
    for sc, lines in (attack, meeting):
        assert _cases(sc, lines) == []


def test_every_case_names_its_module() -> None:
    modules = {"supply_and_plays", "movement", "fire", "opportunity", "spotting", "mines_and_wire", "melee",
               "victory_and_control", "breakthrough"}
    assert {c.module for c in CASES} == modules
    assert len({c.case for c in CASES}) == len(CASES)


def test_001_2_0_an_opportunity_shot_without_the_option_is_flagged(attack: Any) -> None:
    sc, lines = attack
    found = _cases(sc, lines, rules=replace(sc_rules(sc), opportunity_fire=False))
    assert found and {case for _, case in found} == {"001 2.0"}


def sc_rules(sc: Scenario) -> Any:
    return start(sc, setup(sc, 1)).game.rules


def test_001_2_1_an_opportunity_shot_at_a_card_that_did_not_move_is_flagged(attack: Any) -> None:
    sc, lines = attack
    line = _line(sc, lines, _opportunity_shot)
    state = _at(sc, lines, line)
    firer, target = lines[line - 2].action[1:3]
    moved = state.ctx.move
    still = next(u.uid for u in state.units if u.side == state.active and u.pos >= 0 and u.uid != target
                 and u.profile.combat and (moved is None or u.uid != moved.cur) and u.carrier is None
                 and not state.occ[u.pos][1 - state.active])
    found = _cases(sc, _edited(lines, line, ["shoot", firer, still, "at"]))
    assert (line, "001 2.1 target") in found
    assert {case for _, case in found} <= {"001 2.1 target", "001 2.1 firer", "001 1.0 hidden target"}


def test_001_2_1_an_opportunity_shot_by_a_card_in_reserve_is_flagged(attack: Any) -> None:
    sc, lines = attack
    line = _line(sc, lines, _opportunity_shot)
    state = _at(sc, lines, line)
    _, target = lines[line - 2].action[1:3]
    off = next(u.uid for u in state.units if u.side != state.active and u.pos < 0 and u.profile.combat)
    assert _cases(sc, _edited(lines, line, ["shoot", off, target, "at"])) == [(line, "001 2.1 firer")]


def test_001_2_1_an_opportunity_shot_twice_in_a_turn_is_flagged(attack: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """An engine that forgets the turn's shot is used: the second shot of the turn is flagged."""
    sc, _ = attack
    real = opportunity.after_step

    def again(state: GameState, members: Any, to: int) -> None:
        if state.ctx.play is not None:
            state.ctx.play.opportunity = False
        real(state, members, to)

    monkeypatch.setattr(opportunity, "after_step", again)
    for seed in (1, 2, 3, 4, 5):
        found = {case for _, case in _cases(sc, _game(sc, seed), seed)}
        if found:
            assert found == {"001 2.1 once"}
            return
    pytest.fail("no game of the bent engine shot twice in a turn")


def test_001_2_1_an_opportunity_shot_due_and_not_offered_is_flagged(attack: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """An engine that never offers opportunity fire: the referee finds the shots that were due."""
    sc, _ = attack
    monkeypatch.setattr(opportunity, "after_step", lambda state, members, to: None)
    found = {case for _, case in _cases(sc, _game(sc))}
    assert found == {"001 2.1 due"}


def test_001_1_0_a_shot_at_a_face_down_card_is_flagged(meeting: Any) -> None:
    sc, lines = meeting

    def aimed(state: GameState, action: list[Any]) -> bool:
        return action[0] == "shoot" and state.phase == "fire" and any(
            state.face_down(u.uid) for u in state.units if u.side != state.active)

    line = _line(sc, lines, aimed)
    state = _at(sc, lines, line)
    hidden = next(u.uid for u in state.units if u.side != state.active and state.face_down(u.uid))
    edit = list(lines[line - 2].action)
    edit[2] = hidden
    found = _cases(sc, _edited(lines, line, edit))
    assert (line, "001 1.0 hidden target") in found
    assert {case for _, case in found} <= {"001 1.0 hidden target", "9.1", "9.2", "001 ranged fire and melee", "engine"}


def test_001_1_0_cards_an_enemy_spots_left_face_down_at_the_turns_end_are_flagged(
        meeting: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    sc, _ = meeting
    monkeypatch.setattr(spotting, "check", lambda state: state.spotted.clear())
    assert "001 1.0" in {case for _, case in _cases(sc, _game(sc))}


def test_001_1_6_cards_no_enemy_sees_left_face_up_at_the_turns_end_are_flagged(
        meeting: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    sc, _ = meeting
    monkeypatch.setattr(spotting, "check", lambda state: state.spotted.update(u.uid for u in state.units if u.pos >= 0))
    found = {case for _, case in _cases(sc, _game(sc))}
    assert "001 1.6" in found and "001 1.0" not in found


def _melee_order(state: GameState, action: list[Any]) -> bool:
    return action[0] == "target" and state.phase == "melee"


def test_10_0_a_card_ordered_twice_in_a_melee_round_is_flagged(attack: Any) -> None:
    sc, lines = attack
    first = _line(sc, lines, _melee_order)
    line = first + 1
    assert lines[line - 2].action[0] == "target" and lines[line - 2].actor == lines[first - 2].actor
    edit = list(lines[line - 2].action)
    edit[1] = lines[first - 2].action[1]
    assert _cases(sc, _edited(lines, line, edit)) == [(line, "10.0 once")]


def test_10_0_a_tank_firing_at_a_gun_while_enemy_tanks_are_there_is_flagged(attack: Any, meeting: Any) -> None:
    def tank_at_tank(state: GameState, action: list[Any]) -> bool:
        if not _melee_order(state, action):
            return False
        firer, target = state.units[action[1]], state.units[action[2]]
        return firer.profile.tank and target.profile.tank and any(
            not state.units[u].profile.tank and state.units[u].profile.combat for u in state.occ[firer.pos][1 - firer.side])

    for sc in (attack[0], meeting[0], load("hill-621"), load("kursk")):
        for seed in (1, 2, 3):
            lines = _game(sc, seed)
            try:
                line = _line(sc, lines, tank_at_tank, seed)
            except AssertionError:
                continue
            state = _at(sc, lines, line, seed)
            firer = state.units[lines[line - 2].action[1]]
            soft = next(u for u in state.occ[firer.pos][1 - firer.side]
                        if not state.units[u].profile.tank and state.units[u].profile.combat)
            assert _cases(sc, _edited(lines, line, ["target", firer.uid, soft, "sa"]), seed) == [(line, "10.0 priorities")]
            return
    pytest.fail("no melee of a tank against tanks and other cards in these games")


def test_001_vehicles_vs_infantry_a_vehicle_firing_he_at_a_gun_in_melee_is_flagged(meeting: Any) -> None:
    sc, lines = meeting

    def vehicle_at_soft(state: GameState, action: list[Any]) -> bool:
        return _melee_order(state, action) and state.units[action[1]].profile.vehicle and (
            state.units[action[2]].profile.infantry or state.units[action[2]].profile.at_gun)

    line = _line(sc, lines, vehicle_at_soft)
    edit = list(lines[line - 2].action)
    edit[3] = "at"
    assert _cases(sc, _edited(lines, line, edit)) == [(line, "001 vehicles vs infantry")]
