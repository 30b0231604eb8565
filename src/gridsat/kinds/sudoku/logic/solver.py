"""The step-by-step logical solver, ratings on the Sudoku Explainer scale, hints.

Techniques are tried cheapest first, in Sudoku Explainer's order, and the solver always
applies the first step found by the easiest technique that has one. The rating of a
puzzle is the rating of the hardest step on that path.

SE values used (base values; chains add a length bonus, see
:func:`~gridsat.kinds.sudoku.logic.techniques.chains.length_bonus`):
full house 1.0; hidden single in a box 1.2, in a row/column 1.5; direct pointing 1.7,
direct claiming 1.9, direct hidden pair 2.0; naked single 2.3; direct hidden triple 2.5;
pointing 2.6, claiming 2.8; naked pair 3.0, x-wing 3.2, hidden pair 3.4, naked triple 3.6,
swordfish 3.8, hidden triple 4.0; skyscraper 4.0, two-string kite 4.1, turbot fish 4.2,
empty rectangle 4.3; xy-wing 4.2, xyz-wing 4.4 (w-wing 4.4, off by default, not in SE);
unique rectangles 4.5-4.8, unique loops 4.6-4.7 (uniqueness only); naked quad 5.0, jellyfish 5.2, hidden quad
5.4; 3 strong links 5.4-5.6 (5.7 grouped); wxyz-wing 5.5-5.6; bug+1 5.6 (uniqueness only); vwxyz-wing
6.2-6.4; x-/y-chains 6.6+, xy-chains 7.0+; nishio 7.5+; cell/region forcing chains 8.0+;
dynamic forcing chains 8.5+; search (not logic) 11.0.

"Direct" steps, as in SE, only count when they leave a hidden single and only place it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Sequence

from . import native_filter
from .audit import check_step, check_sudoku_run
from .grid import Grid, bits
from .search import SearchFigures, search_figures, search_step
from .steps import Step
from .techniques.singles import single_step_of
from .techniques import (
    chains, fish, forcing, intersections, single_digit, singles, subsets, uniqueness, wings,
)

if TYPE_CHECKING:
    from ..puzzle import Sudoku

__all__ = [
    "Technique", "TECHNIQUES", "LogicResult", "Rating", "GRADES", "grade",
    "solve_logic", "path_grids", "explain", "hint", "rate", "candidates", "technique_names",
]


@dataclass(frozen=True)
class Technique:
    """A technique of the solver: name, base SE rating, function, and whether it is on by default."""

    name: str
    rating: float
    func: Callable[..., Step | None]
    default: bool = True
    uniqueness: bool = False
    chain: bool = False
    #: highest rating the technique can give when it takes ``first=`` (None: it cannot)
    top: float | None = None


TECHNIQUES: tuple[Technique, ...] = (
    Technique("full house", 1.0, singles.full_house),
    Technique("hidden single (box)", 1.2, singles.hidden_single_box),
    Technique("hidden single (line)", 1.5, singles.hidden_single_line),
    Technique("direct pointing", 1.7, intersections.direct_pointing),
    Technique("direct claiming", 1.9, intersections.direct_claiming),
    Technique("direct hidden pair", 2.0, subsets.direct_hidden_pair),
    Technique("naked single", 2.3, singles.naked_single),
    Technique("direct hidden triple", 2.5, subsets.direct_hidden_triple),
    Technique("pointing", 2.6, intersections.pointing),
    Technique("claiming", 2.8, intersections.claiming),
    Technique("naked pair", 3.0, subsets.naked_pair),
    Technique("x-wing", 3.2, fish.x_wing),
    Technique("hidden pair", 3.4, subsets.hidden_pair),
    Technique("naked triple", 3.6, subsets.naked_triple),
    Technique("swordfish", 3.8, fish.swordfish),
    Technique("hidden triple", 4.0, subsets.hidden_triple),
    Technique("turbot fish", 4.0, single_digit.turbot_fish),
    Technique("xy-wing", 4.2, wings.xy_wing),
    Technique("xyz-wing", 4.4, wings.xyz_wing),
    Technique("w-wing", 4.4, wings.w_wing, default=False),
    Technique("unique rectangle", 4.5, uniqueness.unique_rectangle, uniqueness=True),
    Technique("naked quad", 5.0, subsets.naked_quad),
    Technique("jellyfish", 5.2, fish.jellyfish),
    Technique("hidden quad", 5.4, subsets.hidden_quad),
    Technique("3 strong links", 5.4, single_digit.three_strong_links),
    Technique("wxyz-wing", 5.5, wings.wxyz_wing, top=5.6),
    Technique("bug+1", 5.6, uniqueness.bug_plus_one, uniqueness=True),
    Technique("4 strong links", 5.8, single_digit.four_strong_links, default=False),
    Technique("vwxyz-wing", 6.2, wings.vwxyz_wing, top=6.4),
    Technique("5 strong links", 6.2, single_digit.five_strong_links, default=False),
    Technique("forcing chain", 6.6, chains.forcing_chain, chain=True),
    Technique("nishio forcing chain", 7.5, forcing.nishio, chain=True),
    Technique("multiple forcing chain", 8.0, chains.multiple_chains, chain=True),
    Technique("dynamic forcing chain", 8.5, forcing.dynamic_chains, chain=True),
)

_BY_NAME = {t.name: t for t in TECHNIQUES}
#: the functions the C filter stands in for (a technique replaced by another function, in a
#: test or a timer without ``__wrapped__``, is always run)
_FILTERED = {t.name: t.func for t in TECHNIQUES}


def _filter_name(t: Technique) -> str:
    func = getattr(t.func, "__wrapped__", t.func)
    return t.name if _FILTERED.get(t.name) is func else ""

#: grade name and the lowest SE rating that earns it
GRADES: tuple[tuple[str, float], ...] = (
    ("easy", 0.0),
    ("medium", 2.6),
    ("hard", 4.0),
    ("expert", 6.0),
    ("extreme", 8.0),
)


def grade(rating: float) -> str:
    """Grade name of an SE rating: easy < 2.6 <= medium < 4.0 <= hard < 6.0 <= expert < 8.0 <= extreme."""
    name = GRADES[0][0]
    for g, lo in GRADES:
        if rating + 1e-9 >= lo:
            name = g
    return name


def technique_names() -> list[str]:
    """Names of every technique, cheapest first."""
    return [t.name for t in TECHNIQUES]


def _select(uniqueness: bool, techniques: Sequence[str] | None, extra: Sequence[str] = ()) -> list[Technique]:
    if techniques is not None:
        unknown = [t for t in techniques if t not in _BY_NAME]
        if unknown:
            raise ValueError(f"unknown technique(s) {unknown}; known: {technique_names()}")
        chosen = set(techniques)
        return [t for t in TECHNIQUES if t.name in chosen]
    extra = set(extra)
    unknown = [t for t in extra if t not in _BY_NAME]
    if unknown:
        raise ValueError(f"unknown technique(s) {unknown}; known: {technique_names()}")
    return [t for t in TECHNIQUES
            if (t.default or t.name in extra) and (uniqueness or not t.uniqueness)]


@dataclass
class LogicResult:
    """The path of the logical solver through one puzzle."""

    steps: list[Step]
    rating: float
    grade: str
    solved: bool
    used_search: bool
    values: list[int]
    hardest: str | None = None
    reason: str | None = None
    n: int = 9
    #: a search step found two solutions that differ in the cell it fixed
    ambiguous: bool = False

    @property
    def counts(self) -> dict[str, int]:
        """Number of steps per technique, in order of first use."""
        out: dict[str, int] = {}
        for s in self.steps:
            out[s.technique] = out.get(s.technique, 0) + 1
        return out

    def to_dict(self, steps: bool = True) -> dict[str, Any]:
        """A JSON-ready dict of the result (the solution as one string of digits, when solved).

        Parameters
        ----------
        steps : bool
            Include every step (``"steps"``); otherwise only the summary.
        """
        d: dict[str, Any] = {
            "rating": round(self.rating, 1),
            "grade": self.grade,
            "solved": self.solved,
            "used_search": self.used_search,
            "hardest": self.hardest,
            "techniques": self.counts,
            "solution": "".join(_digit_char(v) for v in self.values) if self.solved else None,
        }
        if self.reason:
            d["reason"] = self.reason
        if self.ambiguous:
            d["ambiguous"] = True
        if steps:
            d["steps"] = [s.to_dict() for s in self.steps]
        return d


def _digit_char(v: int) -> str:
    return str(v) if v < 10 else chr(ord("A") + v - 10)


def _grid(puzzle_or_grid: Sudoku | Grid) -> Grid:
    if isinstance(puzzle_or_grid, Grid):
        return puzzle_or_grid.copy()
    return Grid.from_puzzle(puzzle_or_grid)


_SINGLES = frozenset(("full house", "hidden single (box)", "hidden single (line)", "naked single"))


def _run(t: Technique, g: Grid, current: float) -> Step | None:
    if t.chain:
        return t.func(g, first=current >= t.rating + 0.6)
    if t.top is not None:
        return t.func(g, first=current >= t.top)
    return t.func(g)


def _ladder(techs: list[Technique], current: float) -> list[Technique]:
    """The techniques in the order they are tried: singles first once the path needs a naked single."""
    if current < 2.3:
        return techs
    singles = []
    for t in techs:
        if t.rating > 2.3:
            break
        if t.name in _SINGLES:
            singles.append(t)
    return singles + [t for t in techs if t.name not in _SINGLES]


class _Ladders:
    """The two orders of a technique list (see :func:`_ladder`), with the C filter's ids when it applies."""

    __slots__ = ("plain", "singles_first", "ids", "ids_singles_first")

    def __init__(self, techs: list[Technique], g: Grid) -> None:
        self.plain = techs
        self.singles_first = _ladder(techs, 2.3)
        self.ids = self.ids_singles_first = None
        if native_filter.usable(g):
            self.ids = native_filter.plan([_filter_name(t) for t in self.plain])
            self.ids_singles_first = native_filter.plan([_filter_name(t) for t in self.singles_first])


