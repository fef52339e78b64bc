"""The whole scenario, as :func:`tcforge.scenarios.loading.load` returns it.

The engine reads:

- ``Scenario.grid`` (positions, ranks from each side's reserve, labels) and
  ``Scenario.terrain`` (the cards on each position when the map is fixed);
- ``Scenario.params``: every ruleset parameter with the scenario's overrides;
- ``Scenario.sides``: nation, role, setup zone, forces (card ids, counts,
  placement, carriers), drawing deck, build budget, reinforcement groups;
- ``Scenario.initiative``, ``Scenario.deck`` (the deck policy), ``turn_limit``;
- ``Scenario.victory``: typed conditions (:mod:`tcforge.scenarios.victory`),
  each with the positions it concerns for each side that can meet it;
- ``Scenario.special_rules``: typed rules (:mod:`tcforge.scenarios.special_rules`).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tcforge.data.cards import Card, CardSet
from tcforge.data.rulesets import Ruleset
from tcforge.data.yamlsafe import Loaded
from tcforge.i18n.words import t
from tcforge.scenarios.format import (
    Area,
    BalanceOption,
    DeckPolicy,
    Design,
    Ending,
    Initiative,
    Interpretation,
    Override,
    Reinforcement,
    Side,
    Terrain,
    Text,
    YamlPath,
)
from tcforge.scenarios.grid import Grid, Position
from tcforge.scenarios.special_rules import SpecialRule
from tcforge.scenarios.victory import VictoryCondition


@dataclass
class Scenario:
    id: str
    title: Text
    description: Text
    source: dict[str, str]  # {document, section}; empty for a designer's own scenario (then design says who made it)
    design: Design | None
    date: str | None
    year: int | str | None  # the in-service year, "chosen", or None (no check)
    place: Text | None
    ruleset: Ruleset
    params: dict[str, Any]
    overrides: dict[str, Override]
    grid: Grid
    terrain: Terrain
    areas: dict[str, Area]
    sides: list[Side]
    side_assignment: str
    initiative: Initiative
    deck: DeckPolicy
    turn_limit: int | None
    ends: Ending | None  # how a game without a turn limit ends
    victory: list[VictoryCondition]
    default_winner: str | None
    special_rules: list[SpecialRule]
    notes: list[Text]
    balance: list[BalanceOption]
    applied_balance: str | None
    interpretations: list[Interpretation]
    file: str
    path: Path
    loaded: Loaded = field(repr=False)
    cards: CardSet = field(repr=False)
    # the levers and parameters set for this game (--set, a sweep's cell), as given: a game log records them
    levers: dict[str, Any] = field(default_factory=dict)

    def designed_by(self, lang: str = "en") -> str:
        """"designed by Ann Smith, 2026-11" for a scenario with a design section; empty otherwise."""
        d = self.design
        if d is None:
            return ""
        return t("sc_design_date", lang, author=d.author, date=d.date) if d.date else t("sc_design", lang, author=d.author)

    def origin(self, lang: str = "en") -> str:
        """Where the scenario comes from: "source 000, §17.8", "designed by Ann Smith, 2026-11", or both."""
        parts = [t("sc_source", lang, doc=self.source["document"], section=self.source["section"])] if self.source else []
        return "; ".join(parts + ([self.designed_by(lang)] if self.design else []))

    def side(self, side_id: str) -> Side:
        for side in self.sides:
            if side.id == side_id:
                return side
        raise KeyError(side_id)

    def param(self, name: str) -> Any:
        return self.params[name]

    def terrain_at(self, pos: Position) -> tuple[Card, ...]:
        """The map's terrain cards on a position (empty: Clear, or terrain not fixed)."""
        return self.terrain.at(pos)

    def rules(self, kind: type) -> list[Any]:
        """The special rules of one kind: ``scenario.rules(LimitedAP)``."""
        return [r for r in self.special_rules if isinstance(r, kind)]

    def where(self, path: YamlPath, *, key: bool = False) -> tuple[int, int]:
        return self.loaded.where(path, key=key)

    def reinforcement(self, group_id: str) -> Reinforcement:
        for side in self.sides:
            for group in side.reinforcements:
                if group.id == group_id:
                    return group
        raise KeyError(group_id)

    def label(self, pos: Position, side: str | None = None) -> str:
        return self.grid.label(pos, side)
