"""More of playing on the workbench page, in Chromium at a desktop size and at a phone's
(390x844, mobile emulation): a selection of many cells (drag, Ctrl-click, Shift+arrows) that
digits, marks and colours go to as one undo step; colours by SudokuPad's keys; the timer and
"solved!" as the engine verifies it; the control groups as panels; the share link's round
trip; counting with progress, Cancel, and stepping through the solutions; and the Hidato
board's marks, path, detection and errors. Skipped as ``test_web_page.py`` is, where
Playwright or chromium is missing."""

from __future__ import annotations

import math
from urllib.parse import quote

import pytest

pytest.importorskip("playwright.sync_api", reason="playwright (the 'web' extra) is not installed")

import gridsat  # noqa: E402
from gridsat.examples import example_text  # noqa: E402
from gridsat.formats import read_text  # noqa: E402

from test_web_page import CHROMIUM, browser, load, status  # noqa: E402,F401  (the page's fixtures)
from test_web_play_page import SIZES, page, select  # noqa: E402,F401
from test_web_server import KIT, server  # noqa: E402,F401

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not CHROMIUM, reason="chromium is not installed (apt-get install chromium)")]

#: a 4x4 with many solutions
OPEN4 = "1...........4..1"
#: the arrow a Hidato report drew: a board shape of '0' cells and '-' holes, rows 10 wide
ARROW = "----0-----\n----00----\n0000000---\n00000000--\n0000000---\n----00----\n----0-----\n"


def st(pg, field: str) -> list:
    return pg.evaluate(f"() => window.workbench.board.st.{field}")


def selected(pg) -> list[int]:
    return pg.eval_on_selector_all("svg rect.cell.selected", "(es) => es.map((e) => +e.dataset.pos).sort((a, b) => a - b)")


def drag(pg, a: int, b: int) -> None:
    """Press on cell ``a``, move to cell ``b`` in small steps, release."""
    pg.evaluate("() => document.getElementById('board').scrollIntoView()")  # (a click below scrolled the page)
    ba, bb = (pg.locator(f"svg rect.cell[data-pos='{p}']").bounding_box() for p in (a, b))
    pg.mouse.move(ba["x"] + ba["width"] / 2, ba["y"] + ba["height"] / 2)
    pg.mouse.down()
    pg.mouse.move(bb["x"] + bb["width"] / 2, bb["y"] + bb["height"] / 2, steps=12)
    pg.mouse.up()


def open_run(puzzle, length: int) -> list[int]:
    """``length`` open cells side by side in one row of a 9x9."""
    g = puzzle.givens
    return next(list(range(c, c + length)) for c in range(81) if c % 9 <= 9 - length
                and not any(g[c:c + length]))


