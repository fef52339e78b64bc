"""One attack, resolved roll by roll (9.3, 9.3.1, 9.3.2, 9.4, 10.0).

These pure functions are the only place where a die roll becomes a result.
The game state calls them as its chance outcomes arrive; the exact odds
calculator walks every outcome through the very same functions, so the odds
it prints are the engine's odds by construction.

A roll *hits* when ``roll + modifier <= hit`` (terrain and other modifiers are
added to the random number, 9.5). Against an armored target, anti-tank fire
then looks at the natural roll: a flank roll strikes side armor (9.3.1), an
immobilise roll immobilises a vehicle instead of rolling to kill (9.3.2);
otherwise the To Kill table gives the roll needed for penetration minus armor.
"""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import Any

KILL, IMMOBILIZE, MISS, NO_EFFECT = "kill", "immobilize", "miss", "no_effect"
DIE = tuple(range(1, 11))  # 7.0: a ten-sided die, 0 read as 10


@dataclass(frozen=True, slots=True)
class FireRules:
    """The ruleset parameters attack resolution reads."""

    flank_rolls: frozenset[int]
    melee_flank_rolls: frozenset[int]
    immobilise_rolls: frozenset[int]
    natural_specials_need_hit: bool
    flank_result: str
    to_kill: tuple[tuple[int, int], ...]  # (difference, roll needed), sorted by difference
    dud_roll: int
    flank_shot_halve_rolls: frozenset[int]
    min_halved_armor: int

    @classmethod
    def from_ruleset(cls, ruleset: Any) -> FireRules:
        table = tuple(sorted((int(k), int(v)) for k, v in ruleset["fire.to_kill_table"].items()))
        return cls(frozenset(ruleset["fire.flank_rolls"]), frozenset(ruleset["fire.melee_flank_rolls"]),
                   frozenset(ruleset["fire.immobilise_rolls"]), bool(ruleset["fire.natural_specials_need_hit"]),
                   str(ruleset["fire.flank_result"]), table, int(ruleset["fire.to_kill_dud_roll"]),
                   frozenset(ruleset["fire.flank_shot_halve_rolls"]), int(ruleset["fire.min_halved_armor"]))

    def kill_number(self, difference: int) -> int:
        """The To Kill table (9.3): the roll needed, differences beyond the ends using the end values."""
        low_diff, low_roll = self.to_kill[0]
        if difference <= low_diff:
            return low_roll
        high_diff, high_roll = self.to_kill[-1]
        if difference >= high_diff:
            return high_roll
        for diff, roll in self.to_kill:
            if diff == difference:
                return roll
        raise ValueError(f"the To Kill table has no row for {difference}")


@dataclass(frozen=True, slots=True)
class Attack:
    """Everything one attack needs, computed by the state before the dice roll."""

    kind: str  # at, he, sa, ft, tmv, and card attacks
    hit: int  # roll this or less (after modifiers) to hit
    modifier: int = 0  # added to the roll: terrain, smoke, long-range HE, ...
    anti_tank: bool = False  # penetration against armor: natural rolls and the To Kill table apply
    vehicle: bool = False  # the target is a vehicle (a natural 2 may immobilise it)
    penetration: int = 0
    armor_front: int = 0
    armor_side: int = 0
    flank_shot: bool = False  # a Flank Shot card was played for this shot
    melee: bool = False
    on_hit: str = KILL  # what a hit does when no armor roll follows (barrages immobilise armor)
    immobilise_to: int = 0  # a roll that misses but is this or less immobilises (mines against vehicles)

    def flank_rolls(self, rules: FireRules) -> frozenset[int]:
        return rules.melee_flank_rolls if self.melee else rules.flank_rolls


_MADE: dict[tuple[object, ...], Attack] = {}  # attacks by their values (see :func:`made`)


def made(*values: Any) -> Attack:
    """The attack of these values (positional, in :class:`Attack`'s order): an attack is a frozen value, so one
    object serves every attack that has the same values (making one was a tenth of a game's engine time), and the
    players' odds can look it up by its identity."""
    found = _MADE.get(values)
    if found is None:
        if len(_MADE) >= 65536:
            _MADE.clear()
        found = _MADE[values] = Attack(*values)
    return found


