"""Chains and forcing chains (SE 6.6 and up) and the last-resort search step.

Candidates ``(cell, digit)`` are numbered ``k = cell * n + digit - 1``; an event is
``2k + 1`` ("k is true") or ``2k`` ("k is false").

* Static chains use the implication graph of the current grid: "on" removes the
  candidate from its cell and peers; "off" forces the other candidate of a bivalue cell
  (Y link) or the other place of a digit with two places in a unit (X link). Reachability
  is computed for every event at once with bitsets; the shortest chain for a chosen
  conclusion comes from a breadth-first search.
* Dynamic chains propagate an assumption on a copy of the grid with naked and hidden
  singles (the grid changes as the chain goes), which finds much more.

Ratings follow Sudoku Explainer: ``base + length bonus`` where the bonus grows by 0.1
each time the chain's size passes 4, 6, 8, 12, 16, 24, 32, ... nodes (``length_bonus``).
"""

from __future__ import annotations

from collections import deque

from .grid import Grid, bits, cells_of
from .steps import Step

__all__ = ["length_bonus", "forcing_chain", "nishio", "multiple_chains", "dynamic_chains", "search_step"]

#: how many conclusions to measure (shortest chain) before taking the easiest; bounds the work
MAX_MEASURE = 12


def length_bonus(complexity: int) -> float:
    """SE's chain length adjustment for a chain of ``complexity`` nodes."""
    added = 0.0
    ceil = 4
    length = complexity - 2
    odd = False
    while length > ceil:
        added += 0.1
        ceil = ceil * 3 // 2 if not odd else ceil * 4 // 3
        odd = not odd
    return added


def _ev_txt(geo, ev: int) -> str:
    k = ev >> 1
    n = geo.n
    c, d = divmod(k, n)
    return f"{geo.names[c]}{'=' if ev & 1 else '<>'}{d + 1}"


# ====================================================================== static graph
def _static(g: Grid, xlinks: bool, ylinks: bool, digit: int | None = None) -> "_Static":
    """The (memoised per grid state) static implication graph."""
    key = ("static", xlinks, ylinks, digit)
    st = g.cache.get(key)
    if st is None:
        st = g.cache[key] = _Static(g, xlinks, ylinks, digit)
    return st


def _digit_graph(g: Grid, d: int) -> "_Static":
    """The X-link graph of one digit, memoised on the digit's places (it depends on nothing else)."""
    key = ("xgraph", d, g.digit_positions()[d])
    st = g.memo.get(key)
    if st is None:
        st = g.memo[key] = _Static(g, True, False, d)
    return st


class _Static:
    """Implication graph of one grid for one link mode, with transitive closure."""

    def __init__(self, g: Grid, xlinks: bool, ylinks: bool, digit: int | None = None):
        geo = g.geo
        n = geo.n
        C = g.cands
        self.n = n
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
        self._succ = None
        self._paths = None
        self.reach = _closure2(peer_ev, cell_ev, strong)

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


