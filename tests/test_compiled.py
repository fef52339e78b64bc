"""The compiled build (issue 35 item 2, tcforge/compiled.py): it plays the golden games as the sources do, the sources
run when TCFORGE_PURE is set or when the build is older than them, and the suite itself runs the sources."""
from __future__ import annotations

import ast
import importlib.machinery
import inspect
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tcforge import compiled

ROOT = Path(__file__).resolve().parent.parent

# Played in a fresh process, once on the build and once on the sources: the golden Kursk-sized game (its checked-in
# summary), and for every bundled scenario greedy and random games, with `best` on Hill 621 and Kursk; each game's
# whole log, its winner and the errors it met.
GAMES = r'''
import hashlib, json, random, sys
sys.path.insert(0, sys.argv[1]); sys.path.insert(0, sys.argv[1] + "/tests")
import tcforge.compiled as compiled
import golden
from tcforge.agents.playout import play, random_policy
from tcforge.play.games import play_game
from tcforge.scenarios.loading import bundled_ids, load
result = play(golden.start(), (random_policy, random_policy), random.Random(golden.SEED))
games = {"golden": [len(result.log), result.state.winner, golden.digest(result.state)]}
for sid in bundled_ids():
    scenario = load(sid)
    plays = [("greedy", "greedy", 1), ("greedy", "greedy", 2), ("random", "random", 3)]
    if sid in ("hill-621", "kursk"):
        plays.append(("best", "best", 4))
    for first, second, seed in plays:
        playout, outcome = play_game(scenario, seed, (first, second), record=True)
        log = hashlib.sha256(repr(playout.log).encode()).hexdigest()
        games[f"{sid} {first} v {second} seed {seed}"] = [log, outcome.winner, outcome.error, len(playout.log)]
print(json.dumps({"compiled": compiled.compiled_in_use(), "state": compiled.state(), "games": games}))
'''


def _play(pure: str) -> dict[str, object]:
    done = subprocess.run([sys.executable, "-c", GAMES, str(ROOT)], capture_output=True, text=True, check=False,
                          env={**os.environ, compiled.PURE_VARIABLE: pure}, cwd=tempfile.gettempdir(), timeout=900)
    assert done.returncode == 0, done.stderr[-2000:]
    found: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return found


NO_BUILD_HERE = ("no compiled build that runs here: checked, made from these sources, its files whole (make install "
                 "makes it where mypy and a C compiler are at hand, as CI's does)")


def _current_build() -> bool:
    """Whether the checkout holds a build that runs: checked, made from these sources, its files whole."""
    return compiled.problem(ROOT / "tcforge") is None


@pytest.mark.skipif(not _current_build(), reason=NO_BUILD_HERE)
def test_the_compiled_build_plays_the_golden_games_as_the_sources_do() -> None:
    built, pure = _play("0"), _play("1")
    assert built["compiled"] is True, built["state"]  # the extensions were the modules imported
    assert pure["compiled"] is False, pure["state"]
    games = built["games"]
    assert isinstance(games, dict) and games == pure["games"]
    summary = json.loads((ROOT / "tests" / "data" / "golden" / "kursk-seed-7.json").read_text(encoding="utf-8"))
    assert games["golden"] == [summary["actions"], summary["winner"], summary["final_state_sha256"]]
    assert not [name for name, game in games.items() if name != "golden" and game[2]]  # no game met an engine error


def test_the_suite_runs_the_sources_even_where_a_build_is_present() -> None:
    """conftest.py sets TCFORGE_PURE=1 before tcforge is imported: the tests that patch engine functions would not
    reach a compiled caller."""
    assert compiled.pure_forced()
    assert not compiled.compiled_in_use()
    import tcforge.agents.greedy as greedy
    import tcforge.engine.state as state
    assert str(state.__file__).endswith(".py") and str(greedy.__file__).endswith(".py")


PURE_SPELLINGS = [(value, True) for value in ("1", "true", "True", "TRUE", "yes", "Yes", "on", "ON", " 1 ")] + [
    (value, False) for value in ("", " ", "0", "false", "False", "FALSE", "no", "No", "off", "OFF", " 0 ")]


