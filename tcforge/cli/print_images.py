"""``tcforge print images ...``: card images for a print-on-demand service, one PNG a card with bleed, and a manifest.

Thin: parse, pick the pieces (tcforge.render), draw them (tcforge.render.cards.images), write the folder, report.
Each command writes one folder, under output/images/ by default, named like the PDFs by the product and every
option that changes it; the folder is written whole or not at all, and a re-run replaces the folder it wrote.
"""
from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from tcforge.bounds import DPI, bounded
from tcforge.cli.common import err, out
from tcforge.cli.options import CardLangOpt, CardSizeOpt, OptionOpt, RulesetOpt, out_dir_option
from tcforge.cli.print_input import (
    card_part,
    deck_cards,
    fail_line,
    game_data_for,
    lookup_cards,
    name_tail,
    nation_of,
    scenario_for,
)
from tcforge.paths import display_path
from tcforge.progress import step, working
from tcforge.render.cards.images import (
    BLEED_MM_DEFAULT,
    DPI_DEFAULT,
    MANIFEST_CSV,
    MANIFEST_JSON,
    ImageSet,
    ImageSize,
    check_out,
    distinct_images,
    draw_images,
    write_images,
)
from tcforge.render.page.build import RenderError
from tcforge.render.page.fonts import FontError
from tcforge.render.page.geometry import LayoutError, parse_card_size
from tcforge.render.page.sheets import Ctx, Piece, Report

app = typer.Typer(help="Card images for print-on-demand services (MakePlayingCards, The Game Crafter, PrinterStudio): "
                  "one PNG a card, with bleed on every side and square corners, no crop marks, and a manifest "
                  "(manifest.csv, manifest.json: name, count, front, back a distinct card).",
                  no_args_is_help=True, add_completion=False, pretty_exceptions_enable=False)

DpiOpt = Annotated[int, typer.Option("--dpi", callback=bounded(DPI), help=f"Pixels an inch (default {DPI_DEFAULT}, what the "
                                     "print shops ask for; 63 x 88 mm with 3 mm bleed is 816 x 1111 px).")]
ImageBleedOpt = Annotated[float, typer.Option("--bleed", min=0.0, max=5.0, help="Bleed in mm round every card, the frame "
                                              "and background carried out into it (default 3, the shops' 1/8 inch "
                                              "rounded: 36 px at 300 dpi).")]
ImageStrictOpt = Annotated[bool, typer.Option("--strict", help="Text that does not fit is an error (exit 1, no "
                                                              "image written).")]
ImageOutOpt = Annotated[Path | None, out_dir_option("Folder to write the PNGs and the manifest into (default: "
                                                    "output/images/ and a name made of the product and its options). "
                                                    "A folder this command wrote is replaced whole; another is refused.")]


def _folder(kind: str, parts: list[str | None], lang: str, size: ImageSize) -> Path:
    """output/images/KIND-PARTS-LANG, then what differs from the default image: card size, bleed, dpi."""
    card = size.card
    shape = None if card.name == "standard" else (card.name or f"{card.width_mm:g}x{card.height_mm:g}")
    bleed = None if size.bleed_mm == BLEED_MM_DEFAULT else f"bleed{size.bleed_mm:g}"
    dpi = None if size.dpi == DPI_DEFAULT else f"{size.dpi}dpi"
    return Path("output") / "images" / f"{kind}{name_tail(*parts, lang, shape, bleed, dpi)}"


def _size(card_size: str, dpi: int, bleed: float) -> ImageSize:
    try:
        return ImageSize(parse_card_size(card_size), dpi, bleed)
    except LayoutError as exc:
        fail_line(str(exc))


