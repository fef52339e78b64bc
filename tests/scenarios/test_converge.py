"""Converged balance and the balance verdict (issue 13 item 4): the stopping rule on synthetic sequences, budget
doubling, why a side wins, each option's effect against the scenario as written, and the command's JSON."""
from __future__ import annotations

import json
from typing import Any

import pytest

from tcforge.agents import SpecError
from tcforge.analysis import balance, converge, ladder, verdict
from tcforge.play.games import GameResult, play_game
from tcforge.scenarios.loading import load

SIDES = ["german", "soviet"]


@pytest.fixture(scope="module")
def hill() -> Any:
    return load("hill-621")


def games(german_wins: int, total: int, *, condition: str = "turn limit") -> list[GameResult]:
    return [GameResult(i + 1, "german" if i < german_wins else "soviet", "synthetic", condition, 16, 300)
            for i in range(total)]


def rung(agent: str, below: str, won: int, half: int = 20) -> ladder.Rung:
    """A side-swapped match of ``2 * half`` games in which ``agent`` wins ``won`` of its ``half`` games with each side."""
    as_first = [GameResult(i + 1, "german" if i < won else "soviet", "synthetic", "turn limit", 16, 300) for i in range(half)]
    as_second = [GameResult(i + 1, "soviet" if i < won else "german", "synthetic", "turn limit", 16, 300) for i in range(half)]
    return ladder.match(agent, below, SIDES, as_first, as_second)


def matches(won: int) -> tuple[Any, list[tuple[str, str, str | None]]]:
    """A ``match`` for :func:`converge.converge` whose newer agent wins ``won`` of 20 games with each side."""
    asked: list[tuple[str, str, str | None]] = []

    def match(newer: str, previous: str, option: str | None) -> ladder.Rung:
        asked.append((newer, previous, option))
        return rung(newer, previous, won)

    return match, asked


BEATS, ALIKE = matches(17)[0], matches(10)[0]  # 17 of 20 a side: 0.85 (95 % above 0.5); 10 of 20: 0.5


def sequence(hill: Any, german_wins: list[int], total: int = 100) -> Any:
    """A ``play`` for :func:`converge.converge` whose n-th round gives German ``german_wins[n]`` wins."""
    played: list[tuple[str, str]] = []

    def play(agents: tuple[str, str]) -> list[balance.Report]:
        wins = german_wins[len(played)]
        played.append(agents)
        return [balance.report(hill, games(wins, total), agents, None)]

    return play, played


def test_rates_that_stay_inside_the_newer_interval_converge_after_two_rounds(hill: Any) -> None:
    play, played = sequence(hill, [60, 64, 90])  # 0.60 lies inside the 95 % interval of 64/100 (0.54-0.73)
    match, asked = matches(17)
    result = converge.converge(play, ("plan:50", "plan:50"), max_budget=400, match=match)
    assert played == [("plan:50", "plan:50"), ("plan:100", "plan:100")]
    assert asked == [("plan:100", "plan:50", None)]  # both sides doubled alike: one match
    [v] = result.verdicts
    assert v.status == "converged" and v.history[-1][0] == ("plan:100", "plan:100")
    assert v.trend("german") == pytest.approx(0.04)
    text = "\n".join(v.render())
    assert "match plan:100 v plan:50, side-swapped, 40 games: plan:100 beats plan:50, score 0.850" in text
    assert v.to_json()["matches"][0]["climbs"] is True


def test_steady_rates_whose_doubled_player_does_not_beat_the_previous_one_are_not_a_convergence(hill: Any) -> None:
    play, _ = sequence(hill, [60, 64])
    match, asked = matches(10)  # the doubled player scores 0.5 against the previous one: they play alike
    [v] = converge.converge(play, ("plan:50", "greedy"), max_budget=400, match=match).verdicts
    assert asked == [("plan:100", "plan:50", None)]  # only the side whose spec the doubling changed
    assert v.steady and not v.converged and v.status == "players do not differ: not a convergence"
    text = "\n".join(v.render())
    assert text.startswith("as written: players do not differ: not a convergence at plan:100 v greedy")
    assert "plan:100 is not shown to beat plan:50, score 0.500 (95 % " in text and "not above 0.5" in text
    data = v.to_json()
    assert data["status"] == converge.NOT_DIFFERENT and data["steady"] is True
    assert data["matches"][0]["score"] == 0.5 and data["matches"][0]["climbs"] is False
    lo, hi = data["matches"][0]["interval95"]
    assert lo < 0.5 < hi


def test_the_match_is_played_only_for_steady_options(hill: Any) -> None:
    play, _ = sequence(hill, [20, 60], total=100)  # 0.20 -> 0.60: not steady, and the cap stops the rounds
    match, asked = matches(17)
    [v] = converge.converge(play, ("plan:200", "plan:200"), max_budget=400, match=match).verdicts
    assert v.status == "provisional" and asked == [] and v.matches == []


