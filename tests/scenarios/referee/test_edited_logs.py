"""The referee has teeth: fresh seeded logs of 001 games, each edited (or played by an engine bent) to break one
rule case the referee lists, are flagged with that case.

Logs come from greedy games of generated 001 scenarios (``tcforge.analysis.generate.jeff_mike``); an edited line
is the last one audited (what follows it was played from the unedited position). The classic cases (4.0 to 20.0,
16.0, 001 break-through) have their edited logs in tests/scenarios/test_referee.py,
test_referee_break_through.py and test_tampered_logs.py.
"""
from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from tcforge.analysis.generate import jeff_mike
from tcforge.data.card_ids import MINEFIELD, WIRE
from tcforge.engine import breakthrough, movement, opportunity, spotting
from tcforge.engine import melee as engine_melee
from tcforge.engine import state as engine_state
from tcforge.engine import wire as engine_wire
from tcforge.engine.actions import action_from_json
from tcforge.engine.core import CoreState
from tcforge.engine.replay import LogLine
from tcforge.engine.state import GameState
from tcforge.play import games
from tcforge.play.games import play_game
from tcforge.play.referee import CASES, audit_game
from tcforge.play.setup import setup, start
from tcforge.scenarios.loading import load
from tcforge.scenarios.scenario import Scenario


def _dyo(tmp_path: Path, kind: str, seed: int) -> Scenario:
    path = tmp_path / f"dyo-{kind}-{seed}.yaml"
    path.write_text(jeff_mike(f"dyo-{kind}-{seed}", year=1943, points=400, seed=seed, kind=kind), encoding="utf-8")
    return load(str(path))


def _game(sc: Scenario, seed: int = 1) -> list[LogLine]:
    playout, _ = play_game(sc, seed, ("greedy", "greedy"), shuffle=True)  # the layout the edits were written for
    return playout.log


def _at(sc: Scenario, lines: list[LogLine], upto: int, seed: int = 1) -> GameState:
    """The position before file line ``upto`` (the set-up is line 1)."""
    state = start(sc, setup(sc, seed, shuffle=True))
    for entry in lines[:upto - 2]:
        state.apply_action(action_from_json(entry.action))
    return state


def _edited(lines: list[LogLine], line: int, action: list[Any]) -> list[LogLine]:
    """The log up to file line ``line``, that line's action replaced."""
    return [*lines[:line - 2], replace(lines[line - 2], action=action)]


def _line(sc: Scenario, lines: list[LogLine], test: Any, seed: int = 1) -> int:
    """The first file line whose action, in its position, passes ``test(state, action)``."""
    state = start(sc, setup(sc, seed, shuffle=True))
    for i, entry in enumerate(lines):
        if test(state, entry.action):
            return i + 2
        state.apply_action(action_from_json(entry.action))
    raise AssertionError("no such line in the game")


def _cases(sc: Scenario, lines: list[LogLine], seed: int = 1, **kw: Any) -> list[tuple[int, str]]:
    return [(v.line, v.case) for v in audit_game(sc, start(sc, setup(sc, seed, shuffle=True)), lines, "edited", **kw).violations]


def _opportunity_shot(state: GameState, action: list[Any]) -> bool:
    return action[0] == "shoot" and state.ctx.window is not None and state.ctx.window.kind == "opportunity"


@pytest.fixture(scope="module")
def attack(tmp_path_factory: pytest.TempPathFactory) -> tuple[Scenario, list[LogLine]]:
    sc = _dyo(tmp_path_factory.mktemp("dyo"), "attack", 4)
    return sc, _game(sc)


@pytest.fixture(scope="module")
def meeting(tmp_path_factory: pytest.TempPathFactory) -> tuple[Scenario, list[LogLine]]:
    sc = _dyo(tmp_path_factory.mktemp("dyo"), "meeting", 1)
    return sc, _game(sc)


def test_the_unedited_logs_audit_clean(attack: Any, meeting: Any) -> None:
    for sc, lines in (attack, meeting):
        assert _cases(sc, lines) == []


def test_every_case_names_its_module() -> None:
    modules = {"supply_and_plays", "setup_and_arrivals", "movement", "fire", "opportunity", "spotting", "mines_and_wire", "melee",
               "victory_and_control", "breakthrough"}
    assert {c.module for c in CASES} == modules
    assert len({c.case for c in CASES}) == len(CASES)


def test_001_2_0_an_opportunity_shot_without_the_option_is_flagged(attack: Any) -> None:
    sc, lines = attack
    found = _cases(sc, lines, rules=replace(sc_rules(sc), opportunity_fire=False))
    assert found and {case for _, case in found} == {"001 2.0"}


