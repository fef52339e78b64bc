"""``tcforge scenario ...``: list, show and check scenarios, and list the check codes.

Mounted by the main command line as ``tcforge scenario``; usable on its own
through ``app``.
"""
from __future__ import annotations

import json
from enum import Enum
from pathlib import Path
from typing import Optional

import typer

from tcforge.scenarios.check import CODES, Report, check_file
from tcforge.scenarios.findings import Finding
from tcforge.scenarios.model import bundled_ids, find_scenario, load_scenario, scenarios_dir
from tcforge.scenarios.show import summary, to_json

app = typer.Typer(help="Scenarios: list them, show one, check setups for legality.",
                  no_args_is_help=True, add_completion=False, pretty_exceptions_enable=False)


class Format(str, Enum):
    text = "text"
    json = "json"


class Lang(str, Enum):
    en = "en"
    fr = "fr"


def _echo(text: str = "") -> None:
    typer.echo(text)


def _err(text: str) -> None:
    typer.echo(text, err=True)


def _usage(message: str) -> None:
    _err(f"tcforge: {message}")
    raise typer.Exit(2)


def _resolve(reference: str) -> Path:
    path = find_scenario(reference)
    if path is None:
        if Path(reference).exists():
            _usage(f"'{reference}' is not a file")
        _usage(f"no scenario '{reference}': give a file or one of {', '.join(bundled_ids())}")
    assert path is not None
    return path


@app.command("list")
def list_scenarios(
    format: Format = typer.Option(Format.text, "--format", "-f", help="text: a table; json: a list."),
    lang: Lang = typer.Option(Lang.en, "--lang", help="Language of titles."),
) -> None:
    """List the bundled scenarios."""
    rows = []
    for sid in bundled_ids():
        path = scenarios_dir() / f"{sid}.yaml"
        result = load_scenario(path)
        s = result.scenario
        if s is None:
            rows.append({"id": sid, "title": None, "date": None, "source": None, "sides": [], "turn_limit": None,
                         "victory": [], "legal": False})
            continue
        rows.append({"id": s.id, "title": s.title.get(lang.value), "date": s.date, "source": f"{s.source['document']} {s.source['section']}",
                     "sides": [{"id": side.id, "nation": side.nation, "role": side.role} for side in s.sides],
                     "turn_limit": s.turn_limit, "victory": [v.type for v in s.victory], "legal": check_file(path).legal})
    if format is Format.json:
        _echo(json.dumps(rows, indent=2, ensure_ascii=False))
        return
    _echo(f"{len(rows)} scenario(s)")
    width = max(len(r["id"]) for r in rows) if rows else 2
    for r in rows:
        sides = " v ".join(f"{x['id']} ({x['role']})" for x in r["sides"])
        turns = f"{r['turn_limit']} turns" if r["turn_limit"] else "no turn limit"
        title = r["title"] or "(cannot be loaded: run 'tcforge scenario check')"
        _echo(f"{r['id']:<{width}}  {title} [{r['source'] or '?'}{', ' + r['date'] if r['date'] else ''}]  {sides}; {turns}")


@app.command("show")
def show(
    scenario: str = typer.Argument(..., help="A bundled scenario id (hill-621) or a scenario file."),
    lang: Lang = typer.Option(Lang.en, "--lang", help="en or fr."),
    format: Format = typer.Option(Format.text, "--format", "-f", help="text: a readable summary; json: the resolved scenario."),
    balance: Optional[str] = typer.Option(None, "--balance", help="Apply a balance option by id first (german-plus)."),
) -> None:
    """Show a scenario: battlefield, forces, reinforcements, victory, special rules, balance options."""
    path = _resolve(scenario)
    result = load_scenario(path, balance=balance)
    if result.scenario is None or result.findings:
        for f in result.findings:
            _err(f.render())
        _err(f"tcforge: {len(result.findings)} problem(s); 'tcforge scenario check {scenario}' lists them all")
        raise typer.Exit(1)
    if format is Format.json:
        _echo(json.dumps(to_json(result.scenario, lang.value), indent=2, ensure_ascii=False))
    else:
        _echo(summary(result.scenario, lang.value).rstrip("\n"))


@app.command("check")
def check(
    scenarios: Optional[list[str]] = typer.Argument(None, help="Scenario ids or files (default: every bundled scenario)."),
    format: Format = typer.Option(Format.text, "--format", "-f", help="text: one line per finding; json: one report per file."),
) -> None:
    """Check scenarios (or setups written as scenario files) for legality: every finding in one run.

    Exit 0 when all are legal, 1 when not, 2 for a usage error.
    """
    paths = [_resolve(ref) for ref in scenarios] if scenarios else [scenarios_dir() / f"{sid}.yaml" for sid in bundled_ids()]
    reports: list[Report] = [check_file(path) for path in paths]
    findings: list[Finding] = [f for r in reports for f in r.findings]
    if format is Format.json:
        _echo(json.dumps({"legal": not findings, "reports": [r.to_json() for r in reports]}, indent=2, ensure_ascii=False))
    else:
        for f in findings:
            _echo(f.render())
        bad = sum(1 for r in reports if not r.legal)
        _err(f"{len(reports)} scenario file(s): " + (f"{len(findings)} problem(s) in {bad} file(s)" if findings else "legal"))
    raise typer.Exit(1 if findings else 0)


@app.command("codes")
def codes(format: Format = typer.Option(Format.text, "--format", "-f")) -> None:
    """The codes of the scenario checks and what each means."""
    if format is Format.json:
        _echo(json.dumps(CODES, indent=2, ensure_ascii=False))
        return
    width = max(len(c) for c in CODES)
    for code, text in CODES.items():
        _echo(f"{code:<{width}}  {text}")
