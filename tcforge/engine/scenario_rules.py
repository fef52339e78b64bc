"""What the engine asks of a scenario's own rules: the protocol :attr:`tcforge.engine.game.Game.scenario_rules` follows.

A scenario (17.x, 20.0) changes a few of the rules the engine plays: which kinds of fire are allowed (17.1), an
armour-piercing supply that runs out (20.0: the SU-152), an ammunition card with its own effect and its own way of
being spent (20.0: the C7 canister), a hand limit waived after reinforcements arrive (17.5). The engine calls
exactly the members of :class:`ScenarioRules` below; the players' questions for their plans (``goals``,
``arrival_spots``, ``arrival_turns``) are on their side (:mod:`tcforge.agents.questions`).
:class:`tcforge.play.hooks.ScenarioHooks` implements both;
the engine never imports it (the scenario layer stands above).

The state the engine passes is its own :class:`~tcforge.engine.core.CoreState` (or the
:class:`~tcforge.engine.state.GameState` built on it); this module sits below both in the engine's layers (the
static game names the protocol), so it types that argument ``Any`` rather than import them back.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

CardRef = int | str  # a card id as the data gives it (tcforge.data.cards.CardId)


class AmmoRule(Protocol):
    """An ammunition card with a scenario's own effect (Hill 621's C7 canister, 20.0)."""

    @property
    def card_id(self) -> CardRef: ...  # the ammunition card

    @property
    def attach_to(self) -> tuple[CardRef, ...]: ...  # the cards it may be attached to (else a tank or AT gun)

    @property
    def melee_sa_bonus(self) -> int: ...  # what it adds to its card's SA in a melee


class ScenarioRules(Protocol):
    """The scenario's rules the engine consults during play (``Game.scenario_rules``; None in a game without one)."""

    @property
    def ammo(self) -> Sequence[AmmoRule]: ...  # cards.py: where Special Ammunition may be attached

    def fire_allowed(self, kind: str) -> bool:
        """17.1: whether fire of this kind (``at``, ``he``, ``sa``, ...) is allowed at all (fire.py, melee.py)."""
        ...

    def penetration(self, state: Any, unit_uid: int, pen: int, short: bool) -> int:
        """20.0 (Limited AP): the penetration of the unit's next AT shot, given its printed one (fire.py)."""
        ...

    def ammo_for(self, state: Any, unit_uid: int) -> AmmoRule | None:
        """The ammunition rule that replaces the effect of the unit's attached card, if any (fire.py, melee.py)."""
        ...

    def after_roll(self, state: Any, firer: int, roll: int) -> None:
        """After the firer's unmodified to-hit roll: ammunition spent on it goes (20.0, state.py)."""
        ...

    def hand_grace(self, state: Any) -> int:
        """17.5: how many cards the active side may hold above its hand limit now (state.py)."""
        ...


# 17.5: the Reinforcements card played by ``side`` brings the scenario's waiting group; True when one came
# (cards.py calls it through ``Game.reinforcements_hook``; else the card draws two cards).
ReinforcementsHook = Callable[[Any, int], bool]
