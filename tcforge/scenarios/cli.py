"""``tcforge scenario ...``: list, show and check scenarios, and list the check codes.

Mounted by the main command line as ``tcforge scenario``; usable on its own
through ``app``.
"""
from __future__ import annotations

import json
from enum import Enum
from pathlib import Path
from typing import Any

import typer

from tcforge.scenarios.check import CODES, Report, check_file
from tcforge.scenarios.findings import Finding
from tcforge.scenarios.loading import bundled_ids, find_scenario, load_scenario, scenarios_dir
from tcforge.scenarios.show import summary, to_json

app = typer.Typer(help="Scenarios: list them, show one, check setups for legality.",
                  no_args_is_help=True, add_completion=False, pretty_exceptions_enable=False)


class Format(str, Enum):
    text = "text"
    json = "json"


class Lang(str, Enum):
    en = "en"
    fr = "fr"


AGENT_HELP = ("A side's player, SIDE=SPEC (german=mcts:400), or SPEC for both sides; repeat for each side. "
              "SPEC is random, greedy or mcts[:BUDGET[:OPTIONS]] (mcts:400 iterations a decision, mcts:2s); default greedy.")
POLICY_HELP = "Deprecated: use --agent. Players as A or A,B."


def _echo(text: str = "") -> None:
    typer.echo(text)


def _err(text: str) -> None:
    typer.echo(text, err=True)


def _usage(message: str) -> None:
    _err(f"tcforge: {message}")
    raise typer.Exit(2)


def _resolve(reference: str) -> Path:
    path = find_scenario(reference)
    if path is None:
        if Path(reference).exists():
            _usage(f"'{reference}' is not a file")
        _usage(f"no scenario '{reference}': give a file or one of {', '.join(bundled_ids())}")
    assert path is not None
    return path


@app.command("list")
def list_scenarios(
    format: Format = typer.Option(Format.text, "--format", "-f", help="text: a table; json: a list."),
    lang: Lang = typer.Option(Lang.en, "--lang", help="Language of titles."),
) -> None:
    """List the bundled scenarios."""
    rows: list[dict[str, Any]] = []
    for sid in bundled_ids():
        path = scenarios_dir() / f"{sid}.yaml"
        result = load_scenario(path)
        s = result.scenario
        if s is None:
            rows.append({"id": sid, "title": None, "date": None, "source": None, "sides": [], "turn_limit": None,
                         "victory": [], "legal": False})
            continue
        rows.append({"id": s.id, "title": s.title.get(lang.value), "date": s.date,
                     "source": f"{s.source['document']} {s.source['section']}",
                     "sides": [{"id": side.id, "nation": side.nation, "role": side.role} for side in s.sides],
                     "turn_limit": s.turn_limit, "victory": [v.type for v in s.victory], "legal": check_file(path).legal})
    if format is Format.json:
        _echo(json.dumps(rows, indent=2, ensure_ascii=False))
        return
    _echo(f"{len(rows)} scenario(s)")
    width = max(len(r["id"]) for r in rows) if rows else 2
    for r in rows:
        sides = " v ".join(f"{x['id']} ({x['role']})" for x in r["sides"])
        turns = f"{r['turn_limit']} turns" if r["turn_limit"] else "no turn limit"
        title = r["title"] or "(cannot be loaded: run 'tcforge scenario check')"
        _echo(f"{r['id']:<{width}}  {title} [{r['source'] or '?'}{', ' + r['date'] if r['date'] else ''}]  {sides}; {turns}")


@app.command("show")
def show(
    scenario: str = typer.Argument(..., help="A bundled scenario id (hill-621) or a scenario file."),
    lang: Lang = typer.Option(Lang.en, "--lang", help="en or fr."),
    format: Format = typer.Option(Format.text, "--format", "-f", help="text: a readable summary; json: the resolved scenario."),
    balance: str | None = typer.Option(None, "--balance", help="Apply a balance option by id first (german-plus)."),
) -> None:
    """Show a scenario: battlefield, forces, reinforcements, victory, special rules, balance options."""
    path = _resolve(scenario)
    _known_balance(path, balance)
    result = load_scenario(path, balance=balance)
    if result.scenario is None or result.findings:
        for f in result.findings:
            _err(f.render())
        _err(f"tcforge: {len(result.findings)} problem(s); 'tcforge scenario check {scenario}' lists them all")
        raise typer.Exit(1) from None
    if format is Format.json:
        _echo(json.dumps(to_json(result.scenario, lang.value), indent=2, ensure_ascii=False))
    else:
        _echo(summary(result.scenario, lang.value).rstrip("\n"))


