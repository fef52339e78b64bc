"""Random scenario files for the property tests: every map card, card kind, grid and victory kind.

:func:`scenario_docs` is a hypothesis strategy of scenario documents (dicts that
pass the scenario schema, not always the legality checks): a fixed, random,
discretionary or no terrain with any card a map may name (every terrain,
water, fortification and crossing card of the data, Clear, and sometimes a
``terrain_as`` rule), grids of 1-6 columns and 1-3 ranks a side (sometimes a
no man's land), forces drawn from every card type of each nation placed in the
zone, on a position, in the reserve or the deck, and each of the five victory
kinds. :func:`play_accepted` checks one such file as ``tcforge scenario check``
does and plays it to the end when the check accepts it.
"""
from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import yaml
from hypothesis import strategies as st

from tcforge.data.dataset import load_data
from tcforge.scenarios.card_kinds import category

RULESETS = ("six-pack-r3", "six-pack-1997", "players-guide-1997", "jeff-mike-2002")
VICTORY_KINDS = ("control_rank", "control_positions", "hold_positions", "eliminate_all", "countdown")
UNIT_TYPES = ("vehicle", "at_gun", "infantry")
OTHER_TYPES = ("equipment", "special", "air_artillery", "ultra_rare")
YEAR = 1943
TEXT = {"en": "Generated.", "fr": "Généré."}  # copied where used: the file is written without YAML aliases


@cache
def map_cards() -> tuple[str, ...]:
    """Every card a fixed map may name (terrain, water, fortification, crossing), by name, in card order."""
    cards = load_data().cards
    return tuple(c.name for c in cards if c.type == "special" and (category(c) == "terrain" or c.card_class == "crossing"))


@cache
def crossing_cards() -> tuple[str, ...]:
    return tuple(c.name for c in load_data().cards if c.type == "special" and c.card_class == "crossing")


@cache
def pool(nation: str, kind: str) -> tuple[int | str, ...]:
    """Card references (number, or name for the cards without one) of one nation (or of any) and one type, in
    service in YEAR when it is a unit."""
    cards = load_data().cards
    return tuple(c.id if isinstance(c.id, int) else c.name for c in cards if c.type == kind and c.nation in (nation, "any")
                 and (c.type not in UNIT_TYPES or c.in_service(YEAR)))


