"""Agent specs: a player named in one short string, with its budget and options.

``name[:budget][:key=value,...]``: ``greedy``, ``plan:64`` (64 playouts
a turn), ``plan:2s`` or ``rollout:500ms`` (a time budget),
``plan:64:k=4,z=1`` (search options). The text of a spec is what logs and
reports record, so :meth:`AgentSpec.text` writes it back in one canonical form.
An iteration budget is reproducible under a game's seed; a time budget is not
(how many iterations fit depends on the machine).
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from decimal import Decimal

from tcforge.bounds import shown

_BUDGET = re.compile(r"^(?:(?P<n>[0-9]+)|(?P<s>[0-9]+(?:\.[0-9]+)?)s|(?P<ms>[0-9]+)ms)$")
_NAME = re.compile(r"^[a-z][a-z0-9_-]*$")
MAX_TEXT = 200  # characters of a spec: the longest useful one is under 80
# A budget is bounded by the time a game may take (issue 51): at a player's largest budget, with its costliest
# options, both sides searching, a game of the costliest bundled scenario (Kursk, Hill 621) takes about six hours on
# the reference machine, where one unit of budget cost a game 5.5 s (look, k=16,horizon=8), 3.8 s (plan,
# horizon=1000,k=64), 1.9 s (rollout, k=64) and 1.9 s (planner, pairs=6,every=1); at their default options the same
# games take 8 minutes (plan) to 2.3 hours (rollout). docs/results/2026-11-29-budget-bounds.md has the runs.
MOST_ITERATIONS = {"look": 4_000, "plan": 5_000, "rollout": 10_000, "planner": 10_000}
MAX_ITERATIONS = max(MOST_ITERATIONS.values())  # any other player's budget (one that takes none refuses it anyway)
MIN_MS, MAX_MS = 1, 60_000  # a time budget: 1ms to a minute a decision (a game's 300-odd decisions in five hours)
MAX_SEED = 2 ** 64 - 1  # a search seed is mixed with 64 random bits


def budget_help(name: str) -> str:
    """What a budget of player ``name`` may be, for a message."""
    return (f"the budget is a whole number of iterations from 1 to {MOST_ITERATIONS.get(name, MAX_ITERATIONS):,} "
            f"for {name} (400), or a time from {MIN_MS}ms to {MAX_MS // 1000}s in whole milliseconds (2s, 1.5s, 500ms): "
            "the largest budgets are bounded by the hours a game may take")


class SpecError(ValueError):
    """An agent spec that cannot be read; the message says what is wrong and how to write it."""


@dataclass(frozen=True)
class AgentSpec:
    name: str
    iterations: int | None = None
    seconds: float | None = None
    options: dict[str, str] = field(default_factory=dict)

    @property
    def text(self) -> str:
        out = self.name
        if self.iterations is not None:
            out += f":{self.iterations}"
        elif self.seconds is not None:
            out += ":" + _time(round(self.seconds * 1000))
        if self.options:
            out += ":" + ",".join(f"{k}={v}" for k, v in sorted(self.options.items()))
        return out

    @property
    def has_budget(self) -> bool:
        return self.iterations is not None or self.seconds is not None

    def check_options(self, known: set[str]) -> None:
        """Raise :class:`SpecError` naming the options a player does not take (``known``: the ones it does)."""
        unknown = set(self.options) - known
        if unknown:
            raise SpecError(f"agent spec {self.text!r}: unknown option(s) {', '.join(sorted(unknown))}; "
                            f"{self.name} takes {', '.join(sorted(known))}")

    def number(self, key: str, default: float, least: float, most: float, *, whole: bool = False,
               open_least: bool = False, open_most: bool = False) -> float:
        """Option ``key`` as a number (``default`` when absent), refused with its range unless it is from ``least``
        to ``most`` (either end excluded if open; ``most`` inf allows inf), and a whole number if ``whole``."""
        raw = self.options.get(key)
        if raw is None:
            return default
        ends = []
        if open_least:
            ends.append(f"{least:g} excluded")
        if open_most:
            ends.append(f"{most:g} excluded")
        span = (f"from {least:,} to {most:,}" if whole and math.isfinite(most) else f"from {least:g} to {most:g}") \
            + (f" ({', '.join(ends)})" if ends else "")
        kind = "a whole number" if whole else "a number"
        wrong = SpecError(f"agent spec {self.text!r}: {key}={shown(raw, 30, count=False)}; {key} is {kind} {span}")
        if len(raw) > 30:
            raise wrong
        try:
            value: float = int(raw) if whole else float(raw)
        except ValueError:
            raise wrong from None
        if math.isnan(value) or not least <= value <= most or (open_least and value == least) \
                or (open_most and value == most):
            raise wrong
        return value

    def __str__(self) -> str:
        return self.text


def _time(ms: int) -> str:
    """A time budget in whole milliseconds, written as parse() reads it back exactly: 500ms, 2s, 1.25s."""
    if ms < 1000:
        return f"{ms}ms"
    whole, rest = divmod(ms, 1000)
    return f"{whole}s" if not rest else f"{whole}.{rest:03d}".rstrip("0") + "s"


def parse(text: str) -> AgentSpec:
    """Read ``name[:budget][:key=value,...]``; raises :class:`SpecError` with the reason and the allowed range.
    ``parse(spec.text) == spec`` for every spec parse returns: the text a log or a worker is given reads back."""
    if len(text) > MAX_TEXT:
        raise SpecError(f"agent spec {shown(text, 30, count=False)!r} is {len(text):,} characters long: write it in at most {MAX_TEXT}")
    parts = text.strip().split(":")
    name = parts[0].strip().lower()
    if not _NAME.match(name):
        raise SpecError(f"agent spec {text!r}: a spec starts with a player's name (e.g. greedy, plan:64)")
    iterations: int | None = None
    seconds: float | None = None
    options: dict[str, str] = {}
    rest = parts[1:]
    if rest and "=" not in rest[0]:
        written = rest.pop(0).strip()
        budget = _BUDGET.match(written)
        if budget is None:
            raise SpecError(f"agent spec {text!r}: {budget_help(name)}")
        if budget["n"] is not None:
            iterations = int(budget["n"])
            if not 1 <= iterations <= MOST_ITERATIONS.get(name, MAX_ITERATIONS):
                raise SpecError(f"agent spec {text!r}: {iterations:,} iterations; {budget_help(name)}")
        else:
            ms = Decimal(budget["s"]) * 1000 if budget["s"] is not None else Decimal(budget["ms"])
            if ms != ms.to_integral_value() or not MIN_MS <= ms <= MAX_MS:
                raise SpecError(f"agent spec {text!r}: a time of {written}; {budget_help(name)}")
            seconds = int(ms) / 1000
    if len(rest) > 1:
        raise SpecError(f"agent spec {text!r}: write name:budget:key=value,key=value")
    for item in rest[0].split(",") if rest else ():
        key, eq, value = item.partition("=")
        if not eq or not key.strip() or not value.strip():
            raise SpecError(f"agent spec {text!r}: options are key=value, separated by commas")
        if key.strip() in options:
            raise SpecError(f"agent spec {text!r}: option {key.strip()} is given twice; give it once")
        options[key.strip()] = value.strip()
    return AgentSpec(name, iterations, seconds, options)


def split_specs(text: str) -> list[str]:
    """Specs written one after another, separated by commas (``random,greedy,plan:64:k=4,z=1``): a piece that
    holds ``=`` but no ``:`` is one more option of the spec before it, since a spec's options are comma-separated
    too."""
    specs: list[str] = []
    for piece in (p.strip() for p in text.split(",")):
        if not piece:
            continue
        if specs and "=" in piece and ":" not in piece:
            specs[-1] += "," + piece
        else:
            specs.append(piece)
    return specs
