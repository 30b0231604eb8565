"""Reading is bounded by size, not by the time limit (which is each puzzle's own); running out
of memory while reading is one error line; a file is answered as it is read."""

from __future__ import annotations

import subprocess
import sys
import time

import pytest

from gridsat.cli import main
from gridsat.limits import TimeLimitReached, alarm

from cpu import cpu

CLI = [sys.executable, "-m", "gridsat.cli"]
P4 = "1...2...3...4..."  # a 4x4 line puzzle with several solutions


def _huge_board(path) -> None:
    """4.5 MB of one 1500x1500 board: seconds to read, refused only once read."""
    row = " ".join(["."] * 1500)
    path.write_text("\n".join([row] * 1500) + "\n")


def test_alarm_raises_inside_the_block_and_is_disarmed_after():
    with cpu() as spent:
        with pytest.raises(TimeLimitReached, match="too slow"):
            with alarm(0.05, "too slow"):
                while True:
                    pass
    assert spent.own < 1.0  # (the loop spins until the alarm rings)
    with alarm(None, "never"):  # no limit: nothing armed
        time.sleep(0.01)
    with alarm(0.5, "not reached"):
        pass
    time.sleep(0.6)  # disarmed on the way out: nothing rings now


def test_the_time_limit_does_not_cover_reading_a_huge_file(tmp_path):
    """The huge board is read whole and refused for its size: the same line and exit code
    with and without a time limit far shorter than the reading."""
    big = tmp_path / "huge.txt"
    _huge_board(big)
    got = [subprocess.run(CLI + ["solve", *limit, str(big)], capture_output=True, text=True, timeout=120)
           for limit in (["-t", "0.01"], [])]
    assert [r.returncode for r in got] == [2, 2], got[0].stderr
    assert got[0].stderr == got[1].stderr == f"{big}:1:1: size 1500 is larger than the supported maximum of 64\n"


def test_out_of_memory_while_reading_is_one_error_line(tmp_path):
    big = tmp_path / "huge.txt"
    _huge_board(big)
    r = subprocess.run(CLI + ["solve", "--max-memory", "100M", str(big)], capture_output=True, text=True,
                       timeout=120)
    assert r.returncode == 1, r.stderr
    assert r.stderr.strip() == f"{big}: error: out of memory while reading the input (see --max-memory)"


def test_a_file_is_answered_as_it_is_read(tmp_path, capsys):
    src = tmp_path / "many.txt"
    src.write_text("\n".join([P4, "1..x", P4]) + "\n")
    code = main(["check", "-t", "5", "-b", "minisat22", str(src)])
    out, err = capsys.readouterr()
    lines = out.splitlines()
    assert code == 1 and len(lines) == 3, (out, err)
    assert lines[0].startswith(f"{src}:1: ambiguous") and lines[2].startswith(f"{src}:3: ambiguous")
    assert lines[1].startswith(f"{src}:2") and "error" in lines[1]


def test_ctrl_c_wrapped_by_a_library_import_is_still_an_interrupt(monkeypatch, capsys):
    from gridsat.cli import count as count_cmd

    def run(args):
        try:
            raise KeyboardInterrupt
        except KeyboardInterrupt as exc:  # as a library's import guard may do
            raise ImportError("could not import a solver") from exc

    monkeypatch.setattr(count_cmd, "run", run)
    code = main(["count", "--example", "sudoku-4x4"])
    err = capsys.readouterr().err
    assert code == 130 and err.strip() == "gridsat: interrupted"
