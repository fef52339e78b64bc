"""Exact odds of a Command Deck's turn (source 003, Play Sequence and Turn Over), checked against closed forms,
brute-force enumeration of small decks, and a seeded Monte Carlo run."""
from __future__ import annotations

import json
from collections import Counter
from fractions import Fraction
from itertools import permutations

import pytest

from tcforge.decks.load import load_decks
from tcforge.decks.odds import deck_odds, headline, impulse_distribution, longest_run, sensitivity
from tcforge.decks.simulate import simulate
from tcforge.decks.walk import walk


@pytest.fixture(scope="module")
def sample():
    rules, decks = load_decks()
    deck = decks["russian-front-summer-1942"]
    return deck, rules[deck.rules_id]


@pytest.fixture(scope="module")
def odds(sample):
    deck, rules = sample
    return deck_odds(deck, rules)


def test_2_3_first_turn_over_ends_the_turn_mean_eight_impulses(odds):
    """32 cards that are not Turn Over, 3 Turn Over: each other card comes before the first Turn Over with chance 1/4."""
    assert odds.turn_overs_to_end == 1
    assert odds.mean_impulses == Fraction(32, 4)
    assert sum(odds.impulses.values()) == 1
    assert odds.impulses[0] == Fraction(3, 35)  # a Turn Over on top of the deck
    assert odds.impulses[1] == Fraction(32, 35) * Fraction(3, 34)
    assert max(odds.impulses) == 32


def test_2_3_negative_hypergeometric_distribution(odds):
    """P(k impulses) = 3 (32)_k / (35)_(k+1): k cards that are not Turn Over, then a Turn Over."""
    for k, p in odds.impulses.items():
        falling = Fraction(1)
        for i in range(k):
            falling *= Fraction(32 - i, 35 - i)
        assert p == falling * Fraction(3, 35 - k)


def test_2_3_side_gets_no_impulse(odds):
    """16 German cards (12 unit, 2 side, 2 support) against 3 Turn Over: none comes first with chance 3/19."""
    for side in ("german", "soviet"):
        assert odds.sides[side].cards == 16
        assert odds.sides[side].none == Fraction(3, 19)
        assert odds.sides[side].no_action == Fraction(3, 17)  # support cards move no unit
        assert odds.sides[side].expected == 4


def test_3_1_formation_acts_on_own_and_side_cards(odds):
    """Panzers A acts on its 4 cards and the 2 German Free Action cards: 1 - 3/9 = 2/3."""
    pz = odds.formations["panzers-a"]
    assert pz.cards == 6 and pz.acts == Fraction(2, 3) and pz.expected == Fraction(6, 4)
    assert pz.by_action == {"free_action": Fraction(5, 4), "half_move": Fraction(1, 2), "move": Fraction(1, 4)}
    t1 = odds.formations["tankovy-1"]  # 4 own, Soviet Free Action, Soviet Move
    assert t1.by_action == {"free_action": Fraction(1), "half_move": Fraction(1, 4), "move": Fraction(1, 2)}
    assert t1.with_commander == 1


def test_2_4_commander_card_held_is_lost_when_the_turn_ends_first(odds):
    german = odds.sides["german"]
    assert german.commander_hold[0] == (0, Fraction(1), Fraction(0))
    _wait, usable, nothing = german.commander_hold[1]
    assert usable == 1 - odds.impulses[0]
    assert nothing == odds.impulses[0]  # held one impulse: lost only if the first card is a Turn Over


def test_2_3_two_turn_overs_double_the_turn(sample):
    deck, rules = sample
    two = rules.with_values(turn__turn_overs_to_end=2)
    assert sum((k * p for k, p in impulse_distribution(deck, two).items()), Fraction(0)) == Fraction(2 * 32, 4)
    h = headline(deck, two)
    assert h.side_none["german"] == Fraction(3, 19) * Fraction(2, 18)  # both of the first two Turn Overs before all 16


def _brute(cards: list[str], ends_after: int) -> Counter:
    """Every ordering of a small deck, counted by hand: the reference the walk must match."""
    out: Counter = Counter()
    orders = list(permutations(range(len(cards))))
    for order in orders:
        seen: list[str] = []
        turn_overs = 0
        for i in order:
            if cards[i] == "T":
                turn_overs += 1
                if turn_overs == ends_after:
                    break
                continue
            seen.append(cards[i])
        best = run = 0
        for c in seen:
            run = run + 1 if c == "G" else 0
            best = max(best, run)
        out[(len(seen), "G" not in seen, best)] += Fraction(1, len(orders))
    return out


@pytest.mark.parametrize("cards,ends_after", [("GGGSST", 1), ("GGSSSTT", 1), ("GGGSTTT", 2), ("GSST", 1)])
def test_walk_matches_enumeration(cards: str, ends_after: int):
    deck = list(cards)
    counts = (deck.count("T"), deck.count("G"), deck.count("S"))

    def step(state, category):
        run, best = state
        run = run + 1 if category == 1 else 0
        return run, max(best, run)

    result = walk(counts, 0, ends_after, step=step, init=(0, 0))
    got: Counter = Counter()
    for (left, (_, best)), p in result.items():
        n = (counts[1] - left[1]) + (counts[2] - left[2])
        got[(n, left[1] == counts[1], best)] += p
    assert got == _brute(deck, ends_after)


