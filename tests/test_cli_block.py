"""The bulk route of ``check``/``solve`` (:mod:`gridsat.cli.block`): files of plain 9x9 lines
go to the C core a block at a time, and must print what the general loop prints (apart from
the timings), with every solution verified; anything else is left to the general loop."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import gridsat
from gridsat import Sudoku
from gridsat.kinds.sudoku import backend_native as nb
from gridsat.cli import block, build_parser, main
from gridsat.cli.batch import run_batch
from gridsat.engine import block as bulk
from gridsat.kinds.sudoku.rules import verify_classic_block

needs_core = pytest.mark.skipif(nb.load() is None, reason=f"C extension not built: {nb.load_error()}")

DATA = Path(__file__).resolve().parents[1] / "benchmarks" / "data" / "sudoku9_100_s1.txt"
UNIQUE = [line for line in DATA.read_text().splitlines() if line and not line.startswith("#")]
AMBIGUOUS = "." * 81
CLASH = "11" + "." * 79
NO_SOLUTION = "12345678." + "........9" + "." * 63  # (no clash: r1c9 has no value left)
TIMING = re.compile(r" \d+\.\d{3}s$", re.M)


def _files(tmp_path: Path) -> list[str]:
    """Two plain files: comments, blank lines, CRLF ends, every empty mark, and puzzles that
    are unique, ambiguous, clashing and without a solution."""
    a = tmp_path / "a.txt"
    a.write_bytes(("# a header\r\n" + UNIQUE[0] + "\r\n\n   \n" + AMBIGUOUS + "\n# between\n" + CLASH + "\n"
                   + UNIQUE[1].replace(".", "0") + "\n" + NO_SOLUTION + "\n" + UNIQUE[2].replace(".", "_") + "\n"
                   + UNIQUE[3].replace(".", "-")).encode())
    b = tmp_path / "b.txt"
    b.write_text("\n".join(UNIQUE[4:]) + "\n")
    return [str(a), str(b)]


def _general(job: str, argv: list[str], capsys) -> tuple[int, str]:
    args = build_parser(job).parse_args([job, *argv])
    code = run_batch(args, job)
    return code, capsys.readouterr().out


def _routed(job: str, argv: list[str], capsys) -> tuple[int | None, str]:
    args = build_parser(job).parse_args([job, *argv])
    code = block.run_block(args, job)
    return code, capsys.readouterr().out


@needs_core
@pytest.mark.parametrize("job", ["check", "solve"])
def test_the_route_prints_what_the_general_loop_prints(tmp_path, capsys, job):
    files = _files(tmp_path)
    code, out = _routed(job, files, capsys)
    assert code is not None, "the route declined plain files"
    want_code, want = _general(job, files, capsys)
    assert code == want_code == 1  # (the ambiguous, clashing and unsolvable puzzles)
    assert TIMING.sub("", out) == TIMING.sub("", want)
    assert len(out.splitlines()) == 4 + len(UNIQUE) - 4 + 3
    # and through the front door of the command line
    assert main([job, *files]) == 1
    assert TIMING.sub("", capsys.readouterr().out) == TIMING.sub("", want)


@needs_core
def test_a_file_of_unique_puzzles_exits_0_with_every_solution_verified(tmp_path, capsys):
    f = tmp_path / "u.txt"
    f.write_text("\n".join(UNIQUE) + "\n")
    assert main(["check", str(f)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == len(UNIQUE)
    for line, puzzle in zip(lines, UNIQUE):
        where, status, sol, _ = line.split(" ")
        assert status == "unique"
        p = Sudoku.classic([0 if ch == "." else int(ch) for ch in puzzle])
        assert gridsat.verify(p, [int(ch) for ch in sol]) == []


@needs_core
def test_a_block_the_verifier_rejects_is_answered_by_the_general_loop(tmp_path, capsys, monkeypatch):
    """A core that returned a wrong grid: nothing of the block is printed from it."""
    files = _files(tmp_path)
    real = nb.load()

    class Wrong:
        def __getattr__(self, name):
            return getattr(real, name)

        def batch(self, geometry, givens, *rest):
            counts, flags, sols, *more = real.batch(geometry, givens, *rest)
            bad = bytearray(sols)
            bad[0], bad[1] = bad[1], bad[0]  # two cells of the first answer swapped
            return (counts, flags, bytes(bad), *more)

    load = bulk.importlib.import_module
    monkeypatch.setattr(bulk.importlib, "import_module",
                        lambda name: Wrong() if name == "gridsat._native" else load(name))
    code, out = _routed("check", files, capsys)
    monkeypatch.undo()
    want_code, want = _general("check", files, capsys)
    assert code == want_code
    assert TIMING.sub("", out) == TIMING.sub("", want)


@needs_core
@pytest.mark.parametrize("job", ["check", "solve"])
def test_json_records_are_the_general_loops(tmp_path, capsys, job):
    """``--json``: the same records, field for field, apart from the timings."""
    import json

    files = _files(tmp_path)
    code, out = _routed(job, [*files, "--json"], capsys)
    assert code is not None
    want_code, want = _general(job, [*files, "--json"], capsys)
    assert code == want_code

    def records(text):
        got = [json.loads(line) for line in text.splitlines()]
        for rec in got:
            assert set(rec.pop("time", {})) <= {"build", "solve", "total"}
        return got
    assert records(out) == records(want)
    assert [list(r) for r in records(out)] == [list(r) for r in records(want)]  # (keys in the same order)
    assert len(records(out)) == len(UNIQUE) + 3


@pytest.mark.parametrize("argv", [
    ["--time-limit", "5"], ["--backend", "minisat22"], ["--encoding", "sudoku-native"],
    ["--format", "line"], ["--box", "3x3"], ["--kind", "sudoku"], ["-O", "line"], ["--race"],
    ["--example", "sudoku-9x9"],
])
def test_options_leave_the_run_to_the_general_loop(tmp_path, capsys, argv):
    files = _files(tmp_path)
    assert _routed("check", [*files, *argv], capsys) == (None, "")


@pytest.mark.parametrize("text", [
    UNIQUE[0] + "\n",                                   # a single puzzle: the general loop prints its board
    UNIQUE[0] + " a name\n" + UNIQUE[1] + "\n",         # a name after a puzzle
    UNIQUE[0] + "\n" + "1" * 16 + "\n",                 # another size
    UNIQUE[0] + "\n" + UNIQUE[1][:-1] + "x\n",          # a bad symbol
    "\ufeff" + UNIQUE[0] + "\n" + UNIQUE[1] + "\n",     # a byte-order mark
    " " + UNIQUE[0] + "\n" + UNIQUE[1] + "\n",          # indented
    "# only comments\n\n",
])
def test_files_that_are_not_plain_lines_go_to_the_general_loop(tmp_path, capsys, text):
    f = tmp_path / "p.txt"
    f.write_text(text)
    assert _routed("check", [str(f)], capsys) == (None, "")
    assert _routed("check", [str(f), str(tmp_path / "missing.txt")], capsys) == (None, "")


@needs_core
def test_inputs_past_the_size_cap_go_to_the_general_loop(tmp_path, capsys, monkeypatch):
    files = _files(tmp_path)
    sizes = [Path(f).stat().st_size for f in files]
    monkeypatch.setattr(block, "MAX_BYTES", sum(sizes) - 1)  # each file fits, both do not
    assert _routed("check", files, capsys) == (None, "")
    monkeypatch.setattr(block, "MAX_BYTES", sum(sizes))
    assert _routed("check", files, capsys)[0] is not None


def test_standard_input_and_other_jobs_go_to_the_general_loop(tmp_path, capsys):
    files = _files(tmp_path)
    assert _routed("check", ["-"], capsys) == (None, "")
    args = build_parser("count").parse_args(["count", *files])
    assert block.run_block(args, "count") is None


def test_without_the_extension_the_route_steps_aside(tmp_path, capsys, monkeypatch):
    monkeypatch.setitem(__import__("sys").modules, "gridsat._native", None)
    assert _routed("check", _files(tmp_path), capsys) == (None, "")


@needs_core
def test_the_route_assumes_the_native_default_for_classic_9x9():
    """The route answers with the C core: the kind record's default for these boards."""
    choice = gridsat.default_choice(Sudoku.empty(9))
    assert (choice.backend, choice.encoding, choice.race) == ("native", "sudoku-native", ())


