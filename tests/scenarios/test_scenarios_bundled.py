"""The ten bundled scenarios: they load, they are legal, and they say what the sources say."""
from __future__ import annotations

from collections import Counter

import pytest

from tcforge.scenarios.check import check_file
from tcforge.scenarios.grid import Position
from tcforge.scenarios.loading import bundled_ids, load, scenarios_dir
from tcforge.scenarios.scenario import Scenario
from tcforge.scenarios.special_rules import (
    AttachedAmmunition,
    FireTypesAllowed,
    HandLimitGrace,
    LimitedAP,
    NoReturnToReserve,
    PlayBeforeTurn,
    ReinforcementArrival,
    TerrainAs,
)
from tcforge.scenarios.victory import ControlPositions, ControlRank, Countdown, EliminateAll, HoldPositions

IDS = ["tank-action", "build-your-own-force", "meeting-engagement", "prepared-defense", "defense",
       "advanced-build-your-own-force", "eliminate-that-bridgehead", "kursk", "the-end-is-near", "hill-621"]


@pytest.fixture(scope="module")
def scenarios() -> dict[str, Scenario]:
    return {sid: load(sid) for sid in IDS}


def forces(s: Scenario, side: str) -> Counter:
    """Card id -> copies among a side's starting forces."""
    out: Counter = Counter()
    for e in s.side(side).forces:
        out[e.card_id] += e.count
    return out


def group(s: Scenario, group_id: str) -> Counter:
    out: Counter = Counter()
    for e in s.reinforcement(group_id).forces:
        out[e.card_id] += e.count
    return out


def test_exactly_the_ten_scenarios_are_bundled() -> None:
    assert sorted(bundled_ids()) == sorted(IDS)


@pytest.mark.parametrize("sid", IDS)
def test_17_and_20_bundled_scenario_loads_and_is_legal(sid: str) -> None:
    report = check_file(scenarios_dir() / f"{sid}.yaml")
    assert report.scenario == sid
    assert [f.render() for f in report.findings] == []


@pytest.mark.parametrize("sid", IDS)
def test_every_bundled_scenario_has_english_and_french_text(sid: str, scenarios: dict[str, Scenario]) -> None:
    s = scenarios[sid]
    for text in [s.title, s.description] + s.notes + [r.text for r in s.special_rules] + [v.text for v in s.victory if v.text]:
        assert text.en and text.fr and text.en != text.fr


# -- 17.1 to 17.6: built forces ---------------------------------------------------------

def test_17_1_tank_action_ten_at_capable_cards_no_terrain_at_fire_only(scenarios: dict[str, Scenario]) -> None:
    s = scenarios["tank-action"]
    for side in s.sides:
        assert side.build and side.build.max_cards == 10 and side.build.types == ("vehicle", "at_gun") and side.build.at_fire
        assert not side.build.terrain and side.reserve_allowed and len(side.zone) == 10
    assert s.terrain.method == "none" and not s.deck.draw_deck
    assert [type(v) for v in s.victory] == [EliminateAll] and s.victory[0].winner == "either"
    assert [(type(r), r.types) for r in s.special_rules] == [(FireTypesAllowed, ("at",))]
    assert s.initiative.method == "roll" and s.initiative.winner == "low" and s.initiative.setup_first == "first_player"


@pytest.mark.parametrize("sid,points,ranks", [("build-your-own-force", 200, [2]), ("meeting-engagement", 300, [2, 3]),
                                              ("advanced-build-your-own-force", 500, [2])])
def test_17_2_17_3_17_6_budgets_and_setup_ranks(sid: str, points: int, ranks: list[int], scenarios: dict[str, Scenario]) -> None:
    s = scenarios[sid]
    for side in s.sides:
        assert side.build and side.build.points == points
        assert sorted({s.grid.rank(p, side.id) for p in side.zone}) == ranks
    assert [type(v) for v in s.victory] == [ControlRank]
    v = s.victory[0]
    assert v.winner == "either" and v.rank == 2 and v.count == 3
    assert set(v.targets["german"]) == set(s.grid.rank_positions("soviet", 2))
    assert s.deck.max_identical_special_events == 2


def test_17_6_year_is_chosen_by_the_players(scenarios: dict[str, Scenario]) -> None:
    assert scenarios["advanced-build-your-own-force"].year == "chosen"
    assert scenarios["build-your-own-force"].year is None


