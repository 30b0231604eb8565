"""The ``gridsat`` command line, through ``main(argv)`` (fast) and as a real subprocess."""

from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from gridsat.cli import main

DATA = Path(__file__).parent / "data"
BATCH = DATA / "sudoku_batch.txt"
P4 = "1...........4..1"  # 4x4 with 3 givens: many solutions
CLASH4 = "11.............."
EMPTY9 = "." * 81


def run(argv, capsys, stdin: str | None = None, monkeypatch=None):
    if stdin is not None:
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def write(tmp_path, name, text):
    p = tmp_path / name
    p.write_text(text)
    return str(p)


# ------------------------------------------------------------------ single puzzles
def test_solve_example_prints_status_and_board(capsys):
    code, out, err = run(["solve", "--example", "sudoku-9x9"], capsys)
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0].startswith("solved: 9x9 sudoku, 3x3 boxes, 18 givens [")
    assert "verified" in lines[0]
    assert lines[4] == "------+-------+------" and len(lines) == 12


def test_check_jigsaw_example_is_unique(capsys):
    code, out, _ = run(["check", "--example", "jigsaw-9x9"], capsys)
    assert code == 0
    assert out.startswith("unique: 9x9 sudoku, jigsaw regions, 24 givens")
    assert "+" in out


@pytest.mark.parametrize("example", ["sudoku-4x4", "sudoku-6x6", "sudoku-16x16"])
def test_check_small_examples(capsys, example):
    code, out, _ = run(["check", "-q", "--example", example], capsys)
    assert code == 0 and out.startswith("unique:") and len(out.splitlines()) == 1


def test_count_with_and_without_limit(capsys, tmp_path):
    f = write(tmp_path, "empty4.txt", "." * 16 + "\n")
    code, out, _ = run(["count", "-q", f], capsys)
    assert code == 0 and out.startswith("ambiguous: 288 solutions:")
    code, out, _ = run(["count", "-q", "--limit", "10", f], capsys)
    assert code == 0 and "at least 10 solutions (limit reached)" in out


@pytest.mark.parametrize("backend", ["minisat22", "cadical153", "cpsat"])
def test_backend_option(capsys, backend):
    code, out, _ = run(["solve", "--json", "--example", "sudoku-6x6", "--backend", backend], capsys)
    d = json.loads(out)
    assert code == 0 and d["backend"] == backend and d["status"] == "solved" and d["verified"]


def test_encoding_option(capsys):
    code, out, _ = run(["check", "--json", "--example", "sudoku-4x4", "--encoding", "cnf-minimal"], capsys)
    d = json.loads(out)
    assert code == 0 and d["encoding"] == "cnf-minimal" and d["status"] == "unique"


def test_impossible_and_ambiguous_exit_1(capsys, tmp_path):
    code, out, _ = run(["solve", write(tmp_path, "clash.txt", CLASH4)], capsys)
    assert code == 1 and out.startswith("impossible:") and "reason: 1 is given twice in row 1" in out
    code, out, _ = run(["check", "-q", write(tmp_path, "amb.txt", P4)], capsys)
    assert code == 1 and out.startswith("ambiguous:")
    assert out.splitlines()[1].startswith("two solutions differ at r")
    code, out, _ = run(["count", "-q", write(tmp_path, "clash2.txt", CLASH4)], capsys)
    assert code == 0 and out.startswith("impossible: 0 solutions")  # counting zero is an answer


def test_time_limit_gives_unknown(capsys):
    code, out, _ = run(["check", "--json", "--example", "sudoku-25x25", "-b", "cpsat", "-t", "0.0001"], capsys)
    d = json.loads(out)
    assert code == 1 and d["status"] == "unknown" and "time limit" in d["reason"]


def test_box_option(capsys, tmp_path):
    f = write(tmp_path, "twelve.txt", "." * 144)
    code, out, _ = run(["solve", "-q", f], capsys)
    assert code == 0 and "3x4 boxes" in out
    code, out, _ = run(["solve", "--box", "2x6", f], capsys)
    assert code == 0 and "2x6 boxes" in out
    assert out.splitlines()[3] == "-" * 12 + "+" + "-" * 12


