"""A played game told for a reader: the set-up, the board with its units, every action in words, each side's
points and the victory state at each turn's end, and the result (issue 20 item 6).

Units are named and the board drawn by a :class:`~tcforge.play.teller.Teller`; each action is told in the words of
:mod:`tcforge.play.wording`, the one place an action becomes words. :func:`narrate` replays a game's actions
(checked) and yields events as data; :func:`account` writes them as text (English or French),
:func:`account_json` as one JSON document.
"""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from tcforge.engine.board import DISCARDED
from tcforge.engine.context import Phase
from tcforge.engine.state import CHANCE, GameState, IllegalActionError
from tcforge.i18n.words import fr_subject, raw
from tcforge.play.teller import Teller, side_names
from tcforge.play.wording import is_interrupt, told
from tcforge.scenarios.scenario import Scenario


def why(state: GameState, lang: str) -> str:
    """How the game ended: the engine's words in English, the outcome's kind in the word table otherwise."""
    outcome = state.outcome
    if outcome is None:
        return raw("acc_unfinished", lang)
    if lang == "en":
        return outcome.reason
    return raw(f"acc_why_{outcome.kind.value}", lang, c=outcome.condition or "16.0", t=outcome.turn)


def _subject(name: str, lang: str) -> str:
    """A side as the subject of a sentence: French puts the article before it (l'Allemand gagne)."""
    return fr_subject(name) if lang == "fr" else name


# ---------------------------------------------------------------- events
def narrate(scenario: Scenario, state: GameState, lines: list[Any], teller: Teller) -> Iterator[dict[str, Any]]:
    """Replay ``lines`` on ``state`` (checked), yielding the game as events: ``setup``, ``side_turn``, ``action``,
    ``turn_end`` and ``end``; a snapshot comes with ``setup``, ``turn_end`` and ``end``."""
    # With set-up cards for their owners to lay out (tcforge.engine.placing), the set-up is told once they are laid:
    # the lines before (the initiative, the first draws) are told after it, the laying out by the set-up's board.
    laying_out = _laying_out(state)
    held: list[dict[str, Any]] = []
    if not laying_out:
        teller.look(state)
        yield {"event": "setup", "snapshot": teller.snapshot(state)}
    turn, active, game_turn = None, None, state.turn
    for number, line in enumerate(lines, 2):
        if laying_out and not _laying_out(state):
            laying_out = False
            laid = _as_laid(state)
            teller.look(laid)
            yield {"event": "setup", "snapshot": teller.snapshot(laid)}
            yield from held
        action = tuple(line.action)
        if laying_out and state.phase == Phase.DEPLOY and state.current_player() != CHANCE:
            try:
                state.apply_checked(action)
            except IllegalActionError as exc:
                raise IllegalActionError(f"line {number}: {exc}") from None
            continue
        out: list[dict[str, Any]] = []
        if state.current_player() != CHANCE and (state.turn, state.active) != (turn, active) \
                and state.phase in (Phase.PLAY, Phase.ARRIVE):  # a side turn begins with its reinforcements' arrival
            turn, active = state.turn, state.active
            out.append({"event": "side_turn", "turn": turn, "side": scenario.grid.sides[active], "text": teller.w(
                "acc_turn", n=turn, side=teller.sides[active])})
        before = {u.uid: (u.pos, u.immobilized) for u in state.units}
        teller.look(state)
        try:
            text = told(state, action, teller)
        except (IndexError, KeyError, TypeError, AttributeError):  # not a legal action: apply_checked says so
            text = ""
        player = state.current_player()
        if text and player not in (CHANCE, state.active) and is_interrupt(action):
            # 12.0: an interrupt played in the enemy's turn stands under the enemy's heading: say who played it
            text = f"{_subject(teller.sides[player], teller.lang)} {text}"
        try:
            state.apply_checked(action)
        except IllegalActionError as exc:
            raise IllegalActionError(f"line {number}: {exc}") from None
        teller.look(state, keep=True)  # what the action revealed counts as seen
        after = []
        for u in state.units:
            old = before.get(u.uid)
            if old is None:
                if u.pos >= 0:
                    after.append(teller.w("acc_arrives", unit=teller.name(u), p=state.game.board.label(u.pos)))
                continue
            if old[0] >= 0 and u.pos == DISCARDED:
                after.append(teller.w("acc_destroyed", unit=teller.name(u), p=state.game.board.label(old[0])))
            elif not old[1] and u.immobilized:
                after.append(teller.w("acc_immobilised", unit=teller.name(u)))
        words = text + (" -> " + "; ".join(after) if after and text else "; ".join(after))
        if words:
            out.append({"event": "action", "turn": state.turn if turn is None else turn,
                        "side": None if active is None else scenario.grid.sides[active], "line": number,
                        "action": list(action), "text": words})
        if state.turn != game_turn and not state.is_terminal():
            out.append({"event": "turn_end", "turn": game_turn, "snapshot": teller.snapshot(state)})
            game_turn = state.turn
        if laying_out:
            held.extend(out)
        else:
            yield from out
    if laying_out:  # the lines end before the set-up is laid out
        teller.look(state)
        yield {"event": "setup", "snapshot": teller.snapshot(state)}
        yield from held
    if state.is_terminal():
        if state.winner is None:
            text = teller.w("acc_draw_result", n=state.turn, why=why(state, teller.lang))
        else:
            text = teller.w("acc_game_over", n=state.turn, who=_subject(teller.sides[state.winner], teller.lang),
                            why=why(state, teller.lang))
        yield {"event": "end", "turn": state.turn, "winner": None if state.winner is None else scenario.grid.sides[state.winner],
               "reason": state.end_reason, "text": text,
               "snapshot": teller.snapshot(state)}


