"""The rule coverage file (data/coverage/rules.yaml): its entries, and its references checked against the data.

The schema checks each entry's shape; here the names it gives must exist: the
ruleset parameters, the rulesets and scenarios an option names (and the value
they set), the scenario parts, the cards. Test names and code references are
checked by the test suite (tests/test_rule_coverage.py), which can see them.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tcforge.data.cards import CardSet
from tcforge.data.documents import Document
from tcforge.data.problems import Problem
from tcforge.data.rulesets import Ruleset

SCENARIO_KEYS = ("initiative", "deck", "turn_limit", "battlefield", "ruleset", "sides")


@dataclass(frozen=True)
class RuleEntry:
    """One rule beyond the rule book's cases: what carries it, its tests, why it is missing, its departures.

    It states no status: tools/coverage.py derives it (carried or missing, tested or not)."""

    id: str
    source: str  # 20.0, 19.2, 23 or 001
    title: str
    heading: str = ""
    parameters: tuple[str, ...] = ()
    scenario: tuple[str, ...] = ()
    cards: tuple[str, ...] = ()
    code: tuple[str, ...] = ()
    option: dict[str, Any] = field(default_factory=dict)
    tests: tuple[str, ...] = ()
    reason: str = ""
    departures: tuple[str, ...] = ()
    interpretation: str = ""

    @classmethod
    def from_raw(cls, source: str, raw: dict[str, Any]) -> RuleEntry:
        return cls(id=raw["id"], source=source, title=" ".join(str(raw["title"]).split()),
                   heading=raw.get("heading", ""), parameters=tuple(raw.get("parameters", ())),
                   scenario=tuple(raw.get("scenario", ())), cards=tuple(raw.get("cards", ())),
                   code=tuple(raw.get("code", ())), option=dict(raw.get("option") or {}), tests=tuple(raw.get("tests", ())),
                   reason=" ".join(str(raw.get("reason", "")).split()), departures=tuple(raw.get("departures", ())),
                   interpretation=raw.get("interpretation", ""))


def entries(data: dict[str, Any]) -> list[RuleEntry]:
    """The entries of a schema-valid coverage file, in file order."""
    return [RuleEntry.from_raw(group["source"], raw) for group in data["coverage"] for raw in group["rules"]]


def _scenario_parts(doc: Document) -> set[str]:
    data = doc.data
    listed = (data.get("special_rules") or []) + ((data.get("victory") or {}).get("conditions") or []) + (data.get("balance") or [])
    ids = {item.get("id") for item in listed if isinstance(item, dict)}
    return {k for k in SCENARIO_KEYS if k in data} | {i for i in ids if isinstance(i, str)}


def check(doc: Document, rulesets: dict[str, Ruleset], scenarios: dict[str, Document], cards: CardSet) -> list[Problem]:
    """Every reference of a schema-valid coverage file that names nothing, one problem each."""
    problems: list[Problem] = []
    known_params = {name for r in rulesets.values() for name in r.params}
    seen: dict[str, int] = {}
    for g, group in enumerate(doc.data["coverage"]):
        for i, raw in enumerate(group["rules"]):
            at, rid = ("coverage", g, "rules", i), raw["id"]
            found: list[tuple[tuple[object, ...], str, str, str]] = []  # (path under the rule, message, hint, code)
            if not rid.startswith(group["source"] + "/"):
                found.append((("id",), f"the id does not start with its section {group['source']}/",
                              f"write it {group['source']}/..., or move it to its section", "coverage-id"))
            if rid in seen:
                found.append((("id",), "the id is used twice", f"the other is entry {seen[rid] + 1}; give each rule its own id",
                              "coverage-duplicate"))
            seen[rid] = i
            if group["source"] == "001" and "heading" not in raw:
                found.append((("id",), "a rule of 001 names no heading", "add heading: the source heading it stands under",
                              "coverage-heading"))
            for j, name in enumerate(raw.get("parameters") or []):
                if name not in known_params:
                    found.append((("parameters", j), f"unknown ruleset parameter '{name}'",
                                  "use a parameter of data/rulesets (tcforge rules show)", "coverage-ref"))
            for j, ref in enumerate(raw.get("scenario") or []):
                sid, part = ref.split("/", 1)
                if sid not in scenarios:
                    found.append((("scenario", j), f"unknown scenario '{sid}'", "use a bundled scenario id (tcforge scenario list)",
                                  "coverage-ref"))
                elif part not in _scenario_parts(scenarios[sid]):
                    found.append((("scenario", j),
                                  f"scenario '{sid}' has no special rule, victory condition, balance option or key '{part}'",
                                  "use an id from the scenario file", "coverage-ref"))
            for j, name in enumerate(raw.get("cards") or []):
                try:
                    cards.get(name)
                except LookupError:
                    found.append((("cards", j), f"unknown card '{name}'", "give a card name from data/cards", "coverage-ref"))
            problems += [doc.problem(at + path, f"rule {rid}: {message}", hint, code) for path, message, hint, code in found]
            option = raw.get("option")
            if option:
                problems += _check_option(doc, at, rid, option, known_params, rulesets, scenarios)
    return problems


def _check_option(doc: Document, at: tuple[object, ...], rid: str, option: dict[str, Any], known_params: set[str],
                  rulesets: dict[str, Ruleset], scenarios: dict[str, Document]) -> list[Problem]:
    problems: list[Problem] = []
    name, value = option["parameter"], option["value"]
    if name not in known_params:
        return [doc.problem(at + ("option", "parameter"), f"rule {rid}: unknown ruleset parameter '{name}'",
                            "use a parameter of data/rulesets (tcforge rules show)", "coverage-ref")]
    for j, variant in enumerate(option["variants"]):
        if variant in rulesets:
            params = rulesets[variant].params
            actual = params[name].value if name in params else None
        elif variant in scenarios:
            raw = ((scenarios[variant].data.get("ruleset") or {}).get("parameters") or {}).get(name)
            actual = raw.get("value") if isinstance(raw, dict) else None
        elif variant.partition(":")[0] in scenarios:  # SCENARIO:OPTION, a balance option that patches the parameter
            actual = _option_sets(scenarios[variant.partition(":")[0]], variant.partition(":")[2], name)
        else:
            problems.append(doc.problem(at + ("option", "variants", j), f"rule {rid}: unknown ruleset or scenario '{variant}'",
                                        "use a ruleset id (tcforge rules list), a bundled scenario id or SCENARIO:OPTION",
                                        "coverage-ref"))
            continue
        if actual != value:
            problems.append(doc.problem(at + ("option", "variants", j),
                                        f"rule {rid}: '{variant}' sets {name} to {actual!r}, not {value!r}",
                                        "name the variants that turn the rule on, with the value they set", "coverage-option"))
    return problems


def _option_sets(scenario: Document, option_id: str, name: str) -> Any:
    """The value a scenario's balance option gives a ruleset parameter through its patch (None if it does not)."""
    for option in scenario.data.get("balance") or ():
        if isinstance(option, dict) and option.get("id") == option_id:
            for op in option.get("patch") or ():
                if isinstance(op, dict) and op.get("path") == f"/ruleset/parameters/{name}":
                    value = op.get("value")
                    return value.get("value") if isinstance(value, dict) else None
    return None
