"""The rule book as a catalogue: chapters and cases per language, their hashes and translation status.

``data/rules/LANG/*.yaml`` holds one chapter a file. English is the source;
each French case records ``translated_from``, the :func:`text_hash` of the
English case it translates. :func:`load_rulebook` reads both languages
(safely: the project's YAML loader), and :meth:`RuleBook.status` says, case by
case, whether a translation is current, stale or missing.

A French case is *stale* when its ``translated_from`` differs from the English
case's hash now, unless the English case says its last change was
``editorial`` and its ``previous_hash`` is the French ``translated_from``: an
editorial change (wording, typography) does not make a translation stale.
"""
from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tcforge.data.problems import DataError, Problem
from tcforge.data.yamlsafe import load_yaml
from tcforge.i18n.ruletext import text_hash
from tcforge.paths import data_dir, display_path, user_data_dirs

SOURCE_LANG = "en"
TARGET_LANGS = ("fr",)

CURRENT, STALE, MISSING, ORPHAN = "current", "stale", "missing", "orphan"
STATES = (CURRENT, STALE, MISSING, ORPHAN)

_CASE_NUMBER = re.compile(r"^(\d+(?:\.\d+)*)(?: ([a-z]))?$")


def rules_dir() -> Path:
    return data_dir() / "rules"


def case_sort_key(number: str) -> tuple[tuple[int, ...], str]:
    """9.3.1 before 9.10, "9.5.1 a" after "9.5.1"."""
    match = _CASE_NUMBER.match(number)
    if not match:
        return (10**6,), number
    return tuple(int(p) for p in match.group(1).split(".")), match.group(2) or ""


@dataclass
class Case:
    """One numbered rule case in one language."""

    number: str
    title: str
    text: str
    lang: str
    file: str  # the chapter file's name, e.g. 09-fire.yaml
    line: int = 0
    params: tuple[str, ...] = ()
    translated_from: str | None = None
    editorial: str | None = None
    previous_hash: str | None = None
    keys: tuple[str, ...] = ()  # the keys in the order the file writes them (layout only)

    @property
    def hash(self) -> str:
        """The hash of this case's title and text (what a translation of it records)."""
        return text_hash(self.title, self.text)

    @property
    def anchor(self) -> str:
        """An HTML id for the case: c-9-3-1, c-9-5-1-a."""
        return "c-" + re.sub(r"[^0-9a-z]+", "-", self.number)


@dataclass
class Chapter:
    file: str
    number: str  # "9.0" or "notes"
    title: str
    lang: str
    cases: list[Case] = field(default_factory=list)

    @property
    def anchor(self) -> str:
        return "ch-" + re.sub(r"[^0-9a-z]+", "-", self.number)


@dataclass
class Book:
    """One language of the rule book, chapters in file order."""

    lang: str
    chapters: list[Chapter] = field(default_factory=list)

    def cases(self) -> Iterator[Case]:
        for chapter in self.chapters:
            yield from chapter.cases

    def case_map(self) -> dict[str, Case]:
        return {case.number: case for case in self.cases()}

    def chapter(self, file: str) -> Chapter | None:
        return next((c for c in self.chapters if c.file == file), None)


@dataclass(frozen=True)
class CaseStatus:
    """The translation state of one case number in one target language."""

    number: str
    file: str
    state: str  # current, stale, missing or orphan (a translation whose English case is gone)
    en_hash: str | None
    translated_from: str | None
    editorial: str | None = None
    line: int = 0

    @property
    def reason(self) -> str:
        if self.state == MISSING:  # the file named is where an import will write it (it may not exist yet)
            return "no translation yet: an import writes it there"
        if self.state == ORPHAN:
            return "no English case of this number"
        if self.state == STALE:
            if not self.translated_from:  # said to a translator: what to do, not which field is empty
                return ("not yet marked as checked against the English: compare it, then import it through a PO file "
                        "(or set its translated_from to " + f"{self.en_hash})")
            return (f"the English changed since it was translated (from {self.translated_from} to {self.en_hash}): "
                    "'tcforge i18n export' marks it fuzzy with the old English beside the new")
        if self.editorial:
            return f"editorial change only: {self.editorial}"
        return ""

    def to_json(self) -> dict[str, Any]:
        return {"case": self.number, "file": self.file, "state": self.state, "en_hash": self.en_hash,
                "translated_from": self.translated_from, "editorial": self.editorial, "reason": self.reason}


def case_state(en: Case | None, tr: Case | None) -> str:
    """current, stale, missing or orphan for an English case and its translation (either may be absent)."""
    if en is None:
        return ORPHAN
    if tr is None:
        return MISSING
    if tr.translated_from and tr.translated_from == en.hash:
        return CURRENT
    if en.editorial and en.previous_hash and tr.translated_from == en.previous_hash:
        return CURRENT
    return STALE


