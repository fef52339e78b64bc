"""``tcforge rules ...``: rulesets and their parameters, what the engine implements, rule coverage."""
from __future__ import annotations

import json
from typing import Annotated, Any

import typer
from rich.table import Table

from tcforge.cli.common import err, fail, game_data, out
from tcforge.cli.options import Format, FormatOpt
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
def rules_list(format: FormatOpt = Format.text) -> None:
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
    ruleset: Annotated[str, typer.Argument(help="Ruleset id (tcforge rules list).")] = "six-pack-r3",
    format: FormatOpt = Format.text,
    unclear: Annotated[bool, typer.Option("--unclear", help="Only the parameters where the sources are unclear.")] = False,
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
    format: FormatOpt = Format.text,
    missing: Annotated[bool, typer.Option("--missing", help="Only the cards whose effect is not (fully) implemented.")] = False,
) -> None:
    """Every card and whether the engine implements what it does."""
    from tcforge.engine.card_status import card_coverage

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
    format: FormatOpt = Format.text,
    missing: Annotated[bool, typer.Option("--missing", help="Only the cases not implemented and tested.")] = False,
    params: Annotated[bool, typer.Option("--params", help="The rule parameters instead (variants' rules are their changes).")] = False,
) -> None:
    """Every rule case of 4.0-17.0 (code and tests), then every rule beyond them: Hill 621 (20.0), the FAQ (19.2),
    the authors' comments (23) and the house rules (001), each implemented, an option or missing. A developer's tool
    of the checkout (tools/coverage.py, `make coverage`): it reads the tests, which an installed copy does not carry."""
    import importlib.util
    import sys

    from tcforge.paths import checkout_root

    root = checkout_root()
    path = root / "tools" / "coverage.py" if root is not None else None
    if path is None or not path.is_file():
        fail("rule coverage reads the tests: run 'make coverage' in a checkout of tcforge (tools/coverage.py)")
    spec = importlib.util.spec_from_file_location("tcforge_tools_coverage", path)
    assert spec is not None and spec.loader is not None
    tool = sys.modules[spec.name] = importlib.util.module_from_spec(spec)  # its dataclasses look their module up
    spec.loader.exec_module(tool)
    wrong = tool.run(as_json=format is Format.json, missing=missing, params=params, out=out, err=err)
    if wrong:
        fail(wrong)


def _ruleset(ruleset_id: str) -> Ruleset:
    data = game_data()
    if ruleset_id not in data.rulesets:
        fail(f"unknown ruleset '{ruleset_id}'; use one of: {', '.join(sorted(data.rulesets))}")
    return data.rulesets[ruleset_id]


@app.command("diff")
def rules_diff(
    a: Annotated[str, typer.Argument(help="First ruleset id.")],
    b: Annotated[str, typer.Argument(help="Second ruleset id.")],
    format: FormatOpt = Format.text,
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
