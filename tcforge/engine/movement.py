"""Movement (8.0-8.5, 10.0): which cards may move where, one step at a time.

A move action (5.0 a) picks up to three cards of one position (or of the
reserve), loads passengers and forms groups of the cards going to one position
(8.2), then moves each group as one, a step per decision. Fast cards move two
positions and slow cards one (8.1); slowing terrain is entered only from an
adjacent position and ends the move (8.4); entering a position with enemy
cards ends the move (8.5); a vehicle entering Woods rolls for immobilisation
(8.4.1). Stacking limits hold where a card comes to rest, not on the way
(6.3, 8.0): a card stopped (a Minefield, Wire, a Stream or Swamp, Woods entered
on a Path) in a full position it was only passing through goes back to where it
last could stop.
"""
from __future__ import annotations

from tcforge.data.card_ids import BRIDGE, FORD, PATH, WOODS
from tcforge.data.card_kinds import TOWING_CLASSES
from tcforge.engine import equipment, opportunity, spotting, windows
from tcforge.engine.actions import Action, Go, Halt, Interrupt, Load, Pick, Step, Together, Tow, Transfer, WoodsRoll
from tcforge.engine.board import DISCARDED, RESERVE
from tcforge.engine.context import Entry, MoveUnderWay, Phase, Play
from tcforge.engine.core import CoreState, IllegalActionError
from tcforge.engine.units import Unit


def _enemies_at(state: CoreState, pos: int, side: int) -> bool:
    return bool(state._occ[pos][1 - side])


def riders(state: CoreState, unit: Unit) -> list[Unit]:
    """Cards moving with this one: a carried squad, a towed gun (8.6, 8.6.1), the second tank of a pair (8.6),
    the cards going to the same position (8.2) and their own passengers."""
    move = state.ctx.move
    if move is None or not move.riders:
        return []
    out = []
    for u in move.riders.get(unit.uid, ()):
        rider = state._units[u]
        if rider.pos != DISCARDED:  # losses stay behind
            out.append(rider)
            out.extend(riders(state, rider))
    return out


def _path(state: CoreState) -> bool:
    """A Path card lets the current mover through its next slowing position."""
    move = state.ctx.move
    return move is not None and move.path


def slows(state: CoreState, pos: int) -> bool:
    """The position slows a card entering it (8.4): its terrain does, or a Stream or Swamp played on it (11.1)."""
    rows = state.game.terrain_rows
    for card_id in (state.terrain[pos], state.water[pos]):
        row = rows.get(card_id) if card_id is not None else None
        if row is not None and row.slows:
            return True
    return False


def barred(state: CoreState, unit: Unit, pos: int) -> bool:
    """The card may never be in the position: a vehicle or AT gun and a Swamp or Stream, as terrain or played on it (11.0, 11.1)."""
    p = unit.profile
    if not (p.vehicle or p.at_gun):
        return False
    rows = state.game.terrain_rows
    return any(card_id is not None and card_id in rows and rows[card_id].no_vehicles
               for card_id in (state.terrain[pos], state.water[pos]))


def _may_rest(state: CoreState, unit: Unit, pos: int, group: list[Unit]) -> bool:
    """The group may come to rest at ``pos``: there is room (6.3), and no card of this move action already came to
    rest there on its own (8.2: the cards going to one position move together)."""
    if not has_room(state, unit, pos, group):
        return False
    play = state.ctx.play
    move = play.move if play is not None else None
    return not (move is not None and pos in move.ends)


def has_room(state: CoreState, unit: Unit, pos: int, group: list[Unit] | None = None) -> bool:
    """Whether the unit, with the cards moving with it, may come to rest at ``pos`` (6.3)."""
    if pos == RESERVE:
        return True
    combat = trucks = 0
    units = state._units
    for uid in state._occ[pos][unit.side]:  # the side's cards there (6.3; carried squads count too)
        profile = units[uid].profile
        if profile.truck:
            trucks += 1
        elif profile.combat:
            combat += 1
    if group is None:
        group = [unit] + riders(state, unit)
    for member in group:
        if member.pos == pos:
            continue  # do not count the moving cards twice
        profile = member.profile
        if profile.truck:
            trucks += 1
        elif profile.combat:
            combat += 1
    rules = state.game.rules
    return combat <= rules.stacking_combat_cards and trucks <= rules.stacking_trucks