def test_plain_lines():
    text = f"# c\r\n{UNIQUE[0]}\r\n\n\t \n  # c\n{UNIQUE[1]}".encode()
    assert block.plain_lines(text) == [(2, UNIQUE[0].encode()), (6, UNIQUE[1].encode())]
    assert block.plain_lines(b"") == []
    assert block.plain_lines(UNIQUE[0].encode() + b" x") is None
    assert block.plain_lines(UNIQUE[0].encode()[:-1] + b"\r\r") is None


def test_verify_classic_block_checks_every_grid():
    p = Sudoku.classic([0 if ch == "." else int(ch) for ch in UNIQUE[0]])
    sol = bytes(gridsat.solve(p, backend="minisat22").solution)
    givens = bytes(p.givens)
    assert verify_classic_block(9, (3, 3), givens * 5, sol * 5)
    swapped = bytearray(sol)
    swapped[0], swapped[9] = swapped[9], swapped[0]  # rows and boxes still hold 1-9; columns do not
    assert not verify_classic_block(9, (3, 3), givens * 5, sol * 4 + bytes(swapped))
    other = bytes(gridsat.solve(Sudoku.empty(9), backend="minisat22").solution)
    if other != sol:
        assert not verify_classic_block(9, (3, 3), givens * 2, sol + other)  # a given not kept
    assert not verify_classic_block(9, (3, 3), givens, sol[:-1] + bytes([10]))  # a value past 9
    assert not verify_classic_block(9, (3, 3), givens, sol[:-1])  # a cell short
    assert not verify_classic_block(9, (2, 3), givens, sol)  # not a box shape of 9
    # a shifted-rows grid is a Latin square whose boxes fail
    latin = bytes((r + c) % 9 + 1 for r in range(9) for c in range(9))
    assert not verify_classic_block(9, (3, 3), bytes(81), latin)
    assert verify_classic_block(4, (2, 2), bytes(16), bytes(gridsat.solve(Sudoku.empty(4)).solution))


