"""The compiled build (issue 35): the engine's hot modules and greedy compiled by mypyc, beside their sources.

mypyc (part of mypy) reads the annotations the code already has and makes each listed module a C extension; the
sources stay as they are and are still the project's code. ``make install`` builds it where mypy and a C compiler
are at hand (:func:`main` with ``build``, the Makefile's line); where they are not, tcforge runs as pure Python. Both play the
same games: ``tests/test_compiled.py`` plays the golden games each way and compares their logs.

Which one runs is decided as ``tcforge`` is imported (:func:`guard`), before any of the build is loaded. The
compiled modules are used only when

- ``TCFORGE_PURE`` is unset or false (``0``, ``false``, ``no``, ``off`` or empty; ``1``, ``true``, ``yes`` or ``on``
  forces the pure-Python path: for tests that patch engine functions, for profiling, and for the benchmark's
  side-by-side figures; any other value is taken as unset, with one line on stderr saying so), and
- the build's manifest (``tcforge/_compiled.json``) reads as the one a build writes, made by this Python, and
- the build checked itself when it was made (one game played compiled and from the sources, the same), and
- every compiled module's source is the one the build was made from (its SHA-256 in the manifest). An extension is
  imported ahead of the ``.py`` beside it, so a module edited after the build would otherwise run its old code, and
- every file the build made, the shared library and each module's extension, has the size and SHA-256 the manifest
  records (:func:`problem`). A library cut short kills the process with SIGBUS as it is loaded, one partly
  overwritten with SIGTRAP or SIGSEGV, one replaced by text raises an ImportError: none is loaded unchecked. The
  hashes are kept between runs under each file's size, times and inode (:class:`_Hashes`), so an import hashes
  only what changed.

Otherwise all of them are imported from source and, where a build was made, one line on stderr says what is wrong
with it and that ``make install`` builds it again (:func:`main`'s ``ensure``, which the Makefile runs); :func:`state`
says what runs. All or none: the compiled modules check the types of each other's objects, so a pure module among
them would be refused.

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
import stat
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
LIBRARY = GROUP + "__mypyc"  # its module's name, which each module's extension (a small stub) imports
PURE_VARIABLE = "TCFORGE_PURE"
CHECKING_VARIABLE = "TCFORGE_COMPILED_CHECKING"  # set by the build for its own check: an unchecked build may run
TOLD_VARIABLE = "TCFORGE_COMPILED_TOLD"  # the lines already told on stderr, for the processes this one starts
HASHES = Path("__pycache__", "_compiled-hashes.json")  # the files' hashes already computed (:class:`_Hashes`)
FIX = "make install builds it again"
NO_BUILD = "no compiled build"
MANIFEST_KEYS = frozenset({"python", "mypy", "modules", "files", "checked"})
MANIFEST_LIMIT = 1 << 20  # bytes: the build writes about 6 KB; a larger file is not its manifest
PURE_WORDS = {"1": True, "true": True, "yes": True, "on": True, "": False, "0": False, "false": False, "no": False,
              "off": False}

# The compiled modules: the engine but its rules and board (above) and the set-up and arrivals' placing (a few decisions
# a game, off the hot path), and the players whose games are the benchmarks.
MODULES = tuple(f"tcforge.engine.{name}" for name in (
    "actions", "arrivals", "attachments", "attacks", "breakthrough", "card_status", "cards", "changes", "context", "core",
    "equipment", "fire", "game", "melee", "movement", "observation", "opportunity", "outcome", "reactions", "replay",
    "scenario_rules", "smoke", "spotting", "state", "units", "windows", "wire")) + tuple(
    f"tcforge.agents.{name}" for name in ("commander", "evaluate", "greedy", "playout"))


def source(module: str, package: Path = PACKAGE) -> Path:
    return package.joinpath(*module.split(".")[1:]).with_suffix(".py")


def built(package: Path = PACKAGE) -> dict[str, Path]:
    """The files a build makes, by the module each is imported as: the shared library (:data:`LIBRARY`) and each
    compiled module's extension, named with this Python's first extension suffix (the one an import tries first and
    setuptools writes)."""
    return {module: package.parent / name for module, name in _built_names(package.name).items()}


def _built_names(package: str) -> dict[str, str]:
    """:func:`built`'s files, from the package's parent folder, with '/' (as the manifest names them)."""
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    return {module: "/".join([package, *module.split(".")[1:]]) + suffix for module in (LIBRARY, *MODULES)}


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def pure_setting() -> tuple[bool, str | None]:
    """Whether ``TCFORGE_PURE`` forces the sources, and a note when its value is not a boolean's usual spelling (1,
    true, yes, on; 0, false, no, off or empty, in any case): such a value is taken as unset, the default, as the two
    paths play the same games and an import is no place to stop a program; the note says so on stderr."""
    raw = os.environ.get(PURE_VARIABLE)
    if raw is None:
        return False, None
    forced = PURE_WORDS.get(raw.strip().lower())
    if forced is not None:
        return forced, None
    shown = raw if len(raw) <= 20 and raw.isprintable() else repr(raw[:20]) + ("..." if len(raw) > 20 else "")
    return False, (f"{PURE_VARIABLE}={shown} is not one of 1, true, yes, on (run the sources) or 0, false, no, off, "
                   "empty (the compiled build where made), so it is taken as unset")


def pure_forced() -> bool:
    return pure_setting()[0]


def extensions(package: Path = PACKAGE) -> list[Path]:
    """The compiled files of a build in ``package``: the modules' extensions and the shared library."""
    suffixes = importlib.machinery.EXTENSION_SUFFIXES
    return sorted(p for p in package.rglob("*") if p.is_file() and any(p.name.endswith(s) for s in suffixes))