def test_17_4_prepared_defense(scenarios: dict[str, Scenario]) -> None:
    s = scenarios["prepared-defense"]
    attacker, defender = s.side("attacker"), s.side("defender")
    assert attacker.build.points == 330 and not attacker.build.terrain
    assert defender.build.points == 200
    assert sorted(c.card.name for c in defender.free_cards) == ["Foxholes", "Hills", "Village", "Wheatfield", "Woods"]
    assert s.terrain.method == "discretionary" and s.terrain.by == ("defender",)
    assert s.initiative.modifiers == {"attacker": 3} and s.initiative.winner == "high"
    assert s.side_assignment == "roll_roles_attacker_picks_nation"
    v = s.victory[0]
    assert isinstance(v, ControlPositions) and v.winner == "attacker" and v.count == 6 and len(v.targets["attacker"]) == 10
    assert set(v.targets["attacker"]) == set(s.grid.side_positions("defender"))


def test_17_5_defense_relief_group(scenarios: dict[str, Scenario]) -> None:
    s = scenarios["defense"]
    assert s.side("attacker").build.points == 300 and s.side("defender").build.points == 170
    relief = s.reinforcement("relief")
    assert relief.build.points == 170 and relief.to_reserve and relief.turn is None
    assert s.cards.by_id[relief.card_played].name == "Reinforcements"
    assert s.initiative.modifiers == {"attacker": 3}
    kinds = {type(v): v for v in s.victory}
    assert kinds[ControlPositions].count == 6 and kinds[ControlPositions].winner == "attacker"
    assert kinds[Countdown].after == "relief" and kinds[Countdown].turns == 3 and kinds[Countdown].winner == "defender"
    grace = s.rules(HandLimitGrace)
    assert len(grace) == 1 and grace[0].after == "relief" and grace[0].sides == ("defender",)


# -- 17.7 to 17.9: fixed forces -------------------------------------------------------

def test_17_7_bridgehead_forces(scenarios: dict[str, Scenario]) -> None:
    s = scenarios["eliminate-that-bridgehead"]
    assert forces(s, "german") == Counter({5: 5, 3: 5, 119: 2, 61: 2, 51: 2, 50: 2, 132: 3, 45: 2})
    assert forces(s, "soviet") == Counter({11: 7, 10: 7, 62: 3, 18: 3, 36: 2, 98: 2})
    assert s.year == 1944 and s.initiative.side == "german" and s.initiative.setup_first == "german"
    assert [s.grid.rank(p, "german") for p in s.side("german").zone] == [2] * 5
    assert len(s.side("soviet").zone) == 10
    v = s.victory[0]
    assert isinstance(v, ControlPositions) and v.winner == "german" and v.count == 8 and len(v.targets["german"]) == 10
    assert s.deck.extras == ("terrain", "special_events")


def test_17_8_kursk_forces(scenarios: dict[str, Scenario]) -> None:
    s = scenarios["kursk"]
    german, soviet = forces(s, "german"), forces(s, "soviet")
    names = {cid: s.cards.by_id[cid].name for cid in german + soviet}
    assert {names[c]: n for c, n in german.items()} == {"PzKw III L": 5, "PzKw IV F": 5, "PzKw VI E": 5, "PzKw III N": 2, "StuG III G": 3}
    assert {names[c]: n for c, n in soviet.items()} == {"T-70": 8, "T-34 M41": 8, "T-34 M43": 8, "SU-122": 4, "SU-76 M": 3}
    assert sum(german.values()) == 20 and sum(soviet.values()) == 31
    assert s.year == 1943
    for side in s.sides:
        assert len(side.zone) == 10 and side.reserve_allowed
        assert all(e.placement.from_zone for e in side.forces)
    assert any("zone" in i.where or "setup" in i.where for i in s.interpretations)  # where the forces stand is marked
    assert isinstance(s.victory[0], ControlRank) and s.victory[0].winner == "either"


def test_17_9_the_end_is_near_forces(scenarios: dict[str, Scenario]) -> None:
    s = scenarios["the-end-is-near"]
    assert forces(s, "soviet") == Counter({11: 7, 10: 4, 98: 3, 57: 2, 154: 3, 100: 2})
    assert forces(s, "german") == Counter({4: 7, 61: 2, 50: 2, 47: 5, 115: 2})
    assert s.year == 1945 and s.initiative.side == "soviet" and s.initiative.setup_first == "soviet"
    v = s.victory[0]
    assert isinstance(v, ControlRank) and v.winner == "soviet" and v.rank == 2 and v.count == 3
    assert set(v.targets["soviet"]) == set(s.grid.rank_positions("german", 2))


