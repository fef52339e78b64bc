"""The strength ladder (issue 13 item 3): score with half-draws and its interval (each side's Wilson interval,
combined), side-swapped matches on paired seeds, where the ladder flattens, and the command's JSON."""
from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from tcforge.analysis import balance, ladder
from tcforge.analysis.batches import game_seed
from tcforge.play.games import GameResult

SIDES = ("german", "soviet")


def game(seed: int, winner: str | None) -> GameResult:
    return GameResult(seed, winner, "synthetic", "victory" if winner else "cap", 10, 100)


def results(seeds: range, wins: int, draws: int, side: str) -> list[GameResult]:
    """Games on ``seeds``: ``side`` wins the first ``wins``, the next ``draws`` nobody wins, the other side the rest."""
    other = SIDES[1 - SIDES.index(side)]
    return [game(s, side if i < wins else None if i < wins + draws else other) for i, s in enumerate(seeds)]


def test_score_counts_a_draw_as_half_a_win_and_takes_the_wilson_interval_of_that() -> None:
    rate, interval = ladder.score(wins=3, draws=2, games=10)
    assert rate == 0.4 and interval == balance.wilson(4, 10)
    # Wilson of 4/10 by hand: centre (0.4 + z²/20) / (1 + z²/10), half-width z sqrt(0.024 + z²/400) / (1 + z²/10)
    assert tuple(round(x, 4) for x in interval) == (0.1682, 0.6873)
    # a half point moves the interval: 4.5/10 lies between 4/10 and 5/10
    assert balance.wilson(4, 10)[0] < balance.wilson(4.5, 10)[0] < balance.wilson(5, 10)[0]


def side(name: str, wins: int, draws: int, games: int) -> ladder.SideScore:
    rate, interval = ladder.score(wins, draws, games)
    return ladder.SideScore(name, games, wins, draws, rate, interval)


def test_a_swapped_score_combines_the_sides_wilson_intervals_by_mover() -> None:
    # as german 9 of 10 won, as soviet 1 of 10 won and 2 drawn: (0.9 + 0.2) / 2 = 0.55
    german, soviet = side("german", 9, 0, 10), side("soviet", 1, 2, 10)
    rate, (lo, hi) = ladder.swapped_score([german, soviet])
    assert rate == 0.55
    # MOVER by hand from the two Wilson intervals: (0.5958, 0.9821) and (0.0567, 0.5098)
    assert [round(x, 4) for x in (*german.interval, *soviet.interval)] == [0.5958, 0.9821, 0.0567, 0.5098]
    assert abs(lo - (0.55 - ((0.9 - 0.5958) ** 2 / 4 + (0.2 - 0.0567) ** 2 / 4) ** 0.5)) < 1e-4 and round(lo, 3) == 0.382
    assert abs(hi - (0.55 + ((0.9821 - 0.9) ** 2 / 4 + (0.5098 - 0.2) ** 2 / 4) ** 0.5)) < 1e-4 and round(hi, 3) == 0.710


def test_even_sides_give_the_pooled_wilson_interval_lopsided_sides_a_narrower_one() -> None:
    even = ladder.swapped_score([side("german", 200, 0, 400), side("soviet", 200, 0, 400)])[1]
    pooled = balance.wilson(400, 800)
    assert abs(even[0] - pooled[0]) < 0.001 and abs(even[1] - pooled[1]) < 0.001
    # Hill 621's shape: the German side wins nine games in ten whoever plays it
    rate, lopsided = ladder.swapped_score([side("german", 372, 0, 400), side("soviet", 37, 0, 400)])
    wide = balance.wilson(409, 800)
    assert rate == 409 / 800
    assert lopsided[1] - lopsided[0] < 0.6 * (wide[1] - wide[0])


def test_the_swapped_interval_covers_the_true_score_95_times_in_100_and_the_pooled_one_nearly_always() -> None:
    # Simulated side-swapped matches, 200 games each side: the rung wins 90 % as german and 12 % as soviet, so its
    # true score is 0.51. The combined interval must hold 0.51 in about 95 % of matches; one Wilson interval over
    # the 400 games, as if they were one proportion, holds it in nearly all, being far too wide.
    rng = random.Random(2026)
    truth, trials, covered, pooled_covered = 0.51, 2000, 0, 0
    for _ in range(trials):
        won = [sum(rng.random() < p for _ in range(200)) for p in (0.90, 0.12)]
        _, (lo, hi) = ladder.swapped_score([side("german", won[0], 0, 200), side("soviet", won[1], 0, 200)])
        covered += lo <= truth <= hi
        plo, phi = balance.wilson(sum(won), 400)
        pooled_covered += plo <= truth <= phi
    assert 0.93 <= covered / trials <= 0.97
    assert pooled_covered / trials > 0.995


