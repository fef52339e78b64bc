"""Exact hit and kill odds, from the engine's own attack resolution.

The odds of one attack are a walk over its chance outcomes: every to-hit roll
through :func:`tcforge.engine.attacks.to_hit`, every To Kill roll through
:func:`~tcforge.engine.attacks.to_kill`, the functions the game state calls
when its dice land. Probabilities are exact fractions, never samples.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Any

from tcforge.data.card_ids import FORTIFICATIONS
from tcforge.data.dataset import GameData
from tcforge.engine import arrivals
from tcforge.engine.attacks import IMMOBILIZE, KILL, NO_EFFECT, Attack, Odds, RollLine, attack_odds
from tcforge.engine.game import Game
from tcforge.engine.state import GameState

TENTH = Fraction(1, 10)
__all__ = ["Odds", "OddsError", "RollLine", "attack_odds", "fire_odds", "setup", "walk_state"]


class OddsError(ValueError):
    """The firer cannot make that attack; the message says why."""


def setup(data: GameData, firer: Any, target: Any, rng: str, terrain: str | None, smoke: bool) -> tuple[GameState, int, int]:
    """A two-card position for one attack: the firer, and the target at the range asked, in the terrain asked."""
    game = Game.create(data, columns=1, ranks_per_side=2)
    positions = {"short": (1, 2), "long": (0, 2), "melee": (2, 2)}
    if rng not in positions:
        raise OddsError(f"unknown range '{rng}': use short, long or melee")
    at, target_pos = positions[rng]
    state = GameState.new(game, {0: [(firer.id, at)], 1: [(target.id, target_pos)]}, first_player=0, initial_hand=0)
    if terrain and terrain.lower() != "clear":
        card = data.cards.get(terrain)
        if card.id in FORTIFICATIONS:
            arrivals.fortify(state, target_pos, 1, card.id)  # a free card of the position
        elif card.id in game.terrain_rows:
            arrivals.lay_terrain(state, target_pos, card.id)
        else:
            raise OddsError(f"'{terrain}' is not a terrain card")
    if smoke:
        arrivals.lay_smoke(state, target_pos, 1)
    return state, 0, 1


def choose_kind(state: GameState, firer_uid: int, target_uid: int, melee_range: bool) -> str:
    """The fire a player would use: AT against armor, else the better of HE and SA (TMV/FT in melee)."""
    from tcforge.engine import fire, melee
    firer, target = state.units[firer_uid], state.units[target_uid]
    kinds = ("at", "tmv", "ft", "he", "sa") if melee_range else ("at", "he", "sa")
    best, best_kill = "", Fraction(-1)
    for kind in kinds:
        attack = (melee.melee_attack(state, firer, target, kind) if melee_range
                  else fire.build_attack(state, firer, target, kind))
        if attack is not None:
            odds = attack_odds(attack, state.game.fire_rules)
            if odds.kill > best_kill:
                best, best_kill = kind, odds.kill
    return best


def fire_odds(data: GameData, firer_ref: Any, target_ref: Any, *, rng: str = "short", terrain: str | None = None,
              smoke: bool = False, flank_shot: bool = False, kind: str | None = None) -> Odds:
    """Exact odds of ``firer`` firing at ``target`` (cards by number, name or alias)."""
    from tcforge.engine import fire, melee
    firer = data.cards.get(firer_ref) if not hasattr(firer_ref, "id") else firer_ref
    target = data.cards.get(target_ref) if not hasattr(target_ref, "id") else target_ref
    for card, role in ((firer, "fire"), (target, "be fired at")):
        if card.type not in ("vehicle", "at_gun", "infantry"):
            raise OddsError(f"{card.name} is a {card.type.replace('_', ' ')} card: only vehicles, AT guns, infantry and "
                            f"cavalry can {role} (equipment fires with its squad: give the squad, and --fire)")
    state, f_uid, t_uid = setup(data, firer, target, rng, terrain, smoke)
    melee_range = rng == "melee"
    kind = kind or choose_kind(state, f_uid, t_uid, melee_range)
    f, t = state.units[f_uid], state.units[t_uid]
    attack = (melee.melee_attack(state, f, t, kind) if melee_range else fire.build_attack(state, f, t, kind)) if kind else None
    if attack is None:
        raise OddsError(f"{firer.name} cannot fire {kind.upper() if kind else 'anything'} at {target.name} at {rng} range"
                        + (f" in {terrain}" if terrain else ""))
    if flank_shot:
        attack = Attack(attack.kind, attack.hit, attack.modifier, attack.anti_tank, attack.vehicle, attack.penetration,
                        attack.armor_front, attack.armor_side, True, attack.melee)
    return attack_odds(attack, state.game.fire_rules)


def walk_state(state: GameState, target_uid: int) -> dict[str, Fraction]:
    """Odds by walking the game state's chance nodes (slow; checks that attack_odds agrees with the state)."""
    from tcforge.engine.state import CHANCE
    out: dict[str, Fraction] = {KILL: Fraction(0), IMMOBILIZE: Fraction(0), NO_EFFECT: Fraction(0)}

    def walk(s: GameState, p: Fraction) -> None:
        if s.current_player() == CHANCE:
            for action, _ in s.chance_outcomes():
                child = s.clone()
                child.apply_action(action)
                walk(child, p * TENTH)
            return
        target = s.units[target_uid]
        if target.pos < 0:
            out[KILL] += p
        elif target.immobilized:
            out[IMMOBILIZE] += p
        else:
            out[NO_EFFECT] += p

    walk(state, Fraction(1))
    return out

