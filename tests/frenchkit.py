"""Finding English in a French output, by the glossary (data/glossary.yaml), for the tests of issue 16 items 6-9
and issue 50.

The kept names (the glossary's kept_names and the names of the card families it keeps)
are blanked first; what remains must have no English word: neither a word of the common
English below nor a word of the English name of a card the glossary translates, and none
of the renderings the glossary's terms avoid (:func:`avoided_in`, which blanks only the
identifiers a command line takes, so that "valeur SA" is still found and the scenario id
kursk is not taken for the English spelling Kursk).
"""
from __future__ import annotations

import html as htmllib
import re
from functools import cache

from tcforge.data.dataset import load_cards, load_data
from tcforge.data.glossary import Glossary, avoid_pattern, load_glossary
from tcforge.scenarios.loading import bundled_ids, load

# Common English the outputs could leak (labels, rule references, footers); none is also a French word.
ENGLISH_WORDS = frozenset(re.findall(r"\S+", """
the of and with for from by is are this that each which when your their his its not one two three
rule rules card cards turn turns side sides wins plays first made sleeve insert inserts proxy proxies
squad squads truck trucks german soviet ussr infantry vehicle vehicles armor armour fire move hit kill kills
shot flank smoke player players deck reinforcements victory setup roll speed fast slow short melee draw
discard hand enemy own attacker defender reserve rank ranks rear ends otherwise arrives builds free
"""))
# Words of English card names that are French words too.
FRENCH_TOO = frozenset({"air", "art", "nation", "barrage", "support"})
# Identifiers printed as they are: card numbers (#SP-SMOKE), option and ruleset ids (tank-melee-1997).
_IDS = re.compile(r"#[\w-]+|(?<![\w-])[a-z][a-z0-9]*(?:-[a-z0-9]+)*-\d{4}(?![\w-])")
_WORD = re.compile(r"[A-Za-zÀ-ÿŒœ]+(?:[-'’][A-Za-zÀ-ÿŒœ]+)*")


@cache
def _glossary() -> Glossary:
    return load_glossary()


@cache
def _kept_pattern() -> re.Pattern[str]:
    names = set(_glossary().kept_names)
    names |= {c.name for c in load_cards() if _glossary().keeps_card(c.type, c.card_class)}
    names |= {n.replace("'", "’") for n in names}
    # ids of rulesets, scenarios and balance options are identifiers the command line takes
    names |= set(load_data().rulesets) | set(bundled_ids()) | {b.id for s in bundled_ids() for b in load(s).balance}
    alternatives = sorted(names, key=len, reverse=True)
    return re.compile("|".join(rf"(?<![\w-]){re.escape(n)}(?![\w-])" for n in alternatives))


@cache
def _ids_pattern() -> re.Pattern[str]:
    """The identifiers a French text prints as the command line takes them: ruleset, scenario and balance option
    ids, card numbers (#SP-SMOKE); matched as written (case counts)."""
    ids = set(load_data().rulesets) | set(bundled_ids()) | {b.id for s in bundled_ids() for b in load(s).balance}
    alternatives = sorted(ids, key=len, reverse=True)
    return re.compile(r"#[\w-]+|" + "|".join(rf"(?<![\w-]){re.escape(n)}(?![\w-])" for n in alternatives))


def avoided_in(text: str) -> list[str]:
    """Each rendering a glossary term avoids (issue 50: one French word per notion) found in the French ``text``,
    with the term's word and a little context; identifiers are blanked first, apostrophes and spaces made plain (the
    products print d’infanterie and break lines where the glossary writes d'infanterie and one space)."""
    text = re.sub(r"[\s\u00a0\u202f]+", " ", _ids_pattern().sub(" ", text).replace("\u2019", "'"))
    found = []
    for word, term in _glossary().avoided:
        for m in avoid_pattern(word).finditer(text):
            found.append(f"{m.group(0)!r} (the glossary says {term.fr!r}) in …{text[max(0, m.start() - 30):m.end() + 30]}…")
    return found


@cache
def card_words() -> frozenset[str]:
    """The words of the English names of translated cards that are not words of any French card name."""
    cards = [c for c in load_cards() if c.display_name("fr") != c.name]
    french = {w.lower() for c in load_cards() for w in _WORD.findall(c.display_name("fr"))}
    return frozenset(w.lower() for c in cards for w in _WORD.findall(c.name) if w.lower() not in french | FRENCH_TOO)


def html_text(page: str) -> str:
    """The visible text of a booklet's HTML (diagrams' SVG text included), styles left out."""
    body = re.sub(r"<style.*?</style>", "", page[page.find("<body"):], flags=re.S)
    return htmllib.unescape(re.sub(r"<[^>]+>", " ", body))


def english_in(text: str) -> list[str]:
    """Each English word or avoided rendering found in the French ``text``, with a little context."""
    found = avoided_in(text)
    rest = _IDS.sub(" ", _kept_pattern().sub(" ", text))
    english = ENGLISH_WORDS | card_words()
    for m in _WORD.finditer(rest):
        if m.group(0).lower() in english or any(part.lower() in english for part in re.split(r"[-'’]", m.group(0))
                                                  if len(part) > 2):
            found.append(f"{m.group(0)!r} in …{rest[max(0, m.start() - 30):m.end() + 30]}…")
    return found
