"""``tcforge print ...``: the print shop's command line. Thin: parse, call, report.

Bad input (an unknown card or ruleset, a bad size) is one line on stderr,
``tcforge: ...``, and exit status 1; usage errors are Click's, status 2. No
command leaves a half-written PDF: every file is written whole or not at all.
"""
from __future__ import annotations

import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Annotated

import typer

from tcforge.cli import print_images
from tcforge.cli.common import err, out
from tcforge.cli.options import (
    BacksOpt,
    BleedOpt,
    ButtedOpt,
    CardLangOpt,
    CardPaperOpt,
    CardSizeOpt,
    DuplexOpt,
    Lang,
    OptionOpt,
    Paper,
    PdfOutOpt,
    RulesetOpt,
    StrictOpt,
    any_lang_option,
    out_dir_option,
    paper_option,
)
from tcforge.cli.print_input import Nation as Nation  # tests and callers find it here too
from tcforge.cli.print_input import card_part as _card_part
from tcforge.cli.print_input import deck_cards
from tcforge.cli.print_input import fail_line as _fail
from tcforge.cli.print_input import game_data_for as _data
from tcforge.cli.print_input import lookup_cards as _lookup
from tcforge.cli.print_input import name_tail as _tail
from tcforge.cli.print_input import nation_of as _nation
from tcforge.cli.print_input import scenario_for as _scenario
from tcforge.interrupt import note_interrupted
from tcforge.paths import display_path
from tcforge.progress import step, working
from tcforge.render.cards.calibration import build_calibration
from tcforge.render.cards.inserts import build_inserts
from tcforge.render.cards.proxies import build_proxies
from tcforge.render.cards.refcards import build_refcards
from tcforge.render.page import settings
from tcforge.render.page.build import RenderError, TextOverflowError
from tcforge.render.page.fonts import FontError
from tcforge.render.page.geometry import LayoutError, card_sheet, parse_card_size, parse_offset, strip_sheet
from tcforge.render.page.sheets import PrintOptions, Report, file_parts
from tcforge.render.scenario.deck import build_scenario_deck, choose_sides, deck_proxies
from tcforge.render.scenario.sheet import build_scenario_sheet
from tcforge.scenarios.loading import bundled_ids
from tcforge.scenarios.scenario import Scenario

app = typer.Typer(help="Print shop: sleeve inserts, reference cards, proxies, scenario sheets and decks, and a "
                  "calibration page, as PDF; and card images for print-on-demand services ('print images').",
                  no_args_is_help=True, add_completion=False, pretty_exceptions_enable=False)

app.add_typer(print_images.app, name="images")

# The options of every product: tcforge.cli.options (the card sheets' --paper and --lang, --ruleset, --out FILE,
# --card-size, --bleed, --duplex, --strict, --option). A scenario sheet and the calibration page hold no cards:
# their --paper and --lang say what they are.
LangOpt = CardLangOpt
PaperOpt = CardPaperOpt
OutOpt = PdfOutOpt
SizeOpt = CardSizeOpt
BalanceOpt = OptionOpt
SheetLangOpt = Annotated[str, any_lang_option("Language of the sheet: briefing, map legend, victory, set-up and forces "
                                               "(en, fr, or a language with a catalogue).")]
SheetPaperOpt = Annotated[Paper, paper_option("A4 or US Letter; the sheet's one or two pages, the map centred on the "
                                              "first.")]
CalibrationLangOpt = Annotated[str, any_lang_option("Language of the page's instructions (en, fr, or a language with a "
                                                     "catalogue).")]
CalibrationPaperOpt = Annotated[Paper, paper_option("A4 or US Letter: the paper you print on; --back-offset is saved "
                                                    "for this paper, as duplex printers shift each size differently.")]

# The scenarios whose decks 'tcforge print all' prints: the two with the largest fixed forces.
ALL_DECKS = ("hill-621", "kursk")


