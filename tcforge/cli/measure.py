"""``tcforge scenario balance``, ``ladder``, ``train``, ``sweep`` and ``puzzles``: the commands that play many games to
measure a scenario or its players. Commands of the scenario group's app, registered when the group is mounted
(tcforge.cli's lazy groups import this module after tcforge.cli.scenario); each parses its options, calls its service
in tcforge.analysis and prints what it returns.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from tcforge.bounds import BATCH, BUDGET, EVEN_GAMES, GAMES, SEED, bounded, shown
from tcforge.cli.options import (
    JOBS_DEFAULT,
    AgentOpt,
    Format,
    FormatOpt,
    JobsOpt,
    OptionOpt,
    PlotOpt,
    PolicyOpt,
    RungsOpt,
    agent_option,
    deprecated_option,
    format_option,
    option_option,
    out_dir_option,
    out_file_option,
    rung_option,
    scheduler_address,
)
from tcforge.cli.scenario import _agents, _echo, _err, _load, _progress_console, _resolve, _set_levers, _usable, _usage, _writable, app
from tcforge.outpath import file_out

if TYPE_CHECKING:  # the balance service is imported when the command runs (it brings the cluster)
    from tcforge.analysis.balance_play import BalancePlan
    from tcforge.analysis.balance_run import BalanceRun


HTML_HELP = ("Also write a report a designer reads in a browser: one self-contained HTML file (no network) with the "
             "verdict in words, the curves and tables, and each proof game as a step-through replay on the board. A "
             "missing folder is made, as for the other outputs.")
PNG_OUT_HELP = ("Write {what} as a PNG here; the report itself goes to standard output (--format, and > FILE to keep "
                "it). --plot is the old spelling.")
SCHEDULER_HELP = ("Play on a running Dask cluster: tcp://HOST:8786 (see 'Sweeps, and playing on a cluster' in "
                  "docs/guide/scenarios.md); 'local' for a Dask cluster of --jobs workers on this machine. Without it a "
                  "local process pool plays (faster on a few cores).")


@app.command("balance")
def balance_cmd(
    scenario: Annotated[str, typer.Argument(help="Scenario id or file.")],
    games: Annotated[int, typer.Option(
        "--games",
        callback=bounded(GAMES),
        help="Games per balance option (per round with --converge).")] = 200,
    jobs: JobsOpt = JOBS_DEFAULT,
    scheduler: Annotated[str | None, typer.Option("--scheduler", help=SCHEDULER_HELP, callback=scheduler_address)] = None,
    option: Annotated[list[str] | None, option_option("Balance options to compare, 'as-written' for none, 'all' for "
                                                      "as written and every option (the default).")] = None,
    agent: AgentOpt = None,
    policy: PolicyOpt = None,
    seed: Annotated[int, typer.Option("--seed", callback=bounded(SEED), help="The root seed: game i's seed is derived from it and i.")] = 1,
    converge: Annotated[bool, typer.Option(
        "--converge",
        help="Double the agents' iteration budgets each round until "
             "no win rate moves out of its 95 % interval, or --max-budget is reached (provisional).")] = False,
    max_budget: Annotated[int, typer.Option(
        "--max-budget",
        callback=bounded(BUDGET),
        help="With --converge: the largest budget to play "
             "(iterations or playouts, as the agent counts them).")] = 400,
    match_games: Annotated[int, typer.Option(
        "--match-games",
        callback=bounded(EVEN_GAMES),
        help="With --converge: games of "
             "the side-swapped match (half with each side) in which the doubled agent must beat "
             "the one before it for a steady option to count as converged.")] = 40,
    exploit: Annotated[bool, typer.Option(
        "--exploit",
        help="After the verdict, tune the losing side's commander against "
             "the winner's player (one best-response round) and say how well it then does. Only "
             "the first option compared (as written by default; choose another with --option): "
             "some 1,000 games at the defaults below, as many again for each further option.")] = False,
    exploit_generations: Annotated[int, typer.Option(
        "--exploit-generations",
        min=1,
        max=200,
        help="With --exploit: CMA-ES generations.")] = 4,
    exploit_population: Annotated[int, typer.Option(
        "--exploit-population",
        min=2,
        max=64,
        help="With --exploit: doctrines a generation.")] = 6,
    exploit_games: Annotated[int, typer.Option(
        "--exploit-games",
        min=2,
        max=10_000,
        help="With --exploit: games a doctrine plays in the search.")] = 24,
    exploit_check: Annotated[int, typer.Option(
        "--exploit-check",
        min=10,
        max=100_000,
        help="With --exploit: fresh games "
             "of the check whose score and interval are reported.")] = 100,
    format: FormatOpt = Format.text,
    out: Annotated[Path | None, out_file_option(PNG_OUT_HELP.format(what="the win rates with their intervals"))] = None,
    plot: PlotOpt = None,
    html: Annotated[Path | None, typer.Option("--html", parser=file_out, metavar="FILE", help=HTML_HELP)] = None,
    precision: Annotated[float | None, typer.Option(
        "--precision",
        metavar="HALF-WIDTH",
        help="Play --games more at a time "
             "until every side's 95 % interval is at most this half-width (0.02: +/- 2 "
             "points, some 2,400 games at 50 %), or --max-games are played.")] = None,
    max_games: Annotated[int, typer.Option(
        "--max-games",
        callback=bounded(GAMES),
        help="With --precision: the most games "
             "an option plays.")] = 10_000,
    set_: Annotated[list[str] | None, typer.Option("--set", help="Levers for every game: "
                                                   "NAME=VALUE[;NAME=VALUE], as 'scenario sweep --set' takes them "
                                                   "('tcforge scenario levers ID' lists them).")] = None,
    lever_check: Annotated[bool, typer.Option("--lever-check", help="After the verdict, play the obvious levers (one "
                                              "more Supply point, the strongest card removed, each reinforcement a "
                                              "turn earlier and later, the "
                                              "turn limit a turn shorter and longer) and the ruleset's unclear readings "
                                              "the other way, on the same seeds: does the verdict respond, and which "
                                              "readings does it hang on. Only the first option compared.")] = False,
    lever_games: Annotated[int, typer.Option("--lever-games", min=10, max=100_000, help="With --lever-check: games a "
                                             "probe (and the scenario as it stands), on the same seeds.")] = 200,
) -> None:
    """Play many seeded games in parallel and report win rates, balance, completion, lengths and losses, how the
    games ended and what each balance option changes; with --converge, at doubling budgets until the rates settle
    and the doubled player beats the one before it; with --exploit, how well the losing side does once tuned; with
    --lever-check, whether the verdict responds to the obvious levers and which unclear readings it hangs on."""
    from tcforge.analysis.balance import write_plot
    from tcforge.analysis.balance_play import BalancePlan
    if precision is not None and not 0.001 <= precision <= 0.5:
        _usage(f"--precision {precision}: give a half-width from 0.001 to 0.5 (0.02 is +/- 2 points)")
    plot = out or plot
    _writable(plot)
    _writable(html)
    sc = _load(scenario)
    levers = _set_levers(scenario, None, set_)[1] if set_ else {}
    players = _agents(list(sc.grid.sides), agent, policy)
    _usable(players, sc.id)
    known = {b.id for b in sc.balance}
    asked = [o for o in option or [] if o != "all"]
    options = [None, *(b.id for b in sc.balance)] if not asked else [None if o == "as-written" else o for o in asked]
    for opt in options:
        if opt is not None and opt not in known:
            _usage(f"unknown balance option '{opt}' of {sc.id}: use one of {', '.join(sorted(known)) or '(none)'}")
    done = _balance_run(scenario, sc, options, players, levers, BalancePlan(
        games, jobs, scheduler, seed, precision, max_games, converge, max_budget, match_games, lever_check, lever_games,
        (exploit_generations, exploit_population, exploit_games, exploit_check) if exploit else None,
        quiet=format is Format.json))
    if plot is not None:
        write_plot(done.reports, plot)
    if html is not None:
        from tcforge.cli.report import balance_report, write_html
        document, proofs = balance_report(sc, done.reports, done.games_of, done.effects, done.lever_check)
        write_html(html, document, sc, proofs, done.reports[0].policies)
        _err(f"report: {html}")
    if format is Format.json:
        _echo(json.dumps(done.to_json(), indent=2, ensure_ascii=False))
        return
    for line in done.render():
        _echo(line)
    if plot is not None:
        _err(f"plot: {plot}")


def _balance_run(scenario: str, sc: Any, options: list[str | None], players: tuple[str, str], levers: dict[str, Any],
                 plan: BalancePlan) -> BalanceRun:
    """The balance run played (tcforge.analysis.balance_play); a stop or a spec the run cannot take ends the command
    in one line."""
    from tcforge.analysis import balance_play, cluster
    try:
        return balance_play.play(str(_resolve(scenario)), sc, lambda option: _load(scenario, option), options, players,
                                 levers, plan, _err)
    except balance_play.PlanError as exc:
        _usage(str(exc))
    except cluster.Stopped as exc:
        if exc.interrupted:  # the entry point says "tcforge: interrupted" once, then this note
            from tcforge.interrupt import note_interrupted
            note_interrupted("balance keeps no games; 'tcforge scenario sweep' keeps the games finished before a stop")
            raise typer.Exit(130) from exc
        _err(f"tcforge: balance stopped: {exc.reason}")
        raise typer.Exit(1) from None


LADDER_RUNGS = ("random", "greedy", "best", "look:2:base=trained,value=learned")  # issue 34: the players that climb
LADDER_AGENT_HELP = ("A rung: an agent SPEC (as in 'scenario play --agent'; no SIDE=, since a rung plays both sides). "
                     "Repeat it, weakest first: each rung plays the one before it. Default: "
                     + " ".join(f"--agent {r}" for r in LADDER_RUNGS) + ".")


@app.command("ladder")
def ladder_cmd(
    scenario: Annotated[str, typer.Argument(help="Scenario id or file.")],
    agent: Annotated[list[str] | None, rung_option(LADDER_AGENT_HELP)] = None,
    rungs: RungsOpt = None,
    games: Annotated[int, typer.Option(
        "--games",
        callback=bounded(EVEN_GAMES),
        help="Games a rung, an even number: half with each side, on the same seeds.")] = 40,
    jobs: JobsOpt = JOBS_DEFAULT,
    seed: Annotated[int, typer.Option(
        "--seed",
        callback=bounded(SEED),
        help="The root seed: the games/2 seeds, derived from it and each game's "
             "index, are played with each side.")] = 1,
    balance: OptionOpt = None,
    format: FormatOpt = Format.text,
    out: Annotated[Path | None, out_file_option(PNG_OUT_HELP.format(what="each rung's score with its interval"))] = None,
    plot: PlotOpt = None,
) -> None:
    """A strength ladder: each rung plays the one below it, side-swapped, and scores (wins + draws/2) / games
    with a 95 % interval (each side's Wilson interval, combined); says where the ladder flattens (the first rung
    not clearly above 0.5)."""
    from rich.progress import Progress

    from tcforge.analysis.ladder import climb, render, write_plot
    specs = _rungs(agent, rungs)
    if games < 2 or games % 2 or jobs < 0:
        _usage("--games must be an even number of at least 2 (half with each side) and --jobs at least 0")
    plot = out or plot
    _writable(plot)
    sc = _load(scenario, balance)
    _usable(specs, sc.id)
    with Progress(transient=True, console=_progress_console(), disable=format is Format.json) as progress:
        def tick(label: str, total: int) -> Any:
            task = progress.add_task(f"{sc.id} {label}", total=total)
            return lambda n: progress.advance(task, n)
        from tcforge.cli.common import stoppable
        with stoppable("ladder"):
            result = climb(str(_resolve(scenario)), list(sc.grid.sides), specs, games=games, jobs=jobs, seed=seed,
                           option=balance, scenario_id=sc.id, progress=tick)
    if plot is not None:
        write_plot(result, plot)
    if format is Format.json:
        _echo(json.dumps(result.to_json(), indent=2, ensure_ascii=False))
    else:
        for line in render(result):
            _echo(line)
    if plot is not None:
        _err(f"wrote {plot}")


def _rungs(agent: list[str] | None, rungs: str | None) -> list[str]:
    """The ladder's rungs, weakest first, each a canonical spec naming no side (a rung plays both)."""
    from tcforge.agents import SpecError, canonical
    from tcforge.agents.spec import split_specs
    if agent and rungs is not None:
        _usage("give the rungs as --agent, once a rung, or as the older --rungs, not both")
    named = "--rungs" if rungs is not None else "--agent"
    specs = split_specs(rungs) if rungs is not None else list(agent or []) or list(LADDER_RUNGS)
    for spec in specs:
        head, eq, _ = spec.partition("=")
        if eq and ":" not in head:
            _usage(f"--agent {spec}: a rung plays both sides (half its games with each), so it names no side: "
                   "write --agent SPEC, once a rung, weakest first")
    if len(specs) < 2:
        _usage(f"{named} needs at least two agent specs, weakest first (--agent random --agent greedy)")
    try:
        return [canonical(r) for r in specs]
    except SpecError as exc:
        _usage(f"{named}: {exc}")


