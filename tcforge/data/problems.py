"""A problem found in a data file, reported as ``file:line:col: message``."""
from __future__ import annotations

from dataclasses import asdict, dataclass


@dataclass(frozen=True, order=True)
class Problem:
    file: str
    line: int
    col: int
    message: str
    hint: str = ""
    schema_path: str = ""
    code: str = "schema"

    def render(self) -> str:
        text = f"{self.file}:{self.line}:{self.col}: {self.message}"
        if self.schema_path:
            text += f" [{self.schema_path}]"
        if self.hint:
            text += f" (hint: {self.hint})"
        return text

    def to_json(self) -> dict[str, object]:
        return asdict(self)


class DataError(Exception):
    """Raised when data cannot be used; carries every problem found."""

    def __init__(self, problems: list[Problem]):
        self.problems = problems
        super().__init__("\n".join(p.render() for p in problems))
