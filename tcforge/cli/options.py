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
from enum import Enum
from pathlib import Path
from typing import Annotated, Any

import typer
from typer import _click as click
from typer.core import TyperOption

from tcforge.bounds import JOBS, bounded
from tcforge.outpath import file_out

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

# The names whose value takes more than one documented form; every other option name has one type and one metavar
# in every command (tests/cli/test_one_command_line.py walks the commands). --out names a FILE, or the DIR of a
# command that writes several files; --lang is en|fr, but a LANG code in 'tcforge i18n', which works on any
# translation (a new one is started by 'tcforge i18n init').
# --agent is SIDE=SPEC where a game is played, but a bare SPEC in a ladder (a rung plays both sides).
FORMS: dict[str, set[str]] = {"--out": {"FILE", "DIR"}, "--lang": {"en|fr", "LANG"}, "--agent": {"SIDE=SPEC", "SPEC"},
                              "--range": {"choice", "A..B"}}  # a range of fire in odds; the values a tune searches

# Every old spelling -> what to write instead, the one table of them (issue 32 item 4): each still works, hidden from
# --help, and says in one line on standard error (notice) what to write instead. Those in ALIASED take the new
# option's values as they are, so harmonise adds them to every command that has the new name; the others read their
# value their own way (--rungs A,B; --policy A,B) and are declared by the command, with old_spelling(OLD) as callback.
DEPRECATED: dict[str, str] = {
    "--balance": "--option",
    "--out-dir": "--out",
    "--plot": "--out",
    "--rungs": "--agent, once a rung",
    "--agents": "--agent",
    "--policy": "--agent",
    "--cards": "--card-count",
    "--points": "--build-points",
    "--root": "the global --data: tcforge --data DATA i18n ...",
}
ALIASED = ("--balance", "--out-dir")

_LABELS = {"str": None, "int": "N", "float": "X", "int range": "N", "float range": "X", "path": "PATH", "file": "FILE", "directory": "DIR"}
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
        notice(old, target.opts[0])
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
    """Tidy the help of ``command`` and every command under it, add the deprecated aliases, and make each command
    check that no two of its outputs are one file (:mod:`tcforge.cli.outputs`), once."""
    if getattr(command, _MARK, False):
        return command
    setattr(command, _MARK, True)
    ctx = ctx or click.Context(command, info_name=command.name)
    _tidy(command, ctx)
    if getattr(command, "commands", None) is None:  # a command that runs: its outputs are checked first
        from tcforge.cli.outputs import guard
        guard(command)
    names = {o for p in command.params for o in getattr(p, "opts", [])}
    for old in ALIASED:
        new = DEPRECATED[old]
        if old in names:
            continue
        target = next((p for p in command.params if isinstance(p, TyperOption) and new in p.opts), None)
        if target is not None:
            _alias(command, old, target)
    for name, sub in (getattr(command, "commands", None) or {}).items():
        harmonise(sub, click.Context(sub, parent=ctx, info_name=name))
    return command


# ---------------------------------------------------------------------------------------------------------------
# The option types every command group shares (issue 32 item 4): one enum per set of values, one declaration per
# option that several commands take. A command that needs its own help for an option builds it with the same
# function (lang_option, paper_option, out_file_option...), so the name, type, metavar and parsing stay one.


class Lang(str, Enum):
    """The languages of the printed and shown texts (a translation in progress is named by its code in 'tcforge i18n')."""

    en = "en"
    fr = "fr"


class Format(str, Enum):
    """--format of a command that prints one document or report."""

    text = "text"
    json = "json"


class TableFormat(str, Enum):
    """--format of a command that prints rows: text, json, or csv (one row a line, quoted by the csv module)."""

    text = "text"
    json = "json"
    csv = "csv"


class Paper(str, Enum):
    """Paper of the card sheets, the scenario sheets and the calibration page."""

    a4 = "a4"
    letter = "letter"


class BookPaper(str, Enum):
    """Paper of the 003 rule book (tcforge deck rulebook)."""

    a4 = "a4"
    letter = "letter"
    a5 = "a5"


class BookletPaper(str, Enum):
    """Paper of the rule booklet (tcforge print rulebook): the sizes of a book too."""

    a4 = "a4"
    letter = "letter"
    a5 = "a5"
    half_letter = "half-letter"


def lang_option(help: str = "Language of the text: en or fr.") -> Any:
    return typer.Option("--lang", help=help)


def paper_option(help: str) -> Any:
    """--paper, read as the user writes it (A4, Letter)."""
    return typer.Option("--paper", case_sensitive=False, help=help)


def format_option(help: str | None = None) -> Any:
    return typer.Option("--format", "-f", help=help)


def out_file_option(help: str) -> Any:
    """--out FILE of a command that writes one file: a path written as a folder (results/) is refused."""
    return typer.Option("--out", "-o", parser=file_out, metavar="FILE", help=help)


def out_dir_option(help: str) -> Any:
    """--out DIR of a command that writes several files into a folder."""
    return typer.Option("--out", "-o", metavar="DIR", help=help)


