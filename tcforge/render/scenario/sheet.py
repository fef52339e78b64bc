"""Scenario sheets: one scenario on one or two portrait pages, as a flowing document (ReportLab platypus).

Title band, date, place and source, the briefing, the battlefield drawn from
the data (:mod:`tcforge.render.scenario.map`), victory, how to set up and
play, each side's forces and reinforcements side by side, special rules,
balance options and notes. Fonts are the print shop's embedded DejaVu faces.

Nothing overflows silently. The sheet is laid out at full size first; when it
runs past two pages every size shrinks a step, down to a floor, and a sheet
that still does not fit is reported (an error with ``--strict``). The file is
written whole or not at all, like every product of the print shop.
"""
from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

from reportlab.lib.colors import Color
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import registerFontFamily
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    Flowable,
    KeepTogether,
    PageBreak,
    Paragraph,
    SimpleDocTemplate,
    Spacer,
    Table,
    TableStyle,
)
from reportlab.platypus.doctemplate import LayoutError as PlatypusLayoutError

from tcforge import __version__
from tcforge.atomic import atomic_path
from tcforge.data.card_kinds import is_unit
from tcforge.i18n.words import NBSP, NNBSP, capital, case_ref, curly, fr_subject, t, typo
from tcforge.render.cards.cardface import card_number
from tcforge.render.page import fonts, style
from tcforge.render.page.boxes import page_boxes, pdf_lang
from tcforge.render.page.build import RenderError, TextOverflowError, _binary_streams
from tcforge.render.page.geometry import MM, Rect, paper_size
from tcforge.render.page.sheets import Ctx, PrintOptions, Report
from tcforge.render.page.text import LABEL, draw_fit
from tcforge.render.scenario.map import BattlefieldMap, hollow_sides, side_colours, tint
from tcforge.render.scenario.text import (
    Group,
    arrival_text,
    build_text,
    date_text,
    group_title,
    labels,
    param_label,
    param_value,
    role_text,
    side_groups,
    side_name,
)
from tcforge.scenarios.card_kinds import is_truck
from tcforge.scenarios.format import Side
from tcforge.scenarios.scenario import Scenario
from tcforge.scenarios.victory import (
    ControlPositions,
    ControlRank,
    Countdown,
    EliminateAll,
    HoldPositions,
    VictoryCondition,
)

MAX_PAGES = 2
ONE_PAGE_FILL = 0.3      # a second page filled less than this is worth a smaller type that saves it ...
ONE_PAGE_STEPS = 2       # ... if at most two steps smaller do it
BREAKS = ("victory", "setup", "forces")  # sections a two-page sheet may start its second page with
SCALES = (1.0, 0.95, 0.9, 0.85, 0.8, 0.75, 0.7)     # 0.7 keeps the body type above 6 pt
MARGIN = 13 * MM
FOOTER = 8 * MM


def xml(text: str, lang: str) -> str:
    """Text for a Paragraph: French spacing, markup characters escaped.

    Platypus breaks lines at U+202F (it counts it as a space) but never at
    U+00A0, so the narrow no-break space French puts before ; ! ? becomes a
    no-break space here: a semicolon never starts a line.
    """
    return escape(typo(text, lang)).replace(NNBSP, NBSP)


def hexcolour(colour: Color) -> str:
    return "#" + colour.hexval()[2:]


@dataclass
class Styles:
    k: float

    def pt(self, size: float) -> float:
        """``size`` scaled to the sheet, never below the print shop's 6 pt floor (issue 16 item 11)."""
        return max(LABEL, size * self.k)

    def lead(self, size: float, leading: float) -> float:
        """Leading scaled like ``size``, keeping its proportion when the floor holds the size up."""
        return self.pt(size) * leading / size

    def __post_init__(self) -> None:
        k = self.k
        self.body = ParagraphStyle("body", fontName=fonts.SANS, fontSize=self.pt(8.6), leading=self.lead(8.6, 11.4), textColor=style.INK)
        self.brief = ParagraphStyle("brief", parent=self.body, fontSize=self.pt(9.2), leading=self.lead(9.2, 12.6))
        self.small = ParagraphStyle("small", fontName=fonts.COND, fontSize=self.pt(7.8), leading=self.lead(7.8, 9.8), textColor=style.INK)
        self.muted = ParagraphStyle("muted", parent=self.small, textColor=style.MUTED)
        self.facts = ParagraphStyle("facts", fontName=fonts.SANS, fontSize=self.pt(8.8), leading=self.lead(8.8, 11), textColor=style.MUTED)
        self.h2 = ParagraphStyle("h2", fontName=fonts.SANS_BOLD, fontSize=self.pt(11.5), leading=self.lead(11.5, 14),
                                 textColor=style.REFERENCE, spaceBefore=7 * k, spaceAfter=3 * k)
        self.h3 = ParagraphStyle("h3", fontName=fonts.COND_BOLD, fontSize=self.pt(8.6), leading=self.lead(8.6, 10.8), textColor=style.INK,
                                 spaceBefore=4 * k, spaceAfter=1.2 * k)
        self.side = ParagraphStyle("side", fontName=fonts.SANS_BOLD, fontSize=self.pt(9.5), leading=self.lead(9.5, 11.5),
                                   textColor=style.WHITE)
        self.item = ParagraphStyle("item", parent=self.body, leftIndent=11 * k, firstLineIndent=-11 * k, spaceAfter=2.4 * k)
        self.cell = ParagraphStyle("cell", fontName=fonts.COND, fontSize=self.pt(7.9), leading=self.lead(7.9, 9.4), textColor=style.INK)
        self.cell_r = ParagraphStyle("cell_r", parent=self.cell, alignment=2, fontName=fonts.COND_BOLD)


