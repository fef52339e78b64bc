"""What is under way in a side turn, as typed objects: the play and its flags, a move, a fire, the melees, a window.

``GameState.ctx`` is a :class:`Context`. Its parts exist only while they
matter: :attr:`Context.play` during the play (5.0), with :attr:`Play.move` or
:attr:`Play.fire` while a move or fire action is being decided;
:attr:`Context.melee` during the melee phase (10.0); :attr:`Context.window`
while a player may answer with an Interrupt (12.2). Every field is declared, so
a misspelt one fails where it is written.

``to_json``/``from_json`` give the context as the JSON mapping the engine has
always written in :meth:`~tcforge.engine.core.CoreState.serialize`, key for key.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Literal

from tcforge.engine.actions import Shoot, action_from_json


class Phase(StrEnum):
    """GameState.phase: the step of the game turn under way (a StrEnum: its value is the word logs and positions
    have always written, so a saved position reads back the same)."""

    SETUP = "setup"  # the set-up (17.x): forces placed, the first draws
    DEPLOY = "deploy"  # the owners lay out their set-up cards (tcforge.engine.placing)
    INITIATIVE = "initiative"  # the initiative roll (4.0)
    ARRIVE = "arrive"  # a side's reinforcements placed by their owner (20.0 rule 5, 17.5)
    PLAY = "play"  # the play phase: plays, moves and fire started from here (5.0)
    MOVE = "move"  # a move under way (8.0)
    FIRE = "fire"  # a fire under way (9.0)
    MELEE = "melee"  # melees resolved (10.0)
    DISCARD = "discard"  # the end of the side's turn: overstacking, the hand limit (6.3, 4.0)


MoveStage = Literal["pick", "step", "done"]
MeleeStage = Literal["order", "targets", "second", "resolve"]
WindowKind = Literal["play", "entry", "fire", "melee", "counter", "opportunity", "breakthrough", "wire"]
MeleeOrder = tuple[int, int, str, int]  # (firer, target, kind of fire, equipment uid or -1)


@dataclass(slots=True)
class MoveUnderWay:
    """A move action being decided (5.0 a, 8.0): the cards picked, then each one's steps."""

    source: int  # the position (or RESERVE) the cards move from
    picked: list[int] = field(default_factory=list)
    stage: MoveStage = "pick"
    queue: list[int] | None = None  # the picked cards still to move
    cur: int | None = None  # the card moving now
    left: int | None = None  # positions it may still enter
    first: bool | None = None  # it has not stepped yet
    riders: dict[int, list[int]] | None = None  # vehicle -> the cards it carries or tows (8.6)
    path: bool = False  # a Path card was played for the current mover
    pending_step: int | None = None  # the step waiting for the mines' rolls
    ends: list[int] = field(default_factory=list)  # where this action's groups came to rest (8.2)
    back: int | None = None  # the current mover is passing through a full position: where it last could stop (8.0)

    def copy(self) -> MoveUnderWay:
        riders = None if self.riders is None else {k: list(v) for k, v in self.riders.items()}
        return MoveUnderWay(self.source, list(self.picked), self.stage, None if self.queue is None else list(self.queue),
                    self.cur, self.left, self.first, riders, self.path, self.pending_step, list(self.ends), self.back)

    def to_json(self, out: dict[str, Any]) -> None:
        out.update(move=self.source, picked=self.picked, stage=self.stage)
        for key in ("queue", "cur", "left", "first", "pending_step", "back"):
            value = getattr(self, key)
            if value is not None:
                out[key] = value
        if self.riders is not None:
            out["riders"] = {str(k): v for k, v in self.riders.items()}  # JSON keys are text
        if self.path:
            out["path"] = True
        if self.ends:
            out["ends"] = self.ends

    @classmethod
    def from_json(cls, raw: dict[str, Any]) -> MoveUnderWay:
        riders = raw.get("riders")
        return cls(raw["move"], list(raw["picked"]), raw["stage"], raw.get("queue"), raw.get("cur"), raw.get("left"),
                   raw.get("first"), None if riders is None else {int(k): list(v) for k, v in riders.items()},
                   bool(raw.get("path")), raw.get("pending_step"), list(raw.get("ends", ())), raw.get("back"))


