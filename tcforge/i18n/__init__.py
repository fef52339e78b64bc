"""Languages: the words every output prints (:mod:`tcforge.i18n.words`), the rule book's catalogs, translation status."""
from __future__ import annotations

LANGS = ("en", "fr")
