"""The build step pyproject.toml cannot state: the files tcforge reads at run time go inside the wheel.

data/, schemas/, templates/ and fonts/ stay at the repository's top level, where the layout keeps them;
building a wheel copies them into the package as tcforge/_bundle/, where tcforge.paths finds them with
importlib.resources. The tests stay out: the build writes the index of their names and docstrings that
rule coverage reads instead (tcforge/_bundle/tests-index.json). An editable install (make install)
copies nothing: the checkout reads its own top-level folders.
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
testnames = _load("_tcforge_testnames", HERE / "tcforge" / "testnames.py")


class BuildWithBundle(build_py):
    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return
        bundle = Path(self.build_lib) / "tcforge" / paths.BUNDLE
        for folder in (*paths.BUNDLED, "tests"):
            if not (HERE / folder).is_dir():
                raise SystemExit(f"setup.py: {HERE / folder} is missing: build from a full checkout or its sdist")
        for folder in paths.BUNDLED:
            self.copy_tree(str(HERE / folder), str(bundle / folder))
        count = testnames.write_index(HERE / "tests", bundle / paths.TESTS_INDEX)
        self.announce(f"indexed {count} test(s) for rule coverage", level=2)


setup(cmdclass={"build_py": BuildWithBundle})
