"""Candidate events and the static implication graph of the chain techniques.

Candidates ``(cell, digit)`` are numbered ``k = cell * n + digit - 1``; an event is
``2k + 1`` ("k is true") or ``2k`` ("k is false").

The static graph links the events of the current grid: "on" removes the candidate from its
cell and peers; "off" forces the other candidate of a bivalue cell (Y link) or the other
place of a digit with two places in a unit (X link). Reachability is computed for every
event at once with bitsets; the shortest chain for a chosen conclusion comes from a
breadth-first search. On a classic 9x9 grid with the logical solver's C filter on, the
extension builds the graph, its closure and the searches (the same lists, sets and chains,
tested against the Python build, which every other board and ``native_filter.disabled()`` use).
"""

from __future__ import annotations

from collections import deque

from ..grid import Geometry, Grid, bits, cells_of
from ..native_filter import extension, usable

__all__ = [
    "event_text", "conclusion", "static_graph", "digit_graph", "StaticGraph", "closure",
    "reference_closure", "component_reach",
]


def event_text(geo: Geometry, ev: int) -> str:
    """Text of an event: ``r1c5=3`` (true) or ``r1c5<>3`` (false)."""
    k = ev >> 1
    n = geo.n
    c, d = divmod(k, n)
    return f"{geo.names[c]}{'=' if ev & 1 else '<>'}{d + 1}"


def conclusion(g: Grid, ev: int) -> tuple[list[tuple[int, int]], list[tuple[int, int]]] | None:
    """Placements and eliminations ``([(cell, digit)], [(cell, digit)])`` of a concluded event,
    or None when the grid already shows it."""
    n = g.geo.n
    k = ev >> 1
    c, d0 = divmod(k, n)
    if ev & 1:
        if g.values[c]:
            return None
        return [(c, d0 + 1)], []
    if not g.cands[c] >> d0 & 1:
        return None
    return [], [(c, d0 + 1)]


def static_graph(g: Grid, xlinks: bool, ylinks: bool, digit: int | None = None) -> "StaticGraph":
    """The static implication graph of the grid (memoised per grid state).

    Parameters
    ----------
    g : Grid
        The grid.
    xlinks, ylinks : bool
        Use X links (a digit's two places in a unit) and Y links (a bivalue cell's two digits).
    digit : int, optional
        Only the candidates of this digit.
    """
    key = ("static", xlinks, ylinks, digit)
    st = g.cache.get(key)
    if st is None:
        st = g.cache[key] = StaticGraph(g, xlinks, ylinks, digit)
    return st


def digit_graph(g: Grid, d: int) -> "StaticGraph":
    """The X-link graph of one digit, memoised on the digit's places (it depends on nothing else)."""
    key = ("xgraph", d, g.digit_positions()[d])
    st = g.memo.get(key)
    if st is None:
        st = g.memo[key] = StaticGraph(g, True, False, d)
    return st


#: the C extension's graph builder and breadth-first search, once looked up (None when absent)
_NATIVE: list = []


def _native_graph(g: Grid, xlinks: bool, ylinks: bool, digit: int | None) -> tuple | None:
    """``(nodes, peer_ev, cell_ev, strong, reach)`` built by the C extension on a classic 9x9
    grid (the same lists as the Python build), or None when it does not apply."""
    if not usable(g):
        return None
    if not _NATIVE:
        ext = extension()  # usable(): it is built
        bfs = getattr(ext, "chain_bfs", None)
        _NATIVE[:] = [getattr(ext, "chain_graph", None) if bfs else None, bfs]
    build = _NATIVE[0]
    if build is None:
        return None
    return build(g.values, g.cands, xlinks, ylinks, digit or 0)


