"""A game log that checks itself: a digest of the scenario played, a hash chain over its lines, and a game that
its seed and agents give again.

Format 2 (written since issue 15), JSON lines:

- line 1: ``{"setup": {...}, "format": 2, "digest": {"file": "sha256:...", "rules": "sha256:..."}, "hash": H1}``:
  the :class:`~tcforge.play.setup.Setup`, the digest of the scenario's resolved content
  (the scenario file's bytes, and the ruleset parameters in force) and
  ``H1 = sha256(canonical line without "hash")``. A game played with levers (``--set``) records them in the set-up,
  ``"levers": {NAME: value}`` (no ``levers`` key without them: a log without levers is as it always was); a reader
  applies them to the scenario as ``--set`` does before it checks the digest. H1 covers them as it covers the whole
  line, and the rules digest, taken with the levers applied, covers the ruleset parameters among them;
- every action: ``{"turn", "actor", "action", "about", "hash"}`` with
  ``hash = sha256(previous hash + canonical line without "hash")``;
- the last line: ``{"end": {"actions": N, "winner": ..., "reason": ...}, "hash": ...}``, so a log cut short
  says so.

Canonical JSON is sorted keys, no spaces, so only a change of meaning breaks the chain. The chain has no
secret: it catches any edit made by hand or by a careless tool, not a forger who recomputes every hash. What
a forger cannot recompute is chance: the set-up is the one the seed deals, and every die is the next draw of the
seed's random stream, which the recorded agents draw from too; :func:`tcforge.play.games.rebuild` plays the
game again from the seed with those agents and names the first line that differs.
A side a person played (``tcforge serve``, :mod:`tcforge.play.human`) is recorded as the agent ``human``: its
choices draw nothing from the stream and are checked legal; the dice and the computer's choices are checked as in
any other game.

The setup's ``scenario`` is a bundled id or a ``.yaml`` path relative to the log's folder; nothing else is
ever opened, and a file is parsed only once its bytes match the digest. A log that cannot be proven (no chain:
written before format 2, or stripped; no agents recorded; an agent with a time budget, whose choices a second run
does not repeat) is refused unless the reader asks for it (``unsigned``, the command line's ``--unsigned``); it
then replays (an unchained one from a bundled scenario only), every action still checked legal, with a notice.
"""
from __future__ import annotations

import hashlib
import json
import os
import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from tcforge.bounds import MAX_DATA_BYTES, MAX_JSON_DEPTH, MAX_LOG_BYTES, ReadRefused, TooDeep, bounded_lines, json_value, read_bounded
from tcforge.data.problems import printable
from tcforge.engine.replay import LogLine
from tcforge.play.setup import Setup
from tcforge.scenarios.findings import ScenarioError
from tcforge.scenarios.loading import bundled_ids, load, scenarios_dir
from tcforge.scenarios.scenario import Scenario

FORMAT = 2
HUMAN = "human"  # the agent a log records for a side a person played (tcforge.play.human)
MAX_DEPTH = MAX_JSON_DEPTH  # no line of a log nests deeper (an action is a list of numbers and short lists)
MAX_LEVERS = 100  # a set-up names no more levers than this (a scenario has some forty)
_ID = re.compile(r"[a-z0-9][a-z0-9-]*")


class LogError(ValueError):
    """A log that cannot be trusted or read; ``str()`` is the one line to show: ``LOG:LINE: what``."""

    def __init__(self, log: str, line: int, what: str):
        what = printable(what)  # a log's texts never reach the terminal raw
        self.log, self.line, self.what = log, line, what
        super().__init__(f"{printable(log)}:{line}: {what}")


@dataclass
class GameLog:
    """A log read and verified: its set-up, actions, the scenario file it names, and whether it was checked."""

    setup: Setup
    lines: list[LogLine]
    path: Path
    scenario_path: Path
    scenario: Scenario
    checked: bool  # True: its hash chain was verified (False: a log without one, read as unsigned)
    end: dict[str, Any] | None = None
    seeded: bool = False  # True: read signed, so rebuild() checks it is the game its seed and agents give


def canonical(obj: Any) -> str:
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _chain(previous: str, obj: dict[str, Any]) -> str:
    body = {k: v for k, v in obj.items() if k != "hash"}
    return hashlib.sha256((previous + canonical(body)).encode("utf-8")).hexdigest()


def file_digest(path: Path) -> str:
    """The sha256 of a scenario file's bytes, read under the data files' size limit (ReadRefused over it)."""
    return "sha256:" + hashlib.sha256(read_bounded(path, MAX_DATA_BYTES, "a scenario file")).hexdigest()


