"""Reaction windows: when a player may answer the other's play with an Interrupt (12.2, 11.1, 9.5.1).

Either player may play an Interrupt whenever it likes (12.2); the engine gives a
player a decision at the moments an Interrupt can change something, and only
when they hold one that fits:

- ``play``: before each play of the opponent (Smoke, Stream, Swamp, Breakdown,
  Confusion, Repair);
- ``entry``: as an enemy card is about to enter a position (Minefield, Wire,
  Anti-Tank Mine, Stream, Swamp: 11.1);
- ``fire``: as an enemy card declares a shot (Weapon Malfunction);
- ``melee``: as a melee begins, for each side in turn (Smoke 9.5.1 d, Panic,
  Tactical Advantage);
- ``counter``: in answer to an enemy card (Counterbattery Fire against
  artillery, Aircraft Interception against air attacks, Minefield Gap against a
  Minefield).

Several Interrupts may be played in one window; the player ends it with
``("pass",)``, and what was waiting (a step, a shot, an attack) goes on.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tcforge.engine.attacks import Attack

if TYPE_CHECKING:
    from tcforge.engine.state import Action, GameState

ANTI_TANK_MINE, MINEFIELD, STREAM, SWAMP, MINEFIELD_GAP, WIRE = 2, 20, 21, 28, 30, 31
COUNTERBATTERY, WEAPON_MALFUNCTION, BREAKDOWN, REPAIR, INTERCEPTION = 32, 67, 68, 69, 70
TACTICAL_ADVANTAGE, PANIC, CONFUSION = 122, 123, 124
SMOKE = "SP-SMOKE"
VILLAGE = 17
AIR_CARDS = {63, 108, 109, 159}
ART_CARDS = {33, 64, 65}


def _hand(state: "GameState", side: int, card_id: int | str) -> list[int]:
    if card_id in state.game.unplayable:
        return []
    return [u for u in state.hand[side] if state.units[u].profile.card_id == card_id]


def _has_heavy(state: "GameState", pos: int) -> bool:
    """Vehicles or AT guns of either side in the position (11.1 forbids Stream and Swamp there)."""
    return any(state.units[u].profile.vehicle or state.units[u].profile.at_gun for side in (0, 1) for u in state.occ[pos][side])


def _water_ok(state: "GameState", pos: int, card_id: int) -> bool:
    if pos < 0 or state.water[pos] is not None or state.terrain[pos] in (STREAM, SWAMP) or _has_heavy(state, pos):
        return False
    return not (card_id == SWAMP and state.terrain[pos] == VILLAGE)  # 6.1.1 note: no Swamp on a Village


def options(state: "GameState") -> list["Action"]:
    """The Interrupts the window's player may play now, besides passing."""
    window = state.ctx["window"]
    kind, side, data = window["kind"], window["side"], window["data"]
    params = state.game.params
    out: list[Action] = []
    smoke_ok = params["smoke.enabled"]
    if kind == "play":
        enemy = 1 - side
        for uid in _hand(state, side, SMOKE) if smoke_ok else []:
            out.extend(("interrupt", uid, p) for p in range(state.game.board.size)
                       if state.smoke[p] < 0 and (state.occ[p][0] or state.occ[p][1]))
        for card_id in (STREAM, SWAMP):
            for uid in _hand(state, side, card_id):
                out.extend(("interrupt", uid, p) for p in range(state.game.board.size) if _water_ok(state, p, card_id)
                           and (state.occ[p][0] or state.occ[p][1]))
        for uid in _hand(state, side, BREAKDOWN):
            out.extend(("interrupt", uid, u) for p in range(state.game.board.size) for u in state.occ[p][enemy]
                       if state.units[u].profile.vehicle and not state.units[u].immobilized)
        for uid in _hand(state, side, REPAIR):
            out.extend(("interrupt", uid, u) for p in range(state.game.board.size) for u in state.occ[p][side]
                       if state.units[u].immobilized)
        if state.supply > 0:
            out.extend(("interrupt", uid) for uid in _hand(state, side, CONFUSION))
    elif kind == "entry":
        mover = state.units[data["mover"]]
        group = [mover] + [state.units[r] for r in data["riders"]]
        to = data["to"]
        out.extend(("interrupt", uid) for uid in _hand(state, side, MINEFIELD)[:1])
        out.extend(("interrupt", uid) for uid in _hand(state, side, WIRE)[:1])
        if any(m.profile.vehicle for m in group):
            out.extend(("interrupt", uid) for uid in _hand(state, side, ANTI_TANK_MINE)[:1])
        for card_id in (STREAM, SWAMP):
            if _water_ok(state, to, card_id):
                out.extend(("interrupt", uid) for uid in _hand(state, side, card_id)[:1])
    elif kind == "fire":
        out.extend(("interrupt", uid) for uid in _hand(state, side, WEAPON_MALFUNCTION)[:1])
    elif kind == "melee":
        pos = data["pos"]
        if smoke_ok and state.smoke[pos] < 0:
            out.extend(("interrupt", uid) for uid in _hand(state, side, SMOKE)[:1])
        if not state.ctx.get("first_fire"):
            out.extend(("interrupt", uid) for uid in _hand(state, side, TACTICAL_ADVANTAGE)[:1]
                       if state.units[uid].profile.kind == "interrupt")
        if side == state.active and _panic_allowed(state, pos, side):
            out.extend(("interrupt", uid) for uid in _hand(state, side, PANIC)[:1]
                       if state.units[uid].profile.kind == "interrupt")
    elif kind == "counter":
        wanted = {"art": COUNTERBATTERY, "air": INTERCEPTION, "minefield": MINEFIELD_GAP}[data["against"]]
        out.extend(("interrupt", uid) for uid in _hand(state, side, wanted)[:1])
    return out


