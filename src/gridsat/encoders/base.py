"""What an encoder returns, and the registry that lists every encoding by name.

An encoding is a *pure builder*: ``build(puzzle) -> model``. It never solves. The model
says what it depends on (``key``) so a backend can reuse one base formula across a batch
of puzzles with the same key, and how the parts of the puzzle not baked into the base
formula are passed in (assumptions for CNF, fixed domains for CP-SAT).

Every model exposes the puzzle's own *primary* variables: ``var[cell, value]`` is the
literal (CNF) or variable index (CP-SAT) meaning "cell holds value". Decoding, blocking
clauses and solution counting use only these, never auxiliary variables.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import Any, Callable, Hashable, Sequence

from ..errors import UnsupportedError
from ..kinds import KINDS, get_kind
from ..kinds.base import kind_named

__all__ = ["CellMajor", "RowTable", "CnfModel", "CpsatModel", "Encoding", "register", "get_encoding", "list_encodings", "REGISTRY", "catalogue", "catalogued_target"]


class CellMajor:
    """The literal table of a cell-major formula, ``var[c, v] = c * n + v`` (``v`` in ``1..n``;
    ``var[c, 0]`` is 0), held as its two sizes: a :attr:`CnfModel.var` that needs no NumPy.

    It answers ``var[c, v]``, ``len(var)``, ``var.shape`` and ``var.max()``;
    ``numpy.asarray(var)`` makes the full table for bulk work (NumPy is imported then).

    >>> var = CellMajor(4, 2)
    >>> var[1, 2], var[3, 0], len(var), var.shape, var.max()
    (4, 0, 4, (4, 3), 8)
    """

    __slots__ = ("cells", "n")

    def __init__(self, cells: int, n: int) -> None:
        self.cells, self.n = cells, n

    @property
    def shape(self) -> tuple[int, int]:
        """``(cells, n + 1)``, as the NumPy table's."""
        return self.cells, self.n + 1

    def __len__(self) -> int:
        return self.cells

    def __getitem__(self, index: tuple[int, int]) -> int:
        c, v = index
        if not (0 <= c < self.cells and 0 <= v <= self.n):
            raise IndexError(f"no literal for cell {c}, value {v}")
        return c * self.n + v if v else 0

    def max(self) -> int:
        """The highest literal, ``cells * n``."""
        return self.cells * self.n

    def __array__(self, dtype: Any = None, copy: Any = None):
        import numpy as np  # (bulk work only)

        var = np.zeros((self.cells, self.n + 1), dtype=np.int64)
        var[:, 1:] = np.arange(1, self.cells * self.n + 1).reshape(self.cells, self.n)
        return var if dtype is None else var.astype(dtype)


class RowTable:
    """A literal table held as its rows (lists of ints, one per cell, all of one length): a
    :attr:`CnfModel.var` that needs no NumPy, for a table that is not :class:`CellMajor`
    (pruned values, cells without literals, numbering from a pool).

    It answers ``var[c, v]``, ``len(var)``, ``var.shape`` and ``var.max()``;
    ``numpy.asarray(var)`` makes the full table for bulk work (NumPy is imported then).

    >>> var = RowTable([[0, 1, 2], [0, 3, 0]])
    >>> var[1, 1], var[1, 2], len(var), var.shape, var.max()
    (3, 0, 2, (2, 3), 3)
    """

    __slots__ = ("rows", "width")

    def __init__(self, rows: list[list[int]]) -> None:
        self.rows = rows
        self.width = len(rows[0]) if rows else 0

    @property
    def shape(self) -> tuple[int, int]:
        """``(cells, width)``, as the NumPy table's."""
        return len(self.rows), self.width

    def __len__(self) -> int:
        return len(self.rows)

    def __getitem__(self, index: tuple[int, int]) -> int:
        c, v = index
        if not (0 <= c < len(self.rows) and 0 <= v < self.width):
            raise IndexError(f"no literal for cell {c}, value {v}")
        return self.rows[c][v]

    def max(self) -> int:
        """The highest literal."""
        return max((max(row) for row in self.rows), default=0)

    def __array__(self, dtype: Any = None, copy: Any = None):
        import numpy as np  # (bulk work only)

        var = np.array(self.rows, dtype=np.int64).reshape(len(self.rows), self.width)
        return var if dtype is None else var.astype(dtype)


def _decode_rows(var: "CellMajor | RowTable", model: Sequence[int], nvars: int) -> tuple[int, ...]:
    """:meth:`CnfModel.decode` without NumPy: per cell the first value whose literal is true."""
    true = {lit for lit in model[:nvars] if lit > 0}
    width = var.shape[1]
    out = []
    for c in range(len(var)):
        value = 0
        for v in range(width):
            lit = var[c, v]
            if lit and lit in true:
                value = v
                break
        out.append(value)
    return tuple(out)


