"""Games played on this machine: in this process (one job at a time) or a pool of worker processes.

Each worker process starts fresh (the ``spawn`` method: no state copied from the parent, the same
on every platform), loads the game and compiles its agents once (``jobs.prepare``), then plays job
after job. Results come back as they finish, in any order::

    >>> from solver.sweep.jobs import Job
    >>> plan = [Job("kokoro", (("players", 1),), ("random",), (0,), seed) for seed in (1, 2)]
    >>> sorted(r["seed"] for r in play_local(plan, workers=1))
    [1, 2]

A worker that dies (killed, out of memory) breaks a ``ProcessPoolExecutor`` and every game in
flight with it: the pool is then started again and the games that had not come back are sent
again, so no game is lost; a pool that breaks ``RESTARTS`` times in a row without finishing a game
stops the sweep. At most ``IN_FLIGHT`` games per worker are handed out at a time, so that a sweep
that stops early (Ctrl-C, an SPRT decision) leaves little work running.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
from collections.abc import Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from solver.core.agents import Bound
from solver.core.errors import SolverError
from solver.sweep.jobs import Job, play_job, prepare

JOBS = Bound(int, 1, 1024)
"""How many local worker processes ``--jobs`` takes."""

RESTARTS = 3
"""Pool breaks in a row (no game finished between them) after which a sweep gives up."""

IN_FLIGHT = 2
"""Games handed to each worker at a time: one playing, one waiting."""


GAMES_PER_WORKER = 8
"""The fewest games a worker process is started for by default: starting one (and compiling its
agents) costs from a second to half a minute, more than a few games."""


def default_workers(games: int | None = None) -> int:
    """The local worker processes when ``--jobs`` is not given: the cores this process may use, but
    no more than one per ``GAMES_PER_WORKER`` of the ``games`` to play (when given).

        >>> default_workers(games=3)
        1
    """
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not on every platform
        cores = os.cpu_count() or 1
    return cores if games is None else max(1, min(cores, games // GAMES_PER_WORKER))


def play_local(plan: Sequence[Job], workers: int) -> Iterator[dict[str, Any]]:
    """The results of ``plan``'s games played by ``workers`` processes (``1``: in this process), as
    they finish. Closing the iterator early (``break``) stops the workers.

    Raises:
        SolverError: ``jobs: ...`` when the worker processes keep dying.
    """
    workers = JOBS.check(workers, "jobs")
    if workers == 1:
        yield from map(play_job, plan)
        return
    pool = LocalPool(workers)
    try:
        yield from pool.play(plan)
    finally:
        pool.close()


class LocalPool:
    """``workers`` processes kept for one plan after another (a tune's batches of trials), so
    that each is started, and its agents compiled, once.

        >>> from solver.sweep.jobs import Job
        >>> pool = LocalPool(2)
        >>> [sorted(r["seed"] for r in pool.play([Job("kokoro", (("players", 1),), ("random",), (0,), s)
        ...                                       for s in seeds])) for seeds in ((1, 2), (3,))]
        [[1, 2], [3]]
        >>> pool.close()
    """

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self.pool: ProcessPoolExecutor | None = None

    def play(self, plan: Sequence[Job]) -> Iterator[dict[str, Any]]:
        """The results of ``plan``'s games as they finish (see ``play_local``); closing the iterator
        early ends the games in play and the processes with them (the next plan starts new ones)."""
        todo = list(reversed(plan))  # popped from the end: plan order
        running: dict[Future[dict[str, Any]], Job] = {}
        breaks = 0
        finished = False
        try:
            while todo or running:
                if self.pool is None:
                    self.pool = ProcessPoolExecutor(self.workers, multiprocessing.get_context("spawn"),
                                                    _start_worker, (todo[-1],))  # fmt: skip
                while todo and len(running) < IN_FLIGHT * self.workers:
                    job = todo.pop()
                    running[self.pool.submit(play_job, job)] = job
                done, _ = wait(running, return_when=FIRST_COMPLETED)
                if any(isinstance(future.exception(), BrokenProcessPool) for future in done):
                    breaks += 1  # a worker died: every game in flight is lost with the pool
                    if breaks >= RESTARTS:
                        raise SolverError(f"jobs: the worker processes died {breaks} times in a row without"
                                          " finishing a game")  # fmt: skip
                    todo.extend(reversed(list(running.values())))
                    running.clear()
                    self._drop()
                    continue
                for future in done:
                    del running[future]
                    breaks = 0
                    yield future.result()
            finished = True
        finally:
            if not finished:
                self._drop(running)

    def _drop(self, running: dict[Future[dict[str, Any]], Job] | None = None) -> None:
        if self.pool is not None:
            _stop(self.pool, running or {})
            self.pool = None

    def close(self) -> None:
        """Stop the processes."""
        self._drop()


def _start_worker(job: Job) -> None:
    """A worker's start: Ctrl-C is left to the parent, which stops the pool; then ``prepare``."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    prepare(job)


def _stop(pool: ProcessPoolExecutor, running: dict[Future[dict[str, Any]], Job]) -> None:
    """Shut the pool down; games still in play when the sweep stops early are ended at once."""
    if running:  # private, but the only way to stop a game in play: the pool has no terminate()
        for process in (getattr(pool, "_processes", None) or {}).values():
            process.terminate()
    pool.shutdown(wait=True, cancel_futures=True)
