"""The gap-colour model of Numbrix: a SAT formula without numbers, closed by lazy cycle cuts.

Between two consecutive givens ``v`` at cell *a* and ``v + g`` at cell *b* lies a *gap* of
``g - 1`` open cells. The model gives every open cell one *colour*, the gap it belongs to,
among the gaps whose ellipse holds it (walks through open cells: ``d(a, c) + d(c, b) <= g``;
on a rook board the parity then matches by itself), and every board edge one Boolean,
*used*, with one literal per (edge, gap) it may serve. Then:

* every open cell has exactly two used edges (one at the free end of an open head or tail:
  the numbers before the first given or after the last), both of its own gap;
* every given has exactly one used edge into each of its gaps (two consecutive givens side
  by side share their edge, which is fixed used; two givens side by side otherwise never);
* every gap holds exactly its number of cells, and of each colour of the chessboard exactly
  as many as a rook path of that length alternates through (two cardinality constraints);
* no 2x2 block uses its four edges (the smallest cycle, excluded up front).

A model of this formula is a path through every given in order plus, possibly, cycles of
open cells that touch no given. The ``gapsat`` backend (:mod:`gridsat.kinds.hidato.backend_gapsat`)
runs the solver incrementally: every cycle of a model gets the clauses of :func:`cut` and
the solver runs again, until a model has no cycle. Its numbers are read along the path
(:func:`decode`). Nothing here is tied to a number: the formula has a literal per cell and
gap, not per cell and number.

Only rook boards (Numbrix) with at least one given: the colour counts rely on a rook path
alternating colours.
"""

from __future__ import annotations

import time

from collections import deque
from dataclasses import dataclass, field

from ...errors import UnsupportedError

__all__ = ["GapModel", "build", "used", "cycles", "cut", "decode", "block"]


@dataclass
class GapModel:
    """The clauses of the gap-colour model and what decoding a model needs.

    ``edges`` maps each undirected edge ``(u, v)`` (``u < v``) that may be used to its literal
    (a positive variable) or to ``True`` (two consecutive givens side by side); ``anchors``
    is the set of given cells. ``refuted`` is a reason no solution exists, found while
    building (then ``clauses`` holds an empty clause).
    """

    n: int
    clauses: list = field(default_factory=list)
    nvars: int = 0
    edges: dict = field(default_factory=dict)
    anchors: frozenset = frozenset()
    start: int | None = None
    head_ends: dict = field(default_factory=dict)  # free-end literal of the open head -> its cell
    givens: dict = field(default_factory=dict)
    x: dict = field(default_factory=dict)  # (open cell, gap) -> colour literal
    f: dict = field(default_factory=dict)  # (u, v, gap) -> literal of edge (u, v) used in the gap
    refuted: str | None = None
    info: dict = field(default_factory=dict)


class _Pool:
    """A variable counter shared with python-sat's cardinality encoders."""

    def __init__(self) -> None:
        from pysat.formula import IDPool

        self.pool = IDPool()

    def new(self) -> int:
        return self.pool._next()

    @property
    def top(self) -> int:
        return self.pool.top


def _bfs(nb, src: int, depth: int, blocked) -> dict:
    """Walk distances from ``src`` through cells not in ``blocked`` (``src`` may be), up to ``depth``."""
    dist = {src: 0}
    q = deque([src])
    while q:
        u = q.popleft()
        d = dist[u]
        if d == depth:
            continue
        for w in nb[u]:
            if w not in dist and w not in blocked:
                dist[w] = d + 1
                q.append(w)
    return dist


def _segments(puzzle) -> list[tuple]:
    """``(a, b, g)`` per gap: anchor cells (None for an open end) and its number of steps; an
    open head or tail counts the step to a virtual cell past its free end."""
    n = len(puzzle.cells)
    order = sorted((v, c) for c, v in puzzle.givens.items())
    segs = []
    if order[0][0] > 1:
        segs.append((None, order[0][1], order[0][0]))
    for (v, a), (w, b) in zip(order, order[1:]):
        segs.append((a, b, w - v))
    if order[-1][0] < n:
        segs.append((order[-1][1], None, n - order[-1][0] + 1))
    return segs


