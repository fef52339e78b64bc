"""Write a rule text chapter back as YAML, in the layout the files of data/rules use.

The layout: ``lang``, the quoted ``chapter`` and ``title``, then ``cases``, one
block a case separated by a blank line; case number, title and hashes
double-quoted, the text as a ``|-`` literal block indented six spaces, ``params``
as a flow list. :func:`dump_chapter` reproduces the bundled files byte for byte
(a test checks it), so an import that changes nothing changes no file.

Text a literal block cannot hold exactly (a leading space, trailing white
space at the end, a carriage return, control characters) is written as a
double-quoted string instead, which holds anything.
"""
from __future__ import annotations

import json
import re

from tcforge.i18n.catalog import Case, Chapter

_PLAIN_ITEM = re.compile(r"^[a-z_]+\.[a-z0-9_]+$")
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\ufeff]")


def quoted(value: str) -> str:
    """A YAML double-quoted scalar (JSON escapes are valid YAML)."""
    return json.dumps(value, ensure_ascii=False)


def _literal_ok(text: str) -> bool:
    if not text or text != text.rstrip() or text[0] in " \t\n" or "\r" in text or _CONTROL.search(text):
        return False
    return all(line == line.rstrip(" \t") or not line.strip() for line in text.split("\n"))


def _text_lines(text: str, indent: str) -> list[str]:
    if not _literal_ok(text):
        return [f"{indent}text: {quoted(text)}"]
    out = [f"{indent}text: |-"]
    for line in text.split("\n"):
        out.append(f"{indent}  {line}" if line else "")
    return out


def _flow_list(items: tuple[str, ...]) -> str:
    if all(_PLAIN_ITEM.match(i) for i in items):
        return "[" + ", ".join(items) + "]"
    return "[" + ", ".join(quoted(i) for i in items) + "]"


ORDER = ("case", "title", "translated_from", "editorial", "previous_hash", "text", "params")


def dump_case(case: Case) -> list[str]:
    """A case's lines; keys keep the order the case was read with, new keys go where ORDER puts them."""
    values = {"case": case.number, "title": case.title, "translated_from": case.translated_from,
              "editorial": case.editorial, "previous_hash": case.previous_hash, "text": case.text,
              "params": case.params}
    known = ["case"] + [k for k in case.keys if k in values and k != "case"]
    for key in ORDER:
        if key not in known:
            # after the nearest key that precedes it in ORDER
            before = [k for k in ORDER[:ORDER.index(key)] if k in known]
            known.insert(known.index(before[-1]) + 1 if before else 0, key)
    lines: list[str] = []
    for key in known:
        value = values[key]
        if not value:
            continue
        if key == "text":
            lines += _text_lines(case.text, "    ")
        elif key == "params":
            lines.append(f"    params: {_flow_list(case.params)}")
        else:
            lines.append(f"    {key}: {quoted(str(value))}")
    lines[0] = "  - " + lines[0][4:]
    return lines


def _chapter_number(number: str) -> str:
    """Numbers are quoted (YAML would read 9.0 as a float); a word such as notes is not."""
    return number if re.fullmatch(r"[a-z]+", number) else quoted(number)


def dump_chapter(chapter: Chapter) -> str:
    """The chapter file's text."""
    lines = [f"lang: {chapter.lang}", f"chapter: {_chapter_number(chapter.number)}", f"title: {quoted(chapter.title)}", "cases:"]
    for i, case in enumerate(chapter.cases):
        if i:
            lines.append("")
        lines += dump_case(case)
    return "\n".join(lines) + "\n"
