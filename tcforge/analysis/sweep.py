"""A balance sweep: a grid of scenarios, balance options, rulesets, parameter overrides and agents, played
in batches (by a local process pool or Dask: :mod:`tcforge.analysis.cluster`), kept on disk as the batches
finish, and tabulated one row per cell.

The grid comes from the command line or from a small YAML sweep file (:func:`read_sweep_file`)::

    scenarios: [hill-621, kursk]        # bundled ids or scenario files (relative to this file)
    options: [as-written, german-plus]  # balance options; 'all' for as written and every option
    rulesets: [six-pack-r3]             # the ruleset each scenario is played with; absent: its own
    parameters:                         # each entry one set of ruleset parameter overrides
      - {}
      - {turn.hand_limit: 6}
    agents: [greedy, plan:32/greedy, {german: plan:32, soviet: greedy}]
    games: 200
    seed: 1
    batch: 10

Every finished batch is appended to ``batches.jsonl`` in the output folder; a rerun with the same grid reads
it back and plays only the batches that are missing (:class:`Store`). The table, ``sweep.csv`` and
``sweep.jsonl``, and the plot, ``sweep.png``, are written from the kept batches.
"""
from __future__ import annotations

import csv
import errno
import hashlib
import io
import itertools
import json
import os
import signal
import stat
import threading
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tcforge import bounds
from tcforge.analysis import cluster
from tcforge.analysis.balance import BATCH, Report, report, write_plot
from tcforge.analysis.batches import (
    Batch,
    BatchResult,
    Cell,
    content_key,
    plan,
    result_from_json,
    result_to_json,
    scenario_of,
)
from tcforge.atomic import NotARegularFileError, atomic_path, check_target
from tcforge.data.problems import Problem
from tcforge.play.games import GameResult
from tcforge.scenarios.findings import ScenarioError
from tcforge.scenarios.scenario import Scenario

KEYS = ("scenarios", "options", "rulesets", "parameters", "agents", "games", "seed", "batch")
TABLE, ROWS, PLOT, BATCHES = "sweep.csv", "sweep.jsonl", "sweep.png", "batches.jsonl"


@dataclass
class Sweep:
    """The grid and how many games each cell gets. ``options`` holds balance option ids, None for as written,
    ``"all"`` for as written and every option of the scenario; ``agents`` holds agent choices in the
    :func:`agents_of` grammar."""

    scenarios: list[str]
    options: list[str | None] = field(default_factory=lambda: [None])
    rulesets: list[str | None] = field(default_factory=lambda: [None])
    parameters: list[dict[str, Any]] = field(default_factory=lambda: [{}])
    agents: list[str | dict[str, str]] = field(default_factory=lambda: ["greedy"])
    games: int = 100
    seed: int = 1
    batch: int = BATCH


class SweepError(Exception):
    """A sweep that cannot be played: one problem per line, ``file:line:col: what, and how to fix it``."""

    def __init__(self, problems: list[Problem]):
        super().__init__("\n".join(p.render() for p in problems))
        self.problems = problems


Where = Callable[[tuple[object, ...]], tuple[str, int, int]]


def _cli_where(_: tuple[object, ...]) -> tuple[str, int, int]:
    return ("command line", 1, 1)


def agents_of(choice: str | dict[str, str], sides: list[str]) -> tuple[str, str]:
    """A pair of agent specs from ``SPEC`` (both sides), ``SPEC/SPEC`` (the first side's, the second's) or a
    mapping side -> spec (a side left out plays greedy). Raises ValueError saying what is wrong."""
    from tcforge.agents import SpecError, canonical
    if isinstance(choice, dict):
        unknown = [s for s in choice if s not in sides]
        if unknown:
            raise ValueError(f"no side '{unknown[0]}' in this scenario; its sides are {', '.join(sides)}")
        specs = [str(choice.get(side, "greedy")) for side in sides]
    else:
        specs = [s.strip() for s in str(choice).split("/")]
        if len(specs) == 1:
            specs = specs * 2
        if len(specs) != 2:
            raise ValueError(f"'{choice}' names {len(specs)} agents: give SPEC or FIRST/SECOND")
    try:
        return canonical(specs[0]), canonical(specs[1])
    except SpecError as exc:
        raise ValueError(str(exc)) from None


