"""The battlefield grid: positions, ranks counted from each side's reserve, labels.

Rows are numbered from the north edge (row 1) to the south edge, columns from
the west edge (column 1). Each side counts its ranks from its own reserve,
which is rank 1, so rank 2 is the row next to its reserve (the rules' "second
rank") and the rows further away have higher numbers. This is how the Hill 621
map names its rows (G2..G7 for the German, R7..R2 for the Soviet player), and
it keeps "your second rank" meaning the same thing on every grid.

Every row has one label per side; a position is written ``LABEL-COLUMN``
(``G3-2`` and ``R6-2`` are the same position on the Hill 621 map).

>>> g = Grid(columns=5, ranks_per_side=2, sides=("german", "soviet"), prefixes={"german": "G", "soviet": "R"})
>>> g.label(Position(1, 3), "german"), g.label(Position(1, 3), "soviet")
('G2-3', 'R5-3')
>>> g.rank(Position(4, 1), "soviet")
2
>>> [g.label(p, "german") for p in g.rank_positions("soviet", 2)][:2]
['G5-1', 'G5-2']
"""
from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field

_REF = re.compile(r"^([A-Z][A-Za-z]*[0-9]+)-([0-9]+)$")


@dataclass(frozen=True, order=True)
class Position:
    """A position of the grid: row from the north edge, column from the west edge, both from 1."""

    row: int
    column: int


@dataclass
class Grid:
    columns: int
    ranks_per_side: int
    sides: tuple[str, str]  # (north side id, south side id)
    no_mans_land: int = 0
    prefixes: dict[str, str] = field(default_factory=dict)
    labels: dict[str, list[str]] = field(default_factory=dict)  # side id -> row labels north to south

    def __post_init__(self) -> None:
        for side in self.sides:
            if side not in self.labels:
                prefix = self.prefixes.get(side) or side[:1].upper()
                self.labels[side] = [f"{prefix}{self.rank_of_row(r, side)}" for r in range(1, self.rows + 1)]
        self._by_label: dict[str, int] = {}
        for side in self.sides:
            for r, text in enumerate(self.labels[side], start=1):
                self._by_label.setdefault(text, r)

    @property
    def rows(self) -> int:
        return 2 * self.ranks_per_side + self.no_mans_land

    @property
    def north(self) -> str:
        return self.sides[0]

    @property
    def south(self) -> str:
        return self.sides[1]

    def other(self, side: str) -> str:
        return self.sides[1] if side == self.sides[0] else self.sides[0]

    def positions(self) -> Iterator[Position]:
        """Every position, north to south, west to east."""
        for r in range(1, self.rows + 1):
            for c in range(1, self.columns + 1):
                yield Position(r, c)

    def __contains__(self, pos: object) -> bool:
        return isinstance(pos, Position) and 1 <= pos.row <= self.rows and 1 <= pos.column <= self.columns

    # ranks
    def rank_of_row(self, row: int, side: str) -> int:
        """The rank of a row counted from ``side``'s reserve (rank 1)."""
        return row + 1 if side == self.sides[0] else self.rows - row + 2

    def row_of_rank(self, rank: int, side: str) -> int | None:
        row = rank - 1 if side == self.sides[0] else self.rows - rank + 2
        return row if 1 <= row <= self.rows else None

    def rank(self, pos: Position, side: str) -> int:
        return self.rank_of_row(pos.row, side)

    def owner(self, pos: Position) -> str | None:
        """The side whose half the position is in (None in a no man's land)."""
        if pos.row <= self.ranks_per_side:
            return self.sides[0]
        if pos.row > self.rows - self.ranks_per_side:
            return self.sides[1]
        return None

    def side_positions(self, side: str) -> list[Position]:
        return [p for p in self.positions() if self.owner(p) == side]

    def rank_positions(self, side: str, rank: int) -> list[Position]:
        row = self.row_of_rank(rank, side)
        return [] if row is None else [Position(row, c) for c in range(1, self.columns + 1)]

    def adjacent(self, pos: Position) -> list[Position]:
        """Positions one step away, diagonals included (8.0)."""
        out = []
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                other = Position(pos.row + dr, pos.column + dc)
                if (dr or dc) and other in self:
                    out.append(other)
        return out

    # labels
    def row_label(self, row: int, side: str | None = None) -> str:
        return self.labels[side or self.sides[0]][row - 1]

    def label(self, pos: Position, side: str | None = None) -> str:
        """``LABEL-COLUMN`` in ``side``'s labels (default: the north side's)."""
        return f"{self.row_label(pos.row, side)}-{pos.column}"

    def row_by_label(self, text: str) -> int | None:
        return self._by_label.get(text)

    def parse(self, ref: str) -> Position | None:
        """The position a ``LABEL-COLUMN`` reference names, or None when it is not on this grid."""
        match = _REF.match(str(ref).strip())
        if not match:
            return None
        row = self._by_label.get(match.group(1))
        column = int(match.group(2))
        if row is None or not 1 <= column <= self.columns:
            return None
        return Position(row, column)

    def describe_labels(self) -> str:
        """The labels a user may use, for hints."""
        parts = [f"{side}: {', '.join(self.labels[side])}" for side in self.sides]
        return "; ".join(parts) + f"; columns 1-{self.columns}"
