"""Movement: every step of a move play, its pace, its stops, and the way out of a melee.

Rule cases judged here:

- 5.0 a: a move play uses at most three cards, all of one position (a squad on two tanks is one of three; 8.2
  groups count card by card); a card does not move after firing, nor twice, in one side turn (``5.0``).
- 8.0: every step goes to an adjacent position; 8.3: the reserve is adjacent to the rearmost rank only, and a
  card entering the reserve does not come back in the play.
- 8.1: fast cards enter two positions, slow ones one (a carried squad goes at its carrier's pace).
- 8.4: slowing terrain is entered as the first step only and ends the move (a Path card lets one through).
- 8.5: a position with enemy cards ends the move; clear ground held by enemy tanks is entered by infantry, guns
  and trucks only beside a friendly tank (001 1.0: a hidden tank bars nobody).
- 9.3.2: an immobilised card does not move.
- 10.0: a card that entered an enemy-held position, and so began a melee, leaves it (while the melee lasts)
  only back to the position it came from.
- 11.0: no vehicle or AT gun enters a position barring them.
"""
from __future__ import annotations

from tcforge.engine.actions import Move
from tcforge.engine.board import DISCARDED, RESERVE
from tcforge.engine.state import GameState
from tcforge.play.referee.base import Case, RefereeBase, Snap

MODULE = "movement"
CASES = (
    Case("5.0 a", MODULE, "a move play: at most three cards, all from the play's position"),
    Case("8.0", MODULE, "every step goes to an adjacent position"),
    Case("8.1", MODULE, "fast cards enter two positions, slow ones one (a rider at its carrier's pace)"),
    Case("8.3", MODULE, "the reserve is adjacent to the rearmost rank only"),
    Case("8.4", MODULE, "slowing terrain only as the first step, and it ends the move"),
    Case("8.5", MODULE, "enemy cards end the move; no infantry, gun or truck into clear ground held by enemy tanks "
                        "without a friendly tank"),
    Case("9.3.2", MODULE, "an immobilised card does not move"),
    Case("10.0", MODULE, "a card that began a melee by entering leaves only back the way it came"),
    Case("11.0", MODULE, "no vehicle or AT gun comes into a position barring them"),
)


