"""Equipment (8.7, 9.6, 13.0-13.2): cards carried by infantry and cavalry, and how they fire.

Placing equipment on a squad is free during your play (13.0); a squad carries
one card of each type (FAQ 4); it may hand equipment to another squad of its
position when a move begins (8.7). A squad fires either its equipment or its
own weapons, never both (9.6), except the Heavy Machine Gun, which adds to its
small arms (13.2): +2 SA, SA 2 at long range, and spraying fire at the other
soft cards of the target position. Panzerfausts and Panzerschrecks fire only
in melee, against armor with their hit and penetration numbers, or as HE at +2
(13.1); a used Panzerfaust is discarded (15.0). Flamethrowers fire FT in melee
only (9.4); the Anti-Tank Rifle fires AT at range with its own numbers.
"""
from __future__ import annotations

from tcforge.data.card_ids import PANZERFAUST
from tcforge.engine.actions import Action, Equip, Transfer
from tcforge.engine.attacks import Attack
from tcforge.engine.board import ATTACHED, RESERVE, UNCLAIMED
from tcforge.engine.core import CoreState
from tcforge.engine.units import Unit

HMG = "heavy_machine_gun"


def carried(state: CoreState, squad: Unit) -> list[Unit]:
    """The equipment cards on a squad (not other cards attached to it, such as a Heroic Squad Leader)."""
    return [state._units[e] for e in squad.equipment if state._units[e].profile.equipment]


def has_hmg(state: CoreState, squad: Unit) -> bool:
    return any(e.profile.card_class == HMG for e in carried(state, squad))


def may_carry(state: CoreState, squad: Unit, item: Unit) -> bool:
    """Whether ``squad`` may take ``item`` (8.7, FAQ 4, 13.2, equipment.max_per_squad)."""
    if not squad.profile.infantry or squad.pos < 0 or squad.carrier is not None or squad.side != item.side:
        return False
    if item.profile.card_class == HMG and (squad.profile.card_class == "cavalry" or not state.game.rules.hmg_enabled):
        return False  # 13.2: infantry only
    mine = carried(state, squad)
    if any(e.profile.card_id == item.profile.card_id or e.profile.card_class == item.profile.card_class for e in mine):
        return False  # one of each type; 13.1 and 13.2: one per squad
    limit = state.game.rules.equipment_max_per_squad
    return not limit or len(mine) < limit


def attach(state: CoreState, item_uid: int, squad_uid: int) -> None:
    item, squad = state._units[item_uid], state._units[squad_uid]
    if item.pos == RESERVE:
        state.hand[item.side].remove(item_uid)
    elif item.pos == UNCLAIMED:
        for items in state.unclaimed:
            if item_uid in items:
                items.remove(item_uid)
    elif item.pos == ATTACHED and item.carrier is not None:
        old = state._units[item.carrier]
        old.equipment = tuple(e for e in old.equipment if e != item_uid)
    state._attach(item, squad)


def to_reserve(state: CoreState, squad: Unit) -> None:
    """A squad entering the reserve: its equipment goes to the hand with it (13.0)."""
    for item in carried(state, squad):
        item.pos = RESERVE
        item.carrier = None
        item.drawn = False  # seen going back with its squad
        state.hand[squad.side].append(item.uid)
    squad.equipment = tuple(e for e in squad.equipment if not state._units[e].profile.equipment)  # an ace stays


def equip_actions(state: CoreState) -> list[Action]:
    """Free actions of the play: put equipment from the hand on a squad (13.0), or have a squad pick up an
    unclaimed card of its side in its zone (001 Orphaned Equipment; free, as placing equipment is: the project's reading)."""
    side = state.active
    out: list[Action] = []
    for p, left in enumerate(state.unclaimed):
        for e in left:
            if state._units[e].side == side:
                out.extend(Equip(e, u) for u in state._occ[p][side] if may_carry(state, state._units[u], state._units[e]))
    items = [state._units[u] for u in state.hand[side] if state._units[u].profile.equipment]
    if not items:
        return out
    squads = [state._units[u] for p in range(state.game.board.size) for u in state._occ[p][side]
              if state._units[u].profile.infantry and state._units[u].carrier is None]
    return out + [Equip(item.uid, squad.uid) for item in items for squad in squads if may_carry(state, squad, item)]


def transfer_actions(state: CoreState, source: int) -> list[Action]:
    """At the start of a move, equipment may change hands within the position (8.7)."""
    side = state.active
    squads = [state._units[u] for u in state._occ[source][side] if state._units[u].profile.infantry
              and state._units[u].carrier is None] if source >= 0 else []
    out: list[Action] = []
    for giver in squads:
        for item in carried(state, giver):
            out.extend(Transfer(item.uid, taker.uid) for taker in squads
                       if taker is not giver and may_carry(state, taker, item))
    return out


def ranged_attack(state: CoreState, squad: Unit, target: Unit, item: Unit, dist: int, modifier: int) -> Attack | None:
    """The Anti-Tank Rifle's AT fire at range (9.6); other equipment does not fire at range."""
    ip, tp = item.profile, target.profile
    if ip.card_class != "antitank_rifle" or not tp.armored:
        return None
    hit = ip.hit_short if dist == 1 else ip.hit_long
    pen = ip.pen_short if dist == 1 else ip.pen_long
    if hit <= 0 or pen <= 0:
        return None
    return Attack("at", hit, modifier, True, tp.vehicle, pen, tp.armor_front, tp.armor_side, False, False)


def melee_attack(state: CoreState, squad: Unit, target: Unit, item: Unit, kind: str, modifier: int) -> Attack | None:
    """Equipment fire in melee: Panzerfaust/Panzerschreck (13.1), flamethrowers (9.4), the AT rifle."""
    ip, tp = item.profile, target.profile
    cls = ip.card_class
    if cls == "flamethrower":
        return Attack("ft", ip.ft, modifier, melee=True) if kind == "ft" and ip.ft > 0 else None
    if cls in ("antitank_weapon", "antitank_rifle"):
        if tp.armored and kind == "at" and ip.hit_short > 0 and ip.pen_short > 0:
            return Attack("at", ip.hit_short, modifier, True, tp.vehicle, ip.pen_short, tp.armor_front, tp.armor_side,
                          False, True)
        if not tp.armored and kind == "he" and cls == "antitank_weapon":
            extra = state.game.rules.equipment_panzerfaust_he_modifier
            return Attack("he", ip.hit_short, modifier + extra, melee=True)
    return None


def used(state: CoreState, item_uid: int) -> None:
    """After it fires: a Panzerfaust is spent (15.0)."""
    item = state._units[item_uid]
    if item.profile.card_id == PANZERFAUST:
        state._discard_card(item_uid)
