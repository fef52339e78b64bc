"""The commands of the README, of the documentation pages (docs/**/*.md) and of the Makefile: each exists, its
options parse, and the cheap ones run as shown.

``make demo`` itself is not run here: its expensive steps (playing and balancing
scenarios, printing every PDF and both rule booklets) have their own tests
(tests/scenarios/test_scenario_games.py, the print shop and booklet tests).
What this file checks is that the documentation names no command, option or
option value that does not exist, and that the commands the README shows output
for still print it.

Notation in the README: ``[--lang fr]`` is an optional part (checked as if
given), ``[ID|FILE...]`` an optional placeholder (left out), ``a4|letter|a5``
alternatives (each checked), ``#`` starts a comment.
"""
from __future__ import annotations

import re
import shlex
from dataclasses import dataclass, field
from typing import Any

import pytest
import typer
import typer.core
from typer.testing import CliRunner

from conftest import ROOT
from tcforge.cli import app

# Commands (by their path of subcommand names) that are run, not only parsed: each takes well under a second.
# The others play games, print PDFs, write files or benchmark; their own tests run them.
RUN = {("validate",), ("cards", "list"), ("cards", "show"), ("cards", "stats"), ("errata", "list"), ("rules", "list"),
       ("rules", "show"), ("rules", "diff"), ("rules", "cards"), ("rules", "coverage"), ("scenario", "list"),
       ("scenario", "show"), ("scenario", "codes"), ("i18n", "status"), ("i18n", "check"), ("deck", "list")}
# Arguments that make a run command cost seconds: such a line is parsed only.
NOT_RUN_WITH = {"matrix", "--play"}
# The README shows these failing on purpose (the bad example files of tests/data/bad/).
EXIT_CODES = {"validate tests/data/bad/many-problems.yaml tests/data/bad/erratum-mismatch.yaml": 1}
# Where the command does not print what the README shows, and why (a bug to fix in the command, not here).
KNOWN_DIFFERENCES: dict[str, str] = {}


@dataclass
class Mention:
    where: str  # README.md:LINE or Makefile:LINE
    text: str  # the command line after 'tcforge', as written
    shown: list[str] = field(default_factory=list)  # the output the README prints under it
    options: list[str] = field(default_factory=list)  # options the same README paragraph names for it


def _readme() -> list[str]:
    return (ROOT / "README.md").read_text(encoding="utf-8").splitlines()


def documents() -> list[tuple[str, list[str]]]:
    """The README and every page of the documentation site, as (path, lines). The command reference is generated
    from the commands themselves at build time (docs/hooks/tcforge_docs.py), so its page names none as text."""
    pages = sorted((ROOT / "docs").rglob("*.md"))
    return [("README.md", _readme())] + [(p.relative_to(ROOT).as_posix(), p.read_text(encoding="utf-8").splitlines())
                                         for p in pages]


def console_mentions() -> list[Mention]:
    """``$ tcforge ...`` lines of the console blocks of the README and the docs, each with the output shown under it."""
    found: list[Mention] = []
    for name, lines in documents():
        found += _console_mentions(name, lines)
    return found


def _console_mentions(name: str, lines: list[str]) -> list[Mention]:
    found: list[Mention] = []
    inside = False
    for number, line in enumerate(lines, 1):
        if line.startswith("```"):
            inside = line.strip() == "```console"
            continue
        if not inside:
            continue
        if line.startswith("$ "):
            command = line[2:].strip()
            assert command.startswith("tcforge "), f"{name}:{number}: a console line that is not a tcforge command"
            found.append(Mention(f"{name}:{number}", command[len("tcforge "):]))
        elif line.startswith("$"):
            found.append(Mention(f"{name}:{number}", ""))
        elif found and line.strip():
            found[-1].shown.append(line.rstrip())
    return found


def inline_mentions() -> list[Mention]:
    """```tcforge ...``` code spans of the prose of the README and the docs, with the ```--options``` named in the
    same paragraph."""
    found: list[Mention] = []
    for name, lines in documents():
        found += _inline_mentions(name, lines)
    return found


