"""Jigsaw region layouts: ``n`` connected regions of ``n`` cells partitioning the ``n x n`` board.

One backtracking enumerator serves both uses:

* :func:`enumerate_layouts` walks it in a fixed order and yields *every* layout exactly once
  (117 for ``n = 4``, 4,006 for ``n = 5``; OEIS A172477);
* :func:`random_layout` walks the same search with a shuffled candidate order at every node,
  stops at the first complete layout and restarts with fresh randomness after a node budget.

The search always grows the next region from the first free cell (row-major). A region is
built as a connected set containing that cell by the standard include/exclude frontier scheme
(every connected set is produced once). After placing a region, each connected component of
the free cells must have a size divisible by ``n``, otherwise that branch is cut. Cell sets
are Python integers used as bit masks.
"""

from __future__ import annotations

import random
from typing import Iterator, Sequence

from ..errors import PuzzleError

__all__ = ["enumerate_layouts", "count_layouts", "random_layout", "is_valid_layout", "layout_to_text",
           "layout_from_text"]


class _Board:
    def __init__(self, n: int):
        self.n = n
        N = n * n
        self.full = (1 << N) - 1
        self.nbrs = []
        for cell in range(N):
            r, c = divmod(cell, n)
            out = []
            for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0)):
                rr, cc = r + dr, c + dc
                if 0 <= rr < n and 0 <= cc < n:
                    out.append(rr * n + cc)
            self.nbrs.append(tuple(out))
        left = 0
        right = 0
        for r in range(n):
            left |= 1 << (r * n)
            right |= 1 << (r * n + n - 1)
        self.not_left = self.full & ~left
        self.not_right = self.full & ~right

    def expand(self, m: int) -> int:
        n = self.n
        return (m | ((m << 1) & self.not_left) | ((m >> 1) & self.not_right) | (m << n) | (m >> n)) & self.full

    def components_ok(self, free: int) -> bool:
        """Every 4-connected component of ``free`` has a size divisible by ``n``."""
        n = self.n
        while free:
            comp = free & -free
            while True:
                nxt = self.expand(comp) & free
                if nxt == comp:
                    break
                comp = nxt
            if comp.bit_count() % n:
                return False
            free &= ~comp
        return True


def _regions(board: _Board, free: int, root: int, rng: random.Random | None) -> Iterator[int]:
    """Connected sets of ``n`` free cells containing ``root`` (each once), as bit masks."""
    n = board.n
    nbrs = board.nbrs

    def rec(S: int, size: int, cand: list, seen: int):
        if size == n:
            yield S
            return
        order = cand
        if rng is not None and len(cand) > 1:
            order = cand[:]
            rng.shuffle(order)
        for i, c in enumerate(order):
            new = order[i + 1:]
            s2 = seen
            for d in nbrs[c]:
                b = 1 << d
                if free & b and not s2 & b:
                    new.append(d)
                    s2 |= b
            yield from rec(S | (1 << c), size + 1, new, s2)

    seen = 1 << root
    cand = []
    for d in nbrs[root]:
        if free >> d & 1:
            cand.append(d)
            seen |= 1 << d
    yield from rec(1 << root, 1, cand, seen)


class _Budget(Exception):
    pass


def _search(n: int, rng: random.Random | None, budget: int | None) -> Iterator[list[int]]:
    board = _Board(n)
    placed: list[int] = []
    nodes = [0]

    def rec(free: int):
        if not free:
            yield list(placed)
            return
        root = (free & -free).bit_length() - 1
        for region in _regions(board, free, root, rng):
            nodes[0] += 1
            if budget is not None and nodes[0] > budget:
                raise _Budget
            rest = free & ~region
            if board.components_ok(rest):
                placed.append(region)
                yield from rec(rest)
                placed.pop()

    yield from rec(board.full)


