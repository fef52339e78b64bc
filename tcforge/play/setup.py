"""From a scenario to a game's start: the terrain, the forces, what a build-point player buys.

Setting up takes choices. What chance decides (the terrain cards dealt, what a build-point player buys) comes from
the game's seed. What the rules leave to a player (where each card of a set-up zone stands, which squad carries
which piece of equipment) is that player's: the :class:`Setup` lists those cards and where they may go, and their
owners place them as the game's first actions (:mod:`tcforge.engine.placing`). The :class:`Setup` is the first
line of a game's log, and replay rebuilds the very same start from it.

The board and the scenario's rules as engine hooks are made by
:func:`tcforge.play.hooks.make_game`.
"""
from __future__ import annotations

import random
from dataclasses import asdict, dataclass, field
from typing import Any

from tcforge.data.card_ids import FORTIFICATIONS
from tcforge.data.cards import Card
from tcforge.engine import arrivals
from tcforge.engine.board import ATTACHED, DECK, RESERVE
from tcforge.engine.context import Placing
from tcforge.engine.game import Game
from tcforge.engine.rules import Rules
from tcforge.engine.state import GameState
from tcforge.play.hooks import engine_pos, make_game
from tcforge.scenarios.card_kinds import is_truck, is_unit
from tcforge.scenarios.format import CLEAR, ForceEntry, Placement, Side
from tcforge.scenarios.scenario import Scenario
from tcforge.scenarios.special_rules import TerrainAs

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
    agents: tuple[str, str] | None = None  # each side's agent spec (greedy, plan:64); None in logs written before
    # the levers the game was played with (NAME -> value, as --set gives them); None: none, and no 'levers' in its log
    levers: dict[str, Any] | None = None
    # the set-up choices left to the owners (tcforge.engine.placing), played as the game's first actions:
    # [side, [force index, riders' indexes...], [engine positions]] a card of a set-up zone and where it may stand,
    # [side, item's force index, carrier card id] equipment its owner puts on a squad; empty in logs written before
    deploy: list[list[Any]] = field(default_factory=list)
    equip: list[list[Any]] = field(default_factory=list)
    deploy_first: int | None = None  # who sets up first: a side, -1 the first player, -2 the second (None: not said)

    def to_json(self) -> dict[str, Any]:
        out = asdict(self)
        out["terrain"] = {str(k): v for k, v in self.terrain.items()}
        out["forces"] = {str(k): [list(x) for x in v] for k, v in self.forces.items()}
        if self.agents is None:
            del out["agents"]
        else:
            out["agents"] = list(self.agents)
        if not self.levers:
            del out["levers"]
        for key in ("deploy", "equip"):
            if not out[key]:
                del out[key]
        if self.deploy_first is None:
            del out["deploy_first"]
        return {"setup": out}

    @classmethod
    def from_json(cls, raw: dict[str, Any]) -> Setup:
        raw = raw["setup"]
        return cls(raw["scenario"], raw["balance"], raw["seed"], {int(k): v for k, v in raw["terrain"].items()},
                   {int(k): [tuple(x) for x in v] for k, v in raw["forces"].items()},
                   [tuple(x) for x in raw["attach"]], [tuple(x) for x in raw["forts"]],
                   raw["first_player"], tuple(raw["sides"]),
                   tuple(raw["agents"]) if raw.get("agents") else None, raw.get("levers"),
                   [list(x) for x in raw.get("deploy", ())], [list(x) for x in raw.get("equip", ())],
                   raw.get("deploy_first"))


class SetupError(ValueError):
    """The scenario cannot be set up (e.g. its forces do not fit its zone); the message says why."""


# ------------------------------------------------------------------- set-up
def setup(scenario: Scenario, seed: int, *, shuffle: bool = False, rules: Rules | None = None) -> Setup:
    """The start of one game of the scenario: what chance decides from the seed (terrain dealt, build-point
    purchases) and the set-up choices left to the owners, which they make as the game's first actions
    (:attr:`Setup.deploy`, :attr:`Setup.equip`). ``shuffle``: the cards of the set-up zones are laid out now by a
    seeded shuffle, the first carrier found taking each piece of equipment, as a player who draws his set-up at
    random would (and as tcforge's engine did before the owners chose): the tests that were written for those
    positions ask for it; no game of the command line does. ``rules``: the scenario's parameters as the engine reads
    them, its game's (:func:`tcforge.play.games.new_game` hands them over), else read from the scenario once here."""
    rules = Rules.from_params(scenario.params) if rules is None else rules
    rng = random.Random(seed)
    record = Setup(scenario.id, scenario.applied_balance, seed, sides=(scenario.grid.sides[0], scenario.grid.sides[1]),
                   levers=dict(scenario.levers) or None)
    _terrain(scenario, rules, rng, record)
    for index, side in enumerate(scenario.grid.sides):
        _forces(scenario, rules, scenario.side(side), index, rng, record, shuffle)
    initiative = scenario.initiative
    if initiative.method == "fixed" and initiative.side is not None:
        record.first_player = list(scenario.grid.sides).index(initiative.side)
    if record.deploy or record.equip:
        first = initiative.setup_first
        record.deploy_first = (-1 if first == "first_player" else -2 if first == "second_player"
                               else list(scenario.grid.sides).index(first))
    return record


