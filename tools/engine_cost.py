"""Paired engine cost: CPU seconds per action over the same 25 seeded random-player Kursk games, best of 3.

Compare two versions on one machine under one load by running it alternately on two checkouts:

    git worktree add /tmp/old <commit>
    .venv/bin/python tools/engine_cost.py /tmp/old; .venv/bin/python tools/engine_cost.py .   # twice, alternating

``time.process_time`` counts this process's CPU only, so another job on the machine disturbs it less than wall time.
The action count shows whether both versions played the same games. A developer's tool, not part of the wheel.
"""
from __future__ import annotations

import random
import sys
import time


def main() -> None:
    sys.path.insert(0, sys.argv[1] if len(sys.argv) > 1 else ".")
    from tcforge.bench import kursk_state
    try:
        from tcforge.agents.playout import play, random_policy
    except ImportError:  # before issue 32 the playout loop lived in the engine
        from tcforge.engine.playout import play, random_policy  # type: ignore[no-redef]
    best, actions = float("inf"), 0
    for _ in range(3):
        actions, started = 0, time.process_time()
        for seed in range(25):
            actions += len(play(kursk_state(seed), (random_policy, random_policy), random.Random(seed)).log)
        best = min(best, (time.process_time() - started) / actions)
    print(f"{sys.argv[1] if len(sys.argv) > 1 else '.'}: {actions} actions, best {best * 1e6:.2f} µs an action")


if __name__ == "__main__":
    main()
