"""Gettext PO files for translators (Poedit, Weblate, ...): written with Babel, read strictly (:mod:`.poread`).

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

An import checks everything before it writes anything: the file's syntax (a
string cut short, an unknown escape, an entry without its msgstr), its charset
and headers, plural entries, every text by the data's own rule
(:func:`tcforge.data.yamlsafe.text_faults`: length, control and invisible
format characters), placeholders, and every YAML file it would write, read back
by the loader and the schemas (a card name's 200 characters on one line). One
problem a line, ``fr.po:LINE:COL: what is wrong (hint: how to fix it)``; then
all files are written or none.
"""
from __future__ import annotations

import datetime as _dt
import re
from collections import Counter
from dataclasses import dataclass, field, replace
from io import BytesIO
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import normalize, write_po

from tcforge import __version__
from tcforge.atomic import write_all
from tcforge.bounds import shown
from tcforge.data import schemas
from tcforge.data.documents import detect_kind
from tcforge.data.problems import Problem, printable
from tcforge.data.yamlsafe import Loaded, load_yaml, load_yaml_text, text_faults
from tcforge.i18n.catalog import CURRENT, STALE, Book, Case, Chapter, RuleBook, case_sort_key, case_state
from tcforge.i18n.chapterfile import dump_chapter
from tcforge.i18n.poread import Entry, read_po_file
from tcforge.i18n.ruletext import text_hash
from tcforge.i18n.texts import (
    Slot,
    Text,
    dump_record,
    is_text_key,
    replaced_at,
    text_state,
    translation,
)
from tcforge.paths import data_dir, display_path, user_data_dirs

SEP = "|"
PARTS = ("title", "text")
# The header's contact fields: where a translator reports a fault of the English, and who the team is. The project
# has no mail address; its issue tracker is where reports go (docs/getting-started/translator.md).
BUGS_TO = "the tcforge issue tracker (docs/getting-started/translator.md)"
LAST_TRANSLATOR = "tcforge translators"


def _team(lang: str) -> str:
    """The language team's name, in English (German, French), from Babel's locale data; the code when it has none."""
    try:
        from babel import Locale

        return str(Locale.parse(lang).english_name or lang)
    except (ValueError, TypeError, LookupError):
        return lang


def _now() -> _dt.datetime:
    """The export's date, to the minute (the header's POT-Creation-Date and PO-Revision-Date, as xgettext writes)."""
    return _dt.datetime.now(_dt.UTC).replace(second=0, microsecond=0)


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


def data_relative(path: Path) -> str:
    """A text's file as the PO file's references name every file: relative to the data folder holding it (cards/...,
    scenarios/..., rules/en/...), never a path of the machine that exported it."""
    import tcforge
    for folder in (*user_data_dirs(), data_dir()):
        try:
            return Path(path).resolve().relative_to(folder.resolve()).as_posix()
        except ValueError:
            continue
    package = Path(tcforge.__file__).resolve().parent  # the word table: tcforge/i18n/words.py
    try:
        return (package.name / Path(path).resolve().relative_to(package)).as_posix()
    except ValueError:
        return display_path(path)


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
    now = _now()
    catalog = Catalog(locale=lang, domain="rules", project="tcforge rule book", version=__version__,
                      copyright_holder="tcforge", msgid_bugs_address=BUGS_TO, last_translator=LAST_TRANSLATOR,
                      language_team=_team(lang), creation_date=now, revision_date=now,
                      fuzzy=False, header_comment=f"# Rule book of Tank Commander: The Eastern Front Edition (tcforge), "
                                                  f"English to {lang}.\n# Written by 'tcforge i18n export'; "
                                                  f"read back with 'tcforge i18n import'.\n#")
    target = book.book(lang)
    translated = target.case_map()
    for chapter in book.source.chapters:
        tr_chapter = target.chapter(chapter.file)
        ctxt = context(chapter.number, "chapter")
        _add(catalog, _message(chapter.title, tr_chapter.title if tr_chapter else "", ctxt, fuzzy=False,
                               comments=[f"chapter title, {chapter.file}"], location=(f"rules/en/{chapter.file}", 1)))
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
                               fuzzy=state == STALE, comments=comments, location=(f"rules/en/{en.file}", en.line))
                previous = seen.get("title" if part == "title" else "en")
                if state == STALE and tr is not None and seen.get("from") == tr.translated_from and previous \
                        and previous != getattr(en, part):
                    msg.previous_id = [previous]
                _add(catalog, msg)
    for text in texts or []:
        state = text_state(text, lang, record)
        comments = [f"{data_relative(text.file)}, English hash {text.hash}"]
        msg = _message(text.en, translation(text, lang, record) or "", text.key, fuzzy=state == STALE,
                       comments=comments, location=(data_relative(text.file), text.line))
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


