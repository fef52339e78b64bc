"""What every part of the referee shares: its findings, the position copies it reads, the game's geometry.

The referee reads positions through the engine's state and board basics only (the units, their places, the
terrain, the windows under way); every rule it judges is written in its own modules from the rule text, so the
engine and the referee can disagree. :class:`RefereeBase` holds the replay's memory and the geometry (distance,
line of sight, the rear ranks); each rule area adds its judging as a mix-in of it.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tcforge.engine.actions import Fire, Move
from tcforge.engine.board import RESERVE
from tcforge.engine.rules import Rules
from tcforge.engine.state import GameState
from tcforge.play.hooks import engine_pos
from tcforge.play.victory import Judge
from tcforge.scenarios.scenario import Scenario

RULESET_001 = "jeff-mike-2002"


@dataclass(frozen=True)
class Case:
    """A rule case the referee judges: its name in a finding, the module judging it, what it checks."""

    case: str
    module: str
    what: str


@dataclass(frozen=True)
class Violation:
    """One departure from the rules: the log's line (1 is the set-up), the rule case, what happened."""

    line: int
    case: str
    what: str

    def to_json(self) -> dict[str, Any]:
        return {"line": self.line, "case": self.case, "what": self.what}


@dataclass
class Audit:
    """What the referee found in one log."""

    log: str
    violations: list[Violation] = field(default_factory=list)
    actions: int = 0
    ending: str = ""
    error: str = ""  # the log could not be read or replayed to its end
    checked: bool = True  # False: a log accepted unsigned (--unsigned), not checked for changes

    def lines(self) -> list[str]:
        return [f"{self.log}:{v.line}: rule {v.case}: {v.what}" for v in self.violations]

    def to_json(self) -> dict[str, Any]:
        return {"log": self.log, "actions": self.actions, "ending": self.ending, "error": self.error,
                "violations": [v.to_json() for v in self.violations]}


@dataclass
class Snap:
    """The parts of a position the referee reads, copied."""

    turn: int
    active: int
    first: int
    phase: str
    supply: int
    player: int
    window: tuple[str, int] | None
    pos: list[int]
    carrier: list[int | None]
    immobilized: list[bool]
    occ: list[list[list[int]]]
    hand: list[int]
    hand_ids: list[list[int]]
    outcome: Any
    arrivals: dict[str, int]
    face_down: frozenset[int]  # 001 1.0: battlefield cards their enemy cannot see (empty unless the ruleset hides cards)

    @classmethod
    def of(cls, state: GameState) -> Snap:
        window = state.ctx.window
        return cls(state.turn, state.active, state.first, state.phase, state.supply, state.current_player(),
                   None if window is None else (window.kind, window.side), [u.pos for u in state.units],
                   [u.carrier for u in state.units], [u.immobilized for u in state.units],
                   [[list(a), list(b)] for a, b in state.occ], [len(state.hand[0]), len(state.hand[1])],
                   [list(state.hand[0]), list(state.hand[1])], state.outcome, dict(state.arrivals),
                   frozenset(u.uid for u in state.units if state.face_down(u.uid)))


@dataclass
class Play:
    """A move or fire play under way: which (the action's class), its source, the cards used, each mover's path."""

    action: type[Move] | type[Fire]  # which play: Move or Fire
    source: int
    line: int
    cards: set[int] = field(default_factory=set)
    paths: dict[int, list[int]] = field(default_factory=dict)  # uid -> positions entered, start first
    stopped: dict[int, str] = field(default_factory=dict)  # uid -> the rule that ended its move
    path_card: bool = False  # a Path card lets the next slowing position through


@dataclass
class Turn:
    """A side turn's record."""

    moved: set[int] = field(default_factory=set)
    fired: dict[int, int] = field(default_factory=dict)  # uid -> the line of the fire play it fired in
    spent: int = 0
    extra: int = 0  # Coordination adds a point, Confusion takes one, a reinforcement's arrival may cost some (20.0 rule 5)
    arrived: dict[int, int] = field(default_factory=dict)  # uid -> positions of movement its arrival used (20.0 rule 5)
    may_continue: bool = True  # fast arrivals may go on moving in a later play (20.0 rule 5)
    arriving: list[tuple[int, Any, list[int]]] = field(default_factory=list)  # (side, group, its cards) being placed
    opportunity: int | None = None  # 001 2.1: the line of the turn's one opportunity fire
    melees: set[int] = field(default_factory=set)  # 001: the zones whose melee round was fought this turn


@dataclass
class ExitOwed:
    """001 break-through: the points the defender owes for an exit, what his hand was worth, what he has paid."""

    side: int
    owed: int
    hand: int
    paid: int = 0


@dataclass
class Exiting:
    """001 break-through: an exit under way (the defender may answer it as a move): its cards and the points each
    takes off with it, the cards a mine destroyed and those Wire stopped."""

    side: int
    line: int
    cards: dict[int, int]
    killed: set[int] = field(default_factory=set)
    stopped: set[int] = field(default_factory=set)


