"""The actions and chance events of the game, one small immutable type per kind.

A player's decision, a chance outcome (a card drawn, a die's number) and a pending chance event (a draw, an
initiative roll, an attack's roll) are each an instance of one class below. Each class is a slotted, immutable
tuple whose items are the JSON list form the engine has always written: ``Shoot(3, 7, "at")`` *is*
``("shoot", 3, 7, "at")`` item for item, so ``list(action)`` (:meth:`Action.to_json`) is a log line's action byte
for byte, equality and hashing are a tuple's (legal-action membership, dictionary keys, a log's plain list all
compare as before; ``repr`` is a tuple's, so any text that showed an action reads the same), and
copying is free. The engine dispatches on the class (``type(action)``), reads fields by
name, and never compares the kind's string.

:func:`action_from_json` turns a list read from a log back into its class and refuses an unknown kind or a
wrong number of items with :class:`MalformedActionError`; :func:`event_from_json` does the same for a
serialized pending chance event. Constructors do no checking: they are on the engine's hot path.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import fields
from typing import Any, ClassVar

from mypy_extensions import mypyc_attr

from tcforge.engine.attacks import Attack

_new = tuple.__new__


_PLAYS_MADE: dict[tuple[Any, ...], tuple[Any, ...]] = {}  # see card_plays


def card_plays(cls: Any, card: int, targets: Sequence[tuple[Any, ...]]) -> tuple[Any, ...]:
    """``cls(card, *target)`` for each target, in order: a card's plays (Smoke on every clear position, ...) made once
    for the same card and targets, since an action is an immutable tuple (they are listed at every decision)."""
    key = (cls, card, *targets)
    try:
        found = _PLAYS_MADE.get(key)
    except TypeError:  # a target that is not a value (never made by the engine): made each time
        return tuple(cls(card, *t) for t in targets)
    if found is None:
        if len(_PLAYS_MADE) >= 16384:
            _PLAYS_MADE.clear()
        found = _PLAYS_MADE[key] = tuple(cls(card, *t) for t in targets)
    return found


class MalformedActionError(ValueError):
    """A list that is not the JSON form of any action (or chance event): an unknown kind or the wrong length."""


@mypyc_attr(native_class=False)
class Action(tuple[Any, ...]):
    """An action of the game (a decision or a chance outcome): its kind's name first, then its fields."""

    __slots__ = ()
    kind: ClassVar[str]  # the first item of the JSON list form
    arity: ClassVar[tuple[int, int | None]] = (1, 1)  # (fewest, most) items of the JSON list; None: no limit

    def to_json(self) -> list[Any]:
        """The JSON list form written to logs: ``[kind, field, ...]``."""
        return list(self)

    def __getnewargs__(self) -> tuple[Any, ...]:  # pickling and copying call the class with its fields
        return tuple(self[1:])

    def __copy__(self) -> Action:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Action:
        return self


# ---------------------------------------------------------------- the play (5.0)
@mypyc_attr(native_class=False)
class End(Action):
    """End the play, forfeiting the Supply points left (5.0 e)."""

    __slots__ = ()
    kind = "end"

    def __new__(cls) -> End:
        return _new(cls, ("end",))


@mypyc_attr(native_class=False)
class Draw(Action):
    """Spend Supply to draw a card (5.0 d); the card itself is a chance outcome (:class:`CardDrawn`)."""

    __slots__ = ()
    kind = "draw"

    def __new__(cls) -> Draw:
        return _new(cls, ("draw",))


@mypyc_attr(native_class=False)
class Move(Action):
    """Begin a move action from ``source`` (a position, or the reserve) (5.0 a, 8.0)."""

    __slots__ = ()
    kind = "move"
    arity = (2, 2)

    def __new__(cls, source: int) -> Move:
        return _new(cls, ("move", source))

    @property
    def source(self) -> int:
        return self[1]


@mypyc_attr(native_class=False)
class Exit(Action):
    """001 Attack/Defense: the cards ``cards`` leave the map from the captured zone ``pos``."""

    __slots__ = ()
    kind = "exit"
    arity = (3, None)

    def __new__(cls, pos: int, *cards: int) -> Exit:
        return _new(cls, ("exit", pos, *cards))

    @property
    def pos(self) -> int:
        return self[1]

    @property
    def cards(self) -> tuple[int, ...]:
        return tuple(self[2:])


