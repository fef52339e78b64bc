"""The battlefield: positions, adjacency, ranges and line-of-sight geometry (6.0, 8.3, 9.1, 9.2).

Positions are numbered ``row * columns + column``. Row 0 is side 0's rearmost
rank (next to its reserve), the last row side 1's; each side owns
``ranks_per_side`` rows, with any no man's land rows between them. The
reserve of a side is the player's hand (6.0) and is adjacent to that side's
rearmost rank only (8.3).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

# Where a card is when it is not on a position of the battlefield (a card's ``pos`` is one of these, or >= 0).
RESERVE = -1  # in its owner's reserve (hand)
DECK = -2  # in its owner's drawing deck
DISCARDED = -3  # on its owner's discard pile (15.0)
ATTACHED = -5  # on another card: equipment on a squad, an ace on a tank (the card's ``carrier`` says which)
PLACED = -6  # a terrain card lying on the battlefield (Foxholes, Bunkers: ``GameState.forts`` says where)
UNCLAIMED = -7  # equipment left in a zone by its eliminated squad (001 Orphaned Equipment: ``GameState.unclaimed``)


@dataclass(frozen=True)
class Board:
    columns: int
    ranks_per_side: int
    no_mans_land: int = 0
    labels: tuple[str, ...] = field(default=())

    @property
    def rows(self) -> int:
        return 2 * self.ranks_per_side + self.no_mans_land

    @property
    def size(self) -> int:
        return self.rows * self.columns

    def row(self, pos: int) -> int:
        return pos // self.columns

    def col(self, pos: int) -> int:
        return pos % self.columns

    def pos(self, row: int, col: int) -> int:
        return row * self.columns + col

    def label(self, pos: int) -> str:
        if pos == RESERVE:
            return "reserve"
        if self.labels:
            return self.labels[pos]
        return f"{'abcdefghijklmnopqrstuvwxyz'[self.col(pos)]}{self.row(pos) + 1}"

    def owner(self, pos: int) -> int | None:
        """The side whose rank this position is in (None in no man's land)."""
        r = self.row(pos)
        if r < self.ranks_per_side:
            return 0
        if r >= self.rows - self.ranks_per_side:
            return 1
        return None

    def rear_row(self, side: int) -> int:
        return 0 if side == 0 else self.rows - 1

    def rear_rank(self, side: int) -> tuple[int, ...]:
        """The side's rearmost rank (its "second rank", next to its reserve)."""
        return self._rear_ranks[side]

    @cached_property
    def _rear_ranks(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        rows = (self.rear_row(0), self.rear_row(1))
        return tuple(tuple(self.pos(r, c) for c in range(self.columns)) for r in rows)  # type: ignore[return-value]

    def side_positions(self, side: int) -> tuple[int, ...]:
        return tuple(p for p in range(self.size) if self.owner(p) == side)

    @cached_property
    def neighbours(self) -> tuple[tuple[int, ...], ...]:
        """Adjacent positions: forward, back, lateral and diagonal (8.0)."""
        out = []
        for p in range(self.size):
            r, c = self.row(p), self.col(p)
            out.append(tuple(self.pos(r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                             if (dr or dc) and 0 <= r + dr < self.rows and 0 <= c + dc < self.columns))
        return tuple(out)

    @cached_property
    def exits(self) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
        """For each side and position, where a card may step: the adjacent positions, then the side's reserve from
        its rearmost rank (8.3); worked out once a board."""
        side0, side1 = (tuple(self.neighbours[p] + ((RESERVE,) if p in self.rear_rank(side) else ()) for p in range(self.size))
                        for side in (0, 1))
        return side0, side1

    @cached_property
    def _distances(self) -> tuple[tuple[int, ...], ...]:
        return tuple(tuple(max(abs(self.row(a) - self.row(b)), abs(self.col(a) - self.col(b)))
                           for b in range(self.size)) for a in range(self.size))

    def distance(self, a: int, b: int) -> int:
        """Range in positions; a diagonal step counts one (9.1, FAQ 5)."""
        return self._distances[a][b]

    def nearest(self, targets: tuple[int, ...]) -> tuple[int, ...]:
        """For each position, its distance to the nearest of ``targets`` (a non-empty tuple), worked out once a board
        and a set of targets: the players ask it at every step they weigh."""
        found = self._nearest.get(targets)
        if found is None:
            found = self._nearest[targets] = tuple(min(row[t] for t in targets) for row in self._distances)
        return found

    @cached_property
    def _nearest(self) -> dict[tuple[int, ...], tuple[int, ...]]:
        return {}

    @cached_property
    def in_range(self) -> tuple[tuple[int, ...], ...]:
        """For each position, the other positions at range 1 then range 2 (9.1)."""
        return tuple(tuple(b for d in (1, 2) for b in range(self.size) if self._distances[a][b] == d)
                     for a in range(self.size))

    @cached_property
    def _between(self) -> dict[tuple[int, int], tuple[int, ...]]:
        return {(a, b): self._compute_between(a, b) for a in range(self.size) for b in range(self.size)
                if self._distances[a][b] == 2}

    def between(self, a: int, b: int) -> tuple[int, ...]:
        """The positions a long-range shot from a to b passes over (9.2); () unless at range 2."""
        return self._between.get((a, b), ())

    def _compute_between(self, a: int, b: int) -> tuple[int, ...]:
        """The positions a long-range shot from a to b passes over (9.2).

        Straight and diagonal shots pass over the one position between; a shot
        two columns and one rank away (or the reverse) passes between two
        positions, both returned: the ruleset says how they block.
        """
        ra, ca, rb, cb = self.row(a), self.col(a), self.row(b), self.col(b)
        dr, dc = rb - ra, cb - ca
        if max(abs(dr), abs(dc)) != 2:
            return ()
        if abs(dr) != 1 and abs(dc) != 1:
            return (self.pos(ra + dr // 2, ca + dc // 2),)
        if abs(dr) == 1:
            return (self.pos(ra, ca + dc // 2), self.pos(rb, ca + dc // 2))
        return (self.pos(ra + dr // 2, ca), self.pos(ra + dr // 2, cb))
