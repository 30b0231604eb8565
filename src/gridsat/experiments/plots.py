"""Cactus and scatter plots of bench rows (matplotlib, imported only when a plot is drawn).

Both functions return a :class:`matplotlib.figure.Figure` and write it when given a path
(PNG, SVG or PDF by suffix). They build figures without ``pyplot``, so they leave no
global state behind, and the figure shows itself in Jupyter as PNG; pass ``ax`` to draw
into an existing axes instead.
"""

from __future__ import annotations

from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any, Sequence

from ..errors import GridsatError

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

__all__ = ["cactus_plot", "scatter_plot", "PlotError", "SUFFIXES", "require_matplotlib"]

#: file types a plot can be written as
SUFFIXES = (".png", ".svg", ".pdf")


class PlotError(GridsatError, ImportError):
    """Plotting is not possible: matplotlib is missing (``pip install 'gridsat[plot]'``)."""


def require_matplotlib() -> ModuleType:
    """The ``matplotlib`` module, or :class:`PlotError` naming the ``plot`` extra."""
    try:  # imported here, not at the top: matplotlib loads only when a plot is drawn
        import matplotlib
        from matplotlib.figure import Figure  # noqa: F401
    except ImportError as e:
        raise PlotError("plots need matplotlib, which is not installed: pip install 'gridsat[plot]' "
                        f"({e})") from None
    return matplotlib


def check_path(path: str | Path) -> Path:
    """``path`` as a Path if its suffix is one of :data:`SUFFIXES`, else :class:`GridsatError`."""
    p = Path(path)
    if p.suffix.lower() not in SUFFIXES:
        raise GridsatError(f"plot file {str(path)!r}: use one of {', '.join(SUFFIXES)}")
    return p


def _axes(ax: Axes | None, size: tuple[float, float] = (6.0, 4.2)) -> tuple[Figure, Axes]:
    require_matplotlib()
    if ax is not None:
        return ax.figure, ax
    from ._figure import BenchFigure  # imports matplotlib: only when drawing


    fig = BenchFigure(figsize=size, layout="constrained")
    return fig, fig.add_subplot()


def _save(fig: Figure, path: str | Path | None) -> None:
    if path is None:
        return
    p = check_path(path)
    meta = {"Date": None} if p.suffix.lower() == ".svg" else None
    fig.savefig(p, format=p.suffix.lower()[1:], dpi=110, metadata=meta)


def _by_config(rows: Sequence[dict]) -> dict[str, list[dict]]:
    groups: dict[str, list[dict]] = {}
    for r in rows:
        if r.get("status") == "skipped":
            continue
        groups.setdefault(r.get("config"), []).append(r)
    return groups


def _limit(rows: Sequence[dict], key: str) -> float:
    """The time limit of the rows, or the slowest time if none was set."""
    lims = [float(r["time_limit"]) for r in rows if r.get("time_limit") not in (None, "")]
    if lims:
        return max(lims)
    ts = [float(r[key]) for r in rows if r.get(key) not in (None, "")]
    return max(ts) if ts else 1.0


def cactus_plot(rows: Sequence[dict], path: str | Path | None = None, ax: Axes | None = None, *,
                time: str = "total_time", title: str | None = None) -> Figure:
    """Instances solved against time, one step line per configuration.

    Parameters
    ----------
    rows : sequence of dict
        Rows from :func:`gridsat.experiments.run_bench` (skipped rows are left out).
    path : str or Path, optional
        Write the figure here (``.png``, ``.svg`` or ``.pdf``).
    ax : matplotlib Axes, optional
        Draw into these axes instead of a new figure.
    time : str
        The row key to plot: ``total_time`` (default), ``solve_time`` or ``build_time``.
    title : str, optional
        Instead of ``JOB: N instances``.

    Returns
    -------
    matplotlib.figure.Figure
        The figure drawn on (that of ``ax`` if given).
    """
    if path is not None:
        check_path(path)
    fig, ax = _axes(ax)
    groups = _by_config(rows)
    cap = _limit(rows, time)
    floor = None
    for config, rs in groups.items():
        ts = sorted(max(float(r[time]), 1e-6) for r in rs if r.get("solved") and r.get(time) is not None)
        if not ts:
            ax.plot([], [], label=f"{config} (0/{len(rs)})")
            continue
        floor = ts[0] if floor is None else min(floor, ts[0])
        ax.step(ts, range(1, len(ts) + 1), where="post", label=f"{config} ({len(ts)}/{len(rs)})")
    ax.set_xscale("log")
    if any(r.get("time_limit") not in (None, "") for r in rows):
        ax.axvline(cap, color="0.5", linestyle="--", linewidth=1, label=f"time limit {cap:g} s")
    ax.set_xlabel(f"time per instance, s ({time.replace('_', ' ')}, log)")
    ax.set_ylabel("instances solved")
    ax.set_ylim(bottom=0)
    ax.grid(True, which="major", alpha=0.3)
    ax.legend(fontsize="small", loc="lower right")
    n = len({r.get("instance") for rs in groups.values() for r in rs})
    ax.set_title(title or f"{_job(rows)}: {n} instance{'s' if n != 1 else ''}")
    _save(fig, path)
    return fig


