"""Trained players: the doctrines ``tcforge scenario train`` tuned, read by the ``best`` player.

One file a scenario, ``players/SCENARIO-ID.yaml`` (format: ``schemas/player.schema.json``): the designer's own
(``tcforge --data DIR``: ``DIR/players/``) first, then the bundled ``data/players/``. A file holds a commander's
doctrine for each trained side, keyed by the scenario's side ids; a missing file means none was trained, and ``best``
then plays greedy's doctrine. A file that is there but cannot be used (bad YAML, a schema problem, the id of another
scenario) is an error, never a silent fall-back: ``tcforge validate`` says where.

This module sits in the agents layer, not in :mod:`tcforge.data`, because a doctrine is the commander's
(:mod:`tcforge.agents.commander`), and the data layer imports nothing above it.
"""
from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tcforge.agents.commander import Commander, Doctrine
from tcforge.agents.learned import FEATURES, Evaluation
from tcforge.agents.playout import Policy
from tcforge.agents.spec import AgentSpec, SpecError, parse
from tcforge.data import schemas
from tcforge.data.problems import DataError, Problem
from tcforge.data.yamlsafe import load_yaml
from tcforge.engine.state import Action, GameState
from tcforge.paths import data_dir, display_path, user_data_dirs

FOLDER = "players"  # under data/ and under each of the designer's own data folders
_ID = re.compile(r"[a-z][a-z0-9-]*")


@dataclass(frozen=True)
class Trained:
    """The trained doctrines of one scenario: by side id, from one file."""

    scenario: str
    display: str  # the file, as users see it
    sides: dict[str, Doctrine]
    evaluations: dict[str, Evaluation] = field(default_factory=dict)  # by side id: the learned evaluation, if fitted
    strongest: str | None = None  # the spec 'best' plays for this scenario, when the file names one
    rounds: tuple[dict[str, Any], ...] = ()  # the training's rounds as recorded (schemas/player.schema.json)
    games: int = 0  # every game the recorded training played: its rounds, the final check, the evaluation's fit
    side_strongest: dict[str, str] = field(default_factory=dict)  # by side id: a side's own strongest, where named

    def strongest_for(self, side: str) -> str | None:
        """The spec ``best`` plays for one side (by id): the side's own ``strongest``, else the file's, else None
        (the side's trained doctrine)."""
        return self.side_strongest.get(side, self.strongest)

    def strongest_specs(self) -> list[str]:
        """Every spec the file names strongest, the file's first, each once."""
        named = ([self.strongest] if self.strongest else []) + list(self.side_strongest.values())
        return list(dict.fromkeys(named))


def players_dirs() -> list[Path]:
    """Where trained players are looked for, first one first: the designer's own folders, then the bundled one."""
    return [folder / FOLDER for folder in user_data_dirs()] + [data_dir() / FOLDER]


def find_trained(scenario_id: str) -> Path | None:
    """The trained players' file of a scenario, or None when there is none."""
    if not _ID.fullmatch(scenario_id):
        return None
    for folder in players_dirs():
        candidate = folder / f"{scenario_id}.yaml"
        if candidate.is_file():
            return candidate
    return None


def load_trained(scenario_id: str) -> Trained | None:
    """The doctrines trained for a scenario (None: no file), checked against the schema; raises :class:`DataError`
    with every problem of a file that cannot be used."""
    path = find_trained(scenario_id)
    if path is None:
        return None
    display = display_path(path)
    loaded, problems = load_yaml(path, display)
    if loaded is None or problems:
        raise DataError(problems)
    problems = schemas.check(loaded, "player", display)
    if problems:
        raise DataError(problems)
    data = loaded.data
    if data["scenario"] != scenario_id:
        line, col = loaded.where(("scenario",))
        raise DataError([Problem(display, line, col, f"the trained players of scenario '{data['scenario']}' in the "
                                 f"file of '{scenario_id}'", "name the file after its scenario id (SCENARIO-ID.yaml)",
                                 code="player-file-name")])
    found = file_problems(data, scenario_id)
    if found:
        raise DataError([Problem(display, *loaded.where(path, key=key), message, hint, code=code)
                         for path, message, hint, code, key in found])
    sides = {side: Doctrine.from_mapping(entry["doctrine"], f"{display}: sides/{side}/doctrine")
             for side, entry in data["sides"].items()}
    evaluations = {side: Evaluation(tuple(float(w) for w in model["weights"]), model["positions"], model["games"],
                                    float(model["log_loss"]))
                   for side, entry in data["sides"].items() if (model := entry.get("evaluation")) is not None}
    strongest = data.get("strongest")
    side_strongest = {side: entry["strongest"] for side, entry in data["sides"].items() if "strongest" in entry}
    rounds = tuple((data.get("training") or {}).get("rounds") or ())
    check = max((entry.get("games", 0) for entry in data["sides"].values()), default=0)
    fitted = max(((entry.get("evaluation") or {}).get("games", 0) for entry in data["sides"].values()), default=0)
    games = int(sum(r["games"] for r in rounds) + check + fitted)
    return Trained(scenario_id, display, sides, evaluations, strongest, rounds, games, side_strongest)


