"""``tcforge validate``: every problem of the data files, one line each."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from tcforge.cli.common import err, fail, out
from tcforge.cli.options import Format, format_option
from tcforge.data.problems import Problem


def validate(
    paths: Annotated[list[Path] | None, typer.Argument(
        help="Files or folders to check (default: your own data when "
             "'tcforge --data DIR' names some, else all of the bundled data).")] = None,
    format: Annotated[Format, format_option("text: one line per problem; json: a list.")] = Format.text,
) -> None:
    """Check data files against their JSON Schemas and each other: every problem, one line each.

    A scenario file also gets every legality check of 'tcforge scenario check' (which adds --play to prove it playable).

    Exit 0 when valid, 1 when not, 2 for a usage error.
    """
    from tcforge.validate import validate as run

    missing = [p for p in paths or [] if not p.exists()]
    if missing:
        from tcforge.paths import not_found

        reasons = {not_found(p) for p in missing}  # a link loop or a link to nothing is said as such
        if reasons == {"no such file or folder"}:
            fail(f"no such file or folder: {', '.join(str(p) for p in missing)}", 2)
        fail("; ".join(f"{p} is {not_found(p)}" for p in missing), 2)
    from tcforge.paths import user_data_dirs
    from tcforge.play.checks import engine_findings

    report = run(paths or user_data_dirs() or None, scenario_engine=engine_findings)  # a scenario file gets 'scenario check' too
    roots = paths or user_data_dirs() or []
    extra = _puzzle_problems(roots, report.problems)
    extra += _player_problems(roots, report.problems + extra)
    report.problems = sorted(report.problems + extra, key=lambda p: (p.file, p.line, p.col, p.message))
    if format is Format.json:
        out.print(json.dumps([p.to_json() for p in report.problems], indent=2, ensure_ascii=False), markup=False)
    else:
        for problem in report.problems:
            out.print(problem.render(), markup=False)
        files = len({p.file for p in report.problems})
        summary = (f"{report.files} file(s), {report.cards} card(s): " +
                   (f"{len(report.problems)} problem(s) in {files} file(s)" if report.problems else "valid"))
        err.print(summary, markup=False)
    raise typer.Exit(0 if report.ok else 1)


def _puzzle_problems(paths: list[Path], known: list[Problem]) -> list[Problem]:
    """A puzzle file (data/puzzles/) also gets the checks of 'tcforge scenario puzzles' (its scenario, success test,
    sides, positions, cards and actions; tcforge.analysis.puzzles), those its schema check did not already report."""
    from tcforge.analysis.puzzles import problems_of
    from tcforge.data.documents import discover
    from tcforge.paths import data_dir, display_path

    seen = {(p.file, p.line, p.col) for p in known}
    out: list[Problem] = []
    for root in paths or [data_dir()]:
        for path in discover(root) if root.exists() else []:
            if path.parent.name != "puzzles":
                continue
            for problem in problems_of(path, display_path(path)):
                if (problem.file, problem.line, problem.col) not in seen:
                    seen.add((problem.file, problem.line, problem.col))
                    out.append(problem)
    return out


def _player_problems(paths: list[Path], known: list[Problem]) -> list[Problem]:
    """What ``best`` refuses in a players file, refused here at its line (the loader's own checks,
    :func:`tcforge.agents.trained.file_problems`): a doctrine, a learned evaluation of other features or weights, a
    strongest player that names best, does not build or searches for a time. Here, not in the data layer that
    validates the schema: that layer may not import the players."""
    from tcforge.agents import canonical
    from tcforge.agents.trained import file_problems
    from tcforge.data import schemas
    from tcforge.data.documents import discover
    from tcforge.data.yamlsafe import load_yaml
    from tcforge.paths import data_dir, display_path

    seen = {(p.file, p.line, p.col) for p in known}
    out: list[Problem] = []
    for root in paths or [data_dir()]:
        files = [root] if root.is_file() else discover(root) if root.exists() else []
        for path in files:
            if path.parent.name != "players" and not (root.is_file() and path.suffix in (".yaml", ".yml")):
                continue
            display = display_path(path)
            loaded, problems = load_yaml(path, display)
            if loaded is None or problems or not isinstance(loaded.data, dict):
                continue
            if "player" not in loaded.data:  # a players file names its player
                continue
            if schemas.check(loaded, "player", display):  # the schema's problems are reported already
                continue
            # what 'best' refuses when it loads the file (one list of checks, the loader's), each at its line
            for where, message, hint, code, key in file_problems(loaded.data, str(loaded.data["scenario"]), canonical):
                if code == "player-side":  # said by the data layer's own check, with the scenario's side ids
                    continue
                line, col = loaded.where(where, key=key)
                if (display, line, col) not in seen:
                    seen.add((display, line, col))
                    out.append(Problem(display, line, col, f"{'/'.join(map(str, where))}: {message}", hint, code=code))
    return out
