"""What counts as a failure when one fuzzed input goes through the readers, the command line
in-process or a real process.

* a **traceback**: an exception other than :class:`~gridsat.errors.GridsatError` escapes
  (``ParseError`` is one), or the command line prints ``Traceback``;
* a **hang**: one input takes more than :data:`HANG_SECONDS`;
* a **wrong accept**: a puzzle read from a mutated text is of another kind than the text it was
  made from, or a puzzle is read with a stored solution that the verifier refuses;
* a **bad exit**: the command line exits with a code other than 0, 1 or 2;
* an **unlocated error**: a puzzle refused without file, line and column.
"""

from __future__ import annotations

import contextlib
import io
import os
import signal
import subprocess
import sys
import tempfile
import time
import traceback
from dataclasses import dataclass

import gridsat.cli
from gridsat.errors import GridsatError
from gridsat.formats import read_text
from gridsat.formats.stream import read_stream
from gridsat.verifier import verify

__all__ = ["Finding", "FIXED", "HANG_SECONDS", "INHERENT", "KNOWN", "check_reader", "check_cli", "check_process", "unknown"]

#: an input that takes longer than this is a hang
HANG_SECONDS = 5.0

#: failures found and reported but not fixed yet: finding key -> minimal input. The suite's slice
#: tolerates these (each has a strict xfail test of its own); the campaign counts them all.
KNOWN: dict[str, str] = {
    # a Skyscrapers text that loses its header or the header's third number ('n n m' -> 'n n')
    # is a Sudoku text: an empty grid, or with its solution block a janko.at jigsaw (the
    # solution rows read as region rows)
    # (keyed without the format: the text may be read as a Sudoku in the grid formats too)
    "kind skyscrapers->sudoku":
        " 4 4\n- - - -\n- - - -\n- - - -\n- - - -\n1 4 2 3\n4 1 3 2\n2 3 4 1\n3 2 1 4\n",
    # a Str8ts text without black cells or givens whose '# str8ts' name line is mangled is an
    # empty janko.at Sudoku, word for word: only the name told them apart
    "kind str8ts->sudoku": "# strts\n4 4\n- - - -\n- - - -\n- - - -\n- - - -\n",
}


def _samurai(header: bool) -> str:
    """The samurai sample's janko.at text without its name line, damaged: with its size line and
    a digit in a hole (a 21x21 janko.at Sudoku, word for word), or without it and two rows swapped
    (21 rows of a Sudoku grid)."""
    from gridsat.formats import write
    from gridsat.kinds import KINDS

    sample = KINDS["samurai"].samples()[0]
    rows = [r for r in write(sample[0] if isinstance(sample, tuple) else sample, "samurai-janko").splitlines()
            if not r.startswith("#")]
    if header:
        cells = rows[1].split()
        cells[9] = "5"
        rows[1] = " ".join(cells)
    else:
        rows = rows[1:]
        rows[6], rows[7] = rows[7], rows[6]
    return "\n".join(rows) + "\n"


#: wrong accepts that are no fault of a reader: the damage left a text that its own kind's readers
#: refuse and that is, word for word, a text of another kind in one of its formats (mostly a
#: janko.at text that lost its name line, its header or its region rows). The campaign counts
#: them apart; a test checks each one still reads as the other kind and not as its own.
#: finding key -> a minimal input
INHERENT: dict[str, str] = {
    # a Numbrix whose one '-' became ',': a Kakuro board of black cells only
    "kind hidato->kakuro via kakuro": "3 3\n- - ,\n- - -\n- - -\n",
    # region digit + value digit: '0' is region 0 with no value, so any four such tokens are a
    # 2x2 nonomino
    "kind hidato->sudoku via nonomino": "10 0 12 0\n",
    # Kakuro rows of '-' and '0' (black and white cells) are Hidato rows ('-' a hole, '0' open)
    "kind kakuro->hidato via hidato-game": "3 - -\n- 0 0\n",
    "kind kakuro->hidato via hidato-janko": "3 3\n- 7 -\n- 0 0\n- 0 0\n",
    "kind kakuro->hidato via hidato-template": "- 0 0\n- 0 0\n",
    # a KenKen whose header is broken: its solution block is a Sudoku grid
    "kind kenken->sudoku via grid": "910 2\n\n1 2 3 4\n2 4 1 3\n3 1 4 2\n4 3 2 1\n",
    # a janko.at Killer without its header: the cage labels are a Sudoku grid
    "kind killer->sudoku via grid": "0 - - -\n7 - - -\n- - - -\n- - - -\n1 1 - -\n2 2 - -\n- - - -\n- - - -\n",
    # a janko.at Killer without cage rows: an empty janko.at Sudoku
    "kind killer->sudoku via janko-sudoku": "4 4\n- - - -\n- - - -\n- - - -\n- - - -\n",
    # janko.at Ripple Effect, Skyscrapers and Suguru without their second block: a janko.at Hidato
    "kind ripple->hidato via hidato-janko": "3 2\n3 -\n- -\n1 2\n",
    "kind skyscrapers->hidato via hidato-janko": "3 3\n3 2 1\n- - -\n- - -\n",
    "kind suguru->hidato via hidato-janko": "3 2\n- -\n- -\n1 2\n",
    "kind skyscrapers->hidato via hidato-game": "- - -\n1 2 3\n",
    "kind suguru->hidato via hidato-game": "- -\n1 2\n",
    "kind suguru->sudoku via grid": "- - - -\n- - - -\n1 1 1 1\n2 2 2 2\n",
    "kind samurai->sudoku via janko-sudoku": _samurai(True),
    "kind samurai->sudoku via grid": _samurai(False),
    # a Numbrix whose one '-' became 'x': a janko.at Str8ts with one black cell
    "kind hidato->str8ts via str8ts": "3 3\n- x -\n- - -\n- - -\n",
    # any text in brackets whose tokens number a square is a vector of Sudoku cells
    "kind ripple->sudoku via vector": "[3 2\n- -\n- -\n- -\n- -\n1 2\n2 2\n2 2]\n",
    # numbers one to a line are a Haskell matrix of one column ('-2' an open cell)
    "kind sudoku->hidato via hidato-haskell2": "2\n-2\n",
    # Sudoku rows with a '#' put in: '#' is a Hidato hole, the rows a Hidato board
    "kind sudoku->hidato via hidato": "1 # 3 4 5 6\n. . . . . .\n",
}

