"""One option name for one meaning in every command (issue 20 item 7), and help without Python type labels.

:data:`OPTIONS` is the table the command modules follow (a test walks every
command's ``--help`` and checks it); :func:`harmonise` runs over the command
tree once it is built and

- gives every option and argument a metavar a reader understands (``DIR``,
  ``FILE``, ``N``, the option's own name) where Typer would print a Python type
  label (``<bool>``, ``<str>``, ``<path>``), and none to a flag;
- adds the old names of renamed options (:data:`DEPRECATED`) as hidden aliases
  that still work and say, on standard error, which name to use instead.
"""
from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

from typer import _click as click
from typer.core import TyperOption

# option -> (its short name or "", what it means). A command that has the meaning uses the name; one that has the
# name gives it this meaning. Values: --format text|json (and csv where a command prints rows), --lang en|fr (or a
# translation's code in 'tcforge i18n'), --paper a4|letter (and a5 for the booklets).
OPTIONS: dict[str, tuple[str, str]] = {
    "--out": ("-o", "where the output goes: a file, or the folder a command writes several files into"),
    "--format": ("-f", "how data is printed: text, json, or csv"),
    "--option": ("", "a scenario's balance option (repeat or separate with commas)"),
    "--lang": ("", "the language of the text printed"),
    "--paper": ("", "the paper size of a PDF"),
    "--ruleset": ("", "the ruleset id"),
    "--seed": ("", "the random seed"),
    "--data": ("", "a folder of the designer's own data, layered over the bundled data"),
}
FORMAT_VALUES = {"text", "json", "csv"}
LANG_VALUES = {"en", "fr"}
PAPER_VALUES = {"a4", "letter", "a5", "half-letter"}  # half-letter: the rule booklet only

# old name -> the name to use: the old one still works, hidden from --help, with a warning.
DEPRECATED: dict[str, str] = {"--balance": "--option", "--out-dir": "--out"}

_LABELS = {"str": None, "int": "N", "float": "X", "path": "PATH", "file": "FILE", "directory": "DIR"}
_MARK = "_tcforge_harmonised"


def _metavar(param: Any, ctx: click.Context) -> str | None:
    """The metavar to show for ``param``, or None to keep what Typer shows (the choices of an enum)."""
    if getattr(param, "is_flag", False) or getattr(param, "count", False):
        return ""
    if param.metavar is not None:
        return None
    label = param.display_type(ctx)
    if label is None:
        return None
    bare = label.strip("<>").removeprefix("list[").removesuffix("]")
    if "|" in bare:
        return None  # choices: the values themselves
    name = _LABELS.get(bare)
    if name is None:  # a plain string: the option's own name (--terrain TERRAIN)
        long = next((o for o in param.opts if o.startswith("--")), param.name or "value")
        name = long.lstrip("-").replace("-", "_").upper()
    return name


def _tidy(command: click.Command, ctx: click.Context) -> None:
    params: list[Any] = list(command.params)  # Typer's parameters (display_type is theirs, not click's)
    helper = command.get_help_option(ctx)
    if helper is not None:
        params.append(helper)
    for param in params:
        if param.param_type_name == "argument":
            label = param.display_type(ctx) or ""
            if "|" not in label:  # the name column says what it is (FIRER, PO_FILE): no type label after it
                param.metavar = param.metavar or param.name.upper()
                param.display_type_rich = lambda ctx=None: None  # Typer would print <str> after the name
            continue
        metavar = _metavar(param, ctx)
        if metavar is not None:
            param.metavar = metavar


def _alias(command: click.Command, old: str, target: TyperOption) -> None:
    """A hidden ``old`` that feeds ``target`` and warns."""
    stash = f"{_MARK}:{old}"

    def merge(ctx: click.Context, current: Any, value: Any) -> Any:
        if target.multiple:
            return tuple(current or ()) + tuple(value or ())
        given = ctx.get_parameter_source(target.name or "") not in (None, click.core.ParameterSource.DEFAULT)
        return current if given else value  # the new name wins when both are given; else the old one's value

    def on_old(ctx: click.Context, _param: click.Parameter, value: Any) -> None:
        if value in (None, (), []):
            return
        sys.stderr.write(f"tcforge: warning: {old} is deprecated, use {target.opts[0]}\n")
        if target.name in ctx.params:
            ctx.params[target.name] = merge(ctx, ctx.params[target.name], value)
        else:
            ctx.meta[stash] = value

    original: Callable[..., Any] | None = target.callback

    def on_target(ctx: click.Context, param: click.Parameter, value: Any) -> Any:
        if original is not None:
            value = original(ctx, param, value)
        if stash in ctx.meta:
            value = merge(ctx, value, ctx.meta.pop(stash))
        return value

    target.callback = on_target
    alias = TyperOption(param_decls=[old, f"{target.name}_deprecated_{old.strip('-').replace('-', '_')}"],
                        type_descriptor=target.type_descriptor, multiple=target.multiple, hidden=True,
                        expose_value=False, callback=on_old, default=None,
                        help=f"Deprecated: use {target.opts[0]}.")
    command.params.append(alias)


def harmonise(command: click.Command, ctx: click.Context | None = None) -> click.Command:
    """Tidy the help of ``command`` and every command under it, and add the deprecated aliases (once)."""
    if getattr(command, _MARK, False):
        return command
    setattr(command, _MARK, True)
    ctx = ctx or click.Context(command, info_name=command.name)
    _tidy(command, ctx)
    names = {o for p in command.params for o in getattr(p, "opts", [])}
    for old, new in DEPRECATED.items():
        if old in names:
            continue
        target = next((p for p in command.params if isinstance(p, TyperOption) and new in p.opts), None)
        if target is not None:
            _alias(command, old, target)
    for name, sub in (getattr(command, "commands", None) or {}).items():
        harmonise(sub, click.Context(sub, parent=ctx, info_name=name))
    return command


__all__ = ["DEPRECATED", "FORMAT_VALUES", "LANG_VALUES", "OPTIONS", "PAPER_VALUES", "harmonise"]
