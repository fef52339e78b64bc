"""A game a person plays against a computer player: the same game, the same log, as ``scenario play`` (issue 38).

A :class:`HumanGame` holds one seeded game in which one side's decisions come from a person and the other side's
from an agent spec. It runs exactly as :func:`tcforge.play.games.play_game` runs a game: one random stream,
``random.Random(seed)``, from which chance's outcomes and the computer's choices are drawn in the order of the
actions; the person's choices draw nothing from it. The set-up line records the person's side as the agent
:data:`HUMAN`, so that the log proves itself as any other: ``scenario replay`` and ``scenario audit`` play the game
again from its seed, every die and every computer choice checked against the stream, the person's choices checked
legal (:func:`tcforge.play.games.rebuild`).

Taking a decision back (:meth:`HumanGame.undo`) and resuming a saved game (:meth:`HumanGame.resume`) both rebuild
the game from its log's first lines, with a fresh stream and fresh computer players, as the audit will: nothing of
the undone choices is left in the random stream or in a player's memory. An undo is allowed within the person's
turn as long as no die has been rolled (nor card drawn) since the decision taken back, and the computer has
answered nothing but passes.
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tcforge.agents import make as make_agent
from tcforge.agents.playout import Policy
from tcforge.engine.actions import Action, Pass, action_from_json
from tcforge.engine.replay import LogLine, sample_chance
from tcforge.engine.state import CHANCE, GameState
from tcforge.play import gamelog, wording
from tcforge.play.games import new_game, write_log
from tcforge.scenarios.scenario import Scenario

HUMAN = "human"  # the agent spec a log records for the side a person played


class HumanGameError(ValueError):
    """A request the game cannot take (not the person's turn, an action not legal, nothing to undo); one line."""


def computer_player(spec: str, scenario_id: str) -> str:
    """The computer's player for a game of ``scenario_id``: the spec in the form logs record, or HumanGameError saying
    why it cannot play (an unknown or retired player, one that needs training the scenario lacks, or one that
    searches for a time: its choices, and the dice after them, would not come again from the seed)."""
    from tcforge.agents import SpecError, canonical, parse
    from tcforge.agents.trained import check_usable
    try:
        text = canonical(spec)
        if parse(text).seconds is not None:
            raise HumanGameError(f"agent {text}: a player that searches for a time cannot be checked from the seed; give "
                                 "a number of iterations")
        check_usable(text, scenario_id)
    except SpecError as exc:
        raise HumanGameError(str(exc)) from None
    return text


class HumanGame:
    """One game of ``scenario``: side ``human`` is a person's, the other side plays ``agent`` (an agent spec)."""

    def __init__(self, scenario: Scenario, seed: int, human: int, agent: str):
        if human not in (0, 1):
            raise HumanGameError(f"side {human}: a side is 0 or 1")
        self.scenario, self.seed, self.human, self.agent = scenario, seed, human, agent
        self.state: GameState = new_game(scenario, seed)
        agents = [agent, agent]
        agents[human] = HUMAN
        self.state.scenario_setup.agents = (agents[0], agents[1])
        self.rng = random.Random(seed)
        self.computer: Policy = make_agent(agent)
        self.lines: list[LogLine] = []

    # ------------------------------------------------------------------ who acts
    @property
    def agents(self) -> tuple[str, str]:
        agents = self.state.scenario_setup.agents
        assert agents is not None
        return agents

    def over(self) -> bool:
        return self.state.is_terminal()

    def waiting(self) -> str:
        """Who acts next: ``human``, ``computer``, ``chance`` or ``over``."""
        player = self.state.current_player()
        if player == CHANCE:
            return "chance"
        if player < 0:
            return "over"
        return "human" if player == self.human else "computer"

    def choices(self) -> list[Action]:
        """The person's legal actions now (empty when another acts)."""
        return list(self.state.legal_actions()) if self.waiting() == "human" else []

    # ------------------------------------------------------------------ acting
    def decide(self, action: Action | Sequence[Any]) -> LogLine:
        """Apply the person's ``action`` (checked legal) and log it."""
        if self.waiting() != "human":
            raise HumanGameError(f"it is not your decision now ({self.waiting()} acts)")
        chosen = action_from_json(action)
        if chosen not in self.state.legal_actions():
            raise HumanGameError(f"{list(chosen)!r} is not one of the legal actions now")
        return self._apply(chosen, f"side {self.human}", "")

    def step(self) -> LogLine | None:
        """One action that is not the person's: chance's outcome or the computer's choice, drawn from the game's
        stream; None when the person is to decide or the game is over."""
        player = self.state.current_player()
        if player == CHANCE:
            return self._apply(sample_chance(self.state, self.rng), "chance", wording.about(self.state))
        if player < 0 or player == self.human:
            return None
        return self._apply(self.computer(self.state, self.rng), f"side {player}", "")

    def _apply(self, action: Action, actor: str, about: str) -> LogLine:
        line = LogLine(self.state.turn, actor, list(action), about)
        self.state.apply_action(action)
        self.lines.append(line)
        return line

    # ------------------------------------------------------------------ undo
    def undo_point(self) -> int | None:
        """How many lines the game keeps when the person's last decision is taken back, or None when it cannot be:
        the decision must be of the game turn in play, the person must be the side whose turn it is, and no chance
        event (die or draw) may have come after it, nor any play of the computer's but a pass in a reaction window
        (taking a decision back must not show what the computer would answer)."""
        if self.over():
            return None
        mine = f"side {self.human}"
        for index in range(len(self.lines) - 1, -1, -1):
            line = self.lines[index]
            if line.actor == "chance" or line.turn != self.state.turn:
                return None
            if line.actor != mine and not isinstance(action_from_json(line.action), Pass):
                return None
            if line.actor == mine:
                return index if self.state.active == self.human else None
        return None

    def undo(self) -> None:
        """Take the person's last decision back (see :meth:`undo_point`): the game is played again from its seed up
        to the line before it."""
        keep = self.undo_point()
        if keep is None:
            raise HumanGameError("nothing to take back: undo works within your turn, before any die is rolled or the computer answers")
        self._rebuild(self.lines[:keep])

    def _rebuild(self, lines: list[LogLine]) -> None:
        fresh = HumanGame(self.scenario, self.seed, self.human, self.agent)
        fresh.replay(lines)
        self.__dict__.update(fresh.__dict__)

    def replay(self, lines: list[LogLine]) -> None:
        """Play ``lines`` again from the start: chance and the computer must choose what the lines say (their
        stream and players are the game's), the person's lines must be legal. Raises :class:`HumanGameError` naming
        the first line that differs (line 2 is the first action, as in a log)."""
        for number, line in enumerate(lines, 2):
            who = self.waiting()
            if who == "over":
                raise HumanGameError(f"line {number}: the game was over before it")
            if who == "human":
                try:
                    self.decide(line.action)
                except (HumanGameError, ValueError) as exc:
                    raise HumanGameError(f"line {number}: {exc}") from None
                continue
            played = self.step()
            assert played is not None
            if gamelog.canonical(played.action) != gamelog.canonical(list(line.action)):
                raise HumanGameError(f"line {number}: the game gives {played.action} where the log has {line.action}: "
                                     "not the game its seed and players give")

    # ------------------------------------------------------------------ the log
    def write(self, handle: Any, folder: Path | None = None) -> None:
        """The game's log so far (an unfinished game's end line says so), as ``scenario play --log`` writes it."""
        write_log(handle, self.state.scenario_setup, self.lines, self.scenario, folder=folder, state=self.state)

    @classmethod
    def resume(cls, verified: gamelog.GameLog) -> HumanGame:
        """The game of a verified log one of whose sides a person played, played again up to its last line."""
        agents = verified.setup.agents
        if agents is None or list(agents).count(HUMAN) != 1:
            raise HumanGameError(f"{verified.path}: not a game a person played against the computer (its players are "
                                 f"{', '.join(agents) if agents else 'not recorded'})")
        human = list(agents).index(HUMAN)
        game = cls(verified.scenario, verified.setup.seed, human, agents[1 - human])
        game.replay(verified.lines)
        return game
