"""The referee (tcforge scenario audit): tampered logs and engines playing by bent rules are caught, with line and case."""
from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from layoutkit import greedy_log
from tcforge.engine import movement, spotting
from tcforge.engine.core import CHANCE
from tcforge.engine.replay import LogLine
from tcforge.engine.state import GameState
from tcforge.engine.units import Unit
from tcforge.play.games import play_game, read_log, write_log
from tcforge.play.hooks import make_game
from tcforge.play.referee import audit_game, audit_log
from tcforge.play.setup import setup, start
from tcforge.scenarios.loading import load
from tcforge.scenarios.special_rules import ReinforcementArrival

HILL_LOG_SEED = 1


def _hill_start(turn: int = 1, play: str = "move") -> tuple[Any, GameState, list[LogLine]]:
    """Hill 621, seed 1, replayed up to the Soviet first ``play`` of ``turn`` (side 1, two Supply points)."""
    sc = load("hill-621")
    log = greedy_log(sc, HILL_LOG_SEED)  # the squads laid out where the tests' positions expect them
    state = start(sc, setup(sc, HILL_LOG_SEED))
    first_move = next(i for i, entry in enumerate(log)
                      if entry.actor == "side 1" and entry.action[0] == play and entry.turn == turn)
    prefix = log[:first_move]
    for line in prefix:
        state.apply_action(tuple(line.action))
    return sc, state, prefix


def _drive(state: GameState, actions: list[list[Any]]) -> list[LogLine]:
    """Apply the side's actions unchecked, answering chance (a 10: a miss) and passing the opponent's windows."""
    out: list[LogLine] = []

    def settle() -> None:
        while not state.is_terminal() and (state.current_player() == CHANCE or state.ctx.window is not None):
            if state.current_player() == CHANCE:
                action = list(state.chance_outcomes()[-1][0])
                out.append(LogLine(state.turn, "chance", action))
            else:
                action = ["pass"]
                out.append(LogLine(state.turn, f"side {state.current_player()}", action))
            state.apply_action(tuple(action))

    for action in actions:
        settle()
        out.append(LogLine(state.turn, f"side {state.current_player()}", action))
        state.apply_action(tuple(action))
    settle()
    return out


def _audit_tampered(actions: list[list[Any]], turn: int = 1, play: str = "move") -> tuple[list[LogLine], Any]:
    sc, state, prefix = _hill_start(turn, play)
    lines = prefix + _drive(state, actions)
    fresh = start(sc, setup(sc, HILL_LOG_SEED))
    return lines, audit_game(sc, fresh, lines, "tampered")


def _line_of(lines: list[LogLine], action: list[Any], after: int = 0) -> int:
    """The file line (the set-up is line 1) of the first action equal to ``action`` after file line ``after``."""
    return next(i + 2 for i, entry in enumerate(lines) if i + 2 > after and entry.action == action)


def test_referee_finds_nothing_in_an_untouched_prefix() -> None:
    sc, _state, prefix = _hill_start()
    assert audit_game(sc, start(sc, setup(sc, HILL_LOG_SEED)), prefix).violations == []


def test_8_0_a_step_of_two_positions_is_caught() -> None:
    lines, audit = _audit_tampered([["move", 35], ["pick", 15], ["go"], ["step", 21]])  # 35 -> 21: two ranks, two columns
    assert [(v.line, v.case) for v in audit.violations if v.case.startswith("8.")] == [(_line_of(lines, ["step", 21]), "8.0")]


def test_5_0_moving_after_firing_in_the_same_turn_is_caught() -> None:
    # turn 7: the squad on G3-3 fires at the Germans on G2-2, then moves on to G3-4 in a second play
    lines, audit = _audit_tampered([["fire", 8], ["shoot", 20, 50, "sa"], ["done"],
                                    ["move", 8], ["pick", 20], ["go"], ["step", 9]], turn=7, play="fire")
    step = _line_of(lines, ["step", 9], after=_line_of(lines, ["move", 8]))
    assert [(v.line, v.case) for v in audit.violations] == [(step, "5.0")]
    assert "moves after firing" in audit.violations[0].what


_JOIN_E6 = [["move", 35], ["pick", 15], ["pick", 16], ["pick", 21], ["together", 16, 15], ["together", 21, 15],
            ["go"], ["step", 34], ["end"]]  # three squads from f6 join the two at e6, as one group (8.2)


def _stay_overstacked(bent: pytest.MonkeyPatch) -> None:
    """The step to e6 is not a legal one (it ends the move with five where three may stand); the engine applying it
    unchecked would take the group back to f6 (8.0, movement._go_back), so these tests keep it there to get a stack
    over the limits at the turn's end."""
    bent.setattr(movement, "_go_back", lambda _state, _unit, _group: None)


