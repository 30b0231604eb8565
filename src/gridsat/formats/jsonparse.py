"""Bounded JSON decoding for the readers: limited nesting, limited number length, linear time.

:func:`decode_at` checks the value that starts at an offset with one regular-expression scan
(brackets outside strings, runs of digits) before :mod:`json` decodes it, so a nesting deeper
than :data:`MAX_DEPTH` or a number longer than :data:`MAX_JSON_DIGITS` is a located
:class:`~gridsat.errors.ParseError` instead of a ``RecursionError`` or Python's
4,300-digit ``ValueError``. :func:`values` yields every top-level value of a text that holds
one value, a list of values, JSON lines (one value per line, so a bad line fails alone) or
several values, each with its 1-based line and column; :class:`Locator` turns offsets into
lines and columns without recounting from the start of the text.

>>> decode_at('{"a": [1, 2]}', 0)
({'a': [1, 2]}, 13)
>>> try:
...     decode_at("[" * 100 + "]" * 100, 0)
... except ParseError as e:
...     print(e.message)
unreadable JSON: JSON nesting deeper than 32 levels
"""

from __future__ import annotations

import json
import re
from typing import Any, Iterator

from ..errors import ParseError
from .tokens import split_lines

__all__ = ["MAX_DEPTH", "MAX_JSON_DIGITS", "decode_at", "loads", "values", "Locator", "first_value"]

#: the deepest nesting of lists and objects a reader accepts (puzzles need 3)
MAX_DEPTH = 32
#: the longest run of digits a JSON number may have (Python refuses ints past 4,300 digits)
MAX_JSON_DIGITS = 100

_DECODER = json.JSONDecoder()
_SCAN = re.compile(r'"(?:[^"\\\n]|\\.)*"|[\[{]|[\]}]|[0-9]{%d,}' % (MAX_JSON_DIGITS + 1))
_WS = re.compile(r"[ \t\r\n]*")


class Locator:
    """Offsets of one text as 1-based (line, column); forward queries cost only the distance moved."""

    def __init__(self, text: str, first_line: int = 1) -> None:
        self.text = text
        self._pos, self._line, self._start = 0, first_line, 0
        self._first = first_line

    def __call__(self, pos: int) -> tuple[int, int]:
        """The (line, column) of offset ``pos``."""
        if pos < self._pos:
            self._pos, self._line, self._start = 0, self._first, 0
        t = self.text
        n = t.count("\n", self._pos, pos)
        if n:
            self._line += n
            self._start = t.rfind("\n", self._pos, pos) + 1
        self._pos = pos
        return self._line, pos - self._start + 1


def _check(text: str, start: int) -> None:
    """Raise ``ValueError((message, offset))`` for too deep nesting or too long a number in the
    value starting at ``start`` (scanning stops where that value's brackets close)."""
    depth = 0
    for m in _SCAN.finditer(text, start):
        ch = m.group()[0]
        if ch == '"':
            if depth == 0:
                return
            continue
        if ch in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                raise ValueError((f"JSON nesting deeper than {MAX_DEPTH} levels", m.start()))
        elif ch in "]}":
            depth -= 1
            if depth <= 0:
                return
        else:
            raise ValueError((f"number with more than {MAX_JSON_DIGITS} digits", m.start()))
        if depth == 0:
            return


def decode_at(text: str, pos: int, file: str | None = None,
              locate: "Locator | None" = None) -> tuple[Any, int]:
    """The JSON value starting at offset ``pos`` of ``text`` and the offset just after it.

    Raises
    ------
    ParseError
        At the offending character (located with ``locate``, or on line 1) when the value
        is not JSON, nests deeper than :data:`MAX_DEPTH` or has a number longer than
        :data:`MAX_JSON_DIGITS` digits.
    """
    where = locate or Locator(text)
    if pos < len(text) and text[pos] not in "[{":  # a scalar: only its digits need bounding
        m = re.compile(r"-?[0-9]+").match(text, pos)
        if m and len(m.group()) > MAX_JSON_DIGITS:
            raise ParseError(f"unreadable JSON: number with more than {MAX_JSON_DIGITS} digits",
                             file, *where(pos))
    else:
        try:
            _check(text, pos)
        except ValueError as e:
            msg, at = e.args[0]
            raise ParseError(f"unreadable JSON: {msg}", file, *where(at)) from None
    try:
        return _DECODER.raw_decode(text, pos)
    except json.JSONDecodeError as e:
        raise ParseError(f"unreadable JSON: {e.msg}", file, *where(e.pos)) from None
    except (ValueError, RecursionError) as e:  # defensive: limits are checked above
        raise ParseError(f"unreadable JSON: {e}", file, *where(pos)) from None


