"""The setter's jobs (true candidates with counts, redundant givens and constraints, the
ambiguity explained, a draft completed to a unique puzzle) against brute force on small
puzzles with cages and lines, and their command line."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

import gridsat
from gridsat.constraints import Arrow, Cage, Difference, KillerCage, PencilMarks, Renban, Thermometer, Whispers
from gridsat.kinds.sudoku.generate_setter import without_constraint, without_given

Sudoku = gridsat.Sudoku
SRC = Path(gridsat.__file__).resolve().parent.parent

# -- brute force: every Latin filling of the board's rows, columns and regions, kept when the
# verifier (which shares no code with the encodings) accepts it


def brute(p) -> list[tuple[int, ...]]:
    """Every solution of ``p``: backtracking on rows, columns and regions, then the verifier."""
    n = p.n
    regions = p.regions
    rows = [set() for _ in range(n)]
    cols = [set() for _ in range(n)]
    regs = [set() for _ in range(n)]
    grid = list(p.givens)
    for c, v in enumerate(grid):
        if v:
            for s in (rows[c // n], cols[c % n], regs[regions[c]]):
                if v in s:
                    return []
                s.add(v)
    open_cells = [c for c in range(n * n) if not grid[c]]
    out = []

    def go(i: int) -> None:
        if i == len(open_cells):
            if not gridsat.verify(p, grid):
                out.append(tuple(grid))
            return
        c = open_cells[i]
        r, k, g = rows[c // n], cols[c % n], regs[regions[c]]
        for v in range(1, n + 1):
            if v not in r and v not in k and v not in g:
                r.add(v), k.add(v), g.add(v)
                grid[c] = v
                go(i + 1)
                r.discard(v), k.discard(v), g.discard(v)
        grid[c] = 0

    go(0)
    return out


# a solution grid of each size, and drafts on it (cells are row * n + col)
GRID4 = (1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1)
JIGSAW6 = [0, 0, 0, 0, 1, 1, 2, 2, 0, 0, 1, 1, 2, 3, 3, 3, 1, 1, 2, 3, 4, 3, 5, 5, 2, 4, 4, 3, 5, 5,
           2, 4, 4, 4, 5, 5]
JIGSAW_GIVENS = [1, 2, 3, 4, 5, 6] + [0] * 6 + [2, 0, 0, 0, 0, 0] + [0] * 18
GRID6 = (1, 2, 3, 4, 5, 6, 4, 5, 6, 1, 2, 3, 2, 3, 1, 5, 6, 4, 5, 6, 4, 2, 3, 1, 3, 1, 2, 6, 4, 5, 6, 4, 5, 3, 1, 2)


def _keep(grid, cells) -> list[int]:
    return [v if c in cells else 0 for c, v in enumerate(grid)]


def puzzles() -> dict:
    """Small drafts with cages and lines: ambiguous, unique, and with redundant items."""
    p4a = Sudoku(4, _keep(GRID4, {15}), extra=[KillerCage(4, (0, 1), 3), Thermometer(4, ((8, 9, 10),))])
    p4b = Sudoku(4, _keep(GRID4, {0, 12, 15}),
                 extra=[KillerCage(4, (0, 4), 4), Cage(4, (2, 3)), Arrow(4, (2,), ((1, 0),)),
                        Difference(4, (12, 13), 1)])
    p6a = Sudoku(6, _keep(GRID6, {0, 3, 8, 14, 19, 23, 26, 30, 35}),
                 extra=[KillerCage(6, (1, 2), 5), Thermometer(6, ((12, 13, 19),)), Renban(6, ((24, 25, 26),)),
                        Whispers(6, ((4, 10),), 3)])
    p6b = Sudoku(6, _keep(GRID6, {0, 1, 2, 6, 8, 11, 14, 18, 21, 22, 28, 35}),
                 extra=[KillerCage(6, (1, 2), 5), Renban(6, ((24, 25, 26),)), PencilMarks(6, 5, (3, 6)),
                        Whispers(6, ((4, 10),), 3)])
    # a 6x6 jigsaw (262 solutions without its cage and line)
    jig = Sudoku(6, JIGSAW_GIVENS, regions=JIGSAW6,
                 extra=[KillerCage(6, (6, 7, 8), 11), Renban(6, ((30, 31, 32),))])
    return {"6x6-jigsaw-cage-renban": jig, "4x4-cage-thermo": p4a, "4x4-cages-arrow-dot": p4b, "6x6-cage-lines": p6a, "6x6-cage-lines-marks": p6b}


PUZZLES = puzzles()


@pytest.fixture(scope="module")
def solutions() -> dict:
    return {name: brute(p) for name, p in PUZZLES.items()}


def test_the_drafts_are_what_the_tests_need(solutions):
    """The drafts have a solution each, some more than one and some exactly one."""
    counts = {name: len(s) for name, s in solutions.items()}
    assert all(counts.values()), counts
    assert any(k > 1 for k in counts.values()) and any(k == 1 for k in counts.values()), counts


@pytest.mark.parametrize("cap", [1, 2, 1000])
@pytest.mark.parametrize("name", sorted(PUZZLES))
def test_true_candidates_and_counts_match_brute_force(name, cap, solutions):
    p, sols = PUZZLES[name], solutions[name]
    tc = gridsat.true_candidates(p, cap=cap)
    assert tc.status == ("unique" if len(sols) == 1 else "ambiguous")
    open_cells = [c for c in range(p.n ** 2) if not p.givens[c]]
    assert sorted(tc.counts) == open_cells
    for c in open_cells:
        want = Counter(s[c] for s in sols)
        assert tc.counts[c] == {d: min(k, cap) for d, k in want.items()}, (c, tc.counts[c], want)
    assert set(tc.solutions) <= set(sols) and len(set(tc.solutions)) == len(tc.solutions)
    assert tc.complete == (max(k for ds in tc.counts.values() for k in ds.values()) < cap)
    if tc.complete:
        assert sorted(tc.solutions) == sorted(sols)


def test_true_candidates_ask_each_digit_once_at_most_when_only_candidates_are_wanted():
    """Incremental: with cap 1 a digit a found solution already places costs no call, so the
    calls are at most one per open (cell, digit) plus the first."""
    p = PUZZLES["6x6-cage-lines"]
    tc = gridsat.true_candidates(p, cap=1)
    opened = sum(1 for v in p.givens if not v)
    assert tc.calls <= 1 + opened * p.n
    assert tc.calls < opened * p.n  # fewer than one call per digit: the solutions found answer many


def test_an_impossible_draft():
    p = Sudoku(4, [0] * 16, extra=[KillerCage(4, (0, 1), 3), Thermometer(4, ((4, 5, 6),))])
    assert brute(p) == []
    assert gridsat.true_candidates(p).status == "impossible"
    assert gridsat.redundant(p).status == "impossible"
    assert gridsat.explain_ambiguity(p).status == "impossible"


def _unique_drafts(solutions) -> list[str]:
    return [name for name, s in solutions.items() if len(s) == 1]


@pytest.mark.parametrize("name", sorted(PUZZLES))
def test_redundant_givens_and_constraints_match_brute_force(name, solutions):
    p, sols = PUZZLES[name], solutions[name]
    r = gridsat.redundant(p)
    if len(sols) != 1:
        assert r.status == "ambiguous" and not r.givens and not r.constraints
        return
    assert r.status == "unique" and r.solution == sols[0]
    givens = [c for c in range(p.n ** 2) if p.givens[c]]
    want_g = [c for c in givens if len(brute(without_given(p, c))) == 1]
    want_c = [k for k in range(len(p.extra)) if len(brute(without_constraint(p, k))) == 1]
    assert (r.givens, r.constraints) == (want_g, want_c)
    assert want_g and want_c, "the draft should have redundant items of both sorts"
    assert len(want_g) < len(givens) or len(want_c) < len(p.extra)
    for (what, i), w in r.witnesses.items():  # each needed item comes with a second solution without it
        reduced = without_given(p, i) if what == "given" else without_constraint(p, i)
        assert gridsat.verify(reduced, w) == [] and w != r.solution


def test_redundant_needs_the_drafts(solutions):
    assert _unique_drafts(solutions)


@pytest.mark.parametrize("name", sorted(PUZZLES))
def test_explain_ambiguity(name, solutions):
    p, sols = PUZZLES[name], solutions[name]
    a = gridsat.explain_ambiguity(p, cap=1000)
    if len(sols) == 1:
        assert a.status == "unique" and a.first == sols[0]
        return
    assert a.status == "ambiguous" and a.first != a.second
    assert gridsat.verify(p, a.first) == [] and gridsat.verify(p, a.second) == []
    assert a.differ == [c for c in range(p.n ** 2) if a.first[c] != a.second[c]]
    assert a.solutions == len(sols) and a.complete
    c, v = a.best
    fewest = min(k for x in range(p.n ** 2) if not p.givens[x] for k in Counter(s[x] for s in sols).values())
    assert a.left == fewest == sum(1 for s in sols if s[c] == v)


# -- generate --from --unique on a variant draft, and the command line


def gridsat_cli(*args, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "gridsat.cli", *args], capture_output=True, text=True,
                          input=stdin, timeout=300, env={"PYTHONPATH": str(SRC), "PATH": "/usr/bin:/bin"})


@pytest.fixture(scope="module")
def draft(tmp_path_factory) -> Path:
    from gridsat.kinds.sudoku.format_fpuzzles import write_fpuzzles

    f = tmp_path_factory.mktemp("setter") / "draft.txt"
    f.write_text(write_fpuzzles(PUZZLES["6x6-cage-lines"]))
    return f


def test_from_partial_completes_a_variant_draft_keeping_its_constraints_and_givens():
    p = PUZZLES["6x6-cage-lines"]
    g = gridsat.get_kind("sudoku").from_partial(p, seed=3, keep=True)
    out = g.puzzle
    assert out.extra == p.extra
    assert all(out.givens[c] == v for c, v in enumerate(p.givens) if v)
    assert len(brute(out)) == 1 and gridsat.check(out).status == "unique"
    assert g.info["dropped"] == []


def test_from_partial_keep_adds_the_given_that_cuts_the_most(solutions):
    """On this draft one given leaves one solution (brute force): that is the one added."""
    p, sols = PUZZLES["6x6-cage-lines"], solutions["6x6-cage-lines"]
    counts = Counter((c, s[c]) for s in sols for c in range(36) if not p.givens[c])
    assert min(counts.values()) == 1
    g = gridsat.get_kind("sudoku").from_partial(p, seed=3, keep=True)
    [cell] = [c for c in range(36) if g.puzzle.givens[c] != p.givens[c]]
    assert counts[cell, g.puzzle.givens[cell]] == 1


def test_generate_from_unique_on_a_draft(draft):
    out = gridsat_cli("generate", "sudoku", "--from", str(draft), "--unique", "--seed", "1")
    assert out.returncode == 0, out.stderr
    line = out.stdout.strip()
    assert line.startswith("https://www.f-puzzles.com/?load=")  # the constraints stay with the puzzle
    back = gridsat_cli("check", "--json", stdin=line + "\n")
    d = json.loads(back.stdout)
    assert back.returncode == 0 and d["status"] == "unique", back.stdout
    [p] = [e.puzzle for e in gridsat_read(line)]
    assert sorted(map(repr, p.extra)) == sorted(map(repr, PUZZLES["6x6-cage-lines"].extra))  # (a link lists them by key)


def gridsat_read(text: str):
    from gridsat.formats import read_text

    return read_text(text, "<test>")


def test_generate_from_unique_refuses_an_impossible_draft(tmp_path):
    from gridsat.kinds.sudoku.format_fpuzzles import write_fpuzzles

    f = tmp_path / "bad.txt"
    f.write_text(write_fpuzzles(Sudoku(4, [0] * 16, extra=[KillerCage(4, (0, 1), 3), Thermometer(4, ((4, 5, 6),))])))
    out = gridsat_cli("generate", "sudoku", "--from", str(f), "--unique")
    assert out.returncode == 1 and out.stdout.startswith("impossible: ") and not out.stderr


def test_cli_true_candidates(draft, solutions):
    out = gridsat_cli("candidates", "--true", "--json", str(draft))
    assert out.returncode == 0, out.stderr
    d = json.loads(out.stdout)
    sols = solutions["6x6-cage-lines"]
    assert d["status"] == "ambiguous" and d["solutions"] == len(sols)
    text = gridsat_cli("candidates", "--true", "--cap", "1", str(draft))
    assert text.returncode == 0 and text.stdout.startswith("ambiguous: ")
    p = PUZZLES["6x6-cage-lines"]
    first_open = next(c for c in range(36) if not p.givens[c])
    want = " ".join(str(v) for v in sorted({s[first_open] for s in sols}))
    assert f"{p.cell_name(first_open)}: {want}\n" in text.stdout


def test_cli_redundant_and_explain_ambiguity(draft, tmp_path):
    out = gridsat_cli("redundant", str(draft))
    assert out.returncode == 1 and out.stdout.startswith("ambiguous: ")
    out = gridsat_cli("explain-ambiguity", str(draft))
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[0].startswith("ambiguous: ") and lines[3].startswith("differ: ")
    assert lines[4].startswith("best given: ")
    from gridsat.kinds.sudoku.format_fpuzzles import write_fpuzzles

    f = tmp_path / "unique.txt"
    f.write_text(write_fpuzzles(PUZZLES["6x6-cage-lines-marks"]))
    out = gridsat_cli("redundant", "--json", str(f))
    assert out.returncode == 0, out.stderr
    d = json.loads(out.stdout)
    assert d["status"] == "unique" and d["givens"] and d["constraints"]


@pytest.mark.parametrize("command", [["candidates", "--true"], ["redundant"], ["explain-ambiguity"]])
def test_cli_bad_input_is_one_located_line(command, tmp_path):
    f = tmp_path / "bad.txt"
    f.write_text("1234\n12x4\n....\n....\n")
    out = gridsat_cli(*command, str(f))
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr.count("\n") == 1 and f"{f}:2:" in out.stderr, out.stderr
    assert "Traceback" not in out.stderr


def test_cli_bad_cap_and_other_kinds():
    out = gridsat_cli("candidates", "--true", "--cap", "0", "--example", "sudoku-4x4")
    assert out.returncode == 2 and "--cap" in out.stderr
    other = next(k for k in gridsat.list_kinds() if gridsat.get_kind(k).redundant is None)
    from gridsat.examples import list_examples

    name = next(n for n, _ in list_examples() if n.startswith(other))
    out = gridsat_cli("redundant", "--example", name)
    assert out.returncode == 2 and "not available" in out.stderr and "Traceback" not in out.stderr


def test_cli_time_limit_answers_unknown():
    """A job far too large for its limit stops at it (the bound is the solver's interrupt)."""
    out = gridsat_cli("candidates", "--true", "--cap", "100000", "-t", "0.5", stdin="." * 256 + "\n")
    assert out.returncode == 1 and out.stdout.startswith("unknown: time limit of 0.5 s reached"), out


@pytest.mark.parametrize("command", [["candidates", "--true"], ["redundant"], ["explain-ambiguity"]])
def test_cli_an_impossible_puzzle_names_its_clash(command):
    out = gridsat_cli(*command, stdin="11..............\n")
    assert out.returncode == 1 and out.stdout.startswith("impossible: 1 is given twice in row 1"), out
