"""The parts of a scenario, as the rules engine reads them.

Sides with their set-up zone, forces (:class:`ForceEntry`: card, count,
:class:`Placement`, carrier), drawing deck, build budget and reinforcement
groups; the terrain, named areas, initiative, deck policy, balance options and
the project's interpretations. The whole is :class:`tcforge.scenarios.scenario.Scenario`;
victory conditions and special rules have their own modules.
Every part keeps the YAML path it was read from (``path``) so a finding can
point at ``file:line:col``.
"""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from tcforge.data.cards import Card, CardId
from tcforge.scenarios.grid import Position

YamlPath = tuple[Any, ...]

CLEAR = "clear"  # the terrain word for a position without terrain cards


@dataclass
class Text:
    en: str
    fr: str
    others: dict[str, str] = field(default_factory=dict)  # the other languages' translations, by code (de, it, ...)

    def get(self, lang: str) -> str:
        """The text in ``lang``; the English where it has no translation (:meth:`has` says whether it has one)."""
        return self.of(lang) or self.en

    def of(self, lang: str) -> str:
        """The translation into ``lang``, or "" when there is none."""
        if lang == "en":
            return self.en
        return self.fr if lang == "fr" else self.others.get(lang, "")

    def has(self, lang: str) -> bool:
        return bool(self.of(lang)) or not self.en


def text_from(raw: Any) -> Text | None:
    """An ``{en: ..., fr: ..., de: ...}`` mapping of the file as :class:`Text`; None when there is none."""
    if not isinstance(raw, dict):
        return None
    others = {str(k): str(v) for k, v in raw.items() if k not in ("en", "fr") and isinstance(v, str) and v}
    return Text(str(raw.get("en", "")), str(raw.get("fr", "")), others)


@dataclass
class Design:
    """Who designed a scenario of their own (or adapted one), when, and whom they thank: printed on its sheet."""

    author: str
    date: str | None = None
    credit: Text | None = None


def design_from(raw: Any) -> Design | None:
    """The file's ``design`` mapping as :class:`Design`; None when there is none."""
    if not isinstance(raw, dict) or not raw.get("author"):
        return None
    return Design(str(raw["author"]), str(raw["date"]) if raw.get("date") else None, text_from(raw.get("credit")))


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
    streams: list[StreamEdge] = field(default_factory=list)  # 001: Streams between two positions

    def at(self, pos: Position) -> tuple[Card, ...]:
        return self.cells.get(pos, ())


@dataclass
class StreamEdge:
    """001 Streams, Bridges, and Fords: a Stream on the edge between two adjacent positions, perhaps crossed."""

    a: Position
    b: Position
    crossing: Card | None = None


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
class BalanceOption:
    id: str
    favours: str
    text: Text
    patch: list[dict[str, Any]]
    path: YamlPath = ()


@dataclass
class Ending:
    """How a game with no turn limit ends: its victory conditions, or drawn once game turn ``cap`` is over."""

    cap: int
    text: Text
    interpretation: str = ""
    path: YamlPath = ("ends",)


@dataclass
class Interpretation:
    """A choice of the project where the source is unclear, with its reason."""

    where: str  # a readable path, e.g. sides/0/setup
    line: int
    reason: str


def iter_entries(side: Side) -> Iterator[tuple[str | None, ForceEntry]]:
    """Every force entry of a side: (None, entry) for the start forces, (group id, entry) for reinforcements."""
    for entry in side.forces:
        yield None, entry
    for group in side.reinforcements:
        for entry in group.forces:
            yield group.id, entry