class StaticGraph:
    """Implication graph of one grid for one link mode, with transitive closure.

    Nodes are the candidates ``nodes[i]`` (candidate ids); local event ``2i + 1`` is "node
    ``i`` true" and ``2i`` "node ``i`` false". ``reach[v]`` is the bitmask of the local events
    that event ``v`` implies. Arguments as for :func:`static_graph`.
    """

    def __init__(self, g: Grid, xlinks: bool, ylinks: bool, digit: int | None = None) -> None:
        self.n = g.geo.n
        self._succ = None
        self._paths = None
        self._adj = None  # successor lists for the C breadth-first search
        built = _native_graph(g, xlinks, ylinks, digit)
        if built is not None:
            self.nodes, self.peer_ev, self.cell_ev, self.strong, self.reach, self._adj, contra = built
            self.index = {k: i for i, k in enumerate(self.nodes)}
            self._contra = contra
            return
        self._contra = None
        self._build(g, xlinks, ylinks, digit)

    @property
    def contradictions(self) -> list[int]:
        """The nodes ``i`` whose "on" event implies their "off" event or whose "off" implies
        their "on" (a chain concludes on them), ascending."""
        if self._contra is None:
            reach = self.reach
            self._contra = [i for i in range(len(self.nodes))
                            if reach[2 * i + 1] >> (2 * i) & 1 or reach[2 * i] >> (2 * i + 1) & 1]
        return self._contra

    def _build(self, g: Grid, xlinks: bool, ylinks: bool, digit: int | None) -> None:
        """The graph and its closure in Python (any board)."""
        geo = g.geo
        n = geo.n
        C = g.cands
        nodes = []  # candidate ids
        for c in range(geo.ncells):
            m = C[c]
            if not m:
                continue
            if digit is not None:
                if m >> (digit - 1) & 1:
                    nodes.append(c * n + digit - 1)
                continue
            for d in bits(m):
                nodes.append(c * n + d - 1)
        index = {k: i for i, k in enumerate(nodes)}
        self.nodes = nodes
        self.index = index
        N = len(nodes)
        idx = [-1] * (geo.ncells * n)
        for i, k in enumerate(nodes):
            idx[k] = i
        pos = g.digit_positions()
        PM = geo.peer_masks
        UM = geo.unit_masks
        cell_units = geo.cell_units
        # local event id: 2*i (off) / 2*i+1 (on). "on" events lead to "off" events of the
        # peers with the digit (weak links; peer_ev) and of the cell's other digits (cell_ev),
        # "off" events to "on" events (strong links; strong, in link order)
        peer_ev = [0] * N
        cell_ev = [0] * N
        strong: list[list[int]] = [[] for _ in range(N)]
        # off events of each digit per unit: a candidate's peers are its units' cells but itself
        unit_ev = [0] * (len(UM) * n)
        cell_all = [0] * geo.ncells  # off events of every candidate of a cell
        for i, k in enumerate(nodes):
            c, d0 = divmod(k, n)
            bit = 1 << (2 * i)
            cell_all[c] |= bit
            for ui in cell_units[c]:
                unit_ev[ui * n + d0] |= bit
        for i, k in enumerate(nodes):
            c, d0 = divmod(k, n)
            b = 1 << d0
            posd = pos[d0 + 1]
            r_, c_, b_ = cell_units[c]
            peer_ev[i] = (unit_ev[r_ * n + d0] | unit_ev[c_ * n + d0] | unit_ev[b_ * n + d0]) & ~(1 << (2 * i))
            m = C[c]
            st = strong[i]
            if ylinks:
                cell_ev[i] = cell_all[c] & ~(1 << (2 * i))
                if m.bit_count() == 2:
                    j = idx[c * n + (m & ~b).bit_length() - 1]
                    if j >= 0:
                        st.append(2 * j + 1)
            if xlinks:
                cb = 1 << c
                for ui in cell_units[c]:
                    z = posd & UM[ui] & ~cb
                    if z and not z & (z - 1):  # the digit has exactly two places in the unit
                        st.append(2 * idx[(z.bit_length() - 1) * n + d0] + 1)
        self.peer_ev = peer_ev
        self.cell_ev = cell_ev
        self.strong = strong
        self.reach = closure(peer_ev, cell_ev, strong)

    @property
    def succ(self) -> list[list[int]]:
        """Successor lists of every local event."""
        return [self.succ_of(v) for v in range(2 * len(self.nodes))]

    def succ_of(self, v: int) -> list[int]:
        """Successors of local event ``v`` in link order (built on first use)."""
        if self._succ is None:
            self._succ = {}
        out = self._succ.get(v)
        if out is None:
            i = v >> 1
            out = cells_of(self.peer_ev[i]) + cells_of(self.cell_ev[i]) if v & 1 else self.strong[i]
            self._succ[v] = out
        return out

    def global_ev(self, v: int) -> int:
        """The event (numbered over the whole grid) of local event ``v``."""
        return 2 * self.nodes[v >> 1] + (v & 1)

    def path(self, src: int, dst: int) -> list[int] | None:
        """Shortest chain of local events from ``src`` to ``dst`` (inclusive); memoised."""
        memo = self._paths
        if memo is None:
            memo = self._paths = {}
        key = (src, dst)
        if key not in memo:
            memo[key] = self._path(src, dst)
        return memo[key]

    def _path(self, src: int, dst: int) -> list[int] | None:
        if self._adj is not None:
            return _NATIVE[1](self._adj, src, dst)
        if src == dst:
            return [src]
        parent = {src: -1}
        dq = deque([src])
        succ_of = self.succ_of
        while dq:
            v = dq.popleft()
            for w in succ_of(v):
                if w not in parent:
                    parent[w] = v
                    if w == dst:
                        out = [w]
                        while v != -1:
                            out.append(v)
                            v = parent[v]
                        return out[::-1]
                    dq.append(w)
        return None

    def distances(self, src: int) -> dict[int, int]:
        """Breadth-first distances from local event ``src`` (memoised; do not change the result)."""
        memo = self._paths
        if memo is None:
            memo = self._paths = {}
        out = memo.get(src)
        if out is None:
            out = memo[src] = self._distances(src)
        return out

    def _distances(self, src: int) -> dict[int, int]:
        if self._adj is not None:
            return _NATIVE[1](self._adj, src, -1)
        dist = {src: 0}
        dq = deque([src])
        succ_of = self.succ_of
        while dq:
            v = dq.popleft()
            dv = dist[v] + 1
            for w in succ_of(v):
                if w not in dist:
                    dist[w] = dv
                    dq.append(w)
        return dist


