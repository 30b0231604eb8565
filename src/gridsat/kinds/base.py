"""The kind record: everything that differs between puzzle kinds, in one place per kind.

After Simon Tatham's ``struct game``: one :class:`Kind` per puzzle kind (``sudoku`` with
its jigsaw variant, ``hidato`` with its Numbrix variant) holds the puzzle class, the
defaults the front door uses (with the reason for each), the race pairs, the counting and
export encodings, and the kind-specific functions of the upper layers (board text, one-line
solutions, the generator, the logical rater, the MiniZinc data writer, ...). Code elsewhere
asks ``kind_of(puzzle)`` instead of branching on ``puzzle.kind``.

Each kind is a package, ``gridsat/kinds/<kind>/``, that holds everything the kind owns; its
``__init__`` builds the kind's :class:`Kind` from direct imports and calls
:func:`register_kind`. Functions of upper layers that must load late are held as
:class:`Late` objects, loaded by a function of the kind's package on their first call.

The registry sits at the bottom of the house and imports a kind's package only when the
kind is first used: :func:`kind_of` finds the record through the puzzle's class (whose
package has run), :func:`get_kind` and :data:`KINDS` discover the kind packages under
``gridsat/kinds/`` (:func:`pkgutil.iter_modules`) and import them. A package outside
``gridsat/kinds/`` registers its kind when it is imported; :func:`kind_named` imports one alone.

What the logical solver says about all kinds at once (the puzzles it handles, the choices of
``extra``, the kit's figures) is built from the records too, in :mod:`gridsat.kinds.logic`.
"""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Callable, Iterator, Mapping, MutableMapping
TYPE_CHECKING = False  # (typing.TYPE_CHECKING without loading typing at run time)
if TYPE_CHECKING:  # (the annotations are strings)
    from typing import Any

from ..errors import UnsupportedError
from .records import field, record

__all__ = ["Kind", "Choice", "Generator", "Late", "register_kind", "unregister_kind", "get_kind", "kind_of", "list_kinds",
           "default_kind", "alias_option", "kind_class", "Filled", "KINDS", "kind_named", "registered"]


class Late:
    """A function of an upper layer, loaded on its first call.

    ``load`` is a function of the kind's package whose body imports the module (a
    function-level import, which the layer test sees) and returns the function, so that
    ``import gridsat`` and the kind's own package stay light.

    Parameters
    ----------
    load : callable
        ``load() -> callable``.

    Examples
    --------
    >>> def _sqrt():
    ...     from math import sqrt
    ...     return sqrt
    >>> Late(_sqrt)(16.0)
    4.0
    """

    __slots__ = ("load", "_fn")

    def __init__(self, load: Callable[[], Callable]) -> None:
        self.load = load
        self._fn: Callable | None = None

    def resolve(self) -> Callable:
        """The function (loading its module the first time)."""
        if self._fn is None:
            self._fn = self.load()
        return self._fn

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self.resolve()(*args, **kwargs)

    def __repr__(self) -> str:
        return f"Late({getattr(self.load, '__qualname__', self.load)})"


@record(frozen=True)
class Choice:
    """A backend/encoding pair chosen by default, and why.

    Attributes
    ----------
    backend, encoding : str
        Registry names (see :func:`gridsat.list_backends`, :func:`gridsat.list_encodings`).
    serves : str
        Which puzzles it is the default for, e.g. ``"sudoku up to 9x9"``.
    reason : str
        Why, in one sentence (the measured figures are in the benchmark pages).
    fallback : Choice, optional
        The pair to use where this backend cannot run (e.g. the C core was not built).
    race : tuple of (str, str)
        When set, ``gridsat.solve`` and ``gridsat.check`` (and the CLI) run these pairs at
        once, one process each, and the first decisive answer wins
        (:func:`gridsat.portfolio.race`); ``backend``/``encoding`` are then the first pair,
        which a single job (``count``, ``gridsat.engine.run``) uses alone.
    head : tuple of (str, str, float)
        With ``race``: ``(backend, encoding, seconds)``, a try in the calling process before
        the race is forked; a decisive answer within ``seconds`` is the answer (a race costs
        a tenth of a second or more in processes alone, more than the try on easy boards).
    """

    backend: str
    encoding: str
    serves: str = ""
    reason: str = ""
    fallback: "Choice | None" = None
    race: tuple = ()
    head: tuple = ()

    @property
    def pair(self) -> tuple[str, str]:
        """``(backend, encoding)``."""
        return (self.backend, self.encoding)


