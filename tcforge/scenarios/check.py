"""Static legality checks of a scenario (or of a player's setup written as one).

Every finding of every check in one run, each with a stable code from
:data:`CODES`, the element at fault as ``file:line:col``, the rule case and a
hint. The scenario's balance options are checked too: each is applied and
whatever it breaks is reported with the option's name.

Two checks need the rules engine and are left to it: whether the victory
positions can be reached within the turn limit (``victory-unreachable``) and
whether the scenario uses cards whose effect the engine does not implement
(``engine-unsupported``). :func:`check_file` and :func:`engine_checks` take an
optional callback ``engine(scenario) -> iterable of Finding`` for them; without
one they are skipped.
"""
from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from itertools import combinations
from pathlib import Path
from typing import Any

from tcforge.data.card_kinds import TOWING_CLASSES
from tcforge.data.cards import Card, CardId
from tcforge.scenarios.card_kinds import category, is_combat, is_tank, is_truck, is_unit, prohibits_vehicles
from tcforge.scenarios.findings import Finding
from tcforge.scenarios.format import Build, ForceEntry, Side
from tcforge.scenarios.grid import Position
from tcforge.scenarios.loading import load_scenario, scenarios_dir
from tcforge.scenarios.scenario import Scenario
from tcforge.scenarios.special_rules import PlayBeforeTurn, ReinforcementArrival
from tcforge.scenarios.victory import ControlPositions, ControlRank, HoldPositions

# The one table of finding codes. Keep the codes stable: scripts and tests rely on them.
CODES: dict[str, str] = {
    "yaml": "The file cannot be read as YAML (syntax, duplicate key, tag, encoding, size); the message says what.",
    "text-control": "A text or key holds a control character (tab, terminal escape, bidirectional override); only line breaks may.",
    "text-too-long": "A text or key is longer than 10,000 characters (titles and names: 200, other texts: 4,000, by the schema).",
    "schema": "The file does not match schemas/scenario.schema.json (unknown key, missing key, wrong value).",
    "file-name": "A bundled scenario's file name is not its id + .yaml.",
    "id-clash": "A scenario of your own data (--data) has the id of a bundled scenario: rename yours.",
    "unknown-ruleset": "The ruleset is not one of data/rulesets.",
    "data-not-valid": "The card or ruleset data the scenario uses has problems of its own (tcforge validate lists them): "
                      "fix those first; the scenario is not checked until then.",
    "unknown-parameter": "A parameter override names no parameter of the ruleset.",
    "parameter-type": "A parameter override has another kind of value (number, text, list, ...) than the ruleset's.",
    "duplicate-id": "Two sides, reinforcement groups, victory conditions, special rules or balance options share an id.",
    "unknown-reference": "A side, role, reinforcement group or area that the file does not define.",
    "side-nations": "Both sides have the same nation.",
    "no-units": "A side with no unit (vehicle, AT gun, infantry, cavalry) anywhere in its forces and no build to buy some.",
    "grid-labels": "Rank labels: not one per row, or one label used for two rows.",
    "terrain-map": "The fixed terrain map: a missing or repeated row, a wrong number of columns, a card that is not terrain, "
                   "a crossing card (Path, Bridge, Ford) without a terrain_as rule, a fortification, two terrain cards on a position.",
    "terrain-streams": "001's Streams between positions: an end off the grid, ends not adjacent, a repeated edge, a crossing "
                       "that is no Ford or Bridge, or a ruleset without cards.stream_between_zones.",
    "unknown-position": "A position of a setup zone, placement or area that is not on the battlefield, or a selection that is empty.",
    "unknown-card": "A card reference that names no card (or several: give the number).",
    "wrong-nation": "A card of the other nation in a side's forces.",
    "out-of-service": "A card not in service in the scenario's year (17.6: the years printed on the card).",
    "year-not-chosen": "The players choose the year (17.6) but the setup lists cards without giving it.",
    "over-budget": "The cards cost more build points than the budget.",
    "unpriced-card": "A card without a point value in a point-budget build.",
    "too-many-cards": "More cards than the build allows.",
    "card-not-allowed": "A card the build or the deck policy excludes (type, AT fire, terrain, only the listed cards), or a free "
                        "card that is no terrain for its side to lay (17.4).",
    "deck-limit": "More identical special event cards than allowed (14.0: two, unless the scenario says otherwise).",
    "placement-count": "A count that cannot be split as per_position says over the positions.",
    "stacking": "More combat cards or trucks on positions at setup than the ruleset's stacking limits (6.3).",
    "outside-zone": "Cards placed outside the side's setup zone, or in the reserve when the setup forbids it.",
    "setup-zone": "A setup zone with positions of the enemy's half of the battlefield (6.2: cards are placed on friendly positions).",
    "prohibited-terrain": "Vehicles or AT guns placed on a position whose terrain forbids them (Stream, Swamp: 11.0).",
    "terrain-clash": "A terrain card placed on a position whose terrain does not allow a second card (11.0).",
    "attachment": "Equipment attached to a card that cannot carry it, or to carriers the group does not have enough of (8.7).",
    "transport": "Cards loaded on or towed by a vehicle that cannot carry or tow them, or that the group has too few of (8.6, 8.6.1).",
    "reinforcement-position": "A reinforcement arrival position that is not on the battlefield, or a selection that is empty.",
    "reinforcement-terrain": "A reinforcement arrival position the group's vehicles or AT guns may not enter.",
    "reinforcement-stacking": "A reinforcement group that cannot come to rest within the stacking limits.",
    "victory-position": "A victory position or rank that is not on the battlefield.",
    "victory-count": "A victory condition asks for more positions than it names.",
    "turn-limit": "A turn (reinforcement, victory, special rule) after the scenario's turn limit.",
    "game-end": "A scenario with no turn limit that does not say how its game ends ('ends'), or says it beside a turn limit.",
    "balance-patch": "A balance option that does not apply, or that makes the scenario invalid or illegal.",
    "lever": "A --set lever (soviet.supply_points, scenario.turn_limit, ...) that does not exist, or a value it cannot take.",
    "victory-unreachable": "(rules engine, through the hook) The victory positions cannot be reached within the turn limit.",
    "engine-unsupported": "(rules engine, through the hook) The scenario uses cards whose effect the engine does not implement.",
}