# (path in the file, what is wrong, how to fix it, code, whether the path's key is at fault)
FileProblem = tuple[tuple[Any, ...], str, str, str, bool]


def file_problems(data: dict[str, Any], scenario_id: str,
                  build: Callable[[str], object] | None = None) -> list[FileProblem]:
    """What makes a players file (schema-valid) unusable by ``best``, each at its place: a doctrine the commander
    refuses, a learned evaluation of other features or weights, a side the scenario lacks, and a strongest player
    that names ``best``, does not build, or searches for a time (its games could not be played again from their seed,
    so a log of ``best`` could not be proven). ``tcforge validate`` reports these as the loader refuses them;
    ``build`` (:func:`tcforge.agents.canonical`, which this module cannot import) also builds each strongest player,
    as ``best`` does before its first game."""
    out: list[FileProblem] = []
    for side, entry in data["sides"].items():
        try:
            Doctrine.from_mapping(entry["doctrine"], f"sides/{side}/doctrine")
        except SpecError as exc:  # the schema holds SPACE's ranges; this is the commander's own word on them
            out.append((("sides", side, "doctrine"), str(exc), "see schemas/player.schema.json", "doctrine", False))
        model = entry.get("evaluation")
        if model is None:
            continue
        features, weights = list(model["features"]), list(model["weights"])
        unknown = [f for f in features if f not in FEATURES]
        lacking = [f for f in FEATURES if f not in features]
        if unknown or lacking or features != list(FEATURES):
            what = "; ".join(part for part in (
                f"features this version does not have: {', '.join(unknown)}" if unknown else "",
                f"no {', '.join(lacking)}" if lacking else "",
                "its features in another order" if not unknown and not lacking else "") if part)
        elif len(weights) != len(FEATURES):
            what = f"{len(weights)} weight(s) for its {len(FEATURES)} features"
        else:
            continue
        out.append((("sides", side, "evaluation"), f"the learned evaluation of {side} has {what}",
                    "fit it again: tcforge scenario train " + scenario_id, "evaluation", False))
    known = _scenario_sides(scenario_id)
    for side in data["sides"]:
        if known and side not in known:
            out.append((("sides", side), f"'{side}' is not a side of {scenario_id}", f"its sides are {', '.join(known)}",
                        "player-side", True))
    named = [(("strongest",), data.get("strongest"))] + [(("sides", side, "strongest"), entry.get("strongest"))
                                                         for side, entry in data["sides"].items()]
    for where, spec in named:
        if spec is None:
            continue
        if str(spec).split(":", 1)[0].strip().lower() == "best":
            out.append((where, "strongest names 'best' itself, which would play itself for ever",
                        "name the player it stands for (look:2:base=trained,value=learned, commander, ...)",
                        "strongest", False))
            continue
        try:
            parse(str(spec)) if build is None else build(str(spec))
        except SpecError as exc:
            out.append((where, str(exc), "name a player that builds (look:2:base=trained,value=learned, commander, ...)",
                        "strongest", False))
            continue
        if parse(str(spec)).seconds is not None:
            out.append((where, f"{spec} searches for a time: its games cannot be played again from their seed, so "
                               "a log of 'best' could not be proven",
                        "give it a number of iterations instead (plan:64, look:6)", "strongest", False))
    return out


_TRAINED: dict[tuple[str, tuple[str, ...]], Trained | None] = {}
_SIDES: dict[str, tuple[str, ...]] = {}


def trained(scenario_id: str) -> Trained | None:
    """:func:`load_trained`, once per process and set of data folders."""
    key = (scenario_id, tuple(str(d) for d in user_data_dirs()))
    if key not in _TRAINED:
        _TRAINED[key] = load_trained(scenario_id)
    return _TRAINED[key]


def _scenario_sides(scenario_id: str) -> tuple[str, ...]:
    """The scenario's side ids, or none when it cannot be loaded (validate names that problem)."""
    try:
        return side_ids(scenario_id)
    except Exception:  # a scenario that does not load: the file's sides are not checked here
        return ()


def side_ids(scenario_id: str) -> tuple[str, ...]:
    """The scenario's side ids in the engine's order (side index 0 first), once per process."""
    if scenario_id not in _SIDES:
        from tcforge.scenarios.loading import load

        _SIDES[scenario_id] = tuple(load(scenario_id).grid.sides)
    return _SIDES[scenario_id]


def doctrine_for(scenario_id: str, side: int) -> Doctrine:
    """The doctrine trained for one side (by its index in the game) of a scenario; greedy's when none was."""
    found = trained(scenario_id)
    if found is None or not found.sides:
        return Doctrine()
    ids = side_ids(scenario_id)
    return found.sides.get(ids[side], Doctrine()) if side < len(ids) else Doctrine()


def best_lookup(state: GameState, side: int) -> Doctrine:
    """The ``best`` player's lookup: the game's scenario (its name is the scenario id) and the side at hand."""
    return doctrine_for(state.game.name, side)


