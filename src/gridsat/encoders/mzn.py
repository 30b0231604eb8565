"""The ``mzn`` encoding: the reference MiniZinc models in ``models/`` and their data (``.dzn``).

``models/sudoku.mzn`` (classic and jigsaw alike) reads::

    n = 4;
    region = [| 1, 1, 2, 2 | ... |];   % region label 1..n of each cell
    givens = [| 0, 3, 0, 0 | ... |];   % 0 = empty

``models/hidato.mzn`` (Hidato and Numbrix) reads::

    rows = 3; cols = 3;
    board = [| 1, 1, 0 | ... |];       % 1 = cell, 0 = hole
    givens = [| 1, 0, 0 | ... |];      % 0 = open (and on holes)
    moves = [| -1, -1 | -1, 0 | ... |]; % the adjacency as (row, col) offsets

The model solves for ``x``, an array of the same shape as ``givens``.
"""

from __future__ import annotations

import os
from pathlib import Path

from dataclasses import dataclass, field
from typing import Any, Callable, Hashable

from ..errors import UnsupportedError
from ..kinds import kind_of
from .base import register

__all__ = ["MznModel", "register_model", "to_dzn", "decode_dzn_solution", "model_path", "MODELS_DIR", "array2d"]

#: where the reference models live: ``$GRIDSAT_MODELS`` or the repository's ``models/``.
MODELS_DIR = Path(os.environ.get("GRIDSAT_MODELS") or Path(__file__).resolve().parents[3] / "models")


def model_path(puzzle) -> Path:
    """The reference model file of a puzzle's kind (its record's ``mzn_model``)."""
    path = MODELS_DIR / kind_of(puzzle).mzn_model
    if not path.exists():
        raise UnsupportedError(f"MiniZinc model {path} not found; set GRIDSAT_MODELS to the models/ folder")
    return path


def array2d(rows: list[list[int]]) -> str:
    """A MiniZinc 2-d array literal ``[| 1, 2 | 3, 4 |]``, one row a line."""
    width = max(len(str(v)) for r in rows for v in r)
    body = "\n   | ".join(", ".join(str(v).rjust(width) for v in r) for r in rows)
    return "[| " + body + " |]"


def to_dzn(puzzle) -> str:
    """MiniZinc data for the puzzle's reference model (see :func:`model_path`)."""
    kind = kind_of(puzzle)
    name = getattr(puzzle, "name", None)
    head = [f"% gridsat MiniZinc data for models/{kind.mzn_model}",
            f"% puzzle {puzzle!r}" + (f" name={name}" if name else "")]
    return "\n".join(head + kind.mzn_data(puzzle)) + "\n"


def decode_dzn_solution(puzzle, x) -> tuple[int, ...]:
    """Cell values from the model's ``x`` (a 2-D list): the puzzle's own cell order."""
    return kind_of(puzzle).mzn_decode(puzzle, x)


@dataclass
class MznModel:
    """What the ``mzn`` encoding builds: a model file, its data, and a decoder of ``x``."""

    key: Hashable
    path: Path
    data: str
    decode: Callable[[Any], tuple[int, ...]]
    info: dict = field(default_factory=dict)


def build(puzzle) -> MznModel:
    """The reference model of the puzzle's kind with the puzzle's data."""
    return MznModel(key=kind_of(puzzle).mzn_key(puzzle), path=model_path(puzzle), data=to_dzn(puzzle),
                    decode=lambda x: decode_dzn_solution(puzzle, x))


def register_model(kind) -> None:
    """Register the ``mzn`` encoding of ``kind`` (a :class:`~gridsat.kinds.Kind`): its
    reference model with the puzzle's data (the kind's ``encodings`` entry calls this)."""
    register("mzn", kind.name, "minizinc", key=kind.mzn_key,
             description=f"MiniZinc reference model models/{kind.mzn_model} ({kind.mzn_about})")(build)