def cells(sweep: Sweep, where: Where = _cli_where) -> list[Cell]:
    """Every cell of the grid, each checked by loading its scenario; SweepError lists every problem, placed
    at the sweep file's value that causes it (``where`` maps a path in the file to file, line, column)."""
    from tcforge.play.checks import check_problems
    from tcforge.scenarios.loading import find_scenario, load

    problems: list[Problem] = []

    def fail(path: tuple[object, ...], message: str, hint: str) -> None:
        file, line, col = where(path)
        problems.append(Problem(file, line, col, message, hint, code="sweep"))

    out: list[Cell] = []
    for si, reference in enumerate(sweep.scenarios):
        if find_scenario(reference) is None:
            fail(("scenarios", si), f"no scenario '{reference}'", "give a scenario file or the id of a bundled scenario")
            continue
        try:
            base = load(reference)
        except ScenarioError as exc:
            fail(("scenarios", si), f"scenario '{reference}' is not valid: {exc.findings[0].render()}",
                 "run 'tcforge scenario check' on it")
            continue
        illegal = check_problems(find_scenario(reference) or Path(reference))
        if illegal:  # what 'scenario check' refuses is never played (as play and balance refuse it)
            first = illegal[0]
            fail(("scenarios", si), f"scenario '{reference}' is not legal ({len(illegal)} problem(s)), the first: "
                 f"{first.file}:{first.line}:{first.col}: {first.message} [{first.code}]",
                 f"run 'tcforge scenario check {reference}' for them all")
            continue
        sides = list(base.grid.sides)
        known = [b.id for b in base.balance]
        options: list[str | None] = []
        for oi, option in enumerate(sweep.options):
            if option == "all":
                options += [None, *known]
            elif option is None or option in known:
                options.append(option)
            else:
                fail(("options", oi), f"'{option}' is not a balance option of {base.id}",
                     f"use one of: as-written, all, {', '.join(known)}" if known else f"{base.id} has none: use as-written")
        agent_pairs: list[tuple[str, str]] = []
        for ai, choice in enumerate(sweep.agents):
            try:
                agent_pairs.append(agents_of(choice, sides))
            except ValueError as exc:
                fail(("agents", ai), f"agents for {base.id}: {exc}", "write SPEC, FIRST/SECOND or a mapping side: spec")
        for ri, ruleset in enumerate(sweep.rulesets):
            if ruleset is not None and not _loads(reference, ("rulesets", ri), fail, ruleset=ruleset):
                continue
            for pi, params in enumerate(sweep.parameters):
                if params and not _loads(reference, ("parameters", pi), fail, ruleset=ruleset, parameters=params):
                    continue
                for option, agents in itertools.product(dict.fromkeys(options), agent_pairs):
                    out.append(Cell(reference, option, ruleset, tuple(params.items()), agents, sweep.seed))
    for key, bound in (("games", bounds.GAMES), ("seed", bounds.SEED), ("batch", bounds.BATCH)):
        value = getattr(sweep, key)
        if bound.problem(value):  # 10,000,000,000 games would be planned, in memory, before the first is played
            fail((key,), f"{key} is {value}", bound.problem(value))
    if problems:
        raise SweepError(_unique(problems))
    return list(dict.fromkeys(out))


def _loads(reference: str, path: tuple[object, ...], fail: Callable[[tuple[object, ...], str, str], None],
           **changes: Any) -> bool:
    from tcforge.scenarios.loading import load
    try:
        load(reference, **changes)
    except ScenarioError as exc:
        first = exc.findings[0]
        fail(path, f"{reference}: {first.message}", first.hint or "see 'tcforge rules' for rulesets and their parameters")
        return False
    return True


def _unique(problems: list[Problem]) -> list[Problem]:
    return list(dict.fromkeys(problems))


