"""``tcforge scenario tune``: which value of a lever gives a side the target win rate, with its interval.

The games go where they teach most (Beau and Bakkes, CIG 2016: adjust an asymmetric game's attributes by
simulation). A first round plays a few values spread over the range; each later round fits the win rate
against the lever (:func:`tcforge.analysis.stats.fit_logistic`) and plays the two whole values around the
fitted crossing, until the game budget is spent or, with ``precision``, the win rate at both values is known
to that half-width. Every value plays games 0, 1, 2, ... of the same root seed, so the values are compared on
the same set-ups and dice (paired, :func:`tcforge.analysis.stats.paired`).

The games are kept as a sweep keeps them (:class:`tcforge.analysis.sweep.Store`, ``batches.jsonl`` in the output
folder): each round depends only on the results before it, so the same command again replays the rounds from
what is kept and plays only what is missing.
"""
from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tcforge.analysis import cluster
from tcforge.analysis.balance import wilson
from tcforge.analysis.batches import Batch, BatchResult, Cell, content_key, plan, scenario_of
from tcforge.analysis.stats import Crossing, FitError, Logistic, Paired, fit_logistic, paired_results
from tcforge.play.games import GameResult

SPREAD = 5  # values of the first round


class TuneError(ValueError):
    """A tune that cannot be played: one line, what is wrong and how to fix it."""


@dataclass
class Plan:
    scenario: str
    lever: str
    low: int
    high: int
    side: str
    agents: tuple[str, str]
    target: float = 0.5
    games: int = 400          # the budget: games over all values
    round_games: int = 20     # games a value gets in a round (a multiple of batch)
    batch: int = 10
    seed: int = 1
    precision: float | None = None
    option: str | None = None
    sides: tuple[str, ...] = ()  # the scenario's sides, north first: the lead curve's and first player's split
    allowed: tuple[int, int] | None = None  # the values the lever can take at all: an answer's interval is cut to them
    initiative: str = "roll"  # the scenario's initiative method: who moved first is split only when it is rolled

    def cell(self, value: int) -> Cell:
        return Cell(self.scenario, self.option, None, ((self.lever, value),), self.agents, self.seed)


@dataclass
class Point:
    value: int
    results: list[GameResult]
    side: str

    @property
    def games(self) -> int:
        return len(self.results)

    @property
    def wins(self) -> int:
        return sum(1 for r in self.results if r.winner == self.side)

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)

    def to_json(self) -> dict[str, Any]:
        return {"value": self.value, "games": self.games, "wins": self.wins, "win_rate": self.rate,
                "interval95": list(self.interval)}


