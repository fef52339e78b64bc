"""The figures of tcforge serve (issue 38), a developer's tool of the checkout: a scenario played through the page in
Debian's Chromium (tests/browserkit.py's flags) against a computer player, the same fixed way of playing as the
browser test (the first shot offered, else the first move or fire, else the first choice), with

- screenshots of the game in progress in English, then in French (output/test-artefacts/serve-SCENARIO-en.png, -fr.png);
- the time the page takes to answer a decision: the decide request as the browser timed it (Resource Timing), and
  from the click to the new page shown;
- the game's log audited by the referee.

    .venv/bin/python tools/serve_figures.py kursk --agent best --seed 1 --decisions 60

The timings depend on the machine and its load: they are figures to report, never asserted by a test.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

SETTLED = """(at) => { const g = document.getElementById('game');
  return g && !g.hidden && Number(g.dataset.at) > at && ['human', 'over'].includes(g.dataset.waiting); }"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("scenario")
    parser.add_argument("--side", default="german")
    parser.add_argument("--agent", default="best")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--decisions", type=int, default=60, help="stop after this many decisions (the game may end first)")
    parser.add_argument("--shot-at", type=int, default=25, help="take the screenshots at this decision")
    args = parser.parse_args()

    from playwright.sync_api import sync_playwright

    from browserkit import CHROMIUM, FLAGS, missing, screenshot
    from tcforge.play.referee import audit_log
    from tcforge.web.app import create_app
    from tcforge.web.server import in_thread

    why = missing()
    if why:
        sys.exit(f"serve_figures: {why}; run make browser")
    saves = Path(tempfile.mkdtemp(prefix="tcforge-serve-figures-"))
    server, thread, port = in_thread(create_app(saves))
    clicks: list[float] = []
    try:
        with sync_playwright() as play:
            browser = play.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
            page = browser.new_page(viewport={"width": 1400, "height": 1000})
            page.goto(f"http://127.0.0.1:{port}/?pace=0")
            page.wait_for_selector(f"#scenario option[value='{args.scenario}']", state="attached")
            page.select_option("#scenario", args.scenario)
            page.select_option("#side", args.side)
            page.fill("#agent", args.agent)
            page.fill("#seed", str(args.seed))
            started = time.perf_counter()
            page.click("#start")
            page.wait_for_function(SETTLED, arg=-1)
            decisions = 0
            while page.locator("#game").get_attribute("data-waiting") == "human" and decisions < args.decisions:
                decisions += 1
                at = int(page.locator("#game").get_attribute("data-at") or 0)
                if decisions == args.shot_at:
                    print(screenshot(page, f"serve-{args.scenario}-en"))
                    page.select_option("#lang", "fr")
                    page.wait_for_function("() => document.getElementById('status').textContent === 'À vous de décider'")
                    print(screenshot(page, f"serve-{args.scenario}-fr"))
                buttons = page.locator("#choices button")
                kinds = [buttons.nth(i).get_attribute("data-kind") for i in range(buttons.count())]
                pick = next((i for i, k in enumerate(kinds) if k in ("shoot", "target")), None)
                if pick is None:
                    pick = next((i for i, k in enumerate(kinds) if k in ("fire", "move", "step", "pick", "go")), 0)
                clicked = time.perf_counter()
                buttons.nth(pick).click()
                page.wait_for_function("(at) => Number(document.getElementById('game').dataset.at) > at", arg=at)
                clicks.append((time.perf_counter() - clicked) * 1000)
                page.wait_for_function(SETTLED, arg=at)
            answers = page.evaluate("performance.getEntriesByType('resource').filter(e => e.name.includes('/decide'))"
                                    ".map(e => e.duration)")
            log = Path(page.inner_text("#log"))
            browser.close()
    finally:
        server.should_exit = True
        thread.join()
    print(f"{args.scenario} ({args.side} v {args.agent}, seed {args.seed}): {decisions} decisions in "
          f"{time.perf_counter() - started:.1f} s")
    print(f"decision answered (the decide request): median {statistics.median(answers):.1f} ms, "
          f"mean {statistics.mean(answers):.1f} ms, max {max(answers):.1f} ms")
    print(f"click to the new page shown: median {statistics.median(clicks):.1f} ms, max {max(clicks):.1f} ms")
    audit = audit_log(log)
    print(f"{log}: {audit.actions} actions, {len(audit.violations)} violation(s), "
          f"{'checked from its seed' if audit.checked else 'unchecked'}")


if __name__ == "__main__":
    main()
