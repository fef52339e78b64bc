"""How a game ended, as a value: who won, by what kind of ending, on which turn (16.0, 17.0, 20.0).

The engine and a scenario's victory hooks make an :class:`Outcome` when a game
ends; analysis reads its fields, and ``reason`` is the human text for display.
"""
from __future__ import annotations

import enum
from dataclasses import dataclass


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