# -- 20.0 Hill 621 ---------------------------------------------------------------------

HILL_MAP = [
    ("G2", "R7", ["Woods", "Path", "Path", "Path", "Woods", "Path"]),
    ("G3", "R6", ["Village", "Hills", "Hills", "Hills", "Path", "Hills"]),
    ("G4", "R5", ["Wheatfield", "Woods", "Woods", "Clear", "Woods", "Clear"]),
    ("G5", "R4", ["Clear", "Wheatfield", "Clear", "Clear", "Wheatfield", "Clear"]),
    ("G6", "R3", ["Clear", "Wheatfield", "Walls", "Clear", "Wheatfield", "Clear"]),
    ("G7", "R2", ["Hills", "Hills", "Woods", "Village", "Village", "Hills"]),
]


def test_20_0_hill_621_map_cell_by_cell(scenarios: dict[str, Scenario]) -> None:
    s = scenarios["hill-621"]
    g = s.grid
    assert (g.columns, g.ranks_per_side, g.rows, g.north) == (6, 3, 6, "german")
    for row, (german, soviet, cells) in enumerate(HILL_MAP, start=1):
        assert g.row_label(row, "german") == german and g.row_label(row, "soviet") == soviet
        for column, name in enumerate(cells, start=1):
            got = [c.name for c in s.terrain_at(Position(row, column))]
            assert got == ([] if name == "Clear" else [name]), (german, column)


def test_20_0_hill_621_ranks_count_from_each_reserve(scenarios: dict[str, Scenario]) -> None:
    g = scenarios["hill-621"].grid
    assert g.parse("G3-2") == g.parse("R6-2") == Position(2, 2)
    assert g.rank(Position(1, 1), "german") == 2 and g.rank(Position(6, 1), "soviet") == 2
    assert g.owner(Position(3, 1)) == "german" and g.owner(Position(4, 1)) == "soviet"


def test_20_0_hill_621_setup(scenarios: dict[str, Scenario]) -> None:
    s = scenarios["hill-621"]
    german = s.side("german")
    assert [s.label(p) for p in german.zone] == ["G4-2", "G4-3", "G4-5"]
    squads = next(e for e in german.forces if e.card.name == "German Line Squad")
    assert squads.count == 3 and squads.placement.per_position == 1 and not german.reserve_allowed
    assert forces(s, "german") == Counter({5: 3, 18: 3, "SP-HMG": 1, 61: 2, 119: 1, "SP-SMOKE": 1, 158: 1, 33: 2, 118: 1})
    attached = {s.cards.by_id[e.card_id].name: s.cards.by_id[e.attached_to].name for e in german.forces if e.attached_to}
    assert attached == {"Heavy Machine Gun": "German Line Squad", "Panzerschreck": "German Line Squad"}
    soviet = s.side("soviet")
    assert [s.label(p, "soviet") for p in soviet.zone] == [f"R2-{c}" for c in range(1, 7)]
    assert forces(s, "soviet") == Counter({11: 14, "SP-HMG": 2, "SP-SMOKE": 4, 119: 1})


def test_20_0_hill_621_reinforcements_and_turns(scenarios: dict[str, Scenario]) -> None:
    s = scenarios["hill-621"]
    arrivals = {g.id: (g.turn, [s.label(p) for p in g.positions]) for side in s.sides for g in side.reinforcements}
    paths = ["G2-2", "G2-3", "G2-4", "G2-6"]
    villages = ["G7-4", "G7-5"]
    assert arrivals == {"german-1": (6, paths), "german-2": (11, paths), "soviet-1": (5, villages), "soviet-2": (8, villages)}
    assert group(s, "german-1") == Counter({44: 3, 5: 1, 41: 1, 49: 1, 119: 1, 67: 1, 115: 1})
    assert group(s, "german-2") == Counter({4: 3, 1: 3, "SP-HMG": 2, 50: 2, 49: 1, 40: 1, 48: 2, 81: 2, 119: 1, 33: 2, 158: 1,
                                            66: 1, "SP-SMOKE": 3, 69: 1, 160: 1, 122: 1, 120: 1})
    assert group(s, "soviet-1") == Counter({56: 6, 115: 1, 67: 1, 68: 1, 120: 1, 123: 1})
    assert group(s, "soviet-2") == Counter({10: 6, 24: 6, "SP-HMG": 1, 101: 3, 107: 2, 69: 1, 66: 1, 120: 1})
    # every infantry squad and AT gun of a reinforcement group rides or is towed (rule 5)
    for side in s.sides:
        for g in side.reinforcements:
            for e in g.forces:
                if e.card.type == "at_gun":
                    assert e.towed_by is not None
                if e.card.type == "infantry":
                    assert e.loaded_on is not None
    assert s.turn_limit == 16


