"""What the local-rule and line constraint types share: cell lists and their checks, the
f-puzzles cell names, the CNF and CP-SAT forms of a rule between two cells, JSON plumbing
and the drawing of lines and marks.

Each type module (``dots``, ``cellrules``, ``boardrules``, ``lines``, ``negative``) builds
on :class:`LocalRule`: a frozen dataclass whose JSON form is its fields by name (tuples
written as lists), whose f-puzzles form is read and written by the type, and whose CNF
form is made of clauses over ``lit(cell, value)`` only (no auxiliary variables: the
``new_var`` argument of :meth:`LocalRule.cnf` is accepted and unused).
"""

from __future__ import annotations

import dataclasses
from typing import Any, Callable, ClassVar, Iterable, Sequence

from ..errors import ParseError, PuzzleError
from .base import Amo, Constraint, Lit, NewVar, cell_name, check_board, check_cells, fpuzzles_cell, fpuzzles_name

__all__ = ["LocalRule", "Lit", "Amo", "NewVar", "fp_cell", "fp_name", "fp_cells", "pair_cnf", "pair_table",
           "check_value", "check_line", "check_pairs", "adjacent", "box_shape", "mark", "item_dict", "names", "board",
           "fpuzzles_error"]

#: the cell index of an f-puzzles cell name ``"R3C4"`` (1-based) on a board of side ``n``
#: (:func:`~gridsat.constraints.base.fpuzzles_cell`)
fp_cell = fpuzzles_cell


def fp_name(cell: int, n: int) -> str:
    """The f-puzzles name of a cell: ``R3C4``."""
    return fpuzzles_name(n, cell)


def fp_cells(items: Any, n: int, what: str) -> list[int]:
    """A list of f-puzzles cell names as cell indices; :class:`ParseError` naming ``what``."""
    if not isinstance(items, list):
        raise ParseError(f"{what} must be a list of cell names like R1C1, got {str(items)[:40]!r}")
    return [fp_cell(t, n) for t in items]


def check_value(what: str, name: str, value: Any, lo: int, hi: int) -> int:
    """``value`` as an integer ``lo..hi`` (a digit string is read), or :class:`PuzzleError`."""
    if isinstance(value, str) and value.strip().lstrip("-").isdigit():
        value = int(value)
    if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
        raise PuzzleError(f"{what}: {name} must be an integer {lo}..{hi}, got {value!r}")
    return value


def check_line(what: str, n: int, line: Any, shortest: int = 1) -> tuple[int, ...]:
    """One line: distinct cells of the board in order, at least ``shortest`` of them."""
    cells = check_cells(what, n, line)
    if len(cells) < shortest:
        raise PuzzleError(f"{what}: a line needs at least {shortest} cells, got {len(cells)}")
    return cells


def check_pairs(what: str, n: int, pairs: Any) -> tuple[tuple[int, int], ...]:
    """Pairs of distinct cells, each as ``(low, high)``, sorted and without repeats."""
    if isinstance(pairs, (str, bytes)) or not hasattr(pairs, "__iter__"):
        raise PuzzleError(f"{what}: pairs must be a list of [cell, cell], got {pairs!r}")
    out = set()
    for p in pairs:
        if isinstance(p, (str, bytes)) or not hasattr(p, "__iter__") or len(tuple(p)) != 2:
            raise PuzzleError(f"{what}: {p!r} is not a pair of cells")
        a, b = check_cells(what, n, tuple(p))
        out.add((min(a, b), max(a, b)))
    return tuple(sorted(out))


def adjacent(n: int, a: int, b: int) -> bool:
    """Whether two cells share an edge."""
    (ra, ca), (rb, cb) = divmod(a, n), divmod(b, n)
    return abs(ra - rb) + abs(ca - cb) == 1


