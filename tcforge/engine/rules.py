"""The ruleset's parameters as one typed, frozen object, checked once when a game is made.

A :class:`Rules` has a field for every parameter of the base ruleset
(data/rulesets/six-pack-r3.yaml): its name with ``_`` for ``.``, the kind of
its value, and for the choices the values the engine plays. The engine reads
``game.rules.fire_max_range`` where it read ``params["fire.max_range"]``: a
misspelt name fails where it is written, and a value of the wrong kind or
outside its choices is refused, all problems at once, when the game is made.
"""
from __future__ import annotations

import typing
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any, Literal


class RulesError(ValueError):
    """Ruleset parameters the engine cannot play; the message has one line per problem."""


def _param(name: str) -> Any:
    return field(metadata={"param": name})


@dataclass(frozen=True, slots=True, eq=False)
class Rules:
    """Every ruleset parameter, typed (see each parameter's rule case and meaning in the ruleset files)."""

    # turn
    turn_initiative: Literal["roll"] = _param("turn.initiative")
    turn_supply_points: int = _param("turn.supply_points")
    turn_max_supply_points: int = _param("turn.max_supply_points")
    turn_move_cost: int = _param("turn.move_cost")
    turn_fire_cost: int = _param("turn.fire_cost")
    turn_instant_cost: int = _param("turn.instant_cost")
    turn_draw_cost: int = _param("turn.draw_cost")
    turn_cards_per_action: int = _param("turn.cards_per_action")
    turn_card_may_move_twice: bool = _param("turn.card_may_move_twice")
    turn_card_may_fire_twice: bool = _param("turn.card_may_fire_twice")
    turn_hand_limit: int = _param("turn.hand_limit")
    turn_initial_hand: int = _param("turn.initial_hand")
    # battlefield
    battlefield_columns: int = _param("battlefield.columns")
    battlefield_ranks_per_side: int = _param("battlefield.ranks_per_side")
    battlefield_no_mans_land_ranks: int = _param("battlefield.no_mans_land_ranks")
    # stacking
    stacking_combat_cards: int = _param("stacking.combat_cards")
    stacking_trucks: int = _param("stacking.trucks")
    stacking_half_tracks_count_as: Literal["combat", "truck"] = _param("stacking.half_tracks_count_as")
    stacking_check: Literal["at_rest"] = _param("stacking.check")
    # movement
    movement_fast_positions: int = _param("movement.fast_positions")
    movement_slow_positions: int = _param("movement.slow_positions")
    movement_slowing_terrain: Literal["adjacent_only"] = _param("movement.slowing_terrain")
    movement_woods_immobilise_max_roll: int = _param("movement.woods_immobilise_max_roll")
    movement_tank_restriction_in_clear: bool = _param("movement.tank_restriction_in_clear")
    movement_tanks_per_carried_squad: int = _param("movement.tanks_per_carried_squad")
    movement_towing: bool = _param("movement.towing")
    movement_carried_cards_count: bool = _param("movement.carried_cards_count")
    movement_melee_exit_way_back: bool = _param("movement.melee_exit_way_back")
    # fire
    fire_max_range: int = _param("fire.max_range")
    fire_los_knight_move: Literal["either_clear", "both_clear"] = _param("fire.los_knight_move")
    fire_hills_see_over_adjacent: bool = _param("fire.hills_see_over_adjacent")
    fire_flank_rolls: tuple[int, ...] = _param("fire.flank_rolls")
    fire_melee_flank_rolls: tuple[int, ...] = _param("fire.melee_flank_rolls")
    fire_immobilise_rolls: tuple[int, ...] = _param("fire.immobilise_rolls")
    fire_natural_specials_need_hit: bool = _param("fire.natural_specials_need_hit")
    fire_flank_result: Literal["to_kill_side_armor", "kill"] = _param("fire.flank_result")
    fire_to_kill_table: dict[str, int] = _param("fire.to_kill_table")  # noqa: RUF009 - _param is a dataclasses.field
    fire_to_kill_dud_roll: int = _param("fire.to_kill_dud_roll")
    fire_flank_shot_halve_rolls: tuple[int, ...] = _param("fire.flank_shot_halve_rolls")
    fire_min_halved_armor: int = _param("fire.min_halved_armor")
    fire_he_long_range_modifier: int = _param("fire.he_long_range_modifier")
    fire_at_gun_min_he: int = _param("fire.at_gun_min_he")
    fire_ft_melee_only: bool = _param("fire.ft_melee_only")
    fire_sa_long_range: bool = _param("fire.sa_long_range")
    fire_terrain_table: str = _param("fire.terrain_table")
    fire_terrain_into_only: bool = _param("fire.terrain_into_only")
    fire_mounted_infantry_fires: bool = _param("fire.mounted_infantry_fires")
    fire_tank_classes: tuple[str, ...] = _param("fire.tank_classes")
    fire_melee_excludes_ranged: bool = _param("fire.melee_excludes_ranged")
    # smoke
    smoke_enabled: bool = _param("smoke.enabled")
    smoke_fire_modifier: int = _param("smoke.fire_modifier")
    smoke_melee_modifier: int = _param("smoke.melee_modifier")
    smoke_blocks_los: bool = _param("smoke.blocks_los")
    smoke_by_he_fire: bool = _param("smoke.by_he_fire")
    # hmg
    hmg_enabled: bool = _param("hmg.enabled")
    hmg_sa_bonus: int = _param("hmg.sa_bonus")
    hmg_long_range_sa: int = _param("hmg.long_range_sa")
    hmg_spray_sa: int = _param("hmg.spray_sa")
    hmg_assault_first_round: bool = _param("hmg.assault_first_round")
    # equipment
    equipment_panzerfaust_he_modifier: int = _param("equipment.panzerfaust_he_modifier")
    equipment_max_per_squad: int = _param("equipment.max_per_squad")
    equipment_orphans: bool = _param("equipment.orphans")
    # melee
    melee_terrain: Literal["fortifications_only", "all"] = _param("melee.terrain")
    melee_procedure: Literal["simultaneous", "declared"] = _param("melee.procedure")
    melee_tank_melee_modifiers: dict[str, int] = _param("melee.tank_melee_modifiers")  # noqa: RUF009 - _param is a dataclasses.field
    melee_unsupported_tank_modifier: int = _param("melee.unsupported_tank_modifier")
    melee_vehicle_fire_at_soft: Literal["he_or_sa", "sa_only"] = _param("melee.vehicle_fire_at_soft")
    # deck
    deck_max_identical_special_events: int = _param("deck.max_identical_special_events")
    # victory
    victory_enemy_second_rank_positions: int = _param("victory.enemy_second_rank_positions")
    victory_check: Literal["instant", "end_of_turn", "given_turn"] = _param("victory.check")
    victory_break_through: bool = _param("victory.break_through")  # 001 Attack/Defense
    victory_zone_taken: Literal["control", "capture"] = _param("victory.zone_taken")  # 16.0 or 001's captures
    # setup
    setup_random_terrain_cards: int = _param("setup.random_terrain_cards")
    setup_max_per_terrain_type: int = _param("setup.max_per_terrain_type")
    # cards
    cards_interpretations: bool = _param("cards.interpretations")
    cards_swamp_only_on_clear: bool = _param("cards.swamp_only_on_clear")
    cards_stream_between_zones: bool = _param("cards.stream_between_zones")
    # hidden units (001 optional rules 1.0-1.10)
    hidden_units: bool = _param("hidden.units")
    # opportunity fire (001 optional rules 2.0-2.2)
    opportunity_fire: bool = _param("opportunity.fire")
    opportunity_modifier: int = _param("opportunity.modifier")
    # unspotted indirect fire (001)
    indirect_unspotted_modifier: int = _param("indirect.unspotted_modifier")

    @classmethod
    def from_params(cls, params: Mapping[str, Any]) -> Rules:
        """The rules of a parameter set (a ruleset with any overrides); :class:`RulesError` lists every problem."""
        values: dict[str, Any] = {}
        problems: list[str] = []
        for spec in _SPECS:
            if spec.param not in params:
                problems.append(f"{spec.param}: missing; every parameter of the base ruleset needs a value")
                continue
            value, problem = spec.convert(params[spec.param])
            if problem:
                problems.append(f"{spec.param} = {params[spec.param]!r}: {problem}")
            values[spec.field] = value
        known = {spec.param for spec in _SPECS}
        problems.extend(f"{name}: not a parameter the engine knows; check the spelling against "
                        "data/rulesets/six-pack-r3.yaml" for name in params if name not in known)
        if problems:
            raise RulesError("\n".join(problems))
        return cls(**values)


