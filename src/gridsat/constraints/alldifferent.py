"""``alldifferent``: the listed cells hold different digits.

With ``exactly`` the cells are a full unit of ``n`` cells that holds every digit ``1..n``
once: a Sudoku's rows, columns, boxes and jigsaw regions. Without it, a shorter list (a
diagonal, a cage) only repeats no digit.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from ..errors import ParseError, PuzzleError
from .base import Amo, Constraint, NewVar, Example, Lit, cell_name, check_board, check_cells, pairwise_amo, register_constraint

__all__ = ["AllDifferent", "cnf_units"]


@register_constraint
@dataclass(frozen=True)
class AllDifferent(Constraint):
    """The cells ``cells`` of an ``n`` x ``n`` board hold different digits.

    Parameters
    ----------
    n : int
        Board side; digits run ``1..n``.
    members : sequence of int
        Distinct row-major cell indices, at most ``n`` of them (more cannot differ).
    exactly : bool
        The cells are a full unit: ``n`` of them, every digit once (rows, columns, regions).
    label : str, optional
        How messages name the cells (``"row 3"``); default: the cells' names.
    """

    type = "alldifferent"
    n: int
    members: tuple[int, ...]
    exactly: bool = False
    label: str | None = field(default=None, compare=False)

    def __init__(self, n: int, members: Sequence[int], exactly: bool = False, label: str | None = None) -> None:
        n = check_board("alldifferent", n)
        cs = check_cells("alldifferent", n, members)
        if not cs:
            raise PuzzleError("alldifferent: the list of cells is empty")
        if len(cs) > n:
            raise PuzzleError(f"alldifferent: {len(cs)} cells cannot hold different digits 1..{n}")
        if not isinstance(exactly, bool):
            raise PuzzleError(f"alldifferent: exactly must be true or false, got {exactly!r}")
        if exactly and len(cs) != n:
            raise PuzzleError(f"alldifferent: exactly needs {n} cells (every digit once), got {len(cs)}")
        if label is not None and not isinstance(label, str):
            raise PuzzleError(f"alldifferent: label must be a string, got {label!r}")
        object.__setattr__(self, "n", n)
        object.__setattr__(self, "members", cs)
        object.__setattr__(self, "exactly", exactly)
        object.__setattr__(self, "label", label)

    @property
    def name(self) -> str:
        """How messages name the cells: the label, or ``r1c1 r2c2 ...``."""
        return self.label or "cells " + " ".join(cell_name(self.n, c) for c in self.members)

    def cells(self) -> tuple[int, ...]:
        """The cells, ascending."""
        return tuple(sorted(self.members))

    # ------------------------------------------------------------------ verifier rule
    def problems(self, values: Sequence[int]) -> list[str]:
        """Each digit met a second time: ``has 5 twice in row 1: r1c1 and r1c4``."""
        seen: dict[int, int] = {}
        out = []
        for c in self.members:
            v = values[c]
            if v in seen:
                out.append(f"has {v} twice in {self.name}: {cell_name(self.n, seen[v])} and {cell_name(self.n, c)}")
            else:
                seen[v] = c
        return out

    # ------------------------------------------------------------------ encodings
    def cnf(self, lit: Lit, amo: Amo = pairwise_amo, alo: bool = True,
            new_var: NewVar | None = None) -> list[list[int]]:
        """Per digit, at most one cell holds it (and with ``exactly`` and ``alo``, at least one)."""
        out: list[list[int]] = []
        for v in range(1, self.n + 1):
            lits = [lit(c, v) for c in self.members]
            if self.exactly and alo:
                out.append(lits)
            out += amo(lits)
        return out

    def cpsat(self, model: Any, cells: Sequence[Any]) -> None:
        """``AddAllDifferent`` over the cells' integer variables."""
        model.AddAllDifferent([cells[c] for c in self.members])

    def cpsat_bool(self, model: Any, x: Callable[[int, int], Any]) -> None:
        """Per digit, ``AddExactlyOne`` (``exactly``) or ``AddAtMostOne`` over the cells' literals."""
        add = model.AddExactlyOne if self.exactly else model.AddAtMostOne
        for v in range(1, self.n + 1):
            add([x(c, v) for c in self.members])

    # ------------------------------------------------------------------ JSON and drawing
    def to_json(self) -> dict:
        """``{"type": "alldifferent", "cells": [...]}`` with ``"exactly"`` and ``"label"`` when set."""
        d: dict = {"type": self.type, "cells": list(self.members)}
        if self.exactly:
            d["exactly"] = True
        if self.label is not None:
            d["label"] = self.label
        return d

    @classmethod
    def from_json(cls, obj: dict, n: int) -> "AllDifferent":
        """From ``{"type": "alldifferent", "cells": [...], "exactly"?: bool, "label"?: str}``."""
        unknown = sorted(set(obj) - {"type", "cells", "exactly", "label"})
        if unknown:
            raise ParseError(f"alldifferent: unknown key {unknown[0]!r}")
        if "cells" not in obj:
            raise ParseError('alldifferent: missing "cells"')
        if not isinstance(obj["cells"], list):
            raise ParseError(f'alldifferent: "cells" must be a list of cell indices, got {obj["cells"]!r}')
        return cls(n, obj["cells"], obj.get("exactly", False), obj.get("label"))

    def svg(self, frame: Any) -> list[str]:
        """A full unit: nothing (the board's rows, columns and region borders show it); else a
        dashed line through the cells' centres."""
        if self.exactly:
            return []
        return [frame.polyline(self.members, "alldifferent")]

    @classmethod
    def examples(cls) -> list[Example]:
        """A 4x4 row, a 4x4 diagonal and two cells of a 3x3 board."""
        grid = (1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1)
        return [
            Example(cls(4, range(4), exactly=True, label="row 1"), grid, (1, 1) + grid[2:]),
            Example(cls(4, (0, 5, 10, 15)), (1, 2, 3, 4, 3, 2, 1, 2, 2, 1, 3, 3, 4, 3, 2, 4), grid),
            Example(cls(3, (0, 4)), (1, 1, 1, 1, 2, 1, 1, 1, 1), (2,) * 9),
        ]


def cnf_units(var: Any, units: Sequence[Sequence[int]], alo: bool) -> list[tuple[int, ...]]:
    """:meth:`AllDifferent.cnf` with pairwise at-most-one for many full units at once (NumPy):
    the same clauses in the same order, unit by unit and digit by digit.

    ``var`` is the ``(cells, n + 1)`` literal table, ``units`` the units' cells (``n`` each).
    Clauses are tuples: the garbage collector stops tracking a tuple of ints the first time it
    sees it, so a cached formula of 10^5 clauses does not slow later collections.
    """
    import numpy as np  # loaded with the first formula, not with the package

    n = var.shape[1] - 1
    groups = var[np.array(units, dtype=np.int64)][:, :, 1:].transpose(0, 2, 1).reshape(-1, n)
    i, j = np.triu_indices(n, 1)
    P = len(i)
    alos = list(map(tuple, groups.tolist()))
    amo = list(zip((-groups[:, i]).ravel().tolist(), (-groups[:, j]).ravel().tolist()))
    out: list[tuple[int, ...]] = []
    for g, row in enumerate(alos):
        if alo:
            out.append(row)
        out += amo[g * P:(g + 1) * P]
    return out
