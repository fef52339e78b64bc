"""16.0 and the engine's cap: a scenario with no turn limit says how its game ends ('ends'), and the engine obeys it."""
from __future__ import annotations

import json
from pathlib import Path

from conftest import ROOT
from tcforge.play.games import play_game
from tcforge.play.hooks import make_game
from tcforge.scenarios.check import check_file
from tcforge.scenarios.loading import load

KURSK = ROOT / "data" / "scenarios" / "kursk.yaml"


def test_16_0_ends_beside_a_turn_limit_is_a_finding(tmp_path: Path) -> None:
    both = tmp_path / "kursk.yaml"
    both.write_text(KURSK.read_text(encoding="utf-8").replace("turn_limit: null", "turn_limit: 12"), encoding="utf-8")
    assert [f.code for f in check_file(both).findings if f.code == "game-end"] == ["game-end"]


def test_16_0_every_bundled_scenario_without_a_turn_limit_says_how_it_ends() -> None:
    for path in sorted((ROOT / "data" / "scenarios").glob("*.yaml")):
        sc = load(path)
        assert (sc.turn_limit is None) == (sc.ends is not None), sc.id
        if sc.ends is not None:
            assert sc.ends.text.en and sc.ends.text.fr and sc.ends.cap >= 1


def test_16_0_the_engine_stops_an_undecided_game_at_the_cap_ends_states(tmp_path: Path) -> None:
    short = tmp_path / "kursk.yaml"
    short.write_text(KURSK.read_text(encoding="utf-8").replace("  cap: 20\n", "  cap: 3\n"), encoding="utf-8")
    sc = load(short)
    assert make_game(sc).ending.cap == 3
    _, result = play_game(sc, 1, ("greedy", "greedy"), record=False)
    assert result.condition == "cap" and result.turns == 3 and result.winner is None


def test_16_0_show_tells_how_the_game_ends(cli) -> None:
    code, out, _ = cli("scenario", "show", "kursk")
    assert code == 0 and "Ends: The battle goes on until a side meets one of its victory conditions. " \
                          "(undecided after turn 20: a draw)" in out
    code, out, _ = cli("scenario", "show", "kursk", "--format", "json")
    assert json.loads(out)["ends"]["cap"] == 20