def test_6_3_overstacking_at_the_end_of_the_side_turn_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    # five combat cards where three may stand; an engine forgetting 6.3 asks for no unstacking at the turn's end
    # (the referee replays through that engine too, but counts the stack itself)
    sc, state, prefix = _hill_start()
    with monkeypatch.context() as bent:
        bent.setattr(movement, "over_limit", lambda _state, _side: [])
        _stay_overstacked(bent)
        lines = prefix + _drive(state, _JOIN_E6)
        assert state.turn == 2  # side 1 ended its turn 1 on five
        audit = audit_game(sc, start(sc, setup(sc, HILL_LOG_SEED)), lines)
    assert [(v.line, v.case) for v in audit.violations] == [(_line_of(lines, ["end"]), "6.3")]
    assert "5 combat card(s)" in audit.violations[0].what


def test_6_3_unstacking_a_card_from_a_position_within_the_limits_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    # the engine asks side 1 to unstack e6 at its turn's end; the log eliminates squad 18 on G7-2 (within
    # the limits) first, then two of e6's: the turn ends with three at e6, only the first unstacking is wrong
    _stay_overstacked(monkeypatch)
    sc, state, prefix = _hill_start()
    lines = prefix + _drive(state, _JOIN_E6)
    assert state.phase == "discard" and ("unstack", 18) not in state.legal_actions()
    lines += _drive(state, [["unstack", 18], ["unstack", 15], ["unstack", 16]])
    assert (state.turn, state.active) == (2, 0)
    audit = audit_game(sc, start(sc, setup(sc, HILL_LOG_SEED)), lines)
    assert [(v.line, v.case) for v in audit.violations] == [(_line_of(lines, ["unstack", 18]), "6.3")]
    assert "within the limits" in audit.violations[0].what


def test_log_a_line_naming_the_wrong_actor_is_caught() -> None:
    sc, state, prefix = _hill_start()
    lines = prefix + _drive(state, [["move", 35], ["pick", 15], ["go"], ["step", 28]])
    step = _line_of(lines, ["step", 28])
    lines[step - 2] = LogLine(lines[step - 2].turn, "side 0", lines[step - 2].action)
    audit = audit_game(sc, start(sc, setup(sc, HILL_LOG_SEED)), lines)
    assert [(v.line, v.case) for v in audit.violations] == [(step, "log")]


# ------------------------------------------------ engines playing by bent rules
def _bent_game(scenario: str, seed: int, **params: Any) -> tuple[list[LogLine], Any, Any]:
    """A greedy game played by an engine whose parameters are bent, audited by the scenario's own rules."""
    honest = load(scenario)
    bent = load(scenario)
    bent.params.update(params)
    playout, _ = play_game(bent, seed, ("greedy", "greedy"))
    rules = make_game(honest).rules
    audit = audit_game(honest, start(bent, setup(bent, seed)), playout.log, rules=rules)
    own = audit_game(bent, start(bent, setup(bent, seed)), playout.log)
    return playout.log, audit, own


@pytest.mark.parametrize("scenario, case, params, action", [
    ("hill-621", "5.0 a", {"turn.cards_per_action": 5, "stacking.combat_cards": 5}, "step"),  # four or five cards a play
    ("hill-621", "8.1", {"movement.slow_positions": 2}, "step"),  # slow squads moving two positions
    ("kursk", "4.0", {"turn.supply_points": 3, "turn.max_supply_points": 4}, ""),  # a third Supply point spent
])
def test_referee_catches_an_engine_breaking_the_rule(scenario: str, case: str, params: dict[str, Any], action: str) -> None:
    lines, audit, own = _bent_game(scenario, 1, **params)
    caught = [v for v in audit.violations if v.case == case]
    assert caught, [(v.line, v.case, v.what) for v in audit.violations][:5]
    assert lines[caught[0].line - 2].action[0] == action or not action
    # by the engine's own (bent) rules that line is clean: it is the bent rule that is caught
    assert caught[0].line not in {v.line for v in own.violations if v.case == case}


def test_6_3_an_engine_stacking_four_combat_cards_is_caught() -> None:
    _lines, audit, _own = _bent_game("hill-621", 1, **{"stacking.combat_cards": 4})
    assert any(v.case == "6.3" and "4 combat card(s)" in v.what for v in audit.violations)


def test_16_0_a_victory_declared_before_it_holds_is_caught() -> None:
    honest = load("kursk")
    early = load("kursk")
    cond = next(c for c in early.victory if c.id == "breakthrough")
    cond.count = 2
    playout, result = play_game(early, 1, ("greedy", "greedy"))
    assert result.condition == "breakthrough"
    audit = audit_game(honest, start(early, setup(early, 1)), playout.log)
    assert [(v.line, v.case) for v in audit.violations] == [(len(playout.log) + 1, "16.0")]
    assert "does not hold" in audit.violations[0].what


