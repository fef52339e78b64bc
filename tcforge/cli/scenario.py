"""``tcforge scenario ...``: list, show and check scenarios, and list the check codes.

Mounted by the main command line as ``tcforge scenario``; usable on its own
through ``app``.
"""
from __future__ import annotations

import csv
import json
import sys
from collections.abc import Iterable
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NoReturn

import typer

from tcforge.bounds import BATCH, BUDGET, EVEN_GAMES, GAMES, SEED, bounded, shown
from tcforge.cli.options import (
    AGENT_HELP,
    JOBS_DEFAULT,
    JOBS_HELP,
    AgentOpt,
    Format,
    FormatOpt,
    JobsOpt,
    Lang,
    OptionOpt,
    PlotOpt,
    PolicyOpt,
    RungsOpt,
    TableFormat,
    UnsignedOpt,
    agent_option,
    any_lang_option,
    deprecated_option,
    format_option,
    jobs_option,
    lang_option,
    option_option,
    out_dir_option,
    out_file_option,
    rung_option,
    scheduler_address,
)
from tcforge.outpath import file_out
from tcforge.paths import display_path
from tcforge.scenarios.check import CODES, Report, check_file
from tcforge.scenarios.findings import Finding
from tcforge.scenarios.loading import clashes, find_scenario, load_scenario, new_scenario_path, scenario_ids, scenarios_dir
from tcforge.scenarios.show import summary, to_json

if TYPE_CHECKING:  # the balance service is imported when the command runs (it brings the cluster)
    from tcforge.analysis.balance_play import BalancePlan
    from tcforge.analysis.balance_run import BalanceRun

# Its help on 'tcforge --help' is tcforge.cli.LAZY_GROUPS's, which replaces this one when the group is mounted.
app = typer.Typer(no_args_is_help=True, add_completion=False, pretty_exceptions_enable=False)


def _echo(text: str = "") -> None:
    typer.echo(text)


def _err(text: str) -> None:
    typer.echo(text, err=True)


def _progress_console() -> Any:
    """Progress bars go to standard error (the one error console), drawn only on a terminal, so that piped output
    starts with the report."""
    from tcforge.cli.common import err
    return err


def _usage(message: str) -> NoReturn:
    _err(f"tcforge: {message}")
    raise typer.Exit(2)


def _writable(path: Path | None) -> None:
    """Refuse a file output that can never be written (a folder, results/, a link, a path under a file) before any
    game is played: one line, exit 1, as the writer itself would say after the games."""
    from tcforge.atomic import check_target
    if path is None:
        return
    try:
        check_target(path)
        _probe(path)
    except OSError as exc:
        _err(f"tcforge: cannot write {exc.filename or path}: {exc.strerror or exc}")
        raise typer.Exit(1) from None


def _probe(path: Path) -> None:
    """Create and remove a file in the nearest folder of ``path`` that exists (the writer makes the missing ones):
    a folder that takes no file (/proc, one without write permission, a read-only disk) is found before any game,
    not after them. An OSError names ``path``."""
    import os
    import tempfile
    folder = path.absolute().parent
    while not folder.exists() and folder != folder.parent:
        folder = folder.parent
    try:
        fd, name = tempfile.mkstemp(prefix=".tcforge-probe.", dir=folder)
    except OSError as exc:
        raise OSError(exc.errno, f"nothing can be written in {folder} ({exc.strerror})", str(path)) from None
    os.close(fd)
    os.unlink(name)


def _resolve(reference: str) -> Path:
    for clash in clashes(reference):  # a designer's scenario (--data) with a bundled scenario's id
        _err(clash.render())
        raise typer.Exit(1)
    path = find_scenario(reference)
    if path is None:
        if Path(reference).exists():
            _usage(f"'{reference}' is not a file")
        _usage(f"no scenario '{reference}': give a file or one of {', '.join(scenario_ids())}")
    assert path is not None
    return path


