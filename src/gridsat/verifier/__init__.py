"""The one independent checker every backend answer passes through: the generic dispatch.

Each kind's package registers its verifier rules here (its ``rules`` module, which the
package imports when it loads): :func:`register_verifier` for the check of one answer, and
:func:`register_many_verifier` for a pass over many answers of one board shape at once. This
module holds only the dispatch and names no kind. The rules read only the raw puzzle data
(for the Sudoku family the digit domain and the list of constraints, each checked by its own
rule in :mod:`gridsat.constraints`; for Hidato the board and adjacency) and share no code with
any encoder, so an encoding bug cannot hide behind a matching bug in the check.
"""

from __future__ import annotations

import operator

TYPE_CHECKING = False  # (typing.TYPE_CHECKING without loading typing at run time)
if TYPE_CHECKING:  # (the annotations are strings)
    from typing import Callable, Sequence

__all__ = ["verify", "verified_many", "register_verifier", "register_many_verifier", "as_ints"]

_VERIFIERS: dict[str, Callable[[object, Sequence[int]], list[str]]] = {}
#: kinds with a pass over many answers at once: kind -> fn(pairs of one shape) -> all correct
_MANY: dict[str, Callable[[list], bool]] = {}


def register_verifier(kind: str):
    """Decorator: make ``fn(puzzle, solution) -> problems`` the verifier of a puzzle kind."""

    def deco(fn):
        _VERIFIERS[kind] = fn
        return fn

    return deco


def register_many_verifier(kind: str) -> Callable[[Callable[[list], bool]], Callable[[list], bool]]:
    """Decorator: make ``fn(pairs) -> bool`` the pass of a puzzle kind over many answers at once.

    ``pairs`` is a list of ``(puzzle, solution)`` of one board shape (the puzzles'
    ``shape_key``); True means every solution is correct, False sends each to :func:`verify`.
    """

    def deco(fn):
        _MANY[kind] = fn
        return fn

    return deco


def as_ints(solution: Sequence) -> tuple[list[int], list[str]]:
    """The cell values as Python ints, and the problems with those that are not integers.

    Any integer type counts (``int``, NumPy integers, anything with ``__index__``); ``bool``
    does not (``True`` is not the number 1 in a grid), nor do floats or strings.
    """
    if isinstance(solution, (list, tuple)) and set(map(type, solution)) <= {int}:
        return list(solution), []  # the usual case, checked at C speed
    values: list[int] = []
    problems: list[str] = []
    for i, v in enumerate(solution):
        if type(v) is int:
            values.append(v)
            continue
        if isinstance(v, bool):
            problems.append(f"cell {i} holds {v!r}, not a number")
            values.append(0)
            continue
        try:
            values.append(operator.index(v))
        except TypeError:
            problems.append(f"cell {i} holds {v!r}, not a number")
            values.append(0)
    return values, problems


def verify(puzzle, solution: Sequence[int]) -> list[str]:
    """Problems with ``solution`` as an answer to ``puzzle``; an empty list means it is correct.

    Cell values may be of any integer type (see :func:`as_ints`).
    """
    try:
        fn = _VERIFIERS[puzzle.kind]
    except KeyError:
        return [f"no verifier for puzzle kind {puzzle.kind!r}"]
    try:
        values, problems = as_ints(solution)
    except TypeError:
        return [f"a solution is a sequence of numbers, not {type(solution).__name__}"]
    if problems:
        return problems[:10]
    return fn(puzzle, values)


#: the fewest answers of one shape :func:`verified_many` checks together
MANY_AT_LEAST = 4


def verified_many(pairs: Sequence[tuple[object, Sequence[int]]]) -> list[bool]:
    """Which ``(puzzle, solution)`` pairs are shown correct by one pass over many at once.

    The answers to boards of one shape are checked together, as :func:`verify` checks one
    (for Sudoku boards, about half its time per grid). True means correct; False means not
    shown here (a kind without such a pass, see :func:`register_many_verifier`, or some
    answer of the group is wrong): ask
    :func:`verify`, which says what is wrong.

    Parameters
    ----------
    pairs : sequence of (puzzle, solution)

    Returns
    -------
    list of bool
        One per pair.
    """
    out = [False] * len(pairs)
    groups: dict[tuple, list[int]] = {}
    for i, (p, _) in enumerate(pairs):
        if getattr(p, "kind", None) in _MANY:
            groups.setdefault((p.kind, p.shape_key), []).append(i)
    for (kind, _), idx in groups.items():
        # a few answers (a jigsaw layout of its own) are left to verify: the pass pays off on many
        if len(idx) >= MANY_AT_LEAST and _MANY[kind]([pairs[i] for i in idx]):
            for i in idx:
                out[i] = True
    return out
