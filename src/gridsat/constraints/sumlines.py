"""Sum lines: ``regionsumline`` and ``zipperline``.

* A region sum line is cut where it crosses from one region into another; every piece (a run
  of consecutive cells of one region; a line that comes back into a region makes a new
  piece) adds up to the same total. The rule reads the puzzle's regions, so the constraint
  carries the region map.
* On a zipper line, cells the same distance from the line's middle add up to the same
  total; on a line of odd length that total is the middle digit.

Each line of a constraint is a rule of its own; both are sums in CNF (:mod:`.sums`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from ..errors import ParseError, PuzzleError, UnsupportedError
from .base import (Amo, Constraint, Example, Lit, NewVar, cell_name, check_board, check_cells, fpuzzles_lines,
                   fpuzzles_name, pairwise_amo, register_constraint)
from .sums import cell_term, need_new_var, sum_cnf

__all__ = ["RegionSumLine", "ZipperLine"]


def _names(n: int, cells: Sequence[int]) -> str:
    return " ".join(cell_name(n, c) for c in cells)


def _check_lines(what: str, n: int, lines: Any, least: int) -> tuple[tuple[int, ...], ...]:
    if isinstance(lines, (str, bytes)) or not hasattr(lines, "__iter__"):
        raise PuzzleError(f"{what}: lines must be a list of lists of cells, got {lines!r}")
    out = tuple(check_cells(what, n, line) for line in lines)
    if not out:
        raise PuzzleError(f"{what}: no line")
    for line in out:
        if len(line) < least:
            raise PuzzleError(f"{what}: the line {_names(n, line)} has fewer than {least} cells")
    return out


@dataclass(frozen=True)
class _SumLines(Constraint):
    """Lines of cells, each a rule of its own (JSON, f-puzzles and drawing shared)."""

    n: int
    lines: tuple[tuple[int, ...], ...]

    def cells(self) -> tuple[int, ...]:
        """The lines' cells, ascending."""
        return tuple(sorted(set().union(*self.lines)))

    def _groups(self, line: Sequence[int]) -> tuple[list[list[int]], list[int] | None]:
        """The groups of cells of a line that add up to the same total, and the cells that
        hold the total (``None``: it is free)."""
        raise NotImplementedError

    def problems(self, values: Sequence[int]) -> list[str]:
        """Each line whose groups do not add up to the same total."""
        out = []
        for line in self.lines:
            groups, total = self._groups(line)
            sums = [sum(values[c] for c in g) for g in groups]
            want = values[total[0]] if total else (sums[0] if sums else 0)
            bad = [(g, s) for g, s in zip(groups, sums) if s != want]
            if bad:
                g, s = bad[0]
                out.append(f"adds up to {s} on {_names(self.n, g)} and to {want} elsewhere on the "
                           f"{self.type} {_names(self.n, line)}")
        return out

    def cnf(self, lit: Lit, amo: Amo = pairwise_amo, alo: bool = True,
            new_var: NewVar | None = None) -> list[list[int]]:
        """Per group, ``group - reference = 0`` as a sum (the reference: the total's cell or the first group)."""
        n, out = self.n, []
        for line in self.lines:
            groups, total = self._groups(line)
            ref = total if total else (groups[0] if groups else None)
            for g in groups:
                if g is ref:
                    continue
                terms = [cell_term(lit, c, n) for c in g] + [cell_term(lit, c, n, -1) for c in ref]
                out += sum_cnf(terms, 0, 0, need_new_var(self.type, new_var)) or [[lit(g[0], 1)], [-lit(g[0], 1)]]
        return out

    def cpsat(self, model: Any, cells: Sequence[Any]) -> None:
        """Per group, the linear equality with the reference."""
        for line in self.lines:
            groups, total = self._groups(line)
            ref = total if total else (groups[0] if groups else None)
            for g in groups:
                if g is not ref:
                    model.Add(sum(cells[c] for c in g) == sum(cells[c] for c in ref))

    def _extra_json(self) -> dict:
        return {}

    def to_json(self) -> dict:
        """``{"type": ..., "lines": [[...], ...]}``."""
        return {"type": self.type, "lines": [list(x) for x in self.lines], **self._extra_json()}

    def to_fpuzzles(self) -> tuple[str, Any]:
        """``(type, {"lines": [["R1C1", ...], ...]})``."""
        return self.type, {"lines": [[fpuzzles_name(self.n, c) for c in line] for line in self.lines]}

    def svg(self, frame: Any) -> list[str]:
        """A line through each line's cells."""
        return [frame.polyline(line, self.type) for line in self.lines]

    def describe(self) -> str:
        """``zipperline r1c1 r1c2 r1c3``."""
        return f"{self.type} " + " | ".join(_names(self.n, x) for x in self.lines)


