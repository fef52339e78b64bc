"""The 003 fire, morale and support tables as rows of text: used by ``tcforge deck tables`` and the reference card."""
from __future__ import annotations

from fractions import Fraction

from tcforge.decks.model import CommandDeck, FluidRules
from tcforge.decks.tables import (
    INTENSITIES,
    at_least,
    attacker_dice,
    expected_templates,
    hit_chance,
    intensity,
    morale,
    morale_modifier_range,
    out_of_action,
    penetrating_results,
    penetration_chance,
    support_outcomes,
)

RESULT_NAMES = {"suppressed": "crew suppressed", "main_gun_disabled": "main gun disabled", "immobilized": "immobilized",
                "burning": "burning (out of action)", "massive_explosion": "massive explosion (out of action)"}
MODIFIER_NAMES = {
    "target_moving": "target moving", "target_light_concealment": "target in light concealment",
    "shooter_moved": "shooter moved", "target_heavy_concealment": "target in heavy concealment",
    "soviet_shooter_moving": "Soviet shooter moving", "target_hull_down": "target hull down",
    "fanatics_or_soviet_heavy_tank": "fanatics, Soviet heavy tank crew", "vastly_superior": "vastly superior training or equipment",
    "better_quality": "better troops or equipment", "average": "average",
        "suppressed_and_struck_again": "already suppressed, hit again this turn",
    "poor_equipment_or_training": "poor training or equipment", "demoralized_or_pressed": "demoralised or pressed troops",
    "very_poor_equipment": "very poor equipment"}


def pc(value: Fraction) -> str:
    """A chance as a whole percentage, with < 1 and > 99 kept apart from 0 and 100."""
    if value == 0:
        return "0"
    if value == 1:
        return "100"
    v = float(value) * 100
    if v < 1:
        return "<1"
    if v > 99:
        return ">99"
    return f"{v:.0f}"


def hit_rows(rules: FluidRules, sizes: range = range(0, 11)) -> list[tuple[str, str]]:
    return [(str(s), pc(hit_chance(rules, s))) for s in sizes]


def text_lines(rules: FluidRules, deck: CommandDeck | None, max_dice: int, max_armour: int) -> list[str]:
    lines = [f"Fire, morale and support odds of {rules.title['en']} ({rules.id}); chances in %", ""]
    lines.append("Size modifiers (5.1): " + ", ".join(f"{MODIFIER_NAMES.get(k, k)} {v:+d}"
                                                      for k, v in rules["fire.size_modifiers"].items()) + ", range from the gun")
    lines.append("Hit chance per shot, d10 at most the modified Size (5.2)")
    rows = hit_rows(rules, range(-1, 12))
    lines.append("  Size " + "".join(f"{s:>5}" for s, _ in rows))
    lines.append("  hit  " + "".join(f"{p:>5}" for _, p in rows))
    lines.append("")
    lines.append("Penetration chance, gun d6 total at least the armor (5.3); 'f' columns add the flank/rear/top die")
    header = "   armor" + "".join(f"{f'{n}d6':>6}{f'{n}d6f':>7}" for n in range(1, max_dice + 1))
    lines.append(header)
    for armour in range(2, max_armour + 1):
        cells = []
        for n in range(1, max_dice + 1):
            cells.append(f"{pc(penetration_chance(rules, n, armour)):>6}")
            cells.append(f"{pc(penetration_chance(rules, n, armour, flank=True)):>7}")
        lines.append(f"  {armour:>6}" + "".join(cells))
    lines.append("")
    lines.append("Penetrating hit, 1d6 each (5.4)")
    faces = rules["fire.penetrating_results"]
    for face, result in sorted(faces.items()):
        lines.append(f"  {face}: {RESULT_NAMES.get(result, result)}")
    for result, p in penetrating_results(rules).items():
        lines.append(f"  {RESULT_NAMES.get(result, result):<36} {p} ({pc(p)})")
    lines.append("  out of action after 1, 2, 3 penetrating hits: "
                 + ", ".join(f"{out_of_action(rules, h)} ({pc(out_of_action(rules, h))})" for h in (1, 2, 3)))
    lines.append("")
    lines.append(f"Morale test (6.2): {rules['morale.dice']}d6 + modifier; pass at {rules['morale.pass_at_least']}+, "
                 f"suppressed below, crew abandons at {rules['morale.abandon_at_most']} or less")
    lines.append("  modifiers: " + ", ".join(f"{MODIFIER_NAMES.get(k, k)} {v:+d}" for k, v in rules["morale.modifiers"].items()))
    lines.append("  total modifier   pass   suppressed   abandoned")
    for m in morale_modifier_range(rules):
        r = morale(rules, m)
        lines.append(f"  {m:>+14d}   {r.passed!s:>6} {pc(r.passed):>4}  {r.suppressed!s:>6} {pc(r.suppressed):>4}  "
                     f"{r.abandoned!s:>6} {pc(r.abandoned):>4}")
    lines.append("")
    lines.append("Support intensity (7.1, 7.2): d6 by nation; templates " +
                 ", ".join(f"{k.replace('_', '-')} {v}" for k, v in rules["support.templates"].items()))
    for nation in rules["support.intensity"]:
        parts = [f"{lvl.replace('_', '-')} {intensity(rules, nation)[lvl]} ({pc(intensity(rules, nation)[lvl])})" for lvl in INTENSITIES]
        e = expected_templates(rules, nation)
        lines.append(f"  {nation:<8} " + ", ".join(parts) + f"; templates on average {e} = {float(e):.2f}")
    extra = int(rules["support.armour_extra_dice"])
    lines.append(f"Support against armor (7.3): dice at least the armor, {extra} extra die against a vehicle")
    lines.append("   armor " + "".join(f"{a + f' {attacker_dice(rules, a) + extra}d6':>16}" for a in ("bomber", "fighter", "artillery")))
    for armour in range(2, max_armour + 1):
        lines.append(f"  {armour:>6} " + "".join(f"{pc(at_least(attacker_dice(rules, a) + extra, armour)):>16}"
                                                 for a in ("bomber", "fighter", "artillery")))
    if deck is not None and deck.support_tables:
        lines.append("")
        lines.append(f"Support cards of {deck.id}: what each brings")
        for table in deck.support_tables.values():
            outcome = support_outcomes(deck, table)
            lines.append(f"  {table.id:<18} " + ", ".join(f"{k} {v} ({pc(v)})" for k, v in sorted(outcome.items())))
    return lines
