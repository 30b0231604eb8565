"""One reading of input, whatever the path (a file, standard input, ``--jobs``): a bad byte
fails its line, a line is read the same way everywhere, text that is no puzzle is told so,
and reading is bounded by size, not by the per-puzzle time limit."""

from __future__ import annotations

import os
import random
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from gridsat.cli import main

CLI = [sys.executable, "-m", "gridsat.cli"]
ROOT = Path(__file__).resolve().parent.parent
#: unique 9x9 puzzles; their relabellings (a permutation of the digits) are unique too
PUZZLES = [
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    "..8.15......7..8.......671....8....4.9....2.6....245..8.........5.....9213..4....",
    "....9..1...........2.5.8..4...925.43.....6...7...3.2.81...53..256..1......7.....9",
]
HIDATO = "1,0,0/0,0,0/0,0,9"  # an ambiguous 3x3 Hidato on one line


def _puzzles(n: int, seed: int = 1) -> list[str]:
    """``n`` unique 9x9 puzzles: the ones above with their digits permuted."""
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        digits = list("123456789")
        rng.shuffle(digits)
        out.append(rng.choice(PUZZLES).translate(str.maketrans("123456789", "".join(digits))))
    return out


def _gridsat(args: list[str], stdin=None, timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run(CLI + args, input=stdin, capture_output=True, timeout=timeout, cwd=ROOT)


def _answers(out: bytes, name: str) -> list[str]:
    """The lines of a batch, sorted (the runner answers out of order), without their timings,
    with standard input named as the file."""
    lines = []
    for line in out.decode().replace("<stdin>", name).splitlines():
        head, _, last = line.rpartition(" ")
        lines.append(head if last.endswith("s") and last[:-1].replace(".", "").isdigit() else line)
    return sorted(lines)


def _three_ways(path: Path, *extra: str) -> list[tuple[int, list[str]]]:
    """``check`` on ``path`` as a file, as standard input and through the runner: the exit
    code and the answers of each."""
    data = path.read_bytes()
    got = []
    for args, stdin in (([str(path)], None), (["-"], data), ([str(path), "--jobs", "2"], None)):
        r = _gridsat(["check", *extra, *args], stdin)
        assert b"Traceback" not in r.stderr, r.stderr
        got.append((r.returncode, _answers(r.stdout, str(path))))
    return got


# ---------------------------------------------------------------------- a bad byte fails its line
def test_a_bad_byte_on_line_8_fails_that_line_and_the_others_are_answered_on_every_path(tmp_path):
    lines = [p.encode() for p in _puzzles(10)]
    lines[7] = lines[7][:20] + b"\xff" + lines[7][21:]
    path = tmp_path / "ten.txt"
    path.write_bytes(b"\n".join(lines) + b"\n")
    got = _three_ways(path)
    assert got[0] == got[1] == got[2], got
    code, answers = got[0]
    assert code == 1
    assert f"{path}:8:21: error: not UTF-8 text (byte 0xff): binary input?" in answers
    assert sum(f"{path}:{i}: unique" in a for a in answers for i in range(1, 11)) == 9


@pytest.mark.parametrize("first", [b"1.3\xff", b"1" * 2_000_000], ids=["bad-byte", "too-long"])
def test_a_bad_first_line_fails_alone_when_puzzle_lines_follow(tmp_path, first):
    path = tmp_path / "first.txt"
    path.write_bytes(first + b"\n" + "\n".join(_puzzles(3)).encode() + b"\n")
    got = _three_ways(path)
    assert got[0] == got[1] == got[2], got
    code, answers = got[0]
    assert code == 1 and len(answers) == 4 and sum(": unique " in a for a in answers) == 3
    assert any(a.startswith(f"{path}:1:") and ": error: " in a for a in answers)


def test_binary_input_is_one_error_line(tmp_path):
    path = tmp_path / "blob.bin"
    path.write_bytes(random.Random(3).randbytes(5000))
    for args, stdin in (([str(path)], None), ([], path.read_bytes()), ([str(path), "--jobs", "2"], None)):
        r = _gridsat(["check", *args], stdin)
        assert r.returncode == 2 and r.stdout == b"" and len(r.stderr.splitlines()) == 1, r.stderr
        assert b"not UTF-8 text" in r.stderr


def test_the_library_reader_fails_the_line_too(tmp_path):
    from gridsat.formats import read_file

    path = tmp_path / "p.txt"
    path.write_bytes(PUZZLES[0].encode() + b"\n12 caf\xe9\n" + PUZZLES[1].encode() + b"\n")
    entries = read_file(path)
    assert [e.ok for e in entries] == [True, False, True]
    assert entries[1].error.located() == f"{path}:2:7: not UTF-8 text (byte 0xe9): binary input?"


# ---------------------------------------------------------------------- a line is read the same way
def test_a_hidato_line_after_sudoku_lines_reads_the_same_on_every_path(tmp_path):
    """The rule: each line alone, in the one-line format that owns it (here an ambiguous
    Hidato); a line that none owns is read after the line before, for its error's hint."""
    path = tmp_path / "mixed.txt"
    path.write_text("\n".join(_puzzles(3) + ["12x", HIDATO, PUZZLES[0]]) + "\n")
    got = _three_ways(path)
    assert got[0] == got[1] == got[2], got
    code, answers = got[0]
    assert code == 1
    assert f"{path}:5: ambiguous" in answers
    assert f"{path}:4:1: error: puzzle has 3 cells; expected 81 like the puzzle before" in answers


def test_a_grid_file_reads_the_same_as_a_file_and_as_standard_input(tmp_path):
    grids = ["\n".join(" ".join(p[r * 9:(r + 1) * 9]) for r in range(9)) for p in _puzzles(3)]
    path = tmp_path / "grids.txt"
    path.write_text("\n\n".join(grids) + "\n")
    got = _three_ways(path)
    assert got[0] == got[1] == got[2] and got[0][0] == 0 and len(got[0][1]) == 3, got


# ---------------------------------------------------------------------- no puzzle at all
@pytest.mark.parametrize("how", ["file", "stdin"])
def test_text_no_format_claims_is_not_a_puzzle(tmp_path, how):
    path = tmp_path / "hello.txt"
    path.write_text("hello world\n")
    r = _gridsat(["solve", str(path)] if how == "file" else ["solve"], b"hello world\n" if how == "stdin" else None)
    err = r.stderr.decode()
    name = str(path) if how == "file" else "<stdin>"
    assert r.returncode == 2 and r.stdout == b"" and len(err.splitlines()) == 1, err
    assert err.startswith(f"{name}:1:1: not a puzzle this tool reads: no format claims it (tried ")
    assert "line, " in err and "grid, " in err and "hidato-line, " in err


def test_a_broken_puzzle_still_gets_its_readers_error(capsys, tmp_path):
    path = tmp_path / "short.txt"
    path.write_text("12345\n")
    assert main(["solve", str(path)]) == 2
    assert capsys.readouterr().err == f"{path}:1:1: puzzle has 5 cells; expected a square number: " \
        "16 (4x4), 36 (6x6), 81 (9x9), 256 (16x16), 625 (25x25), ...\n"


# ---------------------------------------------------------------------- hint on an impossible grid
#: sudoku-9x9 with one more given that leaves it no solution (no two givens clash)
WRONG = "41..3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"


def test_hint_names_a_contradiction_and_exits_1_as_solve_does(tmp_path, capsys):
    wrong = tmp_path / "wrong.txt"
    wrong.write_text(WRONG + "\n")
    assert main(["solve", "-q", str(wrong)]) == 1
    assert capsys.readouterr().out.startswith("impossible:")
    assert main(["hint", str(wrong)]) == 1
    assert capsys.readouterr().out == "impossible: no solution exists\n"
    clash = tmp_path / "clash.txt"
    clash.write_text("11" + "." * 79 + "\n")
    assert main(["hint", "--json", str(clash)]) == 1
    out = capsys.readouterr().out
    assert '"status": "impossible"' in out and "1 is given twice in row 1: r1c1 and r1c2" in out
    assert main(["hint", str(tmp_path / "wrong.txt"), str(clash)]) == 1
    assert capsys.readouterr().out.splitlines()[0] == f"{wrong}:1: impossible: no solution exists"


# ---------------------------------------------------------------------- unbounded input
#: runs ``argv[2:]`` in a grandchild and writes its peak resident memory (kB) to ``argv[1]``:
#: a process's peak counts the memory of the process it was forked from until it execs, so
#: the command is forked from this small interpreter, not from the test process (whose size
#: would be counted: 425 MB in a long test run); the address-space cap is a safety net (the
#: old reader grew without bound)
_PEAK = """
import os, resource, sys
resource.setrlimit(resource.RLIMIT_AS, (3 << 30, 3 << 30))
pid = os.fork()
if pid == 0:
    os.execv(sys.executable, [sys.executable] + sys.argv[2:])
_, status, usage = os.wait4(pid, 0)
with open(sys.argv[1], "w") as f:
    f.write(str(usage.ru_maxrss))
sys.exit(os.waitstatus_to_exitcode(status))
"""


def _feed(args: list[str], stdin, tmp_path: Path) -> tuple[int, bytes, bytes, int]:
    """Run gridsat with ``stdin`` (a file, or a chunk of bytes written again and again until
    the pipe closes); its exit code, output, errors and peak resident memory (kB)."""
    peak = tmp_path / "peak"
    p = subprocess.Popen([sys.executable, "-c", _PEAK, str(peak)] + CLI[1:] + args,
                         stdin=stdin if not isinstance(stdin, bytes) else subprocess.PIPE,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT, start_new_session=True)
    if isinstance(stdin, bytes):
        def write() -> None:
            try:
                while True:
                    p.stdin.write(stdin)
            except (BrokenPipeError, ValueError, OSError):
                pass
        threading.Thread(target=write, daemon=True).start()
    watchdog = threading.Timer(180, lambda: os.killpg(p.pid, 9))  # (guards against a hang only)
    watchdog.start()
    out, err = p.stdout.read(), p.stderr.read()
    p.wait()
    watchdog.cancel()
    return p.returncode, out, err, int(peak.read_text())


@pytest.mark.parametrize("args", [["check", "-t", "1"], ["check"], ["check", "--jobs", "2", "-"]],
                         ids=["t1", "plain", "jobs"])
def test_dev_zero_is_refused_with_one_error_line_in_bounded_memory(args, tmp_path):
    with open("/dev/zero", "rb") as zero:
        code, out, err, peak = _feed(args, zero, tmp_path)
    assert (code, out) == (2, b""), err[-300:]
    assert err.decode().splitlines() == [
        "<stdin>:1:1: a line longer than 32 MiB, with no end in sight: not puzzle text (the rest of the input is not read)"]
    assert peak < 400_000, peak  # kB: the reader keeps at most a line's cap, not the stream


@pytest.mark.parametrize("chunk,error", [
    (b"7" * 65536, "<stdin>:1:1: a line longer than 32 MiB, with no end in sight"),
    (b"\n" * 65536, "<stdin>:262145:1: no puzzle in the first 256 KiB, only blank lines and comments"),
    (b"y\n" * 32768, "<stdin>: input longer than 32 MiB that is not one puzzle per line"),
], ids=["no-newline", "blank-lines", "lines-read-whole"])
@pytest.mark.parametrize("limit", [["-t", "1"], []], ids=["t1", "no-t"])
def test_an_endless_pipe_is_refused_with_one_error_line_in_bounded_memory(chunk, error, limit, tmp_path):
    code, out, err, peak = _feed(["check", *limit], chunk, tmp_path)
    lines = err.decode().splitlines()
    assert (code, out, len(lines)) == (2, b"", 1), err[-300:]
    assert lines[0].startswith(error)
    assert peak < 400_000, peak


def test_a_long_line_among_puzzles_is_its_error_and_the_rest_is_answered(tmp_path):
    path = tmp_path / "long.txt"
    path.write_text("\n".join(_puzzles(2) + ["1" * 2_000_000] + _puzzles(2, seed=2)) + "\n")
    got = _three_ways(path)
    assert got[0] == got[1] == got[2], got
    assert got[0][0] == 1 and len(got[0][1]) == 5
    assert f"{path}:3:1: error: a line longer than 1 MiB, longer than any puzzle this tool reads: not puzzle text?" \
        in got[0][1]


def test_the_block_routes_caps_are_the_readers():
    from gridsat.cli import block
    from gridsat.formats import stream

    assert (block._LINE_CAP, block._SKIP_CAP, block._KEEP_BYTES) == \
        (stream.MAX_LINE_BYTES, stream.MAX_TEXT_BYTES, stream.HEAD_BYTES)


# ---------------------------------------------------------------------- -t is per puzzle, not per file
def test_the_time_limit_does_not_cover_reading_a_file(tmp_path):
    """A grid file (read whole) takes longer to read than the limit: every puzzle is still
    answered, as without the limit."""
    grids = ["\n".join(" ".join(p[r * 9:(r + 1) * 9]) for r in range(9)) for p in _puzzles(2000)]
    path = tmp_path / "grids.txt"
    path.write_text("\n\n".join(grids) + "\n")
    fast = _gridsat(["check", "-t", "0.05", str(path)])  # (per puzzle: room for a loaded machine)
    plain = _gridsat(["check", str(path)])
    assert fast.returncode == plain.returncode == 0, fast.stderr[-300:]
    assert _answers(fast.stdout, str(path)) == _answers(plain.stdout, str(path))
    assert len(fast.stdout.splitlines()) == 2000 and fast.stderr == b""


def test_a_bad_long_line_exits_the_same_with_and_without_a_time_limit(tmp_path):
    path = tmp_path / "one.txt"
    path.write_text("1" * 2_000_000 + "\n")
    got = [_gridsat(["check", *limit, str(path)]) for limit in (["-t", "0.01"], [])]
    assert [r.returncode for r in got] == [2, 2]
    assert got[0].stderr == got[1].stderr == (
        f"{path}:1:1: a line longer than 1 MiB, longer than any puzzle this tool reads: not puzzle text?\n").encode()