def over_limit(state: CoreState, side: int) -> list[int]:
    """The side's cards that stand where it is over the stacking limits (6.3): the combat cards of a position with
    too many, the trucks of one with too many. Only arriving reinforcements may end up there (20.0 rule 5)."""
    rules = state.game.rules
    out: list[int] = []
    for pos in range(state.game.board.size):
        combat, trucks = state.combat_count(pos, side)
        if combat > rules.stacking_combat_cards or trucks > rules.stacking_trucks:
            out.extend(u for u in state._occ[pos][side] if (state._units[u].profile.truck and trucks > rules.stacking_trucks)
                       or (not state._units[u].profile.truck and state._units[u].profile.combat
                           and combat > rules.stacking_combat_cards))
    return sorted(out)


def may_move(state: CoreState, unit: Unit) -> bool:
    """The card itself may take a move action now (5.0 a, 8.0, 9.3.2)."""
    p = unit.profile
    if not (p.combat or p.truck) or unit.immobilized or unit.fired or unit.carrier is not None:
        return False
    play = state.ctx.play
    if play is not None and play.wired and unit.uid in play.wired:
        return False  # 001 Wire: its card stays on it until its owner's next turn (the project's reading: no new move)
    limit = 2 if state.game.rules.turn_card_may_move_twice else 1
    return unit.moved - (1 if _arrival_used(state, unit) else 0) < limit  # an arrival may go on (20.0 rule 5)


def _arrival_used(state: CoreState, unit: Unit) -> int:
    """Positions of movement the card's arrival this turn used (20.0 rule 5), 0 if it did not arrive."""
    play = state.ctx.play
    return play.arrived.get(unit.uid, 0) if play is not None and play.arrived else 0


def can_enter(state: CoreState, unit: Unit, at: int, to: int, first: bool, *, escorted: bool = False) -> bool:
    """Whether one step from ``at`` to ``to`` is allowed, ignoring stacking; ``escorted``: friendly tanks move with it (8.5)."""
    game = state.game
    if to == RESERVE:
        return (game.reserve_return and at in game.board.rear_rank(unit.side)
                and not (unit.entered_from is not None and _enemies_at(state, at, unit.side)
                         and unit.entered_from != RESERVE))
    if at == RESERVE:
        if unit.moved_to_reserve or to not in game.board.rear_rank(unit.side):  # 8.3
            return False
    elif unit.entered_from is not None and _enemies_at(state, at, unit.side) \
            and game.rules.movement_melee_exit_way_back and to != unit.entered_from:
        return False  # 10.0: attackers leave a melee only the way they came
    terrain = state.terrain[to]
    p = unit.profile
    if state.streams and (p.vehicle or p.at_gun) and state.stream_bars(at, to):
        return False  # 001 Streams: no vehicle or gun crosses a Stream without a Ford or Bridge
    if terrain is not None or state.water[to] is not None:  # clear ground neither bars nor slows
        if barred(state, unit, to):
            return False  # 11.0, 11.1: no vehicles or AT guns in Swamp or Stream, however it was placed
        if not first and game.rules.movement_slowing_terrain == "adjacent_only" and not _path(state) and slows(state, to):
            return False  # 8.4 (a Path card lets the mover through)
    if terrain is None and game.rules.movement_tank_restriction_in_clear and (p.infantry or p.at_gun or p.truck) \
            and not escorted:
        units = state._units
        enemy_tank = any(units[u].profile.tank and not state.face_down(u)  # 001 1.0: a hidden tank bars nobody
                         for u in state._occ[to][1 - unit.side])
        if enemy_tank and not any(units[u].profile.tank for u in state._occ[to][unit.side]):
            return False  # 8.5
    return True


