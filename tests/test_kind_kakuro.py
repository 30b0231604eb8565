"""The Kakuro kind: counts against brute force, the encodings against each other on generated
puzzles, the generator's uniqueness by a second backend, every format round trip and every
reader's hostile input."""

from __future__ import annotations

import itertools
import json
import pkgutil
import subprocess
import sys

import pytest

import gridsat
from gridsat.cli import main
from gridsat.errors import ParseError, PuzzleError
from gridsat.formats import get_format, read_text
from gridsat.kinds import get_kind
from gridsat.kinds.kakuro import Kakuro
from gridsat.kinds.kakuro.generate import generate_kakuro
from gridsat.kinds.kakuro.puzzle import combinations_for
from gridsat.verifier import verify

#: the plain modules of ``gridsat/kinds/`` (no kind's package)
SHARED = {m.name for m in pkgutil.iter_modules(gridsat.kinds.__path__) if not m.ispkg}
PAIRS = [("minisat22", "cnf-combo"), ("glucose4", "cnf-sum"), ("cpsat", "cpsat-sum"), ("cpsat", "cpsat-table")]
x = None


def brute_count(p: Kakuro) -> int:
    """Solutions by trying every digit on every white cell, checked by rules written here."""
    R, C = p.rows, p.cols
    white = [i for i, v in enumerate(p.cells) if v is None]
    runs = []
    for i, v in enumerate(p.cells):
        if v is None:
            continue
        for step, slot in ((1, 1), (C, 0)):
            j, run = i + step, []
            while j < R * C and p.cells[j] is None and (step == C or j // C == i // C):
                run.append(j)
                j += step
            if run:
                runs.append((run, v[slot]))
    count = 0
    for digits in itertools.product(range(1, 10), repeat=len(white)):
        sol = dict(zip(white, digits))
        if all(len({sol[c] for c in run}) == len(run) and (not t or sum(sol[c] for c in run) == t) for run, t in runs):
            count += 1
    return count


SMALL = [
    Kakuro(3, 3, [(0, 0), (0, 0), (0, 0), (0, 0), x, x, (0, 0), x, x]),
    Kakuro(3, 3, [(0, 0), (10, 0), (10, 0), (0, 10), x, x, (0, 10), x, x]),
    Kakuro(3, 3, [(0, 0), (5, 0), (9, 0), (0, 6), x, x, (0, 8), x, x]),
    Kakuro(3, 4, [(0, 0), (7, 0), (9, 0), (0, 0), (0, 11), x, x, x, (0, 0), (0, 0), (0, 0), (0, 0)]),
    Kakuro(2, 4, [(0, 0), (0, 0), (0, 0), (0, 0), (0, 24), x, x, x]),
]


@pytest.fixture(scope="module")
def generated():
    return [generate_kakuro(12, seed=s) for s in (1, 5)] + [generate_kakuro(8, cols=10, seed=2)]


# ---------------------------------------------------------------- counts
def test_free_block_counts_the_colourings_of_a_four_cycle():
    """A 2x2 block of white cells with no sums: proper 9-colourings of a 4-cycle, 8**4 + 8."""
    assert gridsat.count(SMALL[0], backend="minisat22", encoding="cnf-combo").count == 8 ** 4 + 8


@pytest.mark.parametrize("pair", PAIRS, ids="/".join)
@pytest.mark.parametrize("index", range(1, len(SMALL)))
def test_counts_match_brute_force(index, pair):
    p = SMALL[index]
    assert gridsat.count(p, backend=pair[0], encoding=pair[1], limit=10_000).count == brute_count(p)


def test_samples_counts_are_brute_force_counts():
    for p, n in get_kind("kakuro").samples():
        assert brute_count(p) == n


def test_combinations_match_a_direct_enumeration():
    for size in range(1, 10):
        for total in range(0, 50):
            want = sorted(c for c in itertools.combinations(range(1, 10), size) if sum(c) == total)
            assert combinations_for(size, total) == want


# ---------------------------------------------------------------- encodings and generator
def test_generated_puzzles_are_unique_by_every_pair(generated):
    for g in generated:
        assert not verify(g.puzzle, g.solution)
        for backend, encoding in PAIRS:
            r = gridsat.check(g.puzzle, backend=backend, encoding=encoding)
            assert r.status == "unique" and tuple(r.solution) == g.solution, (backend, encoding)


def test_generator_is_seed_reproducible(generated):
    again = generate_kakuro(12, seed=1)
    assert again.puzzle == generated[0].puzzle and again.solution == generated[0].solution
    assert generated[0].puzzle.rows == generated[0].puzzle.cols == 12 and len(generated[0].puzzle.white) >= 20


def test_generator_refuses_bad_sizes():
    with pytest.raises(PuzzleError):
        generate_kakuro(2, seed=1)
    with pytest.raises(PuzzleError):
        generate_kakuro(8, black=0.9, seed=1)


def test_verifier_catches_a_repeat_and_a_wrong_sum():
    p = SMALL[1]
    good = gridsat.solve(p).solution
    assert not verify(p, good)
    bad = list(good)
    bad[4], bad[5] = bad[5], bad[4]  # the across run keeps its sum, the down runs break
    assert verify(p, bad)
    assert verify(p, [0, 0, 0, 0, 5, 5, 0, 5, 5])
    assert verify(p, [1] * 9)  # digits on black cells


# ---------------------------------------------------------------- formats
JANKO = """4 4
- 4, 16, -
,3 0 0 6,
,17 0 0 0
- ,6 0 0
"""


def test_janko_reads_detects_and_round_trips(generated):
    p = read_text(JANKO)[0].puzzle
    assert isinstance(p, Kakuro) and p.cells[1] == (4, 0) and p.cells[4] == (0, 3) and p.cells[7] == (6, 0)
    r = gridsat.check(p)
    assert r.status == "unique"
    fmt = get_format("kakuro")
    for g in generated:
        text = fmt.write(g.puzzle, g.solution)
        back = read_text(text)
        assert len(back) == 1 and back[0].puzzle == g.puzzle and back[0].solution == g.solution
        assert back[0].format == "kakuro"


def test_check_of_a_file_loads_no_other_kind_package(tmp_path):
    """A whole ``check --kind kakuro`` process answers without importing another kind's package
    (the front door's bulk route looks for the kind with a bulk entry only when a puzzle of it comes)."""
    path = tmp_path / "k.txt"
    path.write_text(JANKO + "\n" + JANKO)
    script = ("import sys\n"
              "from gridsat.cli import main\n"
              "code = main(sys.argv[1:])\n"
              "import json\n"
              "print(code, json.dumps(sorted({m.split('.')[2] for m in sys.modules\n"
              "                               if m.startswith('gridsat.kinds.') and m.count('.') >= 2})))\n")
    out = subprocess.run([sys.executable, "-c", script, "check", "--kind", "kakuro", "--json", str(path)],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    *answers, loaded = out.stdout.splitlines()
    assert len(answers) == 2 and all(json.loads(a)["status"] == "unique" for a in answers)
    assert loaded.startswith("0 ") and [k for k in json.loads(loaded[2:]) if k not in SHARED] == ["kakuro"]


def test_many_puzzles_per_file():
    text = JANKO + "\n" + JANKO.replace(",17", ",16").replace("16,", "15,")
    entries = read_text(text)
    assert len(entries) == 2 and all(e.ok for e in entries)


def test_json_round_trip(generated):
    fmt = get_format("json")
    for g in generated:
        back = read_text(fmt.write(g.puzzle, g.solution))
        assert back[0].puzzle == g.puzzle and back[0].solution == g.solution


def test_generate_cli_lines_read_back(capsys):
    assert main(["generate", "kakuro", "--size", "8", "--seed", "3", "--count", "2"]) == 0
    lines = capsys.readouterr().out.split("\n")
    puzzles = [read_text(line)[0].puzzle for line in lines if line.strip()]
    assert len(puzzles) == 2 and all(gridsat.check(p).status == "unique" for p in puzzles)


HOSTILE = [
    ("3 3\n- 4, 3,\n,3 0 0\n,4 0\n", 4, 5, "row 3 has 2 cells"),                     # a ragged row
    ("3 3\n- 4, 3,\n,30 0 0\n,4 0 0\n", 3, 1, "impossible for a run of 2"),            # impossible sum
    ("2 12\n- - - - - - - - - - - -\n,45 0 0 0 0 0 0 0 0 0 0 0\n", 3, 1, "at most 9"),  # a run of 11
    ("3 3\n- 4, 3,\n,3 5 0\n,4 0 0\n", 3, 4, "a digit on a white cell"),              # a clue on a white cell
    ("3 3\n- 4, 3,\n,3 0 0\n,4 0 7,\n", 4, 6, "no white cell below"),                  # a sum over nothing
    ("3 3\n- 4, 3,\n,3 0 0\n,4 0 0\n- - -\n", 5, 1, "one too many"),
    ("3 3\n- 4, 3,\n,3 0 x\n,4 0 0\n", 3, 6, "not a cell"),
    ("3 3\n- 99, 3,\n,3 0 0\n,4 0 0\n", 2, 3, "outside 1..45"),
    ("3 1\n- 4, 3,\n,3 0 0\n,4 0 0\n", 1, 3, "2 to 32 columns"),
]


@pytest.mark.parametrize("text,line,col,words", HOSTILE, ids=[h[3] for h in HOSTILE])
def test_hostile_janko_gives_one_located_error(text, line, col, words, tmp_path, capsys):
    entries = get_format("kakuro").read(text, "bad.txt")
    assert len(entries) == 1 and not entries[0].ok
    e = entries[0].error
    assert isinstance(e, ParseError) and (e.line, e.col) == (line, col) and words in str(e)
    f = tmp_path / "bad.txt"
    f.write_text(text)
    assert main(["solve", "--kind", "kakuro", str(f)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith(f"{f}:{line}:{col}:") and "Traceback" not in err[0]


def test_janko_reader_reads_the_same_with_its_token_cells_known_or_not(monkeypatch):
    """The reader keeps the cell of each valid token it has met: the entries, and every fault
    with its location, are the same whether the tokens are met for the first time or not."""
    from gridsat.kinds.kakuro import format as kakuro_format

    texts = [h[0] for h in HOSTILE] + [JANKO, JANKO.replace("4, 16,", "\u0664, 16,"), JANKO.replace(" 6,", " 06,")]

    def read_all():
        out = []
        for text in texts:
            e = get_format("kakuro").read(text, "f.txt")[0]
            out.append((e.puzzle, e.error and (str(e.error), e.error.line, e.error.col)))
        return out

    monkeypatch.setattr(kakuro_format, "_CELL_OF", {"0": None, ".": None, "-": (0, 0)})
    first = read_all()
    assert read_all() == first
    assert first[-2][0].cells[1] == (4, 0) and first[-1][0] == first[-3][0]  # (an Arabic-Indic 4; a leading 0)
    assert all(v is None or isinstance(v, tuple) for v in kakuro_format._CELL_OF.values())
    assert "\u0664," not in kakuro_format._CELL_OF and "99," not in kakuro_format._CELL_OF


def test_wrong_solution_block_is_refused():
    text = JANKO + "\n4 4\n- - - -\n- 1 2 -\n- 3 9 5\n- - 5 2\n"
    e = get_format("kakuro").read(text, "s.txt")
    assert len(e) == 2 and e[0].ok and not e[1].ok and "does not solve" in str(e[1].error)
    assert (e[1].error.line, e[1].error.col) == (7, 1)


@pytest.mark.parametrize("obj", [
    {"kind": "kakuro", "rows": 2, "cols": 2},
    {"kind": "kakuro", "rows": 2, "cols": 2, "cells": [[[0, 0], [0, 0]], [[0, 0]]]},
    {"kind": "kakuro", "rows": 2, "cols": 3, "cells": [[[0, 0], [0, 0], [0, 0]], [[0, 50], None, None]]},
    {"kind": "kakuro", "rows": 2, "cols": 3, "cells": [[[0, 0], [0, 0], [0, 0]], [[0, 3], None, None]],
     "solution": [[0, 0, 0], [0, 2, 2]]},
])
def test_hostile_json_is_refused(obj):
    entries = read_text(json.dumps(obj))
    assert len(entries) == 1 and not entries[0].ok


def test_puzzle_refuses_bad_cells():
    with pytest.raises(PuzzleError, match="at most 9"):
        Kakuro(2, 11, [(0, 0)] * 11 + [(0, 0)] + [x] * 10)
    with pytest.raises(PuzzleError):
        Kakuro(2, 2, [(0, 0), (0, 0), (0, 0), 5])
    with pytest.raises(PuzzleError):
        Kakuro(2, 2, [(0, 0)] * 3)
    with pytest.raises(PuzzleError, match="^r1c3: the across sum 5 has no white cell to its right"):
        Kakuro(2, 3, [(0, 0), (3, 0), (0, 5), (0, 3), x, (0, 0)])
    with pytest.raises(PuzzleError, match="^r2c1: the down sum 4 has no white cell below it"):
        Kakuro(2, 3, [(0, 0), (3, 0), (0, 0), (4, 3), x, (0, 0)])


def test_render_draws_clue_triangles():
    from gridsat.rendering import render_svg

    svg = render_svg(read_text(JANKO)[0].puzzle)
    assert svg.count('class="kakuro-black"') == 9 and 'class="kakuro-down"' in svg and '>17<' in svg


def test_puzzlink_reads_a_url_decoded_by_hand_and_round_trips(generated):
    # inner 3x3: white, white, black 6\ / three white / black \6, white, white;
    # outside: down sums 4 and 16 over columns 1-2, across sums 3 and 17 beside rows 1-2
    url = "https://puzz.link/p?kakuro/3/3/l60m06l4g3h"
    entries = read_text(url)
    assert entries[0].format == "kakuro-puzzlink" and entries[0].puzzle == read_text(JANKO)[0].puzzle
    fmt = get_format("kakuro-puzzlink")
    assert fmt.write(entries[0].puzzle).strip() == url
    for g in generated:
        assert read_text(fmt.write(g.puzzle))[0].puzzle == g.puzzle


@pytest.mark.parametrize("url", [
    "https://puzz.link/p?kakuro/3/3/l60m06l4g3",       # an outside sum missing
    "https://puzz.link/p?kakuro/3/3/l60m06l4g3hh",     # a character too many
    "https://puzz.link/p?kakuro/3/3/l60m06",           # the body ends inside the board
    "https://puzz.link/p?kakuro/3/3/l6!m06l4g3h",      # not a sum
    "https://puzz.link/p?kakuro/3/3/lZ0m06l4g3h",      # a down sum of 45 over a run of 2
])
def test_hostile_puzzlink_is_refused_with_a_location(url):
    entries = get_format("kakuro-puzzlink").read(url, "u.txt")
    assert len(entries) == 1 and not entries[0].ok
    assert entries[0].error.line == 1 and entries[0].error.col >= 1


def test_puzzlink_refuses_a_white_edge():
    from gridsat.errors import UnsupportedError

    with pytest.raises(UnsupportedError):
        get_format("kakuro-puzzlink").write(SMALL[4].with_cells([x] + list(SMALL[4].cells[1:])))
