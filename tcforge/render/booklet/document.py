"""Rule booklets in English and French: the rule text, tables and diagrams from the data, through WeasyPrint.

:func:`build_context` gathers everything the template prints: the cases of
one language with their translation state, every ``{param:...}`` replaced by
the chosen ruleset's value, every ``{table:...}`` and ``{diagram:...}``
generated from the data, cross-references resolved to anchors, scenario
sheets for the scenarios of 17.x and, for a variant, an appendix of what it
changes. :func:`render_html` fills ``templates/booklet.html.j2`` (jinja2,
autoescape on) and :func:`build_booklet` lays it out with WeasyPrint, using
:class:`~tcforge.render.booklet.fetcher.SafeFetcher` (only templates/ is served),
then optionally imposes the pages for saddle-stitch printing, and writes the
PDF whole or not at all.

A French case whose English changed since it was translated is printed in
French with a visible "translation out of date" marker followed by the
current English; a case with no translation is printed in English under a
"not translated yet" marker. Neither is ever silently replaced.
"""
from __future__ import annotations

import re
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import jinja2
from markupsafe import Markup, escape

from tcforge.data.dataset import DEFAULT_RULESET, GameData, load_data
from tcforge.data.problems import DataError
from tcforge.data.translations import catalogued
from tcforge.i18n.catalog import CURRENT, MISSING, STALE, Case, RuleBook, load_rulebook
from tcforge.i18n.words import bw, capital, t, typo
from tcforge.render.booklet import diagrams, index
from tcforge.render.booklet.fetcher import SafeFetcher, templates_dir
from tcforge.render.booklet.tables import card_tables, cards_key, errata_table, forces_tables, sequence_table, terrain_table, to_kill_table
from tcforge.render.booklet.text import Block, RuleTextError, TextRenderer, format_value

LANGS = ("en", "fr")
PAPERS: dict[str, tuple[str, str]] = {"a4": ("210mm", "297mm"), "letter": ("8.5in", "11in"), "a5": ("148mm", "210mm"),
                                      "half-letter": ("5.5in", "8.5in")}
# The small formats (half a sheet of A4 or Letter, imposed two to a sheet side by --booklet) set smaller type.
SMALL_PAPERS = {"a5", "half-letter"}
# Margins: top, bottom, inner (the fold), outer.
MARGINS: dict[str, tuple[str, str, str, str]] = {"a4": ("20mm", "20mm", "24mm", "30mm"),
                                                "letter": ("18mm", "20mm", "24mm", "30mm"),
                                                "a5": ("15mm", "16mm", "15mm", "17mm"),
                                                "half-letter": ("15mm", "16mm", "15mm", "17mm")}
SHEET_FRAME_MM = 7.0  # a scenario sheet's border and padding, both sides
# Chapters that start on a new page: the scenarios, the card tables, Hill 621 and the notes.
NEW_PAGE = {"19.0", "20.0", "notes"}


SECTION = re.compile(r"^\d+\.[1-9]\d*$")  # 9.3, 17.8: the sections the contents lists under their chapter
def body_class(paper: str, lang: str) -> str:
    """The booklet body's classes, which booklet.css keys the paper's and the language's rules on."""
    return f"paper-{paper}{' paper-small' if paper in SMALL_PAPERS else ''} lang-{lang}"


def page_box_css(paper: str) -> str:
    """The @page rule of a paper: its size and its margins (the inner ones; the facing pages swap them)."""
    width, height = PAPERS[paper]
    top, bottom, inner, outer = MARGINS[paper]
    return f"@page {{ size: {width} {height}; margin: {top} {outer} {bottom} {inner}; }}"


def plain_text(html: str) -> str:
    """Rule-text HTML (a title with its links) as plain text; unlike Markup.striptags, no-break spaces are kept."""
    return Markup(re.sub(r"<[^>]*>", "", str(html))).unescape()


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "x"