def _options(lang: Lang | str, paper: Paper, card_size: str, bleed: float, duplex: bool, strict: bool,
             butted: bool = False, backs: bool = False) -> PrintOptions:
    """The options of one product; the saved back offset is read when backs are printed (double-sided, or a back page
    to print on the reverse of the fronts)."""
    try:
        card = parse_card_size(card_size)
        offset = settings.back_offset(paper.value) if duplex or backs else (0.0, 0.0)
    except (LayoutError, RenderError) as exc:
        _fail(str(exc))
    return PrintOptions(lang.value if isinstance(lang, Lang) else lang, paper.value, card, bleed, duplex, strict, offset,
                        butted, backs)



def _default_out(kind: str, ruleset: str | None, options: PrintOptions, *parts: str | None,
                 folder: Path = Path("output"), deck: bool = False) -> Path:
    """The default file of a product: its kind, ruleset, what it holds, language, paper and layout options, so
    that two commands (or one command with other options) never write the same file (issue 20 item 8); a ``deck``
    printed without its back page says so last."""
    no_backs = "no-backs" if deck and not options.backs and not options.duplex else None
    return folder / f"{kind}{_tail(ruleset, *parts, options.lang, options.paper, *file_parts(options), no_backs)}.pdf"


def _report(path: Path, report: Report, quiet: bool = False, seen: dict[str, int] | None = None) -> None:
    for note in report.notes:
        if seen is not None:  # print all: a note many PDFs share (the same sheet layout) is said once, at the end
            seen[note] = seen.get(note, 0) + 1
            continue
        err.print(f"tcforge: note: {note}", markup=False)
    for face, items in report.overflows.items():
        err.print(f"tcforge: text does not fit on '{face}': {', '.join(items)} (shrunk to the floor and cut)", markup=False)
    if not quiet:
        out.print(f"wrote {display_path(path)}: {report.pages} page(s), {report.pieces} piece(s)", markup=False)


def _file_id(path: Path) -> tuple[int, int] | None:
    """What tells a file written anew from the one that was there (a whole file is renamed into place), or None."""
    try:
        found = path.stat()
    except OSError:
        return None
    return found.st_ino, found.st_mtime_ns


def _run(path: Path, build: Callable[[], Report], quiet: bool = False, spinner: bool = True,
         seen: dict[str, int] | None = None) -> Report:
    """Run one build (a spinner on a terminal meanwhile); any expected failure becomes one line on stderr and exit 1.
    With ``seen`` its notes are counted there rather than printed."""
    try:
        if spinner:
            with working(f"building {display_path(path)}"):
                report = build()
        else:
            report = build()
    except TextOverflowError as exc:
        _report(path, exc.report, quiet=True)
        _fail(f"{exc}; {display_path(path)} not written")
    except (RenderError, LayoutError, FontError) as exc:
        _fail(str(exc))
    except OSError as exc:
        _fail(f"cannot write {display_path(path)}: {exc.strerror or exc}")
    _report(path, report, quiet, seen)
    return report


@app.command()
def inserts(
    lang: LangOpt = "en",
    paper: PaperOpt = Paper.a4,
    ruleset: RulesetOpt = None,
    cards: Annotated[list[str] | None, typer.Option("--cards", help="Only the inserts for these cards (number, "
                                                       "name or alias; repeat or separate with commas).")] = None,
    copies: Annotated[int | None, typer.Option("--copies", min=1, max=50, help="Print each insert this many "
                                                  "times instead of the checklist's counts.")] = None,
    out_file: OutOpt = None,
    card_size: SizeOpt = "standard",
    bleed: BleedOpt = 0.0,
    butted: ButtedOpt = False,
    duplex: DuplexOpt = False,
    strict: StrictOpt = False,
) -> None:
    """Sleeve inserts: Smoke, Heavy Machine Gun, the changed and errata'd cards, terrain strips, and a checklist."""
    options = _options(lang, paper, card_size, bleed, duplex, strict, butted)
    data = _data(ruleset)
    only = _lookup(data.cards, cards) if cards else None
    path = out_file or _default_out("inserts", ruleset, options, _card_part(only) if only else None,
                                    f"copies{copies}" if copies else None)
    _run(path, lambda: build_inserts(path, options, data.cards, data.ruleset, only, copies))


