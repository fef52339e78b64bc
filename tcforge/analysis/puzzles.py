"""Puzzles: positions whose right play the rules settle, to score players (issue 34 item 3).

A puzzle is a YAML file of ``data/puzzles/`` (schema ``schemas/puzzle.schema.json``, checked by ``tcforge validate``).
Its position is built the robust way, exactly and reproducibly:

1. the bundled scenario's game is set up from the puzzle's ``seed`` (:func:`tcforge.play.games.new_game`);
2. greedy plays both sides, its chance outcomes sampled from ``random.Random(seed)`` as a game's are
   (:func:`tcforge.agents.playout.next_action`), up to the start of the play of side ``reach.side`` in game turn
   ``reach.turn`` (the reinforcements of that turn have come in);
3. the ``place`` entries bring new cards onto named positions through the public functions of
   :mod:`tcforge.engine.arrivals` (``new_card``, ``place``), in the order written;
4. the ``script`` actions (their JSON list form, e.g. ``["move", 12]``) are applied, checked legal, any chance event
   they raise sampled from the same generator.

Greedy is deterministic given its generator, so the same file always gives the same position; the puzzle's ``facts``
(cards of a side on a position) say what the position is and are checked each time it is built.

The player then plays side ``plays`` from that position for a bounded stretch (``until``: ``turn_end``, the end of
its own turn; ``game_end``; or ``turn: N``, the end of game turn N), greedy playing the other side, and the puzzle's
success test, a named predicate of :data:`PREDICATES` with its parameters, judges the stretch. Each puzzle is tried
``tries`` times with the player's own generator seeded per try, so a player's score is a fraction.
"""
from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tcforge.agents import make
from tcforge.agents.playout import Policy, next_action
from tcforge.data.problems import Problem
from tcforge.data.yamlsafe import load_yaml
from tcforge.engine import arrivals
from tcforge.engine.actions import Place, PlayCard, Shoot, Smoke, Step, Unstack, action_from_json
from tcforge.engine.context import Phase
from tcforge.engine.placing import over_limits, piece_of
from tcforge.engine.state import CHANCE, Action, GameState
from tcforge.paths import data_dir
from tcforge.play.games import new_game
from tcforge.scenarios.loading import find_scenario, load

__all__ = ["PREDICATES", "Puzzle", "PuzzleError", "Score", "Trace", "build", "load_puzzle", "load_puzzles",
           "puzzles_dir", "run_puzzle", "score"]

MAX_ACTIONS = 20_000  # a stretch that has not ended after this many actions stops (a whole game is a few thousand)


class PuzzleError(ValueError):
    """A puzzle that cannot be used: its problems, each a ``file:line:col`` line."""

    def __init__(self, problems: list[Problem]):
        super().__init__("; ".join(p.render() for p in problems))
        self.problems = problems


@dataclass
class Trace:
    """What happened in the stretch the player played: each action with who took it (a side or CHANCE), and
    after each action the number of cards of each side on each position and whether Smoke lies anywhere."""

    start: GameState
    end: GameState
    actions: list[tuple[int, Action]] = field(default_factory=list)
    occupancy: list[tuple[tuple[int, int], ...]] = field(default_factory=list)  # after each action: pos -> (n0, n1)
    smoke: list[bool] = field(default_factory=list)  # before each action: Smoke lies on some position


Predicate = Callable[..., bool]
PREDICATES: dict[str, Predicate] = {}


def predicate(name: str) -> Callable[[Predicate], Predicate]:
    def register(fn: Predicate) -> Predicate:
        PREDICATES[name] = fn
        return fn
    return register


@predicate("holds_all")
def holds_all(trace: Trace, positions: list[int], side: int) -> bool:
    """Every one of ``positions`` is controlled (16.0: a combat card of the side, none of the enemy's) at the end."""
    return all(trace.end.controls(p, side) for p in positions)


@predicate("wins")
def wins(trace: Trace, side: int) -> bool:
    """The game is over and the side won it: the scenario's own victory conditions, judged by its hooks (16.0, 17.x,
    20.0: Hill 621's hold "even in a melee" that the side did not begin)."""
    return trace.end.outcome is not None and trace.end.outcome.winner == side


@predicate("not_entered")
def not_entered(trace: Trace, positions: list[int], side: int, alone: bool = False) -> bool:
    """None of ``positions`` empty of the side's cards at the start is entered by them during the stretch; with
    ``alone``, only a lone card there (one card of the side, as it stands after an action) fails."""
    empty = [p for p in positions if not trace.start.occ[p][side]]
    for counts in trace.occupancy:
        for p in empty:
            n = counts[p][side]
            if (n == 1) if alone else (n > 0):
                return False
    return True