def _mm(length: str) -> float:
    """A CSS length in mm or in as millimetres."""
    if length.endswith("mm"):
        return float(length[:-2])
    if length.endswith("in"):
        return float(length[:-2]) * 25.4
    raise ValueError(length)


def css_string(text: str) -> str:
    """A CSS string literal: quotes, backslashes, line breaks and '<' escaped (nothing can close the style)."""
    out = []
    for ch in text:
        if ch in '"\\<>&' or ord(ch) < 32:
            out.append(f"\\{ord(ch):x} ")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


class BookletError(Exception):
    """A booklet that cannot be built; the message says why, in one line."""


@dataclass
class BookletOptions:
    lang: str = "en"
    ruleset: str | None = None
    paper: str = "a4"
    booklet: bool = False

    def check(self) -> None:
        known = catalogued()  # en, fr, and any language with a catalogue: what it does not translate is in English
        if self.lang not in known:
            raise BookletError(f"unknown language '{self.lang}'; use one of: {', '.join(known)}")
        if self.paper not in PAPERS:
            raise BookletError(f"unknown paper '{self.paper}'; use one of: {', '.join(PAPERS)}")


@dataclass
class Figure:
    svg: Markup
    caption: str
    name: str


@dataclass
class BookletReport:
    path: Path | None
    lang: str
    pages: int
    sheets: int | None = None
    seconds: float = 0.0
    stale: list[str] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)
    title_only: list[str] = field(default_factory=list)  # cases with only their title translated
    english_words: list[str] = field(default_factory=list)  # the cover's words printed in English (no word table)
    unresolved: list[str] = field(default_factory=list)
    links: int = 0
    imposed: str = ""
    short_lines: list[tuple[int, str]] = field(default_factory=list)  # (page, text) of lines broken too early


TITLE_ONLY = "title-only"  # a case state of the booklet only: 'tcforge i18n status' counts it stale

# ---------------------------------------------------------------------------
# context


