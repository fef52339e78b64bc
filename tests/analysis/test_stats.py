"""The statistics a designer acts on (issue 36 item 3): paired differences, the logistic fit and its crossing, the
first player's share, the turn a game is decided."""
from __future__ import annotations

import math
import random

import pytest

from tcforge.analysis.stats import DECIDED, first_player, fit_logistic, lead_curve, mcnemar, paired, paired_results
from tcforge.play.games import GameResult


def test_paired_difference_is_narrower_than_two_separate_intervals_when_the_pairs_agree() -> None:
    # 200 seeds; option B turns 20 of A's losses into wins and nothing else: a sure +10 points
    a = [True] * 60 + [False] * 140
    b = [True] * 60 + [True] * 20 + [False] * 120
    r = paired(a, b)
    assert r.difference == pytest.approx(0.1) and r.significant and r.low > 0.05
    assert (r.only_a, r.only_b) == (0, 20) and r.p_value < 1e-5
    # the same rates with the pairs shuffled: discordant both ways, the difference no longer sure
    rng = random.Random(3)
    shuffled = b[:]
    rng.shuffle(shuffled)
    loose = paired(a, shuffled)
    assert loose.difference == pytest.approx(0.1) and loose.high - loose.low > r.high - r.low


def test_no_difference_gives_an_interval_around_zero_and_mcnemar_one() -> None:
    r = paired([True, False] * 50, [False, True] * 50)
    assert r.difference == 0 and r.low < 0 < r.high and not r.significant
    assert mcnemar(5, 5) == 1.0 and mcnemar(0, 0) == 1.0
    assert mcnemar(0, 6) == pytest.approx(2 / 64)


def test_paired_results_pair_the_games_by_seed() -> None:
    # the other set's winners differ by seed and come in reverse order: pairing by position would count (3, 1)
    base = [GameResult(s, "german" if s % 2 else "soviet", "", "v", 10, 1) for s in range(10)]
    other = [GameResult(s, "german" if s < 3 else "soviet", "", "v", 10, 1) for s in reversed(range(10))]
    r = paired_results(base, other, "german")
    assert (r.n, r.only_a, r.only_b) == (10, 4, 2)  # german in base only: seeds 3, 5, 7, 9; in other only: 0, 2
    # a seed one side did not play is left out, not paired with another game
    r = paired_results(base, other[1:], "german")  # seed 9 missing from other
    assert (r.n, r.only_a, r.only_b) == (9, 3, 2)


def test_the_logistic_fit_recovers_a_known_line_and_its_crossing() -> None:
    rng = random.Random(7)
    xs, ys = [], []
    for x in range(0, 11):
        for _ in range(300):
            p = 1 / (1 + math.exp(-(-3.0 + 0.6 * x)))
            xs.append(x)
            ys.append(rng.random() < p)
    fit = fit_logistic(xs, ys)
    assert fit.b == pytest.approx(0.6, abs=0.06) and fit.a == pytest.approx(-3.0, abs=0.35)
    c = fit.crossing(0.5)
    assert c.bounded and c.low < 5.0 < c.high and c.value == pytest.approx(5.0, abs=0.3)
    assert c.high - c.low < 1.0


def test_a_flat_lever_has_no_bounded_crossing() -> None:
    rng = random.Random(11)
    xs = [x for x in range(5) for _ in range(40)]
    ys = [rng.random() < 0.8 for _ in xs]
    c = fit_logistic(xs, ys).crossing(0.5)
    assert not c.bounded or c.high - c.low > 10


def test_first_player_splits_the_wins_by_who_moved_first() -> None:
    games = [GameResult(i, "german" if i < 7 else "soviet", "", "v", 10, 1, first="german" if i < 5 or i >= 9 else "soviet")
             for i in range(10)]
    fp = first_player(games)
    assert fp is not None and fp.decided == 10 and fp.first_wins == 7  # 5 German firsts won, 2 Soviet
    assert fp.by_first == {"german": {"german": 5, "soviet": 1}, "soviet": {"german": 2, "soviet": 2}}
    assert first_player([GameResult(1, "german", "", "v", 1, 1)]) is None  # kept from before the field existed


def test_the_game_is_decided_from_the_turn_its_leader_keeps_winning() -> None:
    sides = ["german", "soviet"]
    games = []
    for i in range(20):
        german_wins = i % 4 != 0
        sign = 1 if german_wins else -1
        # turns 1-3 say nothing (the first side always leads), from turn 4 the winner leads
        games.append(GameResult(i, "german" if german_wins else "soviet", "", "v", 8, 1,
                                lead=[0.1, 0.1, 0.1] + [sign * 0.3] * 5))
    curve = lead_curve(games, "german", sides)
    assert curve.turns == [1, 2, 3, 4, 5, 6, 7, 8] and curve.leader_wins[0] == 0.75 and curve.leader_wins[3] == 1.0
    assert curve.decided == 4 and DECIDED == 0.9
    assert lead_curve(games, "soviet", sides).mean[0] == pytest.approx(-0.1)


def test_more_games_of_a_run_are_the_games_a_longer_run_plays() -> None:
    from tcforge.analysis import balance
    from tcforge.analysis.batches import game_seed
    longer = balance.run("kursk", games=7, batch=3)
    more = balance.run("kursk", games=3, batch=3) + balance.run("kursk", games=4, batch=3, start=3)
    assert [r.seed for r in more] == [game_seed(1, i) for i in range(7)] and more == longer
    assert balance.half_width([], ["german", "soviet"]) == 1.0
