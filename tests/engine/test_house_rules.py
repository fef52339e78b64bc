"""Rules beyond the rule book's cases, in play: the FAQ rulings (000 19.2) and Jeff and Mike's house rules (001)."""
from __future__ import annotations

from typing import Any

from enginekit import make, pass_window, pos, roll, start_one_card_move, uid
from tcforge.data.dataset import load_data
from tcforge.engine.board import DISCARDED, RESERVE, UNCLAIMED
from tcforge.engine.fire import shots
from tcforge.engine.game import Game
from tcforge.engine.melee import melee_attack
from tcforge.engine.state import CHANCE, GameState

STREAM, SWAMP = 21, 28


# -- 000 19.2: the FAQ rulings ------------------------------------------------------------

def test_19_2_faq_5_fire_reaches_a_diagonal_position() -> None:
    state = make({0: [("PzKw IV H", "c1")], 1: [("T-34 M41", "d2")]})
    tank, target = uid(state, "PzKw IV H"), uid(state, "T-34 M41")
    assert ("fire", pos(state, "c1")) in state.legal_actions()
    assert (target, "at", -1) in shots(state, state.units[tank])


def test_19_2_faq_8_swamp_is_played_after_the_start() -> None:
    """A Swamp held in the hand goes down on a clear position as an enemy vehicle moves in, and stops it."""
    state = make({0: [("PzKw IV H", "c1")], 1: [("T-34 M41", "e4"), ("Swamp", RESERVE)]})
    pass_window(state)
    start_one_card_move(state, "c1", "PzKw IV H")
    c2 = pos(state, "c2")
    state.apply_checked(("step", c2))
    state.apply_checked(("interrupt", uid(state, "Swamp")))
    assert state.terrain[c2] == SWAMP and state.units[uid(state, "PzKw IV H")].pos == pos(state, "c1")


def test_19_2_faq_12_stuka_and_sturmovik_are_instant_cards() -> None:
    """The errata make both air strikes Instant: played in one's own play for a Supply point, never as an answer."""
    data = load_data()
    for name in ("Stuka Air Strike", "Sturmovik Air Strike"):
        card = data.cards.get(name)
        assert card.printed["kind"] == "-" and card.effective["kind"] == "instant"
    own = make({0: [("PzKw IV H", "c1"), ("Stuka Air Strike", RESERVE)], 1: [("T-34 M41", "c4")]})
    stuka = uid(own, "Stuka Air Strike")
    assert any(a[0] == "play" and a[1] == stuka for a in own.legal_actions())
    theirs = make({0: [("PzKw IV H", "c1")], 1: [("T-34 M41", "c4"), ("Sturmovik Air Strike", RESERVE), ("Breakdown", RESERVE)]})
    sturmovik = uid(theirs, "Sturmovik Air Strike")
    assert theirs.current_player() == 1  # the window before the other side's play (opened by the Breakdown)
    assert any(a[0] == "interrupt" and a[1] == uid(theirs, "Breakdown") for a in theirs.legal_actions())
    assert not any(a[0] in ("play", "interrupt") and a[1] == sturmovik for a in theirs.legal_actions())


def test_19_2_faq_24_a_minefield_is_discarded_after_one_use() -> None:
    state = make({0: [("German Line Squad", "c1")], 1: [("T-34 M41", "e4"), ("Minefield", RESERVE)]})
    pass_window(state)
    start_one_card_move(state, "c1", "German Line Squad")
    c2 = pos(state, "c2")
    state.apply_checked(("step", c2))
    mine = uid(state, "Minefield")
    state.apply_checked(("interrupt", mine))
    roll(state, 9)  # a miss: the squad walks on
    assert mine in state.discard[1] and mine not in state.hand[1]
    assert state.terrain[c2] is None  # it never became the position's terrain