@dataclass
class Tuned:
    plan: Plan
    points: list[Point]
    fit: Logistic | None
    crossing: Crossing | None
    rounds: int
    played_now: int
    kept_before: int
    why_stopped: str
    between: tuple[Point, Point] | None = None   # the two whole values around the target
    step: Paired | None = None                   # the second's rate less the first's, on the same seeds
    stopped: cluster.Stopped | None = None
    notes: list[str] = field(default_factory=list)

    @property
    def total(self) -> int:
        return sum(p.games for p in self.points)

    def answer(self) -> str:
        """The verdict in plain words."""
        p, side = self.plan, self.plan.side
        head = f"{p.lever}"
        c = self.crossing
        if self.fit is None or c is None or c.value is None:
            return f"{head}: no line could be fitted ({self.notes[0] if self.notes else 'too few games'})"
        if not c.bounded or c.low is None or c.high is None:
            ends = sorted(self.points, key=lambda q: q.value)
            return (f"{head}: the games do not pin a value for {side} {p.target:.0%}: across {ends[0].value}..{ends[-1].value} "
                    f"{side} wins {ends[0].rate:.0%} to {ends[-1].rate:.0%}, and the fitted slope "
                    f"({self.fit.b:+.3f} a step, standard error {self.fit.slope_se:.3f}) is not surely different from zero")
        low, high = max(c.low, -1e9), min(c.high, 1e9)
        span = f"{low:.1f} to {high:.1f}"
        if p.allowed is not None and (low < p.allowed[0] or high > p.allowed[1]):  # a value the lever cannot take
            lo, hi = max(low, p.allowed[0]), min(high, p.allowed[1])
            reach = " and ".join(w for w, out in (("below", low < p.allowed[0]), ("above", high > p.allowed[1])) if out)
            span = (f"{lo:.1f} to {hi:.1f}, reaching {reach} the range {p.lever} can take, "
                    f"{p.allowed[0]} to {p.allowed[1]}")
        if not p.low <= c.value <= p.high:  # the games do not reach the target: say so first, the line's guess after
            ends = sorted(self.points, key=lambda q: q.value)
            near = ends[0] if c.value < p.low else ends[-1]
            lo, hi = near.interval
            return (f"{head}: no value from {p.low} to {p.high} gives {side} {p.target:.0%}; the nearest, {near.value}, gives "
                    f"{near.rate:.1%} ({lo:.1%}-{hi:.1%}, {near.games} games); the fitted line would cross at "
                    f"{c.value:.1f} (95 % {span}), beyond the games")
        text = f"{head} = {c.value:.1f} gives {side} {p.target:.0%} (95 % {span})"
        if self.between is not None:
            a, b = self.between
            if b.value - a.value > 1:  # the values between were never played: say so, not "the two around it"
                missing = ", ".join(str(v) for v in range(a.value + 1, b.value))
                text += f"; {missing} {'was' if b.value - a.value == 2 else 'were'} not played (--games {p.games} spent)"
                text += (f"; the nearest values played: {a.value} gives {a.rate:.1%} ({a.interval[0]:.1%}-{a.interval[1]:.1%}, "
                         f"{a.games} games), {b.value} gives {b.rate:.1%} ({b.interval[0]:.1%}-{b.interval[1]:.1%}, "
                         f"{b.games} games)")
                return text
            text += (f"; whole values: {a.value} gives {a.rate:.1%} ({a.interval[0]:.1%}-{a.interval[1]:.1%}, {a.games} games), "
                     f"{b.value} gives {b.rate:.1%} ({b.interval[0]:.1%}-{b.interval[1]:.1%}, {b.games} games)")
        return text

    def to_json(self) -> dict[str, Any]:
        p = self.plan
        c = self.crossing
        return {"scenario": p.scenario, "lever": p.lever, "range": [p.low, p.high], "side": p.side, "target": p.target,
                "agents": list(p.agents), "seed": p.seed, "budget": p.games, "precision": p.precision, "option": p.option,
                "games": self.total, "rounds": self.rounds, "stopped_because": self.why_stopped,
                "points": [q.to_json() for q in sorted(self.points, key=lambda q: q.value)],
                "fit": self.fit.to_json() if self.fit else None,
                "crossing": None if c is None else {"value": c.value, "interval95": [c.low, c.high], "bounded": c.bounded},
                "between": None if self.between is None else [q.to_json() for q in self.between],
                "step": self.step.to_json() if self.step else None, "answer": self.answer(), **self.who_and_when()}

    def who_and_when(self) -> dict[str, Any]:
        """Over the games of the two values around the target: who moved first and what it was worth, and the lead
        turn by turn with the turn the result is decided (:mod:`tcforge.analysis.stats`)."""
        from tcforge.analysis.stats import first_player, lead_curve
        games = [r for q in (self.between or ()) for r in q.results]
        if not games or len(self.plan.sides) != 2:
            return {"first_player": None, "lead": None}
        first = first_player(games) if self.plan.initiative == "roll" else None  # as balance: null when fixed
        curve = lead_curve(games, self.plan.side, list(self.plan.sides))
        return {"first_player": first.to_json() if first else None, "lead": curve.to_json() if curve.turns else None}


def first_values(low: int, high: int, n: int = SPREAD) -> list[int]:
    """The first round's values: ``n`` whole values spread evenly over the range, the ends included.

    >>> first_values(8, 14), first_values(1, 3), first_values(10, 30)
    ([8, 10, 11, 12, 14], [1, 2, 3], [10, 15, 20, 25, 30])
    """
    if high - low + 1 <= n:
        return list(range(low, high + 1))
    return sorted({round(low + (high - low) * i / (n - 1)) for i in range(n)})


def minimum_budget(low: int, high: int, batch: int) -> int:
    """The fewest games a tune can play: a batch for each value of the first round (fewer, and it plays nothing).

    >>> minimum_budget(1, 6, 10), minimum_budget(1, 3, 10)
    (50, 30)
    """
    return len(first_values(low, high)) * batch