EngineCheck = Callable[[Scenario], Iterable[Finding]]


@dataclass
class Report:
    """The findings of one scenario file."""

    file: str
    scenario: str | None
    findings: list[Finding] = field(default_factory=list)
    balance_options: list[str] = field(default_factory=list)

    @property
    def legal(self) -> bool:
        return not self.findings

    def to_json(self) -> dict[str, Any]:
        return {"file": self.file, "scenario": self.scenario, "legal": self.legal,
                "balance_options": self.balance_options, "findings": [f.to_json() for f in self.findings]}


def engine_checks(scenario: Scenario, engine: EngineCheck | None = None) -> list[Finding]:
    """The checks only the rules engine can make (victory-unreachable, engine-unsupported); none without a callback."""
    if engine is None:
        return []
    return list(engine(scenario))


def check_file(path: Path, *, engine: EngineCheck | None = None) -> Report:
    """Every finding of one scenario file, its balance options included."""
    result = load_scenario(path)
    scenario = result.scenario
    file = scenario.file if scenario else (result.findings[0].file if result.findings else str(path))
    report = Report(file, scenario.id if scenario else None, list(result.findings))
    if scenario is None:
        return report
    report.findings += static_checks(scenario)
    seen = {(f.code, f.line, f.message) for f in report.findings}
    for option in scenario.balance:
        report.balance_options.append(option.id)
        patched = load_scenario(path, balance=option.id)
        found = list(patched.findings)
        if patched.scenario is not None:
            found += static_checks(patched.scenario)
        for f in found:
            if (f.code, f.line, f.message) in seen:
                continue
            message = f.message if f.code == "balance-patch" else f"with balance option '{option.id}': {f.message}"
            report.findings.append(Finding(f.file, f.line, f.col, f.code, message, f.hint, f.case))
    report.findings += engine_checks(scenario, engine)
    report.findings = sorted(dict.fromkeys(report.findings), key=lambda f: (f.line, f.col, f.code, f.message))
    return report


def static_checks(scenario: Scenario) -> list[Finding]:
    """The static checks of a loaded scenario (the model's own findings come from load_scenario)."""
    checker = _Checker(scenario)
    checker.run()
    return checker.findings


# ---------------------------------------------------------------------------


@dataclass
class _Demand:
    """Cards that must stand on one of ``positions`` (exactly there when ``exact``)."""

    positions: tuple[Position, ...]
    combat: int
    trucks: int
    path: tuple[Any, ...]
    exact: bool = False
    movable: bool = False  # fast: may move on after arriving


