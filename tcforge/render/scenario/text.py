"""Scenario facts as the print shop words them: side names, groups, placements, budgets, dates.

Shared by the scenario sheet and the scenario deck, so a group is called the
same on a proxy's foot, in the deck's checklist and on the sheet. Every
function takes the language and returns text with French typography applied.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from tcforge.data.cards import Card
from tcforge.i18n.words import W, capital, curly, t, typo
from tcforge.scenarios.format import Build, ForceEntry, Reinforcement, Side
from tcforge.scenarios.grid import Position
from tcforge.scenarios.scenario import Scenario


def side_name(s: Scenario, sid: str | None, lang: str) -> str:
    """A side as players call it: its title, else its nation, else its role (Attacker / Defender)."""
    if sid in ("first_player", "second_player"):
        return t(f"sc_{sid}", lang)
    try:
        side = s.side(str(sid))
    except KeyError:
        return str(sid)
    if side.title:
        return typo(side.title.get(lang), lang)
    if side.nation in ("german", "soviet"):
        return capital(t(side.nation, lang))
    if side.role in ("attacker", "defender"):
        return t(f"role_{side.role}", lang)
    return side.id


def role_text(side: Side, lang: str) -> str:
    """What the side is besides its name: its role, and its nation when the name does not say it."""
    role = t("role_meeting", lang) if side.role == "meeting" else t(f"role_{side.role}_l", lang)
    if side.nation != "chosen":
        return role
    if side.title is None and side.role in ("attacker", "defender"):
        return t("nation_chosen", lang)        # the name already says the role
    return f"{role}, {t('nation_chosen', lang)}"


def labels(s: Scenario, positions: tuple[Position, ...] | list[Position], side: str | None = None) -> str:
    return ", ".join(s.label(p, side) for p in positions)


def card_name(s: Scenario, cid: Any, lang: str) -> str:
    card = s.cards.by_id.get(cid)
    return curly(card.display_name(lang)) if card else str(cid)


def group_number(side: Side, group: Reinforcement) -> int:
    return next(i for i, g in enumerate(side.reinforcements, start=1) if g.id == group.id)


def group_title(s: Scenario, side: Side, group: Reinforcement, lang: str) -> str:
    if group.title:
        return typo(group.title.get(lang), lang)
    return t("sc_reinf_n", lang, n=group_number(side, group))


def arrival_when(s: Scenario, group: Reinforcement, lang: str) -> str:
    """'turn 6' or 'when Reinforcements is played'."""
    if group.turn is not None:
        return t("sc_turn", lang, n=group.turn)
    return t("sc_when_played", lang, c=card_name(s, group.card_played, lang))


def arrival_text(s: Scenario, side: Side, group: Reinforcement, lang: str) -> str:
    """'Arrives on turn 6, on G2-2, G2-3.' for the sheet."""
    when = t("sc_arrives_turn", lang, n=group.turn) if group.turn is not None else arrival_when(s, group, lang)
    to = t("sc_to_reserve", lang) if group.to_reserve else t("sc_to_positions", lang, p=labels(s, group.positions, side.id))
    return t("sc_arrives", lang, when=when, to=to)


def build_text(b: Build | None, lang: str) -> str:
    """'Builds 300 points of cards, at most 10 cards.' or '' when the side buys nothing."""
    if b is None:
        return ""
    parts = []
    if b.points:
        parts.append(t("sc_b_points", lang, n=b.points))
    if b.max_cards:
        parts.append(t("sc_b_max_cards", lang, n=b.max_cards))
    if b.types:
        names = [t(f"sc_b_{x}", lang) for x in b.types]
        kinds = names[0] if len(names) == 1 else ", ".join(names[:-1]) + f" {t('and', lang)} {names[-1]}"
        parts.append(t("sc_b_types", lang, x=kinds))
    if b.at_fire:
        parts.append(t("sc_b_at_fire", lang))
    if not b.terrain:
        parts.append(t("sc_b_no_terrain", lang))
    return t("sc_builds", lang, x=", ".join(parts)) if parts else ""


def where_text(s: Scenario, side: Side, entry: ForceEntry, in_group: bool, lang: str) -> str:
    """Where the copies of one force entry start: 'reserve', '1 on each of G4-2, G4-3', 'aboard Truck USSR'."""
    p = entry.placement
    if entry.attached_to is not None:
        return t("sc_attached", lang, c=card_name(s, entry.attached_to, lang))
    if entry.loaded_on is not None:
        if entry.carriers_per_card > 1:
            return t("sc_loaded_n", lang, n=entry.carriers_per_card, c=card_name(s, entry.loaded_on, lang))
        return t("sc_loaded", lang, c=card_name(s, entry.loaded_on, lang))
    if entry.towed_by is not None:
        return t("sc_towed", lang, c=card_name(s, entry.towed_by, lang))
    if p.kind == "reserve":
        return t("sc_in_reserve", lang)
    if p.per_position:
        return t("sc_each", lang, n=p.per_position, p=labels(s, p.positions, side.id))
    if p.from_zone:
        return t("sc_at_arrival" if in_group else "sc_in_zone", lang)
    return t("sc_on", lang, p=labels(s, p.positions, side.id))


@dataclass
class Line:
    """One card of one group of one side, its copies added up, and where they start."""

    card: Card
    count: int
    where: list[tuple[int, str]]          # (copies, placement) for each force entry of the card
    read: set[int] = field(default_factory=set)  # indices into where of the placements the sources leave open

    def where_text(self, mark: str = "") -> str:
        """Where the copies start; ``mark`` after each placement that is an interpretation (the sheet's '*')."""
        texts = [(n, w + (mark if i in self.read else "")) for i, (n, w) in enumerate(self.where)]
        if len(texts) == 1:
            return texts[0][1]
        return "; ".join(f"{n}: {w}" for n, w in texts)


@dataclass
class Group:
    """Cards a side gets together: its starting forces, free cards, drawing deck or one reinforcement group."""

    side: Side
    key: str                              # start, free, deck or the reinforcement group id
    title: str                            # as the sheet and the checklist head it
    short: str                            # as a proxy's foot names it
    lines: list[Line]
    reinforcement: Reinforcement | None = None
    number: int = 0                       # the reinforcement group's number within its side (1, 2, ...)

    @property
    def count(self) -> int:
        return sum(line.count for line in self.lines)


def _lines(s: Scenario, side: Side, entries: list[ForceEntry], in_group: bool, lang: str) -> list[Line]:
    """Entries of the same card merged, in the order the card first appears."""
    by_card: dict[Any, Line] = {}
    for e in entries:
        line = by_card.get(e.card_id)
        if line is None:
            line = by_card[e.card_id] = Line(e.card, 0, [])
        line.count += e.count
        if e.interpretation:
            line.read.add(len(line.where))
        line.where.append((e.count, where_text(s, side, e, in_group, lang)))
    return list(by_card.values())


def side_groups(s: Scenario, side: Side, lang: str) -> list[Group]:
    """Every group of cards the scenario hands ``side``, in play order; groups with no card are kept (builds)."""
    out = [Group(side, "start", t("sc_start", lang), t("sc_start_short", lang), _lines(s, side, side.forces, False, lang))]
    if side.free_cards:
        out.append(Group(side, "free", t("sc_free", lang), t("sc_free_short", lang),
                         [Line(c.card, c.count, [(c.count, t("sc_free_where", lang))]) for c in side.free_cards]))
    if side.deck:
        out.append(Group(side, "deck", t("sc_deck", lang), t("sc_deck_short", lang),
                         [Line(c.card, c.count, [(c.count, t("sc_deck_where", lang))]) for c in side.deck]))
    for n, g in enumerate(side.reinforcements, start=1):
        out.append(Group(side, g.id, group_title(s, side, g, lang),
                         t("sc_reinf_short", lang, n=n, when=arrival_when(s, g, lang)),
                         _lines(s, side, g.forces, True, lang), g, n))
    return out


_DATE = re.compile(r"^(\d{4})-(\d{2})-(\d{2})$")


def date_text(date: str | None, lang: str) -> str:
    """'1 July 1944' / '1er juillet 1944'; anything that is not a full date as it is."""
    if not date:
        return ""
    match = _DATE.match(date)
    if not match:
        return date
    year, month, day = int(match.group(1)), int(match.group(2)), int(match.group(3))
    if not 1 <= month <= 12:
        return date
    if lang == "fr":
        return f"{'1er' if day == 1 else day} {t(f'month_{month}', lang)} {year}"
    return f"{day} {t(f'month_{month}', lang)} {year}"


def signed_value(value: Any) -> str:
    if isinstance(value, bool) or not isinstance(value, int):
        return str(value)
    return f"+{value}" if value > 0 else (f"−{-value}" if value < 0 else "0")


def param_value(value: Any, lang: str) -> str:
    """A ruleset parameter's value for players: '8: +1, 10: +1' for tables, words for known keywords."""
    if isinstance(value, dict):
        return ", ".join(f"{k}: {signed_value(v)}" for k, v in value.items())
    if isinstance(value, str) and f"pv:{value}" in W:
        return t(f"pv:{value}", lang)
    if isinstance(value, (list, tuple)):
        return ", ".join(str(v) for v in value)
    return str(value)


def param_label(name: str, lang: str) -> str:
    return t(f"p:{name}", lang) if f"p:{name}" in W else name