class Heading(Flowable):
    """A section title with a rule under it; kept with what follows."""

    def __init__(self, text: str, st: Styles):
        super().__init__()
        self.para = Paragraph(text, st.h2)
        self.k = st.k
        self.spaceBefore = st.h2.spaceBefore
        self.spaceAfter = st.h2.spaceAfter

    def wrap(self, aw: float, ah: float) -> tuple[float, float]:
        self.width = aw
        _, h = self.para.wrap(aw, ah)
        self.height = h + 2.2 * self.k
        return aw, self.height

    def draw(self) -> None:
        self.para.drawOn(self.canv, 0, 2.2 * self.k)
        style.rule(self.canv, 0, self.width, 0.6, 0.8, style.REFERENCE)


class Banner(Flowable):
    """The title band: scenario title, 'Scenario', source and the game's name."""

    def __init__(self, s: Scenario, lang: str, ctx: Ctx, k: float):
        super().__init__()
        self.s, self.lang, self.ctx, self.k = s, lang, ctx, k

    def wrap(self, aw: float, ah: float) -> tuple[float, float]:
        self.width, self.height = aw, 17 * MM * self.k
        return self.width, self.height

    def draw(self) -> None:
        c, s, lang, k = self.canv, self.s, self.lang, self.k
        h = self.height
        c.setFillColor(style.REFERENCE)
        c.roundRect(0, 0, self.width, h, 2.2 * MM * k, stroke=0, fill=1)
        pad = 5 * MM * k
        right_w = 64 * MM * k
        self.ctx.face = "title"
        fit = self.ctx.line("title", typo(s.title.get(lang), lang), fonts.SANS_BOLD, self.width - 2 * pad - right_w, 21 * k)
        c.setFillColor(style.WHITE)
        draw_fit(c, fit, fonts.SANS_BOLD, pad, h / 2 + fit.size * 0.57, self.width)
        x = self.width - pad
        c.setFont(fonts.SANS_BOLD, 9.5 * k)
        c.drawRightString(x, h * 0.64, t("sc_kind", lang).upper())
        c.setFillColor(tint(style.REFERENCE, 0.62))
        origin = s.origin(lang)  # the source document, or who designed it (and when)
        fit = self.ctx.line("origin", origin, fonts.COND, right_w, max(LABEL, 7.8 * k))
        c.setFont(fonts.COND, fit.size)
        c.drawRightString(x, h * 0.42, fit.lines[0])
        c.setFont(fonts.COND, max(LABEL, 7.8 * k))
        c.drawRightString(x, h * 0.2, "Tank Commander: The Eastern Front Edition")


class SheetDoc(SimpleDocTemplate):
    """Platypus document that writes TrimBox and BleedBox and a footer on every page."""

    def __init__(self, target: Any, s: Scenario, lang: str, paper: str, total: int | None, **kwargs: Any):
        self.s, self.lang, self.total = s, lang, total
        self.sheet_lang = lang  # typed: the base class declares its own `lang` as optional
        w, h = paper_size(paper)
        super().__init__(target, pagesize=(w, h), leftMargin=MARGIN, rightMargin=MARGIN, topMargin=MARGIN,
                         bottomMargin=MARGIN + FOOTER, invariant=1, pageCompression=1,
                         initialFontName=fonts.SANS, initialFontSize=9,
                         title=t("pdf_scenario", lang, title=s.title.get(lang)), author="tcforge",
                         creator=f"tcforge {__version__}", subject="Tank Commander: The Eastern Front Edition",
                         lang=pdf_lang(lang), **kwargs)

    def handle_pageBegin(self) -> None:
        super().handle_pageBegin()
        c = self.canv
        trim, bleed = page_boxes(Rect(0, 0, self.pagesize[0], self.pagesize[1]))  # a page printed whole
        c.setTrimBox(trim.box())
        c.setBleedBox(bleed.box())

    def footer(self, c: Canvas, doc: Any) -> None:
        c.saveState()
        w = self.pagesize[0]
        y = MARGIN - 1
        style.rule(c, MARGIN, w - MARGIN, y + 9, 0.4)
        c.setFillColor(style.MUTED)
        c.setFont(fonts.SANS, 7)
        src, design = self.s.source, self.s.design
        origin = f"{src['document']} §{src['section']}" if src else (design.author if design else "")
        c.drawString(MARGIN, y, f"{self.s.title.get(self.sheet_lang)} · {origin} · {t('made_with', self.sheet_lang)}")
        if self.total and self.total > 1:       # a one-page sheet needs no page number
            c.drawRightString(w - MARGIN, y, t("sc_page", self.sheet_lang, n=c.getPageNumber(), m=self.total))
        c.restoreState()


