"""The lever check: whether a verdict's players respond to the levers whose direction the rules imply, and which of
the ruleset's unclear readings the verdict hangs on.

A verdict is only worth its players' sensitivity. For each side the check moves the obvious levers (one more Supply
point a turn, its strongest card removed, each reinforcement group one turn earlier and one later; the turn limit one
turn shorter and longer,
which helps the side that wins when it runs out) and plays each on the seeds of the scenario as it stands, so each
difference is paired (:func:`tcforge.analysis.stats.paired_results`). A lever is judged by the side the rules say it
helps: *responds* when the 95 % interval lies on that side of 0, *backwards* when it lies on the other, *flat* when
it holds 0, and then the verdict says it cannot judge that lever.

The readings are the ruleset's parameters marked ``unclear`` (each with the reason for its default): each is played
the other way (a yes-or-no reading flipped; another value the project's other rulesets take) and the verdict *hangs
on* those whose difference excludes 0. A scenario without a turn limit is a reading too: the engine's cap (20
turns unless the scenario says) against a limit no game reaches.

Everything is played by :func:`tcforge.analysis.balance.run`, so it is reproducible under a seed and plays on the
local pool or a Dask cluster like every sweep.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from tcforge.analysis.stats import Paired, paired_results
from tcforge.play.games import GameResult
from tcforge.scenarios.scenario import Scenario

NO_CAP = 60  # a turn limit no game of a bundled scenario reaches (they end by turn 20 at the latest)


@dataclass(frozen=True)
class Probe:
    """One change played against the scenario as it stands: its words, its levers (as ``--set`` takes them) and the
    side the rules say it helps (None for a reading, which implies no direction)."""

    label: str
    overrides: tuple[tuple[str, Any], ...]
    favours: str | None = None

    @property
    def reading(self) -> bool:
        return self.favours is None

    def set_text(self) -> str:
        return ";".join(f"{name}={_shown(value)}" for name, value in self.overrides)


@dataclass(frozen=True)
class Result:
    """A probe's games against the base's, paired by seed, for ``side`` (the side it helps, or the verdict's leader)."""

    probe: Probe
    side: str
    pair: Paired

    @property
    def judgement(self) -> str:
        """responds, backwards or flat for a lever; hangs or holds for a reading."""
        if self.probe.reading:
            return "hangs" if self.pair.significant else "holds"
        if not self.pair.significant:
            return "flat"
        return "responds" if self.pair.low > 0 else "backwards"

    def render(self) -> str:
        p = self.pair
        head = (f"{self.probe.label} (--set '{self.probe.set_text()}'): {self.side} {p.difference * 100:+.1f} points "
                f"(95 % {p.low * 100:+.1f} to {p.high * 100:+.1f}, {p.n} paired games)")
        words = {"responds": "the players respond as the rules imply",
                 "backwards": f"these players move against the rules' direction: the verdict cannot judge "
                              f"{self.probe.label}",
                 "flat": f"these players do not respond to {self.probe.label}: the verdict cannot judge it",
                 "hangs": "the verdict hangs on this reading",
                 "holds": "the verdict does not hang on it"}
        return f"{head}: {words[self.judgement]}"

    def to_json(self) -> dict[str, Any]:
        p = self.pair
        return {"probe": self.probe.label, "set": dict(self.probe.overrides), "favours": self.probe.favours,
                "side": self.side, "difference": p.difference, "low": p.low, "high": p.high, "games": p.n,
                "judgement": self.judgement}


@dataclass(frozen=True)
class LeverCheck:
    """The check's results, the players and games it was played with."""

    policies: tuple[str, str]
    games: int
    results: tuple[Result, ...]

    def levers(self) -> list[Result]:
        return [r for r in self.results if not r.probe.reading]

    def readings(self) -> list[Result]:
        return [r for r in self.results if r.probe.reading]

    def cannot_judge(self) -> list[Result]:
        return [r for r in self.levers() if r.judgement != "responds"]

    def render(self) -> list[str]:
        lines = [f"lever check ({self.policies[0]} v {self.policies[1]}, {self.games} games a probe on the seeds of "
                 "the scenario as it stands):"]
        lines += [f"  {r.render()}" for r in self.levers()]
        hangs = [r for r in self.readings() if r.judgement == "hangs"]
        holds = [r for r in self.readings() if r.judgement == "holds"]
        if self.readings():
            lines.append("  readings the verdict hangs on:" + ("" if hangs else " none of the ruleset's unclear ones"))
            lines += [f"    {r.render()}" for r in hangs]
            if holds:
                lines.append("    inside the interval: " + ", ".join(r.probe.label for r in holds))
        return lines

    def to_json(self) -> dict[str, Any]:
        return {"policies": list(self.policies), "games": self.games,
                "levers": [r.to_json() for r in self.levers()], "readings": [r.to_json() for r in self.readings()]}


def _shown(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return "[" + ",".join(_shown(v) for v in value) + "]"
    return str(value)


def _other(side: str, sides: Sequence[str]) -> str:
    return sides[1] if side == sides[0] else sides[0]


def strongest(sc: Scenario, data: dict[str, Any], side: str) -> str | None:
    """The side's strongest card as its forces name it: the unit (vehicle, gun or squad) of most points, the first
    such entry when several tie; None when it has none."""
    from tcforge.scenarios.levers import forces_of
    nation = sc.side(side).nation
    best: tuple[int, str] | None = None
    for entry in forces_of(data, side):
        try:
            card = sc.cards.get(entry["card"], nation=nation)
        except (KeyError, ValueError):
            continue
        points = card.effective.get("points")
        if card.type in ("vehicle", "at_gun", "infantry") and isinstance(points, int) and (best is None or points > best[0]):
            best = (points, str(entry["card"]))
    return None if best is None else best[1]


def probes(sc: Scenario, levers: Sequence[Any], rulesets: dict[str, Any], *, data: dict[str, Any] | None = None,
           readings: bool = True) -> list[Probe]:
    """The obvious levers of the scenario (``levers``: :func:`tcforge.scenarios.loading.scenario_levers`; ``data``:
    its document, for its strongest cards) and, with ``readings``, the ruleset's unclear readings played the other
    way (``rulesets``: every ruleset of the data, for the values the others take)."""
    from tcforge.engine.game import FIXED
    sides = list(sc.grid.sides)
    out: list[Probe] = []
    by_name = {lever.name: lever for lever in levers}
    for side in sides:
        supply = by_name.get(f"{side}.supply_points")
        if supply is not None and supply.value is not None and supply.value < (supply.high or 20):
            out.append(Probe(f"one more Supply point a turn for {side}", ((supply.name, supply.value + 1),), side))
        card = strongest(sc, data, side) if data is not None and f"{side}.remove" in by_name else None
        if card is not None:
            out.append(Probe(f"{side}'s strongest card, one {card}, removed", ((f"{side}.remove", card),),
                             _other(side, sides)))
    for lever in levers:
        parts = lever.name.split(".")
        if parts[:2] != ["scenario", "reinforcements"] or lever.value is None:
            continue
        side, group = parts[2], parts[3]
        if lever.value - 1 >= (lever.low or 1):
            out.append(Probe(f"{side}'s reinforcement group {group} a turn earlier", ((lever.name, lever.value - 1),),
                             side))
        if lever.value + 1 <= (lever.high or 99):
            out.append(Probe(f"{side}'s reinforcement group {group} a turn later", ((lever.name, lever.value + 1),),
                             _other(side, sides)))
    limit = by_name.get("scenario.turn_limit")
    if limit is not None and limit.value is not None:
        default = sc.default_winner if sc.default_winner in sides else None
        for step, words in ((-1, "shorter"), (1, "longer")):
            value = limit.value + step
            if (limit.low or 1) <= value <= (limit.high or 99):
                helps = None if default is None else default if step < 0 else _other(default, sides)
                out.append(Probe(f"the turn limit a turn {words}", (("scenario.turn_limit", value),), helps))
    elif limit is not None:  # no turn limit: the engine's cap is a reading (17.8 gives Kursk none)
        out.append(Probe(f"no turn limit played out to {NO_CAP} turns, not the cap", (("scenario.turn_limit", NO_CAP),)))
    if readings:
        own = rulesets.get(sc.ruleset.id)
        for name, param in sorted((own.params if own is not None else {}).items()):
            if (not param.unclear or name in FIXED or name.startswith("battlefield.")  # the scenario's own grid
                    or (name in sc.params and sc.params[name] != param.value)):  # the scenario settles the reading
                continue
            now = sc.params.get(name, param.value)
            for value in _other_readings(name, now, rulesets):
                if isinstance(value, str) and (name, value) in NOT_READINGS:
                    continue
                out.append(Probe(f"{name} = {_shown(value)} (the project's: {_shown(now)})", ((name, value),)))
    return out


# other values the engine plays that are no reading of the same rule: Hill 621's victory at a given turn is its own
NOT_READINGS = {("victory.check", "given_turn")}
# readings no ruleset of the data takes, for the parameters whose other reading is a list: the word read literally
LITERAL: dict[str, tuple[Any, ...]] = {
    "fire.tank_classes": (["tank"],),  # 8.5, 10.0 say "tank": only the cards of the class tank
}


def _other_readings(name: str, now: Any, rulesets: dict[str, Any]) -> list[Any]:
    """The other readings of an unclear parameter: a yes-or-no one flipped; else the other values the engine plays
    (:data:`tcforge.data.limits.CHOICES`), those the project's other rulesets take and the literal ones
    (:data:`LITERAL`); none when nothing records another (the parameter is then not probed)."""
    from tcforge.data.limits import CHOICES
    if isinstance(now, bool):
        return [not now]
    found: list[Any] = [c for c in CHOICES.get(name, ()) if c != now]
    found += [v for v in LITERAL.get(name, ()) if v != now and v not in found]
    for ruleset in rulesets.values():
        param = ruleset.params.get(name)
        if param is not None and param.value != now and param.value not in found:
            found.append(param.value)
    return found


def playable(reference: str, chosen: Sequence[Probe], *, option: str | None = None,
             base: dict[str, Any] | None = None) -> tuple[list[Probe], list[str]]:
    """The probes the scenario can be loaded with, and a line for each one it cannot (a reading another ruleset takes
    may not fit this scenario's data): checked here, before any game."""
    from tcforge.scenarios.findings import ScenarioError
    from tcforge.scenarios.loading import load
    kept, refused = [], []
    for probe in chosen:
        try:
            load(reference, balance=option, parameters={**(base or {}), **dict(probe.overrides)})
        except (ScenarioError, ValueError) as exc:
            message = exc.findings[0].message if isinstance(exc, ScenarioError) and exc.findings else str(exc)
            refused.append(f"{probe.label}: not played ({message})")
            continue
        kept.append(probe)
    return kept, refused


def check(reference: str, sc: Scenario, chosen: Sequence[Probe], *, games: int, policies: tuple[str, str],
          seed: int, play: Callable[..., list[GameResult]], base: dict[str, Any] | None = None,
          option: str | None = None) -> LeverCheck:
    """Play the scenario as it stands (``option``, ``base`` levers) and each probe on the same seeds; ``play`` is
    :func:`tcforge.analysis.balance.run` with the runner bound (``play(reference, games=, option=, policies=,
    base_seed=, parameters=)``)."""
    base = dict(base or {})
    first = play(reference, games=games, option=option, policies=policies, base_seed=seed, parameters=base)
    leader = max(sc.grid.sides, key=lambda s: sum(1 for r in first if r.winner == s))
    results = []
    for probe in chosen:
        games_of = play(reference, games=games, option=option, policies=policies, base_seed=seed,
                        parameters={**base, **dict(probe.overrides)})
        side = probe.favours or leader
        results.append(Result(probe, side, paired_results(first, games_of, side)))
    return LeverCheck(policies, games, tuple(results))
