"""From a scenario to a game: the board, the terrain, the forces placed, and the scenario's rules as engine hooks.

Setting up takes choices the sources leave to the players (where each card
stands, which terrain cards are dealt, what a build-point player buys). The
engine makes them with a seeded random generator, so one seed is one game, and
records them: the :class:`Setup` is the first line of a game's log, and replay
rebuilds the very same start from it.

Victory conditions, reinforcements and special rules become hooks the engine
calls (``Game.victory_hooks``, ``Game.turn_hooks``); the state itself knows
nothing of scenarios.
"""
from __future__ import annotations

import random
from dataclasses import asdict, dataclass, field
from typing import Any

from tcforge.data.card_ids import FORTIFICATIONS
from tcforge.data.cards import Card
from tcforge.data.dataset import GameData, load_data
from tcforge.engine.board import ATTACHED, DECK, PLACED, RESERVE
from tcforge.engine.game import Game
from tcforge.engine.outcome import EndKind, Outcome
from tcforge.engine.rules import Rules
from tcforge.engine.state import GameState
from tcforge.scenarios import model as sm
from tcforge.scenarios.grid import Position

MAX_TURNS = 20  # the stated cap for scenarios without a turn limit: then the game is drawn
RANDOM_TERRAIN = ("Woods", "Hills", "Village", "Walls", "Wheatfield", "Balka")


@dataclass
class Setup:
    """Everything chance and the players decided before the first turn, enough to rebuild the start."""

    scenario: str
    balance: str | None
    seed: int
    terrain: dict[int, int] = field(default_factory=dict)  # engine position -> terrain card id
    forces: dict[int, list[tuple[Any, int]]] = field(default_factory=dict)  # side -> (card id, engine position)
    attach: list[tuple[int, int]] = field(default_factory=list)  # (item index, carrier index) in the side's force list
    forts: list[tuple[int, int, int]] = field(default_factory=list)  # (side, engine position, card id)
    first_player: int | None = None
    sides: tuple[str, str] = ("", "")

    def to_json(self) -> dict[str, Any]:
        out = asdict(self)
        out["terrain"] = {str(k): v for k, v in self.terrain.items()}
        out["forces"] = {str(k): [list(x) for x in v] for k, v in self.forces.items()}
        return {"setup": out}

    @classmethod
    def from_json(cls, raw: dict[str, Any]) -> "Setup":
        raw = raw["setup"]
        return cls(raw["scenario"], raw["balance"], raw["seed"], {int(k): v for k, v in raw["terrain"].items()},
                   {int(k): [tuple(x) for x in v] for k, v in raw["forces"].items()},  # type: ignore[misc]
                   [tuple(x) for x in raw["attach"]], [tuple(x) for x in raw["forts"]],  # type: ignore[misc]
                   raw["first_player"], tuple(raw["sides"]))  # type: ignore[arg-type]


class SetupError(ValueError):
    """The scenario cannot be set up (e.g. its forces do not fit its zone); the message says why."""


def engine_pos(scenario: sm.Scenario, pos: Position) -> int:
    return (pos.row - 1) * scenario.grid.columns + (pos.column - 1)


def _game_data(scenario: sm.Scenario) -> GameData:
    base = load_data(scenario.ruleset.id)
    return GameData(scenario.cards, scenario.ruleset, base.rulesets)


def make_game(scenario: sm.Scenario) -> Game:
    grid = scenario.grid
    labels = tuple(grid.label(Position(r, c)) for r in range(1, grid.rows + 1) for c in range(1, grid.columns + 1))
    game = Game.create(_game_data(scenario), columns=grid.columns, ranks_per_side=grid.ranks_per_side,
                       overrides=dict(scenario.params), labels=labels, turn_limit=scenario.turn_limit,
                       max_turns=scenario.turn_limit or MAX_TURNS, name=scenario.id)
    game.default_victory = False
    game.initiative = (tuple(scenario.initiative.modifiers.get(side, 0) for side in grid.sides),
                       scenario.initiative.winner == "low")
    hooks = ScenarioHooks(scenario, game)
    game.victory_hooks = [hooks.instant]
    game.turn_hooks = [hooks.turn_start]
    game.end_hooks = [hooks.end_of_turn]
    game.reinforcements_hook = hooks.card_reinforcements
    game.reserve_return = not scenario.rules(sm.NoReturnToReserve)
    game.scenario_rules = hooks
    return game


