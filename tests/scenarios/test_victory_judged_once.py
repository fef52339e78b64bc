"""Victory conditions are judged in one place (tcforge.play.victory): the hooks the engine calls and the referee
re-checking a log give the same verdict on the same position, for each kind of condition (16.0, 17.x, 20.0),
the turn-1 case of 17.1's elimination included."""
from __future__ import annotations

from typing import Any

import pytest

from tcforge.engine.board import DISCARDED
from tcforge.engine.outcome import EndKind
from tcforge.engine.state import GameState
from tcforge.engine.units import Unit
from tcforge.play.games import new_game
from tcforge.play.hooks import hooks_of
from tcforge.play.referee import Referee
from tcforge.play.victory import AT_ONCE, AT_TURN_END
from tcforge.scenarios.loading import load
from tcforge.scenarios.scenario import Scenario


def _verdicts(sc: Scenario, state: GameState, *, end_of_game_turn: bool) -> tuple[Any, Any]:
    """(the hooks' verdict, the referee's) as (winner, condition id), None when no condition is met."""
    hooks = hooks_of(state.game)
    found = hooks.end_of_turn(state) if end_of_game_turn else hooks.instant(state)
    engine = None if found is None or found.kind == EndKind.TURN_LIMIT else (found.winner, found.condition)
    referee = Referee(sc, state)
    referee.entered_from = {u.uid: (u.pos, u.entered_from) for u in state.units  # its own record of the moves: who
                            if u.entered_from is not None and u.pos >= 0}    # entered an enemy-held position (10.0)
    met = referee.met(state.turn, end_of_game_turn=end_of_game_turn, kinds=AT_TURN_END if end_of_game_turn else AT_ONCE)
    return engine, (met[0] if met else None)


def _clear(state: GameState, pos: int, side: int) -> None:
    for uid in list(state.occ[pos][side]):
        state.occ[pos][side].remove(uid)
        state.units[uid].pos = DISCARDED


def _put(state: GameState, pos: int, side: int, kind: str = "tank", entering: bool = False) -> Unit:
    """A new combat card of the side's nation on ``pos`` (``entering``: it came in from next door this turn)."""
    hooks = hooks_of(state.game)
    nation = hooks.scenario.side(hooks.sides[side]).nation
    profile = next(p for p in state.game.profiles.values() if p.nation == nation
                   and (p.tank if kind == "tank" else p.infantry and p.card_class != "cavalry"))
    unit = Unit(len(state.units), side, profile, pos)
    state.units.append(unit)
    state.occ[pos][side].append(unit.uid)
    unit.moved, unit.entered_from = (1, pos + 1) if entering else (0, None)
    return unit


# ------------------------------------------------------------------ 17.1: eliminate_all
@pytest.mark.parametrize("cond_id", ["last-one-standing", "eliminate"])
def test_17_1_elimination_waits_for_the_first_players_first_turn_in_the_hooks_and_the_referee(cond_id: str) -> None:
    """Tank Action!: the second player's cards all gone from the table during the first player's first turn decide
    nothing yet (the project's reading of 17.1, whatever the condition's id); once that turn is over, both judge
    the first player the winner."""
    sc = load("tank-action")
    sc.victory[0].id = cond_id
    state = new_game(sc, 1, shuffle=True)  # the layout these positions were written for
    state.turn, state.first, state.active = 1, 0, 0
    for pos in range(state.game.board.size):
        _clear(state, pos, 1)
    assert any(u.side == 0 and u.pos >= 0 and u.profile.combat for u in state.units)
    assert _verdicts(sc, state, end_of_game_turn=False) == (None, None)
    state.active = 1  # the first player's turn is over
    assert _verdicts(sc, state, end_of_game_turn=False) == ((0, cond_id), (0, cond_id))


def test_17_1_elimination_in_a_later_turn_is_judged_at_once_by_both() -> None:
    sc = load("tank-action")
    state = new_game(sc, 2, shuffle=True)  # the layout these positions were written for
    state.turn, state.first, state.active = 3, 1, 1
    for pos in range(state.game.board.size):
        _clear(state, pos, 0)
    assert _verdicts(sc, state, end_of_game_turn=False) == ((1, "last-one-standing"), (1, "last-one-standing"))


