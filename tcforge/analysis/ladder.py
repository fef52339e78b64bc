"""A strength ladder: each agent (a rung) against the one below it, in side-swapped matches.

Each rung plays ``games`` games against the rung below: half with the first side
of the scenario, half with the second, on the same seeds both ways, so that the
set-up and the dice a seed deals favour neither agent. A rung's score is
(wins + half the games nobody won) / games, the mean of its scores with each
side; its 95 % interval combines the two sides' Wilson intervals (:func:`swapped_score`),
since the side is fixed by the design of the match, not drawn at random; a
ladder *climbs* at a rung when that interval lies above 0.5, and *flattens* at
the first rung where it does not (more thinking no longer beats less there, or
the games are too few to tell). The agents are any specs
(:mod:`tcforge.agents.spec`), so the ladder measures whatever player
it is given; the games are played by :func:`tcforge.analysis.balance.run`.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any

from tcforge.analysis import balance
from tcforge.play.games import GameResult

LOPSIDED = 0.8  # a side that wins this share of a match's games, whoever plays it, is noted under the ladder


@dataclass
class SideScore:
    """A rung's games with one side of the scenario."""

    side: str
    games: int
    wins: int
    draws: int  # games nobody won (draws, turn-limit endings without a winner, the engine's cap)
    score: float
    interval: tuple[float, float]

    def to_json(self) -> dict[str, Any]:
        return {"side": self.side, "games": self.games, "wins": self.wins, "draws": self.draws, "score": self.score,
                "interval95": list(self.interval)}


@dataclass
class Rung:
    """One rung's match against the rung below it."""

    agent: str
    below: str
    games: int
    wins: int
    draws: int
    losses: int
    errors: int
    score: float
    interval: tuple[float, float]
    sides: list[SideScore]
    seeds: list[int]  # the seeds played with each side (the same list both ways)
    side_wins: dict[str, int]  # games each side of the scenario won, whichever agent played it
    proof: dict[str, dict[str, Any]] = field(default_factory=dict)  # "win"/"draw"/"loss" -> {"seed", "side"}
    correlation: float = 0.0  # of the rung's points with each side, seed by seed (see swapped_score)

    @property
    def climbs(self) -> bool:
        """The rung beats the one below: its whole 95 % interval lies above 0.5."""
        return self.interval[0] > 0.5

    def to_json(self) -> dict[str, Any]:
        return {"agent": self.agent, "below": self.below, "games": self.games, "wins": self.wins, "draws": self.draws,
                "losses": self.losses, "errors": self.errors, "score": self.score, "interval95": list(self.interval),
                "climbs": self.climbs, "sides": [s.to_json() for s in self.sides], "seeds": self.seeds,
                "side_wins": self.side_wins, "proof_seeds": self.proof, "seed_correlation": self.correlation}


@dataclass
class Ladder:
    scenario: str
    option: str | None
    games: int  # a rung's games, both sides together
    rungs: list[str]
    matches: list[Rung]

    @property
    def flattens_at(self) -> str | None:
        """The first rung that does not beat the one below it (None: the ladder climbs all the way)."""
        index = flattening(self.matches)
        return None if index is None else self.matches[index].agent

    def to_json(self) -> dict[str, Any]:
        return {"scenario": self.scenario, "option": self.option, "games_per_rung": self.games, "rungs": self.rungs,
                "matches": [m.to_json() for m in self.matches], "flattens_at": self.flattens_at}


def score(wins: int, draws: int, games: int) -> tuple[float, tuple[float, float]]:
    """(wins + draws / 2) / games and its 95 % Wilson interval: one side's games."""
    points = wins + draws / 2
    return (points / games if games else 0.0), balance.wilson(points, games)


