"""Issue 15 items 4, 5 and 7: faulty arguments and failing outputs give one line and an exit code, never a traceback.

In-process through the Typer app where the exit code is enough; as a real process where the fault is the
process's own (its standard output on a full disk, Ctrl-C).
"""
from __future__ import annotations

import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

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


def without_progress(stderr: str) -> str:
    """print all's progress bar, drawn once more when it stops, is not a message."""
    return re.sub(r"(?m)^.* \d+/\d+ \d+:\d\d:\d\d$", "", stderr)


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
    code, _, err = cli("scenario", "generate", "--kind", kind, "--build-points", "99999999", "--out", str(target))
    line = one_line_no_traceback(err)
    assert code == 1 and f"60 to {top}" in line and not target.exists()


def test_generate_at_the_top_of_the_range_is_legal(cli, tmp_path: Path) -> None:
    code, out, _ = cli("scenario", "generate", "--kind", "attack", "--build-points", "3333", "--out", str(tmp_path / "top.yaml"))
    assert code == 0 and out.strip().endswith("legal")


def test_new_from_an_arbitrary_yaml_file_is_refused(cli, tmp_path: Path) -> None:
    other = tmp_path / "secrets.yaml"
    other.write_text("password: hunter2\n", encoding="utf-8")
    target = tmp_path / "copy.yaml"
    code, out, err = cli("scenario", "new", "copy", "--from", str(other), "--out", str(target))
    line = one_line_no_traceback(err)
    assert code == 1 and "not a scenario file" in line and "secrets.yaml:1:1" in line
    assert not target.exists() and "hunter2" not in out + err


@pytest.mark.parametrize("content", ["hunter2-secret\n", "[1, hunter2-secret]\n", "id: x\ntitle: \"hunter2-secret\\e\"\n"],
                         ids=["text", "list", "control-character"])
def test_new_from_a_file_that_is_not_a_scenario_never_prints_what_it_holds(cli, tmp_path: Path, content: str) -> None:
    other = tmp_path / "secrets.yaml"
    other.write_text(content, encoding="utf-8")
    code, out, err = cli("scenario", "new", "copy", "--from", str(other), "--out", str(tmp_path / "copy.yaml"))
    assert code == 1 and "not a scenario file" in one_line_no_traceback(err)
    assert "hunter2" not in out + err and not (tmp_path / "copy.yaml").exists()


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


# Every command of the command line with arguments that make it print to standard output cheaply. A command
# whose real run takes seconds (benchmarks, booklets, the whole print shop, many games) prints its help instead:
# the failure is caught in one place (tcforge.cli.main), and its help goes through the same standard output.
STDOUT_RUNS: dict[str, tuple[str, ...]] = {
    "bench validate": ("--help",), "bench engine": ("--help",), "bench scenarios": ("--help",),
    "bench search": ("--help",), "bench print": ("--help",), "bench tts": ("--help",), "bench booklet": ("--help",),
    "bench odds": ("--help",), "bench cluster": ("--help",), "bench ladder": ("--help",), "bench puzzles": ("--help",),
    "bench speed": ("--help",),
    "cards search": ("tiger",), "i18n init": ("--help",), "print proxies": ("--help",), "serve": ("--help",),
    "scenario ladder": ("--help",), "scenario sweep": ("--help",), "scenario tune": ("--help",),
    "scenario levers": ("hill-621",),
    "cards list": (), "cards show": ("46",), "cards stats": (), "cards new": ("{tmp}/club-cards.yaml",), "schemas": (),
    "deck list": (), "deck show": ("russian-front-summer-1942",), "deck odds": ("--help",), "deck tables": (),
    "deck print": ("russian-front-summer-1942", "--out", "{tmp}/deck.pdf"), "deck rulebook": ("--help",),
    "errata list": (), "export tts": ("--help",),
    "i18n status": (), "i18n check": ("--help",), "i18n export": (), "i18n import": ("--help",),
    "odds": ("46", "47"),
    "print inserts": ("--out", "{tmp}/inserts.pdf"), "print refcards": ("--help",), "print cards": ("46", "--out", "{tmp}/c.pdf"),
    "print deck": ("--help",), "print scenario": ("--help",), "print calibration": ("--out", "{tmp}/calibration.pdf"),
    "print all": ("--help",), "print rulebook": ("--help",), "print images inserts": ("--help",),
    "print images proxies": ("--help",), "print images deck": ("--help",), "print images command-deck": ("--help",),
    "rules list": (), "rules show": ("six-pack-r3",), "rules cards": (), "rules coverage": ("--help",),
    "rules diff": ("six-pack-1997", "six-pack-r3"),
    "scenario list": (), "scenario show": ("hill-621",), "scenario check": ("hill-621", "--format", "json"),
    "scenario play": ("hill-621",), "scenario replay": ("{log}",), "scenario audit": ("--help",),
    "scenario balance": ("--help",), "scenario codes": (), "scenario new": ("zz", "--out", "{tmp}/zz.yaml"),
    "scenario generate": ("--out", "{tmp}/random.yaml"), "validate": ("--format", "json"),
    "scenario puzzles": ("--agent", "random"), "scenario train": ("--help",),
}


