"""``solver serve``: a local web app to set up positions by clicking, watch a best-turn search
stream, play against the AI and replay solo games (``docs/web.md``).

``create_app()`` is the FastAPI app (to mount or test); ``serve()`` runs it with uvicorn::

    >>> from solver.web import create_app
    >>> sorted(route.path for route in create_app().routes if route.path.startswith("/ws"))
    ['/ws/search']
"""

from __future__ import annotations

from solver.web.app import create_app

__all__ = ["create_app", "serve"]


def serve(host: str = "127.0.0.1", port: int = 8765) -> None:
    """Serve the web app on ``http://host:port`` until interrupted (localhost only by default:
    the app has no authentication)."""
    import uvicorn

    uvicorn.run(create_app(), host=host, port=port, log_level="info")
