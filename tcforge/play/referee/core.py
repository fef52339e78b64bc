"""The replay loop: each logged action applied to the engine's state, judged before and after by the rule areas.

The log's actions are replayed through the engine's state transitions (they give the consequences: dice, kills,
arrivals), but every decision is judged by the referee's own rule code, reading the position before and after
each action: it never asks the engine which actions were legal nor calls a rule module's helpers. A log line
naming the wrong actor is a ``log`` violation; an action the engine cannot apply is an ``engine`` violation and
ends the audit.
"""
from __future__ import annotations

import json
from pathlib import Path

from tcforge.engine.actions import (
    ChooseMelee,
    Exit,
    Hold,
    Interrupt,
    MalformedActionError,
    Move,
    Shoot,
    Smoke,
    Target,
    Yield,
    action_from_json,
)
from tcforge.engine.context import Phase
from tcforge.engine.core import CHANCE
from tcforge.engine.outcome import EndKind
from tcforge.engine.replay import LogLine
from tcforge.engine.rules import Rules
from tcforge.engine.state import GameState
from tcforge.play import gamelog
from tcforge.play.games import rebuild
from tcforge.play.referee.base import Audit, Snap, Turn, Violation
from tcforge.play.referee.breakthrough import BREAK_THROUGH, BreakThrough
from tcforge.play.referee.fire import FireReferee
from tcforge.play.referee.melee import MeleeReferee
from tcforge.play.referee.mines_and_wire import MinesAndWire
from tcforge.play.referee.movement import Movement
from tcforge.play.referee.opportunity import Opportunity
from tcforge.play.referee.setup_and_arrivals import SetupAndArrivals
from tcforge.play.referee.spotting import Spotting
from tcforge.play.referee.supply_and_plays import SupplyAndPlays
from tcforge.play.referee.victory_and_control import VictoryAndControl
from tcforge.scenarios.scenario import Scenario


