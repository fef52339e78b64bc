"""The players, chosen by an agent spec: ``random``, ``greedy``, ``plan:64``.

A player is a :data:`~tcforge.agents.playout.Policy`, a callable ``(state, rng) -> action`` returning one of
``state.legal_actions()``; games and playouts run them in one loop (:func:`tcforge.agents.playout.run`).
:func:`make` builds one from a spec (:mod:`tcforge.agents.spec`: ``name[:budget][:key=value,...]``), a
fresh one for each side of each game, since a search player keeps statistics.
New players register in :data:`AGENTS` with a factory taking the parsed spec; a player that does not earn its
place against greedy (``tcforge scenario ladder``) is retired to :data:`RETIRED`, whose spec is refused in one
line naming what to use instead.

- ``random``: uniform over the legal actions (:func:`tcforge.agents.playout.random_policy`);
- ``greedy``: one decision ahead (:mod:`tcforge.agents.greedy`);
- ``rollout``: playouts to the end of the game from greedy's best plays, on information sets
  (:mod:`tcforge.agents.rollout`);
- ``plan``: whole-turn plans (greedy with seeded deviations) played out a few half-turns on information sets
  (:mod:`tcforge.agents.plan`): the strongest player (``tcforge scenario ladder`` measures it);
- ``planner``: turn plans (the side's script with its choice points bound: where the Supply points go, when to
  assault, what to keep) chosen by playouts to the end of the game, Puppet Search (:mod:`tcforge.agents.planner`);
- ``commander``: greedy's tactics under a doctrine, a typed vector of choices (:mod:`tcforge.agents.commander`);
- ``best``: the commander with the doctrine trained for the scenario and side at hand
  (``players/SCENARIO-ID.yaml``, read by :mod:`tcforge.agents.trained`), greedy's doctrine where none was trained.

The two search players share their playouts and their paired comparison (:mod:`tcforge.agents.search`) and
import nothing from each other.
"""
from __future__ import annotations

from collections.abc import Callable

from tcforge.agents.commander import commander_agent
from tcforge.agents.greedy import goals, greedy_policy, open_goals, value
from tcforge.agents.lookahead import LookaheadAgent
from tcforge.agents.plan import PlanAgent
from tcforge.agents.planner import PlannerAgent
from tcforge.agents.playout import Policy, random_policy
from tcforge.agents.rollout import RolloutAgent
from tcforge.agents.spec import AgentSpec, SpecError, parse
from tcforge.agents.trained import best_agent

__all__ = ["AGENTS", "RETIRED", "AgentSpec", "Policy", "SpecError", "canonical", "goals", "greedy_policy", "make",
           "open_goals", "parse", "value"]


def _plain(policy: Policy) -> Callable[[AgentSpec], Policy]:
    def factory(spec: AgentSpec) -> Policy:
        if spec.has_budget or spec.options:
            raise SpecError(f"agent spec {spec.text!r}: {spec.name} takes no budget and no options")
        return policy
    return factory


AGENTS: dict[str, Callable[[AgentSpec], Policy]] = {"random": _plain(random_policy), "greedy": _plain(greedy_policy),
                                                    "rollout": RolloutAgent, "plan": PlanAgent,
                                                    "commander": commander_agent, "look": LookaheadAgent,
                                                    "planner": PlannerAgent,
                                                    "best": lambda spec: best_agent(spec, make)}
# players taken out, with why and what to use instead (issue 32; the measurement is in the commit that retired them)
RETIRED: dict[str, str] = {
    "mcts": ("information-set MCTS was retired: mcts:50 scored 0.23 (95 % 0.13-0.38) against greedy on Kursk "
             "(issue 32); use plan:64 or greedy"),
}


def make(spec: str | AgentSpec) -> Policy:
    """A player from its spec; raises :class:`SpecError` naming the problem."""
    text = spec if isinstance(spec, str) else spec.text
    name = text.split(":", 1)[0].strip().lower()
    if name in RETIRED:  # refused by its name first, whatever the rest of the spec says
        raise SpecError(f"agent spec {text!r}: {RETIRED[name]}")
    parsed = parse(spec) if isinstance(spec, str) else spec
    factory = AGENTS.get(parsed.name)
    if factory is None:
        raise SpecError(f"agent spec {parsed.text!r}: unknown player '{parsed.name}'; use one of {', '.join(sorted(AGENTS))}")
    return factory(parsed)


def canonical(spec: str) -> str:
    """The spec in the form logs record (``PLAN:064`` -> ``plan:64``), checked by building it once."""
    make(spec)
    return parse(spec).text

