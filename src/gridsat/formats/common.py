"""What text formats share, whatever their kind: box shapes, solution checks, comments and names.

>>> parse_box("2x3"), strip_comment("1 2 3  # row one")
((2, 3), ('1 2 3  ', 'row one'))
"""

from __future__ import annotations

import re
from typing import Any, Callable, Iterator, Sequence, Union

from ..errors import GridsatError, ParseError
from .base import Entry, locate
from .tokens import is_int, split_lines

__all__ = ["parse_box", "check_solution", "strip_comment", "NAME_RE", "HEADER_RE", "COMMENT_RE", "header_name",
           "token_rows", "is_size_header", "read_header_blocks", "SIZE_LINE", "words", "is_comment_line",
           "LineCursor", "read_blocks", "LazyPattern"]

class LazyPattern:
    """A regular expression compiled when it is first used (a command line that never reads a
    text of this shape does not pay for it); it has the methods of :class:`re.Pattern`.

    >>> LazyPattern(r"a+", re.I).match("AAb").group()
    'AA'
    """

    _ATTRS = ("match", "fullmatch", "search", "finditer", "findall", "sub", "subn", "split", "scanner",
              "pattern", "flags", "groups", "groupindex")

    def __init__(self, pattern: str, flags: int = 0) -> None:
        self._source = (pattern, flags)

    def __getattr__(self, name: str) -> Any:
        compiled = re.compile(*self.__dict__["_source"])
        for attr in self._ATTRS:  # (then read without this method)
            self.__dict__[attr] = getattr(compiled, attr)
        return getattr(compiled, name)

    def __repr__(self) -> str:
        return f"LazyPattern({self._source[0]!r})"


#: a ``# name: ...`` (or ``; name: ...``) comment line that names the next puzzle.
NAME_RE = LazyPattern(r"^\s*[#;]+\s*name\s*:\s*(.*?)\s*$", re.I)


def parse_box(text: "str | Sequence[int] | None") -> tuple[int, int] | None:
    """``"3x4"`` (or ``(3, 4)``) as a box shape ``(rows, cols)``; ``None`` stays ``None``.

    Raises :class:`ParseError` for text that is not ``RxC``.
    """
    if text is None:
        return None
    if isinstance(text, str):
        m = re.fullmatch(r"\s*([0-9]{1,3})\s*[xX*,]\s*([0-9]{1,3})\s*", text)
        if not m:
            raise ParseError(f"box must look like RxC (e.g. 3x4), got {text!r}")
        return int(m.group(1)), int(m.group(2))
    r, c = text
    return int(r), int(c)


def check_solution(puzzle: Any, sol: Sequence[int]) -> None:
    """Raise :class:`ParseError` with the verifier's first problem unless ``sol`` is a correct
    answer to ``puzzle`` (a stored solution is verified by :func:`gridsat.verify`)."""
    from ..verifier import verify

    problems = verify(puzzle, sol)
    if problems:
        raise ParseError(problems[0])


def strip_comment(line: str, marks: str = "#") -> tuple[str, str | None]:
    """``line`` split at the first comment mark: ``(content, comment text or None)``."""
    if len(marks) == 1:  # (the usual case, without a generator)
        idx = line.find(marks)
    else:
        idx = min((i for i in (line.find(m) for m in marks) if i >= 0), default=-1)
    if idx < 0:
        return line, None
    return line[:idx], line[idx:].lstrip(marks).strip()


# ---------------------------------------------------------------------- multi-puzzle text files
#: a header line that names the puzzle after it: ``Grid 01`` (Project Euler 96), ``Puzzle 3: easy``
HEADER_RE = LazyPattern(r"^\s*([A-Za-z]{2,}(?:\s+#?|\s*#)\s*[0-9][^\n]*?|[A-Za-z]{2,}(?:\s+[A-Za-z]+)*\s*:.*?)\s*$")
#: a comment line (``# text`` or ``; text``): names the next puzzle when it comes right before it
COMMENT_RE = LazyPattern(r"^\s*[#;]+\s*(.*?)\s*$")


def header_name(line: str) -> str | None:
    """The puzzle name a header line gives (``Grid 01``, ``# name: easy``, ``# easy``), else ``None``.

    >>> header_name("Grid 01"), header_name("# name: easy one"), header_name("5 3 . .")
    ('Grid 01', 'easy one', None)
    """
    m = NAME_RE.match(line)
    if m:
        return m.group(1)
    m = COMMENT_RE.match(line)
    if m:
        return m.group(1) or None
    m = HEADER_RE.match(line)
    if m and not _LABEL_WORDS.match(line):
        return m.group(1)
    return None


_LABEL_WORDS = LazyPattern(r"^\s*(givens|puzzle|regions?|solution)\s*:?\s*$", re.I)


