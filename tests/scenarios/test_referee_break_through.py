"""The referee on 001's break-through (Victory Conditions, Attack/Defense): legal exits pass, illegal ones are caught.

A generated jeff-mike attack (the Germans attack, the Soviets defend the 3 x 4 grid's top row: zones 9-11)
with two German tanks set down in zone 10, captured; the Soviets hold 80 points of cards in hand.
"""
from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path
from typing import Any

from tcforge.agents import greedy
from tcforge.analysis.generate import jeff_mike
from tcforge.engine import arrivals
from tcforge.engine.core import CHANCE
from tcforge.engine.replay import LogLine
from tcforge.engine.state import GameState
from tcforge.play.referee import audit_game
from tcforge.play.setup import setup, start
from tcforge.play.teller import Teller
from tcforge.play.wording import told
from tcforge.scenarios.loading import load
from tcforge.scenarios.scenario import Scenario

TANKS = (8, 10)  # PzKw IV F and StuPz IV, set down in zone 10 of the Soviet second row


def _attack(tmp_path: Path) -> Scenario:
    path = tmp_path / "dyo-attack.yaml"
    path.write_text(jeff_mike("dyo-attack", year=1943, points=300, seed=1, kind="attack"), encoding="utf-8")
    return load(str(path))


def _set_down(state: GameState) -> GameState:
    for uid in TANKS:
        unit = state.units[uid]
        state.occ[unit.pos][0].remove(uid)
        unit.pos = 10
        state.occ[10][0].append(uid)
    return state


def _fresh(sc: Scenario, *, empty_handed: bool = False) -> GameState:
    state = _set_down(start(sc, setup(sc, 1, shuffle=True)))  # the layout these positions were written for
    if empty_handed:  # the Soviets hold no card and draw none: nothing can pay for an exit
        for uid in list(state.hand[1]) + list(state.deck[1]):
            arrivals.discard(state, uid)
        state.rolls = [event for event in state.rolls if event != ("draw", 1)]
    return state


def _opening(sc: Scenario, *, empty_handed: bool = False) -> tuple[GameState, list[LogLine]]:
    """The draws dealt and the Germans winning the initiative."""
    state = _fresh(sc, empty_handed=empty_handed)
    lines: list[LogLine] = []
    while state.current_player() == CHANCE:
        event = state.rolls[0]
        action = state.chance_outcomes()[0][0] if event[0] == "draw" else ("d10", 10 if event[1] == 0 else 1)
        lines.append(LogLine(state.turn, "chance", list(action)))
        state.apply_action(action)
    return state, lines


def _play(state: GameState, lines: list[LogLine], actions: list[list[Any]]) -> None:
    """Apply the attacker's actions; the defender answers with the greedy player's choices."""
    for action in actions:
        lines.append(LogLine(state.turn, f"side {state.current_player()}", action))
        state.apply_action(tuple(action))
        while state.ctx.window is not None and state.outcome is None:
            answer = greedy.greedy_policy(state, random.Random(0))
            lines.append(LogLine(state.turn, f"side {state.current_player()}", list(answer)))
            state.apply_action(answer)


def test_001_victory_conditions_break_through_the_attacker_is_the_scenarios_attacker(tmp_path: Path) -> None:
    sc = _attack(tmp_path)
    state = _fresh(sc)
    assert [sc.side(s).role for s in sc.grid.sides] == ["attacker", "defender"] and state.game.attacker == 0
    assert state.game.rules.victory_break_through  # jeff-mike-2002 turns it on


def test_001_victory_conditions_break_through_a_legal_exit_and_its_payment_pass_the_referee(tmp_path: Path) -> None:
    sc = _attack(tmp_path)
    state, lines = _opening(sc)
    assert ["exit", 10, TANKS[0]] in [list(a) for a in state.legal_actions()]
    _play(state, lines, [["exit", 10, TANKS[0]]])
    yields = [line for line in lines if line.action[0] == "yield"]
    assert yields and state.outcome is None and state.units[TANKS[0]].pos < 0
    assert audit_game(sc, _fresh(sc), lines).violations == []


def test_001_victory_conditions_break_through_an_unpaid_exit_wins_and_the_referee_agrees(tmp_path: Path) -> None:
    sc = _attack(tmp_path)
    state, lines = _opening(sc, empty_handed=True)
    _play(state, lines, [["exit", 10, TANKS[0]]])  # the StuPz IV still holds zone 10
    assert state.outcome is not None and state.outcome.winner == 0 and state.outcome.condition == "001 break-through"
    assert audit_game(sc, _fresh(sc, empty_handed=True), lines).violations == []
    state, lines = _opening(sc, empty_handed=True)
    _play(state, lines, [["exit", 10, *TANKS]])  # both leave: nothing holds zone 10, so no victory
    assert state.outcome is None
    assert audit_game(sc, _fresh(sc, empty_handed=True), lines).violations == []


def test_001_victory_conditions_break_through_illegal_exits_are_caught(tmp_path: Path) -> None:
    sc = _attack(tmp_path)
    state, lines = _opening(sc)
    own = next(p for p in (3, 4, 5) if state.occ[p][0])  # a German zone: not the defender's second row
    bad = lines + [LogLine(state.turn, "side 0", ["exit", own, state.occ[own][0][0]])]
    audit = audit_game(sc, _fresh(sc), bad)
    assert [(v.line, v.case) for v in audit.violations] == [(len(bad) + 1, "001 break-through"), (len(bad) + 1, "engine")]
    _play(state, lines, [["exit", 10, TANKS[0]]])
    off = replace(state.game.rules, victory_break_through=False)  # judged by rules without the break-through
    assert [v.case for v in audit_game(sc, _fresh(sc), lines, rules=off).violations] == ["001 break-through"]


