"""The format registry: every reader/writer of every puzzle kind, and the kinds of JSON objects.

A format reads text into :class:`Entry` objects (one per puzzle, each either a puzzle or
a located :class:`~gridsat.errors.ParseError`, so one bad puzzle in a batch fails alone)
and writes a puzzle, optionally with a solution, back to text.

How another puzzle kind plugs in (e.g. ``kinds/hidato/format.py``)::

    register_format(Format("hidato-grid", "hidato", read, write, sniff, many=True))
    register_json_kind("hidato", load=from_json, dump=to_json)

``read(text, file, **options) -> list[Entry]`` receives only the options named in
``Format.options`` (e.g. ``box``); ``sniff(text) -> bool`` must be true only when the text
is unambiguously in that format. The ``json`` format dispatches each object on its
``"kind"`` field to the loader registered with :func:`register_json_kind`.
"""

from __future__ import annotations

from collections.abc import MutableMapping
from dataclasses import field, replace
from typing import Any, Callable

from ..errors import GridsatError, ParseError, UnsupportedError
from ..kinds.base import Filled
from ..kinds.records import record

__all__ = [
    "Format", "Entry", "register_format", "get_format", "list_formats", "FORMATS",
    "JsonKind", "register_json_kind", "get_json_kind", "json_puzzle_kind", "json_kind_name", "json_kind_of_keys",
    "JSON_KINDS", "locate",
    "line_col",
    "is_digits",
]


@record()
class Entry:
    """One puzzle read from a source, or the error that stopped it.

    ``line`` is the 1-based line where the puzzle starts; ``file`` the source name.
    ``solution`` is a solution stored next to the puzzle (``None`` if the source has none);
    ``format`` the name of the format that read it.
    """

    puzzle: Any | None
    error: ParseError | None = None
    file: str | None = None
    line: int | None = None
    solution: tuple[int, ...] | None = None
    format: str | None = None

    @property
    def ok(self) -> bool:
        """Whether a puzzle was read (no error)."""
        return self.error is None

    @property
    def name(self) -> str | None:
        """The puzzle's name, if it has one."""
        return getattr(self.puzzle, "name", None)


@record(frozen=True)
class Format:
    """A named text format for one puzzle kind (``kind="*"``: any kind, like ``json``).

    ``read(text, file, **options) -> list[Entry]``; ``write(puzzle, solution=None) -> str``;
    ``sniff(text) -> bool`` is true only when the text is unambiguously in this format.
    ``many``: whether one file may hold many puzzles. ``options``: the keyword options
    ``read`` accepts (``box``). Among several sniffing formats of one kind the highest
    ``priority`` wins. ``kind_sniff``, when set, replaces ``sniff`` once the caller has named
    the kind (it may claim texts that ``sniff`` leaves alone because another kind could mean them).
    ``constraints``: whether ``write`` holds a puzzle's extra constraints (``puzzle.extra``,
    :mod:`gridsat.constraints`); a format that cannot refuses such a puzzle rather than drop them.
    ``link``: the web links the format reads, in a few words (``puzz.link p?sudoku``), for the
    message that names the links the command line reads (empty: it reads no link).

    One-line formats (one puzzle per line, as ``gridsat generate`` writes): ``one_line`` marks
    them, so a stream in one is read line by line (:mod:`gridsat.formats.stream`);
    ``line_token(token) -> bool``, when set, tells whether the first token of a line that no
    format claims looks like one of its puzzles, so its reader explains what is wrong there
    (detection's last guess, highest ``priority`` first); ``head_words`` are words that may
    open such a line before the puzzle (a one-line Hidato's adjacency: ``numbrix 1,0,0/...``).
    """

    name: str
    kind: str
    read: Callable[..., list[Entry]]
    write: Callable[..., str]
    sniff: Callable[[str], bool]
    many: bool = False
    description: str = ""
    options: frozenset = field(default_factory=frozenset)
    priority: int = 0
    kind_sniff: Callable[[str], bool] | None = None
    constraints: bool = False
    link: str = ""
    one_line: bool = False
    line_token: Callable[[str], bool] | None = None
    head_words: frozenset = field(default_factory=frozenset)
    # -- a sniff no other kind's text passes (a kind's own header): detection takes it before
    #    any kind's early guess of a broken text of its own (``Kind.guess_format``)
    certain: bool = False


