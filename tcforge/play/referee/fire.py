"""Ranged fire in a fire play: who fires, from where, at what.

Rule cases judged here:

- 5.0 b: a fire play uses at most three cards, all of the play's position; ``5.0``: a card does not fire after
  moving (nor in the turn it arrived, 20.0 rule 5), nor in a second play.
- 8.6: a carried squad does not fire.
- 9.1: fire at most two positions away, never into one's own position outside a melee.
- 9.2 (9.2.1, 9.5.1 c): at two positions, a line of sight computed here (hills, blocking terrain, Smoke).
- 001 Ranged Fire and Melee: a card in a melee fires only in it, and no card fires into a melee from outside.
"""
from __future__ import annotations

from tcforge.engine.actions import Fire, Shoot, Smoke
from tcforge.play.referee.base import Case, RefereeBase, Snap

MODULE = "fire"
CASES = (
    Case("5.0 b", MODULE, "a fire play: at most three cards, all from the play's position"),
    Case("8.6", MODULE, "a carried squad does not fire"),
    Case("9.1", MODULE, "fire at most two positions away, not into one's own position outside a melee"),
    Case("9.2", MODULE, "a line of sight at two positions (hills, blocking terrain, Smoke)"),
    Case("001 ranged fire and melee", MODULE, "cards in a melee fire only in it; no ranged fire into a melee"),
)


class FireReferee(RefereeBase):
    def judge_shot(self, line: int, action: Shoot | Smoke, before: Snap) -> None:
        state = self.state
        firer = int(action.firer)
        at = before.pos[firer]
        play = self.play
        if play is None or play.action is not Fire:
            self.flag(line, "5.0 b", f"{self.name(firer)} fires outside a fire play")
            return
        if at != play.source:
            self.flag(line, "5.0 b", f"{self.name(firer)} fires from {self.label(at) if at >= 0 else 'off the table'}, "
                                     f"not from the play's position {self.label(play.source)}")
        if firer not in play.cards:
            play.cards.add(firer)
            if len(play.cards) > self.rules.turn_cards_per_action:
                self.flag(line, "5.0 b", f"card {len(play.cards)} fires in one play (at most {self.rules.turn_cards_per_action})")
        if firer in self.turn.moved:
            self.flag(line, "5.0", f"{self.name(firer)} fires after moving this turn")
        elif firer in self.turn.arrived:
            self.flag(line, "5.0", f"{self.name(firer)} fires in the turn it arrived (its arrival is its move, 20.0 rule 5)")
        elif self.turn.fired.get(firer, play.line) != play.line and not self.rules.turn_card_may_fire_twice:
            self.flag(line, "5.0", f"{self.name(firer)} fires in a second play this turn")
        self.turn.fired.setdefault(firer, play.line)
        if before.carrier[firer] is not None:
            self.flag(line, "8.6", f"{self.name(firer)} fires while carried")
        smoke = isinstance(action, Smoke)
        target_pos = int(action.pos) if isinstance(action, Smoke) else before.pos[int(action.target)]
        if at < 0 or target_pos < 0:
            return
        dist = self._distance(at, target_pos)
        what = f"{self.label(target_pos)}" if isinstance(action, Smoke) else self.name(int(action.target))
        if dist == 0 and not smoke:
            self.flag(line, "9.1", f"{self.name(firer)} fires at {what} in its own position outside a melee")
        elif dist > self.rules.fire_max_range:
            self.flag(line, "9.1", f"{self.name(firer)} fires at {what}, {dist} positions away "
                                   f"(range {self.rules.fire_max_range})")
        elif not self.sight(state, at, target_pos):
            self.flag(line, "9.2", f"{self.name(firer)} fires at {what} with no line of sight "
                                   f"from {self.label(at)} to {self.label(target_pos)}")
        self.judge_apart(line, firer, at, target_pos, before)

    def judge_apart(self, line: int, firer: int, at: int, target_pos: int, before: Snap) -> None:
        """001 Ranged Fire and Melee: both the firer's zone and the target's hold no melee of the firer's."""
        if not self.rules.fire_melee_excludes_ranged or at < 0 or target_pos < 0 or at == target_pos:
            return
        side = self.state.units[firer].side
        if before.occ[at][1 - side]:
            self.flag(line, "001 ranged fire and melee", f"{self.name(firer)} fires out of the melee at "
                                                         f"{self.label(at)}")
        elif before.occ[target_pos][side]:
            self.flag(line, "001 ranged fire and melee", f"{self.name(firer)} fires into the melee at "
                                                         f"{self.label(target_pos)}")
