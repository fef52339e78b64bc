"""Playing games out: policies choose, chance is sampled, and every step is logged.

A game's log is JSON lines, one per action: who acted (a side or "chance"),
the action, and for chance events what the roll was for. Replaying the actions
from the same start gives the same game, whatever random number library chose
them.
"""
from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, TextIO

from tcforge.engine.state import CHANCE, Action, GameState

Policy = Callable[[GameState, random.Random], Action]


def random_policy(state: GameState, rng: random.Random) -> Action:
    """Uniform over the legal actions."""
    actions = state.legal_actions()
    return actions[rng.randrange(len(actions))]


def sample_chance(state: GameState, rng: random.Random) -> Action:
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


@dataclass
class Playout:
    state: GameState
    log: list[LogLine] = field(default_factory=list)


def play(state: GameState, policies: tuple[Policy, Policy], rng: random.Random, *, max_actions: int = 200_000,
         record: bool = True, on_action: Callable[[GameState], None] | None = None) -> Playout:
    """Play until the game ends (or ``max_actions``), logging every action when ``record``."""
    result = Playout(state)
    for _ in range(max_actions):
        player = state.current_player()
        if player < 0 and player != CHANCE:
            break
        if player == CHANCE:
            about = state.roll_label() if record else ""
            action = sample_chance(state, rng)
            actor = "chance"
        else:
            about = ""
            action = policies[player](state, rng)
            actor = f"side {player}"
        if record:
            result.log.append(LogLine(state.turn, actor, list(action), about))
        state.apply_action(action)
        if on_action is not None:
            on_action(state)
    return result


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
        state.apply_checked(tuple(line.action))
    return state
