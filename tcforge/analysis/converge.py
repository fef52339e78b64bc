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
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from tcforge.agents.spec import AgentSpec, SpecError, parse
from tcforge.analysis.balance import Report

Agents = tuple[str, str]


@dataclass
class Round:
    agents: Agents
    reports: list[Report]  # one per balance option, in the order asked


@dataclass
class OptionVerdict:
    option: str | None
    converged: bool
    history: list[tuple[Agents, Report]]  # the option's report at each round

    @property
    def status(self) -> str:
        return "converged" if self.converged else "provisional"

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
        elif self.converged:
            lines.append(f"  from {self.history[-2][0][0]} to {agents[0]} every side's win rate stayed inside the newer interval")
        return lines

    def to_json(self) -> dict[str, Any]:
        sides = [s.side for s in self.history[-1][1].sides]
        return {"option": self.option, "status": self.status, "agents": list(self.history[-1][0]),
                "trend_per_doubling": {side: self.trend(side) for side in sides},
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


def converge(play: Callable[[Agents], list[Report]], agents: Agents, *, max_budget: int,
             on_round: Callable[[Round], None] | None = None) -> Convergence:
    """Play rounds (``play(agents)`` gives each option's report) at doubling budgets from ``agents``, until every
    option is steady between two rounds or the next doubling would exceed ``max_budget`` iterations."""
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
        verdicts.append(OptionVerdict(rep.option, done, history))
    return Convergence(rounds, verdicts, max_budget)
