"""Set-up and arrivals placed by their owners: where a card may be laid, where an arriving group may come in.

Rule cases judged here:

- 6.2: a card of a set-up zone is laid by its owner on a position of its zone (or the positions its scenario names),
  within the stacking limits (6.3), in the set-up before the first turn; equipment goes on a card of the kind the
  scenario names, one of a kind per squad (8.7).
- 8.5: an arriving squad, gun or truck does not come into a clear position held by enemy tanks unless a tank of its
  own comes with it or stands there.
- 8.6.1: an arriving gun never comes into an enemy-held position (a towed gun does not go into a melee).
- 10.0: arriving cards that come into an enemy-held position began its melee: they are its attackers.
"""
from __future__ import annotations

from tcforge.engine.actions import Action, Assign, Place
from tcforge.engine.context import Phase
from tcforge.play.hooks import engine_pos
from tcforge.play.referee.base import Case, RefereeBase, Snap

MODULE = "setup_and_arrivals"
CASES = (
    Case("6.2", MODULE, "a set-up card laid by its owner in its zone within the stacking limits; equipment on a card "
                        "of the kind named, one of a kind"),
    Case("8.5 arrival", MODULE, "no arriving squad, gun or truck comes into a clear position of enemy tanks without a tank"),
    Case("8.6.1", MODULE, "no arriving gun comes into an enemy-held position"),
    Case("10.0 arrival", MODULE, "arriving cards that come into an enemy-held position are the attackers of its melee"),
)


class SetupAndArrivals(RefereeBase):
    def judge_placing(self, line: int, action: Action, before: Snap, after: Snap) -> None:
        """A Place or Assign decision of the set-up (``deploy``) or of an arrival (``arrive``)."""
        if type(action) is Assign:
            self._judge_assign(line, int(action.item), int(action.carrier), before.player)
            return
        if type(action) is not Place:
            return
        moved = [uid for uid in range(len(before.pos)) if before.pos[uid] < 0 <= after.pos[uid]]
        pos = int(action.pos)
        side = before.player
        if before.phase == Phase.DEPLOY:
            self._judge_deploy(line, moved, pos, side, after)
        elif before.phase == Phase.ARRIVE:
            self._judge_arrival(line, moved, pos, side, before)

    def _zone(self, side: int) -> set[int]:
        own = self.scenario.side(self.scenario.grid.sides[side])
        spots = {engine_pos(self.scenario, p) for p in own.zone}
        for entry in own.forces:
            spots |= {engine_pos(self.scenario, p) for p in entry.placement.positions}
        return spots

    def _judge_deploy(self, line: int, moved: list[int], pos: int, side: int, after: Snap) -> None:
        units = self.state.units
        for uid in moved:
            if units[uid].side != side:
                self.flag(line, "6.2", f"side {side} lays {self.name(uid)}, a card of the other side")
        if pos not in self._zone(side):
            self.flag(line, "6.2", f"side {side} lays {', '.join(self.name(u) for u in moved)} at {self.label(pos)}, "
                                   "outside its set-up positions")
        here = after.occ[pos][side]
        combat = sum(1 for u in here if units[u].profile.combat and not units[u].profile.truck)
        trucks = sum(1 for u in here if units[u].profile.truck)
        if combat > self.rules.stacking_combat_cards or trucks > self.rules.stacking_trucks:
            self.flag(line, "6.2", f"side {side} lays a card at {self.label(pos)}, which then holds {combat} combat "
                                   f"card(s) and {trucks} truck(s) (at most {self.rules.stacking_combat_cards} and "
                                   f"{self.rules.stacking_trucks} at set-up, 6.3)")

    def _judge_assign(self, line: int, item: int, carrier: int, side: int) -> None:
        units = self.state.units
        kinds = {e.carrier for s in self.scenario.sides for e in s.forces if e.carrier is not None}
        kinds |= {e.carrier for s in self.scenario.sides for g in s.reinforcements for e in g.forces
                  if e.carrier is not None}
        taker = units[carrier]
        if taker.side != side or units[item].side != side or taker.pos < 0:
            self.flag(line, "6.2", f"side {side} puts {self.name(item)} on {self.name(carrier)}, not its own card "
                                   "on the battlefield")
        elif taker.profile.card_id not in kinds:
            self.flag(line, "6.2", f"side {side} puts {self.name(item)} on {self.name(carrier)}, a card the "
                                   "scenario names for no equipment")
        same = [e for e in taker.equipment if e != item and units[e].profile.card_id == units[item].profile.card_id]
        if same:
            self.flag(line, "6.2", f"{self.name(carrier)} carries two {units[item].profile.name} (8.7: one of a kind)")

    def _judge_arrival(self, line: int, moved: list[int], pos: int, side: int, before: Snap) -> None:
        units = self.state.units
        enemies = before.occ[pos][1 - side]
        if not moved or not enemies:
            return
        cards = [units[u] for u in moved]
        if any(c.profile.at_gun for c in cards):
            self.flag(line, "8.6.1", f"{', '.join(self.name(u) for u in moved)} arrive at {self.label(pos)}, held by "
                                     "the enemy, with a gun (a towed gun never goes into a melee)")
        clear = self.state.terrain[pos] is None and self.state.water[pos] is None
        if (clear and self.rules.movement_tank_restriction_in_clear
                and any(c.profile.infantry or c.profile.at_gun or c.profile.truck for c in cards)
                and not any(c.profile.tank for c in cards)
                and any(units[u].profile.tank and u not in before.face_down for u in enemies)
                and not any(units[u].profile.tank for u in before.occ[pos][side])):
            self.flag(line, "8.5 arrival", f"{', '.join(self.name(u) for u in moved)} arrive at {self.label(pos)}, a clear "
                                   "position held by enemy tanks, with no tank of their own")
        for card in cards:
            if card.entered_from is None and card.pos == pos:
                self.flag(line, "10.0 arrival", f"{self.name(card.uid)} arrives at {self.label(pos)}, held by the enemy, and "
                                        "is not an attacker of its melee")