TRAIN_OUT_HELP = ("Where to write the trained players (a YAML file; default players/SCENARIO.yaml in the first --data "
                  "folder, else in the working folder: read it back with tcforge --data FOLDER).")


@app.command("train")
def train_cmd(
    scenario: Annotated[str, typer.Argument(help="Scenario id or file.")],
    rounds: Annotated[int, typer.Option(
        "--rounds",
        min=1,
        max=40,
        help="Best-response rounds, the sides in turn (the underdog "
             "first); training stops sooner once each side in turn finds no gain.")] = 4,
    generations: Annotated[int, typer.Option("--generations", min=1, max=200, help="CMA-ES generations a round.")] = 8,
    population: Annotated[int, typer.Option("--population", min=2, max=64, help="Doctrines a generation.")] = 8,
    games: Annotated[int, typer.Option(
        "--games",
        min=2,
        max=10_000,
        help="Games a doctrine plays in the search (the same "
             "seeds for every doctrine of a generation).")] = 48,
    check: Annotated[int, typer.Option(
        "--check-games",
        min=10,
        max=100_000,
        help="Fresh games the finalists and the current "
             "doctrine play at a round's end; a doctrine is kept only on a paired gain above zero.")] = 200,
    seed: Annotated[int, typer.Option("--seed", callback=bounded(SEED), help="The root seed of every game of the training.")] = 1,
    shape: Annotated[float, typer.Option(
        "--shape",
        min=0.0,
        max=1.0,
        help="In the search, a game not won earns this "
             "share of the positions the side held at its end (the checks count wins only).")] = 0.3,
    fit_games: Annotated[int, typer.Option(
        "--fit-games",
        min=0,
        max=100_000,
        help="Games between the trained players "
             "whose positions fit each side's learned evaluation (look:2:value=learned); 0: none.")] = 300,
    strongest: Annotated[list[str] | None, typer.Option(
        "--strongest",
        metavar="SPEC",
        help="The player 'best' is to "
             "play for this scenario, or SIDE=SPEC for one side (repeat for each), "
             "written into the file (measure it first: scenario ladder); default: "
             "the trained commander.")] = None,
    balance: OptionOpt = None,
    jobs: JobsOpt = JOBS_DEFAULT,
    scheduler: Annotated[str | None, typer.Option("--scheduler", help=SCHEDULER_HELP, callback=scheduler_address)] = None,
    out: Annotated[Path | None, out_file_option(TRAIN_OUT_HELP)] = None,
    keep: Annotated[Path, typer.Option(
        "--keep",
        file_okay=False,
        help="Folder of the kept evaluations "
             "(journal.jsonl): a rerun with the same arguments resumes, and replays what was played "
             "without a game.")] = Path("output/train"),
    no_progress: Annotated[bool, typer.Option("--no-progress", help="No progress bar.")] = False,
) -> None:
    """Train the commander for each side of a scenario: alternating best responses, each a CMA-ES search over the
    doctrine's knobs on batches of games, kept only when a held-out check shows the gain; writes the doctrines as
    data for the 'best' player (--agent best)."""
    import datetime
    import shlex

    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    from tcforge.analysis.train import render, train, write
    from tcforge.cli.common import stoppable
    if jobs < 0:
        _usage("--jobs is at least 0 (0: a worker a core)")
    sc = _load(scenario, balance)
    named, side_named = _strongest(strongest or [], list(sc.grid.sides))
    out = _players_file(out, keep, sc.id, balance)
    command = "tcforge " + " ".join(shlex.quote(a) for a in _deciding(sys.argv[1:])) if sys.argv[1:] \
        else f"tcforge scenario train {sc.id}"
    progress = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TextColumn("games"),
                        transient=True, disable=no_progress, console=_progress_console())
    task = progress.add_task(f"{sc.id}: training", total=1)

    def tick(what: str, done: int, total: int) -> None:
        progress.update(task, description=f"{sc.id}: {what}", completed=done, total=total)

    def told(found: Any) -> None:
        progress.console.print(render_round(found))

    from tcforge.analysis.train import render_round
    with progress, stoppable("train"):
        training = train(str(_resolve(scenario)), list(sc.grid.sides), rounds=rounds, generations=generations,
                         population=population, games=games, check=check, seed=seed, jobs=jobs, scheduler=scheduler,
                         keep=keep, progress=tick, option=balance, on_round=told, scenario_id=sc.id,
                         fit_games=fit_games, shape=shape)
    write(training, out, command, datetime.date.today().isoformat(), named, side_named)
    # each round was told on the terminal as it ended: the summary repeats them only where it goes elsewhere (a file)
    from tcforge.cli.common import err
    for line in render(training, rounds=not (err.is_terminal and sys.stdout.isatty())):
        _echo(line)
    _err(f"wrote {out}")


