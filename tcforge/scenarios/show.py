"""A scenario as readable text (English or French) and as JSON.

The text summary draws the battlefield as a grid with each row's labels for
both sides and the terrain of every position, then lists the forces,
reinforcements, victory conditions, special rules, balance options, notes and
the project's interpretations.
"""
from __future__ import annotations

import dataclasses
import textwrap
from typing import Any

from tcforge.data.cards import Card
from tcforge.scenarios.format import Build, CardCount, ForceEntry, Reinforcement, Side, Text
from tcforge.scenarios.grid import Position
from tcforge.scenarios.scenario import Scenario
from tcforge.scenarios.special_rules import SpecialRule
from tcforge.scenarios.victory import (
    ControlPositions, ControlRank, Countdown, EliminateAll, HoldPositions, VictoryCondition)

WORDS: dict[str, dict[str, str]] = {
    "source": {"en": "source", "fr": "source"},
    "ruleset": {"en": "ruleset", "fr": "règles"},
    "battlefield": {"en": "Battlefield", "fr": "Champ de bataille"},
    "grid": {"en": "{c} columns x {r} ranks a side", "fr": "{c} colonnes x {r} rangées par camp"},
    "terrain.none": {"en": "no terrain", "fr": "pas de terrain"},
    "terrain.fixed": {"en": "terrain: fixed map", "fr": "terrain\u00a0: carte imposée"},
    "terrain.random": {"en": "terrain: random (6.1.1), {n} cards a side, at most {m} of a type",
                       "fr": "terrain\u00a0: aléatoire (6.1.1), {n} cartes par camp, {m} au plus d'un même type"},
    "terrain.discretionary": {"en": "terrain: placed by {by} on {where} positions (6.1.2)",
                              "fr": "terrain\u00a0: posé par {by} sur {where} (6.1.2)"},
    "where.own": {"en": "their own", "fr": "ses propres positions"},
    "where.any": {"en": "any", "fr": "toutes positions"},
    "alternate": {"en": "one card at a time, in turn", "fr": "une carte à la fois, à tour de rôle"},
    "reserve_of": {"en": "{side} reserve", "fr": "réserve\u00a0: {side}"},
    "cell.random": {"en": "?", "fr": "?"},
    "clear": {"en": "Clear", "fr": "Dégagé"},
    "area": {"en": "Area", "fr": "Zone"},
    "changed": {"en": "Rule parameters changed", "fr": "Paramètres de règles modifiés"},
    "was": {"en": "ruleset", "fr": "règles"},
    "initiative": {"en": "Initiative", "fr": "Initiative"},
    "init.fixed": {"en": "{side} plays first", "fr": "{side} joue en premier"},
    "init.roll": {"en": "each player rolls, the {w} roll plays first", "fr": "chaque joueur lance le dé, le jet le plus {w} joue en premier"},
    "high": {"en": "higher", "fr": "haut"},
    "low": {"en": "lower", "fr": "bas"},
    "modifier": {"en": "{side} adds {m}", "fr": "{side} ajoute {m}"},
    "setup_first": {"en": "sets up first", "fr": "se déploie en premier"},
    "first_player": {"en": "the first player", "fr": "le premier joueur"},
    "second_player": {"en": "the second player", "fr": "le second joueur"},
    "assign.players_choose": {"en": "The players choose their sides.", "fr": "Les joueurs choisissent leur camp."},
    "assign.roll_roles_attacker_picks_nation": {"en": "A roll decides who attacks; the attacker picks his nation.",
                                                "fr": "Un jet désigne l'attaquant, qui choisit sa nation."},
    "deck": {"en": "Cards", "fr": "Cartes"},
    "draw_deck": {"en": "drawing deck", "fr": "pioche"},
    "no_draw_deck": {"en": "no drawing deck", "fr": "pas de pioche"},
    "only_listed": {"en": "only the listed cards", "fr": "seulement les cartes indiquées"},
    "extras": {"en": "may add: {x}", "fr": "ajouts permis\u00a0: {x}"},
    "limit": {"en": "at most {n} identical special events", "fr": "au plus {n} événements spéciaux identiques"},
    "no_limit": {"en": "no limit on identical special events", "fr": "pas de limite aux événements spéciaux identiques"},
    "turns": {"en": "Turns", "fr": "Tours"},
    "no_turn_limit": {"en": "no limit", "fr": "sans limite"},
    "ends": {"en": "Ends", "fr": "Fin"},
    "cap": {"en": "undecided after turn {n}: a draw", "fr": "indécise après le tour {n}\u00a0: partie nulle"},
    "sides": {"en": "Sides", "fr": "Camps"},
    "german": {"en": "German", "fr": "Allemand"},
    "soviet": {"en": "Soviet", "fr": "Soviétique"},
    "chosen": {"en": "nation chosen", "fr": "nation au choix"},
    "attacker": {"en": "attacker", "fr": "attaquant"},
    "defender": {"en": "defender", "fr": "défenseur"},
    "meeting": {"en": "meeting engagement", "fr": "combat de rencontre"},
    "zone": {"en": "sets up on", "fr": "se déploie sur"},
    "reserve_ok": {"en": "or in the reserve", "fr": "ou dans la réserve"},
    "build": {"en": "builds", "fr": "achète"},
    "points": {"en": "{n} points", "fr": "{n} points"},
    "max_cards": {"en": "at most {n} cards", "fr": "au plus {n} cartes"},
    "types": {"en": "only {x}", "fr": "seulement {x}"},
    "at_fire": {"en": "AT-capable only", "fr": "seulement capables de tir antichar"},
    "no_terrain": {"en": "no terrain", "fr": "pas de terrain"},
    "free": {"en": "free cards", "fr": "cartes gratuites"},
    "forces": {"en": "Starting forces", "fr": "Forces de départ"},
    "choose": {"en": "chosen by the player", "fr": "au choix du joueur"},
    "deck_cards": {"en": "Drawing deck", "fr": "Pioche"},
    "in_reserve": {"en": "in the reserve", "fr": "dans la réserve"},
    "in_zone": {"en": "in the setup zone", "fr": "dans la zone de déploiement"},
    "at_arrival": {"en": "on the arrival positions", "fr": "sur les positions d'arrivée"},
    "each": {"en": "{n} on each of {p}", "fr": "{n} sur chacune de {p}"},
    "on": {"en": "on {p}", "fr": "sur {p}"},
    "attached": {"en": "carried by {c}", "fr": "sur {c}"},
    "loaded": {"en": "riding on {c}", "fr": "à bord de {c}"},
    "loaded_n": {"en": "riding on {n} {c} together", "fr": "à bord de {n} {c} ensemble"},
    "towed": {"en": "towed by {c}", "fr": "attelé à {c}"},
    "reinforcements": {"en": "Reinforcements", "fr": "Renforts"},
    "arrives_turn": {"en": "turn {n}", "fr": "tour {n}"},
    "arrives_card": {"en": "when {c} is played", "fr": "quand {c} est jouée"},
    "to_reserve": {"en": "into the reserve", "fr": "dans la réserve"},
    "to_positions": {"en": "on {p}", "fr": "sur {p}"},
    "victory": {"en": "Victory", "fr": "Victoire"},
    "either": {"en": "either side", "fr": "l'un ou l'autre camp"},
    "wins": {"en": "wins", "fr": "gagne"},
    "otherwise": {"en": "otherwise {side} wins", "fr": "sinon {side} gagne"},
    "v.control_rank": {"en": "control {n} positions of the enemy's rank {r}", "fr": "contrôler {n} positions de la rangée {r} ennemie"},
    "v.control_positions": {"en": "control {n} of {m} positions at once", "fr": "contrôler en même temps {n} de {m} positions"},
    "v.hold_positions": {"en": "hold {p} at the end of turn {t}", "fr": "tenir {p} à la fin du tour {t}"},
    "v.eliminate_all": {"en": "the enemy has no card left ({s})", "fr": "l'ennemi n'a plus de carte ({s})"},
    "v.countdown": {"en": "{t} complete turns after '{g}' arrives", "fr": "{t} tours complets après l'arrivée de « {g} »"},
    "special_rules": {"en": "Special rules", "fr": "Règles spéciales"},
    "balance": {"en": "Balance options", "fr": "Options d'équilibrage"},
    "favours": {"en": "favours {side}", "fr": "favorise {side}"},
    "applied": {"en": "balance option applied: {o}", "fr": "option d'équilibrage appliquée\u00a0: {o}"},
    "notes": {"en": "Notes", "fr": "Notes"},
    "interpretations": {"en": "The project's interpretations", "fr": "Interprétations du projet"},
    "line": {"en": "line", "fr": "ligne"},
    "year": {"en": "cards in service in {y}", "fr": "cartes en service en {y}"},
    "year_chosen": {"en": "cards in service in a year the players choose", "fr": "cartes en service l'année choisie par les joueurs"},
}


