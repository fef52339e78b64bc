"""Finding cards: by name in any language (accents, case and punctuation optional), nation, type, year and points.

A name query matches a card when it is part of one of the card's names (printed, corrected, French, aliases)
once both are folded: accents dropped, case and punctuation ignored, and a German umlaut read either as its
letter or as the letter and an ``e`` ("Jager", "Jaeger" and "Jäger" find the same card). A card's number finds
it too. A query of several words also matches when every word is in the name, in any order. When nothing
matches, the nearest names (difflib) are offered as "did you mean".
"""
from __future__ import annotations

import difflib
import re
import unicodedata
from dataclasses import dataclass, field

from tcforge.data.cards import Card, CardSet

_NON_ALNUM = re.compile(r"[^a-z0-9]+")
_UMLAUT_E = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue", "ß": "ss"})
NATIONS = ("german", "soviet", "any")


class SearchError(ValueError):
    """A filter that cannot be read (a points range like "20-x"), with how to write it."""


def fold(text: str) -> str:
    """Lower case, no accents, letters and digits only: ``fold("Fallschirmjäger") == "fallschirmjager"``."""
    decomposed = unicodedata.normalize("NFKD", text)
    return _NON_ALNUM.sub("", "".join(c for c in decomposed if not unicodedata.combining(c)).lower())


def folds(text: str) -> set[str]:
    """The folded forms of ``text``: umlauts as their letter and as letter + e."""
    return {fold(text), fold(text.translate(_UMLAUT_E))}


def words(text: str) -> list[str]:
    """The folded words of a query, in both umlaut readings."""
    return [w for w in (fold(part) for part in re.split(r"[\s,;/]+", text.translate(_UMLAUT_E))) if w]


def card_names(card: Card) -> list[str]:
    """Every name a card is known by: printed, corrected, French, aliases."""
    names = [str(card.printed["name"]), card.name]
    if card.effective.get("name_fr"):
        names.append(str(card.effective["name_fr"]))
    names.extend(str(a) for a in card.printed.get("aliases", []))
    return list(dict.fromkeys(names))


def name_matches(card: Card, query: str) -> bool:
    """The query is the card's number, or the folded query is part of a folded name, or each of its words is."""
    if query.strip().lower() == str(card.id).lower():
        return True
    wanted = folds(query)
    parts = words(query)
    for name in card_names(card):
        keys = folds(name)
        if any(q and q in key for q in wanted for key in keys):
            return True
        if len(parts) > 1 and any(all(p in key for p in parts) for key in keys):
            return True
    return False


@dataclass(frozen=True)
class PointRange:
    """Points from ``low`` to ``high`` inclusive (``None``: open)."""

    low: int | None
    high: int | None

    @classmethod
    def parse(cls, text: str) -> PointRange:
        """``"20"``, ``"20-30"``, ``"20-"`` (20 or more), ``"-30"`` (30 or fewer); ``..`` works as ``-``."""
        spec = text.strip().replace("..", "-")
        match = re.fullmatch(r"(\d*)\s*(-?)\s*(\d*)", spec)
        if not match or not (match.group(1) or match.group(3)):
            raise SearchError(f"points '{text}' is not a number or a range: write 20, 20-30, 20- or -30")
        low = int(match.group(1)) if match.group(1) else None
        high = int(match.group(3)) if match.group(3) else None
        if not match.group(2):
            high = low
        if low is not None and high is not None and low > high:
            raise SearchError(f"points '{text}': the range runs backwards; write {high}-{low}")
        return cls(low, high)

    def holds(self, points: object) -> bool:
        if not isinstance(points, int) or isinstance(points, bool):
            return False
        return (self.low is None or points >= self.low) and (self.high is None or points <= self.high)


@dataclass
class SearchResult:
    cards: list[Card]
    suggestions: list[str] = field(default_factory=list)  # near names when the name matched nothing


def search(cards: CardSet, name: str | None = None, *, nation: str | None = None, type: str | None = None,
           year: int | None = None, points: str | None = None) -> SearchResult:
    """The cards that pass every filter given, in card order; "did you mean" names when ``name`` found none."""
    if nation is not None and nation not in NATIONS:
        near = difflib.get_close_matches(nation.lower(), NATIONS, n=1, cutoff=0.5)
        raise SearchError(f"no nation '{nation}': use german, soviet or any" + (f" (did you mean '{near[0]}'?)" if near else ""))
    types = sorted({c.type for c in cards} | {c.card_class for c in cards})
    if type is not None and type not in types:
        near = difflib.get_close_matches(type, types, n=2, cutoff=0.5)
        raise SearchError(f"no card type or class '{type}': use one of {', '.join(types)}"
                          + (f" (did you mean {' or '.join(repr(n) for n in near)}?)" if near else ""))
    wanted = PointRange.parse(points) if points is not None else None
    found = []
    for card in cards:
        if nation and card.nation != nation:
            continue
        if type and type not in (card.type, card.card_class):
            continue
        if year is not None and not card.in_service(year):
            continue
        if wanted is not None and not wanted.holds(card.effective.get("points")):
            continue
        if name and not name_matches(card, name):
            continue
        found.append(card)
    suggestions: list[str] = []
    if name and not found:
        suggestions = did_you_mean(cards, name)
    return SearchResult(found, suggestions)


def did_you_mean(cards: CardSet, query: str, n: int = 3) -> list[str]:
    """The names closest to ``query`` (folded), in any language, best first."""
    by_key: dict[str, str] = {}
    for card in cards:
        for name in card_names(card):
            for key in folds(name):
                by_key.setdefault(key, name)
    keys = list(by_key)
    near: list[str] = []
    for q in sorted(folds(query)):
        near.extend(difflib.get_close_matches(q, keys, n=n, cutoff=0.6))
    # a word of the query close to a word of a name ("panter" -> Panther)
    if not near:
        word_keys: dict[str, list[str]] = {}
        for key, name in by_key.items():
            for w in words(name):
                if len(w) > 2:
                    word_keys.setdefault(w, []).append(key)
        for w in words(query):
            for close in difflib.get_close_matches(w, list(word_keys), n=n, cutoff=0.75):
                near.extend(word_keys[close])
    return list(dict.fromkeys(by_key[k] for k in near))[:n]
