"""JSON Schema validation of loaded YAML, with positions and hints.

The schemas in ``schemas/`` are draft 2020-12 and are the format's reference.
They are checked with jsonschema-rs, a compiled validator: the pure-Python
``jsonschema`` package takes about 0.4 ms a card here against 3 us, and the
10,000-card target of ``tcforge validate`` needs the difference. Each error is
turned into one :class:`Problem` placed at the offending key or value, with the
schema path and a hint drawn from the schema's own descriptions.
"""
from __future__ import annotations

import difflib
import json
import math
from functools import cache
from typing import Any

import jsonschema_rs

from tcforge.data.problems import Problem
from tcforge.data.yamlsafe import Loaded
from tcforge.paths import schemas_dir

_NO_CONTROLS = "\\x00-\\x1f"  # the schemas' pattern for names: no control characters
_YAML_TYPES = {bool: "a true/false value", float: "a number", int: "a number"}


@cache
def schema(name: str) -> dict[str, Any]:
    path = schemas_dir() / f"{name}.schema.json"
    with path.open(encoding="utf-8") as handle:
        result: dict[str, Any] = json.load(handle)
    return result


EDITOR_PREFIX = "# yaml-language-server: $schema="


def editor_line(name: str) -> str:
    """The first line of a file tcforge writes for a designer to edit: it names the installed schema the way the YAML
    language server reads it (VS Code's YAML extension, Neovim's and Emacs' yaml-language-server), so the editor
    completes the keys and underlines a wrong value while the file is typed."""
    return EDITOR_PREFIX + (schemas_dir() / f"{name}.schema.json").resolve().as_uri()


def with_editor_line(text: str, name: str) -> str:
    """``text`` opening with :func:`editor_line` (in place of any such line it had)."""
    lines = text.split("\n")
    if lines and lines[0].startswith(EDITOR_PREFIX):
        lines = lines[1:]
    return editor_line(name) + "\n" + "\n".join(lines)


@cache
def validator(name: str) -> Any:
    return jsonschema_rs.validator_for(schema(name))


def _subschema(root: dict[str, Any], schema_path: list[Any]) -> dict[str, Any]:
    node: Any = root
    for step in schema_path:
        try:
            node = node[step]
        except (KeyError, IndexError, TypeError):
            return {}
    return node if isinstance(node, dict) else {}


def _describe(root: dict[str, Any], schema_path: list[Any]) -> str:
    """The description of the innermost schema on the path that has one."""
    for end in range(len(schema_path), -1, -1):
        description = _subschema(root, schema_path[:end]).get("description")
        if description:
            return str(description)
    return ""


def _property_description(root: dict[str, Any], object_path: list[Any], name: str) -> str:
    props = _subschema(root, object_path).get("properties", {})
    if name in props:
        return str(props[name].get("description", ""))
    return ""


def _accepts_text(sub: dict[str, Any]) -> bool:
    """Whether a schema accepts some string: then a number or boolean there was probably meant as text."""
    if sub.get("type") == "string" or "string" in (sub.get("type") or []):
        return True
    if any(isinstance(v, str) for v in sub.get("enum", [])) or isinstance(sub.get("const"), str):
        return True
    return any(_accepts_text(branch) for branch in sub.get("anyOf", []) + sub.get("oneOf", []))


def _yaml_note(value: Any, sub: dict[str, Any]) -> str:
    if isinstance(value, bool):
        return "YAML read this as a true/false value (yes, no, on and off are booleans): put it in quotes. "
    kind = _YAML_TYPES.get(type(value))
    if kind is None or not _accepts_text(sub):
        return ""
    if isinstance(value, (int, float)) and any(b.get("type") == "integer" for b in sub.get("anyOf", [])) \
            and not isinstance(value, float):
        return ""
    return f"YAML read this as {kind} ({value!r}): put it in quotes if you meant text. "


def _allowed(sub: dict[str, Any]) -> str:
    """What a schema allows, in words: "a whole number from 0 to 30, or one of -, ?"."""
    words = []
    for branch in sub.get("anyOf", [sub]):
        if branch.get("type") == "integer":
            lo, hi = branch.get("minimum"), branch.get("maximum")
            words.append(f"a whole number from {lo} to {hi}" if lo is not None and hi is not None else "a whole number")
        elif "enum" in branch:
            words.append("one of " + ", ".join(str(v) for v in branch["enum"]))
        elif "const" in branch:
            words.append(repr(branch["const"]))
        elif branch.get("type") == "object":
            words.append("a mapping")
        elif branch.get("type") == "string":
            words.append("text")
    return " or ".join(words)


