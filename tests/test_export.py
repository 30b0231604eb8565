"""Exports loaded back: DIMACS into a PySAT solver counts the same, the CP-SAT text proto solves the same."""

from __future__ import annotations

import re

import pytest
from pysat.solvers import Solver

import gridsat
from gridsat import Sudoku
from gridsat.errors import ParseError, UnsupportedError
from gridsat.exports import export, read_dimacs, to_cpsat_text, to_dimacs, to_dzn
from gridsat.kinds.hidato.puzzle import Hidato

CLASSIC9 = "530070000600195000098000060800060003400803001700020006060000280000419005000080079"
SIX_708 = "000000006100010000060000001050600001"  # 6x6, 8 givens, 708 solutions
SIX_35 = "000000000030402000000400300050000321"  # 6x6, 9 givens, 35 solutions
JIGSAW4 = [0, 0, 0, 1, 2, 0, 1, 1, 2, 2, 3, 1, 2, 3, 3, 3]  # a 4x4 jigsaw map


def _digits(s: str) -> list[int]:
    return [int(ch) for ch in s]


def _count_dimacs(text: str, cap: int = 100_000) -> tuple[int, list[tuple[int, ...]]]:
    """Count models over the primary variables (the ``c p show`` set) with blocking clauses."""
    f = read_dimacs(text)
    assert f.show, "primary variables listed"
    n, sols = 0, []
    with Solver(name="minisat22", bootstrap_with=f.clauses) as s:
        while s.solve(assumptions=f.assumptions):
            model = s.get_model()
            n += 1
            if len(sols) < 3:
                sols.append(f.decode(model))
            true = set(lit for lit in model if lit > 0)
            s.add_clause([-v if v in true else v for v in f.show])
            assert n < cap
    return n, sols


SUDOKU_CNF = ["cnf-extended", "cnf-minimal", "cnf-regionlits"]
COUNT_CASES = {
    "empty4": (lambda: Sudoku.empty(4), 288),
    "six-708": (lambda: Sudoku.classic(_digits(SIX_708)), 708),
    "six-35": (lambda: Sudoku.classic(_digits(SIX_35)), 35),
    "jigsaw4": (lambda: Sudoku.empty(4, regions=JIGSAW4), None),
}


@pytest.mark.parametrize("givens", ["units", "assumptions"])
@pytest.mark.parametrize("encoding", SUDOKU_CNF)
@pytest.mark.parametrize("case", list(COUNT_CASES))
def test_dimacs_count_matches(case, encoding, givens):
    make, known = COUNT_CASES[case]
    p = make()
    text = to_dimacs(p, encoding, givens=givens)
    assert f"encoding {encoding} givens {givens}" in text
    n, sols = _count_dimacs(text)
    ours = gridsat.count(p).count
    if known is not None:
        assert ours == known
    assert n == ours
    for sol in sols:
        assert gridsat.verify(p, sol) == []


def test_dimacs_givens_modes_differ_only_in_givens():
    p = Sudoku.classic(_digits(CLASSIC9))
    units = read_dimacs(to_dimacs(p, "cnf-extended"))
    assum = read_dimacs(to_dimacs(p, "cnf-extended", givens="assumptions"))
    assert units.assumptions == []
    assert len(assum.assumptions) == p.num_givens
    assert len(units.clauses) == len(assum.clauses) + p.num_givens
    assert sorted(map(tuple, units.clauses[len(assum.clauses):])) == sorted((lit,) for lit in assum.assumptions)
    # the assumptions file without its assumptions is the empty grid's formula
    empty = read_dimacs(to_dimacs(p.with_givens([0] * 81), "cnf-extended"))
    assert empty.clauses == assum.clauses


def test_dimacs_header_and_primary_map():
    p = Sudoku.empty(4)
    text = to_dimacs(p)
    m = re.search(r"^p cnf (\d+) (\d+)$", text, re.M)
    f = read_dimacs(text)
    assert int(m.group(2)) == len(f.clauses) and int(m.group(1)) == f.nvars
    assert len(f.primary) == 64 and sorted(f.show) == list(range(1, 65))


