"""Statistics a designer can act on: paired differences, a fitted win rate against a lever, who moved first, and
the turn a game is decided.

- :func:`paired` compares two ways of playing a scenario on the same seeds (game i of each has the same seed, as
  balance, sweep and tune play them): the difference of the win rates with Newcombe's interval for paired
  proportions (method 10 of Newcombe 1998, Wilson intervals combined with the correlation of the pairs) and the
  exact McNemar test on the discordant pairs. Two overlapping intervals of the separate rates say little: the
  pairs share their set-ups and dice, so their difference is known much better than either rate.
- :func:`fit_logistic` fits P(win) = 1 / (1 + exp(-(a + b x))) by iteratively reweighted least squares (numpy;
  statsmodels is not a dependency) with the covariance of (a, b) from the Fisher information, and
  :meth:`Logistic.crossing` gives the lever value for a target rate with Fieller's interval, which is honest when
  the slope is weak: unbounded, or the whole line, when the games do not pin the value.
- :func:`first_player` splits the wins by the side that moved first (scenarios whose initiative is rolled).
- :func:`lead_curve` gives, turn by turn, how often the side ahead on the position's evaluation goes on to win, and
  the turn from which it does in at least :data:`DECIDED` of the games.
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from tcforge.analysis.balance import wilson
from tcforge.play.games import GameResult

Z95 = 1.959963984540054
DECIDED = 0.9  # the leader at a turn wins this share of the games from then on: the result is decided


# ------------------------------------------------------------------ paired differences


@dataclass(frozen=True)
class Paired:
    """Rate of B less rate of A over n paired games, with its 95 % interval and McNemar's exact p."""

    n: int
    rate_a: float
    rate_b: float
    low: float
    high: float
    only_a: int  # pairs where A won and B did not
    only_b: int
    p_value: float

    @property
    def difference(self) -> float:
        return self.rate_b - self.rate_a

    @property
    def significant(self) -> bool:
        return self.low > 0 or self.high < 0

    def render(self, unit: str = "points") -> str:
        """The difference and its interval, the judgement by the interval alone, then McNemar's test as information
        (it may disagree near the edge: it does not overrule the interval).

        >>> print(Paired(40, 0.2, 0.35, 0.01, 0.3, 1, 7, 0.0703).render().replace(" (McNemar", "\\n(McNemar"))
        +15.0 points (95 % +1.0 to +30.0) over 40 paired games: the 95 % interval excludes 0, so it moves the result
        (McNemar's exact test, for information: p = 0.0703, 1 v 7 discordant)
        """
        verdict = ("the 95 % interval excludes 0, so it moves the result" if self.significant else
                   "the 95 % interval includes 0: these games do not show that it changes the result")
        return (f"{self.difference * 100:+.1f} {unit} (95 % {self.low * 100:+.1f} to {self.high * 100:+.1f}) over {self.n} "
                f"paired games: {verdict} (McNemar's exact test, for information: p = {self.p_value:.3g}, "
                f"{self.only_a} v {self.only_b} discordant)")

    def to_json(self) -> dict[str, Any]:
        return {"games": self.n, "rate_a": self.rate_a, "rate_b": self.rate_b, "difference": self.difference,
                "interval95": [self.low, self.high], "discordant": [self.only_a, self.only_b], "mcnemar_p": self.p_value,
                "significant": self.significant}


