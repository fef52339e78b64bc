"""Converged balance: play again at doubled budgets until more thinking no longer moves the win rates.

A round plays every balance option asked for with the given agents; the next
round doubles the iteration budget of each side that has one (``plan:16`` ->
``plan:32``) and plays the same seeds again. An option's result is
*converged* when, between the last two rounds, every side's win rate moved by
less than the 95 % interval of the newer round reaches (the older rate lies
inside the newer interval). The rounds stop when every option has converged,
or when the next doubling would pass the budget cap; an option that has not
converged by then is *provisional*, reported with its trend (the change in win
rate a doubling, fitted by least squares over the rounds, as Ludii's
SkillTrace fits a trend over budgets). This follows Zook, Harrison and Riedl
(FDG 2015): a search budget stands in for a player's skill.

Steady rates alone prove nothing when the doubled player plays like the one
before it (a budget the agent barely uses): the rates then stay put by
construction. So a steady option is *converged* only when, besides, the newer
round's agent beats the previous round's in a side-swapped match on that option
(the ladder's match, :func:`tcforge.analysis.ladder.play_match`: its 95 %
interval lies above 0.5, :attr:`~tcforge.analysis.ladder.Rung.climbs`); one
match for each side whose spec the doubling changed. A steady option whose
players are not shown to differ is reported as such (:data:`NOT_DIFFERENT`),
not as converged. The rounds still stop at the first steady round: doubling on
would only play more of the same question.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from tcforge.agents.spec import AgentSpec, SpecError, parse
from tcforge.analysis.balance import Report
from tcforge.analysis.ladder import Rung

Agents = tuple[str, str]
Match = Callable[[str, str, str | None], Rung]  # (newer agent, previous agent, option) -> the side-swapped match
NOT_DIFFERENT = "players do not differ: not a convergence"


@dataclass
class Round:
    agents: Agents
    reports: list[Report]  # one per balance option, in the order asked


@dataclass
class OptionVerdict:
    option: str | None
    steady: bool  # the last two rounds' rates lie inside the newer intervals
    history: list[tuple[Agents, Report]]  # the option's report at each round
    matches: list[Rung] = field(default_factory=list)  # newer agent v previous, played when steady

    @property
    def converged(self) -> bool:
        """Steady, and each doubled agent shown to beat the one before it (an empty list proves nothing)."""
        return self.steady and bool(self.matches) and all(m.climbs for m in self.matches)

    @property
    def status(self) -> str:
        if self.converged:
            return "converged"
        return NOT_DIFFERENT if self.steady else "provisional"

    def trend(self, side: str) -> float | None:
        """The side's win rate change a doubling of the budgets (least squares over the rounds), or None."""
        return slope([next(s.rate for s in rep.sides if s.side == side) for _, rep in self.history])

    def render(self) -> list[str]:
        agents, last = self.history[-1]
        name = self.option or "as written"
        lines = [f"{name}: {self.status} at {agents[0]} v {agents[1]} ({last.games} games a round)"]
        for side in last.sides:
            rates = " -> ".join(f"{next(s.rate for s in rep.sides if s.side == side.side):.1%}" for _, rep in self.history)
            lo, hi = side.interval
            line = f"  {side.side:<10} {rates}  (last: 95 % {lo:.1%}-{hi:.1%})"
            change = self.trend(side.side)
            if change is not None:
                line += f"; trend {change * 100:+.1f} points a doubling"
            lines.append(line)
        if len(self.history) < 2:
            lines.append("  one round only: the budget cap leaves no room to double, so nothing shows the rates have settled")
        elif self.steady:
            before = self.history[-2][0]
            lines.append(f"  from {before[0]} v {before[1]} to {agents[0]} v {agents[1]} every side's win rate stayed "
                         "inside the newer interval")
            if not self.matches:
                lines.append("  but the doubling changed no agent: nothing shows more thinking was played")
            for m in self.matches:
                lo, hi = m.interval
                said = "beats" if m.climbs else "is not shown to beat"
                lines.append(f"  match {m.agent} v {m.below}, side-swapped, {m.games} games: {m.agent} {said} "
                             f"{m.below}, score {m.score:.3f} (95 % {lo:.2f}-{hi:.2f})"
                             + ("" if m.climbs else ", not above 0.5"))
            if not self.converged:
                lines.append("  the doubled player is not shown to play better than the one before it, so the steady "
                             "rates may only say they play alike: raise --match-games or --max-budget")
        return lines

    def to_json(self) -> dict[str, Any]:
        sides = [s.side for s in self.history[-1][1].sides]
        return {"option": self.option, "status": self.status, "steady": self.steady, "agents": list(self.history[-1][0]),
                "trend_per_doubling": {side: self.trend(side) for side in sides},
                "matches": [{"agent": m.agent, "below": m.below, "games": m.games, "score": m.score,
                             "interval95": list(m.interval), "climbs": m.climbs} for m in self.matches],
                "rounds": [{"agents": list(agents), "win_rates": {s.side: s.rate for s in rep.sides},
                            "interval95": {s.side: list(s.interval) for s in rep.sides}} for agents, rep in self.history]}


