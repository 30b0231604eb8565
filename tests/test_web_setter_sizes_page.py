"""The setter's tools on the workbench page at a desktop's size (1280x900) and a phone's
(390x844, mobile emulation), in Chromium, each checked against the engine on three puzzles:
True candidates (every digit drawn, with the engine's count and the colour of that count) on
a 4x4, a 6x6 and a 9x9 draft; the Redundant rings (exactly the givens the engine finds
redundant, none on a minimal puzzle) on a 4x4, a 6x6 and a 9x9. On the phone the page never
scrolls sideways, legend and status included. Skipped as ``test_web_page.py`` is, where
Playwright or chromium is missing."""

from __future__ import annotations

import pytest

pytest.importorskip("playwright.sync_api", reason="playwright (the 'web' extra) is not installed")

import gridsat  # noqa: E402
from gridsat.examples import example_text  # noqa: E402
from gridsat.formats import read_text, write  # noqa: E402

from test_web_page import CHROMIUM, browser, load, status  # noqa: E402,F401  (the page's fixtures)
from test_web_server import server  # noqa: E402,F401
from test_web_setter import D4, D6, U9  # noqa: E402
from test_web_setter_page import MANY, ONE, SOME  # noqa: E402

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not CHROMIUM, reason="chromium is not installed (apt-get install chromium)")]

SIZES = {"desktop": {"viewport": {"width": 1280, "height": 900}},
         "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
                   "device_scale_factor": 2}}
CAP = 6


def puzzle(text: str):
    return read_text(text)[0].puzzle


def draft9() -> str:
    """The bundled 9x9 without its third given: ambiguous."""
    p = puzzle(example_text("sudoku-9x9"))
    givens = list(p.givens)
    givens[[c for c, v in enumerate(givens) if v][2]] = 0
    return write(type(p)(p.n, givens, box=p.box), "line").strip()


def full4() -> str:
    """The bundled 4x4 with four more givens of its solution: unique, some givens redundant."""
    p = puzzle(example_text("sudoku-4x4"))
    sol = gridsat.solve(p).solution
    givens = list(p.givens)
    for c in [c for c, v in enumerate(givens) if not v][:4]:
        givens[c] = sol[c]
    return write(type(p)(p.n, givens, box=p.box), "line").strip()


#: drafts for True candidates, unique puzzles for Redundant (the 6x6 is minimal: no ring)
DRAFTS = [D4, D6, draft9()]
UNIQUE = [full4(), example_text("sudoku-6x6"), U9]


@pytest.fixture(params=list(SIZES))
def page(request, browser, server):
    ctx = browser.new_context(**SIZES[request.param])
    pg = ctx.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.goto(server)
    pg.wait_for_selector("body[data-ready='1']", timeout=20000)
    pg.width = SIZES[request.param]["viewport"]["width"]
    yield pg
    assert errors == []
    ctx.close()


def fits(pg) -> None:
    assert pg.evaluate("() => document.documentElement.scrollWidth") <= pg.width


def test_true_candidates_are_the_engines_on_three_drafts(page):
    page.fill("#setter-cap", str(CAP))
    for text in DRAFTS:
        load(page, text)
        page.click("#true-candidates")
        status(page, "would make it unique if given")
        marks = page.eval_on_selector_all("svg text.true-candidate", """(es) => es.map((e) =>
            [+e.dataset.pos, +e.textContent, +e.dataset.count, e.previousElementSibling.getAttribute('fill')])""")
        want = gridsat.true_candidates(puzzle(text), cap=CAP).counts
        got: dict = {}
        for pos, digit, n, fill in marks:
            got.setdefault(pos, {})[digit] = n
            assert fill == (ONE if n == 1 else MANY if n >= CAP else SOME), (text, pos, digit, n, fill)
        assert got == want, text
        assert page.is_visible("#setter-legend")
        fits(page)


def test_redundant_rings_are_the_engines_on_three_puzzles(page):
    for text in UNIQUE:
        load(page, text)
        page.click("#redundant")
        page.wait_for_function("() => /can each go|minimal/.test(document.getElementById('status').textContent)")
        said = page.inner_text("#status")
        ringed = page.eval_on_selector_all("svg rect.redundant", "(es) => es.map((e) => +e.dataset.pos)")
        want = gridsat.redundant(puzzle(text)).givens
        assert sorted(ringed) == sorted(want), text
        assert ("minimal" in said) == (not want), said
        fits(page)
    assert any(gridsat.redundant(puzzle(t)).givens for t in UNIQUE)
    assert any(not gridsat.redundant(puzzle(t)).givens for t in UNIQUE)
