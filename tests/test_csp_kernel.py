"""The finite-domain kernel (``gridsat._csp``, the ``csp`` backends): counts against the kinds'
CNF encodings on generated puzzles and on loosened ones (ambiguous, limits 2 and 12), the Latin
squares counted, malformed models refused with a clear error, and the node budget and the
deadline respected (operation counts, no clocks)."""

from __future__ import annotations

from array import array

import pytest

import gridsat
from gridsat.backends import get_backend
from gridsat.encoders import get_encoding
from gridsat.encoders.csp import ALLDIFF, PAIR, SETS, TABLE, CspBuilder, mask, pair_table
from gridsat.generators import generate
from gridsat.kinds import get_kind

_csp = pytest.importorskip("gridsat._csp")


# ---------------------------------------------------------------------------- the kernel alone
def _latin(n: int):
    b = CspBuilder()
    digits = mask(range(1, n + 1))
    b.variables([digits] * (n * n))
    for r in range(n):
        b.alldiff([r * n + c for c in range(n)], must=digits)
        b.alldiff([c * n + r for c in range(n)], must=digits)
    return b.model(n, range(n * n))


def _solve(model, limit=0, keep=2, max_nodes=0, time_limit=-1.0):
    return _csp.solve(model.domains, model.records, model.outmap, limit, keep, max_nodes, time_limit)


@pytest.mark.parametrize("n,count", [(1, 1), (2, 2), (3, 12), (4, 576), (5, 161_280)])
def test_the_kernel_counts_the_latin_squares(n, count):
    found, complete, timed_out, sols, nodes, props = _solve(_latin(n), keep=3)
    assert (found, complete, timed_out) == (count, True, False)
    assert len(sols) == min(3, count) and len(set(sols)) == len(sols)
    for s in sols:
        rows = [s[r * n:(r + 1) * n] for r in range(n)]
        assert all(sorted(r) == list(range(1, n + 1)) for r in rows)
        assert all(sorted(col) == list(range(1, n + 1)) for col in zip(*rows))


@pytest.mark.parametrize("n,count", [(4, 576), (5, 161_280)])
def test_the_front_door_counts_the_latin_squares_on_the_kernel(n, count):
    kenken = get_kind("kenken").puzzle_class.empty(n)
    res = gridsat.count(kenken, backend="csp", encoding="kenken-csp")
    assert (res.count, res.complete) == (count, True)


def test_set_tuple_and_pair_records_count_what_they_allow():
    b = CspBuilder()
    x = b.variables([mask(range(1, 10))] * 3)
    b.sets(x[:2], [mask((1, 3)), mask((2, 4))])          # {1,3} or {2,4}: 4 orders
    b.pair(x[1], x[2], pair_table(lambda a, c: c == a + 1))
    assert _solve(b.model("m", x))[0] == 4
    b.table([x[0], x[2]], [(1, 4), (3, 2)])            # x0=1,x1=3,x2=4 or x0=3,x1=1,x2=2
    count, complete, _, sols, _, _ = _solve(b.model("m", x))
    assert (count, complete, sorted(sols)) == (2, True, [(1, 3, 4), (3, 1, 2)])


def test_a_sure_value_leaves_the_group_around_its_set_table():
    # the compartment {x0, x1} holds two consecutive digits of 1..3, so it holds 2 (in x0 or
    # x1: no hidden single), and the row's other cell x2 cannot: x2 = 4, then x0 = 1 by the
    # pair and x1 = 2 by the compartment, by propagation alone (no branch)
    b = CspBuilder()
    x = b.variables([mask((1, 2)), mask((1, 2, 3)), mask((2, 4))])
    b.alldiff(x)
    b.sets(x[:2], [mask((1, 2)), mask((2, 3))])
    b.pair(x[2], x[0], pair_table(lambda v, w: (v, w) in ((4, 1), (2, 2))))
    count, complete, _, sols, nodes, _ = _solve(b.model("m", x))
    assert (count, complete, sols, nodes) == (1, True, [(1, 2, 4)], 0)


# ---------------------------------------------------------------------------- malformed models
def _words(*ws):
    return array("i", ws)


_DOM3 = array("I", [0b1110] * 3)