@app.command("list")
def list_scenarios(
    format: Annotated[TableFormat, format_option("text: a table; json: a list; csv: one "
                                                                                 "row a scenario, with a header.")] = TableFormat.text,
    lang: Annotated[Lang, lang_option("Language of titles.")] = Lang.en,
) -> None:
    """List the bundled scenarios, then your own (tcforge --data DIR)."""
    rows: list[dict[str, Any]] = []
    for sid in scenario_ids():
        path = find_scenario(sid) or scenarios_dir() / f"{sid}.yaml"
        result = load_scenario(path)
        s = result.scenario
        if s is None:
            rows.append({"id": sid, "title": None, "date": None, "source": None, "sides": [], "turn_limit": None, "draw_after": None,
                         "victory": [], "legal": False})
            continue
        rows.append({"id": s.id, "title": s.title.get(lang.value), "date": s.date,
                     "source": f"{s.source['document']} {s.source['section']}" if s.source else s.designed_by(),
                     "sides": [{"id": side.id, "nation": side.nation, "role": side.role} for side in s.sides],
                     "turn_limit": s.turn_limit, "draw_after": s.ends.cap if s.ends is not None and not s.turn_limit else None,
                     "victory": [v.type for v in s.victory], "legal": check_file(path).legal})
    unread = _unread_own_files()
    if format is TableFormat.json:
        _echo(json.dumps(rows, indent=2, ensure_ascii=False))
        return _list_verdict(rows, unread)
    if format is TableFormat.csv:
        _csv_rows(rows)
        return _list_verdict(rows, unread)
    _echo(f"{len(rows)} scenario(s)")
    width = max(len(r["id"]) for r in rows) if rows else 2
    for r in rows:
        sides = " v ".join(f"{x['id']} ({x['role']})" for x in r["sides"])
        turns = (f"{r['turn_limit']} turns" if r["turn_limit"] else
                 f"no turn limit (a draw after turn {r['draw_after']})" if r.get("draw_after") else "no turn limit")
        title = r["title"] or "(cannot be loaded: run 'tcforge scenario check')"
        _echo(f"{r['id']:<{width}}  {title} [{r['source'] or '?'}{', ' + r['date'] if r['date'] else ''}]  {sides}; {turns}")
    _list_verdict(rows, unread)


def _list_verdict(rows: list[dict[str, Any]], unread: list[str]) -> None:
    """Issue 51 point 9: a --data folder with a file that cannot be read, or a scenario that is not legal, makes the
    list exit 1, each unread file named in one line (it listed the rest and exited 0)."""
    broken = [r["id"] for r in rows if not r["legal"]]
    if unread or broken:
        for line in unread:
            _err(line)
        _err(f"tcforge: {len(unread) + len(broken)} file(s) of your data could not be listed or checked"
             + (f" ({', '.join(broken)} not legal)" if broken else "")
             + "; tcforge validate says every problem")
        raise typer.Exit(1)


def _unread_own_files() -> list[str]:
    """One line for each file of the --data folders that cannot be read as data (a scenario with a YAML error is
    no scenario and was left out of the list without a word)."""
    from tcforge.data.dataset import load_documents
    from tcforge.data.documents import discover
    from tcforge.paths import user_data_dirs
    files = [path for folder in user_data_dirs() if folder.exists() for path in discover(folder)]
    _, problems = load_documents(files)
    first: dict[str, str] = {}
    for problem in problems:
        first.setdefault(problem.file, problem.render())
    return list(first.values())


LIST_COLUMNS = ["id", "title", "date", "source", "sides", "roles", "turn_limit", "draw_after", "victory", "legal"]


def _csv_rows(rows: list[dict[str, Any]]) -> None:
    """The scenario list as CSV: a header, then one row a scenario; a cell of several values (sides, roles, victory
    conditions) holds them separated by ';'."""
    writer = csv.writer(sys.stdout, lineterminator="\n")
    writer.writerow(LIST_COLUMNS)
    for r in rows:
        writer.writerow([r["id"], r["title"] or "", r["date"] or "", r["source"] or "",
                         ";".join(x["id"] for x in r["sides"]), ";".join(x["role"] or "" for x in r["sides"]),
                         r["turn_limit"] or "", r["draw_after"] or "", ";".join(r["victory"]), "true" if r["legal"] else "false"])


