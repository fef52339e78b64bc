"""A learned evaluation of a position: the chance a side wins from it, fitted on a scenario's own games.

The heuristic of :mod:`.evaluate` weighs material, control and closeness by
hand, the same for every scenario, though what wins Hill 621 (three positions
held at the end of turn 16) is not what wins Kursk (any three of the enemy's
rear rank, at once). Here the weights are fitted: :func:`features` describes a
position from one side's point of view (the share of each side's points still
in the game and on the table, the goals each controls, how near each side's
cards stand to its goals, the melees to come, how late it is, and the late
game's weight on control and material), and :func:`fit` finds by logistic
regression (iteratively reweighted least squares, with a small ridge so that a
feature that never varies stays at zero) the weights that best predict, from
every position at the end of a half-turn of many games, which side won them (a
draw counts half). :class:`Evaluation` is the fitted model; ``tcforge scenario
train`` fits one a side and keeps it with the side's doctrine, and the
lookahead player (``look:2:value=learned``) scores the end of its plays with it.
It reads only what both players see (the table, the hands' sizes, the turn).
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from tcforge.agents.evaluate import _presence, _threats, worth
from tcforge.agents.greedy import goals
from tcforge.engine.board import DISCARDED, RESERVE
from tcforge.engine.state import GameState

FEATURES = ("bias", "material", "enemy_material", "deployed", "enemy_deployed", "control", "enemy_control",
            "presence", "enemy_presence", "threats", "late", "late_control", "late_enemy_control", "late_material")
RIDGE = 1.0  # the L2 penalty of the fit (on every weight but the bias)


def features(state: GameState, side: int) -> list[float]:
    """The position described from ``side``'s point of view, in the order of :data:`FEATURES`."""
    other = 1 - side
    alive, table, total = [0.0, 0.0], [0.0, 0.0], [0.0, 0.0]
    for unit in state.units:
        if not unit.profile.combat:
            continue
        w = worth(unit.profile.points)
        total[unit.side] += w
        if unit.pos != DISCARDED:
            alive[unit.side] += w * (0.6 if unit.immobilized else 1.0)
            if unit.pos >= 0 and unit.pos != RESERVE:
                table[unit.side] += w
    share = [alive[s] / total[s] if total[s] else 0.0 for s in (0, 1)]
    deployed = [table[s] / total[s] if total[s] else 0.0 for s in (0, 1)]
    mine, theirs = goals(state, side), goals(state, other)
    control = sum(state.controls(p, side) for p in mine) / len(mine) if mine else 0.0
    enemy_control = sum(state.controls(p, other) for p in theirs) / len(theirs) if theirs else 0.0
    limit = state.game.ending.last_turn
    late = min(1.0, state.turn / limit)
    return [1.0, share[side], share[other], deployed[side], deployed[other], control, enemy_control,
            _presence(state, side, mine), _presence(state, other, theirs), _threats(state, side), late,
            late * control, late * enemy_control, late * (share[side] - share[other])]


@dataclass(frozen=True)
class Evaluation:
    """A fitted model: the weights of :data:`FEATURES`; :meth:`__call__` is the chance the side wins, mapped to
    [-1, 1] as the searches score a position (1 a sure win)."""

    weights: tuple[float, ...]
    positions: int = 0  # the positions it was fitted on
    games: int = 0
    log_loss: float = 0.0  # its mean log loss on them (0.693: no better than a coin)

    def chance(self, state: GameState, side: int) -> float:
        z = sum(w * f for w, f in zip(self.weights, features(state, side), strict=True))
        return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))

    def __call__(self, state: GameState, side: int) -> float:
        outcome = state.outcome
        if outcome is not None:
            return 0.0 if outcome.winner is None else (1.0 if outcome.winner == side else -1.0)
        return 2.0 * self.chance(state, side) - 1.0

    def to_json(self) -> dict[str, object]:
        return {"features": list(FEATURES), "weights": [round(w, 6) for w in self.weights], "positions": self.positions,
                "games": self.games, "log_loss": round(self.log_loss, 6)}


def fit(rows: Sequence[Sequence[float]], targets: Sequence[float], *, games: int = 0, ridge: float = RIDGE,
        iterations: int = 25) -> Evaluation:
    """Logistic regression of ``targets`` (1 won, 1/2 drawn, 0 lost) on ``rows`` of :func:`features`, by Newton's
    method (IRLS) with a ridge penalty; numpy does the linear algebra."""
    import numpy as np
    x = np.asarray(rows, dtype=float)
    y = np.asarray(targets, dtype=float)
    n, d = x.shape
    w = np.zeros(d)
    penalty = np.full(d, ridge)
    penalty[0] = 0.0  # the bias is not shrunk
    for _ in range(iterations):
        p = 1.0 / (1.0 + np.exp(-np.clip(x @ w, -30, 30)))
        gradient = x.T @ (p - y) + penalty * w
        hessian = (x * (p * (1 - p))[:, None]).T @ x + np.diag(penalty) + 1e-9 * np.eye(d)
        step = np.linalg.solve(hessian, gradient)
        w -= step
        if float(np.max(np.abs(step))) < 1e-8:
            break
    p = np.clip(1.0 / (1.0 + np.exp(-np.clip(x @ w, -30, 30))), 1e-12, 1 - 1e-12)
    loss = float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))
    return Evaluation(tuple(float(v) for v in w), n, games, loss)
