"""Puzzles (tcforge/analysis/puzzles.py, data/puzzles/): each bundled puzzle builds its position exactly, a player
that does the wrong thing fails it, and a hostile puzzle file is one ``file:line:col`` line from ``tcforge
validate`` and from ``tcforge scenario puzzles``, exit 1, never a traceback."""
from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from conftest import ROOT
from tcforge.agents import make
from tcforge.analysis.puzzles import PREDICATES, Trace, build, load_puzzle, load_puzzles, run_puzzle
from tcforge.engine.actions import End, Step
from tcforge.engine.state import Action, GameState

BUNDLED = ROOT / "data" / "puzzles"
CORPUS = ROOT / "tests" / "data" / "puzzles"
LINE = re.compile(r"^(?P<file>[^:]+):(?P<line>\d+):(?P<col>\d+): \S")


def _puzzle(name: str):
    return load_puzzle(BUNDLED / f"{name}.yaml")


def _cards(state: GameState, built, at: str, side: str) -> list[str]:
    return [state.units[u].profile.name for u in state.occ[built.labels[at]][built.sides.index(side)]]


def _ender(state: GameState, rng: random.Random) -> Action:
    """The wrong player: ends its play at once, and otherwise takes the first legal action (the first card to lose)."""
    actions = state.legal_actions()
    return End() if End() in actions else actions[0]


def test_the_suite_has_five_puzzles_each_naming_its_rule_and_a_known_test() -> None:
    puzzles = load_puzzles()
    assert len(puzzles) >= 5
    for puzzle in puzzles:
        assert puzzle.rule and puzzle.success["test"] in PREDICATES and puzzle.tries >= 8


@pytest.mark.parametrize("name", sorted(p.stem for p in BUNDLED.glob("*.yaml")))
def test_each_puzzle_builds_its_position_exactly(name: str) -> None:
    puzzle = _puzzle(name)
    one, two = build(puzzle), build(puzzle)  # build() itself raises when a stated fact does not hold
    assert (one.state.turn, one.sides[one.state.active]) == (puzzle.turn, puzzle.side)
    assert one.state.current_player() == one.sides.index(puzzle.side)
    assert [(u.uid, u.pos, u.profile.card_id) for u in one.state.units] == \
        [(u.uid, u.pos, u.profile.card_id) for u in two.state.units]  # the same position every time
    for fact in puzzle.facts:
        assert len(_cards(one.state, one, fact["at"], fact["side"])) == fact["cards"]


def test_final_hold_position_the_hill_short_of_one_position_in_the_last_turn() -> None:
    built = build(_puzzle("hill-621-final-hold"))
    assert _cards(built.state, built, "G3-4", "german") == ["SPW 250"]
    assert sorted(_cards(built.state, built, "G4-4", "soviet")) == ["SU-152", "T-34 M43"]
    assert built.state.turn == built.state.game.turn_limit == 16


def test_overstack_position_is_over_the_limits_as_the_reinforcements_arrive() -> None:
    from tcforge.engine.movement import over_limit
    built = build(_puzzle("hill-621-overstack"))
    over = {built.state.game.board.label(built.state.units[u].pos) for u in over_limit(built.state, 1)}
    assert over == {"G7-4", "G7-5"}
    assert built.state.arrivals  # 20.0 rule 5: the group came in this turn


def test_wait_for_tanks_position_entrenched_woods_and_tanks_next_turn() -> None:
    built = build(_puzzle("hill-621-wait-for-tanks"))
    for at in ("G4-2", "G4-3", "G4-5"):
        assert built.state.forts[built.labels[at]] is not None  # 11.0 Foxholes
    assert built.state.turn == 4  # soviet-1 arrives on turn 5 (20.0)


def test_too_early_position_the_germans_on_the_hill_and_a_squad_beside_it() -> None:
    built = build(_puzzle("hill-621-too-early"))
    assert all(_cards(built.state, built, at, "german") for at in ("G3-2", "G3-3", "G3-4"))
    assert built.state.turn == 6


def test_a_player_that_ends_its_turn_at_once_loses_cards_to_overstacking_and_does_not_take_the_hill() -> None:
    for name in ("hill-621-overstack", "hill-621-final-hold"):
        assert not run_puzzle(_puzzle(name), _ender, 0), name


@pytest.mark.parametrize("name", ["hill-621-too-early", "hill-621-wait-for-tanks"])
def test_a_player_that_ends_its_turn_at_once_keeps_out_where_greedy_steps_in(name: str) -> None:
    puzzle = _puzzle(name)
    built = build(puzzle)
    assert run_puzzle(puzzle, _ender, 0, built)
    assert not run_puzzle(puzzle, make("greedy"), 0, built)


def test_smoke_screen_greedy_crosses_unscreened_and_the_commander_with_smoke_screens_first() -> None:
    puzzle = _puzzle("hill-621-smoke-screen")
    built = build(puzzle)
    assert not run_puzzle(puzzle, make("greedy"), 0, built)
    assert run_puzzle(puzzle, make("commander:smoke=3"), 0, built)
    assert not run_puzzle(puzzle, _ender, 0, built)  # staying put is no answer: the squads must cross


def test_not_entered_fails_a_lone_squad_stepping_in_and_smoke_before_fails_an_unscreened_crossing() -> None:
    built = build(_puzzle("hill-621-wait-for-tanks"))
    start = built.state
    woods, side = built.labels["G4-3"], built.sides.index("soviet")
    lone = tuple((1, 1) if p == woods else (0, 0) for p in range(start.game.board.size))
    trace = Trace(start, start, actions=[(side, Step(woods))], occupancy=[lone], smoke=[False])
    assert not PREDICATES["not_entered"](trace, positions=[woods], side=side, alone=True)
    assert not PREDICATES["smoke_before"](trace, positions=[woods], side=side)
    screened = Trace(start, start, actions=[(side, Step(woods))], occupancy=[lone], smoke=[True])
    assert PREDICATES["smoke_before"](screened, positions=[woods], side=side, cross=True)
    assert not PREDICATES["smoke_before"](Trace(start, start), positions=[woods], side=side, cross=True)


