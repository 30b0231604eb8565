"""The Str8ts kind: counts against brute force, the two encodings against each other on
generated puzzles, the generator's uniqueness by a second backend, every format round trip and
the reader's hostile input."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

import gridsat
from gridsat.errors import ParseError, PuzzleError
from gridsat.formats import get_format, read_text, write
from gridsat.kinds import get_kind
from gridsat.kinds.str8ts import SAMPLE_BLACK, Str8ts
from gridsat.kinds.str8ts.generate import generate_str8ts

PAIRS = [("minisat22", "cnf-str8ts"), ("glucose4", "cnf-str8ts"), ("minisat22", "cnf-str8ts-window"),
         ("glucose4", "cnf-str8ts-window"), ("cpsat", "cpsat-str8ts")]


def _straight(run: list[int]) -> bool:
    return not run or sorted(run) == list(range(min(run), min(run) + len(run)))


def brute_count(p: Str8ts) -> int:
    """Solutions by filling cell by cell with digits not yet in the row or column, every full
    line's compartments checked as straights, written here (not through the verifier)."""
    n = p.n
    vals = [0] * (n * n)

    def line_ok(cells: list[int]) -> bool:
        runs, run = [], []
        for c in cells:
            if p.black[c]:
                runs.append(run)
                run = []
            else:
                run.append(vals[c])
        return all(_straight(r) for r in runs + [run])

    def fill(c: int) -> int:
        if c == n * n:
            return all(line_ok([r * n + k for r in range(n)]) for k in range(n))
        r, k = divmod(c, n)
        options = [p.givens[c] or 0] if p.black[c] else ([p.givens[c]] if p.givens[c] else range(1, n + 1))
        total = 0
        for v in options:
            if v and (v in vals[r * n:c] or any(vals[x] == v for x in range(k, c, n))):
                continue
            vals[c] = v
            if k < n - 1 or line_ok(list(range(r * n, r * n + n))):
                total += fill(c + 1)
            vals[c] = 0
        return total

    return fill(0)


@pytest.fixture(scope="module")
def generated():
    return [generate_str8ts(9, seed=s) for s in range(3)] + [generate_str8ts(6, seed=s) for s in range(3)]


# ---------------------------------------------------------------- counts
def test_latin_squares_4x4_is_576_oeis_a002860():
    assert gridsat.count(Str8ts(4), backend="minisat22", encoding="cnf-str8ts").count == 576
    assert gridsat.count(Str8ts(4), backend="minisat22", encoding="cnf-str8ts-window").count == 576
    assert gridsat.count(Str8ts(4), backend="cpsat", encoding="cpsat-str8ts").count == 576


FOUR = [
    Str8ts(4, SAMPLE_BLACK),
    Str8ts(4, SAMPLE_BLACK, [None] * 6 + [2] + [None] * 9),
    Str8ts(4, tuple(c in (1, 7, 8, 14) for c in range(16))),
    Str8ts(4, tuple(c in (5, 10) for c in range(16)), [None] * 5 + [4] + [None] * 10),
    Str8ts(5, tuple(c in (0, 6, 12, 18, 24) for c in range(25)), [None] * 12 + [3] + [None] * 12),
]


@pytest.mark.parametrize("puzzle", FOUR, ids=str)
@pytest.mark.parametrize("pair", PAIRS, ids="/".join)
def test_counts_match_brute_force(puzzle, pair):
    want = brute_count(puzzle)
    assert want > 0
    assert gridsat.count(puzzle, backend=pair[0], encoding=pair[1]).count == want


def test_samples_counts_by_brute_force():
    for p, n in get_kind("str8ts").samples():
        assert brute_count(p) == n


