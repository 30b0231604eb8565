"""The workbench page knows kinds only from ``/api/info``: its files name no kind, and every
kind's board description (``Kind.web``) turns the page's board back into the kind's puzzle.

The browser half (the page's own JavaScript building the puzzle) is in ``test_web_page.py``;
here the rule is mirrored in Python, so it runs without a browser.
"""

from __future__ import annotations

import copy
import json
import re
import warnings
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="starlette (the 'web' extra) is not installed")

from gridsat.formats import read_text, write  # noqa: E402
from gridsat.kinds import get_kind, list_kinds  # noqa: E402
from gridsat.rendering import layout  # noqa: E402
from gridsat.web.app import STATIC, boards  # noqa: E402
from gridsat.web.board import board_of  # noqa: E402

#: comments of JavaScript and CSS (``/* */``, and ``//`` not inside a URL) and of HTML
COMMENT = re.compile(r"/\*.*?\*/|(?<![:\"'\\w])//[^\n]*|<!--.*?-->", re.S)


def kind_names() -> set[str]:
    """Every kind name and alias, from the kind registry."""
    return {n for kind in list_kinds() for n in (kind, *get_kind(kind).aliases)}


def named_kinds(text: str, names: set[str]) -> list[str]:
    """The kind names ``text`` holds outside comments, as whole words in any case."""
    pattern = re.compile(r"\b(" + "|".join(sorted(map(re.escape, names))) + r")\b", re.I)
    return pattern.findall(COMMENT.sub(" ", text))


def test_the_comment_rule_keeps_code_and_drops_comments():
    names = {"alpha"}
    assert named_kinds('if (k === "alpha") f(); // alpha', names) == ["alpha"]
    assert named_kinds('/* Alpha */ <!-- alpha --> x = "http://a/alpha"; // alpha', names) == ["alpha"]
    assert named_kinds("// alpha\n.alphabet { }", names) == []


def test_the_page_names_no_kind():
    names = kind_names()
    assert {"sudoku", "hidato"} <= names
    files = sorted(p for p in Path(STATIC).rglob("*") if p.suffix in (".js", ".html", ".css"))
    assert files, STATIC
    found = {p.name: hits for p in files if (hits := named_kinds(p.read_text(encoding="utf-8"), names))}
    assert found == {}, f"kind names in the page's files (the page reads kinds from /api/info): {found}"


def test_info_describes_every_kind():
    from gridsat.web import create_app

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the test client's own deprecation warnings
        from starlette.testclient import TestClient

        info = TestClient(create_app(workers=1)).get("/api/info").json()  # no lifespan: no worker starts
    # every kind gridsat ships with a board description is edited on the page (a kind without
    # one is shown, not edited; a kind a test registers need not have one)
    shipped = {k for k in list_kinds() if get_kind(k).samples.__module__.startswith("gridsat.")}
    described = {k for k in shipped if get_kind(k).web}
    assert {"sudoku", "hidato"} <= described and described == set(info["boards"]) & shipped
    assert set(info["boards"]) <= set(list_kinds())
    for name, d in info["boards"].items():
        assert d == boards()[name]
        assert isinstance(d["values"], str) and d["max_value"] in ("side", "cells", "board"), d
        assert d["blank"] in (0, None), d
        assert d["regions"] is None or isinstance(d["regions"], str)
    for gen in info["generators"].values():
        assert set(gen["form"]) <= set(gen["options"])


# ------------------------------------------------------------------ the page's rule, mirrored
def page_spec(board: dict, d: dict, *, region=None, painted=False) -> dict:
    """The ``json`` object ``static/kinds.js`` builds from a board (as the server sent it,
    with ``region`` edited on the page): ``spec`` with the values (and a painted map) rewritten."""
    region = board["region"] if region is None else region
    rows, cols = board["rows"], board["cols"]
    value = {p: board["givens"][c] for p, c in enumerate(board["cell_of"]) if c is not None}
    spec = copy.deepcopy(board["spec"])
    blocked, blank, old = set(board["blocked"]), d["blank"], spec.get(d["values"])

    def at(p: int):
        if region[p] is None and d["holes"]:
            return None
        if p in blocked or region[p] is None:  # (a black cell, a cell given empty: as the object has it)
            return old[p // cols][p % cols] if old else blank
        return value.get(p) or blank

    if d["values"]:  # (else the object holds no values: digits stay on the page)
        spec[d["values"]] = [[at(r * cols + c) for c in range(cols)] for r in range(rows)]
    if d["regions"] and painted:
        spec[d["regions"]] = [region[r * cols:(r + 1) * cols] for r in range(rows)]
        for f in d["replaces"]:
            spec.pop(f, None)
    return spec


def read_back(spec: dict):
    return read_text(json.dumps(spec))[0].puzzle


def partition(lay) -> set[frozenset]:
    groups: dict = {}
    for p, r in enumerate(lay.region):
        if r is not None:
            groups.setdefault(r, set()).add(p)
    return {frozenset(g) for g in groups.values()}


def samples():
    return [pytest.param(name, i, id=f"{name}-{i}") for name in list_kinds()
            for i in range(len(get_kind(name).samples()))]


@pytest.mark.parametrize("name,i", samples())
def test_the_page_spec_reads_back_as_the_puzzle(name, i):
    if name not in boards():
        pytest.skip(f"kind {name} describes no board (test_info_describes_every_kind guards gridsat's own)")
    puzzle = get_kind(name).samples()[i][0]
    d, board = boards()[name], board_of(puzzle)
    assert board["kind"] == name
    assert read_back(page_spec(board, d)) == puzzle
    lay = layout(puzzle)
    if d["regions"]:
        # a region map painted on the page, the same one: the same regions and givens
        back = layout(read_back(page_spec(board, d, painted=True)))
        assert partition(back) == partition(lay) and list(back.givens) == list(lay.givens)
    if d["holes"] and max(lay.givens) < sum(r is not None for r in lay.region):
        # an open cell taken off the board (where no given then exceeds the cells): one cell
        # fewer, the givens kept
        region = list(board["region"])
        p = next(p for p, c in enumerate(board["cell_of"]) if c is not None and not board["givens"][c])
        region[p] = None
        back = layout(read_back(page_spec(board, d, region=region)))
        assert sum(r is not None for r in back.region) == sum(r is not None for r in lay.region) - 1
        assert sorted(v for v in back.givens if v) == sorted(v for v in lay.givens if v)


def test_the_page_spec_of_an_unedited_board_is_its_json():
    for name, d in boards().items():
        puzzle = get_kind(name).samples()[0][0]
        assert page_spec(board_of(puzzle), d) == json.loads(write(puzzle, "json"))
