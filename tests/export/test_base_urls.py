"""Issue 51 point 9: a Tabletop Simulator export's --base-url is written into every card of a save that players
share, so an address a browser would mend or refuse is refused when it is read (one line naming the problem and the
fix, exit 1, no folder written) rather than accepted silently. The values are tests/data/tts/base-urls.txt; before
this check all but three were accepted and an unclosed IPv6 address ended in a ValueError traceback."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from conftest import ROOT
from tcforge.export.run import base_url_problem

LINES = [line.split("\t") for line in (ROOT / "tests" / "data" / "tts" / "base-urls.txt").read_text(encoding="utf-8")
         .splitlines() if line and not line.startswith("#")]
CASES = [("https://x.org/" + "a" * 3000 if value == "LONG" else value.encode().decode("unicode_escape"), says)
         for value, says in LINES]


@pytest.mark.parametrize(("value", "says"), CASES)
def test_a_base_url_that_is_no_folder_address_is_refused_with_its_reason(value: str, says: str) -> None:
    problem = base_url_problem(value)
    assert says in problem and problem.startswith("--base-url ") and "\n" not in problem, problem
    assert len(problem) < 300  # a hostile value is never echoed whole


@pytest.mark.parametrize("value", ["https://example.org/tts/hill-621", "https://example.org/tts/", "http://127.0.0.1:8000",
                                   "http://[::1]:8000/t", "HTTPS://Example.ORG/T", "https://x.org/a%20b/",
                                   "https://xn--x-9fa.org/t"])
def test_a_folder_address_is_taken(value: str) -> None:
    assert base_url_problem(value) == ""


@pytest.mark.parametrize(("value", "says"), [case for case in CASES if case[0].isprintable()])
def test_the_export_refuses_it_in_one_line_and_writes_nothing(cli: Any, tmp_path: Path, value: str, says: str) -> None:
    code, _, err = cli("export", "tts", "hill-621", "--base-url", value, "--out", str(tmp_path / "x"))
    assert code == 1 and says in err and err.count("\n") == 1 and "Traceback" not in err, err
    assert not (tmp_path / "x").exists()
