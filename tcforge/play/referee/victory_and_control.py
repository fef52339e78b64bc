"""Victory: control and capture read here from the rule text, the scenario's conditions judged with them.

The conditions themselves are judged by :class:`tcforge.play.victory.Judge` (the engine's hooks ask it too), but
every fact it needs is the referee's own: which zones a side controls or has captured (below), which cards are
still on their way (the move under way), and which cards began the melee they stand in (10.0, the referee's
record of the moves, :meth:`Movement.assaulting`).

Rule cases judged here:

- ``16.0``: control is a combat card of the side at rest (not carried, not on its way) and no enemy combat card
  (enemy trucks may be there); a condition met ends the game at once, for the side that meets it (no later),
  an ending the engine declares holds, and a turn limit or cap ends the game on time.
- ``001 capture`` (001 Victory Conditions): a zone is captured when cards of the side are in it (any kind, trucks
  too) and no card of the enemy; the 001 rulesets' second-row conditions are judged by capture, at the end of
  each player's turn, and a capture the engine misses (or declares wrongly) is this case.
- ``20.0 victory``: a position held at the end of the given turn with the kinds of cards named; a card defending in a
  melee holds, one that began the melee by entering does not.
"""
from __future__ import annotations

from collections.abc import Collection
from typing import Any

from tcforge.engine.context import Phase
from tcforge.engine.core import CHANCE, CoreState
from tcforge.engine.outcome import EndKind
from tcforge.play.hooks import turn_cap
from tcforge.play.referee.base import Case, RefereeBase, Snap
from tcforge.play.victory import AT_ONCE, AT_TURN_END
from tcforge.scenarios.victory import ControlPositions, ControlRank, HoldPositions, VictoryCondition

MODULE = "victory_and_control"
CASES = (
    Case("16.0", MODULE, "control (a combat card at rest, no enemy combat card); a condition met ends the game at "
                         "once, and only then; turn limits and caps"),
    Case("001 capture", MODULE, "001: a zone is captured by cards of any kind with no enemy card; the second-row "
                                "conditions judged by capture at each player's turn end"),
    Case("20.0 victory", MODULE, "positions held at the given turn's end; defending in a melee holds, beginning it does not"),
)


def controls(state: CoreState, pos: int, side: int, moving: Collection[int] = ()) -> bool:
    """16.0: a combat card of ``side`` at ``pos``, at rest (not carried, not on its way), and no enemy combat card.
    The referee's own reading, kept apart on purpose from the engine's :meth:`CoreState.controls` (which the judge
    and the players share): it re-checks a log by reading the rules again, so a mistake in the engine's reading
    shows as a violation instead of being agreed with."""
    units = state.units
    mine = any(units[u].profile.combat and units[u].carrier is None and u not in moving for u in state.occ[pos][side])
    return mine and not any(units[u].profile.combat for u in state.occ[pos][1 - side])


def captured(state: CoreState, pos: int, side: int, moving: Collection[int] = ()) -> bool:
    """001 Victory Conditions: cards of ``side`` occupy ``pos`` (any unit card, trucks too, not on its way) and it
    holds no card of the enemy."""
    units = state.units
    mine = any((units[u].profile.combat or units[u].profile.truck) and u not in moving for u in state.occ[pos][side])
    return mine and not any(units[u].profile.combat or units[u].profile.truck for u in state.occ[pos][1 - side])


class VictoryAndControl(RefereeBase):
    @property
    def on_the_way(self) -> set[int]:
        """The card moving now and its riders: not yet at rest, so they control nothing (8.0, 16.0)."""
        move = self.state.ctx.move
        if move is None or move.stage != "step" or move.cur is None or move.first:
            return set()  # no card has left its position yet
        return {move.cur, *((move.riders or {}).get(move.cur, ()))}

    def _control_case(self, cond_id: str | None) -> str:
        cond = next((c for c in self.scenario.victory if c.id == cond_id), None)
        if isinstance(cond, HoldPositions):
            return "20.0 victory"  # a hold-positions condition declared wrongly, or held at the turn limit and missed
        return "001 capture" if self.house_rules and isinstance(cond, ControlRank | ControlPositions) else "16.0"

    def met(self, turn: int, *, end_of_game_turn: bool, kinds: tuple[type[VictoryCondition], ...] = (),
            only: str | None = None) -> list[tuple[int, str]]:
        """(winner, condition id) of every victory condition (of ``kinds``, or named ``only``) holding in game turn
        ``turn``, judged by :mod:`tcforge.play.victory` from this referee's own facts: control (16.0) or, under
        001, capture; the cards on their way; the cards that began the melee they stand in."""
        control = captured if self.house_rules else controls
        return [(found.winner, found.condition) for found in self.judge.met(
            self.state, turn, end_of_game_turn=end_of_game_turn, kinds=kinds, only=only,
            moving=self.on_the_way, assaulting=self.assaulting, control=control) if found.winner is not None]

    def judge_victory(self, line: int, before: Snap, after: Snap, turn_over: bool, break_through: str) -> None:
        """16.0: the engine ends the game exactly when a condition first holds, for the side that meets it."""
        state = self.state
        outcome = after.outcome
        sides = self.scenario.grid.sides
        if outcome is not None and before.outcome is None:
            if outcome.condition == break_through:
                return  # judged with the exit that made it
            end_of_game_turn = state.active != state.first and state.phase in (Phase.DISCARD, Phase.MELEE)
            if outcome.kind in (EndKind.VICTORY_CONDITION, EndKind.ELIMINATION):
                found = self.met(state.turn, end_of_game_turn=end_of_game_turn, only=outcome.condition or None)
                if not any(w == outcome.winner for w, _ in found):
                    self.flag(line, self._control_case(outcome.condition),
                              f"the engine declares {self._side(outcome.winner)} the winner ({outcome.reason}) but "
                              "the condition does not hold")
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
                    self.flag(line, self._control_case(held[0][1]), f"the game ends at the turn limit while "
                                                                    f"{self._side(held[0][0])} meets {held[0][1]}")
            elif outcome.kind == EndKind.ENGINE_CAP and (self.scenario.turn_limit is not None
                                                        or state.turn != turn_cap(self.scenario)):
                self.flag(line, "16.0", f"the engine's cap ends the game in turn {state.turn}")
            return
        if outcome is not None or self.victory_flagged or after.phase in (Phase.DEPLOY, Phase.ARRIVE):
            return  # nothing is decided while the set-up is laid out or an arrival placed (the engine's reading too)
        instant = self.rules.victory_check == "instant"
        found = []
        move = state.ctx.move
        on_its_way = move is not None and move.stage == "step"  # 8.0: a moving card counts where it comes to rest
        if instant and after.player != CHANCE and not on_its_way:  # no roll pending, no card on its way
            found += self.met(after.turn, end_of_game_turn=False, kinds=AT_ONCE)
        if turn_over:
            if not instant:  # checked as each player's turn ends (001)
                found += self.met(before.turn, end_of_game_turn=False, kinds=AT_ONCE)
            if before.active != before.first:
                found += self.met(before.turn, end_of_game_turn=True, kinds=AT_TURN_END)
        if found:
            self.victory_flagged = True
            self.flag(line, self._control_case(found[0][1]), f"{self._side(found[0][0])} meets {found[0][1]} but the game goes on")

    def _cond(self, cond_id: str) -> Any:
        return next((c for c in self.scenario.victory if c.id == cond_id), None)
