"""Cards their owner places: the set-up zones' cards (6.0, 17.0) and arriving reinforcements (20.0 rule 5).

The rules give a player these choices, so the engine never makes them: where each card of a set-up zone stands,
which squad carries which piece of equipment, and on which of the positions a scenario names each arriving group
comes onto the table. While :attr:`Context.placing <tcforge.engine.context.Context.placing>` holds cards to place, the
owner's legal actions are :class:`~tcforge.engine.actions.Place` (a piece, that is a card with what rides on or
behind it, onto one position; any piece the owner likes next, the first of each kind offered, as pieces of a kind
are alike) and then :class:`~tcforge.engine.actions.Assign` (equipment onto a squad).

A position is offered only where the rules let the piece enter it:

- the stacking limits (6.3) at set-up, and for an arrival the scenario allows to overstack (20.0 rule 5: stacking is
  checked at the turn's end) over them; an arrival that may not overstack is offered the positions with room first;
- never a Swamp or Stream for a vehicle or gun (11.0, 11.1);
- 8.5: infantry, AT guns and trucks do not enter a clear position held by enemy tanks unless a tank of theirs goes
  with them (in the piece) or stands there;
- 8.6.1: a gun never enters a melee.

An arriving piece that enters an enemy-held position begins (or joins) its melee as an attacker (10.0): its way back
is off the table, where it came from (the project's reading). A piece no position may receive goes to its owner's
reserve (the project's reading: it waits off the table, as no rule lets it enter).
"""
from __future__ import annotations

from typing import Any

from tcforge.engine import arrivals
from tcforge.engine.actions import Action, Assign, Place
from tcforge.engine.board import RESERVE
from tcforge.engine.context import Phase, Placing
from tcforge.engine.core import CoreState
from tcforge.engine.movement import barred
from tcforge.engine.units import Unit


def stack_of(members: list[Unit]) -> tuple[int, int]:
    """(combat cards, trucks) of a piece, counted as :meth:`CoreState.combat_count` counts a position (6.3)."""
    trucks = sum(1 for m in members if m.profile.truck)
    return sum(1 for m in members if m.profile.combat and not m.profile.truck), trucks


def over_limits(state: CoreState, pos: int, side: int, members: list[Unit]) -> tuple[int, int]:
    """How far the side would stand over the stacking limits at ``pos`` (6.3) with the piece ``members`` there, and
    how far it stands over them without: (with, before)."""
    rules = state.game.rules
    combat, trucks = state.combat_count(pos, side)
    add_c, add_t = stack_of(members)

    def over(c: int, t: int) -> int:
        return max(0, c - rules.stacking_combat_cards) + max(0, t - rules.stacking_trucks)
    return over(combat + add_c, trucks + add_t), over(combat, trucks)


def _room(state: CoreState, pos: int, side: int, members: list[Unit]) -> bool:
    """The piece fits at ``pos`` within the stacking limits (6.3)."""
    return over_limits(state, pos, side, members)[0] == 0


def may_enter(state: CoreState, members: list[Unit], pos: int) -> bool:
    """The rules let the piece ``members`` come onto ``pos`` (11.0, 8.5, 8.6.1), room aside."""
    side = members[0].side
    units = state._units
    enemies = state._occ[pos][1 - side]
    if any(barred(state, m, pos) for m in members):
        return False  # 11.0, 11.1: no vehicle or gun in a Swamp or Stream
    if enemies and any(m.profile.at_gun for m in members):
        return False  # 8.6.1: a gun, towed or not, never goes into a melee
    # 8.5: not into a clear position held by enemy tanks without a tank of one's own
    return not (enemies and state.terrain[pos] is None and state.water[pos] is None
                and state.game.rules.movement_tank_restriction_in_clear
                and any(m.profile.infantry or m.profile.at_gun or m.profile.truck for m in members)
                and not any(m.profile.tank for m in members)
                and any(units[u].profile.tank and not state.face_down(u) for u in enemies)
                and not any(units[u].profile.tank for u in state._occ[pos][side]))


def _next(state: CoreState, placing: Placing) -> tuple[str, int] | None:
    """The next decision: ("piece", index) or ("equip", index); the side that sets up first does all of its set-up
    (its cards, then its equipment) before the other (``placing.first``), an arrival's side its group."""
    units = state._units
    order = [placing.first, 1 - placing.first] if placing.first is not None and placing.first >= 0 else [0, 1]
    for side in order:
        i = next((i for i, s in enumerate(placing.sides) if s == side), None)
        if i is not None:
            return "piece", i
        j = next((j for j, e in enumerate(placing.equip) if units[e[0]].side == side), None)
        if j is not None:
            return "equip", j
    return None


def spots(state: CoreState, placing: Placing, i: int) -> list[int]:
    """The positions piece ``i`` may be placed on, in the scenario's order."""
    members = [state._units[u] for u in placing.pieces[i]]
    side = members[0].side
    entered = [p for p in placing.spots[i] if p >= 0 and may_enter(state, members, p)]
    roomy = [p for p in entered if _room(state, p, side, members)]
    if placing.overstack:
        return entered
    if placing.kind == "deploy":
        return roomy  # 6.3 at set-up: the limits hold as each card is laid
    return roomy or entered  # an arrival that may not overstack: where it fits, else where it may enter (6.3 at the end)