@dataclass
class CnfModel:
    """A CNF base formula with its primary literals.

    Attributes
    ----------
    key : hashable
        Everything the clauses depend on; equal keys mean the formula can be reused.
    nvars : int
        Highest variable id used.
    clauses : list of list of int
        DIMACS-style clauses.
    var : numpy.ndarray, CellMajor or RowTable
        ``(cells, max_value + 1)`` int array; ``var[c, v]`` is the literal of "cell c holds
        v", or 0 where that is impossible by construction (pruned). A cell-major formula
        may give a :class:`CellMajor` instead, another table a :class:`RowTable` (no NumPy
        on its way).
    assume : callable
        ``assume(puzzle) -> list[int]``: the literals that pose this puzzle on the base formula.
    """

    key: Hashable
    nvars: int
    clauses: list[list[int]]
    var: "numpy.ndarray | CellMajor | RowTable"
    assume: Callable[[Any], list[int]]
    info: dict = field(default_factory=dict)

    def decode(self, model: Sequence[int]) -> tuple[int, ...]:
        """Cell values from a solver model (list of signed literals); 0 where no value is true."""
        if isinstance(self.var, (CellMajor, RowTable)):
            return _decode_rows(self.var, model, self.nvars)
        import numpy as np  # loaded with the first model, not with ``import gridsat``

        truth = np.zeros(self.nvars + 1, dtype=bool)
        m = np.asarray(model[: self.nvars], dtype=np.int64)
        truth[np.abs(m)] = m > 0
        truth[0] = False
        t = truth[np.asarray(self.var)]
        vals = t.argmax(axis=1)
        return tuple(int(v) for v in vals)

    def primary_true(self, values: Sequence[int]) -> list[int]:
        """The primary literals that are true in the assignment ``values``."""
        return [int(self.var[c, v]) for c, v in enumerate(values) if v and self.var[c, v]]

    def standalone(self, puzzle) -> tuple[int, list[list[int]], list[int]]:
        """One puzzle's formula outside a backend: ``(nvars, clauses, assumptions)``.

        The clauses are the base plus the clause layer, if the encoding has one
        (``cnf-layered``: the region map), under a fresh guard variable; the assumptions are
        the puzzle's literals plus that guard. Exports and model counters use this.
        """
        clauses = [list(map(int, cl)) for cl in self.clauses]
        nvars = int(self.nvars)
        assume = [int(lit) for lit in self.assume(puzzle)]
        layer = self.info.get("layer")
        if layer is not None:
            nvars += 1
            clauses += [list(map(int, cl)) for cl in layer(puzzle, nvars)]
            assume.append(nvars)
        return nvars, clauses, assume

    def projection(self) -> list[int]:
        """The primary variables (``abs`` of every ``var[cell, value]`` literal), ascending."""
        import numpy as np  # loaded with the first model, not with ``import gridsat``

        v = np.asarray(self.var)
        return sorted(int(x) for x in np.unique(np.abs(v[v != 0])))


@dataclass
class CpsatModel:
    """A CP-SAT base model with its primary variables.

    ``fix(puzzle)`` lists ``(variable index, value)`` pairs that pose the puzzle on the base
    model; a backend applies them to the domains of (a copy of) ``model``. ``decode(values)``
    turns the solver's full solution vector into cell values. Every other variable must be
    functionally determined by the primary ones, so enumeration counts puzzle solutions.
    """

    key: Hashable
    model: Any  # ortools.sat.python.cp_model.CpModel
    fix: Callable[[Any], list[tuple[int, int]]]
    decode: Callable[[Sequence[int]], tuple[int, ...]]
    info: dict = field(default_factory=dict)


@dataclass(frozen=True)
class Encoding:
    """A named encoding of one puzzle kind for one solver target ("cnf" or "cpsat")."""

    name: str
    kind: str
    target: str
    build: Callable[[Any], Any]
    key: Callable[[Any], Hashable]
    description: str = ""
    applies: Callable[[Any], bool] = lambda puzzle: True
    #: the constraint types it understands in their fixed places, or ``"all"``: it reads the
    #: puzzle's constraint list, so every type (see :func:`register`)
    constraints: "tuple[str, ...] | str" = ()
    #: the constraint types it reads from the puzzle's extra rules (``puzzle.extra``) besides
    #: its fixed ones, when ``constraints`` is not ``"all"`` (see :func:`register`)
    reads: tuple = ()
    #: ``why(puzzle)``: what in the puzzle its ``applies`` refuses beyond the types (a limit), or ``None``
    why: "Callable[[Any], str | None] | None" = None

    def refusal(self, puzzle) -> str | None:
        """Why this encoding cannot hold ``puzzle``'s constraints (``None``: it can)."""
        found = None if self.constraints == "all" else _refusal(self, puzzle)
        return found or (self.why(puzzle) if self.why is not None else None)

    def __call__(self, puzzle):
        return self.build(puzzle)

    def estimate(self, puzzle) -> int:
        """Bytes a job with this encoding is estimated to need for ``puzzle``, from the kind
        record's measured figures (:meth:`gridsat.kinds.Kind.estimate`); cheap, nothing is built."""
        kind = kind_named(self.kind)  # (that kind's package alone)
        return 0 if kind is None else kind.estimate(puzzle, self.name)


