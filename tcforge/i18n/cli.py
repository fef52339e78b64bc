"""``tcforge i18n ...``: translation status, the substance check, PO export and import.

Mount with ``app.add_typer(i18n_app, name="i18n")``. Bad input (an unreadable
PO file, a folder without rule text) is one line on stderr, ``tcforge: ...``,
and exit status 1; ``--check`` exits 1 when a translation is missing or stale.
"""
from __future__ import annotations

import json
import sys
from enum import Enum
from pathlib import Path
from typing import Annotated, NoReturn

import typer

from tcforge.data.problems import DataError
from tcforge.i18n.catalog import RuleBook, load_rulebook
from tcforge.i18n.po import PoError, export_po, import_po
from tcforge.i18n.status import failing, statuses, table_lines, to_json
from tcforge.paths import display_path

app = typer.Typer(help="Rule book translations: status, substance check, PO export and import.",
                  no_args_is_help=True, add_completion=False, pretty_exceptions_enable=False)


class Lang(str, Enum):
    fr = "fr"


class Format(str, Enum):
    table = "table"
    json = "json"


LangOpt = Annotated[Lang, typer.Option("--lang", help="Language of the translation.")]
RulesOpt = Annotated[Path | None, typer.Option("--rules", help="Folder holding en/ and fr/ (default: data/rules).",
                                                  file_okay=False)]
FormatOpt = Annotated[Format, typer.Option("--format", "-f", help="table (one line per case that needs work) or json.")]


def _echo(text: str) -> None:
    sys.stdout.write(text + "\n")


def _fail(message: str, code: int = 1) -> NoReturn:
    sys.stderr.write(f"tcforge: {message}\n")
    raise typer.Exit(code)


def _book(rules: Path | None) -> RuleBook:
    try:
        return load_rulebook(rules)
    except DataError as exc:
        for p in exc.problems:
            sys.stderr.write(p.render() + "\n")
        _fail(f"the rule text has {len(exc.problems)} problem(s)")


def _folder(book: RuleBook) -> str:
    return display_path(book.root)


@app.command()
def status(
    lang: LangOpt = Lang.fr,
    check: Annotated[bool, typer.Option("--check", help="Exit 1 if any case is missing or stale.")] = False,
    format: FormatOpt = Format.table,
    rules: RulesOpt = None,
) -> None:
    """Which cases are current, stale (the English changed since) or missing in a translation.

    An English case marked `editorial` whose `previous_hash` is the translation's
    `translated_from` changed only in wording: its translation stays current.
    """
    book = _book(rules)
    rows = statuses(book, lang.value)
    if format is Format.json:
        _echo(json.dumps(to_json(lang.value, rows), indent=2, ensure_ascii=False))
    else:
        for line in table_lines(lang.value, rows, _folder(book)):
            _echo(line)
    if check and failing(rows):
        raise typer.Exit(1)


@app.command("check")
def check_cmd(
    lang: LangOpt = Lang.fr,
    format: FormatOpt = Format.table,
    rules: RulesOpt = None,
) -> None:
    """Check that each translated case keeps the English numbers, modifiers, placeholders, references and cards.

    One line per difference ('fr 9.3 (09-fire.yaml:52): number 12 only in English'); exit 1 if there is any.
    """
    from tcforge.i18n.substance import check

    book = _book(rules)
    try:
        found = check(book, lang.value)
    except DataError as exc:
        _fail(f"the card data has {len(exc.problems)} problem(s); run 'tcforge validate'")
    if format is Format.json:
        _echo(json.dumps([d.to_json() for d in found], indent=2, ensure_ascii=False))
    else:
        for d in found:
            _echo(d.render())
        pairs = sum(1 for c in book.book(lang.value).cases() if c.number in book.source.case_map())
        _echo(f"{lang.value}: {pairs} case(s) compared, {len(found)} difference(s)")
    if found:
        raise typer.Exit(1)


@app.command("export")
def export_cmd(
    lang: LangOpt = Lang.fr,
    out_file: Annotated[Path | None, typer.Option("--out", "-o", help="PO file to write (default: standard output).",
                                                     dir_okay=False)] = None,
    rules: RulesOpt = None,
) -> None:
    """Write the translation as a gettext PO file for Poedit, Weblate and the like.

    msgctxt is CASE|title or CASE|text (CHAPTER|chapter for a chapter's title), msgid the English, msgstr the
    translation; stale entries are marked fuzzy, missing ones have an empty msgstr.
    """
    book = _book(rules)
    data = export_po(book, lang.value)
    if out_file is None:
        sys.stdout.buffer.write(data)
        sys.stdout.flush()
        return
    try:
        out_file.parent.mkdir(parents=True, exist_ok=True)
        tmp = out_file.with_name(f".{out_file.name}.part")
        tmp.write_bytes(data)
        tmp.replace(out_file)
    except OSError as exc:
        _fail(f"cannot write {display_path(out_file)}: {exc.strerror or exc}")
    rows = statuses(book, lang.value)
    sys.stderr.write(f"wrote {display_path(out_file)}: " + table_lines(lang.value, rows)[0] + "\n")


@app.command("import")
def import_cmd(
    po_file: Annotated[Path, typer.Argument(help="The PO file to read.", dir_okay=False)],
    lang: LangOpt = Lang.fr,
    rules: RulesOpt = None,
    dry_run: Annotated[bool, typer.Option("--dry-run", help="Say what would change; write nothing.")] = False,
) -> None:
    """Read a PO file back into the translation's YAML files, keeping their layout.

    A case whose entries are not fuzzy records the hash of the English it translates (the entries' msgid);
    fuzzy entries are written but stay stale. A translation that did not change keeps its file untouched.
    """
    book = _book(rules)
    try:
        report = import_po(book, lang.value, po_file, write=not dry_run)
    except PoError as exc:
        _fail(str(exc))
    except OSError as exc:
        _fail(f"cannot write the rule text: {exc.strerror or exc}")
    for warning in report.warnings:
        sys.stderr.write(f"tcforge: warning: {warning}\n")
    verb = "would write" if dry_run else "wrote"
    for path in report.files:
        _echo(f"{verb} {display_path(path)}")
    parts = [f"{len(report.updated)} case(s) updated", f"{len(report.added)} added"]
    if report.fuzzy:
        parts.append(f"{len(report.fuzzy)} still stale (fuzzy): {', '.join(report.fuzzy)}")
    _echo(f"{lang.value}: " + ", ".join(parts) + ("" if report.files else "; no file changed"))


__all__ = ["app"]
