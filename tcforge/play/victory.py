"""A scenario's victory conditions judged in one place (16.0, 17.x, 20.0).

The hooks the engine calls (:class:`tcforge.play.hooks.ScenarioHooks`: ``instant``, ``end_of_turn``) and the
referee re-checking a log (:class:`tcforge.play.referee.Referee`) both ask :meth:`Judge.met`; each gives it the
facts of play it knows its own way: which cards are still on their way (8.0: they control nothing yet, the
referee reads it from the move under way; the engine never asks while a card is on its way) and which cards
are assaulting (20.0: a card that began the melee it stands in, this turn or earlier, holds nothing; the engine's
:func:`tcforge.engine.melee.began_melee`, the referee's own record of the moves).

What each condition (:mod:`tcforge.scenarios.victory`) asks:

- ``control_rank``, ``control_positions`` (16.0, 17.x): at least ``count`` of the side's target positions
  controlled at once: a combat card of the side there, at rest and not carried, and no enemy combat card.
- ``hold_positions`` (20.0): at the end of game turn ``at_end_of_turn``, every target position held by a card of
  the kinds ``units`` names (not carried); with ``contested_ok`` an enemy may be there too, but then a card
  assaulting it does not hold.
- ``eliminate_all`` (17.1): the enemy has no combat card on the table (``scope: table``), nor one or a truck in
  its reserve or deck (any other scope). Nothing is decided before the first player's first turn is over, so that
  cards may start in the reserve: the project's reading of 17.1 (data/rules/en/17-scenarios.yaml), for every
  such condition whatever its id.
- ``countdown``: at the end of a game turn, ``turns`` game turns or more after group ``after`` arrived.
"""
from __future__ import annotations

from collections.abc import Callable, Collection, Iterator

from tcforge.engine.board import DECK, RESERVE
from tcforge.engine.core import CoreState, captured, controls
from tcforge.engine.outcome import EndKind, Outcome
from tcforge.scenarios.grid import Position
from tcforge.scenarios.scenario import Scenario
from tcforge.scenarios.victory import (
    ControlPositions,
    ControlRank,
    Countdown,
    EliminateAll,
    HoldPositions,
    VictoryCondition,
    holds_as,
)

Control = Callable[[CoreState, int, int, Collection[int]], bool]  # (state, position, side, cards on their way)
AT_ONCE = (ControlRank, ControlPositions, EliminateAll)  # met the moment they happen (16.0)
AT_TURN_END = (HoldPositions, Countdown)  # judged at the end of a game turn