def read_sweep_file(path: Path) -> Sweep:
    """The sweep a YAML file describes; SweepError places every problem at ``file:line:col``."""
    from tcforge.data.yamlsafe import load_yaml
    from tcforge.paths import display_path

    display = display_path(path)
    loaded, yaml_problems = load_yaml(path, display)
    if loaded is None or yaml_problems:
        raise SweepError(yaml_problems)
    problems: list[Problem] = []

    def where(p: tuple[object, ...]) -> tuple[str, int, int]:
        line, col = loaded.where(p)
        return display, line, col

    def fail(p: tuple[object, ...], message: str, hint: str, key: bool = False) -> None:
        line, col = loaded.where(p, key=key)
        problems.append(Problem(display, line, col, message, hint, code="sweep"))

    data = loaded.data
    if not isinstance(data, dict):
        raise SweepError([Problem(display, 1, 1, "a sweep file is a mapping", f"give keys among: {', '.join(KEYS)}", code="sweep")])
    for key in data:
        if key not in KEYS:
            fail((key,), f"unknown key '{key}'", f"a sweep file knows: {', '.join(KEYS)}", key=True)

    def listed(key: str, kind: type | tuple[type, ...], what: str) -> list[Any]:
        value = data.get(key)
        if value is None:
            return []
        items = value if isinstance(value, list) else [value]
        for i, item in enumerate(items):
            if not isinstance(item, kind) or isinstance(item, bool):
                fail((key, i) if isinstance(value, list) else (key,), f"{key}: {item!r} is not {what}", f"write {what}")
        return items

    def number(key: str, default: int) -> int:
        value = data.get(key, default)
        if not isinstance(value, int) or isinstance(value, bool):
            fail((key,), f"{key}: {value!r} is not a whole number", f"write {key}: and a whole number")
            return default
        return value

    scenarios = [str(Path(path).parent / s) if not _bundled(s) else s
                 for s in listed("scenarios", str, "a scenario id or file") if isinstance(s, str)]
    if "scenarios" not in data:
        fail((), "no scenarios", "add 'scenarios: [hill-621]' (bundled ids or files)")
    options = [None if o == "as-written" else o for o in listed("options", str, "a balance option id")] or [None]
    rulesets = listed("rulesets", str, "a ruleset id") or [None]
    parameters = listed("parameters", dict, "a mapping of parameter names to values") or [{}]
    for pi, params in enumerate(parameters if isinstance(data.get("parameters"), list) else []):
        for name in params if isinstance(params, dict) else {}:
            if not isinstance(name, str):
                fail(("parameters", pi, name), f"parameters: {name!r} is not a parameter name", "write NAME: VALUE, "
                     "the name as text (turn.hand_limit: 6)", key=True)
    agents = listed("agents", (str, dict), "an agent spec or a mapping side: spec") or ["greedy"]
    sweep = Sweep(scenarios, options, rulesets, parameters, agents, number("games", 100), number("seed", 1), number("batch", BATCH))
    if problems:
        raise SweepError(problems)
    cells(sweep, where)  # the grid's own problems, placed in the file
    return sweep


def _bundled(reference: str) -> bool:
    from tcforge.scenarios.loading import scenarios_dir
    return "/" not in reference and not reference.endswith((".yaml", ".yml")) and (scenarios_dir() / f"{reference}.yaml").is_file()