def rules_digest(params: dict[str, Any]) -> str:
    return "sha256:" + hashlib.sha256(json.dumps(params, sort_keys=True, default=str).encode("utf-8")).hexdigest()


def scenario_digest(scenario: Scenario) -> dict[str, str]:
    """The scenario's resolved content: its file's bytes and the ruleset parameters in force, each a sha256
    (two, so a file is checked before it is parsed)."""
    return {"file": file_digest(scenario.path), "rules": rules_digest(scenario.params)}


def _is_bundled(path: Path) -> bool:
    return path.resolve().parent == scenarios_dir().resolve() and path.stem in bundled_ids()


def scenario_reference(scenario: Scenario, folder: Path | None) -> str:
    """What the log records: the bundled id, or the file's path relative to the log's folder."""
    if _is_bundled(scenario.path):
        return scenario.path.stem
    return os.path.relpath(scenario.path.resolve(), (folder or Path.cwd()).resolve())


def write(handle: TextIO, record: Setup, lines: Iterable[LogLine], scenario: Scenario, *,
          folder: Path | None = None, outcome: tuple[str | None, str] | None = None) -> None:
    """Write a format-2 log of ``scenario`` (``folder``: where the log goes, for the scenario's path);
    ``outcome``: (winner side id or None, reason) of a finished game."""
    head = record.to_json()
    head["setup"]["scenario"] = scenario_reference(scenario, folder)
    head.update(format=FORMAT, digest=scenario_digest(scenario))
    previous = head["hash"] = _chain("", head)
    handle.write(json.dumps(head) + "\n")
    count = 0
    for line in lines:
        obj: dict[str, Any] = {"turn": line.turn, "actor": line.actor, "action": line.action, "about": line.about}
        previous = obj["hash"] = _chain(previous, obj)
        handle.write(json.dumps(obj) + "\n")
        count += 1
    winner, reason = outcome if outcome is not None else (None, "unfinished")
    end: dict[str, Any] = {"end": {"actions": count, "winner": winner, "reason": reason}}
    end["hash"] = _chain(previous, end)
    handle.write(json.dumps(end) + "\n")


def read(path: Path, *, unsigned: bool = False) -> GameLog:
    """Read and verify a log: structure, hash chain, truncation, then the scenario it names and its digest.
    Raises :class:`LogError` at the first problem. A log without its chain, or of a format before 2, is refused unless
    ``unsigned`` (the user asked for it); the dice are checked by :func:`tcforge.play.games.rebuild`.
    The file is read under :data:`tcforge.bounds.MAX_LOG_BYTES` (its size checked before a byte is read), one line at a
    time; a file that is not a tcforge log is refused without a word of its content."""
    log = str(path)
    objs = _lines(log, path)
    head = objs[0]
    if not isinstance(head, dict) or not isinstance(head.get("setup"), dict):
        raise LogError(log, 1, "the first line is not a game's set-up: not a tcforge game log")
    chained = "format" in head or "hash" in head or "digest" in head
    if chained:
        written = head.get("format")
        if isinstance(written, bool) or not isinstance(written, int):  # a foreign file's field: never echoed
            raise LogError(log, 1, f"its 'format' is not a log format's number: not a tcforge game log (tcforge "
                                   f"reads format {FORMAT})")
        if written != FORMAT:
            raise LogError(log, 1, f"log format {shown_number(written)} is not one this tcforge reads ({FORMAT})")
        end = _verify_chain(log, objs)
        body = objs[1:-1]
    else:
        if not unsigned:
            raise LogError(log, 1, "the log has no hash chain (no 'hash', 'format' or 'digest'): it cannot be checked "
                                   "for changes, so it is refused; give --unsigned to replay it unchecked")
        end = None
        body = [o for o in objs[1:] if o is not None]  # old logs: blank lines were allowed
        if body and isinstance(body[-1], dict) and isinstance(body[-1].get("end"), dict):  # a chain stripped off
            end = body.pop()["end"]
    record = _setup(log, head)
    lines = [_action(log, number, obj) for number, obj in enumerate(body, 2)]
    digest = head.get("digest") if chained else None
    if chained and not (isinstance(digest, dict) and isinstance(digest.get("file"), str)):
        raise LogError(log, 1, "the set-up line has no scenario digest")
    scenario_path = _scenario_path(log, path, record.scenario, digest)
    scenario = _load(log, scenario_path, record.balance, digest, record.levers or {})
    if not unsigned:
        _replayable(log, record)
    return GameLog(record, lines, path, scenario_path, scenario, chained, end, seeded=not unsigned)


