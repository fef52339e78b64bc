"""Before the first turn: initiative (4.0), terrain placement (6.1-6.1.2), and the scenarios' budgets and
victory counts (17.1-17.9), each against the figures of the rule book."""
from __future__ import annotations

from collections import Counter

from enginekit import make, roll
from tcforge.engine.board import RESERVE
from tcforge.engine.rules import Rules
from tcforge.engine.state import CHANCE, GameState
from tcforge.play.hooks import engine_pos, make_game
from tcforge.play.setup import RANDOM_TERRAIN, Setup, _terrain, setup
from tcforge.scenarios.loading import load
from tcforge.scenarios.scenario import Scenario
from tcforge.scenarios.victory import ControlPositions, ControlRank, Countdown, EliminateAll

# -- 4.0 initiative --------------------------------------------------------------------

def initiative(sid: str, *rolls: int) -> GameState:
    """A game of the scenario with no cards, its initiative decided by these rolls (side 0, side 1, ...)."""
    state = GameState.new(make_game(load(sid)), {}, initial_hand=0)
    roll(state, *rolls)
    return state


def test_4_0_highest_roll_takes_the_initiative() -> None:
    """Kursk decides it by the ruleset's roll: the higher number is the first player, for the whole game."""
    assert initiative("kursk", 7, 3).first == 0
    assert initiative("kursk", 2, 9).first == 1
    state = initiative("kursk", 10, 1)
    assert state.active == state.first == 0 and state.current_player() != CHANCE


def test_4_0_a_tie_is_rolled_again() -> None:
    state = GameState.new(make_game(load("kursk")), {}, initial_hand=0)
    roll(state, 5, 5)
    assert state.current_player() == CHANCE and state.phase == "initiative"  # the project's reading: roll again
    roll(state, 4, 8)
    assert state.first == 1 and state.initiative_rolls == [5, 5, 4, 8]


def test_4_0_scenario_initiative_modifier_is_added_to_the_roll() -> None:
    """17.4 gives the attacker +3: an attacker's 4 (7) beats a defender's 6, a 3 (6) ties and rolls again."""
    s = load("prepared-defense")
    attacker = list(s.grid.sides).index("attacker")
    rolls = (4, 6) if attacker == 0 else (6, 4)
    assert initiative("prepared-defense", *rolls).first == attacker
    state = GameState.new(make_game(s), {}, initial_hand=0)
    roll(state, *((3, 6) if attacker == 0 else (6, 3)))
    assert state.current_player() == CHANCE
    rolls = (2, 6) if attacker == 0 else (6, 2)  # 5 against 6: the defender
    assert initiative("prepared-defense", *rolls).first == 1 - attacker


def test_4_0_scenarios_where_the_low_roll_places_and_plays_first() -> None:
    """17.1-17.3 and 17.6: the low number places first and is the first player."""
    for sid in ("tank-action", "build-your-own-force", "meeting-engagement", "advanced-build-your-own-force"):
        assert initiative(sid, 3, 8).first == 0 and initiative(sid, 9, 1).first == 1, sid


def test_4_0_fixed_initiative_of_the_historical_scenarios() -> None:
    """17.7 German, 17.9 Soviet, 20.0 German: the scenario gives the first player, no roll."""
    for sid, first in (("eliminate-that-bridgehead", "german"), ("the-end-is-near", "soviet"), ("hill-621", "german")):
        s = load(sid)
        assert setup(s, 1).first_player == list(s.grid.sides).index(first), sid


# -- 6.1 terrain placement -------------------------------------------------------------

class _FixedOrder:
    """Stands for the set-up's random source: every shuffle leaves the list as it is (or reverses it)."""

    def __init__(self, reverse: bool = False):
        self.reverse = reverse

    def shuffle(self, items: list) -> None:
        if self.reverse:
            items.reverse()


def _deal(s: Scenario, rng) -> Setup:
    record = Setup(s.id, None, 0, sides=(s.grid.sides[0], s.grid.sides[1]))
    _terrain(s, Rules.from_params(s.params), rng, record)
    return record


def _by_side(s: Scenario, record: Setup) -> dict[str, list[str]]:
    names = {c.id: c.name for c in s.cards}
    return {side: [names[record.terrain[engine_pos(s, p)]] for p in s.grid.side_positions(side)
                   if engine_pos(s, p) in record.terrain] for side in s.grid.sides}


def test_6_1_1_random_terrain_deals_ten_cards_at_most_two_per_type() -> None:
    """Each side picks ten terrain cards, two of a type at most, adds ten dummies and deals twenty onto its ten
    positions: in the order left unshuffled the ten terrain cards come first and every position gets one."""
    s = load("kursk")
    dealt = _by_side(s, _deal(s, _FixedOrder()))
    for side in s.grid.sides:
        assert len(dealt[side]) == 10
        assert Counter(dealt[side]) == {"Woods": 2, "Hills": 2, "Village": 2, "Walls": 2, "Wheatfield": 2}


def test_6_1_1_the_dummies_are_dealt_too_and_stay_clear() -> None:
    """Reversed, the ten dummies come first: all ten positions stay Clear."""
    s = load("kursk")
    assert _deal(s, _FixedOrder(reverse=True)).terrain == {}


