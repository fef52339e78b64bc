"""The ``tcforge`` command line. Thin: parse, call the library, print."""
from __future__ import annotations

import csv
import importlib
import json
import sys
from enum import Enum
from pathlib import Path
from typing import Any, Optional

import typer
from rich.console import Console
from typer.core import TyperGroup
from rich.table import Table

from tcforge import __version__
from tcforge.data.cards import Card, CardLookupError, CardSet
from tcforge.data.dataset import GameData, load_cards, load_data
from tcforge.data.problems import DataError
from tcforge.data.rulesets import Ruleset
from tcforge.i18n.words import t as label

# The print shop, the scenarios and the translation tools import reportlab, WeasyPrint and the engine: they
# are loaded when their command is asked for, so that 'tcforge validate' starts in a fraction of a second.
LAZY_GROUPS = {
    "print": ("tcforge.render.cli", "Print sleeve inserts, reference cards, proxies, scenario sheets and decks, "
                                    "and the rule booklets (PDF, A4 or Letter, English or French)."),
    "scenario": ("tcforge.scenarios.cli", "Scenarios: list, show, check their legality, play, replay, balance, generate."),
    "i18n": ("tcforge.i18n.cli", "The French translation of the rule book: status, substance check, PO export and import."),
}


class _LazyGroup(TyperGroup):
    def list_commands(self, ctx: Any) -> list[str]:
        return sorted(set(super().list_commands(ctx)) | set(LAZY_GROUPS))

    def get_command(self, ctx: Any, name: str) -> Any:
        command = super().get_command(ctx, name)
        if command is None and name in LAZY_GROUPS:
            module, help_text = LAZY_GROUPS[name]
            sub = importlib.import_module(module).app
            if name == "print":
                from tcforge.render.booklet.cli import rulebook
                if not any(c.name == "rulebook" for c in sub.registered_commands):
                    sub.command("rulebook")(rulebook)
            command = typer.main.get_group(sub)
            command.name, command.help = name, help_text
            self.add_command(command, name)
        return command


app = typer.Typer(help="Tank Commander: The Eastern Front Edition toolkit: data, rules engine, print shop.",
                  no_args_is_help=True, add_completion=False, pretty_exceptions_enable=False, cls=_LazyGroup)
cards_app = typer.Typer(help="List and show cards (effective values: printed card + errata).", no_args_is_help=True)
errata_app = typer.Typer(help="The errata applied to the printed cards.", no_args_is_help=True)
bench_app = typer.Typer(help="Benchmarks: per-item costs and ratios.", no_args_is_help=True)
rules_app = typer.Typer(help="Rulesets: every rule parameter with its rule case; variants and their differences.",
                        no_args_is_help=True)
app.add_typer(cards_app, name="cards")
app.add_typer(errata_app, name="errata")
app.add_typer(bench_app, name="bench")
app.add_typer(rules_app, name="rules")

# Piped output (files, scripts, tests) is not cut to 80 columns.
out = Console(highlight=False, soft_wrap=True, width=None if sys.stdout.isatty() else 160)
err = Console(stderr=True, highlight=False, soft_wrap=True)


class Format(str, Enum):
    text = "text"
    json = "json"


class ListFormat(str, Enum):
    table = "table"
    json = "json"
    csv = "csv"


class Lang(str, Enum):
    en = "en"
    fr = "fr"


def _fail(message: str, code: int = 1) -> None:
    err.print(f"tcforge: {message}", markup=False)
    raise typer.Exit(code)


def _cards() -> CardSet:
    try:
        return load_cards()
    except DataError as exc:
        for problem in exc.problems:
            err.print(problem.render(), markup=False)
        _fail(f"the card data has {len(exc.problems)} problem(s); run 'tcforge validate'")
        raise  # unreachable


@app.callback(invoke_without_command=True)
def _root(version: bool = typer.Option(False, "--version", help="Print the version and exit.")) -> None:
    if version:
        out.print(f"tcforge {__version__}")
        raise typer.Exit(0)


