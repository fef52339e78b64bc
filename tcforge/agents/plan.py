"""A search player over whole turns: seeded turn plans, each played out on dealt positions, the best one kept.

The playout player of :mod:`.rollout` weighs single plays, and leaves every
step, target and card of a move to the greedy player, though a turn is won or
lost by how its plays fit together (which stack moves, where it stops, what
fires first). This player weighs whole turns instead, as a search over a small
family of turn policies (rollout over policies, after Bertsekas):

- at the first decision of its turn it draws ``k`` *plans*: plan 0 is the
  greedy player; plan ``i`` is the greedy player whose every decision of this
  turn (plays, moves, steps, picks, targets) is, with probability ``eps``,
  replaced by a legal alternative drawn by the plan's own seeded generator.
  A plan is a fixed policy (its seed fixes every deviation), so the turn the
  player follows is the policy its playouts measured;
- each plan plays the rest of the turn, then the greedy player plays both
  sides until ``horizon`` half-turns, this one included, are over (0: to the
  end of the game); the position is then scored by the heuristic of
  :mod:`.evaluate`, or, when the game ended first, as
  :func:`.search.playout_value` scores a result;
- every plan is played out on the same positions dealt by
  :func:`~tcforge.engine.observation.determinize` with the same dice (common
  random numbers), ``budget / k`` times, so plans are compared paired, on the
  same luck; the plan with the best paired gain over greedy's (its lower bound
  ``z`` standard errors below the mean must be above zero; ``z`` 0: the best
  mean) is followed for the rest of the turn;
- with ``lead``, the confidence a departure needs depends on how the side
  stands: before the plans, ``standing`` games are played out from dealt
  positions to the end by the greedy player on both sides, and while the side
  wins more than half of them it needs ``lead`` (a side that wins anyway should
  not stake its game on a noisy measurement), else ``z`` (a side that loses
  anyway loses little by a gamble). Measured on Kursk: the best mean (``z`` 0)
  makes greedy's Soviet stronger and its German weaker; ``z`` 1 keeps both as
  greedy plays them (README, issue 13). ``lead=1`` still left greedy's plan in
  a quarter of a leading German's turns there, on the best of seven noisy
  gains (the winner's curse); ``lead=inf`` never does, and then plays no plan
  out at all while the side leads, only the standing games.

Decisions outside the side's own turn (reactions, melee answers) are greedy's.
It never reads the hidden cards: playouts start from dealt positions, and a
plan's deviations depend only on its seed and the legal actions.

Options (``plan:64:k=8,eps=0.1,z=0,horizon=4,shape=0.3``, the defaults;
``plan:2s`` for a time budget a turn): ``k`` plans, ``eps`` the share of a
plan's decisions that deviate, ``z`` the confidence a departure from greedy
needs, ``horizon`` the half-turns played out before scoring (this one
included), ``shape`` the weight of the shaping term of a finished playout;
``lead`` (unset: ``z`` always; ``inf``: never) the confidence a departure needs while the side
leads, judged on ``standing`` (8) playouts to the end; ``from`` (1) the first
game turn searched: before it the player is the greedy player, choice for choice
on the game's own random numbers, so the game is greedy's own until then. Where
a given turn decides (Hill 621, 20.0) ``plan:128:from=12,horizon=0,lead=1``
spends the whole budget on the last turns, each plan played to the end.
"""
from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field

from tcforge.agents.greedy import greedy_policy, play_candidates
from tcforge.agents.search import paired_best, paired_rounds, play_out
from tcforge.agents.spec import MAX_SEED, AgentSpec
from tcforge.engine.context import Phase
from tcforge.engine.observation import determinize
from tcforge.engine.state import Action, GameState

DEFAULT_BUDGET = 64  # playouts a turn
DEVIATING_PHASES = ("play", "move", "fire")  # where a plan may leave greedy's choice (melee targets and discards stay greedy's)


class TurnPlan:
    """A deterministic policy for one turn: greedy, except that a share ``eps`` of its decisions (drawn by its own
    seeded generator) take a legal alternative. Plan 0 (``eps`` 0) is the greedy player."""

    def __init__(self, seed: int, eps: float):
        self.seed = seed
        self.eps = eps
        self._noise = random.Random(seed)
        self._ties = random.Random(seed ^ 0x5EED)  # greedy's tie-breaks, fixed by the plan too

    def __call__(self, state: GameState) -> Action:
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        if self.eps and state.ctx.window is None and state.phase in DEVIATING_PHASES and self._noise.random() < self.eps:
            # in the play phase, the plays greedy can weigh (ending the turn among them); elsewhere any legal choice
            pool = [a for _, a in play_candidates(state, actions)] if state.phase == Phase.PLAY else actions
            if pool:
                return pool[self._noise.randrange(len(pool))]
        return greedy_policy(state, self._ties)


