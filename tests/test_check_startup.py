"""What a whole ``gridsat check`` process loads before its first puzzle: with ``--kind K``
only kind K's package and formats (not every kind's, as detection without a kind needs), and
for a file of a kind whose default CNF table is a :class:`~gridsat.encoders.base.CellMajor`
or :class:`~gridsat.encoders.base.RowTable` no NumPy."""

from __future__ import annotations

import pkgutil
import subprocess
import sys

import pytest

import gridsat.kinds

from gridsat.encoders.base import CellMajor, CnfModel, RowTable
from gridsat.formats import list_formats, write
from gridsat.kinds import KINDS, get_kind
from gridsat.selection import default_choice

#: runs the command line's ``main`` on its arguments, then prints its exit code, the kind
#: packages loaded and whether NumPy was
LOADED = ("import sys\n"
          "from gridsat.cli import main\n"
          "code = main(sys.argv[1:])\n"
          "print(code, sorted(m.split('.')[2] for m in sys.modules\n"
          "                   if m.startswith('gridsat.kinds.') and m.count('.') == 2), 'numpy' in sys.modules)\n")

#: modules of ``gridsat/kinds/`` that are no kind's package (its plain modules)
SHARED = sorted(m.name for m in pkgutil.iter_modules(gridsat.kinds.__path__) if not m.ispkg)