def swapped_score(sides: Sequence[SideScore], correlation: float = 0.0) -> tuple[float, tuple[float, float]]:
    """A side-swapped match's score, the mean of its scores with each side (each side plays half the games), and
    its 95 % interval, built from each side's Wilson interval by the method of variance estimates recovery
    (MOVER: Zou and Donner, Stat. Med. 2008; Newcombe, Stat. Med. 1998, for a difference of proportions).

    One Wilson interval over all the games would treat them as draws from one proportion. They are not: which side
    the rung plays is fixed by the match, and the side can decide most games (Hill 621's German wins some 90 % of
    them whoever plays it). The variance of the mean of two independent proportions is the sum of their own
    variances over 4, below the pooled one by ((p1 - p2) / 2)^2 / games: where each side is lopsided the pooled
    interval is 1.6 to 1.8 times too wide (coverage near 100 % instead of 95 %, tests/scenarios/test_ladder.py);
    with even sides and many games the two nearly agree. MOVER carries Wilson's behaviour near 0 and 1 over:
    lower = s - sqrt(sum(((p_i - l_i) / 2)^2) + 2 r (p_1 - l_1) (p_2 - l_2) / 4), and the upper bound alike.

    The two sides are played on the same seeds, so a rung's results with each side may be correlated: ``r``, the
    correlation of its points seed by seed (:func:`seed_correlation`), widens the interval when positive (seeds
    where skill tells, for both sides at once). A negative one would narrow it; that credit is not taken."""
    if not sides:
        return 0.0, (0.0, 1.0)
    games = sum(s.games for s in sides)
    mean = sum(s.score * s.games for s in sides) / games if games else 0.0  # the points over the games, exactly
    weight = 1 / len(sides)
    r = max(0.0, correlation) if len(sides) == 2 else 0.0
    down = [weight * (s.score - s.interval[0]) for s in sides]
    up = [weight * (s.interval[1] - s.score) for s in sides]
    below = math.sqrt(sum(d * d for d in down) + (2 * r * down[0] * down[1]))
    above = math.sqrt(sum(u * u for u in up) + (2 * r * up[0] * up[1]))
    return mean, (max(0.0, mean - below), min(1.0, mean + above))


def seed_correlation(first: Sequence[float], second: Sequence[float]) -> float:
    """The Pearson correlation of a rung's points (1 won, 1/2 undecided, 0 lost) with each side, seed by seed
    (0 when either side's points do not vary)."""
    n = len(first)
    if n < 2 or n != len(second):
        return 0.0
    ma, mb = sum(first) / n, sum(second) / n
    va = sum((a - ma) ** 2 for a in first)
    vb = sum((b - mb) ** 2 for b in second)
    if va == 0 or vb == 0:
        return 0.0
    return sum((a - ma) * (b - mb) for a, b in zip(first, second, strict=True)) / math.sqrt(va * vb)


def flattening(matches: Sequence[Rung]) -> int | None:
    """The index of the first rung whose interval does not lie above 0.5, or None."""
    return next((i for i, m in enumerate(matches) if not m.climbs), None)


def match(agent: str, below: str, sides: Sequence[str], as_first: Sequence[GameResult],
          as_second: Sequence[GameResult]) -> Rung:
    """Score ``agent`` against ``below`` from the games where ``agent`` played the first side (``as_first``) and
    those where it played the second (``as_second``); both lists must hold the same seeds, in the same order."""
    seeds = [r.seed for r in as_first]
    if seeds != [r.seed for r in as_second]:
        raise ValueError(f"{agent} v {below}: the games with each side must use the same seeds")
    per_side = []
    wins = draws = errors = 0
    proof: dict[str, dict[str, Any]] = {}
    for index, results in enumerate((as_first, as_second)):
        side = sides[index]
        won = sum(1 for r in results if r.winner == side)
        drawn = sum(1 for r in results if r.winner is None)
        rate, interval = score(won, drawn, len(results))
        per_side.append(SideScore(side, len(results), won, drawn, rate, interval))
        wins, draws = wins + won, draws + drawn
        errors += sum(1 for r in results if r.error)
        for r in results:
            outcome = "win" if r.winner == side else "draw" if r.winner is None else "loss"
            proof.setdefault(outcome, {"seed": r.seed, "side": side})
    games = len(as_first) + len(as_second)
    points = [[1.0 if r.winner == side else 0.5 if r.winner is None else 0.0 for r in results]
              for side, results in zip(sides, (as_first, as_second), strict=False)]
    correlation = seed_correlation(points[0], points[1])
    rate, interval = swapped_score(per_side, correlation)
    side_wins = {side: sum(1 for r in (*as_first, *as_second) if r.winner == side) for side in sides}
    return Rung(agent, below, games, wins, draws, games - wins - draws, errors, rate, interval, per_side, seeds,
                side_wins, {k: proof[k] for k in ("win", "draw", "loss") if k in proof}, correlation)


