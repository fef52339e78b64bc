"""001 1.0-1.9 hidden units and spotting: what each side may know, and when cards turn face up or down.

Rule cases judged here (only with the ruleset's hidden units on):

- ``001 1.0 hidden target``: a ranged attack (a fire play's or an opportunity fire) is aimed at a card its firer's
  side can see: a face-down card is no target (artillery, air strikes, mines, Wire and Sniper, which 1.8 lets
  fall on hidden cards, are card plays, not aimed shots).
- ``001 1.2``: a card that makes a ranged attack is revealed to resolve it.
- ``001 1.0``: at the end of each player's turn every card an enemy card spots is face up: within two zones with
  a clear line (1.1), the spotter not in a melee (1.5) nor in a reserve (1.9); in a zone with a terrain card (or
  Foxholes or Bunkers) a non-infantry card is spotted only from next door, infantry and cavalry only by an
  enemy in its own zone (1.2).
- ``001 1.6``: at the end of each player's turn a face-up card that no enemy card sees (1.1) is face down again
  (breaking contact; the terrain does not matter).
"""
from __future__ import annotations

from tcforge.engine.actions import Shoot
from tcforge.play.referee.base import Case, RefereeBase, Snap

MODULE = "spotting"
CASES = (
    Case("001 1.0 hidden target", MODULE, "no ranged attack at a card its firer's side cannot see"),
    Case("001 1.2", MODULE, "a card making a ranged attack is revealed"),
    Case("001 1.0", MODULE, "at each turn's end every card an enemy spots is face up (1.1, 1.2, 1.5, 1.9)"),
    Case("001 1.6", MODULE, "at each turn's end a face-up card no enemy sees is face down again"),
)


class Spotting(RefereeBase):
    def _unit_card(self, uid: int) -> bool:
        p = self.state.units[uid].profile
        return p.combat or p.truck

    def _in_cover(self, pos: int) -> bool:
        """1.2: a zone with a terrain card, Foxholes or Bunkers (not clear)."""
        return self.state.terrain[pos] is not None or self.state.forts[pos] is not None

    def spotted_by_rule(self, uid: int, snap: Snap) -> bool:
        """1.0-1.5, 1.9: an enemy card may spot the card now."""
        unit = self.state.units[uid]
        at = snap.pos[uid]
        enemy = 1 - unit.side
        if at < 0:
            return False
        if snap.occ[at][enemy]:
            return True  # 1.2: an enemy came into its zone (a melee forces it into the open)
        cover = self._in_cover(at)
        if cover and unit.profile.infantry:
            return False
        for pos in range(len(snap.occ)):
            spotters = [e for e in snap.occ[pos][enemy] if self._unit_card(e)]
            if not spotters or snap.occ[pos][unit.side]:  # 1.5: a spotter in a melee spots nothing new
                continue
            dist = self._distance(pos, at)
            if (dist <= 1 if cover else self.in_view(self.state, pos, at)):
                return True
        return False

    def in_contact(self, uid: int, snap: Snap) -> bool:
        """1.6: an enemy card on the battlefield sees the card's zone (terrain aside)."""
        unit = self.state.units[uid]
        at = snap.pos[uid]
        return at >= 0 and any(
            any(self._unit_card(e) for e in snap.occ[pos][1 - unit.side]) and self.in_view(self.state, pos, at)
            for pos in range(len(snap.occ)))

    def judge_aimed(self, line: int, action: Shoot, before: Snap) -> None:
        target = int(action.target)
        if self.rules.hidden_units and target in before.face_down:
            self.flag(line, "001 1.0 hidden target", f"{self.name(int(action.firer))} fires at {self.name(target)}, "
                                                     "a face-down card its side cannot see")

    def judge_revealed(self, line: int, action: Shoot, after: Snap) -> None:
        firer = int(action.firer)
        if self.rules.hidden_units and firer in after.face_down:
            self.flag(line, "001 1.2", f"{self.name(firer)} attacks and stays face down")

    def judge_spotting(self, line: int, before: Snap, after: Snap) -> None:
        """1.0 and 1.6 as a player's turn ends: the cards face up are exactly the ones the rules spot."""
        if not self.rules.hidden_units or after.outcome is not None:
            return
        for uid in range(len(after.pos)):
            if after.pos[uid] < 0 or not self._unit_card(uid) or after.carrier[uid] is not None:
                continue
            hidden = uid in after.face_down
            if hidden and self.spotted_by_rule(uid, after):
                self.flag(line, "001 1.0", f"{self.name(uid)} at {self.label(after.pos[uid])} stays face down at the "
                                           "turn's end, though an enemy card spots it")
            elif not hidden and not self.in_contact(uid, after):
                self.flag(line, "001 1.6", f"{self.name(uid)} at {self.label(after.pos[uid])} stays face up at the "
                                           "turn's end, though no enemy card sees it")
