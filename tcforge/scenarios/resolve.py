"""Resolving a scenario file: every card, position and side reference, the parameters, the battlefield.

:class:`Builder` takes a schema-valid file (:mod:`tcforge.scenarios.loading`
checks that first) and builds the :class:`~tcforge.scenarios.scenario.Scenario`:
card references become cards of the scenario's ruleset, position references
:class:`~tcforge.scenarios.grid.Position`, side references (id or role) side
ids; the ruleset's parameters get the scenario's overrides. Each reference that
does not resolve is one :class:`~tcforge.scenarios.findings.Finding`. Victory
conditions and special rules, once the sides, the grid and the reinforcement
groups are known, by :func:`victory_condition` and :func:`special_rule`.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from tcforge.data.card_ids import BRIDGE, FORD
from tcforge.data.cards import Card, CardId, CardLookupError
from tcforge.data.dataset import GameData, load_data
from tcforge.data.limits import parameter_problem
from tcforge.data.problems import DataError
from tcforge.data.rulesets import Ruleset
from tcforge.data.yamlsafe import Loaded
from tcforge.paths import user_data_dirs
from tcforge.scenarios.card_kinds import category
from tcforge.scenarios.findings import Finding
from tcforge.scenarios.format import (
    CLEAR,
    Area,
    BalanceOption,
    Build,
    CardCount,
    DeckPolicy,
    Ending,
    ForceEntry,
    Initiative,
    Interpretation,
    Override,
    Placement,
    Reinforcement,
    Side,
    StreamEdge,
    Terrain,
    Text,
    YamlPath,
    design_from,
    text_from,
)
from tcforge.scenarios.grid import Grid, Position
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
    SpecialRule,
    TerrainAs,
)
from tcforge.scenarios.victory import ControlPositions, ControlRank, Countdown, EliminateAll, HoldPositions, VictoryCondition

NATION_PREFIX = {"german": "G", "soviet": "R"}  # position labels: G1-3, R2-1


def _walk_interpretations(node: Any, path: YamlPath, out: list[tuple[YamlPath, str]]) -> None:
    if isinstance(node, dict):
        if isinstance(node.get("interpretation"), str):
            out.append((path, node["interpretation"]))
        for key, value in node.items():
            _walk_interpretations(value, path + (key,), out)
    elif isinstance(node, list):
        for i, value in enumerate(node):
            _walk_interpretations(value, path + (i,), out)


class Builder:
    """Resolves one schema-valid scenario file into a :class:`Scenario`, collecting a finding per problem."""

    def __init__(self, path: Path, display: str, loaded: Loaded):
        self.path = path
        self.file = display
        self.loaded = loaded
        self.data: dict[str, Any] = loaded.data
        self.findings: list[Finding] = []
        self.side_ids: list[str] = []
        self.roles: dict[str, str] = {}
        self.nations: dict[str, str] = {}
        self.map_cards: list[tuple[YamlPath, Position, Card]] = []  # the fixed map's cards, where each is written

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
        victory = [v for v in (victory_condition(self, i, raw) for i, raw in enumerate(data["victory"]["conditions"])) if v]
        default = data["victory"].get("default")
        default_winner = self.side_ref(default, ("victory", "default")) if default is not None else None
        rules = [r for r in (special_rule(self, i, raw) for i, raw in enumerate(data.get("special_rules") or [])) if r]
        self._map_meanings(rules)
        balance_options = []
        for i, raw in enumerate(data.get("balance") or []):
            favours = self.side_ref(raw["favours"], ("balance", i, "favours")) or raw["favours"]
            balance_options.append(BalanceOption(raw["id"], favours, text_from(raw["text"]) or Text("", ""), raw["patch"], ("balance", i)))
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
            id=data["id"], title=text_from(data["title"]) or Text("", ""), description=text_from(data["description"]) or Text("", ""),
            source=dict(data.get("source") or {}), design=design_from(data.get("design")),
            date=str(date) if date else None, year=year, place=text_from(data.get("place")),
            ruleset=ruleset, params=params, overrides=overrides, grid=self.grid, terrain=self.terrain, areas=self.areas,
            sides=sides, side_assignment=data.get("side_assignment", "players_choose"), initiative=initiative, deck=deck,
            turn_limit=data["turn_limit"], ends=_ending(data.get("ends")), victory=victory, default_winner=default_winner,
            special_rules=rules,
            notes=[t for t in (text_from(n) for n in data.get("notes") or []) if t], balance=balance_options,
            applied_balance=balance, interpretations=interpretations, file=self.file, path=self.path, loaded=self.loaded,
            cards=self.cards)

    def _map_meanings(self, rules: list[Any]) -> None:
        """Every card left on the fixed map must mean one terrain to the engine (6.1, 6.3): a crossing card (Path,
        Bridge, Ford: Interrupts) only through a terrain_as rule, a fortification never (it belongs to a side), and
        one terrain card a position."""
        as_clear = {r.card_id for r in rules if isinstance(r, TerrainAs) and r.as_ == CLEAR}
        kept: dict[Position, list[Card]] = {}
        for path, pos, card in self.map_cards:
            if card.id in as_clear:
                continue
            if card.card_class == "crossing":
                self.add(path, "terrain-map", f"card {card.id} ({card.name}) is a crossing card, played as an Interrupt: "
                         "on a map the rules give it no terrain effect",
                         f"say what it counts as with a special rule (rule: terrain_as, card: {card.name}, as: clear), "
                         "or write Clear", "6.1")
                continue
            if card.card_class == "fortification":
                self.add(path, "terrain-map", f"card {card.id} ({card.name}) is a fortification: it belongs to a side, "
                         "and a map position has none", f"list it in the side's forces: {{card: {card.name}, count: 1, "
                         f"at: {self.grid.label(pos)}}}", "11.0")
                continue
            before = kept.setdefault(pos, [])
            if before:
                self.add(path, "terrain-map", f"map position {self.grid.label(pos)} holds {before[0].name} and {card.name}: "
                         "one terrain card a position", "keep one of them", "6.3")
                continue
            before.append(card)

    def _game_data(self) -> GameData | None:
        rid = self.data["ruleset"]["id"]
        try:
            everything = load_data()
        except DataError as exc:
            whose = "the card data (the bundled data and yours, from --data)" if user_data_dirs() else "the bundled data"
            first = exc.problems[0] if exc.problems else None
            where = f", the first at {first.file}:{first.line}:{first.col}" if first is not None else ""
            self.add(("ruleset", "id"), "data-not-valid", f"not checked: {whose} has {len(exc.problems)} problem(s) of "
                     f"its own{where}", "fix those first ('tcforge validate' lists them), then check the scenario again")
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
            problem = parameter_problem(name, entry["value"], old)
            if problem:  # a float where the engine counts, a negative hand limit: refused here, before any game
                self.add(path + ("value",), "parameter-type", problem,
                         f"the value of ruleset '{ruleset.id}' is {old!r}", ruleset.params[name].case)
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

    def _streams(self, raw: list[Any], params: dict[str, Any], terrain: Terrain) -> None:
        """001 Streams: each between two adjacent positions of the grid, once, with a Ford or Bridge if crossed."""
        base = ("battlefield", "terrain", "streams")
        if raw and not params.get("cards.stream_between_zones"):
            self.add(base, "terrain-streams", "streams between positions need the ruleset parameter cards.stream_between_zones",
                     "use a ruleset that turns it on (jeff-mike-2002), or set it under parameters", "001", key=True)
            return
        seen: set[frozenset[Position]] = set()
        for i, item in enumerate(raw):
            path = base + (i, "between")
            ends = [self.grid.parse(ref) for ref in item["between"]]
            if None in ends:
                bad = ", ".join(str(ref) for ref, end in zip(item["between"], ends, strict=True) if end is None)
                self.add(path, "terrain-streams", f"stream end {bad} is not a position of the battlefield",
                         "name positions as ROW-COLUMN: " + self.grid.describe_labels(), "001")
                continue
            a, b = ends[0], ends[1]
            assert a is not None and b is not None
            if b not in self.grid.adjacent(a):
                self.add(path, "terrain-streams", f"stream between {item['between'][0]} and {item['between'][1]}: "
                         "the positions are not adjacent", "a Stream lies on the edge of two neighbouring positions", "001")
                continue
            if frozenset((a, b)) in seen:
                self.add(path, "terrain-streams", f"a second stream between {item['between'][0]} and {item['between'][1]}",
                         "only one Stream lies between two positions", "001")
                continue
            seen.add(frozenset((a, b)))
            crossing = None
            if "crossing" in item:
                crossing = self.card(item["crossing"], None, base + (i, "crossing"))
                if crossing is not None and crossing.id not in (FORD, BRIDGE):
                    self.add(base + (i, "crossing"), "terrain-streams", f"card {crossing.id} ({crossing.name}) is no Ford or Bridge",
                             "a Stream is crossed by a Ford or a Bridge", "001")
                    crossing = None
            terrain.streams.append(StreamEdge(a, b, crossing))

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
                        self.add(path, "terrain-map",
                                 f"map row '{text}' has {len(cells)} position(s), the battlefield has {self.grid.columns} columns",
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
                            self.map_cards.append((cpath, Position(row, c), card))
                        if found:
                            terrain.cells[Position(row, c)] = tuple(found)
                missing = [self.grid.row_label(r) for r in range(1, self.grid.rows + 1) if r not in rows_seen]
                if missing:
                    self.add(base + ("map",), "terrain-map", f"the map has no row {', '.join(missing)}",
                             "give every row of the battlefield, north to south", "6.0")
        elif raw.get("map"):
            self.add(base + ("map",), "terrain-map", f"a map is given but the terrain method is '{method}'",
                     "use method: fixed, or remove the map", "6.1", key=True)
        self._streams(raw.get("streams") or [], params, terrain)
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
            out[name] = Area(name, text_from(entry["name"]) or Text(name, name), tuple(positions))
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
            groups.append(Reinforcement(group["id"], sid, text_from(group.get("title")), turn, card_played, to == "reserve", positions,
                                        self._build(group.get("build"), gpath + ("build",)),
                                        self._forces(group.get("forces") or [], sid, gpath + ("forces",), default,
                                                     positions if to != "reserve" else ()),
                                        str(group.get("interpretation", "")), gpath))
        return Side(sid, raw["nation"], raw["role"], text_from(raw.get("title")), zone, reserve_ok,
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
        limit = (raw["max_identical_special_events"] if "max_identical_special_events" in raw
                 else params.get("deck.max_identical_special_events"))
        return DeckPolicy(bool(raw["draw_deck"]), bool(raw["only_listed"]), tuple(raw.get("extras") or ()), limit,
                          str(raw.get("interpretation", "")))


def _ending(raw: Any) -> Ending | None:
    """The file's ``ends`` (how a game with no turn limit ends), if it has one."""
    if not isinstance(raw, dict):
        return None
    return Ending(int(raw["cap"]), text_from(raw["text"]) or Text("", ""), str(raw.get("interpretation", "")))


