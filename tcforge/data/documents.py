"""Data files: finding them, telling their kind, loading and schema-checking them."""
from __future__ import annotations

import errno
import os
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tcforge.data import schemas
from tcforge.data.problems import Problem
from tcforge.data.yamlsafe import Loaded, load_yaml
from tcforge.paths import display_path, resolved


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
    Kind("player", "players", "player"),  # data/players/SCENARIO.yaml: trained doctrines; also has 'sides', checked first
    Kind("scenario", "scenarios", "sides"),
    Kind("cards", "cards", "cards"),
    Kind("rulings", "errata", "rulings"),
    Kind("errata", "errata", "errata"),
    Kind("glossary", "data", "glossary"),  # data/glossary.yaml: the names translations keep and translate
    Kind("puzzle", "puzzles", "puzzle"),  # data/puzzles/*.yaml: positions that score players (tcforge.analysis.puzzles)
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
    """Every YAML file under ``root`` (a folder or a single file), in a stable order (see :func:`walk`)."""
    return walk(root)[0]


DATA_SUFFIXES = (".yaml", ".yml")


def walk(root: Path) -> tuple[list[Path], list[Problem]]:
    """Every YAML file under ``root`` (a folder or a single file), in a stable order, and a problem for each part of
    the folder that cannot be read: nothing in a data folder is skipped without a word, except hidden entries (a name
    that starts with a dot: ``.git``, Emacs's lock ``.#cards.yaml``, which is a link to nothing), which no tool reads.

    Anything that is not a folder is returned as it is, whatever its name: a FIFO or a device named on the command
    line, or named ``*.yaml`` in a folder, is then refused by the loader with a message, and so is a ``*.yaml`` link
    that loops or points at nothing.

    A symbolic link to a folder is followed, as a link to a file always was: a link is how a designer shares one
    folder of cards between data folders, and tcforge only reads here (it never writes through a link). What cannot be
    followed is an error, one line each: a link that loops (to itself, in a circle, or to a folder that contains it),
    a second way into a folder already read (its cards would clash with themselves), a link without a suffix that
    points at nothing (it may have been a folder of data), and a folder that cannot be listed (no permission).
    """
    if not root.is_dir():
        return [root], []
    files: list[Path] = []
    problems: list[Problem] = []
    seen: dict[tuple[int, int], Path] = {}  # every folder read, by device and inode, and the path it was read by
    top = resolved(root)
    pending: list[tuple[Path, tuple[Path, ...]]] = [(root, ())]  # a folder, and its parents' real paths
    links: list[tuple[Path, tuple[Path, ...]]] = []  # linked folders: followed once every real one is known
    while pending or links:
        via_link = not pending
        folder, parents = pending.pop() if pending else links.pop(0)
        real = top if folder is root else resolved(folder)
        if via_link and any(p.is_relative_to(real) for p in parents):
            shown = display_path(real) if real != Path.cwd() else str(real)
            problems.append(_folder_problem(folder, f"symbolic link loop: '{os.readlink(folder)}' leads back to "
                                                    f"{shown}, a folder that contains the link",
                                            "remove the link: its files are read already", "symlink-loop"))
            continue
        status = folder.stat()
        key = (status.st_dev, status.st_ino)
        if key in seen:
            problems.append(_folder_problem(folder, f"the same folder as {display_path(seen[key])}, reached again "
                                                    "through a symbolic link: its files would clash with themselves",
                                            "keep one way into the folder: remove the link", "folder-twice"))
            continue
        seen[key] = folder
        parents += (real,)
        try:
            with os.scandir(folder) as listing:
                entries = sorted(listing, key=lambda e: e.name)
        except OSError as exc:
            problems.append(_folder_problem(folder, f"cannot read the folder: {exc.strerror or exc}",
                                            "give yourself permission to read it (chmod u+rx), or move it out of the "
                                            "data folder", "unreadable-folder"))
            continue
        for entry in entries:
            if entry.name.startswith("."):  # hidden: .git, an editor's lock (.#cards.yaml, a link to nothing) or backup
                continue
            path = Path(entry.path)
            link = entry.is_symlink()
            try:
                mode = os.stat(path).st_mode  # follows a link
            except OSError as exc:
                if not link:  # vanished while we listed it
                    continue
                if path.suffix in DATA_SUFFIXES:
                    files.append(path)  # the loader says why it cannot be read
                elif exc.errno == errno.ELOOP:
                    problems.append(_folder_problem(path, f"symbolic link loop: it points at '{os.readlink(path)}', "
                                                          "which leads back round to it",
                                                    "remove the link, or point it at a folder of data", "symlink-loop"))
                elif not path.suffix:
                    problems.append(_folder_problem(path, f"symbolic link to '{os.readlink(path)}', which does not exist: "
                                                          "the data it pointed at is not read",
                                                    "point the link at your folder of data, or remove it", "broken-link"))
                continue
            if not stat.S_ISDIR(mode):
                if path.suffix in DATA_SUFFIXES:
                    files.append(path)
            elif link:
                links.append((path, parents))
            else:
                pending.append((path, parents))
    return sorted(files), sorted(problems)


def _folder_problem(path: Path, message: str, hint: str, code: str) -> Problem:
    """A problem of a folder or link in a data folder, shown where it is (a link as itself, not as its target)."""
    return Problem(str(Path(display_path(path.parent)) / path.name), 1, 1, message, hint, code=code)


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
