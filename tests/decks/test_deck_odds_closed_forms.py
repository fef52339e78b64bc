"""Deck odds in closed form (tcforge.decks.draws): the same exact figures as the draw-order walk, at a cost
polynomial in the deck, counted in steps (binomials and products), never timed.

The walk (tcforge.decks.walk) carried a state per vector of cards left and run length: a valid 400-card deck
(tests/data/decks/sample-400-cards.yaml) took more than 5 minutes and 1.2 GB; its formation odds alone would visit
some 10^9 count vectors. tests/data/decks/odds-by-the-walk.json keeps every figure the walk gave for the sample deck
and for the sample deck twice over (28 s with the walk), as fractions.
"""
from __future__ import annotations

import json
import math
from collections import Counter
from fractions import Fraction
from itertools import product

import pytest

from conftest import ROOT
from tcforge.decks import draws
from tcforge.decks.walk import distribution, walk

DECKS = ROOT / "tests" / "data" / "decks"


def _fractions(data: object) -> object:
    """A deck odds JSON with each figure as its fraction (the float beside it is the same figure)."""
    if isinstance(data, dict):
        if set(data) == {"fraction", "value"}:
            return data["fraction"]
        return {k: _fractions(v) for k, v in data.items()}
    if isinstance(data, list):
        return [_fractions(v) for v in data]
    return data


KEPT = json.loads((DECKS / "odds-by-the-walk.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("command", sorted(k for k in KEPT if not k.startswith("_")))
def test_every_figure_is_the_one_the_draw_order_walk_gave(cli, command: str) -> None:
    code, out, err = cli("deck", "odds", *command.split(), "--format", "json")
    assert code == 0, err
    assert _fractions(json.loads(out)) == KEPT[command]


def _walked_longest_run(side: int, rest: int, turn_overs: int, ends_after: int) -> dict[int, Fraction]:
    def step(state: tuple[int, int], category: int) -> tuple[int, int]:
        run, best = state
        run = run + 1 if category == 1 else 0
        return run, max(best, run)

    result = walk((turn_overs, side, rest), 0, ends_after, step=step, init=(0, 0))
    return distribution(result, lambda _, extra: extra[1])


SMALL = list(product(range(6), range(6), range(5), range(1, 4)))  # side, other cards, Turn Over, the one that ends


@pytest.mark.parametrize(("side", "rest", "turn_overs", "ends_after"), SMALL,
                         ids=[f"{m}-{z}-{t}-{r}" for m, z, t, r in SMALL])
def test_closed_forms_equal_the_walk_on_every_small_deck(side: int, rest: int, turn_overs: int, ends_after: int) -> None:
    """Every deck of up to 5 cards of a side, 5 others and 4 Turn Over, the turn ending on the 1st, 2nd or 3rd
    (more than the deck holds: the deck is spent)."""
    assert draws.longest_run(side, rest, turn_overs, ends_after) == _walked_longest_run(side, rest, turn_overs, ends_after)
    others = side + rest
    result = walk((turn_overs, side, rest), 0, ends_after)
    drawn = distribution(result, lambda left, _: others - left[1] - left[2])
    assert {d: p for d, p in enumerate(draws.drawn_others(others, turn_overs, ends_after)) if p} == drawn
    missed = sum((p for (left, _), p in result.items() if left[1] == side), Fraction(0))
    assert draws.none_drawn(side, turn_overs, ends_after) == missed
    expected = sum((p * (side - left[1]) for (left, _), p in result.items()), Fraction(0))
    assert draws.expected_drawn(side, turn_overs, ends_after) == expected


def test_a_wrong_longest_run_is_caught() -> None:
    """The comparison can fail: a deck of 3 cards of a side, 1 other and 2 Turn Over, drawn whole (the turn would end
    on a 9th Turn Over), read as if the Turn Over cards broke a run like the other card does."""
    assert draws.longest_run(3, 1, 2, 9) == _walked_longest_run(3, 1, 2, 9)
    assert draws.longest_run(3, 1, 2, 9) != _walked_longest_run(3, 3, 0, 9)


def _steps(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """Count the closed forms' steps: each binomial and each product of the longest-run table."""
    counted: Counter[str] = Counter()

    def comb(n: int, k: int) -> int:
        counted["binomials"] += 1
        return math.comb(n, k)

    def mul(a: int, b: int) -> int:
        counted["products"] += 1
        return a * b

    monkeypatch.setattr(draws, "comb", comb)
    monkeypatch.setattr(draws, "mul", mul)
    return counted


def test_a_400_card_deck_costs_under_two_n_squared_steps(cli, monkeypatch: pytest.MonkeyPatch) -> None:
    """The whole 'deck odds' (sensitivity table included) of the 400-card deck, the turn ending on the first of its
    48 Turn Over cards: about 133,000 steps, under 2 x 400^2."""
    counted = _steps(monkeypatch)
    code, out, err = cli("deck", "odds", "tests/data/decks/sample-400-cards.yaml", "--format", "json")
    assert code == 0, err
    data = json.loads(out)
    assert data["cards"] == 400 and data["turn_over_cards"] == 48
    assert 0 < sum(counted.values()) < 2 * 400 ** 2, counted


@pytest.mark.slow
def test_a_400_card_deck_ending_on_its_last_turn_over_costs_under_n_squared_r_over_2_steps(
        cli, monkeypatch: pytest.MonkeyPatch) -> None:
    """The longest runs cost about (side cards) x (other cards) x r products when the turn ends on the r-th Turn Over
    card: 3.3 million for r = 48, under 400^2 x 48 / 2."""
    counted = _steps(monkeypatch)
    code, _, err = cli("deck", "odds", "tests/data/decks/sample-400-cards.yaml", "--turn-overs", "48", "--format", "json")
    assert code == 0, err
    assert 0 < sum(counted.values()) < 400 ** 2 * 48 // 2, counted


def test_doubling_the_deck_multiplies_the_steps_by_less_than_eight(cli, monkeypatch: pytest.MonkeyPatch) -> None:
    """Polynomial, not exponential: 200 cards to 400 (the same mix) costs about 4.5 times the steps."""
    counted = _steps(monkeypatch)
    steps = []
    for deck in ("sample-200-cards", "sample-400-cards"):
        counted.clear()
        code, _, err = cli("deck", "odds", f"tests/data/decks/{deck}.yaml", "--format", "json")
        assert code == 0, err
        steps.append(sum(counted.values()))
    assert steps[0] > 0 and steps[1] < 8 * steps[0], steps


def test_a_deck_over_the_bound_is_refused_with_the_bound(cli, tmp_path) -> None:
    """Past 500 shuffled cards the one-card-more-or-less table alone (kinds of card x formations) outgrows any use:
    one line that states the bound, exit 1."""
    text = (DECKS / "sample-400-cards.yaml").read_text(encoding="utf-8")
    line = "  - text: Turn Over\n    type: turn_over\n"
    assert line in text
    path = tmp_path / "deck-501.yaml"
    path.write_text(text.replace(line, line * 102, 1), encoding="utf-8")
    code, out, err = cli("deck", "odds", str(path))
    assert code == 1 and "Traceback" not in out + err
    assert err.strip().splitlines() == ["tcforge: deck 'sample-400-cards' shuffles 501 cards: exact odds are computed for "
                                        "decks of at most 500 (the sample deck has 35; the one-card-more-or-less table "
                                        "grows as the kinds of card times the formations)"]
