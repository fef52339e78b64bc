"""Levers: the values of a scenario a designer may move to balance it, by name, as ``--set NAME=VALUE`` takes them.

Three families share one grammar (``tcforge scenario levers SCENARIO`` lists a scenario's):

- a ruleset parameter, ``section.name`` (``turn.hand_limit``): both sides, checked by
  :func:`tcforge.data.limits.parameter_problem` as before;
- one side's value, ``SIDE.name``: ``soviet.supply_points`` (the Supply points the side gets each turn, 4.0 a,
  in place of the ruleset's ``turn.supply_points``; played by the scenario rule ``side_supply``) and
  ``soviet.remove`` (one card fewer in the side's forces: the card as its forces name it, taken from the first entry
  that has it, the start's before the reinforcements');
- the scenario's own fields, ``scenario.name``: ``scenario.turn_limit`` (a hold condition decided at the last turn
  moves with it), ``scenario.reinforcements.SIDE.N.turn`` (group N of the side, counted from 1, or its id),
  ``scenario.victory.ID.turn`` (the turn a hold condition is judged), ``scenario.victory.ID.count`` (positions a
  control condition needs) and ``scenario.victory.ID.shift`` (the condition's positions moved that many ranks
  towards the side that must take them; negative: away).

A side or scenario lever becomes a patch of the scenario document (as a balance option is, :mod:`.patch`), which
is checked against the scenario schema again before any game. A value a lever cannot take is refused in one line
that names the lever and the values it allows (:class:`LeverError`).

>>> parse_name("scenario.reinforcements.german.2.turn")
('scenario', ('reinforcements', 'german', '2', 'turn'))
>>> parse_name("soviet.supply_points")
('side', ('soviet', 'supply_points'))
>>> parse_name("turn.hand_limit")
('ruleset', ('turn', 'hand_limit'))
"""
from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tcforge.i18n.words import raw
from tcforge.scenarios.grid import Grid

TURNS = (1, 99)          # the scenario schema's bounds of a game turn
SUPPLY = (1, 20)         # as turn.supply_points (tcforge.data.limits.NUMBERS)
SIDE_LEVERS = ("supply_points", "remove")
LANGUAGES = ("en", "fr")  # the languages of a scenario's texts (the scenario schema's text)


class LeverError(ValueError):
    """A lever that does not exist or a value it cannot take: one line, what is wrong and what is allowed."""


@dataclass(frozen=True)
class Lever:
    """One value that can be moved: its name, what it is, its value now and the whole numbers it may take."""

    name: str
    what: str
    value: Any
    low: int | None = None
    high: int | None = None
    family: str = "scenario"  # scenario, side, ruleset
    words: str = ""  # what it takes, where that is no range of whole numbers

    def allowed(self) -> str:
        if self.words:
            return self.words
        if self.low is not None and self.high is not None:
            return f"a whole number from {self.low} to {self.high}"
        return "as the ruleset allows ('tcforge rules')"

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "what": self.what, "value": self.value, "low": self.low, "high": self.high,
                "family": self.family}


def parse_name(name: str) -> tuple[str, tuple[str, ...]]:
    """(family, parts) of a lever name; the family of ``SIDE.x`` is 'side' only for a known side lever name."""
    parts = tuple(name.split("."))
    if parts[0] == "scenario":
        return "scenario", parts[1:]
    if len(parts) == 2 and parts[1] in SIDE_LEVERS:
        return "side", parts
    return "ruleset", parts


def is_lever(name: str, sides: list[str]) -> bool:
    """Whether ``name`` is a side or scenario lever (not a ruleset parameter) of a scenario with these sides."""
    parts = name.split(".")
    return parts[0] == "scenario" or parts[0] in sides


def _sides(data: dict[str, Any]) -> list[dict[str, Any]]:
    return [s for s in data.get("sides") or [] if isinstance(s, dict)]


def _conditions(data: dict[str, Any]) -> list[dict[str, Any]]:
    victory = data.get("victory") or {}
    return [c for c in (victory.get("conditions") or []) if isinstance(c, dict)] if isinstance(victory, dict) else []


def _turn_high(data: dict[str, Any]) -> int:
    limit = data.get("turn_limit")
    return int(limit) if isinstance(limit, int) and not isinstance(limit, bool) else TURNS[1]


