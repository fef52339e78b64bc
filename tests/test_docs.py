"""The documentation: the README stays short and its links lead into docs/, the command reference is generated from
the commands and names every one of them, each results page keeps its date, machine, load and command, and the
site builds with warnings as errors. (The commands the README and the pages show are parsed against the command
line in tests/cli/test_readme_commands.py.)"""
from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
import typer.core
import yaml
from typer.testing import CliRunner

from conftest import ROOT
from tcforge.cli import app

DOCS = ROOT / "docs"
README = ROOT / "README.md"
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")


def hook() -> ModuleType:
    """docs/hooks/tcforge_docs.py, the MkDocs hook that writes the command reference at build time."""
    spec = importlib.util.spec_from_file_location("tcforge_docs_hook", DOCS / "hooks" / "tcforge_docs.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def local_links(path: Path) -> list[str]:
    """The links of a Markdown file to files (not to web addresses), without their #anchor."""
    return [target.split("#")[0] for target in LINK.findall(path.read_text(encoding="utf-8"))
            if not re.match(r"[a-z]+:", target) and not target.startswith("#")]


def test_the_readme_is_under_150_lines_and_says_the_two_commands() -> None:
    text = README.read_text(encoding="utf-8")
    assert len(text.splitlines()) < 150
    assert "make demo" in text and "make test" in text and "make install" in text


def test_every_link_of_the_readme_leads_to_a_file_and_it_links_each_getting_started_page() -> None:
    links = local_links(README)
    assert [link for link in links if not (ROOT / link).is_file()] == []
    for page in ("designer", "player", "translator"):
        assert f"docs/getting-started/{page}.md" in links
    assert {"docs/reference/cli.md", "docs/results/index.md", "ARCHITECTURE.md"} <= set(links)


def test_every_link_between_the_pages_leads_to_a_page() -> None:
    missing = [f"{page.relative_to(ROOT)} -> {link}" for page in sorted(DOCS.rglob("*.md")) for link in local_links(page)
               if not (page.parent / link).resolve().is_file()]
    assert missing == []


def test_the_site_lists_every_page_in_its_navigation() -> None:
    config = yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=yaml.BaseLoader)  # !!python/name stays text

    def pages(node: Any) -> list[str]:
        if isinstance(node, str):
            return [node]
        if isinstance(node, dict):
            return [p for value in node.values() for p in pages(value)]
        return [p for item in node for p in pages(item)]

    listed = pages(config["nav"])
    on_disk = sorted(p.relative_to(DOCS).as_posix() for p in DOCS.rglob("*.md") if "hooks" not in p.parts)
    assert sorted(listed) == on_disk