def _players_file(out: Path | None, keep: Path, scenario_id: str, balance: str | None) -> Path:
    """Where the trained players go (players/ID.yaml in the first --data folder, else the working folder), checked
    writable with the journal's folder before a training of minutes begins."""
    from tcforge.paths import user_data_dirs
    if out is None:
        if balance is not None:  # best reads players/ID.yaml for the scenario as written: not a balance option's
            _usage(f"--option {balance}: the players trained for a balance option are not the scenario's; name their "
                   "file with --out FILE")
        folders = user_data_dirs()
        out = (folders[0] if folders else Path.cwd()) / "players" / f"{scenario_id}.yaml"
    _writable(out)
    _writable(keep / "journal.jsonl")
    for folder in (out.parent, keep):  # a training takes minutes: a folder that cannot be made is said before it
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            _err(f"tcforge: {folder}: no folder can be made there ({exc.strerror or exc}); write it somewhere else")
            raise typer.Exit(1) from None
    return out


def _strongest(texts: list[str], sides: list[str]) -> tuple[str | None, dict[str, str]]:
    """``--strongest`` of train: the file's player (SPEC) and each side's own (SIDE=SPEC), each built once to check
    it; a spec that does not build, names best, or a side named twice: one line, exit 2."""
    from tcforge.agents import SpecError, canonical
    named: str | None = None
    side_named: dict[str, str] = {}
    for text in texts:
        side, sep, spec = text.partition("=")
        if not sep or side not in sides:  # a spec's own options hold '=' too (look:6:k=3): SIDE= only for a side id
            side, spec = "", text
        try:
            spec = canonical(spec)
        except SpecError as exc:
            _usage(f"--strongest: {exc}")
        if spec.split(":", 1)[0] == "best":
            _usage("--strongest names the player best stands for, not best itself")
        from tcforge.agents.spec import parse as parse_spec
        if parse_spec(spec).seconds is not None:  # the players file would be refused (agents.trained.file_problems)
            _usage(f"--strongest {spec} searches for a time: its games cannot be played again from their seed, so a "
                   "log of 'best' could not be proven; give it a number of iterations (plan:64, look:6)")
        if (side and side in side_named) or (not side and named is not None):
            _usage(f"--strongest: {side or 'the scenario'} named twice; give one player for it")
        if side:
            side_named[side] = spec
        else:
            named = spec
    return named, side_named


