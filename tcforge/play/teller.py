"""Who tells a game, and to whom: the names, tags and pictures of one game's units and board, in one language, as one
side (or nobody in particular) may see them.

Units are named by their card name and a short tag: the side's initial and a letter (``Line Squad Gb``), never
an engine id, which reads like a to-hit number. A :class:`Teller` is read by the words of the actions
(:mod:`tcforge.play.wording`), the account of a game (:mod:`tcforge.play.account`) and the web page.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tcforge.engine import smoke
from tcforge.engine.board import ATTACHED, DECK, DISCARDED, PLACED, RESERVE, UNCLAIMED
from tcforge.engine.melee import began_melee
from tcforge.engine.state import GameState
from tcforge.engine.units import Unit
from tcforge.i18n.words import raw, side_word
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
            if smoke.lies(state, pos):
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