@app.command("show")
def show(
    scenario: Annotated[str, typer.Argument(help="A bundled scenario id (hill-621) or a scenario file.")],
    lang: Annotated[str, any_lang_option()] = "en",
    format: Annotated[Format, format_option("text: a readable summary; json: the resolved scenario.")] = Format.text,
    balance: Annotated[str | None, option_option("Apply a balance option by id first (german-plus).")] = None,
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
        _echo(json.dumps(to_json(result.scenario, lang), indent=2, ensure_ascii=False))
    else:
        _echo(summary(result.scenario, lang).rstrip("\n"))
    from tcforge.i18n.texts import untranslated, untranslated_note

    missing = untranslated(path, lang)
    if missing:
        _err(untranslated_note(missing, lang))


@app.command("check")
def check(
    scenarios: Annotated[list[str] | None, typer.Argument(help="Scenario ids or files (default: every bundled scenario).")] = None,
    format: Annotated[Format, format_option("text: one line per finding; json: one report per file.")] = Format.text,
    play: Annotated[bool, typer.Option(
        "--play",
        help="Also play games (greedy against greedy, or --agent) to prove the scenario playable.")] = False,
    games: Annotated[int, typer.Option("--games", callback=bounded(GAMES), help="With --play: games per scenario.")] = 60,
    jobs: Annotated[int, jobs_option("With --play: " + JOBS_HELP)] = JOBS_DEFAULT,
    agent: Annotated[list[str] | None, agent_option("With --play: " + AGENT_HELP)] = None,
) -> None:
    """Check scenarios (or setups written as scenario files) for legality: every finding in one run.

    With --play, every game must end (victory, turn limit, or the engine's stated cap), none may raise an
    engine error, and each side must win at least once. Exit 0 when all hold, 1 when not, 2 for a usage error.
    """
    for clash in ([] if scenarios else clashes()):  # a designer's scenario (--data) with a bundled scenario's id
        _err(clash.render())
        raise typer.Exit(1)
    paths = ([_resolve(ref) for ref in scenarios] if scenarios
             else [find_scenario(sid) or scenarios_dir() / f"{sid}.yaml" for sid in scenario_ids()])
    from tcforge.play.checks import engine_findings
    reports: list[Report] = [check_file(path, engine=engine_findings) for path in paths]
    findings: list[Finding] = [f for r in reports for f in r.findings]
    verdicts = []
    if play and games < 1:
        _usage("--games must be at least 1")
    if play:
        from tcforge.analysis.playable import playable
        from tcforge.progress import step, working
        legal = [(path, rep) for path, rep in zip(paths, reports, strict=True) if rep.legal]
        with working("playing", total=games * len(legal)) as progress:
            for path, _ in legal:
                sides = list(_load(str(path)).grid.sides)
                step(progress, 0, f"playing {path.stem}")
                verdicts.append(playable(str(path), games=games, jobs=jobs, agents=_agents(sides, agent, None, strict=False),
                                         progress=lambda n: step(progress, n)))
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
    from tcforge.agents import SpecError, canonical
    if agent and policy:
        _usage("give --agent or the older --policy, not both")
    chosen: list[str | None] = [None, None]
    if policy:  # its notice is its option's (options.old_spelling)
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


def _usable(specs: Iterable[str], scenario_id: str) -> None:
    """Refuse, before any game, a player that cannot play this scenario for want of trained data (best, look's
    base=trained or value=learned): one line, exit 1, rather than games counted in error. Where best plays, say on
    standard error what it stands for."""
    from tcforge.agents import SpecError
    from tcforge.agents.trained import check_usable, describe_best
    for spec in dict.fromkeys(specs):
        try:
            check_usable(spec, scenario_id)
        except SpecError as exc:
            _err(f"tcforge: {exc}")
            raise typer.Exit(1) from None
        if spec == "best":
            _err(describe_best(scenario_id))


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
    """The scenario, refused (its findings, then one line, exit 1) unless 'scenario check' finds it legal: what play,
    balance and ladder play, as a sweep does (the same check, tcforge.play.checks.check_problems)."""
    from tcforge.play.checks import check_problems
    from tcforge.scenarios.findings import ScenarioError
    from tcforge.scenarios.loading import load
    path = _resolve(reference)
    _known_balance(path, balance)
    try:
        scenario = load(path, balance=balance)
    except ScenarioError as exc:
        for f in exc.findings:
            _err(f.render())
        _err("tcforge: the scenario is not valid; run 'tcforge scenario check'")
        raise typer.Exit(1) from None
    import hashlib
    key = f"{path.resolve()}:{hashlib.sha256(path.read_bytes()).hexdigest()}"  # as the file reads now
    if key not in _LEGAL:
        _LEGAL[key] = check_problems(path)
    if _LEGAL[key]:
        for f in _LEGAL[key]:
            _err(f.render())
        _err(f"tcforge: the scenario is not legal ({len(_LEGAL[key])} problem(s)): no game is played; "
             f"'tcforge scenario check {reference}' lists them")
        raise typer.Exit(1) from None
    return scenario


_LEGAL: dict[str, list[Any]] = {}  # a command checks a file once (balance loads it once per option)


@app.command("play")
def play_one(
    scenario: Annotated[str, typer.Argument(help="Scenario id or file.")],
    seed: Annotated[int, typer.Option("--seed", callback=bounded(SEED), help="The game's seed: set-up, dice and tie-breaks.")] = 1,
    agent: AgentOpt = None,
    policy: PolicyOpt = None,
    log: Annotated[Path | None, typer.Option(
        "--log",
        parser=file_out,
        metavar="FILE",
        help="Write the replayable log (JSON lines) here.")] = None,
    balance: OptionOpt = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="Only the result line.")] = False,
    board: Annotated[bool, typer.Option(
        "--board",
        help="Draw the board with its units at each turn's end, not only at the start.")] = False,
    format: Annotated[Format, format_option("text: the account; json: set-up, events, "
                                                                     "each turn's standing and the result.")] = Format.text,
    lang: Annotated[Lang, lang_option("en or fr.")] = Lang.en,
    set_: Annotated[list[str] | None, typer.Option(
        "--set",
        help="Levers for this game: NAME=VALUE[;NAME=VALUE] (a sweep "
             "cell's, a tune's value: soviet.supply_points=3); --log records them, and "
             "replay and audit apply them again.")] = None,
) -> None:
    """Play one headless game: the set-up and its board, every action, each side's points and the victory
    state at each turn's end, and the result (on standard output); optionally a replayable log."""
    from tcforge.agents.spec import parse
    from tcforge.play.games import new_game, play_game, write_log
    from tcforge.progress import working
    _writable(log)
    sc = _load(scenario, balance)
    if set_:
        sc = _levered(scenario, balance, set_)
    players = _agents(list(sc.grid.sides), agent, policy)
    _usable(players, sc.id)
    with working(f"playing {sc.id}, seed {seed} ({players[0]} v {players[1]})"):
        playout, result = play_game(sc, seed, players)
    if result.error:
        _err(f"tcforge: engine error in {sc.id} seed {seed}: {result.error}")
        raise typer.Exit(1) from None
    if log is not None:
        from tcforge.atomic import atomic_path
        with atomic_path(log) as tmp, tmp.open("w", encoding="utf-8") as handle:
            write_log(handle, playout.state.scenario_setup, playout.log, sc, folder=log.parent, state=playout.state)
    _tell(sc, new_game(sc, seed) if not quiet or format is Format.json else playout.state, playout.log, seed, players,
          lang=lang.value, board=board, format=format, quiet=quiet)
    if log is not None:
        _err(f"wrote {log}")
        timed = [spec for spec in players if parse(spec).seconds is not None]
        if timed:  # its choices depend on the clock: a second run from the seed need not make them again
            _err(f"note: {', '.join(timed)} searches for a time, so 'scenario replay' and 'audit' cannot prove this log "
                 f"(they need --unsigned); give a number of iterations instead for a log that can be checked")


