"""A double-sided calibration sheet: how far this printer moves the back of a page.

The front has centre lines; the back, printed on the other side with a
long-edge flip, has two scales across where those lines should show through.
Held against a light, back towards you, the lines fall on the scale marks
that are the offset to save, in mm, read directly (right and up positive, as
seen from the back). The back also carries a frame moved by the offset
already saved: when that offset is right, its frame covers the front's.
"""
from __future__ import annotations

from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from tcforge.data.cards import CardSet
from tcforge.data.rulesets import Ruleset
from tcforge.i18n.words import t
from tcforge.render.cards.inserts import ruler
from tcforge.render.page import fonts, style
from tcforge.render.page.build import render_pdf
from tcforge.render.page.geometry import MM, PAPER_NAMES, Rect
from tcforge.render.page.sheets import Book, Ctx, PrintOptions, Report
from tcforge.render.page.text import draw_fit

LINE = 0.3
SCALE_MM = 5          # the scales read -5 to +5 mm
FRAME = (120 * MM, 80 * MM)
SCALE_Y = 52 * MM     # the X scale sits this far above the centre
SCALE_X = 70 * MM     # the Y scale sits this far left of the centre (seen from the back)


def build_calibration(path: Path, options: PrintOptions, cards: CardSet, ruleset: Ruleset) -> Report:
    def compose(book: Book) -> None:
        book.full_page(lambda c, page: _front(c, page, book.ctx, options))
        book.full_page(lambda c, page: _back(c, page, book.ctx, options))

    title = f"TC:TEFE double-sided calibration ({PAPER_NAMES[options.paper]})"
    return render_pdf(path, options, cards, ruleset, title, compose)


def _title(c: Canvas, page: Rect, ctx: Ctx, side: str) -> float:
    c.setFillColor(style.REFERENCE)
    c.setFont(fonts.SANS_BOLD, 16)
    top = page.top - 16 * MM
    c.drawString(16 * MM, top - 16, f"{t('cal_title', ctx.lang)} · {t(side, ctx.lang)}")
    return top - 26


def _front(c: Canvas, page: Rect, ctx: Ctx, options: PrintOptions) -> None:
    ctx.face = "calibration front"
    lang = ctx.lang
    y = _title(c, page, ctx, "cal_front")
    w = page.w - 32 * MM
    steps = t("cal_steps", lang, paper=options.paper).split("|")
    c.setFillColor(style.INK)
    for step in steps:
        fit = ctx.block("calibration steps", step, fonts.SANS, w, 40, 8.5)
        draw_fit(c, fit, fonts.SANS, 16 * MM, y, w)
        y -= fit.height + 3
    ruler(c, 16 * MM, y - 8, lang)
    cx, cy = page.w / 2, page.h / 2 - 20 * MM
    c.setStrokeColor(style.INK)
    c.setLineWidth(LINE)
    # Centre lines long enough to reach both scales of the back.
    reach = 17 * MM
    c.line(cx, cy - SCALE_Y - reach, cx, cy + SCALE_Y + reach)
    c.line(cx - SCALE_X - reach, cy, cx + SCALE_X + reach, cy)
    c.rect(cx - FRAME[0] / 2, cy - FRAME[1] / 2, FRAME[0], FRAME[1], stroke=1, fill=0)


def _back(c: Canvas, page: Rect, ctx: Ctx, options: PrintOptions) -> None:
    ctx.face = "calibration back"
    lang = ctx.lang
    y = _title(c, page, ctx, "cal_back")
    ox, oy = options.back_offset_mm
    c.setFillColor(style.INK)
    c.setFont(fonts.SANS, 9)
    c.drawString(16 * MM, y - 9, t("cal_offset", lang, x=ox, y=oy))
    c.drawString(16 * MM, y - 22, t("cal_back_note", lang))
    # Seen from the back with a long-edge flip, the front's centre is still the page centre.
    cx, cy = page.w / 2, page.h / 2 - 20 * MM
    _x_scale(c, cx, cy + SCALE_Y, lang)
    _y_scale(c, cx - SCALE_X, cy, lang)
    c.setStrokeColor(style.REFERENCE)
    c.setLineWidth(LINE)
    c.setDash(3, 2)
    fx, fy = cx + ox * MM, cy + oy * MM
    c.rect(fx - FRAME[0] / 2, fy - FRAME[1] / 2, FRAME[0], FRAME[1], stroke=1, fill=0)
    c.setDash()