# ------------------------------------------------ victory conditions, special rules
def victory_condition(b: Builder, i: int, raw: dict[str, Any]) -> VictoryCondition | None:
    path = ("victory", "conditions", i)
    winner = b.side_ref(raw["winner"], path + ("winner",), allow=("either",))
    if winner is None:
        return None
    common = dict(id=raw["id"], winner=winner, text=text_from(raw.get("text")),
                  interpretation=str(raw.get("interpretation", "")), path=path)
    kind = raw["type"]
    sides = b.side_ids if winner == "either" else [winner]
    if kind == "control_rank":
        targets = {}
        for sid in sides:
            enemy = b.grid.other(sid)
            got = tuple(b.grid.rank_positions(enemy, raw["rank"]))
            if not got:
                b.add(path + ("rank",), "victory-position", f"{enemy} has no rank {raw['rank']} on this battlefield",
                      f"ranks count from the side's reserve (1): 2 to {b.grid.rows + 1}", "16.0")
            targets[sid] = got
        return ControlRank(**common, rank=raw["rank"], count=raw["count"], targets=targets)
    if kind in ("control_positions", "hold_positions"):
        targets = {sid: b.select(raw["positions"], sid, path + ("positions",), "victory-position", default_of="enemy")
                   for sid in sides}
        if kind == "control_positions":
            return ControlPositions(**common, count=raw["count"], targets=targets)
        return HoldPositions(**common, at_end_of_turn=raw["at_end_of_turn"], units=tuple(raw.get("units") or ("combat",)),
                             contested_ok=bool(raw.get("contested_ok", False)), targets=targets)
    if kind == "eliminate_all":
        return EliminateAll(**common, scope=raw["scope"])
    if raw["after"] not in b.groups:
        b.add(path + ("after",), "unknown-reference", f"no reinforcement group '{raw['after']}'",
              "use a group id: " + (", ".join(b.groups) or "the scenario has none"))
    return Countdown(**common, after=raw["after"], turns=raw["turns"])