def climb(reference: str, sides: Sequence[str], rungs: Sequence[str], *, games: int, jobs: int = 1, seed: int = 1,
          option: str | None = None, scenario_id: str | None = None,
          progress: Callable[[str, int], Callable[[int], None]] | None = None) -> Ladder:
    """Play the ladder of ``rungs`` (weakest first) on a scenario: ``games`` games a rung, half with each side,
    the same ``games / 2`` seeds both ways (derived from ``seed`` and each game's index, as balance runs do).
    ``progress(label, total)`` returns a callback that is told of each game played."""
    if len(rungs) < 2:
        raise ValueError("a ladder needs at least two rungs")
    if games < 2 or games % 2:
        raise ValueError("a rung's games must be an even number (half with each side), at least 2")
    matches = []
    for below, agent in pairwise(rungs):
        tick = progress(f"{agent} v {below}", games) if progress else None
        matches.append(play_match(reference, sides, agent, below, games=games, jobs=jobs, seed=seed, option=option,
                                  progress=tick))
    return Ladder(scenario_id or reference, option, games, list(rungs), matches)


def play_match(reference: str, sides: Sequence[str], agent: str, below: str, *, games: int, jobs: int = 1,
               seed: int = 1, option: str | None = None, client: Any = None,
               progress: Callable[[int], None] | None = None) -> Rung:
    """One rung's side-swapped match: ``agent`` against ``below``, ``games / 2`` games with each side on the same
    seeds (on an open ``client`` when given, else on ``jobs`` local workers), scored by :func:`match`."""
    if games < 2 or games % 2:
        raise ValueError("a match's games must be an even number (half with each side), at least 2")
    half = games // 2
    pool: dict[str, Any] = {} if client is None else {"client": client}
    first = balance.run(reference, games=half, jobs=jobs, option=option, policies=(agent, below), base_seed=seed,
                        progress=progress, **pool)
    second = balance.run(reference, games=half, jobs=jobs, option=option, policies=(below, agent), base_seed=seed,
                         progress=progress, **pool)
    return match(agent, below, sides, first, second)


