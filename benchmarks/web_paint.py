"""The workbench page's first paint on 127.0.0.1, in Chromium.

Starts ``gridsat serve`` on a free port, opens the page ``--runs`` times in headless chromium
(Playwright) and reads Chromium's paint timing (the Performance API's ``first-paint`` and
``first-contentful-paint``, from the navigation's start), and the time until the page has
drawn its first board (``body[data-ready]``, which waits for ``/api/info`` and the parse of
the opening puzzle). Each at a desktop's size (1280x900) and at a phone's (390x844, mobile
emulation); "cold" opens each time in a new browser context (an empty cache), "warm" reloads
in one context. Prints the median and the worst of each.

Usage::

    python benchmarks/web_paint.py [--runs 20] [--chromium /usr/bin/chromium] [--markdown FILE]
"""

from __future__ import annotations

import argparse
import re
import statistics
import subprocess
import sys

SIZES = {"1280x900": {"viewport": {"width": 1280, "height": 900}},
         "390x844": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
                     "device_scale_factor": 2}}

#: the paint entries and the time the board was ready, in ms from the navigation's start
TIMES = """() => {
  const p = Object.fromEntries(performance.getEntriesByType('paint').map((e) => [e.name, e.startTime]));
  return [p['first-paint'], p['first-contentful-paint'], Number(document.body.dataset.readyAt || NaN)];
}"""
#: the page's ready moment, noted by an observer installed before the page's own scripts run
READY_AT = """new MutationObserver((_, obs) => {
  if (document.body && document.body.dataset.ready) { document.body.dataset.readyAt = performance.now(); obs.disconnect(); }
}).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-ready'] });"""


def measure(url: str, chromium: str, runs: int) -> dict[tuple[str, str], list[tuple[float, float, float]]]:
    """``(size, cold or warm) -> [(first paint, first contentful paint, board ready)]`` in ms."""
    from playwright.sync_api import sync_playwright

    out: dict = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
        for size, options in SIZES.items():
            for how in ("cold", "warm"):
                times = []
                ctx = browser.new_context(**options) if how == "warm" else None
                for i in range(runs + 1):  # (the first a warm-up, not counted)
                    c = ctx or browser.new_context(**options)
                    page = c.pages[0] if c.pages else c.new_page()
                    page.add_init_script(READY_AT)
                    page.goto(url)
                    page.wait_for_selector("body[data-ready='1']", timeout=30000)
                    page.wait_for_function("() => performance.getEntriesByType('paint').length >= 2")
                    if i:
                        times.append(tuple(page.evaluate(TIMES)))
                    if ctx is None:
                        c.close()
                if ctx is not None:
                    ctx.close()
                out[(size, how)] = times
        browser.close()
    return out


def main(argv: list[str] | None = None) -> int:
    """Start the server, measure, print the table."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=20)
    ap.add_argument("--chromium", default="/usr/bin/chromium")
    ap.add_argument("--markdown", help="also write the table to this file")
    args = ap.parse_args(argv)
    proc = subprocess.Popen([sys.executable, "-m", "gridsat.cli", "serve", "--port", "0"],
                            stdout=subprocess.PIPE, text=True)
    try:
        url = re.search(r"http://[^\s/]+/", proc.stdout.readline()).group(0)
        got = measure(url, args.chromium, args.runs)
    finally:
        proc.terminate()
        proc.wait(timeout=10)
    table = ["| page opened | first paint, median (ms) | first contentful paint, median / worst (ms) "
             "| board drawn, median / worst (ms) |", "|---|---:|---:|---:|"]
    for (size, how), times in got.items():
        fp, fcp, ready = zip(*times)
        table.append(f"| {size}, {how} | {statistics.median(fp):.0f} | {statistics.median(fcp):.0f} / {max(fcp):.0f} "
                     f"| {statistics.median(ready):.0f} / {max(ready):.0f} |")
    text = "\n".join(table) + f"\n\n{args.runs} runs each, on 127.0.0.1, headless chromium.\n"
    print(text, end="")
    if args.markdown:
        with open(args.markdown, "w", encoding="utf-8") as f:
            f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
