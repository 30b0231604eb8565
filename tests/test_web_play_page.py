"""Playing on the workbench page, in Chromium at a desktop size and at a phone's (390x844,
mobile emulation): a clash marked as it is typed (``aria-invalid`` on both cells), a wrong
entry named by Check against the verified solution, the header counting givens and entries
apart, the highlight of the selected cell's row, column, box and digit, corner and centre
marks by keyboard, the board as an ARIA grid, and no horizontal scroll on the phone.
Skipped as ``test_web_page.py`` is, where Playwright or chromium is missing."""

from __future__ import annotations

import pytest

pytest.importorskip("playwright.sync_api", reason="playwright (the 'web' extra) is not installed")

import gridsat  # noqa: E402
from gridsat.formats import read_text  # noqa: E402

from test_web_page import CHROMIUM, browser, load, status  # noqa: E402,F401  (the page's fixtures)
from test_web_server import KIT, server  # noqa: E402,F401

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not CHROMIUM, reason="chromium is not installed (apt-get install chromium)")]

SIZES = {"desktop": {"viewport": {"width": 1280, "height": 900}},
         "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
                   "device_scale_factor": 2}}


@pytest.fixture(params=list(SIZES))
def page(request, browser, server):
    ctx = browser.new_context(**SIZES[request.param])
    pg = ctx.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.goto(server)
    pg.wait_for_selector("body[data-ready='1']", timeout=20000)
    pg.size = request.param
    yield pg
    assert errors == []
    ctx.close()


def select(pg, pos: int) -> None:
    pg.click(f"svg rect.cell[data-pos='{pos}']", force=True)  # (a digit may lie on top)


def invalid(pg) -> list[int]:
    return pg.eval_on_selector_all("svg rect[aria-invalid='true']", "(es) => es.map((e) => +e.dataset.pos).sort((a, b) => a - b)")


def test_a_clash_is_marked_as_typed_and_a_wrong_entry_named_by_check(page):
    load(page, KIT)
    puzzle = read_text(KIT)[0].puzzle
    solution = gridsat.check(puzzle).solution
    givens = list(puzzle.givens)
    header = page.inner_text("#describe")
    assert f"{puzzle.num_givens} givens" in header and "entered" not in header
    # a digit typed beside the same given: both cells invalid, the entry drawn red
    units = [set(unit) for _, unit in puzzle.units]
    at = {c: {u for unit in units if c in unit for u in unit} - {c} for c in range(81)}
    cell, given = next((c, g) for c in range(81) if not givens[c] for g in sorted(at[c])
                       if givens[g] and [givens[u] for u in at[c]].count(givens[g]) == 1)
    v = givens[given]
    page.eval_on_selector("#status", "(s) => { s.textContent = ''; }")
    select(page, cell)
    page.keyboard.press(str(v))
    page.wait_for_function("() => document.querySelectorAll('svg rect[aria-invalid=true]').length > 0")
    assert invalid(page) == sorted([cell, given])
    assert page.locator("svg text.entered.clash").count() == 1
    where = lambda c: f"row {c // 9 + 1}, column {c % 9 + 1}, {v}"  # noqa: E731
    assert page.get_attribute(f"svg rect[data-pos='{cell}']", "aria-label").startswith(f"{where(cell)}, entered")
    assert page.get_attribute(f"svg rect[data-pos='{given}']", "aria-label").startswith(f"{where(given)}, given")
    assert f"{puzzle.num_givens} givens, 1 entered" in page.inner_text("#describe")
    # no hint on a grid that breaks a rule
    page.click("#hint")
    assert f"{puzzle.cell_name(cell)} clashes with {puzzle.cell_name(given)}" in status(page, "no hint")
    page.keyboard.press("Control+z")
    page.wait_for_function("() => !document.querySelector('svg rect[aria-invalid=true]')")
    assert "entered" not in page.inner_text("#describe") and f"{puzzle.num_givens} givens" in page.inner_text("#describe")
    # a wrong digit that clashes with nothing: Check names it against the solution
    cell = next(c for c in range(81) if not givens[c])
    peers = {givens[u] for _, unit in puzzle.units if cell in unit for u in unit}
    wrong = next(v for v in range(1, 10) if v != solution[cell] and v not in peers)
    select(page, cell)
    page.keyboard.press(str(wrong))
    assert invalid(page) == []
    page.eval_on_selector("#status", "(s) => { s.textContent = ''; }")
    page.click("#check")
    said = status(page, "solution")
    assert f"{puzzle.cell_name(cell)} is not {wrong} in the solution" in said and "given" not in said
    assert invalid(page) == [cell]
    # the grid filled with the solution, the last digit typed: solved
    last = max(c for c in range(81) if not givens[c])
    page.evaluate("([sol, last]) => { const b = window.workbench.board;"
                  " sol.forEach((v, p) => { if (!b.st.givens[p]) b.st.entered[p] = v; }); b.st.entered[last] = 0; b.draw(); }",
                  [list(solution), last])
    page.eval_on_selector("#status", "(s) => { s.textContent = ''; }")
    select(page, last)
    page.keyboard.press(str(solution[last]))
    assert status(page, "solved!").startswith("solved!")


