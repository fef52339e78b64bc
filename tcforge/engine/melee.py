"""Melee (10.0): opposing cards in one position fire at each other, all at once.

After the play, the active player resolves every position holding cards of
both sides, in the order they choose. Each card may fire once: infantry and
cavalry must pick enemy infantry or cavalry while there is any, tanks must
pick enemy tanks while there is any. The owners choose targets (the active
player first), every attack is rolled, then all results apply together: a card
destroyed in the melee still fires (10.0). Terrain does not help, except
Foxholes and Bunkers for infantry; flank hits come on a natural 1 or 3; Smoke
adds 2 to every roll (9.5.1 d).
"""
from __future__ import annotations

from dataclasses import replace

from tcforge.engine import attachments, equipment, smoke, windows
from tcforge.engine.actions import Action, ChooseMelee, HitRoll, Hold, Smoke, SmokeRoll, Target
from tcforge.engine.attacks import Attack, made
from tcforge.engine.context import Context, Melee, MeleeStart, Phase
from tcforge.engine.core import CoreState
from tcforge.engine.fire import fort_modifier, spray, terrain_modifier
from tcforge.engine.units import Unit


def melee_positions(state: CoreState) -> list[int]:
    occ = state._occ  # a position with no card of a side has no fighter of it: most are passed without a list
    return [pos for pos in range(state.game.board.size)
            if occ[pos][0] and occ[pos][1] and _fighters(state, pos, 0) and _fighters(state, pos, 1)]


def _fighters(state: CoreState, pos: int, side: int) -> list[int]:
    return [uid for uid in state._occ[pos][side] if state._units[uid].carrier is None]


def assaulting(unit: Unit) -> bool:
    """The card entered this enemy-held position during this turn's play: its first melee round."""
    return unit.entered_from is not None and unit.moved > 0


def began_melee(state: CoreState, unit: Unit) -> bool:
    """10.0, 20.0: the card entered its enemy-held position and the melee it so began (or joined) goes on, in this turn
    or a later one; a card there before the enemy came defends (the enemy cards it found, or their successors once
    a new melee began, :meth:`CoreState._melee_begins`)."""
    return unit.entered_from is not None and unit.pos >= 0 and bool(state._occ[unit.pos][1 - unit.side])


def hmg_in_use(state: CoreState, unit: Unit) -> bool:
    """13.2: the card fires its Heavy Machine Gun in this melee (never assaulting infantry in the first round)."""
    rules = state.game.rules
    return (unit.profile.infantry and bool(unit.equipment) and rules.hmg_enabled and equipment.has_hmg(state, unit)
            and (rules.hmg_assault_first_round or not assaulting(unit)))


def melee_attack(state: CoreState, unit: Unit, target: Unit, kind: str, item: Unit | None = None) -> Attack | None:
    """The attack ``unit`` makes on ``target`` in melee with fire of ``kind`` (with a carried ``item``), or None."""
    rules = state.game.rules
    fp, tp = unit.profile, target.profile
    pos = unit.pos
    scenario = state.game.scenario_rules
    if scenario is not None and not scenario.fire_allowed(kind if kind != "tmv" else "at"):
        return None
    modifier = smoke.melee_modifier(state, pos)
    if rules.melee_terrain == "all" and kind in ("at", "he", "sa"):
        modifier += terrain_modifier(state, pos, kind, target) or 0  # the position's terrain and fortifications
    else:
        modifier += fort_modifier(state, pos, target, kind)  # 10.0: only Foxholes and Bunkers, for infantry
    if item is not None:
        return equipment.melee_attack(state, unit, target, item, kind, modifier)
    if kind == "ft":
        if fp.ft <= 0:
            return None
        return made("ft", fp.ft, modifier, False, False, 0, 0, 0, False, True)
    if tp.armored:
        if kind == "at" and fp.hit_short > 0 and fp.pen_short > 0:
            ace = attachments.ace_modifier(state, unit, "at")  # Tank Ace
            pen = fp.pen_short if scenario is None else scenario.penetration(state, unit.uid, fp.pen_short, True)  # 20.0 rule 7
            return made("at", fp.hit_short, modifier + ace, True, tp.vehicle, pen, tp.armor_front, tp.armor_side,
                        False, True)
        if kind == "tmv" and fp.infantry and fp.tank_melee > 0:
            supported = any(state._units[u].profile.infantry for u in _fighters(state, pos, target.side))
            if not supported:
                table = rules.melee_tank_melee_modifiers
                modifier += int(table.get(str(fp.points), 0)) + rules.melee_unsupported_tank_modifier
            leader = attachments.leader_bonus(state, unit, "tmv")  # Heroic Squad Leader
            return made("tmv", fp.tank_melee + leader, modifier, False, False, 0, 0, 0, False, True)
        return None
    if kind == "he" and fp.he > 0 and not (fp.vehicle and rules.melee_vehicle_fire_at_soft == "sa_only"
                                          and (tp.infantry or tp.at_gun)):
        return made("he", fp.he, modifier, False, False, 0, 0, 0, False, True)  # 001 bars HE only at infantry, cavalry and AT guns (9.4)
    if kind == "sa" and fp.sa > 0:
        bonus = rules.hmg_sa_bonus if hmg_in_use(state, unit) else 0  # 13.2
        bonus += attachments.leader_bonus(state, unit, "sa")  # Heroic Squad Leader
        ammo = scenario.ammo_for(state, unit.uid) if scenario is not None and unit.equipment else None
        if ammo is not None:
            bonus += ammo.melee_sa_bonus  # Hill 621's C7 canister
        return made("sa", fp.sa + bonus, modifier, False, False, 0, 0, 0, False, True)
    return None


