"""What the players ask of a scenario for their plans, on the players' side (issue 52 point 3): the positions a
side must take or hold, where and when its reinforcements arrive. The engine's own protocol,
:class:`tcforge.engine.scenario_rules.ScenarioRules`, names only what the rules consult; a scenario's hooks
(:class:`tcforge.play.hooks.ScenarioHooks`) answer both."""
from __future__ import annotations

from typing import Any, Protocol, cast


class ScenarioQuestions(Protocol):
    def goals(self, side: int) -> tuple[int, ...]:
        """The positions the side must take or hold to win."""
        ...

    def arrival_spots(self, side: int, turn: int) -> tuple[int, ...]:
        """Where the side's reinforcements of game turn ``turn`` come onto the table (20.0 rule 5)."""
        ...

    def arrival_turns(self, side: int) -> tuple[int, ...]:
        """The game turns the side's scheduled reinforcement groups arrive, in order (20.0 rule 5; none by card)."""
        ...


def questions(state: Any) -> ScenarioQuestions | None:
    """The scenario's answers to the players' questions in ``state``'s game; None in a game without a scenario.
    (A cast, not a check: this is asked on every decision, and a scenario's game always holds its ScenarioHooks.)"""
    return cast("ScenarioQuestions | None", state.game.scenario_rules)