def render(ladder: Ladder) -> list[str]:
    """The ladder as text: one line a rung, then where it flattens."""
    sides = [s.side for s in ladder.matches[0].sides]
    half = ladder.games // 2
    played = ladder.matches[0].seeds  # derived from the root seed and each game's index: a list, not a range
    shown = ", ".join(str(s) for s in played[:2]) + (f" and {len(played) - 2} more" if len(played) > 2 else "")
    head = (f"{ladder.scenario} [{ladder.option or 'as written'}]: strength ladder, {ladder.games} games a rung "
            f"({half} with each side, the same seeds both ways: {shown})")
    width = max([14] + [len(m.agent) for m in ladder.matches] + [len(m.below) for m in ladder.matches])  # long specs
    lines = [head, f"  {'rung':<{width}} {'v below':<{width}} {'score':>6}  {'95 %':<11}  "
             + "  ".join(f"{'as ' + s:<20}" for s in sides) + "  won-drawn-lost"]
    for m in ladder.matches:
        per_side = "  ".join(f"{s.score:.3f} ({s.interval[0]:.2f}-{s.interval[1]:.2f})".ljust(20) for s in m.sides)
        lo, hi = m.interval
        mark = "" if m.climbs else "  <- not shown to beat the rung below"
        lines.append(f"  {m.agent:<{width}} {m.below:<{width}} {m.score:6.3f}  {lo:.2f}-{hi:.2f}    {per_side}  "
                     f"{m.wins}-{m.draws}-{m.losses}{mark}")
    index = flattening(ladder.matches)
    if index is None:
        lines.append("  the ladder climbs at every rung: each beats the one below (95 % interval above 0.5)")
    else:
        m = ladder.matches[index]
        lines.append(f"  the ladder flattens at {m.agent}: its score against {m.below} is {m.score:.3f} "
                     f"(95 % {m.interval[0]:.2f}-{m.interval[1]:.2f}), not above 0.5")
    lopsided = [(m, side, won) for m in ladder.matches for side, won in m.side_wins.items() if won >= LOPSIDED * m.games]
    for m, side, won in lopsided:
        lines.append(f"  {m.agent} v {m.below}: {side} won {won} of {m.games} games whichever agent played it; the scenario "
                     "decides most games, so compare the rungs by their score with each side")
    for m in ladder.matches:
        seeds = "; ".join(f"a {k}: --seed {v['seed']} with {m.agent} as {v['side']}" for k, v in m.proof.items())
        lines.append(f"  {m.agent} v {m.below}: {seeds}" + (f"; engine errors {m.errors}" if m.errors else ""))
    return lines


def write_plot(ladder: Ladder, path: Any) -> Any:
    """Each rung's score against the one below with its 95 % interval, and the 0.5 line (PNG); under each rung its
    spec and the rung below it, whole (wrapped, never cut)."""
    from PIL import Image, ImageDraw

    from tcforge.analysis.plotting import font, wrap
    from tcforge.atomic import atomic_path
    face = font(12)
    width, left, top, plot_h, line_h = 640, 60, 40, 250, 16
    step = (width - left - 20) / max(1, len(ladder.matches))
    names = [(wrap(m.agent, face, step - 8), wrap(f"v {m.below}", face, step - 8)) for m in ladder.matches]
    height = top + plot_h + 10 + line_h * max((len(a) + len(b) for a, b in names), default=2) + 10
    image = Image.new("RGB", (width, height), "white")
    draw = ImageDraw.Draw(image)
    draw.text((left, 10), f"Strength ladder, {ladder.scenario} ({ladder.games} games a rung, side-swapped, 95 % intervals)",
              fill="black", font=face)
    for frac in (0, 0.25, 0.5, 0.75, 1.0):
        y = top + plot_h * (1 - frac)
        draw.line([left, y, width - 20, y], fill=(120, 120, 120) if frac == 0.5 else (225, 225, 225))
        draw.text((10, y - 7), f"{frac:.2f}", fill="black", font=face)
    for i, m in enumerate(ladder.matches):
        cx = left + step * (i + 0.5)
        colour = (40, 130, 60) if m.climbs else (170, 60, 50)
        lo, hi = m.interval
        draw.line([cx, top + plot_h * (1 - lo), cx, top + plot_h * (1 - hi)], fill=colour, width=3)
        y = top + plot_h * (1 - m.score)
        draw.ellipse([cx - 5, y - 5, cx + 5, y + 5], fill=colour)
        rung, below = names[i]
        lines = [(line, "black") for line in rung] + [(line, (90, 90, 90)) for line in below]
        for n, (line, ink) in enumerate(lines):
            draw.text((cx - step / 2 + 4, top + plot_h + 6 + line_h * n), line.rstrip(), fill=ink, font=face)
    with atomic_path(path) as tmp:
        image.save(tmp, format="PNG")
    return path
