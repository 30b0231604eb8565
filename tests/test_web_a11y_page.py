"""Every kind on the workbench page, at a desktop's size (1280x900) and a phone's (390x844,
mobile emulation), in Chromium: axe-core finds no serious or critical violation on any board;
loading the boards one after another leaves no panel of the board before standing; on the
phone the page never scrolls sideways (``scrollWidth <= 390``).

axe-core comes from npm (``make`` installs a pinned version into ``.venv/npm``; the
``GRIDSAT_AXE`` environment variable may name another ``axe.min.js``). The tests skip, saying
why, where it, Playwright or chromium is missing."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

pytest.importorskip("playwright.sync_api", reason="playwright (the 'web' extra) is not installed")

from gridsat.examples import example_text  # noqa: E402
from gridsat.formats import read_text, write  # noqa: E402
from gridsat.kinds import get_kind, list_kinds  # noqa: E402
from gridsat.web.board import board_of  # noqa: E402

from test_web_boards import GENERATED  # noqa: E402
from test_web_page import CHROMIUM, browser, load  # noqa: E402,F401  (the page's fixtures)
from test_web_server import server  # noqa: E402,F401

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not CHROMIUM, reason="chromium is not installed (apt-get install chromium)")]

SIZES = {"desktop": {"viewport": {"width": 1280, "height": 900}},
         "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
                   "device_scale_factor": 2}}
#: the bundled examples shown (the kinds and forms without a generator in the table)
EXAMPLES = {"sudoku": "sudoku-9x9", "jigsaw": "jigsaw-9x9", "hidato": "hidato-8x8", "numbrix": "numbrix-9x9"}


def axe_path() -> Path | None:
    """axe-core's ``axe.min.js``: ``GRIDSAT_AXE``, else where ``make`` installs it."""
    if os.environ.get("GRIDSAT_AXE"):
        given = Path(os.environ["GRIDSAT_AXE"])
        return given if given.is_file() else None
    tail = Path("npm", "node_modules", "axe-core", "axe.min.js")
    for root in (Path(__file__).resolve().parents[1] / ".venv", Path(sys.prefix)):
        if (root / tail).is_file():
            return root / tail
    return None


AXE = axe_path()


def variant_text() -> str:
    """A 9x9 Sudoku with a thermometer, an arrow, dots, a killer cage, a renban and a German
    whispers line, as an f-puzzles link."""
    from gridsat import Sudoku
    from gridsat.constraints.arrows import Arrow
    from gridsat.constraints.cages import KillerCage
    from gridsat.constraints.dots import XV, Difference, Ratio
    from gridsat.constraints.lines import Renban, Thermometer, Whispers

    givens = [0] * 81
    givens[0], givens[80] = 1, 9
    extra = [Thermometer(9, ((9, 10, 11, 12),)), Arrow(9, (40,), ((41, 42, 43),)), Difference(9, (72, 73), 1),
             Ratio(9, (74, 75), 2), XV(9, (76, 77), 5), KillerCage(9, (60, 61, 69), 15),
             Renban(9, ((18, 27, 36),)), Whispers(9, ((6, 16, 26),))]
    return write(Sudoku(9, givens, box=(3, 3), extra=extra), "fpuzzles").strip()


def boards() -> list[tuple[str, str]]:
    """(label, text) of a puzzle of every kind the registry has, the jigsaw and Numbrix forms
    and a variant Sudoku; a kind with neither an example nor a generator here shows its last
    sample."""
    out = [(name, example_text(ex)) for name, ex in EXAMPLES.items()]
    for name in list_kinds():
        if name in EXAMPLES:
            continue
        kind = get_kind(name)
        if name in GENERATED:
            puzzle = kind.generators[name].make(**GENERATED[name][0]).puzzle
        elif name in kind.generators and name == "samurai":
            puzzle = kind.generators[name].make(seed=2).puzzle
        else:
            puzzle = kind.samples()[-1][0]
        out.append((name, write(puzzle, "json")))
    out.append(("variants", variant_text()))
    return out


@pytest.fixture(scope="module")
def puzzles():
    return boards()


@pytest.fixture(params=list(SIZES))
def page(request, browser, server):
    ctx = browser.new_context(**SIZES[request.param], bypass_csp=True)  # (axe is added as a script)
    pg = ctx.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.goto(server)
    pg.wait_for_selector("body[data-ready='1']", timeout=20000)
    pg.size = request.param
    yield pg
    assert errors == []
    ctx.close()