def test_longest_run_of_one_side(sample):
    deck, rules = sample
    runs = longest_run(deck, rules, "german")
    assert sum(runs.values()) == 1
    assert runs[0] == Fraction(3, 19)  # no German card at all
    assert max(runs) == 16


def test_sensitivity_add_and_remove_a_turn_over(sample):
    deck, rules = sample
    base, rows = sensitivity(deck, rules)
    turn_over = [r for r in rows if r.card.type == "turn_over"]
    plus = next(r for r in turn_over if r.change > 0)
    minus = next(r for r in turn_over if r.change < 0)
    assert plus.result.mean_impulses == Fraction(32, 5)
    assert minus.result.mean_impulses == Fraction(32, 3)
    panzer_move = next(r for r in rows if r.card.formation == "panzers-a" and r.card.type == "unit_move" and r.change > 0)
    assert panzer_move.result.acts["panzers-a"] == 1 - Fraction(3, 10)
    assert panzer_move.result.acts["tankovy-1"] == base.acts["tankovy-1"]


def test_sensitivity_refuses_to_remove_the_last_turn_over(sample):
    deck, rules = sample
    one = deck
    while one.count("turn_over") > 1:
        one = one.removing(next(c for c in one.shuffled if c.type == "turn_over"))
    _, rows = sensitivity(one, rules)
    minus = next(r for r in rows if r.card.type == "turn_over" and r.change < 0)
    assert minus.result is None and "Turn Over" in minus.why_not


def test_monte_carlo_agrees_with_the_exact_odds(sample, odds):
    deck, rules = sample
    sim = simulate(deck, rules, turns=20_000, seed=7)
    assert sim.mean_impulses.holds(float(odds.mean_impulses))
    for side, est in sim.side_none.items():
        assert est.holds(float(odds.sides[side].none)), side
    for f, est in sim.acts.items():
        assert est.holds(float(odds.formations[f].acts)), f
    assert sim.mean_impulses.high - sim.mean_impulses.low < 0.5  # the interval is tight enough to mean something


def test_monte_carlo_catches_a_wrong_figure(sample):
    """The agreement test can fail: a turn ending on the second Turn Over is far outside the one-Turn-Over interval."""
    deck, rules = sample
    sim = simulate(deck, rules, turns=20_000, seed=7)
    assert not sim.mean_impulses.holds(16.0)


def test_cli_deck_odds_json(cli):
    code, out, _ = cli("deck", "odds", "russian-front-summer-1942", "--format", "json", "--no-sensitivity")
    assert code == 0
    data = json.loads(out)
    assert data["impulses"]["mean"] == {"fraction": "8", "value": 8.0}
    assert data["sides"]["german"]["no_impulse"]["fraction"] == "3/19"
    assert data["formations"]["panzers-a"]["acts"]["fraction"] == "2/3"
    assert data["turn_over_cards"] == 3


def test_cli_deck_odds_text_and_unknown_deck(cli):
    code, out, _ = cli("deck", "odds", "russian-front-summer-1942", "--turn-overs", "2", "--no-sensitivity")
    assert code == 0 and "mean 16 = 16.00" in out
    code, _, err = cli("deck", "odds", "no-such-deck")
    assert code == 2 and "no deck 'no-such-deck'" in err and "russian-front-summer-1942" in err


def test_cli_deck_odds_of_a_designers_file_with_one_more_turn_over(cli, tmp_path):
    """A designer's own copy, given by path: one more Turn Over card, 32 other cards, mean 32/5."""
    from conftest import ROOT
    text = (ROOT / "data" / "decks" / "russian-front-summer-1942.yaml").read_text(encoding="utf-8")
    line = "      - {text: Turn Over, type: turn_over}\n"
    path = tmp_path / "my-deck.yaml"
    path.write_text(text.replace(line, line * 2, 1), encoding="utf-8")
    code, out, err = cli("deck", "odds", str(path), "--format", "json", "--no-sensitivity")
    assert code == 0, err
    data = json.loads(out)
    assert data["turn_over_cards"] == 4 and data["impulses"]["mean"]["fraction"] == "32/5"


def test_2_3_counting_the_turn_over_as_an_impulse_adds_one(sample):
    deck, rules = sample
    counted = rules.with_values(turn__turn_over_is_impulse=True)
    dist = impulse_distribution(deck, counted)
    assert min(dist) == 1 and sum((k * p for k, p in dist.items()), Fraction(0)) == 9


def test_2_3_odds_refuse_a_deck_that_is_not_reshuffled(sample):
    from tcforge.decks.odds import DeckOddsError
    deck, rules = sample
    with pytest.raises(DeckOddsError, match="reshuffle"):
        deck_odds(deck, rules.with_values(turn__reshuffle_each_turn=False))