class _Checker:
    def __init__(self, scenario: Scenario):
        self.s = scenario
        self.findings: list[Finding] = []
        self.params = scenario.params
        self.placed_terrain: dict[Position, list[tuple[tuple[Any, ...], Card]]] = defaultdict(list)

    def add(self, path: tuple[Any, ...], code: str, message: str, hint: str, case: str = "", *, key: bool = False) -> None:
        line, col = self.s.where(path, key=key)
        self.findings.append(Finding(self.s.file, line, col, code, message, hint, case))

    def name(self, card: Card) -> str:
        return f"{card.name} ({card.id})"

    def run(self) -> None:
        s = self.s
        if s.path.resolve().parent == scenarios_dir().resolve() and s.path.stem != s.id:
            self.add(("id",), "file-name", f"the file is {s.path.name} but the scenario id is '{s.id}'",
                     f"rename the file to {s.id}.yaml, or change the id")
        self.in_service()
        for side in s.sides:
            self.has_units(side)
            self.builds(side)
            self.deck_policy(side)
            self.free_cards(side)
            self.deck_limit(side)
            self.setup_zone(side)
            self.placement(side)
            self.carriers(side.forces, side, None)
            for group in side.reinforcements:
                self.carriers(group.forces, side, group.id)
        for side in s.sides:  # after every side's terrain cards are known
            self.setup_terrain(side)
            self.stacking(side)
            self.reinforcements(side)
        self.victory()
        self.turns()

    # -- cards of a side -----------------------------------------------------
    def all_counts(self, side: Side) -> list[tuple[Card, int, tuple[Any, ...]]]:
        out = [(e.card, e.count, e.path) for e in side.forces]
        out += [(c.card, c.count, c.path) for c in side.deck + side.free_cards]
        for group in side.reinforcements:
            out += [(e.card, e.count, e.path) for e in group.forces]
        return out

    def in_service(self) -> None:
        s = self.s
        if s.year is None:
            return
        if s.year == "chosen":
            for side in s.sides:
                units = [(card, path) for card, _, path in self.all_counts(side) if card.type != "special"]
                if units:
                    self.add(("in_service", "year"), "year-not-chosen",
                             f"the year is chosen by the players, but side '{side.id}' lists cards",
                             "give the year of your setup: in_service: {year: 1943}", "17.6")
                    return
            return
        year = int(s.year)
        for side in s.sides:
            for card, _, path in self.all_counts(side):
                if not card.in_service(year):
                    years = card.effective.get("years") or {}
                    self.add(path + ("card",), "out-of-service",
                             f"{self.name(card)} is in service {years.get('first')}-{years.get('last')}, not in {year}",
                             "pick a card in service that year ('tcforge cards list --year YEAR')", "17.6")

    def has_units(self, side: Side) -> None:
        """A side must have something to fight with: a unit listed somewhere, or a build to buy one."""
        if side.build is not None or any(is_unit(card) for card, _, _ in self.all_counts(side)):
            return
        if any(group.build is not None for group in side.reinforcements):
            return
        self.add(side.path + ("id",), "no-units", f"side '{side.id}' has no unit at all: no vehicle, AT gun, infantry "
                 "or cavalry at setup or among its reinforcements, so it cannot play",
                 "list its forces (forces: [{card: ..., count: ..., at: ...}]) or give it a build to buy them")

    def builds(self, side: Side) -> None:
        if side.build is not None:
            cards = [(e.card, e.count, e.path) for e in side.forces] + [(c.card, c.count, c.path) for c in side.deck]
            for group in side.reinforcements:
                if group.build is None:
                    cards += [(e.card, e.count, e.path) for e in group.forces]
            self.budget(side.build, cards, f"side '{side.id}'")
        for group in side.reinforcements:
            if group.build is not None:
                self.budget(group.build, [(e.card, e.count, e.path) for e in group.forces], f"reinforcement group '{group.id}'")

    def budget(self, build: Build, cards: list[tuple[Card, int, tuple[Any, ...]]], owner: str) -> None:
        if build.points is not None:
            total = 0
            for card, count, path in cards:
                points = card.effective.get("points")
                if not isinstance(points, int):
                    self.add(path + ("card",), "unpriced-card", f"{self.name(card)} has no point value ({points!r}) to buy it with",
                             "leave it out of a point-budget build, or agree a value with your opponent", "17.2")
                    continue
                total += points * count
            if total > build.points:
                self.add(build.path + ("points",), "over-budget",
                         f"{owner}: the cards cost {total} build points, the budget is {build.points}",
                         f"leave out {total - build.points} point(s) of cards", "17.2")
        if build.max_cards is not None:
            total = sum(count for _, count, _ in cards)
            if total > build.max_cards:
                self.add(build.path + ("max_cards",), "too-many-cards", f"{owner}: {total} cards chosen, at most {build.max_cards}",
                         f"leave out {total - build.max_cards} card(s)", "17.1")
        for card, _, path in cards:
            if build.types and card.type not in build.types:
                self.add(path + ("card",), "card-not-allowed",
                         f"{self.name(card)} is a {card.type} card; {owner} may choose only {', '.join(build.types)}",
                         "pick a card of an allowed type", "17.1")
            elif build.at_fire and not _fires_at(card):
                self.add(path + ("card",), "card-not-allowed", f"{self.name(card)} cannot fire AT; {owner} may choose only cards that can",
                         "pick a vehicle or AT gun with a hit number", "17.1")
            elif not build.terrain and category(card) == "terrain":
                self.add(path + ("card",), "card-not-allowed", f"{self.name(card)} is terrain; {owner} may not choose terrain",
                         "the attacker of this scenario buys no terrain", "17.4")

    def free_cards(self, side: Side) -> None:
        """17.4, 6.1.2: a side's free cards are the terrain it lays at setup; the set-up lays each on one of its positions."""
        t = self.s.terrain
        lays = t.method == "discretionary" and side.id in t.by
        for count in side.free_cards:
            if not lays:
                self.add(count.path + ("card",), "card-not-allowed", f"{self.name(count.card)} is a free card of side "
                         f"'{side.id}', which lays no terrain: it would never enter the game",
                         "free cards are the terrain a side lays (battlefield.terrain method: discretionary, by: [...]); "
                         "list other cards in its forces or deck", "17.4")
            elif category(count.card) != "terrain":
                self.add(count.path + ("card",), "card-not-allowed",
                         f"{self.name(count.card)} is no terrain card: a free card is terrain the side lays on a position at setup",
                         "give it a terrain, water or fortification card (Woods, Stream, Foxholes, ...); "
                         "list other cards in its forces or deck",
                         "17.4")

    def deck_policy(self, side: Side) -> None:
        deck = self.s.deck
        if not side.deck:
            return
        if not deck.draw_deck:
            for c in side.deck:
                self.add(c.path + ("card",), "card-not-allowed", f"{self.name(c.card)} is in a drawing deck, but this scenario has none",
                         "move the card to the forces, or leave it out", "14.0")
            return
        if side.build is not None:
            return  # the build says what may be bought
        if deck.only_listed:
            for c in side.deck:
                self.add(c.path + ("card",), "card-not-allowed", f"{self.name(c.card)}: this scenario uses only its listed cards",
                         "leave it out", "17.7")
            return
        for c in side.deck:
            kind = category(c.card)
            if "any" not in deck.extras and kind not in deck.extras:
                allowed = ", ".join(deck.extras) or "nothing"
                self.add(c.path + ("card",), "card-not-allowed",
                         f"{self.name(c.card)} ({kind.replace('_', ' ')}) may not be added; this scenario allows {allowed}",
                         "the listed forces are all the units, equipment and guns of the side", "17.7")

    def deck_limit(self, side: Side) -> None:
        limit = self.s.deck.max_identical_special_events
        if limit is None:
            return
        counts: Counter[CardId] = Counter()
        reported: set[CardId] = set()
        for card, count, path in self.all_counts(side):
            if category(card) != "special_events":
                continue
            counts[card.id] += count
            if counts[card.id] > limit and card.id not in reported:
                reported.add(card.id)
                self.add(path + ("count",), "deck-limit",
                         f"side '{side.id}' has {counts[card.id]} or more {card.name} cards; at most {limit} identical special events",
                         "leave out the extra copies, or give the scenario deck.max_identical_special_events", "14.0")

    # -- placement ------------------------------------------------------------
    def terrain_zone(self, side: Side) -> set[Position]:
        """Where a side may put terrain cards at setup: its setup zone, and when it places the
        battlefield's terrain itself (6.1.2), its own positions or any position."""
        zone = set(side.zone)
        t = self.s.terrain
        if t.method == "discretionary" and side.id in t.by:
            zone |= set(self.s.grid.positions()) if t.where == "any" else set(self.s.grid.side_positions(side.id))
        return zone

    def setup_zone(self, side: Side) -> None:
        """6.2: a side sets up on friendly positions; a zone on the enemy's ranks would start both sides on one position."""
        grid = self.s.grid
        enemy = [q for q in side.zone if grid.owner(q) == grid.other(side.id)]
        if enemy:
            labels = ", ".join(self.s.label(q, side.id) for q in sorted(enemy))
            self.add(side.path + ("setup", "zone"), "setup-zone",
                     f"the setup zone of side '{side.id}' holds {len(enemy)} position(s) of the enemy's half: {labels}",
                     "set up on your own ranks (zone: all, or ranks counted from your reserve without of: enemy)", "6.2")

    def placement(self, side: Side) -> None:
        for entry in side.forces:
            zone = self.terrain_zone(side) if category(entry.card) == "terrain" else set(side.zone)
            p = entry.placement
            if p.kind == "reserve":
                if is_unit(entry.card) and not side.reserve_allowed:
                    self.add(entry.path + ("at",), "outside-zone",
                             f"{self.name(entry.card)} starts in the reserve, which this setup forbids",
                             "place it in the setup zone", "6.2")
                continue
            if p.kind != "positions":
                continue
            self.per_position(entry, side)
            if p.from_zone:
                continue
            outside = [q for q in p.positions if q not in zone]
            if outside:
                labels = ", ".join(self.s.label(q, side.id) for q in outside)
                self.add(entry.path + ("at",), "outside-zone",
                         f"{self.name(entry.card)} placed on {labels}, outside the setup zone of side '{side.id}'",
                         "the zone is " + (", ".join(self.s.label(q, side.id) for q in sorted(zone)) or "empty"), "6.2")
            if category(entry.card) == "terrain" and self.exact(entry):
                for q in p.positions:
                    self.placed_terrain[q].append((entry.path, entry.card))

    def per_position(self, entry: ForceEntry, side: Side) -> None:
        p = entry.placement
        if p.per_position is None:
            return
        if p.per_position * len(p.positions) != entry.count:
            self.add(entry.path + ("count",), "placement-count",
                     f"{entry.count} {entry.card.name} cannot stand {p.per_position} on each of {len(p.positions)} position(s)",
                     f"make the count {p.per_position * len(p.positions)}, or change per_position or the positions", "6.2")

    @staticmethod
    def exact(entry: ForceEntry) -> bool:
        p = entry.placement
        return p.kind == "positions" and (p.per_position is not None or len(p.positions) == 1)

    def terrain_at(self, pos: Position) -> list[Card]:
        return list(self.s.terrain_at(pos)) + [card for _, card in self.placed_terrain.get(pos, [])]

    def setup_terrain(self, side: Side) -> None:
        # terrain placed by this side, checked against the map and the terrain placed before it
        for entry in side.forces:
            if category(entry.card) != "terrain" or not self.exact(entry):
                continue
            for q in entry.placement.positions:
                before = list(self.s.terrain_at(q))
                for path, other in self.placed_terrain.get(q, []):
                    if path == entry.path:
                        break
                    before.append(other)
                clash = _clash(entry.card, before)
                if clash:
                    self.add(entry.path + ("card",), "terrain-clash", f"{self.name(entry.card)} on {self.s.label(q, side.id)}: {clash}",
                             "place it on another position", "11.0")
        for entry in side.forces:
            if entry.card.type not in ("vehicle", "at_gun") or entry.placement.kind != "positions":
                continue
            bad = [q for q in entry.placement.positions if any(prohibits_vehicles(t, self.params) for t in self.terrain_at(q))]
            if not bad:
                continue
            if self.exact(entry) or len(bad) == len(entry.placement.positions):
                labels = ", ".join(f"{self.s.label(q, side.id)} ({'/'.join(t.name for t in self.terrain_at(q))})" for q in bad)
                self.add(entry.path + ("card",), "prohibited-terrain",
                         f"{self.name(entry.card)} placed on {labels}, where vehicles and AT guns may not be",
                         "place it on a position without Stream or Swamp", "11.0")

    def stacking(self, side: Side) -> None:
        demands = self.demands(side.forces, side, skip_reserve_ok=side.reserve_allowed)
        self.fit(demands, side, "stacking", "at setup")

    def demands(self, entries: list[ForceEntry], side: Side, *, skip_reserve_ok: bool,
                fast_ok: bool = False) -> list[_Demand]:
        by_card: dict[CardId, ForceEntry] = {}
        for e in entries:
            by_card.setdefault(e.card_id, e)
        out = []
        for e in entries:
            if not is_unit(e.card):
                continue
            p = e.placement
            carrier = by_card.get(e.carrier) if e.carrier is not None else None
            movable = e.card.speed == "fast"
            if p.kind == "carried":
                if carrier is None:
                    continue  # reported by the carrier checks
                p = carrier.placement
                movable = carrier.card.speed == "fast"
            if p.kind != "positions" or not p.positions:
                continue
            if p.from_zone and skip_reserve_ok:
                continue
            combat = e.count if is_combat(e.card, self.params) else 0
            trucks = e.count if is_truck(e.card, self.params) else 0
            if p.per_position is not None:
                for q in p.positions:
                    out.append(_Demand((q,), combat and p.per_position, trucks and p.per_position, e.path, True, movable and fast_ok))
            else:
                out.append(_Demand(tuple(p.positions), combat, trucks, e.path, len(p.positions) == 1, movable and fast_ok))
        return out

    def fit(self, demands: list[_Demand], side: Side, code: str, when: str, room: tuple[Position, ...] | None = None) -> bool:
        """Whether the demands fit their positions (Hall's condition over the distinct position sets); reports the first failure."""
        limits = {"combat cards": int(self.params.get("stacking.combat_cards", 3)), "trucks": int(self.params.get("stacking.trucks", 3))}
        for what, limit in limits.items():
            def need(d: _Demand, what: str = what) -> int:
                return d.combat if what == "combat cards" else d.trucks
            wanted = [d for d in demands if need(d)]
            if room is not None:
                total = sum(need(d) for d in wanted)
                if total > limit * len(room):
                    self.add(max(wanted, key=need).path, code,
                             f"side '{side.id}': {total} {what} cannot come to rest on {len(room)} reachable position(s) "
                             f"({limit} each) {when}",
                             "arrive on more positions, or bring fewer cards", "6.3, 20.0 rule 5")
                    return False
                continue
            groups: dict[tuple[Position, ...], list[_Demand]] = defaultdict(list)
            for d in wanted:
                groups[tuple(sorted(d.positions))].append(d)
            keys = list(groups)
            if len(keys) > 10:
                keys = keys[:10]
            for size in range(1, len(keys) + 1):
                for combo in combinations(keys, size):
                    union = set().union(*combo)
                    total = sum(need(d) for k in combo for d in groups[k])
                    if total > limit * len(union):
                        culprit = max((d for k in combo for d in groups[k]), key=need)
                        where = ", ".join(self.s.label(q, side.id) for q in sorted(union))
                        self.add(culprit.path, code,
                                 f"side '{side.id}': {total} {what} on {where} {when}, "
                                 f"at most {limit} a position ({limit * len(union)} in all)",
                                 "spread the cards over more positions, or start some in the reserve", "6.3")
                        return False
        return True

    # -- carriers -------------------------------------------------------------
    def carriers(self, entries: list[ForceEntry], side: Side, group: str | None) -> None:
        counts: Counter[CardId] = Counter()
        cards: dict[CardId, Card] = {}
        for e in entries:
            counts[e.card_id] += e.count
            cards[e.card_id] = e.card
        where = f"reinforcement group '{group}'" if group else f"the starting forces of side '{side.id}'"
        equipment_on: Counter[CardId] = Counter()
        loads_on: Counter[CardId] = Counter()
        per_squad = int(self.params.get("equipment.max_per_squad", 0) or 0)
        for e in entries:
            if e.attached_to is not None:
                key = ("attached_to",)
                carrier = cards.get(e.attached_to)
                if carrier is None:
                    self.add(e.path + key, "attachment", f"{e.card.name} is attached to card {e.attached_to}, which {where} does not have",
                             "list the carrier in the same group", "8.7")
                    continue
                if e.card.type != "equipment":
                    self.add(e.path + ("card",), "attachment", f"{self.name(e.card)} is not equipment and cannot be attached",
                             "only equipment cards ride on infantry", "8.7")
                    continue
                if carrier.type != "infantry":
                    self.add(e.path + key, "attachment",
                             f"{e.card.name} cannot be carried by {self.name(carrier)}: equipment goes on infantry or cavalry",
                             "attach it to an infantry card", "8.7")
                    continue
                if e.per_carrier > 1:
                    self.add(e.path + ("per_carrier",), "attachment",
                             f"{e.per_carrier} {e.card.name} on one carrier; a squad carries one of a type",
                             "set per_carrier to 1", "8.7, FAQ 4")
                if e.count > counts[carrier.id]:
                    self.add(e.path + ("count",), "attachment",
                             f"{e.count} {e.card.name} need {e.count} {carrier.name}, {where} has {counts[carrier.id]}",
                             "one of a type per squad: add carriers or remove copies", "8.7, FAQ 4")
                equipment_on[carrier.id] += e.count
                if per_squad and equipment_on[carrier.id] > per_squad * counts[carrier.id]:
                    self.add(e.path + ("count",), "attachment",
                             f"{equipment_on[carrier.id]} equipment cards on {counts[carrier.id]} {carrier.name}; "
                             f"at most {per_squad} each in this ruleset",
                             "remove equipment or add carriers", "8.7")
            for key_name, vehicle_id in (("loaded_on", e.loaded_on), ("towed_by", e.towed_by)):
                if vehicle_id is None:
                    continue
                key = (key_name,)
                carrier = cards.get(vehicle_id)
                if carrier is None:
                    self.add(e.path + key, "transport", f"{e.card.name} travels with card {vehicle_id}, which {where} does not have",
                             "list the vehicle in the same group", "8.6")
                    continue
                if key_name == "loaded_on":
                    if e.card.type != "infantry" or e.card.card_class == "cavalry":
                        self.add(e.path + ("card",), "transport", f"{self.name(e.card)} cannot ride a vehicle: only infantry squads can",
                                 "load infantry squads only", "8.6")
                        continue
                    capacity = int((carrier.effective.get("transport") or {}).get("infantry", 0) or 0)
                    tanks_needed = int(self.params.get("movement.tanks_per_carried_squad", 2) or 0)
                    if capacity == 0 and is_tank(carrier, self.params) and tanks_needed:
                        if e.carriers_per_card < tanks_needed:
                            self.add(e.path + key, "transport",
                                     f"{self.name(carrier)} carries a squad only with {tanks_needed} tanks together",
                                     f"set carriers_per_card: {tanks_needed}", "8.6")
                            continue
                        capacity = 1
                    if capacity == 0:
                        self.add(e.path + key, "transport", f"{self.name(carrier)} cannot carry infantry",
                                 "load the squad on a truck or half-track (or on two tanks)", "8.6")
                        continue
                else:
                    if e.card.type != "at_gun":
                        self.add(e.path + ("card",), "transport", f"{self.name(e.card)} cannot be towed: only AT guns are",
                                 "tow AT guns only", "8.6.1")
                        continue
                    if not self.params.get("movement.towing", True) or carrier.card_class not in TOWING_CLASSES:
                        self.add(e.path + key, "transport", f"{self.name(carrier)} cannot tow an AT gun; half-tracks and trucks can",
                                 "tow it with a half-track or truck of the group", "8.6.1")
                        continue
                loads_on[carrier.id] += e.count * max(1, e.carriers_per_card)
                if loads_on[carrier.id] > counts[carrier.id]:
                    self.add(e.path + ("count",), "transport",
                             f"{loads_on[carrier.id]} {carrier.name} needed to carry or tow, {where} has {counts[carrier.id]}",
                             "each vehicle carries one squad or tows one gun: add vehicles or unload cards", "8.6, 8.6.1")

    # -- reinforcements -------------------------------------------------------
    def arrival_rule(self, side: Side) -> ReinforcementArrival | None:
        for rule in self.s.rules(ReinforcementArrival):
            if side.id in rule.sides:
                return rule
        return None

    def reinforcements(self, side: Side) -> None:
        rule = self.arrival_rule(side)
        for group in side.reinforcements:
            if group.to_reserve or not group.positions:
                continue
            heavy = [e for e in group.forces if e.card.type in ("vehicle", "at_gun") and e.placement.kind != "reserve"]
            if heavy:
                for q in group.positions:
                    bad = [t for t in self.terrain_at(q) if prohibits_vehicles(t, self.params)]
                    if bad:
                        self.add(group.path + ("to",), "reinforcement-terrain",
                                 f"group '{group.id}' arrives on {self.s.label(q, side.id)} ({bad[0].name}), "
                                 f"which its vehicles and AT guns may not enter",
                                 "arrive on other positions, or leave the vehicles and guns out of the group", "11.0")
            overstacked = bool(rule and rule.overstacked and rule.stacking_checked == "end_of_turn")
            if not overstacked:
                self.fit(self.demands(group.forces, side, skip_reserve_ok=False), side, "reinforcement-stacking",
                         f"when group '{group.id}' arrives")
                continue
            movable_ok = rule.fast_may_continue if rule else False
            demands = self.demands(group.forces, side, skip_reserve_ok=False, fast_ok=movable_ok)
            staying = [d for d in demands if not d.movable]
            if not self.fit(staying, side, "reinforcement-stacking", f"when group '{group.id}' arrives (cards that cannot move on)"):
                continue
            reach = set(group.positions)
            if movable_ok:
                for q in group.positions:
                    reach.update(self.s.grid.adjacent(q))
            self.fit(demands, side, "reinforcement-stacking", f"at the end of the turn group '{group.id}' arrives",
                     room=tuple(sorted(reach)))

    # -- victory and turns ----------------------------------------------------
    def victory(self) -> None:
        for cond in self.s.victory:
            if isinstance(cond, (ControlRank, ControlPositions)):
                for sid, targets in cond.targets.items():
                    if targets and cond.count > len(targets):
                        self.add(cond.path + ("count",), "victory-count",
                                 f"condition '{cond.id}' asks side '{sid}' to control {cond.count} of {len(targets)} position(s)",
                                 f"ask for at most {len(targets)}", "16.0")
                        break

    def turns(self) -> None:
        limit = self.s.turn_limit
        if limit is None and self.s.ends is None:
            self.add(("turn_limit",), "game-end", "no turn limit and no 'ends': nothing says how an undecided game ends",
                     "give a turn_limit, or 'ends' with the cap after which the game is drawn and a text", "16.0")
        elif limit is not None and self.s.ends is not None:
            self.add(self.s.ends.path, "game-end", f"'ends' beside a turn limit ({limit}): the turn limit ends the game",
                     "remove 'ends', or set turn_limit: null", "16.0", key=True)
        if limit is None:
            return
        for side in self.s.sides:
            for group in side.reinforcements:
                if group.turn is not None and group.turn > limit:
                    self.add(group.path + ("arrives", "turn"), "turn-limit",
                             f"group '{group.id}' arrives on turn {group.turn}, after the last turn ({limit})",
                             "arrive earlier, or lengthen the game", "20.0")
        for cond in self.s.victory:
            if isinstance(cond, HoldPositions) and cond.at_end_of_turn > limit:
                self.add(cond.path + ("at_end_of_turn",), "turn-limit",
                         f"condition '{cond.id}' is checked at the end of turn {cond.at_end_of_turn}, after the last turn ({limit})",
                         "check it by the last turn", "16.0")
        for rule in self.s.rules(PlayBeforeTurn):
            if rule.before_turn > limit + 1:
                self.add(rule.path + ("before_turn",), "turn-limit",
                         f"rule '{rule.id}' runs to turn {rule.before_turn}, after the last turn ({limit})",
                         "give a turn within the game", "20.0")


