"""Safe YAML loading that remembers where every value came from.

PyYAML's safe loader is safe against code execution but not against the other
traps of hand-edited YAML: it silently keeps the last of two duplicate keys,
expands aliases without limit (a "billion laughs" file eats all memory) and
gives no position for a value once it is loaded. So tcforge composes the node
tree with PyYAML (libyaml when available) and builds the Python values itself:

- every value and every mapping key gets its ``line:col`` (1-based);
- duplicate keys are reported, naming both lines;
- only the plain YAML tags are accepted (no ``!!python/...``, no custom tags);
- alias expansion is bounded by a count of built values, and recursive
  aliases are refused, so a hostile file fails fast in little memory;
- the file size is bounded, and empty, binary and non-UTF-8 files are reported
  clearly;
- every text (value or key) is bounded: at most :data:`MAX_TEXT` characters, and
  no control character but the line break (no tab, no terminal escape, no
  bidirectional override, no invisible format character): :func:`text_faults`,
  the one rule that PO import applies too. An offending text is reported at its place, replaced
  by a harmless one (control characters become U+FFFD, a giant text is cut) so
  that it can never reach a terminal raw, and its path is marked in
  :attr:`Loaded.flagged` so that the schema check does not report it twice.

YAML 1.1 surprises (``no`` is a boolean, ``1.10`` a float) are left to the
JSON Schemas, whose type checks catch them with a hint to quote the value.
"""
from __future__ import annotations

import errno
import re
import stat
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

import yaml
from yaml.nodes import ScalarNode

from tcforge.bounds import MAX_DATA_BYTES
from tcforge.data.problems import Problem
from tcforge.paths import not_found

MAX_BYTES = MAX_DATA_BYTES  # one data file: 1 MiB is about 5,000 cards (tcforge.bounds: every reading limit)
MAX_VALUES = 250_000  # values built from one file, aliases expanded
MAX_DEPTH = 64  # nested lists and mappings: the deepest real data is 5 levels; bounded before Python's recursion limit
MAX_TEXT = 10_000  # one text: the longest real one (a French rule case) is under 3,000 characters
# C0 controls but the line break, DEL, C1 controls (ESC [ and CSI start terminal escapes), bidirectional overrides
# (U+202A-U+202E, U+2066-U+2069) and the other invisible format characters: the Arabic letter mark, the Mongolian
# vowel separator, zero-width spaces and joiners, the direction marks (U+200B-U+200F), the line and paragraph
# separators (U+2028, U+2029), the word joiner and invisible operators (U+2060-U+2064), the deprecated format
# characters (U+206A-U+206F), the zero-width no-break space (U+FEFF) and the interlinear annotation marks.
_CONTROL = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2064"
                      "\u2066-\u206f\ufeff\ufff9-\ufffb]")
# The regular expression is the fast path; the rule itself is the Unicode categories: every control (Cc) but the line
# break, every format character (Cf: also the soft hyphen, the Arabic number signs, the invisible tag characters
# U+E0001 and U+E0020-U+E007F that can smuggle a hidden text, ...), the line and paragraph separators (Zl, Zp). The
# project's own English and French texts need none of them (checked over data/: their only character outside the
# printable ones is the no-break space U+00A0, a visible space of category Zs, which stays allowed like U+202F).
_FORBIDDEN = frozenset(("Cc", "Cf", "Zl", "Zp"))


def _forbidden_at(text: str) -> int | None:
    """The 0-based index of the first character no text may hold, or None."""
    if text.isprintable():  # the usual case: isprintable() is False for every forbidden character
        return None
    found = _CONTROL.search(text)
    limit = found.start() if found else len(text)
    start = 0
    for segment in text[:limit].split("\n"):  # only a line that is not printable (a no-break space...) is read closely
        if not segment.isprintable():
            for i, char in enumerate(segment):
                if unicodedata.category(char) in _FORBIDDEN:
                    return start + i
        start += len(segment) + 1
    return found.start() if found else None


