"""What the print commands read, refused in one line: the data and a ruleset, cards by reference, a scenario,
one side's cards; and the parts of their default file names. Shared by the PDFs (printing.py) and the card images
(print_images.py)."""
from __future__ import annotations

import hashlib
import re
from enum import Enum
from typing import NoReturn

import typer

from tcforge.cli.common import err
from tcforge.data.cards import Card, CardLookupError, CardSet
from tcforge.data.dataset import GameData, load_data
from tcforge.data.problems import DataError
from tcforge.scenarios.findings import ScenarioError
from tcforge.scenarios.loading import load
from tcforge.scenarios.scenario import Scenario


def fail_line(message: str, code: int = 1) -> NoReturn:
    """``tcforge: message`` on stderr and exit ``code`` (1: bad input, 2: usage error)."""
    err.print(f"tcforge: {message}", markup=False)
    raise typer.Exit(code)


def game_data_for(ruleset: str | None) -> GameData:
    """The data with ``ruleset`` in force; an unknown ruleset or broken data is one line and exit 1."""
    try:
        return load_data(ruleset)
    except DataError as exc:
        unknown = [p for p in exc.problems if p.code == "unknown-ruleset"]
        if unknown:
            fail_line(f"{unknown[0].message} ({unknown[0].hint})")
        fail_line(f"the data has {len(exc.problems)} problem(s); run 'tcforge validate'")


def lookup_cards(cards: CardSet, refs: list[str]) -> list[Card]:
    """The cards ``refs`` name (numbers, names or aliases; repeated or separated by commas); an unknown one fails."""
    found = []
    for ref in refs:
        for part in (p.strip() for p in ref.split(",")):
            if not part:
                continue
            try:
                found.append(cards.get(part))
            except CardLookupError as exc:
                fail_line(str(exc))
    return found


def name_slug(text: str) -> str:
    """A file name part: lower-case letters and digits, dashes between them."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def card_part(chosen: list[Card]) -> str:
    """Which cards a sheet holds, as a file name part: their numbers, or the first three and a digest of all."""
    ids = [name_slug(str(c.id)) for c in chosen]
    if len(ids) <= 4:
        return "-".join(ids)
    digest = hashlib.sha1(",".join(ids).encode()).hexdigest()[:6]
    return "-".join(ids[:3]) + f"-and-{len(ids) - 3}-more-{digest}"


class Nation(str, Enum):
    german = "german"
    soviet = "soviet"


def nation_of(name: str | None) -> Nation | None:
    """--nation as a side (german, soviet, any case); another value is a usage error."""
    if name is None:
        return None
    try:
        return Nation(name.lower())
    except ValueError:
        fail_line(f"--nation {name}: use german or soviet (the cards either side may use come with each)", 2)


def deck_cards(cards: CardSet, nation: Nation | None) -> list[Card]:
    """Every card, or one side's: its own cards and the cards either side may use."""
    return [c for c in cards if nation is None or c.nation in (nation.value, "any")]


def scenario_for(reference: str, balance: str | None) -> Scenario:
    """A bundled scenario by id (or a scenario file), with a balance option applied; one line and exit 1 if not."""
    try:
        return load(reference, balance=balance)
    except ScenarioError as exc:
        found = exc.findings
        if len(found) == 1:
            fail_line(found[0].message + (f" ({found[0].hint})" if found[0].hint else ""))
        fail_line(f"scenario '{reference}' has {len(found)} problem(s); run 'tcforge scenario check {reference}'")


def name_tail(*parts: str | None) -> str:
    """The given parts of a file name, each after a dash ('' for none)."""
    return "".join(f"-{p}" for p in parts if p)
