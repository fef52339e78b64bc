"""001 Wire, the card's rule in one place (issue 52 point 5: card rules by card, not by mechanism).

Wire is an Interrupt played as an enemy group enters a position (an ``entry`` window, tcforge.engine.windows) or
as an attacker's cards exit the defender's rear rank (001 Attack/Defense, tcforge.engine.breakthrough). It goes on
one card of the group (``target``), not on the discard pile; that card, with what it carries or tows (000 8.6:
Wire affects them alike), moves no more this turn (``Play.wired``, which tcforge.engine.movement reads for a
card's next move and tcforge.engine.breakthrough for the exit's leavers). Where the rest of the group could go on
without it, its owner chooses (a ``wire`` window): go on without the wired card, or halt them all. The Wire is
discarded as the wired card's owner begins his next turn (:func:`lifted`, asked by the turn flow).

The project's reading: a squad riding a pair of tanks stops with the pair (8.6), so such a group stops whole.
"""
from __future__ import annotations

from tcforge.data.card_ids import WIRE
from tcforge.engine import breakthrough, movement
from tcforge.engine.board import ATTACHED, RESERVE
from tcforge.engine.context import Entry
from tcforge.engine.core import CoreState
from tcforge.engine.units import Unit
from tcforge.engine.windows import open_window


def party(state: CoreState, group: list[Unit], target: int) -> list[Unit]:
    """The wired card of a moving group and what it carries or tows, transitively."""
    found = [state._units[target]]
    ids = {target}
    grown = True
    while grown:
        grown = False
        for m in group:
            if m.uid not in ids and m.carrier in ids:
                found.append(m)
                ids.add(m.uid)
                grown = True
    return found


def lay(state: CoreState, card: int, target: int, group: list[Unit]) -> list[Unit]:
    """``card`` goes on ``target`` of the moving ``group``; the wired card and what it carries (returned) move no
    more this turn."""
    wired = state._units[card]
    state.hand[wired.side].remove(card)
    state._attach(wired, state._units[target], equipment=False)  # on the card, not its equipment: discarded as its owner's turn begins
    stopped = party(state, group, target)
    play = state.ctx.play
    assert play is not None
    play.wired.extend(m.uid for m in stopped)
    return stopped


def played(state: CoreState, card: int, target: int, data: Entry) -> None:
    """Wire played on ``target`` as its group enters a position or exits (``data``): the wired card stops; the owner
    of a group it leaves may go on with the rest or halt them all (a ``wire`` window)."""
    choice = _on_exit(state, card, target) if data.exit else _on_entry(state, card, target, data.to)
    if choice is not None:
        open_window(state, "wire", state._units[target].side, choice)


def _on_entry(state: CoreState, card: int, target: int, to: int) -> Entry | None:
    group = movement.moving_group(state)
    stopped = lay(state, card, target, group)
    if len(stopped) == len(group) or movement.on_tank_pair(state, group):
        movement.stop_mover(state)
        return None
    return Entry(target, tuple(m.uid for m in stopped[1:]), to)


def _on_exit(state: CoreState, card: int, target: int) -> Entry | None:
    """Wire on an exiting card: it stays (with what it carries); on the exit's only card it stops the exit."""
    group = breakthrough.exiting_group(state)
    stopped = lay(state, card, target, group)
    if not breakthrough.hold_back(state, {m.uid for m in stopped}, group):
        return None
    return Entry(target, tuple(m.uid for m in stopped[1:]), RESERVE, exit=True)


def go_on(state: CoreState, data: Entry) -> None:
    """The owner goes on without the wired card: it stops where it is, the rest of the group enters the position
    (an exit's rest leaves as the play goes on: tcforge.engine.breakthrough.leave)."""
    if not data.exit:
        movement.split_group(state, (data.mover, *data.riders), data.to)


def halt_all(state: CoreState, data: Entry) -> None:
    """The owner keeps the group together: none of it moves on (none leaves, for an exit)."""
    if data.exit:
        breakthrough.halt(state)
    else:
        movement.stop_mover(state)


def lifted(state: CoreState, unit: Unit) -> bool:
    """Whether ``unit`` is a Wire whose wired card's owner begins his turn now (the active side): it is discarded."""
    return (unit.pos == ATTACHED and unit.carrier is not None and unit.profile.card_id == WIRE
            and state._units[unit.carrier].side == state.active)
