"""The designer's balancer as a designer found it (issue 36, the reviewer's defects): each test names its defect."""
from __future__ import annotations

from types import SimpleNamespace

from tcforge.analysis.tune import Plan, Point
from tcforge.play.games import GameResult


def _result(seed: int, winner: str | None) -> GameResult:
    return GameResult(seed=seed, winner=winner, reason="test", condition="test", turns=10, actions=1)


def test_defect_1_a_proof_game_s_command_names_the_players_that_played_it() -> None:
    """Defect 1: a tune's proof game said '--seed N --set L=v' without its players, so 'scenario play' with it
    played greedy v greedy, another game; the command names --agent SIDE=SPEC whenever they are not greedy's."""
    from tcforge.cli.report import play_command, proof_seeds
    plan = Plan("hill-621", "soviet.supply_points", 1, 6, "soviet", ("best", "best"), sides=("german", "soviet"))
    point = Point(2, [_result(84786240051429, "soviet"), _result(5, "german")], "soviet")
    titles = [t for t, _, _ in proof_seeds(SimpleNamespace(plan=plan, between=(point, point)))]
    assert titles[0] == ("soviet.supply_points = 2: a game soviet won (tcforge scenario play hill-621 --seed 84786240051429 "
                         "--set 'soviet.supply_points=2' --agent german=best --agent soviet=best)")
    assert play_command("hill-621", 3, ("greedy", "greedy"), ["german", "soviet"]) == "tcforge scenario play hill-621 --seed 3"
