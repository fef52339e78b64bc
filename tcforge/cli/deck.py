"""``tcforge deck ...``: command decks of the fluid-time rules (source 003).

list, show, odds (exact, with a Monte Carlo check on demand), tables (fire,
morale and support odds of 003), print (the deck as cards and the reference
card) and rulebook (the 003 rules as a booklet). Mounted by the main command
line as ``tcforge deck``. Printing lives here rather than under ``tcforge
print``: ``print deck`` already prints a scenario's deck, and everything a deck
designer needs then sits under one command group.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer

from tcforge.bounds import SAMPLES, SEED, bounded
from tcforge.cli.options import (
    BacksOpt,
    BleedOpt,
    BookPaper,
    ButtedOpt,
    CardLangOpt,
    CardPaperOpt,
    CardSizeOpt,
    DuplexOpt,
    Format,
    FormatOpt,
    Lang,
    Paper,
    StrictOpt,
    lang_option,
    out_file_option,
    paper_option,
)
from tcforge.data.problems import DataError
from tcforge.decks.load import DeckLookupError, find_deck, load_decks
from tcforge.decks.model import CommandDeck, FluidRules

app = typer.Typer(help="Command decks of the fluid-time rules (source 003): list, show, odds, tables, print, rulebook.",
                  no_args_is_help=True, add_completion=False, pretty_exceptions_enable=False)


def _echo(text: str = "") -> None:
    typer.echo(text)


def _fail(message: str, code: int = 1) -> NoReturn:
    typer.echo(f"tcforge: {message}", err=True)
    raise typer.Exit(code)


def _problems(exc: DataError) -> NoReturn:
    for problem in exc.problems:
        typer.echo(problem.render(), err=True)
    _fail(f"{len(exc.problems)} problem(s) in the deck data; run 'tcforge validate data/decks'")


def _deck(name: str, turn_overs: int | None = None) -> tuple[CommandDeck, FluidRules]:
    try:
        deck, rules = find_deck(name)
    except DeckLookupError as exc:
        _fail(str(exc), 2)
    except DataError as exc:
        _problems(exc)
    if turn_overs is not None:
        if turn_overs < 1 or turn_overs > deck.count("turn_over"):
            _fail(f"--turn-overs must be from 1 to {deck.count('turn_over')} (the deck's Turn Over cards)", 2)
        rules = rules.with_values(turn__turn_overs_to_end=turn_overs)
    return deck, rules


def _dump(data: Any) -> None:
    _echo(json.dumps(data, indent=2, ensure_ascii=False))


@app.command("list")
def list_decks(
    format: FormatOpt = Format.text,
    front: Annotated[str | None, typer.Option("--front", help="Only the decks of this front (russian, ...).")] = None,
    year: Annotated[int | None, typer.Option("--year", metavar="YEAR", help="Only the decks of this year.")] = None,
) -> None:
    """List the bundled command decks, by front and period."""
    try:
        _, decks = load_decks()
    except DataError as exc:
        _problems(exc)
    chosen = [d for d in decks.values() if (front is None or d.front == front.lower())
              and (year is None or d.period.get("year") == year)]
    rows = [{"id": d.id, "title": d.title, "front": d.front, "period": d.period["en"], "rules": d.rules_id,
             "cards": len(d.shuffled), "turn_over": d.count("turn_over"), "formations": len(d.formations), "file": d.file}
            for d in sorted(chosen, key=lambda d: (d.front, d.period.get("year", 0), d.id))]
    if format is Format.json:
        _dump(rows)
        return
    _echo(f"{len(rows)} deck(s)")
    for r in rows:
        _echo(f"  {r['id']:<30} {r['front']:<10} {r['period']:<14} {r['cards']:>3} cards, {r['turn_over']} Turn Over, "
              f"{r['formations']} formations  {r['title']['en']}")


@app.command("show")
def show(
    deck_name: Annotated[str, typer.Argument(metavar="DECK", help="Deck id or a deck file.")],
    format: FormatOpt = Format.text,
) -> None:
    """Show a deck as printed, with each card's impulse type, side and formation."""
    from tcforge.decks.report import deck_lines

    deck, rules = _deck(deck_name)
    if format is Format.json:
        _dump({"id": deck.id, "title": deck.title, "front": deck.front, "period": deck.period, "rules": deck.rules_id,
               "file": deck.file,
               "sides": {s.id: {"nation": s.nation, "names": s.names} for s in deck.sides.values()},
               "formations": [{"id": f.id, "name": f.name, "side": f.side, **({"printed": f.printed} if f.printed else {})}
                              for f in deck.formations.values()],
               "cards": [{"text": c.text, "heading": c.heading, "type": c.type, "side": c.side, "formation": c.formation,
                          "support": c.support, "line": c.line, "held_out": c.type == "commander_free_action"}
                         for c in deck.cards],
               "support_tables": {t.id: {"kind": t.kind, "die": t.die,
                                         "results": [{"rolls": list(r.rolls), "result": r.result, "attacker": r.attacker,
                                                      "table": r.table} for r in t.results]}
                                  for t in deck.support_tables.values()},
               "interpretations": list(deck.interpretations),
               "rules_interpretations": [{"about": what, "case": case, "reading": text} for what, case, text in rules.readings()]})
        return
    for line in deck_lines(deck, rules):
        _echo(line)


