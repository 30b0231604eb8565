"""One command line: the same option names, exit 2 for every usage or input error, validated
numbers, ``gridsat help CMD``, examples in every help, clean ``-o`` errors, one error line for
binary input, writers on every command (``--output-format``, ``convert``), and the format
read named in the status line and the JSON records."""

from __future__ import annotations

import io
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

import gridsat
from gridsat.cli import build_parser, main
from gridsat.examples import list_examples, load_example
from gridsat.formats import get_format, list_formats, read_text, write

ROOT = Path(__file__).resolve().parents[1]
P4 = "1...........4..1"
OWN_COMMANDS = ["solve", "count", "check", "convert", "generate", "render", "export", "examples", "formats",
                "backends", "encodings", "bench"]


def run(argv, capsys, stdin=None, monkeypatch=None):
    if stdin is not None:
        if isinstance(stdin, bytes):
            stream = io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8", errors="surrogateescape")
        else:
            stream = io.StringIO(stdin)
        monkeypatch.setattr(sys, "stdin", stream)
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def one_clean_error(err: str) -> None:
    assert "Traceback" not in err
    assert len([ln for ln in err.splitlines() if not ln.startswith(("usage:", " "))]) == 1, err


# ------------------------------------------------------------------ numbers and names
@pytest.mark.parametrize("argv", [
    ["generate", "hidato", "--rows", "0"],
    ["generate", "hidato", "--cols", "-2"],
    ["generate", "hidato", "--density", "2"],
    ["generate", "hidato", "--density", "-0.1"],
    ["generate", "sudoku", "--count", "-1"],
    ["generate", "sudoku", "--size", "0"],
    ["generate", "sudoku", "--jobs", "-1"],
    ["generate", "sudoku", "--givens", "-3"],
    ["generate", "improve", "--time", "-1"],
    ["generate", "improve", "--time", "nan"],
    ["generate", "layouts", "--size", "0"],
    ["count", "--limit", "0", "--example", "sudoku-4x4"],
    ["count", "--limit", "-1", "--example", "sudoku-4x4"],
    ["count", "--limit", "many", "--example", "sudoku-4x4"],
    ["solve", "--time-limit", "-1", "--example", "sudoku-4x4"],
    ["check", "-t", "0", "--example", "sudoku-4x4"],
    ["count", "-t", "inf", "--example", "sudoku-4x4"],
    ["render", "--dpi", "0", "--example", "sudoku-4x4"],
    ["bench", "--limit", "0", "--example", "sudoku-4x4"],
], ids=lambda a: " ".join(a[:4]))
def test_numeric_options_out_of_range_are_usage_errors(capsys, argv):
    code, out, err = run(argv, capsys)
    assert code == 2 and out == ""
    one_clean_error(err)


def test_generate_takes_backend_and_keeps_solver_as_hidden_alias(capsys):
    for flag in ("--backend", "-b", "--solver"):
        code, out, err = run(["generate", "sudoku", "--size", "4", "--seed", "3", flag, "minisat22"], capsys)
        assert code == 0 and len(out.strip()) == 16, err
    code, out, _ = run(["generate", "sudoku", "-h"], capsys)
    assert "--backend" in out and "--solver" not in out


def test_generate_unknown_backend_is_a_usage_error(capsys):
    code, out, err = run(["generate", "sudoku", "--size", "4", "--backend", "nope"], capsys)
    assert code == 2 and "python-sat solver" in err
    one_clean_error(err)


@pytest.mark.parametrize("argv", [
    ["solve", "--example", "nope"],
    ["count", "--backend", "nope", "--example", "sudoku-4x4"],
    ["check", "--format", "nope", "--example", "sudoku-4x4"],
    ["convert", "--to", "nope", "--example", "sudoku-4x4"],
    ["convert", "--to", "line", "--example", "nope"],
    ["render", "--to", "gif", "--example", "sudoku-4x4"],
    ["export", "--to", "dimacs", "--example", "nope"],
    ["examples", "nope"],
    ["solve", "--json", "--output-format", "line", "--example", "sudoku-4x4"],
    ["solve", "--output-format", "nope", "--example", "sudoku-4x4"],
], ids=lambda a: " ".join(a[:3]))
def test_usage_and_input_errors_exit_2_in_every_command(capsys, argv):
    code, out, err = run(argv, capsys)
    assert code == 2 and "Traceback" not in err


