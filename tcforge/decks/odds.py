"""Exact odds of a Command Deck's turn: how long it lasts, who gets to act, and what one card more or less changes.

Every figure is an exact :class:`~fractions.Fraction` over the shuffled deck
(source 003: shuffled every turn, the turn ends on the rules' number of Turn Over
cards), in closed form from the counts of each kind of card
(:mod:`tcforge.decks.draws`): the cost grows with the deck as a polynomial, never
with the number of its orders. Cards a side plays and cards that let its units
act are told apart: a support card is the side's impulse, but no formation moves
or fires on it.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from tcforge.decks import draws
from tcforge.decks.model import SUPPORT, TURN_OVER, CommandDeck, DeckCard, FluidRules
from tcforge.decks.walk import mean

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


MAX_CARDS = 500  # shuffled cards: the sample deck has 35; the sensitivity table grows as kinds of card x formations


def _check(rules: FluidRules, deck: CommandDeck | None = None) -> None:
    if deck is not None and len(deck.shuffled) > MAX_CARDS:
        raise DeckOddsError(f"deck '{deck.id}' shuffles {len(deck.shuffled):,} cards: exact odds are computed for decks "
                            f"of at most {MAX_CARDS:,} (the sample deck has 35; the one-card-more-or-less table grows as "
                            "the kinds of card times the formations)")
    if not rules["turn.reshuffle_each_turn"]:
        raise DeckOddsError(f"{rules.id}: turn.reshuffle_each_turn is false; the odds assume every turn starts from a "
                            "freshly shuffled deck (003, 2.3)")


def impulse_distribution(deck: CommandDeck, rules: FluidRules) -> dict[int, Fraction]:
    """Impulses in a turn: cards drawn before the ending Turn Over (and the Turn Over cards too when
    turn.turn_over_is_impulse is true)."""
    _check(rules)
    turn_overs, others, ends = _split(deck, rules)
    extra = draws.turn_overs_drawn(turn_overs, ends) if rules["turn.turn_over_is_impulse"] else 0
    return {d + extra: p for d, p in enumerate(draws.drawn_others(others, turn_overs, ends)) if p}


def _split(deck: CommandDeck, rules: FluidRules) -> tuple[int, int, int]:
    """The deck's Turn Over cards, its other shuffled cards, and the Turn Over card that ends a turn."""
    shuffled = deck.shuffled
    turn_overs = sum(1 for c in shuffled if c.type == TURN_OVER)
    return turn_overs, len(shuffled) - turn_overs, _ends_after(rules)


def side_odds(deck: CommandDeck, rules: FluidRules, side: str, hold_up_to: int = 12) -> SideOdds:
    turn_overs, others, ends = _split(deck, rules)
    own = [c for c in deck.shuffled if c.side == side]
    acting = sum(1 for c in own if _is_action(c, rules))
    none = draws.none_drawn(len(own), turn_overs, ends)
    no_action = draws.none_drawn(acting, turn_overs, ends)
    expected = draws.expected_drawn(len(own), turn_overs, ends)
    drawn = draws.drawn_others(others, turn_overs, ends)
    hold = []
    for wait in range(hold_up_to + 1):
        usable = sum(drawn[wait:], ZERO)
        # the card held for `wait` impulses is lost when the turn ends sooner; the side then has only its deck cards
        nothing = sum((p * draws.none_among_first(acting, others, d) for d, p in enumerate(drawn[:wait]) if p), ZERO)
        hold.append((wait, usable, nothing))
    return SideOdds(side, len(own), none, no_action, expected, longest_run(deck, rules, side), hold)


def longest_run(deck: CommandDeck, rules: FluidRules, side: str) -> dict[int, Fraction]:
    """Distribution of the longest string of consecutive impulses of ``side`` in a turn."""
    turn_overs, others, ends = _split(deck, rules)
    own = sum(1 for c in deck.shuffled if c.side == side)
    return draws.longest_run(own, others - own, turn_overs, ends)