def test_numbers_option_for_16x16(capsys):
    code, out, _ = run(["solve", "--numbers", "--example", "sudoku-16x16"], capsys)
    assert code == 0 and "16" in out.splitlines()[1]


# ------------------------------------------------------------------ batches
def test_batch_with_one_bad_line(capsys):
    code, out, err = run(["solve", str(BATCH)], capsys)
    assert code == 1
    lines = out.splitlines()
    assert len(lines) == 4, out
    assert lines[0].startswith(f"{BATCH}:3: solved ")
    assert lines[1].startswith(f"{BATCH}:5: solved ") and lines[1].endswith("# 2.5")
    assert lines[2] == f"{BATCH}:6:1: error: puzzle has 8 cells; expected 81 like the puzzle before"
    assert lines[3].startswith(f"{BATCH}:7: solved ") and lines[3].endswith("# trailing comment")
    sol = lines[0].split()[2]
    assert len(sol) == 81 and sol.isdigit()


def test_batch_json_lines(capsys):
    code, out, _ = run(["check", "--json", str(BATCH)], capsys)
    assert code == 1
    objs = [json.loads(line) for line in out.splitlines()]
    assert [o["line"] for o in objs] == [3, 5, 6, 7]
    assert [o["status"] for o in objs] == ["unique", "unique", "error", "unique"]
    for o in objs:
        assert o["file"] == str(BATCH)
    good = objs[0]
    for key in ("name", "status", "solution", "count", "complete", "verified", "time", "backend", "encoding"):
        assert key in good
    assert good["complete"] and good["verified"] and len(good["solution"]) == 81
    assert objs[1]["name"] == "2.5"
    assert objs[2]["col"] == 1 and "8 cells" in objs[2]["error"]


def test_several_files_and_examples(capsys, tmp_path):
    f = write(tmp_path, "a.txt", P4 + "\n")
    code, out, _ = run(["solve", f, "--example", "sudoku-4x4", f], capsys)
    lines = out.splitlines()
    assert code == 0 and len(lines) == 3
    assert lines[0].startswith("example:sudoku-4x4:2: solved")
    assert lines[1].startswith(f"{f}:1: solved")


def test_stdin_dash_and_implicit(capsys, monkeypatch):
    code, out, _ = run(["solve", "-q", "-"], capsys, stdin=P4, monkeypatch=monkeypatch)
    assert code == 0 and out.startswith("solved: 4x4")
    code, out, _ = run(["solve", "--json"], capsys, stdin=P4 + "\n" + P4 + "\n", monkeypatch=monkeypatch)
    objs = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and [o["file"] for o in objs] == ["<stdin>", "<stdin>"] and [o["line"] for o in objs] == [1, 2]


def test_stdin_mixed_line_formats(capsys, monkeypatch):
    # classic lines, then a jigsaw line, then classic again: each line read in the line format that owns it
    jig = ".56............3.....1..........2..6|AABBBBAAABBCDAEEECDDECCCDDEEFCDFFFFF"
    stdin = "\n".join([P4, jig, P4]) + "\n"
    code, out, _ = run(["solve", "--json"], capsys, stdin=stdin, monkeypatch=monkeypatch)
    objs = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and [o["status"] for o in objs] == ["solved"] * 3
    assert [len(o["solution"]) for o in objs] == [16, 36, 16]
    code, out, _ = run(["solve", "--json", "--format", "line"], capsys, stdin=stdin, monkeypatch=monkeypatch)
    objs = [json.loads(line) for line in out.splitlines()]
    assert code == 1 and "error" in objs[1] and objs[2]["status"] == "solved"  # forced: the jigsaw line fails alone


