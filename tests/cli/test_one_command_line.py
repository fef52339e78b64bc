"""One command line (issue 32 item 4): one set of option types, an option meaning the same in every command, the old
spellings still working with a notice, and each command's help its own."""
from __future__ import annotations

import csv
import io
import json
import re
import shutil
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest
import typer
import yaml
from typer import _click as click
from typer.testing import CliRunner

from conftest import ROOT
from tcforge.cli import app
from tcforge.cli.options import FORMS, JOBS_DEFAULT
from tcforge.paths import DATA_ENV


def _commands() -> list[tuple[list[str], Any, click.Context]]:
    root = typer.main.get_command(app)
    found: list[tuple[list[str], Any, click.Context]] = []

    def walk(cmd: Any, path: list[str], ctx: click.Context) -> None:
        cmd.get_params(ctx)  # the root harmonises the tree here
        found.append((path, cmd, ctx))
        if hasattr(cmd, "list_commands"):
            for name in cmd.list_commands(ctx):
                sub = cmd.get_command(ctx, name)
                walk(sub, path + [name], click.Context(sub, parent=ctx, info_name=name))

    walk(root, [], click.Context(root, info_name="tcforge"))
    return found


COMMANDS = _commands()
LEAVES = [(path, cmd, ctx) for path, cmd, ctx in COMMANDS if not hasattr(cmd, "list_commands")]


def _options(cmd: Any, hidden: bool = False) -> list[Any]:
    return [p for p in cmd.params if p.param_type_name == "option" and p.hidden == hidden]


def _form(param: Any, ctx: click.Context) -> str:
    """What an option takes, as a reader of --help sees it: a flag, its choices, or its metavar and type."""
    if getattr(param, "is_flag", False):
        return "flag"
    label = (param.display_type(ctx) or "").strip("<>").removeprefix("list[").removesuffix("]").lower()
    if "|" in label:
        return "en|fr" if label == "en|fr" else "choice"
    label = label.removesuffix(" range")  # --repeat N with or without a minimum is one kind of value
    return f"{param.metavar} ({label})"


def _invoke(args: list[str], **kwargs: Any) -> Any:
    return CliRunner().invoke(app, args, catch_exceptions=False, **kwargs)