def _make(folder: Path, product: str, pieces: list[Piece], size: ImageSize, ctx: Ctx, strict: bool,
          notes: list[str] | None = None) -> None:
    """Draw ``pieces`` and write ``folder``; any expected failure is one line on stderr and exit 1, nothing written."""
    if not pieces:
        fail_line(f"no card to draw for {product}; nothing was written")
    try:
        check_out(folder)           # a folder that cannot be written is refused before anything is drawn
        with working(f"drawing {display_path(folder)}", total=distinct_images(pieces)) as progress:
            images = draw_images(product, pieces, size, ctx, lambda: step(progress))
        for face, items in images.report.overflows.items():
            err.print(f"tcforge: text does not fit on '{face}': {', '.join(items)} (shrunk to the floor and cut)",
                      markup=False)
        if strict and images.report.overflows:
            fail_line(f"{len(images.report.overflows)} card(s) with text that does not fit (--strict); "
                      f"{display_path(folder)} not written")
        write_images(images, folder)
    except (RenderError, FontError) as exc:
        fail_line(str(exc))
    except OSError as exc:  # a link is named as given: display_path would name where it points
        shown = str(folder) if folder.is_symlink() else display_path(folder)
        fail_line(f"cannot write {shown}: {exc.strerror or exc}")
    for note in notes or []:
        err.print(f"tcforge: note: {note}", markup=False)
    _said(folder, images)


def _said(folder: Path, images: ImageSet) -> None:
    fronts, backs = len(images.fronts), len(images.backs)
    per = images.seconds / max(1, images.drawn) * 1000
    out.print(f"wrote {display_path(folder)}: {images.cards} card(s), {fronts} front image(s) and {backs} back(s) of "
              f"{images.size.label()}, {len(images.rows)} row(s) in {MANIFEST_CSV} and {MANIFEST_JSON}, "
              f"{images.seconds:.1f} s ({per:.0f} ms an image)", markup=False)


@app.command("inserts")
def images_inserts(
    lang: CardLangOpt = "en",
    ruleset: RulesetOpt = None,
    cards: Annotated[list[str] | None, typer.Option("--cards", help="Only the inserts for these cards (number, name or "
                                                    "alias; repeat or separate with commas).")] = None,
    copies: Annotated[int | None, typer.Option("--copies", min=1, max=50, help="Each insert this many times instead "
                                               "of the checklist's counts (the manifest's count).")] = None,
    dpi: DpiOpt = DPI_DEFAULT,
    bleed: ImageBleedOpt = BLEED_MM_DEFAULT,
    card_size: CardSizeOpt = "standard",
    out_dir: ImageOutOpt = None,
    strict: ImageStrictOpt = False,
) -> None:
    """The sleeve inserts as card images, each counted as the inserts' checklist counts it, with its back; the
    terrain strips are not cards and stay on 'tcforge print inserts'."""
    from tcforge.render.cards.inserts import insert_pieces, plan

    size = _size(card_size, dpi, bleed)
    data = game_data_for(ruleset)
    only = lookup_cards(data.cards, cards) if cards else None
    try:
        inserts = plan(data.cards, data.ruleset, lang, only, copies)
    except RenderError as exc:
        fail_line(str(exc))
    strips = sum(i.count for i in inserts if i.strip)
    folder = out_dir or _folder("inserts", [ruleset, card_part(only) if only else None,
                                            f"copies{copies}" if copies else None], lang, size)
    notes = [f"the {strips} terrain strips are not cards: print them with 'tcforge print inserts'"] if strips else []
    _make(folder, "inserts", insert_pieces(inserts), size, Ctx(lang, data.cards, data.ruleset, Report()), strict, notes)