# options of train that decide nothing of its result: left out of the command the players' file records, which
# must make the same file again on any machine (where the output goes, the journal, the workers, the bar)
_WHERE = {"--out", "-o", "--keep", "--jobs", "--scheduler"}


def _deciding(args: list[str]) -> list[str]:
    """The command line without the options that change where and how fast, not what, a training finds."""
    out: list[str] = []
    skip = False
    for arg in args:
        if skip:
            skip = False
            continue
        name = arg.split("=", 1)[0]
        if name in _WHERE:
            skip = "=" not in arg
            continue
        if arg == "--no-progress":
            continue
        out.append(arg)
    return out


SWEEP_AGENT_HELP = ("Players, as in 'scenario play': SIDE=SPEC for one side (the other plays greedy), SPEC for both. "
                    "Repeat it for more cells: a bare SPEC is a cell of its own; SIDE=SPEC values given one after "
                    "another are one cell (german=plan:32 --agent soviet=random), until a side is named again, which "
                    "starts the next cell. Default greedy.")


def _pairings(given: list[str]) -> list[str | dict[str, str]]:
    """The sweep's agents axis from repeated --agent values (SWEEP_AGENT_HELP): each a spec for both sides, or a
    mapping side -> spec, in the grammar of tcforge.analysis.sweep.agents_of."""
    cells: list[str | dict[str, str]] = []
    current: dict[str, str] | None = None
    for text in given:
        head, eq, spec = text.partition("=")
        if eq and ":" not in head:
            side = head.strip().lower()
            if current is None or side in current:
                current = {}
                cells.append(current)
            current[side] = spec
        else:
            current = None
            cells.append(text)
    return cells


