"""Sums of digits in CNF, for the constraint types that add up cells (cages, arrows, outside
clues, sum lines).

A sum is a list of *terms*; each term takes exactly one of its *options*, an option being a
conjunction of literals and the value the term takes when they hold (a cell ``c`` with weight
``w``: the options ``(lit(c, d),) -> w * d`` for every digit ``d``). :func:`sum_cnf` bounds
the sum with the order encoding of its partial sums: ``s_i >= b`` is one auxiliary variable
for each ``b`` in the range the partial sum can still take (narrowed from both ends by what
the terms before and after it can add), and each option of term ``i`` moves every bound of
``s_{i-1}`` to ``s_i``. Unit propagation then carries bounds both ways along the sum, and
every auxiliary is defined by the cells (one value per assignment), so counting the
solutions of a formula counts grids.
"""

from __future__ import annotations

from typing import Sequence

from ..errors import UnsupportedError
from .base import Lit, NewVar

__all__ = ["cell_term", "gated_cell_term", "flag_term", "sum_cnf", "define_or", "define_and", "need_new_var"]

# an option, ``(literals, value)``: the term takes ``value`` when every literal holds
Option = tuple[tuple[int, ...], int]
# a term: its options, exactly one of which holds in every assignment
Term = Sequence[Option]


def need_new_var(what: str, new_var: NewVar | None) -> NewVar:
    """``new_var``, or :class:`UnsupportedError`: ``what``'s clauses need auxiliary variables."""
    if new_var is None:
        raise UnsupportedError(f"{what}: the CNF form needs auxiliary variables (new_var)")
    return new_var


def cell_term(lit: Lit, cell: int, n: int, weight: int = 1) -> list[Option]:
    """The term ``weight * digit`` of a cell."""
    return [((lit(cell, d),), weight * d) for d in range(1, n + 1)]


def gated_cell_term(lit: Lit, cell: int, n: int, gate: int) -> list[Option]:
    """The term "the cell's digit if ``gate`` holds, else 0" (``gate`` a defined literal)."""
    return [((gate, lit(cell, d)), d) for d in range(1, n + 1)] + [((-gate,), 0)]


def flag_term(flag: int) -> list[Option]:
    """The term "1 if ``flag`` holds, else 0"."""
    return [((flag,), 1), ((-flag,), 0)]


def define_or(lits: Sequence[int], new_var: NewVar) -> tuple[int, list[list[int]]]:
    """A new variable ``y <-> OR(lits)`` and its clauses."""
    y = new_var()
    return y, [[-y, *lits]] + [[y, -a] for a in lits]


def define_and(lits: Sequence[int], new_var: NewVar) -> tuple[int, list[list[int]]]:
    """A new variable ``y <-> AND(lits)`` and its clauses."""
    y = new_var()
    return y, [[y, *(-a for a in lits)]] + [[-y, a] for a in lits]


def sum_cnf(terms: Sequence[Term], lo: int, hi: int, new_var: NewVar) -> list[list[int]] | None:
    """Clauses that hold exactly when ``lo <= sum of the terms <= hi``; ``None`` when no
    choice of the options makes such a sum (the caller refuses it or rules it out).

    Parameters
    ----------
    terms : sequence of Term
        Each term's options are exclusive and exhaustive (one digit per cell).
    lo, hi : int
        The bounds of the sum, inclusive.
    new_var : callable
        A fresh auxiliary variable of the encoding's pool.
    """
    k = len(terms)
    mins = [min(v for _, v in t) for t in terms]
    maxs = [max(v for _, v in t) for t in terms]
    pre_lo, pre_hi = [0], [0]
    for a, b in zip(mins, maxs):
        pre_lo.append(pre_lo[-1] + a)
        pre_hi.append(pre_hi[-1] + b)
    suf_lo, suf_hi = [0] * (k + 1), [0] * (k + 1)
    for i in range(k - 1, -1, -1):
        suf_lo[i] = suf_lo[i + 1] + mins[i]
        suf_hi[i] = suf_hi[i + 1] + maxs[i]
    L = [max(pre_lo[i], lo - suf_hi[i]) for i in range(k + 1)]
    H = [min(pre_hi[i], hi - suf_lo[i]) for i in range(k + 1)]
    if any(a > b for a, b in zip(L, H)):
        return None
    # ge[i][b]: the variable of "s_i >= b" for L[i] < b <= H[i]; outside: a constant
    ge = [{b: new_var() for b in range(L[i] + 1, H[i] + 1)} for i in range(k + 1)]

    def lit_ge(i: int, b: int) -> int | bool:
        if b <= L[i]:
            return True
        if b > H[i]:
            return False
        return ge[i][b]

    out: list[list[int]] = []

    def add(*parts: int | bool) -> None:
        clause = []
        for p in parts:
            if p is True:
                return
            if p is not False:
                clause.append(p)
        out.append(clause)

    def neg(p: int | bool) -> int | bool:
        return (not p) if isinstance(p, bool) else -p

    for i in range(k + 1):
        bs = sorted(ge[i])
        for b in bs[1:]:
            out.append([-ge[i][b], ge[i][b - 1]])
    for i in range(1, k + 1):
        for lits, val in terms[i - 1]:
            nl = [-x for x in lits]
            for a in range(L[i - 1], H[i - 1] + 2):
                before, after = lit_ge(i - 1, a), lit_ge(i, a + val)
                add(*nl, neg(before), after)     # s_{i-1} >= a  ->  s_i >= a + val
                add(*nl, before, neg(after))     # s_{i-1} < a   ->  s_i < a + val
    if any(not c for c in out):
        return None
    return out
