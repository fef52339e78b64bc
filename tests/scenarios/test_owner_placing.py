"""Set-up and arrivals are their owner's choice, never the engine's (6.2, 20.0 rule 5, 8.5, 8.6.1, 10.0).

The engine offers every legal place (:mod:`tcforge.engine.placing`); greedy picks by the rules of thumb a player
uses (:func:`tcforge.agents.greedy.place`); the referee judges each choice by its own reading.
"""
from __future__ import annotations

import random

from layoutkit import idle_until
from tcforge.agents.greedy import greedy_policy, place
from tcforge.engine import arrivals, placing
from tcforge.engine.actions import Assign, Place
from tcforge.engine.melee import began_melee
from tcforge.engine.replay import LogLine
from tcforge.engine.state import GameState
from tcforge.play.games import new_game, play_game
from tcforge.play.hooks import engine_pos
from tcforge.play.referee import audit_game
from tcforge.play.setup import setup, start
from tcforge.scenarios.loading import load
from tcforge.scenarios.scenario import Scenario

GERMAN, SOVIET = 0, 1


def _path_spots(sc: Scenario, group_id: str) -> list[int]:
    return [engine_pos(sc, p) for p in sc.reinforcement(group_id).positions]


def _until_arrival(sc: Scenario, game_turn: int, side: int, seed: int = 1) -> GameState:
    """A game where both sides only end their plays (greedy places their cards), up to ``side``'s arrival of ``game_turn``."""
    return idle_until(new_game(sc, seed), lambda s: (s.turn, s.active, s.phase) == (game_turn, side, "arrive"))


def _finish_placing(state: GameState, pick=place) -> None:
    while state.phase in ("deploy", "arrive"):
        state.apply_checked(pick(state, state.legal_actions()))


# ------------------------------------------------------------------ the set-up (6.2)
def test_6_2_the_set_up_zone_is_the_owners_choice_not_the_seeds() -> None:
    sc = load("hill-621")
    # 20.0: "place anywhere on Russian Rank 2": the record names the zone, not a position drawn from the seed
    one, two = setup(sc, 1), setup(sc, 2)
    assert one.deploy == two.deploy and len(one.deploy) == 14
    assert all(side == SOVIET and where == sorted(engine_pos(sc, p) for p in sc.side("soviet").zone)
               for side, _, where in one.deploy)
    state = start(sc, one)
    # the German sets up first (its initiative's setup_first): its HMG and two Panzerschrecks go on squads it chooses
    assert state.phase == "deploy" and state.current_player() == GERMAN
    assert all(type(a) is Assign for a in state.legal_actions())
    squads = {state.units[a.carrier].profile.name for a in state.legal_actions()}
    assert squads == {"German Line Squad"}


def test_6_2_the_soviet_lays_each_squad_on_a_rank_2_position_with_room() -> None:
    sc = load("hill-621")
    state = start(sc, setup(sc, 1))
    while state.current_player() == GERMAN:
        state.apply_checked(state.legal_actions()[0])
    zone = sorted(engine_pos(sc, p) for p in sc.side("soviet").zone)
    assert state.phase == "deploy" and sorted(a.pos for a in state.legal_actions()) == zone
    first = zone[0]
    for _ in range(state.game.rules.stacking_combat_cards):  # 6.3: three combat cards fill a position
        state.apply_checked(Place(state.legal_actions()[0].card, first))
    assert first not in [a.pos for a in state.legal_actions()]
    # two owners' choices are two games: the engine moved no card of its own accord
    other = start(sc, setup(sc, 1))
    while other.current_player() == GERMAN:
        other.apply_checked(other.legal_actions()[0])
    lead = other.legal_actions()[0].card
    other.apply_checked(Place(lead, zone[-1]))
    assert other.units[lead].pos == zone[-1]


def test_6_2_greedy_spreads_the_squads_over_the_zone_and_arms_its_squads() -> None:
    sc = load("hill-621")
    state = start(sc, setup(sc, 1))
    _finish_placing(state)
    zone = [engine_pos(sc, p) for p in sc.side("soviet").zone]
    counts = sorted(state.combat_count(p, SOVIET)[0] for p in zone)
    assert sum(counts) == 14 and counts[-1] - counts[0] <= 1  # fourteen squads on six positions: two or three each
    armed = [u for u in state.units if u.side == GERMAN and u.profile.name == "German Line Squad"]
    assert sorted(len(u.equipment) for u in armed) == [1, 1, 1]  # one card each, not two on one squad


def test_6_2_a_random_player_lays_different_set_ups_for_different_draws() -> None:
    sc = load("hill-621")
    spreads = set()
    for seed in (1, 2, 3):
        state = start(sc, setup(sc, seed))
        rng = random.Random(seed)

        def draw(s: GameState, legal: list, rng: random.Random = rng):
            return legal[rng.randrange(len(legal))]
        _finish_placing(state, draw)
        spreads.add(tuple(state.combat_count(engine_pos(sc, p), SOVIET)[0] for p in sc.side("soviet").zone))
    assert len(spreads) > 1  # a choice, so different for different players' draws


