"""``tcforge bench ...``: benchmarks, per-item costs and ratios (never asserted in tests)."""
from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from tcforge.bounds import BATCH, CARDS, EVEN_GAMES, GAMES, REPEATS, SKIPPABLE_GAMES, bounded
from tcforge.cli.common import fail, game_data, out, stoppable
from tcforge.cli.options import JOBS_DEFAULT, JobsOpt, RungsOpt, deprecated_option, rung_option

app = typer.Typer(help="Benchmarks: per-item costs and ratios.", no_args_is_help=True)

BENCH_RUNGS = ("random", "greedy", "plan:64")  # the short ladder 'bench ladder' times (issue 32: players that earn their place)


def _baseline() -> Any:
    """--baseline REV|DIR: the code to set each figure against, measured in the same run (issue 35)."""
    return typer.Option(None, "--baseline", metavar="REV|DIR",
                        help="Also measure a baseline, interleaved with the build in use, and give each ratio: a folder "
                             "holding a tcforge checkout, or a git revision of this checkout (checked out beside it once, "
                             "with git worktree add); 268fee5 is the code of 2026-11-26.")


def _side_by_side(figures: Any, baseline: str | None, repeat: int) -> None:
    from tcforge.bench import side_by_side

    for line in side_by_side(figures, baseline, repeat):
        out.print(line, markup=False, emoji=False)


def _repeat(default: int, help: str) -> Any:
    """--repeat N, at least 1 (as the scenario commands bound their counts: one line, exit 2)."""
    return typer.Option(default, "--repeat", callback=bounded(REPEATS), help=help)


@app.command("validate")
def bench_validate(
    cards: Annotated[int, typer.Option("--card-count", callback=bounded(CARDS), help="Size of the generated card set.")] = 10_000,
    old_cards: Annotated[int | None, deprecated_option("--cards", check=bounded(CARDS))] = None,
    repeat: int = _repeat(5, "Runs per measurement; the best is kept."),
    check_jsonschema: Annotated[Path | None, typer.Option(
        "--check-jsonschema",
        help="Path of a check-jsonschema executable to compare with (installed apart).")] = None,
) -> None:
    """Time 'tcforge validate' on the bundled data and on a generated card set."""
    cards = old_cards if old_cards is not None else cards
    from tcforge.bench import validate_benchmark

    for line in validate_benchmark(cards, repeat, check_jsonschema):
        out.print(line, markup=False)


@app.command("engine")
def bench_engine(
    seconds: Annotated[float, typer.Option("--seconds", help="Seconds of play per measurement.")] = 3.0,
    repeat: int = _repeat(3, "Measurements; the best is kept."),
    openspiel: Annotated[Path | None, typer.Option("--openspiel", help="A Python interpreter with open_spiel installed.")] = None,
    baseline: str | None = _baseline(),
) -> None:
    """Random playouts of a Kursk-sized battle: actions per second, side by side with OpenSpiel's tic-tac-toe (and,
    with --baseline, with another checkout's code in the same run)."""
    from tcforge.bench import ENGINE, engine_benchmark

    for line in engine_benchmark(seconds, repeat, openspiel):
        out.print(line, markup=False)
    if baseline is not None:
        _side_by_side(ENGINE, baseline, repeat)


@app.command("scenarios")
def bench_scenarios(
    games: Annotated[int, typer.Option("--games", callback=bounded(GAMES), help="Games per measurement.")] = 100,
    big: Annotated[int, typer.Option(
        "--big",
        callback=bounded(SKIPPABLE_GAMES),
        help="Games of the large Hill 621 run on 2 workers (0 to skip).")] = 2400,
    baseline: str | None = _baseline(),
    repeat: int = _repeat(3, "With --baseline: measurements of each build, interleaved; the best is kept."),
) -> None:
    """Greedy games a second for Hill 621 and Kursk, the --jobs 2 speed-up, a 2,400-game run, scaling with size, and
    greedy's cost a decision for 10 to 80 cards a side (with --baseline, the greedy games set against it)."""
    from tcforge.bench import SCENARIOS, scaling, scenario_benchmark

    with stoppable("bench scenarios"):
        for line in scenario_benchmark(games, big):
            out.print(line, markup=False)
        for line in scaling():
            out.print(line, markup=False)
        if baseline is not None:
            _side_by_side(SCENARIOS, baseline, repeat)


@app.command("cluster")
def bench_cluster(
    games: Annotated[int, typer.Option("--games", callback=bounded(GAMES), help="Hill 621 greedy games per measurement.")] = 100,
    repeat: int = _repeat(3, "Repetitions; the figures are their median and range."),
    batch: Annotated[int, typer.Option("--batch", callback=bounded(BATCH), help="Games a batch.")] = 10,
) -> None:
    """Games a second on 1 and 2 local workers, a Dask LocalCluster against the local pool, Dask's cost a task."""
    from tcforge.analysis.cluster_bench import cluster_benchmark

    with stoppable("bench cluster"):
        for line in cluster_benchmark(games, repeat, batch):
            out.print(line, markup=False)