# ------------------------------------------------------------ 16.0 / 17.7: control_positions
@pytest.mark.parametrize("held", [7, 8])
def test_16_0_17_7_control_of_eight_bridgehead_positions_judged_alike(held: int) -> None:
    """Eliminate That Bridgehead: the German wins at once holding eight of the ten Soviet positions, not seven."""
    sc = load("eliminate-that-bridgehead")
    state = new_game(sc, 1, shuffle=True)  # the layout these positions were written for
    state.turn, state.first, state.active = 2, 0, 0
    targets = hooks_of(state.game).judge.targets_of("wipe-out-the-bridgehead", "german")
    for pos in targets:
        _clear(state, pos, 1)
        _clear(state, pos, 0)
    for pos in targets[:held]:
        _put(state, pos, 0)
    want = (0, "wipe-out-the-bridgehead") if held >= 8 else None
    assert _verdicts(sc, state, end_of_game_turn=False) == (want, want)


def test_16_0_an_enemy_combat_card_on_a_position_denies_its_control_to_both() -> None:
    sc = load("eliminate-that-bridgehead")
    state = new_game(sc, 1, shuffle=True)  # the layout these positions were written for
    state.turn, state.first, state.active = 2, 0, 0
    targets = hooks_of(state.game).judge.targets_of("wipe-out-the-bridgehead", "german")
    for pos in targets:
        _clear(state, pos, 1)
        _clear(state, pos, 0)
        _put(state, pos, 0)
    _put(state, targets[0], 1)
    _put(state, targets[1], 1)
    _put(state, targets[2], 1)  # seven left: not enough
    assert _verdicts(sc, state, end_of_game_turn=False) == (None, None)


# ------------------------------------------------------------------ 20.0: hold_positions
@pytest.mark.parametrize(("placements", "soviet_wins"), [
    ([(0, 1, "infantry", False), (1, 1, "infantry", False), (2, 1, "infantry", False)], True),
    ([(0, 1, "infantry", False), (1, 1, "tank", False), (2, 1, "infantry", False), (2, 0, "infantry", True)], True),
    ([(0, 1, "tank", False), (1, 1, "tank", False), (2, 1, "tank", True), (2, 0, "infantry", False)], False),
])
def test_20_0_the_hill_held_at_the_end_of_turn_16_judged_alike(placements: list[tuple[int, int, str, bool]],
                                                               soviet_wins: bool) -> None:
    """Hill 621: squads or tanks on the three hill positions at the end of turn 16, one of them in a melee it
    defends (it holds) or attacks (it does not)."""
    sc = load("hill-621")
    state = new_game(sc, 1, shuffle=True)  # the layout these positions were written for
    hill = hooks_of(state.game).judge.targets_of("take-the-hill", "soviet")
    for pos in hill:
        _clear(state, pos, 0)
        _clear(state, pos, 1)
    state.forts = [None] * len(state.forts)
    for i, side, kind, entering in placements:
        _put(state, hill[i], side, kind, entering)
    state.turn = 16
    want = (1, "take-the-hill") if soviet_wins else None
    assert _verdicts(sc, state, end_of_game_turn=True) == (want, want)


# ------------------------------------------------------------------ 17.x: countdown
@pytest.mark.parametrize(("turns_after", "defender_wins"), [(2, False), (3, True)])
def test_17_5_the_relief_holds_three_turns_after_it_arrived_judged_alike(turns_after: int, defender_wins: bool) -> None:
    sc = load("defense")
    state = new_game(sc, 1, shuffle=True)  # the layout these positions were written for
    state.arrivals["relief"] = 4
    state.turn = 4 + turns_after
    defender = [s.id for s in sc.sides].index("defender")
    want = (defender, "relief-holds") if defender_wins else None
    assert _verdicts(sc, state, end_of_game_turn=True) == (want, want)
