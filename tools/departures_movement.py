"""Issue 33, departures 2, 3 and 5 measured: greedy games of generated 001 scenarios, with counters on the engine.

    .venv/bin/python tools/departures_movement.py --games 200 [--audit] [--wire]

Game ``n`` (0-based) is the scenario ``jeff_mike(kind, year=1943, points=400, seed=n // 2 + 1)``, ``kind`` meeting
for even ``n`` and attack for odd, played greedy against greedy with seed 1. Counted (a developer's tool, not in the
wheel; it wraps engine functions for counting only and changes no decision):

- departure 3 (001 2.1): opportunity windows opened, shots declared, windows opened in a zone the moving group could
  not rest in (passing through), and steps after which a shot was available, the turn's shot unused, and no window
  opened (``withheld``);
- departure 2 (001 Wire): Wire played, on a card of a group, the group's owner going on without the wired card, and
  wired cards moving again in the same turn;
- departure 5 (001 break-through): exits, and exits where the defender held Wire or a Minefield, and was offered them,
  and the Wire or Minefield he played on the exiting cards (``--wire --copies 6``: greedy plays them at the first
  move it meets, so few are left in hand as the attacker exits);
- with ``--audit``: the referee's violations by rule case.

The seeds where each situation arises are printed, for the tests that audit such games.
"""
from __future__ import annotations

import argparse
import sys
import tempfile
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

from tcforge.analysis.generate import jeff_mike
from tcforge.data.card_ids import MINEFIELD, WIRE
from tcforge.engine import breakthrough, movement, opportunity, reactions
from tcforge.engine.core import CoreState
from tcforge.play.games import play_game
from tcforge.play.referee import audit_game
from tcforge.play.setup import setup, start
from tcforge.scenarios.loading import load

COUNTS: Counter[str] = Counter()
SEEN: dict[str, list[int]] = defaultdict(list)
GAME = [0]


def _note(what: str, n: int = 1) -> None:
    COUNTS[what] += n
    if GAME[0] not in SEEN[what]:
        SEEN[what].append(GAME[0])


def _wrap() -> None:
    do_step, declare, apply, exit_cards = movement.do_step, opportunity.declare, reactions.apply, breakthrough.exit_cards

    def counted_step(state: CoreState, to: int) -> None:
        move = state.ctx.move
        play = state.ctx.play
        mover = None if move is None else move.cur
        wired = getattr(play, "wired", None) or ()
        if mover is not None and mover in wired:
            _note("wire: a wired card moves again")
        do_step(state, to)
        if mover is None or to < 0 or play is None or not opportunity.on(state):
            return
        unit = state._units[mover]
        members = [unit] + movement.riders(state, unit)
        window = state.ctx.window
        opened = window is not None and window.kind == "opportunity"
        room = movement.has_room(state, unit, to, members)
        if opened:
            _note("opportunity: windows")
            if not room:
                _note("opportunity: windows where the group may not rest")
        elif not play.opportunity and opportunity.shots(state, members, to):
            _note("opportunity: withheld (a shot due, no window)")

    def counted_declare(state: CoreState, action: Any) -> None:
        _note("opportunity: shots declared")
        declare(state, action)

    def counted_apply(state: CoreState, action: Any) -> None:
        window = state.ctx.window
        if window is not None and window.kind == "entry" and len(action) > 1 and action[0] == "interrupt":
            card = state._units[int(action[1])].profile.card_id
            data = window.data
            if card == WIRE:
                _note("wire: played")
                if getattr(data, "riders", ()):
                    _note("wire: on a card of a group")
                if getattr(data, "exit", False):
                    _note("exit: Wire played on exiting cards")
            if card == MINEFIELD and getattr(data, "exit", False):
                _note("exit: Minefield played on exiting cards")
        if window is not None and window.kind == "wire":
            _note("wire: the owner goes on" if action[0] == "pass" else "wire: the owner halts the group")
        apply(state, action)

    def counted_exit(state: CoreState, action: Any) -> None:
        _note("exit: exits")
        defender = 1 - state.active
        held = any(state._units[u].profile.card_id in (WIRE, MINEFIELD) for u in state.hand[defender])
        if held:
            _note("exit: the defender holds Wire or a Minefield")
        exit_cards(state, action)
        window = state.ctx.window
        if held and window is not None and window.kind == "entry":
            _note("exit: the defender is offered them")

    movement.do_step = counted_step  # type: ignore[assignment]
    opportunity.declare = counted_declare  # type: ignore[assignment]
    reactions.apply = counted_apply  # type: ignore[assignment]
    breakthrough.exit_cards = counted_exit  # type: ignore[assignment]


def with_wire(text: str, copies: int = 0) -> str:
    """A generated scenario with two Wire and a Minefield more in each side's deck (the generator buys no Wire);
    ``copies``: that many of each instead (for exits met by cards still in hand: greedy plays them at once)."""
    wire, mines = (copies, copies) if copies else (2, 1)
    return text.replace("  deck:\n", f"  deck:\n  - card: Wire\n    count: {wire}\n  - card: Minefield\n    count: {mines}\n")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--audit", action="store_true", help="audit each game with the referee")
    parser.add_argument("--wire", action="store_true", help="add two Wire and a Minefield to each side's deck")
    parser.add_argument("--copies", type=int, default=0, help="with --wire: add this many Wire and Minefields each")
    args = parser.parse_args(argv)
    _wrap()
    violations: Counter[str] = Counter()
    errors = 0
    with tempfile.TemporaryDirectory() as tmp:
        for n in range(args.games):
            GAME[0] = n
            kind, scenario_seed = ("meeting" if n % 2 == 0 else "attack"), n // 2 + 1
            path = Path(tmp) / f"dyo-{kind}-{scenario_seed}.yaml"
            text = jeff_mike(f"dyo-{kind}-{scenario_seed}", year=1943, points=400, seed=scenario_seed, kind=kind)
            path.write_text(with_wire(text, args.copies) if args.wire else text, encoding="utf-8")
            sc = load(str(path))
            playout, result = play_game(sc, 1, ("greedy", "greedy"))
            if result.error:
                errors += 1
                print(f"game {n} ({kind} {scenario_seed}): {result.error}", file=sys.stderr)
                continue
            if args.audit:
                audit = audit_game(sc, start(sc, setup(sc, 1)), playout.log, f"{kind} {scenario_seed}")
                for v in audit.violations:
                    violations[v.case] += 1
                    if GAME[0] not in SEEN[f"audit: {v.case}"]:
                        SEEN[f"audit: {v.case}"].append(GAME[0])
    print(f"{args.games} greedy games of generated 001 scenarios ({errors} engine errors)")
    for what in sorted(COUNTS):
        games = SEEN[what]
        print(f"  {what}: {COUNTS[what]} in {len(games)} games (first: {games[:6]})")
    if args.audit:
        print(f"  referee violations: {sum(violations.values())}")
        for case, count in sorted(violations.items()):
            print(f"    {case}: {count} (games {SEEN['audit: ' + case][:6]})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