def _exactly(pool: _Pool, clauses: list, lits: list, k: int, encoding: str) -> None:
    from pysat.card import CardEnc, EncType

    if k < 0 or k > len(lits):
        clauses.append([])
        return
    if k == 0:
        clauses.extend([-x] for x in lits)
        return
    if k == len(lits):
        clauses.extend([x] for x in lits)
        return
    if k == 1 and len(lits) <= 6:
        clauses.append(list(lits))
        clauses.extend([-lits[i], -lits[j]] for i in range(len(lits)) for j in range(i + 1, len(lits)))
        return
    enc = CardEnc.equals(lits=lits, bound=k, vpool=pool.pool, encoding=getattr(EncType, encoding))
    clauses.extend(enc.clauses)


def _degree(clauses: list, lits: list, end: int | None) -> None:
    """Exactly two of ``lits`` (at most four), or exactly one when ``end`` is true."""
    m = len(lits)
    for i in range(m):  # at most two
        for j in range(i + 1, m):
            for k in range(j + 1, m):
                clauses.append([-lits[i], -lits[j], -lits[k]])
    clauses.append(list(lits))  # at least one
    for i in range(m):  # at least two, unless the end
        clauses.append([x for j, x in enumerate(lits) if j != i] + ([end] if end else []))
    if end:
        for i in range(m):
            for j in range(i + 1, m):
                clauses.append([-end, -lits[i], -lits[j]])


class BuildTimeout(Exception):
    """The model's build ran past its deadline (:func:`build`'s ``deadline``)."""


def _in_time(deadline: float | None) -> None:
    if deadline is not None and time.perf_counter() > deadline:
        raise BuildTimeout("the gap-colour model's build ran out of time")


