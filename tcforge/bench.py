"""Benchmarks, reported as per-item costs and ratios (never asserted in tests).

``tcforge bench validate`` times validation of the bundled data and of a
generated card set, in process and as the command a user runs, and, given a
check-jsonschema executable, runs both tools side by side on the same files.
"""
from __future__ import annotations

import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import tcforge
from tcforge import compiled
from tcforge.atomic import write_atomic
from tcforge.data.documents import discover
from tcforge.paths import data_dir, schemas_dir
from tcforge.validate import validate

if TYPE_CHECKING:  # the engine is imported when a benchmark runs, not when the CLI starts
    from tcforge.engine.state import GameState

Forces = dict[int, Iterable[tuple[int | str, int]]]  # GameState.new's forces: (card id, position) pairs a side

CARDS_PER_FILE = 500


def best_of(repeat: int, run: Callable[[], object]) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)


def generate_cards(folder: Path, count: int) -> list[Path]:
    """``count`` valid vehicle cards with unique ids and names, 500 to a file."""
    files = []
    for first in range(0, count, CARDS_PER_FILE):
        lines = ["family: generated", 'source: {document: "000", section: "19.1"}', "cards:"]
        for n in range(first, min(first + CARDS_PER_FILE, count)):
            hit, pen, armor = 5 + n % 4, 4 + n % 20, 2 + n % 15
            lines += [f"  - id: GEN-{n:05d}", f"    name: Generated Tank {n:05d}", "    rarity: C", "    type: vehicle",
                      "    class: tank", f"    nation: {'german' if n % 2 else 'soviet'}",
                      f"    hit: {{short: {hit}, long: {hit - 3}}}", f"    penetration: {{short: {pen}, long: {pen - 2}}}",
                      f"    armor: {{front: {armor}, side: {armor // 2}}}", f"    he: {n % 8}", f"    sa: {n % 4}",
                      f"    years: {{first: {1941 + n % 3}, last: 1945}}", f"    points: {10 + n % 30}",
                      f"    speed: {'fast' if n % 5 else 'slow'}"]
        path = folder / f"generated-{first // CARDS_PER_FILE:03d}.yaml"
        write_atomic(path, "\n".join(lines) + "\n")
        files.append(path)
    return files


def _command(args: list[str]) -> Callable[[], object]:
    def run() -> object:
        return subprocess.run(args, capture_output=True, check=False)
    return run


def validate_benchmark(count: int, repeat: int, check_jsonschema: Path | None) -> Iterator[str]:
    tcforge_cmd = [sys.executable, "-m", "tcforge", "validate"]
    bundled = discover(data_dir())
    report = validate()
    yield f"machine: {sys.platform}, Python {sys.version.split()[0]}; best of {repeat} runs"
    t = best_of(repeat, validate)
    yield (f"bundled data ({len(bundled)} files, {report.cards} cards), in process: {t * 1000:.1f} ms "
           f"({t / report.cards * 1e6:.0f} us a card)")
    t_cli = best_of(repeat, _command(tcforge_cmd))
    yield f"bundled data, 'tcforge validate' command (start-up included): {t_cli * 1000:.0f} ms"
    with tempfile.TemporaryDirectory(prefix="tcforge-bench-") as tmp:
        folder = Path(tmp)
        files = generate_cards(folder, count)
        gen_report = validate([folder])
        if gen_report.problems:
            yield f"generated set is not valid: {gen_report.problems[0].render()}"
            return
        t = best_of(repeat, lambda: validate([folder]))
        yield (f"generated set ({count:,} cards in {len(files)} files), in process: {t:.2f} s "
               f"({t / count * 1e6:.0f} us a card)")
        t_gen_cli = best_of(repeat, _command(tcforge_cmd + [str(folder)]))
        yield f"generated set, 'tcforge validate' command: {t_gen_cli:.2f} s"
        if check_jsonschema is None:
            yield "check-jsonschema: not compared (pass --check-jsonschema PATH)"
            return
        exe = shutil.which(str(check_jsonschema)) or str(check_jsonschema)
        schema = str(schemas_dir() / "cards.schema.json")
        card_files = [str(p) for p in discover(data_dir() / "cards")]
        for label, paths, tc_args in (("bundled card files", card_files, card_files),
                                      (f"generated set ({count:,} cards)", [str(p) for p in files], [str(folder)])):
            t_cjs = best_of(repeat, _command([exe, "--schemafile", schema] + paths))
            t_tc = best_of(repeat, _command(tcforge_cmd + tc_args))
            yield (f"{label}: check-jsonschema {t_cjs:.2f} s, tcforge validate {t_tc:.2f} s "
                   f"(with line numbers and consistency checks): tcforge is {t_cjs / t_tc:.1f}x as fast")


