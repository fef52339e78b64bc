"""What ``tcforge scenario balance`` measured, as one result object: each balance option's games, report and
endings, what each option changes against the scenario as written, and the optional extras (the rounds at
doubling budgets, the losing side's exploiter, the lever check). :meth:`BalanceRun.to_json` is the command's JSON,
:meth:`BalanceRun.render` its text; the command parses its options, plays (:mod:`tcforge.analysis.balance_play`) and prints.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tcforge.analysis.balance import Report
from tcforge.analysis.replay_command import play_command
from tcforge.analysis.stats import first_player, lead_curve
from tcforge.analysis.verdict import Ending, OptionEffect, render_endings


@dataclass
class OptionRun:
    """One balance option's games (the last round's, with --converge): its report, how its games ended, the games
    themselves, and with --precision the half-width reached (``precision``)."""

    report: Report
    endings: list[Ending]
    games: list[Any]
    precision: dict[str, Any] | None = None


@dataclass
class BalanceRun:
    """A balance run of scenario ``scenario`` (the loaded scenario): each option compared, in order."""

    scenario: Any
    options: list[OptionRun]
    effects: list[OptionEffect] = field(default_factory=list)
    converged: Any = None  # tcforge.analysis.converge.Convergence, with --converge
    exploiters: dict[str | None, Any] = field(default_factory=dict)  # by option, with --exploit
    lever_check: Any = None  # tcforge.analysis.levercheck's check of the first option, with --lever-check

    @property
    def reports(self) -> list[Report]:
        return [o.report for o in self.options]

    @property
    def games_of(self) -> dict[str | None, list[Any]]:
        return {o.report.option: o.games for o in self.options}

    def _who_and_when(self, games: list[Any]) -> tuple[Any, Any]:
        """Who moved first and what it was worth (a rolled initiative), and who led turn by turn."""
        sc = self.scenario
        first = first_player(games) if sc.initiative.method == "roll" else None
        return first, lead_curve(games, sc.grid.sides[0], list(sc.grid.sides))

    def to_json(self) -> Any:
        data: list[dict[str, Any]] = []
        first_report = self.options[0].report if self.options else None
        precision = any(o.precision is not None for o in self.options)  # --precision: every option says its own
        for run in self.options:
            rep = run.report
            entry = rep.to_json()
            entry["outcomes"] = [e.to_json() for e in run.endings]
            first, curve = self._who_and_when(run.games)
            entry.update({"first_player": first.to_json() if first else None,
                          "lead": curve.to_json() if curve.turns else None})
            if precision:
                entry["precision"] = run.precision
            entry["against_as_written"] = next((e.to_json() for e in self.effects if e.option == rep.option), None)
            if rep.option in self.exploiters:
                entry["exploiter"] = self.exploiters[rep.option].to_json()
            if self.lever_check is not None and rep is first_report:
                entry["lever_check"] = self.lever_check.to_json()
            data.append(entry)
        if self.converged is None:
            return data
        return {**self.converged.to_json(), "final": data}

    def render(self) -> list[str]:
        sc = self.scenario
        sides = list(sc.grid.sides)
        out: list[str] = []
        if self.converged is not None:
            out.append(f"{sc.id}: balance at doubling budgets (cap {self.converged.max_budget} a decision or turn), "
                       "the same seeds each round")
            for verdict in self.converged.verdicts:
                out += [f"  {line}" for line in verdict.render()]
                if verdict.option in self.exploiters:
                    out.append(f"    exploiter: {self.exploiters[verdict.option].render()}")
            first_report = self.options[0].report
            out.append(f"the last round's games, at {first_report.policies[0]} v {first_report.policies[1]}:")
        for run in self.options:
            out += self._render_option(run, sides)
        out += [f"option {effect.render()}" for effect in self.effects]
        out += self.lever_check.render() if self.lever_check is not None else []
        return out

    def _render_option(self, run: OptionRun, sides: list[str]) -> list[str]:
        sc, rep = self.scenario, run.report
        out = [f"{rep.scenario} [{rep.option or 'as written'}], {rep.games} games, {rep.policies[0]} v {rep.policies[1]}"]
        for s in rep.sides:
            lo, hi = s.interval
            line = f"  {s.side:<10} wins {s.wins:>5} = {s.rate:6.1%}  (95 % {lo:.1%}-{hi:.1%})"
            if s.example_seed is not None:  # the seed with the players that played it, as 'scenario play' takes them
                line += "; a win: " + play_command(sc.id, s.example_seed, rep.policies, sides, None,
                                                   rep.option).split(" ", 4)[-1]
            else:
                line += f"; never won: {s.never_won_because}"
            out.append(line)
        met = run.precision
        if met is not None and not met["reached"]:
            out.append(f"  precision ±{met['target'] * 100:g} points not reached: stopped at --max-games "
                       f"{met['max_games']} (±{met['half_width'] * 100:.1f} points after {met['games']} games)")
        out.append(f"  balance {rep.balance:.2f}; completion {rep.completion:.1%}; draws {rep.draws}; "
                   f"turn-limit endings {rep.turn_limit}; stopped at the engine's cap {rep.capped}; engine errors "
                   f"{rep.errors}")
        lengths = rep.lengths
        out.append(f"  length in turns: min {lengths['min']}, median {lengths['median']}, mean {lengths['mean']}, "
                   f"max {lengths['max']}")
        out.append("  endings: " + ", ".join(f"{k} {v}" for k, v in rep.endings.items()))
        for s in rep.sides:
            out.append(f"  {s.side} losses a game: " + (", ".join(f"{k} {v}" for k, v in s.losses.items()) or "none"))
        whose = play_command(sc.id, 1, rep.policies, sides, None, rep.option).split(" --seed 1", 1)[1].strip()
        out += [f"  why: {line}" for line in render_endings(run.endings, whose)]
        first, curve = self._who_and_when(run.games)
        if first is not None:
            out.append(f"  first player: {first.render()}")
        if curve.turns:
            out.append(f"  who leads: {curve.render()}")
        if rep.option in self.exploiters:
            out.append(f"  exploiter: {self.exploiters[rep.option].render()}")
        return out