# ------------------------------------------------------------------ help
@pytest.mark.parametrize("cmd", OWN_COMMANDS + ["generate hidato", "generate sudoku", "generate layouts"])
def test_help_cmd_is_cmd_dash_h_and_has_examples(capsys, cmd):
    words = cmd.split()
    code, via_help, _ = run(["help", *words], capsys)
    code2, via_h, _ = run([*words, "-h"], capsys)
    assert code == code2 == 0 and via_help == via_h
    assert "example" in via_help.lower()
    assert f"gridsat {words[0]}" in via_help.split("example", 1)[1]


def test_help_without_command_and_with_an_unknown_one(capsys):
    code, out, _ = run(["help"], capsys)
    assert code == 0 and "COMMAND" in out and "convert" in out
    code, _, err = run(["help", "nope"], capsys)
    assert code == 2 and "invalid choice" in err


def test_each_command_is_registered_by_the_module_commands_names():
    """A command line starting with a command builds only that module's parser: the table
    must name every command, and a one-command parser must read its options as the full one."""
    import argparse

    from gridsat.cli import COMMANDS, _module

    for name in set(COMMANDS.values()):
        sub = argparse.ArgumentParser().add_subparsers()
        _module(name).register(sub)
        assert set(sub.choices) == {c for c, m in COMMANDS.items() if m == name}, name
    def commands(parser):
        return next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction)).choices

    full, one = build_parser(), build_parser("check")
    assert list(commands(full)) == list(COMMANDS) + ["help"] and list(commands(one)) == ["check"]
    argv = ["check", "a.txt", "--json", "--time-limit", "2", "--backend", "minisat22"]
    assert vars(one.parse_args(argv)) == vars(full.parse_args(argv))
    assert commands(one)["check"].format_help() == commands(full)["check"].format_help()


def test_help_examples_parse(capsys):
    """Every 'gridsat ...' line of the helps is a command line the parser accepts."""
    parser = build_parser()
    for cmd in OWN_COMMANDS:
        code, out, _ = run([cmd, "-h"], capsys)
        for line in out.split("example", 1)[1].splitlines():
            line = line.strip().split("|")[-1].strip()
            if line.startswith("gridsat "):
                words = line.split()[1:]
                words = [w for w in words if w not in (">",) and not w.endswith((".jsonl",))]
                parser.parse_known_args(words[: words.index(">")] if ">" in words else words)


# ------------------------------------------------------------------ -o
@pytest.mark.parametrize("argv", [
    ["render", "-o", "/nonexistent-gridsat/x.svg"],
    ["render", "-o", "{tmp}"],
    ["export", "--to", "dimacs", "-o", "{tmp}"],
    ["export", "--to", "dimacs", "-o", "/nonexistent-gridsat/x.cnf"],
    ["convert", "--to", "line", "-o", "/nonexistent-gridsat/x.txt"],
    ["convert", "--to", "line", "-o", "{tmp}"],
    ["bench", "-o", "/nonexistent-gridsat/runs.csv"],
    ["render", "-o", "{file}/x.svg"],
], ids=["render-missing", "render-dir", "export-dir", "export-missing", "convert-missing", "convert-dir",
        "bench-missing", "render-under-a-file"])
def test_output_paths_that_cannot_be_written_are_one_error_line(capsys, tmp_path, argv):
    f = tmp_path / "plain.txt"
    f.write_text("x")
    argv = [a.replace("{tmp}", str(tmp_path)).replace("{file}", str(f)) for a in argv]
    code, out, err = run(argv + ["--example", "sudoku-4x4"], capsys)
    assert code == 2 and out == ""
    one_clean_error(err)
    assert "cannot write" in err


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write anywhere")
def test_unwritable_file_is_one_error_line(capsys, tmp_path):
    f = tmp_path / "ro.svg"
    f.write_text("")
    f.chmod(0o444)
    code, _, err = run(["render", "-o", str(f), "--example", "sudoku-4x4"], capsys)
    assert code == 2 and "permission denied" in err
    one_clean_error(err)


