"""Issue 51 point 8: 'scenario sweep ... --scheduler javascript:alert(1)' (or tcp://127.0.0.1:1, file:///etc/passwd)
exited 1 and left sweep.csv and sweep.jsonl saying "0/2 games, not played yet". An address that is not a scheduler's
is refused as the option is read (exit 2, one line); a scheduler that does not answer stops the run before any game,
and nothing is written. The addresses are tests/data/schedulers/addresses.txt."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from conftest import ROOT

ADDRESSES = [line for line in (ROOT / "tests" / "data" / "schedulers" / "addresses.txt").read_text(encoding="utf-8")
             .splitlines() if line and not line.startswith("#")]


def _files(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*") if p.is_file() and "config" not in p.parts)


@pytest.mark.parametrize("address", ADDRESSES)
@pytest.mark.parametrize("command", [("scenario", "sweep", "kursk", "--games", "2"),
                                     ("scenario", "balance", "kursk", "--games", "2")])
def test_an_address_that_is_not_a_schedulers_is_refused_as_it_is_read(tcforge: Any, tmp_path: Path, address: str,
                                                                       command: tuple[str, ...]) -> None:
    code, _, err = tcforge(*command, "--scheduler", address)
    assert code == 2 and "is not a scheduler address" in err and len(err.strip().splitlines()) == 1, err
    assert "\x1b" not in err and "Traceback" not in err
    assert _files(tmp_path) == []


def test_a_scheduler_that_does_not_answer_stops_the_sweep_before_it_writes(tcforge: Any, tmp_path: Path) -> None:
    code, out, err = tcforge("scenario", "sweep", "kursk", "--games", "2", "--scheduler", "tcp://127.0.0.1:1")
    assert code == 1 and "no Dask scheduler answers at tcp://127.0.0.1:1" in err and "nothing was written" in err
    assert _files(tmp_path) == [] and "not played yet" not in out


def test_local_and_a_scheduler_address_are_taken() -> None:
    """The control: the forms a Dask scheduler listens on pass the check."""
    from tcforge.analysis.cluster import address_problem
    assert [address_problem(a) for a in ("local", "tcp://127.0.0.1:8786", "tls://sched.example.org:8786",
                                         "tcp://[::1]:8786")] == [None] * 4
