"""Monte Carlo turns of a Command Deck: shuffle, turn cards until the turn ends, count.

An independent check of :mod:`tcforge.decks.odds` (it shares no code with the
exact walk), and what a designer can run on a deck too odd for intuition.
Intervals are Wilson score intervals for chances and normal intervals for means.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass

from tcforge.decks.model import SUPPORT, TURN_OVER, CommandDeck, FluidRules


@dataclass(frozen=True)
class Estimate:
    value: float
    low: float
    high: float

    def holds(self, exact: float) -> bool:
        return self.low <= exact <= self.high


def wilson(hits: int, n: int, z: float) -> Estimate:
    p = hits / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return Estimate(p, centre - half, centre + half)


def mean_interval(total: float, squares: float, n: int, z: float) -> Estimate:
    m = total / n
    var = max(squares / n - m * m, 0.0) * n / (n - 1)
    half = z * math.sqrt(var / n)
    return Estimate(m, m - half, m + half)


@dataclass
class Simulation:
    turns: int
    mean_impulses: Estimate
    side_none: dict[str, Estimate]
    acts: dict[str, Estimate]


def simulate(deck: CommandDeck, rules: FluidRules, turns: int, seed: int, z: float = 3.29) -> Simulation:
    """``turns`` shuffled turns (seeded); z = 3.29 gives 99.9 % intervals."""
    rng = random.Random(seed)
    ends_after = int(rules["turn.turn_overs_to_end"])
    cards = list(deck.shuffled)
    gives = {}
    for f, formation in deck.formations.items():
        gives[f] = {i for i, c in enumerate(cards) if c.formation == f or (
            c.formation is None and c.side == formation.side
            and set(rules.impulse_types[c.type].actions) - {SUPPORT})}
    total = squares = 0.0
    none = {s: 0 for s in deck.sides}
    acts = {f: 0 for f in deck.formations}
    order = list(range(len(cards)))
    for _ in range(turns):
        rng.shuffle(order)
        seen_sides: set[str] = set()
        drawn: set[int] = set()
        impulses = turn_overs = 0
        for i in order:
            if cards[i].type == TURN_OVER:
                turn_overs += 1
                if turn_overs == ends_after:
                    break
                continue
            impulses += 1
            drawn.add(i)
            side = cards[i].side
            if side:
                seen_sides.add(side)
        total += impulses
        squares += impulses * impulses
        for s in none:
            none[s] += s not in seen_sides
        for f in acts:
            acts[f] += bool(gives[f] & drawn)
    return Simulation(turns, mean_interval(total, squares, turns, z),
                      {s: wilson(n, turns, z) for s, n in none.items()},
                      {f: wilson(n, turns, z) for f, n in acts.items()})
