"""The few words the Tabletop Simulator export puts on the table (object names), English and French.

Kept here rather than in tcforge/i18n/words.py: they name TTS objects, nothing the print shop prints.
"""
from __future__ import annotations

from tcforge.i18n.words import typo

WORDS: dict[str, tuple[str, str]] = {
    "reserve": ("{side}: reserve (take it into your hand)", "{side} : réserve (à prendre en main)"),
    "draw_deck": ("{side}: drawing deck (shuffle it)", "{side} : pile de tirage (à mélanger)"),
    "free": ("{side}: free cards", "{side} : cartes gratuites"),
    "reinforcements": ("{side}: {group}, {when}", "{side} : {group}, {when}"),
    "terrain_at": ("{card} on {pos}", "{card} en {pos}"),
    "unit_at": ("{card}, {side}, on {pos}", "{card}, {side}, en {pos}"),
    "set_aside": ("Set aside until {when}.", "À mettre de côté jusqu'au {when}."),
    "note": ("{title}: set-up of seed {seed} (tcforge scenario play {id} --seed {seed} starts the same game).",
             "{title} : mise en place de la graine {seed} (tcforge scenario play {id} --seed {seed} joue la même partie)."),
    "deck": ("{title}: command deck (shuffle it)", "{title} : paquet de commandement (à mélanger)"),
    "reference": ("Reference card", "Aide de jeu"),
    "terrain_back": ("Terrain", "Terrain"),
}


def tw(key: str, lang: str, **values: object) -> str:
    """``key`` in ``lang`` with ``values`` filled in and French spacing applied."""
    en, fr = WORDS[key]
    return typo((fr if lang == "fr" else en).format(**values), lang)