@dataclass(slots=True)
class FireUnderWay:
    """A fire action being decided (5.0 b, 9.0): the position firing and the cards that have fired."""

    source: int
    shots: list[int] = field(default_factory=list)

    def copy(self) -> FireUnderWay:
        return FireUnderWay(self.source, list(self.shots))


@dataclass(slots=True)
class Play:
    """The play of a side turn (5.0): what has been done, the cards' effects lasting the turn, the action under way."""

    acted: bool = False  # a play was made: fortifications may no longer be placed (11.0)
    window_done: bool = False  # the opponent has had its window before the next play
    coordination: bool = False  # Coordination was played this turn (12.1)
    observer: bool = False  # Forward Observer: -2 to artillery this turn
    flank_shot: bool = False  # Flank Shot: the next anti-tank shot strikes side armor (9.3.1)
    move: MoveUnderWay | None = None
    fire: FireUnderWay | None = None
    arrived: dict[int, int] = field(default_factory=dict)  # card -> positions its arrival used (20.0 rule 5)
    opportunity: bool = False  # the opponent has declared its one opportunity fire of this turn (001 2.1)
    wired: list[int] = field(default_factory=list)  # cards Wire stopped this turn: they move no more in it (001 Wire)
    exiting: list[int] = field(default_factory=list)  # 001 break-through: an exit's cards still to leave the map

    def copy(self) -> Play:
        return Play(self.acted, self.window_done, self.coordination, self.observer, self.flank_shot,
                    None if self.move is None else self.move.copy(), None if self.fire is None else self.fire.copy(),
                    dict(self.arrived), self.opportunity, list(self.wired), list(self.exiting))

    def to_json(self, out: dict[str, Any]) -> None:
        out["spent"] = 0  # always 0: the serialized form has carried it since the first version
        for key, flag in (("acted", self.acted), ("play_window_done", self.window_done), ("coordination", self.coordination),
                          ("observer", self.observer), ("flank_shot", self.flank_shot),
                          ("opportunity_fired", self.opportunity)):
            if flag:
                out[key] = True
        if self.move is not None:
            self.move.to_json(out)
        if self.fire is not None:
            out.update(fire=self.fire.source, shots=self.fire.shots)
        if self.arrived:
            out["arrived"] = {str(k): v for k, v in self.arrived.items()}  # JSON keys are text
        if self.wired:
            out["wired"] = self.wired
        if self.exiting:
            out["exiting"] = self.exiting

    @classmethod
    def from_json(cls, raw: dict[str, Any]) -> Play:
        return cls(bool(raw.get("acted")), bool(raw.get("play_window_done")), bool(raw.get("coordination")),
                   bool(raw.get("observer")), bool(raw.get("flank_shot")),
                   MoveUnderWay.from_json(raw) if "move" in raw else None,
                   FireUnderWay(raw["fire"], list(raw["shots"])) if "fire" in raw else None,
                   {int(k): v for k, v in raw.get("arrived", {}).items()}, bool(raw.get("opportunity_fired")),
                   list(raw.get("wired", ())), list(raw.get("exiting", ())))


@dataclass(slots=True)
class Melee:
    """The melee phase (10.0): positions still to resolve, and the one being resolved."""

    pending: list[int]
    at: int | None = None  # the position being resolved
    stage: MeleeStage | None = None
    choosing: int | None = None  # the side choosing targets
    to_act: int | None = None  # the side to decide
    orders: list[MeleeOrder] | None = None
    todo: list[int] | None = None  # the cards still to be given a target
    melee_windows: int | None = None  # how many sides have had their window as the melee began
    first_fire: int | None = None  # the side that fires first (Tactical Advantage)
    flank_shot: bool = False  # a Flank Shot of the play not yet used: the active side's next AT shot (9.3.1)

    def copy(self) -> Melee:
        return Melee(list(self.pending), self.at, self.stage, self.choosing, self.to_act,
                     None if self.orders is None else list(self.orders), None if self.todo is None else list(self.todo),
                     self.melee_windows, self.first_fire, self.flank_shot)

    def to_json(self, out: dict[str, Any]) -> None:
        out["pending"] = self.pending
        for key in ("at", "stage", "choosing", "to_act", "orders", "todo", "melee_windows", "first_fire"):
            value = getattr(self, key)
            if value is not None:
                out[key] = value
        if self.flank_shot:
            out["melee_flank_shot"] = True

    @classmethod
    def from_json(cls, raw: dict[str, Any]) -> Melee:
        orders = raw.get("orders")
        return cls(list(raw["pending"]), raw.get("at"), raw.get("stage"), raw.get("choosing"), raw.get("to_act"),
                   None if orders is None else [tuple(o) for o in orders],
                   raw.get("todo"), raw.get("melee_windows"), raw.get("first_fire"), bool(raw.get("melee_flank_shot")))


