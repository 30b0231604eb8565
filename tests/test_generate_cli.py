"""``gridsat generate``: streaming lines/JSON, seeds, jobs, layouts, improve, interruption."""

import json
import os
import signal
import subprocess
import sys
import time

import pytest

import gridsat
from gridsat import Sudoku
from gridsat.cli import main
from gridsat.formats import read_text


def _run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_sudoku_lines_reproducible(capsys):
    code, out, err = _run(capsys, "generate", "sudoku", "--seed", "5", "--count", "3")
    assert code == 0 and err == ""  # no progress bar when stderr is not a terminal
    lines = out.splitlines()
    assert len(lines) == 3 and all(len(x) == 81 for x in lines)
    for line in lines:
        p = read_text(line)[0].puzzle
        assert gridsat.check(p, backend="cpsat").status == "unique"
    _, again, _ = _run(capsys, "generate", "sudoku", "--seed", "5", "--count", "3", "--jobs", "2")
    assert again == out
    _, one, _ = _run(capsys, "generate", "sudoku", "--seed", "6")
    assert one.splitlines()[0] == lines[1]  # puzzle i of a batch uses seed + i


def test_json_lines(capsys):
    code, out, _ = _run(capsys, "generate", "sudoku", "--size", "6", "--seed", "1", "--count", "2", "--json",
                        "--symmetry", "rot180")
    rows = [json.loads(x) for x in out.splitlines()]
    assert [r["seed"] for r in rows] == [1, 2]
    for r in rows:
        assert r["givens"] == sum(ch != "." for ch in r["puzzle"])
        assert r["score"]["unique"] and r["symmetry"] == "rot180" and r["time"] > 0


def test_jigsaw_and_layout_file(capsys, tmp_path):
    code, out, _ = _run(capsys, "generate", "layouts", "--size", "6", "--seed", "3")
    layout = tmp_path / "l.txt"
    layout.write_text(out)
    code, out, _ = _run(capsys, "generate", "jigsaw", "--layout", str(layout), "--seed", "2", "--json")
    if code == 0:
        r = json.loads(out)
        p = Sudoku(6, [0 if ch == "." else int(ch) for ch in r["puzzle"].split("|")[0]], regions=r["regions"])
        assert gridsat.check(p, backend="cpsat").status == "unique"
    code, out, _ = _run(capsys, "generate", "jigsaw", "--size", "7", "--seed", "2", "--count", "2")
    assert code == 0 and all("|" in x for x in out.splitlines())


def test_layouts_all(capsys):
    assert _run(capsys, "generate", "layouts", "--size", "4", "--all", "--count-only")[1].strip() == "117"
    _, out, _ = _run(capsys, "generate", "layouts", "--size", "4", "--all")
    assert len([b for b in out.split("\n\n") if b.strip()]) == 117


def test_hidato_numbrix(capsys):
    code, out, _ = _run(capsys, "generate", "hidato", "--rows", "6", "--seed", "1", "--count", "2", "--json")
    assert code == 0 and [json.loads(x)["kind"] for x in out.splitlines()] == ["hidato", "hidato"]
    code, out, _ = _run(capsys, "generate", "numbrix", "--rows", "5", "--cols", "6", "--seed", "1", "--board")
    assert code == 0 and len(out.strip().splitlines()) == 6 and out.startswith("numbrix\n")  # header: reads back as Numbrix
    code, out, _ = _run(capsys, "generate", "hidato", "--shape", "heart", "--rotate", "90", "--seed", "1")
    assert code == 0 and out.count("/") == 12  # 13 rows after rotating the 11x13 heart


def test_improve(capsys):
    code, out, err = _run(capsys, "generate", "improve", "--time", "1", "--seed", "1", "--json", "--score", "effort")
    r = json.loads(out)
    assert code == 0 and r["history"] and r["score"] == r["history"][-1][1]
    p = Sudoku.classic([0 if ch == "." else int(ch) for ch in r["puzzle"]])
    assert gridsat.check(p, backend="cpsat").status == "unique"


def test_from_partial(capsys, tmp_path):
    f = tmp_path / "p.txt"
    f.write_text("11" + "." * 79 + "\n")  # a clash, and far too few givens
    code, out, _ = _run(capsys, "generate", "sudoku", "--from", str(f), "--seed", "1", "--json")
    r = json.loads(out)
    assert code == 0 and r["dropped"] == ["r1c2"] and r["added"]


@pytest.mark.parametrize("argv", [("sudoku", "--size", "1"), ("sudoku", "--size", "2", "--box", "1x2"),
                                  ("sudoku", "--size", "3", "--box", "1x3"), ("jigsaw", "--size", "1")])