def _levered(scenario: str, balance: str | None, texts: list[str]) -> Any:
    """The scenario with the levers of ``--set`` (each text NAME=VALUE[;...], all of them together); a lever that
    does not parse or cannot take its value: one line, exit 2."""
    return _set_levers(scenario, balance, texts)[0]


def _set_levers(scenario: str, balance: str | None, texts: list[str]) -> tuple[Any, dict[str, Any]]:
    """:func:`_levered`'s scenario and the levers themselves (NAME -> value, as the games' cells take them)."""
    from tcforge.data.limits import SetError, parse_set
    from tcforge.scenarios.findings import ScenarioError
    from tcforge.scenarios.loading import load
    overrides: dict[str, Any] = {}
    for text in texts:
        try:
            overrides.update(parse_set(text))
        except SetError as exc:
            _usage(f"--set {shown(text)}: {exc}")
    try:
        return load(str(_resolve(scenario)), balance=balance, parameters=overrides), overrides
    except ScenarioError as exc:
        _usage(f"--set: {exc.findings[0].message}")


def _tell(sc: Any, state: Any, lines: list[Any], seed: int, agents: tuple[str, str] | None, *, lang: str, board: bool,
          format: Format, quiet: bool = False, viewer: int | None = None) -> None:
    """The account of a game replayed from ``state`` (text or JSON), then its result line, on standard output."""
    from tcforge.play.account import account, account_json, result
    if format is Format.json:
        document = account_json(sc, state, lines, lang, viewer=viewer)
        document["result"] = result(sc, state, seed, agents, lang)
        _echo(json.dumps(document, indent=2, ensure_ascii=False))
        return
    if not quiet:
        for line in account(sc, state, lines, lang, board=board, viewer=viewer):
            _echo(line)
    _echo(result(sc, state, seed, agents, lang)["text"])


