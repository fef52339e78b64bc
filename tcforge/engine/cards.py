"""Special cards in play (11.0-12.2): what each one does, and which are implemented.

Every special card of the data has an entry here. Instants cost a Supply point
(5.0 c), except Coordination, played "in addition to a play" (12.1) since it
gives the point it would cost. Interrupts played in one's own play are free.
Where the sources give no effect, the entry follows the card data's
``effect`` text, which marks it as the project's interpretation.

Interrupts answering the opponent (Stream, Swamp, Minefield, Wire, Weapon
Malfunction, Breakdown, Confusion, the counters) are played in the reaction
windows of :mod:`tcforge.engine.windows`; ``tcforge rules cards`` lists the
status of every card.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from tcforge.data.card_ids import (
    BRIDGE,
    BUNKERS,
    COORDINATION,
    FIRE_SUPPORT,
    FLANK_SHOT,
    FORD,
    FORWARD_OBSERVER,
    FOXHOLES,
    HEROIC_LEADER,
    MINE_DOGS,
    RECON,
    REINFORCEMENTS,
    REPAIR,
    SETUP_TERRAIN,
    SMOKE,
    SNIPER,
    SPECIAL_AMMO,
    STREAM,
    TANK_ACE,
    TANK_BUSTER,
    TANK_REPAIR_SHOP,
    WITHDRAWAL,
)
from tcforge.engine import attachments, movement, smoke, spotting, windows
from tcforge.engine.actions import Action, DrawEvent, Fortify, HitRoll, Interrupt, PlayCard, card_plays
from tcforge.engine.attacks import IMMOBILIZE, KILL, Attack
from tcforge.engine.context import Counter, FireSupport, Play
from tcforge.engine.core import CoreState
from tcforge.engine.fire import terrain_modifier
from tcforge.engine.units import Unit

Target = tuple[Any, ...]  # what a card is played on: the tail of its play action (positions, cards, a mode)


@dataclass(frozen=True)
class Effect:
    when: Literal["instant", "interrupt", "fortification", "attachment", "none"]
    status: Literal["implemented", "partial", "missing"]
    note: str
    targets: Callable[[CoreState, Unit], list[Target]] | None = None
    apply: Callable[[CoreState, Unit, Target], None] | None = None


def _own(state: CoreState, side: int) -> list[Unit]:
    units = state._units
    return [units[u] for sides in state._occ for u in sides[side]]  # by position, as the positions are listed


def _enemy(state: CoreState, side: int) -> list[Unit]:
    return [u for u in _own(state, 1 - side) if u.carrier is None]


def _play(state: CoreState) -> Play:
    """The play under way: special cards are played in one's own play (5.0 c)."""
    play = state.ctx.play
    assert play is not None, "cards are played during the play"
    return play


def _spend(state: CoreState, card: Unit) -> None:
    state._discard_card(card.uid)


def _attach(state: CoreState, card: Unit, target: Unit) -> None:
    state.hand[card.side].remove(card.uid)
    state._attach(card, target)


# --------------------------------------------------------------- fire cards
def _barrage_targets(state: CoreState, card: Unit) -> list[Target]:
    positions = sorted({u.pos for u in _enemy(state, card.side) if u.profile.combat or u.profile.truck
                        or state.face_down(u.uid)})  # 001 1.8: played on hidden cards normally
    out: list[Target] = [(p, "ffe") for p in positions]
    if smoke.enabled(state):
        out += [(p, "smoke") for p in positions]  # 9.5.1 e
    return out


def _barrage(state: CoreState, card: Unit, target: Target) -> None:
    pos, mode = int(target[0]), str(target[1])
    kind = FIRE_SUPPORT[card.profile.card_id]  # type: ignore[index]
    _spend(state, card)
    _answerable(state, Counter(kind, FireSupport(card.profile.card_id, card.uid, card.side, pos=pos, mode=mode)))  # type: ignore[arg-type]


def _answerable(state: CoreState, counter: Counter) -> None:
    """Counterbattery Fire or Aircraft Interception may cancel the attack (source 001, 1.8)."""
    then = counter.then
    assert isinstance(then, FireSupport)
    if not windows.open_window(state, "counter", 1 - then.side, counter):
        fire_support(state, then)