#: failures found and fixed: finding key -> minimal input (each is a regression test)
FIXED: dict[str, str] = {
    "kind hidato->sudoku via nonomino": "1,",  # was read as a 1x1 nonomino Sudoku
    # a header 5,000 digits wide: the Kakuro sniffer took int() of it (past Python's limit)
    # the same in a puzz.link URL's size (the Kakuro and Skyscrapers readers)
    "ValueError@format.py _one_url": "https://puzz.link/p?kakuro/" + "9" * 5000 + "/2/n0000\n",
    "ValueError@format.py sniff_janko": "# suguru\n" + "9" * 5000 + " 4\n- - - -\n- - - -\n1 1 1 1\n2 2 2 2\n",
    # a generated object whose "puzzle" line is JSON but not an object (a number, a list):
    # the Kakuro and Str8ts loaders called .get on it
    "AttributeError@format.py from_json (kakuro)": '{"puzzle":"2","":"","":"","kind":"kakuro"}',
    "AttributeError@format.py from_json (str8ts)": '{"puzzle":"[1]","kind":"str8ts"}',
    # a header number thousands of digits long reached int() in the KenKen reader, a cage sum
    # as long in the Killer line reader
    "ValueError@format.py read_janko": "4 " + "9" * 5000 + "\n- - 2x -\n]]\n",
    "ValueError@format_oneline.py parse_line": "killer ................ 00..11.......... 3," + "9" * 5000 + "\n",
    # a Str8ts JSON size of ten digits was multiplied out into a list before any range check
    "OverflowError@format.py from_json": '{"kind":"str8ts","size":9999999999,"":[[0,0,0,0,0,0]]}\n',
    # a Unicode digit in a Kakuro solution block passed str.isdigit() and failed int()
    "ValueError@format.py _solution": "3 3\n- 10, 10,\n,10 0 0\n,10 0 0\n\n3 3\n- - -\n- 1 9\n\u00b2 9 1\n",
}


def unknown(found: list["Finding"]) -> list["Finding"]:
    """The findings that are not in :data:`KNOWN` (by key, or by its part before ``via``) nor
    in :data:`INHERENT`."""
    return [f for f in found if f.key not in KNOWN and f.key.partition(" via ")[0] not in KNOWN
            and f.key not in INHERENT]


@dataclass
class Finding:
    """One failure: ``what`` (traceback, hang, wrong accept, bad exit), ``where`` (reader,
    stream, cli, process), a one-line ``detail`` and a ``key`` that groups the same failure."""

    what: str
    where: str
    detail: str
    key: str


class _Hang(BaseException):
    """Raised by the alarm: the input took too long."""


@contextlib.contextmanager
def _alarm(seconds: float):
    def ring(signum, frame):
        raise _Hang()

    old = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def _summary(exc: BaseException) -> tuple[str, str]:
    """``(detail, key)``: the exception and the innermost gridsat frame it came from."""
    frames = traceback.extract_tb(exc.__traceback__)
    inner = [f for f in frames if "gridsat" in f.filename] or frames
    where = f"{os.path.basename(inner[-1].filename)}:{inner[-1].lineno} {inner[-1].name}" if inner else "?"
    detail = f"{type(exc).__name__}: {str(exc)[:120]} at {where}"
    return detail, f"{type(exc).__name__}@{where}"