def _shown(path: Path, package: Path) -> str:
    return path.relative_to(package.parent).as_posix()


def _source_name(module: str, package: str) -> str:
    """A module's source from the package's parent folder, with '/' (:func:`source`, without pathlib's cost: the
    import checks 57 files)."""
    return "/".join([package, *module.split(".")[1:]]) + ".py"


class _Hashes:
    """The SHA-256 of the files checked at import, kept in ``tcforge/__pycache__`` (ignored by git, as Python's
    bytecode beside it; written under ``PYTHONDONTWRITEBYTECODE`` too, as what it keeps cannot go stale) under each
    file's size, modification and change times, inode and device: a file written, replaced, copied or touched since is
    hashed again. Hashing the build's 6.4 MB takes about 5 ms (SHA-256 in hardware) to 15 ms; reading this file, a
    fraction of one. A hash is kept only for a file last changed over 2 seconds ago (one written twice within a clock
    tick could otherwise keep its first hash: git's 'racy' files). Where the folder cannot be written, each import
    hashes the files again."""

    def __init__(self, package: Path) -> None:
        self.path = package / HASHES
        self.changed = False
        try:
            with open(self.path, "rb") as file:
                found = json.loads(file.read(MANIFEST_LIMIT))
        except (OSError, ValueError, RecursionError):
            found = None
        self.known: dict[str, object] = found if isinstance(found, dict) else {}

    def digest(self, key: str, path: str, found: os.stat_result) -> str:
        """The SHA-256 of ``path`` (known as ``key``, its name from the package's parent), whose stat is ``found``."""
        stamp = [found.st_size, found.st_mtime_ns, found.st_ctime_ns, found.st_ino, found.st_dev]
        known = self.known.get(key)
        if isinstance(known, list) and len(known) == 6 and known[:5] == stamp and isinstance(known[5], str):
            return known[5]
        with open(path, "rb") as file:
            sha256 = hashlib.file_digest(file, "sha256").hexdigest()
        after = os.stat(path)
        if [after.st_size, after.st_mtime_ns, after.st_ctime_ns, after.st_ino, after.st_dev] == stamp and \
                time.time_ns() - max(found.st_mtime_ns, found.st_ctime_ns) > 2_000_000_000:
            self.known[key] = [*stamp, sha256]
            self.changed = True
        return sha256

    def save(self) -> None:
        if not self.changed:
            return
        try:  # as the bytecode cache: a folder tcforge cannot write to costs only the hashing next time
            self.path.parent.mkdir(exist_ok=True)
            fd, temporary = tempfile.mkstemp(dir=self.path.parent, prefix=self.path.name, suffix=".tmp")
            try:
                with os.fdopen(fd, "w", encoding="utf-8") as file:
                    json.dump(self.known, file)
                os.chmod(temporary, 0o644)  # as the bytecode beside it: mkstemp makes it its owner's only
                os.replace(temporary, self.path)
            except BaseException:
                os.unlink(temporary)
                raise
        except OSError:
            pass