@pytest.mark.parametrize("records,words", [
    (_words(9, 1, 0, 1, 0), "unknown type 9"),
    (_words(ALLDIFF, 2, 0, 7, 1, 0), "cell 7 is not a variable"),
    (_words(ALLDIFF, 2, 0, -1, 1, 0), "cell -1 is not a variable"),
    (_words(ALLDIFF, 2, 0, 1), "bad cell count"),
    (_words(ALLDIFF, 2, 0, 1, 0), "one data word"),
    (_words(ALLDIFF, 0, 1, 0), "bad cell count"),
    (_words(SETS, 2, 0, 1, 1, 0b110 | 0b1000), "mask 0 has 3 values for 2 cells"),
    (_words(SETS, 2, 0, 1, 0), "at least one mask"),
    (_words(TABLE, 2, 0, 1, 3, 1, 2, 3), "not whole tuples of 2"),
    (_words(TABLE, 2, 0, 1, 2, 1, 40), "table value 40 is not 0..31"),
    (_words(PAIR, 3, 0, 1, 2, 32, *[0] * 32), "pairs of cells and 32 masks"),
    (_words(PAIR, 2, 1, 1, 32, *[0] * 32), "a pair of one cell"),
    (_words(ALLDIFF, 2, 0, 1, 5, 0), "bad data length 5"),
    (_words(ALLDIFF), "cut short"),
])
def test_malformed_records_are_refused_with_a_clear_error(records, words):
    with pytest.raises(ValueError, match="malformed model") as err:
        _csp.solve(_DOM3, records, array("i", [0, 1, 2]), 2, 2, 0, -1.0)
    assert words in str(err.value)


def test_malformed_arrays_are_refused():
    good = _words(ALLDIFF, 3, 0, 1, 2, 1, 0)
    with pytest.raises(ValueError, match="not a whole number of 32-bit words"):
        _csp.solve(b"\x00" * 5, good, array("i", [0]), 2, 2, 0, -1.0)
    with pytest.raises(ValueError, match="outmap.* is neither a variable"):
        _csp.solve(_DOM3, good, array("i", [0, 3]), 2, 2, 0, -1.0)
    with pytest.raises(ValueError, match="nvars must be"):
        _csp.solve(b"", b"", b"", 2, 2, 0, -1.0)
    with pytest.raises(ValueError, match="must not be negative"):
        _csp.solve(_DOM3, good, array("i", [0]), -1, 2, 0, -1.0)


# ---------------------------------------------------------------------------- budget and deadline
def test_the_node_budget_is_respected():
    count, complete, timed_out, _, nodes, _ = _solve(_latin(5), max_nodes=100)
    assert (nodes, complete, timed_out) == (100, False, False)
    assert 0 < count < 161_280


def test_a_passed_deadline_stops_before_any_branch():
    count, complete, timed_out, _, nodes, _ = _solve(_latin(5), time_limit=0.0)
    assert (count, complete, timed_out, nodes) == (0, False, True, 0)


def test_the_budgeted_backend_hands_over_to_the_prover_with_what_it_found():
    loose = get_kind("kenken").puzzle_class.empty(4)
    enc = get_encoding("kenken-csp", "kenken")
    b = type(get_backend("csp+minisat22"))(budget=3)
    out = b.run(loose, enc, limit=12, keep=12)
    assert out.count == 12 and "proof" in out.stats and out.stats["budget"] == 3
    assert len(set(out.solutions)) == 12
    assert all(gridsat.verify(loose, s) == [] for s in out.solutions)


# ---------------------------------------------------------------------------- against the CNF
#: small boards per kind (the generators' options), two seeds each
SMALL = [
    ("kakuro", {"size": 6}),
    ("kenken", {"size": 5, "max_cage": 3}),
    ("str8ts", {"size": 5}),
    ("samurai", {"layout": "butterfly"}),
    ("ripple", {"rows": 5, "cols": 6}),
    ("suguru", {"rows": 5}),
]


def _loosened(kind: str, p):
    """The puzzle with clues taken away, so that it has many solutions."""
    if kind == "kakuro":
        cells = [v if v is None or i % 3 else (0, 0) for i, v in enumerate(p.cells)]
        return type(p)(p.rows, p.cols, cells)
    if kind == "kenken":
        return type(p)(p.n, [(c.cells, None, None) if i % 2 else (c.cells, c.target, c.op)
                             for i, c in enumerate(p.cages)])
    if kind == "str8ts":
        return p.with_givens([g if b else None for g, b in zip(p.givens, p.black)])
    return p.with_givens([v if i % 4 == 0 else 0 for i, v in enumerate(p.givens)])