@app.command("sweep")
def sweep_cmd(
    scenarios: Annotated[list[str] | None, typer.Argument(help="Scenario ids or files (or give them in --file).")] = None,
    file: Annotated[Path | None, typer.Option("--file", help="A YAML sweep file; the options below replace its values.")] = None,
    option: Annotated[list[str] | None, option_option("Balance options, each a cell: an id, 'as-written' or 'all'.")] = None,
    ruleset: Annotated[list[str] | None, typer.Option("--ruleset", help="Rulesets to play each scenario with (default: its own).")] = None,
    set_: Annotated[list[str] | None, typer.Option(
        "--set",
        help="Levers, each a cell: NAME=VALUE[;NAME=VALUE]: a ruleset "
             "parameter (turn.hand_limit=6), one side's value (soviet.supply_points=3) or the "
             "scenario's own (scenario.turn_limit=18); 'tcforge scenario levers ID' lists them.")] = None,
    agent: Annotated[list[str] | None, agent_option(SWEEP_AGENT_HELP)] = None,
    agents: Annotated[list[str] | None, deprecated_option("--agents", "Players, each a cell: SPEC or FIRST/SECOND.")] = None,
    games: Annotated[int | None, typer.Option("--games", callback=bounded(GAMES), help="Games a cell (default 100).")] = None,
    seed: Annotated[int | None, typer.Option("--seed", callback=bounded(SEED), help="The root seed of every cell (default 1).")] = None,
    batch: Annotated[int | None, typer.Option(
        "--batch",
        callback=bounded(BATCH),
        help="Games a batch, the unit of work and of resuming (default 10).")] = None,
    out: Annotated[Path, out_dir_option("Folder of the table (sweep.csv, sweep.jsonl), plot and kept batches.")] = Path("output/sweep"),
    jobs: JobsOpt = JOBS_DEFAULT,
    scheduler: Annotated[str | None, typer.Option("--scheduler", help=SCHEDULER_HELP, callback=scheduler_address)] = None,
    no_progress: Annotated[bool, typer.Option("--no-progress", help="No progress bar.")] = False,
    html: Annotated[Path | None, typer.Option("--html", parser=file_out, metavar="FILE", help=HTML_HELP)] = None,
) -> None:
    """Play a grid of scenarios x balance options x rulesets x parameter overrides x agents; write one row per cell
    (games, wins per side with 95 % intervals, endings, mean length), a plot, and keep every finished batch: a rerun
    with the same arguments plays only what is missing."""
    from tcforge.analysis.sweep import BATCHES, PLOT, ROWS, TABLE, SweepError, cells
    sweep = _sweep_of(file, scenarios, option, ruleset, set_, agent, agents, games, seed, batch)
    try:
        grid = cells(sweep)
    except SweepError as exc:
        for p in exc.problems:
            _err(p.render().replace("command line:1:1: ", "tcforge: "))
        raise typer.Exit(2 if file is None else 1) from None
    for name in (BATCHES, TABLE, ROWS, PLOT):  # a link, FIFO or device among the outputs: one line, before any game
        _writable(out / name)
    _writable(html)

    outcome = _play_sweep(sweep, grid, out, jobs, scheduler, no_progress)
    from tcforge.analysis.sweep import results_of
    from tcforge.cli.report import sweep_pairs
    pairs = sweep_pairs(outcome.rows, results_of(out, grid, sweep.games, sweep.batch))
    for line in outcome.render(pairs):
        _echo(line)
    _err(f"table: {out / TABLE}, {out / ROWS}" + (f"; plot: {out / 'sweep.png'}" if any(r.report.games for r in outcome.rows) else ""))
    if html is not None:
        from tcforge.cli.report import sweep_report, write_html
        document, proofs, first, players = sweep_report(outcome.rows, pairs)
        write_html(html, document, _load(first.scenario, first.option) if first else None, proofs, players,
                   first.option if first else None, first.ruleset if first else None)
        _err(f"report: {html}")
    if outcome.stopped is not None:
        _err(f"tcforge: sweep stopped ({outcome.stopped.reason}): {outcome.finished} of {outcome.planned} games are kept in "
             f"{out}; rerun the same command to play the other {outcome.planned - outcome.finished}")
        raise typer.Exit(130 if outcome.stopped.interrupted else 1)


