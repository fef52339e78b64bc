"""Every word tcforge prints around the data, in English and French, in one table, and French typography.

Card names and card texts come from the card data and rule text from
data/rules; these are the labels, headings and instructions around them,
written for this project: on cards, inserts and reference cards, on scenario
sheets and decks, in the rule booklets and in ``tcforge cards show``. A term
has one entry, used by every product. An entry is stored in the form most of
its uses print; :func:`capital` gives the capitalised form where a line or a
heading starts with it.

:func:`t` looks a word up for labels (an unknown key prints as itself);
:func:`bw` is the booklets' strict lookup, with typographic apostrophes;
:func:`raw` gives the stored text for the terminal (``tcforge scenario show``, its ``show_`` entries);
:func:`dw` reads the command decks' ``cd:`` entries.
"""
from __future__ import annotations

import re

NNBSP = "\u202f"   # narrow no-break space: before ; ! ? and inside « »
NBSP = "\u00a0"    # no-break space: before : (French typography)

W: dict[str, tuple[str, str]] = {
    # values on a card
    "hit": ("Hit", "Toucher"),
    "pen": ("Pen.", "Pén."),
    "armor": ("Armor", "Blindage"),
    "short": ("short", "courte"),
    "long": ("long", "longue"),
    "front": ("front", "face"),
    "side": ("side", "flanc"),
    "fire": ("Fire", "Tir"),
    "tank_melee": ("Tank melee", "Mêlée antichar"),
    "speed": ("Speed", "Vitesse"),
    "fast": ("fast", "rapide"),
    "slow": ("slow", "lente"),
    "points": ("Points", "Points"),
    "pts": ("pts", "pts"),
    "years": ("In service", "En service"),
    "kind": ("Played as", "Se joue en"),
    "instant": ("Instant", "Instantanée"),
    "interrupt": ("Interrupt", "Interruption"),
    "terrain": ("Terrain", "Terrain"),
    "c:terrain": ("terrain", "terrain"),
    "c:at_gun": ("AT gun", "canon antichar"),
    "german": ("German", "allemand"),
    "soviet": ("Soviet", "soviétique"),
    "any": ("either side", "les deux camps"),
    "C": ("common", "commune"),
    "U": ("uncommon", "peu commune"),
    "R": ("rare", "rare"),
    "UR": ("ultra-rare", "ultra-rare"),
    "lend_lease": ("Lend-Lease", "Prêt-bail"),
    "carries": ("Carries one infantry squad", "Transporte un peloton d'infanterie"),
    "printed_number": ("printed no.", "imprimée n°"),
    "new_text": ("new card text", "nouveau texte de carte"),
    # card types and classes
    "vehicle": ("Vehicle", "Véhicule"),
    "at_gun": ("AT gun", "Canon antichar"),
    "air_artillery": ("Air and artillery", "Aviation et artillerie"),
    "infantry": ("Infantry", "Infanterie"),
    "equipment": ("Equipment", "Équipement"),
    "special": ("Special", "Spéciale"),
    "ultra_rare": ("Ultra-rare", "Ultra-rare"),
    "tank": ("tank", "char"),
    "tank_destroyer": ("tank destroyer", "chasseur de chars"),
    "half_track": ("half-track", "semi-chenillé"),
    "armored_car": ("armored car", "automitrailleuse"),
    "truck": ("truck", "camion"),
    "flamethrower_tank": ("flamethrower tank", "char lance-flammes"),
    "air_strike": ("air strike", "frappe aérienne"),
    "artillery": ("artillery", "artillerie"),
    "antitank_weapon": ("anti-tank weapon", "arme antichar"),
    "antitank_rifle": ("anti-tank rifle", "fusil antichar"),
    "flamethrower": ("flamethrower", "lance-flammes"),
    "heavy_machine_gun": ("heavy machine gun", "mitrailleuse lourde"),
    "recruit": ("recruits", "recrues"),
    "line": ("line", "ligne"),
    "veteran": ("veterans", "vétérans"),
    "elite": ("elite", "élite"),
    "partisans": ("partisans", "partisans"),
    "militia": ("militia", "milice"),
    "cavalry": ("cavalry", "cavalerie"),
    "event": ("event", "événement"),
    "fire_support": ("fire support", "appui-feu"),
    "obstacle": ("obstacle", "obstacle"),
    "obstacle_counter": ("obstacle clearing", "déminage"),
    "crossing": ("crossing", "franchissement"),
    "fortification": ("fortification", "fortification"),
    "water": ("water", "eau"),
    "smoke": ("smoke", "fumée"),
    "redemption": ("redemption", "à échanger"),
    # changes
    "official-1997-02-10": ("errata 1997", "errata 1997"),
    "six-pack-21": ("Six-Pack 21.0", "Six-Pack 21.0"),
    "f:name": ("name", "nom"),
    "f:hit.short": ("hit short", "toucher courte"),
    "f:hit.long": ("hit long", "toucher longue"),
    "f:penetration.short": ("pen. short", "pén. courte"),
    "f:penetration.long": ("pen. long", "pén. longue"),
    "f:armor.front": ("armor front", "blindage face"),
    "f:armor.side": ("armor side", "blindage flanc"),
    "f:he": ("HE", "HE"),
    "rule_9_4": ("rule 9.4", "règle 9.4"),
    "f:sa": ("SA", "SA"),
    "f:ft": ("FT", "FT"),
    "f:points": ("points", "points"),
    "f:speed": ("speed", "vitesse"),
    "f:kind": ("played as", "se joue en"),
    # insert footers and proxies
    "sleeve_on": ("Sleeve in front of", "À glisser devant"),
    "proxy": ("proxy", "carte de remplacement"),
    "insert": ("insert", "encart"),
    "strip": ("terrain strip", "bande de terrain"),
    "strip_for": ("Left edge of", "Bord gauche de"),
    # terrain
    "at": ("AT", "AT"),
    "he": ("HE", "HE"),
    "sa": ("SA", "SA"),
    "ft": ("FT", "FT"),
    "air": ("Air", "Air"),
    "art": ("Art", "Art"),
    "los": ("LOS", "LdV"),
    "move": ("Move", "Mouv."),
    "blocks": ("Blocks", "Bloque"),
    "clear": ("Clear", "Libre"),
    "slows": ("Slow", "Ralentit"),
    "m:fast": ("Fast", "Rapide"),
    "n/a": ("n/a", "—"),  # "interdit" is too wide for the card-sized table; the notes say what is forbidden
    "no_vehicles": ("No vehicles or AT guns", "interdit aux véhicules et canons antichars"),  # after "Ruisseau : "
    "strip_no_vehicles": ("No vehicles, no AT guns", "Ni véhicules ni canons antichars"),
    "strip_infantry_only": ("Infantry only", "Infanterie seulement"),
    "infantry_only": ("Infantry only, on top of the terrain", "infanterie seulement, en plus du terrain"),  # after "Bunkers : "
    "art_split": ("Art a/o/b: vs armor / vs others / vs infantry in Bunkers",
                  "Art a/o/b : contre blindés / autres / infanterie en Bunker"),
    "air_split": ("Air a/o/b: vs armor / vs others / vs infantry in Bunkers",
                  "Air a/o/b : contre blindés / autres / infanterie en Bunker"),
    "borrowed_row": ("*: this table has no such row or an unreadable value; an interpretation.",
                     "* : absente ou illisible dans cette table ; interprétation."),
    "terrain_into": ("Add to the firer's roll; only fire into the position counts.",
                     "S'ajoute au jet du tireur, pour les tirs vers la position."),
    "terrain_effects": ("Terrain effects", "Effets du terrain"),
    "terrain_col": ("Terrain", "Terrain"),
    # reference cards
    "to_kill_title": ("To Kill", "Destruction"),
    "to_kill_how": ("After an AT hit, take penetration minus armor and roll one d10:",
                    "Après un coup au but antichar : pénétration moins blindage, puis lancez un d10 :"),
    "diff": ("Pen. − armor", "Pén. − blindage"),
    "kill_on": ("Kills on", "Détruit sur"),
    "dud": ("A roll of {n} never kills.", "Un jet de {n} ne détruit jamais."),
    "flank_side": ("Natural to-hit {rolls} ({melee} in melee): flank hit, roll against side armor.",
                   "Jet pour toucher naturel de {rolls} ({melee} en mêlée) : tir de flanc, contre le blindage de flanc."),
    "flank_kill": ("Natural to-hit {rolls} ({melee} in melee): flank hit, the target is destroyed.",
                   "Jet pour toucher naturel de {rolls} ({melee} en mêlée) : tir de flanc, la cible est détruite."),
    "immobilise": ("Natural to-hit {rolls} against a vehicle: immobilized, no To Kill roll.",
                   "Jet pour toucher naturel de {rolls} contre un véhicule : immobilisé, sans jet de destruction."),
    "flank_shot": ("Flank Shot", "Tir de flanc"),  # the card's name, for a card set without it
    "flank_card": ("{card} card, then a natural {rolls}: side armor halved (rounded down, at least {min}).",
                   "Carte {card}, puis {rolls} naturel : blindage de flanc divisé par deux (arrondi à l'inférieur, au moins {min})."),
    "he_notes": ("HE: {he} at long range; every AT gun fires HE {min} or better. SA: {sa}. FT: {ft}.",
                 "Tir explosif : {he} à longue portée, {min} au moins pour un canon antichar. "
                 "Petites armes : {sa}. Lance-flammes : {ft}."),
    "sa_short": ("short range and melee", "courte portée et mêlée"),
    "sa_long": ("any range", "toute portée"),
    "ft_melee": ("melee only", "mêlée seulement"),
    "ft_any": ("as SA", "comme les petites armes"),
    "or": ("or", "ou"),
    "seq_title": ("Sequence of play", "Déroulement du tour"),
    "seq_each": ("Each player in turn, first player first:", "Chaque joueur à son tour, le premier joueur d'abord :"),
    "seq_supply": ("Take {n} Supply points.", "Recevez {n} points de ravitaillement."),
    "seq_play": ("Play: spend them on the options overleaf.", "Phase d'actions : dépensez-les selon les options au verso."),
    "seq_melee": ("Resolve every melee, one position at a time.", "Résolvez chaque mêlée, position par position."),
    "seq_discard": ("Discard down to {n} cards in hand.", "Défaussez jusqu'à garder {n} cartes en main."),
    "seq_interrupts": ("Interrupts may be played in your opponent's Play or melee.",
                       "Les Interruptions se jouent pendant la phase d'actions ou la mêlée de l'adversaire."),
    "seq_initiative": ("Initiative: both roll before the game; the higher roll plays first all game.",
                       "Initiative : chacun lance un dé avant la partie ; celui qui fait le plus haut joue en premier toute la partie."),
    "seq_initiative_fixed": ("Initiative: as the scenario says.", "Initiative : selon le scénario."),
    "seq_victory_instant": ("Victory: hold {n} positions of the enemy rear rank; it is checked at once.",
                            "Victoire : tenir {n} positions de la dernière rangée ennemie ; vérifiée sur-le-champ."),
    "seq_victory_end": ("Victory: hold {n} positions of the enemy rear rank at the end of a turn.",
                        "Victoire : tenir {n} positions de la dernière rangée ennemie à la fin d'un tour."),
    "seq_die": ("Random number: one d10, 0 counts as 10.", "Nombre au hasard : un d10, le 0 vaut 10."),
    "first": ("First player", "Premier joueur"),
    "opt_title": ("Play options", "Options de la phase d'actions"),
    "opt_cost": ("Each option costs Supply points; at most {max} spent a turn.",
                 "Chaque option coûte des points de ravitaillement ; {max} au plus par tour."),
    "opt_move": ("Move up to {n} cards of one position that have not fired (fast {fast}, slow {slow} position).",
                 "Déplacer jusqu'à {n} cartes d'une position qui n'ont pas tiré (rapides : {fast} positions, "
                 "lentes : {slow})."),
    "opt_fire": ("Fire up to {n} cards of one position that have not moved.",
                 "Faire tirer jusqu'à {n} cartes d'une position qui n'ont pas bougé."),
    "opt_instant": ("Play one Instant card.", "Jouer une carte Instantanée."),
    "opt_draw": ("Draw one card; it may be played this turn.", "Piocher une carte, jouable dès ce tour."),
    "opt_end": ("End the Play: unspent points are lost.", "Fin de la phase d'actions : les points non dépensés sont perdus."),
    "opt_stack": ("A position holds {combat} combat cards and {trucks} trucks of each player.",
                  "Une position reçoit {combat} cartes de combat et {trucks} camions de chaque joueur."),
    "opt_hand": ("Hand: {start} cards to start, {limit} at most after discarding.",
                 "Main : {start} cartes au départ, {limit} au plus après la défausse."),
    "ref_back": ("Reference card: sleeve back to back with its pair.", "Aide de jeu : à mettre dos à dos avec sa paire."),
    "ref_back_duplex": ("Reference card: printed double-sided, its pair on the back.",
                        "Aide de jeu : imprimée recto verso, sa paire au dos."),
    # reference card of source 001's hidden units (printed when the ruleset turns them on)
    "spot_title": ("Hidden units and spotting", "Unités cachées et repérage"),
    "spot_intro": ("Cards on the battlefield lie face down until an enemy card spots them.",
                   "Les cartes sur le champ de bataille restent face cachée tant qu'aucune carte ennemie ne les repère."),
    "spot_check": ("End of each player's turn: turn up every hidden card an enemy can spot; turn down every "
                   "face-up card no enemy card can see.",
                   "À la fin du tour de chaque joueur : retournez face visible chaque carte cachée qu'un ennemi peut "
                   "repérer, et face cachée chaque carte visible qu'aucune carte ennemie ne voit."),
    "spot_sight": ("Sight: up to {n} zones in a straight line or diagonal, as for long-range AT fire; a terrain card "
                   "that blocks sight between stops it.",
                   "Vue : jusqu'à {n} zones en ligne droite ou en diagonale, comme le tir antichar à longue portée ; une carte "
                   "de terrain qui bloque la vue entre les deux l'arrête."),
    "spot_cover": ("In cover (any terrain card, Stream, Swamp, or its own Foxholes or Bunkers): vehicles and guns are "
                   "spotted from the next zone only; infantry and cavalry only by entering their zone.",
                   "À couvert (toute carte de terrain, Ruisseau, Marais, ou ses propres Trous d'homme ou Bunkers) : "
                   "véhicules et canons ne sont repérés que depuis la zone voisine ; l'infanterie et la cavalerie, "
                   "seulement en entrant dans leur zone."),
    "spot_attack": ("A card that fires is turned up; it stays up while an enemy card sees its zone.",
                    "Une carte qui tire est retournée face visible ; elle le reste tant qu'une carte ennemie voit sa zone."),
    "spot_moving": ("Moving cards are turned up in each zone an enemy could spot them in, and down again in a zone "
                    "no enemy sees; they spot nothing before the turn ends.",
                    "Une carte en mouvement est retournée dans chaque zone où un ennemi pourrait la repérer, et cachée "
                    "de nouveau dans une zone qu'aucun ennemi ne voit ; elle ne repère rien avant la fin du tour."),
    "spot_melee": ("Cards in a melee spot nothing new but keep sight of cards already face up.",
                   "Les cartes en mêlée ne repèrent rien de nouveau mais gardent le contact avec les cartes déjà visibles."),
    "hidden_back": ("Face-down card", "Carte face cachée"),
    "hidden_back_side": ("{title} · {side} · turn face up only when spotted",
                         "{title} · {side} · à retourner seulement une fois repérée"),
    "hide_title": ("Hidden units: fire and cards", "Unités cachées : tir et cartes"),
    "hide_fire": ("Direct fire needs a face-up target.", "Le tir direct exige une cible face visible."),
    "hide_indirect": ("Artillery, air attacks and mines may strike face-down cards: the cards they attack are shown, "
                      "then turned down again unless an enemy card sees them.",
                      "Artillerie, aviation et mines peuvent frapper des cartes cachées : les cartes attaquées sont "
                      "montrées, puis cachées de nouveau si aucune carte ennemie ne les voit."),
    "hide_recon": ("Recon may turn up every hidden card of one zone: for good if one of your cards sees the zone, "
                   "else for a look only.",
                   "La Reconnaissance peut révéler toutes les cartes cachées d'une zone : pour de bon si l'une de vos "
                   "cartes voit la zone, sinon le temps d'un coup d'œil."),
    "hide_wire": ("Wire and Sniper may be played on a face-down card, which stays hidden; its owner says whether the "
                  "card works. A Sniper reveals it only by killing it.",
                  "Barbelés et Tireur embusqué peuvent viser une carte cachée, qui le reste ; son propriétaire annonce "
                  "si la carte a un effet. Le Tireur embusqué ne la révèle qu'en l'éliminant."),
    "hide_named": ("Tank Buster, Mine Dogs and Breakdown need a face-up target (an interpretation).",
                   "Tueur de chars, Chiens antichars et Panne exigent une cible visible (interprétation)."),
    "hide_reserve": ("No sight to or from either reserve.", "Aucune vue vers les réserves ni depuis elles."),
    "hide_shuffle": ("You may shuffle your face-down cards within a zone at any time; attached cards stay with their unit.",
                     "Vous pouvez mélanger à tout moment vos cartes cachées d'une même zone ; les cartes attachées "
                     "restent avec leur unité."),
    # checklist and calibration
    "checklist_title": ("Sleeve inserts: checklist", "Encarts de pochette : liste de contrôle"),
    "actual_size": ("Print at actual size (100 %, no scaling, no \u201cfit to page\u201d). The bar below must measure exactly 100 mm.",
                    "Imprimez à taille réelle (100 %, sans mise à l'échelle ni « ajuster à la page »). "
                    "La barre ci-dessous doit mesurer exactement 100 mm."),
    "how_sleeve": ("Cut on the crop marks. Slide each insert into a clear sleeve in front of the card named here; "
                   "slide each terrain strip along the left edge of its terrain card.",
                   "Découpez selon les traits de coupe. Glissez chaque encart dans une pochette transparente "
                   "devant la carte indiquée ici ; "
                   "glissez chaque bande de terrain le long du bord gauche de sa carte de terrain."),
    "col_insert": ("Insert", "Encart"),
    "col_qty": ("Qty", "Qté"),
    "col_with": ("Sleeve with", "À glisser avec"),
    "col_page": ("Page", "Page"),
    "why": ("why", "pourquoi"),
    "why_new": ("new Six-Pack card", "nouvelle carte Six-Pack"),
    "why_changed": ("Six-Pack changes the card", "carte modifiée par le Six-Pack"),
    "why_errata": ("official errata 1997", "errata officiels 1997"),
    "why_strip": ("terrain values of the ruleset", "valeurs de terrain de cette version des règles"),
    "total": ("Total", "Total"),
    "ruleset": ("Ruleset", "Version"),
    "made_with": ("Made with tcforge", "Réalisé avec tcforge"),
    # PDF titles (the document properties a reader's window shows)
    "pdf_inserts": ("TC:TEFE sleeve inserts ({ruleset})", "TC:TEFE : encarts de pochette ({ruleset})"),
    "pdf_refcards": ("TC:TEFE reference cards ({ruleset})", "TC:TEFE : aides de jeu ({ruleset})"),
    "pdf_proxies": ("TC:TEFE proxies ({n} cards)", "TC:TEFE : cartes de remplacement ({n} cartes)"),
    "pdf_scenario": ("{title} - TC:TEFE scenario", "{title} — scénario de TC:TEFE"),
    "pdf_deck": ("TC:TEFE scenario deck: {title} ({n} cards)", "TC:TEFE : paquet du scénario {title} ({n} cartes)"),
    "cal_title": ("Double-sided calibration", "Calibrage recto verso"),
    "cal_front": ("FRONT", "RECTO"),
    "cal_back": ("BACK", "VERSO"),
    "cal_steps": (
        "1. Print both pages on one sheet, double-sided, flip on the long edge, at actual size (100 %).|"
        "2. Check the 100 mm bar: if it is not 100 mm, scaling is on; switch it off and print again.|"
        "3. Hold the sheet against a light with the BACK facing you. Read where the front's center lines cross the two scales.|"
        "4. Save the readings: tcforge print calibration --paper {paper} --back-offset X,Y (mm). Back pages then move by that much.|"
        "5. Print this page again: with the right offset the front's lines fall on 0 and the frames coincide.",
        "1. Imprimez les deux pages sur une feuille, en recto verso, retournement bord long, à taille réelle (100 %).|"
        "2. Vérifiez la barre de 100 mm : si elle ne mesure pas 100 mm, une mise à l'échelle est active ; désactivez-la et recommencez.|"
        "3. Tenez la feuille devant une lumière, VERSO face à vous. Lisez où les lignes centrales du recto croisent les deux échelles.|"
        "4. Enregistrez les lectures : tcforge print calibration --paper {paper} --back-offset X,Y (mm). "
        "Les versos seront décalés d'autant.|"
        "5. Réimprimez cette page : avec le bon décalage, les lignes du recto tombent sur 0 et les cadres coïncident."),
    "cal_offset": ("Saved back offset: X {x:+.1f} mm, Y {y:+.1f} mm (applied to this back page).",
                   "Décalage de verso enregistré : X {x:+.1f} mm, Y {y:+.1f} mm (appliqué à ce verso)."),
    "cal_read_x": ("X (mm): read here", "X (mm) : lire ici"),
    "cal_read_y": ("Y (mm)", "Y (mm)"),
    "cal_back_note": ("Seen from the back: right and up are positive.", "Vu du verso : positif vers la droite et vers le haut."),
    # scenario decks
    "deck_title": ("Scenario deck: {s}", "Paquet du scénario : {s}"),
    "deck_how": ("Cut on the crop marks. Each side's cards begin on a new sheet, and the line at the foot of every card "
                 "names the scenario, the side and the group the card belongs to: keep each reinforcement group apart "
                 "until it arrives. The cards show their effective values, errata applied.",
                 "Découpez selon les traits de coupe. Les cartes de chaque camp commencent sur une nouvelle feuille, et la "
                 "ligne au pied de chaque carte indique le scénario, le camp et le groupe auxquels elle appartient : "
                 "gardez chaque groupe de renfort à part jusqu'à son arrivée. Les cartes portent leurs valeurs en "
                 "vigueur, errata compris."),
    "deck_info": ("{what} · {paper} · {size} · {code}", "{what} · {paper} · {size} · {code}"),
    "col_card": ("Card", "Carte"),
    "col_group": ("Group", "Groupe"),
    "col_where": ("Where", "Où"),
    "footer_group": ("{title} · {side}: {group}", "{title} · {side} : {group}"),
    # scenario sheets
    "sc_kind": ("Scenario", "Scénario"),
    "sc_source": ("source {doc}, §{section}", "source {doc}, §{section}"),
    "sc_design": ("designed by {author}", "conçu par {author}"),
    "sc_design_date": ("designed by {author}, {date}", "conçu par {author}, {date}"),
    "no_source": ("no source document named", "aucun document source indiqué"),
    "sc_credit": ("Credits: {text}", "Remerciements : {text}"),
    "sc_turns_n": ("{n} turns", "{n} tours"),
    "no_turn_limit": ("no turn limit", "sans limite de tours"),
    "sc_turns_cap": ("{n} turns at most (then a draw)", "{n} tours au plus (puis match nul)"),
    "sc_year": ("cards in service in {y}", "cartes en service en {y}"),
    "sc_year_chosen": ("cards in service in a year the players choose", "cartes en service l'année choisie par les joueurs"),
    "sc_balance_applied": ("Balance option in play: {o}", "Option d'équilibrage en jeu : {o}"),
    "sc_battlefield": ("Battlefield", "Champ de bataille"),
    "sc_grid": ("{c} columns, {r} ranks a side", "{c} colonnes, {r} rangées par camp"),
    "sc_t_fixed": ("terrain printed on the map", "terrain imposé par le plan"),
    "sc_t_none": ("no terrain: every position is Clear", "pas de terrain : toutes les positions sont dégagées"),
    "sc_t_random": ("terrain dealt at random before play (6.1.1): {n} cards a side, at most {m} of a type",
                    "terrain distribué au hasard avant la partie (6.1.1) : {n} cartes par camp, {m} au plus d'un même type"),
    "sc_t_discretionary": ("terrain laid out by {by} before play, on {where} (6.1.2)",
                           "terrain disposé avant la partie par {by}, sur {where} (6.1.2)"),
    "sc_t_alternate": ("one card at a time, in turn", "une carte à la fois, à tour de rôle"),
    "sc_where_own": ("his own positions", "ses propres positions"),
    "sc_where_any": ("any position", "n'importe quelle position"),
    "sc_unknown_cell": ("?", "?"),
    "reserve_of": ("{side}: reserve", "{side} : réserve"),
    "map_key_zone": ("setup zone: {side}", "zone de déploiement : {side}"),
    "map_key_zone_reserve": ("setup zone: {side} (or the reserve)", "zone de déploiement : {side} (ou la réserve)"),
    "sc_random_legend": ("terrain placed before play", "terrain posé avant la partie"),
    "sc_front_legend": ("front line between the halves", "ligne de front entre les deux moitiés"),
    "clear_position": ("clear", "dégagé"),
    "sc_victory": ("Victory", "Victoire"),
    "sc_wins": ("{side} wins", "{side} gagne"),
    "sc_otherwise": ("Otherwise {side} wins.", "Sinon, {side} l'emporte."),
    "sc_v_control_rank": ("Control {n} positions of the enemy's rank {r} at the same time.",
                          "Contrôler en même temps {n} positions de la rangée {r} ennemie."),
    "sc_v_control_rank_one": ("Control a position of the enemy's rank {r}.",
                              "Contrôler une position de la rangée {r} ennemie."),
    "sc_v_control_positions": ("Control {n} of these {m} positions at the same time: {p}.",
                               "Contrôler en même temps {n} de ces {m} positions : {p}."),
    "sc_v_hold_positions": ("Hold {p} at the end of turn {t}.", "Tenir {p} à la fin du tour {t}."),
    "sc_v_eliminate_all": ("The enemy has no card left on the table.", "L'ennemi n'a plus aucune carte sur la table."),
    "sc_v_eliminate_all_play": ("The enemy has no card left in play.", "L'ennemi n'a plus aucune carte en jeu."),
    "sc_v_countdown": ("{t} complete game turns pass after “{g}” arrives.",
                       "{t} tours complets se sont écoulés depuis l'arrivée de « {g} »."),
    "sc_setup_play": ("Setting up and playing", "Mise en place et jeu"),
    "sc_sides": ("Sides", "Camps"),
    "sc_assign_players_choose": ("The players choose their sides.", "Les joueurs choisissent leur camp."),
    "sc_assign_roll_roles_attacker_picks_nation": ("A die roll decides who attacks; the attacker then picks German or Soviet.",
                                                   "Un jet de dé désigne l'attaquant, qui choisit ensuite Allemand ou Soviétique."),
    "sc_init_fixed": ("{side} plays first.", "{side} joue en premier."),
    "sc_init_and_setup": ("{side} plays first and sets up first.", "{side} joue et se déploie en premier."),
    "sc_init_roll": ("Each player rolls a die; the {w} roll plays first.",
                     "Chaque joueur lance un dé ; celui qui obtient le résultat le plus {w} joue en premier."),
    "sc_high": ("higher", "haut"),
    "sc_low": ("lower", "bas"),
    "sc_modifier": ("{side} adds {m}", "{side} : {m}"),
    "sc_setup_first": ("{side} sets up first.", "{side} se déploie en premier."),
    "sc_first_player": ("The first player", "le premier joueur"),
    "sc_second_player": ("The second player", "le second joueur"),
    "sc_cards": ("Cards", "Cartes"),
    "sc_draw_deck": ("Each side draws from its own deck.", "Chaque camp pioche dans sa propre pile de tirage."),
    "sc_no_draw_deck": ("No drawing deck: every card is listed below.", "Pas de pile de tirage : toutes "
                        "les cartes sont indiquées ci-dessous."),
    "sc_no_draw_deck_built": ("No drawing deck: each player plays only the cards he builds.",
                              "Pas de pile de tirage : chaque joueur ne joue que les cartes qu'il achète."),
    "and": ("and", "et"),
    "sc_extras": ("The deck may add: {x}.", "On peut aussi ajouter à la pile de tirage {x}."),
    "sc_x_any": ("any cards", "toutes sortes de cartes"),
    "sc_x_terrain": ("terrain", "des cartes de terrain"),
    "sc_x_special_events": ("special events", "des événements spéciaux"),
    "sc_limit": ("At most {n} identical special events.", "Au plus {n} événements spéciaux identiques."),
    "sc_no_limit": ("No limit on identical special events.", "Pas de limite aux événements spéciaux identiques."),
    "sc_turns": ("Turns", "Tours"),
    "sc_ends": ("Ends", "Fin"),
    "sc_turns_value": ("{n}: the game ends after turn {n}.", "{n} : la partie s'arrête après le tour {n}."),
    "sc_turns_none": ("No limit.", "Sans limite."),
    "sc_changes": ("Rule changes", "Règles modifiées"),
    "sc_param_was": ("{value} (ruleset: {was}; {case})", "{value} (règles de base : {was} ; {case})"),
    "p:melee.tank_melee_modifiers": ("Infantry in tank melee, by troop quality", "Infanterie en mêlée contre les chars, selon la qualité"),
    "p:victory.check": ("Victory is checked", "Vérification de la victoire"),
    "pv:given_turn": ("only on the turn the conditions name", "seulement au tour fixé par les conditions"),
    "pv:instant": ("at once", "sur-le-champ"),
    "pv:end_of_turn": ("at the end of each turn", "à la fin de chaque tour"),
    "sc_forces": ("Forces", "Forces"),
    "sc_sets_up": ("Sets up on {p}.", "Se déploie sur {p}."),
    "sc_sets_up_reserve": ("Sets up on {p}, or in the reserve.", "Se déploie sur {p}, ou dans la réserve."),
    "sc_builds": ("Builds {x}.", "Achète {x}."),
    "sc_b_points": ("{n} points of cards", "pour {n} points de cartes"),
    "sc_b_max_cards": ("at most {n} cards", "au plus {n} cartes"),
    "sc_b_types": ("only {x}", "seulement {x}"),
    "sc_b_at_fire": ("AT-capable cards only", "seulement des cartes capables de tir antichar"),
    "sc_b_no_terrain": ("no terrain", "sans terrain"),
    "sc_b_vehicle": ("vehicles", "véhicules"),
    "sc_b_at_gun": ("AT guns", "canons antichars"),
    "sc_b_infantry": ("infantry", "infanterie"),
    "sc_b_equipment": ("equipment", "équipement"),
    "sc_b_air_artillery": ("air and artillery", "aviation et artillerie"),
    "sc_b_special": ("special cards", "cartes spéciales"),
    "sc_start": ("Starting forces", "Forces de départ"),
    "sc_start_short": ("start", "départ"),
    "sc_free": ("Free cards", "Cartes gratuites"),
    "sc_free_short": ("free card", "carte gratuite"),
    "sc_deck": ("Drawing deck", "Pile de tirage"),
    "sc_deck_short": ("drawing deck", "pile de tirage"),
    "sc_reinf_n": ("Reinforcements {n}", "Renforts {n}"),
    "sc_reinf_short": ("reinf. {n}, {when}", "renf. {n}, {when}"),
    "sc_turn": ("turn {n}", "tour {n}"),
    "sc_when_played": ("when {c} is played", "quand la carte {c} est jouée"),
    "sc_arrives": ("Arrives {when}, {to}.", "Arrive {when}, {to}."),
    "sc_arrives_turn": ("on turn {n}", "au tour {n}"),
    "sc_to_reserve": ("into the reserve", "dans la réserve"),
    "sc_to_positions": ("on {p}", "sur {p}"),
    "sc_n_cards": ("{n} cards", "{n} cartes"),
    "sc_in_zone": ("setup zone", "zone de déploiement"),
    "sc_at_arrival": ("arrival positions", "positions d'arrivée"),
    "sc_in_reserve": ("reserve", "réserve"),
    "sc_each": ("{n} on each of {p}", "{n} sur chacune de {p}"),
    "sc_on": ("on {p}", "sur {p}"),
    "sc_attached": ("carried by {c}", "sur un {c}"),
    "sc_loaded": ("aboard {c}", "à bord d'un {c}"),
    "sc_loaded_n": ("aboard {n} {c} together", "à bord de {n} {c} ensemble"),
    "sc_towed": ("towed by {c}", "attelé à un {c}"),
    "sc_free_where": ("free", "gratuite"),
    "sc_deck_where": ("in the deck", "dans la pile de tirage"),
    "sc_special_rules": ("Special rules", "Règles spéciales"),
    "sc_balance": ("Balance options", "Options d'équilibrage"),
    "sc_favours": ("favors {side}", "favorise {side}"),
    "sc_in_play": ("in play", "en jeu"),
    "sc_notes": ("Notes", "Notes"),
    "sc_read_mark": ("*: an interpretation: the sources leave this point open, and it is played as written here.",
                     "* : interprétation : les sources laissent ce point ouvert ; on le joue comme il est écrit ici."),
    "sc_option_n": ("Option {n}", "Option {n}"),
    "sc_page": ("page {n} of {m}", "page {n} sur {m}"),
    "role_attacker": ("Attacker", "Attaquant"),
    "role_defender": ("Defender", "Défenseur"),
    "role_meeting": ("meeting engagement", "engagement de rencontre"),
    "role_attacker_l": ("attacker", "attaquant"),
    "role_defender_l": ("defender", "défenseur"),
    "nation_chosen": ("nation of his choice", "nation au choix"),
    "month_1": ("January", "janvier"), "month_2": ("February", "février"), "month_3": ("March", "mars"),
    "month_4": ("April", "avril"), "month_5": ("May", "mai"), "month_6": ("June", "juin"),
    "month_7": ("July", "juillet"), "month_8": ("August", "août"), "month_9": ("September", "septembre"),
    "month_10": ("October", "octobre"), "month_11": ("November", "novembre"), "month_12": ("December", "décembre"),
    # rule booklets: cover, contents, markers
    "game": ("Tank Commander", "Tank Commander"),
    "edition": ("The Eastern Front Edition", "The Eastern Front Edition"),
    "rule_book": ("Rule book", "Livret de règles"),
    "variant_note": ("This booklet prints the numbers of a variant; the appendix lists what it changes.",
                     "Ce livret donne les valeurs d'une variante ; l'annexe indique ce qu'elle change."),
    "colophon": ("Written in the tcforge project's own words from its data: cards, errata, rulesets, scenarios "
                  "and rule text. Every number and table comes from that data.",
                  "Le projet tcforge a écrit ce livret lui-même, d'après ses données : cartes, errata, versions "
                  "des règles, scénarios et texte des règles. Tous les nombres et toutes les tables sortent de ces données."),
    "translation_state": ("{current} of {total} cases translated and current", "{current} articles traduits et à jour sur {total}"),
    "translation_state_all": ("All {total} cases translated and current", "Les {total} articles sont traduits et à jour"),
    "contents": ("Contents", "Sommaire"),
    "contents_sources": ("Not reprinted: the 1997 Six-Pack article (source section 22), whose changes are folded into "
                         "these rules and whose kill odds the To Kill table (9.3) gives, and the authors' comments "
                         "(section 23), retold in the designer's notes (99.10, 99.11).",
                         "Ne sont pas reproduits : l'article Six-Pack de 1997 (section 22 des sources), dont les "
                         "changements sont intégrés à ces règles et dont la table de destruction (9.3) donne les "
                         "chances, et les commentaires des auteurs (section 23), repris dans les notes du concepteur "
                         "(99.10, 99.11)."),
    # the booklet's index and credits (issue 16 item 14)
    "index": ("Index", "Index"),
    "index_intro": ("The rules by case title and by term, with their case numbers and the page of the first; "
                    "the cards by name, with the page of their table.",
                    "Les règles par titre d'article et par notion, avec les numéros des articles et la page du "
                    "premier ; les cartes par nom, avec la page de leur table."),
    "quickref": ("Quick reference", "Aide de jeu"),
    "index_rules": ("Rules", "Règles"),
    "index_cards": ("Cards", "Cartes"),
    "credits": ("Credits", "Crédits"),
    "credits_game": ("The card game Tank Commander: The Eastern Front Edition was designed by John Desch and Ulrich "
                     "Blennemann and published by Moments in History (Critical Hit, Inc.).",
                     "Le jeu de cartes Tank Commander: The Eastern Front Edition a été conçu par John Desch et Ulrich "
                     "Blennemann, et publié par Moments in History (Critical Hit, Inc.)."),
    "credits_six_pack": ("The Six-Pack variant is by Gary Chappell and Ryan Chappell: their article came out in The "
                         "Canadian Wargamers Journal, issue 46, in 1997, and Gary Chappell gathered the unified rules "
                         "this booklet follows (third revision, 2002).",
                         "La variante Six-Pack est de Gary Chappell et Ryan Chappell : leur article a paru dans The "
                         "Canadian Wargamers Journal, numéro 46, en 1997, et Gary Chappell a réuni les règles unifiées "
                         "que suit ce livret (troisième révision, 2002)."),
    "credits_hill": ("Hill 621 is Gary Chappell's scenario, printed in The Canadian Wargamers Journal, issue 47; it is "
                     "freely adapted from the Advanced Squad Leader scenario of that name by The Avalon Hill Game "
                     "Company.",
                     "Colline 621 est un scénario de Gary Chappell, paru dans The Canadian Wargamers Journal, numéro 47 ; "
                     "il adapte librement le scénario d'Advanced Squad Leader du même nom, de The Avalon Hill Game "
                     "Company."),
    "credits_project": ("The game, its cards, the variant and the scenario belong to their authors and publishers. The "
                        "wording, translation, tables and diagrams of this booklet are the tcforge project's, written "
                        "from the facts of those sources.",
                        "Le jeu, ses cartes, la variante et le scénario appartiennent à leurs auteurs et éditeurs. La "
                        "rédaction, la traduction, les tables et les schémas de ce livret sont ceux du projet tcforge, "
                        "écrits à partir des faits de ces sources."),
    "notes_chapter": ("Designer's Notes", "Notes du concepteur"),
    "page": ("p.", "p."),
    "stale": ("Translation out of date", "Traduction à mettre à jour"),
    "stale_note": ("The English text of this case changed after this translation was made. The current English text follows.",
                   "Le texte anglais de cette règle a changé depuis cette traduction. Le texte anglais actuel suit."),
    "missing": ("Not translated yet", "Pas encore traduit"),
    "missing_note": ("This case has no translation yet; here is the English text.",
                     "Cette règle n'est pas encore traduite ; voici le texte anglais."),
    "english_now": ("Current English text:", "Texte anglais actuel :"),
    "title_only": ("Text not translated yet", "Texte pas encore traduit"),
    "title_only_note": ("Only the title of this case is translated; its text is in English.",
                        "Seul le titre de cette règle est traduit ; son texte est en anglais."),
    "cover_words_note": ("The words of this cover have no {language} translation yet and are printed in English.",
                         "Les mots de cette couverture n'ont pas encore de traduction ({language}) et sont en anglais."),
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
    "reason_lang": ("Reasons are given in English, as in the ruleset data.",
                    "Les raisons sont données en anglais, comme dans les données des règles."),
    # values
    "yes": ("yes", "oui"),
    "no": ("no", "non"),
    # tables
    "terrain_caption": ("Terrain effects: {table}", "Effets du terrain : {table}"),
    "to_kill_caption": ("To Kill table", "Table de destruction"),
    "to_kill_diff": ("Penetration − armor", "Pénétration − blindage"),
    "to_kill_roll": ("Kills on a roll of", "Détruit sur un jet de"),
    "step": ("Step", "Étape"),
    "what": ("What the player does", "Ce que fait le joueur"),
    "cost": ("Supply points", "Points de ravit."),
    "step_supply": ("Supply", "Ravitaillement"),
    "step_supply_do": ("Receive {n} Supply points; spend at most {max} in the turn.",
                      "Recevoir {n} points de ravitaillement ; en dépenser {max} au plus dans le tour."),
    "step_play": ("Play", "Phase d'actions"),
    "step_play_do": ("Spend the points, one action each, in any order (5.0):",
                    "Dépenser les points, une action chacun, dans n'importe quel ordre (5.0) :"),
    "step_move": ("a: move up to {n} cards of one position", "a : déplacer jusqu'à {n} cartes d'une position"),
    "step_fire": ("b: fire with up to {n} cards of one position", "b : faire tirer jusqu'à {n} cartes d'une position"),
    "step_instant": ("c: play one Instant card", "c : jouer une carte Instantanée"),
    "step_draw": ("d: draw one card", "d : piocher une carte"),
    "step_melee": ("Melee", "Mêlée"),
    "step_melee_do": ("Resolve every melee, one position at a time (10.0).",
                     "Résoudre chaque mêlée, position par position (10.0)."),
    "step_discard": ("Discard", "Défausse"),
    "step_discard_do": ("Discard down to {n} cards in hand (6.4).", "Se défausser jusqu'à {n} cartes en main (6.4)."),
    "step_order": ("The first player takes the four steps, then the second player.",
                  "Le premier joueur accomplit les quatre étapes, puis le second."),
    "cards_caption": ("Card characteristics", "Caractéristiques des cartes"),
    "cards_key": ("Bold with a dagger †: value corrected by an erratum (the printed value is in the errata list that follows). "
                  "Hit and Pen.: short/long range; Armor: front/side; TMV: tank melee value; Spd: F fast, S slow.",
                  "En gras avec une croix † : valeur corrigée par un erratum "
                  "(la valeur imprimée figure dans la liste des errata qui suit). "
                  "Toucher et Pén. : courte/longue portée ; Blindage : face/flanc ; HE : valeur explosive ; SA : petites armes ; "
                  "FT : lance-flammes ; MAC : mêlée antichar ; Vit. : rapide (rap.) ou lente."),
    "col_no": ("#", "n°"),
    "col_class": ("Class", "Classe"),
    "col_rarity": ("R", "R"),
    "col_armor": ("Armor", "Blind."),
    "col_tmv": ("TMV", "MAC"),
    "col_years": ("Years", "Années"),
    "col_pts": ("Pts", "Pts"),
    "col_speed": ("Spd", "Vit."),
    "col_side": ("Side", "Camp"),
    "speed_fast": ("F", "rap."),  # not "R": the rarity column already prints R for rare
    "speed_slow": ("S", "lente"),
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
    "faq": ("FAQ {n}", "FAQ {n}"),
    "forces_caption": ("Forces: {scenario}", "Forces : {scenario}"),
    "col_count": ("No.", "Nbre"),
    "sets_up": ("Sets up on {p}", "Se déploie sur {p}"),
    "or_reserve": ("or in the reserve", "ou dans la réserve"),
    "builds": ("Builds its force: {what}", "Achète ses forces : {what}"),
    "build_points": ("{n} points", "{n} points"),
    "reinf": ("{title}: {when}, {to}", "{title} : {when}, {to}"),
    "interp_mark": ("*: an interpretation where the scenario is silent.",
                    "* : interprétation, là où le scénario est muet."),
    "rule_9_4_mark": ("Bold with an asterisk *: the value played with, set by rule 9.4 (an AT gun fires HE {n} at least; "
                      "the card prints less).",
                      "En gras avec un astérisque * : la valeur jouée, fixée par la règle 9.4 (un canon antichar tire "
                      "en explosif à {n} au moins ; la carte imprime moins)."),
    "kind_read_mark": ("*: an interpretation: the card prints “?” for how it is played.",
                       "* : interprétation : la carte imprime « ? » pour la façon de la jouer."),
    "scenario_sheet": ("Scenario sheet: {title}", "Fiche de scénario : {title}"),
    "turns": ("Turns: {n}", "Tours : {n}"),
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
    "enemy": ("enemy cards", "cartes ennemies"),
    "stops": ("stops: Woods", "s'arrête (Bois)"),
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
    "map_caption": ("{title}: the map", "Le plan du scénario « {title} »"),
    "map_key_arrive": ("reinforcements arrive", "arrivée des renforts"),
    "map_key_area": ("objective: {name}", "objectif : {name}"),
    "map_random": ("Terrain dealt at random (6.1.1)", "Terrain distribué au hasard (6.1.1)"),
    "map_none": ("No terrain", "Pas de terrain"),
    "map_chosen": ("Terrain placed by {by} (6.1.2)", "Terrain posé par {by} (6.1.2)"),
    # tcforge cards show
    "penetration": ("Penetration", "Pénétration"),
    "short_long": ("short / long", "courte / longue"),
    "front_side": ("front / side", "face / flanc"),
    "by_rule": ("by rule 8.1", "selon la règle 8.1"),
    "effect": ("Effect", "Effet"),
    "errata": ("Errata", "Errata"),
    "rulings": ("Rulings", "Décisions"),
    "interpretation": ("project's interpretation", "interprétation du projet"),
    "reading": ("interpretation", "interprétation"),  # a face's note: a value the sources leave open, as played
    "source": ("Source", "Source"),
    # tcforge scenario show: the terminal summary, read with raw() (no typography applied: its French spacing is
    # written in). The booklet's scenario tables use some of them.
    "show_source": ("source", "source"),
    "show_ruleset": ("ruleset", "règles"),
    "show_terrain_none": ("no terrain", "pas de terrain"),
    "show_terrain_fixed": ("terrain: fixed map", "terrain\u00a0: plan imposé"),
    "show_terrain_random": ("terrain: random (6.1.1), {n} cards a side, at most {m} of a type",
                            "terrain\u00a0: au hasard (6.1.1), {n} cartes par camp, {m} au plus d'un même type"),
    "show_terrain_discretionary": ("terrain: placed by {by} on {where} positions (6.1.2)",
                                   "terrain\u00a0: posé par {by} sur {where} (6.1.2)"),
    "show_where_own": ("their own", "ses propres positions"),
    "show_where_any": ("any", "toutes positions"),
    "show_reserve_of": ("{side} reserve", "réserve\u00a0: {side}"),
    "show_clear": ("Clear", "Dégagé"),
    "show_area": ("Area", "Zone"),
    "map_key_stream": ("Stream between positions", "Ruisseau entre positions"),
    "map_key_crossing": ("Ford or Bridge on a Stream", "Gué ou pont sur un ruisseau"),
    "show_streams": ("Streams between positions (~ on the map)", "Ruisseaux entre positions (~ sur le plan)"),
    "show_stream_crossed": ("crossed by {card}", "franchi par {card}"),
    "show_changed": ("Rule parameters changed", "Paramètres de règles modifiés"),
    "show_initiative": ("Initiative", "Initiative"),
    "show_init_fixed": ("{side} plays first", "{side} joue en premier"),
    "show_init_roll": ("each player rolls, the {w} roll plays first",
                       "chaque joueur lance le dé ; celui qui fait le plus {w} joue en premier"),
    "show_modifier": ("{side} adds {m}", "{side} ajoute {m}"),
    "show_setup_first": ("sets up first", "se déploie en premier"),
    "show_first_player": ("the first player", "le premier joueur"),
    "show_second_player": ("the second player", "le second joueur"),
    "show_no_draw_deck": ("no drawing deck", "pas de pile de tirage"),
    "show_only_listed": ("only the listed cards", "seulement les cartes indiquées"),
    "show_extras": ("may add: {x}", "ajouts permis\u00a0: {x}"),
    "show_limit": ("at most {n} identical special events", "au plus {n} événements spéciaux identiques"),
    "show_no_limit": ("no limit on identical special events", "pas de limite aux événements spéciaux identiques"),
    "show_no_turn_limit": ("no limit", "sans limite"),
    "show_cap": ("undecided after turn {n}: a draw", "indécise après le tour {n}\u00a0: partie nulle"),
    "show_chosen": ("nation chosen", "nation au choix"),
    "show_zone": ("sets up on", "se déploie sur"),
    "show_build": ("builds", "achète"),
    "show_at_fire": ("AT-capable only", "seulement capables de tir antichar"),
    "show_no_terrain": ("no terrain", "pas de terrain"),
    "show_free": ("free cards", "cartes gratuites"),
    "show_choose": ("chosen by the player", "au choix du joueur"),
    "show_in_reserve": ("in the reserve", "dans la réserve"),
    "show_in_zone": ("in the setup zone", "dans la zone de déploiement"),
    "show_at_arrival": ("on the arrival positions", "sur les positions d'arrivée"),
    "show_reinforcements": ("Reinforcements", "Renforts"),
    "show_either": ("either side", "l'un ou l'autre camp"),
    "show_wins": ("wins", "gagne"),
    "show_otherwise": ("otherwise {side} wins", "sinon {side} gagne"),
    "show_v_control_rank": ("control {n} positions of the enemy's rank {r}", "contrôler {n} positions de la rangée {r} ennemie"),
    "show_v_control_rank_one": ("control a position of the enemy's rank {r}", "contrôler une position de la rangée {r} ennemie"),
    "show_v_control_positions": ("control {n} of {m} positions at once", "contrôler en même temps {n} de ces {m} positions"),
    "show_v_hold_positions": ("hold {p} at the end of turn {t}", "tenir {p} à la fin du tour {t}"),
    "show_v_eliminate_all": ("the enemy has no card left ({s})", "l'ennemi n'a plus de carte ({s})"),
    "show_v_countdown": ("{t} complete turns after '{g}' arrives", "{t} tours complets après l'arrivée de « {g} »"),
    "show_applied": ("balance option applied: {o}", "option d'équilibrage appliquée\u00a0: {o}"),
    "show_interpretations": ("The project's interpretations", "Interprétations du projet"),
    # tcforge scenario play / replay: the account of a game, read with raw() (French spacing written in)
    "acc_setup": ("Set-up of {id} ({title})", "Mise en place de {id} ({title})"),
    "acc_turn": ("Turn {n}, {side}", "Tour {n}, {side}"),
    "acc_turn_end": ("End of turn {n}", "Fin du tour {n}"),
    "acc_standing": ("{side}: battlefield {n} card(s), {p} pts; reserve {r}, {rp} pts; lost {lost}, {lp} pts",
                     "{side}\u00a0: champ de bataille {n} carte(s), {p} pts\u202f; réserve {r}, {rp} pts\u202f; "
                     "perdues {lost}, {lp} pts"),
    "acc_goals": ("objectives held {n} of {m}", "objectifs tenus {n} sur {m}"),
    "acc_contested": ("in a melee on {n} ({where})", "en mêlée sur {n} ({where})"),
    # who began the melee (20.0): a side assaulted there defends it, and Hill 621's condition counts it as held
    "acc_melee_defending": ("{where} defending", "{where} en défense"),
    "acc_melee_assaulting": ("{where} assaulting", "{where} à l'assaut"),
    "acc_reserve_of": ("{side} reserve", "réserve ({side})"),
    "acc_in_reserve": ("reserve", "réserve"),
    "acc_in_deck": ("deck", "pile de tirage"),
    "acc_lost": ("lost", "perdue"),
    "acc_hidden_card": ("a hidden card", "une carte cachée"),
    "acc_opportunity": ("(opportunity fire, 001 2.0)", "(tir d'opportunité, 001 2.0)"),
    "acc_elsewhere": ("off the battlefield", "hors du champ de bataille"),
    "acc_on": ("on {unit}", "sur {unit}"),
    "acc_smoke": ("Smoke", "Fumée"),
    "acc_immobilised_mark": ("immobilized", "immobilisé"),
    "acc_colon": (":", "\u00a0:"),
    "acc_semicolon": (";", "\u202f;"),
    "acc_draws": ("{side} draws {card}", "{side} pioche {card}"),
    "acc_initiative": ("{side} rolls {n} for initiative", "{side} obtient {n} au dé d'initiative"),
    "acc_woods": ("{unit} enters Woods and rolls {n} against immobilization",
                  "{unit} entre dans les Bois et obtient {n} au dé d'immobilisation"),
    "acc_smoke_roll": ("{unit} fires HE for Smoke on {p}: rolls {n}", "{unit} fait un tir explosif "
                       "pour poser un fumigène en {p}\u00a0: {n}"),
    "acc_to_hit": ("{firer} fires {kind} at {target}, to hit: rolls {n}", "{firer} tire sur {target} ({kind}), pour toucher\u00a0: {n}"),
    "acc_to_kill": ("{firer} fires {kind} at {target}, to kill: rolls {n}", "{firer} tire sur {target} ({kind}), pour détruire\u00a0: {n}"),
    "acc_rolls": ("{what}: rolls {n}", "{what}\u00a0: {n}"),
    "acc_mine": ("a mine", "une mine"),
    "acc_moves_from": ("moves from {p}", "se déplace depuis {p}"),
    "acc_exit": ("break-through (001): {units} leave {p} for the enemy reserve, {points} points to answer",
                 "percée (001) : {units} quittent {p} pour la réserve ennemie, {points} points à couvrir"),
    "acc_yield": ("discards {unit} ({points} points) against the break-through",
                  "défausse {unit} ({points} points) contre la percée"),
    "acc_step": ("{unit} to {p}", "{unit} vers {p}"),
    "acc_step_with": ("{unit} to {p} with {riders}", "{unit} vers {p} avec {riders}"),
    "acc_the_reserve": ("the reserve", "la réserve"),
    "acc_fires_from": ("fires from {p}", "tire depuis {p}"),
    "acc_shoots": ("{unit} fires {kind} at {target}", "{unit} tire sur {target} ({kind})"),
    "acc_melee": ("{unit} fires {kind} at {target} (melee)", "{unit} tire sur {target} ({kind}, mêlée)"),
    "acc_smoke_try": ("{unit} tries to lay Smoke on {p}", "{unit} tente de poser un fumigène en {p}"),
    "acc_plays": ("plays {card}", "joue {card}"),
    "acc_equip": ("gives {item} to {unit}", "donne {item} à {unit}"),
    "acc_discard": ("discards {unit}", "défausse {unit}"),
    "acc_place": ("{unit} comes in at {p}", "{unit} entre en jeu en {p}"),
    "acc_lay": ("{unit} set up on {p}", "{unit} déployé en {p}"),
    "acc_place_with": ("{unit} comes in at {p} with {riders}", "{unit} entre en jeu en {p} avec {riders}"),
    "acc_assign": ("puts {item} on {unit}", "met {item} sur {unit}"),
    "acc_unstack": ("eliminates {unit} from an overstacked position (6.3)", "élimine {unit} d'une position surempilée (6.3)"),
    "acc_together": ("{unit} moves with {other}", "{unit} se déplace avec {other}"),
    "acc_load": ("{unit} boards {other}", "{unit} monte à bord de {other}"),
    "acc_load_pair": ("{unit} boards {other} and {partner}", "{unit} monte à bord de {other} et de {partner}"),
    "acc_tow": ("{unit} is hitched to {other}", "{unit} est attelé à {other}"),
    "acc_draw": ("spends a Supply point to draw", "dépense un point de ravitaillement pour piocher"),
    "acc_end": ("ends the play", "termine son action"),
    "acc_arrives": ("{unit} arrives at {p}", "{unit} arrive en {p}"),
    "acc_destroyed": ("{unit} destroyed at {p}", "{unit} détruit en {p}"),
    "acc_immobilised": ("{unit} immobilized", "{unit} immobilisé"),
    "acc_nobody": ("nobody", "personne"),
    "acc_unfinished": ("unfinished", "inachevée"),
    # a scenario rule a designer's lever writes (tcforge.scenarios.levers)
    "lever_side_supply": ("The {side} side gets {n} Supply points a turn.",
                          "Le camp {side} reçoit {n} points de ravitaillement par tour."),
    "lever_set": ("Set by a designer's lever (--set), not by the scenario.",
                  "Fixé par un levier du concepteur (--set), non par le scénario."),
    # what a pending chance event is for (a game log's "about"; tcforge.play.wording.about)
    "about_draw": ("side {side} draws a card", "le camp {side} pioche une carte"),
    "about_initiative": ("side {side} rolls for initiative (4.0)", "le camp {side} lance le dé d'initiative (4.0)"),
    "about_woods": ("{unit} rolls for immobilisation entering Woods (8.4.1)",
                    "{unit} lance le dé d'immobilisation en entrant dans les Bois (8.4.1)"),
    "about_smoke": ("{unit} ({id}) fires HE to lay Smoke on {p} (9.5.1 f)",
                    "{unit} ({id}) tire un obus HE pour poser un fumigène en {p} (9.5.1 f)"),
    "about_hit": ("{firer} {kind} to hit {target} ({id})", "{firer} {kind} pour toucher {target} ({id})"),
    "about_kill": ("{firer} {kind} to kill {target} ({id})", "{firer} {kind} pour détruire {target} ({id})"),
    "about_mine": ("a mine", "une mine"),
    # why a game ended, in French from the outcome's kind (English prints the engine's own reason)
    "acc_why_victory_condition": ("condition {c} met", "condition {c} remplie"),
    "acc_why_elimination": ("every enemy card eliminated ({c})", "toutes les cartes adverses éliminées ({c})"),
    "acc_why_turn_limit": ("the last turn, {t}, is over", "le dernier tour, le {t}e, est joué"),
    "acc_why_engine_cap": ("no victory after {t} turns (the engine's cap)", "pas de victoire après {t} tours (limite du moteur)"),
    "acc_game_over": ("Game over after turn {n}: {who} wins ({why})", "Fin de la partie après le tour {n}\u00a0: {who} gagne ({why})"),
    "acc_draw_result": ("Game over after turn {n}: a draw ({why})", "Fin de la partie après le tour {n}\u00a0: match nul ({why})"),
    "acc_result": ("{id} seed {seed} ({a} v {b}): {who} wins after {t} turn(s), {n} actions ({why})",
                   "{id} graine {seed} ({a} contre {b})\u00a0: {who} gagne après {t} tour(s), {n} actions ({why})"),
    "acc_result_draw": ("{id} seed {seed} ({a} v {b}): nobody wins after {t} turn(s), {n} actions ({why})",
                        "{id} graine {seed} ({a} contre {b})\u00a0: personne ne gagne après {t} tour(s), {n} actions ({why})"),
    # a side with no title is named by its nation (scenario show, the booklet's tables and maps, command decks)
    "nation_german": ("German", "Allemand"),
    "nation_soviet": ("Soviet", "Soviétique"),
    # command decks of source 003 and their reference card (tcforge deck print, the 003 rule book), read with dw()
    "cd:command_deck": ("Command Deck", "Paquet de commandement"),
    "cd:back_hint": ("Shuffle every card but the commanders' Free Action cards.",
                  "Mélangez toutes les cartes sauf les actions libres des commandants."),
    "cd:turn_over": ("Turn Over", "Fin de tour"),
    "cd:all_units": ("Every unit of the side", "Toutes les unités du camp"),
    "cd:commander": ("Commander", "Commandant"),
    "cd:support": ("Support", "Appui"),
    "cd:support:air": ("Air support", "Appui aérien"),
    "cd:support:artillery": ("Artillery support", "Appui d'artillerie"),
    "cd:support:choice": ("Support", "Appui"),
    "cd:held_out": ("Not shuffled: the commander keeps it", "Hors du paquet : le commandant la garde"),
    "cd:card_of": ("card {n} of {total}", "carte {n} sur {total}"),
    "cd:roll": ("Roll 1d6", "Lancez 1d6"),
    "cd:no_roll": ("No roll on this card", "Pas de jet sur cette carte"),
    "cd:intensity_note": ("Then roll the side's support intensity (7.1).", "Lancez ensuite l'intensité de l'appui du camp (7.1)."),
    "cd:bomber": ("bomber", "bombardier"), "cd:fighter": ("fighter", "chasseur"),
    "cd:none": ("no support", "pas d'appui"),
    "cd:see_table": ("roll on the {table} table", "lancez le dé sur la table {table}"),
    # what each impulse type lets the named unit or side do (003, Types of Impulse Cards)
    "cd:do:side_move": ("Each unit of the side may make a Move, or stay or become stationary; a stationary unit may go "
                     "on Overwatch.",
                     "Chaque unité du camp peut faire un mouvement, ou rester ou devenir immobile ; une unité immobile "
                     "peut se mettre en surveillance."),
    "cd:do:side_free_action": ("Each unit of the side takes one Free Action of its choice.",
                            "Chaque unité du camp fait une action libre de son choix."),
    "cd:do:unit_2x_free_action": ("The formation takes two Free Actions.", "La formation fait deux actions libres."),
    "cd:do:unit_half_move_free_action": ("The formation moves half and takes a Free Action, in either order. The half move "
                                      "may be spent to halt.",
                                      "La formation se déplace de moitié et fait une action libre, dans l'ordre voulu. "
                                      "Le demi-mouvement peut servir à s'arrêter."),
    "cd:do:unit_free_action": ("The formation takes one Free Action: fire, move, observe, go on Overwatch or halt.",
                            "La formation fait une action libre : tirer, se déplacer, observer, se mettre en "
                            "surveillance ou s'arrêter."),
    "cd:do:unit_move": ("The formation moves its full distance, or declines and becomes stationary.",
                     "La formation se déplace de toute sa distance, ou y renonce et devient immobile."),
    "cd:do:unit_half_move": ("The formation moves half its distance, or makes a full Move.",
                          "La formation se déplace de la moitié de sa distance, ou fait un mouvement complet."),
    "cd:do:support": ("If an observer can call it, the side's air or artillery support strikes.",
                   "Si un observateur peut la demander, l'aviation ou l'artillerie du camp frappe."),
    "cd:do:turn_over": ("The turn ends. Every card goes back into the deck; shuffle. Commanders take back their cards.",
                     "Le tour prend fin. Toutes les cartes retournent dans le paquet ; mélangez. Les commandants "
                     "reprennent leur carte."),
    "cd:do:commander_free_action": ("Before any card is turned, announce it and lay it by the discards: every unit of "
                                 "your force takes a Free Action. Once a turn.",
                                 "Avant qu'une carte soit retournée, annoncez-la et posez-la près de la défausse : "
                                 "chaque unité de votre force fait une action libre. Une fois par tour."),
    # reference card
    "cd:ref_fire": ("Tank fire (5.0)", "Tir des chars (5.0)"),
    "cd:ref_morale": ("Morale and support (6.0, 7.0)", "Moral et appui (6.0, 7.0)"),
    "cd:hit_how": ("Each shot: 1d10 at most the modified Size hits.", "Chaque tir touche sur 1d10 inférieur ou égal à la Taille modifiée."),
    "cd:size_mods": ("Size modifiers", "Modificateurs de Taille"),
    "cd:pen_how": ("Each hit: the gun's d6 (+1 die flank, rear, top) at least the armor penetrates; else test morale.",
                "Chaque coup : les d6 du canon (+1 dé de flanc, d'arrière ou par-dessus) qui égalent au moins le blindage "
                "percent ; sinon, test de moral."),
    "cd:armour": ("Armor", "Blindage"),
    "cd:pen_results": ("Penetrating hit, 1d6", "Coup perçant, 1d6"),
    "cd:morale_how": ("2d6 + modifier: {need}+ passes, {ab} or less abandons, else suppressed.",
                   "2d6 + modificateur : {need}+ réussit, {ab} ou moins abandonne, sinon neutralisé."),
    "cd:mod": ("Mod.", "Mod."), "cd:pass": ("Pass", "Réussi"), "cd:suppressed": ("Suppr.", "Neutr."), "cd:abandoned": ("Aband.", "Aband."),
    "cd:intensity": ("Support intensity, 1d6", "Intensité de l'appui, 1d6"),
    "cd:low": ("Low", "Faible"), "cd:medium": ("Medium", "Moyenne"), "cd:all_out": ("All-out", "Totale"),
    "cd:templates": ("templates", "gabarits"),
    "cd:templates_note": ("Templates: how many are laid at that intensity; Ø: templates on average.",
                       "Gabarits : combien sont posés à cette intensité ; Ø : gabarits en moyenne."),
    "cd:templates_row": ("Templates", "Gabarits"),
    "cd:vs_armour": ("against armor", "contre un blindé"),
    "cd:res:suppressed": ("crew suppressed", "équipage neutralisé"),
    "cd:res:main_gun_disabled": ("main gun out", "canon principal hors service"),
    "cd:res:immobilized": ("immobilized", "immobilisé"),
    "cd:res:burning": ("burning, out", "en feu, hors de combat"),
    "cd:res:massive_explosion": ("blows up, out", "explose, hors de combat"),
    "cd:mod:target_moving": ("target moving", "cible en mouvement"),
    "cd:mod:target_light_concealment": ("light cover", "couvert léger"),
    "cd:mod:shooter_moved": ("firer moved", "tireur a bougé"),
    "cd:mod:target_heavy_concealment": ("heavy cover", "couvert dense"),
    "cd:mod:soviet_shooter_moving": ("Soviet firer moving", "tireur soviétique en mouvement"),
    "cd:mod:target_hull_down": ("hull down", "en défilement"),
    "cd:range": ("range: from the gun", "portée : selon le canon"),
    "cd:chances": ("chances in %: armor across, the dice rolled down", "chances en % : blindage en colonne, dés lancés en ligne"),
    "cd:size": ("Size", "Taille"),
    "cd:pdf_title": ("Command deck: {deck} ({n} cards)", "Paquet de commandement : {deck} ({n} cartes)"),
    # a scenario sheet's set-up rows (issue 37 item 9): terrain dealt, the drawing decks, the spread, the turn track
    "sc_set_either_wins": ("A win for either side",
        "Victoire de l'un ou l'autre camp"),
    "sc_v_draw_label": ("Draw",
        "Match nul"),
    "sc_v_draw": ("Neither side has won when turn {n} is over: the game is a draw.",
        "Si aucun camp n'a gagné à la fin du tour {n}, la partie est nulle."),
    "sc_v_draw_cap": ("Neither side has won when turn {n} is over: the game is a draw (interpretation: the source "
                      "gives no last turn).",
        "Si aucun camp n'a gagné à la fin du tour {n}, la partie est nulle (interprétation : la source ne fixe pas "
        "de dernier tour)."),
    "sc_set_and": ("and",
        "et"),
    "sc_set_terrain": ("Terrain",
        "Terrain"),
    "sc_set_deal": ("Each player takes {n} terrain cards, at most {m} of one type, and {n} other cards as blanks, "
        "shuffles these {d} cards and deals one face up on each of his {p} positions (6.1.1). A blank is "
        "turned face down: clear ground. The terrain dealt stays all game and costs no points.",
        "Chaque joueur réunit {n} cartes de terrain, {m} au plus d'un même type, et {n} autres cartes en "
        "guise de cartes blanches ; il bat ces {d} cartes et en retourne une, face visible, sur chacune de "
        "ses {p} positions (6.1.1). Une carte blanche se pose face cachée : la position est dégagée. Ce "
        "terrain ne coûte aucun point et reste en place jusqu'à la fin."),
    "sc_set_leftover": ("Interpretation: the {r} cards left over after the deal go back to the box.",
        "Interprétation : les {r} cartes qui restent après la donne retournent dans la boîte."),
    "sc_set_deck": ("Drawing deck",
        "Pile de tirage"),
    "sc_set_deck_side": ("{side}: {n} cards",
        "{side} : {n} cartes"),
    "sc_set_deck_none_listed": ("no listed unit is in the deck: each starts on the table or in the reserve",
        "aucune unité de la liste n'est dans la pile de tirage : chacune commence sur la table ou dans la réserve"),
    "sc_set_deck_extras": ("Each player may add {x}: terrain in any number, at most {k} copies of one special event (14.0). The "
        "source gives no count. Interpretation: play with nothing added; to add cards, agree before play on "
        "one number for both sides.",
        "Chaque joueur peut y ajouter {x} : du terrain sans limite de nombre, {k} exemplaires au plus d'un "
        "même événement spécial (14.0). La source ne donne aucun nombre. Interprétation : on joue "
        "sans rien ajouter ; pour en ajouter, fixez ensemble avant la partie un même nombre pour les deux camps."),
    "sc_set_deck_extras_nolimit": ("Each player may add {x}; the source gives no count. Interpretation: play with nothing "
        "added.",
        "Chaque joueur peut y ajouter {x} ; la source ne donne aucun nombre. Interprétation : on joue"
        " sans rien ajouter."),
    "sc_set_x_terrain": ("terrain",
        "des cartes de terrain"),
    "sc_set_x_special_events": ("special events",
        "des événements spéciaux"),
    "sc_set_x_any": ("any cards",
        "toutes sortes de cartes"),
    "sc_set_spread": ("Placing",
        "Placement"),
    "sc_set_spread_fits": ("{side}: {c} combat cards on {p} positions, at most {k} a position (6.3).",
        "{side} : {c} cartes de combat sur {p} positions, {k} au plus par position (6.3)."),
    "sc_set_spread_over": ("{side}: {c} combat cards, but {p} positions of at most {k} hold {cap} (6.3): {over} or more start in"
        " the reserve (the hand). Interpretation: the player chooses which, and fills his positions as he "
        "likes.",
        "{side} : {c} cartes de combat, mais {p} positions de {k} au plus n'en tiennent que {cap} (6.3) : "
        "il en reste au moins {over} dans la réserve (la main). Interprétation : le joueur choisit "
        "lesquelles et garnit ses positions à son gré."),
    "sc_set_map_cell": ("1 card dealt",
        "1 carte donnée"),
    "sc_set_map_key": ("terrain dealt at random before play: see Terrain below",
        "terrain donné au hasard avant la partie : voir Terrain plus bas"),
    "sc_set_track": ("Turn track",
        "Piste des tours"),
    "sc_set_track_cap": ("{n} at most: the game is drawn when turn {n} is over (interpretation: the source gives no last turn).",
        "{n} au plus : la partie est nulle à la fin du tour {n} (interprétation : la source ne fixe pas de "
        "dernier tour)."),
    "sc_set_track_limit": ("The game ends after turn {n}.",
        "La partie s'arrête après le tour {n}."),
    "sc_set_track_key": ("{g}: turn {n}",
        "{g} : tour {n}"),
    "sc_set_track_none": ("no reinforcements",
        "pas de renforts"),
    # tcforge serve: the play and watch page (issue 38)
    "web_title": ("tcforge: play and watch", "tcforge : jouer et regarder"),
    "web_play": ("Play", "Jouer"),
    "web_watch": ("Watch", "Regarder"),
    "web_lang": ("Language", "Langue"),
    "web_scenario": ("Scenario", "Scénario"),
    "web_side": ("Your side", "Votre camp"),
    "web_opponent": ("The computer's player", "Joueur de l'ordinateur"),
    "web_seed": ("Seed", "Graine"),
    "web_start": ("Start the game", "Commencer la partie"),
    "web_saved": ("Saved games", "Parties enregistrées"),
    "web_none_saved": ("No saved game yet.", "Aucune partie enregistrée."),
    "web_resume": ("Resume", "Reprendre"),
    "web_new_game": ("New game", "Nouvelle partie"),
    "web_your_decision": ("Your decision", "À vous de décider"),
    "web_computer_plays": ("The computer plays…", "L'ordinateur joue…"),
    "web_dice_roll": ("The dice roll…", "Les dés roulent…"),
    "web_game_over": ("Game over", "Partie terminée"),
    "web_undo": ("Take back", "Reprendre le coup"),
    "web_account": ("Account", "Récit"),
    "web_dice": ("Dice", "Dés"),
    "web_no_dice": ("No die rolled yet.", "Aucun dé lancé."),
    "web_hand": ("Your hand (reserve)", "Votre main (réserve)"),
    "web_enemy_hand": ("{side}: {n} card(s) in hand, of which you know {k}", "{side} : {n} carte(s) en main, dont {k} connue(s)"),
    "web_deck": ("deck: {n}", "pile de tirage : {n}"),
    "web_discard_pile": ("discard pile: {n} (cards lost and played)", "pile de défausse : {n} (cartes perdues et jouées)"),
    "web_turn": ("Turn {n}", "Tour {n}"),
    "web_turn_of": ("Turn {n} of {m}", "Tour {n} sur {m}"),
    "web_playing": ("{side} plays", "{side} joue"),
    "web_log": ("Log", "Journal"),
    "web_first": ("First", "Début"),
    "web_back": ("Back", "Reculer"),
    "web_forward": ("Forward", "Avancer"),
    "web_last": ("Last", "Fin"),
    "web_action_of": ("Action {n} of {m}", "Action {n} sur {m}"),
    "web_open": ("Open", "Ouvrir"),
    "web_log_path": ("Game log (a file on this computer)", "Journal de partie (un fichier de cet ordinateur)"),
    "web_odds_attack": ("chances: hit {hit}, kill {kill}, immobilize {imm}", "chances : toucher {hit}, détruire {kill}, immobiliser {imm}"),
    "web_odds_kill": ("chance to kill: {p}", "chance de détruire : {p}"),
    "web_odds_woods": ("chance to be immobilized: {p}", "risque d'immobilisation : {p}"),
    "web_odds_smoke": ("chance to lay Smoke: {p}", "chance de poser le fumigène : {p}"),
    "web_hidden_n": ("{n} hidden card(s)", "{n} carte(s) cachée(s)"),
    "web_none": ("none", "aucune"),
    "web_ask_play": ("Choose a play ({n} Supply point(s) left)", "Choisissez une action ({n} point(s) de ravitaillement)"),
    "web_ask_move": ("Moving: choose", "Déplacement : choisissez"),
    "web_ask_fire": ("Fire: choose", "Tir : choisissez"),
    "web_ask_deploy": ("Set-up: place each card of your set-up positions, then your equipment",
                       "Déploiement : placez chaque carte sur vos positions de départ, puis votre équipement"),
    "web_ask_arrive": ("Your reinforcements arrive: choose where each group comes in (20.0 rule 5)",
                       "Vos renforts arrivent : choisissez où entre chaque groupe de cartes (20.0 règle 5)"),
    "web_ask_melee": ("Melee: choose", "Mêlée : choisissez"),
    "web_ask_discard": ("End of your turn: discard down to the hand limit (6.4)",
        "Fin de votre tour : défaussez jusqu'à la limite de main (6.4)"),
    "web_ask_unstack": ("Overstacked position: choose the card to eliminate (6.3)",
        "Position surempilée : choisissez la carte à éliminer (6.3)"),
    "web_ask_window": ("Reaction window: play an Interrupt or pass (12.2)",
        "Fenêtre de réaction : jouez une interruption ou passez (12.2)"),
    "web_e_no_scenario": ("no scenario '{id}': choose one of the list", "pas de scénario « {id} » : choisissez-en un dans la liste"),
    "web_e_stale": ("stale request: the game is at action {at}, the page showed action {shown}; reload the page",
        "demande périmée : la partie en est à l'action {at}, la page montrait l'action {shown} ; rechargez la page"),
    "web_e_not_yours": ("it is not your decision now (the computer or the dice play): step the game on instead",
        "ce n'est pas à vous de décider (l'ordinateur ou les dés jouent) : faites avancer la partie"),
    "web_e_over": ("the game is over", "la partie est terminée"),
    "web_e_no_step": ("it is your decision: nothing to step", "c'est à vous de décider : rien à faire avancer"),
    "web_e_choice": ("choice {choice} is not one of the {n} choices offered", "le choix {choice} n'est pas l'un des {n} choix proposés"),
    "web_e_undo": ("nothing to take back: undo works within your turn, before any die is rolled or the computer answers",
        "rien à reprendre : on reprend un coup dans son tour, avant tout dé lancé et toute réponse de l'ordinateur"),
    "web_e_no_game": ("no game with this id on this server (it may have been started by another run of tcforge serve: "
        "resume it from its saved log)", "aucune partie de cet identifiant sur ce serveur (lancée peut-être par une autre "
        "exécution de tcforge serve : reprenez-la depuis son journal enregistré)"),
    "web_e_no_watch": ("no log opened with this id on this server: open the log again",
        "aucun journal ouvert sous cet identifiant sur ce serveur : ouvrez le journal à nouveau"),
    "web_e_side": ("side '{side}' is not a side of {id}: use {sides}", "« {side} » n'est pas un camp de {id} : choisissez {sides}"),
    "web_e_no_log": ("no such log file: {path}", "pas de fichier journal {path}"),
    "web_e_in_play": ("{name} is the log of a game still being played on this server: it shows every card, the enemy's "
        "hidden ones too; watch it once the game is over", "{name} est le journal d'une partie en cours sur ce serveur : "
        "il montre toutes les cartes, même les cartes cachées de l'adversaire ; regardez-le une fois la partie finie"),
    "web_setup": ("Set-up of {title}", "Mise en place de {title}"),
    "web_odds_shot": ("hit {hit}, kill {kill}", "toucher {hit}, détruire {kill}"),
    "web_r_hit": ("hit", "touché"),
    "web_r_miss": ("miss", "manqué"),
    "web_r_kill": ("kill", "détruit"),
    "web_r_no_effect": ("no effect", "sans effet"),
    "web_r_smoke": ("Smoke laid", "fumigène posé"),
    "web_ask_window_turn": ("Turn {n}, {side}, begins: play an Interrupt or pass (reaction window, 12.2)",
        "Le tour {n} commence ({side}) : jouez une interruption ou passez (fenêtre de réaction, 12.2)"),
    "web_ask_window_after": ("After “{what}” ({side}): play an Interrupt or pass (reaction window, 12.2)",
        "Après « {what} » ({side}) : jouez une interruption ou passez (fenêtre de réaction, 12.2)"),
    "web_c_pick": ("pick {unit}", "prendre {unit}"),
    "web_c_go": ("go: the picked cards move", "en route : les cartes prises se déplacent"),
    "web_c_halt": ("stop here", "s'arrêter ici"),
    "web_c_done": ("stop firing", "cesser le tir"),
    "web_c_melee": ("fight the melee at {p}", "livrer la mêlée en {p}"),
    "web_c_hold": ("{unit} holds fire", "{unit} ne tire pas"),
    "web_c_pass": ("pass", "passer"),
    "web_c_transfer": ("hand {item} to {unit}", "passer {item} à {unit}"),
    "web_c_drop": ("discard {item}", "défausser {item}"),
    "web_you": ("you", "vous"),
    "web_computer": ("the computer ({agent})", "l'ordinateur ({agent})"),
    "web_pace": ("The computer's pace", "Rythme de l'ordinateur"),
    "web_pace_step": ("one action a click", "une action par clic"),
    "web_pace_slow": ("slow", "lent"),
    "web_pace_normal": ("normal", "normal"),
    "web_pace_fast": ("fast", "rapide"),
    "web_next": ("Next action", "Action suivante"),
    "web_watch_game": ("Watch this game again", "Revoir cette partie"),
    "web_whole_truth": ("every card shown (a log is told whole)", "toutes les cartes montrées (un journal est raconté en entier)"),
}


