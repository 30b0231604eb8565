"""The KenKen clues in SVG: each cage's target and operation small in the corner of its first cell.

The cages themselves are the board's regions (thick borders between them, drawn by
:func:`gridsat.rendering.render_svg` from the puzzle's layout); this layer adds the clues
(``text.cage-clue``) and writes the givens (one-cell cages) as digits.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...rendering.svg import Frame, escape

__all__ = ["CageClues"]


@dataclass(frozen=True)
class CageClues:
    """The clues of a board's cages: ``(first cell, clue text)`` pairs, and the givens ``(cell, digit)``."""

    n: int
    clues: tuple
    givens: tuple

    def svg(self, frame: Frame) -> list[str]:
        """The clue texts; the givens go into their cells through ``frame``."""
        for cell, v in self.givens:
            frame.write(cell, v)
        s = frame.s
        fs = s * 0.24
        out = []
        for cell, clue in self.clues:
            x, y = frame.centre(cell)
            text = escape(clue.replace("x", "\u00d7").replace("/", "\u00f7").replace("-", "\u2212"))
            out.append(f'<text class="cage-clue" x="{x - s * 0.44:.2f}" y="{y - s * 0.5 + fs * 1.05:.2f}" '
                       f'font-size="{fs:.2f}" text-anchor="start" fill="{frame.style["given"]}">{text}</text>')
        return out
