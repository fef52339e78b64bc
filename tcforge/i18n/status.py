"""Translation status: which cases are current, stale or missing, as a table or as JSON."""
from __future__ import annotations

from collections import Counter
from typing import Any

from tcforge.i18n.catalog import CURRENT, MISSING, ORPHAN, STALE, CaseStatus, RuleBook

ORDER = (MISSING, STALE, ORPHAN, CURRENT)
SHOWN_CURRENT = 8  # more current cases than this are counted
SHOWN_MISSING = 20  # more missing cases than this (a language just started) are counted, the first few listed


def statuses(book: RuleBook, lang: str) -> list[CaseStatus]:
    return book.status(lang)


def counts(rows: list[CaseStatus]) -> dict[str, int]:
    found = Counter(r.state for r in rows)
    return {state: found.get(state, 0) for state in (CURRENT, STALE, MISSING, ORPHAN)}


def failing(rows: list[CaseStatus]) -> bool:
    """What ``--check`` fails on: a missing or stale translation."""
    return any(r.state in (MISSING, STALE) for r in rows)


def summary_line(lang: str, rows: list[CaseStatus]) -> str:
    c = counts(rows)
    parts = [f"{c[CURRENT]} current", f"{c[STALE]} stale", f"{c[MISSING]} missing"]
    if c[ORPHAN]:
        parts.append(f"{c[ORPHAN]} without an English case")
    english = sum(1 for r in rows if r.state != ORPHAN)
    return f"{lang}: {english} English case(s): " + ", ".join(parts)


def to_json(lang: str, rows: list[CaseStatus]) -> dict[str, Any]:
    return {"lang": lang, "counts": counts(rows), "cases": [r.to_json() for r in rows]}


def table_lines(lang: str, rows: list[CaseStatus], rules_folder: str = "data/rules") -> list[str]:
    """Plain text: the summary, one line per case that needs work, then the current cases by number."""
    lines = [summary_line(lang, rows)]
    todo = [r for r in rows if r.state != CURRENT]
    todo.sort(key=lambda r: ORDER.index(r.state))
    missing = [r for r in todo if r.state == MISSING]
    if len(missing) > SHOWN_MISSING:  # a language just started: counted, the first few shown, not a hundred lines
        shown = {id(r) for r in missing[:SHOWN_MISSING // 4]}
        todo = [r for r in todo if r.state != MISSING or id(r) in shown]
    if todo:
        width = max(len(r.number) for r in todo)
        for r in todo:
            where = f"{rules_folder}/{lang}/{r.file}" + (f":{r.line}" if r.state != MISSING else "")
            lines.append(f"  {r.state:<8} {r.number:<{width}}  {where}  {r.reason}")
    if len(missing) > SHOWN_MISSING:
        lines.append(f"  missing: {len(missing)} case(s) in all, the first {SHOWN_MISSING // 4} above (-f json lists them)")
    editorial = [r for r in rows if r.state == CURRENT and r.editorial]
    for r in editorial:
        lines.append(f"  {'current':<8} {r.number}  {r.reason}")
    current = [r.number for r in rows if r.state == CURRENT]
    if len(current) > SHOWN_CURRENT:  # counted, not a line of a hundred numbers (issue 37 item 14)
        lines.append(f"  current: {len(current)} case(s), from {current[0]} to {current[-1]} (-f json lists them)")
    elif current:
        lines.append(f"  current: {', '.join(current)}")
    return lines