@dataclass(frozen=True)
class TextFault:
    """What is wrong with one text, by the rule every data text follows (:func:`text_faults`)."""

    message: str  # "text is 20,000 characters long, ...", without the place
    hint: str
    code: str  # text-too-long or text-control
    at: int  # the 0-based index of the offending character (0 for a text too long)


def text_faults(text: str, what: str = "text") -> list[TextFault]:
    """The one rule for any text tcforge reads or writes as data (a YAML value or key, an imported translation):
    at most :data:`MAX_TEXT` characters, and no control or invisible format character but the line break."""
    faults = []
    if len(text) > MAX_TEXT:
        faults.append(TextFault(f"{what} is {len(text):,} characters long, more than the {MAX_TEXT:,}-character limit of any text",
                                "shorten it: a long passage belongs in several shorter entries", "text-too-long", 0))
    at = _forbidden_at(text)
    if at is not None:
        faults.append(TextFault(
            f"{what} holds a control character (U+{ord(text[at]):04X}, {_control_name(text[at])}) "
            f"at character {at + 1}",
            "remove it: texts are printable characters and line breaks, never tabs, terminal escapes or invisible "
            "format characters", "text-control", at))
    return faults


def harmless(text: str) -> str:
    """``text`` cut to :data:`MAX_TEXT` characters, each control or invisible format character replaced by U+FFFD."""
    text = _CONTROL.sub("\ufffd", text[:MAX_TEXT])
    if _forbidden_at(text) is None:
        return text
    return "".join("\ufffd" if unicodedata.category(c) in _FORBIDDEN and c != "\n" else c for c in text)

Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_RESOLVER = yaml.resolver.Resolver()
_CONSTRUCTOR = yaml.constructor.SafeConstructor()
_TAG = "tag:yaml.org,2002:"
_SCALAR_TAGS = {_TAG + t for t in ("str", "int", "float", "bool", "null")}
_TIMESTAMP = _TAG + "timestamp"
_STR, _INT = _TAG + "str", _TAG + "int"
_MAP, _SEQ = _TAG + "map", _TAG + "seq"

Path_ = tuple[object, ...]


@dataclass
class Loaded:
    """A loaded YAML document: its data and where each piece of it stands."""

    data: Any
    marks: dict[Path_, tuple[int, int]] = field(default_factory=dict)
    key_marks: dict[Path_, tuple[int, int]] = field(default_factory=dict)
    flagged: set[Path_] = field(default_factory=set)  # texts already reported by the loader

    def where(self, path: Path_, *, key: bool = False) -> tuple[int, int]:
        """Position of the value at ``path`` (or of its key), else of its nearest parent."""
        path = tuple(path)
        if key and path in self.key_marks:
            return self.key_marks[path]
        while path not in self.marks and path:
            path = path[:-1]
        return self.marks.get(path, (1, 1))


class _Abort(Exception):
    def __init__(self, problem: Problem):
        self.problem = problem


class _Mark(Protocol):  # PyYAML's marks (the pure Python one and libyaml's)
    line: int
    column: int


def _place(mark: _Mark | None) -> tuple[int, int]:
    """The 1-based (line, column) of a parser mark: every event the parser gives has one."""
    assert mark is not None
    return mark.line + 1, mark.column + 1


def _line_col(text: str, offset: int) -> tuple[int, int]:
    line = text.count("\n", 0, offset) + 1
    return line, offset - (text.rfind("\n", 0, offset) + 1) + 1


def _bytes_line_col(raw: bytes, offset: int) -> tuple[int, int]:
    line = raw.count(b"\n", 0, offset) + 1
    return line, offset - (raw.rfind(b"\n", 0, offset) + 1) + 1