def _current(key: str, path: str, hashes: _Hashes) -> str | None:
    """The SHA-256 of a regular file, else None (missing, a folder, unreadable)."""
    try:
        found = os.stat(path)
        if not stat.S_ISREG(found.st_mode):
            return None
        return hashes.digest(key, path, found)
    except OSError:
        return None


def stale(manifest: dict[str, object], package: Path = PACKAGE, hashes: _Hashes | None = None) -> str | None:
    """The first compiled module whose source is not the one the build in ``manifest`` was made from (its path from
    the package's folder), else None."""
    recorded = manifest.get("modules")
    if not isinstance(recorded, dict) or set(recorded) != set(MODULES):
        return "the list of compiled modules"
    if manifest.get("python") != sys.implementation.cache_tag:
        then = manifest.get("python")
        shown = then if isinstance(then, str) and len(then) <= 20 and then.isprintable() else repr(then)[:20]
        return f"Python ({shown} then, {sys.implementation.cache_tag} now)"
    hashes = hashes or _Hashes(package)
    parent = str(package.parent)
    for module in MODULES:
        name = _source_name(module, package.name)
        if _current(name, os.path.join(parent, name), hashes) != recorded[module]:
            return name
    return None


def read_manifest(package: Path = PACKAGE) -> dict[str, object] | None:
    found = _manifest(package)
    return found if isinstance(found, dict) else None


def _manifest(package: Path) -> dict[str, object] | str:
    """The build's manifest, else why it cannot be read (:data:`NO_BUILD` where there is none and no library)."""
    path = package / MANIFEST.name
    where = f"the compiled build's manifest {_shown(path, package)}"
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):  # a folder, or a pipe that would block the import
            return f"{where} is not a file"
        with open(path, "rb") as file:
            text = file.read(MANIFEST_LIMIT + 1)
    except FileNotFoundError:
        library = built(package)[LIBRARY]
        return f"{where} is missing" if os.path.lexists(library) else NO_BUILD
    except OSError as error:
        return f"{where} cannot be read ({error.strerror or type(error).__name__})"
    if len(text) > MANIFEST_LIMIT:
        return f"{where} is over {MANIFEST_LIMIT // 1024} KB"
    try:
        found = json.loads(text)
    except (ValueError, RecursionError):  # UnicodeDecodeError is a ValueError
        return f"{where} is not JSON"
    if not isinstance(found, dict):
        return f"{where} is not a JSON object"
    return found


def problem(package: Path = PACKAGE) -> str | None:
    """Why the compiled build in ``package`` cannot run, in words (:data:`NO_BUILD` where none was made), else None:
    its manifest must read, come from this Python, say the build passed its own check, name the sources the build was
    made from (the ones in place) and the size and SHA-256 of each file the build made (the ones in place). Nothing
    of the build is loaded here: a library cut short would kill the process with SIGBUS as it is loaded, one partly
    overwritten with SIGTRAP or SIGSEGV."""
    manifest = _manifest(package)
    if isinstance(manifest, str):
        return manifest
    where = f"the compiled build's manifest {_shown(package / MANIFEST.name, package)}"
    extra = sorted(set(manifest) - MANIFEST_KEYS)
    if extra:
        return f"{where} has an unexpected key {extra[0][:40]!r}"
    if "files" not in manifest:
        return f"{where} records no hashes of the build's files (it was made by an older tcforge)"
    missing = sorted(MANIFEST_KEYS - set(manifest))
    if missing:
        return f"{where} has no {missing[0]!r}"
    if manifest["checked"] is not True and os.environ.get(CHECKING_VARIABLE) != "1":
        return "the compiled build was not checked"
    hashes = _Hashes(package)
    try:
        changed = stale(manifest, package, hashes)
        if changed is not None:
            return f"the compiled build is older than {changed}"
        return _damaged(manifest["files"], package, hashes, where)
    finally:
        hashes.save()