def next_values(fit: Logistic | None, crossing: Crossing | None, points: dict[int, Point], low: int, high: int) -> list[int]:
    """Where the next round plays: the two whole values around the fitted crossing (in the range); with no usable
    fit, the middles of the widest gaps between the values played."""
    if fit is not None and crossing is not None and crossing.value is not None and (crossing.bounded or abs(fit.b) > 2 * fit.slope_se):
        x = min(max(crossing.value, low), high)
        a = min(max(math.floor(x), low), high - 1) if high > low else low
        return sorted({a, min(a + 1, high)})
    played = sorted(points)
    gaps = sorted(((b - a, a, b) for a, b in itertools.pairwise(played) if b - a > 1), reverse=True)
    if not gaps:
        return played  # every value played: more games on each
    return sorted({(a + b) // 2 for _, a, b in gaps[:2]})


def check_range(low: int, high: int, lever: str, lever_low: int | None, lever_high: int | None) -> None:
    if low >= high:
        raise TuneError(f"--range {low}..{high}: give two whole numbers, the lower first (8..14)")
    if lever_low is not None and lever_high is not None and (low < lever_low or high > lever_high):
        raise TuneError(f"--range {low}..{high}: {lever} takes a whole number from {lever_low} to {lever_high}; "
                        f"give a range inside it")


def parse_range(text: str) -> tuple[int, int]:
    """``A..B`` as two whole numbers; TuneError otherwise.

    >>> parse_range("8..14"), parse_range(" -2..3 ")
    ((8, 14), (-2, 3))
    """
    head, sep, tail = text.strip().partition("..")
    if max(len(head.strip()), len(tail.strip())) > 6 and (head.strip().lstrip("-").isdigit() or tail.strip().isdigit()):
        raise TuneError(f"--range '{text[:40]}': a lever's values lie between -10000 and 10000")
    try:
        if not sep:
            raise ValueError
        low, high = int(head.strip()), int(tail.strip())
    except ValueError:
        raise TuneError(f"--range '{text[:40]}': write two whole numbers joined by '..' (8..14)") from None
    if max(abs(low), abs(high)) > 10_000:
        raise TuneError(f"--range '{text[:40]}': a lever's values lie between -10000 and 10000")
    if low >= high:
        raise TuneError(f"--range '{text[:40]}': give the lower value first, and two different values (8..14)")
    return low, high


def tune(p: Plan, folder: Path, *, jobs: int = 1, scheduler: str | None = None,
         progress: Callable[[int], None] | None = None, on_round: Callable[[int, list[int], Tuned], None] | None = None) -> Tuned:
    """Play the rounds (kept batches are not played again) and fit the answer."""
    from tcforge.analysis.sweep import Store
    store = Store(folder)
    counts: dict[int, int] = {}
    points: dict[int, Point] = {}
    contents: dict[int, str] = {}
    played_now = kept_before = 0
    rounds = 0
    why = "the budget of games is spent"
    stopped: cluster.Stopped | None = None
    fit: Logistic | None = None
    crossing: Crossing | None = None
    notes: list[str] = []
    values = first_values(p.low, p.high)
    with cluster.client(scheduler, cluster.local_workers(jobs, 4)) as runner:
        while True:
            room = p.games - sum(counts.values())
            share = min(p.round_games, room // len(values) // p.batch * p.batch)
            unplayed = [v for v in values if v not in points]
            if share < p.batch and unplayed and rounds:  # what is left goes to the whole values around the crossing
                values = unplayed[:max(1, room // p.batch)]
                share = min(p.round_games, room // len(values) // p.batch * p.batch)
            if share < p.batch:  # the budget cannot give each value a batch more
                break
            want = {v: counts.get(v, 0) + share for v in values}
            batches: list[Batch] = []
            for v, n in want.items():
                cell = p.cell(v)
                if v not in contents:
                    contents[v] = content_key(cell, scenario_of(cell))
                batches += [b for b in plan(cell, n, p.batch) if b.start >= counts.get(v, 0)]
            missing = [b for b in batches if not store.kept(b, contents[int(b.cell.parameters[0][1])])]
            kept_before += sum(b.count for b in batches) - sum(b.count for b in missing)

            def keep(done: BatchResult) -> None:
                store.add(done)
                if progress:
                    progress(len(done.results))
            try:
                cluster.play(runner, missing, keep)
            except cluster.Stopped as exc:
                stopped = exc
            except KeyboardInterrupt:
                stopped = cluster.Stopped("interrupted", interrupted=True)
            played_now += sum(b.count for b in missing if store.kept(b, contents[int(b.cell.parameters[0][1])]))
            rounds += 1
            for v, n in want.items():
                counts[v] = n
                points[v] = Point(v, store.results(plan(p.cell(v), n, p.batch), contents[v]), p.side)
            fit, crossing, notes = _fit(points, p)
            between = _between(crossing, points, p)
            partial = Tuned(p, list(points.values()), fit, crossing, rounds, played_now, kept_before, "", between)
            if on_round:
                on_round(rounds, values, partial)
            if stopped is not None:
                why = f"stopped ({stopped.reason})"
                break
            if p.precision is not None and between is not None and all(
                    (q.interval[1] - q.interval[0]) / 2 <= p.precision for q in between):
                why = f"both values around the target are known to +/-{p.precision:.1%}"
                break
            values = next_values(fit, crossing, points, p.low, p.high)
    between = _between(crossing, points, p)
    step = paired_results(between[0].results, between[1].results, p.side) if between else None
    return Tuned(p, list(points.values()), fit, crossing, rounds, played_now, kept_before, why, between, step, stopped, notes)


def _fit(points: dict[int, Point], p: Plan) -> tuple[Logistic | None, Crossing | None, list[str]]:
    xs: list[float] = []
    ys: list[bool] = []
    for q in points.values():
        for r in q.results:
            xs.append(q.value)
            ys.append(r.winner == p.side)
    if not any(ys) or all(ys):
        return None, None, [f"{p.side} {'never' if not any(ys) else 'always'} wins over the range played"]
    try:
        fit = fit_logistic(xs, ys)
    except FitError as exc:
        return None, None, [str(exc)]
    return fit, fit.crossing(p.target), []


def _between(crossing: Crossing | None, points: dict[int, Point], p: Plan) -> tuple[Point, Point] | None:
    """The two whole values played around the crossing (the nearest pair that brackets it)."""
    if crossing is None or crossing.value is None or len(points) < 2:
        return None
    played = sorted(points)
    x = min(max(crossing.value, played[0]), played[-1])
    below = [v for v in played if v <= x]
    above = [v for v in played if v > x]
    if not below:
        a, b = played[0], played[1]
    elif not above:
        a, b = played[-2], played[-1]
    else:
        a, b = below[-1], above[0]
    return points[a], points[b]
