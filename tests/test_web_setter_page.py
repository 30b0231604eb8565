"""The setter's buttons on the workbench page, in Chromium: True candidates coloured by count
(1: given, it makes the puzzle unique) as the engine counts them, the Redundant rings on the
givens the engine finds redundant, Explain ambiguity's shaded cells, and a kind without the
jobs told so on its buttons. Skipped as ``test_web_page.py`` is, where Playwright or chromium
is missing."""

from __future__ import annotations

import pytest

pytest.importorskip("playwright.sync_api", reason="playwright (the 'web' extra) is not installed")

import gridsat  # noqa: E402
from gridsat.formats import read_text  # noqa: E402

from test_web_page import CHROMIUM, browser, load, status  # noqa: E402,F401  (the page's fixtures)
from test_web_server import server  # noqa: E402,F401
from test_web_setter import D4, D6, HIDATO, U9, thermo_text  # noqa: E402

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not CHROMIUM, reason="chromium is not installed (apt-get install chromium)")]

#: the page's colours of a count (board.js COUNTS)
ONE, SOME, MANY = "#ffb000", "#a8d0f0", "#d0d0d0"


@pytest.fixture
def page(browser, server):
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    pg = ctx.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.goto(server)
    pg.wait_for_selector("body[data-ready='1']", timeout=20000)
    yield pg
    assert errors == []
    ctx.close()


def puzzle(text: str):
    return read_text(text)[0].puzzle


def test_setter_buttons_match_the_engine(page):
    # true candidates of an ambiguous 4x4 draft, each digit coloured by its count
    load(page, D4)
    page.fill("#setter-cap", "5")
    page.click("#true-candidates")
    status(page, "would make it unique if given")
    marks = page.eval_on_selector_all("svg text.true-candidate", """(es) => es.map((e) =>
        [+e.dataset.pos, +e.textContent, +e.dataset.count, e.previousElementSibling.getAttribute('fill')])""")
    tc = gridsat.true_candidates(puzzle(D4), cap=5)
    got: dict = {}
    for pos, digit, n, fill in marks:
        got.setdefault(pos, {})[digit] = n
        assert fill == (ONE if n == 1 else MANY if n >= 5 else SOME)
    assert got == tc.counts and any(n == 1 for vs in got.values() for n in vs.values())
    assert page.is_visible("#setter-legend") and "makes the puzzle unique" in page.inner_text("#setter-legend")
    # redundant givens of a unique 9x9 ringed
    load(page, U9)
    assert not page.is_visible("#setter-legend")
    page.click("#redundant")
    status(page, "can each go")
    ringed = page.eval_on_selector_all("svg rect.redundant", "(es) => es.map((e) => +e.dataset.pos)")
    assert sorted(ringed) == sorted(gridsat.redundant(puzzle(U9)).givens) and {0, 1} <= set(ringed)
    # a constraint that can go: its cells get a dashed square
    load(page, thermo_text())
    page.click("#redundant")
    status(page, "constraints that can go")
    squared = page.eval_on_selector_all("svg rect.redundant-constraint", "(es) => es.map((e) => +e.dataset.pos)")
    assert sorted(squared) == [0, 1]
    # the ambiguity of a 6x6 draft explained: the cells where the two solutions differ shaded
    load(page, D6)
    page.click("#explain-ambiguity")
    text = status(page, "differ in")
    a = gridsat.explain_ambiguity(puzzle(D6))
    shaded = page.eval_on_selector_all("svg rect.cell.differ", "(es) => es.map((e) => +e.dataset.pos)")
    assert sorted(shaded) == a.differ and f"= {a.best[1]}" in text
    # a kind whose record has no setter's jobs: its buttons say so
    load(page, HIDATO)
    assert page.is_disabled("#redundant") and "not available" in page.get_attribute("#explain-ambiguity", "title")
