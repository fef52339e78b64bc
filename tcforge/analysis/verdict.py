"""What a balance run says beyond the win rates: why a side wins, and whether a balance option moves the result.

:func:`endings` groups the games by who won and how (the victory condition, the
turn limit, the engine's cap), each group with its share, a seed that proves
it, its median length, the median turn from which the winner held its
positions for good and the median turn of each side's last loss.
:func:`option_effects` compares each balance option with the scenario as
written: the win rate of the side the option favours, the difference in
points, and whether the two 95 % intervals overlap (if they do, the games do
not show that the option changes anything).
"""
from __future__ import annotations

import statistics
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tcforge.analysis.balance import Report
from tcforge.analysis.stats import Paired, paired_results
from tcforge.play.games import GameResult


@dataclass
class Ending:
    winner: str | None
    condition: str
    games: int
    share: float
    proof_seed: int
    turns: float  # median length of these games
    held_from: float | None  # median turn from which the winner held its positions to the end (None: no winner)
    last_loss: dict[str, float | None]  # side -> median turn of its last loss (None: it lost nothing)

    def to_json(self) -> dict[str, Any]:
        return {"winner": self.winner, "condition": self.condition, "games": self.games, "share": self.share,
                "proof_seed": self.proof_seed, "median_turns": self.turns, "winner_held_positions_from_turn": self.held_from,
                "median_last_loss_turn": self.last_loss}


def _median(values: Iterable[int | None]) -> float | None:
    known = [v for v in values if v is not None]
    return statistics.median(known) if known else None


def endings(results: Sequence[GameResult], sides: Sequence[str]) -> list[Ending]:
    """The ways the games ended, most frequent first."""
    groups: dict[tuple[str | None, str], list[GameResult]] = {}
    for r in results:
        groups.setdefault((r.winner, r.condition), []).append(r)
    out = []
    for (winner, condition), games in sorted(groups.items(), key=lambda kv: (-len(kv[1]), kv[1][0].seed)):
        out.append(Ending(winner, condition, len(games), len(games) / len(results), games[0].seed,
                          statistics.median(r.turns for r in games),
                          _median(r.held_from.get(winner) for r in games) if winner else None,
                          {s: _median(r.last_loss.get(s) for r in games) for s in sides}))
    return out


def render_endings(items: Sequence[Ending], players: str = "") -> list[str]:
    """One line a way of ending: ``german by turn limit: 193 games (96.5 %), --seed 1; ...`` (``players``: what
    follows the seed for 'scenario play' to play that game, ``--agent german=best --agent soviet=best``)."""
    lines = []
    for e in items:
        who = f"{e.winner} wins by {e.condition}" if e.winner else f"nobody wins ({e.condition})"
        seed = f"--seed {e.proof_seed}" + (f" {players}" if players else "")
        parts = [f"{who}: {e.games} game(s) ({e.share:.1%}), e.g. {seed}", f"median {e.turns:g} turns"]
        if e.held_from is not None:
            parts.append(f"{e.winner} held its positions for good from turn {e.held_from:g}")
        losses = [f"{side} in turn {turn:g}" for side, turn in e.last_loss.items() if turn is not None]
        if losses:
            parts.append("last losses: " + ", ".join(losses))
        lines.append("; ".join(parts) + " (turns are medians)")
    return lines


@dataclass
class OptionEffect:
    option: str
    side: str  # the side the option favours
    rate: float
    interval: tuple[float, float]
    base_rate: float
    base_interval: tuple[float, float]
    paired: Paired | None = None  # the option less as written over the same seeds (None: no games to pair)

    @property
    def difference(self) -> float:
        return self.rate - self.base_rate

    @property
    def overlap(self) -> bool:
        return self.interval[0] <= self.base_interval[1] and self.base_interval[0] <= self.interval[1]

    def render(self) -> str:
        head = f"{self.option} (favors {self.side}): {self.side} wins {self.rate:.1%} against {self.base_rate:.1%} as written"
        if self.paired is not None:  # the games share their seeds: their paired difference says more than two intervals
            return f"{head}, on the same seeds {self.paired.render()}"
        verdict = ("the 95 % intervals overlap: these games do not show that it changes the result" if self.overlap
                   else "the 95 % intervals do not overlap: it moves the result")
        return f"{head}, {self.difference * 100:+.1f} points; {verdict}"

    def to_json(self) -> dict[str, Any]:
        return {"option": self.option, "side": self.side, "win_rate": self.rate, "interval95": list(self.interval),
                "as_written_win_rate": self.base_rate, "as_written_interval95": list(self.base_interval),
                "difference": self.difference, "intervals_overlap": self.overlap,
                "paired": None if self.paired is None else self.paired.to_json()}


def option_effects(reports: Sequence[Report], favours: Mapping[str, str],
                   results: Mapping[str | None, Sequence[GameResult]] | None = None) -> list[OptionEffect]:
    """Each option's report against the scenario as written (the report without an option), for the side the
    option favours (``favours``: option id -> side; the first side if the option names none). With the games
    (``results``: option -> its games, as written under None), played on the same seeds, each effect carries the
    paired difference (:func:`tcforge.analysis.stats.paired_results`: Newcombe's interval, McNemar's test)."""
    base = next((r for r in reports if r.option is None), None)
    if base is None:
        return []
    out = []
    for rep in reports:
        if rep.option is None:
            continue
        side = favours.get(rep.option) or rep.sides[0].side
        mine = next(s for s in rep.sides if s.side == side)
        theirs = next(s for s in base.sides if s.side == side)
        pair = None
        if results is not None and results.get(None) and results.get(rep.option):
            pair = paired_results(results[None], results[rep.option], side)
        out.append(OptionEffect(rep.option, side, mine.rate, mine.interval, theirs.rate, theirs.interval, pair))
    return out