@dataclass
class PlanStats:
    """What the last turn's search did: playouts, seconds, each plan's mean value for the side (plan 0 greedy's),
    and the index of the plan followed."""

    playouts: int = 0
    seconds: float = 0.0
    means: list[float] = field(default_factory=list)
    chosen: int = 0
    standing: float | None = None  # the side's score in the standing playouts (with ``lead`` only)
    z: float = 0.0  # the confidence the chosen departure needed


class PlanAgent:
    """The turn-plan search player of one side for one game; :attr:`last` keeps the last turn's figures and
    :attr:`turns` how many turns it searched and how many of them it left greedy's plan."""

    def __init__(self, spec: AgentSpec):
        spec.check_options({"eps", "from", "horizon", "k", "lead", "seed", "shape", "standing", "z"})
        self.spec = spec
        self.budget = spec.iterations if spec.iterations is not None or spec.seconds is not None else DEFAULT_BUDGET
        self.seconds = spec.seconds
        self.k = int(spec.number("k", 8, 2, 64, whole=True))
        self.eps = spec.number("eps", 0.1, 0, 1, open_least=True)
        self.z = spec.number("z", 0.0, 0, math.inf)  # inf: never leave greedy's plan
        self.horizon = int(spec.number("horizon", 4, 0, 1000, whole=True))
        self.shape = spec.number("shape", 0.3, 0, 1, open_most=True)
        self.seed = int(spec.number("seed", 0, 0, MAX_SEED, whole=True))
        self.lead = spec.number("lead", math.nan, 0, math.inf) if "lead" in spec.options else None
        self.standing = int(spec.number("standing", 8, 1, 1000, whole=True))
        self.first_turn = int(spec.number("from", 1, 1, 1000, whole=True))
        self.last = PlanStats()
        self.turns = [0, 0]  # turns searched, turns a plan other than greedy's was followed
        self._turn: tuple[int, int] | None = None
        self._plan: TurnPlan | None = None

    def __call__(self, state: GameState, rng: random.Random) -> Action:
        side = state.current_player()
        turn = (state.turn, state.active)
        own = state.active == side and state.ctx.window is None
        if own and state.phase == Phase.PLAY and turn != self._turn and state.turn >= self.first_turn:
            self._turn = turn
            self._plan = self._search(state, side, random.Random(rng.getrandbits(64) ^ self.seed))
        if own and self._plan is not None and turn == self._turn:
            action = self._plan(state)
            if action in state.legal_actions():
                return action
        return greedy_policy(state, rng)

    def _search(self, state: GameState, side: int, rng: random.Random) -> TurnPlan:
        start = time.perf_counter()
        standing, z = None, self.z
        if self.lead is not None:
            standing = self._standing(state, side, rng)
            z = self.lead if standing > 0.5 else self.z
        seeds = [rng.getrandbits(64) for _ in range(self.k)]
        if math.isinf(z):
            # no gain can be sure past infinite confidence, so no playout could move the choice from greedy's plan:
            # spend none (the same plan, and the same generator draws, as playing them out and keeping plan 0)
            self.last = PlanStats(0, time.perf_counter() - start, [], 0, standing, z)
            self.turns[0] += 1
            return TurnPlan(seeds[0], 0.0)
        turn = (state.turn, state.active)
        values: list[list[float]] = [[] for _ in seeds]
        for _ in paired_rounds(self.budget, self.seconds, self.k):
            deal = rng.getrandbits(64)
            for i, (seed, row) in enumerate(zip(seeds, values, strict=True)):
                chance = random.Random(deal)  # the same deal and dice for every plan
                world = determinize(state, side, chance)
                row.append(self._playout(world, side, chance, TurnPlan(seed, self.eps if i else 0.0), turn))
        done = len(values[0])
        best = paired_best(values, z)
        self.last = PlanStats(done * self.k, time.perf_counter() - start, [sum(row) / done for row in values], best,
                              standing, z)
        self.turns[0] += 1
        self.turns[1] += best != 0
        return TurnPlan(seeds[best], self.eps if best else 0.0)

    def _standing(self, state: GameState, side: int, rng: random.Random) -> float:
        """How the side stands: its score (a win 1, a draw 1/2) over games played to the end from dealt positions by
        the greedy player on both sides."""
        score = 0.0
        for _ in range(self.standing):
            chance = random.Random(rng.getrandbits(64))
            world = determinize(state, side, chance)
            play_out(world, side, chance, 0, 0.0)
            outcome = world.outcome
            if outcome is not None:
                score += 0.5 if outcome.winner is None else float(outcome.winner == side)
        return score / self.standing

    def _playout(self, world: GameState, side: int, rng: random.Random, plan: TurnPlan, turn: tuple[int, int]) -> float:
        def planned(w: GameState, r: random.Random) -> Action:  # the side's plan for the rest of this turn, then greedy
            return plan(w) if (w.turn, w.active) == turn and w.ctx.window is None else greedy_policy(w, r)
        policies = (planned, greedy_policy) if side == 0 else (greedy_policy, planned)
        return play_out(world, side, rng, self.horizon, self.shape, policies)
