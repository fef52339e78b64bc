"""``tcforge i18n ...``: translation status, the substance check, PO export and import.

Mount with ``app.add_typer(i18n_app, name="i18n")``. Bad input (an unreadable
PO file, a folder without rule text) is one line on stderr, ``tcforge: ...``,
and exit status 1; ``--check`` exits 1 when a translation is missing or stale.
"""
from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path
from typing import Annotated, NoReturn

import typer

from tcforge.cli.options import Format, PoLangOpt, format_option, old_spelling, out_file_option
from tcforge.cli.options import LangCodeOpt as LangOpt
from tcforge.data.problems import DataError
from tcforge.i18n.catalog import CURRENT, MISSING, STALE, RuleBook, load_rulebook
from tcforge.i18n.po import PoError, data_relative, export_po, import_po, placeholder_problems
from tcforge.i18n.status import SHOWN_MISSING, failing, statuses, table_lines, to_json
from tcforge.i18n.texts import (
    LANG_CODE,
    WORD_PREFIX,
    RecordError,
    Text,
    TextStatus,
    dump_record,
    layered_record,
    load_record,
    record_path,
    text_statuses,
    texts_for,
    translation,
    write_atomic,
)
from tcforge.paths import data_dir, display_path, use_data_dirs, user_data_dirs

app = typer.Typer(help="Translations of the rule book and the card and scenario texts: status, check, PO export and import.",
                  no_args_is_help=True, add_completion=False, pretty_exceptions_enable=False)


RulesOpt = Annotated[Path | None, typer.Option("--rules", metavar="DIR", file_okay=False,
                                                  help="Folder holding en/ and the translations (default: DATA/rules).")]
# The data folder is the global --data, as everywhere: 'tcforge --data DATA i18n ...'. A whole data folder (one with
# the English rule text, rules/en/) is read and written in place of tcforge's own, as the old '--root DATA' did; a
# folder of your own takes what an import writes. --root still works, hidden, and says to use --data.
RootOpt = Annotated[Path | None, typer.Option("--root", metavar="DATA", file_okay=False, hidden=True,
                                                 callback=old_spelling("--root"),
                                                 help="Deprecated: use the global --data (tcforge --data DATA i18n ...).")]
FormatOpt = Annotated[Format, format_option("text (one line per case that needs work) or json.")]


def _echo(text: str) -> None:
    sys.stdout.write(text + "\n")


def _fail(message: str, code: int = 1) -> NoReturn:
    sys.stderr.write(f"tcforge: {message}\n")
    raise typer.Exit(code)


def _whole(root: Path | None) -> Path | None:
    """The data folder to use in place of tcforge's own: --root (the old spelling), else the first --data folder when
    it is a whole data folder (it holds the English rule text, rules/en/); else None."""
    if root is not None:
        return root
    own = user_data_dirs()
    if not own or not (own[0] / "rules" / "en").is_dir():
        return None
    use_data_dirs([])  # it stands in for tcforge's own data, as --root did: not layered over it as well
    return own[0]


def _record(data: Path, lang: str) -> dict[str, dict[str, str]]:
    """The record of ``lang``'s card and scenario texts (the --data folders' laid over ``data``'s), or one line."""
    try:
        return layered_record(data, lang)
    except RecordError as exc:
        _fail(str(exc))
    except OSError as exc:
        _fail(f"cannot read the record of the {lang} translations: {exc.strerror or exc}: {exc.filename}")


def _book(rules: Path | None, root: Path | None = None) -> RuleBook:
    try:
        return load_rulebook(rules if rules is not None else (root / "rules" if root is not None else None))
    except DataError as exc:
        for p in exc.problems:
            sys.stderr.write(p.render() + "\n")
        _fail(f"the rule text has {len(exc.problems)} problem(s)")


def _folder(book: RuleBook) -> str:
    return display_path(book.root)


def _lang_folder(book: RuleBook, lang: str) -> str:
    """The rules folder a language's files are in: a folder of your own that holds rules/LANG (where 'i18n init' and
    an import put them), else the book's own."""
    for own in user_data_dirs():
        if (own / "rules" / lang).is_dir():
            return display_path(own / "rules")
    return _folder(book)


def _data(root: Path | None) -> Path:
    return root if root is not None else data_dir()


