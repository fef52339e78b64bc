"""Set-ups chosen by hand for the tests: the owner's placements (Place, Assign) of a game's first actions.

Since the owners place their set-up zones' cards (tcforge.engine.placing), a test that needs cards on known
positions lays them out itself, as a player would. :data:`HILL_621_SEED_1` is the layout the tests' positions were
written for (the Soviet squads of Hill 621 where the seed-1 games of earlier versions had them).
"""
from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from tcforge.agents.greedy import greedy_policy, place
from tcforge.agents.playout import play
from tcforge.engine.actions import Assign, Place
from tcforge.engine.replay import LogLine
from tcforge.engine.state import GameState
from tcforge.play.setup import setup, start
from tcforge.play.wording import about

# the German HMG and Panzerschrecks on the three squads of the Woods, then the fourteen Soviet squads on Russian rank 2,
# then the two Soviet HMGs on squads 15 and 16
HILL_621_SEED_1: list[Any] = [
    Assign(3, 0), Assign(4, 1), Assign(5, 2),
    *(Place(12 + i, pos) for i, pos in enumerate((32, 30, 32, 35, 35, 32, 31, 31, 34, 35, 33, 34, 31, 30))),
    Assign(26, 15), Assign(27, 16),
]


def lay_out(state: GameState, layout: list[Any]) -> list[LogLine]:
    """Apply the set-up choices ``layout`` (checked), as its owners' log lines."""
    lines = []
    for action in layout:
        lines.append(LogLine(state.turn, f"side {state.current_player()}", list(action)))
        state.apply_checked(action)
    assert state.phase != "deploy", "the layout leaves cards to place"
    return lines


def laid_out(sc: Any, seed: int = 1, layout: list[Any] | None = None) -> GameState:
    """The scenario's start with ``layout`` (Hill 621's seed-1 layout by default) already placed."""
    state = start(sc, setup(sc, seed))
    lay_out(state, HILL_621_SEED_1 if layout is None else layout)
    return state


def greedy_log(sc: Any, seed: int = 1, layout: list[Any] | None = None) -> list[LogLine]:
    """A greedy game's log from the laid-out start: the layout's lines, then the game's (dice and ties drawn from
    ``random.Random(seed)``, as ``play_game`` draws them)."""
    state = start(sc, setup(sc, seed))
    lines = lay_out(state, HILL_621_SEED_1 if layout is None else layout)
    result = play(state, (greedy_policy, greedy_policy), random.Random(seed), record=True, about=about)
    return lines + result.log


def idle_until(state: GameState, stop: Callable[[GameState], bool]) -> GameState:
    """Play on where both sides only pass and end their plays, their cards placed by greedy's rules of thumb (set-up
    and arrivals are the owners' choices), until ``stop(state)``."""
    while not stop(state):
        legal = state.legal_actions()
        if state.phase in ("deploy", "arrive") and state.current_player() >= 0:
            state.apply_checked(place(state, legal))
            continue
        for wanted in (("pass",), ("end",)):
            if wanted in legal:
                state.apply_checked(wanted)
                break
        else:
            state.apply_checked(legal[0])
    return state
