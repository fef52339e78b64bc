"""``tcforge cards ...``: list, show and count the cards (effective values: printed card + errata)."""
from __future__ import annotations

import csv
import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape
from rich.table import Table

from tcforge.cli.common import card_set, fail, out
from tcforge.cli.options import AnyLangOpt, Format, FormatOpt, TableFormat, TableFormatOpt, any_lang_option, format_option
from tcforge.data.cards import Card, CardLookupError
from tcforge.i18n.texts import untranslated_note
from tcforge.i18n.words import t as label
from tcforge.paths import display_path

app = typer.Typer(help="List and show cards (effective values: printed card + errata).", no_args_is_help=True)


def _v(value: Any) -> str:
    return "" if value is None else str(value)


def _pair(card: Card, key: str, a: str, b: str) -> str:
    sub = card.effective.get(key)
    if not sub:
        return ""
    return f"{_v(sub.get(a))}/{_v(sub.get(b))}"


def _years(card: Card) -> str:
    years = card.effective.get("years")
    return f"{years['first']}-{years['last']}" if years else ""


@app.command("list")
def cards_list(
    type: Annotated[str | None, typer.Option(
        "--type",
        help="vehicle, at_gun, air_artillery, infantry, equipment, special, ultra_rare.")] = None,
    card_class: Annotated[str | None, typer.Option("--class", help="tank, tank_destroyer, half_track, elite, terrain, ...")] = None,
    nation: Annotated[str | None, typer.Option("--nation", help="german, soviet or any.")] = None,
    rarity: Annotated[str | None, typer.Option("--rarity", help="C, U, R or UR.")] = None,
    year: Annotated[int | None, typer.Option("--year", metavar="YEAR", help="Only cards in service that year, e.g. 1943.")] = None,
    format: TableFormatOpt = TableFormat.text,
    lang: AnyLangOpt = "en",
) -> None:
    """List cards, filtered by type, class, nation, rarity or year of service."""
    cards = card_set()
    chosen = cards.filter(type=type, card_class=card_class, nation=nation, rarity=rarity.upper() if rarity else None, year=year)
    if format is TableFormat.json:
        out.print(json.dumps([c.to_json(lang) for c in chosen], indent=2, ensure_ascii=False), markup=False)
        return
    if format is TableFormat.csv:
        writer = csv.writer(sys.stdout, lineterminator="\n")
        writer.writerow(["id", "name", "rarity", "type", "class", "nation", "hit.short", "hit.long", "penetration.short",
                         "penetration.long", "armor.front", "armor.side", "he", "sa", "ft", "tank_melee",
                         "years.first", "years.last", "points", "speed", "kind"])
        for c in chosen:
            j = c.to_json(lang)
            writer.writerow([j["id"], c.display_name(lang), j["rarity"], j["type"], j["class"], j["nation"],
                             j["hit"]["short"], j["hit"]["long"], j["penetration"]["short"], j["penetration"]["long"],
                             j["armor"]["front"], j["armor"]["side"], j["he"], j["sa"], j["ft"], j["tank_melee"],
                             j["years"]["first"], j["years"]["last"], j["points"], j["speed"], j.get("kind")])
        return
    table = name_table(f"{len(chosen)} card(s)")
    for col in ("#", "name", "type", "class", "nation", "hit", "pen", "armor", "HE", "SA", "FT", "TMV", "years", "pts", "speed"):
        table.add_column(col, justify="right" if col in ("#", "HE", "SA", "FT", "TMV", "pts") else "left",
                         no_wrap=col in ("#", "name"), overflow="fold")
    for c in chosen:
        e = c.effective
        table.add_row(str(c.id), c.display_name(lang) + (" *" if c.changes else ""), c.type, c.card_class, c.nation,
                      _pair(c, "hit", "short", "long"), _pair(c, "penetration", "short", "long"), _pair(c, "armor", "front", "side"),
                      _v(e.get("he")), _v(e.get("sa")), _v(e.get("ft")), _v(e.get("tank_melee")), _years(c),
                      _v(e.get("points")), _v(c.speed) if c.type in ("vehicle", "at_gun", "infantry") else "")
    out.print(table)
    if any(c.changes for c in chosen):
        out.print("* corrected by errata: 'tcforge cards show NUMBER' shows what changed")


@app.command("show")
def cards_show(
    card: Annotated[str, typer.Argument(help="Card number, name or alias (\"46\", \"PzKw IV J\", \"SPW 251\").")],
    format: FormatOpt = Format.text,
    lang: AnyLangOpt = "en",
    nation: Annotated[str | None, typer.Option("--nation", help="Pick among same-named cards of both sides (\"Truck\").")] = None,
) -> None:
    """Show one card: effective values, each erratum as printed -> corrected with its source."""
    cards = card_set()
    try:
        found = cards.get(card, nation=nation)
    except CardLookupError as exc:
        fail(str(exc))
        return
    data = found.to_json(lang)
    if format is Format.json:
        out.print(json.dumps(data, indent=2, ensure_ascii=False), markup=False)
        return
    _print_card(found, data, lang)
    missing = _untranslated(found, lang)
    if missing:
        sys.stderr.write(untranslated_note(missing, lang) + "\n")


