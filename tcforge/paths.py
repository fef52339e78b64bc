"""Where tcforge's own files are: the data, schemas, templates and fonts it reads at run time.

This module is the one place that knows. An installed wheel carries them inside the package, in
``tcforge/_bundle/`` (the build maps them there from the repository's top level, see setup.py), and
finds them with :mod:`importlib.resources`. A checkout (``make install``, an editable install) reads
them at the repository's top level, where the layout keeps them. ``TCFORGE_HOME`` points tcforge at
another checkout.

Nothing here reads ``tests/``: the package never does (rule coverage, which reads them, is a developer's
tool of the checkout: tools/coverage.py).
"""
from __future__ import annotations

import errno
import os
from importlib import resources
from pathlib import Path

BUNDLE = "_bundle"  # the folder inside the package where the build puts data/, schemas/, templates/, fonts/
BUNDLED = ("data", "schemas", "templates", "fonts")
DATA_ENV = "TCFORGE_DATA"  # a designer's own data folders, layered over the bundled data


class MissingFilesError(RuntimeError):
    """tcforge's own files are not where they should be: the message says where it looked and what to do."""


def package_dir() -> Path:
    """The ``tcforge`` package's folder."""
    return Path(__file__).resolve().parent


def _bundle() -> Path | None:
    """The folder of bundled files in an installed wheel, or None in a checkout."""
    root = resources.files("tcforge").joinpath(BUNDLE)
    return Path(str(root)) if isinstance(root, Path) and root.is_dir() else None


def checkout_root() -> Path | None:
    """The repository tcforge runs from (``TCFORGE_HOME``, or the folder above the package), or None when installed."""
    env = os.environ.get("TCFORGE_HOME")
    if env:
        return Path(env).resolve()
    if _bundle() is not None:
        return None
    root = package_dir().parent
    return root if (root / "data").is_dir() and (root / "schemas").is_dir() else None


def project_root() -> Path:
    """Where data/, schemas/, templates/ and fonts/ are: the checkout, or the installed bundle."""
    root = checkout_root() or _bundle()
    if root is None:
        raise MissingFilesError(f"tcforge's data, schemas and templates are neither in {package_dir() / BUNDLE} nor beside "
                                f"the package in {package_dir().parent}: reinstall tcforge from its wheel, or set "
                                "TCFORGE_HOME to a checkout of the repository")
    return root


def data_dir() -> Path:
    return project_root() / "data"


def schemas_dir() -> Path:
    return project_root() / "schemas"


def templates_dir() -> Path:
    return project_root() / "templates"


def fonts_dir() -> Path:
    """The DejaVu faces tcforge bundles, with their licence (fonts/LICENSE)."""
    return project_root() / "fonts"


def user_data_dirs() -> list[Path]:
    """A designer's own folders of cards, errata, rulesets and scenarios (``tcforge --data DIR``, or ``TCFORGE_DATA``,
    folders separated by ``os.pathsep``), layered over the bundled data: theirs are added to it, never replace it."""
    raw = os.environ.get(DATA_ENV, "")
    return [resolved(Path(part).expanduser()) for part in raw.split(os.pathsep) if part.strip()]


def use_data_dirs(folders: list[Path]) -> None:
    """Layer ``folders`` over the bundled data for this process and the worker processes it starts."""
    os.environ[DATA_ENV] = os.pathsep.join(str(resolved(Path(f).expanduser())) for f in folders)


def resolved(path: Path) -> Path:
    """``path`` made absolute with its links resolved; a symbolic link loop (which Python 3.11's ``resolve`` raises
    RuntimeError for) or a link to nothing is kept as named, absolute, so that the loader can say what it is."""
    try:
        whole = path.resolve()
    except (OSError, RuntimeError):
        return Path(os.path.abspath(path))
    if path.is_symlink() and not whole.exists():  # a link to nothing is shown as itself, not as the missing target
        return Path(os.path.abspath(path))
    return whole


def not_found(path: Path) -> str:
    """Why ``path``, which does not exist, cannot be read: a symbolic link loop, a link to nothing, or nothing there."""
    if not path.is_symlink():
        return "no such file or folder"
    try:
        path.stat()
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            return "a symbolic link loop: it leads back round to itself"
    return f"a symbolic link to {os.readlink(path)}, which does not exist"


def display_path(path: Path) -> str:
    """A path as users should see it: relative to the working directory when possible."""
    whole = resolved(path)
    try:
        return str(whole.relative_to(Path.cwd().resolve()))
    except ValueError:
        pass
    bundle = _bundle()
    if bundle is not None and whole.is_relative_to(bundle):  # an installed copy's own file: where it is in the repository
        return f"(bundled) {whole.relative_to(bundle)}"
    return str(path)
