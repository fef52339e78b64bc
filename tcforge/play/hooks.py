"""A scenario's engine game: the board, the parameters, and the scenario's rules as the hooks the engine calls.

Victory conditions (:mod:`tcforge.scenarios.victory`), reinforcements and
special rules (:mod:`tcforge.scenarios.special_rules`) become what the frozen
:class:`~tcforge.engine.game.Game` holds, given in the one call that makes it:
its ``ending`` (the conditions, the turn limit, the cap), ``turn_hooks``,
``reinforcements_hook`` and ``scenario_rules``; the engine's state itself knows
nothing of scenarios. :mod:`tcforge.play.setup` places the forces on the board
this makes.
"""
from __future__ import annotations

from typing import Any

from tcforge.data.dataset import GameData
from tcforge.engine import arrivals, placing
from tcforge.engine.board import RESERVE
from tcforge.engine.core import captured
from tcforge.engine.game import Game
from tcforge.engine.melee import began_melee
from tcforge.engine.outcome import DEFAULT_CAP, Ending, EndKind, Outcome
from tcforge.engine.state import GameState
from tcforge.engine.units import Unit
from tcforge.play.victory import AT_ONCE, AT_TURN_END, Judge
from tcforge.scenarios.format import ForceEntry, Reinforcement
from tcforge.scenarios.grid import Position
from tcforge.scenarios.scenario import Scenario
from tcforge.scenarios.special_rules import (
    AttachedAmmunition,
    FireTypesAllowed,
    HandLimitGrace,
    LimitedAP,
    NoReturnToReserve,
    PlayBeforeTurn,
    ReinforcementArrival,
    SideSupply,
)
from tcforge.scenarios.victory import VictoryCondition


def turn_cap(scenario: Scenario) -> int:
    """The last game turn: the scenario's turn limit, or the cap its 'ends' states (the engine's DEFAULT_CAP if
    neither)."""
    if scenario.turn_limit is not None:
        return scenario.turn_limit
    return scenario.ends.cap if scenario.ends is not None else DEFAULT_CAP


def engine_pos(scenario: Scenario, pos: Position) -> int:
    return (pos.row - 1) * scenario.grid.columns + (pos.column - 1)


def _game_data(scenario: Scenario) -> GameData:
    """What the engine reads of the data: the scenario's own cards and ruleset, as it was loaded (the data is not
    read again; the engine reads no other ruleset)."""
    return GameData(scenario.cards, scenario.ruleset, {scenario.ruleset.id: scenario.ruleset})


def make_game(scenario: Scenario) -> Game:
    """The scenario's game, built in one call: its board and parameters, and its rules as the engine's hooks."""
    grid = scenario.grid
    labels = tuple(grid.label(Position(r, c)) for r in range(1, grid.rows + 1) for c in range(1, grid.columns + 1))
    roles = [scenario.side(s).role for s in grid.sides]
    hooks = ScenarioHooks(scenario)
    return Game.create(
        _game_data(scenario), columns=grid.columns, ranks_per_side=grid.ranks_per_side, overrides=dict(scenario.params),
        labels=labels, name=scenario.id,
        ending=Ending(scenario.turn_limit, turn_cap(scenario), hooks),
        attacker=roles.index("attacker") if roles.count("attacker") == 1 else None,
        initiative=(tuple(scenario.initiative.modifiers.get(side, 0) for side in grid.sides),
                    scenario.initiative.winner == "low"),
        turn_hooks=(hooks.turn_start,),
        reinforcements_hook=hooks.card_reinforcements,
        reserve_return=not scenario.rules(NoReturnToReserve),
        scenario_rules=hooks,
        side_supply=dict(hooks.supply))  # 4.0 a: a side's own Supply points (a designer's lever), read by the engine


def hooks_of(game: Game) -> ScenarioHooks:
    """The scenario's hooks of a game :func:`make_game` made (the engine knows them only as its ScenarioRules)."""
    hooks = game.scenario_rules
    if not isinstance(hooks, ScenarioHooks):
        raise TypeError(f"{game.name}: not a scenario's game (no ScenarioHooks)")
    return hooks