def loads(text: str, file: str | None = None, line: int = 1) -> Any:
    """The one JSON value ``text`` holds (whitespace around it allowed), bounded as :func:`decode_at`."""
    where = Locator(text, line)
    i = _WS.match(text).end()
    val, end = decode_at(text, i, file, where)
    end = _WS.match(text, end).end()
    if end < len(text):
        raise ParseError("unreadable JSON: extra data after the value", file, *where(end))
    return val


def first_value(text: str) -> Any:
    """The first JSON value of ``text`` (on its first content line if it ends there), or ``None``
    when it does not decode; for sniffers, which must never raise."""
    i = _WS.match(text).end()
    try:
        return decode_at(text, i)[0]
    except ParseError:
        return None


def _content(s: str) -> bool:
    t = s.strip()
    return bool(t) and not t.startswith("#")


def values(text: str, file: str | None = None) -> Iterator[tuple[Any, int, int]]:
    """Every top-level value of ``text``: ``(value or ParseError, line, column)``.

    ``text`` holds one value, a list ``[...]`` of values, or values one after the other.
    When the first value ends on its own line the text is read as JSON lines: each line is
    decoded on its own, so a broken line is one error and the next line reads normally.
    ``#`` lines outside a value are comments.
    """
    locate = Locator(text)
    i = _WS.match(text).end()
    if i < len(text) and text[i] == "[":
        yield from _list_values(text, i, file, locate)
        return
    lines = split_lines(text)
    first = next((k for k, s in enumerate(lines) if _content(s)), None)
    if first is None:
        return
    one_line = True
    s = lines[first]
    j = _WS.match(s).end()
    try:
        decode_at(s, j, file)
        one_line = True  # the first value ends on its line: JSON lines
    except ParseError as e:
        # broken inside the line, or cut short with the next line starting a new object
        nxt = next((t.strip() for t in lines[first + 1:] if _content(t)), "")
        one_line = (e.col is not None and e.col <= len(s.rstrip())) or nxt.startswith("{")
    if one_line:
        for k, s in enumerate(lines):
            if _content(s):
                yield from _line_values(s, k + 1, file)
        return
    yield from _stream_values(text, i, file, locate)


def _line_values(s: str, lineno: int, file) -> Iterator[tuple[Any, int, int]]:
    """The values on one line of JSON lines (usually one)."""
    where = Locator(s, lineno)
    j = _WS.match(s).end()
    first = True
    while j < len(s):
        if not first and s[j] != "{":  # more objects may follow on the line; anything else ends it
            yield ParseError("unreadable JSON: extra data after the object (one object per line)", file,
                             lineno, j + 1), lineno, j + 1
            return
        first = False
        try:
            val, end = decode_at(s, j, file, where)
        except ParseError as e:
            if e.col is not None and e.col > len(s.rstrip()):
                e = ParseError(e.message + " (the line ends before the value does: one object per line)",
                               e.file, e.line, e.col)
            yield e, lineno, e.col or 1
            return
        yield val, lineno, j + 1
        j = _WS.match(s, end).end()


def _stream_values(text: str, i: int, file, locate: Locator) -> Iterator[tuple[Any, int, int]]:
    """Values spread over several lines; after an error, reading resumes at the next line that
    starts with ``{``."""
    while i < len(text):
        if text[i] == "#":
            nl = text.find("\n", i)
            i = _WS.match(text, len(text) if nl < 0 else nl + 1).end()
            continue
        line, col = locate(i)
        try:
            val, end = decode_at(text, i, file, locate)
        except ParseError as e:
            yield e, line, col
            m = re.compile(r"\n[ \t\r]*\{").search(text, i)
            if m is None:
                return
            i = m.end() - 1
            continue
        yield val, line, col
        i = _WS.match(text, end).end()


def _list_values(text: str, i: int, file, locate: Locator) -> Iterator[tuple[Any, int, int]]:
    """The items of a top-level list, each on its own (a list of puzzles)."""
    i = _WS.match(text, i + 1).end()
    if i < len(text) and text[i] == "]":
        j = _WS.match(text, i + 1).end()
        if j < len(text):
            yield ParseError("unreadable JSON: extra data after the list", file, *locate(j)), *locate(j)
        return
    while True:
        line, col = locate(i)
        try:
            val, end = decode_at(text, i, file, locate)
        except ParseError as e:
            yield e, line, col
            return
        yield val, line, col
        i = _WS.match(text, end).end()
        if i < len(text) and text[i] == ",":
            i = _WS.match(text, i + 1).end()
            continue
        if i < len(text) and text[i] == "]":
            j = _WS.match(text, i + 1).end()
            if j < len(text):
                yield ParseError("unreadable JSON: extra data after the list", file, *locate(j)), *locate(j)
            return
        what = "end of input" if i >= len(text) else repr(text[i])
        yield ParseError(f"unreadable JSON: expected ',' or ']' in the list, found {what}", file,
                         *locate(i)), *locate(i)
        return