@app.command("search")
def bench_search(
    seconds: Annotated[float, typer.Option("--seconds", help="Seconds per rate measurement.")] = 2.0,
    repeat: int = _repeat(3, "Decisions timed per budget; the median is kept."),
    playouts: Annotated[str, typer.Option("--playouts", help="Playout budgets of the rollout and plan players to time.")] = "8,16,32,64",
    games: Annotated[int, typer.Option(
        "--games",
        min=0,
        max=1000,
        help="Games a scenario timed with greedy and with the "
             "strongest player on both sides, for a game's cost (0: not timed).")] = 4,
    strongest: Annotated[str, typer.Option(
        "--strongest",
        metavar="SPEC",
        help="The strongest player, whose game's cost is set against greedy's.")] = "best",
    baseline: str | None = _baseline(),
) -> None:
    """The search players from a mid-game Hill 621 position: copies/s, playouts/s, a decision's time per budget; then
    what a game between the strongest players costs in greedy games, and a 1,000-game verdict and a training in
    minutes on this machine."""
    from tcforge.bench import search_benchmark

    try:
        rollouts = tuple(int(b) for b in playouts.split(","))
    except ValueError:
        out.print(f"tcforge: --playouts {playouts!r}: write whole numbers separated by commas (8,16,32)", markup=False)
        raise typer.Exit(2) from None
    if any(b < 1 for b in rollouts):
        out.print("tcforge: budgets are at least 1", markup=False)
        raise typer.Exit(2)
    for line in search_benchmark(seconds, repeat, rollouts):
        out.print(line, markup=False, emoji=False)  # "plan:64:" is not an emoji code
    if games:
        from tcforge.bench import game_cost_benchmark
        for line in game_cost_benchmark(games=games, strongest=strongest):
            out.print(line, markup=False, emoji=False)
    if baseline is not None:
        from tcforge.bench import SEARCH
        _side_by_side(SEARCH, baseline, repeat)


@app.command("speed")
def bench_speed(
    baseline: str | None = _baseline(),
    repeat: int = _repeat(3, "Measurements of each build, interleaved; the best is kept."),
    record: Annotated[Path | None, typer.Option(
        "--record",
        file_okay=False,
        help="A folder (docs/results) to write the figures in, as a page named for the "
             "date, with the machine, the load and the command.")] = None,
) -> None:
    """Issue 35's figures in one run, each for the build in use, for its Python sources where the build in use is
    compiled (tcforge/compiled.py), and for the baseline, with their ratios: greedy games a second on Hill 621 and
    Kursk, random actions a second, state copies, greedy playouts from mid-game, the games of 'best' and of the
    strongest search player; then greedy's cost a decision for 10 to 80 cards a side."""
    import os
    import sys
    from datetime import UTC, datetime

    from tcforge.bench import ENGINE, SCENARIOS, SEARCH, scaling, side_by_side

    lines: list[str] = []
    load_before = os.getloadavg()[0]
    with stoppable("bench speed"):
        for line in [*side_by_side(SCENARIOS + ENGINE + SEARCH, baseline, repeat), *scaling()]:
            out.print(line, markup=False, emoji=False)
            lines.append(line)
    if record is not None:
        page = _record_speed(record, lines, load_before, "tcforge bench speed" + "".join(f" {a}" for a in sys.argv[3:]),
                             datetime.now(UTC))
        out.print(f"written: {page}", markup=False)


def _record_speed(folder: Path, lines: list[str], load_before: float, command: str, now: Any) -> Path:
    """Write a dated results page of ``bench speed`` into ``folder`` with the four fields every results page keeps
    (what, where, load, command), never over an existing page (a second run of the day gets the time in its name),
    and list it in the folder's index.md when there is one."""
    import os
    import platform

    from tcforge.atomic import write_atomic

    page = folder / f"{now:%Y-%m-%d}-bench-speed.md"
    if page.exists():
        page = folder / f"{now:%Y-%m-%d}-bench-speed-{now:%H%M}.md"
    machine = f"{platform.machine()}, {os.cpu_count()} cores, {platform.system()} {platform.release()}, Python {platform.python_version()}"
    load_after = os.getloadavg()[0]
    write_atomic(page, f"# Speed side by side ({now:%Y-%m-%d %H:%M} UTC)\n\n"
                       "- **What:** `tcforge bench speed`: each figure for the build in use, for its Python sources where "
                       "it is compiled (TCFORGE_PURE=1), and for the baseline, the best of their interleaved measurements "
                       "in fresh processes on one core (CPU time); the ratios are the build in use over each.\n"
                       f"- **Where:** {machine}; {now:%d %B %Y at %H:%M} UTC.\n"
                       f"- **Load:** load average {load_before:.2f} before the run, {load_after:.2f} after; only the ratios "
                       "are worth comparing under load.\n"
                       f"- **Command:** `{command}` (`make bench` runs it).\n\n```\n" + "\n".join(lines) + "\n```\n")
    index = folder / "index.md"
    if index.is_file() and f"]({page.name})" not in index.read_text(encoding="utf-8"):
        text = index.read_text(encoding="utf-8").rstrip("\n")
        write_atomic(index, text + f"\n| {now:%d %B %Y} | [Speed side by side]({page.name}) | `tcforge bench speed`, recorded |\n")
    return page