class Judge:
    """The scenario's victory conditions, with each condition's target positions on the engine's board
    (``position``: the engine's position of a grid position, :func:`tcforge.play.hooks.engine_pos`)."""

    def __init__(self, scenario: Scenario, position: Callable[[Position], int]):
        self.scenario = scenario
        self.sides = list(scenario.grid.sides)
        # per condition, in the scenario's order: side id -> its target positions (engine positions)
        self.targets: list[dict[str, tuple[int, ...]]] = [
            {s: tuple(position(p) for p in ps) for s, ps in getattr(cond, "targets", {}).items()}
            for cond in scenario.victory]

    def targets_of(self, cond_id: str, side_id: str) -> tuple[int, ...]:
        """The positions condition ``cond_id`` asks side ``side_id`` to take or hold."""
        for cond, targets in zip(self.scenario.victory, self.targets, strict=True):
            if cond.id == cond_id:
                return targets.get(side_id, ())
        return ()

    def met(self, state: CoreState, turn: int, *, end_of_game_turn: bool, assaulting: Callable[[int], bool],
            moving: Collection[int] = (), kinds: tuple[type[VictoryCondition], ...] = (), only: str | None = None,
            control: Control | None = None) -> Iterator[Outcome]:
        """Each condition (of ``kinds``, or named ``only``) met in game turn ``turn``, for each side that meets it, in
        the scenario's order: an :class:`Outcome` of ``state.turn``. ``end_of_game_turn``: the game turn is over (the
        conditions judged then may be met); ``moving``: the cards still on their way; ``assaulting(uid)``: the card
        attacks in a melee; ``control(state, pos, side, moving)``: the side holds the position for ``control_rank`` and
        ``control_positions`` (by default 16.0's :func:`controls`; the referee gives its own reading)."""
        for cond, targets in zip(self.scenario.victory, self.targets, strict=True):
            if (only is not None and cond.id != only) or (kinds and not isinstance(cond, kinds)):
                continue
            for side_id in cond.winners(self.sides):
                side = self.sides.index(side_id)
                found = self._one(state, turn, cond, side, targets.get(side_id, ()), end_of_game_turn=end_of_game_turn,
                                  assaulting=assaulting, moving=moving, control=control or controls)
                if found is not None:
                    yield found

    def _one(self, state: CoreState, turn: int, cond: VictoryCondition, side: int, targets: tuple[int, ...], *,
             end_of_game_turn: bool, assaulting: Callable[[int], bool], moving: Collection[int],
             control: Control) -> Outcome | None:
        side_id = self.sides[side]
        if isinstance(cond, (ControlRank, ControlPositions)):
            if control is controls or control is captured:
                # both need a card of the side at the position: the rest are never asked, and most checks stop here
                occ = state.occ
                standing = [p for p in targets if occ[p][side]]
                if len(standing) < cond.count:
                    return None
                held = sum(control(state, p, side, moving) for p in standing)
            else:
                held = sum(control(state, p, side, moving) for p in targets)
            if held >= cond.count:
                return Outcome(side, EndKind.VICTORY_CONDITION, state.turn,
                               f"{side_id} controls {held} of {len(targets)} positions ({cond.id})", cond.id)
        elif isinstance(cond, EliminateAll):
            if state.turn == 1 and state.active == state.first:
                return None  # 17.1, the project's reading: nothing is decided before the first player's first turn is over
            if not enemy_left(state, side, cond.scope):
                return Outcome(side, EndKind.ELIMINATION, state.turn,
                               f"{side_id} has eliminated every enemy card ({cond.id})", cond.id)
        elif isinstance(cond, HoldPositions):
            if end_of_game_turn and turn == cond.at_end_of_turn and targets and all(
                    holds(state, p, side, cond, assaulting, moving) for p in targets):
                return Outcome(side, EndKind.VICTORY_CONDITION, state.turn,
                               f"{side_id} holds every position of {cond.id} at the end of turn {state.turn}", cond.id)
        elif isinstance(cond, Countdown):
            arrived = state.arrivals.get(cond.after)
            if end_of_game_turn and arrived is not None and turn >= arrived + cond.turns:
                return Outcome(side, EndKind.VICTORY_CONDITION, state.turn,
                               f"{side_id} lasted {cond.turns} turns after {cond.after} arrived ({cond.id})", cond.id)
        return None


def holds(state: CoreState, pos: int, side: int, cond: HoldPositions, assaulting: Callable[[int], bool],
          moving: Collection[int] = ()) -> bool:
    """20.0: a card of the kinds ``cond.units`` names holds ``pos`` (at rest, not carried); an enemy combat card
    there is allowed only with ``contested_ok`` "(can be defending in Melee)", and then a card assaulting it
    does not hold. The project's reading of "defending": not having begun the melee (10.0: entered the enemy-held
    position), whatever the turn the card came in; a card assaulted there defends (issue 33, departure 6)."""
    units = state.units
    theirs = any(units[u].profile.combat for u in state.occ[pos][1 - side])
    if theirs and not cond.contested_ok:
        return False
    return any(units[u].carrier is None and u not in moving and not (theirs and assaulting(u))
               and holds_as(cond.units, type=units[u].profile.type, card_class=units[u].profile.card_class,
                            tank=units[u].profile.tank, combat=units[u].profile.combat)
               for u in state.occ[pos][side])


def enemy_left(state: CoreState, side: int, scope: str) -> bool:
    """17.1: the enemy still has a combat card on the table, or (a scope other than ``table``) a combat card or a
    truck in its reserve or deck."""
    enemy = [u for u in state.units if u.side != side]
    return any(u.pos >= 0 and u.profile.combat for u in enemy) or (scope != "table" and any(
        u.pos in (RESERVE, DECK) and (u.profile.combat or u.profile.truck) for u in enemy))
