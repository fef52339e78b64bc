"""Gettext PO files for translators (Poedit, Weblate, ...), read and written with Babel.

One entry per piece of text: ``msgctxt`` is the case number and the part,
``9.3.1|title`` or ``9.3.1|text`` (a chapter's own title is ``9.0|chapter``),
``msgid`` the English, ``msgstr`` the translation. An entry whose translation
is stale is marked ``#, fuzzy``; a missing one has an empty ``msgstr``; a
translation whose English case no longer exists is written as obsolete
(``#~``). Each entry says, in extracted comments, the file and the hash of the
English it shows.

Import writes the translation back into ``data/rules/LANG`` (or the folder
given), keeping each file's layout (:mod:`tcforge.i18n.chapterfile`). A case
whose two entries are not fuzzy gets ``translated_from`` = the hash of the
English the translator saw (the entries' ``msgid``): current when the PO is
up to date, still stale when it was exported before the English changed. A
fuzzy case keeps the ``translated_from`` it had. A case whose translation did
not change keeps its hash, so exporting and importing again changes no file.
"""
from __future__ import annotations

import datetime as _dt
import os
import re
import tempfile
from collections import Counter
from dataclasses import dataclass, field, replace
from io import BytesIO
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import PoFileError, normalize, read_po, write_po

from tcforge import __version__
from tcforge.i18n.catalog import CURRENT, STALE, Book, Case, Chapter, RuleBook, case_sort_key, case_state
from tcforge.i18n.chapterfile import dump_chapter
from tcforge.i18n.ruletext import text_hash
from tcforge.i18n.texts import (
    Slot,
    Text,
    dump_record,
    is_text_key,
    replace_in_file,
    text_state,
    translation,
    write_atomic,
)
from tcforge.paths import display_path

SEP = "|"
PARTS = ("title", "text")
# A fixed date keeps exports reproducible: the PO changes only when the text does.
EPOCH = _dt.datetime(2002, 1, 1, tzinfo=_dt.UTC)


class PoError(ValueError):
    """A PO file that cannot be used, with a message that says where and why (one line per problem)."""

    def __init__(self, message: str, problems: list[str] | None = None) -> None:
        super().__init__(message)
        self.problems = problems or []  # one line each, printed before the message


_BRACE = re.compile(r"\{[^{}\n]*\}")


def placeholder_problems(english: str, translated: str, where: str) -> list[str]:
    """What is wrong with the ``{...}`` placeholders of a translation: one line each, ``file:line: ...``."""
    if not translated:
        return []
    out: list[str] = []
    want, got = Counter(_BRACE.findall(english)), Counter(_BRACE.findall(translated))
    for token in sorted((want - got).elements()):
        out.append(f"{where}: placeholder {token} of the English is missing from the translation; copy it unchanged")
    for token in sorted((got - want).elements()):
        out.append(f"{where}: placeholder {token} is not in the English; remove it or spell it as the English does")
    rest = _BRACE.sub("", translated)
    if ("{" in rest or "}" in rest) and not ("{" in _BRACE.sub("", english) or "}" in _BRACE.sub("", english)):
        out.append(f"{where}: a brace without its pair; placeholders are written {{kind:name}} as in the English")
    return out


def context(number: str, part: str) -> str:
    return f"{number}{SEP}{part}"


def split_context(ctxt: str | None) -> tuple[str, str] | None:
    if not ctxt or SEP not in ctxt:
        return None
    number, part = ctxt.rsplit(SEP, 1)
    return (number, part) if part in PARTS + ("chapter",) else None


def _message(msgid: str, msgstr: str, ctxt: str, *, fuzzy: bool, comments: list[str],
             location: tuple[str, int] | None) -> Message:
    msg = Message(msgid, msgstr, locations=[location] if location else [], flags=("fuzzy",) if fuzzy else (),
                  auto_comments=comments, context=ctxt)
    # Babel guesses python-format / python-brace-format from the text; rule text is neither
    # ({param:...} is ours, and "50 % chance" is not a format).
    msg.flags.discard("python-format")
    msg.flags.discard("python-brace-format")
    return msg


Record = dict[str, dict[str, str]]