@predicate("no_unstack")
def no_unstack(trace: Trace, side: int) -> bool:
    """No card of the side is lost to overstacking (6.3; 20.0 rule 5: checked at the turn's end)."""
    return not any(player == side and type(action) is Unstack for player, action in trace.actions)


@predicate("smoke_before")
def smoke_before(trace: Trace, positions: list[int], side: int, cross: bool = False) -> bool:
    """Smoke (9.5.1) lies on the battlefield whenever a card of the side steps into one of ``positions`` (open ground
    in the enemy's sight); with ``cross``, a side that never steps there fails (it must cross, under Smoke)."""
    crossed = False
    for (player, action), smoked in zip(trace.actions, trace.smoke, strict=True):
        if player == side and type(action) is Step and action.to in positions:
            if not smoked:
                return False
            crossed = True
    return crossed or not cross


@predicate("played_card")
def played_card(trace: Trace, side: int, card: str) -> bool:
    """The side played the card named ``card`` (as an Instant or attachment in its play) or laid Smoke by fire."""
    for player, action in trace.actions:
        if player != side:
            continue
        if type(action) is PlayCard and trace.end.units[int(action[1])].profile.name == card:
            return True
        if type(action) is Smoke and card == "Smoke":
            return True
    return False


@predicate("fired_at")
def fired_at(trace: Trace, side: int, card: str, positions: list[int]) -> bool:
    """A card of the side fired (9.0: a ranged shot) at an enemy card named ``card`` that stood on one of
    ``positions`` at the start of the stretch: the shot worth taking was taken."""
    for player, action in trace.actions:
        if player != side or type(action) is not Shoot:
            continue
        target = trace.start.units[action.target]
        if target.side != side and target.profile.name == card and target.pos in positions:
            return True
    return False


@dataclass
class Puzzle:
    id: str
    file: str
    scenario: str
    seed: int
    turn: int
    side: str
    player: str
    rule: str
    success: dict[str, Any]
    until: str | int = "turn_end"
    tries: int = 8
    place: list[dict[str, Any]] = field(default_factory=list)
    script: list[list[Any]] = field(default_factory=list)
    facts: list[dict[str, Any]] = field(default_factory=list)
    title: str = ""


def puzzles_dir() -> Path:
    return data_dir() / "puzzles"


def _problem(file: str, where: tuple[int, int], message: str, hint: str, code: str = "puzzle") -> Problem:
    return Problem(file, where[0], where[1], message, hint, code=code)


def problems_of(path: Path, display: str | None = None) -> list[Problem]:
    """The puzzle file's problems (YAML, schema, scenario, predicate, positions), none when it is usable."""
    try:
        load_puzzle(path, display)
    except PuzzleError as exc:
        return exc.problems
    return []


def load_puzzle(path: Path | str, display: str | None = None) -> Puzzle:
    """A puzzle file, checked: raises :class:`PuzzleError` with every problem found."""
    from tcforge.data import schemas
    path = Path(path)
    display = display or str(path)
    loaded, problems = load_yaml(path, display)
    if loaded is None or problems:
        raise PuzzleError(problems or [_problem(display, (1, 1), "not a YAML document", "write a puzzle mapping")])
    problems = schemas.check(loaded, "puzzle", display)
    if problems:
        raise PuzzleError(problems)
    data = loaded.data
    success = dict(data["success"])
    test = success.get("test")
    if test not in PREDICATES:
        raise PuzzleError([_problem(display, loaded.where(("success", "test")), f"unknown success test {test!r}",
                                    f"use one of {', '.join(sorted(PREDICATES))}")])
    if find_scenario(str(data["scenario"])) is None or Path(str(data["scenario"])).exists():
        from tcforge.scenarios.loading import bundled_ids
        raise PuzzleError([_problem(display, loaded.where(("scenario",)), f"no bundled scenario {data['scenario']!r}",
                                    f"use one of {', '.join(bundled_ids())}")])
    until = data.get("until", "turn_end")
    puzzle = Puzzle(id=str(data["puzzle"]), file=display, scenario=str(data["scenario"]), seed=int(data["seed"]),
                    turn=int(data["reach"]["turn"]), side=str(data["reach"]["side"]), player=str(data["plays"]),
                    rule=str(data["rule"]), success=success,
                    until=until["turn"] if isinstance(until, dict) else str(until), tries=int(data.get("tries", 8)),
                    place=list(data.get("place", [])), script=list(data.get("script", [])),
                    facts=list(data.get("facts", [])), title=str(data.get("title", "")))
    problems = _names(puzzle, loaded)
    if problems:
        raise PuzzleError(problems)
    return puzzle


