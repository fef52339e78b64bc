"""What the page is sent: a position as one side may see it, the account, the decision of the moment.

A played game's page data comes from the engine's observation of the person's side
(:func:`tcforge.engine.observation.observation`: the cards on the battlefield it may see, its own hand, the cards
it knows in the enemy's hand, the sizes of hands and decks) and from the account's teller with that side as its
viewer (:class:`tcforge.play.teller.Teller`: a card the side has not seen is "a hidden card", never named or
numbered). Nothing else of the state is read for it; tests/web/test_hidden.py changes the hidden cards and finds
the page data unchanged. A watched log is told whole (every card shown), as ``scenario replay`` tells it.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from tcforge.engine import smoke
from tcforge.engine.actions import (
    Action,
    ChooseMelee,
    Exit,
    Fire,
    Fortify,
    HitRoll,
    Interrupt,
    Move,
    Pass,
    Pick,
    Place,
    PlayCard,
    Shoot,
    Smoke,
    Step,
    Target,
    action_from_json,
)
from tcforge.engine.attacks import Odds, attack_odds
from tcforge.engine.board import ATTACHED
from tcforge.engine.context import Phase
from tcforge.engine.melee import melee_attack
from tcforge.engine.movement import over_limit
from tcforge.engine.observation import observation
from tcforge.engine.state import CHANCE, GameState, IllegalActionError
from tcforge.i18n.words import t
from tcforge.play.account import narrate
from tcforge.play.teller import Teller
from tcforge.play.wording import card_target, choice, is_die, is_interrupt, roll_effect
from tcforge.scenarios.grid import Position
from tcforge.scenarios.scenario import Scenario
from tcforge.web.board import Cell, board_svg
from tcforge.web.protocol import Choice, Decision


class Narrator:
    """The account of a game, told as its lines come (one teller, so that a card keeps its tag): each line is
    narrated once, on a state of its own that follows the game."""

    def __init__(self, scenario: Scenario, start: GameState, lang: str, viewer: int | None):
        self.scenario, self.lang = scenario, lang
        self.teller = Teller(scenario, lang, viewer=viewer)
        self.teller.initials = Teller(scenario, "en").initials  # a card keeps its tag in either language (Ga, not Aa)
        self.state = start.clone()
        self.done = 0
        self.header: tuple[int, str] | None = None
        self.pending: int | None = None  # the entry of a turn's heading whose first action is not told yet
        self.entries: list[dict[str, Any]] = [
            {"kind": "setup", "line": 1, "text": t("web_setup", lang, title=scenario.title.get(lang))}]
        self.teller.look(self.state)
        for text in self.teller.standing(self.teller.snapshot(self.state)):
            self.entries.append({"kind": "standing", "line": 1, "text": text.strip()})

    def follow(self, lines: Sequence[Any]) -> None:
        """Tell the lines not yet told (``lines`` is the whole log so far)."""
        new = list(lines[self.done:])
        if not new:
            return
        base = self.done
        results = roll_results(self.state, new, base, self.lang)
        for event in narrate(self.scenario, self.state, new, self.teller):
            kind = event["event"]
            if kind == "side_turn":
                key = (event["turn"], event["side"])
                if key != self.header:
                    self.header = key
                    self.pending = len(self.entries)  # its line is the next action's, told below
                    self.entries.append({"kind": "turn", "line": None, "text": event["text"]})
            elif kind == "action":
                line = base + event["line"]
                if self.pending is not None:
                    self.entries[self.pending]["line"] = line
                    self.pending = None
                text = event["text"]
                if line in results:  # the roll's result, before what it did
                    roll, sep, rest = text.partition(" -> ")
                    text = f"{roll}{t('acc_colon', self.lang)} {results[line]}{sep}{rest}"
                actor = new[event["line"] - 2].actor
                sides = self.scenario.grid.sides
                if actor.startswith("side ") and self.header is not None and sides[int(actor[5:])] != self.header[1] \
                        and not is_interrupt(event["action"]):  # an interrupt's line names its player already
                    # the other side answers in the turn (a reaction window): say who
                    text = f"{self.teller.sides[int(actor[5:])]}{self.teller.w('acc_colon')} {text}"
                self.entries.append({"kind": "action", "line": line, "text": text})
            elif kind == "turn_end":
                line = self.entries[-1]["line"] if self.entries else 1
                limit = f" / {self.scenario.turn_limit}" if self.scenario.turn_limit else ""
                self.entries.append({"kind": "turn_end", "line": line, "text": self.teller.w("acc_turn_end", n=event["turn"]) + limit})
                for text in self.teller.standing(event["snapshot"]):
                    self.entries.append({"kind": "standing", "line": line, "text": text.strip()})
            elif kind == "end":
                line = base + len(new) + 1
                self.entries.append({"kind": "end", "line": line, "text": event["text"]})
                for text in self.teller.standing(event["snapshot"]):
                    self.entries.append({"kind": "standing", "line": line, "text": text.strip()})
        self.done = len(lines)


def roll_results(start: GameState, lines: Sequence[Any], base: int, lang: str) -> dict[int, str]:
    """The result of each die among ``lines`` (played from ``start``, the ``base``-th line on), by log line number."""
    if not any(line.actor == "chance" and is_die(line.action) for line in lines):
        return {}
    state = start.clone()
    out = {}
    for number, line in enumerate(lines, base + 2):
        if line.actor == "chance" and is_die(line.action):
            word = roll_effect(state, int(line.action[1]), lang)
            if word:
                out[number] = word
        state.apply_action(action_from_json(line.action))
    return out


# ---------------------------------------------------------------------- the board
def _terrain_words(scenario: Scenario, state: GameState, pos: int, teller: Teller) -> str:
    """The terrain in play on a position (public: terrain is dealt face up), its fortification and Smoke."""
    words = []
    tid = state.terrain[pos]
    if tid is not None:
        card = scenario.cards.by_id.get(tid)
        words.append(card.display_name(teller.lang) if card else str(tid))
    elif scenario.terrain.method == "fixed":
        columns = scenario.grid.columns
        words.extend(c.display_name(teller.lang) for c in scenario.terrain.at(Position(pos // columns + 1, pos % columns + 1)))
    fort = state.forts[pos]
    if fort is not None:
        card = scenario.cards.by_id.get(fort.card_id)
        words.append(card.display_name(teller.lang) if card else str(fort.card_id))
    if smoke.lies(state, pos):
        words.append(teller.w("acc_smoke"))
    return " + ".join(words)


def _unit_lines(state: GameState, uids: Sequence[int], teller: Teller) -> list[str]:
    lines = []
    for uid in uids:
        unit = state.units[uid]
        if unit.pos == ATTACHED:
            continue
        text = teller.name(unit)
        if unit.carrier is not None:
            text = "↳ " + text
        if unit.immobilized and teller.sees(unit):
            text += f" ({teller.w('acc_immobilised_mark')})"
        lines.append(text)
        lines.extend("  + " + teller.name(state.units[e]) for e in unit.equipment if teller.sees(state.units[e]))
    return lines


def cells(scenario: Scenario, state: GameState, teller: Teller, board: Callable[[int, int], Sequence[int]],
          hidden: Callable[[int, int], int]) -> dict[int, Cell]:
    """Each position's terrain and stacks: ``board(pos, side)`` the cards shown there, ``hidden(pos, side)`` how many
    face-down cards besides."""
    out = {}
    for pos in range(state.game.board.size):
        cell = Cell(_terrain_words(scenario, state, pos, teller))
        for side in (0, 1):
            cell.lines.extend((text, side) for text in _unit_lines(state, board(pos, side), teller))
            count = hidden(pos, side)
            if count:
                cell.lines.append((t("web_hidden_n", teller.lang, n=count), side))
        out[pos] = cell
    return out


def cells_json(scenario: Scenario, found: dict[int, Cell]) -> list[dict[str, Any]]:
    labels = [scenario.grid.label(Position(p // scenario.grid.columns + 1, p % scenario.grid.columns + 1)) for p in found]
    return [{"pos": pos, "label": label, "terrain": cell.terrain, "cards": [{"text": text, "side": scenario.grid.sides[side]}
                                                                              for text, side in cell.lines]}
            for (pos, cell), label in zip(found.items(), labels, strict=True)]


# ---------------------------------------------------------------------- decisions
def _positions(state: GameState, action: Action, teller: Teller) -> tuple[int, ...]:
    """The positions a choice concerns, for the board to highlight."""
    if isinstance(action, PlayCard | Interrupt | Fortify):
        return card_target(state, action, teller)[1]
    if isinstance(action, Move | Fire):
        return (int(action.source),) if action.source >= 0 else ()  # from the reserve: no position
    if isinstance(action, Step) and action.to >= 0:
        return (int(action.to),)
    if isinstance(action, Shoot | Target):
        pos = state.units[action.target].pos
        return (pos,) if pos >= 0 else ()
    if isinstance(action, ChooseMelee | Exit | Smoke | Place):
        return (int(action.pos),)
    if isinstance(action, Pick):
        pos = state.units[action.card].pos
        return (pos,) if pos >= 0 else ()
    return ()


def prompt(state: GameState, side: int, lang: str, opened: tuple[str, str] | None = None) -> str:
    """The question of the moment; in a reaction window, ``opened`` (the account's words for the action that opened
    it, and who played it; no words as a turn begins, and whose turn) says what the person answers."""
    if state.ctx.window is not None:
        if opened is not None and opened[0]:
            return t("web_ask_window_after", lang, what=opened[0], side=opened[1])
        if opened is not None:
            return t("web_ask_window_turn", lang, n=state.turn, side=opened[1])
        return t("web_ask_window", lang)
    phase = state.phase
    if phase == Phase.PLAY:
        return t("web_ask_play", lang, n=state.supply)
    if phase == Phase.DISCARD:
        return t("web_ask_unstack" if over_limit(state, side) else "web_ask_discard", lang)
    return t(f"web_ask_{phase}", lang) if phase in (Phase.MOVE, Phase.FIRE, Phase.MELEE, Phase.DEPLOY, Phase.ARRIVE) else phase


def shot_odds(state: GameState, action: Shoot | Target, teller: Teller) -> Odds | None:
    """The odds the engine gives the attack a shot declares (the Dice box shows the same for its roll), found by
    playing the shot on a copy of the state, a reaction window on the way passed (a melee order's attack as the melee
    makes it); None for a target the person may not see (its odds would tell what it is)."""
    units = state.units
    if not teller.sees(units[action.target]):
        return None
    if isinstance(action, Target):  # a melee order: its attack as the melee will roll it (10.0)
        firer, item = units[action.firer], units[action.item] if action.item >= 0 else None
        attack = melee_attack(state, firer, units[action.target], str(action.fire), item)
        if attack is None:
            return None
        melee = state.ctx.melee
        if action.fire == "at" and item is None and melee is not None and melee.flank_shot and firer.side == state.active:
            attack = replace(attack, flank_shot=True)
        return attack_odds(attack, state.game.fire_rules)
    trial = state.clone()
    try:
        trial.apply_action(action)
        while trial.ctx.window is not None and trial.current_player() != CHANCE and Pass() in trial.legal_actions():
            trial.apply_action(Pass())
    except (IllegalActionError, ValueError):  # a label's odds are never worth a refused page
        return None
    event = trial.rolls[0] if trial.rolls and trial.current_player() == CHANCE else None
    if isinstance(event, HitRoll) and event.firer == action.firer and event.target == action.target:
        return attack_odds(event.attack, state.game.fire_rules)
    return None


def _percent(value: Any) -> str:
    return f"{float(value) * 100:.0f} %"


def offered(state: GameState, actions: Sequence[Action]) -> list[int]:
    """The indices of the legal actions offered as choices, in the engine's order: of the plays of copies of one card
    type on one target (four Smoke cards in hand, each on every position) only the first is offered, the same play."""
    seen: set[tuple[Any, ...]] = set()
    out = []
    for index, action in enumerate(actions):
        if isinstance(action, PlayCard | Interrupt | Fortify):
            key = (action.kind, state.units[action.card].profile.card_id, action.target)
            if key in seen:
                continue
            seen.add(key)
        out.append(index)
    return out


def decision(state: GameState, side: int, at: int, actions: Sequence[Action], teller: Teller,
             opened: tuple[str, str] | None = None) -> Decision:
    """The person's decision: the engine's legal actions in words, copies merged (:func:`offered`), in the engine's
    order but for a pass in a reaction window, offered first; ``opened`` as :func:`prompt` takes it."""
    teller.look(state)
    choices = []
    for index in offered(state, actions):
        action = actions[index]
        text = choice(state, action, teller)
        if isinstance(action, Shoot | Target):
            odds = shot_odds(state, action, teller)
            if odds is not None:
                text += f" ({t('web_odds_shot', teller.lang, hit=_percent(odds.hit), kill=_percent(odds.kill))})"
        choices.append(Choice(index, action.kind, text, _positions(state, action, teller)))
    if state.ctx.window is not None:
        choices.sort(key=lambda c: not isinstance(actions[c.index], Pass))  # stable: the rest in the engine's order
    return Decision(at, prompt(state, side, teller.lang, opened), tuple(choices))


# ---------------------------------------------------------------------- a side's view
def side_view(scenario: Scenario, state: GameState, side: int, teller: Teller) -> dict[str, Any]:
    """The board, hands and standing as ``side`` may see them (its observation and its teller)."""
    seen = observation(state, side)
    teller.look(state)
    face_down: dict[tuple[int, int], int] = {}
    for pos, owner in seen.face_down:
        if owner != side:
            face_down[(pos, owner)] = face_down.get((pos, owner), 0) + 1
    found = cells(scenario, state, teller, lambda pos, s: seen.board[pos][s], lambda pos, s: face_down.get((pos, s), 0))
    sides = scenario.grid.sides
    units = state.units
    enemy = 1 - side
    hands = {
        sides[side]: {"cards": [teller.name(units[u]) for u in seen.own_hand], "size": seen.hand_sizes[side],
                      "deck": seen.deck_sizes[side], "discarded": len(seen.discard[side])},
        sides[enemy]: {"cards": [_known(scenario, units[u].profile.card_id, teller) for u in seen.known_opponent_hand],
                       "size": seen.hand_sizes[enemy],
                       "deck": seen.deck_sizes[enemy], "discarded": len(seen.discard[enemy])},
    }
    reserves = {i: _reserve_words(hands[sides[i]], teller.lang) for i in (0, 1)}
    return {"board": board_svg(scenario, teller.lang, found, reserves), "cells": cells_json(scenario, found), "hands": hands,
            "standing": [line.strip() for line in teller.standing(teller.snapshot(state))]}


def _reserve_words(hand: dict[str, Any], lang: str) -> str:
    """A side's reserve on the board's band: the cards the viewer may name, and how many others it holds."""
    words = list(hand["cards"])
    hidden = hand["size"] - len(words)
    if hidden > 0:
        words.append(t("web_hidden_n", lang, n=hidden))
    return ", ".join(words)


def _known(scenario: Scenario, card_id: Any, teller: Teller) -> str:
    """A card the observation says the side knows the enemy holds (it started in the reserve, or went back to it)."""
    card = scenario.cards.by_id.get(card_id)
    return card.display_name(teller.lang) if card is not None else str(card_id)


def whole_view(scenario: Scenario, state: GameState, teller: Teller) -> dict[str, Any]:
    """The board, hands and standing of a logged game, every card shown."""
    occ = state.occ
    found = cells(scenario, state, teller, lambda pos, s: occ[pos][s], lambda pos, s: 0)
    units = state.units
    hands = {sid: {"cards": [teller.name(units[u]) for u in state.hand[i]], "size": len(state.hand[i]),
                   "deck": len(state.deck[i]), "discarded": len(state.discard[i])} for i, sid in enumerate(scenario.grid.sides)}
    reserves = {i: _reserve_words(hands[sid], teller.lang) for i, sid in enumerate(scenario.grid.sides)}
    return {"board": board_svg(scenario, teller.lang, found, reserves), "cells": cells_json(scenario, found), "hands": hands,
            "standing": [line.strip() for line in teller.standing(teller.snapshot(state))]}
