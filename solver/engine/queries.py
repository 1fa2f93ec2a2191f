"""The engine's queries: one JSON object a line, read strictly into what the engine runs.

Each query has an ``op`` and may have an ``id`` (a string or an integer, echoed in every answer to
it). A query that cannot be read raises ``QueryError`` naming the field, which the engine answers
with one ``{"id": ..., "error": {"field": ..., "message": ...}}`` line::

    >>> read_query('{"id": 7, "op": "legal", "game": "kokoro", "position": {}}').op
    'legal'
    >>> read_query('{"id": 7, "op": "dance"}')
    Traceback (most recent call last):
    ...
    solver.engine.queries.QueryError: op: expected one of analyse, apply, hello, legal, quit, review, show, stop, got 'dance'
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from solver.api import GAMES
from solver.core.agents import MAX_SECONDS, MAX_WORKERS, OPTIONS, check_seed
from solver.core.errors import FieldError, ParamsError
from solver.core.params import Params, read_params
from solver.core.strict_json import Fields, join, loads
from solver.search.decision import ALGORITHMS, BUDGETS, MULTIPV

OPS = ("analyse", "apply", "hello", "legal", "quit", "review", "show", "stop")

SEARCHES = ("analyse", "review")
"""The ops that search: queued for the search threads, stopped by ``stop``, answered in several lines."""

MAX_LINE = 4 << 20
"""The longest query line read (4 MB; a position is a few KB)."""

MAX_MULTIPV = MULTIPV.high
MAX_ITERATIONS = 1 << 30
MAX_DEPTH = 64
MAX_ACTIONS = 10_000
DEFAULT_REPORT_EVERY = 1.0


class QueryError(FieldError):
    """A query the engine cannot run; ``field`` names what is wrong with it."""


queries = Fields(QueryError)

_KEYS = {
    "hello": (),
    "quit": (),
    "stop": ("terminate",),
    "legal": ("game", "options", "position", "seed"),
    "show": ("game", "options", "position", "seed"),
    "apply": ("game", "options", "position", "seed", "actions"),
    "analyse": ("game", "options", "position", "seed", "limits", "multipv", "report_every", "algorithm", "params"),
    "review": ("record", "players", "pack", "limits"),
}
_LIMITS = ("time", "iterations", "depth", "rounds", "workers", "seed")


@dataclass
class Limits:
    """How long and how wide one search may be (``None``: the engine's default)."""

    time: float | None = None
    iterations: int | None = None
    depth: int | None = None
    workers: int | None = 1  # None: every core (the command line's default)
    seed: int = 0
    rounds: int | None = None  # greedy's playouts: games after each candidate

    def to_json(self) -> dict[str, Any]:
        return {key: value for key, value in vars(self).items() if value is not None}


@dataclass
class Query:
    """One query, checked: its fields are what the op needs, of the right kinds."""

    op: str
    id: str | int | None = None
    game: str | None = None
    options: dict[str, Any] = field(default_factory=dict)
    position: dict[str, Any] | None = None
    seed: int = 0
    actions: list[int] = field(default_factory=list)
    limits: Limits = field(default_factory=Limits)
    multipv: int = 1
    report_every: float = DEFAULT_REPORT_EVERY
    algorithm: str = "ai"
    params: Params | None = None
    terminate: str | int | None = None
    record: dict[str, Any] | None = None
    seats: list[int] | None = None
    pack: Any = None


def read_id(obj: Any) -> str | int | None:
    """The query's id if it has a usable one (so an error about the rest can still be answered to it)."""
    if type(obj) is dict:
        value = obj.get("id")
        if type(value) is int and -(1 << 63) <= value < 1 << 63:
            return value
        if type(value) is str and len(value) <= 200 and value.isprintable():
            return value
    return None


def read_query(line: str | bytes) -> Query:
    """Read one query line.

    Raises:
        QueryError: the line is not one JSON object, or a field is missing, unknown or of the wrong
            kind; the message names the field.
    """
    if len(line) > MAX_LINE:
        raise QueryError("query", f"a line longer than {MAX_LINE >> 20} MB")
    return check_query(loads(line, queries, "query"))


def check_query(obj: Any) -> Query:
    """Check a parsed query (see ``read_query``)."""
    queries.object(obj, "query", ("id", "op", *sorted({k for keys in _KEYS.values() for k in keys})))
    query = Query(op=queries.choice(obj.get("op"), "op", OPS) if "op" in obj else _missing("op"))
    if "id" in obj:
        query.id = read_id(obj)
        if query.id is None:
            raise QueryError("id", "expected a string (printable, at most 200 characters) or a 64-bit integer")
    queries.object(obj, "query", ("id", "op", *_KEYS[query.op]))
    if query.op == "stop":
        if "terminate" in obj:
            query.terminate = read_id({"id": obj["terminate"]})
            if query.terminate is None:
                raise QueryError("terminate", "expected the id of a running query")
        elif query.id is None:
            raise QueryError("id", "stop needs the id of the query to stop (or \"terminate\": id)")
    if query.op in ("hello", "quit", "stop"):
        return query
    if query.op == "review":
        return _review(query, obj)
    query.game = queries.choice(obj["game"], "game", tuple(sorted(GAMES))) if "game" in obj else _missing("game")
    query.options = queries.object(obj.get("options", {}), "options")
    query.position = queries.object(obj["position"], "position") if "position" in obj else _missing("position")
    query.seed = _seed(obj.get("seed", 0), "seed")
    if query.op == "apply":
        actions = queries.array(obj.get("actions", []), "actions", max_length=MAX_ACTIONS)
        query.actions = [queries.integer(a, join("actions", i), 0) for i, a in enumerate(actions)]
    if query.op == "analyse":
        query.limits = _limits(obj.get("limits", {}))
        query.multipv = queries.integer(obj.get("multipv", 1), "multipv", 1, MAX_MULTIPV)
        query.report_every = _seconds(obj.get("report_every", DEFAULT_REPORT_EVERY), "report_every", zero=True)
        query.algorithm = queries.choice(obj.get("algorithm", "ai"), "algorithm", ALGORITHMS)
        for name in ("iterations", "depth", "rounds"):
            takes = BUDGETS.get(query.algorithm)  # the AI's searcher depends on the game: best_move checks
            if takes is not None and getattr(query.limits, name) is not None and name not in takes:
                raise QueryError(f"limits.{name}", f"{query.algorithm} is bounded by {' or '.join(takes)}, not {name}")
        if "params" in obj:
            query.params = read_query_params(obj["params"])
    return query


def _review(query: Query, obj: dict[str, Any]) -> Query:
    """A review query's fields: the record (read when its search starts), the seats, the pack
    (a path or a pack object) and the limits (MCTS's: ``time`` or ``iterations``, and ``seed``)."""
    query.record = queries.object(obj["record"], "record") if "record" in obj else _missing("record")
    if "players" in obj:
        seats = queries.array(obj["players"], "players", max_length=16)
        query.seats = [queries.integer(seat, join("players", i), 0, 15) for i, seat in enumerate(seats)]
    if "pack" in obj:
        pack = obj["pack"]
        query.pack = pack if type(pack) is dict else queries.string(pack, "pack", 4096)
    query.limits = _limits(obj.get("limits", {}))
    for name, allowed in (("depth", None), ("workers", 1)):
        if getattr(query.limits, name) not in (None, allowed):
            raise QueryError(f"limits.{name}", "a review searches each decision with MCTS on one worker: give time or "
                             "iterations")  # fmt: skip
    if query.limits.time is not None and query.limits.iterations is not None:
        raise QueryError("limits.time", "give time or iterations, not both")
    return query


def _missing(name: str) -> Any:
    raise QueryError(name, "missing")


def _seed(value: Any, name: str) -> int:
    try:
        return check_seed(value)
    except FieldError as exc:
        raise QueryError(name, exc.detail) from None


def read_query_params(value: Any) -> Params | None:
    """A query's parameters document (``solver.core.params``), checked; its game, player count and
    pack are checked against the position's when the search starts.

    Raises:
        QueryError: naming ``params`` or the field inside (``params.heuristic.link``).
    """
    try:
        return read_params(queries.object(value, "params"), "params")
    except ParamsError as exc:
        raise QueryError(exc.field, exc.detail) from None


def _seconds(value: Any, name: str, zero: bool = False) -> float:
    number = queries.number(value, name)
    if number < 0 or (number == 0 and not zero) or number > MAX_SECONDS or not math.isfinite(number):
        low = "0" if zero else "more than 0"
        raise QueryError(name, f"expected {low} to {MAX_SECONDS} seconds, got {number}")
    return float(number)


def _limits(obj: Any) -> Limits:
    queries.object(obj, "limits", _LIMITS)
    limits = Limits()
    if "time" in obj:
        limits.time = _seconds(obj["time"], "limits.time")
    if "iterations" in obj:
        limits.iterations = queries.integer(obj["iterations"], "limits.iterations", 1, MAX_ITERATIONS)
    if "depth" in obj:
        limits.depth = queries.integer(obj["depth"], "limits.depth", 1, MAX_DEPTH)
    if "rounds" in obj:
        limits.rounds = queries.integer(obj["rounds"], "limits.rounds", 1, OPTIONS["rounds"].high)
    if "workers" in obj:
        limits.workers = queries.integer(obj["workers"], "limits.workers", 1, MAX_WORKERS)
    if "seed" in obj:
        limits.seed = _seed(obj["seed"], "limits.seed")
    return limits
