"""A search player by playouts: Monte Carlo policy improvement over the greedy player, on information sets.

The greedy player looks one decision ahead; this player looks to the end of the
game, the way Tesauro and Galperin's on-line policy improvement (NIPS 1996) and
Bertsekas' rollout algorithm do. At each decision that shapes a turn (the play
phase: which position moves or fires, which card is played, drawing, ending the
turn) it takes the greedy player's choice and the greedy player's next best
plays (``k`` candidates), and plays each out to the end of the game with the
greedy player on both sides, ``budget / k`` times. Every playout starts from a
position dealt by :func:`tcforge.engine.observation.determinize` (what the side
cannot see is re-dealt, so it never reads the hidden cards), and the candidates
share their deals and dice seeds (common random numbers): the comparison is
paired, and a candidate's gain over greedy's choice is measured on the same luck.

A candidate replaces the greedy choice only when the lower end of its gain
(mean - ``z`` standard errors, widened as Student's t does for few playouts)
is above zero. With a small budget the player
therefore plays as greedy does; a larger budget lets it depart wherever the
playouts are sure, so strength grows with the budget (``tcforge scenario
ladder`` measures it). Other decisions (which cards go, each step, targets,
reactions) are the greedy player's.

A playout is worth its result (1 won, 0 drawn, -1 lost) plus a shaping term
of at most ``shape`` (0.3): how many of its victory positions the side holds at
the end, and the heuristic of :mod:`.evaluate`. Without it a side that loses
every playout (Hill 621's attacker against a sound defence) could not tell a
near miss from a rout. ``horizon`` (0: to the end) stops a playout after that
many half-turns and scores the heuristic instead, for long battles.

Options (``rollout:48:k=4,z=1.96,shape=0.3,horizon=0``, the defaults; ``rollout:2s``
for a time budget): the search draws its numbers from one generator seeded by
the game's (one draw a decision), so a game with a playout budget replays
exactly from its seed.
"""
from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from tcforge.agents.evaluate import heuristic
from tcforge.agents.greedy import free_play, goals, greedy_policy, play_candidates
from tcforge.agents.mcts import keyed
from tcforge.agents.spec import MAX_SEED, AgentSpec
from tcforge.engine.observation import determinize
from tcforge.engine.playout import sample_chance
from tcforge.engine.state import CHANCE, TERMINAL, Action, GameState

DEFAULT_PLAYOUTS = 48
# Student's t at 97.5 % by degrees of freedom, over the normal 1.96: few paired playouts estimate their spread
# badly, so with 4 of them (3 degrees of freedom) a departure needs a gain 1.6 times as sure. 30 and more: 1.
T_OVER_Z = {1: 6.48, 2: 2.19, 3: 1.62, 4: 1.42, 5: 1.31, 6: 1.25, 7: 1.20, 8: 1.17, 9: 1.15, 10: 1.14, 12: 1.11,
            15: 1.09, 20: 1.06, 25: 1.05, 30: 1.04}


def t_over_z(df: int) -> float:
    """How much wider than the normal quantile Student's t quantile is at ``df`` degrees of freedom (the table's
    entry at or below ``df``, so never narrower than t; 1 past 30)."""
    if df > 30:
        return 1.0
    return T_OVER_Z[max(limit for limit in T_OVER_Z if limit <= max(df, 1))]
PLAYOUT_CAP = 20_000  # decisions a playout makes at most (a whole game is a few hundred)


@dataclass
class PlayoutStats:
    """What the last search did: playouts, seconds, the candidates (greedy's choice first), each one's mean
    playout value for the side, and the index of the one played."""

    playouts: int = 0
    seconds: float = 0.0
    candidates: list[Action] = field(default_factory=list)
    means: list[float] = field(default_factory=list)
    chosen: int = 0