def help_commands(path: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    """Every command a user finds through ``--help``, depth first: the Commands panel of each group's help, read
    as printed. Not the hook's walker (docs.commands()): a command the walker missed would be missing from the
    reference and from the check alike."""
    result = CliRunner().invoke(app, [*path, "--help"], env={"COLUMNS": "200", "NO_COLOR": "1", "TERM": "dumb"})
    assert result.exit_code == 0, result.output
    found = [path]
    panel = re.search(r"─ Commands ─.*?\n(.*?)\n╰", result.output, re.S)
    for line in panel.group(1).splitlines() if panel else ():
        name = re.match(r"│ (\S+)\s", line)
        if name:
            found += help_commands(path + (name.group(1),))
    return found


def test_the_command_reference_names_every_command_and_option() -> None:
    docs = hook()
    text = docs.reference_markdown()
    by_path = {path: (command, ctx) for path, command, ctx in docs.commands()}
    listed = help_commands()
    assert len(listed) > 50  # the lazily loaded groups (print, scenario, i18n, deck, export) are listed too
    assert sorted(by_path) == sorted(listed), "the hook's walk and --help disagree on the commands"
    found = [(path, *by_path[path]) for path in listed]
    for path, command, _ in found:
        name = " ".join(("tcforge",) + path)
        heading = re.search(rf"^#+ {re.escape(name)}$", text, re.M)
        assert heading, f"no section for {name}"
        section = re.split(r"^#+ ", text[heading.end():], maxsplit=1, flags=re.M)[0]
        for param in command.params:
            if param.param_type_name == "option" and not param.hidden:
                shown = [o for o in param.opts if re.search(rf"[`, ]{re.escape(o)}[`, =]", section)]
                assert shown == param.opts, f"{name}: {param.opts} not shown in its section"
    assert any(path == ("scenario", "balance") for path, _, _ in found)
    assert all(not isinstance(c, typer.core.TyperGroup) or c.help for p, c, _ in found if p), "a group without help"


def test_the_reference_page_is_filled_by_the_hook_and_the_architecture_page_includes_architecture_md() -> None:
    docs = hook()
    page = (DOCS / "reference" / "cli.md").read_text(encoding="utf-8")
    assert docs.REFERENCE in page
    filled = docs.on_page_markdown(page, None, None, None)
    assert docs.REFERENCE not in filled and "### tcforge scenario play" in filled
    architecture = docs.on_page_markdown((DOCS / "architecture.md").read_text(encoding="utf-8"), None, None, None)
    assert "Layers: " in architecture and "<!--" not in architecture


def test_each_results_page_keeps_its_date_machine_load_and_command_and_the_index_lists_it() -> None:
    index = (DOCS / "results" / "index.md").read_text(encoding="utf-8")
    pages = sorted(p for p in (DOCS / "results").glob("*.md") if p.name != "index.md")
    assert len(pages) >= 7
    for page in pages:
        assert re.match(r"\d{4}-\d{2}-\d{2}-[\w-]+\.md$", page.name), f"{page.name}: results pages are named by their date"
        assert f"]({page.name})" in index, f"the results index does not list {page.name}"
        text = page.read_text(encoding="utf-8")
        for field in ("**What:**", "**Where:**", "**Load:**"):
            assert field in text, f"{page.name} does not say {field}"
        assert "**Command:**" in text or "`make test-stress`" in text, f"{page.name} does not give its command"


@pytest.mark.slow
def test_the_site_builds_with_warnings_as_errors(tmp_path: Path) -> None:
    if importlib.util.find_spec("mkdocs") is None or importlib.util.find_spec("material") is None:
        pytest.skip("the docs extra is not installed: make docs installs it")
    shutil.copytree(ROOT / "docs", tmp_path / "docs")
    shutil.copy(ROOT / "mkdocs.yml", tmp_path)
    shutil.copy(ROOT / "ARCHITECTURE.md", tmp_path)
    done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(tmp_path / "site")],
                          cwd=tmp_path, capture_output=True, text=True, env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
                          timeout=300)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "site" / "reference" / "cli.html").is_file()
    # the site opens from disk: every link between its pages names a file that is there, never a folder (issue 49,
    # point 8: directory links opened folder listings from file://)
    import re
    from urllib.parse import unquote, urljoin
    pages = list((tmp_path / "site").rglob("*.html"))
    checked = 0
    for page in pages:
        if "assets" in page.parts or page.name == "404.html":  # a server's not-found page, with root links
            continue
        for href in re.findall(r'href="([^"#:?]+)(?:#[^"]*)?"', page.read_text(encoding="utf-8")):
            target = Path(unquote(urljoin(page.as_uri(), href).removeprefix("file://")))
            assert not href.endswith("/") and target.is_file(), f"{page.relative_to(tmp_path)}: link {href}"
            checked += 1
    assert checked > 100


def test_the_commander_knobs_table_of_the_scenarios_guide_is_the_code_s() -> None:
    """A newcomer reads a doctrine's knobs in docs/guide/scenarios.md, not in tcforge/agents/commander.py: every knob
    of SPACE is a row with its range, greedy's value and its text, and no row names a knob the code lacks."""
    import re

    from tcforge.agents.commander import SPACE

    def num(x: float, whole: bool) -> str:
        return str(int(x)) if whole else f"{x:g}"

    page = (ROOT / "docs" / "guide" / "scenarios.md").read_text(encoding="utf-8")
    rows = {m.group(1): m.group(0).strip() for m in re.finditer(r"^\s*\| `(\w+)` \|.*\|$", page, re.M)}
    assert set(rows) >= set(SPACE), sorted(set(SPACE) - set(rows))
    for name, knob in SPACE.items():
        whole = " (whole)" if knob.whole else ""
        assert rows[name] == (f"| `{name}` | {num(knob.low, knob.whole)} to {num(knob.high, knob.whole)}{whole} | "
                              f"{num(knob.greedy, knob.whole)} | {knob.text} |"), rows[name]
    assert "tcforge/agents/commander.py" not in page and "tcforge/agents/evaluate.py" not in page