@app.command()
def validate(
    paths: Optional[list[Path]] = typer.Argument(None, help="Files or folders to check (default: all of data/)."),
    format: Format = typer.Option(Format.text, "--format", "-f", help="text: one line per problem; json: a list."),
) -> None:
    """Check data files against their JSON Schemas and each other: every problem, one line each.

    Exit 0 when valid, 1 when not, 2 for a usage error.
    """
    from tcforge.data.validate import validate as run

    missing = [p for p in paths or [] if not p.exists()]
    if missing:
        _fail(f"no such file or folder: {', '.join(str(p) for p in missing)}", 2)
    report = run(paths or None)
    if format is Format.json:
        out.print(json.dumps([p.to_json() for p in report.problems], indent=2, ensure_ascii=False), markup=False)
    else:
        for problem in report.problems:
            out.print(problem.render(), markup=False)
        files = len({p.file for p in report.problems})
        summary = (f"{report.files} file(s), {report.cards} card(s): " +
                   (f"{len(report.problems)} problem(s) in {files} file(s)" if report.problems else "valid"))
        err.print(summary, markup=False)
    raise typer.Exit(0 if report.ok else 1)


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


@cards_app.command("list")
def cards_list(
    type: Optional[str] = typer.Option(None, "--type", help="vehicle, at_gun, air_artillery, infantry, equipment, special, ultra_rare."),
    card_class: Optional[str] = typer.Option(None, "--class", help="tank, tank_destroyer, half_track, elite, terrain, ..."),
    nation: Optional[str] = typer.Option(None, "--nation", help="german, soviet or any."),
    rarity: Optional[str] = typer.Option(None, "--rarity", help="C, U, R or UR."),
    year: Optional[int] = typer.Option(None, "--year", help="Only cards in service that year, e.g. 1943."),
    format: ListFormat = typer.Option(ListFormat.table, "--format", "-f"),
    lang: Lang = typer.Option(Lang.en, "--lang"),
) -> None:
    """List cards, filtered by type, class, nation, rarity or year of service."""
    cards = _cards()
    chosen = cards.filter(type=type, card_class=card_class, nation=nation, rarity=rarity.upper() if rarity else None, year=year)
    if format is ListFormat.json:
        out.print(json.dumps([c.to_json(lang.value) for c in chosen], indent=2, ensure_ascii=False), markup=False)
        return
    if format is ListFormat.csv:
        writer = csv.writer(sys.stdout, lineterminator="\n")
        writer.writerow(["id", "name", "rarity", "type", "class", "nation", "hit.short", "hit.long", "penetration.short",
                         "penetration.long", "armor.front", "armor.side", "he", "sa", "ft", "tank_melee",
                         "years.first", "years.last", "points", "speed", "kind"])
        for c in chosen:
            j = c.to_json(lang.value)
            writer.writerow([j["id"], c.display_name(lang.value), j["rarity"], j["type"], j["class"], j["nation"],
                             j["hit"]["short"], j["hit"]["long"], j["penetration"]["short"], j["penetration"]["long"],
                             j["armor"]["front"], j["armor"]["side"], j["he"], j["sa"], j["ft"], j["tank_melee"],
                             j["years"]["first"], j["years"]["last"], j["points"], j["speed"], j.get("kind")])
        return
    table = Table(title=f"{len(chosen)} card(s)", header_style="bold", box=None, pad_edge=False)
    for col in ("#", "name", "type", "class", "nation", "hit", "pen", "armor", "HE", "SA", "FT", "TMV", "years", "pts", "speed"):
        table.add_column(col, justify="right" if col in ("#", "HE", "SA", "FT", "TMV", "pts") else "left")
    for c in chosen:
        e = c.effective
        table.add_row(str(c.id), c.display_name(lang.value) + (" *" if c.changes else ""), c.type, c.card_class, c.nation,
                      _pair(c, "hit", "short", "long"), _pair(c, "penetration", "short", "long"), _pair(c, "armor", "front", "side"),
                      _v(e.get("he")), _v(e.get("sa")), _v(e.get("ft")), _v(e.get("tank_melee")), _years(c),
                      _v(e.get("points")), _v(c.speed) if c.type in ("vehicle", "at_gun", "infantry") else "")
    out.print(table)
    if any(c.changes for c in chosen):
        out.print("* corrected by errata: 'tcforge cards show NUMBER' shows what changed")