@pytest.mark.parametrize("encoding", ["cnf-pos", "cnf-arcs"])
@pytest.mark.parametrize("case, known", [
    ("king3", 784),            # 2 x A308129(3)
    ("rook3", 40),             # A096969(3)
    ("king3-corners", 30),     # A272445(3)
], ids=["king3", "rook3", "king3-corners"])
def test_dimacs_hidato_counts(encoding, case, known):
    p = {
        "king3": lambda: Hidato.empty(3, 3),
        "rook3": lambda: Hidato.numbrix(3, 3),
        "king3-corners": lambda: Hidato(3, 3, givens={(0, 0): 1, (2, 2): 9}),
    }[case]()
    n, sols = _count_dimacs(to_dimacs(p, encoding))
    assert n == known == gridsat.count(p, encoding=encoding).count  # resolve picks a CNF backend
    for sol in sols:
        assert gridsat.verify(p, sol) == []


def test_dimacs_rejects_wrong_target_and_mode():
    with pytest.raises(UnsupportedError, match="cpsat encoding, not cnf"):
        to_dimacs(Sudoku.empty(4), "cpsat-int")
    with pytest.raises(UnsupportedError, match="givens must be"):
        to_dimacs(Sudoku.empty(4), givens="both")


def test_read_dimacs_errors():
    with pytest.raises(ParseError, match="declares 2 clauses, found 1"):
        read_dimacs("p cnf 2 2\n1 2 0\n")
    with pytest.raises(ParseError, match="no 'p cnf' line"):
        read_dimacs("1 2 0\n")
    with pytest.raises(ParseError, match=r"<input>:2:1: not a clause"):
        read_dimacs("p cnf 2 1\n1 x 0\n")


# ---------------------------------------------------------------- CP-SAT text proto


def _load_proto(text: str):
    """google.protobuf.text_format -> CpModelProto -> a CpModel the solver takes."""
    from google.protobuf import text_format
    from ortools.sat import cp_model_pb2
    from ortools.sat.python import cp_model

    msg = text_format.Parse(text, cp_model_pb2.CpModelProto())
    m = cp_model.CpModel()
    assert m.Proto().parse_text_format(text_format.MessageToString(msg))
    return msg, m


def _jigsaw9():
    from pathlib import Path

    fields = dict(line.split(None, 1) for line in (Path(__file__).parent / "data" / "jigsaw9_render.txt")
                  .read_text().splitlines() if line and not line.startswith("#"))
    return Sudoku.jigsaw(_digits(fields["givens"].strip()), _digits(fields["regions"].strip()))


ROSETTA = [
    [0, 33, 35, 0, 0, None, None, None],
    [0, 0, 24, 22, 0, None, None, None],
    [0, 0, 0, 21, 0, 0, None, None],
    [0, 26, 0, 13, 40, 11, None, None],
    [27, 0, 0, 0, 9, 0, 1, None],
    [None, None, 0, 0, 18, 0, 0, None],
    [None, None, None, None, 0, 7, 0, 0],
    [None, None, None, None, None, None, 5, 0],
]

PROTO_CASES = [
    ("classic9", "cpsat-int", lambda: Sudoku.classic(_digits(CLASSIC9))),
    ("classic9", "cpsat-bool", lambda: Sudoku.classic(_digits(CLASSIC9))),
    ("jigsaw9", "cpsat-int", _jigsaw9),
    ("jigsaw9", "cpsat-bool", _jigsaw9),
    ("rosetta", "cpsat-bool", lambda: Hidato.from_grid(ROSETTA)),
    ("rosetta", "cpsat-circuit", lambda: Hidato.from_grid(ROSETTA)),
]


@pytest.mark.parametrize("case, encoding, make", PROTO_CASES, ids=[f"{c}-{e}" for c, e, _ in PROTO_CASES])
def test_cpsat_text_solves_to_same_solution(case, encoding, make):
    from ortools.sat.python import cp_model

    p = make()
    text = to_cpsat_text(p, encoding)
    assert text.startswith("# gridsat CP-SAT model export")
    msg, m = _load_proto(text)
    assert msg.name == f"gridsat {p.kind} {encoding}"
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    assert solver.Solve(m) in (cp_model.OPTIMAL, cp_model.FEASIBLE)
    built = gridsat.get_encoding(encoding, p.kind).build(p)
    sol = built.decode(solver.ResponseProto().solution)
    assert gridsat.verify(p, sol) == []
    ref = gridsat.check(p)
    assert ref.status == "unique"
    assert sol == ref.solution


