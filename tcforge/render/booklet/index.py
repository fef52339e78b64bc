"""The booklet's index (issue 37 item 5): the rules by case title and by term, the cards by name.

- A case title is listed without its leading article and printed the way it is sorted, the article after it
  ("Fin est proche, la" under F, never "La fin est proche" under F); two titles that differ only by their
  article are one entry ("Cartes d'équipement" lists both cases).
- A term (supply points, stacking, line of sight...) is listed with every case whose title or text uses it.
- Every rules entry shows its case numbers, each a link, and the page of its first case.
- Card names sort naturally: "3.7 cm PaK 36" before "100 mm ...", "T-34 M41" before "T-34/85".

The terms are the project's own list: what a player looks up, in each language's words, with the forms the rule
text uses (regular expressions, case ignored).
"""
from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from markupsafe import Markup

from tcforge.i18n.words import curly

ARTICLES = {"en": ("the ", "a ", "an "), "fr": ("le ", "la ", "les ", "l'", "l\u2019", "un ", "une ", "des ")}
MAX_CASES = 12  # the case numbers a term lists, at most (in book order)

# (English entry, its forms; French entry, its forms)
TERMS: tuple[tuple[str, str, str, str], ...] = (
    ("Supply points", r"\bsupply points?\b", "Ravitaillement (points de)", r"\bpoints? de ravitaillement\b"),
    ("Stacking", r"\bstack(?:ing|ed|s)?\b|\boverstack\w*|\bposition capacity\b|\bcapacity of a position\b", "Empilement",
     r"\b(?:sur)?empil\w*|\bcapacité d'une position\b|\bcapacité de la position\b"),
    ("Line of sight", r"\bline of sight\b|\bLOS\b", "Ligne de vue", r"\bligne de vue\b|\bLdV\b"),
    ("Hand limit", r"\bhand limit\b|\bhand size\b", "Limite de main", r"\blimite de (?:la )?main\b|\bcapacité de la main\b"),
    ("Melee", r"\bmelee\b", "Mêlée", r"\bmêlées?\b"),
    ("Immobilized vehicles", r"\bimmobili[sz]\w*", "Immobilisation", r"\bimmobilis\w*"),
    ("Long range", r"\blong range\b", "Longue portée", r"\blongue portée\b"),
    ("Short range", r"\bshort range\b", "Courte portée", r"\bcourte portée\b"),
    ("Reinforcements", r"\breinforcements?\b", "Renforts", r"\brenforts?\b"),
    ("Discard pile", r"\bdiscard\w*", "Défausse", r"\bdéfauss\w*"),
    ("Reserve", r"\breserves?\b", "Réserve", r"\bréserves?\b"),
    ("Interrupt cards", r"\binterrupts?\b", "Interruptions (cartes)", r"\binterruptions?\b"),
    ("Instant cards", r"\binstants?\b", "Instantanées (cartes)", r"\binstantanées?\b"),
    ("To hit roll", r"\bto hit\b|\bhit number\b", "Toucher (jet pour)", r"\bpour toucher\b"),
    ("To Kill roll", r"\bto kill\b", "Destruction (jet de)", r"\bjets? de destruction\b|\btable de destruction\b"),
    ("Penetration", r"\bpenetration\b", "Pénétration", r"\bpénétration\b"),
    ("Flank and side armor", r"\bflank\w*|\bside armou?r\b", "Flanc (blindage latéral)", r"\bflanc\b|\bblindage latéral\b"),
    ("Carrying infantry", r"\bcarr(?:y|ies|ied|ying)\b|\btransport\w*", "Transport d'infanterie",
     r"\btransport\w*|\bà bord\b"),
    ("Random terrain", r"\brandom terrain\b|\bdealt at random\b", "Terrain au hasard",
     r"\bterrain au hasard\b|\bdistribu\w* (?:le terrain )?au hasard\b"),
    ("Initiative", r"\binitiative\b", "Initiative", r"\binitiative\b"),
    ("Drawing cards", r"\bdraw(?:s|ing|n)?\b", "Piocher (pile de tirage)", r"\bpioch\w*|\bpiles? de tirage\b"),
    ("Control of positions", r"\bcontrol\w*", "Contrôle des positions", r"\bcontrôl\w*"),
    ("Victory", r"\bvictory\b|\bwins?\b", "Victoire", r"\bvictoire\b|\bgagne\w*"),
    ("Terrain modifiers", r"\bterrain effects?\b|\bterrain modifiers?\b|\bTEM\b", "Terrain (modificateurs de)",
     r"\bmodificateurs? (?:de|du) terrain\b|\beffets du terrain\b"),
)


def fold(text: str) -> str:
    """Accents and case dropped: what sorting compares."""
    return "".join(ch for ch in unicodedata.normalize("NFKD", text) if not unicodedata.combining(ch)).casefold()