def _entries_findings(entries, kind: str | None, where: str) -> list[Finding]:
    out = []
    for e in entries:
        if not e.ok:
            err = e.error
            if err is None or err.file is None or err.line is None or err.col is None:
                out.append(Finding("unlocated error", where, f"{e.format}: {err!r}"[:160], f"unlocated via {e.format}"))
            continue
        if kind is not None and e.puzzle.kind != kind:
            out.append(Finding("wrong accept", where, f"read as {e.puzzle.kind} ({e.format}): {e.puzzle!r}",
                               f"kind {kind}->{e.puzzle.kind} via {e.format}"))
        if e.solution is not None:
            problems = verify(e.puzzle, e.solution)
            if problems:
                out.append(Finding("wrong accept", where, f"stored solution fails the verifier: {problems[0]}",
                                   f"bad solution via {e.format}"))
    return out


def check_reader(text: str, kind: str | None = None) -> list[Finding]:
    """Failures of ``read_text`` and of the stream reader (the CLI's standard input) on ``text``;
    ``kind``: the kind the text was made from (``None``: any kind is fine)."""
    out: list[Finding] = []
    for where, run in (("reader", lambda: read_text(text, "fuzz.txt")),
                       ("stream", lambda: list(read_stream(io.StringIO(text), "<stdin>")))):
        t = time.perf_counter()
        try:
            with _alarm(HANG_SECONDS * 2):
                entries = run()
        except GridsatError:
            entries = []
        except _Hang:
            out.append(Finding("hang", where, f"over {HANG_SECONDS * 2:.0f} s", f"hang in {where}"))
            continue
        except RecursionError as exc:
            out.append(Finding("traceback", where, *_summary(exc)))
            continue
        except Exception as exc:  # noqa: BLE001 - any other exception is the finding
            out.append(Finding("traceback", where, *_summary(exc)))
            continue
        took = time.perf_counter() - t
        if took > HANG_SECONDS:
            out.append(Finding("hang", where, f"{took:.1f} s", f"slow {where}"))
        try:
            out += _entries_findings(entries, kind, where)
        except Exception as exc:  # noqa: BLE001 - the verifier itself failed
            out.append(Finding("traceback", "verify", *_summary(exc)))
    return out


def check_cli(text: str, args: tuple[str, ...] = ("check", "-t", "2")) -> list[Finding]:
    """Failures of ``gridsat.cli.main([*args, FILE])`` in this process on a file holding ``text``."""
    fd, path = tempfile.mkstemp(suffix=".txt")
    with os.fdopen(fd, "w", encoding="utf-8", errors="surrogatepass") as f:
        f.write(text)
    out, err = io.StringIO(), io.StringIO()
    t = time.perf_counter()
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), _alarm(HANG_SECONDS * 6):
            rc = gridsat.cli.main([*args, path])
    except _Hang:
        return [Finding("hang", "cli", f"over {HANG_SECONDS * 6:.0f} s", "hang in cli")]
    except SystemExit as e:
        rc = e.code if isinstance(e.code, int) else 2
    except Exception as exc:  # noqa: BLE001 - an exception out of main is a traceback
        return [Finding("traceback", "cli", *_summary(exc))]
    finally:
        os.unlink(path)
    took = time.perf_counter() - t
    found = []
    if "Traceback" in out.getvalue() + err.getvalue():
        found.append(Finding("traceback", "cli", err.getvalue().strip().splitlines()[-1][:160], "printed traceback"))
    if rc not in (0, 1, 2):
        found.append(Finding("bad exit", "cli", f"exit {rc}", f"exit {rc}"))
    if took > HANG_SECONDS:
        found.append(Finding("hang", "cli", f"{took:.1f} s", "slow cli"))
    return found


def check_process(data: bytes, args: tuple[str, ...] = ("check", "-t", "2", "-")) -> list[Finding]:
    """Failures of a real ``gridsat`` process reading ``data`` on standard input."""
    t = time.perf_counter()
    try:
        proc = subprocess.run([sys.executable, "-m", "gridsat.cli", *args], input=data, capture_output=True,
                              timeout=HANG_SECONDS * 6)
    except subprocess.TimeoutExpired:
        return [Finding("hang", "process", f"over {HANG_SECONDS * 6:.0f} s", "hang in process")]
    took = time.perf_counter() - t
    found = []
    err = proc.stderr.decode("utf-8", "replace")
    if "Traceback" in err:
        found.append(Finding("traceback", "process", err.strip().splitlines()[-1][:160], "process traceback"))
    if proc.returncode not in (0, 1, 2):
        found.append(Finding("bad exit", "process", f"exit {proc.returncode}", f"exit {proc.returncode}"))
    if took > HANG_SECONDS + 3:  # start-up included
        found.append(Finding("hang", "process", f"{took:.1f} s", "slow process"))
    return found
