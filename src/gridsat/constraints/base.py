"""What every constraint type is, and the registry that lists them by name.

A constraint is a rule over the cells of a square board of side ``n`` whose cells hold the
digits ``1..n`` (cells numbered row by row, ``cell = row * n + col``). Each type is one
module of this package and owns, in one place:

* its parameters, checked when it is made (:class:`~gridsat.errors.PuzzleError` naming what
  is wrong);
* its verifier rule, :meth:`Constraint.problems` (independent of every encoding);
* its CNF form, :meth:`Constraint.cnf`: a pure function from the literal of "cell holds
  value" to clauses (auxiliaries come from the caller's at-most-one function and from its
  ``new_var``, a fresh variable of the encoding's pool);
* its CP-SAT forms, :meth:`Constraint.cpsat` (integer cells) and :meth:`Constraint.cpsat_bool`
  (one Boolean per cell and value); OR-tools is imported by the caller, never here;
* its JSON form, :meth:`Constraint.to_json` and :meth:`Constraint.from_json`;
* its drawing, :meth:`Constraint.svg`: SVG elements on a board frame;
* its f-puzzles form, :attr:`Constraint.fpuzzles_keys`, :meth:`Constraint.from_fpuzzles` and
  :meth:`Constraint.to_fpuzzles` (cells named ``R3C4``: :func:`fpuzzles_cell`);
* small instances with a right and a wrong assignment, :meth:`Constraint.examples`, that
  the test suite runs through every one of the above.

A new type is a module with a subclass decorated by :func:`register_constraint`, and one
line importing it in ``gridsat/constraints/__init__.py`` (see ``docs/dev/adding-constraint.md``).
"""

from __future__ import annotations

from dataclasses import dataclass
import re
from itertools import combinations
from typing import Any, Callable, ClassVar, Sequence

from ..errors import ParseError, PuzzleError, UnsupportedError

__all__ = ["Constraint", "Example", "register_constraint", "get_constraint", "list_constraints",
           "constraint_from_json", "pairwise_amo", "cell_name", "check_cells", "check_board", "fpuzzles_cell",
           "fpuzzles_name", "fpuzzles_number", "fpuzzles_cells", "fpuzzles_lines", "set_loader", "fpuzzles_reader",
           "fpuzzles_keys"]

#: ``lit(cell, value) -> int``: the literal of "cell holds value" (DIMACS style, > 0)
Lit = Callable[[int, int], int]
#: ``amo(lits) -> clauses``: at most one of ``lits`` is true
Amo = Callable[[Sequence[int]], list]
#: ``new_var() -> int``: a fresh auxiliary variable of the encoding's pool
NewVar = Callable[[], int]


def pairwise_amo(lits: Sequence[int]) -> list[list[int]]:
    """At most one of ``lits``: one binary clause per pair (no auxiliaries)."""
    return [[-a, -b] for a, b in combinations(lits, 2)]


def cell_name(n: int, cell: int) -> str:
    """``r3c8`` style name of a cell (1-based) on a board of side ``n``."""
    return f"r{cell // n + 1}c{cell % n + 1}"


def check_board(what: str, n: Any) -> int:
    """``n`` as a board side, or :class:`PuzzleError` naming ``what`` (the constraint)."""
    if not isinstance(n, int) or isinstance(n, bool) or n < 1:
        raise PuzzleError(f"{what}: board size must be a positive integer, got {n!r}")
    return n


def check_cells(what: str, n: int, cells: Any) -> tuple[int, ...]:
    """``cells`` as a tuple of distinct cell indices of the board, or :class:`PuzzleError`."""
    if isinstance(cells, (str, bytes)) or not hasattr(cells, "__iter__"):
        raise PuzzleError(f"{what}: cells must be a list of cell indices, got {cells!r}")
    out = tuple(cells)
    if out and set(map(type, out)) == {int} and 0 <= min(out) and max(out) < n * n and len(set(out)) == len(out):
        return out  # (plain ints on the board, each once: what the loop below would pass, in C)
    seen: set[int] = set()
    for k, c in enumerate(out):
        if not isinstance(c, int) or isinstance(c, bool):
            raise PuzzleError(f"{what}: cell {k + 1} of the list is {c!r}, not a cell index")
        if not 0 <= c < n * n:
            raise PuzzleError(f"{what}: cell {c} is outside the {n}x{n} board (cells 0..{n * n - 1})")
        if c in seen:
            raise PuzzleError(f"{what}: cell {cell_name(n, c)} is listed twice")
        seen.add(c)
    return out


