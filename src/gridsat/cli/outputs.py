"""What the commands write: an error line, a puzzle in a text format, a checked output path.

:func:`fail` prints a usage or input error as one line (``file:line:col: message`` when it
is located, never a traceback) and returns the usage exit code; :func:`write_puzzle` spells
a puzzle with its solution in a text format; :func:`checked_output` says before any work
whether an output file can be written.
"""

from __future__ import annotations

import sys

from ..errors import ParseError
from .exitcodes import EXIT_USAGE

__all__ = ["fail", "write_puzzle", "checked_output"]


def fail(err: "Exception | str") -> int:
    """Print a usage/parse error (``file:line:col: message`` when located, no traceback); return 2."""
    if isinstance(err, ParseError) and (err.file or err.line):
        text = err.located()
    else:
        text = f"gridsat: {err.message if isinstance(err, ParseError) else err}"
    print(text, file=sys.stderr, flush=True)
    return EXIT_USAGE


def write_puzzle(puzzle, fmt: str, solution=None) -> str:
    """``puzzle`` (with ``solution``) in text format ``fmt``, ending in a newline; a text of
    several lines gets a blank line after it, so that many of them read back as one file.

    Raises
    ------
    ParseError
        The format cannot hold this puzzle (another kind, a region map the format has no
        place for, a size it cannot spell).
    """
    from ..formats import write_or_refuse

    text = write_or_refuse(puzzle, fmt, solution).rstrip("\n") + "\n"
    return text + "\n" if text.count("\n") > 1 else text


def checked_output(path: str):
    """``path`` as a :class:`~pathlib.Path` that can be written, or a :class:`ParseError`
    saying why not (a folder, a missing folder, no permission)."""
    import os
    from pathlib import Path

    out = Path(path)
    parent = out.parent
    if out.is_dir():
        raise ParseError(f"cannot write {path}: it is a folder; give a file name")
    if not parent.exists():
        raise ParseError(f"cannot write {path}: no such folder {str(parent)!r}")
    if not parent.is_dir():
        raise ParseError(f"cannot write {path}: {str(parent)!r} is not a folder")
    if (out.exists() and not os.access(out, os.W_OK)) or (not out.exists() and not os.access(parent, os.W_OK)):
        raise ParseError(f"cannot write {path}: permission denied")
    return out
