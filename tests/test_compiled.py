"""The compiled build (issue 35 item 2, tcforge/compiled.py): it plays the golden games as the sources do, the sources
run when TCFORGE_PURE is set or when the build is older than them, and the suite itself runs the sources."""
from __future__ import annotations

import ast
import inspect
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

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


def _current_build() -> bool:
    manifest = compiled.read_manifest()
    return manifest is not None and manifest.get("checked") is True and compiled.stale(manifest) is None


@pytest.mark.skipif(not _current_build(), reason="no checked compiled build made from these sources (make install "
                                                  "makes it where mypy and a C compiler are at hand)")
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


@pytest.mark.parametrize(("value", "forced"), [("", False), ("0", False), (" 0 ", False), ("1", True), ("yes", True)])
def test_tcforge_pure_forces_the_sources_unless_empty_or_0(monkeypatch: pytest.MonkeyPatch, value: str,
                                                                forced: bool) -> None:
    monkeypatch.setenv(compiled.PURE_VARIABLE, value)
    assert compiled.pure_forced() is forced


def _fake_package(tmp_path: Path) -> Path:
    package = tmp_path / "tcforge"
    for module in compiled.MODULES:
        path = compiled.source(module, package)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(f"# {module}\n", encoding="utf-8")
    return package


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


def test_a_stale_build_runs_the_sources_and_says_so_once(tmp_path: Path) -> None:
    """A copy of the package with a manifest that does not match its sources: tcforge imports the sources and tells
    stderr which file changed (in a fresh process, as the check is made when tcforge is imported)."""
    import shutil
    copy = tmp_path / "checkout"
    shutil.copytree(ROOT / "tcforge", copy / "tcforge", ignore=shutil.ignore_patterns("*.so", "__pycache__", "_compiled.json"))
    library = copy / "tcforge" / "_native__mypyc.so"  # a stand-in for the build's library (never imported here)
    library.write_bytes(b"")
    manifest = {"python": sys.implementation.cache_tag, "modules": {m: "0" * 64 for m in compiled.MODULES}, "checked": True}
    state, core_file, stderr = _imported(copy, manifest)
    assert state == "pure Python: the compiled build is older than tcforge/engine/actions.py"
    assert core_file == str(copy / "tcforge" / "engine" / "core.py")
    assert stderr.count("the compiled build is older than tcforge/engine/actions.py") == 1


def _imported(copy: Path, manifest: dict[str, object]) -> tuple[str, str, str]:
    """What a fresh process importing tcforge from ``copy``, with ``manifest`` as its build's, runs: (state, the file
    of the engine's core module, stderr)."""
    (copy / "tcforge" / "_compiled.json").write_text(json.dumps(manifest), encoding="utf-8")
    code = ("import sys; sys.path.insert(0, sys.argv[1]); import tcforge.compiled as c, tcforge.engine.core as core; "
            "print(c.state()); print(core.__file__)")
    env = {k: v for k, v in os.environ.items() if k not in (compiled.PURE_VARIABLE, compiled.CHECKING_VARIABLE)}
    done = subprocess.run([sys.executable, "-c", code, str(copy)], capture_output=True, text=True, check=False, env=env,
                          cwd=tempfile.gettempdir())
    assert done.returncode == 0, done.stderr
    state, core_file = done.stdout.strip().splitlines()
    return state, core_file, done.stderr


def test_a_build_that_did_not_pass_its_own_check_is_never_run(tmp_path: Path) -> None:
    """The build writes its manifest, plays one game compiled and from the sources, and only then marks it checked: a
    build stopped in between (or whose game differed and could not be removed) leaves the sources to run."""
    import shutil
    copy = tmp_path / "checkout"
    shutil.copytree(ROOT / "tcforge", copy / "tcforge", ignore=shutil.ignore_patterns("*.so", "__pycache__", "_compiled.json"))
    library = copy / "tcforge" / "_native__mypyc.so"  # a stand-in for the build's library (never imported here)
    library.write_bytes(b"")
    sources = {m: compiled.digest(compiled.source(m, copy / "tcforge")) for m in compiled.MODULES}
    manifest: dict[str, object] = {"python": sys.implementation.cache_tag, "modules": sources, "checked": False}
    assert _imported(copy, manifest)[:2] == ("pure Python: the compiled build was not checked (make install builds it "
                                             "again)", str(copy / "tcforge" / "engine" / "core.py"))
    # checked and current: the build runs (here the stand-in library and no module's extension: the sources are found)
    assert _imported(copy, {**manifest, "checked": True})[0] == f"compiled by mypyc ({len(compiled.MODULES)} modules)"
    library.unlink()  # its library gone: the sources, and the state says why
    assert _imported(copy, {**manifest, "checked": True})[0] == ("pure Python: the compiled build's library is missing "
                                                                 "(make install builds it again)")


def test_without_a_manifest_the_sources_run(tmp_path: Path) -> None:
    assert compiled.read_manifest(tmp_path) is None
    (tmp_path / "_compiled.json").write_text("[1, 2", encoding="utf-8")  # a torn write reads as no build
    assert compiled.read_manifest(tmp_path) is None


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
