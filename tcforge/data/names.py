"""Card name matching: one canonical name per card, aliases, and forgiving lookups.

Scenario texts write the same card many ways ("T 34 M41", "T-34 M41",
"57mm PTP obr 43", "Trucks"). Names are compared by a key that ignores case,
spaces and punctuation, and folds accents.
"""
from __future__ import annotations

import re
import unicodedata

_NON_ALNUM = re.compile(r"[^a-z0-9]+")


def name_key(name: str) -> str:
    """The comparison key of a card name: ``name_key("T 34/85") == name_key("T-34/85")``."""
    folded = unicodedata.normalize("NFKD", name.replace("ä", "ae").replace("ö", "oe").replace("ü", "ue"))
    ascii_only = "".join(c for c in folded if not unicodedata.combining(c)).lower()
    return _NON_ALNUM.sub("", ascii_only)


def singular_keys(key: str) -> list[str]:
    """Keys to try when a plural form of a name does not match ("trucks" -> "truck")."""
    out = []
    if key.endswith("s") and len(key) > 3:
        out.append(key[:-1])
    return out
