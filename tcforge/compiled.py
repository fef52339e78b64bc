"""The compiled build (issue 35): the engine's hot modules and greedy compiled by mypyc, beside their sources.

mypyc (part of mypy) reads the annotations the code already has and makes each listed module a C extension; the
sources stay as they are and are still the project's code. ``make install`` builds it where mypy and a C compiler
are at hand (:func:`main` with ``build``, the Makefile's line); where they are not, tcforge runs as pure Python. Both play the
same games: ``tests/test_compiled.py`` plays the golden games each way and compares their logs.

Which one runs is decided as ``tcforge`` is imported (:func:`guard`). The compiled modules are used only when

- ``TCFORGE_PURE`` is unset, empty or ``0`` (``TCFORGE_PURE=1`` forces the pure-Python path: for tests that patch
  engine functions, for profiling, and for the benchmark's side-by-side figures), and
- the build checked itself when it was made (one game played compiled and from the sources, the same), and
- every compiled module's source is the one the build was made from (its SHA-256 in the build's manifest,
  ``tcforge/_compiled.json``). An extension is imported ahead of the ``.py`` beside it, so a module edited after the
  build would otherwise run its old code; then all of them are imported from source and one line on stderr says
  which file changed and that ``make install`` rebuilds them. All or none: the compiled modules check the types of
  each other's objects, so a pure module among them would be refused.

Why mypyc and not Cython: Cython compiled these modules as Python for 2 to 13 % (their time is in attribute reads,
calls and small lists, which stay Python objects), and with the annotations as C types its games changed with the
C compiler's optimisation level; mypyc keeps Python's semantics for ints and floats, compiles the dataclasses as
native classes and played every game checked identically (docs/results/2026-11-26-bench-speed.md).

Two modules stay Python: ``engine/rules`` (its parameter checks read ``Rules``' field types, which a compiled
dataclass keeps only erased) and ``engine/board`` (mypyc compiles ``functools.cached_property`` as a plain property,
which would rebuild the distance table at every read).
"""
from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import shutil
import sys
import sysconfig
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

PACKAGE = Path(__file__).resolve().parent
MANIFEST = PACKAGE / "_compiled.json"
GROUP = "tcforge._native"  # the shared library all the compiled modules live in (tcforge/_native__mypyc.*.so)
PURE_VARIABLE = "TCFORGE_PURE"
CHECKING_VARIABLE = "TCFORGE_COMPILED_CHECKING"  # set by the build for its own check: an unchecked build may run

# The compiled modules: the engine but its rules and board (above) and the set-up and arrivals' placing (a few decisions
# a game, off the hot path), and the players whose games are the benchmarks.
MODULES = tuple(f"tcforge.engine.{name}" for name in (
    "actions", "arrivals", "attacks", "breakthrough", "card_status", "cards", "changes", "context", "core",
    "equipment", "fire", "game", "melee", "movement", "observation", "opportunity", "outcome", "reactions", "replay",
    "scenario_rules", "spotting", "state", "units", "windows")) + tuple(
    f"tcforge.agents.{name}" for name in ("commander", "evaluate", "greedy", "playout"))


def source(module: str, package: Path = PACKAGE) -> Path:
    return package.joinpath(*module.split(".")[1:]).with_suffix(".py")


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def pure_forced() -> bool:
    return os.environ.get(PURE_VARIABLE, "").strip() not in ("", "0")


def extensions(package: Path = PACKAGE) -> list[Path]:
    """The compiled files of a build in ``package``: the modules' extensions and the shared library."""
    suffixes = importlib.machinery.EXTENSION_SUFFIXES
    return sorted(p for p in package.rglob("*") if p.is_file() and any(p.name.endswith(s) for s in suffixes))


def stale(manifest: dict[str, object], package: Path = PACKAGE) -> str | None:
    """The first compiled module whose source is not the one the build in ``manifest`` was made from (its path from
    the package's folder), else None."""
    recorded = manifest.get("modules")
    if not isinstance(recorded, dict) or set(recorded) != set(MODULES):
        return "the list of compiled modules"
    if manifest.get("python") != sys.implementation.cache_tag:
        return f"Python ({manifest.get('python')} then, {sys.implementation.cache_tag} now)"
    for module in MODULES:
        path = source(module, package)
        if not path.is_file() or digest(path) != recorded[module]:
            return str(path.relative_to(package.parent))
    return None