class ContextBuilder:
    """Builds the template's context for one language and ruleset; keeps what it found (links, stale cases)."""

    def __init__(self, options: BookletOptions, book: RuleBook, data: GameData):
        self.o = options
        self.lang = options.lang
        self.book = book
        self.data = data
        self.ruleset = data.ruleset
        params = {name: p.value for name, p in self.ruleset.params.items()}
        english = book.source
        self.anchors: dict[str, str] = {c.number: c.anchor for c in english.cases()}
        for chapter in english.chapters:
            self.anchors.setdefault(chapter.number, chapter.anchor)
        self.text = TextRenderer(self.lang, params, self.anchors)
        self.english_text = TextRenderer("en", params, self.anchors) if self.lang != "en" else self.text
        self.figures = 0
        self._scenarios: dict[str, Any] | None = None
        self.stale: list[str] = []
        self.title_only: list[str] = []
        self.english_words: list[str] = []
        self.missing: list[str] = []
        self.card_anchors: set[str] = set()
        self.card_index: list[tuple[str, str]] = []

    # scenarios, loaded once
    def scenarios(self) -> dict[str, Any]:
        if self._scenarios is None:
            from tcforge.scenarios.loading import bundled_ids, load

            self._scenarios = {}
            for sid in bundled_ids():
                try:
                    self._scenarios[sid] = load(sid)
                except Exception as exc:  # a broken scenario file is reported, not printed
                    raise BookletError(f"scenario {sid} cannot be loaded: {exc}") from None
        return self._scenarios

    def scenario(self, sid: str) -> Any:
        found = self.scenarios().get(sid)
        if found is None:
            raise BookletError(f"rule text names unknown scenario '{sid}'")
        return found

    def resolve(self, block: Block) -> Block:
        lang, cards, rs = self.lang, self.data.cards, self.ruleset
        if block.kind == "table":
            name = block.name
            if name == "terrain":
                block.content = [terrain_table(cards, rs, lang)]
            elif name == "to-kill":
                block.content = [to_kill_table(rs, lang)]
            elif name == "sequence":
                block.content = [sequence_table(rs, lang, lambda text: self.text.inline(self.text.prepare(text)))]
            elif name == "cards":
                tables = card_tables(cards, lang, rs, compact=self.o.paper in SMALL_PAPERS)
                tables[0].intro = cards_key(lang)
                self.anchor_cards(tables)
                block.content = tables
            elif name == "errata":
                block.content = [errata_table(cards, lang)]
            elif name.startswith("scenario-forces:"):
                block.content = forces_tables(self.scenario(name.split(":", 1)[1]), lang)
            else:
                raise BookletError(f"unknown table {{table:{name}}}")
        elif block.kind == "diagram":
            block.content = self.diagram(block.name)
        return block

    def anchor_cards(self, tables: list[Any]) -> None:
        """Give each card's row in the card tables an anchor (once) and list it for the index."""
        for table in tables:
            for row in table.body:
                if len(row) < 2 or row[1].cls != "name" or not row[1].value:
                    continue
                anchor = base = f"card-{_slug(row[0].value or row[1].value)}"
                n = 1
                while anchor in self.card_anchors:
                    n += 1
                    anchor = f"{base}-{n}"
                self.card_anchors.add(anchor)
                row[1].anchor = anchor
                self.card_index.append((row[1].value, anchor))

    def index(self, chapters: list[dict[str, Any]]) -> dict[str, Any]:
        """The index (tcforge.render.booklet.index): cases by title and by term with their numbers, cards by name."""
        lang = self.lang
        cases = [(case["number"], case["anchor"], plain_text(case["title"]), index.case_text(case["blocks"]))
                 for chapter in chapters for case in chapter["cases"]]
        return {"anchor": "index", "title": bw("index", lang), "intro": bw("index_intro", lang),
                "parts": [{"title": bw("index_rules", lang), "groups": index.grouped(index.rules_entries(cases, lang))},
                          {"title": bw("index_cards", lang), "groups": index.grouped(index.card_entries(self.card_index))}]}

    def credits(self) -> dict[str, Any]:
        lang = self.lang
        return {"anchor": "credits", "title": bw("credits", lang),
                "paragraphs": [bw(k, lang) for k in ("credits_game", "credits_six_pack", "credits_hill",
                                                     "credits_project")]}

    def diagram(self, name: str) -> Figure:
        lang, cards, rs = self.lang, self.data.cards, self.ruleset
        try:
            if name == "battlefield":
                svg, caption = diagrams.battlefield(rs, lang)
            elif name == "reserve-8.3":
                svg, caption = diagrams.reserve(rs, lang)
            elif name == "movement-8.7":
                svg, caption = diagrams.movement(cards, lang)
            elif name == "los-9.2":
                svg, caption = diagrams.los(self.data, lang)
            elif name.startswith("map-"):
                svg, caption = diagrams.scenario_map(self.scenario(name[4:]), lang)
            else:
                raise BookletError(f"unknown diagram {{diagram:{name}}}")
        except diagrams.DiagramError as exc:
            raise BookletError(str(exc)) from None
        self.figures += 1
        return Figure(svg, typo(caption, lang), name)

    def case_blocks(self, renderer: TextRenderer, case: Case) -> list[Block]:
        try:
            return [self.resolve(b) for b in renderer.blocks(case.text)]
        except RuleTextError as exc:
            raise BookletError(f"{case.lang}/{case.file} case {case.number}: {exc}") from None

    def scenario_sheet(self, number: str) -> dict[str, Any] | None:
        """The map and forces of the scenario whose source section is this case (17.x)."""
        for sid, s in self.scenarios().items():
            if s.source.get("section") == number and number.startswith("17."):
                title = s.title.get(self.lang)
                svg, caption = self.diagram(f"map-{sid}").svg, bw("map_caption", self.lang, title=title)
                turns = (bw("turns", self.lang, n=s.turn_limit) if s.turn_limit else
                         capital(t("sc_turns_cap", self.lang, n=s.ends.cap)) if s.ends is not None else
                         capital(bw("no_turn_limit", self.lang)))
                return {"id": sid, "title": typo(bw("scenario_sheet", self.lang, title=title), self.lang),
                        "figure": Figure(svg, typo(caption, self.lang), f"map-{sid}"),
                        "tables": forces_tables(s, self.lang), "turns": turns}
        return None

    def build(self) -> dict[str, Any]:
        lang = self.lang
        target = self.book.book(lang)
        translated = target.case_map()
        chapters = []
        for en_chapter in self.book.source.chapters:
            tr_chapter = target.chapter(en_chapter.file) if lang != "en" else en_chapter
            title = tr_chapter.title if tr_chapter is not None else en_chapter.title
            cases = []
            for en in en_chapter.cases:
                cases.append(self.case(en, translated.get(en.number) if lang != "en" else en))
            shown = "" if en_chapter.number == "notes" else en_chapter.number
            running = typo(f"{shown} {title}".strip(), lang)
            sections = [{"anchor": c["anchor"], "number": c["number"], "title": plain_text(c["title"])}
                        for c in cases if SECTION.match(c["number"])]
            chapters.append({"anchor": en_chapter.anchor, "number": shown, "title": self.text.title(title),
                             "running": running, "new_page": en_chapter.number in NEW_PAGE, "cases": cases,
                             "sections": sections, "lang": lang if tr_chapter is not None else "en"})
        rs = self.ruleset
        default = self.data.rulesets.get(DEFAULT_RULESET)
        appendix = self.variant_appendix() if default is not None and rs.id != default.id else None
        total = len(list(self.book.source.cases()))
        current = total - len(self.stale) - len(self.missing) - len(self.title_only)
        width, height = PAPERS[self.o.paper]
        _, _, inner, outer = MARGINS[self.o.paper]
        cover = self.scenarios().get("hill-621")
        # The cover's words come from the word table (tcforge.i18n.words): English and French, and for a language
        # started with 'tcforge i18n init' the words its PO import recorded; until it has them all, the cover's words
        # print in English, marked (a note on the cover and on standard error).
        words_lang = lang
        if lang not in LANGS:
            from tcforge.i18n.words import own_words
            mine = own_words(lang)
            self.english_words = [k for k in ["rule_book", "ruleset"] + (["variant_note"] if appendix is not None else [])
                                  + (["translation_state"] if current < total else []) + ["colophon"]
                                  if k not in mine]
            if self.english_words:  # the cover is set in one language: English, marked, until all its words are
                words_lang = "en"
        running = f"{bw('game', lang)} \u2014 {bw('rule_book', lang)}"
        page_css = (f"{page_box_css(self.o.paper)}\n"
                    f"@page :left {{ margin-left: {outer}; margin-right: {inner}; @top-left {{ content: {css_string(running)}; }} }}\n"
                    f"@page :right {{ margin-left: {inner}; margin-right: {outer}; }}")
        return {
            "page_css": Markup(page_css),
            "cover_height": f"{_mm(height) - 0.6:.1f}mm",
            "cover_art": diagrams.cover_art(cover, lang) if cover is not None else None,
            "cover_caption": typo(f"{cover.title.get(lang)}, {cover.place.get(lang) if cover.place else ''}".strip(", "), lang)
            if cover is not None else "",
            "lang": lang,
            "words_lang": words_lang,
            "cover_words_note": (bw("cover_words_note", words_lang, language=lang)
                                 if self.english_words else ""),
            "paper": self.o.paper,
            "small": self.o.paper in SMALL_PAPERS,
            "body_class": body_class(self.o.paper, lang),
            "index": self.index(chapters),
            "quickref": None,
            # a folded or small booklet ends with a quick reference where its last pages would be blank: the
            # contents lists it (its page filled in once those pages are laid out; the line is dropped if none fit)
            "quickref_entry": bw("quickref", lang) if self.o.booklet or self.o.paper in SMALL_PAPERS else None,
            "credits": self.credits(),
            "page_width": width,
            "page_height": height,
            "title": f"{bw('game', lang)}: {bw('edition', lang)}",
            "game": bw("game", lang),
            "edition": bw("edition", lang),
            "rule_book": bw("rule_book", lang),
            "ruleset_label": bw("ruleset", lang),
            "ruleset_title": typo(rs.title_in(lang), lang),
            "ruleset_id": rs.id,
            "is_variant": appendix is not None,
            "variant_note": bw("variant_note", lang),
            "made_with": bw("colophon", lang),
            # a reader is told only of what is not translated yet: a complete translation says nothing of itself
            "translation_state": (bw("translation_state", lang, current=current, total=total)
                                  if lang != "en" and current < total else ""),
            "contents_title": bw("contents", lang),
            "contents_sources": bw("contents_sources", lang),
            "chapters": chapters,
            "appendix": appendix,
            "words": {k: bw(k, lang) for k in ("stale", "stale_note", "missing", "missing_note", "title_only",
                                               "title_only_note", "english_now", "fig",
                                               "appendix", "page")},
        }

    def case(self, en: Case, tr: Case | None) -> dict[str, Any]:
        lang = self.lang
        if lang == "en":
            state = CURRENT
        else:
            state = self.book.state_of(lang, en.number)
        entry: dict[str, Any] = {"anchor": en.anchor, "number": en.number, "state": state, "lang": lang}
        if state == MISSING or tr is None:
            self.missing.append(en.number)
            entry.update(title=self.english_text.title(en.title), blocks=self.case_blocks(self.english_text, en),
                         lang="en", state=MISSING)
        elif state == STALE and tr.translated_from is None and tr.text == en.text and tr.title != en.title:
            # only the title translated ('tcforge i18n import' keeps the English text): the text is printed once, in
            # English, marked as not translated; the English did not change since a translation, as "stale" would say
            self.title_only.append(en.number)
            entry.update(title=self.text.title(tr.title), blocks=self.case_blocks(self.english_text, en),
                         state=TITLE_ONLY, text_lang="en")
        else:
            entry.update(title=self.text.title(tr.title), blocks=self.case_blocks(self.text, tr))
            if state == STALE:
                self.stale.append(en.number)
                entry.update(english_title=self.english_text.title(en.title),
                             english_blocks=self.case_blocks(self.english_text, en))
        entry["sheet"] = self.scenario_sheet(en.number)
        return entry

    def show_param(self, name: str, value: Any) -> str:
        """A parameter's value for the appendix: a terrain table by its title, others as the rules print them."""
        if name == "fire.terrain_table":
            info = next((t for t in self.data.cards.terrain_tables if t.get("id") == value), None)
            if info:
                return str((info.get("title") or {}).get(self.lang) or value)
        return typo(format_value(name, value, self.lang), self.lang)

    def variant_appendix(self) -> dict[str, Any]:
        lang = self.lang
        rs, default = self.ruleset, self.data.rulesets[DEFAULT_RULESET]
        rows = []
        for name in sorted(set(rs.params) | set(default.params)):
            mine, base = rs.params.get(name), default.params.get(name)
            if mine is not None and base is not None and mine.value == base.value:
                continue
            changed = mine if mine is not None and mine.reason else base
            case = changed.case if changed else ""
            rows.append({"name": name,
                         # a zero-width space after dots and underscores lets a long name wrap there
                         "name_html": Markup(re.sub(r"([._])", "\\1\u200b", str(escape(name)))),
                         "default": self.show_param(name, base.value) if base else "–",
                         "variant": self.show_param(name, mine.value) if mine else "–",
                         "case": case, "case_anchor": self.anchors.get(case),
                         "reason": changed.reason if changed else ""})
        return {"anchor": "appendix-variant", "title": bw("variant_title", lang),
                "intro": bw("variant_intro", lang, variant=f"{rs.title_in(lang)} ({rs.id})",
                            default=f"{default.title_in(lang)} ({default.id})"),
                "head": [bw(k, lang) for k in ("parameter", "default", "variant", "case")] + [capital(bw("why", lang))],
                "rows": rows, "reason_note": bw("reason_lang", lang) if lang != "en" else ""}