def test_a_positive_seed_correlation_widens_the_interval_a_negative_one_is_not_credited() -> None:
    sides = [side("german", 180, 0, 200), side("soviet", 24, 0, 200)]
    plain = ladder.swapped_score(sides)[1]
    wide = ladder.swapped_score(sides, 0.3)[1]
    assert wide[0] < plain[0] and wide[1] > plain[1]
    assert ladder.swapped_score(sides, -0.5)[1] == plain
    assert ladder.seed_correlation([1, 1, 1], [0, 1, 0.5]) == 0.0  # a side whose points never vary


def test_the_interval_keeps_its_coverage_when_skill_tells_on_some_seeds_for_both_sides() -> None:
    # On half the seeds the rung's skill tells with both sides (it wins 99 % as german, 40 % as soviet), on the
    # others the scenario decides (81 % and never): its points with each side are correlated seed by seed (r about
    # 0.15). The true score is (0.90 + 0.20) / 2. Taking the correlation into account keeps the coverage at 95 %;
    # ignoring it (the sides as independent) covers about 93 %.
    rng = random.Random(621)
    truth, trials, with_r, without = (0.90 + 0.20) / 2, 1500, 0, 0
    for _ in range(trials):
        first, second = [], []
        for _ in range(200):
            skill = rng.random() < 0.5
            first.append(1.0 if rng.random() < (0.99 if skill else 0.81) else 0.0)
            second.append(1.0 if rng.random() < (0.40 if skill else 0.0) else 0.0)
        sides = [side("german", int(sum(first)), 0, 200), side("soviet", int(sum(second)), 0, 200)]
        r = ladder.seed_correlation(first, second)
        lo, hi = ladder.swapped_score(sides, r)[1]
        with_r += lo <= truth <= hi
        lo, hi = ladder.swapped_score(sides)[1]
        without += lo <= truth <= hi
    assert 0.935 <= with_r / trials <= 0.97
    assert without / trials < 0.94 < with_r / trials