def _load_formats(kind) -> None:
    kind.load_formats()


class _Formats(Filled):
    """The format table (:class:`~gridsat.kinds.base.Filled`), which detection may read as it is."""

    def held(self) -> list[tuple[str, "Format"]]:
        """The ``(name, format)`` pairs registered so far (no kind is asked to add its formats)."""
        return list(self._items.items())

    def named(self, name: str) -> "Format":
        """``self[name]``, its kind's formats loaded first when the name starts with a kind
        package's name (``word`` or ``word-...``, as most format names do): a format named on the
        command line loads its own kind, not every kind (else, and for an unknown name, every kind
        is asked; ``KeyError`` then)."""
        if name not in self._items:
            from .heads import kind_packages

            word = name.partition("-")[0]
            if word in kind_packages():
                self.fill_kind(word)
        return self[name]


#: format name -> format
FORMATS: "_Formats" = _Formats(_load_formats)


def is_digits(text: str) -> bool:
    """Whether ``text`` is a run of ASCII digits ``0-9`` (``str.isdigit`` also accepts ``²`` and
    other Unicode digits, which ``int`` then rejects or reads as other numbers).

    >>> is_digits("12"), is_digits("\u00b2"), is_digits("\u0663"), is_digits("")
    (True, False, False, False)
    """
    return text.isascii() and text.isdigit()


def register_format(fmt: Format) -> Format:
    """Make ``fmt`` available by name and to detection (its ``write`` refusing a puzzle with extra
    constraints unless the format holds them)."""
    if not fmt.constraints:
        fmt = replace(fmt, write=_refusing(fmt.name, fmt.write))
    FORMATS[fmt.name] = fmt
    return fmt


def _refusing(name: str, write: Callable[..., str]) -> Callable[..., str]:
    def guarded(puzzle, *args, **kwargs) -> str:
        extra = getattr(puzzle, "extra", ())
        if extra:
            types = ", ".join(sorted({c.type for c in extra}))
            raise UnsupportedError(f"the {name} format cannot hold the puzzle's extra constraints ({types}); "
                                   "use json")
        return write(puzzle, *args, **kwargs)

    guarded.__doc__ = write.__doc__
    return guarded


def get_format(name: str) -> Format:
    """The format called ``name``; a :class:`ParseError` lists the known ones."""
    try:
        return FORMATS.named(name)
    except KeyError:
        raise ParseError(f"unknown format {name!r}; known: {', '.join(sorted(FORMATS))}") from None


def list_formats(kind: str | None = None) -> list[Format]:
    """Registered formats, optionally only those that can hold puzzles of ``kind``.

    Asked for a kind by its own name, only that kind's formats are loaded (its package
    alone is imported, :meth:`~gridsat.kinds.base.Filled.fill_kind`), not every kind's.
    """
    held = None if kind is None else FORMATS.fill_kind(kind)
    if held is not None:
        return [f for _, f in sorted(held) if f.kind in (kind, "*")]
    return [f for _, f in sorted(FORMATS.items()) if kind is None or f.kind in (kind, "*")]


# ---------------------------------------------------------------------- JSON kinds
@record(frozen=True)
class JsonKind:
    """How the ``json`` format reads and writes one kind of object.

    ``load(obj) -> (puzzle, solution or None)`` raises :class:`GridsatError` or
    ``ValueError``/``TypeError``/``KeyError`` with a plain message (the reader adds the
    location); ``dump(puzzle, solution=None) -> dict`` includes ``"kind"``. ``puzzle_kind``
    is the ``puzzle.kind`` of what ``load`` makes (``numbrix`` objects make ``hidato``
    puzzles), so a reader asked for that kind accepts the object. ``aliases``: other
    ``"kind"`` values that mean these objects (a variant's name, such as ``jigsaw``).
    ``marks``: keys only these objects carry (``cages``); an object without ``"kind"`` that
    has one is read as this kind, not the default one (:func:`json_kind_of_keys`).
    """

    kind: str
    load: Callable[[dict], tuple[Any, Any]]
    dump: Callable[..., dict]
    puzzle_kind: str = ""
    aliases: tuple[str, ...] = ()
    # -- an object without "kind": the keys that tell this kind
    marks: tuple[str, ...] = ()


