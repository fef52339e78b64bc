"""The scenario checks only the rules engine can make, plugged into ``tcforge scenario check``.

- ``engine-unsupported``: a card of the scenario whose effect the engine does
  not implement (``tcforge rules cards``);
- ``victory-unreachable``: a victory position that no card of the kinds the
  condition needs can reach before the turn limit. The reach is an optimistic
  bound: the side's cards move every turn with every Supply point, at their
  speed, with no enemy in the way and no slowing terrain, never going where
  their kind is barred (Swamp, Stream) nor across a Stream between two
  positions (001) with no Ford or Bridge; if even that bound misses the turn
  limit, the condition cannot be met.
"""
from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from pathlib import Path

from tcforge.data.cards import Card
from tcforge.engine.cards import EFFECTS
from tcforge.scenarios.card_kinds import is_combat, is_tank, is_unit, prohibits_vehicles
from tcforge.scenarios.findings import Finding
from tcforge.scenarios.grid import Position
from tcforge.scenarios.scenario import Scenario
from tcforge.scenarios.victory import holds_as


def check_problems(path: Path) -> list[Finding]:
    """Every finding 'tcforge scenario check' makes of a scenario file, the engine's checks included (empty: it is
    legal). The one check that play, balance, ladder and sweep make before playing a scenario."""
    from tcforge.scenarios.check import check_file
    return list(check_file(Path(path), engine=engine_findings).findings)


def engine_findings(scenario: Scenario) -> Iterator[Finding]:
    yield from _unsupported(scenario)
    yield from _unreachable(scenario)


def _finding(scenario: Scenario, path: tuple[object, ...], code: str, message: str, hint: str, case: str = "") -> Finding:
    line, col = scenario.where(path)
    return Finding(scenario.file, line, col, code, message, hint, case)


def _cards(scenario: Scenario) -> Iterator[tuple[Card, tuple[object, ...]]]:
    for side in scenario.sides:
        for entry in side.forces:
            yield entry.card, entry.path
        for count in side.deck + side.free_cards:
            yield count.card, count.path
        for group in side.reinforcements:
            for entry in group.forces:
                yield entry.card, entry.path


def _unsupported(scenario: Scenario) -> Iterator[Finding]:
    seen: set[object] = set()
    for card, path in _cards(scenario):
        if card.id in seen or card.type not in ("special", "air_artillery", "ultra_rare"):
            continue
        seen.add(card.id)
        effect = EFFECTS.get(card.id)
        if effect is None or effect.status != "implemented":
            yield _finding(scenario, path, "engine-unsupported",
                           f"{card.name}: the engine does not implement what this card does" + (f" ({effect.note})" if effect else ""),
                           "see 'tcforge rules cards --missing'; games will not use it", "12.0")


def _steps_per_turn(card: Card, params: dict[str, object]) -> int:
    moves = int(params["turn.supply_points"]) if params.get("turn.card_may_move_twice") else 1  # type: ignore[call-overload]
    per_move = int(params["movement.fast_positions"] if card.speed == "fast" else params["movement.slow_positions"])  # type: ignore[call-overload]
    return moves * per_move


def _barred(scenario: Scenario, card: Card, pos: Position) -> bool:
    if card.type not in ("vehicle", "at_gun"):
        return False
    return any(prohibits_vehicles(t, scenario.params) for t in scenario.terrain_at(pos))


def _walled(scenario: Scenario, card: Card) -> set[frozenset[Position]]:
    """The edges a card may not cross: 001's Streams between positions with no Ford or Bridge, for vehicles and AT guns
    (as the engine's movement bars them). A row of them splits the map for such cards."""
    if card.type not in ("vehicle", "at_gun"):
        return set()
    return {frozenset((edge.a, edge.b)) for edge in scenario.terrain.streams if edge.crossing is None}


def _turns_to_reach(scenario: Scenario, card: Card, starts: list[Position], goal: Position) -> int | None:
    """The fewest turns a card needs from any start to the goal, or None if it never gets there."""
    if _barred(scenario, card, goal):
        return None
    speed = max(1, _steps_per_turn(card, scenario.params))
    grid = scenario.grid
    walls = _walled(scenario, card)
    best: dict[Position, int] = {}
    queue: deque[tuple[Position, int]] = deque()
    for s in starts:
        best[s] = 0
        queue.append((s, 0))
    while queue:  # breadth first: every step costs one position
        pos, cost = queue.popleft()
        for nxt in grid.adjacent(pos):
            if _barred(scenario, card, nxt) or frozenset((pos, nxt)) in walls:
                continue
            new = cost + 1
            if new < best.get(nxt, 10**9):
                best[nxt] = new
                queue.append((nxt, new))
    if goal not in best:
        return None
    return -(-best[goal] // speed)


def _kinds_ok(card: Card, units: tuple[str, ...], params: dict[str, object]) -> bool:
    return holds_as(units, type=card.type, card_class=card.card_class, tank=is_tank(card, params),
                    combat=is_combat(card, params))


def _unreachable(scenario: Scenario) -> Iterator[Finding]:
    limit = scenario.turn_limit
    if limit is None:
        return
    sides = list(scenario.grid.sides)
    for cond in scenario.victory:
        targets = getattr(cond, "targets", None)
        if not targets:
            continue
        units = getattr(cond, "units", ("combat",))
        deadline = getattr(cond, "at_end_of_turn", limit)
        for side_id in cond.winners(sides):
            side = scenario.side(side_id)
            movers: list[tuple[Card, list[Position], int]] = []  # card, starts, turn it can start moving
            reserve_starts = scenario.grid.rank_positions(side_id, 2)
            for entry in side.forces:
                if is_unit(entry.card) and _kinds_ok(entry.card, units, scenario.params):
                    starts = list(entry.placement.positions) or list(side.zone) or reserve_starts
                    movers.append((entry.card, starts, 1))
            for group in side.reinforcements:
                arrival = group.turn or 1
                for entry in group.forces:
                    if is_unit(entry.card) and _kinds_ok(entry.card, units, scenario.params):
                        movers.append((entry.card, list(group.positions) or reserve_starts, arrival))
            if not movers and not side.build:
                yield _finding(scenario, cond.path, "victory-unreachable",
                               f"{cond.id}: {side_id} has no card of the kinds the condition needs ({', '.join(units)})",
                               "give the side such cards, or change the condition's units", "16.0")
                continue
            for goal in targets.get(side_id, ()):
                times = [arrive - 1 + t for card, starts, arrive in movers
                         if (t := _turns_to_reach(scenario, card, starts, goal)) is not None]
                if movers and (not times or min(times) > deadline):
                    yield _finding(scenario, cond.path, "victory-unreachable",
                                   f"{cond.id}: no card of {side_id} can reach {scenario.label(goal)} by the end of turn {deadline}",
                                   "move the position, the set-up zone or the arrival, or lengthen the game", "16.0")