def formation_odds(deck: CommandDeck, rules: FluidRules, formation: str) -> FormationOdds:
    side = deck.formations[formation].side
    turn_overs, _, ends = _split(deck, rules)
    giving = [c for c in deck.shuffled if c.formation == formation
              or (c.formation is None and c.side == side and _is_action(c, rules))]
    types = sorted({c.type for c in giving})
    acts = ONE - draws.none_drawn(len(giving), turn_overs, ends)
    by_type = {t: draws.expected_drawn(sum(1 for c in giving if c.type == t), turn_overs, ends) for t in types}
    by_action: dict[str, Fraction] = {}
    for t, e in by_type.items():
        for action, n in rules.impulse_types[t].actions.items():
            by_action[action] = by_action.get(action, ZERO) + e * n
    with_commander = ONE if any(c.side == side for c in deck.commander_cards) else acts
    return FormationOdds(formation, side, len(giving), acts, sum(by_type.values(), ZERO), by_type, by_action,
                         with_commander)


def deck_odds(deck: CommandDeck, rules: FluidRules, *, hold_up_to: int = 12) -> DeckOdds:
    _check(rules, deck)
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
    _check(rules, deck)
    return _Tally(deck, rules).headline()


class _Tally:
    """What the headline figures read of a deck: counts of its shuffled cards, by side and by formation. The
    sensitivity table changes one count at a time instead of copying the deck for each of its rows."""

    def __init__(self, deck: CommandDeck, rules: FluidRules) -> None:
        self.deck, self.rules = deck, rules
        self.ends = _ends_after(rules)
        self.turn_overs = self.others = 0
        self.by_side: Counter[str | None] = Counter()
        self.by_formation: Counter[str | None] = Counter()
        self.side_actions: Counter[str | None] = Counter()  # side cards on which every formation of the side acts
        self._none: dict[tuple[int, int], Fraction] = {}
        for card in deck.shuffled:
            self.add(card, +1)

    def add(self, card: DeckCard, change: int) -> None:
        if card.type == TURN_OVER:
            self.turn_overs += change
        else:
            self.others += change
        self.by_side[card.side] += change
        self.by_formation[card.formation] += change
        if card.formation is None and _is_action(card, self.rules):
            self.side_actions[card.side] += change

    def none(self, cards: int) -> Fraction:
        key = (cards, self.turn_overs)
        if key not in self._none:  # most formations hold as many cards as the next: computed once
            self._none[key] = draws.none_drawn(cards, self.turn_overs, self.ends)
        return self._none[key]

    def headline(self) -> Headline:
        sides = {s: self.none(self.by_side[s]) for s in self.deck.sides}
        acts = {f: ONE - self.none(self.by_formation[f] + self.side_actions[formation.side])
                for f, formation in self.deck.formations.items()}
        mean_impulses = draws.expected_drawn(self.others, self.turn_overs, self.ends)
        if self.rules["turn.turn_over_is_impulse"]:
            mean_impulses += draws.turn_overs_drawn(self.turn_overs, self.ends)
        return Headline(mean_impulses, sides, acts)


@dataclass
class SensitivityRow:
    card: DeckCard
    change: int  # +1 or -1
    result: Headline | None  # None: the deck would no longer end a turn
    why_not: str = ""


def sensitivity(deck: CommandDeck, rules: FluidRules) -> tuple[Headline, list[SensitivityRow]]:
    """The headline figures, and the same figures with one card of each kind added or removed."""
    _check(rules, deck)
    tally = _Tally(deck, rules)
    base = tally.headline()
    rows: list[SensitivityRow] = []
    seen: set[Any] = set()
    for card in deck.shuffled:
        if card.kind in seen:
            continue
        seen.add(card.kind)
        tally.add(card, +1)
        rows.append(SensitivityRow(card, +1, tally.headline()))
        tally.add(card, -2)
        if card.type == TURN_OVER and tally.turn_overs < _ends_after(rules):
            rows.append(SensitivityRow(card, -1, None, "too few Turn Over cards left to end a turn"))
        else:
            rows.append(SensitivityRow(card, -1, tally.headline()))
        tally.add(card, +1)
    return base, rows