def build_context(options: BookletOptions, book: RuleBook | None = None, data: GameData | None = None
                  ) -> tuple[dict[str, Any], ContextBuilder]:
    options.check()
    try:
        data = data or load_data(options.ruleset)
    except DataError as exc:  # an unknown ruleset, or data that is not valid
        unknown = [p for p in exc.problems if p.code == "unknown-ruleset"]
        if unknown:
            raise BookletError(f"{unknown[0].message} ({unknown[0].hint})") from None
        raise BookletError(f"the data has {len(exc.problems)} problem(s); run 'tcforge validate'") from None
    try:
        book = book or load_rulebook()
    except DataError as exc:
        raise BookletError(f"the rule text has {len(exc.problems)} problem(s), the first: "
                           f"{exc.problems[0].render()}") from None
    builder = ContextBuilder(options, book, data)
    width = PAPERS[options.paper][0]
    _, _, inner, outer = MARGINS[options.paper]
    # the text column, less a scenario sheet's frame: diagrams wider than this are scaled down to fit
    column = _mm(width) - _mm(inner) - _mm(outer) - SHEET_FRAME_MM
    with diagrams.printed_in_column(column):
        return builder.build(), builder


def environment() -> jinja2.Environment:
    """jinja2 with autoescape on: every value is escaped unless built as Markup by tcforge itself."""
    return jinja2.Environment(loader=jinja2.FileSystemLoader(str(templates_dir())), autoescape=True,
                              undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True)


