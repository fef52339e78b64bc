"""The booklets' tables, generated from the data, never typed: terrain effects, To Kill, sequence of play,
card characteristics with errata marked, the errata list, scenario forces.

A table is a :class:`Table` of :class:`Cell` s holding safe HTML (every value
escaped here); the template only lays them out. Each number cell carries a
``data-value`` attribute with the raw value, which the tests read back.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from markupsafe import Markup, escape

from tcforge.data.cards import Card, CardSet, Change, get_field
from tcforge.data.rulesets import Ruleset
from tcforge.i18n.words import ROLES, bw, curly, plain, side_word, signed, t, typo
from tcforge.i18n.words import raw as raw_word
from tcforge.render.page.values import DASH, NOT_APPLICABLE_AT_ZERO, face_value, face_years, rule_values


@dataclass
class Cell:
    html: Markup
    cls: str = ""
    colspan: int = 1
    header: bool = False
    value: str | None = None  # the raw value, for readers (tests, scripts)
    anchor: str | None = None  # an id to link to (a card's row, for the index)


@dataclass
class Table:
    kind: str
    caption: Markup
    head: list[list[Cell]]
    body: list[list[Cell]]
    notes: list[Markup] = field(default_factory=list)
    cls: str = ""
    widths: list[str] = field(default_factory=list)  # CSS widths of the columns, when set
    intro: Markup | None = None  # a note printed above the table


def _c(text: Any, cls: str = "", value: Any = None, **kw: Any) -> Cell:
    return Cell(Markup(escape(curly(str(text)))), cls, value=None if value is None else str(value), **kw)


# French articles and prepositions of card names: tied to the word after them, never to the word before.
PARTICLES = frozenset({"de", "la", "le", "les", "du", "des", "à", "au", "aux", "d’", "l’", "et", "en"})


def name_html(name: str) -> Markup:
    """A card name that breaks only between long words: "StuG III G", "PzKw VI b (P)", "T-34 M43" never split.

    Words are tied together (a span that does not wrap) where the word before has at most four characters or
    the word after at most three; a name therefore breaks only between two longer words ("Schwerer" /
    "Pzrwgn (8 Rad)", "Groupe de ligne" / "allemand"), never at a hyphen inside a group.
    """
    words = curly(name).split()
    groups: list[list[str]] = []
    for word in words:
        if groups and groups[-1][-1].lower() in PARTICLES:
            groups[-1].append(word)  # "de la Luftwaffe", "à roquettes": a French particle goes with the word after it
        elif word.lower() in PARTICLES:
            groups.append([word])    # ...and never with the word before (issue 37 item 4: "Groupe de la Luftwaffe"
            #                          tied whole ran into the next column of the A5 and half-Letter card tables)
        elif groups and (len(groups[-1][-1]) <= 4 or len(word) <= 3):
            groups[-1].append(word)
        else:
            groups.append([word])
    return Markup(" ".join(f'<span class="nb">{escape(" ".join(g))}</span>' if len(g) > 1 or "-" in g[0]
                           else str(escape(g[0])) for g in groups))


def _name(text: str, value: Any = None, suffix: str = "") -> Cell:
    """A name cell whose name never breaks inside (see :func:`name_html`)."""
    return Cell(Markup(name_html(text) + escape(suffix)), "name", value=None if value is None else str(value))


def _h(text: str, cls: str = "", colspan: int = 1) -> Cell:
    return Cell(Markup(escape(curly(text))), cls, colspan, header=True)


# ---------------------------------------------------------------------------
# terrain effects (9.5)


def _mod(value: Any) -> str:
    if isinstance(value, dict):
        return "/".join(signed(value.get(k)) for k in ("armored", "unarmored", "infantry_in_bunker"))
    return signed(value) if value != "n/a" else "n/a"


def terrain_rows(cards: CardSet, table_id: str) -> list[tuple[Card, dict[str, Any]]]:
    out = []
    for card in cards:
        row = (card.effective.get("terrain_effects") or {}).get(table_id)
        if isinstance(row, dict):
            out.append((card, row))
    return out


def terrain_table(cards: CardSet, ruleset: Ruleset, lang: str) -> Table:
    table_id = str(ruleset["fire.terrain_table"])
    info: dict[str, Any] = next((tt for tt in cards.terrain_tables if tt.get("id") == table_id), {"title": {}})
    title = (info.get("title") or {}).get(lang) or (info.get("title") or {}).get("en") or table_id
    keys = ("at", "he", "sa", "air", "art")
    head = [[_h(t("terrain_col", lang), "name")] + [_h(t(k, lang)) for k in keys] + [_h(t("los", lang)), _h(t("move", lang))]]
    body, notes = [], [Markup(escape(t("terrain_into", lang)))]
    split_cols: set[str] = set()
    borrowed = False
    for card, row in terrain_rows(cards, table_id):
        name = curly(card.display_name(lang)) + ("*" if row.get("unclear") else "")
        borrowed = borrowed or bool(row.get("unclear"))
        cells = [_c(name, "name", value=card.display_name(lang))]
        for key in keys:
            value = row.get(key)
            if isinstance(value, dict):
                split_cols.add(key)
            text = t("n/a", lang) if value == "n/a" else _mod(value)
            cells.append(_c(text, "num", value=_mod(value) if value != "n/a" else "n/a"))
        cells.append(_c(t(str(row.get("los")), lang), "word", value=row.get("los")))
        move = t("m:fast" if row.get("movement") == "fast" else str(row.get("movement")), lang)
        cells.append(_c(move, "word", value=row.get("movement")))
        body.append(cells)
        if row.get("prohibits"):
            notes.append(Markup(escape(typo(f"{curly(card.display_name(lang))}: {t('no_vehicles', lang)}", lang))))
        if row.get("only_for"):
            notes.append(Markup(escape(typo(f"{curly(card.display_name(lang))}: {t('infantry_only', lang)}", lang))))
    for key in sorted(split_cols):
        notes.append(Markup(escape(t(f"{key}_split", lang))))
    if borrowed:
        notes.append(Markup(escape(t("borrowed_row", lang))))
    return Table("terrain", Markup(escape(bw("terrain_caption", lang, table=title))), head, body, notes, "terrain",
                 ["22%"] + ["10%"] * 5 + ["14%", "14%"])


# ---------------------------------------------------------------------------
# To Kill (9.3)


def to_kill_table(ruleset: Ruleset, lang: str) -> Table:
    table = ruleset["fire.to_kill_table"]
    keys = sorted(table, key=int)
    head_cells = [_h(bw("to_kill_diff", lang), "name")]
    row = [_c(bw("to_kill_roll", lang), "name rowhead")]
    for i, key in enumerate(keys):
        label = signed(int(key))
        if i == 0:
            label = "≤\u202f" + label
        elif i == len(keys) - 1:
            label = "≥\u202f" + label
        head_cells.append(Cell(Markup(escape(label)), "num", header=True, value=str(int(key))))
        row.append(_c(table[key], "num", value=table[key]))
    notes = [Markup(escape(bw("dud", lang, n=ruleset["fire.to_kill_dud_roll"])))]
    rest = f"{74 / len(keys):.2f}%"
    return Table("to-kill", Markup(escape(bw("to_kill_caption", lang))), [head_cells], [row], notes, "to-kill",
                 ["26%"] + [rest] * len(keys))


# ---------------------------------------------------------------------------
# sequence of play (4.0)


def sequence_table(ruleset: Ruleset, lang: str, link: Callable[[str], Markup] | None = None) -> Table:
    """The four steps of a player's turn with the Supply point costs; ``link`` turns case numbers into links."""
    per = ruleset["turn.cards_per_action"]

    def _do(text: str, cls: str = "") -> Cell:
        return Cell(link(text) if link else Markup(escape(text)), cls)

    head = [[_h(bw("step", lang), "name", colspan=2), _h(bw("what", lang)), _h(bw("cost", lang), "num")]]
    body = [
        [_c("1", "num step"), _c(bw("step_supply", lang), "name"),
         _do(bw("step_supply_do", lang, n=ruleset["turn.supply_points"], max=ruleset["turn.max_supply_points"])),
         _c("+" + str(ruleset["turn.supply_points"]), "num", value=ruleset["turn.supply_points"])],
        [_c("2", "num step"), _c(bw("step_play", lang), "name"), _do(bw("step_play_do", lang)), _c("", "num")],
    ]
    for key, cost in (("step_move", "turn.move_cost"), ("step_fire", "turn.fire_cost"),
                      ("step_instant", "turn.instant_cost"), ("step_draw", "turn.draw_cost")):
        body.append([_c("", "num"), _c("", "name"), _c(bw(key, lang, n=per), "option"),
                     _c(f"−{ruleset[cost]}" if ruleset[cost] else "0", "num", value=ruleset[cost])])
    body += [
        [_c("3", "num step"), _c(bw("step_melee", lang), "name"), _do(bw("step_melee_do", lang)), _c("", "num")],
        [_c("4", "num step"), _c(bw("step_discard", lang), "name"),
         _do(bw("step_discard_do", lang, n=ruleset["turn.hand_limit"])), _c("", "num")],
    ]
    return Table("sequence", Markup(escape(bw("seq_title", lang))), head, body,
                 [Markup(escape(bw("step_order", lang)))], "sequence", ["6%", "17%", "62%", "15%"])


