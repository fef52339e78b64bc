"""``tcforge bench tts``: what a full Tabletop Simulator sheet costs, step by step, per card."""
from __future__ import annotations

import time

from tcforge.data.dataset import load_data
from tcforge.export.raster import png_bytes, rasterise, sheet_pdf
from tcforge.export.tts import PER_SHEET, grid_for
from tcforge.render.cards.proxies import proxy_face
from tcforge.render.page.sheets import Ctx, Report


def tts_benchmark(repeat: int = 3) -> list[str]:
    """Proxies of the first 69 cards on one 10 x 7 sheet: drawing (PDF), rasterising (pdfium), PNG; best of ``repeat``."""
    data = load_data()
    faces = [proxy_face(card, "en") for card in list(data.cards)[:PER_SHEET]]
    grid = grid_for(len(faces))
    best = {"draw": float("inf"), "rasterise": float("inf"), "png": float("inf")}
    size = 0
    for _ in range(repeat):
        ctx = Ctx("en", data.cards, data.ruleset, Report())
        t0 = time.perf_counter()
        pdf = sheet_pdf(grid, [*faces, *[None] * (grid.slots - 1 - len(faces)), faces[0]], ctx)
        t1 = time.perf_counter()
        image = rasterise(pdf, grid.size)
        t2 = time.perf_counter()
        size = len(png_bytes(image))
        t3 = time.perf_counter()
        for step, seconds in zip(best, (t1 - t0, t2 - t1, t3 - t2), strict=True):
            best[step] = min(best[step], seconds)
    n = len(faces)
    total = sum(best.values())
    lines = [f"tts sheet: {n} cards, {grid.columns} x {grid.rows}, {grid.size[0]} x {grid.size[1]} px, PNG {size / 1e6:.1f} MB"]
    lines += [f"  {step:<10} {seconds:6.2f} s  {seconds / n * 1000:6.1f} ms a card" for step, seconds in best.items()]
    lines.append(f"  {'total':<10} {total:6.2f} s  {total / n * 1000:6.1f} ms a card (best of {repeat})")
    return lines