def _terrain(scenario: Scenario, rules: Rules, rng: random.Random, record: Setup) -> None:
    terrain = scenario.terrain
    as_clear = {r.card_id for r in scenario.rules(TerrainAs) if r.as_ == CLEAR}
    if terrain.method == "fixed":
        for pos, cards in terrain.cells.items():
            for card in cards:
                if card.id in as_clear or not isinstance(card.id, int):
                    continue
                if card.id in FORTIFICATIONS:
                    continue  # placed with the forces that hold them
                if not card.effective.get("terrain_effects"):  # the loader refuses it (terrain-map): never a KeyError in play
                    raise SetupError(f"{scenario.id}: {card.name} on the map has no terrain effect; "
                                     "'tcforge scenario check' says what to write")
                record.terrain[engine_pos(scenario, pos)] = card.id
        return
    if terrain.method == "random":  # 6.1.1: ten terrain cards and ten dummies dealt onto each side's ten positions
        per_type = terrain.max_per_type or rules.setup_max_per_terrain_type
        count = terrain.cards_per_side or rules.setup_random_terrain_cards
        for side in scenario.grid.sides:
            own = scenario.grid.side_positions(side)
            pool = [name for name in RANDOM_TERRAIN for _ in range(per_type)]
            rng.shuffle(pool)
            picks = pool[:count]
            deal = picks + [None] * max(0, len(own) * 2 - len(picks))
            rng.shuffle(deal)
            for pos, name in zip(own, deal, strict=False):  # the deal is twice the positions: half stays face down
                if name is not None:
                    record.terrain[engine_pos(scenario, pos)] = int(scenario.cards.get(name).id)  # rule book cards
        return
    if terrain.method == "discretionary":  # 6.1.2: the sides the scenario names lay their own terrain cards
        for side_id in terrain.by:
            owner = scenario.side(side_id)
            own = list(scenario.grid.side_positions(side_id))
            free = [c for c in owner.free_cards for _ in range(c.count)]
            rng.shuffle(own)
            for laid, pos in zip(free, own, strict=False):  # cards beyond the side's positions are not laid
                card_id = int(laid.card_id)  # terrain and fortification cards of the rule book
                if laid.card.card_class == "fortification":
                    record.forts.append((list(scenario.grid.sides).index(side_id), engine_pos(scenario, pos), card_id))
                else:
                    record.terrain[engine_pos(scenario, pos)] = card_id


def _forces(scenario: Scenario, rules: Rules, side: Side, index: int, rng: random.Random, record: Setup,
            shuffle: bool) -> None:
    params = scenario.params
    placed: list[tuple[Any, int]] = []
    entries = list(side.forces)
    if not entries and side.build is not None:
        entries = _buy(scenario, side, rng)
    room: dict[int, list[int]] = {}  # engine position -> [combat, trucks] of this side
    # Room kept for the cards the scenario puts on one exact position (at: ONE, or per_position), so that a card
    # placed anywhere in the zone never takes it first: the check found the setup legal, so it must be laid out.
    reserved: dict[int, list[int]] = {}
    for entry in entries:
        if _exact(entry):
            p = entry.placement
            each = p.per_position or entry.count
            for q in p.positions:
                reserved.setdefault(engine_pos(scenario, q), [0, 0])[1 if is_truck(entry.card, params) else 0] += each

    def fits(card: Card, pos: int, exact: bool = False) -> bool:
        combat, trucks = room.setdefault(pos, [0, 0])
        kept = [0, 0] if exact else reserved.get(pos, [0, 0])
        if is_truck(card, params):
            return trucks + kept[1] < rules.stacking_trucks
        return combat + kept[0] < rules.stacking_combat_cards

    def put(card: Card, pos: int, exact: bool = False) -> None:
        counts = room.setdefault(pos, [0, 0])
        counts[1 if is_truck(card, params) else 0] += 1
        if exact and pos in reserved:
            kept = reserved[pos]
            kept[1 if is_truck(card, params) else 0] -= 1
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
            if not is_unit(card) or kind == "reserve":
                where = RESERVE if (kind == "reserve" or not scenario.deck.draw_deck or not is_unit(card)) and kind != "deck" else DECK
                placed.append((card.id, where))
                continue
            spots = [engine_pos(scenario, p) for p in entry.placement.positions] or [
                engine_pos(scenario, p) for p in side.zone]
            exact = _exact(entry)
            if entry.placement.per_position:
                spot = next((p for p in spots if placed.count((card.id, p)) < entry.placement.per_position
                             and fits(card, p, exact)), None)
            elif not exact and not shuffle:  # anywhere in a zone (6.0, 17.x): its owner places it as the game begins
                record.deploy.append([index, [len(placed)], sorted(set(spots))])
                placed.append((card.id, RESERVE))
                continue
            else:
                options = [p for p in spots if fits(card, p, exact)]
                rng.shuffle(options)
                spot = options[0] if options else None
            if spot is None:
                if side.reserve_allowed or entry.placement.from_zone:
                    placed.append((card.id, RESERVE))
                    continue
                raise SetupError(f"{scenario.id}: no room for {card.name} in {side.id}'s set-up positions")
            put(card, spot, exact)
    pieces = {p[1][0]: p for p in record.deploy if p[0] == index}  # a zone card's force index -> its piece
    for entry, index_in_list in carriers:  # riders go where their carrier is; the owner puts equipment on a squad
        carrier_id = entry.carrier
        if not any(cid == carrier_id for cid, _ in placed):
            raise SetupError(f"{scenario.id}: {entry.card.name} has no {carrier_id} to ride or sit on")
        if entry.card.type == "equipment" and not shuffle:
            record.equip.append([index, index_in_list, carrier_id])
            placed[index_in_list] = (entry.card.id, RESERVE)
            continue
        free = next((i for i, p in pieces.items() if placed[i][0] == carrier_id and len(p[1]) == 1), None)
        if free is not None:  # it rides with a card its owner places: it goes where that card goes
            pieces[free][1].append(index_in_list)
            placed[index_in_list] = (entry.card.id, RESERVE)
            continue
        candidates = [i for i, (cid, pos) in enumerate(placed) if cid == carrier_id and pos >= 0]
        if not candidates:
            candidates = [i for i, (cid, pos) in enumerate(placed) if cid == carrier_id]
        used = [c for _, c in record.attach] if entry.card.type == "equipment" else []
        choice = next((c for c in candidates if c not in used), candidates[0])
        if entry.card.type == "equipment":  # shuffle: the first carrier found
            record.attach.append((index_in_list, choice))
            placed[index_in_list] = (entry.card.id, ATTACHED)
        else:
            placed[index_in_list] = (entry.card.id, placed[choice][1])
    for count in side.deck:
        placed.extend((count.card_id, DECK if scenario.deck.draw_deck else RESERVE) for _ in range(count.count))
    record.forces[index] = placed