# ---------------------------------------------------------------- verifier
def test_verifier_rejects_wrong_answers():
    black = tuple(c in (0, 8) for c in range(9))  # corners r1c1 and r3c3
    p = Str8ts(3, black)
    good = (0, 1, 2, 1, 2, 3, 2, 3, 0)
    assert gridsat.verify(p, good) == []
    assert gridsat.verify(p, (0, 1, 3, 1, 3, 2, 3, 2, 0))  # no repeat, but r1's and c1's 1,3 are no straights
    assert gridsat.verify(p, (0, 1, 2, 1, 2, 3, 2, 1, 0))  # column 2 repeats 1 (and r3 then too)
    assert gridsat.verify(p, (1, 2, 3, 1, 2, 3, 2, 3, 0))  # a digit on an empty black cell
    assert gridsat.verify(Str8ts(3, black, [None, 2] + [None] * 7), good)  # a given changed
    assert gridsat.verify(Str8ts(3, black, [3] + [None] * 8), good)  # a black cell's digit missing


# ---------------------------------------------------------------- encodings and generator
def test_encodings_agree_on_generated_puzzles(generated):
    for g in generated:
        for backend, enc in PAIRS:
            r = gridsat.check(g.puzzle, backend=backend, encoding=enc)
            assert r.status == "unique" and r.verified and tuple(r.solution) == g.solution, (backend, g.seed)


def test_generator_is_unique_by_cpsat_and_reproducible(generated):
    for g in generated[:3]:
        assert g.puzzle.n == 9 and sum(g.puzzle.black) > 0
        assert gridsat.count(g.puzzle, limit=2, backend="cpsat", encoding="cpsat-str8ts").count == 1
        again = generate_str8ts(9, seed=g.seed)
        assert again.puzzle == g.puzzle and again.solution == g.solution


def test_generator_givens_are_minimal(generated):
    g = generated[3]
    for c, v in enumerate(g.puzzle.givens):
        if v is not None and not g.puzzle.black[c]:
            fewer = list(g.puzzle.givens)
            fewer[c] = None
            assert gridsat.count(g.puzzle.with_givens(fewer), limit=2, backend="cpsat",
                                 encoding="cpsat-str8ts").count == 2


def test_generator_refuses_bad_options():
    with pytest.raises(PuzzleError):
        generate_str8ts(2, seed=1)
    with pytest.raises(PuzzleError):
        generate_str8ts(9, blacks=60, seed=1)


# ---------------------------------------------------------------- formats
def test_round_trips(generated):
    kind = get_kind("str8ts")
    for g in generated:
        p = g.puzzle
        text = get_format("str8ts").write(p)
        assert read_text(text)[0].puzzle == p
        e = read_text(get_format("str8ts").write(p, g.solution))[0]
        assert e.puzzle == p and e.solution == g.solution
        e = read_text(write(p, "json", g.solution))[0]
        assert e.puzzle == p and e.solution == g.solution
        assert read_text(kind.puzzle_line(p))[0].puzzle == p


JANKO = "4 4\nx - - -\n- - 2x -\n- - - -\n- - - x\n"


def test_janko_cells_solution_block_and_many_puzzles():
    solved = gridsat.solve(read_text(JANKO)[0].puzzle).solution
    sol = "4 4\n" + "\n".join(" ".join(str(v) if v else "-" for v in solved[r * 4:r * 4 + 4]) for r in range(4))
    es = read_text(JANKO + "\n" + sol + "\n\n# another\n" + JANKO)
    assert [e.ok for e in es] == [True, True] and all(e.format == "str8ts" for e in es)
    p = es[0].puzzle
    assert p.black == SAMPLE_BLACK and p.givens[6] == 2 and p.num_givens == 1
    assert es[0].solution == tuple(solved) and es[1].solution is None
    rows = sol.split("\n")
    a, b = rows[1].split()[1:3]
    rows[1] = f"- {b} {a} " + rows[1].split()[3]  # two digits swapped: the columns repeat them
    es = read_text(JANKO + "\n" + "\n".join(rows))
    assert len(es) == 2 and not es[1].ok and "does not solve" in es[1].error.message
    plain = "3 3\n- 1 -\n- - -\n- - -\n"  # no black cell: str8ts only when asked for
    e = read_text(plain, kind="str8ts")[0]
    assert e.ok and e.format == "str8ts" and not any(e.puzzle.black)
    try:
        assert read_text(plain)[0].format != "str8ts"
    except ParseError as err:  # another kind's reader claims it too: ambiguous without --kind
        assert "ambiguous" in err.message


