"""The translation glossary (data/glossary.yaml): which names a translation keeps, which it translates, and how.

Card names: a card's translated name is its ``name_fr``. The glossary's ``kept_cards``
families print their names as they are in every language and carry none; every other
card must carry one. :func:`check_cards` reports a card that breaks this, at the card.
``kept_names`` are the names and abbreviations a French text may print in their original
form; ``terms`` give the game words' one French rendering, the established word of the game's own
French (the 2006 translation of the rules) with where it is found and why a rendering departs from it
(issue 50), and the renderings to avoid; ``renamed_cards`` the French names a card had before its
name_fr (what an older rule text may still say).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from tcforge.data.documents import Document, read
from tcforge.data.problems import DataError, Problem
from tcforge.paths import data_dir

GLOSSARY_FILE = "glossary.yaml"
_CAPITALS = re.compile(r"(?<![\w-])([A-Z]{2,})(?![\w-])")


def avoid_pattern(word: str) -> re.Pattern[str]:
    """How a French text is searched for a rendering the glossary avoids: as whole words, case ignored, except an
    abbreviation written in capitals (SA, HE, AT, FT, LOS), which is matched as written: 'valeur SA' is avoided,
    'de sa position' is French."""
    parts = _CAPITALS.split(word)
    body = "".join(re.escape(part) if i % 2 else (f"(?i:{re.escape(part)})" if part else "") for i, part in enumerate(parts))
    return re.compile(rf"(?<![\w-]){body}(?![\w-])")


@dataclass(frozen=True)
class KeptCards:
    types: frozenset[str]
    except_classes: frozenset[str]
    why: str

    def keeps(self, card_type: str, card_class: str) -> bool:
        return card_type in self.types and card_class not in self.except_classes


@dataclass(frozen=True)
class Term:
    en: str
    fr: str
    avoid: tuple[str, ...] = ()
    note: str = ""
    established: str = ""  # the word of the game's established French (sources 004, 002); "" when they have none
    where: str = ""  # where the established word is found, e.g. "004 §2.1.3; 002 §17.7"
    why: str = ""  # why fr departs from the established word

    @property
    def departs(self) -> bool:
        """Whether the rendering departs from the established word (fr does not contain it, case ignored)."""
        return bool(self.established) and self.established.casefold() not in self.fr.casefold()


@dataclass(frozen=True)
class Glossary:
    lang: str
    kept_cards: tuple[KeptCards, ...]
    kept_names: tuple[str, ...]
    terms: tuple[Term, ...]
    renamed: dict[str, tuple[str, ...]] = field(default_factory=dict)  # card's English name -> its former names

    def keeps_card(self, card_type: str, card_class: str) -> bool:
        """Whether a card of this type and class prints its own name in the translation (it has no name_fr)."""
        return any(rule.keeps(card_type, card_class) for rule in self.kept_cards)

    @property
    def avoided(self) -> tuple[tuple[str, Term], ...]:
        """Every rendering to avoid, with the term that says so."""
        return tuple((word, term) for term in self.terms for word in term.avoid)

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Glossary:
        return cls(
            str(data["glossary"]),
            tuple(KeptCards(frozenset(k["types"]), frozenset(k.get("except_classes") or ()), str(k["why"]))
                  for k in data["kept_cards"]),
            tuple(str(k["name"]) for k in data["kept_names"]),
            tuple(Term(str(t["en"]), str(t["fr"]), tuple(str(a) for a in t.get("avoid") or ()), str(t.get("note", "")),
                       str(t.get("established", "")), str(t.get("where", "")), str(t.get("why", "")))
                  for t in data["terms"]),
            {str(r["card"]): tuple(str(b) for b in r["before"]) for r in data.get("renamed_cards") or ()})


def check_cards(glossary_doc: Document, cards: list[tuple[Document, tuple[object, ...], dict[str, Any]]]) -> list[Problem]:
    """Each card (its document, its path there, its raw data) against the glossary: kept families carry no
    name_fr, every other card carries one."""
    glossary = Glossary.from_data(glossary_doc.data)
    problems = []
    for doc, path, raw in cards:
        kept = glossary.keeps_card(str(raw["type"]), str(raw["class"]))
        label = f"card {raw['id']} ({raw['name']})"
        if kept and "name_fr" in raw:
            problems.append(doc.problem(path + ("name_fr",), f"{label}: the glossary keeps the names of "
                                        f"{raw['type']} cards of class {raw['class']}, but the card has a name_fr",
                                        f"remove name_fr, or make the class an exception in {glossary_doc.display}",
                                        "glossary-kept", key=True))
        elif not kept and "name_fr" not in raw:
            problems.append(doc.problem(path + ("name",), f"{label}: the glossary translates the names of "
                                        f"{raw['type']} cards of class {raw['class']}, but the card has no name_fr",
                                        f"add name_fr, or keep the family under kept_cards in {glossary_doc.display}",
                                        "glossary-translated", key=True))
    return problems


@cache
def _load(path: Path) -> Glossary:
    doc, problems = read(path)
    if problems or not doc.schema_ok:
        raise DataError(problems or [Problem(doc.display, 1, 1, "not a glossary file",
                                             "see schemas/glossary.schema.json", code="glossary")])
    return Glossary.from_data(doc.data)


def load_glossary(root: Path | None = None) -> Glossary:
    """The bundled (or given) data's glossary; raises DataError when it is not valid."""
    return _load(((root or data_dir()) / GLOSSARY_FILE).resolve())