def _closure2(peer_ev: list[int], cell_ev: list[int], strong: list[list[int]]) -> list[int]:
    """Reachability bitmask of every local event of an implication graph whose "on" events
    ``2i+1`` lead to the "off" events in ``peer_ev[i] | cell_ev[i]`` and whose "off" events
    ``2i`` lead to the "on" events ``strong[i]``.

    The closure is taken over "on" events only (``i -> j`` when an off event after ``i``
    leads to ``j``): what ``on(i)`` reaches is its own off events plus, for every ``j`` it
    reaches, ``on(j)`` and its off events; an off event reaches its strong links' targets
    and what they reach. The same sets as :func:`_closure` over the full successor lists.
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
    creach = _component_reach(gsucc, feat)
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


def _closure(succ: list[list[int]]) -> list[int]:
    """Reachability bitmask of every node (the reference that :func:`_closure2` is tested against)."""
    return _component_reach(succ, [1 << v for v in range(len(succ))])


def _component_reach(succ: list[list[int]], feat: list[int]) -> list[int]:
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


def _chain_txt(geo, st: _Static, path: list[int]) -> str:
    return " -> ".join(_ev_txt(geo, st.global_ev(v)) for v in path)


def _linked_digits(g: Grid) -> list[int]:
    """Digits with at least two units where they have exactly two places (an X-chain needs two strong links)."""
    geo = g.geo
    C = g.cands
    count = [0] * (geo.n + 1)
    for u in geo.units:
        once = twice = more = 0
        for c in u:
            m = C[c]
            more |= twice & m
            twice |= once & m
            once |= m
        for d in bits(twice & ~more):
            count[d] += 1
    return [d for d in range(1, geo.n + 1) if count[d] >= 2]


def forcing_chain(g: Grid, first: bool = False) -> Step | None:
    """X-chains, Y-chains (SE 6.6 + length) and XY-chains (7.0 + length).

    An assumption that implies its own negation through a chain of strong and weak links:
    "r1c1=5 -> ... -> r1c1<>5" removes 5 from r1c1. The easiest (shortest, single-kind
    first) chain is returned unless ``first``.
    """
    geo = g.geo
    n = geo.n
    best = None
    if first:
        modes = [("xy-chain", True, True, 7.0)]
    else:
        modes = [("x-chain", True, False, 6.6), ("y-chain", False, True, 6.6), ("xy-chain", True, True, 7.0)]
    for name, xl, yl, base in modes:
        if best is not None and best[0] <= base:
            break
        if xl and not yl:
            graphs = [_digit_graph(g, d) for d in _linked_digits(g)]
        else:
            graphs = [_static(g, xl, yl)]
        measured = 0
        for st in graphs:
            reach = st.reach
            for i in range(len(st.nodes)):
                on, off = 2 * i + 1, 2 * i
                for src, dst in ((on, off), (off, on)):
                    if not reach[src] >> dst & 1:
                        continue
                    path = st.path(src, dst)
                    if path is None:
                        continue
                    rating = round(base + length_bonus(len(path)), 1)
                    if best is None or rating < best[0]:
                        k = st.nodes[i]
                        c, d = divmod(k, n)
                        d += 1
                        placements, elims = ([], [(c, d)]) if src == on else ([(c, d)], [])
                        what = f"{geo.names[c]} is not {d}" if src == on else f"{geo.names[c]} is {d}"
                        cells = sorted({st.nodes[v >> 1] // n for v in path})
                        best = (rating, Step(name, rating, placements, elims, cells, [],
                                             f"{name}: {_chain_txt(geo, st, path)}, so {what}", n,
                                             chain_length=len(path)))
                        if first:
                            return best[1]
                    measured += 1
                    if measured >= MAX_MEASURE * 4:
                        break
    return best[1] if best else None


# ====================================================================== dynamic propagation
class _Prop:
    """Singles propagation of one assumption on a copy of the grid."""

    __slots__ = ("on", "off", "contra", "parents", "count")

    def __init__(self):
        self.on = 0
        self.off = 0
        self.contra = None
        self.parents = None
        self.count = 0


def propagate(g: Grid, ev: int, digit_only: bool = False, track: bool = False) -> _Prop:
    """Consequences of event ``ev`` (see module doc) under naked/hidden singles.

    ``digit_only`` restricts reasoning to the assumed digit (Nishio). Returns the sets of
    candidates forced on and off (bitmasks over candidate ids) and a contradiction event.
    Events are handled first in, first out; the places of every digit are kept as cell
    bitmasks so a hidden single is one mask test.
    """
    geo = g.geo
    n = geo.n
    C = g.cands[:]
    P = g.digit_positions()[1:]  # P[d0]: cells that still have digit d0 + 1
    V = g.values
    PM = geo.peer_masks
    UM = geo.unit_masks
    cell_units = geo.cell_units
    units = geo.units
    res = _Prop()
    parents = {} if track else None
    res.parents = parents
    on_set = 0
    off_set = 0
    dig = (ev >> 1) % n if digit_only else -1
    # placed digits per unit (bitmask) to know when a hidden single is already done
    placed_u = [0] * len(UM)
    dq = deque([ev])
    popleft = dq.popleft
    append = dq.append
    if track:
        parents[ev] = ()
    count = 0
    contra = None
    while dq:
        e = popleft()
        count += 1
        k = e >> 1
        c, d0 = divmod(k, n)
        b = 1 << d0
        if e & 1:
            # on
            if on_set >> k & 1:
                continue
            if not C[c] & b:
                contra = e
                break
            on_set |= 1 << k
            for ui in cell_units[c]:
                placed_u[ui] |= b
            if dig < 0:
                rest = C[c] & ~b
                if rest:
                    for d in bits(rest):
                        kk = c * n + d - 1
                        if not off_set >> kk & 1:
                            off_set |= 1 << kk
                            C[c] &= ~(1 << (d - 1))
                            P[d - 1] &= ~(1 << c)
                            if track:
                                parents[2 * kk] = (e,)
                            append(2 * kk)
            x = PM[c] & P[d0]
            if x:
                P[d0] &= ~x
                nb = ~b
                while x:
                    low = x & -x
                    x ^= low
                    p = low.bit_length() - 1
                    kk = p * n + d0
                    C[p] &= nb
                    off_set |= 1 << kk
                    if track:
                        parents[2 * kk] = (e,)
                    append(2 * kk)
        else:
            # off (already removed from C when queued, unless it is the start)
            if e == ev:
                if not C[c] & b:
                    continue
                C[c] &= ~b
                P[d0] &= ~(1 << c)
                off_set |= 1 << k
            if on_set >> k & 1:
                contra = e
                break
            m = C[c]
            if not m and not V[c]:
                contra = e
                break
            if dig < 0 and m and not m & (m - 1):
                kk = c * n + m.bit_length() - 1
                if not on_set >> kk & 1:
                    if track:
                        orig = g.cands[c] & ~m
                        parents[2 * kk + 1] = tuple(2 * (c * n + x - 1) for x in bits(orig))
                    append(2 * kk + 1)
            if dig >= 0 and d0 != dig:
                continue
            pd = P[d0]
            for ui in cell_units[c]:
                if placed_u[ui] & b:
                    continue
                y = pd & UM[ui]
                if not y:
                    contra = e
                    break
                if not y & (y - 1):
                    last = y.bit_length() - 1
                    kk = last * n + d0
                    if not on_set >> kk & 1:
                        placed_u[ui] |= b
                        if track:
                            orig = [q for q in units[ui] if g.cands[q] & b and q != last]
                            parents[2 * kk + 1] = tuple(2 * (q * n + d0) for q in orig)
                        append(2 * kk + 1)
            if contra is not None:
                break
    res.contra = contra
    res.on = on_set
    res.off = off_set
    res.count = count
    return res


def _ancestors(parents: dict, target: int) -> int:
    seen = {target}
    stack = [target]
    while stack:
        e = stack.pop()
        for p in parents.get(e, ()):
            if p not in seen:
                seen.add(p)
                stack.append(p)
    return len(seen)


def _contra_complexity(g: Grid, ev: int, digit_only: bool) -> int:
    r = propagate(g, ev, digit_only, track=True)
    if r.contra is None:
        return 2
    e = r.contra
    # the contradiction: event e conflicts with its opposite (either already derived or original)
    total = _ancestors(r.parents, e)
    opp = e ^ 1
    if opp in r.parents:
        total += _ancestors(r.parents, opp)
    return total


def _candidates(g: Grid):
    geo = g.geo
    n = geo.n
    C = g.cands
    order = sorted((c for c in range(geo.ncells) if C[c]), key=lambda c: C[c].bit_count())
    for c in order:
        for d in bits(C[c]):
            yield c, d, c * n + d - 1


def nishio(g: Grid, first: bool = False) -> Step | None:
    """Nishio forcing chains (SE 7.5 + length): assuming a digit leads, through that digit alone, to a contradiction."""
    geo = g.geo
    n = geo.n
    found = []
    pos = g.digit_positions()
    C = g.cands
    memo = g.memo
    sing = {}  # digit -> cells whose only candidate it is (they matter to a digit-only propagation)
    for c, d, k in _candidates(g):
        # a digit-only propagation depends on nothing but the digit's places and its single-candidate cells
        sd = sing.get(d)
        if sd is None:
            b = 1 << (d - 1)
            sd = sing[d] = sum(1 << x for x in range(geo.ncells) if C[x] == b)
        key = ("nishio", d, pos[d], sd)
        table = memo.get(key)
        if table is None:
            table = memo[key] = {}
        contra = table.get(c)
        if contra is None:
            contra = table[c] = propagate(g, 2 * k + 1, digit_only=True).contra is not None
        if contra:
            found.append((key + (c,), c, d, k))
            if first or len(found) >= MAX_MEASURE:
                break
    if not found:
        return None
    best = None
    for key, c, d, k in found:
        ckey = ("nishio-cx",) + key[1:]
        cx = memo.get(ckey)
        if cx is None:
            cx = memo[ckey] = _contra_complexity(g, 2 * k + 1, True)
        rating = round(7.5 + length_bonus(cx), 1)
        if best is None or rating < best[0]:
            best = (rating, c, d, cx)
    rating, c, d, cx = best
    return Step("nishio forcing chain", rating, [], [(c, d)], [c], [],
                f"nishio forcing chain: if {geo.names[c]} were {d}, {d} would have no place left somewhere "
                f"({cx} steps), so {geo.names[c]} is not {d}", n, chain_length=cx)


def _conclusion(g: Grid, ev: int):
    """Placement/elimination lists for a concluded event, or None when it is no news."""
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


def _static_multiple(g: Grid, first: bool):
    """Cell and region forcing chains and double implications on the static XY graph (SE 8.0 + length)."""
    geo = g.geo
    n = geo.n
    st = _static(g, True, True)
    reach = st.reach
    idx = st.index
    C = g.cands
    found = []  # (kind, sources (local on events), conclusion local event, label)

    def add(kind, sources, m, label):
        while m and len(found) < MAX_MEASURE:
            v = (m & -m).bit_length() - 1
            m &= m - 1
            found.append((kind, sources, v, label))

    # double implication: p on and p off both imply q
    for i in range(len(st.nodes)):
        m = reach[2 * i + 1] & reach[2 * i]
        m &= ~((1 << (2 * i)) | (1 << (2 * i + 1)))
        if m:
            add("double forcing chain", [2 * i + 1, 2 * i], m, geo.names[st.nodes[i] // n])
            if first:
                break
    # cell forcing
    if not found or not first:
        for c in range(geo.ncells):
            m = C[c]
            if m.bit_count() < 3:
                continue
            srcs = [2 * idx[c * n + d - 1] + 1 for d in bits(m)]
            inter = -1
            for s in srcs:
                inter &= reach[s]
            if inter:
                add("cell forcing chain", srcs, inter, geo.names[c])
                if first:
                    break
    if not found or not first:
        for ui, u in enumerate(geo.units):
            for d in range(1, n + 1):
                b = 1 << (d - 1)
                cs = [c for c in u if C[c] & b]
                if len(cs) < 3:
                    continue
                srcs = [2 * idx[c * n + d - 1] + 1 for c in cs]
                inter = -1
                for s in srcs:
                    inter &= reach[s]
                if inter:
                    add("region forcing chain", srcs, inter, f"{d} in {geo.labels[ui]}")
            if found and first:
                break
    best = None
    for kind, srcs, v, label in found:
        ev = st.global_ev(v)
        concl = _conclusion(g, ev)
        if concl is None:
            continue
        cx = 0
        for s in srcs:
            dist = st.distances(s)
            cx += dist.get(v, 0) + 1
        rating = round(8.0 + length_bonus(cx), 1)
        if best is None or rating < best[0]:
            best = (rating, kind, label, ev, concl, cx)
    if best is None:
        return None
    rating, kind, label, ev, (pl, el), cx = best
    return Step(kind, rating, pl, el, [(ev >> 1) // n], [],
                f"{kind}: every possibility of {label} leads to {_ev_txt(geo, ev)} ({cx} nodes)", n,
                chain_length=cx)


def multiple_chains(g: Grid, first: bool = False) -> Step | None:
    """Cell/region forcing chains with static links (SE 8.0 + length)."""
    return _static_multiple(g, first)


def dynamic_chains(g: Grid, first: bool = False) -> Step | None:
    """Dynamic forcing chains (SE 8.5 + length): contradictions and cell/region/double forcing with propagation."""
    geo = g.geo
    n = geo.n
    C = g.cands
    on_res: dict[int, _Prop] = {}
    found = []  # (rating-proxy, kind, label, sources(events), conclusion event)
    for c, d, k in _candidates(g):
        r = propagate(g, 2 * k + 1)
        on_res[k] = r
        if r.contra is not None:
            found.append(("contradiction", f"{geo.names[c]}={d}", [2 * k + 1], 2 * k))
            if first or len(found) >= MAX_MEASURE:
                break
    if not found:
        # cell forcing
        for c in range(geo.ncells):
            m = C[c]
            if not m:
                continue
            ks = [c * n + d - 1 for d in bits(m)]
            on_i = -1
            off_i = -1
            for kk in ks:
                on_i &= on_res[kk].on
                off_i &= on_res[kk].off
            for mask, bit in ((on_i, 1), (off_i, 0)):
                while mask and len(found) < MAX_MEASURE:
                    kk = (mask & -mask).bit_length() - 1
                    mask &= mask - 1
                    ev = 2 * kk + bit
                    if _conclusion(g, ev):
                        found.append(("cell forcing chain", geo.names[c], [2 * x + 1 for x in ks], ev))
            if found and first:
                break
        if not found or not first:
            for ui, u in enumerate(geo.units):
                for d in range(1, n + 1):
                    b = 1 << (d - 1)
                    cs = [c for c in u if C[c] & b]
                    if len(cs) < 2:
                        continue
                    ks = [c * n + d - 1 for c in cs]
                    on_i = -1
                    off_i = -1
                    for kk in ks:
                        on_i &= on_res[kk].on
                        off_i &= on_res[kk].off
                    for mask, bit in ((on_i, 1), (off_i, 0)):
                        while mask and len(found) < MAX_MEASURE:
                            kk = (mask & -mask).bit_length() - 1
                            mask &= mask - 1
                            ev = 2 * kk + bit
                            if _conclusion(g, ev):
                                found.append(("region forcing chain", f"{d} in {geo.labels[ui]}",
                                              [2 * x + 1 for x in ks], ev))
                if found and first:
                    break
        if not found:
            # off assumptions: contradiction or double implication
            for c, d, k in _candidates(g):
                r = propagate(g, 2 * k)
                if r.contra is not None:
                    found.append(("contradiction", f"{geo.names[c]}<>{d}", [2 * k], 2 * k + 1))
                else:
                    ro = on_res[k]
                    for mask, bit in ((ro.on & r.on, 1), (ro.off & r.off, 0)):
                        while mask and len(found) < MAX_MEASURE:
                            kk = (mask & -mask).bit_length() - 1
                            mask &= mask - 1
                            ev = 2 * kk + bit
                            if _conclusion(g, ev):
                                found.append(("double forcing chain", geo.names[c], [2 * k + 1, 2 * k], ev))
                if found and (first or len(found) >= MAX_MEASURE):
                    break
    if not found:
        return None
    best = None
    tracked: dict[int, _Prop] = {}  # several conclusions often share their sources
    for kind, label, srcs, ev in found:
        concl = _conclusion(g, ev)
        if concl is None:
            continue
        cx = 0
        for s in srcs:
            r = tracked.get(s)
            if r is None:
                r = tracked[s] = propagate(g, s, track=True)
            if kind == "contradiction":
                e = r.contra
                if e is None:
                    cx += 2
                    continue
                cx += _ancestors(r.parents, e)
                if (e ^ 1) in r.parents:
                    cx += _ancestors(r.parents, e ^ 1)
            else:
                cx += _ancestors(r.parents, ev) if ev in r.parents else 1
        rating = round(8.5 + length_bonus(cx), 1)
        if best is None or rating < best[0]:
            best = (rating, kind, label, ev, concl, cx)
    if best is None:
        return None
    rating, kind, label, ev, (pl, el), cx = best
    if kind == "contradiction":
        text = f"dynamic forcing chain: assuming {label} leads to a contradiction ({cx} nodes), so {_ev_txt(geo, ev)}"
    else:
        text = f"dynamic {kind}: every possibility of {label} leads to {_ev_txt(geo, ev)} ({cx} nodes)"
    return Step(f"dynamic {kind}" if kind != "contradiction" else "dynamic forcing chain", rating, pl, el,
                [(ev >> 1) // n], [], text, n, chain_length=cx)


# ====================================================================== search
def search_step(g: Grid) -> Step | None:
    """Last resort: fix the cell with fewest candidates to its value in the (first) solution found by backtracking."""
    from .search import solve_values

    sol = solve_values(g)
    if sol is None:
        return None
    geo = g.geo
    C = g.cands
    cells = [c for c in range(geo.ncells) if C[c]]
    if not cells:
        return None
    c = min(cells, key=lambda x: C[x].bit_count())
    d = sol[c]
    return Step("search", 11.0, [(c, d)], [], [c], [],
                f"search: no logical step found; trying the {C[c].bit_count()} candidates of {geo.names[c]} "
                f"by backtracking shows it is {d}", geo.n)
