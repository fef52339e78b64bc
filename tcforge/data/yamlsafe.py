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
  clearly.

YAML 1.1 surprises (``no`` is a boolean, ``1.10`` a float) are left to the
JSON Schemas, whose type checks catch them with a hint to quote the value.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from tcforge.data.problems import Problem

MAX_BYTES = 1 << 20  # one data file: 1 MiB is about 5,000 cards
MAX_VALUES = 250_000  # values built from one file, aliases expanded

Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_CONSTRUCTOR = yaml.constructor.SafeConstructor()
_TAG = "tag:yaml.org,2002:"
_SCALAR_TAGS = {_TAG + t for t in ("str", "int", "float", "bool", "null")}
_TIMESTAMP = _TAG + "timestamp"
_MAP, _SEQ = _TAG + "map", _TAG + "seq"

Path_ = tuple[object, ...]


@dataclass
class Loaded:
    """A loaded YAML document: its data and where each piece of it stands."""

    data: Any
    marks: dict[Path_, tuple[int, int]] = field(default_factory=dict)
    key_marks: dict[Path_, tuple[int, int]] = field(default_factory=dict)

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
        size = path.stat().st_size
        if size > MAX_BYTES:
            return None, [problem(1, 1, f"file is {size:,} bytes, more than the {MAX_BYTES:,}-byte limit",
                                  "split it into several files", "too-large")]
        raw = path.read_bytes()
    except OSError as exc:
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
    loader = Loader(text)
    try:
        node = loader.get_single_node()
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        what = exc.problem or exc.context or "invalid YAML"
        if "expected a single document" in str(exc.context or ""):
            what, hint = "file holds more than one YAML document (---)", "keep one document per file"
        else:
            hint = "fix the YAML syntax here (indentation, quotes, colons)"
        return None, [problem(line, col, f"YAML syntax error: {what}", hint, "yaml-syntax")]
    except yaml.YAMLError as exc:  # reader errors: control characters and the like
        position = getattr(exc, "position", 0) or 0
        line, col = _line_col(text, position)
        reason = getattr(exc, "reason", None) or str(exc).splitlines()[0]
        return None, [problem(line, col, f"YAML cannot read this character: {reason}",
                              "remove control characters from the file", "yaml-syntax")]
    finally:
        loader.dispose()
    if node is None:
        return None, [problem(1, 1, "file holds no data (only comments or blank lines)", "write the data, or delete the file", "empty")]
    builder = _Builder(name)
    try:
        data = builder.build(node, ())
    except _Abort as stop:
        return None, builder.problems + [stop.problem]
    return Loaded(data, builder.marks, builder.key_marks), builder.problems


class _Builder:
    def __init__(self, name: str):
        self.name = name
        self.count = 0
        self.active: set[int] = set()
        self.problems: list[Problem] = []
        self.marks: dict[Path_, tuple[int, int]] = {}
        self.key_marks: dict[Path_, tuple[int, int]] = {}

    def _at(self, node: Node) -> tuple[int, int]:
        return node.start_mark.line + 1, node.start_mark.column + 1

    def _problem(self, node: Node, message: str, hint: str, code: str) -> Problem:
        line, col = self._at(node)
        return Problem(self.name, line, col, message, hint, code=code)

    def build(self, node: Node, path: Path_) -> Any:
        self.count += 1
        if self.count > MAX_VALUES:
            raise _Abort(self._problem(node, f"aliases expand to more than {MAX_VALUES:,} values",
                                       "write the data out instead of nesting aliases (&anchor/*alias)", "alias-bomb"))
        if id(node) in self.active:
            raise _Abort(self._problem(node, "recursive alias: a value contains itself",
                                       "remove the alias that points back at its own anchor", "alias-recursive"))
        if path not in self.marks:
            self.marks[path] = self._at(node)
        if isinstance(node, ScalarNode):
            return self._scalar(node)
        self.active.add(id(node))
        try:
            if isinstance(node, SequenceNode):
                if node.tag != _SEQ:
                    self.problems.append(self._tag_problem(node))
                return [self.build(item, path + (i,)) for i, item in enumerate(node.value)]
            assert isinstance(node, MappingNode)
            if node.tag != _MAP:
                self.problems.append(self._tag_problem(node))
            return self._mapping(node, path)
        finally:
            self.active.discard(id(node))

    def _mapping(self, node: MappingNode, path: Path_) -> dict[Any, Any]:
        result: dict[Any, Any] = {}
        first_seen: dict[Any, int] = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, ScalarNode):
                self.problems.append(self._problem(key_node, "a mapping key must be a plain word or number",
                                                   "write the key as plain text", "yaml-key"))
                continue
            if key_node.tag == _TAG + "merge":
                self.problems.append(self._problem(key_node, "merge keys (<<) are not supported",
                                                   "write the keys out in full", "yaml-merge"))
                continue
            key = self._scalar(key_node)
            line = key_node.start_mark.line + 1
            if not isinstance(key, (str, int)):
                key = str(key_node.value)
            if key in first_seen:
                self.problems.append(self._problem(
                    key_node, f"duplicate key '{key}': already set at line {first_seen[key]}, and YAML would keep only this one",
                    f"remove one of the two '{key}' keys (lines {first_seen[key]} and {line})", "duplicate-key"))
                continue
            first_seen[key] = line
            self.key_marks[path + (key,)] = self._at(key_node)
            result[key] = self.build(value_node, path + (key,))
        return result

    def _tag_problem(self, node: Node) -> Problem:
        tag = node.tag.replace(_TAG, "!!")
        return self._problem(node, f"YAML tag '{tag}' is not allowed", "remove the tag: tcforge reads plain YAML values only", "yaml-tag")

    def _scalar(self, node: ScalarNode) -> Any:
        if node.tag in _SCALAR_TAGS:
            return _CONSTRUCTOR.yaml_constructors[node.tag](_CONSTRUCTOR, node)
        if node.tag == _TIMESTAMP:
            return node.value  # a date stays the text the user wrote
        self.problems.append(self._tag_problem(node))
        return node.value