@dataclass(frozen=True, slots=True)
class Entry:
    """A card (with its riders) about to enter a position; ``mine`` is the Minefield played on it, if any. In a
    ``wire`` window (001 Wire), ``mover`` is the wired card and ``riders`` what it carries; ``to`` where the rest of
    its group was going. ``exit``: the cards are leaving the map into the defender's reserve (001 break-through;
    ``mover`` and ``riders`` are all of the exit's cards and what they carry)."""

    mover: int
    riders: tuple[int, ...]
    to: int
    mine: int | None = None
    exit: bool = False

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"mover": self.mover, "riders": list(self.riders), "to": self.to}
        if self.mine is not None:
            out["mine"] = self.mine
        if self.exit:
            out["exit"] = True
        return out


@dataclass(frozen=True, slots=True)
class Shot:
    """A declared shot: the ``shoot`` action, fired once the window closes; ``opportunity``: an opportunity fire
    attack in the enemy's turn (001 2.0), not part of a fire action."""

    action: Shoot
    opportunity: bool = False

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"shot": list(self.action)}
        if self.opportunity:
            out["opportunity"] = True
        return out


@dataclass(frozen=True, slots=True)
class MeleeStart:
    """A melee about to begin at ``pos``."""

    pos: int

    def to_json(self) -> dict[str, Any]:
        return {"pos": self.pos}


@dataclass(frozen=True, slots=True)
class FireSupport:
    """An artillery or air card's attack: on a position (``pos``, ``mode`` ffe or smoke) or on one card (``target``)."""

    card: int | str
    uid: int
    side: int
    pos: int | None = None
    mode: Literal["ffe", "smoke"] | None = None
    target: int | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"card": self.card, "uid": self.uid, "side": self.side}
        for key in ("pos", "mode", "target"):
            value = getattr(self, key)
            if value is not None:
                out[key] = value
        return out


@dataclass(frozen=True, slots=True)
class Counter:
    """What a counter card would cancel: a Minefield on an entering card, or an artillery or air attack."""

    against: Literal["art", "air", "minefield"]
    then: Entry | FireSupport

    def to_json(self) -> dict[str, Any]:
        return {"against": self.against, "then": self.then.to_json()}


@dataclass(frozen=True, slots=True)
class Opportunity:
    """001 2.1: the opportunity fire attacks the other side may make at the cards that just moved (``shoot`` actions)."""

    shots: tuple[Shoot, ...]

    def to_json(self) -> dict[str, Any]:
        return {"shots": [list(a) for a in self.shots]}


@dataclass(frozen=True, slots=True)
class BreakThrough:
    """001 Attack/Defense: the points the defender still owes for the attacker's cards that left the map."""

    owed: int

    def to_json(self) -> dict[str, Any]:
        return {"owed": self.owed}


WindowData = Entry | Shot | MeleeStart | Counter | Opportunity | BreakThrough | None  # None: a window before the opponent's play


@dataclass(slots=True)
class Window:
    """A reaction window (12.2): ``side`` may play an Interrupt of ``kind``; ``data`` says what waits."""

    kind: WindowKind
    side: int
    data: WindowData = None

    def copy(self) -> Window:
        return Window(self.kind, self.side, self.data)  # the data is frozen

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "side": self.side, "data": {} if self.data is None else self.data.to_json()}

    @classmethod
    def from_json(cls, raw: dict[str, Any]) -> Window:
        kind, data = raw["kind"], raw["data"]
        return cls(kind, raw["side"], _window_data(kind, data))


def _entry(raw: dict[str, Any]) -> Entry:
    return Entry(raw["mover"], tuple(raw["riders"]), raw["to"], raw.get("mine"), bool(raw.get("exit")))


def _shoot(raw: list[Any]) -> Shoot:
    action = action_from_json(raw)
    if not isinstance(action, Shoot):
        raise ValueError(f"a declared shot is a 'shoot' action, not {raw!r}")
    return action