def _languages(book: RuleBook, data: Path) -> list[str]:
    found = {lang for lang in book.books if lang != "en"}
    found |= {p.stem for p in (data / "i18n").glob("*.json")} if (data / "i18n").is_dir() else set()
    return sorted(found)


def _lang(lang: str, book: RuleBook, data: Path) -> str:
    known = _languages(book, data)
    if lang not in known:
        _fail(f"no translation '{lang}' (languages: {', '.join(known) or 'none'}); start one with 'tcforge i18n init {lang}'")
    return lang


def _texts(data: Path, lang: str, rules: Path | None = None, root: Path | None = None) -> list[Text]:
    """The card and scenario texts under ``data`` (and for a new language the word table's words); none when --rules
    alone names a rule book to work on."""
    return [] if rules is not None and root is None else texts_for(data, lang)


def _text_lines(lang: str, rows: list[TextStatus]) -> list[str]:
    words = [r for r in rows if r.key.startswith(WORD_PREFIX)]
    rows = [r for r in rows if not r.key.startswith(WORD_PREFIX)]
    c = {s: sum(1 for r in rows if r.state == s) for s in (CURRENT, STALE, MISSING)}
    lines = [f"{lang}: {len(rows)} card and scenario text(s): {c[CURRENT]} current, {c[STALE]} stale, {c[MISSING]} missing"]
    todo = sorted((r for r in rows if r.state != CURRENT), key=lambda r: (r.state != MISSING, r.file, r.line))
    missing = sum(1 for r in todo if r.state == MISSING)
    if missing > SHOWN_MISSING:  # a language just started: counted, the first few listed
        todo = [r for i, r in enumerate(todo) if r.state != MISSING or i < SHOWN_MISSING // 4]
    for r in todo:
        lines.append(f"  {r.state:<8} {r.key}  {data_relative(Path(r.file))}:{r.line}  {r.reason}")
    if missing > SHOWN_MISSING:
        lines.append(f"  missing: {missing} text(s) in all, the first {SHOWN_MISSING // 4} above (-f json lists them)")
    if words:  # a new language's words on cards, sheets and covers: counted, each an entry word:KEY of the PO file
        w = {s: sum(1 for r in words if r.state == s) for s in (CURRENT, STALE, MISSING)}
        lines.append(f"{lang}: {len(words)} word(s) printed on cards, sheets and covers: {w[CURRENT]} current, "
                     f"{w[STALE]} stale, {w[MISSING]} missing (the PO file's word:KEY entries; untranslated ones print "
                     "in English)")
    return lines


@app.command()
def status(
    lang: LangOpt = "fr",
    check: Annotated[bool, typer.Option("--check", help="Exit 1 if any case is missing or stale.")] = False,
    format: FormatOpt = Format.text,
    rules: RulesOpt = None,
    root: RootOpt = None,
) -> None:
    """Which rule cases and card and scenario texts are current, stale (the English changed since) or missing.

    An English case marked `editorial` whose `previous_hash` is the translation's
    `translated_from` changed only in wording: its translation stays current.
    """
    root = _whole(root)
    book, data = _book(rules, root), _data(root)
    lang = _lang(lang, book, data)
    rows = statuses(book, lang)
    text_rows = text_statuses(_texts(data, lang, rules, root), lang, _record(data, lang))
    if format is Format.json:
        body = to_json(lang, rows)
        body["texts"] = [r.to_json() for r in text_rows]
        _echo(json.dumps(body, indent=2, ensure_ascii=False))
    else:
        for line in table_lines(lang, rows, _lang_folder(book, lang)) + (_text_lines(lang, text_rows) if text_rows else []):
            _echo(line)
    if check and (failing(rows) or any(r.state in (STALE, MISSING) for r in text_rows)):
        raise typer.Exit(1)


@app.command("check")
def check_cmd(
    lang: LangOpt = "fr",
    format: FormatOpt = Format.text,
    rules: RulesOpt = None,
    root: RootOpt = None,
) -> None:
    """Check that each translated case keeps the English numbers, modifiers, placeholders, references and cards.

    One line per difference ('fr 9.3 (09-fire.yaml:52): number 12 only in English'), and one per broken
    placeholder of a card or scenario text; exit 1 if there is any.
    """
    from tcforge.i18n.substance import check

    root = _whole(root)
    book, data = _book(rules, root), _data(root)
    lang = _lang(lang, book, data)
    try:
        found = check(book, lang)
    except DataError as exc:
        _fail(f"the card data has {len(exc.problems)} problem(s); run 'tcforge validate'")
    if format is Format.json:
        _echo(json.dumps([d.to_json() for d in found], indent=2, ensure_ascii=False))
    else:
        for d in found:
            _echo(d.render())
        pairs = sum(1 for c in book.book(lang).cases() if c.number in book.source.case_map())
        _echo(f"{lang}: {pairs} case(s) compared, {len(found)} difference(s)")
    record = _record(data, lang)
    broken = [line for t in _texts(data, lang, rules, root) for line in
              placeholder_problems(t.en, translation(t, lang, record) or "", f"{display_path(t.file)}:{t.line}")]
    for line in broken:
        sys.stderr.write(line + "\n")
    if found or broken:
        raise typer.Exit(1)


@app.command("export")
def export_cmd(
    lang: LangOpt = "fr",
    out_file: Annotated[Path | None, out_file_option("PO file to write (default: standard output).")] = None,
    rules: RulesOpt = None,
    root: RootOpt = None,
) -> None:
    """Write the translation as a gettext PO file for Poedit, Weblate and the like.

    msgctxt is CASE|title or CASE|text (CHAPTER|chapter for a chapter's title) for the rule book, card:ID|FIELD and
    scenario:ID|FIELD for card and scenario texts; msgid the English, msgstr the translation; stale entries are
    marked fuzzy and show the English they were translated from as their previous msgid; missing ones are empty.
    """
    root = _whole(root)
    book, folder = _book(rules, root), _data(root)
    lang = _lang(lang, book, folder)
    data = export_po(book, lang, _texts(folder, lang, rules, root), _record(folder, lang))
    if out_file is None:
        sys.stdout.buffer.write(data)
        sys.stdout.flush()
        return
    try:
        write_atomic(out_file, data)
    except OSError as exc:
        _fail(f"cannot write {display_path(out_file)}: {exc.strerror or exc}")
    rows = statuses(book, lang)
    sys.stderr.write(f"wrote {display_path(out_file)}: " + table_lines(lang, rows)[0] + "\n")


def _targets(rules: Path | None, root: Path | None, into_package: bool = False,
             dry_run: bool = False) -> tuple[Path, Path | None, bool]:
    """Where an import writes: (the data folder, the rule text folder or None for the book's own, inline).

    Only where the user said: a whole data folder (tcforge --data DATA, or the old --root DATA), --rules DIR, a data
    folder of their own (tcforge --data DIR, or TCFORGE_DATA), or --into-package for tcforge's own data (the
    checkout's data/, an installed copy's bundle).
    Never tcforge's own data by default: a translation in progress must not overwrite the tested one.
    """
    if root is not None:
        return root, rules, True
    if rules is not None:
        return data_dir(), rules, True  # --rules alone: the rule book only, into the folder named
    own = user_data_dirs()
    if own and not into_package:
        return own[0], own[0] / "rules", False
    if into_package or dry_run:
        return data_dir(), None, True
    _fail(f"tcforge i18n writes only where you say, never into tcforge's own data ({display_path(data_dir())}) unless "
          "asked: give --data DIR before the command (tcforge --data DIR i18n import ...) for a folder of your own, "
          "--data DATA naming a whole copy of the data folder (with rules/en/), or --into-package to edit tcforge's own data")


@app.command("import")
def import_cmd(
    po_file: Annotated[Path, typer.Argument(help="The PO file to read.", dir_okay=False)],
    lang: PoLangOpt = None,
    rules: RulesOpt = None,
    root: RootOpt = None,
    into_package: Annotated[bool, typer.Option("--into-package",
                                               help="Write into tcforge's own data (the checkout's data/, or an "
                                                    "installed copy's bundled data); without it an import writes only "
                                                    "into a folder you name.")] = False,
    dry_run: Annotated[bool, typer.Option("--dry-run", help="Check the file and say what would change; write nothing.")] = False,
) -> None:
    """Read a PO file back into the translation's files, keeping their layout, and say where it wrote.

    A case whose entries are not fuzzy records the hash of the English it translates (the entries' msgid);
    fuzzy entries are written but stay stale. Card and scenario translations go into their data files (into
    DATA/i18n/LANG.json where a file has no place for the language), with the English they were made from.

    Everything is checked before anything is written (syntax, charset, plural forms, placeholders, and the data's
    own limits on every text: length, control and invisible characters, a name's one line of 200 characters): any
    problem is one line, fr.po:LINE:COL, and no file changes; else all files are written, or none.

    Where: a data folder of your own (tcforge --data DIR i18n import ...), a whole copy of the data folder (tcforge
    --data DATA, DATA holding rules/en/), --rules DIR (the rule book only); tcforge's own data only with --into-package.
    """
    root = _whole(root)
    book = _book(rules, root)
    target, rules_out, inline = _targets(rules, root, into_package, dry_run)
    if lang is None:  # the file says which language it holds; a different --lang is refused by the file's check
        from tcforge.i18n.poread import header_language
        lang = header_language(po_file) or "fr"
    lang = _lang(lang, book, target if root is not None else data_dir())
    with_texts = rules is None or root is not None
    source = root if root is not None else data_dir()
    try:
        record = load_record(target, lang) or load_record(source, lang)
    except RecordError as exc:
        _fail(str(exc))
    except OSError as exc:
        _fail(f"cannot read the record of the {lang} translations in {display_path(target)}: {exc.strerror or exc}")
    try:
        report = import_po(book, lang, po_file, write=not dry_run, texts=_texts(source, lang) if with_texts else None,
                           record=record, rules_out=rules_out,
                           record_out=record_path(target, lang) if with_texts else None, inline=inline)
    except PoError as exc:
        for line in exc.problems:
            sys.stderr.write(line + "\n")
        _fail(str(exc))
    except OSError as exc:
        _fail(f"cannot write the translation, so no file changed: {exc.strerror or exc}")
    for warning in report.warnings:
        sys.stderr.write(f"tcforge: warning: {warning}\n")
    into = display_path(rules_out if rules is not None and root is None and rules_out is not None else target)
    _echo(("checked; nothing written, an import would write" if dry_run else "wrote") + f" into {into}"
          + (" (tcforge's own data: an import into a folder of your own, tcforge --data DIR i18n import, also adds "
             "the texts that folder does not hold yet)" if dry_run and target == data_dir() and not user_data_dirs()
             else "")
          + (f" (rule text: {display_path(rules_out)})" if rules_out is not None and root is not None else ""))
    for path in report.files:
        _echo(f"{'would write' if dry_run else 'wrote'} {display_path(path)}")
    parts = [f"{len(report.updated)} updated", f"{len(report.added)} added"]
    if report.fuzzy:
        parts.append(f"{len(report.fuzzy)} still stale (fuzzy): {', '.join(report.fuzzy)}")
    _echo(f"{lang}: " + ", ".join(parts) + ("" if report.files else "; no file changed"))


@app.command("init")
def init_cmd(
    lang: Annotated[str, typer.Argument(metavar="LANG", help="The new language's two-letter code, e.g. de.")],
    root: RootOpt = None,
) -> None:
    """Start a new language: an empty rule book folder and an empty record of card and scenario texts.

    Then 'tcforge i18n export --lang LANG -o LANG.po', translate, and 'tcforge i18n import LANG.po --lang LANG'.
    """
    if not LANG_CODE.match(lang) or lang == "en":
        _fail(f"'{lang}' is not a language code for a translation: give two lower-case letters other than en, e.g. de")
    target, _, _ = _targets(None, _whole(root))
    path = record_path(target, lang)
    if path.exists():
        _fail(f"{display_path(path)} exists: the language '{lang}' is started already ('tcforge i18n status --lang {lang}')")
    folder = target / "rules" / lang
    folder.mkdir(parents=True, exist_ok=True)
    write_atomic(path, dump_record(lang, {}))
    data = f"--data {shlex.quote(display_path(target))} " if user_data_dirs() else ""  # as the export must be run
    _echo(f"started {lang}: wrote {display_path(path)} and {display_path(folder)}/; "
          f"next: tcforge {data}i18n export --lang {lang} -o {lang}.po")


__all__ = ["app"]