@cards_app.command("show")
def cards_show(
    card: str = typer.Argument(..., help="Card number, name or alias (\"46\", \"PzKw IV J\", \"SPW 251\")."),
    format: Format = typer.Option(Format.text, "--format", "-f"),
    lang: Lang = typer.Option(Lang.en, "--lang"),
    nation: Optional[str] = typer.Option(None, "--nation", help="Pick among same-named cards of both sides (\"Truck\")."),
) -> None:
    """Show one card: effective values, each erratum as printed -> corrected with its source."""
    cards = _cards()
    try:
        found = cards.get(card, nation=nation)
    except CardLookupError as exc:
        _fail(str(exc))
        return
    data = found.to_json(lang.value)
    if format is Format.json:
        out.print(json.dumps(data, indent=2, ensure_ascii=False), markup=False)
        return
    _print_card(found, data, lang.value)


def _print_card(card: Card, data: dict[str, Any], lang: str) -> None:
    changed = {c.field: c for c in card.changes}

    def mark(*fields: str) -> str:
        notes = [f"{changed[f].printed} -> {changed[f].corrected}" for f in fields if f in changed]
        return f"  [erratum: {', '.join(notes)}]" if notes else ""

    head = f"{data['id']}  {card.display_name(lang)}"
    out.print(f"[bold]{head}[/bold]" + mark("name"))
    words = [label(data["nation"], lang), data["class"].replace("_", " "), label(data["rarity"], lang)]
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
        rows.append((label("kind", lang), str(data["kind"]) + mark("kind")))
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
    out.print(f"  {label('source', lang)}: {prov['file']}:{prov['line']} (source {prov.get('document', '?')}, {prov.get('section', '?')})", markup=False)


def _mod(value: Any) -> str:
    if isinstance(value, dict):
        return "/".join(_mod(v) for v in value.values())
    if isinstance(value, int):
        return f"+{value}" if value > 0 else str(value)
    return str(value)


@cards_app.command("stats")
def cards_stats(format: Format = typer.Option(Format.text, "--format", "-f")) -> None:
    """Count the cards by type, nation and rarity, and the cards errata correct."""
    cards = _cards()
    by_type: dict[str, dict[str, int]] = {}
    for c in cards:
        row = by_type.setdefault(c.type, {"german": 0, "soviet": 0, "any": 0, "errata": 0, "total": 0})
        row[c.nation] += 1
        row["total"] += 1
        row["errata"] += bool(c.changes)
    if format is Format.json:
        out.print(json.dumps({"total": len(cards), "by_type": by_type}, indent=2), markup=False)
        return
    table = Table(title=f"{len(cards)} cards", header_style="bold", box=None)
    for col in ("type", "German", "Soviet", "either", "corrected", "total"):
        table.add_column(col, justify="left" if col == "type" else "right")
    for name, row in by_type.items():
        table.add_row(name, str(row["german"]), str(row["soviet"]), str(row["any"]), str(row["errata"]), str(row["total"]))
    out.print(table)


@errata_app.command("list")
def errata_list(
    format: Format = typer.Option(Format.text, "--format", "-f"),
    variants: bool = typer.Option(True, "--variants/--official-only", help="Include the Six-Pack variant's card changes."),
) -> None:
    """Every correction: card, field, printed -> corrected, and its source."""
    cards = _cards()
    rows = [(card, change) for card in cards for change in card.changes if variants or not change.variant]
    if format is Format.json:
        out.print(json.dumps([{"card": card.id, "name": card.name, "field": ch.field, "printed": ch.printed,
                               "corrected": ch.corrected, "set": ch.set_id, "sources": list(ch.sources),
                               "variant": ch.variant, "note": ch.note} for card, ch in rows], indent=2, ensure_ascii=False),
                  markup=False)
        return
    table = Table(title=f"{len(rows)} correction(s) on {len({c.id for c, _ in rows})} card(s)", header_style="bold", box=None)
    for col in ("#", "card", "field", "printed", "corrected", "source"):
        table.add_column(col)
    for card, ch in rows:
        table.add_row(str(card.id), card.name, ch.field, str(ch.printed), str(ch.corrected), "; ".join(ch.sources))
    out.print(table)


@bench_app.command("validate")
def bench_validate(
    cards: int = typer.Option(10_000, "--cards", help="Size of the generated card set."),
    repeat: int = typer.Option(5, "--repeat", help="Runs per measurement; the best is kept."),
    check_jsonschema: Optional[Path] = typer.Option(None, "--check-jsonschema",
                                                    help="Path of a check-jsonschema executable to compare with (installed apart)."),
) -> None:
    """Time 'tcforge validate' on the bundled data and on a generated card set."""
    from tcforge.bench import validate_benchmark

    for line in validate_benchmark(cards, repeat, check_jsonschema):
        out.print(line, markup=False)


