"""A local best-score record for solo play, kept in a small JSON file.

The rulebooks' solo modes ask the player to beat their own best score; ``solver solo ... --record``
keeps that score per game and options (the backend is not part of the key: it plays the same
games). The file maps a key to the best result::

    {"kokoro players=1 side=blue decree=None pack=reference":
        {"score": 61, "agent": "mcts:time=0.5", "seed": 17, "date": "2026-11-29"}}

    >>> import tempfile, os
    >>> path = os.path.join(tempfile.mkdtemp(), "records.json")
    >>> update_record(path, "kokoro players=1", 50, "greedy", 3, "2026-11-29")
    (True, None)
    >>> update_record(path, "kokoro players=1", 40, "random", 4, "2026-11-29")[0]
    False
"""

from __future__ import annotations

import json
import os
from typing import Any

from solver.core.errors import SolverError


def default_path() -> str:
    """``$XDG_DATA_HOME/solver/records.json`` (``~/.local/share`` when the variable is unset)."""
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return os.path.join(base, "solver", "records.json")


def record_key(game: str, options: dict[str, Any]) -> str:
    """The key of a game with its options; the backend is left out (every backend plays alike)."""
    return " ".join([game] + [f"{k}={v}" for k, v in options.items() if k != "backend"])


def load_records(path: str) -> dict[str, Any]:
    """The records in ``path`` (none if the file does not exist yet).

    Raises:
        SolverError: ``record: ...`` when the file is not a JSON object.
    """
    if not os.path.exists(path):
        return {}
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except (OSError, ValueError) as exc:
        raise SolverError(f"record: cannot read {path}: {exc}") from None
    if not isinstance(data, dict):
        raise SolverError(f"record: {path} does not hold a JSON object of records")
    return data


def update_record(path: str, key: str, score: int, agent: str, seed: int, date: str) -> tuple[bool, Any]:
    """Keep ``score`` as the record of ``key`` if it beats the one in ``path``.

    Returns whether it is a new record, and the previous record (``None`` if there was none).

    Raises:
        SolverError: ``record: ...`` when the file cannot be read or written.
    """
    records = load_records(path)
    previous = records.get(key)
    if previous is not None and not (isinstance(previous, dict) and isinstance(previous.get("score"), int)):
        raise SolverError(f"record: {path}: the record of {key!r} has no integer score")
    if previous is not None and score <= previous["score"]:
        return False, previous
    records[key] = {"score": score, "agent": agent, "seed": seed, "date": date}
    try:
        os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
        with open(path, "w", encoding="utf-8") as f:
            json.dump(records, f, indent=1, ensure_ascii=False)
    except OSError as exc:
        raise SolverError(f"record: cannot write {path}: {exc.strerror or exc}") from None
    return True, previous
