"""The page's requests and the server's refusals, typed.

Every request that changes a game names the action count it was made at (``at``): the server refuses one made at
another count (a stale page, a second tab, a double click) and changes nothing. A decision is answered by the index
of one of the choices offered for that count, never by an engine action: the page never sees the engine's actions,
whose card numbers would name cards the side has not seen.

A refusal is :class:`Refusal`: an HTTP status (4xx) and one line saying what was wrong.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tcforge.bounds import SEED

LANGS = ("en", "fr")


class Refusal(Exception):
    """A request the server does not carry out: ``status`` (4xx) and one line. One made by :meth:`said` keeps its word
    table entry, so that the answer is given in the page's language (:meth:`text`)."""

    def __init__(self, status: int, message: str, key: str | None = None, values: dict[str, Any] | None = None):
        super().__init__(message)
        self.status, self.message, self.key, self.values = status, message, key, values or {}

    @classmethod
    def said(cls, status: int, key: str, **values: Any) -> Refusal:
        """A refusal in the word table's words (``web_e_...``): English here, the page's language in :meth:`text`."""
        from tcforge.i18n.words import t
        return cls(status, t(key, "en", **values), key, values)

    def text(self, lang: str) -> str:
        if self.key is None or lang == "en":
            return self.message
        from tcforge.i18n.words import t
        return t(self.key, lang, **self.values)


def _field(body: Any, name: str, kind: type, what: str) -> Any:
    if not isinstance(body, dict):
        raise Refusal(400, "the request body must be a JSON object")
    if name not in body:
        raise Refusal(400, f"'{name}' is missing: give {what}")
    value = body[name]
    if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
        raise Refusal(400, f"'{name}' must be a whole number ({what})")
    if kind is str and not isinstance(value, str):
        raise Refusal(400, f"'{name}' must be text ({what})")
    if kind is str and (len(value) > 4000 or not value.isprintable()):
        raise Refusal(400, f"'{name}' must be printable text of at most 4000 characters")
    return value


def lang_of(value: Any) -> str:
    """A language the page speaks (en unless fr is asked for); anything else is refused."""
    if value in (None, ""):
        return "en"
    if value not in LANGS:
        raise Refusal(400, f"lang {str(value)[:20]!r}: use en or fr")
    return str(value)


@dataclass(frozen=True)
class NewGame:
    """Start a game: a scenario (id), the person's side (id), the computer's player (an agent spec) and a seed."""

    scenario: str
    side: str
    agent: str
    seed: int
    lang: str = "en"

    @classmethod
    def read(cls, body: Any) -> NewGame:
        seed = _field(body, "seed", int, "the game's seed")
        if SEED.problem(seed):
            raise Refusal(400, f"seed {seed}: {SEED.problem(seed)}")
        agent = (body.get("agent") or "best") if isinstance(body, dict) else "best"
        if not isinstance(agent, str):
            raise Refusal(400, "'agent' must be text (an agent spec: best, greedy, plan:64)")
        return cls(_field(body, "scenario", str, "a scenario id"), _field(body, "side", str, "your side's id"),
                   agent.strip(), seed, lang_of(body.get("lang")))


@dataclass(frozen=True)
class Act:
    """A request that changes a game, made at action count ``at``: a decision (``choice``), a step of the computer or
    of chance, or an undo."""

    at: int
    choice: int | None = None

    @classmethod
    def read(cls, body: Any, *, choice: bool = False) -> Act:
        at = _field(body, "at", int, "the action count the page showed")
        return cls(at, _field(body, "choice", int, "the index of a choice offered") if choice else None)


@dataclass(frozen=True)
class OpenLog:
    """A log file to resume or to watch: a path on this computer."""

    log: str

    @classmethod
    def read(cls, body: Any) -> OpenLog:
        return cls(_field(body, "log", str, "the path of a game log"))


@dataclass(frozen=True)
class Choice:
    """One legal action offered, in words: its index, its kind, and the positions it concerns (for the board)."""

    index: int
    kind: str
    text: str
    positions: tuple[int, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"index": self.index, "kind": self.kind, "text": self.text, "positions": list(self.positions)}


@dataclass(frozen=True)
class Decision:
    """What the engine asks the person at action count ``at``: the question and the choices."""

    at: int
    prompt: str
    choices: tuple[Choice, ...] = field(default=())

    def to_json(self) -> dict[str, Any]:
        return {"at": self.at, "prompt": self.prompt, "choices": [c.to_json() for c in self.choices]}