class Movement(RefereeBase):
    def _slows(self, state: GameState, pos: int) -> bool:
        """8.4 and 11.1: the terrain, or a Stream or Swamp played on it, slows movement."""
        row = self._terrain_row(state, pos)
        water = state.water[pos]
        return bool(row is not None and row.slows) or bool(water is not None and self.game.terrain_rows[water].slows)

    def _bars(self, state: GameState, pos: int) -> bool:
        """11.0: no vehicles or AT guns in the terrain (or the water played on it)."""
        row = self._terrain_row(state, pos)
        water = state.water[pos]
        return bool(row is not None and row.no_vehicles) or bool(water is not None and self.game.terrain_rows[water].no_vehicles)

    def judge_moves(self, line: int, before: Snap, after: Snap) -> None:
        """Every card that changed place in a move play: adjacency, pace, stops, cards per play, move after fire."""
        play = self.play
        state = self.state
        if play is None or play.action is not Move:
            return
        for uid in range(len(before.pos)):
            old, new = before.pos[uid], after.pos[uid]
            if old == new or new == DISCARDED or not (old >= 0 or old == RESERVE) or not (new >= 0 or new == RESERVE):
                continue
            unit = state.units[uid]
            who = self.name(uid)
            path = play.paths.setdefault(uid, [old])
            carrier = before.carrier[uid] if before.carrier[uid] is not None else after.carrier[uid]
            if uid not in play.cards:
                if carrier is None or self.rules.movement_carried_cards_count:  # a rider may ride free (5.0 a, 8.6)
                    play.cards.add(uid)
                if old != play.source:
                    self.flag(line, "5.0 a", f"{who} moves from {self._where(old)}, not from the play's position "
                                             f"{self._where(play.source)}")
                if len(play.cards) > self.rules.turn_cards_per_action:
                    self.flag(line, "5.0 a", f"card {len(play.cards)} moves in one play "
                                             f"(at most {self.rules.turn_cards_per_action} per Supply point)")
                if uid in self.turn.fired:
                    self.flag(line, "5.0", f"{who} moves after firing this turn")
                elif uid in self.turn.moved and not self.rules.turn_card_may_move_twice:
                    self.flag(line, "5.0", f"{who} moves in a second play this turn")
                elif uid in self.turn.arrived and not self.turn.may_continue:
                    self.flag(line, "5.0", f"{who} moves again in the turn it arrived (20.0 rule 5)")
                if before.immobilized[uid]:
                    self.flag(line, "9.3.2", f"{who} moves while immobilized")
            self.turn.moved.add(uid)
            if uid in play.stopped and new in path[:-1]:
                path.append(new)  # 8.0, the project's reading: stopped where it may not rest, it goes back its way
                continue
            if uid in play.stopped:
                self.flag(line, play.stopped[uid], f"{who} goes on to {self._where(new)} after its move had to end at "
                                                   f"{self._where(old)}")
            self._judge_way_back(line, uid, old, new, before)
            # adjacency (8.0) and the reserve (8.3)
            if old == RESERVE:
                if new not in self._rear_rank(unit.side):
                    self.flag(line, "8.3", f"{who} enters {self._where(new)} from the reserve, which is next to the "
                                           "rearmost rank only")
            elif new == RESERVE:
                if old not in self._rear_rank(unit.side):
                    self.flag(line, "8.3", f"{who} goes to the reserve from {self._where(old)}, not from the rearmost rank")
            elif self._distance(old, new) != 1:
                self.flag(line, "8.0", f"{who} jumps from {self._where(old)} to {self._where(new)}, "
                                       f"{self._distance(old, new)} positions")
            path.append(new)
            pacer = state.units[carrier] if carrier is not None else unit
            pace = self.rules.movement_fast_positions if pacer.profile.fast else self.rules.movement_slow_positions
            pace -= self.turn.arrived.get(pacer.uid, 0)  # 20.0 rule 5: the arrival used some of it
            if len(path) - 1 > pace:
                self.flag(line, "8.1", f"{who} enters position {len(path) - 1} of its move "
                                       f"({'fast' if pacer.profile.fast else 'slow'}: {pace}"
                                       f"{' after its arrival' if pacer.uid in self.turn.arrived else ''})")
            if new == RESERVE:
                play.stopped[uid] = "8.3"
                continue
            enemies = bool(before.occ[new][1 - unit.side])
            p = unit.profile
            friends = before.occ[new][unit.side] + after.occ[new][unit.side]  # waiting there, or coming with it
            if (self.rules.movement_tank_restriction_in_clear and state.terrain[new] is None
                    and (p.infantry or p.at_gun or p.truck) and carrier is None
                    and any(state.units[u].profile.tank and u not in before.face_down  # 001 1.0: hidden ones bar nobody
                            for u in before.occ[new][1 - unit.side])
                    and not any(state.units[u].profile.tank for u in friends)):
                self.flag(line, "8.5", f"{who} enters clear {self._where(new)} held by enemy tanks with no friendly tank")
            if enemies:
                self.entered_from[uid] = (new, old)  # 10.0: it begins (or joins) a melee by entering
                play.stopped.setdefault(uid, "8.5")
            if self._slows(state, new):
                if play.path_card:
                    play.path_card = False
                else:
                    if len(path) > 2:
                        self.flag(line, "8.4", f"{who} enters slowing terrain at {self._where(new)} after moving "
                                               f"{len(path) - 2} position(s) this play")
                    play.stopped.setdefault(uid, "8.4")

    def _judge_way_back(self, line: int, uid: int, old: int, new: int, before: Snap) -> None:
        """10.0: the card entered ``old`` while enemy cards held it; while they still do, it goes back or stays."""
        entry = self.entered_from.get(uid)
        side = self.state.units[uid].side
        if entry is None or entry[0] != old:
            return
        came = entry[1]
        if ( not self.rules.movement_melee_exit_way_back or old < 0
                or not before.occ[old][1 - side] or new == came):
            return
        self.flag(line, "10.0", f"{self.name(uid)} began the melee at {self._where(old)} by entering from "
                                f"{self._where(came)}, and leaves it to {self._where(new)}")

    def settle_melees(self, after: Snap) -> None:
        """10.0: a card's way back is remembered while it stays in the melee it began; the melee ends when one
        side has no card left there."""
        for uid, (where, _came) in list(self.entered_from.items()):
            unit = self.state.units[uid]
            at = after.pos[uid]
            if at != where or not after.occ[at][1 - unit.side]:
                del self.entered_from[uid]

    def judge_entering(self, line: int, before: Snap, after: Snap) -> None:
        """11.0: a vehicle or AT gun never comes into a position barring them, however it got there."""
        state = self.state
        for uid in range(len(after.pos)):
            new = after.pos[uid]
            old = before.pos[uid] if uid < len(before.pos) else None
            if new < 0 or new == old:
                continue
            p = state.units[uid].profile
            if (p.vehicle or p.at_gun) and self._bars(state, new):
                self.flag(line, "11.0", f"{self.name(uid)} comes into {self.label(new)}, where vehicles and AT guns "
                                        "may not go")
