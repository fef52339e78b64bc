"""``tcforge errata list``: the corrections applied to the printed cards."""
from __future__ import annotations

import json
from typing import Annotated

import typer
from rich.table import Table

from tcforge.cli.common import card_set, out
from tcforge.cli.options import Format, FormatOpt

app = typer.Typer(help="The errata applied to the printed cards.", no_args_is_help=True)


@app.command("list")
def errata_list(
    format: FormatOpt = Format.text,
    variants: Annotated[bool, typer.Option("--variants/--official-only", help="Include the Six-Pack variant's card changes.")] = True,
) -> None:
    """Every correction: card, field, printed -> corrected, and its source."""
    cards = card_set()
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