@pytest.mark.parametrize("encoding", ["cpsat-int", "cpsat-bool"])
def test_cpsat_text_counts_and_fixes_givens(encoding):
    from ortools.sat.python import cp_model

    p = Sudoku.classic(_digits(SIX_35))
    msg, m = _load_proto(to_cpsat_text(p, encoding))
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.enumerate_all_solutions = True

    class Counter(cp_model.CpSolverSolutionCallback):
        n = 0

        def on_solution_callback(self):
            self.n += 1

    cb = Counter()
    assert solver.Solve(m, cb) == cp_model.OPTIMAL
    assert cb.n == 35
    # the givens are fixed in the domains of the exported model, not in the base model
    fixed = sum(1 for v in msg.variables if len(v.domain) == 2 and v.domain[0] == v.domain[1])
    assert fixed >= p.num_givens


def test_cpsat_text_rejects_cnf_encoding():
    with pytest.raises(UnsupportedError, match="cnf encoding, not cpsat"):
        to_cpsat_text(Sudoku.empty(4), "cnf-extended")


# ---------------------------------------------------------------- MiniZinc data


def test_dzn_sudoku_shape():
    p = Sudoku.empty(4, regions=JIGSAW4).with_givens([1] + [0] * 15)
    text = to_dzn(p)
    assert "n = 4;" in text
    region = re.search(r"region = \[\|(.*?)\|\];", text, re.S).group(1)
    labels = [int(x) for x in re.findall(r"\d+", region)]
    assert labels == [k + 1 for k in p.regions]
    givens = [int(x) for x in re.findall(r"\d+", re.search(r"givens = \[\|(.*?)\|\];", text, re.S).group(1))]
    assert givens == list(p.givens)


def test_dzn_hidato_shape():
    p = Hidato.from_grid(ROSETTA)
    text = to_dzn(p)
    board = [int(x) for x in re.findall(r"\d+", re.search(r"board = \[\|(.*?)\|\];", text, re.S).group(1))]
    assert sum(board) == 40 and len(board) == 64
    moves = re.search(r"moves = \[\|(.*?)\|\];", text, re.S).group(1)
    assert len(moves.split("|")) == 8  # king moves
    assert len(to_dzn(Hidato.numbrix(3, 3)).split("moves")[1].split("|")) == 4 + 2


def test_export_dispatch():
    assert export(Sudoku.empty(4), "dzn").startswith("% gridsat MiniZinc data")
    with pytest.raises(UnsupportedError, match="unknown export format"):
        export(Sudoku.empty(4), "xml")


# ---------------------------------------------------------------- gridsat export


def test_cli_export_dimacs_counts(capsys):
    from gridsat.cli import main

    assert main(["export", "-k", "sudoku", "--example", "sudoku-4x4", "--to", "dimacs", "--givens", "assumptions"]) == 0
    text = capsys.readouterr().out
    f = read_dimacs(text)
    assert f.assumptions
    n, _ = _count_dimacs(text)
    from gridsat.examples import example_text
    from gridsat.formats import read_text

    (entry,) = read_text(example_text("sudoku-4x4"), "x")
    assert n == gridsat.count(entry.puzzle).count


@pytest.mark.parametrize("to, marker", [("cpsat", "# gridsat CP-SAT"), ("dzn", "% gridsat MiniZinc data")])
def test_cli_export_other_targets(capsys, to, marker):
    from gridsat.cli import main

    assert main(["export", "-k", "sudoku", "--example", "jigsaw-9x9", "--to", to]) == 0
    assert capsys.readouterr().out.startswith(marker)


def test_cli_export_many_puzzles(tmp_path, capsys):
    from gridsat.cli import main

    src = tmp_path / "two.txt"
    src.write_text(CLASSIC9 + "\n" + CLASSIC9 + "\n")
    assert main(["export", "-k", "sudoku", str(src), "--to", "dimacs"]) == 2
    assert "give -o FILE" in capsys.readouterr().err
    assert main(["export", "-k", "sudoku", str(src), "--to", "dimacs", "-o", str(tmp_path / "p.cnf")]) == 0
    assert read_dimacs((tmp_path / "p-2.cnf").read_text()).nvars >= 729
