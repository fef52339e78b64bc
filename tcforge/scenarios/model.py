"""Scenario files as the rules engine reads them.

:func:`load_scenario` reads a scenario file (schema-checked), resolves every
card reference to a card of the scenario's ruleset, every position reference
to a :class:`~tcforge.scenarios.grid.Position`, every side reference (id or
role) to a side id, applies the scenario's parameter overrides to the ruleset
and, when asked, one of its balance options. What cannot be resolved becomes
a :class:`~tcforge.scenarios.findings.Finding` placed at ``file:line:col``;
the legality checks proper live in :mod:`tcforge.scenarios.check`.

The engine reads:

- ``Scenario.grid`` (positions, ranks from each side's reserve, labels) and
  ``Scenario.terrain`` (the cards on each position when the map is fixed);
- ``Scenario.params``: every ruleset parameter with the scenario's overrides;
- ``Scenario.sides``: nation, role, setup zone, forces (card ids, counts,
  placement, carriers), drawing deck, build budget, reinforcement groups;
- ``Scenario.initiative``, ``Scenario.deck`` (the deck policy), ``turn_limit``;
- ``Scenario.victory``: typed conditions (:class:`ControlRank`, ...), each
  with the positions it concerns for each side that can meet it;
- ``Scenario.special_rules``: typed rules (:class:`LimitedAP`, ...).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator

from tcforge.data import card_kinds, schemas
from tcforge.data.card_kinds import is_unit  # noqa: F401  (the scenario checks and set-up ask sm.is_unit)
from tcforge.data.cards import Card, CardId, CardLookupError, CardSet
from tcforge.data.dataset import GameData, load_data
from tcforge.data.problems import DataError
from tcforge.data.rulesets import Ruleset, value_kind
from tcforge.data.yamlsafe import Loaded, load_yaml
from tcforge.paths import data_dir, display_path
from tcforge.scenarios.findings import Finding, ScenarioError
from tcforge.scenarios.grid import Grid, Position
from tcforge.scenarios.patch import PatchError, apply_patch

YamlPath = tuple[Any, ...]

TERRAIN_CLASSES = frozenset({"terrain", "fortification", "water"})
NATION_PREFIX = {"german": "G", "soviet": "R"}
CLEAR = "clear"


def scenarios_dir() -> Path:
    return data_dir() / "scenarios"


def category(card: Card) -> str:
    """What kind of card it is for deck rules: terrain, special_events, equipment, air_artillery or units (14.0)."""
    if card.type == "special" and card.card_class in TERRAIN_CLASSES:
        return "terrain"
    if card.type in ("special", "ultra_rare"):
        return "special_events"
    if card.type in ("equipment", "air_artillery"):
        return card.type
    return "units"


def is_truck(card: Card, params: dict[str, Any]) -> bool:
    """Counts against the trucks' stacking limit (6.3); half-tracks as the ruleset says (tcforge.data.card_kinds)."""
    return card_kinds.is_truck(card, str(params.get("stacking.half_tracks_count_as", "combat")))


def is_combat(card: Card, params: dict[str, Any]) -> bool:
    return card_kinds.is_combat(card, str(params.get("stacking.half_tracks_count_as", "combat")))


def is_tank(card: Card, params: dict[str, Any]) -> bool:
    return card_kinds.is_tank(card, params.get("fire.tank_classes") or ("tank",))


def prohibits_vehicles(card: Card, params: dict[str, Any]) -> bool:
    """A terrain card that vehicles and AT guns may not enter (Stream, Swamp: 11.0)."""
    table = (card.effective.get("terrain_effects") or {}).get(params.get("fire.terrain_table", ""))
    if not isinstance(table, dict):
        tables = list((card.effective.get("terrain_effects") or {}).values())
        table = tables[0] if tables else {}
    return table.get("prohibits") == "vehicles_and_at_guns"


# ---------------------------------------------------------------------------
# the model


@dataclass
class Text:
    en: str
    fr: str

    def get(self, lang: str) -> str:
        return self.fr if lang == "fr" and self.fr else self.en


@dataclass
class Override:
    """A ruleset parameter the scenario changes."""

    name: str
    value: Any
    ruleset_value: Any
    case: str
    reason: str


@dataclass
class Placement:
    """Where copies of a card start.

    ``kind``: ``positions`` (on one of ``positions``; with ``per_position`` exactly
    that many on each), ``reserve`` (the hand), or ``carried`` (wherever its
    carrier is: equipment, passengers, towed guns). ``from_zone`` is true when the
    positions are the whole setup zone (or arrival positions), so the player may
    also use the reserve if the setup allows it.
    """

    kind: str
    positions: tuple[Position, ...] = ()
    per_position: int | None = None
    from_zone: bool = False


@dataclass
class ForceEntry:
    card_id: CardId
    card: Card = field(repr=False, compare=False)
    count: int
    placement: Placement
    attached_to: CardId | None = None
    per_carrier: int = 1
    loaded_on: CardId | None = None
    carriers_per_card: int = 1
    towed_by: CardId | None = None
    interpretation: str = ""
    path: YamlPath = ()

    @property
    def carrier(self) -> CardId | None:
        return self.attached_to or self.loaded_on or self.towed_by


@dataclass
class CardCount:
    card_id: CardId
    card: Card = field(repr=False, compare=False)
    count: int
    path: YamlPath = ()


@dataclass
class Build:
    points: int | None = None
    max_cards: int | None = None
    types: tuple[str, ...] = ()
    at_fire: bool = False
    terrain: bool = True
    path: YamlPath = ()


@dataclass
class Reinforcement:
    id: str
    side: str
    title: Text | None
    turn: int | None  # arrives in the side's own turn of this game turn
    card_played: CardId | None  # or when the side puts this card on the table
    to_reserve: bool
    positions: tuple[Position, ...]  # arrival positions (empty when to the reserve)
    build: Build | None
    forces: list[ForceEntry]
    interpretation: str = ""
    path: YamlPath = ()


