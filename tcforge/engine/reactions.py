"""What the Interrupts played in a reaction window do, and how the waiting play goes on (11.1, 12.2, 9.5.1, 9.6.1).

:mod:`tcforge.engine.windows` opens the windows and lists what may be played
in them; this module applies the choice. Its effects reach into movement,
fire and the special cards, so it sits above them, just below the dispatcher.
"""
from __future__ import annotations

from dataclasses import replace

from tcforge.data.card_ids import (
    ANTI_TANK_MINE,
    BREAKDOWN,
    CONFUSION,
    MINEFIELD,
    PANIC,
    REPAIR,
    SMOKE,
    STREAM,
    SWAMP,
    TACTICAL_ADVANTAGE,
    WIRE,
)
from tcforge.engine import breakthrough, cards, fire, movement, opportunity, smoke, spotting, wire
from tcforge.engine.actions import Action, HitRoll, Interrupt, Pass
from tcforge.engine.attacks import Attack
from tcforge.engine.context import Counter, Entry, Melee, MeleeStart, Shot, WindowData, WindowKind
from tcforge.engine.core import CoreState
from tcforge.engine.windows import open_window


def apply(state: CoreState, action: Action) -> None:
    window = state.ctx.window
    assert window is not None
    kind, side, data = window.kind, window.side, window.data
    if type(action) is Pass:
        state.ctx.window = None
        _resume(state, kind, data, cancelled=False)
        return
    if kind == "breakthrough":  # 001 Attack/Defense: a card paid for the exited cards, not an Interrupt
        breakthrough.pay(state, action)
        return
    if kind == "opportunity":  # 001 2.1: a shot, not a card
        state.ctx.window = None
        opportunity.declare(state, action)
        return
    if kind == "wire":  # 001 Wire: the owner halts the whole group
        state.ctx.window = None
        assert isinstance(data, Entry)
        wire.halt_all(state, data)
        return
    assert isinstance(action, Interrupt), f"an Interrupt is played in a {kind} window, not {action!r}"
    card = state._units[int(action.card)]
    card_id = card.profile.card_id
    if kind == "entry" and card_id == WIRE:  # it stays on the wired card, not on the discard pile
        state.ctx.window = None
        assert isinstance(data, Entry)
        wire.played(state, card.uid, int(action.target[0]) if action.target else data.mover, data)
        return
    state._discard_card(card.uid)
    if kind == "play":
        _play_effect(state, card_id, side, action)
        return  # the window stays open: more than one Interrupt may be played (12.2)
    if kind == "entry":
        state.ctx.window = None
        assert isinstance(data, Entry)
        _entry_effect(state, card_id, side, data)
        return
    if kind == "fire":  # Weapon Malfunction: the shot is not fired
        state.ctx.window = None
        _resume(state, kind, data, cancelled=True)
        return
    if kind == "melee":
        assert isinstance(data, MeleeStart)
        if card_id == SMOKE:
            smoke.lay(state, data.pos, side)  # the defender's lifts at the end of this turn (9.5.1 b)
        elif card_id == TACTICAL_ADVANTAGE:
            _melee(state).first_fire = side
        elif card_id == PANIC:
            _panic(state, data.pos, side)
        return
    if kind == "counter":  # the attack it answers is cancelled
        state.ctx.window = None
        _resume(state, kind, data, cancelled=True)
        return


def _melee(state: CoreState) -> Melee:
    melee = state.ctx.melee
    assert melee is not None, "a melee window opens in the melee phase"
    return melee


def _play_effect(state: CoreState, card_id: int | str, side: int, action: Interrupt) -> None:
    on = action.target[0] if action.target else -1  # the position or card the Interrupt is played on
    if card_id == SMOKE:
        smoke.lay(state, int(on), side)  # played in the opponent's turn: lifts at its end (9.5.1 b)
        return
    if card_id in (STREAM, SWAMP):
        _place_water(state, int(on), int(card_id))
    elif card_id == BREAKDOWN:
        state._units[int(on)].immobilized = True  # 12.2
    elif card_id == REPAIR:
        state._units[int(on)].immobilized = False
    elif card_id == CONFUSION:
        state.supply -= 1


def _place_water(state: CoreState, pos: int, card_id: int) -> None:
    """11.1: on clear terrain it is the terrain; on other terrain only the movement rule is added."""
    if state.terrain[pos] is None:
        state.terrain[pos] = card_id
    else:
        state.water[pos] = card_id
    state._sight_changed()