def test_many_cells_selected_take_digits_and_marks_as_one_step(page):
    load(page, KIT)
    puzzle = read_text(KIT)[0].puzzle
    run = open_run(puzzle, 3)
    drag(page, run[0], run[-1])
    assert selected(page) == run
    assert page.get_attribute("#board", "aria-multiselectable") == "true"
    page.keyboard.press("Shift+5")
    marks = st(page, "marks")
    assert all(marks[p] == [5] for p in run)
    # Ctrl-click adds an open cell elsewhere; a centre mark goes to all four
    other = next(c for c in range(81) if not puzzle.givens[c] and c not in run and c // 9 != run[0] // 9)
    page.click(f"svg rect.cell[data-pos='{other}']", modifiers=["Control"], force=True)
    assert selected(page) == sorted(run + [other])
    page.keyboard.press("Control+7")
    assert all(st(page, "centre")[p] == [7] for p in run + [other])
    # one step of Undo takes the centre marks off all four
    page.keyboard.press("Control+z")
    assert all(st(page, "centre")[p] == [] for p in run + [other]) and st(page, "marks")[run[0]] == [5]
    # Ctrl-click on a selected cell takes it out
    page.click(f"svg rect.cell[data-pos='{other}']", modifiers=["Control"], force=True)
    assert selected(page) == run
    # Shift+arrows extend from a single cell; a digit goes to each
    select(page, run[0])
    assert selected(page) == [run[0]]
    page.keyboard.press("Shift+ArrowRight")
    page.keyboard.press("Shift+ArrowRight")
    assert selected(page) == run
    page.keyboard.press("8")
    entered = st(page, "entered")
    assert [entered[p] for p in run] == [8, 8, 8]
    assert page.locator("svg text.entered").count() == 3
    # Escape keeps the cursor's cell only
    page.keyboard.press("Escape")
    assert selected(page) == [run[-1]]


def test_colours_by_the_v_key_drawn_and_undone(page):
    load(page, KIT)
    puzzle = read_text(KIT)[0].puzzle
    run = open_run(puzzle, 2)
    drag(page, run[0], run[1])
    page.keyboard.press("v")
    assert page.is_checked("input[name=mode][value=colour]") and page.is_visible("#palette")
    page.keyboard.press("4")
    colours = lambda: page.eval_on_selector_all(  # noqa: E731
        "svg rect.colour", "(es) => es.map((e) => [+e.dataset.pos, +e.dataset.colour]).sort()")
    assert colours() == [[run[0], 4], [run[1], 4]]
    page.keyboard.press("6")  # a second colour: both drawn, side by side
    assert colours() == [[run[0], 4], [run[0], 6], [run[1], 4], [run[1], 6]]
    page.keyboard.press("4")  # every selected cell has it: taken off
    assert colours() == [[run[0], 6], [run[1], 6]]
    page.keyboard.press("Control+z")
    assert len(colours()) == 4
    # the palette's buttons (a touch screen's way), and Delete in colour mode
    select(page, run[0])
    page.click("#palette button[data-colour='9']")
    assert [run[0], 9] in colours()
    page.click("svg rect.cell[data-pos='%d']" % run[0], force=True)
    page.keyboard.press("Delete")
    assert [c for c in colours() if c[0] == run[0]] == []
    # digits still go in as values once Z is pressed
    page.keyboard.press("z")
    page.keyboard.press("3")
    assert st(page, "entered")[run[0]] == 3


def test_the_timer_runs_and_stops_at_solved_as_the_engine_checks_it(page):
    load(page, KIT)
    puzzle = read_text(KIT)[0].puzzle
    solution = gridsat.check(puzzle).solution
    page.wait_for_function("() => /^\\d+:\\d\\d$/.test(document.getElementById('timer').textContent)")
    page.wait_for_function("() => document.getElementById('timer').textContent !== '0:00'", timeout=5000)
    last = max(c for c in range(81) if not puzzle.givens[c])
    fill = ("([sol, last, wrong]) => { const b = window.workbench.board;"
            " sol.forEach((v, p) => { if (!b.st.givens[p]) b.st.entered[p] = v; }); b.st.entered[last] = 0;"
            " if (wrong >= 0) b.st.entered[wrong] = sol[wrong] % 9 + 1; b.draw(); }")
    # a full grid with a clash: no check, no "solved"
    other = min(c for c in range(81) if not puzzle.givens[c])
    page.evaluate(fill, [list(solution), last, other])
    select(page, last)
    page.keyboard.press(str(solution[last]))
    assert "solved" not in page.inner_text("#timer")
    # the solution: checked against the engine, then "solved!" and the timer stops
    page.evaluate(fill, [list(solution), last, -1])
    page.eval_on_selector("#status", "(s) => { s.textContent = ''; }")
    select(page, last)
    page.keyboard.press(str(solution[last]))
    assert status(page, "solved!").startswith("solved!")
    page.wait_for_function("() => document.getElementById('timer').textContent.startsWith('solved in')")
    assert "solved" in page.get_attribute("#timer", "class")
    # a puzzle with many solutions: a full grid the engine verifies is solved too
    load(page, OPEN4)
    four = read_text(OPEN4)[0].puzzle
    sol, last = gridsat.solve(four).solution, max(c for c in range(16) if not four.givens[c])
    assert "solved" not in page.inner_text("#timer")
    page.evaluate(fill, [list(sol), last, -1])
    page.eval_on_selector("#status", "(s) => { s.textContent = ''; }")
    select(page, last)
    page.keyboard.press(str(sol[last]))
    assert "your grid is a solution" in status(page, "solved!")


def test_the_control_groups_are_panels_opened_and_closed_by_keyboard(page):
    toggles = page.locator("fieldset.group > legend > button.panel-toggle")
    names = [t.strip() for t in toggles.all_inner_texts()]
    assert [n.split(":")[0] for n in names] == ["Play", "Solve", "Setter", "Generate", "Import / Export"]
    assert all(page.get_attribute(f"#{b.get_attribute('aria-controls')}", "class") == "panel-body" for b in toggles.all())
    solve = toggles.nth(1)
    assert solve.get_attribute("aria-expanded") == "true" and page.is_visible("#solve")
    solve.focus()
    page.keyboard.press("Enter")
    assert solve.get_attribute("aria-expanded") == "false" and not page.is_visible("#solve")
    if page.size == "phone":
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    # the page remembers a closed panel
    page.reload()
    page.wait_for_selector("body[data-ready='1']", timeout=20000)
    solve = page.locator("fieldset.group > legend > button.panel-toggle").nth(1)
    assert solve.get_attribute("aria-expanded") == "false" and not page.is_visible("#solve")
    # Space on the panel's button opens it (the button's key: the board's digit stays)
    cell = page.evaluate("() => window.workbench.board.positions().find((p) => !window.workbench.board.st.givens[p])")
    select(page, cell)
    page.keyboard.press("2")
    solve.focus()
    page.keyboard.press(" ")
    assert solve.get_attribute("aria-expanded") == "true" and page.is_visible("#solve")
    assert st(page, "entered")[cell] == 2


def test_the_share_link_restores_puzzle_entries_marks_and_colours(page, browser):
    load(page, KIT)
    puzzle = read_text(KIT)[0].puzzle
    a, b, c = open_run(puzzle, 3)
    select(page, a)
    page.keyboard.press("6")
    select(page, b)
    page.keyboard.press("Shift+1")
    page.keyboard.press("Shift+2")
    page.keyboard.press("Control+3")
    select(page, c)
    page.keyboard.press("v")
    page.keyboard.press("7")
    page.keyboard.press("z")
    fields = ["givens", "entered", "marks", "centre", "colours", "rows", "cols"]
    before = {f: st(page, f) for f in fields}
    page.click("#share")
    page.wait_for_function("() => document.getElementById('share-link').value.includes('#share=')", timeout=20000)
    link = page.input_value("#share-link")  # (written when the compression's promise settles)
    assert "#share=" in link and "?" not in link
    # a new page opened at the link
    ctx = browser.new_context(**SIZES[page.size])
    other = ctx.new_page()
    other.goto(link)
    other.wait_for_selector("body[data-ready='1']", timeout=20000)
    assert {f: st(other, f) for f in fields} == before
    assert other.locator("svg rect.colour[data-colour='7']").count() == 1
    assert other.locator(f"svg text.entered[data-pos='{a}']").text_content() == "6"
    ctx.close()
    # the link pasted into the address bar of the open page (only the fragment changes)
    page.click("#clear-all")
    page.evaluate("(h) => { location.hash = h; }", link.split("#", 1)[1])
    page.wait_for_function("() => window.workbench.board.st.entered.some((v) => v === 6)", timeout=20000)
    assert {f: st(page, f) for f in fields} == before
    # a Hidato with a hole made a cell, its numbers' marks
    text = example_text("hidato-6x5")
    page.goto(page.url.split("#")[0].split("?")[0] + "?puzzle=" + quote(text))
    page.wait_for_selector("body[data-ready='1']", timeout=20000)
    page.check("input[name=mode][value=holes]")
    page.click("svg rect.hole[data-pos='0']")
    page.check("input[name=mode][value=pencil]")
    select(page, 1)
    for key in ("1", "1", "Shift+4"):
        page.keyboard.press(key)
        page.wait_for_timeout(50)
    before = {f: st(page, f) for f in fields + ["region"]}
    page.evaluate("() => { document.getElementById('share-link').value = ''; }")
    page.click("#share")
    page.wait_for_function("() => document.getElementById('share-link').value.includes('#share=')", timeout=20000)
    other = browser.new_context(**SIZES[page.size]).new_page()
    other.goto(page.input_value("#share-link"))
    other.wait_for_selector("body[data-ready='1']", timeout=20000)
    assert {f: st(other, f) for f in fields + ["region"]} == before
    other.context.close()


def test_count_with_progress_cancel_and_stepping_through_solutions(page):
    jobs: list[str] = []
    page.on("request", lambda r: jobs.append(r.url) if "/api/jobs/" in r.url else None)
    load(page, "." * 256)
    # a long count (an empty 16x16 has more than a million solutions): its progress shown, then cancelled
    page.fill("#count-limit", "1000000")
    page.fill("#time-limit", "30")
    page.click("#count")
    status(page, "solutions so far")
    assert page.is_visible("#count-progress") and page.is_visible("#count-cancel")
    page.click("#count-cancel")
    assert "cancelled" in status(page, "cancelled")
    assert jobs and not page.is_visible("#count-progress")
    # a count to its limit, a job of the server too (whatever the limit)
    load(page, "." * 81)
    page.fill("#count-limit", "2000")
    polled = len(jobs)
    page.click("#count")
    # (wait for the answer itself: "solutions" is in the progress line too, "1,000 solutions so far")
    assert status(page, "2000+ solutions").startswith("2000+ solutions")
    assert len(jobs) > polled
    # every solution, one by one
    load(page, OPEN4)
    puzzle = read_text(OPEN4)[0].puzzle
    res = gridsat.count(puzzle, 1000)
    assert res.complete and 2 < res.count < 100
    page.fill("#count-limit", "1000")
    page.click("#solutions")
    assert status(page, f"{res.count} solutions").startswith(f"{res.count} solutions")
    assert page.inner_text("#sol-label") == f"solution 1 of {res.count}"
    grid = "() => { const b = window.workbench.board; return b.positions().map((p) => b.value(p)); }"
    seen = []
    for i in range(res.count):
        values = page.evaluate(grid)
        seen.append(tuple(values))
        if i:  # the cells where it differs from the first are shaded
            shaded = page.eval_on_selector_all("svg rect.cell.differ", "(es) => es.map((e) => +e.dataset.pos).sort((a, b) => a - b)")
            assert shaded == [p for p in range(16) if values[p] != seen[0][p]]
        page.click("#sol-next")
    assert len(set(seen)) == res.count
    assert set(seen) == {tuple(s) for s in gridsat.count(puzzle, 1000, keep=None).solutions}
    assert page.inner_text("#sol-label") == f"solution 1 of {res.count}"
    page.click("#sol-prev")
    assert page.inner_text("#sol-label") == f"solution {res.count} of {res.count}"
    page.fill("#sol-index", "2")
    page.dispatch_event("#sol-index", "change")
    assert page.inner_text("#sol-label") == f"solution 2 of {res.count}" and tuple(page.evaluate(grid)) == seen[1]


def test_hidato_marks_readable_path_clear_of_numbers_and_its_errors(page):
    page.goto(page.url.split("?")[0] + "?puzzle=" + quote(example_text("hidato-8x8")))
    page.wait_for_selector("body[data-ready='1']", timeout=20000)
    page.click("#fill-marks")
    status(page, "pencil marks filled in")
    most = max(len(m) for m in st(page, "marks"))
    assert most >= 7  # (numbers enough to be drawn at 9 units or less in slots)
    marks = page.eval_on_selector_all("svg text.mark", """(es) => es.map((e) => { const b = e.getBBox();
        const c = document.querySelector(`svg rect.cell[data-pos='${e.dataset.pos}']`);
        return [+e.getAttribute('font-size'), b.x, b.y, b.x + b.width, b.y + b.height,
                +c.getAttribute('x'), +c.getAttribute('y')]; })""")
    assert marks
    for fs, x0, y0, x1, y1, cx, cy in marks:
        assert fs >= 10, fs  # (the board's units: a cell is 44)
        assert cx - 0.5 <= x0 and x1 <= cx + 44.5 and cy - 0.5 <= y0 and y1 <= cy + 44.5, (x0, y0, x1, y1, cx, cy)
    page.click("#solve")
    status(page, "solved")
    lines = page.eval_on_selector_all("svg g.path line", "(es) => es.map((e) => ['x1', 'y1', 'x2', 'y2'].map((a) => +e.getAttribute(a)))")
    centres = page.eval_on_selector_all("svg .values text", """(es) => es.map((e) => {
        const c = document.querySelector(`svg rect.cell[data-pos='${e.dataset.pos}']`);
        return [+c.getAttribute('x') + 22, +c.getAttribute('y') + 22]; })""")
    assert len(lines) >= len(centres) - 1 > 20
    for x1, y1, x2, y2 in lines:
        for cx, cy in centres:
            assert math.dist((x1, y1), (cx, cy)) >= 12 and math.dist((x2, y2), (cx, cy)) >= 12
            # (and no point of the segment comes nearer a number than its ends)
            t = max(0.0, min(1.0, ((cx - x1) * (x2 - x1) + (cy - y1) * (y2 - y1)) / ((x2 - x1) ** 2 + (y2 - y1) ** 2)))
            assert math.dist((x1 + t * (x2 - x1), y1 + t * (y2 - y1)), (cx, cy)) >= 12
    # a board shape is read as one, not as Sudoku lines
    load(page, ARROW)
    assert "givens" in page.inner_text("#describe") and page.locator("svg rect.hole").count() == 70 - ARROW.count("0")
    # holes edited until a given lies past the cells: the reader's message, without "<puzzle>:1:1:"
    page.goto(page.url.split("?")[0] + "?puzzle=" + quote(example_text("hidato-6x5")))
    page.wait_for_selector("body[data-ready='1']", timeout=20000)
    page.check("input[name=mode][value=holes]")
    empty = page.evaluate("() => { const b = window.workbench.board; return b.positions().filter((p) => !b.st.givens[p]); }")
    for p in empty:
        page.click(f"svg rect.cell[data-pos='{p}']", force=True)
    page.eval_on_selector("#status", "(s) => { s.textContent = ''; }")
    page.click("#check")
    said = status(page, "outside")
    assert "<puzzle>" not in said and said.startswith("given")
