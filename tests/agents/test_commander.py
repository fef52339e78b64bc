"""The commander (issue 34): greedy's tactics under a doctrine. Its default doctrine plays greedy's game; each knob
closes or opens what its text says, and a doctrine is checked against its ranges."""
from __future__ import annotations

import pytest

from enginekit import make, pos, uid
from tcforge.agents import SpecError
from tcforge.agents import make as make_agent
from tcforge.agents.commander import SPACE, Doctrine, _Turn
from tcforge.agents.greedy import open_goals
from tcforge.play.games import play_game
from tcforge.scenarios.loading import load


@pytest.mark.parametrize(("scenario", "seed"), [("kursk", 3), ("hill-621", 5)])
def test_the_default_doctrine_plays_greedys_game_choice_for_choice(scenario: str, seed: int) -> None:
    sc = load(scenario)
    greedy_log = play_game(sc, seed, ("greedy", "greedy"))[0].log
    commander_log = play_game(sc, seed, ("commander", "commander"))[0].log
    assert [list(line.action) for line in commander_log] == [list(line.action) for line in greedy_log]


def test_another_doctrine_plays_another_game() -> None:
    # the control of the test above: a doctrine away from greedy's changes Hill 621's game of seed 5
    sc = load("hill-621")
    greedy_log = play_game(sc, 5, ("greedy", "greedy"))[0].log
    other = play_game(sc, 5, ("greedy", "commander:march=1,assault=1.5"))[0].log
    assert [list(x.action) for x in other] != [list(x.action) for x in greedy_log]


def _gate(squads: int, assault: float) -> float:
    """The commander's liking of a Soviet squad's step from b4 into b3, where a German squad holds Woods (7.0 cover),
    with ``squads`` Soviet squads on b4 (the band that may go in with it)."""
    state = make({0: [("German Line Squad", "b3")], 1: [("Soviet Line Squad", "b4")] * squads}, terrain={"b3": "Woods"})
    unit = state.units[uid(state, "Soviet Line Squad")]
    return _Turn(Doctrine(assault=assault), 1).step(state, unit, pos(state, "b4"), pos(state, "b3"), open_goals(state, 1))


def test_10_0_the_assault_gate_keeps_a_lone_squad_out_of_an_enemy_position_in_cover() -> None:
    assert _gate(1, 0.0) > 0  # greedy's doctrine: the step is taken
    assert _gate(1, 1.5) == 0  # 12 points against 12 x 1.5 in Woods: the gate is shut
    assert _gate(3, 1.5) > 0  # three squads go in together: 36 against 18, open


def test_20_0_the_goal_window_holds_cards_off_the_goals_until_the_last_turns() -> None:
    # a game decided at the end of turn 16 (20.0): with window 3, a card steps onto a goal only from turn 14
    def liking(turn: int) -> float:
        state = make({0: [("German Line Squad", "e4")], 1: [("Soviet Line Squad", "b2")]}, turn_limit=16,
                     overrides={"victory.check": "given_turn"})
        state.turn = turn
        unit = state.units[uid(state, "Soviet Line Squad")]
        return _Turn(Doctrine(window=3), 1).step(state, unit, pos(state, "b2"), pos(state, "b1"), open_goals(state, 1))
    assert liking(5) == 0
    assert liking(14) > 0


def test_a_doctrine_is_checked_against_its_ranges() -> None:
    with pytest.raises(SpecError, match="unknown knob 'bogus'"):
        Doctrine.from_mapping({"bogus": 1})
    with pytest.raises(SpecError, match="assault is a number from 0 to 3"):
        Doctrine.from_mapping({"assault": "9"})
    with pytest.raises(SpecError, match="window is a whole number from 1 to 16"):
        Doctrine.from_mapping({"window": "2.5"})
    with pytest.raises(SpecError, match="not a number"):
        make_agent("commander:fire=lots")
    with pytest.raises(SpecError, match="no budget"):
        make_agent("commander:16")


def test_a_doctrine_writes_the_spec_that_builds_it_again() -> None:
    doctrine = Doctrine(assault=1.5, window=3, march=1)
    assert doctrine.spec() == "commander:assault=1.5,march=1,window=3"
    assert Doctrine().spec() == "commander"
    assert make_agent(doctrine.spec()).doctrine == doctrine  # type: ignore[attr-defined]
    assert set(Doctrine().to_mapping()) == set(SPACE)
    assert all(Doctrine().to_mapping()[k] == knob.greedy for k, knob in SPACE.items())