def _checked(tmp_path, name: str, fmt: str) -> tuple[str, list[str], bool]:
    """``gridsat check --kind NAME FILE --json`` in a fresh process on the kind's first sample
    written in ``fmt``: (exit code, kind packages loaded, whether NumPy was)."""
    path = tmp_path / "puzzle.txt"
    path.write_text(write(get_kind(name).samples()[0][0], fmt), encoding="utf-8")
    out = subprocess.run([sys.executable, "-c", LOADED, "check", "--kind", name, str(path), "--json"],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    code, *mods, numpy = out.stdout.splitlines()[-1].replace("[", " ").replace("]", " ").replace(",", " ").split()
    return code, [m.strip("'") for m in mods], numpy == "True"


def _own_format(name: str) -> str:
    """The first text format of kind ``name``'s own (not ``json``)."""
    return next(f.name for f in list_formats(name) if f.kind == name)


@pytest.mark.parametrize("name", list(KINDS))
def test_check_with_a_kind_loads_that_kind_package_alone(tmp_path, name):
    code, mods, _ = _checked(tmp_path, name, _own_format(name))
    assert code in ("0", "1", "2")  # (answered, or a reader's located error: no traceback)
    assert mods == _expected(name)


def _expected(name: str) -> list[str]:
    """The kind packages a check of kind ``name``'s first sample loads: its own, or every
    kind's records when its default backend is declared by another kind's package (the
    registry finds a backend's owner only by reading the records)."""
    kind = get_kind(name)
    backend = default_choice(kind.samples()[0][0], kind=kind).backend
    owners = [k.name for k in KINDS.values() if backend in k.backends]
    if owners and name not in owners:
        return sorted(SHARED + list(KINDS))
    return sorted(SHARED + [name])


#: kinds whose default CNF encoding holds its literal table without NumPy (:class:`CellMajor`
#: or :class:`RowTable`), with a format its small first sample is read in without ``--format``
NUMPY_FREE = [("kenken", "kenken-line"), ("killer", "killer-line"), ("kakuro", "json"),
              ("skyscrapers", "skyscrapers"), ("suguru", "suguru-janko"), ("ripple", "ripple-janko"),
              ("str8ts", "str8ts"), ("samurai", "samurai-janko")]


@pytest.mark.parametrize("name, fmt", NUMPY_FREE)
def test_checking_a_cell_major_kind_loads_no_numpy(tmp_path, name, fmt):
    """These kinds' CNF encodings hold their literal table as a :class:`CellMajor` or a
    :class:`RowTable`, and the PySAT backend and :meth:`CnfModel.decode` decode their models
    without NumPy: its import (about 0.1 s of CPU) is left out of the process."""
    code, mods, numpy = _checked(tmp_path, name, fmt)
    assert code in ("0", "1")  # (unique, or solutions counted past the first)
    assert (mods, numpy) == (_expected(name), False)


def test_a_cell_major_table_is_the_numpy_table():
    import numpy as np

    var = CellMajor(6, 3)
    table = np.asarray(var)
    assert table.shape == var.shape == (6, 4) and len(var) == 6 and int(table.max()) == var.max() == 18
    assert all(int(table[c, v]) == var[c, v] for c in range(6) for v in range(4))
    assert table.dtype == np.int64 and np.asarray(var, dtype=np.int32).dtype == np.int32
    with pytest.raises(IndexError):
        var[6, 1]


def test_a_row_table_is_the_numpy_table_and_decodes_as_numpy_does():
    import numpy as np

    rows = [[0, 1, 2, 0], [5, 3, 4, 0], [0, 0, 0, 0]]
    var = RowTable(rows)
    table = np.asarray(var)
    assert table.shape == var.shape == (3, 4) and len(var) == 3 and int(table.max()) == var.max() == 5
    assert table.tolist() == rows and table.dtype == np.int64
    with pytest.raises(IndexError):
        var[1, 4]
    for model in ([1, -2, -3, 4, 5], [-1, 2, 3, -4, -5], [-1, -2, -3, -4, -5], [1, 2, 3, 4, 5]):
        rowwise = CnfModel(key=0, nvars=5, clauses=[], var=var, assume=lambda p: []).decode(model)
        numpy = CnfModel(key=0, nvars=5, clauses=[], var=table, assume=lambda p: []).decode(model)
        assert rowwise == numpy
    cells = CellMajor(3, 2)
    for model in ([1, -2, -3, 4, -5, -6], [-1, -2, 3, 4, 5, -6]):
        assert (CnfModel(key=0, nvars=6, clauses=[], var=cells, assume=lambda p: []).decode(model)
                == CnfModel(key=0, nvars=6, clauses=[], var=np.asarray(cells), assume=lambda p: []).decode(model))


#: runs the command line's ``main``, then prints whether python-sat's solvers and gridsat's
#: counting engines were loaded
SOLVERS_LOADED = ("import sys\n"
                  "from gridsat.cli import main\n"
                  "code = main(sys.argv[1:])\n"
                  "print(code, 'pysat.solvers' in sys.modules, 'gridsat.counting' in sys.modules)\n")


def test_a_check_the_c_core_decides_loads_no_sat_solver_and_no_counting(tmp_path):
    """A variant Sudoku whose rules the C core reads, decided within the core's budget: the
    process imports neither python-sat's solvers (the prover after the budget is loaded when
    it runs, not to ask whether it could) nor the counting engines (a ``check`` counts
    nothing), a fifth of the start-up of such a ``gridsat check``."""
    from gridsat import Sudoku
    from gridsat.constraints import Thermometer

    s = Sudoku(4, None, extra=[Thermometer(4, ((0, 1, 2, 3),))])
    assert default_choice(s).backend == "native+minicard"
    path = tmp_path / "puzzle.txt"
    path.write_text(write(s, "fpuzzles"), encoding="utf-8")
    out = subprocess.run([sys.executable, "-c", SOLVERS_LOADED, "check", str(path)],
                         capture_output=True, text=True, timeout=120)
    assert out.stdout.split()[-2:] == ["False", "False"], (out.stdout, out.stderr)


#: runs the command line's ``main``, then prints the modules of ``gridsat.constraints`` loaded
#: (and ``lzstring``, if it was)
CONSTRAINTS_LOADED = ("import sys\n"
                      "from gridsat.cli import main\n"
                      "code = main(sys.argv[1:])\n"
                      "print(code, *sorted(m for m in sys.modules\n"
                      "                    if m.startswith('gridsat.constraints.') or m == 'lzstring'))\n")


def test_checking_a_link_loads_the_constraint_modules_of_its_keys_alone(tmp_path):
    """An f-puzzles link with a killer cage: the reader finds the type of each of its keys
    without importing every module of the vocabulary (a start-up cost of some 0.04 s), so
    the modules whose types read none of the link's keys are not loaded; nor is the
    ``lzstring`` package (the reader decodes the link itself; the package writes links)."""
    from gridsat import Sudoku
    from gridsat.constraints import KillerCage, get_constraint, list_constraints

    s = Sudoku(4, None, extra=[KillerCage(4, (0, 1), 3)])
    path = tmp_path / "puzzle.txt"
    path.write_text(write(s, "fpuzzles"), encoding="utf-8")
    out = subprocess.run([sys.executable, "-c", CONSTRAINTS_LOADED, "check", str(path)],
                         capture_output=True, text=True, timeout=120)
    code, *loaded = out.stdout.splitlines()[-1].split()
    assert code == "1", (out.stdout, out.stderr)  # (ambiguous: answered)
    types = [get_constraint(t) for t in list_constraints()]
    used = {c.__module__ for c in types if "killercage" in c.fpuzzles_keys or not c.fpuzzles_keys}
    unused = {c.__module__ for c in types} - used
    assert len(unused) >= 5 and KillerCage.__module__ in used
    assert sorted(unused & set(loaded)) == []
    assert "lzstring" not in loaded


#: runs ``main`` with arguments (a caller), then as the program, imports NumPy and prints the
#: BLAS thread setting after each, and the process's threads where ``/proc`` shows them
BLAS = ("import io, os, runpy, sys\n"
        "out, sys.stdout = sys.stdout, io.StringIO()\n"
        "from gridsat.cli import main\n"
        "main(['generate', 'sudoku', '-n', '1', '--seed', '1'])\n"
        "called = os.environ.get('OPENBLAS_NUM_THREADS', '-')\n"
        "sys.argv = ['gridsat', 'generate', 'sudoku', '-n', '1', '--seed', '1']\n"
        "try:\n"
        "    runpy.run_module('gridsat.cli', run_name='__main__', alter_sys=True)\n"
        "except SystemExit:\n"
        "    pass\n"
        "import numpy\n"
        "sys.stdout = out\n"
        "tasks = len(os.listdir('/proc/self/task')) if os.path.isdir('/proc/self/task') else 1\n"
        "print(called, os.environ.get('OPENBLAS_NUM_THREADS', '-'), os.environ.get('MKL_NUM_THREADS', '-'), tasks)\n")


def _blas_run(**env: str) -> list[str]:
    from gridsat.cli import BLAS_THREAD_VARS

    clean = {k: v for k, v in __import__("os").environ.items() if k not in BLAS_THREAD_VARS}
    out = subprocess.run([sys.executable, "-c", BLAS], env={**clean, **env}, capture_output=True, text=True,
                         timeout=120, check=True)
    return out.stdout.split()


def test_the_program_asks_blas_for_one_thread_a_caller_keeps_its_environment():
    """Run as the program, the command line sets the BLAS libraries to one thread before NumPy
    loads (gridsat makes no BLAS call; OpenBLAS's threads only spin), so NumPy brings no thread
    of its own; called with arguments it leaves the environment alone, and a setting the
    environment already has stays."""
    pytest.importorskip("numpy")
    assert _blas_run() == ["-", "1", "1", "1"]
    assert _blas_run(OPENBLAS_NUM_THREADS="2")[:3] == ["2", "2", "1"]