def sc_rules(sc: Scenario) -> Any:
    return start(sc, setup(sc, 1, shuffle=True)).game.rules


def test_001_2_1_an_opportunity_shot_at_a_card_that_did_not_move_is_flagged(attack: Any) -> None:
    sc, lines = attack
    line = _line(sc, lines, _opportunity_shot)
    state = _at(sc, lines, line)
    firer, target = lines[line - 2].action[1:3]
    moved = state.ctx.move
    still = next(u.uid for u in state.units if u.side == state.active and u.pos >= 0 and u.uid != target
                 and u.profile.combat and (moved is None or u.uid != moved.cur) and u.carrier is None
                 and not state.occ[u.pos][1 - state.active])
    found = _cases(sc, _edited(lines, line, ["shoot", firer, still, "at"]))
    assert (line, "001 2.1 target") in found
    assert {case for _, case in found} <= {"001 2.1 target", "001 2.1 firer", "001 1.0 hidden target"}


def test_001_2_1_an_opportunity_shot_by_a_card_in_reserve_is_flagged(attack: Any) -> None:
    sc, lines = attack
    line = _line(sc, lines, _opportunity_shot)
    state = _at(sc, lines, line)
    _, target = lines[line - 2].action[1:3]
    off = next(u.uid for u in state.units if u.side != state.active and u.pos < 0 and u.profile.combat)
    assert _cases(sc, _edited(lines, line, ["shoot", off, target, "at"])) == [(line, "001 2.1 firer")]