def test_20_0_hill_621_victory_and_deck(scenarios: dict[str, Scenario]) -> None:
    s = scenarios["hill-621"]
    [v] = s.victory
    assert isinstance(v, HoldPositions) and v.winner == "soviet" and v.at_end_of_turn == 16 and v.contested_ok
    assert [s.label(p) for p in v.targets["soviet"]] == ["G3-2", "G3-3", "G3-4"]
    assert all(s.terrain_at(p)[0].name == "Hills" for p in v.targets["soviet"])
    assert v.units == ("infantry_squads", "tanks") and s.default_winner == "german"
    assert not s.deck.draw_deck and s.deck.only_listed and s.deck.max_identical_special_events is None
    assert s.initiative.method == "fixed" and s.initiative.side == "german" and s.initiative.setup_first == "german"


def test_20_0_hill_621_parameters(scenarios: dict[str, Scenario]) -> None:
    s = scenarios["hill-621"]
    assert s.param("melee.tank_melee_modifiers") == {"8": 0, "10": 0, "12": -1, "14": -2}  # 10.0; 23 (issue 12)
    assert s.param("victory.check") == "given_turn"
    assert set(s.overrides) == {"victory.check"}


def test_20_0_hill_621_special_rules(scenarios: dict[str, Scenario]) -> None:
    s = scenarios["hill-621"]
    names = s.cards.by_id
    [path] = s.rules(TerrainAs)
    assert names[path.card_id].name == "Path" and path.as_ == "clear"
    assert len(s.rules(NoReturnToReserve)) == 1
    [arrival] = s.rules(ReinforcementArrival)
    assert (arrival.overstacked, arrival.loaded, arrival.supply_points, arrival.move_positions,
            arrival.fast_may_continue, arrival.stacking_checked) == (True, True, 1, 1, True, "end_of_turn")
    [c7] = s.rules(AttachedAmmunition)
    assert names[c7.card_id].name == "Special Ammunition" and [names[c].name for c in c7.attach_to] == ["PzKw III N"]
    assert c7.melee_sa_bonus == 5 and c7.removed_on_natural_to_hit == (1, 2, 3, 4, 5) and c7.sides == ("german",)
    [ap] = s.rules(LimitedAP)
    assert [names[c].name for c in ap.card_ids] == ["SU-152"] and ap.full_penetration_shots == 1 and ap.then_penetration == (3, 2)
    [panic] = s.rules(PlayBeforeTurn)
    assert names[panic.card_id].name == "Panic" and panic.before_turn == 11 and panic.sides == ("soviet",)


@pytest.mark.parametrize("option,turn", [("german-plus", 10), ("german-minus", 12)])
def test_20_0_hill_621_balance_options_move_the_second_german_group(option: str, turn: int) -> None:
    s = load("hill-621", balance=option)
    assert s.reinforcement("german-2").turn == turn and s.applied_balance == option
    assert s.reinforcement("german-1").turn == 6 and s.reinforcement("soviet-2").turn == 8
    assert {b.id: b.favours for b in s.balance} == {"german-plus": "german", "german-minus": "soviet", "tank-melee-1997": "german"}


def test_unclear_points_are_marked_as_interpretations(scenarios: dict[str, Scenario]) -> None:
    marked = {sid: {i.where for i in s.interpretations} for sid, s in scenarios.items()}
    assert "sides/1/setup" in marked["eliminate-that-bridgehead"]  # 'any of his 10 positions' (French text: 6)
    assert {"sides/0/setup", "sides/1/setup", "initiative"} <= marked["kursk"]
    assert "initiative" in marked["prepared-defense"] and "battlefield/terrain" in marked["defense"]
    for s in scenarios.values():
        assert all(len(i.reason) > 20 for i in s.interpretations)