def _damaged(recorded: object, package: Path, hashes: _Hashes, where: str) -> str | None:
    """The first file of the build that is not the one it made (missing, its size or its SHA-256 not the manifest's),
    else None."""
    parent = str(package.parent)
    files = {name: os.path.join(parent, name) for name in _built_names(package.name).values()}
    if not isinstance(recorded, dict) or set(recorded) != set(files):
        return f"{where} does not list the build's files"
    for name, path in files.items():
        entry = recorded[name]
        if not isinstance(entry, dict) or set(entry) != {"size", "sha256"} or type(entry["size"]) is not int or \
                not 0 <= entry["size"] < 1 << 40 or not isinstance(entry["sha256"], str) or len(entry["sha256"]) != 64:
            return f"{where} records {name} wrongly"
        try:
            found = os.stat(path)
        except OSError:
            return f"the compiled build's file {name} is missing"
        if not stat.S_ISREG(found.st_mode):
            return f"the compiled build's file {name} is not a file"
        if found.st_size != entry["size"]:
            return f"the compiled build's file {name} is damaged ({found.st_size} bytes, {entry['size']} as built)"
        try:
            if hashes.digest(name, path, found) != entry["sha256"]:
                return f"the compiled build's file {name} is damaged (its SHA-256 is not the one recorded as built)"
        except OSError as error:
            return f"the compiled build's file {name} cannot be read ({error.strerror or type(error).__name__})"
    return None


def present(package: Path = PACKAGE) -> bool:
    """Whether a build was made here, whole or not: its manifest or its library is in place."""
    return os.path.lexists(package / MANIFEST.name) or os.path.lexists(built(package)[LIBRARY])


def _tell(line: str) -> None:
    """One line on stderr, once for this process and the ones it starts (a pool's workers import tcforge again)."""
    told = os.environ.get(TOLD_VARIABLE, "")
    key = hashlib.sha256(line.encode()).hexdigest()[:16]
    if key in told.split(","):
        return
    os.environ[TOLD_VARIABLE] = f"{told},{key}" if told else key
    print(f"tcforge: {line}", file=sys.stderr)


