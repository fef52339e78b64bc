"""One option name for one meaning, help without type labels, deprecated aliases, shell completion (issue 20 item 7)."""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import typer
from typer import _click as click
from typer.testing import CliRunner

from tcforge.cli import app
from tcforge.cli.options import ALIASED, DEPRECATED, FORMAT_VALUES, LANG_VALUES, OPTIONS, PAPER_VALUES

# Names that would be a second spelling of a meaning OPTIONS already names.
SYNONYMS = {"--output", "--out-dir", "--outdir", "--output-dir", "--balance", "--language", "--fmt", "--paper-size",
            "--size", "--locale", "--json", "--csv"}
TYPE_LABEL = re.compile(r"<(?:bool|str|int|float|path|file|directory|list\[[^\]]*\])>")


def _commands() -> list[tuple[list[str], Any]]:
    root = typer.main.get_command(app)
    found: list[tuple[list[str], Any]] = []

    def walk(cmd: Any, path: list[str], ctx: click.Context) -> None:
        cmd.get_params(ctx)  # the root harmonises itself here
        found.append((path, cmd))
        if hasattr(cmd, "list_commands"):
            for name in cmd.list_commands(ctx):
                sub = cmd.get_command(ctx, name)
                walk(sub, path + [name], click.Context(sub, parent=ctx, info_name=name))

    walk(root, [], click.Context(root, info_name="tcforge"))
    return found


COMMANDS = _commands()


def _options(cmd: Any) -> list[Any]:
    return [p for p in cmd.params if p.param_type_name == "option" and not p.hidden]


def _choices(param: Any) -> set[str]:
    return {str(getattr(c, "value", c)) for c in (param.type_descriptor.choices or ())} if param.type_descriptor.is_choice else set()


def test_the_walk_reaches_every_command_group() -> None:
    names = {" ".join(p) for p, _ in COMMANDS}
    for expected in ("validate", "cards list", "scenario play", "print cards", "print all", "i18n init", "deck print",
                     "export tts", "odds", "rules show"):
        assert expected in names


