"""How a game ends: the one ending policy a game holds (:class:`Ending`), and how it ended, as a value
(:class:`Outcome`: who won, by what kind of ending, on which turn; 16.0, 17.0, 20.0).

The engine asks the game's :class:`Ending` at the three moments a game may end (after each action, at each
player's turn end, at each game turn's end) and records the :class:`Outcome` it gives; nothing else in the engine
decides that a game is over, except one rule that ends it in the middle of a turn (001's break-through, which
the engine plays itself). Analysis reads an outcome's fields, and ``reason`` is the human text for display.
"""
from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any, Protocol

DEFAULT_CAP = 20  # the last game turn of a game with no turn limit and no cap of its own: after it, a draw


class EndKind(str, enum.Enum):
    """The kinds of endings."""

    VICTORY_CONDITION = "victory_condition"  # positions taken or held (16.0, or a scenario's condition)
    ELIMINATION = "elimination"  # every enemy card eliminated (a scenario's condition)
    TURN_LIMIT = "turn_limit"  # the scenario's last turn is over (a default winner, or a draw)
    ENGINE_CAP = "engine_cap"  # no victory after the engine's stated cap of turns: a draw


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end of a game. ``condition`` names the victory condition met ("16.0" for the rules' own, "" for none)."""

    winner: int | None
    kind: EndKind
    turn: int
    reason: str
    condition: str = ""

    def to_json(self) -> dict[str, object]:
        return {"winner": self.winner, "kind": self.kind.value, "turn": self.turn, "reason": self.reason,
                "condition": self.condition}


class Conditions(Protocol):
    """A scenario's victory conditions as the ending asks them (tcforge.play.hooks.ScenarioHooks gives them; the
    state passed is the engine's own, typed Any as this module sits below it)."""

    def instant(self, state: Any) -> Outcome | None:
        """A condition met the moment it happens (16.0: control, elimination), or None."""
        ...

    def end_of_turn(self, state: Any) -> Outcome | None:
        """A condition met at a game turn's end (held positions, countdowns, a default winner), or None."""
        ...


@dataclass(frozen=True)
class Ending:
    """When a game ends (issue 52: the one place): the scenario's ``conditions`` (None: 16.0's own, positions of the
    enemy's rear rank), its ``turn_limit`` (a draw after it when no condition names a winner) and the ``cap`` of a
    game without one (a draw after it, :data:`DEFAULT_CAP` unless the scenario states its own)."""

    turn_limit: int | None = None
    cap: int = DEFAULT_CAP
    conditions: Conditions | None = None

    @property
    def last_turn(self) -> int:
        """The last game turn a game can last: the turn limit, else the cap."""
        return self.turn_limit if self.turn_limit is not None else self.cap

    def now(self, state: Any) -> Outcome | None:
        """A victory met now: the scenario's instant conditions, or 16.0's rear-rank control."""
        if self.conditions is not None:
            return self.conditions.instant(state)
        return state._rear_rank_outcome()  # the engine's own, not a query for players

    def side_turn_end(self, state: Any, game_turn_end: bool) -> Outcome | None:
        """At the end of a player's turn (``game_turn_end``: the second player's, which ends the game turn): victory
        checked at turn ends (001), then the game turn's conditions, the turn limit and the cap."""
        if state.game.rules.victory_check == "end_of_turn":
            found = self.now(state)
            if found is not None:
                return found
        if not game_turn_end:
            return None
        if self.conditions is not None:
            found = self.conditions.end_of_turn(state)
            if found is not None:
                return found
        if self.turn_limit is not None and state.turn >= self.turn_limit:
            return self.now(state) or Outcome(None, EndKind.TURN_LIMIT, state.turn, f"turn limit {self.turn_limit} reached")
        if state.turn >= self.cap:
            return Outcome(None, EndKind.ENGINE_CAP, state.turn, f"no victory after {self.cap} turns (the engine's cap)")
        return None

