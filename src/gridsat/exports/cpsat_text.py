"""CP-SAT model export as text protobuf (``CpModelProto``), givens fixed.

Load it back with ``google.protobuf.text_format.Parse(text, cp_model_pb2.CpModelProto())``
or ``CpModel().Proto().parse_text_format(text)``. ``#`` comment lines at the top name the
kind, the encoding and the primary variables (by index, in the ``c primary`` spirit of the
DIMACS export: ``# primary <cell> <value>:<var index>`` for Boolean encodings, ``# cells
<index> ...`` for integer ones).
"""

from __future__ import annotations

from ..selection import pick_encoding
from .common import puzzle_comment

__all__ = ["to_cpsat_text", "cpsat_proto"]


def cpsat_proto(puzzle, encoding=None):
    """``(model, encoding, cpsat_model)``: a copy of the encoding's CpModel with the givens fixed.

    A given inside its variable's domain narrows the domain to that value; one outside it
    (an impossible puzzle) becomes a linear constraint ``x == value`` that cannot hold.
    """
    from ortools.sat.python import cp_model

    enc = pick_encoding(puzzle, encoding, "cpsat")
    built = enc.build(puzzle)
    model = built.model.clone() if hasattr(built.model, "clone") else built.model.Clone()
    proto = model.Proto()
    for idx, val in built.fix(puzzle):
        dom = list(proto.variables[idx].domain)
        if any(dom[i] <= val <= dom[i + 1] for i in range(0, len(dom), 2)):
            d = proto.variables[idx].domain
            d.clear()
            d.extend([val, val])
        else:
            model.Add(model.GetIntVarFromProtoIndex(idx) == val)
    proto.name = f"gridsat {puzzle.kind} {enc.name}"
    return model, enc, built


def to_cpsat_text(puzzle, encoding=None) -> str:
    """The puzzle's CP-SAT model (givens fixed) as text protobuf.

    Parameters
    ----------
    puzzle : Sudoku or Hidato
    encoding : str or Encoding, optional
        A CP-SAT encoding of the puzzle's kind (default: the kind's default CP-SAT encoding).
    """
    model, enc, built = cpsat_proto(puzzle, encoding)
    proto = model.Proto()
    head = [
        "# gridsat CP-SAT model export: text protobuf of operations_research.sat.CpModelProto",
        f"# kind {puzzle.kind} encoding {enc.name}, givens fixed in the variable domains",
        f"# puzzle {puzzle_comment(puzzle)}",
        f"# {len(proto.variables)} variables, {len(proto.constraints)} constraints",
    ]
    return "\n".join(head) + "\n" + str(proto) + "\n"