def _data(ruleset: str | None = None) -> GameData:
    try:
        return load_data(ruleset)
    except DataError as exc:
        for problem in exc.problems:
            err.print(problem.render(), markup=False)
        _fail("the data is not valid; run 'tcforge validate'" if ruleset is None or len(exc.problems) > 1
              else exc.problems[0].message + f" ({exc.problems[0].hint})")
        raise  # unreachable


def _show_value(value: Any) -> str:
    if isinstance(value, dict):
        return ", ".join(f"{k}: {v}" for k, v in value.items())
    if isinstance(value, list):
        return ", ".join(str(v) for v in value)
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


@rules_app.command("list")
def rules_list(format: Format = typer.Option(Format.text, "--format", "-f")) -> None:
    """The rulesets: the default and its variants."""
    data = _data()
    rows = [{"id": r.id, "title": r.title_in("en"), "extends": r.extends, "overrides": len(r.overrides()) if r.extends else 0,
             "parameters": len(r.params), "default": r.id == data.ruleset.id, "file": r.file} for r in data.rulesets.values()]
    rows.sort(key=lambda r: (r["extends"] is not None, r["id"]))
    if format is Format.json:
        out.print(json.dumps(rows, indent=2, ensure_ascii=False), markup=False)
        return
    table = Table(header_style="bold", box=None)
    for col in ("ruleset", "title", "extends", "changes"):
        table.add_column(col)
    for r in rows:
        table.add_row(r["id"] + (" (default)" if r["default"] else ""), r["title"], r["extends"] or "-",
                      f"{r['overrides']} parameter(s)" if r["extends"] else f"{r['parameters']} parameters")
    out.print(table)


@rules_app.command("show")
def rules_show(
    ruleset: str = typer.Argument("six-pack-r3", help="Ruleset id (tcforge rules list)."),
    format: Format = typer.Option(Format.text, "--format", "-f"),
    unclear: bool = typer.Option(False, "--unclear", help="Only the parameters where the sources are unclear."),
) -> None:
    """Every parameter of a ruleset: value, rule case, meaning, and where it comes from."""
    chosen = _ruleset(ruleset)
    params = [p for p in chosen.params.values() if not unclear or p.unclear]
    if format is Format.json:
        out.print(json.dumps({"id": chosen.id, "title": chosen.title, "extends": chosen.extends, "errata": list(chosen.errata),
                              "parameters": {p.name: {"value": p.value, "case": p.case, "description": p.description,
                                                      "unclear": p.unclear, "reason": p.reason, "defined_in": p.defined_in}
                                             for p in params}}, indent=2, ensure_ascii=False), markup=False)
        return
    out.print(f"[bold]{chosen.id}[/bold]: {chosen.title_in('en')}" + (f" (extends {chosen.extends})" if chosen.extends else ""))
    table = Table(header_style="bold", box=None)
    for col in ("parameter", "value", "case", "meaning"):
        table.add_column(col, overflow="fold")
    for p in params:
        note = p.description
        if p.defined_in != chosen.id and chosen.extends:
            note += f" [from {p.defined_in}]"
        elif p.reason:
            note += f" Changed: {p.reason}"
        if p.unclear:
            note += f" Unclear: {p.unclear}"
        table.add_row(p.name, _show_value(p.value), p.case, note)
    out.print(table)


