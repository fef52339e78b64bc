"""Finding and loading scenario files: by path or bundled id, schema-checked, a balance option applied.

:func:`load_scenario` reads a scenario file (safe YAML), checks it against
``schemas/scenario.schema.json``, applies one of its balance options when asked
(a patch, checked again) and hands it to :class:`~tcforge.scenarios.resolve.Builder`,
which resolves every card, position and side reference. What cannot be read or
resolved becomes a :class:`~tcforge.scenarios.findings.Finding` placed at
``file:line:col``; the legality checks proper live in :mod:`tcforge.scenarios.check`.
"""
from __future__ import annotations

import copy
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tcforge.data import schemas, translations
from tcforge.data.documents import detect_kind, discover
from tcforge.data.yamlsafe import Loaded, load_yaml
from tcforge.paths import data_dir, display_path, user_data_dirs
from tcforge.scenarios.findings import Finding, ScenarioError
from tcforge.scenarios.format import YamlPath
from tcforge.scenarios.patch import PatchError, apply_patch
from tcforge.scenarios.resolve import Builder
from tcforge.scenarios.scenario import Scenario


def scenarios_dir() -> Path:
    return data_dir() / "scenarios"


@dataclass
class Loading:
    """What :func:`load_scenario` returns: the scenario (None when it cannot be built) and every finding."""

    scenario: Scenario | None
    findings: list[Finding]
    data: Any = None
    loaded: Loaded | None = None


def find_scenario(reference: str | Path) -> Path | None:
    """A scenario file by path, or a scenario by id: a bundled one, or one of the designer's own (--data)."""
    path = Path(reference)
    if path.is_file():
        return path
    if not re.fullmatch(r"[a-z0-9-]+", str(reference)):
        return None
    candidate = scenarios_dir() / f"{reference}.yaml"
    if candidate.is_file():
        return candidate
    return own_scenarios().get(str(reference))


def bundled_ids() -> list[str]:
    return sorted(p.stem for p in scenarios_dir().glob("*.yaml"))


def scenario_ids() -> list[str]:
    """The bundled scenarios' ids and, after them, the designer's own (--data) that do not clash with them."""
    bundled = bundled_ids()
    return bundled + sorted(set(own_scenarios()) - set(bundled))


def new_scenario_path(sid: str) -> Path:
    """Where a new scenario goes by default: the first --data folder, else the working folder; never the bundled
    scenarios (data/scenarios/ of a checkout, or of the installed package) unless --out names them."""
    own = user_data_dirs()
    if own:
        return own[0] / f"{sid}.yaml"
    return Path(f"{sid}.yaml")


def own_scenarios() -> dict[str, Path]:
    """The scenario files of the designer's own folders (--data, TCFORGE_DATA) by id (= file name), first one first."""
    out: dict[str, Path] = {}
    for folder in user_data_dirs():
        for path in discover(folder):  # the walk every data command shares: linked folders followed, loops never
            if path.suffix in (".yaml", ".yml") and _is_scenario(path):
                out.setdefault(path.stem, path)
    return out


def _is_scenario(path: Path) -> bool:
    loaded, _ = load_yaml(path, display_path(path))
    if loaded is None or not isinstance(loaded.data, dict):
        return False
    kind = detect_kind(path, loaded.data)  # by the scenario kind's key, 'sides' (a trained players file has it too)
    return kind is not None and kind.name == "scenario"


def clashes(only: str | None = None) -> list[Finding]:
    """The designer's scenarios (all, or the one with id ``only``) whose id is a bundled scenario's: one finding each,
    saying how to fix it."""
    bundled = set(bundled_ids())
    return [Finding(display_path(path), 1, 1, "id-clash", f"scenario '{sid}' has the id of a bundled scenario",
                    f"your data is layered over the bundled data, where '{sid}' is taken: rename the file and its id")
            for sid, path in own_scenarios().items() if sid in bundled and only in (None, sid)]


