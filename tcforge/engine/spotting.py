"""Hidden units and spotting, Jeff and Mike's optional rules (source 001, 1.0-1.10).

With the ruleset parameter ``hidden.units`` on, cards on the battlefield lie face
down unless spotted (``CoreState.spotted``). A card is spotted when an enemy card
that may spot sees it at the end of a player's turn (1.0), as it moves through
an enemy's sight (1.3), when it attacks (1.2), or when indirect fire or Recon
reveals it (1.7, 1.8); it hides again once no enemy card sees its zone (1.6).
Reserves are out of sight both ways (1.9): only battlefield cards spot or are
spotted. What a side may then know is :mod:`tcforge.engine.observation`'s work.
"""
from __future__ import annotations

from tcforge.engine.board import RESERVE
from tcforge.engine.core import CoreState
from tcforge.engine.fire import line_of_sight
from tcforge.engine.units import Unit

SIGHT = 2  # 1.1: as far as long-range AT fire, two zones in a straight line or diagonal


def on(state: CoreState) -> bool:
    return state.game.rules.hidden_units


def sees(state: CoreState, a: int, b: int) -> bool:
    """1.1: position ``a`` has line of sight to ``b`` (its own zone and the next ones always, two zones unless blocked)."""
    dist = state.game.board.distance(a, b)
    return dist <= 1 or (dist == SIGHT and line_of_sight(state, a, b))


def in_cover(state: CoreState, unit: Unit) -> bool:
    """1.2: the card is in non-clear terrain: a terrain card, a Stream or Swamp, or its side's Foxholes or Bunkers (1.0 note)."""
    pos = unit.pos
    fort = state.forts[pos]
    return (state.terrain[pos] is not None or state.water[pos] is not None
            or (fort is not None and fort.side == unit.side and unit.profile.infantry))


def may_spot(state: CoreState, spotter_pos: int, target: Unit) -> bool:
    """1.1, 1.2: an enemy card at ``spotter_pos`` would spot ``target``; sharing its zone always does (1.2 condition 2)."""
    if spotter_pos == target.pos:
        return True
    if not sees(state, spotter_pos, target.pos):
        return False
    if not in_cover(state, target):
        return True
    if target.profile.infantry:
        return False  # 1.2 condition 2: hidden infantry or cavalry in cover only by entering its zone
    return state.game.board.distance(spotter_pos, target.pos) == 1  # 1.2 condition 1: next door only


def spotter_positions(state: CoreState, side: int) -> list[int]:
    """Positions from which ``side`` may spot: its cards there, none of them in a melee (1.5). Moving cards
    spot only once their move is over (1.4): the checks run when nothing of theirs moves."""
    return [p for p in range(state.game.board.size) if state._occ[p][side] and not state._occ[p][1 - side]]


def in_contact(state: CoreState, unit: Unit) -> bool:
    """1.6: an enemy card on the battlefield sees the card's zone (terrain plays no part; cards in a melee keep contact, 1.5)."""
    enemy = 1 - unit.side
    return any(state._occ[p][enemy] and sees(state, p, unit.pos) for p in range(state.game.board.size))


def check(state: CoreState) -> None:
    """1.0: the spotting and breaking-contact check (end of each player's turn, and once as play begins)."""
    if not on(state):
        return
    spotters = (spotter_positions(state, 0), spotter_positions(state, 1))
    for pos in range(state.game.board.size):
        for side in (0, 1):
            for uid in state._occ[pos][side]:
                unit = state._units[uid]
                if uid in state.spotted:
                    if not in_contact(state, unit):
                        state.spotted.discard(uid)  # 1.6
                elif state._occ[pos][1 - side] or any(may_spot(state, p, unit) for p in spotters[1 - side]):
                    state._spot(uid)


def after_step(state: CoreState, members: list[Unit], to: int) -> None:
    """1.3, 1.6: a moving card is spotted in each zone an enemy may spot it from, and hides again in a zone no enemy
    sees; entering an enemy's zone reveals both (1.2 condition 2). A face-down card going back to the reserve
    is lost to the enemy's sight (1.9): the enemy no longer knows which card it is."""
    if not on(state):
        return
    if to == RESERVE:
        for unit in members:
            if unit.uid not in state.spotted:
                state._seen.discard(unit.uid)
            state.spotted.discard(unit.uid)
        return
    side = members[0].side
    if state._occ[to][1 - side]:
        for uid in state._occ[to][0] + state._occ[to][1]:
            state._spot(uid)
        return
    spotters = spotter_positions(state, 1 - side)
    for unit in members:
        if unit.uid in state.spotted:
            if not in_contact(state, unit):
                state.spotted.discard(unit.uid)
        elif any(may_spot(state, p, unit) for p in spotters):
            state._spot(unit.uid)


def reveal(state: CoreState, uids: list[int]) -> None:
    """1.7, 1.8: cards revealed by Recon or indirect fire; once the attack is over, those no enemy sees hide again."""
    if not on(state):
        return
    for uid in uids:
        if state.face_down(uid):
            state._spot(uid)
            state._glimpsed.add(uid)


def settle(state: CoreState) -> None:
    """1.7, 1.8: after the revealing attack is resolved (no roll pending), glimpsed cards out of every enemy's sight hide again."""
    if not state._glimpsed or state.rolls:
        return
    for uid in sorted(state._glimpsed):
        unit = state._units[uid]
        if unit.pos >= 0 and not in_contact(state, unit):
            state.spotted.discard(uid)
    state._glimpsed.clear()