@app.command()
def refcards(
    lang: LangOpt = "en",
    paper: PaperOpt = Paper.a4,
    ruleset: RulesetOpt = None,
    sets: Annotated[int, typer.Option("--sets", min=1, max=9, help="Sets of four faces (one a player).")] = 2,
    out_file: OutOpt = None,
    card_size: SizeOpt = "standard",
    bleed: BleedOpt = 0.0,
    butted: ButtedOpt = False,
    duplex: DuplexOpt = False,
    strict: StrictOpt = False,
) -> None:
    """Reference cards to sleeve back to back: terrain effects / To Kill, sequence of play / play options."""
    options = _options(lang, paper, card_size, bleed, duplex, strict, butted)
    data = _data(ruleset)
    path = out_file or _default_out("refcards", ruleset, options, f"sets{sets}" if sets != 2 else None)
    _run(path, lambda: build_refcards(path, options, data.cards, data.ruleset, sets))


@app.command("cards")
def cards_cmd(
    cards: Annotated[list[str], typer.Argument(help="Cards by number, name or alias (\"46\", \"Smoke\", \"SPW 251\").")],
    lang: LangOpt = "en",
    paper: PaperOpt = Paper.a4,
    ruleset: RulesetOpt = None,
    out_file: OutOpt = None,
    card_size: SizeOpt = "standard",
    bleed: BleedOpt = 0.0,
    butted: ButtedOpt = False,
    duplex: DuplexOpt = False,
    strict: StrictOpt = False,
) -> None:
    """Proxies of any cards, in the inserts' layout, with the errata applied."""
    options = _options(lang, paper, card_size, bleed, duplex, strict, butted)
    data = _data(ruleset)
    chosen = _lookup(data.cards, cards)
    path = out_file or _default_out("cards", ruleset, options, _card_part(chosen))
    _run(path, lambda: build_proxies(path, options, chosen, data.cards, data.ruleset))


@app.command("proxies")
def proxies_cmd(
    nation_name: Annotated[str | None, typer.Option("--nation", metavar="NATION", help="german or soviet: only this "
                                                    "side's cards, with the cards either side may use (default: every "
                                                    "card).")] = None,
    lang: LangOpt = "en",
    paper: PaperOpt = Paper.a4,
    ruleset: RulesetOpt = None,
    out_file: OutOpt = None,
    card_size: SizeOpt = "standard",
    bleed: BleedOpt = 0.0,
    butted: ButtedOpt = False,
    duplex: DuplexOpt = False,
    strict: StrictOpt = False,
    backs: BacksOpt = True,
) -> None:
    """A full proxy deck: one proxy of every card (or of one side's), errata applied, grouped by card type as the
    data files are (air and artillery, AT guns, equipment, infantry, the Six-Pack's, special and terrain, ultra
    rare, vehicles), each group in its card table's order."""
    nation = _nation(nation_name)
    options = _options(lang, paper, card_size, bleed, duplex, strict, butted, backs)
    data = _data(ruleset)
    chosen = deck_cards(data.cards, nation)
    path = out_file or _default_out("proxies", ruleset, options, nation.value if nation else "all", deck=True)
    _run(path, lambda: build_proxies(path, options, chosen, data.cards, data.ruleset))


@app.command()
def deck(
    scenario: Annotated[str, typer.Option("--scenario", help="Scenario id ('tcforge scenario list') or file.")],
    side: Annotated[str | None, typer.Option("--side", help="Only this side: german, soviet, or the side's id or "
                                                "role (attacker, defender). Default: both.")] = None,
    lang: LangOpt = "en",
    paper: PaperOpt = Paper.a4,
    balance: BalanceOpt = None,
    out_file: OutOpt = None,
    card_size: SizeOpt = "standard",
    bleed: BleedOpt = 0.0,
    butted: ButtedOpt = False,
    duplex: DuplexOpt = False,
    strict: StrictOpt = False,
    backs: BacksOpt = True,
) -> None:
    """Proxies of every card a scenario gives a side, counts included, with a checklist; reinforcements marked."""
    options = _options(lang, paper, card_size, bleed, duplex, strict, butted, backs)
    chosen = _scenario(scenario, balance)
    try:
        sides = choose_sides(chosen, side)
        deck_proxies(chosen, side)              # nothing to print is an error before any file is touched
    except RenderError as exc:
        _fail(str(exc))
    who = sides[0].id if side else None
    path = out_file or _default_out(f"deck-{chosen.id}", None, options, who, balance, deck=True)
    _run(path, lambda: build_scenario_deck(path, options, chosen, side))


