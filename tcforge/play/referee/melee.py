"""Melee: the rounds fought, the targets each card may pick, and 001's declared procedure.

Rule cases judged here:

- ``10.0 one round``: one round of melee a zone a turn (001: "only one round ... per terrain zone, per turn"; in
  the rule book every melee is resolved once after the play), in a zone holding cards of both sides.
- ``10.0 once``: each card fires once in a round, at a card of the same zone, and only cards in the zone fire.
- ``10.0 priorities``: infantry and cavalry fire at enemy infantry or cavalry while there is any; tanks at enemy
  tanks while there is any.
- ``001 vehicles vs infantry``: with 001's rule, vehicles attack infantry, cavalry and AT guns in a melee with
  their small arms (or a flamethrower); against trucks any weapon may fire.
- ``001 melee procedure``: the declared procedure: one side gives all its orders, then the other (the attacking,
  active player first unless a card turned the order); the two sides' orders never interleave.
"""
from __future__ import annotations

from tcforge.engine.actions import ChooseMelee, Hold, Target
from tcforge.play.referee.base import Case, RefereeBase, Snap

MODULE = "melee"
CASES = (
    Case("10.0 one round", MODULE, "one melee round a zone a turn, where both sides have cards"),
    Case("10.0 once", MODULE, "each card of the zone fires once a round, at a card of the zone"),
    Case("10.0 priorities", MODULE, "infantry/cavalry at infantry/cavalry, tanks at tanks, while there are any"),
    Case("001 vehicles vs infantry", MODULE, "vehicles use SA (or FT) against infantry, cavalry and AT guns in melee"),
    Case("001 melee procedure", MODULE, "one side declares and fires, then the other; orders never interleave"),
)


class MeleeReferee(RefereeBase):
    def judge_melee_choice(self, line: int, action: ChooseMelee, before: Snap) -> None:
        pos = int(action.pos)
        if pos < 0 or not (before.occ[pos][0] and before.occ[pos][1]):
            self.flag(line, "10.0 one round", f"a melee at {self._where(pos)}, where the two sides do not meet")
        self.melee_at = None

    def _round(self, line: int, pos: int) -> None:
        """A new melee round begins at ``pos`` (chosen, or the only one left)."""
        self.melee_at = pos
        self.melee_orders = []
        if pos in self.turn.melees:
            self.flag(line, "10.0 one round", f"a second melee round at {self.label(pos)} in the same turn")
        self.turn.melees.add(pos)

    def judge_order(self, line: int, action: Target | Hold, before: Snap) -> None:
        side = before.player
        melee = self.state.ctx.melee
        if melee is None or melee.at is None:
            return
        pos = melee.at
        if pos != self.melee_at:  # a round begins: chosen (the choice forgot the last), or the only one left
            self._round(line, pos)
        firer = int(action.card) if isinstance(action, Hold) else int(action.firer)
        orders = self.melee_orders
        if any(card == firer for _, card in orders):
            self.flag(line, "10.0 once", f"{self.name(firer)} is given a second order in the melee at {self.label(pos)}")
        if self.rules.melee_procedure == "declared" and orders and orders[-1][0] != side \
                and any(s == side for s, _ in orders):
            self.flag(line, "001 melee procedure", f"side {side} gives an order at {self.label(pos)} after the other "
                                                   "side's orders began")
        orders.append((side, firer))
        if before.pos[firer] != pos or self.state.units[firer].side != side:
            self.flag(line, "10.0 once", f"{self.name(firer)} is no card of side {side} in the melee at {self.label(pos)}")
            return
        if not isinstance(action, Target):
            return
        target = int(action.target)
        units = self.state.units
        if before.pos[target] != pos or units[target].side == side:
            self.flag(line, "10.0 once", f"{self.name(firer)} fires at {self.name(target)}, no enemy card of the "
                                         f"melee at {self.label(pos)}")
            return
        f, t = units[firer].profile, units[target].profile
        enemies = [units[u].profile for u in before.occ[pos][1 - side]]
        if f.infantry and not t.infantry and any(e.infantry for e in enemies):
            self.flag(line, "10.0 priorities", f"{self.name(firer)} fires at {self.name(target)} while enemy infantry "
                                               "or cavalry is in the melee")
        elif f.tank and not t.tank and any(e.tank for e in enemies):
            self.flag(line, "10.0 priorities", f"{self.name(firer)} fires at {self.name(target)} while enemy tanks "
                                               "are in the melee")
        if (self.rules.melee_vehicle_fire_at_soft == "sa_only" and f.vehicle and (t.infantry or t.at_gun)
                and str(action.fire) not in ("sa", "ft")):
            self.flag(line, "001 vehicles vs infantry", f"{self.name(firer)} attacks {self.name(target)} with "
                                                        f"{action.fire!r}, not its small arms")