# ------------------------------------------------------------------- set-up
def setup(scenario: sm.Scenario, seed: int) -> Setup:
    """Decide the start of one game of the scenario (terrain, placement, purchases) from a seed."""
    rng = random.Random(seed)
    record = Setup(scenario.id, scenario.applied_balance, seed, sides=(scenario.grid.sides[0], scenario.grid.sides[1]))
    _terrain(scenario, rng, record)
    for index, side in enumerate(scenario.grid.sides):
        _forces(scenario, scenario.side(side), index, rng, record)
    initiative = scenario.initiative
    if initiative.method == "fixed" and initiative.side is not None:
        record.first_player = list(scenario.grid.sides).index(initiative.side)
    return record


def _terrain(scenario: sm.Scenario, rng: random.Random, record: Setup) -> None:
    terrain = scenario.terrain
    as_clear = {r.card_id for r in scenario.rules(sm.TerrainAs) if r.as_ == sm.CLEAR}
    if terrain.method == "fixed":
        for pos, cards in terrain.cells.items():
            for card in cards:
                if card.id in as_clear or not isinstance(card.id, int):
                    continue
                if card.id in FORTIFICATIONS:
                    continue  # placed with the forces that hold them
                record.terrain[engine_pos(scenario, pos)] = card.id
        return
    if terrain.method == "random":  # 6.1.1: ten terrain cards and ten dummies dealt onto each side's ten positions
        rules = Rules.from_params(scenario.params)
        per_type = terrain.max_per_type or rules.setup_max_per_terrain_type
        count = terrain.cards_per_side or rules.setup_random_terrain_cards
        for side in scenario.grid.sides:
            own = scenario.grid.side_positions(side)
            pool = [name for name in RANDOM_TERRAIN for _ in range(per_type)]
            rng.shuffle(pool)
            picks = pool[:count]
            deal = picks + [None] * max(0, len(own) * 2 - len(picks))
            rng.shuffle(deal)
            for pos, name in zip(own, deal):
                if name is not None:
                    record.terrain[engine_pos(scenario, pos)] = scenario.cards.get(name).id
        return
    if terrain.method == "discretionary":
        for side_id in terrain.by:
            side = scenario.side(side_id)
            own = [p for p in scenario.grid.side_positions(side_id)]
            free = [c for c in side.free_cards for _ in range(c.count)]
            rng.shuffle(own)
            for count, pos in zip(free, own):
                if count.card.card_class == "fortification":
                    record.forts.append((list(scenario.grid.sides).index(side_id), engine_pos(scenario, pos), count.card_id))  # type: ignore[arg-type]
                else:
                    record.terrain[engine_pos(scenario, pos)] = count.card_id  # type: ignore[assignment]


