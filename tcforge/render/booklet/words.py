"""Words of the rule booklets (cover, contents, markers, table heads, diagram labels), English and French.

The rule text itself comes from data/rules; these are the words around it,
written for this project. French strings get French typography from
:func:`tcforge.render.page.words.typo` when they are looked up.
"""
from __future__ import annotations

import re

from tcforge.render.page.words import typo

APOSTROPHE = re.compile(r"(?<=\w)'(?=\w)")


def curly(text: str) -> str:
    """Typographic apostrophes between letters (d’une, Player’s), as the rule text prints them."""
    return APOSTROPHE.sub("\u2019", text)

B: dict[str, tuple[str, str]] = {
    "game": ("Tank Commander", "Tank Commander"),
    "edition": ("The Eastern Front Edition", "The Eastern Front Edition"),
    "rule_book": ("Rule book", "Livret de règles"),
    "ruleset": ("Ruleset", "Règles"),
    "variant_note": ("This booklet prints the numbers of a variant; the appendix lists what it changes.",
                     "Ce livret donne les valeurs d'une variante ; l'annexe indique ce qu'elle change."),
    "made_with": ("Written in the tcforge project's own words from its data: cards, errata, rulesets, scenarios "
                  "and rule text. Every number and table comes from that data.",
                  "Rédigé avec les mots du projet tcforge à partir de ses données : cartes, errata, règles, "
                  "scénarios et texte des règles. Chaque nombre et chaque table en proviennent."),
    "translation_state": ("{current} of {total} cases translated and current", "{current} cases sur {total} traduites et à jour"),
    "contents": ("Contents", "Sommaire"),
    "notes_chapter": ("Designer's Notes", "Notes du concepteur"),
    "page": ("p.", "p."),
    "stale": ("Translation out of date", "Traduction à mettre à jour"),
    "stale_note": ("The English text of this case changed after this translation was made. The current English text follows.",
                   "Le texte anglais de cette règle a changé depuis cette traduction. Le texte anglais actuel suit."),
    "missing": ("Not translated yet", "Pas encore traduit"),
    "missing_note": ("This case has no translation yet; here is the English text.",
                     "Cette règle n'est pas encore traduite ; voici le texte anglais."),
    "english_now": ("Current English text:", "Texte anglais actuel :"),
    # appendix
    "appendix": ("Appendix", "Annexe"),
    "variant_title": ("What this ruleset changes", "Ce que change cette variante"),
    "variant_intro": ("The ruleset {variant} changes these parameters of the default ruleset {default}. "
                      "The rules of this booklet already print the variant's values.",
                      "La variante {variant} modifie ces paramètres des règles par défaut {default}. "
                      "Les règles de ce livret donnent déjà les valeurs de la variante."),
    "parameter": ("Parameter", "Paramètre"),
    "default": ("Default", "Par défaut"),
    "variant": ("Variant", "Variante"),
    "case": ("Case", "Règle"),
    "reason": ("Why", "Pourquoi"),
    "reason_lang": ("Reasons are given in English, as in the ruleset data.",
                    "Les raisons sont données en anglais, comme dans les données des règles."),
    # values
    "or": ("or", "ou"),
    "and": ("and", "et"),
    "yes": ("yes", "oui"),
    "no": ("no", "non"),
    # tables
    "terrain_caption": ("Terrain effects: {table}", "Effets du terrain : {table}"),
    "to_kill_caption": ("To Kill table", "Table de destruction"),
    "to_kill_diff": ("Penetration − armor", "Pénétration − blindage"),
    "to_kill_roll": ("Kills on a roll of", "Détruit sur un jet de"),
    "to_kill_dud": ("A roll of {n} never kills.", "Un jet de {n} ne détruit jamais."),
    "seq_caption": ("Sequence of play", "Déroulement du tour"),
    "step": ("Step", "Étape"),
    "what": ("What the player does", "Ce que fait le joueur"),
    "cost": ("Supply points", "Points de ravit."),
    "seq_supply": ("Supply", "Ravitaillement"),
    "seq_supply_do": ("Receive {n} Supply points; spend at most {max} in the turn.",
                      "Recevoir {n} points de ravitaillement ; en dépenser {max} au plus dans le tour."),
    "seq_play": ("Play", "Jeu"),
    "seq_play_do": ("Spend the points, one action each, in any order (5.0):",
                    "Dépenser les points, une action chacun, dans n'importe quel ordre (5.0) :"),
    "seq_move": ("a: move up to {n} cards of one position", "a : déplacer jusqu'à {n} cartes d'une position"),
    "seq_fire": ("b: fire with up to {n} cards of one position", "b : faire tirer jusqu'à {n} cartes d'une position"),
    "seq_instant": ("c: play one Instant card", "c : jouer une carte Instantanée"),
    "seq_draw": ("d: draw one card", "d : piocher une carte"),
    "seq_melee": ("Melee", "Mêlée"),
    "seq_melee_do": ("Resolve every melee, one position at a time (10.0).",
                     "Résoudre chaque mêlée, position par position (10.0)."),
    "seq_discard": ("Discard", "Défausse"),
    "seq_discard_do": ("Discard down to {n} cards in hand (6.4).", "Se défausser jusqu'à {n} cartes en main (6.4)."),
    "seq_order": ("The first player takes the four steps, then the second player.",
                  "Le premier joueur accomplit les quatre étapes, puis le second."),
    "cards_caption": ("Card characteristics", "Caractéristiques des cartes"),
    "cards_key": ("Bold with a dagger †: value corrected by an erratum (the printed value is in the errata list that follows). "
                  "Hit and Pen.: short/long range; Armor: front/side; TMV: tank melee value; Spd: F fast, S slow.",
                  "En gras avec une croix † : valeur corrigée par un erratum (la valeur imprimée figure dans la liste des errata qui suit). "
                  "Toucher et Pén. : courte/longue portée ; Blindage : face/flanc ; MAC : mêlée antichar ; Vit. : R rapide, L lente."),
    "col_no": ("#", "n°"),
    "col_name": ("Card", "Carte"),
    "col_class": ("Class", "Classe"),
    "col_rarity": ("R", "R"),
    "col_hit": ("Hit", "Toucher"),
    "col_pen": ("Pen.", "Pén."),
    "col_armor": ("Armor", "Blind."),
    "col_he": ("HE", "HE"),
    "col_sa": ("SA", "SA"),
    "col_ft": ("FT", "FT"),
    "col_tmv": ("TMV", "MAC"),
    "col_years": ("Years", "Années"),
    "col_pts": ("Pts", "Pts"),
    "col_speed": ("Spd", "Vit."),
    "col_kind": ("Played as", "Se joue en"),
    "col_side": ("Side", "Camp"),
    "speed_fast": ("F", "R"),
    "speed_slow": ("S", "L"),
    "group_vehicle_german": ("German vehicles", "Véhicules allemands"),
    "group_vehicle_soviet": ("Soviet vehicles", "Véhicules soviétiques"),
    "group_at_gun": ("Anti-tank guns", "Canons antichars"),
    "group_air_artillery": ("Air and artillery", "Aviation et artillerie"),
    "group_infantry": ("Infantry and cavalry", "Infanterie et cavalerie"),
    "group_equipment": ("Equipment", "Équipement"),
    "group_special": ("Terrain and special events", "Terrain et événements spéciaux"),
    "group_ultra_rare": ("Ultra-rare", "Ultra-rare"),
    "errata_caption": ("Errata: corrections to the printed cards", "Errata : corrections des cartes imprimées"),
    "col_field": ("Value", "Valeur"),
    "col_printed": ("Printed", "Imprimé"),
    "col_corrected": ("Corrected", "Corrigé"),
    "col_source": ("Source", "Source"),
    "faq": ("FAQ {n}", "FAQ {n}"),
    "forces_caption": ("Forces: {scenario}", "Forces : {scenario}"),
    "col_count": ("No.", "Nbre"),
    "col_where": ("Where", "Où"),
    "sets_up": ("Sets up on {p}", "Se déploie sur {p}"),
    "or_reserve": ("or in the reserve", "ou dans la réserve"),
    "builds": ("Builds its force: {what}", "Achète ses forces : {what}"),
    "build_points": ("{n} points", "{n} points"),
    "reinf": ("{title}: {when}, {to}", "{title} : {when}, {to}"),
    "interp_mark": ("*: the project's interpretation where the scenario is silent.",
                    "* : interprétation du projet là où le scénario est muet."),
    "scenario_sheet": ("Scenario sheet: {title}", "Fiche de scénario : {title}"),
    "turns": ("Turns: {n}", "Tours : {n}"),
    "no_turn_limit": ("No turn limit", "Sans limite de tours"),
    # diagrams
    "fig": ("Figure", "Figure"),
    "fig_battlefield": ("The battlefield: {c} positions a rank, {r} ranks a side{nml}.",
                        "Le champ de bataille : {c} positions par rangée, {r} rangées par camp{nml}."),
    "fig_nml": (", {n} ranks of no man's land", ", {n} rangées de no man's land"),
    "player_a": ("Player A", "Joueur A"),
    "player_b": ("Player B", "Joueur B"),
    "reserve_hand": ("{player}: reserve (the hand)", "{player} : réserve (la main)"),
    "rank_n": ("rank {n}", "rangée {n}"),
    "first_rank": ("1st rank", "1re rangée"),
    "second_rank": ("2nd rank", "2e rangée"),
    "nth_rank": ("rank {n}", "rangée {n}"),
    "no_mans_land": ("no man's land", "no man's land"),
    "fig_reserve": ("The reserve is adjacent to each position of the second rank, and to no other.",
                    "La réserve est adjacente à chaque position de la deuxième rangée, et à aucune autre."),
    "adjacent": ("adjacent", "adjacente"),
    "not_adjacent": ("not adjacent", "non adjacente"),
    "fig_movement": ("Example of movement (8.7): one move action.", "Exemple de mouvement (8.7) : une action de mouvement."),
    "truck": ("truck", "camion"),
    "enemy": ("enemy cards", "cartes ennemies"),
    "clear": ("clear", "dégagé"),
    "stops": ("stops: Woods", "s'arrête : Bois"),
    "fig_los": ("Line of sight (9.2, 9.2.1), with the terrain table and rules of this ruleset.",
                "Ligne de vue (9.2, 9.2.1), selon la table des terrains et les règles de cette variante."),
    "los_straight": ("Straight line: the middle position decides", "En ligne droite : la position du milieu décide"),
    "los_edge": ("Along an edge: {rule}", "Le long d'une limite : {rule}"),
    "los_edge_either": ("blocked only if both block", "bloquée seulement si les deux bloquent"),
    "los_edge_both": ("blocked if either blocks", "bloquée si l'une des deux bloque"),
    "los_hills": ("From Hills: sees over adjacent terrain", "Depuis des Collines : vue par-dessus le terrain adjacent"),
    "los_hills_no": ("From Hills: no special view in this ruleset", "Depuis des Collines : pas de vue particulière dans cette variante"),
    "sees": ("sees", "voit"),
    "blocked": ("blocked", "bloquée"),
    "map_caption": ("{title}: the map", "{title} : la carte"),
    "map_key_zone": ("setup zone: {side}", "zone de déploiement : {side}"),
    "map_key_arrive": ("reinforcements arrive", "arrivée des renforts"),
    "map_key_area": ("objective: {name}", "objectif : {name}"),
    "map_random": ("Terrain dealt at random (6.1.1)", "Terrain tiré au hasard (6.1.1)"),
    "map_none": ("No terrain", "Pas de terrain"),
    "map_chosen": ("Terrain placed by {by} (6.1.2)", "Terrain posé par {by} (6.1.2)"),
    "reserve_of": ("{side}: reserve", "{side} : réserve"),
}


def bw(key: str, lang: str = "en", **values: object) -> str:
    """The booklet word ``key`` in ``lang``, values filled in, French typography applied."""
    entry = B.get(key)
    if entry is None:
        raise KeyError(f"no booklet word {key!r}")
    text = entry[1] if lang == "fr" else entry[0]
    if values:
        text = text.format(**values)
    return typo(curly(text), lang)
