"""Chance sampled, and a game's log: its lines, written, read back and replayed.

A game's log is JSON lines, one per action: who acted (a side or "chance"),
the action, and for chance events what the roll was for. Replaying the actions
from the same start gives the same game, whatever random number library chose
them. The players, and the loop that plays a game out with them, are
:mod:`tcforge.agents.playout`'s.
"""
from __future__ import annotations

import json
import random
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, TextIO

from tcforge.engine.state import Action, GameState


def sample_chance(state: GameState, rng: random.Random) -> Action:
    """The outcome of the pending chance event, drawn from ``rng`` by the outcomes' probabilities (one draw)."""
    outcomes = state.chance_outcomes()
    if len(outcomes) == 10:  # a die: equally likely outcomes
        return outcomes[rng.randrange(10)][0]
    pick = rng.random()
    total = 0.0
    for action, p in outcomes:
        total += p
        if pick < total:
            return action
    return outcomes[-1][0]


@dataclass
class LogLine:
    turn: int
    actor: str
    action: list[Any]
    about: str = ""

    def to_json(self) -> str:
        return json.dumps({"turn": self.turn, "actor": self.actor, "action": self.action, "about": self.about})


def write_log(lines: Iterable[LogLine], handle: TextIO) -> None:
    for line in lines:
        handle.write(line.to_json() + "\n")


def read_log(handle: TextIO) -> list[LogLine]:
    out = []
    for text in handle:
        if text.strip():
            raw = json.loads(text)
            out.append(LogLine(raw["turn"], raw["actor"], raw["action"], raw.get("about", "")))
    return out


def replay(state: GameState, lines: Iterable[LogLine]) -> GameState:
    """Apply a log's actions, checked, to a fresh start; raises IllegalActionError on a divergent log."""
    for line in lines:
        state.apply_checked(line.action)
    return state
