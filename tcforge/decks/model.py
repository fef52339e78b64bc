"""Command decks of the fluid-time rules (source 003) and the rules they are played with.

A deck is stored as printed (data/decks/*.yaml); this module is its validated
model: every printed card with its impulse type, side and formation, the
commanders' Free Action cards held out of the shuffle, and the die tables of
the support cards. :class:`FluidRules` is the rules file: what each impulse
type lets a side or a formation do, and the turn, fire, morale and support
numbers as named parameters (the same :class:`~tcforge.data.rulesets.Param`
as the Six-Pack rulesets).
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Any

from tcforge.data.rulesets import Param

TURN_OVER = "turn_over"
COMMANDER = "commander_free_action"
SUPPORT = "support"
ACTION_KINDS = ("move", "half_move", "free_action", "support")


@dataclass(frozen=True)
class ImpulseType:
    id: str
    scope: str  # side, formation or none
    actions: dict[str, int]
    case: str
    names: dict[str, str]
    unclear: str = ""

    def name(self, lang: str = "en") -> str:
        return self.names.get(lang) or self.names["en"]


@dataclass
class FluidRules:
    id: str
    title: dict[str, str]
    impulse_types: dict[str, ImpulseType]
    params: dict[str, Param]
    file: str = ""

    def __getitem__(self, name: str) -> Any:
        return self.params[name].value

    def readings(self) -> list[tuple[str, str, str]]:
        """Every point where the project had to read 003 one way: (what, case, reading and reason)."""
        out = [(f"impulse type {t.id}", t.case, t.unclear) for t in self.impulse_types.values() if t.unclear]
        out += [(p.name, p.case, p.unclear) for p in self.params.values() if p.unclear]
        return out

    def with_values(self, **values: Any) -> FluidRules:
        """A copy with some parameters changed (dotted names with '__' for '.'), for what-if tables and tests."""
        params = dict(self.params)
        for key, value in values.items():
            name = key.replace("__", ".")
            if name not in params:
                raise KeyError(f"'{name}' is not a parameter of {self.id}")
            params[name] = replace(params[name], value=value, defined_in="(changed)")
        return FluidRules(self.id, self.title, self.impulse_types, params, self.file)


@dataclass(frozen=True)
class Formation:
    id: str
    name: str
    side: str
    printed: str = ""
    name_fr: str = ""  # a description's French (German Specials); a unit's name (Panzers A) has none

    def name_in(self, lang: str = "en") -> str:
        return self.name_fr if lang == "fr" and self.name_fr else self.name


@dataclass(frozen=True)
class DeckCard:
    """One printed card: ``index`` is its place in the printed list (0-based)."""

    index: int
    text: str
    type: str
    side: str | None
    formation: str | None
    support: str | None
    heading: str
    line: int = 0

    @property
    def kind(self) -> tuple[str, str | None, str | None, str | None]:
        """What makes two cards the same card for the odds: type, side, formation and support table."""
        return (self.type, self.side, self.formation, self.support)


@dataclass(frozen=True)
class SupportResult:
    rolls: tuple[int, ...]
    result: str
    attacker: str | None
    table: str | None
    result_fr: str = ""  # the result in French; an aircraft's designation (ME-109) has none and prints as it is

    def result_in(self, lang: str = "en") -> str:
        return self.result_fr if lang == "fr" and self.result_fr else self.result


@dataclass(frozen=True)
class SupportTable:
    id: str
    kind: str
    die: str
    results: tuple[SupportResult, ...]


@dataclass(frozen=True)
class Side:
    id: str
    nation: str
    names: dict[str, str]

    def name(self, lang: str = "en") -> str:
        return self.names.get(lang) or self.names["en"]


@dataclass
class CommandDeck:
    id: str
    title: dict[str, str]
    front: str
    period: dict[str, Any]
    rules_id: str
    sides: dict[str, Side]
    formations: dict[str, Formation]
    cards: tuple[DeckCard, ...]  # every printed card, commanders' cards included
    support_tables: dict[str, SupportTable] = field(default_factory=dict)
    interpretations: tuple[dict[str, str], ...] = ()
    file: str = ""

    @property
    def shuffled(self) -> tuple[DeckCard, ...]:
        """The cards that are shuffled into the Command Deck (the commanders' cards are held out)."""
        return tuple(c for c in self.cards if c.type != COMMANDER)

    @property
    def commander_cards(self) -> tuple[DeckCard, ...]:
        return tuple(c for c in self.cards if c.type == COMMANDER)

    def count(self, type_: str) -> int:
        return sum(1 for c in self.shuffled if c.type == type_)

    def side_formations(self, side: str) -> list[Formation]:
        return [f for f in self.formations.values() if f.side == side]

    def kinds(self) -> Counter[tuple[str, str | None, str | None, str | None]]:
        """How many shuffled cards of each kind (type, side, formation, support)."""
        return Counter(c.kind for c in self.shuffled)

    def title_in(self, lang: str) -> str:
        return self.title.get(lang) or self.title["en"]

    def with_cards(self, cards: tuple[DeckCard, ...]) -> CommandDeck:
        return replace(self, cards=tuple(replace(c, index=i) for i, c in enumerate(cards)))

    def adding(self, like: DeckCard) -> CommandDeck:
        """The deck with one more card like ``like`` (the sensitivity table's 'add one')."""
        return self.with_cards(self.cards + (like,))

    def removing(self, like: DeckCard) -> CommandDeck:
        """The deck with one card of ``like``'s kind fewer."""
        cards = list(self.cards)
        for i, card in enumerate(cards):
            if card.kind == like.kind:
                del cards[i]
                return self.with_cards(tuple(cards))
        raise ValueError(f"no card like '{like.text}' in deck {self.id}")

    def card_label(self, card: DeckCard, lang: str = "en") -> str:
        """Who a card names: the formation, the side, or nobody (Turn Over)."""
        if card.formation:
            return self.formations[card.formation].name_in(lang)
        if card.side:
            return self.sides[card.side].name(lang)
        return ""
