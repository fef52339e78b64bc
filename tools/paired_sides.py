"""Each side of a player against greedy's other side, paired seed by seed with greedy against greedy (issue 34):
a developer's tool of the checkout, for the figures of docs/results that a ladder cannot give.

A ladder (``tcforge scenario ladder``) scores a rung with each side, but it does not play greedy against greedy on the
same seeds, so it cannot say whether the rung's Soviet wins more than greedy's Soviet on those seeds. This plays, for
game i of the root seed (``tcforge.analysis.batches.game_seed``, as the ladder derives its seeds), three games: greedy
v greedy, greedy v PLAYER, PLAYER v greedy; keeps one JSON line a seed in OUT (appended, so a stopped run resumes
where it was, and several parts can run at once), and prints each side's paired difference with its 95 % interval
(Newcombe's, from tcforge.analysis.stats) and the side-swapped ladder score with the ladder's own interval. With
``--base SPEC`` the games are paired against that player instead of greedy (``--base best``: today's strongest); with
``--side SIDE --opponent SPEC`` only SIDE's player changes, against OPPONENT on the other side in every game.

    .venv/bin/python tools/paired_sides.py hill-621 best --games 500 --seed 20261126 --out paired.jsonl --part 0 --parts 2 &
    .venv/bin/python tools/paired_sides.py hill-621 best --games 500 --seed 20261126 --out paired.jsonl --part 1 --parts 2
    .venv/bin/python tools/paired_sides.py hill-621 best --games 500 --seed 20261126 --out paired.jsonl --report
"""
from __future__ import annotations

import argparse
import json
from pathlib import Path


def play(scenario_id: str, player: str, games: int, seed: int, out: Path, part: int, parts: int,
         base: str = "greedy", side: str | None = None, opponent: str | None = None) -> None:
    from tcforge.analysis.batches import game_seed
    from tcforge.play.games import play_game
    from tcforge.scenarios.loading import load

    scenario = load(scenario_id)
    first = next(iter(scenario.grid.sides))
    pairs = (("gg", (base, base)), ("gp", (base, player)), ("pg", (player, base)))
    if side is not None:  # one side only: its player's games and the base's
        pairs = tuple(p for p in pairs if p[0] == "gg" or (p[0] == "pg") == (side == first))
        if opponent is not None:  # the other side played by OPPONENT in both games
            mine = 0 if side == first else 1
            pairs = tuple((name, tuple(agents[i] if i == mine else opponent for i in range(2)))
                          for name, agents in pairs)  # type: ignore[misc]
    done = {row["i"] for row in _rows(out)}
    with out.open("a", encoding="utf-8") as handle:
        for i in range(part, games, parts):
            if i in done:
                continue
            game = game_seed(seed, i)
            row: dict[str, object] = {"i": i, "seed": game, "base": base if opponent is None else f"{base} (against {opponent})"}
            for name, agents in pairs:
                _, result = play_game(scenario, game, agents, record=False)
                row[name] = result.winner
            handle.write(json.dumps(row) + "\n")
            handle.flush()


def report(scenario_id: str, out: Path) -> None:
    from tcforge.analysis import stats
    from tcforge.analysis.ladder import SideScore, score, seed_correlation, swapped_score
    from tcforge.scenarios.loading import load

    rows = sorted(_rows(out), key=lambda r: r["i"])
    if not rows:
        raise SystemExit(f"{out}: no games yet")
    first, second = load(scenario_id).grid.sides
    n = len(rows)
    base = rows[0].get("base", "greedy")
    print(f"{scenario_id}: {n} seeds, paired against {base}")
    for side, mine, other in ((first, "pg", "gg"), (second, "gp", "gg")):
        if mine not in rows[0]:
            continue  # played with --side for the other side only
        won = [r[mine] == side for r in rows]
        same = [r[other] == side for r in rows]
        pair = stats.paired(same, won)
        print(f"  as {side}: {sum(won) / n:.3f} against {base}'s {sum(same) / n:.3f} on the same seeds; paired "
              f"{pair.render()}")
    if "pg" not in rows[0] or "gp" not in rows[0]:
        return
    games = {first: [r["pg"] for r in rows], second: [r["gp"] for r in rows]}  # a draw (None) is half a point
    points = [[1.0 if w == s else 0.5 if w is None else 0.0 for w in won] for s, won in games.items()]
    sides = []
    for s, won in games.items():
        wins, draws = sum(w == s for w in won), sum(w is None for w in won)
        sides.append(SideScore(s, n, wins, draws, *score(wins, draws, n)))
    mean, (lo, hi) = swapped_score(sides, seed_correlation(points[0], points[1]))
    print(f"  ladder score against {base}, side-swapped over {2 * n} games: {mean:.3f} (95 % {lo:.3f}-{hi:.3f})")


def _rows(out: Path) -> list[dict]:
    if not out.exists():
        return []
    return [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines() if line.strip()]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("scenario")
    parser.add_argument("player", help="an agent spec (best, look:6:k=3,endgame=3,late=3, ...)")
    parser.add_argument("--games", type=int, default=500, help="seeds: three games each")
    parser.add_argument("--seed", type=int, default=20261126, help="the root seed")
    parser.add_argument("--out", type=Path, required=True, help="the JSON lines file (appended)")
    parser.add_argument("--part", type=int, default=0)
    parser.add_argument("--parts", type=int, default=1)
    parser.add_argument("--report", action="store_true", help="only report what OUT holds")
    parser.add_argument("--base", default="greedy", help="the player it is paired against (greedy; best)")
    parser.add_argument("--side", help="play PLAYER on this side only (german, soviet): no side-swapped score")
    parser.add_argument("--opponent", help="with --side, the other side's player in every game (default: the base)")
    args = parser.parse_args()
    if not args.report:
        play(args.scenario, args.player, args.games, args.seed, args.out, args.part, args.parts, args.base, args.side, args.opponent)
    report(args.scenario, args.out)


if __name__ == "__main__":
    main()
