"""Benchmark of the rule booklets: seconds a page and peak memory, each booklet built in its own process.

WeasyPrint keeps memory between documents, so each language is built in a
fresh Python process (``python -m tcforge.render.booklet.bench LANG PAPER
OUT [RULESET]``), which reports its pages, build time and peak resident set
size (``ru_maxrss``) as one JSON line. :func:`booklet_benchmark` runs them
one after the other and returns readable lines. Targets: at most 0.2 s a
page and 300 MB. Benchmarks report; tests never assert timings.
"""
from __future__ import annotations

import json
import os
import resource
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
            "peak_mb": round(_peak_mb(), 1), "stale": len(report.stale), "missing": len(report.missing)}


def run_one(lang: str, paper: str, out: Path, ruleset: str | None = None) -> dict[str, object]:
    """Build one booklet in a child process; its measurements."""
    cmd = [sys.executable, "-m", "tcforge.render.booklet.bench", lang, paper, str(out)] + ([ruleset] if ruleset else [])
    done = subprocess.run(cmd, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"booklet build failed ({lang}, {paper}): {done.stderr.strip().splitlines()[-1:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def booklet_benchmark(langs: tuple[str, ...] = ("en", "fr"), papers: tuple[str, ...] = ("a4", "a5"),
                      ruleset: str | None = None, out_dir: Path | None = None) -> list[str]:
    """Seconds a page and peak RSS for each booklet, one process each; readable lines."""
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    lines = [f"rule booklets: each built in its own process; targets {TARGET_SECONDS_PER_PAGE} s a page, "
             f"{TARGET_PEAK_MB} MB peak RSS; machine load {load:.2f} at start (wall time suffers from other work, "
             f"CPU time less)"]
    with tempfile.TemporaryDirectory(prefix="tcforge-bench-") as tmp:
        folder = out_dir or Path(tmp)
        for paper in papers:
            for lang in langs:
                r = run_one(lang, paper, folder / f"rulebook-{lang}-{paper}.pdf", ruleset)
                pages = int(r["pages"])  # type: ignore[call-overload]
                seconds = float(r["build_seconds"])  # type: ignore[arg-type]
                per_page = seconds / max(1, pages)
                peak = float(r["peak_mb"])  # type: ignore[arg-type]
                verdict = "ok" if per_page <= TARGET_SECONDS_PER_PAGE and peak <= TARGET_PEAK_MB else "over target"
                cpu = float(r["cpu_seconds"])  # type: ignore[arg-type]
                lines.append(f"  {lang} {paper:<6} {pages:>3} pages  {seconds:6.2f} s  {per_page:.3f} s/page  "
                             f"(CPU {cpu / max(1, pages):.3f} s/page)  peak {peak:6.1f} MB  "
                             f"(imports {float(r['import_seconds']):.2f} s)  {verdict}")  # type: ignore[arg-type]
    return lines


if __name__ == "__main__":
    args = sys.argv[1:]
    if len(args) < 3:
        for line in booklet_benchmark():
            print(line)
    else:
        print(json.dumps(measure_one(args[0], args[1], Path(args[2]), args[3] if len(args) > 3 else None)))