@dataclass
class Side:
    id: str
    nation: str  # german, soviet or chosen
    role: str  # attacker, defender or meeting
    title: Text | None
    zone: tuple[Position, ...]
    reserve_allowed: bool
    build: Build | None
    free_cards: list[CardCount]
    forces: list[ForceEntry]
    deck: list[CardCount]
    reinforcements: list[Reinforcement]
    path: YamlPath = ()

    def name(self, lang: str = "en") -> str:
        if self.title:
            return self.title.get(lang)
        return self.id


@dataclass
class Terrain:
    method: str  # none, fixed, random, discretionary
    cells: dict[Position, tuple[Card, ...]] = field(default_factory=dict)  # fixed: the cards on each position
    by: tuple[str, ...] = ()  # discretionary: side ids that place terrain
    where: str = "own"
    alternate: bool = False
    cards_per_side: int | None = None
    max_per_type: int | None = None
    interpretation: str = ""

    def at(self, pos: Position) -> tuple[Card, ...]:
        return self.cells.get(pos, ())


@dataclass
class Area:
    id: str
    name: Text
    positions: tuple[Position, ...]


@dataclass
class Initiative:
    method: str  # roll or fixed
    winner: str  # roll: high or low
    modifiers: dict[str, int]  # side id -> added to its roll
    side: str | None  # fixed: the side that plays first
    setup_first: str  # first_player, second_player or a side id
    interpretation: str = ""


@dataclass
class DeckPolicy:
    draw_deck: bool
    only_listed: bool
    extras: tuple[str, ...]
    max_identical_special_events: int | None  # None: no limit
    interpretation: str = ""


@dataclass
class VictoryCondition:
    """Base of the victory conditions; ``winner`` is a side id or ``either``."""

    id: str
    winner: str
    text: Text | None
    interpretation: str
    path: YamlPath

    @property
    def type(self) -> str:
        return _VICTORY_TYPES[type(self)]

    def winners(self, sides: list[str]) -> list[str]:
        return list(sides) if self.winner == "either" else [self.winner]


@dataclass
class ControlRank(VictoryCondition):
    """Control ``count`` positions of the enemy's rank ``rank`` at once (16.0); ``targets[side]`` lists them."""

    rank: int = 2
    count: int = 3
    targets: dict[str, tuple[Position, ...]] = field(default_factory=dict)


@dataclass
class ControlPositions(VictoryCondition):
    """Control ``count`` of the ``targets[side]`` positions at once."""

    count: int = 1
    targets: dict[str, tuple[Position, ...]] = field(default_factory=dict)


@dataclass
class HoldPositions(VictoryCondition):
    """Hold every one of ``targets[side]`` at the end of game turn ``at_end_of_turn`` with the given ``units``."""

    at_end_of_turn: int = 1
    units: tuple[str, ...] = ("combat",)
    contested_ok: bool = False
    targets: dict[str, tuple[Position, ...]] = field(default_factory=dict)


@dataclass
class EliminateAll(VictoryCondition):
    """Win when the enemy has no card left on the table (``scope`` table) or anywhere in play."""

    scope: str = "table"


@dataclass
class Countdown(VictoryCondition):
    """Win when ``turns`` complete game turns pass after group ``after`` arrives and nothing else decided."""

    after: str = ""
    turns: int = 1


_VICTORY_TYPES: dict[type, str] = {ControlRank: "control_rank", ControlPositions: "control_positions",
                                   HoldPositions: "hold_positions", EliminateAll: "eliminate_all", Countdown: "countdown"}


@dataclass
class SpecialRule:
    """Base of the special rules; ``sides`` are the side ids it applies to."""

    id: str
    case: str
    text: Text
    sides: tuple[str, ...]
    interpretation: str
    path: YamlPath

    @property
    def rule(self) -> str:
        return _RULE_TYPES[type(self)]


@dataclass
class TerrainAs(SpecialRule):
    """Cards of ``card_id`` on the map count as ``as_`` terrain (Hill 621: Path as Clear)."""

    card_id: CardId = 0
    as_: str = CLEAR


@dataclass
class NoReturnToReserve(SpecialRule):
    """Cards placed on the table may not go back to the reserve."""


@dataclass
class ReinforcementArrival(SpecialRule):
    """How reinforcements arrive: above the stacking limits, loaded, what the arrival costs."""

    overstacked: bool = False
    loaded: bool = False
    supply_points: int = 1
    move_positions: int = 0
    fast_may_continue: bool = True
    stacking_checked: str = "on_arrival"


@dataclass
class AttachedAmmunition(SpecialRule):
    """Card ``card_id`` attaches to one of ``attach_to``: +``melee_sa_bonus`` SA in melee, discarded on the given natural to-hit rolls."""

    card_id: CardId = 0
    attach_to: tuple[CardId, ...] = ()
    melee_sa_bonus: int = 0
    removed_on_natural_to_hit: tuple[int, ...] = ()


@dataclass
class LimitedAP(SpecialRule):
    """Each of ``card_ids`` fires ``full_penetration_shots`` AT shots at its printed penetration, later ones at ``then_penetration``."""

    card_ids: tuple[CardId, ...] = ()
    full_penetration_shots: int = 1
    then_penetration: tuple[int, int] = (0, 0)  # (short, long)


@dataclass
class PlayBeforeTurn(SpecialRule):
    """Card ``card_id`` may not be played from game turn ``before_turn`` on."""

    card_id: CardId = 0
    before_turn: int = 1


@dataclass
class FireTypesAllowed(SpecialRule):
    """Only these kinds of fire (at, he, sa, ft) are allowed."""

    types: tuple[str, ...] = ("at",)


@dataclass
class HandLimitGrace(SpecialRule):
    """After group ``after`` arrives the side may keep more cards than the hand limit for ``turns`` of its turns."""

    after: str = ""
    turns: int = 1


