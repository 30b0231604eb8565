"""The workbench page in a real browser: Playwright for Python driving Debian's ``chromium``
(``playwright install`` cannot download browsers everywhere, so the system one is used).
Skipped, with the reason, where Playwright or chromium is missing."""

from __future__ import annotations

import json
import os
import shutil
from urllib.parse import quote

import pytest

sync_api = pytest.importorskip("playwright.sync_api", reason="playwright (the 'web' extra) is not installed")

import gridsat  # noqa: E402
from gridsat.examples import example_text  # noqa: E402
from gridsat.formats import read_text, write  # noqa: E402
from gridsat.kinds import get_kind, list_kinds  # noqa: E402
from gridsat.rendering import layout  # noqa: E402
from gridsat.web.app import boards  # noqa: E402
from gridsat.web.board import board_of  # noqa: E402

from test_web_server import KIT, server  # noqa: E402,F401  (the module's own server fixture)
from test_web_static import page_spec  # noqa: E402

CHROMIUM = os.environ.get("GRIDSAT_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not CHROMIUM, reason="chromium is not installed (apt-get install chromium)")]


@pytest.fixture(scope="module")
def browser():
    with sync_api.sync_playwright() as p:
        try:
            b = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        except Exception as e:  # noqa: BLE001 - a chromium that cannot start here
            pytest.skip(f"chromium does not start: {str(e).splitlines()[0]}")
        yield b
        b.close()


@pytest.fixture
def page(browser, server):
    pg = browser.new_page(viewport={"width": 1280, "height": 800})
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.goto(server)
    pg.wait_for_selector("body[data-ready='1']", timeout=20000)
    yield pg
    assert errors == []
    pg.close()


def status(pg, contains: str) -> str:
    pg.wait_for_function("(t) => document.getElementById('status').textContent.includes(t)", arg=contains,
                         timeout=20000)
    return pg.inner_text("#status")


def load(pg, text: str) -> None:
    pg.fill("#text", text)
    pg.eval_on_selector("#status", "(s) => { s.textContent = ''; }")  # the page opens "loaded" too
    pg.click("#load")
    status(pg, "loaded")


def test_kit_vector_check_solve_undo_hint(page):
    load(page, KIT)
    assert page.locator("svg text.given").count() == read_text(KIT)[0].puzzle.num_givens
    page.click("#check")
    assert status(page, "unique").startswith("unique")
    page.click("#solve")
    status(page, "solved")
    page.wait_for_function("() => document.querySelectorAll('svg text.solved').length > 0")
    values = page.eval_on_selector_all("svg .values text", "els => els.map(e => +e.textContent)")
    solution = gridsat.check(read_text(KIT)[0].puzzle).solution
    assert len(values) == 81 and sorted(values) == sorted(solution)
    page.click("#undo")
    page.wait_for_function("() => document.querySelectorAll('svg text.solved').length === 0")
    page.click("#hint")
    assert status(page, "hint:").startswith("hint:")
    assert page.locator("svg rect.hint").count() >= 1
    assert "check: unique" in page.inner_text("#log")


def test_keyboard_entry_and_undo(page):
    load(page, "1...........4..1")
    page.click("svg rect.cell[data-pos='1']")
    page.keyboard.press("3")
    page.wait_for_function("() => document.querySelectorAll('svg text.entered').length === 1")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("2")
    page.wait_for_function("() => document.querySelectorAll('svg text.entered').length === 2")
    page.keyboard.press("Control+z")
    page.wait_for_function("() => document.querySelectorAll('svg text.entered').length === 1")
    page.click("#check")
    assert status(page, "ambiguous").startswith("ambiguous")
    assert page.locator("svg rect.differ").count() >= 2


def test_hidato_with_holes_from_the_link_counts_its_solutions(browser, server):
    text = example_text("hidato-6x5")
    pg = browser.new_page()
    pg.goto(server + "?puzzle=" + quote(text))
    pg.wait_for_selector("body[data-ready='1']", timeout=20000)
    puzzle = read_text(text)[0].puzzle
    holes = 30 - puzzle.num_cells
    assert pg.locator("svg rect.hole").count() == holes > 0
    pg.click("#count")
    expected = gridsat.count(puzzle, 1000).count
    assert status(pg, f"{expected} solution").startswith(f"{expected} solution")
    # a hole made a cell: the page counts what the engine counts for the edited board
    pg.check("input[name=mode][value=holes]")
    pg.click("svg rect.hole[data-pos='0']")
    pg.wait_for_function("(n) => document.querySelectorAll('svg rect.hole').length === n", arg=holes - 1)
    edited = read_text(pg.evaluate("() => window.workbench.board.text()"))[0].puzzle
    assert edited.num_cells == puzzle.num_cells + 1
    pg.evaluate("() => { document.getElementById('status').textContent = ''; }")
    pg.click("#count")
    expected = gridsat.count(edited, 1000).count
    assert status(pg, f"{expected} solution").startswith(f"{expected} solution")
    pg.close()


def test_generate_a_jigsaw(page):
    page.select_option("#gen-kind", "jigsaw")
    page.fill("#gen-size", "6")
    page.fill("#gen-seed", "11")
    page.click("#generate")
    assert "jigsaw" in status(page, "generated")
    text = page.input_value("#text")
    puzzle = read_text(text)[0].puzzle
    assert puzzle.is_jigsaw and gridsat.check(puzzle).status == "unique"
    page.click("#check")
    status(page, "unique")


def test_copy_as_another_format(page):
    load(page, KIT)
    page.select_option("#format", "vector")
    page.click("#copy")
    page.wait_for_function("() => document.getElementById('text').value.startsWith('[')")
    assert read_text(page.input_value("#text"))[0].puzzle.givens == read_text(KIT)[0].puzzle.givens


def test_copy_as_offers_the_formats_of_the_loaded_kind(page):
    load(page, example_text("hidato-8x8"))
    names = page.eval_on_selector_all("#format option", "(os) => os.map((o) => o.value)")
    assert "hidato" in names and "json" in names and "vector" not in names
    page.select_option("#format", "hidato-line")
    page.click("#copy")
    page.wait_for_function("() => !document.getElementById('text').value.startsWith('#')")
    assert read_text(page.input_value("#text"))[0].puzzle == read_text(example_text("hidato-8x8"))[0].puzzle


def board_state(pg) -> dict:
    return pg.evaluate("() => { const b = window.workbench.board;"
                       " return {text: b.text(), regions: b.kind.regions, holes: b.kind.holes, region: b.st.region}; }")


@pytest.mark.parametrize("name", list_kinds())
def test_every_kind_reads_back_from_the_page_as_edited(page, name):
    """Each kind's sample puzzles, loaded as ``json``: the page's own puzzle text (built by the
    kind's board description from /api/info) reads back as the puzzle, and as edited."""
    if not get_kind(name).web:
        pytest.skip(f"kind {name} describes no board: the page does not edit it")
    for puzzle, _ in get_kind(name).samples():
        load(page, write(puzzle, "json"))
        st = board_state(page)
        assert read_text(st["text"])[0].puzzle == puzzle
        lay = layout(puzzle)
        if st["regions"]:
            # two cells of different regions swap their regions by painting
            region = st["region"]
            p, q = next((p, p + 1) for p in range(len(region) - 1) if region[p] != region[p + 1])
            page.check("input[name=mode][value=paint]")
            for at, label in ((p, region[q]), (q, region[p])):
                page.fill("#paint-label", label)
                page.click(f"svg rect[data-pos='{at}']", force=True)  # a given's digit lies on top
            page.check("input[name=mode][value=value]")
            text = board_state(page)["text"]
            painted = list(region)
            painted[p], painted[q] = painted[q], painted[p]
            # the page's text is its rule's (the json object with the painted map) ...
            assert json.loads(text) == page_spec(board_of(puzzle), boards()[name], region=painted, painted=True)
            entry = read_text(text)[0]
            if entry.ok:  # ... and, where the kind takes the map (not a region split in two), the puzzle painted
                back = layout(entry.puzzle)
                want = list(lay.region)
                want[p], want[q] = want[q], want[p]
                assert groups(back.region) == groups(want) and list(back.givens) == list(lay.givens)
        cells = sum(r is not None for r in lay.region)
        if st["holes"] and max(lay.givens) < cells:
            # an open cell taken off the board
            p = next(p for p, r in enumerate(lay.region) if r is not None and not lay.givens[p])
            page.check("input[name=mode][value=holes]")
            page.click(f"svg rect[data-pos='{p}']", force=True)
            page.check("input[name=mode][value=value]")
            back = layout(read_text(board_state(page)["text"])[0].puzzle)
            assert back.region[p] is None and sum(r is not None for r in back.region) == cells - 1


def groups(region) -> set[frozenset]:
    out: dict = {}
    for p, r in enumerate(region):
        if r is not None:
            out.setdefault(r, set()).add(p)
    return {frozenset(g) for g in out.values()}


def test_the_generator_form_shows_what_info_offers(page):
    info = page.evaluate("async () => (await fetch('/api/info')).json()")
    for name, gen in info["generators"].items():
        page.select_option("#gen-kind", name)
        shown = page.eval_on_selector_all(".gen-opt", "(els) => els.filter((e) => !e.hidden).map((e) => e.dataset.opt)")
        assert set(shown) == set(gen["form"]) & set(page.eval_on_selector_all(
            ".gen-opt", "(els) => els.map((e) => e.dataset.opt)")), name
