"""Benchmarks, reported as per-item costs and ratios (never asserted in tests).

``tcforge bench validate`` times validation of the bundled data and of a
generated card set, in process and as the command a user runs, and, given a
check-jsonschema executable, runs both tools side by side on the same files.
"""
from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable, Iterator

from tcforge.data.documents import discover
from tcforge.data.validate import validate
from tcforge.paths import data_dir, schemas_dir

CARDS_PER_FILE = 500


def best_of(repeat: int, run: Callable[[], object]) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)


def generate_cards(folder: Path, count: int) -> list[Path]:
    """``count`` valid vehicle cards with unique ids and names, 500 to a file."""
    files = []
    for first in range(0, count, CARDS_PER_FILE):
        lines = ["family: generated", 'source: {document: "000", section: "19.1"}', "cards:"]
        for n in range(first, min(first + CARDS_PER_FILE, count)):
            hit, pen, armor = 5 + n % 4, 4 + n % 20, 2 + n % 15
            lines += [f"  - id: GEN-{n:05d}", f"    name: Generated Tank {n:05d}", "    rarity: C", "    type: vehicle",
                      "    class: tank", f"    nation: {'german' if n % 2 else 'soviet'}",
                      f"    hit: {{short: {hit}, long: {hit - 3}}}", f"    penetration: {{short: {pen}, long: {pen - 2}}}",
                      f"    armor: {{front: {armor}, side: {armor // 2}}}", f"    he: {n % 8}", f"    sa: {n % 4}",
                      f"    years: {{first: {1941 + n % 3}, last: 1945}}", f"    points: {10 + n % 30}",
                      f"    speed: {'fast' if n % 5 else 'slow'}"]
        path = folder / f"generated-{first // CARDS_PER_FILE:03d}.yaml"
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        files.append(path)
    return files


def _command(args: list[str]) -> Callable[[], object]:
    def run() -> object:
        return subprocess.run(args, capture_output=True, check=False)
    return run


def validate_benchmark(count: int, repeat: int, check_jsonschema: Path | None) -> Iterator[str]:
    tcforge_cmd = [sys.executable, "-m", "tcforge", "validate"]
    bundled = discover(data_dir())
    report = validate()
    yield f"machine: {sys.platform}, Python {sys.version.split()[0]}; best of {repeat} runs"
    t = best_of(repeat, validate)
    yield (f"bundled data ({len(bundled)} files, {report.cards} cards), in process: {t * 1000:.1f} ms "
           f"({t / report.cards * 1e6:.0f} us a card)")
    t_cli = best_of(repeat, _command(tcforge_cmd))
    yield f"bundled data, 'tcforge validate' command (start-up included): {t_cli * 1000:.0f} ms"
    with tempfile.TemporaryDirectory(prefix="tcforge-bench-") as tmp:
        folder = Path(tmp)
        files = generate_cards(folder, count)
        gen_report = validate([folder])
        if gen_report.problems:
            yield f"generated set is not valid: {gen_report.problems[0].render()}"
            return
        t = best_of(repeat, lambda: validate([folder]))
        yield (f"generated set ({count:,} cards in {len(files)} files), in process: {t:.2f} s "
               f"({t / count * 1e6:.0f} us a card)")
        t_gen_cli = best_of(repeat, _command(tcforge_cmd + [str(folder)]))
        yield f"generated set, 'tcforge validate' command: {t_gen_cli:.2f} s"
        if check_jsonschema is None:
            yield "check-jsonschema: not compared (pass --check-jsonschema PATH)"
            return
        exe = shutil.which(str(check_jsonschema)) or str(check_jsonschema)
        schema = str(schemas_dir() / "cards.schema.json")
        card_files = [str(p) for p in discover(data_dir() / "cards")]
        for label, paths, tc_args in (("bundled card files", card_files, card_files),
                                      (f"generated set ({count:,} cards)", [str(p) for p in files], [str(folder)])):
            t_cjs = best_of(repeat, _command([exe, "--schemafile", schema] + paths))
            t_tc = best_of(repeat, _command(tcforge_cmd + tc_args))
            yield (f"{label}: check-jsonschema {t_cjs:.2f} s, tcforge validate {t_tc:.2f} s "
                   f"(with line numbers and consistency checks): tcforge is {t_cjs / t_tc:.1f}x as fast")
