"""Data files: finding them, telling their kind, loading and schema-checking them."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tcforge.data import schemas
from tcforge.data.problems import Problem
from tcforge.data.yamlsafe import Loaded, load_yaml
from tcforge.paths import display_path


@dataclass(frozen=True)
class Kind:
    name: str  # also the schema's name
    folder: str  # the data/ folder such files live in
    key: str  # the top-level key that marks this kind of file


KINDS = (  # a command deck's rules file also has 'parameters': it is told apart by 'impulse_types', checked first
    Kind("command-deck", "decks", "command_deck"),
    Kind("fluid-rules", "decks", "impulse_types"),
    Kind("ruleset", "rulesets", "parameters"),
    Kind("coverage", "coverage", "coverage"),  # data/coverage/rules.yaml: the rules beyond 4.0-17.0
    Kind("rules", "rules", "cases"),
    Kind("scenario", "scenarios", "sides"),
    Kind("cards", "cards", "cards"),
    Kind("rulings", "errata", "rulings"),
    Kind("errata", "errata", "errata"),
    Kind("glossary", "data", "glossary"),  # data/glossary.yaml: the names translations keep and translate
)


def detect_kind(path: Path, data: Any) -> Kind | None:
    """A file's kind by its distinctive top-level key (checked in KINDS order), else by its folder."""
    if isinstance(data, dict):
        for kind in KINDS:
            if kind.key in data:
                return kind
    for kind in KINDS:
        folder = path.parent.parent.name if kind.name == "rules" else path.parent.name
        if folder == kind.folder and kind.name != "rulings":
            return kind
    return None


@dataclass
class Document:
    path: Path
    display: str
    kind: Kind | None
    loaded: Loaded | None
    schema_ok: bool

    @property
    def data(self) -> Any:
        return self.loaded.data if self.loaded else None

    def where(self, path: tuple[object, ...], *, key: bool = False) -> tuple[int, int]:
        return self.loaded.where(path, key=key) if self.loaded else (1, 1)

    def problem(self, path: tuple[object, ...], message: str, hint: str, code: str, *, key: bool = False) -> Problem:
        line, col = self.where(path, key=key)
        return Problem(self.display, line, col, message, hint, code=code)


def discover(root: Path) -> list[Path]:
    """Every YAML file under ``root`` (a folder or a single file), in a stable order.

    Anything that is not a folder is returned as it is, whatever its name: a FIFO or
    a device named on the command line is then refused by the loader with a message.
    """
    if not root.is_dir():
        return [root]
    return sorted(p for p in root.rglob("*") if p.is_file() and p.suffix in (".yaml", ".yml"))


def read(path: Path) -> tuple[Document, list[Problem]]:
    display = display_path(path)
    loaded, problems = load_yaml(path, display)
    if loaded is None:
        return Document(path, display, None, None, False), problems
    kind = detect_kind(path, loaded.data)
    if kind is None:
        keys = ", ".join(k.key for k in KINDS)
        problems.append(Problem(display, 1, 1, "unknown kind of data file",
                                f"a data file has one of the top-level keys {keys}", code="unknown-kind"))
        return Document(path, display, None, loaded, False), problems
    schema_problems = schemas.check(loaded, kind.name, display)
    return Document(path, display, kind, loaded, not schema_problems and not problems), problems + schema_problems
