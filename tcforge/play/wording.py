"""An action in words: the one place that says what an action, a chance event or a die does, in each language.

Every action class of :mod:`tcforge.engine.actions` has its words here, found by its class in two tables
(:data:`_TOLD`, :data:`_STEPS`), never by comparing its kind's string (a few word keys are spelled from it:
``acc_discard``, ``web_c_pass``); an action's JSON form is the action's own (:meth:`Action.to_json`,
:func:`action_from_json`). Three readers, one table:

- the account of a game (:mod:`tcforge.play.account`) tells the actions that change the game (:func:`told`; the
  steps inside a move or a melee, picking a card, going, passing, are left to the account's "->" lines);
- the web page offers every legal action as a choice in words (:func:`choice`: what the account tells, else the
  step's own words);
- a game log says what each chance event is for (:func:`about`, in English in the log, whose lines are the same in
  every language), and the web page what a die did (:func:`roll_effect`).

Like python-chess's ``Move.uci()``/``Board.san()``, the words need the position (a unit's name, a label on the
board), so they are functions of the state and the action, not methods of the engine's immutable action tuples: the
engine (compiled, below the translations) stays free of words.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from tcforge.data.card_ids import (
    BREAKDOWN,
    MINE_DOGS,
    REPAIR,
    SNIPER,
    TANK_BUSTER,
    WIRE,
)
from tcforge.engine import attachments, breakthrough, movement
from tcforge.engine.actions import (
    D10,
    Action,
    Assign,
    CardDrawn,
    ChooseMelee,
    Discard,
    Done,
    Draw,
    DrawEvent,
    Drop,
    End,
    Equip,
    Event,
    Exit,
    Fire,
    Fortify,
    Go,
    Halt,
    HitRoll,
    Hold,
    InitiativeRoll,
    Interrupt,
    KillRoll,
    Load,
    MalformedActionError,
    Move,
    Pass,
    Pick,
    Place,
    PlayCard,
    Shoot,
    Smoke,
    SmokeRoll,
    Step,
    Target,
    Together,
    Tow,
    Transfer,
    Unstack,
    WoodsRoll,
    Yield,
    action_from_json,
)
from tcforge.engine.attacks import KILL, MISS, to_hit, to_kill
from tcforge.engine.board import RESERVE
from tcforge.engine.context import Phase
from tcforge.engine.placing import piece_of
from tcforge.engine.state import GameState
from tcforge.engine.units import Unit
from tcforge.i18n.words import raw, t
from tcforge.play.teller import Teller

Words = Callable[[GameState, Any, Teller], str]


# ---------------------------------------------------------------- the actions
def _chance(state: GameState, action: D10 | CardDrawn, teller: Teller) -> str:
    if not state.rolls:
        return ""
    event = state.rolls[0]
    if isinstance(event, DrawEvent):
        return teller.w("acc_draws", side=teller.sides[event.side], card=teller.name(state.units[action[1]]))
    return _roll(state, event, action[1], teller)


def _move(state: GameState, action: Move, teller: Teller) -> str:  # from a position, or from the reserve (8.3)
    w = teller.w
    return w("acc_moves_from", p=state.game.board.label(action.source) if action.source != RESERVE else w("acc_the_reserve"))


def _fire(state: GameState, action: Fire, teller: Teller) -> str:
    return teller.w("acc_fires_from", p=state.game.board.label(action.source))


def _step(state: GameState, action: Step, teller: Teller) -> str:
    n = teller.name
    mover = state.units[state.ctx.move.cur]  # type: ignore[union-attr,index]
    to = state.game.board.label(action.to) if action.to != RESERVE else teller.w("acc_the_reserve")
    group = movement.riders(state, mover)  # a passenger, a towed gun, the second tank of a pair (8.6), 8.2's
    if group:
        return teller.w("acc_step_with", unit=n(mover), p=to, riders=", ".join(n(r) for r in group))
    return teller.w("acc_step", unit=n(mover), p=to)


def _attack(state: GameState, action: Shoot | Target, teller: Teller) -> str:
    u = state.units
    window = state.ctx.window
    shoot = isinstance(action, Shoot)
    how = f" {teller.w('acc_opportunity')}" if shoot and window is not None and window.kind == "opportunity" else ""
    return teller.w("acc_shoots" if shoot else "acc_melee", unit=teller.name(u[action.firer]), kind=str(action.fire).upper(),
                    target=teller.name(u[action.target])) + how


def _exit(state: GameState, action: Exit, teller: Teller) -> str:  # 001 Attack/Defense
    u = state.units
    gone = [c for uid in action.cards for c in breakthrough.leaving(state, int(uid))]
    return teller.w("acc_exit", units=", ".join(teller.name(u[int(uid)]) for uid in action.cards),
                    p=state.game.board.label(action.pos), points=breakthrough.points(state, gone))


def _yield(state: GameState, action: Yield, teller: Teller) -> str:
    unit = state.units[action.card]
    return teller.w("acc_yield", unit=teller.name(unit), points=max(unit.profile.points, 0))


def _smoke(state: GameState, action: Smoke, teller: Teller) -> str:
    return teller.w("acc_smoke_try", unit=teller.name(state.units[action.firer]), p=state.game.board.label(action.pos))


def _card(state: GameState, action: PlayCard | Interrupt | Fortify, teller: Teller) -> str:
    played = teller.w("acc_plays", card=_shown(teller, state.units[action.card]))  # a special event shows itself (12.0)
    on, _ = card_target(state, action, teller)
    return f"{played} {on}" if on else played


def _equip(state: GameState, action: Equip, teller: Teller) -> str:
    return teller.w("acc_equip", item=teller.name(state.units[action.item]), unit=teller.name(state.units[action.squad]))


def _place(state: GameState, action: Place, teller: Teller) -> str:  # a set-up card, or an arriving piece and its riders
    u, n = state.units, teller.name
    label = state.game.board.label(action.pos)
    riders = [n(u[r]) for r in piece_of(state, int(action.card))[1:]]
    if riders:
        return teller.w("acc_place_with", unit=n(u[action.card]), p=label, riders=", ".join(riders))
    return teller.w("acc_lay" if state.phase == Phase.DEPLOY else "acc_place", unit=n(u[action.card]), p=label)


def _assign(state: GameState, action: Assign, teller: Teller) -> str:
    return teller.w("acc_assign", item=teller.name(state.units[action.item]), unit=teller.name(state.units[action.carrier]))


def _card_goes(state: GameState, action: Discard | Unstack, teller: Teller) -> str:
    return teller.w(f"acc_{action.kind}", unit=teller.name(state.units[action.card]))


def _rides(state: GameState, action: Load | Tow, teller: Teller) -> str:
    u, n = state.units, teller.name
    if isinstance(action, Load) and state.ctx.move is not None:
        partner = movement.pair_partner(state, int(action.card), int(action.vehicle))  # 8.6: two tanks carry one squad
        if partner is not None:
            return teller.w("acc_load_pair", unit=n(u[action.card]), other=n(u[action.vehicle]), partner=n(partner))
    return teller.w(f"acc_{action.kind}", unit=n(u[action.card]), other=n(u[action.vehicle]))


def _together(state: GameState, action: Together, teller: Teller) -> str:
    return teller.w("acc_together", unit=teller.name(state.units[action.follower]), other=teller.name(state.units[action.leader]))


def _said(state: GameState, action: Draw | End, teller: Teller) -> str:
    return teller.w(f"acc_{action.kind}")


# the steps an account passes over (what they lead to is told), in the words a choice offers them
def _pick(state: GameState, action: Pick, teller: Teller) -> str:
    return t("web_c_pick", teller.lang, unit=teller.name(state.units[action.card]))


def _choose_melee(state: GameState, action: ChooseMelee, teller: Teller) -> str:
    return t("web_c_melee", teller.lang, p=state.game.board.label(action.pos))


def _hold(state: GameState, action: Hold, teller: Teller) -> str:
    return t("web_c_hold", teller.lang, unit=teller.name(state.units[action.card]))


def _transfer(state: GameState, action: Transfer, teller: Teller) -> str:
    u = state.units
    return t("web_c_transfer", teller.lang, item=teller.name(u[action.item]), unit=teller.name(u[action.taker]))


def _drop(state: GameState, action: Drop, teller: Teller) -> str:
    return t("web_c_drop", teller.lang, item=teller.name(state.units[action.item]))


def _plain(state: GameState, action: Go | Halt | Done | Pass, teller: Teller) -> str:
    return t(f"web_c_{action.kind}", teller.lang)


# Each action class's words. _TOLD: what an account tells; _STEPS: the steps it passes over, offered as choices.
_TOLD: dict[type[Action], Words] = {
    D10: _chance, CardDrawn: _chance, Move: _move, Fire: _fire, Step: _step, Shoot: _attack, Target: _attack,
    Exit: _exit, Yield: _yield, Smoke: _smoke, PlayCard: _card, Interrupt: _card, Fortify: _card, Equip: _equip,
    Place: _place, Assign: _assign, Discard: _card_goes, Unstack: _card_goes, Load: _rides, Tow: _rides,
    Together: _together, Draw: _said, End: _said,
}
_STEPS: dict[type[Action], Words] = {
    Pick: _pick, ChooseMelee: _choose_melee, Hold: _hold, Transfer: _transfer, Drop: _drop, Go: _plain, Halt: _plain,
    Done: _plain, Pass: _plain,
}
WORDED: frozenset[type[Action]] = frozenset(_TOLD) | frozenset(_STEPS)  # every class with words of its own


def told(state: GameState, action: Action | Sequence[Any], teller: Teller) -> str:
    """What an account says of one action (or chance outcome), before it is applied: "" for a step it passes over
    and for a list that spells no action."""
    try:
        action = action_from_json(action)
    except MalformedActionError:
        return ""
    words = _TOLD.get(type(action))
    return words(state, action, teller) if words is not None else ""


def choice(state: GameState, action: Action, teller: Teller) -> str:
    """A legal action offered as a choice, in words: what the account would tell, else the step's own words (else
    its kind's name, which no action of the engine needs: a test holds every class to words of its own)."""
    told_words = _TOLD.get(type(action))
    text = told_words(state, action, teller) if told_words is not None else ""
    if text:
        return text
    step = _STEPS.get(type(action))
    return step(state, action, teller) if step is not None else action.kind