@record(frozen=True)
class Generator:
    """One generator of a kind, with its command-line options.

    Attributes
    ----------
    make : callable
        ``make(**options) -> Generated``: one puzzle with exactly one solution.
    help : str
        One line for ``gridsat generate --help``.
    cli_options : callable
        ``cli_options(parser, name)``: adds the generator's options to its subcommand.
    cli_values : callable
        ``cli_values(args, name) -> dict``: the keyword options from the parsed command line.
    """

    make: Callable
    help: str
    cli_options: Callable
    cli_values: Callable


@record(frozen=True)
class Kind:
    """Everything kind-specific about one puzzle kind.

    Attributes
    ----------
    name : str
        The kind's name, equal to ``puzzle.kind`` of its puzzles (``"sudoku"``, ``"hidato"``).
    puzzle_class : type
        The puzzle class (its ``kind`` attribute is ``name``).
    aliases : tuple of str
        Other names users may give for the kind or one of its variants (``"jigsaw"``,
        ``"numbrix"``); :func:`get_kind` accepts them.
    choices : tuple of Choice
        Every default pair with the puzzles it serves, for listings.
    default : callable
        ``default(puzzle) -> Choice``: the pair the front door uses when none is given.
    encoding_for : callable
        ``encoding_for(puzzle, backend_name, target) -> str or None``: the encoding to pair
        with a backend that is not the default one (``None``: the kind's default encoding
        when its target fits, else the first encoding that applies).
    export_encoding : str
        The CNF encoding exporters and model counters use when none is given.
    count_encoding : str
        The CP-SAT encoding of ``count(method="cpsat")``.
    race : tuple of (str, str)
        Pairs :func:`gridsat.race` runs when none are given (``"default"`` = the default pair).
    clash_scan_first : callable
        ``clash_scan_first(puzzle, time_limit) -> bool``: whether the front door scans for
        clashing givens before solving (else only when the backend finds no solution).
    variant : callable
        ``variant(puzzle) -> str``: the variant label (``classic``, ``jigsaw``, ``hidato``, ``numbrix``).
    describe : callable
        ``describe(puzzle) -> str``: a one-line summary (``9x9 sudoku, 3x3 boxes, 17 givens``).
    board : callable
        ``board(puzzle, values, numbers=False) -> str``: the board as text.
    solution_line : callable
        ``solution_line(puzzle, values) -> str``: a solution on one line.
    puzzle_line : callable
        ``puzzle_line(puzzle) -> str``: the puzzle in its one-line format.
    board_file : callable
        ``board_file(puzzle) -> str``: the puzzle as a multi-line text that reads back.
    generators : dict of str to Generator
        The generators by name (``sudoku``, ``jigsaw``; ``hidato``, ``numbrix``).
    hint, explain, rate, candidates : callable
        The logical solver's jobs, all with the options ``uniqueness``, ``extra`` and
        ``search`` (see :mod:`gridsat.kinds.sudoku.logic_front`): ``hint -> step or None``,
        ``explain -> (result, summary line)``, ``rate(..., figures) -> (dict, line, solved)``,
        ``candidates(puzzle) -> [(cell, values)]``.
    mzn_model : str
        The file name of the kind's MiniZinc model under ``models/``.
    mzn_about : str
        What the model states, in a few words.
    mzn_data : callable
        ``mzn_data(puzzle) -> list[str]``: the MiniZinc data statements.
    mzn_decode : callable
        ``mzn_decode(puzzle, x) -> tuple``: cell values from the model's ``x``.
    mzn_key : callable
        ``mzn_key(puzzle) -> hashable``: what a MiniZinc model instance depends on.
    oracle : Choice, optional
        The python-sat solver (and CNF encoding) the kind's generators prove uniqueness with while they carve.
    guess_format : callable, optional
        ``guess_format(text, early) -> format name or None``: the kind's best guess of the
        format a text no format claims was meant to be in, so its reader can say what is
        wrong (asked ``early``, before other kinds' formats are weighed, and last).
    alias_options : dict
        Options an alias implies, e.g. ``{"numbrix": {"adjacency": "rook"}}``.
    max_cells : int
        The largest board the front door accepts, in cells (0: no cap); set from measurement
        so every admitted board stays under 2 GB (see ``docs/explain/limits.md``).
    max_board : str
        The cap in words, for the error message (``"64x64"``).
    cell_caps : dict of str to (int, str)
        Encodings whose memory stays small on far larger boards, with their own cap and its
        words (``{"hidato-path": (10000, "100x100")}``); the others keep ``max_cells``.
    cells : callable
        ``cells(puzzle) -> int``: the board's cells, compared with ``max_cells``.
    size_units : callable
        ``size_units(puzzle) -> int``: the size memory estimates scale with (cell-value pairs
        left open).
    memory : dict of str to float
        Bytes per size unit of each encoding, measured as peak memory of a whole job; an
        encoding missing here is estimated at 0 (its memory does not grow with the board).
    shape : callable or None
        ``shape(puzzle) -> hashable``: all that the default choice, the caps and the memory
        estimates depend on (a Sudoku's size and regions), so a batch of puzzles of one
        shape resolves and checks them once; ``None``: they depend on the givens too.
    encodings : dict of str to (str, callable)
        The kind's encodings: name -> (target, load). ``load()`` imports the module that
        registers the encoding; the encoder registry calls it when one of its encodings is
        first asked for.
    backends : dict of str to (str, callable)
        The kind's own backends: name -> (target, load). ``load()`` imports the module that
        registers the backend; the backend registry calls it when the backend is first used.
    load_formats : callable
        ``load_formats()`` imports the modules that register the kind's text formats; the
        format registry calls it before its first look-up.
    order : int
        Where the kind comes in listings (the generators of ``gridsat generate --help``); the
        first kind is the default where none is named (:func:`default_kind`).
    samples : callable
        ``samples() -> [(puzzle, solutions)]``: small puzzles with their known solution counts,
        which the test suite runs through every backend and encoding of the kind.
    web : dict
        The board description the workbench page edits the kind's boards by (served by
        ``/api/info`` as ``boards``; see ``docs/howto/web.md``): ``values``, the field of the
        kind's ``json`` object that holds the values as rows (``0`` open, ``null`` no cell);
        ``regions``, the field a region map painted on the page goes into (absent: no painting)
        and ``replaces``, the fields that map replaces; ``holes``, whether cells may be taken
        off the board and put back; ``max_value``, ``"side"`` (the board's side) or ``"cells"``
        (its cells); ``skip_options``, generator options the page's form leaves out. Also
        (:mod:`gridsat.web.board`): ``values`` ``""`` when the object holds no values;
        ``blank``, what an open cell is written as (``0`` or ``None``); ``max_value``
        ``"board"``, the largest value the board names; ``board``, ``board(puzzle) -> dict``
        with the positions that take no digit (``blocked``) and the clues a setter may
        change (``clues``).
    help_names : tuple of str
        What the command line's help texts call the kind's puzzles (``("Sudoku", "jigsaw")``),
        first the kind's own name (empty: its ``name``).
    help_examples : dict of str to tuple of str
        The kind's example command lines in each command's help: command name (``solve``,
        ``generate``, ...; ``""``: ``gridsat -h``) -> lines (``gridsat solve --example
        sudoku-9x9``; a long one goes on in lines of its own after a backslash, indented); the
        command's help shows them with its own (see :mod:`gridsat.cli.helptext`).
    help_words : dict of str to str
        The kind's words in a help text that every kind adds to: topic -> words. Topics:
        ``formats`` (format names the ``--format``/``--to`` helps list), ``box`` (the puzzles
        ``--box`` shapes), ``rate`` (the scale ``rate`` rates on), ``render`` (what ``render``
        draws of the kind), ``path`` (the puzzles ``render --path`` draws a path through),
        ``layouts`` and ``improve`` (what ``generate layouts`` prints, the puzzles
        ``generate improve`` makes harder).
    make_examples : dict of str to callable
        The bundled examples the kind makes anew: example name -> ``make() -> text`` (the
        file's text; ``python -m gridsat.examples._generate [NAME ...]`` writes them).
    logic_serves : str
        The kind's puzzles as the logical solver's messages name them (``"Sudoku-family"``):
        ``the logical solver handles Sudoku-family and Hidato puzzles`` (:func:`~gridsat.kinds.logic.logic_serves`);
        empty: the kind has no logical solver.
    techniques : callable, optional
        ``techniques() -> list of str``: the names of the kind's logical techniques, which
        ``extra`` (``--extra``) may switch on (``None``: the kind has none to choose).
    kit : callable, optional
        ``kit(puzzle) -> KitFigures``: the Clojure kit's figures (``gridsat rate --kit``,
        :func:`~gridsat.kinds.logic.kit_figures`); raises :class:`~gridsat.errors.UnsupportedError` for a puzzle of
        the kind that they do not serve (``None``: the kind has no such figures).
    kit_serves : str
        The puzzles ``kit`` serves, in words (``"Sudoku-family puzzles (classic and jigsaw)"``).
    from_partial : callable, optional
        ``from_partial(puzzle, seed=None) -> Generated``: a unique puzzle consistent with a
        partial grid (clashing givens dropped, givens added): ``gridsat generate --from`` and
        the workbench's ``unique``.
    add_random : callable, optional
        ``add_random(puzzle, k, seed=None) -> puzzle``: ``k`` more givens, random values that
        clash with nothing in their units (the workbench's ``add-random``).
    improve : callable, optional
        ``improve(start=None, size=..., box=None, time_budget=..., jobs=1, seed=None) -> result``:
        the search for a harder puzzle in a time budget (the workbench's ``improve``; its
        result has ``puzzle``, ``solution`` and ``to_dict()``).
    cli_generate : callable, optional
        ``cli_generate(subparsers)``: adds the kind's own ``gridsat generate`` subcommands
        besides its generators (each sets its ``func``), after every kind's generators.
    cli_count : callable, optional
        ``cli_count(parser) -> run``: adds the kind's own options to ``gridsat count`` and
        returns ``run(args, method) -> int or None``, which runs the command when those
        options are given (its exit code) and else returns ``None``.
    bulk_encoding : str
        The encoding named by the results of the engine's bulk entry (:mod:`gridsat.engine.block`), which answers
        plain 9x9 lines of 3x3 boxes a block at a time on the C core: the kind whose puzzles those are (``""``: not it).
    bulk_puzzle, bulk_givens : callable, optional
        ``bulk_puzzle(givens) -> puzzle``, from 81 values as bytes (0 empty), unchecked; ``bulk_givens(puzzle)``: its 81
        values if it is such a puzzle, else ``None`` (``check_many``'s route, :mod:`gridsat.engine.columnar`).
    true_candidates, redundant, explain_ambiguity : callable, optional
        The setter's jobs (``gridsat candidates --true``, ``gridsat redundant``, ``gridsat
        explain-ambiguity``): ``true_candidates(puzzle, cap=..., time_limit=...)``,
        ``redundant(puzzle, time_limit=...)`` and ``explain_ambiguity(puzzle, cap=...,
        time_limit=...)``, each returning a result with ``status`` and ``to_dict()`` (see
        :mod:`gridsat.kinds.sudoku.generate_setter`); ``None``: the kind has no such job.
    """

    name: str
    puzzle_class: type
    aliases: tuple[str, ...]
    choices: tuple[Choice, ...]
    default: Callable[[Any], Choice]
    encoding_for: Callable[[Any, str, str], "str | None"]
    export_encoding: str
    count_encoding: str
    race: tuple[tuple[str, str], ...]
    clash_scan_first: Callable[[Any, "float | None"], bool]
    variant: Callable[[Any], str]
    describe: Callable[[Any], str]
    board: Callable
    solution_line: Callable
    puzzle_line: Callable
    board_file: Callable
    generators: dict
    hint: Callable
    explain: Callable
    rate: Callable
    candidates: Callable
    mzn_model: str
    mzn_about: str
    mzn_data: Callable
    mzn_decode: Callable
    mzn_key: Callable
    samples: Callable[[], list]
    encodings: dict = field(default_factory=dict)
    backends: dict = field(default_factory=dict)
    load_formats: Callable[[], None] = lambda: None
    order: int = 100
    oracle: "Choice | None" = None
    guess_format: "Callable | None" = None
    alias_options: dict = field(default_factory=dict)
    info: dict = field(default_factory=dict)
    max_cells: int = 0
    max_board: str = ""
    cell_caps: dict = field(default_factory=dict)
    cells: Callable[[Any], int] = lambda puzzle: 0
    size_units: "Callable[[Any], int] | None" = None
    memory: dict = field(default_factory=dict)
    shape: "Callable[[Any], Any] | None" = None
    web: dict = field(default_factory=dict)
    # -- command-line help
    help_names: tuple = ()
    help_examples: dict = field(default_factory=dict)
    help_words: dict = field(default_factory=dict)
    make_examples: dict = field(default_factory=dict)
    # -- logical solver
    logic_serves: str = ""
    techniques: "Callable[[], list[str]] | None" = None
    kit: "Callable | None" = None
    kit_serves: str = ""
    # -- generate, count, the workbench's grid jobs and the bulk route
    from_partial: "Callable | None" = None
    add_random: "Callable | None" = None
    improve: "Callable | None" = None
    cli_generate: "Callable | None" = None
    cli_count: "Callable | None" = None
    bulk_encoding: str = ""
    bulk_puzzle: "Callable | None" = None
    # -- the setter's jobs: true candidates with counts, redundant clues, the ambiguity explained
    true_candidates: "Callable | None" = None
    redundant: "Callable | None" = None
    explain_ambiguity: "Callable | None" = None
    # -- the columnar route of check_many / solve_many: a puzzle's givens when it is the bulk entry's
    bulk_givens: "Callable | None" = None

    def cap(self, encoding: str) -> tuple[int, str]:
        """The largest board ``encoding`` takes: ``(cells, in words)`` (0 cells: no cap)."""
        return self.cell_caps.get(encoding, (self.max_cells, self.max_board))

    def estimate(self, puzzle: Any, encoding: str) -> int:
        """Bytes ``encoding`` is estimated to need for ``puzzle`` (``memory`` x ``size_units``)."""
        per_unit = self.memory.get(encoding, 0.0)
        if not per_unit or self.size_units is None:
            return 0
        return int(per_unit * self.size_units(puzzle))


