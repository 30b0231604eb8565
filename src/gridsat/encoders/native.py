"""The C core's model of a Sudoku-family board: a compiled unit table and the extra
constraints it propagates, as compact arrays.

Every kind whose puzzles are a Latin-square board with regions may run on the C core
(``gridsat._native``): its ``native`` encoding builds a :class:`NativeModel` with
:func:`board_model` (rows, columns and regions, compiled once per size and region map) and
:func:`with_rules` (the extra constraints, compiled per puzzle).

The core's capability is :data:`NATIVE_TYPES`: the constraint types it propagates, each
turned into records of 32-bit integers by :func:`native_records` (the record layout is the
C side's, ``core_ext.h``):

* ``killercage``, ``cage``: a cage, distinct digits and, with a sum, a sum table (a sum needs
  a board of at most 16x16, :data:`SUM_N`);
* ``thermometer``, ``slowthermometer``: a step per pair of neighbours on a line,
  ``digit(b) >= digit(a) + 1`` (``+ 0`` for the slow one);
* ``arrow``: per shaft, the linear sum ``shaft - circle = 0``: a circle of one cell, or a
  pill of two or three cells read as a decimal number on boards up to 9x9 (above, a pill's
  cells may hold two-digit numbers and the number is no linear sum);
* ``doublearrow``: per line, ``middle - ends = 0``;
* ``alldifferent`` (an extra one, not a full unit in its place), ``extraregion``,
  ``diagonal+``, ``diagonal-``, ``antiknight``, ``antiking``, ``disjointgroups``: groups of
  distinct digits (cages without a sum), and pairs of cells that differ;
* ``pencilmarks``: a mask of the digits a cell may hold;
* ``difference``, ``ratio``, ``xv`` and ``negative``: per pair of cells, the table of the
  digits each digit of the first cell allows in the second (the core keeps in each cell the
  digits with a partner in the other);
* ``littlekillersum``: the sum of the diagonal's cells (digits may repeat), each cell kept to
  the digits the others' digits complete (a linear sum, by its bounds, past :data:`SUM_MAX`).

:func:`native_refusal` names what the core cannot take in a list of rules; an encoding
``applies`` only to puzzles it has nothing to say about, so the selection sends the core
only puzzles whose every constraint it understands.
"""

from __future__ import annotations

import functools
import importlib
from array import array
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any, Hashable, Iterable, Sequence

from ..boards import compile_geometry, unit_table, uses_pairs
from ..errors import UnsupportedError

__all__ = ["NativeModel", "NATIVE_TYPES", "MAX_N", "SUM_N", "CACHE_SIZE", "board_model", "with_rules",
           "native_records", "native_refusal", "clear_cache", "BUDGET_FACTORS", "budget_factor"]

#: largest board the C core takes: candidates are one 32-bit word per cell
MAX_N = 32
#: largest board whose cages may carry a sum (the core's table lists every set of digits)
SUM_N = 16
#: geometries kept (one per size and region map: every jigsaw layout is its own)
CACHE_SIZE = 256

_CAGE, _LESS, _LINEAR, _MASK, _PAIR, _SUM = 1, 2, 3, 4, 5, 6
#: the largest total of a sum record (the core's sets of sums are 64-bit words); a larger one
#: is a linear sum, narrowed by its bounds only
SUM_MAX = 63


@dataclass
class NativeModel:
    """A board for the C core, with the puzzle's extra constraints.

    ``units`` lists every row, column and region as row-major cell indices; ``geometry``
    is the C core's compiled form of it (``None`` when the extension is not built: the
    backend then reports itself unavailable before it gets here). ``extras`` is the core's
    compiled form of the extra constraints (``None``: there are none); ``rules`` counts them.
    """

    key: Hashable
    n: int
    units: list
    geometry: Any = None
    info: dict = field(default_factory=dict)
    extras: Any = None
    rules: int = 0


_CACHE: "OrderedDict[Hashable, NativeModel]" = OrderedDict()


def board_model(n: int, regions: Sequence[int], irregular: bool) -> NativeModel:
    """The unit table of a board of side ``n`` with ``regions`` (labels ``0..n-1`` row by row;
    ``irregular``: not boxes), compiled for the core; cached per size and region map."""
    key = (n, tuple(regions))
    model = _CACHE.get(key)
    if model is not None:
        _CACHE.move_to_end(key)
        return model
    units = unit_table(n, regions)
    pairs = uses_pairs(n, irregular)
    model = NativeModel(key=key, n=n, units=units, geometry=compile_geometry(n, units, pairs),
                        info={"units": len(units), "pairs": pairs})
    _CACHE[key] = model
    while len(_CACHE) > CACHE_SIZE:
        _CACHE.popitem(last=False)
    return model