@st.composite
def scenario_docs(draw: st.DrawFn, *, map_card: str | None = None) -> dict[str, Any]:
    """One scenario document; ``map_card`` puts that card on a fixed map (the other draws go on as usual)."""
    ruleset = draw(st.sampled_from(RULESETS))
    columns = draw(st.integers(1, 6) | st.integers(1, 10))
    ranks = draw(st.integers(1, 3) | st.integers(1, 6))
    no_mans_land = draw(st.sampled_from((0, 0, 0, 1)))
    rows = 2 * ranks + no_mans_land
    sides = ["german", "soviet"]
    prefix = {"german": "G", "soviet": "R"}
    kind = draw(st.sampled_from(("meeting", "attack")))
    roles = ("meeting", "meeting") if kind == "meeting" else draw(st.sampled_from((("attacker", "defender"),
                                                                                   ("defender", "attacker"))))

    def label(row: int, column: int, side: str = "german") -> str:  # row 1 is the north (german) edge
        rank = row + 1 if side == "german" else rows - row + 2
        return f"{prefix[side]}{rank}-{column}"

    parameters: dict[str, Any] = {}
    if no_mans_land:
        parameters["battlefield.no_mans_land_ranks"] = {"value": no_mans_land, "case": "6.0", "reason": "A generated grid."}
    terrain: dict[str, Any]
    special_rules: list[dict[str, Any]] = []
    method = "fixed" if map_card else draw(st.sampled_from(("fixed", "fixed", "random", "discretionary", "none")))
    if method == "fixed":
        cells = [[draw(st.sampled_from(map_cards())) if draw(st.integers(0, 3)) == 0 else "Clear" for _ in range(columns)]
                 for _ in range(rows)]
        if map_card:
            cells[draw(st.integers(0, rows - 1))][draw(st.integers(0, columns - 1))] = map_card
        terrain = {"method": "fixed", "map": {f"G{r + 2}": row for r, row in enumerate(cells)}}
        used = {c for row in cells for c in row}
        for name in crossing_cards():
            if name in used and draw(st.integers(0, 3)) > 0:
                special_rules.append({"id": f"{name.lower()}-as-clear", "rule": "terrain_as", "card": name, "as": "clear",
                                      "case": "20.0 rule 1", "text": TEXT})
    elif method == "discretionary":
        terrain = {"method": "discretionary", "by": [draw(st.sampled_from(sides))], "where": "own"}
    else:
        terrain = {"method": method}

    turn_limit = draw(st.integers(1, 5))
    capped = draw(st.integers(0, 5)) == 0  # no turn limit: the game ends by victory or at the cap
    draw_deck = draw(st.booleans())
    doc_sides = []
    for index, side in enumerate(sides):
        own_rows = list(range(1, ranks + 1)) if index == 0 else list(range(rows - ranks + 1, rows + 1))
        zone: Any = draw(st.sampled_from(("all", "all", {"ranks": [2]}, "positions", "positions", "positions",
                                          {"ranks": [2], "of": "enemy"})))
        if zone == "positions":
            zone = sorted({label(draw(st.sampled_from(own_rows)), draw(st.integers(1, columns)), side)
                           for _ in range(draw(st.integers(1, 3)))})
        forces: list[dict[str, Any]] = []
        reserve = draw(st.integers(0, 3)) > 0
        for n in range(draw(st.integers(1, 4))):
            kind_of = draw(st.sampled_from(UNIT_TYPES if n == 0 else UNIT_TYPES + UNIT_TYPES + OTHER_TYPES))
            cards = pool(side, kind_of)
            if not cards:
                continue
            entry: dict[str, Any] = {"card": draw(st.sampled_from(cards)),
                                     "count": draw(st.integers(1, 3)) if kind_of in UNIT_TYPES else 1}
            where = draw(st.sampled_from(("zone", "position") + (("reserve",) if reserve else ()) + (("deck",) if n else ())))
            if where == "position":
                spots = zone if isinstance(zone, list) else [label(r, c, side) for r in own_rows for c in range(1, columns + 1)]
                entry["at"] = draw(st.sampled_from(spots))
            elif where == "reserve":
                entry["at"] = "reserve"
            elif where == "deck":
                continue  # listed in the side's deck below instead
            carriers = [f["card"] for f in forces if f["card"] in pool(side, "infantry" if kind_of == "equipment" else "vehicle")]
            if carriers and kind_of in ("equipment", "infantry") and draw(st.booleans()):
                entry.pop("at", None)  # 8.7 equipment on a squad, 8.6 a squad on a vehicle: the check decides
                entry["attached_to" if kind_of == "equipment" else "loaded_on"] = draw(st.sampled_from(carriers))
            forces.append(entry)
        deck = [{"card": draw(st.sampled_from(pool(side, "special"))), "count": 1}
                for _ in range(draw(st.integers(0, 2)) if draw_deck else 0)]
        doc_side: dict[str, Any] = {"id": side, "nation": side, "role": roles[index],
                                    "setup": {"zone": zone, "reserve": reserve}, "forces": forces}
        if deck:
            doc_side["deck"] = deck
        if draw(st.integers(0, 5)) == 0:  # 17.2: a build-point force, bought by the set-up
            doc_side["build"] = {"points": draw(st.integers(20, 200))}
            doc_side["forces"] = []
        if method == "discretionary" and side in terrain["by"]:
            doc_side["free_cards"] = [{"card": draw(st.sampled_from(map_cards())), "count": 1}]
        if draw(st.booleans()):
            doc_side["reinforcements"] = [{"id": f"{side}-relief", "arrives": {"turn": min(2, turn_limit)}, "to": {"ranks": [2]},
                                           "forces": [{"card": draw(st.sampled_from(pool(side, "infantry"))), "count": 1}]}]
        doc_sides.append(doc_side)

    victory_kind = draw(st.sampled_from(VICTORY_KINDS))
    winner = draw(st.sampled_from(sides + ["either"]))
    condition: dict[str, Any] = {"id": "win", "type": victory_kind, "winner": winner, "text": TEXT}
    if victory_kind == "control_rank":
        condition |= {"rank": draw(st.integers(2, 3)), "count": draw(st.integers(1, 2))}
    elif victory_kind == "control_positions":
        condition |= {"positions": {"of": "enemy"}, "count": draw(st.integers(1, 2))}
    elif victory_kind == "hold_positions":
        if winner == "either":
            condition["winner"] = winner = "soviet"
        condition |= {"positions": [label(1, 1, winner)], "at_end_of_turn": turn_limit}
    elif victory_kind == "eliminate_all":
        condition["scope"] = "table"
    else:
        holder = next((s for s in doc_sides if s.get("reinforcements")), None)
        if holder is None:
            condition = {"id": "win", "type": "control_rank", "winner": winner, "rank": 2, "count": 1, "text": TEXT}
        else:
            condition |= {"after": holder["reinforcements"][0]["id"], "turns": 1}
    if draw(st.booleans()):
        special_rules.append({"id": "stay", "rule": "no_return_to_reserve", "case": "20.0 rule 4", "text": TEXT})
    if draw(st.booleans()):
        special_rules.append({"id": "at-only", "rule": "fire_types_allowed", "types": ["at"], "case": "17.1", "text": TEXT})
    doc: dict[str, Any] = {
        "id": "generated", "title": {"en": "Generated", "fr": "Généré"}, "description": TEXT,
        "design": {"author": "tcforge tests", "date": "2026-11-20"}, "date": str(YEAR),
        "ruleset": {"id": ruleset, **({"parameters": parameters} if parameters else {})},
        "battlefield": {"columns": columns, "ranks_per_side": ranks, "terrain": terrain},
        "sides": doc_sides,
        "initiative": {"method": "roll", "winner": "high", "setup_first": "german"},
        "deck": {"draw_deck": draw_deck, "only_listed": False, "extras": ["any"]},
        "turn_limit": turn_limit,
        "victory": {"conditions": [condition], "default": None},
    }
    if special_rules:
        doc["special_rules"] = special_rules
    if capped:
        doc["turn_limit"] = None
        doc["ends"] = {"cap": turn_limit, "text": TEXT}
        if victory_kind == "hold_positions":
            doc["victory"]["conditions"] = [{"id": "win", "type": "control_rank", "winner": winner, "rank": 2, "count": 1,
                                             "text": TEXT}]
    return doc


