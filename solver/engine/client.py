"""A small Python client of ``solver engine``: it spawns the process and talks to it through pipes.

For frontends written in Python that want the engine in its own process (a crash or a long search
never blocks the caller), and for the tests, which drive the real process::

    with Client() as engine:
        hello = engine.request({"op": "hello"})
        for line in engine.analyse({"game": "godo", "position": position, "limits": {"time": 1}}):
            print(line["type"], line.get("iterations"))   # info ... info, then the result

Every query gets an id from the client unless it has one; answers are matched to queries by id, so
several queries may be in flight.
"""

from __future__ import annotations

import itertools
import json
import os
import queue
import subprocess
import sys
import threading
from collections.abc import Iterator, Sequence
from typing import Any

STREAMED = ("info", "decision")
"""The answer types that come before a query's last answer (a search's progress, a review's decisions)."""


class EngineError(RuntimeError):
    """The engine answered a query with an error line, or went away."""

    def __init__(self, answer: dict[str, Any]) -> None:
        self.answer = answer
        error = answer.get("error", {})
        super().__init__(f"{error.get('field')}: {error.get('message')}" if error.get("field") else error.get("message"))


class Client:
    """A running ``solver engine`` process.

    Args:
        command: how to start it (default: this Python running ``solver engine``).
        threads: passed as ``--threads`` to the default command.
        env: extra environment variables for the process.
    """

    def __init__(self, command: Sequence[str] | None = None, threads: int = 1, env: dict[str, str] | None = None) -> None:
        if command is None:
            command = [sys.executable, "-m", "solver", "engine", "--threads", str(threads)]
        self.process = subprocess.Popen(
            list(command), stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            text=True, encoding="utf-8", bufsize=1, env={**os.environ, **(env or {})},
        )  # fmt: skip
        self._ids = itertools.count(1)
        self._boxes: dict[Any, queue.Queue[dict[str, Any] | None]] = {}
        self._lock = threading.Lock()
        self.stderr: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()
        threading.Thread(target=self._read_stderr, daemon=True).start()

    def send(self, query: dict[str, Any]) -> Any:
        """Send a query (an id is given to it if it has none); returns the id its answers carry."""
        query = dict(query)
        query.setdefault("id", f"c{next(self._ids)}")
        with self._lock:
            self._boxes.setdefault(query["id"], queue.Queue())
        self.send_line(json.dumps(query))
        return query["id"]

    def send_line(self, line: str) -> None:
        """Send one raw line (the tests send broken ones)."""
        assert self.process.stdin is not None
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def answers(self, id_: Any, timeout: float | None = 60.0) -> Iterator[dict[str, Any]]:
        """The answers to query ``id_`` as they come, until its last one (a result or an error).

        Raises:
            EngineError: the engine answered with an error, or ended first.
            TimeoutError: no answer came within ``timeout`` seconds.
        """
        with self._lock:
            box = self._boxes.setdefault(id_, queue.Queue())
        while True:
            try:
                answer = box.get(timeout=timeout)
            except queue.Empty:
                raise TimeoutError(f"no answer to query {id_!r} within {timeout} s") from None
            if answer is None:
                raise EngineError({"error": {"field": "engine", "message": "the engine process ended"}})
            if "error" in answer:
                raise EngineError(answer)
            yield answer
            if answer.get("type") not in STREAMED:
                return

    def request(self, query: dict[str, Any], timeout: float | None = 60.0) -> dict[str, Any]:
        """Send a query and return its last answer (for an analysis, the result)."""
        return list(self.answers(self.send(query), timeout))[-1]

    def analyse(self, query: dict[str, Any], timeout: float | None = 60.0) -> Iterator[dict[str, Any]]:
        """Send an analyse query; yields its info lines, then its result."""
        return self.answers(self.send({"op": "analyse", **query}), timeout)

    def review(self, query: dict[str, Any], timeout: float | None = 60.0) -> Iterator[dict[str, Any]]:
        """Send a review query; yields a ``decision`` line per decision reviewed, then the ``review``."""
        return self.answers(self.send({"op": "review", **query}), timeout)

    def stop(self, id_: Any) -> None:
        """Ask the engine to end the search of query ``id_`` (its result follows)."""
        self.send_line(json.dumps({"id": id_, "op": "stop"}))

    def close(self, timeout: float = 10.0) -> int:
        """Quit the engine and wait for the process to end; returns its exit status."""
        if self.process.poll() is None:
            try:
                self.send_line(json.dumps({"op": "quit"}))
                self.process.stdin.close()  # type: ignore[union-attr]
            except (BrokenPipeError, OSError):
                pass
            try:
                self.process.wait(timeout)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        return self.process.returncode

    def __enter__(self) -> Client:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            answer = json.loads(line)
            with self._lock:
                box = self._boxes.setdefault(answer.get("id"), queue.Queue())
            box.put(answer)
        with self._lock:
            for box in self._boxes.values():
                box.put(None)

    def _read_stderr(self) -> None:
        assert self.process.stderr is not None
        for line in self.process.stderr:
            self.stderr.append(line)
