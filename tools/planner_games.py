"""Watch the planner play (issue 48): a developer's tool of the checkout, for the turn plans a closing note quotes.

Plays game i of the root seed (``tcforge.analysis.batches.game_seed``, as the ladders derive their seeds) with the
planner on one side and another player on the other, and prints each choice of plan the planner made: the turn, the
plan followed, the challenger's and the script's mean playout value, and the playouts spent; then the result and, for
the turns the planner left its script, the positions held at their end. The game itself replays with
``tcforge scenario play SCENARIO --seed SEED --agent SIDE=PLANNER --agent OTHER=...``.

    .venv/bin/python tools/planner_games.py hill-621 soviet planner --against best --seed 20261130 --games 0,1,2
"""
from __future__ import annotations

import argparse
import random


def watch(scenario_id: str, side: str, spec: str, against: str, root: int, games: list[int]) -> None:
    from tcforge.agents import make
    from tcforge.agents.playout import run
    from tcforge.analysis.batches import game_seed
    from tcforge.play.games import new_game
    from tcforge.scenarios.loading import load

    scenario = load(scenario_id)
    sides = list(scenario.grid.sides)
    me = sides.index(side)
    for i in games:
        seed = game_seed(root, i)
        state = new_game(scenario, seed)
        planner, other = make(spec), make(against)
        run(state, (planner, other) if me == 0 else (other, planner), random.Random(seed))
        winner = state.outcome.winner if state.outcome is not None else None
        print(f"game {i}, seed {seed}: {sides[winner] if winner is not None else 'nobody'} wins after turn {state.turn}"
              f" ({side} {spec} v {against})")
        for choice in planner.stats.choices:
            values = ", ".join(f"{plan} {value:+.2f}" for plan, value in choice.means.items())
            print(f"  turn {choice.turn:2}: {choice.chosen}  [{values}; {choice.playouts} playouts]")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("scenario")
    parser.add_argument("side", help="the planner's side (german, soviet)")
    parser.add_argument("planner", help="the planner's spec (planner, planner:2:every=4, ...)")
    parser.add_argument("--against", default="greedy", help="the other side's player")
    parser.add_argument("--seed", type=int, default=20261130, help="the root seed")
    parser.add_argument("--games", default="0,1,2", help="game numbers, comma-separated")
    args = parser.parse_args()
    watch(args.scenario, args.side, args.planner, args.against, args.seed, [int(g) for g in args.games.split(",")])


if __name__ == "__main__":
    main()
