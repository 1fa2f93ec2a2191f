"""``WS /ws/search``: a best-turn search streamed to the page, which can stop it at any time.

The page sends ``{"type": "search", "game", "options", "position", "observer", "time",
"iterations", "multipv", "algorithm", "seed"}`` (all but ``game`` and ``position`` optional),
``{"type": "review", "record", "players", "time", "iterations", "seed"}`` (a game record reviewed
as ``solver review`` does: a ``decision`` message each, then the ``review``) or
``{"type": "stop"}`` (of either). A search runs ``solver.engine.service.search_position`` (the code path of
``solver engine`` and ``solver bestmove``) on a worker thread with a stop event, never on the event
loop; the socket gets ``info`` messages about every ``REPORT_EVERY`` seconds, then one ``result``
with the picture of the best turn drawn over the position. Both carry the ``evaluation`` of the
player to move (``evaluation``): a win chance with players, the expected final score solo. With an
``observer``, the search knows only what that player sees: the rest is dealt at random (the
result's ``guessed`` says the mover's own hand was). A new search stops the running one first
(its ``result``, marked ``stopped``, comes before the new search's messages); closing the socket
stops its search. At most ``SEARCH_THREADS`` searches run at once; the others wait, and their
messages say for how long (``queued``, seconds). Bad messages are answered with
``{"type": "error", "error", "field"}`` and the socket stays open::

    >>> text = '{"type": "search", "game": "kokoro", "position": {}, "time": 0.2}'
    >>> request = read_search(read_message(text))
    >>> request.query.limits.time, request.query.multipv
    (0.2, 3)
    >>> read_search({"type": "search", "game": "kokoro", "position": {}, "time": -1})
    Traceback (most recent call last):
    ...
    solver.engine.queries.QueryError: time: expected more than 0 to 86400 seconds, got -1
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect

from solver import render
from solver.core.errors import SolverError
from solver.core.strict_json import loads, show
from solver.engine.queries import Query, QueryError, check_query, queries
from solver.engine.service import error_json, review_query, search_position
from solver.web.bodies import read_observer
from solver.web.views import as_seen_by, position_of

SEARCH_THREADS = os.cpu_count() or 1
"""How many searches run at once (the compiled searchers release the GIL); more wait their turn,
and each message says how long its search waited (``queued``)."""

SEARCHES = ThreadPoolExecutor(SEARCH_THREADS, thread_name_prefix="solver-search")

REPORT_EVERY = 0.25
"""Seconds between two ``info`` messages of a search."""

DEFAULT_MULTIPV = 3
"""The best first actions reported with their lines when the message does not say."""

_KEYS = (
    "type",
    "game",
    "options",
    "position",
    "observer",
    "time",
    "iterations",
    "multipv",
    "algorithm",
    "seed",
    "params",
)
_LIMITS = ("time", "iterations", "seed")

log = logging.getLogger("solver.web")


@dataclass
class SearchRequest:
    """A search message, checked: the body (game, options, position, observer) and the engine's
    analyse query (limits, multipv, algorithm)."""

    body: dict[str, Any]
    query: Query


def read_message(text: str | bytes) -> dict[str, Any]:
    """One socket message: a JSON object with a ``type`` (a ``stop`` has nothing else).

    Raises:
        QueryError: naming ``message`` (not one JSON object) or the bad field.
    """
    message = loads(text, queries, "message")
    if type(message) is not dict:
        raise QueryError("message", f"expected a JSON object, got {show(message)}")
    if queries.choice(message.get("type"), "type", ("search", "review", "stop")) == "stop":
        queries.object(message, "", ("type",))
    return message


def read_search(message: dict[str, Any]) -> SearchRequest:
    """A ``search`` message, its limits checked as the engine checks an ``analyse`` query.

    Raises:
        QueryError: naming the field (``time``, ``multipv``, ...).
    """
    queries.object(message, "", _KEYS, ("game", "position"))
    analyse = {
        "op": "analyse",
        "game": message["game"],
        "position": message["position"],
        "limits": {key: message[key] for key in _LIMITS if key in message},
        "multipv": message.get("multipv", DEFAULT_MULTIPV),
        "algorithm": message.get("algorithm", "ai"),
    }
    if "params" in message:
        analyse["params"] = message["params"]
    try:
        query = check_query(analyse)
    except QueryError as exc:
        raise QueryError(exc.field.removeprefix("limits."), exc.detail) from None
    return SearchRequest(message, query)


def evaluation(state: Any, value: float) -> dict[str, Any]:
    """What a search's value (in [0, 1], for the player to move) means to a person: ``measures``
    (``win chance`` with players, ``final score`` solo), the ``value`` in those units and the
    ``low``-``high`` range it lies in.

    >>> from solver.engine.service import load_game
    >>> evaluation(load_game("gogoa", {"players": 1}, None).new_initial_state(), 0.8)
    {'measures': 'final score', 'value': 240.0, 'low': 0.0, 'high': 300.0}
    """
    if state.players > 1:
        return {"measures": "win chance", "value": round(value, 4), "low": 0, "high": 1}
    points = state.to_reference().solo_points
    return {"measures": "final score", "value": round(points(value), 1),
            "low": float(points(0.0)), "high": float(points(1.0))}  # fmt: skip


def turn_of(state: Any, line: dict[str, Any]) -> list[int]:
    """The player to move's own turn from ``state`` along a ``multipv`` line (up to its first chance
    step or another player's step). A search's lines start at the turn's first searched decision
    (``best_move``): the decisions before it, with a single choice each, come first.

    >>> from solver.engine.service import load_game
    >>> state = load_game("kokoro", {"players": 1}, None).new_initial_state()
    >>> state.apply_action(76); state.apply_action(69)  # sanctuary A, a golden 3 path card
    >>> turn_of(state, {"pv": [{"action": 8, "player": 0, "chance": False}]})
    [8]
    """
    mover, walker, turn = state.current_player(), state.clone(), []
    steps = line.get("pv", [])
    while steps and walker.current_player() == mover and steps[0]["action"] not in walker.legal_actions():
        forced = walker.legal_actions()
        if len(forced) != 1:
            return []
        turn.append(forced[0])
        walker.apply_action(forced[0])
    for step in steps:
        if step["player"] != mover or step["chance"] or step["action"] not in walker.legal_actions():
            break
        walker.apply_action(step["action"])
        turn.append(step["action"])
    return turn


def read_review(message: dict[str, Any]) -> Query:
    """A ``review`` message (``record``, ``players``?, ``time``? or ``iterations``?, ``seed``?),
    checked as the engine checks a ``review`` query.

    Raises:
        QueryError: naming the field (``record.steps[3].action``, ``players[0]``, ``time``).
    """
    queries.object(message, "", ("type", "record", "players", *_LIMITS), ("record",))
    review = {"op": "review", "record": message["record"], "limits": {k: message[k] for k in _LIMITS if k in message}}
    if "players" in message:
        review["players"] = message["players"]
    try:
        return check_query(review)
    except QueryError as exc:
        raise QueryError(exc.field.removeprefix("limits."), exc.detail) from None


def run_review(query: Query, stop: threading.Event, on_message: Any, queued: float = 0.0) -> dict[str, Any]:
    """Run one review (on the calling thread): a ``decision`` message for each decision as it is
    reviewed, and the ``review`` message (the summary) returned."""
    summary = review_query(query, stop, lambda decision: on_message({"type": "decision", **decision}))
    return {"type": "review", **summary, "queued": queued}


def run_search(
    request: SearchRequest, stop: threading.Event, on_info: Any, queued: float = 0.0
) -> dict[str, Any]:
    """Run one search (on the calling thread) and return its ``result`` message; ``queued``: the
    seconds it waited for a thread, reported in every message. An ``info`` whose best turn changed
    carries its picture (``svg``), so the page draws the best line while the search runs."""
    _, game, state = position_of(request.body)
    observer = read_observer(request.body, game.players)
    state, guessed = as_seen_by(game, state, observer, request.query.limits.seed)
    mover = state.current_player()
    drawn: list[int] = []

    def info(found: dict[str, Any]) -> None:
        values = found.get("values") or []
        worth = {"evaluation": evaluation(state, values[mover])} if len(values) > mover else {}
        best = turn_of(state, found["multipv"][0]) if found.get("multipv") else []
        if best and best != drawn:  # some 10 ms a picture (docs/web.md)
            drawn[:] = best
            worth["svg"] = str(render.svg(state, observer=observer, highlight=best))
        on_info({"type": "info", "queued": queued, **found, **worth})

    query = request.query
    result = search_position(
        state, query.limits, query.algorithm, query.multipv, stop, info, REPORT_EVERY, query.params
    )
    picture = render.svg(state, observer=observer, highlight=result["actions"])
    worth = evaluation(state, result["value"])
    return {"type": "result", **result, "evaluation": worth, "guessed": guessed, "queued": queued,
            "svg": str(picture)}  # fmt: skip


def error_message(exc: Exception) -> dict[str, Any]:
    """The socket's error message for ``exc`` (an unexpected one without its traceback)."""
    if isinstance(exc, SolverError):
        return {"type": "error", "error": str(exc), "field": error_json(exc)["field"]}
    return {"type": "error", "error": f"internal error: {exc!r}", "field": ""}