@dataclass
class Msg:
    """One entry of an imported PO file, as the merge reads it, with where each of its strings was written."""

    id: str
    string: str
    context: str | None
    fuzzy: bool
    entry: Entry

    @property
    def lineno(self) -> int:
        return self.entry.line

    def at(self) -> str:
        """``file:line:col`` of the msgstr keyword (where a problem of the translation is shown)."""
        target = self.entry.strings[0] if self.entry.strings else self.entry.id
        assert target is not None
        return f"{target.line}:{target.col}"


def read_catalog(path: Path, lang: str) -> list[Msg]:
    """The entries of ``path``, checked: raises :class:`PoError` with one line per problem of syntax, charset,
    header, plural form, text (the data's own rule: length, control and invisible characters) or placeholder."""
    display = display_path(path)
    po = read_po_file(path, display, lang)
    problems = [p.render() for p in po.problems]
    out: list[Msg] = []
    for entry in po.entries:
        assert entry.id is not None
        where = entry.context.text if entry.context is not None else entry.id.text
        label = printable(where if len(where) <= 60 else where[:57] + "...")
        if entry.plural is not None:
            problems.append(Problem(display, entry.plural.line, entry.plural.col,
                                    f"{label}: a plural entry (msgid_plural); the rule book and the card and scenario "
                                    "texts have none", "remove msgid_plural and keep one msgstr", code="po-plural").render())
            continue
        for part in entry.fields():
            for fault in text_faults(part.text, f"its {part.keyword}"):
                line, col = part.where(fault.at) if fault.code == "text-control" else (part.line, part.col)
                problems.append(Problem(display, line, col, f"{label}: {fault.message}", fault.hint,
                                        code=fault.code).render())
        msgstr = entry.strings[0]
        english, text = entry.id.text, msgstr.text
        problems += placeholder_problems(english, text, f"{display}:{msgstr.line}:{msgstr.col}: {label}")
        if entry is po.last and text and text != text.rstrip() and english == english.rstrip():
            # Only at the end of the file: a file cut at a line break inside the last string ends with the space its
            # next line began after. Elsewhere a trailing space is the translator's, and is kept.
            line, col = msgstr.where(len(text.rstrip()))
            problems.append(Problem(display, line, col, f"{label}: the translation ends with white space the English "
                                                        "does not have, and the file ends there, as a file cut short "
                                                        "would (a truncated file?)",
                                    "remove the trailing space or line break, or export the catalogue again and "
                                    "translate anew", code="po-truncated").render())
        out.append(Msg(english, text, entry.context.text if entry.context is not None else None, entry.fuzzy, entry))
    if problems:
        raise PoError(f"{display}: {len(problems)} problem(s); nothing imported, no file changed", problems)
    return out


