"""The command that plays a game of a run again (``tcforge scenario play ...``): what a balance report, a sweep's
table and a tuning report print beside each proof game, so that a reader can watch it."""
from __future__ import annotations

from pathlib import Path
from typing import Any


def play_command(scenario: str, seed: int, agents: tuple[str, str] | list[str] | None, sides: list[str] | tuple[str, ...],
                 sets: dict[str, Any] | None = None, option: str | None = None) -> str:
    """The command that plays a proof game again: its seed, its balance option and levers, and its players whenever
    they are not greedy's (what 'scenario play' plays without --agent), so that the command replays that very game.

    >>> play_command("hill-621", 7, ("best", "best"), ["german", "soviet"], {"soviet.supply_points": 2})
    "tcforge scenario play hill-621 --seed 7 --set 'soviet.supply_points=2' --agent german=best --agent soviet=best"
    >>> play_command("kursk", 3, ("greedy", "greedy"), ["german", "soviet"])
    'tcforge scenario play kursk --seed 3'
    """
    words = [f"tcforge scenario play {_reference(scenario)} --seed {seed}"]
    if option:
        words.append(f"--option {option}")
    if sets:
        words.append("--set '" + ";".join(f"{k}={v}" for k, v in sets.items()) + "'")
    if agents is not None and any(a != "greedy" for a in agents):
        words += [f"--agent {side}={spec}" for side, spec in zip(sides, agents, strict=False)]
    return " ".join(words)


def _reference(scenario: str) -> str:
    """A scenario as a command names it: its id when the id finds this very file, its path otherwise."""
    from tcforge.scenarios.loading import find_scenario
    stem = Path(scenario).stem
    found = find_scenario(stem)
    if found is not None and (str(scenario) == stem or found.resolve() == Path(scenario).resolve()):
        return stem
    return str(scenario)