def _sweep_of(file: Path | None, scenarios: list[str] | None, option: list[str] | None, ruleset: list[str] | None,
              set_: list[str] | None, agent: list[str] | None, agents: list[str] | None, games: int | None,
              seed: int | None, batch: int | None) -> Any:
    """The sweep the command line asks for: its --file's, with the options given replacing its values."""
    from tcforge.analysis.sweep import Sweep, SweepError, read_sweep_file
    try:
        sweep = read_sweep_file(file) if file is not None else Sweep(list(scenarios or []))
    except SweepError as exc:
        for p in exc.problems:
            _err(p.render())
        raise typer.Exit(1) from None
    if scenarios:
        sweep.scenarios = list(scenarios)
    if not sweep.scenarios:
        _usage("name the scenarios to sweep, or give a sweep file with --file")
    if option:
        sweep.options = [None if o == "as-written" else o for o in option]
    if ruleset:
        sweep.rulesets = list(ruleset)
    if set_:
        sweep.parameters = []
        from tcforge.data.limits import SetError, parse_set
        for text in set_:
            try:  # a value YAML cannot read, an alias, a tag, a date: one line here; a wrong kind or range: cells()
                sweep.parameters.append(parse_set(text))
            except SetError as exc:
                _usage(f"--set {shown(text)}: {exc}")
    if agent and agents:
        _usage("give the players as --agent or as the older --agents, not both")
    if agent:
        sweep.agents = _pairings(agent)
    elif agents:
        sweep.agents = list(agents)
    sweep.games = games if games is not None else sweep.games
    sweep.seed = seed if seed is not None else sweep.seed
    sweep.batch = batch if batch is not None else sweep.batch
    return sweep