UNSIGNED_NOTICE = "accepted with --unsigned: its actions are checked legal, but its dice are not checked against its seed"


@app.command("replay")
def replay_log(
    log: Annotated[Path, typer.Argument(help="A log written by 'tcforge scenario play --log'.")],
    board: Annotated[bool, typer.Option(
        "--board",
        help="Draw the board with its units at each turn's end, not only at the start.")] = False,
    format: Annotated[Format, format_option("text: the account; json: a document.")] = Format.text,
    lang: Annotated[Lang, lang_option("en or fr.")] = Lang.en,
    as_side: Annotated[str, typer.Option(
        "--as",
        help="Tell the game as this side saw it (german, soviet): the enemy's "
             "hidden cards are shown as unknowns.")] = "",
    unsigned: UnsignedOpt = False,
) -> None:
    """Show a logged game again, every action checked as it is replayed, and every die (and each agent's choice)
    against the game its seed gives."""
    from tcforge.engine.state import IllegalActionError
    from tcforge.play import gamelog
    from tcforge.play.games import rebuild
    if not log.is_file():
        _usage(f"no such log file: {log}")
    try:
        verified = gamelog.read(log, unsigned=unsigned)
        state = rebuild(verified)
    except gamelog.LogError as exc:
        _err(str(exc))
        raise typer.Exit(1) from None
    if not verified.seeded:
        _err(f"{log}:1: notice: {UNSIGNED_NOTICE}")
    sides = list(verified.scenario.grid.sides)
    if as_side and as_side not in sides:
        _usage(f"--as {as_side}: not a side of {verified.scenario.id}; use one of {', '.join(sides)}")
    viewer = sides.index(as_side) if as_side else None
    try:
        _tell(verified.scenario, state, verified.lines, verified.setup.seed, verified.setup.agents, lang=lang.value,
              board=board, format=format, viewer=viewer)
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
    logs: Annotated[list[Path] | None, typer.Argument(help="Logs written by 'tcforge scenario play --log'.")] = None,
    format: FormatOpt = Format.text,
    unsigned: UnsignedOpt = False,
    cases: Annotated[bool, typer.Option("--cases", help="List the rule cases the referee judges (case, module, what) and exit.")] = False,
) -> None:
    """Re-check logged games against the rules with the referee (its own rule code, not the engine's
    move generator): one line per violation, LOG:LINE: rule CASE: what happened; exit 1 on any."""
    from tcforge.play.referee import CASES, audit_json, audit_log
    if cases:
        if format is Format.json:
            _echo(json.dumps([{"case": c.case, "module": c.module, "what": c.what} for c in CASES], indent=2,
                             ensure_ascii=False))
            return
        for case in CASES:
            _echo(f"{case.case}\t{case.module}\t{case.what}")
        return
    if not logs:
        _err("tcforge: give one or more logs (or --cases)")
        raise typer.Exit(2)
    missing = [log for log in logs if not log.is_file()]
    for log in missing:
        _err(f"tcforge: no such log file: {log}")
    if missing:
        raise typer.Exit(2)
    audits = [audit_log(log, unsigned=unsigned) for log in logs]
    total = sum(len(a.violations) for a in audits)
    if format == Format.json:
        _echo(audit_json(audits))
    else:
        for a in audits:
            if not a.checked:
                _err(f"{a.log}:1: notice: {UNSIGNED_NOTICE}")
            for text in a.lines():
                _echo(text)
        _echo(f"{len(audits)} log(s), {sum(a.actions for a in audits)} action(s): "
              + (f"{total} violation(s) in {sum(1 for a in audits if a.violations)} log(s)" if total else "no violation"))
    if total:
        raise typer.Exit(1)


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