class Store:
    """The batches a sweep has finished, one JSON line each in ``batches.jsonl``: appended and flushed to the
    disk as each batch comes back, so that whatever stops the run keeps them. A line cut short by a kill is
    dropped when the store is opened again (its batch is played again)."""

    def __init__(self, folder: Path):
        self.folder = Path(folder)
        self.path = self.folder / BATCHES
        self.done: dict[str, list[GameResult]] = {}
        self.content: dict[str, str] = {}  # batch key -> content key of what was played ("" in older stores)
        self.dropped = 0
        self.edited = 0  # lines whose check does not match what they hold: played again, not used as they are
        check_target(self.path)  # a link, FIFO, device or folder there: refused before any game is played
        if self.path.is_file():
            self._read()

    def _open(self, flags: int) -> int:
        """The store's file opened as a plain file only, checked again (tcforge.atomic.check_target): a link planted
        since is not followed (O_NOFOLLOW), a FIFO does not hang the open (O_NONBLOCK) and is refused, as is a device."""
        check_target(self.path)
        extra = getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
        try:
            fd = os.open(self.path, flags | extra, 0o666)
        except OSError as exc:
            if exc.errno in (errno.ELOOP, errno.ENXIO):  # a link (O_NOFOLLOW), a FIFO nobody reads (O_NONBLOCK)
                check_target(self.path)  # says what is there now
                raise NotARegularFileError(exc.errno, "it is not a plain file, and tcforge keeps batches in a plain file "
                                                      "only", str(self.path)) from None
            raise
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            os.close(fd)
            check_target(self.path)
            raise NotARegularFileError(errno.EINVAL, "it is not a plain file, and tcforge keeps batches in a plain file "
                                                     "only", str(self.path))
        return fd

    def _read(self) -> None:
        with os.fdopen(self._open(os.O_RDONLY), "rb") as handle:
            raw = handle.read()
        good = raw.rfind(b"\n") + 1
        if good < len(raw):  # the last line was cut short: drop it, so that the next line starts clean
            self.dropped += 1
            fd = self._open(os.O_WRONLY)
            try:
                os.ftruncate(fd, good)
            finally:
                os.close(fd)
        for line in raw[:good].decode("utf-8", errors="replace").splitlines():
            try:
                entry = json.loads(line)
                if entry.get("check") != _line_check(entry):  # edited since it was written (or written before checks)
                    self.edited += 1
                    continue
                self.done[entry["batch"]] = [result_from_json(r) for r in entry["results"]]
                self.content[entry["batch"]] = str(entry.get("content", ""))
            except (ValueError, KeyError, TypeError, AttributeError, RecursionError):
                self.dropped += 1

    def add(self, done: BatchResult) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        entry = {"batch": done.batch.key(), "content": done.content, "results": [result_to_json(r) for r in done.results]}
        line = json.dumps({**entry, "check": _line_check(entry)}, ensure_ascii=False)
        with _ctrl_c_after():  # the line on disk and the count in memory agree, so the stop message counts it right
            with os.fdopen(self._open(os.O_WRONLY | os.O_APPEND | os.O_CREAT), "ab") as handle:
                handle.write((line + "\n").encode("utf-8"))
                handle.flush()
                os.fsync(handle.fileno())
            self.done[done.batch.key()] = done.results
            self.content[done.batch.key()] = done.content

    def kept(self, batch: Batch, content: str) -> bool:
        """Whether the batch is kept, played with this content (scenario, rules, agents, code)."""
        return batch.key() in self.done and self.content.get(batch.key()) == content

    def stale(self, batch: Batch, content: str) -> bool:
        """Whether the batch is kept but was played with other content: it is played again."""
        return batch.key() in self.done and self.content.get(batch.key()) != content

    def results(self, batches: list[Batch], content: str) -> list[GameResult]:
        """The kept results of these batches played with this content, in game order (others left out)."""
        return [r for b in sorted(batches, key=lambda b: b.start) if self.kept(b, content) for r in self.done[b.key()]]


def _line_check(entry: dict[str, Any]) -> str:
    """A kept batch line's check: the SHA-256 of what it holds (its batch, content key and results), so that a line
    edited by hand (a result changed) is played again rather than counted as it reads. It guards against edits and
    damage, not a forger, who could compute it again (a game log's hash chain and replay prove a game; a sweep's
    batches are re-derivable: play the cell again)."""
    body = {k: entry.get(k) for k in ("batch", "content", "results")}
    return hashlib.sha256(json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
                          .encode("utf-8")).hexdigest()


@contextmanager
def _ctrl_c_after() -> Iterator[None]:
    """Ctrl-C and SIGTERM held back until the block is done (where signals can be blocked, in the main thread).
    Both stop the command (SIGTERM raises KeyboardInterrupt as Ctrl-C does: tcforge.cli): with SIGTERM let through,
    a batch written to the disk could be missing from the count the report is made from, one short of what is kept."""
    if not hasattr(signal, "pthread_sigmask") or threading.current_thread() is not threading.main_thread():
        yield
        return
    before = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGTERM})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)  # a Ctrl-C that came meanwhile is raised here