_RULE_TYPES: dict[type, str] = {TerrainAs: "terrain_as", NoReturnToReserve: "no_return_to_reserve",
                                ReinforcementArrival: "reinforcement_arrival", AttachedAmmunition: "attached_ammunition",
                                LimitedAP: "limited_ap", PlayBeforeTurn: "play_before_turn",
                                FireTypesAllowed: "fire_types_allowed", HandLimitGrace: "hand_limit_grace"}


@dataclass
class BalanceOption:
    id: str
    favours: str
    text: Text
    patch: list[dict[str, Any]]
    path: YamlPath = ()


@dataclass
class Interpretation:
    """A choice of the project where the source is unclear, with its reason."""

    where: str  # a readable path, e.g. sides/0/setup
    line: int
    reason: str


@dataclass
class Scenario:
    id: str
    title: Text
    description: Text
    source: dict[str, str]
    date: str | None
    year: int | str | None  # the in-service year, "chosen", or None (no check)
    place: Text | None
    ruleset: Ruleset
    params: dict[str, Any]
    overrides: dict[str, Override]
    grid: Grid
    terrain: Terrain
    areas: dict[str, Area]
    sides: list[Side]
    side_assignment: str
    initiative: Initiative
    deck: DeckPolicy
    turn_limit: int | None
    victory: list[VictoryCondition]
    default_winner: str | None
    special_rules: list[SpecialRule]
    notes: list[Text]
    balance: list[BalanceOption]
    applied_balance: str | None
    interpretations: list[Interpretation]
    file: str
    path: Path
    loaded: Loaded = field(repr=False)
    cards: CardSet = field(repr=False)

    def side(self, side_id: str) -> Side:
        for side in self.sides:
            if side.id == side_id:
                return side
        raise KeyError(side_id)

    def enemy(self, side_id: str) -> Side:
        return self.side(self.grid.other(side_id))

    def param(self, name: str) -> Any:
        return self.params[name]

    def terrain_at(self, pos: Position) -> tuple[Card, ...]:
        """The map's terrain cards on a position (empty: Clear, or terrain not fixed)."""
        return self.terrain.at(pos)

    def rules(self, kind: type) -> list[Any]:
        """The special rules of one kind: ``scenario.rules(LimitedAP)``."""
        return [r for r in self.special_rules if isinstance(r, kind)]

    def where(self, path: YamlPath, *, key: bool = False) -> tuple[int, int]:
        return self.loaded.where(path, key=key)

    def reinforcement(self, group_id: str) -> Reinforcement:
        for side in self.sides:
            for group in side.reinforcements:
                if group.id == group_id:
                    return group
        raise KeyError(group_id)

    def label(self, pos: Position, side: str | None = None) -> str:
        return self.grid.label(pos, side)


# ---------------------------------------------------------------------------
# loading


@dataclass
class Loading:
    """What :func:`load_scenario` returns: the scenario (None when it cannot be built) and every finding."""

    scenario: Scenario | None
    findings: list[Finding]
    data: Any = None
    loaded: Loaded | None = None


def find_scenario(reference: str | Path) -> Path | None:
    """A scenario file by path, or a bundled scenario by id."""
    path = Path(reference)
    if path.is_file():
        return path
    candidate = scenarios_dir() / f"{reference}.yaml"
    if re.fullmatch(r"[a-z0-9-]+", str(reference)) and candidate.is_file():
        return candidate
    return None


def bundled_ids() -> list[str]:
    return sorted(p.stem for p in scenarios_dir().glob("*.yaml"))


def load(reference: str | Path, *, balance: str | None = None) -> Scenario:
    """The scenario (bundled id or file), raising ScenarioError with every finding when it cannot be used."""
    path = find_scenario(reference)
    if path is None:
        raise ScenarioError([Finding(str(reference), 1, 1, "unknown-reference", f"no scenario '{reference}'",
                                     "give a file or one of: " + ", ".join(bundled_ids()))])
    result = load_scenario(path, balance=balance)
    errors = [f for f in result.findings]
    if result.scenario is None or errors:
        raise ScenarioError(errors)
    return result.scenario


def load_scenario(path: Path, *, balance: str | None = None) -> Loading:
    """Read, schema-check and resolve one scenario file; ``balance`` applies one balance option by id."""
    display = display_path(path)
    loaded, problems = load_yaml(path, display)
    findings = [Finding(p.file, p.line, p.col, "yaml", p.message, p.hint) for p in problems]
    if loaded is None or findings:
        return Loading(None, findings)
    schema_findings = _schema(loaded, display)
    if schema_findings:
        return Loading(None, schema_findings, loaded.data, loaded)
    data = loaded.data
    if balance is not None:
        data, patch_findings = _apply_balance(loaded, display, balance)
        if patch_findings:
            return Loading(None, patch_findings, loaded.data, loaded)
    builder = _Builder(path, display, Loaded(data, loaded.marks, loaded.key_marks))
    scenario = builder.build(balance)
    return Loading(scenario, builder.findings, data, loaded)


def _key_findings(loaded: Loaded, display: str) -> list[Finding]:
    """Mapping keys that are not text (``99:``): JSON Schema cannot check them, so they are reported first."""
    out = []

    def walk(node: Any, path: YamlPath) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                if not isinstance(key, str):
                    line, col = loaded.where(path + (key,), key=True)
                    out.append(Finding(display, line, col, "schema", f"key {key!r} is a number, not a name",
                                       "keys are names: fix the key, or quote it if a number was meant"))
                walk(value, path + (key,))
        elif isinstance(node, list):
            for i, value in enumerate(node):
                walk(value, path + (i,))

    walk(loaded.data, ())
    return out


def _schema(loaded: Loaded, display: str) -> list[Finding]:
    out = _key_findings(loaded, display)
    if out:
        return out
    for p in schemas.check(loaded, "scenario", display):
        message = p.message + (f" [{p.schema_path}]" if p.schema_path else "")
        out.append(Finding(p.file, p.line, p.col, "schema", message, p.hint))
    return out