KURSK_GERMAN = [("PzKw III L", 5), ("PzKw IV F", 5), ("PzKw VI E", 5), ("PzKw III N", 2), ("StuG III G", 3)]
KURSK_SOVIET = [("T-70", 8), ("T-34 M41", 8), ("T-34 M43", 8), ("SU-122", 4), ("SU-76 M", 3)]

OPENSPIEL_SNIPPET = """
import random, time
from open_spiel.python.games import tic_tac_toe
game = tic_tac_toe.TicTacToeGame()
rng = random.Random(0)
best = 0.0
for _ in range({repeat}):
    n = 0
    start = time.perf_counter()
    while time.perf_counter() - start < {seconds}:
        state = game.new_initial_state()
        while not state.is_terminal():
            actions = state.legal_actions()
            state.apply_action(actions[rng.randrange(len(actions))])
            n += 1
    best = max(best, n / (time.perf_counter() - start))
print(best)
"""


_GAME: list[Any] = []


def _kursk_game() -> Any:
    """The game definition is shared by every playout, as it would be in a search."""
    from tcforge.data.dataset import load_data
    from tcforge.engine.game import Game
    if not _GAME:
        # the cap its games had before issue 52 made the engine's default cap the scenarios' 20: the golden game
        # (tests/golden.py) and the engine's figures stay comparable across that change
        _GAME.append(Game.create(load_data(), cap=30))
    return _GAME[0]


def kursk_state(seed_first: int = 0) -> GameState:
    """17.8's forces (20 German against 31 Soviet tanks) placed by a simple rule: fill each side's positions
    front rank first, left to right, three cards a position; the rest start in the reserve."""
    from tcforge.engine.board import RESERVE
    from tcforge.engine.state import GameState

    game = _kursk_game()
    data = game.data
    board = game.board
    forces: Forces = {}
    for side, force, nation in ((0, KURSK_GERMAN, "german"), (1, KURSK_SOVIET, "soviet")):
        cards = [data.cards.get(name, nation=nation).id for name, count in force for _ in range(count)]
        rows = sorted({board.row(p) for p in board.side_positions(side)}, key=lambda r: -r if side == 0 else r)
        slots = [board.pos(r, c) for r in rows for c in range(board.columns) for _ in range(3)]
        forces[side] = [(card, slots[i] if i < len(slots) else RESERVE) for i, card in enumerate(cards)]
    return GameState.new(game, forces, first_player=seed_first % 2, initial_hand=0)


