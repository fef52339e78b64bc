"""Interface words in English and French (rule text catalogs come with the booklets)."""
from __future__ import annotations

LANGS = ("en", "fr")

LABELS: dict[str, dict[str, str]] = {
    "hit": {"en": "Hit", "fr": "Toucher"},
    "penetration": {"en": "Penetration", "fr": "Pénétration"},
    "armor": {"en": "Armor", "fr": "Blindage"},
    "short_long": {"en": "short / long", "fr": "courte / longue"},
    "front_side": {"en": "front / side", "fr": "face / flanc"},
    "years": {"en": "In service", "fr": "En service"},
    "points": {"en": "Points", "fr": "Points"},
    "speed": {"en": "Speed", "fr": "Vitesse"},
    "kind": {"en": "Kind", "fr": "Genre"},
    "effect": {"en": "Effect", "fr": "Effet"},
    "errata": {"en": "Errata", "fr": "Errata"},
    "rulings": {"en": "Rulings", "fr": "Décisions"},
    "interpretation": {"en": "project's interpretation", "fr": "interprétation du projet"},
    "source": {"en": "Source", "fr": "Source"},
    "tank_melee": {"en": "Tank melee", "fr": "Mêlée antichar"},
    "fast": {"en": "fast", "fr": "rapide"},
    "slow": {"en": "slow", "fr": "lente"},
    "german": {"en": "German", "fr": "allemand"},
    "soviet": {"en": "Soviet", "fr": "soviétique"},
    "any": {"en": "either side", "fr": "les deux camps"},
    "C": {"en": "common", "fr": "commune"},
    "U": {"en": "uncommon", "fr": "peu commune"},
    "R": {"en": "rare", "fr": "rare"},
    "UR": {"en": "ultra-rare", "fr": "ultra-rare"},
    "terrain_effects": {"en": "Terrain effects", "fr": "Effets du terrain"},
    "by_rule": {"en": "by rule 8.1", "fr": "selon la règle 8.1"},
    "fire": {"en": "Fire", "fr": "Tir"},
    "why": {"en": "why", "fr": "pourquoi"},
}


def label(key: str, lang: str = "en") -> str:
    entry = LABELS.get(key)
    if entry is None:
        return key
    return entry.get(lang) or entry["en"]