# ---------------------------------------------------------------------- janko.at's header blocks
# a line of token_rows(): ``(line, [(token, col), ...])``, or for a comment line
# ``(line, name or None)``
_TokenRow = tuple[int, Union[list[tuple[str, int]], str, None]]


def token_rows(text: str, limit: int | None = None) -> list[_TokenRow]:
    """The lines of ``text`` split into tokens, for the block formats (janko.at's texts).

    Parameters
    ----------
    text : str
        The text.
    limit : int, optional
        Read only the first ``limit`` lines (what a sniff looks at).

    Returns
    -------
    list
        A content line as ``(line, [(token, col), ...])`` (1-based line and column, a ``#``
        comment after the content dropped); a comment-only line as ``(line, name)``, the name
        it gives (:func:`header_name`, ``None`` for none); blank lines are left out.

    >>> token_rows("4 4\\n# easy\\n 1 - # c\\n")
    [(1, [('4', 1), ('4', 3)]), (2, 'easy'), (3, [('1', 2), ('-', 4)])]
    """
    out: list[_TokenRow] = []
    lines = split_lines(text) if limit is None else text.split("\n", limit)[:limit]
    for lineno, raw in enumerate(lines, 1):
        content, _ = strip_comment(raw.rstrip("\r"))
        if not content.strip():
            if raw.strip():
                out.append((lineno, header_name(raw)))
            continue
        out.append((lineno, _tokens(content)))
    return out


def _tokens(content: str) -> list[tuple[str, int]]:
    """The tokens of a line with their 1-based columns: its runs of characters that are not
    white space (:meth:`str.split`'s words), each found from the end of the one before (only
    white space lies between, so the first match is the token itself)."""
    row = []
    at = 0
    for tok in content.split():
        at = content.find(tok, at)
        row.append((tok, at + 1))
        at += len(tok)
    return row


def is_size_header(toks: Any) -> bool:
    """Whether a row of :func:`token_rows` is a ``rows cols`` header (two unsigned numbers)."""
    return isinstance(toks, list) and len(toks) == 2 and all(is_int(t, signed=False) for t, _ in toks)


#: ``build(header, body, line, file, name) -> puzzle``: ``header`` the header's tokens, ``body``
#: the content rows up to the next header, ``line`` the header's line
BuildBlock = Callable[[list, list, int, "str | None", "str | None"], Any]
#: ``solution(puzzle, header, body, file) -> solution or None``: ``None`` when the block is not a
#: solution of ``puzzle`` by its shape; a :class:`ParseError` when it is one but a wrong one
SolutionBlock = Callable[[Any, list, list, "str | None"], "tuple[int, ...] | None"]


def read_header_blocks(text: str, file: str | None, fmt: str, build: BuildBlock,
                       solution: SolutionBlock | None = None) -> list[Entry]:
    """Read a text of blocks, each a ``rows cols`` header and the rows up to the next header.

    A ``# name`` comment line before a header names the puzzle; a content line where a header
    should be is an error entry, and reading goes on at the next header.

    Parameters
    ----------
    text, file : str
        The text and its name (for errors).
    fmt : str
        The format's name, for the entries.
    build : callable
        Makes the puzzle of a block (:data:`BuildBlock`); a :class:`GridsatError` it raises
        becomes the block's error entry, located at the header where it names no place.
    solution : callable, optional
        Takes a block right after a puzzle as that puzzle's solution (:data:`SolutionBlock`),
        instead of reading it as the next puzzle.

    Returns
    -------
    list of Entry
        One a puzzle or error (an empty text: one error entry).
    """
    rows = token_rows(text)
    out: list[Entry] = []
    i, name = 0, None
    while i < len(rows):
        line, toks = rows[i]
        if not isinstance(toks, list):
            name = toks or name
            i += 1
            continue
        if not is_size_header(toks):
            err = ParseError("expected a 'rows cols' header line such as '9 9'", file, line, toks[0][1])
            out.append(Entry(None, err, file, line, None, fmt))
            i += 1
            while i < len(rows) and not is_size_header(rows[i][1]):
                i += 1
            continue
        j = i + 1
        while j < len(rows) and isinstance(rows[j][1], list) and not is_size_header(rows[j][1]):
            j += 1
        body = rows[i + 1:j]
        prev = out[-1] if out else None
        try:
            if solution is not None and prev is not None and prev.ok and prev.solution is None:
                sol = solution(prev.puzzle, toks, body, file)
                if sol is not None:
                    prev.solution = tuple(sol)
                    i, name = j, None
                    continue
            out.append(Entry(build(toks, body, line, file, name), None, file, line, None, fmt))
        except GridsatError as e:
            out.append(Entry(None, locate(e, file, line, 1), file, line, None, fmt))
        i, name = j, None
    if not out:
        out.append(Entry(None, ParseError("empty input: no puzzle found", file, 1, 1), file, 1, None, fmt))
    return out