class _Kinds(Mapping):
    """The registered kinds by name, in listing order (a read first imports every kind package)."""
    def __init__(self) -> None:
        self._records: dict[str, Kind] = {}

    def _all(self) -> dict[str, Kind]:
        _discover()
        return self._records

    def __getitem__(self, name: str) -> Kind:
        return self._all()[name]

    def __iter__(self) -> Iterator[str]:
        self._all()
        return iter([k.name for k in registered()])

    def __len__(self) -> int:
        return len(self._all())


#: kind name -> record (every kind package is imported on first read)
KINDS = _Kinds()
_ALIASES: dict[str, str] = {}
_BY_CLASS: dict[type, Kind] = {}
_discovered = False
#: counts the registrations, so registries filled from the kinds (formats) see a new kind
version = 0


def _discover() -> None:
    """Import every kind package under ``gridsat/kinds/`` once (each registers its kind)."""
    global _discovered
    if _discovered:
        return
    _discovered = True  # first: a kind package being imported may read the registry
    import pkgutil  # (here: a command line that names its kind never needs it)
    package = sys.modules[__package__]
    for info in pkgutil.iter_modules(package.__path__, f"{package.__name__}."):
        if info.ispkg:
            importlib.import_module(info.name)


def kind_named(name: str) -> "Kind | None":
    """The kind called ``name`` (not an alias; else ``None``), importing ``kinds/<name>/`` alone if it is one."""
    kind = KINDS._records.get(name)
    if kind is not None or _discovered:
        return kind
    spec = importlib.util.find_spec(f"{__package__}.{name}") if name.isidentifier() else None
    if spec is not None and spec.submodule_search_locations is not None:
        importlib.import_module(spec.name)
        if name in KINDS._records:
            return KINDS._records[name]
    _discover()
    return KINDS._records.get(name)


