"""Behaviour fingerprint: run a fixed set of tcforge commands and hash what they write.

A refactoring that must not change behaviour (issue 32) runs this before and after:

    python tools/fingerprint.py --write tools/fingerprint-before.json   # on the old commit
    python tools/fingerprint.py --check tools/fingerprint-before.json   # on the new one

It covers seeded games of every bundled scenario with every player (their logs and JSON accounts byte for
byte), a small balance run and a sweep (JSON), replays and audits, exact odds, the card and ruleset listings,
and the deterministic PDFs (inserts, reference cards, scenario sheets). Each command runs in a fresh temporary
folder through the installed CLI (`.venv/bin/tcforge`, or TCFORGE=path). Not part of the wheel; a developer's
tool. Hashes depend on the installed library versions (reportlab), so compare on one machine.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ("tank-action", "meeting-engagement", "prepared-defense", "defense", "eliminate-that-bridgehead",
             "kursk", "the-end-is-near", "hill-621", "build-your-own-force", "advanced-build-your-own-force")

# (name, argv, files written). "{out}" is the run's temporary folder.
def commands() -> list[tuple[str, list[str], list[str]]]:
    runs: list[tuple[str, list[str], list[str]]] = []
    for scenario in SCENARIOS:
        for seed in (1, 2):
            runs.append((f"play {scenario} {seed}",
                         ["scenario", "play", scenario, "--seed", str(seed), "--log", "{out}/g.jsonl", "-f", "json"],
                         ["g.jsonl"]))
    for agents in (["--agent", "german=random", "--agent", "soviet=greedy"],
                   ["--agent", "german=rollout:4", "--agent", "soviet=greedy"]):
        runs.append((f"play kursk {' '.join(agents)}",
                     ["scenario", "play", "kursk", "--seed", "3", "--log", "{out}/g.jsonl", "-f", "json", *agents],
                     ["g.jsonl"]))
    runs.append(("play hill text fr", ["scenario", "play", "hill-621", "--seed", "5", "--lang", "fr", "--board"], []))
    runs.append(("play+replay hill", ["scenario", "play", "hill-621", "--seed", "4", "--quiet", "--log", "{out}/g.jsonl"],
                 ["g.jsonl"]))
    runs.append(("balance hill", ["scenario", "balance", "hill-621", "--games", "6", "--jobs", "1", "-f", "json"], []))
    runs.append(("balance kursk", ["scenario", "balance", "kursk", "--games", "4", "--jobs", "1", "-f", "json",
                                   "--agent", "german=rollout:2"], []))
    runs.append(("check", ["scenario", "check", "--format", "json"], []))
    runs.append(("check play", ["scenario", "check", "tank-action", "--play", "--games", "4", "--jobs", "1"], []))
    runs.append(("odds matrix", ["odds", "matrix", "--out", "{out}/mx"], ["mx/odds-six-pack-r3-short.csv"]))
    runs.append(("show hill", ["scenario", "show", "hill-621"], []))
    runs.append(("generate", ["scenario", "generate", "--seed", "3", "--out", "{out}/gen.yaml"], ["gen.yaml"]))
    runs.append(("odds", ["odds", "T-34/85", "Tiger I", "--format", "json"], []))
    runs.append(("validate", ["validate"], []))
    runs.append(("cards list", ["cards", "list", "--format", "json"], []))
    runs.append(("rules show", ["rules", "show"], []))
    runs.append(("rules cards", ["rules", "cards"], []))
    runs.append(("deck odds", ["deck", "odds", "russian-front-summer-1942", "--no-sensitivity"], []))
    runs.append(("print inserts", ["print", "inserts", "--out", "{out}/i.pdf"], ["i.pdf"]))
    runs.append(("print refcards", ["print", "refcards", "--out", "{out}/r.pdf"], ["r.pdf"]))
    runs.append(("print scenario", ["print", "scenario", "hill-621", "--out", "{out}/s.pdf"], ["s.pdf"]))
    return runs


def tcforge() -> str:
    return os.environ.get("TCFORGE", str(ROOT / ".venv" / "bin" / "tcforge"))


def _stable(text: bytes, tmp: str) -> bytes:
    """The output without what differs from run to run: the temporary folder and timings ("in 0.067 s")."""
    return re.sub(rb"\d+(\.\d+)? s\b", b"T s", text.replace(tmp.encode(), b"{out}"))


def run_one(argv: list[str], files: list[str]) -> dict[str, str]:
    with tempfile.TemporaryDirectory() as tmp:
        args = [a.replace("{out}", tmp) for a in argv]
        proc = subprocess.run([tcforge(), *args], capture_output=True, cwd=tmp,
                              env={**os.environ, "COLUMNS": "100", "NO_COLOR": "1", "TERM": "dumb"})
        result = {"exit": str(proc.returncode),
                  "stdout": hashlib.sha256(_stable(proc.stdout, tmp)).hexdigest()}
        if proc.returncode not in (0, 1):
            result["stderr"] = proc.stderr.decode(errors="replace")[-400:]
        for name in files:
            path = Path(tmp) / name
            result[name] = hashlib.sha256(path.read_bytes()).hexdigest() if path.exists() else "missing"
        # a replay and an audit of the log just written, where there is one
        if "g.jsonl" in files and (Path(tmp) / "g.jsonl").exists():
            for sub in ("replay", "audit"):
                again = subprocess.run([tcforge(), "scenario", sub, str(Path(tmp) / "g.jsonl")], capture_output=True,
                                       cwd=tmp, env={**os.environ, "COLUMNS": "100", "NO_COLOR": "1"})
                result[sub] = f"{again.returncode}:" + hashlib.sha256(
                    again.stdout.replace(tmp.encode(), b"{out}")).hexdigest()
        return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("--write", type=Path)
    group.add_argument("--check", type=Path)
    parser.add_argument("--only", help="run only the commands whose name contains this")
    opts = parser.parse_args()
    found = {}
    for name, argv, files in commands():
        if opts.only and opts.only not in name:
            continue
        found[name] = run_one(argv, files)
        print(f"{name}: {found[name]['exit']}", file=sys.stderr, flush=True)
    if opts.write:
        opts.write.write_text(json.dumps(found, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        return 0
    before = json.loads(opts.check.read_text(encoding="utf-8"))
    differ = 0
    for name, now in found.items():
        if name not in before:
            print(f"new: {name}")
            continue
        for key in sorted(set(before[name]) | set(now)):
            if before[name].get(key) != now.get(key):
                differ += 1
                print(f"DIFFERS {name} [{key}]: {before[name].get(key)} -> {now.get(key)}")
    print(f"{len(found)} commands, {differ} difference(s)")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
