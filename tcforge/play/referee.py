"""The referee: a game log re-checked against the rules, without the engine's move generator.

The log's actions are replayed through the engine's state transitions (they
give the consequences: dice, kills, arrivals), but every decision is judged by
this module's own rule code, reading the position before and after each
action: it never asks the engine which actions were legal nor calls the rule
modules' legality helpers. What it checks, each with its rule case:

- 4.0/5.0 Supply: a play that costs a point is made with a point left; no more
  points are spent in a side turn than it has (two, one more for Coordination,
  one less for Confusion or for a reinforcement's arrival under 20.0 rule 5).
- 5.0 a/b: a move or fire play uses at most three cards, all of one position
  (a squad on two tanks is one of three; 8.2 groups count card by card);
  a card does not move and fire (either order) in the same side turn.
- 8.0/8.1/8.3/8.4/8.5: every step goes to an adjacent position (the reserve is
  adjacent to the rearmost rank only); fast cards enter two positions, slow
  ones one (a carried squad goes at its carrier's pace); slowing terrain is
  entered as the first step only and ends the move; a position with enemy cards
  ends the move, and clear ground held by enemy tanks is entered by infantry,
  guns and trucks only beside a friendly tank; a card entering the reserve does
  not come back in the play.
- 9.3.2: an immobilised card does not move. 8.6: a carried squad does not fire.
- 9.1/9.2/9.2.1/9.5.1 c: fire at most two positions away, in line of sight
  computed here.
- 11.0: no vehicle or AT gun enters a position barring them.
- 6.3: stacking at the end of each side turn (combat cards and trucks); a card
  eliminated to unstack (``unstack``) comes from a position over the limit.
- 6.4: discards only above the hand limit, and not above it at the turn's end.
- 20.0/17.5 arrivals: cards appear on the battlefield only as a scenario's
  reinforcements, in their side's turn, game turn and positions; under 20.0
  rule 5 infantry and guns arrive with the transports they ride, and the
  arrival is the cards' move: none of them fires that turn, and a fast card
  going on has one position of its movement left.
- 001 break-through (``victory.break_through``): an exit is the attacker's
  move play from a zone of the defender's second row he captured, of at most
  three of his combat cards there, at rest, not carried, immobilised, moved or
  fired; the defender pays the exited points from his hand, all of it when he
  cannot; the attacker wins exactly when the hand could not pay and he still
  holds a captured zone of that row.
- 16.0 victory: control computed here after every action (a card on its way
  controls nothing); a condition met must end the game at once (no later), and
  an ending the engine declares must hold; a turn limit or cap ends it on time.

A log line naming the wrong actor is a ``log`` violation; an action the engine
cannot apply is an ``engine`` violation and ends the audit.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tcforge.data.card_ids import CONFUSION, COORDINATION, PATH
from tcforge.engine.actions import (
    Action,
    Discard,
    Draw,
    Exit,
    Fire,
    Interrupt,
    MalformedActionError,
    Move,
    PlayCard,
    Shoot,
    Smoke,
    Unstack,
    Yield,
    action_from_json,
)
from tcforge.engine.board import DISCARDED, RESERVE
from tcforge.engine.breakthrough import CONDITION as BREAK_THROUGH
from tcforge.engine.core import CHANCE
from tcforge.engine.outcome import EndKind
from tcforge.engine.playout import LogLine
from tcforge.engine.rules import Rules
from tcforge.engine.state import GameState
from tcforge.play import gamelog
from tcforge.play.games import rebuild
from tcforge.play.hooks import engine_pos, turn_cap
from tcforge.play.victory import AT_ONCE, AT_TURN_END, Judge
from tcforge.scenarios.scenario import Scenario
from tcforge.scenarios.special_rules import HandLimitGrace, ReinforcementArrival
from tcforge.scenarios.victory import VictoryCondition


@dataclass(frozen=True)
class Violation:
    """One departure from the rules: the log's line (1 is the set-up), the rule case, what happened."""

    line: int
    case: str
    what: str

    def to_json(self) -> dict[str, Any]:
        return {"line": self.line, "case": self.case, "what": self.what}


@dataclass
class Audit:
    """What the referee found in one log."""

    log: str
    violations: list[Violation] = field(default_factory=list)
    actions: int = 0
    ending: str = ""
    error: str = ""  # the log could not be read or replayed to its end
    checked: bool = True  # False: a log accepted unsigned (--unsigned), not checked for changes

    def lines(self) -> list[str]:
        return [f"{self.log}:{v.line}: rule {v.case}: {v.what}" for v in self.violations]

    def to_json(self) -> dict[str, Any]:
        return {"log": self.log, "actions": self.actions, "ending": self.ending, "error": self.error,
                "violations": [v.to_json() for v in self.violations]}


