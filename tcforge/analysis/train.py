"""Training a commander per scenario and side: alternating best responses, each found by CMA-ES over batches of games.

A commander's doctrine (:class:`tcforge.agents.commander.Doctrine`) is a short
typed vector. Training it for one scenario goes round by round, the sides in
turn (policy-space response oracles, after Lanctot et al. 2017, with the
commander's doctrines as the policy space):

1. the *round's side* searches for its best response to the other side's
   current player: CMA-ES (:mod:`cma`, Hansen's reference implementation: a
   well-kept gradient-free optimiser made for small noisy continuous problems)
   over the doctrine scaled to [0, 1] a knob, starting from the side's current
   doctrine; each generation's candidates play ``games`` games each on the same
   seeds (common random numbers: their differences are not the dice's), scored
   by the side's share of wins (draws half), a game not won credited with
   ``shape`` times the share of its positions the side held at the end (a
   guide where wins are rare);
2. the best candidates of the search (a search's best is flattered by its luck,
   the winner's curse) and the current doctrine then play ``check`` fresh games
   each, again on common seeds; the best of them replaces the current doctrine
   only if its paired gain over it is above zero with 95 % confidence;
3. the other side answers, and so on; training stops after ``rounds`` rounds, or
   as soon as each side in turn has found no gain (neither side's best response
   gains more than its interval: the pair is an approximate equilibrium within
   the commander's doctrines).

Every game is seeded from ``seed`` and the round, generation and check it
belongs to, so a training is reproducible; with ``keep`` every evaluation is
kept in a journal (keyed by what decides its games: the code, the scenario, the
players and the seeds), so a training stopped half-way resumes where it was, and
a rerun replays the optimiser's steps from the journal without a game.
"""
from __future__ import annotations

import hashlib
import json
import math
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tcforge.agents.commander import SPACE, Doctrine
from tcforge.analysis import cluster
from tcforge.analysis.balance import wilson
from tcforge.analysis.batches import BatchResult, Cell, code_version, content_key, game_seed, plan, scenario_of
from tcforge.bounds import json_lines

BATCH = 8  # games a batch: the unit handed to a worker
FINALISTS = 3  # the search's best candidates played again in the check, with the current doctrine
SIGMA = 0.25  # CMA-ES's first step, in the [0, 1] scale of every knob
# a search credits a game not won with this share of the positions the side held at its end: where the underdog wins
# one game in ten (Hill 621's Soviet) most doctrines score alike on wins alone, and the search would learn nothing;
# the checks that decide what is kept count wins only
SHAPE = 0.3
Z95 = 1.959964

Progress = Callable[[str, int, int], None]  # (what, done, total) games


def encode(doctrine: Doctrine) -> list[float]:
    """The doctrine scaled to [0, 1] a knob (the optimiser's space)."""
    values = doctrine.to_mapping()
    return [(float(values[k]) - knob.low) / (knob.high - knob.low) for k, knob in SPACE.items()]


def decode(x: Sequence[float]) -> Doctrine:
    """The doctrine at a point of [0, 1]^knobs (clipped to it; whole knobs rounded)."""
    values: dict[str, float | int] = {}
    for (name, knob), xi in zip(SPACE.items(), x, strict=True):
        v = knob.low + min(1.0, max(0.0, float(xi))) * (knob.high - knob.low)
        values[name] = round(v) if knob.whole else round(v, 3)
    return Doctrine(**values)  # type: ignore[arg-type]


@dataclass
class Check:
    """A doctrine's held-out games against the opponent: its points game by game (1 win, 1/2 draw, 0 loss)."""

    spec: str
    points: list[float]

    @property
    def score(self) -> float:
        return sum(self.points) / len(self.points) if self.points else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(sum(self.points), len(self.points))