@app.command("ladder")
def bench_ladder(
    scenario: Annotated[str, typer.Option("--scenario", help="A bundled scenario id.")] = "hill-621",
    agent: Annotated[list[str] | None, rung_option("A rung: an agent SPEC; repeat it, weakest first (default: "
                                                   + " ".join(f"--agent {r}" for r in BENCH_RUNGS) + ").")] = None,
    rungs: RungsOpt = None,
    games: Annotated[int, typer.Option("--games", callback=bounded(EVEN_GAMES), help="Games a rung (even: half with each side).")] = 8,
    jobs: JobsOpt = JOBS_DEFAULT,
) -> None:
    """A short strength ladder (tcforge scenario ladder) timed: wall time, games/s, each rung's score."""
    import os

    from tcforge.agents.spec import split_specs
    from tcforge.bench import ladder_benchmark

    if games % 2:
        fail(f"--games {games}: give an even number (a rung plays half its games with each side)", 2)
    specs = tuple(split_specs(rungs)) if rungs is not None else tuple(agent or BENCH_RUNGS)
    with stoppable("bench ladder"):
        for line in ladder_benchmark(scenario, specs, games, jobs or os.cpu_count() or 1):
            out.print(line, markup=False, emoji=False)


@app.command("puzzles")
def bench_puzzles(
    agent: Annotated[list[str] | None, rung_option("A player to time on the puzzle suite: an agent SPEC; repeat it "
                                                   "(default: --agent random --agent greedy).")] = None,
) -> None:
    """The puzzle suite (tcforge scenario puzzles) timed: milliseconds a position built and a try played, each
    player's score."""
    from tcforge.agents import SpecError, canonical
    from tcforge.bench import puzzles_benchmark

    specs: list[str] = []
    for text in agent or ["random", "greedy"]:
        try:
            specs.append(canonical(text))
        except SpecError as exc:
            fail(str(exc), 2)
    for line in puzzles_benchmark(tuple(specs)):
        out.print(line, markup=False)


@app.command("print")
def bench_print() -> None:
    """A proxy deck of every card: milliseconds a card and peak memory; then a card image for a print shop ('print
    images', 300 dpi with 3 mm bleed): drawing, rasterising and PNG, milliseconds a card."""
    from tcforge.render.cards.bench import images_benchmark, proxy_deck_benchmark

    for line in proxy_deck_benchmark() + images_benchmark():
        out.print(line, markup=False)


@app.command("tts")
def bench_tts() -> None:
    """A full Tabletop Simulator deck sheet (69 proxies): drawing, rasterising and PNG, milliseconds a card."""
    from tcforge.export.bench import tts_benchmark

    for line in tts_benchmark():
        out.print(line, markup=False)


@app.command("booklet")
def bench_booklet(repeat: int = _repeat(3, "Rounds; each line gives their spread."),
                  keep: Annotated[Path | None, typer.Option(
                      "--keep",
                      file_okay=False,
                      help="Folder to keep the booklets in (default: thrown away).")] = None
                  ) -> None:
    """Every rule booklet (A4, A5, Letter, half-Letter; English and French), each in its own process: seconds a page
    and peak memory."""
    from tcforge.render.booklet.bench import booklet_benchmark

    if keep is not None:
        keep.mkdir(parents=True, exist_ok=True)
    for line in booklet_benchmark(repeat=repeat, out_dir=keep):
        out.print(line, markup=False)


@app.command("odds")
def bench_odds(repeat: int = _repeat(3, "Runs of the whole matrix; the best is kept.")) -> None:
    """The whole odds matrix: every AT firer against every armored target, both ranges, every terrain."""
    from tcforge.analysis.matrix import odds_matrix
    from tcforge.analysis.odds import attack_odds

    data = game_data()
    times = []
    for _ in range(repeat):
        attack_odds.cache_clear()
        matrix = odds_matrix(data)
        times.append(matrix.seconds)
    cells = len(matrix.rows)
    out.print(f"odds matrix: {len(matrix.firers)} firers x {len(matrix.targets)} targets x 2 ranges x "
              f"{cells // (2 * len(matrix.firers) * len(matrix.targets))} terrains = {cells:,} cells in "
              f"{min(times):.2f} s (best of {repeat}, cold cache; {min(times) / cells * 1e6:.1f} us a cell)", markup=False)