# ---------------------------------------------------------------------------
# cards and errata (19.0)

UNIT_TYPES = ("vehicle", "at_gun", "air_artillery", "infantry")


def _changed(card: Card) -> dict[str, Change]:
    return {c.field: c for c in card.changes}


def _value_html(card: Card, fields: tuple[str, ...], changed: dict[str, Change],
                by_rule: dict[str, int] | None = None) -> tuple[Markup, str, bool]:
    """Values of ``fields`` joined by '/', as the cards read (a dash where a 0 does not apply: one dash for a pair
    that does not apply at all), corrected ones marked with a dagger and values a rule sets (9.4) with an asterisk;
    also the raw text and whether any is corrected."""
    parts, raw, any_fixed = [], [], False
    for f in fields:
        if by_rule and f in by_rule:
            text = plain(by_rule[f])
            raw.append(text)
            parts.append(f'<b class="fix">{escape(text)}<span class="dagger">*</span></b>')
            continue
        text = face_value(f, get_field(card.effective, f))
        raw.append(text)
        if f in changed:
            any_fixed = True
            parts.append(f'<b class="fix">{escape(text)}<span class="dagger">†</span></b>')
        else:
            parts.append(str(escape(text)))
    if len(fields) > 1 and not any_fixed and all(r == DASH for r in raw):
        return Markup(DASH), DASH, False
    return Markup("/".join(parts)), "/".join(raw), any_fixed