def test_a_json_line_after_line_format_puzzles_is_read_as_json(capsys, monkeypatch):
    # `gridsat generate sudoku >> f; gridsat generate kakuro --json >> f`: each line in its own format,
    # as a stream that starts with JSON lines reads a puzzle line after them
    obj = json.dumps({"kind": "kakuro", "rows": 3, "cols": 3,
                      "cells": [[[0, 0], [4, 0], [3, 0]], [[0, 4], None, None], [[0, 3], None, None]]})
    bad = json.dumps({"kind": "kakuro", "rows": 2})
    for stdin in ("\n".join([P4, obj, P4, bad]) + "\n", "\n".join([obj, P4, bad, P4]) + "\n"):
        code, out, _ = run(["solve", "--json"], capsys, stdin=stdin, monkeypatch=monkeypatch)
        objs = [json.loads(line) for line in out.splitlines()]
        assert code == 1 and len(objs) == 4, out
        got = {o["line"]: o["error"] if o["status"] == "error" else o["status"] for o in objs}
        assert sorted(v for v in got.values() if v == "solved") == ["solved"] * 3
        assert [v for v in got.values() if v != "solved"] == ['"rows" and "cols" must be the board\'s size'], got


def test_format_and_kind_options(capsys, tmp_path):
    f = write(tmp_path, "v.txt", "[1 0 0 0 0 0 0 0 0 0 4 0 0 0 0 1]")
    code, out, _ = run(["solve", "--json", "--format", "vector", "--kind", "sudoku", f], capsys)
    assert code == 0 and json.loads(out)["solution"][0] == 1
    code, out, _ = run(["solve", "--format", "json", f], capsys)  # two bad entries, nothing loaded: 2
    assert code == 2 and out.startswith(f"{f}:1:2: error: expected a JSON object per puzzle, got int")


# ------------------------------------------------------------------ usage and parse errors
@pytest.mark.parametrize("argv,pattern", [
    (["solve", "--backend", "nope", "--example", "sudoku-4x4"], "gridsat: no backend 'nope'"),
    (["solve", "--encoding", "nope", "--example", "sudoku-4x4"], "gridsat: no encoding 'nope'"),
    (["solve", "--box", "3by4", "--example", "sudoku-4x4"], "gridsat: box must look like RxC"),
    (["solve", "--format", "nope", "--example", "sudoku-4x4"], "gridsat: unknown format 'nope'"),
    (["solve", "--example", "nope"], "no example 'nope'; known:"),
    (["solve", "--time-limit", "-1", "--example", "sudoku-4x4"], "argument -t/--time-limit: must be above 0"),
    (["count", "--limit", "0", "--example", "sudoku-4x4"], "argument -l/--limit: must be at least 1"),
], ids=["backend", "encoding", "box", "format", "example", "time-limit", "limit"])
def test_usage_errors_exit_2(capsys, argv, pattern):
    code, out, err = run(argv, capsys)
    assert code == 2 and pattern in err and "Traceback" not in err and out == ""


def test_parse_error_single_puzzle_exits_2_with_location(capsys, tmp_path):
    f = write(tmp_path, "bad.txt", "# comment\n" + "." * 10 + "x" + "." * 70 + "\n")
    code, out, err = run(["solve", f], capsys)
    assert code == 2 and out == ""
    assert err.strip() == f"{f}:2:11: bad character 'x' (expected 1-9, '.' or '0' for empty)"


def test_missing_file_and_empty_input(capsys, tmp_path, monkeypatch):
    code, _, err = run(["solve", str(tmp_path / "nope.txt")], capsys)
    assert code == 2 and err.strip() == f"{tmp_path / 'nope.txt'}: no such file"
    code, _, err = run(["solve"], capsys, stdin="\n# nothing\n", monkeypatch=monkeypatch)
    assert code == 2 and err.strip() == "<stdin>:1:1: empty input: no puzzle found"


def test_missing_file_in_a_batch_is_one_error(capsys, tmp_path):
    f = write(tmp_path, "ok.txt", P4)
    code, out, _ = run(["solve", str(tmp_path / "nope.txt"), f], capsys)
    assert code == 1
    assert out.splitlines()[0] == f"{tmp_path / 'nope.txt'}: error: no such file"


def test_argparse_errors_exit_2(capsys):
    code, _, err = run(["solve", "--no-such-option"], capsys)
    assert code == 2 and "unrecognized arguments" in err
    code, _, err = run([], capsys)
    assert code == 2 and "usage:" in err


