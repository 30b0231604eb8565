"""SVG pictures of boards: pure string building, no drawing library.

Every puzzle kind is first turned into a :class:`Layout`: a rectangle of positions, each
either a hole (``None``) or a cell with a region label. Thick borders are drawn on every
unit edge whose two sides differ (two regions, a cell and a hole, a cell and the outside),
so classic boxes, jigsaw shapes and Hidato boards with holes all come out of one rule.

Classes on the elements make the picture easy to inspect: ``rect.cell`` (one per cell),
``rect.hole``, ``line.border`` (one per thick unit edge), ``text.given``, ``text.solved``
and ``polyline.path`` (the Hidato path).

A puzzle with a list of constraints (``puzzle.constraints``, :mod:`gridsat.constraints`) is
drawn rule by rule: each rule's ``svg(frame)`` writes digits in cells through the
:class:`Frame` (the givens) and returns its other elements (a ``g.constraints`` group between
the borders and the digits); rows, columns and regions are the board itself.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from ..errors import UnsupportedError

__all__ = ["Layout", "Frame", "layout", "render_svg", "border_segments", "STYLE"]


def escape(text: str) -> str:
    """``&``, ``<`` and ``>`` as XML entities (as ``xml.sax.saxutils.escape``, which would
    import ``urllib.request`` and with it most of the network stack)."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def quoteattr(text: str) -> str:
    """``text`` escaped and quoted as an XML attribute value (as ``xml.sax.saxutils.quoteattr``)."""
    text = escape(text).replace("\n", "&#10;").replace("\r", "&#13;").replace("\t", "&#9;")
    if '"' not in text:
        return f'"{text}"'
    if "'" not in text:
        return f"'{text}'"
    return '"' + text.replace('"', "&quot;") + '"'

#: colours and line widths, relative to a cell side of 1
STYLE: dict[str, Any] = {
    "background": "#ffffff",
    "cell": "#ffffff",
    "hole": "#8c8c8c",
    "thin": "#a0a0a0",
    "thin_width": 0.025,
    "thick": "#000000",
    "thick_width": 0.075,
    "given": "#000000",
    "solved": "#1a5fb4",
    "path": "#e66100",
    "path_width": 0.14,
    "path_opacity": 0.45,
    "font": "DejaVu Sans, Arial, Helvetica, sans-serif",
    "regions": ("#fde9c9", "#d9ecf9", "#e2f3d5", "#f6dcec", "#ece3f8", "#fff6bf", "#d7f1ee", "#f3e0d6"),
}


@dataclass
class Layout:
    """A puzzle as a rectangle of positions.

    ``region[p]`` is the region label of position ``p = row * cols + col``, or ``None`` for a
    hole; ``cell_of[p]`` maps a position to the puzzle's own cell index (``None`` for holes).
    ``givens`` is indexed by the puzzle's cells.
    """

    kind: str
    rows: int
    cols: int
    region: list[Any]
    cell_of: list[int | None]
    givens: Sequence[int]
    shade_regions: bool = False
    path: bool = False
    max_value: int = 9
    # -- clues outside the board (a kind whose clues sit beside the grid)
    #: extra margin around the board, in cells
    pad: float = 0.0
    #: ``outside(frame) -> [svg elements]``: drawn with the constraints' layers
    outside: Any = None

    @property
    def positions(self) -> list[int]:
        """Positions that are cells, in row-major order."""
        return [p for p, r in enumerate(self.region) if r is not None]


class Frame:
    """Where a constraint's SVG layer draws: cell positions in SVG units, and the board's digits.

    Parameters
    ----------
    lay : Layout
    s : float
        Cell side in SVG units.
    style : dict
        :data:`STYLE` with the caller's overrides.
    """

    def __init__(self, lay: Layout, s: float, style: dict[str, Any]) -> None:
        self.s, self.style, self.lay = s, style, lay
        self.position = {cidx: p for p, cidx in enumerate(lay.cell_of) if cidx is not None}
        self.digits = len(str(lay.max_value))
        #: cell -> the digit text written there (:meth:`write`)
        self.written: dict[int, str] = {}

    def centre(self, cell: int) -> tuple[float, float]:
        """The centre of a cell, ``(x, y)``."""
        r, c = divmod(self.position[cell], self.lay.cols)
        return (c + 0.5) * self.s, (r + 0.5) * self.s

    def text(self, cell: int, value: int, cls: str) -> str:
        """The ``<text>`` of a digit in a cell: ``cls`` ``given`` (bold black) or ``solved`` (blue)."""
        st, txt = self.style, str(value)
        x, y = self.centre(cell)
        fs = self.s * _FONT.get(max(len(txt), self.digits), 0.22)
        colour, weight = (st["given"], "bold") if cls == "given" else (st["solved"], "normal")
        return (f'<text class="{cls}" x="{_fmt(x)}" y="{_fmt(y + fs * 0.36)}" '
                f'font-size="{_fmt(fs)}" font-weight="{weight}" fill="{colour}">{txt}</text>')

    def write(self, cell: int, value: int, cls: str = "given") -> None:
        """Put a digit in a cell; the board draws the written digits with the solution's, cell by cell."""
        self.written[cell] = self.text(cell, value, cls)

    def polyline(self, cells: Sequence[int], cls: str) -> str:
        """A thin dashed line through the centres of ``cells``, in order (a single cell: a dot)."""
        pts = " ".join(f"{_fmt(x)},{_fmt(y)}" for x, y in map(self.centre, cells))
        if len(cells) == 1:
            pts += " " + pts
        return (f'<polyline class="{escape(cls)}" points="{pts}" fill="none" stroke="{self.style["thin"]}" '
                f'stroke-width="{_fmt(self.s * self.style["thin_width"] * 2)}" stroke-dasharray="{_fmt(self.s * 0.1)}" '
                f'stroke-linecap="round"/>')