def _untranslated(card: Card, lang: str) -> list[str]:
    """The card's texts with no translation into ``lang`` (printed in English): its name where the card translates it
    (it has a name in another language), its effect, its rulings."""
    if lang == "en":
        return []
    e = card.effective
    out = []
    if any(k.startswith("name_") for k in e) and not e.get(f"name_{lang}"):
        out.append(f"card:{card.id}|name")
    if "effect" in e and not e["effect"]["text"].get(lang):
        out.append(f"card:{card.id}|effect.text")
    out += [f"card:{card.id}|rulings.{i}.text" for i, r in enumerate(card.rulings) if not r["text"].get(lang)]
    return out


def _print_card(card: Card, data: dict[str, Any], lang: str) -> None:
    changed = {c.field: c for c in card.changes}

    def mark(*fields: str) -> str:
        notes = [f"{changed[f].printed} -> {changed[f].corrected}" for f in fields if f in changed]
        return f"  [erratum: {', '.join(notes)}]" if notes else ""

    head = f"{data['id']}  {card.display_name(lang)}"
    out.print(f"[bold]{escape(head)}[/bold]" + escape(mark("name")))
    kind = data["class"].replace("_", " ") if lang == "en" else label(data["class"], lang)  # card 159: its class in French
    words = [label(data["nation"], lang), kind, label(data["rarity"], lang)]
    out.print("  " + ", ".join(words), markup=False)
    rows: list[tuple[str, str]] = []
    for key, a, b, legend in (("hit", "short", "long", "short_long"), ("penetration", "short", "long", "short_long"),
                              ("armor", "front", "side", "front_side")):
        if card.effective.get(key):
            rows.append((label(key, lang), f"{data[key][a]} / {data[key][b]}  ({label(legend, lang)})" + mark(f"{key}.{a}", f"{key}.{b}")))
    fire = [f"{k.upper()} {data[k]}" for k in ("he", "sa", "ft") if data[k] is not None]
    if fire:
        rows.append((label("fire", lang), "   ".join(fire) + mark("he", "sa", "ft")))
    if data["tank_melee"] is not None:
        rows.append((label("tank_melee", lang), str(data["tank_melee"])))
    if card.effective.get("years"):
        rows.append((label("years", lang), f"{data['years']['first']}-{data['years']['last']}"))
    if data.get("kind") is not None:
        played = str(data["kind"]) if lang == "en" else label(str(data["kind"]), lang)  # Instantanée, never instant
        rows.append((label("kind", lang), played + mark("kind")))
    if data["points"] is not None:
        rows.append((label("points", lang), str(data["points"]) + mark("points")))
    if data["speed"]:
        derived = "" if card.effective.get("speed") else f"  ({label('by_rule', lang)})"
        rows.append((label("speed", lang), label(data["speed"], lang) + derived + mark("speed")))
    for name, value in rows:
        out.print(f"  {name:<14}{value}", markup=False)
    effects = card.effective.get("terrain_effects")
    if effects:
        out.print(f"  {label('terrain_effects', lang)}:", markup=False)
        for table_id, row in effects.items():
            values = "  ".join(f"{k.upper()} {_mod(row[k])}" for k in ("at", "he", "sa", "air", "art"))
            out.print(f"    {table_id:<20}{values}  LOS {row['los']}, {row['movement']}", markup=False)
    if "effect" in data:
        basis = f" ({label('interpretation', lang)})" if data["effect"]["basis"] == "interpretation" else ""
        out.print(f"  {label('effect', lang)}{basis}: {data['effect']['text']}", markup=False)
        if data["effect"].get("reason"):
            out.print(f"    {label('why', lang)}: {data['effect']['reason']}", markup=False)
    if card.changes:
        out.print(f"  {label('errata', lang)}:", markup=False)
        for c in card.changes:
            origin = "; ".join(c.sources)
            out.print(f"    {c.field}: {c.printed} -> {c.corrected}   ({c.set_id}: {origin})", markup=False)
    if data["rulings"]:
        out.print(f"  {label('rulings', lang)}:", markup=False)
        for r in data["rulings"]:
            out.print(f"    FAQ {r['faq']}: {r['text']}", markup=False)
    prov = data["provenance"]
    design = prov.get("design") if isinstance(prov.get("design"), dict) else None
    if "document" in prov:
        origin = f"source {prov['document']}" + (f", {prov['section']}" if prov.get("section") else "")
    elif design is not None:  # a designer's own card cites no source document: its author and date
        origin = label("sc_design_date", lang, author=design.get("author", ""), date=design["date"]) if design.get("date") \
            else label("sc_design", lang, author=design.get("author", ""))
    else:
        origin = label("no_source", lang)
    out.print(f"  {label('source', lang)}: {prov['file']}:{prov['line']} ({origin})", markup=False)


def _mod(value: Any) -> str:
    if isinstance(value, dict):
        return "/".join(_mod(v) for v in value.values())
    if isinstance(value, int):
        return f"+{value}" if value > 0 else str(value)
    return str(value)


