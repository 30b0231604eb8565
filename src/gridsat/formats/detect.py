"""Telling a text's format (:func:`detect_format`) and reading a text (:func:`read_text`).

Both are re-exported by :mod:`gridsat.formats`; :mod:`gridsat.formats.stream` reads a stream
with them. Every kind's formats are weighed, but a kind whose head manifest
(:mod:`gridsat.formats.heads`) says that none of its formats claims the text is not imported
for it: detection first decides among the other kinds' formats, and asks every kind only when
that decision could depend on the ones left out (no format claims the text).
"""

from __future__ import annotations

from typing import Any, Callable

from ..errors import ParseError
from ..kinds import KINDS
from ..kinds.base import kind_named, registered
from .base import FORMATS, Entry, Format, get_format, list_formats
from .heads import weigh
from .tokens import split_lines

__all__ = ["detect_format", "read_text", "read_told", "SNIFF_CHARS"]


def _has_content(text: str) -> bool:
    for raw in split_lines(text):
        s = raw.strip()
        if s and (not s.startswith(("#", ";")) or s.startswith(("#,", "#/"))):  # '#,0,5/...': a Hidato line
            return True
    return False


def _names_formats(word: str) -> bool:
    """Whether ``word`` names formats (``word`` or ``word-*``): ``--kind word`` means those."""
    return any(f.name == word or f.name.startswith(word + "-") for f in FORMATS.values())


def _families() -> list[str]:
    """A format family of each kind, in listing order: its first alias that names formats."""
    found = (next((a for a in k.aliases if _names_formats(a)), None) for k in KINDS.values())
    return [a for a in found if a]


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
    return _detect(text, kind, file, {})


class _Undecided(Exception):
    """Detection among some kinds' formats cannot decide as detection among all of them would."""


def _detect(text: str, kind: str | None, file: str | None, read: dict) -> Format:
    """:func:`detect_format`; ``read`` gets the entries of each format whose reader read the
    whole text to tell kinds apart (format name -> entries), so that they are not read twice."""
    head = _head(text)
    if head is not text:
        read = {}  # (the head's entries are not the text's)
    if kind is None and not FORMATS.complete():
        out = weigh(head, FORMATS)  # (the kinds whose manifest rules the head out are not imported)
        if out is not None:
            fmts = [f for _, f in sorted(FORMATS.held()) if f.kind not in out]
            try:
                return _decide(head, None, file, read, fmts, [k for k in registered() if k.name not in out], False)
            except _Undecided:
                pass
    named = [] if kind is None else [k for k in (kind_named(kind),) if k is not None]
    return _decide(head, kind, file, read, _formats_for(kind), list(KINDS.values()) if kind is None else named)


def _decide(text: str, kind: str | None, file: str | None, read: dict, fmts: list[Format], records: list,
            every: bool = True) -> Format:
    """What :func:`_detect` tells of ``text`` (the head) among the formats ``fmts`` and the
    guesses of the kinds ``records``; unless they are ``every`` format and kind (see
    :func:`~gridsat.formats.heads.weigh`), :class:`_Undecided` when no format claims the text."""
    cands = [f for f in fmts if (f.kind_sniff if kind is not None and f.kind_sniff else f.sniff)(text)]
    # kinds whose record guesses a format for text none of their formats claims (Sudoku)
    guessers = [k for k in records if k.guess_format is not None]
    for k in guessers:
        if not any(f.kind == k.name or f.certain for f in cands):
            name = k.guess_format(text, early=True)  # e.g. a broken line-format puzzle
            if name:
                return FORMATS[name]
    specific = [f for f in cands if f.kind != "*"]
    if specific:
        cands = specific
    cands = _certain_first(cands)
    if len({f.kind for f in cands}) > 1:
        cands = _cross_kind(text, cands, file, read)
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
            _cross_kind(text, [best[0]] + others, file, read)
        return best[0]
    if not every:
        raise _Undecided  # (the error names every format; a guess may be another kind's)
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