def word(key: str, lang: str, **values: Any) -> str:
    entry = WORDS.get(key)
    text = key if entry is None else (entry.get(lang) or entry["en"])
    return text.format(**values) if values else text


class _Summary:
    def __init__(self, s: Scenario, lang: str):
        self.s = s
        self.lang = lang
        self.lines: list[str] = []

    def w(self, key: str, **values: Any) -> str:
        return word(key, self.lang, **values)

    @property
    def c(self) -> str:
        """A colon, with the no-break space French typography puts before it."""
        return "\u00a0:" if self.lang == "fr" else ":"

    def out(self, text: str = "", indent: int = 0) -> None:
        self.lines.append(" " * indent + text if text else "")

    def para(self, text: str, indent: int) -> None:
        for line in textwrap.wrap(text, width=100 - indent) or [""]:
            self.out(line, indent)

    def side_name(self, sid: str | None) -> str:
        if sid is None:
            return "-"
        if sid in ("first_player", "second_player", "either"):
            return self.w(sid)
        try:
            side = self.s.side(sid)
        except KeyError:
            return sid
        if side.title:
            return side.title.get(self.lang)
        if side.nation in ("german", "soviet"):
            return self.w(side.nation)
        return self.w(side.role)

    def card(self, card: Card) -> str:
        return f"{card.display_name(self.lang)} (#{card.id})"

    def card_id(self, cid: Any) -> str:
        card = self.s.cards.by_id.get(cid)
        return card.display_name(self.lang) if card else str(cid)

    def labels(self, positions: tuple[Position, ...] | list[Position], side: str | None = None) -> str:
        return ", ".join(self.s.label(p, side) for p in positions)

    def run(self) -> list[str]:
        s = self.s
        self.out(f"{s.id}  {s.title.get(self.lang)}")
        facts = [x for x in (s.date, s.place.get(self.lang) if s.place else None) if x]
        facts.append(f"{self.w('source')} {s.source['document']} {s.source['section']}")
        facts.append(f"{self.w('ruleset')} {s.ruleset.id}")
        self.out(" · ".join(facts), 2)
        if s.applied_balance:
            self.out(self.w("applied", o=s.applied_balance), 2)
        self.para(s.description.get(self.lang), 2)
        self.out()
        self.battlefield()
        self.general()
        for side in s.sides:
            self.side(side)
        self.victory()
        self.rules()
        self.balance()
        self.notes()
        return self.lines

    def battlefield(self) -> None:
        s, g = self.s, self.s.grid
        t = s.terrain
        if t.method == "random":
            how = self.w("terrain.random", n=t.cards_per_side, m=t.max_per_type)
        elif t.method == "discretionary":
            how = self.w("terrain.discretionary", by=", ".join(self.side_name(b) for b in t.by), where=self.w(f"where.{t.where}"))
            if t.alternate:
                how += ", " + self.w("alternate")
        else:
            how = self.w(f"terrain.{t.method}")
        self.out(f"{self.w('battlefield')}{self.c} {self.w('grid', c=g.columns, r=g.ranks_per_side)} · {how}")
        cells: dict[Position, str] = {}
        for pos in g.positions():
            if t.method == "fixed":
                names = [c.display_name(self.lang) for c in t.at(pos)]
                cells[pos] = "+".join(names) or self.w("clear")
            elif t.method in ("random", "discretionary"):
                cells[pos] = self.w("cell.random")
            else:
                cells[pos] = self.w("clear")
        width = max(len(v) for v in cells.values()) + 1
        left = max(len(x) for x in g.labels[g.north])
        header = " " * (left + 3) + "".join(f"{c:<{width + 3}}" for c in range(1, g.columns + 1))
        self.out(f"({self.w('reserve_of', side=self.side_name(g.north))})", 2 + left + 3)
        self.out(header.rstrip(), 2)
        for r in range(1, g.rows + 1):
            row = " | ".join(f"{cells[Position(r, c)]:<{width}}" for c in range(1, g.columns + 1))
            self.out(f"{g.row_label(r, g.north):<{left}} | {row} | {g.row_label(r, g.south)}", 2)
        self.out(f"({self.w('reserve_of', side=self.side_name(g.south))})", 2 + left + 3)
        for area in s.areas.values():
            self.out(f"{self.w('area')} {area.name.get(self.lang)} ({area.id}){self.c} {self.labels(area.positions)}", 2)
        if t.interpretation:
            self.out(f"* {t.interpretation}", 2)
        self.out()

    def general(self) -> None:
        s = self.s
        self.out(self.w(f"assign.{s.side_assignment}"))
        if s.overrides:
            self.out(f"{self.w('changed')}{self.c}")
            for o in s.overrides.values():
                self.out(f"{o.name} = {o.value!r} ({self.w('was')}{self.c} {o.ruleset_value!r}; {o.case}): {o.reason}", 2)
        i = s.initiative
        if i.method == "fixed":
            text = self.w("init.fixed", side=self.side_name(i.side))
        else:
            text = self.w("init.roll", w=self.w(i.winner))
            for sid, m in i.modifiers.items():
                text += "; " + self.w("modifier", side=self.side_name(sid), m=f"{m:+d}")
        text += f"; {self.side_name(i.setup_first)} {self.w('setup_first')}"
        self.out(f"{self.w('initiative')}{self.c} {text}")
        d = s.deck
        parts = [self.w("draw_deck" if d.draw_deck else "no_draw_deck")]
        if d.only_listed:
            parts.append(self.w("only_listed"))
        elif d.extras:
            parts.append(self.w("extras", x=", ".join(x.replace("_", " ") for x in d.extras)))
        parts.append(self.w("limit", n=d.max_identical_special_events) if d.max_identical_special_events else self.w("no_limit"))
        if s.year == "chosen":
            parts.append(self.w("year_chosen"))
        elif s.year:
            parts.append(self.w("year", y=s.year))
        self.out(f"{self.w('deck')}{self.c} {'; '.join(parts)}")
        self.out(f"{self.w('turns')}{self.c} {s.turn_limit if s.turn_limit else self.w('no_turn_limit')}")
        if s.ends is not None:
            self.out(f"{self.w('ends')}{self.c} {s.ends.text.get(self.lang)} ({self.w('cap', n=s.ends.cap)})")
        self.out()

    def build_text(self, b: Build | None) -> str:
        if b is None:
            return ""
        parts = []
        if b.points:
            parts.append(self.w("points", n=b.points))
        if b.max_cards:
            parts.append(self.w("max_cards", n=b.max_cards))
        if b.types:
            parts.append(self.w("types", x=", ".join(b.types)))
        if b.at_fire:
            parts.append(self.w("at_fire"))
        if not b.terrain:
            parts.append(self.w("no_terrain"))
        return f"{self.w('build')} " + ", ".join(parts)

    def entry(self, e: ForceEntry, side: Side, group: Reinforcement | None, indent: int) -> None:
        p = e.placement
        if e.attached_to is not None:
            where = self.w("attached", c=self.card_id(e.attached_to))
        elif e.loaded_on is not None:
            where = self.w("loaded_n", n=e.carriers_per_card, c=self.card_id(e.loaded_on)) if e.carriers_per_card > 1 \
                else self.w("loaded", c=self.card_id(e.loaded_on))
        elif e.towed_by is not None:
            where = self.w("towed", c=self.card_id(e.towed_by))
        elif p.kind == "reserve":
            where = self.w("in_reserve")
        elif p.per_position:
            where = self.w("each", n=p.per_position, p=self.labels(p.positions, side.id))
        elif p.from_zone:
            where = self.w("at_arrival" if group else "in_zone")
        else:
            where = self.w("on", p=self.labels(p.positions, side.id))
        self.out(f"{e.count} x {self.card(e.card)}, {where}", indent)
        if e.interpretation:
            self.out(f"* {e.interpretation}", indent + 2)

    def counts(self, title: str, counts: list[CardCount], indent: int) -> None:
        if counts:
            self.out(f"{title}{self.c} " + ", ".join(f"{c.count} x {self.card(c.card)}" for c in counts), indent)

    def side(self, side: Side) -> None:
        nation = self.w(side.nation) if side.nation != "chosen" else self.w("chosen")
        self.out(f"{self.side_name(side.id)} [{side.id}] ({nation}, {self.w(side.role)})")
        zone = f"{self.w('zone')} {self.labels(side.zone, side.id)}"
        if side.reserve_allowed:
            zone += " " + self.w("reserve_ok")
        self.out(zone, 2)
        if side.build:
            self.out(self.build_text(side.build), 2)
        self.counts(self.w("free"), side.free_cards, 2)
        if side.forces:
            self.out(f"{self.w('forces')}{self.c}", 2)
            for e in side.forces:
                self.entry(e, side, None, 4)
        self.counts(self.w("deck_cards"), side.deck, 2)
        for g in side.reinforcements:
            when = self.w("arrives_turn", n=g.turn) if g.turn is not None else self.w("arrives_card", c=self.card_id(g.card_played))
            to = self.w("to_reserve") if g.to_reserve else self.w("to_positions", p=self.labels(g.positions, side.id))
            title = g.title.get(self.lang) if g.title else g.id
            self.out(f"{self.w('reinforcements')} {title} [{g.id}]{self.c} {when}, {to}", 2)
            if g.build:
                self.out(self.build_text(g.build), 4)
            for e in g.forces:
                self.entry(e, side, g, 4)
            if g.interpretation:
                self.out(f"* {g.interpretation}", 4)
        self.out()

    def condition(self, v: VictoryCondition) -> str:
        sides = list(self.s.grid.sides)
        first = v.winners(sides)[0]
        if isinstance(v, ControlRank):
            return self.w("v.control_rank", n=v.count, r=v.rank)
        if isinstance(v, ControlPositions):
            return self.w("v.control_positions", n=v.count, m=len(v.targets.get(first, ())))
        if isinstance(v, HoldPositions):
            return self.w("v.hold_positions", p=self.labels(v.targets.get(first, ())), t=v.at_end_of_turn) + f" ({', '.join(v.units)})"
        if isinstance(v, EliminateAll):
            return self.w("v.eliminate_all", s=v.scope.replace("_", " "))
        assert isinstance(v, Countdown)
        return self.w("v.countdown", t=v.turns, g=v.after)

    def victory(self) -> None:
        self.out(f"{self.w('victory')}{self.c}")
        for v in self.s.victory:
            self.out(f"[{v.id}] {self.side_name(v.winner)} {self.w('wins')}{self.c} {self.condition(v)}", 2)
            if v.text:
                self.para(v.text.get(self.lang), 4)
            if v.interpretation:
                self.out(f"* {v.interpretation}", 4)
        if self.s.default_winner:
            self.out(self.w("otherwise", side=self.side_name(self.s.default_winner)), 2)
        self.out()

    def rules(self) -> None:
        if not self.s.special_rules:
            return
        self.out(f"{self.w('special_rules')}{self.c}")
        for r in self.s.special_rules:
            self.out(f"[{r.id}] {r.rule} ({r.case})", 2)
            self.para(r.text.get(self.lang), 4)
        self.out()

    def balance(self) -> None:
        if not self.s.balance:
            return
        self.out(f"{self.w('balance')}{self.c}")
        for b in self.s.balance:
            self.out(f"[{b.id}] {self.w('favours', side=self.side_name(b.favours))}{self.c} {b.text.get(self.lang)}", 2)
        self.out()

    def notes(self) -> None:
        if self.s.notes:
            self.out(f"{self.w('notes')}{self.c}")
            for n in self.s.notes:
                self.para("- " + n.get(self.lang), 2)
            self.out()
        if self.s.interpretations:
            self.out(f"{self.w('interpretations')}{self.c}")
            for i in self.s.interpretations:
                self.para(f"{self.w('line')} {i.line} ({i.where}){self.c} {i.reason}", 2)


