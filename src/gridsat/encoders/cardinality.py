"""Pure clause builders for cardinality constraints, over one shared variable pool.

Thin, typed wrappers over :mod:`pysat.card` so encoders choose an at-most-one encoding by
name; ``auto`` picks pairwise for short lists (best propagation, no auxiliaries) and the
sequential counter for long ones.
"""

from __future__ import annotations

from itertools import combinations
from typing import Sequence

from pysat.card import CardEnc, EncType
from pysat.formula import IDPool

__all__ = ["at_most_one", "exactly_one", "at_least_one", "AMO_ENCODINGS"]

AMO_ENCODINGS = {
    "pairwise": EncType.pairwise,
    "seqcounter": EncType.seqcounter,
    "ladder": EncType.ladder,
    "bitwise": EncType.bitwise,
    "totalizer": EncType.totalizer,
    "cardnetwork": EncType.cardnetwrk,
    "mtotalizer": EncType.mtotalizer,
}

PAIRWISE_MAX = 16


def _enc(name: str, n: int) -> int:
    if name == "auto":
        name = "pairwise" if n <= PAIRWISE_MAX else "seqcounter"
    return AMO_ENCODINGS[name]


def at_least_one(lits: Sequence[int]) -> list[list[int]]:
    """One clause: some literal is true."""
    return [list(lits)]


def at_most_one(lits: Sequence[int], pool: IDPool, encoding: str = "auto") -> list[list[int]]:
    """Clauses saying at most one of ``lits`` is true; auxiliaries come from ``pool``."""
    lits = [int(x) for x in lits]
    if len(lits) <= 1:
        return []
    enc = _enc(encoding, len(lits))
    if enc == EncType.pairwise:
        return [[-a, -b] for a, b in combinations(lits, 2)]
    return CardEnc.atmost(lits=lits, bound=1, vpool=pool, encoding=enc).clauses


def exactly_one(lits: Sequence[int], pool: IDPool, encoding: str = "auto") -> list[list[int]]:
    """At-least-one plus at-most-one."""
    return at_least_one(lits) + at_most_one(lits, pool, encoding)