def test_the_selection_highlights_its_units_and_digit_and_takes_marks(page):
    if page.size == "phone":
        # the page fits the phone: no horizontal scroll, the board within the screen
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
        box = page.locator("#board svg").bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390
    load(page, KIT)
    puzzle = read_text(KIT)[0].puzzle
    assert page.locator("#board[role=grid] [role=row]").count() == 9
    assert page.locator("svg [role=gridcell]").count() == 81
    # a given whose left neighbour is open
    sel = next(c for c in range(81) if puzzle.givens[c] and c % 9 and not puzzle.givens[c - 1])
    select(page, sel)
    page.wait_for_function(f"() => document.querySelector(\"svg rect[data-pos='{sel}']\").classList.contains('selected')")
    peers = page.eval_on_selector_all("svg rect.peer", "(es) => es.map((e) => +e.dataset.pos)")
    assert sorted(peers) == sorted({c for _, unit in puzzle.units if sel in unit for c in unit} - {sel})
    same = page.eval_on_selector_all("svg rect.same-digit", "(es) => es.map((e) => +e.dataset.pos)")
    assert sorted(same) == [c for c in range(81) if puzzle.givens[c] == puzzle.givens[sel]]
    assert page.get_attribute(f"svg rect[data-pos='{sel}']", "aria-selected") == "true"
    assert page.get_attribute("#board", "aria-activedescendant") == f"cell-{sel}"
    # the arrow keys move the selection; Shift+digit a corner mark, Ctrl+digit a centre mark
    page.keyboard.press("ArrowLeft")  # an open cell
    open_ = sel - 1
    page.keyboard.press("Shift+3")
    page.keyboard.press("Control+5")
    page.keyboard.press("x")  # corner mode
    page.keyboard.press("1")
    page.keyboard.press("c")  # centre mode
    page.keyboard.press("7")
    page.keyboard.press("z")  # values again
    marks = page.eval_on_selector_all(f"svg text.mark[data-pos='{open_}']", "(es) => es.map((e) => e.textContent)")
    centre = page.eval_on_selector_all(f"svg text.centre-mark[data-pos='{open_}']", "(es) => es.map((e) => e.textContent)")
    assert sorted(marks) == ["1", "3"] and centre == ["57"]
    page.keyboard.press("Delete")
    assert page.locator(f"svg text[data-pos='{open_}']").count() == 0
    page.keyboard.press("4")
    assert page.locator(f"svg text.entered[data-pos='{open_}']").text_content() == "4"


def test_check_names_the_cell_that_the_givens_leave_empty(page):
    load(page, "..23.1..4.......")  # r1c1: not 2 or 3 (row), 4 (column), 1 (box)
    page.eval_on_selector("#status", "(s) => { s.textContent = ''; }")
    page.click("#check")
    assert "r1c1 can hold no value" in status(page, "impossible")
    assert invalid(page) == [0]
