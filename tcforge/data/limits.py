"""What a ruleset parameter may be set to: the kind of its value, the range of a number, the choices of a text.

A ruleset file, a scenario's ``ruleset: parameters:``, a sweep's ``parameters`` and ``--set NAME=VALUE`` all
replace parameter values; :func:`parameter_problem` says, in one line, why a value cannot replace the ruleset's
(a float where the engine counts, a negative hand limit, zero Supply points, a choice the engine does not play),
so that it is refused when the scenario is loaded, before any game, rather than inside a worker process.

The ranges are wide (every value of the bundled rulesets and of any plausible variant) and exclude only what no
rule could mean: a count below one, a die roll off a d10, a board larger than the scenario schema allows. The
choices are the values the engine plays (``tcforge.engine.rules.Rules`` and ``tcforge.engine.game.FIXED``; a test
keeps them in step).
"""
from __future__ import annotations

import datetime
import json
import math
import re
from typing import Any

import yaml

from tcforge.bounds import shown
from tcforge.data.yamlsafe import text_faults

D10 = (1, 10)  # a die roll
MODIFIER = (-30, 30)  # a modifier or a fire value: the largest printed values are in the twenties

# parameter -> (least, most, what one unit is): whole numbers only.
NUMBERS: dict[str, tuple[int, int, str]] = {
    "turn.supply_points": (1, 20, "Supply points a turn"),
    "turn.max_supply_points": (1, 20, "Supply points"),
    "turn.move_cost": (1, 20, "Supply points"),
    "turn.fire_cost": (1, 20, "Supply points"),
    "turn.instant_cost": (1, 20, "Supply points"),
    "turn.draw_cost": (1, 20, "Supply points"),
    "turn.cards_per_action": (1, 12, "cards"),
    "turn.hand_limit": (1, 60, "cards"),
    "turn.initial_hand": (1, 60, "cards"),
    "battlefield.columns": (1, 10, "positions a rank"),  # the scenario schema's bounds
    "battlefield.ranks_per_side": (1, 6, "ranks"),
    "battlefield.no_mans_land_ranks": (0, 6, "ranks"),
    "stacking.combat_cards": (1, 12, "cards"),
    "stacking.trucks": (1, 12, "cards"),
    "movement.fast_positions": (1, 9, "positions"),
    "movement.slow_positions": (1, 9, "positions"),
    "movement.woods_immobilise_max_roll": (0, 10, "a d10 roll (0: never)"),
    "movement.tanks_per_carried_squad": (1, 4, "tanks"),
    "fire.max_range": (1, 9, "positions"),
    "fire.to_kill_dud_roll": (*D10, "a d10 roll"),
    "fire.min_halved_armor": (0, 30, "armor"),
    "fire.he_long_range_modifier": (*MODIFIER, "a modifier"),
    "fire.at_gun_min_he": (0, 30, "HE"),
    "smoke.fire_modifier": (*MODIFIER, "a modifier"),
    "smoke.melee_modifier": (*MODIFIER, "a modifier"),
    "hmg.sa_bonus": (*MODIFIER, "SA"),
    "hmg.long_range_sa": (*MODIFIER, "SA"),
    "hmg.spray_sa": (*MODIFIER, "SA"),
    "equipment.panzerfaust_he_modifier": (*MODIFIER, "a modifier"),
    "equipment.max_per_squad": (0, 9, "cards (0: any number)"),
    "melee.unsupported_tank_modifier": (*MODIFIER, "a modifier"),
    "deck.max_identical_special_events": (1, 60, "cards"),
    "victory.enemy_second_rank_positions": (1, 10, "positions"),
    "setup.random_terrain_cards": (0, 60, "cards"),
    "setup.max_per_terrain_type": (1, 60, "cards"),
    "opportunity.modifier": (*MODIFIER, "a modifier"),
    "indirect.unspotted_modifier": (*MODIFIER, "a modifier"),
}
# parameter -> (least, most) of each whole number in its list (die rolls) or of each value of its table.
ITEMS: dict[str, tuple[int, int]] = {
    "fire.flank_rolls": D10,
    "fire.melee_flank_rolls": D10,
    "fire.immobilise_rolls": D10,
    "fire.flank_shot_halve_rolls": D10,
    "fire.to_kill_table": D10,
    "melee.tank_melee_modifiers": MODIFIER,
}
MAX_ITEMS = 20  # entries of a list or table parameter: the longest bundled one has 9
# parameter -> the values the engine plays (the others are refused when a game is made).
CHOICES: dict[str, tuple[Any, ...]] = {
    "turn.initiative": ("roll",),
    "stacking.half_tracks_count_as": ("combat", "truck"),
    "stacking.check": ("at_rest",),
    "movement.slowing_terrain": ("adjacent_only",),
    "fire.los_knight_move": ("either_clear", "both_clear"),
    "fire.flank_result": ("to_kill_side_armor", "kill"),
    "fire.ft_melee_only": (True,),
    "fire.terrain_into_only": (True,),
    "fire.mounted_infantry_fires": (False,),
    "melee.terrain": ("fortifications_only", "all"),
    "melee.procedure": ("simultaneous", "declared"),
    "melee.vehicle_fire_at_soft": ("he_or_sa", "sa_only"),
    "victory.check": ("instant", "end_of_turn", "given_turn"),
    "victory.zone_taken": ("control", "capture"),
}


