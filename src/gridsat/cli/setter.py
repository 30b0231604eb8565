"""``gridsat candidates --true | redundant | explain-ambiguity``: the setter's jobs.

* ``candidates --true [--cap N]`` (its options and its run are in :mod:`gridsat.cli.hint`): every digit of every open cell that appears in some
  solution, with the number of solutions that put it there, counted up to ``N``;
* ``redundant``: the givens and the extra constraints that can each be removed (one at a
  time) while the puzzle stays unique;
* ``explain-ambiguity [--cap N]``: two solutions, the cells where they differ, and the
  given that leaves the fewest solutions.

The jobs are the kind record's (``true_candidates``, ``redundant``, ``explain_ambiguity``),
on one incremental SAT solver each; every solution they report passes the verifier.
``-t SECONDS`` limits each puzzle (past it: ``unknown: time limit of SECONDS s reached``).
Input and exit codes as in ``hint``: 2 for a usage error or when no puzzle could be read (one
``file:line:col: message`` line); 1 when some puzzle is impossible (or, for ``redundant``, not
unique), timed out, or could not be read in a batch.
"""

from __future__ import annotations

import argparse

from ..kinds import kind_of
from .argtypes import positive_float
from .helptext import examples_epilog, sentence
from .hint import _cap, _emit_json, _how_many, _job, _loop, _why
from .options import add_input_args

__all__ = ["register", "redundant_one", "ambiguity_one", "run_redundant", "run_explain_ambiguity"]

EXAMPLES = {
    "redundant": ["gridsat redundant --json draft.txt"],
    "explain-ambiguity": ["gridsat explain-ambiguity --cap 100 draft.txt"],
}


def register(subparsers) -> None:
    """Add the ``redundant`` and ``explain-ambiguity`` subcommands."""
    for name, fn, help_ in (
        ("redundant", "run_redundant", "list the givens and constraints that can each be removed, the puzzle staying "
                                       "unique"),
        ("explain-ambiguity", "run_explain_ambiguity", "show two solutions, where they differ, and the given "
                                                       "that cuts the most solutions"),
    ):
        p = subparsers.add_parser(name, help=help_, description=sentence(help_),
                                  epilog=examples_epilog(name, EXAMPLES[name]),
                                  formatter_class=argparse.RawDescriptionHelpFormatter)
        add_input_args(p)
        o = p.add_argument_group("output")
        o.add_argument("--json", action="store_true", help="one JSON object per puzzle")
        if name == "explain-ambiguity":
            _cap(p.add_argument_group("count"))
        p.add_argument_group("time").add_argument(
            "-t", "--time-limit", type=positive_float, metavar="SECONDS",
            help="per puzzle; when it runs out the puzzle is answered 'unknown' and the next one starts")
        p.set_defaults(func=globals()[fn])


def _prefix(where) -> str:
    return f"{where}: " if where else ""


def redundant_one(args, where, puzzle) -> bool:
    """``redundant`` of one puzzle; whether it is unique."""
    r = _job(puzzle, "redundant")(puzzle, time_limit=args.time_limit)
    name = puzzle.cell_name
    label = (lambda k: puzzle.extra[k].describe())
    if args.json:
        d = r.to_dict(name, label)
        if r.status == "unique":
            d["given_values"] = {name(c): puzzle.givens[c] for c in r.givens}
        _emit_json(d, where)
        return r.status == "unique"
    p = _prefix(where)
    if r.status == "impossible":
        print(f"{p}impossible: {_why(puzzle)}")
        return False
    if r.status == "ambiguous":
        print(f"{p}ambiguous: the puzzle has more than one solution (see gridsat explain-ambiguity)")
        return False
    ng, nc = len([v for v in puzzle.givens if v]), len(puzzle.extra)
    print(f"{p}unique: {len(r.givens)} of {ng} givens and {len(r.constraints)} of {nc} constraints "
          "can each be removed, the puzzle staying unique")
    for c in r.givens:
        print(f"given {name(c)}={puzzle.givens[c]}")
    for k in r.constraints:
        print(f"constraint {k + 1}: {label(k)}")
    return True


def ambiguity_one(args, where, puzzle) -> bool:
    """``explain-ambiguity`` of one puzzle; whether it has a solution."""
    a = _job(puzzle, "explain_ambiguity")(puzzle, cap=args.cap, time_limit=args.time_limit)
    name = puzzle.cell_name
    if args.json:
        _emit_json(a.to_dict(name), where)
        return a.status != "impossible"
    p = _prefix(where)
    if a.status == "impossible":
        print(f"{p}impossible: {_why(puzzle)}")
        return False
    if a.status == "unique":
        print(f"{p}unique: nothing to explain")
        return True
    line = kind_of(puzzle).solution_line
    c, v = a.best
    left = f"{a.left}{'+' if a.left >= a.cap else ''} solution{'s' * (a.left != 1)}"
    print(f"{p}ambiguous: {_how_many(a.solutions, a.complete)}")
    print(f"first:  {line(puzzle, a.first)}")
    print(f"second: {line(puzzle, a.second)}")
    print(f"differ: {' '.join(name(x) for x in a.differ)}")
    print(f"best given: {name(c)}={v} leaves {left}" + (" (unique)" if a.left == 1 else ""))
    return True


def run_redundant(args) -> int:
    """Run ``gridsat redundant``; returns the exit code."""
    return _loop(args, redundant_one)


def run_explain_ambiguity(args) -> int:
    """Run ``gridsat explain-ambiguity``; returns the exit code."""
    return _loop(args, ambiguity_one)