def _to_labels(n: int, masks: Sequence[int]) -> tuple[int, ...]:
    out = [0] * (n * n)
    for k, m in enumerate(masks):
        while m:
            b = m & -m
            out[b.bit_length() - 1] = k
            m ^= b
    return tuple(out)


def enumerate_layouts(n: int) -> Iterator[tuple[int, ...]]:
    """Every layout of the ``n x n`` board, each once, as row-major region labels ``0..n-1``.

    Labels are numbered in order of each region's first cell, so equal layouts have equal
    tuples. ``n = 4`` gives 117 layouts, ``n = 5`` gives 4,006 (OEIS A172477).
    """
    if n < 1:
        raise PuzzleError(f"size must be positive, got {n}")
    for masks in _search(n, None, None):
        yield _to_labels(n, masks)


def count_layouts(n: int) -> int:
    """The number of layouts of the ``n x n`` board (fast for ``n <= 5``; ``n = 6`` takes minutes)."""
    return sum(1 for _ in _search(n, None, None))


def random_layout(n: int, rng: "random.Random | int | None" = None, *, budget: int | None = None,
                  max_restarts: int = 10_000) -> tuple[int, ...]:
    """A random layout: the enumerator's first answer under a shuffled search order.

    Parameters
    ----------
    n : int
        Board size (any ``n >= 1``; 9..12 take milliseconds to a fraction of a second).
    rng : random.Random or int, optional
        Randomness source or seed; the result is a function of it.
    budget : int, optional
        Region placements per attempt before a restart (default ``50 * n * n``).

    Returns
    -------
    tuple of int
        Row-major region labels ``0..n-1``.
    """
    if not isinstance(rng, random.Random):
        rng = random.Random(rng)
    if budget is None:
        budget = 50 * n * n
    for _ in range(max_restarts):
        try:
            for masks in _search(n, rng, budget):
                return _to_labels(n, masks)
        except _Budget:
            continue
    raise PuzzleError(f"no {n}x{n} layout found in {max_restarts} restarts")  # pragma: no cover


def is_valid_layout(n: int, labels: Sequence) -> bool:
    """Whether ``labels`` splits the ``n x n`` board into ``n`` connected regions of ``n`` cells."""
    if len(labels) != n * n:
        return False
    groups: dict = {}
    for i, lab in enumerate(labels):
        groups.setdefault(lab, []).append(i)
    if len(groups) != n or any(len(g) != n for g in groups.values()):
        return False
    board = _Board(n)
    for cells in groups.values():
        m = 0
        for c in cells:
            m |= 1 << c
        comp = 1 << cells[0]
        while True:
            nxt = board.expand(comp) & m
            if nxt == comp:
                break
            comp = nxt
        if comp != m:
            return False
    return True


_SYMBOLS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"


def layout_to_text(n: int, labels: Sequence[int]) -> str:
    """The layout as ``n`` lines of region letters (``A``, ``B``, ...)."""
    return "\n".join("".join(_SYMBOLS[labels[r * n + c]] for c in range(n)) for r in range(n))


def layout_from_text(text: str) -> tuple[int, ...]:
    """Region labels from a letter grid (one row per line; whitespace and ``|,`` separators ignored).

    Raises :class:`PuzzleError` when the grid is not a valid layout.
    """
    rows = []
    for line in text.strip().splitlines():
        line = line.strip()
        if not line:
            continue
        if any(ch in line for ch in " ,|\t") and len(line.replace(",", " ").replace("|", " ").split()) > 1:
            toks = line.replace(",", " ").replace("|", " ").split()
        else:
            toks = list(line)
        rows.append(toks)
    n = len(rows)
    if any(len(r) != n for r in rows):
        raise PuzzleError(f"layout is not square: {n} rows of lengths {sorted({len(r) for r in rows})}")
    flat = [t for r in rows for t in r]
    index: dict = {}
    labels = tuple(index.setdefault(t, len(index)) for t in flat)
    if not is_valid_layout(n, labels):
        raise PuzzleError("layout does not split the board into n connected regions of n cells")
    return labels
