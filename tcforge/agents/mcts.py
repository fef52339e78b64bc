"""A search player: information-set Monte Carlo tree search over the engine's small decisions.

Each iteration deals a full position consistent with what the searching side
knows (:func:`tcforge.engine.observation.determinize`: the opponent's hand
re-dealt), then walks one tree shared by every deal (single-observer ISMCTS).
The tree is open-loop: a node is a sequence of decisions, and die rolls and
draws are sampled afresh on each walk, so chance never branches the tree. In a
node, an action tried before is chosen by UCB1, counting the times it was
available rather than the node's visits, since a deal can make an action
illegal (an opponent's Interrupt it does not hold). The walk adds one node,
plays on with a cheap player for a few decisions (the rollout, cut short), and
scores the position with :func:`tcforge.agents.evaluate.evaluate`;
each node on the path adds that value for the side that chose it. The move
played is the root's most visited action. Children are filed by :func:`keyed`
actions, so copies of one card in hand are one choice.

Options (``mcts:400:c=0.25,depth=4,rollout=random``, the defaults): ``c`` the
UCB exploration constant, ``depth`` the rollout's decisions before the position is scored,
``rollout`` the player of the rollout (``random`` or ``greedy``), ``seed`` mixed
into the search's generator (two players of one spec made to differ). The
search draws its numbers from one generator seeded by the game's (one draw a
decision), so a game with an iteration budget replays exactly from its seed.
"""
from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field

from tcforge.agents.evaluate import evaluate
from tcforge.agents.greedy import greedy_policy
from tcforge.agents.spec import MAX_SEED, AgentSpec, SpecError
from tcforge.engine.board import RESERVE
from tcforge.engine.observation import determinize
from tcforge.engine.playout import random_policy, sample_chance
from tcforge.engine.state import CHANCE, TERMINAL, Action, GameState

DEFAULT_ITERATIONS = 200
ROLLOUTS = {"random": random_policy, "greedy": greedy_policy}
HAND_KINDS = frozenset(("interrupt", "play", "fortify", "equip", "discard", "pick"))  # actions naming a card (action[1])


def keyed(state: GameState, actions: list[Action]) -> dict[Action, Action]:
    """The actions by the key the tree files them under: a card in the reserve is named by its card id, so two
    copies of one card in hand are one choice (four Smoke cards do not make four branches), and a dealt hand
    reaches the same node as another deal holding the same kind of card. The first action of each key is kept."""
    units = state.units
    out: dict[Action, Action] = {}
    for a in actions:
        key = a
        if len(a) > 1 and a[0] in HAND_KINDS:
            unit = units[a[1]]
            if unit.pos == RESERVE:
                key = (a[0], ("card", unit.profile.card_id)) + a[2:]
        if key not in out:
            out[key] = a
    return out