def legal(state: "GameState") -> list["Action"]:
    return options(state) + [("pass",)]


def open_window(state: "GameState", kind: str, side: int, data: dict[str, Any]) -> bool:
    """Give ``side`` a reaction window if they hold an Interrupt that fits; True when it opened."""
    state.ctx["window"] = {"kind": kind, "side": side, "data": data}
    if options(state):
        state.changed()
        return True
    del state.ctx["window"]
    return False


def apply(state: "GameState", action: "Action") -> None:
    window = state.ctx["window"]
    kind, side, data = window["kind"], window["side"], window["data"]
    if action[0] == "pass":
        del state.ctx["window"]
        _resume(state, kind, data, cancelled=False)
        return
    card = state.units[int(action[1])]
    card_id = card.profile.card_id
    state.discard_card(card.uid)
    if kind == "play":
        _play_effect(state, card_id, side, action)
        return  # the window stays open: more than one Interrupt may be played (12.2)
    if kind == "entry":
        del state.ctx["window"]
        _entry_effect(state, card_id, side, data)
        return
    if kind == "fire":  # Weapon Malfunction: the shot is not fired
        del state.ctx["window"]
        _resume(state, kind, data, cancelled=True)
        return
    if kind == "melee":
        if card_id == SMOKE:
            from tcforge.engine.cards import place_smoke
            place_smoke(state, data["pos"])
        elif card_id == TACTICAL_ADVANTAGE:
            state.ctx["first_fire"] = side
        elif card_id == PANIC:
            _panic(state, data["pos"], side)
        return
    if kind == "counter":  # the attack it answers is cancelled
        del state.ctx["window"]
        _resume(state, kind, data, cancelled=True)
        return


def _play_effect(state: "GameState", card_id: int | str, side: int, action: "Action") -> None:
    if card_id == SMOKE:
        state.smoke[int(action[2])] = state.half_turn()  # played in the opponent's turn: lifts at its end (9.5.1 b)
        state.sight_changed()
        return
    if card_id in (STREAM, SWAMP):
        _place_water(state, int(action[2]), int(card_id))
    elif card_id == BREAKDOWN:
        state.units[int(action[2])].immobilized = True  # 12.2
    elif card_id == REPAIR:
        state.units[int(action[2])].immobilized = False
    elif card_id == CONFUSION:
        state.supply -= 1


def _place_water(state: "GameState", pos: int, card_id: int) -> None:
    """11.1: on clear terrain it is the terrain; on other terrain only the movement rule is added."""
    if state.terrain[pos] is None:
        state.terrain[pos] = card_id
    else:
        state.water[pos] = card_id
    state.sight_changed()