def levers(data: dict[str, Any], ruleset: dict[str, Any], grid: Grid | None = None) -> list[Lever]:
    """Every lever of a scenario document (``ruleset``: the parameters in force, name -> value; ``grid``: the
    resolved battlefield, for the victory positions' shift)."""
    from tcforge.data.limits import NUMBERS
    out: list[Lever] = []
    limit = data.get("turn_limit")
    arrivals = [g["arrives"]["turn"] for s in _sides(data) for g in s.get("reinforcements") or []
                if isinstance((g.get("arrives") or {}).get("turn"), int)]
    out.append(Lever("scenario.turn_limit", "game turns the scenario lasts" + ("" if limit else " (none now: the engine's cap)"),
                     limit, max([TURNS[0], *arrivals]), TURNS[1]))  # never before the last reinforcements arrive
    for side in _sides(data):
        for n, group in enumerate(side.get("reinforcements") or [], start=1):
            arrives = group.get("arrives") or {}
            if "turn" in arrives:
                out.append(Lever(f"scenario.reinforcements.{side['id']}.{n}.turn",
                                 f"the game turn {side['id']}'s group {n} ({group.get('id')}) arrives", arrives["turn"],
                                 1, _turn_high(data)))
    for cond in _conditions(data):
        if "at_end_of_turn" in cond:
            out.append(Lever(f"scenario.victory.{cond['id']}.turn", f"the turn at whose end {cond['id']} is judged",
                             cond["at_end_of_turn"], 1, _turn_high(data)))
        if "count" in cond:
            out.append(Lever(f"scenario.victory.{cond['id']}.count", f"positions {cond['id']} needs", cond["count"], 1,
                             _count_high(cond, grid)))
        if grid is not None and "positions" in cond:
            span = _shift_span(data, cond, grid)
            if span is not None:
                out.append(Lever(f"scenario.victory.{cond['id']}.shift",
                                 f"ranks {cond['id']}'s positions move towards the side that must take them", 0, *span))
    supply = ruleset.get("turn.supply_points")
    for side in _sides(data):
        out.append(Lever(f"{side['id']}.supply_points", f"Supply points {side['id']} gets a turn (4.0 a)",
                         _side_supply(data, side["id"]) or supply, *SUPPLY, family="side"))
        out.append(Lever(f"{side['id']}.remove", f"one card fewer in {side['id']}'s forces", None, family="side",
                         words="a card of its forces, as they name it"))
    for name, value in sorted(ruleset.items()):
        if isinstance(value, bool) or not isinstance(value, int) or name.startswith("battlefield."):
            continue  # the scenario's own battlefield, not the ruleset's, sets the grid
        lo, hi, _ = NUMBERS.get(name, (None, None, ""))
        out.append(Lever(name, f"ruleset parameter, both sides{(': ' + NUMBERS[name][2]) if name in NUMBERS else ''}",
                         value, lo, hi, family="ruleset"))
    return out


def _count_high(cond: dict[str, Any], grid: Grid | None) -> int:
    """The most positions a count can ask for: a rank's (control_rank), else the board's."""
    if grid is None:
        return 20
    return grid.columns if cond.get("type") == "control_rank" else grid.columns * grid.rows


def _side_supply(data: dict[str, Any], side: str) -> int | None:
    for rule in data.get("special_rules") or []:
        if isinstance(rule, dict) and rule.get("rule") == "side_supply" and rule.get("side") == side:
            return int(rule.get("points", 0)) or None
    return None


# ------------------------------------------------------------------ applying


