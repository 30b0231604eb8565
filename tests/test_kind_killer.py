"""The killer kind: counts against brute force, the verifier, the two encodings cross-checked on
generated puzzles, every format read, written and read back, hostile input located, and the
generator (seed-reproducible, uniqueness proved by a second backend)."""

from __future__ import annotations

import itertools
import json

import pytest

import gridsat
from gridsat.cli import main
from gridsat.constraints import KillerCage
from gridsat.errors import PuzzleError
from gridsat.formats import detect_format, read_text, write
from gridsat.generators import generate
from gridsat.kinds import get_kind, kind_of
from gridsat.kinds.killer import Killer

PAIRS = [("minisat22", "cnf-cages"), ("glucose4", "cnf-cages"), ("cadical153", "cnf-cages"),
         ("cpsat", "cpsat-int"), ("cpsat", "cpsat-bool")]


def grids4(regions=None) -> list[tuple[int, ...]]:
    """Every 4x4 grid with rows, columns and regions (default 2x2 boxes) holding 1..4 once."""
    regions = regions or [(r // 2) * 2 + c // 2 for r in range(4) for c in range(4)]
    rows = list(itertools.permutations(range(1, 5)))
    out = []
    for g in itertools.product(rows, repeat=4):
        flat = sum(g, ())
        if all(len({flat[r * 4 + c] for r in range(4)}) == 4 for c in range(4)) and \
                all(len({flat[i] for i in range(16) if regions[i] == k}) == 4 for k in set(regions)):
            out.append(flat)
    return out


def brute(puzzle: Killer, grids) -> int:
    """Solutions counted by hand: grids keeping the givens, each cage different digits with its sum."""
    def ok(g):
        if any(v and g[c] != v for c, v in enumerate(puzzle.givens)):
            return False
        for cage in puzzle.cages:
            ds = [g[c] for c in cage.members]
            if len(set(ds)) != len(ds) or (cage.total is not None and sum(ds) != cage.total):
                return False
        return True
    return sum(1 for g in grids if ok(g))


GRIDS = grids4()
#: a 4x4 jigsaw map (rows of two 2x2 blocks would be boxes: this one is not)
JIG = [0, 0, 0, 1, 2, 0, 1, 1, 2, 2, 3, 1, 2, 3, 3, 3]

CASES = [
    Killer(4, []),
    Killer(4, [((0, 1), 3), ((4, 5), 7)]),
    Killer(4, [((0, 4), None), ((10, 11, 15), 6)]),        # a cage without a sum; a bent one
    Killer(4, [((0, 1, 2), 9)], givens=[0] * 15 + [4]),
    Killer(4, [((0, 5), 3), ((3, 6), None)], regions=JIG),  # not in one row: the cage rule alone
]


def test_the_4x4_counts_are_the_brute_forced_ones():
    assert len(GRIDS) == 288  # OEIS A107739
    assert [brute(p, GRIDS) for p in CASES[:4]] == [288, 48, 72, 24]
    jig = grids4(JIG)
    assert brute(CASES[4], jig) == 16 and len(jig) == 96


@pytest.mark.parametrize("backend,encoding", PAIRS, ids=[f"{b}:{e}" for b, e in PAIRS])
def test_every_encoding_counts_the_brute_forced_number(backend, encoding):
    expected = [brute(p, GRIDS) for p in CASES[:4]] + [brute(CASES[4], grids4(JIG))]
    got = [gridsat.count(p, backend=backend, encoding=encoding).count for p in CASES]
    assert got == expected


def test_count_by_cpsat_and_the_samples():
    assert gridsat.count(CASES[1], method="cpsat").count == 48
    for puzzle, count in get_kind("killer").samples():
        assert brute(puzzle, GRIDS) == count


def test_the_verifier_names_each_broken_rule():
    p = Killer(4, [((0, 1), 3), ((2, 3), 7)], givens=[1] + [0] * 15)
    good = (1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1)
    assert gridsat.verify(p, good) == []
    assert gridsat.verify(p, (2, 1) + good[2:])[0] == "solution has 2 at r1c1 where the given is 1"
    q = Killer(4, [((0, 1), 4)])
    assert gridsat.verify(q, good) == ["solution adds up to 3 in the cage r1c1 r1c2, not 4"]
    r = Killer(4, [((0, 5), None)])
    bad = (1, 2, 3, 4, 3, 1, 4, 2) + good[8:]   # r2c2 = 1 = r1c1: rows and columns fine? no: box 1
    assert "solution has 1 twice in the cage r1c1 r2c2: r1c1 and r2c2" in gridsat.verify(r, bad)
    assert gridsat.verify(p, good[:15]) == ["solution has 15 cells, expected 16"]


def test_a_bad_puzzle_is_refused_on_construction():
    with pytest.raises(PuzzleError, match="no 2 different digits 1..9 add up to 18"):
        Killer(9, [((0, 1), 18)])
    with pytest.raises(PuzzleError, match="no 3 different digits 1..4"):
        Killer(4, [((0, 1, 2), 3)])
    with pytest.raises(PuzzleError, match="r1c2 is in cage 1 and in cage 2"):
        Killer(4, [((0, 1), 3), ((1, 2), 5)])
    with pytest.raises(PuzzleError, match="hole at r1c2"):
        Killer(4, [], regions=[0, None] + [0] * 14)
    with pytest.raises(PuzzleError, match="region 0 has 5 cells"):
        Killer(4, [], regions=[0] * 5 + [1] * 3 + [2] * 4 + [3] * 4)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_generated_puzzles_are_unique_by_a_second_backend_and_the_encodings_agree(seed):
    g = generate("killer", seed=seed)
    p = g.puzzle
    assert p.n == 9 and p.num_givens <= 6 and all(c.total is not None for c in p.cages)
    assert kind_of(p).name == "killer"
    results = [gridsat.check(p, backend=b, encoding=e) for b, e in (("cpsat", "cpsat-int"), ("glucose4", "cnf-cages"))]
    assert [r.status for r in results] == ["unique", "unique"]
    assert results[0].solution == results[1].solution == g.solution
    assert gridsat.verify(p, g.solution) == []


def test_the_generator_is_seed_reproducible_and_can_leave_out_givens():
    a, b = generate("killer", size=6, seed=11), generate("killer", size=6, seed=11)
    assert a.puzzle == b.puzzle and a.solution == b.solution
    assert generate("killer", size=6, seed=12).puzzle != a.puzzle
    g = generate("killer", seed=4, givens=False)
    assert g.puzzle.num_givens == 0
    assert gridsat.check(g.puzzle, backend="cpsat", encoding="cpsat-int").status == "unique"
    with pytest.raises(PuzzleError, match="largest cage"):
        generate("killer", size=4, max_cage=7)


def _puzzles() -> list[Killer]:
    jig = generate("killer", size=4, seed=5).puzzle
    return [generate("killer", size=6, seed=2).puzzle,            # givens, 2x3 boxes
            Killer(4, [((0, 4), None), ((10, 11, 15), 6)], givens=[0] * 15 + [1], name="a name"),
            Killer(4, list(jig.cages), regions=JIG),
            CASES[1]]                                             # cells in no cage


@pytest.mark.parametrize("fmt", ["janko-killer", "killer-line", "json"])
def test_every_format_reads_back_what_it_writes(fmt):
    for p in _puzzles():
        text = write(p, fmt)
        assert detect_format(text).name == fmt, text
        (e,) = read_text(text)
        assert e.error is None, e.error
        assert e.puzzle == p and e.puzzle.name == p.name, text


def test_the_json_form_holds_a_solution_and_checks_it():
    p = _puzzles()[0]
    sol = gridsat.solve(p).solution
    obj = json.loads(write(p, "json", sol))
    assert read_text(json.dumps(obj))[0].solution == tuple(sol)
    obj["solution"][0][0] = obj["solution"][0][1]
    assert "twice" in str(read_text(json.dumps(obj))[0].error)


JANKO = """4 4
8 6 - 6
- - - -
3 9 - 8
- - - -
1 2 2 3
1 1 2 3
4 5 5 6
4 5 6 6
"""


def test_a_janko_text_is_detected_read_and_solved():
    (e,) = read_text(JANKO)
    assert e.format == "janko-killer" and e.puzzle.num_cages == 6
    r = gridsat.check(e.puzzle)
    assert r.status == "unique" and r.verified


@pytest.mark.parametrize("text,where,message", [
    (JANKO.replace("8 6 - 6", "8 6 - 2"), "1:2:7", "no 2 different digits 1..4 add up to 2"),
    (JANKO.replace("3 9 - 8", "3 9 - 8 1"), "1:4:9", "row 3 has 5 values, expected 4"),
    (JANKO.replace("3 9 - 8", "3 9 -"), "1:4:5", "row 3 has 3 values, expected 4"),
    (JANKO + "1 1 2 2\n1 - 2 2\n3 3 4 4\n3 3 4 4\n", "1:11:3", "region map has a hole at r2c2"),
    (JANKO + "1 1 2 2\n1 1 2 2\n3 3 4 4\n3 3 4 1\n", "1:10:1", "region '1' has 5 cells"),
    (JANKO.replace("- - - -\n1 2", "- - 5 -\n1 2", 1), "1:5:5", "cage '6' has two sums (8 and 5)"),
    (JANKO.replace("4 4", "4 5", 1), "1:1:3", "the header says 4 rows and 5 columns"),
    (JANKO.replace("8 6 - 6", "8 x - 6"), "1:2:3", "bad cage sum 'x'"),
    (JANKO.replace("4 5 6 6\n", ""), "1:8:1", "got 7 rows after the header"),
])
def test_hostile_janko_input_is_one_located_error(capsys, tmp_path, text, where, message):
    f = tmp_path / "1"
    f.write_text(text, encoding="utf-8")
    assert main(["check", "--kind", "killer", str(f)]) == 2
    out, err = capsys.readouterr()
    line, col = where.split(":")[1:]
    assert err.count("\n") == 1 and f"{f}:{line}:{col}: " in err and message in err, err
    assert "Traceback" not in err


@pytest.mark.parametrize("line,col,message", [
    ("killer ................ 0012031243154355 9,8,3,7,4,2", 52, "no 3 different digits 1..4 add up to 2"),
    ("killer ................ 0012031243154355 9,8,3,7,4", 42, "5 sums for 6 cages"),
    ("killer ............... 0012031243154355 9,8,3,7,4,9", 8, "not a square board"),
    ("killer ................ 0012031243154355 9,8,3,7,4,9 00112211332.3322", 65, "region map has a hole at r3c4"),
    ("killer ................ 00120312431543$5 9,8,3,7,4,9", 39, "bad cage label '$'"),
])
def test_hostile_killer_lines_are_one_located_error(capsys, tmp_path, line, col, message):
    f = tmp_path / "p.txt"
    f.write_text(line + "\n", encoding="utf-8")
    assert main(["check", "--kind", "killer", str(f)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"{f}:1:{col}: " in err and message in err, err


def test_hostile_json_is_one_located_error(capsys, tmp_path):
    f = tmp_path / "p.json"
    f.write_text(json.dumps({"kind": "killer", "n": 4, "cages": [{"cells": [0, 1], "sum": 9}]}), encoding="utf-8")
    assert main(["check", str(f)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"{f}:1:1: ") and "no 2 different digits 1..4 add up to 9" in err


def test_generate_then_check_through_the_command_line(capsys, monkeypatch):
    import io
    import sys

    assert main(["generate", "killer", "--size", "6", "--seed", "3", "-n", "2"]) == 0
    out = capsys.readouterr().out
    assert out.count("\n") == 2 and out.startswith("killer ")
    monkeypatch.setattr(sys, "stdin", io.StringIO(out))
    assert main(["check", "-q"]) == 0
    assert capsys.readouterr().out.count(": unique ") == 2
    assert main(["generate", "killer", "--size", "6", "--seed", "3", "--json"]) == 0
    obj = json.loads(capsys.readouterr().out)
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(obj) + "\n"))
    assert main(["check", "-q"]) == 0


def test_the_drawing_has_every_cage_and_its_sum():
    p = _puzzles()[0]
    svg = gridsat.rendering.render_svg(p)
    assert svg.count('class="killercage-sum"') == p.num_cages
    for cage in p.cages:
        assert f">{cage.total}</text>" in svg


def test_describe_and_the_board():
    p = _puzzles()[1]
    assert get_kind("killer").describe(p) == "4x4 killer, 2x2 boxes, 2 cages, 1 givens"
    assert get_kind("sumdoku") is get_kind("killer")
    assert str(p).splitlines()[-1] == ". . | . 1"
    assert isinstance(p.cages[0], KillerCage)


@pytest.mark.parametrize("cells,sides", [((0, 1, 4), 8), ((0, 1, 2, 3), 10), ((5, 6, 9, 10), 8), ((1, 5, 6, 9), 10), ((2, 5, 6, 7), 10)],
                         ids=["L", "row", "square", "T", "T-up"])
def test_a_cage_is_drawn_as_one_closed_outline(cells, sides):
    """One dashed line per cell side on the cage's border, meeting end to end: every end point
    is shared by exactly two lines (a closed loop, corners joined)."""
    import re
    from collections import Counter

    from gridsat.rendering.svg import STYLE, Frame

    p = Killer(4, [(cells, None)])
    frame = Frame(p.layout(), 40.0, dict(STYLE))
    lines = [tuple(map(float, m)) for el in p.cages[0].svg(frame)
             for m in re.findall(r'x1="([-\d.]+)" y1="([-\d.]+)" x2="([-\d.]+)" y2="([-\d.]+)"', el)]
    assert len(lines) == sides
    ends = Counter(pt for x1, y1, x2, y2 in lines for pt in ((round(x1, 6), round(y1, 6)), (round(x2, 6), round(y2, 6))))
    assert set(ends.values()) == {2}, ends


def test_a_json_object_without_kind_but_with_cages_is_a_killer_not_a_board_without_them():
    obj = json.loads(write(_puzzles()[0], "json"))
    del obj["kind"]
    (e,) = read_text(json.dumps(obj))
    assert e.ok and e.puzzle == _puzzles()[0]


def test_the_parts_the_kind_has_not_are_refused_with_a_message(capsys, tmp_path):
    f = tmp_path / "k.txt"
    f.write_text(JANKO, encoding="utf-8")
    assert main(["rate", str(f)]) == 2
    assert "no techniques for killer puzzles" in capsys.readouterr().err
    assert main(["export", "--to", "dzn", str(f)]) == 2
    assert "no MiniZinc model" in capsys.readouterr().err


#: the solution block janko.at's files put after a puzzle: a header and the rows of digits
JANKO_SOLVED = "# a killer\n" + JANKO + """# solution
4 4
3 2 1 4
4 1 3 2
1 4 2 3
2 3 4 1
"""


def test_a_janko_solution_block_after_a_puzzle_is_its_solution_not_a_second_puzzle():
    entries = read_text(JANKO_SOLVED + "\n" + JANKO_SOLVED, kind="killer")
    assert [e.error for e in entries] == [None, None]
    (first, second) = entries
    assert first.puzzle.name == "a killer" and first.solution == (3, 2, 1, 4, 4, 1, 3, 2, 1, 4, 2, 3, 2, 3, 4, 1)
    assert second.solution == first.solution and second.line == 19


def test_a_wrong_janko_solution_block_is_a_located_error_after_its_puzzle(capsys, tmp_path):
    f = tmp_path / "k.txt"
    f.write_text(JANKO_SOLVED.replace("3 2 1 4\n4 1", "3 2 4 1\n4 1"), encoding="utf-8")
    assert main(["check", "--kind", "killer", str(f)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 2 and "unique" in out[0], out
    assert out[1].startswith(f"{f}:13:1: error: the solution does not solve the puzzle above: "), out