def _leaf_commands() -> list[str]:
    import typer

    from tcforge.cli import app

    def walk(command: Any, path: list[str]) -> Iterator[str]:
        if hasattr(command, "list_commands"):
            ctx = typer.Context(command)
            for name in command.list_commands(ctx):
                yield from walk(command.get_command(ctx, name), [*path, name])
        else:
            yield " ".join(path)

    return list(walk(typer.main.get_command(app), []))


def test_the_full_disk_runs_cover_every_command() -> None:
    assert sorted(_leaf_commands()) == sorted(STDOUT_RUNS)


@pytest.fixture(scope="module")
def game_log(tmp_path_factory: pytest.TempPathFactory) -> Path:
    log = tmp_path_factory.mktemp("log") / "game.log"
    assert tcforge("scenario", "play", "hill-621", "-q", "--log", str(log)).returncode == 0
    return log


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize("command", sorted(STDOUT_RUNS))
@pytest.mark.slow
def test_standard_output_on_a_full_disk_is_one_line_and_non_zero(command: str, tmp_path: Path, game_log: Path) -> None:
    args = [a.format(tmp=tmp_path, log=game_log) for a in STDOUT_RUNS[command]]
    with open("/dev/full", "w", encoding="utf-8") as full:
        result = subprocess.run([sys.executable, "-m", "tcforge", *command.split(), *args], cwd=ROOT, stdout=full,
                                stderr=subprocess.PIPE, text=True, timeout=120, check=False)
    assert result.returncode == 1, result.stderr
    assert "Traceback" not in result.stderr, result.stderr
    # A print command may first note something about its layout; the fault itself is one line, the last.
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert lines[-1] == "tcforge: cannot write to standard output: No space left on device", result.stderr
    assert all(line.startswith("tcforge: note: ") for line in lines[:-1]), result.stderr


# -- item 5: Ctrl-C ----------------------------------------------------------------------

@pytest.mark.slow
def test_ctrl_c_during_a_parallel_balance_says_interrupted_with_no_worker_traceback() -> None:
    import os
    import signal

    from processkit import PATIENCE, ctrl_c_as_in_a_terminal, descendants, ignores, wait_for, workers
    proc = subprocess.Popen([sys.executable, "-m", "tcforge", "scenario", "balance", "hill-621", "--games", "5000",
                             "--jobs", "2", "--option", "as-written"], cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, start_new_session=True, preexec_fn=ctrl_c_as_in_a_terminal)
    try:
        # The workers are playing: both started, and every process below the command ignores Ctrl-C by now (a
        # worker hit while it starts, before it does, would print a traceback of its own).
        wait_for(lambda: len(workers(proc.pid)) >= 2 and all(ignores(p) for p in descendants(proc.pid)),
                 "both workers playing", process=proc)
        os.killpg(proc.pid, signal.SIGINT)  # as the terminal does: the whole process group
        _, stderr = proc.communicate(timeout=PATIENCE)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 130
    assert "Traceback" not in stderr and "KeyboardInterrupt" not in stderr, stderr
    assert "tcforge: interrupted" in stderr
    lines = [line for line in stderr.splitlines() if line.strip()]
    assert lines[0] == "tcforge: interrupted" and "sweep' keeps the games" in lines[1], stderr  # one line, then the note


# -- item 4: read-only places (the tests run as root, whom chmod does not stop) ------------------------------

def _write_fails_in(folder: Path) -> bool:
    try:
        (folder / ".probe").write_text("x", encoding="utf-8")
    except OSError:
        return True
    (folder / ".probe").unlink()
    return False


@pytest.fixture
def read_only(tmp_path: Path) -> Iterator[Path]:
    """A folder nobody may write in, root included: an immutable folder (chattr +i), else /sys; else skip."""
    folder = tmp_path / "read-only"
    folder.mkdir()
    if shutil.which("chattr") and subprocess.run(["chattr", "+i", str(folder)], capture_output=True,
                                                  check=False).returncode == 0:
        try:
            if _write_fails_in(folder):
                yield folder
                return
        finally:
            subprocess.run(["chattr", "-i", str(folder)], capture_output=True, check=False)
    for candidate in (Path("/sys/kernel"), Path("/sys")):
        if candidate.is_dir() and _write_fails_in(candidate):
            yield candidate
            return
    pytest.skip("no folder here is read-only to this user")


