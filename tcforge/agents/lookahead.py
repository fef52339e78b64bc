"""A one-play lookahead: each of the best few plays is played out to the end of the enemy's answer, and scored there.

The greedy player scores a play by what it does at once (a shot's expected
damage, a move's distance gained). This player keeps greedy's shortlist but
decides among it by where each play leads: for each of the ``k`` plays greedy
rates highest, it deals ``m`` positions from what its side knows
(:func:`~tcforge.engine.observation.determinize`: it never reads a hidden card),
applies the play, lets its base player finish the turn and the enemy's greedy
player answer (``horizon`` half-turns, this one included), and scores the
position it reaches with an evaluation of the position: the hand-made heuristic
of :mod:`.evaluate`, or a learned one (``value=learned``: the logistic model
fitted on a scenario's own games, :mod:`.learned`). Every play is played out on
the same deals and dice (common random numbers), so their differences are the
plays', not the luck's; a play other than greedy's first choice is taken only
when its mean is higher. Every other decision (steps, targets, reactions) is its
base player's: greedy, or with ``base=trained`` the trained commander of the
scenario at hand.

With ``endgame=N``, in the last ``N`` turns of a game decided at a turn limit
(Hill 621, 20.0) each play is played out to the game's end and scored by its
result, where the evaluation has least to say and the playouts are short.
With ``late=N`` it searches only in the last ``N`` turns and is its base player
before them, choice for choice: where a given turn decides, the plays of the
last turns decide most, and a search there costs a few greedy games, not tens.
With ``settle=N`` (in the endgame only) it stops after ``N`` deals when no play
has yet changed a playout's result (win, draw or loss) and takes the best so far:
most of the last turns' decisions turn on no result, and their remaining deals
would only rank the plays by the share of goals held at the end.

Its deals and their dice come from a stream of its own, seeded from the game's
generator without drawing from it, and it draws from the game's generator what
its base player's decision draws. So a search that keeps its base player's
choice leaves the game exactly as the base player would have played it, dice
included, and a paired comparison with the base player differs only where a
choice did (common random numbers across players, not only across plays).

Spec: ``look[:m][:k=3,horizon=2,value=heuristic,base=greedy,endgame=0,late=0,settle=0]`` (``base=trained``,
``value=learned``); ``m`` (2) deals a play.
"""
from __future__ import annotations

import random
from collections.abc import Callable

from tcforge.agents.commander import Commander
from tcforge.agents.greedy import forced_play, greedy_policy, play_candidates
from tcforge.agents.playout import Policy
from tcforge.agents.search import own_stream, play_out
from tcforge.agents.spec import AgentSpec, SpecError
from tcforge.engine.context import Phase
from tcforge.engine.observation import determinize
from tcforge.engine.state import Action, GameState

DEFAULT_DEALS = 2