def value_kind(value: Any) -> str:
    """The kind of a parameter's value, in words: an override must keep the kind of the value it replaces."""
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, (int, float)):
        return "number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list):
        return "list"
    return "table"


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _shown(value: Any) -> str:
    """A parameter value as a message quotes it: true/false, a text in quotes, cut (:func:`tcforge.bounds.shown`)."""
    text = "true" if value is True else "false" if value is False else repr(value) if isinstance(value, str) else str(value)
    return shown(text, count=False)


def parameter_problem(name: str, value: Any, base: Any) -> str:
    """Why ``value`` cannot replace ``base`` (the ruleset's value) as parameter ``name``, with what is allowed;
    "" when it can."""
    if value_kind(value) != value_kind(base):
        return f"'{name}' must be {value_kind(base)} like the ruleset's {_shown(base)}, not {value_kind(value)}"
    if isinstance(value, float) and not math.isfinite(value):
        return f"'{name}' is {_shown(value)}: give a finite number"
    if _whole(base) and not _whole(value):
        return f"'{name}' must be a whole number like the ruleset's {_shown(base)}, not {_shown(value)}"
    if name in NUMBERS and _whole(value):
        lo, hi, unit = NUMBERS[name]
        if not lo <= value <= hi:
            return f"'{name}' is {value}: give a whole number from {lo} to {hi} ({unit})"
    if name in CHOICES and value not in CHOICES[name]:
        return (f"'{name}' is {_shown(value)}: the engine plays only "
                + " or ".join(_shown(c) for c in CHOICES[name]))
    if isinstance(value, (list, dict)):
        items = list(value.values()) if isinstance(value, dict) else value
        if len(items) > MAX_ITEMS:
            return f"'{name}' has {len(items)} entries: give at most {MAX_ITEMS}"
        before = list(base.values()) if isinstance(base, dict) else list(base)
        kinds = {value_kind(b) for b in before}
        whole = bool(before) and all(_whole(b) for b in before)
        lo, hi = ITEMS.get(name, (0, 0))
        for item in items:
            if kinds and value_kind(item) not in kinds:
                return f"'{name}' holds {_shown(item)}: each entry is {' or '.join(sorted(kinds))}, like the ruleset's"
            if isinstance(item, float) and not math.isfinite(item):
                return f"'{name}' holds {_shown(item)}: give finite numbers"
            if whole and not _whole(item):
                return f"'{name}' holds {_shown(item)}: each entry is a whole number"
            if whole and name in ITEMS and not lo <= item <= hi:
                return f"'{name}' holds {item}: each entry is a whole number from {lo} to {hi}"
    return ""


