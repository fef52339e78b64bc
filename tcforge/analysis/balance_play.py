"""A balance run played: the work of ``tcforge scenario balance``, which parses its options, calls :func:`play` and
prints the :class:`~tcforge.analysis.balance_run.BalanceRun` it returns.

A run plays a round of every balance option on the same seeds (with a precision asked, more games until each
option's interval is narrow), or rounds at doubling budgets until the rates settle and the doubled player beats the
one before it (:mod:`tcforge.analysis.converge`); then, when asked, the losing side's exploiter
(:mod:`tcforge.analysis.exploit`) and the lever check (:mod:`tcforge.analysis.levercheck`) of the first option. All
of it is played on one cluster (:mod:`tcforge.analysis.cluster`); a stop raises :class:`~tcforge.analysis.cluster.Stopped`
for the command to say, a player spec a converged or tuned run cannot take raises :class:`PlanError`.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tcforge.analysis import balance, cluster
from tcforge.analysis.balance import BATCH, half_width, report
from tcforge.analysis.balance_run import BalanceRun, OptionRun
from tcforge.analysis.verdict import endings, option_effects
from tcforge.progress import step, working
from tcforge.scenarios.scenario import Scenario

# Games are played through ``balance.run`` looked up at each call (not imported by name): the tests stand a runner in
# for it there.

Load = Callable[[str | None], Scenario]  # the scenario under a balance option (None: as written), checked legal
Say = Callable[[str], None]  # a note for the person (standard error)


class PlanError(ValueError):
    """A player spec the run cannot take (doubled by --converge, tuned by --exploit): the option and why."""


@dataclass(frozen=True)
class BalancePlan:
    """How a balance run plays, as its options ask (tcforge scenario balance --help says each)."""

    games: int
    jobs: int
    scheduler: str | None
    seed: int
    precision: float | None
    max_games: int
    converge: bool
    max_budget: int
    match_games: int
    lever_check: bool
    lever_games: int
    exploit: tuple[int, int, int, int] | None  # generations, population, games, check
    quiet: bool = False  # no lines on standard error but the progress (the JSON output)


@dataclass(frozen=True)
class _Run:
    """What every part of one run shares: the scenario file, its loader, the options, the levers, the plan."""

    reference: str
    load: Load
    scenario: Scenario
    options: list[str | None]
    levers: dict[str, Any]
    plan: BalancePlan
    say: Say
    runner: Any


def play(reference: str, sc: Scenario, load: Load, options: list[str | None], players: tuple[str, str],
         levers: dict[str, Any], plan: BalancePlan, say: Say) -> BalanceRun:
    """Play the balance run of the scenario file ``reference`` (``sc`` as written; ``load`` gives it under each
    option) between ``players`` with ``levers`` set, as ``plan`` says; notes go to ``say``."""
    workers = cluster.local_workers(plan.jobs, len(options) * -(-plan.games // BATCH))
    with cluster.client(plan.scheduler, workers) as runner:
        at = _Run(reference, load, sc, options, levers, plan, say, runner)
        converged, runs = _converge(at, players) if plan.converge else (None, _round(at, players))
        first = runs[0].report
        checked = lever_check(reference, load, first.option, first.policies, seed=plan.seed, games=plan.lever_games,
                              levers=levers, runner=runner, say=say) if plan.lever_check else None
        exploiters = _exploit(at, [first]) if plan.exploit is not None else {}
    effects = option_effects([r.report for r in runs], {b.id: b.favours for b in sc.balance},
                             {r.report.option: r.games for r in runs})
    return BalanceRun(sc, runs, effects, converged, exploiters, checked)


def _round(at: _Run, agents: tuple[str, str]) -> list[OptionRun]:
    """One round: each option's games on the same seeds (with a precision, more until its interval is narrow)."""
    plan, sc = at.plan, at.scenario
    sides, out = list(sc.grid.sides), []
    with working(f"{sc.id}", total=plan.games * len(at.options)) as progress:
        for opt in at.options:
            step(progress, 0, f"{sc.id} {opt or 'as written'} ({agents[0]} v {agents[1]})")

            def games(count: int, start: int = 0, opt: str | None = opt) -> list[Any]:
                return balance.run(at.reference, games=count, option=opt, policies=agents, base_seed=plan.seed,
                           client=at.runner, progress=lambda n: step(progress, n), start=start, parameters=at.levers)
            results = games(min(plan.games, plan.max_games) if plan.precision is not None else plan.games)
            while plan.precision is not None and len(results) < plan.max_games and \
                    half_width(results, sides) > plan.precision:  # the same seeds for every option
                step(progress, 0, f"{sc.id} {opt or 'as written'}: {len(results)} games, +/-"
                                  f"{half_width(results, sides):.1%} so far")
                results += games(min(plan.games, plan.max_games - len(results)), len(results))
            met = None
            if plan.precision is not None:  # reached, or stopped short at --max-games: said in the report
                reached = half_width(results, sides)
                met = {"target": plan.precision, "half_width": reached, "reached": reached <= plan.precision,
                       "games": len(results), "max_games": plan.max_games}
            out.append(OptionRun(report(at.load(opt), results, agents, opt), endings(results, sides), results, met))
    return out