def build(puzzle, card: str = "seqcounter", deadline: float | None = None) -> GapModel:
    """The gap-colour formula of a rook ``puzzle`` with at least one given (see the module docstring).

    Parameters
    ----------
    puzzle : Hidato
        A Numbrix board (rook adjacency) with at least one given.
    card : str
        The python-sat cardinality encoding of the gap sizes (an ``EncType`` name).
    deadline : float, optional
        A ``time.perf_counter()`` value: past it the build raises :class:`BuildTimeout`.

    Returns
    -------
    GapModel
    """
    if puzzle.adjacency != "rook":
        raise UnsupportedError("the gap-colour model takes rook boards (Numbrix) only")
    if not puzzle.givens:
        raise UnsupportedError("the gap-colour model needs at least one given")
    n = len(puzzle.cells)
    nb = puzzle.neighbours
    givens = puzzle.givens
    colour = [(r + c) & 1 for r, c in puzzle.cells]
    anchors = frozenset(givens)
    pool = _Pool()
    model = GapModel(n=n, anchors=anchors, givens=dict(givens))
    clauses = model.clauses
    segs = _segments(puzzle)
    cands: dict[int, list[int]] = {}  # open cell -> gaps whose ellipse holds it
    x: dict[tuple[int, int], int] = {}
    _in_time(deadline)
    for i, (a, b, g) in enumerate(segs):
        if a is not None and b is not None and g == 1:
            continue
        da = _bfs(nb, a, g - 1, anchors) if a is not None else None
        db = _bfs(nb, b, g - 1, anchors) if b is not None else None
        if da is None or db is None:
            ds = da if da is not None else db
            cells = [c for c, d in ds.items() if 0 < d < g]
        else:
            cells = [c for c, d in da.items() if c not in anchors and c in db and d + db[c] <= g]
        for c in cells:
            cands.setdefault(c, []).append(i)
            x[c, i] = pool.new()
    _in_time(deadline)
    for c in range(n):
        if c not in anchors and c not in cands:
            model.refuted = f"cell {puzzle.cell_name(c)} lies in no gap"
            clauses.append([])
            return model
    # edges: a literal per (edge, gap) it may serve
    gaps_of_anchor: dict[int, list[int]] = {}
    _in_time(deadline)
    for i, (a, b, g) in enumerate(segs):
        for c in (a, b):
            if c is not None:
                gaps_of_anchor.setdefault(c, []).append(i)
    f: dict[tuple[int, int, int], int] = {}
    at_anchor: dict[tuple[int, int], list[int]] = {}  # (anchor, gap) -> literals of its edges in the gap
    incident: dict[int, list] = {c: [] for c in range(n)}
    _in_time(deadline)
    for u in range(n):
        for v in nb[u]:
            if v <= u:
                continue
            if u in anchors and v in anchors:
                if abs(givens[u] - givens[v]) == 1:
                    model.edges[u, v] = True
                    incident[u].append(True)
                    incident[v].append(True)
                continue
            if u in anchors or v in anchors:
                a, c = (u, v) if u in anchors else (v, u)
                gaps = [i for i in gaps_of_anchor[a] if (c, i) in x]
            else:
                cv = set(cands[v])
                gaps = [i for i in cands[u] if i in cv]
            if not gaps:
                continue
            e = pool.new()
            model.edges[u, v] = e
            incident[u].append(e)
            incident[v].append(e)
            lits = []
            for i in gaps:
                fi = e if len(gaps) == 1 else pool.new()
                lits.append(fi)
                f[u, v, i] = fi
                for c in (u, v):
                    if c in anchors:
                        at_anchor.setdefault((c, i), []).append(fi)
                    else:
                        clauses.append([-fi, x[c, i]])
                if fi != e:
                    clauses.append([-fi, e])
            if len(gaps) > 1:
                clauses.append([-e] + lits)
    # colours: one gap per open cell (the deadline looked at inside the loops too: each takes
    # up to 0.4 s on a 40x40 board)
    for c, gs in cands.items():
        _in_time(deadline)
        _exactly(pool, clauses, [x[c, i] for i in gs], 1, "seqcounter")
    # open ends: one free end per open head or tail
    end_of: dict[int, list[int]] = {}
    _in_time(deadline)
    for i, (a, b, g) in enumerate(segs):
        if a is not None and b is not None:
            continue
        anchor = a if a is not None else b
        want = colour[anchor] ^ ((g - 1) & 1)
        ends = []
        for (c, j), lit in list(x.items()):
            if j == i and colour[c] == want:
                end = pool.new()
                clauses.append([-end, lit])
                if a is None:
                    model.head_ends[end] = c
                end_of.setdefault(c, []).append(end)
                ends.append(end)
        _exactly(pool, clauses, ends, 1, "seqcounter")
    # degrees: two used edges per open cell (one at a free end); one per given and gap
    for c in range(n):
        _in_time(deadline)
        lits = incident[c]
        if c in anchors:
            for i in gaps_of_anchor[c]:
                a, b, g = segs[i]
                if a is not None and b is not None and g == 1:
                    if (min(a, b), max(a, b)) not in model.edges:
                        model.refuted = f"{givens[a]} and {givens[b]} are not side by side"
                        clauses.append([])
                        return model
                    continue
                _exactly(pool, clauses, at_anchor.get((c, i), []), 1, "seqcounter")
            continue
        lits = [e for e in lits if e is not True]
        if not lits:
            clauses.append([])
            model.refuted = f"cell {puzzle.cell_name(c)} has no usable edge"
            return model
        ends = end_of.get(c, [])
        end = ends[0] if len(ends) == 1 else None
        if len(ends) > 1:  # a free end of the head or of the tail (never both: one colour a cell)
            end = pool.new()
            clauses.append([-end] + ends)
            clauses.extend([-e, end] for e in ends)
        _degree(clauses, lits, end)
    # gap sizes, by chessboard colour
    per_gap: dict[int, list] = {}
    _in_time(deadline)
    for (c, j), lit in x.items():
        per_gap.setdefault(j, []).append((c, lit))
    _in_time(deadline)
    for i, (a, b, g) in enumerate(segs):
        if (a is not None and b is not None and g == 1) or card == "none":
            continue
        _in_time(deadline)
        anchor = a if a is not None else b
        mine = [[], []]
        for c, lit in per_gap.get(i, []):
            mine[colour[c]].append(lit)
        other = g // 2  # open cells at odd steps from the anchor: the other colour
        same = (g - 1) // 2
        want = {colour[anchor] ^ 1: other, colour[anchor]: same}
        for col in (0, 1):
            _exactly(pool, clauses, mine[col], want[col], card)
    # no 2x2 block with its four edges used
    index = puzzle.index
    _in_time(deadline)
    for (r, c0) in puzzle.cells:
        quad = [(r, c0), (r, c0 + 1), (r + 1, c0 + 1), (r + 1, c0)]
        if not all(q in index for q in quad):
            continue
        ids = [index[q] for q in quad]
        lits = []
        for k in range(4):
            u, v = ids[k], ids[(k + 1) % 4]
            e = model.edges.get((min(u, v), max(u, v)))
            if e is None:
                break
            lits.append(e)
        else:
            lits = [-e for e in lits if e is not True]
            clauses.append(lits)
    model.nvars = pool.top
    model.x, model.f = x, f
    model.start = next((c for c, v in givens.items() if v == 1), None)
    model.info = {"gaps": len(segs), "colour literals": len(x), "edge literals": len(f) + len(model.edges)}
    return model


