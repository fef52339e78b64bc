"""Playing scenarios headlessly: one game with a readable account and a replayable log, or many for balance.

A game's log is JSON lines: the first line is the :class:`~tcforge.play.setup.Setup`
(what chance and the players decided before turn 1), every other line one
action, the last the outcome; a digest of the scenario and a hash chain make it self-checking
(:mod:`tcforge.play.gamelog`). ``tcforge scenario replay`` verifies it, rebuilds the start from the first line and
applies the actions, checked, so a log replays exactly or says where it
diverges.
"""
from __future__ import annotations

import random
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from tcforge.agents import make as make_agent
from tcforge.agents.playout import Playout, play
from tcforge.engine.actions import action_from_json
from tcforge.engine.outcome import EndKind
from tcforge.engine.replay import LogLine
from tcforge.engine.state import GameState
from tcforge.play import gamelog, wording
from tcforge.play.hooks import hooks_of, make_game
from tcforge.play.setup import Setup, setup, start
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
    # The turns that decided the game, for a balance report's "why": from which turn's end a side held as many of
    # its positions as at the end, without a break (None: it held none at the end), and the last turn it lost a card.
    held_from: dict[str, int | None] = field(default_factory=dict)
    last_loss: dict[str, int | None] = field(default_factory=dict)
    # the share of its positions each side held at the game's end (0 to 1): what a training's search may credit a
    # side that lost with (tcforge.analysis.train, where wins are rare)
    held_at_end: dict[str, float] = field(default_factory=dict)
    # the side that moved first (rolled initiative: tcforge.analysis.stats.first_player), and the position's
    # evaluation for the first side (tcforge.agents.evaluate, -1 to 1) at the end of each game turn: who led, when
    first: str | None = None
    lead: list[float] = field(default_factory=list)


_GAMES: dict[int, Any] = {}
# Game definitions kept, the oldest let go first: a run loads its scenarios once, but tcforge serve loads one anew for
# every game, resumed game and watched log, and each definition holds its scenario (issue 51: 6 MB more a round of 50
# games, without end). A state keeps its own definition, so letting one go here never changes a game in play.
KEPT_GAMES = 16
_GAMES_LOCK = threading.Lock()


def new_game(scenario: Scenario, seed: int, *, shuffle: bool = False) -> GameState:
    """A game's start, its set-up zones' cards waiting for their owners (``shuffle``: laid out by the seeded shuffle
    instead, :func:`tcforge.play.setup.setup`); the game definition is made once per scenario object and shared (the
    last KEPT_GAMES of them)."""
    with _GAMES_LOCK:  # tcforge serve starts games in several threads
        game = _GAMES.get(id(scenario))
        if game is None or game.scenario_rules.scenario is not scenario:  # an id may be reused once an object is gone
            game = _GAMES[id(scenario)] = make_game(scenario)
            while len(_GAMES) > KEPT_GAMES:
                _GAMES.pop(next(iter(_GAMES)))
    return start(scenario, setup(scenario, seed, shuffle=shuffle, rules=game.rules), game)


def play_game(scenario: Scenario, seed: int, agents: tuple[str, str], *, record: bool = True,
              shuffle: bool = False) -> tuple[Playout, GameResult]:
    """Play one seeded game between two agent specs (side 0's, side 1's: ``greedy``, ``plan:64``); the seed fixes
    the set-up, the dice and the players' choices (a time budget aside). The set-up line records the agents."""
    state = new_game(scenario, seed, shuffle=shuffle)
    state.scenario_setup.agents = (agents[0], agents[1])
    tracker = _GoalTracker(scenario, state)
    players = (make_agent(agents[0]), make_agent(agents[1]))
    try:
        result = play(state, players, random.Random(seed), record=record, max_actions=MAX_ACTIONS, about=wording.about,
                      on_action=tracker.observe)
    except Exception as exc:  # an engine error is a finding of the playability check, not a crash
        return Playout(state), _result(scenario, state, seed, tracker, error=f"{type(exc).__name__}: {exc}")
    return result, _result(scenario, state, seed, tracker)


