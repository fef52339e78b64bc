"""Issue 20 item 1: the wheel works outside the checkout.

The wheel is built from a copy of the sources, installed into a fresh virtual environment and run from an
empty temporary folder, as a new user would: validate, scenario check, scenario play and a print. Offline:
the wheel is installed without its dependencies, which the new environment takes from the project's own
virtual environment (a path file), never from a package index.
"""
from __future__ import annotations

import json
import os
import shutil
import site
import subprocess
import sys
import venv
from pathlib import Path

import pytest

from conftest import ROOT
from tcforge.paths import BUNDLE, BUNDLED

pytestmark = pytest.mark.slow  # every test builds, installs or runs the wheel in other processes

SOURCES = ("tcforge", *BUNDLED, "tests", "setup.py", "pyproject.toml", "MANIFEST.in", "README.md")


class Installed:
    """The installed wheel's ``tcforge`` command, run from an empty folder with none of the checkout's settings."""

    def __init__(self, env_dir: Path, work: Path, wheel: Path):
        self.bin = env_dir / "bin"
        self.work = work
        self.wheel = wheel
        self.env = {k: v for k, v in os.environ.items() if not k.startswith("TCFORGE_")}
        self.env["TCFORGE_CONFIG_DIR"] = str(work / ".config")

    def run(self, *args: str, cwd: Path | None = None, extra_env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
        return subprocess.run([str(self.bin / "tcforge"), *args], cwd=cwd or self.work, env={**self.env, **(extra_env or {})},
                              capture_output=True, text=True, timeout=120)

    def python(self, code: str) -> str:
        done = subprocess.run([str(self.bin / "python"), "-c", code], cwd=self.work, env=self.env,
                              capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, done.stderr
        return done.stdout.strip()


def _copy_sources(target: Path) -> None:
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info", "*.so", "_compiled.json")  # no compiled build
    for name in SOURCES:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, target / name, ignore=ignore)
        else:
            shutil.copy2(source, target / name)


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Installed:
    base = tmp_path_factory.mktemp("wheel")
    src, dist, env_dir, work = base / "src", base / "dist", base / "env", base / "work"
    _copy_sources(src)  # a copy: the build's own build/ folder never lingers in the checkout
    build = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--no-index",
                            "-v", "-w", str(dist), str(src)], capture_output=True, text=True, timeout=300)
    assert build.returncode == 0, build.stdout + build.stderr
    (base / "build.log").write_text(build.stdout + build.stderr, encoding="utf-8")
    wheel = next(dist.glob("tcforge-*.whl"))
    venv.EnvBuilder(with_pip=False).create(env_dir)
    env_site = next((env_dir / "lib").glob("python3*/site-packages"))
    (env_site / "project-dependencies.pth").write_text(site.getsitepackages()[0] + "\n", encoding="utf-8")
    install = subprocess.run([sys.executable, "-m", "pip", "--python", str(env_dir / "bin" / "python"), "install",
                              "--no-deps", "--no-index", "--quiet", str(wheel)], capture_output=True, text=True, timeout=300)
    assert install.returncode == 0, install.stdout + install.stderr
    work.mkdir()
    return Installed(env_dir, work, wheel)


# setuptools' own notes on how pip drives it, not about the project
NOT_OURS = ("byte-compiling is disabled", "Location 'file:")


def test_the_build_of_a_fresh_copy_prints_no_warning_of_the_projects_own(installed: Installed) -> None:
    # issue 49: the license written as a table (deprecated) and MANIFEST.in excludes that match nothing in a fresh
    # clone (no __pycache__, no compiled build yet) each printed a warning at every install
    log = (installed.wheel.parent.parent / "build.log").read_text(encoding="utf-8")
    warnings = [line.strip() for line in log.splitlines()
                if ("warning" in line.lower() or "deprecat" in line.lower()) and not any(n in line for n in NOT_OURS)]
    assert not warnings, "\n".join(warnings)


def test_the_installed_copy_reads_its_own_bundle_not_the_checkout(installed: Installed) -> None:
    where = json.loads(installed.python("import json, tcforge.paths as p; print(json.dumps([str(p.project_root()), "
                                        "str(p.checkout_root())]))"))
    root, checkout = where
    assert Path(root).name == BUNDLE and str(installed.bin.parent) in root
    assert checkout == "None"
    assert str(ROOT) not in root