# ------------------------------------------------------------------ binary input
@pytest.mark.parametrize("cmd", ["check", "solve", "count", "convert --to line"])
def test_binary_stdin_is_one_error_line(capsys, monkeypatch, cmd):
    data = random.Random(7).randbytes(1000)
    code, out, err = run(cmd.split(), capsys, data, monkeypatch)
    assert code == 2 and out == ""
    one_clean_error(err)
    assert err.startswith("<stdin>:") and "UTF-8" in err


def test_nul_byte_on_stdin_is_binary(capsys, monkeypatch):
    code, out, err = run(["check"], capsys, b"1...\x00.......4..1\n", monkeypatch)
    assert code == 2 and "binary input" in err
    one_clean_error(err)


def test_good_lines_before_a_binary_line_still_answer(capsys, monkeypatch):
    code, out, err = run(["solve"], capsys, (P4 + "\n" + P4 + "\n").encode() + b"\xff\xfe\n", monkeypatch)
    lines = out.splitlines()
    assert code == 1 and len(lines) == 3
    assert lines[0].startswith("<stdin>:1: solved") and lines[1].startswith("<stdin>:2: solved")
    assert lines[2].startswith("<stdin>:3:1: error: not UTF-8")


def test_binary_stdin_in_a_real_process():
    data = random.Random(11).randbytes(1000)
    r = subprocess.run([sys.executable, "-m", "gridsat.cli", "check"], input=data, capture_output=True)
    assert r.returncode == 2 and r.stdout == b""
    assert len(r.stderr.decode().splitlines()) == 1


# ------------------------------------------------------------------ examples and packaging
def test_examples_include_hidato_and_numbrix():
    kinds = {}
    for name, _ in list_examples():
        p = load_example(name)
        kinds.setdefault(p.kind, []).append(p)
    assert "hidato" in kinds and "sudoku" in kinds
    assert any(p.is_numbrix for p in kinds["hidato"]) and any(not p.is_numbrix for p in kinds["hidato"])
    for name, _ in list_examples():
        res = gridsat.count(load_example(name), 6, keep=6)
        assert res.count >= 1 and all(gridsat.verify(res.puzzle, s) == [] for s in res.solutions)


def test_pyproject_license_is_an_spdx_string():
    tomllib = pytest.importorskip("tomllib")
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert data["project"]["license"] == "MIT"
    req = [r for r in data["build-system"]["requires"] if r.startswith("setuptools")]
    assert req and int(req[0].split(">=")[1].split(".")[0]) >= 77  # the first to read SPDX strings


# ------------------------------------------------------------------ writers
def _same(a, b) -> bool:
    def core(p):
        d = json.loads(write(p, "json"))
        d.pop("name", None)
        d.pop("solution", None)
        return d
    return core(a) == core(b)


def _writable(kind):
    return [f.name for f in list_formats(kind)]


CASES = [(ex, fmt) for ex in ("sudoku-4x4", "jigsaw-9x9", "hidato-8x8", "numbrix-9x9")
         for fmt in _writable(load_example(ex).kind)]


@pytest.mark.parametrize("example,fmt", CASES, ids=[f"{e}-{f}" for e, f in CASES])
def test_solve_output_format_reads_back_with_a_verified_solution(capsys, example, fmt):
    puzzle = load_example(example)
    code, out, err = run(["solve", "-q", "--example", example, "--output-format", fmt], capsys)
    if code == 2:  # the format cannot hold this puzzle (a jigsaw in 'line', a king Hidato in 'numbrix')
        assert "error:" in err and out == ""
        pytest.skip(f"{fmt} does not hold {example}: {err.strip()}")
    assert code == 0, err
    entries = [e for e in read_text(out, format=fmt, kind=puzzle.kind)]
    assert entries and entries[0].ok, entries[0].error
    back = entries[0]
    if _same(back.puzzle, puzzle):  # the puzzle, with the solution beside it (if the format has room)
        assert back.solution is None or gridsat.verify(puzzle, back.solution) == []
    else:  # formats that hold one board write the solved board
        board = getattr(back.puzzle, "given_values", None) or back.puzzle.givens
        assert gridsat.verify(puzzle, tuple(board)) == [], out