def test_rates_that_keep_moving_stop_at_the_cap_and_are_provisional_with_their_trend(hill: Any) -> None:
    play, played = sequence(hill, [20, 40, 60, 80])
    result = converge.converge(play, ("plan:50", "greedy"), max_budget=400, match=ALIKE)
    assert played == [("plan:50", "greedy"), ("plan:100", "greedy"), ("plan:200", "greedy"), ("plan:400", "greedy")]
    [v] = result.verdicts
    assert v.status == "provisional" and v.trend("german") == pytest.approx(0.20) and v.trend("soviet") == pytest.approx(-0.20)
    assert "trend +20.0 points a doubling" in "\n".join(v.render())


def test_a_move_just_outside_the_interval_is_not_converged(hill: Any) -> None:
    # 64/100 has the interval 0.542-0.727: 0.54 (from 54/100) lies just below it
    low, _ = balance.wilson(64, 100)
    assert 0.54 < low < 0.55
    play, _ = sequence(hill, [54, 64])
    assert converge.converge(play, ("plan:200", "plan:200"), max_budget=400, match=BEATS).verdicts[0].status == "provisional"
    play, _ = sequence(hill, [55, 64])
    assert converge.converge(play, ("plan:200", "plan:200"), max_budget=400, match=BEATS).verdicts[0].status == "converged"


def test_a_side_that_wins_every_game_at_both_budgets_has_converged(hill: Any) -> None:
    # Wilson's upper bound for 10 of 10 is 1.0 less a rounding error: a rate of 1.0 still lies inside it
    play, played = sequence(hill, [10, 10, 10], total=10)
    [v] = converge.converge(play, ("plan:4", "plan:4"), max_budget=16, match=BEATS).verdicts
    assert len(played) == 2 and v.status == "converged"


def test_one_round_at_the_cap_is_provisional_without_a_trend(hill: Any) -> None:
    play, played = sequence(hill, [50])
    [v] = converge.converge(play, ("plan:400", "plan:400"), max_budget=400, match=BEATS).verdicts
    assert len(played) == 1 and v.status == "provisional" and v.trend("german") is None


def test_doubling_keeps_the_options_and_refuses_what_cannot_double() -> None:
    assert converge.double("plan:100:k=4,z=1") == "plan:200:k=4,z=1"
    assert converge.double("greedy") == "greedy"
    assert converge.budget(("plan:100", "plan:300")) == 300
    with pytest.raises(SpecError, match="iteration budget"):
        converge.double("plan:2s")
    with pytest.raises(SpecError, match="at least one side"):
        converge.converge(lambda agents: [], ("greedy", "random"), max_budget=400, match=BEATS)
    with pytest.raises(SpecError, match="above the cap"):
        converge.converge(lambda agents: [], ("plan:800", "greedy"), max_budget=400, match=BEATS)


def test_slope_is_the_least_squares_fit() -> None:
    assert converge.slope([0.1, 0.3, 0.2]) == pytest.approx(0.05)
    assert converge.slope([0.5]) is None


def test_endings_say_who_won_how_with_a_proof_seed_and_the_decisive_turns() -> None:
    results = [GameResult(1, "german", "x", "turn limit", 16, 300, held_from={"german": 9}, last_loss={"german": 12, "soviet": 15}),
               GameResult(2, "soviet", "x", "hold-hill", 13, 250, held_from={"soviet": 13}, last_loss={"german": 13, "soviet": None}),
               GameResult(3, "german", "x", "turn limit", 16, 320, held_from={"german": 11}, last_loss={"german": 14, "soviet": 16})]
    first, second = verdict.endings(results, SIDES)
    assert (first.winner, first.condition, first.games, first.proof_seed, first.held_from) == ("german", "turn limit", 2, 1, 10)
    assert first.last_loss == {"german": 13, "soviet": 15.5}
    assert (second.winner, second.proof_seed, second.last_loss) == ("soviet", 2, {"german": 13, "soviet": None})
    text = verdict.render_endings([first])[0]
    assert text.startswith("german wins by turn limit: 2 game(s) (66.7%), e.g. --seed 1")
    assert "german held its positions for good from turn 10" in text


def test_a_played_game_records_its_decisive_turns() -> None:
    _, result = play_game(load("kursk"), 1, ("greedy", "greedy"), record=False)
    assert result.winner is not None and result.condition != "cap"
    held = result.held_from[result.winner]
    assert held is not None and 1 <= held <= result.turns  # a breakthrough is held at the end
    for side in SIDES:
        lost_any = sum(result.losses[side].values()) > 0
        assert (result.last_loss[side] is not None) == lost_any
        assert result.last_loss[side] is None or result.last_loss[side] <= result.turns


