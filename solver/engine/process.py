"""``solver engine``: the JSON-lines analysis engine a frontend talks to over stdin and stdout.

One query a line in, one answer a line out, every answer carrying its query's ``id``
(``docs/engine.md`` has the whole protocol and a session). Searches run on worker threads (the
compiled searchers release the GIL) while the reader goes on reading, so a ``stop`` reaches a running
search at once. Nothing but JSON lines is ever written to stdout: whatever else the process prints
goes to stderr. Bad input of any kind is answered with one error line, and the engine goes on.

    >>> import io
    >>> out = io.StringIO()
    >>> Engine(out).run(['{"id": 1, "op": "hello"}'])
    0
    >>> json.loads(out.getvalue())["protocol"]
    1
"""

from __future__ import annotations

import inspect
import json
import queue
import sys
import threading
import traceback
from collections.abc import Iterable
from typing import IO, Any

import solver
from solver.api import GAMES, game_class
from solver.core.actions import legal_action
from solver.core.agents import MAX_SECONDS, MAX_WORKERS
from solver.core.errors import IllegalActionError, SolverError
from solver.core.strict_json import join
from solver.engine import queries as Q
from solver.engine.service import error_json, load_position, review_query, search_position

PROTOCOL = 1


class _Job:
    """One analyse query, queued or searching."""

    def __init__(self, query: Q.Query) -> None:
        self.query = query
        self.stop = threading.Event()
        self.started = False


class Engine:
    """Reads queries, runs them, writes answers.

    Args:
        out: where the JSON lines go (the process's stdout).
        threads: how many searches may run at once (queries beyond that wait in order).
    """

    def __init__(self, out: IO[str], threads: int = 1) -> None:
        self.out = out
        self.lock = threading.Lock()
        self.jobs: dict[Any, _Job] = {}
        self.waiting: queue.Queue[_Job | None] = queue.Queue()
        self.workers = [threading.Thread(target=self._work, daemon=True, name=f"search-{i}") for i in range(threads)]
        for worker in self.workers:
            worker.start()

    def run(self, lines: Iterable[str]) -> int:
        """Answer every line until ``quit`` (running searches are stopped and answered) or the end of
        the input (queued searches are finished and answered first). Returns the exit status, 0."""
        for line in lines:
            if not line.strip():
                continue
            if self.handle(line) == "quit":
                for job in list(self.jobs.values()):
                    job.stop.set()
                break
        for _ in self.workers:
            self.waiting.put(None)
        for worker in self.workers:
            worker.join()
        return 0

    def send(self, answer: dict[str, Any]) -> None:
        """Write one answer line (whole lines only, from any thread)."""
        text = json.dumps(answer, ensure_ascii=False, separators=(",", ":"))
        with self.lock:
            self.out.write(text + "\n")
            self.out.flush()

    def fail(self, id_: Any, exc: Exception) -> None:
        self.send({"id": id_, "error": error_json(exc)})

    def handle(self, line: str) -> str | None:
        """Answer one query line (searches are queued); returns its op."""
        try:
            query = Q.read_query(line)
        except SolverError as exc:
            try:
                id_ = Q.read_id(json.loads(line))
            except (ValueError, RecursionError):
                id_ = None
            self.fail(id_, exc)
            return None
        try:
            if query.op in Q.SEARCHES:
                self._queue(query)
            elif query.op == "stop":
                self._stop(query)
            elif query.op != "quit":
                self.send({"id": query.id, **getattr(self, f"_{query.op}")(query)})
        except SolverError as exc:
            self.fail(query.id, exc)
        except Exception as exc:  # a bug of ours: say so, keep serving
            traceback.print_exc(file=sys.stderr)
            self.send({"id": query.id, "error": {"field": "engine", "message": f"internal error: {exc!r}"}})
        return query.op

    # -- the ops ---------------------------------------------------------------------------------

    def _hello(self, query: Q.Query) -> dict[str, Any]:
        return {
            "type": "hello",
            "engine": "solver",
            "version": solver.__version__,
            "protocol": PROTOCOL,
            "ops": list(Q.OPS),
            "games": {name: _describe(name) for name in sorted(GAMES)},
            "limits": {"max_time": MAX_SECONDS, "max_workers": MAX_WORKERS, "max_multipv": Q.MAX_MULTIPV,
                       "max_iterations": Q.MAX_ITERATIONS, "max_depth": Q.MAX_DEPTH, "max_line": Q.MAX_LINE,
                       "threads": len(self.workers)},  # fmt: skip
        }

    def _legal(self, query: Q.Query) -> dict[str, Any]:
        _, state = load_position(query.game, query.options, query.position, query.seed)
        answer: dict[str, Any] = {"type": "legal", **_where(state)}
        if state.is_chance_node():
            answer["actions"] = [{"action": a, "text": state.action_to_string(a), "probability": p}
                                 for a, p in state.chance_outcomes()]  # fmt: skip
        else:
            answer["actions"] = [{"action": a, "text": state.action_to_string(a)} for a in state.legal_actions()]
        return answer

    def _show(self, query: Q.Query) -> dict[str, Any]:
        _, state = load_position(query.game, query.options, query.position, query.seed)
        return {"type": "show", **_where(state), "text": str(state), "position": state.to_json()}

    def _apply(self, query: Q.Query) -> dict[str, Any]:
        _, state = load_position(query.game, query.options, query.position, query.seed)
        steps = []
        for i, action in enumerate(query.actions):
            try:
                action = legal_action(state, action)
            except IllegalActionError as exc:
                raise IllegalActionError(f"{join('actions', i)}: {str(exc).removeprefix('action: ')}") from None
            steps.append(state.action_to_string(action))
            state.apply_legal_action(action)
        return {"type": "position", "steps": steps, **_where(state), "position": state.to_json()}

    def _queue(self, query: Q.Query) -> None:
        if query.id is None:
            raise Q.QueryError("id", f"{query.op} needs an id (its answers carry it)")
        if query.id in self.jobs:
            raise Q.QueryError("id", f"a query with id {query.id!r} is already running or waiting")
        job = _Job(query)
        self.jobs[query.id] = job
        self.waiting.put(job)

    def _stop(self, query: Q.Query) -> None:
        target = query.terminate if query.terminate is not None else query.id
        job = self.jobs.get(target)
        if job is None:
            raise Q.QueryError("terminate" if query.terminate is not None else "id",
                               f"no query with id {target!r} is running or waiting")  # fmt: skip
        job.stop.set()
        if query.terminate is not None:
            self.send({"id": query.id, "type": "stopping", "terminate": target})

    def _work(self) -> None:
        while (job := self.waiting.get()) is not None:
            query = job.query
            try:
                if job.stop.is_set():
                    raise Q.QueryError("id", "stopped before its search began")
                job.started = True
                if query.op == "review":
                    self._review(query, job.stop)
                    continue
                _, state = load_position(query.game, query.options, query.position, query.seed)
                result = search_position(
                    state, query.limits, query.algorithm, query.multipv, job.stop,
                    lambda info, id_=query.id: self.send({"id": id_, "type": "info", **info}), query.report_every,
                    query.params,
                )  # fmt: skip
                self.send({"id": query.id, "type": "result", **result})
            except SolverError as exc:
                self.fail(query.id, exc)
            except Exception as exc:  # a bug of ours: say so, keep serving
                traceback.print_exc(file=sys.stderr)
                self.send({"id": query.id, "error": {"field": "engine", "message": f"internal error: {exc!r}"}})
            finally:
                self.jobs.pop(query.id, None)

    def _review(self, query: Q.Query, stop: threading.Event) -> None:
        """A review: a ``decision`` line for each decision as it is reviewed, then the ``review``
        (the summary; ``stopped`` if a ``stop`` ended it early)."""
        summary = review_query(query, stop, lambda d: self.send({"id": query.id, "type": "decision", **d}))
        self.send({"id": query.id, "type": "review", **summary})