def t(key: str, lang: str = "en", **values: object) -> str:
    """The label ``key`` in ``lang``, values filled in, French spacing applied; an unknown key prints as itself."""
    if key not in W:
        return key
    return typo(_text(key, lang, values), lang)


def _text(key: str, lang: str, values: dict[str, object]) -> str:
    entry = W[key]
    if lang == "fr":
        text = entry[1]
    elif lang == "en":
        text = entry[0]
    else:  # a language started with 'tcforge i18n init': its imported words, English where it has none yet
        text = own_words(lang).get(key) or entry[0]
    return text.format(**values) if values else text


WORD_PREFIX = "word:"  # a word's key in a PO file and in a language's record (DATA/i18n/LANG.json)
_OWN: dict[tuple[str, tuple[str, ...]], dict[str, str]] = {}


def own_words(lang: str) -> dict[str, str]:
    """The words of a language other than English and French, by key, as 'tcforge i18n import' recorded them
    (DATA/i18n/LANG.json, the --data folders' laid over tcforge's own): once per process and set of data folders.
    Read here, not through tcforge.i18n.texts, which builds on this table."""
    from tcforge.bounds import read_json
    from tcforge.paths import data_dir, user_data_dirs
    key = (lang, tuple(str(d) for d in user_data_dirs()))
    if key not in _OWN:
        found: dict[str, str] = {}
        for folder in (data_dir(), *user_data_dirs()):
            path = folder / "i18n" / f"{lang}.json"
            try:
                texts = read_json(path, "a translation record").get("texts") or {}
            except (OSError, ValueError, AttributeError):
                continue  # no record, or one 'tcforge i18n status' reports
            for name, entry in texts.items() if isinstance(texts, dict) else ():
                word = str(name).removeprefix(WORD_PREFIX)
                if str(name).startswith(WORD_PREFIX) and word in W and isinstance(entry, dict) and entry.get("text"):
                    found[word] = str(entry["text"])
        _OWN[key] = found
    return _OWN[key]