@dataclass
class Row:
    cell: Cell
    planned: int
    report: Report

    @property
    def complete(self) -> bool:
        return self.report.games == self.planned

    def to_json(self) -> dict[str, Any]:
        rep = self.report
        return {"scenario": rep.scenario, "option": self.cell.option, "ruleset": self.cell.ruleset,
                "parameters": self.cell.overrides(), "agents": list(self.cell.agents), "seed": self.cell.seed,
                "games": rep.games, "planned": self.planned, "complete": self.complete,
                "sides": [{"side": s.side, "wins": s.wins, "win_rate": round(s.rate, 4),
                           "interval95": [round(s.interval[0], 4), round(s.interval[1], 4)], "example_win_seed": s.example_seed}
                          for s in rep.sides],
                "draws": rep.draws, "capped": rep.capped, "errors": rep.errors, "endings": rep.endings,
                "mean_length": rep.lengths["mean"]}


CSV_COLUMNS = ["scenario", "option", "ruleset", "parameters", "agents", "seed", "games", "planned", "complete",
               "side_a", "wins_a", "rate_a", "low95_a", "high95_a", "win_seed_a",
               "side_b", "wins_b", "rate_b", "low95_b", "high95_b", "win_seed_b",
               "draws", "capped", "errors", "endings", "mean_length"]


def csv_row(row: Row) -> list[Any]:
    data = row.to_json()
    sides = data["sides"] + [{"side": "", "wins": "", "win_rate": "", "interval95": ["", ""], "example_win_seed": ""}] * 2
    out: list[Any] = [data["scenario"], data["option"] or "as-written", data["ruleset"] or "",
                      json.dumps(data["parameters"], ensure_ascii=False) if data["parameters"] else "",
                      " v ".join(data["agents"]), data["seed"], data["games"], data["planned"], data["complete"]]
    for side in sides[:2]:
        out += [side["side"], side["wins"], side["win_rate"], side["interval95"][0], side["interval95"][1],
                "" if side["example_win_seed"] is None else side["example_win_seed"]]
    out += [data["draws"], data["capped"], data["errors"], "; ".join(f"{k} {v}" for k, v in data["endings"].items()),
            data["mean_length"]]
    return out


@dataclass
class Outcome:
    """What a sweep run came to: the table's rows, the games played now and kept from before, and why it
    stopped early if it did."""

    rows: list[Row]
    planned: int
    kept_before: int
    played_now: int
    dropped: int
    stopped: cluster.Stopped | None = None
    edited: int = 0  # kept lines whose check did not match (edited by hand): played again

    @property
    def finished(self) -> int:
        return self.kept_before + self.played_now

    def render(self, pairs: Mapping[Any, tuple[Any, str, Any]]) -> list[str]:
        """The table as text, a line a cell; under a cell that ``pairs`` compares with another on the same seeds
        (tcforge.cli.report.sweep_pairs: its base row, the side, the paired difference), that comparison."""
        out = []
        for row in self.rows:
            rep = row.report
            if not rep.games:
                out.append(f"{rep.scenario} [{row.cell.label()}]: 0/{row.planned} games, not played yet")
                continue
            sides = "; ".join(f"{s.side} {s.wins} ({s.rate:.0%}, 95 % {s.interval[0]:.0%}-{s.interval[1]:.0%})"
                              for s in rep.sides)
            out.append(f"{rep.scenario} [{row.cell.label()}]: {rep.games}/{row.planned} games; {sides}; "
                       f"mean length {rep.lengths['mean']} turns")
            if row.cell in pairs:
                base, side, diff = pairs[row.cell]
                out.append(f"  {side} against [{base.cell.label()}], on the same seeds: {diff.render()}")
        return out


class _NotKept(Exception):
    """A finished batch that could not be kept: carries the OSError out of the runner."""

    def __init__(self, error: OSError):
        super().__init__(str(error))
        self.error = error