@pytest.mark.parametrize(("value", "forced"), PURE_SPELLINGS)
def test_tcforge_pure_takes_a_booleans_usual_spellings(monkeypatch: pytest.MonkeyPatch, value: str,
                                                        forced: bool) -> None:
    # issue 51 point 10: TCFORGE_PURE=false forced the sources (any value but empty and 0 did)
    monkeypatch.setenv(compiled.PURE_VARIABLE, value)
    assert compiled.pure_setting() == (forced, None)
    assert compiled.pure_forced() is forced


@pytest.mark.parametrize("value", ["2", "-1", "ture", "nope", "pure", "1 0", "y", "\x1b[31m", "x" * 300])
def test_tcforge_pure_set_to_anything_else_is_taken_as_unset_with_a_note(monkeypatch: pytest.MonkeyPatch,
                                                                        value: str) -> None:
    monkeypatch.setenv(compiled.PURE_VARIABLE, value)
    forced, note = compiled.pure_setting()
    assert forced is False and note is not None
    assert note.startswith(f"{compiled.PURE_VARIABLE}=") and note.endswith("so it is taken as unset")
    assert "\n" not in note and "\x1b" not in note and len(note) < 200


def test_tcforge_pure_unset_forces_nothing_and_says_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(compiled.PURE_VARIABLE, raising=False)
    assert compiled.pure_setting() == (False, None)


def _fake_package(tmp_path: Path) -> Path:
    package = tmp_path / "tcforge"
    for module in compiled.MODULES:
        path = compiled.source(module, package)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(f"# {module}\n", encoding="utf-8")
    return package


DATA = ROOT / "tests" / "data" / "compiled"
STAND_IN = DATA / "not-a-library.txt"  # the library and each module's extension, in a build no test loads


def _stand_in_build(package: Path, checked: bool = True) -> dict[str, object]:
    """A build of text files beside ``package``'s sources, with the manifest a build would write for them: it passes
    every check made before anything is loaded (loading it fails, as a build for another machine would)."""
    files: dict[str, object] = {}
    for path in compiled.built(package).values():
        shutil.copyfile(STAND_IN, path)
        files[path.relative_to(package.parent).as_posix()] = {"size": path.stat().st_size,
                                                              "sha256": compiled.digest(path)}
    manifest: dict[str, object] = {
        "python": sys.implementation.cache_tag, "mypy": "stand-in", "files": files, "checked": checked,
        "modules": {m: compiled.digest(compiled.source(m, package)) for m in compiled.MODULES}}
    (package / "_compiled.json").write_text(json.dumps(manifest), encoding="utf-8")
    return manifest


def test_a_build_older_than_one_of_its_sources_is_stale_and_names_it(tmp_path: Path) -> None:
    package = _fake_package(tmp_path)
    manifest: dict[str, object] = {"python": sys.implementation.cache_tag,
                                   "modules": {m: compiled.digest(compiled.source(m, package)) for m in compiled.MODULES}}
    assert compiled.stale(manifest, package) is None
    (package / "engine" / "fire.py").write_text("# fire, edited after the build\n", encoding="utf-8")
    assert compiled.stale(manifest, package) == "tcforge/engine/fire.py"
    (package / "engine" / "fire.py").write_text("# tcforge.engine.fire\n", encoding="utf-8")
    assert compiled.stale(manifest, package) is None
    assert compiled.stale({**manifest, "python": "cpython-39"}, package) == "Python (cpython-39 then, " \
                                                                              f"{sys.implementation.cache_tag} now)"
    assert compiled.stale({**manifest, "modules": {}}, package) == "the list of compiled modules"
    assert compiled.stale({}, package) == "the list of compiled modules"


LIBRARY_FILE = f"tcforge/_native__mypyc{importlib.machinery.EXTENSION_SUFFIXES[0]}"
CORE_FILE = f"tcforge/engine/core{importlib.machinery.EXTENSION_SUFFIXES[0]}"
MANIFEST_FILE = "the compiled build's manifest tcforge/_compiled.json"


