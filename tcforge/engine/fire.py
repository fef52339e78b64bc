"""Fire (9.0-9.5.1): range, line of sight, modifiers, and the attacks a card may make.

A fire action (5.0 b) lets up to three cards of one position fire, one shot
each, a decision per shot. :func:`build_attack` turns a firer, a target and a
kind of fire into an :class:`~tcforge.engine.attacks.Attack`; the rolls are
then chance events of the state. Terrain modifies fire into its position only
(9.5); Smoke adds to fire into and out of its position and blocks line of
sight through it (9.5.1 c).
"""
from __future__ import annotations

from dataclasses import replace

from tcforge.data.card_ids import BUNKERS
from tcforge.engine import attachments, equipment, smoke, windows
from tcforge.engine.actions import Action, Done, HitRoll, Shoot, Smoke, SmokeRoll
from tcforge.engine.attacks import Attack, made
from tcforge.engine.context import FireUnderWay, Phase, Play, Shot
from tcforge.engine.core import CoreState, IllegalActionError
from tcforge.engine.units import Unit

RANGED_KINDS = ("at", "he", "sa")


def terrain_modifier(state: CoreState, pos: int, kind: str, target: Unit) -> int | None:
    """Terrain's modifier to fire of ``kind`` into ``pos`` at ``target`` (None: not allowed)."""
    terrain = state.terrain[pos]
    fort = state.forts[pos]
    if terrain is None and fort is None:
        return 0  # clear ground, no fortification
    game = state.game
    total = 0
    in_bunker = fort is not None and fort.card_id == BUNKERS and fort.side == target.side and target.profile.infantry
    if terrain is not None:
        value = game.terrain_rows[terrain].modifier(kind, target.profile.armored, in_bunker)
        if value is None:
            return None
        total += value
    if fort is not None and fort.side == target.side and target.profile.infantry:
        value = game.terrain_rows[fort.card_id].modifier(kind, False, in_bunker)
        total += value or 0  # 11.0: Foxholes and Bunkers add to the terrain beneath
    return total


def fort_modifier(state: CoreState, pos: int, target: Unit, kind: str) -> int:
    """10.0: in melee only Foxholes and Bunkers help, and only the infantry of their side."""
    fort = state.forts[pos]
    if fort is None or fort.side != target.side or not target.profile.infantry or kind not in ("at", "he", "sa"):
        return 0
    return state.game.terrain_rows[fort.card_id].modifier(kind, False, fort.card_id == BUNKERS) or 0


def blocks(state: CoreState, pos: int, hills_view: bool) -> bool:
    """Whether a position between firer and target blocks line of sight (9.2, 9.2.1, 9.5.1 c)."""
    if smoke.blocks_sight(state, pos):
        return True
    terrain = state.terrain[pos]
    if terrain is None:
        return False
    row = state.game.terrain_rows[terrain]
    if not row.blocks_los:
        return False
    return not hills_view or row.hills  # 9.2.1: Hills see over adjacent terrain but other Hills


def line_of_sight(state: CoreState, a: int, b: int) -> bool:
    """Line of sight from position a to position b (9.2): adjacent positions always see each other.

    Remembered per position until terrain or Smoke changes (``state._sight_changed()``)."""
    key = a * 4096 + b
    cache = state._los_cache
    if key in cache:
        return cache[key]
    cache[key] = seen = _line_of_sight(state, a, b)
    return seen


def _line_of_sight(state: CoreState, a: int, b: int) -> bool:
    between = state.game.board.between(a, b)
    if not between:
        return True
    rows = state.game.terrain_rows
    hills_view = state.game.rules.fire_hills_see_over_adjacent and any(
        (t := state.terrain[p]) is not None and rows[t].hills for p in (a, b))
    blocked = [blocks(state, p, hills_view) for p in between]
    if len(blocked) == 1:
        return not blocked[0]
    if state.game.rules.fire_los_knight_move == "either_clear":
        return not all(blocked)
    return not any(blocked)


