"""DIMACS CNF export of any puzzle under any CNF encoding, and a reader for it.

The file is self-describing through comment lines:

``c gridsat ...``
    kind, encoding and puzzle.
``c primary <cell> <value>:<lit> ...``
    one line per cell: the literal meaning "cell holds value" (the encoding's primary
    variables); enough to decode a model back to a grid.
``c p show <var> ... 0``
    the primary variables as a projection set, the convention of projected model counters.
``c assumptions <lit> ... 0``
    with ``givens="assumptions"``: the literals that pose the puzzle; they are then *not* in
    the clauses, so one file serves every puzzle of the same shape. With ``givens="units"``
    (the default) they are unit clauses and the formula alone is the puzzle.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

from ..errors import ParseError, UnsupportedError
from ..selection import pick_encoding
from .common import puzzle_comment

__all__ = ["to_dimacs", "read_dimacs", "DimacsFile"]


def to_dimacs(puzzle, encoding=None, *, givens: str = "units", primary: bool = True) -> str:
    """The puzzle as DIMACS CNF text.

    Parameters
    ----------
    puzzle : Sudoku or Hidato
    encoding : str or Encoding, optional
        A CNF encoding of the puzzle's kind (default: the kind's default CNF encoding).
    givens : {"units", "assumptions"}
        Givens as unit clauses, or listed on a ``c assumptions ... 0`` comment line.
    primary : bool
        Write the ``c primary`` and ``c p show`` lines.

    Returns
    -------
    str
    """
    if givens not in ("units", "assumptions"):
        raise UnsupportedError(f"givens must be 'units' or 'assumptions', not {givens!r}")
    enc = pick_encoding(puzzle, encoding, "cnf")
    model = enc.build(puzzle)
    nvars, clauses, assume = model.standalone(puzzle)
    extra = [[lit] for lit in assume] if givens == "units" else []
    out = [
        "c gridsat DIMACS CNF export",
        f"c kind {puzzle.kind} encoding {enc.name} givens {givens}",
        f"c puzzle {puzzle_comment(puzzle)}",
    ]
    if primary:
        var = model.var
        for cell in range(var.shape[0]):
            pairs = [(v, int(var[cell, v])) for v in range(1, var.shape[1]) if var[cell, v]]
            out.append(f"c primary {cell} " + " ".join(f"{v}:{lit}" for v, lit in pairs))
        out.append("c p show " + " ".join(map(str, model.projection())) + " 0")
    if givens == "assumptions":
        out.append("c assumptions " + " ".join(map(str, assume)) + (" 0" if assume else "0"))
    out.append(f"p cnf {nvars} {len(clauses) + len(extra)}")
    out.extend(" ".join(map(str, cl)) + " 0" for cl in clauses)
    out.extend(f"{cl[0]} 0" for cl in extra)
    return "\n".join(out) + "\n"


@dataclass
class DimacsFile:
    """A parsed DIMACS file: clauses, the assumptions line and the primary-literal map."""

    nvars: int
    clauses: list[list[int]]
    assumptions: list[int] = field(default_factory=list)
    primary: dict[tuple[int, int], int] = field(default_factory=dict)
    show: list[int] = field(default_factory=list)
    comments: list[str] = field(default_factory=list)

    def decode(self, model: Sequence[int]) -> tuple[int, ...]:
        """Cell values from a solver model, through the ``c primary`` lines (0 where none is true)."""
        true = {lit for lit in model if lit > 0}
        cells = 1 + max((c for c, _ in self.primary), default=-1)
        out = [0] * cells
        for (c, v), lit in self.primary.items():
            if (lit > 0 and lit in true) or (lit < 0 and -lit not in true):
                out[c] = v
        return tuple(out)


def read_dimacs(text: str, file: str | None = None) -> DimacsFile:
    """Parse DIMACS CNF text, including gridsat's comment lines."""
    nvars = None
    declared = None
    clauses: list[list[int]] = []
    cur: list[int] = []
    f = DimacsFile(0, clauses)
    for lineno, line in enumerate(text.splitlines(), 1):
        s = line.strip()
        if not s or s.startswith("%"):
            continue
        if s.startswith("c"):
            words = s.split()
            f.comments.append(s)
            if len(words) > 2 and words[1] == "primary":
                cell = int(words[2])
                for pair in words[3:]:
                    v, lit = pair.split(":")
                    f.primary[(cell, int(v))] = int(lit)
            elif words[1:3] == ["p", "show"]:
                f.show = [int(w) for w in words[3:] if w != "0"]
            elif len(words) > 1 and words[1] == "assumptions":
                f.assumptions = [int(w) for w in words[2:] if w != "0"]
            continue
        if s.startswith("p"):
            words = s.split()
            if len(words) != 4 or words[1] != "cnf":
                raise ParseError(f"bad problem line {s!r}", file, lineno, 1)
            nvars, declared = int(words[2]), int(words[3])
            continue
        try:
            lits = [int(w) for w in s.split()]
        except ValueError:
            raise ParseError(f"not a clause: {s!r}", file, lineno, 1) from None
        for lit in lits:
            if lit == 0:
                clauses.append(cur)
                cur = []
            else:
                cur.append(lit)
    if cur:
        clauses.append(cur)
    if nvars is None:
        raise ParseError("no 'p cnf' line", file, None, None)
    if declared != len(clauses):
        raise ParseError(f"header declares {declared} clauses, found {len(clauses)}", file, None, None)
    f.nvars = nvars
    return f
