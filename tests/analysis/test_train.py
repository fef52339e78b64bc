"""Training a commander (issue 34): the optimiser's space, the paired check, and a training that resumes from its
journal without a game."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from conftest import ROOT
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
    assert "strongest" not in doc and all("strongest" not in entry for entry in doc["sides"].values())
    named = document(first, "tcforge scenario train tank-action --seed 3", "2026-11-26", "commander:push=3",
                     {"soviet": "look:6:k=3,endgame=3,late=3"})
    assert named["strongest"] == "commander:push=3" and named["sides"]["soviet"]["strongest"].startswith("look:6")
    assert "strongest" not in named["sides"]["german"]
    import jsonschema
    schema = json.loads((ROOT / "schemas" / "player.schema.json").read_text(encoding="utf-8"))
    jsonschema.validate(named, schema)  # the per-side strongest is a field the schema knows


def test_train_strongest_takes_a_spec_for_the_file_and_side_spec_for_one_side(capsys: pytest.CaptureFixture[str]) -> None:
    """--strongest SPEC names best's player for the scenario, --strongest SIDE=SPEC a side's own; a spec's own options
    hold '=' too, so SIDE= is read only for one of the scenario's side ids."""
    import typer

    from tcforge.cli.measure import _strongest
    sides = ["german", "soviet"]
    assert _strongest([], sides) == (None, {})
    spec = "look:6:endgame=3,k=3,late=3"  # as logs record it (canonical: the options in order)
    assert _strongest(["look:6:k=3,endgame=3,late=3"], sides) == (spec, {})
    assert _strongest(["soviet=look:6:k=3,endgame=3,late=3", "commander"], sides) == ("commander", {"soviet": spec})
    for bad, said in ((["soviet=best"], "not best itself"), (["german=look:2:value=guess"], "value=guess"),
                      (["soviet=greedy", "soviet=commander"], "soviet named twice"),
                      (["americans=greedy"], "americans=greedy")):
        with pytest.raises(typer.Exit) as stopped:
            _strongest(bad, sides)
        err = capsys.readouterr().err
        assert stopped.value.exit_code == 2 and said in err and len(err.strip().splitlines()) == 1, (bad, err)


def test_the_recorded_command_keeps_only_what_decides_the_result() -> None:
    # the players' file must make the same file again on any machine: where it goes and how fast are left out
    from tcforge.cli.measure import _deciding
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
