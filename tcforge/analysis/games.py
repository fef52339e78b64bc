"""Playing scenarios headlessly: one game with a readable account and a replayable log, or many for balance.

A game's log is JSON lines: the first line is the :class:`~tcforge.analysis.setup.Setup`
(what chance and the players decided before turn 1), every other line one
action, the last the outcome; a digest of the scenario and a hash chain make it self-checking
(:mod:`tcforge.analysis.gamelog`). ``tcforge scenario replay`` verifies it, rebuilds the start from the first line and
applies the actions, checked, so a log replays exactly or says where it
diverges.
"""
from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from tcforge.analysis import gamelog
from tcforge.analysis.scenario_hooks import make_game
from tcforge.analysis.setup import Setup, setup, start
from tcforge.engine.board import RESERVE
from tcforge.engine.outcome import EndKind
from tcforge.engine.playout import LogLine, Playout, play
from tcforge.engine.policies import make as make_agent
from tcforge.engine.state import CHANCE, GameState, IllegalActionError
from tcforge.scenarios.scenario import Scenario

MAX_ACTIONS = 100_000  # a game that has not ended after this many actions is an engine fault


@dataclass
class GameResult:
    """What one game of a scenario came to."""

    seed: int
    winner: str | None
    reason: str
    condition: str  # the victory condition met, "turn limit", "cap" or "error"
    turns: int
    actions: int
    losses: dict[str, dict[str, int]] = field(default_factory=dict)  # side -> card type/class -> cards lost
    goals_reached: dict[str, int] = field(default_factory=dict)  # side -> most goal positions held at a turn's end
    error: str = ""


_GAMES: dict[int, Any] = {}


def new_game(scenario: Scenario, seed: int) -> GameState:
    """A game's start; the game definition is made once per scenario object and shared by its games."""
    game = _GAMES.get(id(scenario))
    if game is None or game.scenario_rules.scenario is not scenario:  # an id may be reused once an object is gone
        game = _GAMES[id(scenario)] = make_game(scenario)
    return start(scenario, setup(scenario, seed), game)


def play_game(scenario: Scenario, seed: int, agents: tuple[str, str], *, record: bool = True) -> tuple[Playout, GameResult]:
    """Play one seeded game between two agent specs (side 0's, side 1's: ``greedy``, ``mcts:400``); the seed fixes
    the set-up, the dice and the players' choices (a time budget aside). The set-up line records the agents."""
    state = new_game(scenario, seed)
    state.scenario_setup.agents = (agents[0], agents[1])
    tracker = _GoalTracker(scenario, state)
    players = (make_agent(agents[0]), make_agent(agents[1]))
    try:
        result = play(state, players, random.Random(seed), record=record, max_actions=MAX_ACTIONS,
                      on_action=tracker.observe)
    except Exception as exc:  # an engine error is a finding of the playability check, not a crash
        return Playout(state), _result(scenario, state, seed, tracker, error=f"{type(exc).__name__}: {exc}")
    return result, _result(scenario, state, seed, tracker)


class _GoalTracker:
    """How close each side came to its victory positions, checked at the end of every game turn."""

    def __init__(self, scenario: Scenario, state: GameState):
        self.sides = list(scenario.grid.sides)
        self.best = {s: 0 for s in self.sides}
        self.turn = state.turn
        self.rules = state.game.scenario_rules

    def observe(self, state: GameState) -> None:
        if state.turn == self.turn:
            return
        self.turn = state.turn
        for i, side in enumerate(self.sides):
            held = sum(state.controls(p, i) for p in self.rules.goals(i))
            self.best[side] = max(self.best[side], held)


_CONDITION_OF_KIND = {EndKind.ENGINE_CAP: "cap", EndKind.TURN_LIMIT: "turn limit"}  # the names balance reports use


def _result(scenario: Scenario, state: GameState, seed: int, tracker: _GoalTracker, error: str = "") -> GameResult:
    sides = list(scenario.grid.sides)
    winner = sides[state.winner] if state.winner is not None else None
    outcome = state.outcome
    reason = error or (outcome.reason if outcome is not None else "unfinished")
    if error:
        condition = "error"
    elif outcome is None:
        condition = "victory"  # unfinished after MAX_ACTIONS: filed with the victories, as before
    else:
        condition = _CONDITION_OF_KIND.get(outcome.kind) or outcome.condition or "victory"
    losses: dict[str, dict[str, int]] = {s: {} for s in sides}
    for unit in state.units:
        if unit.pos == -3 and (unit.profile.combat or unit.profile.truck):
            kind = unit.profile.card_class if unit.profile.type == "vehicle" else unit.profile.type
            bucket = losses[sides[unit.side]]
            bucket[kind] = bucket.get(kind, 0) + 1
    return GameResult(seed, winner, reason, condition, state.turn, len(state.history), losses, dict(tracker.best), error)