@mypyc_attr(native_class=False)
class Fire(Action):
    """Begin a fire action from the position ``source`` (5.0 b, 9.0)."""

    __slots__ = ()
    kind = "fire"
    arity = (2, 2)

    def __new__(cls, source: int) -> Fire:
        return _new(cls, ("fire", source))

    @property
    def source(self) -> int:
        return self[1]


@mypyc_attr(native_class=False)
class _CardPlay(Action):
    """A special card played from the hand, on its target (the tail: positions, cards, a mode)."""

    __slots__ = ()
    arity = (2, None)

    @property
    def card(self) -> int:
        return self[1]

    @property
    def target(self) -> tuple[Any, ...]:
        return tuple(self[2:])


@mypyc_attr(native_class=False)
class PlayCard(_CardPlay):
    """An Instant or an attachment played in one's own play (5.0 c, 12.1)."""

    __slots__ = ()
    kind = "play"

    def __new__(cls, card: int, *target: Any) -> PlayCard:
        return _new(cls, ("play", card, *target))


@mypyc_attr(native_class=False)
class Interrupt(_CardPlay):
    """An Interrupt played (12.2): in a window, in one's own play, or while moving (Path, Ford or Bridge)."""

    __slots__ = ()
    kind = "interrupt"

    def __new__(cls, card: int, *target: Any) -> Interrupt:
        return _new(cls, ("interrupt", card, *target))


@mypyc_attr(native_class=False)
class Fortify(_CardPlay):
    """Foxholes or Bunkers placed at the start of one's play (11.0)."""

    __slots__ = ()
    kind = "fortify"

    def __new__(cls, card: int, *target: Any) -> Fortify:
        return _new(cls, ("fortify", card, *target))


@mypyc_attr(native_class=False)
class Equip(Action):
    """Equipment ``item`` (from the hand, or unclaimed) goes on the squad ``squad`` (13.0)."""

    __slots__ = ()
    kind = "equip"
    arity = (3, 3)

    def __new__(cls, item: int, squad: int) -> Equip:
        return _new(cls, ("equip", item, squad))

    @property
    def item(self) -> int:
        return self[1]

    @property
    def squad(self) -> int:
        return self[2]


@mypyc_attr(native_class=False)
class Drop(Action):
    """Equipment discarded at will (13.0)."""

    __slots__ = ()
    kind = "drop"
    arity = (2, 2)

    def __new__(cls, item: int) -> Drop:
        return _new(cls, ("drop", item))

    @property
    def item(self) -> int:
        return self[1]


# ---------------------------------------------------------------- a move (8.0)
@mypyc_attr(native_class=False)
class Pick(Action):
    """A card picked to move."""

    __slots__ = ()
    kind = "pick"
    arity = (2, 2)

    def __new__(cls, card: int) -> Pick:
        return _new(cls, ("pick", card))

    @property
    def card(self) -> int:
        return self[1]


@mypyc_attr(native_class=False)
class _Rides(Action):
    __slots__ = ()
    arity = (3, 3)

    @property
    def card(self) -> int:
        return self[1]

    @property
    def vehicle(self) -> int:
        return self[2]


@mypyc_attr(native_class=False)
class Load(_Rides):
    """A squad rides the picked vehicle (8.6)."""

    __slots__ = ()
    kind = "load"

    def __new__(cls, card: int, vehicle: int) -> Load:
        return _new(cls, ("load", card, vehicle))


@mypyc_attr(native_class=False)
class Tow(_Rides):
    """A gun is towed by the picked vehicle (8.6)."""

    __slots__ = ()
    kind = "tow"

    def __new__(cls, card: int, vehicle: int) -> Tow:
        return _new(cls, ("tow", card, vehicle))


@mypyc_attr(native_class=False)
class Together(Action):
    """8.2: the picked card ``follower`` moves in the group of ``leader``."""

    __slots__ = ()
    kind = "together"
    arity = (3, 3)

    def __new__(cls, follower: int, leader: int) -> Together:
        return _new(cls, ("together", follower, leader))

    @property
    def follower(self) -> int:
        return self[1]

    @property
    def leader(self) -> int:
        return self[2]


@mypyc_attr(native_class=False)
class Transfer(Action):
    """8.7: equipment changes hands within the position at the start of a move."""

    __slots__ = ()
    kind = "transfer"
    arity = (3, 3)

    def __new__(cls, item: int, taker: int) -> Transfer:
        return _new(cls, ("transfer", item, taker))

    @property
    def item(self) -> int:
        return self[1]

    @property
    def taker(self) -> int:
        return self[2]