def test_001_2_1_an_opportunity_shot_twice_in_a_turn_is_flagged(attack: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """An engine that forgets the turn's shot is used: the second shot of the turn is flagged."""
    sc, _ = attack
    real = opportunity.after_step

    def again(state: GameState, members: Any, to: int) -> None:
        if state.ctx.play is not None:
            state.ctx.play.opportunity = False
        real(state, members, to)

    monkeypatch.setattr(opportunity, "after_step", again)
    for seed in (1, 2, 3, 4, 5):
        found = {case for _, case in _cases(sc, _game(sc, seed), seed)}
        if found:
            assert found == {"001 2.1 once"}
            return
    pytest.fail("no game of the bent engine shot twice in a turn")


def test_001_2_1_an_opportunity_shot_due_and_not_offered_is_flagged(attack: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """An engine that never offers opportunity fire: the referee finds the shots that were due."""
    sc, _ = attack
    monkeypatch.setattr(opportunity, "after_step", lambda state, members, to: None)
    found = {case for _, case in _cases(sc, _game(sc))}
    assert found == {"001 2.1 due"}


def test_001_1_0_a_shot_at_a_face_down_card_is_flagged(meeting: Any) -> None:
    sc, lines = meeting

    def aimed(state: GameState, action: list[Any]) -> bool:
        return action[0] == "shoot" and state.phase == "fire" and any(
            state.face_down(u.uid) for u in state.units if u.side != state.active)

    line = _line(sc, lines, aimed)
    state = _at(sc, lines, line)
    hidden = next(u.uid for u in state.units if u.side != state.active and state.face_down(u.uid))
    edit = list(lines[line - 2].action)
    edit[2] = hidden
    found = _cases(sc, _edited(lines, line, edit))
    assert (line, "001 1.0 hidden target") in found
    assert {case for _, case in found} <= {"001 1.0 hidden target", "9.1", "9.2", "001 ranged fire and melee", "engine"}


def test_001_1_0_cards_an_enemy_spots_left_face_down_at_the_turns_end_are_flagged(
        meeting: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    sc, _ = meeting
    monkeypatch.setattr(spotting, "check", lambda state: state.spotted.clear())
    assert "001 1.0" in {case for _, case in _cases(sc, _game(sc))}


def test_001_1_6_cards_no_enemy_sees_left_face_up_at_the_turns_end_are_flagged(
        meeting: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    sc, _ = meeting
    monkeypatch.setattr(spotting, "check", lambda state: state.spotted.update(u.uid for u in state.units if u.pos >= 0))
    found = {case for _, case in _cases(sc, _game(sc))}
    assert "001 1.6" in found and "001 1.0" not in found


def _melee_order(state: GameState, action: list[Any]) -> bool:
    return action[0] == "target" and state.phase == "melee"


def test_10_0_a_card_ordered_twice_in_a_melee_round_is_flagged(attack: Any) -> None:
    sc, lines = attack
    first = _line(sc, lines, _melee_order)
    line = first + 1
    assert lines[line - 2].action[0] == "target" and lines[line - 2].actor == lines[first - 2].actor
    edit = list(lines[line - 2].action)
    edit[1] = lines[first - 2].action[1]
    assert _cases(sc, _edited(lines, line, edit)) == [(line, "10.0 once")]


def test_10_0_a_tank_firing_at_a_gun_while_enemy_tanks_are_there_is_flagged(attack: Any, meeting: Any) -> None:
    def tank_at_tank(state: GameState, action: list[Any]) -> bool:
        if not _melee_order(state, action):
            return False
        firer, target = state.units[action[1]], state.units[action[2]]
        return firer.profile.tank and target.profile.tank and any(
            not state.units[u].profile.tank and state.units[u].profile.combat for u in state.occ[firer.pos][1 - firer.side])

    for sc in (attack[0], meeting[0], load("hill-621"), load("kursk")):
        for seed in (1, 2, 3):
            lines = _game(sc, seed)
            try:
                line = _line(sc, lines, tank_at_tank, seed)
            except AssertionError:
                continue
            state = _at(sc, lines, line, seed)
            firer = state.units[lines[line - 2].action[1]]
            soft = next(u for u in state.occ[firer.pos][1 - firer.side]
                        if not state.units[u].profile.tank and state.units[u].profile.combat)
            assert _cases(sc, _edited(lines, line, ["target", firer.uid, soft, "sa"]), seed) == [(line, "10.0 priorities")]
            return
    pytest.fail("no melee of a tank against tanks and other cards in these games")


def test_001_vehicles_vs_infantry_a_vehicle_firing_he_at_a_gun_in_melee_is_flagged(meeting: Any) -> None:
    sc, lines = meeting

    def vehicle_at_soft(state: GameState, action: list[Any]) -> bool:
        return _melee_order(state, action) and state.units[action[1]].profile.vehicle and (
            state.units[action[2]].profile.infantry or state.units[action[2]].profile.at_gun)

    line = _line(sc, lines, vehicle_at_soft)
    edit = list(lines[line - 2].action)
    edit[3] = "at"
    assert _cases(sc, _edited(lines, line, edit)) == [(line, "001 vehicles vs infantry")]


# ------------------------------------------------ one edited log for every case still without one (issue 33 item 11)
def _steps(state: GameState, action: list[Any]) -> bool:
    return action[0] == "step" and state.ctx.move is not None and state.ctx.move.cur is not None


def test_6_4_a_hand_above_its_limit_at_the_turns_end_is_flagged(attack: Any) -> None:
    """Judged by a hand limit of one (an engine that forgot 6.4 lets both sides keep their hands)."""
    sc, lines = attack
    found = _cases(sc, lines, rules=replace(sc_rules(sc), turn_hand_limit=1))
    assert found and {case for _, case in found} == {"6.4"}


def test_8_3_a_card_stepping_into_the_reserve_from_the_front_is_flagged(meeting: Any) -> None:
    sc, lines = meeting
    rear = set(range(3)) | set(range(9, 12))

    def forward(state: GameState, action: list[Any]) -> bool:
        return _steps(state, action) and state.units[state.ctx.move.cur].pos not in rear  # type: ignore[union-attr, index]

    line = _line(sc, lines, forward)
    assert _cases(sc, _edited(lines, line, ["step", -1])) == [(line, "8.3")]


def test_5_0_b_a_card_firing_from_another_position_than_its_plays_is_flagged(meeting: Any) -> None:
    sc, lines = meeting

    def other(state: GameState, action: list[Any]) -> int | None:
        if action[0] != "shoot" or state.phase != "fire":
            return None
        firer, target = state.units[action[1]], state.units[action[2]]
        return next((u.uid for u in state.units if u.side == firer.side and u.pos >= 0 and u.pos != firer.pos
                     and u.profile.combat and u.carrier is None and 0 < max(
                         abs(u.pos // 3 - target.pos // 3), abs(u.pos % 3 - target.pos % 3)) <= 1
                     and not state.occ[u.pos][1 - u.side] and not state.face_down(target.uid)), None)

    line = _line(sc, lines, lambda s, a: other(s, a) is not None)
    state = _at(sc, lines, line)
    edit = list(lines[line - 2].action)
    edit[1] = other(state, edit)
    assert _cases(sc, _edited(lines, line, edit)) == [(line, "5.0 b")]


def test_001_ranged_fire_and_melee_a_shot_into_a_melee_is_flagged(attack: Any, meeting: Any) -> None:
    def into(state: GameState, action: list[Any]) -> int | None:
        if action[0] != "shoot" or state.phase != "fire":
            return None
        firer = state.units[action[1]]
        return next((u for p in range(len(state.occ)) if state.occ[p][firer.side] and p != firer.pos
                     and max(abs(p // 3 - firer.pos // 3), abs(p % 3 - firer.pos % 3)) == 1
                     for u in state.occ[p][1 - firer.side] if not state.face_down(u)), None)

    for sc, lines in (attack, meeting):
        try:
            line = _line(sc, lines, lambda s, a: into(s, a) is not None)
        except AssertionError:
            continue
        edit = list(lines[line - 2].action)
        edit[2] = into(_at(sc, lines, line), edit)
        assert _cases(sc, _edited(lines, line, edit)) == [(line, "001 ranged fire and melee")]
        return
    pytest.fail("no shot beside a melee in these games")


def test_10_0_one_round_a_melee_chosen_where_the_sides_do_not_meet_is_flagged(attack: Any) -> None:
    sc, lines = attack
    line = _line(sc, lines, _melee_order)
    state = _at(sc, lines, line)
    empty = next(p for p in range(len(state.occ)) if not (state.occ[p][0] and state.occ[p][1]))
    found = _cases(sc, _edited(lines, line, ["melee", empty]))
    assert found[0] == (line, "10.0 one round") and {case for _, case in found} <= {"10.0 one round", "engine"}


def test_001_victory_attack_a_capture_the_engine_misses_is_flagged(attack: Any, tmp_path: Path) -> None:
    """An engine asking two captured zones where the scenario asks one: the game goes on after the capture."""
    sc, _ = attack
    late = _dyo(tmp_path, "attack", 4)
    won = next(c for c in late.victory if c.id == "soviet-breaks-in")
    won.count = 3  # type: ignore[attr-defined]
    later = _game(late)
    found = audit_game(sc, start(late, setup(late, 1, shuffle=True)), later, "late").violations
    assert found and found[0].case == "001 capture" and "the game goes on" in found[0].what




def test_9_3_2_an_immobilised_card_picked_to_move_is_flagged(meeting: Any) -> None:
    """A pick of the move play edited to an immobilised card at the play's position; its first step is flagged."""
    sc, lines = meeting

    def beside(state: GameState, action: list[Any]) -> bool:
        if action[0] != "pick" or state.phase != "move":
            return False
        unit = state.units[action[1]]
        return any(u.immobilized and u.side == unit.side and u.pos == unit.pos and u.carrier is None for u in state.units)

    line = _line(sc, lines, beside)
    state = _at(sc, lines, line)
    unit = state.units[lines[line - 2].action[1]]
    stuck = next(u.uid for u in state.units if u.immobilized and u.side == unit.side and u.pos == unit.pos)
    step = next(n for n in range(line, len(lines) + 2) if lines[n - 2].action[0] == "step")
    edited = [*_edited(lines, line, ["pick", stuck]), *lines[line - 1:step - 1]]
    assert _cases(sc, edited) == [(step, "9.3.2")]


@pytest.fixture(scope="module")
def kursk() -> tuple[Scenario, list[LogLine]]:
    sc = load("kursk")  # a bundled board with terrain: Woods, Hills, Walls, a Balka slow movement
    return sc, _game(sc)


def _second_step(state: GameState, action: list[Any]) -> bool:
    """A step of a card that already stepped in this move, from a position on the battlefield."""
    move = state.ctx.move
    if not _steps(state, action) or state.ctx.window is not None:
        return False
    unit = state.units[move.cur]  # type: ignore[union-attr, index]
    last = next((a for a in reversed(state.history) if a[0] in ("step", "go", "pick", "together")), None)
    return unit.pos >= 0 and last is not None and last[0] == "step" and unit.pos != move.source  # type: ignore[union-attr]


def test_8_4_a_second_step_into_slowing_terrain_is_flagged(kursk: Any) -> None:
    sc, lines = kursk
    state = start(sc, setup(sc, 1, shuffle=True))
    rows, near = state.game.terrain_rows, state.game.board.neighbours

    def slowing(state: GameState, pos: int) -> bool:
        return state.terrain[pos] is not None and rows[state.terrain[pos]].slows

    def into(state: GameState, action: list[Any]) -> bool:
        return _second_step(state, action) and any(
            slowing(state, p) and not state.occ[p][1 - state.active] for p in near[state.units[state.ctx.move.cur].pos])  # type: ignore[union-attr, index]

    line = _line(sc, lines, into)
    state = _at(sc, lines, line)
    unit = state.units[state.ctx.move.cur]  # type: ignore[union-attr, index]
    to = next(p for p in near[unit.pos] if slowing(state, p) and not state.occ[p][1 - unit.side])
    assert _cases(sc, _edited(lines, line, ["step", to])) == [(line, "8.4")]


def test_11_0_a_vehicle_entering_a_stream_is_flagged(kursk: Any) -> None:
    """The log played on a board with a clear position, judged with a Stream laid there: the first vehicle to step
    into it (as the first step of its move, so 8.4 does not apply) is flagged."""
    sc, lines = kursk

    def vehicle_in(state: GameState, action: list[Any]) -> bool:
        move = state.ctx.move
        return (_steps(state, action) and state.ctx.window is None and action[1] >= 0
                and state.terrain[action[1]] is None and state.units[move.cur].profile.vehicle  # type: ignore[union-attr, index]
                and state.units[move.cur].pos == move.source)  # type: ignore[union-attr, index]

    line = _line(sc, lines, vehicle_in)
    pos = lines[line - 2].action[1]
    judged = start(sc, setup(sc, 1, shuffle=True))
    stream = next(card for card, row in judged.game.terrain_rows.items() if row.no_vehicles)
    judged.water[pos] = stream
    found = [(v.line, v.case) for v in audit_game(sc, judged, lines[:line - 1], "stream").violations]
    assert found == [(line, "11.0")]



def _hidden_opportunity_firer(meeting: Any, monkeypatch: pytest.MonkeyPatch) -> tuple[int, list[tuple[int, str]]]:
    """Seed 2 of the meeting: the first opportunity shot edited to a face-down card of the firer's side in range of
    the target, judged by an engine whose firers stay face down as they shoot (fire and opportunity fire)."""
    sc, _ = meeting
    lines = _game(sc, 2)

    def hidden(state: GameState, action: list[Any]) -> int | None:
        if not _opportunity_shot(state, action):
            return None
        firer, target = state.units[action[1]], state.units[action[2]]
        return next((u.uid for u in state.units if u.side == firer.side and u.pos >= 0 and state.face_down(u.uid)
                     and u.profile.combat and u.carrier is None and not state.occ[u.pos][1 - u.side]
                     and state.game.board.distance(u.pos, target.pos) <= 2), None)

    line = _line(sc, lines, lambda s, a: hidden(s, a) is not None, 2)
    edit = list(lines[line - 2].action)
    edit[1] = hidden(_at(sc, lines, line, 2), edit)
    spot = CoreState._spot

    def unseen(state: CoreState, uid: int) -> None:
        if sys._getframe(1).f_globals["__name__"] not in ("tcforge.engine.fire", "tcforge.engine.opportunity"):
            spot(state, uid)

    monkeypatch.setattr(CoreState, "_spot", unseen)
    return line, _cases(sc, _edited(lines, line, edit), 2)


def test_001_2_1_spotted_a_hidden_opportunity_firer_left_face_down_is_flagged(
        meeting: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    line, found = _hidden_opportunity_firer(meeting, monkeypatch)
    assert (line, "001 2.1 spotted") in found and {case for _, case in found} == {"001 2.1 spotted", "001 1.2"}


def test_001_1_2_a_hidden_card_making_a_ranged_attack_left_face_down_is_flagged(
        meeting: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """The opportunity shot is a ranged attack (the greedy games give no hidden card a fire play's shot)."""
    line, found = _hidden_opportunity_firer(meeting, monkeypatch)
    assert (line, "001 1.2") in found and {case for _, case in found} == {"001 2.1 spotted", "001 1.2"}


# ------------------------------------------------ 001 Wire and Minefields: generated games with them in the decks
WIRE_DECK = "  deck:\n  - card: Wire\n    count: 2\n  - card: Minefield\n    count: 1\n"  # as departures_movement --wire


def _wired(tmp_path: Path, game: int, copies: int = 0) -> Scenario:
    """Game ``game`` of tools/departures_movement.py --wire [--copies N]: its generated scenario with Wire and
    Minefields in the decks."""
    kind, seed = ("meeting" if game % 2 == 0 else "attack"), game // 2 + 1
    path = tmp_path / f"dyo-{kind}-{seed}-wire.yaml"
    text = jeff_mike(f"dyo-{kind}-{seed}", year=1943, points=400, seed=seed, kind=kind)
    deck = WIRE_DECK if not copies else f"  deck:\n  - card: Wire\n    count: {copies}\n  - card: Minefield\n    count: {copies}\n"
    path.write_text(text.replace("  deck:\n", deck), encoding="utf-8")
    return load(str(path))


@pytest.fixture(scope="module")
def wired(tmp_path_factory: pytest.TempPathFactory) -> tuple[Scenario, list[LogLine]]:
    sc = _wired(tmp_path_factory.mktemp("wire"), 20)  # Wire stops a card of a group in a full zone
    return sc, _game(sc)


def _card_out_of_a_move(sc: Scenario, lines: list[LogLine], card_id: int) -> list[LogLine]:
    """The log up to the first window that is no entry window where its player holds ``card_id``: the card played."""
    state = start(sc, setup(sc, 1, shuffle=True))
    for i, entry in enumerate(lines):
        window, player = state.ctx.window, state.current_player()
        if window is not None and window.kind != "entry" and player in (0, 1):
            held = [u for u in state.hand[player] if state.units[u].profile.card_id == card_id]
            if held:
                return _edited(lines, i + 2, ["interrupt", held[0]])
        state.apply_action(action_from_json(entry.action))
    raise AssertionError("no window with the card in hand")


def test_001_wire_played_on_no_moving_card_is_flagged(wired: Any) -> None:
    sc, lines = wired
    edited = _card_out_of_a_move(sc, lines, WIRE)
    found = _cases(sc, edited)
    assert found and found[0] == (len(edited) + 1, "001 Wire") and {case for _, case in found} <= {"001 Wire", "engine"}


def test_001_minefields_a_minefield_played_on_no_moving_card_is_flagged(wired: Any) -> None:
    sc, lines = wired
    edited = _card_out_of_a_move(sc, lines, MINEFIELD)
    found = _cases(sc, edited)
    assert found and found[0] == (len(edited) + 1, "001 Minefields")
    assert {case for _, case in found} <= {"001 Minefields", "engine"}


def test_001_wire_stop_a_wired_card_moving_on_is_flagged(wired: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """An engine whose Wire does not end the wired card's move: the card goes on, and is flagged."""
    sc, _ = wired
    monkeypatch.setattr(movement, "stop_mover", lambda state: None)
    found = {case for _, case in _cases(sc, _game(sc))}
    assert found == {"001 Wire stop"}


def test_001_wire_discard_a_wire_kept_after_its_turn_is_flagged(wired: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """An engine that never discards Wire as the wired card's owner begins his next turn."""
    sc, _ = wired
    monkeypatch.setattr(engine_wire, "lifted", lambda state, unit: False)
    found = {case for _, case in _cases(sc, _game(sc))}
    assert found == {"001 Wire discard"}



def test_001_victory_break_through_an_exit_the_defender_may_not_answer_is_flagged(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Games 345 and 1059 of tools/departures_movement.py --wire --copies 3 (the defender holds Wire or a Minefield
    as the attacker exits), played by an engine whose exit opens no window: the cards leave at once."""
    def at_once(state: GameState, action: Any) -> None:
        play = state.ctx.play
        assert play is not None
        play.exiting = [int(u) for u in action.cards]
        breakthrough.leave(state)

    monkeypatch.setattr(breakthrough, "exit_cards", at_once)
    for game in (345, 1059):
        sc = _wired(tmp_path, game, copies=3)
        assert {case for _, case in _cases(sc, _game(sc))} == {"001 break-through window"}


def test_10_0_a_card_leaving_a_melee_it_began_not_the_way_it_came_is_flagged(
        meeting: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """An engine without the way back (movement.melee_exit_way_back off), judged with it on."""
    sc, _ = meeting
    honest = games.new_game

    def no_way_back(scenario: Scenario, seed: int, **kw: Any) -> GameState:
        state = honest(scenario, seed, **kw)
        state.game = replace(state.game, rules=replace(state.game.rules, movement_melee_exit_way_back=False))
        return state

    monkeypatch.setattr(games, "new_game", no_way_back)
    found = _cases(sc, _game(sc))
    assert found and {case for _, case in found} == {"10.0"}


def test_20_0_victory_a_hill_held_at_the_last_turn_the_engine_misses_is_flagged() -> None:
    """Hill 621, seed 13: the Soviets hold the three hill positions at the end of turn 16. An engine judging the hold
    at the end of turn 17 (never played) ends the game at the turn limit, the Germans winning by default."""
    honest = load("hill-621")
    playout, result = play_game(honest, 13, ("greedy", "greedy"))
    assert result.condition == "take-the-hill"
    late = load("hill-621")
    next(c for c in late.victory if c.id == "take-the-hill").at_end_of_turn = 17  # type: ignore[attr-defined]
    missed, _ = play_game(late, 13, ("greedy", "greedy"))
    found = audit_game(honest, start(late, setup(late, 13)), missed.log, "late").violations
    assert [(v.line, v.case) for v in found] == [(len(playout.log) + 1, "20.0 victory")]


def test_8_6_a_squad_firing_while_carried_is_flagged(attack: Any) -> None:
    """The situation built, not searched for (no greedy game fires with a squad still carried): the attack's set-up
    with the squad of the first fire play's position loaded on a vehicle there, its own shot moved up to the play's first."""
    sc, lines = attack
    line = _line(sc, lines, lambda s, a: a[0] == "shoot" and s.phase == "fire" and s.ctx.window is None)
    state = _at(sc, lines, line)
    firer = state.units[lines[line - 2].action[1]]
    loaded = start(sc, setup(sc, 1, shuffle=True))
    squad = next(u for u in loaded.units if u.side == firer.side and u.profile.infantry and u.pos == firer.pos
                 and state.units[u.uid].pos == u.pos and not state.units[u.uid].moved)
    carrier = next(u for u in loaded.units if u.side == firer.side and u.profile.vehicle and u.pos == squad.pos)
    squad.carrier = carrier.uid
    edit = next(e.action for e in lines[line - 1:] if e.action[0] == "shoot" and e.action[1] == squad.uid)  # its own shot, moved up
    found = [(v.line, v.case) for v in audit_game(sc, loaded, _edited(lines, line, edit), "carried").violations]
    assert found == [(line, "8.6")]


def test_001_melee_1_orders_interleaving_in_a_declared_melee_are_flagged(
        attack: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """An engine whose declared melee hands the order to the other side after the first order of a round (the
    greedy games never interleave): the active side's next order, after the other side's, is flagged."""
    sc, _ = attack
    assert sc_rules(sc).melee_procedure == "declared"
    apply, advance = engine_melee.apply, engine_melee.advance

    def to_act(state: GameState) -> None:
        m = state.ctx.melee
        if m is not None and m.stage == "targets" and m.todo:
            m.to_act = state.units[m.todo[0]].side

    def interleaved(state: GameState, action: Any) -> None:
        apply(state, action)
        m = state.ctx.melee
        if (m is not None and m.stage == "targets" and m.todo and m.choosing == state.active
                and all(state.units[u].side == state.active for u in m.todo) and m.at is not None):
            m.choosing = 1 - state.active  # the other side's cards go now, then the rest; the round ends after
            m.todo = [*sorted(u for u in state.occ[m.at][1 - state.active]), *m.todo]
        to_act(state)

    def advanced(state: GameState) -> bool:
        done = advance(state)
        to_act(state)
        return done

    monkeypatch.setitem(engine_state._APPLY, "melee", interleaved)
    monkeypatch.setattr(engine_melee, "advance", advanced)
    found = _cases(sc, _game(sc))
    assert found and {case for _, case in found} == {"001 melee procedure"}


# ------------------------------------------------ every case of the referee has its edited log
# case -> the test proving it is flagged ("file::test" outside this file); a case the referee adds needs a row here
CORPUS = {
    "6.2": "test_owner_placing.py::test_6_2_the_referee_flags_a_set_up_card_laid_outside_its_zone",
    "8.5 arrival": "test_owner_placing.py::test_8_5_8_6_1_the_referee_flags_an_arrival_into_a_lone_enemy_tank",
    "8.6.1": "test_owner_placing.py::test_8_5_8_6_1_the_referee_flags_an_arrival_into_a_lone_enemy_tank",
    "10.0 arrival": "test_owner_placing.py::test_10_0_the_referee_flags_arriving_cards_that_are_not_their_melees_attackers",
    "4.0": "test_referee.py::test_referee_catches_an_engine_breaking_the_rule",
    "5.0": "test_referee.py::test_5_0_moving_after_firing_in_the_same_turn_is_caught",
    "6.3": "test_referee.py::test_6_3_overstacking_at_the_end_of_the_side_turn_is_caught",
    "6.4": "test_6_4_a_hand_above_its_limit_at_the_turns_end_is_flagged",
    "20.0": "test_referee.py::test_20_0_cards_arriving_before_their_turn_are_caught",
    "5.0 a": "test_referee.py::test_referee_catches_an_engine_breaking_the_rule",
    "8.0": "test_referee.py::test_8_0_a_step_of_two_positions_is_caught",
    "8.1": "test_referee.py::test_20_0_rule_5_an_arrival_is_one_position_of_the_cards_move",
    "8.3": "test_8_3_a_card_stepping_into_the_reserve_from_the_front_is_flagged",
    "8.5": "test_referee.py::test_8_5_a_squad_entering_clear_ground_held_by_enemy_tanks_alone_is_caught",
    "5.0 b": "test_5_0_b_a_card_firing_from_another_position_than_its_plays_is_flagged",
    "9.1": "test_referee.py::test_9_1_9_2_fire_out_of_range_or_sight_is_caught",
    "9.2": "test_referee.py::test_9_1_9_2_fire_out_of_range_or_sight_is_caught",
    "001 ranged fire and melee": "test_001_ranged_fire_and_melee_a_shot_into_a_melee_is_flagged",
    "001 2.0": "test_001_2_0_an_opportunity_shot_without_the_option_is_flagged",
    "001 2.1 once": "test_001_2_1_an_opportunity_shot_twice_in_a_turn_is_flagged",
    "001 2.1 target": "test_001_2_1_an_opportunity_shot_at_a_card_that_did_not_move_is_flagged",
    "001 2.1 firer": "test_001_2_1_an_opportunity_shot_by_a_card_in_reserve_is_flagged",
    "001 2.1 due": "test_001_2_1_an_opportunity_shot_due_and_not_offered_is_flagged",
    "001 1.0 hidden target": "test_001_1_0_a_shot_at_a_face_down_card_is_flagged",
    "001 1.0": "test_001_1_0_cards_an_enemy_spots_left_face_down_at_the_turns_end_are_flagged",
    "001 1.6": "test_001_1_6_cards_no_enemy_sees_left_face_up_at_the_turns_end_are_flagged",
    "10.0 one round": "test_10_0_one_round_a_melee_chosen_where_the_sides_do_not_meet_is_flagged",
    "10.0 once": "test_10_0_a_card_ordered_twice_in_a_melee_round_is_flagged",
    "10.0 priorities": "test_10_0_a_tank_firing_at_a_gun_while_enemy_tanks_are_there_is_flagged",
    "001 vehicles vs infantry": "test_001_vehicles_vs_infantry_a_vehicle_firing_he_at_a_gun_in_melee_is_flagged",
    "16.0": "test_referee.py::test_16_0_a_victory_the_engine_misses_is_caught_at_the_first_moment",
    "001 capture": "test_001_victory_attack_a_capture_the_engine_misses_is_flagged",
    "001 Minefields": "test_001_minefields_a_minefield_played_on_no_moving_card_is_flagged",
    "001 Wire": "test_001_wire_played_on_no_moving_card_is_flagged",
    "001 Wire stop": "test_001_wire_stop_a_wired_card_moving_on_is_flagged",
    "001 Wire discard": "test_001_wire_discard_a_wire_kept_after_its_turn_is_flagged",
    "8.4": "test_8_4_a_second_step_into_slowing_terrain_is_flagged",
    "11.0": "test_11_0_a_vehicle_entering_a_stream_is_flagged",
    "9.3.2": "test_9_3_2_an_immobilised_card_picked_to_move_is_flagged",
    "001 break-through window": "test_001_victory_break_through_an_exit_the_defender_may_not_answer_is_flagged",
    "10.0": "test_10_0_a_card_leaving_a_melee_it_began_not_the_way_it_came_is_flagged",
    "20.0 victory": "test_20_0_victory_a_hill_held_at_the_last_turn_the_engine_misses_is_flagged",
    "001 2.1 spotted": "test_001_2_1_spotted_a_hidden_opportunity_firer_left_face_down_is_flagged",
    "001 1.2": "test_001_1_2_a_hidden_card_making_a_ranged_attack_left_face_down_is_flagged",
    "001 break-through": "test_referee_break_through.py::test_001_victory_conditions_break_through_illegal_exits_are_caught",
    "8.6": "test_8_6_a_squad_firing_while_carried_is_flagged",
    "001 melee procedure": "test_001_melee_1_orders_interleaving_in_a_declared_melee_are_flagged",
}
# cases whose edited log is still to be written (issue 33 item 11), each with why: the list only shrinks
PENDING: dict[str, str] = {}


def test_every_case_of_the_referee_has_an_edited_log_in_the_corpus() -> None:
    cases = {c.case for c in CASES}
    assert set(CORPUS) | set(PENDING) == cases, "a referee case with no test in CORPUS (or a row for no case)"
    assert not set(CORPUS) & set(PENDING)
    here = Path(__file__).parent
    for case, test in CORPUS.items():
        where, name = test.split("::") if "::" in test else (Path(__file__).name, test)
        source = next(p for p in (here / where, here.parent / where) if p.exists()).read_text(encoding="utf-8")
        assert f"def {name}(" in source, f"{case}: {test} is no test"