def is_interrupt(action: Sequence[Any]) -> bool:
    """The action (or its JSON list) is a card played in the enemy's turn (12.0), whose words name who played it."""
    try:
        return isinstance(action_from_json(action), Interrupt)
    except MalformedActionError:
        return False


def is_die(action: Sequence[Any]) -> bool:
    """The action (or its JSON list) is a die's number (not a card drawn)."""
    try:
        return isinstance(action_from_json(action), D10)
    except MalformedActionError:
        return False


UNIT_TARGETS = attachments.FAMILY | {TANK_BUSTER, SNIPER, MINE_DOGS, REPAIR, BREAKDOWN, WIRE}


def card_target(state: GameState, action: PlayCard | Interrupt | Fortify, teller: Teller) -> tuple[str, tuple[int, ...]]:
    """What a special card is played on, in words ("on G6-3", "on Line Squad Sa (G7-2)"; "" when it takes no
    target), and the positions it concerns. The tail of the play names cards for the cards played on a card
    (:data:`UNIT_TARGETS`), else positions (two: a Stream's edge, or a Withdrawal's from and to) and a mode
    (a barrage's "smoke")."""
    tail = action.target
    if not tail:
        return "", ()
    u, label = state.units, state.game.board.label
    if u[action.card].profile.card_id in UNIT_TARGETS:
        target = u[int(tail[0])]
        where = f" ({label(target.pos)})" if target.pos >= 0 else ""
        return teller.w("acc_on", unit=teller.name(target) + where), ((target.pos,) if target.pos >= 0 else ())
    positions = tuple(int(p) for p in tail if isinstance(p, int) and not isinstance(p, bool) and 0 <= p < state.game.board.size)
    if not positions:
        return "", ()
    text = " -> ".join(label(p) for p in positions)
    if "smoke" in tail:
        text += f" ({teller.w('acc_smoke')})"
    return teller.w("acc_on", unit=text), positions