def _years(card: Card, changed: dict[str, Change]) -> tuple[Markup, str, bool]:
    years = card.effective.get("years") or {}
    if not face_years(years):  # none printed, or "?" for both (#64, 65, 108, 109): nothing to show
        return Markup(DASH), DASH, False
    html, raw, fixed = _value_html(card, ("years.first", "years.last"), changed)
    short = Markup(re.sub(r"\b19(\d\d)\b", r"\1", str(html)))
    return short, raw, fixed


def _name_cell(card: Card, lang: str, changed: dict[str, Change]) -> Cell:
    name = curly(card.display_name(lang))
    if "name" in changed:
        return Cell(Markup(f'<b class="fix">{name_html(name)}<span class="dagger">†</span></b>'), "name", value=name)
    return _name(name, value=name)


def _group_key(card: Card) -> str:
    if card.type == "vehicle":
        return f"vehicle_{card.nation}"
    return card.type


GROUPS = ("vehicle_german", "vehicle_soviet", "at_gun", "air_artillery", "infantry", "equipment", "special", "ultra_rare")


def card_tables(cards: CardSet, lang: str, ruleset: Ruleset, compact: bool = False) -> list[Table]:
    """The cards by group, every value as the cards and the rules play it (:mod:`tcforge.render.page.values`);
    ``compact`` (A5 and half-Letter) sets a unit's class and rarity under its name, so the values have room."""
    groups: dict[str, list[Card]] = {g: [] for g in GROUPS}
    for card in cards:
        groups.setdefault(_group_key(card), []).append(card)
    out = []
    for key, members in groups.items():
        if not members:
            continue
        members.sort(key=lambda c: (0, c.id, "") if isinstance(c.id, int) else (1, 0, str(c.id)))
        caption = Markup(escape(bw(f"group_{key}", lang)))
        if key.startswith("vehicle") or key in ("at_gun", "air_artillery", "infantry", "equipment"):
            out.append(_unit_table(key, caption, members, lang, ruleset, compact))
        else:
            out.append(_other_table(key, caption, members, lang))
    return out