JSON_KINDS: "MutableMapping[str, JsonKind]" = Filled(_load_formats)
#: a ``"kind"`` value that is an alias -> the JSON kind it means (filled with ``JSON_KINDS``)
_JSON_ALIASES: dict[str, str] = {}


def register_json_kind(kind: str, load: Callable[[dict], tuple[Any, Any]], dump: Callable[..., dict], *,
                       puzzle_kind: str | None = None, aliases: tuple[str, ...] = (),
                       marks: tuple[str, ...] = ()) -> JsonKind:
    """Let the ``json`` format read objects with ``"kind": kind`` (or one of ``aliases``).

    Parameters
    ----------
    kind : str
        The ``"kind"`` value of the objects.
    load, dump : callable
        See :class:`JsonKind`.
    puzzle_kind : str, optional
        The kind of the puzzles ``load`` makes, when it is not ``kind`` itself.
    aliases : tuple of str
        Other ``"kind"`` values read as ``kind`` (see :func:`json_kind_name`).
    marks : tuple of str
        Keys only these objects carry, which tell the kind of an object without ``"kind"``.
    """
    jk = JsonKind(kind, load, dump, puzzle_kind or kind, tuple(aliases), tuple(marks))
    JSON_KINDS[kind] = jk
    for alias in jk.aliases:
        _JSON_ALIASES[alias] = kind
    return jk


def json_kind_of_keys(obj: dict) -> str | None:
    """The JSON kind an object without ``"kind"`` is, told by its keys (a kind's ``marks``), or
    ``None`` when no kind marks it; :class:`ParseError` when two kinds' marks are there."""
    found = sorted({jk.kind for jk in JSON_KINDS.values() if any(m in obj for m in jk.marks)})
    if len(found) > 1:
        raise ParseError(f'an object without "kind" whose keys fit kinds {", ".join(found)}: give "kind"')
    return found[0] if found else None


def get_json_kind(kind: str) -> JsonKind:
    """The JSON kind registered as ``kind``; a :class:`ParseError` lists the known ones."""
    try:
        return JSON_KINDS[kind]
    except KeyError:
        raise ParseError(f"unknown kind {kind!r}; known: {', '.join(sorted(JSON_KINDS))}") from None


def json_kind_name(name: str) -> str:
    """The JSON kind a ``"kind"`` value ``name`` means: the one it is an alias of, else ``name``."""
    if name not in _JSON_ALIASES and name not in JSON_KINDS:  # (reading the table fills both)
        return name
    return _JSON_ALIASES.get(name, name)


def json_puzzle_kind(kind: str) -> str:
    """The puzzle kind objects of JSON kind ``kind`` make (``kind`` itself when unregistered)."""
    jk = JSON_KINDS.get(kind)
    return jk.puzzle_kind if jk is not None else kind


# ---------------------------------------------------------------------- locating errors
def line_col(text: str, pos: int) -> tuple[int, int]:
    """1-based (line, column) of character offset ``pos`` in ``text``."""
    line = text.count("\n", 0, pos) + 1
    start = text.rfind("\n", 0, pos) + 1
    return line, pos - start + 1


def locate(exc: BaseException, file: str | None, line: int | None, col: int | None = None) -> ParseError:
    """``exc`` as a :class:`ParseError` at ``file:line:col`` (an existing location is kept)."""
    if isinstance(exc, ParseError):
        return ParseError(exc.message, exc.file or file, exc.line if exc.line is not None else line,
                          exc.col if exc.line is not None else col)
    msg = str(exc) if isinstance(exc, GridsatError) else (exc.args[0] if exc.args else str(exc))
    return ParseError(str(msg), file, line, col)