# ---------------------------------------------------------------------- standard input
def _gridsat(argv: list[str], data: bytes) -> tuple[int, str, str]:
    import subprocess
    import sys

    r = subprocess.run([sys.executable, "-m", "gridsat.cli", *argv], input=data, capture_output=True, timeout=120)
    return r.returncode, r.stdout.decode(), r.stderr.decode()


STDIN_CASES = {
    "plain": ("# a header\r\n" + UNIQUE[0] + "\r\n\n" + AMBIGUOUS + "\n" + CLASH + "\n" + NO_SOLUTION + "\n"
              + "\n".join(UNIQUE[1:40]) + "\n").encode(),
    "other lines after the first answers": ("\n".join(UNIQUE[:3]) + "\n" + UNIQUE[3] + " named\nbad line\n; note\n"
                                            + "1" * 16 + "\n" + "." * 16 + "\n" + UNIQUE[4] + "\n").encode(),
    "not UTF-8 part way": ("\n".join(UNIQUE[:3]) + "\n").encode() + b"\xff\xfe x\n" + UNIQUE[4].encode() + b"\n",
    "a name on the first line": (UNIQUE[0] + " first\n" + "\n".join(UNIQUE[1:5]) + "\n").encode(),
    "a byte-order mark": ("\ufeff" + "\n".join(UNIQUE[:4]) + "\n").encode(),
    "one puzzle": (UNIQUE[0] + "\n").encode(),
    "one puzzle and a comment": ("# c\n" + UNIQUE[0]).encode(),
    "nothing": b"",
    "no last newline": "\n".join(UNIQUE[:5]).encode(),
}


@needs_core
@pytest.mark.parametrize("case", list(STDIN_CASES))
@pytest.mark.parametrize("job", ["check", "solve"])
def test_standard_input_prints_what_the_general_loop_prints(case, job):
    """``--encoding sudoku-native`` is the same engine through the general loop."""
    data = STDIN_CASES[case]
    got = _gridsat([job, "-"], data)
    want = _gridsat([job, "-", "--encoding", "sudoku-native"], data)
    assert got[0] == want[0]
    times = re.compile(r"\b\d+\.\d{3} ?s\b")  # (a batch line's "0.001s", a single answer's "0.001 s")
    assert times.sub("T", got[1]) == times.sub("T", want[1])
    assert got[2] == want[2]