def without_article(title: str, lang: str) -> tuple[str, str]:
    """(the title without its leading article, the article) — ("fin est proche", "La") for "La fin est proche"."""
    low = title.casefold()
    for article in ARTICLES.get(lang, ()):
        if low.startswith(article) and len(title) > len(article):
            return title[len(article):], title[:len(article)].strip()
    return title, ""


def printed(title: str, lang: str) -> str:
    """A title as the index prints it: the article after it, so it reads the way it is sorted."""
    rest, article = without_article(title, lang)
    if not article:
        return title
    head, bracket, tail = rest.partition(" (")  # the article goes before a bracketed date or place
    return f"{head[:1].upper()}{head[1:]}, {article.lower()}" + (f" ({tail}" if bracket else "")


def natural_key(text: str) -> tuple[Any, ...]:
    """Sorts "3.7 cm" before "100 mm" and "T-34 M41" before "T-34 M43": numbers by value, the rest folded."""
    parts = re.split(r"(\d+(?:[.,]\d+)?)", fold(text).lstrip("\"'\u201c\u00ab( "))
    return tuple((0, float(p.replace(",", ".")), p) if i % 2 else (1, 0.0, p) for i, p in enumerate(parts) if p)


@dataclass
class Entry:
    title: str
    key: tuple[Any, ...]
    cases: list[tuple[str, str]] = field(default_factory=list)  # (number, anchor), book order
    anchor: str = ""  # where the page number points: the first case, or the card's row

    def to_dict(self) -> dict[str, Any]:
        return {"title": self.title, "anchor": self.anchor or (self.cases[0][1] if self.cases else ""),
                "cases": [{"number": n, "anchor": a} for n, a in self.cases]}


def _letter(key: tuple[Any, ...]) -> str:
    first = key[0][2][:1] if key else ""
    return first.upper() if first.isalpha() else "#"


def grouped(entries: Iterable[Entry]) -> list[dict[str, Any]]:
    """Entries in order under their letter headings."""
    out: list[dict[str, Any]] = []
    for entry in sorted(entries, key=lambda e: (e.key, e.title)):
        letter = _letter(entry.key)
        if not out or out[-1]["letter"] != letter:
            out.append({"letter": letter, "entries": []})
        out[-1]["entries"].append(entry.to_dict())
    return out


def rules_entries(cases: list[tuple[str, str, str, str]], lang: str) -> list[Entry]:
    """The rules part: each (number, anchor, title, text) case by its title, article set after it, titles that
    differ only by their article merged; then each term with the cases that use it."""
    by_key: dict[tuple[Any, ...], Entry] = {}
    for number, anchor, title, _ in cases:
        if not title:
            continue
        shown = printed(title, lang)
        key = natural_key(without_article(title, lang)[0])
        entry = by_key.setdefault(key, Entry(shown, key))
        if (number, anchor) not in entry.cases:
            entry.cases.append((number, anchor))
    for en_title, en_forms, fr_title, fr_forms in TERMS:
        title, forms = (curly(fr_title), fr_forms) if lang == "fr" else (curly(en_title), en_forms)
        pattern = re.compile(forms, re.IGNORECASE)
        found = [(n, a) for n, a, t, text in cases if pattern.search(_plain(t)) or pattern.search(_plain(text))][:MAX_CASES]
        if not found:
            continue
        key = natural_key(without_article(title, lang)[0])
        entry = by_key.setdefault(key, Entry(printed(title, lang), key))
        entry.cases += [c for c in found if c not in entry.cases]
        order = {n: i for i, (n, _, _, _) in enumerate(cases)}
        entry.cases.sort(key=lambda c: order.get(c[0], 0))
    return list(by_key.values())


def _plain(text: str) -> str:
    """Typographic apostrophes and no-break spaces as typed, so the terms' forms match printed text."""
    return text.replace("\u2019", "'").replace("\u00a0", " ").replace("\u202f", " ")


def card_entries(cards: Iterable[tuple[str, str]]) -> list[Entry]:
    """The cards part: each (name, anchor) once, in natural order."""
    seen: dict[str, Entry] = {}
    for name, anchor in cards:
        if name not in seen:
            seen[name] = Entry(name, natural_key(name), anchor=anchor)
    return list(seen.values())


def case_text(blocks: Iterable[Any]) -> str:
    """A case's printed text (its paragraphs and list items) as plain text, for finding terms."""
    parts: list[str] = []
    for block in blocks:
        if block.kind == "p":
            parts.append(str(Markup(block.html).striptags()))
        elif block.kind == "ul":
            parts += [str(Markup(item).striptags()) for item in block.items]
    return " ".join(parts)
