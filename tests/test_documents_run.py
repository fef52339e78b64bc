"""The documents are tests (issue 49): the README and every guide run as a reader types them (tests/docrun.py says
how: one shell a document, a fresh folder, the quoted output compared, the visible [suite: ...] markers). The runs
play games and print PDFs, so they are slow tests (make test-all, which CI runs); the runner's own rules are
checked here quickly, each with a case that must fail."""
from __future__ import annotations

from pathlib import Path

import pytest

from conftest import ROOT
from docrun import markers, matches, run_document, shortened, units

# The documents a reader follows. The results pages (docs/results/) are dated records of runs of minutes to hours;
# their commands are parsed against the command line (tests/cli/test_readme_commands.py), not run.
GUIDES = ["README.md", "docs/index.md", *sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "docs").glob("*/*.md")
                                               if p.parent.name in ("getting-started", "guide", "translation"))]


def test_the_guides_are_found_and_each_has_commands_to_run() -> None:
    assert {"README.md", "docs/getting-started/designer.md", "docs/getting-started/player.md",
            "docs/getting-started/translator.md", "docs/guide/scenarios.md"} <= set(GUIDES)
    counted = {name: [u for u in units(name, (ROOT / name).read_text(encoding="utf-8").splitlines()) if u.script.strip()]
               for name in GUIDES}
    # the pages a reader follows command by command; the others may show only make targets (not run, see docrun)
    assert all(counted[name] for name in ("README.md", "docs/getting-started/designer.md", "docs/getting-started/player.md",
                                          "docs/getting-started/translator.md", "docs/guide/scenarios.md",
                                          "docs/guide/cards-and-rules.md")), counted
    assert sum(len(u.script.splitlines()) for us in counted.values() for u in us) > 80


def test_a_marker_shortens_the_option_it_names_and_adds_one_the_line_leaves_at_its_default() -> None:
    text, marks = markers("scenario balance kursk --games 100 --jobs 2   # [suite: --games 10]")
    assert text == "scenario balance kursk --games 100 --jobs 2" and marks == ["--games 10"]
    assert shortened(text, marks) == "scenario balance kursk --games 10 --jobs 2"
    assert shortened(text, ["--games 4 --seed 3"]) == "scenario balance kursk --games 4 --jobs 2 --seed 3"
    assert shortened("scenario train kursk", ["--rounds 1", "not run, no"]) == "scenario train kursk --rounds 1"


def test_quoted_output_matches_in_order_with_dots_for_any_text() -> None:
    printed = ["wrote output/x.pdf: 12 page(s), in 3.4 s", "done"]
    assert matches(["wrote output/x.pdf: 12 page(s), in ... s", "done"], printed) is None
    assert matches(["done", "wrote output/x.pdf: ..."], printed) == "wrote output/x.pdf: ..."  # out of order
    assert matches(["wrote output/x.pdf: 13 page(s), in ... s"], printed) is not None
    assert matches(["{", '  "id": 46,', "..."], ["nothing like it"]) is None  # JSON shown abridged


def test_a_document_runs_in_a_fresh_folder_and_a_wrong_quote_or_status_fails_it(tmp_path: Path) -> None:
    good = ["```sh", "mkdir mine", "cd mine", "```", "", "```console", "$ tcforge rules list",
            " six-pack-r3 (default)  Six-Pack Variant Unified Rules, Rev 3 ...", "```"]
    (tmp_path / "a").mkdir()
    ran, failure = run_document("good.md", good, tmp_path / "a", ROOT)
    assert failure is None and ran == 2 and (tmp_path / "a" / "mine").is_dir()
    wrong = good[:-2] + [" six-pack-r4 (default) ...", "```"]
    (tmp_path / "b").mkdir()
    assert run_document("wrong.md", wrong, tmp_path / "b", ROOT)[1].where == "wrong.md:7"
    failing = ["```console", "$ tcforge validate tests/data/bad/many-problems.yaml", "```"]
    (tmp_path / "c").mkdir()
    failure = run_document("failing.md", failing, tmp_path / "c", ROOT)[1]
    assert failure is not None and "exited [1]" in failure.what
    marked = ["```console", "$ tcforge validate tests/data/bad/many-problems.yaml   # [suite: exits 1]", "```"]
    (tmp_path / "d").mkdir()
    assert run_document("marked.md", marked, tmp_path / "d", ROOT)[1] is None


@pytest.mark.slow
@pytest.mark.parametrize("name", GUIDES)
def test_every_command_of_the_document_runs_as_written_and_prints_what_it_quotes(name: str, tmp_path: Path) -> None:
    _ran, failure = run_document(name, (ROOT / name).read_text(encoding="utf-8").splitlines(), tmp_path, ROOT)
    assert failure is None, f"{failure.where}: {failure.what}"
