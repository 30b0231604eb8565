"""Every registered constraint type, through every part it owns (fixtures in ``conftest.py``).

Each type's :meth:`~gridsat.constraints.Constraint.examples` feed: construction errors, the
verifier rule, the CNF form against brute force, the CP-SAT forms against the CNF form, the
JSON round trip, the SVG layer, and a solve of a small Sudoku carrying the constraint, where
the encodings that read the constraint list honour it and the others refuse it.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import xml.etree.ElementTree as ET

import pytest

import gridsat
from gridsat import Sudoku
from gridsat.constraints import constraint_from_json
from gridsat.encoders import get_encoding, list_encodings
from gridsat.errors import ParseError, PuzzleError, UnsupportedError
from gridsat.formats import get_format
from gridsat.rendering.svg import STYLE, Frame, Layout, render_svg


def _assignments(con):
    """Every assignment of the rule's cells (digits 1..n), the other cells as in ``good``."""
    cells = con.cells()
    return cells, itertools.product(range(1, con.n + 1), repeat=len(cells))


def _holds(clauses, values, n) -> bool:
    """The clauses hold for ``values``, their auxiliaries (variables past ``n ** 3``) chosen
    by a SAT solver when there are any."""
    top = n ** 3

    def true(lit):
        c, v = divmod(abs(lit) - 1, n)
        return (values[c] == v + 1) == (lit > 0)

    rest = []
    for cl in clauses:
        if any(abs(lit) <= top and true(lit) for lit in cl):
            continue
        aux = [lit for lit in cl if abs(lit) > top]
        if not aux:
            return False
        rest.append(aux)
    if not rest:
        return True
    from pysat.solvers import Minisat22

    with Minisat22(bootstrap_with=rest) as s:
        return s.solve()


def _fresh(n):
    """A ``new_var`` for a standalone formula: the variables past the cells' literals."""
    top = [n ** 3]

    def new_var():
        top[0] += 1
        return top[0]

    return new_var


def test_cnf_matches_brute_force(constraint_example):
    con, good = constraint_example.constraint, constraint_example.good
    n = con.n
    new_var = _fresh(n)
    clauses = con.cnf(lambda c, v: c * n + v, new_var=new_var)
    top = new_var() - 1
    assert all(cl and all(isinstance(lit, int) and 0 < abs(lit) <= top for lit in cl) for cl in clauses)
    cells, assignments = _assignments(con)
    kept = 0
    for vals in assignments:
        values = list(good)
        for c, v in zip(cells, vals):
            values[c] = v
        rule = con.problems(values) == []
        assert _holds(clauses, values, n) == rule, (vals, con.problems(values))
        kept += rule
    assert kept, "the rule holds for no assignment"


def _count_brute(con, good) -> int:
    cells, assignments = _assignments(con)
    count = 0
    for vals in assignments:
        values = list(good)
        for c, v in zip(cells, vals):
            values[c] = v
        count += con.problems(values) == []
    return count


def _count_cpsat(model) -> int:
    """The solutions of ``model``: its auxiliaries are defined by the cells, so every
    assignment of the cells' variables is met once."""
    from ortools.sat.python import cp_model

    class Counter(cp_model.CpSolverSolutionCallback):
        def __init__(self):
            super().__init__()
            self.count = 0

        def on_solution_callback(self):
            self.count += 1

    solver = cp_model.CpSolver()
    solver.parameters.enumerate_all_solutions = True
    solver.parameters.num_workers = 1
    counter = Counter()
    assert solver.Solve(model, counter) == cp_model.OPTIMAL
    return counter.count


def test_cpsat_agrees_with_cnf(constraint_example):
    pytest.importorskip("ortools")
    from ortools.sat.python import cp_model

    con, good = constraint_example.constraint, constraint_example.good
    n, cells = con.n, con.cells()
    want = _count_brute(con, good)  # = the CNF count (test_cnf_matches_brute_force)
    m = cp_model.CpModel()
    ints = {c: m.NewIntVar(1, n, f"c{c}") for c in cells}
    con.cpsat(m, ints)
    assert _count_cpsat(m) == want
    m = cp_model.CpModel()
    x = {(c, v): m.NewBoolVar(f"x{c}_{v}") for c in cells for v in range(1, n + 1)}
    for c in cells:
        m.AddExactlyOne([x[c, v] for v in range(1, n + 1)])
    con.cpsat_bool(m, lambda c, v: x[c, v])
    assert _count_cpsat(m) == want


