"""Exact odds of a Command Deck's turn: how long it lasts, who gets to act, and what one card more or less changes.

Every figure is a :class:`~fractions.Fraction` from :func:`tcforge.decks.walk.walk`
over the shuffled deck (source 003: shuffled every turn, the turn ends on
the rules' number of Turn Over cards). Cards a side plays and cards that let
its units act are told apart: a support card is the side's impulse, but no
formation moves or fires on it.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from tcforge.decks.model import SUPPORT, TURN_OVER, CommandDeck, DeckCard, FluidRules
from tcforge.decks.walk import distribution, drawn, mean, walk

ZERO, ONE = Fraction(0), Fraction(1)


@dataclass
class SideOdds:
    side: str
    cards: int  # shuffled cards naming the side (support included)
    none: Fraction  # no card of the side in the turn
    no_action: Fraction  # no card on which the side's units act (support cards do not count)
    expected: Fraction
    longest_run: dict[int, Fraction]  # distribution of the longest run of consecutive cards of the side
    commander_hold: list[tuple[int, Fraction, Fraction]] = field(default_factory=list)
    # (impulses waited, chance the commander's card is still usable, chance the side gets no action at all)


@dataclass
class FormationOdds:
    formation: str
    side: str
    cards: int  # own cards plus side cards that let it act
    acts: Fraction  # at least once before the turn ends
    expected: Fraction
    by_type: dict[str, Fraction]
    by_action: dict[str, Fraction]
    with_commander: Fraction  # acts at least once when its commander's card is played at the start


@dataclass
class DeckOdds:
    deck: CommandDeck
    turn_overs_to_end: int
    impulses: dict[int, Fraction]
    sides: dict[str, SideOdds]
    formations: dict[str, FormationOdds]

    @property
    def mean_impulses(self) -> Fraction:
        return mean(self.impulses)

    def at_least(self, n: int) -> Fraction:
        return sum((p for k, p in self.impulses.items() if k >= n), ZERO)

    def quantile(self, q: Fraction) -> int:
        total = ZERO
        for k, p in self.impulses.items():
            total += p
            if total >= q:
                return k
        return max(self.impulses)


def _is_action(card: DeckCard, rules: FluidRules) -> bool:
    kind = rules.impulse_types.get(card.type)
    return bool(kind and kind.scope != "none" and set(kind.actions) - {SUPPORT})


def _ends_after(rules: FluidRules) -> int:
    return int(rules["turn.turn_overs_to_end"])


class DeckOddsError(ValueError):
    """The rules ask for something the exact walk does not model; the message says what."""


def _check(rules: FluidRules) -> None:
    if not rules["turn.reshuffle_each_turn"]:
        raise DeckOddsError(f"{rules.id}: turn.reshuffle_each_turn is false; the odds assume every turn starts from a "
                            "freshly shuffled deck (003, 2.3)")


def impulse_distribution(deck: CommandDeck, rules: FluidRules) -> dict[int, Fraction]:
    """Impulses in a turn: cards drawn before the ending Turn Over (and the Turn Over cards too when
    turn.turn_over_is_impulse is true)."""
    _check(rules)
    counts = (deck.count(TURN_OVER), len(deck.shuffled) - deck.count(TURN_OVER))
    result = walk(counts, 0, _ends_after(rules))
    with_turn_overs = bool(rules["turn.turn_over_is_impulse"])
    return distribution(result, lambda left, _: counts[1] - left[1] + ((counts[0] - left[0]) if with_turn_overs else 0))


def side_odds(deck: CommandDeck, rules: FluidRules, side: str, hold_up_to: int = 12) -> SideOdds:
    shuffled = deck.shuffled
    own = [c for c in shuffled if c.side == side]
    acting = [c for c in own if _is_action(c, rules)]
    # categories: 0 Turn Over, 1 side's action cards, 2 side's other cards (support), 3 everything else
    counts = (deck.count(TURN_OVER), len(acting), len(own) - len(acting),
              len(shuffled) - deck.count(TURN_OVER) - len(own))
    result = walk(counts, 0, _ends_after(rules))
    joint = distribution(result, lambda left, _: drawn(counts, left))
    none = sum((p for d, p in joint.items() if d[1] + d[2] == 0), ZERO)
    no_action = sum((p for d, p in joint.items() if d[1] == 0), ZERO)
    expected = sum((p * (d[1] + d[2]) for d, p in joint.items()), ZERO)
    hold = []
    for wait in range(hold_up_to + 1):
        usable = sum((p for d, p in joint.items() if d[1] + d[2] + d[3] >= wait), ZERO)
        # the card held for `wait` impulses is lost when the turn ends sooner; the side then has only its deck cards
        nothing = sum((p for d, p in joint.items() if d[1] == 0 and d[1] + d[2] + d[3] < wait), ZERO)
        hold.append((wait, usable, nothing))
    return SideOdds(side, len(own), none, no_action, expected, longest_run(deck, rules, side), hold)


def longest_run(deck: CommandDeck, rules: FluidRules, side: str) -> dict[int, Fraction]:
    """Distribution of the longest string of consecutive impulses of ``side`` in a turn."""
    shuffled = deck.shuffled
    own = sum(1 for c in shuffled if c.side == side)
    counts = (deck.count(TURN_OVER), own, len(shuffled) - deck.count(TURN_OVER) - own)

    def step(state: tuple[int, int], category: int) -> tuple[int, int]:
        run, best = state
        run = run + 1 if category == 1 else 0
        return run, max(best, run)

    result = walk(counts, 0, _ends_after(rules), step=step, init=(0, 0))
    return distribution(result, lambda _, extra: extra[1])


def formation_odds(deck: CommandDeck, rules: FluidRules, formation: str) -> FormationOdds:
    side = deck.formations[formation].side
    shuffled = deck.shuffled
    giving = [c for c in shuffled if c.formation == formation
              or (c.formation is None and c.side == side and _is_action(c, rules))]
    types = sorted({c.type for c in giving})
    # categories: 0 Turn Over, 1.. one per impulse type that lets the formation act, last: everything else
    counts = (deck.count(TURN_OVER),) + tuple(sum(1 for c in giving if c.type == t) for t in types) + (
        len(shuffled) - deck.count(TURN_OVER) - len(giving),)
    result = walk(counts, 0, _ends_after(rules))
    joint = distribution(result, lambda left, _: drawn(counts, left)[1:-1])
    acts = sum((p for d, p in joint.items() if sum(d)), ZERO)
    by_type = {t: sum((p * d[i] for d, p in joint.items()), ZERO) for i, t in enumerate(types)}
    by_action: dict[str, Fraction] = {}
    for t, e in by_type.items():
        for action, n in rules.impulse_types[t].actions.items():
            by_action[action] = by_action.get(action, ZERO) + e * n
    with_commander = ONE if any(c.side == side for c in deck.commander_cards) else acts
    return FormationOdds(formation, side, len(giving), acts, sum(by_type.values(), ZERO), by_type, by_action,
                         with_commander)


def deck_odds(deck: CommandDeck, rules: FluidRules, *, hold_up_to: int = 12) -> DeckOdds:
    return DeckOdds(deck, _ends_after(rules), impulse_distribution(deck, rules),
                    {s: side_odds(deck, rules, s, hold_up_to) for s in deck.sides},
                    {f: formation_odds(deck, rules, f) for f in deck.formations})


@dataclass
class Headline:
    """The few figures the sensitivity table compares."""

    mean_impulses: Fraction
    side_none: dict[str, Fraction]
    acts: dict[str, Fraction]


def headline(deck: CommandDeck, rules: FluidRules) -> Headline:
    shuffled = deck.shuffled
    sides = {}
    for s in deck.sides:
        own = sum(1 for c in shuffled if c.side == s)
        counts = (deck.count(TURN_OVER), own, len(shuffled) - deck.count(TURN_OVER) - own)
        result = walk(counts, 0, _ends_after(rules))
        sides[s] = sum((p for (left, _), p in result.items() if left[1] == own), ZERO)
    acts = {}
    for f in deck.formations:
        side = deck.formations[f].side
        n = sum(1 for c in shuffled if c.formation == f or (c.formation is None and c.side == side and _is_action(c, rules)))
        counts = (deck.count(TURN_OVER), n, len(shuffled) - deck.count(TURN_OVER) - n)
        result = walk(counts, 0, _ends_after(rules))
        acts[f] = ONE - sum((p for (left, _), p in result.items() if left[1] == n), ZERO)
    return Headline(mean(impulse_distribution(deck, rules)), sides, acts)


@dataclass
class SensitivityRow:
    card: DeckCard
    change: int  # +1 or -1
    result: Headline | None  # None: the deck would no longer end a turn
    why_not: str = ""


def sensitivity(deck: CommandDeck, rules: FluidRules) -> tuple[Headline, list[SensitivityRow]]:
    """The headline figures, and the same figures with one card of each kind added or removed."""
    base = headline(deck, rules)
    rows: list[SensitivityRow] = []
    seen: set[Any] = set()
    for card in deck.shuffled:
        if card.kind in seen:
            continue
        seen.add(card.kind)
        rows.append(SensitivityRow(card, +1, headline(deck.adding(card), rules)))
        less = deck.removing(card)
        if card.type == TURN_OVER and less.count(TURN_OVER) < _ends_after(rules):
            rows.append(SensitivityRow(card, -1, None, "too few Turn Over cards left to end a turn"))
        else:
            rows.append(SensitivityRow(card, -1, headline(less, rules)))
    return base, rows
