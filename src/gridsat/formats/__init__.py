"""Reading and writing puzzles as text, with format detection.

Each format lives in its own module and registers itself in :mod:`.base` when imported
(this package imports them all); :func:`gridsat.formats.stream.read_stream` reads a stream
of puzzles as its lines arrive.

>>> from gridsat.formats import read_text, write
>>> [e.puzzle for e in read_text("1..4\\n..1.\\n.1..\\n4..1\\n")]
[<Sudoku 4x4 2x2 boxes, 6 givens>]
>>> write(read_text("1...........4..1")[0].puzzle, "vector")
'[1 0 0 0 0 0 0 0 0 0 4 0 0 0 0 1]\\n'
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Sequence

from ..errors import GridsatError, ParseError
from ..kinds import KINDS
from .base import (FORMATS, JSON_KINDS, Entry, Format, get_format, list_formats, register_format,
                   register_json_kind)
# importing a format module registers its formats (and JSON kinds): every kind's own modules
# (its record's ``format_modules``), then the one-line and JSON formats that serve every kind
for _kind in KINDS.values():
    for _module in _kind.format_modules:
        importlib.import_module(_module)
from . import oneline as _oneline  # noqa: E402,F401  (jigsaw-line, hidato-line, numbrix-line)
from . import jsonfmt as _jsonfmt  # noqa: E402,F401  (json)
from .oneline import LINE_HEAD_WORDS
from .sudoku_common import parse_box
from .tokens import split_lines
from ..puzzles.text import format_board, line_string

if TYPE_CHECKING:
    from pathlib import Path

    from ..puzzles import Hidato, Sudoku

__all__ = ["Entry", "Format", "FORMATS", "JSON_KINDS", "get_format", "list_formats", "register_format",
           "register_json_kind", "read_text", "read_file", "write", "write_or_refuse", "detect_format", "format_board",
           "line_string", "parse_box"]


def _has_content(text: str) -> bool:
    for raw in split_lines(text):
        s = raw.strip()
        if s and (not s.startswith(("#", ";")) or s.startswith(("#,", "#/"))):  # '#,0,5/...': a Hidato line
            return True
    return False


def _formats_for(kind: str | None) -> list[Format]:
    """Formats that can hold ``kind``; a kind no format declares may name formats (``numbrix`` -> ``numbrix-*``)."""
    fmts = list_formats(kind)
    if kind is not None and not any(f.kind == kind for f in fmts):
        fmts += [f for f in list_formats() if f.name == kind or f.name.startswith(kind + "-")]
    return fmts


#: a longer text is told by its first lines, up to the first line end past this many characters
SNIFF_CHARS = 1 << 16


def _head(text: str) -> str:
    """The part of ``text`` the format is told from (see :data:`SNIFF_CHARS`)."""
    if len(text) <= SNIFF_CHARS:
        return text
    cut = text.find("\n", SNIFF_CHARS)
    return text if cut < 0 else text[:cut + 1]


def detect_format(text: str, kind: str | None = None, file: str | None = None) -> Format:
    """The format ``text`` is unambiguously in, told from its head (its first lines, up to
    :data:`SNIFF_CHARS` characters) as a file's type is.

    Formats whose ``sniff`` accepts the text compete: a format for one kind beats the
    any-kind ``json``, then the highest ``priority`` wins; a tie between kinds is
    ambiguous unless ``kind`` is given. When no format sniffs the text, a best guess is
    returned so its reader can explain what is wrong; text with neither a digit nor an
    empty cell's mark (``.``, ``_``, ``*``), such as prose, is no puzzle at all: a
    :class:`ParseError` says so and names the formats tried.
    """
    fmts = _formats_for(kind)
    text = _head(text)
    cands = [f for f in fmts if (f.kind_sniff if kind is not None and f.kind_sniff else f.sniff)(text)]
    # kinds whose record guesses a format for text none of their formats claims (Sudoku)
    guessers = [k for k in KINDS.values() if k.guess_format is not None and kind in (None, k.name)]
    for k in guessers:
        if not any(f.kind == k.name for f in cands):
            name = k.guess_format(text, early=True)  # e.g. a broken line-format puzzle
            if name:
                return FORMATS[name]
    specific = [f for f in cands if f.kind != "*"]
    if specific:
        cands = specific
    if len({f.kind for f in cands}) > 1:
        cands = _cross_kind(text, cands, file)
    if cands:
        top = max(f.priority for f in cands)
        best = [f for f in cands if f.priority == top]
        if len({f.kind for f in best}) > 1:
            names = ", ".join(f"{f.name} ({f.kind})" for f in best)
            raise ParseError(f"ambiguous input: it reads as {names}; give --kind or --format", file, 1, 1)
        if kind is None and best[0].kind_sniff is not None:
            # a cautious format (its kind is often confused with another): the other kinds' best
            # guesses must not read the text too
            others = [FORMATS[n] for n in (k.guess_format(text, early=False) for k in guessers
                                           if k.name != best[0].kind) if n]
            _cross_kind(text, [best[0]] + others, file)
        return best[0]
    if fmts and not _puzzle_like(text):
        raise ParseError(f"not a puzzle this tool reads: no format claims it (tried "
                         f"{', '.join(f.name for f in fmts)}; see 'gridsat formats')", file, *_first_content(text))
    guess = _guess_one_line(text, fmts)
    if guess is not None:
        return guess  # a broken generated line: let its reader say what is wrong
    for k in guessers:
        name = k.guess_format(text, early=False)  # the most plausible format, for a precise error
        if name:
            return FORMATS[name]
    if not fmts:
        raise ParseError(f"no format reads {kind!r} puzzles", file, 1, 1)
    raise ParseError(f"cannot tell the format of this {kind} input; give --format "
                     f"({', '.join(f.name for f in fmts)})", file, 1, 1)


#: characters one of which every puzzle text holds: a digit, or an empty cell's mark
_CELL_MARKS = frozenset("0123456789._*")


def _puzzle_like(text: str) -> bool:
    """Whether ``text`` could be a broken puzzle (a reader's error then says what is wrong):
    its content (not comments) holds a digit or an empty cell's mark; text without any, such
    as prose, is no puzzle at all."""
    for raw in split_lines(text):
        s = raw.strip()
        if s and (not s.startswith(("#", ";")) or s.startswith(("#,", "#/"))) and not _CELL_MARKS.isdisjoint(s):
            return True
    return False


def _first_content(text: str) -> tuple[int, int]:
    """The line and column of the first content (not blank, not a comment) in ``text``."""
    for lineno, raw in enumerate(split_lines(text), 1):
        s = raw.strip()
        if s and not s.startswith(("#", ";")):
            return lineno, len(raw) - len(raw.lstrip()) + 1
    return 1, 1


def _cross_kind(text: str, cands: list[Format], file: str | None) -> list[Format]:
    """Formats of several kinds claim ``text``: keep those whose reader reads all of it; when
    readers of two kinds do, the text is ambiguous (a :class:`ParseError` asks for ``--kind``).
    When none reads it, all stay (the highest priority then explains what is wrong)."""
    best: dict[str, Format] = {}
    for f in cands:
        if f.kind not in best or f.priority > best[f.kind].priority:
            best[f.kind] = f
    reads = []
    for f in best.values():
        try:
            entries = f.read(text, file)
        except Exception:  # noqa: BLE001 - a reader that fails here just does not read the text
            continue
        if entries and all(e.ok for e in entries):
            reads.append((f, entries))
    if len(reads) > 1:
        what = "; ".join(f"as {len(es)} {f.kind} puzzle{'s' if len(es) > 1 else ''} ({f.name}: "
                         f"{es[0].puzzle!r})" for f, es in reads)
        raise ParseError(f"ambiguous input: it reads {what}; give --kind to say which", file, 1, 1)
    if reads:
        return [f for f in cands if f.kind == reads[0][0].kind]
    return cands


def _guess_one_line(text: str, fmts: list[Format]) -> Format | None:
    """``jigsaw-line`` for a first token ``...|...``, ``hidato-line`` for ``..,../..``; else ``None``."""
    for raw in split_lines(text):
        s = raw.strip()
        if not s or (s.startswith(("#", ";")) and not s.startswith(("#,", "#/"))):
            continue
        toks = s.split()
        if toks[0].lower() in LINE_HEAD_WORDS and len(toks) > 1:
            toks = toks[1:]
        tok = toks[0]
        names = [f.name for f in fmts]
        if "|" in tok and not tok.startswith("|") and "jigsaw-line" in names:
            return FORMATS["jigsaw-line"]
        if "/" in tok and "," in tok and not tok.startswith(("[", "{")):
            for name in ("hidato-line", "numbrix-line"):
                if name in names:
                    return FORMATS[name]
        return None
    return None


def read_text(text: str, file: str | None = None, format: str | None = None, kind: str | None = None,
              box: "str | tuple[int, int] | None" = None) -> list[Entry]:
    """Puzzles in ``text``, one :class:`Entry` each (a bad puzzle is an entry with an ``error``).

    Parameters
    ----------
    text : str
    file : str, optional
        Source name used in error locations.
    format : str, optional
        Force a format (see :func:`list_formats`); default: detect it.
    kind : str, optional
        Only consider formats of this puzzle kind (``"sudoku"``, ``"hidato"``).
    box : str or (int, int), optional
        Box shape (``"2x3"``) for classic puzzles whose text does not say; default
        :func:`gridsat.puzzles.default_box`.

    Raises
    ------
    ParseError
        Only when nothing can be read at all (empty input, unknown or ambiguous format);
        errors inside puzzles are reported per entry.
    """
    if kind is not None and not any(f.kind != "*" for f in _formats_for(kind)):
        raise ParseError(f"unknown kind {kind!r}; known: {', '.join(sorted(KINDS))}, or a format family "
                         f"such as numbrix or jigsaw", file)
    if not _has_content(text):
        raise ParseError("empty input: no puzzle found", file, 1, 1)
    if format is not None:
        fmt = get_format(format)
        if kind is not None and fmt not in _formats_for(kind):
            raise ParseError(f"format {fmt.name} holds {fmt.kind} puzzles, not {kind}", file)
    else:
        fmt = detect_format(text, kind, file)
    options = {"box": parse_box(box) if box is not None else None, "kind": kind}
    opts = {k: v for k, v in options.items() if k in fmt.options and v is not None}
    return fmt.read(text, file, **opts)


def read_file(path: "str | Path", format: str | None = None, kind: str | None = None,
              box: "str | tuple[int, int] | None" = None) -> list[Entry]:
    """The entries of a file, read as every source is read
    (:func:`gridsat.formats.stream.read_stream`): a file of one-line puzzles line by line, a
    line that is not UTF-8 text an entry with its located error; an unreadable file raises
    :class:`ParseError`."""
    from .stream import LineReader, read_stream

    name = str(path)
    try:
        fh = open(path, "rb")
    except FileNotFoundError:
        raise ParseError("no such file", name) from None
    except OSError as e:
        raise ParseError(f"cannot read: {e.strerror or e}", name) from None
    try:
        with fh:
            return list(read_stream(LineReader(fh, name), name, format=format, kind=kind, box=box))
    except OSError as e:
        raise ParseError(f"cannot read: {e.strerror or e}", name) from None


def write(puzzle: "Sudoku | Hidato", format: str = "json", solution: Sequence[int] | None = None) -> str:
    """``puzzle`` (and optionally a solution) as text in ``format``.

    Raises :class:`ParseError` for an unknown format or one that does not hold the puzzle's kind.
    """
    fmt = get_format(format)
    if fmt.kind not in (puzzle.kind, "*"):
        raise ParseError(f"format {fmt.name} holds {fmt.kind} puzzles, not {puzzle.kind}")
    return fmt.write(puzzle, solution)


def write_or_refuse(puzzle: "Sudoku | Hidato", format: str, solution: Sequence[int] | None = None) -> str:
    """:func:`write`, with every refusal a :class:`ParseError`: a writer's own reason (a region
    map, size or shape the format cannot hold) reads ``format F cannot write this puzzle: why``.

    The one message the command line and the workbench give when asked for such a text.
    """
    try:
        return write(puzzle, format, solution)
    except ParseError:
        raise
    except (GridsatError, NotImplementedError, ValueError) as e:
        raise ParseError(f"format {format} cannot write this puzzle: {e}") from None
