"""Supply, plays, stacking, the hand and arrivals: what a side may do with its turn.

Rule cases judged here:

- 4.0/5.0 Supply: a play that costs a point is made with a point left (``5.0``); no more points are spent in a
  side turn than it has (``4.0``: two, one more for Coordination, one less for Confusion or for a
  reinforcement's arrival under 20.0 rule 5).
- 6.3: stacking at the end of each side turn (combat cards and trucks); a card eliminated to unstack comes from
  a position over the limit.
- 6.4: discards only above the hand limit, and not above it at the turn's end.
- 20.0/17.5 arrivals: cards appear on the battlefield only as a scenario's reinforcements, in their side's
  turn, game turn and positions; under 20.0 rule 5 infantry and guns arrive with the transports they ride, and
  the arrival is the cards' move.
"""
from __future__ import annotations

from typing import Any

from tcforge.data.card_ids import CONFUSION, COORDINATION, PATH
from tcforge.engine.actions import Action, Discard, Draw, Exit, Fire, Interrupt, Move, PlayCard, Unstack
from tcforge.engine.context import Phase
from tcforge.play.hooks import engine_pos
from tcforge.play.referee.base import Case, Play, RefereeBase, Snap
from tcforge.scenarios.special_rules import HandLimitGrace, ReinforcementArrival, SideSupply

MODULE = "supply_and_plays"
CASES = (
    Case("4.0", MODULE, "no more Supply points spent in a side turn than it has (Coordination, Confusion, 20.0 rule 5)"),
    Case("5.0", MODULE, "a play that costs a point is made with a point left; a card does not move and fire in one turn"),
    Case("6.3", MODULE, "stacking at the end of each side turn; a card unstacked only from a position over the limit"),
    Case("6.4", MODULE, "discards only above the hand limit, and not above it at the turn's end"),
    Case("20.0", MODULE, "cards arrive only as the scenario's reinforcements (turn, side, positions), loaded on "
                         "their transports; the arrival is their move"),
)