def _cut_to_nothing(package: Path) -> None:
    (package.parent / LIBRARY_FILE).write_bytes(b"")


def _replaced_by_text(package: Path) -> None:
    (package.parent / LIBRARY_FILE).write_text("#!/bin/sh\necho not a library\n", encoding="utf-8")


def _cut_in_half(package: Path) -> None:
    library = package.parent / LIBRARY_FILE
    os.truncate(library, library.stat().st_size // 2)


def _partly_overwritten(package: Path) -> None:
    """Its size kept: 4 KB a third of the way in made int3 instructions (0xCC), as a torn copy or a bad disk may."""
    library = package.parent / LIBRARY_FILE
    size = library.stat().st_size
    with open(library, "r+b") as file:
        file.seek(size // 3)
        file.write(b"\xcc" * min(4096, size - size // 3))
    assert library.stat().st_size == size


def _one_byte_flipped_touched_back(package: Path) -> None:
    """One byte changed and the modification time set back: a hash kept under the old times is not reused."""
    library = package.parent / LIBRARY_FILE
    before = library.stat()
    with open(library, "r+b") as file:
        file.seek(before.st_size // 2)
        byte = file.read(1)
        file.seek(before.st_size // 2)
        file.write(bytes([byte[0] ^ 0xFF]))
    os.utime(library, ns=(before.st_atime_ns, before.st_mtime_ns))


def _extension_cut(package: Path) -> None:
    (package.parent / CORE_FILE).write_bytes(b"")


def _library_gone(package: Path) -> None:
    (package.parent / LIBRARY_FILE).unlink()


def _manifest_torn(package: Path) -> None:
    shutil.copyfile(DATA / "manifest-torn.json", package / "_compiled.json")


def _manifest_text(package: Path) -> None:
    shutil.copyfile(DATA / "manifest-text.json", package / "_compiled.json")


def _manifest_a_folder(package: Path) -> None:
    (package / "_compiled.json").unlink()
    (package / "_compiled.json").mkdir()


def _manifest_gone(package: Path) -> None:
    (package / "_compiled.json").unlink()


def _edited(change: Callable[[dict[str, Any]], object]) -> Callable[[Path], None]:
    def edit(package: Path) -> None:
        manifest = json.loads((package / "_compiled.json").read_text(encoding="utf-8"))
        change(manifest)
        (package / "_compiled.json").write_text(json.dumps(manifest), encoding="utf-8")
    return edit


def _source_edited(package: Path) -> None:
    with open(package / "engine" / "fire.py", "a", encoding="utf-8") as file:
        file.write("# edited after the build\n")


# Each damage to a build and the reason given for running the sources (the part of the line before ", so tcforge").
DAMAGES: dict[str, tuple[Callable[[Path], None], str]] = {
    "library cut to 0 bytes": (_cut_to_nothing, f"the compiled build's file {LIBRARY_FILE} is damaged (0 bytes, "),
    "library replaced by text": (_replaced_by_text, f"the compiled build's file {LIBRARY_FILE} is damaged (29 bytes, "),
    "library cut in half": (_cut_in_half, f"the compiled build's file {LIBRARY_FILE} is damaged ("),
    "library partly overwritten": (_partly_overwritten, f"the compiled build's file {LIBRARY_FILE} is damaged (its "
                                                        "SHA-256 is not the one recorded as built)"),
    "library's byte flipped, time set back": (_one_byte_flipped_touched_back, f"the compiled build's file "
                                              f"{LIBRARY_FILE} is damaged (its SHA-256 is not the one recorded as built)"),
    "library missing": (_library_gone, f"the compiled build's file {LIBRARY_FILE} is missing"),
    "a module's extension cut": (_extension_cut, f"the compiled build's file {CORE_FILE} is damaged (0 bytes, "),
    "manifest not JSON (torn)": (_manifest_torn, f"{MANIFEST_FILE} is not JSON"),
    "manifest not JSON (text)": (_manifest_text, f"{MANIFEST_FILE} is not JSON"),
    "manifest a folder": (_manifest_a_folder, f"{MANIFEST_FILE} is not a file"),
    "manifest missing": (_manifest_gone, f"{MANIFEST_FILE} is missing"),
    "manifest a list": (lambda package: (package / "_compiled.json").write_text("[]", encoding="utf-8"),
                        f"{MANIFEST_FILE} is not a JSON object"),
    "manifest without hashes": (_edited(lambda m: m.pop("files")), f"{MANIFEST_FILE} records no hashes of the build's "
                                "files (it was made by an older tcforge)"),
    "manifest with an unexpected key": (_edited(lambda m: m.update(surprise=1)), f"{MANIFEST_FILE} has an unexpected "
                                        "key 'surprise'"),
    "manifest missing a file": (_edited(lambda m: m["files"].pop(CORE_FILE)), f"{MANIFEST_FILE} does not list the "
                                "build's files"),
    "manifest's size not a number": (_edited(lambda m: m["files"][CORE_FILE].update(size="17384")),
                                     f"{MANIFEST_FILE} records {CORE_FILE} wrongly"),
    "manifest's size too large": (_edited(lambda m: m["files"][LIBRARY_FILE].update(size=10 ** 4000)),
                                  f"{MANIFEST_FILE} records {LIBRARY_FILE} wrongly"),
    "manifest's hash not a hash": (_edited(lambda m: m["files"][LIBRARY_FILE].update(sha256=["0" * 64])),
                                   f"{MANIFEST_FILE} records {LIBRARY_FILE} wrongly"),
    "manifest's Python a long text": (_edited(lambda m: m.update(python="cpython-311\n" * 10000)),
                                      "the compiled build is older than Python ('cpython-311\\ncpytho then, "),
    "manifest's hash changed": (_edited(lambda m: m["files"][LIBRARY_FILE].update(sha256="0" * 64)),
                                f"the compiled build's file {LIBRARY_FILE} is damaged (its SHA-256 is not the one "
                                "recorded as built)"),
    "manifest unchecked": (_edited(lambda m: m.update(checked=False)), "the compiled build was not checked"),
    "manifest for another Python": (_edited(lambda m: m.update(python="cpython-39")),
                                    "the compiled build is older than Python (cpython-39 then, "),
    "a source edited since": (_source_edited, "the compiled build is older than tcforge/engine/fire.py"),
}


@pytest.mark.parametrize("damage", DAMAGES)
def test_each_damage_to_a_build_is_found_before_it_is_loaded(tmp_path: Path, damage: str) -> None:
    """Issue 51 point 5, in this process on a stand-in build (no compiled build needed): :func:`compiled.problem`
    says what is wrong; the subprocess tests below show that line, and no signal, on a real build."""
    package = _fake_package(tmp_path)
    _stand_in_build(package)
    assert compiled.problem(package) is None
    harm, reason = DAMAGES[damage]
    harm(package)
    found = compiled.problem(package)
    assert found is not None and found.startswith(reason), found
    assert "\n" not in found


def test_without_a_build_there_is_nothing_to_tell(tmp_path: Path) -> None:
    package = _fake_package(tmp_path)
    assert compiled.problem(package) == compiled.NO_BUILD  # a checkout before make install: the sources, silently
    assert not compiled.present(package)
    assert compiled.read_manifest(package) is None
    (package / "_compiled.json").write_text("[1, 2", encoding="utf-8")  # a torn write reads as no build
    assert compiled.read_manifest(package) is None
    assert compiled.present(package)


def test_a_manifest_too_large_or_a_pipe_is_not_read(tmp_path: Path) -> None:
    package = _fake_package(tmp_path)
    (package / "_compiled.json").write_bytes(b" " * (compiled.MANIFEST_LIMIT + 1))
    assert compiled.problem(package) == f"{MANIFEST_FILE} is over 1024 KB"
    (package / "_compiled.json").unlink()
    os.mkfifo(package / "_compiled.json")  # opening it would wait for a writer forever
    assert compiled.problem(package) == f"{MANIFEST_FILE} is not a file"


def test_a_files_hash_is_kept_and_used_again_only_while_the_file_is_unchanged(tmp_path: Path,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    package = _fake_package(tmp_path)
    _stand_in_build(package)
    library = package.parent / LIBRARY_FILE
    assert compiled.problem(package) is None
    assert not (package / compiled.HASHES).exists()  # files changed in the last 2 s are hashed, not kept (git's racy files)
    later = time.time_ns() + 10 * 1_000_000_000
    monkeypatch.setattr(time, "time_ns", lambda: later)
    assert compiled.problem(package) is None
    kept = json.loads((package / compiled.HASHES).read_text(encoding="utf-8"))
    assert len(kept) == 2 * len(compiled.MODULES) + 1  # the sources, the modules' extensions and the library
    assert kept[LIBRARY_FILE][5] == compiled.digest(library)
    assert compiled.problem(package) is None  # from what was kept
    kept[LIBRARY_FILE][5] = "0" * 64  # what is kept under the library's present stamp is believed
    (package / compiled.HASHES).write_text(json.dumps(kept), encoding="utf-8")
    assert compiled.problem(package) is not None
    _one_byte_flipped_touched_back(package)  # and no longer once the file changed, whatever its modification time
    kept[LIBRARY_FILE][5] = json.loads((package / "_compiled.json").read_text(encoding="utf-8"))["files"][
        LIBRARY_FILE]["sha256"]
    (package / compiled.HASHES).write_text(json.dumps(kept), encoding="utf-8")
    assert compiled.problem(package) == (f"the compiled build's file {LIBRARY_FILE} is damaged (its SHA-256 is not "
                                         "the one recorded as built)")
    _stand_in_build(package)
    (package / compiled.HASHES).write_text("{not json", encoding="utf-8")  # a damaged cache is only a slower import
    assert compiled.problem(package) is None
    (package / compiled.HASHES).unlink()
    (package / compiled.HASHES).mkdir()  # and one that cannot be written too
    assert compiled.problem(package) is None
    assert compiled.clean(package) == len(compiled.MODULES) + 3  # the extensions, the library, manifest and hashes
    assert not compiled.present(package)


def test_tcforge_pure_set_to_a_word_it_does_not_know_says_so_once_and_runs(tmp_path: Path) -> None:
    copy = _copy_of_the_package(tmp_path)
    done = _play_in(copy, {compiled.PURE_VARIABLE: "ture"})
    assert done.returncode == 0 and done.stdout.startswith("pure Python: no compiled build\n")
    assert done.stderr == (f"tcforge: {compiled.PURE_VARIABLE}=ture is not one of 1, true, yes, on (run the sources) "
                           "or 0, false, no, off, empty (the compiled build where made), so it is taken as unset\n")


def _copy_of_the_package(tmp_path: Path, build: bool = False) -> Path:
    """The package's sources in ``tmp_path/checkout/tcforge``; with ``build``, the checkout's compiled build too."""
    copy = tmp_path / "checkout"
    shutil.copytree(ROOT / "tcforge", copy / "tcforge",
                    ignore=shutil.ignore_patterns("*.so", "__pycache__", "_compiled.json", "*.tmp"))
    if build:
        for path in [*compiled.built(ROOT / "tcforge").values(), ROOT / "tcforge" / "_compiled.json"]:
            shutil.copy2(path, copy / path.relative_to(ROOT))
    return copy / "tcforge"


# A fresh process on the copy: tcforge imported and one greedy game of Hill 621 played; what ran and who won.
TINY_GAME = ("import sys; sys.path.insert(0, sys.argv[1]); import tcforge.compiled as c; "
             "from tcforge.play.games import play_game; from tcforge.scenarios.loading import load; "
             "_, outcome = play_game(load('hill-621'), 1, ('greedy', 'greedy')); "
             "print(c.state()); print(c.compiled_in_use(), outcome.winner, bool(outcome.error))")


def _play_in(package: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    clean_env = {k: v for k, v in os.environ.items()
                 if k not in (compiled.PURE_VARIABLE, compiled.CHECKING_VARIABLE, compiled.TOLD_VARIABLE)}
    return subprocess.run([sys.executable, "-c", TINY_GAME, str(package.parent)], capture_output=True, text=True,
                          check=False, env={**clean_env, "TCFORGE_HOME": str(ROOT), **(env or {})},
                          cwd=tempfile.gettempdir(), timeout=300)


def _told_once(done: subprocess.CompletedProcess[str], reason: str) -> None:
    """Exit 0, the game played from the sources, and one line on stderr: why and the fix; no traceback, no signal."""
    assert done.returncode == 0, (done.returncode, done.stderr[-2000:])  # a signal is a negative return code
    state, played = done.stdout.strip().splitlines()
    assert played.startswith("False ") and played.endswith(" False"), played  # the sources ran the game, no error
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and "Traceback" not in done.stderr, done.stderr
    assert lines[0].startswith(f"tcforge: {reason}"), lines[0]
    assert lines[0].endswith(", so tcforge runs as pure Python, the same games slower (make install builds it again)")
    assert state == "pure Python: " + lines[0].removeprefix("tcforge: ").split(", so tcforge runs", 1)[0]


@pytest.mark.slow
@pytest.mark.skipif(not _current_build(), reason=NO_BUILD_HERE)
@pytest.mark.parametrize("damage", DAMAGES)
def test_a_damaged_build_runs_the_sources_with_one_line_and_no_signal(tmp_path: Path, damage: str) -> None:
    """Issue 51 point 5 on a copy of the build make install made: before, cut to 0 bytes or replaced by text it gave
    an ImportError traceback, cut in half SIGBUS, partly overwritten SIGTRAP, each silently; a manifest not JSON or a
    folder ran the sources silently, and one without hashes ran the damaged library."""
    package = _copy_of_the_package(tmp_path, build=True)
    harm, reason = DAMAGES[damage]
    harm(package)
    _told_once(_play_in(package), reason)


@pytest.mark.slow
@pytest.mark.skipif(not _current_build(), reason=NO_BUILD_HERE)
@pytest.mark.parametrize("value", ["", "0", "false", "no", "off", "FALSE"])
def test_an_intact_build_runs_compiled_unless_tcforge_pure_says_true(tmp_path: Path, value: str) -> None:
    package = _copy_of_the_package(tmp_path, build=True)
    done = _play_in(package, {compiled.PURE_VARIABLE: value})
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout.splitlines() == [f"compiled by mypyc ({len(compiled.MODULES)} modules)", "True german False"]
    done = _play_in(package, {compiled.PURE_VARIABLE: "true"})
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout.splitlines() == [f"pure Python ({compiled.PURE_VARIABLE} is set; a compiled build is present)",
                                        "False german False"]


@pytest.mark.slow
def test_a_build_that_passes_its_checks_but_does_not_load_runs_the_sources_with_one_line(tmp_path: Path) -> None:
    """A build whose files are the ones its manifest records but that no loader loads (made for another machine;
    here text files): the library is loaded before any module, so all of them come from the sources, told once."""
    package = _copy_of_the_package(tmp_path)
    _stand_in_build(package)
    _told_once(_play_in(package), f"the compiled build's library {LIBRARY_FILE} does not load (")


@pytest.mark.slow
@pytest.mark.parametrize("damage", ["library cut in half", "manifest a folder", "manifest without hashes",
                                    "a module's extension cut"])
def test_a_damaged_stand_in_build_runs_the_sources_with_one_line(tmp_path: Path, damage: str) -> None:
    """The same as on a real build, where none was made (a fresh clone): a stand-in build damaged."""
    package = _copy_of_the_package(tmp_path)
    _stand_in_build(package)
    harm, reason = DAMAGES[damage]
    harm(package)
    _told_once(_play_in(package), reason)


def test_a_stale_build_runs_the_sources_and_says_so_once(tmp_path: Path) -> None:
    """A copy of the package with a manifest that does not match its sources: tcforge imports the sources and tells
    stderr which file changed (in a fresh process, as the check is made when tcforge is imported)."""
    copy = _copy_of_the_package(tmp_path).parent
    manifest = _stand_in_build(copy / "tcforge")
    state, core_file, stderr = _imported(copy, {**manifest, "modules": {m: "0" * 64 for m in compiled.MODULES}})
    assert state == "pure Python: the compiled build is older than tcforge/engine/actions.py"
    assert core_file == str(copy / "tcforge" / "engine" / "core.py")
    assert stderr.count("the compiled build is older than tcforge/engine/actions.py") == 1
    assert len(stderr.splitlines()) == 1


def _imported(copy: Path, manifest: dict[str, object]) -> tuple[str, str, str]:
    """What a fresh process importing tcforge from ``copy``, with ``manifest`` as its build's, runs: (state, the file
    of the engine's core module, stderr)."""
    (copy / "tcforge" / "_compiled.json").write_text(json.dumps(manifest), encoding="utf-8")
    code = ("import sys; sys.path.insert(0, sys.argv[1]); import tcforge.compiled as c, tcforge.engine.core as core; "
            "print(c.state()); print(core.__file__)")
    env = {k: v for k, v in os.environ.items()
           if k not in (compiled.PURE_VARIABLE, compiled.CHECKING_VARIABLE, compiled.TOLD_VARIABLE)}
    done = subprocess.run([sys.executable, "-c", code, str(copy)], capture_output=True, text=True, check=False, env=env,
                          cwd=tempfile.gettempdir())
    assert done.returncode == 0, done.stderr
    state, core_file = done.stdout.strip().splitlines()
    return state, core_file, done.stderr


def test_a_build_that_did_not_pass_its_own_check_is_never_run(tmp_path: Path) -> None:
    """The build writes its manifest, plays one game compiled and from the sources, and only then marks it checked: a
    build stopped in between (or whose game differed and could not be removed) leaves the sources to run."""
    copy = _copy_of_the_package(tmp_path).parent
    manifest = _stand_in_build(copy / "tcforge", checked=False)
    state, core_file, stderr = _imported(copy, manifest)
    assert (state, core_file) == ("pure Python: the compiled build was not checked",
                                  str(copy / "tcforge" / "engine" / "core.py"))
    assert stderr == ("tcforge: the compiled build was not checked, so tcforge runs as pure Python, the same games "
                      "slower (make install builds it again)\n")
    # checked and whole: the build is chosen, and its library (here text) fails to load before any module is
    state, core_file, stderr = _imported(copy, {**manifest, "checked": True})
    assert state.startswith(f"pure Python: the compiled build's library {LIBRARY_FILE} does not load (")
    assert core_file == str(copy / "tcforge" / "engine" / "core.py") and len(stderr.splitlines()) == 1


def _assigned(function: ast.FunctionDef, owner: str) -> set[str]:
    """The attributes of ``owner`` (self, other) that ``function`` assigns, tuple targets included."""
    found: set[str] = set()
    for node in ast.walk(function):
        targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(node, ast.AnnAssign) else []
        for target in targets:
            for leaf in target.elts if isinstance(target, ast.Tuple) else [target]:
                if isinstance(leaf, ast.Attribute) and isinstance(leaf.value, ast.Name) and leaf.value.id == owner:
                    found.add(leaf.attr)
    return found


def test_a_compiled_state_copy_sets_every_field_the_state_has() -> None:
    """The compiled build's CoreState.clone cannot copy the fields through __dict__ (a native class has none): it makes
    a fresh state and sets every field, the plain ones by name. A field added to __init__ and not to clone() would be
    shared by the pure copy and reset by the compiled one; this names it."""
    from tcforge.engine import core
    tree = ast.parse(inspect.getsource(core.CoreState))
    methods = {node.name: node for node in ast.walk(tree) if isinstance(node, ast.FunctionDef)}
    fields = _assigned(methods["__init__"], "self") - {"game"}  # the game is the constructor's argument
    assert len(fields) > 25  # the scan sees the state (a broken scan would pass vacuously)
    assert sorted(fields - _assigned(methods["clone"], "other")) == []


@pytest.mark.parametrize(("why", "rebuilt"), [(None, False), (compiled.NO_BUILD, False),
                                              ("the compiled build was not checked", True),
                                              (f"the compiled build's file {LIBRARY_FILE} is missing", True)])
def test_make_install_builds_again_a_build_made_but_not_run(monkeypatch: pytest.MonkeyPatch,
                                                            capsys: pytest.CaptureFixture[str], why: str | None,
                                                            rebuilt: bool) -> None:
    """The line's fix must work: the Makefile's stamp is newer than every source after a build, so make install alone
    would not build a damaged one again; its ``ensure`` step does (and never starts a build where none was made,
    such as where the tools are missing)."""
    built: list[int] = []
    monkeypatch.setattr(compiled, "problem", lambda package=compiled.PACKAGE: why)
    monkeypatch.setattr(compiled, "build", lambda jobs=2: built.append(jobs) or "compiled (replaced by the test)")
    assert compiled.main(["ensure"]) == 0
    assert bool(built) is rebuilt
    told = capsys.readouterr()
    assert told.err == (f"tcforge: {why}; building it again\n" if rebuilt else "")
    assert 'c.main(["ensure"])' in (ROOT / "Makefile").read_text(encoding="utf-8")


def test_the_version_says_which_build_runs_the_engine(tcforge: Any) -> None:
    from tcforge import __version__
    code, out, _ = tcforge("--version")
    assert (code, out) == (0, f"tcforge {__version__}; engine: {compiled.state()}\n")
    assert compiled.state().startswith("pure Python")  # the suite's (conftest.py sets TCFORGE_PURE=1)


@pytest.mark.slow
def test_the_line_is_told_once_for_a_process_and_those_it_starts(tmp_path: Path) -> None:
    """A pool's workers import tcforge again: the line a damaged build gives is not repeated by each."""
    package = _copy_of_the_package(tmp_path)
    _stand_in_build(package)
    _cut_in_half(package)
    code = ("import subprocess, sys; sys.path.insert(0, sys.argv[1]); import tcforge; "
            "subprocess.run([sys.executable, '-c', 'import sys; sys.path.insert(0, sys.argv[1]); import tcforge', "
            "sys.argv[1]], check=True)")
    env = {k: v for k, v in os.environ.items()
           if k not in (compiled.PURE_VARIABLE, compiled.CHECKING_VARIABLE, compiled.TOLD_VARIABLE)}
    done = subprocess.run([sys.executable, "-c", code, str(package.parent)], capture_output=True, text=True,
                          check=False, env=env, cwd=tempfile.gettempdir(), timeout=300)
    assert done.returncode == 0 and len(done.stderr.splitlines()) == 1, done.stderr
    assert f"the compiled build's file {LIBRARY_FILE} is damaged" in done.stderr


@pytest.mark.slow
def test_the_state_reported_is_what_runs_even_before_the_engine_is_imported(tmp_path: Path) -> None:
    """tcforge --version (and bench speed's header) tell the state before any engine module is imported: a build
    chosen but whose library does not load is reported as the sources it falls back to, not as compiled."""
    package = _copy_of_the_package(tmp_path)
    _stand_in_build(package)
    env = {k: v for k, v in os.environ.items()
           if k not in (compiled.PURE_VARIABLE, compiled.CHECKING_VARIABLE, compiled.TOLD_VARIABLE)}
    done = subprocess.run([sys.executable, "-m", "tcforge", "--version"], capture_output=True, text=True, check=False,
                          env={**env, "PYTHONPATH": str(package.parent), "TCFORGE_HOME": str(ROOT)},
                          cwd=tempfile.gettempdir(), timeout=300)
    assert done.returncode == 0 and len(done.stderr.splitlines()) == 1 and "Traceback" not in done.stderr
    from tcforge import __version__
    assert done.stdout.startswith(f"tcforge {__version__}; engine: pure Python: the compiled build's library {LIBRARY_FILE} "
                                  "does not load (")