@app.command("check")
def check(
    scenarios: list[str] | None = typer.Argument(None, help="Scenario ids or files (default: every bundled scenario)."),
    format: Format = typer.Option(Format.text, "--format", "-f", help="text: one line per finding; json: one report per file."),
    play: bool = typer.Option(False, "--play", help="Also play games (greedy against greedy, or --agent) to prove the scenario playable."),
    games: int = typer.Option(60, "--games", help="With --play: games per scenario."),
    jobs: int = typer.Option(1, "--jobs", help="With --play: worker processes."),
    agent: list[str] | None = typer.Option(None, "--agent", help="With --play: " + AGENT_HELP),
) -> None:
    """Check scenarios (or setups written as scenario files) for legality: every finding in one run.

    With --play, every game must end (victory, turn limit, or the engine's stated cap), none may raise an
    engine error, and each side must win at least once. Exit 0 when all hold, 1 when not, 2 for a usage error.
    """
    paths = [_resolve(ref) for ref in scenarios] if scenarios else [scenarios_dir() / f"{sid}.yaml" for sid in bundled_ids()]
    from tcforge.analysis.scenario_checks import engine_findings
    reports: list[Report] = [check_file(path, engine=engine_findings) for path in paths]
    findings: list[Finding] = [f for r in reports for f in r.findings]
    verdicts = []
    if play and games < 1:
        _usage("--games must be at least 1")
    if play:
        from tcforge.analysis.playable import playable
        for path, rep in zip(paths, reports, strict=True):
            if rep.legal:
                sides = list(_load(str(path)).grid.sides)
                verdicts.append(playable(str(path), games=games, jobs=jobs, agents=_agents(sides, agent, None, strict=False)))
    unplayable = [v for v in verdicts if not v.ok]
    if format is Format.json:
        _echo(json.dumps({"legal": not findings, "reports": [r.to_json() for r in reports],
                          "playable": [v.to_json() for v in verdicts] if play else None}, indent=2, ensure_ascii=False))
    else:
        for f in findings:
            _echo(f.render())
        for v in verdicts:
            _echo(v.render())
        bad = sum(1 for r in reports if not r.legal)
        summary_line = f"{len(reports)} scenario file(s): " + (f"{len(findings)} problem(s) in {bad} file(s)" if findings else "legal")
        if play:
            summary_line += f"; {len(verdicts) - len(unplayable)} of {len(verdicts)} playable"
        _err(summary_line)
    raise typer.Exit(1 if findings or unplayable else 0)


def _agents(sides: list[str], agent: list[str] | None, policy: str | None, *, strict: bool = True) -> tuple[str, str]:
    """Each side's agent spec, in canonical form, from --agent (and the deprecated --policy). Not ``strict``
    (checking several scenarios), a side the scenario does not have is passed over."""
    from tcforge.engine.policies import SpecError, canonical
    if agent and policy:
        _usage("give --agent or the older --policy, not both")
    chosen: list[str | None] = [None, None]
    if policy:
        _err("tcforge: --policy is deprecated; write --agent SIDE=SPEC (or --agent SPEC for both sides)")
        names = [t.strip() for t in policy.split(",")]
        if len(names) not in (1, 2):
            _usage("--policy takes A or A,B")
        chosen = [names[0], names[-1]]
    for text in agent or []:
        head, eq, spec = text.partition("=")
        if eq and ":" not in head:
            side = head.strip().lower()
            if side not in sides:
                if not strict:
                    continue
                _usage(f"--agent {text}: no side '{head}' in this scenario; its sides are {', '.join(sides)}")
            chosen[sides.index(side)] = spec
        else:
            chosen = [text, text]
    out: list[str] = []
    for given in chosen:
        try:
            out.append(canonical(given or "greedy"))
        except SpecError as exc:
            _usage(str(exc))
    return out[0], out[1]