MAX_VALUE_TEXT = 200  # characters of one --set value: the scenario schema's limit of a text value
_NAME = re.compile(r"^[a-z_]+\.[a-z0-9_]+$")  # the scenario schema's pattern of a parameter name
# a lever of one side or of the scenario's own fields (tcforge.scenarios.levers): soviet.supply_points,
# scenario.reinforcements.german.2.turn, scenario.victory.take-the-hill.shift
_LEVER = re.compile(r"^[a-z][a-z0-9_-]*(\.[a-z0-9][a-z0-9_-]*){1,4}$")
_PLAIN_TAGS = (None, "!")
_HOW = "write a number, true or false, a word, a list [1, 3] or a table {8: 0}; quote a text that YAML would read otherwise"


class SetError(ValueError):
    """A ``--set`` text that is not NAME=VALUE with a plain value; the message says what is wrong and how to write it."""


def parse_set(text: str) -> dict[str, Any]:
    """The overrides of one ``--set`` text, ``NAME=VALUE[;NAME=VALUE]``, each value read as plain YAML: a number,
    true/false, a text, or a flat list or table of those. Raises :class:`SetError` for anything else: YAML that
    does not parse, anchors and aliases, tags, dates, nested lists, a value longer than :data:`MAX_VALUE_TEXT`
    characters. Whether the value suits the parameter is :func:`parameter_problem`'s question, asked when the
    scenario is loaded."""
    overrides: dict[str, Any] = {}
    for part in filter(None, (p.strip() for p in text.split(";"))):
        name, eq, value = part.partition("=")
        name = name.strip()
        if not eq or not name:
            raise SetError(f"'{shown(part, count=False)}': write NAME=VALUE, several joined by ';' (turn.hand_limit=6)")
        _check_name(name)
        if name in overrides:
            raise SetError(f"'{name}' is set twice in one --set: set it once")
        overrides[name] = parse_value(name, value.strip())
    if not overrides:
        raise SetError("nothing to set: write NAME=VALUE, several joined by ';' (turn.hand_limit=6)")
    return overrides


def _check_name(name: str) -> None:
    if not (_NAME.match(name) or (_LEVER.match(name) and len(name) <= 120)):
        raise SetError(f"'{shown(name, count=False)}' is not a parameter name: names are section.name in lower case "
                       "(turn.hand_limit) or levers (soviet.supply_points, "
                       "scenario.turn_limit); 'tcforge scenario levers SCENARIO' lists them")


def check_override(name: Any, value: Any) -> Any:
    """One override already parsed, read back from a game log's set-up rather than typed: the name and value rules
    of :func:`parse_set` (a name of a parameter or lever; a number, true/false, a one-line text, or a flat list or
    table of those, written in at most :data:`MAX_VALUE_TEXT` characters). The value as ``--set`` gives it (a table's
    keys as text); raises :class:`SetError`."""
    if not isinstance(name, str):
        raise SetError(f"{shown(repr(name), count=False)} is not a parameter name: a name is text")
    _check_name(name)
    text = json.dumps(value, ensure_ascii=False, default=str)
    if len(text) > MAX_VALUE_TEXT:
        raise SetError(f"the value of '{name}' is {len(text):,} characters long: write it in at most {MAX_VALUE_TEXT}")
    items = list(value.values()) if isinstance(value, dict) else value if isinstance(value, list) else []
    if any(isinstance(item, (list, dict)) for item in items):
        raise SetError(f"the value of '{name}', {shown(text, count=False)}, nests a list or table in another: {_HOW}")
    if not isinstance(value, (bool, int, float, str, list, dict)) or any(
            not isinstance(item, (bool, int, float, str)) for item in items):
        raise SetError(f"the value of '{name}', {shown(text, count=False)}, is not a number, true/false, a text, a "
                       f"list or a table: {_HOW}")
    if any(isinstance(v, float) and not math.isfinite(v) for v in [value, *items]):
        raise SetError(f"the value of '{name}', {shown(text, count=False)}, is not a finite number: give one")
    return _plain(name, text, value)


