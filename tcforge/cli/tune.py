"""``tcforge scenario levers`` and ``tcforge scenario tune`` (issue 36): commands of the scenario group's app,
registered when the group is mounted (tcforge.cli's lazy groups import this module after tcforge.cli.scenario)."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer

from tcforge.bounds import SEED, bounded
from tcforge.cli.measure import HTML_HELP, SCHEDULER_HELP
from tcforge.cli.options import (
    AGENT_HELP,
    JOBS_DEFAULT,
    Format,
    FormatOpt,
    JobsOpt,
    agent_option,
    format_option,
    option_option,
    out_dir_option,
    scheduler_address,
)
from tcforge.cli.scenario import _agents, _echo, _err, _load, _resolve, _usable, _usage, _writable, app
from tcforge.outpath import file_out

# tune plays best by default (the strongest player trained for the scenario), not greedy as the other commands do
TUNE_AGENT_HELP = AGENT_HELP.replace("default greedy.", "default best.")
assert TUNE_AGENT_HELP != AGENT_HELP


def html_option() -> Any:
    return typer.Option("--html", parser=file_out, metavar="FILE", help=HTML_HELP)


@app.command("levers")
def levers_cmd(
    scenario: Annotated[str, typer.Argument(help="Scenario id or file.")],
    balance: Annotated[str | None, option_option("Read the levers with this balance option applied.")] = None,
    format: Annotated[Format, format_option("text: a line a lever; json: a list.")] = Format.text,
) -> None:
    """What --set can move in a scenario (sweep, tune): its own fields (scenario.*), each side's values (SIDE.*) and
    the ruleset's parameters, with the value now and the values allowed."""
    from tcforge.scenarios.loading import scenario_levers
    sc = _load(scenario, balance)
    items = scenario_levers(str(_resolve(scenario)), balance)
    if format is Format.json:
        _echo(json.dumps([lever.to_json() for lever in items], indent=2, ensure_ascii=False))
        return
    width = max(len(lever.name) for lever in items)
    _echo(f"{sc.id}: {len(items)} lever(s); move one with --set NAME=VALUE (scenario sweep) or --lever NAME (scenario tune)")
    for lever in items:
        now = "none" if lever.value is None else lever.value
        _echo(f"{lever.name:<{width}}  {now!s:>5}  {lever.allowed():<32}  {lever.what}")


