"""The tokenising layer every reader goes through: lines, integers, located errors.

Readers split text with :func:`split_lines` (``\\n`` and ``\\r\\n`` only, so ``\\x1c``,
``\\x85`` or ``\\u2028`` inside a line never start a new row) and turn number tokens into
``int`` with :func:`parse_int`, which accepts ASCII digits only, an optional leading ``-``
where the format allows it, and at most :data:`MAX_DIGITS` digits. Anything else is a
:class:`~gridsat.errors.ParseError` at the token's file, line and column.

>>> split_lines("1 2\\r\\n3\\u2028 4\\n")
['1 2', '3\\u2028 4']
>>> parse_int("-12"), is_int("+8"), is_int("1_0"), is_int("\\u00b2")
(-12, False, False, False)
"""

from __future__ import annotations

from ..errors import ParseError

__all__ = ["MAX_DIGITS", "split_lines", "is_int", "parse_int"]

#: the longest number any reader accepts (the largest board value is far below 10**9)
MAX_DIGITS = 9


def split_lines(text: str) -> list[str]:
    """``text`` split into lines at ``\\n`` (a ``\\r`` before it is dropped), nothing else.

    A final newline does not make an empty last line, as with :meth:`str.splitlines`.
    """
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return [line[:-1] if line.endswith("\r") else line for line in lines]


def is_int(tok: str, signed: bool = True) -> bool:
    """Whether ``tok`` is an integer a reader accepts: ASCII digits, a leading ``-`` if
    ``signed``, at most :data:`MAX_DIGITS` digits (no ``+``, ``_``, spaces or Unicode digits)."""
    body = tok[1:] if signed and tok.startswith("-") else tok
    return 0 < len(body) <= MAX_DIGITS and body.isascii() and body.isdigit()


def parse_int(tok: str, file: str | None = None, line: int | None = None, col: int | None = None,
              signed: bool = True, what: str = "number") -> int:
    """``tok`` as an ``int``, or a :class:`ParseError` at ``file:line:col`` saying why not.

    Parameters
    ----------
    tok : str
        The token, already stripped.
    file, line, col : optional
        Where the token starts, for the error.
    signed : bool
        Whether a leading ``-`` is allowed.
    what : str
        What the token should be, for the error (``"cell value"``).
    """
    if is_int(tok, signed):
        return int(tok)
    body = tok[1:] if signed and tok.startswith("-") else tok
    if body.isascii() and body.isdigit():
        raise ParseError(f"{what} {tok[:12]}... has more than {MAX_DIGITS} digits", file, line, col)
    shown = tok if len(tok) <= 20 else tok[:20] + "..."
    raise ParseError(f"{what} expected, found {shown!r}", file, line, col)
