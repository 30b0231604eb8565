"""The web workbench (``gridsat serve``): a board in the browser over a JSON API that mirrors the Python API.

Needs the optional extra ``web`` (Starlette, uvicorn). :func:`create_app` builds the
application; :mod:`.routes` holds the endpoints, :mod:`.payload` the request limits,
:mod:`.jobs` the pool of worker processes that runs every engine job, :mod:`.work` the jobs
themselves, :mod:`.board` what the page draws and :mod:`.server` the HTTP server's clock on
slow clients. The page itself (``static/``) is plain HTML,
JavaScript modules and CSS: no build step, nothing fetched from the network.
"""

from __future__ import annotations

__all__ = ["create_app"]


def create_app(*args, **kwargs):
    """The Starlette application (see :func:`gridsat.web.app.create_app`)."""
    from .app import create_app as make

    return make(*args, **kwargs)
