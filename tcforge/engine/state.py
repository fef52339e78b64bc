"""The game state: who acts, what they may do, and what happens (4.0-16.0).

Decisions are small steps, so each has few legal actions: a play is chosen
(move, fire, draw, end), then the cards and targets one at a time. Die rolls
and card draws are chance nodes: ``current_player()`` is :data:`CHANCE` and
``chance_outcomes()`` lists every outcome with its probability. Actions are
tuples of plain values, so a game's log is JSON and replays exactly.

Sequence of play (4.0): the active player receives Supply points, spends them
on plays (5.0), resolves melees (10.0) and discards (6.4); then the other
player does the same, and a game turn is over.
"""
from __future__ import annotations

import json
from typing import Any, Iterable

from tcforge.engine import cards, equipment, fire, melee, movement, windows
from tcforge.engine.attacks import DIE, IMMOBILIZE, KILL, to_hit, to_kill
from tcforge.engine.board import ATTACHED, DECK, DISCARDED, RESERVE
from tcforge.engine.game import Game
from tcforge.engine.units import Unit

CHANCE = -1
TERMINAL = -4

Action = tuple[Any, ...]


class IllegalActionError(ValueError):
    """An action that is not legal in the position; the message quotes both."""


class GameState:
    """One position of a game. Use :meth:`new` to start a game."""

    def __init__(self, game: Game):
        self.game = game
        n = game.board.size
        self.units: list[Unit] = []
        self.occ: list[list[list[int]]] = [[[], []] for _ in range(n)]
        self.hand: list[list[int]] = [[], []]
        self.deck: list[list[int]] = [[], []]
        self.discard: list[list[int]] = [[], []]
        self.terrain: list[int | None] = [None] * n
        self.forts: list[tuple[int, int] | None] = [None] * n  # (side, card id) of Foxholes/Bunkers
        self.smoke: list[int] = [-1] * n  # half-turn index at whose end the smoke lifts, -1 none
        self.water: list[int | None] = [None] * n  # Stream or Swamp played on other terrain (11.1)
        self.turn = 1
        self.first = 0
        self.active = 0
        self.supply = 0
        self.phase = "setup"
        self.ctx: dict[str, Any] = {}
        self.rolls: list[tuple[Any, ...]] = []  # pending chance events, first is next
        self.effects: list[tuple[int, str]] = []  # simultaneous melee results waiting
        self.winner: int | None = None
        self.end_reason = ""
        self.history: list[Action] = []
        self.initiative_rolls: list[int] = []
        self.arrivals: dict[str, int] = {}  # reinforcement group id -> game turn it arrived
        self.ap_shots: dict[str, int] = {}  # unit uid -> AT shots fired (scenario limits on armour-piercing rounds)
        self.scenario_setup: Any = None
        self._legal: list[Action] | None = None  # legal actions of this position, computed once
        self.los_cache: dict[int, bool] = {}  # line of sight between positions, until terrain or Smoke changes

    # ------------------------------------------------------------------ setup
    @classmethod
    def new(cls, game: Game, forces: dict[int, Iterable[tuple[int | str, int]]], *, terrain: dict[int, int] | None = None,
            first_player: int | None = None, initial_hand: int | None = None) -> "GameState":
        """A game at its start. ``forces[side]`` lists (card id, position) pairs; position is a board
        position, :data:`RESERVE` (in hand from the start) or :data:`DECK` (the drawing deck).

        The initiative roll (4.0) and the first hand (6.2) are chance nodes when not given.
        """
        state = cls(game)
        for pos, card_id in (terrain or {}).items():
            state.terrain[pos] = card_id
        for side in (0, 1):
            for card_id, pos in forces.get(side, ()):
                unit = Unit(len(state.units), side, game.profiles[card_id], pos)
                state.units.append(unit)
                if pos >= 0:
                    state.occ[pos][side].append(unit.uid)
                elif pos == RESERVE:
                    state.hand[side].append(unit.uid)
                else:
                    unit.pos = DECK
                    state.deck[side].append(unit.uid)
        hand = int(game.params["turn.initial_hand"]) if initial_hand is None else initial_hand
        for side in (0, 1):
            for _ in range(min(hand, len(state.deck[side]))):
                state.rolls.append(("draw", side))
        if first_player is None:
            state.rolls.append(("initiative", 0))
            state.phase = "initiative"
        else:
            state.first = state.active = first_player
            state._start_side_turn()
        state._advance()
        return state

    # --------------------------------------------------------- the interface
    def current_player(self) -> int:
        if self.winner is not None or self.end_reason:
            return TERMINAL
        if self.rolls:
            return CHANCE
        window = self.ctx.get("window")
        if window is not None:
            return int(window["side"])
        return self.ctx.get("to_act", self.active)

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def returns(self) -> tuple[float, float]:
        if self.winner is None:
            return (0.0, 0.0)
        return (1.0, -1.0) if self.winner == 0 else (-1.0, 1.0)

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if not self.rolls:
            return []
        kind = self.rolls[0][0]
        if kind == "draw":
            deck = self.deck[self.rolls[0][1]]
            p = 1.0 / len(deck)
            return [(("card", uid), p) for uid in sorted(deck)]
        return [(("d10", v), 0.1) for v in DIE]

    def legal_actions(self) -> list[Action]:
        """The legal actions (do not change the list: it is computed once per position)."""
        if self._legal is not None:
            return self._legal
        player = self.current_player()
        if player == TERMINAL:
            result: list[Action] = []
        elif player == CHANCE:
            result = [a for a, _ in self.chance_outcomes()]
        elif "window" in self.ctx:
            result = windows.legal(self)
        else:
            handler = _LEGAL.get(self.phase)
            result = handler(self) if handler else []
        self._legal = result
        return result

    def changed(self) -> None:
        """Forget the cached legal actions: the position changed."""
        self._legal = None

    def sight_changed(self) -> None:
        """Terrain or Smoke changed: forget the remembered lines of sight."""
        self.los_cache = {}

    def apply_action(self, action: Action) -> None:
        """Apply an action without checking it is legal (fast; for search and playouts)."""
        self._legal = None
        self.history.append(action)
        if self.rolls:
            self._apply_chance(action)
        elif "window" in self.ctx:
            windows.apply(self, action)
        else:
            _APPLY[self.phase](self, action)
        self._advance()

    def apply_checked(self, action: Action) -> None:
        """Apply an action after checking it is legal; raises :class:`IllegalActionError` quoting both."""
        action = tuple(action)
        if action not in self.legal_actions():
            raise IllegalActionError(f"illegal action {list(action)!r} in {self.describe()}; "
                                     f"legal: {[list(a) for a in self.legal_actions()][:20]}")
        self.apply_action(action)

    def clone(self) -> "GameState":
        other = GameState.__new__(GameState)
        other.__dict__.update(self.__dict__)
        other.units = [u.copy() for u in self.units]
        other.occ = [[list(a), list(b)] for a, b in self.occ]
        other.hand = [list(self.hand[0]), list(self.hand[1])]
        other.deck = [list(self.deck[0]), list(self.deck[1])]
        other.discard = [list(self.discard[0]), list(self.discard[1])]
        other.terrain = list(self.terrain)
        other.forts = list(self.forts)
        other.smoke = list(self.smoke)
        other.water = list(self.water)
        other.ctx = {k: (list(v) if isinstance(v, list) else v) for k, v in self.ctx.items()}
        other.rolls = list(self.rolls)
        other.effects = list(self.effects)
        other.history = list(self.history)
        other.initiative_rolls = list(self.initiative_rolls)
        other.arrivals = dict(self.arrivals)
        other.ap_shots = dict(self.ap_shots)
        other._legal = None
        other.los_cache = {}
        return other

    def serialize(self) -> str:
        """The whole position as JSON (the game's static part is named, not copied)."""
        return json.dumps({
            "units": [u.to_json() for u in self.units], "occ": self.occ, "hand": self.hand, "deck": self.deck, "discard": self.discard,
            "terrain": self.terrain, "forts": self.forts, "smoke": self.smoke, "water": self.water, "turn": self.turn, "first": self.first,
            "active": self.active, "supply": self.supply, "phase": self.phase, "ctx": self.ctx,
            "rolls": _rolls_json(self.rolls),
            "effects": self.effects, "winner": self.winner, "end_reason": self.end_reason,
            "history": [list(a) for a in self.history], "initiative_rolls": self.initiative_rolls,
            "arrivals": self.arrivals, "ap_shots": self.ap_shots}, sort_keys=True)

    @classmethod
    def deserialize(cls, game: Game, text: str) -> "GameState":
        """The position :meth:`serialize` wrote, for the same game."""
        from tcforge.engine.attacks import Attack

        raw = json.loads(text)
        state = cls(game)
        state.units = []
        for u in raw["units"]:
            unit = Unit(u["uid"], u["side"], game.profiles[u["card"]], u["pos"])
            for key in ("immobilized", "moved", "fired", "entered_from", "moved_to_reserve", "carrier"):
                setattr(unit, key, u[key])
            unit.equipment = tuple(u["equipment"])
            state.units.append(unit)
        for key in ("hand", "deck", "discard", "terrain", "smoke", "water", "turn", "first", "active", "supply", "phase", "ctx",
                    "effects", "winner", "end_reason", "initiative_rolls", "arrivals", "ap_shots"):
            setattr(state, key, raw[key])
        state.occ = [[list(a), list(b)] for a, b in raw["occ"]]
        state.forts = [tuple(f) if f else None for f in raw["forts"]]
        state.effects = [tuple(e) for e in raw["effects"]]
        state.rolls = [tuple(Attack(**x) if isinstance(x, dict) else x for x in event) for event in raw["rolls"]]
        if "orders" in state.ctx:
            state.ctx["orders"] = [tuple(o) for o in state.ctx["orders"]]
        state.history = [tuple(a) for a in raw["history"]]
        return state

    def describe(self) -> str:
        """A one-line summary of the position, for error messages and logs."""
        who = {CHANCE: "chance", TERMINAL: "game over"}.get(self.current_player(), f"side {self.current_player()}")
        return f"turn {self.turn}, side {self.active}'s {self.phase} ({who} to act, {self.supply} supply left)"

    # --------------------------------------------------------------- helpers
    def enemy(self, side: int) -> int:
        return 1 - side

    def half_turn(self) -> int:
        """Index of the current player-turn: 0, 1 in game turn 1, then 2, 3, ..."""
        return 2 * (self.turn - 1) + (0 if self.active == self.first else 1)

    def combat_count(self, pos: int, side: int) -> tuple[int, int]:
        """(combat cards, trucks) of a side at a position (6.3); carried squads count too (000 22, point 3)."""
        combat = trucks = 0
        for uid in self.occ[pos][side]:
            unit = self.units[uid]
            if unit.profile.truck:
                trucks += 1
            elif unit.profile.combat:
                combat += 1
        return combat, trucks

    def controls(self, pos: int, side: int) -> bool:
        """Control (16.0): at least one combat card and no enemy combat card."""
        return (any(self.units[u].profile.combat for u in self.occ[pos][side])
                and not any(self.units[u].profile.combat for u in self.occ[pos][1 - side]))

    def destroy(self, uid: int) -> None:
        """A destroyed card goes to its owner's discard pile with its equipment and passengers (13.0, 15.0)."""
        unit = self.units[uid]
        if unit.pos < 0:
            return
        for other in list(unit.equipment):
            self.discard_card(other)
        unit.equipment = ()
        for other in self.units:
            if other.carrier == uid and other.pos >= 0:
                self.destroy(other.uid)  # a carried squad or towed gun goes with its vehicle (project's reading)
        self.discard_card(uid)
        cards.update_forts(self)

    def discard_card(self, uid: int) -> None:
        """Put a card on its owner's discard pile from wherever it is (15.0)."""
        unit = self.units[uid]
        if unit.pos >= 0:
            self.occ[unit.pos][unit.side].remove(uid)
        elif unit.pos == RESERVE:
            self.hand[unit.side].remove(uid)
        elif unit.pos == DECK:
            self.deck[unit.side].remove(uid)
        elif unit.pos == DISCARDED:
            return
        elif unit.pos == ATTACHED and unit.carrier is not None:
            carrier = self.units[unit.carrier]
            carrier.equipment = tuple(e for e in carrier.equipment if e != uid)
        unit.pos = DISCARDED
        unit.carrier = None
        self.discard[unit.side].append(uid)

    def check_victory(self) -> None:
        """Victory is checked the instant it happens (16.0) unless the ruleset says otherwise."""
        if self.winner is not None or self.game.params["victory.check"] != "instant":
            return
        self._victory_now()

    def _victory_now(self) -> None:
        for hook in self.game.victory_hooks:
            winner = hook(self)
            if winner is not None:
                self.winner, self.end_reason = winner
                return
        if not self.game.default_victory:
            return
        need = self.game.victory_positions
        for side in (self.active, 1 - self.active):
            held = sum(self.controls(p, side) for p in self.game.board.rear_rank(1 - side))
            if held >= need:
                self.winner = side
                self.end_reason = f"side {side} controls {held} positions of the enemy's rear rank (16.0)"
                return

    # ------------------------------------------------------------ turn flow
    def _start_side_turn(self) -> None:
        for unit in self.units:
            if unit.side == self.active:
                unit.moved = unit.fired = 0
                unit.moved_to_reserve = False
        self.supply = int(self.game.params["turn.supply_points"])  # 4.0 a
        self.ctx = {"spent": 0}
        self.phase = "play"
        for hook in self.game.turn_hooks:  # a scenario's reinforcements arrive (20.0 rule 5, 17.5)
            hook(self)

    def _end_play(self) -> None:
        self.phase = "melee"
        self.ctx = {"pending": melee.melee_positions(self)}
        melee.next_melee(self)

    def _end_side_turn(self) -> None:
        half = self.half_turn()
        for pos, until in enumerate(self.smoke):
            if until == half:
                self.smoke[pos] = -1  # 9.5.1 b
                self.los_cache = {}
        if self.game.params["victory.check"] == "end_of_turn":
            self._victory_now()
            if self.winner is not None:
                return
        if self.active != self.first:
            for hook in self.game.end_hooks:
                found = hook(self)
                if found is not None:
                    self.winner, self.end_reason = found
                    return
            if self.game.turn_limit is not None and self.turn >= self.game.turn_limit:
                self._victory_now()
                if self.winner is None:
                    self.end_reason = f"turn limit {self.game.turn_limit} reached"
                return
            if self.turn >= self.game.max_turns:
                self.end_reason = f"no victory after {self.game.max_turns} turns (the engine's cap)"
                return
            self.turn += 1
        self.active = 1 - self.active
        self._start_side_turn()

    def _advance(self) -> None:
        """Run the automatic steps until a decision or a chance event is due."""
        while self.winner is None and not self.end_reason and not self.rolls:
            self._legal = None
            if "window" in self.ctx:
                return
            if self.phase == "play":
                if self.supply <= 0 and "move" not in self.ctx and "fire" not in self.ctx:
                    self._end_play()
                    continue
                if not self.ctx.get("play_window_done") and windows.open_window(self, "play", 1 - self.active, {}):
                    return
                return
            if self.phase == "move":
                if movement.advance(self):
                    continue
                return
            if self.phase == "fire":
                if fire.advance(self):
                    continue
                return
            if self.phase == "melee":
                if melee.advance(self):
                    continue
                return
            if self.phase == "discard":
                limit = int(self.game.params["turn.hand_limit"])
                rules = self.game.scenario_rules
                if rules is not None:
                    limit += rules.hand_grace(self)
                if len(self.hand[self.active]) <= limit:
                    self._end_side_turn()
                    continue
                return
            if self.phase == "initiative":
                return
            return
        self._legal = None

    # --------------------------------------------------------------- chance
    def roll_label(self) -> str:
        """What the pending chance event is for, in words (for logs)."""
        if not self.rolls:
            return ""
        event = self.rolls[0]
        kind = event[0]
        if kind == "draw":
            return f"side {event[1]} draws a card"
        if kind == "initiative":
            return f"side {event[1]} rolls for initiative (4.0)"
        if kind == "woods":
            return f"{self.units[event[1]].profile.name} rolls for immobilisation entering Woods (8.4.1)"
        if kind == "smoke":
            return f"{self.units[event[2]].profile.name} ({event[2]}) fires HE to lay Smoke on {self.game.board.label(event[3])} (9.5.1 f)"
        if kind in ("hit", "kill"):
            target = self.units[event[3]]
            what = "to hit" if kind == "hit" else "to kill"
            firer = "a mine" if event[2] < 0 else f"{self.units[event[2]].profile.name} ({event[2]})"
            return f"{firer} {event[1].kind.upper()} {what} {target.profile.name} ({target.uid})"
        return kind

    def _apply_chance(self, action: Action) -> None:
        event = self.rolls.pop(0)
        kind = event[0]
        if kind == "draw":
            side, uid = event[1], action[1]
            self.deck[side].remove(uid)
            self.hand[side].append(uid)
            self.units[uid].pos = RESERVE
            return
        roll = int(action[1])
        if kind == "initiative":
            self.initiative_rolls.append(roll)
            if event[1] == 0:
                self.rolls.insert(0, ("initiative", 1))
                return
            a, b = self.initiative_rolls[-2:]
            mods, low = getattr(self.game, "initiative", ((0, 0), False))
            a, b = a + mods[0], b + mods[1]
            if a == b:
                self.rolls.insert(0, ("initiative", 0))  # a tie: roll again
                return
            self.first = self.active = (0 if a < b else 1) if low else (0 if a > b else 1)
            self._start_side_turn()
            return
        if kind == "woods":
            uid = event[1]
            if roll <= int(self.game.params["movement.woods_immobilise_max_roll"]):
                self.units[uid].immobilized = True  # 8.4.1
            return
        if kind == "hit":
            attack, firer, target, deferred = event[1], event[2], event[3], event[4]
            result, needed = to_hit(attack, self.game.fire_rules, roll)
            if self.game.scenario_rules is not None and firer >= 0:
                self.game.scenario_rules.after_roll(self, firer, roll)
            if result == "to_kill":
                self.rolls.insert(0, ("kill", attack, firer, target, deferred, needed))
                return
            self._result(target, result, deferred)
            return
        if kind == "smoke":  # 9.5.1 f: HE fire placing Smoke on a position
            attack, pos = event[1], event[3]
            result, _ = to_hit(attack, self.game.fire_rules, roll)
            if result != "miss":
                cards.place_smoke(self, pos)
            return
        if kind == "kill":
            attack, firer, target, deferred, needed = event[1:6]
            self._result(target, to_kill(needed, self.game.fire_rules, roll), deferred)
            return
        raise IllegalActionError(f"unknown chance event {event!r}")

    def _result(self, target: int, result: str, deferred: bool) -> None:
        if deferred:
            self.effects.append((target, result))
            if result == KILL and self.game.params["melee.procedure"] == "declared":
                # 001's declared melee: other attacks of the same side on a card already eliminated do not fire
                side = self.units[target].side
                self.rolls = [e for e in self.rolls if not (e[0] == "hit" and e[3] == target and e[4]
                                                            and self.units[e[2]].side != side)]
            return
        self.apply_result(target, result)

    def apply_result(self, target: int, result: str) -> None:
        if result == KILL:
            self.destroy(target)
            self.check_victory()
        elif result == IMMOBILIZE:
            self.units[target].immobilized = True