def run_sweep(sweep: Sweep, folder: Path, *, grid: list[Cell] | None = None, jobs: int = 1, scheduler: str | None = None,
              plot: bool = True, progress: Callable[[int], None] | None = None,
              on_start: Callable[[int, int], None] | None = None,
              on_stale: Callable[[int], None] | None = None) -> Outcome:
    """Play the missing batches of the sweep, keep each as it finishes, then write the table and the plot from
    every kept batch. A kept batch counts only while its content key (:func:`~tcforge.analysis.batches.content_key`:
    the resolved scenario, rules, overrides, agents, seed and code version) is the cell's now; one that was played
    with other content is played again, ``on_stale(games)`` told first. ``on_start(total games, games already
    kept)`` is called before any game is played."""
    grid = cells(sweep) if grid is None else grid
    store = Store(folder)
    plans = {cell: plan(cell, sweep.games, sweep.batch) for cell in grid}
    content = {cell: content_key(cell, _scenario(cell)) for cell in grid}
    missing = [b for cell, batches in plans.items() for b in batches if not store.kept(b, content[cell])]
    stale = sum(b.count for cell, batches in plans.items() for b in batches if store.stale(b, content[cell]))
    planned = sweep.games * len(grid)
    kept = planned - sum(b.count for b in missing)
    if on_stale and stale:
        on_stale(stale)
    if on_start:
        on_start(planned, kept)
    stopped: cluster.Stopped | None = None

    def keep(done: BatchResult) -> None:
        try:
            store.add(done)
        except OSError as exc:  # through the runner as itself: Dask's runner would take an OSError for the scheduler lost
            raise _NotKept(exc) from exc
        if progress:
            progress(len(done.results))

    if missing:
        try:
            with cluster.client(scheduler, cluster.local_workers(jobs, len(missing))) as runner:
                cluster.play(runner, missing, keep)
        except cluster.Stopped as exc:
            stopped = exc
        except KeyboardInterrupt:
            stopped = cluster.Stopped("interrupted", interrupted=True)
        except _NotKept as exc:  # the batches file refused (a link, a FIFO planted meanwhile) or the disk full
            raise exc.error from None
    # what this run kept: a stale batch (kept with other content) counts only once it was played again
    played = sum(len(store.done[b.key()]) for b in missing if store.kept(b, content[b.cell]))
    rows = table(grid, plans, store, sweep.games, content)
    if stopped is None or kept or played:  # a run stopped before any game (no scheduler answered) leaves no table
        write_table(rows, Path(folder), plot=plot)
    return Outcome(rows, planned, kept, played, store.dropped, stopped, store.edited)


def results_of(folder: Path, grid: list[Cell], games: int, batch: int) -> dict[Cell, list[GameResult]]:
    """Each cell's kept games (played with its content now), in game order: what the paired differences between
    cells are computed from (the cells of one root seed share their seeds game by game)."""
    store = Store(folder)
    return {cell: store.results(plan(cell, games, batch), content_key(cell, _scenario(cell))) for cell in grid}


def _scenario(cell: Cell) -> Scenario:
    """The cell's scenario as its file reads now (loaded again when the file changes)."""
    return scenario_of(cell)


def table(grid: list[Cell], plans: dict[Cell, list[Batch]], store: Store, games: int,
          content: dict[Cell, str]) -> list[Row]:
    return [Row(cell, games, report(_scenario(cell), store.results(plans[cell], content[cell]), cell.agents, cell.option))
            for cell in grid]


def write_table(rows: list[Row], folder: Path, *, plot: bool = True) -> None:
    """``sweep.csv`` and ``sweep.jsonl`` (one row per cell), and ``sweep.png``; each written whole or not at all."""
    folder.mkdir(parents=True, exist_ok=True)
    text = io.StringIO()
    writer = csv.writer(text, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for row in rows:
        writer.writerow(csv_row(row))
    with atomic_path(folder / TABLE) as tmp:
        tmp.write_text(text.getvalue(), encoding="utf-8")
    with atomic_path(folder / ROWS) as tmp:
        tmp.write_text("".join(json.dumps(r.to_json(), ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    played = [r for r in rows if r.report.games]
    if plot and played:
        write_plot([r.report for r in played], folder / PLOT,
                   labels=[f"{r.report.scenario}: {r.cell.label()}" for r in played],
                   title=f"Win rates by cell ({max(r.report.games for r in played)} games each at most, 95 % intervals)")