@app.command("tune")
def tune_cmd(
    scenario: Annotated[str, typer.Argument(help="Scenario id or file.")],
    lever: Annotated[str, typer.Option(
        "--lever",
        metavar="NAME",
        help="The lever to move: a whole-number lever of 'tcforge "
             "scenario levers' (scenario.reinforcements.german.2.turn, soviet.supply_points, "
             "scenario.turn_limit, turn.hand_limit).")],
    range_: Annotated[str | None, typer.Option(
        "--range",
        metavar="A..B",
        help="The values to search (default: the lever's "
             "own range, cut to its value now +/- 6).")] = None,
    target: Annotated[float, typer.Option("--target", metavar="RATE", help="The win rate wanted for --side, above 0 and below 1.")] = 0.5,
    side: Annotated[str | None, typer.Option("--side", metavar="SIDE", help="Whose win rate (default: the scenario's first side).")] = None,
    agent: Annotated[list[str] | None, agent_option(TUNE_AGENT_HELP)] = None,
    games: Annotated[int, typer.Option("--games", min=20, max=100_000, help="The budget: games over all the values played.")] = 300,
    round_games: Annotated[int, typer.Option("--round-games", min=10, max=10_000, help="Games a value gets in a round.")] = 20,
    precision: Annotated[float | None, typer.Option(
        "--precision",
        metavar="HALF-WIDTH",
        help="Stop once the win rates at the "
             "two whole values around the target are known to this half-width (0.02: "
             "+/- 2 points, some 2,400 games each), or when --games is spent.")] = None,
    balance: Annotated[str | None, option_option()] = None,
    seed: Annotated[int, typer.Option(
        "--seed",
        callback=bounded(SEED),
        help="The root seed: game i of every value is seeded "
             "from it and i, so the values are compared on the same games.")] = 1,
    out: Annotated[Path, out_dir_option("Folder of the kept games (batches.jsonl) and the answer (tune.json): the same "
                                        "command again plays only what is missing.")] = Path("output/tune"),
    jobs: JobsOpt = JOBS_DEFAULT,
    scheduler: Annotated[str | None, typer.Option("--scheduler", help=SCHEDULER_HELP, callback=scheduler_address)] = None,
    html: Annotated[Path | None, html_option()] = None,
    format: FormatOpt = Format.text,
    no_progress: Annotated[bool, typer.Option("--no-progress", help="No progress bar.")] = False,
    lever_check: Annotated[bool, typer.Option("--lever-check", help="After the answer, the lever check of "
                                              "'scenario balance --lever-check' with the same players, on the "
                                              "scenario as it stands.")] = False,
    lever_games: Annotated[int, typer.Option("--lever-games", min=10, max=100_000, help="With --lever-check: games a "
                                             "probe (and the scenario as it stands), on the same seeds.")] = 200,
) -> None:
    """Which value of a lever gives a side the target win rate: plays where it learns most (around the crossing of
    the fitted win rate, not a fixed grid), fits a logistic line with its uncertainty and answers 'LEVER = v gives
    the target (95 % interval)', with the two whole values around it and their rates. Resumable; by default with
    the strongest player trained for the scenario (best)."""
    if not 0 < target < 1:
        _usage(f"--target {target}: give a win rate above 0 and below 1 (0.5)")
    if precision is not None and not 0.001 <= precision <= 0.5:
        _usage(f"--precision {precision}: give a half-width from 0.001 to 0.5 (0.02 is +/- 2 points)")
    if jobs < 0:
        _usage("--jobs is at least 0 (0: a worker a core)")
    _writable(html)
    _writable(out / "batches.jsonl")
    _writable(out / "tune.json")
    sc = _load(scenario, balance)
    sides = list(sc.grid.sides)
    who = side or sides[0]
    if who not in sides:
        _usage(f"--side {who}: not a side of {sc.id}; use one of {', '.join(sides)}")
    plan = _tune_plan(scenario, sc, lever, range_, who, agent, target, games, round_games, seed, precision, balance)
    tuned = _play_tune(plan, sc.id, out, jobs, scheduler, no_progress or format is Format.json,
                       quiet=format is Format.json)
    checked = _tune_lever_check(scenario, plan, lever_games, jobs, scheduler) \
        if lever_check and tuned.stopped is None else None
    from tcforge.atomic import write_atomic
    out.mkdir(parents=True, exist_ok=True)
    document = tuned.to_json()
    if checked is not None:
        document["lever_check"] = checked.to_json()
    write_atomic(out / "tune.json", json.dumps(document, indent=2, ensure_ascii=False) + "\n")
    if format is Format.json:
        _echo(json.dumps(document, indent=2, ensure_ascii=False))
    else:
        for line in render_tuned(tuned, sc.id) + (checked.render() if checked is not None else []):
            _echo(line)
    if html is not None:
        from tcforge.cli.report import proof_seeds, tune_report, write_html
        write_html(html, tune_report(tuned, sc, checked), sc, proof_seeds(tuned), plan.agents)
        _err(f"report: {html}")
    if tuned.stopped is not None:
        _err(f"tcforge: tune stopped ({tuned.stopped.reason}): the games played are kept in {out}; rerun the same command "
             "to go on")
        raise typer.Exit(130 if tuned.stopped.interrupted else 1)