READ_ONLY_WRITERS = {
    "play-log": ("scenario", "play", "hill-621", "-q", "--log", "{ro}/game.log"),
    "balance-plot": ("scenario", "balance", "hill-621", "--games", "2", "--jobs", "1", "--out", "{ro}/plot.png"),
    "odds-matrix": ("odds", "matrix", "--out", "{ro}/matrix"),
    "scenario-new": ("scenario", "new", "zz", "--out", "{ro}/zz.yaml"),
    "cards-new": ("cards", "new", "{ro}/club-cards.yaml"),
    "scenario-generate": ("scenario", "generate", "--out", "{ro}/random.yaml"),
    "print-inserts": ("print", "inserts", "--out", "{ro}/inserts.pdf"),
    "print-refcards": ("print", "refcards", "--out", "{ro}/refcards.pdf"),
    "print-cards": ("print", "cards", "46", "--out", "{ro}/cards.pdf"),
    "print-scenario": ("print", "scenario", "hill-621", "--out", "{ro}/sheet.pdf"),
    "print-deck": ("print", "deck", "--scenario", "hill-621", "--out", "{ro}/deck.pdf"),
    "print-calibration": ("print", "calibration", "--out", "{ro}/calibration.pdf"),
    "print-rulebook": ("print", "rulebook", "--out", "{ro}/rules.pdf"),
    "print-all": ("print", "all", "--no-scenarios", "--out", "{ro}/pdfs"),
    "deck-print": ("deck", "print", "russian-front-summer-1942", "--out", "{ro}/deck.pdf"),
    "export-tts": ("export", "tts", "hill-621", "--out", "{ro}/tts"),
    "print-images": ("print", "images", "command-deck", "russian-front-summer-1942", "--dpi", "150", "--out", "{ro}/images"),
}


@pytest.mark.parametrize("args", list(READ_ONLY_WRITERS.values()), ids=list(READ_ONLY_WRITERS))
@pytest.mark.slow
def test_an_output_in_a_read_only_place_is_one_line_naming_it_and_nothing_is_left(
        read_only: Path, args: tuple[str, ...]) -> None:
    before = set(read_only.iterdir())
    result = tcforge(*(a.format(ro=read_only) for a in args))
    assert result.returncode == 1
    line = one_line_no_traceback(without_progress(result.stderr))
    target = next(a.format(ro=read_only) for a in args if "{ro}" in a)
    assert line.startswith("tcforge: ") and target in line and ".part" not in line, line
    assert set(read_only.iterdir()) == before  # nothing half-written, no temporary file left


FOLDER_WRITERS = {
    "balance-plot": ("scenario", "balance", "hill-621", "--games", "2", "--jobs", "1", "--out", "{dir}"),
    "print-calibration": ("print", "calibration", "--out", "{dir}"),
    "print-cards": ("print", "cards", "46", "--out", "{dir}"),
    "print-scenario": ("print", "scenario", "hill-621", "--out", "{dir}"),
    "deck-print": ("deck", "print", "russian-front-summer-1942", "--out", "{dir}"),
    "print-all-under-a-file": ("print", "all", "--no-scenarios", "--out", "{dir}/plain.txt"),
    "print-images-a-file": ("print", "images", "command-deck", "russian-front-summer-1942", "--out", "{dir}/plain.txt"),
}


@pytest.mark.parametrize("args", list(FOLDER_WRITERS.values()), ids=list(FOLDER_WRITERS))
@pytest.mark.slow
def test_an_output_that_is_a_folder_is_one_line_and_the_folder_is_untouched(tmp_path: Path, args: tuple[str, ...]) -> None:
    (tmp_path / "plain.txt").write_text("keep me\n", encoding="utf-8")
    result = tcforge(*(a.format(dir=tmp_path) for a in args))
    assert result.returncode == 1
    line = one_line_no_traceback(without_progress(result.stderr))
    assert line.startswith("tcforge: ") and str(tmp_path) in line
    assert sorted(p.name for p in tmp_path.iterdir()) == ["plain.txt"]
    assert (tmp_path / "plain.txt").read_text(encoding="utf-8") == "keep me\n"


@pytest.mark.parametrize("args", [("new", "zz"), ("new", "zz", "--force"), ("generate", "--id", "zz"),
                                  ("generate", "--id", "zz", "--force")], ids="-".join)
