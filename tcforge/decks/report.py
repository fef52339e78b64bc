"""Deck odds as text lines and as JSON: fractions and percentages side by side."""
from __future__ import annotations

from fractions import Fraction
from typing import Any

from tcforge.decks.model import CommandDeck, DeckCard, FluidRules
from tcforge.decks.odds import DeckOdds, Headline, SensitivityRow


def fx(value: Fraction) -> dict[str, Any]:
    return {"fraction": str(value), "value": float(value)}


def pct(value: Fraction, digits: int = 1) -> str:
    return f"{float(value) * 100:.{digits}f} %"


def both(value: Fraction) -> str:
    return f"{value} ({pct(value)})"


def card_name(deck: CommandDeck, card: DeckCard, rules: FluidRules) -> str:
    kind = rules.impulse_types[card.type].name("en")
    who = deck.card_label(card)
    if card.support:
        return card.text.split(",")[0].split(" 1d6")[0]
    return f"{who}: {kind}" if who else kind


def deck_lines(deck: CommandDeck, rules: FluidRules) -> list[str]:
    lines = [f"{deck.title_in('en')}  ({deck.id}, {deck.file})",
             f"front {deck.front}, {deck.period['en']}; rules {rules.id}; "
             f"{len(deck.shuffled)} cards shuffled, {len(deck.commander_cards)} commander's card(s) held out"]
    heading = None
    for card in deck.cards:
        if card.heading != heading:
            heading = card.heading
            lines.append(f"  {heading}")
        kind = rules.impulse_types[card.type]
        who = deck.card_label(card)
        lines.append(f"    {card.text:<62} {kind.name('en')}" + (f" — {who}" if who else ""))
    if deck.support_tables:
        lines.append("  Support tables")
        for table in deck.support_tables.values():
            parts = [f"{'-'.join(map(str, (r.rolls[0], r.rolls[-1]))) if len(r.rolls) > 1 else r.rolls[0]}: {r.result}"
                     for r in table.results]
            lines.append(f"    {table.id} ({table.kind}, {table.die}): " + "; ".join(parts))
    if deck.interpretations:
        lines.append("  Project's interpretations of the deck")
        for item in deck.interpretations:
            lines.append(f"    {item['about']}: {item['reading']} ({item['reason']})")
    readings = rules.readings()
    if readings:
        lines.append(f"  Project's interpretations of the rules ({rules.id}, {rules.file})")
        for what, case, text in readings:
            lines.append(f"    {what} ({case}): {text}")
    return lines


def odds_lines(odds: DeckOdds, rules: FluidRules, sensitivity: tuple[Headline, list[SensitivityRow]] | None) -> list[str]:
    deck = odds.deck
    lines = [f"{deck.title_in('en')} ({deck.id}): {len(deck.shuffled)} cards, "
             f"{deck.count('turn_over')} Turn Over; the turn ends on Turn Over number {odds.turn_overs_to_end}"]
    lines.append("")
    lines.append(f"Impulses per turn: mean {odds.mean_impulses} = {float(odds.mean_impulses):.2f}; "
                 f"median {odds.quantile(Fraction(1, 2))}, 90 % of turns last at most {odds.quantile(Fraction(9, 10))}")
    cumulative = Fraction(0)
    lines.append("  impulses   chance                      at most")
    for k, p in odds.impulses.items():
        cumulative += p
        if p * 1000 < 1 and cumulative > Fraction(999, 1000):
            rest = 1 - cumulative + p
            lines.append(f"  {k:>3}+      {pct(rest, 2):>8}")
            break
        lines.append(f"  {k:>3}       {pct(p, 2):>8}  {p!s:<18} {pct(cumulative):>8}")
    lines.append("")
    lines.append("Sides                cards  no impulse              no unit action          expected   commander's card at once")
    for s in odds.sides.values():
        name = deck.sides[s.side].name()
        lines.append(f"  {name:<18} {s.cards:>5}  {both(s.none):<23} {both(s.no_action):<23} {float(s.expected):>8.2f}"
                     f"   no action 0 %, expected {float(s.expected) + 1:.2f}")
    lines.append("")
    lines.append("Longest run of one side's impulses (chance the longest run is at least N)")
    for s in odds.sides.values():
        name = deck.sides[s.side].name()
        runs = []
        for n in range(1, 7):
            at_least = sum((p for k, p in s.longest_run.items() if k >= n), Fraction(0))
            runs.append(f"{n}: {pct(at_least)}")
        expected = sum((k * p for k, p in s.longest_run.items()), Fraction(0))
        lines.append(f"  {name:<18} mean {float(expected):.2f}; " + ", ".join(runs))
    lines.append("")
    lines.append("Formations           side      cards  acts at least once      expected   move  1/2 move  free action"
                 "   with commander's card")
    for f in odds.formations.values():
        name = deck.formations[f.formation].name
        a = f.by_action
        lines.append(f"  {name:<18} {deck.sides[f.side].name():<9} {f.cards:>5}  {both(f.acts):<23} {float(f.expected):>8.2f}"
                     f"  {float(a.get('move', 0)):>5.2f}  {float(a.get('half_move', 0)):>8.2f}  {float(a.get('free_action', 0)):>11.2f}"
                     f"   {pct(f.with_commander)}")
    lines.append("")
    lines.append("Commander's Free Action card held back N impulses (played before impulse N+1 if the turn still runs)")
    head = "  N   " + "".join(f"{deck.sides[s].name() + ' usable':<18}{'no action at all':<18}" for s in odds.sides)
    lines.append(head)
    first = next(iter(odds.sides.values()))
    for i, (wait, _, _) in enumerate(first.commander_hold):
        row = f"  {wait:<4}"
        for s in odds.sides.values():
            _, usable, nothing = s.commander_hold[i]
            row += f"{pct(usable):<18}{pct(nothing):<18}"
        lines.append(row)
    if sensitivity is not None:
        base, rows = sensitivity
        lines.append("")
        lines.append("Sensitivity: one card added (+) or removed (-)")
        sides = list(deck.sides)
        forms = list(deck.formations)
        header = (f"  {'card':<40}{'':>3}{'impulses':>9}" + "".join(f"{deck.sides[s].name()[:9] + ' none':>15}" for s in sides)
                  + "".join(f"{deck.formations[f].name[:12]:>14}" for f in forms))
        lines.append(header)
        lines.append(_row("(deck as it is)", "", base, sides, forms))
        for change in rows:
            label = card_name(deck, change.card, rules)
            if change.result is None:
                lines.append(f"  {label[:39]:<40}{'-':>3}  {change.why_not}")
            else:
                lines.append(_row(label, "+" if change.change > 0 else "-", change.result, sides, forms))
    return lines