class RolloutAgent:
    """The playout search player of one side for one game; :attr:`last` keeps the last search's figures."""

    def __init__(self, spec: AgentSpec):
        spec.check_options({"horizon", "k", "seed", "shape", "z"})
        self.spec = spec
        self.playouts = spec.iterations if spec.iterations is not None or spec.seconds is not None else DEFAULT_PLAYOUTS
        self.seconds = spec.seconds
        self.k = int(spec.number("k", 4, 1, 64, whole=True))
        self.z = spec.number("z", 1.96, 0, math.inf)  # inf: never leave greedy's choice
        self.shape = spec.number("shape", 0.3, 0, 1, open_most=True)
        self.horizon = int(spec.number("horizon", 0, 0, 1000, whole=True))
        self.seed = int(spec.number("seed", 0, 0, MAX_SEED, whole=True))
        self.last = PlayoutStats()

    def __call__(self, state: GameState, rng: random.Random) -> Action:
        actions = state.legal_actions()
        if len(actions) == 1 or state.ctx.window is not None or state.phase != "play":
            return greedy_policy(state, rng)
        side = state.current_player()
        search_rng = random.Random(rng.getrandbits(64) ^ self.seed)
        # the candidates come from a dealt position, so not even greedy's scoring reads the hidden cards
        view = determinize(state, side, random.Random(search_rng.getrandbits(64)))
        forced = free_play(view, actions)
        if forced is not None:
            return forced
        candidates = self._candidates(view, actions, search_rng)
        if len(candidates) == 1 or math.isinf(self.z):
            # z=inf: no gain can pass infinite confidence, so greedy's choice (the first) stands; its playouts would
            # be played only to be thrown away (the game's own stream is not drawn from here: the same game)
            self.last = PlayoutStats(0, 0.0, candidates, [], 0)
            return candidates[0]
        start = time.perf_counter()
        values: list[list[float]] = [[] for _ in candidates]
        for _ in paired_rounds(self.playouts, self.seconds, len(candidates)):
            seed = search_rng.getrandbits(64)
            for action, row in zip(candidates, values, strict=True):
                chance = random.Random(seed)
                world = determinize(state, side, chance)
                world.apply_action(action)
                row.append(self._playout(world, side, chance))
        done = len(values[0])
        best = paired_best(values, self.z)
        self.last = PlayoutStats(done * len(candidates), time.perf_counter() - start, candidates,
                                 [sum(row) / done for row in values], best)
        return candidates[best]

    def _candidates(self, view: GameState, actions: list[Action], rng: random.Random) -> list[Action]:
        """Greedy's choice first, then its next best plays, one per :func:`keyed` key, ``k`` at most."""
        first = greedy_policy(view, random.Random(rng.getrandbits(64)))
        ranked = sorted(play_candidates(view, actions), key=lambda sa: -sa[0])
        out: list[Action] = []
        seen: set[Action] = set()
        for action in [first] + [a for _, a in ranked]:
            key = next(iter(keyed(view, [action])))
            if key in seen:
                continue
            seen.add(key)
            out.append(action)
            if len(out) >= self.k:
                break
        return out

    def _playout(self, world: GameState, side: int, rng: random.Random) -> float:
        return play_out(world, side, rng, self.horizon, self.shape)


def play_out(world: GameState, side: int, rng: random.Random, horizon: int, shape: float,
             choose: Callable[[GameState, int], Action] | None = None) -> float:
    """Play ``world`` on, chance drawn by ``rng``, each decision by ``choose(world, player)`` (default: the greedy
    player); stop when ``horizon`` half-turns (this one included; 0: none) are over and score the position with the
    heuristic, else score the end as :func:`playout_value` does. The playout of the rollout and plan searches."""
    half_turns, turn = 0, (world.turn, world.active)
    for _ in range(PLAYOUT_CAP):
        player = world.current_player()
        if player == TERMINAL:
            break
        if player == CHANCE:
            world.apply_action(sample_chance(world, rng))
            continue
        if (world.turn, world.active) != turn:
            turn = (world.turn, world.active)
            half_turns += 1
            if horizon and half_turns >= horizon:
                return heuristic(world, side)
        world.apply_action(choose(world, player) if choose is not None else greedy_policy(world, rng))
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