@register_constraint
@dataclass(frozen=True)
class RegionSumLine(_SumLines):
    """On each line, every piece within one region adds up to the same total.

    Parameters
    ----------
    n : int
        Board side.
    lines : sequence of sequences of int
        The lines, cell after cell.
    regions : sequence of int
        The region label of every cell of the board (``n * n``, row-major): the puzzle's map.
    """

    type = "regionsumline"
    fpuzzles_keys = ("regionsumline",)
    #: f-puzzles' reader passes the puzzle's region map to :meth:`from_fpuzzles`
    fpuzzles_needs_regions = True
    regions: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        n = check_board(self.type, self.n)
        lines = _check_lines(self.type, n, self.lines, 1)
        regs = tuple(self.regions) if hasattr(self.regions, "__iter__") else None
        if regs is None or len(regs) != n * n or not all(isinstance(r, int) and not isinstance(r, bool) for r in regs):
            raise PuzzleError(f"regionsumline: regions must be {n * n} region labels, one per cell")
        object.__setattr__(self, "lines", lines)
        object.__setattr__(self, "regions", regs)
        for line in lines:
            groups, _ = self._groups(line)
            lo = max(len(g) for g in groups)
            hi = min(len(g) * n for g in groups)
            if lo > hi:
                raise PuzzleError(f"regionsumline {_names(n, line)}: no total fits pieces of "
                                  f"{' and '.join(str(len(g)) for g in groups)} cells")

    def _groups(self, line: Sequence[int]) -> tuple[list[list[int]], None]:
        pieces: list[list[int]] = []
        for c in line:
            if pieces and self.regions[pieces[-1][-1]] == self.regions[c]:
                pieces[-1].append(c)
            else:
                pieces.append([c])
        return pieces, None

    def _extra_json(self) -> dict:
        return {"regions": list(self.regions)}

    @classmethod
    def from_json(cls, obj: dict, n: int) -> "RegionSumLine":
        """From ``{"type": "regionsumline", "lines": [[...], ...], "regions": [...]}``."""
        unknown = sorted(set(obj) - {"type", "lines", "regions"})
        if unknown:
            raise ParseError(f"regionsumline: unknown key {unknown[0]!r}")
        if not isinstance(obj.get("lines"), list) or not isinstance(obj.get("regions"), list):
            raise ParseError('regionsumline: needs "lines" (lists of cells) and "regions" (a label per cell)')
        return cls(n, tuple(tuple(x) if isinstance(x, list) else x for x in obj["lines"]), tuple(obj["regions"]))

    @classmethod
    def from_fpuzzles(cls, key: str, item: Any, n: int, regions: Sequence[int] | None = None) -> "RegionSumLine":
        """From ``{"lines": [["R1C1", ...], ...]}`` on the puzzle's ``regions``."""
        if regions is None:
            raise UnsupportedError("regionsumline: the reader must pass the puzzle's regions")
        return cls(n, tuple(tuple(x) for x in fpuzzles_lines(key, item, n)), tuple(regions))

    @classmethod
    def examples(cls) -> list[Example]:
        """A 4x4 line over two boxes (2 + 2 cells), one over three pieces; a 3x3 one by rows."""
        grid = (1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1)
        boxes = (0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3)
        return [
            Example(cls(4, ((1, 5, 6, 2),), boxes), (1, 2, 3, 4, 3, 4, 3, 2) + grid[8:], grid),
            Example(cls(4, ((4, 8, 9, 10),), boxes), grid[:4] + (3,) + grid[5:8] + (2, 1, 3) + grid[11:],
                    grid[:4] + (4,) + grid[5:]),
            Example(cls(3, ((0, 3, 4),), (0, 0, 0, 1, 1, 1, 2, 2, 2)), (3, 1, 1, 1, 2, 1, 1, 1, 1), (1,) * 9),
        ]


@register_constraint
@dataclass(frozen=True)
class ZipperLine(_SumLines):
    """On each line, cells the same distance from the middle add up to the same total (the
    middle digit, on a line of odd length).

    Parameters
    ----------
    n : int
        Board side.
    lines : sequence of sequences of int
        The lines, two cells or more each.
    """

    type = "zipperline"
    fpuzzles_keys = ("zipperline",)

    def __post_init__(self) -> None:
        n = check_board(self.type, self.n)
        lines = _check_lines(self.type, n, self.lines, 2)
        for line in lines:
            if len(line) % 2 and n < 2:
                raise PuzzleError(f"zipperline {_names(n, line)}: no two digits add up to the middle one")
        object.__setattr__(self, "lines", lines)

    def _groups(self, line: Sequence[int]) -> tuple[list[list[int]], list[int] | None]:
        k = len(line)
        pairs = [[line[i], line[k - 1 - i]] for i in range(k // 2)]
        return pairs, ([line[k // 2]] if k % 2 else None)

    @classmethod
    def from_json(cls, obj: dict, n: int) -> "ZipperLine":
        """From ``{"type": "zipperline", "lines": [[...], ...]}``."""
        unknown = sorted(set(obj) - {"type", "lines"})
        if unknown:
            raise ParseError(f"zipperline: unknown key {unknown[0]!r}")
        if not isinstance(obj.get("lines"), list):
            raise ParseError('zipperline: "lines" must be a list of lists of cells')
        return cls(n, tuple(tuple(x) if isinstance(x, list) else x for x in obj["lines"]))

    @classmethod
    def from_fpuzzles(cls, key: str, item: Any, n: int) -> "ZipperLine":
        """From ``{"lines": [["R1C1", ...], ...]}``."""
        return cls(n, tuple(tuple(x) for x in fpuzzles_lines(key, item, n)))

    @classmethod
    def examples(cls) -> list[Example]:
        """A 4x4 line of five cells (middle total), one of four; a 3x3 one."""
        grid = (1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1)
        return [
            Example(cls(4, ((0, 1, 2, 6, 5),)), (1, 2, 3, 4, 3, 2) + grid[6:], grid),
            Example(cls(4, ((12, 8, 9, 13),)), grid[:12] + (1, 2) + grid[14:], grid),
            Example(cls(3, ((0, 4, 8),)), (1, 1, 1, 1, 3, 1, 1, 1, 2), (1,) * 9),
        ]
