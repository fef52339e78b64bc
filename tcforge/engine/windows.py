"""Reaction windows: when a player may answer the other's play with an Interrupt (12.2, 11.1, 9.5.1).

Either player may play an Interrupt whenever it likes (12.2); the engine gives a
player a decision at the moments an Interrupt can change something, and only
when they hold one that fits:

- ``play``: before each play of the opponent (Smoke, Stream, Swamp, Breakdown,
  Confusion, Repair);
- ``entry``: as an enemy card is about to enter a position (Minefield, Wire,
  Anti-Tank Mine, Stream, Swamp: 11.1), or cards exit into the defender's
  reserve (001 break-through: Minefield, Wire, Anti-Tank Mine);
- ``fire``: as an enemy card declares a shot (Weapon Malfunction);
- ``melee``: as a melee begins, for each side in turn (Smoke 9.5.1 d, Panic,
  Tactical Advantage);
- ``counter``: in answer to an enemy card (Counterbattery Fire against
  artillery, Aircraft Interception against air attacks, Minefield Gap against a
  Minefield);
- ``opportunity``: as enemy cards come into a zone, with 001's opportunity fire
  (2.0): no card, one of the listed shots (:mod:`tcforge.engine.opportunity`);
- ``wire``: for the mover's owner, after Wire stopped one card of a group (001 Wire):
  ``("halt",)`` keeps the group together, passing lets the rest go on.

Several Interrupts may be played in one window; the player ends it with
``("pass",)``, and what was waiting (a step, a shot, an attack) goes on.
"""
from __future__ import annotations

from tcforge.data.card_ids import (
    ANTI_TANK_MINE,
    BREAKDOWN,
    CONFUSION,
    COUNTERBATTERY,
    INTERCEPTION,
    MINEFIELD,
    MINEFIELD_GAP,
    PANIC,
    REPAIR,
    SMOKE,
    STREAM,
    SWAMP,
    TACTICAL_ADVANTAGE,
    VILLAGE,
    WEAPON_MALFUNCTION,
    WIRE,
)
from tcforge.engine import smoke
from tcforge.engine.actions import Action, Halt, Interrupt, Pass, Yield, card_plays
from tcforge.engine.context import Counter, Entry, MeleeStart, Opportunity, Window, WindowData, WindowKind
from tcforge.engine.core import CoreState


def _hand(state: CoreState, side: int, card_id: int | str) -> list[int]:
    if card_id in state.game.unplayable:
        return []
    return [u for u in state.hand[side] if state._units[u].profile.card_id == card_id]


def _has_heavy(state: CoreState, pos: int) -> bool:
    """Vehicles or AT guns of either side in the position (11.1 forbids Stream and Swamp there)."""
    return any(state._units[u].profile.vehicle or state._units[u].profile.at_gun for side in (0, 1) for u in state._occ[pos][side])


def _water_ok(state: CoreState, pos: int, card_id: int) -> bool:
    if pos < 0 or state.water[pos] is not None or state.terrain[pos] in (STREAM, SWAMP) or _has_heavy(state, pos):
        return False
    if card_id == SWAMP and state.game.rules.cards_swamp_only_on_clear and state.terrain[pos] is not None:
        return False  # 001 Swamps: only on clear terrain
    return not (card_id == SWAMP and state.terrain[pos] == VILLAGE)  # 6.1.1 note: no Swamp on a Village


