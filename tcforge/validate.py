"""``tcforge validate``: every file, every problem, in one run.

It sits above :mod:`tcforge.data` and :mod:`tcforge.decks`: the data set's checks and the command decks' checks
in one report (data/ itself imports nothing above it; see ARCHITECTURE.md).

The named files are checked against their schema and against the rest of the
data: an erratum in a file of its own still resolves its card against the
bundled cards, but only the named files' problems are reported. A scenario file
gets the legality checks of ``tcforge scenario check`` too (without ``--play``),
so that validate never calls valid a scenario that command finds illegal; the
engine's own checks come in through ``scenario_engine`` (the command line passes
them: this module sits below the analysis that makes them).
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from tcforge.data.dataset import build, explain_clashes, load_documents
from tcforge.data.documents import Document, discover, walk
from tcforge.data.problems import Problem
from tcforge.decks.load import problems_of as deck_problems
from tcforge.paths import data_dir, display_path, resolved
from tcforge.scenarios.check import EngineCheck, check_file
from tcforge.scenarios.findings import ScenarioError
from tcforge.scenarios.loading import clashes, find_scenario, load, scenario_ids


@dataclass
class Report:
    files: int
    cards: int
    problems: list[Problem]

    @property
    def ok(self) -> bool:
        return not self.problems


def validate(paths: list[Path] | None = None, *, root: Path | None = None, scenario_engine: EngineCheck | None = None) -> Report:
    root = (root or data_dir()).resolve()
    targets: list[Path] = []
    folders: list[Problem] = []  # what a named folder lacks or hides: no data file, a link loop, no permission
    for path in paths or [root]:
        found, unread = walk(path) if path.exists() or paths else ([], [])  # a missing data folder is nothing to validate
        folders += unread  # never skipped without a word
        if not found:
            folders.append(Problem(display_path(path), 1, 1, "folder holds no data file (.yaml or .yml)",
                                 "name a folder of data files, or the files themselves", code="no-files"))
        targets += found
    target_set = {resolved(p) for p in targets}
    context = [p for p in discover(root) if resolved(p) not in target_set] if root.is_dir() else []
    documents, problems = load_documents(targets)
    problems += folders
    context_documents, _ = load_documents(context)
    result = build(context_documents + documents)  # context first: a clash is reported in the named file
    reported = {d.display for d in documents} | {p.file for p in folders}
    problems += [p for p in result.problems + deck_problems(context_documents + documents) if p.file in reported]
    if any(not resolved(d.path).is_relative_to(root) for d in documents):  # a designer's own files: clashes told as such
        problems = explain_clashes(problems, context_documents)
    problems += _scenario_problems(documents, problems, scenario_engine)
    problems += _player_problems(documents)
    problems.sort(key=lambda p: (p.file, p.line, p.col, p.message))
    cards = sum(1 for c in result.cards if c.file in reported)
    return Report(len(documents), cards, problems)


def _scenario_problems(documents: list[Document], known: list[Problem], engine: EngineCheck | None) -> list[Problem]:
    """The legality findings of every scenario file that passed its schema, as problems (those not already reported)."""
    seen = {(p.file, p.line, p.col, p.message) for p in known}
    shown = {d.display for d in documents}
    out = [Problem(f.file, f.line, f.col, f.message, f.hint, code=f.code) for f in clashes() if f.file in shown]
    scenarios = {d.display for d in documents if d.kind is not None and d.kind.name in ("scenario", "player")}
    broken = sorted({p.file for p in known if p.file not in scenarios})  # card, errata, ruleset... files with problems
    for document in documents:
        if document.kind is None or document.kind.name != "scenario" or not document.schema_ok:
            continue
        if broken:  # its checks would only echo them, mislabelled (a card in a file that failed is "unknown")
            out.append(Problem(document.display, 1, 1, f"not checked: the data it uses has problems of its own (in "
                               f"{', '.join(broken[:3])}{' and more' if len(broken) > 3 else ''}) [data-not-valid]",
                               "fix those first, then validate again", code="data-not-valid"))
            continue
        for f in check_file(document.path, engine=engine).findings:
            tag = f"{f.code}, rule {f.case}" if f.case else f.code
            problem = Problem(f.file, f.line, f.col, f"{f.message} [{tag}]", f.hint, code=f.code)
            if (f.file, f.line, f.col, f.message) not in seen and (f.file, f.line, f.col, problem.message) not in seen:
                seen.add((f.file, f.line, f.col, problem.message))
                out.append(problem)
    return out


def _player_problems(documents: list[Document]) -> list[Problem]:
    """A trained players' file (players/SCENARIO-ID.yaml) against its scenario: the file is named after a scenario
    that exists, and its sides (and its rounds') are that scenario's (the knobs' ranges are the schema's)."""
    out: list[Problem] = []
    for doc in documents:
        if doc.kind is None or doc.kind.name != "player" or not doc.schema_ok:
            continue
        sid = doc.data["scenario"]
        if doc.path.stem != sid:
            out.append(doc.problem(("scenario",), f"the trained players of scenario '{sid}' in a file named "
                                                  f"{doc.path.name}: the best player would never find them",
                                   f"name the file {sid}.yaml, or fix the scenario id", "player-file-name"))
            continue
        if find_scenario(sid) is None:
            out.append(doc.problem(("scenario",), f"unknown scenario '{sid}'",
                                   "use one of: " + ", ".join(scenario_ids()), "unknown-scenario"))
            continue
        try:
            sides = tuple(load(sid).grid.sides)
        except ScenarioError:
            continue  # the scenario's own problems are reported in its file
        for side in doc.data["sides"]:
            if side not in sides:
                out.append(doc.problem(("sides", side), f"unknown side '{side}' of scenario '{sid}'",
                                       "use the scenario's side ids: " + ", ".join(sides), "unknown-side", key=True))
        for i, entry in enumerate((doc.data.get("training") or {}).get("rounds") or []):
            if entry["side"] not in sides:
                out.append(doc.problem(("training", "rounds", i, "side"),
                                       f"round {entry['round']}: unknown side '{entry['side']}' of scenario '{sid}'",
                                       "use the scenario's side ids: " + ", ".join(sides), "unknown-side"))
    return out