def layout(puzzle) -> Layout:
    """The :class:`Layout` of a puzzle: its own ``layout()`` (every puzzle class has one).

    Raises
    ------
    UnsupportedError
        The object is not a puzzle that can be drawn.
    """
    make = getattr(puzzle, "layout", None)
    if not callable(make):
        raise UnsupportedError(f"no renderer for {type(puzzle).__name__} objects")
    return make()


def border_segments(lay: Layout) -> list[tuple[int, int, int, int]]:
    """Thick unit edges ``(x1, y1, x2, y2)`` in cell units: wherever the two sides differ.

    Both sides being holes or outside draws nothing; a cell next to a hole or the outside,
    or two cells of different regions, draws a segment.
    """
    R, C, reg = lay.rows, lay.cols, lay.region

    def at(r: int, c: int):
        return reg[r * C + c] if 0 <= r < R and 0 <= c < C else None

    segs = []
    for r in range(R + 1):  # horizontal edges above row r
        for c in range(C):
            a, b = at(r - 1, c), at(r, c)
            if a != b:
                segs.append((c, r, c + 1, r))
    for c in range(C + 1):  # vertical edges left of column c
        for r in range(R):
            a, b = at(r, c - 1), at(r, c)
            if a != b:
                segs.append((c, r, c, r + 1))
    return segs


def _region_colours(lay: Layout, palette: Sequence[str]) -> dict[Any, str]:
    """Greedy colouring so that touching regions get different pale colours."""
    R, C, reg = lay.rows, lay.cols, lay.region
    nbrs: dict[Any, set] = {}
    for p, a in enumerate(reg):
        if a is None:
            continue
        nbrs.setdefault(a, set())
        r, c = divmod(p, C)
        for r2, c2 in ((r + 1, c), (r, c + 1)):
            if r2 < R and c2 < C:
                b = reg[r2 * C + c2]
                if b is not None and b != a:
                    nbrs[a].add(b)
                    nbrs.setdefault(b, set()).add(a)
    out: dict[Any, str] = {}
    for a in sorted(nbrs, key=lambda k: (-len(nbrs[k]), str(k))):
        used = {out[b] for b in nbrs[a] if b in out}
        free = [col for col in palette if col not in used]
        out[a] = free[0] if free else palette[len(out) % len(palette)]
    return out


_FONT = {1: 0.62, 2: 0.5, 3: 0.36, 4: 0.28}


def _fmt(x: float) -> str:
    s = f"{x:.2f}".rstrip("0").rstrip(".")
    return s if s not in ("-0", "") else "0"


