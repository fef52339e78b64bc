"""The ``tcforge`` command line. Thin: parse, call the library, print.

One module per command group under tcforge/cli/, each a thin layer over a library
call: ``validate``, ``cards``, ``errata``, ``rules``, ``odds`` and ``bench`` are
imported here; ``print`` (printing.py, with rulebook.py), ``scenario``, ``i18n``,
``deck`` and ``export`` only when asked for. :mod:`tcforge.cli.options` holds the
option types every group shares (one ``Lang``, one family of ``--format`` and
``--paper`` values, the print options, ``--agent``, ``--jobs``) and the old
spellings; :mod:`tcforge.cli.common` the two consoles and the one-line failure.
"""
from __future__ import annotations

import importlib
import os
import re
import shlex
import signal
import sys
import typing
import unicodedata
from enum import Enum
from pathlib import Path
from typing import Annotated, Any

import typer
from typer._click.exceptions import BadParameter, UsageError
from typer.core import TyperGroup

from tcforge import __version__, compiled
from tcforge.bounds import shown
from tcforge.cli import bench, cards, errata, odds, rules, schemas, serve, validate
from tcforge.cli.common import err, fail, out
from tcforge.cli.options import harmonise
from tcforge.interrupt import interrupt_notes
from tcforge.paths import DATA_ENV, MissingFilesError, display_path, not_found, use_data_dirs, user_data_dirs

# The print shop, the scenarios and the translation tools import reportlab, WeasyPrint and the engine: they
# are loaded when their command is asked for, so that 'tcforge validate' starts in a fraction of a second.
LAZY_GROUPS = {
    "print": ("tcforge.cli.printing", "Print sleeve inserts, reference cards, proxies, scenario sheets and decks, "
                                    "and the rule booklets (PDF, A4 or Letter, English or French); card images for online card printers."),
    "scenario": ("tcforge.cli.scenario", "Scenarios: list, show, check their legality; play, replay and audit games; "
                                          "balance, ladder and sweep runs; the check codes; write a new one or generate one."),
    "i18n": ("tcforge.cli.i18n", "Translations of the rule book and the card and scenario texts: status, check, "
                                  "PO export and import, a new language. The data folder is the global --data "
                                  "(tcforge --data DATA i18n ...)."),
    "deck": ("tcforge.cli.deck", "Command decks of the fluid-time rules (source 003): list, show, odds, tables, print, rulebook."),
    "export": ("tcforge.cli.export", "Export a scenario or a command deck to Tabletop Simulator: deck sheets (PNG) and a save (JSON)."),
}


_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def _one_line(exc: UsageError) -> str:
    """A usage error in one line, as every refusal of tcforge is (no box, no usage block): a bad choice names the option,
    the value and the values allowed (tcforge: --format xml: use text, json or csv)."""
    param = getattr(exc, "param", None)
    kind = getattr(getattr(param, "type_descriptor", None), "annotation", None)
    kinds = [kind, *typing.get_args(kind)]  # an Enum, or a list or optional of one
    enum = next((k for k in kinds if isinstance(k, type) and issubclass(k, Enum)), None)
    choices = [str(m.value) for m in enum] if enum is not None else []
    if isinstance(exc, BadParameter) and param is not None and choices:
        name = next((o for o in getattr(param, "opts", []) if o.startswith("--")), param.name or "value")
        given = re.search(r"'([^']*)' is not one of", exc.message)
        allowed = ", ".join(choices[:-1]) + f" or {choices[-1]}" if len(choices) > 1 else choices[0]
        return f"{name}{' ' + shown(given.group(1)) if given else ''}: use {allowed}"
    text = " ".join(exc.format_message().split())
    where = exc.ctx.command_path if exc.ctx is not None else "tcforge"
    return f"{text.replace(': Value error, ', ': ')} (see '{where} --help')"


