"""Card and scenario texts as translation units, tracked like the rule cases.

A *text* is one translatable string of the data: a card's ``name`` (its
translation in ``name_fr``), a card effect's ``text: {en: ..., fr: ...}``, a
scenario's title, description, place, special rules, side, area and
reinforcement titles (any mapping of language codes whose ``en`` is a string).
Its key says where it is: ``card:6|name``, ``card:20|effect.text``,
``scenario:hill-621|sides.german.reinforcements.german-1.title`` (list items by
their ``id``, else by their index).

The translations themselves stay where the data keeps them (``name_fr``, the
``fr:`` of a mapping). What the data files cannot say is which English a
translation was made from: ``data/i18n/LANG.json`` records it, per text, as the
hash of that English and the English itself (a fuzzy PO entry shows it as its
previous msgid). A language without a slot in the data files (a new language,
``tcforge i18n init de``) keeps its translated texts there too, under ``text``.

A text is *current* when its translation exists and the recorded hash is the
English's now, *stale* when the English changed since (or nothing is recorded),
*missing* when there is no translation. The record is JSON, not YAML, so that
``tcforge validate`` (which reads every YAML file under data/) never takes it
for game data.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from tcforge.atomic import write_atomic as _write_atomic
from tcforge.bounds import read_json
from tcforge.i18n import words
from tcforge.i18n.catalog import CURRENT, MISSING, STALE
from tcforge.i18n.ruletext import text_hash
from tcforge.i18n.words import WORD_PREFIX
from tcforge.paths import display_path, user_data_dirs

LANG_CODE = re.compile(r"^[a-z]{2}$")
_VARIANT = re.compile(r"^(?P<base>[a-z_]+?)_(?P<lang>[a-z]{2})$")
TEXT_FOLDERS = ("cards", "scenarios")
RECORD_FOLDER = "i18n"


@dataclass
class Slot:
    """Where a translation sits in a data file: the span of its YAML scalar."""

    start: int
    end: int
    line: int
    block: bool  # a literal or folded block scalar (its span ends on the next line)


@dataclass
class Text:
    key: str
    file: Path
    line: int
    en: str
    translations: dict[str, str] = field(default_factory=dict)
    slots: dict[str, Slot] = field(default_factory=dict)

    @property
    def hash(self) -> str:
        return text_hash("", self.en)


def _scalar(node: yaml.Node | None) -> str | None:
    return node.value if isinstance(node, yaml.ScalarNode) and isinstance(node.value, str) else None


def _slot(node: yaml.Node) -> Slot:
    return Slot(node.start_mark.index, node.end_mark.index, node.start_mark.line + 1,
                getattr(node, "style", None) in ("|", ">"))


def _item_key(node: yaml.Node, index: int) -> str:
    if isinstance(node, yaml.MappingNode):
        for k, v in node.value:
            if _scalar(k) == "id" and _scalar(v):
                return str(_scalar(v))
    return str(index)


def _walk(node: yaml.Node, prefix: str, path: list[str], file: Path, out: list[Text], *, names: bool) -> None:
    if isinstance(node, yaml.SequenceNode):
        for i, item in enumerate(node.value):
            _walk(item, prefix, path + [_item_key(item, i)], file, out, names=names)
        return
    if not isinstance(node, yaml.MappingNode):
        return
    pairs = {str(_scalar(k)): v for k, v in node.value if _scalar(k) is not None}
    if "en" in pairs and _scalar(pairs["en"]) is not None and all(LANG_CODE.match(k) for k in pairs):
        text = Text(f"{prefix}|{'.'.join(path)}", file, pairs["en"].start_mark.line + 1, str(_scalar(pairs["en"])))
        for lang, value in pairs.items():
            if lang != "en" and _scalar(value) is not None:
                text.translations[lang] = str(_scalar(value))
                text.slots[lang] = _slot(value)
        out.append(text)
        return
    variants: dict[str, dict[str, yaml.Node]] = {}
    for key, value in pairs.items():
        match = _VARIANT.match(key)
        if match and match["base"] in pairs and _scalar(value) is not None:
            variants.setdefault(match["base"], {})[match["lang"]] = value
    for key, value in pairs.items():
        english = _scalar(value)
        if english is not None and (key in variants or (names and key == "name" and not path)):
            text = Text(f"{prefix}|{'.'.join(path + [key])}", file, value.start_mark.line + 1, english)
            for lang, node in variants.get(key, {}).items():
                text.translations[lang] = str(_scalar(node))
                text.slots[lang] = _slot(node)
            out.append(text)
        elif not ((match := _VARIANT.match(key)) and match["base"] in variants):
            _walk(value, prefix, path + [key], file, out, names=names)


def read_texts(path: Path) -> list[Text]:
    """The texts of one card or scenario file (an unreadable file has none: validate reports it)."""
    try:
        source = path.read_text(encoding="utf-8")
        root = yaml.compose(source, Loader=yaml.SafeLoader)
    except (OSError, UnicodeDecodeError, yaml.YAMLError):
        return []
    out: list[Text] = []
    if not isinstance(root, yaml.MappingNode):
        return out
    pairs = {str(_scalar(k)): v for k, v in root.value if _scalar(k) is not None}
    if isinstance(pairs.get("cards"), yaml.SequenceNode):
        # A card's name is a text where the card translates it (name_LL): vehicle and gun designations
        # (PzKw IV G, SU-152) are the same in every language (the glossary's kept_cards, which validate enforces).
        for i, item in enumerate(pairs["cards"].value):
            names = isinstance(item, yaml.MappingNode) and any(
                (m := _VARIANT.match(str(_scalar(k)))) is not None and m["base"] == "name" for k, _ in item.value)
            _walk(item, f"card:{_item_key(item, i)}", [], path, out, names=names)
    elif "sides" in pairs and _scalar(pairs.get("id")):
        _walk(root, f"scenario:{_scalar(pairs['id'])}", [], path, out, names=False)
    return out


def load_texts(data: Path) -> list[Text]:
    """Every text of the card and scenario files under ``data``, in file order."""
    out: list[Text] = []
    for folder in TEXT_FOLDERS:
        for path in sorted((data / folder).glob("*.yaml")) if (data / folder).is_dir() else []:
            out += read_texts(path)
    return out


def is_text_key(ctxt: str | None) -> bool:
    return bool(ctxt) and ctxt.split("|", 1)[0].split(":", 1)[0] in ("card", "scenario", "word")  # type: ignore[union-attr]


def word_texts() -> list[Text]:
    """The words tcforge prints around the data (labels on cards and sheets, the booklet's cover, headings:
    :data:`tcforge.i18n.words.W`), as texts keyed ``word:KEY``. English and French live in the word table itself; a
    language started with 'tcforge i18n init' translates them in its PO file like any text, and the import keeps them
    in its record (DATA/i18n/LANG.json), where :func:`tcforge.i18n.words.t` finds them."""
    source = Path(words.__file__)
    lines = {m.group(1): n for n, line in enumerate(source.read_text(encoding="utf-8").splitlines(), 1)
             if (m := re.match(r'\s+"([a-z0-9_]+)": \(', line))}
    return [Text(f"{WORD_PREFIX}{key}", source, lines.get(key, 1), en) for key, (en, _) in words.W.items()]


def texts_for(data: Path, lang: str) -> list[Text]:
    """What a language translates beyond the rule book: the card and scenario texts under ``data``, and for a language
    other than English and French (whose words are the word table's own) the word table's words."""
    return load_texts(data) + (word_texts() if lang not in ("en", "fr") else [])


# ---- the record: which English each translation was made from ----------------------------------------------------

def record_path(data: Path, lang: str) -> Path:
    return data / RECORD_FOLDER / f"{lang}.json"


class RecordError(ValueError):
    """A translation record that cannot be read (not JSON, too large or deep, not shaped as one); ``str()`` names the
    file, what is wrong and how to fix it."""


def load_record(data: Path, lang: str) -> dict[str, dict[str, str]]:
    """``DATA/i18n/LANG.json``: each text's translation and the English it was made from; {} when there is none.
    Raises :class:`RecordError` (one line) for a file that is not such a record, OSError when it cannot be read."""
    path = record_path(data, lang)
    if not path.is_file():
        return {}
    fix = "fix it, or delete it and import the PO file again ('tcforge i18n import')"
    try:
        raw = read_json(path, "a translation record")
    except json.JSONDecodeError as exc:
        raise RecordError(f"{path}:{exc.lineno}:{exc.colno}: not JSON ({exc.msg}); {fix}") from None
    except ValueError as exc:  # too large, too deep, not UTF-8
        raise RecordError(f"{path}: {exc}; {fix}") from None
    texts = raw.get("texts") if isinstance(raw, dict) else None
    if not isinstance(texts if texts is not None else {}, dict) or not isinstance(raw, dict) or not all(
            isinstance(entry, dict) and all(isinstance(value, str) for value in entry.values())
            for entry in (texts or {}).values()):
        raise RecordError(f"{path}: not a translation record (an object whose 'texts' map each key to an object of "
                          f"strings); {fix}")
    return {str(k): {str(a): b for a, b in v.items()} for k, v in (texts or {}).items()}


def layered_record(data: Path, lang: str) -> dict[str, dict[str, str]]:
    """The record of ``data`` with those of the --data folders laid over it, text by text (theirs winning): what
    'tcforge i18n import' wrote into a folder of one's own counts in the status and the export."""
    out = load_record(data, lang)
    for own in user_data_dirs():
        if own.resolve() != data.resolve():
            out.update(load_record(own, lang))
    return out


def untranslated(path: Path, lang: str, data: Path | None = None) -> list[str]:
    """The texts of the card or scenario file ``path`` that have no translation into ``lang`` (in the file or a
    record, the --data folders' included), by key: what a printer shows in English instead."""
    if lang == "en":
        return []
    from tcforge.paths import data_dir

    record = layered_record(data or data_dir(), lang)
    return [t.key for t in read_texts(path) if not translation(t, lang, record)]


def untranslated_note(keys: list[str], lang: str, shown: int = 6) -> str:
    """One line for standard error: how many texts are printed in English, and the first few by their place."""
    parts = [k.split("|", 1)[-1] for k in keys]
    more = f", and {len(parts) - shown} more" if len(parts) > shown else ""
    return (f"tcforge: note: {len(parts)} text(s) not translated into {lang}, printed in English: "
            f"{', '.join(parts[:shown])}{more} (tcforge i18n status --lang {lang})")


def dump_record(lang: str, record: dict[str, dict[str, str]]) -> str:
    body = {"lang": lang,
            "about": "Which English each card and scenario translation was made from (tcforge i18n import writes it).",
            "texts": {k: record[k] for k in sorted(record)}}
    return json.dumps(body, ensure_ascii=False, indent=1, sort_keys=False) + "\n"


def write_atomic(path: Path, text: bytes | str) -> None:
    """Whole or not at all, never through a link (:func:`tcforge.atomic.write_atomic`)."""
    _write_atomic(path, text)


def translation(text: Text, lang: str, record: dict[str, dict[str, str]]) -> str | None:
    """The translation of ``text``: in the data file, else in the record (a language the files have no slot for)."""
    found = text.translations.get(lang)
    if found is not None:
        return found
    return record.get(text.key, {}).get("text")


def text_state(text: Text, lang: str, record: dict[str, dict[str, str]]) -> str:
    if not translation(text, lang, record):
        return MISSING
    return CURRENT if record.get(text.key, {}).get("from") == text.hash else STALE


@dataclass(frozen=True)
class TextStatus:
    key: str
    file: str
    line: int
    state: str
    reason: str

    def to_json(self) -> dict[str, Any]:
        return {"text": self.key, "file": self.file, "line": self.line, "state": self.state, "reason": self.reason}


def text_statuses(texts: list[Text], lang: str, record: dict[str, dict[str, str]]) -> list[TextStatus]:
    out = []
    for t in texts:
        state = text_state(t, lang, record)
        reason = {MISSING: "no translation", CURRENT: ""}.get(state)
        if reason is None:
            seen = record.get(t.key, {}).get("from")
            reason = (f"translated from {seen}, the English is now {t.hash}" if seen
                      else f"no record of the English it was translated from (now {t.hash})")
        slot = t.slots.get(lang)
        out.append(TextStatus(t.key, display_path(t.file), slot.line if slot else t.line, state, reason))
    return out


def baseline(texts: list[Text], lang: str) -> dict[str, dict[str, str]]:
    """A record that takes every translation in the files as made from today's English."""
    return {t.key: {"from": t.hash, "en": t.en} for t in texts if t.translations.get(lang)}


# ---- writing translations back into the data files ---------------------------------------------------------------

def _quoted(value: str) -> str:
    return json.dumps(value, ensure_ascii=False)


def replace_in_file(source: str, edits: list[tuple[Slot, str]]) -> str:
    """``source`` with each slot's scalar replaced by a double-quoted ``value`` (valid in block and flow context)."""
    return replaced_at(source, edits)[0]


def replaced_at(source: str, edits: list[tuple[Slot, str]]) -> tuple[str, list[int]]:
    """:func:`replace_in_file`'s text, and the 1-based line each edit's new value stands on (in the order given)."""
    order = sorted(range(len(edits)), key=lambda i: edits[i][0].start)
    pieces: list[str] = []
    lines = [0] * len(edits)
    done = 0
    line = 1
    for i in order:
        slot, value = edits[i]
        end = slot.end
        if slot.block:  # a block scalar's span runs over its line breaks: keep them
            end = source.rfind("\n", slot.start, slot.end)
            while end > slot.start and source[end - 1] == "\n":
                end -= 1
            end = max(end, slot.start)
        before = source[done:slot.start]
        pieces += [before, _quoted(value)]
        line += before.count("\n")
        lines[i] = line
        done = end
    pieces.append(source[done:])
    return "".join(pieces), lines


__all__ = [
    "WORD_PREFIX",
    "RecordError",
    "Slot",
    "Text",
    "TextStatus",
    "baseline",
    "dump_record",
    "is_text_key",
    "layered_record",
    "load_record",
    "load_texts",
    "read_texts",
    "record_path",
    "replace_in_file",
    "replaced_at",
    "text_state",
    "text_statuses",
    "texts_for",
    "translation",
    "untranslated",
    "untranslated_note",
    "word_texts",
    "write_atomic",
]