@rules_app.command("cards")
def rules_cards(
    format: Format = typer.Option(Format.text, "--format", "-f"),
    missing: bool = typer.Option(False, "--missing", help="Only the cards whose effect is not (fully) implemented."),
) -> None:
    """Every card and whether the engine implements what it does."""
    from tcforge.engine.cards import EFFECTS

    data = _data()
    rows = []
    for card in data.cards:
        effect = EFFECTS.get(card.id)
        if card.type in ("vehicle", "at_gun", "infantry"):
            status, note = "implemented", "moves, fires and melees by its values"
        elif card.type == "equipment":
            status, note = "implemented", "carried and fired by a squad (13.0-13.2)"
        elif effect is None:
            status, note = "missing", "no entry in tcforge/engine/cards.py"
        else:
            status, note = effect.status, effect.note
        basis = (card.effective.get("effect") or {}).get("basis", "")
        rows.append({"id": card.id, "name": card.name, "type": card.type, "status": status, "note": note,
                     "text_basis": basis})
    if missing:
        rows = [r for r in rows if r["status"] != "implemented"]
    if format is Format.json:
        out.print(json.dumps(rows, indent=2, ensure_ascii=False), markup=False)
        return
    counts = {s: sum(r["status"] == s for r in rows) for s in ("implemented", "partial", "missing")}
    table = Table(title=", ".join(f"{n} {s}" for s, n in counts.items()), header_style="bold", box=None)
    for col in ("#", "card", "type", "status", "what the engine does"):
        table.add_column(col, overflow="fold")
    for r in rows:
        table.add_row(str(r["id"]), r["name"], r["type"], r["status"], r["note"] + (" [interpretation]" if r["text_basis"] == "interpretation" else ""))
    out.print(table)


@rules_app.command("coverage")
def rules_coverage(
    format: Format = typer.Option(Format.text, "--format", "-f"),
    missing: bool = typer.Option(False, "--missing", help="Only the cases not implemented and tested."),
    params: bool = typer.Option(False, "--params", help="The rule parameters instead (variants' rules are their changes)."),
) -> None:
    """Every rule case of 4.0-17.0: the engine code that implements it and the tests that check it."""
    from tcforge.analysis.coverage import coverage, parameter_coverage

    if params:
        items = parameter_coverage()
        if missing:
            items = [p for p in items if p.status == "missing"]
        if format is Format.json:
            out.print(json.dumps([{"parameter": p.name, "case": p.case, "changed_by": p.variants, "status": p.status,
                                   "code": p.code} for p in items], indent=2), markup=False)
            return
        ptable = Table(title=f"{len(items)} parameter(s)", header_style="bold", box=None)
        for col in ("parameter", "case", "changed by", "status", "read at"):
            ptable.add_column(col, overflow="fold")
        for p in items:
            ptable.add_row(p.name, p.case, ", ".join(p.variants), p.status, ", ".join(p.code[:2]) + (f" +{len(p.code) - 2}" if len(p.code) > 2 else ""))
        out.print(ptable)
        return
    rows = coverage()
    if missing:
        rows = [r for r in rows if r.status not in ("implemented and tested", "no mechanics")]
    if format is Format.json:
        out.print(json.dumps([{"case": r.case, "title": r.title, "status": r.status, "code": r.code, "tests": r.tests,
                               "reason": r.reason} for r in rows], indent=2), markup=False)
        return
    counts: dict[str, int] = {}
    for r in rows:
        counts[r.status] = counts.get(r.status, 0) + 1
    table = Table(title=", ".join(f"{n} {s}" for s, n in sorted(counts.items())), header_style="bold", box=None)
    for col in ("case", "title", "status", "code", "tests"):
        table.add_column(col, overflow="fold")
    for r in rows:
        code = ", ".join(r.code[:2]) + (f" +{len(r.code) - 2}" if len(r.code) > 2 else "")
        tests = ", ".join(t.split("::")[1] for t in r.tests[:2]) + (f" +{len(r.tests) - 2}" if len(r.tests) > 2 else "")
        table.add_row(r.case, r.title, r.status, code or r.reason, tests)
    out.print(table)


def _ruleset(ruleset_id: str) -> Ruleset:
    data = _data()
    if ruleset_id not in data.rulesets:
        _fail(f"unknown ruleset '{ruleset_id}'; use one of: {', '.join(sorted(data.rulesets))}")
    return data.rulesets[ruleset_id]


@rules_app.command("diff")
def rules_diff(
    a: str = typer.Argument(..., help="First ruleset id."),
    b: str = typer.Argument(..., help="Second ruleset id."),
    format: Format = typer.Option(Format.text, "--format", "-f"),
) -> None:
    """What differs between two rulesets, each difference with its rule case and reason."""
    first, second = _ruleset(a), _ruleset(b)
    diffs = []
    for name in sorted(set(first.params) | set(second.params)):
        pa, pb = first.params.get(name), second.params.get(name)
        if pa is None or pb is None or pa.value != pb.value:
            changed = pb if pb is not None and pb.reason else pa
            diffs.append({"parameter": name, a: pa.value if pa else None, b: pb.value if pb else None,
                          "case": (changed.case if changed else ""), "reason": (changed.reason if changed else ""),
                          "description": (pa or pb).description if (pa or pb) else ""})
    if format is Format.json:
        out.print(json.dumps(diffs, indent=2, ensure_ascii=False), markup=False)
        return
    if not diffs:
        out.print(f"{a} and {b} have the same parameters")
        return
    table = Table(title=f"{len(diffs)} difference(s)", header_style="bold", box=None)
    for col in ("parameter", a, b, "case", "why"):
        table.add_column(col, overflow="fold")
    for d in diffs:
        table.add_row(d["parameter"], _show_value(d[a]), _show_value(d[b]), d["case"], d["reason"])
    out.print(table)