@app.command("codes")
def codes(format: FormatOpt = Format.text) -> None:
    """The codes of the scenario checks and what each means."""
    if format is Format.json:
        _echo(json.dumps(CODES, indent=2, ensure_ascii=False))
        return
    width = max(len(c) for c in CODES)
    for code, text in CODES.items():
        _echo(f"{code:<{width}}  {text}")


NEW_OUT_HELP = ("Where to write it (default: ID.yaml in the first --data folder, else in the working folder; never among the "
                "bundled scenarios unless given here).")


class Method(str, Enum):
    jeff_mike = "jeff-mike"


@app.command("new")
def new(
    new_id: Annotated[str, typer.Argument(help="The new scenario's id (lower case and dashes).")],
    template: Annotated[str, typer.Option(
        "--from",
        help="skeleton (the commented example), a bundled scenario id or a "
             "scenario file; the copy gets NEW_ID.")] = "skeleton",
    out: Annotated[Path | None, out_file_option(NEW_OUT_HELP)] = None,
    force: Annotated[bool, typer.Option("--force", help="Overwrite an existing file.")] = False,
) -> None:
    """Write a new scenario file to fill in, from the commented skeleton or a bundled scenario."""
    from tcforge.analysis.generate import GenerateError, skeleton, write_new
    try:
        target = out or new_scenario_path(new_id)
        path = write_new(skeleton(new_id, template, replacing=target if force else None), target, force=force)
    except GenerateError as exc:
        _err(f"tcforge: {exc}")
        raise typer.Exit(1) from None
    _echo(f"wrote {display_path(path)}; edit it, then run: tcforge scenario check {display_path(path)}")


@app.command("generate")
def generate(
    method: Annotated[Method, typer.Option("--method", help="The design-your-own method of source 001.")] = Method.jeff_mike,
    year: Annotated[int, typer.Option("--year", metavar="YEAR", help="Year of the battle: only cards in service then.")] = 1943,
    build_points: Annotated[int, typer.Option(
        "--build-points",
        help="Build points of each side (the attacker gets half as "
             "much again).")] = 400,
    old_points: Annotated[int | None, deprecated_option("--points")] = None,
    seed: Annotated[int, typer.Option("--seed", callback=bounded(SEED), help="The draw of the forces and the map.")] = 1,
    kind: Annotated[str, typer.Option("--kind", help="meeting or attack.")] = "meeting",
    new_id: Annotated[str | None, typer.Option("--id", help="Scenario id (default: dyo-YEAR-POINTS-SEED).")] = None,
    out: Annotated[Path | None, out_file_option(NEW_OUT_HELP)] = None,
    force: Annotated[bool, typer.Option("--force", help="Overwrite an existing file.")] = False,
) -> None:
    """Build a legal random scenario by the design-your-own method of source 001; it passes 'scenario check'."""
    from tcforge.analysis.generate import GenerateError, jeff_mike, write_new
    if old_points is not None and build_points != 400:
        _usage("give --build-points or the older --points, not both")
    points = old_points if old_points is not None else build_points
    sid = new_id or f"dyo-{year}-{points}-{seed}"
    try:
        target = out or new_scenario_path(sid)
        path = write_new(jeff_mike(sid, year=year, points=points, seed=seed, kind=kind,
                                   replacing=target if force else None), target, force=force)
    except GenerateError as exc:
        _err(f"tcforge: {exc}")
        raise typer.Exit(1) from None
    report = check_file(path)
    for f in report.findings:
        _echo(f.render())
    _echo(f"wrote {path}: " + ("legal" if report.legal else f"{len(report.findings)} problem(s)"))
    raise typer.Exit(0 if report.legal else 1)


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