def build_catalog(book: RuleBook, lang: str, texts: list[Text] | None = None, record: Record | None = None) -> Catalog:
    """The PO catalogue of ``lang`` against the English source: the rule book, then the card and scenario texts.

    ``record`` (:mod:`tcforge.i18n.texts`) holds the English each translation was made from: a stale entry shows it
    as its previous msgid (``#| msgid``), so the translator sees what changed.
    """
    record = record or {}
    catalog = Catalog(locale=lang, domain="rules", project="tcforge rule book", version=__version__,
                      copyright_holder="tcforge", msgid_bugs_address="", last_translator="tcforge translators",
                      language_team={"fr": "French"}.get(lang, lang), creation_date=EPOCH, revision_date=EPOCH,
                      fuzzy=False, header_comment=f"# Rule book of Tank Commander: The Eastern Front Edition (tcforge), "
                                                  f"English to {lang}.\n# Written by 'tcforge i18n export'; "
                                                  f"read back with 'tcforge i18n import'.\n#")
    target = book.book(lang)
    translated = target.case_map()
    for chapter in book.source.chapters:
        tr_chapter = target.chapter(chapter.file)
        ctxt = context(chapter.number, "chapter")
        _add(catalog, _message(chapter.title, tr_chapter.title if tr_chapter else "", ctxt, fuzzy=False,
                               comments=[f"chapter title, {chapter.file}"], location=(f"en/{chapter.file}", 1)))
        for en in chapter.cases:
            tr = translated.get(en.number)
            state = case_state(en, tr)
            comments = [f"{en.file}, English hash {en.hash}"]
            if state == STALE:
                comments.append(f"stale: translated from {tr.translated_from if tr else None}")
            if state == CURRENT and tr is not None and tr.translated_from != en.hash and en.editorial:
                comments.append(f"the English changed editorially since: {en.editorial}")
            seen = record.get(f"rule:{en.number}", {})
            for part in PARTS:
                msg = _message(getattr(en, part), getattr(tr, part) if tr else "", context(en.number, part),
                               fuzzy=state == STALE, comments=comments, location=(f"en/{en.file}", en.line))
                previous = seen.get("title" if part == "title" else "en")
                if state == STALE and tr is not None and seen.get("from") == tr.translated_from and previous \
                        and previous != getattr(en, part):
                    msg.previous_id = [previous]
                _add(catalog, msg)
    for text in texts or []:
        state = text_state(text, lang, record)
        comments = [f"{display_path(text.file)}, English hash {text.hash}"]
        msg = _message(text.en, translation(text, lang, record) or "", text.key, fuzzy=state == STALE,
                       comments=comments, location=(display_path(text.file), text.line))
        previous = record.get(text.key, {}).get("en")
        if state == STALE and previous and previous != text.en:
            msg.previous_id = [previous]
        _add(catalog, msg)
    english = book.source.case_map()
    for tr in target.cases():
        if tr.number not in english:
            for part in PARTS:
                ctxt = context(tr.number, part)
                catalog.obsolete[(getattr(tr, part), ctxt)] = _message(getattr(tr, part), getattr(tr, part), ctxt,
                                                                        fuzzy=False, comments=[], location=None)
    return catalog


def _singular(text: str | tuple[str, ...] | list[str]) -> str:
    """A message's id or string as one text (import_po refuses plural entries: the rule book has none)."""
    assert isinstance(text, str), text
    return text


def _add(catalog: Catalog, msg: Message) -> None:
    catalog[msg.id] = msg  # Catalog keys messages by (id, context) when a context is set


def export_po(book: RuleBook, lang: str, texts: list[Text] | None = None, record: Record | None = None) -> bytes:
    catalog = build_catalog(book, lang, texts, record)
    buf = BytesIO()
    write_po(buf, catalog, width=76, include_previous=False)
    return _with_previous(buf.getvalue().decode("utf-8"), catalog).encode("utf-8")


def _with_previous(po: str, catalog: Catalog) -> str:
    """The previous msgids as GNU gettext writes them: ``#| msgid "..."``, then one ``#| "..."`` per wrapped line.

    (Babel's ``include_previous`` wraps them as free comments, breaking lines inside the quoted strings.)
    """
    for msg in catalog:
        if not msg.previous_id or not msg.context:
            continue
        lines = normalize(msg.previous_id[0], width=76).split("\n")
        block = "\n".join([f"#| msgid {lines[0]}"] + [f"#| {line}" for line in lines[1:]])
        anchor = f"\nmsgctxt {normalize(msg.context, width=76)}\n"
        po = po.replace(anchor, f"\n{block}{anchor}", 1)
    return po