def bw(key: str, lang: str = "en", **values: object) -> str:
    """The booklets' word ``key`` (a missing key is an error), values filled in, typographic apostrophes, French spacing."""
    if key not in W:
        raise KeyError(f"no booklet word {key!r}")
    return typo(curly(_text(key, lang, values)), lang)


def raw(key: str, lang: str = "en", **values: object) -> str:
    """The word as stored, values filled in, no typography: for terminal text whose French spacing is written in
    (``tcforge scenario show``); an unknown key prints as itself."""
    return _text(key, lang, values) if key in W else key


UNTRANSLATED = "⟦{}⟧"


def dw(key: str, lang: str = "en", **values: object) -> str:
    """A command-deck word: its ``cd:`` entry, else the shared entry of the same key (``artillery``), French spacing
    applied; a missing one prints marked, never silently."""
    entry = f"cd:{key}" if f"cd:{key}" in W else key
    if entry not in W:
        return UNTRANSLATED.format(key)
    return typo(_text(entry, lang, values), lang)


ROLES = {"attacker": "role_attacker_l", "defender": "role_defender_l", "meeting": "role_meeting"}


def side_word(nation: str | None, role: str, lang: str) -> str:
    """A side with no title, named by its nation, else by its role (scenario show, the booklet's tables and maps)."""
    if nation in ("german", "soviet"):
        return raw(f"nation_{nation}", lang)
    return raw(ROLES.get(role, role), lang)