def test_the_wheel_carries_data_schemas_templates_fonts_and_no_tests(installed: Installed) -> None:
    import zipfile
    names = zipfile.ZipFile(installed.wheel).namelist()
    for folder in BUNDLED:
        assert any(n.startswith(f"tcforge/{BUNDLE}/{folder}/") for n in names), folder
    assert f"tcforge/{BUNDLE}/fonts/LICENSE" in names
    assert f"tcforge/{BUNDLE}/data/scenarios/hill-621.yaml" in names
    assert not any("/tests/" in n or n.startswith("tests/") for n in names)
    # nor the developer's rule-coverage tool and what it reads (tools/coverage.py, `make coverage`)
    assert not [n for n in names if n.startswith("tools/") or n.endswith(("tests-index.json", "/testnames.py", "/coverage.py"))]
    assert "tcforge/engine/card_status.py" in names  # what `tcforge rules cards` lists stays


def test_validate_checks_the_bundled_data_from_another_folder(installed: Installed) -> None:
    done = installed.run("validate")
    assert done.returncode == 0, done.stderr
    files = int(done.stderr.split(" file(s)")[0])
    assert files > 20 and "valid" in done.stderr


def test_scenario_check_and_play_hill_621_from_another_folder(installed: Installed) -> None:
    check = installed.run("scenario", "check", "hill-621")
    assert check.returncode == 0, check.stdout + check.stderr
    play = installed.run("scenario", "play", "hill-621", "--seed", "1", "--quiet")
    assert play.returncode == 0, play.stderr
    assert "win" in (play.stdout + play.stderr).lower() or "draw" in (play.stdout + play.stderr).lower()


def test_print_a_scenario_sheet_with_the_bundled_fonts(installed: Installed) -> None:
    done = installed.run("print", "scenario", "hill-621", "--out", "sheet.pdf")
    assert done.returncode == 0, done.stderr
    pdf = (installed.work / "sheet.pdf").read_bytes()
    assert pdf.startswith(b"%PDF") and b"DejaVuSans" in pdf


def test_rule_coverage_says_in_one_line_to_run_it_in_a_checkout_and_rules_cards_still_lists(installed: Installed) -> None:
    done = installed.run("rules", "coverage", "--format", "json")
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.strip().splitlines() == [
        "tcforge: rule coverage reads the tests: run 'make coverage' in a checkout of tcforge (tools/coverage.py)"]
    cards = installed.run("rules", "cards", "--format", "json")
    assert cards.returncode == 0, cards.stderr
    assert len(json.loads(cards.stdout)) > 50


def readme_walkthrough() -> str:
    """The shell block of the designer's getting-started page, section "Your own cards and scenarios", as written."""
    text = (ROOT / "docs" / "getting-started" / "designer.md").read_text(encoding="utf-8")
    section = text.split("## Your own cards and scenarios", 1)[1].split("\n## ", 1)[0]
    return section.split("```sh\n", 1)[1].split("\n```", 1)[0]


def test_the_readme_walkthrough_runs_from_an_empty_folder_with_the_installed_wheel(installed: Installed) -> None:
    folder = installed.work / "walkthrough"
    folder.mkdir()
    env = {**installed.env, "PATH": f"{installed.bin}{os.pathsep}{installed.env.get('PATH', '')}"}
    done = subprocess.run(["bash", "-e", "-c", readme_walkthrough()], cwd=folder, env=env, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Club Panzer" in done.stdout and "2 file(s), 1 card(s): valid" in done.stderr
    assert (folder / "mydata" / "club-raid.yaml").is_file()
    for pdf in ("club-raid.pdf", "club-cards.pdf"):
        assert (folder / pdf).read_bytes().startswith(b"%PDF"), pdf


def test_scenario_new_writes_to_the_working_folder_never_into_the_installed_package(installed: Installed) -> None:
    done = installed.run("scenario", "new", "my-battle")
    assert done.returncode == 0, done.stderr
    assert (installed.work / "my-battle.yaml").is_file()
    bundle = Path(installed.python("import tcforge.paths as p; print(p.data_dir())"))
    assert not (bundle / "scenarios" / "my-battle.yaml").exists()
