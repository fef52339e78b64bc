"""Balance options as patches to a scenario document (JSON Patch, with ids).

A balance option is a list of ``{op, path, value}`` changes in the style of
JSON Patch (RFC 6902: replace, add, remove). A list element may be named in
the path by its index or by its ``id``, so a patch survives reordering:
``/sides/german/reinforcements/german-2/arrives/turn``.

>>> doc = {"sides": [{"id": "german", "reinforcements": [{"id": "g2", "arrives": {"turn": 11}}]}]}
>>> patched = apply_patch(doc, [{"op": "replace", "path": "/sides/german/reinforcements/g2/arrives/turn", "value": 10}])
>>> patched["sides"][0]["reinforcements"][0]["arrives"]
{'turn': 10}
>>> doc["sides"][0]["reinforcements"][0]["arrives"]["turn"]  # the original is left alone
11
"""
from __future__ import annotations

import copy
from typing import Any


class PatchError(ValueError):
    """A patch operation that cannot be applied; ``index`` is the failing operation's place in the patch."""

    def __init__(self, index: int, message: str):
        self.index = index
        super().__init__(message)


def _segments(path: str) -> list[str]:
    return [s.replace("~1", "/").replace("~0", "~") for s in path.split("/")[1:]]


def _child(node: Any, segment: str, where: str) -> Any:
    if isinstance(node, dict):
        if segment not in node:
            raise KeyError(f"no key '{segment}' at {where or '/'}")
        return node[segment]
    if isinstance(node, list):
        return node[_index(node, segment, where)]
    raise KeyError(f"{where or '/'} is a value, not a mapping or a list")


def _index(node: list[Any], segment: str, where: str) -> int:
    if segment.isdigit():
        i = int(segment)
        if i < len(node):
            return i
        raise KeyError(f"index {i} is past the end of the list at {where or '/'} ({len(node)} item(s))")
    for i, item in enumerate(node):
        if isinstance(item, dict) and item.get("id") == segment:
            return i
    ids = [str(item.get("id")) for item in node if isinstance(item, dict) and "id" in item]
    raise KeyError(f"no element with id '{segment}' in the list at {where or '/'}" + (f" (ids: {', '.join(ids)})" if ids else ""))


def apply_patch(document: Any, operations: list[dict[str, Any]]) -> Any:
    """A patched deep copy of ``document``; raises PatchError naming the failing operation."""
    result = copy.deepcopy(document)
    for n, op in enumerate(operations):
        path = str(op.get("path", ""))
        segments = _segments(path)
        if not segments:
            raise PatchError(n, "a patch may not replace the whole document")
        where = ""
        try:
            parent = result
            for segment in segments[:-1]:
                parent = _child(parent, segment, where)
                where += "/" + segment
            last = segments[-1]
            kind = op.get("op")
            if isinstance(parent, dict):
                if kind in ("replace", "remove") and last not in parent:
                    raise KeyError(f"no key '{last}' at {where or '/'} to {kind}")
                if kind == "remove":
                    del parent[last]
                else:
                    parent[last] = copy.deepcopy(op.get("value"))
            elif isinstance(parent, list):
                if kind == "add":
                    i = len(parent) if last == "-" else (int(last) if last.isdigit() else _index(parent, last, where))
                    if i > len(parent):
                        raise KeyError(f"index {i} is past the end of the list at {where or '/'}")
                    parent.insert(i, copy.deepcopy(op.get("value")))
                else:
                    i = _index(parent, last, where)
                    if kind == "remove":
                        del parent[i]
                    else:
                        parent[i] = copy.deepcopy(op.get("value"))
            else:
                raise KeyError(f"{where or '/'} is a value, not a mapping or a list")
        except KeyError as exc:
            raise PatchError(n, f"patch path {path}: {exc.args[0]}") from None
    return result
