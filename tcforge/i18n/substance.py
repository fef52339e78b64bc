"""The substance check: a translation says the same things as its English case.

Words may differ; these may not. For each English case and its translation
(title and text together) the check compares:

- ``{...}`` placeholders (ruleset values, tables, diagrams);
- modifiers, signed numbers such as +2 or -1 (any minus sign);
- case references (9.3.1, "9.5.1 c" when that case exists);
- every other number;
- card names: a card the English names must be named in the translation, by its
  translated name when the glossary translates it (data/glossary.yaml), else as in
  English; the English name of a translated card may not appear in the translation; a unit designation (a name with a
  digit, "PzKw IV J", "T-34 M43") the translation names must be in the English. A card the translation still
  calls by a name the glossary replaced (its ``renamed_cards``) is reported at the line that says it, with the
  glossary's name.

Each difference is one :class:`Difference`, rendered as one line
``fr 9.3 (09-fire.yaml:52): number 12 only in English``.
"""
from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from tcforge.i18n.catalog import Case, RuleBook

PLACEHOLDER = re.compile(r"\{(?:param|table|diagram|if):[^{}]+\}")
# A case reference: a dotted number that is not part of a name ("obr.43") or a calibre ("8.8 cm").
CASE_REF = re.compile(r"(?<![\w.])(\d+(?:\.\d+)+)(?: ([a-z]))?(?!\.?\w)(?!\s?(?:cm|mm)\b)")
MODIFIER = re.compile(r"(?<![\w.\d])([+\-\u2212\u2013])(\d+)(?![\d.]\d)")
# Ordinals count as their number: 1st, 2nd, 1er, 1re, 2e.
NUMBER = re.compile(r"(?<![\w.])(\d+(?:[.,]\d+)?)(?:st|nd|rd|th|er|re|e|ème)?(?![\w])")
_SPACES = re.compile(r"[\s\u00a0\u202f]+")


@dataclass(frozen=True)
class Difference:
    lang: str
    case: str
    file: str
    line: int
    kind: str  # placeholder, modifier, reference, number, card, english-name
    value: str
    only_in: str  # "English" or the translation's language name
    instead: str = ""  # for an english-name or a former-name: the name the glossary gives the card
    found: str = ""  # for a former-name: the card's old translated name the text still uses

    def render(self) -> str:
        if self.kind == "former-name":
            return (f"{self.lang} {self.case} ({self.file}:{self.line}): card {self.value} is still called "
                    f"'{self.found}' there, its former name; the glossary's name is {self.instead}")
        if self.kind == "english-name":
            return (f"{self.lang} {self.case} ({self.file}:{self.line}): card {self.value} is named in English; "
                    f"the glossary's name is {self.instead}")
        return f"{self.lang} {self.case} ({self.file}:{self.line}): {self.kind} {self.value} only in {self.only_in}"

    def to_json(self) -> dict[str, object]:
        return {"lang": self.lang, "case": self.case, "file": self.file, "line": self.line, "kind": self.kind,
                "value": self.value, "only_in": self.only_in, **({"instead": self.instead} if self.instead else {}),
                **({"found": self.found} if self.found else {})}


LANG_NAMES = {"en": "English", "fr": "French"}


@dataclass(frozen=True)
class CardName:
    english: str
    translated: dict[str, str]
    aliases: tuple[str, ...] = ()
    former: dict[str, tuple[str, ...]] = field(default_factory=dict)  # lang -> names the card had before

    @property
    def designation(self) -> bool:
        return any(ch.isdigit() for ch in self.english)


def card_names_from_data() -> list[CardName]:
    from tcforge.data.dataset import load_data
    from tcforge.data.glossary import load_glossary

    renamed = load_glossary().renamed  # the French glossary: the names a card had before its name_fr
    names = []
    for card in load_data().cards:
        fr = str(card.printed.get("name_fr") or card.name)
        names.append(CardName(card.name, {"fr": fr}, tuple(str(a) for a in card.printed.get("aliases") or ()),
                              {"fr": renamed[card.name]} if card.name in renamed else {}))
    return names


def _name_re(name: str, flags: int = 0) -> re.Pattern[str]:
    return re.compile(rf"(?<![\w-]){re.escape(name)}(?![\w-])", flags)


def _blank(pattern: re.Pattern[str], text: str) -> str:
    return pattern.sub(lambda m: " " * len(m.group(0)), text)


def _normal(text: str) -> str:
    return _SPACES.sub(" ", text)