class _LazyGroup(TyperGroup):
    def invoke(self, ctx: Any) -> Any:
        try:
            return super().invoke(ctx)
        except UsageError as exc:  # a subcommand's line: one line on standard error, exit 2
            err.print(f"tcforge: {_one_line(exc)}", markup=False)
            raise typer.Exit(exc.exit_code) from None

    def get_params(self, ctx: Any) -> Any:
        harmonise(self, ctx)
        return super().get_params(ctx)

    def list_commands(self, ctx: Any) -> list[str]:
        return sorted(set(super().list_commands(ctx)) | set(LAZY_GROUPS))

    def get_command(self, ctx: Any, name: str) -> Any:
        command = super().get_command(ctx, name)
        if command is None and name in LAZY_GROUPS:
            module, help_text = LAZY_GROUPS[name]
            sub = importlib.import_module(module).app
            if name == "scenario":
                importlib.import_module("tcforge.cli.measure")  # balance, ladder, train, sweep, puzzles
                importlib.import_module("tcforge.cli.tune")  # levers and tune: its commands, in a module of their own
            if name == "print":
                from tcforge.cli.rulebook import rulebook
                if not any(c.name == "rulebook" for c in sub.registered_commands):
                    sub.command("rulebook")(rulebook)
            command = typer.main.get_group(sub)
            command.name, command.help = name, help_text
            self.add_command(command, name)
        return harmonise(command) if command is not None else None


app = typer.Typer(help="Tank Commander: The Eastern Front Edition toolkit: data, rules engine, print shop.",
                  no_args_is_help=True, add_completion=True, pretty_exceptions_enable=False, cls=_LazyGroup)
app.add_typer(cards.app, name="cards")
app.add_typer(errata.app, name="errata")
app.add_typer(bench.app, name="bench")
app.add_typer(rules.app, name="rules")
app.command("validate")(validate.validate)
app.command("odds")(odds.odds)
app.command("serve")(serve.serve)
app.command("schemas")(schemas.schemas)


@app.callback(invoke_without_command=True)
def _root(
    version: Annotated[bool, typer.Option("--version", help="Print the version and exit.")] = False,
    data: Annotated[list[Path] | None, typer.Option(
        "--data",
        metavar="DIR",
        help="A folder of your own cards, errata, rulesets and scenarios (any layout: each file is known by its top-level "
             "key), layered over the bundled data: added to it, never replacing it, so an id the bundled data uses is an "
             "error. Repeat for several folders. Put it before the command: tcforge --data DIR validate. "
             f"Default: the {DATA_ENV} environment variable (folders separated by '{os.pathsep}').")] = None,
) -> None:
    if version:  # and which build runs the engine: the compiled one, or the sources and why (tcforge/compiled.py)
        out.print(f"tcforge {__version__}; engine: {compiled.state()}", markup=False)
        raise typer.Exit(0)
    if data:
        use_data_dirs(data)
    missing = [d for d in user_data_dirs() if not d.exists()]
    if missing:
        where = "--data" if data else DATA_ENV
        reasons = {not_found(d) for d in missing}  # a link loop or a link to nothing is said as such
        if reasons == {"no such file or folder"}:
            made = " ".join(shlex.quote(display_path(d)) for d in missing)
            fail(f"{where} names no such folder: {', '.join(str(d) for d in missing)}; make it first (mkdir {made}) "
                 "or check its name", 2)
        fail(f"{where} names no folder: " + "; ".join(f"{d} is {not_found(d)}" for d in missing), 2)


_SIGNALLED: list[int] = []  # the signal that stopped the command, if any but Ctrl-C's


def _on_sigterm(signum: int, frame: Any) -> None:
    """SIGTERM (``kill PID``, a batch system's time limit) stops a command as Ctrl-C does: its workers are ended,
    what it had finished is kept and said, and it exits 143 (128 + 15). Left to the default, the command died at
    once and its pool's workers went on playing their batches with nobody to send them to."""
    _SIGNALLED.append(signum)
    raise KeyboardInterrupt


def _interrupted(exc: BaseException) -> bool:
    """Typer turns Ctrl-C into exit 130, raised from the KeyboardInterrupt: look for it in the chain."""
    seen: BaseException | None = exc
    while seen is not None:
        if isinstance(seen, KeyboardInterrupt):
            return True
        seen = seen.__cause__ or seen.__context__
    return False