def best_agent(spec: AgentSpec, make: Callable[[str], Policy]) -> Policy:
    """``best``: the strongest player shipped or trained for the scenario at hand: the spec its players' file names
    for the side (its ``strongest``, else the file's), else the commander with the doctrines trained for it (greedy's
    where none was). The scenario and the side are known at the side's first decision, so the choice is made there."""
    if spec.has_budget or spec.options:
        raise SpecError(f"agent spec {spec.text!r}: best takes no budget and no options (it plays the strongest "
                        "player trained for the scenario; name another with --agent SPEC)")
    return _Best(make)


class _Best:
    """The ``best`` player for one game: what the scenario's file names for the side to move, made at that side's
    first decision by ``make`` (the agents' factory, handed in: this module is below it). One player a side, so the
    same instance may play both."""

    def __init__(self, make: Callable[[str], Policy]) -> None:
        self._make = make
        self._players: dict[int, Policy] = {}

    def __call__(self, state: GameState, rng: random.Random) -> Action:
        side = state.current_player()
        player = self._players.get(side)
        if player is None:
            spec = strongest_spec(state.game.name, side)
            player = self._players[side] = self._make(spec) if spec else Commander(lookup=best_lookup)
        return player(state, rng)


def strongest_spec(scenario_id: str, side: int) -> str | None:
    """The spec ``best`` plays for one side (by its index in the game) of a scenario: the side's own ``strongest``,
    else the file's; None where neither is named (``best`` then plays the side's trained doctrine)."""
    found = trained(scenario_id)
    if found is None or not found.side_strongest:  # the scenario's side ids are read only where a side names its own
        return found.strongest if found is not None else None
    ids = side_ids(scenario_id)
    return found.strongest_for(ids[side]) if side < len(ids) else found.strongest


def evaluation_for(scenario_id: str, side: int) -> Evaluation | None:
    """The learned evaluation fitted for one side (by its index in the game) of a scenario, or None."""
    found = trained(scenario_id)
    if found is None:
        return None
    ids = side_ids(scenario_id)
    return found.evaluations.get(ids[side]) if side < len(ids) else None


def check_usable(spec: str, scenario_id: str) -> None:
    """Raise :class:`SpecError` (one line) when ``spec`` cannot play ``scenario_id`` for want of trained data: the
    scenario's players file cannot be read (``best``, ``base=trained``), a learned evaluation was not fitted for
    each side (``value=learned``), or the file's ``strongest`` cannot play. Commands call it before any game, so
    that a player that cannot play is refused rather than counted as games in error."""
    from tcforge.agents.spec import parse
    parsed = parse(spec)
    trained_base = parsed.options.get("base") == "trained"
    learned = parsed.options.get("value") == "learned"
    if parsed.name != "best" and not trained_base and not learned:
        return
    try:
        found = trained(scenario_id)
    except DataError as exc:
        first = exc.problems[0].render() if exc.problems else str(exc)
        raise SpecError(f"agent spec {spec!r}: the trained players of {scenario_id} cannot be read: {first} "
                        f"(tcforge validate lists every problem)") from None
    if learned:
        ids = side_ids(scenario_id)
        missing = [side for side in ids if found is None or side not in found.evaluations]
        if missing:
            raise SpecError(f"agent spec {spec!r}: no learned evaluation of {scenario_id} for {', '.join(missing)}; fit "
                            f"one with tcforge scenario train {scenario_id} (--fit-games, 300 by default)")
    if parsed.name == "best" and found is not None:
        for named in found.strongest_specs():
            check_usable(named, scenario_id)


def as_played(spec: str, scenario_id: str, side: str) -> str:
    """A side's spec as its games played it, for a report's title and summary: ``best`` with what it stood for
    (``best (greedy's game: nothing trained)``), any other spec as written. Never raises: a file that cannot be
    read is reported where it is used."""
    try:
        if not spec or parse(spec).name != "best":
            return spec
        found = trained(scenario_id)
    except (SpecError, DataError):
        return spec
    if found is None:
        return f"{spec} (greedy's game: nothing trained)"
    named = found.strongest_for(side)
    return f"{spec} ({named or found.sides.get(side, Doctrine()).spec()})"


def describe_best(scenario_id: str) -> str:
    """What ``best`` plays for a scenario, in one line: the file's ``strongest``, or each side's trained doctrine
    (greedy's where none was trained), and the file it comes from."""
    found = trained(scenario_id)
    if found is None:
        return f"best for {scenario_id}: nothing trained (no players/{scenario_id}.yaml), so greedy's game"
    if found.side_strongest:
        sides = ", ".join(f"{side} {found.strongest_for(side) or found.sides.get(side, Doctrine()).spec()}"
                          for side in side_ids(scenario_id))
        return f"best for {scenario_id}: {sides} (the strongest named by {found.display})"
    if found.strongest:
        return f"best for {scenario_id}: {found.strongest} (the strongest named by {found.display})"
    sides = ", ".join(f"{side} {found.sides[side].spec() if side in found.sides else 'commander'}"
                      for side in side_ids(scenario_id))
    return f"best for {scenario_id}: {sides} ({found.display})"
