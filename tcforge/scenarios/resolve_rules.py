"""Resolving a scenario's victory conditions and special rules into their typed form.

Called by :class:`~tcforge.scenarios.resolve.Builder` once the sides, the grid
and the reinforcement groups are known; each unresolved reference is a finding.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tcforge.data.cards import CardId
from tcforge.scenarios.format import Text, text_from
from tcforge.scenarios.special_rules import (
    AttachedAmmunition,
    FireTypesAllowed,
    HandLimitGrace,
    LimitedAP,
    NoReturnToReserve,
    PlayBeforeTurn,
    ReinforcementArrival,
    SpecialRule,
    TerrainAs,
)
from tcforge.scenarios.victory import ControlPositions, ControlRank, Countdown, EliminateAll, HoldPositions, VictoryCondition

if TYPE_CHECKING:
    from tcforge.scenarios.resolve import Builder


def victory_condition(b: Builder, i: int, raw: dict[str, Any]) -> VictoryCondition | None:
    path = ("victory", "conditions", i)
    winner = b.side_ref(raw["winner"], path + ("winner",), allow=("either",))
    if winner is None:
        return None
    common = dict(id=raw["id"], winner=winner, text=text_from(raw.get("text")),
                  interpretation=str(raw.get("interpretation", "")), path=path)
    kind = raw["type"]
    sides = b.side_ids if winner == "either" else [winner]
    if kind == "control_rank":
        targets = {}
        for sid in sides:
            enemy = b.grid.other(sid)
            got = tuple(b.grid.rank_positions(enemy, raw["rank"]))
            if not got:
                b.add(path + ("rank",), "victory-position", f"{enemy} has no rank {raw['rank']} on this battlefield",
                      f"ranks count from the side's reserve (1): 2 to {b.grid.rows + 1}", "16.0")
            targets[sid] = got
        return ControlRank(**common, rank=raw["rank"], count=raw["count"], targets=targets)
    if kind in ("control_positions", "hold_positions"):
        targets = {sid: b.select(raw["positions"], sid, path + ("positions",), "victory-position", default_of="enemy")
                   for sid in sides}
        if kind == "control_positions":
            return ControlPositions(**common, count=raw["count"], targets=targets)
        return HoldPositions(**common, at_end_of_turn=raw["at_end_of_turn"], units=tuple(raw.get("units") or ("combat",)),
                             contested_ok=bool(raw.get("contested_ok", False)), targets=targets)
    if kind == "eliminate_all":
        return EliminateAll(**common, scope=raw["scope"])
    if raw["after"] not in b.groups:
        b.add(path + ("after",), "unknown-reference", f"no reinforcement group '{raw['after']}'",
              "use a group id: " + (", ".join(b.groups) or "the scenario has none"))
    return Countdown(**common, after=raw["after"], turns=raw["turns"])


def special_rule(b: Builder, i: int, raw: dict[str, Any]) -> SpecialRule | None:
    path = ("special_rules", i)
    sides: tuple[str, ...] = tuple(b.side_ids)
    nation = None
    if "side" in raw:
        sid = b.side_ref(raw["side"], path + ("side",))
        if sid:
            sides = (sid,)
            nation = b.nations[sid]
    common = dict(id=raw["id"], case=str(raw["case"]), text=text_from(raw["text"]) or Text("", ""), sides=sides,
                  interpretation=str(raw.get("interpretation", "")), path=path)
    kind = raw["rule"]

    def one(key: str) -> CardId:
        card = b.card(raw[key], nation, path + (key,))
        return card.id if card else 0

    def many(key: str) -> tuple[CardId, ...]:
        found = [b.card(ref, nation, path + (key, j)) for j, ref in enumerate(raw[key])]
        return tuple(c.id for c in found if c)

    if kind == "terrain_as":
        return TerrainAs(**common, card_id=one("card"), as_=raw["as"])
    if kind == "no_return_to_reserve":
        return NoReturnToReserve(**common)
    if kind == "reinforcement_arrival":
        return ReinforcementArrival(**common, overstacked=bool(raw["overstacked"]), loaded=bool(raw.get("loaded", False)),
                                    supply_points=int(raw.get("supply_points", 1)), move_positions=int(raw.get("move_positions", 0)),
                                    fast_may_continue=bool(raw.get("fast_may_continue", True)),
                                    stacking_checked=raw.get("stacking_checked", "end_of_turn" if raw["overstacked"] else "on_arrival"))
    if kind == "attached_ammunition":
        return AttachedAmmunition(**common, card_id=one("card"), attach_to=many("attach_to"), melee_sa_bonus=int(raw["melee_sa_bonus"]),
                                  removed_on_natural_to_hit=tuple(raw.get("removed_on_natural_to_hit") or ()))
    if kind == "limited_ap":
        pen = raw["then_penetration"]
        return LimitedAP(**common, card_ids=many("cards"), full_penetration_shots=int(raw["full_penetration_shots"]),
                         then_penetration=(int(pen["short"]), int(pen["long"])))
    if kind == "play_before_turn":
        return PlayBeforeTurn(**common, card_id=one("card"), before_turn=int(raw["before_turn"]))
    if kind == "fire_types_allowed":
        return FireTypesAllowed(**common, types=tuple(raw["types"]))
    if raw["after"] not in b.groups:
        b.add(path + ("after",), "unknown-reference", f"no reinforcement group '{raw['after']}'",
              "use a group id: " + (", ".join(b.groups) or "the scenario has none"))
    return HandLimitGrace(**common, after=raw["after"], turns=int(raw["turns"]))