class _GoalTracker:
    """How close each side came to its victory positions, checked at the end of every game turn, and when each
    side last lost a card. A side without positions of its own (a defender) is scored on those its enemy wants."""

    def __init__(self, scenario: Scenario, state: GameState):
        self.sides = list(scenario.grid.sides)
        self.best = {s: 0 for s in self.sides}
        self.turn = state.turn
        self.rules = hooks_of(state.game)
        self.positions = [self.rules.goals(i) or self.rules.goals(1 - i) for i in range(len(self.sides))]
        self.held: dict[str, list[tuple[int, int]]] = {s: [] for s in self.sides}  # (turn, positions held at its end)
        self.lost = [0] * len(self.sides)
        self.last_loss: dict[str, int | None] = {s: None for s in self.sides}
        self.lead: list[float] = []

    def observe(self, state: GameState) -> None:
        if state.turn == self.turn:
            return
        self._turn_ended(state, self.turn)
        self.turn = state.turn

    def _turn_ended(self, state: GameState, turn: int, *, last: bool = False) -> None:
        if not last:
            from tcforge.agents.evaluate import heuristic
            self.lead.append(round(heuristic(state, 0), 3))
        for i, side in enumerate(self.sides):
            if not last:  # goals_reached counts whole turns only, as it always has
                held = sum(state.controls(p, i) for p in self.rules.goals(i))
                self.best[side] = max(self.best[side], held)
            self.held[side].append((turn, sum(state.controls(p, i) for p in self.positions[i])))
        lost = [0] * len(self.sides)
        for unit in state.units:
            if unit.pos == -3 and (unit.profile.combat or unit.profile.truck):
                lost[unit.side] += 1
        for i, side in enumerate(self.sides):
            if lost[i] > self.lost[i]:
                self.last_loss[side] = turn
        self.lost = lost

    def finish(self, state: GameState) -> dict[str, int | None]:
        """Close the last turn; each side's turn from which it held its final count of positions to the end."""
        if not self.held[self.sides[0]] or self.held[self.sides[0]][-1][0] != state.turn:
            self._turn_ended(state, state.turn, last=True)
        since: dict[str, int | None] = {}
        for side in self.sides:
            rows = self.held[side]
            final = rows[-1][1]
            start: int | None = None
            if final > 0:
                for turn, count in reversed(rows):
                    if count < final:
                        break
                    start = turn
            since[side] = start
        return since


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
    held_from = tracker.finish(state)
    at_end = {side: (tracker.held[side][-1][1] / len(tracker.positions[i]) if tracker.positions[i] else 0.0)
              for i, side in enumerate(sides)}
    return GameResult(seed, winner, reason, condition, state.turn, len(state.history), losses, dict(tracker.best), error,
                      held_from, dict(tracker.last_loss), at_end, sides[state.first], list(tracker.lead))


# ------------------------------------------------------------------ logs
def write_log(handle: TextIO, record: Setup, lines: list[LogLine], scenario: Scenario, *, folder: Path | None = None,
              state: GameState | None = None) -> None:
    """Write a self-checking log (:mod:`tcforge.play.gamelog`); ``folder`` is where the log goes (a scenario
    file is recorded relative to it), ``state`` the final position, whose outcome ends the log."""
    outcome = None
    if state is not None and state.outcome is not None:
        outcome = (scenario.grid.sides[state.winner] if state.winner is not None else None, state.outcome.reason)
    gamelog.write(handle, record, lines, scenario, folder=folder, outcome=outcome)


def read_log(path: Path) -> tuple[Setup, list[LogLine]]:
    """A log's set-up and actions, verified first; raises :class:`~tcforge.play.gamelog.LogError`."""
    verified = gamelog.read(path)
    return verified.setup, verified.lines


def replay(path: Path) -> tuple[Scenario, GameState, list[LogLine]]:
    """The scenario, start and actions of a verified log; raises LogError at the first problem."""
    verified = gamelog.read(path)
    return verified.scenario, rebuild(verified), verified.lines