def test_an_option_moves_the_result_only_when_the_intervals_part(hill: Any) -> None:
    base = balance.report(hill, games(50, 100), ("greedy", "greedy"), None)
    plus = balance.report(hill, games(75, 100), ("greedy", "greedy"), "german-plus")
    minus = balance.report(hill, games(45, 100), ("greedy", "greedy"), "german-minus")
    big, small = verdict.option_effects([base, plus, minus], {"german-plus": "german", "german-minus": "soviet"})
    assert (big.option, big.side, big.overlap) == ("german-plus", "german", False) and big.difference == pytest.approx(0.25)
    assert (small.side, small.overlap) == ("soviet", True) and small.difference == pytest.approx(0.05)
    assert "+25.0 points" in big.render() and "do not overlap" in big.render() and "overlap: these games" in small.render()
    assert verdict.option_effects([plus], {}) == []  # nothing as written to compare with


@pytest.mark.parametrize("stronger_wins", [True, False])
def test_balance_converge_json_reports_every_option_with_its_rounds(cli: Any, monkeypatch: pytest.MonkeyPatch,
                                                                   stronger_wins: bool) -> None:
    played: list[tuple[tuple[str, str], str | None]] = []

    def fake_run(reference: str, *, games: int, jobs: int = 1, option: str | None = None,
                 policies: tuple[str, str] = ("greedy", "greedy"), base_seed: int = 1, progress: Any = None,
                 **cluster: Any) -> list[GameResult]:
        played.append((policies, option))
        budgets = [int(p.split(":")[1]) for p in policies]
        if budgets[0] != budgets[1]:  # a side-swapped match: the larger budget wins, or the side decides
            won = "german" if budgets[0] > budgets[1] or not stronger_wins else "soviet"
            return [GameResult(base_seed + i, won, "x", "turn limit", 16, 300) for i in range(games)]
        # German wins more with more search until 400 iterations; german-plus always adds 8 games
        budget = budgets[0]
        wins = min(budget // 10, 40) + (8 if option == "german-plus" else 0)
        return [GameResult(base_seed + i, "german" if i < wins else "soviet", "x", "turn limit", 16, 300,
                           held_from={"german": 12}, last_loss={"german": 14, "soviet": 15}) for i in range(games)]

    monkeypatch.setattr(balance, "run", fake_run)
    code, out, err = cli("scenario", "balance", "hill-621", "--agent", "plan:100", "--converge", "--max-budget", "800",
                         "--games", "100", "--option", "as-written", "--option", "german-plus", "--format", "json")
    data = json.loads(out)
    assert code == 0, err
    assert data["budgets"] == [["plan:100", "plan:100"], ["plan:200", "plan:200"], ["plan:400", "plan:400"],
                               ["plan:800", "plan:800"]]
    status = "converged" if stronger_wins else converge.NOT_DIFFERENT  # 40 % at 400 and at 800: steady
    assert [v["status"] for v in data["verdicts"]] == [status, status]
    [m] = data["verdicts"][0]["matches"]
    assert (m["agent"], m["below"], m["games"], m["climbs"]) == ("plan:800", "plan:400", 40, stronger_wins)
    assert m["score"] == (1.0 if stronger_wins else 0.5)
    assert [r["win_rates"]["german"] for r in data["verdicts"][1]["rounds"]] == [0.18, 0.28, 0.48, 0.48]
    as_written, plus = data["final"]
    assert plus["against_as_written"]["difference"] == pytest.approx(0.08) and as_written["against_as_written"] is None
    assert plus["outcomes"][0]["winner"] == "soviet" and plus["outcomes"][0]["proof_seed"] == 49
    assert len(played) == 8 + 4  # 4 rounds of 2 options, then a match (2 halves) an option
    assert played[8:10] == [(("plan:800", "plan:400"), None), (("plan:400", "plan:800"), None)]


def test_balance_converge_text_names_the_match(cli: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    def fake_run(reference: str, *, games: int, policies: tuple[str, str] = ("greedy", "greedy"), base_seed: int = 1,
                 **rest: Any) -> list[GameResult]:
        return [GameResult(base_seed + i, "german", "x", "turn limit", 16, 300) for i in range(games)]

    monkeypatch.setattr(balance, "run", fake_run)  # the German side wins every game, whoever plays it
    code, out, err = cli("scenario", "balance", "hill-621", "--agent", "plan:8", "--converge", "--max-budget", "16",
                         "--games", "10", "--option", "as-written", "--match-games", "6")
    assert code == 0, err
    assert "as written: players do not differ: not a convergence at plan:16 v plan:16 (10 games a round)" in out
    assert "match plan:16 v plan:8, side-swapped, 6 games: plan:16 is not shown to beat plan:8, score 0.500" in out
    assert "match plan:16 v plan:8 [as written]: score 0.500" in err


def test_balance_converge_needs_a_budget(cli: Any) -> None:
    code, out, err = cli("scenario", "balance", "hill-621", "--converge", "--games", "2")
    assert code == 2 and out == "" and "at least one side with an iteration budget" in err