def closure(peer_ev: list[int], cell_ev: list[int], strong: list[list[int]]) -> list[int]:
    """Reachability bitmask of every local event of an implication graph whose "on" events
    ``2i+1`` lead to the "off" events in ``peer_ev[i] | cell_ev[i]`` and whose "off" events
    ``2i`` lead to the "on" events ``strong[i]``.

    The closure is taken over "on" events only (``i -> j`` when an off event after ``i``
    leads to ``j``): what ``on(i)`` reaches is its own off events plus, for every ``j`` it
    reaches, ``on(j)`` and its off events; an off event reaches its strong links' targets
    and what they reach. The same sets as :func:`reference_closure` over the full successor lists.
    """
    N = len(strong)
    live = 0  # off events with successors
    for i in range(N):
        if strong[i]:
            live |= 1 << (2 * i)
    offs = [peer_ev[i] | cell_ev[i] for i in range(N)]
    feat = [offs[j] | (1 << (2 * j + 1)) for j in range(N)]
    # compressed successor lists over "on" nodes
    strong_on = [[t >> 1 for t in st] if st else st for st in strong]
    gsucc: list[list[int]] = []
    for i in range(N):
        x = offs[i] & live
        out = []
        while x:
            low = x & -x
            x ^= low
            out += strong_on[low.bit_length() >> 1]
        gsucc.append(out)
    creach = component_reach(gsucc, feat)
    reach = [0] * (2 * N)
    for i in range(N):
        reach[2 * i + 1] = offs[i] | creach[i]
    for i in range(N):
        st = strong[i]
        if st:
            m = 0
            for t in st:
                m |= (1 << t) | reach[t]
            reach[2 * i] = m
    return reach


def reference_closure(succ: list[list[int]]) -> list[int]:
    """Reachability bitmask of every node (the reference that :func:`closure` is tested against)."""
    return component_reach(succ, [1 << v for v in range(len(succ))])


def component_reach(succ: list[list[int]], feat: list[int]) -> list[int]:
    """For every node, the union of ``feat[x]`` over the nodes ``x`` it reaches (strongly
    connected components, one iterative pass).

    Nodes without successors reach nothing and are not walked; a node reaches what its
    component reaches (its members too when the component has a cycle).
    """
    N = len(succ)
    index = [-1] * N
    low_ = [0] * N
    onstack = [False] * N
    comp = [-1] * N
    stack: list[int] = []
    comp_reach: list[int] = [0]  # component 0: nodes leading nowhere
    for v in range(N):
        if not succ[v]:
            comp[v] = 0
            index[v] = 0
    counter = 1
    for root in range(N):
        if index[root] >= 0:
            continue
        index[root] = low_[root] = counter
        counter += 1
        stack.append(root)
        onstack[root] = True
        call = [root]
        iters = [iter(succ[root])]
        while call:
            v = call[-1]
            for w in iters[-1]:
                if index[w] < 0:
                    index[w] = low_[w] = counter
                    counter += 1
                    stack.append(w)
                    onstack[w] = True
                    call.append(w)
                    iters.append(iter(succ[w]))
                    break
                if onstack[w] and index[w] < low_[v]:
                    low_[v] = index[w]
            else:
                call.pop()
                iters.pop()
                if call:
                    u = call[-1]
                    if low_[v] < low_[u]:
                        low_[u] = low_[v]
                if low_[v] == index[v]:
                    ci = len(comp_reach)
                    if stack[-1] == v:
                        stack.pop()
                        onstack[v] = False
                        comp[v] = ci
                        m = 0
                        for x in succ[v]:
                            if x == v:
                                m |= feat[v]
                            else:
                                m |= comp_reach[comp[x]] | feat[x]
                        comp_reach.append(m)
                        continue
                    members = []
                    while True:
                        w = stack.pop()
                        onstack[w] = False
                        members.append(w)
                        comp[w] = ci
                        if w == v:
                            break
                    m = 0
                    for w in members:
                        m |= feat[w]
                        for x in succ[w]:
                            cx = comp[x]
                            if cx != ci:
                                m |= comp_reach[cx] | feat[x]
                    comp_reach.append(m)
    return [comp_reach[c] for c in comp]