def check(loaded: Loaded, schema_name: str, file: str) -> list[Problem]:
    """Every schema problem of one document, each placed at its line and column."""
    root = schema(schema_name)
    problems: list[Problem] = []
    seen: set[Problem] = set()
    for error in validator(schema_name).iter_errors(loaded.data):
        kind = type(error.kind).__name__
        path = list(error.instance_path)
        spath = list(error.schema_path)
        if _already_reported(loaded, path, error):
            continue
        where = "/".join(str(p) for p in path) or "(top level)"
        line, col = loaded.where(tuple(path))
        message = f"{where}: {_bounded(error.message, error.instance)}"
        hint = ""
        if kind == "AdditionalProperties":
            unexpected = list(error.kind.unexpected)
            line, col = loaded.where(tuple(path) + (unexpected[0],), key=True)
            allowed = sorted(_subschema(root, spath[:-1]).get("properties", {}))
            keys = [_key(u) for u in unexpected]
            key_path = "/".join(str(p) for p in path + [keys[0]])
            message = f"{key_path}: unknown key '{keys[0]}'" + (
                f" (and {', '.join(repr(u) for u in keys[1:6])}{', ...' if len(keys) > 6 else ''})"
                if len(keys) > 1 else "")
            close = difflib.get_close_matches(keys[0], allowed, n=1, cutoff=0.6)
            hint = (f"did you mean '{close[0]}'? " if close else "") + \
                "remove it or fix its spelling; allowed here: " + ", ".join(allowed)
        elif kind == "Required":
            name = error.kind.property
            message = f"{where}: missing key '{name}'"
            described = _property_description(root, spath[:-1], name) or _property_description(
                root, _object_schema_path(spath), name)
            if name == "fr":
                hint = "French text is required here: add the translation under 'fr'"
            else:
                hint = f"add '{name}'" + (f": {described}" if described else "")
        elif kind == "MaxLength":
            limit = _subschema(root, spath[:-1]).get("maxLength")
            message = f"{where}: text is {len(error.instance):,} characters long, more than {limit}"
            hint = f"shorten it to at most {limit} characters"
        elif kind == "Not" and _subschema(root, spath).get("description"):  # a value ruled out, the rule saying why
            why = _subschema(root, spath)["description"]
            message = f"{where}: {_bounded(json.dumps(error.instance), error.instance)} is not allowed here: {why}"
            hint = _describe(root, spath[:-1])
        elif kind == "Pattern" and _NO_CONTROLS in str(error.kind.pattern):
            message = f"{where}: text holds a control character (a tab, line break or terminal escape)"
            hint = "remove it: names and titles are one line of printable text"
        else:
            value = error.instance
            actual = _value_at(loaded.data, path)
            if isinstance(actual, float) and not math.isfinite(actual):
                # The validator hands a non-finite float back as null: name what the file says.
                shown = ".nan" if math.isnan(actual) else (".inf" if actual > 0 else "-.inf")
                message = f"{where}: {shown} is not a finite number"
            sub = _subschema(root, spath[:-1])
            note = _yaml_note(value, sub) if kind in {"Type", "AnyOf", "Enum", "Constant", "Pattern"} else ""
            described = _describe(root, spath[:-1])
            if kind == "Enum":
                options = ", ".join(str(o) for o in sub.get("enum", []))
                hint = f"{note}use one of: {options}"
            elif kind == "AnyOf":  # jsonschema's "not valid under any of the schemas listed in the 'anyOf' keyword"
                if not (isinstance(actual, float) and not math.isfinite(actual)):
                    message = f"{where}: {_bounded(json.dumps(value, ensure_ascii=False, default=str), value)} is not " \
                              f"{_allowed(sub)}"
                hint = f"{note}{described}"
            elif kind == "MinItems":
                hint = f"the list needs at least {sub.get('minItems', 1)} entry: {described}"
            else:
                hint = f"{note}{described}"
        problem = Problem(file, line, col, message, hint.strip(), "#/" + "/".join(str(p) for p in spath))
        if problem not in seen:
            seen.add(problem)
            problems.append(problem)
    return problems


MAX_SHOWN = 200  # characters of a wrong value shown in a message: a giant list is described, never echoed


def _bounded(message: str, instance: Any) -> str:
    """The validator's message, with a long wrong value it quotes replaced by a description of it."""
    if len(message) <= MAX_SHOWN * 2:
        return message
    quoted = json.dumps(instance, separators=(",", ":"), ensure_ascii=False)
    if isinstance(instance, list):
        shown = f"a list of {len(instance):,} items"
    elif isinstance(instance, dict):
        shown = f"a mapping of {len(instance):,} keys"
    elif isinstance(instance, str):
        shown = f"a text of {len(instance):,} characters"
    else:
        shown = quoted[:MAX_SHOWN] + "..."
    if message.startswith(quoted):
        return shown + message[len(quoted):][:MAX_SHOWN]
    return message[:MAX_SHOWN] + "..."


def _key(key: str) -> str:
    """A key as shown in a message: a long one is cut."""
    return key if len(key) <= 60 else f"{key[:60]}... ({len(key):,} characters)"


def _already_reported(loaded: Loaded, path: list[Any], error: Any) -> bool:
    """Whether the loader reported this text already (too long, or a control character in it)."""
    if type(error.kind).__name__ == "AdditionalProperties":
        return all(tuple(path) + (key,) in loaded.flagged for key in error.kind.unexpected)
    return tuple(path) in loaded.flagged


def _value_at(data: Any, path: list[Any]) -> Any:
    """The value at a validator's instance path in the loaded document (None where the path does not lead)."""
    for step in path:
        try:
            data = data[step]
        except (KeyError, IndexError, TypeError):
            return None
    return data


def _object_schema_path(schema_path: list[Any]) -> list[Any]:
    """For an if/then 'required', the path of the object schema that holds the properties."""
    if "allOf" in schema_path:
        return schema_path[: schema_path.index("allOf")]
    return schema_path