def stops_at(state: CoreState, unit: Unit, to: int) -> bool:
    """Entering ``to`` ends the card's move (enemy cards, slowing terrain, the reserve)."""
    if to == RESERVE:
        return True
    if state._occ[to][1 - unit.side]:
        return True  # 8.5
    return slows(state, to) and not _path(state)


def steps(state: CoreState, unit: Unit, at: int, left: int, first: bool, *, any_one: bool = False) -> list[int]:
    """Positions the unit may step to now, keeping a legal place to come to rest (the first found with ``any_one``)."""
    board = state.game.board
    if left <= 0:
        return []
    if at == RESERVE:
        candidates: tuple[int, ...] = board.rear_rank(unit.side)
    else:
        candidates = board.exits[unit.side][at]
    group = riders(state, unit)
    if not group:
        return _steps_alone(state, unit, at, left, first, any_one, candidates)
    return _steps_with(state, unit, at, left, first, any_one, candidates, group)


def _steps_with(state: CoreState, unit: Unit, at: int, left: int, first: bool, any_one: bool,
                candidates: tuple[int, ...], group: list[Unit]) -> list[int]:
    """:func:`steps` for a card and the ``group`` it carries or tows: the rule as written (8.0, 8.5, 8.6.1, 6.3).
    With no group it is the plain path that :func:`_steps_alone`, written apart for speed, must agree with
    (tests/engine/test_fast_paths.py holds the two together over random positions of every bundled scenario)."""
    members = [unit, *group]
    escorted = unit.profile.tank or any(m.profile.tank for m in group)  # 8.5: the group's tanks accompany the rest
    out = []
    for to in candidates:
        if not can_enter(state, unit, at, to, first, escorted=escorted) or (
                group and not all(can_enter(state, r, at, to, first, escorted=escorted) for r in group)):
            continue
        if group and to >= 0 and state._occ[to][1 - unit.side] and any(r.profile.at_gun for r in group):
            continue  # 8.6.1: a towed gun never goes into melee
        if _may_rest(state, unit, to, members):
            ok = True
        elif left == 1 or stops_at(state, unit, to):
            ok = False
        else:  # it may pass through a full position if it can come to rest beyond (8.0)
            ok = any(nxt != at and _may_rest(state, unit, nxt, members) for nxt in steps(state, unit, to, left - 1, False))
        if ok:
            out.append(to)
            if any_one:
                return out
    return out


def _steps_alone(state: CoreState, unit: Unit, at: int, left: int, first: bool, any_one: bool,
                 candidates: tuple[int, ...]) -> list[int]:
    """:func:`steps` for a card moving alone (no riders), the most common case, with its room (6.3) counted here."""
    profile = unit.profile
    escorted = profile.tank  # 8.5: a tank accompanies itself
    out = []
    # _rests_alone(state, unit, to), its constants read once: the limits, the card's own kind, the move's ends
    rules = state.game.rules
    combat_limit, truck_limit = rules.stacking_combat_cards, rules.stacking_trucks
    own_truck, own_combat = profile.truck, not profile.truck and profile.combat
    play = state.ctx.play
    move = play.move if play is not None else None
    ends = move.ends if move is not None else ()
    units, occ, side, here = state._units, state._occ, unit.side, unit.pos
    for to in candidates:
        if not can_enter(state, unit, at, to, first, escorted=escorted):
            continue
        if to != RESERVE:
            combat = trucks = 0
            for uid in occ[to][side]:
                other = units[uid].profile
                if other.truck:
                    trucks += 1
                elif other.combat:
                    combat += 1
            if here != to:
                if own_truck:
                    trucks += 1
                elif own_combat:
                    combat += 1
            rests = combat <= combat_limit and trucks <= truck_limit and to not in ends
        else:
            rests = to not in ends
        if rests:
            ok = True
        elif left == 1 or stops_at(state, unit, to):
            ok = False
        else:  # it may pass through a full position if it can come to rest beyond (8.0)
            ok = any(nxt != at and _rests_alone(state, unit, nxt) for nxt in steps(state, unit, to, left - 1, False))
        if ok:
            out.append(to)
            if any_one:
                return out
    return out