def load_yaml(path: Path, display: str | None = None) -> tuple[Loaded | None, list[Problem]]:
    """Load one YAML file. Returns the document (or None) and every problem found."""
    name = display or str(path)

    def problem(line: int, col: int, message: str, hint: str, code: str) -> Problem:
        return Problem(name, line, col, message, hint, code=code)

    try:
        status = path.stat()
        if not stat.S_ISREG(status.st_mode):  # a FIFO would block the read, /dev/zero never end
            return None, [problem(1, 1, "not a regular file (a folder, FIFO, device or socket)",
                                  "name a .yaml file or a folder of them", "not-a-file")]
        size = status.st_size
        if size > MAX_BYTES:
            return None, [problem(1, 1, f"file is {size:,} bytes, more than the {MAX_BYTES:,}-byte limit",
                                  "split it into several files", "too-large")]
        raw = path.read_bytes()
    except OSError as exc:
        if path.is_symlink() and exc.errno in (errno.ENOENT, errno.ELOOP):  # a link to nothing, or a loop: said as such
            return None, [problem(1, 1, f"cannot read the file: it is {not_found(path)}",
                                  "point the link at your data file, or remove it", "unreadable")]
        return None, [problem(1, 1, f"cannot read the file: {exc.strerror or exc}", "check the path and its permissions", "unreadable")]
    if not raw.strip():
        return None, [problem(1, 1, "file is empty", "write the data, or delete the file", "empty")]
    if b"\x00" in raw:
        line, col = _bytes_line_col(raw, raw.index(b"\x00"))
        return None, [problem(line, col, "file is binary (it holds a NUL byte), not YAML text",
                              "data files are UTF-8 text; remove the file or replace it with YAML", "binary")]
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line, col = _bytes_line_col(raw, exc.start)
        return None, [problem(line, col, f"file is not UTF-8: byte 0x{raw[exc.start]:02x} cannot be decoded",
                              "save the file as UTF-8 in your editor", "encoding")]
    return _build(name, text, Loader, problem)


def load_yaml_text(text: str, display: str) -> tuple[Loaded | None, list[Problem]]:
    """Load YAML held in memory (a file's would-be contents) by the same rules as :func:`load_yaml`."""

    def problem(line: int, col: int, message: str, hint: str, code: str) -> Problem:
        return Problem(display, line, col, message, hint, code=code)

    if len(text.encode("utf-8")) > MAX_BYTES:
        return None, [problem(1, 1, f"file would be more than the {MAX_BYTES:,}-byte limit", "split it into several files",
                              "too-large")]
    if not text.strip():
        return None, [problem(1, 1, "file is empty", "write the data, or delete the file", "empty")]
    return _build(display, text, Loader, problem)


def _build(name: str, text: str, loader_class: Any, problem: Any) -> tuple[Loaded | None, list[Problem]]:
    loader = loader_class(text)
    builder = _Builder(name, loader)
    try:
        data = builder.document()
    except _Abort as stop:
        return None, builder.problems + [stop.problem]
    except yaml.MarkedYAMLError as exc:
        if "nesting depth" in str(exc.problem) and loader_class is not yaml.SafeLoader:
            # libyaml (PyYAML 6.0.4's C loader) stops at its own depth of 1000, reading far ahead of the events, so it
            # ends before the builder meets MAX_DEPTH: the pure-Python parser, which has no such limit, says where
            return _build(name, text, yaml.SafeLoader, problem)
        mark = exc.problem_mark or exc.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        what = exc.problem or exc.context or "invalid YAML"
        return None, [problem(line, col, f"YAML syntax error: {what}",
                              "fix the YAML syntax here (indentation, quotes, colons)", "yaml-syntax")]
    except yaml.YAMLError as exc:  # reader errors: control characters and the like
        position = getattr(exc, "position", 0) or 0
        line, col = _line_col(text, position)
        reason = getattr(exc, "reason", None) or str(exc).splitlines()[0]
        return None, [problem(line, col, f"YAML cannot read this character: {reason}",
                              "remove control characters from the file", "yaml-syntax")]
    finally:
        loader.dispose()
    if builder.empty:
        return None, [problem(1, 1, "file holds no data (only comments or blank lines)", "write the data, or delete the file", "empty")]
    return Loaded(data, builder.marks, builder.key_marks, builder.flagged), builder.problems


