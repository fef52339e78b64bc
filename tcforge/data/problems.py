"""A problem found in a data file, reported as ``file:line:col: message``."""
from __future__ import annotations

import unicodedata
from dataclasses import asdict, dataclass


def printable(text: str) -> str:
    """``text`` with every control character escaped (``\\x1b``): data is never echoed raw to a terminal."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() or c == " " else
                   (f"\\x{ord(c):02x}" if ord(c) < 0x100 else f"\\u{ord(c):04x}")
                   if unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp") else c for c in text)


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
        return printable(text)

    def to_json(self) -> dict[str, object]:
        return {k: printable(v) if isinstance(v, str) else v for k, v in asdict(self).items()}


class DataError(Exception):
    """Raised when data cannot be used; carries every problem found."""

    def __init__(self, problems: list[Problem]):
        self.problems = problems
        super().__init__("\n".join(p.render() for p in problems))