def _rests_alone(state: CoreState, unit: Unit, pos: int) -> bool:
    """:func:`_may_rest` for a card moving alone: room for it at ``pos`` (6.3), where no card of this move action
    came to rest on its own (8.2)."""
    if pos != RESERVE:
        combat = trucks = 0
        units = state._units
        for uid in state._occ[pos][unit.side]:
            profile = units[uid].profile
            if profile.truck:
                trucks += 1
            elif profile.combat:
                combat += 1
        if unit.pos != pos:
            profile = unit.profile
            if profile.truck:
                trucks += 1
            elif profile.combat:
                combat += 1
        rules = state.game.rules
        if combat > rules.stacking_combat_cards or trucks > rules.stacking_trucks:
            return False
    play = state.ctx.play
    move = play.move if play is not None else None
    return not (move is not None and pos in move.ends)


def speed(unit: Unit, state: CoreState) -> int:
    """Positions the card may move in one move action (8.1)."""
    rules = state.game.rules
    full = int(rules.movement_fast_positions if unit.profile.fast else rules.movement_slow_positions)
    return max(0, full - _arrival_used(state, unit))


def move_sources(state: CoreState) -> list[int]:
    """Positions (and the reserve) from which the active player has a card that can move."""
    side = state.active
    out = []
    units = state._units
    seen: dict[tuple[object, ...], bool] = {}
    if state.hand[side] and any(may_move(state, units[u]) and _may_go(state, units[u], RESERVE, 1, seen)
                                for u in state.hand[side]):
        out.append(RESERVE)
    for pos, sides in enumerate(state._occ):
        for uid in sides[side]:
            unit = units[uid]
            if may_move(state, unit) and _may_go(state, unit, pos, speed(unit, state), seen):
                out.append(pos)
                break
    return out


def _may_go(state: CoreState, unit: Unit, at: int, left: int, seen: dict[tuple[object, ...], bool]) -> bool:
    """Whether the card has a first step (:func:`steps` with ``any_one``), asked once for the cards of one position
    that read the same: their card, where they came from, a return to the reserve, the positions left, and no riders
    of their own (``seen`` keeps the answers while the position stays as it is)."""
    move = state.ctx.move
    if move is not None and move.riders and unit.uid in move.riders:
        return bool(steps(state, unit, at, left, True, any_one=True))
    key = (at, unit.pos, id(unit.profile), unit.side, unit.entered_from, unit.moved_to_reserve, left)
    found = seen.get(key)
    if found is None:
        if at >= 0 and left > 0:  # steps() of a card without riders (asked above), its call and checks skipped
            found = bool(_steps_alone(state, unit, at, left, True, True, state.game.board.exits[unit.side][at]))
        else:
            found = bool(steps(state, unit, at, left, True, any_one=True))
        seen[key] = found
    return found


def begin(state: CoreState, source: int) -> None:
    state.phase = Phase.MOVE
    _play(state).move = MoveUnderWay(source)


def _play(state: CoreState) -> Play:
    play = state.ctx.play
    assert play is not None, "a move is part of the play"
    return play


def _current(state: CoreState) -> MoveUnderWay:
    """The move action under way."""
    move = _play(state).move
    assert move is not None, "no move action under way"
    return move


def _taken(move: MoveUnderWay) -> set[int]:
    """The cards moving as part of another's group in this move: passengers, paired tanks, cards moving together."""
    return {r for group in move.riders.values() for r in group} if move.riders else set()


def cards_moving(state: CoreState, move: MoveUnderWay) -> int:
    """The cards this move action counts against its limit (5.0 a): those picked, the second tank of a pair, and
    the carried squads and towed guns unless the ruleset lets them ride free (movement.carried_cards_count)."""
    count_riders = state.game.rules.movement_carried_cards_count
    return len(move.picked) + sum(1 for r in _taken(move) if count_riders or state._units[r].carrier is None)