@app.command("scenario")
def scenario_cmd(
    scenario: Annotated[str, typer.Argument(metavar="ID", help="Scenario id ('tcforge scenario list') or file.")],
    lang: SheetLangOpt = "en",
    paper: SheetPaperOpt = Paper.a4,
    balance: BalanceOpt = None,
    out_file: OutOpt = None,
    strict: StrictOpt = False,
) -> None:
    """A scenario sheet on one or two pages: briefing, battlefield map, victory, setup, forces, special rules."""
    options = _options(lang, paper, "standard", 0.0, False, strict)
    chosen = _scenario(scenario, balance)
    path = out_file or Path("output") / f"scenario-{chosen.id}{_tail(balance, lang, paper.value)}.pdf"
    _run(path, lambda: build_scenario_sheet(path, options, chosen))


@app.command()
def calibration(
    paper: CalibrationPaperOpt = Paper.a4,
    lang: CalibrationLangOpt = "en",
    back_offset: Annotated[str | None, typer.Option("--back-offset", help="Save the offset read on the printed "
                                                       "page, X,Y in mm (e.g. 1.5,-0.5), for this paper.")] = None,
    out_file: OutOpt = None,
) -> None:
    """A double-sided calibration page; --back-offset saves what you measured on it."""
    if back_offset is not None:
        try:
            offset = parse_offset(back_offset)
            saved = settings.save_back_offset(paper.value, offset)
        except (LayoutError, RenderError) as exc:
            _fail(str(exc))
        out.print(f"saved back offset {offset[0]:g},{offset[1]:g} mm for {paper.value} in {saved}", markup=False)
    options = _options(lang, paper, "standard", 0.0, True, False)
    data = _data(None)
    path = out_file or Path("output") / f"calibration-{lang}-{paper.value}.pdf"
    _run(path, lambda: build_calibration(path, options, data.cards, data.ruleset))


def _bundled_scenarios() -> list[Scenario]:
    """Every bundled scenario, loaded; 'print all' prints a sheet of each."""
    return [_scenario(sid, None) for sid in bundled_ids()]


@app.command("all")
def all_cmd(
    out_dir: Annotated[Path, out_dir_option("Folder for the PDFs.")] = Path("output"),
    ruleset: RulesetOpt = None,
    card_size: SizeOpt = "standard",
    bleed: BleedOpt = 0.0,
    butted: ButtedOpt = False,
    duplex: DuplexOpt = False,
    strict: StrictOpt = False,
    backs: BacksOpt = True,
    scenarios: Annotated[bool, typer.Option("--scenarios/--no-scenarios", help="Also the sheets of every bundled "
                                            "scenario and the decks of Hill 621 and Kursk.")] = True,
) -> None:
    """Inserts, reference cards, a proxy deck of every card, scenario sheets and decks, English and French, A4 and Letter."""
    jobs = _all_jobs(out_dir, ruleset, card_size, bleed, butted, duplex, strict, backs, scenarios)
    start = time.perf_counter()
    done, pages, notes = _build_all(jobs, out_dir)
    for note, count in notes.items():
        err.print(f"tcforge: note ({count} of the {len(jobs)} PDFs): {note}", markup=False)
    for path in done:
        out.print(f"wrote {display_path(path)}", markup=False)
    out.print(f"wrote {len(jobs)} PDF(s), {pages} page(s), to {display_path(out_dir)} in "
              f"{time.perf_counter() - start:.1f} s", markup=False)


