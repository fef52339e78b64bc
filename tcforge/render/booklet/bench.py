"""Benchmark of the rule booklets: seconds a page and peak memory, each booklet built in its own process.

WeasyPrint keeps memory between documents, so each language is built in a
fresh Python process (``python -m tcforge.render.booklet.bench LANG PAPER
OUT [RULESET]``), which reports its pages, build time and peak resident set
size (``ru_maxrss``) as one JSON line. :func:`booklet_benchmark` runs them
one after the other, for every paper and language, a few rounds, and
returns readable lines with the spread of the rounds. Targets: at most 0.2 s
a page and 300 MB. Benchmarks report; tests never assert timings.
"""
from __future__ import annotations

import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TARGET_SECONDS_PER_PAGE = 0.2
TARGET_PEAK_MB = 300


def _peak_mb() -> float:
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return rss / (1024 * 1024) if sys.platform == "darwin" else rss / 1024  # bytes on macOS, KiB on Linux


def measure_one(lang: str, paper: str, out: Path, ruleset: str | None = None) -> dict[str, object]:
    """Build one booklet in this process and measure it (call it in a fresh process)."""
    start = time.perf_counter()
    from tcforge.render.booklet.document import BookletOptions, build_booklet

    imported = time.perf_counter()
    cpu = time.process_time()
    report = build_booklet(out, BookletOptions(lang, ruleset, paper))
    done = time.perf_counter()
    return {"lang": lang, "paper": paper, "ruleset": ruleset, "pages": report.pages,
            "build_seconds": round(done - imported, 3), "cpu_seconds": round(time.process_time() - cpu, 3),
            "import_seconds": round(imported - start, 3),
            "peak_mb": round(_peak_mb(), 1), "stale": len(report.stale), "missing": len(report.missing),
            "short_lines": report.short_lines}


def run_one(lang: str, paper: str, out: Path, ruleset: str | None = None) -> dict[str, object]:
    """Build one booklet in a child process; its measurements."""
    cmd = [sys.executable, "-m", "tcforge.render.booklet.bench", lang, paper, str(out)] + ([ruleset] if ruleset else [])
    done = subprocess.run(cmd, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"booklet build failed ({lang}, {paper}): {done.stderr.strip().splitlines()[-1:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


PAPERS = ("a4", "a5", "letter", "half-letter")


def _spread(values: list[float]) -> str:
    """Median, and lowest-highest when repeated."""
    ordered = sorted(values)
    median = statistics.median(ordered)
    return f"{median:.3f}" + (f" ({ordered[0]:.3f}-{ordered[-1]:.3f})" if len(ordered) > 1 else "")


def booklet_benchmark(langs: tuple[str, ...] = ("en", "fr"), papers: tuple[str, ...] = PAPERS,
                      ruleset: str | None = None, out_dir: Path | None = None, repeat: int = 3) -> list[str]:
    """Seconds a page (wall and CPU) and peak RSS for each booklet, one process each, ``repeat`` times; lines.

    Each booklet is built ``repeat`` times (the rounds interleaved, so a burst of load elsewhere on the machine
    touches every booklet alike); a line gives the median and the range of its rounds. The verdict is on the
    median wall time a page.
    """
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    lines = [f"rule booklets: each built in its own process, {repeat} round(s); targets {TARGET_SECONDS_PER_PAGE} s a "
             f"page, {TARGET_PEAK_MB} MB peak RSS; machine load {load:.2f} at start (wall time suffers from other "
             f"work, CPU time less); s/page as median (lowest-highest)"]
    runs: dict[tuple[str, str], list[dict[str, object]]] = {}
    with tempfile.TemporaryDirectory(prefix="tcforge-bench-") as tmp:
        folder = out_dir or Path(tmp)
        for _ in range(max(1, repeat)):
            for paper in papers:
                for lang in langs:
                    runs.setdefault((lang, paper), []).append(
                        run_one(lang, paper, folder / f"rulebook-{lang}-{paper}.pdf", ruleset))
    worst = 0.0
    for (lang, paper), results in runs.items():
        pages = int(results[0]["pages"])  # type: ignore[call-overload]
        wall = [float(r["build_seconds"]) / max(1, pages) for r in results]  # type: ignore[arg-type]
        cpu = [float(r["cpu_seconds"]) / max(1, pages) for r in results]  # type: ignore[arg-type]
        peak = max(float(r["peak_mb"]) for r in results)  # type: ignore[arg-type]
        median = statistics.median(wall)
        worst = max(worst, median)
        verdict = "ok" if median <= TARGET_SECONDS_PER_PAGE and peak <= TARGET_PEAK_MB else "over target"
        lines.append(f"  {lang} {paper:<11} {pages:>3} pages  {_spread(wall)} s/page  CPU {_spread(cpu)} s/page  "
                     f"peak {peak:6.1f} MB  {verdict}")
    lines.append(f"slowest booklet: {worst:.3f} s a page (median wall time)")
    return lines


if __name__ == "__main__":
    args = sys.argv[1:]
    if len(args) < 3:
        for line in booklet_benchmark():
            print(line)
    else:
        print(json.dumps(measure_one(args[0], args[1], Path(args[2]), args[3] if len(args) > 3 else None)))
