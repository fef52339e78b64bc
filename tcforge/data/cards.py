"""The card model: printed cards, their errata, and the effective card.

A :class:`Card` keeps the values exactly as printed (``printed``) and the
patches that apply to it; ``effective`` is the printed card with the patches
applied, in order. Rules engine, printers and the CLI read effective values.
"""
from __future__ import annotations

import difflib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from tcforge.data.names import name_key, singular_keys

# The fixed field names of a card in JSON output; scripts rely on them.
JSON_FIELDS = ("id", "name", "rarity", "type", "class", "nation", "hit", "penetration", "armor",
               "he", "sa", "ft", "tank_melee", "years", "points", "speed")
NESTED = {"hit": ("short", "long"), "penetration": ("short", "long"), "armor": ("front", "side"),
          "years": ("first", "last")}
# Rule 8.1: cards that print no speed.
DEFAULT_SPEED = {"at_gun": "slow", "cavalry": "fast", "infantry": "slow"}

CardId = int | str


@dataclass(frozen=True)
class Change:
    """One value a patch set changes on a card."""

    field: str
    printed: Any
    corrected: Any
    set_id: str
    sources: tuple[str, ...]
    variant: bool = False
    note: str = ""


def get_field(card: dict[str, Any], dotted: str) -> Any:
    node: Any = card
    for part in dotted.split("."):
        if not isinstance(node, dict) or part not in node:
            return None
        node = node[part]
    return node


def has_field(card: dict[str, Any], dotted: str) -> bool:
    node: Any = card
    for part in dotted.split("."):
        if not isinstance(node, dict) or part not in node:
            return False
        node = node[part]
    return True


def set_field(card: dict[str, Any], dotted: str, value: Any) -> None:
    parts = dotted.split(".")
    node = card
    for part in parts[:-1]:
        node = node.setdefault(part, {})
    node[parts[-1]] = value


def _copy(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy(v) for v in value]
    return value


@dataclass
class Card:
    printed: dict[str, Any]
    file: str = ""
    line: int = 0
    source: dict[str, str] = field(default_factory=dict)
    changes: list[Change] = field(default_factory=list)
    rulings: list[dict[str, Any]] = field(default_factory=list)
    effective: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not self.effective:
            self.effective = _copy(self.printed)

    def apply(self, change: Change) -> None:
        self.changes.append(change)
        set_field(self.effective, change.field, change.corrected)

    # Plain accessors on the effective card.
    @property
    def id(self) -> CardId:
        return self.printed["id"]

    @property
    def name(self) -> str:
        return str(self.effective["name"])

    @property
    def type(self) -> str:
        return str(self.printed["type"])

    @property
    def card_class(self) -> str:
        return str(self.printed["class"])

    @property
    def nation(self) -> str:
        return str(self.printed["nation"])

    def value(self, dotted: str) -> Any:
        return get_field(self.effective, dotted)

    @property
    def played_kind(self) -> str | None:
        """How the card is played (interrupt, instant, terrain): the printed kind, or where the card prints "?" (#2
        Anti-Tank Mine) the kind the project's interpretation plays it as (``effect.played_as``)."""
        kind = self.effective.get("kind")
        effect = self.effective.get("effect")
        if kind == "?" and isinstance(effect, dict) and effect.get("played_as"):
            return str(effect["played_as"])
        return None if kind is None else str(kind)

    @property
    def kind_interpreted(self) -> bool:
        """True where the printed kind is "?" and the kind played is the project's interpretation."""
        return self.effective.get("kind") == "?" and self.played_kind != "?"

    @property
    def speed(self) -> str | None:
        """Printed speed, else the speed rule 8.1 gives the card's kind."""
        printed = self.effective.get("speed")
        if printed:
            return str(printed)
        return DEFAULT_SPEED.get(self.card_class) or DEFAULT_SPEED.get(self.type)

    def in_service(self, year: int) -> bool:
        """In service in ``year``: unknown years ("?") and cards without years count as available."""
        years = self.effective.get("years") or {}
        first, last = years.get("first"), years.get("last")
        if isinstance(first, int) and year < first:
            return False
        return not (isinstance(last, int) and year > last)

    def display_name(self, lang: str = "en") -> str:
        if lang != "en" and self.effective.get(f"name_{lang}"):
            return str(self.effective[f"name_{lang}"])
        return self.name

    def to_json(self, lang: str = "en") -> dict[str, Any]:
        """The effective card with the fixed field names, then the rest."""
        out: dict[str, Any] = {}
        for key in JSON_FIELDS:
            if key == "class":
                out[key] = self.card_class
            elif key == "speed":
                out[key] = self.speed
            elif key in NESTED:
                sub = self.effective.get(key) or {}
                out[key] = {part: sub.get(part) for part in NESTED[key]}
            else:
                out[key] = self.effective.get(key)
        if lang != "en":
            out[f"name_{lang}"] = self.effective.get(f"name_{lang}")
        for key in ("kind", "printed_number", "aliases", "lend_lease", "transport"):
            if key in self.effective:
                out[key] = self.effective[key]
        if "effect" in self.effective:
            effect = self.effective["effect"]
            out["effect"] = {"basis": effect["basis"], "text": effect["text"].get(lang, effect["text"]["en"])}
            for key in ("source", "reason"):
                if key in effect:
                    out["effect"][key] = effect[key]
        out["errata"] = [
            {"field": c.field, "printed": c.printed, "corrected": c.corrected, "set": c.set_id,
             "sources": list(c.sources), "variant": c.variant} for c in self.changes]
        out["rulings"] = [{"faq": r["faq"], "text": r["text"].get(lang, r["text"]["en"])} for r in self.rulings]
        out["provenance"] = {"file": self.file, "line": self.line, **self.source}
        return out