def _apply_balance(loaded: Loaded, display: str, option: str) -> tuple[Any, list[Finding]]:
    data = loaded.data
    options = data.get("balance") or []
    for i, entry in enumerate(options):
        if entry.get("id") != option:
            continue
        try:
            patched = apply_patch(data, entry["patch"])
        except PatchError as exc:
            line, col = loaded.where(("balance", i, "patch", exc.index, "path"))
            return data, [Finding(display, line, col, "balance-patch", f"balance option '{option}': {exc}",
                                  "a path names keys and list elements (by index or id) that exist in this file")]
        again = Loaded(patched, loaded.marks, loaded.key_marks)
        wrong = _schema(again, display)
        if wrong:
            line, col = loaded.where(("balance", i, "patch"))
            return data, [Finding(display, line, col, "balance-patch",
                                  f"balance option '{option}' makes the file invalid: {f.message}", f.hint) for f in wrong]
        return patched, []
    known = ", ".join(str(o.get("id")) for o in options) or "none"
    return data, [Finding(display, 1, 1, "balance-patch", f"no balance option '{option}'", f"this scenario has: {known}")]


def _text(raw: Any) -> Text | None:
    if not isinstance(raw, dict):
        return None
    return Text(str(raw.get("en", "")), str(raw.get("fr", "")))


def _walk_interpretations(node: Any, path: YamlPath, out: list[tuple[YamlPath, str]]) -> None:
    if isinstance(node, dict):
        if isinstance(node.get("interpretation"), str):
            out.append((path, node["interpretation"]))
        for key, value in node.items():
            _walk_interpretations(value, path + (key,), out)
    elif isinstance(node, list):
        for i, value in enumerate(node):
            _walk_interpretations(value, path + (i,), out)


