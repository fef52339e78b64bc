"""Rule text to HTML for the booklets: paragraphs, lists, emphasis, ruleset values and cross-references.

The rule text format (schemas/rules.schema.json): paragraphs separated by
blank lines; lines starting with ``- `` are list items; ``*word*`` is
emphasis; ``{param:group.name}`` prints the ruleset's value;
``{if:group.name}...{else}...{/if}`` keeps the first part when the value is
set (not zero, false or empty) and the second (optional) part otherwise, so a
sentence never reads "modified by 0";
``{table:NAME}`` and ``{diagram:NAME}`` alone in a paragraph place a
generated table or diagram; a case number such as 9.3.1 is a
cross-reference, made a link when it names an existing case.

Everything from the data is escaped (markupsafe); only the markup built here
is trusted. French text gets French typography: no-break spaces before
``; : ! ?`` and inside « », and a no-break space after "règle" so that
"règle 9.3.1" stays on one line.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from markupsafe import Markup, escape

from tcforge.i18n.words import NBSP, bw, curly, signed, typo

CONDITION = re.compile(r"\{if:(?P<name>[^{}]+)\}(?P<then>.*?)(?:\{else\}(?P<other>.*?))?\{/if\}", re.DOTALL)
BLOCK = re.compile(r"^\{(table|diagram):([^{}]+)\}$")
INLINE = re.compile(
    r"(?P<ph>\{(?P<kind>param|table|diagram):(?P<name>[^{}]+)\})"
    r"|(?P<em>\*(?P<emtext>[^*\n]+)\*)"
    r"|(?P<ref>(?<![\w.])(?P<num>\d+(?:\.\d+)+)(?: (?P<letter>[a-z])(?![\w]))?(?!\.?\w)(?!\s?(?:cm|mm)\b))"
)
# French words after which a case number must not start a new line ("règle 9.3.1").
KEEP_WITH_NUMBER = re.compile(r"\b(règles?|voir|chapitre|section)[ ]$", re.IGNORECASE)


class RuleTextError(ValueError):
    """Rule text the booklet cannot print (an unknown parameter, a table in the middle of a sentence)."""


def format_value(name: str, value: Any, lang: str) -> str:
    """A ruleset value as the rules print it: lists joined ("1 or 3" / "1 ou 3"), modifiers signed."""
    if isinstance(value, bool):
        return bw("yes" if value else "no", lang)
    if isinstance(value, int):
        if name.endswith(("_modifier", "_bonus")):
            return signed(value)
        return signed(value) if value < 0 else str(value)
    if isinstance(value, float):
        text = f"{value:g}"
        return text.replace(".", ",") if lang == "fr" else text
    if isinstance(value, (list, tuple)):
        items = [format_value(name, v, lang) for v in value]
        if len(items) <= 1:
            return "".join(items)
        return f"{', '.join(items[:-1])} {bw('or', lang)} {items[-1]}"
    if isinstance(value, dict):
        return ", ".join(f"{k}: {format_value(name, v, lang)}" for k, v in value.items())
    return str(value).replace("_", " ")


@dataclass
class Block:
    """One block of a case: a paragraph, a list, or a generated table or diagram."""

    kind: str  # p, ul, table, diagram
    html: Markup = Markup("")
    items: list[Markup] = field(default_factory=list)
    name: str = ""
    content: Any = None  # the table or diagram, filled in by the booklet


@dataclass
class Link:
    target: str  # the anchor
    number: str  # as printed


class TextRenderer:
    """Turns one language's rule text into blocks of safe HTML."""

    def __init__(self, lang: str, params: dict[str, Any], anchors: dict[str, str]):
        self.lang = lang
        self.params = params  # name -> value, the ruleset's
        self.anchors = anchors  # case number -> anchor id
        self.links: list[Link] = []
        self.unresolved: list[str] = []
        self.used_params: set[str] = set()

    def prepare(self, text: str) -> str:
        """Typography on the raw text (it touches only spaces and apostrophes, never a placeholder)."""
        return typo(curly(text), self.lang)

    def inline(self, text: str) -> Markup:
        out: list[str] = []
        pos = 0
        for m in INLINE.finditer(text):
            plain = text[pos:m.start()]
            lead = ""
            keep = KEEP_WITH_NUMBER.search(plain) if m.group("ref") and self.lang == "fr" else None
            if keep:
                # "règle 9.3.1" stays on one line: the word goes into the link, tied by a no-break space.
                # (A no-break space between a text and a link, followed by the link's page number, makes
                # WeasyPrint 70 break the paragraph's first line badly.)
                plain, lead = plain[:keep.start()], keep.group(1)
            space = ""
            if m.group("ref") and plain.endswith(" ") and self._links_to(m.group("num"), m.group("letter")):
                # The word space before a link goes inside it ("de la<a> règle 9.5</a>"): WeasyPrint 70, finding
                # no room for a link at a line's end, broke the line at its first word instead of before the link
                # ("indique son coût" / "en points. ... de la", issue 37 item 4); a break inside the link is right.
                plain, space = plain[:-1], " "
            out.append(str(escape(plain)))
            pos = m.end()
            if m.group("ph"):
                out.append(self._placeholder(m.group("kind"), m.group("name")))
            elif m.group("em"):
                out.append(f"<em>{self.inline(m.group('emtext'))}</em>")
            else:
                out.append(self._reference(m.group("num"), m.group("letter"), m.group(0), lead, space))
        out.append(str(escape(text[pos:])))
        return Markup("".join(out))

    def _placeholder(self, kind: str, name: str) -> str:
        if kind != "param":
            raise RuleTextError(f"{{{kind}:{name}}} must stand alone in its paragraph")
        if name not in self.params:
            raise RuleTextError(f"unknown ruleset parameter {{param:{name}}}")
        self.used_params.add(name)
        value = format_value(name, self.params[name], self.lang)
        return f'<span class="param" data-param="{escape(name)}">{escape(value)}</span>'

    def _links_to(self, number: str, letter: str | None) -> bool:
        """Whether a case number names a case (it becomes a link)."""
        return bool(letter and f"{number} {letter}" in self.anchors) or number in self.anchors

    def _reference(self, number: str, letter: str | None, whole: str, lead: str = "", space: str = "") -> str:
        if letter and f"{number} {letter}" in self.anchors:
            key, tail = f"{number} {letter}", ""
        elif number in self.anchors:
            key, tail = number, whole[len(number):]
        else:
            self.unresolved.append(number)
            return str(escape(lead + (" " if lead else "") + whole))
        anchor = self.anchors[key]
        self.links.append(Link(anchor, key))
        shown = space + (lead + NBSP if lead else "") + key.replace(" ", NBSP)
        return f'<a class="xref" href="#{escape(anchor)}">{escape(shown)}</a>{escape(tail)}'

    def resolve(self, text: str) -> str:
        """Keep the branch of each ``{if:...}`` that the ruleset's value selects."""
        def choose(m: re.Match[str]) -> str:
            name = m.group("name")
            if name not in self.params:
                raise RuleTextError(f"unknown ruleset parameter {{if:{name}}}")
            self.used_params.add(name)
            return m.group("then") if self.params[name] else (m.group("other") or "")
        out = CONDITION.sub(choose, text)
        if "{if:" in out or "{/if}" in out or "{else}" in out:
            raise RuleTextError("an {if:...} without its {/if} (conditions do not nest)")
        return re.sub(r"[ \t]{2,}", " ", out)

    def blocks(self, text: str) -> list[Block]:
        out: list[Block] = []
        for para in re.split(r"\n[ \t]*\n", self.resolve(text).strip()):
            para = para.strip()
            if not para:
                continue
            m = BLOCK.match(para)
            if m:
                out.append(Block(m.group(1), name=m.group(2)))
                continue
            prose: list[str] = []
            items: list[str] = []
            for line in para.split("\n"):
                line = line.strip()
                if line.startswith("- "):
                    items.append(line[2:])
                elif items:
                    items[-1] += " " + line
                else:
                    prose.append(line)
            if prose:
                out.append(Block("p", self.inline(self.prepare(" ".join(prose)))))
            if items:
                out.append(Block("ul", items=[self.inline(self.prepare(i)) for i in items]))
        return out

    def title(self, text: str) -> Markup:
        return self.inline(self.prepare(text))

