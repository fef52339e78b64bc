"""One card-sized face of a card: header, values where the cards print them, text, changes, footer.

The values follow the printed cards (source 000, FAQ 1 and 2): the to-hit
pair top left and the armor pair top right, penetration below the to-hit
numbers, short range on the left of each pair. Values the errata or the
Six-Pack changed sit on yellow with a dagger, and a note under the text says
what changed ("errata 1997: pen. short 12 → 14").
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from tcforge.data.card_ids import is_six_pack
from tcforge.data.cards import Card, Change
from tcforge.i18n.words import NBSP, W, capital, curly, plain, signed, t, typo
from tcforge.render.page import fonts, style
from tcforge.render.page.geometry import MM, Rect
from tcforge.render.page.sheets import Ctx, Face
from tcforge.render.page.text import LABEL, LEADING, draw_fit, fit_line
from tcforge.render.page.values import face_value, face_years, rule_values

UNIT_TYPES = ("vehicle", "at_gun", "infantry")
Cell = tuple[str, str, bool]            # caption, value, changed
Group = tuple[str, list[Cell]]          # title, cells


@dataclass
class CardSpec:
    card: Card
    footer: str                         # left footer: what the piece is for
    tag: str                            # right footer: insert / proxy
    marks: list[Change]                 # changes to show on yellow and in the note
    extra: dict[str, str] | None = None  # set id -> a change without a field, e.g. a new card text
    colour: Color | None = None


def card_number(card: Card) -> str:
    return "SP" if is_six_pack(card.id) else str(card.id)


def face_name(card: Card, lang: str) -> str:
    return f"{card.id} {card.display_name(lang)}"


def card_face(spec: CardSpec, lang: str) -> Face:
    return Face(face_name(spec.card, lang), lambda c, r, ctx: draw_card(c, r, ctx, spec))


def _changed(spec: CardSpec) -> set[str]:
    return {ch.field for ch in spec.marks}


def _groups(card: Card, changed: set[str], ctx: Ctx) -> list[Group]:
    """The value groups of a card, in the order the printed card reads them."""
    lang, e = ctx.lang, card.effective
    if card.card_class in ("terrain", "fortification", "water") and e.get("terrain_effects"):
        return _terrain_groups(card, ctx)

    def cell(caption: str, field: str) -> Cell:
        return (t(caption, lang), face_value(field, card.value(field)), field in changed)

    groups: list[Group] = []
    if e.get("hit"):
        groups.append((t("hit", lang), [cell("short", "hit.short"), cell("long", "hit.long")]))
    if e.get("armor"):
        groups.append((t("armor", lang), [cell("front", "armor.front"), cell("side", "armor.side")]))
    if e.get("penetration"):
        groups.append((t("pen", lang), [cell("short", "penetration.short"), cell("long", "penetration.long")]))
    by_rule = rule_values(card, ctx.ruleset)   # marked like a correction, and said in the note
    fire = [(t(key, lang), plain(by_rule[key]), True) if key in by_rule else cell(key, key)
            for key in ("he", "sa", "ft") if e.get(key) is not None]
    if fire:
        groups.append((t("fire", lang), fire))
    if e.get("tank_melee") is not None:
        groups.append((t("tank_melee", lang), [("", plain(e["tank_melee"]), "tank_melee" in changed)]))
    if card.type in UNIT_TYPES and card.speed:
        groups.append((t("speed", lang), [("", capital(t(card.speed, lang)), "speed" in changed)]))
    if card.type not in UNIT_TYPES and e.get("kind") not in (None, "-", "terrain"):
        # #2 Anti-Tank Mine prints "?": the face shows the kind it is played as, marked, and its note says so
        groups.append((t("kind", lang), [("", t(str(card.played_kind), lang), "kind" in changed or card.kind_interpreted)]))
    return groups


def rule_note(card: Card, ctx: Ctx) -> dict[str, str]:
    """The change note's line for values a rule sets, 'rule 9.4: HE 0 → 4', and for a kind the sources leave open,
    'interpretation: played as ? → Interrupt'."""
    by_rule = rule_values(card, ctx.ruleset)
    reading = ({"reading": f"{t('f:kind', ctx.lang)} ?{NBSP}→{NBSP}{capital(t(str(card.played_kind), ctx.lang))}"}
               if card.kind_interpreted else {})
    if not by_rule:
        return reading
    items = [f"{t('f:' + key, ctx.lang)} {face_value(key, card.effective.get(key) or 0)}{NBSP}→{NBSP}{plain(value)}"
             for key, value in by_rule.items()]
    return {"rule_9_4": ", ".join(items), **reading}


def terrain_row(card: Card, table_id: str) -> dict[str, Any] | None:
    effects = card.effective.get("terrain_effects") or {}
    row = effects.get(table_id)
    return row if isinstance(row, dict) else None


def split(value: Any) -> str:
    """Air/Art against armored / other / infantry in Bunkers, as a/o/b."""
    if isinstance(value, dict):
        return "/".join(signed(value.get(k)) for k in ("armored", "unarmored", "infantry_in_bunker"))
    return signed(value) if value != "n/a" else "n/a"


def _terrain_groups(card: Card, ctx: Ctx) -> list[Group]:
    lang = ctx.lang
    row = terrain_row(card, ctx.ruleset["fire.terrain_table"])
    if row is None:
        return []
    def mod(key: str) -> Cell:
        return (t(key, lang), t("n/a", lang) if row.get(key) == "n/a" else split(row.get(key)), False)

    return [(t("fire", lang), [mod("at"), mod("he"), mod("sa")]),
            ("Air / Art", [mod("air"), mod("art")]),
            (t("los", lang) + " · " + t("move", lang),
             [(t("los", lang), t(str(row.get("los")), lang), False),
              (t("move", lang), t("m:fast" if row.get("movement") == "fast" else str(row.get("movement")), lang), False)])]


def change_note(changes: list[Change], lang: str, extra: dict[str, str] | None = None) -> str:
    """'errata 1997: pen. short 12 → 14, pen. long 9 → 11' grouped by the set that made them."""
    by_set: dict[str, list[str]] = {set_id: [text] for set_id, text in (extra or {}).items()}
    for ch in changes:
        printed, corrected = ch.printed, ch.corrected
        if ch.field in ("kind", "speed"):
            printed, corrected = capital(t(str(printed), lang)), capital(t(str(corrected), lang))
        # No-break spaces keep "12 → 14" on one line.
        else:
            printed, corrected = face_value(ch.field, printed), face_value(ch.field, corrected)
        by_set.setdefault(ch.set_id, []).append(f"{t('f:' + ch.field, lang)} {plain(printed)}{NBSP}→{NBSP}{plain(corrected)}")
    parts = [f"{t(set_id, lang)}: {', '.join(items)}" for set_id, items in by_set.items()]
    return typo("; ".join(parts), lang)


def body_text(card: Card, lang: str) -> str:
    """The card text in ``lang``: the card's own words, nothing about where they come from.

    Whether a text is the project's reading is said in the data and by ``cards show``;
    the face has no room for it and a player has no use for it there.
    """
    effect = card.effective.get("effect")
    lines: list[str] = []
    if isinstance(effect, dict):
        texts = effect.get("text") or {}
        lines.append(str(texts.get(lang) or texts.get("en") or ""))
    if card.effective.get("transport"):
        lines.append(t("carries", lang) + ".")
    if card.effective.get("lend_lease"):
        lines.append(f"{t('lend_lease', lang)}: {str(card.effective['lend_lease']).upper()}")
    return typo("\n".join(x for x in lines if x), lang)


def draw_card(c: Canvas, r: Rect, ctx: Ctx, spec: CardSpec) -> None:
    card, lang = spec.card, ctx.lang
    k = style.scale(r)
    m = MM * k
    colour = spec.colour or (style.SIXPACK if is_six_pack(card.id) else
                             style.NATION.get(card.nation, style.NATION["any"]))
    inner = style.frame(c, r, ctx.bleed, colour)
    pad = style.PAD_MM * m
    x0, w = inner.x + pad, inner.w - 2 * pad

    changed = _changed(spec)
    y = _header(c, ctx, card, inner, colour, k, "points" in changed)
    y = _subline(c, ctx, card, x0, w, y - 0.6 * m, k)
    y = _draw_groups(c, _groups(card, changed, ctx), x0, w, y - 1.2 * m, k)

    bottom = _footer(c, ctx, spec, inner, x0, w, k)
    note = change_note(spec.marks, lang, {**(spec.extra or {}), **rule_note(card, ctx)})
    if note:
        bottom = _note(c, ctx, note, x0, w, bottom + 1.0 * m, y - 1.0 * m, k)
    _body(c, ctx, body_text(card, lang), x0, w, y - 1.2 * m, bottom + 1.0 * m, k)


def _header(c: Canvas, ctx: Ctx, card: Card, inner: Rect, colour: Color, k: float, points_changed: bool) -> float:
    m = MM * k
    head = Rect(inner.x, inner.top - 10.5 * m, inner.w, 10.5 * m)
    style.band(c, head, colour, k)
    box_h = head.h - 3.0 * m
    num = Rect(head.x + 1.4 * m, head.y + 1.5 * m, 8.6 * m, box_h)
    pts = Rect(head.right - 1.4 * m - 9.4 * m, num.y, 9.4 * m, box_h)
    c.setFillColor(style.WHITE)
    c.roundRect(num.x, num.y, num.w, num.h, 1.0 * m, stroke=0, fill=1)
    c.setFillColor(style.INK)
    number = card_number(card)
    size = 10.5 * k
    while size > LABEL and fonts.width(number, fonts.COND_BOLD, size) > num.w - 2:
        size -= 0.5
    c.setFont(fonts.COND_BOLD, size)
    c.drawCentredString(num.x + num.w / 2, num.y + (num.h - size * 0.72) / 2, number)
    points = card.effective.get("points")
    if points is not None:
        c.setFillColor(style.CHANGED if points_changed else style.WHITE)
        c.roundRect(pts.x, pts.y, pts.w, pts.h, 1.0 * m, stroke=0, fill=1)
        c.setFillColor(style.INK)
        c.setFont(fonts.COND_BOLD, 10 * k)
        c.drawCentredString(pts.x + pts.w / 2, pts.y + pts.h - 10 * k * 0.95, plain(points))
        style.small_label(c, pts.x + pts.w / 2, pts.y + 1.6, t("pts", ctx.lang), max(LABEL, 5.5 * k), colour=style.MUTED)
    name_x = num.right + 1.6 * m
    name_w = (pts.x if points is not None else head.right - 1.4 * m) - 1.6 * m - name_x
    name = curly(card.display_name(ctx.lang))
    fit = ctx.block("name", name, fonts.COND_BOLD, name_w, box_h + 1.0 * m, 11 * k, max_lines=2)
    c.setFillColor(style.WHITE)
    top = head.y + (head.h + fit.height) / 2 - 0.3 * m
    draw_fit(c, fit, fonts.COND_BOLD, name_x, top, name_w)
    return head.y


def _subline(c: Canvas, ctx: Ctx, card: Card, x: float, w: float, top: float, k: float) -> float:
    lang = ctx.lang
    # The class says more than the type ("tank" rather than "Vehicle"); cards whose class is their type show the type.
    kind = card.card_class if card.card_class != card.type else card.type
    words = [capital(t(card.nation, lang)), t(f"c:{kind}" if f"c:{kind}" in W else kind, lang)]
    rarity = card.effective.get("rarity")
    if rarity in ("C", "U", "R", "UR") and not is_six_pack(card.id):
        words.append(t(rarity, lang))
    left = " · ".join(words)
    right = face_years(card.effective.get("years"))
    size = 6.5 * k
    right_w = fonts.width(right, fonts.COND_BOLD, size) + 2 if right else 0
    room = w - right_w - 2
    fit = fit_line(left, fonts.COND, room, size, floor=LABEL)
    if not fit.ok:
        # too long for one line at the smallest type (French tank destroyers): two lines at LABEL, not smaller type
        fit = ctx.block("type line", left, fonts.COND, room, 2 * LABEL * LEADING + 0.1, LABEL, max_lines=2, floor=LABEL)
    c.setFillColor(style.MUTED)
    draw_fit(c, fit, fonts.COND, x, top, w)
    if right:
        c.setFillColor(style.INK)
        c.setFont(fonts.COND_BOLD, size)
        c.drawRightString(x + w, top - size * 0.93, right)
    bottom = top - max(size * 1.25, fit.height + size * 0.3)
    style.rule(c, x, x + w, bottom)
    return bottom


def _draw_groups(c: Canvas, groups: list[Group], x: float, w: float, top: float, k: float) -> float:
    """Groups two to a row, each a title, boxed values and captions under them."""
    if not groups:
        return top
    m = MM * k
    gap = 2.4 * m
    col_w = (w - gap) / 2
    title_h, box_h, cap_h = 3.4 * m, 7.0 * m, 2.6 * m
    y = top
    for i in range(0, len(groups), 2):
        row = groups[i:i + 2]
        has_caption = any(cap for _, cells in row for cap, _, _ in cells)
        for j, (title, cells) in enumerate(row):
            gx = x + j * (col_w + gap)
            style.small_label(c, gx, y - title_h + 1.0 * m, title, max(LABEL, 6.5 * k), align="left",
                              colour=style.INK, font=fonts.COND_BOLD)
            cell_gap = 1.0 * m
            cw = (col_w - cell_gap * (len(cells) - 1)) / len(cells)
            for n, (caption, value, changed) in enumerate(cells):
                cx = gx + n * (cw + cell_gap)
                box = Rect(cx, y - title_h - box_h, cw, box_h)
                style.value_box(c, box, value, 13 * k if len(value) <= 3 else 9.5 * k, changed)
                if caption:
                    style.small_label(c, cx + cw / 2, box.y - cap_h + 0.6 * m, caption, max(LABEL, 5.5 * k))
        y -= title_h + box_h + (cap_h if has_caption else 0.8 * m)
    return y


def _footer(c: Canvas, ctx: Ctx, spec: CardSpec, inner: Rect, x: float, w: float, k: float) -> float:
    m = MM * k
    size = max(LABEL, 6.0 * k)
    base = inner.y + 1.5 * m
    tag = spec.tag
    tag_w = fonts.width(tag, fonts.COND, size) + 3
    # Two lines at most: an insert's footer names the card it goes on, and names can be long.
    fit = ctx.block("footer", spec.footer, fonts.COND_BOLD, w - tag_w, 2 * size * 1.17 + 0.5, size, max_lines=2)
    c.setFillColor(style.INK)
    draw_fit(c, fit, fonts.COND_BOLD, x, base + fit.height - fit.leading + fit.size * 0.93, w - tag_w)
    style.small_label(c, x + w, base, tag, size, align="right")
    top = base + fit.height - fit.leading + size + 0.6 * m
    style.rule(c, x, x + w, top)
    return top


def _note(c: Canvas, ctx: Ctx, note: str, x: float, w: float, bottom: float, ceiling: float, k: float) -> float:
    """The changes note in a tinted box sitting on ``bottom``; returns its top."""
    m = MM * k
    room = min(16 * m, max(6 * m, (ceiling - bottom) * 0.6))
    fit = ctx.block("changes note", "† " + note, fonts.COND, w - 2 * m, room - 1.6 * m, 6.5 * k)
    h = fit.height + 1.6 * m
    c.setFillColor(style.NOTE_BG)
    c.setStrokeColor(style.CHANGED)
    c.setLineWidth(0.6)
    c.roundRect(x, bottom, w, h, 1.0 * m, stroke=1, fill=1)
    c.setFillColor(style.INK)
    draw_fit(c, fit, fonts.COND, x + 1.0 * m, bottom + h - 0.8 * m, w - 2 * m)
    return bottom + h


def _body(c: Canvas, ctx: Ctx, text: str, x: float, w: float, top: float, bottom: float, k: float) -> None:
    if not text:
        return
    fit = ctx.block("card text", text, fonts.COND, w, top - bottom, 8.0 * k)
    c.setFillColor(style.INK)
    draw_fit(c, fit, fonts.COND, x, top, w)
