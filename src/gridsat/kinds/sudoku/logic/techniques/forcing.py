"""Forcing chains by propagation: Nishio (SE 7.5 + length) and dynamic forcing chains (8.5 + length).

An assumption is propagated on a copy of the grid with naked and hidden singles (the grid
changes as the chain goes), which finds much more than the static chains. Events are
numbered as in :mod:`gridsat.kinds.sudoku.logic.techniques.implications`; the length bonus is
:func:`gridsat.kinds.sudoku.logic.techniques.chains.length_bonus`.

Where the logical solver's C filter is in use (:mod:`gridsat.kinds.sudoku.logic.native_filter`:
a classic 9x9 grid, the extension built), the propagations run in C (``propagate``,
``nishio`` and ``chain_size`` of ``gridsat.kinds.sudoku.logic._logic``): the same queue of
events in the same order, so the same candidates forced, the same contradictions and the same
chain sizes, hence the same steps; :func:`propagate` here stays the reference, and runs
everywhere else (other boards, the filter switched off).
"""

from __future__ import annotations

from collections import deque

from .. import native_filter
from ..grid import Grid, bits
from ..steps import Step
from .chains import MAX_MEASURE, length_bonus
from .implications import conclusion, event_text

__all__ = ["Propagation", "propagate", "nishio", "dynamic_chains"]


class Propagation:
    """Singles propagation of one assumption on a copy of the grid (see :func:`propagate`).

    Attributes
    ----------
    on, off : int
        Bitmasks over candidate ids of the candidates forced true and false.
    contra : int or None
        The event that met a contradiction, or None.
    parents : dict or None
        With tracking, the events each derived event follows from (``event -> tuple``).
    count : int
        Number of events handled.
    """

    __slots__ = ("on", "off", "contra", "parents", "count")

    def __init__(self, on: int = 0, off: int = 0, contra: int | None = None, count: int = 0,
                 parents: dict | None = None) -> None:
        self.on = on
        self.off = off
        self.contra = contra
        self.parents = parents
        self.count = count


def propagate(g: Grid, ev: int, digit_only: bool = False, track: bool = False) -> Propagation:
    """Consequences of event ``ev`` under naked and hidden singles.

    Events are handled first in, first out; the places of every digit are kept as cell
    bitmasks so a hidden single is one mask test.

    Parameters
    ----------
    g : Grid
        The grid (not changed; the propagation works on a copy of its candidates).
    ev : int
        The assumed event, ``2k + 1`` (candidate ``k`` true) or ``2k`` (false).
    digit_only : bool
        Reason only about the assumed digit (Nishio).
    track : bool
        Record the parents of every derived event (to measure chains).

    Returns
    -------
    Propagation
        The candidates forced on and off and the contradiction, if any.
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
    res = Propagation()
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


_C: dict = {}


def _native(g: Grid):
    """The C extension when the logical solver's C filter is in use on ``g`` and the extension
    has the propagation (``propagate``, ``nishio``, ``chain_size``), else None."""
    if "ext" not in _C:
        ext = native_filter.extension()
        if not all(hasattr(ext, name) for name in ("propagate", "nishio", "chain_size")):
            ext = None
        _C["ext"] = ext
    return _C["ext"] if _C["ext"] is not None and native_filter.usable(g) else None


def _c_propagate(g: Grid, ev: int, digit_only: bool = False, track: bool = False) -> Propagation:
    """:func:`propagate` in C (classic 9x9 grids): the same result, event for event."""
    return Propagation(*_C["ext"].propagate(g.values, g.cands, ev, digit_only, track))


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
    """Nishio forcing chains (SE 7.5 + length): assuming a digit leads, through that digit
    alone, to a contradiction, so the candidate goes.

    Parameters
    ----------
    g : Grid
        The grid (not changed).
    first : bool
        Return the first conclusion found instead of measuring several for the easiest.

    Returns
    -------
    Step or None
        The step, or None when there is no such chain.
    """
    geo = g.geo
    n = geo.n
    found = []
    C = g.cands
    memo = g.memo
    ext = _native(g)
    if ext is not None:
        # the same scan in C: the candidates with a contradiction, in the same order
        for k in ext.nishio(g.values, C, 1 if first else MAX_MEASURE):
            c, d0 = divmod(k, n)
            found.append((None, c, d0 + 1, k))
    pos = g.digit_positions() if ext is None else None
    sing = {}  # digit -> cells whose only candidate it is (they matter to a digit-only propagation)
    for c, d, k in (_candidates(g) if ext is None else ()):
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
        if ext is not None:
            cx = ext.chain_size(g.values, g.cands, 2 * k + 1, True, -1)
        else:
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


def dynamic_chains(g: Grid, first: bool = False) -> Step | None:
    """Dynamic forcing chains (SE 8.5 + length): contradictions and cell/region/double forcing
    with propagation.

    Parameters
    ----------
    g : Grid
        The grid (not changed).
    first : bool
        Return the first conclusion found instead of measuring several for the easiest.

    Returns
    -------
    Step or None
        The step, or None when there is no such chain.
    """
    geo = g.geo
    n = geo.n
    C = g.cands
    ext = _native(g)
    prop = _c_propagate if ext is not None else propagate
    on_res: dict[int, Propagation] = {}
    found = []  # (rating-proxy, kind, label, sources(events), conclusion event)
    for c, d, k in _candidates(g):
        r = prop(g, 2 * k + 1)
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
                    if conclusion(g, ev):
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
                            if conclusion(g, ev):
                                found.append(("region forcing chain", f"{d} in {geo.labels[ui]}",
                                              [2 * x + 1 for x in ks], ev))
                if found and first:
                    break
        if not found:
            # off assumptions: contradiction or double implication
            for c, d, k in _candidates(g):
                r = prop(g, 2 * k)
                if r.contra is not None:
                    found.append(("contradiction", f"{geo.names[c]}<>{d}", [2 * k], 2 * k + 1))
                else:
                    ro = on_res[k]
                    for mask, bit in ((ro.on & r.on, 1), (ro.off & r.off, 0)):
                        while mask and len(found) < MAX_MEASURE:
                            kk = (mask & -mask).bit_length() - 1
                            mask &= mask - 1
                            ev = 2 * kk + bit
                            if conclusion(g, ev):
                                found.append(("double forcing chain", geo.names[c], [2 * k + 1, 2 * k], ev))
                if found and (first or len(found) >= MAX_MEASURE):
                    break
    if not found:
        return None
    best = None
    tracked: dict[int, Propagation] = {}  # several conclusions often share their sources
    for kind, label, srcs, ev in found:
        concl = conclusion(g, ev)
        if concl is None:
            continue
        cx = 0
        for s in srcs:
            if ext is not None:
                cx += ext.chain_size(g.values, g.cands, s, False, -1 if kind == "contradiction" else ev)
                continue
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
        text = f"dynamic forcing chain: assuming {label} leads to a contradiction ({cx} nodes), so {event_text(geo, ev)}"
    else:
        text = f"dynamic {kind}: every possibility of {label} leads to {event_text(geo, ev)} ({cx} nodes)"
    return Step(f"dynamic {kind}" if kind != "contradiction" else "dynamic forcing chain", rating, pl, el,
                [(ev >> 1) // n], [], text, n, chain_length=cx)
