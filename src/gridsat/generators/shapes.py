"""Board shapes for Hidato/Numbrix: parametric (rectangle, diamond, circle, ring, triangle) and
drawn ones (heart, arrow, cross, star, house, frame) from template files.

A shape is a ``(rows, cols, cells)`` triple, ``cells`` a sorted tuple of ``(row, col)``.
Template text: one line per row; ``0``, ``.``, ``o``, ``O``, ``x``, ``X``, ``*``, ``@`` are cells;
``-``, ``#``, ``_`` and spaces are not; lines starting with ``;`` or ``#`` followed by a space are
comments. Every shape can be rotated (90, 180, 270) and mirrored.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path
from typing import Callable

from ..errors import PuzzleError

__all__ = ["Shape", "SHAPES", "shape", "parse_template", "read_template", "rotate", "mirror", "list_shapes",
           "shape_text"]

Shape = tuple[int, int, tuple[tuple[int, int], ...]]

_CELL = set("0.oOxX*@")
_HOLE = set("-#_ ")


def _make(cells) -> Shape:
    cells = sorted(set(cells))
    if not cells:
        raise PuzzleError("the shape has no cells")
    r0 = min(r for r, _ in cells)
    c0 = min(c for _, c in cells)
    cells = tuple((r - r0, c - c0) for r, c in cells)
    return max(r for r, _ in cells) + 1, max(c for _, c in cells) + 1, cells


def parse_template(text: str) -> Shape:
    """A shape from template text (see the module docs for the characters)."""
    cells = []
    r = 0
    for line in text.splitlines():
        if line.startswith(";") or line.startswith("# ") or line.strip() == "#":
            continue
        line = line.rstrip("\n\r")
        if not line.strip():
            if cells:
                r += 1
            continue
        for c, ch in enumerate(line):
            if ch in _CELL:
                cells.append((r, c))
            elif ch not in _HOLE:
                raise PuzzleError(f"template row {r + 1} column {c + 1}: unexpected character {ch!r} "
                                  f"(cells: 0 . o x *; holes: - # _ space)")
        r += 1
    return _make(cells)


def read_template(path: "str | Path") -> Shape:
    """A shape from a template file."""
    return parse_template(Path(path).read_text(encoding="utf-8"))


def rotate(s: Shape, degrees: int) -> Shape:
    """The shape turned clockwise by 0, 90, 180 or 270 degrees."""
    rows, cols, cells = s
    d = degrees % 360
    if d == 0:
        return s
    if d == 90:
        return _make((c, rows - 1 - r) for r, c in cells)
    if d == 180:
        return _make((rows - 1 - r, cols - 1 - c) for r, c in cells)
    if d == 270:
        return _make((cols - 1 - c, r) for r, c in cells)
    raise PuzzleError(f"rotation must be a multiple of 90 degrees, got {degrees}")


def mirror(s: Shape) -> Shape:
    """The shape flipped left to right."""
    rows, cols, cells = s
    return _make((r, cols - 1 - c) for r, c in cells)


def rectangle(rows: int, cols: int | None = None) -> Shape:
    """Every cell of a ``rows x cols`` rectangle (a square when ``cols`` is ``None``)."""
    cols = rows if cols is None else cols
    return _make((r, c) for r in range(rows) for c in range(cols))


def diamond(size: int, cols: int | None = None) -> Shape:
    """Cells within Manhattan distance ``size // 2`` of the centre of a ``size x size`` square."""
    h = (size - 1) / 2
    return _make((r, c) for r in range(size) for c in range(size) if abs(r - h) + abs(c - h) <= h + 0.5)


def circle(size: int, cols: int | None = None) -> Shape:
    """A disc of diameter ``size``."""
    h = (size - 1) / 2
    rad = size / 2
    return _make((r, c) for r in range(size) for c in range(size) if (r - h) ** 2 + (c - h) ** 2 <= rad * rad - 0.5)


def ring(size: int, cols: int | None = None) -> Shape:
    """A disc of diameter ``size`` with a round hole of about a third of it."""
    h = (size - 1) / 2
    rad = size / 2
    inner = max(1.0, size / 5)
    return _make((r, c) for r in range(size) for c in range(size)
                 if inner * inner <= (r - h) ** 2 + (c - h) ** 2 <= rad * rad - 0.5)


def triangle(size: int, cols: int | None = None) -> Shape:
    """A right triangle: row ``r`` has ``r + 1`` cells."""
    return _make((r, c) for r in range(size) for c in range(r + 1))


_PARAMETRIC: dict[str, Callable[..., Shape]] = {
    "rectangle": rectangle, "square": rectangle, "diamond": diamond, "circle": circle, "ring": ring,
    "triangle": triangle,
}


def _drawn() -> dict[str, str]:
    out = {}
    base = resources.files(__package__).joinpath("shapes")
    for f in base.iterdir():
        if f.name.endswith(".txt"):
            out[f.name[:-4]] = f.read_text(encoding="utf-8")
    return out


def list_shapes() -> list[str]:
    """Names of every shape: parametric ones take a size, drawn ones are fixed."""
    return sorted(set(_PARAMETRIC) | set(_drawn()))


SHAPES = _PARAMETRIC


def shape(name: str, rows: int | None = None, cols: int | None = None, rotation: int = 0,
          flip: bool = False) -> Shape:
    """A named shape (``rectangle``, ``diamond``, ``circle``, ``ring``, ``triangle``, ``heart``, ``arrow``, ...).

    Parametric shapes use ``rows`` (and ``cols`` for rectangles; default 8); drawn shapes ignore
    them. A path to a template file is accepted too.
    """
    if name in _PARAMETRIC:
        s = _PARAMETRIC[name](rows or 8, cols)
    else:
        drawn = _drawn()
        if name in drawn:
            s = parse_template(drawn[name])
        elif Path(name).exists():
            s = read_template(name)
        else:
            raise PuzzleError(f"no shape {name!r}; known: {', '.join(list_shapes())} (or a template file)")
    if flip:
        s = mirror(s)
    return rotate(s, rotation)


def shape_text(s: Shape) -> str:
    """The shape as a template (``0`` cell, ``-`` none)."""
    rows, cols, cells = s
    cs = set(cells)
    return "\n".join("".join("0" if (r, c) in cs else "-" for c in range(cols)) for r in range(rows))
