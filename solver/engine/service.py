"""The search service: "search this position" for the command line, the engine and the web app.

``load_position`` turns a game name, options and a JSON position into a state (games are loaded once
and kept); ``search_position`` runs ``solver.best_move`` on it with limits, a stop event and a
progress callback, and returns the answer as plain JSON: the whole best turn, its value, the search's
numbers, and the ``multipv`` best first actions each with its principal variation::

    >>> import solver
    >>> game, state = load_position("kokoro", {}, solver.load_game("kokoro", players=1).new_initial_state().to_json())
    >>> state.is_chance_node()
    True
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

import solver
from solver.core.errors import GameRecordError, SearchError
from solver.core.params import Params
from solver.core.strict_json import join
from solver.engine.queries import Limits, QueryError
from solver.review.record import read_game
from solver.review.review import check_seats, review

_GAMES: OrderedDict[str, Any] = OrderedDict()
_GAMES_LOCK = threading.Lock()
GAMES_KEPT = 16
"""Loaded games kept for the next query (a pack is read and checked once)."""

DEFAULT_SECONDS = 1.0
"""The time a search takes when its limits give no budget."""


def load_game(name: str, options: dict[str, Any], position: Any = None) -> Any:
    """The game ``name`` with ``options`` (loaded once, then kept); the player count defaults to the
    position's, and the backend to numba.

    Raises:
        UnknownGameError, PackError: an option or the pack is bad.
    """
    options = dict(options)
    if "players" not in options and isinstance(position, dict) and type(position.get("players")) is int:
        options["players"] = position["players"]
    options.setdefault("backend", "numba")
    key = json.dumps([name, options], sort_keys=True, default=str)
    with _GAMES_LOCK:
        if key in _GAMES:
            _GAMES.move_to_end(key)
            return _GAMES[key]
    game = solver.load_game(name, **options)
    with _GAMES_LOCK:
        _GAMES[key] = game
        while len(_GAMES) > GAMES_KEPT:
            _GAMES.popitem(last=False)
    return game


def load_position(name: str, options: dict[str, Any], position: Any, seed: int = 0) -> tuple[Any, Any]:
    """The game and the state of ``position`` (what the player to move cannot see is dealt with ``seed``).

    Raises:
        UnknownGameError, PackError, PositionError: naming the bad option or field.
    """
    game = load_game(name, options, position)
    return game, game.state_from_json(position, seed=seed)


def search_position(
    state: Any,
    limits: Limits,
    algorithm: str = "ai",
    multipv: int = 1,
    stop: threading.Event | None = None,
    on_info: Callable[[dict[str, Any]], None] | None = None,
    report_every: float = 1.0,
    params: Params | None = None,
) -> dict[str, Any]:
    """Search the whole turn of the player to move; the answer as plain JSON.

    ``on_info`` is called from the searching thread about every ``report_every`` seconds with the
    search so far (``iterations``, ``nodes``, ``seconds``, ``values`` per player when known, and the
    ``multipv`` best first actions with their lines); setting ``stop`` ends the search within a few
    milliseconds, and the answer is then the best found so far (``"stopped": true``). ``params``:
    the parameters to search with (``solver.best_move``'s; by default the position's own).

    Raises:
        SearchError: the state is over or at a chance node, or the limits do not fit the algorithm.
        ParamsError: ``params`` are for another game, player count or pack.
    """
    if state.is_terminal():
        raise SearchError("position: the game is over, there is no move to find")
    if state.is_chance_node():
        raise SearchError("position: a chance node (a tile, card or roll is due), not a decision")
    seconds = limits.time
    if seconds is None and limits.iterations is None and limits.depth is None and limits.rounds is None:
        seconds = DEFAULT_SECONDS
    decision = solver.best_move(
        state, algorithm=algorithm, time_limit=seconds, iterations=limits.iterations, depth=limits.depth,
        rounds=limits.rounds, seed=limits.seed, workers=limits.workers, multipv=multipv, stop=stop,
        on_progress=on_info, progress_every=report_every if report_every > 0 else None, params=params,
    )  # fmt: skip
    return {"to_move": state.current_player(), **decision.to_json()}


def error_json(exc: Exception) -> dict[str, str]:
    """The ``{"field", "message"}`` of an error, for a JSON answer."""
    field = getattr(exc, "field", None)
    detail = getattr(exc, "detail", None)
    if field is None:
        text = str(exc)
        field, sep, rest = text.partition(": ")
        if not sep or " " in field:
            field, rest = "", text
        detail = rest
    return {"field": field, "message": detail if detail is not None else str(exc)}


def review_query(query: Any, stop: threading.Event, on_decision: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
    """Run a ``review`` query (``solver.engine.queries``): its record read strictly, each decision's
    JSON to ``on_decision`` as it is reviewed; the answer is the review without its decisions (the
    summary, the hindsight line), ``stopped`` if ``stop`` ended it early.

    Raises:
        QueryError: naming ``record.<field>`` of a broken record or a bad ``players[i]``.
    """
    try:
        saved = read_game(query.record, pack=query.pack)
    except GameRecordError as exc:
        raise QueryError(join("record", exc.field) if exc.field != "record" else "record", exc.detail) from None
    limits = query.limits
    seats = None if query.seats is None else check_seats(query.seats, saved.options["players"], "players")
    found = review(saved, seats, limits.time, limits.iterations, limits.seed, stop=stop,
                   on_decision=lambda decision: on_decision(decision.to_json()))  # fmt: skip
    return {**{k: v for k, v in found.to_json().items() if k != "decisions"}, "stopped": stop.is_set()}