def fr_subject(name: str) -> str:
    """A side's name as the subject of a French sentence: 'l'Allemand', 'le Soviétique', 'le premier joueur',
    'l'attaquant' (a role is a common noun, lower case inside a sentence; a nation keeps its capital)."""
    if re.match(r"(?i)(le|la|les|l')\b|l'", name):
        return name
    if name in (W["role_attacker"][1], W["role_defender"][1]):
        name = name.lower()
    return ("l'" if re.match(r"(?i)[aeiouyhàâéèêëîïôöûüœ]", name) else "le ") + name


def capital(text: str) -> str:
    """The word as it starts a line or a heading: first letter capitalised, the rest as it is."""
    return text[:1].upper() + text[1:]


APOSTROPHE = re.compile(r"(?<=\w)'(?=\w)")


def curly(text: str) -> str:
    """Typographic apostrophes between letters (d’une, Player’s), as the rule text prints them."""
    return APOSTROPHE.sub("\u2019", text)


_BEFORE_TALL = re.compile(r"[ \u00a0\u202f]*([:])(?=\s|$)")
_BEFORE_SHORT = re.compile(r"[ \u00a0\u202f]*([;!?])(?=\s|$|[»)])")
_PERCENT = re.compile(r"(\d) %")
# French ordinals in superscript (1ᵉʳ juillet, 5ᵉ armée, 1ʳᵉ rangée): the modifier letters print raised in every
# font the products use (DejaVu), in the cards and sheets as in the booklets.
_ORDINAL = re.compile(r"(?<![\w.,\-/#])(\d+)(er|re|e)(?![\w'’\-])")
_SUPERSCRIPT = {"er": "\u1d49\u02b3", "re": "\u02b3\u1d49", "e": "\u1d49"}
_PERCENT_EN = re.compile(r"(\d)[ \u00a0\u202f]%")
# A hyphen that starts a number ("-1", "(-2)") is a minus; one between two numbers ("1-5") is a range.
_MINUS = re.compile(r"(?<![\w\-\u2013\u2212/.+])-(?=\d)")