# ------------------------------------------------------------------ logs
def write_log(handle: TextIO, record: Setup, lines: list[LogLine], scenario: Scenario, *, folder: Path | None = None,
              state: GameState | None = None) -> None:
    """Write a self-checking log (:mod:`tcforge.analysis.gamelog`); ``folder`` is where the log goes (a scenario
    file is recorded relative to it), ``state`` the final position, whose outcome ends the log."""
    outcome = None
    if state is not None and state.outcome is not None:
        outcome = (scenario.grid.sides[state.winner] if state.winner is not None else None, state.outcome.reason)
    gamelog.write(handle, record, lines, scenario, folder=folder, outcome=outcome)


def read_log(path: Path) -> tuple[Setup, list[LogLine]]:
    """A log's set-up and actions, verified first; raises :class:`~tcforge.analysis.gamelog.LogError`."""
    verified = gamelog.read(path)
    return verified.setup, verified.lines


# --------------------------------------------------------------- account
def account(scenario: Scenario, state: GameState, lines: list[LogLine], lang: str = "en") -> Iterator[str]:
    """Replay ``lines`` on ``state`` (checked), telling the game turn by turn in words."""
    sides = list(scenario.grid.sides)
    names = [scenario.side(s).name(lang) for s in sides]
    board = state.game.board
    turn, active = None, None
    for number, line in enumerate(lines, 2):
        action = tuple(line.action)
        if state.current_player() != CHANCE and (state.turn, state.active) != (turn, active) and state.phase == "play":
            turn, active = state.turn, state.active
            yield f"Turn {turn}, {names[active]}"
        before = {u.uid: (u.pos, u.immobilized) for u in state.units}
        try:
            text = _describe(state, action, names, board)
        except (IndexError, KeyError, TypeError, AttributeError):  # not a legal action: apply_checked says so
            text = ""
        try:
            state.apply_checked(action)
        except IllegalActionError as exc:
            raise IllegalActionError(f"line {number}: {exc}") from None
        after = []
        for u in state.units:
            old = before.get(u.uid)
            if old is None:
                if u.pos >= 0:
                    after.append(f"{u.profile.name} arrives at {board.label(u.pos)}")
                continue
            if old[0] >= 0 and u.pos == -3:
                after.append(f"{names[u.side]} {u.profile.name} destroyed at {board.label(old[0])}")
            elif not old[1] and u.immobilized:
                after.append(f"{names[u.side]} {u.profile.name} immobilized")
        if text:
            yield "  " + text + (" -> " + "; ".join(after) if after else "")
        elif after:
            yield "  " + "; ".join(after)
    if state.is_terminal():
        who = names[state.winner] if state.winner is not None else "nobody"
        yield f"Game over after turn {state.turn}: {who} wins ({state.end_reason})"


def _describe(state: GameState, action: tuple[Any, ...], names: list[str], board: Any) -> str:
    kind = action[0]
    u = state.units
    if kind in ("d10", "card"):
        if not state.rolls:
            return ""
        event = state.rolls[0][0]
        if event == "draw":
            return f"{names[state.rolls[0][1]]} draws {u[action[1]].profile.name}"
        return f"{state.roll_label()}: rolls {action[1]}"
    if kind == "move":
        return f"moves from {board.label(action[1])}"
    if kind == "step":
        mover = u[state.ctx.move.cur]  # type: ignore[union-attr,index]
        return f"{mover.profile.name} to {board.label(action[1]) if action[1] != RESERVE else 'the reserve'}"
    if kind == "fire":
        return f"fires from {board.label(action[1])}"
    if kind == "shoot":
        return f"{u[action[1]].profile.name} fires {action[3].upper()} at {u[action[2]].profile.name}"
    if kind == "smoke":
        return f"{u[action[1]].profile.name} tries to lay Smoke on {board.label(action[2])}"
    if kind in ("play", "interrupt", "fortify"):
        return f"plays {u[action[1]].profile.name}"
    if kind == "equip":
        return f"gives {u[action[1]].profile.name} to {u[action[2]].profile.name}"
    if kind == "target":
        return f"{u[action[1]].profile.name} fires {action[3].upper()} at {u[action[2]].profile.name} (melee)"
    if kind == "draw":
        return "spends a Supply point to draw"
    if kind == "end":
        return "ends the play"
    if kind == "discard":
        return f"discards {u[action[1]].profile.name}"
    if kind == "unstack":
        return f"eliminates {u[action[1]].profile.name} from an overstacked position (6.3)"
    if kind == "together":
        return f"{u[action[1]].profile.name} moves with {u[action[2]].profile.name}"
    if kind in ("load", "tow"):
        return f"{u[action[1]].profile.name} {'boards' if kind == 'load' else 'is hitched to'} {u[action[2]].profile.name}"
    return ""


def replay(path: Path) -> tuple[Scenario, GameState, list[LogLine]]:
    """The scenario, start and actions of a verified log; raises LogError at the first problem."""
    verified = gamelog.read(path)
    return verified.scenario, rebuild(verified), verified.lines


def rebuild(verified: gamelog.GameLog) -> GameState:
    """The start a verified log's set-up describes; a set-up the scenario cannot hold is the log's line 1."""
    try:
        return start(verified.scenario, verified.setup)
    except Exception as exc:  # a hand-made set-up (old logs are not checked): one line, no traceback
        raise gamelog.LogError(str(verified.path), 1, f"the set-up does not fit the scenario ({type(exc).__name__}: {exc})") from None