def _pickable(state: CoreState) -> list[int]:
    move = _current(state)
    picked = move.picked
    if cards_moving(state, move) >= state.game.rules.turn_cards_per_action:
        return []
    source = move.source
    side = state.active
    pool = state.hand[side] if source == RESERVE else state._occ[source][side]
    start_left = {uid: speed(state._units[uid], state) for uid in pool}
    taken = _taken(move)
    seen: dict[tuple[object, ...], bool] = {}
    return sorted(uid for uid in pool if uid not in picked and uid not in taken and may_move(state, state._units[uid])
                  and _may_go(state, state._units[uid], source, start_left[uid], seen))


def _carriable(state: CoreState) -> list[Action]:
    """Loading at the start of the move (8.6, 8.6.1): squads onto carriers, guns behind tractors."""
    move = _current(state)
    source = move.source
    if source == RESERVE:
        return []
    side = state.active
    taken = _taken(move)
    loaded = {r.carrier for r in (state._units[u] for u in taken) if r.carrier is not None}  # vehicles with a passenger
    picked = [state._units[u] for u in move.picked]
    free = [v for v in picked if v.uid not in loaded and v.uid not in taken]
    out: list[Action] = []
    rules = state.game.rules
    if rules.movement_carried_cards_count and cards_moving(state, move) >= rules.turn_cards_per_action:
        return out  # 5.0 a: a passenger would be a fourth card
    for uid in state._occ[source][side]:
        unit = state._units[uid]
        if uid in move.picked or uid in taken or unit.carrier is not None or not may_move(state, unit):
            continue
        if unit.profile.infantry and unit.profile.card_class != "cavalry":
            pairs = state.game.rules.movement_tanks_per_carried_squad == 2
            for v in free:
                by_pair = pairs and v.profile.tank and any(o.profile.tank and o is not v for o in free)
                if v.profile.carries > 0 or by_pair:
                    out.append(Load(uid, v.uid))
        elif unit.profile.at_gun and state.game.rules.movement_towing:
            out.extend(Tow(uid, v.uid) for v in free if v.profile.card_class in TOWING_CLASSES)
    return out


def _together(state: CoreState) -> list[Action]:
    """8.2: a picked card may join the group of a card picked before it, to move (and enter) with it as one."""
    move = _current(state)
    if len(move.picked) < 2:
        return []
    return [Together(follower, leader) for i, leader in enumerate(move.picked) for follower in move.picked[i + 1:]]


def legal(state: CoreState) -> list[Action]:
    move = _current(state)
    if move.stage == "pick":
        actions: list[Action] = [Pick(uid) for uid in _pickable(state)]
        actions.extend(_carriable(state))
        actions.extend(_together(state))
        actions.extend(equipment.transfer_actions(state, move.source))
        if move.picked:
            actions.append(_GO)
        return actions
    unit = state._units[move.cur]  # type: ignore[index]
    actions = [Step(to) for to in steps(state, unit, unit.pos, move.left, bool(move.first))]  # type: ignore[arg-type]
    if not move.path:  # Path: the project's reading, the mover's next slowing position does not slow it
        paths = [u for u in state.hand[unit.side] if state._units[u].profile.card_id == PATH]
        actions.extend(Interrupt(u) for u in paths[:1])
    actions.extend(crossings(state, unit))
    if move.first or _may_rest(state, unit, unit.pos, [unit] + riders(state, unit)):
        actions.append(_HALT)
    return actions


_GO, _HALT = Go(), Halt()