class RefereeBase:
    """The replay's memory and the battlefield's geometry, shared by every rule area."""

    def __init__(self, scenario: Scenario, state: GameState, log: str = "", rules: Rules | None = None):
        self.scenario = scenario
        self.state = state
        self.game = state.game
        self.rules = rules or state.game.rules  # the rules to judge by (tests give other ones than the engine's)
        self.columns = state.game.board.columns
        self.rows = state.game.board.rows
        self.audit = Audit(log)
        self.turn = Turn()
        self.play: Play | None = None
        self.victory_flagged = False
        self.seen: set[tuple[str, Any]] = set()
        self.exit: ExitOwed | None = None  # the last exit (001 break-through), once its cards left
        self.exiting: Exiting | None = None  # an exit whose cards have not left yet
        self.judge = Judge(scenario, lambda p: engine_pos(scenario, p))  # the victory conditions (16.0, 17.x, 20.0)
        self.house_rules = self._is_001(scenario)  # 001's own victory conditions (captures)
        # 10.0: the cards that entered an enemy-held position and so began a melee -> where they came from
        self.entered_from: dict[int, tuple[int, int]] = {}  # uid -> (that position, where it came from)
        self.wires: dict[int, tuple[int, int]] = {}  # 001 Wire in play -> (the wired side, the line it was played at)
        self.opportunity_due: tuple[int, str] | None = None  # 001 2.1: (line, what) of a shot the log must offer next
        self.melee_at: int | None = None  # the zone of the melee round under way
        self.melee_orders: list[tuple[int, int]] = []  # (side, card) of its orders, in the order given

    def assaulting(self, uid: int) -> bool:
        """20.0 "(can be defending in Melee)": the card began the melee it stands in (the referee's record, 10.0)."""
        return uid in self.entered_from

    @staticmethod
    def _is_001(scenario: Scenario) -> bool:
        ruleset = getattr(scenario, "ruleset", None)
        return ruleset is not None and RULESET_001 in (ruleset.id, ruleset.extends)

    # ------------------------------------------------------------ geometry
    def _rc(self, pos: int) -> tuple[int, int]:
        return divmod(pos, self.columns)

    def _distance(self, a: int, b: int) -> int:
        (ra, ca), (rb, cb) = self._rc(a), self._rc(b)
        return max(abs(ra - rb), abs(ca - cb))

    def _rear_rank(self, side: int) -> set[int]:
        row = 0 if side == 0 else self.rows - 1
        return {row * self.columns + c for c in range(self.columns)}

    def _terrain_row(self, state: GameState, pos: int) -> Any:
        terrain = state.terrain[pos]
        return None if terrain is None else self.game.terrain_rows.get(terrain)

    def sight(self, state: GameState, a: int, b: int) -> bool:
        """9.2: adjacent positions see each other; at two positions the ones passed over may block (9.2.1, 9.5.1 c)."""
        (ra, ca), (rb, cb) = self._rc(a), self._rc(b)
        dr, dc = rb - ra, cb - ca
        if max(abs(dr), abs(dc)) != 2:
            return True
        if abs(dr) != 1 and abs(dc) != 1:  # straight or diagonal: one position between
            over = [(ra + dr // 2) * self.columns + ca + dc // 2]
        elif abs(dr) == 1:  # two columns and one rank: the shot passes between two positions
            over = [ra * self.columns + ca + dc // 2, rb * self.columns + ca + dc // 2]
        else:
            over = [(ra + dr // 2) * self.columns + ca, (ra + dr // 2) * self.columns + cb]
        hills = self.rules.fire_hills_see_over_adjacent and any(
            (row := self._terrain_row(state, p)) is not None and row.hills for p in (a, b))
        blocked = []
        for p in over:
            if state.smoke[p] >= 0 and self.rules.smoke_blocks_los:
                blocked.append(True)
                continue
            row = self._terrain_row(state, p)
            blocked.append(bool(row is not None and row.blocks_los and (not hills or row.hills)))
        if len(blocked) == 2 and self.rules.fire_los_knight_move == "either_clear":
            return not all(blocked)
        return not any(blocked)

    def in_view(self, state: GameState, a: int, b: int) -> bool:
        """001 1.1: two battlefield zones at most two apart with a clear line (the long-range AT line of 9.2)."""
        return a >= 0 and b >= 0 and self._distance(a, b) <= 2 and self.sight(state, a, b)

    # ------------------------------------------------------------- reports
    def flag(self, line: int, case: str, what: str) -> None:
        self.audit.violations.append(Violation(line, case, what))

    def name(self, uid: int) -> str:
        unit = self.state.units[uid]
        return f"{unit.profile.name} ({uid})"

    def label(self, pos: int) -> str:
        return self.game.board.label(pos)

    def _where(self, pos: int) -> str:
        return "the reserve" if pos == RESERVE else self.label(pos)

    def _side(self, side: int | None) -> str:
        return "nobody" if side is None else self.scenario.grid.sides[side]

    def _points(self, uids: list[int]) -> int:
        return sum(max(self.state.units[u].profile.points, 0) for u in uids)