def paired(a: Sequence[bool], b: Sequence[bool], z: float = Z95) -> Paired:
    """B's rate less A's over the pairs (a[i], b[i]), Newcombe's method 10 interval.

    >>> r = paired([True] * 30 + [False] * 70, [True] * 30 + [True] * 10 + [False] * 60)
    >>> round(r.difference, 2), round(r.low, 3), round(r.high, 3), r.only_a, r.only_b
    (0.1, 0.038, 0.162, 0, 10)
    """
    n = min(len(a), len(b))
    if n == 0:
        return Paired(0, 0.0, 0.0, -1.0, 1.0, 0, 0, 1.0)
    both = sum(1 for i in range(n) if a[i] and b[i])
    only_a = sum(1 for i in range(n) if a[i] and not b[i])
    only_b = sum(1 for i in range(n) if b[i] and not a[i])
    neither = n - both - only_a - only_b
    pa, pb = (both + only_a) / n, (both + only_b) / n
    la, ua = wilson(both + only_a, n, z)
    lb, ub = wilson(both + only_b, n, z)
    # phi: the correlation of the pairs, its numerator set to 0 when it is negative only through the continuity
    denominator = (both + only_a) * (neither + only_b) * (both + only_b) * (neither + only_a)
    if denominator == 0:
        phi = 0.0
    else:
        cross = both * neither - only_a * only_b
        numerator = max(abs(cross) - n / 2, 0) if cross > 0 else cross
        phi = numerator / math.sqrt(denominator)
    d = pb - pa
    low = d - math.sqrt(max((pb - lb) ** 2 - 2 * phi * (pb - lb) * (ua - pa) + (ua - pa) ** 2, 0.0))
    high = d + math.sqrt(max((ub - pb) ** 2 - 2 * phi * (ub - pb) * (pa - la) + (pa - la) ** 2, 0.0))
    return Paired(n, pa, pb, max(-1.0, low), min(1.0, high), only_a, only_b, mcnemar(only_a, only_b))


def mcnemar(only_a: int, only_b: int) -> float:
    """Two-sided exact McNemar p: the discordant pairs as a fair coin's tosses.

    >>> round(mcnemar(0, 10), 4), mcnemar(5, 5)
    (0.002, 1.0)
    """
    m = only_a + only_b
    if m == 0:
        return 1.0
    k = min(only_a, only_b)
    tail = sum(math.comb(m, i) for i in range(k + 1)) / 2 ** m
    return min(1.0, 2 * tail)


def wins_of(results: Sequence[GameResult], side: str) -> dict[int, bool]:
    """Game seed -> whether ``side`` won it (the pairing key of two runs on the same seeds)."""
    return {r.seed: r.winner == side for r in results}


def paired_results(base: Sequence[GameResult], other: Sequence[GameResult], side: str) -> Paired:
    """``side``'s rate in ``other`` less its rate in ``base``, over the seeds both played."""
    a, b = wins_of(base, side), wins_of(other, side)
    seeds = [s for s in a if s in b]
    return paired([a[s] for s in seeds], [b[s] for s in seeds])


# ------------------------------------------------------------------ the win rate against a lever


@dataclass(frozen=True)
class Crossing:
    """The lever value where the fitted rate meets the target, and Fieller's 95 % interval of it: (low, high) when
    bounded; ``unbounded`` when the games do not pin the value (a slope not surely different from zero)."""

    value: float | None
    low: float | None
    high: float | None
    bounded: bool