def engine_benchmark(seconds: float, repeat: int, openspiel_python: Path | None) -> Iterator[str]:
    """Random-policy playouts of a Kursk-sized battle: actions applied per second, every action counted
    (decisions and die rolls), each one chosen from the legal actions as in OpenSpiel's playouts."""
    import random

    from tcforge.agents.playout import random_policy, run

    best = 0.0
    games = 0
    for r in range(repeat):
        rng = random.Random(r)
        n = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            state = kursk_state(games)
            games += 1
            n += run(state, (random_policy, random_policy), rng)
        best = max(best, n / (time.perf_counter() - start))
    yield (f"tcforge, Kursk-sized battle (20 v 31 tanks), random players: {best:,.0f} actions/s "
           f"({1e6 / best:.1f} us an action; {games} games)")
    if openspiel_python is None:
        yield "OpenSpiel: not compared (pass --openspiel PYTHON, a Python with open_spiel installed)"
        return
    code = OPENSPIEL_SNIPPET.format(repeat=repeat, seconds=seconds)
    result = subprocess.run([str(openspiel_python), "-c", code], capture_output=True, text=True, check=False)
    if result.returncode != 0:
        yield f"OpenSpiel: could not run ({result.stderr.strip().splitlines()[-1] if result.stderr.strip() else 'no output'})"
        return
    theirs = float(result.stdout.strip())
    yield f"OpenSpiel Python tic-tac-toe, random players: {theirs:,.0f} actions/s ({1e6 / theirs:.1f} us an action)"
    yield f"ratio per action: tcforge / OpenSpiel = {best / theirs:.2f}x"


def scenario_benchmark(games: int, big: int) -> Iterator[str]:
    """Greedy games a second on one core, the speed-up of two workers, a large balance run, and scaling with size."""
    from tcforge.analysis.balance import run

    for sid in ("hill-621", "kursk"):
        start = time.perf_counter()
        results = run(sid, games=games, jobs=1)
        spent = time.perf_counter() - start
        actions = sum(r.actions for r in results)
        yield (f"{sid}: greedy v greedy, {games} games on one core: {games / spent:.1f} games/s "
               f"({spent / games * 1000:.0f} ms a game, {actions / spent:,.0f} actions/s)")
    start = time.perf_counter()
    run("hill-621", games=games, jobs=1)
    one = time.perf_counter() - start
    start = time.perf_counter()
    run("hill-621", games=games, jobs=2)
    two = time.perf_counter() - start
    yield (f"hill-621, {games} games as a user runs them: --jobs 1 {one:.2f} s, --jobs 2 {two:.2f} s (the process pool's "
           f"start included): speed-up {one / two:.2f}x; 'tcforge bench cluster' measures the playing alone, repeated")
    if big:
        start = time.perf_counter()
        run("hill-621", games=big, jobs=2)
        wall = time.perf_counter() - start
        yield f"hill-621, {big} games on 2 workers: {wall:.1f} s wall"
    yield from scaling_benchmark()


def scaling_benchmark(games: int = 6) -> Iterator[str]:
    """Kursk's forces times 1, 2 and 4 on a battlefield as many times wider, random players, 12 turns:
    the time a game takes per unit and per turn should stay flat."""
    import random as _random

    from tcforge.agents.playout import random_policy, run
    from tcforge.data.dataset import load_data
    from tcforge.engine.game import Game
    from tcforge.engine.outcome import Ending
    from tcforge.engine.state import GameState

    data = load_data()
    base = None
    for factor in (1, 2, 4):
        game = Game.create(data, columns=5 * factor, ending=Ending(cap=12))
        board = game.board
        forces: Forces = {}
        for side, force, nation in ((0, KURSK_GERMAN, "german"), (1, KURSK_SOVIET, "soviet")):
            cards = [data.cards.get(name, nation=nation).id for name, count in force for _ in range(count * factor)]
            rows = sorted({board.row(p) for p in board.side_positions(side)}, key=lambda r: -r if side == 0 else r)
            slots = [board.pos(r, c) for r in rows for c in range(board.columns) for _ in range(3)]
            from tcforge.engine.board import RESERVE
            forces[side] = [(card, slots[i] if i < len(slots) else RESERVE) for i, card in enumerate(cards)]
        units = sum(len(list(v)) for v in forces.values())
        spent = turns = 0.0
        for g in range(games):
            rng = _random.Random(g)
            state = GameState.new(game, forces, first_player=g % 2, initial_hand=0)
            start = time.perf_counter()
            run(state, (random_policy, random_policy), rng)
            spent += time.perf_counter() - start
            turns += state.turn
        per_game = spent / games
        unit_turn = per_game / (units * turns / games) * 1e6
        base = base or unit_turn
        yield (f"battle x{factor}: {units} units, {turns / games:.1f} turns, {per_game * 1000:.0f} ms a game, "
               f"{unit_turn:.1f} us per unit-turn ({unit_turn / base:.2f}x the x1 battle)")


