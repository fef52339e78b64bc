"""Exact draw-order walks over a shuffled Command Deck.

The deck is shuffled, so every order of its cards is equally likely. What a
question needs to know about the order is only how many cards of each
*category* are left (a category is a set of cards the question does not tell
apart: "Turn Over", "a German card", "Panzers A's Move", "anything else"), so
the walk is a dynamic programme over those counts: from a state with ``n_i``
cards of category ``i`` left out of ``n``, the next card is of category ``i``
with probability ``n_i / n``. The turn ends when the ``ends_after``-th Turn
Over card is drawn (or when the deck is spent). A question that needs more
than counts (the longest run of one side's cards) carries a small extra state
through a ``step`` function. Probabilities are exact fractions; no permutation
is enumerated, and a 40-card deck with four categories has a few thousand states.

Its states grow as the product of the categories' counts, so a 400-card deck is out
of its reach: the odds use the closed forms of :mod:`tcforge.decks.draws`, and the
tests keep this walk as the plain reference they are compared with.
"""
from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Hashable, Sequence
from fractions import Fraction
from typing import Any

Counts = tuple[int, ...]
Step = Callable[[Any, int], Any]


def walk(counts: Sequence[int], turn_over: int, ends_after: int, *, step: Step | None = None,
         init: Hashable = None) -> dict[tuple[Counts, Any], Fraction]:
    """The exact distribution of (cards left per category, extra state) when the turn ends.

    ``counts`` gives the cards of each category, ``turn_over`` the index of the
    Turn Over category; ``step(state, category)`` updates the extra state for
    each card drawn that is not a Turn Over (Turn Over cards before the last
    one change nothing: nobody acts on them).
    """
    if ends_after < 1:
        raise ValueError("a turn ends after at least one Turn Over card")
    start = (tuple(counts), 0, init)
    layer: dict[tuple[Counts, int, Any], Fraction] = {start: Fraction(1)}
    done: dict[tuple[Counts, Any], Fraction] = defaultdict(Fraction)
    while layer:
        following: dict[tuple[Counts, int, Any], Fraction] = defaultdict(Fraction)
        for (left, turn_overs, extra), p in layer.items():
            total = sum(left)
            if total == 0:  # the deck is spent: the turn ends with it
                done[(left, extra)] += p
                continue
            for i, n in enumerate(left):
                if not n:
                    continue
                q = p * Fraction(n, total)
                after = left[:i] + (n - 1,) + left[i + 1:]
                if i == turn_over:
                    if turn_overs + 1 == ends_after:
                        done[(after, extra)] += q
                    else:
                        following[(after, turn_overs + 1, extra)] += q
                else:
                    following[(after, turn_overs, step(extra, i) if step else extra)] += q
        layer = following
    return dict(done)


def drawn(counts: Sequence[int], left: Counts) -> Counts:
    """Cards drawn per category, from the counts at the start and at the end."""
    return tuple(a - b for a, b in zip(counts, left, strict=True))


def mean(dist: dict[int, Fraction]) -> Fraction:
    return sum((Fraction(k) * p for k, p in dist.items()), Fraction(0))


def distribution(result: dict[tuple[Counts, Any], Fraction], key: Callable[[Counts, Any], Hashable]) -> dict[Any, Fraction]:
    """Marginal of a walk's result on ``key(left, extra)``."""
    out: dict[Any, Fraction] = defaultdict(Fraction)
    for (left, extra), p in result.items():
        out[key(left, extra)] += p
    return dict(sorted(out.items()))
