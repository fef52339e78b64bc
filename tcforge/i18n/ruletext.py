"""The rule book's text: numbered cases in English, their French translations, and text hashes.

The case number is the stable key of a piece of rule text in both languages.
A French case records ``translated_from``, the :func:`text_hash` of the English
case it translates; when the English changes, the hashes differ and the
translation is stale.
"""
from __future__ import annotations

import hashlib
import re

_SPACE = re.compile(r"\s+")


def text_hash(title: str, text: str) -> str:
    """Twelve hex digits identifying an English case's title and text (white space does not count)."""
    normal = _SPACE.sub(" ", f"{title}\n{text}").strip()
    return hashlib.sha256(normal.encode("utf-8")).hexdigest()[:12]
