"""Agent specs: a player named in one short string, with its budget and options.

``name[:budget][:key=value,...]``: ``greedy``, ``mcts:400`` (400 search
iterations a decision), ``mcts:2s`` or ``mcts:500ms`` (a time budget),
``mcts:400:c=0.5,depth=6`` (search options). The text of a spec is what logs and
reports record, so :meth:`AgentSpec.text` writes it back in one canonical form.
An iteration budget is reproducible under a game's seed; a time budget is not
(how many iterations fit depends on the machine).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

_BUDGET = re.compile(r"^(?:(?P<n>\d+)|(?P<s>\d+(?:\.\d+)?)s|(?P<ms>\d+)ms)$")
_NAME = re.compile(r"^[a-z][a-z0-9_-]*$")


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
            out += f":{self.seconds:g}s" if self.seconds >= 1 else f":{round(self.seconds * 1000)}ms"
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

    def __str__(self) -> str:
        return self.text


def parse(text: str) -> AgentSpec:
    """Read ``name[:budget][:key=value,...]``; raises :class:`SpecError` with the reason."""
    parts = text.strip().split(":")
    name = parts[0].strip().lower()
    if not _NAME.match(name):
        raise SpecError(f"agent spec {text!r}: a spec starts with a player's name (e.g. greedy, mcts:400)")
    iterations: int | None = None
    seconds: float | None = None
    options: dict[str, str] = {}
    rest = parts[1:]
    if rest and "=" not in rest[0]:
        budget = _BUDGET.match(rest.pop(0).strip())
        if budget is None:
            raise SpecError(f"agent spec {text!r}: the budget is a number of iterations (400) or a time (2s, 500ms)")
        if budget["n"] is not None:
            iterations = int(budget["n"])
        else:
            seconds = float(budget["s"]) if budget["s"] is not None else int(budget["ms"]) / 1000
        if (iterations is not None and iterations < 1) or (seconds is not None and seconds <= 0):
            raise SpecError(f"agent spec {text!r}: the budget must be above zero")
    if len(rest) > 1:
        raise SpecError(f"agent spec {text!r}: write name:budget:key=value,key=value")
    for item in rest[0].split(",") if rest else ():
        key, eq, value = item.partition("=")
        if not eq or not key.strip() or not value.strip():
            raise SpecError(f"agent spec {text!r}: options are key=value, separated by commas")
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
