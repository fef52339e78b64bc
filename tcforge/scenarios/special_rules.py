"""A scenario's special rules, typed (Hill 621's rules of 20.0; Tank Action's AT fire only; Defense's hand grace).

Each rule names the side ids it applies to. :mod:`tcforge.play.hooks` turns
them into the hooks the engine calls; :mod:`tcforge.scenarios.check` reads
:class:`ReinforcementArrival` for the stacking of arriving groups.
"""
from __future__ import annotations

from dataclasses import dataclass

from tcforge.data.cards import CardId
from tcforge.scenarios.format import CLEAR, Text, YamlPath


@dataclass
class SpecialRule:
    """Base of the special rules; ``sides`` are the side ids it applies to."""

    id: str
    case: str
    text: Text
    sides: tuple[str, ...]
    interpretation: str
    path: YamlPath

    @property
    def rule(self) -> str:
        return _RULE_TYPES[type(self)]


@dataclass
class TerrainAs(SpecialRule):
    """Cards of ``card_id`` on the map count as ``as_`` terrain (Hill 621: Path as Clear)."""

    card_id: CardId = 0
    as_: str = CLEAR


@dataclass
class NoReturnToReserve(SpecialRule):
    """Cards placed on the table may not go back to the reserve."""


@dataclass
class ReinforcementArrival(SpecialRule):
    """How reinforcements arrive: above the stacking limits, loaded, what the arrival costs.

    The legality check (:mod:`tcforge.scenarios.check`, reinforcements) reads ``overstacked``,
    ``stacking_checked`` and ``fast_may_continue``. The engine (:mod:`tcforge.play.hooks`,
    ``arrive``) charges ``supply_points``, counts the arrival as a move of every card using
    ``move_positions`` of its movement (fast cards may use the rest), and the side reduces any
    overstacked position at the end of its turn (6.3).
    """

    overstacked: bool = False
    loaded: bool = False
    supply_points: int = 1
    move_positions: int = 0
    fast_may_continue: bool = True
    stacking_checked: str = "on_arrival"


@dataclass
class AttachedAmmunition(SpecialRule):
    """Card ``card_id`` attaches to one of ``attach_to``: +``melee_sa_bonus`` SA in melee, discarded on the given natural to-hit rolls."""

    card_id: CardId = 0
    attach_to: tuple[CardId, ...] = ()
    melee_sa_bonus: int = 0
    removed_on_natural_to_hit: tuple[int, ...] = ()


@dataclass
class LimitedAP(SpecialRule):
    """Each of ``card_ids`` fires ``full_penetration_shots`` AT shots at its printed penetration, later ones at ``then_penetration``."""

    card_ids: tuple[CardId, ...] = ()
    full_penetration_shots: int = 1
    then_penetration: tuple[int, int] = (0, 0)  # (short, long)


@dataclass
class PlayBeforeTurn(SpecialRule):
    """Card ``card_id`` may not be played from game turn ``before_turn`` on."""

    card_id: CardId = 0
    before_turn: int = 1


@dataclass
class FireTypesAllowed(SpecialRule):
    """Only these kinds of fire (at, he, sa, ft) are allowed."""

    types: tuple[str, ...] = ("at",)


@dataclass
class HandLimitGrace(SpecialRule):
    """After group ``after`` arrives the side may keep more cards than the hand limit for ``turns`` of its turns."""

    after: str = ""
    turns: int = 1


@dataclass
class SideSupply(SpecialRule):
    """The side gets ``points`` Supply points each turn (4.0 a) instead of the ruleset's ``turn.supply_points``
    (a designer's lever, ``--set soviet.supply_points=3``)."""

    points: int = 2


_RULE_TYPES: dict[type, str] = {TerrainAs: "terrain_as", NoReturnToReserve: "no_return_to_reserve",
                                ReinforcementArrival: "reinforcement_arrival", AttachedAmmunition: "attached_ammunition",
                                LimitedAP: "limited_ap", PlayBeforeTurn: "play_before_turn",
                                FireTypesAllowed: "fire_types_allowed", HandLimitGrace: "hand_limit_grace",
                                SideSupply: "side_supply"}