_FP_CELL = re.compile(r"\s*[Rr](\d+)\s*[Cc](\d+)\s*\Z")


def fpuzzles_cell(text: Any, n: int, outside: bool = False) -> "int | tuple[int, int]":
    """The cell an f-puzzles name like ``"R3C4"`` (1-based row and column) stands for.

    Parameters
    ----------
    text : str
        The name, ``R<row>C<col>`` (either case).
    n : int
        Board side.
    outside : bool
        Accept the clue positions around the board too (row or column ``0`` or ``n + 1``,
        the corners included) and return ``(row, col)``, 0-based, so that ``-1`` and ``n``
        are the outside lines.

    Returns
    -------
    int or (int, int)
        The cell index ``row * n + col`` (``outside=False``) or the 0-based ``(row, col)``.

    Raises
    ------
    ParseError
        Naming the text: not a cell name, or outside the board (or its frame).
    """
    m = _FP_CELL.match(text) if isinstance(text, str) else None
    if m is None:
        shown = repr(text[:20]) if isinstance(text, str) else repr(text)[:20]  # (a long text is cut)
        raise ParseError(f"{shown} is not a cell name like R1C1")
    r, c = int(m.group(1)) - 1, int(m.group(2)) - 1
    if outside:
        if -1 <= r <= n and -1 <= c <= n:
            return r, c
        raise ParseError(f"{text!r} is neither on the {n}x{n} board nor beside it")
    if not (0 <= r < n and 0 <= c < n):
        raise ParseError(f"{text!r} is outside the {n}x{n} board")
    return r * n + c


def fpuzzles_name(n: int, cell: "int | tuple[int, int]") -> str:
    """The f-puzzles name (``"R3C4"``) of a cell index, or of a 0-based ``(row, col)`` (outside too)."""
    r, c = cell if isinstance(cell, tuple) else divmod(cell, n)
    return f"R{r + 1}C{c + 1}"


def fpuzzles_number(what: str, value: Any, optional: bool = False) -> int | None:
    """An f-puzzles number (``"12"`` or ``12``) as an int; with ``optional``, ``None`` for an
    absent or empty one. :class:`ParseError` naming ``what`` otherwise."""
    if optional and (value is None or (isinstance(value, str) and not value.strip())):
        return None
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str) and re.fullmatch(r"\s*-?\d+\s*", value):
        return int(value)
    raise ParseError(f"{what}: {value!r} is not a number")


def fpuzzles_cells(what: str, item: Any, n: int, key: str = "cells") -> list[int]:
    """The cells of an f-puzzles item's list ``item[key]`` (``["R1C1", ...]``), or
    :class:`ParseError` naming ``what`` and the cell."""
    if not isinstance(item, dict) or not isinstance(item.get(key), list):
        raise ParseError(f"{what}: expected an object with a list {key!r}, got {item!r}")
    out = []
    for t in item[key]:
        try:
            out.append(fpuzzles_cell(t, n))
        except ParseError as e:
            raise ParseError(f"{what}: {e.message}") from None
    return out


def fpuzzles_lines(what: str, item: Any, n: int) -> list[list[int]]:
    """The lines of an f-puzzles item ``{"lines": [["R1C1", ...], ...]}``."""
    if not isinstance(item, dict) or not isinstance(item.get("lines"), list) or not item["lines"]:
        raise ParseError(f"{what}: expected an object with a list of lines, got {item!r}")
    return [fpuzzles_cells(what, {"cells": line}, n) for line in item["lines"]]


@dataclass(frozen=True)
class Example:
    """A small instance of a type for the tests: the constraint on an ``n`` x ``n`` board with
    every cell free but its own rule, an assignment of every cell that keeps it (``good``)
    and one that breaks it (``bad``)."""

    constraint: "Constraint"
    good: tuple[int, ...]
    bad: tuple[int, ...]