@app.command("proxies")
def images_proxies(
    nation_name: Annotated[str | None, typer.Option("--nation", metavar="NATION", help="german or soviet: only this "
                                                    "side's cards, with the cards either side may use (default: every "
                                                    "card).")] = None,
    lang: CardLangOpt = "en",
    ruleset: RulesetOpt = None,
    dpi: DpiOpt = DPI_DEFAULT,
    bleed: ImageBleedOpt = BLEED_MM_DEFAULT,
    card_size: CardSizeOpt = "standard",
    out_dir: ImageOutOpt = None,
    strict: ImageStrictOpt = False,
) -> None:
    """A proxy of every card (or of one side's) as card images, errata applied, all with the one proxy back."""
    from tcforge.render.cards.proxies import proxy_pieces

    nation = nation_of(nation_name)
    size = _size(card_size, dpi, bleed)
    data = game_data_for(ruleset)
    chosen = deck_cards(data.cards, nation)
    folder = out_dir or _folder("proxies", [nation.value if nation else "all", ruleset], lang, size)
    _make(folder, "proxies", proxy_pieces(chosen, lang), size, Ctx(lang, data.cards, data.ruleset, Report()), strict)


@app.command("deck")
def images_deck(
    scenario: Annotated[str, typer.Option("--scenario", help="Scenario id ('tcforge scenario list') or file.")],
    side: Annotated[str | None, typer.Option("--side", help="Only this side: german, soviet, or the side's id or "
                                                "role (attacker, defender). Default: both.")] = None,
    lang: CardLangOpt = "en",
    balance: OptionOpt = None,
    dpi: DpiOpt = DPI_DEFAULT,
    bleed: ImageBleedOpt = BLEED_MM_DEFAULT,
    card_size: CardSizeOpt = "standard",
    out_dir: ImageOutOpt = None,
    strict: ImageStrictOpt = False,
) -> None:
    """Every card a scenario gives a side, as card images: copies counted in the manifest, each side's cards with
    the side's one back (a drawing deck is shuffled face down)."""
    from tcforge.render.scenario.deck import choose_sides, deck_pieces

    size = _size(card_size, dpi, bleed)
    chosen = scenario_for(scenario, balance)
    try:
        sides = choose_sides(chosen, side)
        pieces = deck_pieces(chosen, side, lang)
    except RenderError as exc:
        fail_line(str(exc))
    folder = out_dir or _folder(f"deck-{chosen.id}", [sides[0].id if side else None, balance], lang, size)
    _make(folder, f"deck {chosen.id}", pieces, size, Ctx(lang, chosen.cards, chosen.ruleset, Report()), strict)


@app.command("command-deck")
def images_command_deck(
    deck_name: Annotated[str, typer.Argument(metavar="DECK", help="Deck id ('tcforge deck list') or a deck file.")],
    lang: CardLangOpt = "en",
    dpi: DpiOpt = DPI_DEFAULT,
    bleed: ImageBleedOpt = BLEED_MM_DEFAULT,
    card_size: CardSizeOpt = "standard",
    out_dir: ImageOutOpt = None,
    strict: ImageStrictOpt = False,
    reference: Annotated[bool, typer.Option(
        "--reference/--no-reference",
        help="Add the 003 reference card: tank fire on "
             "its front, morale and support on its back.")] = True,
) -> None:
    """A command deck of the fluid-time rules (source 003) as card images, every card with the deck's one back."""
    from tcforge.data.problems import DataError
    from tcforge.decks.load import DeckLookupError, find_deck
    from tcforge.render.cards.command_deck import command_deck_pieces

    size = _size(card_size, dpi, bleed)
    try:
        deck, rules = find_deck(deck_name)
    except DeckLookupError as exc:
        fail_line(str(exc), 2)
    except DataError as exc:
        for problem in exc.problems:
            err.print(problem.render(), markup=False)
        fail_line(f"{len(exc.problems)} problem(s) in the deck data; run 'tcforge validate data/decks'")
    data = game_data_for(None)
    folder = out_dir or _folder(f"command-deck-{deck.id}", [None if reference else "no-reference"], lang, size)
    _make(folder, f"command deck {deck.id}", command_deck_pieces(deck, rules, lang, reference), size,
          Ctx(lang, data.cards, data.ruleset, Report()), strict)