REGISTRY: dict[tuple[str, str], Encoding] = {}

def catalogue() -> dict[tuple[str, str], tuple[str, Callable[[], None]]]:
    """The built-in encodings from the kind records: ``(kind, name) -> (target, load)``;
    ``load()`` imports the module that registers the encoding, when one of its encodings is
    first asked for (``list_encodings`` loads those of the kind and target asked)."""
    return {(kind.name, name): entry for kind in KINDS.values() for name, entry in kind.encodings.items()}


def _entry(kind: str, name: str) -> "tuple[str, Callable[[], None]] | None":
    try:
        return get_kind(kind).encodings.get(name)
    except UnsupportedError:
        return None


def catalogued_target(name: str, kind: str) -> str | None:
    """The target of a built-in encoding, known without importing it (``None``: not built in)."""
    entry = _entry(kind, name)
    return entry[0] if entry else None


def _load(loaders) -> None:
    for load in dict.fromkeys(loaders):
        load()


def register(
    name: str,
    kind: str,
    target: str,
    key: Callable[[Any], Hashable],
    description: str = "",
    applies: Callable[[Any], bool] | None = None,
    constraints: "tuple[str, ...] | str" = (),
    reads: tuple = (),
    why: "Callable[[Any], str | None] | None" = None,
):
    """Decorator: register ``build(puzzle)`` as encoding ``name`` of puzzle ``kind`` for ``target``.

    ``constraints``: ``"all"`` for an encoding that reads the puzzle's list of constraints
    (``puzzle.constraints``) and encodes each through its type; else the types it understands
    in their fixed places (``("alldifferent", "givens")``: rows, columns, regions and givens;
    ``()``: its kind's fixed rules). Such an encoding refuses a puzzle that carries other
    constraints (``puzzle.extra``): it does not apply, so the selection passes it by, and
    building it raises :class:`UnsupportedError`. ``reads``: the types of extra constraints
    it takes from the list all the same (the C core's encodings: the types the core
    propagates); a puzzle whose extra constraints are all of these types is not refused for
    them (``applies`` may still refuse it; ``why(puzzle)`` then says what it refuses).
    """

    def deco(build):
        fits = applies or (lambda p: True)
        made, ok = build, fits
        if constraints != "all":
            @functools.wraps(build)
            def made(puzzle, *args, **kwargs):
                if _others(puzzle, reads):
                    raise UnsupportedError(_refusal(REGISTRY[(kind, name)], puzzle))
                return build(puzzle, *args, **kwargs)

            def ok(p):
                return not _others(p, reads) and fits(p)
        REGISTRY[(kind, name)] = Encoding(
            name, kind, target, made, key, description or (build.__doc__ or "").strip().split("\n")[0],
            ok, constraints, tuple(reads), why,
        )
        return build

    return deco


def _others(puzzle, reads: tuple) -> list:
    """The puzzle's extra constraints whose types are not among ``reads``."""
    extra = getattr(puzzle, "extra", ())
    return [c for c in extra if getattr(c, "type", None) not in reads] if reads else list(extra)


def _refusal(enc: Encoding, puzzle) -> str | None:
    """The message of an encoding with fixed rules refusing a puzzle with other constraints."""
    extra = _others(puzzle, enc.reads)
    if not extra:
        return None
    types = ", ".join(sorted({getattr(c, "type", type(c).__name__) for c in extra}))
    knows = (f"only {' and '.join(enc.constraints)} in their fixed places (rows, columns, regions, givens)"
             if enc.constraints else "only its kind's fixed rules")
    readers = ", ".join(e.name for e in list_encodings(enc.kind) if e.constraints == "all")
    if enc.reads:
        knows += f" and reads {', '.join(enc.reads)}"
    other = "1 other constraint" if len(extra) == 1 else f"{len(extra)} other constraints"
    return (f"encoding {enc.name} knows {knows}, and this puzzle carries {other} ({types}); "
            f"encodings that read the constraint list: {readers or 'none'}")


def list_encodings(kind: str | None = None, target: str | None = None) -> list[Encoding]:
    """Registered encodings, filtered by puzzle kind and/or target."""
    _load(load for (k, _), (t, load) in catalogue().items() if kind in (None, k) and target in (None, t))
    return [
        e for (k, _), e in sorted(REGISTRY.items())
        if (kind is None or k == kind) and (target is None or e.target == target)
    ]


def get_encoding(name: str | Encoding, kind: str) -> Encoding:
    """The encoding called ``name`` for puzzle ``kind`` (an :class:`Encoding` passes through)."""
    if isinstance(name, Encoding):
        return name
    if (kind, name) not in REGISTRY and (entry := _entry(kind, name)) is not None:
        entry[1]()
    try:
        return REGISTRY[(kind, name)]
    except KeyError:
        names = ", ".join(e.name for e in list_encodings(kind)) or "none"
        raise UnsupportedError(f"no encoding {name!r} for {kind}; known: {names}") from None
