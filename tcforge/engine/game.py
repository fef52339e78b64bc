"""The static side of a game: ruleset, board, terrain, card profiles and options.

A :class:`Game` is shared by every state of one game (and by its clones); it is made whole in one call
(:meth:`Game.create`, which a scenario's game goes through too: tcforge.play.hooks.make_game) and frozen:
nothing in it changes during play.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from tcforge.data.cards import Card
from tcforge.data.dataset import GameData
from tcforge.engine.attacks import FireRules
from tcforge.engine.board import Board
from tcforge.engine.outcome import DEFAULT_CAP, Ending
from tcforge.engine.rules import Rules
from tcforge.engine.scenario_rules import ReinforcementsHook, ScenarioRules
from tcforge.engine.units import Profile

# Parameters whose other values the engine does not model: a ruleset or scenario setting another value is
# refused when the game is created, rather than silently played by the default.
FIXED: dict[str, object] = {
    "turn.initiative": "roll",  # a scenario fixes the first player through its own initiative, not this parameter
    "stacking.check": "at_rest",
    "fire.ft_melee_only": True,
    "fire.terrain_into_only": True,
    "fire.mounted_infantry_fires": False,
}


@dataclass(frozen=True)
class TerrainRow:
    """The effects of one terrain card under the ruleset's terrain table (9.5)."""

    card_id: int
    name: str
    mods: dict[str, Any]  # at, he, sa, air, art: int, "n/a", or {armored, unarmored, infantry_in_bunker}
    blocks_los: bool
    slows: bool
    no_vehicles: bool
    hills: bool
    only_infantry: bool
    known: dict[tuple[str, bool, bool], int | None] = field(default_factory=dict, compare=False, repr=False)  # modifier()'s answers

    def modifier(self, kind: str, armored: bool, in_bunker: bool = False) -> int | None:
        """Modifier for fire of ``kind`` into this terrain, None where that fire may not target units there."""
        key = (kind, armored, in_bunker)
        known = self.known
        if key in known:
            return known[key]
        found = known[key] = self._modifier(kind, armored, in_bunker)
        return found

    def _modifier(self, kind: str, armored: bool, in_bunker: bool) -> int | None:
        value = self.mods.get(kind, 0)
        if isinstance(value, dict):
            if in_bunker and "infantry_in_bunker" in value:
                return int(value["infantry_in_bunker"])
            return int(value["armored"] if armored else value["unarmored"])
        if value == "n/a":
            return None
        return int(value)


@dataclass(frozen=True)
class Game:
    data: GameData
    board: Board
    params: dict[str, Any]  # ruleset parameters, scenario overrides applied, as given
    rules: Rules  # the same, typed and checked: what the engine reads
    fire_rules: FireRules
    terrain_rows: dict[int, TerrainRow]
    profiles: dict[int | str, Profile]
    ending: Ending = field(default_factory=Ending)  # when the game ends: conditions, turn limit, cap (one place)
    victory_positions: int = 3  # 16.0's positions of the enemy's rear rank, for a game without a scenario's conditions
    reserve_return: bool = True  # cards may move back into the reserve (8.3); Hill 621 forbids it
    turn_hooks: tuple[Callable[[Any], None], ...] = ()  # at the start of each side's turn
    attacker: int | None = None  # the attacking side of an attack/defense scenario (001's break-through), else None
    reinforcements_hook: ReinforcementsHook | None = None  # 17.5: the Reinforcements card brings a scenario's group
    scenario_rules: ScenarioRules | None = None  # the scenario's special rules (tcforge.play.hooks.ScenarioHooks)
    unplayable: frozenset[int | str] = frozenset()  # cards.interpretations false: interpreted cards stay in hand
    name: str = "game"
    # the initiative roll (4.0): each side's modifier to its die and whether the low roll wins (a scenario's say)
    initiative: tuple[tuple[int, ...], bool] = ((0, 0), False)
    # a side's own Supply points a turn (4.0 a), where a scenario's side_supply rule (a designer's lever) gives it them
    side_supply: dict[int, int] = field(default_factory=dict)

    @property
    def turn_limit(self) -> int | None:
        """The scenario's last turn (:attr:`ending`), None for a game without one."""
        return self.ending.turn_limit

    def supply_points(self, side: int) -> int:
        """The Supply points ``side`` receives at the start of each of its turns (4.0 a): its own, or the ruleset's."""
        return self.side_supply.get(side, self.rules.turn_supply_points)

    @classmethod
    def create(cls, data: GameData, *, columns: int | None = None, ranks_per_side: int | None = None,
               overrides: dict[str, Any] | None = None, turn_limit: int | None = None, cap: int = DEFAULT_CAP,
               **options: Any) -> Game:
        """The game of ``data``'s ruleset with ``overrides``; it ends as ``options['ending']`` says, else after
        ``turn_limit`` or ``cap`` turns with 16.0's own victory (a game without a scenario: the engine's tests)."""
        params = {name: p.value for name, p in data.ruleset.params.items()}
        params.update(overrides or {})
        for name, value in FIXED.items():
            if name in params and params[name] != value:
                raise ValueError(f"{name} = {params[name]!r}: the engine plays only {value!r} (tcforge.engine.game.FIXED)")
        rules = Rules.from_params(params)
        board = Board(columns or rules.battlefield_columns, ranks_per_side or rules.battlefield_ranks_per_side,
                      rules.battlefield_no_mans_land_ranks, tuple(options.pop("labels", ())))
        table = rules.fire_terrain_table
        rows: dict[int, TerrainRow] = {}
        for card in data.cards:
            effects = card.effective.get("terrain_effects")
            if not effects or not isinstance(card.id, int):
                continue
            row = effects.get(table)
            if row is None:  # e.g. Foxholes in a table that has none: no modifiers
                row = {"at": 0, "he": 0, "sa": 0, "air": 0, "art": 0, "los": "clear", "movement": "fast"}
            rows[card.id] = TerrainRow(card.id, card.name, {k: row[k] for k in ("at", "he", "sa", "air", "art")},
                                       row["los"] == "blocks", row["movement"] == "slows",
                                       row.get("prohibits") == "vehicles_and_at_guns", card.name == "Hills",
                                       row.get("only_for") == "infantry")
        profiles = {card.id: Profile.of(card, rules) for card in data.cards}
        victory = int(options.pop("victory_positions", rules.victory_enemy_second_rank_positions))
        options.setdefault("ending", Ending(turn_limit, cap))
        if not rules.cards_interpretations:  # only the cards whose effect the sources describe are played
            options["unplayable"] = frozenset(c.id for c in data.cards
                                              if (c.effective.get("effect") or {}).get("basis") == "interpretation")
        return cls(data, board, params, rules, FireRules.from_ruleset(params), rows, profiles,
                   victory_positions=victory, **options)

    def card(self, card_id: int | str) -> Card:
        return self.data.cards.by_id[card_id]

