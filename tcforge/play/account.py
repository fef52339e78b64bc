"""A played game told for a reader: the set-up, the board with its units, every action in words, each side's
points and the victory state at each turn's end, and the result (issue 20 item 6).

Units are named by their card name and a short tag: the side's initial and a letter (``Line Squad Gb``), never
an engine id, which reads like a to-hit number. The board is the map of ``tcforge scenario show`` with the
terrain in play and the tags of the units on each position. :func:`narrate` replays a game's actions (checked)
and yields events as data; :func:`account` writes them as text (English or French, words from
:mod:`tcforge.i18n.words`), :func:`account_json` as one JSON document.
"""
from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from tcforge.data.card_ids import (
    BREAKDOWN,
    HEROIC_LEADER,
    MINE_DOGS,
    REPAIR,
    SNIPER,
    SPECIAL_AMMO,
    TANK_ACE,
    TANK_BUSTER,
    WIRE,
)
from tcforge.engine import breakthrough, movement
from tcforge.engine.actions import (
    D10,
    Action,
    Assign,
    CardDrawn,
    Discard,
    Draw,
    DrawEvent,
    End,
    Equip,
    Event,
    Exit,
    Fire,
    Fortify,
    HitRoll,
    InitiativeRoll,
    Interrupt,
    KillRoll,
    Load,
    MalformedActionError,
    Move,
    Place,
    PlayCard,
    Shoot,
    Smoke,
    SmokeRoll,
    Step,
    Target,
    Together,
    Tow,
    Unstack,
    WoodsRoll,
    Yield,
    action_from_json,
)
from tcforge.engine.board import ATTACHED, DECK, DISCARDED, PLACED, RESERVE, UNCLAIMED
from tcforge.engine.context import Phase
from tcforge.engine.melee import began_melee
from tcforge.engine.placing import piece_of
from tcforge.engine.state import CHANCE, GameState, IllegalActionError
from tcforge.engine.units import Unit
from tcforge.i18n.words import fr_subject, raw, side_word
from tcforge.play.hooks import hooks_of
from tcforge.scenarios.grid import Position
from tcforge.scenarios.scenario import Scenario

WIDTH = 100  # text lines are wrapped here, like scenario show's


def side_names(scenario: Scenario, lang: str) -> list[str]:
    """Each side's name as ``scenario show`` writes it: its title, else its nation or role."""
    out = []
    for sid in scenario.grid.sides:
        side = scenario.side(sid)
        name = side.title.get(lang) if side.title else side_word(side.nation, side.role, lang)
        out.append(name[:1].upper() + name[1:])
    return out


def _letters(n: int) -> str:
    """0 -> a, 25 -> z, 26 -> aa: a tag's running part, letters so that it never reads as a die roll."""
    text = ""
    n += 1
    while n:
        n, rest = divmod(n - 1, 26)
        text = chr(ord("a") + rest) + text
    return text


def _initials(names: list[str]) -> tuple[str, str]:
    """One capital letter for each side, different from the other's (German, Soviet -> G, S)."""
    first = [n[:1].upper() or "A" for n in names]
    if first[0] != first[1]:
        return first[0], first[1]
    for i in range(1, min(len(names[0]), len(names[1]))):
        a, b = names[0][i].upper(), names[1][i].upper()
        if a != b and a.isalpha() and b.isalpha():
            return first[0] + names[0][i].lower(), first[1] + names[1][i].lower()
    return "A", "B"