# ------------------------------------------------------------------ arrivals (20.0 rule 5)
def test_20_0_rule_5_the_owner_places_each_arriving_piece_on_a_path_position() -> None:
    sc = load("hill-621")
    state = _until_arrival(sc, 6, GERMAN)
    spots = _path_spots(sc, "german-1")
    assert state.current_player() == GERMAN and {a.pos for a in state.legal_actions()} == set(spots)
    pieces = state.ctx.placing.pieces
    names = [sorted(state.units[u].profile.name for u in piece) for piece in pieces]
    # the Line Squad on two PzKw IV G (8.6), the last tank alone, the PaK 40 behind the SPW 250 (8.6.1), as listed
    assert names == [["German Line Squad", "PzKw IV G", "PzKw IV G"], ["PzKw IV G"], ["7.5 cm PaK 40", "SPW 250"]]
    # the owner places them in the order he likes: every piece on every position is offered
    assert {(a.card, a.pos) for a in state.legal_actions()} == {(piece[0], p) for piece in pieces for p in spots}
    supply = state.supply
    _finish_placing(state)
    assert state.phase == "play" and state.supply == supply - 1  # the arrival is one move: one Supply point
    over = [p for p in spots if state.combat_count(p, GERMAN)[0] > state.game.rules.stacking_combat_cards]
    assert over == []  # greedy leaves no position over the limit when the group fits (6.3 at the turn's end)


def test_20_0_rule_5_greedy_packs_the_second_group_onto_the_four_path_positions() -> None:
    # the first case: eleven combat cards in pieces of 3, 2, 2, 2, 1, 1 fit four positions of three exactly
    sc = load("hill-621")
    sc.reinforcement("german-1").turn = 99  # the first group never comes: the Path positions are empty in turn 11
    state = _until_arrival(sc, 11, GERMAN)
    spots = _path_spots(sc, "german-2")
    sizes = sorted(sum(1 for u in piece if state.units[u].profile.combat and not state.units[u].profile.truck)
                   for piece in state.ctx.placing.pieces)
    assert sum(sizes) == 11
    _finish_placing(state)
    assert sorted(state.combat_count(p, GERMAN)[0] for p in spots) == [2, 3, 3, 3]  # nothing over: nothing lost


def test_20_0_rule_5_overstacked_arrivals_are_over_by_no_more_than_they_must() -> None:
    # both groups on the four positions (the first one never moved): seventeen cards on twelve places, five over
    sc = load("hill-621")
    state = _until_arrival(sc, 11, GERMAN)
    _finish_placing(state)
    limit = state.game.rules.stacking_combat_cards
    combat = [state.combat_count(p, GERMAN)[0] for p in _path_spots(sc, "german-2")]
    assert sum(combat) == 17 and sum(max(0, c - limit) for c in combat) == 5


def _enemy_tank_on(state: GameState, pos: int) -> int:
    tank = arrivals.new_card(state, SOVIET, state.game.data.cards.get("T 34 M43").id)
    arrivals.place(state, tank, pos)
    return tank.uid


def test_8_6_1_a_towed_gun_never_arrives_into_a_lone_enemy_tank() -> None:
    # the second case: a T-34 alone on a Path position; the SPW 250 towing the PaK 40 may not go there
    sc = load("hill-621")
    state = _until_arrival(sc, 6, GERMAN)
    spots = _path_spots(sc, "german-1")
    _enemy_tank_on(state, spots[0])
    while len(state.ctx.placing.pieces[0]) != 2:  # the tanks with their squad first
        state.apply_checked(Place(state.ctx.placing.pieces[0][0], spots[1]))
    assert [state.units[u].profile.name for u in state.ctx.placing.pieces[0]] == ["SPW 250", "7.5 cm PaK 40"]
    assert spots[0] not in [a.pos for a in state.legal_actions()]


def test_8_5_a_squad_on_its_half_track_does_not_arrive_into_clear_ground_held_by_an_enemy_tank() -> None:
    sc = load("hill-621")
    state = _until_arrival(sc, 6, GERMAN)
    spot = _path_spots(sc, "german-1")[0]
    _enemy_tank_on(state, spot)
    cards = state.game.data.cards
    halftrack = arrivals.new_card(state, GERMAN, cards.get("Mittlerer SPW").id)
    squad = arrivals.new_card(state, GERMAN, cards.get("Waffen SS").id)
    tank = arrivals.new_card(state, GERMAN, cards.get("PzKw III N").id)
    assert not placing.may_enter(state, [halftrack, squad], spot)  # 8.5: no tank with it, none of its own there
    assert placing.may_enter(state, [tank, squad], spot)  # a tank goes with it
    assert placing.may_enter(state, [halftrack, squad], _path_spots(sc, "german-1")[1])  # no enemy there