class Filled(MutableMapping):
    """A name -> entry table of an upper registry that every kind adds its entries to: before the
    first read (and the first read after a kind is registered), ``fill(kind)`` (e.g. importing its
    format modules) runs once for each kind (every kind package is discovered)."""

    def __init__(self, fill: Callable[[Kind], None]) -> None:
        self._items: dict = {}
        self._fill = fill
        self._filled: set[str] = set()
        self._seen = -1

    def _refresh(self) -> None:
        if self.complete():
            return
        self._seen = version  # first: a module being loaded may read the table
        for kind in KINDS.values():
            if kind.name not in self._filled:
                self._filled.add(kind.name)
                self._fill(kind)
        self._seen = version

    def complete(self) -> bool:
        """Whether every kind known now has added its entries (a read costs no import)."""
        return self._seen == version

    def fill_kind(self, name: str) -> "list | None":
        """The ``(name, entry)`` pairs held once kind ``name`` has added its entries (its package alone
        imported: :func:`kind_named`), not every kind's; ``None``: no such kind."""
        kind = kind_named(name)
        if kind is not None and kind.name not in self._filled:
            self._filled.add(kind.name)
            self._fill(kind)
        return None if kind is None else list(self._items.items())

    def __getitem__(self, name):
        if name not in self._items:
            self._refresh()
        return self._items[name]

    def __iter__(self):
        self._refresh()
        return iter(self._items)

    def __len__(self) -> int:
        self._refresh()
        return len(self._items)

    def __contains__(self, name) -> bool:
        if name in self._items:
            return True
        self._refresh()
        return name in self._items

    def __setitem__(self, name, value) -> None:
        self._items[name] = value

    def __delitem__(self, name) -> None:
        del self._items[name]


