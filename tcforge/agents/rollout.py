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

A playout (:func:`.search.play_out`) is worth its result (1 won, 0 drawn, -1 lost) plus a shaping term
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
from dataclasses import dataclass, field

from tcforge.agents.greedy import free_play, greedy_policy, play_candidates
from tcforge.agents.search import Key, keyed, paired_best, paired_rounds, play_out
from tcforge.agents.spec import MAX_SEED, AgentSpec
from tcforge.engine.context import Phase
from tcforge.engine.observation import determinize
from tcforge.engine.state import Action, GameState

DEFAULT_PLAYOUTS = 48


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
        if len(actions) == 1 or state.ctx.window is not None or state.phase != Phase.PLAY:
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
        seen: set[Key] = set()
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

