"""What a side may know (observation) and the positions a search deals from it (determinize): the search never peeks."""
from __future__ import annotations

import random

from enginekit import make as make_state
from enginekit import uid
from tcforge.engine.actions import CardDrawn, DrawEvent
from tcforge.engine.board import DECK, RESERVE
from tcforge.engine.observation import determinize, observation
from tcforge.engine.state import GameState


def position() -> GameState:
    """Side 0 to play; side 1 holds a card in its reserve from the start, one it drew, and three in its deck; side 0
    has a hand and a deck too."""
    state = make_state({0: [("PzKw IV H", "c2"), ("German Line Squad", "c1"), ("PzKw IV G", RESERVE),
                            ("PzKw IV J", DECK), ("PzKw III L", DECK)],
                        1: [("T-34 M41", "c4"), ("T-34 M41", "e4"), ("KV-1 M41", RESERVE), ("Soviet Line Squad", DECK),
                            ("T-34 M43", DECK), ("T-34 M41", DECK), ("Soviet Line Squad", DECK)]})
    state.rolls.append(DrawEvent(1))  # a draw of side 1's (6.2): side 0 does not see which card
    state.apply_action(("card", uid(state, "Soviet Line Squad", 1)))
    return state


def drawn(state: GameState) -> int:
    return next(u for u in state.hand[1] if state.units[u].profile.name == "Soviet Line Squad")


def hidden_changed(state: GameState) -> GameState:
    """The same position as side 0 sees it: side 1's drawn card swapped with one of its deck, side 0's deck reordered,
    and the history naming the other card for side 1's draw."""
    other = state.clone()
    in_hand, in_deck = drawn(other), uid(other, "T-34 M43")
    other.hand[1] = [u if u != in_hand else in_deck for u in other.hand[1]]
    other.deck[1] = [in_hand] + [u for u in other.deck[1] if u != in_deck]
    other.units[in_hand].pos, other.units[in_deck].pos = DECK, RESERVE
    other.units[in_hand].drawn, other.units[in_deck].drawn = False, True
    other.deck[0] = list(reversed(other.deck[0]))
    other.history[-1] = CardDrawn(in_deck)
    other._changed()
    return other


def reserve_changed(state: GameState) -> GameState:
    """Side 1's card in the reserve from the start swapped with one of its deck: side 0 knows what it started with."""
    other = state.clone()
    start = uid(other, "KV-1 M41")
    in_deck = uid(other, "T-34 M43")
    other.hand[1] = [u if u != start else in_deck for u in other.hand[1]]
    other.deck[1] = [start] + [u for u in other.deck[1] if u != in_deck]
    other.units[start].pos, other.units[in_deck].pos = DECK, RESERVE
    other._changed()
    return other


def test_14_0_the_observation_hides_the_opponents_hand_and_the_order_of_the_decks() -> None:
    state = position()
    other = hidden_changed(state)
    assert state.serialize() != other.serialize()  # the hidden parts differ ...
    assert observation(state, 0) == observation(other, 0)  # ... and side 0 cannot tell
    assert observation(state, 1) != observation(other, 1)  # side 1 can: it is its own hand
    seen = observation(state, 0)
    assert seen.hand_sizes == (1, 2) and seen.deck_sizes == (2, 3)
    assert set(seen.opponent_unknown) == {drawn(state)} | set(state.deck[1])
    assert seen.known_opponent_hand == (uid(state, "KV-1 M41"),)
    assert seen.history[-1] == ("card", None) and seen.face_down == ()


def test_14_0_the_reserve_a_side_started_with_is_known_until_played() -> None:
    """The scenario is public: side 0 knows the card side 1 started with in its reserve (a Kursk reserve of tanks is
    not shuffled into a deck of terrain and events), but not which deck card side 1 drew."""
    state = position()
    assert observation(state, 0) != observation(reserve_changed(state), 0)
    start = uid(state, "KV-1 M41")
    for seed in range(20):
        dealt = determinize(state, 0, random.Random(seed))
        assert start in dealt.hand[1] and dealt.units[start].pos == RESERVE


def test_14_0_determinize_depends_only_on_the_observation_and_keeps_the_sizes() -> None:
    state = position()
    other = hidden_changed(state)
    one, two = determinize(state, 0, random.Random(5)), determinize(other, 0, random.Random(5))
    assert one.serialize() == two.serialize()
    assert [len(h) for h in one.hand] == [len(h) for h in state.hand] and [len(d) for d in one.deck] == [len(d) for d in state.deck]
    assert one.hand[0] == state.hand[0] and sorted(one.hand[1] + one.deck[1]) == sorted(state.hand[1] + state.deck[1])
    assert all(one.units[u].pos == RESERVE for u in one.hand[1]) and all(one.units[u].pos == DECK for u in one.deck[1])
    hands = {tuple(determinize(state, 0, random.Random(seed)).hand[1]) for seed in range(20)}
    assert len(hands) == 4  # any of the four cards side 1 could have drawn is dealt to its hand, beside the known one
    before = state.serialize()
    determinize(state, 0, random.Random(1)).apply_action(("end",))
    assert state.serialize() == before  # a dealt position is a separate game


def test_a_dealt_position_can_be_dealt_again() -> None:
    """A search deals from a position it dealt (the greedy player deals under hidden units, 001 1.0, and the playout
    search asks it for its choice on a dealt view): the masked draws of the first deal stay masked."""
    state = position()
    hidden_changed(state)  # side 1's last draw is in the history
    once = determinize(state, 0, random.Random(3))
    assert once.history[-1] == ("card", None)
    twice = determinize(once, 0, random.Random(4))
    assert twice.history[-1] == ("card", None) and observation(twice, 0).hand_sizes == observation(state, 0).hand_sizes