class _Builder:
    def __init__(self, path: Path, display: str, loaded: Loaded):
        self.path = path
        self.file = display
        self.loaded = loaded
        self.data: dict[str, Any] = loaded.data
        self.findings: list[Finding] = []
        self.side_ids: list[str] = []
        self.roles: dict[str, str] = {}
        self.nations: dict[str, str] = {}

    # helpers
    def add(self, path: YamlPath, code: str, message: str, hint: str = "", case: str = "", *, key: bool = False) -> None:
        line, col = self.loaded.where(path, key=key)
        self.findings.append(Finding(self.file, line, col, code, message, hint, case))

    def card(self, ref: Any, nation: str | None, path: YamlPath) -> Card | None:
        look = nation if nation in ("german", "soviet") else None
        try:
            found = self.cards.get(ref, nation=look)
        except CardLookupError as exc:
            hint = ("did you mean " + ", ".join(repr(s) for s in exc.suggestions) + "?") if exc.suggestions else \
                "give the card's number, name or alias ('tcforge cards list' shows them)"
            if "several cards" in str(exc):
                hint = "give the card's number, or the side's nation"
            self.add(path, "unknown-card", f"unknown card: {str(exc).split('; did you mean')[0]}", hint, "19.1")
            return None
        if look and found.nation not in (look, "any"):
            self.add(path, "wrong-nation", f"card {found.id} ({found.name}) is a {found.nation} card; this side is {look}",
                     "pick the side's own version of the card (17.0: each side uses its own cards)", "17.0")
        return found

    def side_ref(self, name: Any, path: YamlPath, *, allow: tuple[str, ...] = ()) -> str | None:
        """A side id from a side id or a role; ``allow`` lists extra words accepted as they are."""
        if name in allow:
            return str(name)
        if name in self.side_ids:
            return str(name)
        matches = [sid for sid, role in self.roles.items() if role == name]
        if len(matches) == 1:
            return matches[0]
        options = self.side_ids + sorted({r for r in self.roles.values() if list(self.roles.values()).count(r) == 1}) + list(allow)
        self.add(path, "unknown-reference", f"'{name}' is not a side of this scenario",
                 "use one of: " + ", ".join(options))
        return None

    # build
    def build(self, balance: str | None) -> Scenario | None:
        data = self.data
        game = self._game_data()
        if game is None:
            return None
        self.cards = game.cards
        ruleset = game.ruleset
        params, overrides = self._parameters(ruleset)
        self.params = params

        raw_sides = data["sides"]
        seen: dict[str, int] = {}
        for i, side in enumerate(raw_sides):
            sid = side["id"]
            if sid in seen:
                self.add(("sides", i, "id"), "duplicate-id", f"side id '{sid}' is used twice", "give each side its own id")
            seen[sid] = i
            self.side_ids.append(sid)
            self.roles[sid] = side["role"]
            self.nations[sid] = side["nation"]
        if len(set(self.side_ids)) < 2:
            return None
        fixed = [n for n in self.nations.values() if n != "chosen"]
        if len(fixed) == 2 and fixed[0] == fixed[1]:
            self.add(("sides", 1, "nation"), "side-nations", f"both sides are {fixed[0]}",
                     "one side is german and the other soviet (17.0), or use chosen", "17.0")

        bf = data["battlefield"]
        north = self.side_ids[0]
        if "north" in bf:
            north = self.side_ref(bf["north"], ("battlefield", "north")) or north
        order = (north, self.side_ids[1] if north == self.side_ids[0] else self.side_ids[0])
        self.grid = self._grid(bf, order, params)
        self.terrain = self._terrain(bf.get("terrain") or {"method": "none"}, params)
        self.areas = self._areas(bf.get("areas") or {})

        sides = [self._side(i, raw) for i, raw in enumerate(raw_sides)]
        self._unique_ids(sides)
        initiative = self._initiative(data["initiative"])
        deck = self._deck(data["deck"], params)
        victory = [v for v in (self._victory(i, raw) for i, raw in enumerate(data["victory"]["conditions"])) if v]
        default = data["victory"].get("default")
        default_winner = self.side_ref(default, ("victory", "default")) if default is not None else None
        rules = [r for r in (self._rule(i, raw) for i, raw in enumerate(data.get("special_rules") or [])) if r]
        balance_options = []
        for i, raw in enumerate(data.get("balance") or []):
            favours = self.side_ref(raw["favours"], ("balance", i, "favours")) or raw["favours"]
            balance_options.append(BalanceOption(raw["id"], favours, _text(raw["text"]) or Text("", ""), raw["patch"], ("balance", i)))
        found: list[tuple[YamlPath, str]] = []
        _walk_interpretations(data, (), found)
        interpretations = [Interpretation("/".join(str(p) for p in path) or "(top level)", self.loaded.where(path)[0], reason)
                           for path, reason in found]
        date = data.get("date")
        year: int | str | None = None
        if isinstance(data.get("in_service"), dict):
            year = data["in_service"]["year"]
        elif date:
            year = int(str(date)[:4])
        return Scenario(
            id=data["id"], title=_text(data["title"]) or Text("", ""), description=_text(data["description"]) or Text("", ""),
            source=dict(data["source"]), date=str(date) if date else None, year=year, place=_text(data.get("place")),
            ruleset=ruleset, params=params, overrides=overrides, grid=self.grid, terrain=self.terrain, areas=self.areas,
            sides=sides, side_assignment=data.get("side_assignment", "players_choose"), initiative=initiative, deck=deck,
            turn_limit=data["turn_limit"], victory=victory, default_winner=default_winner, special_rules=rules,
            notes=[t for t in (_text(n) for n in data.get("notes") or []) if t], balance=balance_options,
            applied_balance=balance, interpretations=interpretations, file=self.file, path=self.path, loaded=self.loaded,
            cards=self.cards)

    def _game_data(self) -> GameData | None:
        rid = self.data["ruleset"]["id"]
        try:
            everything = load_data()
        except DataError as exc:
            self.add(("ruleset", "id"), "unknown-ruleset", f"the bundled data is not valid ({len(exc.problems)} problem(s))",
                     "run 'tcforge validate'")
            return None
        if rid not in everything.rulesets:
            self.add(("ruleset", "id"), "unknown-ruleset", f"unknown ruleset '{rid}'",
                     "use one of: " + ", ".join(sorted(everything.rulesets)))
            return None
        return load_data(rid)

    def _parameters(self, ruleset: Ruleset) -> tuple[dict[str, Any], dict[str, Override]]:
        params = {name: p.value for name, p in ruleset.params.items()}
        overrides: dict[str, Override] = {}
        for name, entry in (self.data["ruleset"].get("parameters") or {}).items():
            path = ("ruleset", "parameters", name)
            if name not in ruleset.params:
                import difflib
                close = difflib.get_close_matches(name, list(ruleset.params), n=3)
                self.add(path, "unknown-parameter", f"'{name}' is not a parameter of ruleset '{ruleset.id}'",
                         ("did you mean " + ", ".join(close) + "?") if close else "see data/rulesets/" + ruleset.id + ".yaml", key=True)
                continue
            old = ruleset.params[name].value
            if value_kind(old) != value_kind(entry["value"]):
                self.add(path + ("value",), "parameter-type",
                         f"'{name}' must be {value_kind(old)} like the ruleset's {old!r}, not {value_kind(entry['value'])}",
                         "give a value of the same kind as the ruleset's", ruleset.params[name].case)
                continue
            params[name] = entry["value"]
            overrides[name] = Override(name, entry["value"], old, str(entry["case"]), str(entry["reason"]))
        return params, overrides

    def _grid(self, bf: dict[str, Any], order: tuple[str, str], params: dict[str, Any]) -> Grid:
        columns = int(bf.get("columns", params.get("battlefield.columns", 5)))
        ranks = int(bf.get("ranks_per_side", params.get("battlefield.ranks_per_side", 2)))
        nml = int(params.get("battlefield.no_mans_land_ranks", 0) or 0)
        prefixes = {sid: NATION_PREFIX.get(self.nations[sid], sid[:1].upper()) for sid in order}
        if prefixes[order[0]] == prefixes[order[1]]:
            prefixes[order[1]] = order[1][:1].upper() + "x" if order[1][:1].upper() == prefixes[order[0]] else order[1][:1].upper()
        labels: dict[str, list[str]] = {}
        rows = 2 * ranks + nml
        raw_labels = bf.get("rank_labels") or {}
        for sid, values in raw_labels.items():
            path = ("battlefield", "rank_labels", sid)
            if sid not in order:
                self.add(path, "unknown-reference", f"rank labels for '{sid}', which is not a side",
                         "use a side id: " + ", ".join(order), key=True)
                continue
            if len(values) != rows:
                self.add(path, "grid-labels", f"{len(values)} rank label(s) for '{sid}', the battlefield has {rows} rows",
                         f"list one label per row, north to south ({ranks} rank(s) a side)", "6.0")
                continue
            labels[sid] = list(values)
        grid = Grid(columns, ranks, order, nml, prefixes, labels)
        owner: dict[str, str] = {}
        for sid in order:
            for r, text in enumerate(grid.labels[sid], start=1):
                other = owner.get(text)
                if other is not None and (other != sid or grid.row_by_label(text) != r):
                    self.add(("battlefield", "rank_labels", sid, r - 1) if sid in raw_labels else ("battlefield",), "grid-labels",
                             f"rank label '{text}' names two rows", "every row label must be unique across both sides", "6.0")
                owner[text] = sid
        return grid

    def _terrain(self, raw: dict[str, Any], params: dict[str, Any]) -> Terrain:
        base = ("battlefield", "terrain")
        method = raw["method"]
        terrain = Terrain(method, interpretation=str(raw.get("interpretation", "")))
        if method == "fixed":
            mapping = raw.get("map")
            if not mapping:
                self.add(base, "terrain-map", "a fixed terrain needs a map", "add map: with one list per row label", "6.1")
            else:
                rows_seen: dict[int, str] = {}
                for text, cells in mapping.items():
                    path = base + ("map", text)
                    row = self.grid.row_by_label(text)
                    if row is None:
                        self.add(path, "terrain-map", f"map row '{text}' is not a rank label of the battlefield",
                                 "use the labels: " + self.grid.describe_labels(), "6.0", key=True)
                        continue
                    if row in rows_seen:
                        self.add(path, "terrain-map", f"map row '{text}' is the same row as '{rows_seen[row]}'",
                                 "give each row once", "6.0", key=True)
                        continue
                    rows_seen[row] = text
                    if len(cells) != self.grid.columns:
                        self.add(path, "terrain-map", f"map row '{text}' has {len(cells)} position(s), the battlefield has {self.grid.columns} columns",
                                 "give one terrain per column, west to east (Clear for none)", "6.0")
                    for c, cell in enumerate(cells[: self.grid.columns], start=1):
                        found = []
                        for k, ref in enumerate(cell if isinstance(cell, list) else [cell]):
                            cpath = path + (c - 1,) + ((k,) if isinstance(cell, list) else ())
                            if isinstance(ref, str) and ref.strip().lower() == CLEAR:
                                continue
                            card = self.card(ref, None, cpath)
                            if card is None:
                                continue
                            if category(card) != "terrain" and card.card_class != "crossing":
                                self.add(cpath, "terrain-map", f"card {card.id} ({card.name}) is not a terrain card",
                                         "a map position holds terrain cards (Woods, Hills, ...) or Clear", "6.1")
                                continue
                            found.append(card)
                        if found:
                            terrain.cells[Position(row, c)] = tuple(found)
                missing = [self.grid.row_label(r) for r in range(1, self.grid.rows + 1) if r not in rows_seen]
                if missing:
                    self.add(base + ("map",), "terrain-map", f"the map has no row {', '.join(missing)}",
                             "give every row of the battlefield, north to south", "6.0")
        elif raw.get("map"):
            self.add(base + ("map",), "terrain-map", f"a map is given but the terrain method is '{method}'",
                     "use method: fixed, or remove the map", "6.1", key=True)
        if method == "discretionary":
            by = []
            for i, name in enumerate(raw.get("by") or []):
                sid = self.side_ref(name, base + ("by", i))
                if sid:
                    by.append(sid)
            if not by:
                by = list(self.side_ids)
            terrain.by = tuple(by)
            terrain.where = raw.get("where", "own")
            terrain.alternate = bool(raw.get("alternate", False))
        if method == "random":
            terrain.cards_per_side = int(raw.get("cards_per_side", params.get("setup.random_terrain_cards", 10)))
            terrain.max_per_type = int(raw.get("max_per_type", params.get("setup.max_per_terrain_type", 2)))
        return terrain

    def _areas(self, raw: dict[str, Any]) -> dict[str, Area]:
        out = {}
        for name, entry in raw.items():
            positions = []
            for i, ref in enumerate(entry["positions"]):
                pos = self.position(ref, ("battlefield", "areas", name, "positions", i), "unknown-position")
                if pos:
                    positions.append(pos)
            out[name] = Area(name, _text(entry["name"]) or Text(name, name), tuple(positions))
        return out

    def position(self, ref: str, path: YamlPath, code: str) -> Position | None:
        pos = self.grid.parse(ref)
        if pos is None:
            self.add(path, code, f"no position '{ref}' on this battlefield",
                     "write RANKLABEL-COLUMN; labels: " + self.grid.describe_labels(), "6.0")
        return pos

    def select(self, raw: Any, side: str, path: YamlPath, code: str, *, default_of: str = "own") -> tuple[Position, ...]:
        """The positions a selector names, from ``side``'s point of view; reports what does not exist."""
        grid = self.grid
        if raw == "all":  # the side's own positions (the enemy's where the default is of: enemy)
            return tuple(grid.side_positions(side if default_of == "own" else grid.other(side)))
        if isinstance(raw, list):
            out = [self.position(ref, path + (i,), code) for i, ref in enumerate(raw)]
            return tuple(p for p in out if p)
        if isinstance(raw, str):  # a single position
            pos = self.position(raw, path, code)
            return (pos,) if pos else ()
        target = side if raw.get("of", default_of) == "own" else grid.other(side)
        chosen: list[Position] | None = None
        if "ranks" in raw:
            chosen = []
            for i, rank in enumerate(raw["ranks"]):
                got = grid.rank_positions(target, rank)
                if not got:
                    self.add(path + ("ranks", i), code, f"{target} has no rank {rank} on this battlefield",
                             f"ranks count from the side's reserve (1): 2 to {grid.rows + 1}", "6.0")
                chosen += got
        if "positions" in raw:
            listed = [p for p in (self.position(r, path + ("positions", i), code) for i, r in enumerate(raw["positions"])) if p]
            chosen = listed if chosen is None else [p for p in chosen if p in listed]
        if "area" in raw:
            area = self.areas.get(raw["area"])
            if area is None:
                self.add(path + ("area",), "unknown-reference", f"no area '{raw['area']}'",
                         "define it under battlefield.areas" + (": " + ", ".join(self.areas) if self.areas else ""))
                return ()
            chosen = list(area.positions) if chosen is None else [p for p in chosen if p in area.positions]
        if chosen is None:
            chosen = grid.side_positions(target)
        if "terrain" in raw:
            if self.terrain.method != "fixed":
                self.add(path + ("terrain",), code, "a terrain filter needs a fixed terrain map",
                         "list the positions instead, or give the battlefield a map", "6.1")
                return ()
            wanted: set[CardId] = set()
            clear = False
            for i, ref in enumerate(raw["terrain"]):
                if isinstance(ref, str) and ref.strip().lower() == CLEAR:
                    clear = True
                    continue
                card = self.card(ref, None, path + ("terrain", i))
                if card:
                    wanted.add(card.id)
            chosen = [p for p in chosen if (clear and not self.terrain.at(p)) or any(c.id in wanted for c in self.terrain.at(p))]
        if not chosen:
            self.add(path, code, "these conditions select no position of the battlefield",
                     "check the ranks, positions, area and terrain against the map", "6.0")
        return tuple(dict.fromkeys(chosen))

    def _build(self, raw: dict[str, Any] | None, path: YamlPath) -> Build | None:
        if raw is None:
            return None
        return Build(raw.get("points"), raw.get("max_cards"), tuple(raw.get("types") or ()), bool(raw.get("at_fire", False)),
                     bool(raw.get("terrain", True)), path)

    def _forces(self, raw: list[dict[str, Any]], side: str, path: YamlPath, default: Placement,
                arrival: tuple[Position, ...] | None) -> list[ForceEntry]:
        out = []
        nation = self.nations[side]
        for i, entry in enumerate(raw):
            epath = path + (i,)
            card = self.card(entry["card"], nation, epath + ("card",))
            if card is None:
                continue
            carriers = {}
            for key in ("attached_to", "loaded_on", "towed_by"):
                if key in entry:
                    carrier = self.card(entry[key], nation, epath + (key,))
                    carriers[key] = carrier.id if carrier else None
            at = entry.get("at", "zone")
            per = entry.get("per_position")
            if carriers:
                placement = Placement("carried")
            elif at == "reserve":
                placement = Placement("reserve")
            elif at in ("zone", "arrival"):
                if at == "arrival" and arrival is None:
                    self.add(epath + ("at",), "unknown-position", "'arrival' is for the cards of a reinforcement group",
                             "use zone, reserve or positions", "6.2")
                placement = Placement(default.kind, default.positions, per, from_zone=True)
            else:
                code = "reinforcement-position" if arrival is not None else "unknown-position"
                positions = self.select(at, side, epath + ("at",), code)
                if arrival is not None:
                    outside = [p for p in positions if p not in arrival]
                    if outside:
                        self.add(epath + ("at",), "reinforcement-position",
                                 f"{', '.join(self.grid.label(p, side) for p in outside)} is not among the group's arrival positions",
                                 "place the group's cards on its 'to' positions", "20.0 rule 5")
                placement = Placement("positions", positions, per)
            out.append(ForceEntry(card.id, card, int(entry["count"]), placement, carriers.get("attached_to"),
                                  int(entry.get("per_carrier", 1)), carriers.get("loaded_on"), int(entry.get("carriers_per_card", 1)),
                                  carriers.get("towed_by"), str(entry.get("interpretation", "")), epath))
        return out

    def _counts(self, raw: list[dict[str, Any]], nation: str, path: YamlPath) -> list[CardCount]:
        out = []
        for i, entry in enumerate(raw):
            card = self.card(entry["card"], nation, path + (i, "card"))
            if card is not None:
                out.append(CardCount(card.id, card, int(entry["count"]), path + (i,)))
        return out

    def _side(self, i: int, raw: dict[str, Any]) -> Side:
        sid = raw["id"]
        path = ("sides", i)
        zone = self.select(raw["setup"]["zone"], sid, path + ("setup", "zone"), "unknown-position")
        reserve_ok = bool(raw["setup"]["reserve"])
        forces = self._forces(raw.get("forces") or [], sid, path + ("forces",), Placement("positions", zone), None)
        groups = []
        for j, group in enumerate(raw.get("reinforcements") or []):
            gpath = path + ("reinforcements", j)
            to = group["to"]
            if to == "reserve":
                positions: tuple[Position, ...] = ()
                default = Placement("reserve")
            else:
                positions = self.select(to, sid, gpath + ("to",), "reinforcement-position")
                default = Placement("positions", positions)
            card_played = None
            if "card_played" in group["arrives"]:
                trigger = self.card(group["arrives"]["card_played"], self.nations[sid], gpath + ("arrives", "card_played"))
                card_played = trigger.id if trigger else None
            turn = group["arrives"].get("turn")
            groups.append(Reinforcement(group["id"], sid, _text(group.get("title")), turn, card_played, to == "reserve", positions,
                                        self._build(group.get("build"), gpath + ("build",)),
                                        self._forces(group.get("forces") or [], sid, gpath + ("forces",), default,
                                                     positions if to != "reserve" else ()),
                                        str(group.get("interpretation", "")), gpath))
        return Side(sid, raw["nation"], raw["role"], _text(raw.get("title")), zone, reserve_ok,
                    self._build(raw.get("build"), path + ("build",)),
                    self._counts(raw.get("free_cards") or [], raw["nation"], path + ("free_cards",)),
                    forces, self._counts(raw.get("deck") or [], raw["nation"], path + ("deck",)), groups, path)

    def _unique_ids(self, sides: list[Side]) -> None:
        seen: dict[str, str] = {}
        for side in sides:
            for group in side.reinforcements:
                if group.id in seen:
                    self.add(group.path + ("id",), "duplicate-id", f"reinforcement group id '{group.id}' is used twice",
                             "give each group its own id")
                seen[group.id] = side.id
        self.groups = seen
        for key, label in (("special_rules", "special rule"), ("balance", "balance option")):
            ids: set[str] = set()
            for i, raw in enumerate(self.data.get(key) or []):
                if raw["id"] in ids:
                    self.add((key, i, "id"), "duplicate-id", f"{label} id '{raw['id']}' is used twice", f"give each {label} its own id")
                ids.add(raw["id"])
        ids = set()
        for i, raw in enumerate(self.data["victory"]["conditions"]):
            if raw["id"] in ids:
                self.add(("victory", "conditions", i, "id"), "duplicate-id", f"victory condition id '{raw['id']}' is used twice",
                         "give each condition its own id")
            ids.add(raw["id"])

    def _initiative(self, raw: dict[str, Any]) -> Initiative:
        base = ("initiative",)
        modifiers = {}
        for name, value in (raw.get("modifiers") or {}).items():
            sid = self.side_ref(name, base + ("modifiers", name))
            if sid:
                modifiers[sid] = int(value)
        side = None
        if raw["method"] == "fixed":
            if "side" not in raw:
                self.add(base, "unknown-reference", "a fixed initiative names the side that plays first", "add side: <side id>", "4.0")
            else:
                side = self.side_ref(raw["side"], base + ("side",))
        setup_first = self.side_ref(raw["setup_first"], base + ("setup_first",), allow=("first_player", "second_player")) or "first_player"
        return Initiative(raw["method"], raw.get("winner", "high"), modifiers, side, setup_first, str(raw.get("interpretation", "")))

    def _deck(self, raw: dict[str, Any], params: dict[str, Any]) -> DeckPolicy:
        limit = raw["max_identical_special_events"] if "max_identical_special_events" in raw else params.get("deck.max_identical_special_events")
        return DeckPolicy(bool(raw["draw_deck"]), bool(raw["only_listed"]), tuple(raw.get("extras") or ()), limit,
                          str(raw.get("interpretation", "")))

    def _victory(self, i: int, raw: dict[str, Any]) -> VictoryCondition | None:
        path = ("victory", "conditions", i)
        winner = self.side_ref(raw["winner"], path + ("winner",), allow=("either",))
        if winner is None:
            return None
        common = dict(id=raw["id"], winner=winner, text=_text(raw.get("text")), interpretation=str(raw.get("interpretation", "")), path=path)
        kind = raw["type"]
        sides = self.side_ids if winner == "either" else [winner]
        if kind == "control_rank":
            targets = {}
            for sid in sides:
                enemy = self.grid.other(sid)
                got = tuple(self.grid.rank_positions(enemy, raw["rank"]))
                if not got:
                    self.add(path + ("rank",), "victory-position", f"{enemy} has no rank {raw['rank']} on this battlefield",
                             f"ranks count from the side's reserve (1): 2 to {self.grid.rows + 1}", "16.0")
                targets[sid] = got
            return ControlRank(**common, rank=raw["rank"], count=raw["count"], targets=targets)
        if kind in ("control_positions", "hold_positions"):
            targets = {sid: self.select(raw["positions"], sid, path + ("positions",), "victory-position", default_of="enemy")
                       for sid in sides}
            if kind == "control_positions":
                return ControlPositions(**common, count=raw["count"], targets=targets)
            return HoldPositions(**common, at_end_of_turn=raw["at_end_of_turn"], units=tuple(raw.get("units") or ("combat",)),
                                 contested_ok=bool(raw.get("contested_ok", False)), targets=targets)
        if kind == "eliminate_all":
            return EliminateAll(**common, scope=raw["scope"])
        if raw["after"] not in self.groups:
            self.add(path + ("after",), "unknown-reference", f"no reinforcement group '{raw['after']}'",
                     "use a group id: " + (", ".join(self.groups) or "the scenario has none"))
        return Countdown(**common, after=raw["after"], turns=raw["turns"])

    def _rule(self, i: int, raw: dict[str, Any]) -> SpecialRule | None:
        path = ("special_rules", i)
        sides: tuple[str, ...] = tuple(self.side_ids)
        nation = None
        if "side" in raw:
            sid = self.side_ref(raw["side"], path + ("side",))
            if sid:
                sides = (sid,)
                nation = self.nations[sid]
        common = dict(id=raw["id"], case=str(raw["case"]), text=_text(raw["text"]) or Text("", ""), sides=sides,
                      interpretation=str(raw.get("interpretation", "")), path=path)
        kind = raw["rule"]

        def one(key: str) -> CardId:
            card = self.card(raw[key], nation, path + (key,))
            return card.id if card else 0

        def many(key: str) -> tuple[CardId, ...]:
            found = [self.card(ref, nation, path + (key, j)) for j, ref in enumerate(raw[key])]
            return tuple(c.id for c in found if c)

        if kind == "terrain_as":
            return TerrainAs(**common, card_id=one("card"), as_=raw["as"])
        if kind == "no_return_to_reserve":
            return NoReturnToReserve(**common)
        if kind == "reinforcement_arrival":
            return ReinforcementArrival(**common, overstacked=bool(raw["overstacked"]), loaded=bool(raw.get("loaded", False)),
                                        supply_points=int(raw.get("supply_points", 1)), move_positions=int(raw.get("move_positions", 0)),
                                        fast_may_continue=bool(raw.get("fast_may_continue", True)),
                                        stacking_checked=raw.get("stacking_checked", "end_of_turn" if raw["overstacked"] else "on_arrival"))
        if kind == "attached_ammunition":
            return AttachedAmmunition(**common, card_id=one("card"), attach_to=many("attach_to"), melee_sa_bonus=int(raw["melee_sa_bonus"]),
                                      removed_on_natural_to_hit=tuple(raw.get("removed_on_natural_to_hit") or ()))
        if kind == "limited_ap":
            pen = raw["then_penetration"]
            return LimitedAP(**common, card_ids=many("cards"), full_penetration_shots=int(raw["full_penetration_shots"]),
                             then_penetration=(int(pen["short"]), int(pen["long"])))
        if kind == "play_before_turn":
            return PlayBeforeTurn(**common, card_id=one("card"), before_turn=int(raw["before_turn"]))
        if kind == "fire_types_allowed":
            return FireTypesAllowed(**common, types=tuple(raw["types"]))
        if raw["after"] not in self.groups:
            self.add(path + ("after",), "unknown-reference", f"no reinforcement group '{raw['after']}'",
                     "use a group id: " + (", ".join(self.groups) or "the scenario has none"))
        return HandLimitGrace(**common, after=raw["after"], turns=int(raw["turns"]))


def iter_entries(side: Side) -> Iterator[tuple[str | None, ForceEntry]]:
    """Every force entry of a side: (None, entry) for the start forces, (group id, entry) for reinforcements."""
    for entry in side.forces:
        yield None, entry
    for group in side.reinforcements:
        for entry in group.forces:
            yield group.id, entry