@dataclass
class _Snap:
    """The parts of a position the referee reads, copied."""

    turn: int
    active: int
    first: int
    phase: str
    supply: int
    player: int
    window: tuple[str, int] | None
    pos: list[int]
    carrier: list[int | None]
    immobilized: list[bool]
    occ: list[list[list[int]]]
    hand: list[int]
    outcome: Any
    arrivals: dict[str, int]
    face_down: frozenset[int]  # 001 1.0: battlefield cards their enemy cannot see (empty unless the ruleset hides cards)

    @classmethod
    def of(cls, state: GameState) -> _Snap:
        window = state.ctx.window
        return cls(state.turn, state.active, state.first, state.phase, state.supply, state.current_player(),
                   None if window is None else (window.kind, window.side), [u.pos for u in state.units],
                   [u.carrier for u in state.units], [u.immobilized for u in state.units],
                   [[list(a), list(b)] for a, b in state.occ], [len(state.hand[0]), len(state.hand[1])], state.outcome,
                   dict(state.arrivals), frozenset(u.uid for u in state.units if state.face_down(u.uid)))


@dataclass
class _Play:
    """A move or fire play under way: its source, the cards used, each mover's path."""

    kind: str
    source: int
    line: int
    cards: set[int] = field(default_factory=set)
    paths: dict[int, list[int]] = field(default_factory=dict)  # uid -> positions entered, start first
    stopped: dict[int, str] = field(default_factory=dict)  # uid -> the rule that ended its move
    path_card: bool = False  # a Path card lets the next slowing position through


@dataclass
class _Turn:
    """A side turn's record."""

    moved: set[int] = field(default_factory=set)
    fired: dict[int, int] = field(default_factory=dict)  # uid -> the line of the fire play it fired in
    spent: int = 0
    extra: int = 0  # Coordination adds a point, Confusion takes one, a reinforcement's arrival may cost some (20.0 rule 5)
    assaulting: set[int] = field(default_factory=set)  # cards that entered an enemy-held position this turn
    arrived: dict[int, int] = field(default_factory=dict)  # uid -> positions of movement its arrival used (20.0 rule 5)
    may_continue: bool = True  # fast arrivals may go on moving in a later play (20.0 rule 5)


@dataclass
class _Exit:
    """001 break-through: the points the defender owes for an exit, what his hand was worth, what he has paid."""

    side: int
    owed: int
    hand: int
    paid: int = 0


