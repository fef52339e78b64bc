"""Recompute the scenario digest and the hash chain of the hostile logs that forge a re-chained game.

tests/data/logs/hostile/rechained-*.jsonl are forgeries a forger could make: their seed (or seed and set-up) edited
and every hash recomputed, so that replay must find the forgery in the game itself. They carry the digest of the
scenario they name (hill-621): any edit of that file (a note, a translation) makes replay refuse them for the digest
first, before the forgery the tests look for. Run this after such an edit; the forgery is left as it is.

    .venv/bin/python tools/rechain_hostile_logs.py
"""
from __future__ import annotations

import json
from pathlib import Path

from tcforge.play import gamelog
from tcforge.scenarios.loading import find_scenario, load_scenario

HOSTILE = Path(__file__).resolve().parent.parent / "tests" / "data" / "logs" / "hostile"


def rechain(path: Path) -> bool:
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    head = lines[0]
    scenario = load_scenario(find_scenario(head["setup"]["scenario"])).scenario
    assert scenario is not None, f"{path}: its scenario does not load"
    digest = gamelog.scenario_digest(scenario)
    if head["digest"] == digest:
        return False
    head["digest"] = digest
    previous = ""
    for obj in lines:
        obj.pop("hash", None)
        previous = obj["hash"] = gamelog._chain(previous, obj)
    path.write_text("".join(json.dumps(obj, ensure_ascii=False) + "\n" for obj in lines), encoding="utf-8")
    return True


if __name__ == "__main__":
    for log in sorted(HOSTILE.glob("rechained-*.jsonl")):
        print(f"{log.name}: {'digest and chain recomputed' if rechain(log) else 'already current'}")