def midgame_state(scenario_id: str = "hill-621", seed: int = 1, turn: int = 4) -> Any:
    """A mid-game position: greedy players from the seeded start until ``turn``, at the active side's first play decision."""
    import random

    from tcforge.agents import greedy_policy
    from tcforge.agents.playout import run
    from tcforge.engine.context import Phase
    from tcforge.play.games import new_game
    from tcforge.scenarios.loading import load

    state = new_game(load(scenario_id), seed)
    run(state, (greedy_policy, greedy_policy), random.Random(seed),
        stop=lambda at, side: at.turn >= turn and at.phase == Phase.PLAY and at.ctx.window is None and side == at.active)
    return state


def _rate(seconds: float, run: Callable[[], object]) -> float:
    n = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        run()
        n += 1
    return n / (time.perf_counter() - start)


def search_benchmark(seconds: float, repeat: int, playout_budgets: tuple[int, ...] = (8, 16, 32, 64)) -> Iterator[str]:
    """The search players' costs from a mid-game Hill 621 position: state copies, dealt positions and playouts a
    second, and a decision's wall time at each budget (median of ``repeat``): rollout and plan at each playout
    budget, and plan at the largest on a larger Kursk position."""
    import random
    import statistics

    from tcforge.agents import greedy_policy, make
    from tcforge.agents.playout import random_policy, run
    from tcforge.engine.observation import determinize

    state = midgame_state()
    side = state.current_player()
    yield (f"hill-621 seed 1, {state.describe()}: {len(state.units)} cards, {len(state.legal_actions())} legal actions; "
           f"one core, Python {sys.version.split()[0]}")
    copies = _rate(seconds, state.clone)
    yield f"state copies: {copies:,.0f}/s ({1e6 / copies:.0f} us a copy)"
    rng = random.Random(1)
    dealt = _rate(seconds, lambda: determinize(state, side, rng))
    yield f"dealt positions (determinize): {dealt:,.0f}/s ({1e6 / dealt:.0f} us each)"
    for name, policy in (("random", random_policy), ("greedy", greedy_policy)):
        def playout(policy: Any = policy) -> None:
            run(state.clone(), (policy, policy), rng)
        yield f"{name} playouts to the end from here: {_rate(seconds, playout):,.1f}/s"
    def decision(spec: str, position: Any) -> float:
        """The median wall time of one decision of a fresh ``spec`` player from ``position``, over ``repeat`` seeds."""
        times = []
        for r in range(repeat):
            agent = make(spec)
            start = time.perf_counter()
            agent(position, random.Random(r))
            times.append(time.perf_counter() - start)
        return statistics.median(times)

    for budget in playout_budgets:
        wall = decision(f"rollout:{budget}", state)
        yield f"rollout:{budget}: a decision in {wall * 1000:,.0f} ms ({budget / wall:,.1f} playouts/s)"
    for budget in playout_budgets:  # the turn's search comes at its first decision: the rest of the turn is free
        wall = decision(f"plan:{budget}", state)
        yield f"plan:{budget}: a turn's search in {wall * 1000:,.0f} ms ({budget / wall:,.1f} playouts/s, 4 half-turns each)"
    big = midgame_state("kursk", 2, 3)  # a larger battle, for scale
    budget = max(playout_budgets)
    wall = decision(f"plan:{budget}", big)
    yield (f"kursk seed 2, {big.describe()}, {len(big.units)} cards: plan:{budget} a turn's search in {wall * 1000:,.0f} ms "
           f"({budget / wall:,.1f} playouts/s)")


STRONGEST = "best"  # the strongest player shipped or trained for each scenario (its players file names it)
CEILING = 50.0  # a game between the strongest players should cost no more than this many greedy games (issue 48)