def _hostile(tmp_path: Path) -> dict[str, Path]:
    cases = {p.name: p / "puzzles" for p in sorted(CORPUS.iterdir()) if p.is_dir()}
    huge = tmp_path / "huge" / "puzzles"
    huge.mkdir(parents=True)
    (huge / "huge.yaml").write_text("puzzle: huge\ntitle: \"" + "x" * (1 << 20) + "\"\n")
    cases["huge"] = huge
    return cases


@pytest.mark.parametrize("case", ["malformed", "unknown-test", "bad-scenario", "control-character", "huge"])
def test_a_hostile_puzzle_file_is_one_line_from_validate_and_from_the_command(cli, tmp_path: Path, case: str) -> None:
    folder = _hostile(tmp_path)[case]
    for args in (("validate", str(folder)), ("scenario", "puzzles", "--puzzles", str(folder))):
        code, out, err = cli(*args)
        rows = [r for r in (out + err).splitlines() if LINE.match(r)]
        assert code == 1, (args, out, err)
        assert len(rows) == 1, (args, out, err)
        assert "Traceback" not in out + err


def test_the_command_scores_a_player_per_puzzle_and_in_total(cli) -> None:
    code, out, err = cli("scenario", "puzzles", "--agent", "random", "--format", "json")
    assert code == 0, err
    import json
    [row] = json.loads(out)
    assert row["agent"] == "random" and row["tries"] == sum(p["tries"] for p in row["puzzles"].values())


def _scripted(*raw: list[object]):
    """The right player: takes the scripted actions in order as each becomes legal, then ends its play."""
    from tcforge.engine.actions import action_from_json
    script = [action_from_json(list(a)) for a in raw]

    def policy(state: GameState, rng: random.Random) -> Action:
        actions = state.legal_actions()
        while policy.next < len(script) and script[policy.next] in actions:  # type: ignore[attr-defined]
            policy.next += 1  # type: ignore[attr-defined]
            return script[policy.next - 1]
        return End() if End() in actions else actions[0]
    policy.next = 0  # type: ignore[attr-defined]
    return policy


# Puzzles where inaction fails: a player that ends its turn at once scores 0, the scripted right play passes.
ACTIVE = {
    "hill-621-empty-hilltop": [["move", 2], ["pick", 37], ["step", 7]],  # the T-34 M43 from G2-3 onto G3-2
    "kursk-breakthrough": [["move", 6], ["pick", 50], ["step", 1], ["step", 2]],  # SU-76 M: G3-2, G2-2, G2-3
    "kursk-tiger-shot": [["fire", 8], ["shoot", 13, 46, "at"], ["done"]],  # the Tiger on G3-4 at the SU-122
}


@pytest.mark.parametrize("name", sorted(ACTIVE))
def test_doing_nothing_fails_and_the_right_play_passes(name: str) -> None:
    puzzle = _puzzle(name)
    built = build(puzzle)
    for seed in range(3):
        assert not run_puzzle(puzzle, _ender, seed, built), (name, seed)
        assert run_puzzle(puzzle, _scripted(*ACTIVE[name]), seed, built), (name, seed)


def test_empty_hilltop_position_two_hill_positions_held_and_the_third_empty_in_the_last_turn() -> None:
    built = build(_puzzle("hill-621-empty-hilltop"))
    soviet = built.sides.index("soviet")
    assert [built.state.controls(built.labels[at], soviet) for at in ("G3-2", "G3-3", "G3-4")] == [False, True, True]
    assert _cards(built.state, built, "G2-3", "soviet") == ["T-34 M43"]
    assert built.state.turn == built.state.game.turn_limit == 16


def test_breakthrough_position_two_rear_positions_held_and_the_third_empty() -> None:
    built = build(_puzzle("kursk-breakthrough"))
    soviet = built.sides.index("soviet")
    assert [built.state.controls(built.labels[at], soviet) for at in ("G2-1", "G2-2", "G2-3")] == [True, True, False]
    assert _cards(built.state, built, "G3-2", "soviet") == ["SU-76 M"]
    assert built.state.outcome is None


def test_tiger_shot_position_the_tiger_has_the_su122_in_range() -> None:
    from tcforge.engine import fire
    built = build(_puzzle("kursk-tiger-shot"))
    tiger, su122 = built.state.units[13], built.state.units[46]
    assert (tiger.profile.name, su122.profile.name) == ("PzKw VI E", "SU-122")
    assert (built.state.game.board.label(tiger.pos), built.state.game.board.label(su122.pos)) == ("G3-4", "G4-5")
    assert any(target == 46 for target, _, _ in fire.shots(built.state, tiger))


def test_fired_at_needs_a_shot_of_the_side_at_the_named_card_where_it_stood() -> None:
    from tcforge.engine.actions import Shoot
    built = build(_puzzle("kursk-tiger-shot"))
    start, at = built.state, [built.labels["G4-5"]]
    shot = Trace(start, start, actions=[(0, Shoot(13, 46, "at"))])
    assert PREDICATES["fired_at"](shot, side=0, card="SU-122", positions=at)
    assert not PREDICATES["fired_at"](shot, side=1, card="SU-122", positions=at)
    assert not PREDICATES["fired_at"](shot, side=0, card="SU-122", positions=[built.labels["G5-1"]])
    assert not PREDICATES["fired_at"](Trace(start, start), side=0, card="SU-122", positions=at)