def _window_data(kind: WindowKind, raw: dict[str, Any]) -> WindowData:
    if kind in ("entry", "wire"):
        return _entry(raw)
    if kind == "fire":
        return Shot(_shoot(raw["shot"]), bool(raw.get("opportunity")))
    if kind == "melee":
        return MeleeStart(raw["pos"])
    if kind == "breakthrough":
        return BreakThrough(int(raw["owed"]))
    if kind == "opportunity":
        return Opportunity(tuple(_shoot(a) for a in raw["shots"]))
    if kind == "counter":
        then = raw["then"]
        return Counter(raw["against"], _entry(then) if raw["against"] == "minefield" else FireSupport(
            then["card"], then["uid"], then["side"], then.get("pos"), then.get("mode"), then.get("target")))
    return None


@dataclass(slots=True)
class Placing:
    """Cards their owner places, one piece at a time (:mod:`tcforge.engine.placing`): the set-up zones' cards
    (``deploy``, 6.0 and 17.0: each side its own, the side that sets up first first) or a reinforcement group's
    arrival (``arrive``, 20.0 rule 5). A piece is a card with what rides on or behind it (8.6, 8.6.1); the owner places
    the pieces in the order he likes."""

    kind: Literal["deploy", "arrive"]
    pieces: list[list[int]]  # the pieces still to place, in order: [card, riders...]
    spots: list[list[int]]  # each piece's positions, as the scenario names them
    sides: list[int]  # each piece's owner
    equip: list[list[Any]] = field(default_factory=list)  # [item uid, carrier card id] still to assign, in order
    overstack: bool = False  # the pieces may stand over the stacking limits (20.0 rule 5: checked at the turn's end)
    cost: int = 0  # arrive: the Supply points the arrival costs (20.0 rule 5: one move)
    left: int | None = None  # arrive: positions of movement fast cards have left after it
    placed: list[int] = field(default_factory=list)  # arrive: the cards placed so far (the move is theirs)
    first: int | None = None  # deploy: the side that sets up first (-1: the first player, -2: the second, till known)

    def copy(self) -> Placing:
        return Placing(self.kind, [list(p) for p in self.pieces], [list(s) for s in self.spots], list(self.sides),
                       [list(e) for e in self.equip], self.overstack, self.cost, self.left, list(self.placed), self.first)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "pieces": self.pieces, "spots": self.spots, "sides": self.sides, "equip": self.equip,
                "overstack": self.overstack, "cost": self.cost, "left": self.left, "placed": self.placed,
                "first": self.first}

    @classmethod
    def from_json(cls, raw: dict[str, Any]) -> Placing:
        return cls(raw["kind"], [list(p) for p in raw["pieces"]], [list(s) for s in raw["spots"]], list(raw["sides"]),
                   [list(e) for e in raw.get("equip", ())], bool(raw.get("overstack")), int(raw.get("cost", 0)),
                   raw.get("left"), list(raw.get("placed", ())), raw.get("first"))


@dataclass(slots=True)
class Context:
    """What is under way in the side turn: see the module's text."""

    play: Play | None = None
    melee: Melee | None = None
    window: Window | None = None
    placing: Placing | None = None  # cards their owner is placing: a set-up zone's or an arrival's

    @property
    def move(self) -> MoveUnderWay | None:
        """The move action under way, if any."""
        return self.play.move if self.play is not None else None

    def copy(self) -> Context:
        """A copy sharing nothing that changes with this one (a search plays on in copies)."""
        return Context(None if self.play is None else self.play.copy(), None if self.melee is None else self.melee.copy(),
                       None if self.window is None else self.window.copy(),
                       None if self.placing is None else self.placing.copy())

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.play is not None:
            self.play.to_json(out)
        if self.melee is not None:
            self.melee.to_json(out)
        if self.window is not None:
            out["window"] = self.window.to_json()
        if self.placing is not None:
            out["placing"] = self.placing.to_json()
        return out

    @classmethod
    def from_json(cls, raw: dict[str, Any]) -> Context:
        window, placing = raw.get("window"), raw.get("placing")
        return cls(Play.from_json(raw) if "spent" in raw else None, Melee.from_json(raw) if "pending" in raw else None,
                   None if window is None else Window.from_json(window),
                   None if placing is None else Placing.from_json(placing))
