"""``gridsat hint | explain | candidates | rate``: the logical solver from the command line.

* ``hint``: the next logical step of each puzzle;
* ``explain``: the whole logical path, step by step, and the rating;
* ``candidates``: every empty cell's candidates, fewest first (``--true``: the digits of some
  solution, found by SAT, with solution counts; see :mod:`gridsat.cli.setter`);
* ``rate``: the Sudoku Explainer-scale rating, grade and search-effort figures; ``rate --kit``:
  the Clojure kit's level, maxlevel and complexity figures (:func:`gridsat.kinds.kit_figures`).

``-t SECONDS`` limits each puzzle: past it the puzzle is answered ``unknown: time limit of
SECONDS s reached`` (``--json``: ``{"status": "unknown", "reason": ...}``) and the next one
starts. ``--json`` prints one JSON object per puzzle. Exit codes as in ``solve``: 2 for a usage
error or when no puzzle could be read (one clean ``file:line:col: message`` line), 1 when
some puzzle of a batch could not be read or (``explain``/``rate``) was not solved, or when
the logical solver's answer failed the verifier's rules (an internal error, reported as such).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import sys

from ..errors import GridsatError, LogicBugError, ParseError, UnsupportedError
from ..kinds import KINDS, kind_of, kit_figures, logic_serves, technique_names
from ..limits.clocks import TimeLimitReached, alarm
from .argtypes import positive_float, positive_int
from .helptext import Later, examples_epilog, kind_words, sentence
from .inputs import load_entries
from .options import add_input_args
from .outputs import fail
from .jobs import add_runner_args, wants_runner
from .exitcodes import EXIT_FAILED, EXIT_OK, EXIT_USAGE


#: each command's example lines that name no kind (the kinds add their own)
EXAMPLES = {
    "hint": ["gridsat hint --json puzzles.txt"],
    "explain": ["gridsat explain -u --no-search puzzle.txt"],
    "candidates": ["gridsat candidates --true --cap 100 draft.txt"],
    "rate": ["gridsat rate --json --no-figures puzzles.txt"],
}

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
        g.add_argument("--kit", action="store_true",
                       help="print the Clojure kit's figures instead: level/maxlevel and complexity "
                            "(way squares/candidates/candidate squares), naked singles only")
    o = p.add_argument_group("output")
    o.add_argument("--json", action="store_true", help="one JSON object per puzzle")


def register(subparsers) -> None:
    """Add the ``hint``, ``explain``, ``candidates`` and ``rate`` subcommands."""
    for name, fn, help_, fig in (
        ("hint", "run_hint", "show the next logical step", False),
        ("explain", "run_explain", "show the full logical solving path and its rating", False),
        ("candidates", "run_candidates", "list every empty cell's candidates, fewest first", False),
        ("rate", "run_rate", Later(lambda: f"rate difficulty on {kind_words('rate', ' or ', 'a scale')} "
                                           "(+ search-effort figures)"), True),
    ):
        p = subparsers.add_parser(name, help=help_, description=sentence(help_),
                                  epilog=examples_epilog(name, EXAMPLES[name]),
                                  formatter_class=argparse.RawDescriptionHelpFormatter)
        add_input_args(p)
        if name != "candidates":
            _logic_args(p, fig)
        else:
            p.add_argument_group("output").add_argument("--json", action="store_true", help="one JSON object per puzzle")
            add_true_args(p)
        p.add_argument_group("time").add_argument(
            "-t", "--time-limit", type=positive_float, metavar="SECONDS",
            help="per puzzle; when it runs out the puzzle is answered 'unknown' and the next one starts")
        if name == "rate":
            add_runner_args(p)
        p.set_defaults(func=globals()[fn])


def _puzzles(entries):
    """Yield (where, puzzle or None, error text or None)."""
    for e in entries:
        where = f"{e.file}:{e.line}" if e.line else (e.file or "")
        if not e.ok:
            yield where, None, e.error.located() if hasattr(e.error, "located") else str(e.error)
        elif getattr(e.puzzle, "kind", None) not in KINDS:
            yield where, None, f"{where}: the logical solver handles {logic_serves()}, not {e.puzzle.kind}"
        else:
            yield where, e.puzzle, None


def _check_options(args) -> None:
    """Technique names given to ``--extra`` must exist (a usage error otherwise)."""
    extra = getattr(args, "extra", None)
    if extra:
        known = technique_names()
        unknown = [t for t in extra if t not in known]
        if unknown:
            raise ParseError(f"unknown technique(s) for --extra: {', '.join(unknown)}; known: {', '.join(known)}")


def _loop(args, one) -> int:
    try:
        _check_options(args)
        entries, _ = load_entries(args)
    except ParseError as e:
        return fail(e)
    if not entries:
        return fail(ParseError("empty input: no puzzle found"))
    items = list(_puzzles(entries))
    many = len(items) > 1
    if not many and items[0][2]:
        bad = entries[0].error
        return fail(bad if isinstance(bad, ParseError) else items[0][2])
    code = EXIT_OK
    loaded = 0
    for where, puzzle, err in items:
        if err:
            if args.json:
                print(json.dumps({"where": where, "error": err}))
            else:
                print(err, file=sys.stderr)
            code = EXIT_FAILED
            continue
        try:
            ok = _clocked(args, one, where if many else None, puzzle)
            loaded += 1
        except TimeLimitReached as e:
            _timed_out(args, where if many else None, e)
            loaded += 1
            ok = False
        except LogicBugError as e:
            print(f"{where + ': ' if where else ''}{e}", file=sys.stderr)
            loaded += 1
            ok = False
        except (GridsatError, ValueError) as e:  # a puzzle these commands cannot take: an input error
            if not many:
                return fail(f"{where + ': ' if where else ''}{e}")
            print(f"{where}: {e}", file=sys.stderr)
            ok = False
        if not ok:
            code = EXIT_FAILED
    return code if loaded else EXIT_USAGE


def _clocked(args, one, where, puzzle) -> bool:
    """``one(args, where, puzzle)`` within ``--time-limit`` (:func:`gridsat.limits.alarm`: the
    logical solver is Python, which the timer interrupts). What it prints is held back until
    it has finished, so a puzzle stopped by the limit prints nothing but its status."""
    limit = getattr(args, "time_limit", None)
    if limit is None:
        return one(args, where, puzzle)
    held = io.StringIO()
    with alarm(limit, f"time limit of {limit} s reached"), contextlib.redirect_stdout(held):
        ok = one(args, where, puzzle)
    sys.stdout.write(held.getvalue())
    return ok


def _timed_out(args, where, e: TimeLimitReached) -> None:
    """Print the status of a puzzle stopped by ``--time-limit``."""
    if args.json:
        _emit_json({"status": "unknown", "reason": str(e)}, where)
    else:
        print(f"{where + ': ' if where else ''}unknown: {e}", flush=True)


def _kw(args) -> dict:
    return dict(uniqueness=args.uniqueness, extra=tuple(args.extra), search=not args.no_search)


def _emit_json(d: dict, where: str) -> None:
    if where:
        d["where"] = where
    print(json.dumps(d))


#: seconds the solver may take to tell whether a puzzle given to ``hint`` has a solution at all
#: (when ``-t`` does not say; past it, the hint is given as if it had one)
CHECK_SECONDS = 5.0


def _contradiction(args, puzzle) -> str | None:
    """Why ``puzzle`` has no solution (its clashing givens, or the solver's reason), as
    ``solve`` says it; ``None`` when it has one or the solver could not tell in time."""
    clashes = puzzle.conflicts() if hasattr(puzzle, "conflicts") else []
    if clashes:
        return "; ".join(clashes)
    from .. import api
    from ..limits.caps import TooLarge

    try:
        res = api.run(puzzle, "solve", time_limit=getattr(args, "time_limit", None) or CHECK_SECONDS)
    except TooLarge:  # (the solver's model is over the memory budget: it cannot tell; the hint still runs)
        return None
    return (res.reason or "no solution exists") if res.status == "impossible" else None


def _hint_one(args, where, puzzle) -> bool:
    why = _contradiction(args, puzzle)
    if why is not None:  # no step leads anywhere: name the contradiction, as solve does (exit 1)
        if args.json:
            _emit_json({"step": None, "status": "impossible", "reason": why}, where)
        else:
            print(f"{where + ': ' if where else ''}impossible: {why}")
        return False
    s = kind_of(puzzle).hint(puzzle, **_kw(args))
    if args.json:
        _emit_json({"step": s.to_dict() if s else None}, where)
    else:
        prefix = f"{where}: " if where else ""
        print(prefix + (str(s) if s else "no step: the puzzle is solved or has no solution"))
    return s is not None


def run_hint(args) -> int:
    """Run ``gridsat hint``; returns the exit code."""
    return _loop(args, _hint_one)


def _explain_one(args, where, puzzle) -> bool:
    res, summary = kind_of(puzzle).explain(puzzle, **_kw(args))
    if args.json:
        _emit_json(res.to_dict(), where)
    else:
        if where:
            print(f"# {where}")
        for i, s in enumerate(res.steps, 1):
            print(f"{i:3d}. {s}")
        print(summary)
    return res.solved


def run_explain(args) -> int:
    """Run ``gridsat explain``; returns the exit code."""
    return _loop(args, _explain_one)


def _cands_one(args, where, puzzle) -> bool:
    if getattr(args, "true", False):
        return _true_one(args, where, puzzle)
    cs = kind_of(puzzle).candidates(puzzle)
    name = puzzle.cell_name
    if args.json:
        _emit_json({"candidates": [{"cell": name(c), "values": list(ds)} for c, ds in cs]}, where)
    else:
        if where:
            print(f"# {where}")
        for c, ds in cs:
            print(f"{name(c)}: {' '.join(str(x) for x in ds)}")
    return True


# -- candidates --true: the setter's true candidates (redundant, explain-ambiguity: gridsat.cli.setter)

#: solutions counted per digit unless ``--cap`` says
DEFAULT_CAP = 10


def add_true_args(p: argparse.ArgumentParser) -> None:
    """``--true`` and ``--cap`` (of ``gridsat candidates``)."""
    g = p.add_argument_group("true candidates")
    g.add_argument("--true", action="store_true",
                   help="the digits of some solution in each open cell (SAT), with solution counts")
    _cap(g)


def _cap(g) -> None:
    g.add_argument("--cap", type=positive_int, default=DEFAULT_CAP, metavar="N",
                   help=f"count the solutions of each digit up to N (default {DEFAULT_CAP}; 1: no counts)")


def _job(puzzle, name: str):
    """The kind record's job ``name`` (an error naming the puzzles without it)."""
    fn = getattr(kind_of(puzzle), name, None)
    if fn is None:
        raise UnsupportedError(f"{name.replace('_', ' ')} is not available for {puzzle.kind} puzzles")
    return fn


def _why(puzzle) -> str:
    """Why a puzzle has no solution, in words: its clashing givens, if any."""
    clashes = puzzle.conflicts() if hasattr(puzzle, "conflicts") else []
    return "; ".join(clashes) if clashes else "no solution exists"


def _how_many(k: int, complete: bool) -> str:
    return f"{k} solution{'s' * (k != 1)}" + ("" if complete else " found (there may be more)")


def _true_one(args, where, puzzle) -> bool:
    """``candidates --true`` of one puzzle; whether it has a solution."""
    r = _job(puzzle, "true_candidates")(puzzle, cap=args.cap, time_limit=args.time_limit)
    name = puzzle.cell_name
    if args.json:
        _emit_json(r.to_dict(name), where)
        return r.status != "impossible"
    if where:
        print(f"# {where}")
    if r.status == "impossible":
        print(f"impossible: {_why(puzzle)}")
        return False
    print(f"{r.status}: {_how_many(len(r.solutions), r.complete)}; counts up to {r.cap}")
    for c, ds in sorted(r.counts.items()):
        words = [str(d) if r.cap == 1 else f"{d}({k}{'+' if k >= r.cap else ''})" for d, k in sorted(ds.items())]
        print(f"{name(c)}: {' '.join(words)}")
    return True


def run_candidates(args) -> int:
    """Run ``gridsat candidates``; returns the exit code."""
    return _loop(args, _cands_one)


def _kit_one(args, where, puzzle) -> bool:
    f = kit_figures(puzzle)
    if args.json:
        _emit_json({"kit": f.to_dict()}, where)
    else:
        print((f"{where}: " if where else "") + f.text())
        if f.way and not where:
            print("way: " + f.way_text())
    return f.solutions >= 1


def _rate_one(args, where, puzzle) -> bool:
    if getattr(args, "kit", False):
        return _kit_one(args, where, puzzle)
    d, text, solved = kind_of(puzzle).rate(puzzle, figures=not getattr(args, "no_figures", False), **_kw(args))
    if args.json:
        _emit_json(d, where)
    else:
        print((f"{where}: " if where else "") + text)
    return solved


def run_rate(args) -> int:
    """Run ``gridsat rate``; returns the exit code (through the batch runner when one of
    its options is given: :mod:`gridsat.cli.rate_jobs`)."""
    if wants_runner(args):
        from .rate_jobs import run_rate_jobs

        try:
            _check_options(args)
        except ParseError as e:
            return fail(e)
        return run_rate_jobs(args)
    return _loop(args, _rate_one)
