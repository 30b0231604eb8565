"""The workbench's Starlette application: the page, its static files, the JSON API and ``/api/info``.

With a token (``gridsat serve --token``), every ``/api/`` request must carry it as
``Authorization: Bearer TOKEN``; others answer 401. The page and its static files need none:
the page reads the token from its address (``/#token=TOKEN``) or asks for it.
"""

from __future__ import annotations

import contextlib
import hmac
from functools import partial
from pathlib import Path

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from .payload import Limits
from .routes import ASYNC_COUNT, POSTS, Api, job_delete, job_get

__all__ = ["create_app", "STATIC", "info", "boards", "TokenGuard"]

#: the page's files (HTML, JavaScript modules, CSS), shipped inside the package
STATIC = Path(__file__).with_name("static")

#: the rules the page knows for a kind's largest value: the board's side, its cells
MAX_VALUE_RULES = ("side", "cells", "board")

#: no script, style or picture from anywhere but the server itself
CSP = ("default-src 'self'; img-src 'self' data: blob:; style-src 'self'; script-src 'self'; "
       "connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'")


def info(limits: Limits) -> dict:
    """What the page offers in its menus: kinds, generators and their options, formats, shapes, limits.

    Returns
    -------
    dict
        ``kinds`` (names), ``boards`` (kind name -> its board description, see :func:`boards`),
        ``generators`` (name -> its kind, help, the ``options`` it takes and the ``form``
        options the page offers for it), ``formats`` (name, kind, description), ``shapes``,
        ``symmetries``, ``grades`` and ``limits``.
    """
    from ..formats import list_formats
    from ..generators.shapes import list_shapes
    from ..kinds import KINDS
    from .routes import GENERATOR_OPTIONS, generator_takes

    gens = {}
    for kind in KINDS.values():
        skip = set(kind.web.get("skip_options", ()))
        for name, gen in kind.generators.items():
            takes = [o for o in GENERATOR_OPTIONS if o in generator_takes(name)]
            gens[name] = {"kind": kind.name, "help": gen.help, "options": takes,
                          "form": [o for o in takes if o not in skip]}
    return {
        "kinds": sorted(KINDS),
        "boards": boards(),
        "generators": gens,
        "formats": [{"name": f.name, "kind": f.kind, "description": f.description} for f in list_formats()],
        "shapes": list_shapes(),
        "symmetries": ["none", "rot180", "rot90", "mirror", "diagonal"],
        "grades": ["easy", "medium", "hard", "expert", "extreme"],
        "limits": {"max_body": limits.max_body, "max_cells": limits.max_cells, "default_time": limits.default_time,
                   "max_time": limits.max_time, "max_count": limits.max_count, "max_workers": limits.max_workers,
                   "max_queue": limits.max_queue, "async_count": ASYNC_COUNT},
    }


def boards() -> dict[str, dict]:
    """How the page edits each kind's boards: the kind record's ``web`` description, completed.

    The page's only knowledge of a kind (``static/kinds.js`` interprets it; the page itself
    names no kind). A kind without a description is left out: the page shows its boards but
    does not edit them.

    Returns
    -------
    dict
        Kind name -> ``values`` (the field of the kind's ``json`` object holding the values as
        rows: ``0`` open, ``null`` no cell; ``""``: the object holds no values, a player's
        digits stay on the page), ``blank`` (what an open cell is written as: ``0`` or
        ``null``), ``regions`` (the field a painted region map goes
        into, ``None``: no painting), ``replaces`` (the fields that map replaces), ``holes``
        (cells may be taken off the board), ``max_value`` (``"side"``, ``"cells"`` or ``"board"``,
        the largest value the board itself names) and
        ``improve`` (the kind's puzzles can start an improvement: a generator of the kind
        starts from a given grid).

    Raises
    ------
    UnsupportedError
        A kind's description names no ``values`` field or an unknown ``max_value`` rule.
    """
    from ..errors import UnsupportedError
    from ..kinds import get_kind, list_kinds
    from .routes import kind_starts

    out = {}
    for name in list_kinds():
        kind = get_kind(name)
        web = kind.web
        if not web:
            continue
        if (not isinstance(web.get("values"), str) or web.get("max_value", "side") not in MAX_VALUE_RULES
                or web.get("blank", 0) not in (0, None)):
            raise UnsupportedError(f"kind {name}: its web description needs a \"values\" field, a "
                                   f"max_value in {', '.join(MAX_VALUE_RULES)} and a blank of 0 or None")
        out[name] = {"values": web["values"], "blank": web.get("blank", 0), "regions": web.get("regions"),
                     "replaces": list(web.get("replaces", ())),
                     "holes": bool(web.get("holes", False)), "max_value": web.get("max_value", "side"),
                     "improve": kind_starts(kind)}
    return out