class Referee:
    """Replays one game and judges it; :meth:`run` returns the violations."""

    def __init__(self, scenario: Scenario, state: GameState, log: str = "", rules: Rules | None = None):
        self.scenario = scenario
        self.state = state
        self.game = state.game
        self.rules = rules or state.game.rules  # the rules to judge by (tests give other ones than the engine's)
        self.columns = state.game.board.columns
        self.rows = state.game.board.rows
        self.audit = Audit(log)
        self.turn = _Turn()
        self.play: _Play | None = None
        self.victory_flagged = False
        self.seen: set[tuple[str, Any]] = set()
        self.exit: _Exit | None = None  # the last exit (001 break-through)
        self.judge = Judge(scenario, lambda p: engine_pos(scenario, p))  # the victory conditions (16.0, 17.x, 20.0)

    # ------------------------------------------------------------ geometry
    def _rc(self, pos: int) -> tuple[int, int]:
        return divmod(pos, self.columns)

    def _distance(self, a: int, b: int) -> int:
        (ra, ca), (rb, cb) = self._rc(a), self._rc(b)
        return max(abs(ra - rb), abs(ca - cb))

    def _rear_rank(self, side: int) -> set[int]:
        row = 0 if side == 0 else self.rows - 1
        return {row * self.columns + c for c in range(self.columns)}

    def _terrain_row(self, state: GameState, pos: int) -> Any:
        terrain = state.terrain[pos]
        return None if terrain is None else self.game.terrain_rows.get(terrain)

    def _slows(self, state: GameState, pos: int) -> bool:
        """8.4 and 11.1: the terrain, or a Stream or Swamp played on it, slows movement."""
        row = self._terrain_row(state, pos)
        water = state.water[pos]
        return bool(row is not None and row.slows) or bool(water is not None and self.game.terrain_rows[water].slows)

    def _bars(self, state: GameState, pos: int) -> bool:
        """11.0: no vehicles or AT guns in the terrain (or the water played on it)."""
        row = self._terrain_row(state, pos)
        water = state.water[pos]
        return bool(row is not None and row.no_vehicles) or bool(water is not None and self.game.terrain_rows[water].no_vehicles)

    def sight(self, state: GameState, a: int, b: int) -> bool:
        """9.2: adjacent positions see each other; at two positions the ones passed over may block (9.2.1, 9.5.1 c)."""
        (ra, ca), (rb, cb) = self._rc(a), self._rc(b)
        dr, dc = rb - ra, cb - ca
        if max(abs(dr), abs(dc)) != 2:
            return True
        if abs(dr) != 1 and abs(dc) != 1:  # straight or diagonal: one position between
            over = [(ra + dr // 2) * self.columns + ca + dc // 2]
        elif abs(dr) == 1:  # two columns and one rank: the shot passes between two positions
            over = [ra * self.columns + ca + dc // 2, rb * self.columns + ca + dc // 2]
        else:
            over = [(ra + dr // 2) * self.columns + ca, (ra + dr // 2) * self.columns + cb]
        hills = self.rules.fire_hills_see_over_adjacent and any(
            (row := self._terrain_row(state, p)) is not None and row.hills for p in (a, b))
        blocked = []
        for p in over:
            if state.smoke[p] >= 0 and self.rules.smoke_blocks_los:
                blocked.append(True)
                continue
            row = self._terrain_row(state, p)
            blocked.append(bool(row is not None and row.blocks_los and (not hills or row.hills)))
        if len(blocked) == 2 and self.rules.fire_los_knight_move == "either_clear":
            return not all(blocked)
        return not any(blocked)

    # ------------------------------------------------------------- reports
    def flag(self, line: int, case: str, what: str) -> None:
        self.audit.violations.append(Violation(line, case, what))

    def name(self, uid: int) -> str:
        unit = self.state.units[uid]
        return f"{unit.profile.name} ({uid})"

    def label(self, pos: int) -> str:
        return self.game.board.label(pos)

    # ---------------------------------------------------------------- run
    def run(self, lines: list[LogLine]) -> Audit:
        for index, entry in enumerate(lines):
            line = index + 2  # the set-up is line 1
            before = _Snap.of(self.state)
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
            self.after_action(line, action, before, _Snap.of(self.state))
        if self.state.outcome is not None:
            self.audit.ending = self.state.outcome.reason
        return self.audit

    # ------------------------------------------------- before each action
    def before_action(self, line: int, action: Action, before: _Snap) -> None:
        kind = action.kind
        state = self.state
        rules = self.rules
        if before.player == CHANCE:
            return
        side = before.player
        if before.window is not None:
            if isinstance(action, Yield):
                self.judge_yield(line, int(action.card), side, before)
            if isinstance(action, Interrupt) and state.units[int(action.card)].profile.card_id == CONFUSION:
                self.turn.extra -= 1
            return
        if before.phase == "play":
            cost = {Move: rules.turn_move_cost, Exit: rules.turn_move_cost, Fire: rules.turn_fire_cost,
                    Draw: rules.turn_draw_cost}.get(type(action))
            if isinstance(action, PlayCard):
                card = state.units[int(action.card)].profile
                if card.card_id == COORDINATION:
                    if self.turn.extra < rules.turn_max_supply_points - rules.turn_supply_points:
                        self.turn.extra += 1
                    cost = 0
                elif card.kind == "instant":
                    cost = rules.turn_instant_cost
            if cost:
                if before.supply < cost:
                    self.flag(line, "5.0", f"side {side} makes a {kind} play with {before.supply} Supply point(s) left")
                self.turn.spent += cost
                allowance = rules.turn_supply_points + self.turn.extra
                if self.turn.spent > allowance:
                    self.flag(line, "4.0", f"side {side} spends Supply point {self.turn.spent} of a turn that has {allowance}")
            if isinstance(action, Move | Fire):
                self.play = _Play(kind, int(action.source), line)
            if isinstance(action, Exit):
                self.judge_exit(line, action, side)
        elif before.phase == "move" and isinstance(action, Interrupt) and self.play is not None \
                and state.units[int(action.card)].profile.card_id == PATH:
            self.play.path_card = True
        elif before.phase == "fire" and isinstance(action, Shoot | Smoke):
            self.judge_shot(line, action, before)
        elif before.phase == "discard" and isinstance(action, Unstack):
            self.judge_unstack(line, int(action.card), side)
        elif before.phase == "discard" and isinstance(action, Discard):
            limit = self.hand_limit(side)
            if before.hand[side] <= limit:
                self.flag(line, "6.4", f"side {side} discards with {before.hand[side]} card(s) in hand, "
                                       f"within the limit of {limit}")

    def _stack(self, pos: int, side: int) -> tuple[int, int]:
        """6.3: the side's combat cards and trucks at ``pos``."""
        units = self.state.units
        here = self.state.occ[pos][side]
        return (sum(1 for u in here if units[u].profile.combat), sum(1 for u in here if units[u].profile.truck))

    def judge_unstack(self, line: int, uid: int, side: int) -> None:
        """6.3 at the turn's end: a card is eliminated to unstack only from a position over the limit for its kind."""
        unit = self.state.units[uid]
        if unit.side != side or unit.pos < 0:
            self.flag(line, "6.3", f"side {side} unstacks {self.name(uid)}, which is not its card on the battlefield")
            return
        combat, trucks = self._stack(unit.pos, side)
        over = (trucks > self.rules.stacking_trucks) if unit.profile.truck else (
            unit.profile.combat and combat > self.rules.stacking_combat_cards)
        if not over:
            self.flag(line, "6.3", f"side {side} eliminates {self.name(uid)} to unstack {self.label(unit.pos)}, "
                                   f"which holds {combat} combat card(s) and {trucks} truck(s), within the limits")

    def _points(self, uids: list[int]) -> int:
        return sum(max(self.state.units[u].profile.points, 0) for u in uids)

    def _leaving(self, uid: int) -> list[int]:
        """001 break-through: the card, its equipment, its passengers and theirs."""
        out = [uid, *self.state.units[uid].equipment]
        for rider in self.state.units:
            if rider.carrier == uid and rider.pos >= 0:
                out.extend(self._leaving(rider.uid))
        return out

    def _attacker(self) -> int | None:
        roles = [self.scenario.side(s).role for s in self.scenario.grid.sides]
        return roles.index("attacker") if roles.count("attacker") == 1 else None

    def _captured(self, pos: int, side: int) -> bool:
        """001: the zone holds a combat card of ``side`` at rest and no enemy card of any kind."""
        units = self.state.units
        return not self.state.occ[pos][1 - side] and any(units[u].profile.combat and units[u].carrier is None
                                                          for u in self.state.occ[pos][side])

    def judge_exit(self, line: int, action: Exit, side: int) -> None:
        """001 break-through: who may exit, from where, with which cards; what the defender then owes."""
        case = "001 break-through"
        state, units = self.state, self.state.units
        pos, group = int(action.pos), [int(u) for u in action.cards]
        if not self.rules.victory_break_through:
            self.flag(line, case, f"side {side} moves cards off the map, but the ruleset has no break-through")
        if self._attacker() != side:
            self.flag(line, case, f"side {side} moves cards off the map, but it is not the scenario's attacker")
        if pos not in self._rear_rank(1 - side) or not self._captured(pos, side):
            self.flag(line, case, f"side {side} exits from {self.label(pos)}, not a zone of the enemy's second row "
                                  "it has captured")
        if not group or len(group) > self.rules.turn_cards_per_action:
            self.flag(line, "5.0", f"side {side} exits {len(group)} card(s) in one play")
        for uid in group:
            unit = units[uid]
            if unit.side != side or unit.pos != pos or not unit.profile.combat or unit.carrier is not None:
                self.flag(line, case, f"{self.name(uid)} is not a combat card of side {side} at rest in {self.label(pos)}")
            elif unit.immobilized or uid in self.turn.fired or (uid in self.turn.moved and not self.rules.turn_card_may_move_twice):
                self.flag(line, case, f"{self.name(uid)} exits though it is immobilized, fired or moved this turn "
                                      "(and may not move twice)")
            self.turn.moved.add(uid)
        gone = [c for u in group if units[u].pos >= 0 for c in self._leaving(u)]
        self.exit = _Exit(side, self._points(gone), self._points(list(state.hand[1 - side])))

    def judge_yield(self, line: int, uid: int, side: int, before: _Snap) -> None:
        """001 break-through: the defender pays with a card of his own hand, only while points are owed."""
        exit_ = self.exit
        if exit_ is None or side != 1 - exit_.side or before.window != ("breakthrough", side):
            self.flag(line, "001 break-through", f"side {side} discards {self.name(uid)} with no break-through to answer")
            return
        if exit_.paid >= exit_.owed:
            self.flag(line, "001 break-through", f"side {side} discards {self.name(uid)} after paying "
                                                 f"{exit_.paid} of {exit_.owed} points")
        exit_.paid += max(self.state.units[uid].profile.points, 0)

    def judge_paid(self, line: int, before: _Snap, after: _Snap) -> None:
        """001 break-through: once the exit is answered, the defender paid the points, or gave all his hand."""
        exit_ = self.exit
        if exit_ is None or after.window == ("breakthrough", 1 - exit_.side) or after.player == CHANCE:
            return
        self.exit = None
        defender = 1 - exit_.side
        if exit_.hand >= exit_.owed and exit_.paid < exit_.owed:
            self.flag(line, "001 break-through", f"side {defender} paid {exit_.paid} of the {exit_.owed} points owed "
                                                 "for the exited cards")
        if exit_.hand < exit_.owed and after.hand[defender] != 0:
            self.flag(line, "001 break-through", f"side {defender} could not pay {exit_.owed} points but keeps "
                                                 f"{after.hand[defender]} card(s) in hand")
        won = exit_.hand < exit_.owed and any(self._captured(p, exit_.side) for p in self._rear_rank(defender))
        declared = after.outcome is not None and after.outcome.condition == BREAK_THROUGH
        if won and not declared and after.outcome is None:
            self.victory_flagged = True
            self.flag(line, "001 break-through", f"side {exit_.side} broke through but the game goes on")
        if declared and not won:
            self.flag(line, "001 break-through", f"the engine declares a break-through for side {exit_.side}, "
                                                 "but the hand could pay or no captured zone is held")

    def judge_shot(self, line: int, action: Shoot | Smoke, before: _Snap) -> None:
        state = self.state
        firer = int(action.firer)
        at = before.pos[firer]
        play = self.play
        if play is None or play.kind != "fire":
            self.flag(line, "5.0 b", f"{self.name(firer)} fires outside a fire play")
            return
        if at != play.source:
            self.flag(line, "5.0 b", f"{self.name(firer)} fires from {self.label(at) if at >= 0 else 'off the table'}, "
                                     f"not from the play's position {self.label(play.source)}")
        if firer not in play.cards:
            play.cards.add(firer)
            if len(play.cards) > self.rules.turn_cards_per_action:
                self.flag(line, "5.0 b", f"card {len(play.cards)} fires in one play (at most {self.rules.turn_cards_per_action})")
        if firer in self.turn.moved:
            self.flag(line, "5.0", f"{self.name(firer)} fires after moving this turn")
        elif firer in self.turn.arrived:
            self.flag(line, "5.0", f"{self.name(firer)} fires in the turn it arrived (its arrival is its move, 20.0 rule 5)")
        elif self.turn.fired.get(firer, play.line) != play.line and not self.rules.turn_card_may_fire_twice:
            self.flag(line, "5.0", f"{self.name(firer)} fires in a second play this turn")
        self.turn.fired.setdefault(firer, play.line)
        if before.carrier[firer] is not None:
            self.flag(line, "8.6", f"{self.name(firer)} fires while carried")
        smoke = isinstance(action, Smoke)
        target_pos = int(action.pos) if isinstance(action, Smoke) else before.pos[int(action.target)]
        if at < 0 or target_pos < 0:
            return
        dist = self._distance(at, target_pos)
        what = f"{self.label(target_pos)}" if isinstance(action, Smoke) else self.name(int(action.target))
        if dist == 0 and not smoke:
            self.flag(line, "9.1", f"{self.name(firer)} fires at {what} in its own position outside a melee")
        elif dist > self.rules.fire_max_range:
            self.flag(line, "9.1", f"{self.name(firer)} fires at {what}, {dist} positions away "
                                   f"(range {self.rules.fire_max_range})")
        elif not self.sight(state, at, target_pos):
            self.flag(line, "9.2", f"{self.name(firer)} fires at {what} with no line of sight "
                                   f"from {self.label(at)} to {self.label(target_pos)}")

    # -------------------------------------------------- after each action
    def after_action(self, line: int, action: Action, before: _Snap, after: _Snap) -> None:
        state = self.state
        if before.phase in ("move",) or (before.phase == "play" and isinstance(action, Move)):
            self.judge_moves(line, before, after)
        self.judge_arrivals(line, before, after)
        self.judge_entering(line, before, after)
        if self.play is not None and after.phase == "play" and after.player != CHANCE and state.ctx.move is None:
            self.play = None  # the play is over
        side_turn_over = ((after.turn, after.active) != (before.turn, before.active)
                          and before.phase not in ("setup", "initiative"))
        game_over = after.outcome is not None and before.outcome is None
        if side_turn_over or (game_over and after.outcome.kind in (EndKind.TURN_LIMIT, EndKind.ENGINE_CAP)):
            self.end_of_side_turn(line, before.active, before.turn)
        self.judge_paid(line, before, after)
        self.judge_victory(line, before, after, side_turn_over)
        if side_turn_over:
            self.turn = _Turn()
        self.judge_reinforcements(line, before, after)  # at a side turn's start, or brought by a card (17.5)

    def judge_moves(self, line: int, before: _Snap, after: _Snap) -> None:
        """Every card that changed place in a move play: adjacency, pace, stops, cards per play, move after fire."""
        play = self.play
        state = self.state
        if play is None or play.kind != "move":
            return
        for uid in range(len(before.pos)):
            old, new = before.pos[uid], after.pos[uid]
            if old == new or new == DISCARDED or not (old >= 0 or old == RESERVE) or not (new >= 0 or new == RESERVE):
                continue
            unit = state.units[uid]
            who = self.name(uid)
            path = play.paths.setdefault(uid, [old])
            carrier = before.carrier[uid] if before.carrier[uid] is not None else after.carrier[uid]
            if uid not in play.cards:
                if carrier is None or self.rules.movement_carried_cards_count:  # a rider may ride free (5.0 a, 8.6)
                    play.cards.add(uid)
                if old != play.source:
                    self.flag(line, "5.0 a", f"{who} moves from {self._where(old)}, not from the play's position "
                                             f"{self._where(play.source)}")
                if len(play.cards) > self.rules.turn_cards_per_action:
                    self.flag(line, "5.0 a", f"card {len(play.cards)} moves in one play "
                                             f"(at most {self.rules.turn_cards_per_action} per Supply point)")
                if uid in self.turn.fired:
                    self.flag(line, "5.0", f"{who} moves after firing this turn")
                elif uid in self.turn.moved and not self.rules.turn_card_may_move_twice:
                    self.flag(line, "5.0", f"{who} moves in a second play this turn")
                elif uid in self.turn.arrived and not self.turn.may_continue:
                    self.flag(line, "5.0", f"{who} moves again in the turn it arrived (20.0 rule 5)")
                if before.immobilized[uid]:
                    self.flag(line, "9.3.2", f"{who} moves while immobilized")
            self.turn.moved.add(uid)
            if uid in play.stopped:
                self.flag(line, play.stopped[uid], f"{who} goes on to {self._where(new)} after its move had to end at "
                                                   f"{self._where(old)}")
            # adjacency (8.0) and the reserve (8.3)
            if old == RESERVE:
                if new not in self._rear_rank(unit.side):
                    self.flag(line, "8.3", f"{who} enters {self._where(new)} from the reserve, which is next to the "
                                           "rearmost rank only")
            elif new == RESERVE:
                if old not in self._rear_rank(unit.side):
                    self.flag(line, "8.3", f"{who} goes to the reserve from {self._where(old)}, not from the rearmost rank")
            elif self._distance(old, new) != 1:
                self.flag(line, "8.0", f"{who} jumps from {self._where(old)} to {self._where(new)}, "
                                       f"{self._distance(old, new)} positions")
            path.append(new)
            pacer = state.units[carrier] if carrier is not None else unit
            pace = self.rules.movement_fast_positions if pacer.profile.fast else self.rules.movement_slow_positions
            pace -= self.turn.arrived.get(pacer.uid, 0)  # 20.0 rule 5: the arrival used some of it
            if len(path) - 1 > pace:
                self.flag(line, "8.1", f"{who} enters position {len(path) - 1} of its move "
                                       f"({'fast' if pacer.profile.fast else 'slow'}: {pace}"
                                       f"{' after its arrival' if pacer.uid in self.turn.arrived else ''})")
            if new == RESERVE:
                play.stopped[uid] = "8.3"
                continue
            enemies = bool(before.occ[new][1 - unit.side])
            p = unit.profile
            friends = before.occ[new][unit.side] + after.occ[new][unit.side]  # waiting there, or coming with it
            if (self.rules.movement_tank_restriction_in_clear and state.terrain[new] is None
                    and (p.infantry or p.at_gun or p.truck) and carrier is None
                    and any(state.units[u].profile.tank and u not in before.face_down  # 001 1.0: hidden ones bar nobody
                            for u in before.occ[new][1 - unit.side])
                    and not any(state.units[u].profile.tank for u in friends)):
                self.flag(line, "8.5", f"{who} enters clear {self._where(new)} held by enemy tanks with no friendly tank")
            if enemies:
                self.turn.assaulting.add(uid)
                play.stopped.setdefault(uid, "8.5")
            if self._slows(state, new):
                if play.path_card:
                    play.path_card = False
                else:
                    if len(path) > 2:
                        self.flag(line, "8.4", f"{who} enters slowing terrain at {self._where(new)} after moving "
                                               f"{len(path) - 2} position(s) this play")
                    play.stopped.setdefault(uid, "8.4")

    def _where(self, pos: int) -> str:
        return "the reserve" if pos == RESERVE else self.label(pos)

    def judge_entering(self, line: int, before: _Snap, after: _Snap) -> None:
        """11.0: a vehicle or AT gun never comes into a position barring them, however it got there."""
        state = self.state
        for uid in range(len(after.pos)):
            new = after.pos[uid]
            old = before.pos[uid] if uid < len(before.pos) else None
            if new < 0 or new == old:
                continue
            p = state.units[uid].profile
            if (p.vehicle or p.at_gun) and self._bars(state, new):
                self.flag(line, "11.0", f"{self.name(uid)} comes into {self.label(new)}, where vehicles and AT guns "
                                        "may not go")

    def judge_arrivals(self, line: int, before: _Snap, after: _Snap) -> None:
        """Cards that appear on the battlefield other than by moving: a scenario's reinforcements only."""
        state = self.state
        moving = self.play is not None and self.play.kind == "move"
        for uid in range(len(after.pos)):
            new = after.pos[uid]
            if new < 0:
                continue
            old = before.pos[uid] if uid < len(before.pos) else None
            if old is not None and (old >= 0 or (old == RESERVE and moving)):
                continue
            unit = state.units[uid]
            side_id = self.scenario.grid.sides[unit.side]
            ok = False
            for group in self.scenario.side(side_id).reinforcements:
                spots = {engine_pos(self.scenario, p) for p in group.positions}
                cards = {e.card_id for e in group.forces}
                if unit.profile.card_id not in cards or (spots and new not in spots):
                    continue
                on_its_turn = group.turn is not None and group.turn == after.turn and after.active == unit.side
                by_its_card = group.card_played is not None and state.arrivals.get(group.id) == after.turn
                ok = ok or on_its_turn or by_its_card
            if not ok:
                self.flag(line, "20.0", f"{self.name(uid)} of side {unit.side} appears at {self.label(new)} in turn "
                                        f"{after.turn} (side {after.active} to play) as no reinforcement of the scenario")

    def judge_reinforcements(self, line: int, before: _Snap, after: _Snap) -> None:
        """20.0 rule 5 (a scenario's reinforcement_arrival rule): the arrival is the cards' move. It costs its
        Supply points, each card has used ``move_positions`` of its movement (so it does not fire this turn), and
        infantry and guns come aboard or behind their transports: each stands with the transports it rides (its
        ride ends with the arrival, as every move's does in the project's reading of 8.6)."""
        arrived = [(i, g) for i, side in enumerate(self.scenario.sides) for g in side.reinforcements
                   if g.id in after.arrivals and g.id not in before.arrivals]
        for side, group in arrived:
            side_id = self.scenario.grid.sides[side]
            new = [u for u in self.state.units[len(before.pos):] if u.pos >= 0 and u.side == side]
            for rule in self.scenario.rules(ReinforcementArrival):
                if (rule.sides and side_id not in rule.sides) or not new:
                    continue
                self.turn.extra -= rule.supply_points
                self.turn.may_continue = rule.fast_may_continue
                for unit in new:
                    self.turn.arrived[unit.uid] = rule.move_positions
                if rule.loaded:
                    self._judge_aboard(line, group, new)

    def _judge_aboard(self, line: int, group: Any, new: list[Any]) -> None:
        """20.0 rule 5: every loaded or towed card of ``group`` arrives on a position with a transport it may ride
        (two tanks for a squad the scenario puts on a pair), no transport taken twice."""
        rides: dict[int, list[tuple[int, int]]] = {}  # rider card id -> (transport card id, transports it takes)
        for entry in group.forces:
            ride = entry.loaded_on or entry.towed_by
            if ride is not None:
                rides.setdefault(entry.card_id, []).append((ride, max(1, entry.carriers_per_card)))
        free: dict[tuple[int, int], int] = {}  # (position, card id) -> arrived cards of that id not yet ridden
        for unit in new:
            key = (unit.pos, unit.profile.card_id)
            free[key] = free.get(key, 0) + 1
        for unit in new:
            options = rides.get(unit.profile.card_id)
            if not options:
                continue
            taken = next((((unit.pos, card), n) for card, n in options if free.get((unit.pos, card), 0) >= n), None)
            if taken is None:
                self.flag(line, "20.0", f"{self.name(unit.uid)} arrives with {group.id} at {self.label(unit.pos)} "
                                        "with no transport left there for it; it comes aboard its transport")
                continue
            free[taken[0]] -= taken[1]

    # ------------------------------------------------------- turn's end
    def hand_limit(self, side: int) -> int:
        limit = self.rules.turn_hand_limit
        for rule in self.scenario.rules(HandLimitGrace):
            if rule.sides and self.scenario.grid.sides[side] not in rule.sides:
                continue
            arrived = self.state.arrivals.get(rule.after)
            if arrived is not None and self.state.turn <= arrived + rule.turns:
                return 1000
        return limit

    def end_of_side_turn(self, line: int, side: int, turn: int) -> None:
        """6.3 and 6.4 for the side whose turn ended (the other side's arrivals may stand above the limits till
        the end of its own turn, 20.0 rule 5); an overstacked position is reported as it begins, not each turn."""
        state = self.state
        rules = self.rules
        for pos in range(len(state.occ)):
            combat = sum(1 for u in state.occ[pos][side] if state.units[u].profile.combat)
            trucks = sum(1 for u in state.occ[pos][side] if state.units[u].profile.truck)
            key = ("stack", (pos, side))
            if combat <= rules.stacking_combat_cards and trucks <= rules.stacking_trucks:
                self.seen.discard(key)
            elif key not in self.seen:
                self.seen.add(key)
                self.flag(line, "6.3", f"side {side} ends its turn {turn} with {combat} combat card(s) and {trucks} "
                                       f"truck(s) at {self.label(pos)} (at most {rules.stacking_combat_cards} and "
                                       f"{rules.stacking_trucks})")
        held = len(state.hand[side])
        limit = self.hand_limit(side)
        if held > limit:
            self.flag(line, "6.4", f"side {side} ends turn {turn} holding {held} cards (hand limit {limit})")

    # ------------------------------------------------------------ victory
    @property
    def on_the_way(self) -> set[int]:
        """The card moving now and its riders: not yet at rest, so they control nothing (8.0, 16.0)."""
        move = self.state.ctx.move
        if move is None or move.stage != "step" or move.cur is None or move.first:
            return set()  # no card has left its position yet
        return {move.cur, *((move.riders or {}).get(move.cur, ()))}

    def met(self, turn: int, *, end_of_game_turn: bool, kinds: tuple[type[VictoryCondition], ...] = (),
            only: str | None = None) -> list[tuple[int, str]]:
        """(winner, condition id) of every victory condition (of ``kinds``, or named ``only``) holding in game turn
        ``turn``, judged by :mod:`tcforge.play.victory` (as the engine's hooks are) from this referee's own facts:
        the cards on their way, and the cards that entered an enemy-held position this turn (assaulting)."""
        assaulting = self.turn.assaulting
        return [(found.winner, found.condition) for found in self.judge.met(
            self.state, turn, end_of_game_turn=end_of_game_turn, kinds=kinds, only=only,
            moving=self.on_the_way, assaulting=assaulting.__contains__) if found.winner is not None]

    def judge_victory(self, line: int, before: _Snap, after: _Snap, turn_over: bool) -> None:
        """16.0: the engine ends the game exactly when a condition first holds, for the side that meets it."""
        state = self.state
        outcome = after.outcome
        sides = self.scenario.grid.sides
        if outcome is not None and before.outcome is None:
            if outcome.condition == BREAK_THROUGH:
                return  # judged with the exit that made it (judge_paid)
            end_of_game_turn = state.active != state.first and state.phase in ("discard", "melee")
            if outcome.kind in (EndKind.VICTORY_CONDITION, EndKind.ELIMINATION):
                found = self.met(state.turn, end_of_game_turn=end_of_game_turn, only=outcome.condition or None)
                if not any(w == outcome.winner for w, _ in found):
                    self.flag(line, "16.0", f"the engine declares {self._side(outcome.winner)} the winner "
                                            f"({outcome.reason}) but the condition does not hold")
            elif outcome.kind == EndKind.TURN_LIMIT:
                limit = self.scenario.turn_limit
                default = self.scenario.default_winner
                want = sides.index(default) if default in sides else None
                if limit is None or state.turn != limit:
                    self.flag(line, "16.0", f"the game is ended by a turn limit in turn {state.turn} "
                                            f"(the scenario's limit: {limit})")
                elif outcome.winner != want:
                    self.flag(line, "16.0", f"at the turn limit {self._side(outcome.winner)} wins; the scenario's "
                                            f"default is {default or 'a draw'}")
                held = self.met(state.turn, end_of_game_turn=True)
                if held and not self.victory_flagged:
                    self.flag(line, "16.0", f"the game ends at the turn limit while {self._side(held[0][0])} meets "
                                            f"{held[0][1]}")
            elif outcome.kind == EndKind.ENGINE_CAP and (self.scenario.turn_limit is not None
                                                        or state.turn != turn_cap(self.scenario)):
                self.flag(line, "16.0", f"the engine's cap ends the game in turn {state.turn}")
            return
        if outcome is not None or self.victory_flagged:
            return
        instant = self.rules.victory_check == "instant"
        found = []
        if instant and after.player != CHANCE:  # no roll pending (the card on its way counts for nothing)
            found += self.met(after.turn, end_of_game_turn=False, kinds=AT_ONCE)
        if turn_over:
            if not instant:  # checked as each player's turn ends (001)
                found += self.met(before.turn, end_of_game_turn=False, kinds=AT_ONCE)
            if before.active != before.first:
                found += self.met(before.turn, end_of_game_turn=True, kinds=AT_TURN_END)
        if found:
            self.victory_flagged = True
            self.flag(line, "16.0", f"{self._side(found[0][0])} meets {found[0][1]} but the game goes on")

    def _cond(self, cond_id: str) -> Any:
        return next((c for c in self.scenario.victory if c.id == cond_id), None)

    def _side(self, side: int | None) -> str:
        return "nobody" if side is None else self.scenario.grid.sides[side]


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


__all__ = ["Audit", "Referee", "Violation", "audit_game", "audit_json", "audit_log"]
