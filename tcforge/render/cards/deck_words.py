"""The words printed on command-deck cards and their reference card, in English and French.

A key with no French text prints the English between the untranslated marks
⟦ ⟧, never silently: :func:`untranslated` lists such keys for the tests and
for ``tcforge i18n``-style checks.
"""
from __future__ import annotations

from tcforge.i18n.words import typo

UNTRANSLATED = "⟦{}⟧"

W: dict[str, tuple[str, str | None]] = {
    "command_deck": ("Command Deck", "Paquet de commandement"),
    "back_hint": ("Shuffle every card but the commanders' Free Action cards.",
                  "Mélangez toutes les cartes sauf les actions libres des commandants."),
    "turn_over": ("Turn Over", "Fin de tour"),
    "all_units": ("Every unit of the side", "Toutes les unités du camp"),
    "commander": ("Commander", "Commandant"),
    "support": ("Support", "Appui"),
    "support:air": ("Air support", "Appui aérien"),
    "support:artillery": ("Artillery support", "Appui d'artillerie"),
    "support:choice": ("Support", "Appui"),
    "held_out": ("Not shuffled: the commander keeps it", "Hors du paquet : le commandant la garde"),
    "card_of": ("card {n} of {total}", "carte {n} sur {total}"),
    "roll": ("Roll 1d6", "Lancez 1d6"),
    "no_roll": ("No roll on this card", "Pas de jet sur cette carte"),
    "intensity_note": ("Then roll the side's support intensity (7.1).", "Lancez ensuite l'intensité de l'appui du camp (7.1)."),
    "bomber": ("bomber", "bombardier"), "fighter": ("fighter", "chasseur"), "artillery": ("artillery", "artillerie"),
    "none": ("no support", "pas d'appui"),
    "see_table": ("see {table}", "voir {table}"),
    # what each impulse type lets the named unit or side do (003, Types of Impulse Cards)
    "do:side_move": ("Each unit of the side may make a Move, or stay or become stationary; a stationary unit may go "
                     "on Overwatch.",
                     "Chaque unité du camp peut faire un mouvement, ou rester ou devenir immobile ; une unité immobile "
                     "peut se mettre en surveillance."),
    "do:side_free_action": ("Each unit of the side takes one Free Action of its choice.",
                            "Chaque unité du camp fait une action libre de son choix."),
    "do:unit_2x_free_action": ("The formation takes two Free Actions.", "La formation fait deux actions libres."),
    "do:unit_half_move_free_action": ("The formation moves half and takes a Free Action, in either order. The half move "
                                      "may be spent to halt.",
                                      "La formation se déplace de moitié et fait une action libre, dans l'ordre voulu. "
                                      "Le demi-mouvement peut servir à s'arrêter."),
    "do:unit_free_action": ("The formation takes one Free Action: fire, move, observe, go on Overwatch or halt.",
                            "La formation fait une action libre : tirer, se déplacer, observer, se mettre en "
                            "surveillance ou s'arrêter."),
    "do:unit_move": ("The formation moves its full distance, or declines and becomes stationary.",
                     "La formation se déplace de toute sa distance, ou y renonce et devient immobile."),
    "do:unit_half_move": ("The formation moves half its distance, or makes a full Move.",
                          "La formation se déplace de la moitié de sa distance, ou fait un mouvement complet."),
    "do:support": ("If an observer can call it, the side's air or artillery support strikes.",
                   "Si un observateur peut la demander, l'aviation ou l'artillerie du camp frappe."),
    "do:turn_over": ("The turn ends. Every card goes back into the deck; shuffle. Commanders take back their cards.",
                     "Le tour prend fin. Toutes les cartes retournent dans le paquet ; mélangez. Les commandants "
                     "reprennent leur carte."),
    "do:commander_free_action": ("Before any card is turned, announce it and lay it by the discards: every unit of "
                                 "your force takes a Free Action. Once a turn.",
                                 "Avant qu'une carte soit retournée, annoncez-la et posez-la près de la défausse : "
                                 "chaque unité de votre force fait une action libre. Une fois par tour."),
    # reference card
    "ref_fire": ("Tank fire (5.0)", "Tir des chars (5.0)"),
    "ref_morale": ("Morale and support (6.0, 7.0)", "Moral et appui (6.0, 7.0)"),
    "hit_how": ("Each shot: 1d10 at most the modified Size hits.", "Chaque tir : 1d10 inférieur ou égal à la Taille modifiée touche."),
    "size_mods": ("Size modifiers", "Modificateurs de Taille"),
    "pen_how": ("Each hit: the gun's d6 (+1 die flank, rear, top) at least the armour penetrates; else test morale.",
                "Chaque coup : les d6 du canon (+1 dé flanc, arrière, dessus) au moins égaux au blindage percent ; sinon test de moral."),
    "armour": ("Armour", "Blindage"),
    "pen_results": ("Penetrating hit, 1d6", "Coup perçant, 1d6"),
    "morale_how": ("2d6 + modifier: {need}+ passes, {ab} or less abandons, else suppressed.",
                   "2d6 + modificateur : {need}+ réussit, {ab} ou moins abandonne, sinon neutralisé."),
    "mod": ("Mod.", "Mod."), "pass": ("Pass", "Réussi"), "suppressed": ("Suppr.", "Neutr."), "abandoned": ("Aband.", "Aband."),
    "intensity": ("Support intensity, 1d6", "Intensité de l'appui, 1d6"),
    "low": ("Low", "Faible"), "medium": ("Medium", "Moyenne"), "all_out": ("All-out", "Totale"),
    "templates": ("templates", "gabarits"),
    "templates_note": ("(n): templates laid at that intensity; Ø: templates on average.",
                       "(n) : gabarits posés à cette intensité ; Ø : gabarits en moyenne."),
    "nation:german": ("German", "Allemand"), "nation:soviet": ("Soviet", "Soviétique"),
    "res:suppressed": ("crew suppressed", "équipage neutralisé"),
    "res:main_gun_disabled": ("main gun out", "canon principal hors service"),
    "res:immobilized": ("immobilised", "immobilisé"),
    "res:burning": ("burning, out", "en feu, hors de combat"),
    "res:massive_explosion": ("blows up, out", "explose, hors de combat"),
    "mod:target_moving": ("target moving", "cible en mouvement"),
    "mod:target_light_concealment": ("light cover", "couvert léger"),
    "mod:shooter_moved": ("firer moved", "tireur a bougé"),
    "mod:target_heavy_concealment": ("heavy cover", "couvert dense"),
    "mod:soviet_shooter_moving": ("Soviet firer moving", "tireur soviétique en mouvement"),
    "mod:target_hull_down": ("hull down", "en défilement"),
    "range": ("range: from the gun", "portée : selon le canon"),
    "chances": ("chances in %", "chances en %"),
}


def dw(key: str, lang: str = "en", **values: object) -> str:
    entry = W.get(key)
    if entry is None:
        return UNTRANSLATED.format(key)
    en, fr = entry
    if lang == "fr":
        text = UNTRANSLATED.format(en) if fr is None else fr
    else:
        text = en
    if values:
        text = text.format(**values)
    return typo(text, lang)


def untranslated() -> list[str]:
    return [k for k, (_, fr) in W.items() if fr is None]