@mypyc_attr(native_class=False)
class Go(Action):
    """The picked cards start moving."""

    __slots__ = ()
    kind = "go"

    def __new__(cls) -> Go:
        return _new(cls, ("go",))


@mypyc_attr(native_class=False)
class Step(Action):
    """The moving card enters ``to`` (a position, or the reserve)."""

    __slots__ = ()
    kind = "step"
    arity = (2, 2)

    def __new__(cls, to: int) -> Step:
        return _new(cls, ("step", to))

    @property
    def to(self) -> int:
        return self[1]


@mypyc_attr(native_class=False)
class Halt(Action):
    """The moving card stops where it is."""

    __slots__ = ()
    kind = "halt"

    def __new__(cls) -> Halt:
        return _new(cls, ("halt",))


# ---------------------------------------------------------------- fire (9.0) and melee (10.0)
@mypyc_attr(native_class=False)
class _Attack(Action):
    __slots__ = ()
    arity = (4, 5)

    @property
    def firer(self) -> int:
        return self[1]

    @property
    def target(self) -> int:
        return self[2]

    @property
    def fire(self) -> str:
        """The kind of fire: "at", "he", "sa", "ft", "tmv"."""
        return self[3]

    @property
    def item(self) -> int:
        """The equipment that fires, -1 for the card's own weapons."""
        return self[4] if len(self) > 4 else -1


@mypyc_attr(native_class=False)
class Shoot(_Attack):
    """A ranged shot (9.0), or 001's opportunity fire; ``item`` the equipment firing (-1: none, not written)."""

    __slots__ = ()
    kind = "shoot"

    def __new__(cls, firer: int, target: int, fire: str, item: int = -1) -> Shoot:
        return _new(cls, ("shoot", firer, target, fire) if item < 0 else ("shoot", firer, target, fire, item))


@mypyc_attr(native_class=False)
class Target(_Attack):
    """A melee order (10.0): the card ``firer`` will fire at ``target``."""

    __slots__ = ()
    kind = "target"

    def __new__(cls, firer: int, target: int, fire: str, item: int = -1) -> Target:
        return _new(cls, ("target", firer, target, fire) if item < 0 else ("target", firer, target, fire, item))


@mypyc_attr(native_class=False)
class Smoke(Action):
    """9.5.1 f: the card fires HE to lay Smoke on ``pos`` (in a fire action, or as its melee order)."""

    __slots__ = ()
    kind = "smoke"
    arity = (3, 3)

    def __new__(cls, firer: int, pos: int) -> Smoke:
        return _new(cls, ("smoke", firer, pos))

    @property
    def firer(self) -> int:
        return self[1]

    @property
    def pos(self) -> int:
        return self[2]


@mypyc_attr(native_class=False)
class Done(Action):
    """The fire action is over."""

    __slots__ = ()
    kind = "done"

    def __new__(cls) -> Done:
        return _new(cls, ("done",))


@mypyc_attr(native_class=False)
class ChooseMelee(Action):
    """The active player chooses the next melee to fight, at ``pos`` (10.0)."""

    __slots__ = ()
    kind = "melee"
    arity = (2, 2)

    def __new__(cls, pos: int) -> ChooseMelee:
        return _new(cls, ("melee", pos))

    @property
    def pos(self) -> int:
        return self[1]


@mypyc_attr(native_class=False)
class Hold(Action):
    """The card does not fire in this melee."""

    __slots__ = ()
    kind = "hold"
    arity = (2, 2)

    def __new__(cls, card: int) -> Hold:
        return _new(cls, ("hold", card))

    @property
    def card(self) -> int:
        return self[1]


# ---------------------------------------------------------------- the turn's end (6.3, 6.4) and windows (12.2)
@mypyc_attr(native_class=False)
class Discard(Action):
    """A card of the hand discarded down to the hand limit (6.4)."""

    __slots__ = ()
    kind = "discard"
    arity = (2, 2)

    def __new__(cls, card: int) -> Discard:
        return _new(cls, ("discard", card))

    @property
    def card(self) -> int:
        return self[1]


@mypyc_attr(native_class=False)
class Unstack(Action):
    """6.3: a card of an overstacked position eliminated by its owner."""

    __slots__ = ()
    kind = "unstack"
    arity = (2, 2)

    def __new__(cls, card: int) -> Unstack:
        return _new(cls, ("unstack", card))

    @property
    def card(self) -> int:
        return self[1]