class _WatchedStdout:
    """Standard output that remembers a failed write, so that ``main`` can tell a full disk under ``>`` from
    a failure of some file a command writes."""

    def __init__(self, stream: Any, owner: _WatchedStdout | None = None) -> None:
        self._stream = stream
        self._owner = owner or self  # the binary buffer's failures count as the text stream's
        self.failed = False

    @property
    def buffer(self) -> _WatchedStdout:
        """The binary stream under the text one (a PO file is written as bytes), watched too."""
        return _WatchedStdout(self._stream.buffer, self._owner)

    def write(self, data: Any) -> int:
        try:
            return int(self._stream.write(data))
        except OSError:
            self._owner.failed = True
            raise

    def flush(self) -> None:
        try:
            self._stream.flush()
        except OSError:
            self._owner.failed = True
            raise

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def _stdout_fails(watched: _WatchedStdout) -> bool:
    if watched.failed:
        return True
    try:
        watched.flush()
    except OSError:
        return True
    return False


def _silence_stdout() -> None:
    """Point standard output at /dev/null, so that the interpreter's last flush at exit does not fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):
        pass


def _unprintable(argument: str) -> str | None:
    """The first character of an argument no text may hold: a control character (the line break too, in an
    argument), or an invisible format or separator one (U+200B, U+200F, U+2028...), as the data's own rule
    (tcforge.data.yamlsafe.text_faults) refuses them."""
    found = _CONTROL.search(argument)
    if found:
        return found.group()
    if argument.isprintable():
        return None
    return next((c for c in argument if unicodedata.category(c) in ("Cf", "Zl", "Zp")), None)


def main() -> None:
    """The ``tcforge`` entry point: Ctrl-C, a full disk or a closed pipe end in one line, never a traceback."""
    if sys.stdout is None:  # started with standard output closed (>&-)
        err.print("tcforge: cannot write to standard output: it is closed", markup=False)
        sys.exit(1)
    for number, argument in enumerate(sys.argv[1:], 1):
        found = _unprintable(argument)
        if found:  # it would be echoed in some message: a terminal escape or an invisible character is never written
            err.print(f"tcforge: argument {number} holds a control character (U+{ord(found):04X}): "
                      "remove it; names, ids and paths are printable text", markup=False)
            sys.exit(2)
    watched = _WatchedStdout(sys.stdout)
    sys.stdout = watched  # a proxy of the real stream
    sys.unraisablehook = _quiet_when_out_of_memory
    if signal.getsignal(signal.SIGTERM) is signal.SIG_DFL:
        signal.signal(signal.SIGTERM, _on_sigterm)
    try:
        try:
            app()
        finally:
            watched.flush()  # output held in the buffer fails here, not in the interpreter's exit
    except SystemExit as exc:
        if exc.code == 130 and (_interrupted(exc) or _SIGNALLED):
            _report_interrupt()
        raise
    except KeyboardInterrupt:
        _report_interrupt()
    except MissingFilesError as exc:  # an installation without its data: one line, no traceback
        err.print(f"tcforge: {exc}", markup=False)
        sys.exit(1)
    except BrokenPipeError:
        _silence_stdout()  # the reader went away (| head): nothing to say to it
        sys.exit(1)
    except MemoryError:  # a limit on the process's memory (ulimit -v) met: one line (written plainly, memory is short)
        sys.stderr.write("tcforge: out of memory: the command needs more than this process may use (ulimit -v, or "
                         "the machine's memory); nothing was left half-written\n")
        sys.exit(1)
    except OSError as exc:
        if _stdout_fails(watched):
            sys.stdout = watched._stream
            _silence_stdout()
            err.print(f"tcforge: cannot write to standard output: {exc.strerror or exc}", markup=False)
        else:
            where = f"{exc.filename}: " if exc.filename else ""
            err.print(f"tcforge: {where}{exc.strerror or exc}", markup=False)
        sys.exit(1)


_DEFAULT_UNRAISABLE = sys.unraisablehook


def _quiet_when_out_of_memory(unraisable: Any) -> None:
    """Objects finalised while a MemoryError unwinds fail for want of memory too: their "Exception ignored" lines
    would bury the one line the command ends with. Any other such exception is reported as Python does."""
    if unraisable.exc_type is not None and issubclass(unraisable.exc_type, MemoryError):
        return
    _DEFAULT_UNRAISABLE(unraisable)


def _report_interrupt() -> None:
    err.print("tcforge: terminated" if _SIGNALLED else "tcforge: interrupted", markup=False)
    for line in interrupt_notes():
        err.print(f"  {line}", markup=False)
    sys.exit(128 + _SIGNALLED[0] if _SIGNALLED else 130)