def clear_cache() -> None:
    """Forget every compiled board (the next puzzle of each board compiles it again)."""
    _CACHE.clear()


# ---------------------------------------------------------------------------- the records
def _cage(cells: Iterable[int], total: int | None) -> list[int]:
    cs = list(cells)
    return [_CAGE, len(cs) + 1, -1 if total is None else int(total), *cs]


def _linear(terms: Iterable[tuple[int, int]], rhs: int = 0) -> list[int]:
    flat = [x for cell, weight in terms for x in (cell, weight)]
    return [_LINEAR, len(flat) + 1, rhs, *flat]


def _steps(lines: Iterable[Sequence[int]], d: int) -> list[int]:
    return [x for line in lines for a, b in zip(line, line[1:]) for x in (_LESS, 3, a, b, d)]


def _mask(cell: int, digits: Iterable[int]) -> list[int]:
    m = 0
    for d in digits:
        m |= 1 << (d - 1)
    return [_MASK, 2, cell, m - (1 << 32) if m >= 1 << 31 else m]


def _table(ok: Any, n: int) -> list[int]:
    """Per digit u, the mask of the digits v with ``ok(u, v)`` (as signed 32-bit words)."""
    out = []
    for u in range(1, n + 1):
        m = sum(1 << (v - 1) for v in range(1, n + 1) if ok(u, v))
        out.append(m - (1 << 32) if m >= 1 << 31 else m)
    return out


def _pair(a: int, b: int, ok: Any, n: int) -> list[int]:
    """``a`` and ``b`` keep ``ok(digit(a), digit(b))``: per digit u of ``a``, the mask of ``b``'s partners."""
    return [_PAIR, 2 + n, a, b, *_table(ok, n)]


def _mark(rule: Any, n: int) -> list[int]:
    a, b = rule.pair
    return _pair(a, b, rule.ok(), n)


def _negative(rule: Any, n: int) -> list[int]:
    table = _table(rule._ok(), n)  # (one table for every pair: the rule's relation is the same)
    return [x for a, b in rule.pairs() for x in (_PAIR, 2 + n, a, b, *table)]


def _distinct(rule: Any) -> list[int]:
    out: list[int] = []
    for group in rule.groups():
        if len(group) > 1:
            out += _cage(group, None)
    for a, b in rule.pairs():
        out += _cage((a, b), None)
    return out


def _cage_records(rule: Any, n: int) -> list[int]:
    return _cage(rule.members, rule.total)


def _arrow(rule: Any, n: int) -> list[int]:
    m = len(rule.circle)
    circle = [(c, -10 ** (m - 1 - i)) for i, c in enumerate(rule.circle)]
    return [x for shaft in rule.shafts for x in _linear(circle + [(c, 1) for c in shaft])]


def _double(rule: Any, n: int) -> list[int]:
    return [x for line in rule.lines
            for x in _linear([(line[0], -1), (line[-1], -1)] + [(c, 1) for c in line[1:-1]])]


_FORMS = {
    "killercage": _cage_records,
    "cage": _cage_records,
    "thermometer": lambda rule, n: _steps(rule.lines, 1),
    "slowthermometer": lambda rule, n: _steps(rule.lines, 0),
    "arrow": _arrow,
    "doublearrow": _double,
    "alldifferent": lambda rule, n: _cage(rule.members, None),
    "extraregion": lambda rule, n: _cage(rule.cells(), None),
    "diagonal+": lambda rule, n: _distinct(rule),
    "diagonal-": lambda rule, n: _distinct(rule),
    "antiknight": lambda rule, n: _distinct(rule),
    "antiking": lambda rule, n: _distinct(rule),
    "disjointgroups": lambda rule, n: _distinct(rule),
    "pencilmarks": lambda rule, n: _mask(rule.cell, rule.digits),
    "difference": _mark,
    "ratio": _mark,
    "xv": _mark,
    "negative": _negative,
    "littlekillersum": lambda rule, n: _diagonal_sum(rule),
}


def _diagonal_sum(rule: Any) -> list[int]:
    """The diagonal's sum record: each cell keeps the digits some digits of the others
    complete, once its bounds leave a cell too little room (a linear sum, narrowed by its
    bounds, past :data:`SUM_MAX`). Measured on the variant collection's two littlekillersum
    puzzles (docs/benchmarks/variants.md): 126,123 and 306,435 branches to decide them
    against 196,131 and 380,527 with the linear sum's bounds, in a quarter to a third less time."""
    line = rule.line()
    if rule.value > SUM_MAX:
        return _linear([(c, 1) for c in line], rule.value)
    return [_SUM, len(line) + 1, rule.value, *line]