# The unit tables' widths. Wide (A4, Letter): 100 % in all (100.5 % made the table 0.8 mm wider than the text); Hit
# ("Toucher") and Pen. need their heading's width; the speed column room for a corrected "lente†". Compact (A5,
# half-Letter): the class and rarity go under the name (the type was 6 pt with fourteen columns); the name column
# takes two lines at most.
WIDE = ["4%", "21%", "15.5%", "2.5%", "8%", "8%", "7.5%", "3.5%", "3.5%", "3.5%", "5%", "7.5%", "4.5%", "6%"]
COMPACT = ["4.5%", "27.5%", "9.5%", "8.5%", "8.5%", "4.3%", "4.3%", "4.3%", "5.6%", "9%", "5.5%", "8.5%"]


def _unit_table(key: str, caption: Markup, members: list[Card], lang: str, ruleset: Ruleset,
                compact: bool = False) -> Table:
    cols = [("col_no", "num"), ("col_card", "name"), ("col_class", "word"), ("col_rarity", "num"), ("hit", "num"),
            ("pen", "num"), ("col_armor", "num"), ("he", "num"), ("sa", "num"), ("ft", "num"),
            ("col_tmv", "num"), ("col_years", "num"), ("col_pts", "num"), ("col_speed", "num")]
    if compact:
        cols = cols[:2] + cols[4:]
    head = [[_h(bw(k, lang), cls) for k, cls in cols]]
    body = []
    ruled = False
    for card in members:
        changed = _changed(card)
        by_rule = rule_values(card, ruleset)
        ruled = ruled or bool(by_rule)
        row = [_c(_card_no(card), "num", value=card.id), _name_cell(card, lang, changed)]
        if compact:
            under = f"{t(card.card_class, lang)} · {card.printed.get('rarity', '')}"
            row[1] = replace(row[1], html=Markup(f'{row[1].html}<span class="under">{escape(under)}</span>'))
        else:
            row += [_c(t(card.card_class, lang), "word"), _c(card.printed.get("rarity", ""), "num")]
        for fields in (("hit.short", "hit.long"), ("penetration.short", "penetration.long"), ("armor.front", "armor.side"),
                       ("he",), ("sa",), ("ft",), ("tank_melee",)):
            if len(fields) == 2 and not card.effective.get(fields[0].split(".")[0]):
                row.append(_c(DASH, "num", value=DASH))
                continue
            html, raw, fixed = _value_html(card, fields, changed, by_rule)
            row.append(Cell(html, "num" + (" fixed" if fixed else ""), value=raw))
        html, raw, fixed = _years(card, changed)
        row.append(Cell(html, "num years" + (" fixed" if fixed else ""), value=raw))
        html, raw, fixed = _value_html(card, ("points",), changed)
        row.append(Cell(html, "num" + (" fixed" if fixed else ""), value=raw))
        speed = card.speed
        speed_text = bw("speed_fast", lang) if speed == "fast" else bw("speed_slow", lang) if speed == "slow" else "–"
        if "speed" in changed:
            row.append(Cell(Markup(f'<b class="fix">{escape(speed_text)}<span class="dagger">†</span></b>'), "num fixed",
                            value=speed or "–"))
        else:
            row.append(_c(speed_text, "num", value=speed or "–"))
        body.append(row)
    notes = [Markup(escape(bw("rule_9_4_mark", lang, n=ruleset["fire.at_gun_min_he"])))] if ruled else []
    return Table("cards", caption, head, body, notes, f"cards units {key}" + (" compact" if compact else ""),
                 COMPACT if compact else WIDE)


def _card_no(card: Card) -> str:
    return str(card.id) if isinstance(card.id, int) else "–"


