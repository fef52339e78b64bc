"""Benchmark of the print shop: a proxy deck of every card, and card images for print shops (never asserted in tests).

The target is 2 ms a card or less (GUIDE section 6 measured about 0.7 ms for
ReportLab's canvas alone). Time is the best of a few runs without tracing;
memory is the peak of Python allocations in a separate traced run (tracing
slows the run down, so it is not timed), plus the process's peak resident size.
The card images (``tcforge print images``) cost far more a card: each is a page
drawn, rasterised by pdfium and compressed as PNG, timed step by step.
"""
from __future__ import annotations

import resource
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

from tcforge.data.dataset import load_data
from tcforge.render.cards.images import ImageSize, card_pdf
from tcforge.render.cards.proxies import build_proxies, proxy_face
from tcforge.render.page.raster import png_bytes, rasterise
from tcforge.render.page.sheets import Ctx, PrintOptions, Report


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


def images_benchmark(cards: int = 20, repeat: int = 3, dpi: int = 300) -> list[str]:
    """Lines describing what one card image costs (``tcforge print images``): drawing the page, rasterising it,
    the PNG, in ms a card, best of ``repeat``, for the first ``cards`` proxies."""
    data = load_data()
    faces = [proxy_face(card, "en") for card in list(data.cards)[:cards]]
    size = ImageSize(dpi=dpi)
    ctx = Ctx("en", data.cards, data.ruleset, Report())
    png_bytes(rasterise(card_pdf(faces[0], size, ctx), size.size), dpi)   # fonts and caches warm
    best = {"draw": float("inf"), "rasterise": float("inf"), "png": float("inf")}
    total_bytes = 0
    for _ in range(repeat):
        spent = dict.fromkeys(best, 0.0)
        total_bytes = 0
        for face in faces:
            t0 = time.perf_counter()
            pdf = card_pdf(face, size, ctx)
            t1 = time.perf_counter()
            image = rasterise(pdf, size.size)
            t2 = time.perf_counter()
            total_bytes += len(png_bytes(image, dpi))
            t3 = time.perf_counter()
            for step, seconds in zip(spent, (t1 - t0, t2 - t1, t3 - t2), strict=True):
                spent[step] += seconds
        best = {step: min(best[step], spent[step]) for step in best}
    n = len(faces)
    whole = sum(best.values())
    lines = [f"card images: {n} proxies, {size.label()}, PNG {total_bytes / n / 1024:.0f} KiB a card"]
    lines += [f"  {step:<10} {seconds / n * 1000:6.1f} ms a card" for step, seconds in best.items()]
    lines.append(f"  {'total':<10} {whole / n * 1000:6.1f} ms a card (best of {repeat}; copies of a card are drawn once)")
    return lines


if __name__ == "__main__":
    for line in proxy_deck_benchmark() + images_benchmark():
        print(line)