BAD = [
    ("4 4\nx - - -\n- - 2x\n- - - -\n- - - x\n", 3, 7, "3 cells"),                 # ragged row
    ("4 4\nx - - -\n- - 2x -\n- 5 - -\n- - - x\n", 4, 3, "outside 1..4"),          # white digit high
    ("4 4\nx - - -\n- - 0x -\n- - - -\n- - - x\n", 3, 5, "outside 1..4"),          # black digit zero
    ("4 4\nx - - -\n- 2 2x -\n- - - -\n- - - x\n", 3, 5, "twice in row 2"),        # repeat, black counts
    ("4 4\nx - - -\n- - 2x -\n- - 2 -\n- - - x\n", 4, 5, "twice in column 3"),     # repeat in a column
    ("4 4\nx - - -\n- - 2x -\n- - - -\n", 4, 1, "fewer"),                          # a row short
    ("4 4\nx - - -\n- - 2y -\n- - - -\n- - - x\n", 3, 5, "not a cell"),            # bad token
    ("4 5\nx - - -\n- - 2x -\n- - - -\n- - - x\n", 1, 3, "square"),                # not square
]


@pytest.mark.parametrize("text,line,col,words", BAD, ids=["ragged", "digit-high", "black-zero", "repeat-row",
                                                          "repeat-column", "short", "token", "square"])
def test_bad_janko_is_one_located_error(text, line, col, words):
    es = read_text(text, kind="str8ts")
    assert len(es) == 1 and not es[0].ok
    e = es[0].error
    assert (e.line, e.col) == (line, col) and words in e.message, (e.line, e.col, e.message)


@pytest.mark.parametrize("obj,words", [
    ({"kind": "str8ts", "size": 4, "rows": [[None] * 4] * 3}, "rows"),
    ({"kind": "str8ts", "size": 4, "rows": [[5, None, None, None]] + [[None] * 4] * 3}, "1..4"),
    ({"kind": "str8ts", "size": 4, "rows": [[1, 1, None, None]] + [[None] * 4] * 3}, "twice"),
    ({"kind": "str8ts", "size": 4, "black": [[2, 0, 0, 0]] + [[0] * 4] * 3}, "black"),
])
def test_bad_json(obj, words):
    es = read_text(json.dumps(obj))
    assert not es[0].ok and words in es[0].error.message


def test_puzzle_validation():
    with pytest.raises(PuzzleError):
        Str8ts(4, givens=[5] + [None] * 15)
    with pytest.raises(PuzzleError):
        Str8ts(4, black=[True] * 3)
    assert Str8ts(4, givens=[1, 1] + [None] * 14).conflicts()
    assert not Str8ts(4, givens=[1, None, None, 4] + [None] * 12).conflicts()  # a straight of 4 holds 1..4
    assert Str8ts(4, SAMPLE_BLACK, [None, 1, None, 4] + [None] * 12).conflicts()  # one of 3 cannot


@pytest.mark.parametrize("text,where", [(BAD[0][0], "3:7"), (BAD[1][0], "4:3"), (BAD[3][0], "3:5")],
                         ids=["ragged", "digit", "repeat"])
def test_cli_bad_input_is_one_line_exit_2(tmp_path, text, where):
    f = tmp_path / "bad.txt"
    f.write_text(text)
    r = subprocess.run([sys.executable, "-m", "gridsat.cli", "check", str(f)], capture_output=True, text=True,
                       timeout=120)
    assert r.returncode == 2 and r.stderr.strip().count("\n") == 0 and f"{f}:{where}:" in r.stderr, r.stderr
    assert "Traceback" not in r.stderr


def test_detected_without_kind_and_rendered(generated):
    text = get_format("str8ts").write(generated[0].puzzle)
    assert read_text(text)[0].format == "str8ts"
    from gridsat.rendering import render_svg

    p = generated[0].puzzle
    svg = render_svg(p, generated[0].solution)
    assert svg.count('class="str8ts-black"') == sum(p.black)
    digits = sum(1 for c, b in enumerate(p.black) if b and p.givens[c])
    assert svg.count('class="str8ts-black-digit"') == digits
    assert p._repr_svg_().count('class="str8ts-black"') == sum(p.black)