def build_attack(state: CoreState, firer: Unit, target: Unit, kind: str, *, flank_shot: bool = False) -> Attack | None:
    """The attack of ``firer`` on ``target`` with fire of ``kind`` at range, or None if not allowed."""
    game = state.game
    if firer.pos < 0 or target.pos < 0 or firer.pos == target.pos:
        return None
    dist = game.board._distances[firer.pos][target.pos]
    if dist > game.rules.fire_max_range:
        return None
    base = _base(state, firer, target, kind, dist)
    if base is None:
        return None
    scenario = game.scenario_rules
    if scenario is not None and not scenario.fire_allowed(kind):
        return None  # 17.1: only AT fire
    if dist == 2 and not line_of_sight(state, firer.pos, target.pos):
        return None
    terrain = terrain_modifier(state, target.pos, kind, target)
    if terrain is None:
        return None
    return _attack(state, firer, target, kind, dist, base, terrain, flank_shot)


def _base(state: CoreState, firer: Unit, target: Unit, kind: str, dist: int) -> tuple[int, int, int] | None:
    """The fire's (hit, penetration, range modifier) from the cards and the range alone, None if not allowed."""
    rules = state.game.rules
    fp, tp = firer.profile, target.profile
    if kind == "at":
        if not tp.armored:
            return None  # 9.3: AT fire is against armor
        hit = fp.hit_short if dist == 1 else fp.hit_long
        pen = fp.pen_short if dist == 1 else fp.pen_long
        if hit <= 0 or pen <= 0:
            return None
        return hit, pen, 0
    if kind == "he":
        if tp.armored or fp.he <= 0:
            return None  # 9.4: HE at infantry, cavalry, AT guns and trucks
        return fp.he, 0, rules.fire_he_long_range_modifier if dist == 2 else 0
    if kind == "sa":
        if tp.armored or fp.sa <= 0:
            return None
        hmg = fp.infantry and bool(firer.equipment) and rules.hmg_enabled and equipment.has_hmg(state, firer)
        if dist == 2:
            if hmg:
                return rules.hmg_long_range_sa, 0, 0  # 13.2
            if rules.fire_sa_long_range:
                return fp.sa, 0, 0
            return None
        return fp.sa + (rules.hmg_sa_bonus if hmg else 0), 0, 0
    return None


def _attack(state: CoreState, firer: Unit, target: Unit, kind: str, dist: int, base: tuple[int, int, int], terrain: int,
            flank_shot: bool) -> Attack:
    """:func:`build_attack` once the fire is known to be allowed: ``base`` from :func:`_base`, ``terrain`` the
    terrain's modifier into the target's position."""
    hit, pen, modifier = base
    scenario = state.game.scenario_rules
    if kind == "at" and scenario is not None:
        pen = scenario.penetration(state, firer.uid, pen, dist == 1)
    modifier += terrain + smoke.fire_modifier(state, firer.pos, target.pos)  # 9.5.1 c
    if firer.equipment:  # the cards played onto it: Tank Ace, Special Ammunition, Heroic Squad Leader
        modifier += attachments.ace_modifier(state, firer, kind)
        if kind == "at":
            pen += attachments.penetration_bonus(state, firer)
        hit += attachments.leader_bonus(state, firer, kind)
    tp = target.profile
    return made(kind, hit, modifier, kind == "at", tp.vehicle, pen, tp.armor_front, tp.armor_side, flank_shot, False)


def equipment_attack(state: CoreState, firer: Unit, target: Unit, item: Unit) -> Attack | None:
    """Ranged fire with a carried weapon (the Anti-Tank Rifle), with range, sight and modifiers as for any fire."""
    game = state.game
    if firer.pos < 0 or target.pos < 0 or firer.pos == target.pos:
        return None
    dist = game.board.distance(firer.pos, target.pos)
    if dist > game.rules.fire_max_range or (dist == 2 and not line_of_sight(state, firer.pos, target.pos)):
        return None
    terrain = terrain_modifier(state, target.pos, "at", target)
    if terrain is None:
        return None
    return equipment.ranged_attack(state, firer, target, item, dist, terrain + smoke.fire_modifier(state, firer.pos, target.pos))