@dataclass
class ImportReport:
    updated: list[str] = field(default_factory=list)     # cases whose text or hash changed
    added: list[str] = field(default_factory=list)       # cases new to the translation
    fuzzy: list[str] = field(default_factory=list)       # written, still stale
    files: list[Path] = field(default_factory=list)      # files written
    warnings: list[str] = field(default_factory=list)


def read_catalog(path: Path, lang: str) -> Catalog:
    try:
        with path.open("rb") as fh:
            return read_po(fh, locale=lang, abort_invalid=True)
    except OSError as exc:
        raise PoError(f"cannot read {display_path(path)}: {exc.strerror or exc}") from None
    except (PoFileError, ValueError, UnicodeDecodeError) as exc:
        raise PoError(f"{display_path(path)} is not a readable PO file: {exc}") from None


def import_po(book: RuleBook, lang: str, po_path: Path, *, write: bool = True, texts: list[Text] | None = None,
              record: Record | None = None, rules_out: Path | None = None, record_out: Path | None = None,
              inline: bool = True) -> ImportReport:
    """Merge the translations of ``po_path`` into ``book``'s ``lang`` files; write the files that change.

    Rule cases go to ``rules_out/LANG`` (default: the book's own folder). Card and scenario texts go into their
    data files where those have a slot for ``lang`` and ``inline`` is set, else into ``record_out`` (the record of
    :mod:`tcforge.i18n.texts`, which also notes the English each translation was made from). Broken placeholders
    reject the whole file before anything is written.
    """
    catalog = read_catalog(po_path, lang)
    report = ImportReport()
    entries: dict[tuple[str, str], Message] = {}
    text_entries: dict[str, Message] = {}
    problems: list[str] = []
    for msg in catalog:
        if not msg.id:
            continue  # the header
        if msg.pluralizable:
            raise PoError(f"{display_path(po_path)}:{msg.lineno}: a plural entry ({msg.id[0]!r}); the rule book has none, remove it")
        problems += placeholder_problems(_singular(msg.id), _singular(msg.string or ""), f"{display_path(po_path)}:{msg.lineno}")
        if is_text_key(msg.context):
            text_entries[str(msg.context)] = msg
            continue
        key = split_context(msg.context)
        if key is None:
            report.warnings.append(f"{display_path(po_path)}:{msg.lineno}: entry without a case context "
                                   f"(msgctxt {msg.context!r}); ignored")
            continue
        entries[key] = msg

    if problems:
        raise PoError(f"{display_path(po_path)}: {len(problems)} broken placeholder(s); nothing imported", problems)
    old_record = record or {}
    record = {k: dict(v) for k, v in old_record.items()}
    rules_root = rules_out or book.root
    english = book.source
    target = book.books.setdefault(lang, Book(lang))
    known = {(c.number, p) for c in english.cases() for p in PARTS} | {(ch.number, "chapter") for ch in english.chapters}
    for key, msg in entries.items():
        if key not in known:
            report.warnings.append(f"{display_path(po_path)}:{msg.lineno}: no English case {key[0]} ({key[1]}); ignored")

    for en_chapter in english.chapters:
        chapter = target.chapter(en_chapter.file)
        title_msg = entries.get((en_chapter.number, "chapter"))
        new_title = _singular(title_msg.string) if title_msg is not None and title_msg.string else None
        if chapter is None:
            chapter = Chapter(en_chapter.file, en_chapter.number, new_title or en_chapter.title, lang)
            created = True
        else:
            created = False
            if new_title and new_title != chapter.title:
                chapter.title = new_title
        by_number = {c.number: c for c in chapter.cases}
        for en in en_chapter.cases:
            _merge_case(en, by_number, entries, lang, report, po_path)
        chapter.cases = sorted(by_number.values(), key=lambda c: case_sort_key(c.number))
        if created and not chapter.cases:
            continue
        if created:
            target.chapters.append(chapter)
            target.chapters.sort(key=lambda c: c.file)
        path = rules_root / lang / chapter.file
        text = dump_chapter(chapter)
        old = path.read_text(encoding="utf-8") if path.is_file() else None
        if text != old:
            report.files.append(path)
            if write:
                path.parent.mkdir(parents=True, exist_ok=True)
                _write(path, text)
    for en in english.cases():
        title_msg, text_msg = entries.get((en.number, "title")), entries.get((en.number, "text"))
        if title_msg is not None and text_msg is not None and title_msg.string and text_msg.string \
                and not (title_msg.fuzzy or text_msg.fuzzy):
            seen_title, seen_text = _singular(title_msg.id), _singular(text_msg.id)
            record[f"rule:{en.number}"] = {"from": text_hash(seen_title, seen_text), "title": seen_title, "en": seen_text}
    _import_texts(texts or [], text_entries, lang, record, report, po_path, write=write, inline=inline)
    if record_out is not None and record != old_record:
        report.files.append(record_out)
        if write:
            write_atomic(record_out, dump_record(lang, record))
    return report