LABEL_SIZE = 5.5   # pt: a digit is about 1.1 mm wide, so labels 2 mm apart never touch
LABEL_GAP = 0.8 * MM


def _ticks() -> list[tuple[float, float, str, bool]]:
    """(offset mm, tick length mm, label, label beyond the ticks) from -5 to +5 mm every half millimetre.

    Whole millimetres carry their distance from 0, without a sign (the scale's ends show "−" and "+"): the even
    ones beyond the tips of the ticks, the odd ones on the other side of the scale's line, so no label is two
    millimetres from its neighbour on the same side and no tick runs through a label (issue 37 item 10).
    """
    out = []
    for half in range(-2 * SCALE_MM, 2 * SCALE_MM + 1):
        if half % 2:
            out.append((half / 2, 1.2, "", True))
        else:
            whole = half // 2
            out.append((float(whole), 4.0 if whole % 5 == 0 else 2.5, str(abs(whole)), whole % 2 == 0))
    return out


TIP = max(length for _, length, _, _ in _ticks()) * MM  # the longest tick: labels beyond it are clear of every tick


def _x_scale(c: Canvas, cx: float, y: float, lang: str) -> None:
    c.setStrokeColor(style.INK)
    c.setLineWidth(LINE)
    c.line(cx - SCALE_MM * MM, y, cx + SCALE_MM * MM, y)
    c.setFillColor(style.INK)
    c.setFont(fonts.COND_BOLD, LABEL_SIZE)
    for offset, length, label, beyond in _ticks():
        x = cx + offset * MM
        c.line(x, y, x, y + length * MM)
        if label:
            c.drawCentredString(x, y + TIP + LABEL_GAP if beyond else y - LABEL_GAP - LABEL_SIZE * 0.75, label)
    c.setFont(fonts.COND_BOLD, 9)
    c.drawRightString(cx - SCALE_MM * MM - 1.5 * MM, y + 0.5 * MM, "\u2212")
    c.drawString(cx + SCALE_MM * MM + 1.5 * MM, y + 0.5 * MM, "+")
    c.setFont(fonts.COND_BOLD, 7.5)
    c.drawCentredString(cx, y + TIP + LABEL_GAP + LABEL_SIZE + 3 * MM, t("cal_read_x", lang))


def _y_scale(c: Canvas, x: float, cy: float, lang: str) -> None:
    c.setStrokeColor(style.INK)
    c.setLineWidth(LINE)
    c.line(x, cy - SCALE_MM * MM, x, cy + SCALE_MM * MM)
    c.setFillColor(style.INK)
    c.setFont(fonts.COND_BOLD, LABEL_SIZE)
    middle = LABEL_SIZE * 0.36  # from a digit's baseline to its middle
    for offset, length, label, beyond in _ticks():
        y = cy + offset * MM
        c.line(x, y, x - length * MM, y)
        if label:
            if beyond:
                c.drawRightString(x - TIP - LABEL_GAP, y - middle, label)
            else:
                c.drawString(x + LABEL_GAP, y - middle, label)
    c.setFont(fonts.COND_BOLD, 9)
    c.drawCentredString(x, cy + SCALE_MM * MM + 1.5 * MM, "+")
    c.drawCentredString(x, cy - SCALE_MM * MM - 1.5 * MM - 6.5, "\u2212")
    c.setFont(fonts.COND_BOLD, 7.5)
    c.drawCentredString(x - 4 * MM, cy + SCALE_MM * MM + 6 * MM, t("cal_read_y", lang))