def scheduler_address(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """The callback of --scheduler: an address that is not a Dask scheduler's (javascript:..., file:///...) is
    refused in one line, exit 2, before anything is played or written."""
    if value is None:
        return None
    from tcforge.analysis.cluster import address_problem
    problem = address_problem(value)
    if problem:
        raise typer.BadParameter(problem)
    return value


def option_option(help: str = "Play one of the scenario's balance options (they are listed by 'tcforge scenario show "
                              "ID').") -> Any:
    return typer.Option("--option", help=help)


def any_lang(ctx: click.Context, param: click.Parameter, value: Any) -> Any:
    """The callback of a --lang that prints any language with a catalogue (en, fr, one started with 'tcforge i18n
    init' in the bundled data or a --data folder): another code is refused in one line naming those there are."""
    if ctx.resilient_parsing or value is None:
        return value
    from tcforge.data.translations import catalogued

    code = str(value.value if isinstance(value, Enum) else value).strip()
    known = catalogued()
    if code not in known:
        sys.stderr.write(f"tcforge: --lang {code}: no catalogue for this language (languages: {', '.join(known)}); "
                         f"start one with 'tcforge i18n init {code}'\n")
        raise typer.Exit(2)
    return code


def any_lang_option(help: str = "Language of the text: en, fr, or a language with a catalogue ('tcforge i18n init'); "
                                "what is not translated is printed in English, marked.") -> Any:
    return typer.Option("--lang", metavar="LANG", callback=any_lang, help=help)


LangOpt = Annotated[Lang, lang_option()]
# The commands that print any language with a catalogue (cards show, scenario show, print rulebook): a code.
AnyLangOpt = Annotated[str, any_lang_option()]
# 'tcforge i18n' works on any translation, a new one too: its --lang is a code, not one of Lang.
# 'tcforge i18n import': the language a PO file holds is its own header's, unless --lang names it.
PoLangOpt = Annotated[str | None, typer.Option("--lang", metavar="LANG",
                                               help="Language of the translation; default: the one the file's Language "
                                                    "header names (fr where it names none).")]
LangCodeOpt = Annotated[str, typer.Option("--lang", metavar="LANG",
                                          help="Language of the translation (fr, or one started with 'tcforge i18n init').")]
FormatOpt = Annotated[Format, format_option("text or json.")]
TableFormatOpt = Annotated[TableFormat, format_option("text: a table; json: a list; csv: rows.")]

# The print commands' options (tcforge print ..., tcforge deck print).
# The printed products take any catalogued language too (issue 37 item 13): what is not translated prints in English.
CardLangOpt = Annotated[str, any_lang_option("Language of the card texts and headings: en, fr, or a language with a "
                                             "catalogue ('tcforge i18n init'); what is not translated is in English.")]
CardPaperOpt = Annotated[Paper, paper_option("A4 or US Letter; 3 x 3 cards, centred, fewer when --bleed or --card-size "
                                             "leave no room for cut marks.")]
RulesetOpt = Annotated[str | None, typer.Option("--ruleset", help="Ruleset whose errata and numbers to print "
                                                                  "(default six-pack-r3).")]
PdfOutOpt = Annotated[Path | None, out_file_option("PDF to write (default: under output/).")]
CardSizeOpt = Annotated[str, typer.Option("--card-size", help="standard (63 x 88 mm), poker (63.5 x 88.9 mm) or WxH "
                                                              "in mm.")]
BleedOpt = Annotated[float, typer.Option("--bleed", min=0.0, max=5.0, help="Bleed in mm (gutters are at least twice "
                                                                           "it); none by default.")]
DuplexOpt = Annotated[bool, typer.Option("--duplex", help="Double-sided, long-edge flip: back pages mirror the columns "
                                                          "and take the saved back offset ('tcforge print calibration').")]
StrictOpt = Annotated[bool, typer.Option("--strict", help="Text that does not fit is an error (exit 1, no PDF).")]
ButtedOpt = Annotated[bool, typer.Option("--butted", help="Cards touching: shared cut lines and no gutters, so fewer "
                                                          "cuts (3 x 3 on A4 with --bleed 3, the bleed round the block); "
                                                          "crop marks outside the block only. Without it the cards touch "
                                                          "only where gutters leave no room (Letter's rows).")]
BacksOpt = Annotated[bool, typer.Option("--backs/--no-backs", help="A page of the cards' back after the fronts (a "
                                                                   "shuffled deck needs the same back on every card): "
                                                                   "print it on the reverse of each sheet of fronts. "
                                                                   "--no-backs leaves it out; --duplex puts a back page "
                                                                   "behind every sheet instead.")]
OptionOpt = Annotated[str | None, option_option()]

# The players and the workers of the commands that play games (scenario play, balance, check --play, sweep, ladder).
AGENT_HELP = ("A side's player, SIDE=SPEC (german=best), or SPEC for both sides; repeat for each side. "
              "SPEC is random, greedy, best (the strongest player trained for the scenario: its players file, "
              "tcforge scenario train; else greedy's game), commander[:KNOB=VALUE,...] (a doctrine over greedy), "
              "look[:DEALS[:OPTIONS]] (a one-play lookahead: look:2:base=trained,value=learned), "
              "planner[:PLAYOUTS[:OPTIONS]] (turn plans over the Supply points played out to the end: planner:2:at=arrivals), "
              "plan[:BUDGET[:OPTIONS]] (plan:32 playouts a turn, plan:2s) or rollout[:BUDGET[:OPTIONS]] "
              "(rollout:32 playouts a decision); default greedy.")
AGENT_METAVAR = "SIDE=SPEC"
RUNG_METAVAR = "SPEC"  # a ladder's rung plays both sides: it names no side
JOBS_HELP = ("Local worker processes; 0, the default, is one a core (all of this machine's cores), 1 plays in this "
             "process. Results do not depend on it.")


def agent_option(help: str = AGENT_HELP) -> Any:
    return typer.Option("--agent", metavar=AGENT_METAVAR, help=help)


def rung_option(help: str) -> Any:
    """--agent of a ladder: one rung a value, an agent SPEC without SIDE=."""
    return typer.Option("--agent", metavar=RUNG_METAVAR, help=help)


def jobs_option(help: str = JOBS_HELP) -> Any:
    return typer.Option("--jobs", callback=bounded(JOBS), help=help)


AgentOpt = Annotated[list[str] | None, agent_option()]
JobsOpt = Annotated[int, jobs_option()]
JOBS_DEFAULT = 0  # every command that takes --jobs: all cores


def notice(old: str, new: str) -> None:
    """The one line an old spelling prints on standard error: which spelling to use instead."""
    sys.stderr.write(f"tcforge: warning: {old} is deprecated, use {new}\n")


def old_spelling(old: str) -> Callable[[click.Context, click.Parameter, Any], Any]:
    """The callback of the hidden option ``old`` (a name in :data:`DEPRECATED`): when given, it says what to write
    instead, in the one notice every old spelling prints."""
    new = DEPRECATED[old]

    def callback(ctx: click.Context, param: click.Parameter, value: Any) -> Any:
        if not ctx.resilient_parsing and value is not None and value is not False and value not in ((), []):
            notice(old, new)  # 0 is a value given (--cards 0), not an option left out
        return value

    return callback


def deprecated_option(old: str, help: str = "", check: Callable[..., Any] | None = None, **kwargs: Any) -> Any:
    """The hidden option ``old`` of :data:`DEPRECATED`, declared by a command that reads its value its own way;
    ``check`` (a bounds.bounded callback) is run on its value after the notice."""
    first = DEPRECATED[old].split(",")[0].split(":")[0]
    said = old_spelling(old)

    def callback(ctx: click.Context, param: click.Parameter, value: Any) -> Any:
        value = said(ctx, param, value)
        return check(ctx, param, value) if check is not None else value

    return typer.Option(old, hidden=True, callback=callback, help=f"Deprecated: use {first}.{' ' + help if help else ''}",
                        **kwargs)


# The old spellings several commands take.
PlotOpt = Annotated[Path | None, deprecated_option("--plot", parser=file_out, metavar="FILE")]
RungsOpt = Annotated[str | None, deprecated_option("--rungs", "A rung a comma-separated SPEC, weakest first.")]
PolicyOpt = Annotated[str | None, deprecated_option("--policy", "Players as A or A,B.")]

UNSIGNED_HELP = ("Accept a log that cannot be proven: one without its hash chain, or whose game is not played again "
                 "from its seed (no agents recorded, a time budget). Its actions are still checked legal, its chain if it "
                 "has one, but not its dice. Without it such a log is refused.")
UnsignedOpt = Annotated[bool, typer.Option("--unsigned", help=UNSIGNED_HELP)]


__all__ = [
    "AGENT_HELP",
    "ALIASED",
    "DEPRECATED",
    "FORMAT_VALUES",
    "FORMS",
    "JOBS_DEFAULT",
    "JOBS_HELP",
    "LANG_VALUES",
    "OPTIONS",
    "PAPER_VALUES",
    "RUNG_METAVAR",
    "UNSIGNED_HELP",
    "AgentOpt",
    "AnyLangOpt",
    "BacksOpt",
    "BleedOpt",
    "BookPaper",
    "BookletPaper",
    "ButtedOpt",
    "CardLangOpt",
    "CardPaperOpt",
    "CardSizeOpt",
    "DuplexOpt",
    "Format",
    "FormatOpt",
    "JobsOpt",
    "Lang",
    "LangCodeOpt",
    "LangOpt",
    "OptionOpt",
    "Paper",
    "PdfOutOpt",
    "PlotOpt",
    "PoLangOpt",
    "PolicyOpt",
    "RulesetOpt",
    "RungsOpt",
    "StrictOpt",
    "TableFormat",
    "TableFormatOpt",
    "UnsignedOpt",
    "agent_option",
    "any_lang",
    "any_lang_option",
    "deprecated_option",
    "format_option",
    "harmonise",
    "jobs_option",
    "lang_option",
    "notice",
    "old_spelling",
    "option_option",
    "out_dir_option",
    "out_file_option",
    "paper_option",
    "rung_option",
]
