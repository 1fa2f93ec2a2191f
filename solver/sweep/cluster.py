"""Games played on a Dask distributed cluster: the local pool's jobs, sent to a scheduler.

Needs the ``[dist]`` extra (``pip install -e ".[dist]"``) on this machine and on every worker, with
the same version of ``solver`` (a worker imports ``solver.sweep.jobs.play_job`` to play a job). Each
worker process loads the game and compiles the agents on its first job, then plays many::

    dask scheduler                                     # on one machine: tcp://HOST:8786
    solver worker tcp://HOST:8786                      # on each machine that plays
    solver arena kokoro --agents greedy,random --games 1000 --scheduler tcp://HOST:8786

A job whose worker is lost is sent to another worker by the scheduler (Dask's own retry), so a
lost machine loses no game; one that kills ``ALLOWED_FAILURES`` workers stops the sweep.
"""

from __future__ import annotations

import re
import socket
import subprocess
import sys
from collections.abc import Iterator, Sequence
from typing import Any

from solver.core.errors import SolverError
from solver.sweep.jobs import Job, play_job
from solver.sweep.local import IN_FLIGHT

CONNECT_SECONDS = 10
"""How long to wait for the scheduler before giving up."""

ALLOWED_FAILURES = 3
"""Workers a job may take down with it before the scheduler gives up on it (Dask's default)."""

_ADDRESS = re.compile(r"(?:tcp://)?(?P<host>\[[0-9A-Fa-f:.]+\]|[^\s/:]+):(?P<port>[0-9]{1,5})")
INSTALL_HINT = 'pip install -e ".[dist]"'


def check_address(address: str, field: str = "scheduler") -> str:
    """A scheduler's address as Dask takes it: ``tcp://HOST:PORT`` (``HOST:PORT`` gets ``tcp://``).

        >>> check_address("10.0.0.5:8786")
        'tcp://10.0.0.5:8786'
        >>> check_address("http://x")
        Traceback (most recent call last):
        ...
        solver.core.errors.SolverError: scheduler: expected tcp://HOST:PORT, got 'http://x'

    Raises:
        SolverError: ``<field>: ...`` for anything else.
    """
    match = _ADDRESS.fullmatch(address)
    if not match or not 0 < int(match["port"]) < 65536:
        raise SolverError(f"{field}: expected tcp://HOST:PORT, got {address!r}")
    return f"tcp://{match['host']}:{match['port']}"


def _distributed() -> Any:
    try:
        import distributed
    except ImportError:
        raise SolverError(f"scheduler: Dask distributed is not installed: {INSTALL_HINT}") from None
    return distributed


def connect(address: str) -> Any:
    """A Dask ``Client`` of the scheduler at ``address``.

    Raises:
        SolverError: ``scheduler: ...`` when Dask is missing or the scheduler does not answer
            within ``CONNECT_SECONDS``.
    """
    distributed = _distributed()
    address = check_address(address)
    try:
        return distributed.Client(address, timeout=CONNECT_SECONDS, set_as_default=False)
    except (OSError, TimeoutError) as exc:
        raise SolverError(f"scheduler: cannot reach {address}: {exc}") from None


def play_cluster(plan: Sequence[Job], address: str) -> Iterator[dict[str, Any]]:
    """The results of ``plan``'s games played by the cluster's workers, as they finish; at most
    ``IN_FLIGHT`` games per worker thread are queued at a time. Closing the iterator early
    (``break``) cancels the games queued.

    Raises:
        SolverError: ``scheduler: ...`` when the scheduler cannot be reached, has no worker, or
            gives up on a game.
    """
    distributed = _distributed()
    client = connect(address)
    try:
        threads = sum(client.nthreads().values())
        if not threads and plan:
            client.wait_for_workers(1, timeout=CONNECT_SECONDS * 6)
            threads = sum(client.nthreads().values())
        todo = list(reversed(plan))

        def submit() -> Any:
            return client.submit(play_job, todo.pop(), pure=False)

        first = [submit() for _ in range(min(len(todo), IN_FLIGHT * max(threads, 1)))]
        queue = distributed.as_completed(
            first, loop=client.loop
        )  # this client's, not a default one
        for future in queue:
            try:
                result = future.result()
            except distributed.KilledWorker as exc:
                raise SolverError(
                    f"scheduler: a game killed {ALLOWED_FAILURES} workers: {exc}"
                ) from None
            if todo:
                queue.add(submit())
            yield result
    except (OSError, TimeoutError) as exc:
        raise SolverError(f"scheduler: lost {address}: {exc}") from None
    finally:
        client.close()


def run_worker(address: str, processes: int) -> int:
    """Join this machine to the scheduler at ``address`` with ``processes`` worker processes of one
    thread each (Dask's ``dask worker``), until it is stopped (Ctrl-C); its exit status.

    Raises:
        SolverError: ``scheduler: ...`` when Dask is missing or the scheduler does not answer.
    """
    _distributed()
    address = check_address(address)
    host, port = address[len("tcp://") :].rsplit(":", 1)
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=CONNECT_SECONDS).close()
    except OSError as exc:
        raise SolverError(f"scheduler: cannot reach {address}: {exc.strerror or exc}") from None
    command = [sys.executable, "-m", "distributed.cli.dask_worker", address,
               "--nworkers", str(processes), "--nthreads", "1"]  # fmt: skip
    try:
        return subprocess.call(command)
    except KeyboardInterrupt:
        return 130