# ------------------------------------------------------------------ listings
@pytest.mark.parametrize("argv,want", [
    (["backends"], ["minisat22", "cpsat", "time_limit", "minicard         cnf", "(default for sudoku above 32x32, ",
                    "(default for sudoku up to 9x9, sudoku 10x10 to 16x16)", "(default for jigsaw, sudoku 17x17 to 32x32, killer puzzles up to 16x16)",
                    "(default for sudoku up to 9x9 without the C core, ", "(default for hidato and numbrix under 400 cells, "]),
    (["--list-backends"], ["cadical153"]),
    (["encodings"], ["cnf-extended", "cpsat-int", "no assumptions (default for sudoku above 32x32, ",
                      "next-number clauses (default for hidato and numbrix without the compiled search)"]),
    (["--list-encodings"], ["cnf-regionlits"]),
    (["examples"], ["sudoku-4x4", "sudoku-25x25", "jigsaw-9x9"]),
    (["--list-examples"], ["sudoku-16x16"]),
    (["solve", "--list-examples"], ["sudoku-6x6"]),
    (["formats"], ["line", "grid", "nonomino", "vector", "json"]),
    (["examples", "sudoku-4x4"], ["# 4x4 sudoku"]),
], ids=lambda v: " ".join(v) if isinstance(v, list) and isinstance(v[0], str) and v[0][0] in "-bcefs" else None)
def test_listings(capsys, argv, want):
    code, out, _ = run(argv, capsys)
    assert code == 0
    for w in want:
        assert w in out


def test_examples_command_prints_parseable_text(capsys, tmp_path):
    _, out, _ = run(["examples", "jigsaw-9x9"], capsys)
    code, out2, _ = run(["check", "-q", write(tmp_path, "j.txt", out)], capsys)
    assert code == 0 and out2.startswith("unique: 9x9 sudoku, jigsaw regions")


# ------------------------------------------------------------------ real processes
def gridsat_cmd() -> list[str]:
    exe = Path(sys.executable).parent / "gridsat"
    return [str(exe)] if exe.exists() else [sys.executable, "-m", "gridsat.cli"]


def proc(args, stdin=None, timeout=60):
    return subprocess.run(gridsat_cmd() + args, input=stdin, capture_output=True, text=True, timeout=timeout)


def test_subprocess_demo_commands():
    r = proc(["solve", "--example", "sudoku-9x9"])
    assert r.returncode == 0 and r.stdout.startswith("solved:") and r.stderr == ""
    r = proc(["check", "--example", "jigsaw-9x9"])
    assert r.returncode == 0 and r.stdout.startswith("unique:")


def test_subprocess_exit_codes_stdin_and_no_traceback():
    r = proc(["solve", "--json", "-"], stdin=P4 + "\n")
    assert r.returncode == 0 and json.loads(r.stdout)["status"] == "solved"
    r = proc(["check", str(BATCH)])
    assert r.returncode == 1 and len(r.stdout.splitlines()) == 4
    r = proc(["solve", "-"], stdin="1234567890\n")
    assert r.returncode == 2 and r.stderr.startswith("<stdin>:1:1: puzzle has 10 cells") and "Traceback" not in r.stderr
    r = proc(["solve", "--backend", "nope", "-"], stdin=P4)
    assert r.returncode == 2 and "Traceback" not in r.stderr


def test_batch_builds_the_base_formula_once():
    # a fresh process: the first 9x9 pays for the formula, the rest of the batch reuses it
    r = proc(["check", "--backend", "minisat22", "--json", str(BATCH)])
    objs = [json.loads(line) for line in r.stdout.splitlines() if '"error"' not in line]
    assert len(objs) == 3
    assert objs[0]["time"]["build"] > 0
    assert all(o["time"]["build"] == 0 for o in objs[1:])