class LookaheadAgent:
    """The lookahead player of one side for one game."""

    def __init__(self, spec: AgentSpec, base: Policy | None = None,
                 evaluation: Callable[[GameState, int], float] | None = None):
        spec.check_options({"k", "horizon", "value", "base", "shape", "endgame", "late", "settle"})
        if spec.seconds is not None:
            raise SpecError(f"agent spec {spec.text!r}: look takes a number of deals a play (look:2), not a time")
        self.spec = spec
        self.deals = spec.iterations if spec.iterations is not None else DEFAULT_DEALS
        self.k = int(spec.number("k", 3, 2, 16, whole=True))
        self.horizon = int(spec.number("horizon", 2, 1, 8, whole=True))
        self.shape = spec.number("shape", 0.3, 0, 1, open_most=True)
        self.endgame = int(spec.number("endgame", 0, 0, 100, whole=True))
        self.late = int(spec.number("late", 0, 0, 100, whole=True))
        self.settle = int(spec.number("settle", 0, 0, 100, whole=True))
        kind = spec.options.get("value", "heuristic")
        if kind not in ("heuristic", "learned"):
            raise SpecError(f"agent spec {spec.text!r}: value={kind}; value is heuristic or learned")
        self.value = kind
        choice = spec.options.get("base", "greedy")
        if choice not in ("greedy", "trained"):
            raise SpecError(f"agent spec {spec.text!r}: base={choice}; base is greedy or trained")
        if base is None and choice == "trained":
            from tcforge.agents.trained import best_lookup
            base = Commander(lookup=best_lookup)
        self.base: Policy = base or greedy_policy
        self._evaluation = evaluation

    def __call__(self, state: GameState, rng: random.Random) -> Action:
        actions = state.legal_actions()
        side = state.current_player()
        if len(actions) == 1 or state.ctx.window is not None or state.active != side:
            return self.base(state, rng)
        limit = state.game.turn_limit
        if self.late and limit is not None and state.turn <= limit - self.late:
            return self.base(state, rng)
        if state.phase != Phase.PLAY:
            return self.base(state, rng)
        if isinstance(self.base, Commander):
            forced, scored = self.base.plays(state, actions)
        else:
            forced, scored = _greedy_plays(state, actions)
        if forced is not None:
            return forced
        ranked = sorted(scored, key=lambda sa: -sa[0])  # stable: the base player's order among ties
        shortlist = [a for _, a in ranked[:self.k]]
        chosen = self.base(state, rng)  # what the base player would play, drawing from the game's stream as it does
        if len(shortlist) < 2:
            return chosen
        return self._searched(state, side, shortlist, own_stream(rng), chosen)

    def _endgame(self, state: GameState) -> bool:
        limit = state.game.turn_limit
        return bool(self.endgame) and limit is not None and state.turn > limit - self.endgame

    def _searched(self, state: GameState, side: int, shortlist: list[Action], rng: random.Random,
                  chosen: Action | None = None) -> Action:
        """The shortlisted action whose playouts score best, each played on the same deals and dice; the base player's
        own choice ``chosen`` where it scores as well as the best."""
        totals = [0.0] * len(shortlist)
        results: set[tuple[int | None, ...]] = set()  # each deal's results (the winner, or None) across the plays
        settle = self.settle if self._endgame(state) else 0
        for dealt in range(1, self.deals + 1):
            deal = rng.getrandbits(64)
            winners = []
            for i, action in enumerate(shortlist):
                chance = random.Random(deal)
                world = determinize(state, side, chance)
                world.apply_action(action)
                totals[i] += self._score(world, side, chance)
                winners.append(world.outcome.winner if world.outcome is not None else None)
            results.add(tuple(winners))
            if settle and dealt >= settle and all(len(set(r)) == 1 for r in results):
                break  # no play has changed a result in the deals so far: rank them on these
        best = max(range(len(shortlist)), key=lambda i: (totals[i], -i))
        if chosen in shortlist and totals[shortlist.index(chosen)] == totals[best]:
            return chosen
        return shortlist[best]

    def _score(self, world: GameState, side: int, chance: random.Random) -> float:
        policies = (self.base, greedy_policy) if side == 0 else (greedy_policy, self.base)
        if self._endgame(world):
            return play_out(world, side, chance, 0, self.shape, policies)  # the last turns: played to the result
        evaluation = self._evaluation
        if evaluation is None and self.value == "learned":
            evaluation = self._evaluation = _learned(world, side)
        if evaluation is None:
            return play_out(world, side, chance, self.horizon, self.shape, policies)
        play_out(world, side, chance, self.horizon, self.shape, policies)
        return evaluation(world, side)


def _greedy_plays(state: GameState, actions: list[Action]) -> tuple[Action | None, list[tuple[float, Action]]]:
    """The play phase as greedy sees it: its free plays and sure exits, else the plays it weighs with their scores."""
    forced = forced_play(state, actions)
    return (forced, []) if forced is not None else (None, play_candidates(state, actions))


def _learned(state: GameState, side: int) -> Callable[[GameState, int], float]:
    """The learned evaluation trained for the game's scenario and this side; a clear error where none was fitted."""
    from tcforge.agents.trained import evaluation_for
    found = evaluation_for(state.game.name, side)
    if found is None:
        raise SpecError(f"look:...:value=learned: no learned evaluation for {state.game.name} (side {side}); fit one "
                        f"with tcforge scenario train {state.game.name}")
    return found