def test_16_0_a_victory_the_engine_misses_is_caught_at_the_first_moment() -> None:
    honest = load("kursk")
    playout, result = play_game(honest, 1, ("greedy", "greedy"))
    assert result.condition == "breakthrough"
    ended_at = len(playout.log) + 1  # the honest engine's last line
    late = load("kursk")
    next(c for c in late.victory if c.id == "breakthrough").count = 4
    playout_late, _ = play_game(late, 1, ("greedy", "greedy"))
    audit = audit_game(honest, start(late, setup(late, 1)), playout_late.log)
    first = next(v for v in audit.violations if v.case == "16.0")
    assert first.line == ended_at and "the game goes on" in first.what


# ------------------------------------------------------------------ the CLI
def test_audit_cli_prints_log_line_case_and_exits_1(tmp_path: Path, cli) -> None:
    sc, state, prefix = _hill_start()
    lines = prefix + _drive(state, [["move", 35], ["pick", 15], ["go"], ["step", 21]])
    log = tmp_path / "g.jsonl"
    with log.open("w", encoding="utf-8") as handle:
        write_log(handle, setup(sc, HILL_LOG_SEED), lines, sc, folder=tmp_path)
    code, out, _ = cli("scenario", "audit", str(log))  # made by hand, not by its seed's agents: refused at line 1
    assert code == 1 and out.splitlines()[0].startswith(f"{log}:1: rule log: the set-up records no agents")
    code, out, _ = cli("scenario", "audit", str(log), "--unsigned")  # asked for: the referee judges every line
    shot = _line_of(lines, ["step", 21])
    assert code == 1 and out.splitlines()[0].startswith(f"{log}:{shot}: rule 8.0: ")
    assert "1 violation(s)" in out.splitlines()[-1]
    code, out, _ = cli("scenario", "audit", str(log), "--format", "json", "--unsigned")
    data = json.loads(out)
    assert code == 1 and data["violations"] == 1 and data["logs"][0]["violations"][0]["line"] == shot


def test_audit_cli_clean_log_exits_0_and_bad_log_one_line(tmp_path: Path, cli) -> None:
    log = tmp_path / "ok.jsonl"
    code, _, _ = cli("scenario", "play", "kursk", "--seed", "1", "--quiet", "--log", str(log))
    assert code == 0
    code, out, _ = cli("scenario", "audit", str(log))
    assert code == 0 and out.strip().endswith("no violation")
    bad = tmp_path / "bad.jsonl"
    bad.write_text("not json\n", encoding="utf-8")
    code, out, _ = cli("scenario", "audit", str(bad))
    assert code == 1 and out.splitlines()[0].startswith(f"{bad}:1: rule log: not a tcforge game log")
    assert audit_log(bad).error == "unreadable"
    assert read_log(log)[0].scenario == "kursk"


def test_20_0_cards_arriving_before_their_turn_are_caught() -> None:
    honest = load("hill-621")
    early = load("hill-621")
    group = early.reinforcement("soviet-1")
    group.turn = 3
    playout, _ = play_game(early, 1, ("greedy", "greedy"))
    audit = audit_game(honest, start(early, setup(early, 1)), playout.log)
    arrivals = [v for v in audit.violations if v.case == "20.0" and "as no reinforcement" in v.what]
    placed = {i + 2 for i, line in enumerate(playout.log) if line.turn == 3 and line.action[0] == "place"
              and line.actor == "side 1"}
    assert arrivals and {v.line for v in arrivals} == placed  # the lines that laid the T-34s in turn 3


def test_8_5_a_squad_entering_clear_ground_held_by_enemy_tanks_alone_is_caught() -> None:
    sc, state, prefix = _hill_start()
    fresh = start(sc, setup(sc, HILL_LOG_SEED))
    tank = next(p for p in state.game.profiles.values() if p.nation == "german" and p.tank)
    for st in (state, fresh):  # a German tank on the clear position f5, next to the Soviet squads on f6
        assert st.terrain[29] is None and not st.occ[29][1]
        st.units.append(Unit(len(st.units), 0, tank, 29))
        st.occ[29][0].append(len(st.units) - 1)
    lines = prefix + _drive(state, [["move", 35], ["pick", 15], ["go"], ["step", 29]])
    audit = audit_game(sc, fresh, lines)
    assert [(v.line, v.case) for v in audit.violations] == [(_line_of(lines, ["step", 29]), "8.5")]


def _with_german_squads(state: GameState, fresh: GameState, where: tuple[int, ...]) -> list[int]:
    squad = next(p for p in state.game.profiles.values() if p.nation == "german" and p.infantry)
    uids = []
    for st in (state, fresh):
        uids = []
        for pos in where:
            st.units.append(Unit(len(st.units), 0, squad, pos))
            st.occ[pos][0].append(len(st.units) - 1)
            uids.append(len(st.units) - 1)
    return uids