def _known_balance(path: Path, balance: str | None) -> None:
    """A usage error naming the option and the known ones when ``balance`` is not an option of the scenario
    (a scenario that does not load is left to the caller, which lists its findings)."""
    if balance is None:
        return
    scenario = load_scenario(path).scenario
    if scenario is None:
        return
    known = [b.id for b in scenario.balance]
    if balance not in known:
        _usage(f"unknown balance option '{balance}' of {scenario.id}: use one of {', '.join(known) or '(it has none)'}")


def _load(reference: str, balance: str | None = None) -> Any:
    from tcforge.scenarios.findings import ScenarioError
    from tcforge.scenarios.loading import load
    path = _resolve(reference)
    _known_balance(path, balance)
    try:
        return load(path, balance=balance)
    except ScenarioError as exc:
        for f in exc.findings:
            _err(f.render())
        _err("tcforge: the scenario is not valid; run 'tcforge scenario check'")
        raise typer.Exit(1) from None


@app.command("play")
def play_one(
    scenario: str = typer.Argument(..., help="Scenario id or file."),
    seed: int = typer.Option(1, "--seed", help="The game's seed: set-up, dice and tie-breaks."),
    agent: list[str] | None = typer.Option(None, "--agent", help=AGENT_HELP),
    policy: str | None = typer.Option(None, "--policy", help=POLICY_HELP, hidden=True),
    log: Path | None = typer.Option(None, "--log", help="Write the replayable log (JSON lines) here."),
    balance: str | None = typer.Option(None, "--balance", "--option", help="A balance option of the scenario."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="Only the result line."),
    lang: Lang = typer.Option(Lang.en, "--lang"),
) -> None:
    """Play one headless game with a readable turn-by-turn account and a replayable log."""
    from tcforge.analysis.games import account, new_game, play_game, write_log
    sc = _load(scenario, balance)
    players = _agents(list(sc.grid.sides), agent, policy)
    playout, result = play_game(sc, seed, players)
    if result.error:
        _err(f"tcforge: engine error in {sc.id} seed {seed}: {result.error}")
        raise typer.Exit(1) from None
    if log is not None:
        from tcforge.atomic import atomic_path
        with atomic_path(log) as tmp, tmp.open("w", encoding="utf-8") as handle:
            write_log(handle, playout.state.scenario_setup, playout.log, sc, folder=log.parent, state=playout.state)
    if not quiet:
        for line in account(sc, new_game(sc, seed), playout.log, lang.value):
            _echo(line)
    winner = result.winner or "nobody"
    _err(f"{sc.id} seed {seed} ({players[0]} v {players[1]}): {winner} wins after {result.turns} turn(s), "
         f"{result.actions} actions ({result.reason})" + (f"; log: {log}" if log else ""))


@app.command("replay")
def replay_log(
    log: Path = typer.Argument(..., help="A log written by 'tcforge scenario play --log'."),
    lang: Lang = typer.Option(Lang.en, "--lang"),
) -> None:
    """Show a logged game again, every action checked as it is replayed."""
    from tcforge.analysis import gamelog
    from tcforge.analysis.games import account, rebuild
    from tcforge.engine.state import IllegalActionError
    if not log.is_file():
        _usage(f"no such log file: {log}")
    try:
        verified = gamelog.read(log)
        state = rebuild(verified)
    except gamelog.LogError as exc:
        _err(str(exc))
        raise typer.Exit(1) from None
    if not verified.checked:
        _err(f"{log}:1: notice: an old log without hashes: it replays, but cannot be checked for changes")
    try:
        for line in account(verified.scenario, state, verified.lines, lang.value):
            _echo(line)
    except IllegalActionError as exc:
        number, _, what = str(exc).partition(": ")
        _err(f"{log}:{number.removeprefix('line ')}: the log does not replay: {what}")
        raise typer.Exit(1) from None
    try:
        winner = verified.scenario.grid.sides[state.winner] if state.winner is not None else None
        gamelog.check_end(verified, winner, state.outcome.reason if state.outcome is not None else "unfinished")
    except gamelog.LogError as exc:
        _err(str(exc))
        raise typer.Exit(1) from None


