"""The core of the game state: the position's data and the primitives every rule builds on.

:class:`CoreState` holds where every card is (positions, hands, decks, discard
piles, placed terrain, Smoke), the turn's counters and context, the pending
chance events, and the small operations the rules share: a card entering,
leaving or moving between positions and attached to another (the rule modules'
one way to change the battlefield's stacks), discarding and destroying cards,
control and victory, fortifications, copies and JSON. It imports no rule module; the rules (:mod:`movement`, :mod:`fire`, ...)
import it, and :class:`tcforge.engine.state.GameState` adds the play on top.
"""
from __future__ import annotations

import json
from collections.abc import Collection, Sequence
from typing import Any, NamedTuple, Self

from tcforge.engine.actions import D10, Action, CardDrawn, DrawEvent, Event, action_from_json, event_from_json, event_to_json
from tcforge.engine.attacks import DIE, IMMOBILIZE, KILL
from tcforge.engine.board import ATTACHED, DECK, DISCARDED, PLACED, RESERVE, UNCLAIMED
from tcforge.engine.changes import BoardStamps
from tcforge.engine.context import Context, Phase
from tcforge.engine.game import Game
from tcforge.engine.outcome import EndKind, Outcome
from tcforge.engine.units import Unit

CHANCE = -1
TERMINAL = -4

_DIE_OUTCOMES: list[tuple[Action, float]] = [(D10(v), 0.1) for v in DIE]  # the same ten outcomes at every roll
_DRAWN: dict[int, CardDrawn] = {}  # the draw outcome of each card id, made once


class IllegalActionError(ValueError):
    """An action that is not legal in the position; the message quotes both."""


class Fort(NamedTuple):
    """Foxholes or Bunkers lying on a position (11.0): whose they are, which card, and the card in the game."""

    side: int
    card_id: int  # a terrain card of the rule book (its row of the terrain table)
    uid: int  # the terrain card itself (pos PLACED); it goes to its owner's discard pile when the fort goes


