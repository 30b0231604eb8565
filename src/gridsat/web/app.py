"""The workbench's Starlette application: the page, its static files, the JSON API and ``/api/info``."""

from __future__ import annotations

import contextlib
from functools import partial
from pathlib import Path

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from .payload import Limits
from .routes import ASYNC_COUNT, POSTS, Api, job_delete, job_get

__all__ = ["create_app", "STATIC", "info"]

#: the page's files (HTML, JavaScript modules, CSS), shipped inside the package
STATIC = Path(__file__).with_name("static")

#: no script, style or picture from anywhere but the server itself
CSP = ("default-src 'self'; img-src 'self' data: blob:; style-src 'self'; script-src 'self'; "
       "connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'")


def info(limits: Limits) -> dict:
    """What the page offers in its menus: kinds, generators and their options, formats, shapes, limits.

    Returns
    -------
    dict
        ``generators`` (name -> the options it takes), ``formats`` (name, kind, description),
        ``shapes``, ``symmetries``, ``grades`` and ``limits``.
    """
    from ..formats import list_formats
    from ..generators.shapes import list_shapes
    from ..kinds import KINDS
    from .routes import GENERATOR_OPTIONS, generator_takes

    gens = {}
    for kind in KINDS.values():
        for name, gen in kind.generators.items():
            takes = generator_takes(name)
            gens[name] = {"kind": kind.name, "help": gen.help,
                          "options": [o for o in GENERATOR_OPTIONS if o in takes]}
    return {
        "kinds": sorted(KINDS),
        "generators": gens,
        "formats": [{"name": f.name, "kind": f.kind, "description": f.description} for f in list_formats()],
        "shapes": list_shapes(),
        "symmetries": ["none", "rot180", "rot90", "mirror", "diagonal"],
        "grades": ["easy", "medium", "hard", "expert", "extreme"],
        "limits": {"max_body": limits.max_body, "max_cells": limits.max_cells, "default_time": limits.default_time,
                   "max_time": limits.max_time, "max_count": limits.max_count, "max_workers": limits.max_workers,
                   "async_count": ASYNC_COUNT},
    }


def create_app(limits: Limits | None = None, *, workers: int = 2) -> Starlette:
    """The workbench application.

    Parameters
    ----------
    limits : Limits, optional
        What one request may ask for (default :class:`~gridsat.web.payload.Limits`).
    workers : int
        Worker processes of the job pool (started on the first pooled job).

    Returns
    -------
    Starlette
        ``app.state.api`` holds the :class:`~gridsat.web.routes.Api` (its ``pool``).
    """
    limits = limits or Limits()
    api = Api(limits, workers)

    async def index(request: Request) -> FileResponse:
        return FileResponse(STATIC / "index.html", headers={"Content-Security-Policy": CSP,
                                                            "X-Content-Type-Options": "nosniff",
                                                            "Cache-Control": "no-cache"})

    async def api_info(request: Request) -> JSONResponse:
        return JSONResponse(info(limits))

    routes = [Route("/", index), Route("/api/info", api_info)]
    routes += [Route(f"/api/{name}", partial(handler, api), methods=["POST"]) for name, handler in POSTS.items()]
    routes += [Route("/api/jobs/{id}", partial(job_get, api), methods=["GET"]),
               Route("/api/jobs/{id}", partial(job_delete, api), methods=["DELETE"]),
               Mount("/static", StaticFiles(directory=STATIC), name="static")]
    @contextlib.asynccontextmanager
    async def lifespan(app):
        yield
        api.close()

    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.api = api
    return app