def test_19_2_faq_25_a_bridge_opens_the_stream_to_both_sides() -> None:
    state = make({0: [("PzKw IV H", "c1"), ("Bridge", RESERVE)], 1: [("T-34 M41", "c3")]}, terrain={"c2": "Stream"})
    c2 = pos(state, "c2")
    start_one_card_move(state, "c1", "PzKw IV H")
    assert ("step", c2) not in state.legal_actions()  # 11.1: no vehicles into a Stream
    state = make({0: [("PzKw IV H", "c1"), ("Bridge", RESERVE)], 1: [("T-34 M41", "c3")]}, terrain={"c2": "Stream"})
    state.apply_checked(("interrupt", uid(state, "Bridge"), c2))
    assert state.terrain[c2] != STREAM and state.water[c2] != STREAM
    start_one_card_move(state, "c1", "PzKw IV H")
    assert ("step", c2) in state.legal_actions()
    from tcforge.engine.movement import can_enter
    soviet = state.units[uid(state, "T-34 M41")]
    assert can_enter(state, soviet, pos(state, "c3"), c2, True)  # the other side's tank may cross as well


# -- 001: Jeff and Mike's house rules -------------------------------------------------------

def test_001_wire_stops_the_moving_card_where_it_is() -> None:
    state = make({0: [("PzKw IV H", "c1")], 1: [("T-34 M41", "e4"), ("Wire", RESERVE)]})
    pass_window(state)
    start_one_card_move(state, "c1", "PzKw IV H")
    state.apply_checked(("step", pos(state, "c2")))
    assert ("interrupt", uid(state, "Wire")) in state.legal_actions()
    state.apply_checked(("interrupt", uid(state, "Wire")))
    assert state.units[uid(state, "PzKw IV H")].pos == pos(state, "c1")
    assert state.ctx.move is None or not [a for a in state.legal_actions() if a[0] == "step"]


def test_001_wire_stays_on_the_wired_card_until_the_start_of_its_owners_next_turn() -> None:
    """001 Wire: the card is discarded as the wired player's next turn begins, not at once; while it lies on the
    tank, the tank does not move again with the turn's second Supply point."""
    state = make({0: [("PzKw IV H", "c1")], 1: [("T-34 M41", "e4"), ("Wire", RESERVE)]})
    tank, wire = uid(state, "PzKw IV H"), uid(state, "Wire")
    pass_window(state)
    start_one_card_move(state, "c1", "PzKw IV H")
    state.apply_checked(("step", pos(state, "c2")))
    state.apply_checked(("interrupt", wire))
    assert state.supply == 1 and state.units[tank].pos == pos(state, "c1")
    assert wire not in state.discard[1]
    pass_window(state)
    assert ("move", pos(state, "c1")) not in state.legal_actions()  # the wired tank may not move again
    state.apply_checked(("end",))
    while state.active == 1 or state.phase != "play":  # side 1's turn: the Wire stays
        assert wire not in state.discard[1]
        actions = state.legal_actions()
        state.apply_checked(("end",) if ("end",) in actions else ("pass",) if ("pass",) in actions else actions[0])
    assert state.active == 0 and wire in state.discard[1]
    pass_window(state)
    assert ("move", pos(state, "c1")) in state.legal_actions()


def test_001_wire_the_owner_may_go_on_with_the_rest_of_the_group_or_halt_it() -> None:
    """001 Wire: Wire stops one card of a group moving together; its owner chooses to go on with the rest or to
    keep the group together."""
    for choice in ("pass", "halt"):
        state = make({0: [("PzKw IV H", "c1"), ("PzKw IV G", "c1")], 1: [("T-34 M41", "e4"), ("Wire", RESERVE)]})
        lead, other, wire = uid(state, "PzKw IV H"), uid(state, "PzKw IV G"), uid(state, "Wire")
        pass_window(state)
        state.apply_checked(("move", pos(state, "c1")))
        state.apply_checked(("pick", lead))
        state.apply_checked(("pick", other))
        state.apply_checked(("together", other, lead))  # one group: it starts moving at once
        state.apply_checked(("step", pos(state, "c2")))
        assert ("interrupt", wire, lead) in state.legal_actions() and ("interrupt", wire, other) in state.legal_actions()
        state.apply_checked(("interrupt", wire, lead))
        assert state.current_player() == 0 and sorted(state.legal_actions()) == [("halt",), ("pass",)]
        state.apply_checked((choice,))
        assert state.units[lead].pos == pos(state, "c1")
        assert state.units[other].pos == pos(state, "c2" if choice == "pass" else "c1"), choice


