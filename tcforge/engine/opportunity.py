"""Opportunity fire, Jeff and Mike's optional rule (source 001, 2.0-2.2).

With the ruleset parameter ``opportunity.fire`` on, a player may answer the
enemy's movement with one ranged attack a turn, like an Interrupt that needs no
card. Each time cards of the active side come into a new zone, the other side
gets an ``opportunity`` window (:mod:`tcforge.engine.windows`) when one of its
cards could fire at one of them: the mover is face up (spotted, perhaps just
now), its zone holds none of the other side's cards (no melee), and the firer
could make that AT, HE or SA attack by the ordinary fire rules (2.1). A hidden
firer is spotted as it declares; the mover's owner may cancel the shot with
Weapon Malfunction (the firer stays spotted); the attack rolls with
``opportunity.modifier`` added (2.2). A fast card that survives unhurt in its
first zone may move on (2.2); :mod:`tcforge.engine.movement` stops a group
broken by the shot, as after mines.
"""
from __future__ import annotations

from tcforge.engine import fire, windows
from tcforge.engine.actions import Action, Shoot
from tcforge.engine.context import Opportunity, Shot
from tcforge.engine.core import CoreState
from tcforge.engine.units import Unit


def on(state: CoreState) -> bool:
    return state.game.rules.opportunity_fire


def targets(state: CoreState, members: list[Unit], to: int) -> list[Unit]:
    """2.1 conditions 1-3: the moved cards now in ``to`` that are face up, in a zone without enemy cards."""
    if to < 0 or not members or state._occ[to][1 - members[0].side]:
        return []
    return [m for m in members if m.pos == to and m.carrier is None and not state.face_down(m.uid)]


def shots(state: CoreState, members: list[Unit], to: int) -> tuple[Shoot, ...]:
    """2.1 condition 4: every attack the other side could make at those targets by the normal combat rules.

    The project's reading: the firer's own last turn does not matter (a card that moved or fired then may still
    fire now), as 2.1 asks only that it be able to make the attack."""
    wanted = {m.uid for m in targets(state, members, to)}
    if not wanted:
        return ()
    board = state.game.board
    reach = state.game.rules.fire_max_range
    enemy = 1 - members[0].side
    out: list[Shoot] = []
    for pos in range(board.size):
        if board.distance(pos, to) > reach:
            continue
        for uid in state._occ[pos][enemy]:
            firer = state._units[uid]
            if firer.carrier is not None:
                continue  # 8.6: a passenger does not fire
            for target, kind, eq in fire.shots(state, firer):
                if target in wanted:
                    out.append(Shoot(uid, target, kind, eq))
    return tuple(out)


def after_step(state: CoreState, members: list[Unit], to: int) -> None:
    """2.0, 2.1: the moving cards came into ``to``; the other side may interrupt with its one opportunity fire."""
    play = state.ctx.play
    if not on(state) or play is None or play.opportunity:
        return
    found = shots(state, members, to)
    if found:
        windows.open_window(state, "opportunity", 1 - members[0].side, Opportunity(found))


def declare(state: CoreState, action: Action) -> None:
    """2.1: the shot is declared: it uses the turn's opportunity, spots a hidden firer, and may be answered."""
    play = state.ctx.play
    assert play is not None, "opportunity fire answers a move of the play"
    play.opportunity = True
    assert isinstance(action, Shoot), f"opportunity fire is a shot, not {action!r}"
    state._spot(int(action.firer))
    shot = Shot(action, opportunity=True)
    if windows.open_window(state, "fire", state.active, shot):
        return  # the mover's owner may answer with Weapon Malfunction
    resolve(state, shot, cancelled=False)


def resolve(state: CoreState, shot: Shot, *, cancelled: bool) -> None:
    """2.2: an ordinary attack with the modifier added; a cancelled one leaves its firer spotted (2.1)."""
    action = shot.action
    firer, victim = state._units[int(action.firer)], state._units[int(action.target)]
    if cancelled or victim.pos < 0 or firer.pos < 0:
        return
    item = state._units[int(action.item)] if action.item >= 0 else None
    fire.resolve_shot(state, firer, victim, str(action.fire), item, extra=state.game.rules.opportunity_modifier)
