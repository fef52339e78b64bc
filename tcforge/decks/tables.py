"""The fire, morale and support odds of source 003 as exact tables.

Every number comes from a :class:`~tcforge.decks.model.FluidRules` parameter
(the Size modifiers, the dice against armour, the penetrating-hit results, the
morale thresholds and modifiers, the support intensities), so a changed
parameter changes every table. All chances are fractions.
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any

from tcforge.decks.model import CommandDeck, FluidRules, SupportTable

ZERO, ONE = Fraction(0), Fraction(1)
INTENSITIES = ("low", "medium", "all_out")


@cache
def dice_sum(n: int, sides: int = 6) -> tuple[tuple[int, Fraction], ...]:
    """The distribution of the sum of ``n`` dice of ``sides`` faces, as (total, chance) pairs."""
    dist: dict[int, Fraction] = {0: ONE}
    for _ in range(n):
        nxt: dict[int, Fraction] = defaultdict(Fraction)
        for total, p in dist.items():
            for face in range(1, sides + 1):
                nxt[total + face] += p / sides
        dist = dict(nxt)
    return tuple(sorted(dist.items()))


def at_least(n: int, target: int, sides: int = 6) -> Fraction:
    """Chance that ``n`` dice total ``target`` or more."""
    return sum((p for total, p in dice_sum(n, sides) if total >= target), ZERO)


# 5.1-5.2: hitting

def modified_size(rules: FluidRules, size: int, *, target_moving: bool = False, light_concealment: bool = False,
                  heavy_concealment: bool = False, shooter_moved: bool = False, soviet_shooter: bool = False,
                  hull_down: bool = False, range_modifier: int = 0) -> int:
    """The target's Size after 003's modifiers (5.1); ``range_modifier`` comes from the firing gun's data."""
    mods = rules["fire.size_modifiers"]
    total = size + range_modifier
    total += mods["target_moving"] if target_moving else 0
    total += mods["target_light_concealment"] if light_concealment else 0
    total += mods["target_heavy_concealment"] if heavy_concealment else 0
    total += mods["target_hull_down"] if hull_down else 0
    if shooter_moved:
        if soviet_shooter:
            total += mods["soviet_shooter_moving"]
            if not rules["fire.soviet_moving_replaces_shooter_moved"]:
                total += mods["shooter_moved"]
        else:
            total += mods["shooter_moved"]
    return total


def hit_chance(rules: FluidRules, size: int) -> Fraction:
    """One d10 (5.2): a hit when the die is at most the modified Size."""
    sides = int(rules["fire.hit_die_sides"])
    if size < 1:
        return Fraction(1, sides) if rules["fire.natural_one_hits"] else ZERO
    return Fraction(min(size, sides), sides)


def penetration_chance(rules: FluidRules, dice: int, armour: int, *, flank: bool = False) -> Fraction:
    """A hit penetrates (5.3) when the gun's d6 (one more for a flank, rear or top hit) total at least the armour."""
    extra = int(rules["fire.flank_extra_dice"]) if flank else 0
    return at_least(dice + extra, armour)


def penetrating_results(rules: FluidRules) -> dict[str, Fraction]:
    """Chance of each result of one penetrating hit (5.4); results sharing faces add up."""
    out: dict[str, Fraction] = defaultdict(Fraction)
    faces = rules["fire.penetrating_results"]
    for _, result in sorted(faces.items()):
        out[result] += Fraction(1, len(faces))
    return dict(out)


def out_of_action(rules: FluidRules, hits: int = 1) -> Fraction:
    """Chance that ``hits`` penetrating hits put the tank out of action (at least one of 5.4's fatal results)."""
    fatal = sum((p for r, p in penetrating_results(rules).items() if r in rules["fire.out_of_action_results"]), ZERO)
    return 1 - (1 - fatal) ** hits


@dataclass
class Shot:
    miss: Fraction
    no_penetration: Fraction  # hit, armour holds: the target tests morale (6.1)
    penetrating: Fraction
    out_of_action: Fraction


def shot(rules: FluidRules, size: int, dice: int, armour: int, *, flank: bool = False) -> Shot:
    """One shot at a modified Size, with the gun's dice against the armour: what happens, exactly."""
    hit = hit_chance(rules, size)
    pen = penetration_chance(rules, dice, armour, flank=flank)
    return Shot(1 - hit, hit * (1 - pen), hit * pen, hit * pen * out_of_action(rules))


# 6.0: morale

@dataclass
class Morale:
    modifier: int
    passed: Fraction
    suppressed: Fraction
    abandoned: Fraction


