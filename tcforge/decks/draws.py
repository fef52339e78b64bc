"""What a shuffled Command Deck's turn draws, in closed form: exact fractions at a cost polynomial in the deck.

A turn draws the cards above the ``r``-th of the deck's ``t`` Turn Over cards (all of them when the deck holds fewer:
the deck is spent). Every figure of :mod:`tcforge.decks.odds` depends only on how many cards of each kind the deck
holds, and the shuffle makes two facts exact:

- the Turn Over cards fall among the others at random, so ``d``, the number of other cards drawn, is negative
  hypergeometric: ``P(d) = C(d+r-1, r-1) C(n-d+t-r, t-r) / C(n+t, t)`` for ``n`` other cards;
- which other cards come first is independent of ``d``: a given set of ``k`` cards is missed with chance
  ``C(t, r) / C(k+t, r)`` (the first ``r`` of those ``k + t`` cards are all Turn Over), each card is drawn with chance
  ``r / (t+1)``, and given ``d`` the cards drawn are a random ``d`` of the ``n`` (multivariate hypergeometric).

The longest run of one side's cards (a card of the other side breaks a run, a Turn Over does not) is counted by
inclusion and exclusion over the runs of ``L + 1`` or more, with the Turn Over cards that fall inside a run counted
apart (:func:`longest_run`): about ``m Z r`` products for ``m`` cards of the side, ``Z`` others and the ``r``-th Turn
Over, where the draw-order walk (:mod:`tcforge.decks.walk`, kept as the reference the tests compare with) carried a
state per count vector and run length: a 400-card deck took 99 s and 1.4 GB, and more than 5 minutes with the
one-card-more-or-less table.
"""
from __future__ import annotations

from fractions import Fraction
from math import comb
from operator import mul

ZERO, ONE = Fraction(0), Fraction(1)


def _check(ends_after: int) -> None:
    if ends_after < 1:
        raise ValueError("a turn ends after at least one Turn Over card")


def drawn_others(others: int, turn_overs: int, ends_after: int) -> list[Fraction]:
    """``P(d)`` for ``d = 0 .. others``: how many cards that are not Turn Over a turn draws."""
    _check(ends_after)
    n, t, r = others, turn_overs, ends_after
    if t < r:  # the deck is spent before the turn's last Turn Over: every card is drawn
        return [ZERO] * n + [ONE]
    whole = comb(n + t, t)
    return [Fraction(comb(d + r - 1, r - 1) * comb(n - d + t - r, t - r), whole) for d in range(n + 1)]


def turn_overs_drawn(turn_overs: int, ends_after: int) -> int:
    """Turn Over cards a turn draws: the one that ends it and those before it, or all when the deck is spent."""
    _check(ends_after)
    return min(turn_overs, ends_after)


def none_drawn(cards: int, turn_overs: int, ends_after: int) -> Fraction:
    """The chance that a turn draws none of ``cards`` given cards (all of them Turn Over excepted)."""
    _check(ends_after)
    if turn_overs < ends_after:
        return ONE if cards == 0 else ZERO
    return Fraction(comb(turn_overs, ends_after), comb(cards + turn_overs, ends_after))


def expected_drawn(cards: int, turn_overs: int, ends_after: int) -> Fraction:
    """How many of ``cards`` given cards a turn draws, on average."""
    _check(ends_after)
    if turn_overs < ends_after:
        return Fraction(cards)
    return Fraction(cards * ends_after, turn_overs + 1)


def none_among_first(cards: int, others: int, drawn: int) -> Fraction:
    """The chance that ``drawn`` cards taken from ``others`` miss all of ``cards`` given ones among them."""
    return Fraction(comb(others - cards, drawn), comb(others, drawn))


def longest_run(side: int, rest: int, turn_overs: int, ends_after: int) -> dict[int, Fraction]:
    """The distribution of the longest string of consecutive cards of a side that a turn draws, for ``side`` cards
    of the side, ``rest`` other cards that are not Turn Over (each breaks a string) and ``turn_overs`` Turn Over
    cards (the ``ends_after``-th ends the turn; those before it break nothing)."""
    _check(ends_after)
    m, z, t, r = side, rest, turn_overs, ends_after
    if t < r:  # the whole deck is drawn; the Turn Over cards break nothing
        total = comb(m + z, m)
        at_most = [_runs_at_most(m, z, length) for length in range(m + 1)]
    else:
        total = comb(m + z + t, m) * comb(z + t, t)
        ways = _marked_ways(m, z, t, r)
        at_most = [_count_at_most(m, z, t, r, length, ways) for length in range(m + 1)]
    out: dict[int, Fraction] = {}
    before = 0
    for length, count in enumerate(at_most):
        if count != before:
            out[length] = Fraction(count - before, total)
        before = count
    return out


def _runs_at_most(ones: int, zeros: int, length: int) -> int:
    """Arrangements of ``ones`` ones and ``zeros`` zeros whose strings of ones are at most ``length`` long."""
    step = length + 1
    return sum((-1) ** j * comb(zeros + 1, j) * comb(ones - j * step + zeros, zeros)
               for j in range(min(ones // step, zeros + 1) + 1))


def _marked_ways(m: int, z: int, t: int, r: int) -> dict[tuple[int, int], int]:
    """For ``j`` marked strings and ``u`` of the first ``r - 1`` Turn Over cards inside them: the ways to place the
    zeros and the other Turn Over cards of the rest of the deck times the ways to choose the ``j`` strings among the
    ``J + 1`` the turn draws, summed over ``J``, the zeros drawn (the rest of the deck: ``z`` zeros, ``t - u`` Turn
    Over cards, the turn ending on its ``(r - u)``-th)."""
    out: dict[tuple[int, int], int] = {}
    choose = [[comb(drawn + 1, j) for drawn in range(z + 1)] for j in range(min(m, z + 1) + 1)]
    for u in range(r):
        before = [comb(drawn + r - u - 1, r - u - 1) * comb(z - drawn + t - r, t - r) for drawn in range(z + 1)]
        for j, row in enumerate(choose):
            out[(j, u)] = sum(map(mul, row, before))
    return out


def _count_at_most(m: int, z: int, t: int, r: int, length: int, ways: dict[tuple[int, int], int]) -> int:
    """Arrangements of the deck (``m`` ones, ``z`` zeros, ``t`` Turn Over) whose drawn strings of ones are at most
    ``length`` long, by inclusion and exclusion over ``j`` strings marked as longer: each such string begins with a
    block of ``length + 1`` ones and the ``u`` Turn Over cards among them; taking the blocks out leaves a deck of
    ``m - j (length + 1)`` ones and ``t - u`` Turn Over cards that ends its turn on its ``(r - u)``-th."""
    step = length + 1
    total = ways[(0, 0)] * comb(m + z + t, m)
    for j in range(1, min(m // step, z + 1) + 1):
        ones = m - j * step
        term = sum(comb(j * step - 1 + u, u) * ways[(j, u)] * comb(ones + z + t - u, ones) for u in range(r))
        total += -term if j % 2 else term
    return total
