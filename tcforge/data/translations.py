"""Translations kept beside the data, read back: the records ``i18n/LANG.json`` of the bundled data and of every
``--data`` folder, layered (a designer's folder wins over the bundled data, a later folder over an earlier one).

``tcforge i18n import`` writes the card and scenario translations it cannot put into a data file (a folder of your
own, a language the files have no slot for) into the record, under ``text`` (see :mod:`tcforge.i18n.texts`, which
writes it). This module is what reads them back for the cards, the scenarios and the printers: :func:`translated`
gives every recorded translation of a language by key (``card:6|name``, ``scenario:hill-621|title``), and
:func:`overlay` writes them into a card's or a scenario's data, where the model reads its languages.

The data layer cannot import :mod:`tcforge.i18n`, so the record's format is read here as well: JSON,
``{"lang": ..., "texts": {KEY: {"from": HASH, "en": ENGLISH, "text": TRANSLATION}}}``.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from tcforge.bounds import read_json
from tcforge.paths import data_dir, user_data_dirs

RECORD_FOLDER = "i18n"
RULES_FOLDER = "rules"
SOURCE = "en"
_CODE = re.compile(r"^[a-z]{2}$")


def layers() -> list[Path]:
    """The data folders translations are read from, lowest first: the bundled data, then each --data folder."""
    return [data_dir(), *user_data_dirs()]


def _record(path: Path) -> dict[str, str]:
    try:
        raw = read_json(path, "a translation record")
    except (OSError, ValueError):
        return {}  # 'tcforge i18n status' and 'import' report an unreadable record; a printer prints the English
    texts = raw.get("texts") if isinstance(raw, dict) else None
    if not isinstance(texts, dict):
        return {}
    return {str(k): str(v["text"]) for k, v in texts.items() if isinstance(v, dict) and isinstance(v.get("text"), str)
            and v["text"]}


def translated(lang: str) -> dict[str, str]:
    """Every card and scenario translation into ``lang`` kept in a record, by key; the last layer wins."""
    out: dict[str, str] = {}
    if lang == SOURCE:
        return out
    for folder in layers():
        out.update(_record(folder / RECORD_FOLDER / f"{lang}.json"))
    return out


def catalogued() -> list[str]:
    """The languages that have a catalogue in some layer (a record i18n/LANG.json or a rule text folder rules/LANG/),
    English first: the languages tcforge prints."""
    found = {SOURCE, "fr"}
    for folder in layers():
        if (folder / RECORD_FOLDER).is_dir():
            found |= {p.stem for p in (folder / RECORD_FOLDER).glob("*.json") if _CODE.match(p.stem)}
        if (folder / RULES_FOLDER).is_dir():
            found |= {p.name for p in (folder / RULES_FOLDER).iterdir() if p.is_dir() and _CODE.match(p.name)}
    return [SOURCE] + sorted(found - {SOURCE})


def _step(node: Any, part: str) -> Any:
    """The child ``part`` of a node: a mapping's key, a list's item by its id, else by its index."""
    if isinstance(node, dict):
        return node.get(part)
    if isinstance(node, list):
        for item in node:
            if isinstance(item, dict) and str(item.get("id")) == part:
                return item
        if part.isdigit() and int(part) < len(node):
            return node[int(part)]
    return None


def place(root: dict[str, Any], path: str, lang: str, text: str) -> bool:
    """Write ``text`` as the ``lang`` translation of the text at ``path`` (dotted, as a key writes it) in ``root``:
    into its language mapping (``{en: ..., fr: ...}``), else beside it as ``NAME_LANG``. False when there is none."""
    parts = path.split(".")
    parent: Any = root
    for part in parts[:-1]:
        parent = _step(parent, part)
    last = parts[-1]
    node = _step(parent, last)
    if isinstance(node, dict) and isinstance(node.get(SOURCE), str):
        node[lang] = text
        return True
    if isinstance(parent, dict) and isinstance(node, str):
        parent[f"{last}_{lang}"] = text
        return True
    if isinstance(parent, list) and isinstance(node, dict) and isinstance(node.get(SOURCE), str):
        node[lang] = text
        return True
    return False


def by_owner() -> dict[str, list[tuple[str, str, str]]]:
    """Every recorded translation of every catalogued language, by the card or scenario it belongs to (``card:6``,
    ``scenario:hill-621``): (path, language, text)."""
    out: dict[str, list[tuple[str, str, str]]] = {}
    for lang in catalogued():
        for key, text in translated(lang).items():
            head, _, path = key.partition("|")
            if path:
                out.setdefault(head, []).append((path, lang, text))
    return out


def overlay(root: dict[str, Any], entries: list[tuple[str, str, str]]) -> None:
    """Write into ``root`` (a card's or a scenario's data) its recorded translations (from :func:`by_owner`)."""
    for path, lang, text in entries:
        place(root, path, lang, text)


__all__ = ["by_owner", "catalogued", "layers", "overlay", "place", "translated"]