def spray(state: CoreState, firer: Unit, primary: Unit, deferred: bool, extra: int = 0) -> None:
    """13.2: after the target, every other soft enemy card of its position is fired at with SA 2."""
    rules = state.game.rules
    base = extra + (smoke.melee_modifier(state, primary.pos) if deferred else smoke.fire_modifier(state, firer.pos, primary.pos))
    for uid in list(state._occ[primary.pos][primary.side]):
        other = state._units[uid]
        bystander = other.profile.combat or other.profile.truck
        if uid == primary.uid or other.carrier is not None or other.profile.armored or not bystander:
            continue
        terrain: int | None
        if deferred:  # melee: only Foxholes and Bunkers help (10.0)
            terrain = fort_modifier(state, primary.pos, other, "sa")
        else:
            terrain = terrain_modifier(state, primary.pos, "sa", other)
            if terrain is None:
                continue
        attack = Attack("sa", rules.hmg_spray_sa, base + terrain, melee=deferred)
        state.rolls.append(HitRoll(attack, firer.uid, uid, deferred))


def may_fire(state: CoreState, unit: Unit) -> bool:
    """The card may fire now: on the table, not moved this turn (5.0 b), not already fired, not riding (8.6)."""
    if unit.pos < 0 or unit.moved or unit.carrier is not None:
        return False
    limit = 2 if state.game.rules.turn_card_may_fire_twice else 1
    return unit.fired < limit


def _kinds(state: CoreState, unit: Unit, target: Unit, dist: int) -> tuple[str, ...]:
    """The kinds of fire worth checking against this target, from the cards alone (a fast filter)."""
    fp, tp = unit.profile, target.profile
    if tp.armored:
        if dist == 1:
            return ("at",) if fp.hit_short > 0 and fp.pen_short > 0 else ()
        return ("at",) if fp.hit_long > 0 and fp.pen_long > 0 else ()
    kinds = []
    if fp.he > 0:
        kinds.append("he")
    if fp.sa > 0 and (dist == 1 or state.game.rules.fire_sa_long_range or (
            fp.infantry and unit.equipment and state.game.rules.hmg_enabled and equipment.has_hmg(state, unit))):
        kinds.append("sa")
    return tuple(kinds)


def in_melee(state: CoreState, pos: int) -> bool:
    """Cards of both sides share the position (10.0)."""
    return bool(state._occ[pos][0]) and bool(state._occ[pos][1])


def shots(state: CoreState, unit: Unit, *, first_only: bool = False) -> list[tuple[int, str, int]]:
    """Every (target, kind, equipment uid or -1) the unit may fire now (only the first found with ``first_only``)."""
    board = state.game.board
    out: list[tuple[int, str, int]] = []
    enemy = 1 - unit.side
    apart = state.game.rules.fire_melee_excludes_ranged  # 001: melees and ranged fire stay apart
    if apart and in_melee(state, unit.pos):
        return out
    units, occ = state._units, state._occ
    weapons = [units[e] for e in unit.equipment if units[e].profile.card_class == "antitank_rifle"] if unit.equipment \
        else ()
    scenario = state.game.scenario_rules
    max_range = state.game.rules.fire_max_range
    hidden = state.game.rules.hidden_units
    at = unit.pos
    distances = board._distances[at]
    for pos in board.in_range[at]:
        targets = occ[pos][enemy]
        if not targets or (apart and occ[pos][unit.side]):
            continue
        dist = distances[pos]
        if dist > max_range or (dist == 2 and not line_of_sight(state, at, pos)):
            continue
        for uid in targets:
            target = units[uid]
            if target.carrier is not None or (hidden and state.face_down(uid)):
                continue  # 001 1.0: ranged fire needs a spotted target (the project's reading)
            for kind in _kinds(state, unit, target, dist):
                # range, kind and sight are settled above; only terrain ("n/a") or a scenario may still forbid it
                if terrain_modifier(state, pos, kind, target) is not None and (
                        scenario is None or scenario.fire_allowed(kind)):
                    out.append((uid, kind, -1))
                    if first_only:
                        return out
            for item in weapons:
                if equipment_attack(state, unit, target, item) is not None:
                    out.append((uid, "at", item.uid))
                    if first_only:
                        return out
    return out


