"""Cards a scenario brings into play after the deal, or takes out of it: its reinforcements (17.5, 20.0 rule 5),
equipment set on its carrier and fortifications laid at set-up (6.0, 11.0, 13.0), and a card its rule discards.

The scenario layer (:mod:`tcforge.play.hooks`, :mod:`tcforge.play.setup`) and the odds' two-card positions
(:mod:`tcforge.analysis.odds`) decide which cards come and where they go; these functions are the only way they
change the position outside the play: a new card gets the next unit id, then goes to the hand, onto its carrier or
onto a position, in the order the caller gives (unit ids and each position's card order are part of a game's log
and serialized states). Each forgets the position's cached legal actions, so the caller need not.
"""
from __future__ import annotations

from collections.abc import Iterable

from tcforge.engine import smoke
from tcforge.engine.board import RESERVE
from tcforge.engine.core import CoreState, Fort
from tcforge.engine.units import Unit


def arrived(state: CoreState, group_id: str) -> None:
    """The scenario's reinforcement group ``group_id`` arrives in this game turn (what countdowns and 17.5's grace read)."""
    state.arrivals[group_id] = state.turn
    state._changed()


def new_card(state: CoreState, side: int, card_id: int | str) -> Unit:
    """A card of the side enters play: the next unit id, in the reserve, not yet in a hand or on the table."""
    unit = Unit(len(state._units), side, state.game.profiles[card_id], RESERVE)
    state._units.append(unit)
    state._changed()
    return unit


def to_hand(state: CoreState, unit: Unit) -> None:
    """The card goes into its owner's hand (a special card, or a card the scenario sends to the reserve)."""
    state.hand[unit.side].append(unit.uid)
    state._changed()


def attach(state: CoreState, item: Unit, carrier: Unit) -> None:
    """Equipment goes onto its carrier (out of the hand, if it was dealt there)."""
    if item.uid in state.hand[item.side]:
        state.hand[item.side].remove(item.uid)
    state._attach(item, carrier)
    state._changed()


def place(state: CoreState, unit: Unit, pos: int) -> None:
    """The card comes onto the battlefield at ``pos``, after the cards of its side already there."""
    if state._occ[pos][1 - unit.side]:
        state._melee_begins(pos, unit.side)  # 10.0: the enemy cards there defend the melee it brings
    state._enter(unit, pos)
    state._changed()


def as_a_move(state: CoreState, cards: Iterable[Unit], supply_points: int, positions_left: int | None) -> None:
    """20.0 rule 5: the arrival is one move of the side: it costs ``supply_points`` Supply points, each card has moved
    (it may not fire this turn, 5.0 b) and, with ``positions_left``, may still use that many positions of movement."""
    state.supply = max(0, state.supply - supply_points)
    play = state.ctx.play
    for unit in cards:
        unit.moved += 1
        if positions_left is not None and play is not None:
            play.arrived[unit.uid] = positions_left
    state._changed()


def fortify(state: CoreState, pos: int, side: int, card_id: int, uid: int | None = None) -> Fort:
    """Foxholes or Bunkers of ``side`` are laid on ``pos`` at set-up (11.0, 17.4): the card ``uid`` from the side's
    hand, or with None a free card of the scenario outside the deck, which joins the game with the next unit id.
    Fortifications already there go to their owner's discard pile."""
    fort = state._place_fort(pos, side, card_id, uid)
    state._changed()
    return fort


def lay_terrain(state: CoreState, pos: int, card_id: int | None) -> None:
    """The terrain card ``card_id`` (a row of the terrain table; None for open ground) lies on ``pos``: a set-up's
    terrain, or the terrain under the odds' two-card position. The remembered lines of sight are forgotten."""
    state.terrain[pos] = card_id
    state._sight_changed()
    state._changed()


def lay_smoke(state: CoreState, pos: int, lifts: int) -> None:
    """Smoke lies on ``pos`` until the end of half-turn ``lifts`` (9.5.1 b), laid by no play: the odds' smoked
    target. The remembered lines of sight are forgotten."""
    smoke.lie_until(state, pos, lifts)
    state._changed()


def discard(state: CoreState, uid: int) -> None:
    """A scenario's rule takes the card out of play: it goes to its owner's discard pile from wherever it is (15.0;
    e.g. a card that must be played before a turn, spent special ammunition)."""
    state._discard_card(uid)
    state._changed()
