"""What one side may know of a position, and full positions consistent with it (for search).

A side sees every card on the battlefield, both discard piles, its own hand,
the size of each hand and deck, and the pending chance events. It does not see
the opponent's draws, nor the order of either deck. The draws are already chance
events over a deck's remaining cards (the state fixes no order), so the hidden
part of a position is which of the opponent's deck cards it has drawn. The rest
of its hand is known: the cards its reserve held at the start (the scenario is
public) and those seen going back from the battlefield (8.3), until played.
Where a reserve of tanks starts beside a deck of terrain and events, a deal that
shuffled the two together would face a much weaker enemy than the real one.

With source 001's hidden units (ruleset parameter ``hidden.units``) the enemy's
face-down battlefield cards are hidden too: the observation lists them as
unknowns, a zone and a side each (:attr:`Observation.face_down`), never by card
or uid, since their owner may shuffle them within a zone (1.10); a face-down card
shows nothing of its kind or size (the project's reading). The side remembers
which enemy cards it saw face up that have since turned face down
(:attr:`Observation.face_down_seen`): they are somewhere among the face-down cards.

:func:`observation` lists what the side may know; :func:`determinize` deals a
full position from it: the opponent's hand re-dealt at random from the cards it
could hold, sizes kept, and the face-down enemy cards given identities at random
from the cards they could be. A search reads the real state only through these
two functions, so its choices cannot depend on what its side has not seen
(tests/engine/test_observation.py and test_hidden_units.py change the hidden cards and check).
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from tcforge.engine.actions import Action, CardDrawn, Drop, Equip, Load, Pick, Together, Tow, Unstack
from tcforge.engine.board import DECK, RESERVE
from tcforge.engine.state import GameState


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
    known_opponent_hand: tuple[int, ...]  # cards the side knows the opponent holds: not drawn since it saw them
    opponent_unknown: tuple[int, ...]  # sorted: the cards that may be in the opponent's hand or deck
    history: tuple[Action, ...]  # the actions so far, the opponent's draws masked as ("card", None)
    face_down: tuple[tuple[int, int], ...] = ()  # (position, side) of each face-down card on the battlefield (001 1.0)
    face_down_seen: tuple[str, ...] = ()  # sorted card ids of enemy cards seen face up, face down now (somewhere)
    own_face_down: tuple[int, ...] = ()  # the side's own cards its enemy cannot see

    @property
    def opponent(self) -> int:
        return 1 - self.side


def _known_in_hand(state: GameState, uid: int) -> bool:
    """A card in the reserve whose side the enemy saw put it there: in the reserve from the start (the scenario
    is public) or moved back from the battlefield (8.3), not drawn since (14.0). With hidden units only a card
    seen face up going back this turn is known (a face-down card going back is not: 001 1.9)."""
    unit = state._units[uid]
    if state.game.rules.hidden_units:
        return (unit.moved_to_reserve or unit.moved > 0) and uid in state._seen
    return not unit.drawn


def _hidden_enemy(state: GameState, side: int) -> list[int]:
    """The enemy's face-down battlefield cards, by uid (for the engine's use only: never shown to ``side``)."""
    if not state.game.rules.hidden_units:
        return []
    other = 1 - side
    return [u for pos in range(state.game.board.size) for u in state._occ[pos][other] if u not in state.spotted]


_new = tuple.__new__  # called through a name: mypyc compiles tuple.__new__(cls, items) as tuple(items), losing cls

_CARD_ARGS: dict[type[Action], tuple[int, ...]] = {
    Pick: (1,), Together: (1, 2), Load: (1, 2), Tow: (1, 2), Equip: (1, 2), Drop: (1,), Unstack: (1,),
}  # the places in an action's list form that name cards of the acting side


def _masked(state: GameState, side: int, action: Action) -> Action:
    """``action`` with the enemy cards ``side`` cannot see now named None (001 1.10: no stable ids for hidden cards)."""
    places = _CARD_ARGS.get(type(action))
    if not places:
        return action
    units = state._units

    def unseen(uid: int) -> bool:
        unit = units[uid]
        if unit.side == side:
            return False
        if unit.pos >= 0:
            return state.face_down(uid)
        if unit.carrier is not None and unit.pos != DECK and unit.pos != RESERVE:
            return unseen(unit.carrier)
        return unit.pos in (DECK, RESERVE)

    masked = tuple(None if i in places and isinstance(v, int) and unseen(v) else v for i, v in enumerate(action))
    # nothing hidden: the action itself (it was the equal plain tuple, not an Action: mypyc checks the return type)
    return action if masked == action else _new(type(action), masked)  # the same kind, a card unnamed


def _card_key(state: GameState, uid: int) -> str:
    return str(state._units[uid].profile.card_id)


_UNSEEN_DRAW = CardDrawn(None)  # a draw of the enemy's, as the observing side knows it


def _hidden_draw(action: Action, units: list[Any], other: int) -> bool:
    """A draw of ``other``'s that the observing side did not see (already masked in a dealt position: kept so,
    since a search deals again from a position it dealt, as the greedy player does under hidden units)."""
    return type(action) is CardDrawn and (action[1] is None or units[action[1]].side == other)


def observation(state: GameState, side: int) -> Observation:
    """Everything ``side`` may know of ``state``."""
    other = 1 - side
    known = tuple(sorted(u for u in state.hand[other] if _known_in_hand(state, u)))
    unknown = tuple(sorted([u for u in state.hand[other] if u not in known] + list(state.deck[other])))
    units = state._units
    history = tuple(_UNSEEN_DRAW if _hidden_draw(a, units, other) else a for a in state.history)
    hidden = set(_hidden_enemy(state, side))
    if state.game.rules.hidden_units:
        history = tuple(_masked(state, side, a) for a in history)
    board = tuple((tuple(u for u in a if u not in hidden), tuple(u for u in b if u not in hidden)) for a, b in state._occ)
    face_down: tuple[tuple[int, int], ...] = ()
    own_down: tuple[int, ...] = ()
    if state.game.rules.hidden_units:
        face_down = tuple(sorted((u.pos, u.side) for u in units if state.face_down(u.uid)))
        own_down = tuple(sorted(u.uid for u in units if u.side == side and state.face_down(u.uid)))
    seen = tuple(sorted(_card_key(state, u) for u in hidden if u in state._seen))
    return Observation(side, tuple(state.hand[side]), tuple(sorted(state.deck[side])), board,
                       (tuple(state.discard[0]), tuple(state.discard[1])),
                       (len(state.hand[0]), len(state.hand[1])), (len(state.deck[0]), len(state.deck[1])),
                       known, unknown, history, face_down, seen, own_down)


def determinize(state: GameState, side: int, rng: random.Random) -> GameState:
    """A full position consistent with what ``side`` knows of ``state``, the opponent's hidden cards dealt by ``rng``.

    The result depends only on :func:`observation`'s view of ``state`` and on ``rng``: the opponent's unknown
    cards (its deck and the cards it drew from it) are shuffled from their sorted list, dealt to the hand as many
    as it drew and the rest to the deck, with
    the fresh-card fields a card has in a hand or deck; both decks are kept sorted; the history's hidden draws
    are masked. With hidden units the enemy's face-down cards are then given identities (:func:`_redeal`).
    """
    other = 1 - side
    det = state.clone()
    units = det._units
    if state.game.rules.hidden_units:
        _redeal(state, det, side, rng)
    known = [u for u in state.hand[other] if _known_in_hand(state, u)]
    pool = sorted([u for u in state.hand[other] if u not in known] + list(state.deck[other]))
    rng.shuffle(pool)
    free = len(state.hand[other]) - len(known)
    hand, deck = pool[:free], sorted(pool[free:])
    for uid in pool:
        unit = units[uid]  # the clone's own copy
        unit.pos = RESERVE if uid in hand else DECK
        unit.drawn = uid in hand  # still unknown to ``side``, so a search dealing from this deal deals it again
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
    det.history = [_UNSEEN_DRAW if _hidden_draw(a, units, other) else a for a in state.history]
    det._changed()
    return det


def _redeal(state: GameState, det: GameState, side: int, rng: random.Random) -> None:
    """001 1.0, 1.10: the identities (cards) behind the enemy's face-down battlefield cards and its unknown hand and
    deck cards, dealt at random: the cards seen face up that turned face down go to face-down places, the rest
    anywhere. Places and identities are listed in an order the observation fixes (positions, card ids), so the
    deal depends only on what ``side`` knows and on ``rng``. Attached cards stay on their places."""
    other = 1 - side
    units = det._units
    down = sorted(_hidden_enemy(state, side), key=lambda u: (state._units[u].pos, u))
    known = {u for u in state.hand[other] if _known_in_hand(state, u)}
    rest = sorted([u for u in state.hand[other] if u not in known] + list(state.deck[other]))
    seen = sorted((state._units[u].profile for u in down if u in state._seen), key=lambda p: str(p.card_id))
    others = sorted((state._units[u].profile for u in down + rest if not (u in down and u in state._seen)),
                    key=lambda p: str(p.card_id))
    places = list(down)
    rng.shuffle(places)
    for uid, profile in zip(places, seen, strict=False):
        units[uid].profile = profile
    open_places = places[len(seen):] + rest
    rng.shuffle(others)
    for uid, profile in zip(open_places, others, strict=True):
        units[uid].profile = profile