@pytest.fixture()
def at_root(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    monkeypatch.setenv(DATA_ENV, "")  # restored after the test: a --data given here is layered for this test only


# ------------------------------------------------------------------------------------------------ one meaning a name


def test_no_option_name_has_two_meanings() -> None:
    """Every option name takes one kind of value in every command (its metavar and type, or its choices), but for the
    documented forms (options.FORMS: --out FILE or DIR; --lang en|fr, or LANG in tcforge i18n)."""
    seen: dict[str, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
    for path, cmd, ctx in LEAVES:
        for param in _options(cmd):
            for name in (o for o in param.opts + param.secondary_opts if o.startswith("--")):
                seen[name][_form(param, ctx)].append(" ".join(path))
    problems = []
    for name, forms in sorted(seen.items()):
        allowed = FORMS.get(name, set())
        found = {f.split(" ")[0] for f in forms}
        if len(forms) > 1 and not found <= allowed:
            problems.append(f"{name}: " + "; ".join(f"{f} in {', '.join(where)}" for f, where in forms.items()))
    assert not problems, "\n".join(problems)


def test_the_drift_check_can_fail() -> None:
    """Two commands giving --year two metavars is caught (the check above is not vacuous)."""
    mini = typer.Typer()

    @mini.command()
    def one(year: int = typer.Option(1943, "--year", metavar="YEAR")) -> None: ...

    @mini.command()
    def two(year: int = typer.Option(1943, "--year")) -> None: ...

    group = typer.main.get_command(mini)
    ctx = click.Context(group, info_name="mini")
    forms = {_form(p, ctx) for name in ("one", "two") for p in group.get_command(ctx, name).params}  # type: ignore[attr-defined]
    assert forms == {"YEAR (int)", "None (int)"}


def test_every_player_option_is_agent_side_equals_spec() -> None:
    where = {" ".join(path) for path, cmd, _ in LEAVES for p in _options(cmd) if "--agent" in p.opts}
    assert {"scenario play", "scenario balance", "scenario check", "scenario sweep", "scenario ladder",
            "bench ladder"} <= where
    # a rung plays both sides, a puzzle's player the side the puzzle names: SPEC, no SIDE=
    ladders = (["scenario", "ladder"], ["bench", "ladder"], ["scenario", "puzzles"], ["bench", "puzzles"])
    for path, cmd, _ in LEAVES:
        for p in _options(cmd):
            if "--agent" in p.opts:
                assert p.metavar == ("SPEC" if path in ladders else "SIDE=SPEC") and p.multiple, path
            assert not {"--agents", "--rungs", "--policy"} & set(p.opts), f"{path}: an old spelling shown in --help"


def test_every_jobs_option_defaults_to_all_cores_and_says_so() -> None:
    found = 0
    for path, cmd, _ in LEAVES:
        for p in _options(cmd):
            if "--jobs" in p.opts:
                found += 1
                assert p.default == JOBS_DEFAULT == 0, f"tcforge {' '.join(path)} --jobs defaults to {p.default}"
                assert "one a core" in p.help and "all of this machine's cores" in p.help, path
    assert found == 7  # check --play, balance, sweep, ladder, bench ladder, train, tune


def test_one_lang_one_format_family_one_pair_of_consoles() -> None:
    sources = {p: p.read_text(encoding="utf-8") for p in (ROOT / "tcforge" / "cli").glob("*.py")}
    declared = {name: [p.name for p, text in sources.items() if re.search(rf"^class {name}\b", text, re.M)]
                for name in ("Lang", "Format", "TableFormat", "ListFormat", "Paper", "BookPaper", "BookletPaper")}
    assert declared["Lang"] == ["options.py"] and declared["Format"] == ["options.py"], declared
    assert declared["ListFormat"] == [] and all(len(v) <= 1 for v in declared.values()), declared
    consoles = [p.name for p, text in sources.items() if "Console(" in text]
    assert consoles == ["common.py"], consoles


SHARED = ("--format", "--lang", "--option", "--jobs", "--agent", "--paper", "--out")


def _inline(source: str) -> list[tuple[int, str]]:
    """(line, name) of each typer.Option(...) in ``source`` that declares a shared option name itself."""
    import ast
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and ast.unparse(node.func) in ("typer.Option", "Option"):
            for arg in node.args:
                if isinstance(arg, ast.Constant) and arg.value in SHARED:
                    found.append((node.lineno, str(arg.value)))
    return found


def test_a_shared_option_is_declared_once_in_options_py() -> None:
    """--format, --lang, --option, --jobs, --agent, --paper and --out come from tcforge/cli/options.py (its Annotated
    types or its *_option functions), never from a typer.Option written in a command module."""
    inline = [f"tcforge/cli/{p.name}:{line}: {name}" for p in sorted((ROOT / "tcforge" / "cli").glob("*.py"))
              if p.name != "options.py" for line, name in _inline(p.read_text(encoding="utf-8"))]
    assert not inline, "declare these through tcforge.cli.options:\n" + "\n".join(inline)


def test_the_inline_option_scan_can_fail() -> None:
    """A control case: an inline --format and a multi-line --out are found, a shared type and other names are not."""
    source = ("def one(format: str = typer.Option('text', '--format', '-f'),\n"
              "        out: Path = typer.Option(None,\n    '--out', help='x'),\n"
              "        lang: LangOpt = Lang.en, year: int = typer.Option(1, '--year')) -> None: ...\n")
    assert _inline(source) == [(1, "--format"), (2, "--out")]


# ------------------------------------------------------------------------------------------------ help


def _help(path: list[str]) -> str:
    result = CliRunner().invoke(app, path + ["--help"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    return result.stdout


def test_no_two_commands_share_a_help_paragraph() -> None:
    owners: dict[str, list[str]] = defaultdict(list)
    for path, cmd, _ in LEAVES:
        for paragraph in re.split(r"\n\s*\n", cmd.help or ""):
            text = " ".join(paragraph.split())
            if text:
                owners[text].append(" ".join(path))
    shared = {text: where for text, where in owners.items() if len(where) > 1}
    assert not shared, shared


@pytest.mark.parametrize("path", [p for p, _, _ in LEAVES], ids=" ".join)
def test_an_options_help_names_only_options_its_command_has(path: list[str]) -> None:
    """An option's help that names --bleed or --card-size in a command without them is another command's text."""
    cmd = next(c for p, c, _ in LEAVES if p == path)
    names = {o for p in cmd.params for o in getattr(p, "opts", []) + getattr(p, "secondary_opts", [])}
    names |= {"--data", "--help", "--version", "--play"}
    for p in _options(cmd):
        for named in re.findall(r"(?<![\w-])--[a-z][a-z-]*", p.help or ""):
            assert named in names, f"tcforge {' '.join(path)} {p.opts[0]}: its help names {named}, which it has not"


def test_print_scenario_and_calibration_carry_their_own_text() -> None:
    for path in (["print", "scenario"], ["print", "calibration"]):
        text = " ".join(_help(path).split())
        assert "3 x 3 cards" not in text and "checklist" not in text, path
    assert "map centred" in " ".join(_help(["print", "scenario"]).split())
    assert "--back-offset is saved" in " ".join(_help(["print", "calibration"]).split())


def test_one_spelling_british_in_every_help() -> None:
    for path, _, _ in LEAVES:
        assert "centered" not in _help(path).lower(), path
    assert "centred" in _help(["print", "inserts"])


# ------------------------------------------------------------------------------------------------ scenario list csv


def test_scenario_list_csv_is_rows_that_csv_reads(at_root: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    mine = tmp_path / "mine"
    mine.mkdir()
    hill = yaml.safe_load((ROOT / "data" / "scenarios" / "hill-621.yaml").read_text(encoding="utf-8"))
    hill["id"] = "quoted-hill"
    hill["title"] = {"en": 'Hill 621, "the hard way"', "fr": "Cote 621, à la dure"}
    (mine / "quoted-hill.yaml").write_text(yaml.safe_dump(hill, allow_unicode=True), encoding="utf-8")
    as_json = _invoke(["--data", str(mine), "scenario", "list", "-f", "json"])
    as_csv = _invoke(["--data", str(mine), "scenario", "list", "-f", "csv"])
    assert as_csv.exit_code == 0 and as_json.exit_code == 0, as_csv.output
    rows = list(csv.reader(io.StringIO(as_csv.stdout)))
    header, body = rows[0], rows[1:]
    listed = json.loads(as_json.stdout)
    assert header[:2] == ["id", "title"] and len(body) == len(listed)
    assert all(len(r) == len(header) for r in body)
    by_id = {r[0]: dict(zip(header, r, strict=True)) for r in body}
    assert by_id["quoted-hill"]["title"] == 'Hill 621, "the hard way"'
    assert by_id["hill-621"]["sides"] == "german;soviet" and by_id["hill-621"]["legal"] == "true"
    assert [r[0] for r in body] == [s["id"] for s in listed]


# ------------------------------------------------------------------------------------------------ new and old spellings


def _notice(stderr: str, old: str, new: str) -> None:
    lines = [line for line in stderr.splitlines() if "deprecated" in line]
    assert len(lines) == 1 and lines[0].startswith(f"tcforge: warning: {old} is deprecated, use {new}"), stderr


def test_sweep_agent_pairs_sides_and_agents_is_its_old_spelling(at_root: None, tmp_path: Path) -> None:
    base = ["scenario", "sweep", "hill-621", "--games", "2", "--batch", "2", "--jobs", "1", "--no-progress"]
    new = _invoke(base + ["--agent", "german=random", "--agent", "soviet=greedy", "--agent", "random",
                          "--out", str(tmp_path / "new")])
    old = _invoke(base + ["--agents", "random/greedy", "--agents", "random", "--out", str(tmp_path / "old")])
    assert new.exit_code == 0 and old.exit_code == 0, new.output + old.output
    assert "deprecated" not in new.stderr
    _notice(old.stderr, "--agents", "--agent")
    assert new.stdout == old.stdout and len(new.stdout.strip().splitlines()) == 2  # two cells, the same ones
    both = _invoke(base + ["--agent", "greedy", "--agents", "random", "--out", str(tmp_path / "both")])
    assert both.exit_code == 2 and "not both" in both.stderr


def test_ladder_agent_gives_the_rungs_and_rungs_plot_are_old_spellings(at_root: None, tmp_path: Path) -> None:
    base = ["scenario", "ladder", "hill-621", "--games", "2", "--jobs", "1", "-f", "json"]
    new = _invoke(base + ["--agent", "random", "--agent", "greedy", "--out", str(tmp_path / "new.png")])
    old = _invoke(base + ["--rungs", "random,greedy", "--plot", str(tmp_path / "old.png")])
    assert new.exit_code == 0 and old.exit_code == 0, new.output + old.output
    assert new.stdout == old.stdout and json.loads(new.stdout)["rungs"] == ["random", "greedy"]
    assert (tmp_path / "new.png").stat().st_size > 0 and (tmp_path / "old.png").stat().st_size > 0
    assert "deprecated" not in new.stderr
    assert "--rungs is deprecated, use --agent, once a rung" in old.stderr
    assert "--plot is deprecated, use --out" in old.stderr
    sided = _invoke(base + ["--agent", "german=random", "--agent", "greedy"])
    assert sided.exit_code == 2 and "names no side" in sided.stderr and len(sided.stderr.strip().splitlines()) == 1


def test_balance_out_writes_the_plot_and_plot_is_its_old_spelling(at_root: None, tmp_path: Path) -> None:
    base = ["scenario", "balance", "hill-621", "--games", "2", "--jobs", "1", "--option", "as-written", "-f", "json",
            "--agent", "german=random"]
    new = _invoke(base + ["--out", str(tmp_path / "new.png")])
    old = _invoke(base + ["--plot", str(tmp_path / "old.png")])
    assert new.exit_code == 0 and old.exit_code == 0, new.output + old.output
    assert new.stdout == old.stdout
    assert (tmp_path / "new.png").read_bytes()[:4] == b"\x89PNG" and (tmp_path / "old.png").exists()
    assert "deprecated" not in new.stderr
    _notice(old.stderr, "--plot", "--out")


def test_agent_in_play_and_check_play(at_root: None) -> None:
    play = _invoke(["scenario", "play", "hill-621", "--seed", "1", "--quiet", "--agent", "german=random",
                    "--agent", "soviet=greedy"])
    assert play.exit_code == 0 and "(random v greedy)" in play.stdout, play.output
    check = _invoke(["scenario", "check", "tank-action", "--play", "--games", "2", "--jobs", "1", "--agent", "random",
                     "--format", "json"])
    assert check.exit_code in (0, 1), check.output
    assert json.loads(check.stdout)["playable"][0]["agents"] == ["random", "random"]


def test_generate_build_points_and_points_is_its_old_spelling(at_root: None, tmp_path: Path) -> None:
    new = _invoke(["scenario", "generate", "--seed", "2", "--build-points", "300", "--out", str(tmp_path / "new.yaml")])
    old = _invoke(["scenario", "generate", "--seed", "2", "--points", "300", "--out", str(tmp_path / "old.yaml")])
    assert new.exit_code == 0 and old.exit_code == 0, new.output + old.output
    assert (tmp_path / "new.yaml").read_text(encoding="utf-8") == (tmp_path / "old.yaml").read_text(encoding="utf-8")
    assert "dyo-1943-300-2" in (tmp_path / "new.yaml").read_text(encoding="utf-8")
    _notice(old.stderr, "--points", "--build-points")


def test_i18n_takes_the_global_data_and_root_is_its_old_spelling(at_root: None, tmp_path: Path) -> None:
    copy = tmp_path / "data"
    shutil.copytree(ROOT / "data", copy)
    case = next((copy / "rules" / "fr").glob("*.yaml"))
    case.write_text(case.read_text(encoding="utf-8").replace('translated_from: "', 'translated_from: "0', 1),
                    encoding="utf-8")  # a stale case, so that the copy's status is not the bundled one's
    bundled = _invoke(["i18n", "status", "--lang", "fr", "-f", "json"])
    new = _invoke(["--data", str(copy), "i18n", "status", "--lang", "fr", "-f", "json"])
    old = _invoke(["i18n", "status", "--lang", "fr", "-f", "json", "--root", str(copy)])
    assert new.exit_code == 0 and old.exit_code == 0, new.output + old.output
    assert new.stdout == old.stdout != bundled.stdout
    assert "deprecated" not in new.stderr
    assert "--root is deprecated, use the global --data" in old.stderr


def test_bench_validate_card_count_and_cards_is_its_old_spelling() -> None:
    """Parsed only (a benchmark takes seconds): the old name feeds the new one and says so."""
    cmd = next(c for p, c, _ in LEAVES if p == ["bench", "validate"])
    hidden = {o for p in _options(cmd, hidden=True) for o in p.opts}
    shown = {o for p in _options(cmd) for o in p.opts}
    assert "--cards" in hidden and "--card-count" in shown


def test_every_old_spelling_is_hidden_and_names_a_spelling_its_command_shows() -> None:
    checked = 0
    for path, cmd, _ in LEAVES:
        shown = {o for p in _options(cmd) for o in p.opts}
        for p in _options(cmd, hidden=True):
            match = re.match(r"Deprecated: use (--[a-z-]+|the global --data)", p.help or "")
            assert match, f"tcforge {' '.join(path)} {p.opts}: a hidden option that is not an old spelling"
            new = match.group(1)
            assert new in shown or new == "the global --data", (path, p.opts, new)
            checked += 1
    assert checked >= 10


def test_make_demo_uses_no_old_spelling() -> None:
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    demo = makefile.split("\ndemo:", 1)[1].split("\n\n", 1)[0]
    old = {o for _, cmd, _ in LEAVES for p in _options(cmd, hidden=True) for o in p.opts} | {"--policy", "--balance",
                                                                                            "--out-dir"}
    used = set(re.findall(r"(?<![\w-])--[a-z][a-z-]*", demo))
    assert "tcforge scenario balance" in demo and not used & old, used & old


def test_audit_cases_follows_format() -> None:
    text = _invoke(["scenario", "audit", "--cases"])
    as_json = _invoke(["scenario", "audit", "--cases", "-f", "json"])
    assert text.exit_code == 0 and as_json.exit_code == 0, as_json.output
    cases = json.loads(as_json.stdout)
    assert cases and set(cases[0]) == {"case", "module", "what"}
    assert len(cases) == len(text.stdout.strip().splitlines())