def _entry_effect(state: "GameState", card_id: int | str, side: int, data: dict[str, Any]) -> None:
    from tcforge.engine import movement
    mover = state.units[data["mover"]]
    group = [mover] + [state.units[r] for r in data["riders"]]
    if card_id == WIRE:  # the card stops where it is (001, Wire)
        state.ctx["left"] = 0
        return
    if card_id in (STREAM, SWAMP):
        _place_water(state, data["to"], int(card_id))
        if any(m.profile.vehicle or m.profile.at_gun for m in group):
            state.ctx["left"] = 0  # 11.1: vehicles and guns go back to where they were: here, they stay
            return
        movement.do_step(state, data["to"])  # infantry on foot goes on into the position
        return
    if card_id == MINEFIELD:
        data = dict(data, mine=card_id)
        if open_window(state, "counter", 1 - side, {"against": "minefield", "then": data}):
            return
        _mine_attacks(state, data)
        return
    if card_id == ANTI_TANK_MINE:
        for m in group:
            if m.profile.vehicle:
                state.rolls.append(("hit", Attack("mine", 3, 0, immobilise_to=5), -1, m.uid, False))
        state.ctx["pending_step"] = data["to"]


def _mine_attacks(state: "GameState", data: dict[str, Any]) -> None:
    """A Minefield attacks every card of the group: 1-2 destroys, 3 immobilises a vehicle (or destroys another card)."""
    mover = state.units[data["mover"]]
    for m in [mover] + [state.units[r] for r in data["riders"]]:
        attack = Attack("mine", 2, 0, immobilise_to=3) if m.profile.vehicle else Attack("mine", 3, 0)
        state.rolls.append(("hit", attack, -1, m.uid, False))
    state.ctx["pending_step"] = data["to"]


def _resume(state: "GameState", kind: str, data: dict[str, Any], *, cancelled: bool) -> None:
    from tcforge.engine import cards, fire, movement
    if kind == "play":
        state.ctx["play_window_done"] = True
    elif kind == "entry":
        movement.do_step(state, data["to"])
    elif kind == "fire":
        fire.fire_shot(state, data["shot"], cancelled=cancelled)
    elif kind == "melee":
        state.ctx["melee_windows"] = state.ctx.get("melee_windows", 0) + 1
    elif kind == "counter":
        then = data["then"]
        if data["against"] == "minefield":
            if not cancelled:
                _mine_attacks(state, then)
            else:
                movement.do_step(state, then["to"])
        elif not cancelled:
            cards.fire_support(state, then)


def _panic_allowed(state: "GameState", pos: int, side: int) -> bool:
    """Panic (9.6.1): a fresh assault with three combat cards, tanks and infantry among them."""
    attackers = [state.units[u] for u in state.occ[pos][side]
                 if state.units[u].profile.combat and state.units[u].entered_from is not None and state.units[u].moved]
    return len(attackers) >= 3 and any(a.profile.tank for a in attackers) and any(a.profile.infantry for a in attackers)


def _panic(state: "GameState", pos: int, side: int) -> None:
    """The defender's cards leave for the nearest position without enemy cards that has room, before any fire."""
    from tcforge.engine.movement import has_room
    board = state.game.board
    enemy = 1 - side
    for uid in list(state.occ[pos][enemy]):
        unit = state.units[uid]
        if unit.carrier is not None:
            continue
        seen, frontier, target = {pos}, [pos], None
        while frontier and target is None:
            nxt = []
            for p in frontier:
                for q in board.neighbours[p]:
                    if q in seen:
                        continue
                    seen.add(q)
                    if not state.occ[q][side] and has_room(state, unit, q, [unit]):
                        target = q
                        break
                    nxt.append(q)
                if target is not None:
                    break
            frontier = sorted(nxt, key=lambda q: board.distance(q, board.rear_rank(enemy)[0]))
        if target is None:
            continue
        state.occ[pos][enemy].remove(uid)
        state.occ[target][enemy].append(uid)
        unit.pos = target
        unit.entered_from = None
        for rider in state.units:
            if rider.carrier == uid and rider.pos >= 0:
                state.occ[rider.pos][enemy].remove(rider.uid)
                state.occ[target][enemy].append(rider.uid)
                rider.pos = target