def _all_jobs(out_dir: Path, ruleset: str | None, card_size: str, bleed: float, butted: bool, duplex: bool,
              strict: bool, backs: bool, scenarios: bool) -> list[tuple[Path, Callable[[], Report]]]:
    """Every PDF 'print all' makes, each with the function that builds it, in the order they are made: the layouts
    are checked for every paper first, so that a layout that cannot be printed stops the run before any file."""
    data = _data(ruleset)
    every = list(data.cards)
    battles = _bundled_scenarios() if scenarios else []
    jobs: list[tuple[Path, Callable[[], Report]]] = []
    for paper in Paper:   # every layout is checked before the first file is written
        try:
            card_sheet(paper.value, parse_card_size(card_size), bleed, butted)
            strip_sheet(paper.value, parse_card_size(card_size), bleed, butted)
        except LayoutError as exc:
            _fail(f"{exc}; nothing was written")
    for paper in Paper:
        for lang in Lang:
            options = _options(lang, paper, card_size, bleed, duplex, strict, butted)
            # the names the single commands give the same products, in the --out folder
            for kind, maker in (("inserts", build_inserts), ("refcards", build_refcards)):
                path = _default_out(kind, ruleset, options, folder=out_dir)
                jobs.append((path, partial(maker, path, options, data.cards, data.ruleset)))
            # the decks: a back page by default, as 'print proxies' and 'print deck' print them
            options = _options(lang, paper, card_size, bleed, duplex, strict, butted, backs)
            path = _default_out("proxies", ruleset, options, "all", folder=out_dir, deck=True)
            jobs.append((path, partial(build_proxies, path, options, every, data.cards, data.ruleset)))
            # Scenarios carry their own ruleset, so their file names do not take --ruleset.
            sheet_options = _options(lang, paper, "standard", 0.0, False, strict)
            for battle in battles:
                path = out_dir / f"scenario-{battle.id}-{lang.value}-{paper.value}.pdf"
                jobs.append((path, partial(build_scenario_sheet, path, sheet_options, battle)))
            for battle in battles:
                if battle.id in ALL_DECKS:
                    path = _default_out(f"deck-{battle.id}", None, options, folder=out_dir, deck=True)
                    jobs.append((path, partial(build_scenario_deck, path, options, battle, None)))
        path = out_dir / f"calibration-en-{paper.value}.pdf"
        options = _options(Lang.en, paper, "standard", 0.0, True, strict)
        jobs.append((path, partial(build_calibration, path, options, data.cards, data.ruleset)))
    return jobs


def _build_all(jobs: list[tuple[Path, Callable[[], Report]]], out_dir: Path) -> tuple[list[Path], int, dict[str, int]]:
    """Build each PDF in turn (each whole or not at all): the files made, the pages, each note with the number of PDFs
    it concerns. Ctrl-C names what was finished and what was not, then stops."""
    pages = 0
    width = max(len(path.name) for path, _ in jobs)
    notes: dict[str, int] = {}  # each note once, with the number of PDFs it concerns
    with working("building PDFs", total=len(jobs)) as progress:
        done: list[Path] = []
        before: tuple[Path, tuple[int, int] | None] | None = None  # the PDF under way, and the file it replaces
        try:
            for path, build in jobs:
                step(progress, 0, f"{path.name:<{width}}")
                before = (path, _file_id(path))
                pages += _run(path, build, quiet=True, spinner=False, seen=notes).pages
                done.append(path)
                step(progress)
        except KeyboardInterrupt:
            # Each PDF is written whole or not at all (tcforge.atomic). The one under way counts as finished if it
            # reached the disk before Ctrl-C did (a new file in its place), so the note names exactly what is there.
            if before is not None and len(done) < len(jobs) and before[0] == jobs[len(done)][0] \
                    and _file_id(before[0]) not in (None, before[1]):
                done.append(before[0])
            rest = [path.name for path, _ in jobs[len(done):]]
            note_interrupted(f"{len(done)} of {len(jobs)} PDF(s) finished in {display_path(out_dir)}: "
                             + (", ".join(path.name for path in done) or "none"),
                             f"{len(rest)} not made: " + ", ".join(rest))
            raise
    return done, pages, notes