def _play_sweep(sweep: Any, grid: Any, out: Path, jobs: int, scheduler: str | None, no_progress: bool) -> Any:
    """Play what the sweep's kept batches lack (tcforge.analysis.sweep.run_sweep), with a progress bar and a line for
    what was resumed, found stale, cut short or edited; a stop before any game ends the command in one line."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    from tcforge.analysis.sweep import run_sweep

    class Rate(TextColumn):
        def render(self, task: Any) -> Any:
            from rich.text import Text
            return Text(f"{task.speed:.1f} games/s" if task.speed else "- games/s")

    progress = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TextColumn("games"),
                        Rate(""), TimeRemainingColumn(), transient=True, disable=no_progress)
    task = progress.add_task(f"sweep, {len(grid)} cell(s)", total=1)

    def started(total: int, kept: int) -> None:
        progress.update(task, total=total, completed=kept)
        if kept:
            _err(f"resuming: {kept} of {total} games kept in {out}; " + (f"playing the other {total - kept}" if kept < total
                                                                         else "nothing left to play"))

    def stale(games: int) -> None:
        _err(f"tcforge: {games} game(s) kept in {out} were played with another version of their scenario, rules, "
             "agents or tcforge's engine: they are played again (a fresh --out keeps both tables)")

    with progress:
        outcome = run_sweep(sweep, out, grid=grid, jobs=jobs, scheduler=scheduler, on_start=started, on_stale=stale,
                            progress=lambda n: progress.advance(task, n))
    if outcome.dropped:
        _err(f"{outcome.dropped} batch line(s) in {out} were cut short and are played again")
    if outcome.edited:
        _err(f"{outcome.edited} batch line(s) in {out} do not hold what they were written with (edited by hand?): "
             "they are played again")
    if outcome.stopped is not None and not outcome.finished:  # nothing played, nothing kept: no table was written
        _err(f"tcforge: sweep stopped before any game ({outcome.stopped.reason}); nothing was written")
        raise typer.Exit(130 if outcome.stopped.interrupted else 1)
    return outcome


@app.command("puzzles")
def puzzles_cmd(
    agent: Annotated[list[str] | None, rung_option("A player to score (an agent SPEC: greedy, random, plan:16, "
                                                   "commander:assault=1.5); repeat for several (default greedy).")] = None,
    folder: Annotated[Path | None, typer.Option(
        "--puzzles",
        metavar="DIR",
        help="A folder of puzzle files (default: the bundled data/puzzles/).")] = None,
    format: Annotated[Format, format_option("text: a line a player and puzzle; json: a list of scores.")] = Format.text,
) -> None:
    """Score players on the puzzles: positions whose right play the rules settle, each tried over several seeds of
    the player; prints each player's tries solved per puzzle and in total."""
    from tcforge.agents import SpecError, canonical
    from tcforge.analysis.puzzles import PuzzleError, load_puzzles, score
    specs: list[str] = []
    for text in agent or ["greedy"]:
        try:
            specs.append(canonical(text))
        except SpecError as exc:
            _usage(str(exc))
    if folder is not None and not folder.is_dir():
        _usage(f"--puzzles {folder}: not a folder")
    try:
        puzzles = load_puzzles(folder)
    except PuzzleError as exc:
        for problem in exc.problems:
            _err(problem.render())
        _err(f"tcforge: {len(exc.problems)} problem(s) in the puzzles: none is played")
        raise typer.Exit(1) from None
    if not puzzles:
        _usage("no puzzle files (.yaml) in the folder")
    try:
        scores = [score(spec, puzzles) for spec in specs]
    except ValueError as exc:  # a position whose stated facts do not hold
        _err(f"tcforge: {exc}")
        raise typer.Exit(1) from None
    if format is Format.json:
        _echo(json.dumps([s.to_json() for s in scores], indent=2))
        return
    for s in scores:
        for puzzle in puzzles:
            solved, tries = s.results[puzzle.id]
            _echo(f"{s.agent:<24} {puzzle.id:<28} {solved}/{tries}")
        _echo(f"{s.agent:<24} {'total':<28} {s.solved}/{s.tries} ({s.solved / s.tries:.2f})")
