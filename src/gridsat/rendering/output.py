"""Write a picture as SVG, PNG or PDF.

PNG and PDF go through ``cairosvg`` (``pip install 'gridsat[render]'``); SVG needs nothing.
PDF defaults to an A4 page, so the file prints as it is.
"""

from __future__ import annotations

from pathlib import Path
from typing import Sequence

from ..errors import UnsupportedError
from .svg import render_svg

__all__ = ["save", "to_bytes", "FORMATS"]

FORMATS = ("svg", "png", "pdf")


def _cairosvg():
    try:
        import cairosvg
    except (ImportError, OSError) as exc:  # OSError: the cairo library itself is missing
        raise UnsupportedError(
            f"PNG and PDF output need cairosvg and the cairo library ({exc}); "
            "install them with: pip install 'gridsat[render]'"
        ) from None
    return cairosvg


def to_bytes(puzzle, solution: Sequence[int] | None = None, fmt: str = "svg", *,
             page: str | None = None, dpi: float = 150, **kw) -> bytes:
    """The picture in ``fmt`` (``svg``, ``png`` or ``pdf``) as bytes.

    ``page`` defaults to ``"a4"`` for PDF and to a bare board otherwise; ``dpi`` sets the
    PNG resolution of an A4 page (a bare board is drawn at 40 px per cell times ``dpi / 96``).
    Other keywords go to :func:`render_svg`.
    """
    fmt = fmt.lower()
    if fmt not in FORMATS:
        raise UnsupportedError(f"unknown picture format {fmt!r}; known: {', '.join(FORMATS)}")
    if page is None and fmt == "pdf":
        page = "a4"
    svg = render_svg(puzzle, solution, page=page, **kw)
    if fmt == "svg":
        return svg.encode()
    cs = _cairosvg()
    if fmt == "png":
        return cs.svg2png(bytestring=svg.encode(), dpi=dpi, scale=1.0 if page else dpi / 96)
    return cs.svg2pdf(bytestring=svg.encode())


def save(puzzle, path: str | Path, solution: Sequence[int] | None = None, *, fmt: str | None = None,
         page: str | None = None, dpi: float = 150, **kw) -> Path:
    """Write the picture to ``path``; the format comes from ``fmt`` or the file suffix."""
    path = Path(path)
    fmt = (fmt or path.suffix.lstrip(".") or "svg").lower()
    path.write_bytes(to_bytes(puzzle, solution, fmt, page=page, dpi=dpi, **kw))
    return path