def register_kind(kind: Kind) -> Kind:
    """Add a kind record to the registry (its name, its aliases and its puzzle class find it).

    A kind package calls it from its ``__init__``: ``SUDOKU = register_kind(Kind(...))``.
    """
    global version
    KINDS._records[kind.name] = kind
    version += 1
    for alias in (kind.name,) + kind.aliases:
        _ALIASES[alias] = kind.name
    _BY_CLASS[kind.puzzle_class] = kind
    return kind


def unregister_kind(name: str) -> None:
    """Remove kind ``name`` from the registry (a kind added for a while, as tests do)."""
    global version
    kind = KINDS._records.pop(name)
    version += 1
    for alias in (kind.name,) + kind.aliases:
        _ALIASES.pop(alias, None)
    _BY_CLASS.pop(kind.puzzle_class, None)


def get_kind(name: str) -> Kind:
    """The record of kind ``name`` or one of its aliases (``jigsaw`` -> sudoku).

    Raises
    ------
    UnsupportedError
        No kind has that name.
    """
    if name not in _ALIASES:
        kind_named(name)  # (a kind's own name imports its package alone; else every package)
    try:
        return KINDS._records[_ALIASES[name]]
    except KeyError:
        known = ", ".join(sorted(_ALIASES))
        raise UnsupportedError(f"unknown puzzle kind {name!r}; known: {known}") from None