@app.command("audit")
def audit_cmd(
    logs: list[Path] = typer.Argument(..., help="Logs written by 'tcforge scenario play --log'."),
    format: Format = typer.Option(Format.text, "--format", "-f"),
) -> None:
    """Re-check logged games against the rules with the referee (its own rule code, not the engine's
    move generator): one line per violation, LOG:LINE: rule CASE: what happened; exit 1 on any."""
    from tcforge.analysis.referee import audit_json, audit_log
    missing = [log for log in logs if not log.is_file()]
    for log in missing:
        _err(f"tcforge: no such log file: {log}")
    if missing:
        raise typer.Exit(2)
    audits = [audit_log(log) for log in logs]
    total = sum(len(a.violations) for a in audits)
    if format == Format.json:
        _echo(audit_json(audits))
    else:
        for a in audits:
            if not a.checked:
                _err(f"{a.log}:1: notice: an old log without hashes: it cannot be checked for changes")
            for text in a.lines():
                _echo(text)
        _echo(f"{len(audits)} log(s), {sum(a.actions for a in audits)} action(s): "
              + (f"{total} violation(s) in {sum(1 for a in audits if a.violations)} log(s)" if total else "no violation"))
    if total:
        raise typer.Exit(1)


@app.command("balance")
def balance_cmd(
    scenario: str = typer.Argument(..., help="Scenario id or file."),
    games: int = typer.Option(200, "--games", help="Games per balance option."),
    jobs: int = typer.Option(1, "--jobs", help="Worker processes (results do not depend on it)."),
    option: list[str] | None = typer.Option(None, "--option", help="Balance options to compare, 'as-written' for none "
                                               "(default: as written and every option)."),
    agent: list[str] | None = typer.Option(None, "--agent", help=AGENT_HELP),
    policy: str | None = typer.Option(None, "--policy", help=POLICY_HELP, hidden=True),
    seed: int = typer.Option(1, "--seed", help="Seed of the first game; game i uses seed + i."),
    format: Format = typer.Option(Format.text, "--format", "-f"),
    plot: Path | None = typer.Option(None, "--plot", help="Write the win rates with their intervals as a PNG."),
) -> None:
    """Play many seeded games in parallel and report win rates, balance, completion, lengths and losses."""
    from rich.progress import Progress

    from tcforge.analysis.balance import report, run, write_plot
    if games < 1 or jobs < 1:
        _usage("--games and --jobs must be at least 1")
    sc = _load(scenario)
    players = _agents(list(sc.grid.sides), agent, policy)
    options: list[str | None] = ([None] + [b.id for b in sc.balance] if not option
                                    else [None if o == "as-written" else o for o in option])
    known = {b.id for b in sc.balance}
    for opt in options:
        if opt is not None and opt not in known:
            _usage(f"unknown balance option '{opt}' of {sc.id}: use one of {', '.join(sorted(known)) or '(none)'}")
    reports = []
    with Progress(transient=True, disable=format is Format.json) as progress:
        for opt in options:
            task = progress.add_task(f"{sc.id} {opt or 'as written'}", total=games)
            results = run(str(_resolve(scenario)), games=games, jobs=jobs, option=opt, policies=players, base_seed=seed,
                          progress=lambda n, t=task: progress.advance(t, n))  # type: ignore[misc]  # t binds this option's task
            reports.append(report(_load(scenario, opt), results, players, opt))
    if plot is not None:
        write_plot(reports, plot)
    if format is Format.json:
        _echo(json.dumps([r.to_json() for r in reports], indent=2, ensure_ascii=False))
        return
    for rep in reports:
        _echo(f"{rep.scenario} [{rep.option or 'as written'}], {rep.games} games, {rep.policies[0]} v {rep.policies[1]}")
        for s in rep.sides:
            lo, hi = s.interval
            line = f"  {s.side:<10} wins {s.wins:>5} = {s.rate:6.1%}  (95 % {lo:.1%}-{hi:.1%})"
            line += f"; a win: --seed {s.example_seed}" if s.example_seed is not None else f"; never won: {s.never_won_because}"
            _echo(line)
        _echo(f"  balance {rep.balance:.2f}; completion {rep.completion:.1%}; draws {rep.draws}; "
              f"turn-limit endings {rep.turn_limit}; stopped at the engine's cap {rep.capped}; engine errors {rep.errors}")
        lengths = rep.lengths
        _echo(f"  length in turns: min {lengths['min']}, median {lengths['median']}, mean {lengths['mean']}, max {lengths['max']}")
        _echo("  endings: " + ", ".join(f"{k} {v}" for k, v in rep.endings.items()))
        for s in rep.sides:
            _echo(f"  {s.side} losses a game: " + (", ".join(f"{k} {v}" for k, v in s.losses.items()) or "none"))
    if plot is not None:
        _err(f"plot: {plot}")


