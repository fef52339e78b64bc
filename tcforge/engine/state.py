"""The game state and its play: who acts, what they may do, and what happens (4.0-16.0).

Decisions are small steps, so each has few legal actions: a play is chosen
(move, fire, draw, end), then the cards and targets one at a time. Die rolls
and card draws are chance nodes: ``current_player()`` is :data:`CHANCE` and
``chance_outcomes()`` lists every outcome with its probability. Actions are
tuples of plain values, so a game's log is JSON and replays exactly.

Sequence of play (4.0): the active player receives Supply points, spends them
on plays (5.0), resolves melees (10.0) and discards (6.4); then the other
player does the same, and a game turn is over.

This module is the dispatcher, the top of the engine: :class:`GameState` is
the core (:mod:`tcforge.engine.core`) plus the phase tables that send each
decision to its rule module, the turn flow and the chance events.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, cast

from tcforge.engine import (
    breakthrough,
    cards,
    equipment,
    fire,
    melee,
    movement,
    placing,
    reactions,
    smoke,
    spotting,
    windows,
    wire,
)
from tcforge.engine.actions import (
    Action,
    Discard,
    Draw,
    DrawEvent,
    Drop,
    End,
    Equip,
    Exit,
    Fire,
    Fortify,
    HitRoll,
    InitiativeRoll,
    Interrupt,
    KillRoll,
    MalformedActionError,
    Move,
    PlayCard,
    SmokeRoll,
    Unstack,
    WoodsRoll,
    action_from_json,
)
from tcforge.engine.attacks import KILL, to_hit, to_kill
from tcforge.engine.board import DECK, DISCARDED, RESERVE
from tcforge.engine.context import Context, Melee, Phase, Placing, Play
from tcforge.engine.core import CHANCE, TERMINAL, CoreState, IllegalActionError
from tcforge.engine.game import Game
from tcforge.engine.units import Unit

__all__ = ["CHANCE", "TERMINAL", "Action", "GameState", "IllegalActionError"]


class GameState(CoreState):
    """One position of a game, with its play. Use :meth:`new` to start a game."""

    # ------------------------------------------------------------------ setup
    @classmethod
    def new(cls, game: Game, forces: Mapping[int, Iterable[tuple[int | str, int]]], *, terrain: dict[int, int] | None = None,
            first_player: int | None = None, initial_hand: int | None = None,
            streams: Iterable[tuple[int, int, int]] = (), deploy: Placing | None = None) -> GameState:
        """A game at its start. ``forces[side]`` lists (card id, position) pairs; position is a board
        position, :data:`RESERVE` (in hand from the start) or :data:`DECK` (the drawing deck).

        The initiative roll (4.0) and the first hand (6.2) are chance nodes when not given. ``streams`` are 001's
        Streams on the map's edges: (position, position, crossing card id or 0). ``deploy``: the cards of the
        set-up zones, in the reserve until their owners place them (:mod:`tcforge.engine.placing`), after the
        initiative roll and before the first turn.
        """
        state = cls(game)
        state.streams = sorted([min(a, b), max(a, b), crossing] for a, b, crossing in streams)
        for pos, card_id in (terrain or {}).items():
            state.terrain[pos] = card_id
        for side in (0, 1):
            for cid, pos in forces.get(side, ()):
                unit = Unit(len(state._units), side, game.profiles[cid], pos)
                state._units.append(unit)
                if pos >= 0:
                    state._enter(unit, pos)
                elif pos == RESERVE:
                    state.hand[side].append(unit.uid)
                else:
                    unit.pos = DECK
                    state.deck[side].append(unit.uid)
        hand = game.rules.turn_initial_hand if initial_hand is None else initial_hand
        for side in (0, 1):
            for _ in range(min(hand, len(state.deck[side]))):
                state.rolls.append(DrawEvent(side))
        state.ctx = Context(placing=deploy)
        if first_player is None:
            state.rolls.append(InitiativeRoll(0))
            state.phase = Phase.INITIATIVE
        else:
            state.first = state.active = first_player
            state._begin()
        state._advance()
        return state

    def _begin(self) -> None:
        """The initiative is known: the set-up zones' cards are placed by their owners, then the first turn begins."""
        deploy = self.ctx.placing
        if deploy is not None and deploy.kind == "deploy" and (deploy.pieces or deploy.equip):
            who = deploy.first  # a side, or -1 the first player, -2 the second (None: the first player)
            deploy.first = who if who is not None and who >= 0 else 1 - self.first if who == -2 else self.first
            self.phase = Phase.DEPLOY
            return
        self.ctx = Context()
        self._start_side_turn()

    def _placed(self) -> None:
        """Nothing is left to place: the set-up is over and the first turn begins, or the arrival was the side's move."""
        assert self.ctx.placing is not None
        if self.ctx.placing.kind == "deploy":
            self.ctx = Context()
            self.active = self.first
            self._start_side_turn()
            return
        placing.finish_arrival(self)
        self.phase = Phase.PLAY

    # ------------------------------------------------------------ decisions
    def _compute_legal(self) -> list[Action]:
        player = self.current_player()
        if player == TERMINAL:
            return []
        if player == CHANCE:
            return [a for a, _ in self.chance_outcomes()]
        if self.ctx.window is not None:
            return windows.legal(self)
        handler = _LEGAL.get(self.phase)
        return handler(self) if handler else []

    def apply_action(self, action: Action | Sequence[Any]) -> None:
        """Apply an action without checking it is legal (fast; for search and playouts). ``action`` is one of
        :meth:`legal_actions` (a plain tuple or list in its JSON form is read as the action it spells)."""
        # the JSON forms in the signature too: mypyc checks a compiled function's arguments against it
        action = action_from_json(action) if type(action) is tuple or type(action) is list else cast(Action, action)
        self._legal = None
        self.history.append(action)
        if self.rolls:
            self._apply_chance(action)
        elif self.ctx.window is not None:
            reactions.apply(self, action)
        else:
            _APPLY[self.phase](self, action)
        self._check_victory_after_change()
        self._advance()
        if self._glimpsed:
            spotting.settle(self)  # 001 1.7, 1.8: a revealing attack is over

    def _check_victory_after_change(self) -> None:
        """16.0: victory is checked the instant it holds, whatever moved the cards (a retreat, an arrival, a loss),
        except while a card is on its way: a moving card is checked as it comes to rest (8.0)."""
        if self.phase in (Phase.SETUP, Phase.INITIATIVE, Phase.DEPLOY, Phase.ARRIVE):
            return  # nothing is decided before play begins (4.0), nor while an arrival is being placed (its move's end)
        move = self.ctx.move
        if move is not None and move.stage == "step":
            return
        self._check_victory()

    def apply_checked(self, action: Action | Sequence[Any]) -> None:
        """Apply an action, or its JSON list form (a log's), after checking it is legal; raises
        :class:`IllegalActionError` quoting both."""
        try:
            action = action_from_json(action)
        except MalformedActionError:
            action = tuple(action)  # not an action at all: refused below, in the words a wrong one gets
        if action not in self.legal_actions():
            raise IllegalActionError(f"illegal action {list(action)!r} in {self.describe()}; "
                                     f"legal: {[list(a) for a in self.legal_actions()][:20]}")
        self.apply_action(action)

    # ------------------------------------------------------------ turn flow
    def _start_side_turn(self) -> None:
        for unit in self._units:
            if unit.side == self.active:
                unit.moved = unit.fired = 0
                unit.moved_to_reserve = False
            elif wire.lifted(self, unit):  # 001 Wire: it goes as the wired card's owner begins his next turn
                self._discard_card(unit.uid)
        self.supply = self.game.supply_points(self.active)  # 4.0 a (a side's own points where a lever gives them)
        self.ctx = Context(play=Play())
        self.phase = Phase.PLAY
        for hook in self.game.turn_hooks:  # a scenario's reinforcements arrive (20.0 rule 5, 17.5)
            hook(self)
        if self.ctx.placing is not None:
            self.phase = Phase.ARRIVE  # their owner places them first (tcforge.engine.placing)
        if self.turn == 1 and self.active == self.first:
            spotting.check(self)  # 001 1.0: cards deployed in sight are spotted as play begins (the project's reading)
        self._check_victory_after_change()

    def _end_play(self) -> None:
        self.phase = Phase.MELEE
        play = self.ctx.play
        flank_shot = play is not None and play.flank_shot  # 9.3.1, 10.0: an unused Flank Shot goes to the melee
        self.ctx = Context(melee=Melee(melee.melee_positions(self), flank_shot=flank_shot))
        melee.next_melee(self)

    def _end_side_turn(self) -> None:
        spotting.check(self)  # 001 1.0: spotting and breaking contact at the end of each player's turn
        smoke.lift(self)  # 9.5.1 b
        game_turn_end = self.active != self.first
        self.outcome = self.game.ending.side_turn_end(self, game_turn_end)
        if self.outcome is not None:
            return
        if game_turn_end:
            self.turn += 1
        self.active = 1 - self.active
        self._start_side_turn()

    def _advance(self) -> None:
        """Run the automatic steps until a decision or a chance event is due: each phase's step
        (:data:`_ADVANCE`) says whether play goes on by itself."""
        while self.outcome is None and not self.rolls:
            self._legal = None
            if self.ctx.window is not None:
                return
            step = _ADVANCE.get(self.phase)  # none for the initiative: its roll is asked for
            if step is None or not step(self):
                return
        self._legal = None

    # --------------------------------------------------------------- chance
    def _apply_chance(self, action: Action) -> None:
        event = self.rolls.pop(0)
        if isinstance(event, DrawEvent):
            side, uid = event.side, action[1]
            self.deck[side].remove(uid)
            self.hand[side].append(uid)
            self._units[uid].pos = RESERVE
            self._units[uid].drawn = True  # the enemy does not see what was drawn (14.0)
            return
        roll = int(action[1])
        if isinstance(event, InitiativeRoll):
            self.initiative_rolls.append(roll)
            if event.side == 0:
                self.rolls.insert(0, InitiativeRoll(1))
                return
            a, b = self.initiative_rolls[-2:]
            mods, low = self.game.initiative
            a, b = a + mods[0], b + mods[1]
            if a == b:
                self.rolls.insert(0, InitiativeRoll(0))  # a tie: roll again
                return
            self.first = self.active = (0 if a < b else 1) if low else (0 if a > b else 1)
            self._begin()
            return
        if isinstance(event, WoodsRoll):
            uid = event.card
            if roll <= self.game.rules.movement_woods_immobilise_max_roll:
                self._units[uid].immobilized = True  # 8.4.1
            return
        if isinstance(event, HitRoll):
            attack, firer, target, deferred = event.attack, event.firer, event.target, event.deferred
            result, needed = to_hit(attack, self.game.fire_rules, roll)
            if self.game.scenario_rules is not None and firer >= 0:
                self.game.scenario_rules.after_roll(self, firer, roll)
            if result == "to_kill":
                self.rolls.insert(0, KillRoll(attack, firer, target, deferred, needed))
                return
            self._result(target, result, deferred, attack.kind)
            return
        if isinstance(event, SmokeRoll):  # 9.5.1 f: HE fire placing Smoke on a position
            result, _ = to_hit(event.attack, self.game.fire_rules, roll)
            if result != "miss":
                smoke.lay(self, event.pos, self._units[event.firer].side)
            return
        if isinstance(event, KillRoll):
            self._result(event.target, to_kill(event.needed, self.game.fire_rules, roll), event.deferred, event.attack.kind)
            return
        raise IllegalActionError(f"unknown chance event {event!r}")

    def _result(self, target: int, result: str, deferred: bool, kind: str) -> None:
        if result == KILL and not deferred and kind in ("he", "sa") and self.game.rules.equipment_orphans:
            self._leave_unclaimed(self._units[target])  # 001 Orphaned Equipment: ranged HE or SA fire, not melee
        if deferred:
            self.effects.append((target, result))
            if result == KILL and self.game.rules.melee_procedure == "declared":
                # 001's declared melee: other attacks of the same side on a card already eliminated do not fire
                side = self._units[target].side
                self.rolls = [e for e in self.rolls if not (type(e) is HitRoll and e.target == target and e.deferred
                                                            and self._units[e.firer].side != side)]
            return
        self._apply_result(target, result)


