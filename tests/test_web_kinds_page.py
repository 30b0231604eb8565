"""Every kind on the workbench page, in Chromium: drawn from the board description the server
sends (cages, clue triangles, black cells, clues outside the grid), a digit typed, solved with
a verified solution, no panel of the board before left standing; a setter's clue changed; the
page's stale-state faults (an undo step of a failed solve, a Copy as list that offers a format
which then refuses). Skipped as ``test_web_page.py`` is, where Playwright or chromium is missing."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("playwright.sync_api", reason="playwright (the 'web' extra) is not installed")

import gridsat  # noqa: E402
from gridsat.examples import example_text  # noqa: E402
from gridsat.formats import read_text, write  # noqa: E402
from gridsat.kinds import get_kind, list_kinds  # noqa: E402
from gridsat.verifier import verify  # noqa: E402
from gridsat.web.board import board_of  # noqa: E402

from test_web_boards import GENERATED, elements  # noqa: E402
from test_web_page import CHROMIUM, browser, load, page, status  # noqa: E402,F401  (the page's fixtures)
from test_web_server import server  # noqa: E402,F401

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not CHROMIUM, reason="chromium is not installed (apt-get install chromium)")]

#: the kinds without a generator of this table: a bundled example
EXAMPLES = {"sudoku": "sudoku-4x4", "hidato": "hidato-8x8"}
#: the board of five grids, generated too
SAMURAI = {"samurai": {"seed": 2}}


def puzzles() -> list[tuple[str, str]]:
    """Every kind's puzzle as text, in the kinds' order (a small unique one each)."""
    out = []
    for name in list_kinds():
        if name in EXAMPLES:
            out.append((name, example_text(EXAMPLES[name])))
        elif name in GENERATED or name in SAMURAI:
            opts = GENERATED[name][0] if name in GENERATED else SAMURAI[name]
            puzzle = get_kind(name).generators[name].make(**opts).puzzle
            out.append((name, write(puzzle, "json")))
    return out


def board(pg) -> dict:
    return pg.evaluate("""() => { const b = window.workbench.board, st = b.st;
        return {kind: st.kind, values: st.region.map((r, p) => (r === null ? null : b.value(p))),
                blocked: st.blocked, text: b.text(), overlay: document.querySelectorAll('svg g.overlay > *').length,
                digitsAtBlocked: st.blocked.filter((p) => document.querySelector(`svg .values [data-pos='${p}']`)).length,
                formats: [...document.querySelectorAll('#format option')].map((o) => o.value),
                clues: document.getElementById('clue-edit').hidden ? 0 : document.querySelectorAll('#clue option').length,
                candidates: document.getElementById('candidates-list').textContent,
                solutionsShown: !document.getElementById('solutions-nav').hidden}; }""")


def test_every_kind_draws_takes_a_digit_and_solves(page):
    # a panel of the board before: the candidates of a Sudoku
    load(page, example_text("sudoku-4x4"))
    page.click("#candidates")
    status(page, "candidates of")
    assert page.inner_text("#candidates-list")
    seen = []
    for name, text in puzzles():
        puzzle = read_text(text)[0].puzzle
        want = board_of(puzzle, formats=True)
        load(page, text)
        st = board(page)
        seen.append(st["kind"])
        assert st["kind"] == name
        # drawn: the overlay's elements, no digit of the page's own in a blocked cell
        assert st["overlay"] == len(elements(want["overlay"]))
        assert st["blocked"] == want["blocked"] and st["digitsAtBlocked"] == 0
        # no panel of the board before: candidates, solutions, clues, formats are this board's
        assert st["candidates"] == "" and not st["solutionsShown"]
        assert st["clues"] == len(want["clues"])
        assert st["formats"] == [f for f in st["formats"] if f in want["writes"]] and st["formats"]
        # a digit typed in an open cell: the solution's
        solution = gridsat.solve(puzzle).solution
        cell = next(c for p, c in enumerate(want["cell_of"]) if c is not None and p not in want["blocked"]
                    and not want["givens"][c] and solution[c] <= 9)
        pos = want["cell_of"].index(cell)
        page.click(f"svg rect.cell[data-pos='{pos}']")
        page.keyboard.press(str(solution[cell]))
        page.wait_for_function("() => document.querySelectorAll('svg text.entered').length === 1")
        # Solve: the page shows the engine's solution, which the verifier passes
        page.eval_on_selector("#status", "(s) => { s.textContent = ''; }")
        page.click("#solve")
        status(page, "solved")
        values = board(page)["values"]
        got = [values[p] for p, c in sorted(((p, c) for p, c in enumerate(want["cell_of"]) if c is not None),
                                            key=lambda pc: pc[1]) if p not in want["blocked"]]
        assert got == [solution[c] for p, c in sorted(((p, c) for p, c in enumerate(want["cell_of"])
                                                       if c is not None), key=lambda pc: pc[1])
                       if p not in want["blocked"]]
        assert verify(puzzle, solution) == []
    assert seen == [n for n in list_kinds() if n in EXAMPLES or n in GENERATED or n in SAMURAI]


def test_a_setter_changes_clues_inside_and_outside_the_grid(page):
    killer = get_kind("killer").generators["killer"].make(**GENERATED["killer"][0]).puzzle
    load(page, write(killer, "json"))
    cage = board_of(killer)["clues"][0]
    page.click(f"svg rect.cell[data-pos='{cage['pos']}']")  # a cage's first cell picks its sum
    assert page.input_value("#clue-value") == str(cage["value"])
    page.fill("#clue-value", str(cage["value"] + 1))
    page.click("#clue-set")
    status(page, "is now")
    back = json.loads(page.evaluate("() => window.workbench.board.text()"))
    assert back["cages"][cage["path"][1]]["sum"] == cage["value"] + 1
    assert page.locator("svg text.killercage-sum").first.text_content() == str(cage["value"] + 1)
    page.click("#undo")
    back = json.loads(page.evaluate("() => window.workbench.board.text()"))
    assert back["cages"][cage["path"][1]]["sum"] == cage["value"]
    # a value the kind's reader refuses: its message, the board unchanged
    page.fill("#clue-value", "99")
    page.click("#clue-set")
    said = status(page, "add up to 99")  # (the reader's message, without "<puzzle>:1:1:" of the page's one-line text)
    assert said.startswith("killercage") and "<puzzle>" not in said
    assert json.loads(page.evaluate("() => window.workbench.board.text()")) == back
    # a clue outside the grid, picked by a click on its place
    sky = get_kind("skyscrapers").generators["skyscrapers"].make(**GENERATED["skyscrapers"][0]).puzzle
    load(page, write(sky, "json"))
    clue = board_of(sky)["clues"][-1]  # (the last line's clue on the right)
    box = page.eval_on_selector("#board svg", "(s) => { const r = s.getBoundingClientRect();"
                                " return [r.x, r.y, r.width / +s.getAttribute('width')]; }")
    margin = 10 + 44  # the page's margin with one cell of pad (the board drawn at the scale box[2])
    page.mouse.click(box[0] + (margin + clue["x"] * 44) * box[2], box[1] + (margin + clue["y"] * 44) * box[2])
    assert page.input_value("#clue") == str(len(board_of(sky)["clues"]) - 1)
    assert page.locator("svg circle.clue-selected").count() == 1


def test_a_failed_solve_records_no_undo_step(page):
    load(page, "1...........4..1")
    page.click("svg rect.cell[data-pos='1']")
    page.keyboard.press("1")  # against the given 1 of its row
    page.wait_for_function("() => document.querySelectorAll('svg text.entered').length === 1")
    page.eval_on_selector("#status", "(s) => { s.textContent = ''; }")
    page.click("#solve")
    status(page, "impossible")
    page.click("#undo")  # undoes the digit, not the failed solve
    page.wait_for_function("() => document.querySelectorAll('svg text.entered').length === 0")


def test_copy_as_offers_no_format_that_refuses_the_board(page):
    load(page, example_text("jigsaw-9x9"))
    page.click("#check")  # (an answer's board does not put the kind's whole list back)
    status(page, "unique")
    offered = page.eval_on_selector_all("#format option", "(os) => os.map((o) => o.value)")
    assert "line" not in offered and "json" in offered
    for name in offered:
        page.eval_on_selector("#status", "(s) => { s.textContent = ''; }")
        page.select_option("#format", name)
        page.click("#copy")
        page.wait_for_function("() => !document.getElementById('copy').disabled")
        assert "cannot write" not in page.inner_text("#status")
