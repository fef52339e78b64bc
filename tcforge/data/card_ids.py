"""The ids of the cards the rules name, in one place (data/cards/*.yaml gives the cards themselves).

The engine, the analysis and the scenarios ask for these cards by id; every
module imports the names from here instead of repeating the numbers.
"""
from __future__ import annotations

# equipment
PANZERFAUST = 1

# terrain (6.1, 11.0) and fortifications
WOODS, HILLS, VILLAGE, WALLS, WHEATFIELD, BALKA = 15, 16, 17, 25, 26, 27
FOXHOLES, BUNKERS = 18, 19
STREAM, SWAMP = 21, 28
BRIDGE, FORD, PATH = 22, 23, 29
SETUP_TERRAIN = (WOODS, HILLS, VILLAGE, WALLS, WHEATFIELD, BALKA)  # laid at set-up; in the hand only discarded
FORTIFICATIONS: dict[int, str] = {FOXHOLES: "foxholes", BUNKERS: "bunkers"}

# obstacles and their counter
ANTI_TANK_MINE, MINEFIELD, MINEFIELD_GAP, WIRE = 2, 20, 30, 31

# fire support: artillery and air attacks, and the cards that answer them
ARTILLERY_BARRAGE, AIR_STRIKE, ROCKET_ARTILLERY_SOVIET, ROCKET_ARTILLERY_GERMAN = 33, 63, 64, 65
STUKA, STURMOVIK, TANK_BUSTER = 108, 109, 159
COUNTERBATTERY, INTERCEPTION, FORWARD_OBSERVER = 32, 70, 158
FIRE_SUPPORT: dict[int, str] = {ARTILLERY_BARRAGE: "art", ROCKET_ARTILLERY_SOVIET: "art", ROCKET_ARTILLERY_GERMAN: "art",
                                AIR_STRIKE: "air", STUKA: "air", STURMOVIK: "air"}  # barrages: terrain column Art or Air

# events
FLANK_SHOT, WEAPON_MALFUNCTION, BREAKDOWN, REPAIR = 66, 67, 68, 69
TANK_ACE, REINFORCEMENTS, RECON, SNIPER, HEROIC_LEADER = 115, 116, 117, 118, 119
COORDINATION, WITHDRAWAL, TACTICAL_ADVANTAGE, PANIC, CONFUSION = 120, 121, 122, 123, 124
SPECIAL_AMMO, MINE_DOGS, TANK_REPAIR_SHOP = 160, 163, 164
SMOKE, HEAVY_MACHINE_GUN = "SP-SMOKE", "SP-HMG"

SIX_PACK_PREFIX = "SP-"  # the cards the Six-Pack article added carry ids of their own, not table numbers


def is_six_pack(card_id: int | str) -> bool:
    """A card the Six-Pack article added (printed with its own mark, not a table number)."""
    return str(card_id).startswith(SIX_PACK_PREFIX)