def _as_laid(state: GameState) -> GameState:
    """The position as its owners laid it out, before play begins: where the rules hide cards (001 1.0) every card on
    the battlefield still lies face down (those in sight are spotted as the first turn begins, after the set-up)."""
    if not state.game.rules.hidden_units:
        return state
    laid = state.clone()
    laid.spotted = set()
    return laid


def _laying_out(state: GameState) -> bool:
    """The owners have set-up cards still to lay out (the initiative and first draws may come before)."""
    placing = state.ctx.placing
    return not state.is_terminal() and placing is not None and placing.kind == "deploy"


# ---------------------------------------------------------------- output
def account(scenario: Scenario, state: GameState, lines: list[Any], lang: str = "en", *, board: bool = False,
            viewer: int | None = None) -> Iterator[str]:
    """The game as text: the set-up with its board, every action, each turn's standing (and board, with ``board``).
    With ``viewer`` (a side index) the game is told as that side saw it: the enemy's face-down cards (001 1.0),
    reserve and draws are named only once that side could see them; the log keeps the whole truth."""
    teller = Teller(scenario, lang, viewer=viewer)
    for event in narrate(scenario, state, lines, teller):
        kind = event["event"]
        if kind == "setup":
            yield teller.w("acc_setup", id=scenario.id, title=scenario.title.get(lang))
            yield from teller.board(state)
            yield from teller.legend(state)
            yield from teller.standing(event["snapshot"])
        elif kind == "side_turn":
            yield event["text"]
        elif kind == "action":
            yield "  " + event["text"]
        elif kind == "turn_end":
            limit = f" / {scenario.turn_limit}" if scenario.turn_limit else ""
            yield teller.w("acc_turn_end", n=event["turn"]) + limit
            yield from teller.standing(event["snapshot"])
            if board:
                yield from teller.board(state)
                yield from teller.legend(state)
        elif kind == "end":
            yield event["text"]
            yield from teller.standing(event["snapshot"])
            if board:
                yield from teller.board(state)
                yield from teller.legend(state)


def account_json(scenario: Scenario, state: GameState, lines: list[Any], lang: str = "en", *,
                 viewer: int | None = None) -> dict[str, Any]:
    """The game as one JSON-ready document: the set-up snapshot, the events, a snapshot at each turn's end, the end
    (as ``viewer`` saw it, when given)."""
    teller = Teller(scenario, lang, viewer=viewer)
    events = list(narrate(scenario, state, lines, teller))
    return {"scenario": scenario.id, "lang": lang, "sides": dict(zip(scenario.grid.sides, teller.sides, strict=True)),
            "setup": events[0]["snapshot"], "events": events[1:],
            "end": next((e for e in events if e["event"] == "end"), None)}



def result(scenario: Scenario, state: GameState, seed: int, agents: tuple[str, str] | None, lang: str = "en") -> dict[str, Any]:
    """The result of a finished (or stopped) game as data, with its one line of text."""
    names = side_names(scenario, lang)
    a, b = agents or ("?", "?")
    winner = None if state.winner is None else scenario.grid.sides[state.winner]
    values = {"id": scenario.id, "seed": seed, "a": a, "b": b, "t": state.turn, "n": len(state.history), "why": why(state, lang)}
    text = (raw("acc_result_draw", lang, **values) if winner is None
            else raw("acc_result", lang, who=_subject(names[state.winner or 0], lang), **values))
    return {"scenario": scenario.id, "seed": seed, "agents": [a, b], "winner": winner, "turns": state.turn,
            "actions": len(state.history), "reason": state.end_reason or "unfinished",
            "end": state.outcome.kind.value if state.outcome else None, "text": text}