def load(reference: str | Path, *, balance: str | None = None, ruleset: str | None = None,
         parameters: dict[str, Any] | None = None) -> Scenario:
    """The scenario (bundled id or file), raising ScenarioError with every finding when it cannot be used.
    ``ruleset`` and ``parameters`` replace the scenario's ruleset id and override ruleset parameters by name
    (a sweep's grid), after the balance option."""
    path = find_scenario(reference)
    if path is None:
        raise ScenarioError([Finding(str(reference), 1, 1, "unknown-reference", f"no scenario '{reference}'",
                                     "give a file or one of: " + ", ".join(scenario_ids()))])
    clash = clashes(str(reference))
    if clash:
        raise ScenarioError(clash)
    result = load_scenario(path, balance=balance, ruleset=ruleset, parameters=parameters)
    errors = [f for f in result.findings]
    if result.scenario is None or errors:
        raise ScenarioError(errors)
    return result.scenario


def load_scenario(path: Path, *, balance: str | None = None, ruleset: str | None = None,
                  parameters: dict[str, Any] | None = None) -> Loading:
    """Read, schema-check and resolve one scenario file; ``balance`` applies one balance option by id,
    ``ruleset`` and ``parameters`` then change the ruleset and its parameters (checked again)."""
    display = display_path(path)
    loaded, problems = load_yaml(path, display)
    findings = [Finding(p.file, p.line, p.col, p.code if p.code.startswith("text-") else "yaml", p.message, p.hint)
                for p in problems]
    if loaded is None or findings:
        return Loading(None, findings)
    schema_findings = _schema(loaded, display)
    if schema_findings:
        return Loading(None, schema_findings, loaded.data, loaded)
    data = loaded.data
    if balance is not None:
        data, patch_findings = _apply_balance(loaded, display, balance)
        if patch_findings:
            return Loading(None, patch_findings, loaded.data, loaded)
    given = dict(parameters or {})
    if parameters:  # the side and scenario levers among them (tcforge.scenarios.levers), then the ruleset's
        data, parameters, lever_findings = _apply_levers(path, display, loaded, data, balance, parameters)
        if lever_findings:
            return Loading(None, lever_findings, loaded.data, loaded)
    if ruleset is not None or parameters:
        data = _override_ruleset(data, ruleset, parameters or {})
        wrong = _schema(Loaded(data, loaded.marks, loaded.key_marks), display)
        if wrong:
            return Loading(None, [Finding(f.file, f.line, f.col, "schema", f"ruleset or parameter override: {f.message}", f.hint)
                                  for f in wrong], loaded.data, loaded)
    entries = translations.by_owner().get(f"scenario:{data.get('id')}") if isinstance(data, dict) else None
    if entries:  # the translations kept in the records (i18n/LANG.json) of the bundled data and the --data folders
        data = copy.deepcopy(data)
        translations.overlay(data, entries)
    builder = Builder(path, display, Loaded(data, loaded.marks, loaded.key_marks))
    scenario = builder.build(balance)
    if scenario is not None:
        scenario.levers = given  # what a game log records, so that it is read with them (tcforge.play.gamelog)
    return Loading(scenario, builder.findings, data, loaded)


def _apply_levers(path: Path, display: str, loaded: Loaded, data: Any, balance: str | None,
                  parameters: dict[str, Any]) -> tuple[Any, dict[str, Any], list[Finding]]:
    """The document with its side and scenario levers set and checked against the schema again; the ruleset
    parameters left; or the one finding that names the lever and what it may be."""
    from tcforge.scenarios import levers
    sides = [str(s.get("id")) for s in (data.get("sides") or []) if isinstance(s, dict)] if isinstance(data, dict) else []
    hint = "'tcforge scenario levers SCENARIO' lists the levers and the values each takes"
    for name in parameters:  # a side lever of a side the scenario lacks (italian.supply_points): not a ruleset name
        head, _, tail = name.partition(".")
        if tail in levers.SIDE_LEVERS and head not in sides and head != "scenario" and not _ruleset_parameter(data, name):
            return data, parameters, [Finding(display, 1, 1, "lever", f"no side '{head}' in '{name}': the sides are "
                                              f"{', '.join(sides)}", hint)]
    moved = {n: v for n, v in parameters.items() if levers.is_lever(n, sides)}
    if not moved:
        return data, parameters, []
    base = data

    def grid() -> Any:
        built = Builder(path, display, Loaded(base, loaded.marks, loaded.key_marks)).build(balance)
        if built is None:
            raise levers.LeverError("the scenario cannot be built, so its positions cannot be shifted")
        return built.grid

    try:
        data = levers.apply(data, moved, grid)
    except levers.LeverError as exc:
        return base, parameters, [Finding(display, 1, 1, "lever", str(exc), hint)]
    wrong = _schema(Loaded(data, loaded.marks, loaded.key_marks), display)
    if wrong:
        names = ", ".join(f"{n}={v}" for n, v in moved.items())
        return base, parameters, [Finding(display, 1, 1, "lever", f"{names} makes the scenario invalid: {wrong[0].message}", hint)]
    return data, {n: v for n, v in parameters.items() if n not in moved}, []


