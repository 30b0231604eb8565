"""The options of ``gridsat generate hidato`` and ``gridsat generate numbrix`` (the Hidato kind's generators)."""

from __future__ import annotations

import argparse

__all__ = ["add_options", "values"]


def add_options(p: argparse.ArgumentParser, name: str) -> None:
    """Add the options of generator ``name`` (``hidato`` or ``numbrix``) to its subcommand parser."""
    p.add_argument("--rows", type=int, help="rows (default 8), or the size of a parametric shape")
    p.add_argument("--cols", type=int, help="columns (default: rows)")
    p.add_argument("--shape", help="named shape (rectangle, diamond, circle, ring, triangle, heart, arrow, cross, "
                                   "star, house, frame) or a template file (0/. cells, -/# holes)")
    p.add_argument("--rotate", type=int, default=0, help="rotate the shape clockwise: 0, 90, 180, 270")
    p.add_argument("--flip", action="store_true", help="mirror the shape")
    p.add_argument("--density", type=float, help="stop removing at this fraction of cells given (e.g. 0.3)")
    p.add_argument("--givens", type=int, help="stop removing at this many givens")
    p.add_argument("--no-keep-ends", dest="keep_ends", action="store_false", help="allow 1 and N to be removed")
    p.add_argument("--symmetry", default="none", choices=["none", "rot180", "rot90", "mirror", "diagonal"])
    p.add_argument("--encoding", default="cnf-pos", choices=["cnf-pos", "cnf-arcs"],
                   help="Hidato CNF used for uniqueness proofs")


def values(args: argparse.Namespace, name: str) -> dict:
    """The generator's keyword options from the parsed command line."""
    return {"rows": args.rows, "cols": args.cols, "shape": args.shape, "rotation": args.rotate, "flip": args.flip,
            "density": args.density, "givens": args.givens, "keep_ends": args.keep_ends, "symmetry": args.symmetry,
            "encoding": args.encoding, "score": args.json}