@needs_core
def test_standard_input_json_records_are_the_general_loops():
    import json

    data = STDIN_CASES["other lines after the first answers"]
    got = _gridsat(["check", "-", "--json"], data)
    want = _gridsat(["check", "-", "--json", "--encoding", "sudoku-native"], data)
    assert got[0] == want[0] == 1
    strip = [{k: v for k, v in json.loads(x).items() if k != "time"} for x in got[1].splitlines()]
    assert strip == [{k: v for k, v in json.loads(x).items() if k != "time"} for x in want[1].splitlines()]


@needs_core
def test_standard_input_answers_each_block_as_its_lines_come():
    """A slow producer: the first answers come before the input ends."""
    import subprocess
    import sys

    p = subprocess.Popen([sys.executable, "-m", "gridsat.cli", "check"], stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        p.stdin.write(("\n".join(UNIQUE[:3]) + "\n").encode())
        p.stdin.flush()
        first = [p.stdout.readline() for _ in range(3)]  # (would hang if answers waited for the end)
        assert all(b": unique " in line for line in first)
        p.stdin.write((UNIQUE[3] + "\n").encode())
        p.stdin.close()
        rest = p.stdout.read()
        assert rest.count(b": unique ") == 1 and p.wait(timeout=60) == 0
    finally:
        p.kill()


@needs_core
@pytest.mark.parametrize("case, taken", [("plain", True), ("other lines after the first answers", True),
                                         ("a name on the first line", False), ("one puzzle", False),
                                         ("nothing", False)])
def test_which_standard_inputs_take_the_route(case, taken, capsys, monkeypatch, tmp_path):
    f = tmp_path / "in.txt"
    f.write_bytes(STDIN_CASES[case])
    with open(f, "rb") as fh:
        monkeypatch.setattr("sys.stdin", __import__("io").TextIOWrapper(fh))
        args = build_parser("check").parse_args(["check", "-"])
        code = block.run_stdin(args, "check")
        out = capsys.readouterr().out
        assert (code is not None) == taken
        if not taken:  # nothing printed, and the general loop reads the input from its start
            assert out == ""
            assert __import__("sys").stdin.buffer.read() == STDIN_CASES[case]


# ---------------------------------------------------------------------- the lines' kind
@needs_core
def test_the_lines_are_the_puzzles_of_the_kind_with_a_bulk_encoding():
    """The results name the encoding of the kind whose record has one, and their puzzles are that kind's."""
    import json

    from gridsat.kinds import kind_of

    kind = bulk.bulk_kind()
    assert kind.bulk_encoding and isinstance(kind.bulk_puzzle(bytes(81)), kind.puzzle_class)
    res = next(bulk.Block.start("check").run([UNIQUE[0].encode()]))
    assert type(res) is bulk.LineResult
    assert json.loads(res.to_json())["encoding"] == kind.bulk_encoding == res.encoding
    assert res.puzzle == Sudoku.classic([0 if ch == "." else int(ch) for ch in UNIQUE[0]])
    assert kind_of(res.puzzle) is kind


@needs_core
def test_status_lines_load_no_kind_package(tmp_path):
    """A status line needs no kind record: the route's start-up pays for no kind package
    (a ``--json`` record names the kind and its encoding, so it loads them)."""
    import subprocess
    import sys

    f = tmp_path / "u.txt"
    f.write_text("\n".join(UNIQUE[:3]) + "\n")
    probe = ("import sys\nfrom gridsat.cli import main\nrc = main(['check', {!r}{}])\n"
             "print(rc, sorted(m for m in sys.modules if m.startswith('gridsat.kinds.')))")
    for json_flag, loaded in (("", False), (", '--json'", True)):
        r = subprocess.run([sys.executable, "-c", probe.format(str(f), json_flag)], capture_output=True, text=True,
                           timeout=120)
        last = r.stdout.splitlines()[-1]
        assert last.startswith("0 "), r.stderr
        assert (last != "0 []") == loaded, last