def shot_attacks(state: CoreState, unit: Unit) -> list[tuple[int, str, int, Attack]]:
    """:func:`shots` with each shot's attack, as :func:`build_attack` (or :func:`equipment_attack`) makes it, found in
    the same pass: a player weighing every shot reads range, sight and terrain once (the same shots, in order)."""
    board = state.game.board
    out: list[tuple[int, str, int, Attack]] = []
    enemy = 1 - unit.side
    apart = state.game.rules.fire_melee_excludes_ranged
    if apart and in_melee(state, unit.pos):
        return out
    units, occ = state._units, state._occ
    weapons = [units[e] for e in unit.equipment if units[e].profile.card_class == "antitank_rifle"] if unit.equipment \
        else ()
    scenario = state.game.scenario_rules
    max_range = state.game.rules.fire_max_range
    hidden = state.game.rules.hidden_units
    at = unit.pos
    distances = board._distances[at]
    haze = state.smoke
    # the attack of this firer on a card of one profile, by kind, range, terrain modifier and Smoke at the target
    # (the rest of it is the firer's): made once a call
    made_here: dict[tuple[int, str, int, int, bool], Attack] = {}
    for pos in board.in_range[at]:
        targets = occ[pos][enemy]
        if not targets or (apart and occ[pos][unit.side]):
            continue
        dist = distances[pos]
        if dist > max_range or (dist == 2 and not line_of_sight(state, at, pos)):
            continue
        smoked = haze[pos] >= 0
        for uid in targets:
            target = units[uid]
            if target.carrier is not None or (hidden and state.face_down(uid)):
                continue
            for kind in _kinds(state, unit, target, dist):
                terrain = terrain_modifier(state, pos, kind, target)
                if terrain is not None and (scenario is None or scenario.fire_allowed(kind)):
                    key = (id(target.profile), kind, dist, terrain, smoked)
                    attack = made_here.get(key)
                    if attack is None:
                        base = _base(state, unit, target, kind, dist)
                        assert base is not None  # _kinds asks what _base asks
                        attack = made_here[key] = _attack(state, unit, target, kind, dist, base, terrain, False)
                    out.append((uid, kind, -1, attack))
            for item in weapons:
                attack = equipment_attack(state, unit, target, item)
                if attack is not None:
                    out.append((uid, "at", item.uid, attack))
    return out


def smoke_shots(state: CoreState, unit: Unit) -> list[int]:
    """9.5.1 f: an HE-capable card may try to lay Smoke on any position in range it can see, held or empty
    (the rule fires at the position, not at a card)."""
    if not smoke.by_he_fire(state, unit) or (state.game.rules.fire_melee_excludes_ranged and in_melee(state, unit.pos)):
        return []  # 001: a card in a melee fights only there
    board = state.game.board
    at, haze, distances = unit.pos, state.smoke, board._distances[unit.pos]
    return [pos for pos in board.in_range[at] if haze[pos] < 0 and (distances[pos] == 1 or line_of_sight(state, at, pos))]


def _any_smoke_shot(state: CoreState, unit: Unit) -> bool:
    """``bool(smoke_shots(state, unit))``, stopping at the first position found."""
    if not smoke.by_he_fire(state, unit) or (state.game.rules.fire_melee_excludes_ranged and in_melee(state, unit.pos)):
        return False
    board = state.game.board
    at, haze, distances = unit.pos, state.smoke, board._distances[unit.pos]
    return any(haze[pos] < 0 and (distances[pos] == 1 or line_of_sight(state, at, pos)) for pos in board.in_range[at])


def fire_sources(state: CoreState) -> list[int]:
    side = state.active
    out = []
    units = state._units
    for pos, sides in enumerate(state._occ):
        here = sides[side]
        if not here:
            continue
        tried: list[tuple[int, tuple[int, ...]]] = []  # the cards that read the same (their card and equipment) fail alike
        for u in here:
            unit = units[u]
            if not may_fire(state, unit):
                continue
            same = (id(unit.profile), unit.equipment)
            if same in tried:
                continue
            if shots(state, unit, first_only=True) or _any_smoke_shot(state, unit):
                out.append(pos)
                break
            tried.append(same)
    return out


def begin(state: CoreState, pos: int) -> None:
    state.phase = Phase.FIRE
    _play(state).fire = FireUnderWay(pos)