def _certain_first(items: list, format_of: Callable[[Any], Format] = lambda f: f) -> list:
    """``items`` (formats, or what ``format_of`` gives a format of) with those in a ``certain``
    format only, when there are any: a kind's own mark (a header, a hole pattern) that no other
    kind's text passes wins over the formats of other kinds that claim or read the text too.
    The one rule for both the formats whose sniff claims a text and the readers that read it."""
    certain = [x for x in items if format_of(x).certain]
    return certain or items


def _cross_kind(text: str, cands: list[Format], file: str | None, read: dict) -> list[Format]:
    """Formats of several kinds claim ``text``: keep those whose reader reads all of it; when
    readers of two kinds do, the text is ambiguous (a :class:`ParseError` asks for ``--kind``).
    When none reads it, all stay (the highest priority then explains what is wrong). The
    entries each reader read are kept in ``read`` (format name -> entries)."""
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
        read[f.name] = entries
        if entries and all(e.ok for e in entries):
            reads.append((f, entries))
    reads = _certain_first(reads, lambda r: r[0])
    if len(reads) > 1:
        what = "; ".join(f"as {len(es)} {f.kind} puzzle{'s' if len(es) > 1 else ''} ({f.name}: "
                         f"{es[0].puzzle!r})" for f, es in reads)
        raise ParseError(f"ambiguous input: it reads {what}; give --kind to say which", file, 1, 1)
    if reads:
        return [f for f in cands if f.kind == reads[0][0].kind]
    return cands


def _guess_one_line(text: str, fmts: list[Format]) -> Format | None:
    """The one-line format among ``fmts`` whose ``line_token`` the first token of the first
    content line matches (``...|...``: ``jigsaw-line``; ``..,../..``: ``hidato-line``), highest
    priority first, after a word that may open such a line; else ``None``."""
    guessers = sorted((f for f in fmts if f.line_token is not None), key=lambda f: -f.priority)
    if not guessers:
        return None  # (without reading every kind's formats for their head words)
    for raw in split_lines(text):
        s = raw.strip()
        if not s or (s.startswith(("#", ";")) and not s.startswith(("#,", "#/"))):
            continue
        toks = s.split()
        if len(toks) > 1 and any(toks[0].lower() in f.head_words for f in FORMATS.values()):
            toks = toks[1:]
        tok = toks[0]
        return next((f for f in guessers if f.line_token(tok)), None)
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
        :func:`gridsat.kinds.sudoku.puzzle.default_box`.

    Raises
    ------
    ParseError
        Only when nothing can be read at all (empty input, unknown or ambiguous format);
        errors inside puzzles are reported per entry.
    """
    return read_told(text, file, format, kind, box)[0]


def read_told(text: str, file: str | None = None, format: str | None = None, kind: str | None = None,
              box: "str | tuple[int, int] | None" = None) -> tuple[list[Entry], Format]:
    """:func:`read_text`'s entries, with the format that read them (given, or detected once)."""
    if kind is not None and not any(f.kind != "*" for f in _formats_for(kind)):
        families = " or ".join(_families())
        raise ParseError(f"unknown kind {kind!r}; known: {', '.join(sorted(KINDS))}"
                         + (f", or a format family such as {families}" if families else ""), file)
    if not _has_content(text):
        raise ParseError("empty input: no puzzle found", file, 1, 1)
    if format is not None:
        fmt = get_format(format)
        if kind is not None and fmt not in _formats_for(kind):
            raise ParseError(f"format {fmt.name} holds {fmt.kind} puzzles, not {kind}", file)
    read: dict = {}  # (the entries detection read already: format name -> entries)
    if format is None:
        fmt = _detect(text, kind, file, read)
    if box is not None:
        from .common import parse_box

        box = parse_box(box)
    options = {"box": box, "kind": kind}
    opts = {k: v for k, v in options.items() if k in fmt.options and v is not None}
    if not opts and fmt.name in read:
        return read[fmt.name], fmt  # (read once: by the same reader, on the same text, without options)
    return fmt.read(text, file, **opts), fmt