def apply(state: CoreState, action: Action) -> None:
    move = _current(state)
    match action:
        case Pick():
            move.picked.append(int(action.card))
        case Load() | Tow():
            _load(state, int(action.card), int(action.vehicle))
        case Together():
            _join(state, int(action.follower), int(action.leader))
        case Transfer():
            equipment.attach(state, int(action.item), int(action.taker))
        case Go():
            _start_moving(state)
        case Step():
            to = int(action.to)
            unit = state._units[move.cur]  # type: ignore[index]
            entry = Entry(unit.uid, tuple(r.uid for r in riders(state, unit)), to)
            if to < 0 or not windows.open_window(state, "entry", 1 - unit.side, entry):
                do_step(state, to)
        case Halt():
            _finish_unit(state)
        case Interrupt() if len(action.target) == 2:  # 001 Streams: a Ford or Bridge on the Stream ahead
            card, (a, b) = int(action.card), action.target
            state._discard_card(card)
            cross(state, int(a), int(b), state._units[card].profile.card_id)
        case Interrupt():  # a Path card for the current mover
            state._discard_card(int(action.card))
            move.path = True
        case _:
            raise IllegalActionError(f"unknown move action {action!r}")


def crossings(state: CoreState, unit: Unit) -> list[Action]:
    """001 Streams, option 1: a Ford or Bridge from the hand on an uncrossed Stream at the mover's zone's edge."""
    if not state.streams or unit.pos < 0:
        return []
    cards = [u for u in state.hand[unit.side] if state._units[u].profile.card_id in (FORD, BRIDGE)]
    firsts = {state._units[u].profile.card_id: u for u in reversed(cards)}
    return [Interrupt(u, edge[0], edge[1]) for edge in state.streams if not edge[2] and unit.pos in edge[:2]
            for u in sorted(firsts.values())]


def cross(state: CoreState, a: int, b: int, card_id: int | str) -> None:
    """001 Streams: a Ford or Bridge lies on the Stream between ``a`` and ``b`` for the rest of the game."""
    edge = state.stream(a, b)
    assert edge is not None and not edge[2], "a Ford or Bridge goes on an uncrossed Stream"
    edge[2] = int(card_id)


def _load(state: CoreState, rider: int, vehicle: int) -> None:
    move = _current(state)
    if move.riders is None:
        move.riders = {}
    group = move.riders.setdefault(vehicle, [])
    unit = state._units[rider]
    group.append(rider)
    unit.carrier = vehicle
    partner = pair_partner(state, rider, vehicle)
    if partner is not None:  # 8.6: two tanks carry one squad; they begin, move and end together
        group.append(partner.uid)
        move.picked.remove(partner.uid)


def pair_partner(state: CoreState, rider: int, vehicle: int) -> Unit | None:
    """8.6: the second tank that carries ``rider`` with ``vehicle`` (the next tank picked), when a squad boards a
    tank that carries no squad alone; None otherwise."""
    move = _current(state)
    unit, carrier = state._units[rider], state._units[vehicle]
    if not (unit.profile.infantry and carrier.profile.tank and carrier.profile.carries == 0):
        return None
    return next((state._units[u] for u in move.picked if u != vehicle and state._units[u].profile.tank
                 and u not in (move.riders or {})), None)


def _join(state: CoreState, follower: int, leader: int) -> None:
    """8.2: ``follower`` moves in ``leader``'s group, with its own passengers."""
    move = _current(state)
    if move.riders is None:
        move.riders = {}
    move.picked.remove(follower)
    move.riders.setdefault(leader, []).append(follower)


def _groupspeed(state: CoreState, unit: Unit) -> int:
    """A group moves as far as its slowest card that moves by itself (passengers go at their vehicle's speed)."""
    return min([speed(unit, state)] + [speed(m, state) for m in riders(state, unit) if m.carrier is None])


def _start_moving(state: CoreState) -> None:
    move = _current(state)
    move.stage = "step"
    move.queue = list(move.picked)
    _next_unit(state)


def _next_unit(state: CoreState) -> None:
    move = _current(state)
    if not move.queue:
        move.stage = "done"
        return
    uid = move.queue.pop(0)
    move.cur = uid
    move.left = _groupspeed(state, state._units[uid])
    move.first = True
    move.back = None


