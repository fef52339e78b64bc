"""A finding of the scenario checks: code, place, message, rule case and hint.

Codes are documented in :data:`tcforge.scenarios.check.CODES`.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass


@dataclass(frozen=True, order=True)
class Finding:
    file: str
    line: int
    col: int
    code: str
    message: str
    hint: str = ""
    case: str = ""

    def render(self) -> str:
        """``file:line:col: message [code, rule case] (hint: ...)``."""
        tag = self.code + (f", rule {self.case}" if self.case else "")
        text = f"{self.file}:{self.line}:{self.col}: {self.message} [{tag}]"
        if self.hint:
            text += f" (hint: {self.hint})"
        return text

    def to_json(self) -> dict[str, object]:
        return asdict(self)


class ScenarioError(Exception):
    """A scenario that cannot be loaded; carries every finding."""

    def __init__(self, findings: list[Finding]):
        self.findings = findings
        super().__init__("\n".join(f.render() for f in findings))