def _forces(scenario: sm.Scenario, side: sm.Side, index: int, rng: random.Random, record: Setup) -> None:
    params = scenario.params
    rules = Rules.from_params(params)
    placed: list[tuple[Any, int]] = []
    entries = list(side.forces)
    if not entries and side.build is not None:
        entries = _buy(scenario, side, rng)
    room: dict[int, list[int]] = {}  # engine position -> [combat, trucks] of this side

    def fits(card: Card, pos: int) -> bool:
        combat, trucks = room.setdefault(pos, [0, 0])
        if sm.is_truck(card, params):
            return trucks < rules.stacking_trucks
        return combat < rules.stacking_combat_cards

    def put(card: Card, pos: int) -> None:
        counts = room.setdefault(pos, [0, 0])
        counts[1 if sm.is_truck(card, params) else 0] += 1
        placed.append((card.id, pos))

    carriers: list[tuple[Any, int]] = []  # (force entry, index in ``placed``) of cards that go with a carrier
    for entry in entries:
        card = entry.card
        for _ in range(entry.count):
            kind = entry.placement.kind
            if card.type == "special" and card.card_class == "fortification" and kind == "positions":
                spots = [engine_pos(scenario, p) for p in entry.placement.positions]
                taken = {f[1] for f in record.forts if f[0] == index}
                spot = next((p for p in spots if p not in taken), None)
                if spot is not None:
                    record.forts.append((index, spot, card.id))  # type: ignore[arg-type]
                    continue
            if kind == "carried" or entry.carrier is not None:
                placed.append((card.id, ATTACHED))  # where exactly: with its carrier, below
                carriers.append((entry, len(placed) - 1))
                continue
            if not sm.is_unit(card) or kind == "reserve":
                where = RESERVE if (kind == "reserve" or not scenario.deck.draw_deck or not sm.is_unit(card)) and kind != "deck" else DECK
                placed.append((card.id, where))
                continue
            spots = [engine_pos(scenario, p) for p in entry.placement.positions] or [
                engine_pos(scenario, p) for p in side.zone]
            if entry.placement.per_position:
                spot = next((p for p in spots if placed.count((card.id, p)) < entry.placement.per_position and fits(card, p)), None)
            else:
                options = [p for p in spots if fits(card, p)]
                rng.shuffle(options)
                spot = options[0] if options else None
            if spot is None:
                if side.reserve_allowed or entry.placement.from_zone:
                    placed.append((card.id, RESERVE))
                    continue
                raise SetupError(f"{scenario.id}: no room for {card.name} in {side.id}'s set-up positions")
            put(card, spot)
    for entry, index_in_list in carriers:  # riders and equipment go where their carrier is
        carrier_id = entry.carrier
        candidates = [i for i, (cid, pos) in enumerate(placed) if cid == carrier_id and pos >= 0]
        if not candidates:
            candidates = [i for i, (cid, pos) in enumerate(placed) if cid == carrier_id]
        if not candidates:
            raise SetupError(f"{scenario.id}: {entry.card.name} has no {carrier_id} to ride or sit on")
        used = [c for _, c in record.attach] if entry.card.type == "equipment" else []
        choice = next((c for c in candidates if c not in used), candidates[0])
        if entry.card.type == "equipment":
            record.attach.append((index_in_list, choice))
            placed[index_in_list] = (entry.card.id, ATTACHED)
        else:
            placed[index_in_list] = (entry.card.id, placed[choice][1])
    for count in side.deck:
        placed.extend((count.card_id, DECK if scenario.deck.draw_deck else RESERVE) for _ in range(count.count))
    record.forces[index] = placed


def _buy(scenario: sm.Scenario, side: sm.Side, rng: random.Random) -> list[Any]:
    """A build-point force (17.2-17.6): vehicles, guns and squads of the side's nation in service, within budget."""
    build = side.build
    assert build is not None
    budget = int(build.points) if build.points is not None else 10**6  # 17.1: a number of cards, no points
    nation = side.nation if side.nation in ("german", "soviet") else ("german", "soviet")[scenario.sides.index(side)]
    year = scenario.year if isinstance(scenario.year, int) else None
    pool = [c for c in scenario.cards if c.nation == nation and sm.is_unit(c) and isinstance(c.effective.get("points"), int)
            and (year is None or c.in_service(year))]
    if build.at_fire:
        pool = [c for c in pool if c.type in ("vehicle", "at_gun") and isinstance((c.effective.get("hit") or {}).get("short"), int)
                and c.effective["hit"]["short"] > 0]
    if build.types:
        pool = [c for c in pool if c.type in build.types] or pool
    chosen: list[Card] = []
    while pool and (build.max_cards is None or len(chosen) < build.max_cards):
        affordable = [c for c in pool if int(c.effective["points"]) <= budget]
        if not affordable:
            break
        card = rng.choice(affordable)
        chosen.append(card)
        budget -= int(card.effective["points"])
    zone = side.zone
    entries = []
    for card in chosen:
        entries.append(sm.ForceEntry(card.id, card, 1, sm.Placement("positions", tuple(zone), from_zone=True)))
    return entries


