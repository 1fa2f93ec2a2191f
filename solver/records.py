"""A local best-score record for solo play, kept in a small JSON file that is never lost.

The rulebooks' solo modes ask the player to beat their own best score; ``solver solo ... --record``
keeps that score per game and options (the backend is not part of the key: it plays the same
games). The file maps a key to the best result::

    {"kokoro players=1 side=blue decree=None pack=reference":
        {"score": 61, "agent": "mcts:time=0.5", "seed": 17, "date": "2026-11-29"}}

The file is read strictly (``solver.core.strict_json``) and written atomically: the new records go
to a temporary file beside it, which is flushed to disk and then renamed over the old one, so a
failure at any point (a full disk, a crash, Ctrl-C) leaves the old file byte for byte. A path that
is not a regular file (a FIFO, ``/dev/full``, a directory) is refused before anything is played.

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
import stat
import tempfile
from typing import Any

from solver.core.errors import RecordError
from solver.core.strict_json import join, load_file, records

_FIELDS = ("score", "agent", "seed", "date")


def default_path() -> str:
    """``$XDG_DATA_HOME/solver/records.json`` (``~/.local/share`` when the variable is unset)."""
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return os.path.join(base, "solver", "records.json")


def record_key(game: str, options: dict[str, Any]) -> str:
    """The key of a game with its options; the backend is left out (every backend plays alike)."""
    return " ".join([game] + [f"{k}={v}" for k, v in options.items() if k != "backend"])


def check_path(path: str, field: str = "record") -> str:
    """The file the records (or another output, named ``field``) live in, links followed, refused at
    once if it cannot be one.

    Raises:
        RecordError: ``<field>: ...`` when ``path`` exists and is not a regular file, or its folder
            is not a folder.
    """
    real = os.path.realpath(path)
    try:
        mode = os.stat(real).st_mode
    except FileNotFoundError:
        folder = os.path.dirname(real)
        if os.path.exists(folder) and not os.path.isdir(folder):
            raise RecordError(field, f"{folder} is not a folder") from None
        return real
    except OSError as exc:
        raise RecordError(field, f"cannot use {path}: {exc.strerror or exc}") from None
    if not stat.S_ISREG(mode):
        raise RecordError(field, f"{path} is not a regular file")
    return real


def load_records(path: str) -> dict[str, Any]:
    """The records in ``path`` (none if the file does not exist yet), each checked.

    Raises:
        RecordError: ``record: ...`` or ``<key>.<field>: ...`` when the file cannot be read or is not
            a JSON object of records.
    """
    real = check_path(path)
    if not os.path.exists(real):
        return {}
    data = load_file(real, records, "record")
    if type(data) is not dict:
        raise RecordError("record", f"{path} does not hold a JSON object of records")
    for key, entry in data.items():
        records.object(entry, key, _FIELDS, required=("score",))
        records.integer(entry["score"], join(key, "score"))
        if "seed" in entry:
            records.integer(entry["seed"], join(key, "seed"))
        for name in ("agent", "date"):
            if name in entry:
                records.string(entry[name], join(key, name))
    return data


def update_record(path: str, key: str, score: int, agent: str, seed: int, date: str) -> tuple[bool, Any]:
    """Keep ``score`` as the record of ``key`` if it beats the one in ``path``.

    Returns whether it is a new record, and the previous record (``None`` if there was none).

    Raises:
        RecordError: ``key: ...``, ``agent: ...`` or ``date: ...`` when that text could not be read
            back from the file (not a string, an unpaired surrogate, too long); ``record: ...`` when
            the file cannot be read or written. The old file is then left as it was.
    """
    for field, text in (("key", key), ("agent", agent), ("date", date)):
        records.string(text, field)
    real = check_path(path)
    data = load_records(real)
    previous = data.get(key)
    if previous is not None and score <= previous["score"]:
        return False, previous
    data[key] = {"score": score, "agent": agent, "seed": seed, "date": date}
    write_atomically(real, json.dumps(data, indent=1, ensure_ascii=False) + "\n")
    return True, previous


def write_atomically(path: str, content: str | bytes, field: str = "record") -> None:
    """Replace the file at ``path`` by ``content`` (text or bytes) in one step: all of it, or the old
    file untouched.

    Raises:
        RecordError: ``<field>: ...`` when the folder cannot be made, or the content cannot be
            written or renamed into place.
    """
    folder = os.path.dirname(os.path.abspath(path))
    temp = None
    try:
        os.makedirs(folder, exist_ok=True)
        fd, temp = tempfile.mkstemp(prefix=".records-", suffix=".tmp", dir=folder)
        with os.fdopen(fd, "wb") as handle:
            handle.write(content.encode("utf-8") if isinstance(content, str) else content)
            handle.flush()
            os.fsync(handle.fileno())
        if os.path.exists(path):
            os.chmod(temp, stat.S_IMODE(os.stat(path).st_mode))
        os.replace(temp, path)
        temp = None
    except OSError as exc:
        raise RecordError(field, f"cannot write {path}: {exc.strerror or exc}") from None
    finally:
        if temp is not None:
            try:
                os.unlink(temp)
            except OSError:
                pass