@pytest.mark.parametrize("path", [p for p, c in COMMANDS if not hasattr(c, "list_commands")], ids=" ".join)
def test_help_has_no_python_type_labels(path: list[str]) -> None:
    result = CliRunner().invoke(app, path + ["--help"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert not TYPE_LABEL.findall(result.stdout), f"tcforge {' '.join(path)} --help: {TYPE_LABEL.findall(result.stdout)}"


def test_option_names_follow_the_table() -> None:
    problems = []
    for path, cmd in COMMANDS:
        where = "tcforge " + " ".join(path)
        for param in _options(cmd):
            longs = [o for o in param.opts + param.secondary_opts if o.startswith("--")]
            shorts = [o for o in param.opts if not o.startswith("--")]
            for name in longs:
                if name in SYNONYMS:
                    problems.append(f"{where}: {name} is a second name for a meaning the table names")
            main = longs[0] if longs else ""
            if main in OPTIONS:
                want = OPTIONS[main][0]
                if shorts != ([want] if want else []):
                    problems.append(f"{where}: {main} takes the short name {want or 'none'}, not {shorts or 'none'}")
            for short, owner in (("-o", "--out"), ("-f", "--format")):
                if short in shorts and main != owner:
                    problems.append(f"{where}: {short} belongs to {owner}, not {main}")
            values = _choices(param)
            if main == "--format" and not ({"text", "json"} <= values <= FORMAT_VALUES):
                problems.append(f"{where}: --format offers {sorted(values)}; the values are text, json and csv")
            if main == "--lang" and values and not values <= LANG_VALUES:
                problems.append(f"{where}: --lang offers {sorted(values)}")
            if main == "--paper" and not values <= PAPER_VALUES:
                problems.append(f"{where}: --paper offers {sorted(values)}")
    assert not problems, "\n".join(problems)


def test_a_deprecated_name_still_works_is_hidden_and_says_which_to_use() -> None:
    help_text = CliRunner().invoke(app, ["scenario", "show", "--help"], env={"COLUMNS": "200"}).stdout
    assert "--option" in help_text and "--balance" not in help_text
    old = CliRunner().invoke(app, ["scenario", "show", "hill-621", "--balance", "german-minus", "--format", "json"])
    new = CliRunner().invoke(app, ["scenario", "show", "hill-621", "--option", "german-minus", "--format", "json"])
    assert old.exit_code == 0 and new.exit_code == 0, old.output
    assert old.stdout == new.stdout
    assert "--balance is deprecated, use --option" in old.stderr
    assert "deprecated" not in new.stderr
    plain = CliRunner().invoke(app, ["scenario", "show", "hill-621", "--format", "json"])
    assert plain.stdout != new.stdout  # the option did something
    for old_name in ALIASED:
        assert DEPRECATED[old_name] in OPTIONS and old_name in SYNONYMS


def _complete(words: str) -> list[str]:
    cword = len(words.split()) - (0 if words.endswith(" ") else 1)  # the word being completed, as bash counts
    env = dict(os.environ, _TCFORGE_COMPLETE="complete_bash", COMP_WORDS=words, COMP_CWORD=str(cword))
    result = subprocess.run([sys.executable, "-c", "import sys; sys.argv[0] = 'tcforge'; from tcforge.cli import main; main()"],
                            env=env, capture_output=True, text=True, timeout=120, check=False)
    assert result.returncode == 0, result.stderr
    return result.stdout.split()


@pytest.mark.slow
def test_shell_completion_completes_commands_options_and_values() -> None:
    assert _complete("tcforge sce") == ["scenario"]
    assert "play" in _complete("tcforge scenario ")
    assert _complete("tcforge scenario play hill-621 --opt") == ["--option"]  # not the deprecated --balance
    assert set(_complete("tcforge print cards --paper ")) == {"a4", "letter"}


def test_show_completion_prints_a_script_for_the_shell() -> None:
    # typer's --show-completion is a flag that detects the shell from the calling processes; run from make's /bin/sh
    # (the recipe of `make test`) it finds sh, which it does not support. Call it from bash, as a user's shell would
    # (the trailing command keeps bash from handing its process over to python, so bash stays the parent).
    code = "import sys; sys.argv[0] = 'tcforge'; from tcforge.cli import main; main()"
    result = subprocess.run(["bash", "-c", '"$0" -c "$1" --show-completion; status=$?; exit $status', sys.executable, code],
                            capture_output=True, text=True, timeout=120, check=False)
    assert result.returncode == 0, result.stderr
    assert "_TCFORGE_COMPLETE=complete_bash" in result.stdout


def test_an_old_option_name_still_sets_an_option_that_has_a_default(capsys: pytest.CaptureFixture[str]) -> None:
    """--out-dir feeds --out even though --out has a default (print all's output/); --out wins when both are given."""
    import typer as ty

    from tcforge.cli.options import harmonise

    mini = ty.Typer()

    @mini.command()
    def write(out: Path = ty.Option(Path("output"), "--out", "-o")) -> None:
        print(f"into {out}")

    @mini.command()
    def other() -> None:  # two commands, so that typer keeps the subcommand names
        pass

    command = harmonise(ty.main.get_command(mini))
    assert command.main(["write", "--out-dir", "elsewhere"], standalone_mode=False) is None
    captured = capsys.readouterr()
    assert "into elsewhere" in captured.out and "--out-dir is deprecated, use --out" in captured.err
    command.main(["write", "--out-dir", "old", "--out", "new"], standalone_mode=False)
    assert "into new" in capsys.readouterr().out


def test_every_paper_option_takes_the_size_as_printed_on_the_ream() -> None:
    """'--paper A4' and '--paper Letter' are how a user writes them: every --paper reads them as a4 and letter."""
    checked = 0
    for path, command in _commands():
        for param in getattr(command, "params", []):
            if "--paper" not in getattr(param, "opts", ()):
                continue
            ctx = click.Context(command, info_name=path[-1])
            for written in ("A4", "Letter", "LETTER"):
                assert param.process_value(ctx, written).value == written.lower(), (path, written)
            checked += 1
    assert checked >= 4  # print's products, the booklet, the command deck and its rule book