def box_shape(n: int) -> tuple[int, int] | None:
    """The usual box of a board of side ``n`` (``r`` rows by ``c`` columns, ``r <= c``, ``r`` as
    large as possible and above 1 unless ``n == 1``), or ``None`` for a prime side."""
    for r in range(int(n ** 0.5), 0, -1):
        if n % r == 0:
            return None if r == 1 and n > 1 else (r, n // r)
    return None


def pair_cnf(lit: Callable[[int, int], int], n: int, a: int, b: int,
             ok: Callable[[int, int], bool]) -> list[list[int]]:
    """Clauses for "``ok(value of a, value of b)``" (each cell holds one digit).

    Per value ``u`` of one cell, the values of the other that go with it: none, a unit clause;
    all but one, the binary conflict; else the support clause ``-x_u | y_v ...`` (which makes
    unit propagation arc-consistent). Both directions.

    Chosen by measurement over binary conflicts for every forbidden pair of few (up to two per
    value): counting an empty 9x9 nonconsecutive board to 2 solutions took 0.25 s against
    1.07 s with MiniSat on ``cnf-extended``, the miracle sudoku 0.27 s against 0.35 s; a
    thermometer and negative XV mix was even (0.12 s against 0.08-0.12 s).
    """
    out: list[list[int]] = []
    conflicts: set[tuple[int, int]] = set()
    for x, y, rel in ((a, b, ok), (b, a, lambda u, v: ok(v, u))):
        for u in range(1, n + 1):
            sup = [v for v in range(1, n + 1) if rel(u, v)]
            if len(sup) == n:
                continue
            if len(sup) == n - 1 and n > 1:
                w = next(v for v in range(1, n + 1) if not rel(u, v))
                key = (min(lit(x, u), lit(y, w)), max(lit(x, u), lit(y, w)))
                if key not in conflicts:
                    conflicts.add(key)
                    out.append([-lit(x, u), -lit(y, w)])
            else:
                out.append([-lit(x, u)] + [lit(y, v) for v in sup])
    return out


def pair_table(model: Any, cells: Sequence[Any], n: int, a: int, b: int, ok: Callable[[int, int], bool]) -> None:
    """Post "``ok(value of a, value of b)``" on a CP-SAT model as a table."""
    model.AddAllowedAssignments([cells[a], cells[b]],
                                [(u, v) for u in range(1, n + 1) for v in range(1, n + 1) if ok(u, v)])


def _to_json_value(x: Any) -> Any:
    if isinstance(x, tuple):
        return [_to_json_value(y) for y in x]
    return x


def _from_json_value(x: Any) -> Any:
    if isinstance(x, list):
        return tuple(_from_json_value(y) for y in x)
    return x


def mark(frame: Any, cell: int, text: str, cls: str, corner: str = "top") -> str:
    """A small text in a cell (``corner`` ``top``: top left; ``bottom``: bottom right)."""
    x, y = frame.centre(cell)
    s = frame.s
    fs = s * 0.2
    if corner == "top":
        x, y, anchor = x - s * 0.45, y - s * 0.45 + fs, "start"
    else:
        x, y, anchor = x + s * 0.45, y + s * 0.45 - fs * 0.2, "end"
    return (f'<text class="{cls}" x="{x:.2f}" y="{y:.2f}" font-size="{fs:.2f}" text-anchor="{anchor}" '
            f'fill="#555555">{text}</text>')


class LocalRule(Constraint):
    """Base of the local-rule and line types: JSON by field name, f-puzzles errors located.

    Subclasses are frozen dataclasses with ``n`` first; ``_optional`` names fields written to
    JSON only when they differ from their default.
    """

    #: the f-puzzles JSON keys the type reads (one element of the key's list is one constraint)
    fpuzzles_keys: ClassVar[tuple[str, ...]] = ()

    def cnf(self, lit: Lit, amo: Amo | None = None, alo: bool = True,
            new_var: NewVar | None = None) -> list[list[int]]:
        """The rule as clauses over ``lit(cell, value)``; needs no auxiliaries (``new_var`` unused)."""
        raise NotImplementedError

    def to_json(self) -> dict:
        """``{"type": ..., <field>: <value>, ...}``: the fields but ``n``, tuples as lists;
        fields at their default left out."""
        d: dict = {"type": self.type}
        for f in dataclasses.fields(self):
            if f.name == "n" or not f.compare:
                continue
            v = getattr(self, f.name)
            if f.default is not dataclasses.MISSING and v == f.default:
                continue
            d[f.name] = _to_json_value(v)
        return d

    @classmethod
    def from_json(cls, obj: dict, n: int) -> "LocalRule":
        """From the object :meth:`to_json` writes; :class:`ParseError` for an unknown or missing key."""
        fields = {f.name: f for f in dataclasses.fields(cls) if f.name != "n" and f.compare}
        unknown = sorted(set(obj) - set(fields) - {"type"})
        if unknown:
            raise ParseError(f"{cls.type}: unknown key {unknown[0]!r}")
        missing = [k for k, f in fields.items() if k not in obj and f.default is dataclasses.MISSING]
        if missing:
            raise ParseError(f'{cls.type}: missing "{missing[0]}"')
        return cls(n, **{k: _from_json_value(v) for k, v in obj.items() if k != "type"})

    @classmethod
    def from_fpuzzles(cls, key: str, item: Any, n: int) -> "LocalRule":
        """The constraint of one element ``item`` of the f-puzzles list ``key`` (or the key's value
        for a whole-board switch); :class:`ParseError` naming the key and the item."""
        if key not in cls.fpuzzles_keys:
            raise ParseError(f"{cls.type} does not read the f-puzzles key {key!r}")
        try:
            return cls._from_fpuzzles(key, item, n)
        except (ParseError, PuzzleError) as e:
            raise fpuzzles_error(key, item, e) from None

    @classmethod
    def _from_fpuzzles(cls, key: str, item: Any, n: int) -> "LocalRule":
        raise NotImplementedError

    def to_fpuzzles(self) -> tuple[str, object]:
        """``(key, item)``: the f-puzzles key and the element of its list (or its value) for the writer."""
        raise NotImplementedError


def fpuzzles_error(key: str, item: Any, e: "ParseError | PuzzleError") -> ParseError:
    """The error of an f-puzzles item: ``difference {"cells":["R1C1","R1C3"]}: r1c1 r1c3 are not
    side by side`` (the key, the item, what is wrong; the reader adds where the item is)."""
    text = e.message if isinstance(e, ParseError) else str(e)
    for prefix in (f"{key}: ", f"{key.lower()}: "):
        text = text[len(prefix):] if text.startswith(prefix) else text
    return ParseError(f"{key} {_short(item)}: {text}")


def _short(item: Any) -> str:
    import json

    try:
        text = json.dumps(item, separators=(",", ":"))
    except (TypeError, ValueError):
        text = repr(item)
    return text if len(text) <= 80 else text[:77] + "..."


def item_dict(item: Any, keys: Iterable[str], required: Iterable[str] = ()) -> dict:
    """An f-puzzles list element as a dict with only ``keys`` read (others ignored, as f-puzzles
    keeps drawing data there); :class:`ParseError` when it is no object or lacks a required key."""
    if not isinstance(item, dict):
        raise ParseError("expected an object")
    for k in required:
        if k not in item:
            raise ParseError(f'missing "{k}"')
    return {k: item[k] for k in keys if k in item}


def names(n: int, cells: Iterable[int]) -> str:
    """``r1c1 r1c2 ...``."""
    return " ".join(cell_name(n, c) for c in cells)


def board(what: str, n: Any) -> int:
    """The board side, checked."""
    return check_board(what, n)
