"""Balance of a scenario: many seeded games, played in parallel, and their statistics.

The games are played in batches by a local process pool or Dask (:mod:`tcforge.analysis.cluster`); game ``i``
is seeded from the root seed and ``i`` (:func:`tcforge.analysis.batches.game_seed`)
whatever played it, so the results depend on neither ``--jobs`` nor the cluster. The metrics follow Ludii's
definitions: each side's win rate with a 95 % Wilson interval, balance
(1 - the gap between the win rates), completion (games decided), draws and
turn-limit endings and games stopped by the engine's cap counted apart, game
length, how games ended, and the cards each side lost.
"""
from __future__ import annotations

import math
import statistics
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from tcforge.analysis import cluster
from tcforge.analysis.batches import Batch, BatchResult, Cell, plan
from tcforge.play.games import GameResult
from tcforge.scenarios.scenario import Scenario

Z95 = 1.959963984540054
# Games a batch: at greedy speed (0.03-0.3 s a game) a batch takes a few tenths of a second or more, against a few
# milliseconds of Dask's scheduling a task (`tcforge bench cluster` measures both).
BATCH = 10


def wilson(wins: float, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95 % by default); ``wins`` may count a draw as a half.

    >>> tuple(round(x, 4) for x in wilson(50, 100))
    (0.4038, 0.5962)
    """
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    denominator = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denominator
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass
class SideStats:
    side: str
    wins: int
    rate: float
    interval: tuple[float, float]
    example_seed: int | None
    never_won_because: str = ""
    losses: dict[str, float] = field(default_factory=dict)  # average cards lost a game, by kind


@dataclass
class Report:
    scenario: str
    option: str | None
    policies: tuple[str, str]
    games: int
    sides: list[SideStats]
    balance: float
    completion: float
    draws: int
    turn_limit: int
    capped: int
    errors: int
    lengths: dict[str, float]
    endings: dict[str, int]
    first_error: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"scenario": self.scenario, "option": self.option, "policies": list(self.policies), "games": self.games,
                "sides": [{"side": s.side, "wins": s.wins, "win_rate": s.rate, "interval95": list(s.interval),
                           "example_win_seed": s.example_seed, "never_won_because": s.never_won_because,
                           "losses_per_game": s.losses} for s in self.sides],
                "balance": self.balance, "completion": self.completion, "draws": self.draws,
                "turn_limit_endings": self.turn_limit, "capped": self.capped, "errors": self.errors,
                "length_turns": self.lengths, "endings": self.endings, "first_error": self.first_error}


def run(reference: str, *, games: int, jobs: int = 1, option: str | None = None, policies: tuple[str, str] = ("greedy", "greedy"),
        base_seed: int = 1, progress: Callable[[int], None] | None = None, scheduler: str | None = None,
        batch: int = BATCH, client: Any = None, start: int = 0,
        parameters: dict[str, Any] | None = None) -> list[GameResult]:
    """Play ``games`` games of a scenario: ``jobs`` local workers (0: a core each; never more than there are batches of
    ``batch`` games), or the Dask cluster at ``scheduler``, or on an open ``client`` (several runs, one pool); results
    in game order, game ``i`` seeded with :func:`~tcforge.analysis.batches.game_seed` (``base_seed``, ``i``). ``start``
    plays games ``start`` to ``start + games - 1`` instead (more games of a run, on a multiple of ``batch``);
    ``parameters``: levers and ruleset parameters for every game (``--set`` NAME: value)."""
    cell = Cell(reference, option, parameters=tuple((parameters or {}).items()), agents=policies, seed=base_seed)
    found: dict[int, list[GameResult]] = {}

    def keep(done: BatchResult) -> None:
        found[done.batch.start] = done.results
        if progress:
            progress(len(done.results))

    batches = plan(cell, games, batch) if not start else [Batch(cell, s, min(batch, start + games - s))
                                                          for s in range(start, start + games, max(1, batch))]
    if client is not None:
        cluster.play(client, batches, keep)
    else:
        with cluster.client(scheduler, cluster.local_workers(jobs, len(batches))) as runner:
            cluster.play(runner, batches, keep)
    return [r for start in sorted(found) for r in found[start]]


def half_width(results: list[GameResult], sides: list[str]) -> float:
    """The largest half-width of the sides' 95 % win-rate intervals (1 with no game)."""
    if not results:
        return 1.0
    widths = [wilson(sum(1 for r in results if r.winner == side), len(results)) for side in sides]
    return max((hi - lo) / 2 for lo, hi in widths)