def options(state: CoreState, unit: Unit) -> list[tuple[int, str, int]]:
    """(target, kind, equipment uid or -1) the unit may choose, after the fire priorities of 10.0."""
    side = unit.side
    enemies = [state._units[u] for u in _fighters(state, unit.pos, 1 - side)]
    if unit.profile.infantry and any(e.profile.infantry for e in enemies):
        enemies = [e for e in enemies if e.profile.infantry]
    elif unit.profile.tank and any(e.profile.tank for e in enemies):
        enemies = [e for e in enemies if e.profile.tank]
    out = []
    items = [e for e in equipment.carried(state, unit) if e.profile.card_class != equipment.HMG]
    for enemy in enemies:
        for kind in ("at", "tmv", "he", "sa", "ft"):
            if _may_attack(state, unit, enemy, kind) and melee_attack(state, unit, enemy, kind) is not None:
                out.append((enemy.uid, kind, -1))
            for item in items:
                if melee_attack(state, unit, enemy, kind, item) is not None:
                    out.append((enemy.uid, kind, item.uid))
    return out


def _may_attack(state: CoreState, unit: Unit, target: Unit, kind: str) -> bool:
    """False where :func:`melee_attack` without an item is None whatever the modifiers: the cards alone forbid the
    kind (a fast filter; the attack itself decides the rest)."""
    fp, tp = unit.profile, target.profile
    if kind == "ft":
        return fp.ft > 0
    if tp.armored:
        return (kind == "at" and fp.hit_short > 0 and fp.pen_short > 0) or (kind == "tmv" and fp.infantry and fp.tank_melee > 0)
    return (kind == "he" and fp.he > 0) or (kind == "sa" and fp.sa > 0)


def _current(state: CoreState) -> Melee:
    """The melee phase under way."""
    melee = state.ctx.melee
    assert melee is not None, "not in the melee phase"
    return melee


def next_melee(state: CoreState) -> None:
    m = _current(state)
    m.pending = [p for p in m.pending if _fighters(state, p, 0) and _fighters(state, p, 1)]
    m.at = None
    if not m.pending:
        state.phase = Phase.DISCARD
        state.ctx = Context()
        return
    if len(m.pending) == 1:
        _start(state, m.pending[0])
    else:
        m.stage = "order"


def _start(state: CoreState, pos: int) -> None:
    m = _current(state)
    m.pending.remove(pos)
    m.at = pos
    m.stage = "targets"
    m.choosing = state.active
    m.to_act = state.active
    m.orders = []
    m.todo = sorted(_fighters(state, pos, state.active))
    m.melee_windows = 0  # each side may answer the melee's start (Smoke, Panic, Tactical Advantage)
    m.first_fire = None


def legal(state: CoreState) -> list[Action]:
    m = _current(state)
    if m.stage == "order":
        return [ChooseMelee(pos) for pos in m.pending]
    if m.stage != "targets" or not m.todo:
        return []
    unit = state._units[m.todo[0]]
    actions: list[Action] = [Target(unit.uid, target, kind, eq) for target, kind, eq in options(state, unit)]
    if smoke.by_he_fire(state, unit) and not smoke.lies(state, unit.pos):
        actions.append(Smoke(unit.uid, unit.pos))  # 9.5.1 f: a try at Smoke instead of its melee fire
    actions.append(Hold(unit.uid))
    return actions


