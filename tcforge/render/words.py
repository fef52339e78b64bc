"""Words the printed pieces use, in English and French, and French typography.

Card names and card texts come from the card data; these are the labels,
headings and instructions around them, written for this project.
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
    "tank_melee": ("Tank melee", "Mêlée AC"),
    "speed": ("Speed", "Vitesse"),
    "fast": ("Fast", "Rapide"),
    "slow": ("Slow", "Lente"),
    "points": ("Points", "Points"),
    "pts": ("pts", "pts"),
    "years": ("In service", "En service"),
    "kind": ("Played as", "Se joue en"),
    "instant": ("Instant", "Instantanée"),
    "interrupt": ("Interrupt", "Interruption"),
    "terrain": ("Terrain", "Terrain"),
    "c:terrain": ("terrain", "terrain"),
    "c:at_gun": ("AT gun", "canon antichar"),
    "german": ("German", "Allemand"),
    "soviet": ("Soviet", "Soviétique"),
    "any": ("Either side", "Les deux camps"),
    "C": ("common", "commune"),
    "U": ("uncommon", "peu commune"),
    "R": ("rare", "rare"),
    "UR": ("ultra-rare", "ultra-rare"),
    "lend_lease": ("Lend-Lease", "Prêt-bail"),
    "carries": ("Carries one infantry squad", "Transporte un groupe d'infanterie"),
    "interpretation": ("Project's reading: the sources give no text.", "Lecture du projet : les sources ne donnent pas de texte."),
    "printed_number": ("printed no.", "imprimée n°"),
    "new_text": ("new card text", "nouveau texte de carte"),
    # card types and classes
    "vehicle": ("Vehicle", "Véhicule"),
    "at_gun": ("AT gun", "Canon antichar"),
    "air_artillery": ("Air & artillery", "Aviation et artillerie"),
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
    "f:sa": ("SA", "SA"),
    "f:ft": ("FT", "FT"),
    "f:points": ("points", "points"),
    "f:speed": ("speed", "vitesse"),
    "f:kind": ("played as", "se joue en"),
    # insert footers and proxies
    "sleeve_on": ("Sleeve in front of", "À glisser devant"),
    "proxy": ("proxy", "carte de remplacement"),
    "insert": ("insert", "insert"),
    "strip": ("terrain strip", "bande de terrain"),
    "strip_for": ("Left edge of", "Bord gauche de"),
    # terrain
    "at": ("AT", "AT"),
    "he": ("HE", "HE"),
    "sa": ("SA", "SA"),
    "air": ("Air", "Air"),
    "art": ("Art", "Art"),
    "los": ("LOS", "LdV"),
    "move": ("Move", "Mouv."),
    "blocks": ("Blocks", "Bloque"),
    "clear": ("Clear", "Libre"),
    "slows": ("Slow", "Lent"),
    "m:fast": ("Fast", "Rapide"),
    "n/a": ("n/a", "—"),  # "interdit" is too wide for the card-sized table; the notes say what is forbidden
    "no_vehicles": ("No vehicles or AT guns", "Interdit aux véhicules et canons AC"),
    "strip_no_vehicles": ("No vehicles, no AT guns", "Ni véhicules ni canons AC"),
    "strip_infantry_only": ("Infantry only", "Infanterie seulement"),
    "infantry_only": ("Infantry only, on top of the terrain", "Infanterie seulement, en plus du terrain"),
    "art_split": ("Art a/o/b: vs armor / vs others / vs infantry in Bunkers",
                  "Art a/o/b : contre blindés / autres / infanterie en Bunker"),
    "air_split": ("Air a/o/b: vs armor / vs others / vs infantry in Bunkers",
                  "Air a/o/b : contre blindés / autres / infanterie en Bunker"),
    "borrowed_row": ("*: this table has no such row or an unreadable value; the project's reading.",
                     "* : cette table n'a pas cette ligne ou une valeur illisible ; lecture du projet."),
    "terrain_into": ("Add to the firer's roll; only fire into the position counts.",
                     "À ajouter au jet du tireur ; seul le tir vers la position compte."),
    "terrain_title": ("Terrain effects", "Effets du terrain"),
    "terrain_col": ("Terrain", "Terrain"),
    # reference cards
    "to_kill_title": ("To Kill", "Destruction"),
    "to_kill_how": ("After an AT hit, take penetration minus armor and roll one d10:",
                    "Après un coup AT, calculez pénétration moins blindage et lancez un d10 :"),
    "diff": ("Pen. − armor", "Pén. − blindage"),
    "kill_on": ("Kills on", "Détruit sur"),
    "dud": ("A roll of {n} never kills.", "Un {n} ne détruit jamais."),
    "flank_side": ("Natural to-hit {rolls} ({melee} in melee): flank hit, roll against side armor.",
                   "Jet pour toucher naturel de {rolls} ({melee} en mêlée) : coup de flanc, contre le blindage de flanc."),
    "flank_kill": ("Natural to-hit {rolls} ({melee} in melee): flank hit, the target is destroyed.",
                   "Jet pour toucher naturel de {rolls} ({melee} en mêlée) : coup de flanc, la cible est détruite."),
    "immobilise": ("Natural to-hit {rolls} against a vehicle: immobilised, no To Kill roll.",
                   "Jet pour toucher naturel de {rolls} contre un véhicule : immobilisé, sans jet de destruction."),
    "flank_card": ("Flank Shot card, then a natural {rolls}: side armor halved (rounded down, at least {min}).",
                   "Carte Flank Shot, puis {rolls} naturel : blindage de flanc divisé par deux (arrondi en dessous, au moins {min})."),
    "he_notes": ("HE: {he} at long range; every AT gun fires HE {min} or better. SA: {sa}. FT: {ft}.",
                 "HE : {he} à longue portée ; tout canon antichar tire en HE {min} au moins. SA : {sa}. FT : {ft}."),
    "sa_short": ("short range and melee", "courte portée et mêlée"),
    "sa_long": ("any range", "toute portée"),
    "ft_melee": ("melee only", "mêlée seulement"),
    "ft_any": ("as SA", "comme les SA"),
    "or": ("or", "ou"),
    "seq_title": ("Sequence of play", "Déroulement du tour"),
    "seq_each": ("Each player in turn, first player first:", "Chaque joueur à son tour, le premier joueur d'abord :"),
    "seq_supply": ("Take {n} Supply points.", "Recevez {n} points de ravitaillement."),
    "seq_play": ("Play: spend them on the options overleaf.", "Jeu : dépensez-les selon les options au verso."),
    "seq_melee": ("Resolve every melee, one position at a time.", "Résolvez chaque mêlée, position par position."),
    "seq_discard": ("Discard down to {n} cards in hand.", "Défaussez jusqu'à garder {n} cartes en main."),
    "seq_interrupts": ("Interrupts may be played in your opponent's Play or melee.",
                       "Les Interruptions se jouent pendant le jeu ou la mêlée de l'adversaire."),
    "seq_initiative": ("Initiative: both roll before the game; the higher roll plays first all game.",
                       "Initiative : chacun lance un dé avant la partie ; le plus haut joue en premier toute la partie."),
    "seq_initiative_fixed": ("Initiative: as the scenario says.", "Initiative : selon le scénario."),
    "seq_victory_instant": ("Victory: hold {n} positions of the enemy rear rank; it is checked at once.",
                            "Victoire : tenir {n} positions de la dernière rangée ennemie ; vérifiée sur-le-champ."),
    "seq_victory_end": ("Victory: hold {n} positions of the enemy rear rank at the end of a turn.",
                        "Victoire : tenir {n} positions de la dernière rangée ennemie à la fin d'un tour."),
    "seq_die": ("Random number: one d10, 0 counts as 10.", "Nombre aléatoire : un d10, le 0 vaut 10."),
    "first": ("First player", "Premier joueur"),
    "opt_title": ("Play options", "Options de jeu"),
    "opt_cost": ("Each option costs Supply points; at most {max} spent a turn.",
                 "Chaque option coûte des points de ravitaillement ; {max} au plus par tour."),
    "opt_move": ("Move up to {n} cards of one position that have not fired (fast {fast}, slow {slow} position).",
                 "Déplacer jusqu'à {n} cartes d'une position qui n'ont pas tiré (rapide {fast}, lente {slow} position)."),
    "opt_fire": ("Fire up to {n} cards of one position that have not moved.",
                 "Faire tirer jusqu'à {n} cartes d'une position qui n'ont pas bougé."),
    "opt_instant": ("Play one Instant card.", "Jouer une carte Instantanée."),
    "opt_draw": ("Draw one card; it may be played this turn.", "Piocher une carte, jouable dès ce tour."),
    "opt_end": ("End the Play: unspent points are lost.", "Finir le jeu : les points non dépensés sont perdus."),
    "opt_stack": ("A position holds {combat} combat cards and {trucks} trucks of each player.",
                  "Une position reçoit {combat} cartes de combat et {trucks} camions de chaque joueur."),
    "opt_hand": ("Hand: {start} cards to start, {limit} at most after discarding.",
                 "Main : {start} cartes au départ, {limit} au plus après la défausse."),
    "ref_back": ("Reference card: sleeve back to back with its pair.", "Aide de jeu : à mettre dos à dos avec sa paire."),
    # checklist and calibration
    "checklist_title": ("Sleeve inserts: checklist", "Inserts de pochette : liste de contrôle"),
    "actual_size": ("Print at actual size (100 %, no scaling, no \u201cfit to page\u201d). The bar below must measure exactly 100 mm.",
                    "Imprimez à taille réelle (100 %, sans mise à l'échelle ni « ajuster à la page »). La barre ci-dessous doit mesurer exactement 100 mm."),
    "how_sleeve": ("Cut on the crop marks. Slide each insert into a clear sleeve in front of the card named here; "
                   "slide each terrain strip along the left edge of its terrain card.",
                   "Découpez selon les traits de coupe. Glissez chaque insert dans une pochette transparente devant la carte indiquée ici ; "
                   "glissez chaque bande de terrain le long du bord gauche de sa carte de terrain."),
    "col_insert": ("Insert", "Insert"),
    "col_qty": ("Qty", "Qté"),
    "col_with": ("Sleeve with", "À glisser avec"),
    "col_page": ("Page", "Page"),
    "col_why": ("Why", "Pourquoi"),
    "why_new": ("new Six-Pack card", "nouvelle carte Six-Pack"),
    "why_changed": ("Six-Pack changes the card", "carte modifiée par le Six-Pack"),
    "why_errata": ("official errata 1997", "errata officiels 1997"),
    "why_strip": ("terrain values of the ruleset", "valeurs de terrain de la règle"),
    "total": ("Total", "Total"),
    "ruleset": ("Ruleset", "Règle"),
    "made_with": ("Made with tcforge", "Réalisé avec tcforge"),
    "cal_title": ("Double-sided calibration", "Calibrage recto verso"),
    "cal_front": ("FRONT", "RECTO"),
    "cal_back": ("BACK", "VERSO"),
    "cal_steps": (
        "1. Print both pages on one sheet, double-sided, flip on the long edge, at actual size (100 %).|"
        "2. Check the 100 mm bar: if it is not 100 mm, scaling is on; switch it off and print again.|"
        "3. Hold the sheet against a light with the BACK facing you. Read where the front's centre lines cross the two scales.|"
        "4. Save the readings: tcforge print calibration --paper {paper} --back-offset X,Y (mm). Back pages then move by that much.|"
        "5. Print this page again: with the right offset the front's lines fall on 0 and the frames coincide.",
        "1. Imprimez les deux pages sur une feuille, en recto verso, retournement bord long, à taille réelle (100 %).|"
        "2. Vérifiez la barre de 100 mm : si elle ne mesure pas 100 mm, une mise à l'échelle est active ; désactivez-la et recommencez.|"
        "3. Tenez la feuille devant une lumière, VERSO face à vous. Lisez où les lignes centrales du recto croisent les deux échelles.|"
        "4. Enregistrez les lectures : tcforge print calibration --paper {paper} --back-offset X,Y (mm). Les versos seront décalés d'autant.|"
        "5. Réimprimez cette page : avec le bon décalage, les lignes du recto tombent sur 0 et les cadres coïncident."),
    "cal_offset": ("Saved back offset: X {x:+.1f} mm, Y {y:+.1f} mm (applied to this back page).",
                   "Décalage de verso enregistré : X {x:+.1f} mm, Y {y:+.1f} mm (appliqué à ce verso)."),
    "cal_read_x": ("X (mm): read here", "X (mm) : lire ici"),
    "cal_read_y": ("Y (mm)", "Y (mm)"),
    "cal_back_note": ("Seen from the back: right and up are positive.", "Vu du verso : vers la droite et vers le haut, c'est positif."),
}


def t(key: str, lang: str = "en", **values: object) -> str:
    """The label ``key`` in ``lang``, values filled in, French spacing applied."""
    entry = W.get(key)
    if entry is None:
        return key
    text = entry[1] if lang == "fr" else entry[0]
    if values:
        text = text.format(**values)
    return typo(text, lang)


_BEFORE_TALL = re.compile(r"[ \u00a0\u202f]*([:])(?=\s|$)")
_BEFORE_SHORT = re.compile(r"[ \u00a0\u202f]*([;!?])(?=\s|$|[»)])")
_PERCENT = re.compile(r"(\d) %")


def typo(text: str, lang: str) -> str:
    """French typography: no-break space before : and a narrow one before ; ! ? % and inside « »."""
    if lang != "fr" or not text:
        return text
    text = _BEFORE_TALL.sub(NBSP + r"\1", text)
    text = _BEFORE_SHORT.sub(NNBSP + r"\1", text)
    text = _PERCENT.sub(r"\1" + NNBSP + "%", text)
    return text.replace("« ", "«" + NNBSP).replace(" »", NNBSP + "»")


def signed(value: object) -> str:
    """A modifier as the tables print it: +2, 0, −1 (a true minus sign)."""
    if isinstance(value, bool) or not isinstance(value, int):
        return "–" if value in (None, "-", "") else str(value)
    if value > 0:
        return f"+{value}"
    return f"−{-value}" if value < 0 else "0"


def plain(value: object) -> str:
    """A card value as printed: numbers as they are, missing values as an en dash."""
    if value is None or value == "-" or value == "":
        return "–"
    return str(value)
