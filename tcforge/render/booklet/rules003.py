"""The fluid-time rules of source 003 as a booklet, in English or French, through WeasyPrint.

The text is data/rules-003 (numbered cases, the same format and catalogue as
the main rule book, so ``tcforge i18n ... --rules data/rules-003`` exports and
imports its PO file). ``{param:...}`` prints a value of the fluid-time rules
file; ``{table:...}`` places a table computed from the rules and the sample
deck. A French case whose English changed is printed with the "out of date"
marker and the current English; a case never translated is printed in English
under the "not translated yet" marker: never silently in English.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

import jinja2
from markupsafe import Markup

from tcforge.decks.model import CommandDeck, FluidRules
from tcforge.decks.odds import deck_odds
from tcforge.decks.tables import (
    INTENSITIES,
    at_least,
    expected_templates,
    hit_chance,
    morale,
    morale_modifier_range,
    penetrating_results,
    penetration_chance,
    support_outcomes,
)
from tcforge.decks.tables_text import pc
from tcforge.i18n.catalog import CURRENT, MISSING, STALE, Case, RuleBook, case_state, load_rulebook
from tcforge.i18n.words import bw, dw, signed
from tcforge.paths import data_dir
from tcforge.render.booklet.fetcher import SafeFetcher, templates_dir
from tcforge.render.booklet.text import Block, TextRenderer

PAGES = {"a4": ("210mm", "297mm"), "letter": ("8.5in", "11in"), "a5": ("148mm", "210mm")}
TEMPLATE = "rules-003.html.j2"

BOOK_WORDS: dict[str, tuple[str, str]] = {
    "title": ("Fluid-Time Command Deck Rules", "Règles du paquet de commandement à temps fluide"),
    "kind": ("Rules booklet", "Livret de règles"),
    "game": ("Tank Commander · variant", "Tank Commander · variante"),
    "source": ("Written in the project's own words from source 003 (a card-driven miniatures variant); the tables are "
               "computed from data/decks.", "Rédigé dans les mots du projet d'après la source 003 (une variante pour "
               "figurines pilotée par cartes) ; les tables sont calculées à partir de data/decks."),
    "contents": ("Contents", "Sommaire"),
    "made_with": ("Made with tcforge from the project's data.", "Réalisé avec tcforge à partir des données du projet."),
    "state": ("French translation: {current} of {total} cases current, {stale} out of date, {missing} not translated.",
              "Traduction française : {current} articles sur {total} à jour, {stale} à mettre à jour, {missing} non traduits."),
    "cap:turn-length": ("Turn length with the sample deck ({deck})", "Durée du tour avec le paquet d'exemple ({deck})"),
    "impulses": ("Impulses", "Impulsions"), "chance": ("Chance", "Chance"), "at_most": ("At most", "Au plus"),
    "cap:side": ("Each side with the sample deck", "Chaque camp avec le paquet d'exemple"),
    "side": ("Side", "Camp"), "cards": ("Cards", "Cartes"), "no_impulse": ("No impulse", "Aucune impulsion"),
    "expected": ("Expected", "Espérance"), "hold": ("Commander's card usable after {n} impulses",
                                                    "Carte du commandant encore jouable après {n} impulsions"),
    "mean_note": ("On average {mean} impulses a turn; the commander's card held back is lost when the Turn Over comes "
                  "first.", "En moyenne {mean} impulsions par tour ; la carte du commandant gardée en réserve est perdue "
                  "si la Fin de tour sort d'abord."),
    "cap:size-modifiers": ("Size modifiers", "Modificateurs de Taille"), "situation": ("Situation", "Situation"),
    "modifier": ("Modifier", "Modificateur"),
    "cap:hit": ("Chance to hit with one d10", "Chance de toucher avec un d10"), "size": ("Modified Size", "Taille modifiée"),
    "cap:penetration": ("Chance to penetrate (%), by gun dice; +1: flank, rear or top hit",
                        "Chance de percer (%), selon les dés du canon ; +1 : coup de flanc, arrière ou dessus"),
    "cap:penetrating": ("One penetrating hit", "Un coup perçant"), "result": ("Result", "Résultat"),
    "cap:morale-modifiers": ("Morale modifiers", "Modificateurs de moral"), "crew": ("Crew", "Équipage"),
    "cap:morale": ("Morale test outcome by total modifier", "Issue du test de moral selon le modificateur total"),
    "cap:intensity": ("Support intensity on 1d6", "Intensité de l'appui sur 1d6"),
    "nation": ("Nation", "Nation"), "avg": ("Templates on average", "Gabarits en moyenne"),
    "cap:support-attack": ("Chance to beat the armor under a template (%), armored target",
                           "Chance de vaincre le blindage sous un gabarit (%), cible blindée"),
    "cap:deck": ("The sample deck, as printed", "Le paquet d'exemple, tel qu'imprimé"),
    "printed": ("Printed card", "Carte imprimée"), "type": ("Impulse", "Impulsion"), "who": ("Acts", "Agit"),
    "cap:support-cards": ("What each support card brings", "Ce qu'apporte chaque carte d'appui"),
    "card": ("Card", "Carte"),
}
CREW = {
    "fanatics_or_soviet_heavy_tank": ("Fanatics; Soviet heavy tank crews", "Fanatiques ; équipages de chars lourds soviétiques"),
    "vastly_superior": ("Far better training or equipment", "Entraînement ou matériel très supérieur"),
    "better_quality": ("Better troops or equipment", "Troupes ou matériel meilleurs"),
    "average": ("Average troops or equipment", "Troupes ou matériel moyens"),
    "suppressed_and_struck_again": ("Already suppressed, hit again this turn", "Déjà neutralisé, touché de nouveau ce tour"),
    "poor_equipment_or_training": ("Poor training or equipment", "Entraînement ou matériel médiocre"),
    "demoralized_or_pressed": ("Demoralised or pressed men", "Hommes démoralisés ou enrôlés de force"),
    "very_poor_equipment": ("Very poor equipment", "Matériel très médiocre"),
}


def w(key: str, lang: str, **values: Any) -> str:
    en, fr = BOOK_WORDS[key]
    text = fr if lang == "fr" else en
    return text.format(**values) if values else text


def rules_003_dir() -> Path:
    return data_dir() / "rules-003"


class Rules003Error(Exception):
    """A booklet that cannot be built; one line for users."""


@dataclass
class HtmlTable:
    kind: str
    caption: str
    head: list[str]
    rows: list[list[str]]
    align: str
    notes: list[str] = field(default_factory=list)


def _faces(values: list[int]) -> str:
    if not values:
        return "–"
    return str(values[0]) if len(values) == 1 else f"{values[0]}–{values[-1]}"


class Tables:
    def __init__(self, rules: FluidRules, deck: CommandDeck, lang: str):
        self.rules, self.deck, self.lang = rules, deck, lang

    def get(self, name: str) -> list[HtmlTable]:
        method = getattr(self, "t_" + name.replace("-", "_"), None)
        if method is None:
            raise Rules003Error(f"unknown table {{table:{name}}} in data/rules-003")
        result: list[HtmlTable] = method()
        return result

    def t_turn_length(self) -> list[HtmlTable]:
        lang, deck = self.lang, self.deck
        odds = deck_odds(deck, self.rules, hold_up_to=8)
        rows, total = [], Fraction(0)
        for k, p in odds.impulses.items():
            total += p
            if k > 16:
                break
            rows.append([str(k), pc(p) + " %", pc(total) + " %"])
        length = HtmlTable("turn-length", w("cap:turn-length", lang, deck=deck.title_in(lang)),
                           [w("impulses", lang), w("chance", lang), w("at_most", lang)], rows, "rrr",
                           [w("mean_note", lang, mean=f"{float(odds.mean_impulses):g}")])
        side_rows = []
        for s in odds.sides.values():
            side_rows.append([deck.sides[s.side].name(lang), str(s.cards), pc(s.none) + " %", f"{float(s.expected):.2f}"]
                             + [pc(s.commander_hold[n][1]) + " %" for n in (2, 4, 8)])
        sides = HtmlTable("sides", w("cap:side", lang),
                          [w("side", lang), w("cards", lang), w("no_impulse", lang), w("expected", lang)]
                          + [w("hold", lang, n=n) for n in (2, 4, 8)], side_rows, "lrrrrrr")
        return [length, sides]

    def t_size_modifiers(self) -> list[HtmlTable]:
        mods = self.rules["fire.size_modifiers"]
        rows = [[dw("mod:" + k, self.lang), signed(v)] for k, v in mods.items()]
        return [HtmlTable("size-modifiers", w("cap:size-modifiers", self.lang), [w("situation", self.lang),
                                                                                  w("modifier", self.lang)], rows, "lr")]

    def t_hit(self) -> list[HtmlTable]:
        sizes = range(0, 11)
        return [HtmlTable("hit", w("cap:hit", self.lang), [w("size", self.lang)] + [str(s) for s in sizes],
                          [[w("chance", self.lang)] + [pc(hit_chance(self.rules, s)) + " %" for s in sizes]], "l" + "r" * 11)]

    def t_penetration(self) -> list[HtmlTable]:
        dice = range(1, 6)
        head = [dw("armour", self.lang)] + [f"{n}d6" for n in dice] + [f"{n}d6+1" for n in dice]
        rows = [[str(a)] + [pc(penetration_chance(self.rules, n, a)) for n in dice]
                + [pc(penetration_chance(self.rules, n, a, flank=True)) for n in dice] for a in range(2, 25)]
        return [HtmlTable("penetration", w("cap:penetration", self.lang), head, rows, "r" * 11)]

    def t_penetrating(self) -> list[HtmlTable]:
        rows = [[dw("res:" + r, self.lang), f"{p} ({pc(p)} %)"] for r, p in penetrating_results(self.rules).items()]
        return [HtmlTable("penetrating", w("cap:penetrating", self.lang), [w("result", self.lang), w("chance", self.lang)],
                          rows, "lr")]

    def t_morale_modifiers(self) -> list[HtmlTable]:
        lang = self.lang
        rows = [[CREW[k][1] if lang == "fr" else CREW[k][0], signed(v)] for k, v in self.rules["morale.modifiers"].items()]
        return [HtmlTable("morale-modifiers", w("cap:morale-modifiers", lang), [w("crew", lang), w("modifier", lang)],
                          rows, "lr")]

    def t_morale(self) -> list[HtmlTable]:
        lang = self.lang
        rows = []
        for m in morale_modifier_range(self.rules):
            r = morale(self.rules, m)
            rows.append([signed(m), f"{r.passed} ({pc(r.passed)} %)", f"{r.suppressed} ({pc(r.suppressed)} %)",
                         f"{r.abandoned} ({pc(r.abandoned)} %)"])
        return [HtmlTable("morale", w("cap:morale", lang), [w("modifier", lang), dw("pass", lang), dw("suppressed", lang),
                                                            dw("abandoned", lang)], rows, "rrrr")]

    def t_intensity(self) -> list[HtmlTable]:
        lang = self.lang
        templates = self.rules["support.templates"]
        rows = [[dw(f"nation_{n}", lang)] + [_faces(faces.get(level, [])) for level in INTENSITIES]
                + [f"{float(expected_templates(self.rules, n)):.2f}"] for n, faces in self.rules["support.intensity"].items()]
        head = [w("nation", lang)] + [f"{dw(level, lang)} ({templates[level]})" for level in INTENSITIES] + [w("avg", lang)]
        return [HtmlTable("intensity", w("cap:intensity", lang), head, rows, "lcccr")]

    def t_support_attack(self) -> list[HtmlTable]:
        extra = int(self.rules["support.armour_extra_dice"])
        kinds = ("bomber", "fighter", "artillery")
        head = [dw("armour", self.lang)] + [f"{dw(k, self.lang)} ({int(self.rules[f'support.{k}_dice']) + extra}d6)" for k in kinds]
        rows = [[str(a)] + [pc(at_least(int(self.rules[f"support.{k}_dice"]) + extra, a)) for k in kinds] for a in range(4, 21, 2)]
        return [HtmlTable("support-attack", w("cap:support-attack", self.lang), head, rows, "rrrr")]

    def t_deck(self) -> list[HtmlTable]:
        lang, deck = self.lang, self.deck
        rows = [[c.text, self.rules.impulse_types[c.type].name(lang), deck.card_label(c, lang)] for c in deck.cards]
        notes = [f"{i['about']}: {i['reading']} ({i['reason']})" for i in deck.interpretations]
        return [HtmlTable("deck", w("cap:deck", lang), [w("printed", lang), w("type", lang), w("who", lang)], rows, "lll",
                          notes)]

    def t_support_cards(self) -> list[HtmlTable]:
        lang, deck = self.lang, self.deck
        rows = []
        for card in deck.shuffled:
            if card.support:
                outcome = support_outcomes(deck, deck.support_tables[card.support])
                rows.append([card.text.split(",")[0].split(" 1d6")[0],
                             ", ".join(f"{dw(k, lang)} {pc(v)} %" for k, v in sorted(outcome.items()))])
        return [HtmlTable("support-cards", w("cap:support-cards", lang), [w("card", lang), w("result", lang)], rows, "ll")]


def _anchor(number: str) -> str:
    return "c-" + number.replace(".", "-").replace(" ", "")


def build_context(lang: str, paper: str, rules: FluidRules, deck: CommandDeck, book: RuleBook | None = None) -> dict[str, Any]:
    book = book or load_rulebook(rules_003_dir())
    english = book.source
    translated = book.books.get(lang) if lang != "en" else None
    if lang != "en" and translated is None:
        raise Rules003Error(f"no '{lang}' folder in {book.root}")
    by_number = translated.case_map() if translated else {}
    anchors = {c.number: _anchor(c.number) for c in english.cases()}
    for ch in english.chapters:
        anchors[ch.number] = _anchor(ch.number)
    params = {name: p.value for name, p in rules.params.items()}
    tables = Tables(rules, deck, lang)
    english_tables = Tables(rules, deck, "en")
    text = TextRenderer(lang, params, anchors)
    english_text = TextRenderer("en", params, anchors) if lang != "en" else text
    chapters, counts = [], {CURRENT: 0, STALE: 0, MISSING: 0}

    def fill(blocks: list[Block], source: Tables) -> list[Block]:
        for b in blocks:
            if b.kind == "table":
                b.content = source.get(b.name)
        return blocks

    tr_chapters = {c.file: c for c in translated.chapters} if translated else {}
    for ch in english.chapters:
        tr_ch = tr_chapters.get(ch.file)
        cases = []
        for case in ch.cases:
            tr: Case | None = by_number.get(case.number) if translated else case
            state = case_state(case, tr) if translated else CURRENT
            counts[state] = counts.get(state, 0) + 1
            entry: dict[str, Any] = {"number": case.number, "anchor": anchors[case.number], "state": state}
            if state == MISSING or tr is None:
                entry.update(title=english_text.title(case.title), lang="en",
                             blocks=fill(english_text.blocks(case.text), english_tables))
            else:
                entry.update(title=text.title(tr.title), lang=lang, blocks=fill(text.blocks(tr.text), tables))
                if state == STALE:
                    entry.update(english_title=english_text.title(case.title),
                                 english_blocks=fill(english_text.blocks(case.text), english_tables))
            cases.append(entry)
        title = tr_ch.title if tr_ch and tr_ch.title else ch.title
        chapters.append({"number": ch.number, "anchor": anchors[ch.number], "title": title,
                         "lang": lang if tr_ch or lang == "en" else "en", "cases": cases})
    unresolved = sorted(set(text.unresolved) | set(english_text.unresolved))
    if unresolved:
        raise Rules003Error("cross-reference(s) to no case in data/rules-003: " + ", ".join(unresolved))
    total = sum(counts.values())
    state_line = w("state", lang, current=counts[CURRENT], total=total, stale=counts[STALE], missing=counts[MISSING]) \
        if lang != "en" and counts[CURRENT] < total else ""  # a complete translation says nothing of itself
    page_w, page_h = PAGES[paper]
    title = w("title", lang)
    from tcforge.render.booklet.document import css_string

    return {"lang": lang, "paper": paper, "page_w": page_w, "page_h": page_h, "title": title, "kind": w("kind", lang),
            "game": w("game", lang), "source_note": w("source", lang), "translation_state": state_line,
            "made_with": w("made_with", lang), "contents_title": w("contents", lang), "chapters": chapters,
            "running": Markup(css_string(title)),
            "words": {k: bw(k, lang) for k in ("stale", "stale_note", "missing", "missing_note", "english_now")},
            "counts": counts}


def render_html(lang: str, paper: str, rules: FluidRules, deck: CommandDeck, book: RuleBook | None = None) -> tuple[str, dict[str, int]]:
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(templates_dir())), autoescape=True,
                             undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True)
    context = build_context(lang, paper, rules, deck, book)
    return env.get_template(TEMPLATE).render(**context), context["counts"]


@dataclass
class Rules003Report:
    path: Path
    pages: int
    counts: dict[str, int]


def build_rules_booklet(path: Path, lang: str, paper: str, rules: FluidRules, deck: CommandDeck,
                        book: RuleBook | None = None) -> Rules003Report:
    """Write the booklet to ``path``, whole or not at all."""
    from weasyprint import HTML

    from tcforge.atomic import atomic_path

    html, counts = render_html(lang, paper, rules, deck, book)
    base = templates_dir().resolve().as_uri() + "/"
    document = HTML(string=html, base_url=base, url_fetcher=SafeFetcher()).render()
    with atomic_path(path) as tmp:
        document.write_pdf(tmp)
    return Rules003Report(path, len(document.pages), counts)
