"""The commander: a player with a doctrine, a typed vector of choices tuned per scenario and side.

The greedy player (:mod:`.greedy`) decides one play at a time, and so it does
what no commander would: it sends cards one by one into a position the enemy
holds in cover, takes a goal ten turns before it counts and loses it, leaves
its Smoke in hand while its cards cross open ground, and marches its rear only
as fast as its front fires. The commander keeps greedy's tactics (which card
fires at what, which step a card takes) and puts a *doctrine* over them, rules
that bind a whole turn's plays:

- ``assault``: a card steps into a position the enemy holds only with a band
  strong enough, its points (with the cards moving with it and the friends
  already there) at least ``assault`` times the defenders' (half as much again
  in cover: Woods, a Village, Foxholes or a Bunker); else it stops short and
  waits for the band to gather (0: no gate, as greedy);
- ``window`` and ``stage``: where a given turn decides (Hill 621, 20.0), cards
  step onto a goal only in the last ``window`` turns, and before them stop
  ``stage`` positions short of the goals, massing out of reach;
- ``push``: in the last ``push`` turns the gates open and every card goes for the
  goals (greedy: the last turn only);
- ``fire`` and ``move``: how a play that fires and one that moves weigh
  against each other;
- ``march`` and ``rear``: the first ``march`` plays of each turn move the
  cards standing ``rear`` positions or more from the goals, the farthest band
  first, so that the rear arrives in time (greedy spends every Supply point
  where the fighting is, and its rear never comes: Hill 621's Guards waited in
  their trucks all game);
- ``smoke``: Smoke in its own play on the enemy position whose fire most
  threatens its cards (9.5.1: +4 to fire out of it until the end of the
  enemy's next turn), weighed against the other plays;
- ``spread``: how much a step avoids positions its own cards already crowd, so
  that a band covers every goal rather than one.

With the default doctrine (every knob at its greedy value) the commander plays
greedy's game, choice for choice; ``tcforge scenario train`` tunes the doctrine
for one side of one scenario against the other side's player (see
:mod:`tcforge.analysis.train`), and the tuned doctrines are data
(``data/players/SCENARIO.yaml``), read by the ``best`` player.

Spec: ``commander:assault=1.5,window=3,stage=1`` (any knob; the others at their
greedy value); ``best`` is the commander with the doctrine trained for the
scenario and side at hand (:mod:`tcforge.agents.trained`), greedy's doctrine where
none was trained. It never reads hidden cards: with hidden units (001 1.0) it
decides, like greedy, on a position dealt from what its side knows.
"""
from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields
from typing import Any

from tcforge.agents.greedy import (
    UNSTACK,
    _best_shot,
    _decide,
    _move,
    _step_score,
    forced_play,
    goals,
    play_candidates,
    value,
)
from tcforge.agents.spec import AgentSpec, SpecError
from tcforge.data.card_ids import SMOKE, VILLAGE, WOODS
from tcforge.engine import movement
from tcforge.engine.actions import Fire, Interrupt, Move
from tcforge.engine.board import RESERVE
from tcforge.engine.context import Phase
from tcforge.engine.observation import determinize
from tcforge.engine.state import Action, GameState

COVER = 1.5  # a defender in cover (Woods, a Village, a fort: harder to hit) counts half as much again at the gate
SMOKE_SCALE = 0.5  # a Smoke play's score per point of expected damage it takes out of the enemy's next fire


@dataclass(frozen=True)
class Knob:
    """One choice of a doctrine: its range, its greedy value and what it does."""

    low: float
    high: float
    greedy: float
    whole: bool
    text: str


SPACE: dict[str, Knob] = {
    "assault": Knob(0.0, 3.0, 0.0, False, "least ratio of a band's points to the defenders' (x1.5 in cover) "
                    "for a step into a position the enemy holds; 0 no gate"),
    "window": Knob(1, 16, 16, True, "where a given turn decides: the last turns in which cards step onto a goal"),
    "stage": Knob(0, 2, 0, True, "before the window: how many positions short of the goals cards stop"),
    "push": Knob(1, 6, 1, True, "the last turns in which every gate opens and all go for the goals"),
    "fire": Knob(0.3, 3.0, 1.0, False, "weight of a play that fires"),
    "move": Knob(0.3, 3.0, 1.0, False, "weight of a play that moves"),
    "march": Knob(0, 2, 0, True, "plays of each turn kept for moving the rear up (its first ones)"),
    "rear": Knob(1, 6, 3, True, "how far from the goals a position must stand for its cards to count as the rear"),
    "smoke": Knob(0.0, 3.0, 0.0, False, "weight of Smoke on the enemy position that threatens its cards most"),
    "spread": Knob(0.0, 2.0, 0.0, False, "how much a step avoids positions its own cards already crowd"),
}


