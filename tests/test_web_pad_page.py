"""The on-screen digit pad below the workbench's board, on a phone (390x844, mobile emulation,
touch) in Chromium: a tapped cell takes a tapped digit, the pad's modes give corner and centre
marks, Delete and Undo work from it, a board with numbers past 9 gets a number entry, and
axe-core finds no serious or critical violation with the pad shown. And the units a kind's
own board description adds (a KenKen's rows and columns, a Kakuro's runs): a digit typed
twice in one marks both cells as it is typed. Skipped as
``test_web_page.py`` is, where Playwright or chromium is missing (and the axe test where
axe-core is)."""

from __future__ import annotations

import pytest

pytest.importorskip("playwright.sync_api", reason="playwright (the 'web' extra) is not installed")

from gridsat.examples import example_text  # noqa: E402
from gridsat.formats import read_text, write  # noqa: E402
from gridsat.kinds import get_kind  # noqa: E402

from test_web_a11y_page import AXE, AXE_RUN  # noqa: E402
from test_web_page import CHROMIUM, browser, load  # noqa: E402,F401  (the page's fixtures)
from test_web_play_page import SIZES, invalid  # noqa: E402
from test_web_server import KIT, server  # noqa: E402,F401

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not CHROMIUM, reason="chromium is not installed (apt-get install chromium)")]


@pytest.fixture
def phone(browser, server):
    ctx = browser.new_context(**SIZES["phone"], bypass_csp=True)  # (axe is added as a script)
    pg = ctx.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.goto(server)
    pg.wait_for_selector("body[data-ready='1']", timeout=20000)
    yield pg
    assert errors == []
    ctx.close()


def st(pg, field: str) -> list:
    return pg.evaluate(f"() => window.workbench.board.st.{field}")


def tap_cell(pg, pos: int) -> None:
    pg.tap(f"svg rect.cell[data-pos='{pos}']", force=True)


def open_cells(n: int) -> list[int]:
    givens = read_text(KIT)[0].puzzle.givens
    return [p for p in range(81) if not givens[p]][:n]


def test_a_tapped_digit_goes_to_the_tapped_cell_and_undo_takes_it_back(phone):
    load(phone, KIT)
    a, b = open_cells(2)
    assert phone.eval_on_selector_all("#pad .pad-digit", "(es) => es.map((e) => e.textContent)") == \
        [str(v) for v in range(1, 10)]
    tap_cell(phone, a)
    phone.tap("#pad button[aria-label='digit 4']")
    assert st(phone, "entered")[a] == 4
    # a corner mark and a centre mark through the pad's modes, on another cell
    tap_cell(phone, b)
    phone.tap("#pad button[data-mode='pencil']")
    assert phone.get_attribute("#pad button[data-mode='pencil']", "aria-pressed") == "true"
    phone.tap("#pad button[aria-label='digit 7']")
    phone.tap("#pad button[data-mode='centre']")
    phone.tap("#pad button[aria-label='digit 2']")
    assert st(phone, "marks")[b] == [7] and st(phone, "centre")[b] == [2] and st(phone, "entered")[b] == 0
    # Undo from the pad: the centre mark, then the corner mark; Redo puts the corner one back
    phone.tap("#pad button[aria-label='undo']")
    assert st(phone, "centre")[b] == [] and st(phone, "marks")[b] == [7]
    phone.tap("#pad button[aria-label='undo']")
    assert st(phone, "marks")[b] == []
    phone.tap("#pad button[aria-label='redo']")
    assert st(phone, "marks")[b] == [7]
    # back to values; Delete clears the cell's entry
    phone.tap("#pad button[data-mode='value']")
    tap_cell(phone, a)
    phone.tap("#pad button[aria-label^='delete']")
    assert st(phone, "entered")[a] == 0
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390


def test_the_pad_enters_on_every_selected_cell_as_one_step(phone):
    load(phone, KIT)
    cells = open_cells(3)
    tap_cell(phone, cells[0])
    phone.evaluate("(ps) => { const b = window.workbench.board; ps.forEach((p) => b.multi.add(p)); b.draw(); }", cells)
    phone.tap("#pad button[data-mode='pencil']")
    phone.tap("#pad button[aria-label='digit 5']")
    assert all(st(phone, "marks")[p] == [5] for p in cells)
    phone.tap("#pad button[aria-label='undo']")
    assert all(st(phone, "marks")[p] == [] for p in cells)


def test_a_board_with_numbers_past_nine_gets_a_number_entry(phone):
    load(phone, example_text("hidato-8x8"))
    assert phone.locator("#pad .pad-digit").count() == 0
    entered = st(phone, "entered")
    givens = st(phone, "givens")
    regions = st(phone, "region")
    p = next(i for i in range(len(givens)) if not givens[i] and not entered[i] and regions[i] is not None)
    tap_cell(phone, p)
    phone.fill("#pad-number", "23")
    phone.tap("#pad-enter")
    assert st(phone, "entered")[p] == 23


@pytest.mark.skipif(AXE is None, reason="axe-core is not installed (make installs it with npm into .venv/npm)")
def test_axe_finds_no_serious_violation_with_the_pad_shown(phone):
    phone.add_script_tag(path=str(AXE))
    for text in (KIT, example_text("hidato-8x8")):
        load(phone, text)
        tap_cell(phone, open_cells(1)[0])
        phone.tap("#pad button[data-mode='pencil']")
        assert phone.locator("#pad").is_visible()
        assert phone.evaluate(AXE_RUN) == []


@pytest.mark.parametrize("kind, twice, apart", [("kenken", (0, 1), (0, 4)), ("kakuro", (4, 5), (5, 7))])
def test_a_digit_twice_in_a_unit_the_kind_names_is_marked_as_typed(phone, kind, twice, apart):
    """The last sample of each kind: a 3x3 KenKen (cells 0 and 1 share row 1; 0 and 4 share no
    row or column) and a 3x3 Kakuro (cells 4 and 5 make a run across; 5 and 7 share no run)."""
    load(phone, write(get_kind(kind).samples()[-1][0], "json"))
    for cells in (apart, twice):
        for p in cells:
            tap_cell(phone, p)
            phone.keyboard.press("2")
        assert st(phone, "entered")[cells[0]] == st(phone, "entered")[cells[1]] == 2
        assert invalid(phone) == ([] if cells == apart else list(twice))
        for p in cells:
            tap_cell(phone, p)
            phone.keyboard.press("Delete")