def apply(state: CoreState, action: Action) -> None:
    m = _current(state)
    kind = type(action)
    if kind is ChooseMelee:
        assert isinstance(action, ChooseMelee)
        _start(state, int(action.pos))
        return
    assert m.todo is not None and m.orders is not None
    uid = m.todo.pop(0)
    if kind is Target:
        assert isinstance(action, Target)
        m.orders.append((uid, int(action.target), str(action.fire), int(action.item)))
    elif kind is Smoke:
        m.orders.append((uid, -1, "smoke", -1))


def advance(state: CoreState) -> bool:
    m = _current(state)
    stage = m.stage
    if stage == "targets" and m.melee_windows is not None and m.melee_windows < 2:
        assert m.at is not None
        side = state.active if m.melee_windows == 0 else 1 - state.active
        if not windows.open_window(state, "melee", side, MeleeStart(m.at)):
            m.melee_windows += 1
        if m.melee_windows >= 2:  # after Panic, the position may hold one side only
            m.todo = sorted(_fighters(state, m.at, state.active))
            if not _fighters(state, m.at, 1 - state.active):
                next_melee(state)
        return True
    if stage == "targets":
        assert m.todo is not None and m.orders is not None and m.at is not None
        while m.todo and len(state.legal_actions()) == 1:  # nothing to fire at: the card holds
            m.todo.pop(0)
            state._changed()
        if m.todo:
            return False
        if m.choosing == state.active:
            m.choosing = m.to_act = 1 - state.active
            m.todo = sorted(_fighters(state, m.at, 1 - state.active))
            return True
        m.to_act = state.active
        first = m.first_fire
        if first is not None:  # Tactical Advantage: this side fires first and its results apply at once
            _roll_orders(state, [o for o in m.orders if state._units[o[0]].side == first], deferred=False)
            m.stage = "second"
            return True
        m.stage = "resolve"
        _roll_orders(state, m.orders, deferred=True)
        return True
    if stage == "second":
        assert m.orders is not None
        first = m.first_fire
        survivors = [o for o in m.orders if state._units[o[0]].side != first and state._units[o[0]].pos == m.at
                     and (o[1] < 0 or state._units[o[1]].pos == m.at)]
        m.stage = "resolve"
        _roll_orders(state, survivors, deferred=True)
        return True
    if stage == "resolve":
        effects, state.effects = state.effects, []
        for target, result in effects:  # 10.0: every result applies at once, and victory is judged after them all
            state._apply_result(target, result, judge=False)
        state._check_victory()
        if state.outcome is not None:
            return True
        next_melee(state)
        return True
    return False


def _roll_orders(state: CoreState, orders: list[tuple[int, int, str, int]], *, deferred: bool) -> None:
    """Queue the attacks of the given melee orders (deferred: results wait to apply all at once)."""
    for uid, target, kind, eq in orders:
        if kind == "smoke":  # 9.5.1 f: the HE value or less, no modifier at this range; lifts as 9.5.1 b says
            firer = state._units[uid]
            if firer.pos >= 0 and not smoke.lies(state, firer.pos):
                state.rolls.append(SmokeRoll(smoke.he_melee_attack(firer), uid, firer.pos))
            continue
        unit, victim = state._units[uid], state._units[target]
        item = state._units[eq] if eq >= 0 else None
        if unit.pos < 0 or victim.pos < 0:
            continue
        attack = melee_attack(state, unit, victim, kind, item)
        if attack is None:
            continue
        m = state.ctx.melee
        if kind == "at" and item is None and m is not None and m.flank_shot and unit.side == state.active:
            attack = replace(attack, flank_shot=True)  # the Flank Shot played this turn (9.3.1; 1 or 3 halves, 10.0)
            m.flank_shot = False
        state.rolls.append(HitRoll(attack, uid, target, deferred))
        if kind == "at" and item is None:
            state.ap_shots[str(uid)] = state.ap_shots.get(str(uid), 0) + 1  # a melee AT shot uses a round too (20.0 rule 7)
        if item is not None:
            equipment.used(state, eq)
        elif kind == "sa" and hmg_in_use(state, unit):  # only the HMG itself sprays (13.2), no other SA bonus
            spray(state, unit, victim, deferred)
