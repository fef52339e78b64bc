"""What the search players share: the key a choice is filed under, the playout and its value, the paired
comparison of candidates on the same luck, and a search's own stream of random numbers.

The playout search (:mod:`.rollout`), the turn-plan search (:mod:`.plan`), the lookahead (:mod:`.lookahead`) and the
planner (:mod:`.planner`) play positions dealt by :func:`~tcforge.engine.observation.determinize` out with
:func:`play_out` (the players' one loop, :func:`tcforge.agents.playout.run`, the greedy player on both sides unless
told otherwise), score them with :func:`playout_value`, and keep a departure from their base player's choice only
when :func:`paired_best` finds its paired gain sure enough. The lookahead and the planner deal from
:func:`own_stream`, so that keeping the base player's choice leaves the game as the base player plays it. None
imports another.
"""
from __future__ import annotations

import math
import random
import time
from collections.abc import Iterator, Sequence
from typing import Any

from tcforge.agents.evaluate import heuristic
from tcforge.agents.greedy import goals, greedy_policy
from tcforge.agents.playout import Policy, run
from tcforge.bounds import check_time
from tcforge.engine.actions import Discard, Equip, Fortify, Interrupt, Pick, PlayCard
from tcforge.engine.board import RESERVE
from tcforge.engine.state import Action, GameState

HAND_TYPES = (Interrupt, PlayCard, Fortify, Equip, Discard, Pick)  # actions naming a card (their ``card`` or ``item``)
PLAYOUT_CAP = 20_000  # actions a playout applies at most, chance's included (a whole game is a few hundred)
GREEDY: tuple[Policy, Policy] = (greedy_policy, greedy_policy)
Key = tuple[Any, ...]  # what a choice is filed under: the action, or for a card in hand the action naming its card id
# Student's t at 97.5 % by degrees of freedom, over the normal 1.96: few paired playouts estimate their spread
# badly, so with 4 of them (3 degrees of freedom) a departure needs a gain 1.6 times as sure. 30 and more: 1.
T_OVER_Z = {1: 6.48, 2: 2.19, 3: 1.62, 4: 1.42, 5: 1.31, 6: 1.25, 7: 1.20, 8: 1.17, 9: 1.15, 10: 1.14, 12: 1.11,
            15: 1.09, 20: 1.06, 25: 1.05, 30: 1.04}


def keyed(state: GameState, actions: list[Action]) -> dict[Key, Action]:
    """The actions by the key a search files them under: a card in the reserve is named by its card id, so two
    copies of one card in hand are one choice (four Smoke cards do not make four candidates), and a dealt hand
    reaches the same key as another deal holding the same kind of card. The first action of each key is kept."""
    units = state.units
    out: dict[Key, Action] = {}
    for a in actions:
        key: Key = a
        if isinstance(a, HAND_TYPES):
            unit = units[a.item if isinstance(a, Equip) else a.card]
            if unit.pos == RESERVE:
                key = (a.kind, ("card", unit.profile.card_id), *a[2:])
        if key not in out:
            out[key] = a
    return out


def play_out(world: GameState, side: int, rng: random.Random, horizon: int, shape: float,
             policies: Sequence[Policy] = GREEDY) -> float:
    """Play ``world`` on (:func:`~tcforge.agents.playout.run`: chance and every decision drawn from ``rng``, each
    side's decision by ``policies[side]``, the greedy player's by default); stop when ``horizon`` half-turns (this one
    included; 0: none) are over and score the position with the heuristic, else score the end as
    :func:`playout_value` does. The playout of every search player (rollout, plan, look, planner). Before the playout
    and each decision in it, :func:`tcforge.bounds.check_time` stops the search when the work it serves is out of
    time or its client gone (``tcforge serve``): a search stopped midway decides nothing."""
    check_time()
    half_turns, turn = 0, (world.turn, world.active)

    def over(at: GameState, player: int) -> bool:
        nonlocal half_turns, turn
        check_time()
        if (at.turn, at.active) != turn:
            turn = (at.turn, at.active)
            half_turns += 1
            return bool(horizon) and half_turns >= horizon
        return False

    run(world, policies, rng, max_actions=PLAYOUT_CAP, stop=over)
    if horizon and half_turns >= horizon:
        return heuristic(world, side)
    return playout_value(world, side, shape)


def playout_value(world: GameState, side: int, shape: float) -> float:
    """What a finished (or capped) playout is worth to ``side``: 1 won, 0 drawn, -1 lost, plus a shaping term of at
    most ``shape``: the share of its goal positions it holds (0.6) and the heuristic (0.4)."""
    targets = goals(world, side)
    held = sum(world.controls(p, side) for p in targets) / len(targets) if targets else 0.0
    shaping = shape * (0.6 * held + 0.4 * heuristic(world, side))
    outcome = world.outcome
    if outcome is None or outcome.winner is None:
        return shaping
    return (1.0 if outcome.winner == side else -1.0) + shaping


def t_over_z(df: int) -> float:
    """How much wider than the normal quantile Student's t quantile is at ``df`` degrees of freedom (the table's
    entry at or below ``df``, so never narrower than t; 1 past 30)."""
    if df > 30:
        return 1.0
    return T_OVER_Z[max(limit for limit in T_OVER_Z if limit <= max(df, 1))]


def paired_rounds(playouts: int | None, seconds: float | None, candidates: int) -> Iterator[int]:
    """The rounds of a paired search (each plays every candidate once on the same luck): ``playouts / candidates``
    of them, or with a time budget as many as ``seconds`` allow; at least 2 either way, so that a gain has a
    spread. Yields each round's number, from 1."""
    rounds = max(2, (playouts or 0) // candidates)
    start = time.perf_counter()
    done = 0
    while (done < rounds) if seconds is None else (done < 2 or time.perf_counter() - start < seconds):
        done += 1
        yield done


def paired_best(values: list[list[float]], z: float) -> int:
    """The candidate to play, given each one's playout values on the same deals and dice (candidate 0 is the
    default): the one whose paired gain over candidate 0 has the highest lower bound (mean - z standard errors,
    widened as Student's t for few rounds), if that bound is above zero; else 0. With ``z`` 0 the best mean wins."""
    rounds = len(values[0])
    best, best_bound = 0, 0.0
    for i in range(1, len(values)):
        gain = [a - b for a, b in zip(values[i], values[0], strict=True)]
        mean = sum(gain) / rounds
        spread = math.sqrt(sum((g - mean) ** 2 for g in gain) / (rounds - 1)) if rounds > 1 else math.inf
        bound = mean - z * t_over_z(rounds - 1) * spread / math.sqrt(rounds) if z else mean
        if bound > best_bound:
            best, best_bound = i, bound
    return best


def own_stream(rng: random.Random) -> random.Random:
    """The search's own generator, seeded from the game's generator's state without drawing from it. Only the state's
    integers are hashed: the hash of an int tuple is the same in every process, where that of the whole state (which
    holds None, hashed by its address before Python 3.12) is not."""
    return random.Random(hash(rng.getstate()[1]))
