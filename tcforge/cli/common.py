"""What the command modules share: the consoles, the output formats, failing in one line, loading the data."""
from __future__ import annotations

import sys
from enum import Enum
from typing import NoReturn

import typer
from rich.console import Console

from tcforge.data.cards import CardSet
from tcforge.data.dataset import GameData, load_cards, load_data
from tcforge.data.problems import DataError

# Piped output (files, scripts, tests) is not cut to 80 columns.
out = Console(highlight=False, soft_wrap=True, width=None if sys.stdout is not None and sys.stdout.isatty() else 160)
err = Console(stderr=True, highlight=False, soft_wrap=True)


class Format(str, Enum):
    text = "text"
    json = "json"


class ListFormat(str, Enum):
    text = "text"
    json = "json"
    csv = "csv"


class TableFormat(str, Enum):
    """The output formats of commands that print rows (issue 20 item 7: text, json, csv everywhere)."""

    text = "text"
    json = "json"
    csv = "csv"


class Lang(str, Enum):
    en = "en"
    fr = "fr"


def fail(message: str, code: int = 1) -> NoReturn:
    """``tcforge: message`` on stderr and exit ``code`` (1: bad input, 2: usage error)."""
    err.print(f"tcforge: {message}", markup=False)
    raise typer.Exit(code)


def card_set() -> CardSet:
    """The effective cards, or every problem of the card data on stderr and exit 1."""
    try:
        return load_cards()
    except DataError as exc:
        for problem in exc.problems:
            err.print(problem.render(), markup=False)
        fail(f"the card data has {len(exc.problems)} problem(s); run 'tcforge validate'")
        raise  # unreachable


def game_data(ruleset: str | None = None) -> GameData:
    """The cards and the ruleset (default or ``ruleset``), or the data's problems on stderr and exit 1."""
    try:
        return load_data(ruleset)
    except DataError as exc:
        for problem in exc.problems:
            err.print(problem.render(), markup=False)
        fail("the data is not valid; run 'tcforge validate'" if ruleset is None or len(exc.problems) > 1
             else exc.problems[0].message + f" ({exc.problems[0].hint})")
        raise  # unreachable
