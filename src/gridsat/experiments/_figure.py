"""The Figure class of bench plots (imports matplotlib: load only when drawing)."""

from __future__ import annotations

import io

from matplotlib.figure import Figure

__all__ = ["BenchFigure"]


class BenchFigure(Figure):
    """A matplotlib Figure that shows itself in Jupyter (``_repr_png_``) without pyplot."""

    def _repr_png_(self) -> bytes:
        buf = io.BytesIO()
        self.savefig(buf, format="png", dpi=100)
        return buf.getvalue()