def special_rule(b: Builder, i: int, raw: dict[str, Any]) -> SpecialRule | None:
    path = ("special_rules", i)
    sides: tuple[str, ...] = tuple(b.side_ids)
    nation = None
    if "side" in raw:
        sid = b.side_ref(raw["side"], path + ("side",))
        if sid:
            sides = (sid,)
            nation = b.nations[sid]
    common = dict(id=raw["id"], case=str(raw["case"]), text=text_from(raw["text"]) or Text("", ""), sides=sides,
                  interpretation=str(raw.get("interpretation", "")), path=path)
    kind = raw["rule"]

    def one(key: str) -> CardId:
        card = b.card(raw[key], nation, path + (key,))
        return card.id if card else 0

    def many(key: str) -> tuple[CardId, ...]:
        found = [b.card(ref, nation, path + (key, j)) for j, ref in enumerate(raw[key])]
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
    if kind == "side_supply":
        return SideSupply(**common, points=int(raw["points"]))
    if raw["after"] not in b.groups:
        b.add(path + ("after",), "unknown-reference", f"no reinforcement group '{raw['after']}'",
              "use a group id: " + (", ".join(b.groups) or "the scenario has none"))
    return HandLimitGrace(**common, after=raw["after"], turns=int(raw["turns"]))