def _find_step(g: Grid, techs: list[Technique] | _Ladders, current: float, known: int = -1) -> Step | None:
    """The first step of the easiest technique that has one.

    Once the path's rating is at least a chain technique's base, that technique returns
    its first conclusion instead of the shortest one (the rating cannot change much and
    it saves most of the time on hard puzzles). Singles come first once the path already
    needs a naked single. On a classic 9x9 grid the C filter (:mod:`.native_filter`) skips
    the techniques it knows to have no step; the step found is the same. ``known`` (C filter
    only): the filter's answer from position 0 on this grid and ladder, when already asked.
    """
    lad = techs if isinstance(techs, _Ladders) else _Ladders(techs, g)
    if current < 2.3:
        ladder, ids = lad.plain, lad.ids
    else:
        ladder, ids = lad.singles_first, lad.ids_singles_first
    if ids is not None:
        i, n = 0, len(ladder)
        first = native_filter.extension().first
        values, cands = g.values, g.cands
        while True:
            i = first(values, cands, ids, i) if known < 0 or i else known
            if i >= n:
                return None
            s = _run(ladder[i], g, current)
            if s:
                return s
            i += 1
    for t in ladder:
        s = _run(t, g, current)
        if s:
            return s
    return None


def _broken(g: Grid, lad: _Ladders) -> str | None:
    """:meth:`Grid.broken`, with the C filter's test first when it applies (the reason is the
    Python method's)."""
    if lad.ids is not None and not native_filter.broken(g):
        return None
    return g.broken()