@app.command("odds")
def odds(
    deck_name: Annotated[str, typer.Argument(metavar="DECK", help="Deck id or a deck file.")],
    format: FormatOpt = Format.text,
    turn_overs: Annotated[int | None, typer.Option(
        "--turn-overs",
        help="What if the turn ended on this Turn Over card "
             "(default: the rules' turn.turn_overs_to_end).")] = None,
    sensitivity: Annotated[bool, typer.Option("--sensitivity/--no-sensitivity", help="Add the one-card-more-or-less table.")] = True,
    monte_carlo: Annotated[int, typer.Option(
        "--monte-carlo",
        callback=bounded(SAMPLES),
        help="Also play this many shuffled turns and show the "
             "estimates with their 99.9 % intervals.")] = 0,
    seed: Annotated[int, typer.Option("--seed", callback=bounded(SEED), help="Seed of the Monte Carlo turns.")] = 1,
) -> None:
    """Exact odds of a deck's turn: impulses per turn, each side's and formation's chance to act, longest runs,
    the commanders' Free Action cards, and the effect of one card more or less."""
    from tcforge.decks.odds import DeckOddsError, deck_odds
    from tcforge.decks.odds import sensitivity as sensitivity_table
    from tcforge.decks.report import odds_json, odds_lines

    deck, rules = _deck(deck_name, turn_overs)
    try:
        result = deck_odds(deck, rules)
    except DeckOddsError as exc:
        _fail(str(exc))
    table = sensitivity_table(deck, rules) if sensitivity else None
    sim = None
    if monte_carlo:
        if monte_carlo < 2:
            _fail("--monte-carlo needs at least 2 turns", 2)
        from tcforge.decks.simulate import simulate
        sim = simulate(deck, rules, monte_carlo, seed)
    if format is Format.json:
        data = odds_json(result, rules, table)
        if sim is not None:
            data["monte_carlo"] = {
                "turns": sim.turns, "seed": seed,
                "mean_impulses": vars(sim.mean_impulses),
                "side_no_impulse": {s: vars(e) for s, e in sim.side_none.items()},
                "formation_acts": {f: vars(e) for f, e in sim.acts.items()}}
        _dump(data)
        return
    for line in odds_lines(result, rules, table):
        _echo(line)
    if sim is not None:
        _echo("")
        _echo(f"Monte Carlo, {sim.turns} turns (seed {seed}), 99.9 % intervals; 'ok' when the exact value is inside")
        rows = [("mean impulses", sim.mean_impulses, float(result.mean_impulses))]
        rows += [(f"{deck.sides[s].name()} no impulse", e, float(result.sides[s].none)) for s, e in sim.side_none.items()]
        rows += [(f"{deck.formations[f].name} acts", e, float(result.formations[f].acts)) for f, e in sim.acts.items()]
        for label, est, exact in rows:
            _echo(f"  {label:<28} {est.value:8.4f}  [{est.low:.4f}, {est.high:.4f}]  exact {exact:.4f}  "
                  + ("ok" if est.holds(exact) else "OUTSIDE"))


@app.command("tables")
def tables(
    deck_name: Annotated[str | None, typer.Argument(
        metavar="[DECK]",
        help="A deck, to add what its support cards bring "
             "(default: the rules alone, fluid-time-003).")] = None,
    format: FormatOpt = Format.text,
    max_dice: Annotated[int, typer.Option("--max-dice", min=1, max=8, help="Most gun dice in the penetration table.")] = 5,
    max_armour: Annotated[int, typer.Option(
        "--max-armor",
        "--max-armour",
        min=2,
        max=60,
        help="Highest armor in the penetration tables.")] = 24,
) -> None:
    """Exact fire, morale and support odds of source 003: hit chance by modified Size, penetration by dice and armor
    (with the flank die), penetrating-hit results, morale pass/suppressed/abandoned by modifier, support intensity by nation."""
    from tcforge.decks.tables import tables_json
    from tcforge.decks.tables_text import text_lines

    if deck_name is not None:
        deck, rules = _deck(deck_name)
    else:
        try:
            all_rules, _ = load_decks()
        except DataError as exc:
            _problems(exc)
        if "fluid-time-003" not in all_rules:
            _fail("no fluid-time-003 rules in data/decks")
        deck, rules = None, all_rules["fluid-time-003"]
    if format is Format.json:
        _dump(tables_json(rules, deck, max_dice=max_dice, max_armour=max_armour))
        return
    for line in text_lines(rules, deck, max_dice, max_armour):
        _echo(line)


