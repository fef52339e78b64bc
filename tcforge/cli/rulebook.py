"""``tcforge print rulebook``: the rule booklet as PDF. Thin: parse, call, report.

Mount the command on the print shop's app with
``print_app.command("rulebook")(rulebook)`` (or add :data:`app`, a Typer app
holding just this command). Bad input is one line on stderr, ``tcforge: ...``,
exit status 1; a failed build leaves no file behind.
"""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, NoReturn

import typer

from tcforge.cli.options import BookletPaper, any_lang_option, out_file_option, paper_option
from tcforge.paths import display_path
from tcforge.progress import working

app = typer.Typer(help="The rule booklet as PDF.", no_args_is_help=True, add_completion=False,
                  pretty_exceptions_enable=False)


Paper = BookletPaper  # the booklet's sizes: A4, Letter, A5, half-Letter


def _fail(message: str, code: int = 1) -> NoReturn:
    sys.stderr.write(f"tcforge: {message}\n")
    raise typer.Exit(code)


def default_out(lang: str, paper: str, ruleset: str | None, booklet: bool) -> Path:
    middle = f"-{ruleset}" if ruleset else ""
    tail = "-booklet" if booklet else ""
    return Path("output") / f"rulebook{middle}-{lang}-{paper}{tail}.pdf"


def rulebook(
    lang: Annotated[str, any_lang_option("Language of the booklet: en, fr, or a language with a catalogue ('tcforge "
                                         "i18n init'); cases not translated are printed in English, marked.")] = "en",
    ruleset: Annotated[str | None, typer.Option("--ruleset", help="Ruleset whose numbers, tables and errata to "
                                                   "print (default six-pack-r3); a variant adds an appendix of what "
                                                   "it changes.")] = None,
    paper: Annotated[Paper | None, paper_option("Page size: A4, US Letter, A5 or half-Letter (5.5 x 8.5 in); "
                                                "default A4, and A5 with --booklet (imposed on A4, which a home "
                                                "printer takes).")] = None,
    booklet: Annotated[bool, typer.Option("--booklet", help="Impose for saddle stitching: two pages a sheet side, "
                                          "in folding order (A5 pages on A4, half-Letter on Letter, A4 on A3, Letter on "
                                          "Tabloid); print "
                                          "double-sided, flip on the short edge, fold, staple.")] = False,
    out_file: Annotated[Path | None, out_file_option("PDF to write (default: under output/).")] = None,
) -> None:
    """The rule book as a PDF booklet, in English or French.

    Cover, contents, numbered cases with cross-references and their pages, tables and diagrams generated from
    the data, scenario sheets, and for a variant an appendix of what it changes. A French case whose
    translation is out of date is printed with a marker and the current English.
    """
    from tcforge.render.booklet.document import BookletError, BookletOptions, build_booklet
    from tcforge.render.booklet.fetcher import UnsafeURLError

    # a booklet's pages are half the sheet: A5 by default, so that the sheet is the A4 a home printer takes
    size = paper.value if paper is not None else ("a5" if booklet else "a4")
    path = out_file or default_out(lang, size, ruleset, booklet)
    options = BookletOptions(lang, ruleset, size, booklet)
    try:
        with working(f"building {display_path(path)}"):
            report = build_booklet(path, options)
    except BookletError as exc:
        _fail(f"{exc}; {display_path(path)} not written")
    except UnsafeURLError as exc:
        _fail(f"{exc}; {display_path(path)} not written")
    except OSError as exc:
        _fail(f"cannot write {display_path(path)}: {exc.strerror or exc}")
    if report.stale:
        sys.stderr.write(f"tcforge: note: {len(report.stale)} {lang} case(s) translated from an older English text, "
                         f"printed with a marker and the current English: {', '.join(report.stale)} "
                         f"(see 'tcforge i18n status')\n")
    if report.missing:
        sys.stderr.write(f"tcforge: note: {len(report.missing)} case(s) not translated, printed in English with a "
                         f"marker: {', '.join(report.missing)}\n")
    if report.title_only:
        sys.stderr.write(f"tcforge: note: {len(report.title_only)} case(s) with only their title translated, printed "
                         f"with their English text and a marker: {', '.join(report.title_only)}\n")
    if report.english_words:
        sys.stderr.write(f"tcforge: note: the cover's words are printed in English, marked, until {lang} has them all: "
                         f"{', '.join(report.english_words)} (the PO file's word:KEY entries; 'tcforge i18n status "
                         f"--lang {lang}' counts them)\n")
    if report.unresolved:
        sys.stderr.write(f"tcforge: note: case number(s) that name no case, printed as plain text: "
                         f"{', '.join(report.unresolved)}\n")
    for page, text in report.short_lines:
        sys.stderr.write(f"tcforge: note: page {page}: a justified line broken short: '{text}'\n")
    what = f"{report.pages} page(s)"
    if report.sheets:
        what += f", {report.imposed}"
    sys.stdout.write(f"wrote {display_path(path)}: {what}, {report.links} cross-reference(s), "
                     f"in {report.seconds:.1f} s\n")


app.command("rulebook")(rulebook)