class _Story:
    """The flowables of one sheet at one scale."""

    def __init__(self, s: Scenario, lang: str, ctx: Ctx, k: float, break_before: str | None = None):
        self.s, self.lang, self.ctx, self.k = s, lang, ctx, k
        self.break_before = break_before  # a section that starts the second page (see BREAKS)
        self.st = Styles(k)
        self.colours = side_colours(s)
        self.out: list[Flowable] = []
        self.read = False  # an interpretation was marked '*': the sheet's last line says what the mark means

    def p(self, text: str, st: ParagraphStyle | None = None) -> Paragraph:
        return Paragraph(text, st or self.st.body)

    def x(self, text: str) -> str:
        return xml(text, self.lang)

    def side(self, sid: str | None) -> str:
        return side_name(self.s, sid, self.lang)

    def subject(self, sid: str | None, start: bool = False) -> str:
        """A side as the subject of a sentence: in French with its article ('l'Allemand joue en premier')."""
        name = self.side(sid)
        if self.lang == "fr":
            name = fr_subject(name)
        return capital(name) if start else name

    def build(self) -> list[Flowable]:
        s, lang, k = self.s, self.lang, self.k
        self.out.append(Banner(s, lang, self.ctx, k))
        self.out.append(Spacer(1, 2.2 * MM * k))
        self.out.append(self.p(self.facts(), self.st.facts))
        self.out.append(Spacer(1, 2.4 * MM * k))
        self.out.append(self.briefing())
        grid = t("sc_grid", lang, c=s.grid.columns, r=s.grid.ranks_per_side)
        self.out.append(KeepTogether([Heading(self.x(t("sc_battlefield", lang)) + self.muted(" · " + grid), self.st),
                                      self.p(self.x(self.terrain_line()), self.st.small),
                                      Spacer(1, 1.6 * MM * k), BattlefieldMap(s, lang, self.ctx, k)]))
        for name, section in (("victory", self.victory), ("setup", self.setup), ("special_rules", self.special_rules),
                              ("forces", self.forces)):
            if name == self.break_before:
                self.out.append(PageBreak())
            section()
        self.balance()
        self.notes()
        self.credits()
        if self.read:  # the points the sources leave open, marked * where they are printed
            self.out.append(Spacer(1, 2 * MM * k))
            self.out.append(self.p(self.x(t("sc_read_mark", lang)), self.st.muted))
        return self.out

    def muted(self, text: str) -> str:
        return f'<font color="{hexcolour(style.MUTED)}" face="{fonts.SANS}" size="{8.6 * self.k:.2f}">{self.x(text)}</font>'

    # -- header

    def facts(self) -> str:
        s, lang = self.s, self.lang
        parts = [date_text(s.date, lang), s.place.get(lang) if s.place else ""]
        if s.year == "chosen":
            parts.append(t("sc_year_chosen", lang))
        elif s.year:
            parts.append(t("sc_year", lang, y=s.year))
        parts.append(t("sc_turns_n", lang, n=s.turn_limit) if s.turn_limit else
                     t("sc_turns_cap", lang, n=s.ends.cap) if s.ends else t("no_turn_limit", lang))
        parts.append(s.ruleset.title_in(lang))
        text = " · ".join(self.x(p) for p in parts if p)
        if s.applied_balance:
            text += "<br/><b>" + self.x(t("sc_balance_applied", lang, o=self._balance_text(s.applied_balance))) + "</b>"
        return text

    def _balance_text(self, option: str) -> str:
        for n, b in enumerate(self.s.balance, start=1):
            if b.id == option:
                return f"{t('sc_option_n', self.lang, n=n)} ({b.text.get(self.lang)})"
        return option

    def star(self, interpretation: str) -> str:
        """'*' after a rule, a condition or a placement that is an interpretation (the sheet's last line says so)."""
        if not interpretation:
            return ""
        self.read = True
        return "*"

    def briefing(self) -> Flowable:
        box = Table([[self.p(self.x(self.s.description.get(self.lang)), self.st.brief)]])
        box.setStyle(TableStyle([("FONTNAME", (0, 0), (-1, -1), fonts.COND), ("BACKGROUND", (0, 0), (-1, -1), style.PAPER),
                                 ("LINEBEFORE", (0, 0), (0, -1), 2.4 * self.k, style.REFERENCE),
                                 ("LEFTPADDING", (0, 0), (-1, -1), 3.2 * MM * self.k),
                                 ("RIGHTPADDING", (0, 0), (-1, -1), 3.2 * MM * self.k),
                                 ("TOPPADDING", (0, 0), (-1, -1), 2.2 * MM * self.k),
                                 ("BOTTOMPADDING", (0, 0), (-1, -1), 2.4 * MM * self.k)]))
        return box

    def terrain_line(self) -> str:
        s, lang = self.s, self.lang
        tr = s.terrain
        if tr.method == "random":
            how = t("sc_t_random", lang, n=tr.cards_per_side, m=tr.max_per_type)
        elif tr.method == "discretionary":
            by = ", ".join(self.subject(b) for b in tr.by)
            how = t("sc_t_discretionary", lang, by=by, where=t(f"sc_where_{tr.where}", lang))
            if tr.alternate:
                how += ", " + t("sc_t_alternate", lang)
        else:
            how = t(f"sc_t_{tr.method}", lang)
        return how[:1].upper() + how[1:] + "."

    # -- victory and setup

    def condition(self, v: VictoryCondition) -> str:
        lang = self.lang
        if v.text:
            return v.text.get(lang)
        first = v.winners(list(self.s.grid.sides))[0]
        if isinstance(v, ControlRank):
            return t("sc_v_control_rank_one" if v.count == 1 else "sc_v_control_rank", lang, n=v.count, r=v.rank)
        if isinstance(v, ControlPositions):
            targets = v.targets.get(first, ())
            return t("sc_v_control_positions", lang, n=v.count, m=len(targets), p=labels(self.s, targets))
        if isinstance(v, HoldPositions):
            return t("sc_v_hold_positions", lang, p=labels(self.s, v.targets.get(first, ())), t=v.at_end_of_turn)
        if isinstance(v, EliminateAll):
            return t("sc_v_eliminate_all" if v.scope == "table" else "sc_v_eliminate_all_play", lang)
        assert isinstance(v, Countdown)
        group = self.s.reinforcement(v.after)
        title = group.title.get(lang) if group.title else group.id
        return t("sc_v_countdown", lang, t=v.turns, g=title)

    def victory(self) -> None:
        lang, k = self.lang, self.k
        rows: list[list[Any]] = []
        for v in self.s.victory:
            who = (t("sc_set_either_wins", lang) if v.winner == "either"
                   else t("sc_wins", lang, side=self.subject(v.winner, start=True)))
            colour = self.colours.get(v.winner, style.REFERENCE)
            rows.append([self.p(f'<font color="{hexcolour(colour)}"><b>{self.x(who)}</b></font>', self.st.body),
                         self.p(self.x(self.condition(v) + self.star(v.interpretation)), self.st.body)])
        if self.s.default_winner:
            rows.append(["", self.p(self.x(t("sc_otherwise", lang, side=self.subject(self.s.default_winner))), self.st.body)])
        elif self.s.turn_limit or (self.s.ends is not None and self.s.ends.cap):
            # no side wins when the last turn is over: a draw (the project's cap where the source gives no last turn)
            last, key = (self.s.turn_limit, "sc_v_draw") if self.s.turn_limit else (self.s.ends.cap, "sc_v_draw_cap")  # type: ignore[union-attr]
            rows.append([self.p(f"<b>{self.x(t('sc_v_draw_label', lang))}</b>", self.st.body),
                         self.p(self.x(t(key, lang, n=last)), self.st.body)])
        table = self.two_columns(rows, 38 * MM * k)
        self.out.append(KeepTogether([Heading(self.x(t("sc_victory", lang)), self.st), table]))

    def two_columns(self, rows: list[list[Any]], left: float, rules: bool = False) -> Table:
        """A label column and a text column, the way the sheet lists victory and setup."""
        k = self.k
        table = Table(rows, colWidths=[left, None])
        commands: list[tuple[Any, ...]] = [("VALIGN", (0, 0), (-1, -1), "TOP"),
                                           ("LEFTPADDING", (0, 0), (-1, -1), 0), ("RIGHTPADDING", (0, 0), (-1, -1), 4 * k),
                                           ("TOPPADDING", (0, 0), (-1, -1), 1.2 * k),
                                           ("BOTTOMPADDING", (0, 0), (-1, -1), 1.6 * k)]
        if rules:
            commands.append(("LINEBELOW", (0, 0), (-1, -2), 0.3, style.RULE))
        table.setStyle(TableStyle([("FONTNAME", (0, 0), (-1, -1), fonts.COND), *commands]))
        return table

    def setup(self) -> None:
        s, lang, k = self.s, self.lang, self.k
        rows: list[tuple[str, str]] = [(t("sc_sides", lang), t(f"sc_assign_{s.side_assignment}", lang))]
        i = s.initiative
        if i.method == "fixed" and i.side == i.setup_first:
            first = t("sc_init_and_setup", lang, side=self.subject(i.side, start=True))
        elif i.method == "fixed":
            first = t("sc_init_fixed", lang, side=self.subject(i.side, start=True))
        else:
            first = t("sc_init_roll", lang, w=t(f"sc_{i.winner}", lang))
            mods = [t("sc_modifier", lang, side=self.side(sid), m=f"{m:+d}") for sid, m in i.modifiers.items()]
            if mods:
                first = first.rstrip(".") + " (" + ", ".join(mods) + ")."
        if not (i.method == "fixed" and i.side == i.setup_first):
            first += " " + t("sc_setup_first", lang, side=self.subject(i.setup_first, start=True))
        rows.append((t("first", lang), first))
        d = s.deck
        listed = any(side.forces or side.free_cards or side.deck or any(g.forces for g in side.reinforcements)
                     for side in s.sides)
        cards = [t("sc_draw_deck" if d.draw_deck else "sc_no_draw_deck" if listed else "sc_no_draw_deck_built", lang)]
        deck_row = self.deck_row() if d.draw_deck and d.extras and listed else None
        if d.draw_deck and d.extras and deck_row is None:
            cards.append(t("sc_extras", lang, x=", ".join(t(f"sc_x_{x}", lang) for x in d.extras)))
        if deck_row is None:
            cards.append(t("sc_limit", lang, n=d.max_identical_special_events) if d.max_identical_special_events
                         else t("sc_no_limit", lang))
        rows.append((t("sc_cards", lang), " ".join(cards)))
        if deck_row is not None:
            rows.append((t("sc_set_deck", lang), deck_row))
        if s.terrain.method == "random":
            rows.append((t("sc_set_terrain", lang), self.deal_row()))
        spread = self.spread_row()
        if spread:
            rows.append((t("sc_set_spread", lang), spread))
        if s.turn_limit:
            turns = t("sc_turns_value", lang, n=s.turn_limit)
        elif s.ends is not None:  # not "no limit" beside a track of 20 boxes: the cap played, and why
            turns = t("sc_set_track_cap", lang, n=s.ends.cap)
        else:
            turns = t("sc_turns_none", lang)
        rows.append((t("sc_turns", lang), turns))
        for n, o in enumerate(s.overrides.values()):
            was = t("sc_param_was", lang, value=param_value(o.value, lang), was=param_value(o.ruleset_value, lang),
                    case=case_ref(o.case, lang))
            rows.append((t("sc_changes", lang) if n == 0 else "", f"{param_label(o.name, lang)}: {was}"))
        data = [[self.p(f"<b>{self.x(a)}</b>", self.st.body), self.p(self.x(b), self.st.body)] for a, b in rows]
        table = self.two_columns(data, 38 * MM * k, rules=True)
        self.out.append(KeepTogether([Heading(self.x(t("sc_setup_play", lang)), self.st), table]))
        track = self.turn_track()
        if track:
            self.out.append(KeepTogether(track))

    def deal_row(self) -> str:
        """6.1.1 in words, with the scenario's counts: what each player picks and deals, and what is left over."""
        s, lang = self.s, self.lang
        n = s.terrain.cards_per_side or s.param("setup.random_terrain_cards")
        m = s.terrain.max_per_type or s.param("setup.max_per_terrain_type")
        positions = len(s.grid.side_positions(s.grid.sides[0]))
        text = t("sc_set_deal", lang, n=n, m=m, d=2 * n, p=positions)
        if 2 * n > positions:
            text += " " + t("sc_set_leftover", lang, r=2 * n - positions)
        return text

    def deck_row(self) -> str:
        """Each side's drawing deck with its count, then what the players may add and the 14.0 limit."""
        s, lang, d = self.s, self.lang, self.s.deck
        counts = [(side, sum(c.count for c in side.deck) + sum(e.count for e in side.forces if e.placement.kind == "deck"))
                  for side in s.sides]
        if all(n == 0 for _, n in counts):  # not "German: 0 cards": no unit of the list is drawn
            text = capital(t("sc_set_deck_none_listed", lang))
        else:
            text = ", ".join(t("sc_set_deck_side", lang, side=capital(self.side(side.id)), n=n) for side, n in counts)
        text += ". "
        names = [t(f"sc_set_x_{x}", lang) for x in d.extras]
        extras = ", ".join(names[:-1]) + f" {t('sc_set_and', lang)} " + names[-1] if len(names) > 1 else names[0]
        limit = d.max_identical_special_events
        text += t("sc_set_deck_extras", lang, x=extras, k=limit) if limit else t("sc_set_deck_extras_nolimit", lang, x=extras)
        return text

    def spread_row(self) -> str:
        """How each side's cards spread over its positions, when the stacking limit leaves one side some over (6.3)."""
        s, lang = self.s, self.lang
        k = s.param("stacking.combat_cards")
        lines: list[tuple[bool, str]] = []
        for side in s.sides:
            combat = sum(e.count for e in side.forces
                         if e.placement.kind == "positions" and e.placement.from_zone and e.attached_to is None
                         and e.loaded_on is None and is_unit(e.card) and not is_truck(e.card, s.params))
            if not combat or not side.zone:
                continue
            p = len(side.zone)
            cap = p * k
            name = capital(self.side(side.id))
            if combat > cap:
                lines.append((True, t("sc_set_spread_over", lang, side=name, c=combat, p=p, k=k, cap=cap, over=combat - cap)))
            else:
                lines.append((False, t("sc_set_spread_fits", lang, side=name, c=combat, p=p, k=k)))
        if not any(over for over, _ in lines):
            return ""
        return " ".join(text for _, text in lines)

    def turn_track(self) -> list[Flowable]:
        """A row of numbered turn boxes (the turn limit, or the project's cap), reinforcements marked on their turn."""
        s, lang, k = self.s, self.lang, self.k
        last = s.turn_limit or (s.ends.cap if s.ends is not None else None)
        if not last or last > 30:
            return []
        arrivals: dict[int, list[tuple[Side, int]]] = {}
        for side in s.sides:
            for n, group in enumerate(side.reinforcements, start=1):
                if group.turn is not None and 1 <= group.turn <= last:
                    arrivals.setdefault(group.turn, []).append((side, n))
        centred = ParagraphStyle("centred", parent=self.st.cell, alignment=1)
        numbers: list[Any] = []
        marks: list[Any] = []
        for turn in range(1, last + 1):
            numbers.append(self.p(f"<b>{turn}</b>", centred))
            badges = []
            for side, n in arrivals.get(turn, []):
                badge = (0x277F if side.id in hollow_sides(s) else 0x2789) + n if n <= 10 else ord("+")
                badges.append(f'<font color="{hexcolour(self.colours[side.id])}" face="{fonts.SANS_BOLD}" '
                              f'size="{max(LABEL, 10 * k):.2f}">{chr(badge)}</font>')
            marks.append(self.p(" ".join(badges), centred))
        spans: list[Any] = []
        if not arrivals:  # the second row says why it is empty (issue 37 item 9)
            marks = [t("sc_set_track_none", lang)] + [""] * (last - 1)  # a string: a paragraph would widen column 1
            spans = [("SPAN", (0, 1), (-1, 1)), ("TEXTCOLOR", (0, 1), (-1, 1), style.MUTED),
                     ("FONTSIZE", (0, 1), (-1, 1), self.st.muted.fontSize), ("VALIGN", (0, 1), (-1, 1), "MIDDLE")]
        # equal columns, as the numbers alone take them (a spanned note would widen the first column)
        widths: list[Any] = [f"{100 / last}%" if spans else None] * last
        table = Table([numbers, marks], colWidths=widths, rowHeights=[None, 5.5 * MM * k])
        table.setStyle(TableStyle(spans + [("FONTNAME", (0, 0), (-1, -1), fonts.COND), ("ALIGN", (0, 0), (-1, -1), "CENTER"),
                                   ("GRID", (0, 0), (-1, -1), 0.4, style.RULE),
                                   ("BACKGROUND", (0, 0), (-1, 0), style.PAPER),
                                   ("LEFTPADDING", (0, 0), (-1, -1), 1.5 * k), ("RIGHTPADDING", (0, 0), (-1, -1), 1.5 * k),
                                   ("TOPPADDING", (0, 0), (-1, -1), 1 * k), ("BOTTOMPADDING", (0, 0), (-1, -1), 1.4 * k)]))
        out: list[Flowable] = [self.p(f"<b>{self.x(t('sc_set_track', lang))}</b>", self.st.small),
                               Spacer(1, 1 * MM * k), table]
        keys = [t("sc_set_track_key", lang, g=group_title(s, side, side.reinforcements[n - 1], lang), n=turn)
                for turn in sorted(arrivals) for side, n in arrivals[turn]]
        if keys:
            out.append(self.p(self.x(" · ".join(keys)), self.st.muted))
        return out

    # -- forces

    def forces(self) -> None:
        lang, k = self.lang, self.k
        panels = [self.side_panel(side) for side in self.s.sides]
        gap = 5 * MM * k
        outer = Table([[panels[0], "", panels[1]]], colWidths=["*", gap, "*"], splitInRow=1)
        outer.setStyle(TableStyle([("FONTNAME", (0, 0), (-1, -1), fonts.COND), ("VALIGN", (0, 0), (-1, -1), "TOP"),
                                   ("LEFTPADDING", (0, 0), (-1, -1), 0), ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                                   ("TOPPADDING", (0, 0), (-1, -1), 0), ("BOTTOMPADDING", (0, 0), (-1, -1), 0)]))
        # Both sides' forces on one page when they fit one; longer lists split between pages.
        self.out.append(KeepTogether([Heading(self.x(t("sc_forces", lang)), self.st), outer]))

    def side_panel(self, side: Side) -> list[Flowable]:
        s, lang, k = self.s, self.lang, self.k
        colour = self.colours[side.id]
        head = Table([[self.p(f"{self.x(self.side(side.id))} "
                              f'<font face="{fonts.SANS}" size="{8 * k:.2f}">· {self.x(role_text(side, lang))}</font>',
                              self.st.side)]], colWidths=["*"])
        head.setStyle(TableStyle([("FONTNAME", (0, 0), (-1, -1), fonts.COND), ("BACKGROUND", (0, 0), (-1, -1), colour),
                                  ("LEFTPADDING", (0, 0), (-1, -1), 2.4 * MM * k),
                                  ("TOPPADDING", (0, 0), (-1, -1), 1.4 * MM * k),
                                  ("BOTTOMPADDING", (0, 0), (-1, -1), 1.6 * MM * k)]))
        out: list[Flowable] = [head, Spacer(1, 1.6 * MM * k)]
        zone = labels(s, side.zone, side.id)
        out.append(self.p(self.x(t("sc_sets_up_reserve" if side.reserve_allowed else "sc_sets_up", lang, p=zone)),
                          self.st.small))
        built = build_text(side.build, lang)
        if built:
            out.append(self.p(f"<b>{self.x(built)}</b>", self.st.small))
        for group in side_groups(s, side, lang):
            out += self.group(side, group, colour)
        return out

    def group(self, side: Side, group: Group, colour: Color) -> list[Flowable]:
        lang, k = self.lang, self.k
        g = group.reinforcement
        if g is None and not group.lines:
            return []
        title = self.x(group.title)
        if g is not None and g.positions:
            # The second side's badges are rings (➀), the first side's filled (➊), as on the map: greyscale keeps them apart.
            badge = (0x277F if side.id in hollow_sides(self.s) else 0x2789) + group.number
            title = f'<font color="{hexcolour(colour)}" face="{fonts.SANS_BOLD}">{chr(badge)}</font> ' + title \
                if group.number <= 10 else title
        count = f' <font color="{hexcolour(style.MUTED)}" face="{fonts.COND}">· {self.x(t("sc_n_cards", lang, n=group.count))}</font>' \
            if group.count else ""
        out: list[Flowable] = [self.p(title + count, self.st.h3)]
        if g is not None:
            out.append(self.p(self.x(arrival_text(self.s, side, g, lang)), self.st.small))
            built = build_text(g.build, lang)
            if built:
                out.append(self.p(f"<b>{self.x(built)}</b>", self.st.small))
        if group.lines:
            rows = []
            for line in group.lines:
                name = f"{self.x(curly(line.card.display_name(lang)))} " \
                       f'<font color="{hexcolour(style.MUTED)}" size="{max(LABEL, 6.6 * k):.2f}">#{self.x(card_number(line.card))}</font>'
                if line.read:
                    self.read = True
                rows.append([self.p(f"{line.count}×", self.st.cell_r), self.p(name, self.st.cell),
                             self.p(self.x(line.where_text("*")), self.st.cell)])
            table = Table(rows, colWidths=[7 * MM * k, "46%", "*"], splitByRow=1)
            table.setStyle(TableStyle([("FONTNAME", (0, 0), (-1, -1), fonts.COND), ("VALIGN", (0, 0), (-1, -1), "TOP"),
                                       ("LEFTPADDING", (0, 0), (-1, -1), 1.2 * k),
                                       ("RIGHTPADDING", (0, 0), (-1, -1), 1.6 * k),
                                       ("TOPPADDING", (0, 0), (-1, -1), 0.9 * k),
                                       ("BOTTOMPADDING", (0, 0), (-1, -1), 1.4 * k),
                                       ("ROWBACKGROUNDS", (0, 0), (-1, -1), [None, tint(colour, 0.9)]),
                                       ("LINEBELOW", (0, -1), (-1, -1), 0.4, tint(colour, 0.5))]))
            out.append(table)
        return out

    # -- rules, balance, notes

    def special_rules(self) -> None:
        rules = self.s.special_rules
        if not rules:
            return
        items: list[Flowable] = [Heading(self.x(t("sc_special_rules", self.lang)), self.st)]
        for n, r in enumerate(rules, start=1):
            items.append(self.p(f"<b>{n}.</b>\u00a0{self.x(r.text.get(self.lang))}{self.star(r.interpretation)} "
                                f"{self.muted('(' + case_ref(r.case, self.lang) + ')')}",
                                self.st.item))
        self.out.append(KeepTogether(items[:2]))
        self.out += items[2:]

    def balance(self) -> None:
        options = self.s.balance
        if not options:
            return
        lang = self.lang
        items: list[Flowable] = [Heading(self.x(t("sc_balance", lang)), self.st)]
        for n, b in enumerate(options, start=1):  # numbered: an option's id is the command line's, not the game's
            mark = f" <b>[{self.x(t('sc_in_play', lang))}]</b>" if self.s.applied_balance == b.id else ""
            colour = self.colours.get(b.favours, style.REFERENCE)
            who = t("sc_favours", lang, side=self.subject(b.favours))  # "favorise l'Allemand"
            items.append(self.p(f'<b>{self.x(t("sc_option_n", lang, n=n))}</b> <font color="{hexcolour(colour)}">({self.x(who)})</font>'
                                f"{self.x(' : ' if lang == 'fr' else ': ')}{self.x(b.text.get(lang))}{mark}", self.st.item))
        self.out.append(KeepTogether(items))

    def notes(self) -> None:
        if not self.s.notes:
            return
        items: list[Flowable] = [Heading(self.x(t("sc_notes", self.lang)), self.st)]
        for n in self.s.notes:
            items.append(self.p(f"•\u00a0{self.x(n.get(self.lang))}", self.st.item))
        self.out.append(KeepTogether(items[:2]))
        self.out += items[2:]

    def credits(self) -> None:
        """Who designed the scenario, when, and whom they thank (a designer's own scenario, or an adaptation)."""
        d = self.s.design
        if d is None:
            return
        line = capital(self.s.designed_by(self.lang))
        if d.credit:
            line += ". " + t("sc_credit", self.lang, text=d.credit.get(self.lang))
        self.out.append(Spacer(1, 1.6 * MM * self.k))
        self.out.append(self.p(self.x(line), self.st.muted))