def test_a_board_smaller_than_its_line_format_holds_is_refused(capsys, argv):
    code, out, err = _run(capsys, "generate", *argv, "--seed", "1")
    assert code == 2 and out == "" and len(err.splitlines()) == 1 and "a side of at least" in err, err


@pytest.mark.parametrize("argv", [("sudoku", "--size", "4"), ("jigsaw", "--size", "2"), ("jigsaw", "--size", "3")])
def test_the_smallest_generated_boards_read_back_unique(capsys, argv):
    code, out, _ = _run(capsys, "generate", *argv, "--seed", "1", "-n", "3")
    assert code == 0
    entries = read_text(out)
    assert len(entries) == 3 and all(gridsat.check(e.puzzle).status == "unique" for e in entries)


def test_a_one_cell_draft_is_refused(tmp_path):
    from gridsat.errors import PuzzleError
    from gridsat.kinds.sudoku.generate import from_partial, generate_jigsaw, generate_sudoku

    for make in (lambda: generate_sudoku(1, seed=1), lambda: generate_jigsaw(1, seed=1),
                 lambda: generate_jigsaw(layout="A", seed=1), lambda: from_partial(Sudoku(1, None, box=(1, 1)))):
        with pytest.raises(PuzzleError, match="a side of at least"):
            make()


def test_bad_options(capsys):
    assert _run(capsys, "generate", "sudoku", "--box", "2y3")[0] == 2
    assert _run(capsys, "generate", "hidato", "--shape", "nope")[0] == 2


@pytest.mark.skipif(os.name != "posix", reason="signals")
def test_interrupted_run_keeps_its_lines(tmp_path):
    out = tmp_path / "out.txt"
    with open(out, "w") as fh:
        proc = subprocess.Popen([sys.executable, "-m", "gridsat.cli", "generate", "sudoku", "--size", "6", "--count", "0",
                                 "--seed", "1"], stdout=fh, stderr=subprocess.PIPE,
                                preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))  # as from a shell
        deadline = time.time() + 30
        while time.time() < deadline and out.stat().st_size < 37 * 5:
            time.sleep(0.1)
        proc.send_signal(signal.SIGINT)
        proc.wait(timeout=30)
    lines = out.read_text().splitlines()
    assert proc.returncode == 130 and len(lines) >= 5
    assert all(len(x) == 36 for x in lines)  # every written line is complete


@pytest.mark.skipif(os.name != "posix", reason="pty")
def test_progress_bar_only_on_a_terminal():
    import fcntl
    import pty
    import select
    import struct
    import termios

    m, s = pty.openpty()
    fcntl.ioctl(s, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 100, 0, 0))
    p = subprocess.Popen([sys.executable, "-m", "gridsat.cli", "generate", "sudoku", "--size", "4", "--count", "20",
                          "--seed", "1"], stderr=s, stdout=subprocess.PIPE)
    out = b""
    while p.poll() is None or select.select([m], [], [], 0.3)[0]:
        if select.select([m], [], [], 0.05)[0]:
            out += os.read(m, 65536)
    os.close(s)
    os.close(m)
    assert b"20/20" in out and len(p.stdout.read().splitlines()) == 20


def test_a_kinds_own_subcommands_and_count_options_come_from_its_record(capsys):
    """``generate`` adds each kind's ``cli_generate`` subcommands, ``count`` its ``cli_count``
    options, whose run takes the command when they are given (a kind added for the test)."""
    import dataclasses

    from gridsat.kinds import get_kind, register_kind, unregister_kind

    seen = []

    def add_commands(sub):
        sub.add_parser("toy-extra", help="the toy kind's own subcommand").set_defaults(
            func=lambda args: seen.append("generate") or 0)

    def add_count(parser):
        parser.add_argument("--toy-option", action="store_true")
        return lambda args, method: (seen.append(("count", method.name)) or 0) if args.toy_option else None

    toy = dataclasses.replace(get_kind("hidato"), name="toyextra", aliases=(), generators={}, order=999,
                              puzzle_class=type("ToyExtra", (), {"kind": "toyextra"}),
                              cli_generate=add_commands, cli_count=add_count)
    register_kind(toy)
    try:
        assert main(["generate", "toy-extra"]) == 0
        assert main(["count", "--toy-option", "--method", "cpsat"]) == 0
        assert main(["count", "--layouts", "9"]) == 2  # (another kind's option: its run, not the toy's)
    finally:
        unregister_kind("toyextra")
    assert seen == ["generate", ("count", "cpsat")]
    assert "--layouts: expected an order from 1 to 5, got 9" in capsys.readouterr().err
