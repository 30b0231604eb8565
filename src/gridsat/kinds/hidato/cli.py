"""The options of ``gridsat generate hidato`` and ``gridsat generate numbrix`` (the Hidato kind's generators)."""

from __future__ import annotations

import argparse

from ...errors import ParseError

__all__ = ["add_options", "values"]


def add_options(p: argparse.ArgumentParser, name: str) -> None:
    """Add the options of generator ``name`` (``hidato`` or ``numbrix``) to its subcommand parser."""
    p.add_argument("--rows", type=int, help="rows (default 8), or the size of a parametric shape")
    p.add_argument("--cols", type=int, help="columns (default: rows)")
    p.add_argument("--shape", help="named shape (rectangle, diamond, circle, ring, triangle, heart, arrow, cross, "
                                   "star, house, frame), a template file (0/. cells, -/# holes), or 'grow': "
                                   "the Haskell Hidato report's board grown by its own random path (--size cells)")
    g = p.add_argument_group("--shape grow")
    g.add_argument("--size", type=int, help="cells of the grown board (default 20)")
    once = g.add_mutually_exclusive_group()
    once.add_argument("--unique", dest="any", action="store_false", default=False,
                      help="add givens where two solutions differ until one is left (the default)")
    once.add_argument("--any", dest="any", action="store_true",
                      help="keep the report's puzzle whatever its number of solutions (--json: 'solutions')")
    p.add_argument("--rotate", type=int, default=0, help="rotate the shape clockwise: 0, 90, 180, 270")
    p.add_argument("--flip", action="store_true", help="mirror the shape")
    p.add_argument("--density", type=float, help="stop removing at this fraction of cells given (e.g. 0.3); "
                                                 "--shape grow: the share given besides 1 and N (default 0.35)")
    p.add_argument("--givens", type=int, help="stop removing at this many givens")
    p.add_argument("--no-keep-ends", dest="keep_ends", action="store_false", help="allow 1 and N to be removed")
    p.add_argument("--symmetry", default="none", choices=["none", "rot180", "rot90", "mirror", "diagonal"])
    p.add_argument("--encoding", default="cnf-pos", choices=["cnf-pos", "cnf-arcs"],
                   help="Hidato CNF used for uniqueness proofs")


def values(args: argparse.Namespace, name: str) -> dict:
    """The generator's keyword options from the parsed command line.

    Raises :class:`ParseError` for options that do not go together (``--size``, ``--any``
    without ``--shape grow``; ``--rows``, ``--cols``, ``--givens``, ``--symmetry`` with it).
    """
    if args.shape == "grow":
        other = [flag for flag, v in (("--rows", args.rows), ("--cols", args.cols), ("--givens", args.givens))
                 if v is not None] + (["--symmetry"] if args.symmetry != "none" else []) + \
            (["--rotate"] if args.rotate else []) + (["--flip"] if args.flip else [])
        if other:
            raise ParseError(f"--shape grow takes --size (the board grows with its path), not {', '.join(other)}")
        return {"shape": "grow", "size": args.size, "density": args.density, "unique": not args.any}
    if args.size is not None or args.any:
        raise ParseError(f"{'--size' if args.size is not None else '--any'} goes with --shape grow "
                         f"(other shapes take --rows/--cols and are always unique)")
    return {"rows": args.rows, "cols": args.cols, "shape": args.shape, "rotation": args.rotate, "flip": args.flip,
            "density": args.density, "givens": args.givens, "keep_ends": args.keep_ends, "symmetry": args.symmetry,
            "encoding": args.encoding, "score": args.json}
