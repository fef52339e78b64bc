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
from tcforge.i18n.words import ROLES, raw, side_word
from tcforge.scenarios.format import Build, CardCount, ForceEntry, Reinforcement, Side, Text
from tcforge.scenarios.grid import Position
from tcforge.scenarios.scenario import Scenario
from tcforge.scenarios.special_rules import SpecialRule
from tcforge.scenarios.victory import ControlPositions, ControlRank, Countdown, EliminateAll, HoldPositions, VictoryCondition


class _Summary:
    def __init__(self, s: Scenario, lang: str):
        self.s = s
        self.lang = lang
        self.lines: list[str] = []

    def w(self, key: str, **values: Any) -> str:
        return raw(key, self.lang, **values)

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
            return self.w(f"show_{sid}")
        try:
            side = self.s.side(sid)
        except KeyError:
            return sid
        if side.title:
            return side.title.get(self.lang)
        return side_word(side.nation, side.role, self.lang)

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
        if s.source:
            facts.append(f"{self.w('show_source')} {s.source['document']} {s.source['section']}")
        if s.design:
            facts.append(s.designed_by(self.lang))
        facts.append(f"{self.w('show_ruleset')} {s.ruleset.id}")
        self.out(" · ".join(facts), 2)
        if s.applied_balance:
            self.out(self.w("show_applied", o=s.applied_balance), 2)
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
            how = self.w("show_terrain_random", n=t.cards_per_side, m=t.max_per_type)
        elif t.method == "discretionary":
            how = self.w("show_terrain_discretionary", by=", ".join(self.side_name(b) for b in t.by), where=self.w(f"show_where_{t.where}"))
            if t.alternate:
                how += ", " + self.w("sc_t_alternate")
        else:
            how = self.w(f"show_terrain_{t.method}")
        self.out(f"{self.w('sc_battlefield')}{self.c} {self.w('sc_grid', c=g.columns, r=g.ranks_per_side)} · {how}")
        cells: dict[Position, str] = {}
        for pos in g.positions():
            if t.method == "fixed":
                names = [c.display_name(self.lang) for c in t.at(pos)]
                cells[pos] = "+".join(names) or self.w("show_clear")
            elif t.method in ("random", "discretionary"):
                cells[pos] = self.w("sc_unknown_cell")
            else:
                cells[pos] = self.w("show_clear")
        width = max(len(v) for v in cells.values()) + 1
        left = max(len(x) for x in g.labels[g.north])
        header = " " * (left + 3) + "".join(f"{c:<{width + 3}}" for c in range(1, g.columns + 1))
        self.out(f"({self.w('show_reserve_of', side=self.side_name(g.north))})", 2 + left + 3)
        self.out(header.rstrip(), 2)
        streams = {frozenset((e.a, e.b)) for e in t.streams}  # 001: a Stream between two positions shows as ~

        def edge(a: Position, b: Position, plain: str) -> str:
            return "~" if frozenset((a, b)) in streams else plain

        for r in range(1, g.rows + 1):
            row = "".join((f" {edge(Position(r, c - 1), Position(r, c), '|')} " if c > 1 else "") + f"{cells[Position(r, c)]:<{width}}"
                          for c in range(1, g.columns + 1))
            self.out(f"{g.row_label(r, g.north):<{left}} | {row} | {g.row_label(r, g.south)}", 2)
            if r < g.rows and any(frozenset((Position(r, c), Position(r + 1, c))) in streams for c in range(1, g.columns + 1)):
                below = "".join(f"{edge(Position(r, c), Position(r + 1, c), ''):<{width + 3}}" for c in range(1, g.columns + 1))
                self.out(f"{'':<{left}}   {below}".rstrip(), 2)
        self.out(f"({self.w('show_reserve_of', side=self.side_name(g.south))})", 2 + left + 3)
        if t.streams:
            parts = []
            for e in t.streams:
                crossed = f" ({self.w('show_stream_crossed', card=e.crossing.display_name(self.lang))})" if e.crossing else ""
                parts.append(f"{s.label(e.a)}–{s.label(e.b)}{crossed}")
            self.out(f"{self.w('show_streams')}{self.c} {', '.join(parts)}", 2)
        for area in s.areas.values():
            self.out(f"{self.w('show_area')} {area.name.get(self.lang)} ({area.id}){self.c} {self.labels(area.positions)}", 2)
        if t.interpretation:
            self.out(f"* {t.interpretation}", 2)
        self.out()

    def general(self) -> None:
        s = self.s
        self.out(self.w(f"sc_assign_{s.side_assignment}"))
        if s.overrides:
            self.out(f"{self.w('show_changed')}{self.c}")
            for o in s.overrides.values():
                self.out(f"{o.name} = {o.value!r} ({self.w('show_ruleset')}{self.c} {o.ruleset_value!r}; {o.case}): {o.reason}", 2)
        i = s.initiative
        if i.method == "fixed":
            text = self.w("show_init_fixed", side=self.side_name(i.side))
        else:
            text = self.w("show_init_roll", w=self.w(f"sc_{i.winner}"))
            for sid, m in i.modifiers.items():
                text += "; " + self.w("show_modifier", side=self.side_name(sid), m=f"{m:+d}")
        text += f"; {self.side_name(i.setup_first)} {self.w('show_setup_first')}"
        self.out(f"{self.w('show_initiative')}{self.c} {text}")
        d = s.deck
        parts = [self.w("sc_deck_short" if d.draw_deck else "show_no_draw_deck")]
        if d.only_listed:
            parts.append(self.w("show_only_listed"))
        elif d.extras:
            parts.append(self.w("show_extras", x=", ".join(x.replace("_", " ") for x in d.extras)))
        parts.append(self.w("show_limit", n=d.max_identical_special_events) if d.max_identical_special_events else self.w("show_no_limit"))
        if s.year == "chosen":
            parts.append(self.w("sc_year_chosen"))
        elif s.year:
            parts.append(self.w("sc_year", y=s.year))
        self.out(f"{self.w('sc_cards')}{self.c} {'; '.join(parts)}")
        self.out(f"{self.w('sc_turns')}{self.c} {s.turn_limit if s.turn_limit else self.w('show_no_turn_limit')}"
                 + (f" ({self.w('show_cap', n=s.ends.cap)})" if not s.turn_limit and s.ends is not None else ""))
        if s.ends is not None:
            self.out(f"{self.w('sc_ends')}{self.c} {s.ends.text.get(self.lang)} ({self.w('show_cap', n=s.ends.cap)})")
        self.out()

    def build_text(self, b: Build | None) -> str:
        if b is None:
            return ""
        parts = []
        if b.points:
            parts.append(self.w("build_points", n=b.points))
        if b.max_cards:
            parts.append(self.w("sc_b_max_cards", n=b.max_cards))
        if b.types:
            parts.append(self.w("sc_b_types", x=", ".join(b.types)))
        if b.at_fire:
            parts.append(self.w("show_at_fire"))
        if not b.terrain:
            parts.append(self.w("show_no_terrain"))
        return f"{self.w('show_build')} " + ", ".join(parts)

    def entry(self, e: ForceEntry, side: Side, group: Reinforcement | None, indent: int) -> None:
        p = e.placement
        if e.attached_to is not None:
            where = self.w("sc_attached", c=self.card_id(e.attached_to))
        elif e.loaded_on is not None:
            where = self.w("sc_loaded_n", n=e.carriers_per_card, c=self.card_id(e.loaded_on)) if e.carriers_per_card > 1 \
                else self.w("sc_loaded", c=self.card_id(e.loaded_on))
        elif e.towed_by is not None:
            where = self.w("sc_towed", c=self.card_id(e.towed_by))
        elif p.kind == "reserve":
            where = self.w("show_in_reserve")
        elif p.per_position:
            where = self.w("sc_each", n=p.per_position, p=self.labels(p.positions, side.id))
        elif p.from_zone:
            where = self.w("show_at_arrival" if group else "show_in_zone")
        else:
            where = self.w("sc_on", p=self.labels(p.positions, side.id))
        self.out(f"{e.count} x {self.card(e.card)}, {where}", indent)
        if e.interpretation:
            self.out(f"* {e.interpretation}", indent + 2)

    def counts(self, title: str, counts: list[CardCount], indent: int) -> None:
        if counts:
            self.out(f"{title}{self.c} " + ", ".join(f"{c.count} x {self.card(c.card)}" for c in counts), indent)

    def side(self, side: Side) -> None:
        nation = self.w(f"nation_{side.nation}") if side.nation != "chosen" else self.w("show_chosen")
        self.out(f"{self.side_name(side.id)} [{side.id}] ({nation}, {self.w(ROLES.get(side.role, side.role))})")
        zone = f"{self.w('show_zone')} {self.labels(side.zone, side.id)}"
        if side.reserve_allowed:
            zone += " " + self.w("or_reserve")
        self.out(zone, 2)
        if side.build:
            self.out(self.build_text(side.build), 2)
        self.counts(self.w("show_free"), side.free_cards, 2)
        if side.forces:
            self.out(f"{self.w('sc_start')}{self.c}", 2)
            for e in side.forces:
                self.entry(e, side, None, 4)
        self.counts(self.w("sc_deck"), side.deck, 2)
        for g in side.reinforcements:
            when = self.w("sc_turn", n=g.turn) if g.turn is not None else self.w("sc_when_played", c=self.card_id(g.card_played))
            to = self.w("sc_to_reserve") if g.to_reserve else self.w("sc_to_positions", p=self.labels(g.positions, side.id))
            title = g.title.get(self.lang) if g.title else g.id
            self.out(f"{self.w('show_reinforcements')} {title} [{g.id}]{self.c} {when}, {to}", 2)
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
            return self.w("show_v_control_rank_one" if v.count == 1 else "show_v_control_rank", n=v.count, r=v.rank)
        if isinstance(v, ControlPositions):
            return self.w("show_v_control_positions", n=v.count, m=len(v.targets.get(first, ())))
        if isinstance(v, HoldPositions):
            return self.w("show_v_hold_positions", p=self.labels(v.targets.get(first, ())), t=v.at_end_of_turn) + f" ({', '.join(v.units)})"
        if isinstance(v, EliminateAll):
            return self.w("show_v_eliminate_all", s=v.scope.replace("_", " "))
        assert isinstance(v, Countdown)
        return self.w("show_v_countdown", t=v.turns, g=v.after)

    def victory(self) -> None:
        self.out(f"{self.w('sc_victory')}{self.c}")
        for v in self.s.victory:
            self.out(f"[{v.id}] {self.side_name(v.winner)} {self.w('show_wins')}{self.c} {self.condition(v)}", 2)
            if v.text:
                self.para(v.text.get(self.lang), 4)
            if v.interpretation:
                self.out(f"* {v.interpretation}", 4)
        if self.s.default_winner:
            self.out(self.w("show_otherwise", side=self.side_name(self.s.default_winner)), 2)
        self.out()

    def rules(self) -> None:
        if not self.s.special_rules:
            return
        self.out(f"{self.w('sc_special_rules')}{self.c}")
        for r in self.s.special_rules:
            self.out(f"[{r.id}] {r.rule} ({r.case})", 2)
            self.para(r.text.get(self.lang), 4)
        self.out()

    def balance(self) -> None:
        if not self.s.balance:
            return
        self.out(f"{self.w('sc_balance')}{self.c}")
        for b in self.s.balance:
            self.out(f"[{b.id}] {self.w('sc_favours', side=self.side_name(b.favours))}{self.c} {b.text.get(self.lang)}", 2)
        self.out()

    def notes(self) -> None:
        if self.s.notes:
            self.out(f"{self.w('sc_notes')}{self.c}")
            for n in self.s.notes:
                self.para("- " + n.get(self.lang), 2)
            self.out()
        if self.s.interpretations:
            self.out(f"{self.w('show_interpretations')}{self.c}")
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
               "streams": [{"between": [s.label(e.a), s.label(e.b)], "crossing": e.crossing.id if e.crossing else None}
                           for e in s.terrain.streams],
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
        "id": s.id, "title": s.title.get(lang), "description": s.description.get(lang), "source": s.source or None,
        "design": {"author": s.design.author, "date": s.design.date,
                   "credit": s.design.credit.get(lang) if s.design.credit else None} if s.design else None,
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