@dataclass(frozen=True)
class Doctrine:
    """A commander's choices (see the module's text); the defaults are greedy's play."""

    assault: float = 0.0
    window: int = 16
    stage: int = 0
    push: int = 1
    fire: float = 1.0
    move: float = 1.0
    march: int = 0
    rear: int = 3
    smoke: float = 0.0
    spread: float = 0.0

    @classmethod
    def from_mapping(cls, raw: Mapping[str, Any], where: str = "doctrine") -> Doctrine:
        """A doctrine from its knobs (any subset; the rest greedy's), each checked against its range; raises
        :class:`SpecError` naming the knob and its range."""
        values: dict[str, Any] = {}
        for key, given in raw.items():
            knob = SPACE.get(key)
            if knob is None:
                raise SpecError(f"{where}: unknown knob {key!r}; a doctrine's knobs are {', '.join(SPACE)}")
            try:
                number = float(given)
            except (TypeError, ValueError):
                raise SpecError(f"{where}: {key}={given!r} is not a number; {key} is from {knob.low:g} to {knob.high:g}") from None
            if not knob.low <= number <= knob.high or (knob.whole and number != int(number)):
                kind = "a whole number" if knob.whole else "a number"
                raise SpecError(f"{where}: {key}={given!r}; {key} is {kind} from {knob.low:g} to {knob.high:g}")
            values[key] = int(number) if knob.whole else number
        return cls(**values)

    def to_mapping(self) -> dict[str, float | int]:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    def changed(self) -> dict[str, float | int]:
        """The knobs away from greedy's value: what a spec or a report needs to name."""
        return {k: v for k, v in self.to_mapping().items() if v != SPACE[k].greedy}

    def spec(self) -> str:
        """The commander's spec for this doctrine (``commander`` alone for greedy's)."""
        changed = self.changed()
        return "commander" + (":" + ",".join(f"{k}={_short(v)}" for k, v in sorted(changed.items())) if changed else "")


def _short(number: float) -> str:
    return f"{number:.4g}" if isinstance(number, float) else str(number)


DoctrineLookup = Callable[[GameState, int], Doctrine]  # the doctrine of one side of the game at hand


class Commander:
    """A commander of one side for one game: a fixed doctrine, or one looked up per scenario and side (``best``)."""

    def __init__(self, doctrine: Doctrine | None = None, lookup: DoctrineLookup | None = None):
        self.doctrine = doctrine or Doctrine()
        self._lookup = lookup
        self._looked: dict[int, Doctrine] = {}

    def __call__(self, state: GameState, rng: random.Random) -> Action:
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        side = state.current_player()
        doctrine = self._doctrine(state, side)
        if state.game.rules.hidden_units:
            action = _Turn(doctrine, side).decide(determinize(state, side, rng), rng)
            return action if action in actions else actions[0]
        return _Turn(doctrine, side).decide(state, rng)

    def plays(self, state: GameState, actions: list[Action]) -> tuple[Action | None, list[tuple[float, Action]]]:
        """The play phase as this commander sees it (see :meth:`_Turn.plays`), for the side to play."""
        side = state.current_player()
        return _Turn(self._doctrine(state, side), side).plays(state, actions)

    def _doctrine(self, state: GameState, side: int) -> Doctrine:
        if self._lookup is None:
            return self.doctrine
        if side not in self._looked:
            self._looked[side] = self._lookup(state, side)
        return self._looked[side]


class _Turn:
    """One decision under a doctrine."""

    def __init__(self, doctrine: Doctrine, side: int):
        self.d = doctrine
        self.side = side

    def decide(self, state: GameState, rng: random.Random) -> Action:
        if self.d == _GREEDY:
            return _decide(state, rng)
        if state.ctx.window is None and state.phase == Phase.PLAY:
            return self._play(state, rng)
        if state.ctx.window is None and state.phase == Phase.MOVE:
            return _move(state, state.legal_actions(), rng, self.step)
        return _decide(state, rng)

    # ---------------------------------------------------------------- the play phase
    def _play(self, state: GameState, rng: random.Random) -> Action:
        forced, scored = self.plays(state, state.legal_actions())
        if forced is not None:
            return forced
        best = max(score for score, _ in scored)
        top = [a for score, a in scored if score == best]
        return top[rng.randrange(len(top))]

    def plays(self, state: GameState, actions: list[Action]) -> tuple[Action | None, list[tuple[float, Action]]]:
        """The play phase under the doctrine: a play it makes at once (a free play, a sure exit, its march), else
        None and the plays it weighs, each with its score (what a search over its plays starts from)."""
        forced = forced_play(state, actions)
        if forced is not None:
            return forced, []
        d, targets = self.d, goals(state, self.side)
        scored: list[tuple[float, Action]] = []
        for score, action in play_candidates(state, actions, self.step):
            if isinstance(action, Fire):
                score *= d.fire
            elif isinstance(action, Move) and score < UNSTACK:
                score *= d.move
            scored.append((score, action))
        if d.march and state.game.supply_points(state.active) - state.supply < d.march:
            rear = [(_distance(state, a.source, targets, self.side), score, a) for score, a in scored
                    if isinstance(a, Move) and 0 < score < UNSTACK
                    and _distance(state, a.source, targets, self.side) >= d.rear]
            if rear and max(score for score, _ in scored) < UNSTACK:
                return max(rear, key=lambda r: (r[0], r[1]))[2], []
        if d.smoke > 0:
            scored.extend(self._smoke(state, actions))
        return None, scored

    def _smoke(self, state: GameState, actions: list[Action]) -> list[tuple[float, Action]]:
        """Smoke in its own play (9.5.1) on an enemy position, scored by the fire it takes out of the enemy's next
        turn: the worth of its own cards the enemy cards there could hit (in range of them), a share of it."""
        out: list[tuple[float, Action]] = []
        enemy = 1 - self.side
        for action in actions:
            if not (isinstance(action, Interrupt) and action.target
                    and state.units[action.card].profile.card_id == SMOKE):
                continue
            pos = action.target[0]
            shooters = [u for u in state.occ[pos][enemy] if state.units[u].profile.combat]
            if not shooters:
                continue
            threat = _threat(state, pos, self.side)
            if threat > 0:
                out.append((self.d.smoke * SMOKE_SCALE * threat, action))
        return out

    # ---------------------------------------------------------------- steps
    def step(self, state: GameState, unit: Any, at: int, to: int, targets: tuple[int, ...]) -> float:
        """Greedy's liking of the step, closed by the doctrine's gates (0: not taken)."""
        score = _step_score(state, unit, at, to, targets)
        if score <= 0:
            return score
        d, side = self.d, unit.side
        limit = state.game.turn_limit
        left = limit - state.turn + 1 if limit is not None else None  # turns left, this one included
        pushing = left is not None and left <= d.push
        if not pushing:
            if d.assault > 0 and _held_by_enemy(state, to, side):
                band = _band(state, unit, at, to)
                if band < d.assault * _defence(state, to, side):
                    return 0.0
            if left is not None and left > d.window and state.game.rules.victory_check == "given_turn":
                mine = goals(state, side)
                if min(state.game.board.distance(to, g) for g in mine) < max(d.stage, 1):
                    return 0.0
        if d.spread:
            crowd = sum(1 for u in state.occ[to][side] if state.units[u].profile.combat)
            score -= d.spread * crowd / max(1, state.game.rules.stacking_combat_cards)
        return score