def fire_support(state: CoreState, then: FireSupport) -> None:
    """The attack of an artillery or air card once no counter stopped it."""
    card_id = then.card
    if card_id == TANK_BUSTER:
        assert then.target is not None
        _tank_buster_attack(state, then.uid, then.target)
        return
    side, uid = then.side, then.uid
    pos = then.pos
    assert pos is not None
    if then.mode == "smoke":
        smoke.lay(state, pos, side)
        return
    kind = FIRE_SUPPORT[card_id]  # type: ignore[index]
    extra = (-2 if kind == "art" and _play(state).observer else 0) + unspotted_modifier(state, side, pos)
    spotting.reveal(state, [u for u in state._occ[pos][1 - side] if state._units[u].carrier is None])  # 001 1.8
    for target in list(state._occ[pos][1 - side]):
        unit = state._units[target]
        if unit.carrier is not None:
            continue
        terrain = terrain_modifier(state, pos, kind, unit) or 0
        attack = Attack(kind, 5, terrain + smoke.into_modifier(state, pos) + extra, on_hit=IMMOBILIZE if unit.profile.armored else KILL)
        state.rolls.append(HitRoll(attack, uid, target, False))


def _tank_buster_targets(state: CoreState, card: Unit) -> list[Target]:
    return [(u.uid,) for u in _enemy(state, card.side) if u.profile.armored
            or state.face_down(u.uid)]  # 001 1.8: played on hidden cards normally, whatever lies face down


def _tank_buster(state: CoreState, card: Unit, target: Target) -> None:
    _spend(state, card)
    _answerable(state, Counter("air", FireSupport(TANK_BUSTER, card.uid, card.side, target=int(target[0]))))


def _tank_buster_attack(state: CoreState, card_uid: int, target: int) -> None:
    unit = state._units[target]
    if unit.pos < 0:
        return
    spotting.reveal(state, [target])  # 001 1.8: the hidden card attacked is shown while the attack is resolved
    if not unit.profile.armored:
        return  # the project's reading: aimed face down at a card with no armor, it does nothing (it has no To Kill)
    terrain = terrain_modifier(state, unit.pos, "air", unit) or 0
    terrain += unspotted_modifier(state, 1 - unit.side, unit.pos)
    side = unit.profile.armor_side
    state.rolls.append(HitRoll(Attack("air", 5, terrain, True, True, 12, side, side), card_uid, unit.uid, False))


def unspotted_modifier(state: CoreState, side: int, pos: int) -> int:
    """001 Unspotted Indirect Fire: artillery and air attacks on a zone none of ``side``'s battlefield cards has in
    sight (long-range AT fire's line of sight, traced to the zone) add the ruleset's modifier to their rolls."""
    extra = state.game.rules.indirect_unspotted_modifier
    if not extra or any(state._occ[p][side] and spotting.sees(state, p, pos) for p in range(state.game.board.size)):
        return 0
    return extra


def _sniper_targets(state: CoreState, card: Unit) -> list[Target]:
    board = state.game.board
    mine = [u.pos for u in _own(state, card.side)]
    return [(u.uid,) for u in _enemy(state, card.side) if (u.profile.infantry or u.profile.at_gun or state.face_down(u.uid))
            and any(board.distance(p, u.pos) <= 2 for p in mine)]  # 001 1.8: on a hidden card, unseen


def _sniper(state: CoreState, card: Unit, target: Target) -> None:
    unit = state._units[int(target[0])]
    _spend(state, card)
    if not (unit.profile.infantry or unit.profile.at_gun):
        return  # 001 1.8: aimed at a hidden card it cannot hurt; its owner says so and it stays hidden
    state.rolls.append(HitRoll(Attack("sniper", 2, terrain_modifier(state, unit.pos, "sa", unit) or 0), card.uid, unit.uid, False))


def _mine_dogs_targets(state: CoreState, card: Unit) -> list[Target]:
    board = state.game.board
    squads = [u.pos for u in _own(state, card.side) if u.profile.infantry and u.carrier is None]
    return [(u.uid,) for u in _enemy(state, card.side) if u.profile.vehicle and not state.face_down(u.uid)
            and any(board.distance(p, u.pos) == 1 for p in squads)]