# ---------------------------------------------------------------------- blank-line separated blocks
#: a ``rows cols`` size line (two numbers of at most three digits)
SIZE_LINE = LazyPattern(r"^\s*([0-9]{1,3})\s+([0-9]{1,3})\s*$")
_WORD = LazyPattern(r"\S+")


def words(line: str) -> list[tuple[str, int]]:
    """The words of a line with their 1-based columns.

    >>> words(" 1 - 23")
    [('1', 2), ('-', 4), ('23', 6)]
    """
    return [(m.group(), m.start() + 1) for m in _WORD.finditer(line)]


def is_comment_line(line: str) -> bool:
    """Whether ``line`` is a ``#`` comment line."""
    return line.lstrip().startswith("#")


def line_blocks(text: str) -> list[list[tuple[int, str]]]:
    """Blocks of ``(line number, line)``: runs of non-blank lines, ``#`` comment lines left out.

    >>> line_blocks("# a\\n1 2\\n3 4\\n\\n\\n5\\n")
    [[(2, '1 2'), (3, '3 4')], [(6, '5')]]
    """
    return list(iter_line_blocks(text))


def iter_line_blocks(text: str) -> Iterator[list[tuple[int, str]]]:
    """:func:`line_blocks`'s blocks one at a time, each read only when it is asked for (a
    sniffer that reads the first block leaves the rest of the text unread)."""
    block: list[tuple[int, str]] = []
    for no, raw in enumerate(text.split("\n"), 1):
        line = raw.rstrip("\r")
        if is_comment_line(line):
            continue
        if not line.strip():
            if block:
                yield block
                block = []
            continue
        block.append((no, line))
    if block:
        yield block


class LineCursor:
    """A cursor over the lines of a text (:func:`~gridsat.formats.tokens.split_lines`), for the
    readers of blank-line separated blocks: ``lines``, the index ``i`` of the next line."""

    def __init__(self, text: str) -> None:
        self.lines = split_lines(text)
        self.i = 0

    def done(self) -> bool:
        """Whether every line is read."""
        return self.i >= len(self.lines)

    def peek(self) -> str:
        """The next line (not consumed)."""
        return self.lines[self.i]


def read_blocks(text: str, file: str | None, fmt: str,
                puzzle: Callable[[LineCursor, "str | None"], "tuple[Any, int]"],
                solution: Callable[[LineCursor, Any], "tuple[int, ...]"], *,
                lead: "re.Pattern[str] | None" = None, directive: Callable[[str, int], bool] | None = None,
                after_error: Callable[[], None] | None = None) -> list[Entry]:
    """Read a text of puzzles separated by blank lines, each maybe followed by its solution.

    A ``#`` comment right before a puzzle names it; a comment that says ``solution`` makes the
    next block the solution of the puzzle before it. A bad block is an error entry, and reading
    goes on after the next blank line.

    Parameters
    ----------
    text, file : str
        The text and its name (for errors).
    fmt : str
        The format's name, for the entries.
    puzzle : callable
        ``puzzle(cursor, name) -> (puzzle, first line)``: reads a block from the cursor's line.
    solution : callable
        ``solution(cursor, puzzle) -> values``: reads a solution block of ``puzzle`` (checked).
    lead : re.Pattern, optional
        Words a naming comment starts with that are not the name (the kind's own word).
    directive : callable, optional
        ``directive(line, lineno) -> bool``: a comment the format reads itself (no name).
    after_error : callable, optional
        Called after a bad block.

    Returns
    -------
    list of Entry
        One a puzzle (with its solution, if the text gives one) or an error.
    """
    cur = LineCursor(text)
    out: list[Entry] = []
    name = None
    solution_next = False
    while not cur.done():
        line = cur.peek()
        if not line.strip():
            cur.i += 1
            name = None
            continue
        if is_comment_line(line):
            if directive is None or not directive(line, cur.i + 1):
                said = line.strip().lstrip("#").strip()
                solution_next = bool(re.match(r"(?i)solution\b", said))
                said = lead.sub("", said) if lead is not None else said
                name = None if solution_next else (said or None)
            cur.i += 1
            continue
        lineno = cur.i + 1
        try:
            if solution_next and out and out[-1].ok:
                out[-1].solution = solution(cur, out[-1].puzzle)
            else:
                made, start = puzzle(cur, name)
                out.append(Entry(made, None, file, start, None, fmt))
        except ParseError as e:
            out.append(Entry(None, e if e.line is not None else ParseError(e.message, file, lineno, 1),
                             file, lineno, None, fmt))
            while not cur.done() and cur.peek().strip():  # go on after the next blank line
                cur.i += 1
            if after_error is not None:
                after_error()
        solution_next = False
        name = None
    return out