def render_html(options: BookletOptions, book: RuleBook | None = None, data: GameData | None = None
                ) -> tuple[str, ContextBuilder]:
    context, builder = build_context(options, book, data)
    html = environment().get_template("booklet.html.j2").render(**context)
    return html, builder


ANCHOR_ID = re.compile(r'\bid="([^"]+)"')
HREF = re.compile(r'\bhref="#([^"]+)"')


def dangling_links(html: str) -> list[str]:
    """Internal links whose target id is not in the page (the quick reference's is laid out afterwards)."""
    ids = set(ANCHOR_ID.findall(html)) | {"quickref"}
    return sorted({h for h in HREF.findall(html) if h not in ids})


# ---------------------------------------------------------------------------
# PDF


def _pdf_document(html: str, fetcher: SafeFetcher, later: dict[str, int] | None = None) -> Any:
    """The booklet laid out once, its page numbers filled in; ``later`` pages known only afterwards (the quick
    reference) are filled by :func:`_fill_later`."""
    from weasyprint import HTML

    from tcforge.render.booklet.pagenums import PageNumberError, fill_page_numbers

    base = templates_dir().resolve().as_uri() + "/"
    document = HTML(string=html, base_url=base, url_fetcher=fetcher).render()
    try:
        fill_page_numbers(document)  # one layout pass: the page numbers go into their placeholders afterwards
    except PageNumberError as exc:
        raise BookletError(f"{exc} (widen PLACEHOLDER in render/booklet/pagenums.py and booklet.css)") from None
    return document