def _layout(s: Scenario, options: PrintOptions, report: Report, k: float, total: int | None,
            break_before: str | None = None) -> tuple[bytes, int, float]:
    """The sheet at scale ``k``: its bytes, its number of pages and how full its last page is (0 to 1)."""
    ctx = Ctx(options.lang, s.cards, s.ruleset, report)
    buf = io.BytesIO()
    doc = SheetDoc(buf, s, options.lang, options.paper, total)
    story = _Story(s, options.lang, ctx, k, break_before).build()
    doc.build(story, onFirstPage=doc.footer, onLaterPages=doc.footer)
    frame = doc.frame
    # reportlab keeps a frame's cursor in attributes its stubs leave out
    fill = (frame._y2 - frame._y) / max(1.0, frame._y2 - frame._y1)  # type: ignore[attr-defined]
    return buf.getvalue(), doc.page, fill


def _register_family() -> None:
    fonts.register()
    registerFontFamily(fonts.SANS, normal=fonts.SANS, bold=fonts.SANS_BOLD, italic=fonts.SANS, boldItalic=fonts.SANS_BOLD)
    registerFontFamily(fonts.COND, normal=fonts.COND, bold=fonts.COND_BOLD, italic=fonts.COND, boldItalic=fonts.COND_BOLD)