class Checker:
    def __init__(self, known_cases: set[str], cards: list[CardName], folder: Path | None = None):
        self.known = known_cases
        self.folder = folder  # the rule text's folder (LANG/FILE under it), to find the line of a word
        self.cards = sorted(cards, key=lambda c: -len(c.english))
        self._en = {c.english: _name_re(c.english) for c in self.cards}
        self._any: dict[str, re.Pattern[str]] = {}
        # Names with digits ("T-34 M43", "PzKw 38(t) A") are blanked before numbers are compared.
        designations = sorted({n for c in self.cards for n in (c.english, *c.translated.values(), *c.aliases)
                               if any(ch.isdigit() for ch in n)}, key=len, reverse=True)
        self._designations = (re.compile("|".join(rf"(?<![\w-]){re.escape(n)}(?![\w-])" for n in designations))
                              if designations else None)

    def line_of(self, case: Case, words: str) -> int:
        """The line of the case's file where ``words`` first appear at or after the case's own line (the case's
        line when the file cannot be read or a name runs over two lines)."""
        if self.folder is None:
            return case.line
        try:
            lines = (self.folder / case.lang / case.file).read_text(encoding="utf-8").splitlines()
        except OSError:
            return case.line
        pattern = _name_re(words)
        return next((n for n, text in enumerate(lines[case.line - 1:], case.line) if pattern.search(text)), case.line)

    def _pattern_ci(self, name: str) -> re.Pattern[str]:
        if name not in self._any:
            self._any[name] = _name_re(name, re.IGNORECASE)
        return self._any[name]

    def references(self, text: str) -> tuple[set[str], str]:
        """Case references in ``text`` and the text with them blanked out."""
        found: set[str] = set()

        def take(m: re.Match[str]) -> str:
            number, letter = m.group(1), m.group(2)
            if letter and f"{number} {letter}" in self.known:
                found.add(f"{number} {letter}")
                return " " * len(m.group(0))
            found.add(number)
            return " " * len(number) + m.group(0)[len(number):]

        return found, CASE_REF.sub(take, text)

    def facts(self, text: str) -> dict[str, Counter[str]]:
        text = _normal(text)
        if self._designations is not None:
            text = _blank(self._designations, text)
        placeholders = Counter(PLACEHOLDER.findall(text))
        rest = _blank(PLACEHOLDER, text)
        refs, rest = self.references(rest)
        modifiers = Counter(("+" if sign == "+" else "-") + digits for sign, digits in MODIFIER.findall(rest))
        rest = _blank(MODIFIER, rest)
        numbers = Counter(n.replace(",", ".") for n in NUMBER.findall(rest))
        return {"placeholder": placeholders, "modifier": modifiers, "reference": Counter(refs), "number": numbers}

    def compare(self, en: Case, tr: Case) -> list[Difference]:
        out: list[Difference] = []
        lang = tr.lang
        a = self.facts(en.title + "\n" + en.text)
        b = self.facts(tr.title + "\n" + tr.text)
        for kind in ("placeholder", "modifier", "reference", "number"):
            # Sets, not counts: a translation may say a number once where the English says it twice.
            for value in sorted(set(a[kind]) - set(b[kind])):
                out.append(Difference(lang, en.number, tr.file, tr.line, kind, value, "English"))
            for value in sorted(set(b[kind]) - set(a[kind])):
                out.append(Difference(lang, en.number, tr.file, tr.line, kind, value, LANG_NAMES.get(lang, lang)))
        out += self.cards_differ(en, tr)
        return out

    def cards_differ(self, en: Case, tr: Case) -> list[Difference]:
        out = []
        lang = tr.lang
        en_text = _normal(en.title + "\n" + en.text)
        tr_text = _normal(tr.title + "\n" + tr.text)
        rest_en = en_text
        for card in self.cards:  # longest names first: "PzKw IV J" is not also "PzKw IV"
            pattern = self._en[card.english]
            if not pattern.search(rest_en):
                continue
            rest_en = _blank(pattern, rest_en)
            translated = card.translated.get(lang, card.english)
            if translated != card.english and pattern.search(tr_text):
                continue  # reported below, as a card named in English
            # A card the glossary translates is named by its translated name only (data/glossary.yaml).
            names = {translated} if translated != card.english else {card.english, *card.aliases}
            if not any(self._pattern_ci(n).search(tr_text) for n in names):
                old = next((n for n in card.former.get(lang, ()) if _name_re(n).search(tr_text)), None)
                if old is not None:  # the text names the card by a name the glossary has replaced: say where
                    out.append(Difference(lang, en.number, tr.file, self.line_of(tr, old), "former-name",
                                          card.english, "English", instead=translated, found=old))
                else:
                    out.append(Difference(lang, en.number, tr.file, tr.line, "card", card.english, "English"))
        rest_tr = tr_text
        for card in self.cards:  # longest first: "Soviet Guards Squad" before a shorter name inside it
            translated = card.translated.get(lang, card.english)
            pattern = self._en[card.english]
            if translated != card.english and pattern.search(rest_tr):
                rest_tr = _blank(pattern, rest_tr)
                out.append(Difference(lang, en.number, tr.file, tr.line, "english-name", card.english,
                                      LANG_NAMES.get(lang, lang), instead=translated))
        rest_tr = tr_text
        for card in self.cards:
            if not card.designation:
                continue
            pattern = self._en[card.english]
            if pattern.search(rest_tr):
                rest_tr = _blank(pattern, rest_tr)
                if not self._pattern_ci(card.english).search(en_text) and not any(
                        self._pattern_ci(a).search(en_text) for a in card.aliases):
                    out.append(Difference(lang, en.number, tr.file, tr.line, "card", card.english,
                                          LANG_NAMES.get(lang, lang)))
        return out


def check(book: RuleBook, lang: str, cards: Iterable[CardName] | None = None) -> list[Difference]:
    """Every difference of substance between the English cases and their ``lang`` translations."""
    english = book.source.case_map()
    known = set(english) | {c.number for c in book.source.chapters}
    checker = Checker(known, list(cards) if cards is not None else card_names_from_data(), book.root)
    out: list[Difference] = []
    for tr in book.book(lang).cases():
        en = english.get(tr.number)
        if en is not None:
            out += checker.compare(en, tr)
    return out
