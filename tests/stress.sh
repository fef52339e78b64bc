#!/usr/bin/env bash
# The stress check (docs/guide/testing-and-benchmarks.md, "The test suite under load"): the whole suite RUNS times in a row (5 unless given)
# while other processes keep every core busy, as on a loaded CI machine. Every run must pass: a test that raced a
# clock or a signal would fail here first. The load is stress-ng where installed (Debian: apt-get install
# stress-ng), else one shell busy loop a core; either is ended when the check ends, however it ends.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
cores=$(nproc 2>/dev/null || echo 2)
load=()
stop_load() { [ ${#load[@]} -eq 0 ] || kill "${load[@]}" 2>/dev/null || true; }
trap stop_load EXIT
if command -v stress-ng >/dev/null 2>&1; then
    stress-ng --cpu "$cores" --quiet &
    load+=($!)
else
    for _ in $(seq "$cores"); do
        (while :; do :; done) &
        load+=($!)
    done
fi
echo "stress check: $runs runs of the whole suite, $cores core(s) kept busy by ${#load[@]} process(es)"
for run in $(seq "$runs"); do
    echo "run $run of $runs"
    # -q comes from pyproject's addopts: a second one would drop the closing 'N passed in S s' line
    if ! .venv/bin/python -m pytest -p no:cacheprovider; then
        echo "stress check failed on run $run of $runs" >&2
        exit 1
    fi
done
echo "stress check passed: $runs runs in a row under load"