def _ruleset_parameter(data: Any, name: str) -> bool:
    """Whether ``name`` is a parameter of the scenario's ruleset (turn.supply_points); True when that cannot be told,
    so that the ruleset's own check speaks."""
    from tcforge.data.dataset import load_data
    try:
        return name in load_data(str(data["ruleset"]["id"])).ruleset.params
    except Exception:  # an unknown ruleset or bad data: the builder's findings say it
        return True


def _override_ruleset(data: Any, ruleset: str | None, parameters: dict[str, Any]) -> Any:
    """A copy of the scenario data with another ruleset id and parameter overrides (marked as the sweep's)."""
    data = copy.deepcopy(data)
    section = data.setdefault("ruleset", {})
    if ruleset is not None:
        section["id"] = ruleset
    for name, value in parameters.items():
        section.setdefault("parameters", {})[name] = {"value": value, "case": "sweep override",
                                                      "reason": "Set by the sweep's grid, not by the scenario."}
    return data


def _key_findings(loaded: Loaded, display: str) -> list[Finding]:
    """Mapping keys that are not text (``99:``): JSON Schema cannot check them, so they are reported first."""
    out = []

    def walk(node: Any, path: YamlPath) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                if not isinstance(key, str):
                    line, col = loaded.where(path + (key,), key=True)
                    out.append(Finding(display, line, col, "schema", f"key {key!r} is a number, not a name",
                                       "keys are names: fix the key, or quote it if a number was meant"))
                walk(value, path + (key,))
        elif isinstance(node, list):
            for i, value in enumerate(node):
                walk(value, path + (i,))

    walk(loaded.data, ())
    return out


def _schema(loaded: Loaded, display: str) -> list[Finding]:
    out = _key_findings(loaded, display)
    if out:
        return out
    for p in schemas.check(loaded, "scenario", display):
        message = p.message + (f" [{p.schema_path}]" if p.schema_path else "")
        out.append(Finding(p.file, p.line, p.col, "schema", message, p.hint))
    return out


def _apply_balance(loaded: Loaded, display: str, option: str) -> tuple[Any, list[Finding]]:
    data = loaded.data
    options = data.get("balance") or []
    for i, entry in enumerate(options):
        if entry.get("id") != option:
            continue
        try:
            patched = apply_patch(data, entry["patch"])
        except PatchError as exc:
            line, col = loaded.where(("balance", i, "patch", exc.index, "path"))
            return data, [Finding(display, line, col, "balance-patch", f"balance option '{option}': {exc}",
                                  "a path names keys and list elements (by index or id) that exist in this file")]
        again = Loaded(patched, loaded.marks, loaded.key_marks)
        wrong = _schema(again, display)
        if wrong:
            line, col = loaded.where(("balance", i, "patch"))
            return data, [Finding(display, line, col, "balance-patch",
                                  f"balance option '{option}' makes the file invalid: {f.message}", f.hint) for f in wrong]
        return patched, []
    known = ", ".join(str(o.get("id")) for o in options) or "none"
    return data, [Finding(display, 1, 1, "balance-patch", f"no balance option '{option}'", f"this scenario has: {known}")]


def scenario_levers(reference: str, balance: str | None = None) -> list[Any]:
    """The levers of a scenario (bundled id or file) as its document reads (a balance option applied): what
    ``--set`` and ``scenario tune --lever`` can move (:func:`tcforge.scenarios.levers.levers`)."""
    from tcforge.scenarios import levers
    scenario = load(reference, balance=balance)
    path = find_scenario(reference)
    assert path is not None
    return levers.levers(load_scenario(path, balance=balance).data, dict(scenario.params), scenario.grid)