class SearchSocket:
    """One page's socket: reads its messages, runs at most one search at a time, sends in order."""

    def __init__(self, socket: WebSocket) -> None:
        self.socket = socket
        self.outbox: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.stop: threading.Event | None = None
        self.task: asyncio.Task[None] | None = None

    async def serve(self) -> None:
        """Answer messages until the page closes the socket (which stops its search)."""
        await self.socket.accept()
        sender = asyncio.create_task(self._send_all())
        try:
            while True:
                message = await self.socket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                await self._handle(message.get("text") or message.get("bytes") or "")
        except WebSocketDisconnect:
            pass
        finally:
            if self.stop is not None:
                self.stop.set()
            sender.cancel()

    async def _handle(self, text: str | bytes) -> None:
        try:
            message = read_message(text)
            if message["type"] == "stop":
                await self._stop_running()
                return
            if message["type"] == "review":
                job = functools.partial(run_review, read_review(message))
            else:
                job = functools.partial(run_search, read_search(message))
        except SolverError as exc:
            self.outbox.put_nowait(error_message(exc))
            return
        await self._stop_running()
        self.stop = threading.Event()
        self.task = asyncio.create_task(self._search(job, self.stop))

    async def _stop_running(self) -> None:
        """Stop the running search and wait for its result to be queued."""
        if self.stop is not None:
            self.stop.set()
        if self.task is not None:
            await self.task
            self.task = None

    async def _search(self, job: Callable[..., dict[str, Any]], stop: threading.Event) -> None:
        """Run ``job`` (a search or a review, given the stop event, what to send its messages with
        and how long it waited) on a search thread; its last message queued after the others."""
        loop = asyncio.get_running_loop()

        def on_info(info: dict[str, Any]) -> None:
            loop.call_soon_threadsafe(self.outbox.put_nowait, info)

        asked = time.monotonic()

        def search() -> dict[str, Any]:
            return job(stop, on_info, round(time.monotonic() - asked, 3))

        try:
            self.outbox.put_nowait(await loop.run_in_executor(SEARCHES, search))
        except Exception as exc:
            if not isinstance(exc, SolverError):
                log.exception("search failed")
            self.outbox.put_nowait(error_message(exc))

    async def _send_all(self) -> None:
        while True:
            message = await self.outbox.get()
            try:
                text = json.dumps(message, ensure_ascii=False, allow_nan=False)
            except ValueError as exc:
                log.exception("unsendable message")
                text = json.dumps(error_message(exc))
            try:
                await self.socket.send_text(text)
            except Exception:  # the page has gone: nothing more to send
                return


async def search_socket(socket: WebSocket) -> None:
    """The ``/ws/search`` endpoint."""
    await SearchSocket(socket).serve()
