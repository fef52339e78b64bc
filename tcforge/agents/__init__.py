"""The players, chosen by an agent spec: ``random``, ``greedy``, ``mcts:400``.

A player is a callable ``(state, rng) -> action`` returning one of
``state.legal_actions()``. :func:`make` builds one from a spec
(:mod:`tcforge.agents.spec`: ``name[:budget][:key=value,...]``), a
fresh one for each side of each game, since a search player keeps statistics.
New players register in :data:`AGENTS` with a factory taking the parsed spec.

- ``random``: uniform over the legal actions (:func:`tcforge.engine.playout.random_policy`);
- ``greedy``: one decision ahead (:mod:`tcforge.agents.greedy`);
- ``mcts``: information-set Monte Carlo tree search (:mod:`tcforge.agents.mcts`);
- ``rollout``: playouts to the end of the game from greedy's best plays, on information sets
  (:mod:`tcforge.agents.rollout`);
- ``plan``: whole-turn plans (greedy with seeded deviations) played out a few half-turns on information sets
  (:mod:`tcforge.agents.plan`): the strongest player (``tcforge scenario ladder`` measures it).
"""
from __future__ import annotations

import random
from collections.abc import Callable

from tcforge.agents.greedy import goals, greedy_policy, open_goals, value
from tcforge.agents.mcts import MCTSAgent
from tcforge.agents.plan import PlanAgent
from tcforge.agents.rollout import RolloutAgent
from tcforge.agents.spec import AgentSpec, SpecError, parse
from tcforge.engine.playout import random_policy
from tcforge.engine.state import Action, GameState

__all__ = ["AGENTS", "POLICIES", "AgentSpec", "Policy", "SpecError", "canonical", "get", "goals", "greedy_policy", "make",
           "open_goals", "parse", "value"]

Policy = Callable[[GameState, random.Random], Action]


def _plain(policy: Policy) -> Callable[[AgentSpec], Policy]:
    def factory(spec: AgentSpec) -> Policy:
        if spec.has_budget or spec.options:
            raise SpecError(f"agent spec {spec.text!r}: {spec.name} takes no budget and no options")
        return policy
    return factory


AGENTS: dict[str, Callable[[AgentSpec], Policy]] = {"random": _plain(random_policy), "greedy": _plain(greedy_policy),
                                                    "mcts": MCTSAgent, "rollout": RolloutAgent,
                                                    "plan": PlanAgent}
POLICIES: dict[str, Policy] = {"random": random_policy, "greedy": greedy_policy}  # the players that need no spec


def make(spec: str | AgentSpec) -> Policy:
    """A player from its spec; raises :class:`SpecError` naming the problem."""
    parsed = parse(spec) if isinstance(spec, str) else spec
    factory = AGENTS.get(parsed.name)
    if factory is None:
        raise SpecError(f"agent spec {parsed.text!r}: unknown player '{parsed.name}'; use one of {', '.join(sorted(AGENTS))}")
    return factory(parsed)


def canonical(spec: str) -> str:
    """The spec in the form logs record (``MCTS:0400`` -> ``mcts:400``), checked by building it once."""
    parsed = parse(spec)
    make(parsed)
    return parsed.text


def get(name: str) -> Policy:
    """A player by spec (kept for callers of the name-only registry)."""
    return make(name)