def _job(rows: Sequence[dict]) -> str:
    jobs = sorted({str(r.get("job")) for r in rows if r.get("job")})
    return ", ".join(jobs) or "bench"


def scatter_plot(rows: Sequence[dict], x: str, y: str, path: str | Path | None = None, ax: Axes | None = None, *,
                 time: str = "total_time", title: str | None = None) -> Figure:
    """Per-instance time of configuration ``x`` against configuration ``y`` (log-log, diagonal).

    Runs that did not answer (timeout, error) are drawn at the time limit as crosses;
    instances missing from either configuration (or skipped) are left out. Points below
    the diagonal are faster under ``y``.

    Parameters
    ----------
    rows : sequence of dict
        Rows from :func:`gridsat.experiments.run_bench`.
    x, y : str
        Two configuration labels of the rows; a missing one raises :class:`GridsatError`.
    path : str or Path, optional
        Write the figure here (``.png``, ``.svg`` or ``.pdf``).
    ax : matplotlib Axes, optional
        Draw into these axes instead of a new figure.
    time : str
        The row key to plot: ``total_time`` (default), ``solve_time`` or ``build_time``.
    title : str, optional
        Instead of ``Y faster on K of N``.

    Returns
    -------
    matplotlib.figure.Figure
        The figure drawn on (that of ``ax`` if given).
    """
    if path is not None:
        check_path(path)
    groups = _by_config(rows)
    for c in (x, y):
        if c not in groups:
            raise GridsatError(f"no runs of configuration {c!r}; have: {', '.join(map(str, groups)) or 'none'}")
    fig, ax = _axes(ax, size=(5.0, 5.0))
    cap = _limit(rows, time)

    def times(rs: list[dict]) -> dict[Any, tuple[float, bool]]:
        out = {}
        for r in rs:
            ok = bool(r.get("solved")) and r.get(time) is not None
            out[r.get("instance")] = (max(float(r[time]), 1e-6) if ok else cap, ok)
        return out

    tx, ty = times(groups[x]), times(groups[y])
    common = [k for k in tx if k in ty]
    both = [(tx[k][0], ty[k][0]) for k in common if tx[k][1] and ty[k][1]]
    some = [(tx[k][0], ty[k][0]) for k in common if not (tx[k][1] and ty[k][1])]
    if both:
        ax.scatter(*zip(*both), s=14, alpha=0.7, label=f"both solved ({len(both)})")
    if some:
        ax.scatter(*zip(*some), s=28, marker="x", color="C3", label=f"unsolved by one or both ({len(some)})")
    pts = both + some
    lo = min([min(a, b) for a, b in pts] + [cap]) / 1.5 if pts else 1e-3
    hi = max([max(a, b) for a, b in pts] + [cap]) * 1.5 if pts else 1.0
    ax.plot([lo, hi], [lo, hi], color="0.4", linewidth=1, linestyle="-", zorder=0)
    if any(r.get("time_limit") not in (None, "") for r in rows):
        ax.axvline(cap, color="0.6", linestyle="--", linewidth=0.8)
        ax.axhline(cap, color="0.6", linestyle="--", linewidth=0.8)
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlim(lo, hi)
    ax.set_ylim(lo, hi)
    ax.set_aspect("equal")
    faster_y = sum(1 for a, b in both if b < a)
    ax.set_xlabel(f"{x}: {time.replace('_', ' ')}, s")
    ax.set_ylabel(f"{y}: {time.replace('_', ' ')}, s")
    ax.grid(True, which="major", alpha=0.3)
    if pts:
        ax.legend(fontsize="small", loc="upper left")
    ax.set_title(title or f"{y} faster on {faster_y} of {len(both)}")
    _save(fig, path)
    return fig