class Range(str, Enum):
    short = "short"
    long = "long"
    melee = "melee"


@app.command()
def odds(
    firer: Optional[str] = typer.Argument(None, help="Firing card: number, name or alias; or 'matrix' for the whole table."),
    target: Optional[str] = typer.Argument(None, help="Target card."),
    range_: Range = typer.Option(Range.short, "--range", "-r", help="short (adjacent), long (two positions) or melee."),
    terrain: Optional[str] = typer.Option(None, "--terrain", "-t", help="Terrain card at the target's position (Woods, Hills, Foxholes, ...)."),
    smoke: bool = typer.Option(False, "--smoke", help="The target's position is smoked (9.5.1)."),
    flank_shot: bool = typer.Option(False, "--flank-shot", help="A Flank Shot card is played before rolling (9.3.1)."),
    fire_kind: Optional[str] = typer.Option(None, "--fire", help="at, he, sa, ft or tmv (default: the best the firer has)."),
    ruleset: Optional[str] = typer.Option(None, "--ruleset", help="Ruleset id (default six-pack-r3)."),
    format: Format = typer.Option(Format.text, "--format", "-f"),
    out_dir: Path = typer.Option(Path("output"), "--out", help="odds matrix: folder for the CSV and the heat map."),
) -> None:
    """Exact probabilities of one attack: tcforge odds FIRER TARGET [options].

    'tcforge odds matrix [--range R] [--terrain T] [--ruleset R]' writes the whole firer x target table
    as CSV and as a heat-map picture.
    """
    if firer == "matrix":
        _odds_matrix(range_.value, terrain, ruleset, out_dir, format)
        return
    if firer is None or target is None:
        _fail("give a firing card and a target card, e.g. tcforge odds 'PzKw III L' 'T-26 M39'", 2)
    from tcforge.analysis.odds import OddsError, fire_odds

    data = _data(ruleset)
    try:
        result = fire_odds(data, firer, target, rng=range_.value, terrain=terrain, smoke=smoke, flank_shot=flank_shot,
                           kind=fire_kind)
    except (CardLookupError, OddsError) as exc:
        _fail(str(exc))
        return
    if format is Format.json:
        out.print(json.dumps(result.to_json(), indent=2), markup=False)
        return
    a = result.attack
    f_card, t_card = data.cards.get(firer), data.cards.get(target)
    out.print(f"[bold]{f_card.name}[/bold] fires {a.kind.upper()} at [bold]{t_card.name}[/bold], {range_.value} range"
              + (f", {terrain}" if terrain else "") + (", smoke" if smoke else "") + (", Flank Shot" if flank_shot else "")
              + f"  ({data.ruleset.id})")
    mod = f"{a.modifier:+d}" if a.modifier else "no modifier"
    shown = f"roll {'+' if a.modifier > 0 else '-'} {abs(a.modifier)}" if a.modifier else "roll"
    line = f"  hit number {a.hit}, {mod}: a shot hits when {shown} <= {a.hit}"
    if a.anti_tank:
        line += f"; penetration {a.penetration} against armor {a.armor_front} front / {a.armor_side} side"
    out.print(line, markup=False)
    for r in result.rolls:
        if r.result == "to_kill":
            where = "flank hit, side armor" if r.flank else "hit"
            text = f"{where}, To Kill {r.kill_number} or less: kill {r.kill_chance} ({float(r.kill_chance):.0%})"
        else:
            text = {"kill": "destroyed" if not a.anti_tank else "kill", "immobilize": "immobilised (9.3.2)",
                    "miss": "miss"}[r.result]
        out.print(f"  natural {r.roll:>2}: {text}", markup=False)
    for key in ("hit", "kill", "immobilize", "no_effect"):
        value = getattr(result, key)
        out.print(f"  {key:<11} {str(value):>7}  {float(value):6.1%}", markup=False)


