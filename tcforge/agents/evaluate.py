"""A heuristic value of a position for one side, in [-1, 1], where a search cuts its rollouts short.

A finished game is worth its result (1 won, -1 lost, 0 drawn). Otherwise the
value adds, each as a difference between the sides:

- material: the share of each side's combat cards still in the game, weighed
  by their points (at least 5, as the greedy player counts them); an
  immobilised card counts for part of its worth;
- control of the victory positions (16.0, or the scenario's goals), weighing
  more as a turn limit comes near;
- presence: how close each side's cards on the battlefield stand to the
  positions it wants;
- threats: in a position both sides hold, the melee to come favours the side
  with more points there.

The result stays strictly between -1 and 1, so a won game always counts more.
"""
from __future__ import annotations

from tcforge.agents.greedy import goals
from tcforge.engine.board import DISCARDED
from tcforge.engine.state import GameState

IMMOBILISED = 0.6  # what an immobilised card is still worth, as a share of its points
WEIGHTS = {"material": 0.5, "control": 0.25, "control_late": 0.2, "presence": 0.1, "threats": 0.1}


def worth(points: int) -> float:
    return float(max(points, 5))


def evaluate(state: GameState, side: int) -> float:
    """The value of ``state`` for ``side``: the result once the game is over, else the heuristic."""
    outcome = state.outcome
    if outcome is not None:
        if outcome.winner is None:
            return 0.0
        return 1.0 if outcome.winner == side else -1.0
    return heuristic(state, side)


def heuristic(state: GameState, side: int) -> float:
    other = 1 - side
    alive = [0.0, 0.0]
    total = [0.0, 0.0]
    for unit in state.units:
        profile = unit.profile
        if not profile.combat:
            continue
        w = worth(profile.points)
        total[unit.side] += w
        if unit.pos != DISCARDED:
            alive[unit.side] += w * IMMOBILISED if unit.immobilized else w
    material = (alive[side] / total[side] if total[side] else 0.0) - (alive[other] / total[other] if total[other] else 0.0)

    mine, theirs = goals(state, side), goals(state, other)
    targets = tuple(dict.fromkeys(mine + theirs))
    control = 0.0
    if targets:
        control = sum(state.controls(p, side) - state.controls(p, other) for p in targets) / len(targets)
    limit = state.game.turn_limit
    late = min(1.0, state.turn / limit) if limit else 0.0

    presence = _presence(state, side, mine) - _presence(state, other, theirs)
    threats = _threats(state, side)
    value = (WEIGHTS["material"] * material + (WEIGHTS["control"] + WEIGHTS["control_late"] * late) * control
             + WEIGHTS["presence"] * presence + WEIGHTS["threats"] * threats)
    return max(-0.95, min(0.95, value))


def _presence(state: GameState, side: int, targets: tuple[int, ...]) -> float:
    """The mean closeness (1 on a target, 1/2 one position away, ...) of the side's combat cards on the battlefield."""
    if not targets:
        return 0.0
    distance = state.game.board.distance
    total = count = 0.0
    for unit in state.units:
        if unit.side != side or unit.pos < 0 or not unit.profile.combat:
            continue
        total += 1.0 / (1 + min(distance(unit.pos, t) for t in targets))
        count += 1
    return total / count if count else 0.0


def _threats(state: GameState, side: int) -> float:
    """The melees to come: in each position both sides hold, the share of points that is the side's, less one half."""
    out = 0.0
    units = state.units
    for a, b in state.occ:
        if not a or not b:
            continue
        points = [sum(worth(units[u].profile.points) for u in group if units[u].profile.combat) for group in (a, b)]
        if points[0] and points[1]:
            out += points[side] / (points[0] + points[1]) - 0.5
    return max(-1.0, min(1.0, out))