def options(state: CoreState, *, probe: bool = False) -> list[Action]:
    """The Interrupts (or opportunity fire attacks) the window's player may make now, besides passing (``probe``: a
    "play" window's first ones found, enough to tell whether it opens)."""
    window = state.ctx.window
    assert window is not None
    kind, side, data = window.kind, window.side, window.data
    rules = state.game.rules
    out: list[Action] = []
    if kind == "play":
        units = state._units
        held = {units[u].profile.card_id for u in state.hand[side]}
        if held.isdisjoint(_PLAY_WINDOW_CARDS):
            return out  # the hand holds no card this window takes (the usual case, asked after every play)
        enemy = 1 - side
        for uid in _hand(state, side, SMOKE):  # 9.5.1, 12.2
            if probe:  # one clear position tells that the window opens
                clear = smoke.first_clear(state)
                if clear is not None:
                    return [Interrupt(uid, clear)]
                continue
            out.extend(card_plays(Interrupt, uid, smoke.card_targets(state)))
        for card_id in (STREAM, SWAMP):
            if card_id == STREAM and rules.cards_stream_between_zones:
                continue  # 001 Streams: a Stream is played only to bar a move
            for uid in _hand(state, side, card_id):
                out.extend(Interrupt(uid, p) for p in range(state.game.board.size) if _water_ok(state, p, card_id)
                           and (state._occ[p][0] or state._occ[p][1]))
        for uid in _hand(state, side, BREAKDOWN):
            out.extend(Interrupt(uid, u) for p in range(state.game.board.size) for u in state._occ[p][enemy]
                       if state._units[u].profile.vehicle and not state._units[u].immobilized and not state.face_down(u))
        for uid in _hand(state, side, REPAIR):
            out.extend(Interrupt(uid, u) for p in range(state.game.board.size) for u in state._occ[p][side]
                       if state._units[u].immobilized)
        if state.supply > 0:
            out.extend(Interrupt(uid) for uid in _hand(state, side, CONFUSION))
    elif kind == "entry":
        assert isinstance(data, Entry)
        group = [state._units[data.mover]] + [state._units[r] for r in data.riders]
        to = data.to
        out.extend(Interrupt(uid) for uid in _hand(state, side, MINEFIELD)[:1])
        for uid in _hand(state, side, WIRE)[:1]:  # 001 Wire: on one card of the group that is not carried
            free = [m.uid for m in group if m.carrier is None]
            out.extend([Interrupt(uid)] if len(free) == 1 else [Interrupt(uid, t) for t in free])
        hidden = rules.hidden_units  # 001 1.8: a hidden mover may be a vehicle
        if any(m.profile.vehicle or (hidden and m.uid not in state.spotted) for m in group):
            out.extend(Interrupt(uid) for uid in _hand(state, side, ANTI_TANK_MINE)[:1])
        for card_id in (STREAM, SWAMP):
            if card_id == STREAM and rules.cards_stream_between_zones:
                at = state._units[data.mover].pos  # 001 Streams: between the zone left and the zone entered, once
                if at >= 0 and to >= 0 and state.stream(at, to) is None:
                    out.extend(Interrupt(uid) for uid in _hand(state, side, card_id)[:1])
                continue
            if _water_ok(state, to, card_id):
                out.extend(Interrupt(uid) for uid in _hand(state, side, card_id)[:1])
    elif kind == "fire":
        out.extend(Interrupt(uid) for uid in _hand(state, side, WEAPON_MALFUNCTION)[:1])
    elif kind == "melee":
        assert isinstance(data, MeleeStart)
        pos = data.pos
        if smoke.may_lay_at(state, pos):  # 9.5.1 d
            out.extend(Interrupt(uid) for uid in _hand(state, side, SMOKE)[:1])
        melee = state.ctx.melee
        if melee is None or not melee.first_fire:
            out.extend(Interrupt(uid) for uid in _hand(state, side, TACTICAL_ADVANTAGE)[:1]
                       if state._units[uid].profile.kind == "interrupt")
        if side == state.active and _panic_allowed(state, pos, side):
            out.extend(Interrupt(uid) for uid in _hand(state, side, PANIC)[:1]
                       if state._units[uid].profile.kind == "interrupt")
    elif kind == "counter":
        assert isinstance(data, Counter)
        wanted = {"art": COUNTERBATTERY, "air": INTERCEPTION, "minefield": MINEFIELD_GAP}[data.against]
        out.extend(Interrupt(uid) for uid in _hand(state, side, wanted)[:1])
    elif kind == "opportunity":
        assert isinstance(data, Opportunity)
        out.extend(data.shots)
    elif kind == "wire":
        out.append(_HALT)  # 001 Wire: the owner halts the whole group (passing: the rest goes on)
    elif kind == "breakthrough":
        out.extend(Yield(uid) for uid in sorted(state.hand[side]))  # 001 break-through: any card pays (breakthrough.py)
    return out


_PLAY_WINDOW_CARDS = frozenset((SMOKE, STREAM, SWAMP, BREAKDOWN, REPAIR, CONFUSION))  # the cards of a "play" window


def legal(state: CoreState) -> list[Action]:
    window = state.ctx.window
    if window is not None and window.kind == "breakthrough":
        return options(state)  # 001: the points are owed; there is no passing
    return options(state) + [_PASS]


_PASS, _HALT = Pass(), Halt()


# the cards each kind of window may offer (:func:`options`): without one of them in hand the window cannot open, and
# most windows asked for (after every play, at every step and shot) find none (the others offer no card)
_WINDOW_CARDS: dict[str, frozenset[object]] = {
    "play": _PLAY_WINDOW_CARDS, "entry": frozenset((MINEFIELD, WIRE, ANTI_TANK_MINE, STREAM, SWAMP)),
    "fire": frozenset((WEAPON_MALFUNCTION,)), "melee": frozenset((SMOKE, TACTICAL_ADVANTAGE, PANIC)),
    "counter": frozenset((COUNTERBATTERY, INTERCEPTION, MINEFIELD_GAP))}


def open_window(state: CoreState, kind: WindowKind, side: int, data: WindowData) -> bool:
    """Give ``side`` a reaction window if they hold an Interrupt that fits; True when it opened."""
    wanted = _WINDOW_CARDS.get(kind)
    if wanted is not None:
        units = state._units
        if not any(units[u].profile.card_id in wanted for u in state.hand[side]):
            state.ctx.window = None  # as when the window is tried and finds nothing
            return False
    state.ctx.window = Window(kind, side, data)
    if options(state, probe=True):
        state._changed()
        return True
    state.ctx.window = None
    return False


def _panic_allowed(state: CoreState, pos: int, side: int) -> bool:
    """Panic (9.6.1): a fresh assault with three combat cards, tanks and infantry among them."""
    attackers = [state._units[u] for u in state._occ[pos][side]
                 if state._units[u].profile.combat and state._units[u].entered_from is not None and state._units[u].moved]
    return len(attackers) >= 3 and any(a.profile.tank for a in attackers) and any(a.profile.infantry for a in attackers)