def summary(scenario: Scenario, lang: str = "en") -> str:
    """The scenario as readable text."""
    return "\n".join(_Summary(scenario, lang).run()).rstrip() + "\n"


# ---------------------------------------------------------------------------
# JSON


def _value(s: Scenario, value: Any, lang: str) -> Any:
    if isinstance(value, Position):
        return s.label(value)
    if isinstance(value, Text):
        return value.get(lang)
    if isinstance(value, Card):
        return {"id": value.id, "name": value.display_name(lang)}
    if isinstance(value, dict):
        return {str(k): _value(s, v, lang) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_value(s, v, lang) for v in value]
    return value


def _fields(s: Scenario, obj: Any, lang: str, skip: tuple[str, ...] = ("path", "card")) -> dict[str, Any]:
    out = {}
    for f in dataclasses.fields(obj):
        if f.name in skip:
            continue
        name = "as" if f.name == "as_" else f.name
        out[name] = _value(s, getattr(obj, f.name), lang)
    return out


def _entry(s: Scenario, e: ForceEntry, lang: str) -> dict[str, Any]:
    out = {"card": e.card_id, "name": e.card.display_name(lang), "count": e.count,
           "placement": _fields(s, e.placement, lang)}
    for key in ("attached_to", "per_carrier", "loaded_on", "carriers_per_card", "towed_by", "interpretation"):
        out[key] = getattr(e, key)
    return out