class Constraint:
    """Base class of the constraint types (frozen dataclasses: hashable, compared by value).

    Subclasses set :attr:`type` and define ``n`` (the board side) and their parameters,
    check them in ``__post_init__``, and implement the methods below.
    """

    #: the type's name (``"alldifferent"``): the registry key and the JSON ``"type"``
    type: ClassVar[str] = ""
    #: the keys of f-puzzles' JSON this type reads (``("killercage",)``); ``()``: none
    fpuzzles_keys: ClassVar[tuple[str, ...]] = ()
    n: int

    def cells(self) -> tuple[int, ...]:
        """The cells the rule reads, ascending."""
        raise NotImplementedError

    def problems(self, values: Sequence[int]) -> list[str]:
        """What is wrong with ``values`` (one digit ``1..n`` per cell) under this rule; ``[]`` = kept.

        Messages read after ``solution ``: ``"has 5 twice in row 1: r1c1 and r1c4"``.
        """
        raise NotImplementedError

    def cnf(self, lit: Lit, amo: Amo = pairwise_amo, alo: bool = True,
            new_var: NewVar | None = None) -> list[list[int]]:
        """The rule as clauses over ``lit(cell, value)``; ``amo`` builds at-most-one groups
        (the encoding's choice, auxiliaries from its pool); ``alo=False`` leaves out the
        at-least-one clauses another part of the formula implies (``cnf-minimal``).

        ``new_var()`` returns a fresh auxiliary variable of the encoding's pool. A type whose
        clauses need auxiliaries raises :class:`UnsupportedError` when it is ``None``; its
        auxiliaries are defined by the cells' digits (one value per assignment), so that
        counting the solutions of the formula counts grids.
        """
        raise NotImplementedError

    def cpsat(self, model: Any, cells: Sequence[Any]) -> None:
        """Post the rule on a CP-SAT ``model`` whose ``cells[c]`` is cell ``c``'s integer variable."""
        raise NotImplementedError

    def cpsat_bool(self, model: Any, x: Callable[[int, int], Any]) -> None:
        """Post the rule on a CP-SAT ``model`` of Booleans, ``x(cell, value)``.

        By default the CNF form, clause by clause (pairwise at-most-one), with one new Boolean
        of the model per auxiliary variable of the CNF form.
        """
        n = self.n
        top = n ** 3
        aux: list[Any] = []

        def new_var() -> int:
            aux.append(model.NewBoolVar(f"{self.type}_aux{len(aux)}"))
            return top + len(aux)

        for clause in self.cnf(lambda c, v: c * n + v, pairwise_amo, True, new_var):
            terms = []
            for lit in clause:
                a = abs(lit)
                if a > top:
                    b = aux[a - top - 1]
                else:
                    c, v = divmod(a - 1, n)
                    b = x(c, v + 1)
                terms.append(b if lit > 0 else b.Not())
            model.AddBoolOr(terms)

    def to_json(self) -> dict:
        """The JSON object of the constraint, ``{"type": ..., ...}`` (``n`` is the puzzle's)."""
        raise NotImplementedError

    @classmethod
    def from_json(cls, obj: dict, n: int) -> "Constraint":
        """The constraint of a JSON object on a board of side ``n``; :class:`ParseError` if malformed."""
        raise NotImplementedError

    def svg(self, frame: Any) -> list[str]:
        """SVG elements drawing the rule on ``frame`` (:class:`gridsat.rendering.svg.Frame`);
        ``[]`` when the board itself shows it."""
        raise NotImplementedError

    @classmethod
    def from_fpuzzles(cls, key: str, item: Any, n: int) -> "Constraint":
        """The constraint of one item of f-puzzles' list under ``key`` (one of
        :attr:`fpuzzles_keys`) on a board of side ``n``; for a switch over the whole board
        (``"antiknight": true``) ``item`` is the key's value. :class:`ParseError` or
        :class:`PuzzleError` naming what is wrong."""
        raise UnsupportedError(f"{cls.type} has no f-puzzles form")

    def to_fpuzzles(self) -> tuple[str, Any]:
        """``(key, item)``: where f-puzzles' JSON holds the constraint and the item it holds
        (for a switch over the whole board, the key's value)."""
        raise UnsupportedError(f"{self.type} has no f-puzzles form")

    @classmethod
    def examples(cls) -> list[Example]:
        """Small instances with a right and a wrong assignment (for the tests)."""
        raise NotImplementedError

    def describe(self) -> str:
        """A few words for messages (``alldifferent r1c1 r2c2 r3c3``)."""
        return f"{self.type} " + " ".join(cell_name(self.n, c) for c in self.cells())