def used(model: GapModel, truth) -> dict[int, list[int]]:
    """Used-edge neighbours per cell under a SAT model (``truth``: a set of true literals)."""
    adj: dict[int, list[int]] = {c: [] for c in range(model.n)}
    for (u, v), e in model.edges.items():
        if e is True or e in truth:
            adj[u].append(v)
            adj[v].append(u)
    return adj


def cycles(model: GapModel, adj: dict[int, list[int]]) -> list[list[int]]:
    """The components of the used edges that hold no given (each a cycle of open cells)."""
    seen = set()
    out = []
    for s in range(model.n):
        if s in seen:
            continue
        comp = [s]
        seen.add(s)
        k = 0
        while k < len(comp):
            for w in adj[comp[k]]:
                if w not in seen:
                    seen.add(w)
                    comp.append(w)
            k += 1
        if not any(c in model.anchors for c in comp):
            out.append(comp)
    return out


def cut(model: GapModel, comp: list[int], truth=None) -> list[list[int]]:
    """The clauses that cut the cycle ``comp`` (a set of open cells): *some used edge leaves
    it*, and with ``truth`` (the model's true literals) per cell of the cycle *if this cell is
    in the cycle's gap, an edge of that gap leaves the set*."""
    inside = set(comp)
    lits = []
    crossing = []
    for (u, v), e in model.edges.items():
        if (u in inside) != (v in inside) and e is not True:
            lits.append(e)
            crossing.append((u, v))
    out = [lits]
    if truth is not None:
        gap = next(i for (c, i), lit in model.x.items() if c == comp[0] and lit in truth)
        leave = [model.f[u, v, gap] for u, v in crossing if (u, v, gap) in model.f]
        out.extend([-model.x[c, gap]] + leave for c in comp)
    return out


def decode(model: GapModel, adj: dict[int, list[int]], truth) -> list[int]:
    """Numbers per cell along the one path of a cycle-free model."""
    if model.start is not None:
        start, first = model.start, 1
    else:
        start = next(c for e, c in model.head_ends.items() if e in truth)
        first = 1
    values = [0] * model.n
    prev, cur, k = None, start, first
    while cur is not None:
        values[cur] = k
        k += 1
        nxt = [w for w in adj[cur] if w != prev]
        prev, cur = cur, (nxt[0] if nxt else None)
        if prev is not None and cur is not None and values[cur]:
            break
    return values


def block(model: GapModel, adj: dict[int, list[int]]) -> list[int]:
    """The clause that excludes a solution (its used edges, ``adj``): another path leaves one out."""
    return [-e for (u, v), e in model.edges.items() if e is not True and v in adj[u]]