@dataclass(frozen=True)
class _Spec:
    """How one parameter's value is checked and converted."""

    param: str
    field: str
    kind: Any  # the field's type

    def convert(self, value: Any) -> tuple[Any, str]:
        """(the field's value, "") or (None, what is wrong)."""
        kind = self.kind
        origin = typing.get_origin(kind)
        if kind is bool:
            return (value, "") if isinstance(value, bool) else (None, "must be true or false")
        if kind is int:
            return (value, "") if _is_int(value) else (None, "must be a whole number")
        if kind is str:
            return (value, "") if isinstance(value, str) else (None, "must be text")
        if origin is Literal:
            choices = typing.get_args(kind)
            return (value, "") if value in choices else (None, "must be one of " + ", ".join(choices))
        if origin is tuple:
            item = typing.get_args(kind)[0]
            ok = isinstance(value, (list, tuple)) and all(_is_int(v) if item is int else isinstance(v, item) for v in value)
            return (tuple(value), "") if ok else (None, f"must be a list of {'whole numbers' if item is int else 'texts'}")
        if origin is dict:
            ok = isinstance(value, dict) and all(isinstance(k, str) and _is_int(v) for k, v in value.items())
            return (dict(value), "") if ok else (None, "must be a table of whole numbers")
        raise TypeError(f"Rules.{self.field}: no check for {kind!r}")


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


_HINTS = typing.get_type_hints(Rules)
_SPECS = tuple(_Spec(f.metadata["param"], f.name, _HINTS[f.name]) for f in fields(Rules))
