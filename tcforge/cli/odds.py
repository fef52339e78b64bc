"""``tcforge odds``: the exact odds of one attack, or the whole firer x target matrix."""
from __future__ import annotations

import json
from enum import Enum
from pathlib import Path
from typing import Annotated

import typer

from tcforge.cli.common import fail, game_data, out
from tcforge.cli.options import Format, FormatOpt, out_dir_option
from tcforge.data.cards import CardLookupError


class Range(str, Enum):
    short = "short"
    long = "long"
    melee = "melee"


def odds(
    firer: Annotated[str | None, typer.Argument(help="Firing card: number, name or alias; or 'matrix' for the whole table.")] = None,
    target: Annotated[str | None, typer.Argument(help="Target card.")] = None,
    range_: Annotated[Range, typer.Option("--range", "-r", help="short (adjacent), long (two positions) or melee.")] = Range.short,
    terrain: Annotated[str | None, typer.Option(
        "--terrain",
        "-t",
        help="Terrain card at the target's position (Woods, Hills, Foxholes, ...).")] = None,
    smoke: Annotated[bool, typer.Option("--smoke", help="The target's position is smoked (9.5.1).")] = False,
    flank_shot: Annotated[bool, typer.Option("--flank-shot", help="A Flank Shot card is played before rolling (9.3.1).")] = False,
    fire_kind: Annotated[str | None, typer.Option("--fire", help="at, he, sa, ft or tmv (default: the best the firer has).")] = None,
    ruleset: Annotated[str | None, typer.Option("--ruleset", help="Ruleset id (default six-pack-r3).")] = None,
    format: FormatOpt = Format.text,
    out_dir: Annotated[Path, out_dir_option("odds matrix: folder for the CSV and the heat map.")] = Path("output"),
) -> None:
    """Exact probabilities of one attack (tcforge odds FIRER TARGET), or of all of them (tcforge odds matrix).

    'tcforge odds matrix' (with --range, --terrain and --ruleset if wanted) writes the whole firer x target table
    as CSV and as a heat-map picture.
    """
    if firer == "matrix":
        _odds_matrix(range_.value, terrain, ruleset, out_dir, format)
        return
    if firer is None or target is None:
        fail("give a firing card and a target card, e.g. tcforge odds 'PzKw III L' 'T-26 M39'", 2)
    from tcforge.analysis.odds import OddsError, fire_odds

    data = game_data(ruleset)
    try:
        result = fire_odds(data, firer, target, rng=range_.value, terrain=terrain, smoke=smoke, flank_shot=flank_shot,
                           kind=fire_kind)
    except (CardLookupError, OddsError) as exc:
        fail(str(exc))
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
            text = {"kill": "destroyed" if not a.anti_tank else "kill", "immobilize": "immobilized (9.3.2)",
                    "miss": "miss"}[r.result]
        out.print(f"  natural {r.roll:>2}: {text}", markup=False)
    for key in ("hit", "kill", "immobilize", "no_effect"):
        value = getattr(result, key)
        out.print(f"  {key:<11} {value!s:>7}  {float(value):6.1%}", markup=False)


def _odds_matrix(rng: str, terrain: str | None, ruleset: str | None, out_dir: Path, format: Format) -> None:
    from tcforge.analysis.matrix import odds_matrix, write_csv, write_heatmap
    from tcforge.progress import working

    data = game_data(ruleset)
    try:
        with working(f"odds matrix, {rng} range"):
            matrix = odds_matrix(data, ranges=[rng], terrain_names=[terrain or "Clear"])
    except (CardLookupError, ValueError) as exc:
        fail(str(exc))
        return
    for place in (out_dir, *out_dir.parents):
        if place.exists():
            if not place.is_dir():
                fail(f"--out {out_dir}: {place} is a file, not a folder; give a folder for the CSV and the heat map")
            break
    stem = f"odds-{data.ruleset.id}-{rng}" + (f"-{terrain.lower()}" if terrain else "")
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
        csv_path = write_csv(matrix, out_dir / f"{stem}.csv")
        png_path = write_heatmap(matrix, out_dir / f"{stem}.png", title=f"Kill odds, {rng} range, {data.ruleset.id}")
    except OSError as exc:
        fail(f"cannot write the odds matrix to {out_dir}: {exc.strerror or exc}")
    summary = {"firers": len(matrix.firers), "targets": len(matrix.targets), "cells": len(matrix.rows),
               "seconds": round(matrix.seconds, 3), "csv": str(csv_path), "heatmap": str(png_path)}
    if format is Format.json:
        out.print(json.dumps(summary, indent=2), markup=False)
    else:
        out.print(f"{summary['firers']} firers x {summary['targets']} targets, {summary['cells']} cells in "
                  f"{summary['seconds']} s; wrote {csv_path} and {png_path}", markup=False)
