"""The learned evaluation and the lookahead player (issue 34): the fit, what the model reads, and the specs."""
from __future__ import annotations

import os
import random

import pytest

from tcforge.agents import SpecError
from tcforge.agents import make as make_agent
from tcforge.agents.learned import FEATURES, Evaluation, features, fit
from tcforge.play.games import new_game
from tcforge.scenarios.loading import load


def test_the_fit_finds_the_feature_that_decides_and_ignores_the_one_that_does_not() -> None:
    rng = random.Random(5)
    rows, targets = [], []
    for _ in range(400):
        deciding, noise = rng.random(), rng.random()
        rows.append([1.0, deciding, noise])
        targets.append(1.0 if deciding + rng.gauss(0, 0.1) > 0.5 else 0.0)
    model = fit(rows, targets, games=400)
    assert model.weights[1] > 5 and abs(model.weights[2]) < 1.5
    assert model.positions == 400 and 0 < model.log_loss < 0.693  # better than a coin


def test_a_position_is_described_by_every_feature_from_each_sides_point_of_view() -> None:
    state = new_game(load("hill-621"), 3)
    german, soviet = features(state, 0), features(state, 1)
    assert len(german) == len(soviet) == len(FEATURES)
    named = dict(zip(FEATURES, german, strict=True))
    assert named["bias"] == 1.0 and named["material"] == 1.0 and named["late"] == pytest.approx(1 / 16)
    # what is the German's own is the Soviet's enemy's
    assert german[FEATURES.index("deployed")] == soviet[FEATURES.index("enemy_deployed")]


def test_an_evaluation_scores_a_finished_game_by_its_result_and_any_other_inside_it() -> None:
    state = new_game(load("hill-621"), 3)
    model = Evaluation(tuple([0.5] * len(FEATURES)))
    assert -1 < model(state, 0) < 1
    assert model.to_json()["features"] == list(FEATURES)


def test_the_lookahead_spec_is_checked() -> None:
    with pytest.raises(SpecError, match="value is heuristic or learned"):
        make_agent("look:2:value=guess")
    with pytest.raises(SpecError, match="base is greedy or trained"):
        make_agent("look:2:base=plan")
    with pytest.raises(SpecError, match="not a time"):
        make_agent("look:2s")


def test_the_learned_lookahead_says_what_to_do_where_nothing_was_fitted() -> None:
    from tcforge.agents.playout import run
    state = new_game(load("tank-action"), 1)
    agent = make_agent("look:1:value=learned")
    with pytest.raises(SpecError, match="tcforge scenario train tank-action"):
        run(state, (agent, agent), random.Random(1), max_actions=400)


def _recorded(state, monkeypatch=None):  # type: ignore[no-untyped-def]
    """The positions the lookahead scores from ``state`` (side 0 to play), read through an evaluation that looks at
    side 1's hand: only what the dealt positions hold, never the real hidden cards, if it does not peek."""
    from tcforge.agents.lookahead import LookaheadAgent
    from tcforge.agents.spec import parse
    seen: list[tuple[int, ...]] = []

    def evaluation(world, side):  # type: ignore[no-untyped-def]
        seen.append(tuple(sorted(world.units[u].profile.card_id for u in world.hand[1])))
        return 0.0

    agent = LookaheadAgent(parse("look:3:k=3,horizon=1"), evaluation=evaluation)
    choice = agent(state, random.Random(7))
    return choice, seen


def test_the_lookahead_does_not_peek_its_plays_are_scored_on_positions_dealt_from_what_it_knows() -> None:
    from tests.engine.test_observation import hidden_changed, position
    state = position()
    first, second = _recorded(state), _recorded(hidden_changed(state))
    assert first[1] and first == second


def test_a_lookahead_reading_the_real_state_would_be_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """The no-peek test has teeth: scored on copies of the real position, the lookahead sees the hidden card."""
    from tcforge.agents import lookahead
    from tests.engine.test_observation import hidden_changed, position
    monkeypatch.setattr(lookahead, "determinize", lambda state, side, rng: state.clone())
    state = position()
    assert _recorded(state)[1] != _recorded(hidden_changed(state))[1]


def test_the_commander_decides_alike_whatever_the_hidden_cards_are() -> None:
    from tests.engine.test_observation import hidden_changed, position
    state = position()
    other = hidden_changed(state)
    for spec in ("commander", "commander:assault=1.5,march=1,smoke=2", "best"):
        assert make_agent(spec)(state, random.Random(3)) == make_agent(spec)(other, random.Random(3)), spec


def test_a_player_that_cannot_play_the_scenario_is_refused_before_any_game() -> None:
    from tcforge.agents.trained import check_usable
    with pytest.raises(SpecError, match="no learned evaluation of tank-action for german, soviet"):
        check_usable("look:1:value=learned", "tank-action")
    check_usable("look:1:value=learned", "hill-621")  # the bundled file has one a side
    check_usable("best", "tank-action")  # nothing trained: best plays greedy's doctrine
    check_usable("greedy", "no-such-scenario")  # a player that reads no trained data is not checked