def _tune_plan(scenario: str, sc: Any, lever: str, range_: str | None, who: str, agent: list[str] | None,
               target: float, games: int, round_games: int, seed: int, precision: float | None,
               balance: str | None) -> Any:
    """The tune's plan (tcforge.analysis.tune.Plan): the lever and its range checked against the scenario (each end
    loads), the budget against the first round, the players against the scenario and a tune's need to replay."""
    from tcforge.analysis.tune import Plan, TuneError, check_range, parse_range
    from tcforge.scenarios.levers import find
    from tcforge.scenarios.loading import scenario_levers
    sides = list(sc.grid.sides)
    known = scenario_levers(str(_resolve(scenario)), balance)
    chosen = find(known, lever)
    if chosen is None:
        close = [x.name for x in known if x.name.split(".")[0] == lever.split(".")[0]][:6]
        _usage(f"--lever {lever[:80]}: no such lever in {sc.id}; " + (f"its levers like it: {', '.join(close)}" if close else
                                                                       f"'tcforge scenario levers {scenario}' lists them"))
    assert chosen is not None
    if chosen.low is None or chosen.high is None:
        _usage(f"--lever {lever}: not a whole-number lever with a range; tune moves the numbers of 'tcforge scenario levers'")
    assert chosen.low is not None and chosen.high is not None
    try:
        if range_ is not None:
            low, high = parse_range(range_)
        else:
            now = chosen.value if isinstance(chosen.value, int) else (chosen.low + chosen.high) // 2
            low, high = max(chosen.low, now - 6), min(chosen.high, now + 6)
        check_range(low, high, lever, chosen.low, chosen.high)
    except TuneError as exc:
        _usage(str(exc))
    for end in (low, high):  # each end loads (a turn limit before a reinforcement, a shift off the board): said now
        from tcforge.scenarios.findings import ScenarioError
        from tcforge.scenarios.loading import load
        try:
            load(str(_resolve(scenario)), balance=balance, parameters={lever: end})
        except ScenarioError as exc:
            _usage(f"--range {low}..{high}: {exc.findings[0].message}")
    from tcforge.analysis.tune import first_values, minimum_budget
    batch = 10
    if games < minimum_budget(low, high, batch):  # the first round could not give each value a batch: nothing played
        _usage(f"--games {games}: the first round plays {len(first_values(low, high))} values of {low}..{high}, "
               f"{batch} games each at least; give --games {minimum_budget(low, high, batch)} or more, or a narrower --range")
    players = _agents(sides, agent or ["best"], None)
    _usable(players, sc.id)
    from tcforge.agents.spec import parse as parse_spec
    timed = [spec for spec in players if parse_spec(spec).seconds is not None]
    if timed:  # hundreds of games at seconds a decision, kept and played again from their seeds: neither holds
        _usage(f"--agent {timed[0]} searches for a time: a tune plays hundreds of games and keeps them to be played "
               "again from their seeds, which a time budget does not do; give it a number of iterations (plan:64)")
    return Plan(str(_resolve(scenario)), lever, low, high, who, players, target, games,
                max(batch, round_games // batch * batch), batch, seed, precision, balance, tuple(sides),
                (chosen.low, chosen.high), sc.initiative.method)


def _play_tune(plan: Any, scenario_id: str, out: Path, jobs: int, scheduler: str | None, no_progress: bool, *,
               quiet: bool) -> Any:
    """Play the tune's rounds (tcforge.analysis.tune.tune) with a progress bar and a line a round (unless ``quiet``);
    a stop of the cluster, or a budget that played no game, ends the command in one line."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    from tcforge.analysis import cluster
    from tcforge.analysis.tune import tune
    from tcforge.cli.scenario import _progress_console
    games, batch, lever = plan.games, plan.batch, plan.lever
    progress = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TextColumn("games"),
                        transient=True, disable=no_progress, console=_progress_console())
    task = progress.add_task(f"{scenario_id}: tuning {lever}", total=games)

    def told(n: int, values: list[int], partial: Any) -> None:
        if not quiet:
            progress.console.print(f"round {n}: played {', '.join(map(str, values))}; " + partial.answer(), style=None,
                                   highlight=False)

    try:
        with progress:
            tuned = tune(plan, out, jobs=jobs, scheduler=scheduler, progress=lambda n: progress.advance(task, n), on_round=told)
    except cluster.Stopped as exc:
        _err(f"tcforge: tune stopped: {exc.reason}")
        raise typer.Exit(1) from None
    if tuned.total == 0 and tuned.stopped is None:  # never a success with no game
        _err(f"tcforge: tune played no game: --games {games} leaves no round a batch of {batch} games a value")
        raise typer.Exit(1)
    return tuned


def _tune_lever_check(scenario: str, plan: Any, lever_games: int, jobs: int, scheduler: str | None) -> Any:
    """The lever check after the answer, on a cluster of its own; a stop ends the command in one line."""
    from tcforge.analysis import cluster
    from tcforge.analysis.balance_play import lever_check
    try:
        with cluster.client(scheduler, cluster.local_workers(jobs, 1_000)) as runner:
            return lever_check(str(_resolve(scenario)), lambda option: _load(scenario, option), plan.option, plan.agents,
                               seed=plan.seed, games=lever_games, levers={}, runner=runner, say=_err)
    except cluster.Stopped as exc:
        _err(f"tcforge: the lever check stopped: {exc.reason}")
        raise typer.Exit(1) from None


def render_tuned(tuned: Any, scenario_id: str) -> list[str]:
    from tcforge.cli.report import players_told
    p = tuned.plan
    first, second = players_told(scenario_id, p.agents, list(p.sides))
    lines = [f"{scenario_id}: {p.lever} over {p.low}..{p.high} for {p.side} {p.target:.0%}, "
             f"{first} v {second}; {tuned.total} games in {tuned.rounds} round(s) ({tuned.played_now} played now, "
             f"{tuned.kept_before} kept from before); stopped: {tuned.why_stopped}"]
    for q in sorted(tuned.points, key=lambda q: q.value):
        lo, hi = q.interval
        lines.append(f"  {p.lever} = {q.value:>3}: {p.side} wins {q.wins:>4}/{q.games:<4} = {q.rate:6.1%} (95 % {lo:.1%}-{hi:.1%})")
    if tuned.fit is not None:
        lines.append(f"  fit: logit P({p.side} wins) = {tuned.fit.a:+.3f} {tuned.fit.b:+.3f} x {p.lever.rsplit('.', 1)[-1]} "
                     f"(slope standard error {tuned.fit.slope_se:.3f})")
    lines.append("answer: " + tuned.answer())
    if tuned.step is not None and tuned.between is not None:
        a, b = tuned.between
        lines.append(f"  from {a.value} to {b.value}, on the same seeds: {tuned.step.render()}")
    return lines