@pytest.mark.parametrize("case, target_pos", [
    ("9.2", 20),  # c4 from c6 over the Walls of c5
    ("9.1", 14),  # c3 from c6: three ranks away
])
def test_9_1_9_2_fire_out_of_range_or_sight_is_caught(case: str, target_pos: int) -> None:
    sc, state, prefix = _hill_start()
    fresh = start(sc, setup(sc, HILL_LOG_SEED))
    _, far = _with_german_squads(state, fresh, (27, target_pos))  # one next door, so the Soviets may fire
    shot = ["shoot", 12, far, "sa"]
    lines = prefix + _drive(state, [["fire", 32]]) + [LogLine(1, "side 1", shot)]  # a line edited to the far target
    audit = audit_game(sc, fresh, lines)
    # judged before the engine applies it; the engine then refuses the shot, and the audit stops there
    assert [(v.line, v.case) for v in audit.violations] == [(len(lines) + 1, case), (len(lines) + 1, "engine")]


def test_20_0_rule_5_infantry_arriving_without_its_transport_is_caught() -> None:
    # an engine given three Trucks for soviet-2's six Guards Squads places three of them on foot (turn 8)
    honest = load("hill-621")
    bent = load("hill-621")
    group = bent.reinforcement("soviet-2")
    trucks = next(e for e in group.forces if e.loaded_on is None and any(f.loaded_on == e.card_id for f in group.forces))
    trucks.count = 3
    playout, _ = play_game(bent, 1, ("greedy", "greedy"))
    audit = audit_game(honest, start(bent, setup(bent, 1)), playout.log)
    state = start(bent, setup(bent, 1))
    arrived_at = None
    for i, line in enumerate(playout.log):  # judged once the owner has placed the whole group
        state.apply_action(tuple(line.action))
        if "soviet-2" in state.arrivals and state.phase != "arrive":
            arrived_at = i + 2
            break
    assert [(v.line, v.case) for v in audit.violations] == [(arrived_at, "20.0")] * 3
    assert all("no transport left" in v.what for v in audit.violations)


def test_20_0_rule_5_an_arrival_is_one_position_of_the_cards_move() -> None:
    # an engine counting no movement for the arrival lets soviet-1's T-34s (fast) go two positions on in turn 5
    honest = load("hill-621")
    bent = load("hill-621")
    bent.rules(ReinforcementArrival)[0].move_positions = 0
    playout, _ = play_game(bent, 1, ("greedy", "greedy"))
    audit = audit_game(honest, start(bent, setup(bent, 1)), playout.log)
    assert audit.violations and {v.case for v in audit.violations} == {"8.1"}
    first = audit.violations[0]
    assert playout.log[first.line - 2].action[0] == "step" and "after its arrival" in first.what
    # the honest engine's game of the same seed is clean
    playout, _ = play_game(honest, 1, ("greedy", "greedy"))
    assert audit_game(honest, start(honest, setup(honest, 1)), playout.log).violations == []


def test_001_1_0_a_squad_entering_clear_ground_held_by_a_hidden_enemy_tank_is_not_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """With 001's hidden units a face-down tank bars nobody (the project's reading): the referee agrees with the engine.
    (No end-of-turn spotting check here, so the tank set down beside the squads stays unseen in both replays.)"""
    monkeypatch.setattr(spotting, "check", lambda state: None)
    sc, state, prefix = _hill_start()
    fresh = start(sc, setup(sc, HILL_LOG_SEED))
    tank = next(p for p in state.game.profiles.values() if p.nation == "german" and p.tank)
    for st in (state, fresh):
        st.game = replace(st.game, rules=replace(st.game.rules, hidden_units=True))
        st.units.append(Unit(len(st.units), 0, tank, 29))  # face down: no Soviet card has spotted it
        st.occ[29][0].append(len(st.units) - 1)
    assert state.face_down(len(state.units) - 1)
    lines = prefix + _drive(state, [["move", 35], ["pick", 15], ["go"], ["step", 29]])
    bent = "001 1."  # the engine's spotting is switched off here: the referee's own end-of-turn spotting says so
    assert [v.case for v in audit_game(sc, fresh, lines).violations if not v.case.startswith(bent)] == []
    seen = start(sc, setup(sc, HILL_LOG_SEED))
    seen.game = replace(seen.game, rules=replace(seen.game.rules, hidden_units=True))
    seen.units.append(Unit(len(seen.units), 0, tank, 29))
    seen.occ[29][0].append(len(seen.units) - 1)
    seen.spotted.add(len(seen.units) - 1)  # the same tank, face up: the referee's 8.5 holds
    assert [v.case for v in audit_game(sc, seen, lines).violations if not v.case.startswith(bent)] == ["8.5"]