def game_cost_benchmark(scenarios: tuple[str, ...] = ("hill-621", "kursk"), games: int = 4,
                        strongest: str = STRONGEST, cores: int | None = None) -> Iterator[str]:
    """What a game costs: CPU seconds a game of the greedy player on both sides and of ``strongest`` on both sides,
    measured in one run on the same seeds, their ratio against :data:`CEILING`, and what follows for a 1,000-game
    verdict and for training a scenario (its recorded games, from the trained players' file) on ``cores`` cores."""
    from tcforge.analysis.batches import game_seed
    from tcforge.analysis.cluster import cores as machine_cores
    from tcforge.play.games import play_game
    from tcforge.scenarios.loading import load

    n = cores or machine_cores()
    yield f"one core a game, {games} seeds a scenario, the same for both players; {n} core(s) for the projections"
    for scenario_id in scenarios:
        scenario = load(scenario_id)
        cost: dict[str, float] = {}
        for spec in ("greedy", strongest):  # one game each first, untimed: the first game fills the caches both use
            play_game(scenario, game_seed(8, 0), (spec, spec), record=False)
        for spec in ("greedy", strongest):
            start = time.process_time()
            for i in range(games):
                play_game(scenario, game_seed(7, i), (spec, spec), record=False)
            cost[spec] = (time.process_time() - start) / games
        ratio = cost[strongest] / cost["greedy"]
        verdict = 1000 * cost[strongest] / n / 60
        yield (f"{scenario_id}: greedy {cost['greedy'] * 1000:,.0f} ms a game, {strongest} {cost[strongest] * 1000:,.0f} ms "
               f"({ratio:.1f} greedy games; the ceiling is {CEILING:g}); a 1,000-game verdict with it: {verdict:.1f} min")
        trained = _training_games(scenario_id)
        if trained:  # the training plays commanders, greedy's cost a game give or take the doctrine's gates
            minutes = trained * cost["greedy"] / n / 60
            yield (f"  training {scenario_id} as recorded ({trained:,} games of commanders, the search's, the checks' and "
                   f"the learned evaluation's): about {minutes:.0f} min")


def _training_games(scenario_id: str) -> int:
    """The games the shipped training of a scenario played (its rounds, checks and fit), 0 when none is shipped or its
    file cannot be read (tcforge validate says why)."""
    from tcforge.agents.trained import trained
    from tcforge.data.problems import DataError
    try:
        found = trained(scenario_id)
    except DataError:
        return 0
    return found.games if found is not None else 0


def ladder_benchmark(scenario: str, rungs: tuple[str, ...], games: int, jobs: int) -> Iterator[str]:
    """A short strength ladder: its wall time, games a second, and each rung's score against the one below."""
    from tcforge.analysis.ladder import climb, render
    from tcforge.scenarios.loading import load

    sides = list(load(scenario).grid.sides)
    start = time.perf_counter()
    result = climb(scenario, sides, rungs, games=games, jobs=jobs)
    wall = time.perf_counter() - start
    played = games * (len(rungs) - 1)
    yield f"{scenario} ladder {','.join(rungs)}, {games} games a rung on {jobs} worker(s): {wall:.1f} s ({played / wall:.2f} games/s)"
    yield from render(result)


def puzzles_benchmark(agents: tuple[str, ...]) -> Iterator[str]:
    """The puzzle suite (tcforge scenario puzzles): building each position, and each player's milliseconds a try
    with its score (a fraction of the tries, reported, never asserted)."""
    from tcforge.agents import make
    from tcforge.analysis.puzzles import build, load_puzzles, run_puzzle

    puzzles = load_puzzles()
    built = {}
    start = time.perf_counter()
    for puzzle in puzzles:
        built[puzzle.id] = build(puzzle)
    spent = time.perf_counter() - start
    yield f"puzzles: {len(puzzles)} positions built in {spent * 1000:.0f} ms ({spent / len(puzzles) * 1000:.0f} ms a position)"
    for agent in agents:
        solved = tries = 0
        start = time.perf_counter()
        for puzzle in puzzles:
            for i in range(puzzle.tries):
                solved += run_puzzle(puzzle, make(agent), i, built[puzzle.id])
                tries += 1
        spent = time.perf_counter() - start
        yield f"puzzles, {agent}: {tries} tries, {spent / tries * 1000:.1f} ms a try, score {solved}/{tries} ({solved / tries:.2f})"