class CoreState:
    """One position of a game: its data and primitives (the play is :class:`~tcforge.engine.state.GameState`)."""

    def __init__(self, game: Game):
        self.game = game
        n = game.board.size
        # where the cards are: the engine's own lists (engine code reads and changes them directly, on the hot path);
        # everyone else reads them through the read-only views ``units`` and ``occ``
        self._units: list[Unit] = []
        self._occ: list[list[list[int]]] = [[[], []] for _ in range(n)]
        self.hand: list[list[int]] = [[], []]
        self.deck: list[list[int]] = [[], []]
        self.discard: list[list[int]] = [[], []]
        self.terrain: list[int | None] = [None] * n
        self.forts: list[Fort | None] = [None] * n  # Foxholes/Bunkers by position (11.0)
        self.smoke: list[int] = [-1] * n  # half-turn index at whose end the smoke lifts, -1 none
        self.water: list[int | None] = [None] * n  # Stream or Swamp played on other terrain (11.1)
        self.unclaimed: list[list[int]] = [[] for _ in range(n)]  # 001 Orphaned Equipment: cards left in each zone
        self.streams: list[list[int]] = []  # 001 Streams between zones: [a, b, crossing card id or 0], a < b
        self.turn = 1
        self.first = 0
        self.active = 0
        self.supply = 0
        self.phase: Phase = Phase.SETUP
        self.ctx = Context()  # what is under way in the side turn
        self.rolls: list[Event] = []  # pending chance events, first is next
        self.effects: list[tuple[int, str]] = []  # simultaneous melee results waiting
        self.outcome: Outcome | None = None  # how the game ended, once it has
        self.history: list[Action] = []
        self.initiative_rolls: list[int] = []
        self.arrivals: dict[str, int] = {}  # reinforcement group id -> game turn it arrived
        self.ap_shots: dict[str, int] = {}  # unit uid -> AT shots fired (scenario limits on armour-piercing rounds)
        self.scenario_setup: Any = None
        self._legal: list[Action] | None = None  # legal actions of this position, computed once
        self._los_cache: dict[int, bool] = {}  # line of sight between positions, until terrain or Smoke changes
        self._board_stamps: BoardStamps | None = None  # which positions changed when, once a player asks (changes.py)
        # 001 1.0 hidden units (only when the ruleset turns them on): the battlefield cards lying face up, the cards
        # whose face the enemy has seen since they last left a hand or deck, and those revealed for a moment (1.7, 1.8)
        self.spotted: set[int] = set()
        self._seen: set[int] = set()
        self._glimpsed: set[int] = set()

    # --------------------------------------------------------- the interface
    @property
    def units(self) -> Sequence[Unit]:
        """Every card of the game, by uid (a read-only view: the engine alone moves cards)."""
        return self._units

    @property
    def occ(self) -> Sequence[Sequence[Sequence[int]]]:
        """The cards at each position, by side: ``occ[pos][side]`` (a read-only view)."""
        return self._occ

    def current_player(self) -> int:
        if self.outcome is not None:
            return TERMINAL
        if self.rolls:
            return CHANCE
        ctx = self.ctx
        if ctx.window is not None:
            return ctx.window.side
        if ctx.melee is not None and ctx.melee.to_act is not None:
            return ctx.melee.to_act
        return self.active

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def returns(self) -> tuple[float, float]:
        if self.winner is None:
            return (0.0, 0.0)
        return (1.0, -1.0) if self.winner == 0 else (-1.0, 1.0)

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if not self.rolls:
            return []
        event = self.rolls[0]
        if type(event) is DrawEvent:
            deck = self.deck[event.side]
            p = 1.0 / len(deck)
            return [(_DRAWN.get(uid) or _DRAWN.setdefault(uid, CardDrawn(uid)), p) for uid in sorted(deck)]
        return list(_DIE_OUTCOMES)

    def legal_actions(self) -> list[Action]:
        """The legal actions (do not change the list: it is computed once per position)."""
        if self._legal is None:
            self._legal = self._compute_legal()
        return self._legal

    def _compute_legal(self) -> list[Action]:
        """The legal actions, computed: the play (:class:`~tcforge.engine.state.GameState`) defines it."""
        raise NotImplementedError

    def _changed(self) -> None:
        """Forget the cached legal actions: the position changed."""
        self._legal = None

    def board_stamps(self) -> BoardStamps:
        """Which positions changed since when (:mod:`~tcforge.engine.changes`): the state's own, made at the first ask;
        the asker refreshes them before it reads them."""
        stamps = self._board_stamps
        if stamps is None:
            stamps = self._board_stamps = BoardStamps(self)
        return stamps

    def _sight_changed(self) -> None:
        """Terrain or Smoke changed: forget the remembered lines of sight."""
        self._los_cache = {}

    def clone(self) -> Self:
        if hasattr(self, "__dict__"):  # pure Python: every field at once, without running __init__
            other = self.__class__.__new__(self.__class__)
            other.__dict__.update(self.__dict__)
        else:  # built by mypyc: a native class has no __dict__ and its __new__ runs __init__
            other = self.__class__(self.game)
            other.turn, other.first, other.active, other.supply = self.turn, self.first, self.active, self.supply
            other.phase, other.outcome, other.scenario_setup = self.phase, self.outcome, self.scenario_setup
        other._units = [u.copy() for u in self._units]
        other._occ = [[list(a), list(b)] for a, b in self._occ]
        other.hand = [list(self.hand[0]), list(self.hand[1])]
        other.deck = [list(self.deck[0]), list(self.deck[1])]
        other.discard = [list(self.discard[0]), list(self.discard[1])]
        other.terrain = list(self.terrain)
        other.forts = list(self.forts)
        other.smoke = list(self.smoke)
        other.water = list(self.water)
        other.unclaimed = [list(items) for items in self.unclaimed]
        other.streams = [list(edge) for edge in self.streams]
        other.ctx = self.ctx.copy()  # nothing shared: the move's riders, a window's data
        other.rolls = list(self.rolls)
        other.effects = list(self.effects)
        other.history = list(self.history)
        other.initiative_rolls = list(self.initiative_rolls)
        other.arrivals = dict(self.arrivals)
        other.ap_shots = dict(self.ap_shots)
        other.spotted, other._seen, other._glimpsed = set(self.spotted), set(self._seen), set(self._glimpsed)
        other._legal = None
        other._los_cache = {}
        other._board_stamps = None  # a copy's changes are its own: it starts its stamps afresh
        return other

    def serialize(self) -> str:
        """The whole position as JSON (the game's static part is named, not copied; the face-up cards, the
        unclaimed equipment and the Streams between positions only when the ruleset plays those rules of 001,
        so the golden games' bytes stay as they were)."""
        rules = self.game.rules
        hidden: dict[str, Any] = {"spotted": sorted(self.spotted), "seen": sorted(self._seen),
                                  "glimpsed": sorted(self._glimpsed)} if rules.hidden_units else {}
        if rules.equipment_orphans:
            hidden["unclaimed"] = self.unclaimed
        if rules.cards_stream_between_zones:
            hidden["streams"] = self.streams
        return json.dumps({**hidden,
            "units": [u.to_json() for u in self._units], "occ": self._occ, "hand": self.hand, "deck": self.deck, "discard": self.discard,
            "terrain": self.terrain, "forts": self.forts, "smoke": self.smoke, "water": self.water, "turn": self.turn, "first": self.first,
            "active": self.active, "supply": self.supply, "phase": self.phase, "ctx": self.ctx.to_json(),
            "rolls": [event_to_json(event) for event in self.rolls],
            "effects": self.effects, "winner": self.winner, "end_reason": self.end_reason,
            "ending": None if self.outcome is None else {"kind": self.outcome.kind.value,
                                                         "condition": self.outcome.condition},
            "history": [list(a) for a in self.history], "initiative_rolls": self.initiative_rolls,
            "arrivals": self.arrivals, "ap_shots": self.ap_shots}, sort_keys=True)

    @classmethod
    def deserialize(cls, game: Game, text: str) -> Self:
        """The position :meth:`serialize` wrote, for the same game."""
        raw = json.loads(text)
        state = cls(game)
        state._units = []
        for u in raw["units"]:
            unit = Unit(u["uid"], u["side"], game.profiles[u["card"]], u["pos"])
            for key in ("immobilized", "moved", "fired", "entered_from", "moved_to_reserve", "carrier"):
                setattr(unit, key, u[key])
            unit.equipment = tuple(u["equipment"])
            unit.drawn = u.get("drawn", False)  # written only when set: positions saved before it read the same
            state._units.append(unit)
        for key in ("hand", "deck", "discard", "terrain", "smoke", "water", "turn", "first", "active", "supply",
                    "effects", "initiative_rolls", "arrivals", "ap_shots"):
            setattr(state, key, raw[key])
        state.phase = Phase(raw["phase"])
        state.outcome = _restored_outcome(raw)
        state._occ = [[list(a), list(b)] for a, b in raw["occ"]]
        state.forts = [Fort(*f) if f else None for f in raw["forts"]]
        state.effects = [tuple(e) for e in raw["effects"]]
        state.rolls = [event_from_json(event) for event in raw["rolls"]]
        state.ctx = Context.from_json(raw["ctx"])
        state.history = [action_from_json(a) for a in raw["history"]]
        state.spotted, state._seen, state._glimpsed = (set(raw.get(k, ())) for k in ("spotted", "seen", "glimpsed"))
        if "unclaimed" in raw:
            state.unclaimed = [list(items) for items in raw["unclaimed"]]
        state.streams = [list(edge) for edge in raw.get("streams", ())]
        return state

    def describe(self) -> str:
        """A one-line summary of the position, for error messages and logs."""
        who = {CHANCE: "chance", TERMINAL: "game over"}.get(self.current_player(), f"side {self.current_player()}")
        return f"turn {self.turn}, side {self.active}'s {self.phase} ({who} to act, {self.supply} supply left)"

    # --------------------------------------------------------------- helpers
    def enemy(self, side: int) -> int:
        return 1 - side

    def face_down(self, uid: int) -> bool:
        """001 1.0: a card on the battlefield its enemy cannot see (always False unless the ruleset hides cards)."""
        return self.game.rules.hidden_units and self._units[uid].pos >= 0 and uid not in self.spotted

    def _spot(self, uid: int) -> None:
        """001 1.0: the card is turned face up; its enemy now knows it."""
        if self.game.rules.hidden_units:
            self.spotted.add(uid)
            self._seen.add(uid)

    def stream(self, a: int, b: int) -> list[int] | None:
        """001 Streams: the Stream on the edge between positions ``a`` and ``b`` ([a, b, crossing]), if any."""
        lo, hi = min(a, b), max(a, b)
        return next((edge for edge in self.streams if edge[0] == lo and edge[1] == hi), None)

    def stream_bars(self, a: int, b: int) -> bool:
        """001 Streams: an uncrossed Stream lies between ``a`` and ``b`` (no Ford or Bridge on it)."""
        edge = self.stream(a, b) if self.streams and a >= 0 and b >= 0 else None
        return edge is not None and not edge[2]

    def half_turn(self) -> int:
        """Index of the current player-turn: 0, 1 in game turn 1, then 2, 3, ..."""
        return 2 * (self.turn - 1) + (0 if self.active == self.first else 1)

    def combat_count(self, pos: int, side: int) -> tuple[int, int]:
        """(combat cards, trucks) of a side at a position (6.3); carried squads count too (000 22, point 3)."""
        combat = trucks = 0
        for uid in self._occ[pos][side]:
            unit = self._units[uid]
            if unit.profile.truck:
                trucks += 1
            elif unit.profile.combat:
                combat += 1
        return combat, trucks

    def controls(self, pos: int, side: int, moving: Collection[int] = ()) -> bool:
        """Control (16.0), the one reading the judge and the players share: a combat card of ``side`` at ``pos`` at
        rest (not carried, not among the ``moving`` still on their way) and no enemy combat card there."""
        units = self._units
        return (any(units[u].profile.combat and units[u].carrier is None and u not in moving for u in self._occ[pos][side])
                and not any(units[u].profile.combat for u in self._occ[pos][1 - side]))

    def captures(self, pos: int, side: int, moving: Collection[int] = ()) -> bool:
        """001 Victory Conditions: a unit of the side in the zone (trucks too, not on its way) and no enemy unit of
        any kind."""
        units = self._units
        return (any((units[u].profile.combat or units[u].profile.truck) and u not in moving for u in self._occ[pos][side])
                and not any(units[u].profile.combat or units[u].profile.truck for u in self._occ[pos][1 - side]))

    def _takes(self, pos: int, side: int) -> bool:
        """The side holds the position for victory: 16.0's control, or 001's capture (``victory.zone_taken``)."""
        return self.captures(pos, side) if self.game.rules.victory_zone_taken == "capture" else self.controls(pos, side)

    def _melee_begins(self, pos: int, side: int) -> None:
        """10.0: a card of ``side`` comes into ``pos``, held by enemy cards and by none of ``side``'s: a new melee
        begins there and those enemy cards defend it, so no way back is owed any more from a melee they began there
        before (it ended when the last card of ``side`` left). Call before the card is placed."""
        if not self._occ[pos][side]:
            for u in self._occ[pos][1 - side]:
                self._units[u].entered_from = None

    # ------------------------------------------------ where a card goes: the rule modules' one way to move it
    # A card's place is said twice, by its own ``pos`` (and ``carrier``) and by the stacks of the battlefield
    # (``_occ``): these primitives change the two together, and no rule module changes the stacks but through them
    # (tests/engine/test_state_api.py holds it).
    def _enter(self, unit: Unit, pos: int) -> None:
        """``unit`` comes onto the battlefield at ``pos``, after the cards of its side already there."""
        unit.pos = pos
        self._occ[pos][unit.side].append(unit.uid)

    def _leave(self, unit: Unit) -> None:
        """``unit`` leaves its position on the battlefield (where it goes sets its ``pos``)."""
        self._occ[unit.pos][unit.side].remove(unit.uid)

    def _relocate(self, unit: Unit, to: int) -> None:
        """``unit`` goes from its position on the battlefield to ``to``, without entering the positions between."""
        self._occ[unit.pos][unit.side].remove(unit.uid)
        unit.pos = to
        self._occ[to][unit.side].append(unit.uid)

    def _attach(self, item: Unit, carrier: Unit, *, equipment: bool = True) -> None:
        """``item`` goes onto ``carrier`` (from wherever it was taken): as its equipment, or (``equipment=False``)
        lying on it without being carried, as a Wire does."""
        item.pos, item.carrier = ATTACHED, carrier.uid
        if equipment:
            carrier.equipment = carrier.equipment + (item.uid,)

    def _destroy(self, uid: int) -> None:
        """A destroyed card goes to its owner's discard pile with its equipment and passengers (13.0, 15.0)."""
        unit = self._units[uid]
        if unit.pos < 0:
            return
        for other in list(unit.equipment):
            self._discard_card(other)
        unit.equipment = ()
        for rider in self._units:
            if rider.carrier == uid and rider.pos >= 0:
                self._destroy(rider.uid)  # a carried squad or towed gun goes with its vehicle (project's reading)
        self._discard_card(uid)
        self._update_forts()

    def _discard_card(self, uid: int) -> None:
        """Put a card on its owner's discard pile from wherever it is (15.0)."""
        unit = self._units[uid]
        if unit.pos >= 0:
            self._occ[unit.pos][unit.side].remove(uid)
        elif unit.pos == RESERVE:
            self.hand[unit.side].remove(uid)
        elif unit.pos == DECK:
            self.deck[unit.side].remove(uid)
        elif unit.pos == DISCARDED:
            return
        elif unit.pos == ATTACHED and unit.carrier is not None:
            carrier = self._units[unit.carrier]
            carrier.equipment = tuple(e for e in carrier.equipment if e != uid)
        elif unit.pos == UNCLAIMED:
            for items in self.unclaimed:
                if uid in items:
                    items.remove(uid)
        unit.pos = DISCARDED
        unit.carrier = None
        self.discard[unit.side].append(uid)

    def _check_victory(self) -> None:
        """Victory is checked the instant it happens (16.0) unless the ruleset says otherwise."""
        if self.outcome is not None or self.game.rules.victory_check != "instant":
            return
        self.outcome = self.game.ending.now(self)

    def _rear_rank_outcome(self) -> Outcome | None:
        """16.0's own victory, for a game without a scenario's conditions: a side holding ``victory_positions``
        positions of the enemy's rear rank (the side to play first)."""
        need = self.game.victory_positions
        occ = self._occ
        for side in (self.active, 1 - self.active):
            # only a position where the side has a card can be held (16.0, 001): the rest are never asked
            rank = [p for p in self.game.board.rear_rank(1 - side) if occ[p][side]]
            if len(rank) < need:
                continue
            held = sum(self._takes(p, side) for p in rank)
            if held >= need:
                return Outcome(side, EndKind.VICTORY_CONDITION, self.turn,
                               f"side {side} controls {held} positions of the enemy's rear rank (16.0)", "16.0")
        return None

    @property
    def winner(self) -> int | None:
        """The side that won, None while the game goes on or when it ended in a draw."""
        return self.outcome.winner if self.outcome is not None else None

    @property
    def end_reason(self) -> str:
        """How the game ended, in words ("" while it goes on): :attr:`outcome` has it as a value."""
        return self.outcome.reason if self.outcome is not None else ""

    def attached(self, unit: Unit, card_id: int | str) -> Unit | None:
        """The card of ``card_id`` attached to ``unit`` (equipment, an ace, special ammunition), if any."""
        for e in unit.equipment:
            if self._units[e].profile.card_id == card_id:
                return self._units[e]
        return None

    def _update_forts(self) -> None:
        """11.0: Foxholes and Bunkers go as soon as the last infantry squad of their side leaves the position."""
        for p, fort in enumerate(self.forts):
            if fort is None:
                continue
            if not any(self._units[u].profile.infantry for u in self._occ[p][fort.side]):
                self.forts[p] = None
                self._discard_placed(fort.uid)
        self._update_unclaimed()

    def _leave_unclaimed(self, squad: Unit) -> None:
        """001 Orphaned Equipment: the equipment of ``squad``, eliminated by ranged HE or SA fire, stays in its zone
        when another infantry or cavalry card of its side is there (call before the squad is destroyed)."""
        pos = squad.pos
        if pos < 0 or not any(u != squad.uid and self._units[u].profile.infantry for u in self._occ[pos][squad.side]):
            return
        for e in squad.equipment:
            item = self._units[e]
            if item.profile.equipment:
                item.pos, item.carrier = UNCLAIMED, None
                self.unclaimed[pos].append(e)
        squad.equipment = tuple(e for e in squad.equipment if self._units[e].pos != UNCLAIMED)

    def _update_unclaimed(self) -> None:
        """001 Orphaned Equipment: unclaimed cards go once no infantry or cavalry of their side is in the zone, or as
        soon as an enemy card enters it."""
        if not any(self.unclaimed):
            return
        for p, items in enumerate(self.unclaimed):
            for uid in list(items):
                side = self._units[uid].side
                if self._occ[p][1 - side] or not any(self._units[u].profile.infantry for u in self._occ[p][side]):
                    self._discard_card(uid)

    def _place_fort(self, pos: int, side: int, card_id: int, uid: int | None = None) -> Fort:
        """Lay Foxholes or Bunkers on ``pos`` (11.0): the card ``uid`` from the side's hand, or with None a
        card of the scenario outside the deck, which becomes a card of the game. Fortifications already
        there go to their owner's discard pile (Bunkers on Foxholes)."""
        old = self.forts[pos]
        if old is not None:
            self._discard_placed(old.uid)
        if uid is None:
            unit = Unit(len(self._units), side, self.game.profiles[card_id], PLACED)
            self._units.append(unit)
            uid = unit.uid
        else:
            unit = self._units[uid]
            if unit.pos == RESERVE:
                self.hand[unit.side].remove(uid)
            unit.pos = PLACED
        self.forts[pos] = fort = Fort(side, card_id, uid)
        return fort

    def _discard_placed(self, uid: int) -> None:
        """A terrain card lying on the battlefield (Foxholes, Bunkers) goes to its owner's discard pile."""
        unit = self._units[uid]
        unit.pos = DISCARDED
        self.discard[unit.side].append(uid)

    def _apply_result(self, target: int, result: str, *, judge: bool = True) -> None:
        """A hit's result; ``judge`` False leaves the victory check to the caller (simultaneous results, 10.0)."""
        if result == KILL:
            self._destroy(target)
            if judge:
                self._check_victory()
        elif result == IMMOBILIZE:
            self._units[target].immobilized = True


