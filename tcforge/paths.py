"""Where the project's data, schemas and templates live.

tcforge is installed in editable mode from its repository (``make install``), so
the package sits next to ``data/``, ``schemas/`` and ``templates/``. Setting
``TCFORGE_HOME`` points tcforge at another checkout.
"""
from __future__ import annotations

import os
from pathlib import Path


def project_root() -> Path:
    env = os.environ.get("TCFORGE_HOME")
    if env:
        return Path(env).resolve()
    return Path(__file__).resolve().parent.parent


def data_dir() -> Path:
    return project_root() / "data"


def schemas_dir() -> Path:
    return project_root() / "schemas"


def display_path(path: Path) -> str:
    """A path as users should see it: relative to the working directory when possible."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)