def import_po(book: RuleBook, lang: str, po_path: Path, *, write: bool = True, texts: list[Text] | None = None,
              record: Record | None = None, rules_out: Path | None = None, record_out: Path | None = None,
              inline: bool = True) -> ImportReport:
    """Merge the translations of ``po_path`` into ``book``'s ``lang`` files; write the files that change.

    Rule cases go to ``rules_out/LANG`` (default: the book's own folder). Card and scenario texts go into their
    data files where those have a slot for ``lang`` and ``inline`` is set, else into ``record_out`` (the record of
    :mod:`tcforge.i18n.texts`, which also notes the English each translation was made from).

    Everything is checked before anything is written: the PO file itself (:func:`read_catalog`), then every file
    the import would write, read back by the data loader's own rules and schemas. Any problem raises
    :class:`PoError` (one line each, at the PO entry that causes it) and no file changes; else every file is
    written, all or none (:func:`tcforge.atomic.write_all`).
    """
    messages = read_catalog(po_path, lang)
    display = display_path(po_path)
    report = ImportReport()
    entries: dict[tuple[str, str], Msg] = {}
    text_entries: dict[str, Msg] = {}
    problems: list[str] = []
    seen: dict[str, Msg] = {}
    for msg in messages:
        if msg.context is not None and msg.context in seen:
            problems.append(f"{display}:{msg.entry.line}:{msg.entry.col}: msgctxt {printable(msg.context)!r} again (first "
                            f"on line {seen[msg.context].entry.line}); only one translation can be imported "
                            "(hint: keep one of the two entries)")
            continue
        if msg.context is not None:
            seen[msg.context] = msg
        if is_text_key(msg.context):
            text_entries[str(msg.context)] = msg
            continue
        key = split_context(msg.context)
        if key is None:
            # Every entry tcforge exports has a context it can read back; one without (or mistyped: '1.0|title ')
            # would drop the translator's work with a warning nobody reads. (A well-formed context naming a case
            # removed since the export is only warned about, below: the rest of the file is still good.)
            if msg.id:
                problems.append(f"{display}:{msg.entry.line}:{msg.entry.col}: "
                                + (f"msgctxt {printable(str(msg.context))!r} is not a context tcforge writes"
                                   if msg.context is not None else f"an entry without a msgctxt ({shown(printable(msg.id), 40)!r})")
                                + " (hint: keep each entry's msgctxt as exported: CASE|chapter, CASE|title, "
                                "CASE|text, card:ID|FIELD, scenario:ID|FIELD or word:KEY)")
            continue
        entries[key] = msg
    if problems:
        raise PoError(f"{display}: {len(problems)} problem(s); nothing imported, no file changed", problems)

    old_record = record or {}
    record = {k: dict(v) for k, v in old_record.items()}
    rules_root = rules_out or book.root
    english = book.source
    target = book.books.setdefault(lang, Book(lang))
    known = {(c.number, p) for c in english.cases() for p in PARTS} | {(ch.number, "chapter") for ch in english.chapters}
    for key, msg in entries.items():
        if key not in known:
            report.warnings.append(f"{display}:{msg.lineno}: no English case {key[0]} ({key[1]}); ignored")

    files: dict[Path, str] = {}
    sources: dict[Path, list[tuple[int, Msg]]] = {}  # per file written: the line of each value a PO entry gave
    for en_chapter in english.chapters:
        chapter = target.chapter(en_chapter.file)
        title_msg = entries.get((en_chapter.number, "chapter"))
        new_title = title_msg.string if title_msg is not None and title_msg.string else None
        if chapter is None:
            chapter = Chapter(en_chapter.file, en_chapter.number, new_title or en_chapter.title, lang)
            created = True
        else:
            created = False
            if new_title and new_title != chapter.title:
                chapter.title = new_title
        by_number = {c.number: c for c in chapter.cases}
        for en in en_chapter.cases:
            _merge_case(en, by_number, entries, lang, report, display)
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
            files[path] = text
            sources[path] = _chapter_sources(chapter, text, entries)
    for en in english.cases():
        title_msg, text_msg = entries.get((en.number, "title")), entries.get((en.number, "text"))
        if title_msg is not None and text_msg is not None and title_msg.string and text_msg.string \
                and not (title_msg.fuzzy or text_msg.fuzzy):
            record[f"rule:{en.number}"] = {"from": text_hash(title_msg.id, text_msg.id), "title": title_msg.id,
                                           "en": text_msg.id}
    _import_texts(texts or [], text_entries, lang, record, report, display, files, sources, inline=inline)
    if record_out is not None and record != old_record:
        report.files.append(record_out)
        files[record_out] = dump_record(lang, record)
    problems = _check_files(files, sources, display)
    if problems:
        raise PoError(f"{display}: {len(problems)} problem(s); nothing imported, no file changed", problems)
    if write and files:
        write_all(files)
    return report


def _chapter_sources(chapter: Chapter, text: str, entries: dict[tuple[str, str], Msg]) -> list[tuple[int, Msg]]:
    """Where each translated title and text of ``chapter`` stands in its file's ``text``."""
    loaded, _ = load_yaml_text(text, chapter.file)
    if loaded is None:
        return []
    out = []
    title_msg = entries.get((chapter.number, "chapter"))
    if title_msg is not None:
        out.append((loaded.where(("title",))[0], title_msg))
    for i, case in enumerate(chapter.cases):
        for part in PARTS:
            msg = entries.get((case.number, part))
            if msg is not None:
                out.append((loaded.where(("cases", i, part))[0], msg))
    return sorted(out, key=lambda pair: pair[0])