def _inline_mentions(name: str, lines: list[str]) -> list[Mention]:
    found: list[Mention] = []
    paragraph: list[tuple[int, str]] = []
    inside = False

    def flush() -> None:
        text = " ".join(line for _, line in paragraph)
        spans = re.findall(r"`([^`]+)`", text)
        commands = [s for s in spans if s.startswith("tcforge ")]
        options = [s for s in spans if s.startswith("--")]
        for command in commands:
            number = next(n for n, line in paragraph if command in line or command.split()[1] in line)
            found.append(Mention(f"{name}:{number}", command[len("tcforge "):], options=options))
        paragraph.clear()

    for number, line in enumerate(lines, 1):
        if line.startswith("```"):
            inside = not inside
            flush()
            continue
        if inside:
            continue
        if line.startswith("- "):  # each item of a list is a paragraph of its own
            flush()
        if line.strip():
            paragraph.append((number, line))
        else:
            flush()
    flush()
    return found


def shell_mentions() -> list[Mention]:
    """``tcforge ...`` lines of the shell blocks (```sh) of the README and the docs: parsed, never run (they work in
    folders of their own, as the designer's walkthrough does; tests/test_wheel.py runs that one)."""
    found = []
    for name, lines in documents():
        inside = False
        for number, line in enumerate(lines, 1):
            if line.startswith("```"):
                inside = line.strip() == "```sh"
                continue
            match = re.match(r"(?:\.venv/bin/)?tcforge (.*)$", line) if inside else None
            if match:
                found.append(Mention(f"{name}:{number}", match.group(1)))
    return found


def makefile_mentions() -> list[Mention]:
    """The tcforge commands of the Makefile's recipes (demo, bench)."""
    found = []
    for number, line in enumerate((ROOT / "Makefile").read_text(encoding="utf-8").splitlines(), 1):
        match = re.match(r"\t-?\$\(BIN\)/tcforge (.*)$", line)
        if match:
            found.append(Mention(f"Makefile:{number}", match.group(1)))
    return found


def variants(text: str) -> list[list[str]]:
    """The argument lists a README command line stands for (see the notation above)."""
    text = re.sub(r"\s*\[[A-Z][A-Z|.]*\]", "", text)  # optional placeholders: [ID|FILE...], [PATH...]
    text = text.replace("[", "").replace("]", "")
    if " | " in text:  # 'print inserts | refcards | cards CARD...': alternatives of the last word before the first bar
        first, *others = text.split(" | ")
        head = first.rsplit(" ", 1)[0]
        return [v for alt in [first] + [f"{head} {o}" for o in others] for v in variants(alt)]
    tokens = shlex.split(text, comments=True)
    widest = max([len(t.split("|")) for t in tokens] + [1])
    return [[t.split("|")[min(i, len(t.split("|")) - 1)] if "|" in t else t for t in tokens] for i in range(widest)]


def resolve(tokens: list[str]) -> tuple[tuple[str, ...], Any, list[str]]:
    """The command the tokens name (path of subcommand names, the command) and the arguments left."""
    command = typer.main.get_command(app)
    ctx = typer.Context(command, info_name="tcforge")
    path: list[str] = []
    rest = list(tokens)
    while rest[:1] == ["--data"] and len(rest) > 1:  # the global option before the command: tcforge --data DIR ...
        rest = rest[2:]
    while isinstance(command, typer.core.TyperGroup) and rest and not rest[0].startswith("-"):
        sub = command.get_command(ctx, rest[0])
        if sub is None:
            raise LookupError(f"'tcforge {' '.join(path + [rest[0]])}': no such command; "
                              f"'tcforge {' '.join(path)}' has: {', '.join(command.list_commands(ctx))}")
        path.append(rest.pop(0))
        command = sub
        ctx = typer.Context(command, info_name=path[-1], parent=ctx)
    if isinstance(command, typer.core.TyperGroup):
        if not path and rest and set(rest) <= option_names(command):  # tcforge --version: the root's own options
            return (), command, rest
        raise LookupError(f"'tcforge {' '.join(path)}' is a group of commands, not a command")
    return tuple(path), command, rest


def option_names(command: Any) -> set[str]:
    return {name for p in command.params for name in p.opts + p.secondary_opts if name.startswith("-")}