def _mine_dogs(state: CoreState, card: Unit, target: Target) -> None:
    unit = state._units[int(target[0])]
    _spend(state, card)
    state.rolls.append(HitRoll(Attack("dogs", 3, 0), card.uid, unit.uid, False))


# ------------------------------------------------------ attachments and turn
def _attach_targets(state: CoreState, card: Unit) -> list[Target]:
    return list(attachments.targets(state, card))


def _attach_apply(state: CoreState, card: Unit, target: Target) -> None:
    _attach(state, card, state._units[int(target[0])])


def _no_target(state: CoreState, card: Unit) -> list[Target]:
    return [()]


def _coordination_targets(state: CoreState, card: Unit) -> list[Target]:
    # 9.6.1: three at most this turn, counted from the side's own points where a lever gives them (4.0 a)
    room = state.game.supply_points(state.active) < state.game.rules.turn_max_supply_points
    return [] if _play(state).coordination or not room else [()]


def _coordination(state: CoreState, card: Unit, target: Target) -> None:
    _spend(state, card)
    _play(state).coordination = True
    state.supply += 1  # 9.6.1: one more point, three at most this turn


def _flag(name: str) -> Callable[[CoreState, Unit, Target], None]:
    def apply(state: CoreState, card: Unit, target: Target) -> None:
        _spend(state, card)
        setattr(_play(state), name, True)  # a field of Play: a misspelt name fails here
    return apply


def _flag_targets(name: str) -> Callable[[CoreState, Unit], list[Target]]:
    def targets(state: CoreState, card: Unit) -> list[Target]:
        return [] if getattr(_play(state), name) else [()]
    return targets


def _recon_targets(state: CoreState, card: Unit) -> list[Target]:
    """Recon looks at the hand; with hidden units it may instead spot every hidden card of one zone (001 1.7)."""
    enemy = 1 - card.side
    zones = sorted({p for p in range(state.game.board.size) if any(state.face_down(u) for u in state._occ[p][enemy])})
    return [()] + [(p,) for p in zones]


def _recon(state: CoreState, card: Unit, target: Target) -> None:
    _spend(state, card)  # the hand: the observation already shows the known reserve cards; nothing changes in play
    if target:  # 001 1.7: spotted for good if a friendly card sees the zone, else only for the moment (spotting.settle)
        spotting.reveal(state, [u for u in state._occ[int(target[0])][1 - card.side] if state.face_down(u)])


def _reinforcements(state: CoreState, card: Unit, target: Target) -> None:
    _spend(state, card)
    hook = getattr(state.game, "reinforcements_hook", None)
    if hook is not None and hook(state, card.side):
        return  # 17.5: the scenario's reinforcement group arrives
    for _ in range(min(2, len(state.deck[card.side]))):
        state.rolls.append(DrawEvent(card.side))


def _withdrawal_targets(state: CoreState, card: Unit) -> list[Target]:
    board = state.game.board
    out = []
    for pos in range(board.size):
        mine = [state._units[u] for u in state._occ[pos][card.side] if state._units[u].profile.combat]
        if not mine or not state._occ[pos][1 - card.side]:
            continue
        for to in board.neighbours[pos]:
            if not state._occ[to][1 - card.side] and all(movement.has_room(state, u, to) for u in mine[:1]):
                combat, _ = state.combat_count(to, card.side)
                if combat + min(3, len(mine)) <= state.game.rules.stacking_combat_cards:
                    out.append((pos, to))
    return out


def _withdrawal(state: CoreState, card: Unit, target: Target) -> None:
    pos, to = int(target[0]), int(target[1])
    _spend(state, card)
    movers = [u for u in state._occ[pos][card.side] if state._units[u].profile.combat][:3]
    for uid in movers:
        unit = state._units[uid]
        state._relocate(unit, to)
        unit.entered_from = None
    state._update_forts()
    state._check_victory()


# ------------------------------------------------- own-turn interrupts, forts
def _repair_targets(state: CoreState, card: Unit) -> list[Target]:
    return [(u.uid,) for u in _own(state, card.side) if u.immobilized]


def _repair(state: CoreState, card: Unit, target: Target) -> None:
    _spend(state, card)
    state._units[int(target[0])].immobilized = False  # 9.3.2, 12.2


