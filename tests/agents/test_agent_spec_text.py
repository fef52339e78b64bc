"""An agent spec's text reads back as the same spec: a spec is normalised, then read again in a worker or from a log,
so every spec parse() accepts is written by AgentSpec.text in a form parse() accepts, equal to it (issue 31 item 7:
mcts:0.0004s was written back as mcts:0ms, mcts:2000000s as mcts:2e+06s, both refused)."""
from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from conftest import examples
from tcforge.agents import SpecError, canonical, parse
from tcforge.agents.spec import MAX_ITERATIONS, MAX_MS


@pytest.mark.parametrize(("text", "again"), [
    ("plan:1ms", "plan:1ms"), ("plan:0.001s", "plan:1ms"), ("plan:999ms", "plan:999ms"), ("plan:1000ms", "plan:1s"),
    ("plan:1.5s", "plan:1.5s"), ("plan:1.500s", "plan:1.5s"), ("plan:1.25s", "plan:1.25s"), ("plan:2.001s", "plan:2.001s"),
    ("plan:60s", "plan:60s"), ("plan:60000ms", "plan:60s"), ("plan:5000", "plan:5000"), ("rollout:10000", "rollout:10000"),
    ("rollout:0001", "rollout:1"), ("plan:64:lead=inf", "plan:64:lead=inf"),
])
def test_a_time_or_iteration_budget_is_written_back_exactly(text: str, again: str) -> None:
    assert canonical(text) == again and parse(again) == parse(text) and canonical(again) == again


@pytest.mark.parametrize(("text", "bound"), [
    ("plan:0.0004s", "1ms to 60s"), ("plan:0.0005s", "1ms to 60s"), ("plan:2000000s", "1ms to 60s"),
    ("plan:60.001s", "1ms to 60s"), ("plan:1.2345s", "whole milliseconds"), ("plan:5001", "from 1 to 5,000 for plan"),
    ("plan:2e+06s", "from 1 to 5,000 for plan"), ("plan:0", "from 1 to 5,000 for plan"),
    # issue 51: the largest budgets are bounded by the hours a game may take, each player's by its own cost
    ("look:1000000", "from 1 to 4,000 for look"), ("rollout:1000000", "from 1 to 10,000 for rollout"),
    ("rollout:10001", "from 1 to 10,000 for rollout"), ("planner:10001", "from 1 to 10,000 for planner"),
])
def test_a_budget_outside_its_bounds_is_refused_with_the_bounds(text: str, bound: str) -> None:
    with pytest.raises(SpecError, match=bound):
        parse(text)


budgets = st.one_of(
    st.integers(0, MAX_ITERATIONS + 10).map(str),
    st.integers(0, MAX_MS + 10).map(lambda ms: f"{ms}ms"),
    st.integers(0, 4).flatmap(lambda places: st.decimals(0, 4000, places=places)).map(lambda d: f"{d:f}s"),
    st.text("0123456789.-+esmnai", max_size=8),
)
options = st.dictionaries(st.sampled_from(["c", "depth", "seed", "k", "z", "eps", "lead", "horizon", "shape"]),
                          st.one_of(st.integers(-5, 100).map(str), st.floats(allow_nan=True).map(repr),
                                    st.sampled_from(["inf", "nan", "-inf", "1e999", "x"])), max_size=3)


@settings(max_examples=examples(300))  # derandomized in make test, fresh in make fuzz (conftest profiles)
@given(st.sampled_from(["plan", "plan", "rollout", "greedy", "PLAN"]), st.none() | budgets, options)
@example("plan", "0.0004s", {})
@example("plan", "2000000s", {})
@example("plan", "64", {"lead": "inf"})
def test_every_spec_parse_accepts_reads_back_from_its_text_as_the_same_spec(name: str, budget: str | None,
                                                                             opts: dict[str, str]) -> None:
    text = name + (f":{budget}" if budget is not None else "") + (
        ":" + ",".join(f"{k}={v}" for k, v in opts.items()) if opts else "")
    try:
        spec = parse(text)
    except SpecError:
        return  # refused with a reason: fine
    assert parse(spec.text) == spec and parse(spec.text).text == spec.text
    try:
        written = canonical(text)
    except SpecError:
        return  # a player refuses an option (its range in the message)
    assert canonical(written) == written and parse(written) == spec


def test_the_largest_budget_an_option_takes_is_the_largest_a_spec_takes() -> None:
    """--max-budget (tcforge.bounds, which imports no player) stops where the costliest-to-bound player stops."""
    from tcforge.agents.spec import MOST_ITERATIONS
    from tcforge.bounds import MAX_BUDGET
    assert MAX_BUDGET == MAX_ITERATIONS == max(MOST_ITERATIONS.values())
    for name, most in MOST_ITERATIONS.items():
        assert parse(f"{name}:{most}").iterations == most
        with pytest.raises(SpecError, match=f"from 1 to {most:,} for {name}"):
            parse(f"{name}:{most + 1}")