# ------------------------------------------------------------------ the play
def _legal_play(state: GameState) -> list[Action]:
    rules = state.game.rules
    actions: list[Action] = [_END]
    if state.supply >= rules.turn_draw_cost and state.deck[state.active]:
        actions.append(_DRAW)
    if state.supply >= rules.turn_move_cost:
        for pos in movement.move_sources(state):
            actions.append(Move(pos))
        actions.extend(breakthrough.exits(state))  # 001 Attack/Defense: off the map into the defender's reserve
    if state.supply >= rules.turn_fire_cost:
        for pos in fire.fire_sources(state):
            actions.append(Fire(pos))
    actions.extend(equipment.equip_actions(state))  # 13.0: free, not a play
    actions.extend(cards.playable(state))
    active = state.active
    actions.extend(Drop(e) for u in state._units if u.equipment and u.side == active and u.pos >= 0 for e in u.equipment)
    return actions


def _apply_play(state: GameState, action: Action) -> None:
    play = state.ctx.play
    assert play is not None
    play.window_done = False  # the opponent may answer the next play again
    handler = _PLAYS.get(type(action))
    if handler is None:
        raise IllegalActionError(f"unknown play {action!r}")
    handler(state, action)


def _end(state: GameState, action: Action) -> None:
    state.supply = 0  # 5.0 e: forfeit the remaining points
    state._end_play()