def _converge(at: _Run, players: tuple[str, str]) -> tuple[Any, list[OptionRun]]:
    """Rounds at doubling budgets until the rates settle and the doubled player beats the one before it
    (:mod:`tcforge.analysis.converge`): the convergence and its last round's runs."""
    from tcforge.agents import SpecError
    from tcforge.analysis.converge import converge
    from tcforge.analysis.ladder import play_match as side_swapped
    plan, sc = at.plan, at.scenario
    last: list[OptionRun] = []

    def play_round(agents: tuple[str, str]) -> list[Any]:
        last[:] = _round(at, agents)
        return [r.report for r in last]

    def play_match(newer: str, previous: str, opt: str | None) -> Any:
        with working(f"{sc.id} match", total=plan.match_games) as progress:
            step(progress, 0, f"{sc.id} {opt or 'as written'}: {newer} v {previous}, side-swapped")
            found = side_swapped(at.reference, list(sc.grid.sides), newer, previous, games=plan.match_games,
                                 seed=plan.seed, option=opt, client=at.runner, progress=lambda n: step(progress, n))
        if not plan.quiet:
            at.say(f"match {newer} v {previous} [{opt or 'as written'}]: score {found.score:.3f} "
                   f"(95 % {found.interval[0]:.2f}-{found.interval[1]:.2f})")
        return found

    def said(r: Any) -> None:
        at.say(f"played {r.agents[0]} v {r.agents[1]}: " + "; ".join(
            f"{rep.option or 'as written'} {rep.sides[0].side} {rep.sides[0].rate:.1%}" for rep in r.reports))
    try:
        found = converge(play_round, players, max_budget=plan.max_budget, match=play_match,
                         on_round=None if plan.quiet else said)
    except SpecError as exc:
        raise PlanError(f"--converge: {exc}") from None
    return found, last


def lever_check(reference: str, load: Load, option: str | None, policies: tuple[str, str], *, seed: int, games: int,
                levers: dict[str, Any], runner: Any, say: Say) -> Any:
    """The lever check of the scenario file ``reference`` under ``option`` and ``levers``
    (:mod:`tcforge.analysis.levercheck`), ``games`` a probe played by ``policies`` on ``runner``; a probe the
    scenario cannot take is said in one line and left out. ``tcforge scenario tune --lever-check`` asks it too."""
    from tcforge.analysis import levercheck
    from tcforge.data.dataset import load_data
    from tcforge.scenarios.loading import load_scenario, scenario_levers
    sc = load(option)
    chosen = levercheck.probes(sc, scenario_levers(reference, option), load_data().rulesets,
                               data=load_scenario(Path(reference), balance=option).data)
    chosen, refused = levercheck.playable(reference, chosen, option=option, base=levers)
    for line in refused:
        say(f"lever check: {line}")
    with working(f"{sc.id} lever check", total=games * (len(chosen) + 1)) as progress:
        def games_of(*args: Any, **kw: Any) -> Any:
            step(progress, 0, f"{sc.id} lever check: {kw.get('parameters') or 'as it stands'}")
            return balance.run(*args, client=runner, progress=lambda n: step(progress, n), **kw)
        return levercheck.check(reference, sc, chosen, games=games, policies=policies, seed=seed, play=games_of,
                                base=levers, option=option)


def _exploit(at: _Run, reports: list[Any]) -> dict[str | None, Any]:
    """Each report's exploiter (tcforge.analysis.exploit), by option, played on the run's cluster."""
    from tcforge.agents import SpecError
    from tcforge.analysis.exploit import Budget, exploit
    from tcforge.analysis.train import Journal, Trainer
    sc, sizes = at.scenario, at.plan.exploit
    assert sizes is not None
    found: dict[str | None, Any] = {}
    for rep in reports:
        with working(f"{sc.id} {rep.option or 'as written'}: tuning the losing side") as progress:
            def tick(what: str, done: int, total: int) -> None:
                if progress is not None:
                    progress.update(progress.task_ids[0], description=f"{sc.id} exploiter: {what} "
                                    f"({done}/{total} games)")
            trainer = Trainer(at.reference, list(sc.grid.sides), at.runner, Journal(None), tick, rep.option)
            try:
                found[rep.option] = exploit(trainer, rep, sc.id, budget=Budget(*sizes), seed=at.plan.seed)
            except SpecError as exc:
                raise PlanError(f"--exploit: {exc}") from None
    return found
