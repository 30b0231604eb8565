"""``gridsat hint | explain | candidates | rate``: the logical solver from the command line.

* ``hint``: the next logical step of each puzzle;
* ``explain``: the whole logical path, step by step, and the rating;
* ``candidates``: every empty cell's candidates, fewest first;
* ``rate``: the Sudoku Explainer-scale rating, grade and search-effort figures.

``--json`` prints one JSON object per puzzle. Exit code 1 when some puzzle could not be
read or (``explain``/``rate``) was not solved by logic and search.
"""

from __future__ import annotations

import argparse
import json
import sys

from ..errors import GridsatError, ParseError
from .common import add_input_args, fail, load_entries

__all__ = ["register", "run_hint", "run_explain", "run_candidates", "run_rate"]


def _logic_args(p: argparse.ArgumentParser, figures: bool = False) -> None:
    g = p.add_argument_group("logic")
    g.add_argument("-u", "--uniqueness", action="store_true",
                   help="allow uniqueness techniques (unique rectangles, BUG+1); only for puzzles known to be unique")
    g.add_argument("--extra", action="append", default=[], metavar="TECHNIQUE",
                   help="switch on a technique that is off by default (w-wing)")
    g.add_argument("--no-search", action="store_true", help="stop when no technique applies instead of guessing")
    if figures:
        g.add_argument("--no-figures", action="store_true", help="skip the search-effort figures")
    o = p.add_argument_group("output")
    o.add_argument("--json", action="store_true", help="one JSON object per puzzle")


def register(subparsers) -> None:
    for name, fn, help_, fig in (
        ("hint", "run_hint", "show the next logical step", False),
        ("explain", "run_explain", "show the full logical solving path and its rating", False),
        ("candidates", "run_candidates", "list every empty cell's candidates, fewest first", False),
        ("rate", "run_rate", "rate difficulty on the Sudoku Explainer scale (+ search-effort figures)", True),
    ):
        p = subparsers.add_parser(name, help=help_, description=help_[0].upper() + help_[1:] + ".")
        add_input_args(p)
        if name != "candidates":
            _logic_args(p, fig)
        else:
            p.add_argument_group("output").add_argument("--json", action="store_true", help="one JSON object per puzzle")
        p.set_defaults(func=globals()[fn])


def _puzzles(args):
    """Yield (where, puzzle or None, error text or None)."""
    try:
        entries, _ = load_entries(args)
    except ParseError as e:
        raise _Usage(e)
    for e in entries:
        where = f"{e.file}:{e.line}" if e.line else (e.file or "")
        if not e.ok:
            yield where, None, e.error.located() if hasattr(e.error, "located") else str(e.error)
        elif getattr(e.puzzle, "kind", None) not in ("sudoku", "hidato"):
            yield where, None, f"{where}: the logical solver handles Sudoku-family and Hidato puzzles, not {e.puzzle.kind}"
        else:
            yield where, e.puzzle, None


class _Usage(Exception):
    pass


def _loop(args, one) -> int:
    code = 0
    try:
        items = list(_puzzles(args))
    except _Usage as e:
        return fail(e.args[0])
    many = len(items) > 1
    for where, puzzle, err in items:
        if err:
            if args.json:
                print(json.dumps({"where": where, "error": err}))
            else:
                print(err, file=sys.stderr)
            code = 1
            continue
        try:
            ok = one(args, where if many else None, puzzle)
        except (GridsatError, ValueError) as e:
            print(f"{where}: {e}", file=sys.stderr)
            ok = False
        if not ok:
            code = 1
    return code


def _kw(args) -> dict:
    return dict(uniqueness=args.uniqueness, extra=tuple(args.extra), search=not args.no_search)


def _hidato(args, puzzle, max_steps=None):
    from ..logic import solve_hidato_logic

    return solve_hidato_logic(puzzle, search=not args.no_search, max_steps=max_steps)