def morale(rules: FluidRules, modifier: int) -> Morale:
    """2d6 + modifier: pass at the threshold or more; abandoned at the abandon score or less; suppressed between."""
    need, abandon = int(rules["morale.pass_at_least"]), int(rules["morale.abandon_at_most"])
    passed = suppressed = abandoned = ZERO
    for total, p in dice_sum(int(rules["morale.dice"])):
        score = total + modifier
        if score >= need:
            passed += p
        elif score <= abandon:
            abandoned += p
        else:
            suppressed += p
    return Morale(modifier, passed, suppressed, abandoned)


def morale_modifier_range(rules: FluidRules) -> range:
    """From the worst total a crew can have (the two worst quality lines and the suppressed-again penalty, since
    the project adds modifiers up) to the best single quality line."""
    mods = rules["morale.modifiers"]
    situation = mods.get("suppressed_and_struck_again", 0)
    quality = sorted(v for k, v in mods.items() if k != "suppressed_and_struck_again")
    worst = sum(v for v in quality[:2] if v < 0) + min(situation, 0)
    return range(worst, max(quality) + 1)


# 7.0: air and artillery support

def intensity(rules: FluidRules, nation: str) -> dict[str, Fraction]:
    """Chance of each support intensity on the nation's d6 (7.1)."""
    faces = rules["support.intensity"][nation]
    return {level: Fraction(len(faces.get(level, [])), 6) for level in INTENSITIES}


def expected_templates(rules: FluidRules, nation: str) -> Fraction:
    templates = rules["support.templates"]
    return sum((p * templates[level] for level, p in intensity(rules, nation).items()), ZERO)


def attacker_dice(rules: FluidRules, attacker: str) -> int:
    return int(rules[f"support.{attacker}_dice"])


def support_kill(rules: FluidRules, attacker: str, size: int, armour: int, *, armoured: bool = True) -> Fraction:
    """One target under a template (7.3): hit on the target's Size, then the attacker's dice
    (one more against an armoured vehicle) at least its armour."""
    extra = int(rules["support.armour_extra_dice"]) if armoured else 0
    return hit_chance(rules, size) * at_least(attacker_dice(rules, attacker) + extra, armour)


def support_outcomes(deck: CommandDeck, table: SupportTable) -> dict[str, Fraction]:
    """Chance of each kind of attacker (bomber, fighter, artillery, none) a support card brings, following linked tables."""
    out: dict[str, Fraction] = defaultdict(Fraction)

    def follow(t: SupportTable, weight: Fraction, depth: int) -> None:
        faces = 1 if t.die == "none" else 6
        for result in t.results:
            p = weight * (Fraction(len(result.rolls), faces) if t.die != "none" else ONE)
            if result.table and depth < 5:
                follow(deck.support_tables[result.table], p, depth + 1)
            else:
                out[result.attacker or "none"] += p

    follow(table, ONE, 0)
    return dict(out)


def tables_json(rules: FluidRules, deck: CommandDeck | None, *, max_dice: int = 5, max_armour: int = 24,
                sizes: range = range(-2, 12)) -> dict[str, Any]:
    def fx(v: Fraction) -> dict[str, Any]:
        return {"fraction": str(v), "value": float(v)}

    out: dict[str, Any] = {
        "rules": rules.id,
        "size_modifiers": dict(rules["fire.size_modifiers"]),
        "hit": {str(s): fx(hit_chance(rules, s)) for s in sizes},
        "penetration": {f"{n}{'+flank' if flank else ''}": {str(a): fx(penetration_chance(rules, n, a, flank=flank))
                                                             for a in range(1, max_armour + 1)}
                        for n in range(1, max_dice + 1) for flank in (False, True)},
        "penetrating_results": {r: fx(p) for r, p in penetrating_results(rules).items()},
        "out_of_action": {str(h): fx(out_of_action(rules, h)) for h in range(1, 4)},
        "morale_modifiers": dict(rules["morale.modifiers"]),
        "morale": {str(m): {"pass": fx(r.passed), "suppressed": fx(r.suppressed), "abandoned": fx(r.abandoned)}
                   for m in morale_modifier_range(rules) for r in [morale(rules, m)]},
        "support_intensity": {n: {**{lvl: fx(p) for lvl, p in intensity(rules, n).items()},
                                  "expected_templates": fx(expected_templates(rules, n))}
                              for n in rules["support.intensity"]},
        "support_attack": {a: {str(armour): fx(at_least(attacker_dice(rules, a) + int(rules["support.armour_extra_dice"]), armour))
                               for armour in range(1, max_armour + 1)}
                           for a in ("bomber", "fighter", "artillery")},
    }
    if deck is not None:
        out["support_cards"] = {t.id: {k: fx(v) for k, v in support_outcomes(deck, t).items()}
                                for t in deck.support_tables.values()}
    return out