@dataclass
class Round:
    """One best-response round: the side that searched, against whom, its check before and after."""

    round: int
    side: str
    against: str
    before: Check
    after: Check
    accepted: bool
    gain: float
    gain_interval: tuple[float, float]
    evaluations: int  # candidate doctrines played in the search
    games: int  # every game of the round, search and check

    def to_json(self) -> dict[str, Any]:
        return {"round": self.round, "side": self.side, "against": self.against, "before": round(self.before.score, 4),
                "after": round(self.after.score, 4), "interval95": [round(v, 4) for v in self.after.interval],
                "gain": round(self.gain, 4), "gain_interval95": [round(v, 4) for v in self.gain_interval],
                "games": self.games, "check_games": len(self.after.points), "accepted": self.accepted,
                "chosen": self.after.spec}


@dataclass
class Training:
    scenario: str
    sides: list[str]
    seed: int
    doctrines: dict[str, Doctrine]
    rounds: list[Round] = field(default_factory=list)
    final: Check | None = None  # the first side's trained player against the second's, on fresh seeds
    played: int = 0  # games played by this run (the rest came from the journal)
    evaluations: dict[str, Any] = field(default_factory=dict)  # side -> learned Evaluation (with fit_games)

    def spec(self, side: str) -> str:
        return self.doctrines[side].spec()


class Journal:
    """Evaluations kept on disk, one JSON line each: the key of what decides its games, what it was (spec, opponent,
    side, root seed), and game by game the side's points and the share of its positions it held at the end."""

    def __init__(self, path: Path | None):
        self.path = path
        self.found: dict[str, tuple[list[float], list[float]]] = {}
        if path is not None and path.exists():
            for item in json_lines(path, "a training journal"):
                try:
                    points = [float(p) for p in item["points"]]
                    held = [float(h) for h in item.get("held", [0.0] * len(points))]
                    self.found[str(item["key"])] = (points, held)
                except (ValueError, KeyError, TypeError, AttributeError):
                    continue  # a line cut short by a stop: played again

    def get(self, key: str) -> tuple[list[float], list[float]] | None:
        return self.found.get(key)

    def put(self, key: str, what: dict[str, Any], points: list[float], held: list[float]) -> None:
        self.found[key] = (points, held)
        if self.path is not None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with self.path.open("a", encoding="utf-8") as out:
                out.write(json.dumps({"key": key, **what, "points": points, "held": held}) + "\n")


class Trainer:
    """Plays the evaluations of a training on one pool (or Dask cluster), kept in a journal."""

    def __init__(self, reference: str, sides: list[str], runner: Any, journal: Journal,
                 progress: Progress | None = None, option: str | None = None):
        self.reference = reference
        self.sides = sides
        self.runner = runner
        self.journal = journal
        self.progress = progress
        self.option = option
        self.played = 0

    def points(self, side: str, specs: list[str], opponent: str, games: int, root: int, what: str,
               shape: float = 0.0) -> list[list[float]]:
        """Each spec's points game by game for ``side`` against ``opponent`` on games ``root``/0.. ``games``-1 (1 won,
        1/2 nobody, 0 lost); with ``shape``, a game not won also earns ``shape`` times the share of its positions the
        side held at the end (a search's guide where wins are rare; never in a check)."""
        index = self.sides.index(side)
        out: dict[int, tuple[list[float], list[float]]] = {}
        todo: list[tuple[int, str, Cell, str]] = []
        for i, spec in enumerate(specs):
            agents = (spec, opponent) if index == 0 else (opponent, spec)
            cell = Cell(self.reference, self.option, agents=agents, seed=root)
            # what decides the games: the code, the cell and the scenario's resolved content (an edited scenario file
            # is a new scenario, never answered from the journal of the old one), and how many games
            key = hashlib.sha256(json.dumps([content_key(cell, scenario_of(cell)), games]).encode()).hexdigest()
            kept = self.journal.get(key)
            if kept is not None and len(kept[0]) == games:
                out[i] = kept
            else:
                todo.append((i, key, cell, spec))
        if todo:
            found: dict[tuple[str, int], list[Any]] = {}
            total = games * len(todo)
            done = [0]

            def keep(result: BatchResult) -> None:
                found[(result.batch.cell.key(), result.batch.start)] = result.results
                done[0] += len(result.results)
                if self.progress:
                    self.progress(what, done[0], total)

            batches = [b for _, _, cell, _ in todo for b in plan(cell, games, BATCH)]
            cluster.play(self.runner, batches, keep)
            self.played += total
            for i, key, cell, spec in todo:
                results = [r for start in range(0, games, BATCH) for r in found[(cell.key(), start)]]
                points = [0.5 if r.winner is None else float(r.winner == side) for r in results]
                held = [float(r.held_at_end.get(side, 0.0)) for r in results]
                self.journal.put(key, {"side": side, "spec": spec, "against": opponent, "root": root}, points, held)
                out[i] = (points, held)
        return [[p + shape * h * (1.0 - p) for p, h in zip(*out[i], strict=True)] for i in range(len(specs))]