def _other_table(key: str, caption: Markup, members: list[Card], lang: str) -> Table:
    cols = [("col_no", "num"), ("col_card", "name"), ("col_class", "word"), ("kind", "word"), ("col_rarity", "num"),
            ("col_pts", "num")]
    head = [[_h(bw(k, lang), cls) for k, cls in cols]]
    body = []
    notes: list[Markup] = []
    for card in members:
        changed = _changed(card)
        kind = card.played_kind  # #2 prints "?": the kind it is played as, starred, and the note says so
        kind_text = t(str(kind), lang) if kind else "–"
        if card.kind_interpreted:
            kind_cell = _c(kind_text + "*", "word", value=kind)
            notes = [Markup(escape(bw("kind_read_mark", lang)))]
        elif "kind" in changed:
            kind_cell = Cell(Markup(f'<b class="fix">{escape(kind_text)}<span class="dagger">†</span></b>'),
                             "word fixed", value=str(kind))
        else:
            kind_cell = _c(kind_text, "word", value=kind)
        html, raw, fixed = _value_html(card, ("points",), changed)
        body.append([_c(_card_no(card), "num", value=card.id), _name_cell(card, lang, changed),
                     _c(t(card.card_class, lang), "word"), kind_cell, _c(card.printed.get("rarity", ""), "num"),
                     Cell(html, "num" + (" fixed" if fixed else ""), value=raw)])
    return Table("cards", caption, head, body, notes, f"cards other {key}", ["5%", "37%", "20%", "24%", "6%", "8%"])


def cards_key(lang: str) -> Markup:
    return Markup(escape(bw("cards_key", lang)))


def _source_label(change: Change, lang: str) -> str:
    parts = [t(change.set_id, lang)]
    faqs = [m.group(1) for s in change.sources for m in [re.search(r"FAQ (\d+)", s)] if m]
    parts += [bw("faq", lang, n=n) for n in dict.fromkeys(faqs)]
    return ", ".join(parts)


def _show(value: Any, lang: str) -> str:
    if isinstance(value, str) and value in ("fast", "slow", "instant", "interrupt", "terrain"):
        return t(value, lang).lower() if value in ("fast", "slow") else t(value, lang)
    if isinstance(value, int) and value < 0:
        return signed(value)
    return plain(value)


def _show_field(field: str, value: Any, lang: str) -> str:
    """An erratum's printed or corrected value as the inserts print it ("armor front 20 → –")."""
    return face_value(field, value) if field.split(".")[0] in NOT_APPLICABLE_AT_ZERO else _show(value, lang)


def errata_table(cards: CardSet, lang: str) -> Table:
    head = [[_h(bw("col_no", lang), "num"), _h(bw("col_card", lang), "name"), _h(bw("col_field", lang), "word"),
             _h(bw("col_printed", lang), "num"), _h(bw("col_corrected", lang), "num"), _h(bw("source", lang), "word")]]
    body = []
    for card in sorted((c for c in cards if c.changes), key=lambda c: (0, c.id, "") if isinstance(c.id, int) else (1, 0, str(c.id))):
        for i, change in enumerate(card.changes):
            # a card's further rows name it again, muted: a row carried to the next page still says whose it is
            again = Cell(Markup(name_html(card.display_name(lang))), "name again")
            body.append([_c(_card_no(card), "num", value=card.id) if i == 0 else Cell(Markup(escape(_card_no(card))), "num again"),
                         _name(card.display_name(lang)) if i == 0 else again,
                         _c(t(f"f:{change.field}", lang), "word", value=change.field),
                         # a name (PzKw VI B (P) -> PzKw VI b (P)) wraps in its column: a number's nowrap ran it
                         # into the source column
                         _c(_show_field(change.field, change.printed, lang), "num" + (" long" if change.field == "name" else ""),
                            value=change.printed),
                         _c(_show_field(change.field, change.corrected, lang),
                            "num fixed" + (" long" if change.field == "name" else ""), value=change.corrected),
                         _c(_source_label(change, lang), "word")])
    return Table("errata", Markup(escape(bw("errata_caption", lang))), head, body, [], "errata",
                 ["5%", "26%", "18%", "14.5%", "14.5%", "22%"])


# ---------------------------------------------------------------------------
# scenario forces


