"""``tcforge export tts NAME``: find the scenario or command deck, lay it out, draw it, write the folder."""
from __future__ import annotations

import re
import time
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlparse

from tcforge.export.tts import Export, ExportError, Table, build, write


@dataclass
class Result:
    export: Export
    files: list[Path]
    seconds: float
    kind: str                      # scenario or deck


def check_base_url(base_url: str | None) -> None:
    if base_url is None:
        return
    parsed = urlparse(base_url)
    if parsed.scheme not in ("http", "https") or not parsed.netloc:
        raise ExportError(f"--base-url '{base_url}' is not an http(s) address; give the folder the PNGs will be served "
                          "from, e.g. https://example.org/tts/hill-621")


def _is_deck_file(path: Path) -> bool:
    """A YAML file whose top-level key is ``command_deck`` (a scenario file has ``id`` and ``battlefield``)."""
    if not path.is_file():
        return False
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return False
    return re.search(r"^command_deck\s*:", text, re.MULTILINE) is not None


def table_for(name: str, lang: str, seed: int) -> tuple[str, Table]:
    """The table of scenario ``name`` (an id or a file), else of command deck ``name``."""
    from tcforge.scenarios.loading import bundled_ids, find_scenario

    if find_scenario(name) is not None and not _is_deck_file(Path(name)):
        from tcforge.export.table import scenario_table
        from tcforge.play.setup import SetupError
        from tcforge.scenarios.loading import load

        try:
            return "scenario", scenario_table(load(name), seed, lang)
        except SetupError as exc:
            raise ExportError(str(exc)) from exc
    from tcforge.decks.load import DeckLookupError, find_deck, load_decks
    from tcforge.export.table import deck_table

    try:
        deck, rules = find_deck(name)
    except DeckLookupError:
        decks = sorted(load_decks()[1])
        raise ExportError(f"no scenario or command deck '{name}': the scenarios are {', '.join(bundled_ids())}; "
                          f"the decks are {', '.join(decks) or 'none'}; or give the path of a scenario or deck file") from None
    return "deck", deck_table(deck, rules, lang)


def export_tts(name: str, out: Path, lang: str = "en", seed: int = 1, base_url: str | None = None) -> Result:
    """Draw and write the deck sheets, backs and save of ``name`` into the folder ``out``; nothing is written on failure."""
    check_base_url(base_url)
    if out.exists() and not out.is_dir():
        raise ExportError(f"{out} is a file; --out takes a folder")
    start = time.perf_counter()
    kind, table = table_for(name, lang, seed)
    export = build(table, out, base_url)
    files = write(export, out)
    return Result(export, files, time.perf_counter() - start, kind)