class TokenGuard:
    """ASGI middleware: ``/api/`` requests without ``Authorization: Bearer TOKEN`` answer 401.

    Parameters
    ----------
    app
        The application it guards.
    token : str
        The token every API request must carry.
    """

    def __init__(self, app, token: str) -> None:
        self.app, self.token = app, token.encode("utf-8")

    def allowed(self, scope) -> bool:
        """Whether the request carries the token (compared in constant time)."""
        for name, value in scope.get("headers", ()):
            if name == b"authorization":
                scheme, _, given = value.partition(b" ")
                return scheme.lower() == b"bearer" and hmac.compare_digest(given.strip(), self.token)
        return False

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] == "http" and scope["path"].startswith("/api/") and not self.allowed(scope):
            resp = JSONResponse({"status": "error", "error": "this server needs its token: send the header "
                                 "'Authorization: Bearer TOKEN' (the page: open /#token=TOKEN)"},
                                status_code=401, headers={"WWW-Authenticate": "Bearer"})
            await resp(scope, receive, send)
            return
        await self.app(scope, receive, send)


def create_app(limits: Limits | None = None, *, workers: int = 2, token: str | None = None):
    """The workbench application.

    Parameters
    ----------
    limits : Limits, optional
        What one request may ask for (default :class:`~gridsat.web.payload.Limits`).
    workers : int
        Worker processes of the job pool (started with the application).
    token : str, optional
        Every ``/api/`` request must carry it (``Authorization: Bearer TOKEN``); ``None``: open.

    Returns
    -------
    Starlette or TokenGuard
        The Starlette application (wrapped in :class:`TokenGuard` with a token); ``.state.api``
        holds the :class:`~gridsat.web.routes.Api` (its ``pool``).
    """
    limits = limits or Limits()
    api = Api(limits, workers)

    async def index(request: Request) -> FileResponse:
        return FileResponse(STATIC / "index.html", headers={"Content-Security-Policy": CSP,
                                                            "X-Content-Type-Options": "nosniff",
                                                            "Cache-Control": "no-cache"})

    made: dict = {}  # (/api/info is the same for the server's life: made once)

    async def api_info(request: Request) -> JSONResponse:
        if "info" not in made:
            made["info"] = JSONResponse(info(limits))
        return made["info"]

    routes = [Route("/", index), Route("/api/info", api_info)]
    routes += [Route(f"/api/{name}", partial(handler, api), methods=["POST"]) for name, handler in POSTS.items()]
    routes += [Route("/api/jobs/{id}", partial(job_get, api), methods=["GET"]),
               Route("/api/jobs/{id}", partial(job_delete, api), methods=["DELETE"]),
               Mount("/static", StaticFiles(directory=STATIC), name="static")]
    @contextlib.asynccontextmanager
    async def lifespan(app):
        api.pool  # noqa: B018 - its workers start now, not on the first request
        yield
        api.close()

    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.api = api
    if token:
        guarded = TokenGuard(app, token)
        guarded.state = app.state
        return guarded
    return app