# -------------------------------------------------------------------- start
def start(scenario: sm.Scenario, record: Setup, game: Game | None = None) -> GameState:
    """The game's first position, from the scenario and its recorded set-up."""
    game = game or make_game(scenario)
    forces: dict[int, list[tuple[Any, int]]] = {}
    for side, placed in record.forces.items():
        forces[side] = [(cid, RESERVE if pos == ATTACHED else pos) for cid, pos in placed]
    state = GameState.new(game, forces, terrain=record.terrain, first_player=record.first_player,
                          initial_hand=None if scenario.deck.draw_deck else 0)
    offsets = {0: 0, 1: len(forces.get(0, []))}
    for side, placed in record.forces.items():
        for i, (cid, pos) in enumerate(placed):
            uid = offsets[side] + i
            unit = state.units[uid]
            if pos == ATTACHED:
                carrier = next(c for item, c in record.attach if item == i)
                state.hand[side].remove(uid)
                unit.pos = ATTACHED
                unit.carrier = offsets[side] + carrier
                state.units[offsets[side] + carrier].equipment += (uid,)
    for side, pos, card_id in record.forts:
        card = next((u for u in state.units if u.side == side and u.profile.card_id == card_id and u.pos == RESERVE), None)
        if card is not None:
            state.hand[side].remove(card.uid)
            card.pos = PLACED
            state.forts[pos] = (side, card_id, card.uid)
        else:
            state.forts[pos] = (side, card_id, _loose_fort(state, side, card_id))
    state.scenario_setup = record
    state.changed()
    return state


def _loose_fort(state: GameState, side: int, card_id: int) -> int:
    """A free terrain card of the scenario (17.4's defender's Foxholes) becomes a card of the game."""
    from tcforge.engine.units import Unit
    unit = Unit(len(state.units), side, state.game.profiles[card_id], PLACED)
    state.units.append(unit)
    return unit.uid