def _bridge_targets(state: CoreState, card: Unit) -> list[Target]:
    edges: list[Target] = [(a, b) for a, b, crossing in state.streams if not crossing]  # 001 Streams between zones
    return [(p,) for p in range(state.game.board.size) if state.terrain[p] == STREAM or state.water[p] == STREAM] + edges


def _bridge(state: CoreState, card: Unit, target: Target) -> None:
    _spend(state, card)
    if len(target) == 2:  # 001 Streams: it stays on the Stream between two zones, which vehicles may now cross
        movement.cross(state, int(target[0]), int(target[1]), card.profile.card_id)
        return
    pos = int(target[0])
    if state.water[pos] == STREAM:
        state.water[pos] = None
    else:
        state.terrain[pos] = None  # 11.0: the Stream card is removed
    state._sight_changed()


def _smoke_targets(state: CoreState, card: Unit) -> list[Target]:
    return list(smoke.card_targets(state))


def _smoke(state: CoreState, card: Unit, target: Target) -> None:
    _spend(state, card)
    smoke.lay(state, int(target[0]), card.side)


def fort_targets(state: CoreState, card: Unit) -> list[Target]:
    """11.0: on a position holding your infantry, on top of any terrain; Bunkers replace Foxholes."""
    out = []
    for p in range(state.game.board.size):
        if not any(state._units[u].profile.infantry and state._units[u].carrier is None for u in state._occ[p][card.side]):
            continue
        fort = state.forts[p]
        if fort is None or (fort.side == card.side and fort.card_id == FOXHOLES and card.profile.card_id == BUNKERS):
            out.append((p,))
    return out


def fortify(state: CoreState, card: Unit, target: Target) -> None:
    state._place_fort(int(target[0]), card.side, int(card.profile.card_id), card.uid)  # Foxholes, Bunkers: rule book ids


# ------------------------------------------------------------------ registry
def _missing(note: str) -> Effect:
    return Effect("interrupt", "missing", note)


EFFECTS: dict[int | str, Effect] = {
    **{cid: Effect("instant", "implemented", "fire for effect (hit 5, terrain Air/Art) or Smoke (9.5.1 e)",
                   _barrage_targets, _barrage) for cid in FIRE_SUPPORT},
    TANK_BUSTER: Effect("instant", "implemented", "air attack on one armored vehicle: hit 5, penetration 12 against side armor",
                _tank_buster_targets, _tank_buster),
    SNIPER: Effect("instant", "implemented", "destroys one infantry, cavalry or AT gun within 2 of your cards on 1-2",
                _sniper_targets, _sniper),
    MINE_DOGS: Effect("instant", "implemented", "destroys a vehicle next to your infantry on 1-3", _mine_dogs_targets, _mine_dogs),
    TANK_ACE: Effect("attachment", "implemented", "-1 to the tank's anti-tank hit rolls",
                     _attach_targets, _attach_apply),
    HEROIC_LEADER: Effect("attachment", "implemented", "+1 SA and +1 Tank Melee for one squad",
                          _attach_targets, _attach_apply),
    SPECIAL_AMMO: Effect("attachment", "implemented", "+2 penetration on the next anti-tank shot (a scenario may change it)",
                         _attach_targets, _attach_apply),
    COORDINATION: Effect("instant", "implemented", "one more Supply point this turn, free to play (12.1)",
                         _coordination_targets, _coordination),
    FLANK_SHOT: Effect("instant", "implemented", "the next anti-tank shot this turn strikes side armor (9.3.1)",
                       _flag_targets("flank_shot"), _flag("flank_shot")),
    FORWARD_OBSERVER: Effect("instant", "implemented", "-2 to your artillery rolls this turn",
                             _flag_targets("observer"), _flag("observer")),
    RECON: Effect("instant", "implemented", "reveals the hand; with hidden units (001 1.7) it may spot one zone's hidden cards",
                _recon_targets, _recon),
    REINFORCEMENTS: Effect("instant", "implemented", "brings the scenario's reinforcement group (17.5), else draws two cards",
                _no_target, _reinforcements),
    WITHDRAWAL: Effect("instant", "implemented", "up to three cards leave a melee to an adjacent position without enemies",
                _withdrawal_targets, _withdrawal),
    REPAIR: Effect("interrupt", "implemented", "repairs an immobilized vehicle, in either player's play",
                   _repair_targets, _repair),
    BRIDGE: Effect("interrupt", "implemented", "removes a Stream so vehicles and guns may enter (11.0)",
                   _bridge_targets, _bridge),
    FORD: Effect("interrupt", "implemented", "removes a Stream so vehicles and guns may enter (11.0)",
                 _bridge_targets, _bridge),
    SMOKE: Effect("interrupt", "implemented", "placed in either player's play and as a melee begins (9.5.1)",
                  _smoke_targets, _smoke),
    FOXHOLES: Effect("fortification", "implemented", "placed free at the start of your play (11.0)", fort_targets, fortify),
    BUNKERS: Effect("fortification", "implemented", "placed free at the start of your play (11.0)", fort_targets, fortify),
    2: Effect("interrupt", "implemented", "attacks a vehicle entering a position: 1-3 destroys, 4-5 immobilizes"),
    20: Effect("interrupt", "implemented", "attacks every card of a group entering a position; Minefield Gap cancels it"),
    21: Effect("interrupt", "implemented", "placed on a position in the opponent's play or as they move in (11.1)"),
    28: Effect("interrupt", "implemented", "placed on a position in the opponent's play or as they move in (11.1)"),
    29: Effect("interrupt", "implemented", "played while one of your cards moves: its next slowing position does not slow it"),
    30: Effect("interrupt", "implemented", "cancels a Minefield played on your cards"),
    31: Effect("interrupt", "implemented", "stops an enemy card as it moves"),
    32: Effect("interrupt", "implemented", "cancels an enemy artillery attack"),
    67: Effect("interrupt", "implemented", "cancels an enemy card's declared shot"),
    68: Effect("interrupt", "implemented", "immobilizes an enemy vehicle in its owner's play"),
    70: Effect("interrupt", "implemented", "cancels an enemy air attack"),
    122: Effect("interrupt", "implemented", "your cards fire first in a melee; the enemy's losses never fire back"),
    123: Effect("interrupt", "implemented", "after a fresh assault with tanks and infantry, the defenders fall back before fire"),
    124: Effect("interrupt", "implemented", "the opponent loses one unspent Supply point"),
    TANK_REPAIR_SHOP: Effect("none", "implemented", "never played (a collector's card)"),
}
for _terrain in SETUP_TERRAIN:
    EFFECTS[_terrain] = Effect("none", "implemented", "set-up terrain (6.1); in the hand it can only be discarded")