_GREEDY = Doctrine()


def _distance(state: GameState, source: int, targets: tuple[int, ...], side: int) -> float:
    """How far a move's source stands from the goals, in positions (the reserve one rank behind the rear)."""
    board = state.game.board
    if source == RESERVE:
        return 1.0 + min(board.distance(p, t) for p in board.rear_rank(side) for t in targets)
    return float(min(board.distance(source, t) for t in targets))


def _held_by_enemy(state: GameState, pos: int, side: int) -> bool:
    return any(state.units[u].profile.combat for u in state.occ[pos][1 - side])


def _in_cover(state: GameState, pos: int) -> bool:
    return state.forts[pos] is not None or state.terrain[pos] in (WOODS, VILLAGE)


def _defence(state: GameState, pos: int, side: int) -> float:
    """The defenders' points at ``pos`` for the assault gate (half as much again in cover)."""
    worth = sum(value(state, u) for u in state.occ[pos][1 - side] if state.units[u].profile.combat)
    return worth * (COVER if _in_cover(state, pos) else 1.0)


def _band(state: GameState, unit: Any, at: int, to: int) -> float:
    """The points that would assault ``to`` together: the card and its riders, the cards of its side already there,
    and the cards that can still move with it from where it stands (at most the move's three)."""
    side = unit.side
    group = {unit.uid, *(r.uid for r in movement.riders(state, unit))}
    worth = sum(value(state, u) for u in group)
    there = sum(value(state, u) for u in state.occ[to][side] if state.units[u].profile.combat)
    worth += there  # a name, not the sum itself: mypyc types a float sum on the right of += as int (TypeError)
    if at >= 0:
        others = sorted((value(state, u) for u in state.occ[at][side] if u not in group
                         and state.units[u].profile.combat and movement.may_move(state, state.units[u])), reverse=True)
        with_it = sum(others[:max(0, state.game.rules.turn_cards_per_action - 1)])
        worth += with_it
    return worth


def _threat(state: GameState, pos: int, side: int) -> float:
    """The worth of ``side``'s combat cards the enemy cards at ``pos`` could fire at next turn (within two positions:
    the long range of most guns), with what they could expect to do, by greedy's reckoning of a shot."""
    board = state.game.board
    total = 0.0
    for uid in state.occ[pos][1 - side]:
        shooter = state.units[uid]
        if not shooter.profile.combat:
            continue
        best, _ = _best_shot(state, uid)
        total += best
    if total == 0.0:  # nothing in range now (it is not their turn): the cards of ours they overlook within two
        total = sum(value(state, u) * 0.1 for p in range(board.size) if board.distance(p, pos) <= 2
                    for u in state.occ[p][side] if state.units[u].profile.combat)
    return total



def commander_agent(spec: AgentSpec) -> Commander:
    """``commander[:knob=value,...]``: a commander with that doctrine (the other knobs greedy's)."""
    if spec.has_budget:
        raise SpecError(f"agent spec {spec.text!r}: commander takes no budget, only its doctrine's knobs "
                        f"({', '.join(SPACE)})")
    return Commander(Doctrine.from_mapping(spec.options, f"agent spec {spec.text!r}"))
