"""docs/dev/adding-kind.md, followed literally: its toy kind (the 4x4 even-odd Latin square)
is written out of the page as a package, imported, and run through gridsat's front door."""

from __future__ import annotations

import functools
import itertools
import re
import sys
from pathlib import Path

import pytest

import gridsat
from gridsat.kinds import KINDS, get_kind, kind_of, unregister_kind

PAGE = Path(__file__).resolve().parents[1] / "docs" / "dev" / "adding-kind.md"
_FILE = re.compile(r"^\*\*`(toykind/\w+\.py)`\*\*\n\n(?:<!--.*?-->\n)?```python\n(.*?)^```", re.M | re.S)
_USE = re.compile(r"^Then, once the package is imported:\n\n(?:<!--.*?-->\n)?```python\n(.*?)^```", re.M | re.S)


def page_files() -> dict[str, str]:
    """The toy kind's files as the page shows them: path -> source."""
    return {path: code for path, code in _FILE.findall(PAGE.read_text(encoding="utf-8"))}


@pytest.fixture
def toykind(tmp_path, monkeypatch):
    """The toy kind's package, written out of the page and imported; unregistered afterwards."""
    from gridsat.encoders import REGISTRY
    from gridsat.verifier import _VERIFIERS

    files = page_files()
    assert set(files) == {"toykind/__init__.py", "toykind/puzzle.py", "toykind/rules.py",
                          "toykind/encode_cnf.py", "toykind/choices.py"}
    for path, code in files.items():
        (tmp_path / path).parent.mkdir(exist_ok=True)
        (tmp_path / path).write_text(code, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    import toykind as package

    try:
        yield package
    finally:
        if "evenodd" in gridsat.list_kinds():
            unregister_kind("evenodd")
        for key in [k for k in REGISTRY if k[0] == "evenodd"]:
            del REGISTRY[key]
        _VERIFIERS.pop("evenodd", None)
        for name in [m for m in sys.modules if m == "toykind" or m.startswith("toykind.")]:
            del sys.modules[name]


@functools.lru_cache(maxsize=1)
def _latin_squares() -> list[tuple[int, ...]]:
    """The 576 4x4 Latin squares, from every grid of four row permutations."""
    rows = list(itertools.permutations(range(1, 5)))
    grids = (tuple(v for row in grid for v in row) for grid in itertools.product(rows, repeat=4))
    return [g for g in grids if all(len({g[r * 4 + c] for r in range(4)}) == 4 for c in range(4))]


def _brute_force(puzzle) -> list[tuple[int, ...]]:
    """Every solution, by trying every Latin square."""
    return [values for values in _latin_squares()
            if all(g in (0, v) for g, v in zip(puzzle.givens, values))
            and all(v in puzzle.allowed(c) for c, v in enumerate(values))]


def test_the_page_s_lines_run(toykind):
    """The page's own example, as written."""
    code = _USE.search(PAGE.read_text(encoding="utf-8")).group(1)
    exec(compile(code, str(PAGE), "exec"), {})


def test_the_toy_kind_is_registered_and_found(toykind):
    p = toykind.EvenOdd([0] * 16)
    assert kind_of(p) is toykind.EVENODD is get_kind("even-odd")
    assert "evenodd" in KINDS and "evenodd" in gridsat.list_kinds()


def test_the_toy_kind_counts_solves_and_checks_through_the_front_door(toykind):
    marks = "eo..oe.." * 2
    empty = toykind.EvenOdd([0] * 16, parity=marks)
    assert len(_latin_squares()) == 576
    solutions = _brute_force(empty)
    res = gridsat.count(empty)
    assert (res.count, res.complete, res.verified) == (len(solutions), True, True)
    assert (res.backend, res.encoding) == ("minisat22", "cnf-direct")

    # givens from one solution, added until it is the only one
    target = solutions[0]
    givens = [0] * 16
    for cell in range(16):
        if len(_brute_force(toykind.EvenOdd(givens, parity=marks))) == 1:
            break
        givens[cell] = target[cell]
    unique = toykind.EvenOdd(givens, parity=marks)
    checked = gridsat.check(unique)
    assert checked.status == "unique" and tuple(checked.solution) == target
    solved = gridsat.solve(unique)
    assert solved.verified and gridsat.verify(unique, solved.solution) == []

    wrong = list(target)
    wrong[0], wrong[1] = wrong[1], wrong[0]
    assert gridsat.verify(unique, wrong) != []


def test_a_clash_is_named_by_the_toy_kind(toykind):
    clash = toykind.EvenOdd([1] + [0] * 15, parity="e" + "." * 15)
    res = gridsat.check(clash)
    assert res.status == "impossible"
    assert "not allowed by its mark" in res.reason
