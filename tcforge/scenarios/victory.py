"""A scenario's victory conditions, typed (16.0 and the scenarios' own conditions).

Each condition names its ``winner`` (a side id, or ``either``) and, where it is
about positions, the positions it concerns for each side that can meet it.
:mod:`tcforge.play.hooks` turns them into the hooks the engine calls.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from tcforge.scenarios.format import Text, YamlPath
from tcforge.scenarios.grid import Position


@dataclass
class VictoryCondition:
    """Base of the victory conditions; ``winner`` is a side id or ``either``."""

    id: str
    winner: str
    text: Text | None
    interpretation: str
    path: YamlPath

    @property
    def type(self) -> str:
        return _VICTORY_TYPES[type(self)]

    def winners(self, sides: list[str]) -> list[str]:
        return list(sides) if self.winner == "either" else [self.winner]


@dataclass
class ControlRank(VictoryCondition):
    """Control ``count`` positions of the enemy's rank ``rank`` at once (16.0); ``targets[side]`` lists them."""

    rank: int = 2
    count: int = 3
    targets: dict[str, tuple[Position, ...]] = field(default_factory=dict)


@dataclass
class ControlPositions(VictoryCondition):
    """Control ``count`` of the ``targets[side]`` positions at once."""

    count: int = 1
    targets: dict[str, tuple[Position, ...]] = field(default_factory=dict)


@dataclass
class HoldPositions(VictoryCondition):
    """Hold every one of ``targets[side]`` at the end of game turn ``at_end_of_turn`` with the given ``units``."""

    at_end_of_turn: int = 1
    units: tuple[str, ...] = ("combat",)
    contested_ok: bool = False
    targets: dict[str, tuple[Position, ...]] = field(default_factory=dict)


@dataclass
class EliminateAll(VictoryCondition):
    """Win when the enemy has no card left on the table (``scope`` table) or anywhere in play."""

    scope: str = "table"


@dataclass
class Countdown(VictoryCondition):
    """Win when ``turns`` complete game turns pass after group ``after`` arrives and nothing else decided."""

    after: str = ""
    turns: int = 1


HOLDING_KINDS = ("infantry_squads", "cavalry", "tanks", "vehicles", "at_guns", "combat")  # the scenario format's ``units``


def holds_as(units: tuple[str, ...], *, type: str, card_class: str, tank: bool, combat: bool) -> bool:
    """Whether a card of this type and class is one of the kinds ``units`` names (hold_positions' ``units``).

    ``tanks`` are the ruleset's tank classes and ``combat`` any combat card, as the caller computed them;
    ``infantry_squads`` are infantry cards that are not cavalry squadrons (20.0, "infantry squads or tanks only").
    """
    infantry = type == "infantry"
    return (("combat" in units and combat)
            or ("infantry_squads" in units and infantry and card_class != "cavalry")
            or ("cavalry" in units and infantry and card_class == "cavalry")
            or ("tanks" in units and tank)
            or ("vehicles" in units and type == "vehicle")
            or ("at_guns" in units and type == "at_gun"))


_VICTORY_TYPES: dict[type, str] = {ControlRank: "control_rank", ControlPositions: "control_positions",
                                   HoldPositions: "hold_positions", EliminateAll: "eliminate_all", Countdown: "countdown"}