def _whole(name: str, value: Any, lo: int, hi: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        shown = "true" if value is True else "false" if value is False else repr(value) if isinstance(value, str) else str(value)
        raise LeverError(f"'{name}' is {shown[:40]}: give a whole number from {lo} to {hi}")
    return value


def apply(data: dict[str, Any], overrides: dict[str, Any], grid: Callable[[], Grid] | None = None) -> dict[str, Any]:
    """A copy of the scenario document with the side and scenario levers of ``overrides`` set (the ruleset
    parameters among them are left to the caller). Raises :class:`LeverError` for the first lever that does not
    exist or cannot take its value."""
    data = copy.deepcopy(data)
    sides = [s["id"] for s in _sides(data)]
    # the turn limit first: the turns of the groups and conditions set with it are checked against the new limit
    for name, value in sorted(overrides.items(), key=lambda item: item[0] != "scenario.turn_limit"):
        if not is_lever(name, sides):
            continue
        parts = name.split(".")
        if parts[0] in sides:
            _side(data, name, parts, value)
        else:
            _scenario(data, name, parts[1:], value, grid)
    return data


def _side(data: dict[str, Any], name: str, parts: list[str], value: Any) -> None:
    side = parts[0]
    if len(parts) != 2 or parts[1] not in SIDE_LEVERS:
        raise LeverError(f"no lever '{name}': a side's levers are {', '.join(f'{side}.{x}' for x in SIDE_LEVERS)}; "
                         "'tcforge scenario levers' lists them all")
    if parts[1] == "remove":
        _remove(data, name, side, value)
        return
    points = _whole(name, value, *SUPPLY)
    rules = [r for r in data.setdefault("special_rules", []) or [] if not (
        isinstance(r, dict) and r.get("rule") == "side_supply" and r.get("side") == side)]
    rules.append({"id": f"lever-{side}-supply", "rule": "side_supply", "side": side, "points": points,
                  "case": "4.0 a, lever",
                  "text": {lang: raw("lever_side_supply", lang, side=side, n=points) for lang in LANGUAGES},
                  "interpretation": raw("lever_set", "en")})
    data["special_rules"] = rules


def forces_of(data: dict[str, Any], side: str) -> list[dict[str, Any]]:
    """The side's force entries in the document: its start's, then each reinforcement group's, in order."""
    own = next((s for s in _sides(data) if s.get("id") == side), {})
    entries = [e for e in own.get("forces") or [] if isinstance(e, dict)]
    for group in own.get("reinforcements") or []:
        entries += [e for e in (group.get("forces") or []) if isinstance(e, dict)]
    return entries


def _remove(data: dict[str, Any], name: str, side: str, value: Any) -> None:
    """One card ``value`` fewer in the side's forces (the first entry naming it)."""
    entries = forces_of(data, side)
    entry = next((e for e in entries if str(e.get("card")) == str(value)), None)
    if entry is None or isinstance(value, bool) or not isinstance(value, str | int):
        names = sorted({str(e.get("card")) for e in entries})
        raise LeverError(f"'{name}' is {str(value)[:40]!r}: give a card of {side}'s forces as they name it "
                         f"({', '.join(names[:8])}{', ...' if len(names) > 8 else ''})")
    count = int(entry.get("count", 1))
    if count > 1:
        entry["count"] = count - 1
        return
    for holder in [s for s in _sides(data) if s.get("id") == side]:
        holder["forces"] = [e for e in holder.get("forces") or [] if e is not entry]
        for group in holder.get("reinforcements") or []:
            group["forces"] = [e for e in group.get("forces") or [] if e is not entry]


def _scenario(data: dict[str, Any], name: str, parts: list[str], value: Any, grid: Callable[[], Grid] | None) -> None:
    unknown = LeverError(f"no lever '{name}': 'tcforge scenario levers' lists the scenario's (scenario.turn_limit, "
                         "scenario.reinforcements.SIDE.N.turn, scenario.victory.ID.turn|count|shift)")
    if parts == ["turn_limit"]:
        limit = _whole(name, value, *TURNS)
        old = data.get("turn_limit")
        for held in _conditions(data):  # a condition decided at the last turn stays decided at the last turn
            if old is not None and held.get("at_end_of_turn") == old:
                held["at_end_of_turn"] = limit
        late = [(s["id"], g.get("id"), g["arrives"]["turn"]) for s in _sides(data) for g in s.get("reinforcements") or []
                if isinstance((g.get("arrives") or {}).get("turn"), int) and g["arrives"]["turn"] > limit]
        if late:
            last = max(late, key=lambda x: x[2])
            raise LeverError(f"'{name}' is {limit}, before {last[0]}'s group {last[1]} arrives (turn {last[2]}): give a whole "
                             f"number from {last[2]} to {TURNS[1]}, or move the group too")
        data["turn_limit"] = limit
        return
    if len(parts) == 4 and parts[0] == "reinforcements" and parts[3] == "turn":
        side: dict[str, Any] | None = next((s for s in _sides(data) if s.get("id") == parts[1]), None)
        if side is None:
            raise LeverError(f"no side '{parts[1]}' in '{name}': the sides are {', '.join(s['id'] for s in _sides(data))}")
        groups = side.get("reinforcements") or []
        group = next((g for n, g in enumerate(groups, start=1) if parts[2] in (str(n), g.get("id"))), None)
        if group is None or "turn" not in (group.get("arrives") or {}):
            timed = [str(n) for n, g in enumerate(groups, start=1) if "turn" in (g.get("arrives") or {})]
            raise LeverError(f"no group '{parts[2]}' arriving on a turn in '{name}': {parts[1]}'s are "
                             + (", ".join(timed) if timed else "none") + " (counted from 1, or the group's id)")
        group["arrives"]["turn"] = _whole(name, value, 1, _turn_high(data))
        return
    if len(parts) == 3 and parts[0] == "victory":
        cond: dict[str, Any] | None = next((c for c in _conditions(data) if c.get("id") == parts[1]), None)
        if cond is None:
            raise LeverError(f"no victory condition '{parts[1]}' in '{name}': the scenario's are "
                             f"{', '.join(str(c.get('id')) for c in _conditions(data)) or 'none'}")
        if parts[2] == "turn" and "at_end_of_turn" in cond:
            cond["at_end_of_turn"] = _whole(name, value, 1, _turn_high(data))
            return
        if parts[2] == "count" and "count" in cond:
            cond["count"] = _whole(name, value, 1, _count_high(cond, grid() if grid is not None else None))
            return
        if parts[2] == "shift" and "positions" in cond and grid is not None:
            g = grid()
            span = _shift_span(data, cond, g)
            if span is None:
                raise LeverError(f"'{name}': the positions of {parts[1]} are not a list or an area, so they cannot be shifted")
            cond["positions"] = _shifted(data, cond, g, _whole(name, value, *span))
            return
        raise LeverError(f"no lever '{name}': {parts[1]} has " + ", ".join(
            f"scenario.victory.{parts[1]}.{x}" for x, key in (("turn", "at_end_of_turn"), ("count", "count"), ("shift", "positions"))
            if key in cond) + "")
    raise unknown


def _labels(data: dict[str, Any], cond: dict[str, Any]) -> tuple[list[str], dict[str, Any]] | None:
    """The condition's positions as labels, and the selector's other keys (``of``); None when not a plain list."""
    sel = cond.get("positions")
    if isinstance(sel, str) and sel != "all":
        return [sel], {}
    if isinstance(sel, list):
        return [str(x) for x in sel], {}
    if isinstance(sel, dict) and set(sel) <= {"of", "positions", "area"} and ("positions" in sel) != ("area" in sel):
        rest = {k: v for k, v in sel.items() if k == "of"}
        if "positions" in sel:
            return [str(x) for x in sel["positions"]], rest
        areas = ((data.get("battlefield") or {}).get("areas") or {})
        area = areas.get(sel["area"])
        if isinstance(area, dict):
            return [str(x) for x in area.get("positions") or []], rest
    return None


def _direction(data: dict[str, Any], cond: dict[str, Any], grid: Grid) -> int:
    """+1 when the side that must take the positions is the south side (moving towards it is southwards)."""
    winner = cond.get("winner")
    return 1 if winner == grid.south else -1


def _shift_span(data: dict[str, Any], cond: dict[str, Any], grid: Grid) -> tuple[int, int] | None:
    found = _labels(data, cond)
    if found is None or cond.get("winner") not in grid.sides:
        return None
    rows = [p.row for p in (grid.parse(x) for x in found[0]) if p is not None]
    if len(rows) != len(found[0]) or not rows:
        return None
    d = _direction(data, cond, grid)
    towards = (grid.rows - max(rows)) if d == 1 else (min(rows) - 1)
    away = (min(rows) - 1) if d == 1 else (grid.rows - max(rows))
    return -away, towards


def _shifted(data: dict[str, Any], cond: dict[str, Any], grid: Grid, by: int) -> Any:
    found = _labels(data, cond)
    assert found is not None
    d = _direction(data, cond, grid)
    out = []
    for label in found[0]:
        pos = grid.parse(label)
        assert pos is not None
        from tcforge.scenarios.grid import Position
        out.append(grid.label(Position(pos.row + d * by, pos.column)))
    return {**found[1], "positions": out}


def find(items: list[Lever], name: str) -> Lever | None:
    return next((lever for lever in items if lever.name == name), None)
