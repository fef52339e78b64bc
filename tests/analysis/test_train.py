"""Training a commander (issue 34): the optimiser's space, the paired check, and a training that resumes from its
journal without a game."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from tcforge.agents.commander import SPACE, Doctrine
from tcforge.analysis.train import decode, document, encode, paired_gain, train


def test_a_doctrine_survives_the_optimisers_scale() -> None:
    doctrine = Doctrine(assault=1.5, window=3, stage=1, push=2, fire=0.6, move=2.0, march=1, rear=4, smoke=1.25, spread=0.5)
    assert decode(encode(doctrine)) == doctrine
    assert all(0.0 <= x <= 1.0 for x in encode(Doctrine()))
    # outside the box it is clipped to the knobs' ranges, and whole knobs are rounded
    far = decode([2.0] * len(SPACE))
    assert far.window == SPACE["window"].high and far.assault == SPACE["assault"].high
    assert isinstance(decode([0.51] * len(SPACE)).window, int)


def test_the_paired_gain_is_the_mean_difference_with_its_interval() -> None:
    gain, (low, high) = paired_gain([1, 1, 1, 0, 1, 1, 0, 1], [0, 1, 0, 0, 1, 0, 0, 1])
    assert gain == pytest.approx(3 / 8)
    assert low < gain < high
    same, interval = paired_gain([1, 0, 1, 0], [1, 0, 1, 0])
    assert same == 0 and interval == (0.0, 0.0)


@pytest.mark.slow
def test_a_training_resumes_from_its_journal_and_writes_its_players(tmp_path: Path) -> None:
    settings = dict(rounds=2, generations=1, population=2, games=2, check=10, seed=3, jobs=1, keep=tmp_path / "keep")
    first = train("tank-action", ["german", "soviet"], **settings)  # type: ignore[arg-type]
    assert (tmp_path / "keep" / "journal.jsonl").exists()
    again = train("tank-action", ["german", "soviet"], **settings)  # type: ignore[arg-type]
    assert first.played > 0 and again.played == 0  # every evaluation came back from the journal
    assert [r.to_json() for r in again.rounds] == [r.to_json() for r in first.rounds]
    assert again.final is not None and first.final is not None and again.final.points == first.final.points
    doc = document(first, "tcforge scenario train tank-action --seed 3", "2026-11-26")
    assert set(doc["sides"]) == {"german", "soviet"}
    assert doc["training"]["rounds"][0]["side"] in {"german", "soviet"}
    assert yaml.safe_load(yaml.safe_dump(doc)) == doc


def test_the_recorded_command_keeps_only_what_decides_the_result() -> None:
    # the players' file must make the same file again on any machine: where it goes and how fast are left out
    from tcforge.cli.scenario import _deciding
    given = ["scenario", "train", "kursk", "--out", "/home/me/p.yaml", "--keep=/tmp/j", "--jobs", "2", "--no-progress",
             "--seed", "3", "-o", "x.yaml", "--scheduler", "tcp://h:8786", "--games", "48"]
    assert _deciding(given) == ["scenario", "train", "kursk", "--seed", "3", "--games", "48"]


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self").is_dir(), reason="needs Linux's /proc")
def test_train_refuses_an_output_folder_it_cannot_make_before_any_game(tmp_path: Path) -> None:
    import subprocess
    import sys
    # /proc takes no new folder, even from root, though it looks like a folder one may write in: before the folders
    # were made first, the training ran its games and failed only when it wrote the file
    result = subprocess.run([sys.executable, "-m", "tcforge", "scenario", "train", "tank-action", "--out",
                             "/proc/tcforge-no-such/x.yaml", "--keep", str(tmp_path / "keep"), "--no-progress"],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    last = result.stderr.strip().splitlines()[-1]
    # one line naming the file that cannot be written and why (the output check shared with balance, sweep and tune)
    assert last.startswith("tcforge: cannot write /proc/tcforge-no-such/x.yaml: nothing can be written in /proc"), last
    assert "round 1" not in result.stderr  # refused before any game
    assert not (tmp_path / "keep" / "journal.jsonl").exists()