def _entry_effect(state: CoreState, card_id: int | str, side: int, data: Entry) -> None:
    group = [state._units[data.mover]] + [state._units[r] for r in data.riders]
    if card_id == STREAM and state.game.rules.cards_stream_between_zones:
        at = state._units[data.mover].pos  # 001 Streams: the Stream lies between the two zones for the game
        state.streams = sorted(state.streams + [[min(at, data.to), max(at, data.to), 0]])
        if any(m.profile.vehicle or m.profile.at_gun for m in group):
            return  # the mover stays: it may cross with a Ford or Bridge, go round, or stop (001's options 1, 3, 4)
        movement.do_step(state, data.to)  # infantry and cavalry on foot cross (option 2)
        return
    if card_id in (STREAM, SWAMP):
        _place_water(state, data.to, int(card_id))
        if any(m.profile.vehicle or m.profile.at_gun for m in group):
            movement.stop_mover(state)  # 11.1: vehicles and guns go back to where they were: here, they stay
            return
        movement.do_step(state, data.to)  # infantry on foot goes on into the position
        return
    if card_id == MINEFIELD:
        data = replace(data, mine=int(card_id))
        if open_window(state, "counter", 1 - side, Counter("minefield", data)):
            return
        _mine_attacks(state, data)
        return
    if card_id == ANTI_TANK_MINE:
        spotting.reveal(state, [m.uid for m in group])  # 001 1.8: mines reveal the hidden cards they attack
        for m in group:
            if m.profile.vehicle:
                state.rolls.append(HitRoll(Attack("mine", 3, 0, immobilise_to=5), -1, m.uid, False))
        _after_mines(state, data)


def _after_mines(state: CoreState, data: Entry) -> None:
    """The step waits for the mines' rolls; an exit's survivors leave once they are done (the play goes on)."""
    if not data.exit:
        movement.after_mines(state, data.to)


def _mine_attacks(state: CoreState, data: Entry) -> None:
    """A Minefield attacks every card of the group: 1-2 destroys, 3 immobilises a vehicle (or destroys another card)."""
    group = [state._units[data.mover]] + [state._units[r] for r in data.riders]
    spotting.reveal(state, [m.uid for m in group])  # 001 1.8
    for m in group:
        attack = Attack("mine", 2, 0, immobilise_to=3) if m.profile.vehicle else Attack("mine", 3, 0)
        state.rolls.append(HitRoll(attack, -1, m.uid, False))
    _after_mines(state, data)


def _resume(state: CoreState, kind: WindowKind, data: WindowData, *, cancelled: bool) -> None:
    """The window closed: what waited goes on (a cancelled shot still uses the card's fire)."""
    if kind == "play":
        play = state.ctx.play
        assert play is not None
        play.window_done = True
    elif kind == "entry":
        assert isinstance(data, Entry)
        if not data.exit:  # an exit's cards leave as the play goes on (breakthrough.leave)
            movement.do_step(state, data.to)
    elif kind == "wire":  # 001 Wire: the rest of the group goes on without the wired card
        assert isinstance(data, Entry)
        wire.go_on(state, data)
    elif kind == "fire":
        assert isinstance(data, Shot)
        if data.opportunity:
            opportunity.resolve(state, data, cancelled=cancelled)
        else:
            fire.fire_shot(state, data.action, cancelled=cancelled)
    elif kind == "melee":
        melee = _melee(state)
        melee.melee_windows = (melee.melee_windows or 0) + 1
    elif kind == "counter":
        assert isinstance(data, Counter)
        then = data.then
        if isinstance(then, Entry):  # a Minefield
            if not cancelled:
                _mine_attacks(state, then)
            elif not then.exit:
                movement.do_step(state, then.to)
        elif not cancelled:
            cards.fire_support(state, then)


def _panic(state: CoreState, pos: int, side: int) -> None:
    """The defender's cards leave for the nearest position without enemy cards that has room, before any fire."""
    board = state.game.board
    enemy = 1 - side
    for uid in list(state._occ[pos][enemy]):
        unit = state._units[uid]
        if unit.carrier is not None:
            continue
        seen, frontier, target = {pos}, [pos], None
        while frontier and target is None:
            nxt = []
            for p in frontier:
                for q in board.neighbours[p]:
                    if q in seen or movement.barred(state, unit, q):
                        continue  # 11.0: a vehicle or gun neither retreats into nor through a Swamp or Stream
                    seen.add(q)
                    if not state._occ[q][side] and movement.has_room(state, unit, q, [unit]):
                        target = q
                        break
                    nxt.append(q)
                if target is not None:
                    break
            frontier = sorted(nxt, key=lambda q: board.distance(q, board.rear_rank(enemy)[0]))
        if target is None:
            continue
        state._relocate(unit, target)
        unit.entered_from = None
        for rider in state._units:
            if rider.carrier == uid and rider.pos >= 0:
                state._relocate(rider, target)