#: the constraint types the C core propagates (its capability), beyond a board's rows, columns,
#: regions and givens; :func:`native_refusal` has the limits of some (sums up to 16x16, pills up to 9x9)
NATIVE_TYPES: tuple[str, ...] = tuple(_FORMS)


def _refused(rule: Any, n: int) -> str | None:
    """What :func:`_records` would refuse in ``rule`` (``None``: nothing), told without
    building its records."""
    kind = getattr(rule, "type", None)
    if kind not in _FORMS:
        return f"{kind or type(rule).__name__} constraints"
    if kind in ("killercage", "cage") and rule.total is not None and n > SUM_N:
        return f"cage sums above {SUM_N}x{SUM_N}"
    if kind == "arrow" and len(rule.circle) > 1 and n > 9:
        return "pill arrows above 9x9 (their cells' numbers make no decimal sum)"
    return None


#: how many times the usual node budget a budgeted run of the core gives a puzzle with rules
#: of these types (the largest factor of its rules counts), where the core decides puzzles
#: in more branches than the usual budget but in less time than the prover after it.
#: ``littlekillersum``: the variant collection's two puzzles of these take 126,123 and
#: 306,435 branches (0.3 to 0.4 s and 0.8 to 1.0 s of CPU) where MiniCard, after the usual
#: 20,000, takes 1.2 to 1.8 s (docs/benchmarks/variants.md); 20 times the budget lets the core
#: decide both, and costs a puzzle it cannot decide about what the prover would spend on it.
BUDGET_FACTORS = {"littlekillersum": 20}


def budget_factor(rules: Iterable[Any]) -> int:
    """The factor of the usual node budget for a puzzle with ``rules`` (:data:`BUDGET_FACTORS`).

    >>> from gridsat.constraints import LittleKillerSum, KillerCage
    >>> budget_factor([KillerCage(9, (0, 1), 3)]), budget_factor([LittleKillerSum(9, (-1, 0), 40, "DR")])
    (1, 20)
    """
    return max((BUDGET_FACTORS.get(getattr(rule, "type", None), 1) for rule in rules), default=1)


def _records(rule: Any, n: int) -> "list[int] | str":
    """The records of ``rule``, or what the core cannot take in it."""
    why = _refused(rule, n)
    return why if why is not None else _FORMS[rule.type](rule, n)


def native_refusal(n: int, rules: Iterable[Any]) -> str | None:
    """What the C core cannot take among ``rules`` on a board of side ``n`` (``None``: it takes them all).

    >>> from gridsat.constraints import KillerCage, Thermometer
    >>> native_refusal(9, [KillerCage(9, (0, 1), 3), Thermometer(9, ((0, 9, 18),))]) is None
    True
    >>> native_refusal(25, [KillerCage(25, (0, 1), 3)])
    'the C core does not take cage sums above 16x16'
    """
    if n > MAX_N:
        return f"the C core takes boards up to {MAX_N}x{MAX_N}"
    for rule in rules:
        got = _refused(rule, n)
        if got is not None:
            return f"the C core does not take {got}"
    return None


def native_records(n: int, rules: Iterable[Any]) -> array:
    """The records of ``rules`` for the C core, as an array of 32-bit integers.

    Raises
    ------
    UnsupportedError
        A rule the core cannot take (see :func:`native_refusal`).

    Examples
    --------
    >>> from gridsat.constraints import KillerCage, Thermometer
    >>> list(native_records(4, [KillerCage(4, (0, 1), 3), Thermometer(4, ((0, 4, 8),))]))
    [1, 3, 3, 0, 1, 2, 3, 0, 4, 1, 2, 3, 4, 8, 1]
    """
    out = array("i")
    for rule in rules:
        got = _records(rule, n)
        if isinstance(got, str):
            raise UnsupportedError(f"the C core does not take {got}")
        out.extend(got)
    return out


@functools.lru_cache(maxsize=1)
def _core() -> Any:
    try:
        return importlib.import_module("gridsat._native")
    except ImportError:
        return None


def with_rules(base: NativeModel, rules: Sequence[Any], key: Hashable) -> NativeModel:
    """``base`` with ``rules`` compiled for the core (``base`` itself when there are none).

    ``key``: what the model depends on (the board and the rules). The compiled board is
    shared; the rules are compiled per call (``extras`` stays ``None`` when the extension
    is not built).
    """
    if not rules:
        return base
    words = native_records(base.n, rules)
    core = _core()
    extras = None if core is None else core.extras(base.n, words.tobytes())
    return NativeModel(key=key, n=base.n, units=base.units, geometry=base.geometry,
                       info=dict(base.info, rules=len(rules), words=len(words)), extras=extras, rules=len(rules))