@dataclass(frozen=True)
class Logistic:
    a: float
    b: float
    cov: tuple[tuple[float, float], tuple[float, float]]
    n: int

    def rate(self, x: float) -> float:
        return 1 / (1 + math.exp(-(self.a + self.b * x)))

    def rate_interval(self, x: float, z: float = Z95) -> tuple[float, float]:
        eta = self.a + self.b * x
        var = self.cov[0][0] + 2 * x * self.cov[0][1] + x * x * self.cov[1][1]
        half = z * math.sqrt(max(var, 0.0))
        return 1 / (1 + math.exp(-(eta - half))), 1 / (1 + math.exp(-(eta + half)))

    @property
    def slope_se(self) -> float:
        return math.sqrt(max(self.cov[1][1], 0.0))

    def crossing(self, target: float, z: float = Z95) -> Crossing:
        """Where a + b x = logit(target), with Fieller's interval: the x where the line's 95 % band holds the target.

        >>> fit = Logistic(-5.0, 0.5, ((0.25, -0.02), (-0.02, 0.002)), 400)
        >>> c = fit.crossing(0.5)
        >>> round(c.value, 2), round(c.low, 2), round(c.high, 2), c.bounded
        (10.0, 9.11, 10.89, True)
        """
        c = math.log(target / (1 - target))
        (vaa, vab), (_, vbb) = self.cov
        value = (c - self.a) / self.b if self.b != 0 else None
        # (a - c + b x)^2 <= z^2 (vaa + 2 x vab + x^2 vbb): A x^2 + B x + C <= 0
        a2 = self.b * self.b - z * z * vbb
        b2 = 2 * ((self.a - c) * self.b - z * z * vab)
        c2 = (self.a - c) ** 2 - z * z * vaa
        if a2 <= 0:
            return Crossing(value, None, None, False)
        disc = b2 * b2 - 4 * a2 * c2
        if disc < 0:
            return Crossing(value, None, None, False)
        root = math.sqrt(disc)
        return Crossing(value, (-b2 - root) / (2 * a2), (-b2 + root) / (2 * a2), True)

    def to_json(self) -> dict[str, Any]:
        return {"intercept": self.a, "slope": self.b, "covariance": [list(r) for r in self.cov], "games": self.n}


class FitError(ValueError):
    """No logistic line fits (all games won, or all lost, or one value of the lever)."""


def fit_logistic(xs: Sequence[float], ys: Sequence[bool], iterations: int = 50) -> Logistic:
    """The maximum-likelihood logistic line of ys against xs (IRLS), with a small ridge that keeps a perfect
    separation finite.

    >>> fit = fit_logistic([0] * 10 + [1] * 10 + [2] * 10, [True] * 2 + [False] * 8 + [True] * 5 + [False] * 5 + [True] * 8 + [False] * 2)
    >>> round(fit.a, 2), round(fit.b, 2), round(fit.crossing(0.5).value, 2)
    (-1.39, 1.39, 1.0)
    """
    import numpy as np
    x = np.asarray(xs, dtype=float)
    y = np.asarray(ys, dtype=float)
    if len(x) < 2 or len(set(x.tolist())) < 2:
        raise FitError("the games were played at one value of the lever: a line needs two")
    centre = float(x.mean())
    scale = float(x.std()) or 1.0
    design = np.column_stack([np.ones_like(x), (x - centre) / scale])
    beta = np.zeros(2)
    ridge = np.diag([0.0, 1e-6])
    for _ in range(iterations):
        eta = design @ beta
        p = 1 / (1 + np.exp(-eta))
        w = np.clip(p * (1 - p), 1e-9, None)
        info = design.T @ (design * w[:, None]) + ridge
        step = np.linalg.solve(info, design.T @ (y - p) - ridge @ beta)
        beta = beta + step
        if float(np.max(np.abs(step))) < 1e-10:
            break
    p = 1 / (1 + np.exp(-(design @ beta)))
    info = design.T @ (design * np.clip(p * (1 - p), 1e-9, None)[:, None]) + ridge
    cov_s = np.linalg.inv(info)
    # back to the lever's own scale: a = b0 - b1 c / s, b = b1 / s
    t = np.array([[1.0, -centre / scale], [0.0, 1.0 / scale]])
    coef = t @ beta
    cov = t @ cov_s @ t.T
    return Logistic(float(coef[0]), float(coef[1]), ((float(cov[0, 0]), float(cov[0, 1])), (float(cov[1, 0]), float(cov[1, 1]))),
                    len(x))


# ------------------------------------------------------------------ who moved first, and when it is decided