def _draw(state: GameState, action: Action) -> None:  # 5.0 d: the card is drawn by chance from the deck (14.0)
    _acted(state)
    state.supply -= state.game.rules.turn_draw_cost
    state.rolls.append(DrawEvent(state.active))


def _move(state: GameState, action: Action) -> None:
    assert isinstance(action, Move)
    _acted(state)
    state.supply -= state.game.rules.turn_move_cost
    movement.begin(state, int(action.source))


def _exit(state: GameState, action: Action) -> None:  # 001 Attack/Defense: a move action off the map
    assert isinstance(action, Exit)
    _acted(state)
    state.supply -= state.game.rules.turn_move_cost
    breakthrough.exit_cards(state, action)


def _fire(state: GameState, action: Action) -> None:
    assert isinstance(action, Fire)
    _acted(state)
    state.supply -= state.game.rules.turn_fire_cost
    fire.begin(state, int(action.source))


def _play_card(state: GameState, action: Action) -> None:
    assert isinstance(action, PlayCard | Interrupt | Fortify)
    if type(action) is PlayCard:
        _acted(state)
    cards.play(state, action)


def _equip(state: GameState, action: Action) -> None:
    assert isinstance(action, Equip)
    equipment.attach(state, int(action.item), int(action.squad))


def _drop(state: GameState, action: Action) -> None:
    assert isinstance(action, Drop)
    state._discard_card(int(action.item))  # 13.0: equipment may be discarded at will