def test_json_round_trip(constraint_example):
    con = constraint_example.constraint
    obj = json.loads(json.dumps(con.to_json()))
    assert obj["type"] == con.type
    back = constraint_from_json(obj, con.n)
    assert back == con and back.to_json() == con.to_json()


def test_svg_layer_is_well_formed(constraint_example):
    con = constraint_example.constraint
    n = con.n
    frame = Frame(Layout("sudoku", n, n, [0] * (n * n), list(range(n * n)), [0] * (n * n)), 40.0, STYLE)
    elements = con.svg(frame) + list(frame.written.values())
    assert all(isinstance(e, str) for e in elements)
    ET.fromstring('<svg xmlns="http://www.w3.org/2000/svg">' + "".join(elements) + "</svg>")


def _carrying(con):
    if con.n != 4:
        pytest.skip("not on a 4x4 board")
    return Sudoku(4, None, extra=[con])


def test_sudoku_carrying_it(constraint_example):
    """Solved and counted by every encoding that reads the list, refused by the others; the
    JSON format keeps it and the text formats refuse to drop it; drawn in the SVG."""
    con = constraint_example.constraint
    p = _carrying(con)
    assert con in p.constraints and p != Sudoku.empty(4)
    counts = set()
    for enc in list_encodings("sudoku"):
        if enc.constraints == "all":
            r = gridsat.solve(p, encoding=enc.name)
            assert r.status in ("solved", "impossible"), (enc.name, r.status)
            if r.solution is not None:
                assert gridsat.verify(p, r.solution) == [] and con.problems(r.solution) == []
            if enc.target in ("cnf", "cpsat"):
                counts.add(gridsat.count(p, encoding=enc.name, limit=1000).count)
        elif con.type in enc.reads and enc.applies(p):  # the C core's encoding reads this type
            r = gridsat.solve(p, encoding=enc.name)
            assert r.status in ("solved", "impossible"), (enc.name, r.status)
            counts.add(gridsat.count(p, encoding=enc.name, limit=1000).count)
        else:
            assert not enc.applies(p)
            with pytest.raises(UnsupportedError, match=rf"{enc.name} knows only.*{con.type}"):
                enc.build(p)
            with pytest.raises(UnsupportedError, match=enc.name):
                gridsat.solve(p, encoding=enc.name)
    assert len(counts) == 1 and counts.pop() <= 288
    r = gridsat.solve(p)  # the default pair reads the list (or the rule's type)
    enc = get_encoding(r.encoding, "sudoku")
    assert r.status != "error" and (enc.constraints == "all" or con.type in enc.reads)
    text = get_format("json").write(p)
    assert get_format("json").read(text, "p.json")[0].puzzle == p
    with pytest.raises(UnsupportedError, match="cannot hold"):
        get_format("line").write(p)
    ET.fromstring(render_svg(p, r.solution))


def test_verifier_reads_the_list(constraint_example):
    """A correct Sudoku grid that breaks the extra rule is refused with the rule's own problems."""
    con = constraint_example.constraint
    p = _carrying(con)
    grids = gridsat.count(Sudoku.empty(4), keep=288).solutions
    breaking = next((g for g in grids if con.problems(g)), None)
    keeping = next((g for g in grids if not con.problems(g)), None)
    if breaking is not None:
        assert gridsat.verify(p, breaking) == ["solution " + x for x in con.problems(breaking)]
        assert gridsat.verify(Sudoku.empty(4), breaking) == []
    if keeping is not None:
        assert gridsat.verify(p, keeping) == []
    assert breaking is not None or keeping is not None


def test_the_registry_table_names_every_module_with_its_types_and_keys():
    """The table the registry reads to import one name's module alone lists every type
    module of the vocabulary with exactly the type names and f-puzzles keys its types
    answer to, and no f-puzzles key is read by two types."""
    from gridsat import constraints
    from gridsat.constraints import get_constraint, list_constraints

    modules = {m.__name__.rsplit(".", 1)[1]: m.__name__ for m in constraints._load_all()}
    assert sorted(constraints._MODULES) == sorted(modules)
    types = [get_constraint(t) for t in list_constraints()]
    for short, module in modules.items():
        own = [c for c in types if c.__module__ == module]
        assert own, module
        assert sorted(constraints._MODULES[short].split()) == sorted({c.type for c in own}
                                                                     | {k for c in own for k in c.fpuzzles_keys})
    keys = [k for c in types for k in c.fpuzzles_keys]
    assert len(keys) == len(set(keys))