def _names(puzzle: Puzzle, loaded: Any) -> list[Problem]:
    """The sides, positions and actions the puzzle names, each known to its scenario."""
    scenario = load(find_scenario(puzzle.scenario) or puzzle.scenario)
    sides = list(scenario.grid.sides)
    labels = set(_labels(scenario).keys())
    out: list[Problem] = []

    def side(value: Any, path: tuple[object, ...]) -> None:
        if value not in sides:
            out.append(_problem(puzzle.file, loaded.where(path), f"no side {value!r} in {puzzle.scenario}",
                                f"use one of {', '.join(sides)}"))

    def position(value: Any, path: tuple[object, ...]) -> None:
        if value not in labels:
            out.append(_problem(puzzle.file, loaded.where(path), f"no position {value!r} in {puzzle.scenario}",
                                "write a position as RANK-COLUMN, e.g. G3-2"))

    side(puzzle.side, ("reach", "side"))
    side(puzzle.player, ("plays",))
    for key, value in puzzle.success.items():
        if key == "side":
            side(value, ("success", key))
        elif key == "positions":
            for i, p in enumerate(value):
                position(p, ("success", key, i))
    for i, entry in enumerate(puzzle.place):
        side(entry["side"], ("place", i, "side"))
        position(entry["at"], ("place", i, "at"))
        try:
            scenario.cards.get(entry["card"])
        except LookupError:
            out.append(_problem(puzzle.file, loaded.where(("place", i, "card")), f"no card {entry['card']!r}",
                                "name a card as the scenario files do, e.g. Soviet Line Squad"))
    for i, entry in enumerate(puzzle.facts):
        side(entry["side"], ("facts", i, "side"))
        position(entry["at"], ("facts", i, "at"))
    for i, raw in enumerate(puzzle.script):
        try:
            action_from_json(raw)
        except ValueError as exc:
            out.append(_problem(puzzle.file, loaded.where(("script", i)), str(exc), "write an action as its JSON list, "
                                "e.g. [\"move\", 12]"))
    return out


def _labels(scenario: Any) -> dict[str, int]:
    from tcforge.play.hooks import make_game
    board = make_game(scenario).board
    return {board.label(p): p for p in range(board.size)}


def load_puzzles(folder: Path | None = None) -> list[Puzzle]:
    """Every puzzle of the folder (``data/puzzles/``), by file name; :class:`PuzzleError` with all their problems."""
    folder = folder or puzzles_dir()
    out: list[Puzzle] = []
    problems: list[Problem] = []
    for path in sorted(folder.glob("*.y*ml")):
        try:
            out.append(load_puzzle(path))
        except PuzzleError as exc:
            problems += exc.problems
    if problems:
        raise PuzzleError(problems)
    return out


@dataclass
class Built:
    """A puzzle's position and what its names mean in it."""

    state: GameState
    sides: list[str]
    labels: dict[str, int]
    rng: random.Random


def _as_written(player: Any) -> Any:
    """``player``, whose reinforcements come in as tcforge placed them when the puzzles were written (before their
    owner chose: each piece in the group's order on the position where it adds least over the stacking limits, then
    the least crowded, then the first named): the positions the puzzles' seeds lead to. A player's rule, not the
    engine's: the engine offers every legal place (tcforge.engine.placing)."""
    def decide(state: GameState, rng: random.Random) -> Any:
        actions = state.legal_actions()
        if state.phase != Phase.ARRIVE or not isinstance(actions[0], Place):
            return player(state, rng)
        side = state.current_player()
        lead = actions[0][1]
        piece = [state.units[u] for u in piece_of(state, lead)]

        def cost(item: tuple[int, Any]) -> tuple[int, int, int]:
            i, action = item
            with_piece, before = over_limits(state, action[2], side, piece)
            return with_piece - before, sum(state.combat_count(action[2], side)), i
        return min(enumerate(a for a in actions if a[1] == lead), key=cost)[1]
    return decide