def test_001_vehicles_fire_small_arms_at_infantry_in_melee() -> None:
    """Under the house rules a tank in melee uses its SA (3) against a squad, never its HE (6)."""
    for ruleset, columns, he in (("six-pack-r3", 5, True), ("jeff-mike-2002", 3, False)):
        state = make({0: [("PzKw IV H", "c2")], 1: [("Soviet Line Squad", "c2")]}, ruleset=ruleset, columns=columns)
        tank, squad = state.units[uid(state, "PzKw IV H")], state.units[uid(state, "Soviet Line Squad")]
        assert (melee_attack(state, tank, squad, "he") is not None) == he, ruleset
        sa = melee_attack(state, tank, squad, "sa")
        assert sa is not None and sa.hit == 3


def test_001_one_equipment_card_per_squad() -> None:
    """A Panzerfaust and a Heavy Machine Gun are two types: the unified rules let a squad carry both, 001 one card."""
    for ruleset, columns, both in (("six-pack-r3", 5, True), ("jeff-mike-2002", 3, False)):
        state = make({0: [("German Line Squad", "b2"), ("Panzerfaust", RESERVE), ("Heavy Machine Gun", RESERVE)],
                      1: [("T-34 M41", "c4")]}, ruleset=ruleset, columns=columns)
        squad = uid(state, "German Line Squad")
        state.apply_checked(("equip", uid(state, "Panzerfaust"), squad))
        assert (("equip", uid(state, "Heavy Machine Gun"), squad) in state.legal_actions()) == both, ruleset


def test_001_victory_needs_one_zone_of_the_second_row_at_the_end_of_the_turn() -> None:
    """On the 4 x 3 grid one captured zone of the enemy's second row wins, but only once the turn is over."""
    state = make({0: [("PzKw IV H", "a3")], 1: [("T-34 M41", "c4")]}, ruleset="jeff-mike-2002", columns=3)
    start_one_card_move(state, "a3", "PzKw IV H")
    state.apply_checked(("step", pos(state, "a4")))
    pass_window(state)  # the T-34 lets its opportunity fire go (001 2.0)
    if state.phase == "move":
        state.apply_checked(("halt",))
    assert state.winner is None  # held, but the turn is not over
    while state.winner is None and state.active == 0 and state.current_player() == 0:
        state.apply_checked(("end",) if ("end",) in state.legal_actions() else state.legal_actions()[0])
    assert state.winner == 0


def test_001_dyo_hand_of_seven() -> None:
    data = load_data("jeff-mike-2002")
    game = Game.create(data, columns=3, ranks_per_side=2)
    deck = [(data.cards.get("Smoke").id, -2)] * 10  # ten cards in each drawing deck
    state = GameState.new(game, {0: deck, 1: deck}, first_player=0)
    draws = [r for r in state.rolls if r[0] == "draw"]
    assert state.current_player() == CHANCE and sum(1 for r in draws if r[1] == 0) == 7 and sum(1 for r in draws if r[1] == 1) == 7


