"""The build step pyproject.toml cannot state: the files tcforge reads at run time go inside the wheel.

data/, schemas/, templates/ and fonts/ stay at the repository's top level, where the layout keeps them;
building a wheel copies them into the package as tcforge/_bundle/, where tcforge.paths finds them with
importlib.resources. The tests and the developer's tools that read them (rule coverage: tools/coverage.py,
`make coverage`) stay out. An editable install (make install) copies nothing: the checkout reads its own
top-level folders.
"""
from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent


def _load(name: str, path: Path) -> ModuleType:
    """A module of tcforge loaded from its file, without importing tcforge (whose dependencies may be absent)."""
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


paths = _load("_tcforge_paths", HERE / "tcforge" / "paths.py")


class BuildWithBundle(build_py):
    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return
        bundle = Path(self.build_lib) / "tcforge" / paths.BUNDLE
        for folder in paths.BUNDLED:
            if not (HERE / folder).is_dir():
                raise SystemExit(f"setup.py: {HERE / folder} is missing: build from a full checkout or its sdist")
        for folder in paths.BUNDLED:
            self.copy_tree(str(HERE / folder), str(bundle / folder))


setup(cmdclass={"build_py": BuildWithBundle})
