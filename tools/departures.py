"""Issue 33's engine departures measured: how often greedy games meet each one (re-run before and after a fix).

    .venv/bin/python tools/departures.py            # both runs below
    .venv/bin/python tools/departures.py 001 --games 300
    .venv/bin/python tools/departures.py hill --seeds 15

``001``: greedy games of generated 001 scenarios (``jeff_mike``, 1943, 400 points, scenario seeds 1.., meeting and
attack in turn, game seed 1), as ``tcforge scenario generate --seed N [--kind attack]`` then ``scenario play``:

- capture wins, and those declared while an enemy truck was still in a zone counted as taken (departure 1: 001
  captures a zone with no enemy unit in it, 16.0's control ignores trucks);
- vehicle HE shots at trucks in melee (departure 7) and Tank Buster plays on face-down cards (departure 8).

``hill``: greedy games of Hill 621 (seeds 1..N):

- side-turns in which a card of the side to play stood in a melee it did not begin, yet the engine held it to the
  way back from an older melee there (departure 4: 10.0's way back outlived the melee);
- Soviet wins, and ends of turn 16 at which a hill position counted for the Soviets only through a card that had
  begun its melee in an earlier turn (departure 6: 20.0 lets only defenders in a melee hold).

What began which melee is this tool's own record (as the referee keeps it): a card entering a position its enemy
holds begins (or joins) a melee there, until it leaves or its enemy has no card left there. A developer's tool,
not in the wheel; a few CPU seconds.
"""
from __future__ import annotations

import argparse
import random
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

from tcforge.agents import make as make_agent
from tcforge.agents.playout import play
from tcforge.analysis.generate import jeff_mike
from tcforge.data.card_ids import TANK_BUSTER
from tcforge.engine.actions import PlayCard, Target
from tcforge.engine.melee import assaulting
from tcforge.engine.outcome import EndKind
from tcforge.engine.state import GameState
from tcforge.engine.units import Unit
from tcforge.play.games import new_game
from tcforge.play.hooks import hooks_of
from tcforge.play.victory import holds
from tcforge.scenarios.loading import load
from tcforge.scenarios.victory import ControlPositions, ControlRank, HoldPositions

MAX_ACTIONS = 20000


def _captured(state: GameState, pos: int, side: int) -> bool:
    """001 Victory Conditions: a unit of ``side`` in the zone (not carried) and no enemy unit at all."""
    units = state.units
    mine = any((units[u].profile.combat or units[u].profile.truck) and units[u].carrier is None for u in state.occ[pos][side])
    return mine and not any(units[u].profile.combat or units[u].profile.truck for u in state.occ[pos][1 - side])


class Melees:
    """Which cards began (or joined) the melee they stand in, kept from the moves as the game goes."""

    def __init__(self, state: GameState):
        self.began: dict[int, int] = {}  # uid -> the position it entered while its enemy held it
        self.pos = [u.pos for u in state.units]
        self.enemy_at = [[bool(state.occ[p][1 - s]) for s in (0, 1)] for p in range(state.game.board.size)]

    def after(self, state: GameState) -> None:
        for unit in state.units:
            old = self.pos[unit.uid] if unit.uid < len(self.pos) else None
            if unit.pos >= 0 and unit.pos != old and old is not None and self.enemy_at[unit.pos][unit.side]:
                self.began[unit.uid] = unit.pos
        for uid, where in list(self.began.items()):
            unit = state.units[uid]
            if unit.pos != where or not state.occ[where][1 - unit.side]:
                del self.began[uid]
        self.pos = [u.pos for u in state.units]
        self.enemy_at = [[bool(state.occ[p][1 - s]) for s in (0, 1)] for p in range(state.game.board.size)]

    def stale(self, state: GameState, side: int) -> list[int]:
        """Cards of ``side`` the engine holds to a way back though they did not begin the melee they stand in."""
        if not state.game.rules.movement_melee_exit_way_back:
            return []
        return [u.uid for u in state.units if u.side == side and u.pos >= 0 and u.entered_from is not None
                and state.occ[u.pos][1 - side] and u.uid not in self.began]


class _Shots:
    """Counts, action by action, vehicle HE at trucks in melee (departure 7) and Tank Buster on face-down cards (8)."""

    def __init__(self, state: GameState, out: dict[str, int]):
        self.before, self.out = state.clone(), out

    def __call__(self, after: GameState) -> None:
        before, action = self.before, after.history[-1] if after.history else None
        if isinstance(action, Target) and action[3] == "he":  # ("target", firer, target, fire[, item])
            firer, target = before.units[int(action[1])], before.units[int(action[2])]
            if firer.profile.vehicle and target.profile.truck:
                self.out["vehicle HE at trucks in melee"] += 1
        if (isinstance(action, PlayCard) and before.units[int(action[1])].profile.card_id == TANK_BUSTER
                and before.face_down(int(action[2]))):  # ("play", card, target)
            self.out["Tank Buster on face-down cards"] += 1
        self.before = after.clone()


