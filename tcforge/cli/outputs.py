"""One rule for every command: no two of its outputs, and no output and an input, are the same file.

``scenario balance --html T/same.x --out T/same.x`` wrote the table, then the report over it, and said nothing;
``scenario play my.yaml --log my.yaml`` would have written the log over the scenario it plays. Every command's
outputs (``--out``, ``--plot``, ``--html``, ``--log``, ``--keep``, ``--saves``), the files a report or a folder
output writes beside or inside them, and its inputs (a file given as an argument, ``--file``) are resolved through
links and compared before the command does anything: a clash is one line naming both options, exit 2.

:func:`guard` wraps a command's callback; :func:`tcforge.cli.options.harmonise` applies it to every command.
"""
from __future__ import annotations

import functools
import os
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import typer

OUTPUT_OPTIONS = ("--out", "--plot", "--html", "--log", "--keep", "--saves")
INPUT_OPTIONS = ("--file",)
# files a command writes inside the folder its --out (or --keep) names, by the command's name
FOLDER_FILES: dict[str, tuple[str, ...]] = {
    "tune": ("tune.json", "batches.jsonl"),
    "sweep": ("sweep.csv", "sweep.jsonl", "sweep.png"),
    "train": ("journal.jsonl",),
}
_GUARDED = "_tcforge_outputs_guarded"


def _real(path: Path) -> str:
    """The path as the system will open it: links followed as far as they exist."""
    return os.path.realpath(os.path.expanduser(str(path)))


def _same(a: Path, b: Path) -> bool:
    if _real(a) == _real(b):
        return True
    try:  # two names of one file (a hard link)
        return a.exists() and b.exists() and os.path.samefile(a, b)
    except OSError:
        return False


def _named(command: Any, params: dict[str, Any]) -> tuple[list[tuple[str, Path]], list[tuple[str, Path]]]:
    """(option, path) of the outputs the command will write, and of the files it reads."""
    from tcforge.cli.report import games_folder

    outputs: list[tuple[str, Path]] = []
    inputs: list[tuple[str, Path]] = []
    for p in command.params:
        value = params.get(p.name or "")
        if value is None or value == "" or isinstance(value, bool):
            continue
        opts = list(getattr(p, "opts", []))
        values = value if isinstance(value, list | tuple) else [value]
        if any(o in OUTPUT_OPTIONS for o in opts):
            option = next(o for o in opts if o.startswith("--"))
            for v in values:
                path = Path(str(v))
                outputs.append((option, path))
                if option == "--html":
                    outputs.append((f"the games of --html ({games_folder(path).name}/)", games_folder(path)))
                if option in ("--out", "--keep") and command.name in FOLDER_FILES and not path.suffix:
                    outputs += [(f"{option}'s {name}", path / name) for name in FOLDER_FILES[command.name]]
        elif any(o in INPUT_OPTIONS for o in opts) or getattr(p, "param_type_name", "") == "argument":
            for v in values:
                if isinstance(v, str | os.PathLike) and str(v) and Path(str(v)).is_file():
                    label = (f"the {(p.name or 'input').upper()} argument" if getattr(p, "param_type_name", "") == "argument"
                             else next(o for o in opts if o.startswith("--")))
                    inputs.append((label, Path(str(v))))
    return outputs, inputs


def clash(command: Any, params: dict[str, Any]) -> str | None:
    """The first clash among the command's outputs and inputs, said in one line; None when there is none."""
    outputs, inputs = _named(command, params)
    for i, (option, path) in enumerate(outputs):
        for other, other_path in outputs[i + 1:]:
            if _same(path, other_path):
                return (f"{option} and {other} both name {path}: one would overwrite the other; give each its own "
                        "file")
        for source, source_path in inputs:
            if _same(path, source_path):
                return f"{option} names {path}, which is {source}: writing would destroy it; give another file"
    return None


def guard(command: Any) -> Any:
    """Wrap ``command``'s callback so that a clash of its outputs (:func:`clash`) stops it first: one line, exit 2."""
    callback: Callable[..., Any] | None = command.callback
    if callback is None or getattr(callback, _GUARDED, False) or not _has_outputs(command.params):
        return command

    @functools.wraps(callback)
    def run(*args: Any, **kwargs: Any) -> Any:
        problem = clash(command, kwargs)
        if problem:
            from tcforge.cli.common import err
            err.print(f"tcforge: {problem}", markup=False)
            raise typer.Exit(2)
        return callback(*args, **kwargs)

    setattr(run, _GUARDED, True)
    command.callback = run
    return command


def _has_outputs(params: Iterable[Any]) -> bool:
    return any(o in OUTPUT_OPTIONS for p in params for o in getattr(p, "opts", []))