@app.command("print")
def print_cmd(
    deck_name: Annotated[str, typer.Argument(metavar="DECK", help="Deck id or a deck file.")],
    lang: CardLangOpt = "en",
    paper: CardPaperOpt = Paper.a4,
    out_file: Annotated[Path | None, out_file_option("PDF to write (default: output/command-deck-ID-LANG-PAPER.pdf).")] = None,
    card_size: CardSizeOpt = "standard",
    bleed: BleedOpt = 0.0,
    butted: ButtedOpt = False,
    duplex: DuplexOpt = False,
    strict: StrictOpt = False,
    backs: BacksOpt = True,
    reference: Annotated[bool, typer.Option(
        "--reference/--no-reference",
        help="Add the reference card (fire; morale and support).")] = True,
) -> None:
    """The deck as cards (every printed card, commanders' cards included) with its back, and the 003 reference card.

    Same sizes, sheets, crop marks and duplex as 'tcforge print inserts'.
    """
    from tcforge.paths import display_path
    from tcforge.progress import working
    from tcforge.render.cards.command_deck import build_command_deck
    from tcforge.render.page import settings
    from tcforge.render.page.build import RenderError, TextOverflowError
    from tcforge.render.page.fonts import FontError
    from tcforge.render.page.geometry import LayoutError, parse_card_size
    from tcforge.render.page.sheets import PrintOptions, file_parts

    deck, rules = _deck(deck_name)
    try:
        card = parse_card_size(card_size)
        offset = settings.back_offset(paper.value) if duplex or backs else (0.0, 0.0)
    except (LayoutError, RenderError) as exc:
        _fail(str(exc))
    options = PrintOptions(lang, paper.value, card, bleed, duplex, strict, offset, butted, backs)
    # named by every option that changes the sheets, so that no two prints overwrite each other (issue 20 item 8)
    parts = ["command-deck", deck.id, lang, paper.value, *file_parts(options)] + ([] if reference else ["no-reference"])
    parts += [] if backs or duplex else ["no-backs"]
    path = out_file or Path("output") / ("-".join(parts) + ".pdf")
    try:
        with working(f"building {display_path(path)}"):
            report = build_command_deck(path, options, deck, rules, reference)
    except TextOverflowError as exc:
        for face, items in exc.report.overflows.items():
            typer.echo(f"tcforge: text does not fit on '{face}': {', '.join(items)}", err=True)
        _fail(f"{exc}; {display_path(path)} not written")
    except (RenderError, LayoutError, FontError) as exc:
        _fail(str(exc))
    except OSError as exc:
        _fail(f"cannot write {display_path(path)}: {exc.strerror or exc}")
    for note in report.notes:
        typer.echo(f"tcforge: note: {note}", err=True)
    for face, items in report.overflows.items():
        typer.echo(f"tcforge: text does not fit on '{face}': {', '.join(items)} (shrunk to the floor and cut)", err=True)
    _echo(f"wrote {display_path(path)}: {report.pages} page(s), {report.pieces} piece(s)")


DEFAULT_RULES_DECK = "russian-front-summer-1942"


@app.command("rulebook")
def rulebook_cmd(
    lang: Annotated[Lang, lang_option("Language of the booklet: en, or fr (untranslated or out-of-date cases are "
                                      "marked).")] = Lang.en,
    paper: Annotated[BookPaper, paper_option("Page size: A4, US Letter or A5.")] = BookPaper.a4,
    deck_name: Annotated[str, typer.Option("--deck", help="The deck whose figures the booklet prints.")] = DEFAULT_RULES_DECK,
    out_file: Annotated[Path | None, out_file_option("PDF to write (default: output/rules-003-LANG-PAPER.pdf).")] = None,
) -> None:
    """The fluid-time rules of source 003 as a booklet (data/rules-003), with tables computed from the rules and a deck.

    The French text comes through the same catalogue as the main rule book: 'tcforge i18n status|export|import
    --rules data/rules-003 --lang fr'.
    """
    from tcforge.paths import display_path
    from tcforge.progress import working
    from tcforge.render.booklet.rules003 import Rules003Error, build_rules_booklet

    deck, rules = _deck(deck_name)
    figures = "" if deck.id == DEFAULT_RULES_DECK else f"-{deck.id}"  # another deck's figures: another file
    path = out_file or Path("output") / f"rules-003{figures}-{lang.value}-{paper.value}.pdf"
    try:
        with working(f"building {display_path(path)}"):
            report = build_rules_booklet(path, lang.value, paper.value, rules, deck)
    except Rules003Error as exc:
        _fail(str(exc))
    except DataError as exc:
        _problems(exc)
    except OSError as exc:
        _fail(f"cannot write {display_path(path)}: {exc.strerror or exc}")
    counts = report.counts
    state = "" if lang is Lang.en else (f"; {counts.get('current', 0)} case(s) current, {counts.get('stale', 0)} out of date, "
                                        f"{counts.get('missing', 0)} not translated")
    _echo(f"wrote {display_path(path)}: {report.pages} page(s){state}")