def test_scenario_new_or_generate_into_an_existing_folder_says_what_is_wrong_and_how_to_fix_it(
        cli, tmp_path: Path, args: tuple[str, ...]) -> None:
    code, _, err = cli("scenario", *args, "--out", str(tmp_path))
    line = one_line_no_traceback(err)
    assert code == 1 and f"{tmp_path} is a folder" in line and f"give --out {tmp_path / 'zz.yaml'}" in line
    assert "pass --force" not in line  # --force cannot help here
    assert list(tmp_path.iterdir()) == []


@pytest.mark.slow
def test_ctrl_c_during_print_all_names_the_pdfs_finished_and_not_and_leaves_no_partial_one(tmp_path: Path) -> None:
    import os
    import signal

    from processkit import PATIENCE, ctrl_c_as_in_a_terminal, wait_for
    proc = subprocess.Popen([sys.executable, "-m", "tcforge", "print", "all", "--no-scenarios", "--out", str(tmp_path)],
                            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
                            preexec_fn=ctrl_c_as_in_a_terminal)
    try:
        # Stopped as soon as the first PDF is on disk: whether the command had counted it yet or not, what it says
        # was finished must be exactly the PDFs there.
        wait_for(lambda: any(not p.name.startswith(".") for p in tmp_path.glob("*.pdf")), "the first PDF", process=proc)
        os.killpg(proc.pid, signal.SIGINT)  # as the terminal does: the whole process group
        _, stderr = proc.communicate(timeout=PATIENCE)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 130, stderr
    assert "Traceback" not in stderr and "KeyboardInterrupt" not in stderr, stderr
    finished = re.search(r"^  (\d+) of (\d+) PDF\(s\) finished in (.+?): (.+)$", stderr, re.MULTILINE)
    not_made = re.search(r"^  (\d+) not made: (.+)$", stderr, re.MULTILINE)
    assert "tcforge: interrupted" in stderr and finished and not_made, stderr
    done, rest = finished[4].split(", "), not_made[2].split(", ")
    assert int(finished[1]) == len(done) >= 1 and int(not_made[1]) == len(rest) >= 1
    assert len(done) + len(rest) == int(finished[2])
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(done)  # no partial PDF, no temporary file
    for pdf in tmp_path.iterdir():
        data = pdf.read_bytes()
        assert data.startswith(b"%PDF") and data.rstrip().endswith(b"%%EOF"), pdf.name


def test_ctrl_c_just_after_a_pdf_reaches_the_disk_counts_it_as_finished(tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C between the first PDF's rename into place and the command's count of it, every time (raised where
    the command would say it wrote it): the note must name that PDF among the finished ones, as the disk has it."""
    from typer.testing import CliRunner

    from tcforge import interrupt
    from tcforge.cli import printing as print_cli
    monkeypatch.setattr(interrupt, "_NOTES", [])

    def ctrl_c(*_: Any, **__: Any) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(print_cli, "_report", ctrl_c)
    monkeypatch.setenv("TCFORGE_CONFIG_DIR", str(tmp_path / "config"))
    out = tmp_path / "pdfs"
    CliRunner().invoke(print_cli.app, ["all", "--no-scenarios", "--out", str(out)])
    on_disk = sorted(p.name for p in out.iterdir())
    finished, not_made = interrupt.interrupt_notes()
    assert len(on_disk) == 1 and finished.startswith("1 of ") and finished.endswith(f": {on_disk[0]}"), finished
    assert on_disk[0] not in not_made


def test_standard_output_closed_is_one_line_and_exit_1() -> None:
    result = subprocess.run(["sh", "-c", 'exec "$0" -m tcforge cards list >&-', sys.executable], cwd=ROOT,
                            stderr=subprocess.PIPE, text=True, timeout=120, check=False)
    assert result.returncode == 1
    assert one_line_no_traceback(result.stderr) == "tcforge: cannot write to standard output: it is closed"


@pytest.mark.parametrize("args", [("cards", "show", "\x1b[2J\x1b]0;pwned\x07"), ("scenario", "show", "hill\x9b31m"),
                                  ("scenario", "new", "x", "--out", "a\u202eb.yaml"),
                                  ("scenario", "sweep", "hill-621", "--set", "fire.tank_classes=[tank\u200b]"),
                                  ("cards", "show", "T-34\u2028"), ("scenario", "show", "hill\u200f-621")],
                         ids=["escape", "csi", "bidi", "zero-width-space", "line-separator", "right-to-left-mark"])
@pytest.mark.slow
def test_an_argument_with_a_control_character_is_refused_and_never_echoed(tmp_path: Path, args: tuple[str, ...]) -> None:
    result = tcforge(*args, cwd=tmp_path)
    line = one_line_no_traceback(result.stderr)
    assert result.returncode == 2 and "holds a control character" in line and line.isprintable()
    assert list(tmp_path.iterdir()) == []