class Referee(SupplyAndPlays, SetupAndArrivals, Movement, FireReferee, Opportunity, Spotting, MinesAndWire, MeleeReferee,
              VictoryAndControl, BreakThrough):
    """Replays one game and judges it; :meth:`run` returns the violations."""

    def run(self, lines: list[LogLine]) -> Audit:
        for index, entry in enumerate(lines):
            line = index + 2  # the set-up is line 1
            before = Snap.of(self.state)
            if before.outcome is not None:
                self.flag(line, "16.0", f"an action after the game ended ({before.outcome.reason})")
                break
            actor = "chance" if before.player == CHANCE else f"side {before.player}"
            if entry.actor != actor:
                self.flag(line, "log", f"the line says {entry.actor} acts, but {actor} is to act")
            raw = tuple(entry.action)
            try:
                action = action_from_json(raw)
            except MalformedActionError as exc:  # no action at all: the engine refuses it as it would
                self.flag(line, "engine", f"the engine raised {type(exc).__name__} on {list(raw)}: {exc}")
                self.audit.error = f"stopped at line {line}"
                break
            self.before_action(line, action, before)
            try:
                self.state.apply_action(action)
            except Exception as exc:  # the engine could not apply it: the rest of the log means nothing
                self.flag(line, "engine", f"the engine raised {type(exc).__name__} on {list(raw)}: {exc}")
                self.audit.error = f"stopped at line {line}"
                break
            self.audit.actions += 1
            self.after_action(line, action, before, Snap.of(self.state))
        if self.state.outcome is not None:
            self.audit.ending = self.state.outcome.reason
        return self.audit

    def before_action(self, line: int, action: object, before: Snap) -> None:
        self.judge_exit_event(action, before)
        if before.player == CHANCE:
            return
        self.judge_due(line, before)
        side = before.player
        if before.window is not None:
            if isinstance(action, Yield):
                self.judge_yield(line, int(action.card), side, before)
            elif isinstance(action, Interrupt):
                self.judge_window_card(action)
                self.judge_entry_card(line, action, before)
            elif isinstance(action, Shoot) and before.window[0] == "opportunity":
                self.judge_opportunity_shot(line, action, before)
                self.judge_aimed(line, action, before)
            return
        if isinstance(action, Exit) and before.phase == Phase.PLAY:
            self.judge_play(line, action, before)
            self.judge_exit(line, action, side)
        elif before.phase == Phase.FIRE and isinstance(action, Shoot | Smoke):
            self.judge_shot(line, action, before)
            if isinstance(action, Shoot):
                self.judge_aimed(line, action, before)
        elif before.phase == Phase.MELEE and isinstance(action, ChooseMelee):
            self.judge_melee_choice(line, action, before)
        elif before.phase == Phase.MELEE and isinstance(action, Target | Hold):
            self.judge_order(line, action, before)
        elif isinstance(action, Interrupt) and before.phase == Phase.MOVE:
            self.judge_play(line, action, before)
            self.judge_entry_card(line, action, before)
        else:
            self.judge_play(line, action, before)  # type: ignore[arg-type]

    def after_action(self, line: int, action: object, before: Snap, after: Snap) -> None:
        state = self.state
        if isinstance(action, Shoot) and before.player != CHANCE:
            self.judge_revealed(line, action, after)
            if before.window is not None and before.window[0] == "opportunity":
                self.after_opportunity_shot(line, action, after)
        if isinstance(action, Exit):
            self.judge_exit_window(line, before, after)
        if before.phase in (Phase.MOVE) or (before.phase == Phase.PLAY and isinstance(action, Move)):
            self.judge_moves(line, before, after)
            self.note_due(line, action, before, after)
        if before.phase in (Phase.DEPLOY, Phase.ARRIVE):
            self.judge_placing(line, action, before, after)  # type: ignore[arg-type]
        self.judge_arrivals(line, before, after)
        self.judge_entering(line, before, after)
        self.settle_melees(after)
        if self.play is not None and after.phase in (Phase.PLAY, Phase.ARRIVE) and after.player != CHANCE and state.ctx.move is None:
            self.play = None  # the play is over
        side_turn_over = ((after.turn, after.active) != (before.turn, before.active)
                          and before.phase not in (Phase.SETUP, Phase.INITIATIVE, Phase.DEPLOY))
        game_over = after.outcome is not None and before.outcome is None
        if side_turn_over or (game_over and after.outcome.kind in (EndKind.TURN_LIMIT, EndKind.ENGINE_CAP)):
            self.end_of_side_turn(line, before.active, before.turn)
        if side_turn_over:
            self.judge_spotting(line, before, after)
        self.judge_wires(line, before, after, side_turn_over)
        self.judge_exit_left(line, action, before, after)
        self.judge_paid(line, before, after)
        self.judge_victory(line, before, after, side_turn_over, BREAK_THROUGH)
        if side_turn_over:
            self.turn = Turn()
            self.melee_at = None
        self.judge_reinforcements(line, before, after)  # at a side turn's start, or brought by a card (17.5)


def audit_log(path: Path, *, unsigned: bool = False) -> Audit:
    """The referee's audit of one game log (read and checked by :func:`tcforge.play.gamelog.read`, its set-up
    and dice by :func:`tcforge.play.games.rebuild`); ``unsigned``: also accept a log without its chain."""
    try:
        verified = gamelog.read(path, unsigned=unsigned)
        state = rebuild(verified)
    except gamelog.LogError as exc:  # bad or changed input: one line, no traceback
        return Audit(str(path), [Violation(exc.line, "log", exc.what)], error="unreadable")
    audit = audit_game(verified.scenario, state, verified.lines, str(path))
    audit.checked = verified.seeded
    if not audit.violations:  # the game was played out on ``state``: its end must be the one the log gives
        winner = verified.scenario.grid.sides[state.winner] if state.winner is not None else None
        try:
            gamelog.check_end(verified, winner, state.outcome.reason if state.outcome is not None else "unfinished")
        except gamelog.LogError as exc:
            audit.violations.append(Violation(exc.line, "log", exc.what))
    return audit


def audit_game(scenario: Scenario, state: GameState, lines: list[LogLine], log: str = "", *,
               rules: Rules | None = None) -> Audit:
    """The referee's audit of a game from its start ``state`` and its logged actions, judged by ``scenario``
    and ``rules`` (by default the state's own)."""
    return Referee(scenario, state, log, rules).run(lines)


def audit_json(audits: list[Audit]) -> str:
    return json.dumps({"logs": [a.to_json() for a in audits],
                       "violations": sum(len(a.violations) for a in audits)}, indent=2)