def render_svg(
    puzzle,
    solution: Sequence[int] | None = None,
    *,
    cell: float = 40,
    path: bool | None = None,
    shade_regions: bool | None = None,
    title: str | None = None,
    page: str | None = None,
    style: dict[str, Any] | None = None,
) -> str:
    """An SVG picture of ``puzzle``, with ``solution`` values (if given) in a second colour.

    Parameters
    ----------
    puzzle : Sudoku or Hidato
    solution : sequence of int, optional
        Values per cell (``0`` for unknown); givens are drawn bold black, other values blue.
    cell : float
        Side of a cell in SVG user units (pixels when shown on screen).
    path : bool, optional
        Hidato: draw the path through consecutive numbers (default: when a solution is given).
    shade_regions : bool, optional
        Fill regions with pale colours (default: jigsaw boards only).
    title : str, optional
        A caption above the board.
    page : {"a4", None}
        ``"a4"``: a 210 x 297 mm portrait page with the board centred, for printing.
    style : dict, optional
        Overrides for :data:`STYLE`.

    Returns
    -------
    str
        A standalone SVG document.
    """
    st = dict(STYLE, **(style or {}))
    lay = layout(puzzle)
    if shade_regions is None:
        shade_regions = lay.shade_regions
    if path is None:
        path = lay.path and solution is not None
    s = float(cell)
    margin = s * (0.25 + lay.pad)
    top = margin + (s * 0.8 if title else 0)
    W = lay.cols * s + 2 * margin
    H = lay.rows * s + top + margin
    givens = lay.givens
    values = list(solution) if solution is not None else [0] * len(givens)

    body: list[str] = []
    add = body.append
    add(f'<rect class="background" x="0" y="0" width="{_fmt(W)}" height="{_fmt(H)}" fill="{st["background"]}"/>')
    if title:
        add(f'<text class="title" x="{_fmt(W / 2)}" y="{_fmt(margin + s * 0.55)}" text-anchor="middle" '
            f'font-family={quoteattr(st["font"])} font-size="{_fmt(s * 0.5)}">{escape(title)}</text>')
    add(f'<g transform="translate({_fmt(margin)},{_fmt(top)})">')

    colours = _region_colours(lay, st["regions"]) if shade_regions else {}
    add(f'<g class="cells" stroke="{st["thin"]}" stroke-width="{_fmt(s * st["thin_width"])}">')
    for p, reg in enumerate(lay.region):
        r, c = divmod(p, lay.cols)
        x, y = _fmt(c * s), _fmt(r * s)
        if reg is None:
            add(f'<rect class="hole" x="{x}" y="{y}" width="{_fmt(s)}" height="{_fmt(s)}" '
                f'fill="{st["hole"]}" stroke="none"/>')
        else:
            fill = colours.get(reg, st["cell"])
            add(f'<rect class="cell" x="{x}" y="{y}" width="{_fmt(s)}" height="{_fmt(s)}" fill="{fill}"/>')
    add("</g>")

    if path:
        add(_path_svg(lay, givens, values, s, st))

    add(f'<g class="borders" stroke="{st["thick"]}" stroke-width="{_fmt(s * st["thick_width"])}" '
        f'stroke-linecap="square">')
    for x1, y1, x2, y2 in border_segments(lay):
        add(f'<line class="border" x1="{_fmt(x1 * s)}" y1="{_fmt(y1 * s)}" x2="{_fmt(x2 * s)}" y2="{_fmt(y2 * s)}"/>')
    add("</g>")

    frame = Frame(lay, s, st)
    rules = getattr(puzzle, "constraints", None)
    if rules is None:  # a puzzle without a constraint list: its givens are the layout's
        for cidx, g in enumerate(givens):
            if g:
                frame.write(cidx, g)
    layers = [el for rule in rules or () for el in rule.svg(frame)]
    if lay.outside is not None:
        layers += lay.outside(frame)
    if layers:
        add('<g class="constraints">')
        body += layers
        add("</g>")
    add(f'<g class="values" text-anchor="middle" font-family={quoteattr(st["font"])}>')
    for p, cidx in enumerate(lay.cell_of):
        if cidx is None:
            continue
        if cidx in frame.written:
            add(frame.written[cidx])
            continue
        v = values[cidx] if cidx < len(values) else 0
        if v:
            add(frame.text(cidx, v, "solved"))
    add("</g>")
    add("</g>")

    kind = escape(lay.kind)
    if page is None:
        head = (f'<svg xmlns="http://www.w3.org/2000/svg" class="gridsat {kind}" width="{_fmt(W)}" '
                f'height="{_fmt(H)}" viewBox="0 0 {_fmt(W)} {_fmt(H)}">')
        return "\n".join([head, *body, "</svg>"]) + "\n"
    if page.lower() != "a4":
        raise UnsupportedError(f"unknown page size {page!r}; known: a4")
    pw, ph, pm = 210.0, 297.0, 15.0
    scale = min((pw - 2 * pm) / W, (ph - 2 * pm) / H)
    tx, ty = (pw - W * scale) / 2, pm + 10
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" class="gridsat {kind}" width="210mm" height="297mm" '
            f'viewBox="0 0 210 297">')
    return "\n".join([
        head, f'<rect x="0" y="0" width="210" height="297" fill="{st["background"]}"/>',
        f'<g transform="translate({tx:.3f},{ty:.3f}) scale({scale:.5f})">', *body, "</g>", "</svg>",
    ]) + "\n"


def _path_svg(lay: Layout, givens: Sequence[int], values: Sequence[int], s: float, st: dict) -> str:
    """Polylines through the centres of consecutive known numbers (Hidato)."""
    where: dict[int, tuple[float, float]] = {}
    for p, cidx in enumerate(lay.cell_of):
        if cidx is None:
            continue
        v = givens[cidx] or (values[cidx] if cidx < len(values) else 0)
        if v:
            r, c = divmod(p, lay.cols)
            where[v] = ((c + 0.5) * s, (r + 0.5) * s)
    runs: list[list[tuple[float, float]]] = []
    for k in sorted(where):
        if runs and k - 1 in where and runs[-1][-1] == where[k - 1]:
            runs[-1].append(where[k])
        else:
            runs.append([where[k]])
    out = [f'<g class="path" fill="none" stroke="{st["path"]}" stroke-width="{_fmt(s * st["path_width"])}" '
           f'stroke-opacity="{st["path_opacity"]}" stroke-linecap="round" stroke-linejoin="round">']
    for run in runs:
        if len(run) > 1:
            pts = " ".join(f"{_fmt(x)},{_fmt(y)}" for x, y in run)
            out.append(f'<polyline class="path" points="{pts}"/>')
    out.append("</g>")
    return "\n".join(out)