def check_parses(mention: Mention) -> None:
    for tokens in variants(mention.text):
        try:
            path, command, rest = resolve(tokens)
            command.make_context(path[-1] if path else "tcforge", list(rest))
        except (LookupError, typer.TyperException) as exc:  # a usage error: no such option, a bad value, ...
            message = exc.format_message() if hasattr(exc, "format_message") else str(exc)
            pytest.fail(f"{mention.where}: 'tcforge {' '.join(tokens)}': {message}")


def _ids(mentions: list[Mention]) -> list[str]:
    return [f"{m.where} tcforge {m.text}"[:90] for m in mentions]


CONSOLE, INLINE, MAKEFILE, SHELL = console_mentions(), inline_mentions(), makefile_mentions(), shell_mentions()


def test_the_make_targets_the_readme_names_exist() -> None:
    named = set(re.findall(r"`make (\w+)`|^make (\w+)", "\n".join(_readme()), re.M))
    targets = set(re.findall(r"^([\w-]+):", (ROOT / "Makefile").read_text(encoding="utf-8"), re.M))
    named_targets = {a or b for a, b in named}
    assert {"demo", "test", "install"} <= named_targets and named_targets <= targets


def test_the_readme_and_the_makefile_name_commands() -> None:
    assert len(CONSOLE) > 20 and len(INLINE) > 10 and len(MAKEFILE) > 10 and len(SHELL) > 5
    assert all(m.text for m in CONSOLE), [m.where for m in CONSOLE if not m.text]


@pytest.mark.parametrize("mention", CONSOLE + MAKEFILE + SHELL, ids=_ids(CONSOLE + MAKEFILE + SHELL))
def test_each_command_line_exists_and_its_options_parse(mention: Mention) -> None:
    check_parses(mention)


@pytest.mark.parametrize("mention", INLINE, ids=_ids(INLINE))
def test_each_command_of_the_prose_exists_with_the_options_it_names(mention: Mention) -> None:
    for tokens in variants(mention.text):  # prose names a command without its arguments: only names are checked
        try:
            path, command, rest = resolve(tokens)
        except LookupError as exc:
            pytest.fail(f"{mention.where}: {exc}")
        for option in (t.split("=")[0] for t in rest if t.startswith("-")):
            assert option in option_names(command), f"{mention.where}: 'tcforge {' '.join(path)}' has no option {option}"


def test_each_option_the_prose_names_is_an_option_of_a_command() -> None:
    everything: set[str] = set()
    for mention in CONSOLE + INLINE + MAKEFILE + SHELL:
        for tokens in variants(mention.text):
            everything |= option_names(resolve(tokens)[1])
    named = {o.split()[0]: m.where for m in INLINE for o in m.options}
    assert len(named) > 10
    unknown = {option: where for option, where in named.items() if option not in everything}
    assert not unknown, f"options no README command has: {unknown}"


# A line with --data names a folder its document made first: tests/test_documents_run.py runs it in that order.
RUNNABLE = [m for m in CONSOLE + MAKEFILE
            if resolve(variants(m.text)[0])[0] in RUN and not NOT_RUN_WITH & set(variants(m.text)[0])
            and "--data" not in variants(m.text)[0]]


@pytest.mark.parametrize("mention", [
    pytest.param(m, marks=pytest.mark.xfail(strict=True, reason=KNOWN_DIFFERENCES[m.text])) if m.text in KNOWN_DIFFERENCES
    else m for m in RUNNABLE], ids=_ids(RUNNABLE))
def test_cheap_commands_run_and_print_what_the_readme_shows(mention: Mention, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    monkeypatch.setenv("TCFORGE_DATA", "")  # the global --data sets it for the process: undone after the test
    for tokens in variants(mention.text):
        result = CliRunner().invoke(app, tokens)
        assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
        expected = EXIT_CODES.get(" ".join(tokens), 0)
        assert result.exit_code == expected, f"{mention.where}: exit {result.exit_code}\n{result.stderr}"
    if not mention.shown or mention.shown[0].lstrip().startswith(("{", "[")):
        return  # no output shown, or JSON shown abridged
    printed = [line.rstrip() for line in (result.stdout + result.stderr).splitlines()]
    at = 0
    for line in (s for s in mention.shown if "..." not in s):
        assert line in printed[at:], f"{mention.where}: the README shows {line!r}; the command prints:\n" + "\n".join(printed)
        at = printed.index(line, at) + 1
