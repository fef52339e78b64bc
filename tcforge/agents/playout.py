"""What every player shares: the one :data:`Policy` type, the uniform random player, and the one playout loop.

A player is a :data:`Policy`: a callable ``(state, rng) -> action`` returning one of ``state.legal_actions()``
for the side to move. Every game a player takes part in, a whole logged game (:func:`play`) as well as a search
player's playouts (:mod:`tcforge.agents.search`), runs :func:`run`: while the game is not over, when chance is to
act the engine's sampler (:func:`tcforge.engine.replay.sample_chance`) draws the outcome, otherwise the policy of
the side to move chooses, both drawing from the one generator passed in. The order of the draws is therefore
the order of the actions, and the same seed gives the same game.

The log's lines and reading a log back belong to the engine (:mod:`tcforge.engine.replay`: the log is the
game's, whoever chose the actions).
"""
from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from tcforge.engine.replay import LogLine, sample_chance
from tcforge.engine.state import CHANCE, Action, GameState

__all__ = ["Playout", "Policy", "next_action", "play", "random_policy", "run"]

Policy = Callable[[GameState, random.Random], Action]
"""A player: the action it plays for the side to move in ``state``, drawing any randomness from ``rng``."""

MAX_ACTIONS = 200_000  # a game that has not ended after this many actions stops (a whole game is a few hundred)


def random_policy(state: GameState, rng: random.Random) -> Action:
    """Uniform over the legal actions."""
    actions = state.legal_actions()
    return actions[rng.randrange(len(actions))]


def next_action(state: GameState, policies: Sequence[Policy], rng: random.Random) -> Action:
    """The next action of a game that is not over: chance's outcome sampled when chance is to act, else the choice
    of the side to move's policy (``policies[side]``), both drawn from ``rng``."""
    player = state.current_player()
    return sample_chance(state, rng) if player == CHANCE else policies[player](state, rng)


def run(state: GameState, policies: Sequence[Policy], rng: random.Random, *, max_actions: int = MAX_ACTIONS,
        stop: Callable[[GameState, int], bool] | None = None,
        chosen: Callable[[GameState, int, Action], None] | None = None,
        applied: Callable[[GameState], None] | None = None) -> int:
    """Play ``state`` on, in place: chance sampled, each side's decision by its policy, until the game is over,
    ``max_actions`` actions (chance's included) have been applied, or ``stop(state, side)``, asked before each
    decision of a side, says so (chance is never stopped). ``chosen(state, player, action)`` sees each action before
    it is applied (``player`` is the side or ``CHANCE``), ``applied(state)`` the state after it. Returns the number
    of actions applied."""
    done = 0
    for _ in range(max_actions):
        player = state.current_player()
        if player == CHANCE:
            action = sample_chance(state, rng)
        elif player < 0:  # over
            break
        else:
            if stop is not None and stop(state, player):
                break
            action = policies[player](state, rng)
        if chosen is not None:
            chosen(state, player, action)
        state.apply_action(action)
        done += 1
        if applied is not None:
            applied(state)
    return done


@dataclass
class Playout:
    """A game played out: its final state and, when recorded, the log of every action."""

    state: GameState
    log: list[LogLine] = field(default_factory=list)


def play(state: GameState, policies: tuple[Policy, Policy], rng: random.Random, *, max_actions: int = MAX_ACTIONS,
         record: bool = True, on_action: Callable[[GameState], None] | None = None,
         about: Callable[[GameState], str] | None = None) -> Playout:
    """Play until the game ends (or ``max_actions``), logging every action when ``record``: who acted (a side or
    "chance"), the action, and for chance what the roll was for, in the words ``about`` gives
    (:func:`tcforge.play.wording.about` for a game log; the players have no words of their own, so without it the
    line says nothing). ``on_action`` sees the state after each action."""
    result = Playout(state)

    def log(at: GameState, player: int, action: Action) -> None:
        if player == CHANCE:
            result.log.append(LogLine(at.turn, "chance", list(action), about(at) if about is not None else ""))
        else:
            result.log.append(LogLine(at.turn, f"side {player}", list(action), ""))

    run(state, policies, rng, max_actions=max_actions, chosen=log if record else None, applied=on_action)
    return result
