"""The planner: a search over turn plans, each the side's script with its choice points bound (Puppet Search).

Every other player decides one play at a time, and none allocates a side's Supply points: two a turn, each spent on
one position's cards, with reinforcements that bring cards but no points. The planner decides at the level where
that economy is settled. Its moves are *turn plans*: the side's script (its trained doctrine, :mod:`.commander`;
greedy's where none was trained) with its choice points bound:

- ``points``, where this turn's first two Supply points go: an ordered pair of the ``pairs`` (3) plays the script
  rates highest, each a move or a fire from one position; the script chooses everything within each play (which
  card steps where, which target) and spends the points after them. This is the choice point searched by default;
- ``spend``, where the turn's points go otherwise: ``fight`` (the script's choice), ``march`` (the first point to the
  band farthest from the goals, so the rear comes up), ``fire`` (only to fire; a card moves only off a position
  over the stacking limits, 6.3), ``save`` (none but to unstack), ``armour`` or ``infantry`` (only the positions
  that hold, or do not hold, an armoured card: which group marches and which holds);
- ``assault``, when a card steps into a position the enemy holds and with what: ``now`` (the script's own gate),
  ``massed`` (only with a band worth half as much again as the defenders, more in cover) or ``never`` (it stops
  short and waits; in the last turn every gate opens, as the commander's ``push`` has it);
- ``events``, the special-event cards in hand: ``play`` them as the script would, or ``keep`` them for the
  deciding turns (the reactions to the enemy's plays stay the script's).

A plan binds ``every`` turns (its period: 2; 0, half the turns left; with ``at=arrivals``, until the next turn the
side's reinforcements arrive, or the last turn), its points the first of them, and at the first free play of each
period (a forced play, an arrival unstacking, comes first) from turn ``from`` (1) to turn ``until`` (the last) the
planner chooses one, after Barriga, Stanescu and Buro
(*Puppet Search*, AIIDE 2015 and IEEE TCIAIG 2017). Each candidate is played out to the end of the game, the plan
for its period and the script after it, against the enemy's script (its trained doctrine), on positions dealt from
what the side knows (:func:`~tcforge.engine.observation.determinize`: it never reads a hidden card); every
candidate meets the same deals and dice (common random numbers). Half the playouts pick a challenger by successive
halving (the worse half by mean dropped after each round, the survivors meeting new deals); the other half set it
against the script's own plan on fresh deals, so the lucky deals that picked it do not also judge it (the winner's
curse), and it is followed when its paired gain there is above zero (``z`` standard errors above, with ``z``). A
playout is scored by its result with a share of the goals held at the end
(:func:`~tcforge.agents.search.playout_value`). Unlike Puppet Search, the enemy's choice points are not searched:
its script is the model of the enemy, which is exact against the script itself.

The budget ``playouts`` (2) is a candidate's playouts at the game's first choice; a choice with a share of the game
left plays that many over the share (a sixteenth of Hill 621 left: sixteen times as many, at most
:data:`MAX_SCALE`), so each choice costs about the same, and the last turns, where playouts are short and most
is decided, are measured most closely. The candidates are searched together rather than one choice point at a time
as Portfolio Greedy Search (Churchill and Buro, CIG 2013) improves one unit's script after another, because the
points of one turn interact (a move that clears the way for the fire after it).

Its deals come from a stream of its own, seeded from the game's generator without drawing from it, and the plan
it follows draws from the game's generator what its script draws: a planner that keeps the script's own plan
plays the script's game, dice included (common random numbers across players too).

Spec: ``planner[:playouts][:every=2|at=arrivals,from=1,until=N,pairs=3,z=0,shape=0.3,plans=PLANS]``. A plan of the other choice
points is written ``spend/assault/events`` (``march/never/keep``) and ``plans=`` names them joined by ``+``
(``plans=march/now/play+fight/never/play``; ``plans=coarse``: each choice point moved alone, :data:`COARSE`); with
none named only the points are searched. What a game costs in
greedy games is measured by ``tcforge bench search --strongest SPEC`` and set against its strength in
docs/results (2026-11-29-planner.md).
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass, field, replace

from tcforge.agents.commander import Commander, Doctrine, _Turn
from tcforge.agents.greedy import UNSTACK, final_turn, forced_play, greedy_policy
from tcforge.agents.playout import Policy
from tcforge.agents.questions import questions
from tcforge.agents.search import own_stream, paired_best, play_out
from tcforge.agents.spec import AgentSpec, SpecError
from tcforge.engine.actions import End, Fire, Interrupt, Move, PlayCard
from tcforge.engine.context import Phase
from tcforge.engine.observation import determinize
from tcforge.engine.state import Action, GameState

DEFAULT_PLAYOUTS = 2  # playouts of a plan at the game's first choice (a later choice plays more: see period())
DEFAULT_EVERY = 2  # turns a plan binds
MAX_SCALE = 16  # a choice late in the game plays at most this many times the playouts of the first
NEVER = 1_000.0  # the assault gate's ratio that no band reaches: the card stops short
MASSED = 1.5  # the gate of a massed assault: a band worth half as much again as the defenders (x1.5 in cover)

CHOICES: dict[str, tuple[str, ...]] = {
    "spend": ("fight", "march", "fire", "save", "armour", "infantry"),
    "assault": ("now", "massed", "never"),
    "events": ("play", "keep"),
}


@dataclass(frozen=True)
class Plan:
    """A turn plan: each choice point of the script bound to one option (see the module's text)."""

    spend: str = "fight"
    assault: str = "now"
    events: str = "play"
    points: tuple[Action, ...] = ()  # the plays this turn's Supply points go to, in order (none: the script's)

    @property
    def text(self) -> str:
        bound = "" if not self.points else " points " + ", ".join(f"{a.kind} {a[1]}" for a in self.points)
        return f"{self.spend}/{self.assault}/{self.events}{bound}"

    def told(self, state: GameState) -> str:
        """The plan in words a player reads: the choice points it binds, and the positions its points go to."""
        label = state.game.board.label
        plays = [f"{a.kind} from {label(a[1]) if a[1] >= 0 else 'the reserve'}" for a in self.points]
        coarse = "" if self.own else f"{self.spend}/{self.assault}/{self.events}"
        if not plays:
            return coarse or "the script's own plan"
        return (coarse + "; " if coarse else "") + "points: " + ", then ".join(plays)

    @property
    def own(self) -> bool:
        """The script's own plan: every choice point where the script leaves it."""
        return self.spend == "fight" and self.assault == "now" and self.events == "play"

    def doctrine(self, base: Doctrine) -> Doctrine:
        """The script's doctrine under this plan: its assault gate and its march bound, the rest its own."""
        gate = {"now": base.assault, "massed": max(base.assault, MASSED), "never": NEVER}[self.assault]
        march = max(base.march, 1) if self.spend == "march" else base.march
        return replace(base, assault=gate, march=march)

    @classmethod
    def read(cls, text: str, where: str) -> Plan:
        parts = text.strip().split("/")
        if len(parts) != 3:
            raise SpecError(f"{where}: plan {text!r}: write a plan as spend/assault/events (march/never/keep)")
        for (point, options), given in zip(CHOICES.items(), parts, strict=True):
            if given not in options:
                raise SpecError(f"{where}: plan {text!r}: {point} is one of {', '.join(options)}")
        return cls(parts[0], parts[1], parts[2])


SCRIPT = Plan()
# the plans of the choice points other than the Supply points (spend, assault, events), each moved alone: searched
# with ``plans=coarse`` (or those ``plans=`` names, joined by +). Not searched by default: on Hill 621's first hundred seeds of
# the trials they added nothing to the points' pairs, and six more plans cost about twice the playouts a choice.
COARSE: tuple[Plan, ...] = (
    Plan("march", "now", "play"),
    Plan("fight", "massed", "play"),
    Plan("fight", "never", "play"),
    Plan("fire", "now", "play"),
    Plan("fight", "now", "keep"),
)
PORTFOLIO: tuple[Plan, ...] = (SCRIPT,)  # the plans searched unless ``plans=`` names others: the script's own alone


def _is_event(state: GameState, action: Action) -> bool:
    """A play of a special-event card from the hand (Smoke, a barrage, Repair...), not of a combat card."""
    return isinstance(action, PlayCard | Interrupt) and not state.units[action.card].profile.combat


def _has_armour(state: GameState, pos: int, side: int) -> bool:
    """Whether the side's cards at ``pos`` include a tank or another armoured vehicle."""
    return any(state.units[u].profile.armored for u in state.occ[pos][side])


class Script:
    """The side's script under one plan: the commander of the base doctrine with the plan's choice points bound.
    Under the script's own plan it is that commander, choice for choice."""

    def __init__(self, plan: Plan, base: Doctrine, side: int, bound_turn: int = -1):
        self.plan = plan
        self.side = side
        self.turn = _Turn(plan.doctrine(base), side)
        self.bound_turn = bound_turn  # the turn whose Supply points go where ``plan.points`` says

    def __call__(self, state: GameState, rng: random.Random) -> Action:
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        view = determinize(state, self.side, rng) if state.game.rules.hidden_units else state
        if view.ctx.window is None and view.phase == Phase.PLAY and self.plan.points and view.turn == self.bound_turn:
            bound = self._bound(view, actions)
            if bound is not None:
                return bound
        if self.plan.own or view.ctx.window is not None or view.phase != Phase.PLAY:
            action = self.turn.decide(view, rng)
        else:
            action = self._play(view, view.legal_actions(), rng)
        return action if action in actions else actions[0]

    def _bound(self, state: GameState, actions: list[Action]) -> Action | None:
        """The play the plan gives this Supply point, when it is still legal (a free play comes first)."""
        spent = state.game.supply_points(state.active) - state.supply
        if spent >= len(self.plan.points):
            return None
        # the script's own play made before any weighing: greedy's free plays and sure exits, and with a march its
        # rear's move (only then are the other plays weighed to find it: this runs at each play of every playout)
        forced = self.turn.plays(state, actions)[0] if self.turn.d.march else forced_play(state, actions)
        if forced is not None:
            return None
        play = self.plan.points[spent]
        return play if play in actions else None

    def _play(self, state: GameState, actions: list[Action], rng: random.Random) -> Action:
        forced, scored = self.turn.plays(state, actions)
        if forced is not None:
            return forced
        plan = self.plan
        last = final_turn(state)
        kept: list[tuple[float, Action]] = []
        for score, action in scored:
            if plan.events == "keep" and not last and _is_event(state, action):
                continue
            if isinstance(action, Move) and score < UNSTACK and plan.spend in ("fire", "save"):
                continue
            if isinstance(action, Fire) and plan.spend == "save":
                continue
            if plan.spend in ("armour", "infantry") and isinstance(action, Move | Fire) and score < UNSTACK \
                    and action.source >= 0 and _has_armour(state, action.source, self.side) != (plan.spend == "armour"):
                continue
            kept.append((score, action))
        if not kept:
            return End() if End() in actions else actions[0]
        best = max(score for score, _ in kept)
        top = [a for score, a in kept if score == best]
        return top[rng.randrange(len(top))]


@dataclass
class Choice:
    """One choice of plan: the turn it was made, the script's own plan and the challenger with their mean playout
    values on the duel's deals (the script's first), the plan followed, and the playouts spent on the choice."""

    turn: int
    means: dict[str, float]
    chosen: str
    playouts: int


@dataclass
class PlannerStats:
    """Every choice of plan a planner made in its game, in order."""

    choices: list[Choice] = field(default_factory=list)


class PlannerAgent:
    """The planner of one side for one game; :attr:`stats` keeps every choice of plan it made."""

    def __init__(self, spec: AgentSpec):
        spec.check_options({"at", "every", "from", "pairs", "plans", "shape", "until", "z"})
        if spec.seconds is not None:
            raise SpecError(f"agent spec {spec.text!r}: planner takes a number of playouts a choice (planner:24), "
                            "not a time")
        self.spec = spec
        self.playouts = spec.iterations if spec.iterations is not None else DEFAULT_PLAYOUTS
        self.every = int(spec.number("every", DEFAULT_EVERY, 0, 100, whole=True))  # 0: half the turns left
        at = spec.options.get("at")
        if at is not None and at != "arrivals":
            raise SpecError(f"agent spec {spec.text!r}: at={at[:30]!r}; at takes one value, arrivals (a plan chosen on "
                            "the first turn, each turn the side's reinforcements arrive, and the last)")
        if at is not None and "every" in spec.options:
            raise SpecError(f"agent spec {spec.text!r}: at=arrivals sets the turns a plan is chosen; leave out every")
        self.at_arrivals = at is not None
        self.first_turn = int(spec.number("from", 1, 1, 1000, whole=True))
        self.last_turn = spec.number("until", math.inf, 1, 1000, whole=True)  # the last turn a plan is chosen
        if self.last_turn < self.first_turn:
            raise SpecError(f"agent spec {spec.text!r}: until={self.last_turn:g} is before from={self.first_turn}: "
                            "the planner would never choose; make until the later turn")
        self.z = spec.number("z", 0.0, 0, math.inf)
        self.shape = spec.number("shape", 0.3, 0, 1, open_most=True)
        self.portfolio = _portfolio(spec)
        self.pairs = int(spec.number("pairs", 3, 0, 6, whole=True))  # the plays whose ordered pairs are bound plans
        if len(self.portfolio) < 2 and self.pairs < 2:
            raise SpecError(f"agent spec {spec.text!r}: no plan to search but the script's own ({SCRIPT.text}): "
                            "name another in plans=, or bind the Supply points with pairs=2 or more")
        self.stats = PlannerStats()
        self._base: dict[int, Doctrine] = {}
        self._period: tuple[int, int] | None = None  # the turns the plan followed binds, from and before
        self._script: Script | None = None

    def __call__(self, state: GameState, rng: random.Random) -> Action:
        side = state.current_player()
        own_play = state.active == side and state.ctx.window is None and state.phase == Phase.PLAY
        if own_play and self.first_turn <= state.turn <= self.last_turn \
                and (self._period is None or state.turn >= self._period[1]):
            start, end, share = self.period(state)
            plan = self._choose(state, side, end, min(MAX_SCALE * self.playouts, math.ceil(self.playouts / share)),
                                own_stream(rng))
            if plan is not None:  # None: the play is forced (an arrival unstacking); the choice waits for a free play
                self._period = (start, end)
                self._script = Script(plan, self.base(state, side), side, start)
        if self._script is None or self._period is None or not self._period[0] <= state.turn < self._period[1]:
            return self._own(state, side)(state, rng)
        return self._script(state, rng)

    def period(self, state: GameState) -> tuple[int, int, float]:
        """The turns a plan chosen now binds (from, before) and the share of the game its playouts play: ``every``
        turns, or with ``every`` 0 half the turns left (at least one), so that the far future is planned coarsely and
        the last turns one by one. A game without a turn limit is counted to the engine's cap (a draw there)."""
        limit = state.game.ending.last_turn
        turn = state.turn
        left = max(1, limit - turn + 1)
        if self.at_arrivals:  # until the next turn of choice: a turn the side's reinforcements arrive, or the last
            rules = questions(state)
            arriving = rules.arrival_turns(state.current_player()) if rules is not None else ()
            span = min((t for t in (*arriving, limit) if t > turn), default=limit + 1) - turn
        else:
            span = self.every or max(1, left // 2)
        return turn, turn + span, min(1.0, left / limit)

    def base(self, state: GameState, side: int) -> Doctrine:
        """The side's script: the doctrine trained for it (greedy's where none was)."""
        if side not in self._base:
            from tcforge.agents.trained import best_lookup  # below the agents' registry, as the lookahead imports it
            self._base[side] = best_lookup(state, side)
        return self._base[side]

    def _own(self, state: GameState, side: int) -> Script:
        return Script(SCRIPT, self.base(state, side), side)

    def _choose(self, state: GameState, side: int, end: int, playouts: int, rng: random.Random) -> Plan | None:
        """The plan to follow until turn ``end``. Half the ``playouts`` pick a challenger: the other plans on common
        deals, the worse half by mean dropped after each round until one is left. The other half set it against
        the script's own plan on fresh deals, so the challenger's lucky deals, which picked it, do not also judge
        it (the winner's curse); it is followed when its paired gain there is above zero (``z`` standard errors
        above, with ``z``)."""
        base, enemy = self.base(state, side), _scripted(self.base(state, 1 - side))
        alive = list(self.portfolio[1:]) + (_point_plans(state, base, side, self.pairs) if self.pairs else [])
        if not alive:  # the play is forced: nothing to choose yet (the caller asks again at the next play)
            return None
        values: dict[Plan, list[float]] = {p: [] for p in alive}
        rounds = math.ceil(math.log2(len(alive)))
        spent = 0
        while len(alive) > 1:
            for _ in range(max(1, playouts // (2 * rounds * len(alive)))):
                deal = rng.getrandbits(64)
                for plan in alive:
                    values[plan].append(self._playout(state, side, plan, base, enemy, end, deal))
                    spent += 1
            alive = sorted(alive, key=lambda p: -sum(values[p]) / len(values[p]))[:max(1, len(alive) // 2)]
        challenger = alive[0]
        duel: list[list[float]] = [[], []]
        for _ in range(max(2, playouts // 4)):
            deal = rng.getrandbits(64)
            for row, plan in zip(duel, (SCRIPT, challenger), strict=True):
                row.append(self._playout(state, side, plan, base, enemy, end, deal))
            spent += 2
        chosen = challenger if paired_best(duel, self.z) == 1 else SCRIPT
        means = {SCRIPT.told(state): sum(duel[0]) / len(duel[0]), challenger.told(state): sum(duel[1]) / len(duel[1])}
        self.stats.choices.append(Choice(state.turn, means, chosen.told(state), spent))
        return chosen

    def _playout(self, state: GameState, side: int, plan: Plan, base: Doctrine, enemy: Policy, end: int,
                 deal: int) -> float:
        chance = random.Random(deal)  # the same deal and dice for every plan
        world = determinize(state, side, chance)
        planned, after = Script(plan, base, side, state.turn), _scripted(base)

        def mine(w: GameState, r: random.Random) -> Action:
            return planned(w, r) if w.turn < end else after(w, r)
        policies = (mine, enemy) if side == 0 else (enemy, mine)
        return play_out(world, side, chance, 0, self.shape, policies)


def _scripted(doctrine: Doctrine) -> Policy:
    """A side's script as a playout plays it: the commander of its doctrine, or where that is greedy's the greedy
    player itself, which makes the same choices from the same draws without the commander's wrapping."""
    return greedy_policy if doctrine == Doctrine() else Commander(doctrine)


def _point_plans(state: GameState, base: Doctrine, side: int, k: int) -> list[Plan]:
    """The plans that bind where this turn's first two Supply points go: each ordered pair of the ``k`` plays (a
    move or a fire, by position) the script rates highest, the script's own choices after them."""
    forced, scored = _Turn(base, side).plays(state, state.legal_actions())
    if forced is not None:
        return []
    ranked = sorted(((score, a) for score, a in scored if isinstance(a, Move | Fire)), key=lambda sa: -sa[0])
    top = [a for _, a in ranked[:k]]
    return [Plan(points=(a, b)) for a in top for b in top if a != b]


def _portfolio(spec: AgentSpec) -> tuple[Plan, ...]:
    written = spec.options.get("plans")
    if written is None:
        return PORTFOLIO
    if written == "coarse":
        return (SCRIPT, *COARSE)
    where = f"agent spec {spec.text!r}"
    plans = [Plan.read(text, where) for text in written.split("+") if text.strip()]
    if len(set(plans)) != len(plans):
        raise SpecError(f"{where}: plans names a plan twice; name each once")
    return (SCRIPT, *(p for p in plans if p != SCRIPT))