def _rolls_json(rolls: list[tuple[Any, ...]]) -> list[Any]:
    """Pending chance events as JSON: attacks become the mapping of their fields."""
    return [[{name: getattr(x, name) for name in x.__slots__} if hasattr(x, "__slots__") else x for x in event]
            for event in rolls]


# ------------------------------------------------------------------ the play
def _legal_play(state: GameState) -> list[Action]:
    params = state.game.params
    actions: list[Action] = [("end",)]
    if state.supply >= int(params["turn.draw_cost"]) and state.deck[state.active]:
        actions.append(("draw",))
    if state.supply >= int(params["turn.move_cost"]):
        for pos in movement.move_sources(state):
            actions.append(("move", pos))
    if state.supply >= int(params["turn.fire_cost"]):
        for pos in fire.fire_sources(state):
            actions.append(("fire", pos))
    actions.extend(equipment.equip_actions(state))  # 13.0: free, not a play
    actions.extend(cards.playable(state))
    actions.extend(("drop", e) for u in state.units if u.side == state.active and u.pos >= 0 for e in u.equipment)
    return actions


def _apply_play(state: GameState, action: Action) -> None:
    params = state.game.params
    kind = action[0]
    state.ctx.pop("play_window_done", None)  # the opponent may answer the next play again
    if kind == "end":
        state.supply = 0  # 5.0 e: forfeit the remaining points
        state._end_play()
    elif kind == "draw":  # 5.0 d: the card is drawn by chance from the deck (14.0)
        state.ctx["acted"] = True
        state.supply -= int(params["turn.draw_cost"])
        state.rolls.append(("draw", state.active))
    elif kind == "move":
        state.ctx["acted"] = True
        state.supply -= int(params["turn.move_cost"])
        movement.begin(state, int(action[1]))
    elif kind == "fire":
        state.ctx["acted"] = True
        state.supply -= int(params["turn.fire_cost"])
        fire.begin(state, int(action[1]))
    elif kind in ("play", "interrupt", "fortify"):
        if kind == "play":
            state.ctx["acted"] = True
        cards.play(state, action)
    elif kind == "equip":
        equipment.attach(state, int(action[1]), int(action[2]))
    elif kind == "drop":
        state.discard_card(int(action[1]))  # 13.0: equipment may be discarded at will
    else:
        raise IllegalActionError(f"unknown play {action!r}")


def _legal_discard(state: GameState) -> list[Action]:
    return [("discard", uid) for uid in sorted(state.hand[state.active])]


def _apply_discard(state: GameState, action: Action) -> None:
    uid = int(action[1])
    state.hand[state.active].remove(uid)
    state.units[uid].pos = DISCARDED
    state.discard[state.active].append(uid)


def _no_actions(state: GameState) -> list[Action]:
    return []


_LEGAL = {"play": _legal_play, "move": movement.legal, "fire": fire.legal, "melee": melee.legal,
          "discard": _legal_discard, "initiative": _no_actions, "setup": _no_actions}
_APPLY = {"play": _apply_play, "move": movement.apply, "fire": fire.apply, "melee": melee.apply,
          "discard": _apply_discard}