# ------------------------------------------------------------------ side by side with a baseline (issue 35)
# Each figure is measured in a fresh Python process that imports tcforge from a given folder: the build in use (this
# package's folder) and a baseline (another checkout, e.g. ``git worktree add /tmp/tcforge-baseline 268fee5``), one
# after the other, ``repeat`` times, so that both see the same load; the best of each is kept and their ratio reported.
# The measuring code (PROBE) reads only what both have (``play_game``, ``kursk_state``, ``midgame_state``, the agents'
# specs), so today's code and the code of 2026-11-26 run the very same measurement. A figure is a rate (more is
# better): games, actions, copies, playouts or decisions a second of CPU time on one core.

BASELINE_REV = "268fee5"  # the code of 2026-11-26 that issue 35 measures against

# The measurement, run as ``python -c PROBE ROOT FIGURE SIZE``: it imports tcforge from ROOT and prints one JSON
# object {"rate": ..., "unit": ..., "items": ...}. Only the interfaces the baseline has too.
PROBE = r'''
import json, random, sys, time
sys.path.insert(0, sys.argv[1])
figure, size = sys.argv[2], int(sys.argv[3])

def greedy_games(scenario_id, specs=("greedy", "greedy")):
    from tcforge.analysis.batches import game_seed
    from tcforge.play.games import play_game
    from tcforge.scenarios.loading import load
    scenario = load(scenario_id)
    play_game(scenario, game_seed(7, 10_000), specs, record=False)  # warm: data, caches, imports
    start = time.process_time()
    for i in range(size):
        play_game(scenario, game_seed(7, i), specs, record=False)
    return size / (time.process_time() - start), "games/s", size

def random_actions():
    from tcforge.agents.playout import random_policy, run
    from tcforge.bench import kursk_state
    kursk_state(0)
    n = 0
    start = time.process_time()
    for g in range(size):
        n += run(kursk_state(g), (random_policy, random_policy), random.Random(g))
    return n / (time.process_time() - start), "actions/s", n

def copies():
    from tcforge.bench import midgame_state
    state = midgame_state()
    start = time.process_time()
    for _ in range(size):
        state.clone()
    return size / (time.process_time() - start), "copies/s", size

def greedy_playouts():
    from tcforge.agents import greedy_policy
    from tcforge.agents.playout import run
    from tcforge.bench import midgame_state
    state = midgame_state()
    rng = random.Random(1)
    run(state.clone(), (greedy_policy, greedy_policy), rng)
    start = time.process_time()
    for _ in range(size):
        run(state.clone(), (greedy_policy, greedy_policy), rng)
    return size / (time.process_time() - start), "playouts/s", size

def decisions(cards):
    """Greedy's decisions in a generated battle of ``cards`` tanks a side (Kursk's kinds in turn, on a battlefield as
    many columns wide as half the cards, so every size is as crowded), 12 turns: decisions a second."""
    from tcforge.agents import greedy_policy
    from tcforge.agents.playout import run
    from tcforge.bench import KURSK_GERMAN, KURSK_SOVIET
    from tcforge.data.dataset import load_data
    from tcforge.engine.board import RESERVE
    from tcforge.engine.game import Game
    from tcforge.engine.outcome import Ending
    from tcforge.engine.state import GameState
    data = load_data()
    columns = max(5, -(-cards // 2))  # two ranks a side: one card a position on average, as dense at every size
    game = Game.create(data, columns=columns, ending=Ending(cap=12))
    board = game.board
    forces = {}
    for side, force, nation in ((0, KURSK_GERMAN, "german"), (1, KURSK_SOVIET, "soviet")):
        kinds = [data.cards.get(name, nation=nation).id for name, _ in force]
        ids = [kinds[i % len(kinds)] for i in range(cards)]
        rows = sorted({board.row(p) for p in board.side_positions(side)}, key=lambda r: -r if side == 0 else r)
        slots = [board.pos(r, c) for r in rows for c in range(board.columns) for _ in range(3)]
        forces[side] = [(card, slots[i] if i < len(slots) else RESERVE) for i, card in enumerate(ids)]
    spent = [0.0]
    made = [0]
    def timed(state, rng):
        start = time.process_time()
        action = greedy_policy(state, rng)
        spent[0] += time.process_time() - start
        made[0] += 1
        return action
    for g in range(size):
        run(GameState.new(game, forces, first_player=g % 2, initial_hand=0), (timed, timed), random.Random(g))
    return made[0] / spent[0], "decisions/s", made[0]

FIGURES = {"hill-621": lambda: greedy_games("hill-621"), "kursk": lambda: greedy_games("kursk"),
           "random": random_actions, "copies": copies, "greedy-playouts": greedy_playouts,
           "best": lambda: greedy_games("hill-621", ("best", "best")),
           "look": lambda: greedy_games("hill-621", ("look:2:base=trained,value=learned",) * 2)}
if figure.startswith("decisions-"):
    rate, unit, items = decisions(int(figure.split("-")[1]))
else:
    rate, unit, items = FIGURES[figure]()
print(json.dumps({"rate": rate, "unit": unit, "items": items}))
'''