def _file_problems(loaded_problems: tuple[Loaded | None, list[Problem]], path: Path) -> list[Problem]:
    loaded, problems = loaded_problems
    if loaded is not None:
        kind = detect_kind(path, loaded.data)
        if kind is not None:
            problems = problems + schemas.check(loaded, kind.name, display_path(path))
    return problems


def _check_files(files: dict[Path, str], sources: dict[Path, list[tuple[int, Msg]]], display: str) -> list[str]:
    """What would be wrong with the YAML files an import writes, by the data loader's rules and schemas, that is not
    wrong with them now: one line each, at the PO entry whose translation causes it."""
    out: list[str] = []
    for path, text in files.items():
        if path.suffix not in (".yaml", ".yml"):
            continue
        before = Counter((p.code, p.message) for p in (_file_problems(load_yaml(path, display_path(path)), path)
                                                     if path.is_file() else []))
        for problem in _file_problems(load_yaml_text(text, display_path(path)), path):
            if before[(problem.code, problem.message)] > 0:
                before[(problem.code, problem.message)] -= 1
                continue
            placed = [msg for line, msg in sources.get(path, []) if line <= problem.line]
            at = f"{display}:{placed[-1].at()}: {printable(placed[-1].context or '')}: " if placed else f"{display}: "
            detail = printable(problem.message) + (f" (hint: {printable(problem.hint)})" if problem.hint else "")
            out.append(f"{at}the translation would make {problem.file}:{problem.line}:{problem.col} invalid: {detail}")
    return out


def _import_texts(texts: list[Text], entries: dict[str, Msg], lang: str, new_record: Record, report: ImportReport,
                  display: str, files: dict[Path, str], sources: dict[Path, list[tuple[int, Msg]]], *,
                  inline: bool) -> None:
    """Card and scenario translations: into their data files (``inline``), else into ``new_record``."""
    by_key = {t.key: t for t in texts}
    for key, msg in entries.items():
        if key not in by_key:
            report.warnings.append(f"{display}:{msg.lineno}: no card or scenario text {printable(key)}; ignored")
    edits: dict[Path, list[tuple[Slot, str, Msg]]] = {}
    for text in texts:
        entry = entries.get(text.key)
        if entry is None or not entry.string:
            continue
        value, seen = entry.string, entry.id
        slot = text.slots.get(lang) if inline else None
        if slot is not None:
            if text.translations.get(lang) != value:
                edits.setdefault(text.file, []).append((slot, value, entry))
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
        new, lines = replaced_at(path.read_text(encoding="utf-8"), [(slot, value) for slot, value, _ in found])
        files[path] = new
        sources[path] = sorted(zip(lines, (msg for _, _, msg in found), strict=True), key=lambda pair: pair[0])


def _merge_case(en: Case, by_number: dict[str, Case], entries: dict[tuple[str, str], Msg], lang: str,
                report: ImportReport, display: str) -> None:
    title_msg, text_msg = entries.get((en.number, "title")), entries.get((en.number, "text"))
    tr = by_number.get(en.number)
    title = title_msg.string if title_msg is not None and title_msg.string else None
    text = text_msg.string if text_msg is not None and text_msg.string else None
    if title is None and text is None:
        return  # not translated in this PO: the files keep what they have
    partial = tr is None and (title is None or text is None)
    if partial:
        # Kept, not dropped: the part not translated yet stays in English, and the case stays stale (no hash of the
        # English it translates) until both parts are, so the status and the booklet mark it.
        report.warnings.append(f"{display}: case {en.number} has a translated {'title' if title else 'text'} only; "
                               f"added with the English {'text' if title else 'title'}, marked stale until it is "
                               "translated")
    new_title = title if title is not None else (tr.title if tr is not None else en.title)
    new_text = text if text is not None else (tr.text if tr is not None else en.text)
    fuzzy = partial or any(m is not None and m.fuzzy for m in (title_msg, text_msg))
    # The English the translator saw: the entries' msgid (the current English where an entry is absent).
    seen_title = title_msg.id if title_msg is not None else en.title
    seen_text = text_msg.id if text_msg is not None else en.text
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


__all__ = [
    "ImportReport",
    "Msg",
    "PoError",
    "build_catalog",
    "context",
    "export_po",
    "import_po",
    "read_catalog",
    "split_context",
]
