"""Issue 15 items 4, 5 and 7: faulty arguments and failing outputs give one line and an exit code, never a traceback.

In-process through the Typer app where the exit code is enough; as a real process where the fault is the
process's own (its standard output on a full disk, Ctrl-C).
"""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT


def tcforge(*args: str, cwd: Path = ROOT, stdout: int | None = subprocess.PIPE) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tcforge", *args], cwd=cwd, stdout=stdout, stderr=subprocess.PIPE,
                          text=True, timeout=120, check=False)


def one_line_no_traceback(stderr: str) -> str:
    assert "Traceback" not in stderr, stderr
    lines = [line for line in stderr.splitlines() if line.strip()]
    assert len(lines) == 1, stderr
    return lines[0]


# -- item 7: arguments --------------------------------------------------------------

def test_play_with_an_unknown_balance_option_names_it_and_the_known_ones(cli) -> None:
    code, _, err = cli("scenario", "play", "hill-621", "--option", "nope")
    line = one_line_no_traceback(err)
    assert code == 2 and "'nope'" in line and "german-plus" in line and "not valid" not in line


def test_show_with_an_unknown_balance_option_names_the_known_ones(cli) -> None:
    code, _, err = cli("scenario", "show", "hill-621", "--option", "nope")
    assert code == 2 and "german-minus" in one_line_no_traceback(err)


@pytest.mark.parametrize(("kind", "top"), [("meeting", 5000), ("attack", 3333)])
def test_generate_refuses_points_beyond_the_schema_and_writes_nothing(cli, tmp_path: Path, kind: str, top: int) -> None:
    target = tmp_path / "big.yaml"
    code, _, err = cli("scenario", "generate", "--kind", kind, "--points", "99999999", "--out", str(target))
    line = one_line_no_traceback(err)
    assert code == 1 and f"60 to {top}" in line and not target.exists()


def test_generate_at_the_top_of_the_range_is_legal(cli, tmp_path: Path) -> None:
    code, out, _ = cli("scenario", "generate", "--kind", "attack", "--points", "3333", "--out", str(tmp_path / "top.yaml"))
    assert code == 0 and out.strip().endswith("legal")


def test_new_from_an_arbitrary_yaml_file_is_refused(cli, tmp_path: Path) -> None:
    other = tmp_path / "secrets.yaml"
    other.write_text("password: hunter2\n", encoding="utf-8")
    target = tmp_path / "copy.yaml"
    code, out, err = cli("scenario", "new", "copy", "--from", str(other), "--out", str(target))
    line = one_line_no_traceback(err)
    assert code == 1 and "not a scenario file" in line and "secrets.yaml:1:1" in line
    assert not target.exists() and "hunter2" not in out + err


def test_new_from_a_path_built_like_an_id_is_refused(cli, tmp_path: Path) -> None:
    target = tmp_path / "copy.yaml"
    code, _, err = cli("scenario", "new", "copy", "--from", "../../templates/scenario-skeleton", "--out", str(target))
    assert code == 1 and "no template" in one_line_no_traceback(err) and not target.exists()


def test_new_from_a_bundled_id_or_a_scenario_file_works(cli, tmp_path: Path) -> None:
    first, second = tmp_path / "first.yaml", tmp_path / "second.yaml"
    assert cli("scenario", "new", "first", "--from", "hill-621", "--out", str(first))[0] == 0
    assert cli("scenario", "new", "second", "--from", str(first), "--out", str(second))[0] == 0
    assert "id: second" in second.read_text(encoding="utf-8")


# -- item 4: failing outputs -----------------------------------------------------------

@pytest.mark.parametrize("args", [
    ("scenario", "play", "hill-621", "-q", "--log", "{dir}"),
    ("scenario", "new", "zz", "--force", "--out", "{dir}"),
    ("scenario", "generate", "--force", "--out", "{dir}"),
    ("odds", "matrix", "--out", "{file}"),
    ("scenario", "play", "hill-621", "-q", "--log", "{file}/x.log"),
], ids=["play-log-folder", "new-out-folder", "generate-out-folder", "odds-out-file", "play-log-under-file"])
def test_an_output_that_cannot_be_written_is_one_line_and_exit_1(tmp_path: Path, args: tuple[str, ...]) -> None:
    a_file = tmp_path / "plain.txt"
    a_file.write_text("keep me\n", encoding="utf-8")
    result = tcforge(*(a.format(dir=tmp_path, file=a_file) for a in args))
    assert result.returncode == 1
    line = one_line_no_traceback(result.stderr)
    assert line.startswith("tcforge: ") and str(tmp_path) in line
    assert a_file.read_text(encoding="utf-8") == "keep me\n"


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize("args", [("cards", "list"), ("scenario", "list"), ("scenario", "show", "hill-621"),
                                  ("rules", "--help"), ("--version",)], ids=lambda a: "-".join(a))
def test_standard_output_on_a_full_disk_is_one_line_and_non_zero(args: tuple[str, ...]) -> None:
    with open("/dev/full", "w", encoding="utf-8") as full:
        result = subprocess.run([sys.executable, "-m", "tcforge", *args], cwd=ROOT, stdout=full, stderr=subprocess.PIPE,
                                text=True, timeout=120, check=False)
    assert result.returncode != 0
    assert "No space left on device" in one_line_no_traceback(result.stderr)


# -- item 5: Ctrl-C ----------------------------------------------------------------------

def test_ctrl_c_during_a_parallel_balance_says_interrupted_with_no_worker_traceback() -> None:
    import os
    import signal
    import time
    proc = subprocess.Popen([sys.executable, "-m", "tcforge", "scenario", "balance", "hill-621", "--games", "5000",
                             "--jobs", "2", "--option", "as-written"], cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, start_new_session=True)
    time.sleep(4)  # the workers are playing by now
    os.killpg(proc.pid, signal.SIGINT)  # as the terminal does: the whole process group
    _, stderr = proc.communicate(timeout=60)
    assert proc.returncode == 130
    assert "Traceback" not in stderr and "KeyboardInterrupt" not in stderr, stderr
    assert "tcforge: interrupted" in stderr