def _one_page(scenario: Scenario, options: PrintOptions, scales: tuple[float, ...]) -> tuple[float, int, bytes, Report] | None:
    """A slightly smaller type that brings a nearly empty second page back onto the first, if one does."""
    for k in scales:
        report = Report()
        try:
            data, pages, _ = _layout(scenario, options, report, k, None)
        except PlatypusLayoutError:
            continue
        if pages == 1:
            return k, 1, data, report
    return None


def _balanced(scenario: Scenario, options: PrintOptions, k: float, fill: float) -> str | None:
    """The section to start the second page with so that two pages are about evenly full (issue 37 item 9: Kursk's
    second page held a quarter page); None when no break does better than letting the first page fill up.

    Page 1 holds about ``1 + fill`` pages less what a break sends to page 2 (spacing aside)."""
    best, score = None, abs(1 - fill)
    for name in BREAKS:
        try:
            _, pages, second = _layout(scenario, options, Report(), k, None, name)
        except PlatypusLayoutError:
            continue
        if pages == 2 and second <= 1 and abs(1 + fill - 2 * second) < score:
            best, score = name, abs(1 + fill - 2 * second)
    return best


def build_scenario_sheet(path: Path, options: PrintOptions, scenario: Scenario) -> Report:
    """Write the scenario sheet of ``scenario`` to ``path``: two pages at most, or a report saying it did not fit.

    Each size is laid out once; a one-page sheet is written as laid out, a longer one is laid out again at
    its size with "page 1 of 2" in the footers.
    """
    _register_family()
    chosen: tuple[float, int, bytes, Report] | None = None
    page_break: str | None = None
    with _binary_streams():
        for i, k in enumerate(SCALES):
            report = Report()
            try:
                data, pages, fill = _layout(scenario, options, report, k, None)
            except PlatypusLayoutError:
                continue
            chosen = (k, pages, data, report)
            if pages <= MAX_PAGES:
                if pages == 2 and fill < ONE_PAGE_FILL:
                    one = _one_page(scenario, options, SCALES[i + 1:i + 1 + ONE_PAGE_STEPS])
                    chosen = one or chosen
                    if one is None:  # two pages then, about evenly full rather than one full and one nearly empty
                        page_break = _balanced(scenario, options, k, fill)
                break
        if chosen is None:
            raise RenderError(f"the sheet of scenario '{scenario.id}' cannot be laid out on {options.paper} paper")
        k, pages, data, report = chosen
        if pages > 1:
            report = Report()
            data, pages, _ = _layout(scenario, options, report, k, pages, page_break)
        if pages > MAX_PAGES:
            report.overflow("scenario sheet", f"{pages} pages at the smallest type (at most {MAX_PAGES})")
        report.pages, report.pieces = pages, 1
        if options.strict and report.overflows:
            raise TextOverflowError(report)
        with atomic_path(path) as tmp:
            tmp.write_bytes(data)
    return report