class _NoAliases(yaml.SafeDumper):
    def ignore_aliases(self, data: Any) -> bool:
        return True


def write(doc: dict[str, Any], folder: Path) -> Path:
    path = folder / f"{doc['id']}.yaml"
    path.write_text(yaml.dump(doc, Dumper=_NoAliases, sort_keys=False, allow_unicode=True), encoding="utf-8")
    return path


AGENTS = (("greedy", "greedy"), ("random", "random"))


def play_accepted(path: Path, seeds: tuple[int, ...] = (1,)) -> bool:
    """Check the file as 'tcforge scenario check' does; if it is legal, play it to the end with each pair of
    AGENTS on each seed and fail on any engine error. Whether the check accepted it."""
    from tcforge.play.checks import engine_findings
    from tcforge.play.games import play_game
    from tcforge.scenarios.check import check_file
    from tcforge.scenarios.loading import load
    report = check_file(path, engine=engine_findings)
    for finding in report.findings:  # a refusal is a place and a code, never a crash
        assert finding.line >= 1 and finding.col >= 1 and finding.code, finding
    if not report.legal:
        return False
    scenario = load(path)
    for agents in AGENTS:
        for seed in seeds:
            playout, result = play_game(scenario, seed, agents, record=False)
            assert not result.error, f"{path.read_text(encoding='utf-8')}\n{agents} seed {seed}: {result.error}"
            assert playout.state.is_terminal(), f"{agents} seed {seed}: the game did not end"
    return True