@mypyc_attr(native_class=False)
class Pass(Action):
    """Nothing played in a reaction window."""

    __slots__ = ()
    kind = "pass"

    def __new__(cls) -> Pass:
        return _new(cls, ("pass",))


@mypyc_attr(native_class=False)
class Yield(Action):
    """001 break-through: the defender discards ``card`` towards the points owed."""

    __slots__ = ()
    kind = "yield"
    arity = (2, 2)

    def __new__(cls, card: int) -> Yield:
        return _new(cls, ("yield", card))

    @property
    def card(self) -> int:
        return self[1]


# ---------------------------------------------------------------- set-up and arrivals (6.0, 17.0, 20.0 rule 5)
@mypyc_attr(native_class=False)
class Place(Action):
    """The owner places ``card`` (with what rides on or behind it) on ``pos``: a card of a set-up zone (6.0, 17.0) or
    an arriving reinforcement (20.0 rule 5). The rules leave the position to the owner, never to the engine."""

    __slots__ = ()
    kind = "place"
    arity = (3, 3)

    def __new__(cls, card: int, pos: int) -> Place:
        return _new(cls, ("place", card, pos))

    @property
    def card(self) -> int:
        return self[1]

    @property
    def pos(self) -> int:
        return self[2]


@mypyc_attr(native_class=False)
class Assign(Action):
    """At set-up, the owner puts the equipment ``item`` on ``carrier`` (a squad of the kind the scenario names)."""

    __slots__ = ()
    kind = "assign"
    arity = (3, 3)

    def __new__(cls, item: int, carrier: int) -> Assign:
        return _new(cls, ("assign", item, carrier))

    @property
    def item(self) -> int:
        return self[1]

    @property
    def carrier(self) -> int:
        return self[2]


# ---------------------------------------------------------------- chance outcomes
@mypyc_attr(native_class=False)
class CardDrawn(Action):
    """Chance: the card drawn from the deck (None in an observation that did not see it)."""

    __slots__ = ()
    kind = "card"
    arity = (2, 2)

    def __new__(cls, card: int | None) -> CardDrawn:
        return _new(cls, ("card", card))

    @property
    def card(self) -> int | None:
        return self[1]


@mypyc_attr(native_class=False)
class D10(Action):
    """Chance: the number a ten-sided die shows (7.0)."""

    __slots__ = ()
    kind = "d10"
    arity = (2, 2)

    def __new__(cls, value: int) -> D10:
        return _new(cls, ("d10", value))

    @property
    def value(self) -> int:
        return self[1]


ACTION_TYPES: tuple[type[Action], ...] = (
    End, Draw, Move, Exit, Fire, PlayCard, Interrupt, Fortify, Equip, Drop, Pick, Load, Tow, Together, Transfer, Go,
    Step, Halt, Shoot, Target, Smoke, Done, ChooseMelee, Hold, Discard, Unstack, Pass, Yield, Place, Assign, CardDrawn,
    D10)
_BY_KIND: dict[str, type[Action]] = {cls.kind: cls for cls in ACTION_TYPES}


def action_from_json(raw: Sequence[Any]) -> Action:
    """The action of a JSON list (a log line's ``action``); :class:`MalformedActionError` for an unknown kind or
    the wrong number of items. An action given is returned as it is."""
    if isinstance(raw, Action):
        return raw
    if isinstance(raw, str | bytes) or not isinstance(raw, Sequence) or not raw:
        raise MalformedActionError(f"an action is a non-empty list [kind, ...], not {raw!r}")
    cls = _BY_KIND.get(raw[0]) if isinstance(raw[0], str) else None
    if cls is None:
        raise MalformedActionError(f"unknown action kind {raw[0]!r} in {list(raw)!r}; kinds: {sorted(_BY_KIND)}")
    low, high = cls.arity
    if len(raw) < low or (high is not None and len(raw) > high):
        wanted = f"{low}" if low == high else f"{low} or more" if high is None else f"{low} to {high}"
        raise MalformedActionError(f"{list(raw)!r}: a {cls.kind!r} action has {wanted} items, not {len(raw)}")
    return _new(cls, tuple(raw))


# ---------------------------------------------------------------- pending chance events
@mypyc_attr(native_class=False)
class Event(tuple[Any, ...]):
    """A pending chance event (``GameState`` rolls them in order): its kind's name first, then its fields."""

    __slots__ = ()
    kind: ClassVar[str]
    arity: ClassVar[int]

    def __getnewargs__(self) -> tuple[Any, ...]:
        return tuple(self[1:])