def paired_gain(new: Sequence[float], old: Sequence[float]) -> tuple[float, tuple[float, float]]:
    """The mean of ``new - old`` game by game and its 95 % interval (the normal approximation of the paired
    differences: the two played the same seeds)."""
    diffs = [a - b for a, b in zip(new, old, strict=True)]
    n = len(diffs)
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
    half = Z95 * math.sqrt(var / n)
    return mean, (mean - half, mean + half)


def _root(seed: int, *parts: int) -> int:
    """The root seed of one evaluation of a training: derived from its seed and where it is."""
    value = seed
    for part in parts:
        value = game_seed(value, part)
    return value


def best_response(trainer: Trainer, side: str, start: Doctrine, opponent: str, *, generations: int, population: int,
                  games: int, check: int, seed: int, round_no: int, shape: float = 0.0) -> Round:
    """One round: the side's CMA-ES search against ``opponent``, then the held-out check (see the module's text)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # cma warns that matplotlib is missing: its plots are not used
        import cma
    es = cma.CMAEvolutionStrategy(encode(start), SIGMA, {
        "bounds": [0.0, 1.0], "popsize": population, "seed": _root(seed, round_no) % (2 ** 31 - 1) + 1,
        "verbose": -9, "maxiter": generations})
    seen: dict[str, list[float]] = {}  # spec -> mean score of each time it was played in the search
    evaluations = 0
    for generation in range(generations):
        xs = es.ask()
        specs = [decode(x).spec() for x in xs]
        points = trainer.points(side, specs, opponent, games, _root(seed, round_no, generation),
                                f"round {round_no} ({side}), generation {generation + 1}/{generations}", shape)
        scores = [sum(p) / len(p) for p in points]
        for spec, score in zip(specs, scores, strict=True):
            seen.setdefault(spec, []).append(score)
        evaluations += len(specs)
        es.tell(xs, [-s for s in scores])
    ranked = sorted(seen, key=lambda s: -sum(seen[s]) / len(seen[s]))
    incumbent = start.spec()
    finalists = [incumbent] + [s for s in ranked if s != incumbent][:FINALISTS]
    checks = trainer.points(side, finalists, opponent, check, _root(seed, round_no, 1_000_000),
                            f"round {round_no} ({side}), check")
    before = Check(incumbent, checks[0])
    if len(finalists) == 1:  # the search never left the current doctrine
        return Round(round_no, side, opponent, before, before, False, 0.0, (0.0, 0.0), evaluations,
                     evaluations * games + check)
    best = max(range(1, len(finalists)), key=lambda i: (sum(checks[i]), -i))  # the best challenger on fresh games
    challenger = Check(finalists[best], checks[best])
    gain, interval = paired_gain(challenger.points, before.points)
    accepted = interval[0] > 0
    after = challenger if accepted else before
    return Round(round_no, side, opponent, before, after, accepted, gain, interval, evaluations,
                 evaluations * games + len(finalists) * check)


def train(reference: str, sides: list[str], *, rounds: int = 4, generations: int = 8, population: int = 8,
          games: int = 48, check: int = 200, seed: int = 1, jobs: int = 0, scheduler: str | None = None,
          keep: Path | None = None, progress: Progress | None = None, start: dict[str, Doctrine] | None = None,
          first: str | None = None, option: str | None = None, on_round: Callable[[Round], None] | None = None,
          scenario_id: str | None = None, fit_games: int = 0, shape: float = SHAPE) -> Training:
    """Train a commander for each side of the scenario (see the module's text). ``first``: the side that searches
    first (default: the side greedy's game favours least, the underdog); ``start``: the doctrines to start from
    (greedy's by default)."""
    doctrines = dict(start or {side: Doctrine() for side in sides})
    training = Training(scenario_id or reference, sides, seed, doctrines)
    journal = Journal(keep / "journal.jsonl" if keep is not None else None)
    with cluster.client(scheduler, cluster.local_workers(jobs, 1_000)) as runner:
        trainer = Trainer(reference, sides, runner, journal, progress, option)
        if first is None:  # the underdog under the starting players searches first
            base = trainer.points(sides[0], [doctrines[sides[0]].spec()], doctrines[sides[1]].spec(), check,
                                  _root(seed, 0), "who wins as things start")[0]
            first = sides[0] if sum(base) / len(base) < 0.5 else sides[1]
        order = [first, sides[1 - sides.index(first)]]
        idle = 0
        for number in range(1, rounds + 1):
            side = order[(number - 1) % 2]
            other = order[number % 2]
            found = best_response(trainer, side, doctrines[side], doctrines[other].spec(), generations=generations,
                                  population=population, games=games, check=check, seed=seed, round_no=number,
                                  shape=shape)
            training.rounds.append(found)
            if on_round:
                on_round(found)
            if found.accepted:
                doctrines[side] = _doctrine_of(found.after.spec)
                idle = 0
            else:
                idle += 1
            if idle >= 2:
                break  # each side in turn found no gain: neither best response beats its interval
        final = trainer.points(sides[0], [doctrines[sides[0]].spec()], doctrines[sides[1]].spec(), check,
                               _root(seed, 2_000_000), "the final check")[0]
        training.final = Check(doctrines[sides[0]].spec(), final)
        training.played = trainer.played
    if fit_games:  # the learned evaluation, fitted on games between the trained players
        from tcforge.agents.learned import fit
        if progress:
            progress("fitting the learned evaluation", 0, fit_games)
        rows, targets = collect(reference, fit_games, _root(seed, 3_000_000),
                                (doctrines[sides[0]].spec(), doctrines[sides[1]].spec()), option)
        training.evaluations = {side: fit(rows[i], targets[i], games=fit_games) for i, side in enumerate(sides)}
    return training


def _doctrine_of(spec: str) -> Doctrine:
    from tcforge.agents.spec import parse
    return Doctrine.from_mapping(parse(spec).options)


def document(training: Training, command: str, date: str, strongest: str | None = None,
             side_strongest: dict[str, str] | None = None) -> dict[str, Any]:
    """The trained players as data (``data/players/SCENARIO.yaml``, schemas/player.schema.json): each side's doctrine
    with its final check against the other side's, and how to make them again; ``strongest`` the player ``best``
    plays for the scenario, ``side_strongest`` a side's own (by side id), where given."""
    final = training.final
    sides: dict[str, Any] = {}
    for index, side in enumerate(training.sides):
        other = training.sides[1 - index]
        entry: dict[str, Any] = {"doctrine": training.doctrines[side].to_mapping()}
        if side_strongest and side in side_strongest:
            entry["strongest"] = side_strongest[side]
        if side in training.evaluations:
            entry["evaluation"] = training.evaluations[side].to_json()
        if final is not None:
            points = final.points if index == 0 else [1.0 - p for p in final.points]
            low, high = wilson(sum(points), len(points))
            entry.update({"score": round(sum(points) / len(points), 4), "interval95": [round(low, 4), round(high, 4)],
                          "against": training.spec(other), "games": len(points)})
        sides[side] = entry
    from tcforge import __version__
    head: dict[str, Any] = {"scenario": training.scenario, "player": "commander"}
    if strongest:
        head["strongest"] = strongest
    return {**head, "sides": sides,
            "training": {"command": command, "seed": training.seed, "code": f"{__version__}+{code_version()[:12]}",
                         "date": date, "rounds": [r.to_json() for r in training.rounds]}}


def write(training: Training, path: Path, command: str, date: str, strongest: str | None = None,
          side_strongest: dict[str, str] | None = None) -> None:
    """Write the trained players' file (atomically: a stopped run leaves the old file or none)."""
    import yaml

    from tcforge.atomic import write_atomic
    head = (f"# The commander's doctrines for {training.scenario}, one a side, trained by tcforge scenario train\n"
            "# (alternating best responses, CMA-ES over games on common seeds). Read by the 'best' player;\n"
            "# made again, game for game, by the command under training.\n")
    # wide lines: the recorded command stays on one line, ready to copy into a shell
    data = document(training, command, date, strongest, side_strongest)
    write_atomic(path, head + yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=100_000))


def render(training: Training, *, rounds: bool = True) -> list[str]:
    """The training in lines: each round's search and check (unless ``rounds`` is false: a terminal was told each
    round as it ended), and the players it ends with."""
    lines = [f"{training.scenario}: commander training, seed {training.seed}"]
    lines += ["  " + render_round(r) for r in training.rounds] if rounds else []
    for side in training.sides:
        lines.append(f"  {side}: {training.spec(side)}")
    if training.final is not None:
        low, high = training.final.interval
        lines.append(f"  final check: {training.sides[0]} scores {training.final.score:.3f} (95 % {low:.3f}-{high:.3f}) "
                     f"over {len(training.final.points)} fresh games")
    return lines


def render_round(r: Round) -> str:
    """One round in a line: the side, its opponent, its check before and after, and whether the change was kept."""
    verdict = f"kept {r.after.spec}" if r.accepted else "no gain shown: the side keeps its doctrine"
    return (f"round {r.round}: {r.side} against {r.against}: {r.before.score:.3f} -> {r.after.score:.3f} "
            f"(the best challenger's paired gain {r.gain:+.3f}, 95 % {r.gain_interval[0]:+.3f} to {r.gain_interval[1]:+.3f}; "
            f"{r.evaluations} doctrines, {r.games} games): {verdict}")


def collect(reference: str, games: int, seed: int, agents: tuple[str, str] = ("greedy", "greedy"),
            option: str | None = None) -> tuple[list[list[list[float]]], list[list[float]]]:
    """Positions for fitting a learned evaluation (:mod:`tcforge.agents.learned`): ``games`` games of the scenario
    played by ``agents``, and at the end of every half-turn each side's :func:`~tcforge.agents.learned.features`,
    with that side's result (1 won, 1/2 nobody, 0 lost). Returns the rows and targets of each side."""
    import random

    from tcforge.agents import make
    from tcforge.play.games import new_game
    scenario = Cell(reference, option).load()
    rows: list[list[list[float]]] = [[], []]
    targets: list[list[float]] = [[], []]
    for index in range(games):
        game_no = game_seed(seed, index)
        state = new_game(scenario, game_no)
        seen = _half_turn_ends(state, (make(agents[0]), make(agents[1])), random.Random(game_no))
        winner = state.outcome.winner if state.outcome is not None else None
        for side in (0, 1):
            result = 0.5 if winner is None else float(winner == side)  # the engine's outcome names the side's index
            rows[side].extend(seen[side])
            targets[side].extend([result] * len(seen[side]))
    return rows, targets


def _half_turn_ends(state: Any, policies: tuple[Any, Any], rng: Any) -> list[list[list[float]]]:
    """Play the game to its end; each side's features at the end of every half-turn (and at the game's end)."""
    from tcforge.agents.learned import features
    from tcforge.agents.playout import run
    seen: list[list[list[float]]] = [[], []]
    turn = [(state.turn, state.active)]

    def applied(at: Any) -> None:
        if (at.turn, at.active) != turn[0] or at.outcome is not None:
            turn[0] = (at.turn, at.active)
            for side in (0, 1):
                seen[side].append(features(at, side))

    run(state, policies, rng, applied=applied)
    return seen