def solve_logic(
    puzzle: Sudoku | Grid,
    uniqueness: bool = False,
    techniques: Sequence[str] | None = None,
    extra: Sequence[str] = (),
    search: bool = True,
    max_steps: int | None = None,
) -> LogicResult:
    """Solve step by step with human techniques; the full path and its rating.

    Parameters
    ----------
    puzzle : Sudoku or Grid
        A Sudoku-family puzzle (classic or jigsaw, any size) or a grid in progress.
    uniqueness : bool
        Allow uniqueness techniques (unique rectangles, BUG+1). Only valid when the puzzle
        is known to have exactly one solution.
    techniques : list of str, optional
        Restrict to these techniques (names as in :func:`technique_names`).
    extra : list of str
        Techniques that are off by default to switch on (``"w-wing"``).
    search : bool
        When no technique applies, place one digit found by backtracking (a ``search``
        step, rated 11.0) and go on; otherwise stop.
    max_steps : int, optional
        Stop after this many steps.

    Returns
    -------
    LogicResult
        The steps, the rating (of the hardest step) and whether the puzzle was solved.
    """
    g = _grid(puzzle)
    start = g.values[:]
    techs = _select(uniqueness, techniques, extra)
    ladders = _Ladders(techs, g)
    steps: list[Step] = []
    rating = 0.0
    hardest = None
    used_search = False
    reason = _broken(g, ladders)
    # on a classic grid, runs of singles are taken in C (the same steps, in the same order)
    singles_run = native_filter.extension().singles_run if ladders.ids is not None else None
    while reason is None and not g.solved:
        if max_steps is not None and len(steps) >= max_steps:
            break
        known = -1
        if singles_run is not None:
            taken, known = singles_run(g.values, g.cands, ladders.ids, ladders.ids_singles_first, rating,
                                       -1 if max_steps is None else max_steps - len(steps))
            if taken:
                g.cache.clear()
                geo = g.geo
                for kind, c, d, ui in taken:
                    s = single_step_of(geo, kind, c, d, ui)
                    steps.append(s)
                    if s.rating > rating:
                        rating = s.rating
                        hardest = s.technique
                if known < 0 or g.solved:
                    continue
        s = _find_step(g, ladders, rating, known)
        if s is None and search:
            s = search_step(g)
            if s is not None:
                used_search = True
        if s is None:
            reason = "no solution" if search_step(g) is None else "no technique applies"
            break
        g.apply(s.placements, s.eliminations)
        steps.append(s)
        if s.rating > rating:
            rating = s.rating
            hardest = s.technique
        if s.rating >= 6.0 or any(not g.cands[c] and not g.values[c] for c, _ in s.eliminations):
            reason = _broken(g, ladders)
    solved = g.solved and reason is None
    # the run's placements against the verifier's rules (a bug is raised, never returned)
    check_sudoku_run(puzzle, start, g, solved, dead_end=reason is not None and max_steps is None,
                     trusted=not any(t.uniqueness for t in techs))
    return LogicResult(steps, round(rating, 1), grade(rating), solved, used_search, g.values[:],
                       hardest, reason if not solved else None, g.geo.n,
                       ambiguous=any(s.technique == "search" and s.ambiguous for s in steps))