@dataclass
class FirstPlayer:
    """Wins split by the side that moved first: each side's win rate when it moved first and when it did not, and
    the first mover's advantage (its rate less one half over the games decided by someone)."""

    games: int
    by_first: dict[str, dict[str, int]] = field(default_factory=dict)  # first side -> winner (or "none") -> games
    first_wins: int = 0
    decided: int = 0

    @property
    def rate(self) -> float:
        return self.first_wins / self.decided if self.decided else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.first_wins, self.decided)

    def render(self) -> str:
        lo, hi = self.interval
        parts = [f"{first} first in {sum(w.values())}: " + ", ".join(f"{k} {v}" for k, v in sorted(w.items()))
                 for first, w in sorted(self.by_first.items())]
        return (f"first player wins {self.first_wins} of {self.decided} decided games = {self.rate:.1%} (95 % {lo:.1%}-{hi:.1%}); "
                + "; ".join(parts))

    def to_json(self) -> dict[str, Any]:
        return {"games": self.games, "decided": self.decided, "first_player_wins": self.first_wins,
                "first_player_win_rate": self.rate, "interval95": list(self.interval), "by_first": self.by_first}


def first_player(results: Sequence[GameResult]) -> FirstPlayer | None:
    """The split, or None when the results do not say who moved first (kept from before the field existed)."""
    known = [r for r in results if r.first]
    if not known:
        return None
    out = FirstPlayer(len(known))
    for r in known:
        row = out.by_first.setdefault(str(r.first), {})
        key = r.winner or "none"
        row[key] = row.get(key, 0) + 1
        if r.winner is not None:
            out.decided += 1
            out.first_wins += r.winner == r.first
    return out


@dataclass
class LeadCurve:
    """Turn by turn (the end of each game turn): the mean evaluation for ``side`` (-1 to 1) over the games still
    running, and the share of them whose eventual winner leads then; ``decided``: the first turn from which the
    leader wins at least :data:`DECIDED` of the games at every later turn (None: never)."""

    side: str
    turns: list[int]
    mean: list[float]
    leader_wins: list[float]
    running: list[int]
    decided: int | None

    def to_json(self) -> dict[str, Any]:
        return {"side": self.side, "turns": self.turns, "mean_evaluation": self.mean, "leader_wins": self.leader_wins,
                "games_running": self.running, "decided_turn": self.decided, "decided_means": DECIDED}

    def render(self) -> str:
        if not self.turns:
            return "no turn-by-turn evaluation kept (games played before tcforge recorded it)"
        rule = f"decided: the first turn after which the side ahead wins {DECIDED:.0%} of the games or more"
        when = (f"decided by turn {self.decided} ({rule})" if self.decided
                else f"not decided before the end (no turn after which the side ahead wins {DECIDED:.0%} or more)")
        return (f"the side ahead on the evaluation at a turn's end wins {', '.join(f'{x:.0%}' for x in self.leader_wins)} "
                f"(turns {self.turns[0]}-{self.turns[-1]}); {when}")


def lead_curve(results: Sequence[GameResult], side: str, sides: Sequence[str]) -> LeadCurve:
    """The curve over the games that carry a per-turn evaluation (:attr:`GameResult.lead`, for the first side)."""
    sign = 1.0 if side == sides[0] else -1.0
    games = [r for r in results if r.lead and r.winner is not None]
    longest = max((len(r.lead) for r in games), default=0)
    turns, mean, right, running = [], [], [], []
    for t in range(longest):
        alive = [r for r in games if len(r.lead) > t]
        if len(alive) < max(3, len(games) // 4):  # the last turns of the few longest games say little
            break
        values = [sign * r.lead[t] for r in alive]
        turns.append(t + 1)
        mean.append(round(sum(values) / len(values), 4))
        hits = sum(1 for r in alive if (r.lead[t] > 0) == (r.winner == sides[0]) and r.lead[t] != 0)
        right.append(round(hits / len(alive), 4))
        running.append(len(alive))
    decided = None
    for i in range(len(turns)):
        if all(x >= DECIDED for x in right[i:]):
            decided = turns[i]
            break
    return LeadCurve(side, turns, mean, right, running, decided)
