"""001's break-through (Victory Conditions, Attack/Defense): the exit off the map and the defender's payment.

Rule cases judged here:

- ``001 break-through``: an exit is the attacker's move play (with the ruleset's break-through on) from a zone of
  the defender's second row he has captured (cards of his there and no card of the defender, 001's capture),
  of at most three of his combat cards there, at rest, not carried, immobilised, moved or fired; the defender
  pays the points of the cards that leave (once his answers and the mines' rolls are done: not those a mine
  destroyed, Wire stopped or a mine immobilised) from his hand, all of it when he cannot; the attacker wins exactly
  when the hand could not pay and he still holds a captured zone of that row.
- ``001 break-through window``: the exit is a move into the defender's reserve (clear terrain), so the defender
  holding Wire or a Minefield is offered the chance to play it as the cards go (a withheld option is flagged).
"""
from __future__ import annotations

from tcforge.data.card_ids import MINEFIELD, WIRE
from tcforge.engine.actions import D10, HitRoll, Interrupt, KillRoll
from tcforge.engine.actions import Exit as ExitAction
from tcforge.engine.attacks import KILL, to_hit, to_kill
from tcforge.engine.context import Entry
from tcforge.engine.core import CHANCE
from tcforge.play.referee.base import Case, Exiting, ExitOwed, RefereeBase, Snap
from tcforge.play.referee.victory_and_control import captured

MODULE = "breakthrough"
BREAK_THROUGH = "001 break-through"  # the condition id a break-through ending carries in the log
CASES = (
    Case("001 break-through", MODULE, "who may exit, from a captured second-row zone, with which cards; the "
                                      "defender's payment; the win exactly when the hand could not pay"),
    Case("001 break-through window", MODULE, "the exit is a move into the reserve: the defender may answer it with "
                                             "Wire or a Minefield"),
)


class BreakThrough(RefereeBase):
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

    def judge_exit(self, line: int, action: ExitAction, side: int) -> None:
        """001 break-through: who may exit, from where, with which cards; what the defender then owes."""
        case = "001 break-through"
        state, units = self.state, self.state.units
        pos, group = int(action.pos), [int(u) for u in action.cards]
        if not self.rules.victory_break_through:
            self.flag(line, case, f"side {side} moves cards off the map, but the ruleset has no break-through")
        if self._attacker() != side:
            self.flag(line, case, f"side {side} moves cards off the map, but it is not the scenario's attacker")
        if pos not in self._rear_rank(1 - side) or not captured(state, pos, side):
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
        self.exiting = Exiting(side, line, {u: self._points(self._leaving(u)) for u in group if units[u].pos >= 0})

    def judge_exit_event(self, action: object, before: Snap) -> None:
        """While an exit is answered: the mines' rolls that destroy an exiting card, the Wire that stops one."""
        exiting = self.exiting
        if exiting is None:
            return
        state = self.state
        if before.player == CHANCE and state.rolls and isinstance(action, D10):
            event, roll = state.rolls[0], int(action[1])
            if isinstance(event, HitRoll | KillRoll) and event.firer < 0 and event.target in exiting.cards:
                rules = self.game.fire_rules
                result = to_kill(event.needed, rules, roll) if isinstance(event, KillRoll) else to_hit(
                    event.attack, rules, roll)[0]
                if result == KILL:
                    exiting.killed.add(event.target)
            return
        if isinstance(action, Interrupt) and before.window == ("entry", 1 - exiting.side) \
                and self.state.units[int(action.card)].profile.card_id == WIRE:
            window = state.ctx.window
            data = None if window is None else window.data
            if isinstance(data, Entry):
                exiting.stopped.add(int(action.target[0]) if action.target else data.mover)

    def judge_exit_left(self, line: int, action: object, before: Snap, after: Snap) -> None:
        """001 break-through: once the answers and the mines are done, the exit's cards nothing stopped leave, and
        the defender owes their points (judged by :meth:`judge_paid`)."""
        exiting = self.exiting
        if exiting is None or (after.player == CHANCE and after.outcome is None) \
                or (after.window is not None and after.window[0] in ("entry", "counter", "wire")):
            return
        self.exiting = None
        defender = 1 - exiting.side
        gone = [u for u in exiting.cards if after.pos[u] < 0 and u not in exiting.killed]
        for uid in exiting.cards:
            if uid in gone and uid in exiting.stopped:
                self.flag(line, "001 Wire stop", f"{self.name(uid)} leaves the map though Wire stopped it")
            elif after.pos[uid] >= 0 and uid not in exiting.stopped and not after.immobilized[uid] \
                    and after.outcome is None:
                self.flag(line, "001 break-through", f"{self.name(uid)} stays though nothing stopped its exit "
                                                     f"(line {exiting.line})")
        played = int(action.card) if isinstance(action, Interrupt) else -1
        hand = [u for u in before.hand_ids[defender] if u != played]
        self.exit = ExitOwed(exiting.side, sum(exiting.cards[u] for u in gone), self._points(hand))

    def judge_exit_window(self, line: int, before: Snap, after: Snap) -> None:
        """The exit is a move: a defender holding Wire or a Minefield gets his chance to play it."""
        defender = 1 - before.active
        units = self.state.units
        held = [u for u in before.hand_ids[defender] if units[u].profile.card_id in (WIRE, MINEFIELD)]
        if held and after.window != ("entry", defender):
            self.flag(line, "001 break-through window", f"side {defender} holds {self.name(held[0])} but is not "
                                                        "offered to play it as the cards exit into his reserve")

    def judge_yield(self, line: int, uid: int, side: int, before: Snap) -> None:
        """001 break-through: the defender pays with a card of his own hand, only while points are owed."""
        exit_ = self.exit
        if exit_ is None or side != 1 - exit_.side or before.window != ("breakthrough", side):
            self.flag(line, "001 break-through", f"side {side} discards {self.name(uid)} with no break-through to answer")
            return
        if exit_.paid >= exit_.owed:
            self.flag(line, "001 break-through", f"side {side} discards {self.name(uid)} after paying "
                                                 f"{exit_.paid} of {exit_.owed} points")
        exit_.paid += max(self.state.units[uid].profile.points, 0)

    def judge_paid(self, line: int, before: Snap, after: Snap) -> None:
        """001 break-through: once the exit is answered, the defender paid the points, or gave all his hand."""
        exit_ = self.exit
        if exit_ is None or after.window is not None or after.player == CHANCE:
            return
        self.exit = None
        defender = 1 - exit_.side
        if exit_.hand >= exit_.owed and exit_.paid < exit_.owed:
            self.flag(line, "001 break-through", f"side {defender} paid {exit_.paid} of the {exit_.owed} points owed "
                                                 "for the exited cards")
        if exit_.hand < exit_.owed and after.hand[defender] != 0:
            self.flag(line, "001 break-through", f"side {defender} could not pay {exit_.owed} points but keeps "
                                                 f"{after.hand[defender]} card(s) in hand")
        won = exit_.hand < exit_.owed and any(captured(self.state, p, exit_.side) for p in self._rear_rank(defender))
        declared = after.outcome is not None and after.outcome.condition == BREAK_THROUGH
        if won and not declared and after.outcome is None:
            self.victory_flagged = True
            self.flag(line, "001 break-through", f"side {exit_.side} broke through but the game goes on")
        if declared and not won:
            self.flag(line, "001 break-through", f"the engine declares a break-through for side {exit_.side}, "
                                                 "but the hand could pay or no captured zone is held")
