"""A sweep: a plan's games played locally or on a cluster, kept in a results file as they finish.

``run_sweep`` picks where the games are played (``--jobs`` local processes, or a ``--scheduler``),
skips the games a results file already holds (``--resume``), appends each game to the file as it
comes back, and stops early when asked (an SPRT decision)::

    >>> from solver.sweep.jobs import Job
    >>> plan = [Job("kokoro", (("players", 1),), ("random",), (0,), seed) for seed in (1, 2, 3)]
    >>> results = run_sweep(plan, {"players": 1}, workers=1)
    >>> [results[job.key]["seed"] for job in plan]
    [1, 2, 3]
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

from solver.core.errors import RecordError
from solver.sweep.cluster import play_cluster
from solver.sweep.jobs import Job, result_key
from solver.sweep.local import play_local
from solver.sweep.results import ResultsFile


def run_sweep(
    plan: Sequence[Job],
    options: dict[str, Any],
    workers: int = 1,
    scheduler: str | None = None,
    out: str | None = None,
    resume: bool = False,
    on_result: Callable[[dict[str, Any]], bool] | None = None,
) -> dict[tuple[Any, ...], dict[str, Any]]:
    """Play ``plan`` and return every result by its job's key.

    ``options`` are the game's (``game.options()``): a results file of another game or other options
    is refused. With ``out`` every result is appended to that file as it finishes; with ``resume``
    its results of this plan are taken as they are and only the other games are played (lines of
    the same game that are not in the plan, such as another agent's, are left alone).
    ``on_result(result)`` is called for every result, the file's first in plan order, then each
    one as it comes; when it returns ``True`` the sweep stops (the games in play are dropped).

    Raises:
        SolverError: ``out: ...`` (see ``ResultsFile``), ``jobs: ...`` or ``scheduler: ...``.
    """
    results: dict[tuple[Any, ...], dict[str, Any]] = {}
    file = ResultsFile(out, resume) if out else None
    try:
        if file is not None:
            results = _previous(file, plan, options)
        stop = on_result is not None and any(
            on_result(results[j.key]) for j in plan if j.key in results
        )
        todo = [job for job in plan if job.key not in results]
        if stop or not todo:
            return results
        games = play_cluster(todo, scheduler) if scheduler else play_local(todo, workers)
        try:
            for result in games:
                results[result_key(result)] = result
                if file is not None:
                    file.append(result)
                if on_result is not None and on_result(result):
                    break
        finally:
            games.close()
        return results
    finally:
        if file is not None:
            file.close()


def _previous(
    file: ResultsFile, plan: Sequence[Job], options: dict[str, Any]
) -> dict[tuple[Any, ...], dict[str, Any]]:
    """The results in ``file`` of the plan's games (the first of a game given twice)."""
    keys = {job.key for job in plan}
    game, options = plan[0].game if plan else "", json.loads(json.dumps(options))
    found: dict[tuple[Any, ...], dict[str, Any]] = {}
    for number, result in enumerate(file.previous, 1):
        if (result["game"], result["options"]) != (game, options):
            theirs = f"{result['game']} {result['options']}"
            raise RecordError(
                "out",
                f"line {number} of {file.path} is a game of {theirs}, not of this sweep"
                f" ({game} {options})",
            )
        key = result_key(result)
        if key in keys:
            found.setdefault(key, result)
    return found