def test_001_dyo_attacker_gets_half_as_many_points_again() -> None:
    """An attack of 400 points: 600 for the attacker; he needs two zones of the defender's second row, the
    defender one of his; terrain (six at most) on each side's own zones; the higher roll plays first."""
    import yaml

    from tcforge.analysis.generate import jeff_mike
    for seed in range(5):
        doc = yaml.safe_load(jeff_mike("dyo", year=1943, points=400, seed=seed, kind="attack"))
        attacker, defender = doc["sides"]
        assert (attacker["role"], attacker["build"]["points"]) == ("attacker", 600)
        assert (defender["role"], defender["build"]["points"]) == ("defender", 400)
        counts = {c["winner"]: (c["rank"], c["count"]) for c in doc["victory"]["conditions"]}
        assert counts == {attacker["id"]: (2, 2), defender["id"]: (2, 1)}
        assert doc["victory"]["default"] == defender["id"]  # 001: the defender wins if the attacker falls short
        assert doc["initiative"]["method"] == "roll" and doc["initiative"]["winner"] == "high"
        assert doc["battlefield"]["terrain"]["where"] == "own"
        for side, prefix in ((attacker, "G"), (defender, "R")):
            spots = [f["at"] for f in side["forces"] if "at" in f]
            assert len(spots) <= 6 and all(s.startswith(prefix) for s in spots)
        meeting = yaml.safe_load(jeff_mike("dyo", year=1943, points=400, seed=seed, kind="meeting"))
        assert [s["build"]["points"] for s in meeting["sides"]] == [400, 400]


def test_001_every_random_number_is_a_ten_sided_die_roll() -> None:
    state = make({0: [("PzKw IV H", "c2")], 1: [("T-34 M41", "c3")]})
    state.apply_checked(("fire", pos(state, "c2")))
    state.apply_checked(("shoot", uid(state, "PzKw IV H"), uid(state, "T-34 M41"), "at"))
    assert state.chance_outcomes() == [(("d10", n), 0.1) for n in range(1, 11)]


def test_001_no_card_recycling_the_discard_pile_never_refills_the_deck() -> None:
    state = make({0: [("PzKw IV H", "c2"), ("Flank Shot", RESERVE), ("Smoke", -2)], 1: [("T-34 M41", "e4")]})
    spent = uid(state, "Flank Shot")
    state._discard_card(spent)
    state.apply_checked(("draw",))
    state.apply_checked(state.chance_outcomes()[0][0])  # the deck's only card comes to the hand
    assert state.deck[0] == [] and state.supply > 0
    assert ("draw",) not in state.legal_actions() and state.discard[0] == [spent]


def test_001_unspotted_indirect_fire_adds_two_to_a_barrage_on_a_zone_out_of_sight() -> None:
    """A barrage on e4 from a side whose only card is on a1 (four zones away) rolls with +2; on c3 (two zones, a
    clear diagonal) it rolls as usual; the unified rules never add it."""
    def modifiers(target: str, **overrides: Any) -> list[int]:
        state = make({0: [("Artillery Barrage", RESERVE), ("PzKw IV H", "a1")], 1: [("Soviet Line Squad", target)]},
                     overrides=overrides)
        pass_window(state)
        state.apply_checked(("play", uid(state, "Artillery Barrage"), pos(state, target), "ffe"))
        pass_window(state)
        return [e[1].modifier for e in state.rolls]

    house = {"indirect.unspotted_modifier": 2}
    assert modifiers("e4", **house) == [2] and modifiers("c3", **house) == [0]
    assert modifiers("e4") == [0]


def test_001_unspotted_indirect_fire_counts_for_air_attacks_on_a_card() -> None:
    state = make({0: [("Tank Buster", RESERVE), ("German Line Squad", "a1")], 1: [("T-34 M41", "e4")]},
                 overrides={"indirect.unspotted_modifier": 2})
    pass_window(state)
    plays = [a for a in state.legal_actions() if a[0] == "play" and a[1] == uid(state, "Tank Buster")]
    state.apply_checked(plays[0])
    pass_window(state)
    plain = make({0: [("Tank Buster", RESERVE), ("German Line Squad", "d3")], 1: [("T-34 M41", "e4")]},
                 overrides={"indirect.unspotted_modifier": 2})  # d3 is next to e4: in sight
    pass_window(plain)
    plain.apply_checked(next(a for a in plain.legal_actions() if a[0] == "play" and a[1] == uid(plain, "Tank Buster")))
    pass_window(plain)
    assert state.rolls[0][1].modifier == plain.rolls[0][1].modifier + 2