def parse_value(name: str, text: str) -> Any:
    """One ``--set`` value (see :func:`parse_set`)."""
    if len(text) > MAX_VALUE_TEXT:
        raise SetError(f"the value of '{name}' is {len(text):,} characters long: write it in at most {MAX_VALUE_TEXT}")
    _plain_text(name, text)
    if not text:
        raise SetError(f"no value for '{name}': {_HOW}")
    depth = 0
    try:
        for event in yaml.parse(text, Loader=yaml.SafeLoader):
            if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None):
                raise SetError(f"the value of '{name}', {shown(text, count=False)}, uses a YAML anchor or alias (&, *): {_HOW}")
            if isinstance(event, (yaml.ScalarEvent, yaml.CollectionStartEvent)) and event.tag not in _PLAIN_TAGS:
                tag = shown(str(event.tag).replace("tag:yaml.org,2002:", "!!"), 30, count=False)
                raise SetError(f"the value of '{name}', {shown(text, count=False)}, has a YAML tag ({tag}): {_HOW}")
            if isinstance(event, yaml.CollectionStartEvent):
                depth += 1
                if depth > 1:
                    raise SetError(f"the value of '{name}', {shown(text, count=False)}, nests a list or table in another: {_HOW}")
            elif isinstance(event, yaml.CollectionEndEvent):
                depth -= 1
        value = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        what = getattr(exc, "problem", None) or "not YAML"
        raise SetError(f"the value of '{name}', {shown(text, count=False)}, cannot be read ({what}): {_HOW}") from None
    return _plain(name, text, value)


def _plain(name: str, text: str, value: Any) -> Any:
    if isinstance(value, dict):
        if any(not isinstance(k, (str, int)) or isinstance(k, bool) for k in value):
            raise SetError(f"the table of '{name}', {shown(text, count=False)}, has a key that is not a word or a number: {_HOW}")
        return {str(k): _plain(name, text, v) for k, v in value.items()}  # 8: 0 means "8": 0, as in the data files
    if isinstance(value, list):
        return [_plain(name, text, v) for v in value]
    if value is None:
        raise SetError(f"the value of '{name}', {shown(text, count=False)}, is empty (null): {_HOW}")
    if isinstance(value, (datetime.date, datetime.datetime)):
        raise SetError(f"the value of '{name}', {shown(text, count=False)}, is a date, which no parameter takes; quote it if a text "
                       f"was meant ('{shown(text, count=False)}')")
    if isinstance(value, bytes):
        raise SetError(f"the value of '{name}' is binary: {_HOW}")
    if isinstance(value, str):  # "\u200b" in double quotes is read as the character itself
        _plain_text(name, value)
    return value


def _plain_text(name: str, text: str) -> None:
    """Refuse a --set value (as typed, or a text YAML read from it) that is not one line of printable characters: the
    data's one rule for a text (:func:`tcforge.data.yamlsafe.text_faults`: control characters, terminal escapes and
    invisible format characters), and no line break, which that rule lets through and a --set value never needs."""
    for fault in text_faults(text, f"the value of '{name}'"):
        if fault.code == "text-control":
            raise SetError(f"{fault.message}: remove it")
    if "\n" in text:
        raise SetError(f"the value of '{name}' holds a line break at character {text.index(chr(10)) + 1}: a --set value "
                       "is one line; remove it")



__all__ = ["CHOICES", "ITEMS", "MAX_ITEMS", "MAX_VALUE_TEXT", "NUMBERS", "SetError", "check_override",
           "parameter_problem", "parse_set", "parse_value", "value_kind"]
