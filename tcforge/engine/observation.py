"""What one side may know of a position, and full positions consistent with it (for search).

A side sees every card on the battlefield, both discard piles, its own hand,
the size of each hand and deck, and the pending chance events. It does not see
the opponent's hand, nor the order of either deck. The draws are already chance
events over a deck's remaining cards (the state fixes no order), so the hidden
part of a position is the opponent's hand: which of the cards it could hold
(its hand and its undrawn deck together) are in the hand and which in the deck.

:func:`observation` lists what the side may know; :func:`determinize` deals a
full position from it: the opponent's hand re-dealt at random from the cards it
could hold, sizes kept. A search reads the real state only through these two
functions, so its choices cannot depend on what its side has not seen
(tests/engine/test_observation.py changes the hidden cards and checks).

House-rule hidden units (face-down cards on the battlefield) will extend this
module: :attr:`Observation.face_down` is where the observation lists them, and
:func:`determinize` is where they are re-dealt from the cards they could be.
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from tcforge.engine.board import DECK, RESERVE
from tcforge.engine.state import Action, GameState


@dataclass(frozen=True, slots=True)
class Observation:
    """What ``side`` may know of a position (uids of cards; the static game is public)."""

    side: int
    own_hand: tuple[int, ...]
    own_deck: tuple[int, ...]  # sorted: the side knows which cards are left, not their order
    board: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]  # per position, each side's cards
    discard: tuple[tuple[int, ...], tuple[int, ...]]
    hand_sizes: tuple[int, int]
    deck_sizes: tuple[int, int]
    known_opponent_hand: tuple[int, ...]  # cards seen going back into the opponent's reserve this turn (8.3)
    opponent_unknown: tuple[int, ...]  # sorted: the cards that may be in the opponent's hand or deck
    history: tuple[Action, ...]  # the actions so far, the opponent's draws masked as ("card", None)
    face_down: tuple[tuple[int, int], ...] = ()  # (position, side) of cards on the battlefield face down: none yet

    @property
    def opponent(self) -> int:
        return 1 - self.side


def _known_in_hand(state: GameState, uid: int) -> bool:
    """A card in the reserve that its side was seen putting there (moved back this turn)."""
    unit = state.units[uid]
    return unit.moved_to_reserve or unit.moved > 0


def observation(state: GameState, side: int) -> Observation:
    """Everything ``side`` may know of ``state``."""
    other = 1 - side
    known = tuple(sorted(u for u in state.hand[other] if _known_in_hand(state, u)))
    unknown = tuple(sorted([u for u in state.hand[other] if u not in known] + list(state.deck[other])))
    units = state.units
    history = tuple(("card", None) if a and a[0] == "card" and units[a[1]].side == other else a for a in state.history)
    return Observation(side, tuple(state.hand[side]), tuple(sorted(state.deck[side])),
                       tuple((tuple(a), tuple(b)) for a, b in state.occ),
                       (tuple(state.discard[0]), tuple(state.discard[1])),
                       (len(state.hand[0]), len(state.hand[1])), (len(state.deck[0]), len(state.deck[1])),
                       known, unknown, history)


def determinize(state: GameState, side: int, rng: random.Random) -> GameState:
    """A full position consistent with what ``side`` knows of ``state``, the opponent's hidden cards dealt by ``rng``.

    The result depends only on :func:`observation`'s view of ``state`` and on ``rng``: the opponent's unknown
    cards are shuffled from their sorted list, dealt to the hand up to its size and the rest to the deck, with
    the fresh-card fields a card has in a hand or deck; both decks are kept sorted; the history's hidden draws
    are masked. (Face-down battlefield cards, when a house rule adds them, are re-dealt here too.)
    """
    other = 1 - side
    det = state.clone()
    units = det.units
    known = [u for u in state.hand[other] if _known_in_hand(state, u)]
    pool = sorted([u for u in state.hand[other] if u not in known] + list(state.deck[other]))
    rng.shuffle(pool)
    free = len(state.hand[other]) - len(known)
    hand, deck = pool[:free], sorted(pool[free:])
    for uid in pool:
        unit = units[uid]  # the clone's own copy
        unit.pos = RESERVE if uid in hand else DECK
        unit.immobilized = False
        unit.moved = unit.fired = 0
        unit.entered_from = None
        unit.moved_to_reserve = False
        unit.carrier = None
        unit.equipment = ()
    det.hand[other] = sorted(known) + sorted(hand)
    det.deck[other] = deck
    det.hand[side] = list(state.hand[side])
    det.deck[side] = sorted(state.deck[side])
    det.history = [("card", None) if a and a[0] == "card" and units[a[1]].side == other else a for a in state.history]
    det.changed()
    return det