def _acted(state: GameState) -> None:
    play = state.ctx.play
    assert play is not None
    play.acted = True


_PLAYS: dict[type[Action], Callable[[GameState, Action], None]] = {
    End: _end, Draw: _draw, Move: _move, Exit: _exit, Fire: _fire, PlayCard: _play_card, Interrupt: _play_card,
    Fortify: _play_card, Equip: _equip, Drop: _drop}
_END, _DRAW = End(), Draw()


def _legal_discard(state: GameState) -> list[Action]:
    over = movement.over_limit(state, state.active)
    if over:  # 6.3 at the turn's end (20.0 rule 5): the project's reading, the owner eliminates cards of its choice
        return [Unstack(uid) for uid in over]
    return [Discard(uid) for uid in sorted(state.hand[state.active])]


def _apply_discard(state: GameState, action: Action) -> None:
    assert isinstance(action, (Discard, Unstack))
    uid = int(action.card)
    if type(action) is Unstack:
        state._destroy(uid)  # with its equipment; it goes to the discard pile as a loss
        return
    state.hand[state.active].remove(uid)
    state._units[uid].pos = DISCARDED
    state.discard[state.active].append(uid)


def _no_actions(state: GameState) -> list[Action]:
    return []


def _advance_play(state: GameState) -> bool:
    """The play phase (5.0): a break-through's exits leave (001), a side out of Supply points ends its play, else
    the other side may answer first (a window), then the side decides."""
    play = state.ctx.play
    assert play is not None
    if play.exiting:  # 001 break-through: the exit's window and mines are done; the rest leave
        breakthrough.leave(state)
        return True
    if state.supply <= 0 and play.move is None and play.fire is None:
        state._end_play()
        return True
    if not play.window_done:
        windows.open_window(state, "play", 1 - state.active, None)
    return False


def _advance_discard(state: GameState) -> bool:
    """The end of the side's turn: overstacked positions first (6.3), then the hand limit (4.0, 17.5's grace)."""
    if movement.over_limit(state, state.active):
        return False  # 6.3: the owner first chooses the cards that leave the overstacked positions
    limit = state.game.rules.turn_hand_limit
    scenario = state.game.scenario_rules
    if scenario is not None:
        limit += scenario.hand_grace(state)
    if len(state.hand[state.active]) <= limit:
        state._end_side_turn()
        return True
    return False


def _advance_placing(state: GameState) -> bool:
    """Set-up cards or reinforcements laid out by their owner: settled ones are placed (tcforge.engine.placing)."""
    if placing.settle(state):
        state._placed()
        return True
    return False


# What each phase does by itself before a decision is due: True when play goes on (tcforge.engine.state._advance).
_ADVANCE: dict[Phase, Callable[[GameState], bool]] = {
    Phase.PLAY: _advance_play, Phase.MOVE: movement.advance, Phase.FIRE: fire.advance, Phase.MELEE: melee.advance,
    Phase.DISCARD: _advance_discard, Phase.DEPLOY: _advance_placing, Phase.ARRIVE: _advance_placing,
}


# Each phase's legal actions and how one is applied: the dispatch is by these tables, never by an if-chain on the phase.
_LEGAL = {Phase.PLAY: _legal_play, Phase.MOVE: movement.legal, Phase.FIRE: fire.legal, Phase.MELEE: melee.legal,
          Phase.DISCARD: _legal_discard, Phase.INITIATIVE: _no_actions, Phase.SETUP: _no_actions,
          Phase.DEPLOY: placing.legal, Phase.ARRIVE: placing.legal}
_APPLY = {Phase.PLAY: _apply_play, Phase.MOVE: movement.apply, Phase.FIRE: fire.apply, Phase.MELEE: melee.apply,
          Phase.DISCARD: _apply_discard, Phase.DEPLOY: placing.apply, Phase.ARRIVE: placing.apply}