def test_output_format_of_another_kind_is_a_usage_error(capsys):
    code, out, err = run(["solve", "--example", "hidato-8x8", "--output-format", "line"], capsys)
    assert code == 2 and out == "" and "holds sudoku puzzles, not hidato" in err


def test_output_format_sends_the_status_line_to_stderr(capsys):
    code, out, err = run(["check", "--example", "sudoku-4x4", "--output-format", "vector"], capsys)
    assert code == 0 and err.startswith("unique:") and out.startswith("[") and out.count("\n") == 1


def test_generate_output_format(capsys):
    code, out, err = run(["generate", "sudoku", "--size", "4", "--seed", "5", "-n", "2", "-O", "grid"], capsys)
    entries = read_text(out, format="grid")
    assert code == 0 and len(entries) == 2 and all(e.ok for e in entries)
    code, out, err = run(["generate", "hidato", "--rows", "4", "--seed", "5", "-O", "json"], capsys)
    assert code == 0 and json.loads(out)["kind"] == "hidato"
    code, out, err = run(["generate", "hidato", "--rows", "4", "-O", "vector"], capsys)
    assert code == 2 and "not hidato" in err


# ------------------------------------------------------------------ convert
def test_convert_round_trip(capsys, tmp_path):
    code, out, _ = run(["convert", "--to", "vector", "--example", "sudoku-4x4"], capsys)
    assert code == 0 and _same(read_text(out)[0].puzzle, load_example("sudoku-4x4"))
    target = tmp_path / "out.jsonl"
    code, out, err = run(["convert", "--to", "json", "--example", "sudoku-4x4", "--example", "hidato-8x8",
                          "-o", str(target)], capsys)
    assert code == 0 and out == "" and "wrote" in err
    back = read_text(target.read_text())
    assert [e.puzzle.kind for e in back] == ["sudoku", "hidato"]


def test_convert_keeps_going_past_bad_entries(capsys, monkeypatch):
    code, out, err = run(["convert", "--to", "line", "-"], capsys, P4 + "\nxx\n" + P4 + "\n", monkeypatch)
    assert code == 1 and out.splitlines() == [P4, P4] and err.startswith("<stdin>:2:")


def test_convert_nothing_readable_or_wrong_kind_exits_2(capsys, monkeypatch):
    code, out, _ = run(["convert", "--to", "line", "-"], capsys, "xx\n", monkeypatch)
    assert code == 2 and out == ""
    code, out, err = run(["convert", "--to", "hidato", "--example", "sudoku-4x4"], capsys)
    assert code == 2 and out == "" and "not sudoku" in err


def test_convert_writes_stored_solutions_unless_told(capsys, monkeypatch):
    sol = gridsat.solve(read_text(P4)[0].puzzle).solution
    line = P4 + " " + "".join(map(str, sol))
    code, out, _ = run(["convert", "--to", "line", "-"], capsys, line + "\n", monkeypatch)
    assert code == 0 and out.strip() == line
    code, out, _ = run(["convert", "--to", "line", "--no-solution", "-"], capsys, line + "\n", monkeypatch)
    assert code == 0 and out.strip() == P4


# ------------------------------------------------------------------ the format read
def test_status_line_and_json_name_the_format_read(capsys, tmp_path):
    p = tmp_path / "p.txt"
    p.write_text(write(read_text(P4)[0].puzzle, "vector"))
    code, out, _ = run(["solve", str(p)], capsys)
    assert code == 0 and "[vector format, " in out.splitlines()[0] and "4x4 sudoku" in out
    code, out, _ = run(["solve", "--json", str(p)], capsys)
    rec = json.loads(out)
    assert rec["format"] == "vector" and rec["kind"] == "sudoku"
    code, out, _ = run(["check", "--json", "--example", "hidato-8x8"], capsys)
    rec = json.loads(out)
    assert rec["kind"] == "hidato" and get_format(rec["format"]).kind == "hidato"


def test_a_puzzle_link_on_the_command_line_is_the_puzzle(capsys):
    from gridsat.cli import main

    assert main(["check", "-q", "https://puzz.link/p?sudoku/4/4/g1k23k3g"]) == 0
    assert "puzzlink format" in capsys.readouterr().out
    assert main(["check", "https://example.com/x"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("<link>:1:1: not a puzzle link")