class _Words:
    """The scenario summary's words (as ``tcforge scenario show`` prints them), with positions and side names of one scenario."""

    def __init__(self, scenario: Any, lang: str):
        self.s, self.lang = scenario, lang

    def w(self, key: str, **values: Any) -> str:
        return raw_word(key, self.lang, **values)

    def side_name(self, sid: str) -> str:
        side = self.s.side(sid)
        if side.title:
            return str(side.title.get(self.lang))
        return side_word(side.nation, side.role, self.lang)

    def labels(self, positions: Any, side: str | None = None) -> str:
        return ", ".join(self.s.label(p, side) for p in positions)

    def card_id(self, cid: Any) -> str:
        card = self.s.cards.by_id.get(cid)
        return curly(card.display_name(self.lang)) if card else str(cid)

    def build(self, b: Any) -> str:
        parts = []
        if b.points:
            parts.append(self.w("build_points", n=b.points))
        if b.max_cards:
            parts.append(self.w("sc_b_max_cards", n=b.max_cards))
        if b.at_fire:
            parts.append(self.w("show_at_fire"))
        if not b.terrain:
            parts.append(self.w("show_no_terrain"))
        return bw("builds", self.lang, what=", ".join(parts))

    def where(self, e: Any, side: Any, group: Any) -> str:
        p = e.placement
        if e.attached_to is not None:
            return self.w("sc_attached", c=self.card_id(e.attached_to))
        if e.loaded_on is not None:
            if e.carriers_per_card > 1:
                return self.w("sc_loaded_n", n=e.carriers_per_card, c=self.card_id(e.loaded_on))
            return self.w("sc_loaded", c=self.card_id(e.loaded_on))
        if e.towed_by is not None:
            return self.w("sc_towed", c=self.card_id(e.towed_by))
        if p.kind == "reserve":
            return self.w("show_in_reserve")
        if p.per_position:
            return self.w("sc_each", n=p.per_position, p=self.labels(p.positions, side.id))
        if p.from_zone:
            return self.w("show_at_arrival" if group else "show_in_zone")
        return self.w("sc_on", p=self.labels(p.positions, side.id))


def forces_tables(scenario: Any, lang: str) -> list[Table]:
    """One table a side: starting forces, then each reinforcement group with its arrival."""
    words = _Words(scenario, lang)
    out = []
    interpretation_seen = False
    for side in scenario.sides:
        nation = words.w(f"nation_{side.nation}") if side.nation != "chosen" else words.w("show_chosen")
        name = words.side_name(side.id)
        # the side's nation and role, each left out where the side's name already says it ("Allemand (attaquant)")
        about = [w for w in (nation, words.w(ROLES.get(side.role, side.role))) if w.lower() != name.lower()]
        caption = Markup(escape(typo(f"{name} ({', '.join(about)})" if about else name, lang)))
        head = [[_h(bw("col_count", lang), "num"), _h(bw("col_card", lang), "name"), _h(bw("col_where", lang), "word")]]
        body: list[list[Cell]] = []
        zone = bw("sets_up", lang, p=words.labels(side.zone, side.id))
        if side.reserve_allowed:
            zone += " " + bw("or_reserve", lang)
        notes = [Markup(escape(zone))]
        if side.build is not None:
            notes.append(Markup(escape(typo(words.build(side.build), lang))))
        for entry in side.forces:
            body.append(_entry_row(words, entry, side, None, lang))
            interpretation_seen = interpretation_seen or bool(entry.interpretation)
        for group in side.reinforcements:
            when = words.w("sc_turn", n=group.turn) if group.turn is not None else \
                words.w("sc_when_played", c=words.card_id(group.card_played))
            to = words.w("sc_to_reserve") if group.to_reserve else words.w("sc_to_positions", p=words.labels(group.positions, side.id))
            title = group.title.get(lang) if group.title else group.id
            body.append([Cell(Markup(escape(bw("reinf", lang, title=title, when=when, to=to))), "group", colspan=3)])
            for entry in group.forces:
                body.append(_entry_row(words, entry, side, group, lang))
                interpretation_seen = interpretation_seen or bool(entry.interpretation)
        if not body:
            continue
        out.append(Table("forces", caption, head, body, notes, f"forces side-{side.nation}", ["8%", "40%", "52%"]))
    if out and interpretation_seen:
        out[-1].notes.append(Markup(escape(bw("interp_mark", lang))))
    return out


def _entry_row(words: _Words, entry: Any, side: Any, group: Any, lang: str) -> list[Cell]:
    name = curly(entry.card.display_name(lang))
    return [_c(entry.count, "num", value=entry.count), _name(name, value=name, suffix="*" if entry.interpretation else ""),
            _c(typo(words.where(entry, side, group), lang), "word")]