def _row(label: str, sign: str, h: Headline, sides: list[str], forms: list[str]) -> str:
    return (f"  {label[:39]:<40}{sign:>3}{float(h.mean_impulses):>9.2f}" + "".join(f"{pct(h.side_none[s]):>15}" for s in sides)
            + "".join(f"{pct(h.acts[f]):>14}" for f in forms))


def headline_json(h: Headline) -> dict[str, Any]:
    return {"mean_impulses": fx(h.mean_impulses), "side_no_impulse": {s: fx(v) for s, v in h.side_none.items()},
            "formation_acts": {f: fx(v) for f, v in h.acts.items()}}


def odds_json(odds: DeckOdds, rules: FluidRules, sensitivity: tuple[Headline, list[SensitivityRow]] | None) -> dict[str, Any]:
    deck = odds.deck
    out: dict[str, Any] = {
        "deck": deck.id, "rules": rules.id, "cards": len(deck.shuffled), "turn_over_cards": deck.count("turn_over"),
        "turn_overs_to_end": odds.turn_overs_to_end,
        "impulses": {"mean": fx(odds.mean_impulses), "median": odds.quantile(Fraction(1, 2)),
                     "distribution": {str(k): fx(p) for k, p in odds.impulses.items()}},
        "sides": {s.side: {"cards": s.cards, "no_impulse": fx(s.none), "no_unit_action": fx(s.no_action),
                           "expected_impulses": fx(s.expected),
                           "longest_run": {str(k): fx(p) for k, p in s.longest_run.items()},
                           "commander_at_once": {"no_unit_action": fx(Fraction(0)), "expected_impulses": fx(s.expected + 1)},
                           "commander_held": [{"impulses_waited": w, "usable": fx(u), "no_action_at_all": fx(n)}
                                              for w, u, n in s.commander_hold]}
                  for s in odds.sides.values()},
        "formations": {f.formation: {"side": f.side, "cards": f.cards, "acts": fx(f.acts), "expected_impulses": fx(f.expected),
                                     "expected_by_type": {t: fx(v) for t, v in f.by_type.items()},
                                     "expected_by_action": {a: fx(v) for a, v in f.by_action.items()},
                                     "acts_with_commander_at_once": fx(f.with_commander)}
                       for f in odds.formations.values()},
    }
    if sensitivity is not None:
        base, rows = sensitivity
        out["sensitivity"] = {"base": headline_json(base), "changes": [
            {"card": card_name(deck, r.card, rules), "type": r.card.type, "side": r.card.side, "formation": r.card.formation,
             "change": r.change, **({"result": headline_json(r.result)} if r.result else {"not_possible": r.why_not})}
            for r in rows]}
    return out
