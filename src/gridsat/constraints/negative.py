"""``negative``: what the absence of a mark says. Every two side-by-side cells *without* a
mark of the kind must not keep the mark's relation.

f-puzzles has three such rules, each over the whole board:

* ``nonconsecutive``: no two side-by-side digits are consecutive (the negative of the white
  ``difference`` dot of 1);
* ``"negative": ["ratio"]``: no two side-by-side digits have a ratio of a black dot in use
  (every ``ratio`` value of the puzzle, or 2 when it has no black dot);
* ``"negative": ["xv"]``: no two side-by-side digits sum to 5 or to 10.

The pairs exempt are those carrying a mark: for the two kinds of dot (``difference`` and
``ratio``), a pair with a dot of either kind; for ``xv``, a pair with an X or a V. This is
f-puzzles' own reading (as in the solver f-puzzles connects to): a black dot between two
cells frees them from nonconsecutive.

The constraint carries the relation, the forbidden values and the exempt pairs, so it
stands alone; :func:`fpuzzles_negatives` builds it from an f-puzzles object, whose marks
it needs.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

from ..errors import ParseError, PuzzleError, UnsupportedError
from .base import Example, register_constraint
from .dots import difference_ok, ratio_ok, sum_ok
from .local import (Amo, Lit, LocalRule, NewVar, board, check_cells, check_pairs, check_value, fp_cells,
                    fpuzzles_error, names, pair_cnf, pair_table)

__all__ = ["Negative", "fpuzzles_negatives"]

_RELATIONS: dict[str, Callable[[int], Callable[[int, int], bool]]] = {
    "difference": difference_ok, "ratio": ratio_ok, "xv": sum_ok}
_DEFAULT = {"difference": (1,), "ratio": (2,), "xv": (5, 10)}
_WORDS = {"difference": "differ by", "ratio": "have a ratio of", "xv": "sum to"}
#: which f-puzzles mark lists exempt a pair, per relation
_EXEMPT_BY = {"difference": ("difference", "ratio"), "ratio": ("difference", "ratio"), "xv": ("xv",)}


@register_constraint
@dataclass(frozen=True)
class Negative(LocalRule):
    """Side-by-side cells without a mark do not keep the mark's relation.

    Parameters
    ----------
    n : int
        Board side.
    relation : {"difference", "ratio", "xv"}
        The mark: digits differing by, in a ratio of, or summing to a value.
    values : sequence of int, optional
        The forbidden values (default: 1 for ``difference`` (nonconsecutive), 2 for ``ratio``,
        5 and 10 for ``xv``).
    exempt : sequence of (int, int), optional
        The pairs of cells that carry a mark, free of the rule.
    area : sequence of int, optional
        The rule holds for pairs with both cells in ``area`` (default: the whole board).
    """

    type = "negative"
    fpuzzles_keys = ("nonconsecutive", "negative")
    n: int
    relation: str
    values: tuple = ()
    exempt: tuple = ()
    area: tuple | None = None

    def __post_init__(self) -> None:
        n = board(self.type, self.n)
        if not isinstance(self.relation, str) or self.relation not in _RELATIONS:
            raise PuzzleError(f"negative: relation must be one of {', '.join(_RELATIONS)}, got {self.relation!r}")
        values = tuple(self.values) if not isinstance(self.values, (str, bytes)) and hasattr(
            self.values, "__iter__") else None
        if values is None:
            raise PuzzleError(f"negative: values must be a list of integers, got {self.values!r}")
        values = tuple(sorted({check_value("negative", "each value", v, 0, max(10, 2 * n)) for v in values})) \
            or _DEFAULT[self.relation]
        exempt = check_pairs("negative", n, self.exempt)
        area = None if self.area is None else tuple(sorted(check_cells("negative", n, self.area)))
        object.__setattr__(self, "n", n)
        object.__setattr__(self, "values", values)
        object.__setattr__(self, "exempt", exempt)
        object.__setattr__(self, "area", area)

    def cells(self) -> tuple[int, ...]:
        """The area's cells (every cell of the board by default)."""
        return self.area if self.area is not None else tuple(range(self.n * self.n))

    def pairs(self) -> list[tuple[int, int]]:
        """The side-by-side pairs the rule holds for: in the area, without a mark."""
        n, inside = self.n, set(self.cells())
        exempt = set(self.exempt)
        out = []
        for a in sorted(inside):
            r, c = divmod(a, n)
            for b in ((a + 1) if c + 1 < n else -1, (a + n) if r + 1 < n else -1):
                if b in inside and (a, b) not in exempt:
                    out.append((a, b))
        return out

    def _ok(self) -> Callable[[int, int], bool]:
        rels = [_RELATIONS[self.relation](v) for v in self.values]
        return lambda u, v: not any(rel(u, v) for rel in rels)

    def problems(self, values: Sequence[int]) -> list[str]:
        """``has 3 and 4 at r1c1 r1c2 without a mark, which differ by 1``."""
        out = []
        for a, b in self.pairs():
            u, v = values[a], values[b]
            for value in self.values:
                hit = {"difference": abs(u - v) == value, "ratio": u == value * v or v == value * u,
                       "xv": u + v == value}[self.relation]
                if hit:
                    out.append(f"has {u} and {v} at {names(self.n, (a, b))} without a mark, which "
                               f"{_WORDS[self.relation]} {value}")
                    break
        return out

    def cnf(self, lit: Lit, amo: Amo | None = None, alo: bool = True,
            new_var: NewVar | None = None) -> list[list[int]]:
        """Per pair, the conflicts of :func:`gridsat.constraints.local.pair_cnf`."""
        ok = self._ok()
        out: list[list[int]] = []
        for a, b in self.pairs():
            out += pair_cnf(lit, self.n, a, b, ok)
        return out

    def cpsat(self, model: Any, cells: Sequence[Any]) -> None:
        """Per pair, a table of the allowed pairs of digits."""
        ok = self._ok()
        for a, b in self.pairs():
            pair_table(model, cells, self.n, a, b, ok)

    def svg(self, frame: Any) -> list[str]:
        """Nothing: the rule is in the rules text, not on the board."""
        return []

    def describe(self) -> str:
        """``negative difference 1`` (nonconsecutive), ``negative xv 5 10``."""
        return f"negative {self.relation} " + " ".join(map(str, self.values))

    @classmethod
    def from_fpuzzles(cls, key: str, item: Any, n: int, board: dict | None = None) -> "Negative":
        """From ``"nonconsecutive": true`` (``item`` True) or one element of the ``"negative"`` list
        (``"ratio"`` or ``"xv"``). ``board``, the whole f-puzzles object, gives the marks that
        exempt their pairs (and the ratio values in use): it is required, as the rule is not
        known without it."""
        try:
            if key == "nonconsecutive":
                if item is not True:
                    raise ParseError(f"expected true, got {str(item)[:20]!r}")
                relation = "difference"
            elif key == "negative":
                if not isinstance(item, str) or item not in ("ratio", "xv"):
                    raise ParseError(f'the negative constraints are "ratio" and "xv", got {str(item)[:20]!r}')
                relation = item
            else:
                raise ParseError(f"negative does not read the f-puzzles key {key!r}")
            if board is None:
                raise ParseError("the rule needs the whole f-puzzles object (its marks exempt their pairs)")
            if not isinstance(board, dict):
                raise ParseError("the f-puzzles data must be an object")
            exempt, ratios = [], set()
            for mk in _EXEMPT_BY[relation]:
                marks = board.get(mk) or []
                if not isinstance(marks, list):
                    raise ParseError(f'"{mk}" must be a list')
                for m in marks:
                    if not isinstance(m, dict) or "cells" not in m:
                        raise ParseError(f'an element of "{mk}" has no "cells"')
                    if mk == "xv" and not m.get("value"):
                        continue  # an unlabelled edge mark is no X or V
                    exempt.append(tuple(fp_cells(m["cells"], n, f'"cells" of {mk}')))
                    if mk == "ratio":
                        ratios.add(check_value("ratio", "value", m.get("value") or 2, 2, n))
            values = sorted(ratios) if relation == "ratio" else ()
            return cls(n, relation, values or _DEFAULT[relation], tuple(exempt))
        except (ParseError, PuzzleError) as e:
            raise fpuzzles_error(key, item, e) from None

    def to_fpuzzles(self) -> tuple[str, object]:
        """``("nonconsecutive", True)`` or ``("negative", "ratio" | "xv")``; the exempt pairs are
        the puzzle's marks (written by their own types)."""
        if self.area is not None:
            raise UnsupportedError("negative: f-puzzles holds the rule over the whole board only")
        if self.relation == "difference" and self.values == (1,):
            return "nonconsecutive", True
        if self.relation == "xv" and self.values == (5, 10):
            return "negative", "xv"
        if self.relation == "ratio":
            return "negative", "ratio"
        raise UnsupportedError(f"negative: f-puzzles has no negative {self.relation} of {self.values}")

    @classmethod
    def examples(cls) -> list[Example]:
        """Nonconsecutive, negative ratio with a dotted pair and negative XV, each on part of a 4x4 board."""
        rest = (1,) * 10
        return [
            Example(cls(4, "difference", area=(0, 1, 4, 5)), (1, 3, 1, 1, 4, 1) + rest, (1, 2, 1, 1, 4, 1) + rest),
            Example(cls(4, "ratio", (2,), ((0, 1),), (0, 1, 2, 4, 5)), (1, 2, 3, 1, 3, 3) + rest,
                    (1, 2, 3, 1, 1, 2) + rest),
            Example(cls(4, "xv", area=(0, 1, 4, 5)), (1,) * 16, (1, 4) + (1,) * 14),
        ]


def fpuzzles_negatives(data: dict, n: int) -> list[Negative]:
    """The ``negative`` constraints of an f-puzzles object: ``nonconsecutive`` and each entry of
    the ``negative`` list, with the puzzle's marks exempt."""
    out = []
    if data.get("nonconsecutive"):
        out.append(Negative.from_fpuzzles("nonconsecutive", data["nonconsecutive"], n, data))
    neg = data.get("negative") or []
    if not isinstance(neg, list):
        raise ParseError(f'f-puzzles negative: expected a list, got {str(neg)[:20]!r}')
    for item in neg:
        out.append(Negative.from_fpuzzles("negative", item, n, data))
    return out