def do_step(state: CoreState, to: int) -> None:
    """The current mover (and its riders) enters ``to``."""
    move = _current(state)
    unit = state._units[move.cur]  # type: ignore[index]
    stop = stops_at(state, unit, to)
    enemy_there = to >= 0 and bool(state._occ[to][1 - unit.side])
    members = [unit] + riders(state, unit)
    if _may_rest(state, unit, to, members):
        move.back = None
    elif move.back is None:
        move.back = unit.pos  # 8.0: passing through a full position; the last place the group could stop
    for member in members:
        _move_card(state, member, to, enemy_there, bool(move.first))
    spotting.after_step(state, members, to)  # 001 1.3, 1.6
    state._update_unclaimed()  # 001 Orphaned Equipment: left behind, or found by the enemy
    move.first = False
    move.left = 0 if stop else move.left - 1  # type: ignore[operator]
    if to >= 0:  # 001 2.1: any new zone, one passed through too (a group the shot breaks there goes back, 8.0)
        opportunity.after_step(state, members, to)  # 001 2.0: the other side may fire as the cards arrive


def stop_mover(state: CoreState) -> None:
    """The current mover may go no further this move (Wire, a Stream or Swamp before vehicles: 11.1)."""
    _current(state).left = 0


def after_mines(state: CoreState, to: int) -> None:
    """The step into ``to`` waits for the mines' rolls; the survivors go on (see :func:`advance`)."""
    _current(state).pending_step = to


def _move_card(state: CoreState, unit: Unit, to: int, enemy_there: bool, first: bool, *, returning: bool = False) -> None:
    """The card enters ``to``; ``returning``: it goes back where it was this move (no new Woods roll)."""
    at = unit.pos
    side = unit.side
    if first:
        unit.moved += 1
    if at == RESERVE:
        state.hand[side].remove(unit.uid)
    else:
        state._leave(unit)
    if to == RESERVE:
        unit.pos = RESERVE
        state.hand[side].append(unit.uid)
        unit.moved_to_reserve = True
        unit.drawn = False  # seen going back (8.3)
        unit.entered_from = None
        unit.carrier = None
        equipment.to_reserve(state, unit)
        return
    if enemy_there:
        state._melee_begins(to, side)  # 10.0: the cards it assaults defend, whatever melee they began there before
    unit.entered_from = at if enemy_there else None
    state._enter(unit, to)
    if (state.terrain[to] == WOODS and unit.profile.vehicle and not returning
            and state.game.rules.movement_woods_immobilise_max_roll > 0):
        state.rolls.append(WoodsRoll(unit.uid))  # 8.4.1


def _go_back(state: CoreState, unit: Unit, group: list[Unit]) -> None:
    """8.0: the mover's move ends where it may not stop (6.3): its group goes back to the last place it could stop.

    The project's reading: 8.0 lets a card through a full position only if it does not end its move there, and
    no rule says where a card goes when a Minefield, Wire, a Stream or Swamp (or Woods entered on a Path, 8.4.1) stops
    it there; its steps through the full positions are taken back, as 11.1 sends vehicles a Stream turns back to the
    position just left. A card sent back to the reserve it came from stays there, immobilised or not."""
    move = _current(state)
    back, move.back = move.back, None
    members = [m for m in [unit] + group if m.pos >= 0]  # the cards of the group still on the table
    if back is None or not members or _may_rest(state, members[0], members[0].pos, members):
        return  # it stopped where it may (losses may have made room)
    enemy_there = back >= 0 and bool(state._occ[back][1 - members[0].side])
    for member in members:
        _move_card(state, member, back, enemy_there, False, returning=True)
    spotting.after_step(state, members, back)
    state._update_unclaimed()


def _finish_unit(state: CoreState) -> None:
    _settle(state)
    _current(state).path = False
    _next_unit(state)


def _settle(state: CoreState) -> None:
    """The current mover's group comes to rest (back where it could stop, if need be: 8.0)."""
    move = _current(state)
    unit = state._units[move.cur]  # type: ignore[index]
    group = riders(state, unit)
    _go_back(state, unit, group)
    for rider in group:
        rider.carrier = None  # the project's reading of 8.6: riders get off where the move ends
    if move.riders is not None:
        for member in [unit] + group:
            move.riders.pop(member.uid, None)
    if unit.pos >= 0 and unit.pos != move.source and not move.first:
        move.ends.append(unit.pos)  # 8.2: no other card of this move may come to rest here on its own
    state._update_forts()
    state._check_victory()