@app.command("stats")
def cards_stats(format: FormatOpt = Format.text) -> None:
    """Count the cards by type, nation and rarity, and the cards errata correct."""
    cards = card_set()
    by_type = cards.counts_by_type()
    if format is Format.json:
        out.print(json.dumps({"total": len(cards), "by_type": by_type}, indent=2), markup=False)
        return
    table = Table(title=f"{len(cards)} cards", header_style="bold", box=None)
    for col in ("type", "German", "Soviet", "either", "corrected", "total"):
        table.add_column(col, justify="left" if col == "type" else "right")
    for name, row in by_type.items():
        table.add_row(name, str(row["german"]), str(row["soviet"]), str(row["any"]), str(row["errata"]), str(row["total"]))
    out.print(table)


def name_table(title: str) -> Table:
    """A card table whose names stay whole at 80 columns: the name column never wraps, the others fold."""
    return Table(title=title, header_style="bold", box=None, pad_edge=False)


@app.command("search")
def cards_search(
    name: Annotated[str | None, typer.Argument(
        metavar="NAME",
        help="Part of a name in any language, accents optional "
             "(\"jager\", \"T 34\", \"fumee\").")] = None,
    nation: Annotated[str | None, typer.Option("--nation", metavar="NATION", help="german, soviet or any.")] = None,
    type: Annotated[str | None, typer.Option(
        "--type",
        metavar="TYPE",
        help="A card type (vehicle, infantry, ...) or class (tank, terrain, ...).")] = None,
    year: Annotated[int | None, typer.Option("--year", metavar="YEAR", help="Only cards in service that year, e.g. 1943.")] = None,
    points: Annotated[str | None, typer.Option(
        "--points",
        metavar="RANGE",
        help="Points: 20, a range 20-30, 20- (or more), -30 (or fewer).")] = None,
    format: Annotated[TableFormat, format_option("text: a table; json: a list; csv: rows.")] = TableFormat.text,
    lang: Annotated[str, any_lang_option("Language of the names shown: en, fr, or a language with a catalogue (any "
                                         "language is searched).")] = "en",
) -> None:
    """Find cards by name (any language, accents optional), nation, type, year and points; exit 1 when none."""
    from tcforge.data.search import SearchError, search
    cards = card_set()
    try:
        result = search(cards, name, nation=nation, type=type, year=year, points=points)
    except SearchError as exc:
        fail(str(exc), 2)
    if not result.cards:
        hint = f"; did you mean {', '.join(repr(s) for s in result.suggestions)}?" if result.suggestions else ""
        fail("no card matches " + (f"'{name}'" if name else "these filters") + hint)
    chosen = result.cards
    if format is TableFormat.json:
        out.print(json.dumps([c.to_json(lang) for c in chosen], indent=2, ensure_ascii=False), markup=False)
        return
    if format is TableFormat.csv:
        writer = csv.writer(sys.stdout, lineterminator="\n")
        writer.writerow(["id", "name", "nation", "type", "class", "years.first", "years.last", "points"])
        for c in chosen:
            years = c.effective.get("years") or {}
            writer.writerow([c.id, c.display_name(lang), c.nation, c.type, c.card_class, years.get("first"),
                             years.get("last"), _v(c.effective.get("points"))])
        return
    table = name_table(f"{len(chosen)} card(s)")
    table.add_column("#", justify="right", no_wrap=True)
    table.add_column(label("f:name", lang), no_wrap=True)
    for col in ("nation", "class", "years", "pts", "hit", "pen", "armor"):
        table.add_column(col, justify="right" if col == "pts" else "left", overflow="fold")
    for c in chosen:
        table.add_row(str(c.id), c.display_name(lang), c.nation, c.card_class.replace("_", " "), _years(c),
                      _v(c.effective.get("points")), _pair(c, "hit", "short", "long"),
                      _pair(c, "penetration", "short", "long"), _pair(c, "armor", "front", "side"))
    out.print(table)


@app.command("new")
def cards_new(
    path: Annotated[Path, typer.Argument(metavar="FILE", help="The card file to write, in a folder of your own "
                                         "(e.g. mydata/club-cards.yaml).")],
    force: Annotated[bool, typer.Option("--force", help="Overwrite an existing file.")] = False,
) -> None:
    """Write a commented card file to fill in: one card with every field a vehicle uses, and a first line naming the
    schema, so that an editor with the YAML language server completes and checks it as you type."""
    from tcforge.analysis.generate import GenerateError, write_card_file
    try:
        written = write_card_file(path, force=force)
    except GenerateError as exc:
        fail(str(exc))
    except OSError as exc:
        fail(f"cannot write {display_path(path)}: {exc.strerror or exc} (make its folder first: mkdir "
             f"{display_path(path.parent)})")
    from tcforge.paths import user_data_dirs
    folder = written.parent.resolve()
    named = any(d.resolve() in (folder, *folder.parents) for d in user_data_dirs())  # --data or TCFORGE_DATA says it
    check = "tcforge validate" if named else f"tcforge --data {display_path(written.parent)} validate"
    out.print(f"wrote {display_path(written)}; edit it, then run: {check}", markup=False)