def rebuild(verified: gamelog.GameLog) -> GameState:
    """The start a verified log's set-up describes; a set-up the scenario cannot hold is the log's line 1. A log
    read signed (not ``--unsigned``) must be the game its seed and agents give: the set-up the seed deals and, line
    by line, every die of the seed's random stream and every choice of the recorded agents (who draw from the same
    stream, so the dice cannot be checked without them). A re-chained forgery is named at the line it changed."""
    try:
        state = start(verified.scenario, verified.setup)
    except Exception as exc:  # a hand-made set-up (old logs are not checked): one line, no traceback
        raise gamelog.LogError(str(verified.path), 1, f"the set-up does not fit the scenario ({type(exc).__name__}: {exc})") from None
    if verified.seeded:
        _check_setup(verified)
        _check_seed(verified, state.clone())
    return state


def _check_setup(verified: gamelog.GameLog) -> None:
    record = verified.setup
    try:
        # a log written before the owners placed their set-up (no deploy, no equip) was laid out by the seeded shuffle
        dealt = setup(verified.scenario, record.seed, shuffle=not (record.deploy or record.equip))
    except Exception as exc:  # a seed the scenario cannot be set up with: the log cannot come from it
        raise gamelog.LogError(str(verified.path), 1, f"seed {record.seed} deals no set-up of this scenario "
                                                      f"({type(exc).__name__}): the log was changed") from None
    dealt.scenario, dealt.agents = record.scenario, record.agents  # the log names the scenario by id or path
    if dealt.to_json() != record.to_json():
        raise gamelog.LogError(str(verified.path), 1, f"the set-up is not the one seed {record.seed} deals for this "
                                                      "scenario: the log was changed")


def _check_seed(verified: gamelog.GameLog, state: GameState) -> None:
    """Play the game again from the seed, the dice drawn from its stream and each choice made by the recorded agent
    (exactly as :func:`play_game` played it), and compare every line. The walk stops where the game ends or an
    agent cannot choose: the replay (or the referee) then names what follows its own way."""
    from tcforge.engine.replay import sample_chance
    from tcforge.engine.state import CHANCE
    seed, agents = verified.setup.seed, verified.setup.agents
    assert agents is not None  # gamelog.read refuses a signed log without them
    players = tuple(None if spec == gamelog.HUMAN else make_agent(spec) for spec in agents)
    rng = random.Random(seed)
    for number, line in enumerate(verified.lines, 2):
        player = state.current_player()
        _check_told(verified, number, line, state, player)
        try:
            if player == CHANCE:
                expected, who = sample_chance(state, rng), f"seed {seed}'s die gives"
            elif player in (0, 1) and players[player] is None:  # a person's choice (tcforge serve): drawn from nothing
                expected = action_from_json(line.action)
                if expected not in state.legal_actions():
                    return  # the replay names the illegal line its own way
                state.apply_action(expected)
                continue
            elif player in (0, 1):
                policy = players[player]
                assert policy is not None
                expected, who = policy(state, rng), f"{agents[player]} plays on seed {seed}"
            else:
                return
        except Exception:  # an agent that cannot choose here: the replay names the line
            return
        said, due = gamelog.canonical(line.action), gamelog.canonical(list(expected))
        if said != due:
            raise gamelog.LogError(str(verified.path), number, f"the log has {said[:60]} where {who} {due[:60]}: the log "
                                                               "was changed here, or made by another version of tcforge")
        state.apply_action(action_from_json(expected))


def _check_told(verified: gamelog.GameLog, number: int, line: LogLine, state: GameState, player: int) -> None:
    """Issue 51 point 9: what a line tells besides its action (the turn, who acts, what a roll is for) is what the
    game gives at that moment, so that no text of a log is proven by its chain alone (an edited and re-chained "about"
    replayed)."""
    from tcforge.engine.state import CHANCE
    told = {"turn": state.turn, "actor": "chance" if player == CHANCE else f"side {player}",
            "about": wording.about(state) if player == CHANCE else ""}
    for key, due in told.items():
        said = getattr(line, key)
        if said != due:
            raise gamelog.LogError(str(verified.path), number, f"the log's {key} is {str(said)[:60]!r} where the game "
                                                               f"gives {str(due)[:60]!r}: the log was changed here, or "
                                                               "made by another version of tcforge")