@dataclass(frozen=True)
class Figure:
    """One figure and how much of it a measurement plays (games, actions' games, copies, playouts)."""

    name: str
    text: str
    size: int


ENGINE = (Figure("random", "random actions a second, Kursk-sized battle (tcforge bench engine)", 40),)
SCENARIOS = (Figure("hill-621", "Hill 621 greedy games a second, one core", 30),
             Figure("kursk", "Kursk greedy games a second, one core", 20))
SEARCH = (Figure("copies", "state copies a second, mid-game Hill 621", 20_000),
          Figure("greedy-playouts", "greedy playouts a second from mid-game Hill 621", 20),
          Figure("best", "Hill 621 games a second, 'best' on both sides", 20),
          Figure("look", "Hill 621 games a second, look:2:base=trained,value=learned on both sides", 2))
SCALING = tuple(Figure(f"decisions-{n}", f"greedy decisions a second, {n} cards a side (generated, 12 turns)", 3)
                for n in (10, 20, 40, 80))


def here() -> Path:
    """The folder this tcforge is imported from (its package's parent): the build in use."""
    return Path(tcforge.__file__).resolve().parent.parent


def baseline_root(where: str) -> Path | str:
    """The baseline's folder: ``where`` itself when it holds a tcforge package, else a git revision of this checkout,
    checked out once beside it (``git worktree add``) in the temporary folder. A string says why there is none."""
    path = Path(where)
    if (path / "tcforge" / "__init__.py").is_file():
        return path.resolve()
    repo = here()
    if not (repo / ".git").exists():
        return f"--baseline {where}: not a tcforge checkout, and this tcforge is not a git checkout to take a revision from"
    rev = subprocess.run(["git", "-C", str(repo), "rev-parse", "--verify", "--quiet", f"{where}^{{commit}}"],
                         capture_output=True, text=True, check=False).stdout.strip()
    if not rev:
        return f"--baseline {where}: neither a folder with tcforge in it nor a revision of {repo}"
    target = Path(tempfile.gettempdir()) / f"tcforge-baseline-{rev[:12]}"
    if not (target / "tcforge" / "__init__.py").is_file():
        made = subprocess.run(["git", "-C", str(repo), "worktree", "add", "--detach", str(target), rev],
                              capture_output=True, text=True, check=False)
        if made.returncode != 0:
            return f"--baseline {where}: git worktree add failed: {made.stderr.strip().splitlines()[-1:]}"
    return target


