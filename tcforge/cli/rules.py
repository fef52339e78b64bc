"""``tcforge rules ...``: rulesets and their parameters, what the engine implements, rule coverage."""
from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

import typer
from rich.table import Table

from tcforge.cli.common import Format, err, fail, game_data, out
from tcforge.data.rulesets import Ruleset, differences

app = typer.Typer(help="Rulesets: every rule parameter with its rule case; variants and their differences.",
                  no_args_is_help=True)


def _show_value(value: Any) -> str:
    if isinstance(value, dict):
        return ", ".join(f"{k}: {v}" for k, v in value.items())
    if isinstance(value, list):
        return ", ".join(str(v) for v in value)
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


@app.command("list")
def rules_list(format: Format = typer.Option(Format.text, "--format", "-f")) -> None:
    """The rulesets: the default and its variants."""
    data = game_data()
    rows: list[dict[str, Any]] = [
        {"id": r.id, "title": r.title_in("en"), "extends": r.extends, "overrides": len(r.overrides()) if r.extends else 0,
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


@app.command("show")
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


@app.command("cards")
def rules_cards(
    format: Format = typer.Option(Format.text, "--format", "-f"),
    missing: bool = typer.Option(False, "--missing", help="Only the cards whose effect is not (fully) implemented."),
) -> None:
    """Every card and whether the engine implements what it does."""
    from tcforge.analysis.coverage import card_coverage

    rows = card_coverage(game_data())
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
        table.add_row(str(r["id"]), r["name"], r["type"], r["status"],
                      r["note"] + (" [interpretation]" if r["text_basis"] == "interpretation" else ""))
    out.print(table)


@app.command("coverage")
def rules_coverage(
    format: Format = typer.Option(Format.text, "--format", "-f"),
    missing: bool = typer.Option(False, "--missing", help="Only the cases not implemented and tested."),
    params: bool = typer.Option(False, "--params", help="The rule parameters instead (variants' rules are their changes)."),
) -> None:
    """Every rule case of 4.0-17.0 (code and tests), then every rule beyond them: Hill 621 (20.0), the FAQ (19.2),
    the authors' comments (23) and the house rules (001), each implemented, an option or missing."""
    from tcforge.analysis.coverage import SOURCES, beyond_the_rule_book, coverage, parameter_coverage, tests_source
    from tcforge.data.problems import DataError

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
            ptable.add_row(p.name, p.case, ", ".join(p.variants), p.status,
                           ", ".join(p.code[:2]) + (f" +{len(p.code) - 2}" if len(p.code) > 2 else ""))
        out.print(ptable)
        return
    from tcforge.progress import working
    with working("reading the code and the tests for rule cases"):
        rows = coverage()
    try:
        beyond = beyond_the_rule_book()
    except DataError as error:
        for problem in error.problems:
            err.print(problem.render(), markup=False)
        fail("the rule coverage file is not valid; run 'tcforge validate'")
        raise  # unreachable
    if missing:
        rows = [r for r in rows if r.status not in ("implemented and tested", "no mechanics")]
        beyond = [b for b in beyond if b.status == "missing"]
    if format is Format.json:
        out.print(json.dumps([{"case": r.case, "source": "rule book", "title": r.title, "status": r.status, "code": r.code,
                               "tests": r.tests, "reason": r.reason} for r in rows] + [b.to_json() for b in beyond],
                             indent=2, ensure_ascii=False), markup=False)
        return
    table = Table(title=f"Rule book 4.0-17.0: {_counts(r.status for r in rows)}", header_style="bold", box=None)
    for col in ("case", "title", "status", "code", "tests"):
        table.add_column(col, overflow="fold")
    for r in rows:
        code = ", ".join(r.code[:2]) + (f" +{len(r.code) - 2}" if len(r.code) > 2 else "")
        tests = ", ".join(t.split("::")[1] for t in r.tests[:2]) + (f" +{len(r.tests) - 2}" if len(r.tests) > 2 else "")
        table.add_row(r.case, r.title, r.status, code or r.reason, tests)
    out.print(table)
    for source, label in SOURCES.items():
        group = [b for b in beyond if b.entry.source == source]
        if not group:
            continue
        gtable = Table(title=f"{label}: {_counts(b.status for b in group)}", header_style="bold", box=None)
        for col in ("rule", "title", "status", "by / why not", "tests"):
            gtable.add_column(col, overflow="fold")
        for b in group:
            why = b.entry.reason if b.status == "missing" else ", ".join(b.carriers())
            if b.entry.departures:
                why += "; departs: " + " ".join(b.entry.departures)
            tests = ", ".join(t.split("::")[1] for t in b.tests[:2]) + (f" +{len(b.tests) - 2}" if len(b.tests) > 2 else "")
            gtable.add_row(b.entry.id, b.entry.title, b.status, why, tests)
        out.print(gtable)
    out.print(f"rule book: {_counts(r.status for r in rows)}; beyond it: {_counts(b.status for b in beyond)}", markup=False)
    err.print(f"tests read from {tests_source()}", markup=False)


def _counts(statuses: Iterable[str]) -> str:
    """'50 implemented and tested, 12 no mechanics': how many of each status, in name order."""
    counts: dict[str, int] = {}
    for status in statuses:
        counts[status] = counts.get(status, 0) + 1
    return ", ".join(f"{n} {s}" for s, n in sorted(counts.items())) or "none"


def _ruleset(ruleset_id: str) -> Ruleset:
    data = game_data()
    if ruleset_id not in data.rulesets:
        fail(f"unknown ruleset '{ruleset_id}'; use one of: {', '.join(sorted(data.rulesets))}")
    return data.rulesets[ruleset_id]


@app.command("diff")
def rules_diff(
    a: str = typer.Argument(..., help="First ruleset id."),
    b: str = typer.Argument(..., help="Second ruleset id."),
    format: Format = typer.Option(Format.text, "--format", "-f"),
) -> None:
    """What differs between two rulesets, each difference with its rule case and reason."""
    diffs = differences(_ruleset(a), _ruleset(b))
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