_TYPES: dict[str, type[Constraint]] = {}
#: ``load()``: imports every type module of the vocabulary (set by the package's
#: ``__init__``); the registry calls it before its first full read, so importing one type
#: (``from gridsat.constraints.cages import KillerCage``) does not import them all
_LOADER: "list[Callable[[], Any]]" = []
#: a type's name or an f-puzzles key -> the module (dotted) whose types answer to it (set by
#: the package's ``__init__``): a lookup of one name imports that module alone
_MODULE_OF: dict[str, str] = {}


def set_loader(load: Callable[[], Any], modules: "dict[str, str] | None" = None) -> None:
    """Make ``load`` the function that imports every type module (called once, on the first
    full read), and ``modules`` (module name -> the names its types answer to, their type
    names and the f-puzzles keys they read, space-separated) the table a lookup of one name
    reads to import that name's module alone."""
    _LOADER[:] = [load]
    _MODULE_OF.clear()
    for module, names in (modules or {}).items():
        for name in names.split():
            _MODULE_OF[name] = f"{__package__}.{module}"


def _types() -> dict[str, type[Constraint]]:
    """The registry, every type module imported."""
    while _LOADER:
        _LOADER.pop()()
    return _TYPES


def _import_for(name: str) -> None:
    """Import the module the table names for ``name`` (a type or an f-puzzles key), or
    every type module when it names none: after it, a name the vocabulary knows is registered."""
    if _LOADER:  # (after a full load there is nothing left to import)
        module = _MODULE_OF.get(name)
        if module is None:
            _types()
        else:
            import importlib

            importlib.import_module(module)


def _registered(name: Any) -> "type[Constraint] | None":
    """The type called ``name``, importing its module alone when the table names it."""
    if not isinstance(name, str):
        return None
    if name not in _TYPES:
        _import_for(name)
        if name not in _TYPES:
            _types()
    return _TYPES.get(name)


def fpuzzles_reader(key: str) -> "type[Constraint] | None":
    """The constraint type that reads f-puzzles' key ``key`` (one of its
    :attr:`Constraint.fpuzzles_keys`), or ``None`` when no type reads it.

    Only the module the registry's table names for the key is imported (every module when
    the table names none), so reading a link loads the types of its own keys.
    """
    for attempt in (0, 1, 2):
        found = next((cls for cls in _TYPES.values() if key in cls.fpuzzles_keys), None)
        if found is not None or not _LOADER:
            return found
        if attempt == 0:
            _import_for(key)
        else:
            _types()
    return None


def fpuzzles_keys() -> list[str]:
    """Every f-puzzles key a registered type reads, sorted."""
    return sorted({key for cls in _types().values() for key in cls.fpuzzles_keys})


def register_constraint(cls: type[Constraint]) -> type[Constraint]:
    """Class decorator: make ``cls`` the constraint type named ``cls.type``."""
    if not cls.type:
        raise UnsupportedError(f"{cls.__name__} has no type name")
    _TYPES[cls.type] = cls
    return cls


def get_constraint(name: str) -> type[Constraint]:
    """The constraint type called ``name``; :class:`UnsupportedError` naming the known ones."""
    found = _registered(name)
    if found is None:
        raise UnsupportedError(f"no constraint type {name!r}; known: {', '.join(list_constraints())}")
    return found


def list_constraints() -> list[str]:
    """The registered constraint types' names, sorted."""
    return sorted(_types())


def constraint_from_json(obj: Any, n: int, where: str = "constraint") -> Constraint:
    """The constraint of a JSON object ``{"type": name, ...}`` on a board of side ``n``.

    Raises :class:`ParseError` (naming ``where``) for a malformed object or an unknown type.
    """
    if not isinstance(obj, dict):
        raise ParseError(f"{where} must be an object with a \"type\", got {type(obj).__name__}")
    name = obj.get("type")
    if _registered(name) is None:
        raise ParseError(f"{where}: unknown constraint type {name!r}; known: {', '.join(list_constraints())}")
    try:
        return _TYPES[name].from_json(obj, n)
    except PuzzleError as e:
        raise ParseError(f"{where}: {e}") from None
    except ParseError as e:
        raise ParseError(f"{where}: {e.message}") from None
