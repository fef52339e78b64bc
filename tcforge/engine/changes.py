"""Which positions of the battlefield changed, and when: for what a player works out once and reuses.

A player weighing a position (greedy's shots, :mod:`tcforge.agents.greedy`) finds the same answers at consecutive
decisions wherever the cards around have not changed. :class:`BoardStamps` tells it so: at each :meth:`refresh` it
compares the state's cards on the table, Smoke, terrain and fortifications, and which card rides which, with a copy
of them taken at the last refresh, and stamps every position that differs with the refresh's number, for each side
apart: a side's stamp at a position says when its cards, Smoke, terrain or fortification at that position or at any
position in range of it (1 or 2, :attr:`~tcforge.engine.board.Board.in_range`) last changed.
An answer worked out at refresh ``t`` from what a firer at a position sees is still the answer while
:meth:`around` of that position is at most ``t`` for the side read: the enemy cards a firer sees have not changed
while its own side moves.

Nothing is hooked into the rules: the changes are found by comparison, so a change made anywhere (a rule, a test
writing ``occ`` directly) is seen. A state owns its stamps (:meth:`CoreState.board_stamps`), and a copy of the state
starts without any, so nothing carries from one game, or one branch of a search, to another.
"""
from __future__ import annotations

from operator import attrgetter
from typing import Any, Protocol


class Board(Protocol):
    """What the stamps read of a state (:class:`~tcforge.engine.core.CoreState` has it): this module sits below the core
    and imports none of it, since the core makes and owns the stamps."""

    _occ: list[list[list[int]]]
    _units: list[Any]
    smoke: list[Any]
    terrain: list[Any]
    forts: list[Any]
    game: Any


_CARRIER = attrgetter("carrier")  # a card's carrier, read in C for all the cards at once


class BoardStamps:
    """The number of the last :meth:`refresh` at which each position of a state changed, for each side."""

    __slots__ = ("carriers", "forts", "kept", "near", "occ", "smoke", "terrain", "tick")

    def __init__(self, state: Board):
        self.tick = 0
        # what the players keep of their answers, by their own keys, each with the refresh it was worked out at:
        # they go with the stamps, so with the state
        self.kept: dict[Any, Any] = {}
        self.near = [[0] * len(state._occ), [0] * len(state._occ)]  # by side, by position: the last change in range
        self.occ = [[list(a), list(b)] for a, b in state._occ]
        self.smoke: list[Any] = list(state.smoke)  # Any: the three are read alike (refresh)
        self.terrain: list[Any] = list(state.terrain)
        self.forts: list[Any] = list(state.forts)
        self.carriers = list(map(_CARRIER, state._units))

    def refresh(self, state: Board) -> int:
        """Stamp the positions that changed since the last refresh; the refresh's number (a new one every call)."""
        self.tick += 1
        tick = self.tick
        changed: list[tuple[int, int]] = []  # (side, position)
        occ, seen = state._occ, self.occ
        if occ != seen:  # compared in C first: many refreshes find the cards where they were
            for pos, here in enumerate(occ):
                if here != seen[pos]:  # either side's cards, their order included
                    was = seen[pos]
                    for side in (0, 1):
                        if here[side] != was[side]:
                            was[side] = list(here[side])
                            changed.append((side, pos))
        ground: tuple[tuple[list[Any], list[Any]], ...] = (
            (state.smoke, self.smoke), (state.terrain, self.terrain), (state.forts, self.forts))
        for now, before in ground:
            if now != before:
                for pos, value in enumerate(now):
                    if value != before[pos]:
                        before[pos] = value
                        changed += ((0, pos), (1, pos))
        units = state._units
        carriers = list(map(_CARRIER, units))
        if carriers != self.carriers:  # a card loaded or unloaded where it stands, or a card new to the game (17.5)
            known = self.carriers
            for uid, carrier in enumerate(carriers):
                if (uid >= len(known) or carrier != known[uid]) and units[uid].pos >= 0:
                    changed.append((units[uid].side, units[uid].pos))
            self.carriers = carriers
        in_range = state.game.board.in_range  # symmetric: a change at a position is in range of those in its range
        for side, pos in changed:
            near = self.near[side]
            near[pos] = tick
            for other in in_range[pos]:
                near[other] = tick
        return tick

    def around(self, side: int, pos: int) -> int:
        """The number of the last refresh at which the cards of ``side``, or the Smoke, terrain or fortification, at
        ``pos`` or at any position in range of it changed (0: none since the first)."""
        return self.near[side][pos]
