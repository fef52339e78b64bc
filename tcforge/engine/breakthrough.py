"""001's break-through victory (Attack/Defense): the attacker's cards leave the map into the defender's reserve.

With ``victory.break_through`` on and a game that names its attacker
(``Game.attacker``), the attacker may spend a move action (one Supply point,
like any move) to take up to ``turn.cards_per_action`` combat cards off a zone
of the defender's second row that he has captured: they go off the map into
the defender's reserve (clear terrain, one step) and out of play, with their
equipment and passengers. As with any move into a zone, the defender may first
answer with Wire or a mine (an ``entry`` window): a card Wire stopped or a mine
destroyed or immobilised stays out of the exit. The defender then owes the
points of the cards that left: he discards
cards of his hand, one ``("yield", uid)`` at a time in a ``breakthrough``
window (:mod:`tcforge.engine.windows` lists them; there is no passing),
until the discarded points match or pass the total. When his whole hand is
worth less, he discards it all, and the attacker wins if he still holds a
captured zone of that row (a combat card of his and no card of the defender).
"""
from __future__ import annotations

from itertools import combinations

from tcforge.engine import movement, windows
from tcforge.engine.actions import Action, Exit, Yield
from tcforge.engine.board import RESERVE
from tcforge.engine.context import BreakThrough, Entry, Window
from tcforge.engine.core import CoreState, IllegalActionError
from tcforge.engine.movement import may_move
from tcforge.engine.outcome import EndKind, Outcome
from tcforge.engine.units import Unit

CONDITION = "001 break-through"


def enabled(state: CoreState) -> bool:
    return state.game.rules.victory_break_through and state.game.attacker is not None


def captured_zones(state: CoreState) -> list[int]:
    """The zones of the defender's second row the attacker has captured: a combat card of his there and no card of
    the defender's (001 counts any enemy unit; a face-down card's presence is known, its kind is not)."""
    attacker = state.game.attacker
    assert attacker is not None
    return [p for p in state.game.board.rear_rank(1 - attacker) if not state._occ[p][1 - attacker]
            and any(state._units[u].profile.combat and state._units[u].carrier is None for u in state._occ[p][attacker])]


def _may_exit(state: CoreState, unit: Unit) -> bool:
    return unit.profile.combat and unit.carrier is None and may_move(state, unit)


def exits(state: CoreState) -> list[Action]:
    """The exit move actions open to the active side: ``("exit", pos, uid, ...)``, every choice of its cards there."""
    if not enabled(state) or state.active != state.game.attacker or state.supply < state.game.rules.turn_move_cost:
        return []
    most = state.game.rules.turn_cards_per_action
    out: list[Action] = []
    for pos in captured_zones(state):
        movers = sorted(u for u in state._occ[pos][state.active] if _may_exit(state, state._units[u]))
        for n in range(1, min(most, len(movers)) + 1):
            out.extend(Exit(pos, *group) for group in combinations(movers, n))
    return out


def leaving(state: CoreState, uid: int) -> list[int]:
    """The card and what leaves with it: its equipment, its passengers and theirs."""
    out = [uid, *state._units[uid].equipment]
    for rider in state._units:
        if rider.carrier == uid and rider.pos >= 0:
            out.extend(leaving(state, rider.uid))
    return out


def points(state: CoreState, uids: list[int]) -> int:
    return sum(max(state._units[u].profile.points, 0) for u in uids)


def exit_cards(state: CoreState, action: Exit) -> None:
    """The exit move: a move into the defender's reserve (clear terrain for movement), so the defender may first
    answer it as any move into a zone (an ``entry`` window: Wire, a Minefield, an Anti-Tank Mine). The cards wait
    in :attr:`Play.exiting`; once the window and the mines' rolls are done, :func:`leave` takes the rest off."""
    pos, group = int(action.pos), [int(u) for u in action.cards]
    if pos not in captured_zones(state) or any(state._units[u].pos != pos for u in group):
        raise IllegalActionError(f"{list(action)!r}: exits are from a captured zone of the defender's second row")
    play = state.ctx.play
    assert play is not None, "an exit is a play"
    play.exiting = group
    moving = [c for u in group for c in _moving(state, u)]
    windows.open_window(state, "entry", 1 - state.active, Entry(moving[0], tuple(moving[1:]), RESERVE, exit=True))


def _moving(state: CoreState, uid: int) -> list[int]:
    """The card and the cards it carries or tows, theirs too (its equipment goes with it, but is no mover)."""
    out = [uid]
    for rider in state._units:
        if rider.carrier == uid and rider.pos >= 0:
            out.extend(_moving(state, rider.uid))
    return out


def leave(state: CoreState) -> None:
    """The exit's cards still able to move leave play, and the defender owes their points. The project's reading:
    a card a mine destroyed or immobilised, or Wire stopped, stays out of the exit (as it would end a move)."""
    play = state.ctx.play
    assert play is not None
    group, play.exiting = play.exiting, []
    going = [u for u in group if state._units[u].pos >= 0 and not state._units[u].immobilized and u not in play.wired]
    if not going:
        return
    owed = points(state, [c for u in going for c in leaving(state, u)])
    for uid in going:
        state._destroy(uid)  # out of play: the discard pile never goes back into the deck (001 No Card Recycling)
    _demand(state, owed)


def exiting_group(state: CoreState) -> list[Unit]:
    """The cards of the exit under way and what they carry."""
    play = state.ctx.play
    assert play is not None
    return [state._units[c] for u in play.exiting for c in _moving(state, u)]


def hold_back(state: CoreState, ids: set[int], group: list[Unit]) -> bool:
    """The cards ``ids`` stay out of the exit under way (``group``: its cards); True when the rest may still leave
    (else the exit stops: nothing left, or a squad riding a pair of tanks, which stops with the pair, 8.6)."""
    play = state.ctx.play
    assert play is not None
    play.exiting = [u for u in play.exiting if u not in ids]
    if not play.exiting or movement.on_tank_pair(state, group):
        play.exiting = []
        return False
    return True


def halt(state: CoreState) -> None:
    """001 Wire: the attacker keeps the exit's cards together: none leaves."""
    play = state.ctx.play
    assert play is not None
    play.exiting = []


def _demand(state: CoreState, owed: int) -> None:
    defender = 1 - state.active
    hand = list(state.hand[defender])
    if owed <= 0:
        return
    if points(state, hand) >= owed:
        state.ctx.window = Window("breakthrough", defender, BreakThrough(owed))
        state._changed()
        return
    for uid in hand:  # the project's reading: he cannot match, so he gives up all he has
        state._discard_card(uid)
    if captured_zones(state):
        attacker = state.active
        state.outcome = Outcome(attacker, EndKind.VICTORY_CONDITION, state.turn,
                                f"side {attacker} breaks through: side {defender}'s hand could not match {owed} points "
                                "of exited cards (001 Attack/Defense)", CONDITION)


def pay(state: CoreState, action: Action) -> None:
    """The defender discards one card; the window closes when the points are matched."""
    window = state.ctx.window
    assert window is not None and isinstance(window.data, BreakThrough)
    uid = int(action[1]) if len(action) > 1 else -1
    if type(action) is not Yield or uid not in state.hand[window.side]:
        raise IllegalActionError(f"{list(action)!r}: the defender owes points and must discard a card of his hand")
    owed = window.data.owed - max(state._units[uid].profile.points, 0)
    state._discard_card(uid)
    if owed > 0:  # the rest of his hand still covers it: the window opened only when the whole hand did
        state.ctx.window = Window("breakthrough", window.side, BreakThrough(owed))
    else:
        state.ctx.window = None
    state._changed()