@app.command("codes")
def codes(format: Format = typer.Option(Format.text, "--format", "-f")) -> None:
    """The codes of the scenario checks and what each means."""
    if format is Format.json:
        _echo(json.dumps(CODES, indent=2, ensure_ascii=False))
        return
    width = max(len(c) for c in CODES)
    for code, text in CODES.items():
        _echo(f"{code:<{width}}  {text}")


class Method(str, Enum):
    jeff_mike = "jeff-mike"


@app.command("new")
def new(
    new_id: str = typer.Argument(..., help="The new scenario's id (lower case and dashes)."),
    template: str = typer.Option("skeleton", "--from", help="skeleton (the commented example) or a bundled scenario id."),
    out: Path | None = typer.Option(None, "--out", help="Where to write it (default: data/scenarios/ID.yaml)."),
    force: bool = typer.Option(False, "--force", help="Overwrite an existing file."),
) -> None:
    """Write a new scenario file to fill in, from the commented skeleton or a bundled scenario."""
    from tcforge.analysis.generate import GenerateError, skeleton, write_new
    try:
        path = write_new(skeleton(new_id, template), out or scenarios_dir() / f"{new_id}.yaml", force=force)
    except GenerateError as exc:
        _err(f"tcforge: {exc}")
        raise typer.Exit(1) from None
    _echo(f"wrote {path}; edit it, then run: tcforge scenario check {path}")


@app.command("generate")
def generate(
    method: Method = typer.Option(Method.jeff_mike, "--method", help="The design-your-own method of source 001."),
    year: int = typer.Option(1943, "--year", help="Year of the battle: only cards in service then."),
    points: int = typer.Option(400, "--points", help="Build points of each side (the attacker gets half as much again)."),
    seed: int = typer.Option(1, "--seed"),
    kind: str = typer.Option("meeting", "--kind", help="meeting or attack."),
    new_id: str | None = typer.Option(None, "--id", help="Scenario id (default: dyo-YEAR-POINTS-SEED)."),
    out: Path | None = typer.Option(None, "--out", help="Where to write it (default: data/scenarios/ID.yaml)."),
    force: bool = typer.Option(False, "--force", help="Overwrite an existing file."),
) -> None:
    """Build a legal random scenario by the design-your-own method of source 001; it passes 'scenario check'."""
    from tcforge.analysis.generate import GenerateError, jeff_mike, write_new
    sid = new_id or f"dyo-{year}-{points}-{seed}"
    try:
        path = write_new(jeff_mike(sid, year=year, points=points, seed=seed, kind=kind),
                         out or scenarios_dir() / f"{sid}.yaml", force=force)
    except GenerateError as exc:
        _err(f"tcforge: {exc}")
        raise typer.Exit(1) from None
    report = check_file(path)
    for f in report.findings:
        _echo(f.render())
    _echo(f"wrote {path}: " + ("legal" if report.legal else f"{len(report.findings)} problem(s)"))
    raise typer.Exit(0 if report.legal else 1)