class SupplyAndPlays(RefereeBase):
    def judge_play(self, line: int, action: Action, before: Snap) -> None:
        """A decision of the active side in its play: what it costs, which play it opens."""
        state, rules, side = self.state, self.rules, before.player
        if before.phase == Phase.PLAY:
            cost = {Move: rules.turn_move_cost, Exit: rules.turn_move_cost, Fire: rules.turn_fire_cost,
                    Draw: rules.turn_draw_cost}.get(type(action))
            if isinstance(action, PlayCard):
                card = state.units[int(action.card)].profile
                if card.card_id == COORDINATION:
                    if self.turn.extra < rules.turn_max_supply_points - self.supply_points(side):
                        self.turn.extra += 1
                    cost = 0
                elif card.kind == "instant":
                    cost = rules.turn_instant_cost
            if cost:
                if before.supply < cost:
                    self.flag(line, "5.0", f"side {side} makes a {action.kind} play with {before.supply} Supply point(s) left")
                self.turn.spent += cost
                allowance = self.supply_points(side) + self.turn.extra
                if self.turn.spent > allowance:
                    self.flag(line, "4.0", f"side {side} spends Supply point {self.turn.spent} of a turn that has {allowance}")
            if isinstance(action, Move | Fire):
                self.play = Play(type(action), int(action.source), line)
        elif before.phase == Phase.MOVE and isinstance(action, Interrupt) and self.play is not None \
                and state.units[int(action.card)].profile.card_id == PATH:
            self.play.path_card = True
        elif before.phase == Phase.DISCARD and isinstance(action, Unstack):
            self.judge_unstack(line, int(action.card), side)
        elif before.phase == Phase.DISCARD and isinstance(action, Discard):
            limit = self.hand_limit(side)
            if before.hand[side] <= limit:
                self.flag(line, "6.4", f"side {side} discards with {before.hand[side]} card(s) in hand, "
                                       f"within the limit of {limit}")

    def judge_window_card(self, action: Action) -> None:
        if isinstance(action, Interrupt) and self.state.units[int(action.card)].profile.card_id == CONFUSION:
            self.turn.extra -= 1

    def _stack(self, pos: int, side: int) -> tuple[int, int]:
        """6.3: the side's combat cards and trucks at ``pos``."""
        units = self.state.units
        here = self.state.occ[pos][side]
        return (sum(1 for u in here if units[u].profile.combat), sum(1 for u in here if units[u].profile.truck))

    def judge_unstack(self, line: int, uid: int, side: int) -> None:
        """6.3 at the turn's end: a card is eliminated to unstack only from a position over the limit for its kind."""
        unit = self.state.units[uid]
        if unit.side != side or unit.pos < 0:
            self.flag(line, "6.3", f"side {side} unstacks {self.name(uid)}, which is not its card on the battlefield")
            return
        combat, trucks = self._stack(unit.pos, side)
        over = (trucks > self.rules.stacking_trucks) if unit.profile.truck else (
            unit.profile.combat and combat > self.rules.stacking_combat_cards)
        if not over:
            self.flag(line, "6.3", f"side {side} eliminates {self.name(uid)} to unstack {self.label(unit.pos)}, "
                                   f"which holds {combat} combat card(s) and {trucks} truck(s), within the limits")

    def judge_arrivals(self, line: int, before: Snap, after: Snap) -> None:
        """Cards that appear on the battlefield other than by moving: a scenario's reinforcements only (the set-up's
        cards their owners lay are judged by :mod:`.setup_and_arrivals`)."""
        if before.phase == Phase.DEPLOY:
            return
        state = self.state
        moving = self.play is not None and self.play.action is Move and before.phase != Phase.ARRIVE
        for uid in range(len(after.pos)):
            new = after.pos[uid]
            if new < 0:
                continue
            old = before.pos[uid] if uid < len(before.pos) else None
            if old is not None and (old >= 0 or (old == -1 and moving)):
                continue
            unit = state.units[uid]
            side_id = self.scenario.grid.sides[unit.side]
            ok = False
            for group in self.scenario.side(side_id).reinforcements:
                spots = {engine_pos(self.scenario, p) for p in group.positions}
                cards = {e.card_id for e in group.forces}
                if unit.profile.card_id not in cards or (spots and new not in spots):
                    continue
                on_its_turn = group.turn is not None and group.turn == after.turn and after.active == unit.side
                by_its_card = group.card_played is not None and state.arrivals.get(group.id) == after.turn
                ok = ok or on_its_turn or by_its_card
            if not ok:
                self.flag(line, "20.0", f"{self.name(uid)} of side {unit.side} appears at {self.label(new)} in turn "
                                        f"{after.turn} (side {after.active} to play) as no reinforcement of the scenario")

    def judge_reinforcements(self, line: int, before: Snap, after: Snap) -> None:
        """20.0 rule 5 (a scenario's reinforcement_arrival rule): the arrival is the cards' move. It costs its
        Supply points, each card has used ``move_positions`` of its movement (so it does not fire this turn), and
        infantry and guns come aboard or behind their transports."""
        arrived = [(i, g) for i, side in enumerate(self.scenario.sides) for g in side.reinforcements
                   if g.id in after.arrivals and g.id not in before.arrivals]
        for side, group in arrived:  # their owner places them (before the play, or as the card is played)
            made = [u.uid for u in self.state.units[len(before.pos):] if u.side == side]
            self.turn.arriving.append((side, group, made))
        if after.phase == Phase.ARRIVE:
            return  # judged once their owner has placed them all
        arriving, self.turn.arriving = self.turn.arriving, []
        for side, group, made in arriving:
            side_id = self.scenario.grid.sides[side]
            new = [self.state.units[u] for u in made if self.state.units[u].pos >= 0]
            for rule in self.scenario.rules(ReinforcementArrival):
                if (rule.sides and side_id not in rule.sides) or not new:
                    continue
                self.turn.extra -= rule.supply_points
                self.turn.may_continue = rule.fast_may_continue
                for unit in new:
                    self.turn.arrived[unit.uid] = rule.move_positions
                if rule.loaded:
                    self._judge_aboard(line, group, new)

    def _judge_aboard(self, line: int, group: Any, new: list[Any]) -> None:
        """20.0 rule 5: every loaded or towed card of ``group`` arrives on a position with a transport it may ride
        (two tanks for a squad the scenario puts on a pair), no transport taken twice."""
        rides: dict[int, list[tuple[int, int]]] = {}  # rider card id -> (transport card id, transports it takes)
        for entry in group.forces:
            ride = entry.loaded_on or entry.towed_by
            if ride is not None:
                rides.setdefault(entry.card_id, []).append((ride, max(1, entry.carriers_per_card)))
        free: dict[tuple[int, int], int] = {}  # (position, card id) -> arrived cards of that id not yet ridden
        for unit in new:
            key = (unit.pos, unit.profile.card_id)
            free[key] = free.get(key, 0) + 1
        for unit in new:
            options = rides.get(unit.profile.card_id)
            if not options:
                continue
            taken = next((((unit.pos, card), n) for card, n in options if free.get((unit.pos, card), 0) >= n), None)
            if taken is None:
                self.flag(line, "20.0", f"{self.name(unit.uid)} arrives with {group.id} at {self.label(unit.pos)} "
                                        "with no transport left there for it; it comes aboard its transport")
                continue
            free[taken[0]] -= taken[1]

    def supply_points(self, side: int) -> int:
        """The side's Supply points a turn (4.0 a): the ruleset's, or the scenario's side_supply rule's."""
        side_id = self.scenario.grid.sides[side]
        return next((r.points for r in self.scenario.rules(SideSupply) if side_id in r.sides), self.rules.turn_supply_points)

    def hand_limit(self, side: int) -> int:
        limit = self.rules.turn_hand_limit
        for rule in self.scenario.rules(HandLimitGrace):
            if rule.sides and self.scenario.grid.sides[side] not in rule.sides:
                continue
            arrived = self.state.arrivals.get(rule.after)
            if arrived is not None and self.state.turn <= arrived + rule.turns:
                return 1000
        return limit

    def end_of_side_turn(self, line: int, side: int, turn: int) -> None:
        """6.3 and 6.4 for the side whose turn ended (the other side's arrivals may stand above the limits till
        the end of its own turn, 20.0 rule 5); an overstacked position is reported as it begins, not each turn."""
        state = self.state
        rules = self.rules
        for pos in range(len(state.occ)):
            combat = sum(1 for u in state.occ[pos][side] if state.units[u].profile.combat)
            trucks = sum(1 for u in state.occ[pos][side] if state.units[u].profile.truck)
            key = ("stack", (pos, side))
            if combat <= rules.stacking_combat_cards and trucks <= rules.stacking_trucks:
                self.seen.discard(key)
            elif key not in self.seen:
                self.seen.add(key)
                self.flag(line, "6.3", f"side {side} ends its turn {turn} with {combat} combat card(s) and {trucks} "
                                       f"truck(s) at {self.label(pos)} (at most {rules.stacking_combat_cards} and "
                                       f"{rules.stacking_trucks})")
        held = len(state.hand[side])
        limit = self.hand_limit(side)
        if held > limit:
            self.flag(line, "6.4", f"side {side} ends turn {turn} holding {held} cards (hand limit {limit})")