def _odds_matrix(rng: str, terrain: Optional[str], ruleset: Optional[str], out_dir: Path, format: Format) -> None:
    from tcforge.analysis.matrix import odds_matrix, write_csv, write_heatmap

    data = _data(ruleset)
    try:
        matrix = odds_matrix(data, ranges=[rng], terrain_names=[terrain or "Clear"])
    except (CardLookupError, ValueError) as exc:
        _fail(str(exc))
        return
    out_dir.mkdir(parents=True, exist_ok=True)
    stem = f"odds-{data.ruleset.id}-{rng}" + (f"-{terrain.lower()}" if terrain else "")
    csv_path = write_csv(matrix, out_dir / f"{stem}.csv")
    png_path = write_heatmap(matrix, out_dir / f"{stem}.png", title=f"Kill odds, {rng} range, {data.ruleset.id}")
    summary = {"firers": len(matrix.firers), "targets": len(matrix.targets), "cells": len(matrix.rows),
               "seconds": round(matrix.seconds, 3), "csv": str(csv_path), "heatmap": str(png_path)}
    if format is Format.json:
        out.print(json.dumps(summary, indent=2), markup=False)
    else:
        out.print(f"{summary['firers']} firers x {summary['targets']} targets, {summary['cells']} cells in "
                  f"{summary['seconds']} s: {csv_path}, {png_path}", markup=False)


@bench_app.command("engine")
def bench_engine(
    seconds: float = typer.Option(3.0, "--seconds", help="Seconds of play per measurement."),
    repeat: int = typer.Option(3, "--repeat", help="Measurements; the best is kept."),
    openspiel: Optional[Path] = typer.Option(None, "--openspiel", help="A Python interpreter with open_spiel installed."),
) -> None:
    """Random playouts of a Kursk-sized battle: actions per second, side by side with OpenSpiel's tic-tac-toe."""
    from tcforge.bench import engine_benchmark

    for line in engine_benchmark(seconds, repeat, openspiel):
        out.print(line, markup=False)


@bench_app.command("scenarios")
def bench_scenarios(
    games: int = typer.Option(100, "--games", help="Games per measurement."),
    big: int = typer.Option(2400, "--big", help="Games of the large Hill 621 run on 2 workers (0 to skip)."),
) -> None:
    """Greedy games a second for Hill 621 and Kursk, the --jobs 2 speed-up, a 2,400-game run, scaling with size."""
    from tcforge.bench import scenario_benchmark

    for line in scenario_benchmark(games, big):
        out.print(line, markup=False)


@bench_app.command("print")
def bench_print() -> None:
    """A proxy deck of every card: milliseconds a card and peak memory."""
    from tcforge.render.cards.bench import proxy_deck_benchmark

    for line in proxy_deck_benchmark():
        out.print(line, markup=False)


@bench_app.command("booklet")
def bench_booklet() -> None:
    """Each rule booklet built in its own process: seconds a page and peak memory."""
    from tcforge.render.booklet.bench import booklet_benchmark

    for line in booklet_benchmark():
        out.print(line, markup=False)


@bench_app.command("odds")
def bench_odds(repeat: int = typer.Option(3, "--repeat")) -> None:
    """The whole odds matrix: every AT firer against every armored target, both ranges, every terrain."""
    from tcforge.analysis.matrix import odds_matrix
    from tcforge.analysis.odds import attack_odds

    data = _data()
    times = []
    for _ in range(repeat):
        attack_odds.cache_clear()
        matrix = odds_matrix(data)
        times.append(matrix.seconds)
    cells = len(matrix.rows)
    out.print(f"odds matrix: {len(matrix.firers)} firers x {len(matrix.targets)} targets x 2 ranges x "
              f"{cells // (2 * len(matrix.firers) * len(matrix.targets))} terrains = {cells:,} cells in "
              f"{min(times):.2f} s (best of {repeat}, cold cache; {min(times) / cells * 1e6:.1f} us a cell)", markup=False)


def main() -> None:
    try:
        app()
    except KeyboardInterrupt:
        err.print("tcforge: interrupted", markup=False)
        sys.exit(130)