def to_hit(attack: Attack, rules: FireRules, roll: int) -> tuple[str, int]:
    """The result of the to-hit roll: (KILL|IMMOBILIZE|MISS, 0), or ("to_kill", roll needed to kill)."""
    hit = roll + attack.modifier <= attack.hit
    if not attack.anti_tank:
        if hit:
            return attack.on_hit, 0
        if roll + attack.modifier <= attack.immobilise_to:
            return IMMOBILIZE, 0
        return MISS, 0
    special_counts = hit or not rules.natural_specials_need_hit
    if attack.vehicle and roll in rules.immobilise_rolls and special_counts:
        return IMMOBILIZE, 0
    flank = roll in attack.flank_rolls(rules) and special_counts
    if not hit and not flank:
        return MISS, 0
    armor = attack.armor_front
    if flank or attack.flank_shot:
        armor = attack.armor_side
        if attack.flank_shot and roll in (attack.flank_rolls(rules) if attack.melee else rules.flank_shot_halve_rolls):
            armor = max(rules.min_halved_armor, armor // 2)
    if flank and rules.flank_result == KILL:
        return KILL, 0
    return "to_kill", rules.kill_number(attack.penetration - armor)


def to_kill(kill_number: int, rules: FireRules, roll: int) -> str:
    """The To Kill roll (9.3 step 4): no modifiers, and the dud roll never kills."""
    if roll == rules.dud_roll:
        return NO_EFFECT
    return KILL if roll <= kill_number else NO_EFFECT


def paths(attack: Attack, rules: FireRules) -> Iterator[tuple[tuple[int, ...], str]]:
    """Every sequence of rolls of one attack and its result, each sequence equally likely per roll."""
    for roll in DIE:
        result, needed = to_hit(attack, rules, roll)
        if result != "to_kill":
            yield (roll,), result
            continue
        for second in DIE:
            yield (roll, second), to_kill(needed, rules, second)


TENTH = Fraction(1, 10)


@dataclass(frozen=True)
class RollLine:
    """What one natural to-hit roll does."""

    roll: int
    result: str  # kill, immobilize, miss, or to_kill
    kill_number: int = 0  # for to_kill: the To Kill roll needed
    kill_chance: Fraction = Fraction(0)
    flank: bool = False  # the hit strikes side armor (9.3.1)


@dataclass(frozen=True)
class Odds:
    hit: Fraction
    kill: Fraction
    immobilize: Fraction
    no_effect: Fraction
    attack: Attack
    rolls: tuple[RollLine, ...] = field(default=())

    def to_json(self) -> dict[str, Any]:
        values = {"hit": self.hit, "kill": self.kill, "immobilize": self.immobilize, "no_effect": self.no_effect}
        return {**{k: float(v) for k, v in values.items()}, "exact": {k: str(v) for k, v in values.items()}}


@lru_cache(maxsize=64)
def _kill_chance(kill_number: int, rules: FireRules) -> Fraction:
    return sum((TENTH for roll in DIE if to_kill(kill_number, rules, roll) == KILL), Fraction(0))


@lru_cache(maxsize=65536)
def attack_odds(attack: Attack, rules: FireRules) -> Odds:
    """The exact outcome probabilities of one attack."""
    hit = kill = immobilize = Fraction(0)
    lines = []
    for roll in DIE:
        result, needed = to_hit(attack, rules, roll)
        if result == "to_kill":
            chance = _kill_chance(needed, rules)
            hit += TENTH
            kill += TENTH * chance
            flank = attack.flank_shot or roll in attack.flank_rolls(rules)
            lines.append(RollLine(roll, result, needed, chance, flank))
        else:
            if result == KILL:
                hit += TENTH
                kill += TENTH
            elif result == IMMOBILIZE:
                hit += TENTH
                immobilize += TENTH
            lines.append(RollLine(roll, result))
    return Odds(hit, kill, immobilize, 1 - kill - immobilize, attack, tuple(lines))


