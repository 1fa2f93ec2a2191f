"""The web app's server: the static page, the JSON endpoints and the search socket (FastAPI).

The server is stateless: the page holds the whole position and sends it with each request
(``docs/web.md`` has the API). Every body is read strictly (``solver.web.bodies``); bad input is
answered with HTTP 400 ``{"error": "<field>: <message>", "field": "<field>"}``, a bug of ours with
HTTP 500 ``{"error": "internal error: ...", "field": ""}`` (the traceback goes to the log, never to
the page). The work (reading positions, drawing, playing) runs on worker threads, never on the
event loop::

    >>> [game["name"] for game in games()["games"]]
    ['godo', 'gogoa', 'koi', 'kokoro']
    >>> bad = b'{"game": "kokoro", "position": [1]}'
    >>> response = answer(views.show, bad, ("game", "position"), ())
    >>> response.status_code, response.body
    (400, b'{"error":"position: expected an object, got a list","field":"position"}')
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException

import solver
from solver.api import GAMES, game_class
from solver.core.errors import SolverError
from solver.engine.service import error_json
from solver.web import records, solo, views
from solver.web.bodies import option_choices, read_body, web_options
from solver.web.search_socket import search_socket

STATIC = Path(__file__).with_name("static")

_COMMON = ("game", "options", "position", "observer")
ENDPOINTS: dict[
    str, tuple[Callable[[dict[str, Any]], dict[str, Any]], tuple[str, ...], tuple[str, ...]]
] = {
    "/api/new": (views.new_game, ("game", "options", "seed", "advance", "observer"), ("game",)),
    "/api/view": (views.show, (*_COMMON, "highlight"), ("game", "position")),
    "/api/apply": (views.apply, (*_COMMON, "actions"), ("game", "position", "actions")),
    "/api/replay": (views.replay, ("game", "options", "position", "steps"), ("game", "position", "steps")),
    "/api/roll": (views.roll_once, (*_COMMON, "seed"), ("game", "position")),
    "/api/edit": (views.edit, (*_COMMON, "tool", "params", "target"), ("game", "position", "tool")),
    "/api/record/save": (records.save, ("game", "options", "actions", "seed", "seats"), ("game", "actions")),
    "/api/record/open": (records.open_record, ("record",), ("record",)),
    "/api/solo": (solo.solo_game, ("game", "options", "seed", "agent", "params"), ("game",)),
}
"""Each POST endpoint: what answers it, the body's keys, and the keys it must have."""

log = logging.getLogger("solver.web")


def failure(exc: Exception) -> JSONResponse:
    """The answer to an error: 400 naming the field for bad input, else 500 (logged)."""
    if isinstance(exc, SolverError):
        return JSONResponse({"error": str(exc), "field": error_json(exc)["field"]}, status_code=400)
    log.error("internal error", exc_info=exc)
    return JSONResponse({"error": f"internal error: {exc!r}", "field": ""}, status_code=500)


def answer(
    handler: Callable[[dict[str, Any]], Any],
    raw: bytes,
    keys: tuple[str, ...],
    required: tuple[str, ...],
) -> JSONResponse:
    """Read the body and run ``handler`` on it (on a worker thread): its JSON, or the error's."""
    try:
        return JSONResponse(handler(read_body(raw, keys, required)))
    except Exception as exc:
        return failure(exc)


def games() -> dict[str, Any]:
    """``GET /api/games``: each game's name, title, player counts, options (with defaults) and
    the values of those that take one of a few (``choices``)."""
    listed = []
    for name in sorted(GAMES):
        info = game_class(name).info
        listed.append(
            {
                "name": name,
                "title": info.title,
                "min_players": info.min_players,
                "max_players": info.max_players,
                "options": web_options(name),
                "choices": option_choices(name),
            }
        )
    return {"games": listed}


def _post(app: FastAPI, path: str) -> None:
    handler, keys, required = ENDPOINTS[path]

    async def endpoint(request: Request) -> JSONResponse:
        return await run_in_threadpool(answer, handler, await request.body(), keys, required)

    endpoint.__doc__ = handler.__doc__
    app.post(path, name=path)(endpoint)


def create_app() -> FastAPI:
    """The web app: ``/`` (the page), ``/favicon.ico``, ``/static/``, ``GET /api/games``, the POST endpoints of
    ``ENDPOINTS`` and ``WS /ws/search``."""
    app = FastAPI(title="solver", version=solver.__version__, docs_url=None, redoc_url=None)

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, exc: HTTPException) -> JSONResponse:
        return JSONResponse(
            {"error": f"{exc.detail}: {request.method} {request.url.path}", "field": ""},
            status_code=exc.status_code,
            headers=exc.headers,
        )

    @app.exception_handler(Exception)
    async def internal_error(request: Request, exc: Exception) -> JSONResponse:
        return failure(exc)

    @app.get("/", include_in_schema=False)
    async def page() -> FileResponse:
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})

    @app.get("/favicon.ico", include_in_schema=False)
    async def favicon() -> FileResponse:  # asked for by browsers whatever the page links
        return FileResponse(STATIC / "favicon.svg", media_type="image/svg+xml")

    @app.get("/api/games")
    async def list_games() -> JSONResponse:
        return JSONResponse(await run_in_threadpool(games))

    for path in ENDPOINTS:
        _post(app, path)
    app.add_api_websocket_route("/ws/search", search_socket)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    return app