@dataclass
class Convergence:
    rounds: list[Round]
    verdicts: list[OptionVerdict]
    max_budget: int

    @property
    def final(self) -> list[Report]:
        return self.rounds[-1].reports

    def to_json(self) -> dict[str, Any]:
        return {"max_budget": self.max_budget, "budgets": [list(r.agents) for r in self.rounds],
                "verdicts": [v.to_json() for v in self.verdicts], "final": [r.to_json() for r in self.final]}


def slope(values: Sequence[float]) -> float | None:
    """Least-squares slope of ``values`` over their index (one step a doubling); None for fewer than two."""
    n = len(values)
    if n < 2:
        return None
    mean_x, mean_y = (n - 1) / 2, sum(values) / n
    return sum((i - mean_x) * (v - mean_y) for i, v in enumerate(values)) / sum((i - mean_x) ** 2 for i in range(n))


ROUNDING = 1e-9  # the Wilson bound of 10 wins in 10 games comes out as 0.9999999999999999, not 1.0


def steady(previous: Report, current: Report) -> bool:
    """Every side's win rate of ``previous`` lies inside its 95 % interval in ``current``."""
    for side in current.sides:
        before = next(s.rate for s in previous.sides if s.side == side.side)
        if not side.interval[0] - ROUNDING <= before <= side.interval[1] + ROUNDING:
            return False
    return True


def _spec(text: str) -> AgentSpec:
    spec = parse(text)
    if spec.seconds is not None:
        raise SpecError(f"agent spec {text!r}: converging needs an iteration budget (plan:16), "
                        "since a time budget does not replay the same games")
    return spec


def double(text: str) -> str:
    """The spec with its iteration budget doubled; a spec without a budget (greedy) is unchanged."""
    spec = _spec(text)
    if spec.iterations is None:
        return spec.text
    return AgentSpec(spec.name, spec.iterations * 2, None, dict(spec.options)).text


def budget(agents: Agents) -> int:
    """The larger iteration budget of the two sides (0 if neither has one)."""
    return max((_spec(a).iterations or 0) for a in agents)


def doubled(previous: Agents, current: Agents) -> list[tuple[str, str]]:
    """The (newer, previous) agent pairs a doubling made, once each: the sides whose spec changed."""
    pairs: list[tuple[str, str]] = []
    for old, new in zip(previous, current, strict=True):
        if old != new and (new, old) not in pairs:
            pairs.append((new, old))
    return pairs


def converge(play: Callable[[Agents], list[Report]], agents: Agents, *, max_budget: int, match: Match,
             on_round: Callable[[Round], None] | None = None) -> Convergence:
    """Play rounds (``play(agents)`` gives each option's report) at doubling budgets from ``agents``, until every
    option is steady between two rounds or the next doubling would exceed ``max_budget`` iterations; then, for each
    steady option, ``match(newer, previous, option)`` plays each doubled agent against the one before it (see the
    module's text: steady without a win there is not converged)."""
    if budget(agents) == 0:
        raise SpecError("converging needs at least one side with an iteration budget, e.g. --agent plan:16")
    if budget(agents) > max_budget:
        raise SpecError(f"the starting budget {budget(agents)} is above the cap {max_budget}: raise --max-budget")
    rounds: list[Round] = []
    while True:
        rounds.append(Round(agents, play(agents)))
        if on_round:
            on_round(rounds[-1])
        if len(rounds) >= 2 and all(steady(p, c) for p, c in zip(rounds[-2].reports, rounds[-1].reports, strict=True)):
            break
        following = (double(agents[0]), double(agents[1]))
        if budget(following) > max_budget:
            break
        agents = following
    verdicts = []
    for index, rep in enumerate(rounds[-1].reports):
        history = [(r.agents, r.reports[index]) for r in rounds]
        done = len(rounds) >= 2 and steady(rounds[-2].reports[index], rep)
        matches = ([match(new, old, rep.option) for new, old in doubled(rounds[-2].agents, rounds[-1].agents)]
                   if done else [])
        verdicts.append(OptionVerdict(rep.option, done, history, matches))
    return Convergence(rounds, verdicts, max_budget)