def kind_of(puzzle: Any) -> Kind:
    """The record of ``puzzle``'s kind, found through its class (else ``puzzle.kind``)."""
    kind = _BY_CLASS.get(type(puzzle))
    return kind if kind is not None else get_kind(getattr(puzzle, "kind", "?"))


def registered() -> list[Kind]:
    """The kinds registered so far, in listing order (no kind package is imported)."""
    return sorted(KINDS._records.values(), key=lambda k: (k.order, k.name))


def list_kinds() -> list[str]:
    """Registered kind names (every kind package imported)."""
    return sorted(KINDS)


def default_kind() -> Kind:
    """The kind meant where none is named (a JSON object without ``"kind"``, :func:`gridsat.generate`
    without a generator): the first in listing order, the lowest ``order`` (every kind package imported).
    """
    return KINDS[next(iter(KINDS))]


def kind_class(name: str) -> type | None:
    """The puzzle class called ``name`` (``gridsat.Sudoku``), from the kind records, else ``None``."""
    return next((k.puzzle_class for k in KINDS.values() if k.puzzle_class.__name__ == name), None)


def alias_option(name: "str | None", key: str, default: Any) -> Any:
    """The option ``key`` that the kind name or alias ``name`` implies, else ``default``.

    >>> alias_option("numbrix", "adjacency", "king")
    'rook'
    >>> alias_option(None, "adjacency", "king")
    'king'
    """
    if name is None:
        return default
    if name not in _ALIASES:
        _discover()
        if name not in _ALIASES:
            return default
    return KINDS._records[_ALIASES[name]].alias_options.get(name, {}).get(key, default)
