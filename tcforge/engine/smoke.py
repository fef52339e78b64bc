"""Smoke, the rule in one place (9.5.1; issue 52 point 5: card rules by card, not by mechanism).

Smoke lies on a position (``state.smoke[pos]``: the half-turn at whose end it lifts, -1 for none) and comes three
ways, all laid by :func:`lay`:

- the Smoke card, an Interrupt, on any position held or empty, before any play of the opponent (a ``play`` window)
  or as a melee begins there (a ``melee`` window), 9.5.1 a, d and 12.2 (:func:`card_targets`, :func:`may_lay_at`);
- an artillery or air card's fire in its "smoke" mode (9.5.1 e, tcforge.engine.cards);
- HE fire at a position (9.5.1 f): a card that may lay it so (:func:`by_he_fire`) rolls its HE value or less
  (:func:`he_attack` in ranged fire, :func:`he_melee_attack` in melee); the fire phase offers it
  (tcforge.engine.fire), the roll lays it.

The odds' smoked target is laid by :func:`lie_until` (no play lays it).

What it does: +4 to fire into and out of it (:func:`fire_modifier`, 9.5.1 c), the ruleset's modifier to melee fire
in it (:func:`melee_modifier`), and it blocks line of sight through it (:func:`blocks_sight`). It lifts at the end
of the opponent's next turn, or at the end of this turn when laid in the opponent's turn (9.5.1 b, :func:`lay`,
:func:`lift`).

tcforge.engine.fire reads ``state.smoke`` inline on its hot paths where it only asks whether Smoke lies on a position:
the cache key of ``shot_attacks`` (held to the attacks built through this module by the fast-path property test,
tests/engine/test_fast_paths.py) and the clear positions in range of HE fire for Smoke.
"""
from __future__ import annotations

from tcforge.engine.attacks import Attack, made
from tcforge.engine.core import CoreState
from tcforge.engine.units import Unit


def lies(state: CoreState, pos: int) -> bool:
    """Smoke lies on ``pos``."""
    return state.smoke[pos] >= 0


def lay(state: CoreState, pos: int, side: int) -> None:
    """9.5.1 b: Smoke ``side`` lays lifts at the end of its opponent's next turn, or at the end of this turn when this
    is the opponent's turn (an Interrupt, or Smoke as a melee begins in the opponent's turn)."""
    state.smoke[pos] = state.half_turn() + (1 if side == state.active else 0)
    state._sight_changed()


def lift(state: CoreState) -> None:
    """9.5.1 b: at a side turn's end, the Smoke due to lift then lifts (the lines of sight through it open again)."""
    half = state.half_turn()
    for pos, until in enumerate(state.smoke):
        if until == half:
            state.smoke[pos] = -1
            state._sight_changed()


def fire_modifier(state: CoreState, a: int, b: int) -> int:
    """9.5.1 c: +4 to fire into a smoked position, and +4 to fire out of one."""
    return state.game.rules.smoke_fire_modifier * ((state.smoke[a] >= 0) + (state.smoke[b] >= 0))


def into_modifier(state: CoreState, pos: int) -> int:
    """9.5.1 c: the modifier to fire into ``pos`` alone (an artillery or air card's fire has no firer's position)."""
    return state.game.rules.smoke_fire_modifier if state.smoke[pos] >= 0 else 0


def melee_modifier(state: CoreState, pos: int) -> int:
    """The ruleset's modifier to melee fire in a smoked position."""
    return state.game.rules.smoke_melee_modifier if state.smoke[pos] >= 0 else 0


def blocks_sight(state: CoreState, pos: int) -> bool:
    """9.5.1 c: Smoke between a firer and its target blocks line of sight (where the ruleset says so)."""
    return state.smoke[pos] >= 0 and state.game.rules.smoke_blocks_los


def enabled(state: CoreState) -> bool:
    """The ruleset plays Smoke (the Six-Pack's card, and artillery's Smoke mode, 9.5.1 e)."""
    return state.game.rules.smoke_enabled


def lie_until(state: CoreState, pos: int, lifts: int) -> None:
    """Smoke lies on ``pos`` until the end of half-turn ``lifts``, laid by no play (the odds' smoked target)."""
    state.smoke[pos] = lifts
    state._sight_changed()


def first_clear(state: CoreState) -> int | None:
    """The first position a Smoke card may go on (a "play" window's probe: one tells that the window opens)."""
    if not state.game.rules.smoke_enabled:
        return None
    return next((p for p, until in enumerate(state.smoke) if until < 0), None)


def card_targets(state: CoreState) -> list[tuple[int]]:
    """Where a Smoke card may go: any position, held or empty, without Smoke already (9.5.1, 12.2)."""
    if not state.game.rules.smoke_enabled:
        return []
    return [(p,) for p, until in enumerate(state.smoke) if until < 0]


def may_lay_at(state: CoreState, pos: int) -> bool:
    """A Smoke card may go on ``pos`` as a melee begins there (9.5.1 d)."""
    return state.game.rules.smoke_enabled and state.smoke[pos] < 0


def by_he_fire(state: CoreState, unit: Unit) -> bool:
    """9.5.1 f: the card is HE-capable and the ruleset lets HE fire lay Smoke."""
    rules = state.game.rules
    return rules.smoke_by_he_fire and rules.smoke_enabled and unit.profile.he > 0


def he_attack(state: CoreState, unit: Unit, pos: int) -> Attack:
    """HE fire to lay Smoke on ``pos``: the HE value or less, no terrain modifier; +2 at long range as for HE
    (9.5.1 f); +4 from a smoked position, since Smoke hampers all fire out of it (9.5.1 c; the target position is
    never smoked already)."""
    dist = state.game.board.distance(unit.pos, pos)
    extra = state.game.rules.fire_he_long_range_modifier if dist == 2 else 0
    return made("smoke", unit.profile.he, extra + fire_modifier(state, unit.pos, pos))


def he_melee_attack(unit: Unit) -> Attack:
    """9.5.1 f in melee: the HE value or less on the card's own position, no modifier at this range."""
    return Attack("smoke", unit.profile.he, 0)
