"""Write a picture as SVG, PNG or PDF.

PNG and PDF go through ``cairosvg`` (``pip install 'gridsat[render]'``); SVG needs nothing.
PDF defaults to an A4 page, so the file prints as it is.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable, Sequence

from ..errors import UnsupportedError
from .svg import render_svg

if TYPE_CHECKING:
    from pathlib import Path

__all__ = ["save", "to_bytes", "save_pdf_pages", "FORMATS"]

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


def save(puzzle, file: str | Path, solution: Sequence[int] | None = None, *, fmt: str | None = None,
         page: str | None = None, dpi: float = 150, **kw) -> Path:
    """Write the picture to ``file``; the format comes from ``fmt`` or the file suffix."""
    from pathlib import Path  # (loaded when a file is written, not with import gridsat)

    file = Path(file)
    fmt = (fmt or file.suffix.lstrip(".") or "svg").lower()
    file.write_bytes(to_bytes(puzzle, solution, fmt, page=page, dpi=dpi, **kw))
    return file


def save_pdf_pages(items: Iterable[tuple], file: str | Path, *, page: str = "a4", **kw) -> int:
    """Write several boards into one PDF, one A4 page each.

    ``items`` are ``(puzzle, solution)`` or ``(puzzle, solution, options)`` where ``options``
    (e.g. ``{"title": ...}``) override ``kw`` for that page. Returns the number of pages.
    Uses cairosvg's drawing code on one shared cairo PDF surface.
    """
    cs = _cairosvg()
    try:
        import cairocffi
        from cairosvg.parser import Tree
        from cairosvg.surface import PDFSurface
    except ImportError as exc:  # pragma: no cover - cairosvg always brings cairocffi
        raise UnsupportedError(f"multi-page PDF needs cairocffi ({exc})") from None
    del cs
    mm = 72 / 25.4
    shared = cairocffi.PDFSurface(str(file), 210 * mm, 297 * mm)

    class _Page(PDFSurface):
        def _create_surface(self, width, height):
            return shared, width, height

        def finish(self):
            pass

    pages = 0
    for item in items:
        puzzle, solution = item[0], item[1]
        opts = dict(kw, **(item[2] if len(item) > 2 and item[2] else {}))
        svg = render_svg(puzzle, solution, page=page, **opts)
        _Page(Tree(bytestring=svg.encode()), None, 96)
        shared.show_page()
        pages += 1
    shared.finish()
    return pages