def test_6_1_1_random_terrain_over_many_deals() -> None:
    """Every deal: own positions only, one card a position, two of a type at most, ten at most a side;
    about half the positions get terrain (ten cards among twenty dealt onto ten positions)."""
    s = load("kursk")
    counts = []
    for seed in range(200):
        dealt = _by_side(s, setup(s, seed))
        assert sum(len(v) for v in dealt.values()) == len(setup(s, seed).terrain)  # nothing outside the sides' zones
        for names in dealt.values():
            assert set(names) <= set(RANDOM_TERRAIN) and max(Counter(names).values(), default=0) <= 2
            assert len(names) <= 10
            counts.append(len(names))
    assert 4.5 < sum(counts) / len(counts) < 5.5 and min(counts) < 5 < max(counts)


def test_6_1_2_chosen_terrain_goes_on_the_defenders_own_positions() -> None:
    """17.4: the defender lays his five free terrain cards, one a position, on his own side; the attacker none."""
    s = load("prepared-defense")
    defender = list(s.grid.sides).index("defender")
    own = {engine_pos(s, p) for p in s.grid.side_positions("defender")}
    names = {c.id: c.name for c in s.cards}
    for seed in range(20):
        record = setup(s, seed)
        assert set(record.terrain) <= own
        assert sorted(names[c] for c in record.terrain.values()) == ["Hills", "Village", "Wheatfield", "Woods"]
        assert [(side, names[card]) for side, pos, card in record.forts if pos in own] == [(defender, "Foxholes")]


def test_6_1_terrain_cards_in_hand_are_never_played_onto_the_board() -> None:
    """The set-up terrain stays as dealt: a Woods held in the hand cannot change a position later."""
    state = make({0: [("Woods", RESERVE), ("PzKw IV H", "c1")], 1: [("T-34 M41", "e4")]})
    woods = next(u.uid for u in state.units if u.profile.name == "Woods")
    assert not [a for a in state.legal_actions() if a[0] in ("play", "interrupt") and woods in a]


# -- 17.1-17.9: budgets and victory counts ---------------------------------------------

def budgets(s: Scenario) -> dict[str, int | None]:
    return {side.id: side.build.points if side.build else None for side in s.sides}


def test_17_1_tank_action_ten_cards_and_no_cards_left() -> None:
    s = load("tank-action")
    assert {side.id: side.build.max_cards for side in s.sides} == {"german": 10, "soviet": 10}
    assert budgets(s) == {"german": None, "soviet": None}
    assert [type(v) for v in s.victory] == [EliminateAll]


def test_17_2_two_hundred_points_and_three_rear_positions() -> None:
    s = load("build-your-own-force")
    assert budgets(s) == {"german": 200, "soviet": 200}
    [v] = s.victory
    assert isinstance(v, ControlRank) and (v.winner, v.rank, v.count) == ("either", 2, 3)


def test_17_3_three_hundred_points_and_three_rear_positions() -> None:
    s = load("meeting-engagement")
    assert budgets(s) == {"german": 300, "soviet": 300}
    [v] = s.victory
    assert isinstance(v, ControlRank) and (v.winner, v.rank, v.count) == ("either", 2, 3)


def test_17_4_attacker_330_defender_200_six_of_ten() -> None:
    s = load("prepared-defense")
    assert budgets(s) == {"attacker": 330, "defender": 200}
    [v] = s.victory
    assert isinstance(v, ControlPositions) and (v.winner, v.count, len(v.targets["attacker"])) == ("attacker", 6, 10)


def test_17_5_attacker_300_defender_170_and_170_six_of_ten_within_three_turns() -> None:
    s = load("defense")
    assert budgets(s) == {"attacker": 300, "defender": 170}
    assert s.reinforcement("relief").build.points == 170
    kinds = {type(v): v for v in s.victory}
    assert (kinds[ControlPositions].winner, kinds[ControlPositions].count) == ("attacker", 6)
    assert (kinds[Countdown].winner, kinds[Countdown].turns) == ("defender", 3)


def test_17_6_five_hundred_points_and_three_rear_positions() -> None:
    s = load("advanced-build-your-own-force")
    assert budgets(s) == {"german": 500, "soviet": 500}
    [v] = s.victory
    assert isinstance(v, ControlRank) and (v.winner, v.rank, v.count) == ("either", 2, 3)


def test_17_7_fixed_forces_and_eight_of_ten() -> None:
    s = load("eliminate-that-bridgehead")
    assert budgets(s) == {"german": None, "soviet": None}
    assert sum(e.count for e in s.side("german").forces) == 23 and sum(e.count for e in s.side("soviet").forces) == 24
    [v] = s.victory
    assert isinstance(v, ControlPositions) and (v.winner, v.count, len(v.targets["german"])) == ("german", 8, 10)


def test_17_8_fixed_forces_and_three_rear_positions() -> None:
    s = load("kursk")
    assert budgets(s) == {"german": None, "soviet": None}
    assert sum(e.count for e in s.side("german").forces) == 20 and sum(e.count for e in s.side("soviet").forces) == 31
    [v] = s.victory
    assert isinstance(v, ControlRank) and (v.winner, v.rank, v.count) == ("either", 2, 3)


def test_17_9_fixed_forces_and_three_rear_positions_for_the_soviet_side() -> None:
    s = load("the-end-is-near")
    assert budgets(s) == {"soviet": None, "german": None}
    assert sum(e.count for e in s.side("soviet").forces) == 21 and sum(e.count for e in s.side("german").forces) == 18
    [v] = s.victory
    assert isinstance(v, ControlRank) and (v.winner, v.rank, v.count) == ("soviet", 2, 3)