def test_001_victory_conditions_break_through_the_account_names_the_exit_and_the_payment(tmp_path: Path) -> None:
    sc = _attack(tmp_path)
    state, _ = _opening(sc)
    teller = Teller(sc, "en")
    said = told(state, ("exit", 10, TANKS[0]), teller)
    assert said.startswith("break-through (001): ") and "points to answer" in said


def test_001_victory_conditions_break_through_greedy_exits_from_what_it_may_know_with_hidden_units(tmp_path: Path) -> None:
    """jeff-mike-2002 hides cards, so the greedy player decides on a dealt position (the draws masked): it still
    sees that an empty-handed defender cannot pay, and takes the exit that keeps zone 10."""
    sc = _attack(tmp_path)
    state, _ = _opening(sc, empty_handed=True)
    assert state.game.rules.hidden_units and any(a[0] == "card" for a in state.history)
    action = greedy.greedy_policy(state, random.Random(0))
    assert action[:2] == ("exit", 10) and len(action) == 3
    rich, _ = _opening(sc)  # 80 points in hand: no exit is a sure win
    assert greedy.greedy_policy(rich, random.Random(0))[0] != "exit"



def _with_mines(tmp_path: Path, held: tuple[str, ...]) -> tuple[Scenario, Any]:
    """The attack with two Wire and two Minefields in each deck; the Soviets hold ``held`` and draw no more."""
    path = tmp_path / "dyo-attack-mines.yaml"
    text = jeff_mike("dyo-attack", year=1943, points=300, seed=1, kind="attack")
    path.write_text(text.replace("  deck:\n", "  deck:\n  - card: Wire\n    count: 2\n  - card: Minefield\n    count: 2\n"),
                    encoding="utf-8")
    sc = load(str(path))

    def fresh() -> GameState:
        state = _fresh(sc)
        for name in held:
            uid = next(u for u in state.deck[1] if state.units[u].profile.name == name)
            state.deck[1].remove(uid)
            state.hand[1].append(uid)
            state.units[uid].pos = -1  # the reserve: in hand
        state.rolls = [event for event in state.rolls if event != ("draw", 1)]
        return state
    return sc, fresh


def _exit_answered(sc: Scenario, fresh: Any, dice: list[int]) -> tuple[GameState, list[LogLine]]:
    """The opening, then both tanks exit zone 10; the defender (and the attacker, in a Wire window) answer
    greedily; the mines roll ``dice``."""
    state = fresh()
    lines: list[LogLine] = []
    while state.current_player() == CHANCE:
        event = state.rolls[0]
        action = state.chance_outcomes()[0][0] if event[0] == "draw" else ("d10", 10 if event[1] == 0 else 1)
        lines.append(LogLine(state.turn, "chance", list(action)))
        state.apply_action(action)
    lines.append(LogLine(state.turn, "side 0", ["exit", 10, *TANKS]))
    state.apply_action(("exit", 10, *TANKS))
    while state.outcome is None and (state.ctx.window is not None or state.current_player() == CHANCE):
        if state.current_player() == CHANCE:
            action = ("d10", dice.pop(0))
            lines.append(LogLine(state.turn, "chance", list(action)))
        else:
            action = greedy.greedy_policy(state, random.Random(0))
            lines.append(LogLine(state.turn, f"side {state.current_player()}", list(action)))
        state.apply_action(action)
    return state, lines


def test_001_victory_conditions_break_through_wire_or_a_minefield_on_an_exit_pass_the_referee(tmp_path: Path) -> None:
    """The exit is a move into the reserve: the greedy defender answers it. Wire: the wired tank stays and holds
    zone 10, the attacker lets the other leave, and the Soviets pay for it alone. A Minefield: a 1 destroys the
    first tank, the second leaves (a 10), and only its points are owed."""
    sc, fresh = _with_mines(tmp_path, ("Wire",))
    state, lines = _exit_answered(sc, fresh, [])
    wire = next(u for u in fresh().hand[1] if state.units[u].profile.name == "Wire")
    assert ["interrupt", wire] in [line.action[:2] for line in lines]
    wired = state.units[wire].carrier
    assert wired in TANKS and state.units[wired].pos == 10
    assert [state.units[u].pos for u in TANKS if u != wired] == [-3]
    assert any(line.action[0] == "yield" for line in lines) and state.outcome is None
    assert audit_game(sc, fresh(), lines).violations == []

    sc, fresh = _with_mines(tmp_path, ("Minefield",))
    state, lines = _exit_answered(sc, fresh, [1, 10])
    assert [state.units[u].pos for u in TANKS] == [-3, -3] and TANKS[0] in state.discard[0]
    paid = [state.units[line.action[1]].profile.points for line in lines if line.action[0] == "yield"]
    owed = state.units[TANKS[1]].profile.points
    assert sum(paid) >= owed and sum(paid[:-1]) < owed  # the second tank's points, not both
    assert audit_game(sc, fresh(), lines).violations == []