def test_a_rung_plays_each_side_half_its_games_on_the_same_seeds(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[tuple[tuple[str, str], int, int]] = []

    def fake_run(reference: str, *, games: int, jobs: int = 1, option: str | None = None,
                 policies: tuple[str, str] = ("greedy", "greedy"), base_seed: int = 1, progress: Any = None) -> list[GameResult]:
        calls.append((policies, games, base_seed))
        strength = {"random": 0, "greedy": 1, "plan:8": 2}
        first, second = (strength[p] for p in policies)
        # the stronger agent wins; an equal pair draws
        return [game(base_seed + i, None if first == second else SIDES[0] if first > second else SIDES[1])
                for i in range(games)]

    monkeypatch.setattr(balance, "run", fake_run)
    result = ladder.climb("hill-621", SIDES, ["random", "greedy", "plan:8"], games=6, seed=11)
    assert calls == [(("greedy", "random"), 3, 11), (("random", "greedy"), 3, 11),
                     (("plan:8", "greedy"), 3, 11), (("greedy", "plan:8"), 3, 11)]
    for match in result.matches:
        assert [s.side for s in match.sides] == list(SIDES) and [s.games for s in match.sides] == [3, 3]
        assert match.seeds == [11, 12, 13] and match.wins == 6 and match.score == 1.0
        assert match.proof == {"win": {"seed": 11, "side": "german"}}
    assert result.flattens_at is None


def test_a_match_refuses_games_that_are_not_paired_by_seed() -> None:
    with pytest.raises(ValueError, match="same seeds"):
        ladder.match("greedy", "random", SIDES, results(range(1, 5), 4, 0, "german"), results(range(2, 6), 4, 0, "soviet"))


def test_a_match_credits_the_upper_rung_with_the_side_it_played() -> None:
    # as german the rung wins 8 of 10, draws 2; as soviet it wins 3 of 10 and loses 7
    m = ladder.match("plan:100", "greedy", SIDES, results(range(1, 11), 8, 2, "german"), results(range(1, 11), 3, 0, "soviet"))
    assert (m.wins, m.draws, m.losses, m.games) == (11, 2, 7, 20)
    # the points seed by seed: as german 1 x8 then 1/2 x2, as soviet 1 x3 then 0 x7; Pearson's r by hand:
    # covariance sum 3(0.1)(0.7) + 5(0.1)(-0.3) + 2(-0.4)(-0.3) = 0.30, spreads 0.40 and 2.10
    assert abs(m.correlation - 0.30 / (0.40 * 2.10) ** 0.5) < 1e-12
    assert m.score == 12 / 20 and m.interval == ladder.swapped_score(m.sides, m.correlation)[1]
    assert [(s.side, s.wins, s.draws, s.score) for s in m.sides] == [("german", 8, 2, 0.9), ("soviet", 3, 0, 0.3)]
    assert m.proof == {"win": {"seed": 1, "side": "german"}, "draw": {"seed": 9, "side": "german"},
                       "loss": {"seed": 4, "side": "soviet"}}
    assert m.side_wins == {"german": 8 + 7, "soviet": 3}


def test_a_match_one_side_wins_whoever_plays_it_is_noted_under_the_ladder() -> None:
    # German wins 17 of 20 (85 %): 10 with the rung, 7 against it; the rung scores 0.65 all the same
    m = ladder.match("plan:50", "plan:25", SIDES, results(range(1, 11), 10, 0, "german"), results(range(1, 11), 3, 0, "soviet"))
    assert m.side_wins["german"] == 17 and m.score == 0.65
    text = "\n".join(ladder.render(ladder.Ladder("hill-621", None, 20, ["plan:25", "plan:50"], [m])))
    assert "plan:50 v plan:25: german won 17 of 20 games whichever agent played it" in text
    even = ladder.match("plan:50", "plan:25", SIDES, results(range(1, 11), 8, 0, "german"), results(range(1, 11), 5, 0, "soviet"))
    assert "whichever agent" not in "\n".join(ladder.render(ladder.Ladder("hill-621", None, 20, ["plan:25", "plan:50"], [even])))


def _rung(agent: str, below: str, wins_each_side: int, games_each_side: int = 20) -> ladder.Rung:
    seeds = range(1, games_each_side + 1)
    return ladder.match(agent, below, SIDES, results(seeds, wins_each_side, 0, "german"),
                        results(seeds, wins_each_side, 0, "soviet"))


def test_the_ladder_flattens_at_the_first_rung_whose_interval_reaches_down_to_one_half() -> None:
    clear, narrow, unclear = _rung("greedy", "random", 19), _rung("plan:100", "greedy", 27, 40), _rung("plan:200", "plan:100", 12)
    assert clear.climbs and clear.interval[0] > 0.5
    assert narrow.climbs and 0.5 < narrow.interval[0] < 0.6  # 54/80 = 0.675: just clear of one half
    assert not unclear.climbs and unclear.interval[0] <= 0.5 < unclear.score  # 0.6, yet not shown above one half
    steps = [clear, narrow, unclear, _rung("plan:400", "plan:200", 20)]
    assert ladder.flattening(steps) == 2
    assert ladder.Ladder("hill-621", None, 40, ["random", "greedy", "plan:100", "plan:200", "plan:400"], steps).flattens_at == "plan:200"
    assert ladder.flattening([clear, narrow]) is None
    text = ladder.render(ladder.Ladder("hill-621", None, 40, ["random", "greedy", "plan:100", "plan:200"], [clear, narrow, unclear]))
    assert "the ladder flattens at plan:200: its score against plan:100 is 0.600" in "\n".join(text)


def test_scenario_ladder_command_json_and_plot(cli: Any, tmp_path: Path) -> None:
    plot = tmp_path / "ladder.png"
    code, out, _ = cli("scenario", "ladder", "kursk", "--rungs", "random,greedy", "--games", "2", "--seed", "5",
                       "--format", "json", "--plot", str(plot))
    data = json.loads(out)
    assert code == 0 and data["scenario"] == "kursk" and data["rungs"] == ["random", "greedy"]
    [m] = data["matches"]
    assert (m["agent"], m["below"], m["games"], m["seeds"]) == ("greedy", "random", 2, [game_seed(5, 0)])
    assert [(s["side"], s["games"]) for s in m["sides"]] == [("german", 1), ("soviet", 1)]
    assert m["wins"] + m["draws"] + m["losses"] == 2 and m["score"] == (m["wins"] + m["draws"] / 2) / 2
    assert m["climbs"] is False and data["flattens_at"] == "greedy"  # two games cannot show anything
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize(("args", "message"), [
    (["--games", "3"], "even number"),
    (["--agent", "greedy"], "at least two"),
    (["--agent", "greedy", "--agent", "plan:fast"], "--agent: agent spec 'plan:fast'"),
])
def test_scenario_ladder_usage_errors_are_one_line(cli: Any, args: list[str], message: str) -> None:
    code, out, err = cli("scenario", "ladder", "kursk", *args)
    assert code == 2 and out == "" and message in err and len(err.strip().splitlines()) == 1


def test_the_ladder_table_widens_its_rung_columns_for_a_long_spec() -> None:
    long = "plan:128:from=12,horizon=0,lead=1"
    m = _rung(long, "greedy", 15)
    rows = ladder.render(ladder.Ladder("hill-621", None, 40, ["greedy", long], [m]))
    head, row = rows[1], rows[2]
    assert row.startswith(f"  {long} greedy ") and head.index("v below") == row.index("greedy")
    assert head.index("score") + len("score") == row.index(f"{m.score:.3f}") + len(f"{m.score:.3f}")