class _Turns:
    """Keeps the melee record and counts side-turns that begin with a card held to a stale way back (departure 4)."""

    def __init__(self, state: GameState, out: dict[str, int]):
        self.melees, self.out, self.turn = Melees(state), out, (state.turn, state.active)

    def __call__(self, after: GameState) -> None:
        self.melees.after(after)
        now = (after.turn, after.active)
        if now != self.turn and after.outcome is None:
            self.turn = now
            if self.melees.stale(after, after.active):
                self.out["side-turns held to a stale way back"] += 1


def run_001(games: int) -> dict[str, int]:
    out = {"games": 0, "capture wins": 0, "with an enemy truck in a taken zone": 0, "vehicle HE at trucks in melee": 0,
           "Tank Buster on face-down cards": 0}
    players = (make_agent("greedy"), make_agent("greedy"))
    with tempfile.TemporaryDirectory() as folder:
        for n in range(games):
            seed, kind = n // 2 + 1, ("meeting", "attack")[n % 2]
            path = Path(folder) / f"dyo-{kind}-{seed}.yaml"
            path.write_text(jeff_mike(path.stem, year=1943, points=400, seed=seed, kind=kind), encoding="utf-8")
            scenario = load(str(path))
            state = new_game(scenario, 1)
            play(state, players, random.Random(1), record=False, max_actions=MAX_ACTIONS, on_action=_Shots(state, out))
            out["games"] += 1
            end = state.outcome
            if end is None or end.kind != EndKind.VICTORY_CONDITION or end.winner is None:
                continue
            cond = next((c for c in scenario.victory if c.id == end.condition), None)
            if not isinstance(cond, ControlRank | ControlPositions):
                continue  # the break-through, judged apart
            out["capture wins"] += 1
            judge = hooks_of(state.game).judge
            targets = judge.targets_of(cond.id, scenario.grid.sides[end.winner])
            if sum(_captured(state, p, end.winner) for p in targets) < cond.count:
                out["with an enemy truck in a taken zone"] += 1
    return out


def run_hill(seeds: int) -> dict[str, int]:
    out = {"games": 0, "side-turns held to a stale way back": 0, "soviet wins": 0,
           "turn-16 hill positions held only by earlier assaulters": 0}
    scenario = load("hill-621")
    players = (make_agent("greedy"), make_agent("greedy"))
    soviet = scenario.grid.sides.index("soviet")
    for seed in range(1, seeds + 1):
        state = new_game(scenario, seed)
        watch = _Turns(state, out)
        hill = hooks_of(state.game).judge.targets_of("take-the-hill", "soviet")
        cond = next(c for c in scenario.victory if isinstance(c, HoldPositions))
        play(state, players, random.Random(seed), record=False, max_actions=MAX_ACTIONS, on_action=watch)
        out["games"] += 1
        out["soviet wins"] += state.outcome is not None and state.outcome.winner == soviet
        if state.turn == cond.at_end_of_turn:  # the hill as the game ends: held by this turn's rule, by 20.0's
            units, began = state.units, watch.melees.began

            def this_turn(uid: int, units: Sequence[Unit] = units) -> bool:  # the engine's old reading
                return assaulting(units[uid])

            def rule(uid: int, began: dict[int, int] = began) -> bool:  # 20.0: began the melee it stands in
                return uid in began

            for p in hill:
                out["turn-16 hill positions held only by earlier assaulters"] += (
                    holds(state, p, soviet, cond, this_turn) and not holds(state, p, soviet, cond, rule))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("which", nargs="?", choices=("001", "hill", "all"), default="all")
    parser.add_argument("--games", type=int, default=300, help="generated 001 games (default 300)")
    parser.add_argument("--seeds", type=int, default=15, help="Hill 621 games (default 15)")
    args = parser.parse_args(argv)
    if args.which in ("001", "all"):
        print(f"001, {args.games} greedy games of generated scenarios:")
        for key, value in run_001(args.games).items():
            print(f"  {key}: {value}")
    if args.which in ("hill", "all"):
        print(f"Hill 621, {args.seeds} greedy games:")
        for key, value in run_hill(args.seeds).items():
            print(f"  {key}: {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