@mypyc_attr(native_class=False)
class DrawEvent(Event):
    """Side ``side`` draws a card (14.0)."""

    __slots__ = ()
    kind = "draw"
    arity = 2

    def __new__(cls, side: int) -> DrawEvent:
        return _new(cls, ("draw", side))

    @property
    def side(self) -> int:
        return self[1]


@mypyc_attr(native_class=False)
class InitiativeRoll(Event):
    """Side ``side`` rolls for the initiative (4.0)."""

    __slots__ = ()
    kind = "initiative"
    arity = 2

    def __new__(cls, side: int) -> InitiativeRoll:
        return _new(cls, ("initiative", side))

    @property
    def side(self) -> int:
        return self[1]


@mypyc_attr(native_class=False)
class WoodsRoll(Event):
    """A vehicle entering Woods rolls for immobilisation (8.4.1)."""

    __slots__ = ()
    kind = "woods"
    arity = 2

    def __new__(cls, card: int) -> WoodsRoll:
        return _new(cls, ("woods", card))

    @property
    def card(self) -> int:
        return self[1]


@mypyc_attr(native_class=False)
class SmokeRoll(Event):
    """HE fire laying Smoke on ``pos`` (9.5.1 f)."""

    __slots__ = ()
    kind = "smoke"
    arity = 4

    def __new__(cls, attack: Attack, firer: int, pos: int) -> SmokeRoll:
        return _new(cls, ("smoke", attack, firer, pos))

    @property
    def attack(self) -> Attack:
        return self[1]

    @property
    def firer(self) -> int:
        return self[2]

    @property
    def pos(self) -> int:
        return self[3]


@mypyc_attr(native_class=False)
class HitRoll(Event):
    """An attack's roll to hit; ``firer`` -1 for a mine; ``deferred``: a melee result applied with the others."""

    __slots__ = ()
    kind = "hit"
    arity = 5

    def __new__(cls, attack: Attack, firer: int, target: int, deferred: bool) -> HitRoll:
        return _new(cls, ("hit", attack, firer, target, deferred))

    @property
    def attack(self) -> Attack:
        return self[1]

    @property
    def firer(self) -> int:
        return self[2]

    @property
    def target(self) -> int:
        return self[3]

    @property
    def deferred(self) -> bool:
        return self[4]


@mypyc_attr(native_class=False)
class KillRoll(Event):
    """A hit's roll to kill, ``needed`` the number to roll (9.3)."""

    __slots__ = ()
    kind = "kill"
    arity = 6

    def __new__(cls, attack: Attack, firer: int, target: int, deferred: bool, needed: int) -> KillRoll:
        return _new(cls, ("kill", attack, firer, target, deferred, needed))

    @property
    def attack(self) -> Attack:
        return self[1]

    @property
    def firer(self) -> int:
        return self[2]

    @property
    def target(self) -> int:
        return self[3]

    @property
    def deferred(self) -> bool:
        return self[4]

    @property
    def needed(self) -> int:
        return self[5]


EVENT_TYPES: tuple[type[Event], ...] = (DrawEvent, InitiativeRoll, WoodsRoll, SmokeRoll, HitRoll, KillRoll)
_EVENT_BY_KIND: dict[str, type[Event]] = {cls.kind: cls for cls in EVENT_TYPES}


def event_to_json(event: Event) -> list[Any]:
    """A pending chance event as JSON: attacks become the mapping of their fields."""
    return [{f.name: getattr(x, f.name) for f in fields(x)} if isinstance(x, Attack) else x for x in event]


def event_from_json(raw: Sequence[Any]) -> Event:
    """The pending chance event :func:`event_to_json` wrote; :class:`MalformedActionError` for an unknown kind."""
    if not isinstance(raw, Sequence) or isinstance(raw, str) or not raw:
        raise MalformedActionError(f"a chance event is a non-empty list [kind, ...], not {raw!r}")
    cls = _EVENT_BY_KIND.get(raw[0]) if isinstance(raw[0], str) else None
    if cls is None or len(raw) != cls.arity:
        raise MalformedActionError(f"not a chance event: {list(raw)!r}; kinds: {sorted(_EVENT_BY_KIND)}")
    return _new(cls, tuple(Attack(**x) if isinstance(x, dict) else x for x in raw))