def _replayable(log: str, record: Setup) -> None:
    """A signed log's agents must play the same game again from its seed (see games.rebuild)."""
    from tcforge.agents import SpecError, make, parse
    agents = record.agents
    if agents is None or len(agents) != 2 or not all(isinstance(a, str) for a in agents):
        raise LogError(log, 1, "the set-up records no agents, so its game cannot be played again from its seed to check "
                               "its dice: refused; give --unsigned to replay it unchecked")
    for spec in agents:
        if spec == HUMAN:  # a side a person played (tcforge serve): its choices are checked legal, nothing else
            continue
        try:
            make(spec)
            timed = parse(spec).seconds is not None
        except SpecError as exc:
            raise LogError(log, 1, f"the set-up's agent {spec[:40]!r} is not one tcforge plays ({exc})") from None
        if timed:
            raise LogError(log, 1, f"agent {spec[:40]} searches for a time, so its choices, and the dice after them, are "
                                   "not the same when played again from the seed: refused; give --unsigned to replay "
                                   "it unchecked")


def _lines(log: str, path: Path) -> list[Any]:
    """The log's lines parsed (None for a blank one), read one at a time under the log's size limit; each line's JSON
    under the nesting limit (:func:`tcforge.bounds.json_value`, the one reader of JSON from outside)."""
    objs: list[Any] = []
    try:
        for number, raw in enumerate(bounded_lines(path, MAX_LOG_BYTES, "a game log"), 1):
            try:
                objs.append(json_value(raw, MAX_DEPTH) if raw.strip() else None)
            except TooDeep as exc:
                raise LogError(log, number, f"{exc}: not a line of a tcforge game log") from None
            except ValueError:
                raise LogError(log, number, "not a tcforge game log (its first line is not JSON)" if number == 1
                               else "not a JSON line: the log was changed here") from None
    except OSError as exc:
        raise LogError(log, 1, f"cannot be read ({exc.strerror or exc})") from None
    except ReadRefused as exc:
        raise LogError(log, 1, f"the file is {exc}") from None
    if not objs:
        raise LogError(log, 1, "the log is empty: not a tcforge game log")
    return objs


def shown_number(value: int) -> str:
    """A whole number a log gives, as a message quotes it: cut when it is long."""
    text = str(value)
    return text if len(text) <= 12 else f"{text[:9]}... ({len(text):,} digits)"


def check_end(verified: GameLog, winner: str | None, reason: str) -> None:
    """After a replay: the log's end line must give the outcome the replay reached (a forger who recomputes the
    hashes can still change it; the replay cannot be fooled)."""
    if verified.end is None:
        return
    line = len(verified.lines) + 2
    said = verified.end.get("winner"), verified.end.get("reason")
    if said != (winner, reason):
        said_winner = str(said[0])[:40] if said[0] is not None else "nobody"
        raise LogError(str(verified.path), line, f"the end line says {said_winner} wins ({str(said[1])[:80]}), the replay "
                                                 f"gives {winner or 'nobody'} ({reason}): the log was changed")


def _verify_chain(log: str, objs: list[Any]) -> dict[str, Any]:
    previous = ""
    for number, obj in enumerate(objs, 1):
        if not isinstance(obj, dict):
            raise LogError(log, number, "an empty line: the log was changed here")
        if obj.get("hash") != _chain(previous, obj):
            raise LogError(log, number, "the log was changed here (hash chain broken)")
        previous = obj["hash"]
        if "end" in obj:
            if number != len(objs):
                raise LogError(log, number + 1, "a line after the game's end: the log was changed here")
            end = obj["end"]
            if not isinstance(end, dict) or end.get("actions") != len(objs) - 2:
                raise LogError(log, number, "the end line does not count the actions above it")
            return end
    raise LogError(log, len(objs), f"the log is truncated after line {len(objs)} (its last line, the outcome, is missing)")


def _setup(log: str, head: dict[str, Any]) -> Setup:
    try:
        record = Setup.from_json(head)
    except KeyError as exc:
        raise LogError(log, 1, f"the set-up line has no {exc.args[0]!r}: the log was changed or is not a tcforge log") from None
    except (TypeError, ValueError, AttributeError) as exc:
        raise LogError(log, 1, f"the set-up line is malformed ({exc})") from None
    if not isinstance(record.scenario, str) or not (record.balance is None or isinstance(record.balance, str)):
        raise LogError(log, 1, "the set-up's scenario and balance must be text")
    if not isinstance(record.seed, int):
        raise LogError(log, 1, "the set-up's seed must be a whole number")
    record.levers = _levers(log, record.levers)
    return record


