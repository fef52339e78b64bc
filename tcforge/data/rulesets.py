"""Rulesets: every number and choice of the rules as a named parameter.

A base ruleset defines every parameter with its rule case and meaning; a
variant names the ruleset it ``extends`` and overrides a few parameters, each
with a reason. Resolving a variant gives the full parameter set, and each
parameter remembers which ruleset set its value.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tcforge.data.documents import Document
from tcforge.data.limits import parameter_problem
from tcforge.data.problems import Problem


@dataclass(frozen=True)
class Param:
    name: str
    value: Any
    case: str
    description: str
    unclear: str = ""
    reason: str = ""
    defined_in: str = ""


@dataclass
class Ruleset:
    id: str
    title: dict[str, str]
    source: dict[str, str]
    errata: tuple[str, ...]
    params: dict[str, Param] = field(default_factory=dict)
    extends: str | None = None
    file: str = ""

    def __getitem__(self, name: str) -> Any:
        return self.params[name].value

    def param(self, name: str) -> Param:
        return self.params[name]

    def overrides(self) -> list[Param]:
        """The parameters this ruleset sets itself (all of them for a base ruleset)."""
        return [p for p in self.params.values() if p.defined_in == self.id]

    def title_in(self, lang: str) -> str:
        return self.title.get(lang) or self.title["en"]


def differences(first: Ruleset, second: Ruleset) -> list[dict[str, Any]]:
    """The parameters whose value differs between two rulesets (or that one of them lacks), by name.

    Each difference holds both values under their ruleset's id, the rule case, the reason of the change (the
    second ruleset's, else the first's) and what the parameter means.
    """
    a, b = first.id, second.id
    diffs = []
    for name in sorted(set(first.params) | set(second.params)):
        pa, pb = first.params.get(name), second.params.get(name)
        if pa is None or pb is None or pa.value != pb.value:
            changed = pb if pb is not None and pb.reason else pa
            either = pa or pb
            diffs.append({"parameter": name, a: pa.value if pa else None, b: pb.value if pb else None,
                          "case": (changed.case if changed else ""), "reason": (changed.reason if changed else ""),
                          "description": either.description if either else ""})
    return diffs


def resolve(documents: list[Document], terrain_tables: set[str], errata_sets: set[str]) -> tuple[dict[str, Ruleset], list[Problem]]:
    """All rulesets of the documents, variants resolved against their bases, with their problems."""
    problems: list[Problem] = []
    raw: dict[str, Document] = {}
    for doc in documents:
        rid = doc.data.get("id")
        if not isinstance(rid, str) or not isinstance(doc.data.get("parameters"), dict):
            continue
        if rid in raw:
            problems.append(doc.problem(("id",), f"ruleset '{rid}' is defined twice", f"the other is {raw[rid].display}; rename one",
                                        "duplicate-ruleset"))
            continue
        raw[rid] = doc
    resolved: dict[str, Ruleset] = {}

    def get(rid: str, chain: tuple[str, ...]) -> Ruleset | None:
        if rid in resolved:
            return resolved[rid]
        doc = raw[rid]
        data = doc.data
        base: Ruleset | None = None
        if data.get("extends"):
            parent = data["extends"]
            if parent in chain or parent == rid:
                problems.append(doc.problem(("extends",), f"ruleset '{rid}' extends itself through {' -> '.join(chain + (rid, parent))}",
                                            "a variant must extend a base ruleset, not one of its own variants", "ruleset-cycle"))
                return None
            if parent not in raw:
                problems.append(doc.problem(("extends",), f"ruleset '{rid}' extends unknown ruleset '{parent}'",
                                            "use the id of a ruleset in data/rulesets: " + ", ".join(sorted(raw)), "unknown-ruleset"))
                return None
            base = get(parent, chain + (rid,))
            if base is None:
                return None
        params: dict[str, Param] = dict(base.params) if base else {}
        for name, entry in data["parameters"].items():
            if not isinstance(entry, dict) or "value" not in entry:
                continue
            if base is not None:
                if name not in base.params:
                    problems.append(doc.problem(("parameters", name), f"ruleset '{rid}': '{name}' is not a parameter of '{base.id}'",
                                                "a variant overrides existing parameters only; check the spelling",
                                                    "unknown-parameter", key=True))
                    continue
                old = base.params[name]
                problem = parameter_problem(name, entry["value"], old.value)
                if problem:
                    problems.append(doc.problem(("parameters", name, "value"), f"ruleset '{rid}': {problem}",
                                                f"the value in '{base.id}' is {old.value!r}", "parameter-type"))
                    continue
                description = old.description
            else:
                description = str(entry.get("en", ""))
            params[name] = Param(name, entry["value"], str(entry["case"]), description, str(entry.get("unclear", "")),
                                 str(entry.get("reason", "")), rid)
        table = params.get("fire.terrain_table")
        if table is not None and table.defined_in == rid and table.value not in terrain_tables:
            problems.append(doc.problem(("parameters", "fire.terrain_table", "value"),
                                        f"ruleset '{rid}': unknown terrain table '{table.value}'",
                                        "use a table id of data/cards/terrain.yaml: " + ", ".join(sorted(terrain_tables)), "unknown-table"))
        errata = tuple(data.get("errata") or (base.errata if base else ()))
        for i, set_id in enumerate(data.get("errata") or []):
            if set_id not in errata_sets:
                problems.append(doc.problem(("errata", i), f"ruleset '{rid}': unknown errata set '{set_id}'",
                                            "use a 'set' id of data/errata: " + ", ".join(sorted(errata_sets)), "unknown-errata"))
        ruleset = Ruleset(rid, data["title"], data["source"], errata, params, data.get("extends"), doc.display)
        resolved[rid] = ruleset
        return ruleset

    for rid in raw:
        get(rid, ())
    return resolved, problems