def _exact(entry: ForceEntry) -> bool:
    """A unit the scenario puts on one exact position (at: ONE), or so many on each of its positions (per_position)."""
    p = entry.placement
    return (p.kind == "positions" and not p.from_zone and entry.carrier is None and is_unit(entry.card)
            and (p.per_position is not None or len(p.positions) == 1))


def _buy(scenario: Scenario, side: Side, rng: random.Random) -> list[Any]:
    """A build-point force (17.2-17.6): vehicles, guns and squads of the side's nation in service, within budget."""
    build = side.build
    assert build is not None
    budget = int(build.points) if build.points is not None else 10**6  # 17.1: a number of cards, no points
    nation = side.nation if side.nation in ("german", "soviet") else ("german", "soviet")[scenario.sides.index(side)]
    year = scenario.year if isinstance(scenario.year, int) else None
    pool = [c for c in scenario.cards if c.nation == nation and is_unit(c) and isinstance(c.effective.get("points"), int)
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
        entries.append(ForceEntry(card.id, card, 1, Placement("positions", tuple(zone), from_zone=True)))
    return entries


# -------------------------------------------------------------------- start
def start(scenario: Scenario, record: Setup, game: Game | None = None) -> GameState:
    """The game's first position, from the scenario and its recorded set-up."""
    game = game or make_game(scenario)
    forces: dict[int, list[tuple[Any, int]]] = {}
    for side, placed in record.forces.items():
        forces[side] = [(cid, RESERVE if pos == ATTACHED else pos) for cid, pos in placed]
    streams = [(engine_pos(scenario, e.a), engine_pos(scenario, e.b), int(e.crossing.id) if e.crossing else 0)
               for e in scenario.terrain.streams]  # 001: Streams between positions, fixed by the map
    offsets = {0: 0, 1: len(forces.get(0, []))}
    deploy = None
    if record.deploy or record.equip:  # the owners place these cards as the game's first actions
        deploy = Placing("deploy", [[offsets[side] + i for i in idx] for side, idx, _ in record.deploy],
                         [list(where) for _, _, where in record.deploy], [side for side, _, _ in record.deploy],
                         [[offsets[side] + i, carrier] for side, i, carrier in record.equip], first=record.deploy_first)
    state = GameState.new(game, forces, terrain=record.terrain, first_player=record.first_player,
                          initial_hand=None if scenario.deck.draw_deck else 0, streams=streams, deploy=deploy)
    for side, placed in record.forces.items():
        for i, (_cid, pos) in enumerate(placed):
            if pos == ATTACHED:  # dealt into the hand by GameState.new, it goes onto its carrier
                carrier = next(c for item, c in record.attach if item == i)
                arrivals.attach(state, state.units[offsets[side] + i], state.units[offsets[side] + carrier])
    for side, pos, card_id in record.forts:
        card = next((u for u in state.units if u.side == side and u.profile.card_id == card_id and u.pos == RESERVE), None)
        arrivals.fortify(state, pos, side, card_id, None if card is None else card.uid)  # a free card of the scenario (17.4) joins the game
    state.scenario_setup = record
    return state