def typo(text: str, lang: str) -> str:
    """Print typography: a true minus sign before a negative number, typographic apostrophes; in English 10%, in French a no-break
    space before : and a narrow one before ; ! ? % and inside « », and ordinals in superscript (1ᵉʳ, 5ᵉ)."""
    if not text:
        return text
    text = curly(_MINUS.sub("\u2212", text))   # one apostrophe in print, the typographic one
    if lang != "fr":
        return _PERCENT_EN.sub(r"\1%", text)
    text = _BEFORE_TALL.sub(NBSP + r"\1", text)
    text = _BEFORE_SHORT.sub(NNBSP + r"\1", text)
    text = _PERCENT.sub(r"\1" + NNBSP + "%", text)
    text = _ORDINAL.sub(lambda m: m.group(1) + _SUPERSCRIPT[m.group(2)], text)
    return text.replace("« ", "«" + NNBSP).replace(" »", NNBSP + "»")


def signed(value: object) -> str:
    """A modifier as the tables print it: +2, 0, −1 (a true minus sign)."""
    if isinstance(value, bool) or not isinstance(value, int):
        return "–" if value in (None, "-", "") else str(value)
    if value > 0:
        return f"+{value}"
    return f"−{-value}" if value < 0 else "0"


# The words of the scenarios' rule references ("20.0 rule 1"), in the order they are tried.
CASE_WORDS = (("victory conditions", "conditions de victoire"), ("Soviet reinforcements", "renforts soviétiques"),
              ("German reinforcements", "renforts allemands"), ("rule", "règle"))


def case_ref(case: str, lang: str) -> str:
    """A rule reference from the data ("20.0 rule 1") in ``lang`` ("20.0 règle 1")."""
    if lang != "fr":
        return case
    for en, fr in CASE_WORDS:
        case = re.sub(rf"\b{en}\b", fr, case)
    return case


def plain(value: object) -> str:
    """A card value as printed: numbers as they are, missing values as an en dash."""
    if value is None or value == "-" or value == "":
        return "–"
    return str(value)