# -------------------------------------------------------------------- hooks
class ScenarioHooks:
    """The scenario's victory conditions, reinforcements and special rules, as the engine calls them."""

    def __init__(self, scenario: sm.Scenario, game: Game):
        self.scenario = scenario
        self.sides = list(scenario.grid.sides)
        self.targets: dict[str, dict[str, tuple[int, ...]]] = {}
        for cond in scenario.victory:
            targets = getattr(cond, "targets", {})
            self.targets[cond.id] = {s: tuple(engine_pos(scenario, p) for p in ps) for s, ps in targets.items()}
        self.limited = {cid: r for r in scenario.rules(sm.LimitedAP) for cid in r.card_ids}
        self.ammo = scenario.rules(sm.AttachedAmmunition)
        self.allowed_fire = next((set(r.types) for r in scenario.rules(sm.FireTypesAllowed)), None)
        self.before_turn = {r.card_id: r.before_turn for r in scenario.rules(sm.PlayBeforeTurn)}
        self.grace = scenario.rules(sm.HandLimitGrace)
        self._goals: dict[int, tuple[int, ...]] = {}

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
                out.extend(self.targets.get(cond.id, {}).get(self.sides[side], ()))
        self._goals[side] = tuple(dict.fromkeys(out))
        return self._goals[side]

    def _controls(self, state: GameState, pos: int, side: int, units: tuple[str, ...] = ("combat",),
                  contested_ok: bool = False) -> bool:
        def counts(uid: int) -> bool:
            p = state.units[uid].profile
            if "combat" in units and p.combat:
                return True
            return ("infantry" in units and p.infantry) or ("tanks" in units and p.tank) or ("tank" in units and p.tank)
        mine = any(counts(u) for u in state.occ[pos][side] if state.units[u].carrier is None)
        theirs = any(state.units[u].profile.combat for u in state.occ[pos][1 - side])
        return mine and (contested_ok or not theirs)

    def instant(self, state: GameState) -> Outcome | None:
        """Conditions met the moment they happen (16.0): control of positions, elimination."""
        if state.game.rules.victory_check not in ("instant",):
            return None
        return self._control_conditions(state)

    def _control_conditions(self, state: GameState) -> Outcome | None:
        for cond in self.scenario.victory:
            for side_id in cond.winners(self.sides):
                side = self.side_index(side_id)
                if isinstance(cond, (sm.ControlRank, sm.ControlPositions)):
                    targets = self.targets[cond.id].get(side_id, ())
                    held = sum(self._controls(state, p, side) for p in targets)
                    if held >= cond.count:
                        return Outcome(side, EndKind.VICTORY_CONDITION, state.turn,
                                       f"{side_id} controls {held} of {len(targets)} positions ({cond.id})", cond.id)
                elif isinstance(cond, sm.EliminateAll):
                    if cond.id == "eliminate" and state.turn == 1 and state.active == state.first:
                        continue  # nothing is decided before the first player's first turn is over
                    enemy = 1 - side
                    on_table = any(u.side == enemy and u.pos >= 0 and u.profile.combat for u in state.units)
                    anywhere = on_table or (cond.scope != "table" and any(
                        u.side == enemy and u.pos in (RESERVE, DECK) and (u.profile.combat or u.profile.truck) for u in state.units))
                    if not anywhere:
                        return Outcome(side, EndKind.ELIMINATION, state.turn,
                                       f"{side_id} has eliminated every enemy card ({cond.id})", cond.id)
        return None

    def end_of_turn(self, state: GameState) -> Outcome | None:
        """At the end of each game turn: held positions, countdowns, the turn limit's default winner."""
        if state.game.rules.victory_check == "end_of_turn":
            found = self._control_conditions(state)
            if found:
                return found
        for cond in self.scenario.victory:
            for side_id in cond.winners(self.sides):
                side = self.side_index(side_id)
                if isinstance(cond, sm.HoldPositions) and state.turn == cond.at_end_of_turn:
                    targets = self.targets[cond.id].get(side_id, ())
                    if targets and all(self._controls(state, p, side, cond.units, cond.contested_ok) for p in targets):
                        return Outcome(side, EndKind.VICTORY_CONDITION, state.turn,
                                       f"{side_id} holds every position of {cond.id} at the end of turn {state.turn}", cond.id)
                if isinstance(cond, sm.Countdown):
                    arrived = state.arrivals.get(cond.after)
                    if arrived is not None and state.turn >= arrived + cond.turns:
                        return Outcome(side, EndKind.VICTORY_CONDITION, state.turn,
                                       f"{side_id} lasted {cond.turns} turns after {cond.after} arrived ({cond.id})", cond.id)
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
                        state.discard_card(uid)

    def card_reinforcements(self, state: GameState, side: int) -> bool:
        """17.5: playing the Reinforcements card brings the waiting group."""
        for group in self.scenario.side(self.sides[side]).reinforcements:
            if group.card_played is not None and group.id not in state.arrivals:
                self.arrive(state, group, side)
                return True
        return False

    def arrive(self, state: GameState, group: sm.Reinforcement, side: int) -> None:
        from tcforge.engine.units import Unit
        state.arrivals[group.id] = state.turn
        spots = [engine_pos(self.scenario, p) for p in group.positions]
        arrivals: list[Unit] = []
        i = 0
        for entry in group.forces:
            for _ in range(entry.count):
                profile = state.game.profiles[entry.card_id]
                unit = Unit(len(state.units), side, profile, RESERVE)
                state.units.append(unit)
                arrivals.append(unit)
                if group.to_reserve or not spots or not profile.combat and not profile.truck:
                    state.hand[side].append(unit.uid)
                    continue
                carrier = entry.carrier
                if carrier is not None and profile.equipment:
                    squad = next((u for u in arrivals if u.profile.card_id == carrier and
                                  not any(state.units[e].profile.card_id == entry.card_id for e in u.equipment)), None)
                    if squad is not None and squad.pos >= 0:
                        unit.pos = ATTACHED
                        unit.carrier = squad.uid
                        squad.equipment += (unit.uid,)
                        continue
                pos = spots[i % len(spots)]
                i += 1
                unit.pos = pos
                state.occ[pos][side].append(unit.uid)
        state.changed()

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
                        state.discard_card(e)
                        break

    def ammo_for(self, state: GameState, unit_uid: int) -> Any:
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