def _fill_later(document: Any, pages: dict[str, int]) -> None:
    from tcforge.render.booklet.pagenums import PageNumberError, fill_page_numbers
    try:
        fill_page_numbers(document, only=pages)
    except PageNumberError as exc:
        raise BookletError(f"{exc} (widen PLACEHOLDER in render/booklet/pagenums.py and booklet.css)") from None


# What the last pages of a booklet whose page count is not a multiple of four carry, most first (issue 37 item 5).
QUICKREF_SETS = (("sequence", "terrain", "to-kill"), ("sequence", "to-kill"), ("sequence",), ("to-kill",))


def quickref_pages(context: dict[str, Any], builder: ContextBuilder, first_page: int, room: int) -> list[Any]:
    """Laid-out pages of the sequence of play and the key tables, numbered from ``first_page`` and starting on
    the side that page falls on, at most ``room`` of them: the most tables that fit (none when none fits)."""
    from weasyprint import HTML

    lang, cards, rs = builder.lang, builder.data.cards, builder.ruleset
    # case numbers as plain text: these pages are laid out apart, so a link's page could not be filled in
    make = {"sequence": lambda: sequence_table(rs, lang),
            "terrain": lambda: terrain_table(cards, rs, lang), "to-kill": lambda: to_kill_table(rs, lang)}
    left = first_page % 2 == 0  # an even page is a left page; the document's first page is a right one
    base = templates_dir().resolve().as_uri() + "/"
    for names in QUICKREF_SETS:
        extra = {"page_css": Markup(str(context["page_css"]) + f"\n@page :first {{ counter-reset: page {first_page - left}; }}"
                                    + ("\nsection.quickref { break-before: page; }" if left else "")),
                 "quickref": {"title": bw("quickref", lang), "tables": [make[n]() for n in names], "skip": left}}
        html = environment().get_template("booklet.html.j2").render(**{**context, **extra})
        pages = HTML(string=html, base_url=base, url_fetcher=SafeFetcher()).render().pages[1 if left else 0:]
        if len(pages) <= room:
            return list(pages)
    return []