class ScenarioHooks:
    """The scenario's victory conditions, reinforcements and special rules, as the engine calls them."""

    def __init__(self, scenario: Scenario):
        self.scenario = scenario
        self.sides = list(scenario.grid.sides)
        self.judge = Judge(scenario, lambda p: engine_pos(scenario, p))  # the victory conditions (16.0, 17.x, 20.0)
        self.limited = {cid: r for r in scenario.rules(LimitedAP) for cid in r.card_ids}
        self.ammo = scenario.rules(AttachedAmmunition)
        self.allowed_fire = next((set(r.types) for r in scenario.rules(FireTypesAllowed)), None)
        self.before_turn = {r.card_id: r.before_turn for r in scenario.rules(PlayBeforeTurn)}
        self.grace = scenario.rules(HandLimitGrace)
        self.arrival = scenario.rules(ReinforcementArrival)
        self.supply = {self.sides.index(s): r.points for r in scenario.rules(SideSupply) for s in r.sides}
        self._goals: dict[int, tuple[int, ...]] = {}
        self._spots: dict[tuple[int, int], tuple[int, ...]] = {}

    def side_index(self, side_id: str) -> int:
        return self.sides.index(side_id)

    def goals(self, side: int) -> tuple[int, ...]:
        """The positions a side must take or hold to win, for the players' plans."""
        known = self._goals.get(side)
        if known is not None:
            return known
        out: list[int] = []
        for cond in self.scenario.victory:
            if self.sides[side] in cond.winners(self.sides):
                out.extend(self.judge.targets_of(cond.id, self.sides[side]))
        self._goals[side] = tuple(dict.fromkeys(out))
        return self._goals[side]

    def arrival_spots(self, side: int, turn: int) -> tuple[int, ...]:
        """The positions where the side's reinforcement groups of game turn ``turn`` come onto the table, for the
        players' plans (20.0 rule 5: they come in over the stacking limits, whatever already stands there)."""
        known = self._spots.get((side, turn))
        if known is None:
            groups = self.scenario.side(self.sides[side]).reinforcements
            known = self._spots[side, turn] = tuple(dict.fromkeys(
                engine_pos(self.scenario, p) for g in groups if g.turn == turn and not g.to_reserve for p in g.positions))
        return known

    def arrival_turns(self, side: int) -> tuple[int, ...]:
        """The game turns the side's scheduled reinforcement groups arrive, in order, for the players' plans (a group
        the Reinforcements card brings, 17.5, has no turn)."""
        groups = self.scenario.side(self.sides[side]).reinforcements
        return tuple(sorted({g.turn for g in groups if g.turn is not None}))

    def instant(self, state: GameState) -> Outcome | None:
        """Conditions met the moment they happen (16.0): control of positions, elimination. With victory checked
        at the end of a turn (001) the engine calls this as each player's turn ends, the first player's too."""
        if state.game.rules.victory_check not in ("instant", "end_of_turn"):
            return None
        return self._control_conditions(state)

    def _met(self, state: GameState, kinds: tuple[type[VictoryCondition], ...], end_of_game_turn: bool) -> Outcome | None:
        """The first condition of ``kinds`` met now (tcforge.play.victory judges them, for the referee too)."""
        control = captured if state.game.rules.victory_zone_taken == "capture" else None  # 001, or 16.0's control
        return next(self.judge.met(state, state.turn, end_of_game_turn=end_of_game_turn, kinds=kinds, control=control,
                                   assaulting=lambda uid: began_melee(state, state.units[uid])), None)

    def _control_conditions(self, state: GameState) -> Outcome | None:
        return self._met(state, AT_ONCE, False)

    def end_of_turn(self, state: GameState) -> Outcome | None:
        """At the end of each game turn: held positions, countdowns, the turn limit's default winner."""
        if state.game.rules.victory_check == "end_of_turn":
            found = self._control_conditions(state)
            if found:
                return found
        found = self._met(state, AT_TURN_END, True)
        if found:
            return found
        limit = state.game.turn_limit
        if limit is not None and state.turn >= limit and self.scenario.default_winner:
            winner = self.scenario.default_winner
            if winner in self.sides:
                return Outcome(self.side_index(winner), EndKind.TURN_LIMIT, state.turn, f"turn limit {limit}: {winner} wins by default")
        return None

    def turn_start(self, state: GameState) -> None:
        """At the start of a side's turn: its reinforcement groups of this turn arrive (and cards expire)."""
        side_id = self.sides[state.active]
        for group in self.scenario.side(side_id).reinforcements:
            if group.turn == state.turn and group.id not in state.arrivals:
                self.arrive(state, group, state.active)
        for card_id, turn in self.before_turn.items():  # e.g. Panic must be played before turn 11
            if state.turn >= turn:
                for uid in list(state.hand[state.active]):
                    if state.units[uid].profile.card_id == card_id:
                        arrivals.discard(state, uid)

    def card_reinforcements(self, state: GameState, side: int) -> bool:
        """17.5: playing the Reinforcements card brings the waiting group."""
        for group in self.scenario.side(self.sides[side]).reinforcements:
            if group.card_played is not None and group.id not in state.arrivals:
                self.arrive(state, group, side)
                return True
        return False

    def arrival_rule(self, side: int) -> ReinforcementArrival | None:
        """How the side's reinforcements arrive, if the scenario says (Hill 621: 20.0 rule 5)."""
        return next((r for r in self.arrival if self.sides[side] in r.sides), None)

    def arrive(self, state: GameState, group: Reinforcement, side: int) -> None:
        """The group comes in: its cards are made, the special cards go to the hand, and the owner places the rest
        (:mod:`tcforge.engine.placing`): each transport with the squads aboard it or the gun behind it, each card
        alone otherwise, on one of the positions the scenario names, then its equipment on its squads. Under a
        ReinforcementArrival rule (20.0 rule 5) the arrival is the side's move of these cards: it costs its Supply
        points and is one position of movement (fast cards may go on this turn, the others have moved); stacking is
        then checked at the turn's end."""
        arrivals.arrived(state, group.id)
        spots = [engine_pos(self.scenario, p) for p in group.positions]
        made: list[tuple[Unit, ForceEntry]] = []
        for entry in group.forces:
            for _ in range(entry.count):
                made.append((arrivals.new_card(state, side, entry.card_id), entry))
        on_table = bool(spots) and not group.to_reserve
        carried: dict[int, list[Unit]] = {}  # a transport's uid -> the cards arriving on or behind it, and its partner tank
        busy: set[int] = set()
        placed: list[Unit] = []
        equip: list[list[Any]] = []  # [item uid, carrier card id]
        for unit, entry in made:
            p = unit.profile
            if not on_table or entry.placement.kind == "reserve" or not (p.combat or p.truck or p.equipment):
                arrivals.to_hand(state, unit)
                continue
            if p.equipment:
                if entry.carrier is None:
                    arrivals.to_hand(state, unit)
                else:
                    equip.append([unit.uid, entry.carrier])  # the owner chooses the squad once the group is placed
                continue
            ride = entry.loaded_on or entry.towed_by
            if ride is not None:
                need = max(1, entry.carriers_per_card)
                free = [u for u, e in made if u.profile.card_id == ride and u.uid not in busy and e.carrier is None][:need]
                if len(free) == need:
                    for vehicle in free:
                        busy.add(vehicle.uid)
                    carried.setdefault(free[0].uid, []).extend([unit] + free[1:])
                    continue
            placed.append(unit)
        pieces = [[unit.uid] + [c.uid for c in carried.get(unit.uid, [])]
                  for unit in placed if unit.uid not in busy or unit.uid in carried]
        pieces.extend([u.uid] for u, _ in made  # a transport that found no passenger, or a card left over
                      if u.pos == RESERVE and u.uid not in state.hand[side] and not u.profile.equipment
                      and not any(u.uid in piece for piece in pieces))
        if not pieces:
            for item, _carrier in equip:
                arrivals.to_hand(state, state.units[item])
            return
        rule = self.arrival_rule(side)
        # 20.0 rule 5: one move for the whole group: its Supply point, and one position of each card's movement (fast
        # cards may use what is left of theirs)
        left = rule.move_positions if rule is not None and rule.fast_may_continue and rule.move_positions > 0 else None
        placing.begin_arrival(state, side, pieces, spots, equip, overstack=rule is not None and rule.overstacked,
                              cost=rule.supply_points if rule is not None else -1, left=left)

    def hand_grace(self, state: GameState) -> int:
        """17.5: for a while after its reinforcements came, the side may hold more than the hand limit."""
        for rule in self.grace:
            if self.sides[state.active] not in rule.sides and rule.sides:
                continue
            arrived = state.arrivals.get(rule.after)
            if arrived is not None and state.turn <= arrived + rule.turns:
                return 1000
        return 0

    def after_roll(self, state: GameState, firer: int, roll: int) -> None:
        """Hill 621's C7 canister goes after an unmodified to-hit roll of 1-5 by its tank."""
        unit = state.units[firer]
        for rule in self.ammo:
            if roll in rule.removed_on_natural_to_hit:
                for e in unit.equipment:
                    if state.units[e].profile.card_id == rule.card_id:
                        arrivals.discard(state, e)
                        break

    def ammo_for(self, state: GameState, unit_uid: int) -> AttachedAmmunition | None:
        """The attached-ammunition rule that replaces the card's own effect for this unit, if any."""
        unit = state.units[unit_uid]
        for rule in self.ammo:
            if any(state.units[e].profile.card_id == rule.card_id for e in unit.equipment):
                return rule
        return None

    def fire_allowed(self, kind: str) -> bool:
        return self.allowed_fire is None or kind in self.allowed_fire

    def penetration(self, state: GameState, unit_uid: int, pen: int, short: bool) -> int:
        """Limited AP (Hill 621's SU-152): after the first shots, a smaller penetration."""
        rule = self.limited.get(state.units[unit_uid].profile.card_id)
        if rule is None:
            return pen
        if state.ap_shots.get(str(unit_uid), 0) < rule.full_penetration_shots:
            return pen
        return rule.then_penetration[0 if short else 1]
