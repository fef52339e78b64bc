"""``tcforge export tts NAME``: find the scenario or command deck, lay it out, draw it, write the folder."""
from __future__ import annotations

import re
import time
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from tcforge.bounds import shown
from tcforge.export.tts import Export, ExportError, Table, build, write


@dataclass
class Result:
    export: Export
    files: list[Path]
    seconds: float
    kind: str                      # scenario or deck


MAX_BASE_URL = 2_000  # characters: browsers and servers refuse longer addresses
_HOST_LABEL = re.compile(r"^(?!-)[A-Za-z0-9-]{1,63}(?<!-)$")
_PERCENT = re.compile(r"%(?![0-9A-Fa-f]{2})")
_EXAMPLE = "e.g. https://example.org/tts/hill-621"


def base_url_problem(base_url: str) -> str:
    """'' when ``base_url`` is a folder address every image's name can be appended to (``BASE/name.png``), else what
    is wrong with it and how to write it. The address is written into every card of the save that players share, so
    what a browser would mend or refuse is refused here: a space or a character outside printable ASCII (percent-encode
    it), a user name or password (they would travel with the save), a query or a fragment (the name would land after
    it), a '.' or '..' folder, a '%' not followed by two hex digits, a host that is not a name or an address, a port
    out of range."""
    said = repr(shown(base_url, 60))
    if len(base_url) > MAX_BASE_URL:
        return f"--base-url {said} is longer than {MAX_BASE_URL:,} characters; give a shorter folder address"
    odd = next((c for c in base_url if not " " < c < "\x7f"), None)
    if odd is not None:
        return (f"--base-url {said} holds {'a space' if odd.isspace() else f'U+{ord(odd):04X}'}; "
                f"percent-encode it (a space is %20; a host in its xn-- form), {_EXAMPLE}")
    try:
        parts = urlsplit(base_url)
        port = parts.port
    except ValueError as exc:  # an unclosed [IPv6] or a port out of range
        return f"--base-url {said} cannot be read ({exc}); {_EXAMPLE}"
    if parts.scheme.lower() not in ("http", "https") or not parts.hostname:
        return f"--base-url {said} is not an http(s) address; give the folder the PNGs will be served from, {_EXAMPLE}"
    if parts.username is not None or parts.password is not None:
        return (f"--base-url {said} holds a user name or password, which every shared save would carry; "
                "serve the images where no login is needed")
    if parts.query or parts.fragment or base_url.endswith(("?", "#")):
        return f"--base-url {said} has a query or fragment ('?' or '#'); give a folder, the image names are added to it"
    host = parts.hostname
    if not (parts.netloc.rpartition("@")[2].startswith("[") or all(_HOST_LABEL.match(label)
                                                                      for label in host.rstrip(".").split("."))):
        return f"--base-url {said}: '{shown(host, 30)}' is not a host name (letters, digits and '-' between dots)"
    if port == 0:
        return f"--base-url {said}: port 0 cannot be served from; give a port from 1 to 65535"
    if any(segment in (".", "..") for segment in parts.path.split("/")):
        return f"--base-url {said} has a '.' or '..' folder; give the folder's own address"
    if _PERCENT.search(base_url):
        return f"--base-url {said} has a '%' not followed by two hex digits; write a '%' itself as %25"
    return ""


def check_base_url(base_url: str | None) -> None:
    if base_url is not None and (problem := base_url_problem(base_url)):
        raise ExportError(problem)


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
