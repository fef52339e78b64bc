"""``tcforge export``: the cards, in formats other play tools read. Thin: parse, call :mod:`tcforge.export.run`, print."""
from __future__ import annotations

from pathlib import Path
from typing import Annotated, NoReturn

import typer

from tcforge.bounds import SEED, bounded
from tcforge.cli.options import any_lang_option, out_dir_option

app = typer.Typer(help="Export cards to other play tools: Tabletop Simulator deck sheets and a saved table.",
                  no_args_is_help=True, add_completion=False, pretty_exceptions_enable=False)


def _fail(message: str, code: int = 1) -> NoReturn:
    typer.echo(f"tcforge: {message}", err=True)
    raise typer.Exit(code)


@app.callback()
def _group() -> None:
    """Export cards to other play tools."""


@app.command("tts")
def tts(
    name: Annotated[str, typer.Argument(metavar="SCENARIO|DECK", help="A scenario (id or file) or a command deck (id or file).")],
    lang: Annotated[str, any_lang_option("Language of the cards: en, fr, or a language with a catalogue.")] = "en",
    seed: Annotated[int, typer.Option(
        "--seed",
        callback=bounded(SEED),
        help="A scenario's set-up: the same seed as 'tcforge scenario play' "
             "gives the same terrain and placement.")] = 1,
    out: Annotated[Path | None, out_dir_option("Folder to write the save (JSON) and the PNGs into (default: "
                                               "output/tts/NAME-LANG, and -seedN for a seed other than 1).")] = None,
    base_url: Annotated[str | None, typer.Option(
        "--base-url",
        help="Where the PNGs will be served from (http or "
             "https); default: the written files as local file:// addresses.")] = None,
) -> None:
    """A scenario's or a command deck's cards as Tabletop Simulator deck sheets and a save.

    A scenario is laid out as the game of --seed starts: terrain and forces on the map's positions, each side's
    reserve and drawing deck face down beyond its edge, reinforcements set aside by turn. Load the JSON as a saved
    game or a saved object (see 'Playing online: Tabletop Simulator' in docs/getting-started/player.md).
    """
    from tcforge.data.problems import DataError
    from tcforge.export.run import export_tts
    from tcforge.export.tts import ExportError
    from tcforge.paths import display_path
    from tcforge.play.setup import SetupError
    from tcforge.progress import working
    from tcforge.render.page.build import RenderError
    from tcforge.render.page.fonts import FontError
    from tcforge.scenarios.findings import ScenarioError

    folder = out or Path("output") / "tts" / (f"{Path(name).stem}-{lang}" + (f"-seed{seed}" if seed != 1 else ""))
    try:
        with working(f"exporting {display_path(folder)}"):
            result = export_tts(name, folder, lang, seed, base_url)
    except ScenarioError as exc:
        for finding in exc.findings:
            typer.echo(finding.render(), err=True)
        _fail("the scenario is not valid; run 'tcforge scenario check'")
    except DataError as exc:
        for problem in exc.problems:
            typer.echo(problem.render(), err=True)
        _fail(f"{len(exc.problems)} problem(s) in the deck file")
    except (ExportError, SetupError, RenderError, FontError) as exc:
        _fail(str(exc))
    except OSError as exc:
        _fail(f"cannot write {display_path(folder)}: {exc.strerror or exc}")
    export = result.export
    for face, items in export.report.overflows.items():
        typer.echo(f"tcforge: text does not fit on '{face}': {', '.join(items)} (shrunk to the floor and cut)", err=True)
    per_card = result.seconds / max(1, sum(len(s.faces) for s in export.sheets)) * 1000
    typer.echo(f"wrote {display_path(folder)}: {export.card_count} cards ({result.kind}), "
               f"{len(export.sheets)} deck sheet(s), {result.seconds:.1f} s ({per_card:.0f} ms a drawn face)")
    sizes = {sheet.file: sheet.grid for sheet in export.sheets}
    for path in result.files:
        grid = sizes.get(path.name)
        what = (f"deck sheet {grid.columns} x {grid.rows}, {grid.size[0]} x {grid.size[1]} px" if grid else
                "save (load it from Saves or Saved Objects)" if path.suffix == ".json" else "card back, 409 x 572 px")
        typer.echo(f"  {display_path(path)}: {what}")