def report(scenario: Scenario, results: list[GameResult], policies: tuple[str, str], option: str | None) -> Report:
    sides = list(scenario.grid.sides)
    n = len(results)
    stats = []
    for side in sides:
        wins = [r for r in results if r.winner == side]
        rate = len(wins) / n if n else 0.0
        losses: Counter[str] = Counter()
        for r in results:
            losses.update(r.losses.get(side, {}))
        reason = ""
        if not wins:
            reason = _never_won(scenario, side, results)
        stats.append(SideStats(side, len(wins), rate, wilson(len(wins), n), wins[0].seed if wins else None, reason,
                               {k: round(v / n, 2) for k, v in sorted(losses.items())}))
    turns = [r.turns for r in results] or [0]
    endings = Counter(r.condition for r in results)
    errors = [r for r in results if r.error]
    return Report(scenario.id, option, policies, n, stats,
                  1 - abs(stats[0].rate - stats[1].rate) if len(stats) == 2 else 0.0,
                  sum(1 for r in results if r.winner is not None) / n if n else 0.0,
                  sum(1 for r in results if r.winner is None and r.condition not in ("cap", "error")),
                  sum(1 for r in results if r.condition == "turn limit"),
                  sum(1 for r in results if r.condition == "cap"), len(errors),
                  {"min": min(turns), "median": statistics.median(turns), "mean": round(statistics.fmean(turns), 2),
                   "max": max(turns)}, dict(endings.most_common()), errors[0].error if errors else "")


def _never_won(scenario: Scenario, side: str, results: Iterable[GameResult]) -> str:
    results = list(results)
    targets = [c for c in scenario.victory if side in c.winners(list(scenario.grid.sides))]
    if not targets:
        return f"{side} has no victory condition of its own in this scenario"
    best = max((r.goals_reached.get(side, 0) for r in results), default=0)
    capped = sum(1 for r in results if r.condition == "cap")
    parts = [f"at best {side} held {best} of its victory positions at the end of a turn"]
    if capped:
        parts.append(f"{capped} game(s) reached the engine's cap undecided")
    return "; ".join(parts)


def write_plot(reports: list[Report], path: Any, *, labels: list[str] | None = None, title: str | None = None) -> Any:
    """Win rates with their 95 % intervals, one group of bars per report (PNG): labelled by balance option, or by
    ``labels`` (a sweep's cells), each label whole, wrapped under its group; a legend names the sides' colours."""
    from PIL import Image, ImageDraw

    from tcforge.analysis.plotting import font, text_width, wrap
    from tcforge.atomic import atomic_path
    face = font(12)
    left, top, line_h = 60, 56, 15
    width = int(max(640, left + 20 + (170 if labels else 120) * len(reports)))  # a sweep's labels are longer
    group = (width - left - 20) / max(1, len(reports))
    names = [labels[g] if labels else rep.option or "as written" for g, rep in enumerate(reports)]
    wrapped = [wrap(name, face, group * 0.9) for name in names]
    plot_h = 250
    height = top + plot_h + 10 + line_h * max(len(lines) for lines in wrapped) + 10
    image = Image.new("RGB", (width, height), "white")
    draw = ImageDraw.Draw(image)
    draw.text((left, 10), title or f"Win rates, {reports[0].scenario} ({reports[0].games} games each, 95 % intervals)",
              fill="black", font=face)
    colours = [(70, 90, 140), (170, 60, 50)]
    x = float(left)
    for i, side in enumerate(reports[0].sides):  # the legend: every report has the scenario's sides in its order
        draw.rectangle([x, 32, x + 12, 44], fill=colours[i % 2])
        draw.text((x + 17, 31), side.side, fill="black", font=face)
        x += 17 + text_width(face, side.side) + 24
    for frac in (0, 0.25, 0.5, 0.75, 1.0):
        y = top + plot_h * (1 - frac)
        draw.line([left, y, width - 20, y], fill=(225, 225, 225))
        draw.text((10, y - 7), f"{int(frac * 100)} %", fill="black", font=face)
    for g, rep in enumerate(reports):
        x0 = left + g * group
        for i, side in enumerate(rep.sides):
            bx = x0 + group * (0.2 + 0.3 * i)
            bw = group * 0.25
            y = top + plot_h * (1 - side.rate)
            draw.rectangle([bx, y, bx + bw, top + plot_h], fill=colours[i % 2])
            lo, hi = side.interval
            cx = bx + bw / 2
            draw.line([cx, top + plot_h * (1 - lo), cx, top + plot_h * (1 - hi)], fill="black", width=2)
        for n, line in enumerate(wrapped[g]):
            draw.text((x0 + group * 0.05, top + plot_h + 8 + line_h * n), line.rstrip(), fill="black", font=face)
    with atomic_path(path) as tmp:
        image.save(tmp, format="PNG")
    return path
