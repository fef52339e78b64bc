"""The golden playthrough: a seeded Kursk-sized game whose whole log is checked in.

Run ``python tests/golden.py`` to write it again after a deliberate change of
the rules engine; the test then shows, by failing first, that behaviour moved.
"""
from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
LOG = HERE / "data" / "golden" / "kursk-seed-7.jsonl"
SUMMARY = HERE / "data" / "golden" / "kursk-seed-7.json"
SEED = 7


def start():  # type: ignore[no-untyped-def]
    from tcforge.bench import kursk_state
    return kursk_state(SEED)


def digest(state) -> str:  # type: ignore[no-untyped-def]
    return hashlib.sha256(state.serialize().encode()).hexdigest()


def write() -> None:
    from tcforge.agents.playout import play, random_policy
    from tcforge.engine.replay import write_log
    from tcforge.play.wording import about
    result = play(start(), (random_policy, random_policy), random.Random(SEED), about=about)
    with LOG.open("w", encoding="utf-8") as handle:
        write_log(result.log, handle)
    SUMMARY.write_text(json.dumps({"seed": SEED, "actions": len(result.log), "winner": result.state.winner,
                                   "end": result.state.end_reason, "final_state_sha256": digest(result.state)},
                                  indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent))
    write()
    print(SUMMARY.read_text())