def _squad_shot_with_its_flamethrower(alone: bool = False) -> tuple[GameState, int, int]:
    """Side 0's tank on c2 kills, with HE, a Soviet squad on c3 that carries a flamethrower; another squad is there
    unless ``alone``. Returns the state, the flamethrower and the other squad (or -1)."""
    from tcforge.engine import equipment
    soviets = [("Soviet Line Squad", "c3"), ("Flamethrower ROKS", RESERVE)] + ([] if alone else [("Soviet Line Squad", "c3")])
    state = make({0: [("PzKw IV H", "c2"), ("German Line Squad", "b2")], 1: soviets},
                 overrides={"equipment.orphans": True, "turn.supply_points": 4})
    carrier, roks = uid(state, "Soviet Line Squad", 1, 0), uid(state, "Flamethrower ROKS")
    equipment.attach(state, roks, carrier)
    pass_window(state)
    state.apply_checked(("fire", pos(state, "c2")))
    state.apply_checked(("shoot", uid(state, "PzKw IV H"), carrier, "he"))
    pass_window(state)
    roll(state, 1)
    assert state.units[carrier].pos == DISCARDED
    return state, roks, -1 if alone else uid(state, "Soviet Line Squad", 1, 1)


def test_001_orphaned_equipment_stays_in_the_zone_and_a_friendly_squad_picks_it_up() -> None:
    state, roks, other = _squad_shot_with_its_flamethrower()
    c3 = pos(state, "c3")
    assert state.unclaimed[c3] == [roks] and state.units[roks].pos == UNCLAIMED
    if state.phase == "fire":
        state.apply_checked(("done",))
    pass_window(state)
    state.apply_checked(("end",))
    assert state.active == 1 and ("equip", roks, other) in state.legal_actions()
    pass_window(state)
    state.apply_checked(("equip", roks, other))
    assert state.units[other].equipment == (roks,) and state.unclaimed[c3] == []


def test_001_orphaned_equipment_goes_without_a_friendly_squad_in_the_zone() -> None:
    state, roks, _ = _squad_shot_with_its_flamethrower(alone=True)
    assert state.units[roks].pos == DISCARDED and not any(state.unclaimed)


def test_001_orphaned_equipment_goes_when_an_enemy_enters_the_zone() -> None:
    state, roks, _ = _squad_shot_with_its_flamethrower()
    if state.phase == "fire":
        state.apply_checked(("done",))
    pass_window(state)
    start_one_card_move(state, "b2", "German Line Squad")
    state.apply_checked(("step", pos(state, "c3")))
    assert state.units[roks].pos == DISCARDED and not any(state.unclaimed)


def test_001_orphaned_equipment_not_after_melee() -> None:
    """Melee losses take their equipment with them, as in the rule book (15.0)."""
    from tcforge.engine import equipment
    state = make({0: [("PzKw IV H", "c3")], 1: [("Soviet Line Squad", "c3"), ("Soviet Line Squad", "c3"),
                                                 ("Flamethrower ROKS", RESERVE)]}, overrides={"equipment.orphans": True})
    carrier, roks = uid(state, "Soviet Line Squad", 1, 0), uid(state, "Flamethrower ROKS")
    equipment.attach(state, roks, carrier)
    state._result(carrier, "kill", True, "sa")  # a melee result, applied with the others
    for target, result in state.effects:
        state._apply_result(target, result, judge=False)
    assert state.units[carrier].pos == DISCARDED and state.units[roks].pos == DISCARDED and not any(state.unclaimed)