class Node:
    """A sequence of decisions; as the edge from its parent: visits, value summed for the side that chose it."""

    __slots__ = ("avail", "children", "total", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.total = 0.0
        self.avail = 0
        self.children: dict[Action, Node] = {}


@dataclass
class SearchStats:
    """What the last search did: iterations, seconds, and the root's visits and mean values by action key
    (:func:`keyed`: a card in hand is named ``("card", card id)``)."""

    iterations: int = 0
    seconds: float = 0.0
    visits: dict[Action, int] = field(default_factory=dict)
    values: dict[Action, float] = field(default_factory=dict)


class MCTSAgent:
    """The search player of one side for one game: each decision is a fresh search; between decisions it keeps
    only the last search's statistics (:attr:`last`) and which equipment it has passed in the current move."""

    def __init__(self, spec: AgentSpec):
        spec.check_options({"c", "depth", "rollout", "seed"})
        self.spec = spec
        self.iterations = spec.iterations if spec.iterations is not None or spec.seconds is not None else DEFAULT_ITERATIONS
        self.seconds = spec.seconds
        self.c = spec.number("c", 0.25, 0, 100)
        self.depth = int(spec.number("depth", 4, 0, 1000, whole=True))
        self.seed = int(spec.number("seed", 0, 0, MAX_SEED, whole=True))
        rollout = spec.options.get("rollout", "random")
        if rollout not in ROLLOUTS:
            raise SpecError(f"agent spec {spec.text!r}: rollout is one of {', '.join(sorted(ROLLOUTS))}")
        self.rollout = ROLLOUTS[rollout]
        self.last = SearchStats()
        self._transferred: tuple[tuple[int, int, int, int], set[int]] = ((-1, -1, -1, -1), set())

    def __call__(self, state: GameState, rng: random.Random) -> Action:
        actions = self._without_repeated_transfers(state, state.legal_actions())  # the side knows what it may do
        choices = keyed(state, actions)
        if len(choices) == 1:
            return self._remember(state, actions[0])
        side = state.current_player()
        search_rng = random.Random(rng.getrandbits(64) ^ self.seed)
        root = Node()
        start = time.perf_counter()
        deadline = start + self.seconds if self.seconds is not None else None
        done = 0
        while True:
            if self.iterations is not None and done >= self.iterations:
                break
            if deadline is not None and time.perf_counter() >= deadline and done > 0:
                break
            self._iterate(root, determinize(state, side, search_rng), side, search_rng, choices)
            done += 1
        stats = SearchStats(done, time.perf_counter() - start)
        for action, child in root.children.items():
            stats.visits[action] = child.visits
            stats.values[action] = child.total / child.visits if child.visits else 0.0
        self.last = stats
        best = max(choices, key=lambda k: (stats.visits.get(k, 0), stats.values.get(k, -2.0)))
        return self._remember(state, choices[best])

    # The engine lets the squads of a moving stack pass equipment between them as often as they like (13.0): a free
    # action that changes nothing a search can see, which it might pick for ever. Each item passes once a move.
    def _move_key(self, state: GameState) -> tuple[int, int, int, int]:
        move = state.ctx.move
        return (state.turn, state.active, state.supply, move.source if move is not None else -99)

    def _without_repeated_transfers(self, state: GameState, actions: list[Action]) -> list[Action]:
        key, items = self._transferred
        if key != self._move_key(state) or not items:
            return actions
        kept = [a for a in actions if not (a[0] == "transfer" and a[1] in items)]
        return kept or actions

    def _remember(self, state: GameState, action: Action) -> Action:
        if action[0] == "transfer":
            key = self._move_key(state)
            if self._transferred[0] != key:
                self._transferred = (key, set())
            self._transferred[1].add(action[1])
        return action

    def _iterate(self, root: Node, det: GameState, side: int, rng: random.Random, root_choices: dict[Action, Action]) -> None:
        path: list[tuple[Node, bool]] = []  # (node, chosen by the searching side)
        node = root
        expanded = False
        c = self.c
        while True:
            player = det.current_player()
            if player == TERMINAL:
                break
            if player == CHANCE:
                det.apply_action(sample_chance(det, rng))
                continue
            legal = root_choices if node is root else keyed(det, det.legal_actions())
            children = node.children
            if expanded and len(legal) > 1:
                break
            untried = [k for k in legal if k not in children]
            if untried:
                key = untried[rng.randrange(len(untried))]
                child = children[key] = Node()
                expanded = True
                for k in legal:
                    if k in children:
                        children[k].avail += 1
            else:
                best = -math.inf
                key = next(iter(legal))
                for k in legal:
                    ch = children[k]
                    ch.avail += 1
                    score = ch.total / ch.visits + c * math.sqrt(math.log(ch.avail) / ch.visits)
                    if score > best:
                        best, key = score, k
                child = children[key]
            action = legal[key]
            path.append((child, player == side))
            det.apply_action(action)
            node = child
        value = self._rollout(det, side, rng)
        for node, mine in path:
            node.visits += 1
            node.total += value if mine else -value
        root.visits += 1

    def _rollout(self, det: GameState, side: int, rng: random.Random) -> float:
        """Play on with the cheap player for ``depth`` decisions, let chance finish, and score the position."""
        left = self.depth
        policy = self.rollout
        while True:
            player = det.current_player()
            if player == TERMINAL:
                break
            if player == CHANCE:
                det.apply_action(sample_chance(det, rng))
                continue
            if left <= 0:
                break
            det.apply_action(policy(det, rng))
            left -= 1
        return evaluate(det, side)
