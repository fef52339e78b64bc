"""001 2.0-2.2 opportunity fire: who may fire, at what, when, and once a turn; and a shot due but not offered.

Rule cases judged here (only with the ruleset's opportunity fire on; a shot declared without it is ``001 2.0``):

- ``001 2.0``: an opportunity shot only where the ruleset plays opportunity fire, and only as an answer to the
  enemy's move (in his move play).
- ``001 2.1 once``: one opportunity fire declared in the opponent's turn, no more.
- ``001 2.1 target``: the target is an enemy card that has just moved into a new zone in this play, is face up,
  and shares its zone with none of the firer's cards.
- ``001 2.1 firer``: the firer is a card of the other side on the battlefield, not carried, not in a melee, in
  range and sight of the target, with a weapon that can attack it (AT at armour, HE or SA at soft cards).
- ``001 2.1 spotted``: a hidden firer is turned face up as it declares.
- ``001 2.1 due``: an enemy card came into a new zone where, by the rules read here, a card of the other side
  could fire at it, the turn's shot unused, and the log offers no opportunity to fire (a withheld option).
"""
from __future__ import annotations

from tcforge.engine.actions import Move, Shoot, Step
from tcforge.play.referee.base import Case, RefereeBase, Snap

MODULE = "opportunity"
CASES = (
    Case("001 2.0", MODULE, "opportunity fire only with the ruleset's option on, and only in the enemy's move"),
    Case("001 2.1 once", MODULE, "one opportunity fire declared in the opponent's turn"),
    Case("001 2.1 target", MODULE, "the target just moved into a new zone, is face up, and is not in a melee"),
    Case("001 2.1 firer", MODULE, "the firer may fire at it: on the battlefield, not carried, not in a melee, in "
                                  "range and sight, with a weapon for it"),
    Case("001 2.1 spotted", MODULE, "a hidden firer is turned face up as it declares"),
    Case("001 2.1 due", MODULE, "an opportunity to fire that was due is offered (not withheld)"),
)


class Opportunity(RefereeBase):
    def _weapon_for(self, firer: int, target: int, dist: int) -> bool:
        """9.0 as 2.1 asks: the firer has an attack against the target at that range."""
        units = self.state.units
        f, t = units[firer].profile, units[target].profile
        if t.armored:
            hit = f.hit_short if dist <= 1 else f.hit_long
            pen = f.pen_short if dist <= 1 else f.pen_long
            equipped = any(units[e].profile.card_class == "antitank_rifle" for e in units[firer].equipment)
            return (hit > 0 and pen > 0) or (equipped and dist <= 1)
        return f.he > 0 or (f.sa > 0 and (dist <= 1 or self.rules.fire_sa_long_range))

    def may_fire_at(self, firer: int, target: int, snap: Snap) -> str:
        """Why ``firer`` may not make an opportunity attack at ``target`` in ``snap`` ("" when it may)."""
        units = self.state.units
        at, to = snap.pos[firer], snap.pos[target]
        side = units[firer].side
        if side == units[target].side:
            return "it fires at a card of its own side"
        if at < 0 or to < 0:
            return "it or its target is not on the battlefield"
        if snap.carrier[firer] is not None or not units[firer].profile.combat:
            return "it is carried or no combat card"
        if snap.occ[at][1 - side]:
            return f"it is in a melee at {self.label(at)}"
        dist = self._distance(at, to)
        if dist > self.rules.fire_max_range or not self.sight(self.state, at, to):
            return f"{self.label(to)} is out of its range or sight"
        if not self._weapon_for(firer, target, dist):
            return "it has no weapon that can attack the target there"
        return ""

    def eligible_target(self, target: int, firer_side: int, snap: Snap) -> str:
        """Why ``target`` is no opportunity target for ``firer_side`` in ``snap`` ("" when it is)."""
        play = self.play
        to = snap.pos[target]
        if self.state.units[target].side == firer_side:
            return "it is not an enemy card"
        if play is None or play.action is not Move or len(play.paths.get(target, ())) < 2 or to < 0 \
                or play.paths[target][-1] != to:
            return "it has not just moved into a new zone"
        if target in snap.face_down:
            return "it is face down"
        if snap.carrier[target] is not None:
            return "it is carried"
        if snap.occ[to][firer_side]:
            return f"it is in a melee at {self.label(to)}"
        return ""

    def judge_opportunity_shot(self, line: int, action: Shoot, before: Snap) -> None:
        side = before.player
        firer, target = int(action.firer), int(action.target)
        if not self.rules.opportunity_fire or before.active == side:
            self.flag(line, "001 2.0", f"side {side} makes an opportunity attack with {self.name(firer)} where the "
                                       "rules give none")
        if self.turn.opportunity is not None:
            self.flag(line, "001 2.1 once", f"side {side} declares a second opportunity fire in the turn (the first "
                                            f"at line {self.turn.opportunity})")
        self.turn.opportunity = line
        why = self.eligible_target(target, side, before)
        if why:
            self.flag(line, "001 2.1 target", f"{self.name(firer)} fires at {self.name(target)}: {why}")
        why = self.may_fire_at(firer, target, before)
        if why:
            self.flag(line, "001 2.1 firer", f"{self.name(firer)} makes an opportunity attack: {why}")

    def after_opportunity_shot(self, line: int, action: Shoot, after: Snap) -> None:
        firer = int(action.firer)
        if firer in after.face_down:
            self.flag(line, "001 2.1 spotted", f"{self.name(firer)} declares an opportunity attack and stays hidden")

    def note_due(self, line: int, action: object, before: Snap, after: Snap) -> None:
        """After enemy cards came into a zone: is an opportunity to fire due by the rules read here?

        A group a Minefield, Wire or a Stream stops in a full zone goes back its way (8.0, the project's reading):
        not by a step, to a zone it entered earlier in the play, that is no new zone (2.1 condition 1)."""
        if not self.rules.opportunity_fire or self.turn.opportunity is not None or self.play is None \
                or self.play.action is not Move or after.outcome is not None:
            return
        active = before.active
        moved = [u for u in range(len(before.pos)) if before.pos[u] != after.pos[u] and after.pos[u] >= 0
                 and self.state.units[u].side == active]
        for target in moved:
            if self.eligible_target(target, 1 - active, after):
                continue
            if not isinstance(action, Step) and after.pos[target] in self.play.paths[target][:-1]:
                continue  # 8.0: back its way, no move into a new zone
            for pos in range(len(after.occ)):
                for firer in after.occ[pos][1 - active]:
                    if not self.may_fire_at(firer, target, after):
                        self.opportunity_due = (line, f"{self.name(firer)} could fire at {self.name(target)} "
                                                      f"in {self.label(after.pos[target])}")
                        return

    def judge_due(self, line: int, before: Snap) -> None:
        """The decision after a due opportunity is the other side's, in an opportunity window."""
        due = self.opportunity_due
        if due is None:
            return
        self.opportunity_due = None
        if before.window is None or before.window[0] != "opportunity" or before.window[1] == before.active:
            self.flag(due[0], "001 2.1 due", f"no opportunity fire is offered: {due[1]}")