def _import_texts(texts: list[Text], entries: dict[str, Message], lang: str, new_record: Record, report: ImportReport,
                  po_path: Path, *, write: bool, inline: bool) -> None:
    """Card and scenario translations: into their data files (``inline``), else into ``new_record``."""
    by_key = {t.key: t for t in texts}
    for key, msg in entries.items():
        if key not in by_key:
            report.warnings.append(f"{display_path(po_path)}:{msg.lineno}: no card or scenario text {key}; ignored")
    edits: dict[Path, list[tuple[Slot, str]]] = {}
    for text in texts:
        entry = entries.get(text.key)
        if entry is None or not entry.string:
            continue
        value, seen = _singular(entry.string), _singular(entry.id)
        slot = text.slots.get(lang) if inline else None
        if slot is not None:
            if text.translations.get(lang) != value:
                edits.setdefault(text.file, []).append((slot, value))
                report.updated.append(text.key)
            new_record.get(text.key, {}).pop("text", None)
        elif new_record.get(text.key, {}).get("text") != value:
            new_record.setdefault(text.key, {})["text"] = value
            report.added.append(text.key)
        if not entry.fuzzy:
            new_record.setdefault(text.key, {}).update({"from": text_hash("", seen), "en": seen})
        if entry.fuzzy or new_record.get(text.key, {}).get("from") != text.hash:
            report.fuzzy.append(text.key)
    for path, found in edits.items():
        report.files.append(path)
        if write:
            _write(path, replace_in_file(path.read_text(encoding="utf-8"), found))


def _merge_case(en: Case, by_number: dict[str, Case], entries: dict[tuple[str, str], Message], lang: str,
                report: ImportReport, po_path: Path) -> None:
    title_msg, text_msg = entries.get((en.number, "title")), entries.get((en.number, "text"))
    tr = by_number.get(en.number)
    title = _singular(title_msg.string) if title_msg is not None and title_msg.string else None
    text = _singular(text_msg.string) if text_msg is not None and text_msg.string else None
    if title is None and text is None:
        return  # not translated in this PO: the files keep what they have
    if tr is None and (title is None or text is None):
        report.warnings.append(f"{display_path(po_path)}: case {en.number} has a translated "
                               f"{'title' if title else 'text'} only; not added")
        return
    new_title = title if title is not None else tr.title  # type: ignore[union-attr]
    new_text = text if text is not None else tr.text  # type: ignore[union-attr]
    fuzzy = any(m is not None and m.fuzzy for m in (title_msg, text_msg))
    # The English the translator saw: the entries' msgid (the current English where an entry is absent).
    seen_title = _singular(title_msg.id) if title_msg is not None else en.title
    seen_text = _singular(text_msg.id) if text_msg is not None else en.text
    if tr is not None and tr.title == new_title and tr.text == new_text and (fuzzy or case_state(en, tr) == CURRENT):
        return  # nothing changed: keep the file as it is (an editorially current hash included)
    if fuzzy:
        translated_from = tr.translated_from if tr is not None else None
    else:
        translated_from = text_hash(seen_title, seen_text)
    if tr is None:
        by_number[en.number] = Case(en.number, new_title, new_text, lang, en.file, translated_from=translated_from)
        report.added.append(en.number)
    else:
        by_number[en.number] = replace(tr, title=new_title, text=new_text, translated_from=translated_from)
        report.updated.append(en.number)
    if fuzzy or translated_from != en.hash:
        report.fuzzy.append(en.number)


def _write(path: Path, text: str) -> None:
    """Whole or not at all: a temporary file in the same folder, renamed over the target."""
    fd, name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
        mode = path.stat().st_mode & 0o777 if path.exists() else 0o644
        os.chmod(name, mode)
        os.replace(name, path)
    except BaseException:
        Path(name).unlink(missing_ok=True)
        raise


__all__ = [
    "ImportReport",
    "PoError",
    "build_catalog",
    "context",
    "export_po",
    "import_po",
    "read_catalog",
    "split_context",
]
