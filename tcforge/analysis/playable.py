"""The playable verdict of ``tcforge scenario check --play``: every game ends, no engine error, each side can win."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tcforge.analysis.balance import report, run
from tcforge.scenarios.loading import load


@dataclass
class Verdict:
    scenario: str
    games: int
    ended: int
    errors: int
    wins: dict[str, int]
    capped: int
    first_error: str
    example_seeds: dict[str, int | None]
    agents: tuple[str, str] = ("greedy", "greedy")

    @property
    def ok(self) -> bool:
        return self.ended == self.games and not self.errors and all(n > 0 for n in self.wins.values())

    def render(self) -> str:
        wins = ", ".join(f"{side} {n}" for side, n in self.wins.items())
        status = "playable" if self.ok else "NOT playable"
        why = []
        if self.errors:
            why.append(f"{self.errors} engine error(s), first: {self.first_error}")
        for side, n in self.wins.items():
            if n == 0:
                why.append(f"{side} never won")
        detail = f" ({'; '.join(why)})" if why else ""
        ended = "all ended" if self.ended == self.games else f"{self.ended} ended"
        return (f"{self.scenario}: {status}{detail}: {self.games} games ({self.agents[0]} v {self.agents[1]}), {ended} "
                f"({self.capped} at the engine's cap); wins: {wins}")

    def to_json(self) -> dict[str, Any]:
        return {"scenario": self.scenario, "playable": self.ok, "games": self.games, "ended": self.ended,
                "errors": self.errors, "first_error": self.first_error, "wins": self.wins, "capped": self.capped,
                "example_win_seeds": self.example_seeds, "agents": list(self.agents)}


def playable(reference: str, *, games: int, jobs: int = 1, agents: tuple[str, str] = ("greedy", "greedy"),
             progress: Callable[[int], None] | None = None) -> Verdict:
    scenario = load(reference)
    results = run(reference, games=games, jobs=jobs, policies=agents, progress=progress)
    rep = report(scenario, results, agents, None)
    return Verdict(scenario.id, len(results), sum(1 for r in results if r.condition != "error"), rep.errors,
                   {s.side: s.wins for s in rep.sides}, rep.capped, rep.first_error,
                   {s.side: s.example_seed for s in rep.sides}, agents)