def measure(root: Path, figure: Figure, env: dict[str, str] | None = None) -> tuple[float, str, int]:
    """One measurement of ``figure`` by the tcforge in ``root``, in a fresh process: (rate, unit, items)."""
    done = subprocess.run([sys.executable, "-c", PROBE, str(root), figure.name, str(figure.size)], capture_output=True,
                          text=True, check=False, env={**os.environ, **(env or {})}, cwd=tempfile.gettempdir())
    if done.returncode != 0:
        last = done.stderr.strip().splitlines()[-1:] or ["no output"]
        raise RuntimeError(f"{figure.name} with {root}: {last[0]}")
    found = json.loads(done.stdout.strip().splitlines()[-1])
    return float(found["rate"]), str(found["unit"]), int(found["items"])


def machine() -> str:
    """The machine in one line: processor, cores, Python."""
    model = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text(encoding="utf-8").splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{model}, {os.cpu_count()} cores, {platform.system()} {platform.release()}, Python {platform.python_version()}"


def load_average() -> str:
    try:
        one, five, fifteen = os.getloadavg()
    except OSError:
        return "unknown"
    return f"{one:.2f} {five:.2f} {fifteen:.2f}"


def side_by_side(figures: Sequence[Figure], baseline: str | None, repeat: int = 3) -> Iterator[str]:
    """Each figure for the build in use and, when ``baseline`` is given, for the baseline, interleaved ``repeat``
    times; the best of each and their ratio (the build in use over the baseline: more than 1 is faster)."""
    root = here()
    base: Path | None = None
    if baseline is not None:
        found = baseline_root(baseline)
        if isinstance(found, str):
            yield found
        else:
            base = found
    built = compiled.state().startswith("compiled")  # the probes' processes decide as this one did
    yield f"machine: {machine()}; load average before: {load_average()}"
    yield f"build in use: {root}, {compiled.state()}" + (
        f"; baseline: {base} ({baseline})" if base is not None else
        f"; no baseline (pass --baseline {BASELINE_REV} for the ratios)")
    for figure in figures:
        ours: list[float] = []
        pure: list[float] = []  # the same checkout's sources (TCFORGE_PURE=1), where the build in use is compiled
        theirs: list[float] = []
        unit = ""
        for _ in range(repeat):
            rate, unit, _items = measure(root, figure)
            ours.append(rate)
            if built:
                pure.append(measure(root, figure, {compiled.PURE_VARIABLE: "1"})[0])
            if base is not None:
                theirs.append(measure(base, figure)[0])
        line = f"{figure.text}: {_shown(max(ours), unit)}"
        if pure:
            line += f", pure Python {_shown(max(pure), unit)}: compiled {max(ours) / max(pure):.2f}x"
        if theirs:
            line += f"; baseline {_shown(max(theirs), unit)}: ratio {max(ours) / max(theirs):.2f}x"
        yield line + f" (best of {repeat})"
    yield f"load average after: {load_average()}"


def scaling(repeat: int = 1) -> Iterator[str]:
    """Item 4: greedy's cost a decision for 10, 20, 40 and 80 cards a side, and whether it grows no faster than the
    cards (a ratio of cost to cards at most the 10-card battle's, give or take 25 % of noise)."""
    root = here()
    first: tuple[int, float] | None = None
    for figure in SCALING:
        cards = int(figure.name.split("-")[1])
        rate = max(measure(root, figure)[0] for _ in range(repeat))
        cost = 1e6 / rate
        first = first or (cards, cost)
        growth = (cost / first[1]) / (cards / first[0])
        yield (f"{cards} cards a side: {cost:,.0f} us a greedy decision ({cost / cards:,.1f} us a card; "
               f"cost x{cost / first[1]:.2f} for cards x{cards / first[0]:g}: "
               f"{'no worse than linear' if growth <= 1.25 else 'worse than linear'})")


def _shown(value: float, unit: str) -> str:
    return f"{value:,.0f} {unit}" if value >= 100 else f"{value:,.2f} {unit}"