def _fires_at(card: Card) -> bool:
    hit = card.effective.get("hit") or {}
    pen = card.effective.get("penetration") or {}
    return card.type in ("vehicle", "at_gun") and isinstance(hit.get("short"), int) and hit["short"] > 0 \
        and isinstance(pen.get("short"), int) and pen["short"] > 0


def _clash(card: Card, existing: list[Card]) -> str:
    """Why ``card`` may not join the terrain already on a position (11.0), or ''."""
    if not existing:
        return ""
    if any(other.id == card.id for other in existing):
        return f"the position already has {card.name} (two of a kind may not share a position)"
    classes = {other.card_class for other in existing}
    if card.card_class == "water" or "water" in classes:
        return "Stream or Swamp must be the only terrain card of its position"
    if card.card_class == "terrain" and "terrain" in classes:
        names = "/".join(o.name for o in existing if o.card_class == "terrain")
        return f"the position already has {names} (one terrain card a position)"
    if card.card_class == "fortification" and "fortification" in classes:
        return "the position already has Foxholes or Bunkers"
    return ""


def codes_markdown() -> str:
    """The code table as Markdown (for data/scenarios/README.md)."""
    lines = ["| code | what it means |", "| --- | --- |"]
    lines += [f"| `{code}` | {text} |" for code, text in CODES.items()]
    return "\n".join(lines)