def _play(state: CoreState) -> Play:
    play = state.ctx.play
    assert play is not None, "a fire action is part of the play"
    return play


def _current(state: CoreState) -> FireUnderWay:
    """The fire action under way."""
    fire = _play(state).fire
    assert fire is not None, "no fire action under way"
    return fire


def legal(state: CoreState) -> list[Action]:
    fire = _current(state)
    pos = fire.source
    done = fire.shots
    actions: list[Action] = []
    for uid in sorted(state._occ[pos][state.active]):
        unit = state._units[uid]
        if uid in done or not may_fire(state, unit):
            continue
        actions.extend(Shoot(uid, target, kind, eq) for target, kind, eq in shots(state, unit))
        actions.extend(Smoke(uid, pos) for pos in smoke_shots(state, unit))
    actions.append(_DONE)
    return actions


_DONE = Done()


def apply(state: CoreState, action: Action) -> None:
    kind = type(action)
    if kind is Done:
        _end(state)
        return
    if kind is Smoke:
        assert isinstance(action, Smoke)
        unit, pos = state._units[int(action.firer)], int(action.pos)
        unit.fired += 1
        _current(state).shots.append(unit.uid)
        state.rolls.append(SmokeRoll(smoke.he_attack(state, unit, pos), unit.uid, pos))
        return
    if kind is not Shoot:
        raise IllegalActionError(f"unknown fire action {action!r}")
    assert isinstance(action, Shoot)
    state._spot(int(action.firer))  # 001 1.2: a hidden card is revealed to attack, before any answer
    if windows.open_window(state, "fire", 1 - state.active, Shot(action)):
        return  # the opponent may answer with Weapon Malfunction first
    fire_shot(state, action, cancelled=False)


def fire_shot(state: CoreState, action: Shoot, *, cancelled: bool) -> None:
    """Fire a declared shot; a cancelled one (Weapon Malfunction) still uses the card's fire."""
    uid, target, kind = int(action.firer), int(action.target), str(action.fire)
    item = state._units[int(action.item)] if action.item >= 0 else None
    firer, victim = state._units[uid], state._units[target]
    firer.fired += 1
    play = _play(state)
    _current(state).shots.append(uid)
    if cancelled or victim.pos < 0:
        return
    flank = False
    if item is None and kind == "at":  # a Flank Shot played this turn goes with the next anti-tank shot (9.3.1)
        flank, play.flank_shot = play.flank_shot, False
    resolve_shot(state, firer, victim, kind, item, flank_shot=flank)


def resolve_shot(state: CoreState, firer: Unit, victim: Unit, kind: str, item: Unit | None, *, flank_shot: bool = False,
                 extra: int = 0) -> None:
    """Roll a ranged attack (``extra`` added to its roll: 001 2.2's opportunity fire), spending what it spends."""
    uid = firer.uid
    attack = equipment_attack(state, firer, victim, item) if item else build_attack(state, firer, victim, kind,
                                                                                     flank_shot=flank_shot)
    if attack is None:
        raise IllegalActionError(f"{firer.profile.name} cannot fire {kind} at {victim.profile.name} in {state.describe()}")
    if extra:
        attack = replace(attack, modifier=attack.modifier + extra)
    state.rolls.append(HitRoll(attack, uid, victim.uid, False))
    if kind == "at":
        state.ap_shots[str(uid)] = state.ap_shots.get(str(uid), 0) + 1
    ammo = attachments.special_ammunition(state, firer) if kind == "at" else None
    if ammo is not None:
        state._discard_card(ammo.uid)  # spent on this shot
    if kind == "sa" and item is None and firer.equipment and equipment.has_hmg(state, firer):
        spray(state, firer, victim, False, extra)


def advance(state: CoreState) -> bool:
    if len(_current(state).shots) >= state.game.rules.turn_cards_per_action or _only_done(state.legal_actions()):
        _end(state)
        return True
    return False


def _only_done(actions: list[Action]) -> bool:
    return len(actions) == 1 and type(actions[0]) is Done


def _end(state: CoreState) -> None:
    _play(state).fire = None
    state.phase = Phase.PLAY