def _open_with_bookmarks(document: Any, pdf: Any) -> None:
    """WeasyPrint finisher: the catalog's /PageMode asks viewers to open the bookmarks panel."""
    pdf.catalog["PageMode"] = "/UseOutlines"  # pydyf writes a str as is: a PDF name


def build_booklet(path: Path, options: BookletOptions, book: RuleBook | None = None,
                  data: GameData | None = None) -> BookletReport:
    """Render the booklet to ``path`` (whole or not at all); ``--booklet`` imposes it for saddle stitching."""
    from tcforge.atomic import atomic_path
    from tcforge.render.booklet.impose import impose
    from tcforge.render.booklet.layoutcheck import short_lines

    start = time.perf_counter()
    context, builder = build_context(options, book, data)
    html = environment().get_template("booklet.html.j2").render(**context)
    missing = dangling_links(html)
    if missing:
        raise BookletError(f"{len(missing)} cross-reference(s) point nowhere: {', '.join(missing[:5])}")
    fetcher = SafeFetcher()
    document = _pdf_document(html, fetcher)
    room = -len(document.pages) % 4
    if context["quickref_entry"]:
        # a folded booklet's last pages would be blank: the sequence of play and the key tables go there
        first = len(document.pages) + 1
        extra = quickref_pages(context, builder, first, room) if room else []
        if extra:
            document = document.copy(document.pages + extra)
            _fill_later(document, {"quickref": first})
        else:  # no room, or none fits: laid out again without the contents line (a page count of 4k: 1 in 4)
            context["quickref_entry"] = None
            document = _pdf_document(environment().get_template("booklet.html.j2").render(**context), fetcher)
    pages = len(document.pages)
    renderers = {id(r): r for r in (builder.text, builder.english_text)}.values()
    report = BookletReport(path, options.lang, pages, stale=builder.stale, missing=builder.missing,
                           title_only=builder.title_only, english_words=builder.english_words,
                           unresolved=sorted({n for r in renderers for n in r.unresolved}),
                           links=sum(len(r.links) for r in renderers), short_lines=short_lines(document))
    with atomic_path(path) as tmp:
        # the PDF opens with its bookmarks panel shown (the imposed file has no bookmarks)
        document.write_pdf(tmp, finisher=None if options.booklet else _open_with_bookmarks)
        del document
        if options.booklet:
            try:
                report.sheets, report.imposed = impose(tmp, options.paper)
            except ImportError:
                raise BookletError("--booklet needs the pypdf package (pip install pypdf)") from None
    report.seconds = time.perf_counter() - start
    return report
