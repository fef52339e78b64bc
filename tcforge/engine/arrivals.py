"""Cards coming into play after the deal: a scenario's reinforcements (17.5, 20.0 rule 5) and equipment set on its
carrier at set-up (6.0, 13.0).

The scenario layer (:mod:`tcforge.play.hooks`, :mod:`tcforge.play.setup`) decides which cards come and where
they go; these functions are the only way it changes the position for that: a new card gets the next unit id,
then goes to the hand, onto its carrier or onto a position, in the order the caller gives (unit ids and each
position's card order are part of a game's log and serialized states).
"""
from __future__ import annotations

from collections.abc import Iterable

from tcforge.engine.board import ATTACHED, RESERVE
from tcforge.engine.core import CoreState
from tcforge.engine.units import Unit


def arrived(state: CoreState, group_id: str) -> None:
    """The scenario's reinforcement group ``group_id`` arrives in this game turn (what countdowns and 17.5's grace read)."""
    state.arrivals[group_id] = state.turn


def new_card(state: CoreState, side: int, card_id: int | str) -> Unit:
    """A card of the side enters play: the next unit id, in the reserve, not yet in a hand or on the table."""
    unit = Unit(len(state._units), side, state.game.profiles[card_id], RESERVE)
    state._units.append(unit)
    return unit


def to_hand(state: CoreState, unit: Unit) -> None:
    """The card goes into its owner's hand (a special card, or a card the scenario sends to the reserve)."""
    state.hand[unit.side].append(unit.uid)


def attach(state: CoreState, item: Unit, carrier: Unit) -> None:
    """Equipment goes onto its carrier (out of the hand, if it was dealt there)."""
    if item.uid in state.hand[item.side]:
        state.hand[item.side].remove(item.uid)
    item.pos = ATTACHED
    item.carrier = carrier.uid
    carrier.equipment += (item.uid,)


def place(state: CoreState, unit: Unit, pos: int) -> None:
    """The card comes onto the battlefield at ``pos``, after the cards of its side already there."""
    unit.pos = pos
    state._occ[pos][unit.side].append(unit.uid)


def as_a_move(state: CoreState, cards: Iterable[Unit], supply_points: int, positions_left: int | None) -> None:
    """20.0 rule 5: the arrival is one move of the side: it costs ``supply_points`` Supply points, each card has moved
    (it may not fire this turn, 5.0 b) and, with ``positions_left``, may still use that many positions of movement."""
    state.supply = max(0, state.supply - supply_points)
    play = state.ctx.play
    for unit in cards:
        unit.moved += 1
        if positions_left is not None and play is not None:
            play.arrived[unit.uid] = positions_left
