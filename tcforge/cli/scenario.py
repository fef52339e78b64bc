"""``tcforge scenario ...``: list, show, check, play, replay and audit scenarios, list the check codes, make new ones
(the commands that measure with many games are in tcforge.cli.measure, levers and tune in tcforge.cli.tune).

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
from typing import Annotated, Any, NoReturn

import typer

from tcforge.bounds import GAMES, SEED, bounded, shown
from tcforge.cli.options import (
    AGENT_HELP,
    JOBS_DEFAULT,
    JOBS_HELP,
    AgentOpt,
    Format,
    FormatOpt,
    Lang,
    OptionOpt,
    PolicyOpt,
    TableFormat,
    UnsignedOpt,
    agent_option,
    any_lang_option,
    deprecated_option,
    format_option,
    jobs_option,
    lang_option,
    option_option,
    out_file_option,
)
from tcforge.outpath import file_out
from tcforge.paths import display_path
from tcforge.scenarios.check import CODES, Report, check_file
from tcforge.scenarios.findings import Finding
from tcforge.scenarios.loading import clashes, find_scenario, load_scenario, new_scenario_path, scenario_ids, scenarios_dir
from tcforge.scenarios.show import summary, to_json

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