def _levers(log: str, raw: Any) -> dict[str, Any] | None:
    """The set-up's levers, each checked as a ``--set`` value is (whether the scenario takes it is asked when it is
    loaded); None when it has none."""
    from tcforge.data.limits import SetError, check_override
    if raw is None:
        return None
    if not isinstance(raw, dict):
        raise LogError(log, 1, f"the set-up's levers must be a table of NAME: value, not {canonical(raw)[:40]}")
    if len(raw) > MAX_LEVERS:
        raise LogError(log, 1, f"the set-up names {len(raw):,} levers: no scenario has more than {MAX_LEVERS}")
    out: dict[str, Any] = {}
    for name, value in raw.items():
        try:
            out[name] = check_override(name, value)
        except SetError as exc:
            raise LogError(log, 1, f"the set-up's levers: {exc}") from None
    return out or None


def _action(log: str, number: int, obj: Any) -> LogLine:
    if not isinstance(obj, dict):
        raise LogError(log, number, "an action line must be a JSON object")
    for key in ("turn", "actor", "action"):
        if key not in obj:
            raise LogError(log, number, f"the action line has no {key!r}")
    turn, actor, action, about = obj["turn"], obj["actor"], obj["action"], obj.get("about", "")
    if not isinstance(action, list) or not action or not isinstance(action[0], str):
        raise LogError(log, number, f"the action must be a list starting with its kind, not {canonical(action)[:60]}")
    if not isinstance(turn, int) or not isinstance(actor, str) or not isinstance(about, str):
        raise LogError(log, number, "the action line's turn must be a number, its actor and about text")
    return LogLine(turn, actor, action, about)


def _scenario_path(log: str, path: Path, reference: str, digest: Any) -> Path:
    """The scenario file a log names: a bundled id, or (checked logs only) a .yaml file beside the log."""
    if _ID.fullmatch(reference) and reference in bundled_ids():
        return scenarios_dir() / f"{reference}.yaml"
    if digest is None:
        raise LogError(log, 1, f"scenario {reference[:80]!r} is not a bundled scenario id (a log without hashes "
                               "can only name one)")
    ref = Path(reference)
    if ref.is_absolute() or ref.suffix != ".yaml":
        raise LogError(log, 1, f"scenario {reference[:80]!r} is neither a bundled id nor a .yaml file relative "
                               "to the log's folder: refused")
    target = path.parent / ref
    if not target.is_file():
        raise LogError(log, 1, f"scenario file {reference[:80]} not found beside the log (it is looked for "
                               f"relative to {path.parent})")
    return target


def _load(log: str, scenario_path: Path, balance: str | None, digest: dict[str, Any] | None,
          levers: dict[str, Any]) -> Scenario:
    """The scenario, parsed only once its file matches the digest (when the log has one), with the set-up's levers
    applied as ``--set`` applies them."""
    try:
        if digest is not None and file_digest(scenario_path) != digest["file"]:
            raise LogError(log, 1, "the scenario file differs from the one played (digest mismatch): it or the "
                                   "log was changed")
        scenario = load(scenario_path, balance=balance, parameters=levers or None)
    except ScenarioError as exc:
        first = exc.findings[0] if exc.findings else None
        what = f"{first.message}; {first.hint}" if first is not None and first.hint else (first.message if first else "")
        if levers and _loads(scenario_path, balance):  # the scenario is fine: its levers are not
            raise LogError(log, 1, f"the set-up's levers cannot be applied to the scenario: "
                                   f"{first.message if first else 'it does not load'}") from None
        raise LogError(log, 1, f"the scenario cannot be used: {what or 'it does not load'}") from None
    except OSError as exc:
        raise LogError(log, 1, f"the scenario cannot be read ({exc.strerror or exc})") from None
    except ReadRefused as exc:
        raise LogError(log, 1, f"the scenario file is {exc}") from None
    if digest is not None and rules_digest(scenario.params) != digest.get("rules"):
        raise LogError(log, 1, "the rules in force differ from those of the game (digest mismatch)")
    return scenario


def _loads(scenario_path: Path, balance: str | None) -> bool:
    """Whether the scenario loads without levers."""
    try:
        load(scenario_path, balance=balance)
    except (ScenarioError, OSError):
        return False
    return True