def test_best_says_what_it_stands_for() -> None:
    from tcforge.agents.trained import describe_best
    assert describe_best("tank-action").endswith("nothing trained (no players/tank-action.yaml), so greedy's game")
    kursk = describe_best("kursk")
    assert "soviet commander:" in kursk and "german commander" in kursk and "kursk.yaml" in kursk


def test_a_late_lookahead_plays_its_base_players_game_until_its_last_turns() -> None:
    """look:...:late=N searches only in the last N turns of a game decided at a turn limit (Hill 621, 20.0: the end
    of turn 16): before them it is its base player, choice for choice, on the same dice; in them it searches."""
    from tcforge.agents import lookahead
    from tcforge.agents.playout import run
    from tcforge.agents.spec import parse
    scenario = load("hill-621")
    searched: list[int] = []

    class Counting(lookahead.LookaheadAgent):
        def _score(self, world, side, chance):  # type: ignore[no-untyped-def]
            searched.append(world.turn)
            return super()._score(world, side, chance)

    played = []
    for soviet in (make_agent("greedy"), Counting(parse("look:2:k=2,endgame=2,late=2"))):
        state = new_game(scenario, 11)
        actions: list[tuple[int, object]] = []
        run(state, (make_agent("greedy"), soviet), random.Random(11),
            chosen=lambda s, player, action, into=actions: into.append((s.turn, action)))
        played.append([action for turn, action in actions if turn <= 14])
    assert played[0] == played[1] and len(played[0]) > 100
    assert searched and min(searched) >= 15  # it searched, and only in turns 15 and 16


def _searched_decisions(spec: str, seed: int = 11) -> list[tuple[object, object, list[tuple[int, ...]]]]:
    """Play Hill 621 with greedy's German against ``spec``'s Soviet; for each decision the lookahead searched: the state
    of the game's generator after it, that of a copy of the generator after greedy's decision on the same position, and
    each deal's winners, play by play."""
    from tcforge.agents import lookahead
    from tcforge.agents.playout import run
    from tcforge.agents.spec import parse
    greedy = make_agent("greedy")
    found: list[tuple[object, object, list[tuple[int, ...]]]] = []

    class Recording(lookahead.LookaheadAgent):
        def __call__(self, state, rng):  # type: ignore[no-untyped-def]
            self._deals: list[list[int]] = []
            twin = random.Random()
            twin.setstate(rng.getstate())
            greedy(state.clone(), twin)
            action = super().__call__(state, rng)
            if self._deals:
                found.append((rng.getstate(), twin.getstate(), [tuple(d) for d in self._deals]))
            return action

        def _searched(self, state, side, shortlist, rng, chosen=None):  # type: ignore[no-untyped-def]
            self._plays = len(shortlist)
            return super()._searched(state, side, shortlist, rng, chosen)

        def _score(self, world, side, chance):  # type: ignore[no-untyped-def]
            value = super()._score(world, side, chance)
            if not self._deals or len(self._deals[-1]) == self._plays:
                self._deals.append([])
            self._deals[-1].append(-1 if world.outcome is None or world.outcome.winner is None else world.outcome.winner)
            return value

    run(new_game(load("hill-621"), seed), (greedy, Recording(parse(spec))), random.Random(seed))
    return found


def test_a_lookahead_draws_from_the_games_dice_what_its_base_player_draws() -> None:
    """The search deals from a stream of its own: after each searched decision the game's generator stands where it
    would after greedy's, so where the search keeps greedy's choice the game goes on with greedy's dice (a paired
    comparison with greedy differs only where a choice did)."""
    found = _searched_decisions("look:2:k=2,endgame=2,late=2")
    assert len(found) >= 3
    for after_look, after_greedy, _ in found:
        assert after_look == after_greedy


def test_a_settled_lookahead_stops_when_no_play_has_changed_a_result() -> None:
    """settle=2: after two deals in which every play's playout ended alike (the same winner), the search stops and
    ranks the plays on them; once a play has changed a result, it plays every deal."""
    found = _searched_decisions("look:4:k=2,endgame=2,late=2,settle=2")
    stopped = [deals for _, _, deals in found if len(deals) == 2]
    played = [deals for _, _, deals in found if len(deals) == 4]
    assert len(stopped) + len(played) == len(found) and stopped
    for deals in stopped:
        assert all(len(set(d)) == 1 for d in deals)
    for deals in played:
        assert any(len(set(d)) > 1 for d in deals[:2])


def test_the_lookaheads_own_stream_is_the_same_in_every_process() -> None:
    """The search's generator is seeded from the game's without drawing from it; two processes (each with its own
    address layout and string hashes) must deal alike, or a seeded game would not replay."""
    import subprocess
    import sys
    code = ("import random; from tcforge.agents.lookahead import own_stream; "
            "print(own_stream(random.Random(20261126)).getrandbits(64))")
    seen = {subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                           env={**os.environ, "PYTHONHASHSEED": str(n)}).stdout for n in (1, 2)}
    assert len(seen) == 1 and seen != {""}
