"""Chains on the static implication graph: x-, y- and xy-chains (SE 6.6 and 7.0 + length)
and multiple forcing chains (8.0 + length); the length bonus of every chain technique.

Ratings follow Sudoku Explainer: ``base + length bonus`` where the bonus grows by 0.1
each time the chain's size passes 6, 8, 10, 14, 18, 26, 34, ... nodes (:func:`length_bonus`).
Events and the graph are described in :mod:`gridsat.kinds.sudoku.logic.techniques.implications`.
"""

from __future__ import annotations

from .. import native_filter
from ..grid import Grid, bits, cells_of
from ..steps import Step
from .implications import StaticGraph, conclusion, digit_graph, event_text, static_graph

__all__ = ["MAX_MEASURE", "length_bonus", "forcing_chain", "multiple_chains"]


#: how many conclusions to measure (shortest chain) before taking the easiest; bounds the work
MAX_MEASURE = 12


def length_bonus(complexity: int) -> float:
    """SE's chain length adjustment for a chain of ``complexity`` nodes.

    Parameters
    ----------
    complexity : int
        Number of nodes of the chain (or of all chains of a forcing step).

    Returns
    -------
    float
        What to add to the technique's base rating: 0.0 up to 6 nodes, then 0.1 more each
        time the size passes 6, 8, 10, 14, 18, 26, 34, 50, ... nodes.
    """
    added = 0.0
    ceil = 4
    length = complexity - 2
    odd = False
    while length > ceil:
        added += 0.1
        ceil = ceil * 3 // 2 if not odd else ceil * 4 // 3
        odd = not odd
    return added


def _chain_txt(geo, st: StaticGraph, path: list[int]) -> str:
    return " -> ".join(event_text(geo, st.global_ev(v)) for v in path)


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
    first) chain is returned unless ``first``, which looks only for XY-chains.

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
    if native_filter.usable(g):
        return _forcing_chain_c(g, first)
    best = None
    if first:
        modes = [("xy-chain", True, True, 7.0)]
    else:
        modes = [("x-chain", True, False, 6.6), ("y-chain", False, True, 6.6), ("xy-chain", True, True, 7.0)]
    for name, xl, yl, base in modes:
        if best is not None and best[0] <= base:
            break
        if xl and not yl:
            graphs = [digit_graph(g, d) for d in _linked_digits(g)]
        else:
            graphs = [static_graph(g, xl, yl)]
        measured = 0
        for st in graphs:
            reach = st.reach
            for i in st.contradictions:  # the other nodes have no chain to take
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


#: the chain kinds of :func:`forcing_chain`, by the C step's mode
_MODES = (("x-chain", 6.6), ("y-chain", 6.6), ("xy-chain", 7.0))


def _forcing_chain_c(g: Grid, first: bool) -> Step | None:
    """:func:`forcing_chain` on a classic 9x9 grid, the chain found in C (the same step)."""
    found = native_filter.extension().forcing_step(g.values, g.cands, first)
    if found is None:
        return None
    mode, path, on, k = found
    name, base = _MODES[mode]
    geo = g.geo
    n = geo.n
    rating = round(base + length_bonus(len(path)), 1)
    c, d = divmod(k, n)
    d += 1
    placements, elims = ([], [(c, d)]) if on else ([(c, d)], [])
    what = f"{geo.names[c]} is not {d}" if on else f"{geo.names[c]} is {d}"
    cells = sorted({(ev >> 1) // n for ev in path})
    text = " -> ".join(event_text(geo, ev) for ev in path)
    return Step(name, rating, placements, elims, cells, [], f"{name}: {text}, so {what}", n,
                chain_length=len(path))


_MULTIPLE = ("double forcing chain", "cell forcing chain", "region forcing chain")


def _multiple_c(g: Grid, first: bool) -> Step | None:
    """:func:`_static_multiple` on a classic 9x9 grid, the conclusion found in C (the same step)."""
    found = native_filter.extension().multiple_step(g.values, g.cands, first)
    if found is None:
        return None
    kind, a, b, ev, cx = found
    geo = g.geo
    n = geo.n
    kind = _MULTIPLE[kind]
    label = f"{a} in {geo.labels[b]}" if kind == "region forcing chain" else geo.names[a]
    pl, el = conclusion(g, ev)
    return Step(kind, round(8.0 + length_bonus(cx), 1), pl, el, [(ev >> 1) // n], [],
                f"{kind}: every possibility of {label} leads to {event_text(geo, ev)} ({cx} nodes)", n,
                chain_length=cx)


def _static_multiple(g: Grid, first: bool):
    """Cell and region forcing chains and double implications on the static XY graph (SE 8.0 + length)."""
    if native_filter.usable(g):
        return _multiple_c(g, first)
    geo = g.geo
    n = geo.n
    st = static_graph(g, True, True)
    reach = st.reach
    idx = st.index
    C = g.cands
    found = []  # (kind, sources (local on events), conclusion local event, label)

    def add(kind, sources, m, label):
        while m and len(found) < MAX_MEASURE:
            v = (m & -m).bit_length() - 1
            m &= m - 1
            found.append((kind, sources, v, label))

    strong = st.strong
    # double implication: p on and p off both imply q
    for i in range(len(st.nodes)):
        if not strong[i]:  # "off" implies nothing
            continue
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
        pos = g.digit_positions()
        for ui, um in enumerate(geo.unit_masks):
            for d in range(1, n + 1):
                z = pos[d] & um  # the digit's places in the unit
                if z.bit_count() < 3:
                    continue
                srcs = [2 * idx[c * n + d - 1] + 1 for c in cells_of(z)]
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
        concl = conclusion(g, ev)
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
                f"{kind}: every possibility of {label} leads to {event_text(geo, ev)} ({cx} nodes)", n,
                chain_length=cx)


def multiple_chains(g: Grid, first: bool = False) -> Step | None:
    """Double forcing chains and cell/region forcing chains with static links (SE 8.0 + length).

    Every possibility (a candidate on and off; the candidates of a cell; the places of a
    digit in a unit) leads to the same event, which is therefore true.

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
    return _static_multiple(g, first)
