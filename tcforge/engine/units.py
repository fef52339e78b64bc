"""Card instances in play, and the card facts the rules ask about (kept flat for speed)."""
from __future__ import annotations

from dataclasses import dataclass
from types import FunctionType
from typing import Any

from tcforge.data.card_kinds import is_combat, is_tank, is_truck
from tcforge.data.cards import Card
from tcforge.engine.rules import Rules


def _int(value: Any) -> int:
    """A printed value as a number for the rules: "-", "?" and blanks are 0 (cannot do it)."""
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


@dataclass(frozen=True, slots=True)
class Profile:
    """What the rules need of one effective card, computed once per card and ruleset."""

    card_id: int | str
    name: str
    type: str
    card_class: str
    nation: str
    fast: bool
    hit_short: int
    hit_long: int
    pen_short: int
    pen_long: int
    armor_front: int
    armor_side: int
    he: int
    sa: int
    ft: int
    tank_melee: int
    points: int
    vehicle: bool
    armored: bool
    tank: bool
    truck: bool  # stacks and counts as a truck, not a combat card (6.3)
    combat: bool
    infantry: bool  # infantry or cavalry (a squad or squadron)
    at_gun: bool
    equipment: bool
    special: bool
    carries: int  # infantry squads it may carry (8.6, card data interpretation)
    kind: str  # special cards: terrain, interrupt, instant (after errata and variant changes)

    @classmethod
    def of(cls, card: Card, rules: Rules) -> Profile:
        e = card.effective
        hit, pen, armor = e.get("hit") or {}, e.get("penetration") or {}, e.get("armor") or {}
        vehicle = card.type == "vehicle"
        at_gun = card.type == "at_gun"
        infantry = card.type == "infantry"
        he = _int(e.get("he"))
        if at_gun:
            he = max(he, rules.fire_at_gun_min_he)  # 9.4
        half_tracks = rules.stacking_half_tracks_count_as
        return cls(card.id, card.name, card.type, card.card_class, card.nation, card.speed == "fast",
                   _int(hit.get("short")), _int(hit.get("long")), _int(pen.get("short")), _int(pen.get("long")),
                   _int(armor.get("front")), _int(armor.get("side")), he, _int(e.get("sa")), _int(e.get("ft")),
                   _int(e.get("tank_melee")), _int(e.get("points")), vehicle, vehicle and _int(armor.get("front")) > 0,
                   is_tank(card, rules.fire_tank_classes), is_truck(card, half_tracks),
                   is_combat(card, half_tracks), infantry, at_gun, card.type == "equipment",
                   card.type in ("special", "air_artillery"), int((e.get("transport") or {}).get("infantry", 0)),
                   str(e.get("kind") or ""))


def _compiled() -> bool:
    """Whether this module runs compiled by mypyc (its functions are then not Python functions)."""
    return not isinstance(_compiled, FunctionType)


_COMPILED = _compiled()


class Unit:
    """One card in play: where it is and what happened to it this turn."""

    __slots__ = (
        "carrier",
        "drawn",
        "entered_from",
        "equipment",
        "fired",
        "immobilized",
        "moved",
        "moved_to_reserve",
        "pos",
        "profile",
        "side",
        "uid",
    )

    def __init__(self, uid: int, side: int, profile: Profile, pos: int):
        self.uid = uid
        self.side = side
        self.profile = profile
        self.pos = pos
        self.immobilized = False
        self.moved = 0  # move actions this turn
        self.fired = 0  # fire actions this turn
        self.entered_from: int | None = None  # where it came from when it entered an enemy-held position (10.0)
        self.moved_to_reserve = False
        self.carrier: int | None = None
        self.equipment: tuple[int, ...] = ()
        self.drawn = False  # in its hand by a draw its enemy did not see (not since shown): see engine/observation.py

    def copy(self) -> Unit:
        if _COMPILED:  # built by mypyc: a native class's __new__ runs __init__
            other = Unit(self.uid, self.side, self.profile, self.pos)
        else:
            other = Unit.__new__(Unit)  # field by field: about twice as fast as a loop over the slots (search copies)
            other.uid, other.side, other.profile, other.pos = self.uid, self.side, self.profile, self.pos
        other.immobilized, other.moved, other.fired = self.immobilized, self.moved, self.fired
        other.entered_from, other.moved_to_reserve = self.entered_from, self.moved_to_reserve
        other.carrier, other.equipment, other.drawn = self.carrier, self.equipment, self.drawn
        return other

    def to_json(self) -> dict[str, Any]:
        return {"uid": self.uid, "side": self.side, "card": self.profile.card_id, "pos": self.pos,
                "immobilized": self.immobilized, "moved": self.moved, "fired": self.fired,
                "entered_from": self.entered_from, "moved_to_reserve": self.moved_to_reserve,
                "carrier": self.carrier, "equipment": list(self.equipment)} | ({"drawn": True} if self.drawn else {})
