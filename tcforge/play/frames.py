"""A game as a plain JSON list of board states, one a step: what a replay on a web page steps through (the
designer's report, ``--html``; the web server can serve the same list).

:func:`frames` plays the seeded game again (the same game ``tcforge scenario play --seed N`` plays) and tells it
with the account's words (:mod:`tcforge.play.account`): a step for the set-up, one for each told action, one for
the end. Each step holds the game turn, the side to play, what happened in words, and the board: position label
-> the tags of the units standing there (``Ga``, ``Sb``, as the account names them). The units' names and sides
are given once, in ``units``.
"""
from __future__ import annotations

from typing import Any

from tcforge.engine import smoke
from tcforge.play.account import narrate
from tcforge.play.games import new_game, play_game
from tcforge.play.hooks import hooks_of
from tcforge.play.teller import Teller
from tcforge.scenarios.grid import Position
from tcforge.scenarios.scenario import Scenario


def frames(s: Scenario, seed: int, agents: tuple[str, str], lang: str = "en", *,
           played: tuple[Any, Any] | None = None) -> dict[str, Any]:
    """``{"scenario", "seed", "agents", "sides", "winner", "goals": {side: [labels]}, "units": {tag: {name, side}},
    "steps": [...]}`` (``goals``: the positions each side must take or hold, as the game played them: a lever that
    moves them moves them here, whatever the sheet's drawing shows; ``terrain``: label -> the terrain card the set-up
    dealt there, for a scenario whose terrain is dealt, empty for a fixed map); each step
    ``{"turn", "side", "text", "board": {label: [tags]}, "lost": [tags], "marks": {label: [words]}, "immobilised":
    [tags]}`` (``marks``: what lies on a position in play beyond its set-up terrain: a terrain card played there,
    Foxholes or another fortification, Smoke). ``played``: the (playout, result) of
    :func:`tcforge.play.games.play_game` for this very game, when the caller played it already (to log it)."""
    playout, result = played if played is not None else play_game(s, seed, agents)
    state = new_game(s, seed)
    teller = Teller(s, lang)
    columns = s.grid.columns
    units: dict[str, dict[str, Any]] = {}
    steps: list[dict[str, Any]] = []
    side: str | None = None
    turn = 1

    initial = list(new_game(s, seed).terrain)

    def name(card_id: Any) -> str:
        card = s.cards.by_id.get(card_id)
        return card.display_name(lang) if card is not None else str(card_id)

    def label_of(pos: int) -> str:
        return s.grid.label(Position(pos // columns + 1, pos % columns + 1))

    def marks() -> dict[str, list[str]]:
        """Terrain played, fortifications and Smoke on each position, as the game stands."""
        out: dict[str, list[str]] = {}
        for pos in range(len(state.terrain)):
            words = []
            if state.terrain[pos] != initial[pos]:
                words.append(name(state.terrain[pos]) if state.terrain[pos] is not None else teller.w("clear_position"))
            fort = state.forts[pos]
            if fort is not None:
                words.append(name(fort.card_id))
            if smoke.lies(state, pos):
                words.append(teller.w("acc_smoke"))
            if words:
                out[label_of(pos)] = words
        return out

    def board() -> tuple[dict[str, list[str]], list[str]]:
        where: dict[str, list[str]] = {}
        lost = []
        for u in state.units:
            tag = teller.tag(u)
            if tag is None:
                continue
            if tag not in units:
                units[tag] = {"name": teller.card_name(u), "side": s.grid.sides[u.side]}
            if u.pos >= 0:
                where.setdefault(s.grid.label(Position(u.pos // columns + 1, u.pos % columns + 1)), []).append(tag)
            elif u.pos == -3:
                lost.append(tag)
        return where, lost

    for event in narrate(s, state, playout.log, teller):
        kind = event["event"]
        if kind == "side_turn":
            side, turn = event["side"], event["turn"]
            continue
        if kind not in ("setup", "action", "end"):
            continue
        where, lost = board()
        text = event.get("text") or ("set-up" if kind == "setup" else "")
        immobilised = [tag for u in state.units if u.pos >= 0 and u.immobilized and (tag := teller.tag(u)) is not None]
        steps.append({"turn": event.get("turn", turn), "side": event.get("side", side), "text": text, "board": where,
                      "lost": lost, "marks": marks(), "immobilised": immobilised})
    hooks = hooks_of(state.game)
    dealt: dict[str, str] = {}  # terrain the set-up dealt where the sheet can only say "1 card dealt"
    if s.terrain.method != "fixed":
        start = new_game(s, seed)
        for pos, tid in enumerate(start.terrain):
            card = s.cards.by_id.get(tid) if tid is not None else None
            label = s.grid.label(Position(pos // columns + 1, pos % columns + 1))
            dealt[label] = card.display_name(lang) if card is not None else "Clear"
    goals = {sid: [s.grid.label(Position(p // columns + 1, p % columns + 1)) for p in hooks.goals(i)]
             for i, sid in enumerate(s.grid.sides)}
    return {"scenario": s.id, "seed": seed, "agents": list(agents), "sides": list(s.grid.sides), "winner": result.winner,
            "reason": result.reason, "goals": goals, "terrain": dealt, "units": units, "steps": steps}