def on_tank_pair(state: CoreState, group: list[Unit]) -> bool:
    """A squad of the group rides a pair of tanks (8.6: they begin, move and end together)."""
    return any(m.profile.infantry and m.carrier is not None and state._units[m.carrier].profile.tank
               and state._units[m.carrier].profile.carries == 0 for m in group)


def _regroup(move: MoveUnderWay, members: list[Unit]) -> Unit:
    """The cards ``members`` move as one group: its leader (the first not carried by one of them) is returned."""
    ids = {m.uid for m in members}
    riders_of = move.riders if move.riders is not None else {}
    for m in members:
        riders_of.pop(m.uid, None)
    leader = next(m for m in members if m.carrier not in ids)
    for m in members:
        if m is not leader:
            riders_of.setdefault(m.carrier if m.carrier in ids else leader.uid, []).append(m.uid)
    move.riders = riders_of
    return leader


def moving_group(state: CoreState) -> list[Unit]:
    """The group of the move under way: its leader, then what moves with it."""
    lead = state._units[_current(state).cur]  # type: ignore[index]
    return [lead] + riders(state, lead)


def split_group(state: CoreState, party_ids: tuple[int, ...], to: int) -> None:
    """The cards ``party_ids`` of the moving group stop where they are; the rest of the group enters ``to`` (a card
    held back, the rest going on: 001 Wire, tcforge.engine.wire)."""
    move = _current(state)
    lead = state._units[move.cur]  # type: ignore[index]
    group = [lead] + riders(state, lead)
    party = [m for m in group if m.uid in party_ids]
    rest = [m for m in group if m.uid not in party_ids]
    back = move.back
    move.cur = _regroup(move, party).uid
    first = move.first
    _settle(state)
    move.back, move.first = back, first
    move.cur = _regroup(move, rest).uid
    do_step(state, to)


def advance(state: CoreState) -> bool:
    """Automatic steps of a move action; True when something changed."""
    move = _current(state)
    if move.stage == "pick":
        if move.picked and state.legal_actions() == [("go",)]:
            _start_moving(state)
            return True
        if not move.picked and not _pickable(state):
            _end(state)
            return True
        return False
    if move.stage == "step":
        unit = state._units[move.cur]  # type: ignore[index]
        if move.pending_step is not None:  # after mines: the survivors go on, unless the group is broken
            to, move.pending_step = move.pending_step, None
            if _group_goes_on(state, unit) and to in steps(state, unit, unit.pos, move.left, bool(move.first)):  # type: ignore[arg-type]
                do_step(state, to)
            else:
                move.left = 0
            return True
        if move.left > 0 and not move.first and opportunity.on(state) and not _group_goes_on(state, unit):  # type: ignore[operator]
            move.left = 0  # 001 2.2: only cards that survive the opportunity fire whole go on
        if move.left <= 0 or (unit.pos == RESERVE and not move.first) or (unit.immobilized and not move.first):  # type: ignore[operator]
            _finish_unit(state)
            return True
        return False
    _end(state)
    return True


def _group_goes_on(state: CoreState, unit: Unit) -> bool:
    """After mines, the group still moves: the mover lives, nothing of it is immobilised, and a squad riding
    tanks still has two of them (8.6: they begin, move and end together)."""
    if unit.pos == DISCARDED:
        return False
    group = [unit] + riders(state, unit)
    if any(m.immobilized for m in group):
        return False
    tanks = sum(1 for m in group if m.profile.tank and m.profile.carries == 0)
    on_tanks = any(m.profile.infantry and m.carrier is not None and state._units[m.carrier].profile.tank
                   and state._units[m.carrier].profile.carries == 0 for m in group)
    return not on_tanks or tanks >= state.game.rules.movement_tanks_per_carried_squad


def _end(state: CoreState) -> None:
    _play(state).move = None
    state.phase = Phase.PLAY