def playable(state: CoreState) -> list[Action]:
    """The special cards the active player may play now in their own play."""
    side = state.active
    rules = state.game.rules
    out: list[Action] = []
    at_start = not _play(state).acted
    # a card's targets read only the state, its side and its card (two Heroic Squad Leaders in hand have the same):
    # found once a call for each card of the hand
    found: dict[int | str, list[Target]] = {}

    def targets(effect: Effect, card: Unit) -> list[Target]:
        card_id = card.profile.card_id
        known = found.get(card_id)
        if known is None:
            assert effect.targets is not None
            known = found[card_id] = effect.targets(state, card)
        return known

    for uid in sorted(state.hand[side]):
        card = state._units[uid]
        effect = EFFECTS.get(card.profile.card_id)
        if effect is None or effect.targets is None or not card.profile.special or card.profile.card_id in state.game.unplayable:
            continue
        if effect.when == "fortification":
            if at_start:
                out.extend(card_plays(Fortify, uid, targets(effect, card)))
            continue
        if effect.when == "interrupt":
            out.extend(card_plays(Interrupt, uid, targets(effect, card)))
            continue
        free = card.profile.card_id == COORDINATION
        if not free and (card.profile.kind != "instant" or state.supply < rules.turn_instant_cost):
            continue
        if effect.when in ("instant", "attachment"):
            out.extend(card_plays(PlayCard, uid, targets(effect, card)))
    return out


def play(state: CoreState, action: PlayCard | Interrupt | Fortify) -> None:
    card = state._units[int(action.card)]
    effect = EFFECTS[card.profile.card_id]
    if type(action) is PlayCard and card.profile.card_id != COORDINATION:
        state.supply -= state.game.rules.turn_instant_cost  # 5.0 c
    assert effect.apply is not None
    effect.apply(state, card, action.target)


def status() -> dict[int | str, Effect]:
    return EFFECTS