class _FromSource(importlib.abc.MetaPathFinder):
    """Imports the compiled modules from their ``.py`` files, ahead of the extensions beside them."""

    def find_spec(self, name: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        if name not in MODULES:
            return None
        return importlib.util.spec_from_file_location(name, source(name))


class _FromBuild(importlib.abc.MetaPathFinder):
    """Imports the compiled modules and their library from the very files :func:`problem` checked (not any other
    extension an import would find first). The library is loaded before the first module: if it does not load
    (a build made for another machine), no compiled module has been yet, and all of them come from their sources."""

    def __init__(self, files: dict[str, Path]) -> None:
        self.files = files

    def find_spec(self, name: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        file = self.files.get(name)
        if file is None:
            return None
        if name != LIBRARY and not self.load():
            return importlib.util.spec_from_file_location(name, source(name))
        return importlib.util.spec_from_file_location(name, file, loader=importlib.machinery.ExtensionFileLoader(
            name, str(file)))

    def load(self) -> bool:
        """Load the library if it is not yet: whether it is, else the sources from now on and one line why."""
        if LIBRARY in sys.modules:
            return True
        try:
            importlib.import_module(LIBRARY)
        except ImportError as error:
            said = str(error).splitlines()[0][-120:] if str(error) else type(error).__name__
            _fall_back(f"the compiled build's library {_shown(self.files[LIBRARY], PACKAGE)} does not load ({said})")
            return False
        return True


def _fall_back(why: str | None, say: bool = True) -> None:
    """The sources from now on, ahead of any extension beside them (one left by a build stopped before its manifest
    was written would otherwise be imported); ``why`` on stderr, with the fix."""
    global _STATE
    sys.meta_path[:] = [f for f in sys.meta_path if not isinstance(f, (_FromBuild, _FromSource))]
    sys.meta_path.insert(0, _FromSource())
    if why is not None:
        _STATE = f"pure Python: {why}"
        if say:
            _tell(f"{why}, so tcforge runs as pure Python, the same games slower ({FIX})")


_STATE = "pure Python: no compiled build"


def guard() -> str:
    """Decide, once, whether the compiled build runs (called by ``tcforge/__init__.py`` before any module is
    imported); returns what runs, in words, as :func:`state` does. Anything amiss with a build that was made is told
    in one line on stderr, with the fix; the sources then run."""
    global _STATE
    forced, note = pure_setting()
    if note is not None:
        _tell(note)
    if forced:
        _fall_back(None)
        _STATE = f"pure Python ({PURE_VARIABLE} is set; a compiled build is present)" if present() else \
            f"pure Python: {NO_BUILD}"
        return _STATE
    why = problem()
    if why is not None:
        _fall_back(why, say=why != NO_BUILD)
        return _STATE
    sys.meta_path[:] = [f for f in sys.meta_path if not isinstance(f, (_FromBuild, _FromSource))]
    sys.meta_path.insert(0, _FromBuild(built()))
    _STATE = f"compiled by mypyc ({len(MODULES)} modules)"
    return _STATE


def state() -> str:
    """What runs: the compiled build or pure Python, and why. Where the build was chosen its library is loaded first
    (as the engine's first import would), so that a library that does not load is not reported as running."""
    for finder in sys.meta_path:
        if isinstance(finder, _FromBuild):
            finder.load()
            break
    return _STATE


def compiled_in_use() -> bool:
    """Whether this process imports the engine from the compiled build: where its core module is found (through
    the same finders an import goes through), an extension or its source."""
    found = importlib.util.find_spec("tcforge.engine.core")
    return found is not None and found.origin is not None and not found.origin.endswith(".py")


def clean(package: Path = PACKAGE) -> int:
    """Remove a build: its extensions, its manifest (a folder in its place too) and the hashes kept of its files.
    Returns how many went."""
    gone = 0
    for path in [*extensions(package), package / MANIFEST.name, package / (MANIFEST.name + ".tmp"), package / HASHES]:
        if path.is_dir() and not path.is_symlink():
            shutil.rmtree(path)
            gone += 1
        elif os.path.lexists(path):
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
    """The manifest: the Python and mypy the build was made with, the SHA-256 of each source it was made from, the
    size and SHA-256 of each file it made (checked as tcforge is imported: :func:`problem`) and whether it passed its
    own check."""
    files: dict[str, dict[str, object]] = {}
    for path in built().values():
        if not path.is_file():
            raise RuntimeError(f"the compile made no {_shown(path, PACKAGE)}")
        files[_shown(path, PACKAGE)] = {"size": path.stat().st_size, "sha256": digest(path)}
    manifest = {"python": sys.implementation.cache_tag, "mypy": _mypy_version(), "modules": sources, "files": files,
                "checked": checked}
    temporary = MANIFEST.with_name(MANIFEST.name + ".tmp")  # whole or not at all: a torn one would be told as such
    temporary.write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    os.replace(temporary, MANIFEST)


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
    """``python -c 'import sys, tcforge.compiled as c; sys.exit(c.main(sys.argv[1:]))' build|ensure|clean|state``:
    the Makefile's entry (not ``-m``, which would run this module a second time beside the one tcforge imported).
    ``ensure`` builds again a build that was made but does not run here (damaged, unchecked, for another Python): the
    Makefile's stamp, newer than every source, would not."""
    command = argv[0] if argv else "state"
    jobs = int(os.environ.get("TCFORGE_BUILD_JOBS", "2"))
    if command == "build":
        print(build(jobs))
        return 0
    if command == "ensure":
        why = problem()
        if why is not None and why != NO_BUILD:
            print(f"tcforge: {why}; building it again", file=sys.stderr)
            print(build(jobs))
        return 0
    if command == "clean":
        print(f"removed {clean()} file(s) of the compiled build")
        return 0
    if command == "state":
        print(state())
        return 0
    print("usage: main(['build' | 'ensure' | 'clean' | 'state'])", file=sys.stderr)
    return 2
