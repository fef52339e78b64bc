"""The cards played onto a card of one's own, in one place: Tank Ace, Heroic Squad Leader, Special Ammunition (issue 52
point 5: card rules by card family, not by mechanism).

Each is played from the hand (tcforge.engine.cards lists it among the special cards, with :func:`targets` as who may
take it) and rides the card it is played on as equipment does (``state.attached``) until that card goes. What each
adds is asked here by the fire and melee rules (tcforge.engine.fire, tcforge.engine.melee):

- **Tank Ace** (on a tank): -1 to its anti-tank hit rolls, ranged and in melee (:func:`ace_modifier`).
- **Heroic Squad Leader** (on an infantry squad): +1 to its SA, ranged and in melee, and to its Tank Melee value
  (:func:`leader_bonus`).
- **Special Ammunition** (on a tank or AT gun, or the card a scenario names): +2 to the penetration of its next
  anti-tank shot, spent by it (:func:`penetration_bonus`, :func:`special_ammunition`), unless the scenario gives the
  card its own effect (Hill 621's rounds).

The source rules give these three cards no numbers: every figure here is the project's interpretation, marked so in
the card data (data/cards/special-events.yaml) and in the card list of tcforge.engine.cards.
"""
from __future__ import annotations

from tcforge.data.card_ids import HEROIC_LEADER, SPECIAL_AMMO, TANK_ACE
from tcforge.engine.core import CoreState
from tcforge.engine.units import Unit

FAMILY = frozenset({TANK_ACE, HEROIC_LEADER, SPECIAL_AMMO})


def takes(state: CoreState, card_id: int | str, unit: Unit) -> bool:
    """``unit`` is a card the attachment ``card_id`` may go on (before the one-of-each check of :func:`targets`)."""
    if card_id == TANK_ACE:
        return unit.profile.tank
    if card_id == HEROIC_LEADER:
        return unit.profile.infantry
    if card_id == SPECIAL_AMMO:  # a tank or AT gun, or where the scenario says (Hill 621: a PzKw III N)
        rules = state.game.scenario_rules
        allowed = None
        for rule in rules.ammo if rules is not None else ():
            if rule.card_id == card_id:
                allowed = rule.attach_to  # the scenario's last rule for the card
        return unit.profile.card_id in allowed if allowed is not None else unit.profile.tank or unit.profile.at_gun
    return False


def targets(state: CoreState, card: Unit) -> list[tuple[int]]:
    """The cards of the player's own on the battlefield, by position, that may take ``card``: not carried, of the
    right kind, and without one of the same already."""
    card_id = card.profile.card_id
    units = state._units
    return [(u.uid,) for sides in state._occ for u in (units[uid] for uid in sides[card.side])
            if u.carrier is None and takes(state, card_id, u) and state.attached(u, card_id) is None]


def ace_modifier(state: CoreState, unit: Unit, kind: str) -> int:
    """Tank Ace: -1 to the tank's anti-tank hit rolls."""
    return -1 if kind == "at" and unit.equipment and state.attached(unit, TANK_ACE) else 0


def leader_bonus(state: CoreState, unit: Unit, kind: str) -> int:
    """Heroic Squad Leader: +1 to the squad's SA and Tank Melee values."""
    return 1 if kind in ("sa", "tmv") and unit.equipment and state.attached(unit, HEROIC_LEADER) else 0


def penetration_bonus(state: CoreState, unit: Unit) -> int:
    """Special Ammunition: +2 to the penetration of the card's next anti-tank shot, unless the scenario gives it
    another effect (Hill 621's rounds, read by the scenario's own rules)."""
    return 2 if special_ammunition(state, unit) is not None else 0


def special_ammunition(state: CoreState, unit: Unit) -> Unit | None:
    """The Special Ammunition that counts for ``unit``'s next anti-tank shot (its +2, and spent once the shot is
    fired), or None: none attached, or the scenario's own ammunition (Hill 621's rounds, which its rules count)."""
    ammo = state.attached(unit, SPECIAL_AMMO) if unit.equipment else None
    if ammo is None:
        return None
    scenario = state.game.scenario_rules
    return None if scenario is not None and scenario.ammo_for(state, unit.uid) else ammo