def read_manifest(package: Path = PACKAGE) -> dict[str, object] | None:
    try:
        found = json.loads((package / MANIFEST.name).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return found if isinstance(found, dict) else None


class _FromSource(importlib.abc.MetaPathFinder):
    """Imports the compiled modules from their ``.py`` files, ahead of the extensions beside them."""

    def find_spec(self, name: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        if name not in MODULES:
            return None
        return importlib.util.spec_from_file_location(name, source(name))


_STATE = "pure Python: no compiled build"


def guard() -> str:
    """Decide, once, whether the compiled build runs (called by ``tcforge/__init__.py`` before any module is
    imported); returns what runs, in words, as :func:`state` does."""
    global _STATE
    manifest = read_manifest()
    checked = manifest is not None and (manifest.get("checked") is True or os.environ.get(CHECKING_VARIABLE) == "1")
    changed = stale(manifest) if manifest is not None and not pure_forced() else None
    library = any(PACKAGE.glob(GROUP.rpartition(".")[2] + "__mypyc.*"))  # the shared library the modules live in
    if manifest is None or not library or not checked or pure_forced() or changed is not None:
        # the sources, ahead of any extension beside them: one left by a build that was stopped before its manifest
        # was written, or before its check, would otherwise be imported
        if not any(isinstance(f, _FromSource) for f in sys.meta_path):
            sys.meta_path.insert(0, _FromSource())
        if manifest is None:
            _STATE = "pure Python: no compiled build"
        elif not library:
            _STATE = "pure Python: the compiled build's library is missing (make install builds it again)"
        elif not checked:
            _STATE = "pure Python: the compiled build was not checked (make install builds it again)"
        elif pure_forced():
            _STATE = f"pure Python ({PURE_VARIABLE} is set; a compiled build is present)"
        else:
            _STATE = f"pure Python: the compiled build is older than {changed}"
            print(f"tcforge: the compiled build is older than {changed}, so tcforge runs as pure Python "
                  "(make install rebuilds it)", file=sys.stderr)
        return _STATE
    _STATE = f"compiled by mypyc ({len(MODULES)} modules)"
    return _STATE


def state() -> str:
    """What runs: the compiled build or pure Python, and why."""
    return _STATE


def compiled_in_use() -> bool:
    """Whether this process imports the engine from the compiled build: where its core module is found (through
    the same finders an import goes through), an extension or its source."""
    found = importlib.util.find_spec("tcforge.engine.core")
    return found is not None and found.origin is not None and not found.origin.endswith(".py")


def clean(package: Path = PACKAGE) -> int:
    """Remove a build: its extensions and its manifest. Returns how many files went."""
    gone = 0
    for path in [*extensions(package), package / MANIFEST.name]:
        if path.exists():
            path.unlink()
            gone += 1
    return gone


def missing_tools() -> str | None:
    """Why no build can be made here, else None: mypyc (mypy's) and a C compiler are needed."""
    try:
        import mypyc.build  # noqa: F401
    except ImportError:
        return "mypy's mypyc is not installed (pip install mypy)"
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        return f"no C compiler ({compiler}) on the PATH"
    if not sysconfig.get_config_h_filename() or not Path(sysconfig.get_paths()["include"], "Python.h").is_file():
        return "Python's C headers (Python.h) are not installed"
    return None


def build(jobs: int = 2) -> str:
    """Compile :data:`MODULES` in place, then check the build imports and plays a game as the sources do; on any
    failure remove it again, so that tcforge runs as pure Python. Returns one line saying what happened."""
    why = missing_tools()
    if why is not None:
        clean()
        return f"no compiled build: {why}; tcforge runs as pure Python"
    clean()
    root = PACKAGE.parent
    work = Path(tempfile.mkdtemp(prefix="tcforge-mypyc-"))
    try:
        _compile(root, work, jobs)
        sources = {m: digest(source(m)) for m in MODULES}
        _write_manifest(sources, checked=False)
        _step("checking that the build plays a game as the sources do")
        problem = _self_check(root)
        if problem is None:  # only a build that played its game as the sources did is ever run
            _write_manifest(sources, checked=True)
    except Exception as error:
        problem = f"{type(error).__name__}: {error}".strip().splitlines()[-1]
    finally:
        shutil.rmtree(work, ignore_errors=True)
    if problem is not None:
        clean()
        return f"no compiled build: {problem}; tcforge runs as pure Python"
    return f"compiled {len(MODULES)} modules with mypyc into {PACKAGE} ({len(extensions())} files)"


_STARTED = time.monotonic()


def _step(what: str) -> None:
    """One progress line on stderr: the build's steps take minutes on two cores, and a silent terminal looks hung."""
    sys.stderr.write(f"tcforge compiled build [{time.monotonic() - _STARTED:4.0f} s]: {what}\n")
    sys.stderr.flush()


def _write_manifest(sources: dict[str, str], checked: bool) -> None:
    manifest = {"python": sys.implementation.cache_tag, "mypy": _mypy_version(), "modules": sources, "checked": checked}
    MANIFEST.write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")


def _compile(root: Path, work: Path, jobs: int) -> None:
    import contextlib
    import io

    from mypyc.build import mypycify
    setup = importlib.import_module("setuptools").setup  # setuptools ships no types (types-setuptools is not needed)

    here = Path.cwd()
    sink = io.StringIO()
    try:
        with contextlib.redirect_stdout(sink):  # mypy's and setuptools' chatter: shown only if the compile fails
            os.chdir(root)  # mypy finds the package (and mypycify names the modules) from the checkout's root
            paths = [str(source(m).relative_to(root)) for m in MODULES]
            _step(f"type-checking {len(MODULES)} modules and writing their C with mypyc (about a minute)")
            modules = mypycify(["--config-file", str(root / "pyproject.toml"), "--no-warn-unused-configs", *paths],
                               opt_level="3", multi_file=True, group_name=GROUP, target_dir=str(work / "c"))
            for extension in modules:  # the group's headers go in its package's folder, which mypyc's multi-file
                extension.include_dirs.append(str(work / "c" / "tcforge"))  # C files do not look in by themselves
            os.chdir(work)  # not the checkout: setuptools would read the project's own pyproject.toml as this build's
            _step(f"compiling the C with {jobs} job(s) (a few minutes on two cores)")
            setup(name="tcforge-compiled", packages=[], ext_modules=modules,
                  script_args=["--quiet", "build_ext", "--build-lib", str(root), "--build-temp", str(work / "o"),
                               "-j", str(jobs)])
    except SystemExit as stop:  # setuptools and mypyc stop with SystemExit on a compile error
        raise RuntimeError(f"the compile failed ({stop}): {sink.getvalue().strip()[-300:]}") from None
    finally:
        os.chdir(here)


def _self_check(root: Path) -> str | None:
    """Play one greedy game of Hill 621 with the build and with the sources, in fresh processes: None if the build
    is the one imported and the two games are the same, else what is wrong."""
    import subprocess

    code = ("import json, sys; sys.path.insert(0, sys.argv[1]); import tcforge.compiled as c; "
            "from tcforge.play.games import play_game; from tcforge.scenarios.loading import load; "
            "r = play_game(load('hill-621'), 1, ('greedy', 'greedy'), record=True)[0]; "
            "print(json.dumps([c.compiled_in_use(), repr(r.log)]))")
    runs = []
    for pure in ("0", "1"):
        done = subprocess.run([sys.executable, "-c", code, str(root)], capture_output=True, text=True, check=False,
                              env={**os.environ, PURE_VARIABLE: pure, CHECKING_VARIABLE: "1"}, cwd=tempfile.gettempdir())
        if done.returncode != 0:
            return f"the build does not play ({(done.stderr.strip().splitlines() or ['no output'])[-1]})"
        runs.append(json.loads(done.stdout.strip().splitlines()[-1]))
    if runs[0][0] is not True or runs[1][0] is not False:
        return "the build is not the one imported"
    if runs[0][1] != runs[1][1]:
        return "the compiled build played a game differently from the sources"
    return None


def _mypy_version() -> str:
    try:
        from mypy.version import __version__
    except ImportError:
        return "unknown"
    return str(__version__)


def main(argv: Sequence[str]) -> int:
    """``python -c 'import sys, tcforge.compiled as c; sys.exit(c.main(sys.argv[1:]))' build|clean|state``: the
    Makefile's entry (not ``-m``, which would run this module a second time beside the one tcforge imported)."""
    command = argv[0] if argv else "state"
    if command == "build":
        print(build(int(os.environ.get("TCFORGE_BUILD_JOBS", "2"))))
        return 0
    if command == "clean":
        print(f"removed {clean()} file(s) of the compiled build")
        return 0
    if command == "state":
        print(state())
        return 0
    print("usage: main(['build' | 'clean' | 'state'])", file=sys.stderr)
    return 2