class _Builder:
    """Builds Python values straight from the parser's events.

    Building from events rather than from PyYAML's composed node tree is five
    times faster on large files (no node or mark objects to create), and lets
    aliases be counted by the size of what they stand for without expanding
    them: the anchored value is shared, never copied.
    """

    def __init__(self, name: str, loader: Any):
        self.name = name
        self.loader = loader
        self.count = 0
        self.depth = 0
        self.empty = False
        self.anchors: dict[str, tuple[Any, int]] = {}  # anchor -> (value, number of values in it)
        self.open_anchors: set[str] = set()
        self.problems: list[Problem] = []
        self.marks: dict[Path_, tuple[int, int]] = {}
        self.key_marks: dict[Path_, tuple[int, int]] = {}
        self.flagged: set[Path_] = set()

    def _problem(self, event: Any, message: str, hint: str, code: str) -> Problem:
        mark = event.start_mark
        return Problem(self.name, mark.line + 1, mark.column + 1, message, hint, code=code)

    def _count(self, event: Any, n: int) -> None:
        self.count += n
        if self.count > MAX_VALUES:
            raise _Abort(self._problem(event, f"aliases expand to more than {MAX_VALUES:,} values",
                                       "write the data out instead of nesting aliases (&anchor/*alias)", "alias-bomb"))

    def document(self) -> Any:
        get = self.loader.get_event
        get()  # StreamStart
        event = get()
        if isinstance(event, yaml.StreamEndEvent):
            self.empty = True
            return None
        data = self.value(get(), ())  # after DocumentStart
        get()  # DocumentEnd
        event = get()
        if not isinstance(event, yaml.StreamEndEvent):
            raise _Abort(self._problem(event, "YAML syntax error: file holds more than one YAML document (---)",
                                       "keep one document per file", "yaml-syntax"))
        return data

    def value(self, event: Any, path: Path_) -> Any:
        if isinstance(event, yaml.AliasEvent):
            anchor = event.anchor
            if anchor in self.open_anchors:
                raise _Abort(self._problem(event, "recursive alias: a value contains itself",
                                           "remove the alias that points back at its own anchor", "alias-recursive"))
            if anchor not in self.anchors:
                raise _Abort(self._problem(event, f"YAML syntax error: alias *{anchor} names no anchor",
                                           f"define &{anchor} before using *{anchor}", "yaml-syntax"))
            shared, size = self.anchors[anchor]
            self._count(event, size)
            self.marks.setdefault(path, _place(event.start_mark))
            return shared
        self.marks.setdefault(path, _place(event.start_mark))
        anchor = event.anchor
        before = self.count
        if anchor:
            self.open_anchors.add(anchor)
        self._count(event, 1)
        if isinstance(event, yaml.ScalarEvent):
            result = self._scalar(event)
            if isinstance(result, str):
                result, bad = self._text(event, result, path)
                if bad:
                    self.flagged.add(path)
        else:
            self.depth += 1
            if self.depth > MAX_DEPTH:
                raise _Abort(self._problem(event, f"values are nested more than {MAX_DEPTH} levels deep",
                                           "flatten the data: card data is a few levels deep at most", "too-deep"))
            if isinstance(event, yaml.SequenceStartEvent):
                self._check_tag(event, _SEQ)
                result = self._sequence(path)
            else:
                self._check_tag(event, _MAP)
                result = self._mapping(path)
            self.depth -= 1
        if anchor:
            self.open_anchors.discard(anchor)
            self.anchors[anchor] = (result, self.count - before)
        return result

    def _sequence(self, path: Path_) -> list[Any]:
        items: list[Any] = []
        get = self.loader.get_event
        while True:
            event = get()
            if isinstance(event, yaml.SequenceEndEvent):
                return items
            items.append(self.value(event, path + (len(items),)))

    def _mapping(self, path: Path_) -> dict[Any, Any]:
        result: dict[Any, Any] = {}
        first_seen: dict[Any, int] = {}
        get = self.loader.get_event
        while True:
            key_event = get()
            if isinstance(key_event, yaml.MappingEndEvent):
                return result
            if not isinstance(key_event, yaml.ScalarEvent):
                self.problems.append(self._problem(key_event, "a mapping key must be a plain word or number",
                                                   "write the key as plain text", "yaml-key"))
                self.value(key_event, path + ("?",))
                self.value(get(), path + ("?",))
                continue
            key = self._scalar(key_event)
            value_event = get()
            if key is _MERGE:
                self.problems.append(self._problem(key_event, "merge keys (<<) are not supported",
                                                   "write the keys out in full", "yaml-merge"))
                self.value(value_event, path + ("<<",))
                continue
            if not isinstance(key, str):
                key = str(key_event.value)  # JSON object keys are text: 8: 0 means "8": 0
            key, bad = self._text(key_event, key, path, what="key")
            if bad:
                self.flagged.add(path + (key,))
            line, column = _place(key_event.start_mark)
            if key in first_seen:
                self.problems.append(self._problem(
                    key_event, f"duplicate key '{key}': already set at line {first_seen[key]}, and YAML would keep only this one",
                    f"remove one of the two '{key}' keys (lines {first_seen[key]} and {line})", "duplicate-key"))
                self.value(value_event, path + (key, "duplicate"))
                continue
            first_seen[key] = line
            self.key_marks[path + (key,)] = (line, column)
            result[key] = self.value(value_event, path + (key,))

    def _text(self, event: Any, text: str, path: Path_, *, what: str = "text") -> tuple[str, bool]:
        """``text`` and False if it is within bounds; else a harmless stand-in and True, with one problem at its place."""
        faults = text_faults(text, what)
        if not faults:
            return text, False
        where = "/".join(str(step) for step in path) or "(top level)"
        for fault in faults:
            self.problems.append(self._problem(event, f"{where}: {fault.message}", fault.hint, fault.code))
        return harmless(text), True

    def _check_tag(self, event: Any, default: str) -> None:
        if event.tag not in (None, default, "!"):
            self.problems.append(self._tag_problem(event))

    def _tag_problem(self, event: Any) -> Problem:
        tag = str(event.tag).replace(_TAG, "!!")
        return self._problem(event, f"YAML tag '{tag}' is not allowed", "remove the tag: tcforge reads plain YAML values only", "yaml-tag")

    def _scalar(self, event: Any) -> Any:
        value = event.value
        tag = event.tag
        if tag is None or tag == "!":
            plain = event.implicit[0] and not event.style  # libyaml gives "" for plain, PyYAML None
            if not plain:
                return value  # quoted: always text
            tag = _resolve(value)
        if tag == _STR:
            return value
        if tag == _INT and value.isdigit() and (value[0] != "0" or value == "0"):
            return int(value)  # plain decimal; the constructor handles 0x, 0o, 1_000 and YAML 1.1 forms
        if tag == _MERGE_TAG:
            return _MERGE
        if tag in _SCALAR_TAGS:
            node = ScalarNode(tag, value, event.start_mark, event.end_mark, event.style)
            return _CONSTRUCTOR.yaml_constructors[tag](_CONSTRUCTOR, node)
        if tag == _TIMESTAMP:
            return value  # a date stays the text the user wrote
        self.problems.append(self._tag_problem(event))
        return value


def _control_name(char: str) -> str:
    if char == "\t":
        return "a tab"
    if char in "\x1b\x9b":
        return "a terminal escape"
    if "\u202a" <= char <= "\u202e" or "\u2066" <= char <= "\u2069":
        return "a bidirectional override"
    if char in "\u2028\u2029":
        return "a line or paragraph separator"
    if char == "\u00ad":
        return "a soft hyphen, invisible"
    if "\U000e0000" <= char <= "\U000e007f":
        return "an invisible tag character"
    if ord(char) > 0x9f:
        return "an invisible format character"
    return "a control character"


_MERGE = object()
_MERGE_TAG = _TAG + "merge"
_RESOLVED: dict[str, str] = {}


def _resolve(value: str) -> str:
    """The implicit tag of a plain scalar (YAML 1.1 rules), memoised: data files repeat the same values."""
    tag = _RESOLVED.get(value)
    if tag is None:
        tag = _RESOLVER.resolve(ScalarNode, value, (True, False))
        if len(_RESOLVED) < 100_000:
            _RESOLVED[value] = tag
    return tag