def _where(state: Any) -> dict[str, Any]:
    """Who is to move in ``state`` and whether the game is over (with the returns then)."""
    terminal = state.is_terminal()
    where: dict[str, Any] = {"to_move": state.current_player(), "chance": state.is_chance_node(), "terminal": terminal}
    if terminal:
        where["returns"] = state.returns()
    return where


def _describe(name: str) -> dict[str, Any]:
    """What ``hello`` says of a game: its title, players, options with their defaults, backends."""
    cls = game_class(name)
    module = sys.modules[cls.__module__]
    options = {
        key: param.default for key, param in inspect.signature(cls).parameters.items() if key not in ("pack",)
    }
    return {
        "title": cls.info.title,
        "players": [cls.info.min_players, cls.info.max_players],
        "options": options,
        "backends": module.available_backends(),
    }


def main(threads: int = 1) -> int:
    """Run the engine on this process's stdin and stdout (``solver engine``)."""
    out = sys.stdout
    sys.stdout = sys.stderr  # stray prints never reach the protocol stream
    try:
        out.reconfigure(encoding="utf-8", errors="strict", newline="\n")  # type: ignore[attr-defined]
        sys.stdin.reconfigure(encoding="utf-8", errors="replace")  # type: ignore[attr-defined]
    except (AttributeError, ValueError):
        pass
    try:
        return Engine(out, threads).run(sys.stdin)
    except KeyboardInterrupt:
        return 130
    finally:
        sys.stdout = out