def build(puzzle: Puzzle, *, facts: bool = True) -> Built:
    """The puzzle's position, exactly (see the module's docstring); raises ValueError when its ``facts`` do not hold
    (not checked with ``facts=False``, to look at a position being written)."""
    scenario = load(find_scenario(puzzle.scenario) or puzzle.scenario)
    sides = list(scenario.grid.sides)
    labels = _labels(scenario)
    state = new_game(scenario, puzzle.seed, shuffle=True)  # the set-up the puzzles were written for (the seeded shuffle)
    rng = random.Random(puzzle.seed)
    greedy = _as_written(make("greedy"))
    side = sides.index(puzzle.side)
    for _ in range(MAX_ACTIONS):
        if state.is_terminal():
            raise ValueError(f"{puzzle.file}: the game of seed {puzzle.seed} ended before turn {puzzle.turn}")
        if (state.turn, state.active, state.phase) == (puzzle.turn, side, Phase.PLAY) and state.current_player() == side:
            break
        if state.turn > puzzle.turn:
            raise ValueError(f"{puzzle.file}: turn {puzzle.turn} of {puzzle.side} was never reached")
        state.apply_action(next_action(state, (greedy, greedy), rng))
    for entry in puzzle.place:
        unit = arrivals.new_card(state, sides.index(entry["side"]), scenario.cards.get(entry["card"]).id)
        arrivals.place(state, unit, labels[entry["at"]])
    for raw in puzzle.script:
        state.apply_checked(raw)
        while state.current_player() == CHANCE:
            state.apply_action(next_action(state, (greedy, greedy), rng))
    for fact in puzzle.facts if facts else []:
        have = len(state.occ[labels[fact["at"]]][sides.index(fact["side"])])
        if have != fact["cards"]:
            raise ValueError(f"{puzzle.file}: {fact['side']} has {have} card(s) on {fact['at']}, not {fact['cards']}")
    return Built(state, sides, labels, rng)


def _params(puzzle: Puzzle, built: Built) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in puzzle.success.items():
        if key == "test":
            continue
        if key == "side":
            out[key] = built.sides.index(value)
        elif key == "positions":
            out[key] = [built.labels[p] for p in value]
        else:
            out[key] = value
    return out


def _done(puzzle: Puzzle, start: GameState, state: GameState) -> bool:
    if state.is_terminal():
        return True
    if puzzle.until == "turn_end":
        return (state.turn, state.active) != (start.turn, start.active)
    if isinstance(puzzle.until, int):
        return state.turn > puzzle.until
    return False


def run_puzzle(puzzle: Puzzle, policy: Policy, seed: int, built: Built | None = None) -> bool:
    """One try: ``policy`` plays the puzzle's side from its position (greedy the other), the success test judges."""
    built = built or build(puzzle)
    start = built.state.clone()
    state = built.state.clone()
    player = built.sides.index(puzzle.player)
    greedy = make("greedy")
    policies = (policy, greedy) if player == 0 else (greedy, policy)
    rng = random.Random(f"{puzzle.id}:{seed}")
    trace = Trace(start, state)
    size = state.game.board.size
    for _ in range(MAX_ACTIONS):
        if _done(puzzle, start, state):
            break
        who = state.current_player()
        action = next_action(state, policies, rng)
        trace.smoke.append(any(s >= 0 for s in state.smoke))
        trace.actions.append((who, action))
        state.apply_action(action)
        trace.occupancy.append(tuple((len(state.occ[p][0]), len(state.occ[p][1])) for p in range(size)))
    trace.end = state
    return bool(PREDICATES[str(puzzle.success["test"])](trace, **_params(puzzle, built)))


@dataclass
class Score:
    agent: str
    results: dict[str, tuple[int, int]]  # puzzle id -> (solved, tries)

    @property
    def solved(self) -> int:
        return sum(s for s, _ in self.results.values())

    @property
    def tries(self) -> int:
        return sum(t for _, t in self.results.values())

    def to_json(self) -> dict[str, Any]:
        return {"agent": self.agent, "solved": self.solved, "tries": self.tries,
                "puzzles": {k: {"solved": s, "tries": t} for k, (s, t) in self.results.items()}}


def score(agent: str, puzzles: list[Puzzle], tries: int | None = None) -> Score:
    """The agent's score on each puzzle: tries solved of ``tries`` (each puzzle's own number when None)."""
    out: dict[str, tuple[int, int]] = {}
    for puzzle in puzzles:
        built = build(puzzle)
        n = tries or puzzle.tries
        solved = sum(run_puzzle(puzzle, make(agent), i, built) for i in range(n))
        out[puzzle.id] = (solved, n)
    return Score(agent, out)