class CardLookupError(LookupError):
    """A card reference that does not resolve, with what the user might have meant."""

    def __init__(self, reference: str, message: str, suggestions: list[str]):
        self.reference = reference
        self.suggestions = suggestions
        text = message
        if suggestions:
            text += "; did you mean " + ", ".join(repr(s) for s in suggestions) + "?"
        super().__init__(text)


class CardSet:
    """Every card, indexed by id, name and alias."""

    def __init__(self, cards: Iterable[Card], terrain_tables: list[dict[str, Any]] | None = None):
        self.cards: list[Card] = list(cards)
        self.terrain_tables = terrain_tables or []
        self.by_id: dict[CardId, Card] = {card.id: card for card in self.cards}
        self._names: dict[str, list[Card]] = {}
        for card in self.cards:
            keys = {name_key(card.printed["name"]), name_key(card.name)}
            keys.update(name_key(a) for a in card.printed.get("aliases", []))
            if card.printed.get("name_fr"):
                keys.add(name_key(card.printed["name_fr"]))
            for key in keys:
                self._names.setdefault(key, []).append(card)

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def __len__(self) -> int:
        return len(self.cards)

    def counts_by_type(self) -> dict[str, dict[str, int]]:
        """For each card type: the cards of each nation (german, soviet, any), those errata correct, the total."""
        by_type: dict[str, dict[str, int]] = {}
        for c in self.cards:
            row = by_type.setdefault(c.type, {"german": 0, "soviet": 0, "any": 0, "errata": 0, "total": 0})
            row[c.nation] += 1
            row["total"] += 1
            row["errata"] += bool(c.changes)
        return by_type

    def get(self, reference: str | int, nation: str | None = None) -> Card:
        """A card by number, id, name or alias; ``nation`` picks among same-named cards of both sides."""
        ref = str(reference).strip()
        if ref.isdigit() and int(ref) in self.by_id:
            return self.by_id[int(ref)]
        if ref.upper() in self.by_id:
            return self.by_id[ref.upper()]
        key = name_key(ref)
        found = self._names.get(key, [])
        if not found:
            for alt in singular_keys(key):
                found = self._names.get(alt, [])
                if found:
                    break
        if nation and len(found) > 1:
            found = [c for c in found if c.nation in (nation, "any")] or found
        if len(found) == 1:
            return found[0]
        if len(found) > 1:
            options = [f"{c.id} {c.name} ({c.nation})" for c in found]
            raise CardLookupError(ref, f"'{ref}' names several cards: " + "; ".join(options) +
                                  " - give the number, or the side", [])
        names = sorted({c.name for c in self.cards} | {a for c in self.cards for a in c.printed.get("aliases", [])})
        suggestions = difflib.get_close_matches(ref, names, n=3, cutoff=0.6)
        raise CardLookupError(ref, f"no card '{ref}'", suggestions)

    def filter(self, *, type: str | None = None, card_class: str | None = None, nation: str | None = None,
               rarity: str | None = None, year: int | None = None) -> list[Card]:
        out = []
        for card in self.cards:
            if type and card.type != type:
                continue
            if card_class and card.card_class != card_class:
                continue
            if nation and card.nation != nation:
                continue
            if rarity and card.printed["rarity"] != rarity:
                continue
            if year is not None and not card.in_service(year):
                continue
            out.append(card)
        return out