def _shown(teller: Teller, unit: Unit) -> str:
    """A card its owner shows as it plays it, by name, whoever tells the game."""
    card = teller.scenario.cards.by_id.get(unit.profile.card_id)
    return card.display_name(teller.lang) if card is not None else unit.profile.name


# ---------------------------------------------------------------- chance
def _roll(state: GameState, event: Event, roll: Any, teller: Teller) -> str:
    u, w = state.units, teller.w
    if isinstance(event, InitiativeRoll):
        return w("acc_initiative", side=teller.sides[event.side], n=roll)
    if isinstance(event, WoodsRoll):
        return w("acc_woods", unit=teller.name(u[event.card]), n=roll)
    if isinstance(event, SmokeRoll):
        return w("acc_smoke_roll", unit=teller.name(u[event.firer]), p=state.game.board.label(event.pos), n=roll)
    if isinstance(event, HitRoll | KillRoll):
        firer = w("acc_mine") if event.firer < 0 else teller.name(u[event.firer])
        return w(f"acc_to_{event.kind}", firer=firer, kind=event.attack.kind.upper(), target=teller.name(u[event.target]),
                 n=roll)
    return w("acc_rolls", what=event.kind, n=roll)


def about(state: GameState, lang: str = "en") -> str:
    """What the pending chance event is for, in words ("" when none is pending): a game log's "about" (in English,
    by card name and engine id, the log's own terms), checked again when a log is replayed."""
    if not state.rolls:
        return ""
    event, units = state.rolls[0], state.units
    if isinstance(event, DrawEvent):
        return raw("about_draw", lang, side=event.side)
    if isinstance(event, InitiativeRoll):
        return raw("about_initiative", lang, side=event.side)
    if isinstance(event, WoodsRoll):
        return raw("about_woods", lang, unit=units[event.card].profile.name)
    if isinstance(event, SmokeRoll):
        return raw("about_smoke", lang, unit=units[event.firer].profile.name, id=event.firer,
                   p=state.game.board.label(event.pos))
    if isinstance(event, HitRoll | KillRoll):
        target = units[event.target]
        firer = raw("about_mine", lang) if event.firer < 0 else f"{units[event.firer].profile.name} ({event.firer})"
        return raw(f"about_{event.kind}", lang, firer=firer, kind=event.attack.kind.upper(), target=target.profile.name,
                   id=target.uid)
    return event.kind


def roll_effect(state: GameState, roll: int, lang: str) -> str:
    """What the die ``roll`` does to the roll ``state`` is about to make, in a word ("" when the account's words
    after it say it all): a to-hit roll hits or misses, a To Kill roll kills or does nothing, HE fired for Smoke lays
    it or misses."""
    event = state.rolls[0] if state.rolls else None
    rules = state.game.fire_rules
    if isinstance(event, HitRoll):
        return t("web_r_miss" if to_hit(event.attack, rules, roll)[0] == MISS else "web_r_hit", lang)
    if isinstance(event, KillRoll):
        return t("web_r_kill" if to_kill(event.needed, rules, roll) == KILL else "web_r_no_effect", lang)
    if isinstance(event, SmokeRoll):
        return t("web_r_miss" if to_hit(event.attack, rules, roll)[0] == MISS else "web_r_smoke", lang)
    return ""