def test_10_0_arriving_tanks_that_enter_an_enemy_held_position_are_its_attackers() -> None:
    sc = load("hill-621")
    state = _until_arrival(sc, 6, GERMAN)
    spot = _path_spots(sc, "german-1")[0]
    defender = _enemy_tank_on(state, spot)
    piece = list(state.ctx.placing.pieces[0])  # two PzKw IV G with the Line Squad
    state.apply_checked(Place(piece[0], spot))
    assert all(began_melee(state, state.units[u]) for u in piece)
    assert not began_melee(state, state.units[defender])  # the T-34 was there: it defends


# ------------------------------------------------------------------ the referee
def test_8_5_8_6_1_the_referee_flags_an_arrival_into_a_lone_enemy_tank() -> None:
    sc = load("hill-621")
    state = _until_arrival(sc, 6, GERMAN)
    spots = _path_spots(sc, "german-1")
    fresh = state.clone()
    _enemy_tank_on(fresh, spots[0])
    lines = []
    while fresh.phase == "arrive":
        piece = fresh.ctx.placing.pieces[0]
        towing = any(fresh.units[u].profile.at_gun for u in piece)
        # the tanks elsewhere, the SPW 250 and its gun onto the lone T-34: the engine applies it unchecked
        action = Place(piece[0], spots[0] if towing else spots[1])
        lines.append(LogLine(fresh.turn, "side 0", list(action)))
        fresh.apply_action(action)
    replayed = state.clone()
    _enemy_tank_on(replayed, spots[0])
    audit = audit_game(sc, replayed, lines)
    cases = [v.case for v in audit.violations]
    assert "8.6.1" in cases and "8.5 arrival" in cases
    assert {v.line for v in audit.violations} == {4}  # the SPW 250 and its gun, the third piece placed


def test_6_2_the_referee_flags_a_set_up_card_laid_outside_its_zone() -> None:
    sc = load("hill-621")
    state = start(sc, setup(sc, 1))
    lines = []
    while state.current_player() == GERMAN:
        action = state.legal_actions()[0]
        lines.append(LogLine(1, "side 0", list(action)))
        state.apply_action(action)
    fresh = start(sc, setup(sc, 1))
    lead = state.legal_actions()[0].card
    lines.append(LogLine(1, "side 1", ["place", lead, 0]))  # the German rear rank, not Russian rank 2
    audit = audit_game(sc, fresh, lines)
    assert [(v.line, v.case) for v in audit.violations][:1] == [(len(lines) + 1, "6.2")]


def test_fresh_greedy_games_with_owner_placements_audit_clean() -> None:
    sc = load("hill-621")
    for seed in (1, 2):
        playout, _ = play_game(sc, seed, ("greedy", "random"))
        assert audit_game(sc, start(sc, setup(sc, seed)), playout.log).violations == []
        kinds = {line.action[0] for line in playout.log}
        assert {"place", "assign"} <= kinds  # the set-up and the arrivals were the players' actions, and logged


def test_greedy_policy_places_as_place_decides() -> None:
    sc = load("hill-621")
    state = start(sc, setup(sc, 1))
    assert greedy_policy(state, random.Random(0)) == place(state, state.legal_actions())


def test_10_0_the_referee_flags_arriving_cards_that_are_not_their_melees_attackers(monkeypatch) -> None:
    # an engine forgetting 10.0 lets tanks arriving onto a T-34 defend the melee they began
    from tcforge.engine import state as engine_state
    honest_apply = placing.apply

    def bent(state: GameState, action) -> None:
        honest_apply(state, action)
        for uid in state.ctx.placing.placed:
            state.units[uid].entered_from = None
    monkeypatch.setitem(engine_state._APPLY, "arrive", bent)
    sc = load("hill-621")
    state = _until_arrival(sc, 6, GERMAN)
    spot = _path_spots(sc, "german-1")[0]
    _enemy_tank_on(state, spot)
    start_state = state.clone()
    lead = state.ctx.placing.pieces[0][0]
    lines = [LogLine(state.turn, "side 0", ["place", lead, spot])]
    audit = audit_game(sc, start_state, lines)
    assert [(v.line, v.case) for v in audit.violations] == [(2, "10.0 arrival")] * 3  # two tanks and their squad


def test_6_2_the_owner_lays_the_kinds_in_the_order_he_likes_and_greedy_lays_the_strongest_first() -> None:
    # Kursk (17.8): each side's tanks anywhere in its two ranks; one card of each kind is offered at a time
    sc = load("kursk")
    state = new_game(sc, 1)
    rng = random.Random(1)
    while state.phase != "deploy" or state.current_player() < 0:  # the first hands and the initiative (4.0)
        outcomes = state.chance_outcomes()
        state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
    side = state.current_player()
    kinds = {state.units[a.card].profile.name for a in state.legal_actions()}
    listed = {e.card.name for e in sc.side(sc.grid.sides[side]).forces if e.card.type == "vehicle"}
    assert kinds == listed  # every kind of the side's set-up, each once
    chosen = place(state, state.legal_actions())
    dearest = max(state.units[a.card].profile.points for a in state.legal_actions())
    assert state.units[chosen.card].profile.points == dearest