def path_grids(puzzle: Sudoku | Grid, uniqueness: bool = False, **kw: Any) -> list[Grid]:
    """Every grid along the logical solver's path (the grid before each step), for audits.

    The arguments are those of :func:`solve_logic`; the path is found with every technique
    run in Python.
    """
    with native_filter.disabled():
        res = solve_logic(puzzle, uniqueness=uniqueness, **kw)
    g = _grid(puzzle)
    out = []
    for s in res.steps:
        out.append(g.copy())
        g.apply(s.placements, s.eliminations)
    return out


def explain(puzzle: Sudoku | Grid, uniqueness: bool = False, **kw: Any) -> LogicResult:
    """The full logical path (alias of :func:`solve_logic`, which takes the same arguments)."""
    return solve_logic(puzzle, uniqueness=uniqueness, **kw)


def hint(puzzle: Sudoku | Grid, uniqueness: bool = False, techniques: Sequence[str] | None = None,
         extra: Sequence[str] = (), search: bool = True) -> Step | None:
    """The next logical step for a puzzle or grid in progress (None when solved or stuck).

    The easiest technique that applies is used, with the shortest chain for chain
    techniques. The arguments are those of :func:`solve_logic`.

    Returns
    -------
    Step or None
        The step (not applied), or None when the grid is solved, broken, or no technique
        applies (and ``search`` is off or finds no solution).
    """
    g = _grid(puzzle)
    if g.solved or g.broken():
        return None
    techs = _select(uniqueness, techniques, extra)
    s = _find_step(g, techs, 0.0)
    if s is None and search:
        s = search_step(g)
    if s is not None:
        check_step(g, s.placements)
    return s


@dataclass
class Rating:
    """The difficulty of a puzzle: SE-scale rating, grade, hardest technique, search figures."""

    rating: float
    grade: str
    hardest: str | None
    solved: bool
    used_search: bool
    steps: int
    techniques: dict[str, int] = field(default_factory=dict)
    search: SearchFigures | None = None

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict of the rating."""
        d = {
            "rating": round(self.rating, 1),
            "grade": self.grade,
            "hardest": self.hardest,
            "solved": self.solved,
            "used_search": self.used_search,
            "steps": self.steps,
            "techniques": dict(self.techniques),
        }
        if self.search is not None:
            d["search"] = self.search.to_dict()
        return d


def rate(puzzle: Sudoku | Grid, uniqueness: bool = False, figures: bool = True, **kw: Any) -> Rating:
    """Rate a puzzle on the Sudoku Explainer scale (and, if ``figures``, the search-effort figures).

    Parameters
    ----------
    puzzle : Sudoku or Grid
        The puzzle.
    uniqueness : bool
        Allow uniqueness techniques (see :func:`solve_logic`).
    figures : bool
        Also compute the search-effort figures (:func:`~gridsat.kinds.sudoku.logic.search.search_figures`).
    **kw
        Further arguments of :func:`solve_logic`.

    Returns
    -------
    Rating
        The rating, grade, hardest technique and technique counts.
    """
    res = solve_logic(puzzle, uniqueness=uniqueness, **kw)
    fig = search_figures(puzzle) if figures else None
    return Rating(res.rating, res.grade, res.hardest, res.solved, res.used_search, len(res.steps),
                  res.counts, fig)


def candidates(puzzle: Sudoku | Grid) -> list[tuple[int, tuple[int, ...]]]:
    """Every empty cell with its candidates (after the givens' eliminations), fewest first.

    Returns ``[(cell, digits), ...]`` sorted by number of candidates, then cell index.
    """
    g = _grid(puzzle)
    out = [(c, bits(g.cands[c])) for c in range(g.geo.ncells) if not g.values[c]]
    out.sort(key=lambda x: (len(x[1]), x[0]))
    return out
