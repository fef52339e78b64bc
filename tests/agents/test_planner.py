"""The planner (issue 48): turn plans, the side's script with its choice points bound, chosen by playouts to the end
of the game. Each choice point does what its text says on a position the rules settle; a planner that keeps the
script's own plan plays the script's game; its choices fall where its periods say; its spec is checked."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from enginekit import make, pos, uid
from tcforge.agents import SpecError, canonical
from tcforge.agents import make as make_agent
from tcforge.agents.commander import Doctrine
from tcforge.agents.greedy import open_goals
from tcforge.agents.planner import NEVER, PORTFOLIO, SCRIPT, Plan, PlannerAgent, Script
from tcforge.agents.spec import parse
from tcforge.engine.actions import End, Fire, Move
from tcforge.engine.state import GameState
from tcforge.play.games import GameResult, play_game
from tcforge.scenarios.loading import load


def _facing(turn: int) -> GameState:
    """Two Soviet squads on b4 facing a German squad in Woods on b3, in a game decided at the end of turn 16."""
    state = make({0: [("German Line Squad", "b3")], 1: [("Soviet Line Squad", "b4")] * 2}, terrain={"b3": "Woods"},
                 turn_limit=16, overrides={"victory.check": "given_turn"})
    state.turn = turn
    return state


def test_5_0_a_plan_that_saves_its_points_ends_the_play_forfeiting_them() -> None:
    # 5.0 e: ending the play forfeits the Supply points left; save spends none where no card is over the limits
    state = make({0: [("German Line Squad", "b3")], 1: [("Soviet Line Squad", "b4")]}, turn_limit=16)
    side = state.current_player()
    assert (side, state.phase) == (0, "play")
    actions = state.legal_actions()
    assert any(isinstance(a, Fire) for a in actions) and any(isinstance(a, Move) for a in actions)
    assert Script(Plan("save", "never", "keep"), Doctrine(), side)(state, random.Random(1)) == End()
    chosen = Script(Plan("fire", "now", "play"), Doctrine(), side)(state, random.Random(1))
    assert isinstance(chosen, Fire | End) and not isinstance(chosen, Move)
    assert isinstance(Script(SCRIPT, Doctrine(), side)(state, random.Random(1)), Fire | Move)


def test_10_0_a_plan_that_never_assaults_stops_short_until_the_last_turn() -> None:
    # 10.0: a card that steps into a position the enemy holds begins a melee there; never keeps it out until the game's
    # last turn, when every gate opens (the commander's push)
    def liking(plan: Plan, turn: int) -> float:
        state = _facing(turn)
        unit = state.units[uid(state, "Soviet Line Squad")]
        script = Script(plan, Doctrine(), 1)
        return script.turn.step(state, unit, pos(state, "b4"), pos(state, "b3"), open_goals(state, 1))
    assert liking(SCRIPT, 5) > 0
    assert liking(Plan("fight", "never", "play"), 5) == 0
    assert liking(Plan("fight", "massed", "play"), 5) == 0  # 24 points against 12 x 1.5 in Woods x 1.5: shut
    assert liking(Plan("fight", "never", "play"), 16) > 0
    assert Plan("fight", "never", "play").doctrine(Doctrine()).assault == NEVER


def test_plans_coarse_searches_each_other_choice_point_moved_alone() -> None:
    agent = PlannerAgent(parse("planner:4:plans=coarse"))
    assert agent.portfolio[0] == SCRIPT and len(agent.portfolio) == 6
    moved = [[point for point in ("spend", "assault", "events") if getattr(p, point) != getattr(SCRIPT, point)]
             for p in agent.portfolio[1:]]
    assert all(len(m) == 1 for m in moved)  # each moves one choice point alone


def test_each_choice_point_binds_the_doctrine_as_its_text_says() -> None:
    base = Doctrine(assault=0.5, march=0, fire=2.0)
    assert Plan("fight", "massed", "play").doctrine(base).assault == 1.5
    assert Plan("fight", "now", "play").doctrine(base) == base  # the script's own plan is the script
    marched = Plan("march", "now", "play").doctrine(base)
    assert (marched.march, marched.fire) == (1, 2.0)
    assert PORTFOLIO[0].text == "fight/now/play" and len(set(PORTFOLIO)) == len(PORTFOLIO)


def test_a_planner_that_keeps_the_scripts_plan_plays_the_scripts_game_dice_included() -> None:
    # z=inf: no gain is sure enough, so every choice keeps the script's own plan; the playouts draw from the planner's
    # own stream, never the game's, so the game is the script's (greedy's doctrine on Hill 621), action for action
    scenario = load("hill-621")
    greedy = play_game(scenario, 11, ("greedy", "greedy"))[0].log
    planned = play_game(scenario, 11, ("greedy", "planner:1:z=inf,plans=fight/never/play"))[0].log
    assert [list(x.action) for x in planned] == [list(x.action) for x in greedy]


def test_the_plans_periods_halve_the_turns_left_and_a_late_choice_plays_more() -> None:
    # Hill 621 ends with turn 16 (20.0): the choices fall on turns 1 (for 8 turns), 9 (4), 13 (2), 15 and 16
    scenario = load("hill-621")
    agent = PlannerAgent(parse("planner:1:every=0,z=inf,plans=fight/never/play"))
    from tcforge.agents.playout import run
    from tcforge.play.games import new_game
    state = new_game(scenario, 11)
    greedy = make_agent("greedy")
    run(state, (greedy, agent), random.Random(11))
    turns = [c.turn for c in agent.stats.choices]
    assert turns == [1, 9, 13, 15, 16]
    spent = [c.playouts for c in agent.stats.choices]
    assert spent[-1] > spent[0]  # the last turn's playouts are a sixteenth of a game: it plays sixteen times as many
    assert all(c.chosen == "the script's own plan" for c in agent.stats.choices)


def test_until_stops_the_choices_after_its_turn_and_the_script_plays_on() -> None:
    # periods of two turns from turn 1: choices on turns 1, 3, 5, ...; until=3 keeps the first two, then the script
    from tcforge.agents.playout import run
    from tcforge.play.games import new_game
    turns = {}
    for text in ("planner:1:z=inf,plans=fight/never/play", "planner:1:until=3,z=inf,plans=fight/never/play"):
        agent = PlannerAgent(parse(text))
        state = new_game(load("hill-621"), 11)
        run(state, (agent, make_agent("greedy")), random.Random(11))
        turns[text] = [c.turn for c in agent.stats.choices]
    full, cut = turns.values()
    assert full[:3] == [1, 3, 5] and len(full) > 2
    assert cut == [1, 3]


def test_20_0_at_arrivals_chooses_on_turn_1_on_each_arrival_turn_and_on_the_last_even_after_a_forced_unstacking() -> None:
    # Hill 621's German groups arrive on turns 6 and 11 (20.0 rule 5), over the stacking limits: the side's first play
    # of turn 11 unstacks them (forced), and the choice waits for the play after it instead of being skipped
    from tcforge.agents.playout import run
    from tcforge.analysis.batches import game_seed
    from tcforge.play.games import new_game
    seed = game_seed(20261204, 5)
    agent = PlannerAgent(parse("planner:1:at=arrivals,z=inf"))
    state = new_game(load("hill-621"), seed)
    assert state.game.scenario_rules is not None and state.game.scenario_rules.arrival_turns(0) == (6, 11)
    run(state, (agent, make_agent("greedy")), random.Random(seed))
    assert [c.turn for c in agent.stats.choices] == [1, 6, 11, 16]


def test_a_control_a_planner_free_to_choose_leaves_the_scripts_game() -> None:
    # the control of the two tests above: with z 0 and a plan that marches its rear up, Hill 621's seed-11 Soviet
    # follows that plan for its first eight turns, and the game is another
    from tcforge.agents.playout import run
    from tcforge.play.games import new_game
    scenario = load("hill-621")
    agent = PlannerAgent(parse("planner:2:every=0,pairs=0,plans=march/now/play"))
    state = new_game(scenario, 11)
    run(state, (make_agent("greedy"), agent), random.Random(11))
    assert agent.stats.choices[0].chosen == "march/now/play"
    greedy = play_game(scenario, 11, ("greedy", "greedy"))[0].log
    planned = play_game(scenario, 11, ("greedy", "planner:2:every=0,pairs=0,plans=march/now/play"))[0].log
    assert [list(x.action) for x in planned] != [list(x.action) for x in greedy]


@pytest.mark.parametrize("text, again", [
    ("planner", "planner"),
    ("PLANNER:8", "planner:8"),
    ("planner:8:plans=march/never/keep+fight/now/play", "planner:8:plans=march/never/keep+fight/now/play"),
    ("planner:4:every=2,z=1", "planner:4:every=2,z=1"),
    ("planner:4:plans=coarse", "planner:4:plans=coarse"),
    ("planner:2:until=2", "planner:2:until=2"),
    ("planner:2:at=arrivals", "planner:2:at=arrivals"),
])
def test_a_planner_spec_reads_back(text: str, again: str) -> None:
    assert canonical(text) == again


@pytest.mark.parametrize("text, why", [
    ("planner:2s", "not a time"),
    ("planner:8:plans=fight/now", "spend/assault/events"),
    ("planner:8:plans=charge/now/play", "spend is one of fight, march, fire, save"),
    ("planner:8:plans=fight/now/hoard", "events is one of play, keep"),
    ("planner:8:pairs=0", "no plan to search but the script's own"),
    ("planner:8:pairs=7", "pairs is a whole number from 0 to 6"),
    ("planner:8:plans=march/now/play+march/now/play", "names a plan twice"),
    ("planner:8:every=0.5", "every is a whole number"),
    ("planner:8:from=5,until=4", "until=4 is before from=5"),
    ("planner:8:until=0", "until is a whole number from 1 to 1,000"),
    ("planner:8:at=dawn", "at takes one value, arrivals"),
    ("planner:8:at=arrivals,every=3", "leave out every"),
    ("planner:8:depth=3", "unknown option"),
    ("planner:8:plans=" + "+".join(["fight/now/play"] * 13), "characters long"),
])
def test_a_bad_planner_spec_says_what_is_wrong_in_one_line(text: str, why: str) -> None:
    with pytest.raises(SpecError, match=why) as caught:
        canonical(text)
    assert "\n" not in str(caught.value)


@pytest.mark.slow
def test_a_planners_verdict_is_the_same_in_this_process_on_the_pool_and_on_a_local_dask_cluster() -> None:
    # every sweep's promise (issue 14), for the planner (issue 48): a game is its seed's, whoever plays it, since the
    # planner's deals come from its own stream seeded from the game's
    from distributed import LocalCluster

    from tcforge.analysis.balance import run
    agents = ("greedy", "planner:1:every=8")
    here = run("hill-621", games=2, jobs=1, policies=agents, base_seed=48, batch=1)
    pool = run("hill-621", games=2, jobs=2, policies=agents, base_seed=48, batch=1)
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                      scheduler_kwargs={"dashboard_address": ":0"}) as cluster:
        dask = run("hill-621", games=2, policies=agents, base_seed=48, batch=1, scheduler=cluster.scheduler_address)

    def seen(results: list[GameResult]) -> list[tuple[int, str | None, int, int]]:
        return [(r.seed, r.winner, r.turns, r.actions) for r in results]
    assert seen(here) == seen(pool) == seen(dask) and len(here) == 2


def test_5_0_the_points_choice_binds_ordered_pairs_of_the_scripts_best_plays_and_says_where() -> None:
    # 5.0: each Supply point buys one play from one position; the planner's default choice point is the pair of
    # plays the turn's first two points go to, from the three the script rates highest
    from tcforge.agents.planner import _point_plans
    state = make({0: [("German Line Squad", "b3"), ("German Line Squad", "c3"), ("German Line Squad", "d3")],
                  1: [("Soviet Line Squad", "b4"), ("Soviet Line Squad", "d4")]}, turn_limit=16)
    plans = _point_plans(state, Doctrine(), 0, 3)
    assert len(plans) == 6 and len(set(plans)) == 6
    assert all(len(p.points) == 2 and p.points[0] != p.points[1] and all(isinstance(a, Move | Fire) for a in p.points)
               for p in plans)
    firsts = {p.points[0] for p in plans}
    assert {p.points[1] for p in plans} == firsts and len(firsts) == 3
    told = plans[0].told(state)
    assert told.startswith("points: ") and ", then " in told and any(f"from {x}" in told for x in ("b3", "c3", "d3"))
    assert SCRIPT.told(state) == "the script's own plan"
    assert Plan("march", "never", "keep", plans[0].points).told(state).startswith("march/never/keep; points: ")


def test_a_planners_game_log_replays_choice_for_choice_and_the_referee_finds_no_violation(tmp_path: Path) -> None:
    # the log records the planner's spec; replay plays it again from the seed and checks each of its choices (its
    # playouts come from its own stream, so a second process makes the same ones), and the referee audits each rule
    from typer.testing import CliRunner

    from tcforge.cli import app
    log = tmp_path / "planner.jsonl"
    runner = CliRunner()
    played = runner.invoke(app, ["scenario", "play", "hill-621", "--seed", "4", "--agent", "german=planner:1:every=8",
                                 "--agent", "soviet=planner:1:every=1,from=15", "--quiet", "--log", str(log)])
    assert played.exit_code == 0, played.stderr
    replayed = runner.invoke(app, ["scenario", "replay", str(log)])
    assert replayed.exit_code == 0 and "planner:1:every=8 v planner:1:every=1,from=15" in replayed.stdout
    audited = runner.invoke(app, ["scenario", "audit", str(log)])
    assert audited.exit_code == 0 and "no violation" in audited.stdout