def _restored_outcome(raw: dict[str, Any]) -> Outcome | None:
    """The outcome of a serialized game: the winner, the text, and the ending's kind and condition as
    :meth:`CoreState.serialize` stores them (``ending``)."""
    winner, reason = raw["winner"], raw["end_reason"]
    if "ending" in raw:
        ending = raw["ending"]
        return None if ending is None else Outcome(winner, EndKind(ending["kind"]), raw["turn"], reason,
                                                   ending["condition"])
    return _outcome_of_old_text(winner, reason, raw["turn"])


def _outcome_of_old_text(winner: int | None, reason: str, turn: int) -> Outcome | None:
    """A position serialized before the ending's kind was stored (no ``ending`` key): the kind is read back from
    the engine's own wording of each ending, as it was then."""
    if winner is None and not reason:
        return None
    condition = reason.rsplit("(", 1)[-1].rstrip(")") if reason.endswith(")") else ""
    if reason.endswith("(the engine's cap)"):
        return Outcome(winner, EndKind.ENGINE_CAP, turn, reason)
    if reason.startswith("turn limit"):
        return Outcome(winner, EndKind.TURN_LIMIT, turn, reason)
    kind = EndKind.ELIMINATION if "eliminated" in reason else EndKind.VICTORY_CONDITION
    return Outcome(winner, kind, turn, reason, condition)


def controls(state: CoreState, pos: int, side: int, moving: Collection[int] = ()) -> bool:
    """16.0's control as a function of the state (:meth:`CoreState.controls`), for those that take a reading as a
    value (the judge: tcforge.play.victory)."""
    return state.controls(pos, side, moving)


def captured(state: CoreState, pos: int, side: int, moving: Collection[int] = ()) -> bool:
    """001's capture as a function of the state (:meth:`CoreState.captures`)."""
    return state.captures(pos, side, moving)