@dataclass
class Teller:
    """Names, tags and pictures of one game's units and board, in one language."""

    scenario: Scenario
    lang: str = "en"
    tags: dict[int, str] = field(default_factory=dict)
    counts: list[int] = field(default_factory=lambda: [0, 0])
    viewer: int | None = None  # the side whose view is told (001 1.0 hidden units), None for the whole truth
    known: set[int] | None = None  # the cards the viewer may name now; None: every card

    def sees(self, unit: Unit) -> bool:
        return self.known is None or unit.uid in self.known

    def look(self, state: GameState, *, keep: bool = False) -> None:
        """What the viewer may name now (with ``keep``, what it saw before counts too: a card it watched being
        revealed by an action stays named in that action's words)."""
        if self.viewer is None:
            return
        now = visible(state, self.viewer)
        self.known = now | self.known if keep and self.known is not None else now

    def __post_init__(self) -> None:
        self.sides = side_names(self.scenario, self.lang)
        self.initials = _initials(self.sides)

    def w(self, key: str, **values: Any) -> str:
        return raw(key, self.lang, **values)

    def card_name(self, unit: Unit) -> str:
        if not self.sees(unit):
            return self.w("acc_hidden_card")
        card = self.scenario.cards.by_id.get(unit.profile.card_id)
        return card.display_name(self.lang) if card is not None else unit.profile.name

    def tag(self, unit: Unit) -> str | None:
        """The unit's tag; special cards (played, never on the battlefield) have none."""
        if unit.profile.special:
            return None
        if not self.sees(unit):
            return "?"  # no tag to follow a hidden card by (001 1.10: hidden cards may be shuffled)
        if unit.uid not in self.tags:
            self.tags[unit.uid] = self.initials[unit.side] + _letters(self.counts[unit.side])
            self.counts[unit.side] += 1
        return self.tags[unit.uid]

    def name(self, unit: Unit) -> str:
        if not self.sees(unit):
            return self.card_name(unit)
        tag = self.tag(unit)
        return f"{self.card_name(unit)} {tag}" if tag else self.card_name(unit)

    def place(self, state: GameState, unit: Unit) -> str:
        if unit.pos >= 0:
            return state.game.board.label(unit.pos)
        if unit.pos == ATTACHED and unit.carrier is not None:
            return self.w("acc_on", unit=self.tag(state.units[unit.carrier]) or "?")
        return self.w({RESERVE: "acc_in_reserve", DECK: "acc_in_deck", DISCARDED: "acc_lost"}.get(unit.pos, "acc_elsewhere"))

    # ------------------------------------------------------------ snapshots
    def snapshot(self, state: GameState) -> dict[str, Any]:
        """The units (tag, card, where), each side's points and the victory state, as data."""
        units = []
        for u in state.units:
            tag = self.tag(u)
            if tag is None:
                continue
            seen = self.sees(u)
            units.append({"tag": tag, "side": self.scenario.grid.sides[u.side], "card": u.profile.card_id if seen else None,
                          "name": self.card_name(u), "where": self.place(state, u), "position": u.pos if u.pos >= 0 else None,
                          "immobilised": u.immobilized and seen, "points": u.profile.points if seen else None})
        sides = {}
        rules = hooks_of(state.game)
        for i, sid in enumerate(self.scenario.grid.sides):
            mine = [u for u in state.units if u.side == i and self.tag(u) is not None]
            groups: dict[str, list[Unit]] = {"battlefield": [], "reserve": [], "lost": []}
            for u in mine:
                where = "battlefield" if u.pos >= 0 or u.pos == ATTACHED else {RESERVE: "reserve", DISCARDED: "lost"}.get(u.pos)
                if where:
                    groups[where].append(u)
            goals = list(rules.goals(i))
            held = [state.game.board.label(p) for p in goals if state.controls(p, i)]
            # both sides' combat cards stand there (a melee): not held (16.0), yet Hill 621's condition counts it for a
            # side that defends it, assaulted there, not for one whose every card there began the melee (20.0)
            melees = [p for p in goals if all(any(state.units[u].profile.combat for u in state.occ[p][s]) for s in (0, 1))]
            contested = [state.game.board.label(p) for p in melees]
            defending = [state.game.board.label(p) for p in melees
                         if not all(began_melee(state, state.units[u]) for u in state.occ[p][i] if state.units[u].profile.combat)]
            sides[sid] = {"name": self.sides[i],
                          **{k: {"cards": len(v), "points": sum(u.profile.points for u in v if self.sees(u))}
                             for k, v in groups.items()},
                          "goals": {"positions": [state.game.board.label(p) for p in goals], "held": held,
                                    "contested": contested, "defending": defending}}
        winner = None if state.winner is None else self.scenario.grid.sides[state.winner]
        return {"turn": state.turn, "turn_limit": self.scenario.turn_limit, "units": units, "sides": sides,
                "over": state.is_terminal(), "winner": winner}

    def standing(self, snap: dict[str, Any]) -> list[str]:
        """Each side's points and its hold on its goals, one line a side."""
        lines = []
        for side in snap["sides"].values():
            text = self.w("acc_standing", side=side["name"], n=side["battlefield"]["cards"], p=side["battlefield"]["points"],
                          r=side["reserve"]["cards"], rp=side["reserve"]["points"], lost=side["lost"]["cards"],
                          lp=side["lost"]["points"])
            goals = side["goals"]
            if goals["positions"]:
                text += f"{self.w('acc_semicolon')} " + self.w("acc_goals", n=len(goals["held"]), m=len(goals["positions"]))
                if goals["held"]:
                    text += f" ({', '.join(goals['held'])})"
                if goals["contested"]:
                    where = [self.w("acc_melee_defending" if p in goals.get("defending", ()) else "acc_melee_assaulting", where=p)
                             for p in goals["contested"]]
                    text += ", " + self.w("acc_contested", n=len(where), where=", ".join(where))
            lines.append("  " + text)
        return lines

    def board(self, state: GameState) -> list[str]:
        """The map of ``scenario show`` with the terrain in play and each position's unit tags under it."""
        g, b = self.scenario.grid, state.game.board
        terrain: dict[int, str] = {}
        tags: dict[int, list[str]] = {}
        for pos in range(b.size):
            words = []
            tid = state.terrain[pos]
            if tid is not None:
                card = self.scenario.cards.by_id.get(tid)
                words.append(card.display_name(self.lang) if card else str(tid))
            elif self.scenario.terrain.method == "fixed":  # cards the map draws that play as Clear (Hill 621's Path)
                columns = self.scenario.grid.columns
                words.extend(c.display_name(self.lang) for c in self.scenario.terrain.at(Position(pos // columns + 1, pos % columns + 1)))
            fort = state.forts[pos]
            if fort is not None:
                card = self.scenario.cards.by_id.get(fort.card_id)
                words.append(card.display_name(self.lang) if card else str(fort.card_id))
            if state.smoke[pos] >= 0:
                words.append(self.w("acc_smoke"))
            terrain[pos] = "+".join(words) or "."
            tags[pos] = [t for t in (self.tag(state.units[u]) for s in (0, 1) for u in state.occ[pos][s]) if t]
        width = max(6, *(len(v) for v in terrain.values()))
        left = max(len(g.row_label(r, g.north)) for r in range(1, g.rows + 1))
        lines = [" " * (left + 5) + self.w("acc_reserve_of", side=self.sides[0]) + self._reserve(state, 0)]
        lines.append((" " * (left + 5) + "".join(f"{c:<{width + 3}}" for c in range(1, g.columns + 1))).rstrip())
        for r in range(g.rows):
            cells = [r * b.columns + c for c in range(b.columns)]
            top = " | ".join(f"{terrain[p]:<{width}}" for p in cells)
            lines.append(f"  {g.row_label(r + 1, g.north):<{left}} | {top} | {g.row_label(r + 1, g.south)}")
            stacked = [_fill(tags[p], width) for p in cells]
            for k in range(max(len(x) for x in stacked)):
                low = " | ".join(f"{x[k] if k < len(x) else '':<{width}}" for x in stacked)
                lines.append(f"  {'':<{left}} | {low} |")
        lines.append(" " * (left + 5) + self.w("acc_reserve_of", side=self.sides[1]) + self._reserve(state, 1))
        return [line.rstrip() for line in lines]

    def _reserve(self, state: GameState, side: int) -> str:
        tags = [self.tag(u) for u in state.units if u.side == side and u.pos == RESERVE]
        return f"{self.w('acc_colon')} " + (" ".join(t for t in tags if t) or "-")

    def legend(self, state: GameState) -> list[str]:
        """Which card each tag is and where it stands, a paragraph a side (units lost are left out)."""
        lines = []
        for i in (0, 1):
            items = [f"{self.tag(u)} {self.card_name(u)} ({self.place(state, u)})" + (f" {self.w('acc_immobilised_mark')}"
                                                                                     if u.immobilized and self.sees(u) else "")
                     for u in state.units if u.side == i and self.tag(u) and u.pos not in (DISCARDED, DECK)]
            lines.extend(_pack(f"{self.sides[i]}{self.w('acc_colon')}", items or ["-"]))
        return lines


def visible(state: GameState, viewer: int) -> set[int]:
    """The cards ``viewer`` may name now: its own, and the enemy's face up on the battlefield, placed, discarded,
    left unclaimed in a zone (the project's reading: equipment lying alone is face up) or attached to a face-up card
    (001 1.0); not the enemy's reserve, deck or face-down cards."""
    units = state.units

    def shown(u: Unit) -> bool:
        if u.side == viewer or u.pos in (DISCARDED, PLACED, UNCLAIMED):
            return True
        if u.pos >= 0:
            return not state.face_down(u.uid)
        if u.pos == ATTACHED and u.carrier is not None:
            return shown(units[u.carrier])
        return False

    return {u.uid for u in units if shown(u)}


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


def _fill(tags: list[str], width: int) -> list[str]:
    """A position's unit tags in lines of at most ``width`` (one empty line when there are none)."""
    lines = [""]
    for tag in tags:
        if lines[-1] and len(lines[-1]) + 1 + len(tag) > width:
            lines.append(tag)
        else:
            lines[-1] = f"{lines[-1]} {tag}".strip()
    return lines


def _pack(head: str, items: list[str]) -> list[str]:
    """``head`` and the items joined by "; ", in lines of at most :data:`WIDTH` that never split an item."""
    lines, line = [], "  " + head
    for n, item in enumerate(items):
        piece = item + (";" if n < len(items) - 1 else "")
        if len(line) + 1 + len(piece) > WIDTH and line.strip() != head:
            lines.append(line)
            line = "    " + piece
        else:
            line += " " + piece
    return [*lines, line]


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
            text = describe(state, action, teller)
        except (IndexError, KeyError, TypeError, AttributeError):  # not a legal action: apply_checked says so
            text = ""
        player = state.current_player()
        if text and action[:1] == ("interrupt",) and player not in (CHANCE, state.active):
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


def describe(state: GameState, action: Action | Sequence[Any], teller: Teller) -> str:
    """One action (or chance outcome) in words, before it is applied ("" for a list that spells no action)."""
    try:
        action = action_from_json(action)
    except MalformedActionError:
        return ""
    u = state.units
    label = state.game.board.label
    n, w = teller.name, teller.w
    if isinstance(action, D10 | CardDrawn):
        if not state.rolls:
            return ""
        event = state.rolls[0]
        if isinstance(event, DrawEvent):
            return w("acc_draws", side=teller.sides[event.side], card=n(u[action[1]]))
        return _roll(state, event, action[1], teller)
    if isinstance(action, Move):  # from a position, or from the reserve (8.3), in the teller's language
        return w("acc_moves_from", p=label(action.source) if action.source != RESERVE else w("acc_the_reserve"))
    if isinstance(action, Fire):
        return w("acc_fires_from", p=label(action.source))
    if isinstance(action, Step):
        mover = u[state.ctx.move.cur]  # type: ignore[union-attr,index]
        to = label(action.to) if action.to != RESERVE else w("acc_the_reserve")
        group = movement.riders(state, mover)  # a passenger, a towed gun, the second tank of a pair (8.6), 8.2's
        if group:
            return w("acc_step_with", unit=n(mover), p=to, riders=", ".join(n(r) for r in group))
        return w("acc_step", unit=n(mover), p=to)
    if isinstance(action, Shoot | Target):
        window = state.ctx.window
        shoot = isinstance(action, Shoot)
        how = f" {w('acc_opportunity')}" if shoot and window is not None and window.kind == "opportunity" else ""
        return w("acc_shoots" if shoot else "acc_melee", unit=n(u[action.firer]), kind=str(action.fire).upper(),
                 target=n(u[action.target])) + how
    if isinstance(action, Exit):  # 001 Attack/Defense
        gone = [c for uid in action.cards for c in breakthrough.leaving(state, int(uid))]
        return w("acc_exit", units=", ".join(n(u[int(uid)]) for uid in action.cards), p=label(action.pos),
                 points=breakthrough.points(state, gone))
    if isinstance(action, Yield):
        return w("acc_yield", unit=n(u[action.card]), points=max(u[action.card].profile.points, 0))
    if isinstance(action, Smoke):
        return w("acc_smoke_try", unit=n(u[action.firer]), p=label(action.pos))
    if isinstance(action, PlayCard | Interrupt | Fortify):  # a special event shows itself as it is played (12.0)
        played = w("acc_plays", card=_shown(teller, u[action.card]))
        on, _ = card_target(state, action, teller)
        return f"{played} {on}" if on else played
    if isinstance(action, Equip):
        return w("acc_equip", item=n(u[action.item]), unit=n(u[action.squad]))
    if isinstance(action, Place):  # a set-up card, or an arriving piece with what rides on or behind it
        piece = piece_of(state, int(action.card))
        riders = [n(u[r]) for r in piece[1:]]
        if riders:
            return w("acc_place_with", unit=n(u[action.card]), p=label(action.pos), riders=", ".join(riders))
        return w("acc_lay" if state.phase == Phase.DEPLOY else "acc_place", unit=n(u[action.card]), p=label(action.pos))
    if isinstance(action, Assign):
        return w("acc_assign", item=n(u[action.item]), unit=n(u[action.carrier]))
    if isinstance(action, Discard | Unstack):
        return w(f"acc_{action.kind}", unit=n(u[action.card]))
    if isinstance(action, Load) and state.ctx.move is not None:
        partner = movement.pair_partner(state, int(action.card), int(action.vehicle))  # 8.6: two tanks carry one squad
        if partner is not None:
            return w("acc_load_pair", unit=n(u[action.card]), other=n(u[action.vehicle]), partner=n(partner))
    if isinstance(action, Together):
        return w("acc_together", unit=n(u[action.follower]), other=n(u[action.leader]))
    if isinstance(action, Load | Tow):
        return w(f"acc_{action.kind}", unit=n(u[action.card]), other=n(u[action.vehicle]))
    if isinstance(action, Draw | End):
        return w(f"acc_{action.kind}")
    return ""


UNIT_TARGETS = frozenset({TANK_BUSTER, SNIPER, MINE_DOGS, TANK_ACE, HEROIC_LEADER, SPECIAL_AMMO, REPAIR, BREAKDOWN, WIRE})


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
