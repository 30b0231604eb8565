"""Screenshots of the workbench for the docs: one page per puzzle kind (``docs/web-*.png``).

Starts ``gridsat serve`` on a free port, drives Debian's chromium with Playwright and saves
a Sudoku checked and hinted, a Sudoku played (a clash typed, corner and centre marks, the
selection's row, column, box and digit shaded), a jigsaw solved, a Hidato with holes and its
path, a Numbrix showing its true candidates, a Sudoku draft with its true candidates coloured
by count (the setter's tools), and a puzzle of every other kind generated on the
page (by its generator at the kind's common size, seeded), some solved, some with a digit
typed; each at a desktop's size (``web-NAME.png``) and at a phone's, 390x844 in mobile
emulation (``web-NAME-phone.png``).

Usage::

    python benchmarks/web_screenshots.py [--out docs] [--chromium /usr/bin/chromium] [--only NAME ...]
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from pathlib import Path
from urllib.parse import quote


#: the kinds generated on the page: generator, its form's fields, then the buttons clicked
GENERATED = [("killer", {"size": "9"}, ["#solve"]),
             ("kenken", {"size": "6"}, ["type"]),
             ("kakuro", {"size": "10", "cols": "10"}, ["#solve"]),
             ("skyscrapers", {"size": "6"}, ["type"]),
             ("suguru", {"rows": "8", "cols": "8"}, ["#solve"]),
             ("ripple", {"rows": "10", "cols": "10"}, ["type"]),
             ("str8ts", {"size": "9"}, ["#solve"]),
             ("samurai", {}, ["#solve"])]


def variant_link() -> str:
    """An f-puzzles link of a Sudoku with a thermometer, an arrow, dots, a killer cage, a renban
    and a German whispers line (the variant constraints' layers drawn on the page)."""
    from gridsat import Sudoku
    from gridsat.constraints.arrows import Arrow
    from gridsat.constraints.cages import KillerCage
    from gridsat.constraints.dots import XV, Difference, Ratio
    from gridsat.constraints.lines import Renban, Thermometer, Whispers
    from gridsat.formats import write

    givens = [0] * 81
    givens[0], givens[80] = 1, 9
    extra = [Thermometer(9, ((9, 10, 11, 12),)), Arrow(9, (40,), ((41, 42, 43),)), Difference(9, (72, 73), 1),
             Ratio(9, (74, 75), 2), XV(9, (76, 77), 5), KillerCage(9, (60, 61, 69), 15),
             Renban(9, ((18, 27, 36),)), Whispers(9, ((6, 16, 26),))]
    return write(Sudoku(9, givens, box=(3, 3), extra=extra), "fpuzzles").strip()


def setter_draft() -> str:
    """The 9x9 example without its third given: an ambiguous draft, two digits of which would
    make it unique if given."""
    from gridsat.examples import example_text
    from gridsat.formats import read_text, write

    p = read_text(example_text("sudoku-9x9"))[0].puzzle
    givens = list(p.givens)
    givens[[c for c, v in enumerate(givens) if v][2]] = 0
    return write(type(p)(p.n, givens, box=p.box), "line").strip()


#: the sizes: file name suffix, browser context options, whole page or the screen
SIZES = [("", {"viewport": {"width": 1280, "height": 760}}, True),
         ("-phone", {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
                     "device_scale_factor": 1}, False)]

#: a Sudoku played: a digit typed next to the same digit in its row, marks in the next cell
PLAY = """() => { const b = window.workbench.board, st = b.st;
  for (const p of b.positions()) {
    if (st.givens[p]) continue;
    const r = Math.floor(p / st.cols);
    const q = b.positions().find((q) => Math.floor(q / st.cols) === r && st.givens[q]);
    const next = b.positions().find((n) => n > p && Math.floor(n / st.cols) === r && !st.givens[n]);
    if (q !== undefined && next !== undefined) return [p, st.givens[q], next];
  }
  return null; }"""


def shots(url: str, out: Path, chromium: str, only: list[str] | None = None) -> list[Path]:
    """Take the screenshots at every size; returns the files written."""
    from playwright.sync_api import sync_playwright

    written = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
        for suffix, options, full in SIZES:
            ctx = browser.new_context(**options)
            written += shots_at(ctx.new_page(), url, out, suffix, full, only)
            ctx.close()
        browser.close()
    return written


def play(page) -> None:
    """A clash typed, corner and centre marks in the next open cell, then the clash selected."""
    p, v, nxt = page.evaluate(PLAY)
    page.click(f"svg rect.cell[data-pos='{nxt}']", force=True)
    for key in ("Shift+1", "Shift+2", "Control+3", "Control+5"):
        page.keyboard.press(key)
    page.click(f"svg rect.cell[data-pos='{p}']", force=True)
    page.keyboard.press(str(v))


def shots_at(page, url: str, out: Path, suffix: str, full: bool, only: list[str] | None = None) -> list[Path]:
    """The screenshots at one size (``suffix`` in the file names)."""
    from gridsat.examples import example_text

    plan = [("sudoku", example_text("sudoku-9x9"), ["#check", "#hint"]),
            ("play", example_text("sudoku-9x9"), ["play"]),
            ("jigsaw", example_text("jigsaw-9x9"), ["#solve"]),
            ("hidato", example_text("hidato-8x8"), ["#solve"]),
            ("numbrix", example_text("numbrix-9x9"), ["#fill-marks"]),
            ("variants", variant_link(), ["#solve"]),
            ("setter", setter_draft(), ["#true-candidates"])]
    written = []
    for name, text, clicks in plan:
        if only and name not in only:
            continue
        page.goto(url + "?puzzle=" + quote(text))
        page.wait_for_selector("body[data-ready='1']", timeout=20000)
        for sel in clicks:
            if sel == "play":
                play(page)
                continue
            page.evaluate("() => { document.getElementById('status').textContent = ''; }")
            page.click(sel)
            page.wait_for_function("() => document.getElementById('status').textContent !== ''", timeout=30000)
            page.wait_for_timeout(200)
        path = out / f"web-{name}{suffix}.png"
        page.evaluate("() => window.scrollTo(0, 0)")  # (a click scrolled to its button)
        page.screenshot(path=str(path))
        written.append(path)
    for name, form, clicks in GENERATED:
        if only and name not in only:
            continue
        page.goto(url)
        page.wait_for_selector("body[data-ready='1']", timeout=20000)
        page.select_option("#gen-kind", name)
        for field, value in form.items():
            page.fill(f"#gen-{field}", value)
        page.fill("#gen-seed", "1")
        page.evaluate("() => { document.getElementById('status').textContent = ''; }")
        page.click("#generate")
        page.wait_for_function("() => document.getElementById('status').textContent.startsWith('generated')",
                               timeout=120000)
        for sel in clicks:
            page.evaluate("() => { document.getElementById('status').textContent = ''; }")
            if sel == "type":  # a digit typed in the first open cell
                pos = page.evaluate("() => { const b = window.workbench.board;"
                                    " return b.positions().find((p) => !b.value(p) && !b.isBlocked(p)); }")
                page.click(f"svg rect.cell[data-pos='{pos}']")
                page.keyboard.press("1")
                continue
            page.click(sel)
            page.wait_for_function("() => document.getElementById('status').textContent !== ''", timeout=60000)
            page.wait_for_timeout(200)
        path = out / f"web-{name}{suffix}.png"
        page.evaluate("() => window.scrollTo(0, 0)")
        page.screenshot(path=str(path), full_page=full)
        written.append(path)
    return written


def optimise(path: Path) -> None:
    """Rewrite the PNG with a palette of at most 256 colours (a page of flat colours loses
    nothing visible), compressed as far as Pillow goes; left as it is without Pillow."""
    try:
        from PIL import Image
    except ImportError:
        return
    with Image.open(path) as im:
        small = im.convert("RGB").quantize(colors=256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    small.save(path, optimize=True)


def main(argv: list[str] | None = None) -> int:
    """Start the server, take the screenshots, stop the server."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default="docs")
    ap.add_argument("--chromium", default="/usr/bin/chromium")
    ap.add_argument("--only", nargs="*", help="take only these shots (their names: sudoku, play, setter, ...)")
    args = ap.parse_args(argv)
    proc = subprocess.Popen([sys.executable, "-m", "gridsat.cli", "serve", "--port", "0"],
                            stdout=subprocess.PIPE, text=True)
    try:
        url = re.search(r"http://[^\s/]+/", proc.stdout.readline()).group(0)
        for path in shots(url, Path(args.out), args.chromium, args.only):
            optimise(path)
            print(path, path.stat().st_size)
    finally:
        proc.terminate()
        proc.wait(timeout=10)
    return 0


if __name__ == "__main__":
    sys.exit(main())