def carriers(state: CoreState, placing: Placing, j: int) -> list[int]:
    """The cards that may take equipment ``j``: the owner's cards of the kind the scenario names, on the table (for an
    arrival, of those that arrived with it), that do not already carry a card like it (8.7: one of a kind per squad)."""
    item, carrier_card = placing.equip[j]
    unit = state._units[item]
    card_id = unit.profile.card_id
    units = state._units
    among = placing.placed if placing.kind == "arrive" else range(len(units))
    return [units[u].uid for u in among if units[u].side == unit.side and units[u].profile.card_id == carrier_card
            and units[u].pos >= 0 and not any(units[e].profile.card_id == card_id for e in units[u].equipment)]


def _pop(placing: Placing, i: int) -> list[int]:
    placing.spots.pop(i)
    placing.sides.pop(i)
    return placing.pieces.pop(i)


def settle(state: CoreState) -> bool:
    """Send to its owner's reserve whatever no position (or no carrier) may receive, until a decision is due; True when
    nothing is left to place."""
    placing = state.ctx.placing
    assert placing is not None
    while True:
        found = _next(state, placing)
        if found is None:
            return True
        what, i = found
        if what == "piece" and not spots(state, placing, i):
            for uid in _pop(placing, i):
                if uid not in state.hand[state._units[uid].side]:  # a set-up zone's card is in the reserve already
                    arrivals.to_hand(state, state._units[uid])  # the project's reading: it waits off the table
            continue
        if what == "equip" and not carriers(state, placing, i):
            item = state._units[placing.equip.pop(i)[0]]
            if item.uid not in state.hand[item.side]:
                arrivals.to_hand(state, item)
            continue
        state.active = placing.sides[i] if what == "piece" else state._units[placing.equip[i][0]].side
        return False


def legal(state: CoreState) -> list[Action]:
    placing = state.ctx.placing
    found = None if placing is None else _next(state, placing)
    if placing is None or found is None:
        return []
    what, i = found
    if what == "piece":  # the owner places the pieces in the order he likes: the first of each kind is offered
        side, units = placing.sides[i], state._units
        kinds: set[tuple[Any, ...]] = set()
        out: list[Action] = []
        for j, piece in enumerate(placing.pieces):
            kind = (tuple(units[u].profile.card_id for u in piece), tuple(placing.spots[j]))  # same cards and places
            if placing.sides[j] != side or kind in kinds:
                continue
            kinds.add(kind)
            out.extend(Place(piece[0], p) for p in spots(state, placing, j))
        return out
    item = placing.equip[i][0]
    return [Assign(item, c) for c in carriers(state, placing, i)]


def piece_of(state: CoreState, lead: int) -> list[int]:
    """The cards a Place of ``lead`` places: the card and what rides on or behind it ([] if it is not to be placed)."""
    placing = state.ctx.placing
    if placing is None:
        return []
    return next((list(piece) for piece in placing.pieces if piece[0] == lead), [])


def apply(state: CoreState, action: Action) -> None:
    """The owner's choice: the next piece onto a position, or the next equipment onto a squad."""
    placing = state.ctx.placing
    assert placing is not None
    if type(action) is Assign:
        item = int(action.item)
        placing.equip = [e for e in placing.equip if e[0] != item]
        arrivals.attach(state, state._units[item], state._units[int(action.carrier)])
        return
    assert type(action) is Place
    lead = int(action.card)
    i = next(i for i, piece in enumerate(placing.pieces) if piece[0] == lead)
    piece = _pop(placing, i)
    pos = int(action.pos)
    enemy_there = bool(state._occ[pos][1 - state._units[piece[0]].side])
    for uid in piece:
        unit = state._units[uid]
        if unit.uid in state.hand[unit.side]:
            state.hand[unit.side].remove(unit.uid)
        arrivals.place(state, unit, pos)
        if enemy_there and placing.kind == "arrive":
            unit.entered_from = RESERVE  # 10.0: it began the melee; its way back is off the table, where it came from
        placing.placed.append(uid)


def finish_arrival(state: CoreState) -> None:
    """20.0 rule 5: the placed group's arrival was one move: its Supply point, and the positions its cards used."""
    placing = state.ctx.placing
    assert placing is not None and placing.kind == "arrive"
    state.ctx.placing = None
    if placing.cost >= 0:
        placed = [state._units[u] for u in placing.placed if state._units[u].pos >= 0]
        arrivals.as_a_move(state, placed, placing.cost, placing.left)
    state._changed()


def begin_arrival(state: CoreState, side: int, pieces: list[list[int]], where: list[int], equip: list[list[Any]], *,
                  overstack: bool, cost: int, left: int | None) -> None:
    """A reinforcement group of ``side`` comes: its owner places ``pieces`` on the positions ``where`` (and its
    equipment ``equip``, [item, carrier card id], on its squads). ``cost``: the Supply points the arrival costs as one
    move (20.0 rule 5), -1 when it is no move; ``left``: positions of movement fast cards have left after it.
    A second group arriving in the same turn joins the first's placing."""
    placing = state.ctx.placing
    if placing is None or placing.kind != "arrive":
        placing = state.ctx.placing = Placing("arrive", [], [], [], overstack=overstack, cost=cost, left=left)
    elif cost > 0:
        placing.cost = max(placing.cost, 0) + cost
    placing.pieces.extend(list(p) for p in pieces)
    placing.spots.extend(list(where) for _ in pieces)
    placing.sides.extend(side for _ in pieces)
    placing.equip.extend(list(e) for e in equip)
    state.phase = Phase.ARRIVE
    state._changed()
