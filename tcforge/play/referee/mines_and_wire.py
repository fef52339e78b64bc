"""001 Minefields and Wire: cards played on a moving enemy card, and how long Wire stays.

Rule cases judged here:

- ``001 Minefields``: a Minefield is played only on moving cards (as an enemy card is about to enter a zone).
- ``001 Wire``: Wire is played only on a card during its move.
- ``001 Wire stop``: the wired card (and what it carries) moves no further in that play; the rest of its group
  may go on.
- ``001 Wire discard``: the Wire card stays in play until the start of the wired player's next turn, and goes then
  (discarded early, or kept after it, is flagged).
"""
from __future__ import annotations

from tcforge.data.card_ids import MINEFIELD, WIRE
from tcforge.engine.actions import Interrupt
from tcforge.engine.board import DISCARDED
from tcforge.engine.context import Entry
from tcforge.play.referee.base import Case, RefereeBase, Snap

MODULE = "mines_and_wire"
CASES = (
    Case("001 Minefields", MODULE, "a Minefield only on cards as they move"),
    Case("001 Wire", MODULE, "Wire only on a card during its move"),
    Case("001 Wire stop", MODULE, "the wired card moves no further in the play (its group may go on)"),
    Case("001 Wire discard", MODULE, "Wire stays until the start of the wired player's next turn, and goes then"),
)


class MinesAndWire(RefereeBase):
    def judge_entry_card(self, line: int, action: Interrupt, before: Snap) -> None:
        state = self.state
        card = state.units[int(action.card)].profile.card_id
        if card not in (MINEFIELD, WIRE):
            return
        window = state.ctx.window
        data = None if window is None else window.data
        during_move = before.window is not None and before.window[0] == "entry" and isinstance(data, Entry)
        if card == MINEFIELD:
            if not during_move:
                self.flag(line, "001 Minefields", f"side {before.player} plays a Minefield on no moving card")
            return
        if not during_move or not isinstance(data, Entry):
            self.flag(line, "001 Wire", f"side {before.player} plays Wire on no card as it moves")
            return
        if self.play is not None:  # the card it is played on, with the cards it carries or tows (000 8.6)
            units = state.units
            wired = {int(action.target[0]) if action.target else data.mover}
            for _ in data.riders:
                wired |= {r for r in data.riders if units[r].carrier in wired}
            for uid in wired:
                self.play.stopped[uid] = "001 Wire stop"
        self.wires[int(action.card)] = (before.active, line)

    def judge_wires(self, line: int, before: Snap, after: Snap, turn_over: bool) -> None:
        for card, (side, played) in list(self.wires.items()):
            gone = after.pos[card] == DISCARDED
            if turn_over and after.active == side:  # the wired player's next turn begins: the Wire goes now
                del self.wires[card]
                if not gone:
                    self.flag(line, "001 Wire discard", f"the Wire played at line {played} is still in play as "
                                                        f"side {side}'s next turn begins")
            elif gone:
                del self.wires[card]
                self.flag(line, "001 Wire discard", f"the Wire played at line {played} is discarded before the start "
                                                    f"of side {side}'s next turn")