def _counts(s: Scenario, counts: list[CardCount], lang: str) -> list[dict[str, Any]]:
    return [{"card": c.card_id, "name": c.card.display_name(lang), "count": c.count} for c in counts]


def to_json(s: Scenario, lang: str = "en") -> dict[str, Any]:
    """The resolved scenario as JSON-ready data; positions are labels of the north side's rows."""
    g = s.grid
    terrain = {"method": s.terrain.method, "by": list(s.terrain.by), "where": s.terrain.where, "alternate": s.terrain.alternate,
               "cards_per_side": s.terrain.cards_per_side, "max_per_type": s.terrain.max_per_type,
               "interpretation": s.terrain.interpretation,
               "map": [{"row": r, "labels": {sid: g.row_label(r, sid) for sid in g.sides},
                        "terrain": [[{"id": c.id, "name": c.display_name(lang)} for c in s.terrain.at(Position(r, col))]
                                    for col in range(1, g.columns + 1)]}
                       for r in range(1, g.rows + 1)] if s.terrain.method == "fixed" else []}
    sides = []
    for side in s.sides:
        sides.append({
            "id": side.id, "nation": side.nation, "role": side.role, "title": _value(s, side.title, lang),
            "north": side.id == g.north,
            "setup": {"zone": _value(s, side.zone, lang), "reserve": side.reserve_allowed},
            "build": _fields(s, side.build, lang) if side.build else None,
            "free_cards": _counts(s, side.free_cards, lang),
            "forces": [_entry(s, e, lang) for e in side.forces],
            "deck": _counts(s, side.deck, lang),
            "reinforcements": [{"id": r.id, "title": _value(s, r.title, lang),
                                "arrives": {"turn": r.turn, "card_played": r.card_played},
                                "to": "reserve" if r.to_reserve else _value(s, r.positions, lang),
                                "build": _fields(s, r.build, lang) if r.build else None,
                                "forces": [_entry(s, e, lang) for e in r.forces], "interpretation": r.interpretation}
                               for r in side.reinforcements]})

    def typed(obj: VictoryCondition | SpecialRule, kind_key: str, kind: str) -> dict[str, Any]:
        data = _fields(s, obj, lang)
        return {"id": data.pop("id"), kind_key: kind, **data}

    return {
        "id": s.id, "title": s.title.get(lang), "description": s.description.get(lang), "source": s.source,
        "date": s.date, "year": s.year, "place": _value(s, s.place, lang),
        "ruleset": {"id": s.ruleset.id, "overrides": {o.name: {"value": o.value, "ruleset_value": o.ruleset_value, "case": o.case,
                                                               "reason": o.reason} for o in s.overrides.values()}},
        "parameters": s.params,
        "battlefield": {"columns": g.columns, "ranks_per_side": g.ranks_per_side, "rows": g.rows, "north": g.north,
                        "south": g.south, "rank_labels": {sid: g.labels[sid] for sid in g.sides}, "terrain": terrain,
                        "areas": {a.id: {"name": a.name.get(lang), "positions": _value(s, a.positions, lang)} for a in s.areas.values()}},
        "side_assignment": s.side_assignment,
        "sides": sides,
        "initiative": _fields(s, s.initiative, lang),
        "deck": _fields(s, s.deck, lang),
        "turn_limit": s.turn_limit,
        "ends": None if s.ends is None else {"cap": s.ends.cap, "text": s.ends.text.get(lang),
                                             "interpretation": s.ends.interpretation},
        "victory": {"conditions": [typed(v, "type", v.type) for v in s.victory], "default": s.default_winner},
        "special_rules": [typed(r, "rule", r.rule) for r in s.special_rules],
        "balance": [{"id": b.id, "favours": b.favours, "text": b.text.get(lang), "patch": b.patch} for b in s.balance],
        "applied_balance": s.applied_balance,
        "notes": [n.get(lang) for n in s.notes],
        "interpretations": [dataclasses.asdict(i) for i in s.interpretations],
        "file": s.file,
    }