def test_hidato_through_the_same_cli(capsys, monkeypatch):
    code, out, _ = run(["check", "--kind", "hidato", "-"], capsys, stdin="6 0 9\n0 2 8\n1 0 0\n",
                       monkeypatch=monkeypatch)
    assert code == 0 and out.splitlines()[1:] == ["6 7 9", "5 2 8", "1 4 3"]


def test_stdin_line_format_streams():
    # the answer to the first line arrives before standard input is closed
    p = subprocess.Popen(gridsat_cmd() + ["solve", "-"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True)
    try:
        # one puzzle of lookahead decides between single-puzzle and batch output
        p.stdin.write("# streamed\n" + P4 + "\n" + P4 + "\n")
        p.stdin.flush()
        first = p.stdout.readline()
        p.stdin.write("12\n" + P4 + "\n")
        p.stdin.close()
        rest = p.stdout.read()
        p.wait(timeout=30)
    finally:
        if p.poll() is None:
            p.kill()
    assert first.startswith("<stdin>:2: solved 1")
    assert rest.splitlines()[0].startswith("<stdin>:3: solved 1")
    # (a line is read as in a file: its error names the size of the puzzle before it)
    assert rest.splitlines()[1] == "<stdin>:4:1: error: puzzle has 2 cells; expected 16 like the puzzle before"
    assert rest.splitlines()[2].startswith("<stdin>:5: solved")
    assert p.returncode == 1


def test_stdin_whole_text_formats(capsys, monkeypatch):
    grid = "1 . . .\n. . . .\n. . 4 .\n. . . 1\n"
    code, out, _ = run(["solve", "-q"], capsys, stdin=grid, monkeypatch=monkeypatch)
    assert code == 0 and out.startswith("solved: 4x4 sudoku")
    compact = "53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n7...2...6\n.6....28.\n...419..5\n....8..79\n"
    code, out, _ = run(["solve", "-q"], capsys, stdin=compact, monkeypatch=monkeypatch)
    assert code == 0 and out.startswith("solved: 9x9 sudoku")
    jl = '{"givens": "' + P4 + '"}\n{"givens": "' + P4 + '"}\n'
    code, out, _ = run(["solve"], capsys, stdin=jl, monkeypatch=monkeypatch)
    assert code == 0 and [line.split(":")[1] for line in out.splitlines()] == ["1", "2"]


def test_python_dash_m_entry_point():
    r = subprocess.run([sys.executable, "-m", "gridsat.cli", "check", "-q", "--example", "sudoku-4x4"],
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 0 and r.stdout.startswith("unique:")


@pytest.mark.skipif(os.name != "posix", reason="SIGINT delivery")
def test_ctrl_c_keeps_written_results_and_exits_130(tmp_path):
    # a quick puzzle, then an endless count: the first line must be out before the interrupt
    f = write(tmp_path, "long.txt", P4 + "\n" + EMPTY9 + "\n")
    p = subprocess.Popen(gridsat_cmd() + ["count", "--limit", "1000000000", f], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                         preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))  # as from a shell
    first = p.stdout.readline()
    time.sleep(0.3)
    p.send_signal(signal.SIGINT)
    try:
        rest, err = p.communicate(timeout=30)
    finally:
        if p.poll() is None:
            p.kill()
    assert first.startswith(f"{f}:1: ambiguous count=")
    assert p.returncode == 130
    assert "interrupted" in err and "Traceback" not in err
    assert rest.startswith(f"{f}:2: ") and "(interrupted)" in rest  # the count so far of the second


@pytest.mark.parametrize("text", ["\u00b2\n", "1 2\n\u0663 4\n", "[1 0 \u00b2 0 0 0 0 0 0 0 0 0 0 0 0 0]\n",
                                  "11 22 \u00b2\n", "1,0,\u00b2/0,0,0/0,0,9\n"],
                         ids=["alone", "grid", "vector", "nonomino", "hidato-line"])
def test_unicode_digits_are_one_located_error(capsys, monkeypatch, text):
    """Digits other than ASCII 0-9 (which str.isdigit accepts) are refused with one located line."""
    code, out, err = run(["check"], capsys, stdin=text, monkeypatch=monkeypatch)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and err.startswith("<stdin>:")