def _hint_one(args, where, puzzle) -> bool:
    from ..logic import hint

    if puzzle.kind == "hidato":
        res = _hidato(args, puzzle, max_steps=1)
        s = res.steps[0] if res.steps else None
    else:
        s = hint(puzzle, **_kw(args))
    if args.json:
        d = {"step": s.to_dict() if s else None}
        if where:
            d["where"] = where
        print(json.dumps(d))
    else:
        prefix = f"{where}: " if where else ""
        print(prefix + (str(s) if s else "no step: the puzzle is solved or has no solution"))
    return s is not None


def run_hint(args) -> int:
    return _loop(args, _hint_one)


def _explain_one(args, where, puzzle) -> bool:
    from ..logic import explain

    if puzzle.kind == "hidato":
        res = _hidato(args, puzzle)
        if args.json:
            d = res.to_dict()
            if where:
                d["where"] = where
            print(json.dumps(d))
        else:
            if where:
                print(f"# {where}")
            for i, s in enumerate(res.steps, 1):
                print(f"{i:3d}. {s}")
            status = "solved" if res.solved else f"not solved ({res.reason})"
            print(f"rating {res.rating} (highest rule level), {len(res.steps)} steps, {status}"
                  + (", used search" if res.used_search else ""))
        return res.solved
    res = explain(puzzle, **_kw(args))
    if args.json:
        d = res.to_dict()
        if where:
            d["where"] = where
        print(json.dumps(d))
    else:
        if where:
            print(f"# {where}")
        for i, s in enumerate(res.steps, 1):
            print(f"{i:3d}. {s}")
        status = "solved" if res.solved else f"not solved ({res.reason})"
        print(f"rating {res.rating:.1f} ({res.grade}), hardest: {res.hardest}, {len(res.steps)} steps, {status}"
              + (", used search" if res.used_search else ""))
    return res.solved


def run_explain(args) -> int:
    return _loop(args, _explain_one)


def _cands_one(args, where, puzzle) -> bool:
    from ..logic import candidates, hidato_candidates

    if puzzle.kind == "hidato":
        cs = hidato_candidates(puzzle)
        name = puzzle.cell_name
    else:
        cs = candidates(puzzle)
        n = puzzle.n
        name = lambda c: f"r{c // n + 1}c{c % n + 1}"  # noqa: E731
    if args.json:
        d = {"candidates": [{"cell": name(c), "values": list(ds)} for c, ds in cs]}
        if where:
            d["where"] = where
        print(json.dumps(d))
    else:
        if where:
            print(f"# {where}")
        for c, ds in cs:
            print(f"{name(c)}: {' '.join(str(x) for x in ds)}")
    return True


def run_candidates(args) -> int:
    return _loop(args, _cands_one)


def _rate_one(args, where, puzzle) -> bool:
    from ..logic import rate

    if puzzle.kind == "hidato":
        res = _hidato(args, puzzle)
        if args.json:
            d = res.to_dict(steps=False)
            if where:
                d["where"] = where
            print(json.dumps(d))
        else:
            rules = ", ".join(f"{k} x{v}" for k, v in res.rules.items())
            print((f"{where}: " if where else "") + f"level {res.rating}"
                  + (", used search" if res.used_search else "") + f"; rules: {rules}")
        return res.solved

    r = rate(puzzle, figures=not args.no_figures, **_kw(args))
    if args.json:
        d = r.to_dict()
        if where:
            d["where"] = where
        print(json.dumps(d))
    else:
        text = f"{r.rating:.1f} {r.grade}, hardest: {r.hardest}, {r.steps} steps"
        if r.used_search:
            text += ", used search"
        if r.search is not None:
            f = r.search
            way = " ".join(f"{c}={v}/{k}" for c, v, k in f.way) or "-"
            text += (f"; search: depth {f.depth}, deepest {f.deepest}, way {way}, "
                     f"choices^2 {f.choice_squares}, candidates {f.total_candidates}, "
                     f"candidates^2 {f.candidate_squares}")
        print((f"{where}: " if where else "") + text)
    return r.solved


def run_rate(args) -> int:
    return _loop(args, _rate_one)