@dataclass
class RuleBook:
    """Every language of the rule book found under ``root`` (data/rules by default)."""

    root: Path
    books: dict[str, Book] = field(default_factory=dict)

    @property
    def source(self) -> Book:
        return self.books.get(SOURCE_LANG) or Book(SOURCE_LANG)

    def book(self, lang: str) -> Book:
        return self.books.get(lang) or Book(lang)

    def status(self, lang: str) -> list[CaseStatus]:
        """Every case number of the English book, then any translation without an English case, in book order."""
        translated = self.book(lang).case_map()
        out = []
        for en in self.source.cases():
            tr = translated.get(en.number)
            state = case_state(en, tr)
            editorial = en.editorial if state == CURRENT and tr is not None and tr.translated_from != en.hash else None
            out.append(CaseStatus(en.number, en.file, state, en.hash, tr.translated_from if tr else None, editorial,
                                  tr.line if tr else en.line))
        english = self.source.case_map()
        for tr in self.book(lang).cases():
            if tr.number not in english:
                out.append(CaseStatus(tr.number, tr.file, ORPHAN, None, tr.translated_from, None, tr.line))
        return out

    def state_of(self, lang: str, number: str) -> str:
        en = self.source.case_map().get(number)
        tr = self.book(lang).case_map().get(number)
        return case_state(en, tr)


def _str(value: Any) -> str | None:
    return None if value is None else str(value)


def read_chapter(path: Path, lang: str | None = None) -> tuple[Chapter | None, list[Problem]]:
    """One chapter file, read with the project's safe YAML loader."""
    loaded, problems = load_yaml(path, display_path(path))
    if loaded is None:
        return None, problems
    data = loaded.data
    if not isinstance(data, dict) or not isinstance(data.get("cases"), list):
        return None, problems + [Problem(display_path(path), 1, 1, "not a rule text file (no list of cases)",
                                         "see schemas/rules.schema.json", code="rules-format")]
    chapter_lang = str(data.get("lang") or lang or "")
    chapter = Chapter(path.name, str(data.get("chapter", "")), str(data.get("title", "")), chapter_lang)
    for i, raw in enumerate(data["cases"]):
        if not isinstance(raw, dict) or not {"case", "title", "text"} <= raw.keys():
            line, col = loaded.where(("cases", i))
            problems.append(Problem(display_path(path), line, col, "a case needs case, title and text",
                                    "see schemas/rules.schema.json", code="rules-format"))
            continue
        line = loaded.where(("cases", i))[0]
        chapter.cases.append(Case(str(raw["case"]), str(raw["title"]), str(raw["text"]), chapter_lang, path.name, line,
                                  tuple(str(p) for p in raw.get("params") or ()), _str(raw.get("translated_from")),
                                  _str(raw.get("editorial")), _str(raw.get("previous_hash")),
                                  tuple(str(k) for k in raw)))
    return chapter, problems


def load_book(folder: Path, lang: str) -> tuple[Book, list[Problem]]:
    book = Book(lang)
    problems: list[Problem] = []
    if not folder.is_dir():
        return book, problems
    for path in sorted(folder.glob("*.yaml")):
        chapter, found = read_chapter(path, lang)
        problems += found
        if chapter is not None:
            book.chapters.append(chapter)
    return book, problems


def merged(base: Book, over: Book) -> Book:
    """``base`` with ``over``'s chapters laid on it: a chapter of the same file takes over's title and cases (case by
    case, over's winning; its new cases after base's), a chapter base lacks is added."""
    out = Book(base.lang, [Chapter(c.file, c.number, c.title, c.lang, list(c.cases)) for c in base.chapters])
    for chapter in over.chapters:
        mine = out.chapter(chapter.file)
        if mine is None:
            out.chapters.append(chapter)
            continue
        mine.title = chapter.title or mine.title
        theirs = {c.number: c for c in chapter.cases}
        mine.cases = [theirs.pop(c.number, c) for c in mine.cases] + list(theirs.values())
    out.chapters.sort(key=lambda c: c.file)
    return out


def load_rulebook(root: Path | None = None, *, strict: bool = True) -> RuleBook:
    """The rule book under ``root`` (default data/rules): every language folder found there.

    With ``strict`` (the default) a file that cannot be read raises DataError with every problem. The default book
    has the translations of the designer's own folders (``--data DIR``: DIR/rules/LANG/, where 'tcforge i18n import'
    writes) layered over it, case by case, theirs winning.
    """
    layered = root is None
    root = Path(root) if root is not None else rules_dir()
    book = RuleBook(root)
    problems: list[Problem] = []
    if not root.is_dir():
        raise DataError([Problem(display_path(root), 1, 1, "no rule text folder here",
                                 "give the folder that holds en/ and fr/", code="rules-missing")])
    for folder in sorted(p for p in root.iterdir() if p.is_dir()):
        found_book, found = load_book(folder, folder.name)
        problems += found
        book.books[folder.name] = found_book
    if layered:
        for own in user_data_dirs():
            for folder in sorted(p for p in (own / "rules").glob("*") if p.is_dir() and p.name != SOURCE_LANG):
                found_book, found = load_book(folder, folder.name)
                problems += found
                book.books[folder.name] = merged(book.books.get(folder.name) or Book(folder.name), found_book)
    if SOURCE_LANG not in book.books or not book.books[SOURCE_LANG].chapters:
        problems.append(Problem(display_path(root), 1, 1, "no English rule text (en/*.yaml)",
                                "the English text is the source of every translation", code="rules-missing"))
    if problems and strict:
        raise DataError(problems)
    return book
