"""The unit of work of a balance run or a sweep: a batch of seeded games of one cell of the grid.

A *cell* is one scenario played one way: a balance option, a ruleset, parameter overrides and each side's
agent, from a root seed. Game ``i`` of a cell is played with :func:`game_seed` (root seed, ``i``), so a game's
result depends on neither the batch it sits in nor the worker or machine that played it: one worker, two
local workers and a cluster give identical tables, and a finished batch can be kept on disk and never played
again. The seed is an ordinary integer: ``tcforge scenario play --seed N`` replays the game.

:func:`play_batch` is the one function the workers run, whatever runs them (see :mod:`tcforge.analysis.cluster`).
"""
from __future__ import annotations

import dataclasses
import enum
import functools
import hashlib
import json
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from tcforge.play.games import GameResult, play_game
from tcforge.scenarios.loading import find_scenario, load
from tcforge.scenarios.scenario import Scenario

SEED_BITS = 48  # 15 decimal digits at most: easy to type after --seed, no collision in any sweep of sane size


def game_seed(root: int, index: int) -> int:
    """The seed of game ``index`` of a run whose root seed is ``root``: a hash of the two (the same derivation
    on every machine and Python version), spread over SEED_BITS bits so that the games of neighbouring
    root seeds share no seed, as ``root + index`` would.

    >>> game_seed(1, 0), game_seed(1, 1), game_seed(2, 0)
    (145704405690857, 196066610658280, 227782455201723)
    """
    digest = hashlib.blake2b(f"tcforge-game:{root}:{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> (64 - SEED_BITS)


class Table(tuple[Any, ...]):
    """A table (mapping) override value held in a :class:`Cell`: its items as pairs in a canonical order, so that the
    cell can be hashed. Never equal to a plain tuple, so a table and a list of pairs stay two cells."""

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        return type(other) is Table and tuple.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash(("tcforge-table", tuple(self)))

    def __repr__(self) -> str:
        return f"Table({tuple.__repr__(self)})"


def _order(item: tuple[Any, Any]) -> tuple[int, Any, str]:
    """Numbers and numbers written as text in numeric order (8 before 10), everything else by its text."""
    key = item[0]
    if isinstance(key, (int, float)) and not isinstance(key, bool):
        return (0, key, "")
    if isinstance(key, str) and key.isascii() and key.isdigit():
        return (1, int(key), key)
    return (2, 0, repr(key))


def freeze(value: Any) -> Any:
    """An override value in a hashable form: a list as a tuple, a table as a :class:`Table` (both all the way down).
    :func:`thaw` gives the value back."""
    if isinstance(value, Table):
        return value
    if isinstance(value, dict):
        return Table(sorted(((freeze(k), freeze(v)) for k, v in value.items()), key=_order))
    if isinstance(value, (list, tuple)):
        return tuple(freeze(x) for x in value)
    return value


def thaw(value: Any) -> Any:
    """The override value :func:`freeze` was given: a tuple as a list, a :class:`Table` as a mapping."""
    if isinstance(value, Table):
        return {thaw(k): thaw(v) for k, v in value}
    if isinstance(value, tuple):
        return [thaw(x) for x in value]
    return value


@dataclass(frozen=True)
class Cell:
    """One point of the grid. ``scenario`` is a bundled id or a file path (the workers load it themselves: on
    a cluster the file must be at that path on every machine, a bundled id always is). ``parameters`` holds the
    overrides as (name, value) pairs, sorted by name, each value frozen (:func:`freeze`): a cell is hashed (the grid
    and its plans are keyed by cells) whatever the values, lists and tables included."""

    scenario: str
    option: str | None = None
    ruleset: str | None = None
    parameters: tuple[tuple[str, Any], ...] = ()
    agents: tuple[str, str] = ("greedy", "greedy")
    seed: int = 1

    def __post_init__(self) -> None:
        pairs = self.parameters.items() if isinstance(self.parameters, dict) else self.parameters
        object.__setattr__(self, "parameters", tuple(sorted(((str(n), freeze(v)) for n, v in pairs), key=lambda p: p[0])))

    def overrides(self) -> dict[str, Any]:
        """The parameter overrides as the loader takes them (lists and tables as written)."""
        return {name: thaw(value) for name, value in self.parameters}

    def key(self) -> str:
        """A stable text naming the cell: the batches kept on disk are found again by it."""
        return json.dumps([self.scenario, self.option, self.ruleset, [[n, thaw(v)] for n, v in self.parameters],
                           list(self.agents), self.seed], ensure_ascii=False, separators=(",", ":"), default=str)

    def label(self) -> str:
        parts = [self.option or "as written"]
        if self.ruleset:
            parts.append(self.ruleset)
        parts += [f"{name}={value}" for name, value in self.overrides().items()]
        if len(set(self.agents)) == 1:
            parts.append(self.agents[0])
        else:
            parts.append(f"{self.agents[0]} v {self.agents[1]}")
        return ", ".join(parts)

    def load(self) -> Scenario:
        return load(self.scenario, balance=self.option, ruleset=self.ruleset, parameters=self.overrides() or None)


@dataclass(frozen=True)
class Batch:
    """Games ``start`` to ``start + count - 1`` of a cell."""

    cell: Cell
    start: int
    count: int

    def key(self) -> str:
        return f"{self.cell.key()}#{self.start}+{self.count}"


@dataclass
class BatchResult:
    batch: Batch
    results: list[GameResult] = field(default_factory=list)
    content: str = ""  # content_key() of what was played: a kept batch is used again only while it matches


# The code that decides a game: the engine and its agents, the set-up, the scenario's rules as engine hooks, how a
# game is played and seeded. Its source is hashed, so any change to it (even a comment) retires the kept batches.
GAME_CODE = ("engine", "agents", "play/games.py", "play/setup.py", "play/hooks.py", "analysis/batches.py")


@functools.cache
def code_version() -> str:
    """A hash of the package version and of the source of :data:`GAME_CODE` (read once a process)."""
    import tcforge
    root = Path(tcforge.__file__).resolve().parent
    digest = hashlib.sha256(f"tcforge {tcforge.__version__}".encode())
    for name in GAME_CODE:
        target = root / name
        for path in sorted(target.rglob("*.py")) if target.is_dir() else [target]:
            digest.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


# Where a thing was read from, not what it says: left out of the content key. A ``file`` (a scenario's, a card's, a
# ruleset's) is shown relative to the working folder, so a worker started elsewhere would find another key; the
# Scenario's own ``path`` and ``loaded`` (its YAML marks) too, on the Scenario only: a field of the same name further
# in (a reinforcement arriving ``loaded``, a rule's place in the file) is part of what the scenario says.
_WHERE_READ = frozenset({"file"})
_SCENARIO_WHERE_READ = _WHERE_READ | {"loaded", "path"}


def _plain(obj: Any, seen: frozenset[int] = frozenset()) -> Any:
    """A resolved scenario (dataclasses, card sets, mappings, enums) as plain JSON data, in a stable order."""
    from tcforge.data.cards import CardSet
    if obj is None or isinstance(obj, (bool, int, float, str)):
        return obj
    if id(obj) in seen:
        return "<cycle>"
    seen = seen | {id(obj)}
    if isinstance(obj, enum.Enum):
        return _plain(obj.value, seen)
    if isinstance(obj, Path):
        return obj.as_posix()
    if isinstance(obj, CardSet):
        return {"cards": _plain(obj.cards, seen), "terrain_tables": _plain(obj.terrain_tables, seen)}
    if isinstance(obj, dict):
        items = [[_plain(k, seen), _plain(v, seen)] for k, v in obj.items()]
        return sorted(items, key=lambda kv: json.dumps(kv[0], sort_keys=True))
    if isinstance(obj, (list, tuple)):
        return [_plain(x, seen) for x in obj]
    if isinstance(obj, (set, frozenset)):
        return sorted((_plain(x, seen) for x in obj), key=lambda v: json.dumps(v, sort_keys=True))
    if dataclasses.is_dataclass(obj):
        skip = _SCENARIO_WHERE_READ if isinstance(obj, Scenario) else _WHERE_READ
        return [type(obj).__name__, {f.name: _plain(getattr(obj, f.name), seen) for f in dataclasses.fields(obj)
                                     if f.name not in skip}]
    if hasattr(obj, "__dict__"):
        return [type(obj).__name__, {k: _plain(v, seen) for k, v in sorted(vars(obj).items()) if not k.startswith("_")}]
    text = repr(obj)
    return type(obj).__name__ if " at 0x" in text else text


def content_key(cell: Cell, scenario: Scenario) -> str:
    """What decides the games of a cell: the resolved scenario's content (its cards, ruleset parameters and the
    cell's overrides in force, balance option applied), the cell (agents, seed) and the code version. Two runs
    whose keys match play the same games."""
    body = json.dumps([code_version(), cell.key(), _plain(scenario)], sort_keys=True, ensure_ascii=False, default=str)
    return "sha256:" + hashlib.sha256(body.encode("utf-8")).hexdigest()


def plan(cell: Cell, games: int, size: int) -> list[Batch]:
    """The batches of ``games`` games of a cell, ``size`` games each (the last one shorter). The plan depends on
    neither the number of workers nor the scheduler, so a rerun finds the batches it has already played."""
    size = max(1, size)
    return [Batch(cell, start, min(size, games - start)) for start in range(0, games, size)]


_SCENARIOS: dict[str, Scenario] = {}
_CONTENT: dict[str, str] = {}


def scenario_of(cell: Cell) -> Scenario:
    """The cell's scenario, loaded once per worker process while its file is unchanged (the agents and the seed do
    not change it; a worker that lives on, or the process itself with one job, sees an edited file)."""
    key = json.dumps([_where(cell.scenario), _file_stamp(cell.scenario), cell.option, cell.ruleset,
                      repr(cell.parameters)], default=str)
    scenario = _SCENARIOS.get(key)
    if scenario is None:
        scenario = _SCENARIOS[key] = Cell(_where(cell.scenario), cell.option, cell.ruleset, cell.parameters).load()
    return scenario


def _file_stamp(reference: str) -> str:
    path = find_scenario(reference)
    try:
        return hashlib.sha256(Path(path).read_bytes()).hexdigest() if path is not None else ""
    except OSError:
        return ""


def _where(reference: str) -> str:
    path = find_scenario(reference)
    return reference if path is None else str(Path(path).resolve())


def play_batch(batch: Batch) -> BatchResult:
    """Play the batch's games, in order; what every worker runs. The result carries the content key of what this
    worker played (its scenario as it read it, its code)."""
    scenario = scenario_of(batch.cell)
    cell = batch.cell
    memo = f"{id(scenario)}:{cell.key()}"  # a scenario object is kept for the process's life: its id is never reused
    content = _CONTENT.get(memo)
    if content is None:
        content = _CONTENT[memo] = content_key(cell, scenario)
    return BatchResult(batch, [play_game(scenario, game_seed(cell.seed, i), cell.agents, record=False)[1]
                               for i in range(batch.start, batch.start + batch.count)], content)


def result_to_json(result: GameResult) -> dict[str, Any]:
    return asdict(result)


def result_from_json(data: dict[str, Any]) -> GameResult:
    return GameResult(**data)