@pytest.mark.parametrize("seed", [5, 6])
@pytest.mark.parametrize("kind,opts", SMALL, ids=[k for k, _ in SMALL])
def test_the_kernel_agrees_with_the_cnf(kind, opts, seed):
    g = generate(kind, seed=seed, **opts)
    record = get_kind(kind)
    cnf = get_encoding(record.export_encoding, kind)
    assert cnf.target == "cnf"
    enc = f"{kind}-csp"
    a = gridsat.check(g.puzzle, backend="csp", encoding=enc)
    b = gridsat.check(g.puzzle, backend="minisat22", encoding=cnf.name)
    assert a.status == b.status == "unique" and a.verified
    assert tuple(a.solution) == tuple(b.solution) == tuple(g.solution)
    solved = gridsat.solve(g.puzzle, backend="csp", encoding=enc)
    assert solved.status == "solved" and tuple(solved.solution) == tuple(g.solution)
    loose = _loosened(kind, g.puzzle)
    for limit in (2, 12):
        x = gridsat.count(loose, limit=limit, backend="csp", encoding=enc)
        y = gridsat.count(loose, limit=limit, backend="minisat22", encoding=cnf.name)
        assert (x.count, x.complete) == (y.count, y.complete), (limit, x.count, y.count)
    assert x.count > 2  # (the loosened puzzle has more than two solutions: the limits matter)
    amb = gridsat.check(loose, backend="csp", encoding=enc)
    assert amb.status == "ambiguous"
    assert len(amb.solutions) == 2 and amb.solutions[0] != amb.solutions[1]
    assert all(gridsat.verify(loose, s) == [] for s in amb.solutions)


@pytest.mark.parametrize("kind", [k for k, _ in SMALL])
def test_the_kernel_is_the_default_with_its_fallback(kind):
    from gridsat.selection import default_choice

    g = generate(kind, seed=5, **dict(SMALL)[kind])
    choice = default_choice(g.puzzle)
    assert (choice.backend, choice.encoding) == ("csp+minisat22", f"{kind}-csp")
    assert choice.fallback is not None and choice.fallback.backend != choice.backend
    assert gridsat.check(g.puzzle).backend == "csp+minisat22"


def test_without_the_extension_the_backend_says_why_and_the_kinds_fall_back(monkeypatch):
    from gridsat.backends import csp_backend
    from gridsat.backends.base import OptionalExtension
    from gridsat.selection import default_choice

    missing = OptionalExtension("gridsat._no_such_kernel")
    monkeypatch.setattr(csp_backend, "load", missing.load)
    monkeypatch.setattr(csp_backend, "load_error", missing.error)
    why = get_backend("csp+minisat22").unavailable()
    assert why is not None and "gridsat._no_such_kernel is not built" in why
    puzzle = get_kind("kakuro").samples()[2][0]
    choice = default_choice(puzzle)
    assert (choice.backend, choice.encoding) == ("minisat22", "cnf-combo")
    assert gridsat.check(puzzle).status == "unique"


def test_ctrl_c_stops_a_long_kernel_count():
    """A count of the 8x8 Latin squares (far too many to finish) stops at Ctrl-C with
    KeyboardInterrupt, well before the subprocess's guard against a hang."""
    import subprocess
    import sys
    code = ("import os, signal, threading\n"
            "import gridsat._csp as k\n"
            "from gridsat.encoders.csp import CspBuilder, mask\n"
            "n = 8\n"
            "b = CspBuilder(); d = mask(range(1, n + 1)); b.variables([d] * (n * n))\n"
            "for r in range(n):\n"
            "    b.alldiff([r * n + c for c in range(n)], must=d)\n"
            "    b.alldiff([c * n + r for c in range(n)], must=d)\n"
            "m = b.model(n, range(n * n))\n"
            "signal.signal(signal.SIGINT, signal.default_int_handler)\n"
            "threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGINT)).start()\n"
            "try:\n"
            "    k.solve(m.domains, m.records, m.outmap, 0, 2, 0, -1.0)\n"
            "    print('finished')\n"
            "except KeyboardInterrupt:\n"
            "    print('KeyboardInterrupt')\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert r.stdout.split() == ["KeyboardInterrupt"], (r.stdout, r.stderr)
