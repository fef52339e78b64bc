"""The words a scenario sheet needs to set up the table alone (issue 37 item 9), in English and French.

How random terrain is dealt (6.1.1), what each drawing deck holds, how a side's
cards spread over its positions when the stacking limit (6.3) leaves some over,
and the turn track. The figures come from the scenario and its ruleset; what the
sources leave open is said as the project's reading. French with plain spaces
before : ; ! ?, which :func:`w` turns into the no-break spaces of French print.
"""
from __future__ import annotations

from tcforge.i18n.words import typo

WORDS: dict[str, tuple[str, str]] = {
    "either_wins": ("Both sides", "Les deux camps"),
    "and": ("and", "et"),
    "terrain": ("Terrain", "Terrain"),
    "deal": ("Each player takes {n} terrain cards, at most {m} of one type, and {n} other cards as blanks, "
             "shuffles these {d} cards and deals one face up on each of his {p} positions (6.1.1). A blank is turned "
             "face down: clear ground. The terrain dealt stays all game and costs no points.",
             "Chaque joueur réunit {n} cartes de terrain, {m} au plus d'un même type, et {n} autres cartes en guise "
             "de cartes blanches ; il bat ces {d} cartes et en retourne une, face visible, sur chacune de ses {p} "
             "positions (6.1.1). Une carte blanche se pose face cachée : la position est dégagée. Ce terrain ne "
             "coûte aucun point et reste en place jusqu'à la fin."),
    "leftover": ("Project's reading: the {r} cards left over after the deal go back to the box.",
                 "Lecture du projet : les {r} cartes qui restent après la donne retournent dans la boîte."),
    "deck": ("Drawing deck", "Pioche"),
    "deck_side": ("{side}: {n} cards", "{side} : {n} cartes"),
    "deck_none_listed": ("every listed unit starts on the table or in the reserve, none in the deck",
                         "chaque unité de la liste commence sur la table ou dans la réserve, aucune dans la pioche"),
    "deck_extras": ("Each player may add {x}: terrain in any number, at most {k} copies of one special event (14.0). "
                    "The source gives no count. Project's reading: tcforge plays with nothing added; agree a number "
                    "before play if you add cards, the same for both sides.",
                    "Chaque joueur peut y ajouter {x} : du terrain sans limite de nombre, {k} exemplaires au plus "
                    "d'un même événement spécial (14.0). La source ne donne aucun nombre. Lecture du projet : tcforge "
                    "joue sans rien ajouter ; si vous en ajoutez, fixez ensemble un nombre égal pour les deux camps."),
    "deck_extras_nolimit": ("Each player may add {x}; the source gives no count. Project's reading: tcforge plays "
                            "with nothing added.",
                            "Chaque joueur peut y ajouter {x} ; la source ne donne aucun nombre. Lecture du projet : "
                            "tcforge joue sans rien ajouter."),
    "x_terrain": ("terrain", "du terrain"),
    "x_special_events": ("special events", "des événements spéciaux"),
    "x_any": ("any cards", "toutes sortes de cartes"),
    "spread": ("Placing", "Placement"),
    "spread_fits": ("{side}: {c} combat cards on {p} positions, at most {k} a position (6.3).",
                    "{side} : {c} cartes de combat sur {p} positions, {k} au plus par position (6.3)."),
    "spread_over": ("{side}: {c} combat cards, but {p} positions of at most {k} hold {cap} (6.3): "
                    "{over} or more start in the reserve (the hand). Project's reading: the player chooses which, "
                    "and fills his positions as he likes.",
                    "{side} : {c} cartes de combat, mais {p} positions de {k} au plus n'en tiennent que {cap} (6.3) : "
                    "{over} au moins commencent dans la réserve (la main). Lecture du projet : le joueur choisit "
                    "lesquelles et garnit ses positions à son gré."),
    "map_cell": ("1 card dealt", "1 carte donnée"),
    "map_key": ("terrain dealt at random before play: see Terrain below",
                "terrain donné au hasard avant la partie : voir Terrain plus bas"),
    "track": ("Turn track", "Piste des tours"),
    "track_cap": ("Project's reading: the source gives no last turn; the game is drawn when turn {n} is over.",
                  "Lecture du projet : la source ne fixe pas de dernier tour ; la partie est nulle à la fin du tour {n}."),
    "track_limit": ("The game ends after turn {n}.", "La partie s'arrête après le tour {n}."),
    "track_key": ("{g}: turn {n}", "{g} : tour {n}"),
}


def w(key: str, lang: str, **values: object) -> str:
    """The sheet's text ``key`` in ``lang`` (English for any other language), values filled in, French spacing applied."""
    en, fr = WORDS[key]
    return typo((fr if lang == "fr" else en).format(**values), lang)
