"""Benchmark of the print shop: a proxy deck of every card (never asserted in tests).

The target is 2 ms a card or less (GUIDE section 6 measured about 0.7 ms for
ReportLab's canvas alone). Time is the best of a few runs without tracing;
memory is the peak of Python allocations in a separate traced run (tracing
slows the run down, so it is not timed), plus the process's peak resident size.
"""
from __future__ import annotations

import resource
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

from tcforge.data.dataset import load_data
from tcforge.render.cards.proxies import build_proxies
from tcforge.render.page.sheets import PrintOptions


def proxy_deck_benchmark(repeat: int = 3, lang: str = "en", paper: str = "a4") -> list[str]:
    """Lines describing the cost of a proxy deck of every card: ms a card, pages, peak memory."""
    data = load_data()
    cards = list(data.cards)
    options = PrintOptions(lang=lang, paper=paper)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "deck.pdf"
        build_proxies(path, options, cards[:9], data.cards, data.ruleset)   # fonts and caches warm
        times = []
        for _ in range(repeat):
            start = time.perf_counter()
            report = build_proxies(path, options, cards, data.cards, data.ruleset)
            times.append(time.perf_counter() - start)
        size = path.stat().st_size
        tracemalloc.start()
        build_proxies(path, options, cards, data.cards, data.ruleset)
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
    best = min(times)
    # ru_maxrss is in kilobytes on Linux and in bytes on macOS.
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / (2**20 if sys.platform == "darwin" else 1024)
    return [
        f"proxy deck: {len(cards)} cards, {report.pages} pages, {size / 1024:.0f} KiB ({lang}, {paper})",
        f"time: {best * 1000:.0f} ms best of {repeat}, {best * 1000 / len(cards):.2f} ms a card (target 2 ms)",
        f"peak memory: {peak / 2**20:.1f} MiB of Python allocations while building, {rss:.0f} MiB resident (process peak)",
    ]


if __name__ == "__main__":
    for line in proxy_deck_benchmark():
        print(line)