def press(pg, button: str, said: str) -> str:
    """Click ``button`` and wait for a status that says ``said`` (or an error); the status's
    class and text."""
    pg.eval_on_selector("#status", "(s) => { s.textContent = ''; s.className = 'status'; }")
    pg.click(button)
    pg.wait_for_function("(t) => document.getElementById('status').textContent.includes(t)"
                         " || document.getElementById('status').className.includes('error')", arg=said, timeout=60000)
    return pg.eval_on_selector("#status", "(s) => s.className + ': ' + s.textContent")


#: axe's serious and critical violations on the page: [(rule, impact, [target, ...])]
AXE_RUN = """async () => {
  const r = await axe.run(document, { resultTypes: ["violations"] });
  return r.violations.filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => [v.id, v.impact, v.nodes.slice(0, 3).map((n) => n.target.join(" ") + ": " + n.failureSummary.split("\\n")[1])]);
}"""


@pytest.mark.skipif(AXE is None, reason="axe-core is not installed (make installs it with npm into .venv/npm)")
def test_axe_finds_no_serious_violation_on_any_kind(page, puzzles):
    page.add_script_tag(path=str(AXE))
    found = {}
    for label, text in puzzles:
        load(page, text)
        page.click("svg rect.cell", force=True)  # (a selection: its peers shaded)
        violations = page.evaluate(AXE_RUN)
        # and with the panels a board may show: its candidates, its true candidates and their legend
        press(page, "#candidates", "candidates of")
        press(page, "#true-candidates", "true candidates")
        violations += [v for v in page.evaluate(AXE_RUN) if v not in violations]
        if violations:
            found[label] = violations
    assert found == {}, "\n".join(f"{label}: {rule} ({impact}): {'; '.join(at)}"
                                   for label, vs in found.items() for rule, impact, at in vs)


#: what the page shows of the board before: panels, marks, the solutions' navigation
STALE = """() => ({
  candidates: document.getElementById('candidates-list').textContent,
  solutions: !document.getElementById('solutions-nav').hidden,
  legend: !document.getElementById('setter-legend').hidden,
  clues: document.getElementById('clue-edit').hidden ? 0 : document.querySelectorAll('#clue option').length,
  marks: document.querySelectorAll('svg .true-candidate, svg .mark, svg .centre-mark, svg .redundant').length,
  shaded: document.querySelectorAll('svg rect.differ, svg rect.hint, svg rect.place, svg rect.wrong').length,
  solved: document.querySelectorAll('svg text.solved').length,
  highlight: document.querySelectorAll('#highlight option').length,
  paint: getComputedStyle(document.querySelector('.only-regions')).display !== 'none',
  holes: getComputedStyle(document.querySelector('.only-holes')).display !== 'none',
  describe: document.getElementById('describe').textContent,
  scroll: document.documentElement.scrollWidth,
})"""


def test_every_kind_in_turn_leaves_nothing_stale_and_fits_the_phone(page, puzzles):
    width = SIZES[page.size]["viewport"]["width"]
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width
    for label, text in puzzles:
        load(page, text)
        want = board_of(read_text(text)[0].puzzle, formats=True)
        desc = get_kind(want["kind"]).web
        st = page.evaluate(STALE)
        assert st["candidates"] == "" and not st["solutions"] and not st["legend"], label
        assert st["marks"] == 0 and st["shaded"] == 0 and st["solved"] == 0, label
        assert st["clues"] == len(want["clues"]), label
        assert st["highlight"] == min(page.evaluate("() => window.workbench.board.maxValue"), 99) + 1, label
        assert st["paint"] == bool(desc.get("regions")) and st["holes"] == bool(desc.get("holes")), label
        assert st["describe"].split(",")[0] == want["describe"].split(",")[0], label
        assert st["scroll"] <= width, (label, st["scroll"])
        # the panels this board leaves for the next: its candidates, its solutions, its true candidates
        for button, said in (("#candidates", "candidates of"), ("#solutions", "solution"),
                             ("#true-candidates", "true candidates")):
            answer = press(page, button, said)
            assert "error" not in answer.split(":")[0] or (button == "#candidates" and "logical solver" in answer), (label, answer)
        assert page.evaluate(STALE)["scroll"] <= width, label
