"""What every puzzle kind shares: the type of a puzzle of any kind (:class:`Puzzle`) and the
board text helpers (:mod:`gridsat.puzzles.text`).

Each kind's puzzle type lives in its kind package (``gridsat.kinds.<kind>.puzzle``); the
public classes are ``gridsat.Sudoku`` and ``gridsat.Hidato``.
"""

TYPE_CHECKING = False  # (typing.TYPE_CHECKING without loading typing at run time)
if TYPE_CHECKING:
    from .base import Puzzle


def __getattr__(name: str):
    """:class:`Puzzle` loads on first use (its ``typing.Protocol`` is not needed to read a board)."""
    if name == "Puzzle":
        from .base import Puzzle

        return Puzzle
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["Puzzle"]
